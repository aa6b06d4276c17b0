//! The conveniences that make the API compose (issue 17), checked against independent
//! references: the `url` crate (WHATWG) for default ports and origins, `String` for order and
//! hashing, the decoder for the form encoder, and plain text for the Debug redaction.

#[allow(dead_code)]
mod support;

use std::collections::hash_map::DefaultHasher;
use std::collections::{BTreeSet, HashSet};
use std::hash::{Hash, Hasher};

use proptest::prelude::*;
use support::{assert_no_failures, data};
use urilex::{pct, Normalization, UriBuf, UriRef};

/// Corpus lines and conformance inputs that parse.
fn valid_inputs() -> Vec<String> {
    let mut out: Vec<String> = data::corpus_lines().into_iter().map(|(_, l)| l).collect();
    out.extend(data::all_conformance_strings());
    out.retain(|s| UriRef::parse(s).is_ok());
    out.sort();
    out.dedup();
    out
}

/// `port_or_default` and `origin` agree with the `url` crate (WHATWG URL Standard) on every
/// input both read alike: the schemes with a default port, ASCII hosts without
/// percent-encoding or IP literals (where WHATWG rewrites the host), ports up to 65535.
#[test]
fn default_ports_and_origins_agree_with_the_url_crate() {
    let (mut failures, mut checked) = (Vec::new(), 0);
    for s in valid_inputs() {
        let u = UriRef::parse(&s).unwrap();
        let (Some(scheme), Some(host)) = (u.scheme(), u.host()) else {
            continue;
        };
        let special =
            ["http", "https", "ws", "wss", "ftp"].contains(&scheme.to_ascii_lowercase().as_str());
        let plain_host = !host.is_empty()
            && host.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'.')
            && !host.bytes().all(|b| b.is_ascii_digit() || b == b'.')
            && !host.ends_with('.')
            // WHATWG reads rare IPv4 forms (`0x7f.1`) as addresses (RFC 3986 §7.4).
            && u.rare_ipv4_host().is_none();
        if !special || !plain_host || u.userinfo().is_some_and(|i| i.contains('%')) {
            continue;
        }
        let Ok(w) = url::Url::parse(&s) else { continue };
        checked += 1;
        if u.port_or_default() != w.port_or_known_default() {
            failures.push(format!(
                "{s}: port_or_default {:?}, url {:?}",
                u.port_or_default(),
                w.port_or_known_default()
            ));
        }
        let ours = u.origin().map(|o| o.to_string());
        if ours.as_deref() != Some(w.origin().ascii_serialization().as_str()) {
            failures.push(format!(
                "{s}: origin {ours:?}, url {}",
                w.origin().ascii_serialization()
            ));
        }
    }
    assert_no_failures(&failures, "disagreements with url");
    assert!(checked > 10_000, "{checked} checked");
}

/// `UriBuf` and `UriRef` order, compare and hash as their text does, so sets of either can be
/// searched by `&str`.
#[test]
fn order_equality_and_hash_follow_the_text() {
    let inputs = valid_inputs();
    let bufs: Vec<UriBuf> = inputs
        .iter()
        .take(5_000)
        .map(|s| s.parse().unwrap())
        .collect();
    let mut sorted = bufs.clone();
    sorted.sort();
    let mut texts: Vec<&str> = bufs.iter().map(|b| b.as_str()).collect();
    texts.sort();
    assert!(sorted.iter().map(UriBuf::as_str).eq(texts.iter().copied()));
    let refs: BTreeSet<UriRef> = inputs
        .iter()
        .take(5_000)
        .map(|s| UriRef::parse(s).unwrap())
        .collect();
    assert!(refs.iter().map(|u| u.as_str()).eq(texts.iter().copied()));
    let hashed: HashSet<UriBuf> = bufs.iter().cloned().collect();
    let tree: BTreeSet<UriBuf> = bufs.iter().cloned().collect();
    for s in texts.iter().step_by(7) {
        assert!(hashed.contains(*s) && tree.contains(*s), "{s}");
        let b: UriBuf = s.parse().unwrap();
        assert_eq!(hash(&b), hash(*s), "Hash agrees with Borrow<str>: {s}");
        assert_eq!(String::from(b), *s);
    }
}

fn hash<T: Hash + ?Sized>(x: &T) -> u64 {
    let mut h = DefaultHasher::new();
    x.hash(&mut h);
    h.finish()
}

/// A hasher that does not stream: each `write` call is hashed apart, so a `Hash` that cut the
/// same text into different pieces would give different hashes.
#[derive(Default)]
struct PerCall(u64);

impl Hasher for PerCall {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        let mut h = DefaultHasher::new();
        bytes.hash(&mut h); // length-prefixed: the cut shows
        self.0 = self.0.rotate_left(5) ^ h.finish();
    }
}

/// `Normalized` is equal exactly when the normalized texts are, and hashes equal texts alike
/// whatever pieces `Display` wrote them in.
#[test]
fn normalized_eq_and_hash_follow_the_normal_text() {
    let inputs = valid_inputs();
    // Variants that normalize alike: case, encoded unreserved characters, dot-segments.
    let variants = |s: &str| {
        let mut v = vec![
            s.to_string(),
            s.to_ascii_uppercase(),
            s.replacen('/', "/./", 2),
        ];
        v.push(s.replace('a', "%61").replace('~', "%7e"));
        v
    };
    let mut checked = 0;
    for s in inputs.iter().step_by(11).take(3_000) {
        let texts: Vec<String> = variants(s)
            .into_iter()
            .filter(|t| UriRef::parse(t).is_ok())
            .collect();
        let parsed: Vec<UriRef> = texts.iter().map(|t| UriRef::parse(t).unwrap()).collect();
        for level in [Normalization::Syntax, Normalization::SchemeBased] {
            for a in &parsed {
                for b in &parsed {
                    let (na, nb) = (a.normalized_with(level), b.normalized_with(level));
                    let same_text = na.to_string() == nb.to_string();
                    assert_eq!(na == nb, same_text, "{a} vs {b} ({level:?})");
                    if same_text {
                        assert_eq!(hash(&na), hash(&nb), "{a} vs {b}");
                        let per_call = |n: &urilex::Normalized| {
                            let mut h = PerCall::default();
                            n.hash(&mut h);
                            h.finish()
                        };
                        assert_eq!(per_call(&na), per_call(&nb), "{a} vs {b}");
                    }
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 20_000, "{checked}");
}

/// Resolve, normalize, own and edit without a string round trip; the results equal the
/// round trip through strings.
#[test]
fn views_compose_like_string_round_trips() {
    for (base, reference, target) in data::rfc3986_5_4_examples()
        .into_iter()
        .map(|(r, t)| ("http://a/b/c/d;p?q".to_string(), r, t))
    {
        let b = UriRef::parse(&base).unwrap();
        let r = UriRef::parse(&reference).unwrap();
        let resolved = r.resolve(&b).unwrap();
        assert_eq!(resolved.to_buf(), target.as_str());
        let via_strings = UriRef::parse(&resolved.to_string())
            .unwrap()
            .normalized()
            .to_string();
        assert_eq!(resolved.normalized(), via_strings.as_str(), "{reference}");
        assert_eq!(
            UriRef::parse(&target).unwrap().normalized().to_buf(),
            via_strings.as_str()
        );
        assert_eq!(r.to_buf(), reference.as_str());
    }
}

/// No `Debug` output holds the password; `Display` and `as_str` stay exact.
#[test]
fn debug_redacts_passwords() {
    let password = "s3cr3t-Pa55";
    for text in [
        format!("https://alice:{password}@example.com/inbox?x#y"),
        format!("//bob:{password}@h:8080"),
        format!("ftp://u:{password}:more@h/"),
    ] {
        let u = UriRef::parse(&text).unwrap();
        let buf = UriBuf::parse(&text).unwrap();
        let base = UriRef::parse("http://other/").unwrap();
        let resolved = u.resolve(&base).unwrap();
        let outputs = [
            format!("{u:?}"),
            format!("{u:#?}"),
            format!("{buf:?}"),
            format!("{resolved:?}"),
            format!("{:?}", u.normalized()),
            format!("{:?}", Some(buf.clone())),
        ];
        for out in &outputs {
            assert!(!out.contains(password), "{out}");
            assert!(out.contains("***"), "{out}");
        }
        assert!(outputs[2].starts_with("UriBuf"), "{}", outputs[2]);
        assert_eq!(u.to_string(), text);
        assert_eq!(buf.as_str(), text);
        assert!(resolved.to_string().contains(password));
    }
    // No password, nothing hidden.
    let u = UriRef::parse("ftp://anonymous@h/").unwrap();
    assert!(format!("{u:?}").contains("\"anonymous\""));
}

/// The rhymu8354/Uri path model: the segments join back to the path, and setting decoded
/// segments gives back the same decoded segments.
#[test]
fn path_segments_round_trip() {
    let decode = |s: &str| pct::decode_utf8_lossy(s).into_owned();
    let mut failures = Vec::new();
    for s in valid_inputs().iter().step_by(3) {
        let u = UriRef::parse(s).unwrap();
        let segments: Vec<&str> = u.path_segments().collect();
        let joined = if segments == [""] {
            "/".to_string()
        } else {
            segments.join("/")
        };
        if joined != u.path() {
            failures.push(format!("{s}: {segments:?}"));
        }
        assert_eq!(
            u.contains_relative_path(),
            u.authority().is_none() && !u.path().starts_with('/')
        );
        let decoded: Vec<String> = segments.iter().map(|g| decode(g)).collect();
        let mut buf = u.to_buf();
        match buf.set_path_segments(&decoded) {
            Ok(()) => {
                let again: Vec<String> = buf.path_segments().map(decode).collect();
                if again != decoded {
                    failures.push(format!("{s}: {decoded:?} -> {again:?}"));
                }
            }
            // Only a shape no path can have here: "//" without an authority, or a relative
            // path under an authority.
            Err(e) => assert!(
                matches!(
                    e.kind(),
                    urilex::SetErrorKind::PathStartsWithTwoSlashes
                        | urilex::SetErrorKind::PathNotAbsolute
                ),
                "{s}: {e}"
            ),
        }
    }
    assert_no_failures(&failures, "path segment round trips");
}

/// The error umbrella takes every error type.
#[test]
fn every_error_converts_into_urilex_error() {
    let parse: urilex::Error = UriRef::parse("a b").unwrap_err().into();
    let resolve: urilex::Error = UriRef::parse("x")
        .unwrap()
        .resolve(&UriRef::parse("/rel").unwrap())
        .unwrap_err()
        .into();
    let set: urilex::Error = UriBuf::parse("h")
        .unwrap()
        .set_port("1")
        .unwrap_err()
        .into();
    for (e, kind) in [(parse, "Parse"), (resolve, "Resolve"), (set, "Set")] {
        assert!(format!("{e:?}").starts_with(kind), "{e:?}");
        assert!(std::error::Error::source(&e).is_some());
        assert!(!e.to_string().is_empty());
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 4_000, ..ProptestConfig::default() })]

    /// Form-encoded pairs decode back exactly, whatever the text.
    #[test]
    fn query_pairs_round_trip(pairs in prop::collection::vec((any::<String>(), any::<String>()), 0..5), start in "(\\?[a-z=&]{0,6})?") {
        let mut appended = UriBuf::parse(&format!("http://h/p{start}#f")).unwrap();
        for (k, v) in &pairs {
            appended.append_query_pair(k, v).unwrap();
        }
        let mut set = UriBuf::parse("http://h/p?old=1").unwrap();
        set.set_query_pairs(pairs.iter().map(|(k, v)| (k, v))).unwrap();
        let decode = |q: &str| -> Vec<(Vec<u8>, Vec<u8>)> {
            pct::query_pairs(q).plus_as_space(true).map(|(k, v)| (k.bytes().collect(), v.bytes().collect())).collect()
        };
        let want: Vec<(Vec<u8>, Vec<u8>)> = pairs.iter().map(|(k, v)| (k.clone().into_bytes(), v.clone().into_bytes())).collect();
        let start_pairs = decode(start.strip_prefix('?').unwrap_or(""));
        let got = decode(appended.query().unwrap_or(""));
        prop_assert_eq!(&got[start_pairs.len()..], &want[..]);
        prop_assert_eq!(appended.fragment(), Some("f"));
        prop_assert_eq!(decode(set.query().unwrap_or("")), want.clone());
        prop_assert_eq!(set.query().is_none(), pairs.is_empty());
    }
}

/// `path_segments` (rhymu8354/Uri's convention) and `segments`, one iterator type, against
/// their definitions by `str::split`, forward and backward.
#[test]
fn segments_and_path_segments_by_their_definitions() {
    for path in [
        "", "/", "//", "/a", "/a/b", "a", "a/b", "foo/", "/a//b/", "a/", "/./..", "///x",
    ] {
        let text = if path.starts_with("//") {
            format!("http://h{path}")
        } else {
            path.to_string()
        };
        let uri = UriRef::parse(&text).unwrap();
        let p = uri.path();
        let expected: Vec<&str> = match p {
            "" => vec![],
            "/" => vec![""],
            _ => p.split('/').collect(),
        };
        assert_eq!(uri.path_segments().collect::<Vec<_>>(), expected, "{p:?}");
        let mut back: Vec<&str> = uri.path_segments().rev().collect();
        back.reverse();
        assert_eq!(back, expected, "{p:?} backward");
        let expected: Vec<&str> = match p {
            "" => vec![],
            _ => p.strip_prefix('/').unwrap_or(p).split('/').collect(),
        };
        assert_eq!(uri.segments().collect::<Vec<_>>(), expected, "{p:?}");
        let mut back: Vec<&str> = uri.segments().rev().collect();
        back.reverse();
        assert_eq!(back, expected, "{p:?} backward");
    }
}
