//! The host sub-grammar (RFC 3986 §3.2.2): IPv4address, IPv6address, IPvFuture, reg-name.

use crate::ops::pct::hex_val;
use core::fmt;
use core::hash::{Hash, Hasher};
use core::net::{Ipv4Addr, Ipv6Addr};

use crate::grammars::accessors::{default_port, port_or_default};
use crate::ops::normalize::{host_bytes, write_host};

/// The host of an authority, classified by RFC 3986 §3.2.2.
///
/// The grammar is first-match-wins: a host is an IPv4 address only when it matches
/// `IPv4address` exactly (four decimal octets 0–255 without leading zeros); anything else that
/// matches `reg-name`, such as `256.1.1.1`, `01.2.3.4` or `0x7f.1`, is a registered name.
///
/// ```
/// use urilex::{Host, UriRef};
/// use std::net::Ipv4Addr;
/// let uri = UriRef::parse("http://127.0.0.1:8080/").unwrap();
/// assert_eq!(uri.host_parsed(), Some(Host::Ipv4(Ipv4Addr::LOCALHOST)));
/// let uri = UriRef::parse("http://127.1/").unwrap();
/// assert_eq!(uri.host_parsed(), Some(Host::RegName("127.1")));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Host<'a> {
    /// `IPv4address`.
    Ipv4(Ipv4Addr),
    /// `"[" IPv6address "]"`.
    Ipv6(Ipv6Addr),
    /// `"[" IPvFuture "]"`: the text between the brackets, starting with `v`.
    IpvFuture(&'a str),
    /// `reg-name`, as written (possibly empty, possibly percent-encoded).
    RegName(&'a str),
}

impl Host<'_> {
    /// The kind of this host.
    pub fn kind(&self) -> HostKind {
        match self {
            Host::Ipv4(_) => HostKind::Ipv4,
            Host::Ipv6(_) => HostKind::Ipv6,
            Host::IpvFuture(_) => HostKind::IpvFuture,
            Host::RegName(_) => HostKind::RegName,
        }
    }
}

/// Which rule of RFC 3986 §3.2.2 a host matches.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HostKind {
    /// `IPv4address`
    Ipv4,
    /// `IPv6address` in brackets
    Ipv6,
    /// `IPvFuture` in brackets
    IpvFuture,
    /// `reg-name`
    RegName,
}

/// Classifies a host that the parser has already validated.
pub(crate) fn classify(host: &str) -> Host<'_> {
    let b = host.as_bytes();
    match b.first() {
        Some(b'[') => {
            let inner = &host[1..host.len() - 1];
            match inner.as_bytes().first() {
                Some(b'v' | b'V') => Host::IpvFuture(inner),
                _ => match parse_ipv6(inner.as_bytes()) {
                    Some(g) => Host::Ipv6(Ipv6Addr::new(
                        g[0], g[1], g[2], g[3], g[4], g[5], g[6], g[7],
                    )),
                    // The parser validated it; stay total anyway.
                    None => Host::RegName(host),
                },
            }
        }
        _ => match parse_ipv4(b) {
            Some(o) => Host::Ipv4(Ipv4Addr::new(o[0], o[1], o[2], o[3])),
            None => Host::RegName(host),
        },
    }
}

/// `IPv4address = dec-octet "." dec-octet "." dec-octet "." dec-octet`, where
/// `dec-octet` is 0–255 written without leading zeros (§3.2.2).
pub(crate) fn parse_ipv4(s: &[u8]) -> Option<[u8; 4]> {
    // "0.0.0.0" to "255.255.255.255", a digit at each end: most registered names fail here,
    // before the split (`host_kind` of "www.example.com": 47 instructions to 11).
    let ends_in_digits =
        s.first().is_some_and(u8::is_ascii_digit) && s.last().is_some_and(u8::is_ascii_digit);
    if !(7..=15).contains(&s.len()) || !ends_in_digits {
        return None;
    }
    let mut octets = [0u8; 4];
    let mut parts = s.split(|&c| c == b'.');
    for octet in &mut octets {
        *octet = dec_octet(parts.next()?)?;
    }
    match parts.next() {
        None => Some(octets),
        Some(_) => None,
    }
}

fn dec_octet(s: &[u8]) -> Option<u8> {
    if s.is_empty() || s.len() > 3 || (s.len() > 1 && s[0] == b'0') {
        return None;
    }
    let mut v: u16 = 0;
    for &c in s {
        if !c.is_ascii_digit() {
            return None;
        }
        v = v * 10 + u16::from(c - b'0');
    }
    u8::try_from(v).ok()
}

/// `IPv6address` (§3.2.2): eight 16-bit groups of one to four hex digits, at most one `::`
/// standing for one or more zero groups, and optionally an IPv4address as the last 32 bits.
/// The groups of an address, `None` for a string that is none. The parser checks a literal
/// by [`is_ipv6`], the RFC's rule compiled; the tests hold the two to each other and to
/// `std::net`.
///
/// The nine alternatives of the ABNF come down to: without `::`, exactly 8 groups; with `::`,
/// at most 7 written groups; an IPv4 address (2 groups) only at the end.
pub(crate) fn parse_ipv6(s: &[u8]) -> Option<[u16; 8]> {
    let mut groups = [0u16; 8];
    let mut n = 0usize; // groups written so far
    let mut ellipsis: Option<usize> = None; // index in `groups` where "::" stands
    let mut i = 0usize;
    if s.starts_with(b"::") {
        ellipsis = Some(0);
        i = 2;
        if i == s.len() {
            return Some(groups);
        }
    }
    loop {
        let start = i;
        let mut v: u32 = 0;
        while i < s.len() && i - start < 4 {
            match hex_val(s[i]) {
                Some(d) => v = (v << 4) | u32::from(d),
                None => break,
            }
            i += 1;
        }
        if i < s.len() && s[i] == b'.' {
            // ls32 as an IPv4address: the rest of the input, two groups.
            if n > 6 {
                return None;
            }
            let v4 = parse_ipv4(&s[start..])?;
            groups[n] = u16::from_be_bytes([v4[0], v4[1]]);
            groups[n + 1] = u16::from_be_bytes([v4[2], v4[3]]);
            n += 2;
            break;
        }
        if i == start || n == 8 {
            return None; // an empty group, or a ninth one
        }
        groups[n] = v as u16;
        n += 1;
        if i == s.len() {
            break;
        }
        if s[i] != b':' {
            return None; // a fifth hex digit or a stray byte
        }
        i += 1;
        if i < s.len() && s[i] == b':' {
            if ellipsis.is_some() {
                return None;
            }
            ellipsis = Some(n);
            i += 1;
            if i == s.len() {
                break;
            }
        } else if i == s.len() {
            return None; // a trailing single ':'
        }
    }
    match ellipsis {
        None if n == 8 => Some(groups),
        None => None,
        Some(_) if n > 7 => None,
        Some(at) => {
            // Move the groups written after "::" to the end.
            let tail = n - at;
            groups.copy_within(at..n, 8 - tail);
            groups[at..8 - tail].fill(0);
            Some(groups)
        }
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
            && host_bytes(self.host).eq(host_bytes(other.host))
    }
}

impl Eq for Origin<'_> {}

impl Hash for Origin<'_> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        for b in self.scheme.bytes() {
            state.write_u8(b.to_ascii_lowercase());
        }
        state.write_u8(0xff); // no text byte: ends the part
        for b in host_bytes(self.host) {
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
        write_host(f, self.host)?;
        if default_port(self.scheme) != Some(self.port) {
            write!(f, ":{}", self.port)?;
        }
        Ok(())
    }
}

/// Writes the methods derived from `scheme()`, `host()` and `port()` on a reference type that
/// are about its host: `origin`, `host_parsed` and `host_kind` (the port's are
/// `grammars::accessors::port_accessors`'). `$l` is the lifetime of the text they return.
macro_rules! host_accessors {
    ($l:lifetime, $example:literal) => {
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
            self.host().map($crate::ops::host::classify)
        }

        /// Which rule of §3.2.2 the host matches, or `None` without an authority.
        ///
        #[doc = concat!("```\n", $example, "\nassert_eq!(x(\"http://10.0.0.1/\")?.host_kind(), Some(urilex::HostKind::Ipv4));\n# Ok::<(), Box<dyn std::error::Error>>(())\n```")]
        pub fn host_kind(&self) -> Option<$crate::HostKind> {
            self.host_parsed().map(|h| h.kind())
        }
    };
}
pub(crate) use host_accessors;

impl<'a> crate::UriRef<'a> {
    host_accessors!('a, "let x = urilex::UriRef::parse;");
}

impl<'a> crate::IriRef<'a> {
    host_accessors!('a, "let x = urilex::IriRef::parse;");
}

impl<'a> crate::rfc2396::Reference<'a> {
    host_accessors!('a, "let x = urilex::rfc2396::parse;");
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::driver::ip::*;
    use std::{format, string::String, vec, vec::Vec};

    fn v6(s: &str) -> Option<Ipv6Addr> {
        parse_ipv6(s.as_bytes())
            .map(|g| Ipv6Addr::new(g[0], g[1], g[2], g[3], g[4], g[5], g[6], g[7]))
    }

    #[test]
    fn ipv6_agrees_with_std_on_rfc_forms() {
        // std's parser accepts the same textual forms as RFC 3986 IPv6address (RFC 4291 §2.2).
        for s in [
            "::",
            "::1",
            "1::",
            "1:2:3:4:5:6:7:8",
            "1:2:3:4:5:6:7::",
            "::2:3:4:5:6:7:8",
            "1::8",
            "fe80::1:2",
            "::ffff:1.2.3.4",
            "1:2:3:4:5:6:1.2.3.4",
            "::1.2.3.4",
            "1:2:3:4:5::1.2.3.4",
            "ABCD:ef01::",
            "0:0:0:0:0:0:0:0",
        ] {
            assert_eq!(v6(s), s.parse().ok(), "{s}");
            assert!(v6(s).is_some() && is_ipv6(s.as_bytes()), "{s}");
        }
        for s in [
            "",
            ":",
            ":::",
            "1:2:3:4:5:6:7:8:9",
            "1:2:3:4:5:6:7",
            "1::2::3",
            "12345::",
            "1:2:3:4:5:6::1.2.3.4",
            "::1.2.3",
            "::01.1.1.1",
            "::1.2.3.4:5",
            "1:",
            ":1",
            "::1:",
            "1:2:3:4:5:6:7:8::",
            "::1:2:3:4:5:6:7:8",
            "g::",
            "::256.1.1.1",
        ] {
            assert_eq!(v6(s), None, "{s}");
            assert!(!is_ipv6(s.as_bytes()), "{s}");
        }
    }

    /// Exhaustive check of `ipv6_viable_prefix` on short strings: a prefix is viable exactly
    /// when some completion, drawn from a set rich enough to finish any IPv6 prefix, parses.
    #[test]
    fn ipv6_viable_prefix_matches_completion_search() {
        // Every viable prefix can be finished by one of these (they close a partial group or
        // octet, add "::" or groups, or finish an IPv4 part).
        let mut tails: Vec<String> = Vec::new();
        for close in [
            "", "0", "00", "000", ":", "::", "::0", ".0", ".0.0", ".0.0.0", "0.0.0", "0.0",
            "0.0.0.0", "5", "5.0.0.0",
        ] {
            for groups in 0..8 {
                tails.push(format!("{close}{}", ":0".repeat(groups)));
                tails.push(format!("{close}{}:0.0.0.0", ":0".repeat(groups)));
            }
        }
        let alphabet = [b'0', b'1', b'2', b'5', b'a', b':', b'.'];
        let viable_by_search = |p: &[u8]| {
            tails.iter().any(|t| {
                let mut v = p.to_vec();
                v.extend_from_slice(t.as_bytes());
                parse_ipv6(&v).is_some()
            })
        };
        // All strings up to length 6 over the alphabet, plus long structured prefixes.
        let mut cases: Vec<Vec<u8>> = vec![Vec::new()];
        let mut frontier: Vec<Vec<u8>> = vec![Vec::new()];
        for _ in 0..6 {
            let mut next = Vec::new();
            for p in &frontier {
                for &c in &alphabet {
                    let mut q = p.clone();
                    q.push(c);
                    next.push(q);
                }
            }
            cases.extend(next.iter().cloned());
            frontier = next;
        }
        for s in [
            "1:2:3:4:5:6:7",
            "1:2:3:4:5:6:7:",
            "1:2:3:4:5:6:7:8",
            "1:2:3:4:5:6:7:8:",
            "1:2:3:4:5:6:",
            "1:2:3:4:5:6:1.2.",
            "1:2:3:4:5:1.",
            "1::3:4:5:6:7",
            "1::3:4:5:6:7:",
            "1::3:4:5:6:7:8",
            "::2:3:4:5:1.2.3.4",
            "::2:3:4:5:6:1.2",
            "1:2:3:4:5:6:7::",
            "1:2:3:4:5:6:7:8::",
            "::1.2.3.4.",
            "1:2:3:4:5:6:255.255.255.255",
            "1:2:3:4:5:6:256",
            "ffff:ffff:ffff:ffff:ffff:ffff:ffff:fff",
        ] {
            let b = s.as_bytes();
            for k in 0..=b.len() {
                cases.push(b[..k].to_vec());
            }
        }
        for p in &cases {
            let text = String::from_utf8_lossy(p);
            assert_eq!(ipv6_viable_prefix(p), viable_by_search(p), "{text:?}");
            // The DFA compiled from the RFC's ABNF, against the groups read by hand.
            assert_eq!(is_ipv6(p), parse_ipv6(p).is_some(), "{text:?}");
            assert_eq!(is_rfc2732_ipv6(p), rfc2732_by_hand(p), "{text:?}");
        }
    }

    /// RFC 2732's IPv6address, read by hand: RFC 3986's groups, where an IPv4 part (after the
    /// last ':') is four parts of 1 to 3 digits of any value.
    fn rfc2732_by_hand(s: &[u8]) -> bool {
        let Some(colon) = s.iter().rposition(|&b| b == b':') else {
            return false;
        };
        let tail = &s[colon + 1..];
        if !tail.contains(&b'.') {
            return parse_ipv6(s).is_some();
        }
        let parts: Vec<&[u8]> = tail.split(|&b| b == b'.').collect();
        let loose_ipv4 = parts.len() == 4
            && parts
                .iter()
                .all(|p| (1..=3).contains(&p.len()) && p.iter().all(u8::is_ascii_digit));
        let mut strict = s[..=colon].to_vec();
        strict.extend_from_slice(b"0.0.0.0");
        loose_ipv4 && parse_ipv6(&strict).is_some()
    }

    /// Long strings the exhaustive test above cannot reach: 300,000 made of the pieces of
    /// addresses (groups of 1 to 5 hex digits, octets up to 3 digits of any value, ':', '::',
    /// '.'), the DFA against the groups read by hand, for both rules.
    #[test]
    fn ipv6_dfa_agrees_with_the_hand_reader_on_long_strings() {
        let pieces: [&[u8]; 16] = [
            b"0", b"1", b"ab", b"fff", b"FFFF", b"12345", b":", b":", b"::", b".", b"255", b"256",
            b"01", b"999", b"7", b"1.2.3.4",
        ];
        let mut next = crate::xorshift(0x9E37_79B9_7F4A_7C15u64);
        let (mut valid, mut valid_2732) = (0, 0);
        for _ in 0..300_000 {
            let n = 1 + next() % 16;
            let mut s = Vec::new();
            for _ in 0..n {
                s.extend_from_slice(pieces[(next() % 16) as usize]);
            }
            let text = String::from_utf8_lossy(&s);
            assert_eq!(is_ipv6(&s), parse_ipv6(&s).is_some(), "{text:?}");
            assert_eq!(is_rfc2732_ipv6(&s), rfc2732_by_hand(&s), "{text:?}");
            valid += usize::from(is_ipv6(&s));
            valid_2732 += usize::from(is_rfc2732_ipv6(&s));
        }
        // Both sides of each rule are reached (the counts are what this generator gives).
        assert!(valid > 1_000 && valid_2732 > valid, "{valid} {valid_2732}");
    }

    #[test]
    fn rfc2732_ipv6_takes_any_three_digits() {
        for s in [
            "::1.2.3.999",
            "1:2:3:4:5:6:000.01.9.999",
            "::ffff:1.2.3.4",
            "1::8",
        ] {
            assert!(is_rfc2732_ipv6(s.as_bytes()), "{s}");
        }
        assert!(!is_ipv6(b"::1.2.3.999"));
        for s in [
            "::1.2.3.1000",
            "::1.2.3",
            "1:2:3:4:5:6:7:1.2.3.4",
            "::.1.2.3",
            "",
        ] {
            assert!(!is_rfc2732_ipv6(s.as_bytes()), "{s}");
        }
    }

    #[test]
    fn ipv4_is_strict_dec_octet() {
        assert_eq!(parse_ipv4(b"255.0.10.199"), Some([255, 0, 10, 199]));
        for s in [
            "256.1.1.1",
            "01.2.3.4",
            "1.2.3",
            "1.2.3.4.5",
            "0x7f.1",
            "1..2.3",
            "",
            "1.2.3.4.",
        ] {
            assert_eq!(parse_ipv4(s.as_bytes()), None, "{s}");
        }
    }
}
