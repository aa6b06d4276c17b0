//! `UriRef`: a parsed URI reference that borrows its input.

use core::fmt;
use core::hash::{Hash, Hasher};
use core::ops::Range;

use crate::driver::parse::{self, FromLayout, Layout, Rule};
use crate::{Component, ParseError};

/// A URI reference (RFC 3986 §4.1), parsed and validated, borrowing its input.
///
/// It is `Copy` and 40 bytes: the input plus six `u32` boundaries. Accessors return the raw
/// text of a component: `None` when the component's delimiter is absent, `Some("")` when the
/// delimiter is present and the component empty.
///
/// ```
/// use urilex::UriRef;
/// let uri = UriRef::parse("https://user@example.com:8042/over/there?name=ferret#nose")?;
/// assert_eq!(uri.scheme(), Some("https"));
/// assert_eq!(uri.authority(), Some("user@example.com:8042"));
/// assert_eq!(uri.userinfo(), Some("user"));
/// assert_eq!(uri.host(), Some("example.com"));
/// assert_eq!(uri.port(), Some("8042"));
/// assert_eq!(uri.path(), "/over/there");
/// assert_eq!(uri.query(), Some("name=ferret"));
/// assert_eq!(uri.fragment(), Some("nose"));
///
/// let rel = UriRef::parse("../a?")?;
/// assert!(rel.is_relative());
/// assert_eq!(rel.query(), Some(""));
/// assert_eq!(rel.fragment(), None);
/// # Ok::<(), urilex::ParseError>(())
/// ```
#[derive(Clone, Copy)]
pub struct UriRef<'a> {
    input: &'a str,
    layout: Layout,
}

impl<'a> UriRef<'a> {
    /// Parses a URI reference (`URI-reference`, RFC 3986 §4.1): an absolute URI or a relative
    /// reference, with or without a fragment.
    ///
    /// ```
    /// use urilex::UriRef;
    /// assert!(UriRef::parse("//example.com/a b").is_err());
    /// assert_eq!(UriRef::parse("a/b?c")?.path(), "a/b");
    /// # Ok::<(), urilex::ParseError>(())
    /// ```
    #[inline]
    pub fn parse(input: &'a str) -> Result<Self, ParseError> {
        parse::parse(input, Rule::UriReference)
    }

    /// Checks that `input` is a URI reference, as [`UriRef::parse`] does, without building
    /// the reference: the answer of `UriRef::parse(input).map(|_| ())`, with the same error
    /// (kind, byte index and message) for bad input, for a filter that keeps or drops text
    /// (`urilex check`). The parser then keeps no boundaries it does not need to decide.
    ///
    /// ```
    /// use urilex::{ErrorKind, UriRef};
    /// assert!(UriRef::validate("https://example.com/a?b#c").is_ok());
    /// let e = UriRef::validate("//example.com/a b").unwrap_err();
    /// assert_eq!((e.kind(), e.index()), (ErrorKind::InvalidChar, 15));
    /// ```
    #[inline]
    pub fn validate(input: &str) -> Result<(), ParseError> {
        parse::parse(input, Rule::UriReference)
    }

    /// [`UriRef::parse`] of each of `inputs` in turn, handed to `f` with its result: for
    /// callers with many references at hand (a file of links, a column of a table). The
    /// results are those of `UriRef::parse`, handed over in order; where the CPU has AVX2,
    /// the loop is compiled for it with the parser inlined, so that an input costs no call
    /// (103 instructions a URL against 112 for a loop of `UriRef::parse` on ada_kasztp in
    /// the benchmarks, 2026-11-29). Keep `f` small: it is compiled into the loop.
    ///
    /// The inputs are parsed two at a time, and both results then handed over: the
    /// iterator is read one input ahead of `f` (never more), which matters only to an
    /// iterator that would wait for what `f` does. That way an `f` that moves the `Ok` value
    /// out (to keep it in a `Vec`) does not wait for the parser's stores to reach the cache
    /// (a wide load cannot be served from narrow stores still in flight): on an AMD Zen 4,
    /// with such an `f`, the Apache request targets took 5.5 ns a line, 8.4 one at a time,
    /// and 5.6 by a loop of `UriRef::parse` that keeps each result where it stands
    /// (`benches/floor_ratio.rs`, bench-results/floor.md).
    ///
    /// ```
    /// use urilex::UriRef;
    /// let links = ["https://a.example/x", "//b.example/y", "/c", "d e"];
    /// let (mut hosts, mut bad) = (Vec::new(), Vec::new());
    /// UriRef::parse_each(links, |link, parsed| match parsed {
    ///     Ok(uri) => hosts.extend(uri.host()),
    ///     Err(e) => bad.push((link, e.index())),
    /// });
    /// assert_eq!(hosts, ["a.example", "b.example"]);
    /// assert_eq!(bad, [("d e", 1)]);
    /// ```
    #[inline]
    pub fn parse_each(
        inputs: impl IntoIterator<Item = &'a str>,
        f: impl FnMut(&'a str, Result<UriRef<'a>, ParseError>),
    ) {
        parse::each(inputs, Rule::UriReference, f)
    }

    /// [`UriRef::parse_each`] of inputs that are slices of `buffer` (the lines of a file
    /// read whole, the values of an Arrow string column): the same results, handed to `f`
    /// in turn, sooner where the CPU has AVX2. There the parser classifies each input's first
    /// 64 bytes at once; `parse_each` may read no further than an input, so it takes one of
    /// four paths by the input's length, and inputs of mixed lengths mispredict which. Here
    /// the 64 bytes are read from `buffer`, past the input's end (those bytes are never
    /// used), on one path for every length. In the benchmarks (2026-11-27, dfe310d): 10% less
    /// time than `parse_each` on the Apache request targets (11.6 ns a line against 12.9),
    /// 4% on ada_kasztp, 1-3% on ada_node_files and the referers, 5% more on the WPT inputs
    /// (18 bytes long on average: 64 classified for each); `urilex check`, which validates
    /// each chunk's lines within it, runs 10% faster (2.39 GB/s against 2.15). As with
    /// `parse_each`, `f` is compiled into the loop (keep it small), and the iterator is read
    /// one input ahead of it. `urilex normalize` with its normalization in `f` ran 14% slower
    /// than a loop of `UriRef::parse` (0.90 s against 0.79 on 1 GB, when inputs were handed
    /// over one at a time), and does not use it.
    ///
    /// An input that is not a slice of `buffer`, or starts within 64 bytes of its end, is
    /// parsed as by `parse_each`: `buffer` changes how fast, never what.
    ///
    /// ```
    /// use urilex::UriRef;
    /// let text = "https://a.example/x\n//b.example/y?q\n/c\nd e\n";
    /// let (mut hosts, mut bad) = (Vec::new(), Vec::new());
    /// UriRef::parse_each_within(text.as_bytes(), text.lines(), |line, parsed| match parsed {
    ///     Ok(uri) => hosts.extend(uri.host()),
    ///     Err(e) => bad.push((line, e.index())),
    /// });
    /// assert_eq!(hosts, ["a.example", "b.example"]);
    /// assert_eq!(bad, [("d e", 1)]);
    /// ```
    #[inline]
    pub fn parse_each_within(
        buffer: &[u8],
        inputs: impl IntoIterator<Item = &'a str>,
        f: impl FnMut(&'a str, Result<UriRef<'a>, ParseError>),
    ) {
        parse::each_within(buffer, inputs, Rule::UriReference, f)
    }

    /// [`UriRef::validate`] of each of `inputs` in turn, handed to `f` with its verdict: the
    /// loop of [`UriRef::parse_each`], for a filter (`urilex check`). A verdict comes back in
    /// registers and is handed over as soon as it is made: the iterator is not read ahead.
    ///
    /// ```
    /// use urilex::UriRef;
    /// let text = "https://a.example/x\nnot a URI\n/c?d";
    /// let mut bad = Vec::new();
    /// UriRef::validate_each(text.lines(), |line, verdict| {
    ///     if let Err(e) = verdict {
    ///         bad.push(format!("{line:?}: {e}"));
    ///     }
    /// });
    /// assert_eq!(bad, [r#""not a URI": invalid character ' ' at byte 3 in path"#]);
    /// ```
    #[inline]
    pub fn validate_each<'i>(
        inputs: impl IntoIterator<Item = &'i str>,
        f: impl FnMut(&'i str, Result<(), ParseError>),
    ) {
        parse::each(inputs, Rule::UriReference, f)
    }

    /// [`UriRef::validate_each`] of inputs that are slices of `buffer`: the loop of
    /// [`UriRef::parse_each_within`], for a filter (`urilex check` on each chunk it reads).
    ///
    /// ```
    /// use urilex::UriRef;
    /// let text = "https://a.example/x\nnot a URI\n/c?d";
    /// let mut bad = Vec::new();
    /// UriRef::validate_each_within(text.as_bytes(), text.lines(), |line, verdict| {
    ///     if let Err(e) = verdict {
    ///         bad.push(format!("{line:?}: {e}"));
    ///     }
    /// });
    /// assert_eq!(bad, [r#""not a URI": invalid character ' ' at byte 3 in path"#]);
    /// ```
    #[inline]
    pub fn validate_each_within<'i>(
        buffer: &[u8],
        inputs: impl IntoIterator<Item = &'i str>,
        f: impl FnMut(&'i str, Result<(), ParseError>),
    ) {
        parse::each_within(buffer, inputs, Rule::UriReference, f)
    }

    /// Parses a `URI` (RFC 3986 §3): a scheme is required, a fragment allowed.
    ///
    /// ```
    /// use urilex::{UriRef, ErrorKind};
    /// assert_eq!(UriRef::parse_uri("/a").unwrap_err().kind(), ErrorKind::MissingScheme);
    /// assert!(UriRef::parse_uri("urn:isbn:0451450523#p1").is_ok());
    /// ```
    #[inline]
    pub fn parse_uri(input: &'a str) -> Result<Self, ParseError> {
        parse::parse(input, Rule::Uri)
    }

    /// Parses an `absolute-URI` (RFC 3986 §4.3): a scheme is required and a fragment is not
    /// allowed. This is what a base URI for resolution must be.
    ///
    /// ```
    /// use urilex::{UriRef, ErrorKind};
    /// let err = UriRef::parse_absolute("http://a/b#c").unwrap_err();
    /// assert_eq!((err.kind(), err.index()), (ErrorKind::FragmentNotAllowed, 10));
    /// ```
    #[inline]
    pub fn parse_absolute(input: &'a str) -> Result<Self, ParseError> {
        parse::parse(input, Rule::AbsoluteUri)
    }

    /// Parses a `relative-ref` (RFC 3986 §4.2): no scheme.
    ///
    /// ```
    /// use urilex::{UriRef, ErrorKind};
    /// assert!(UriRef::parse_relative("//host/path?q").is_ok());
    /// assert_eq!(UriRef::parse_relative("a:b").unwrap_err().kind(), ErrorKind::ColonInFirstSegment);
    /// ```
    #[inline]
    pub fn parse_relative(input: &'a str) -> Result<Self, ParseError> {
        parse::parse(input, Rule::RelativeRef)
    }

    /// The text from `start` to `end`. The parser's boundaries always slice; the empty
    /// fallback (never taken) keeps this from panicking, so that the compiler may drop a
    /// component read whose value goes unused.
    #[inline]
    fn slice(&self, start: u32, end: u32) -> &'a str {
        self.input
            .get(start as usize..end as usize)
            .unwrap_or_default()
    }

    /// Offset of the authority (just after `//`); meaningful only when there is one.
    #[inline]
    fn authority_start(&self) -> u32 {
        match self.layout.scheme_end {
            0 => 2,
            s => s + 3,
        }
    }

    /// The component boundaries found by the parser.
    #[inline]
    pub(crate) fn layout(&self) -> Layout {
        self.layout
    }

    /// The whole input.
    #[inline]
    pub fn as_str(&self) -> &'a str {
        self.input
    }

    /// `scheme` (§3.1), without `:`.
    #[inline]
    pub fn scheme(&self) -> Option<&'a str> {
        match self.layout.scheme_end {
            0 => None,
            end => Some(self.slice(0, end)),
        }
    }

    /// `authority` (§3.2), without `//`; `Some("")` for `file:///x`.
    #[inline]
    pub fn authority(&self) -> Option<&'a str> {
        self.has_authority()
            .then(|| self.slice(self.authority_start(), self.layout.path_start))
    }

    /// Whether the reference has an authority (`//` after the scheme, if any).
    #[inline]
    pub fn has_authority(&self) -> bool {
        self.layout.host_start != 0
    }

    /// `userinfo` (§3.2.1), without `@`.
    #[inline]
    pub fn userinfo(&self) -> Option<&'a str> {
        let start = self.authority_start();
        let host = self.layout.host_start;
        (self.has_authority() && host > start).then(|| self.slice(start, host - 1))
    }

    /// `host` (§3.2.2), as written; IP-literals keep their brackets.
    #[inline]
    pub fn host(&self) -> Option<&'a str> {
        self.has_authority()
            .then(|| self.slice(self.layout.host_start, self.layout.host_end))
    }

    /// `port` (§3.2.3), without `:`; `Some("")` for `http://a:/`.
    #[inline]
    pub fn port(&self) -> Option<&'a str> {
        self.has_port()
            .then(|| self.slice(self.layout.host_end + 1, self.layout.path_start))
    }

    /// Whether a `:` port delimiter is present (the port may still be empty).
    #[inline]
    pub fn has_port(&self) -> bool {
        self.has_authority() && self.layout.host_end < self.layout.path_start
    }

    crate::grammars::accessors::port_accessors!('a, "let x = urilex::UriRef::parse;");

    /// `path` (§3.3): never absent, possibly empty.
    #[inline]
    pub fn path(&self) -> &'a str {
        self.slice(self.layout.path_start, self.layout.path_end)
    }

    /// `query` (§3.4), without `?`.
    #[inline]
    pub fn query(&self) -> Option<&'a str> {
        (self.layout.query_end > self.layout.path_end)
            .then(|| self.slice(self.layout.path_end + 1, self.layout.query_end))
    }

    /// `fragment` (§3.5), without `#`.
    #[inline]
    pub fn fragment(&self) -> Option<&'a str> {
        let end = self.input.len() as u32;
        (self.layout.query_end < end).then(|| self.slice(self.layout.query_end + 1, end))
    }

    /// Whether this is a relative reference (§4.2): it has no scheme.
    #[inline]
    pub fn is_relative(&self) -> bool {
        self.layout.scheme_end == 0
    }

    /// The path's segments (§3.3), split at `/`. A leading `/` does not start an empty segment
    /// (`/a/b` gives `a`, `b`), a trailing one ends with an empty segment (`a/` gives `a`, ``),
    /// and the empty path has no segments.
    ///
    /// ```
    /// use urilex::UriRef;
    /// let uri = UriRef::parse("http://h/a/b%20c/")?;
    /// assert_eq!(uri.segments().collect::<Vec<_>>(), ["a", "b%20c", ""]);
    /// # Ok::<(), urilex::ParseError>(())
    /// ```
    pub fn segments(&self) -> Segments<'a> {
        let path = self.path();
        let rest = path.strip_prefix('/').unwrap_or(path);
        Segments {
            lead: false,
            rest: if path.is_empty() { None } else { Some(rest) },
        }
    }

    /// The path as a list of segments in the convention of rhymu8354/Uri (`GetPath`): an
    /// absolute path starts with an empty segment, `/` alone is one empty segment, and the
    /// empty path has none. Unlike [`segments`](Self::segments), `/a/b` and `a/b` differ.
    ///
    /// ```
    /// use urilex::UriRef;
    /// let segs = |s| UriRef::parse(s).map(|u| u.path_segments().collect::<Vec<_>>());
    /// assert_eq!(segs("http://h/a/b")?, ["", "a", "b"]);
    /// assert_eq!(segs("a/b")?, ["a", "b"]);
    /// assert_eq!(segs("/")?, [""]);
    /// assert_eq!(segs("foo/")?, ["foo", ""]);
    /// assert!(segs("http://h")?.is_empty());
    /// # Ok::<(), urilex::ParseError>(())
    /// ```
    pub fn path_segments(&self) -> Segments<'a> {
        let path = self.path();
        match path.strip_prefix('/') {
            // The segments after the empty one an absolute path starts with; "/" alone is
            // that one empty segment.
            Some(rest) if !rest.is_empty() => Segments {
                lead: true,
                rest: Some(rest),
            },
            _ => Segments {
                lead: false,
                rest: (!path.is_empty()).then_some(path.strip_prefix('/').unwrap_or(path)),
            },
        }
    }

    /// Whether the path is relative (rhymu8354/Uri's `ContainsRelativePath`): it does not
    /// start with `/`. With an authority the path is always absolute or empty (§3.3), and
    /// counts as absolute; without one, the empty path counts as relative.
    ///
    /// ```
    /// use urilex::UriRef;
    /// for (s, relative) in [("http://h/", false), ("http://h", false), ("/", false), ("foo", true), ("", true)] {
    ///     assert_eq!(UriRef::parse(s)?.contains_relative_path(), relative, "{s}");
    /// }
    /// # Ok::<(), urilex::ParseError>(())
    /// ```
    pub fn contains_relative_path(&self) -> bool {
        !self.has_authority() && !self.path().starts_with('/')
    }

    /// The byte range of a component within [`as_str`](Self::as_str), or `None` when it is
    /// absent (the path is always present). Ranges exclude delimiters.
    ///
    /// ```
    /// use urilex::{Component, UriRef};
    /// let uri = UriRef::parse("http://h:1/p?q#f")?;
    /// assert_eq!(uri.span(Component::Port), Some(9..10));
    /// assert_eq!(uri.span(Component::Fragment), Some(15..16));
    /// # Ok::<(), urilex::ParseError>(())
    /// ```
    pub fn span(&self, component: Component) -> Option<Range<usize>> {
        let l = &self.layout;
        let r = |a: u32, b: u32| a as usize..b as usize;
        let len = self.input.len() as u32;
        match component {
            Component::Scheme => self.scheme().map(|_| r(0, l.scheme_end)),
            Component::Authority => self
                .authority()
                .map(|_| r(self.authority_start(), l.path_start)),
            Component::Userinfo => self
                .userinfo()
                .map(|_| r(self.authority_start(), l.host_start - 1)),
            Component::Host => self.host().map(|_| r(l.host_start, l.host_end)),
            Component::Port => self.port().map(|_| r(l.host_end + 1, l.path_start)),
            Component::Path => Some(r(l.path_start, l.path_end)),
            Component::Query => self.query().map(|_| r(l.path_end + 1, l.query_end)),
            Component::Fragment => self.fragment().map(|_| r(l.query_end + 1, len)),
        }
    }

    /// The component's text, like the accessor of that name.
    pub fn get(&self, component: Component) -> Option<&'a str> {
        self.span(component).map(|r| &self.input[r])
    }
}

/// Iterator over the segments of a path: [`UriRef::segments`], and
/// [`UriRef::path_segments`] (rhymu8354/Uri's convention, an empty segment first for an
/// absolute path).
#[derive(Clone, Debug)]
pub struct Segments<'a> {
    /// An empty segment comes first (`path_segments` of an absolute path).
    lead: bool,
    rest: Option<&'a str>,
}

impl<'a> Iterator for Segments<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        if self.lead {
            self.lead = false;
            return Some("");
        }
        let rest = self.rest?;
        match rest.find('/') {
            Some(i) => {
                self.rest = Some(&rest[i + 1..]);
                Some(&rest[..i])
            }
            None => {
                self.rest = None;
                Some(rest)
            }
        }
    }
}

impl DoubleEndedIterator for Segments<'_> {
    fn next_back(&mut self) -> Option<Self::Item> {
        let Some(rest) = self.rest else {
            return core::mem::take(&mut self.lead).then_some("");
        };
        match rest.rfind('/') {
            Some(i) => {
                self.rest = Some(&rest[..i]);
                Some(&rest[i + 1..])
            }
            None => {
                self.rest = None;
                Some(rest)
            }
        }
    }
}

impl core::iter::FusedIterator for Segments<'_> {}

impl fmt::Display for UriRef<'_> {
    /// Writes the input unchanged.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.input)
    }
}

impl fmt::Debug for UriRef<'_> {
    /// The components, with a password in the userinfo redacted (RFC 3986 §3.2.1); `as_str()`
    /// and `Display` give the exact text.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.debug_as("UriRef", f)
    }
}

impl UriRef<'_> {
    /// `Debug` of the components under the name of a type that holds this reference.
    pub(crate) fn debug_as(&self, name: &str, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct(name)
            .field("scheme", &self.scheme())
            .field(
                "userinfo",
                &self
                    .userinfo()
                    .map(crate::grammars::redact::RedactedUserinfo),
            )
            .field("host", &self.host())
            .field("port", &self.port())
            .field("path", &self.path())
            .field("query", &self.query())
            .field("fragment", &self.fragment())
            .finish()
    }
}

/// Two references are equal when their text is equal (byte for byte). For equivalence after
/// normalization (RFC 3986 §6.2.2), see `normalized_eq`.
impl PartialEq for UriRef<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.input == other.input
    }
}

impl Eq for UriRef<'_> {}

impl Hash for UriRef<'_> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.input.hash(state);
    }
}

/// Ordered by text, byte for byte (consistent with `Eq`).
impl PartialOrd for UriRef<'_> {
    fn partial_cmp(&self, other: &Self) -> Option<core::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for UriRef<'_> {
    fn cmp(&self, other: &Self) -> core::cmp::Ordering {
        self.input.cmp(other.input)
    }
}

impl AsRef<str> for UriRef<'_> {
    fn as_ref(&self) -> &str {
        self.input
    }
}

impl<'a> FromLayout<'a> for UriRef<'a> {
    #[inline(always)]
    fn from_layout(input: &'a str, layout: Layout) -> Self {
        UriRef { input, layout }
    }
}

/// [`UriRef::validate`]: an answer without the reference.
impl FromLayout<'_> for () {
    #[inline(always)]
    fn from_layout(_: &str, _: Layout) -> Self {}
}

impl<'a> TryFrom<&'a str> for UriRef<'a> {
    type Error = ParseError;

    fn try_from(s: &'a str) -> Result<Self, ParseError> {
        UriRef::parse(s)
    }
}
