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
//!   `URILEX_REQUIRE_CPEERS` is set, as CI sets it (.ci/run installs them); also uriparser's
//!   resolution. The comparison code is shared with the `differential` fuzz target too
//!   (fuzz/src/cpeers.rs), and so are the documented differences, which
//!   `c_documented_differences` and `c_documented_resolution_differences` pin.

#[allow(dead_code)]
mod support;

#[allow(dead_code)]
#[path = "../fuzz/src/peers.rs"]
mod peers;

#[path = "../fuzz/src/cpeers.rs"]
mod cpeers;

use proptest::prelude::*;
use support::data;

/// Every conformance string (`data::all_conformance_strings`) and every corpus line.
fn conformance_and_corpus_strings() -> Vec<String> {
    let mut inputs = data::all_conformance_strings();
    inputs.extend(data::corpus_lines().into_iter().map(|(_, l)| l));
    inputs
}

#[test]
fn conformance_and_corpora_agree_with_peers() {
    let inputs = conformance_and_corpus_strings();
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

#[test]
fn conformance_and_corpora_agree_with_c_peers() {
    let inputs = conformance_and_corpus_strings();
    let ours: Vec<_> = inputs.iter().map(|s| cpeers::ours(s)).collect();
    for &(peer, parts) in cpeers::installed() {
        let (mut failures, mut known) = (Vec::new(), std::collections::BTreeMap::new());
        for (s, ours) in inputs.iter().zip(&ours) {
            match cpeers::compare_one(peer, s, ours.as_ref(), parts(s).flatten().as_ref()) {
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

/// The index of every refused conformance string and corpus line against uriparser's
/// `errorPos`, and of random strings (below): the same but for urilex's two choices
/// (`cpeers::compare_error_index`), pinned here.
#[test]
fn error_indexes_agree_with_uriparser() {
    if !cpeers::has_uriparser() {
        return;
    }
    let inputs = conformance_and_corpus_strings();
    let mut refused = 0;
    let mut failures = Vec::new();
    for s in &inputs {
        refused += usize::from(urilex::UriRef::parse(s).is_err());
        if let Err(e) = cpeers::compare_error_index(s) {
            failures.push(e);
        }
    }
    assert!(refused > 1_000, "{refused}");
    support::assert_no_failures(&failures, "error indexes unlike uriparser's");
    for (s, ours, theirs) in [
        ("3ttp://a", 0, 4),
        ("//[1::2::3]", 3, 8),
        ("//[:/", 4, 3),
        ("/a b", 2, 2),
    ] {
        assert_eq!(urilex::UriRef::parse(s).unwrap_err().index(), ours, "{s}");
        assert_eq!(
            urilex_cpeers::uriparser_error_index(s),
            Some(Some(theirs)),
            "{s}"
        );
        assert_eq!(cpeers::compare_error_index(s), Ok(()), "{s}");
    }
}

/// Each documented difference with the C and C++ peers, pinned with what each side says: if
/// a peer changes its answer, this fails and `cpeers::KNOWN` must be revisited.
#[test]
fn c_documented_differences() {
    for &(peer, parts) in cpeers::installed() {
        if peer != "Boost.URL" {
            continue; // uriparser: none
        }
        let parts = |s| parts(s).flatten();
        for (s, host, port, path) in [
            ("http://example.com:80ab", "example.com", Some("80"), "ab"),
            ("//foo:a", "foo", Some(""), "a"),
            ("http://1.2.3.4.5", "1.2.3.4", None, ".5"),
        ] {
            assert_ne!(
                cpeers::ours(s).and_then(|o| o.host).as_deref(),
                Some(host),
                "{s}"
            );
            let theirs = parts(s).unwrap();
            assert_eq!(
                (theirs.host.as_deref(), theirs.port.as_deref()),
                (Some(host), port),
                "{s}"
            );
            assert_eq!(theirs.path, path, "{s}");
            assert_eq!(
                cpeers::compare_one(peer, s, cpeers::ours(s).as_ref(), Some(&theirs)),
                Ok(Some(cpeers::BOOST_PATH_AFTER_AUTHORITY.why))
            );
        }
        let s = "//10.0.0.1a:/x";
        assert_eq!(cpeers::ours(s).unwrap().host.as_deref(), Some("10.0.0.1a"));
        assert_eq!(parts(s), None);
        assert_eq!(
            cpeers::compare_one(peer, s, cpeers::ours(s).as_ref(), None),
            Ok(Some(cpeers::BOOST_IPV4_PREFIX.why))
        );
        let s = "http://[V0.a]";
        assert_eq!(cpeers::ours(s).unwrap().host_kind, Some("ipvfuture"));
        assert_eq!(parts(s), None);
        assert_eq!(
            cpeers::compare_one(peer, s, cpeers::ours(s).as_ref(), None),
            Ok(Some(cpeers::BOOST_IPVFUTURE_CAPITAL_V.why))
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
        cpeers::compare_parse(&s).map_err(TestCaseError::fail)?;
        cpeers::compare_error_index(&s).map_err(TestCaseError::fail)?;
    }

    #[test]
    fn random_references_resolve_as_uriparser_does(
        base in prop::sample::select(vec![
            "http://a/b/c/d;p?q", "http://a", "http://a/", "s://u@h:1/x/y/", "f:/a/b", "f:a/b/c",
            "urn:x:y", "f:", "f://", "f:///a/../b", "http://a/b/./c/../d/",
        ]),
        reference in uri_like(),
    ) {
        cpeers::compare_resolve(base, &reference).map_err(TestCaseError::fail)?;
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

#[test]
fn resolution_agrees_with_uriparser() {
    if !cpeers::has_uriparser() {
        return;
    }
    let pairs = resolve_pairs();
    let (mut resolved, mut failures) = (0, Vec::new());
    let mut known = std::collections::BTreeMap::new();
    for (b, r) in &pairs {
        match cpeers::compare_resolve(b, r) {
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
    if !cpeers::has_uriparser() {
        return;
    }
    for (base, reference, ours, theirs, known) in [
        (
            "scheme:a",
            "x/../../y",
            "scheme:/y",
            "scheme:y",
            cpeers::URIPARSER_ROOTLESS_DOTS.why,
        ),
        (
            "foo:a/b",
            "../c",
            "foo:/c",
            "foo:c",
            cpeers::URIPARSER_ROOTLESS_DOTS.why,
        ),
        (
            "http://a/b",
            "x:a/../../y",
            "x:/y",
            "x:y",
            cpeers::URIPARSER_ROOTLESS_DOTS.why,
        ),
        (
            "s:.///a/b",
            "c",
            "s:/.//a/c",
            "s:.///a/c",
            cpeers::URIPARSER_ROOTLESS_DOTS.why,
        ),
        (
            "s:a/..//b/..//c",
            "s:a/..//b/..//c",
            "s:/.///c",
            "s://c",
            cpeers::URIPARSER_ROOTLESS_DOTS.why,
        ),
        (
            "s:./a/b",
            "../../..//c",
            "s:/.//c",
            "s:/c",
            cpeers::URIPARSER_ROOTLESS_DOTS.why,
        ),
        (
            "scheme:/a/b/c",
            "../../../../",
            "scheme:/",
            "scheme:/./",
            cpeers::URIPARSER_DOT_PREFIX.why,
        ),
        (
            "http://a///b/c",
            "../",
            "http://a///",
            "http://a/.///",
            cpeers::URIPARSER_DOT_PREFIX.why,
        ),
        (
            "http://a/b",
            "//[FF02::2]:22/x",
            "http://[FF02::2]:22/x",
            "http://[ff02:0000:0000:0000:0000:0000:0000:0002]:22/x",
            cpeers::URIPARSER_IPV6_WRITTEN_OUT,
        ),
        (
            "http://[::1]///b/c",
            "../",
            "http://[::1]///",
            "http://[0000:0000:0000:0000:0000:0000:0000:0001]/.///",
            cpeers::URIPARSER_DOT_PREFIX.why,
        ),
        (
            "s:/..//",
            "s:/..//",
            "s:/.//",
            "s://",
            cpeers::URIPARSER_DOUBLE_SLASH_PATH.why,
        ),
    ] {
        let b = urilex::UriRef::parse(base).unwrap();
        let r = urilex::UriRef::parse(reference).unwrap();
        assert_eq!(r.resolve(&b).unwrap().to_string(), ours);
        let uriparser = urilex_cpeers::uriparser_resolve(base, reference).unwrap();
        assert_eq!(uriparser.as_deref(), Some(theirs));
        assert_eq!(cpeers::compare_resolve(base, reference), Ok(Some(known)));
    }
}

#[test]
fn normalization_agrees_with_iri_string() {
    let inputs = conformance_and_corpus_strings();
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
