//! HTTP request targets (RFC 9112 §3.2), the Host header (RFC 9110 §7.2), the target URI
//! (RFC 9112 §3.3), and the conversions with `http::Uri`, checked against the RFC's examples
//! and against `http::Uri` itself (hyper's parser) as an independent reader of the same text.

#[allow(dead_code)]
mod support;

use urilex::{ErrorKind, HostPort, RequestTarget, TargetError, TargetForm};

/// The RFC's own examples, each with its method.
#[test]
fn rfc_9112_examples() {
    let t = RequestTarget::parse("GET", "/where?q=now").unwrap(); // §3.2.1
    assert_eq!(
        (t.form(), t.path(), t.query()),
        (TargetForm::Origin, "/where", Some("q=now"))
    );
    assert_eq!(
        t.target_uri("http", Some("www.example.org"))
            .unwrap()
            .as_str(),
        "http://www.example.org/where?q=now"
    );
    let t = RequestTarget::parse("GET", "http://www.example.org/pub/WWW/TheProject.html").unwrap(); // §3.2.2
    assert_eq!(
        (t.form(), t.scheme(), t.host(), t.path()),
        (
            TargetForm::Absolute,
            Some("http"),
            Some("www.example.org"),
            "/pub/WWW/TheProject.html"
        )
    );
    let t = RequestTarget::parse("CONNECT", "www.example.com:80").unwrap(); // §3.2.3
    assert_eq!(
        (t.form(), t.host(), t.port(), t.path()),
        (
            TargetForm::Authority,
            Some("www.example.com"),
            Some("80"),
            ""
        )
    );
    let t = RequestTarget::parse("OPTIONS", "*").unwrap(); // §3.2.4
    assert_eq!(
        (t.form(), t.path(), t.host()),
        (TargetForm::Asterisk, "", None)
    );
    assert_eq!(
        t.target_uri("http", Some("www.example.org:8001"))
            .unwrap()
            .as_str(),
        "http://www.example.org:8001"
    );
    // §3.2.4's other example: OPTIONS to a proxy in absolute-form with an empty path.
    let t = RequestTarget::parse("OPTIONS", "http://www.example.org:8001").unwrap();
    assert_eq!(
        (t.form(), t.path(), t.port()),
        (TargetForm::Absolute, "", Some("8001"))
    );
}

/// Each form with each method: which are allowed (RFC 9112 §3.2.1–§3.2.4, RFC 9110 §9.3.6).
#[test]
fn forms_by_method() {
    let targets = ["/p?q", "http://h/p", "h:443", "*"];
    // "h:443" is authority-form, CONNECT's alone (RFC 9112 §3.2.3). For the others the
    // absolute-URI grammar would read the scheme "h" and the path "443", which no server or
    // proxy wants: refused, with an error that says it is authority-form.
    let allowed = |method: &str, target: &str| match (method, target) {
        ("CONNECT", "h:443") => true,
        ("CONNECT", _) => false,
        ("OPTIONS", "*") => true,
        (_, "*") => false,
        (_, "h:443") => false,
        _ => true,
    };
    for method in ["CONNECT", "OPTIONS", "GET", "POST"] {
        for target in targets {
            let got = RequestTarget::parse(method, target);
            assert_eq!(
                got.is_ok(),
                allowed(method, target),
                "{method} {target}: {got:?}"
            );
            if let Err(e) = got {
                assert!(
                    matches!(
                        e.kind(),
                        ErrorKind::FormNotAllowed
                            | ErrorKind::InvalidChar
                            | ErrorKind::InvalidConnectPort
                            | ErrorKind::AuthorityFormNotAllowed
                    ),
                    "{method} {target}: {e}"
                );
                assert!(e.to_string().contains("RFC 9112 section 3.2"), "{e}");
            }
        }
    }
    // Each refusal names what happened and the rule that refused it.
    for (method, target, kind, says) in [
        (
            "POST",
            "example.com:443",
            ErrorKind::AuthorityFormNotAllowed,
            "authority-form, which only CONNECT takes (RFC 9112 section 3.2.3)",
        ),
        (
            "GET",
            "localhost:8080",
            ErrorKind::AuthorityFormNotAllowed,
            "only CONNECT",
        ),
        (
            "GET",
            "*",
            ErrorKind::FormNotAllowed,
            "'*' is only for OPTIONS (asterisk-form",
        ),
        (
            "CONNECT",
            "/p",
            ErrorKind::FormNotAllowed,
            "CONNECT takes only a host:port target (authority-form",
        ),
        (
            "GET",
            "?q",
            ErrorKind::FormNotAllowed,
            "a path starting with '/' (origin-form",
        ),
        (
            "GET",
            "p",
            ErrorKind::MissingScheme,
            "(absolute-form = absolute-URI, RFC 9112 section 3.2.2)",
        ),
        (
            "GET",
            "/a#f",
            ErrorKind::FragmentNotAllowed,
            "fragment not allowed in a request target: '#' at byte 2 (origin-form",
        ),
        (
            "GET",
            "http://h/#f",
            ErrorKind::FragmentNotAllowed,
            "(absolute-form = absolute-URI, RFC 9112 section 3.2.2)",
        ),
        (
            "GET",
            "/a b",
            ErrorKind::InvalidChar,
            "in path (origin-form = absolute-path",
        ),
        (
            "CONNECT",
            "h:0",
            ErrorKind::InvalidConnectPort,
            "RFC 9110 section 9.3.6",
        ),
        (
            "CONNECT",
            "u@h:443",
            ErrorKind::InvalidChar,
            "(authority-form = uri-host \":\" port, RFC 9112 section 3.2.3)",
        ),
    ] {
        let e = RequestTarget::parse(method, target).unwrap_err();
        assert_eq!(e.kind(), kind, "{method} {target}: {e}");
        assert!(e.to_string().contains(says), "{method} {target}: {e}");
    }
    // A target with a scheme and no host that is not host:port stays absolute-form.
    let t = RequestTarget::parse("GET", "urn:isbn:0451450523").unwrap();
    assert_eq!((t.form(), t.host()), (TargetForm::Absolute, None));
    assert!(RequestTarget::parse("GET", "h:443?q").is_ok());
}

/// RFC 9110 §4.2.1: "A recipient that processes such a URI reference MUST reject it as
/// invalid" (an http or https URI with an empty host), refused by the parse itself.
#[test]
fn http_targets_without_a_host_are_refused() {
    for (target, at) in [
        ("http:///p", 7),
        ("http://@/p", 8),
        ("HTTPS://u:p@:443/", 12),
        ("http:/p", 5),
        ("https:", 6),
        ("http://?q", 7),
    ] {
        let e = RequestTarget::parse("GET", target).unwrap_err();
        assert_eq!(
            (e.kind(), e.index()),
            (ErrorKind::EmptyHost, at),
            "{target}: {e}"
        );
        assert!(e.to_string().contains("RFC 9110 section 4.2.1"), "{e}");
    }
    // Other schemes may have an empty host (RFC 3986 §3.2.2: file:///etc).
    assert!(RequestTarget::parse("GET", "file:///etc/hosts").is_ok());
    assert!(RequestTarget::parse("GET", "http://h/").is_ok());
}

/// The tricky targets of the issue: none is read as another host than the RFC says.
#[test]
fn confusing_targets() {
    // RFC 9110 §4.1: absolute-path = 1*( "/" segment ): "//evil/p" is a path.
    let t = RequestTarget::parse("GET", "//evil.com/path").unwrap();
    assert_eq!(
        (t.form(), t.host(), t.path()),
        (TargetForm::Origin, None, "//evil.com/path")
    );
    assert_eq!(
        t.target_uri("http", Some("good.com")).unwrap().as_str(),
        "http://good.com//evil.com/path"
    );
    // No fragment, no whitespace in a target (§3.2).
    for bad in ["/a#f", "/a b", "http://h/#f", " /a", "/a\t"] {
        assert!(RequestTarget::parse("GET", bad).is_err(), "{bad}");
    }
    // CONNECT: a port from 1 to 65535 is required (RFC 9110 §9.3.6); no userinfo, no path.
    for (bad, kind, at) in [
        ("example.com", ErrorKind::InvalidConnectPort, 11),
        ("example.com:", ErrorKind::InvalidConnectPort, 12),
        ("example.com:0", ErrorKind::InvalidConnectPort, 12),
        ("example.com:65536", ErrorKind::InvalidConnectPort, 12),
        ("user@example.com:443", ErrorKind::InvalidChar, 4),
        ("example.com:443/", ErrorKind::InvalidChar, 15),
        (":443", ErrorKind::InvalidChar, 0),
    ] {
        let e = RequestTarget::parse("CONNECT", bad).unwrap_err();
        assert_eq!((e.kind(), e.index()), (kind, at), "{bad}: {e}");
    }
    let t = RequestTarget::parse("CONNECT", "[2001:db8::1]:8443").unwrap();
    assert_eq!(
        (t.host(), t.port_u16()),
        (Some("[2001:db8::1]"), Some(8443))
    );
    // Userinfo in an http(s) target: its own error (RFC 9110 §4.2.4).
    let t = RequestTarget::parse("GET", "http://u:p@evil.com:8080/").unwrap();
    assert_eq!(t.userinfo(), Some("u:p"));
    assert_eq!(t.target_uri("http", None), Err(TargetError::Userinfo));
    // An empty host in an http URI (RFC 9110 §4.2.1): refused by the parse.
    assert_eq!(
        RequestTarget::parse("GET", "http:///p").unwrap_err().kind(),
        ErrorKind::EmptyHost
    );
    assert_eq!(
        RequestTarget::parse("GET", "/p")
            .unwrap()
            .target_uri("https", Some("")),
        Err(TargetError::EmptyHost)
    );
    // Missing and invalid Host; a Host that differs from the absolute-form authority.
    let t = RequestTarget::parse("GET", "/p").unwrap();
    assert_eq!(t.target_uri("http", None), Err(TargetError::MissingHost));
    assert!(matches!(
        t.target_uri("http", Some("a b")),
        Err(TargetError::InvalidHost(_))
    ));
    assert!(matches!(
        t.target_uri("http", Some("h/x")),
        Err(TargetError::InvalidHost(_))
    ));
    let t = RequestTarget::parse("GET", "http://a.example:80/").unwrap();
    assert_eq!(
        t.target_uri("http", Some("A.EXAMPLE")).unwrap().as_str(),
        "http://a.example:80/"
    );
    // RFC 9112 §3.2.2: a Host that differs from the absolute-form authority is ignored
    // (the target's wins), and reported to a caller who asks.
    assert_eq!(
        t.target_uri("http", Some("b.example:8080"))
            .unwrap()
            .as_str(),
        "http://a.example:80/"
    );
    assert_eq!(
        t.check_host_header(Some("a.example:8080")),
        Err(TargetError::HostMismatch)
    );
    assert_eq!(t.check_host_header(Some("a.example")), Ok(()));
    // But an invalid Host is a 400 whatever the form (RFC 9112 §3.2).
    assert!(matches!(
        t.target_uri("http", Some("a b")),
        Err(TargetError::InvalidHost(_))
    ));
    assert_eq!(
        t.target_uri("http", None).unwrap().as_str(),
        "http://a.example:80/"
    );
}

#[test]
fn host_header_values() {
    for (value, host, port) in [
        ("example.com", "example.com", None),
        ("example.com:8080", "example.com", Some("8080")),
        ("[::1]", "[::1]", None),
        ("[::1]:80", "[::1]", Some("80")),
        ("10.0.0.1:", "10.0.0.1", Some("")),
        ("", "", None),
    ] {
        let h = HostPort::parse(value).unwrap();
        assert_eq!(
            (h.host(), h.port(), h.as_str()),
            (host, port, value),
            "{value}"
        );
    }
    for bad in ["a b", "u@h", "h:x", "h/p", "h?q", "[::1", "[zz]", "h:80:80"] {
        assert!(HostPort::parse(bad).is_err(), "{bad}");
    }
}

/// The conversions with `http::Uri` (feature `http`).
#[cfg(feature = "http")]
mod http_conversions {
    use super::*;
    use support::{assert_no_failures, data};
    use urilex::{UriBuf, UriRef};

    /// The parts `http::Uri` reports, read from `http::Uri` alone.
    fn http_parts(
        h: &http::Uri,
    ) -> (
        Option<String>,
        Option<String>,
        Option<u16>,
        String,
        Option<String>,
    ) {
        (
            h.scheme_str().map(str::to_ascii_lowercase),
            h.host().map(str::to_owned),
            h.port_u16(),
            h.path().to_owned(),
            h.query().map(str::to_owned),
        )
    }

    /// The same parts by urilex; an empty path with an authority reads as `/` (RFC 9112 §3.2.1).
    fn our_parts(
        u: &UriRef<'_>,
    ) -> (
        Option<String>,
        Option<String>,
        Option<u16>,
        String,
        Option<String>,
    ) {
        let path = if u.path().is_empty() && u.host().is_some() {
            "/"
        } else {
            u.path()
        };
        (
            u.scheme().map(str::to_ascii_lowercase),
            u.host().map(str::to_owned),
            u.port_u16(),
            path.to_owned(),
            u.query().map(str::to_owned),
        )
    }

    fn alike(u: &UriRef<'_>, h: &http::Uri) -> bool {
        let (mut a, mut b) = (our_parts(u), http_parts(h));
        // http::Uri gives "" or "/" for an empty path; the same for a request.
        for p in [&mut a.3, &mut b.3] {
            if p.is_empty() {
                *p = "/".into();
            }
        }
        a == b
            && u.port()
                .map_or(true, |p| !p.is_empty() || h.port().is_none())
    }

    /// Random strings over the bytes where the two readings part: `@ : / [ ] ? # %` and a few
    /// others, around hosts and ports.
    fn generated(n: usize) -> Vec<String> {
        let pieces = [
            "http",
            "https",
            "u",
            "example.com",
            "evil.com",
            ":",
            "://",
            "//",
            "/",
            "@",
            "?",
            "#",
            "[::1]",
            "[",
            "]",
            "443",
            "65536",
            "0",
            "a",
            "%41",
            "*",
            ".",
            "..",
            "=",
            "&",
            "-",
            "p",
        ];
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        (0..n)
            .map(|_| {
                let k = 1 + next() % 7;
                (0..k)
                    .map(|_| pieces[(next() % pieces.len() as u64) as usize])
                    .collect()
            })
            .collect()
    }

    /// Every input that urilex converts to `http::Uri` reads alike there (0 mismatches), and every
    /// one it refuses is refused by `http::Uri`, read differently, or has a port above 65535. The
    /// same both ways, and for request targets.
    #[test]
    fn conversions_never_change_a_part() {
        let mut inputs: Vec<String> = data::corpus_lines().into_iter().map(|(_, l)| l).collect();
        inputs.extend(data::all_conformance_strings());
        inputs.extend(generated(120_000));
        let (mut failures, mut converted, mut refused) = (Vec::new(), 0usize, 0usize);
        for s in &inputs {
            if let Ok(u) = UriRef::parse(s) {
                let text = match u.fragment() {
                    Some(f) => &s[..s.len() - f.len() - 1],
                    None => s.as_str(),
                };
                match http::Uri::try_from(u) {
                    Ok(h) => {
                        converted += 1;
                        if !alike(&u, &h) {
                            failures.push(format!(
                                "{s:?}: ours {:?}, http {:?}",
                                our_parts(&u),
                                http_parts(&h)
                            ));
                        }
                    }
                    Err(_) => {
                        refused += 1;
                        let theirs = http::Uri::try_from(text);
                        let explained = match &theirs {
                            Err(_) => true,
                            Ok(h) => {
                                !alike(&u, h)
                                    || (u.port().is_some_and(|p| !p.is_empty())
                                        && u.port_u16().is_none())
                            }
                        };
                        if !explained {
                            failures.push(format!(
                                "{s:?}: refused, but http reads it alike: {:?}",
                                theirs.map(|h| http_parts(&h))
                            ));
                        }
                    }
                }
            }
            if let Ok(h) = http::Uri::try_from(s.as_str()) {
                match UriBuf::try_from(&h) {
                    Ok(b) => {
                        if !alike(&b.as_uri_ref(), &h) {
                            failures.push(format!(
                                "{s:?} from http: ours {:?}, http {:?}",
                                our_parts(&b.as_uri_ref()),
                                http_parts(&h)
                            ));
                        }
                    }
                    Err(e) => {
                        let mut text = h.to_string();
                        if h.scheme().is_none() && h.authority().is_some() {
                            text.insert_str(0, "//");
                        }
                        if let Ok(u) = UriRef::parse(&text) {
                            if alike(&u, &h)
                                && u.port_u16().is_some() == u.port().is_some_and(|p| !p.is_empty())
                            {
                                failures.push(format!("{s:?} from http: refused ({e}) but alike"));
                            }
                        }
                    }
                }
            }
            for method in ["GET", "CONNECT", "OPTIONS"] {
                if let Ok(t) = RequestTarget::parse(method, s) {
                    if let Ok(h) = http::Uri::try_from(&t) {
                        let host_ok = t.host() == h.host()
                            && t.port_u16() == h.port_u16()
                            && t.query() == h.query();
                        let path_ok = match t.form() {
                            TargetForm::Asterisk => h.path() == "*",
                            TargetForm::Authority => h.path().is_empty(),
                            _ => t.path() == h.path() || (t.path().is_empty() && h.path() == "/"),
                        };
                        if !host_ok || !path_ok {
                            failures.push(format!(
                                "{method} {s:?}: target {:?} {:?} {:?}, http {:?}",
                                t.host(),
                                t.port(),
                                t.path(),
                                http_parts(&h)
                            ));
                        }
                    }
                }
            }
        }
        assert_no_failures(&failures, "conversions that change a part");
        assert!(
            converted > 100_000 && refused > 1_000,
            "{converted} converted, {refused} refused"
        );
    }

    /// The cases: each refused, each for its reason.
    #[test]
    fn known_confusions_are_refused() {
        for (s, why) in [
            ("u:p@evil.com:8080", "scheme u, no host"),
            ("example.com:443", "scheme example.com, path 443"),
            ("localhost:8080", "scheme localhost"),
            ("user@evil.com", "a path here, a host there"),
            ("//evil.com/path", "a host here, a path there"),
            ("http://host:65536/", "no TCP port"),
            ("http://host:99999999999/", "no TCP port"),
        ] {
            let u = UriRef::parse(s).unwrap();
            assert!(http::Uri::try_from(u).is_err(), "{s}: {why}");
        }
        // From http::Uri: a CONNECT target keeps its host and port.
        let h: http::Uri = "example.com:443".parse().unwrap();
        let b = UriBuf::try_from(&h).unwrap();
        assert_eq!(
            (b.scheme(), b.host(), b.port()),
            (None, Some("example.com"), Some("443"))
        );
        let t = RequestTarget::try_from(&h).unwrap();
        assert_eq!(
            (t.form(), t.host(), t.port()),
            (TargetForm::Authority, Some("example.com"), Some("443"))
        );
    }
}
