//! The accessors that every reference type shares, written once.
//!
//! [`UriRef`](crate::UriRef) and [`Resolved`](crate::Resolved) each read their components in
//! their own way (offsets into one string; a pick between a base and a reference). Everything
//! derived from the scheme, the host and the port is the same for both, and lives here:
//! [`port_accessors!`] writes those methods on a type in terms of its `scheme()`, `host()` and
//! `port()`. [`UriBuf`](crate::UriBuf) hands every accessor to its borrowed view
//! ([`buf_accessors!`]), so that it too has one implementation of each.

use core::fmt;
use core::hash::{Hash, Hasher};

/// The port as a number: `None` when empty or above 65535.
pub(crate) fn port_number(digits: &str) -> Option<u16> {
    if digits.is_empty() {
        return None;
    }
    let mut v: u32 = 0;
    for b in digits.bytes() {
        v = v * 10 + u32::from(b.wrapping_sub(b'0'));
        if v > u32::from(u16::MAX) || !b.is_ascii_digit() {
            return None;
        }
    }
    Some(v as u16)
}

/// The default port of the schemes whose specifications name one: http and ws 80 (RFC 9110
/// §4.2.1, RFC 6455 §3), https and wss 443, ftp 21 (RFC 1738 §3.2). Scheme names are
/// case-insensitive (RFC 3986 §3.1).
pub(crate) fn default_port(scheme: &str) -> Option<u16> {
    let s = scheme.as_bytes();
    let eq = |name: &[u8]| s.eq_ignore_ascii_case(name);
    if eq(b"http") || eq(b"ws") {
        Some(80)
    } else if eq(b"https") || eq(b"wss") {
        Some(443)
    } else if eq(b"ftp") {
        Some(21)
    } else {
        None
    }
}

/// The port a connection goes to: the explicit port, or the scheme's default when the port is
/// absent or empty (RFC 3986 §3.2.3: an empty port means the default). `None` for a port above
/// 65535, and without a default.
pub(crate) fn port_or_default(scheme: Option<&str>, port: Option<&str>) -> Option<u16> {
    match port {
        None | Some("") => default_port(scheme?),
        Some(digits) => port_number(digits),
    }
}

/// The origin of a URI (RFC 6454 §4): its scheme, host and port, for the schemes that have a
/// default port ([`port_or_default`](crate::UriRef::port_or_default)); the other schemes give
/// each URI a unique origin, for which `origin()` returns `None`.
///
/// Two origins are equal when their schemes and their normalized hosts (RFC 3986 §6.2.2:
/// case, percent-encodings) are equal and their ports are equal, the default written or not
/// (RFC 6454 §5). `Display` writes the ASCII serialization (§6.2): scheme and host as
/// [`normalized`](crate::UriRef::normalized) writes them (lowercase, `%E4` with uppercase
/// hex), the port only when it is not the default.
///
/// An internationalized host stays percent-encoded here, as in the URI it came from; the
/// A-label (`xn--…`) that DNS and HTTP clients use is [`IriRef::to_uri_idna`](crate::IriRef)'s
/// (feature `idna`).
///
/// ```
/// use urilex::UriRef;
/// let a = UriRef::parse("HTTPS://Example.com:443/a?q")?.origin().unwrap();
/// let b = UriRef::parse("https://example.com/b")?.origin().unwrap();
/// assert_eq!(a, b);
/// assert_eq!(a.to_string(), "https://example.com");
/// assert_eq!((a.scheme(), a.host(), a.port()), ("HTTPS", "Example.com", 443));
/// assert_eq!(UriRef::parse("http://h:8080/")?.origin().unwrap().to_string(), "http://h:8080");
/// assert!(UriRef::parse("mailto:a@b")?.origin().is_none());
/// // The host as normalization writes it.
/// let c = UriRef::parse("http://%e4%BE%8B.JP/")?;
/// assert_eq!(c.origin().unwrap().to_string(), "http://%E4%BE%8B.jp");
/// assert_eq!(c.origin().unwrap().to_string(), c.normalized().to_string().trim_end_matches('/'));
/// assert_eq!(c.origin(), UriRef::parse("http://%E4%be%8b.jp:80/x")?.origin());
/// # Ok::<(), urilex::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Origin<'a> {
    scheme: &'a str,
    host: &'a str,
    port: u16,
}

impl<'a> Origin<'a> {
    /// The origin of a URI with these components, if its scheme has one (see the type's docs).
    pub(crate) fn of(
        scheme: Option<&'a str>,
        host: Option<&'a str>,
        port: Option<&str>,
    ) -> Option<Self> {
        let (scheme, host) = (scheme?, host?);
        if host.is_empty() {
            return None;
        }
        default_port(scheme)?;
        let port = port_or_default(Some(scheme), port)?;
        Some(Origin { scheme, host, port })
    }

    /// The scheme, as written.
    pub fn scheme(&self) -> &'a str {
        self.scheme
    }

    /// The host, as written.
    pub fn host(&self) -> &'a str {
        self.host
    }

    /// The port: the explicit one or the scheme's default.
    pub fn port(&self) -> u16 {
        self.port
    }
}

impl PartialEq for Origin<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.port == other.port
            && self.scheme.eq_ignore_ascii_case(other.scheme)
            && crate::normalize::host_bytes(self.host).eq(crate::normalize::host_bytes(other.host))
    }
}

impl Eq for Origin<'_> {}

impl Hash for Origin<'_> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        for b in self.scheme.bytes() {
            state.write_u8(b.to_ascii_lowercase());
        }
        state.write_u8(0xff); // no text byte: ends the part
        for b in crate::normalize::host_bytes(self.host) {
            state.write_u8(b);
        }
        state.write_u8(0xff);
        self.port.hash(state);
    }
}

impl fmt::Display for Origin<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for c in self.scheme.chars() {
            fmt::Write::write_char(f, c.to_ascii_lowercase())?;
        }
        f.write_str("://")?;
        // The host as normalization writes it (lowercase, `%E4` with uppercase hex, `%41` as
        // `a`), so that an origin and a normalized URI agree.
        crate::normalize::write_host(f, self.host)?;
        if default_port(self.scheme) != Some(self.port) {
            write!(f, ":{}", self.port)?;
        }
        Ok(())
    }
}

/// Writes the methods derived from `scheme()`, `host()` and `port()` on a reference type:
/// `port_u16`, `port_or_default`, `origin`, `host_parsed` and `host_kind`. `$l` is the
/// lifetime of the text they return (`'a` for a borrowed reference, `'_` for the others).
macro_rules! port_accessors {
    ($l:lifetime, $example:literal) => {
        /// The port as a number: `None` when absent, empty, or above 65535 (RFC 3986 allows
        /// any number of digits; a port beyond `u16` cannot be used with TCP or UDP).
        ///
        #[doc = concat!("```\n", $example, "\nassert_eq!(x(\"http://a:0080/\")?.port_u16(), Some(80));\nassert_eq!(x(\"http://a:99999/\")?.port_u16(), None);\n# Ok::<(), Box<dyn std::error::Error>>(())\n```")]
        pub fn port_u16(&self) -> Option<u16> {
            $crate::accessors::port_number(self.port()?)
        }

        /// The port a connection goes to: the explicit port, else the scheme's default when
        /// the port is absent or empty (§3.2.3): http and ws 80, https and wss 443, ftp 21.
        /// `None` for other schemes without a port, and for a port above 65535.
        ///
        #[doc = concat!("```\n", $example, "\nassert_eq!(x(\"https://a/\")?.port_or_default(), Some(443));\nassert_eq!(x(\"HTTP://a:/\")?.port_or_default(), Some(80));\nassert_eq!(x(\"http://a:8080/\")?.port_or_default(), Some(8080));\nassert_eq!(x(\"foo://a/\")?.port_or_default(), None);\n# Ok::<(), Box<dyn std::error::Error>>(())\n```")]
        pub fn port_or_default(&self) -> Option<u16> {
            $crate::accessors::port_or_default(self.scheme(), self.port())
        }

        /// The origin (RFC 6454: scheme, host, port) for schemes with a default port; `None`
        /// otherwise, or without a host. See [`Origin`](crate::Origin).
        ///
        #[doc = concat!("```\n", $example, "\nassert_eq!(x(\"https://example.com/a\")?.origin().unwrap().to_string(), \"https://example.com\");\nassert!(x(\"urn:a:b\")?.origin().is_none());\n# Ok::<(), Box<dyn std::error::Error>>(())\n```")]
        pub fn origin(&self) -> Option<$crate::Origin<$l>> {
            $crate::Origin::of(self.scheme(), self.host(), self.port())
        }

        /// The host, classified (§3.2.2), with IP addresses decoded into `core::net` types.
        ///
        #[doc = concat!("```\n", $example, "\nuse urilex::Host;\nassert_eq!(x(\"http://[::1]:80/\")?.host_parsed(), Some(Host::Ipv6(std::net::Ipv6Addr::LOCALHOST)));\n# Ok::<(), Box<dyn std::error::Error>>(())\n```")]
        pub fn host_parsed(&self) -> Option<$crate::Host<$l>> {
            self.host().map($crate::host::classify)
        }

        /// Which rule of §3.2.2 the host matches, or `None` without an authority.
        ///
        #[doc = concat!("```\n", $example, "\nassert_eq!(x(\"http://10.0.0.1/\")?.host_kind(), Some(urilex::HostKind::Ipv4));\n# Ok::<(), Box<dyn std::error::Error>>(())\n```")]
        pub fn host_kind(&self) -> Option<$crate::HostKind> {
            self.host_parsed().map(|h| h.kind())
        }
    };
}
pub(crate) use port_accessors;
