//! Finding URIs in running text and in HTML (feature `extract`).
//!
//! A [`logos`] lexer walks the input once and proposes candidates; the real parser
//! ([`UriRef::parse_uri`], [`UriRef::parse`]) decides. Candidates are:
//!
//! - `scheme:` forms (`http://example.com/`, `mailto:a@b.example`, `urn:isbn:0451450523`),
//! - `www.`-style suffix references (RFC 3986 §4.5), reported as [`Kind::SuffixReference`]
//!   because they are not URIs as written (`www.example.com:80/` would not even parse as a
//!   relative reference),
//! - angle-bracket forms `<http://example.com/>` and `<URL:http://example.com/>` (RFC 3986
//!   Appendix C, RFC 2396 Appendix E), inside which whitespace (line breaks, spaces, tabs) is
//!   dropped so that a URI broken across lines is found whole.
//!
//! Delimiting follows RFC 3986 Appendix C: angle brackets and double quotes delimit, whitespace
//! ends a URI outside `<…>`, trailing sentence punctuation (`. , ; : ! ? '`) and an unbalanced
//! closing `)` or `]` are not part of the URI (unless the URI is enclosed in `<…>` or `"…"`),
//! while balanced parentheses inside a URI (Wikipedia links) are kept.
//!
//! ```
//! use urilex::extract::{extract, Kind};
//! let text = "See <http://www.ics.uci.edu/pub/\n  ietf/uri/historical.html#WARNING>, \
//!             (http://en.wikipedia.org/wiki/Fish_(food)) or www.w3.org/Addressing/.";
//! let found: Vec<_> = extract(text).map(|f| (f.kind(), f.as_str().to_owned())).collect();
//! assert_eq!(found, [
//!     (Kind::Uri, "http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING".to_owned()),
//!     (Kind::Uri, "http://en.wikipedia.org/wiki/Fish_(food)".to_owned()),
//!     (Kind::SuffixReference, "www.w3.org/Addressing/".to_owned()),
//! ]);
//! ```
//!
//! ## Allocation
//! A URI that is a contiguous slice of the input (the common case) is returned borrowed:
//! [`Found::uri_ref`] gives its [`UriRef`] without any heap allocation, and the lexer itself
//! never allocates. Only a URI whose text differs from the input — whitespace dropped inside
//! `<…>`, character references decoded in HTML — is assembled into a `String`.
//!
//! ## Cost
//! Time is linear in the input length: the lexer is a DFA compiled with logos'
//! `state_machine_codegen` (a loop, no recursion, so a 10 MB token cannot overflow the stack),
//! and the only text looked at twice is the inside of an unterminated or invalid `<…>` form,
//! which cannot contain another `<`, so no byte is re-read more than once.
//!
//! A hyphen right before a line break inside `<…>` is kept: RFC 3986 Appendix C says it "may or
//! may not actually be part of the URI", and dropping it would change a URI that had one.
//!
//! ## When not to use it
//! This finds RFC 3986 URIs, which are ASCII. Internationalized links (IRIs, RFC 3987) are cut at
//! the first non-ASCII character, and bare domain names (`example.com`) or e-mail addresses
//! without `mailto:` are not URIs and are not reported.

use alloc::borrow::Cow;
use alloc::string::String;
use core::fmt;
use core::ops::Range;

use logos::Logos;

use crate::UriRef;

/// What kind of reference a [`Found`] is.
///
/// ```
/// use urilex::extract::{extract, Kind};
/// let kinds: Vec<Kind> = extract("urn:isbn:0451450523 www.example.com").map(|f| f.kind()).collect();
/// assert_eq!(kinds, [Kind::Uri, Kind::SuffixReference]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// A URI with a scheme (RFC 3986 §3).
    Uri,
    /// A suffix reference such as `www.w3.org/Addressing/` (RFC 3986 §4.5): an authority
    /// and path written without scheme and `//`. Completing it (usually with `http://`) is left
    /// to the caller, as §4.5 leaves it to "context-based heuristics".
    SuffixReference,
    /// A relative reference (RFC 3986 §4.2) found in an HTML attribute and not resolved.
    Reference,
    /// An IRI (RFC 3987) found in an HTML attribute: a link with non-ASCII characters, as on
    /// every non-English page. [`Found::as_str`] is its URI (RFC 3987 §3.1: UTF-8
    /// percent-encoded), resolved against the base when there is one; [`Found::range`] is the
    /// IRI's text in the document.
    Iri,
    /// An IRI reference (RFC 3987) found in an HTML attribute and not resolved (no base);
    /// [`Found::as_str`] is its URI reference (§3.1).
    IriReference,
}

/// The text of a match: borrowed from the input when possible.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Text<'a> {
    /// A contiguous slice of the input that parsed as a URI reference.
    Uri(UriRef<'a>),
    /// A contiguous slice of the input (a suffix reference: not a URI reference as written).
    Str(&'a str),
    /// Text assembled from the input: whitespace dropped, character references decoded.
    Owned(String),
}

/// One URI found by [`extract`] or [`extract_html`].
///
/// ```
/// use urilex::extract::extract;
/// let f = extract("Go to <URL:http://example.com/a>.").next().unwrap();
/// assert_eq!(f.as_str(), "http://example.com/a");
/// assert_eq!(f.range(), 11..31);
/// assert_eq!(f.delimited_range(), 6..32);
/// assert_eq!(f.uri_ref().unwrap().host(), Some("example.com"));
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct Found<'a> {
    range: Range<usize>,
    delimited: Range<usize>,
    kind: Kind,
    text: Text<'a>,
}

/// The range, kind and text, a password in the text hidden.
impl fmt::Debug for Found<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Found")
            .field("range", &self.range)
            .field("kind", &self.kind)
            .field("text", &crate::ops::security::RedactedText(self.as_str()))
            .finish()
    }
}

impl<'a> Found<'a> {
    /// The byte range of the URI in the input, from its first to its last byte (for a URI broken
    /// across lines inside `<…>`, the dropped whitespace is inside this range).
    ///
    /// ```
    /// let f = urilex::extract::extract("(see http://a.example/x).").next().unwrap();
    /// assert_eq!(f.range(), 5..23);
    /// ```
    pub fn range(&self) -> Range<usize> {
        self.range.clone()
    }

    /// The byte range of the whole match, including delimiters: `<…>`, `<URL:…>` or `"…"`.
    /// Equal to [`range`](Self::range) for a URI delimited only by whitespace or punctuation.
    ///
    /// ```
    /// let f = urilex::extract::extract(r#"at "http://a.example/x." now"#).next().unwrap();
    /// assert_eq!((f.range(), f.delimited_range()), (4..23, 3..24));
    /// assert_eq!(f.as_str(), "http://a.example/x."); // quotes delimit: the dot is kept
    /// ```
    pub fn delimited_range(&self) -> Range<usize> {
        self.delimited.clone()
    }

    /// The kind of reference.
    ///
    /// ```
    /// use urilex::extract::{extract, Kind};
    /// assert_eq!(extract("mailto:a@b.example").next().unwrap().kind(), Kind::Uri);
    /// ```
    pub fn kind(&self) -> Kind {
        self.kind
    }

    /// The reference text: a slice of the input, or the assembled text when whitespace was
    /// dropped or character references decoded.
    ///
    /// ```
    /// let f = urilex::extract::extract("<ftp://foo.example.\n com/rfc/>").next().unwrap();
    /// assert_eq!(f.as_str(), "ftp://foo.example.com/rfc/");
    /// ```
    pub fn as_str(&self) -> &str {
        match &self.text {
            Text::Uri(u) => u.as_str(),
            Text::Str(s) => s,
            Text::Owned(s) => s,
        }
    }

    /// Whether the text is a slice of the input (no allocation was made for this match).
    ///
    /// ```
    /// use urilex::extract::extract;
    /// assert!(extract("http://a.example/").next().unwrap().is_borrowed());
    /// assert!(!extract("<http://a.example/\n b>").next().unwrap().is_borrowed());
    /// ```
    pub fn is_borrowed(&self) -> bool {
        !matches!(self.text, Text::Owned(_))
    }

    /// The parsed reference, borrowing the input: the allocation-free path. `None` for a suffix
    /// reference and for text that had to be assembled (see [`uri`](Self::uri)).
    ///
    /// ```
    /// let f = urilex::extract::extract("urn:isbn:0451450523.").next().unwrap();
    /// assert_eq!(f.uri_ref().unwrap().path(), "isbn:0451450523");
    /// ```
    pub fn uri_ref(&self) -> Option<UriRef<'a>> {
        match self.text {
            Text::Uri(u) => Some(u),
            _ => None,
        }
    }

    /// The parsed reference, borrowing this `Found`. `None` only for a suffix reference, which
    /// is not a URI reference as written (RFC 3986 §4.5).
    ///
    /// ```
    /// let f = urilex::extract::extract("<http://a.example/\n b>").next().unwrap();
    /// assert_eq!(f.uri().unwrap().path(), "/b");
    /// ```
    pub fn uri(&self) -> Option<UriRef<'_>> {
        match &self.text {
            Text::Uri(u) => Some(*u),
            Text::Str(_) => None,
            // The text was validated when this `Found` was built; parsing again cannot fail,
            // and `ok()` keeps this free of any panic path.
            Text::Owned(s) if self.kind != Kind::SuffixReference => UriRef::parse(s).ok(),
            Text::Owned(_) => None,
        }
    }
}

impl fmt::Display for Found<'_> {
    /// Writes [`as_str`](Found::as_str).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Candidate tokens in running text. Byte patterns (`utf8 = false`): URIs are ASCII, and any
/// other byte is just text to skip.
///
/// Every byte is covered by some pattern, so the lexer never reports an error. `Word` uses
/// exactly the scheme characters, so a run of letters that turns out not to be followed by `:`
/// is still accepted as one `Word` in the same pass (no rescan).
#[derive(Logos, Clone, Copy, Debug, PartialEq, Eq)]
#[logos(utf8 = false)]
enum TextTok {
    /// `scheme ":"` (RFC 3986 §3.1) followed by the longest run of URI characters (§2) in which
    /// `[` and `]` appear only as an IP-literal right after `//` and an optional `userinfo@`
    /// (§3.2.2: the only place the grammar allows them). So `[text](http://a.example/)` in
    /// Markdown, or `http://a.example/x[1]`, end the URI at the bracket instead of making the
    /// whole run invalid, and still without reading anything twice.
    ///
    /// Non-ASCII characters (UTF-8 sequences) are taken too: an IRI (RFC 3987) holds them. But
    /// not those that end a link in running text although `ucschar` allows some of them:
    /// Unicode spaces (U+0085, U+00A0, U+1680, U+2000-200B, U+2028, U+2029, U+202F, U+205F,
    /// U+3000, U+FEFF), quotation marks and the ellipsis (U+00AB, U+00BB, U+2018-201F,
    /// U+2026), CJK punctuation (U+3001-3003, U+3008-3011, U+3014-301F) and fullwidth
    /// punctuation (U+FF01, FF02, FF08, FF09, FF0C, FF0E, FF1A-FF1C, FF1E, FF1F, FF3B, FF3D,
    /// FF5B, FF5D, FF61-FF64): a page writes `…/東京。` and `URL　URL`. They are left out of
    /// the byte sequences below, so the lexer stops there and reads on from there.
    #[regex(
        br"[A-Za-z][A-Za-z0-9+.\-]*:(//([A-Za-z0-9\-._~:!$&'()*+,;=%]*@)?\[[A-Za-z0-9\-._~:!$&'()*+,;=%]*\])?([A-Za-z0-9\-._~:/?#@!$&'()*+,;=%]|\xC2[\x80-\x84\x86-\x9F\xA1-\xAA\xAC-\xBA\xBC-\xBF]|[\xC3-\xDF][\x80-\xBF]|\xE1\x9A[\x81-\xBF]|\xE1[\x80-\x99\x9B-\xBF][\x80-\xBF]|\xE2\x80[\x8C-\x97\xA0-\xA5\xA7\xAA-\xAE\xB0-\xBF]|\xE2\x81[\x80-\x9E\xA0-\xBF]|\xE2[\x82-\xBF][\x80-\xBF]|\xE3\x80[\x84-\x87\x92\x93\xA0-\xBF]|\xE3[\x81-\xBF][\x80-\xBF]|\xEF\xBB[\x80-\xBE]|\xEF\xBC[\x80\x83-\x87\x8A\x8B\x8D\x8F-\x99\x9D\xA0-\xBA\xBC\xBE\xBF]|\xEF\xBD[\x80-\x9A\x9C\x9E-\xA0\xA5-\xBF]|\xEF[\x80-\xBA\xBE\xBF][\x80-\xBF]|[\xE0\xE4-\xEE][\x80-\xBF][\x80-\xBF]|[\xF0-\xF4][\x80-\xBF][\x80-\xBF][\x80-\xBF])*"
    )]
    Scheme,
    /// `www.` followed by URI characters except `[` and `]` (a `www.` host is no IP-literal): a
    /// suffix reference (§4.5). Wins a tie against `Scheme` (`www.example.com:8080/` is a host
    /// and port, not the scheme `www.example.com`).
    #[regex(br"[Ww][Ww][Ww]\.[A-Za-z0-9\-._~:/?#@!$&'()*+,;=%]*", priority = 100)]
    Www,
    /// `<`, optional whitespace, optional `URL:` (Appendix C), then a scheme or `www.` and at
    /// least one URI character before any whitespace, then URI characters and whitespace up to
    /// `>`. Requiring a character after the scheme before any whitespace keeps prose such as
    /// `<note: see below>` from being glued into `note:seebelow`.
    #[regex(
        br"<[ \t\r\n\f]*([Uu][Rr][Ll]:[ \t\r\n\f]*)?([A-Za-z][A-Za-z0-9+.\-]*:|[Ww][Ww][Ww]\.)[A-Za-z0-9\-._~:/?#\[\]@!$&'()*+,;=%][A-Za-z0-9\-._~:/?#\[\]@!$&'()*+,;=% \t\r\n\f]*>"
    )]
    Angle,
    /// Letters, digits and the other scheme characters: text, unless a longer token matches.
    #[regex(br"[A-Za-z0-9+.\-]+")]
    Word,
    /// Anything else except `<`.
    #[regex(br"[^A-Za-z0-9+.\-<]+")]
    Other,
    /// A `<` that does not start a complete angle-bracket form.
    #[token(b"<")]
    Lt,
}

/// Finds URIs and suffix references in running text (`&str` or `&[u8]`).
///
/// See the [module documentation](self) for the delimiting rules.
///
/// ```
/// use urilex::extract::extract;
/// let text = b"Mail <mailto:info@example.org>; docs at http://[2001:db8::1]:8080/a?b=c.";
/// let uris: Vec<String> = extract(&text[..]).map(|f| f.to_string()).collect();
/// assert_eq!(uris, ["mailto:info@example.org", "http://[2001:db8::1]:8080/a?b=c"]);
/// ```
pub fn extract<I: AsRef<[u8]> + ?Sized>(input: &I) -> Extract<'_> {
    let src = input.as_ref();
    Extract {
        src,
        base: 0,
        lex: TextTok::lexer(&[]),
        mode: Mode::Scan(0),
        taken: 0,
    }
}

/// Iterator returned by [`extract`].
///
/// ```
/// let mut it = urilex::extract::extract("nothing here: http://a.example/ and more");
/// assert_eq!(it.next().map(|f| f.range()), Some(14..31));
/// assert!(it.next().is_none());
/// ```
#[derive(Clone)]
pub struct Extract<'a> {
    src: &'a [u8],
    /// Offset of the lexer's source within `src`.
    base: usize,
    lex: logos::Lexer<'a, TextTok>,
    mode: Mode,
    /// End of the last match's delimited range: a quote there closed that match and cannot
    /// also open the next one (`"a:b"c:d"`).
    taken: usize,
}

/// Plain text is skipped by a byte scan for the bytes a candidate must contain (`:` after a
/// scheme character, `<`, the `.` of `www.`); the lexer runs only from the start of the word
/// holding such a trigger until it has passed it.
#[derive(Clone, Copy, Debug)]
enum Mode {
    /// Scan for the next trigger from this offset (a token boundary).
    Scan(usize),
    /// Lex until a token ends after this offset (the trigger).
    Lex(usize),
}

impl core::iter::FusedIterator for Extract<'_> {}

impl fmt::Debug for Extract<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Extract").field("mode", &self.mode).finish()
    }
}

impl<'a> Iterator for Extract<'a> {
    type Item = Found<'a>;

    fn next(&mut self) -> Option<Found<'a>> {
        loop {
            let until = match self.mode {
                Mode::Scan(pos) => {
                    let (start, trigger) = next_trigger(self.src, pos)?;
                    self.restart(start);
                    self.mode = Mode::Lex(trigger);
                    continue;
                }
                Mode::Lex(until) => until,
            };
            let tok = self.lex.next()?;
            let span = self.lex.span();
            let (start, end) = (self.base + span.start, self.base + span.end);
            if end > until {
                // Past the trigger: back to scanning from this token boundary.
                self.mode = Mode::Scan(end);
            }
            let found = match tok {
                Ok(TextTok::Scheme) => self.plain(start, end, false),
                Ok(TextTok::Www) => self.plain(start, end, true),
                Ok(TextTok::Angle) => {
                    let found = angle(self.src, start, end);
                    if found.is_none() {
                        // Not a URI after all: read the inside again as plain text. The inside
                        // holds no `<`, so each byte is re-read at most once (linear time).
                        self.mode = Mode::Scan(start + 1);
                    }
                    found
                }
                // Text; an error cannot happen (every byte is covered by a pattern).
                _ => None,
            };
            if let Some(f) = found {
                self.taken = f.delimited.end;
                return Some(f);
            }
        }
    }
}

/// Scheme characters (`ALPHA / DIGIT / "+" / "-" / "."`, RFC 3986 §3.1): the `Word` class.
fn is_word(c: u8) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, b'+' | b'-' | b'.')
}

/// The next trigger at or after `pos` (a token boundary), and where lexing must start: the
/// start of the word holding it, not before `pos`. Between `pos` and the trigger there is no
/// `:`, `<` or `www.`, so the lexer would only have seen `Word` and `Other` tokens there, whose
/// boundaries are exactly the word/non-word transitions: starting at the word start gives the
/// same tokens as lexing from `pos`. Each byte is scanned once and backed over at most once.
fn next_trigger(src: &[u8], pos: usize) -> Option<(usize, usize)> {
    let mut i = pos;
    loop {
        // Bytes that every candidate contains: `:` (scheme), `<` (angle form), `.` (`www.`).
        let t = i + memchr::memchr3(b':', b'<', b'.', src.get(i..)?)?;
        i = t + 1;
        let next = src.get(t + 1).copied();
        // Quick rejections, each of a trigger whose token the lexer would reject anyway.
        let hit = match src[t] {
            // The `Angle` pattern needs whitespace or a scheme's first letter after `<`.
            b'<' => next.is_some_and(|c| c.is_ascii_alphabetic() || is_space(c)),
            // A scheme ends just before `:` (a `:` right at `pos` follows a token already read)
            // and a URI character must follow, or the candidate trims down to its scheme.
            // (A non-ASCII byte may start an IRI's character.)
            b':' => {
                t > pos
                    && is_word(src[t - 1])
                    && next.is_some_and(|c| is_uri_char(c) || !c.is_ascii())
            }
            // `www.`: the three bytes before the dot.
            _ => t >= pos + 3 && src[t - 3..t].eq_ignore_ascii_case(b"www"),
        };
        if !hit {
            continue;
        }
        let word = src[pos..t]
            .iter()
            .rev()
            .take_while(|&&c| is_word(c))
            .count();
        let start = t - word;
        // A scheme starts with a letter, at the start of its word.
        if src[t] == b':' && !src[start].is_ascii_alphabetic() {
            continue;
        }
        return Some((start, t));
    }
}

/// `unreserved / gen-delims / sub-delims / "%"` (RFC 3986 §2): the bytes a URI may contain.
fn is_uri_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || b"-._~:/?#[]@!$&'()*+,;=%".contains(&c)
}

impl<'a> Extract<'a> {
    fn restart(&mut self, at: usize) {
        let rest = self.src.get(at..).unwrap_or_default();
        self.base = at;
        self.lex = TextTok::lexer(rest);
    }

    /// A `scheme:` or `www.` candidate delimited by whitespace, punctuation or quotes. A
    /// candidate with non-ASCII characters (up to any byte that is not UTF-8) is an IRI,
    /// reported as [`Kind::Iri`] with its URI (RFC 3987 §3.1); if it is no IRI, its ASCII part
    /// is read as a URI, as before IRIs were found.
    fn plain(&self, start: usize, end: usize, www: bool) -> Option<Found<'a>> {
        let token_end = end;
        let end = match self.src.get(start..end)?.iter().position(|b| !b.is_ascii()) {
            Some(first) => start + first + iri_extent(self.src.get(start + first..end)?),
            None => end,
        };
        let quoted = start > self.taken
            && self.src.get(start - 1) == Some(&b'"')
            && self.src.get(end) == Some(&b'"');
        let end = if quoted {
            end
        } else {
            start + trim_trailing(self.src.get(start..end)?)
        };
        let text = core::str::from_utf8(self.src.get(start..end)?).ok()?;
        let delimited = if quoted {
            start - 1..end + 1
        } else {
            start..end
        };
        let (kind, text) = if www {
            (Kind::SuffixReference, Text::Str(suffix(text)?))
        } else if !text.is_ascii() {
            match iri_as_uri(text).filter(|(_, kind)| *kind == Kind::Iri) {
                Some((owned, kind)) => (kind, owned),
                // Not an IRI: the URI before its first non-ASCII character, if any.
                None => {
                    let ascii = text
                        .bytes()
                        .position(|b| !b.is_ascii())
                        .unwrap_or(text.len());
                    return self.plain(
                        start,
                        start + trim_trailing(text.get(..ascii)?.as_bytes()),
                        www,
                    );
                }
            }
        } else {
            let u = uri(text)?;
            // `http://[::1 x`: the IP-literal did not close, so the token stopped at `[`,
            // leaving `http://`, which is not what the text says.
            if self.src.get(token_end) == Some(&b'[') && u.host() == Some("") {
                return None;
            }
            (Kind::Uri, Text::Uri(u))
        };
        Some(Found {
            range: start..end,
            delimited,
            kind,
            text,
        })
    }
}

/// How many bytes of `rest` (which starts with a non-ASCII byte of a candidate) are UTF-8:
/// the lexer's sequences still take overlongs and surrogates, which end an IRI here.
fn iri_extent(rest: &[u8]) -> usize {
    match core::str::from_utf8(rest) {
        Ok(text) => text.len(),
        Err(e) => e.valid_up_to(),
    }
}

/// Validates `text` as a URI (scheme required) whose scheme is followed by something: a
/// trimmed candidate like `Note:` → `Note` has lost its colon and is prose.
fn uri(text: &str) -> Option<UriRef<'_>> {
    let u = UriRef::parse_uri(text).ok()?;
    let scheme_len = u.scheme()?.len();
    (text.len() > scheme_len + 1).then_some(u)
}

/// Validates a suffix reference (RFC 3986 §4.5): `authority path-abempty [ "?" query ]
/// [ "#" fragment ]` written without `//`, starting with `www.` and a host character.
///
/// Checked with the real parser: the authority is parsed as `//authority` (from a stack buffer,
/// so without allocation unless it is longer than 300 bytes), and the rest as a relative
/// reference that starts with `/`, `?` or `#`.
fn suffix(text: &str) -> Option<&str> {
    let b = text.as_bytes();
    if b.len() < 5 || !b[..4].eq_ignore_ascii_case(b"www.") {
        return None;
    }
    let auth_len = b
        .iter()
        .position(|c| matches!(c, b'/' | b'?' | b'#'))
        .unwrap_or(b.len());
    // Parse "//" + authority. A stack buffer covers every real host name (DNS names have at
    // most 253 bytes); a longer authority is assembled on the heap.
    let mut buf = [0u8; 2 + 300];
    let mut long = String::new();
    let auth = match buf.get_mut(2..2 + auth_len) {
        Some(slot) => {
            slot.copy_from_slice(&b[..auth_len]);
            buf[..2].copy_from_slice(b"//");
            core::str::from_utf8(&buf[..2 + auth_len]).ok()?
        }
        None => {
            long.push_str("//");
            long.push_str(&text[..auth_len]);
            &long
        }
    };
    let parsed = UriRef::parse(auth).ok()?;
    if parsed.authority() != Some(&text[..auth_len]) {
        return None;
    }
    let rest = &text[auth_len..];
    // path-abempty may start with "//", which would parse as an authority: keep one slash.
    let slashes = rest.len() - rest.trim_start_matches('/').len();
    let rest = &rest[slashes.saturating_sub(1)..];
    UriRef::parse(rest).ok()?;
    Some(text)
}

/// Length of `cand` once trailing sentence punctuation and unbalanced closing brackets are
/// removed (RFC 3986 Appendix C: "delimit the URI from ... punctuation marks that might be
/// mistaken for part of the URI"). One pass to count brackets, one pass back from the end.
fn trim_trailing(cand: &[u8]) -> usize {
    // Bracket counts are only needed when a closing bracket ends the candidate (rare), so
    // they are computed then, once.
    let mut counts: Option<[usize; 4]> = None;
    let mut end = cand.len();
    while let Some(&c) = cand.get(end.wrapping_sub(1)) {
        let strip = match c {
            b'.' | b',' | b';' | b':' | b'!' | b'?' | b'\'' => true,
            b')' | b']' => {
                let [open_p, close_p, open_b, close_b] = counts.get_or_insert_with(|| {
                    let mut n = [0usize; 4];
                    for &c in &cand[..end] {
                        match c {
                            b'(' => n[0] += 1,
                            b')' => n[1] += 1,
                            b'[' => n[2] += 1,
                            b']' => n[3] += 1,
                            _ => {}
                        }
                    }
                    n
                });
                let (open, close) = if c == b')' {
                    (open_p, close_p)
                } else {
                    (open_b, close_b)
                };
                // Unbalanced: more closers than openers in what remains.
                let unbalanced = *close > *open;
                if unbalanced {
                    *close -= 1;
                }
                unbalanced
            }
            _ => false,
        };
        if !strip {
            break;
        }
        end -= 1;
    }
    end
}

fn is_space(c: u8) -> bool {
    matches!(c, b' ' | b'\t' | b'\r' | b'\n' | b'\x0c')
}

/// An `Angle` token `src[start..end]` (`<` … `>`): strips `URL:` and whitespace, validates.
fn angle(src: &[u8], start: usize, end: usize) -> Option<Found<'_>> {
    let inner = src.get(start + 1..end - 1)?;
    let lead = inner.iter().take_while(|&&c| is_space(c)).count();
    let mut from = start + 1 + lead;
    let body = src.get(from..end - 1)?;
    if body.len() > 4 && body[..4].eq_ignore_ascii_case(b"URL:") {
        // `<URL:http://…>`; but `<url:x>` with nothing URI-like after the prefix is the URI
        // `url:x` itself, which the `uri` check below accepts.
        let after = &body[4..];
        let ws = after.iter().take_while(|&&c| is_space(c)).count();
        if is_candidate_start(&after[ws..]) {
            from += 4 + ws;
        }
    }
    let body = src.get(from..end - 1)?;
    let trail = body.iter().rev().take_while(|&&c| is_space(c)).count();
    let to = end - 1 - trail;
    let body = src.get(from..to)?;
    let text = core::str::from_utf8(body).ok()?;
    let www = body.len() >= 4 && body[..4].eq_ignore_ascii_case(b"www.");
    let (kind, text) = if body.iter().any(|&c| is_space(c)) {
        let joined: String = text
            .chars()
            .filter(|&c| !is_space(c as u8) || !c.is_ascii())
            .collect();
        if www {
            suffix(&joined)?;
            (Kind::SuffixReference, Text::Owned(joined))
        } else {
            uri(&joined)?;
            (Kind::Uri, Text::Owned(joined))
        }
    } else if www {
        (Kind::SuffixReference, Text::Str(suffix(text)?))
    } else {
        (Kind::Uri, Text::Uri(uri(text)?))
    };
    Some(Found {
        range: from..to,
        delimited: start..end,
        kind,
        text,
    })
}

/// Whether `b` starts with `scheme ":"` or `www.` (what the `Angle` pattern requires).
fn is_candidate_start(b: &[u8]) -> bool {
    if b.len() >= 4 && b[..4].eq_ignore_ascii_case(b"www.") {
        return true;
    }
    match b.first() {
        Some(c) if c.is_ascii_alphabetic() => {}
        _ => return false,
    }
    let n = b
        .iter()
        .take_while(|c| c.is_ascii_alphanumeric() || matches!(c, b'+' | b'.' | b'-'))
        .count();
    b.get(n) == Some(&b':')
}

// ---------------------------------------------------------------------------------------------
// HTML

/// Tokens of interest in HTML: tag starts, `href`/`src` attribute names, tag ends, comments.
#[derive(Logos, Clone, Copy, Debug, PartialEq, Eq)]
#[logos(utf8 = false)]
enum HtmlTok {
    /// `<name`: a start tag (end tags start with `</`, which is `Lt` then text).
    #[regex(br"<[A-Za-z][A-Za-z0-9\-]*")]
    TagOpen,
    /// An attribute named `href` or `src` (ASCII case-insensitive) and its `=`.
    #[regex(br"(?i-u)(href|src)[ \t\r\n\f]*=[ \t\r\n\f]*")]
    Attr,
    /// End of a tag.
    #[token(b">")]
    TagEnd,
    /// Start of a comment; its end is found by a plain search.
    #[token(b"<!--")]
    Comment,
    /// `=` of another attribute: a quoted value after it is skipped, as it may hold `>`.
    #[regex(br"=[ \t\r\n\f]*")]
    Eq,
    /// Attribute names and text: `data-href=` is one word, not `href=`.
    #[regex(br"[A-Za-z0-9_\-]+", logos::skip)]
    Word,
    #[regex(br"[^A-Za-z0-9_\-<>=]+", logos::skip)]
    Other,
    #[token(b"<", logos::skip)]
    Lt,
}

/// Finds the references in `href` and `src` attribute values of an HTML document.
///
/// Attribute values may be double-quoted, single-quoted or unquoted; character references
/// (`&amp;`, `&#38;`, `&#x26;` and the other common named ones) are decoded and surrounding
/// ASCII whitespace is removed before parsing, as HTML does. Values that are not URI
/// references (RFC 3986 §4.1) are skipped. Absolute ones are [`Kind::Uri`], relative ones
/// [`Kind::Reference`]; [`Found::range`] is the raw value's range in the document (for a
/// value without character references, without the surrounding whitespace) and
/// [`Found::delimited_range`] includes its quotes.
///
/// It is a tokenizer, not a tree builder: it knows start tags, quoted attribute values,
/// comments and the raw text of `<script>` and `<style>`, which is enough to find attributes as
/// a browser would on ordinary documents. The `<base href>` value is not reported as a link; it
/// is the document's base ([`Html::document_base`]). Values of `srcset` (a list, not a URL) and
/// of other attributes are not read. A quote left open at the end of the document drops that
/// tag, as in HTML. A value with whitespace inside is skipped: browsers delete tabs and line
/// breaks from URLs (WHATWG URL), but such a value is not an RFC 3986 URI reference.
///
/// With a base — the document's `<base href>` or the caller's ([`Html::with_base`]) — every
/// reference is resolved (RFC 3986 §5.2, strict) and reported as [`Kind::Uri`] with the target
/// URI as its text; [`Found::range`] still points at the value as written.
///
/// ```
/// use urilex::extract::{extract_html, Kind};
/// let html = r#"<a href="/search?q=a&amp;lang=en">x</a> <img src=logo.png> <a href="http://a.example/">"#;
/// let found: Vec<(Kind, String)> = extract_html(html).map(|f| (f.kind(), f.to_string())).collect();
/// assert_eq!(found, [
///     (Kind::Reference, "/search?q=a&lang=en".to_string()),
///     (Kind::Reference, "logo.png".to_string()),
///     (Kind::Uri, "http://a.example/".to_string()),
/// ]);
/// ```
pub fn extract_html<I: AsRef<[u8]> + ?Sized>(html: &I) -> Html<'_> {
    let src = html.as_ref();
    Html {
        src,
        base: 0,
        lex: HtmlTok::lexer(src),
        in_tag: false,
        in_base: false,
        raw_text: None,
        base_href: None,
        caller_base: None,
        resolve_base: None,
        buf: String::new(),
    }
}

/// Iterator returned by [`extract_html`].
///
/// ```
/// let html = r#"<base href="http://a.example/dir/"><a href=x>"#;
/// let it = urilex::extract::extract_html(html);
/// assert_eq!(it.document_base().as_deref(), Some("http://a.example/dir/"));
/// ```
#[derive(Clone)]
pub struct Html<'a> {
    src: &'a [u8],
    base: usize,
    lex: logos::Lexer<'a, HtmlTok>,
    in_tag: bool,
    in_base: bool,
    /// Inside the start tag of `<script>` or `<style>`, whose content is raw text (no tags):
    /// the end tag to skip to once the start tag ends.
    raw_text: Option<&'static [u8]>,
    /// The document's `<base href>`, once found (see [`Html::document_base`]).
    base_href: Option<Cow<'a, str>>,
    caller_base: Option<&'a str>,
    /// The absolute base references are resolved against, once computed (see [`Html::base`]).
    resolve_base: Option<Option<String>>,
    /// Reused buffer for resolution results: a result equal to the reference as written (an
    /// absolute reference without dot-segments) stays borrowed, with no allocation.
    buf: String,
}

impl fmt::Debug for Html<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Html")
            .field("offset", &(self.base + self.lex.span().end))
            .finish()
    }
}

impl<'a> Html<'a> {
    /// Sets the document's own URI: the base when the document has no `<base href>`, and the
    /// base a relative `<base href>` is resolved against (HTML: the "fallback base URL"). It
    /// must be an absolute URI (RFC 3986 §5.1); otherwise it is ignored.
    ///
    /// ```
    /// use urilex::extract::{extract_html, Kind};
    /// let html = r#"<a href="../b?x=1&amp;y=2#f">"#;
    /// let f = extract_html(html).with_base("http://a.example/d/e").next().unwrap();
    /// assert_eq!((f.kind(), f.as_str()), (Kind::Uri, "http://a.example/b?x=1&y=2#f"));
    /// assert_eq!(&html[f.range()], "../b?x=1&amp;y=2#f"); // where it was written
    /// ```
    pub fn with_base(mut self, base: &'a str) -> Self {
        self.caller_base = Some(base);
        self
    }

    /// The absolute base references are resolved against: the document's first `<base href>`
    /// (HTML: "the first base element with an href attribute in tree order"), resolved against
    /// the caller's base if it is relative; else the caller's base (see
    /// [`with_base`](Self::with_base)). `None` when neither gives an absolute URI: references
    /// are then reported unresolved, as [`Kind::Reference`].
    ///
    /// ```
    /// use urilex::extract::extract_html;
    /// let it = extract_html("<base href='../other/'><a href=x>").with_base("http://a.example/d/e");
    /// assert_eq!(it.base().as_deref(), Some("http://a.example/other/"));
    /// assert_eq!(extract_html("<a href=x>").base(), None);
    /// ```
    pub fn base(&self) -> Option<Cow<'a, str>> {
        let caller = self
            .caller_base
            .map(trim_space)
            .filter(|c| UriRef::parse(c).is_ok_and(|u| !u.is_relative()));
        if let Some(doc) = self.document_base() {
            let doc = match doc {
                Cow::Borrowed(d) => Cow::Borrowed(trim_space(d)),
                Cow::Owned(d) => Cow::Owned(String::from(trim_space(&d))),
            };
            if let Ok(d) = UriRef::parse(&doc) {
                if !d.is_relative() {
                    return Some(doc);
                }
                let resolved = caller
                    .and_then(|c| UriRef::parse(c).ok())
                    .and_then(|c| d.resolve(&c).ok());
                if let Some(r) = resolved {
                    let mut out = String::new();
                    if r.write_to(&mut out).is_ok() {
                        return Some(Cow::Owned(out));
                    }
                }
            }
        }
        caller.map(Cow::Borrowed)
    }

    /// The value of the document's first `<base href>`, decoded; found by a separate pass over
    /// the document (linear), so that it applies to links that come before it as well.
    ///
    /// ```
    /// let it = urilex::extract::extract_html("<p>no base</p>");
    /// assert_eq!(it.document_base(), None);
    /// ```
    pub fn document_base(&self) -> Option<Cow<'a, str>> {
        if self.base_href.is_some() {
            return self.base_href.clone();
        }
        let mut scan = extract_html(self.src);
        while let Some(ev) = scan.next_value() {
            if let (true, Some(v)) = ev {
                return Some(v.1);
            }
        }
        None
    }

    fn restart(&mut self, at: usize) {
        let rest = self.src.get(at..).unwrap_or_default();
        self.base = at;
        self.lex = HtmlTok::lexer(rest);
    }

    /// The next `href`/`src` value: `(in a <base> tag, Some((raw range, decoded text)))`, or
    /// `(_, None)` for a value that is not UTF-8.
    #[allow(clippy::type_complexity)]
    fn next_value(&mut self) -> Option<(bool, Option<(Range<usize>, Cow<'a, str>)>)> {
        loop {
            let tok = self.lex.next()?;
            let span = self.lex.span();
            let end = self.base + span.end;
            match tok {
                Ok(HtmlTok::TagOpen) => {
                    self.in_tag = true;
                    let name = self
                        .src
                        .get(self.base + span.start + 1..end)
                        .unwrap_or_default();
                    self.in_base = name.eq_ignore_ascii_case(b"base");
                    self.raw_text = if name.eq_ignore_ascii_case(b"script") {
                        Some(b"</script")
                    } else if name.eq_ignore_ascii_case(b"style") {
                        Some(b"</style")
                    } else {
                        None
                    };
                }
                Ok(HtmlTok::TagEnd) => {
                    self.in_tag = false;
                    self.in_base = false;
                    if let Some(close) = self.raw_text.take() {
                        // Script and style content is not markup: `"<a href=x>"` in a
                        // script string is not a link. Skip to the end tag (one search).
                        let rest = self.src.get(end..).unwrap_or_default();
                        let skip = rest
                            .windows(close.len())
                            .position(|w| w.eq_ignore_ascii_case(close))
                            .unwrap_or(rest.len());
                        self.restart(end + skip);
                    } else {
                        // Outside tags only `<` can start anything of interest (a tag or a
                        // comment): skip the text to the next one at memchr speed.
                        let rest = self.src.get(end..).unwrap_or_default();
                        let skip = memchr::memchr(b'<', rest).unwrap_or(rest.len());
                        self.restart(end + skip);
                    }
                }
                Ok(HtmlTok::Comment) => {
                    let rest = self.src.get(end..).unwrap_or_default();
                    let skip = rest
                        .windows(3)
                        .position(|w| w == b"-->")
                        .map_or(rest.len(), |p| p + 3);
                    self.restart(end + skip);
                }
                Ok(HtmlTok::Eq) if self.in_tag => {
                    if let Some((_, after)) = attr_value(self.src, end) {
                        self.restart(after);
                    }
                }
                Ok(HtmlTok::Attr) if self.in_tag => {
                    // A quote left open runs to the end of the document, where HTML drops the
                    // unfinished tag ("eof-in-tag"): nothing more to report.
                    let Some((range, after)) = attr_value(self.src, end) else {
                        self.restart(self.src.len());
                        return None;
                    };
                    self.restart(after);
                    let raw = self.src.get(range.clone()).unwrap_or_default();
                    let value = core::str::from_utf8(raw)
                        .ok()
                        .map(|s| (range, decode_refs(s)));
                    return Some((self.in_base, value));
                }
                _ => {}
            }
        }
    }
}

impl core::iter::FusedIterator for Html<'_> {}

impl<'a> Iterator for Html<'a> {
    type Item = Found<'a>;

    fn next(&mut self) -> Option<Found<'a>> {
        loop {
            let (in_base, value) = self.next_value()?;
            let Some((mut range, value)) = value else {
                continue;
            };
            if in_base {
                if self.base_href.is_none() {
                    self.base_href = Some(value);
                }
                continue;
            }
            // HTML strips leading and trailing ASCII whitespace from URL attributes.
            let (text, kind) = match value {
                Cow::Borrowed(s) => {
                    let t = trim_space(s);
                    let lead = s.len()
                        - s.trim_start_matches(|c: char| c.is_ascii() && is_space(c as u8))
                            .len();
                    range = range.start + lead..range.start + lead + t.len();
                    match UriRef::parse(t) {
                        Ok(u) => (Text::Uri(u), kind_of(&u)),
                        Err(_) => match iri_as_uri(t) {
                            Some(found) => found,
                            None => continue,
                        },
                    }
                }
                Cow::Owned(s) => {
                    let t = trim_space(&s);
                    match UriRef::parse(t) {
                        Ok(u) => (Text::Owned(String::from(t)), kind_of(&u)),
                        Err(_) => match iri_as_uri(t) {
                            Some(found) => found,
                            None => continue,
                        },
                    }
                }
            };
            let iri = matches!(kind, Kind::Iri | Kind::IriReference);
            // Resolve against the base (RFC 3986 §5.2), if there is one.
            if self.resolve_base.is_none() {
                self.resolve_base = Some(self.base().map(Cow::into_owned));
            }
            let base = self.resolve_base.as_ref().and_then(|b| b.as_deref());
            let resolved = if iri { Kind::Iri } else { Kind::Uri };
            let (text, kind) = match base {
                Some(base) if resolve_into(base, &text, &mut self.buf) => {
                    if self.buf == text.as_str() {
                        (text, resolved)
                    } else {
                        (Text::Owned(self.buf.clone()), resolved)
                    }
                }
                _ => (text, kind),
            };
            // The quotes around a quoted value are its delimiters.
            let quoted = range.start > 0
                && matches!(self.src.get(range.start - 1), Some(b'"' | b'\''))
                && self.src.get(range.end) == self.src.get(range.start - 1);
            let delimited = if quoted {
                range.start - 1..range.end + 1
            } else {
                range.clone()
            };
            return Some(Found {
                delimited,
                range,
                kind,
                text,
            });
        }
    }
}

/// Writes `reference` resolved against `base` into `buf`; `false` if either does not parse
/// as needed (the base was checked to be absolute when it was chosen).
fn resolve_into(base: &str, reference: &Text<'_>, buf: &mut String) -> bool {
    let reference = match reference {
        Text::Uri(u) => Ok(*u),
        Text::Str(s) => UriRef::parse(s),
        Text::Owned(s) => UriRef::parse(s),
    };
    let (Ok(base), Ok(reference)) = (UriRef::parse(base), reference) else {
        return false;
    };
    let Ok(resolved) = reference.resolve(&base) else {
        return false;
    };
    buf.clear();
    resolved.write_to(buf).is_ok()
}

impl Text<'_> {
    fn as_str(&self) -> &str {
        match self {
            Text::Uri(u) => u.as_str(),
            Text::Str(s) => s,
            Text::Owned(s) => s,
        }
    }
}

fn trim_space(s: &str) -> &str {
    s.trim_matches(|c: char| c.is_ascii() && is_space(c as u8))
}

/// A value that is not a URI reference but an IRI reference (non-ASCII characters allowed by
/// RFC 3987), as its URI reference (§3.1) and its kind.
fn iri_as_uri(t: &str) -> Option<(Text<'static>, Kind)> {
    if t.is_ascii() {
        return None;
    }
    let iri = crate::IriRef::parse(t).ok()?;
    let kind = if iri.is_relative() {
        Kind::IriReference
    } else {
        Kind::Iri
    };
    Some((
        Text::Owned(alloc::string::ToString::to_string(&iri.to_uri())),
        kind,
    ))
}

fn kind_of(u: &UriRef<'_>) -> Kind {
    if u.is_relative() {
        Kind::Reference
    } else {
        Kind::Uri
    }
}

/// The value of an attribute whose `=` (and following whitespace) ends at `at`: its raw range
/// (inside the quotes, if any) and the offset just after it; `None` for an unclosed quote.
fn attr_value(src: &[u8], at: usize) -> Option<(Range<usize>, usize)> {
    let rest = src.get(at..).unwrap_or_default();
    match rest.first() {
        Some(&q) if q == b'"' || q == b'\'' => {
            let len = rest[1..].iter().position(|&c| c == q)?;
            Some((at + 1..at + 1 + len, at + 2 + len))
        }
        _ => {
            let len = rest
                .iter()
                .position(|&c| is_space(c) || c == b'>')
                .unwrap_or(rest.len());
            Some((at..at + len, at + len))
        }
    }
}

/// Decodes HTML character references in an attribute value: numeric (`&#38;`, `&#x26;`) and
/// the named ones that occur in URLs. Borrowed when there is nothing to decode.
///
/// Per HTML, in an attribute a named reference without `;` is left alone when followed by an
/// alphanumeric or `=` (so `?a=1&copy=2` keeps its `&copy`); here only `;`-terminated named
/// references and `&amp`, `&lt`, `&gt`, `&quot` not followed by such a character are decoded.
fn decode_refs(s: &str) -> Cow<'_, str> {
    if !s.contains('&') {
        return Cow::Borrowed(s);
    }
    const NAMED: &[(&str, char)] = &[
        ("amp", '&'),
        ("lt", '<'),
        ("gt", '>'),
        ("quot", '"'),
        ("apos", '\''),
        ("nbsp", '\u{a0}'),
        ("sol", '/'),
        ("colon", ':'),
        ("quest", '?'),
        ("num", '#'),
        ("equals", '='),
        ("percnt", '%'),
        ("commat", '@'),
        ("plus", '+'),
        ("comma", ','),
        ("period", '.'),
        ("lpar", '('),
        ("rpar", ')'),
        ("lsqb", '['),
        ("rsqb", ']'),
        ("excl", '!'),
        ("dollar", '$'),
        ("ast", '*'),
        ("semi", ';'),
        ("tilde", '~'),
        ("lowbar", '_'),
        ("hyphen", '-'),
    ];
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(i) = rest.find('&') {
        out.push_str(&rest[..i]);
        rest = &rest[i..];
        let after = &rest[1..];
        let mut done = false;
        if let Some(num) = after.strip_prefix('#') {
            let (hex, digits) = match num.strip_prefix(['x', 'X']) {
                Some(h) => (true, h),
                None => (false, num),
            };
            let n = digits
                .bytes()
                .take_while(|c| {
                    if hex {
                        c.is_ascii_hexdigit()
                    } else {
                        c.is_ascii_digit()
                    }
                })
                .count();
            if n > 0 {
                let value = digits[..n].bytes().fold(0u32, |v, c| {
                    let d = (c as char).to_digit(16).unwrap_or(0);
                    v.saturating_mul(if hex { 16 } else { 10 })
                        .saturating_add(d)
                });
                // HTML maps invalid code points (0, surrogates, > 0x10FFFF) to U+FFFD.
                out.push(
                    char::from_u32(value)
                        .filter(|&c| c != '\0')
                        .unwrap_or('\u{fffd}'),
                );
                let used = 1 + usize::from(hex) + n;
                let semi = usize::from(num.as_bytes().get(used - 1) == Some(&b';'));
                rest = &after[used + semi..];
                done = true;
            }
        } else {
            for &(name, ch) in NAMED {
                if let Some(tail) = after.strip_prefix(name) {
                    if let Some(t) = tail.strip_prefix(';') {
                        out.push(ch);
                        rest = t;
                        done = true;
                    } else if matches!(name, "amp" | "lt" | "gt" | "quot")
                        && !tail.starts_with(|c: char| c.is_ascii_alphanumeric() || c == '=')
                    {
                        out.push(ch);
                        rest = tail;
                        done = true;
                    }
                    if done {
                        break;
                    }
                }
            }
        }
        if !done {
            out.push('&');
            rest = after;
        }
    }
    out.push_str(rest);
    Cow::Owned(out)
}
