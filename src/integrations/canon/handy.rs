//! The URL record of the `surt` package (its `handyurl`, a port of the Internet Archive's Java
//! `HandyURL`): how it takes a text apart and writes a SURT back. It accepts almost any text,
//! as the indexes built with it did, so it splits by RFC 3986 Appendix B
//! ([`split`](crate::grammars::split)) rather than validating by a grammar; the quirks below
//! are the reference's, kept on purpose, since a key is only useful if it equals the keys
//! already in the indexes.

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;

use super::holds::Holds;
use super::SurtOptions;
use crate::grammars::split::split;
use crate::vocab::error::{CanonError, CanonErrorKind};

/// A URL as the `surt` package holds it. Userinfo is dropped on parsing (the reference never
/// copies it into the record). An empty host, path or query counts as absent, as the
/// reference's truth tests make it.
///
/// The parts borrow from the prepared text and are copied only where a step changes them.
pub(super) struct HandyUrl<'a> {
    pub(super) scheme: &'a [u8],
    pub(super) host: Option<Cow<'a, [u8]>>,
    pub(super) port: Option<u16>,
    pub(super) path: Option<Cow<'a, [u8]>>,
    pub(super) query: Option<Cow<'a, [u8]>>,
    pub(super) hash: Option<Cow<'a, [u8]>>,
    /// The text ended in a `?` that gave no query: written back unless a canonicalizer drops it.
    pub(super) last_delimiter: bool,
    /// What the prepared text holds: no more than any part borrowed from it.
    pub(super) holds: Holds,
}

/// Python's `bytes.strip()` whitespace.
fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0B | 0x0C)
}

/// `^[a-zA-Z][a-zA-Z0-9+.-]*:`: the text starts with a scheme.
pub(super) fn has_scheme(b: &[u8]) -> bool {
    let n = b
        .iter()
        .take_while(|&&c| c.is_ascii_alphanumeric() || matches!(c, b'+' | b'-' | b'.'))
        .count();
    n > 0 && b[0].is_ascii_alphabetic() && b.get(n) == Some(&b':')
}

/// The text the reference parses, and how it relates to the input, to give errors the
/// input's byte index.
pub(super) struct Prepared<'a> {
    pub(super) text: Cow<'a, str>,
    /// What `text` holds.
    holds: Holds,
    /// Leading whitespace stripped.
    lead: usize,
    /// `http://` added in front (7) or nothing.
    added: usize,
    /// Bytes of repeated `http://` prefixes dropped after that.
    dropped: usize,
}

impl Prepared<'_> {
    /// The input's index of the prepared text's byte `i`.
    fn input_index(&self, input: &[u8], i: usize) -> usize {
        if i < self.added {
            return self.lead;
        }
        let mut j = i - self.added + self.dropped;
        for (k, &b) in input.iter().enumerate().skip(self.lead) {
            if !matches!(b, b'\t' | b'\n' | b'\r') {
                if j == 0 {
                    return k;
                }
                j -= 1;
            }
        }
        input.len()
    }
}

/// The reference's preparation: strip whitespace at both ends, drop every tab, CR and LF,
/// add `http://` to a text without a scheme, and keep only the last of repeated `http://` and
/// `https://` prefixes (`http://https/x` stays; `http://https://x` is `https://x`). The input
/// itself when none of that changes it, as for most URLs.
pub(super) fn prepare(input: &str) -> Prepared<'_> {
    let bytes = input.as_bytes();
    let lead = bytes.iter().take_while(|&&b| is_space(b)).count();
    let trail = bytes[lead..]
        .iter()
        .rev()
        .take_while(|&&b| is_space(b))
        .count();
    // ASCII whitespace at both ends: the cuts are on character boundaries.
    let core = &input[lead..input.len() - trail];
    // Tab, CR and LF are among the bytes a key escapes: most texts have none of those.
    let holds = Holds::of(core.as_bytes());
    let plain = !holds.escape() || !core.bytes().any(|b| matches!(b, b'\t' | b'\n' | b'\r'));
    let mut text = if plain {
        Cow::Borrowed(core)
    } else {
        Cow::Owned(core.replace(['\t', '\n', '\r'], ""))
    };
    let added = if text.is_empty() || has_scheme(text.as_bytes()) {
        0
    } else {
        text.to_mut().insert_str(0, "http://");
        7
    };
    // `^(https?://)+` replaced by its last repetition.
    let (mut at, mut last, mut count) = (0, 0..0, 0);
    loop {
        let n = if text[at..].starts_with("http://") {
            7
        } else if text[at..].starts_with("https://") {
            8
        } else {
            break;
        };
        last = at..at + n;
        at += n;
        count += 1;
    }
    // (A text given `http://` had no scheme, so it cannot repeat it.)
    let mut dropped = 0;
    if count > 1 {
        dropped = last.start;
        text = match text {
            Cow::Borrowed(t) => Cow::Borrowed(&t[last.start..]),
            Cow::Owned(mut t) => {
                t.drain(..last.start);
                Cow::Owned(t)
            }
        };
    }
    Prepared {
        // `http://` adds nothing to what the text holds; dropping tabs takes away only
        // what a key escapes: `holds` stays a bound.
        text,
        holds,
        lead,
        added,
        dropped,
    }
}

impl<'a> HandyUrl<'a> {
    /// The `surt` package's `handyurl.parse` of the `prepared` text of `input`.
    pub(super) fn parse(
        input: &str,
        prepared: &'a Prepared<'_>,
    ) -> Result<HandyUrl<'a>, CanonError> {
        let input = input.as_bytes();
        let text: &'a [u8] = prepared.text.as_bytes();
        let parts = split(text);
        let Some(scheme) = parts.scheme.clone() else {
            // Only an empty text has no scheme by now (the reference fails on it).
            return Err(CanonError::new(CanonErrorKind::Empty, 0));
        };
        let scheme = &text[scheme];
        let non_empty = |r: Option<core::ops::Range<usize>>| r.filter(|r| !r.is_empty());

        // The authority as Python's `urlsplit` result reads it: a trailing `:` (or several)
        // dropped, userinfo up to the last `@` skipped, an IPv6 literal between the first `[`
        // and the next `]`, the port after the first `:` that follows.
        let mut host = None;
        let mut port = None;
        if let Some(authority) = parts.authority.clone() {
            let mut end = authority.end;
            while end > authority.start && text[end - 1] == b':' {
                end -= 1;
            }
            let netloc = &text[authority.start..end];
            // One pass: where the host's part starts (after the last `@`), and its first `[`
            // and first `:`.
            let (mut info_at, mut first_open, mut first_colon) = (0, None, None);
            for (i, &b) in netloc.iter().enumerate() {
                match b {
                    b'@' => (info_at, first_open, first_colon) = (i + 1, None, None),
                    b'[' if first_open.is_none() => first_open = Some(i),
                    b':' if first_colon.is_none() => first_colon = Some(i),
                    _ => {}
                }
            }
            let info = &netloc[info_at..];
            let (name, port_at) = match first_open.map(|o| o - info_at) {
                Some(open) => {
                    let inner = &info[open + 1..];
                    match inner.iter().position(|&b| b == b']') {
                        Some(close) => {
                            let after = open + 1 + close + 1;
                            let colon = info[after..].iter().position(|&b| b == b':');
                            (&inner[..close], colon.map(|c| after + c + 1))
                        }
                        None => (inner, None),
                    }
                }
                None => match first_colon.map(|c| c - info_at) {
                    Some(colon) => (&info[..colon], Some(colon + 1)),
                    None => (info, None),
                },
            };
            if let Some(p) = port_at.filter(|&p| p < info.len()) {
                let digits = &info[p..];
                let at = prepared.input_index(input, authority.start + info_at + p);
                if !digits.iter().all(u8::is_ascii_digit) {
                    return Err(CanonError::new(CanonErrorKind::PortNotANumber, at));
                }
                let value = digits
                    .iter()
                    .fold(0u32, |n, &d| (n * 10 + u32::from(d - b'0')).min(1 << 20));
                let value = u16::try_from(value)
                    .map_err(|_| CanonError::new(CanonErrorKind::InvalidPort, at))?;
                // Port 0 counts as none (`o.port or None`).
                port = (value != 0).then_some(value);
            }
            if !name.is_empty() {
                // Python lowercases the hostname but an IPv6 zone after `%`.
                let mut h = Cow::Borrowed(name);
                if prepared.holds.upper() {
                    let zone = name.iter().position(|&b| b == b'%').unwrap_or(name.len());
                    if name[..zone].iter().any(u8::is_ascii_uppercase) {
                        h.to_mut()[..zone].make_ascii_lowercase();
                    }
                }
                host = Some(h);
            }
        }
        let mut path = non_empty(Some(parts.path.clone())).map(|r| Cow::Borrowed(&text[r]));
        // "http:////www.example.com": a scheme starting `http` with no host takes the host
        // from the path (not lowercased; the canonicalizers lowercase it).
        if scheme.starts_with(b"http") && host.is_none() {
            if let Some(p) = path.take() {
                let rest = &p[p.iter().take_while(|&&b| b == b'/').count()..];
                let slash = rest.iter().position(|&b| b == b'/').unwrap_or(rest.len());
                host = Some(Cow::Owned(rest[..slash].to_vec()))
                    .filter(|h: &Cow<'_, [u8]>| !h.is_empty());
                let mut new_path = Vec::with_capacity(rest.len() - slash + 1);
                new_path.push(b'/');
                new_path.extend_from_slice(rest.get(slash + 1..).unwrap_or_default());
                path = Some(Cow::Owned(new_path));
            }
        }
        let query = non_empty(parts.query).map(|r| Cow::Borrowed(&text[r]));
        Ok(HandyUrl {
            scheme,
            host,
            port,
            path,
            last_delimiter: text.last() == Some(&b'?') && query.is_none(),
            query,
            hash: non_empty(parts.fragment).map(|r| Cow::Borrowed(&text[r])),
            holds: prepared.holds,
        })
    }

    /// The `surt` package's `geturl_bytes` with `surt=True`: the host reversed in front, `)`
    /// after it, then the path, query and fragment as they are. Every canonicalizer leaves
    /// ASCII; without one the parts are slices of the input between ASCII delimiters: each
    /// part is UTF-8 (the lossy conversion is never more than a check).
    pub(super) fn write_surt(&self, text: &str, options: &SurtOptions, out: &mut String) {
        let push = |out: &mut String, part: &[u8]| out.push_str(&as_text(text, part));
        let host = self.host.as_deref().filter(|h| !h.is_empty());
        if options.include_scheme {
            push(out, self.scheme);
            out.push(':');
            if host.is_some() {
                if self.scheme != b"dns" {
                    out.push_str("//");
                }
                out.push('(');
            }
        } else if host.is_none() {
            push(out, self.scheme);
            out.push(':');
        }
        if let Some(host) = host {
            // `hostToSURT`: the labels in reverse order, joined by `,`; a dotted quad stays as
            // it is when `reverse_ipaddr` is off.
            if !options.reverse_ipaddr && is_dotted_quad(host) {
                push(out, host);
            } else {
                let host = as_text(text, host);
                let mut rest = &*host;
                while let Some(dot) = rest.bytes().rposition(|b| b == b'.') {
                    out.push_str(&rest[dot + 1..]);
                    out.push(',');
                    rest = &rest[..dot];
                }
                out.push_str(rest);
            }
            if let Some(port) = self.port {
                out.push(':');
                write_decimal(port, out);
            }
            if options.trailing_comma {
                out.push(',');
            }
            out.push(')');
        }
        match &self.path {
            Some(p) if !p.is_empty() => push(out, p),
            _ if self.query.is_some() || self.hash.is_some() => out.push('/'),
            _ => {}
        }
        if let Some(q) = &self.query {
            out.push('?');
            push(out, q);
        }
        if let Some(h) = &self.hash {
            out.push('#');
            push(out, h);
        }
        if self.last_delimiter {
            out.push('?');
        }
    }
}

/// `part` as text: the same bytes of `text` when `part` is a slice of it (no check: `text`
/// is a `str`, and every part is cut at ASCII delimiters), else converted.
fn as_text<'t>(text: &'t str, part: &'t [u8]) -> Cow<'t, str> {
    let start = (part.as_ptr() as usize).wrapping_sub(text.as_ptr() as usize);
    let same = start
        .checked_add(part.len())
        .and_then(|end| text.get(start..end))
        .filter(|t| t.as_ptr() == part.as_ptr());
    match same.or_else(|| core::str::from_utf8(part).ok()) {
        Some(t) => Cow::Borrowed(t),
        None => String::from_utf8_lossy(part),
    }
}

/// Appends the decimal digits of `n`.
fn write_decimal(n: u16, out: &mut String) {
    let mut digits = [0u8; 5];
    let mut at = digits.len();
    let mut n = n;
    loop {
        at -= 1;
        digits[at] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    for &d in &digits[at..] {
        out.push(char::from(d));
    }
}

/// `(?:\d{1,3}\.){3}\d{1,3}$`: four dot-separated runs of one to three digits.
fn is_dotted_quad(host: &[u8]) -> bool {
    let mut parts = 0;
    for part in host.split(|&b| b == b'.') {
        parts += 1;
        if parts > 4 || part.is_empty() || part.len() > 3 || !part.iter().all(u8::is_ascii_digit) {
            return false;
        }
    }
    parts == 4
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn preparation_maps_indexes_back() {
        let input = "  \thttps://http://a:x";
        let p = prepare(input);
        assert_eq!(p.text, "http://a:x");
        let colon = p.text.find('x').unwrap();
        assert_eq!(p.input_index(input.as_bytes(), colon), input.len() - 1);
        let p = prepare("a.b:x");
        assert_eq!(p.text, "a.b:x"); // `a.b` is a scheme
        assert!(matches!(p.text, Cow::Borrowed(_)));
        let p = prepare("//a.b/c");
        assert_eq!(p.text, "http:////a.b/c");
        assert_eq!(p.input_index(b"//a.b/c", 8), 1);
    }

    #[test]
    fn dotted_quads() {
        assert!(is_dotted_quad(b"1.22.255.999"));
        assert!(!is_dotted_quad(b"1.2.3"));
        assert!(!is_dotted_quad(b"1.2.3.4.5"));
        assert!(!is_dotted_quad(b"1.2.3.1234"));
        assert!(!is_dotted_quad(b"1.2.3.a"));
    }
}
