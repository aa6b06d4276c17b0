//! Single-byte predicates written straight from the ABNF of RFC 3986 Appendix A (and RFC 5234
//! Appendix B.1 for ALPHA, DIGIT and HEXDIG), with `matches!` ranges and nothing else.
//!
//! They are the independent oracle for the generated class tables (`urilex::chars`) and the
//! terminals of the reference recognizer (`support::reference`). They deliberately do not share
//! a line of code with `tables/` or `build.rs`.
//!
//! `pct-encoded` is a three-byte sequence, so `%` belongs to none of these sets; where a rule
//! says `unreserved / pct-encoded / sub-delims ...`, the single-byte set below is the rule
//! without its `pct-encoded` alternative.

// The ranges are spelled out as the ABNF writes them (`%x41-5A / %x61-7A`) on purpose, rather
// than through `u8::is_ascii_*`, so the oracle reads like the RFC.
#![allow(clippy::manual_is_ascii_check)]

/// A single-byte class predicate.
pub type Predicate = fn(u8) -> bool;

/// `ALPHA = %x41-5A / %x61-7A` (RFC 5234 B.1)
pub fn alpha(b: u8) -> bool {
    matches!(b, b'A'..=b'Z' | b'a'..=b'z')
}

/// `DIGIT = %x30-39` (RFC 5234 B.1)
pub fn digit(b: u8) -> bool {
    matches!(b, b'0'..=b'9')
}

/// `HEXDIG = DIGIT / "A" / "B" / "C" / "D" / "E" / "F"` (RFC 5234 B.1). ABNF string literals
/// are case-insensitive (RFC 5234 §2.3), and RFC 3986 §2.1 says "The uppercase hexadecimal
/// digits 'A' through 'F' are equivalent to the lowercase digits 'a' through 'f'", so both cases.
pub fn hexdig(b: u8) -> bool {
    matches!(b, b'0'..=b'9' | b'A'..=b'F' | b'a'..=b'f')
}

/// `unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"` (§2.3)
pub fn unreserved(b: u8) -> bool {
    matches!(b, b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~')
}

/// `gen-delims = ":" / "/" / "?" / "#" / "[" / "]" / "@"` (§2.2)
pub fn gen_delims(b: u8) -> bool {
    matches!(b, b':' | b'/' | b'?' | b'#' | b'[' | b']' | b'@')
}

/// `sub-delims = "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "="` (§2.2)
pub fn sub_delims(b: u8) -> bool {
    matches!(
        b,
        b'!' | b'$' | b'&' | b'\'' | b'(' | b')' | b'*' | b'+' | b',' | b';' | b'='
    )
}

/// `reserved = gen-delims / sub-delims` (§2.2)
pub fn reserved(b: u8) -> bool {
    gen_delims(b) || sub_delims(b)
}

/// `pchar = unreserved / pct-encoded / sub-delims / ":" / "@"` (§3.3), single bytes only.
pub fn pchar(b: u8) -> bool {
    unreserved(b) || sub_delims(b) || matches!(b, b':' | b'@')
}

/// The bytes of `scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )` (§3.1) after the first.
pub fn scheme(b: u8) -> bool {
    matches!(b, b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'+' | b'-' | b'.')
}

/// `userinfo = *( unreserved / pct-encoded / sub-delims / ":" )` (§3.2.1), single bytes only.
pub fn userinfo(b: u8) -> bool {
    unreserved(b) || sub_delims(b) || b == b':'
}

/// `reg-name = *( unreserved / pct-encoded / sub-delims )` (§3.2.2), single bytes only.
pub fn reg_name(b: u8) -> bool {
    unreserved(b) || sub_delims(b)
}

/// `segment = *pchar` (§3.3), single bytes only.
pub fn segment(b: u8) -> bool {
    pchar(b)
}

/// `segment-nz-nc = 1*( unreserved / pct-encoded / sub-delims / "@" )` (§3.3): a segment
/// without any colon, single bytes only.
pub fn segment_nz_nc(b: u8) -> bool {
    unreserved(b) || sub_delims(b) || b == b'@'
}

/// `query = *( pchar / "/" / "?" )` (§3.4), single bytes only.
pub fn query(b: u8) -> bool {
    pchar(b) || matches!(b, b'/' | b'?')
}

/// `fragment = *( pchar / "/" / "?" )` (§3.5), single bytes only.
pub fn fragment(b: u8) -> bool {
    pchar(b) || matches!(b, b'/' | b'?')
}

/// Every class `urilex::chars::ALL` must provide, by its ABNF name, with its predicate.
pub const CLASSES: &[(&str, Predicate)] = &[
    ("ALPHA", alpha),
    ("DIGIT", digit),
    ("HEXDIG", hexdig),
    ("unreserved", unreserved),
    ("gen-delims", gen_delims),
    ("sub-delims", sub_delims),
    ("reserved", reserved),
    ("pchar", pchar),
    ("scheme", scheme),
    ("userinfo", userinfo),
    ("reg-name", reg_name),
    ("segment", segment),
    ("segment-nz-nc", segment_nz_nc),
    ("query", query),
    ("fragment", fragment),
];

/// The predicate for a class name, or `None` for a name the ABNF does not define.
pub fn by_name(name: &str) -> Option<Predicate> {
    CLASSES.iter().find(|(n, _)| *n == name).map(|&(_, f)| f)
}

/// `ucschar` (RFC 3987 §2.2), as the RFC lists it, over code points.
pub fn ucschar(c: u32) -> bool {
    matches!(c,
        0xA0..=0xD7FF | 0xF900..=0xFDCF | 0xFDF0..=0xFFEF
        | 0x10000..=0x1FFFD | 0x20000..=0x2FFFD | 0x30000..=0x3FFFD
        | 0x40000..=0x4FFFD | 0x50000..=0x5FFFD | 0x60000..=0x6FFFD
        | 0x70000..=0x7FFFD | 0x80000..=0x8FFFD | 0x90000..=0x9FFFD
        | 0xA0000..=0xAFFFD | 0xB0000..=0xBFFFD | 0xC0000..=0xCFFFD
        | 0xD0000..=0xDFFFD | 0xE1000..=0xEFFFD)
}

/// `iprivate` (RFC 3987 §2.2), over code points.
pub fn iprivate(c: u32) -> bool {
    matches!(c, 0xE000..=0xF8FF | 0xF0000..=0xFFFFD | 0x100000..=0x10FFFD)
}

/// The bidi formatting characters RFC 3987 §4.1 forbids in IRIs: LRM, RLM, LRE, RLE, PDF,
/// LRO, RLO.
pub fn bidi_formatting(c: u32) -> bool {
    matches!(c, 0x200E | 0x200F | 0x202A..=0x202E)
}

#[cfg(test)]
mod tests {
    // Sanity checks of the oracle itself against counts one can verify by reading §2:
    // 66 unreserved bytes (52 letters + 10 digits + 4 marks), 7 gen-delims, 11 sub-delims.
    fn count(f: super::Predicate) -> usize {
        (0..=255u8).filter(|&b| f(b)).count()
    }

    #[test]
    fn class_sizes_match_the_rfc() {
        use super::*;
        assert_eq!(count(alpha), 52);
        assert_eq!(count(digit), 10);
        assert_eq!(count(hexdig), 22);
        assert_eq!(count(unreserved), 66);
        assert_eq!(count(gen_delims), 7);
        assert_eq!(count(sub_delims), 11);
        assert_eq!(count(reserved), 18);
        assert_eq!(count(pchar), 66 + 11 + 2);
        assert_eq!(count(scheme), 65);
        assert_eq!(count(query), 66 + 11 + 4);
        assert!((128..=255u8).all(|b| CLASSES.iter().all(|(_, f)| !f(b))));
        assert!(CLASSES.iter().all(|(_, f)| !f(b'%')));
    }
}
