//! Hostile inputs (long runs of one unit: slashes, dot-segments, percent-encodings, brackets,
//! ...) and the operations run on them: shared by tests/hostile.rs (every operation finishes
//! on every 1 MB input, and the results hold their invariants) and benches/linearity.rs (the
//! cost of 1 MB against 100 kB: linear time, measured where speed is measured).

use std::fmt::Write as _;
use urilex::UriRef;

/// `unit` repeated to `len` bytes (whole units), after `prefix`.
pub fn repeat(prefix: &str, unit: &str, len: usize) -> String {
    let mut s = String::with_capacity(prefix.len() + len + unit.len());
    s.push_str(prefix);
    while s.len() < prefix.len() + len {
        s.push_str(unit);
    }
    s
}

/// The hostile families: (name, prefix, repeated unit, suffix).
pub const FAMILIES: &[(&str, &str, &str, &str)] = &[
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
    // For the crawler keys: decoding to a fixed point, session ids, sorting, dot runs.
    ("percent-25-nested", "%", "25", "41"),
    ("cfid-session-ids", "http://h/?", "cfid=", "1&cftoken=2"),
    (
        "sid-session-ids",
        "http://h/?",
        "sid=",
        "0123456789abcdef0123456789abcdef",
    ),
    (
        "aspx-session-path",
        "http://h",
        "/(a(abcdefghijklmnopqrstuvwx))",
        "/x.aspx",
    ),
    ("query-arguments", "http://h/?", "b=1&a&", "c"),
    ("host-dot-runs", "http://", "a..", "/"),
];

/// The operations run on them; `out` is a reused output buffer.
pub type Op = fn(&str, &mut String);
pub const OPS: &[(&str, Op)] = &[
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
    ("whatwg", |s, _| {
        // Alone, and against a base (a relative reference runs most of the states).
        #[cfg(feature = "whatwg")]
        std::hint::black_box((
            urilex::whatwg::Url::parse(s, None).is_ok(),
            urilex::whatwg::Url::parse(s, Some("http://a/b/c")).map_or(0, |u| u.href().len()),
        ));
        let _ = s;
    }),
    ("canon", |s, out| {
        // Every key: SURT (into the reused buffer), Safe Browsing, the registrable domain.
        #[cfg(feature = "canon")]
        {
            out.clear();
            let surt = urilex::canon::surt_into(s, &Default::default(), out).is_ok();
            std::hint::black_box((
                surt,
                urilex::canon::safe_browsing(s).map_or(0, |k| k.len()),
                urilex::canon::registrable_domain(s),
            ));
        }
        let _ = (s, out);
    }),
    ("redacted+rare_ipv4", |s, out| {
        if let Ok(u) = UriRef::parse(s) {
            out.clear();
            let _ = write!(out, "{}", u.redacted());
            std::hint::black_box((out.len(), u.rare_ipv4_host()));
        }
    }),
];
