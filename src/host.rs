//! The host sub-grammar (RFC 3986 §3.2.2): IPv4address, IPv6address, IPvFuture, reg-name.

use crate::pct::hex_val;
use crate::tables::ip;
use core::net::{Ipv4Addr, Ipv6Addr};

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

/// How far the DFA of `tables/ip.abnf` (build.rs) reads `s` from `start`, the rule's start
/// state: the longest prefix of `s` that begins some string of the rule (the DFA not dead
/// after it), and whether that prefix is one. One table step a byte, where reading the groups
/// by hand ([`parse_ipv6`]) took 178 instructions on `2001:db8::1`.
#[inline]
fn ip_prefix(start: usize, s: &[u8]) -> (usize, bool) {
    let mut state = start;
    for (k, &b) in s.iter().enumerate() {
        let class = usize::from(ip::BYTE_CLASS[usize::from(b)]);
        let next = usize::from(ip::TRANS[(state + class) & (ip::TRANS.len() - 1)]);
        if next == ip::DEAD {
            return (k, state >= ip::FIRST_ACCEPT);
        }
        state = next;
    }
    (s.len(), state >= ip::FIRST_ACCEPT)
}

/// Whether `s` is an `IPv6address` (RFC 3986 §3.2.2): the rule as the RFC writes it, compiled
/// by build.rs from `tables/ip.abnf`.
pub(crate) fn is_ipv6(s: &[u8]) -> bool {
    ip_prefix(ip::START_IPV6ADDRESS, s) == (s.len(), true)
}

/// Whether `s` is an `IPv6address` of RFC 2732 §3 (for RFC 2396): the same groups (RFC 2373
/// §2.2, which RFC 2732 cites), but an embedded `IPv4address = 1*3DIGIT "." 1*3DIGIT "."
/// 1*3DIGIT "." 1*3DIGIT`, with no limit on each part's value (`tables/ip.abnf`).
pub(crate) fn is_rfc2732_ipv6(s: &[u8]) -> bool {
    ip_prefix(ip::START_IPV6ADDRESS_RFC2732, s) == (s.len(), true)
}

/// The longest prefix of `s` that begins some `IPv6address`, and whether it is one: where the
/// address an IP literal starts with ends, and whether it is good, in one pass (the parser's
/// IP literals, whose ']' should stand there).
#[inline]
pub(crate) fn ipv6_prefix(s: &[u8]) -> (usize, bool) {
    ip_prefix(ip::START_IPV6ADDRESS, s)
}

/// Whether `s` is a prefix of some IPv6address (§3.2.2), i.e. whether more bytes could still
/// make it valid. Used to report a malformed IPv6 literal as such, at its start, even when
/// the input breaks off or goes wrong before the closing `]`.
pub(crate) fn ipv6_viable_prefix(s: &[u8]) -> bool {
    ipv6_prefix(s).0 == s.len()
}

#[cfg(test)]
mod tests {
    use super::*;
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
