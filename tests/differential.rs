//! urilex against independent RFC 3986 implementations: validity and every component on every
//! conformance string and every corpus line, and on random strings.
//!
//! - fluent-uri 0.4 and iri-string 0.7 (Rust), whose comparison code is shared with the
//!   `differential` fuzz target (fuzz/src/peers.rs), so a fuzz finding replays here; also
//!   resolution and normalization. Every disagreement is either fixed or documented in
//!   `peers::KNOWN` with the RFC section that decides it; `documented_differences` pins each.
//! - uriparser 0.9 (C) and Boost.URL 1.81 (C++), through the shims of the benchmarks
//!   (benches/cpeers), when their Debian packages are installed (`liburiparser-dev`,
//!   `libboost-url1.81-dev`): without them these tests say so and pass, unless
//!   `URILEX_REQUIRE_CPEERS` is set, as CI sets it (.ci/run installs them). Their documented
//!   differences are [`C_KNOWN`]; `c_documented_differences` pins each.

#[allow(dead_code)]
mod support;

#[allow(dead_code)]
#[path = "../fuzz/src/peers.rs"]
mod peers;

use proptest::prelude::*;
use support::data;
use urilex_cpeers::Parts as CParts;

#[test]
fn conformance_and_corpora_agree_with_peers() {
    let mut inputs = data::all_conformance_strings();
    inputs.extend(data::corpus_lines().into_iter().map(|(_, l)| l));
    let mut failures = Vec::new();
    let mut valid = 0;
    for s in &inputs {
        if peers::ours(s).is_some() {
            valid += 1;
        }
        if let Err(e) = peers::compare_parse(s) {
            failures.push(e);
        }
    }
    assert!(inputs.len() > 100_000, "{} inputs", inputs.len());
    assert!(valid > 100_000, "{valid} valid");
    let what = format!("undocumented disagreements of {} inputs", inputs.len());
    support::assert_no_failures(&failures, &what);
}

/// A documented difference with a C or C++ peer: which, how to recognize it from both answers
/// (`None` for a refusal), and why urilex's answer is RFC 3986's (the section, and the peer's
/// own report of its bug).
struct CKnown {
    peer: &'static str,
    applies: fn(&str, Option<&CParts>, Option<&CParts>) -> bool,
    why: &'static str,
}

/// Boost.URL 1.81 ends an authority where its rules stop matching and reads the rest as a
/// path (`http://example.com:80ab`: the host "example.com", the port "80", the path "ab"),
/// which §3.3 forbids: "If a URI contains an authority component, then the path
/// component must either be empty or begin with a slash". Fixed after 1.81 (boostorg/url#636,
/// #680). Recognized by Boost.URL's answer alone: an authority, and a path that is not empty
/// and does not begin with '/', an answer no RFC 3986 parser may give.
const BOOST_PATH_AFTER_AUTHORITY: CKnown = CKnown {
    peer: "Boost.URL",
    applies: |_, _, theirs| {
        theirs.is_some_and(|t| t.host.is_some() && !t.path.is_empty() && !t.path.starts_with('/'))
    },
    why: "§3.3: a path after an authority is empty or begins with '/' (boostorg/url#636, #680)",
};

/// Boost.URL 1.81 refuses an IPvFuture whose "v" is a capital: ABNF's quoted strings are
/// case-insensitive (RFC 2234 §2.3, which §1.3 cites), and §3.2.2 says it again ("starts with
/// \"v\" (case-insensitive)").
const BOOST_IPVFUTURE_CAPITAL_V: CKnown = CKnown {
    peer: "Boost.URL",
    applies: |s, ours, theirs| {
        theirs.is_none()
            && ours.is_some_and(|o| o.host_kind == Some("ipvfuture"))
            && s.contains("[V")
    },
    why: "§3.2.2: the \"v\" of IPvFuture is case-insensitive",
};

/// Every documented difference with uriparser and Boost.URL (none with uriparser).
const C_KNOWN: &[CKnown] = &[BOOST_PATH_AFTER_AUTHORITY, BOOST_IPVFUTURE_CAPITAL_V];

/// urilex's answer in the shims' terms.
fn ours_c(s: &str) -> Option<CParts> {
    let p = peers::ours(s)?;
    Some(CParts {
        scheme: p.scheme,
        userinfo: p.userinfo,
        host: p.host,
        port: p.port,
        path: p.path,
        query: p.query,
        fragment: p.fragment,
        host_kind: p.host_kind,
    })
}

/// A C or C++ peer: its name, and its answer (`Some(None)` a refusal, `None` not installed).
type CPeer = (&'static str, fn(&str) -> Option<Option<CParts>>);

/// The C and C++ peers installed; none (and a note) where they are not, or a failure where
/// `URILEX_REQUIRE_CPEERS` says they must be.
fn c_peers() -> &'static [CPeer] {
    static FOUND: std::sync::OnceLock<Vec<CPeer>> = std::sync::OnceLock::new();
    FOUND.get_or_init(|| {
        let all: [CPeer; 2] = [
            ("uriparser", urilex_cpeers::uriparser_parts),
            ("Boost.URL", urilex_cpeers::boost_url_parts),
        ];
        let required = std::env::var_os("URILEX_REQUIRE_CPEERS").is_some();
        let (found, missing): (Vec<CPeer>, Vec<CPeer>) =
            all.into_iter().partition(|(_, parts)| parts("").is_some());
        for (name, _) in &missing {
            assert!(
                !required,
                "{name} was not installed when urilex-cpeers was built (liburiparser-dev, \
                 libboost-url1.81-dev), and URILEX_REQUIRE_CPEERS is set"
            );
            eprintln!("{name} not installed when urilex-cpeers was built: not compared");
        }
        found
    })
}

/// Compares urilex with one C or C++ peer on `s`: `Ok(Some(why))` for a documented
/// difference, `Err` for an undocumented one.
fn compare_c(peer: &str, theirs: Option<CParts>, s: &str) -> Result<Option<&'static str>, String> {
    let ours = ours_c(s);
    if ours == theirs {
        return Ok(None);
    }
    match C_KNOWN
        .iter()
        .find(|k| k.peer == peer && (k.applies)(s, ours.as_ref(), theirs.as_ref()))
    {
        Some(k) => Ok(Some(k.why)),
        None => Err(format!("{s:?}: urilex {ours:?}\n  {peer} {theirs:?}")),
    }
}

#[test]
fn conformance_and_corpora_agree_with_c_peers() {
    let mut inputs = data::all_conformance_strings();
    inputs.extend(data::corpus_lines().into_iter().map(|(_, l)| l));
    for &(peer, parts) in c_peers() {
        let (mut failures, mut known) = (Vec::new(), std::collections::BTreeMap::new());
        for s in &inputs {
            match compare_c(peer, parts(s).flatten(), s) {
                Ok(Some(why)) => *known.entry(why).or_insert(0) += 1,
                Ok(None) => {}
                Err(e) => failures.push(e),
            }
        }
        eprintln!(
            "{peer}: {} inputs; documented differences: {known:?}",
            inputs.len()
        );
        assert!(inputs.len() > 100_000, "{} inputs", inputs.len());
        support::assert_no_failures(
            &failures,
            &format!("undocumented disagreements with {peer}"),
        );
    }
}

/// Each documented difference with the C and C++ peers, pinned with what each side says: if
/// a peer changes its answer, this fails and [`C_KNOWN`] must be revisited.
#[test]
fn c_documented_differences() {
    for &(peer, parts) in c_peers() {
        if peer != "Boost.URL" {
            continue; // uriparser: none
        }
        let parts = |s| parts(s).flatten();
        for (s, host, port, path) in [
            ("http://example.com:80ab", "example.com", Some("80"), "ab"),
            ("//foo:a", "foo", Some(""), "a"),
            ("http://1.2.3.4.5", "1.2.3.4", None, ".5"),
        ] {
            assert_ne!(ours_c(s).and_then(|o| o.host).as_deref(), Some(host), "{s}");
            let theirs = parts(s).unwrap();
            assert_eq!(
                (theirs.host.as_deref(), theirs.port.as_deref()),
                (Some(host), port),
                "{s}"
            );
            assert_eq!(theirs.path, path, "{s}");
            assert_eq!(
                compare_c(peer, Some(theirs), s),
                Ok(Some(BOOST_PATH_AFTER_AUTHORITY.why))
            );
        }
        let s = "http://[V0.a]";
        assert_eq!(ours_c(s).unwrap().host_kind, Some("ipvfuture"));
        assert_eq!(parts(s), None);
        assert_eq!(
            compare_c(peer, None, s),
            Ok(Some(BOOST_IPVFUTURE_CAPITAL_V.why))
        );
    }
}

/// Strings over the URI alphabet, delimiters weighted up, plus a few bytes no rule allows.
fn uri_like() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        4 => "[a-zA-Z0-9]{1,4}",
        3 => prop::sample::select(vec![
            ":", "/", "//", "?", "#", "@", "[", "]", ".", "..", "%", "%4", "%41", "%zz", "-",
            "_", "~", "!", "$", "&", "'", "(", ")", "*", "+", ",", ";", "=", "::", "v1.x",
            "1.2.3.4", "255.255.255.255", "256.1.1.1", "01.1.1.1", "[::1]", "[v7.a]",
            "[::ffff:1.2.3.4]", "[1:2:3:4:5:6:7:8]", "http:", "a+b-c.d:", " ", "\"", "<", "|",
            "\\", "^", "`", "{", "\u{e9}", "\t",
        ])
        .prop_map(str::to_owned),
    ];
    prop::collection::vec(piece, 0..12).prop_map(|v| v.concat())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 20_000, ..ProptestConfig::default() })]

    #[test]
    fn random_strings_agree_with_peers(s in uri_like()) {
        if let Err(e) = peers::compare_parse(&s) {
            return Err(TestCaseError::fail(e));
        }
        for &(peer, parts) in c_peers() {
            compare_c(peer, parts(&s).flatten(), &s).map_err(TestCaseError::fail)?;
        }
    }

    #[test]
    fn random_references_resolve_as_uriparser_does(
        base in prop::sample::select(vec![
            "http://a/b/c/d;p?q", "http://a", "http://a/", "s://u@h:1/x/y/", "f:/a/b", "f:a/b/c",
            "urn:x:y", "f:", "f://", "f:///a/../b", "http://a/b/./c/../d/",
        ]),
        reference in uri_like(),
    ) {
        if has_uriparser() {
            compare_resolve_c(base, &reference).map_err(TestCaseError::fail)?;
        }
    }
}

/// (base, reference) pairs: every record of resolve.jsonl (compared in strict mode, whatever
/// the record's mode) and the 10,000 Common Crawl pairs.
fn resolve_pairs() -> Vec<(String, String)> {
    let mut pairs: Vec<(String, String)> = data::jsonl("conformance/resolve.jsonl")
        .into_iter()
        .filter_map(|(_, v)| {
            Some((
                v["base"].as_str()?.to_owned(),
                v["ref"].as_str()?.to_owned(),
            ))
        })
        .collect();
    let csv = std::fs::read_to_string("../shared/corpora/commoncrawl_relative_10k.csv").unwrap();
    pairs.extend(csv.lines().skip(1).filter_map(|l| {
        let (b, r) = l.split_once(',')?;
        Some((b.to_owned(), r.to_owned()))
    }));
    pairs
}

#[test]
fn resolution_agrees_with_peers() {
    let pairs = resolve_pairs();
    let (mut compared, mut failures) = (0, Vec::new());
    let mut known = std::collections::BTreeMap::new();
    for (b, r) in &pairs {
        match peers::compare_resolve(b, r) {
            Ok(Some(k)) => *known.entry((k.peer, k.why)).or_insert(0) += 1,
            Ok(None) => {}
            Err(e) => failures.push(e),
        }
        if urilex::UriRef::parse(b).is_ok_and(|u| u.scheme().is_some())
            && urilex::UriRef::parse(r).is_ok()
        {
            compared += 1;
        }
    }
    eprintln!(
        "resolution: {compared} of {} pairs compared; documented differences: {known:?}",
        pairs.len()
    );
    assert!(compared > 9_000, "{compared}");
    support::assert_no_failures(&failures, "undocumented");
}

/// A documented difference with uriparser's resolution: how to recognize it from the base and
/// both results, and why urilex's is RFC 3986's.
struct CKnownResolve {
    applies: fn(base: &str, ours: &str, theirs: &str) -> bool,
    why: &'static str,
}

/// A ".." that climbs out of a base's rootless path: §5.2.4's step C writes the '/' of "/.."
/// back into the input, so the output starts with it (`scheme:a` + `x/../../y` ->
/// `scheme:/y`, DESIGN.md: "resolved by the §5.2 algorithm as written"); uriparser drops it.
const URIPARSER_ROOTLESS_CLIMB: CKnownResolve = CKnownResolve {
    applies: |base, ours, theirs| {
        urilex::UriRef::parse(base)
            .is_ok_and(|b| b.authority().is_none() && !b.path().starts_with('/'))
            && ours.replacen(":/", ":", 1) == theirs
    },
    why: "§5.2.4: a '..' out of a rootless path leaves the '/' of its step C",
};

/// A path that §5.2.4 leaves as "/" alone, after ".." climbed past the root of a base without
/// an authority (`scheme:/a/b/c` + `../../../../` -> `scheme:/`): uriparser writes `/./`.
const URIPARSER_DOT_ROOT: CKnownResolve = CKnownResolve {
    applies: |base, ours, theirs| {
        urilex::UriRef::parse(base).is_ok_and(|b| b.authority().is_none())
            && theirs.replacen(":/./", ":/", 1) == ours
    },
    why: "§5.2.4: the output of \"/..\" above the root is \"/\", not \"/./\"",
};

/// Every documented difference with uriparser's resolution.
const C_KNOWN_RESOLVE: &[CKnownResolve] = &[URIPARSER_ROOTLESS_CLIMB, URIPARSER_DOT_ROOT];

/// Compares urilex's strict resolution of `reference` against `base` with uriparser's (when
/// both parse and the base has a scheme): `Ok(Some(why))` for a documented difference, `Err`
/// for an undocumented one, `Ok(None)` otherwise.
fn compare_resolve_c(base: &str, reference: &str) -> Result<Option<&'static str>, String> {
    let theirs = urilex_cpeers::uriparser_resolve(base, reference).expect("installed");
    let ours = (|| {
        let b = urilex::UriRef::parse(base)
            .ok()
            .filter(|b| b.scheme().is_some())?;
        Some(
            urilex::UriRef::parse(reference)
                .ok()?
                .resolve(&b)
                .ok()?
                .to_string(),
        )
    })();
    match (ours, theirs) {
        (ours, theirs) if ours == theirs => Ok(None),
        (Some(ours), Some(theirs)) => C_KNOWN_RESOLVE
            .iter()
            .find(|k| (k.applies)(base, &ours, &theirs))
            .map(|k| Some(k.why))
            .ok_or_else(|| {
                format!("{base:?} + {reference:?}: urilex {ours:?}, uriparser {theirs:?}")
            }),
        (ours, theirs) => Err(format!(
            "{base:?} + {reference:?}: urilex {ours:?}, uriparser {theirs:?}"
        )),
    }
}

/// Whether uriparser is there to compare resolutions with (see [`c_peers`]).
fn has_uriparser() -> bool {
    c_peers().iter().any(|&(name, _)| name == "uriparser")
}

#[test]
fn resolution_agrees_with_uriparser() {
    if !has_uriparser() {
        return;
    }
    let pairs = resolve_pairs();
    let (mut resolved, mut failures) = (0, Vec::new());
    let mut known = std::collections::BTreeMap::new();
    for (b, r) in &pairs {
        match compare_resolve_c(b, r) {
            Ok(Some(why)) => *known.entry(why).or_insert(0) += 1,
            Ok(None) => {}
            Err(e) => failures.push(e),
        }
        resolved += usize::from(urilex_cpeers::uriparser_resolve(b, r).flatten().is_some());
    }
    eprintln!(
        "uriparser: {resolved} of {} pairs resolved; documented differences: {known:?}",
        pairs.len()
    );
    assert!(resolved > 9_000, "{resolved}");
    support::assert_no_failures(&failures, "undocumented disagreements with uriparser");
}

/// Each documented difference with uriparser's resolution, pinned.
#[test]
fn c_documented_resolution_differences() {
    if !has_uriparser() {
        return;
    }
    for (base, reference, ours, theirs, known) in [
        (
            "scheme:a",
            "x/../../y",
            "scheme:/y",
            "scheme:y",
            &URIPARSER_ROOTLESS_CLIMB,
        ),
        (
            "foo:a/b",
            "../c",
            "foo:/c",
            "foo:c",
            &URIPARSER_ROOTLESS_CLIMB,
        ),
        (
            "scheme:/a/b/c",
            "../../../../",
            "scheme:/",
            "scheme:/./",
            &URIPARSER_DOT_ROOT,
        ),
    ] {
        let b = urilex::UriRef::parse(base).unwrap();
        let r = urilex::UriRef::parse(reference).unwrap();
        assert_eq!(r.resolve(&b).unwrap().to_string(), ours);
        let uriparser = urilex_cpeers::uriparser_resolve(base, reference).unwrap();
        assert_eq!(uriparser.as_deref(), Some(theirs));
        assert_eq!(compare_resolve_c(base, reference), Ok(Some(known.why)));
    }
}

#[test]
fn normalization_agrees_with_iri_string() {
    let mut inputs = data::all_conformance_strings();
    inputs.extend(data::corpus_lines().into_iter().map(|(_, l)| l));
    let (mut compared, mut failures) = (0, Vec::new());
    for s in &inputs {
        if urilex::UriRef::parse_uri(s).is_err() {
            continue; // iri-string normalizes absolute URIs (with fragment) only
        }
        match peers::compare_normalize(s) {
            Ok(true) => compared += 1,
            Ok(false) => {}
            Err(e) => failures.push(e),
        }
    }
    eprintln!("normalization: {compared} URIs compared with iri-string");
    assert!(compared > 100_000, "{compared}");
    support::assert_no_failures(&failures, "differ");
}

/// Each documented difference, pinned with what each side says. If a peer changes its answer,
/// this fails and the list in fuzz/src/peers.rs must be revisited.
#[test]
fn documented_differences() {
    let resolve = |b: &str, r: &str| {
        let base = urilex::UriRef::parse(b).unwrap();
        urilex::UriRef::parse(r)
            .unwrap()
            .resolve(&base)
            .unwrap()
            .to_string()
    };
    let fluent = |b: &str, r: &str| {
        let base = fluent_uri::Uri::parse(b).unwrap();
        fluent_uri::UriRef::parse(r)
            .unwrap()
            .resolve_against(&base)
            .map(|u| u.to_string())
    };
    // RFC 3986 §5.2.2 resolves against a rootless base; fluent-uri refuses.
    assert_eq!(resolve("foo:a/b", "../c"), "foo:/c");
    assert!(fluent("foo:a/b", "../c").is_err());
    assert_eq!(
        peers::compare_resolve("foo:a/b", "../c")
            .unwrap()
            .map(|k| k.why),
        Some(peers::FLUENT_OPAQUE_BASE.why)
    );
    // RFC 3986 §5.2.4: "%2E%2E" is not "..", until normalization decodes it (§6.2.2.2).
    assert_eq!(resolve("http://a/b/c", "%2E%2E/g"), "http://a/b/%2E%2E/g");
    assert_eq!(fluent("http://a/b/c", "%2E%2E/g").unwrap(), "http://a/g");
    assert_eq!(
        peers::compare_resolve("http://a/b/c", "%2E%2E/g")
            .unwrap()
            .map(|k| k.why),
        Some(peers::PCT_DOTS.why)
    );
    // RFC 3986 §5.2.2: a reference with a scheme has its dot-segments removed.
    assert_eq!(resolve("http://foo", "http:./a/b"), "http:a/b");
    assert_eq!(fluent("http://foo", "http:./a/b").unwrap(), "http:./a/b");
    assert_eq!(
        peers::compare_resolve("http://foo", "http:./a/b")
            .unwrap()
            .map(|k| k.why),
        Some(peers::FLUENT_SCHEME_ROOTLESS.why)
    );
    // RFC 3986 §5.2.2: the base path as written; fluent-uri cleans it first.
    assert_eq!(resolve("http://a/b/../c", "?q"), "http://a/b/../c?q");
    assert_eq!(fluent("http://a/b/../c", "?q").unwrap(), "http://a/c?q");
    assert_eq!(
        peers::compare_resolve("http://a/b/../c", "?q")
            .unwrap()
            .map(|k| k.why),
        Some(peers::FLUENT_BASE_DOTS.why)
    );
    // RFC 3986 §6.2.3: the ':' of an empty port stays at the syntax level; iri-string drops it.
    let u = urilex::UriRef::parse("http://x:/").unwrap();
    assert_eq!(u.normalized().to_string(), "http://x:/");
    let theirs = iri_string::types::UriStr::new("http://x:/")
        .unwrap()
        .normalize()
        .to_string();
    assert_eq!(theirs, "http://x/");
    assert_eq!(
        peers::norm_known(&u, "http://x:/", &theirs).map(|k| k.why),
        Some(peers::IRI_EMPTY_PORT.why)
    );
    // RFC 3986 §6.2.2.1: hosts are lowercased; iri-string keeps "Alpha%CE%B1".
    let u = urilex::UriRef::parse("s://Alpha%ce%b1/").unwrap();
    assert_eq!(u.normalized().to_string(), "s://alpha%CE%B1/");
    let theirs = iri_string::types::UriStr::new("s://Alpha%ce%b1/")
        .unwrap()
        .normalize()
        .to_string();
    assert_eq!(theirs, "s://Alpha%CE%B1/");
    assert_eq!(
        peers::norm_known(&u, "s://alpha%CE%B1/", &theirs).map(|k| k.why),
        Some(peers::IRI_HOST_CASE.why)
    );
    // RFC 3986 §5.3: a path starting with "//" without authority is written after "/.";
    // iri-string reports that it cannot serialize the result.
    assert_eq!(resolve("foo:/", ".//bar"), "foo:/.//bar");
    assert_eq!(fluent("foo:/", ".//bar").unwrap(), "foo:/.//bar");
    let ib = iri_string::types::UriAbsoluteStr::new("foo:/").unwrap();
    let ir = iri_string::types::UriReferenceStr::new(".//bar").unwrap();
    assert!(ir
        .resolve_against(ib)
        .ensure_rfc3986_normalizable()
        .is_err());
    assert_eq!(
        peers::compare_resolve("foo:/", ".//bar")
            .unwrap()
            .map(|k| k.why),
        Some(peers::IRI_NOT_SERIALIZABLE.why)
    );
}
