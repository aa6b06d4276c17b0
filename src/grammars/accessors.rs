//! The accessors that every reference type shares, written once.
//!
//! [`UriRef`](crate::UriRef) and [`Resolved`](crate::Resolved) each read their components in
//! their own way (offsets into one string; a pick between a base and a reference). Everything
//! derived from the scheme, the host and the port is the same for both, and lives here:
//! [`port_accessors!`] writes those methods on a type in terms of its `scheme()`, `host()` and
//! `port()`. [`UriBuf`](crate::UriBuf) hands every accessor to its borrowed view
//! ([`buf_accessors!`]), so that it too has one implementation of each.

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

/// Writes the methods derived from `scheme()` and `port()` on a reference type: `port_u16` and
/// `port_or_default` (the host's, `origin`, `host_parsed` and `host_kind`, are
/// `ops::host::host_accessors`'). `$l` is the
/// lifetime of the text they return (`'a` for a borrowed reference, `'_` for the others).
macro_rules! port_accessors {
    ($l:lifetime, $example:literal) => {
        /// The port as a number: `None` when absent, empty, or above 65535 (RFC 3986 allows
        /// any number of digits; a port beyond `u16` cannot be used with TCP or UDP).
        ///
        #[doc = concat!("```\n", $example, "\nassert_eq!(x(\"http://a:0080/\")?.port_u16(), Some(80));\nassert_eq!(x(\"http://a:99999/\")?.port_u16(), None);\n# Ok::<(), Box<dyn std::error::Error>>(())\n```")]
        pub fn port_u16(&self) -> Option<u16> {
            $crate::grammars::accessors::port_number(self.port()?)
        }

        /// The port a connection goes to: the explicit port, else the scheme's default when
        /// the port is absent or empty (§3.2.3): http and ws 80, https and wss 443, ftp 21.
        /// `None` for other schemes without a port, and for a port above 65535.
        ///
        #[doc = concat!("```\n", $example, "\nassert_eq!(x(\"https://a/\")?.port_or_default(), Some(443));\nassert_eq!(x(\"HTTP://a:/\")?.port_or_default(), Some(80));\nassert_eq!(x(\"http://a:8080/\")?.port_or_default(), Some(8080));\nassert_eq!(x(\"foo://a/\")?.port_or_default(), None);\n# Ok::<(), Box<dyn std::error::Error>>(())\n```")]
        pub fn port_or_default(&self) -> Option<u16> {
            $crate::grammars::accessors::port_or_default(self.scheme(), self.port())
        }
    };
}
pub(crate) use port_accessors;
