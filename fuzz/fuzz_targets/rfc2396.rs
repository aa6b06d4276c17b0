//! RFC 2396 (`urilex::rfc2396`): never panics; the components put back together are the input;
//! the segments are the path; where the RFC 2396 reading has nothing RFC 3986 reads otherwise
//! (no opaque part, no reg_name, no IPv6 reference, no '[' or ']' in a query or fragment), RFC
//! 3986 splits it the same way; the normal form and resolution against a base never panic, and
//! the normal form is an RFC 2396 reference again.
#![no_main]

use urilex::{rfc2396, UriRef};

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let Ok(s) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(u) = rfc2396::parse(s) else {
        return;
    };
    let mut back = String::new();
    if let Some(scheme) = u.scheme() {
        back += scheme;
        back += ":";
    }
    if let Some(authority) = u.authority() {
        back += "//";
        back += authority;
    }
    back += u.path();
    if let Some(q) = u.query() {
        back += "?";
        back += q;
    }
    if let Some(f) = u.fragment() {
        back += "#";
        back += f;
    }
    assert_eq!(back, s);
    if let (Some(authority), Some(host)) = (u.authority(), u.host()) {
        assert!(authority.contains(host) && !u.is_reg_name());
    }
    let segments: Vec<&str> = u.segments().map(|seg| seg.as_str()).collect();
    if !u.is_opaque() && !u.path().is_empty() {
        let joined = segments.join("/");
        assert_eq!(joined, u.path().strip_prefix('/').unwrap_or(u.path()));
    }
    let bracket = |c: Option<&str>| c.is_some_and(|c| c.contains(['[', ']']));
    let plain = !u.is_opaque()
        && !u.is_reg_name()
        && !u.host().is_some_and(|h| h.starts_with('['))
        && !bracket(u.query())
        && !bracket(u.fragment());
    if plain {
        let r = UriRef::parse(s).unwrap_or_else(|e| panic!("{s:?}: RFC 3986 refuses it: {e}"));
        // RFC 3986's empty host (`///p`, `file:///x`) is RFC 2396's empty server, which has no
        // host (java.net.URI: null).
        assert_eq!(
            (
                r.scheme(),
                r.authority(),
                r.userinfo(),
                r.host().filter(|h| !h.is_empty()),
                r.port(),
                r.path(),
                r.query(),
                r.fragment()
            ),
            (
                u.scheme(),
                u.authority(),
                u.userinfo(),
                u.host(),
                u.port(),
                u.path(),
                u.query(),
                u.fragment()
            ),
            "{s:?}"
        );
    }
    let normal = u.normalized().to_string();
    rfc2396::parse(&normal).unwrap_or_else(|e| panic!("{s:?} -> {normal:?}: {e}"));
    let base = rfc2396::parse("http://a/b/c/d;p?q").unwrap();
    let _ = u.resolve(&base).map(|r| r.to_string());
    if u.scheme().is_some() {
        let _ = base.resolve(&u).map(|r| r.to_string());
    }
});
