//! IRI references (RFC 3987): the RFC 3986 grammar with `ucschar` allowed wherever
//! `unreserved` is, and `iprivate` in the query, plus the IRI→URI (§3.1) and URI→IRI (§3.2)
//! mappings as `Display` views.
//!
//! Every IRI delimiter is ASCII, so an IRI has the component boundaries of the URI that has
//! each non-ASCII byte replaced by an ASCII `unreserved` byte (`~`, which is neither a hex digit
//! nor allowed in a scheme or port). Parsing runs the one URI driver on that masked copy and
//! then checks what the mask cannot see: which characters are allowed (`ucschar`, `iprivate`,
//! never the bidi formatting characters of §4.1), `iprivate` only in the query, and no
//! non-ASCII inside an IP-literal. An input the URI grammar takes (every ASCII IRI) is parsed
//! as a URI directly.
//!
//! Normalization is §5.3.2 syntax-based (as for URIs): no Unicode normalization is applied on
//! input or output, because NFC is not required of IRIs (§5.3.2.2 makes it a separate,
//! producer-side step) and applying it would allocate and change the text the spans index.

use core::fmt::{self, Write};
use core::ops::Deref;

use crate::parse::FromLayout;
use crate::uri_ref::UriRef;
use crate::{Component, ErrorKind, ParseError};

/// The masked copy of a non-ASCII input lives on the stack up to this many bytes.
const STACK_MASK: usize = 2048;
/// ... in a smaller buffer up to this many (most links).
const SHORT_MASK: usize = 256;

/// An IRI reference (RFC 3987 §2.2 `IRI-reference`), borrowing its input.
///
/// It has every accessor of [`UriRef`] (through `Deref`); spans are byte offsets into the IRI.
///
/// ```
/// use urilex::IriRef;
/// let iri = IriRef::parse("http://例え.jp/引き割り.html?q=ü#frag")?;
/// assert_eq!(iri.host(), Some("例え.jp"));
/// assert_eq!(iri.path(), "/引き割り.html");
/// assert_eq!(
///     iri.to_uri().to_string(),
///     "http://%E4%BE%8B%E3%81%88.jp/%E5%BC%95%E3%81%8D%E5%89%B2%E3%82%8A.html?q=%C3%BC#frag"
/// );
/// # Ok::<(), urilex::ParseError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct IriRef<'a> {
    uri: UriRef<'a>,
}

#[derive(Clone, Copy)]
enum Rule {
    Reference,
    Iri,
    Absolute,
}

impl<'a> IriRef<'a> {
    /// Parses an `IRI-reference` (RFC 3987 §2.2).
    ///
    /// ```
    /// use urilex::{IriRef, ErrorKind};
    /// assert!(IriRef::parse("/δοκιμή?a=b").is_ok());
    /// let err = IriRef::parse("/a\u{200E}b").unwrap_err();
    /// assert_eq!((err.kind(), err.index()), (ErrorKind::BidiFormatting, 2));
    /// assert!(err.to_string().contains("U+200E"));
    /// ```
    pub fn parse(input: &'a str) -> Result<Self, ParseError> {
        parse(input, Rule::Reference)
    }

    /// Parses an `IRI` (RFC 3987 §2.2): a scheme is required, a fragment allowed.
    pub fn parse_iri(input: &'a str) -> Result<Self, ParseError> {
        parse(input, Rule::Iri)
    }

    /// Parses an `absolute-IRI`: a scheme is required, a fragment is not allowed.
    pub fn parse_absolute(input: &'a str) -> Result<Self, ParseError> {
        parse(input, Rule::Absolute)
    }

    /// The reference as a [`UriRef`] view with the same spans (its text may hold non-ASCII
    /// characters; use [`IriRef::to_uri`] for a URI text).
    pub fn as_uri_ref(&self) -> UriRef<'a> {
        self.uri
    }

    /// A `Display` view of the IRI→URI mapping (RFC 3987 §3.1): every non-ASCII character
    /// becomes its percent-encoded UTF-8 octets (host included); everything else, existing
    /// `%XX` too, is written unchanged. Writes into any `fmt::Write`, allocating nothing.
    pub fn to_uri(&self) -> ToUri<'a> {
        ToUri(self.uri.as_str())
    }

    /// The IRI→URI mapping with an internationalized host written as A-labels (punycode,
    /// IDNA/UTS #46 through the `idna` crate, the one `url` uses), as RFC 3987 §3.1 allows for
    /// a reg-name and as resolvers need it; the rest as [`to_uri`](Self::to_uri) writes it. A
    /// host that IDNA refuses (or that holds `%XX`) is percent-encoded instead. Feature
    /// `idna`; the A-label conversion allocates.
    ///
    /// ```
    /// let iri = urilex::IriRef::parse("http://例え.jp/パス")?;
    /// assert_eq!(iri.to_uri_idna().to_string(), "http://xn--r8jz45g.jp/%E3%83%91%E3%82%B9");
    /// # Ok::<(), urilex::ParseError>(())
    /// ```
    #[cfg(feature = "idna")]
    pub fn to_uri_idna(&self) -> ToUriIdna<'a> {
        ToUriIdna(self.uri)
    }
}

/// The IRI→URI mapping with A-label hosts; see [`IriRef::to_uri_idna`].
#[cfg(feature = "idna")]
#[derive(Clone, Copy, Debug)]
pub struct ToUriIdna<'a>(UriRef<'a>);

#[cfg(feature = "idna")]
impl fmt::Display for ToUriIdna<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = self.0.as_str();
        let host = self.0.span(Component::Host).filter(|r| {
            s.get(r.clone())
                .is_some_and(|h| !h.is_ascii() && !h.contains('%'))
        });
        let Some(host) = host else {
            return fmt::Display::fmt(&ToUri(s), f);
        };
        fmt::Display::fmt(&ToUri(&s[..host.start]), f)?;
        match idna::domain_to_ascii(&s[host.clone()]) {
            Ok(ascii) => f.write_str(&ascii)?,
            Err(_) => fmt::Display::fmt(&ToUri(&s[host.clone()]), f)?,
        }
        fmt::Display::fmt(&ToUri(&s[host.end..]), f)
    }
}

impl<'a> Deref for IriRef<'a> {
    type Target = UriRef<'a>;
    fn deref(&self) -> &UriRef<'a> {
        &self.uri
    }
}

impl fmt::Display for IriRef<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.uri.as_str())
    }
}

/// Ordered by text, byte for byte, as [`UriRef`] is (consistent with `Eq`).
impl PartialOrd for IriRef<'_> {
    fn partial_cmp(&self, other: &Self) -> Option<core::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for IriRef<'_> {
    fn cmp(&self, other: &Self) -> core::cmp::Ordering {
        self.uri.as_str().cmp(other.uri.as_str())
    }
}

impl fmt::Debug for IriRef<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("IriRef").field(&self.uri).finish()
    }
}

fn run(s: &str, rule: Rule) -> Result<UriRef<'_>, ParseError> {
    match rule {
        Rule::Reference => UriRef::parse(s),
        Rule::Iri => UriRef::parse_uri(s),
        Rule::Absolute => UriRef::parse_absolute(s),
    }
}

fn parse(input: &str, rule: Rule) -> Result<IriRef<'_>, ParseError> {
    // The URI grammar first: it takes every ASCII IRI (an IRI differs from a URI only in
    // non-ASCII characters) at the cost of a URI parse, and stops at the first non-ASCII byte
    // of the others, which cost one partial parse more. (Checking `is_ascii` first cost an
    // ASCII link 70 instructions: ada_kasztp, 252.7 against 175.5 per URL.)
    match run(input, rule) {
        Ok(uri) => return Ok(IriRef { uri }),
        Err(e) if input.is_ascii() => return Err(e),
        Err(_) => {}
    }
    // The masked copy: on the stack, in a buffer no larger than needed for a link (zeroing
    // 2 KiB for every link cost 130 instructions), or on the heap for a long input.
    if input.len() <= SHORT_MASK {
        return parse_masked(input, rule, &mut [0u8; SHORT_MASK][..input.len()]);
    }
    if input.len() <= STACK_MASK {
        return parse_masked(input, rule, &mut [0u8; STACK_MASK][..input.len()]);
    }
    #[cfg(feature = "alloc")]
    {
        parse_masked(input, rule, &mut alloc::vec![0u8; input.len()])
    }
    #[cfg(not(feature = "alloc"))]
    {
        Err(ParseError::new(
            input,
            STACK_MASK,
            ErrorKind::TooLong,
            Component::Path,
        ))
    }
}

/// [`parse`] of a non-ASCII input with `buf` (as long as the input) for its masked copy.
fn parse_masked<'a>(input: &'a str, rule: Rule, buf: &mut [u8]) -> Result<IriRef<'a>, ParseError> {
    // The first character no IRI may hold, wherever it stands (ASCII ones are the grammar's).
    let bad_char = input
        .char_indices()
        .find(|&(_, c)| !c.is_ascii() && (!(is_ucschar(c) || is_iprivate(c)) || is_bidi(c)));
    for (m, &b) in buf.iter_mut().zip(input.as_bytes()) {
        *m = if b.is_ascii() { b } else { b'~' };
    }
    // All ASCII now, so this never fails.
    let masked = core::str::from_utf8(buf).unwrap_or_default();
    let parsed = run(masked, rule);
    let char_err = |i: usize, c: char| {
        let kind = if is_bidi(c) {
            ErrorKind::BidiFormatting
        } else {
            ErrorKind::InvalidChar
        };
        ParseError::new(input, i, kind, component_at(input, i))
    };
    let uri = match parsed {
        Err(e) => {
            return Err(match bad_char {
                Some((i, c)) if i <= e.index() => char_err(i, c),
                _ => ParseError::new(input, e.index(), e.kind(), e.component()),
            })
        }
        Ok(u) => UriRef::from_layout(input, u.layout()),
    };
    if let Some((i, c)) = bad_char {
        return Err(char_err(i, c));
    }
    let query = uri.span(Component::Query);
    let ip_literal = uri
        .span(Component::Host)
        .filter(|r| input.as_bytes().get(r.start) == Some(&b'['));
    for (i, c) in input.char_indices().filter(|(_, c)| !c.is_ascii()) {
        let in_query = query.as_ref().is_some_and(|r| r.contains(&i));
        let in_literal = ip_literal.as_ref().is_some_and(|r| r.contains(&i));
        if in_literal || (is_iprivate(c) && !in_query) {
            return Err(ParseError::new(
                input,
                i,
                ErrorKind::InvalidChar,
                component_at(input, i),
            ));
        }
    }
    Ok(IriRef { uri })
}

/// The component holding byte `i`, by the split of RFC 3986 Appendix B (for error messages).
fn component_at(input: &str, i: usize) -> Component {
    let b = input.as_bytes();
    let first_delim = b
        .iter()
        .position(|&c| matches!(c, b':' | b'/' | b'?' | b'#'));
    let pos = match first_delim {
        Some(p) if b[p] == b':' && p > 0 => {
            if i < p {
                return Component::Scheme;
            }
            p + 1
        }
        _ => 0,
    };
    if b[pos..].starts_with(b"//") {
        let end = b[pos + 2..]
            .iter()
            .position(|&c| matches!(c, b'/' | b'?' | b'#'))
            .map_or(b.len(), |e| pos + 2 + e);
        if i < end {
            return Component::Authority;
        }
    }
    let hash = b.iter().position(|&c| c == b'#').unwrap_or(b.len());
    let question = b[..hash].iter().position(|&c| c == b'?').unwrap_or(hash);
    if i > hash {
        Component::Fragment
    } else if i > question {
        Component::Query
    } else {
        Component::Path
    }
}

/// `ucschar` (RFC 3987 §2.2).
pub(crate) fn is_ucschar(c: char) -> bool {
    let c = c as u32;
    matches!(c, 0xA0..=0xD7FF | 0xF900..=0xFDCF | 0xFDF0..=0xFFEF)
        || (0x10000..=0xEFFFD).contains(&c)
            && (c & 0xFFFF) <= 0xFFFD
            && !(0xE0000..0xE1000).contains(&c)
}

/// `iprivate` (RFC 3987 §2.2).
pub(crate) fn is_iprivate(c: char) -> bool {
    matches!(c as u32, 0xE000..=0xF8FF | 0xF0000..=0xFFFFD | 0x100000..=0x10FFFD)
}

/// The bidi formatting characters RFC 3987 §4.1 forbids: LRM, RLM, LRE, RLE, PDF, LRO, RLO.
pub(crate) fn is_bidi(c: char) -> bool {
    matches!(c, '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}')
}

/// The IRI→URI mapping of RFC 3987 §3.1 as a `Display` view; see [`IriRef::to_uri`].
#[derive(Clone, Copy, Debug)]
pub struct ToUri<'a>(&'a str);

impl fmt::Display for ToUri<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        MapToUri(f).write_str(self.0)
    }
}

/// A writer that applies the IRI→URI mapping (RFC 3987 §3.1) to what is written through it:
/// every non-ASCII character as its percent-encoded UTF-8 octets, the rest as it is.
pub(crate) struct MapToUri<W>(pub(crate) W);

impl<W: fmt::Write> fmt::Write for MapToUri<W> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        // Runs of ASCII bytes as they are; runs of non-ASCII bytes (whole characters: `s` is
        // a `str`) as `%XX` each, up to 32 bytes per write.
        let bytes = s.as_bytes();
        let mut i = 0;
        while i < bytes.len() {
            let ascii = bytes[i..]
                .iter()
                .position(|b| !b.is_ascii())
                .unwrap_or(bytes.len() - i);
            self.0.write_str(s.get(i..i + ascii).unwrap_or_default())?;
            i += ascii;
            let mut encoded = [0u8; 96];
            let mut n = 0;
            while let Some(&b) = bytes.get(i).filter(|b| !b.is_ascii() && n < 96) {
                encoded[n..n + 3].copy_from_slice(crate::pct::pct_str(b).as_bytes());
                n += 3;
                i += 1;
            }
            // `%XX` is ASCII: this cannot fail.
            self.0
                .write_str(core::str::from_utf8(&encoded[..n]).unwrap_or_default())?;
        }
        Ok(())
    }
}

/// The URI→IRI mapping of RFC 3987 §3.2 as a `Display` view; see [`UriRef::to_iri`].
#[derive(Clone, Copy, Debug)]
pub struct ToIri<'a>(UriRef<'a>);

impl<'a> UriRef<'a> {
    /// A `Display` view of the URI→IRI mapping (RFC 3987 §3.2): percent-encoded UTF-8 is
    /// decoded only where the character is allowed unencoded there (`ucschar`; `iprivate` only
    /// in the query), never a bidi formatting character, reserved character or invalid UTF-8.
    /// Allocates nothing.
    ///
    /// ```
    /// use urilex::UriRef;
    /// let uri = UriRef::parse("http://a/r%C3%A9sum%C3%A9?%2F%E2%80%8E%FF")?;
    /// assert_eq!(uri.to_iri().to_string(), "http://a/résumé?%2F%E2%80%8E%FF");
    /// # Ok::<(), urilex::ParseError>(())
    /// ```
    pub fn to_iri(&self) -> ToIri<'a> {
        ToIri(*self)
    }
}

fn hex(b: u8) -> Option<u8> {
    (b as char).to_digit(16).map(|d| d as u8)
}

/// The octet of `%XX` at `b[i..]`, if there is one.
fn pct_at(b: &[u8], i: usize) -> Option<u8> {
    match b.get(i..i + 3)? {
        [b'%', h, l] => Some(hex(*h)? << 4 | hex(*l)?),
        _ => None,
    }
}

impl fmt::Display for ToIri<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = self.0.as_str();
        let b = s.as_bytes();
        let query = self.0.span(Component::Query);
        let (mut i, mut done) = (0, 0);
        while i < b.len() {
            let decoded = pct_at(b, i).filter(|&o| o >= 0x80).and_then(|lead| {
                let n = match lead {
                    0xC2..=0xDF => 2,
                    0xE0..=0xEF => 3,
                    0xF0..=0xF4 => 4,
                    _ => return None,
                };
                let mut utf8 = [lead, 0, 0, 0];
                for (k, o) in utf8.iter_mut().enumerate().take(n).skip(1) {
                    *o = pct_at(b, i + 3 * k)?;
                }
                let c = core::str::from_utf8(&utf8[..n]).ok()?.chars().next()?;
                let in_query = query.as_ref().is_some_and(|r| r.contains(&i));
                let allowed = !is_bidi(c) && (is_ucschar(c) || in_query && is_iprivate(c));
                allowed.then_some((c, 3 * n))
            });
            match decoded {
                Some((c, len)) => {
                    f.write_str(&s[done..i])?;
                    f.write_char(c)?;
                    i += len;
                    done = i;
                }
                None => i += 1,
            }
        }
        f.write_str(&s[done..])
    }
}

impl<'a> IriRef<'a> {
    /// Parses an `IRI-reference` from bytes: a byte that does not start valid UTF-8 is an
    /// [`ErrorKind::InvalidChar`] error at its index (overlongs, surrogates and truncated
    /// sequences included), unless the grammar fails earlier.
    ///
    /// ```
    /// use urilex::{IriRef, ErrorKind};
    /// let err = IriRef::parse_bytes(b"/a\xC0\xAFb").unwrap_err();
    /// assert_eq!((err.kind(), err.index()), (ErrorKind::InvalidChar, 2));
    /// assert!(IriRef::parse_bytes("/é".as_bytes()).is_ok());
    /// ```
    pub fn parse_bytes(input: &'a [u8]) -> Result<Self, ParseError> {
        match core::str::from_utf8(input) {
            Ok(s) => Self::parse(s),
            Err(e) => {
                let at = e.valid_up_to();
                // The valid prefix may already break the grammar earlier: report that first.
                let prefix = core::str::from_utf8(&input[..at]).unwrap_or_default();
                match Self::parse(prefix) {
                    Err(p) if p.index() < at => Err(p),
                    _ => Err(ParseError::invalid_byte(
                        at,
                        input[at],
                        component_at(prefix, at),
                    )),
                }
            }
        }
    }
}

#[cfg(feature = "alloc")]
impl crate::UriBuf {
    /// The URI an IRI maps to (RFC 3987 §3.1), as an owned buffer.
    ///
    /// ```
    /// let uri = urilex::UriBuf::from_iri("http://r\u{E9}sum\u{E9}.example.org/")?;
    /// assert_eq!(uri.as_str(), "http://r%C3%A9sum%C3%A9.example.org/");
    /// # Ok::<(), urilex::ParseError>(())
    /// ```
    pub fn from_iri(iri: &str) -> Result<Self, ParseError> {
        use alloc::string::ToString;
        let mapped = IriRef::parse(iri)?.to_uri().to_string();
        // §3.1's output is a URI: every non-ASCII octet is now `%XX`, nothing else changed.
        Self::parse(&mapped)
    }
}
