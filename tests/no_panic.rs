//! No panic is reachable from the public API: every public method of every public type
//! (`fuzz/src/api.rs`, shared with the `api` fuzz target) on the conformance strings, on pairs
//! of them, on the reported panic (an IRI resolved and normalized), and under proptest on
//! strings built from the pieces that reach the grammars' corners: non-ASCII text, IP
//! literals, percent-encodings, dot-segments, delimiters, bidi characters.

#[allow(dead_code)]
mod support;

#[allow(dead_code)]
#[path = "../fuzz/src/api.rs"]
mod api;

use proptest::prelude::*;

/// The text that once reached code written for URIs: an IRI resolved, then normalized and
/// owned. Now an IRI gives IRIs, and `to_uri` is the way to a URI.
#[test]
fn an_iri_resolved_and_normalized_is_an_iri() {
    let base = urilex::IriRef::parse("https://es.wikipedia.org/wiki/Animal").unwrap();
    let target = urilex::IriRef::parse("/wiki/Ñandú")
        .unwrap()
        .resolve(&base)
        .unwrap();
    assert_eq!(
        target.to_normalized_string(),
        "https://es.wikipedia.org/wiki/Ñandú"
    );
    assert_eq!(
        target.to_uri().normalized().to_string(),
        "https://es.wikipedia.org/wiki/%C3%91and%C3%BA"
    );
    api::every_method("/wiki/Ñandú", "https://es.wikipedia.org/wiki/Animal");
    api::every_method("https://es.wikipedia.org/wiki/Animal", "/wiki/Ñandú");
}

#[test]
fn every_method_on_the_conformance_strings() {
    let inputs = support::data::all_conformance_strings();
    assert!(inputs.len() > 1_000, "{}", inputs.len());
    for (i, a) in inputs.iter().enumerate() {
        // Each with itself and with a neighbour: references against bases, values in setters.
        api::every_method(a, a);
        api::every_method(a, &inputs[(i * 7 + 1) % inputs.len()]);
    }
}

/// Pieces of the grammars' corners, joined at random.
fn hostile() -> impl Strategy<Value = String> {
    let pieces = prop::sample::select(vec![
        "http:",
        "s:",
        "//",
        "/",
        "./",
        "../",
        ".",
        "..",
        "?",
        "#",
        "@",
        ":",
        "[",
        "]",
        "[::1]",
        "[v1.x]",
        "%",
        "%2",
        "%41",
        "%C3%A9",
        "%EF%BC%8F",
        "%00",
        "a",
        "é",
        "例え",
        "ü:",
        "\u{202E}",
        "\u{FF0F}",
        "\u{200B}",
        " ",
        "\t",
        "|",
        "\\",
        "*",
        "=",
        "&",
        "+",
        "0x7f.1",
        "127.1",
        ":80",
        "u:p@",
        "xn--",
        ";p",
        "\u{FFFD}",
        "\u{10FFFF}",
    ]);
    prop::collection::vec(pieces, 0..12).prop_map(|v| v.concat())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2_000))]

    #[test]
    fn every_method_on_hostile_pairs(a in hostile(), b in hostile()) {
        api::every_method(&a, &b);
    }

    #[test]
    fn every_method_on_any_text(a in ".{0,40}", b in ".{0,20}") {
        api::every_method(&a, &b);
    }
}

/// The api target's seeds (and any finding kept in fuzz/regressions/api/) replay here.
#[test]
fn the_api_fuzz_seeds_replay() {
    let mut replayed = 0;
    for dir in ["fuzz/seeds/api", "fuzz/regressions/api"] {
        let Ok(entries) = std::fs::read_dir(dir) else {
            continue;
        };
        for entry in entries {
            let data = std::fs::read(entry.unwrap().path()).unwrap();
            let text = String::from_utf8_lossy(&data);
            let (a, b) = text.split_once('\0').unwrap_or((&text, &text));
            api::every_method(a, b);
            replayed += 1;
        }
    }
    assert!(replayed >= 50, "{replayed}");
}
