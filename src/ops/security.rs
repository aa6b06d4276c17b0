//! RFC 3986 §7 (security considerations) as API, and a byte entry point for untrusted input.
//!
//! - [`UriRef::redacted`]: a `Display` that hides the password of `user:password` userinfo
//!   (§3.2.1 deprecates the form; §7.5 asks not to show it in clear text).
//! - [`UriRef::rare_ipv4_host`]: flags a host that the strict grammar reads as a registered name
//!   but that system resolvers (`inet_aton`, `getaddrinfo`) or browsers would turn into an IPv4
//!   address (§7.4: `127.1`, `0x7f.1`, `0177.0.0.1`, `2130706433`).
//! - [`UriRef::parse_bytes`]: parses bytes that may not be UTF-8 (RFC 3986 is ASCII-only, so an
//!   invalid byte is an invalid character, reported at its index).

use core::fmt;
use core::net::Ipv4Addr;

use crate::ops::pct;
use crate::{Component, Host, ParseError, UriRef, REDACTED_PASSWORD};

/// Any URI or IRI text for `Debug`, as [`Redacted`] writes it (quoted, the password as
/// `***`): for the types that keep text, not components. The text is read by the IRI
/// grammar, which takes every URI too; text that is no IRI reference has no userinfo by the
/// grammar, but is written only by its length, so that nothing of it can leak.
pub(crate) struct RedactedText<'a>(pub(crate) &'a str);

impl fmt::Debug for RedactedText<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match crate::IriRef::parse(self.0) {
            Ok(iri) => fmt::Debug::fmt(&iri.redacted(), f),
            Err(_) => write!(f, "<{} bytes, not an IRI reference>", self.0.len()),
        }
    }
}

impl<'a> UriRef<'a> {
    /// A view that writes this reference with the password of its userinfo replaced by
    /// [`REDACTED_PASSWORD`] (`***`), for logs and error messages.
    ///
    /// RFC 3986 §3.2.1: "Applications should not render as clear text any data after the first
    /// colon (":") character found within a userinfo subcomponent unless the data after the
    /// colon is the empty string (indicating no password)." The colon stays, so the output
    /// still parses with the same components, except the password; an empty password and a
    /// userinfo without a colon are written unchanged. Nothing is allocated.
    ///
    /// ```
    /// use urilex::UriRef;
    /// let uri = UriRef::parse("https://alice:s3cret@example.com/inbox?x#y")?;
    /// assert_eq!(uri.redacted().to_string(), "https://alice:***@example.com/inbox?x#y");
    ///
    /// // Only the text after the first ':' is hidden; no password, nothing hidden.
    /// let uri = UriRef::parse("ftp://a:b:c@h/")?;
    /// assert_eq!(uri.redacted().to_string(), "ftp://a:***@h/");
    /// let uri = UriRef::parse("ftp://anonymous@h/")?;
    /// assert_eq!(uri.redacted().to_string(), "ftp://anonymous@h/");
    /// assert!(!uri.redacted().hides_password());
    /// # Ok::<(), urilex::ParseError>(())
    /// ```
    pub fn redacted(&self) -> Redacted<'a> {
        let (input, password) = (self.as_str(), self.password_span());
        Redacted { input, password }
    }

    /// The byte range of the password: after the first `:` of the userinfo up to the `@`;
    /// `None` without userinfo, without a `:` in it, or when the password is empty.
    fn password_span(&self) -> Option<(usize, usize)> {
        let range = self.span(Component::Userinfo)?;
        let userinfo = self.as_str().get(range.clone())?;
        let colon = userinfo.find(':')?;
        let start = range.start + colon + 1;
        (start < range.end).then_some((start, range.end))
    }

    /// The IPv4 address that a lenient resolver would read in this reference's host, when the
    /// host is NOT an `IPv4address` by the RFC 3986 grammar (RFC 3986 §7.4, "Rare IP Address
    /// Formats").
    ///
    /// The strict grammar (§3.2.2) takes only four decimal octets without leading zeros as an
    /// IPv4 address; anything else made of digits and dots is a `reg-name`. But `inet_aton`
    /// and resolvers built on it (and the WHATWG URL parser in browsers) read `127.1`,
    /// `0x7f.1`, `0177.0.0.1` or `2130706433` as 127.0.0.1. A filter that allows or denies
    /// hosts by name sees a name; the connection goes to an address. Reject or canonicalize
    /// such hosts before such a decision.
    ///
    /// Recognized forms (case-insensitive), after decoding percent-encoded octets (a
    /// normalizer or resolver may decode `%31` to `1`): one to four parts separated by `.`,
    /// each decimal, octal (leading `0`) or hexadecimal (leading `0x`), all but the last at
    /// most 255, the last filling the remaining bytes (`inet_aton`); one trailing `.` is also
    /// taken (the WHATWG URL Standard does). Returns `None` for a host that is a plain
    /// `IPv4address` (see [`host_parsed`](Self::host_parsed)), for other hosts, and without an
    /// authority. Linear in the host's length, no allocation.
    ///
    /// ```
    /// use std::net::Ipv4Addr;
    /// use urilex::UriRef;
    /// let home = Some(Ipv4Addr::new(127, 0, 0, 1));
    /// for uri in ["http://127.1/", "http://0x7f.1/", "http://0177.0.0.1/", "http://2130706433/"] {
    ///     assert_eq!(UriRef::parse(uri)?.rare_ipv4_host(), home, "{uri}");
    /// }
    /// // The RFC's own example (§7.4).
    /// let uri = UriRef::parse("http://192.0x00A80001/")?;
    /// assert_eq!(uri.rare_ipv4_host(), Some(Ipv4Addr::new(192, 168, 0, 1)));
    /// // Plain dotted-decimal is an IPv4address, not a rare form; names are names.
    /// assert_eq!(UriRef::parse("http://127.0.0.1/")?.rare_ipv4_host(), None);
    /// assert_eq!(UriRef::parse("http://example.com/")?.rare_ipv4_host(), None);
    /// assert_eq!(UriRef::parse("http://1.2.3.4.5/")?.rare_ipv4_host(), None);
    /// # Ok::<(), urilex::ParseError>(())
    /// ```
    pub fn rare_ipv4_host(&self) -> Option<Ipv4Addr> {
        match self.host_parsed()? {
            Host::RegName(name) => lenient_ipv4(name.as_bytes()),
            _ => None,
        }
    }

    /// Parses a URI reference (§4.1) from bytes that may not be UTF-8, as read from a socket
    /// or a file.
    ///
    /// RFC 3986 is ASCII-only, so valid input is always valid UTF-8; an invalid UTF-8
    /// sequence is an invalid character like any other non-ASCII byte, reported with
    /// [`ErrorKind::InvalidChar`](crate::ErrorKind::InvalidChar) at its byte index (unless the input goes wrong before it).
    /// [`ParseError::found`] is `None` for such a byte: it is no character. No allocation.
    ///
    /// ```
    /// use urilex::{Component, ErrorKind, UriRef};
    /// let uri = UriRef::parse_bytes(b"http://h/p?q")?;
    /// assert_eq!(uri.query(), Some("q"));
    ///
    /// let err = UriRef::parse_bytes(b"http://h/p\xff?q").unwrap_err();
    /// assert_eq!((err.kind(), err.index(), err.component()), (ErrorKind::InvalidChar, 10, Component::Path));
    /// // The first error wins, as for text.
    /// assert_eq!(UriRef::parse_bytes(b"http://h/|\xff").unwrap_err().index(), 9);
    /// # Ok::<(), urilex::ParseError>(())
    /// ```
    pub fn parse_bytes(input: &'a [u8]) -> Result<Self, ParseError> {
        let valid_up_to = match core::str::from_utf8(input) {
            Ok(text) => return UriRef::parse(text),
            Err(e) => e.valid_up_to(),
        };
        // The valid prefix (from_utf8 says it is valid, so the fallback is never taken).
        let prefix = input
            .get(..valid_up_to)
            .and_then(|p| core::str::from_utf8(p).ok())
            .unwrap_or("");
        // The parser reads left to right and stops at the first byte it cannot take, and no
        // non-ASCII byte is ever taken. An error it finds inside the prefix is the error of
        // the whole input; otherwise the invalid byte at `valid_up_to` is the first error.
        let component = match UriRef::parse(prefix) {
            Err(e) if e.index() < prefix.len() => return Err(e),
            Err(e) => e.component(),
            Ok(uri) => open_component(&uri),
        };
        let byte = input.get(valid_up_to).copied().unwrap_or_default();
        Err(ParseError::invalid_byte(valid_up_to, byte, component))
    }
}

/// The component that a valid reference ends in, which a byte appended to it would extend.
fn open_component(uri: &UriRef<'_>) -> Component {
    if uri.fragment().is_some() {
        Component::Fragment
    } else if uri.query().is_some() {
        Component::Query
    } else if !uri.path().is_empty() || !uri.has_authority() {
        Component::Path
    } else if uri.has_port() {
        Component::Port
    } else {
        Component::Host
    }
}

/// A reference written with its password hidden; see [`UriRef::redacted`].
///
/// ```
/// let uri = urilex::UriRef::parse("//u:p@h")?;
/// assert_eq!(format!("{}", uri.redacted()), "//u:***@h");
/// assert_eq!(format!("{:?}", uri.redacted()), "\"//u:***@h\"");
/// # Ok::<(), urilex::ParseError>(())
/// ```
#[derive(Clone, Copy)]
pub struct Redacted<'a> {
    input: &'a str,
    password: Option<(usize, usize)>,
}

impl Redacted<'_> {
    /// Whether a non-empty password is hidden.
    ///
    /// ```
    /// let uri = urilex::UriRef::parse("//u:@h")?;
    /// assert!(!uri.redacted().hides_password()); // empty: nothing to hide (§3.2.1)
    /// # Ok::<(), urilex::ParseError>(())
    /// ```
    pub fn hides_password(&self) -> bool {
        self.password.is_some()
    }
}

impl fmt::Display for Redacted<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts = self
            .password
            .and_then(|(start, end)| Some((self.input.get(..start)?, self.input.get(end..)?)));
        match parts {
            Some((before, after)) => {
                f.write_str(before)?;
                f.write_str(REDACTED_PASSWORD)?;
                f.write_str(after)
            }
            None => f.write_str(self.input),
        }
    }
}

impl fmt::Debug for Redacted<'_> {
    /// Quoted like a string, so that `{:?}` in logs hides the password too. A valid URI holds
    /// no `"` or `\` (RFC 3986 §2), so nothing needs escaping.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "\"{self}\"")
    }
}

impl<'a> crate::IriRef<'a> {
    /// [`UriRef::redacted`] for an IRI: the IRI with its password written as `***`.
    ///
    /// ```
    /// let iri = urilex::IriRef::parse("http://ü:s3cret@例え.jp/")?;
    /// assert_eq!(iri.redacted().to_string(), "http://ü:***@例え.jp/");
    /// # Ok::<(), urilex::ParseError>(())
    /// ```
    pub fn redacted(&self) -> Redacted<'a> {
        self.spans().redacted()
    }
}

/// `inet_aton`'s reading of a host (1–4 parts; decimal, `0` octal, `0x` hex; the last part
/// fills the remaining bytes), plus one trailing dot as the WHATWG URL Standard allows.
fn lenient_ipv4(host: &[u8]) -> Option<Ipv4Addr> {
    let mut parts = [0u32; 4];
    let mut count = 0usize;
    // `%XX` decoded (`pct::decode`); a `%` left as it is ends the reading, since no number
    // holds one.
    let mut bytes = pct::decode(host).peekable();
    loop {
        // One part: starts with a digit (inet_aton requires it; a bare "0x" is 0, see below).
        let first = *bytes.peek()?;
        if !first.is_ascii_digit() {
            return None;
        }
        let mut radix = 10u32;
        if first == b'0' {
            bytes.next();
            match bytes.peek() {
                Some(b'x' | b'X') => {
                    bytes.next();
                    radix = 16;
                }
                _ => radix = 8, // the "0" itself is a digit
            }
        }
        let mut value: u32 = 0;
        while let Some(&b) = bytes.peek() {
            let d = match pct::hex_val(b) {
                Some(d) if u32::from(d) < radix => u32::from(d),
                _ => break,
            };
            // Overflow past 32 bits: no address (inet_aton refuses it too). Stop early so
            // that a long run of digits costs no more than reading it.
            value = value.checked_mul(radix)?.checked_add(d)?;
            bytes.next();
        }
        // "0x" without digits (only the hex prefix can leave none) is 0 for the URL Standard's
        // IPv4 number parser, which browsers use: flag it, as a resolver would connect there.
        let slot = parts.get_mut(count)?; // a fifth part: not an address
        *slot = value;
        count += 1;
        match bytes.next() {
            None => break,
            Some(b'.') if bytes.peek().is_none() => break, // one trailing dot
            Some(b'.') => continue,
            Some(_) => return None,
        }
    }
    let (last, init) = parts.get(..count)?.split_last()?;
    if init.iter().any(|&p| p > 255) {
        return None;
    }
    let bits_left = 8 * (4 - init.len() as u32); // 32, 24, 16 or 8
    if bits_left < 32 && *last >> bits_left != 0 {
        return None;
    }
    let mut addr: u32 = *last;
    for (i, &p) in init.iter().enumerate() {
        addr |= p << (24 - 8 * i as u32);
    }
    Some(Ipv4Addr::from(addr))
}

#[cfg(test)]
mod tests {
    use super::lenient_ipv4;
    use core::net::Ipv4Addr;

    /// Expected values from glibc's inet_aton(3) (run through Python's `socket.inet_aton`
    /// when this table was written), except "1.2.3.4.": glibc refuses a trailing dot, the
    /// WHATWG URL Standard's IPv4 parser (browsers) takes it, and this check follows the
    /// more lenient reader.
    #[test]
    fn inet_aton_forms() {
        let ip = |a, b, c, d| Some(Ipv4Addr::new(a, b, c, d));
        let cases: &[(&str, Option<Ipv4Addr>)] = &[
            ("127.1", ip(127, 0, 0, 1)),
            ("0x7f.1", ip(127, 0, 0, 1)),
            ("0177.0.0.1", ip(127, 0, 0, 1)),
            ("2130706433", ip(127, 0, 0, 1)),
            ("0x7F000001", ip(127, 0, 0, 1)),
            ("017700000001", ip(127, 0, 0, 1)),
            ("192.0x00A80001", ip(192, 168, 0, 1)),
            ("10.1.257", ip(10, 1, 1, 1)),
            ("1.2.3.4.", ip(1, 2, 3, 4)),
            ("0", ip(0, 0, 0, 0)),
            ("00", ip(0, 0, 0, 0)),
            ("0x", ip(0, 0, 0, 0)),
            ("0x.0x.0", ip(0, 0, 0, 0)),
            ("08", None),
            ("0x100000000", None),
            ("4294967296", None),
            ("4294967295", ip(255, 255, 255, 255)),
            ("256.1", None),
            ("1.256.1", None),
            ("1.2.65536", None),
            ("1.2.3.256", None),
            ("1.2.3.4.5", None),
            ("1..2", None),
            (".1", None),
            ("1.2.3.4..", None),
            ("1.2.3.4 ", None),
            ("a.1", None),
            ("%31%32%37.1", ip(127, 0, 0, 1)),
            ("%31%3", None),
            ("", None),
        ];
        for &(host, want) in cases {
            assert_eq!(lenient_ipv4(host.as_bytes()), want, "{host:?}");
        }
    }
}
