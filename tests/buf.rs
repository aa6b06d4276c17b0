//! `UriBuf` setters and builder, checked against fluent-uri 0.4 as an independent validator:
//! a setter must succeed exactly when the recomposed text (RFC 3986 §5.3) is a valid URI
//! reference whose components are the ones that were set, and must leave the URI unchanged
//! when it fails.

use proptest::prelude::*;
use urilex::{Component, SetErrorKind, UriBuf, UriRef};

/// Components as fluent-uri reads them: (scheme, userinfo, host, port, path, query, fragment).
type Comps = (
    Option<String>,
    Option<String>,
    Option<String>,
    Option<String>,
    String,
    Option<String>,
    Option<String>,
);

fn fluent_components(s: &str) -> Option<Comps> {
    let u = fluent_uri::UriRef::parse(s).ok()?;
    let a = u.authority();
    Some((
        u.scheme().map(|x| x.as_str().to_string()),
        a.as_ref()
            .and_then(|a| a.userinfo())
            .map(|x| x.as_str().to_string()),
        a.as_ref().map(|a| a.host().to_string()),
        a.as_ref()
            .and_then(|a| a.port())
            .map(|x| x.as_str().to_string()),
        u.path().as_str().to_string(),
        u.query().map(|x| x.as_str().to_string()),
        u.fragment().map(|x| x.as_str().to_string()),
    ))
}

fn ours(u: &UriRef<'_>) -> Comps {
    let o = |x: Option<&str>| x.map(str::to_string);
    (
        o(u.scheme()),
        o(u.userinfo()),
        o(u.host()),
        o(u.port()),
        u.path().to_string(),
        o(u.query()),
        o(u.fragment()),
    )
}

fn recompose(c: &Comps) -> String {
    let mut s = String::new();
    if let Some(x) = &c.0 {
        s += x;
        s += ":";
    }
    if let Some(h) = &c.2 {
        s += "//";
        if let Some(u) = &c.1 {
            s += u;
            s += "@";
        }
        s += h;
        if let Some(p) = &c.3 {
            s += ":";
            s += p;
        }
    }
    s += &c.4;
    if let Some(q) = &c.5 {
        s += "?";
        s += q;
    }
    if let Some(f) = &c.6 {
        s += "#";
        s += f;
    }
    s
}

const BASES: &[&str] = &[
    "http://u@example.com:80/a/b?q#f",
    "s:a/b",
    "urn:a:b",
    "//x//y",
    "/p?q",
    "a/b#f",
    "",
    "file:///etc",
    "s://h",
    "?q",
];

const VALUES: &[&str] = &[
    "",
    "a",
    "A+b.c",
    "1x",
    "a b",
    "%",
    "%zz",
    "%2F",
    "[::1]",
    "[::g]",
    "[v1.x]",
    "[v1.]",
    "[",
    "x:y",
    "//y",
    "/a",
    "/",
    "a@b",
    "80",
    "8a",
    "\u{fc}",
    "a#b",
    "a?b",
    "b/c",
    "/x:y",
    "//",
    "127.0.0.1",
    "[::1",
    "::1",
];

#[derive(Clone, Copy, Debug)]
enum Op {
    Set(Component),
    Remove(Component),
}

fn ops() -> Vec<Op> {
    use Component::*;
    let mut v: Vec<Op> = [Scheme, Userinfo, Host, Port, Path, Query, Fragment]
        .into_iter()
        .map(Op::Set)
        .collect();
    v.extend(
        [Scheme, Userinfo, Authority, Port, Query, Fragment]
            .into_iter()
            .map(Op::Remove),
    );
    v
}

fn apply(buf: &mut UriBuf, op: Op, value: &str) -> Result<(), urilex::SetError> {
    match op {
        Op::Set(Component::Scheme) => buf.set_scheme(value),
        Op::Set(Component::Userinfo) => buf.set_userinfo(value),
        Op::Set(Component::Host) => buf.set_host(value),
        Op::Set(Component::Port) => buf.set_port(value),
        Op::Set(Component::Path) => buf.set_path(value),
        Op::Set(Component::Query) => buf.set_query(value),
        Op::Set(Component::Fragment) => buf.set_fragment(value),
        Op::Remove(Component::Scheme) => buf.remove_scheme(),
        Op::Remove(Component::Userinfo) => {
            buf.remove_userinfo();
            Ok(())
        }
        Op::Remove(Component::Authority) => buf.remove_authority(),
        Op::Remove(Component::Port) => {
            buf.remove_port();
            Ok(())
        }
        Op::Remove(Component::Query) => {
            buf.remove_query();
            Ok(())
        }
        Op::Remove(Component::Fragment) => {
            buf.remove_fragment();
            Ok(())
        }
        _ => unreachable!(),
    }
}

/// What the components should be after the operation.
fn intended(mut c: Comps, op: Op, value: &str) -> Comps {
    let v = Some(value.to_string());
    match op {
        Op::Set(Component::Scheme) => c.0 = v,
        Op::Set(Component::Userinfo) => c.1 = v,
        Op::Set(Component::Host) => c.2 = v,
        Op::Set(Component::Port) => c.3 = v,
        Op::Set(Component::Path) => c.4 = value.to_string(),
        Op::Set(Component::Query) => c.5 = v,
        Op::Set(Component::Fragment) => c.6 = v,
        Op::Remove(Component::Scheme) => c.0 = None,
        Op::Remove(Component::Userinfo) => c.1 = None,
        Op::Remove(Component::Authority) => (c.1, c.2, c.3) = (None, None, None),
        Op::Remove(Component::Port) => c.3 = None,
        Op::Remove(Component::Query) => c.5 = None,
        Op::Remove(Component::Fragment) => c.6 = None,
        _ => unreachable!(),
    }
    c
}

/// Every operation on every base with every value, against fluent-uri.
#[test]
fn setters_agree_with_fluent_uri() {
    let (mut checked, mut oks) = (0, 0);
    for base in BASES {
        for op in ops() {
            for value in VALUES {
                let mut buf = UriBuf::parse(base).unwrap();
                let before = ours(&buf.as_uri_ref());
                let want = intended(before.clone(), op, value);
                let candidate = recompose(&want);
                // Valid exactly when the recomposed text parses back to the intended components
                // (a userinfo or port without a host cannot even be written).
                let expect_ok = (want.2.is_some() || (want.1.is_none() && want.3.is_none()))
                    && fluent_components(&candidate).as_ref() == Some(&want);
                let got = apply(&mut buf, op, value);
                assert_eq!(
                    got.is_ok(),
                    expect_ok,
                    "{op:?}({value:?}) on {base:?}: got {got:?}, candidate {candidate:?}"
                );
                if expect_ok {
                    oks += 1;
                    assert_eq!(buf.as_str(), candidate);
                    // The stored layout is what a fresh parse finds.
                    assert_eq!(ours(&buf.as_uri_ref()), want);
                    assert_eq!(ours(&UriRef::parse(buf.as_str()).unwrap()), want);
                } else {
                    assert_eq!(buf.as_str(), *base, "unchanged on error");
                }
                checked += 1;
            }
        }
    }
    assert_eq!(checked, BASES.len() * ops().len() * VALUES.len());
    eprintln!("{checked} operations checked, {oks} accepted");
    // Both outcomes are exercised.
    assert!(
        oks > checked / 5 && oks < checked * 4 / 5,
        "{oks} of {checked}"
    );
}

#[test]
fn error_positions() {
    let mut b = UriBuf::parse("http://h/").unwrap();
    let e = b.set_path("/a%2").unwrap_err();
    assert_eq!(
        (e.component(), e.index(), e.kind()),
        (
            Component::Path,
            4,
            SetErrorKind::Syntax(urilex::ErrorKind::InvalidPercentEncoding)
        )
    );
    let e = b.set_path("rel").unwrap_err();
    assert_eq!(e.kind(), SetErrorKind::PathNotAbsolute);
    let e = b.set_host("[v1.a b]").unwrap_err();
    assert_eq!((e.component(), e.index()), (Component::Host, 5));
    let mut r = UriBuf::parse("//x//y").unwrap();
    assert_eq!(
        r.remove_authority().unwrap_err().kind(),
        SetErrorKind::PathStartsWithTwoSlashes
    );
    let e = UriBuf::parse("a").unwrap().set_path("ok/x:y:z").map(|_| ());
    assert!(e.is_ok(), "':' after the first segment is fine");
    let e = UriBuf::parse("a").unwrap().set_path("ab:c").unwrap_err();
    assert_eq!(
        (e.index(), e.kind()),
        (
            2,
            SetErrorKind::Syntax(urilex::ErrorKind::ColonInFirstSegment)
        )
    );
    assert_eq!(
        UriBuf::parse("/p")
            .unwrap()
            .set_port("1")
            .unwrap_err()
            .kind(),
        SetErrorKind::NoAuthority
    );
    assert!(!e.to_string().is_empty());
}

#[test]
fn builder_and_conversions() {
    let b = UriBuf::builder()
        .scheme("http")
        .host("h")
        .port("")
        .path("")
        .query("")
        .fragment("")
        .build()
        .unwrap();
    assert_eq!(b.as_str(), "http://h:?#");
    assert_eq!(
        ours(&b.as_uri_ref()),
        fluent_components(b.as_str()).unwrap()
    );
    assert_eq!(UriBuf::builder().build().unwrap().as_str(), "");
    assert_eq!(
        UriBuf::builder().userinfo("u").build().unwrap_err().kind(),
        SetErrorKind::NoAuthority
    );
    assert_eq!(
        UriBuf::builder().path("//a").build().unwrap_err().kind(),
        SetErrorKind::PathStartsWithTwoSlashes
    );
    let parsed: UriBuf = "s://a/b".parse().unwrap();
    assert_eq!(parsed.to_string(), "s://a/b");
    assert_eq!(UriBuf::try_from(String::from("x:y")).unwrap(), "x:y");
    assert_eq!(
        UriRef::parse("a:b").unwrap().to_buf(),
        UriBuf::parse("a:b").unwrap()
    );
    let mut p = UriBuf::parse("http://h/").unwrap();
    p.set_port_u16(0).unwrap();
    assert_eq!(p.as_str(), "http://h:0/");
    p.set_port_u16(65535).unwrap();
    assert_eq!(p.as_uri_ref().port(), Some("65535"));
}

#[cfg(feature = "serde")]
#[test]
fn serde_round_trip() {
    let b = UriBuf::parse("http://h/a?b#c").unwrap();
    let json = serde_json::to_string(&b).unwrap();
    assert_eq!(json, "\"http://h/a?b#c\"");
    let back: UriBuf = serde_json::from_str(&json).unwrap();
    assert_eq!(back, b);
    let r: UriRef<'_> = serde_json::from_str(&json).unwrap();
    assert_eq!(r.query(), Some("b"));
    assert_eq!(serde_json::to_string(&r).unwrap(), json);
}

#[cfg(feature = "http")]
#[test]
fn http_conversions() {
    let b = UriBuf::parse("https://u@example.com:8443/a/b?q=1#frag").unwrap();
    let h = http::Uri::try_from(&b).unwrap();
    assert_eq!(h.to_string(), "https://u@example.com:8443/a/b?q=1");
    assert_eq!(h.host(), Some("example.com"));
    let back = UriBuf::try_from(&h).unwrap();
    assert_eq!(back.as_str(), "https://u@example.com:8443/a/b?q=1");
    let origin: http::Uri = "/path?x".parse().unwrap();
    assert_eq!(
        UriBuf::try_from(origin).unwrap().as_uri_ref().path(),
        "/path"
    );
    assert!(http::Uri::try_from(UriBuf::parse("a/b").unwrap()).is_err());
}

proptest! {
    /// Random chains of operations: after each, `as_str()` parses (fluent-uri) to exactly the
    /// components the buffer reports, and a failed operation changes nothing.
    #[test]
    fn chains_stay_valid(steps in prop::collection::vec((0usize..13, 0usize..VALUES.len()), 1..12), base in 0usize..BASES.len()) {
        let mut buf = UriBuf::parse(BASES[base]).unwrap();
        let all = ops();
        for (o, v) in steps {
            let before = buf.as_str().to_string();
            let want = intended(ours(&buf.as_uri_ref()), all[o], VALUES[v]);
            match apply(&mut buf, all[o], VALUES[v]) {
                Ok(()) => {
                    prop_assert_eq!(fluent_components(buf.as_str()), Some(want.clone()));
                    prop_assert_eq!(ours(&buf.as_uri_ref()), want);
                }
                Err(_) => prop_assert_eq!(buf.as_str(), before),
            }
        }
    }
}
