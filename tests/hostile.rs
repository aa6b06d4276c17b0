//! Hostile input (issue 8, item 4) and fuzz regressions.
//!
//! - Each hostile input (empty, 1 MB of "/", 1 MB of "../", 100k "%", runs of "[", NUL and
//!   control bytes, invalid UTF-8, a reference exactly `u32::MAX` bytes long) parses or fails
//!   with the error kind and index that the reference recognizer (tests/support/reference.rs,
//!   written from RFC 3986 Appendix A) gives, and passes every invariant the fuzz targets check.
//! - Cost grows linearly: a 1 MB input costs at most 15× a 100 kB one, for every operation.
//! - Every seed and every regression file under fuzz/ replays through its fuzz target's
//!   checks (fuzz/src/targets.rs), so a finding checked in there is a test.

#[allow(dead_code)]
mod support;

// The fuzz crate's checks, as modules of this test crate (targets.rs says `crate::...`).
#[allow(dead_code)]
#[path = "../fuzz/src/invariants.rs"]
mod invariants;
#[allow(dead_code)]
#[path = "../fuzz/src/peers.rs"]
mod peers;
#[allow(dead_code)]
#[path = "../fuzz/src/targets.rs"]
mod targets;

use std::fmt::Write as _;
use std::path::Path;
use std::time::{Duration, Instant};

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

/// `unit` repeated to `len` bytes (whole units), after `prefix`.
fn repeat(prefix: &str, unit: &str, len: usize) -> String {
    let mut s = String::with_capacity(prefix.len() + len + unit.len());
    s.push_str(prefix);
    while s.len() < prefix.len() + len {
        s.push_str(unit);
    }
    s
}

/// The hostile families: (name, prefix, repeated unit, suffix).
const FAMILIES: &[(&str, &str, &str, &str)] = &[
    ("slashes", "", "/", ""),
    ("dot-dot-slash", "", "../", ""),
    ("dot-slash", "", "./", ""),
    ("percent", "", "%", ""),
    ("percent-hex", "", "%41", ""),
    ("brackets", "", "[", ""),
    ("brackets-after-authority", "//", "[", ""),
    ("ipv6-groups", "//[", "1:", "]"),
    ("ipv6-unclosed", "//[", "::", ""),
    ("colons-in-authority", "//", ":", ""),
    ("port-or-userinfo", "//a:", "1", "x"),
    ("userinfo-at-the-end", "//", "a:1", "@h"),
    ("at-signs", "//", "@", ""),
    ("long-scheme", "a", "+", ":"),
    ("scheme-like-path", "", "a", ":b"),
    ("dot-segments-in-uri", "http://h", "/a/..", "/"),
    ("long-query", "?", "a/?", ""),
    ("long-fragment", "#", "?#", ""),
    ("long-host", "//", "a.", ""),
    ("long-port", "//h:", "9", "/"),
    ("digits-host", "http://", "1.", "/"),
    ("password", "//u:", "p", "@h/"),
];

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
// Linear time
// ---------------------------------------------------------------------------------------------

/// CPU time this thread has run (Linux: the first field of /proc/thread-self/schedstat, in
/// nanoseconds). Other processes on a busy machine delay this thread but do not add to its
/// CPU time, as they add to wall time. Elsewhere, wall time since the first call.
fn cpu_now() -> Duration {
    static START: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse::<u64>().ok())
        .map(Duration::from_nanos)
        .unwrap_or_else(|| START.get_or_init(Instant::now).elapsed())
}

/// The CPU cost of one call on `small` and on `large`: batches long enough to measure (≥ 20 ms
/// of CPU time, well above the scheduler tick at which the kernel updates the count), measured
/// alternately, the cheapest of 5 each.
fn cost_pair(small: &str, large: &str, mut f: impl FnMut(&str)) -> (Duration, Duration) {
    let batch = |s: &str, f: &mut dyn FnMut(&str)| {
        let mut n = 1u32;
        while n < 1 << 20 {
            let t = cpu_now();
            for _ in 0..n {
                f(s);
            }
            if cpu_now() - t >= Duration::from_millis(20) {
                break;
            }
            n *= 2;
        }
        n
    };
    let (ns, nl) = (batch(small, &mut f), batch(large, &mut f));
    let time = |s: &str, n: u32, f: &mut dyn FnMut(&str)| {
        let t = cpu_now();
        for _ in 0..n {
            f(s);
        }
        (cpu_now() - t) / n
    };
    let (mut a, mut b) = (Duration::MAX, Duration::MAX);
    for _ in 0..5 {
        a = a.min(time(small, ns, &mut f));
        b = b.min(time(large, nl, &mut f));
    }
    (a, b)
}

/// For every hostile family and every operation, a 1 MB input costs at most 30× a 100 kB one
/// (linear is 10×; quadratic would be 100×: the bound sits far from both). Operations: parse, the byte API, normalization
/// written into a reused buffer, normalized_eq, percent-decoding, resolution (the input as
/// reference, and as base), extraction from text and HTML (feature `extract`), redaction, the
/// rare-IPv4 check.
///
/// CPU time of this thread, not wall time (a loaded machine delays the test but does not make
/// it fail): both sizes measured alternately, the cheapest of 5 batches counts, and a pair is
/// measured up to three times; a real superlinear cost fails every attempt.
#[test]
fn cost_grows_linearly() {
    let _heavy = heavy();
    let mut failures = Vec::new();
    let mut report = String::new();
    let mut out = String::new();
    for &(name, prefix, unit, suffix) in FAMILIES {
        let small = repeat(prefix, unit, 100_000) + suffix;
        let large = repeat(prefix, unit, 1_000_000) + suffix;
        let bound = 30.0;
        for (op, f) in OPS {
            // A real superlinear cost fails every attempt; noise rarely fails three.
            let mut worst = String::new();
            let passed = (0..3).any(|_| {
                let (a, b) = cost_pair(&small, &large, |s| f(s, &mut out));
                // Below a microsecond the call did not read the input (an early error).
                let ratio = b.as_secs_f64() / a.as_secs_f64().max(1e-6);
                worst = format!(
                    "{name}/{op}: 100 kB {a:?}, 1 MB {b:?} ({ratio:.1}x, bound {bound:.1}x)"
                );
                ratio <= bound
            });
            let _ = writeln!(report, "{worst}");
            if !passed {
                failures.push(worst);
            }
        }
    }
    if std::env::var_os("URILEX_COST_REPORT").is_some() {
        eprintln!("{report}");
    }
    assert!(failures.is_empty(), "superlinear:\n{}", failures.join("\n"));
}

/// The operations timed by `cost_grows_linearly`; `out` is a reused output buffer.
type Op = fn(&str, &mut String);
const OPS: &[(&str, Op)] = &[
    ("parse", |s, _| {
        std::hint::black_box(UriRef::parse(s).is_ok());
    }),
    ("parse_bytes", |s, _| {
        std::hint::black_box(UriRef::parse_bytes(s.as_bytes()).is_ok());
    }),
    ("normalized", |s, out| {
        if let Ok(u) = UriRef::parse(s) {
            out.clear();
            let _ = write!(out, "{}", u.normalized());
            std::hint::black_box(out.len());
        }
    }),
    ("normalized_eq", |s, _| {
        if let Ok(u) = UriRef::parse(s) {
            std::hint::black_box(u.normalized_eq(&u));
        }
    }),
    ("pct::decode", |s, _| {
        std::hint::black_box(urilex::pct::decode(s).count());
    }),
    ("resolve", |s, out| {
        // The hostile text as the reference, and as the base's path.
        let base = UriRef::parse("http://a/b/c/d;p?q").unwrap();
        if let Ok(r) = UriRef::parse(s) {
            out.clear();
            let _ = r.resolve(&base).map(|t| write!(out, "{t}"));
            if let Ok(t) = base.resolve(&r) {
                let _ = write!(out, "{t}");
            }
            std::hint::black_box(out.len());
        }
    }),
    ("extract", |s, _| {
        #[cfg(feature = "extract")]
        std::hint::black_box(urilex::extract::extract(s).count());
        #[cfg(feature = "extract")]
        std::hint::black_box(urilex::extract::extract_html(s).count());
        let _ = s;
    }),
    ("redacted+rare_ipv4", |s, out| {
        if let Ok(u) = UriRef::parse(s) {
            out.clear();
            let _ = write!(out, "{}", u.redacted());
            std::hint::black_box((out.len(), u.rare_ipv4_host()));
        }
    }),
];
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
