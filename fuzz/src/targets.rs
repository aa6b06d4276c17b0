//! One function per fuzz target: what the target does with the fuzzer's bytes. The targets in
//! fuzz_targets/ call these, and tests/hostile.rs replays the seeds and every regression
//! file through them, so a finding checked in under fuzz/regressions/<target>/ is a test.

use crate::invariants::{self, Edit};
use crate::peers;

/// What a target does with one input: `Err` describes a broken invariant.
pub type Check = fn(&[u8]) -> Result<(), String>;

/// The targets, by name (the file names in fuzz_targets/).
pub const ALL: &[(&str, Check)] = &[
    ("parse", parse),
    ("differential", differential),
    ("normalize", normalize),
    ("pct", pct),
    ("uribuf", uribuf),
    ("resolve", resolve),
    ("extract", extract),
];

/// Any bytes through the byte API; text through every parse invariant.
pub fn parse(data: &[u8]) -> Result<(), String> {
    invariants::check_bytes(data)
}

/// Text through urilex, fluent-uri and iri-string: parsing of both halves (split at the first
/// NUL), resolution of the second against the first, normalization of the first.
pub fn differential(data: &[u8]) -> Result<(), String> {
    let Ok(s) = std::str::from_utf8(data) else {
        return Ok(());
    };
    let (base, reference) = s.split_once('\0').unwrap_or((s, s));
    peers::compare_parse(base)?;
    peers::compare_parse(reference)?;
    peers::compare_resolve(base, reference)?;
    peers::compare_normalize(base).map(|_| ())
}

/// A base and a reference (split at the first NUL): the resolved output parses, with the
/// components the `Resolved` view reports, in every mode; see `invariants::check_resolve`.
pub fn resolve(data: &[u8]) -> Result<(), String> {
    let Ok(s) = std::str::from_utf8(data) else {
        return Ok(());
    };
    let (base, reference) = s.split_once('\0').unwrap_or((s, s));
    invariants::check_resolve(base, reference)
}

/// One or two references (split at the first NUL): normalization invariants and
/// `normalized_eq` against string equality.
pub fn normalize(data: &[u8]) -> Result<(), String> {
    let Ok(s) = std::str::from_utf8(data) else {
        return Ok(());
    };
    let (a, b) = s.split_once('\0').unwrap_or((s, s));
    invariants::check_normalize(a)?;
    invariants::check_normalize(b)?;
    invariants::check_normalized_eq(a, b)
}

/// Any bytes, encoded for each component and decoded back.
pub fn pct(data: &[u8]) -> Result<(), String> {
    for c in urilex::Component::ALL {
        invariants::check_pct(data, c)?;
    }
    Ok(())
}

/// A starting reference (up to the first NUL), then NUL-separated edits (opcode byte, value).
pub fn uribuf(data: &[u8]) -> Result<(), String> {
    let (start, rest) = match data.iter().position(|&b| b == 0) {
        Some(i) => (&data[..i], &data[i + 1..]),
        None => (data, &[][..]),
    };
    let start = String::from_utf8_lossy(start);
    invariants::check_uribuf(&start, &Edit::list(rest))
}

/// Any bytes as text and as HTML: every match is where it says and parses as what it says.
/// (Without the `extract` feature, as in a plain `cargo test`, there is nothing to check.)
pub fn extract(data: &[u8]) -> Result<(), String> {
    #[cfg(feature = "extract")]
    return invariants::check_extract(data);
    #[cfg(not(feature = "extract"))]
    return Ok(drop(data));
}
