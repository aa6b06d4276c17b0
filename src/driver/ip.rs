//! IP literals checked by the DFA of `tables/ip.abnf` (build.rs compiles it beside the
//! grammars): the driver runs it on the text between `[` and `]`, one table step a byte.

use crate::tables::ip;

/// How far the DFA of `tables/ip.abnf` (build.rs) reads `s` from `start`, the rule's start
/// state: the longest prefix of `s` that begins some string of the rule (the DFA not dead
/// after it), and whether that prefix is one. One table step a byte, where reading the groups
/// by hand (`ops::host::parse_ipv6`) took 178 instructions on `2001:db8::1`.
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
