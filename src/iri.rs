//! IRI references (RFC 3987): the RFC 3986 grammar with `ucschar` allowed wherever
//! `unreserved` is, and `iprivate` in the query, plus the IRI→URI (§3.1) and URI→IRI (§3.2)
//! mappings as `Display` views.
//!
//! The grammar is `tables/rfc3987.dfa`: RFC 3986's DFA (`tables/uri.dfa`, included) with
//! `ucschar` and `iprivate` added as UTF-8 byte sequences where §2.2 adds them, compiled by
//! `build.rs` into states of their own and run by the one driver of `src/parse.rs`, in one
//! pass, without allocating. An input the URI grammar takes (every valid ASCII IRI) is
//! parsed as a URI, with its shortcuts.
//!
//! Normalization is §5.3.2 syntax-based (as for URIs): no Unicode normalization is applied on
//! input or output, because NFC is not required of IRIs (§5.3.2.2 makes it a separate,
//! producer-side step) and applying it would allocate and change the text the spans index.

use core::fmt::{self, Write};

use crate::parse::{self, FromLayout, Layout};
use crate::tables::{rfc3987, uri};
use crate::uri_ref::UriRef;
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
    uri: UriRef<'a>,
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

    crate::accessors::port_accessors!('a, "let x = urilex::IriRef::parse;");

    /// A `Display` view of the IRI→URI mapping (RFC 3987 §3.1): every non-ASCII character
    /// becomes its percent-encoded UTF-8 octets (host included); everything else, existing
    /// `%XX` too, is written unchanged. Writes into any `fmt::Write`, allocating nothing.
    pub fn to_uri(&self) -> ToUri<'a> {
        ToUri(self.uri.as_str())
    }

    /// The IRI→URI mapping with an internationalized host written as A-labels (punycode,
    /// IDNA/UTS #46 through the `idna` crate, the one `url` uses), as RFC 3987 §3.1 allows for
    /// a reg-name and as resolvers need it; the rest as [`to_uri`](Self::to_uri) writes it. A
    /// host that IDNA refuses (or that holds `%XX`), or that it maps to anything but
    /// unreserved bytes (UTS #46 maps U+FF0F FULLWIDTH SOLIDUS to `/` and U+00A0 to a space,
    /// which would end or break the authority), is percent-encoded instead. Feature `idna`;
    /// the A-label conversion allocates.
    ///
    /// ```
    /// let iri = urilex::IriRef::parse("http://例え.jp/パス")?;
    /// assert_eq!(iri.to_uri_idna().to_string(), "http://xn--r8jz45g.jp/%E3%83%91%E3%82%B9");
    /// // A look-alike delimiter never becomes a real one.
    /// let iri = urilex::IriRef::parse("http://evil\u{FF0F}.example/")?;
    /// assert_eq!(iri.to_uri_idna().to_string(), "http://evil%EF%BC%8F.example/");
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
        // UTS #46 maps some characters to ASCII delimiters or spaces (U+FF0F FULLWIDTH
        // SOLIDUS to '/', U+00A0 to ' '), which would end or break the authority: only a
        // result of unreserved bytes (letters, digits, '-', '.') is a host, else the host is
        // percent-encoded as IDNA refused it.
        match idna::domain_to_ascii(&s[host.clone()]) {
            Ok(ascii) if ascii.bytes().all(|b| crate::chars::UNRESERVED.contains(b)) => {
                f.write_str(&ascii)?
            }
            _ => fmt::Display::fmt(&ToUri(&s[host.clone()]), f)?,
        }
        fmt::Display::fmt(&ToUri(&s[host.end..]), f)
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

/// Whether a character, decoded in an authority, could be read as another authority: one
/// that NFKC (Unicode UAX #15) or the UTS #46 mapping (IDNA, which browsers apply to hosts)
/// turns into, or into a string holding, a delimiter of the authority (`/ ? # @ : [ ] \ %`),
/// whitespace, or nothing at all (the default-ignorable characters UTS #46 deletes). RFC 3987
/// §8 (security considerations) warns of exactly these look-alikes; [`UriRef::to_iri`]
/// leaves them percent-encoded in the userinfo and host.
///
/// The ranges: the fullwidth, small and vertical forms of the delimiters (U+FF03 ＃, U+FF0F ／,
/// U+FE6B ﹫, ...), the ligatures that hold one (U+2100 ℀ `a/c`, U+2047 ⁇ `??`, U+2A74 ⩴
/// `::=`), the spaces that NFKC maps to U+0020 and the other `White_Space` characters, the
/// spacing accents that NFKC decomposes into a space and a combining mark (U+00A8 ¨), and
/// the `Default_Ignorable_Code_Point` ranges of the Unicode Character Database. A test
/// (`tests/iri.rs`) checks every code point against the `idna` crate's UTS #46 mapping and
/// `unicode-normalization`'s NFKC.
pub(crate) fn is_authority_lookalike(c: char) -> bool {
    matches!(
        c as u32,
        // Fullwidth forms of # % / : ? @ [ \ ]
        0xFF03 | 0xFF05 | 0xFF0F | 0xFF1A | 0xFF1F | 0xFF20 | 0xFF3B..=0xFF3D
        // Small form variants of : ? # \ % @, vertical forms of : ? and [ ]
        | 0xFE55 | 0xFE56 | 0xFE5F | 0xFE68 | 0xFE6A | 0xFE6B | 0xFE13 | 0xFE16 | 0xFE47 | 0xFE48
        // ?? ?! !? ; a/c a/s c/o c/u ; ::=
        | 0x2047..=0x2049 | 0x2100 | 0x2101 | 0x2105 | 0x2106 | 0x2A74
        // White_Space
        | 0x00A0 | 0x1680 | 0x2000..=0x200A | 0x2028 | 0x2029 | 0x202F | 0x205F | 0x3000
        // Spacing forms that NFKC decomposes into a space and a combining mark (¨ ¯ ´ ¸,
        // Greek and Japanese spacing accents, Arabic spacing vowels), and the two Arabic
        // phrase ligatures that hold spaces
        | 0x00A8 | 0x00AF | 0x00B4 | 0x00B8 | 0x02D8..=0x02DD | 0x037A | 0x0384 | 0x0385
        | 0x1FBD | 0x1FBF..=0x1FC1 | 0x1FCD..=0x1FCF | 0x1FDD..=0x1FDF | 0x1FED | 0x1FEE
        | 0x1FFD | 0x1FFE | 0x2017 | 0x203E | 0x309B | 0x309C | 0xFC5E..=0xFC63 | 0xFDFA
        | 0xFDFB | 0xFE49..=0xFE4C | 0xFE70 | 0xFE72 | 0xFE74 | 0xFE76 | 0xFE78 | 0xFE7A
        | 0xFE7C | 0xFE7E | 0xFFE3
        // Default_Ignorable_Code_Point
        | 0x00AD | 0x034F | 0x061C | 0x115F | 0x1160 | 0x17B4 | 0x17B5 | 0x180B..=0x180F
        | 0x200B..=0x200F | 0x202A..=0x202E | 0x2060..=0x206F | 0x3164 | 0xFE00..=0xFE0F
        | 0xFEFF | 0xFFA0 | 0xFFF0..=0xFFF8 | 0x1BCA0..=0x1BCA3 | 0x1D173..=0x1D17A
        | 0xE0000..=0xE0FFF
    )
}

/// The bidi formatting characters RFC 3987 §4.1 forbids: LRM, RLM, LRE, RLE, PDF, LRO, RLO.
pub(crate) fn is_bidi(c: char) -> bool {
    matches!(c, '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}')
}

/// The IRI→URI mapping of RFC 3987 §3.1 as a `Display` view; see [`IriRef::to_uri`].
/// `Debug` hides a password.
#[derive(Clone, Copy)]
pub struct ToUri<'a>(&'a str);

impl fmt::Debug for ToUri<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("ToUri")
            .field(&crate::security::RedactedText(self.0))
            .finish()
    }
}

impl fmt::Display for ToUri<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        MapToUri(f).write_str(self.0)
    }
}

/// A writer that applies the IRI→URI mapping (RFC 3987 §3.1) to what is written through it:
/// every non-ASCII character as its percent-encoded UTF-8 octets, the rest as it is.
pub(crate) struct MapToUri<W>(pub(crate) W);

/// Input bytes mapped per write. The mapped text of a chunk (at most three bytes for one)
/// fills at most `MAPPED` bytes of the buffer, whose three more bytes take the slack of the
/// four-byte stores.
const CHUNK: usize = 80;
const MAPPED: usize = 256;
const _: () = assert!(3 * CHUNK <= MAPPED && MAPPED.is_power_of_two());

/// Each byte's mapping as four little-endian bytes: its text (the byte itself, or `%XX` for a
/// byte outside ASCII) and, in the top byte, the text's length.
const ENCODED: [u32; 256] = {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    let mut t = [0u32; 256];
    let mut b = 0;
    while b < 256 {
        t[b] = if b < 0x80 {
            b as u32 | 1 << 24
        } else {
            b'%' as u32 | (HEX[b >> 4] as u32) << 8 | (HEX[b & 15] as u32) << 16 | 3 << 24
        };
        b += 1;
    }
    t
};

impl<W: fmt::Write> fmt::Write for MapToUri<W> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        if s.is_ascii() {
            return self.0.write_str(s);
        }
        // The mapped text is gathered a chunk at a time in a buffer and written once per
        // chunk, once for most links (a write per run of characters cost iri_links' to_uri
        // 2,665 instructions per link, parse included; a write per link 2,237). Every byte
        // takes the same steps, a four-byte store of its mapping and an advance by the
        // mapping's length, with no branch on the byte: 2,142 -> 1,676 per link against a
        // branch on `is_ascii` and two lookups of hex digits.
        let mut buf = [0u8; MAPPED + 3];
        for chunk in s.as_bytes().chunks(CHUNK) {
            let mut n = 0;
            for &b in chunk {
                let e = ENCODED[usize::from(b)];
                // `n < MAPPED` already; the mask only lets the compiler see it.
                let at = n & (MAPPED - 1);
                buf[at..at + 4].copy_from_slice(&e.to_le_bytes());
                n = at + (e >> 24) as usize;
            }
            write_ascii(&mut self.0, &buf[..n.min(MAPPED)])?;
        }
        Ok(())
    }
}

/// Writes `ascii`, which is ASCII (so `from_utf8` cannot fail), to `w`.
fn write_ascii(w: &mut impl fmt::Write, ascii: &[u8]) -> fmt::Result {
    w.write_str(core::str::from_utf8(ascii).unwrap_or_default())
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
    /// In the authority (userinfo and host), a character that NFKC or the UTS #46 mapping
    /// browsers apply to hosts would turn into a delimiter (`/ ? # @ : [ ] \ %`), whitespace or
    /// nothing also stays percent-encoded (RFC 3987 §8): `http://evil%EF%BC%8F.example/`
    /// decoded would show `evil／.example`, which a browser reads as the host `evil` and the
    /// path `/.example/`. The fullwidth, small and vertical forms of those delimiters, the
    /// ligatures that hold one, the spaces and the default-ignorable characters.
    ///
    /// ```
    /// use urilex::UriRef;
    /// let uri = UriRef::parse("http://a/r%C3%A9sum%C3%A9?%2F%E2%80%8E%FF")?;
    /// assert_eq!(uri.to_iri().to_string(), "http://a/résumé?%2F%E2%80%8E%FF");
    /// let spoof = UriRef::parse("http://evil%EF%BC%8F.example/%EF%BC%8F")?;
    /// assert_eq!(spoof.to_iri().to_string(), "http://evil%EF%BC%8F.example/／");
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
        let authority = self.0.span(Component::Authority);
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
                let in_authority = authority.as_ref().is_some_and(|r| r.contains(&i));
                let allowed = !is_bidi(c)
                    && (is_ucschar(c) || in_query && is_iprivate(c))
                    && !(in_authority && is_authority_lookalike(c));
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

#[cfg(test)]
mod tests {
    use super::*;

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

    /// The mapping writer against the mapping written the plain way (every byte outside ASCII
    /// as `%XX`), on strings of every length up to three chunks and over, so that a
    /// character split between chunks and a chunk of nothing but three-byte output are met.
    #[test]
    fn map_to_uri_agrees_with_a_byte_by_byte_reference() {
        use core::fmt::Write as _;
        let pieces = ["a", "/", "%", "é", "例", "\u{10348}", "\u{E000}", "~"];
        let mut next = crate::xorshift(0x9e37_79b9_7f4a_7c15u64);
        for len in 0..4 * CHUNK {
            for _ in 0..20 {
                let mut s = std::string::String::new();
                while s.len() < len {
                    s.push_str(pieces[(next() % pieces.len() as u64) as usize]);
                }
                let mut expected = std::string::String::new();
                for &b in s.as_bytes() {
                    if b.is_ascii() {
                        expected.push(char::from(b));
                    } else {
                        write!(expected, "%{b:02X}").unwrap();
                    }
                }
                let mut ours = std::string::String::new();
                MapToUri(&mut ours).write_str(&s).unwrap();
                assert_eq!(ours, expected, "{s:?}");
            }
        }
    }
}
