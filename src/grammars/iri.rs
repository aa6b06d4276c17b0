//! IRI references (RFC 3987): the RFC 3986 grammar with `ucschar` allowed wherever
//! `unreserved` is, and `iprivate` in the query, plus the IRI→URI (§3.1) and URI→IRI (§3.2)
//! mappings as `Display` views.
//!
//! The grammar is `tables/rfc3987.dfa`: RFC 3986's DFA (`tables/uri.dfa`, included) with
//! `ucschar` and `iprivate` added as UTF-8 byte sequences where §2.2 adds them, compiled by
//! `build.rs` into states of their own and run by the one driver of `src/driver/parse.rs`, in one
//! pass, without allocating. An input the URI grammar takes (every valid ASCII IRI) is
//! parsed as a URI, with its shortcuts.
//!
//! Normalization is §5.3.2 syntax-based (as for URIs): no Unicode normalization is applied on
//! input or output, because NFC is not required of IRIs (§5.3.2.2 makes it a separate,
//! producer-side step) and applying it would allocate and change the text the spans index.

use core::fmt;

use crate::driver::parse::{self, FromLayout, Layout};
use crate::grammars::split;
use crate::grammars::uri_ref::UriRef;
use crate::tables::{rfc3987, uri};
use crate::{Component, ParseError};

/// An IRI reference (RFC 3987 §2.2 `IRI-reference`), borrowing its input.
///
/// It has the accessors of [`UriRef`] (components, spans as byte offsets into the IRI, the
/// port and origin helpers), its own resolution ([`resolve`](Self::resolve), RFC 3987 §6.5)
/// and normalization ([`to_normalized_string`](Self::to_normalized_string)), which give IRIs;
/// [`to_uri`](Self::to_uri) is the one way to a URI (ASCII). An IRI is not a URI: it does not
/// convert to a [`UriRef`] unless it is ASCII ([`as_uri_ref`](Self::as_uri_ref)), so no
/// code written for URIs ever sees its non-ASCII text.
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
    pub(crate) uri: UriRef<'a>,
}

#[derive(Clone, Copy)]
enum Rule {
    Reference,
    Iri,
    Absolute,
    Relative,
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

    /// Parses an `irelative-ref` (RFC 3987 §2.2): no scheme; a first segment cannot hold ':'.
    ///
    /// ```
    /// use urilex::IriRef;
    /// assert_eq!(IriRef::parse_relative("übung/1")?.path(), "übung/1");
    /// assert!(IriRef::parse_relative("http://例え.jp/").is_err());
    /// # Ok::<(), urilex::ParseError>(())
    /// ```
    pub fn parse_relative(input: &'a str) -> Result<Self, ParseError> {
        parse(input, Rule::Relative)
    }

    /// The reference as a [`UriRef`], when it is one: an ASCII IRI reference is a URI
    /// reference with the same components (RFC 3987 §2.2 adds only non-ASCII characters).
    /// `None` for an IRI with non-ASCII characters: [`to_uri`](Self::to_uri) maps it.
    ///
    /// ```
    /// use urilex::IriRef;
    /// assert_eq!(IriRef::parse("http://a/b")?.as_uri_ref().map(|u| u.host()), Some(Some("a")));
    /// assert!(IriRef::parse("http://a/ü")?.as_uri_ref().is_none());
    /// # Ok::<(), urilex::ParseError>(())
    /// ```
    pub fn as_uri_ref(&self) -> Option<UriRef<'a>> {
        self.uri.as_str().is_ascii().then_some(self.uri)
    }

    /// The spans as a [`UriRef`] view over the IRI's text, for this crate's code that only
    /// slices and joins text (resolution, normalization, redaction), never for the public.
    pub(crate) fn spans(&self) -> UriRef<'a> {
        self.uri
    }

    /// The whole reference, as parsed.
    pub fn as_str(&self) -> &'a str {
        self.uri.as_str()
    }

    /// The scheme (§3.1), without its `:`.
    pub fn scheme(&self) -> Option<&'a str> {
        self.uri.scheme()
    }

    /// The authority (`iauthority`), without its `//`.
    pub fn authority(&self) -> Option<&'a str> {
        self.uri.authority()
    }

    /// Whether there is an authority (`//` present).
    pub fn has_authority(&self) -> bool {
        self.uri.has_authority()
    }

    /// The userinfo (`iuserinfo`), without its `@`.
    pub fn userinfo(&self) -> Option<&'a str> {
        self.uri.userinfo()
    }

    /// The host (`ihost`), as written: IP literals keep their brackets, an internationalized
    /// name its characters.
    pub fn host(&self) -> Option<&'a str> {
        self.uri.host()
    }

    /// The port, without its `:`.
    pub fn port(&self) -> Option<&'a str> {
        self.uri.port()
    }

    /// Whether a `:` port delimiter is present (the port may be empty).
    pub fn has_port(&self) -> bool {
        self.uri.has_port()
    }

    /// The path (`ipath`), never absent.
    pub fn path(&self) -> &'a str {
        self.uri.path()
    }

    /// The query (`iquery`), without its `?`.
    pub fn query(&self) -> Option<&'a str> {
        self.uri.query()
    }

    /// The fragment (`ifragment`), without its `#`.
    pub fn fragment(&self) -> Option<&'a str> {
        self.uri.fragment()
    }

    /// Whether it is a relative reference (no scheme).
    pub fn is_relative(&self) -> bool {
        self.uri.is_relative()
    }

    /// The path's segments, as [`UriRef::segments`] gives them.
    pub fn segments(&self) -> crate::Segments<'a> {
        self.uri.segments()
    }

    /// The byte range of a component in the IRI's text; `None` when it is absent.
    pub fn span(&self, component: Component) -> Option<core::ops::Range<usize>> {
        self.uri.span(component)
    }

    /// A component's text; `None` when it is absent.
    pub fn get(&self, component: Component) -> Option<&'a str> {
        self.uri.get(component)
    }

    crate::grammars::accessors::port_accessors!('a, "let x = urilex::IriRef::parse;");
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

fn parse(input: &str, rule: Rule) -> Result<IriRef<'_>, ParseError> {
    let rule = match rule {
        Rule::Reference => parse::Rule::UriReference,
        Rule::Iri => parse::Rule::Uri,
        Rule::Absolute => parse::Rule::AbsoluteUri,
        Rule::Relative => parse::Rule::RelativeRef,
    };
    parse::parse::<TakenOver<'_>>(input, rule).map(|t| IriRef { uri: t.0 })
}

/// An IRI parsed by RFC 3986's driver, with its shortcuts, up to its first byte outside
/// ASCII, and by RFC 3987's DFA (`tables/rfc3987.dfa`) from that byte on: the two DFAs are
/// the same on every ASCII byte (RFC 3987's includes RFC 3986's and only adds byte sequences
/// that start outside ASCII), so the state RFC 3986's DFA stopped in, found by name in
/// `FROM_URI`, goes on as if RFC 3987's had read the input from the start (tested below). An
/// ASCII IRI (most links) costs a URI parse; a non-ASCII one reads no byte twice.
struct TakenOver<'a>(UriRef<'a>);

impl<'a> FromLayout<'a> for TakenOver<'a> {
    #[inline(always)]
    fn from_layout(input: &'a str, layout: Layout) -> Self {
        TakenOver(UriRef::from_layout(input, layout))
    }

    const TAKES_OVER: bool = true;

    #[inline(never)]
    fn take_over(
        input: &'a str,
        layout: Layout,
        state: usize,
        pos: usize,
        no_fragment: bool,
    ) -> Option<Result<Self, ParseError>> {
        if input.as_bytes().get(pos)?.is_ascii() {
            return None;
        }
        let state = *rfc3987::FROM_URI.get(state >> uri::STRIDE_SHIFT)?;
        if state == u16::MAX {
            return None;
        }
        let resumed = parse::run_grammar_from::<rfc3987::Dfa, UriRef<'a>>(
            input,
            layout,
            state as usize,
            pos,
            no_fragment,
        );
        Some(resumed.map(TakenOver))
    }
}

/// The component a bad byte right after `prefix` falls in, by the split of RFC 3986 Appendix
/// B (for error messages): the byte is no delimiter, so it continues the prefix's last part.
fn component_after(prefix: &str) -> Component {
    let p = split::split(prefix.as_bytes());
    if p.fragment.is_some() {
        Component::Fragment
    } else if p.query.is_some() {
        Component::Query
    } else if p.authority.is_some() && p.path.is_empty() {
        Component::Authority
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

impl<'a> IriRef<'a> {
    /// Parses an `IRI-reference` from bytes: a byte that does not start valid UTF-8 is an
    /// [`ErrorKind::InvalidChar`](crate::ErrorKind::InvalidChar) error at its index (overlongs, surrogates and truncated
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
                        component_after(prefix),
                    )),
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bad_byte_is_in_the_component_it_continues() {
        let at = |b: &[u8]| Some(IriRef::parse_bytes(b).unwrap_err().component());
        assert_eq!(at(b"http://ex\xFF"), Some(Component::Authority));
        assert_eq!(at(b"http://ex/\xFF"), Some(Component::Path));
        assert_eq!(at(b"http:\xFF"), Some(Component::Path));
        assert_eq!(at(b"http://ex?\xFF"), Some(Component::Query));
        assert_eq!(at(b"http://ex?a#\xFF"), Some(Component::Fragment));
    }

    /// Every rule's parse, taken over from RFC 3986's run at the first byte outside ASCII,
    /// gives exactly what RFC 3987's DFA alone gives from its start state: the same
    /// components, or the same error.
    #[test]
    fn take_over_agrees_with_the_iri_dfa_alone() {
        let pieces = [
            "http://",
            "//",
            "/",
            "?",
            "#",
            "@",
            ":",
            "[",
            "]",
            "%",
            "%C3%A9",
            "a",
            "Z9",
            "-.",
            "~",
            "é",
            "例え",
            "\u{E000}",
            "\u{FDD0}",
            "\u{200E}",
            " ",
            ":80",
            "[::1]",
            "v1.x",
            "\u{10FFFD}",
            "\u{FFFD}",
        ];
        let mut next = crate::xorshift(0x2545_f491_4f6c_dd1du64);
        let rules = [
            (Rule::Reference, rfc3987::START_IRI_REFERENCE, false),
            (Rule::Iri, rfc3987::START_IRI, false),
            (Rule::Absolute, rfc3987::START_ABSOLUTE_IRI, true),
            (Rule::Relative, rfc3987::START_IRELATIVE_REF, false),
        ];
        let mut taken_over = 0;
        for _ in 0..50_000 {
            let mut s = std::string::String::new();
            for _ in 0..next() % 10 {
                s.push_str(pieces[(next() % pieces.len() as u64) as usize]);
            }
            for (rule, start, no_fragment) in rules {
                let ours = parse(&s, rule).map(|i| i.spans());
                let alone = parse::run_grammar_from::<rfc3987::Dfa, UriRef<'_>>(
                    &s,
                    Layout {
                        host_end: s.len() as u32,
                        path_end: s.len() as u32,
                        query_end: s.len() as u32,
                        ..Layout::default()
                    },
                    start,
                    0,
                    no_fragment,
                );
                match (&ours, &alone) {
                    (Ok(a), Ok(b)) => {
                        for c in Component::ALL {
                            assert_eq!(a.span(c), b.span(c), "{s:?} {c}");
                        }
                    }
                    (Err(a), Err(b)) => assert_eq!(a, b, "{s:?}"),
                    _ => panic!("{s:?}: {ours:?} but the DFA alone {alone:?}"),
                }
                taken_over += usize::from(!s.is_ascii());
            }
        }
        assert!(taken_over > 50_000, "{taken_over}");
    }
}
