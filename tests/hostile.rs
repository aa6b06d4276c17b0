//! Hostile input (issue 8, item 4) and fuzz regressions.
//!
//! - Each hostile input (empty, 1 MB of "/", 1 MB of "../", 100k "%", runs of "[", NUL and
//!   control bytes, invalid UTF-8, a reference exactly `u32::MAX` bytes long) parses or fails
//!   with the error kind and index that the reference recognizer (tests/support/reference.rs,
//!   written from RFC 3986 Appendix A) gives, and passes every invariant the fuzz targets check.
//! - Every operation finishes on the 1 MB input of every family (a quadratic one would not
//!   finish within a CI run); how the cost grows from 100 kB to 1 MB is measured, not asserted
//!   (benches/linearity.rs, which scripts/bench.sh runs): no test reads the clock.
//! - Every seed and every regression file under fuzz/ replays through its fuzz target's
//!   checks (fuzz/src/targets.rs), so a finding checked in there is a test.

#[allow(dead_code)]
mod support;

// The fuzz crate's checks, as modules of this test crate (targets.rs says `crate::...`).
#[allow(dead_code)]
#[path = "../fuzz/src/cpeers.rs"]
mod cpeers;
#[allow(dead_code)]
#[path = "../fuzz/src/invariants.rs"]
mod invariants;
#[allow(dead_code)]
#[path = "../fuzz/src/peers.rs"]
mod peers;
#[allow(dead_code)]
#[path = "../fuzz/src/targets.rs"]
mod targets;

use std::path::Path;

use support::hostile_inputs::{repeat, FAMILIES, OPS};
use support::reference::{self, Rule};
use urilex::{Component, ErrorKind, UriRef};

const MB: usize = 1 << 20;

/// Tests that use much memory or time their work hold this, so that they do not run at the same
/// time (the test harness runs tests in parallel): the timing must not measure the others.
static HEAVY: std::sync::Mutex<()> = std::sync::Mutex::new(());

fn heavy() -> std::sync::MutexGuard<'static, ()> {
    HEAVY
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Expected parse result by the reference recognizer: `Ok(())` or `Err(index)`. The reference
/// explores every derivation, so it is run on a prefix-preserving short form of the input.
fn reference_index(s: &str) -> Result<(), usize> {
    reference::parse(s, Rule::UriReference).map(|_| ())
}

/// Our result as `Ok(())` or `Err(index)`, after checking every parse invariant.
fn ours(s: &str) -> Result<(), usize> {
    if let Err(e) = invariants::check_parse(s) {
        panic!("{e}\ninput (first 80 bytes): {:?}", &s[..s.len().min(80)]);
    }
    if let Err(e) = invariants::check_normalize(s) {
        panic!("{e}\ninput (first 80 bytes): {:?}", &s[..s.len().min(80)]);
    }
    UriRef::parse(s).map(|_| ()).map_err(|e| e.index())
}

/// Our index where the reference's longest viable prefix is `reference`: the same, except
/// for an invalid IPv6 literal, which `ErrorKind::InvalidIpv6` reports at its first byte
/// (after `[`), before the point where it stopped being viable.
fn expected_index(s: &str, kind: ErrorKind, reference: usize) -> usize {
    if kind == ErrorKind::InvalidIpv6 {
        if let Some(open) = s[..reference.min(s.len())].rfind('[') {
            return open + 1;
        }
    }
    reference
}

/// Each family at 1 kB agrees with the reference recognizer (validity and error index), and at
/// 1 MB gives the same answer, its error index moved by the length when it was at the end.
#[test]
fn hostile_families_match_the_reference() {
    let _heavy = heavy();
    for &(name, prefix, unit, suffix) in FAMILIES {
        let short = repeat(prefix, unit, 1000) + suffix;
        let long = repeat(prefix, unit, MB) + suffix;
        let want = reference_index(&short);
        let (got, got_long) = (ours(&short), ours(&long));
        match (want, UriRef::parse(&short)) {
            (Ok(()), _) => assert_eq!((got, got_long), (Ok(()), Ok(())), "{name}"),
            (Err(i), Err(e)) => {
                let i = expected_index(&short, e.kind(), i);
                assert_eq!(got, Err(i), "{name} (1 kB)");
                // An index in the repeated part or at the end moves with the length.
                let moved = if i > prefix.len() + unit.len() {
                    i - short.len() + long.len()
                } else {
                    i
                };
                assert_eq!(got_long, Err(moved), "{name} (1 MB)");
                assert_eq!(
                    UriRef::parse(&long).map_err(|e| e.kind()),
                    Err(e.kind()),
                    "{name}"
                );
            }
            (Err(i), Ok(_)) => panic!("{name}: accepted, the reference refuses at {i}"),
        }
    }
}

#[test]
fn empty_input() {
    assert!(
        UriRef::parse("").is_ok(),
        "RFC 3986 §4.2: relative-ref may be empty"
    );
    assert_eq!(UriRef::parse("").map(|u| u.path()), Ok(""));
    for e in [
        UriRef::parse_uri("").unwrap_err(),
        UriRef::parse_absolute("").unwrap_err(),
    ] {
        assert_eq!((e.kind(), e.index()), (ErrorKind::MissingScheme, 0));
    }
    assert_eq!(UriRef::parse_bytes(b"").map(|u| u.as_str()), Ok(""));
}

/// The named inputs, with the kinds the RFC grammar implies.
#[test]
fn named_hostile_inputs() {
    let _heavy = heavy();
    // 1 MB of "/": "//" opens an empty authority (§3.2), the rest is path-abempty.
    let s = "/".repeat(MB);
    let u = UriRef::parse(&s).unwrap();
    assert_eq!((u.host(), u.path().len()), (Some(""), MB - 2));
    // 1 MB of "../": a relative path (§4.2), unchanged by parsing.
    let s = "../".repeat(MB / 3);
    assert_eq!(UriRef::parse(&s).map(|u| u.path().len()), Ok(s.len()));
    // 100k "%": '%' must be followed by two HEXDIG (§2.1): wrong at byte 1.
    let e = UriRef::parse(&"%".repeat(100_000)).unwrap_err();
    assert_eq!(
        (e.kind(), e.index()),
        (ErrorKind::InvalidPercentEncoding, 1)
    );
    // A run of "[": not allowed in a path (§3.3), so wrong at byte 0.
    let e = UriRef::parse(&"[".repeat(100_000)).unwrap_err();
    assert_eq!(
        (e.kind(), e.index(), e.found()),
        (ErrorKind::InvalidChar, 0, Some('['))
    );
}

/// Every C0 control byte and DEL, at every position of a reference with all components:
/// an invalid character at exactly that index (no rule of Appendix A allows one), named in
/// the message.
#[test]
fn control_bytes_anywhere() {
    let base = "http://u:p@[::1]:80/a/b?q=1#f";
    for c in (0u8..0x20).chain([0x7f]) {
        for i in 0..=base.len() {
            let mut s = base.to_string();
            s.insert(i, c as char);
            let e = UriRef::parse(&s).unwrap_err();
            assert_eq!(Err(e.index()), reference_index(&s), "{s:?}");
            assert!(e.index() <= i, "{s:?}: error after the control byte");
            if e.index() == i {
                assert_eq!(e.found(), Some(c as char), "{s:?}");
                assert!(e.to_string().contains(&format!("at byte {i}")), "{e}");
            }
            assert_eq!(UriRef::parse_bytes(s.as_bytes()), Err(e));
        }
    }
}

/// Invalid UTF-8 through the byte API: the error is at the first invalid byte (RFC 3986 is
/// ASCII-only, §2), unless the text goes wrong before it; valid non-ASCII UTF-8 is refused
/// the same way, naming the character.
#[test]
fn invalid_utf8_through_the_byte_api() {
    let invalid: &[&[u8]] = &[
        b"\xff",
        b"\x80",
        b"\xc3(",
        b"\xc0\xaf",     // overlong "/"
        b"\xed\xa0\x80", // a UTF-16 surrogate
        b"\xf4\x90\x80\x80",
        b"\xe2\x82", // truncated
    ];
    let base = b"http://u@h:1/p?q#f";
    for bad in invalid {
        for i in 0..=base.len() {
            let mut s = base[..i].to_vec();
            s.extend_from_slice(bad);
            s.extend_from_slice(&base[i..]);
            let e = UriRef::parse_bytes(&s).unwrap_err();
            // What the parser says for a valid non-ASCII character in the same place.
            let mut text = String::from_utf8_lossy(&base[..i]).into_owned();
            text.push('é');
            text.push_str(std::str::from_utf8(&base[i..]).unwrap());
            let as_text = UriRef::parse(&text).unwrap_err();
            assert_eq!(
                (e.kind(), e.index(), e.component()),
                (as_text.kind(), as_text.index(), as_text.component()),
                "{s:?}"
            );
            assert_eq!(Err(e.index()), reference_index(&text), "{s:?}");
            if e.index() == i {
                assert_eq!(e.found(), None, "{s:?}: an invalid byte is no character");
            }
            invariants::check_bytes(&s).unwrap();
        }
    }
    let e = UriRef::parse_bytes("http://h/é".as_bytes()).unwrap_err();
    assert_eq!(
        (e.kind(), e.index(), e.found()),
        (ErrorKind::InvalidChar, 9, Some('é'))
    );
}

/// Offsets are `u32`: a reference of exactly `u32::MAX` bytes is the longest accepted, and its
/// last components sit at offsets that only just fit. (Allocates 4 GiB once, like
/// tests/core.rs's refusal test; pages are written once and the input is scanned twice.)
#[test]
fn offsets_near_u32_max() {
    let _heavy = heavy();
    let len = u32::MAX as usize;
    let mut bytes = vec![b'/'; len];
    bytes[..8].copy_from_slice(b"s://h:1/");
    bytes[len - 4..].copy_from_slice(b"?q#f");
    let text = String::from_utf8(bytes).unwrap();
    let u = UriRef::parse(&text).unwrap();
    assert_eq!(u.span(Component::Query), Some(len - 3..len - 2));
    assert_eq!(u.span(Component::Fragment), Some(len - 1..len));
    assert_eq!(u.path().len(), len - 4 - 7);
    assert_eq!(u.port_u16(), Some(1));
    // An error at the very last byte keeps its exact index.
    let mut bytes = text.into_bytes();
    bytes[len - 1] = b' ';
    let text = String::from_utf8(bytes).unwrap();
    let e = UriRef::parse(&text).unwrap_err();
    assert_eq!((e.kind(), e.index()), (ErrorKind::InvalidChar, len - 1));
    assert_eq!(e.component(), Component::Fragment);
}

// ---------------------------------------------------------------------------------------------
// Linear time: every operation finishes on every 1 MB hostile input (a quadratic one would
// not finish within the CI run). How the cost grows, 100 kB against 1 MB, is measured by
// benches/linearity.rs (scripts/bench.sh), not asserted here: no test reads the clock.
// ---------------------------------------------------------------------------------------------

/// Every operation of `OPS` on the 1 MB input of every family, once.
#[test]
fn every_operation_finishes_on_a_megabyte() {
    let _heavy = heavy();
    let mut out = String::new();
    let mut runs = 0;
    for &(_, prefix, unit, suffix) in FAMILIES {
        let large = repeat(prefix, unit, 1_000_000) + suffix;
        for (_, f) in OPS {
            f(&large, &mut out);
            runs += 1;
        }
    }
    assert_eq!(runs, FAMILIES.len() * OPS.len());
}

// ---------------------------------------------------------------------------------------------
// Fuzz seeds and regressions
// ---------------------------------------------------------------------------------------------

/// Every file in fuzz/seeds/<target>/ and fuzz/regressions/<target>/ passes its target's
/// checks. A fuzz finding is checked in under fuzz/regressions/<target>/ with a name that says
/// what it found.
#[test]
fn fuzz_seeds_and_regressions_replay() {
    let mut count = 0;
    for dir in ["fuzz/seeds", "fuzz/regressions"] {
        for &(target, check) in targets::ALL {
            let path = Path::new(dir).join(target);
            let Ok(entries) = std::fs::read_dir(&path) else {
                continue;
            };
            for entry in entries {
                let file = entry.unwrap().path();
                let data = std::fs::read(&file).unwrap();
                if let Err(e) = check(&data) {
                    panic!("{}: {e}", file.display());
                }
                count += 1;
            }
        }
    }
    assert!(count >= 200, "only {count} seed and regression files");
}

/// The findings so far, spelled out (each is also a file under fuzz/regressions/).
#[test]
fn fuzz_findings() {
    // uribuf: a removal refused because of the path ("urn:a:b" without its scheme would read
    // "a:" as a scheme, §4.2) reports its index in the path, not in a value: the invariant
    // was wrong, not the library. The refusal itself is right.
    let mut buf = urilex::UriBuf::parse("urn:a:b").unwrap();
    let e = buf.remove_scheme().unwrap_err();
    assert_eq!((e.component(), e.index()), (Component::Path, 1));
    assert_eq!(buf.as_str(), "urn:a:b");
}
