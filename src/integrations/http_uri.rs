//! Conversions with `http::Uri` (feature `http`) that never change a part.
//!
//! `http::Uri` reads some texts differently from RFC 3986: `user@evil.com` is a host for it
//! and a path for RFC 3986, `//evil.com/p` a path for it and a host for RFC 3986,
//! `example.com:443` an authority for it and a scheme and path for RFC 3986. A proxy that
//! checks the host with one and forwards with the other is open to host confusion. So every
//! conversion here converts, then compares the scheme, host, port, path and query that both
//! sides report, and refuses the value when any differs, or when the port is above 65535
//! (which `http::Uri` cannot give as a number).

use alloc::string::{String, ToString};

use crate::{Component, HttpUriError, RequestTarget, TargetForm, UriBuf, UriRef};

/// The parts both sides name, for comparison.
#[derive(Debug, PartialEq, Eq)]
struct Parts<'a> {
    scheme: Option<String>,
    host: Option<&'a str>,
    port: Option<&'a str>,
    path: &'a str,
    query: Option<&'a str>,
}

fn http_parts(h: &http::Uri) -> Parts<'_> {
    Parts {
        scheme: h.scheme_str().map(|s| s.to_ascii_lowercase()),
        host: h.host(),
        // The text after the authority's last ':', unless that ':' is inside an IP literal or
        // the userinfo (`http::Uri::port` gives the same, but as a value this cannot borrow).
        port: h.authority().and_then(|a| {
            let (_, port) = a.as_str().rsplit_once(':')?;
            (!port.contains([']', '@'])).then_some(port)
        }),
        path: h.path(),
        query: h.query(),
    }
}

/// Checks that `h` reads as `scheme`, `host`, `port`, `path`, `query` (an empty path and `/`
/// are the same with an authority: RFC 9112 §3.2.1 sends an empty path as `/`, and
/// `http::Uri` reports it so).
fn same(ours: Parts<'_>, h: &http::Uri) -> Result<(), HttpUriError> {
    let theirs = http_parts(h);
    let path_alike = ours.path == theirs.path
        || (ours.path.is_empty() && ours.host.is_some() && matches!(theirs.path, "/" | ""));
    let differs = if ours.scheme != theirs.scheme {
        Some(Component::Scheme)
    } else if ours.host != theirs.host {
        Some(Component::Host)
    } else if ours.port != theirs.port {
        Some(Component::Port)
    } else if !path_alike {
        Some(Component::Path)
    } else if ours.query != theirs.query {
        Some(Component::Query)
    } else {
        None
    };
    differs.map_or(Ok(()), |c| Err(HttpUriError::Differs(c)))
}

fn uri_parts<'a>(u: &UriRef<'a>) -> Parts<'a> {
    Parts {
        scheme: u.scheme().map(|s| s.to_ascii_lowercase()),
        host: u.host(),
        port: u.port(),
        path: u.path(),
        query: u.query(),
    }
}

fn check_port(port: Option<&str>) -> Result<(), HttpUriError> {
    match port {
        Some(p) if !p.is_empty() && crate::grammars::accessors::port_number(p).is_none() => {
            Err(HttpUriError::PortTooLarge)
        }
        _ => Ok(()),
    }
}

/// Converts for use in an HTTP message, without the fragment (HTTP targets carry none, RFC 9112
/// §3.2, and `http::Uri` cannot hold one). Refused: anything `http::Uri` would read with another
/// scheme, host, port, path or query (`user@evil.com`, `//evil.com/p`, `example.com:443` as a
/// scheme and path, ...), and ports above 65535.
///
/// ```
/// use urilex::UriRef;
/// let h = http::Uri::try_from(UriRef::parse("http://example.com:8080/a?q#f")?)?;
/// assert_eq!((h.host(), h.port_u16(), h.path(), h.query()), (Some("example.com"), Some(8080), "/a", Some("q")));
/// for confusing in ["user@evil.com", "//evil.com/p", "u:p@evil.com:8080", "http://h:65536/"] {
///     assert!(http::Uri::try_from(UriRef::parse(confusing)?).is_err(), "{confusing}");
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl TryFrom<UriRef<'_>> for http::Uri {
    type Error = HttpUriError;

    fn try_from(u: UriRef<'_>) -> Result<Self, HttpUriError> {
        check_port(u.port())?;
        let s = u.as_str();
        let end = u.fragment().map_or(s.len(), |f| s.len() - f.len() - 1);
        let h = http::Uri::try_from(&s[..end]).map_err(|_| HttpUriError::Http)?;
        same(uri_parts(&u), &h)?;
        Ok(h)
    }
}

impl TryFrom<&UriBuf> for http::Uri {
    type Error = HttpUriError;

    fn try_from(u: &UriBuf) -> Result<Self, HttpUriError> {
        http::Uri::try_from(u.as_uri_ref())
    }
}

impl TryFrom<UriBuf> for http::Uri {
    type Error = HttpUriError;

    fn try_from(u: UriBuf) -> Result<Self, HttpUriError> {
        http::Uri::try_from(&u)
    }
}

/// The text of an `http::Uri` as an RFC 3986 reference, the parts compared. An authority alone
/// (`example.com:443`, a CONNECT target) becomes the network-path reference `//example.com:443`,
/// which RFC 3986 reads with the same host and port.
///
/// ```
/// use urilex::UriBuf;
/// let connect: http::Uri = "example.com:443".parse()?;
/// let buf = UriBuf::try_from(&connect)?;
/// assert_eq!((buf.host(), buf.port(), buf.as_str()), (Some("example.com"), Some("443"), "//example.com:443"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl TryFrom<&http::Uri> for UriBuf {
    type Error = HttpUriError;

    fn try_from(h: &http::Uri) -> Result<Self, HttpUriError> {
        let mut text = h.to_string();
        if h.scheme().is_none() && h.authority().is_some() {
            text.insert_str(0, "//");
        }
        let buf = UriBuf::parse(&text).map_err(HttpUriError::Parse)?;
        check_port(buf.port())?;
        same(uri_parts(&buf.as_uri_ref()), h)?;
        Ok(buf)
    }
}

impl TryFrom<http::Uri> for UriBuf {
    type Error = HttpUriError;

    fn try_from(h: http::Uri) -> Result<Self, HttpUriError> {
        UriBuf::try_from(&h)
    }
}

/// A request target as `http::Uri`: origin-form as a path and query, authority-form as an
/// authority, absolute-form as an absolute URI, `*` as `*`; the parts compared.
///
/// ```
/// use urilex::RequestTarget;
/// let h = http::Uri::try_from(&RequestTarget::parse("CONNECT", "example.com:443")?)?;
/// assert_eq!((h.host(), h.port_u16(), h.path()), (Some("example.com"), Some(443), ""));
/// // "//evil/p" is an origin-form path: http::Uri reads it so too.
/// let h = http::Uri::try_from(&RequestTarget::parse("GET", "//evil/p")?)?;
/// assert_eq!((h.host(), h.path()), (None, "//evil/p"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl TryFrom<&RequestTarget<'_>> for http::Uri {
    type Error = HttpUriError;

    fn try_from(t: &RequestTarget<'_>) -> Result<Self, HttpUriError> {
        check_port(t.port())?;
        let h = http::Uri::try_from(t.as_str()).map_err(|_| HttpUriError::Http)?;
        let ours = Parts {
            scheme: t.scheme().map(|s| s.to_ascii_lowercase()),
            host: t.host(),
            port: t.port(),
            path: match t.form() {
                TargetForm::Asterisk => "*",
                _ => t.path(),
            },
            query: t.query(),
        };
        same(ours, &h)?;
        Ok(h)
    }
}

/// The target an `http::Uri` holds, borrowed, form kept: an authority alone is authority-form
/// (read as for CONNECT), `*` asterisk-form, a path origin-form. An absolute-form `http::Uri`
/// keeps its parts apart, so there is no one text to borrow: convert it to a [`UriBuf`].
///
/// ```
/// use urilex::{RequestTarget, TargetForm};
/// let h: http::Uri = "example.com:443".parse()?;
/// assert_eq!(RequestTarget::try_from(&h)?.form(), TargetForm::Authority);
/// let h: http::Uri = "/a?b".parse()?;
/// assert_eq!(RequestTarget::try_from(&h)?.path(), "/a");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl<'a> TryFrom<&'a http::Uri> for RequestTarget<'a> {
    type Error = HttpUriError;

    fn try_from(h: &'a http::Uri) -> Result<Self, HttpUriError> {
        let (method, text) = match (h.scheme(), h.authority(), h.path_and_query()) {
            (None, Some(a), _) => ("CONNECT", a.as_str()),
            (None, None, Some(pq)) if pq.as_str() == "*" => ("OPTIONS", "*"),
            (None, None, Some(pq)) => ("GET", pq.as_str()),
            _ => return Err(HttpUriError::NotBorrowable),
        };
        let t = RequestTarget::parse(method, text).map_err(HttpUriError::Parse)?;
        check_port(t.port())?;
        Ok(t)
    }
}
