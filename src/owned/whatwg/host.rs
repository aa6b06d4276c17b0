//! Host parsing (URL Standard §3.5) and serializing (§3.6): domains through UTS #46 (the `idna`
//! crate), IPv4 addresses in every notation browsers accept (`0x7f.1`, `2130706433`), IPv6
//! addresses (compressed on output), and the opaque hosts of non-special URLs.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt::Write;

use super::record::{encode_str, Reporter};
use super::ValidationErrorKind as V;
use crate::tables::whatwg::EncodeSet;

/// Why a host failed to parse: the validation error that ended it.
pub(crate) struct HostError(pub(crate) V);

/// A forbidden host code point (§3.2).
fn is_forbidden_host(c: char) -> bool {
    matches!(
        c,
        '\0' | '\t'
            | '\n'
            | '\r'
            | ' '
            | '#'
            | '/'
            | ':'
            | '<'
            | '>'
            | '?'
            | '@'
            | '['
            | '\\'
            | ']'
            | '^'
            | '|'
    )
}

/// A forbidden domain code point (§3.2): a forbidden host code point, a C0 control, `%` or
/// U+007F.
fn is_forbidden_domain(c: char) -> bool {
    is_forbidden_host(c) || c <= '\u{1F}' || c == '%' || c == '\u{7F}'
}

/// The host parser: the host serialized, or the error that made it fail. `start` is the
/// host's byte index in the input, for validation errors.
pub(crate) fn parse(
    input: &str,
    is_opaque: bool,
    report: &mut Reporter<'_>,
    start: usize,
) -> Result<String, HostError> {
    if let Some(inner) = input.strip_prefix('[') {
        let Some(inner) = inner.strip_suffix(']') else {
            return Err(HostError(V::Ipv6Unclosed));
        };
        let address = parse_ipv6(inner).map_err(HostError)?;
        let mut out = String::with_capacity(41);
        out.push('[');
        write_ipv6(&address, &mut out);
        out.push(']');
        return Ok(out);
    }
    if is_opaque {
        return parse_opaque(input, report, start);
    }
    if input.contains('%') && report.wants() && has_percent_encoded_byte(input) {
        report.at(V::DomainPercentEncoded, start);
    }
    let decoded = crate::pct::decode_bytes(input.as_bytes());
    let domain = String::from_utf8_lossy(&decoded);
    let ascii = domain_parser(&domain, report, start)?;
    if ends_in_a_number(&ascii) {
        let address = parse_ipv4(&ascii, report, start)?;
        let mut out = String::with_capacity(15);
        write_ipv4(address, &mut out);
        return Ok(out);
    }
    Ok(ascii)
}

fn has_percent_encoded_byte(s: &str) -> bool {
    let b = s.as_bytes();
    (0..b.len()).any(|i| {
        b[i] == b'%'
            && b.get(i + 1).is_some_and(u8::is_ascii_hexdigit)
            && b.get(i + 2).is_some_and(u8::is_ascii_hexdigit)
    })
}

/// The domain parser with beStrict false (§3.3): an ASCII domain lowercased whatever UTS #46
/// says of it (web compatibility), any other through UTS #46 ToASCII with CheckHyphens,
/// UseSTD3ASCIIRules and VerifyDnsLength off; then neither empty nor holding a forbidden
/// domain code point.
fn domain_parser(
    domain: &str,
    report: &mut Reporter<'_>,
    start: usize,
) -> Result<String, HostError> {
    use idna::uts46::{AsciiDenyList, DnsLength, Hyphens, Uts46};
    let uts46 = Uts46::new();
    if report.wants()
        && uts46
            .to_ascii(
                domain.as_bytes(),
                AsciiDenyList::STD3,
                Hyphens::Check,
                DnsLength::Verify,
            )
            .is_err()
    {
        report.at(V::DomainToAscii, start);
    }
    let result = if domain.is_ascii() {
        domain.to_ascii_lowercase()
    } else {
        match uts46.to_ascii(
            domain.as_bytes(),
            AsciiDenyList::EMPTY,
            Hyphens::Allow,
            DnsLength::Ignore,
        ) {
            Ok(ascii) => ascii.into_owned(),
            Err(_) => return Err(HostError(V::DomainToAscii)),
        }
    };
    if result.is_empty() {
        return Err(HostError(V::DomainToAscii));
    }
    if result.chars().any(is_forbidden_domain) {
        return Err(HostError(V::DomainInvalidCodePoint));
    }
    Ok(result)
}

/// The ends in a number checker (§3.5): whether the last label (one trailing dot aside) is
/// all digits or parses as an IPv4 number (`0x7f`, `017`). No allocation: the shortcut for
/// serialized URLs calls it too.
pub(crate) fn ends_in_a_number(input: &str) -> bool {
    let host = input.strip_suffix('.').unwrap_or(input);
    // Most hosts end in a letter that is no hex digit and no `x` (`.com`, `.org`).
    if host
        .bytes()
        .last()
        .is_some_and(|b| b.is_ascii_alphabetic() && !matches!(b | 0x20, b'a'..=b'f' | b'x'))
    {
        return false;
    }
    let b = host.as_bytes();
    let start = b.iter().rposition(|&c| c == b'.').map_or(0, |dot| dot + 1);
    // A number starts with a digit, in every notation (`1`, `0x7f`, `017`): `.de`, `.cafe`
    // end here.
    if !b.get(start).is_some_and(u8::is_ascii_digit) {
        return false;
    }
    let last = &host[start..];
    last.bytes().all(|b| b.is_ascii_digit()) || parse_ipv4_number(last).is_some()
}

/// The IPv4 number parser (§3.5): the number and whether it was not decimal.
fn parse_ipv4_number(mut input: &str) -> Option<(u64, bool)> {
    if input.is_empty() {
        return None;
    }
    let mut radix = 10;
    let mut flagged = false;
    if input.len() >= 2 && (input.starts_with("0x") || input.starts_with("0X")) {
        flagged = true;
        input = &input[2..];
        radix = 16;
    } else if input.len() >= 2 && input.starts_with('0') {
        flagged = true;
        input = &input[1..];
        radix = 8;
    }
    if input.is_empty() {
        return Some((0, true));
    }
    if !input.bytes().all(|b| (b as char).is_digit(radix)) {
        return None;
    }
    // Any number past 2^32 fails later; saturate rather than overflow.
    let mut n: u64 = 0;
    for b in input.bytes() {
        let d = u64::from((b as char).to_digit(radix)?);
        n = n
            .saturating_mul(u64::from(radix))
            .saturating_add(d)
            .min(1 << 40);
    }
    Some((n, flagged))
}

/// The IPv4 parser (§3.5).
fn parse_ipv4(input: &str, report: &mut Reporter<'_>, start: usize) -> Result<u32, HostError> {
    let mut parts: Vec<&str> = input.split('.').collect();
    if parts.last() == Some(&"") {
        report.at(V::Ipv4EmptyPart, start);
        if parts.len() > 1 {
            parts.pop();
        }
    }
    if parts.len() > 4 {
        return Err(HostError(V::Ipv4TooManyParts));
    }
    if parts.len() < 4 {
        report.at(V::Ipv4TooFewParts, start);
    }
    let mut numbers = Vec::with_capacity(4);
    for part in &parts {
        let Some((n, flagged)) = parse_ipv4_number(part) else {
            return Err(HostError(V::Ipv4NonNumericPart));
        };
        if flagged {
            report.at(V::Ipv4NonDecimalPart, start);
        }
        numbers.push(n);
    }
    if numbers.iter().any(|&n| n > 255) {
        report.at(V::Ipv4OutOfRangePart, start);
    }
    let (last, rest) = numbers
        .split_last()
        .ok_or(HostError(V::Ipv4NonNumericPart))?;
    if rest.iter().any(|&n| n > 255) {
        return Err(HostError(V::Ipv4OutOfRangePart));
    }
    if *last >= 256u64.pow(5 - numbers.len() as u32) {
        return Err(HostError(V::Ipv4OutOfRangePart));
    }
    let mut ipv4 = *last;
    for (counter, n) in rest.iter().enumerate() {
        ipv4 += n * 256u64.pow(3 - counter as u32);
    }
    Ok(ipv4 as u32)
}

/// The IPv4 parser alone, without validation errors: the address `input` writes in any
/// notation browsers accept (`0x7f.1`, `2130706433`, `0300.0250.1.1`), or `None`. For the
/// crawler keys, whose references read IPv4 addresses as browsers do.
#[cfg(feature = "canon")]
pub(crate) fn ipv4(input: &str) -> Option<u32> {
    parse_ipv4(input, &mut Reporter { f: None }, 0).ok()
}

/// The IPv4 serializer (§3.6).
pub(crate) fn write_ipv4(address: u32, out: &mut String) {
    let [a, b, c, d] = address.to_be_bytes();
    let _ = write!(out, "{a}.{b}.{c}.{d}");
}

/// The IPv6 parser (§3.5).
fn parse_ipv6(input: &str) -> Result<[u16; 8], V> {
    let c: Vec<char> = input.chars().collect();
    let at = |p: usize| c.get(p).copied();
    let mut address = [0u16; 8];
    let mut piece_index = 0usize;
    let mut compress: Option<usize> = None;
    let mut p = 0usize;
    if at(p) == Some(':') {
        if at(p + 1) != Some(':') {
            return Err(V::Ipv6InvalidCompression);
        }
        p += 2;
        piece_index += 1;
        compress = Some(piece_index);
    }
    while at(p).is_some() {
        if piece_index == 8 {
            return Err(V::Ipv6TooManyPieces);
        }
        if at(p) == Some(':') {
            if compress.is_some() {
                return Err(V::Ipv6MultipleCompression);
            }
            p += 1;
            piece_index += 1;
            compress = Some(piece_index);
            continue;
        }
        let mut value: u32 = 0;
        let mut length = 0;
        while length < 4 {
            let Some(d) = at(p).and_then(|ch| ch.to_digit(16)) else {
                break;
            };
            value = value * 0x10 + d;
            p += 1;
            length += 1;
        }
        if at(p) == Some('.') {
            if length == 0 {
                return Err(V::Ipv4InIpv6InvalidCodePoint);
            }
            p -= length;
            if piece_index > 6 {
                return Err(V::Ipv4InIpv6TooManyPieces);
            }
            let mut numbers_seen = 0;
            while at(p).is_some() {
                let mut ipv4_piece: Option<u32> = None;
                if numbers_seen > 0 {
                    if at(p) == Some('.') && numbers_seen < 4 {
                        p += 1;
                    } else {
                        return Err(V::Ipv4InIpv6InvalidCodePoint);
                    }
                }
                if !at(p).is_some_and(|ch| ch.is_ascii_digit()) {
                    return Err(V::Ipv4InIpv6InvalidCodePoint);
                }
                while let Some(number) = at(p).and_then(|ch| ch.to_digit(10)) {
                    match ipv4_piece {
                        None => ipv4_piece = Some(number),
                        Some(0) => return Err(V::Ipv4InIpv6InvalidCodePoint),
                        Some(v) => ipv4_piece = Some(v * 10 + number),
                    }
                    if ipv4_piece.is_some_and(|v| v > 255) {
                        return Err(V::Ipv4InIpv6OutOfRangePart);
                    }
                    p += 1;
                }
                let v = ipv4_piece.unwrap_or(0);
                address[piece_index] = (u32::from(address[piece_index]) * 0x100 + v) as u16;
                numbers_seen += 1;
                if numbers_seen == 2 || numbers_seen == 4 {
                    piece_index += 1;
                }
            }
            if numbers_seen != 4 {
                return Err(V::Ipv4InIpv6TooFewParts);
            }
            break;
        } else if at(p) == Some(':') {
            p += 1;
            if at(p).is_none() {
                return Err(V::Ipv6InvalidCodePoint);
            }
        } else if at(p).is_some() {
            return Err(V::Ipv6InvalidCodePoint);
        }
        address[piece_index] = value as u16;
        piece_index += 1;
    }
    if let Some(compress) = compress {
        let mut swaps = piece_index - compress;
        piece_index = 7;
        while piece_index != 0 && swaps > 0 {
            address.swap(piece_index, compress + swaps - 1);
            piece_index -= 1;
            swaps -= 1;
        }
    } else if piece_index != 8 {
        return Err(V::Ipv6TooFewPieces);
    }
    Ok(address)
}

/// The IPv6 serializer (§3.6): the first longest run of two or more zero pieces compressed.
fn write_ipv6(address: &[u16; 8], out: &mut String) {
    let mut compress: Option<usize> = None;
    let mut best = 1;
    let mut i = 0;
    while i < 8 {
        if address[i] == 0 {
            let run = address[i..].iter().take_while(|&&p| p == 0).count();
            if run > best {
                best = run;
                compress = Some(i);
            }
            i += run;
        } else {
            i += 1;
        }
    }
    let mut ignore0 = false;
    for (index, piece) in address.iter().enumerate() {
        if ignore0 && *piece == 0 {
            continue;
        }
        ignore0 = false;
        if compress == Some(index) {
            out.push_str(if index == 0 { "::" } else { ":" });
            ignore0 = true;
            continue;
        }
        let _ = write!(out, "{piece:x}");
        if index != 7 {
            out.push(':');
        }
    }
}

/// The opaque-host parser (§3.5).
fn parse_opaque(input: &str, report: &mut Reporter<'_>, start: usize) -> Result<String, HostError> {
    if input.chars().any(is_forbidden_host) {
        return Err(HostError(V::HostInvalidCodePoint));
    }
    if report.wants() {
        let b = input.as_bytes();
        let bad_pct = (0..b.len()).any(|i| {
            b[i] == b'%'
                && !(b.get(i + 1).is_some_and(u8::is_ascii_hexdigit)
                    && b.get(i + 2).is_some_and(u8::is_ascii_hexdigit))
        });
        if bad_pct {
            report.at(V::InvalidUrlUnit, start);
        }
    }
    let mut out = String::with_capacity(input.len());
    encode_str(input, EncodeSet::C0Control, &mut out);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The ends in a number checker as the standard writes it (§3.5): the last item of the
    /// host split on `.` (an empty last item removed when there are two or more) is all ASCII
    /// digits, or parses as an IPv4 number.
    fn by_the_text(input: &str) -> bool {
        let mut parts: Vec<&str> = input.split('.').collect();
        if parts.last() == Some(&"") {
            if parts.len() == 1 {
                return false;
            }
            parts.pop();
        }
        let last = parts.last().copied().unwrap_or("");
        (!last.is_empty() && last.bytes().all(|b| b.is_ascii_digit()))
            || parse_ipv4_number(last).is_some()
    }

    /// Every string over an alphabet of dots, digits, hex and other letters and `x`, up to
    /// six long: the checker's shortcuts (the last byte, the last label's first) agree with
    /// the text.
    #[test]
    fn ends_in_a_number_is_the_text() {
        let alphabet = b".019xXaFg";
        let mut s = Vec::new();
        for len in 0..=6u32 {
            for n in 0..alphabet.len().pow(len) {
                s.clear();
                let mut k = n;
                for _ in 0..len {
                    s.push(alphabet[k % alphabet.len()]);
                    k /= alphabet.len();
                }
                let host = core::str::from_utf8(&s).unwrap();
                assert_eq!(ends_in_a_number(host), by_the_text(host), "{host:?}");
            }
        }
    }
}
