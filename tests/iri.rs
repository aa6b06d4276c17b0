//! IRIs (RFC 3987): the §3.2 examples read from the RFC text, differential checks against
//! iri-string (validity, components, §3.1 mapping, resolution), fluent-uri and oxiri
//! (validity, components; oxiri resolution too) on generated strings, the conformance inputs
//! and the corpora, mapping properties, and no allocation in parse / to_uri / to_iri.

#[allow(dead_code)]
mod support;

use iri_string::types::{IriReferenceStr, UriReferenceStr};
use proptest::prelude::*;
use std::fmt::Write;
use support::reference::{self, Rule};
use urilex::{ErrorKind, IriRef, UriBuf, UriRef};

#[global_allocator]
static ALLOC: support::alloc::Counting = support::alloc::Counting;

fn rfc3987() -> String {
    std::fs::read_to_string("../shared/spec/rfc3987.txt")
        .expect("../shared/spec/rfc3987.txt")
        .replace("\r\n", "\n")
}

/// XML notation (`&#xHHHH;`) as used by the RFC's examples, to characters.
fn xml(s: &str) -> String {
    let mut out = String::new();
    let mut rest = s;
    while let Some(i) = rest.find("&#x") {
        out.push_str(&rest[..i]);
        // The digits, up to the ';' (which the RFC's quotes sometimes leave outside:
        // `"http://example.com/&#x10300;&#x10301;&#x10302";`).
        let digits = rest[i + 3..]
            .find(|c: char| !c.is_ascii_hexdigit())
            .map_or(rest.len(), |e| i + 3 + e);
        let n = u32::from_str_radix(&rest[i + 3..digits], 16).unwrap();
        out.push(char::from_u32(n).unwrap());
        rest = rest[digits..].strip_prefix(';').unwrap_or(&rest[digits..]);
    }
    out.push_str(rest);
    out
}

/// The quoted strings of the RFC text from `from` up to `to` (a quote may be cut by a page
/// break; the examples used here are not), in order.
fn quoted(text: &str, from: &str, to: &str) -> Vec<String> {
    let sec = &text[text
        .find(from)
        .unwrap_or_else(|| panic!("{from:?} not in the RFC"))..];
    let sec = &sec[..sec
        .find(to)
        .unwrap_or_else(|| panic!("{to:?} not after {from:?}"))];
    sec.split('"')
        .skip(1)
        .step_by(2)
        .map(str::to_string)
        .collect()
}

/// RFC 3987 §3.1: its examples of the IRI→URI mapping, read from the RFC text: the
/// percent-encoded host ("instead of"), the note on existing `%XX` (not encoded further) and
/// the note on characters outside the BMP; and §6.4's IRI and URI pair.
#[test]
fn rfc3987_iri_to_uri_examples() {
    let text = rfc3987();
    // §3.1 step 2: "the IRI "r&#xE9;sum&#xE9;" may be converted to "xn--..." instead of
    // "r%C3%A9sum%C3%A9..."".
    let q = quoted(
        &text,
        "   the IRI\n\n   \"http://r&#xE9;sum",
        "An IRI with a scheme",
    );
    assert_eq!(q.len(), 3, "{q:?}");
    let iri = xml(&q[0]);
    assert_eq!(IriRef::parse(&iri).unwrap().to_uri().to_string(), q[2]);
    #[cfg(feature = "idna")]
    assert_eq!(IriRef::parse(&iri).unwrap().to_uri_idna().to_string(), q[1]);
    // The notes of §3.1: an IRI and the URI it maps to, twice.
    let q = quoted(
        &text,
        "characters allowed in URI\n      references",
        "3.2.  Converting URIs to IRIs",
    );
    let pairs = [(xml(&q[0]), q[1].clone()), (xml(&q[3]), q[4].clone())];
    assert!(q[0].contains("%09") && q[3].contains("&#x10300;"), "{q:?}");
    for (iri, uri) in pairs {
        assert_eq!(
            IriRef::parse(&iri).unwrap().to_uri().to_string(),
            uri,
            "{iri}"
        );
        assert_eq!(UriBuf::from_iri(&iri).unwrap().as_str(), uri);
    }
    // §6.4: the URI of a document and "a corresponding IRI".
    let q = quoted(
        &text,
        "for a document with a URI of",
        "On the other\n   hand",
    );
    let (uri, iri) = (&q[0], xml(&q[1]));
    assert!(uri.contains("%C3%A9") && iri.contains('\u{E9}'), "{q:?}");
    assert_eq!(IriRef::parse(&iri).unwrap().to_uri().to_string(), *uri);
    assert_eq!(UriRef::parse(uri).unwrap().to_iri().to_string(), iri);
}

/// RFC 3987 §3.2.1: each example's step 1 (a URI) and step 5 (the IRI), from the RFC text.
#[test]
fn rfc3987_uri_to_iri_examples() {
    let text = rfc3987();
    let sec = &text[text.find("\n3.2.1.  Examples").unwrap()..];
    let sec = &sec[..sec.find("\n4.  ").unwrap()];
    let step = |n: &str| -> Vec<String> {
        sec.lines()
            .filter_map(|l| l.trim().strip_prefix(n).map(|s| s.trim().to_string()))
            .filter(|s| s.starts_with("http"))
            .collect()
    };
    let (ones, fives) = (step("1.  "), step("5.  "));
    assert!(ones.len() >= 3, "{ones:?}");
    assert_eq!(ones.len(), fives.len());
    for (uri, iri) in ones.iter().zip(&fives) {
        let got = UriRef::parse(uri).unwrap().to_iri().to_string();
        // §3.2.1: "the case ... used in percent-encodings may not be preserved".
        assert_eq!(got.to_uppercase(), xml(iri).to_uppercase(), "{uri}");
        assert!(IriRef::parse(&got).is_ok(), "{got}");
    }
}

/// §4.1: every bidi formatting character is refused, with its own kind, index and U+XXXX.
#[test]
fn bidi_formatting_refused() {
    for c in [
        '\u{200E}', '\u{200F}', '\u{202A}', '\u{202B}', '\u{202C}', '\u{202D}', '\u{202E}',
    ] {
        for at in ["http://h/", "http://h/p?", "http://h/p#", "http://"] {
            let s = format!("{at}{c}x");
            let e = IriRef::parse(&s).unwrap_err();
            assert_eq!(
                (e.kind(), e.index()),
                (ErrorKind::BidiFormatting, at.len()),
                "{s:?}"
            );
            assert!(
                e.to_string().contains(&format!("U+{:04X}", c as u32)),
                "{e}"
            );
        }
    }
}

/// A small deterministic generator (xorshift), so failures reproduce.
struct Gen(u64);
impl Gen {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn pick<'a>(&mut self, xs: &[&'a str]) -> &'a str {
        xs[(self.next() % xs.len() as u64) as usize]
    }
}

const PIECES: &[&str] = &[
    "http",
    "a",
    "Z",
    "0",
    "9",
    ":",
    "/",
    "//",
    "?",
    "#",
    "@",
    "[",
    "]",
    "%",
    "%4",
    "%C3%A9",
    "%e2%80%ae",
    "%FF",
    "!",
    "$",
    "&",
    "'",
    "(",
    ")",
    "*",
    "+",
    ",",
    ";",
    "=",
    "-",
    ".",
    "_",
    "~",
    " ",
    "\"",
    "<",
    "|",
    "\\",
    "[::1]",
    "[v1.x]",
    ":80",
    "é",
    "日本",
    "д",
    "\u{A0}",
    "\u{9F}",
    "\u{D7FF}",
    "\u{E000}",
    "\u{F8FF}",
    "\u{FDD0}",
    "\u{FDEF}",
    "\u{FDF0}",
    "\u{FFEF}",
    "\u{FFFE}",
    "\u{FFFF}",
    "\u{10000}",
    "\u{1FFFD}",
    "\u{1FFFE}",
    "\u{E0001}",
    "\u{E1000}",
    "\u{EFFFD}",
    "\u{F0000}",
    "\u{10FFFD}",
    "\u{200E}",
    "\u{202E}",
    "\u{202A}",
    "\u{7F}",
    "\u{F900}",
    "\u{FDCF}",
    "\u{E0FFF}",
    "\u{FFFFD}",
    "\u{10FFFF}",
    "\u{2FFFE}",
    "v",
    "[v1.é]",
    "[::é]",
];

fn has_bidi(s: &str) -> bool {
    s.contains([
        '\u{200E}', '\u{200F}', '\u{202A}', '\u{202B}', '\u{202C}', '\u{202D}', '\u{202E}',
    ])
}

fn components_match(s: &str) {
    let ours = IriRef::parse(s);
    // iri-string checks the grammar only; §4.1's ban on bidi formatting characters is ours.
    if has_bidi(s) {
        assert!(ours.is_err(), "{s:?}");
        return;
    }
    let theirs = IriReferenceStr::new(s);
    let fluent = fluent_uri::IriRef::parse(s);
    assert_eq!(
        ours.is_ok(),
        fluent.is_ok(),
        "fluent-uri validity of {s:?}: {ours:?}"
    );
    if let (Ok(o), Ok(f)) = (ours, &fluent) {
        assert_eq!(o.scheme(), f.scheme().map(|x| x.as_str()), "{s:?}");
        assert_eq!(o.authority(), f.authority().map(|x| x.as_str()), "{s:?}");
        assert_eq!(o.path(), f.path().as_str(), "{s:?}");
        assert_eq!(o.query(), f.query().map(|x| x.as_str()), "{s:?}");
        assert_eq!(o.fragment(), f.fragment().map(|x| x.as_str()), "{s:?}");
    }
    let oxiri = oxiri::IriRef::parse(s);
    assert_eq!(
        ours.is_ok(),
        oxiri.is_ok(),
        "oxiri validity of {s:?}: {ours:?}"
    );
    if let (Ok(o), Ok(x)) = (ours, &oxiri) {
        let theirs = (x.scheme(), x.authority(), x.path(), x.query(), x.fragment());
        let ours = (o.scheme(), o.authority(), o.path(), o.query(), o.fragment());
        assert_eq!(ours, theirs, "oxiri's components of {s:?}");
    }
    assert_eq!(ours.is_ok(), theirs.is_ok(), "validity of {s:?}: {ours:?}");
    if let (Ok(o), Ok(t)) = (ours, theirs) {
        assert_eq!(o.scheme(), t.scheme_str(), "{s:?}");
        assert_eq!(o.authority(), t.authority_str(), "{s:?}");
        assert_eq!(o.path(), t.path_str(), "{s:?}");
        assert_eq!(o.query(), t.query().map(|q| q.as_str()), "{s:?}");
        assert_eq!(o.fragment(), t.fragment().map(|f| f.as_str()), "{s:?}");
        // §3.1 against iri-string's mapping, and the result is a URI.
        let uri = o.to_uri().to_string();
        assert_eq!(uri, t.encode_to_uri().to_string(), "{s:?}");
        assert!(UriRef::parse(&uri).is_ok(), "{uri:?}");
        assert!(UriReferenceStr::new(&uri).is_ok(), "{uri:?}");
        // Without %-octets in the IRI, §3.2 undoes §3.1, but for the look-alikes of an
        // authority's delimiters, spaces and ignorables (RFC 3987 §8), which stay encoded in
        // the userinfo and host: the rest is the IRI's, and decoding those gives it back.
        if !s.contains('%') {
            let back = UriRef::parse(&uri).unwrap().to_iri().to_string();
            let b = IriRef::parse(&back).unwrap();
            assert_eq!(
                (b.scheme(), b.path(), b.query(), b.fragment()),
                (o.scheme(), o.path(), o.query(), o.fragment()),
                "{s:?}"
            );
            assert_eq!(urilex::pct::decode_utf8(&back).unwrap(), s, "{s:?}");
        }
    }
}

/// ≥100k generated strings mixing ASCII delimiters and multibyte characters (ucschar, iprivate,
/// noncharacters, bidi, C1 controls), against iri-string.
#[test]
fn generated_against_iri_string() {
    let mut g = Gen(0x9E37_79B9_7F4A_7C15);
    let mut s = String::new();
    for _ in 0..100_000 {
        s.clear();
        for _ in 0..(g.next() % 12) {
            s.push_str(g.pick(PIECES));
        }
        components_match(&s);
    }
}

#[test]
fn conformance_inputs_against_iri_string() {
    for s in support::data::all_conformance_strings() {
        components_match(&s);
    }
}

/// The URL lists (pages in every script, some with their IRIs unencoded) against the same
/// three peers.
#[test]
fn corpus_lines_against_peers() {
    let lines = support::data::corpus_lines();
    assert!(lines.len() > 100_000, "{}", lines.len());
    for (_, s) in lines {
        components_match(&s);
    }
}

/// iri-string as the oracle for the IRI rule (scheme required) and absolute-IRI too.
#[test]
fn iri_and_absolute_rules() {
    use iri_string::types::{IriAbsoluteStr, IriStr};
    let mut g = Gen(7);
    let mut s = String::new();
    for _ in 0..20_000 {
        s.clear();
        s.push_str(g.pick(&["http:", "x:", "", "é:"]));
        for _ in 0..(g.next() % 8) {
            s.push_str(g.pick(PIECES));
        }
        let bidi = has_bidi(&s);
        let iri = IriStr::new(&s).is_ok() && !bidi;
        let abs = IriAbsoluteStr::new(&s).is_ok() && !bidi;
        assert_eq!(IriRef::parse_iri(&s).is_ok(), iri, "{s:?}");
        assert_eq!(IriRef::parse_absolute(&s).is_ok(), abs, "{s:?}");
    }
}

#[test]
fn parse_and_mappings_allocate_nothing() {
    let iri_text = "http://例え.jp/引き割り.html?q=\u{E000}ü#frag";
    let uri_text = "http://a/r%C3%A9sum%C3%A9?%E2%80%8E%EE%80%80";
    let mut out = String::with_capacity(1024);
    let ((), n) = support::alloc::count(|| {
        let iri = IriRef::parse(iri_text).unwrap();
        write!(out, "{}", iri.to_uri()).unwrap();
        let uri = UriRef::parse(uri_text).unwrap();
        write!(out, "{}", uri.to_iri()).unwrap();
    });
    assert_eq!(n, 0);
    assert!(out.contains("r\u{E9}sum\u{E9}?%E2%80%8E\u{E000}"), "{out}");
}

/// Bytes: invalid UTF-8 (overlongs, encoded surrogates, truncations, stray continuation bytes)
/// is refused at its index; valid UTF-8 gives what the text parser gives.
#[test]
fn parse_bytes_invalid_utf8() {
    let mut g = Gen(99);
    let raw: &[&[u8]] = &[
        b"\xC0\xAF",
        b"\xE0\x80\xAF",
        b"\xED\xA0\x80",
        b"\xF4\x90\x80\x80",
        b"\x80",
        b"\xFF",
        b"\xE6\x97",
        "\u{65E5}".as_bytes(),
        b"/",
        b"a",
        b"?",
        b"#",
        b"%C3",
        b"http:",
        b"//",
    ];
    let mut v = Vec::new();
    for _ in 0..20_000 {
        v.clear();
        for _ in 0..(g.next() % 8) {
            v.extend_from_slice(raw[(g.next() % raw.len() as u64) as usize]);
        }
        let got = IriRef::parse_bytes(&v);
        match std::str::from_utf8(&v) {
            Ok(s) => assert_eq!(
                got.map(|i| i.as_str()),
                IriRef::parse(s).map(|i| i.as_str())
            ),
            Err(e) => {
                let err = got.unwrap_err();
                assert!(err.index() <= e.valid_up_to(), "{v:?} {err}");
            }
        }
    }
}

#[test]
fn uribuf_from_iri_matches_iri_string() {
    for s in [
        "http://r\u{E9}sum\u{E9}.example.org/",
        "/\u{65E5}?\u{E000}#x",
        "a%20\u{10300}",
    ] {
        let ours = urilex::UriBuf::from_iri(s).unwrap();
        let theirs = IriReferenceStr::new(s).unwrap().encode_to_uri().to_string();
        assert_eq!(ours.as_str(), theirs);
    }
    assert!(
        urilex::UriBuf::from_iri("/\u{E000}").is_err(),
        "iprivate outside the query"
    );
}

/// Resolution (RFC 3986 §5.2, unchanged for IRIs, RFC 3987 §6.5) against iri-string's, on
/// generated non-ASCII references and bases.
#[test]
fn resolution_against_iri_string() {
    use iri_string::types::IriAbsoluteStr;
    let mut g = Gen(42);
    let pieces: &[&str] = &[
        "é", "日本", "/", "./", "../", "..", ".", "?", "#", "д", "a", "//h", "%C3%A9",
    ];
    let (mut base, mut reference) = (String::new(), String::new());
    let mut checked = 0;
    for _ in 0..20_000 {
        base.clear();
        reference.clear();
        base.push_str(g.pick(&["http://例え.jp", "x:", "http://h/"]));
        for _ in 0..(g.next() % 6) {
            base.push_str(g.pick(pieces));
        }
        for _ in 0..(g.next() % 6) {
            reference.push_str(g.pick(pieces));
        }
        let (Ok(b), Ok(r)) = (IriRef::parse_absolute(&base), IriRef::parse(&reference)) else {
            continue;
        };
        // IRI resolution (RFC 3987 §6.5), an IRI result.
        let ours = r.resolve(&b).unwrap().to_string();
        let theirs = IriReferenceStr::new(&reference)
            .unwrap()
            .resolve_against(IriAbsoluteStr::new(&base).unwrap())
            .to_string();
        assert_eq!(ours, theirs, "{reference:?} against {base:?}");
        checked += 1;
    }
    assert!(checked > 5_000, "{checked}");
}

/// Resolution against oxiri's (an IRI implementation of RFC 3986 §5.2 of its own) on the
/// 10,000 Common Crawl pairs and every record of resolve.jsonl, and on generated non-ASCII
/// ones. One documented difference: a result without authority whose path starts with "//"
/// (`f:/a` + `.//g`: the path "//g"), which oxiri refuses to write, and urilex writes after
/// "/." (`f:/.//g`) so that it reads back as the same components (RFC 3986 §5.2 defines the
/// result; DESIGN.md its text).
#[test]
fn resolution_against_oxiri() {
    let mut pairs: Vec<(String, String)> = support::data::jsonl("conformance/resolve.jsonl")
        .into_iter()
        .filter_map(|(_, v)| Some((v["base"].as_str()?.into(), v["ref"].as_str()?.into())))
        .collect();
    let csv = std::fs::read_to_string("../shared/corpora/commoncrawl_relative_10k.csv").unwrap();
    pairs.extend(csv.lines().skip(1).filter_map(|l| {
        let (b, r) = l.split_once(',')?;
        Some((b.to_owned(), r.to_owned()))
    }));
    let mut g = Gen(1234);
    let pieces: &[&str] = &[
        "é", "日本", "/", "./", "../", "..", ".", "?", "#", "a", "//h", "%C3%A9",
    ];
    for _ in 0..20_000 {
        let mut reference = String::new();
        for _ in 0..(g.next() % 6) {
            reference.push_str(g.pick(pieces));
        }
        let base = g.pick(&["http://例え.jp/パス/x?q", "x:/a/b", "x:a/b", "http://h"]);
        pairs.push((base.to_owned(), reference));
    }
    let (mut resolved, mut slash_dot) = (0, 0);
    for (base, reference) in &pairs {
        let ours = IriRef::parse(base)
            .ok()
            .filter(|b| b.scheme().is_some())
            .and_then(|b| Some(IriRef::parse(reference).ok()?.resolve(&b).ok()?.to_string()));
        let theirs = oxiri::Iri::parse(base.as_str()).ok().and_then(|b| {
            let r = oxiri::IriRef::parse(reference.as_str()).ok()?;
            Some(b.resolve(&r).ok()?.into_inner())
        });
        match (&ours, &theirs) {
            (Some(o), None)
                if o.contains(":/.//") && IriRef::parse(o).unwrap().authority().is_none() =>
            {
                slash_dot += 1
            }
            _ => assert_eq!(ours, theirs, "{reference:?} against {base:?}"),
        }
        resolved += usize::from(ours.is_some());
    }
    assert!(resolved > 25_000, "{resolved}");
    assert!(slash_dot > 0, "the documented difference is met");
    let (b, r) = (
        IriRef::parse("f:/a").unwrap(),
        IriRef::parse(".//g").unwrap(),
    );
    assert_eq!(r.resolve(&b).unwrap().to_string(), "f:/.//g");
    let ob = oxiri::Iri::parse("f:/a").unwrap();
    assert!(ob.resolve(&oxiri::IriRef::parse(".//g").unwrap()).is_err());
}

/// `Base::resolve_iri_str_into`: the URI of the resolved IRI, against iri-string's
/// resolution and §3.1 mapping, and without allocating once `out` has grown.
#[test]
fn resolve_iri_str_into_against_iri_string() {
    use iri_string::types::IriAbsoluteStr;
    let mut g = Gen(7);
    let pieces: &[&str] = &[
        "é", "日本", "/", "./", "../", "..", ".", "?", "#", "a", "//h", "%C3%A9", "\u{202E}",
    ];
    let mut reference = String::new();
    let mut out = String::with_capacity(1024);
    let mut checked = 0;
    for base in ["http://a/b/c/d;p?q", "https://例え.jp/パス/x", "x:a/b"] {
        // An IRI page: its URI is the base (RFC 3987 §3.1; mapping first or after resolving
        // gives the same URI).
        let b = UriBuf::from_iri(base).unwrap();
        let page = urilex::Base::new(b.as_uri_ref()).unwrap();
        for _ in 0..5_000 {
            reference.clear();
            for _ in 0..(g.next() % 6) {
                reference.push_str(g.pick(pieces));
            }
            out.clear();
            let ours = page.resolve_iri_str_into(&reference, &mut out);
            let theirs = IriReferenceStr::new(&reference).ok().map(|r| {
                let resolved = r
                    .resolve_against(IriAbsoluteStr::new(base).unwrap())
                    .to_string();
                IriReferenceStr::new(&resolved)
                    .unwrap()
                    .encode_to_uri()
                    .to_string()
            });
            match (ours, theirs) {
                (Ok(()), Some(t)) => assert_eq!(out, t, "{reference:?} against {base:?}"),
                // iri-string takes the bidi formatting characters, RFC 3987 §4.1 does not.
                (Err(e), Some(_)) => {
                    assert_eq!(e.kind(), ErrorKind::BidiFormatting, "{reference:?}")
                }
                (Ok(()), None) => panic!("{reference:?}: urilex resolves, iri-string refuses"),
                (Err(_), None) => {}
            }
            checked += 1;
        }
    }
    assert!(checked >= 15_000);
    let page = urilex::Base::new(UriRef::parse("http://a/b/c").unwrap()).unwrap();
    out.clear();
    let ((), n) = support::alloc::count(|| {
        for link in ["../東京?q=ü#é", "/パス", "x", "//例え.jp/"] {
            page.resolve_iri_str_into(link, &mut out).unwrap();
        }
    });
    assert_eq!(n, 0);
    assert_eq!(out, "http://a/%E6%9D%B1%E4%BA%AC?q=%C3%BC#%C3%A9http://a/%E3%83%91%E3%82%B9http://a/b/xhttp://%E4%BE%8B%E3%81%88.jp/");
}

/// §5.3.2 syntax-based normalization applies to IRIs as to URIs (no NFC: RFC 3987 §5.3.2.2
/// leaves it to producers): compared with iri-string's normalization on generated IRIs.
#[test]
fn normalization_against_iri_string() {
    use iri_string::types::IriStr;
    let mut g = Gen(5);
    // No percent-encoded non-ASCII: RFC 3987 §5.3.2.3 decodes it (iunreserved includes
    // ucschar) and IriRef::normalized does not yet; see the report of issue 15.
    let pieces: &[&str] = &[
        "é", "日本", "/", "./", "../", "%7e", "%41", "A", "?", "#", "д",
    ];
    let mut s = String::new();
    let mut checked = 0;
    for _ in 0..20_000 {
        s.clear();
        // Hosts are ASCII here: iri-string leaves a host holding non-ASCII in its case.
        s.push_str(g.pick(&["HTTP://EX.JP/", "x:a/", "hTTp://h:80/"]));
        for _ in 0..(g.next() % 6) {
            s.push_str(g.pick(pieces));
        }
        let (Ok(ours), Ok(theirs)) = (IriRef::parse_iri(&s), IriStr::new(&s)) else {
            continue;
        };
        if theirs.ensure_rfc3986_normalizable().is_err() {
            continue;
        }
        assert_eq!(
            ours.to_normalized_string(),
            theirs.normalize().to_string(),
            "{s:?}"
        );
        assert!(ours.normalized_eq(&IriRef::parse(&theirs.normalize().to_string()).unwrap()));
        checked += 1;
    }
    assert!(checked > 5_000, "{checked}");
}

/// `to_uri_idna` writes internationalized hosts as the `url` crate (WHATWG, UTS #46) does.
#[cfg(feature = "idna")]
#[test]
fn idna_hosts_agree_with_the_url_crate() {
    for host in [
        "例え.jp",
        "bücher.de",
        "пример.рф",
        "ΕΛΛΗΝΙΚΆ.gr",
        "mañana.com",
        "münchen.example",
        "日本語.テスト",
    ] {
        let iri = format!("http://{host}/パス?q=é");
        let ours = urilex::IriRef::parse(&iri)
            .unwrap()
            .to_uri_idna()
            .to_string();
        let theirs = url::Url::parse(&iri).unwrap();
        let want_host = theirs.host_str().unwrap();
        assert_eq!(
            ours,
            format!("http://{want_host}/%E3%83%91%E3%82%B9?q=%C3%A9"),
            "{host}"
        );
        assert!(urilex::UriRef::parse_uri(&ours).is_ok(), "{ours}");
    }
}

/// `IriRef` by the reference recognizer's rule.
fn parse_as(s: &str, rule: Rule) -> Result<IriRef<'_>, urilex::ParseError> {
    match rule {
        Rule::UriReference => IriRef::parse(s),
        Rule::Uri => IriRef::parse_iri(s),
        Rule::AbsoluteUri => IriRef::parse_absolute(s),
        Rule::RelativeRef => IriRef::parse_relative(s),
    }
}

/// The DFA of tables/rfc3987.dfa against the slow recognizer written from the ABNF of RFC 3987
/// §2.2 (tests/support/reference.rs in its IRI mode): validity, every component, and the
/// error index (the first byte of the character where the input stops being viable).
fn agrees_with_reference(s: &str, rule: Rule) -> Result<(), String> {
    let ours = parse_as(s, rule);
    match (ours, reference::parse_iri(s, rule)) {
        (Ok(o), Ok(p)) => {
            let ours = [
                o.scheme(),
                o.authority(),
                o.userinfo(),
                o.host(),
                o.port(),
                Some(o.path()),
                o.query(),
                o.fragment(),
            ];
            let theirs = [
                &p.scheme,
                &p.authority,
                &p.userinfo,
                &p.host,
                &p.port,
                &Some(p.path.clone()),
                &p.query,
                &p.fragment,
            ];
            let theirs = theirs.map(|x| x.as_deref());
            if ours != theirs {
                return Err(format!(
                    "{s:?} as {rule:?}: components {ours:?}, reference {theirs:?}"
                ));
            }
        }
        (Err(e), Err(i)) => {
            reference::compare_error(s, &e, i).map_err(|m| format!("{s:?} as {rule:?}: {m}"))?
        }
        (ours, theirs) => {
            return Err(format!(
                "{s:?} as {rule:?}: ours {ours:?}, reference {theirs:?}"
            ))
        }
    }
    Ok(())
}

fn soup() -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(PIECES), 0..14).prop_map(|v| v.concat())
}

fn rule() -> impl Strategy<Value = Rule> {
    prop::sample::select(vec![
        Rule::UriReference,
        Rule::Uri,
        Rule::AbsoluteUri,
        Rule::RelativeRef,
    ])
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: std::env::var("PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(100_000),
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    /// The IRI DFA and the slow recognizer agree on token soup mixing ASCII delimiters with
    /// every kind of character outside ASCII (allowed, private-use, noncharacters, bidi).
    #[test]
    fn prop_dfa_agrees_with_the_reference_recognizer(s in soup(), rule in rule()) {
        agrees_with_reference(&s, rule).map_err(TestCaseError::fail)?;
    }
}

/// A character that is not allowed is reported at its first byte, by its code point.
#[test]
fn refused_characters_are_named_by_code_point() {
    for (s, at, name) in [
        ("/a\u{FDD0}", 2, "U+FDD0"),
        ("/\u{E000}", 1, "U+E000"),
        ("http://h/\u{1FFFE}", 9, "U+1FFFE"),
        ("http://[é]/", 8, "U+00E9"),
        ("a:\u{FFFF}", 2, "U+FFFF"),
    ] {
        let e = IriRef::parse(s).unwrap_err();
        assert_eq!(e.index(), at, "{s:?}: {e}");
        assert!(e.to_string().contains(name), "{s:?}: {e}");
        assert!(e.to_string().contains(&format!("byte {at}")), "{s:?}: {e}");
    }
}

/// The same on the RFC's own examples and on inputs each of which once found a difference.
#[test]
fn reference_recognizer_on_chosen_inputs() {
    for s in [
        "http://例え.jp/引き割り.html?q=ü#frag",
        "http://[v1.é]/",
        "http://[::é]/",
        "http://h:8é@x/",
        "http://h:8\u{E000}@x/",
        "/p?\u{E000}\u{F8FF}#\u{E000}",
        "é:x",
        "aé:x",
        "\u{FFFE}",
        "/\u{200E}",
        "//\u{202E}",
    ] {
        for rule in [
            Rule::UriReference,
            Rule::Uri,
            Rule::AbsoluteUri,
            Rule::RelativeRef,
        ] {
            agrees_with_reference(s, rule).unwrap();
        }
    }
}

/// Every code point, alone in a path, a query and a host: the UTF-8 sequences build.rs wrote
/// for `ucschar` and `iprivate` (tables/rfc3987.dfa) hold exactly the characters RFC 3987
/// §2.2 lists (support::abnf, written from the RFC), less the bidi formatting ones (§4.1).
#[test]
fn every_code_point_is_allowed_exactly_where_rfc_3987_says() {
    use support::abnf::{bidi_formatting, iprivate, ucschar};
    let mut checked = 0;
    for c in (0x80..=0x10FFFFu32).filter_map(char::from_u32) {
        let cp = c as u32;
        let plain = ucschar(cp) && !bidi_formatting(cp);
        let in_query = plain || iprivate(cp);
        let mut s = [0u8; 4];
        let c = c.encode_utf8(&mut s);
        let path = format!("/a{c}b");
        let query = format!("/?a{c}b");
        let host = format!("//h{c}/");
        assert_eq!(IriRef::parse(&path).is_ok(), plain, "U+{cp:04X} in a path");
        assert_eq!(
            IriRef::parse(&query).is_ok(),
            in_query,
            "U+{cp:04X} in a query"
        );
        assert_eq!(IriRef::parse(&host).is_ok(), plain, "U+{cp:04X} in a host");
        if !plain {
            let e = IriRef::parse(&path).unwrap_err();
            assert_eq!(e.index(), 2, "U+{cp:04X}: {e}");
            let kind = if bidi_formatting(cp) {
                ErrorKind::BidiFormatting
            } else {
                ErrorKind::InvalidChar
            };
            assert_eq!(e.kind(), kind, "U+{cp:04X}");
        }
        checked += 1;
    }
    assert_eq!(checked, 0x10FFFF - 0x7F - 0x800);
}

/// RFC 3987 §8: `to_iri` never decodes, in an authority, a character that NFKC or the UTS #46
/// mapping (what browsers apply to hosts) turns into a delimiter of the authority, whitespace
/// or nothing; and it keeps encoded no other character (so that the rule stays the one the
/// docs state). Every code point, against `unicode-normalization` and the `idna` crate.
#[cfg(feature = "idna")]
#[test]
fn to_iri_keeps_authority_lookalikes_encoded_for_every_code_point() {
    use std::fmt::Write as _;
    use unicode_normalization::UnicodeNormalization;
    let dangerous = |mapped: &str| {
        mapped.is_empty()
            || mapped
                .chars()
                .any(|m| "/?#@:[]\\%".contains(m) || m.is_whitespace() || m.is_control())
    };
    let (mut kept, mut decoded) = (0, 0);
    let mut missed = Vec::new();
    for cp in 0xA0u32..=0x10FFFF {
        let Some(c) = char::from_u32(cp) else {
            continue;
        };
        let mut encoded = String::new();
        for b in c.to_string().bytes() {
            let _ = write!(encoded, "%{b:02X}");
        }
        let uri = format!("http://a{encoded}b.example/");
        let iri = UriRef::parse(&uri).unwrap().to_iri().to_string();
        let decoded_here = iri != uri;
        let nfkc: String = c.to_string().nfkc().collect();
        let uts46 = idna::domain_to_ascii(&format!("a{c}b"));
        let nfkc_bad = dangerous(&nfkc);
        // A character UTS #46 refuses makes no host a browser would read: not a look-alike.
        let uts46_bad = match &uts46 {
            Ok(ascii) => ascii == "ab" || dangerous(ascii),
            Err(_) => false,
        };
        if decoded_here {
            decoded += 1;
            if nfkc_bad || uts46_bad {
                missed.push(format!("U+{cp:04X} (NFKC {nfkc:?}, UTS #46 {uts46:?})"));
            }
            // The same character is decoded in a path: the rule is the authority's alone.
        } else if urilex::IriRef::parse(&format!("http://h/{c}")).is_ok()
            && !(0x200E..=0x202E).contains(&cp)
        {
            kept += 1;
            // Kept encoded in the host though the path decodes it: one of the look-alikes.
            let path = UriRef::parse(&format!("http://h/{encoded}"))
                .unwrap()
                .to_iri()
                .to_string();
            if path != format!("http://h/{encoded}") {
                assert!(
                    nfkc_bad || uts46_bad || uts46.is_err() || (0xE0000..=0xE0FFF).contains(&cp),
                    "U+{cp:04X} kept encoded in a host, but NFKC gives {nfkc:?} and UTS #46 {uts46:?}"
                );
            }
        }
    }
    assert!(
        missed.is_empty(),
        "decoded in a host: {}",
        missed.join("\n")
    );
    assert!(
        decoded > 100_000 && kept > 50,
        "decoded {decoded}, kept {kept}"
    );
}
