//! Percent-encoding (RFC 3986 §2.1): decode, encode per component, and `application/x-www-form-urlencoded`
//! style query pairs.
//!
//! Decoding never fails: a `%` that is not followed by two hex digits is kept as it is (a
//! validated [`UriRef`](crate::UriRef) has none). Encoding escapes exactly the bytes that the
//! component's grammar (RFC 3986 Appendix A) does not allow literally, plus `%` itself, so that
//! `decode(encode(x, c)) == x` for any bytes `x`.
//!
//! ```
//! use urilex::{pct, Component};
//! assert_eq!(pct::encode("a b/c?", Component::Path).to_string(), "a%20b/c%3F");
//! assert_eq!(pct::decode("a%20b").collect::<Vec<u8>>(), b"a b");
//! ```

use core::fmt;

use crate::Component;

#[cfg(feature = "alloc")]
use alloc::{borrow::Cow, string::String, vec::Vec};

// ---- byte classes (RFC 3986 §2.2, §2.3, Appendix A) ------------------------------------------

/// `sub-delims = "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "="` (§2.2)
pub(crate) const SUB_DELIM: u16 = 1 << 1;
/// `HEXDIG` (RFC 5234 B.1, case-insensitive per RFC 3986 §2.1)
pub(crate) const HEX: u16 = 1 << 2;
/// `scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )` (§3.1): the non-first characters.
pub(crate) const SCHEME: u16 = 1 << 3;
/// `DIGIT`
pub(crate) const DIGIT: u16 = 1 << 4;
/// `ALPHA`
pub(crate) const ALPHA: u16 = 1 << 5;
/// `userinfo = *( unreserved / pct-encoded / sub-delims / ":" )` (§3.2.1), less `%`.
pub(crate) const USERINFO: u16 = 1 << 6;
/// `reg-name = *( unreserved / pct-encoded / sub-delims )` (§3.2.2), less `%`.
pub(crate) const REG_NAME: u16 = 1 << 7;
/// `pchar = unreserved / pct-encoded / sub-delims / ":" / "@"` (§3.3), less `%`, plus `/`:
/// what a path may hold literally.
pub(crate) const PATH: u16 = 1 << 8;
/// `query = fragment = *( pchar / "/" / "?" )` (§3.4, §3.5), less `%`.
pub(crate) const QUERY: u16 = 1 << 9;
/// `authority` characters: userinfo, `@`, host (including IP-literal brackets), `:` port.
pub(crate) const AUTHORITY: u16 = 1 << 10;
/// `IPvFuture` tail: `unreserved / sub-delims / ":"` (§3.2.2).
pub(crate) const IPVFUTURE: u16 = 1 << 11;

const fn build_classes() -> [u16; 256] {
    let mut t = [0u16; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        let alpha = c.is_ascii_alphabetic();
        let digit = c.is_ascii_digit();
        let unreserved = alpha || digit || matches!(c, b'-' | b'.' | b'_' | b'~');
        let sub = matches!(
            c,
            b'!' | b'$' | b'&' | b'\'' | b'(' | b')' | b'*' | b'+' | b',' | b';' | b'='
        );
        let mut v = 0;
        if sub {
            v |= SUB_DELIM;
        }
        if c.is_ascii_hexdigit() {
            v |= HEX;
        }
        if alpha || digit || matches!(c, b'+' | b'-' | b'.') {
            v |= SCHEME;
        }
        if digit {
            v |= DIGIT;
        }
        if alpha {
            v |= ALPHA;
        }
        if unreserved || sub || c == b':' {
            v |= USERINFO | IPVFUTURE;
        }
        if unreserved || sub {
            v |= REG_NAME;
        }
        if unreserved || sub || matches!(c, b':' | b'@' | b'/') {
            v |= PATH;
        }
        if unreserved || sub || matches!(c, b':' | b'@' | b'/' | b'?') {
            v |= QUERY;
        }
        if unreserved || sub || matches!(c, b':' | b'@' | b'[' | b']') {
            v |= AUTHORITY;
        }
        t[b] = v;
        b += 1;
    }
    t
}

/// Byte → class bitmask. Indexing by `u8` needs no bounds check.
pub(crate) static CLASSES: [u16; 256] = build_classes();

#[inline]
pub(crate) fn is(b: u8, class: u16) -> bool {
    CLASSES[b as usize] & class != 0
}

/// Value of a hex digit, or `None`.
#[inline]
pub(crate) fn hex_val(b: u8) -> Option<u8> {
    match b {
        b'0'..=b'9' => Some(b - b'0'),
        b'A'..=b'F' => Some(b - b'A' + 10),
        b'a'..=b'f' => Some(b - b'a' + 10),
        _ => None,
    }
}

/// The percent-encoded octet at `s[i..i + 3]`, if `s[i]` is `%` followed by two hex digits.
#[inline]
pub(crate) fn octet_at(s: &[u8], i: usize) -> Option<u8> {
    match s.get(i..i + 3) {
        Some([b'%', h, l]) => Some(hex_val(*h)? << 4 | hex_val(*l)?),
        _ => None,
    }
}

const fn build_pct_table() -> [u8; 768] {
    let hex = b"0123456789ABCDEF";
    let mut t = [0u8; 768];
    let mut i = 0;
    while i < 256 {
        t[i * 3] = b'%';
        t[i * 3 + 1] = hex[i >> 4];
        t[i * 3 + 2] = hex[i & 15];
        i += 1;
    }
    t
}

const PCT_BYTES: [u8; 768] = build_pct_table();
/// `"%00%01…%FF"`: the uppercase (§2.1 "should use uppercase") encoding of every octet.
static PCT_STR: &str = match core::str::from_utf8(&PCT_BYTES) {
    Ok(s) => s,
    Err(_) => "",
};

/// `"%XX"` for an octet, uppercase hex.
#[inline]
pub(crate) fn pct_str(b: u8) -> &'static str {
    let i = b as usize * 3;
    PCT_STR.get(i..i + 3).unwrap_or("")
}

const fn build_ascii_table() -> [u8; 128] {
    let mut t = [0u8; 128];
    let mut i = 0;
    while i < 128 {
        t[i] = i as u8;
        i += 1;
    }
    t
}
const ASCII_BYTES: [u8; 128] = build_ascii_table();
static ASCII_STR: &str = match core::str::from_utf8(&ASCII_BYTES) {
    Ok(s) => s,
    Err(_) => "",
};

/// A one-character `&'static str` for an ASCII byte (empty for a non-ASCII byte).
#[inline]
pub(crate) fn ascii_str(b: u8) -> &'static str {
    let i = b as usize;
    ASCII_STR.get(i..i + 1).unwrap_or("")
}

// ---- decoding ---------------------------------------------------------------------------------

/// Decodes percent-encoded octets (RFC 3986 §2.1), yielding bytes.
///
/// A `%` not followed by two hex digits is yielded as it is. Nothing allocates.
///
/// ```
/// use urilex::pct;
/// assert_eq!(pct::decode("caf%C3%A9%2").collect::<Vec<u8>>(), "café%2".as_bytes());
/// ```
pub fn decode<I: AsRef<[u8]> + ?Sized>(input: &I) -> Decode<'_> {
    Decode {
        s: input.as_ref(),
        pos: 0,
        plus_as_space: false,
    }
}

/// Iterator of decoded bytes; see [`decode`].
///
/// ```
/// let mut d = urilex::pct::decode("%41b");
/// assert_eq!((d.next(), d.next(), d.next()), (Some(b'A'), Some(b'b'), None));
/// ```
#[derive(Clone, Debug)]
pub struct Decode<'a> {
    s: &'a [u8],
    pos: usize,
    plus_as_space: bool,
}

impl Iterator for Decode<'_> {
    type Item = u8;

    #[inline]
    fn next(&mut self) -> Option<u8> {
        let b = *self.s.get(self.pos)?;
        if b == b'%' {
            if let Some(v) = octet_at(self.s, self.pos) {
                self.pos += 3;
                return Some(v);
            }
        }
        self.pos += 1;
        Some(if b == b'+' && self.plus_as_space {
            b' '
        } else {
            b
        })
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let rest = self.s.len() - self.pos.min(self.s.len());
        (rest.div_ceil(3), Some(rest))
    }
}

impl core::iter::FusedIterator for Decode<'_> {}

/// Decodes into bytes, borrowing the input when it holds no `%` (and so nothing to decode).
///
/// ```
/// use std::borrow::Cow;
/// use urilex::pct;
/// assert!(matches!(pct::decode_bytes("plain"), Cow::Borrowed(b"plain")));
/// assert_eq!(pct::decode_bytes("%FF%00"), &b"\xff\x00"[..]);
/// ```
#[cfg(feature = "alloc")]
pub fn decode_bytes<I: AsRef<[u8]> + ?Sized>(input: &I) -> Cow<'_, [u8]> {
    let s = input.as_ref();
    if !s.contains(&b'%') {
        return Cow::Borrowed(s);
    }
    let mut out = Vec::with_capacity(s.len());
    out.extend(decode(s));
    Cow::Owned(out)
}

/// Decodes into UTF-8 text, borrowing when there is nothing to decode. Decoded bytes that are
/// not UTF-8 are an error (the error gives the decoded bytes back).
///
/// ```
/// use std::borrow::Cow;
/// use urilex::pct;
/// assert!(matches!(pct::decode_utf8("a-b"), Ok(Cow::Borrowed("a-b"))));
/// assert_eq!(pct::decode_utf8("caf%C3%A9").unwrap(), "café");
/// let err = pct::decode_utf8("%FF").unwrap_err();
/// assert_eq!(err.as_bytes(), b"\xff");
/// ```
#[cfg(feature = "alloc")]
pub fn decode_utf8(input: &str) -> Result<Cow<'_, str>, alloc::string::FromUtf8Error> {
    match decode_bytes(input) {
        Cow::Borrowed(_) => Ok(Cow::Borrowed(input)),
        Cow::Owned(v) => String::from_utf8(v).map(Cow::Owned),
    }
}

/// Decodes into UTF-8 text, replacing invalid sequences with U+FFFD.
///
/// ```
/// use urilex::pct;
/// assert_eq!(pct::decode_utf8_lossy("a%FFb"), "a\u{FFFD}b");
/// ```
#[cfg(feature = "alloc")]
pub fn decode_utf8_lossy(input: &str) -> Cow<'_, str> {
    match decode_bytes(input) {
        Cow::Borrowed(_) => Cow::Borrowed(input),
        Cow::Owned(v) => match String::from_utf8(v) {
            Ok(s) => Cow::Owned(s),
            Err(e) => Cow::Owned(String::from_utf8_lossy(e.as_bytes()).into_owned()),
        },
    }
}

// ---- encoding ---------------------------------------------------------------------------------

/// The set of bytes a component may hold literally (RFC 3986 Appendix A), `%` excluded.
fn allowed_class(component: Component) -> u16 {
    match component {
        Component::Scheme => SCHEME,
        Component::Authority => AUTHORITY,
        Component::Userinfo => USERINFO,
        Component::Host => REG_NAME,
        Component::Port => DIGIT,
        Component::Path => PATH,
        Component::Query | Component::Fragment => QUERY,
    }
}

/// Percent-encodes `input` for use as `component`: every byte the component's grammar does not
/// allow literally is written as `%XX` (uppercase hex, §2.1), and so is `%` itself.
///
/// What stays literal, by component (RFC 3986 Appendix A):
/// - `Path`: `pchar` and `/`, so segments stay separate (to put a `/` inside one segment,
///   encode that segment with `Component::Userinfo`, whose set is `pchar` less `/` and `@`);
/// - `Query`, `Fragment`: `pchar`, `/` and `?`;
/// - `Userinfo`: unreserved, sub-delims and `:`; `Host`: `reg-name` (unreserved and
///   sub-delims; IP-literals need no encoding); `Port`: digits;
/// - `Authority`: userinfo, host and port characters plus `@`, `[` and `]`;
/// - `Scheme`: letters, digits, `+`, `-`, `.` (a scheme cannot hold percent-encodings, so an
///   encoded result is not a valid scheme: it is still decodable).
///
/// The result is a lazy view: `Display`, and an iterator of `&str` chunks. Nothing allocates.
///
/// ```
/// use urilex::{pct, Component};
/// assert_eq!(pct::encode("50% off?", Component::Query).to_string(), "50%25%20off?");
/// assert_eq!(pct::encode("a/b?c", Component::Host).to_string(), "a%2Fb%3Fc");
/// assert_eq!(pct::encode(&[0xFFu8, b'a'][..], Component::Path).to_string(), "%FFa");
/// ```
pub fn encode<I: AsRef<[u8]> + ?Sized>(input: &I, component: Component) -> Encode<'_> {
    Encode {
        s: input.as_ref(),
        pos: 0,
        class: allowed_class(component),
    }
}

/// Lazy percent-encoding; see [`encode`]. Iterates over `&str` chunks and implements `Display`.
///
/// ```
/// use urilex::{pct, Component};
/// let chunks: Vec<&str> = pct::encode("a b", Component::Fragment).collect();
/// assert_eq!(chunks, ["a", "%20", "b"]);
/// ```
#[derive(Clone, Debug)]
pub struct Encode<'a> {
    s: &'a [u8],
    pos: usize,
    class: u16,
}

impl<'a> Iterator for Encode<'a> {
    type Item = &'a str;

    #[inline]
    fn next(&mut self) -> Option<&'a str> {
        let rest = self.s.get(self.pos..)?;
        let first = *rest.first()?;
        if !is(first, self.class) {
            self.pos += 1;
            return Some(pct_str(first));
        }
        let n = rest
            .iter()
            .position(|&b| !is(b, self.class))
            .unwrap_or(rest.len());
        self.pos += n;
        // Allowed bytes are ASCII, so this run is valid UTF-8.
        Some(core::str::from_utf8(&rest[..n]).unwrap_or(""))
    }
}

impl core::iter::FusedIterator for Encode<'_> {}

impl fmt::Display for Encode<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for chunk in self.clone() {
            f.write_str(chunk)?;
        }
        Ok(())
    }
}

/// Encodes `input` as `application/x-www-form-urlencoded` does (the URL Standard's
/// urlencoded serializer, with RFC 3986's unreserved set): unreserved bytes stay, a space
/// becomes `+`, every other byte `%XX`. The result is safe as a key or value in a query
/// (`&`, `=` and `+` are encoded) and [`query_pairs`] with `plus_as_space(true)` decodes it
/// back exactly. A lazy `Display` view; nothing allocates.
///
/// ```
/// use urilex::pct;
/// assert_eq!(pct::encode_form("a&b=c+d é%").to_string(), "a%26b%3Dc%2Bd+%C3%A9%25");
/// ```
pub fn encode_form<I: AsRef<[u8]> + ?Sized>(input: &I) -> EncodeForm<'_> {
    EncodeForm(input.as_ref())
}

/// Lazy form encoding; see [`encode_form`].
#[derive(Clone, Copy, Debug)]
pub struct EncodeForm<'a>(&'a [u8]);

impl fmt::Display for EncodeForm<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut rest = self.0;
        while let Some((&first, tail)) = rest.split_first() {
            let run = rest
                .iter()
                .position(|&b| !crate::tables::chars::UNRESERVED.contains(b))
                .unwrap_or(rest.len());
            if run > 0 {
                // Unreserved bytes are ASCII.
                f.write_str(core::str::from_utf8(&rest[..run]).unwrap_or_default())?;
                rest = &rest[run..];
                continue;
            }
            f.write_str(if first == b' ' { "+" } else { pct_str(first) })?;
            rest = tail;
        }
        Ok(())
    }
}

// ---- query pairs ------------------------------------------------------------------------------

/// Splits a query at `&` into `key=value` pairs, decoding lazily.
///
/// Empty pieces (`a=1&&b=2`) are skipped; a piece without `=` has an empty value; only the
/// first `=` splits. By default `+` stays `+` (RFC 3986 gives it no meaning); call
/// [`QueryPairs::plus_as_space`] for HTML form data (`application/x-www-form-urlencoded`).
///
/// ```
/// use urilex::pct;
/// let mut pairs = pct::query_pairs("q=a+b%21&lang").plus_as_space(true);
/// let (k, v) = pairs.next().unwrap();
/// assert_eq!((k.raw(), v.raw()), ("q", "a+b%21"));
/// assert!(v == "a b!");
/// let (k, v) = pairs.next().unwrap();
/// assert!(k == "lang" && v == "");
/// assert!(pairs.next().is_none());
/// ```
pub fn query_pairs(query: &str) -> QueryPairs<'_> {
    QueryPairs {
        rest: query,
        plus_as_space: false,
    }
}

/// Iterator over the `key=value` pairs of a query; see [`query_pairs`].
///
/// ```
/// let keys: Vec<&str> = urilex::pct::query_pairs("a=1&b=2").map(|(k, _)| k.raw()).collect();
/// assert_eq!(keys, ["a", "b"]);
/// ```
#[derive(Clone, Debug)]
pub struct QueryPairs<'a> {
    rest: &'a str,
    plus_as_space: bool,
}

impl<'a> QueryPairs<'a> {
    /// Whether `+` decodes to a space (HTML form data). Default: `false`.
    ///
    /// ```
    /// let (_, v) = urilex::pct::query_pairs("x=1+1").next().unwrap();
    /// assert!(v == "1+1");
    /// ```
    pub fn plus_as_space(mut self, yes: bool) -> Self {
        self.plus_as_space = yes;
        self
    }
}

impl<'a> Iterator for QueryPairs<'a> {
    type Item = (Decoded<'a>, Decoded<'a>);

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if self.rest.is_empty() {
                return None;
            }
            let (piece, rest) = match self.rest.find('&') {
                Some(i) => (&self.rest[..i], &self.rest[i + 1..]),
                None => (self.rest, ""),
            };
            self.rest = rest;
            if piece.is_empty() {
                continue;
            }
            let (k, v) = match piece.find('=') {
                Some(i) => (&piece[..i], &piece[i + 1..]),
                None => (piece, ""),
            };
            let plus = self.plus_as_space;
            return Some((
                Decoded {
                    raw: k,
                    plus_as_space: plus,
                },
                Decoded {
                    raw: v,
                    plus_as_space: plus,
                },
            ));
        }
    }
}

impl core::iter::FusedIterator for QueryPairs<'_> {}

/// A raw, still-encoded key or value from [`query_pairs`], decoded on demand.
///
/// `Decoded == &str` compares the decoded bytes without allocating.
///
/// ```
/// let (k, _) = urilex::pct::query_pairs("caf%C3%A9=1").next().unwrap();
/// assert_eq!(k.raw(), "caf%C3%A9");
/// assert!(k == "café");
/// assert_eq!(k.to_string(), "café");
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Decoded<'a> {
    raw: &'a str,
    plus_as_space: bool,
}

impl<'a> Decoded<'a> {
    /// The text as it appears in the query.
    pub fn raw(&self) -> &'a str {
        self.raw
    }

    /// The decoded bytes.
    ///
    /// ```
    /// let (_, v) = urilex::pct::query_pairs("k=%00").next().unwrap();
    /// assert_eq!(v.bytes().collect::<Vec<u8>>(), [0]);
    /// ```
    pub fn bytes(&self) -> Decode<'a> {
        Decode {
            s: self.raw.as_bytes(),
            pos: 0,
            plus_as_space: self.plus_as_space,
        }
    }

    /// The decoded text, borrowed when nothing needed decoding; invalid UTF-8 is an error.
    ///
    /// ```
    /// let (k, v) = urilex::pct::query_pairs("a=%FF").next().unwrap();
    /// assert_eq!(k.decode_utf8().unwrap(), "a");
    /// assert!(v.decode_utf8().is_err());
    /// ```
    #[cfg(feature = "alloc")]
    pub fn decode_utf8(&self) -> Result<Cow<'a, str>, alloc::string::FromUtf8Error> {
        let needs = self
            .raw
            .bytes()
            .any(|b| b == b'%' || (b == b'+' && self.plus_as_space));
        if !needs {
            return Ok(Cow::Borrowed(self.raw));
        }
        String::from_utf8(self.bytes().collect()).map(Cow::Owned)
    }
}

impl PartialEq<str> for Decoded<'_> {
    fn eq(&self, other: &str) -> bool {
        self.bytes().eq(other.bytes())
    }
}

impl PartialEq<&str> for Decoded<'_> {
    fn eq(&self, other: &&str) -> bool {
        self.bytes().eq(other.bytes())
    }
}

/// Writes the decoded text; invalid UTF-8 is written as U+FFFD.
impl fmt::Display for Decoded<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut buf = [0u8; 64];
        let mut len = 0;
        for b in self.bytes() {
            if len == buf.len() {
                len = flush_utf8(f, &mut buf, len)?;
            }
            buf[len] = b;
            len += 1;
        }
        while len > 0 {
            let before = len;
            len = flush_utf8(f, &mut buf, len)?;
            if len == before {
                // Only an incomplete sequence is left at the end: it is invalid.
                for _ in 0..len {
                    f.write_str("\u{FFFD}")?;
                }
                break;
            }
        }
        Ok(())
    }
}

/// Writes the valid UTF-8 prefix of `buf[..len]` (invalid bytes as U+FFFD), keeps a trailing
/// incomplete sequence at the front of `buf`, and returns its length.
fn flush_utf8(
    f: &mut fmt::Formatter<'_>,
    buf: &mut [u8; 64],
    len: usize,
) -> Result<usize, fmt::Error> {
    let mut start = 0;
    loop {
        let rest = &buf[start..len];
        match core::str::from_utf8(rest) {
            Ok(s) => {
                f.write_str(s)?;
                return Ok(0);
            }
            Err(e) => {
                let good = e.valid_up_to();
                f.write_str(core::str::from_utf8(&rest[..good]).unwrap_or(""))?;
                match e.error_len() {
                    Some(bad) => {
                        f.write_str("\u{FFFD}")?;
                        start += good + bad;
                    }
                    None => {
                        // Incomplete sequence at the end: carry it over.
                        let keep = rest.len() - good;
                        let from = start + good;
                        buf.copy_within(from..len, 0);
                        return Ok(keep);
                    }
                }
            }
        }
    }
}

impl<'a> crate::UriRef<'a> {
    /// The query's `key=value` pairs (see [`pct::query_pairs`](query_pairs)); none without a
    /// query.
    ///
    /// ```
    /// let uri = urilex::UriRef::parse("/search?q=rust%20uri&page=2")?;
    /// let pairs: Vec<(String, String)> =
    ///     uri.query_pairs().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    /// assert_eq!(pairs, [("q".into(), "rust uri".into()), ("page".into(), "2".into())]);
    /// # Ok::<(), urilex::ParseError>(())
    /// ```
    pub fn query_pairs(&self) -> QueryPairs<'a> {
        query_pairs(self.query().unwrap_or(""))
    }
}
