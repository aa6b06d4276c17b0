//! Resolution (RFC 3986 §5.2–5.3, RFC 2396 §5.2): the RFC examples read from the RFC texts,
//! the shared conformance vectors, a differential run against iri-string on real Common Crawl
//! pairs, zero-allocation proof, and property tests against naive implementations written
//! straight from the RFC pseudo-code.

#[allow(dead_code)] // each test binary uses part of the shared support
mod support;

use std::fmt::Write as _;

use proptest::prelude::*;
use urilex::{
    remove_dot_segments, remove_dot_segments_into, Base, Mode, ResolveError, Resolver, UriRef,
};

#[global_allocator]
static ALLOC: support::alloc::Counting = support::alloc::Counting;

/// Runs `f` and returns how many allocations this thread made during it.
fn count_allocs(f: impl FnOnce()) -> u64 {
    support::alloc::count(f).1
}

// ---------------------------------------------------------------------------------------------
// Helpers

const RFC3986: &str = "../shared/spec/rfc3986.txt";
const RFC2396: &str = "../shared/spec/rfc2396.txt";

fn read(path: &str) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// Checks that the writers without the view, `resolve_base_into` and (strict mode)
/// `Base::resolve_into`, `Base::resolve_str_into` and `UriRef::join_into` (from the
/// reference's text), append exactly `view` after what the buffer already holds.
fn assert_into_appends_view(mode: Mode, r: &UriRef<'_>, base: &Base<'_>, view: &str, what: &str) {
    let mut buf = String::from("prefix ");
    Resolver::new(mode).resolve_base_into(r, base, &mut buf);
    assert_eq!(&buf[7..], view, "resolve_base_into for {what} ({mode:?})");
    if mode == Mode::Strict {
        buf.truncate(7);
        base.resolve_into(r, &mut buf);
        assert_eq!(&buf[7..], view, "resolve_into for {what}");
        buf.truncate(7);
        assert_eq!(
            base.resolve_str_into(r.as_str(), &mut buf),
            Ok(()),
            "{what}"
        );
        assert_eq!(&buf[7..], view, "resolve_str_into for {what}");
        buf.truncate(7);
        assert_eq!(base.uri().join_into(r.as_str(), &mut buf), Ok(()), "{what}");
        assert_eq!(&buf[7..], view, "join_into for {what}");
    }
}

/// `Base::resolve_str_into` and `UriRef::join_into` on text that is not a reference: the
/// parser's error, and nothing written.
fn assert_str_into_rejects(base: &Base<'_>, reference: &str) {
    let Err(want) = UriRef::parse(reference) else {
        panic!("{reference:?} parses");
    };
    let mut buf = String::from("prefix ");
    assert_eq!(
        base.resolve_str_into(reference, &mut buf),
        Err(want),
        "{reference:?}"
    );
    assert_eq!(buf, "prefix ", "{reference:?}");
    assert_eq!(
        base.uri().join_into(reference, &mut buf),
        Err(urilex::Error::Parse(want)),
        "join_into {reference:?}"
    );
    assert_eq!(buf, "prefix ", "join_into {reference:?}");
}

/// Resolves and checks that every way of writing the result agrees: `Display`, `write_to`,
/// `append_to` (into a non-empty buffer), and `len()`.
fn resolve_with(mode: Mode, base: &str, reference: &str) -> Result<String, String> {
    let b = UriRef::parse(base).map_err(|e| format!("base: {e}"))?;
    let r = UriRef::parse(reference).map_err(|e| format!("ref: {e}"))?;
    let out = Resolver::new(mode)
        .resolve(&r, &b)
        .map_err(|e| e.to_string())?;
    let shown = out.to_string();
    let mut written = String::new();
    out.write_to(&mut written).unwrap();
    let mut appended = String::from("prefix ");
    out.append_to(&mut appended);
    assert_eq!(
        written, shown,
        "write_to vs Display for {base} + {reference}"
    );
    assert_eq!(
        &appended[7..],
        shown,
        "append_to vs Display for {base} + {reference}"
    );
    assert_eq!(
        out.len(),
        shown.len(),
        "len for {base} + {reference} = {shown}"
    );
    // A prepared base (Base::new, which plans more than a one-shot resolve) gives the same.
    let prepared = Resolver::new(mode).resolve_base(&r, &Base::new(b).unwrap());
    let mut appended = String::new();
    prepared.append_to(&mut appended);
    assert_eq!(
        (
            appended.as_str(),
            prepared.len(),
            prepared.path().to_string()
        ),
        (shown.as_str(), shown.len(), out.path().to_string()),
        "prepared base for {base} + {reference}"
    );
    // The writers without the view append the same text.
    let what = format!("{base} + {reference}");
    assert_into_appends_view(mode, &r, &Base::new(b).unwrap(), &shown, &what);
    let path = out.path();
    assert_eq!(
        path.len(),
        path.to_string().len(),
        "path len for {base} + {reference}"
    );
    if let Some(p) = path.as_str() {
        assert_eq!(p, path.to_string());
    }
    Ok(shown)
}

fn resolve(base: &str, reference: &str) -> String {
    resolve_with(Mode::Strict, base, reference).unwrap()
}

/// Example lines `"ref" = "result"` (RFC 3986) between two headings of the RFC text.
fn rfc3986_examples(from: &str, to: &str) -> Vec<(String, String)> {
    let text = read(RFC3986);
    let start = text.find(&format!("\n{from}")).expect("section start");
    let end = start + text[start..].find(&format!("\n{to}")).expect("section end");
    let mut out = Vec::new();
    for line in text[start..end].lines() {
        let t = line.trim();
        // `"g:h"           =  "g:h"` (and `"http:g" = "http:g" ; for strict parsers`)
        if let Some(rest) = t.strip_prefix('"') {
            let (r, rest) = rest.split_once('"').unwrap();
            let rest = rest.trim_start().strip_prefix('=').unwrap().trim_start();
            let rest = rest.strip_prefix('"').unwrap();
            let (expected, _) = rest.split_once('"').unwrap();
            out.push((r.to_owned(), expected.to_owned()));
        }
    }
    out
}

// ---------------------------------------------------------------------------------------------
// RFC 3986 §5.4 and §5.2.4

const RFC_BASE: &str = "http://a/b/c/d;p?q";

#[test]
fn rfc3986_5_4_1_normal_examples() {
    let examples = rfc3986_examples("5.4.1.  Normal Examples", "5.4.2.  Abnormal Examples");
    assert_eq!(examples.len(), 23, "the RFC lists 23 normal examples");
    for (r, expected) in examples {
        assert_eq!(resolve(RFC_BASE, &r), expected, "{r}");
    }
}

#[test]
fn rfc3986_5_4_2_abnormal_examples() {
    let examples = rfc3986_examples(
        "5.4.2.  Abnormal Examples",
        "6.  Normalization and Comparison",
    );
    assert_eq!(
        examples.len(),
        19,
        "the RFC lists 19 abnormal examples (with http:g)"
    );
    for (r, expected) in &examples {
        assert_eq!(resolve(RFC_BASE, r), *expected, "{r}");
    }
    // "http:g" = "http:g" ; for strict parsers / "http://a/b/c/g" ; for backward compatibility
    let text = read(RFC3986);
    assert!(text.contains("/  \"http://a/b/c/g\" ; for backward compatibility"));
    assert_eq!(
        examples.last().unwrap(),
        &("http:g".to_owned(), "http:g".to_owned())
    );
    assert_eq!(
        resolve_with(Mode::NonStrict, RFC_BASE, "http:g").unwrap(),
        "http://a/b/c/g"
    );
    // §5.2.2: the scheme is compared case-insensitively (§3.1), the base's spelling kept.
    assert_eq!(
        resolve_with(Mode::NonStrict, RFC_BASE, "HTTP:g").unwrap(),
        "http://a/b/c/g"
    );
    assert_eq!(
        resolve_with(Mode::NonStrict, RFC_BASE, "ftp:g").unwrap(),
        "ftp:g"
    );
}

#[test]
fn rfc3986_5_2_4_worked_examples() {
    // The two tables of §5.2.4: their inputs and final output buffers, as printed.
    let text = read(RFC3986);
    assert!(text.contains("1 :                         /a/b/c/./../../g"));
    assert!(text.contains("1 :                         mid/content=5/../6"));
    assert!(text.contains("2E:   mid/6"));
    assert!(text.contains("2E:   /a/g"));
    for (input, expected) in [
        ("/a/b/c/./../../g", "/a/g"),
        ("mid/content=5/../6", "mid/6"),
    ] {
        let mut out = String::new();
        remove_dot_segments(input, &mut out).unwrap();
        assert_eq!(out, expected);
        let mut appended = String::from("x");
        remove_dot_segments_into(input, &mut appended);
        assert_eq!(appended, format!("x{expected}"));
    }
}

// ---------------------------------------------------------------------------------------------
// RFC 2396 Appendix C

#[test]
fn rfc2396_appendix_c() {
    let text = read(RFC2396);
    let start = text.find("\nC.1.  Normal Examples").unwrap();
    let end = start + text[start..].find("\nD. ").unwrap();
    let mut n = 0;
    let mut lines = text[start..end].lines().peekable();
    while let Some(line) = lines.next() {
        let t = line.trim();
        // `g:h           =  g:h`; skip prose (it has no "  =  ").
        let Some((r, rest)) = t.split_once("  =  ").or_else(|| t.split_once(" = ")) else {
            continue;
        };
        let r = r.trim();
        if r.contains(' ') {
            continue;
        }
        let r = if r == "<>" { "" } else { r };
        let mut expected = rest.trim().to_owned();
        if r == "http:g" {
            // `http:g = http:g ; for validating parsers | http://a/b/c/g ; for backwards
            // compatibility`: the validating reading, which RFC 2396 §5.2 step 3 describes.
            expected = expected.split(';').next().unwrap().trim().to_owned();
        }
        // "(current document)": the base without its fragment (RFC 2396 §4.2).
        let expected = expected.replace("(current document)", RFC_BASE);
        assert_eq!(
            resolve_with(Mode::Rfc2396, RFC_BASE, r).unwrap(),
            expected,
            "RFC 2396 C: {r}"
        );
        n += 1;
        let _ = lines.peek();
    }
    assert_eq!(
        n,
        22 + 1 + 2 + 6 + 6 + 4 + 1,
        "RFC 2396 Appendix C has 42 examples"
    );
}

// ---------------------------------------------------------------------------------------------
// DESIGN.md decisions

#[test]
fn design_decisions() {
    // Bases without authority and with a rootless path: §5.2 as written.
    assert_eq!(resolve("foo:a/b", "../c"), "foo:/c");
    assert_eq!(resolve("urn:x:y", "?q"), "urn:x:y?q");
    // A reference with a scheme still has its dot-segments removed (§5.2.2).
    assert_eq!(resolve("http://a/b", "s:./x"), "s:x");
    // Only literal dots are dot-segments.
    assert_eq!(resolve("http://a/b/c", "%2E%2E/g"), "http://a/b/%2E%2E/g");
    // No authority and a path starting with "//": "/." keeps it a path.
    assert_eq!(resolve("foo:/a", "/..//x"), "foo:/.//x");
    assert_eq!(resolve("foo:", ".///x"), "foo:/.//x");
    // Found by proptest: an RFC 2396 rootless path whose first segment is empty once "./"
    // is gone (step 6c) also needs the "/." ("//a/..a" by hand from steps 6c and 6e).
    assert_eq!(
        resolve_with(Mode::Rfc2396, "http:.//b/..//a/.b", "..a").unwrap(),
        "http:/.//a/..a"
    );
    assert_eq!(resolve("http:.//b/..//a/.b", "..a"), "http:/.//a/..a");
    let out = resolve("foo:/a", "/..//x");
    let reparsed = UriRef::parse(&out).unwrap();
    assert_eq!((reparsed.authority(), reparsed.path()), (None, "/.//x"));
}

/// `Resolved::path()` is the path of the written text, "/." prefix included, through every
/// way of reading it (the prefix used to be written but left out of the view).
#[test]
fn path_view_includes_dot_prefix() {
    // (base, reference, path): no authority, and the merged path starts with "//" once
    // dot-segments are gone; each reaches a different path plan (head "/" plus a suffix of
    // the reference, the reference's suffix alone, removal left to the writers, RFC 2396).
    let cases = [
        (Mode::Strict, "a:/b", ".//c", "/.//c"),
        (Mode::Strict, "foo:/a", "/..//x", "/.//x"),
        (Mode::Strict, "foo:", ".///x", "/.//x"),
        (Mode::Strict, "foo:/a/b", "x/../..//y/./z", "/.//y/z"),
        (Mode::Strict, "http://a/b", "s:/..//y", "/.//y"),
        (Mode::Rfc2396, "http:.//b/..//a/.b", "..a", "/.//a/..a"),
    ];
    for (mode, base, reference, want) in cases {
        let b = UriRef::parse(base).unwrap();
        let r = UriRef::parse(reference).unwrap();
        let out = Resolver::new(mode).resolve(&r, &b).unwrap();
        let written = out.to_string();
        let reparsed = UriRef::parse(&written).unwrap();
        assert_eq!(reparsed.authority(), None, "{base} + {reference}");
        assert_eq!(reparsed.path(), want, "{base} + {reference} = {written}");
        let path = out.path();
        assert_eq!(path.to_string(), want, "{base} + {reference}: Display");
        assert_eq!(path.len(), want.len(), "{base} + {reference}: len");
        assert!(!path.is_empty());
        let mut appended = String::from("x");
        path.append_to(&mut appended);
        assert_eq!(&appended[1..], want, "{base} + {reference}: append_to");
        // The "/." is in neither input, so the path is not one slice of them.
        assert_eq!(path.as_str(), None, "{base} + {reference}: as_str");
        assert_eq!(out.len(), written.len());
    }
    // With an authority, a path cannot start with "//" unless the reference says so, and it
    // gets no prefix.
    let out = resolve("http://a/b", "//h//x");
    assert_eq!(out, "http://h//x");
    // The base fragment is ignored (§5.1); a base without scheme is refused.
    assert_eq!(resolve("http://a/b#f", ""), "http://a/b");
    assert_eq!(resolve("http://a/b#f", "#g"), "http://a/b#g");
    let no_scheme = UriRef::parse("//a/b").unwrap();
    assert_eq!(
        UriRef::parse("g").unwrap().resolve(&no_scheme).unwrap_err(),
        ResolveError::BaseWithoutScheme
    );
}

// ---------------------------------------------------------------------------------------------
// Shared conformance vectors

struct Record {
    base: String,
    reference: String,
    expected: Option<String>,
    mode: String,
    spec: Option<String>,
    rfc_check: String,
    source: String,
}

fn records() -> Vec<Record> {
    support::data::jsonl("conformance/resolve.jsonl")
        .into_iter()
        .map(|(_, v)| {
            let s = |k: &str| v.get(k).and_then(|x| x.as_str()).map(str::to_owned);
            Record {
                base: s("base").unwrap(),
                reference: s("ref").unwrap(),
                expected: s("expected"),
                mode: s("mode").unwrap(),
                spec: s("spec"),
                rfc_check: s("rfc_check").unwrap_or_default(),
                source: s("source").unwrap_or_default(),
            }
        })
        .collect()
}

#[test]
fn conformance_strict_records() {
    let mut counts = std::collections::BTreeMap::<&str, usize>::new();
    let all = records();
    for rec in all.iter().filter(|r| r.spec.is_none()) {
        let mode = match rec.mode.as_str() {
            "strict" => Mode::Strict,
            "non-strict" => Mode::NonStrict,
            "rfc2396" => Mode::Rfc2396,
            other => panic!("unknown mode {other}"),
        };
        let expected = rec
            .expected
            .as_deref()
            .expect("strict records all expect a result");
        let got = resolve_with(mode, &rec.base, &rec.reference);
        assert_eq!(
            got.as_deref(),
            Ok(expected),
            "{} + {} ({})",
            rec.base,
            rec.reference,
            rec.source
        );
        *counts.entry(rec.mode.as_str()).or_default() += 1;
    }
    eprintln!("strict resolve records passed by mode: {counts:?}");
    assert_eq!(counts.get("strict"), Some(&1094));
    assert_eq!(counts.get("non-strict"), Some(&4));
}

/// Records with a `spec` field follow another reading; their `rfc_check` says what RFC 3986
/// §5.2 yields, and that is what this crate must produce (DESIGN.md: only literal dots are
/// dot-segments; unmatched ".." are dropped as §5.2.4 is written, not kept as in Errata 4547).
#[test]
fn conformance_spec_records_follow_rfc3986() {
    let (mut checked, mut not_applicable, mut design_choice) = (0, 0, 0);
    for rec in records().iter().filter(|r| r.spec.is_some()) {
        let Some(rest) = rec.rfc_check.strip_prefix("disagree(RFC 5.2 yields '") else {
            if rec.rfc_check != "agree" {
                // "n/a(input not RFC 3986 valid ...)": nothing RFC 3986 says to compare with.
                not_applicable += 1;
                continue;
            }
            if let Some(expected) = &rec.expected {
                let got = resolve(&rec.base, &rec.reference);
                if rec
                    .spec
                    .as_deref()
                    .is_some_and(|s| s.contains("re-parses with authority"))
                {
                    // DESIGN.md: a path starting with "//" and no authority is written after
                    // "/." (what the other suites expect), not as the literal §5.3 output.
                    assert_eq!(got.replacen(":/.//", "://", 1), *expected, "{}", rec.source);
                    assert!(got.contains(":/.//"));
                    design_choice += 1;
                } else {
                    assert_eq!(got, *expected, "{}", rec.source);
                    checked += 1;
                }
            }
            continue;
        };
        let rfc = rest.strip_suffix("')").expect("rfc_check format");
        let got = resolve_with(Mode::Strict, &rec.base, &rec.reference);
        if let Ok(g) = &got {
            if g.contains(":/.//") && g.replacen(":/.//", "://", 1) == rfc {
                // DESIGN.md "/." rule again, and it is what this record expects.
                assert_eq!(Some(g), rec.expected.as_ref());
                design_choice += 1;
                continue;
            }
        }
        assert_eq!(
            got.as_deref(),
            Ok(rfc),
            "{} + {} ({}: {})",
            rec.base,
            rec.reference,
            rec.source,
            rec.spec.as_deref().unwrap_or("")
        );
        checked += 1;
    }
    eprintln!("spec records checked against the RFC 3986 result: {checked}; \"/.\" rule: {design_choice}; not RFC 3986 input: {not_applicable}");
    assert_eq!((checked, design_choice, not_applicable), (48, 3, 37));
}

// ---------------------------------------------------------------------------------------------
// Differential: Common Crawl pairs against iri-string

fn commoncrawl() -> Vec<(String, String)> {
    read("../shared/corpora/commoncrawl_relative_10k.csv")
        .lines()
        .skip(1)
        .map(|l| {
            let (b, r) = l.split_once(',').expect("base,relative");
            (b.to_owned(), r.to_owned())
        })
        .collect()
}

fn oracle(base: &str, reference: &str) -> Option<String> {
    use iri_string::types::{UriReferenceStr, UriStr};
    let base = UriStr::new(base).ok()?.to_absolute();
    let r = UriReferenceStr::new(reference).ok()?;
    let out = r.resolve_against(base);
    out.ensure_rfc3986_normalizable().ok()?;
    Some(out.to_string())
}

#[test]
fn differential_commoncrawl_vs_iri_string() {
    let pairs = commoncrawl();
    assert_eq!(pairs.len(), 10_000);
    let (mut same, mut both_reject, mut only_oracle_rejects, mut only_we_reject) = (0, 0, 0, 0);
    let mut differ = Vec::new();
    for (b, r) in &pairs {
        let ours = resolve_with(Mode::Strict, b, r).ok();
        match (ours, oracle(b, r)) {
            (Some(x), Some(y)) if x == y => same += 1,
            (Some(x), Some(y)) => differ.push(format!("{b} + {r}: ours {x} / iri-string {y}")),
            (None, None) => both_reject += 1,
            (Some(_), None) => only_oracle_rejects += 1,
            (None, Some(_)) => only_we_reject += 1,
        }
    }
    eprintln!(
        "commoncrawl: {same} identical, {} differ, {both_reject} rejected by both, \
         {only_oracle_rejects} rejected only by iri-string, {only_we_reject} only by urilex",
        differ.len()
    );
    assert!(differ.is_empty(), "{}", differ.join("\n"));
    // Both parsers refuse the same 76 pairs (characters RFC 3986 does not allow, such as
    // spaces, '|', raw non-ASCII, or a bad percent-encoding; §2.1, §3.3, Appendix A).
    assert_eq!(
        (same, both_reject, only_oracle_rejects, only_we_reject),
        (9924, 76, 0, 0)
    );
}

/// Runs `run` (which writes `items` results into the buffer it is given and returns the total
/// length written) once to size the buffer, then again: the second run must write the same
/// and allocate nothing.
fn assert_allocates_nothing_after_warm_up(
    what: &str,
    items: usize,
    run: impl Fn(&mut String) -> usize,
) {
    let mut buf = String::new();
    let warm = run(&mut buf);
    let mut again = 0;
    let n = count_allocs(|| again = run(&mut buf));
    assert_eq!(again, warm);
    assert_eq!(n, 0, "allocations in {what} over {items} pairs");
    assert!(items > 9_000);
    // The counter works: a fresh String allocates.
    assert!(count_allocs(|| drop(std::hint::black_box(String::from("x")))) > 0);
}

#[test]
fn commoncrawl_resolve_allocates_nothing_after_warm_up() {
    let pairs = commoncrawl();
    let parsed: Vec<_> = pairs
        .iter()
        .filter_map(|(b, r)| Some((UriRef::parse(b).ok()?, UriRef::parse(r).ok()?)))
        .collect();
    let run = |buf: &mut String| {
        let mut total = 0usize;
        for (b, r) in &parsed {
            if let Ok(out) = r.resolve(b) {
                buf.clear();
                out.append_to(buf);
                total += buf.len();
                buf.clear();
                out.write_to(buf).unwrap();
                total += buf.len();
            }
        }
        total
    };
    assert_allocates_nothing_after_warm_up("resolve + append_to/write_to", parsed.len(), run);
}

#[test]
fn commoncrawl_resolve_into_allocates_nothing_after_warm_up() {
    let pairs = commoncrawl();
    let prepared: Vec<_> = pairs
        .iter()
        .filter_map(|(b, r)| Some((Base::new(UriRef::parse(b).ok()?).ok()?, r.as_str())))
        .collect();
    let run = |buf: &mut String| {
        let mut total = 0usize;
        for (base, r) in &prepared {
            if let Ok(r) = UriRef::parse(r) {
                buf.clear();
                base.resolve_into(&r, buf);
                total += buf.len();
                buf.clear();
                Resolver::new(Mode::Rfc2396).resolve_base_into(&r, base, buf);
                total += buf.len();
                buf.clear();
                base.resolve_str_into(r.as_str(), buf).unwrap();
                total += buf.len();
                buf.clear();
                base.uri().join_into(r.as_str(), buf).unwrap();
                total += buf.len();
            }
        }
        total
    };
    assert_allocates_nothing_after_warm_up(
        "resolve_into, resolve_str_into, join_into",
        prepared.len(),
        run,
    );
}

/// `resolve_base_into` writes what the view writes, on every base of a list of unusual ones
/// (no authority, rootless, empty path, dot-segments in the base) crossed with real
/// references from several corpora and with generated dot-segment shapes, in every mode.
#[test]
fn resolve_into_matches_view_cross_product() {
    let bases = [
        "foo:",
        "a:/b",
        "http://a",
        "http://a/b/../c/",
        "urn:x:y",
        "s:a/b/c",
        "file:///",
        "http://a/b/c/d;p?q#f",
        "http://u@h:1/./a/b/",
        "x:/a/b/c/d/e/f/",
        "x:a",
        "http://a/b/c/d/e/f/g/h",
        "http:.//b/..//a/.b",
        "s:a/",
        "s:/a//b/",
    ];
    let mut refs: Vec<String> = Vec::new();
    for f in [
        "wpt_urltestdata_inputs",
        "ada_kasztp",
        "apache_request_targets",
    ] {
        let t = read(&format!("../shared/corpora/{f}.txt"));
        refs.extend(t.lines().take(1500).map(String::from));
    }
    refs.extend(commoncrawl().into_iter().take(1500).map(|(_, r)| r));
    for a in ["", ".", "..", "./", "../", "../../", "a", ".a", "..a"] {
        for b in ["", "/", "//", "/.", "/..", "/x", "?q", "#f", "?/./#/."] {
            for c in ["", "/.", "/..", "/y", "/./z", "//w", "/.well-known"] {
                refs.push(format!("{a}{b}{c}"));
            }
        }
    }
    let checked = into_matches_view(&bases, &refs);
    assert!(checked > 100_000, "{checked}");
}

/// [`assert_into_appends_view`] for every base × parsable reference × mode; returns how
/// many resolutions it checked.
fn into_matches_view(bases: &[&str], refs: &[String]) -> usize {
    let mut checked = 0;
    for base in bases {
        let prepared = Base::new(UriRef::parse(base).unwrap()).unwrap();
        for r in refs {
            let Ok(r) = UriRef::parse(r) else {
                assert_str_into_rejects(&prepared, r);
                continue;
            };
            for mode in [Mode::Strict, Mode::NonStrict, Mode::Rfc2396] {
                let view = Resolver::new(mode).resolve_base(&r, &prepared).to_string();
                assert_into_appends_view(mode, &r, &prepared, &view, &format!("{base} + {r}"));
                checked += 1;
            }
        }
    }
    checked
}

/// `resolve_base_into` against the view on every reference of up to 6 bytes over the bytes
/// that steer resolution ('.', '/', '?', '#', ':' and a letter), against bases of every shape
/// the two-slice writer distinguishes.
#[test]
fn resolve_into_matches_view_exhaustive_short() {
    let bases = [
        "http://a/b/c/d;p?q#f",
        "http://a",
        "http://a/",
        "foo:a/b",
        "foo:/a/b/",
        "s:",
        "urn:x",
        "http://a/b/./c",
        "x:/.//a/",
    ];
    let alphabet = [".", "/", "?", "#", ":", "a"];
    let mut refs = vec![String::new()];
    let mut last = vec![String::new()];
    for _ in 0..6 {
        last = last
            .iter()
            .flat_map(|r| alphabet.iter().map(move |c| format!("{r}{c}")))
            .collect();
        refs.extend(last.iter().cloned());
    }
    let checked = into_matches_view(&bases, &refs);
    assert!(checked > 200_000, "{checked}");
}

// ---------------------------------------------------------------------------------------------
// Naive reference implementations, straight from the RFC texts (quadratic, test-only).

/// RFC 3986 §5.2.4, step by step.
fn naive_rds(path: &str) -> String {
    fn pop(out: &mut String) {
        match out.rfind('/') {
            Some(p) => out.truncate(p),
            None => out.clear(),
        }
    }
    let mut input = path.to_owned();
    let mut out = String::new();
    while !input.is_empty() {
        if input.starts_with("../") {
            input.drain(..3);
        } else if input.starts_with("./") {
            input.drain(..2);
        } else if input.starts_with("/./") {
            input.replace_range(..3, "/");
        } else if input == "/." {
            input = "/".into();
        } else if input.starts_with("/../") {
            input.replace_range(..4, "/");
            pop(&mut out);
        } else if input == "/.." {
            input = "/".into();
            pop(&mut out);
        } else if input == "." || input == ".." {
            input.clear();
        } else {
            let skip = usize::from(input.starts_with('/'));
            let end = input[skip..].find('/').map_or(input.len(), |p| p + skip);
            out.push_str(&input[..end]);
            input.drain(..end);
        }
    }
    out
}

/// RFC 2396 §5.2 step 6 c–f on a buffer (g: unmatched ".." kept).
///
/// RFC 2396 defines these steps for hierarchical (absolute-path) bases; for a rootless buffer
/// (an "opaque" base in RFC 2396 terms) the same steps are applied with every segment, the
/// empty ones included, counting as a `<segment>`: a "/../" at the very start of such a
/// buffer follows an empty segment, not the root.
fn naive_2396_dots(buf: &str) -> String {
    let mut b = buf.to_owned();
    let absolute = buf.starts_with('/');
    let seg_start = |b: &str, p: usize| b[..p].rfind('/').map_or(0, |s| s + 1);
    // c) remove every "./" whose "." is a complete segment
    while let Some(p) =
        (0..b.len()).find(|&p| b[p..].starts_with("./") && (p == 0 || b.as_bytes()[p - 1] == b'/'))
    {
        b.replace_range(p..p + 2, "");
    }
    // d) a trailing "." segment
    if b == "." || b.ends_with("/.") {
        b.pop();
    }
    // e) "<segment>/../", leftmost first, segment != ".."
    loop {
        let found = (0..b.len()).find(|&p| {
            // A "/../" at 0 of an absolute path follows the root, not a segment.
            b[p..].starts_with("/../") && (p > 0 || !absolute) && &b[seg_start(&b, p)..p] != ".."
        });
        match found {
            Some(p) => {
                let s = seg_start(&b, p);
                b.replace_range(s..p + 4, "");
            }
            None => break,
        }
    }
    // f) "<segment>/.." at the end
    if b.ends_with("/..") && (b.len() >= 4 || !absolute) {
        let p = b.len() - 3;
        let s = seg_start(&b, p);
        if &b[s..p] != ".." {
            b.truncate(s);
        }
    }
    b
}

/// RFC 3986 §5.2.2 pseudo-code, then §5.3 with the "/." rule of DESIGN.md.
fn naive_resolve(mode: Mode, base: &str, reference: &str) -> String {
    let b = UriRef::parse(base).unwrap();
    let r = UriRef::parse(reference).unwrap();
    let r_scheme = match (mode, r.scheme()) {
        (Mode::NonStrict, Some(s)) if s.eq_ignore_ascii_case(b.scheme().unwrap()) => None,
        (_, s) => s,
    };
    let merge = |rp: &str| -> String {
        if b.authority().is_some() && b.path().is_empty() {
            format!("/{rp}")
        } else {
            match b.path().rfind('/') {
                Some(i) => format!("{}{rp}", &b.path()[..=i]),
                None => rp.to_owned(),
            }
        }
    };
    let (scheme, authority, path, query);
    if mode == Mode::Rfc2396 {
        if r_scheme.is_some() {
            (scheme, authority, path, query) =
                (r_scheme, r.authority(), r.path().to_owned(), r.query());
        } else if r.path().is_empty() && r.authority().is_none() && r.query().is_none() {
            (scheme, authority, path, query) =
                (b.scheme(), b.authority(), b.path().to_owned(), b.query());
        } else if r.authority().is_some() || r.path().starts_with('/') {
            (scheme, path, query) = (b.scheme(), r.path().to_owned(), r.query());
            authority = r.authority().or(b.authority());
        } else {
            (scheme, authority, path, query) = (
                b.scheme(),
                b.authority(),
                naive_2396_dots(&merge(r.path())),
                r.query(),
            );
        }
    } else if r_scheme.is_some() {
        (scheme, authority, path, query) =
            (r_scheme, r.authority(), naive_rds(r.path()), r.query());
    } else if r.authority().is_some() {
        (scheme, authority, path, query) =
            (b.scheme(), r.authority(), naive_rds(r.path()), r.query());
    } else if r.path().is_empty() {
        (scheme, authority, path) = (b.scheme(), b.authority(), b.path().to_owned());
        query = r.query().or(b.query());
    } else if r.path().starts_with('/') {
        (scheme, authority, path, query) =
            (b.scheme(), b.authority(), naive_rds(r.path()), r.query());
    } else {
        (scheme, authority, path, query) = (
            b.scheme(),
            b.authority(),
            naive_rds(&merge(r.path())),
            r.query(),
        );
    }
    let mut out = String::new();
    if let Some(s) = scheme {
        write!(out, "{s}:").unwrap();
    }
    if let Some(a) = authority {
        write!(out, "//{a}").unwrap();
    } else if path.starts_with("//") {
        out.push_str("/.");
    }
    out.push_str(&path);
    if let Some(q) = query {
        write!(out, "?{q}").unwrap();
    }
    if let Some(f) = r.fragment() {
        write!(out, "#{f}").unwrap();
    }
    out
}

#[test]
fn naive_implementations_match_the_rfcs() {
    // The naive code is itself checked on the RFC examples before it checks ours.
    for (r, expected) in rfc3986_examples(
        "5.4.1.  Normal Examples",
        "6.  Normalization and Comparison",
    ) {
        assert_eq!(naive_resolve(Mode::Strict, RFC_BASE, &r), expected, "{r}");
    }
    assert_eq!(naive_rds("/a/b/c/./../../g"), "/a/g");
    assert_eq!(naive_rds("mid/content=5/../6"), "mid/6");
    for (r, expected) in [
        ("../../../g", "http://a/../g"),
        ("?y", "http://a/b/c/?y"),
        ("/./g", "http://a/./g"),
        ("g/../h", "http://a/b/c/h"),
        ("./g/.", "http://a/b/c/g/"),
        ("../..", "http://a/"),
    ] {
        assert_eq!(naive_resolve(Mode::Rfc2396, RFC_BASE, r), expected, "{r}");
    }
}

// ---------------------------------------------------------------------------------------------
// Properties

fn segment() -> impl Strategy<Value = &'static str> {
    prop::sample::select(vec![
        "", ".", "..", "a", "b", "c.d", "%2E", "..a", ".b", "%C3%A9",
    ])
}

/// Paths for `remove_dot_segments`, which takes any `&str`: non-ASCII text included.
fn any_path() -> impl Strategy<Value = String> {
    let seg = prop::sample::select(vec!["", ".", "..", "a", "é", ".é", "..€"]);
    (any::<bool>(), prop::collection::vec(seg, 0..12)).prop_map(|(abs, segs)| {
        if abs {
            format!("/{}", segs.join("/"))
        } else {
            segs.join("/")
        }
    })
}

fn path(min: usize) -> impl Strategy<Value = String> {
    (any::<bool>(), prop::collection::vec(segment(), min..8)).prop_map(|(abs, segs)| {
        let p = segs.join("/");
        if abs {
            format!("/{p}")
        } else {
            p
        }
    })
}

fn opt(s: impl Strategy<Value = &'static str>) -> impl Strategy<Value = Option<&'static str>> {
    prop::option::of(s)
}

/// A URI (with scheme) or a relative reference, valid by construction.
fn uri_ref(with_scheme: bool) -> impl Strategy<Value = String> {
    let scheme = if with_scheme {
        prop::sample::select(vec!["http", "foo", "HTTP"])
            .prop_map(Some)
            .boxed()
    } else {
        opt(prop::sample::select(vec!["http", "foo", "s", "HTTP"])).boxed()
    };
    (
        scheme,
        opt(prop::sample::select(vec!["a", "u@h:1", ""])),
        path(0),
        opt(prop::sample::select(vec!["", "q", "x/../y"])),
        opt(prop::sample::select(vec!["", "f"])),
    )
        .prop_filter_map("valid shape", |(s, a, p, q, f)| {
            let mut out = String::new();
            if let Some(s) = s {
                write!(out, "{s}:").unwrap();
            }
            match a {
                Some(a) => {
                    if !(p.is_empty() || p.starts_with('/')) {
                        return None;
                    }
                    write!(out, "//{a}").unwrap();
                }
                None if p.starts_with("//") => return None,
                None => {}
            }
            // A relative reference's first segment must not look like a scheme (§4.2); our
            // segments have no ':' so only the scheme-less case matters and it is fine.
            out.push_str(&p);
            if let Some(q) = q {
                write!(out, "?{q}").unwrap();
            }
            if let Some(f) = f {
                write!(out, "#{f}").unwrap();
            }
            Some(out)
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    /// remove_dot_segments (both writers) against the RFC pseudo-code.
    #[test]
    fn remove_dot_segments_matches_naive(p in prop_oneof![path(0), any_path()]) {
        let expected = naive_rds(&p);
        let mut written = String::new();
        remove_dot_segments(&p, &mut written).unwrap();
        prop_assert_eq!(&written, &expected);
        let mut appended = String::from("/x");
        remove_dot_segments_into(&p, &mut appended);
        prop_assert_eq!(&appended[2..], &expected);
    }

    /// Resolution in every mode against the naive §5.2.2 / RFC 2396 code, all writers agree.
    #[test]
    fn resolve_matches_naive(base in uri_ref(true), r in uri_ref(false), m in 0..3u8) {
        let mode = [Mode::Strict, Mode::NonStrict, Mode::Rfc2396][m as usize];
        let got = resolve_with(mode, &base, &r).unwrap();
        prop_assert_eq!(got, naive_resolve(mode, &base, &r), "{} + {} in {:?}", base, r, mode);
    }

    /// The output parses, has a scheme, its components are the view's, and resolving it
    /// again against any base gives it back.
    #[test]
    fn output_is_stable(base in uri_ref(true), r in uri_ref(false), other in uri_ref(true)) {
        let b = UriRef::parse(&base).unwrap();
        let out = UriRef::parse(&r).unwrap().resolve(&b).unwrap();
        let text = out.to_string();
        let parsed = UriRef::parse(&text).unwrap();
        prop_assert!(!parsed.is_relative());
        prop_assert_eq!(parsed.scheme(), out.scheme());
        prop_assert_eq!(parsed.authority(), out.authority());
        prop_assert_eq!(parsed.host(), out.host());
        prop_assert_eq!(parsed.userinfo(), out.userinfo());
        prop_assert_eq!(parsed.port(), out.port());
        prop_assert_eq!(parsed.port_u16(), out.port_u16());
        prop_assert_eq!(parsed.host_kind(), out.host_kind());
        prop_assert_eq!(parsed.has_authority(), out.has_authority());
        prop_assert_eq!(parsed.query(), out.query());
        prop_assert_eq!(parsed.fragment(), out.fragment());
        // The view's path is the written one, "/." prefix included (DESIGN.md).
        prop_assert_eq!(parsed.path(), out.path().to_string());
        // Resolving again: T has a scheme, so only its dot-segments could change it. Its path
        // has none, except where §5.2.2 copies the base path as it is (empty reference path).
        let o = UriRef::parse(&other).unwrap();
        let again = parsed.resolve(&o).unwrap().to_string();
        if UriRef::parse(&r).unwrap().path().is_empty() && !UriRef::parse(&r).unwrap().has_authority() {
            let mut clean = String::new();
            remove_dot_segments(b.path(), &mut clean).unwrap();
            prop_assume!(clean == b.path());
        }
        prop_assert_eq!(again, text);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    /// Paths whose survivors form more than 64 pieces (the on-stack limit of the writer).
    #[test]
    fn many_pieces_match_naive(segs in prop::collection::vec(prop::sample::select(vec![".", "a", "..", "", "b"]), 60..400), abs in any::<bool>()) {
        let p = if abs { format!("/{}", segs.join("/")) } else { segs.join("/") };
        let expected = naive_rds(&p);
        let mut written = String::new();
        remove_dot_segments(&p, &mut written).unwrap();
        prop_assert_eq!(&written, &expected);
        let base = UriRef::parse("http://h/x/").unwrap();
        let r = UriRef::parse(&p).unwrap();
        prop_assert_eq!(resolve_with(Mode::Strict, "http://h/x/", &p).unwrap(), naive_resolve(Mode::Strict, "http://h/x/", &p));
        prop_assert_eq!(resolve_with(Mode::Rfc2396, "http://h/x/", &p).unwrap(), naive_resolve(Mode::Rfc2396, "http://h/x/", &p));
        let _ = (base, r);
    }
}

/// Hostile inputs (the web-platform-tests URL suite) as references against bases of every
/// shape: whatever parses resolves, in every mode, to text that parses again with the same
/// scheme, and all writers agree (checked inside `resolve_with`).
#[test]
fn wpt_inputs_resolve_to_uris() {
    let bases = [
        "http://a/b/c/d;p?q",
        "foo:a/b",
        "urn:x:y",
        "file:///",
        "s:",
        "http://h",
        "x://[::1]:8/./a/../b/",
    ];
    let mut resolved = 0;
    for line in read("../shared/corpora/wpt_urltestdata_inputs.txt").lines() {
        for base in bases {
            for mode in [Mode::Strict, Mode::NonStrict, Mode::Rfc2396] {
                let Ok(out) = resolve_with(mode, base, line) else {
                    continue;
                };
                let parsed = UriRef::parse(&out)
                    .unwrap_or_else(|e| panic!("{base} + {line:?} = {out:?}: {e}"));
                assert!(!parsed.is_relative());
                resolved += 1;
            }
        }
    }
    assert!(resolved > 5_000, "{resolved}");
}

/// Long inputs resolve: 1 MB of "../" or "a/" (and a mix that defeats the fast path); how
/// their cost grows is measured by benches/linearity.rs (no test reads the clock).
#[test]
fn long_paths_are_linear() {
    let base = UriRef::parse("http://h/x/y/z").unwrap();
    for unit in ["../", "a/", "a/./", "./", "a/../"] {
        let r_text = unit.repeat((1 << 20) / unit.len());
        let r = UriRef::parse(&r_text).unwrap();
        let out = r.resolve(&base).unwrap();
        let len = out.len();
        let s = out.to_string();
        let mut appended = String::new();
        out.append_to(&mut appended);
        assert_eq!(s.len(), len);
        assert_eq!(appended, s);
    }
}

/// `Resolved` is `Eq` and `Hash` by the text it writes: every pair of results of RFC 3986
/// §5.4's examples (the normal and the abnormal ones, some with dot segments left to remove,
/// some not) is equal exactly when the two texts are, and equal results hash alike.
#[test]
fn resolved_eq_and_hash_follow_the_text() {
    use std::collections::hash_map::DefaultHasher;
    use std::hash::{Hash, Hasher};
    let base = UriRef::parse(RFC_BASE).unwrap();
    let other = UriRef::parse("http://a/b/c/g").unwrap();
    let mut refs: Vec<String> =
        rfc3986_examples("5.4.1.  Normal Examples", "5.4.2.  Abnormal Examples")
            .into_iter()
            .map(|(r, _)| r)
            .collect();
    refs.extend(
        rfc3986_examples(
            "5.4.2.  Abnormal Examples",
            "6.  Normalization and Comparison",
        )
        .into_iter()
        .map(|(r, _)| r),
    );
    refs.extend(["g", "./g", "../c/g", "/b/c/g", "//a/b/c/g"].map(String::from));
    let parsed: Vec<UriRef<'_>> = refs.iter().map(|r| UriRef::parse(r).unwrap()).collect();
    let results: Vec<_> = parsed
        .iter()
        .flat_map(|r| [r.resolve(&base).unwrap(), r.resolve(&other).unwrap()])
        .collect();
    let hash = |r: &urilex::Resolved<'_, '_>| {
        let mut h = DefaultHasher::new();
        r.hash(&mut h);
        h.finish()
    };
    let mut equal_pairs = 0;
    for a in &results {
        for b in &results {
            let same = a.to_string() == b.to_string();
            assert_eq!(a == b, same, "{a} against {b}");
            if same {
                assert_eq!(hash(a), hash(b), "{a}");
                equal_pairs += usize::from(!std::ptr::eq(a, b));
            }
        }
    }
    // "g", "./g", "../c/g" and the rest name one URI from either base, by different paths.
    assert!(equal_pairs > 20, "{equal_pairs}");
}
