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
    assert!(
        failures.is_empty(),
        "{} undocumented disagreements of {} inputs, first 20:\n{}",
        failures.len(),
        inputs.len(),
        failures[..failures.len().min(20)].join("\n")
    );
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
