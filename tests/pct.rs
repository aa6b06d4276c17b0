//! Percent-encoding: round trips for arbitrary bytes, the encoded text matches each
//! component's ABNF (RFC 3986 Appendix A, through the independent predicates of
//! tests/support/abnf.rs), and query pairs.

#[allow(dead_code)]
mod support;

use proptest::prelude::*;
use std::borrow::Cow;
use support::abnf;
use urilex::{pct, Component};

/// Bytes a component may hold literally (`%` is never literal data), from the ABNF predicates
/// of `support::abnf` (written independently of the library's tables).
fn literal_ok(c: Component, b: u8) -> bool {
    match c {
        Component::Scheme => abnf::scheme(b),
        Component::Authority => abnf::reg_name(b) || b":@[]".contains(&b),
        Component::Userinfo => abnf::userinfo(b),
        Component::Host => abnf::reg_name(b),
        Component::Port => abnf::digit(b),
        Component::Path => abnf::pchar(b) || b == b'/',
        Component::Query => abnf::query(b),
        Component::Fragment => abnf::fragment(b),
    }
}

/// The naive encoder: one byte at a time.
fn naive_encode(input: &[u8], c: Component) -> String {
    input
        .iter()
        .map(|&b| {
            if literal_ok(c, b) {
                (b as char).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect()
}

proptest! {
    #[test]
    fn round_trip_and_exact_set(bytes in prop::collection::vec(any::<u8>(), 0..64)) {
        for c in Component::ALL {
            let enc = pct::encode(&bytes[..], c).to_string();
            prop_assert_eq!(&enc, &naive_encode(&bytes, c), "{:?}", c);
            prop_assert_eq!(pct::decode(&enc).collect::<Vec<u8>>(), bytes.clone());
            prop_assert_eq!(pct::decode_bytes(&enc).into_owned(), bytes.clone());
            // Chunks concatenate to the Display output.
            prop_assert_eq!(pct::encode(&bytes[..], c).collect::<String>(), enc);
        }
    }

    #[test]
    fn utf8_round_trip(s in "\\PC*") {
        for c in Component::ALL {
            let enc = pct::encode(&s, c).to_string();
            prop_assert_eq!(pct::decode_utf8(&enc).unwrap(), s.as_str());
        }
    }

    /// Encoding a query's keys and values, then splitting and decoding, gives them back.
    #[test]
    fn query_pairs_round_trip(pairs in prop::collection::vec(("[a-z&=+% ]{1,6}", "[a-z&=+% ]{0,6}"), 0..5)) {
        // '&' and '=' are query characters, so they must be encoded here by hand.
        let enc = |s: &str| pct::encode(s, Component::Query).to_string().replace('&', "%26").replace('=', "%3D");
        let q: Vec<String> = pairs.iter().map(|(k, v)| format!("{}={}", enc(k), enc(v))).collect();
        let q = q.join("&");
        let got: Vec<(String, String)> = pct::query_pairs(&q).map(|(k, v)| (k.to_string(), v.to_string())).collect();
        prop_assert_eq!(got, pairs);
    }
}

#[test]
fn decode_edge_cases() {
    assert_eq!(pct::decode("%").collect::<Vec<u8>>(), b"%");
    assert_eq!(pct::decode("%4").collect::<Vec<u8>>(), b"%4");
    assert_eq!(pct::decode("%4g%41").collect::<Vec<u8>>(), b"%4gA");
    assert_eq!(pct::decode("%%41").collect::<Vec<u8>>(), b"%A");
    assert!(matches!(pct::decode_bytes("abc"), Cow::Borrowed(_)));
    assert!(matches!(pct::decode_utf8("abc"), Ok(Cow::Borrowed("abc"))));
    let err = pct::decode_utf8("a%C3").unwrap_err();
    assert_eq!(err.utf8_error().valid_up_to(), 1);
    assert_eq!(err.into_bytes(), b"a\xC3");
    assert_eq!(pct::decode_utf8_lossy("%E2%82%AC%E2"), "\u{20AC}\u{FFFD}");
}

#[test]
fn query_pairs_behaviour() {
    let q = "a=1&&b&c=x=y&=v&d=%2B+";
    let raw: Vec<(&str, &str)> = pct::query_pairs(q)
        .map(|(k, v)| (k.raw(), v.raw()))
        .collect();
    assert_eq!(
        raw,
        [
            ("a", "1"),
            ("b", ""),
            ("c", "x=y"),
            ("", "v"),
            ("d", "%2B+")
        ]
    );
    let (_, d) = pct::query_pairs(q).last().unwrap();
    assert!(d == "++");
    let (_, d) = pct::query_pairs(q).plus_as_space(true).last().unwrap();
    assert!(d == "+ ");
    assert_eq!(d.decode_utf8().unwrap(), "+ ");
    let uri = urilex::UriRef::parse("http://h/?x=%FF").unwrap();
    let (_, v) = uri.query_pairs().next().unwrap();
    assert_eq!(v.to_string(), "\u{FFFD}");
    assert_eq!(
        urilex::UriRef::parse("/p").unwrap().query_pairs().count(),
        0
    );
}
