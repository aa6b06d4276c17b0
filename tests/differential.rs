//! urilex against two independent RFC 3986 implementations, fluent-uri 0.4 and iri-string 0.7:
//! validity and every component on every conformance string and every corpus line, and on
//! random strings. The comparison code is shared with the `differential` fuzz target
//! (fuzz/src/peers.rs), so a fuzz finding replays here.
//!
//! Every disagreement is either fixed or documented in `peers::KNOWN` with the RFC section
//! that decides it; `documented_differences` pins each one.

#[allow(dead_code)]
mod support;

#[allow(dead_code)]
#[path = "../fuzz/src/peers.rs"]
mod peers;

use proptest::prelude::*;
use support::data;

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
