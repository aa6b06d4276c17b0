//! The RFC 2396 front end: [`parse`] and [`Reference`] (the public module `urilex::rfc2396`
//! is assembled in lib.rs, with the operations of `ops/rfc2396.rs`).

use core::fmt;

use crate::driver::parse::{run_grammar, run_grammar_from, FromLayout, Layout, Rule, MAX_LEN};
use crate::kernels::scan;
use crate::tables::rfc2396::{self as table, START_SERVER, START_URI_REFERENCE};
use crate::{ParseError, UriRef};

/// Parses `input` as an RFC 2396 `URI-reference` (Appendix A, with RFC 2732's IPv6
/// references), in one pass, without allocating.
///
/// Two readings go beyond the letter of Appendix A, as RFC 2396's own examples and
/// `java.net.URI` do: a relative reference may be a query alone (`?y`, Appendix C.1), and the
/// empty string is a reference to the current document (§4.2).
///
/// ```
/// let uri = urilex::rfc2396::parse("ftp://user@ftp.is.co.za:21/rfc/rfc1808.txt;type=a")?;
/// assert_eq!(uri.userinfo(), Some("user"));
/// assert_eq!(uri.host(), Some("ftp.is.co.za"));
/// assert_eq!(uri.port(), Some("21"));
/// let last = uri.segments().last().unwrap();
/// assert_eq!((last.name(), last.params().collect::<Vec<_>>()), ("rfc1808.txt", vec!["type=a"]));
/// # Ok::<(), urilex::ParseError>(())
/// ```
pub fn parse(input: &str) -> Result<Reference<'_>, ParseError> {
    let Parsed { input, layout } = parse_layout(input)?;
    Ok(Reference { input, layout })
}

/// The DFA's layout of `input`. The commonest shape, "scheme://authority/path?query#fragment"
/// without a '@', '%' or anything unusual, is taken by runs alone, as the DFA takes it (the
/// tests below pin it to the DFA alone): the scheme and "://" found by the block classifier of
/// RFC 3986's parser (RFC 2396's scheme is the same rule), then the runs of the states AUTH,
/// PATH, QUERY and FRAGMENT with the actions of the marks `path`, `query` and `fragment`.
/// Anything else goes on in the DFA from where the runs stopped.
#[inline]
fn parse_layout(input: &str) -> Result<Parsed<'_>, ParseError> {
    let bytes = input.as_bytes();
    if input.len() > MAX_LEN {
        return Err(ParseError::too_long());
    }
    let len = input.len();
    let at = |i: usize| i as u32; // every index is at most `len`, which fits
    let Some((colon, _)) = scan::scheme_colon_slash_slash(bytes) else {
        // An abs_path (§3): START takes '/' to SLASH, which is PATH but for a second '/'
        // (tested below), so the path's run starts at once.
        if bytes.first() == Some(&b'/') && bytes.get(1) != Some(&b'/') {
            let layout = Layout {
                scheme_end: 0,
                host_start: 0,
                host_end: at(len),
                path_start: 0,
                path_end: at(len),
                query_end: at(len),
            };
            let pos = skip(bytes, 1, PATH_LOOP);
            return after_path(input, layout, table::STATE_PATH, pos);
        }
        return run_grammar::<table::Dfa, _>(input, START_URI_REFERENCE, Rule::UriReference);
    };
    // The marks `scheme` and `authority`, then AUTH_START, which is AUTH but for '['.
    let host = colon + 3;
    let mut layout = Layout {
        scheme_end: at(colon),
        host_start: at(host),
        host_end: at(len),
        path_start: at(colon + 1),
        path_end: at(len),
        query_end: at(len),
    };
    if bytes.get(host) == Some(&b'[') {
        return run_grammar_from::<table::Dfa, _>(
            input,
            layout,
            table::STATE_AUTH_START,
            host,
            false,
        );
    }
    let host_end = skip(bytes, host, AUTH_LOOP);
    let (state, pos) = match bytes.get(host_end) {
        // The mark `path` closes the authority and hands over to PATH.
        Some(b'/') => {
            (layout.host_end, layout.path_start) = (at(host_end), at(host_end));
            (table::STATE_PATH, skip(bytes, host_end + 1, PATH_LOOP))
        }
        // The end of the authority: PATH goes where AUTH goes on these (tested below).
        None | Some(b'?' | b'#') => {
            (layout.host_end, layout.path_start) = (at(host_end), at(host_end));
            (table::STATE_PATH, host_end)
        }
        _ => (table::STATE_AUTH, host_end),
    };
    after_path(input, layout, state, pos)
}

/// The end of [`parse_layout`]'s runs: from PATH (or AUTH, left to the DFA) at `pos`, the
/// marks `query` and `fragment` and the runs of QUERY and FRAGMENT, then the DFA from where
/// they stop.
#[inline(always)]
fn after_path(
    input: &str,
    mut layout: Layout,
    state: usize,
    pos: usize,
) -> Result<Parsed<'_>, ParseError> {
    let bytes = input.as_bytes();
    let len = input.len();
    let at = |i: usize| i as u32; // every index is at most `len`, which fits
    let (state, pos) = match (state, bytes.get(pos)) {
        (table::STATE_PATH, Some(b'?')) => {
            layout.path_end = at(pos); // the mark `query`
            (table::STATE_QUERY, skip(bytes, pos + 1, QUERY_LOOP))
        }
        (state, _) => (state, pos),
    };
    let (state, pos) = match (state, bytes.get(pos)) {
        (table::STATE_PATH | table::STATE_QUERY, Some(b'#')) => {
            // The mark `fragment`: the path ends here unless a query did.
            if layout.path_end == at(len) {
                layout.path_end = at(pos);
            }
            layout.query_end = at(pos);
            (table::STATE_FRAGMENT, skip(bytes, pos + 1, FRAGMENT_LOOP))
        }
        (state, _) => (state, pos),
    };
    if pos == len && state != table::STATE_AUTH {
        // PATH, QUERY and FRAGMENT accept at the end.
        return Ok(Parsed { input, layout });
    }
    run_grammar_from::<table::Dfa, _>(input, layout, state, pos, false)
}

// The run skip of RFC 2396's tables, and the loop bits of the states the shortcut runs in.
use crate::kernels::scan::rfc2396_runs::skip;
const fn loop_bit(state: usize) -> u8 {
    table::LOOP_BIT[(state - table::FIRST_ACCEL) >> table::STRIDE_SHIFT]
}
const AUTH_LOOP: u8 = loop_bit(table::STATE_AUTH);
const PATH_LOOP: u8 = loop_bit(table::STATE_PATH);
const QUERY_LOOP: u8 = loop_bit(table::STATE_QUERY);
const FRAGMENT_LOOP: u8 = loop_bit(table::STATE_FRAGMENT);

/// The driver's output, before the authority is split.
struct Parsed<'a> {
    input: &'a str,
    layout: Layout,
}

impl<'a> FromLayout<'a> for Parsed<'a> {
    #[inline(always)]
    fn from_layout(input: &'a str, layout: Layout) -> Self {
        Parsed { input, layout }
    }
}

/// An RFC 2396 URI reference, borrowed from the input: see [`parse`].
///
/// Components are `None` when their delimiter is absent and `Some("")` when it is there with
/// nothing after it, as for [`UriRef`]. An authority that matches `server` (§3.2.2) is split
/// into [`userinfo`](Self::userinfo), [`host`](Self::host) and [`port`](Self::port); one that
/// matches only `reg_name` (§3.2.1: `http://a:b@c:d/`, `foo://a_b/`) has an
/// [`authority`](Self::authority) and no host.
///
/// Parsing validates the whole reference: every authority the grammar takes is a server or a
/// reg_name. Which one, and where a server's parts are, is worked out when an accessor asks
/// (the `server` rule over the authority, as [`UriRef::host_kind`] classifies a host when
/// asked); [`server`](Self::server) gives the three parts for the cost of one.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Reference<'a> {
    input: &'a str,
    /// The DFA's: the authority ends at `path_start`, and `host_start` is after its first
    /// '@' (or the authority's start); `host_end` is the authority's end.
    layout: Layout,
}

/// The parts of a server authority (RFC 2396 §3.2.2): see [`Reference::server`]. `Debug`
/// hides a password in the userinfo.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Server<'a> {
    /// Without its `@`.
    pub userinfo: Option<&'a str>,
    /// A hostname, an IPv4address, or an IPv6reference with its brackets; empty for an empty
    /// authority.
    pub host: &'a str,
    /// Without its `:`.
    pub port: Option<&'a str>,
}

impl core::fmt::Debug for Server<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Server")
            .field(
                "userinfo",
                &self.userinfo.map(crate::grammars::redact::RedactedUserinfo),
            )
            .field("host", &self.host)
            .field("port", &self.port)
            .finish()
    }
}

impl<'a> Reference<'a> {
    /// The layout split as for [`UriRef`] (a reg_name's host span is the whole authority: no
    /// userinfo, no port, so that the layout makes a `UriRef` that writes it back unchanged),
    /// and whether the authority is a reg_name: the `server` rule over the authority.
    fn split(&self) -> (Layout, bool) {
        let mut layout = self.layout;
        if layout.host_start == 0 {
            return (layout, false);
        }
        let start = authority_start(&layout);
        let end = layout.path_start as usize;
        let authority = self.input.get(start..end).unwrap_or_default();
        // §3.2.2 server = [ [ userinfo "@" ] hostport ]: userinfo has no '@', so only the
        // first '@' can end it; its bytes are reg_name's but '@', which the DFA checked. The
        // DFA's mark `userinfo` moved the host's start after that '@', if there is one.
        let host_start = layout.host_start as usize - start;
        let hostport = authority.get(host_start..).unwrap_or_default();
        let server = if authority.is_empty() {
            Some(Layout::default()) // the server is optional: an empty authority is one
        } else {
            run_grammar::<table::Dfa, Parsed<'_>>(hostport, START_SERVER, Rule::UriReference)
                .ok()
                .map(|p| p.layout)
        };
        // Offsets fit u32: they are within the input, whose length the driver checked.
        let at = |i: usize| (start + i) as u32;
        match server {
            Some(hp) => {
                layout.host_start = at(host_start);
                layout.host_end = at(host_start + hp.host_end.min(hostport.len() as u32) as usize);
            }
            None => {
                layout.host_start = at(0);
                layout.host_end = at(authority.len());
            }
        }
        (layout, server.is_none())
    }

    /// The userinfo, host and port of a server authority (§3.2.2); `None` without an
    /// authority or for a reg_name. One run of the `server` rule for the three.
    ///
    /// ```
    /// let uri = urilex::rfc2396::parse("ftp://u@h:21/")?;
    /// let server = uri.server().unwrap();
    /// assert_eq!((server.userinfo, server.host, server.port), (Some("u"), "h", Some("21")));
    /// assert!(urilex::rfc2396::parse("http://a:b@c:d/")?.server().is_none());
    /// # Ok::<(), urilex::ParseError>(())
    /// ```
    pub fn server(&self) -> Option<Server<'a>> {
        let (l, reg_name) = self.split();
        if l.host_start == 0 || reg_name {
            return None;
        }
        let start = authority_start(&l) as u32;
        let has_userinfo = l.host_start > start
            && self.input.as_bytes().get(l.host_start as usize - 1) == Some(&b'@');
        Some(Server {
            userinfo: has_userinfo.then(|| self.slice(start, l.host_start - 1)),
            host: self.slice(l.host_start, l.host_end),
            port: (l.host_end < l.path_start).then(|| self.slice(l.host_end + 1, l.path_start)),
        })
    }

    /// The text of the reference, as parsed.
    pub fn as_str(&self) -> &'a str {
        self.input
    }

    fn slice(&self, from: u32, to: u32) -> &'a str {
        self.input
            .get(from as usize..to as usize)
            .unwrap_or_default()
    }

    /// The scheme (§3.1), without its `:`.
    pub fn scheme(&self) -> Option<&'a str> {
        let l = &self.layout;
        (l.scheme_end > 0).then(|| self.slice(0, l.scheme_end))
    }

    /// The authority (§3.2), server or reg_name, without its `//`.
    pub fn authority(&self) -> Option<&'a str> {
        let l = &self.layout;
        (l.host_start > 0).then(|| self.slice(authority_start(l) as u32, l.path_start))
    }

    /// Whether the authority is a `reg_name` (§3.2.1) rather than a `server`: then
    /// [`host`](Self::host), [`userinfo`](Self::userinfo) and [`port`](Self::port) are `None`.
    pub fn is_reg_name(&self) -> bool {
        self.split().1
    }

    /// The userinfo of a server authority (§3.2.2), without its `@`.
    pub fn userinfo(&self) -> Option<&'a str> {
        self.server()?.userinfo
    }

    /// The host of a server authority (§3.2.2: hostname, IPv4address, or an IPv6reference
    /// with its brackets); `None` for a reg_name, and for an empty authority (`file:///x`:
    /// §3.2.2's `server` is optional, and an empty one has no host, as `java.net.URI`'s
    /// `getHost()` says). [`server`](Self::server) still tells the empty server apart.
    ///
    /// ```
    /// let x = urilex::rfc2396::parse;
    /// assert_eq!(x("file:///c:/temp/x?")?.host(), None);
    /// assert_eq!(x("file:///c:/temp/x?")?.authority(), Some(""));
    /// assert_eq!(x("file://h/x")?.host(), Some("h"));
    /// # Ok::<(), urilex::ParseError>(())
    /// ```
    pub fn host(&self) -> Option<&'a str> {
        Some(self.server()?.host).filter(|h| !h.is_empty())
    }

    /// The port of a server authority (§3.2.2 port = *digit), without its `:`.
    pub fn port(&self) -> Option<&'a str> {
        self.server()?.port
    }

    crate::grammars::accessors::port_accessors!('a, "let x = urilex::rfc2396::parse;");

    /// The path: an abs_path, a rel_path, empty, or, in an opaque URI, the whole opaque part
    /// (`?` included).
    pub fn path(&self) -> &'a str {
        let l = &self.layout;
        self.slice(l.path_start, l.path_end)
    }

    /// The query (§3.4), without its `?`. An opaque URI has none.
    pub fn query(&self) -> Option<&'a str> {
        let l = &self.layout;
        (l.query_end > l.path_end).then(|| self.slice(l.path_end + 1, l.query_end))
    }

    /// The fragment (§4.1), without its `#`.
    pub fn fragment(&self) -> Option<&'a str> {
        let l = &self.layout;
        let len = self.input.len() as u32;
        (l.query_end < len).then(|| self.slice(l.query_end + 1, len))
    }

    /// Whether this is an opaque URI (§3: `scheme ":" opaque_part`, e.g. `mailto:a@b` or
    /// `news:comp.lang`): a scheme followed by anything but `/`.
    pub fn is_opaque(&self) -> bool {
        self.scheme().is_some() && self.authority().is_none() && !self.path().starts_with('/')
    }

    /// Whether this is a relative reference (§5: no scheme).
    pub fn is_relative(&self) -> bool {
        self.scheme().is_none()
    }

    /// The segments of a hierarchical path (§3.3: `segment *( "/" segment )`), each with its
    /// `;param`s; none for an opaque URI or an empty path.
    ///
    /// ```
    /// let uri = urilex::rfc2396::parse("http://a/b;v=1;x/c")?;
    /// let segments: Vec<_> = uri.segments().map(|s| (s.name(), s.params().count())).collect();
    /// assert_eq!(segments, [("b", 2), ("c", 0)]);
    /// assert_eq!(urilex::rfc2396::parse("mailto:a/b")?.segments().count(), 0);
    /// # Ok::<(), urilex::ParseError>(())
    /// ```
    pub fn segments(&self) -> Segments<'a> {
        let path = self.path();
        let rest = if self.is_opaque() || path.is_empty() {
            None
        } else {
            Some(path.strip_prefix('/').unwrap_or(path))
        };
        Segments { rest }
    }

    /// The same text as an RFC 3986 reference, when it is one (most are; an opaque URI's `?`
    /// starts a query there, and a reg_name may not be an RFC 3986 authority).
    pub fn to_rfc3986(&self) -> Result<UriRef<'a>, ParseError> {
        UriRef::parse(self.input)
    }

    /// The layout as a [`UriRef`], for resolution: a reg_name is its host (see `layout`).
    pub(crate) fn as_layout_ref(&self) -> UriRef<'a> {
        UriRef::from_layout(self.input, self.split().0)
    }
}

/// The first byte of the authority: after `scheme://` or `//`.
fn authority_start(l: &Layout) -> usize {
    let after_scheme = if l.scheme_end > 0 {
        l.scheme_end as usize + 1
    } else {
        0
    };
    after_scheme + 2
}

impl fmt::Display for Reference<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.input)
    }
}

impl fmt::Debug for Reference<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("rfc2396::Reference")
            .field("scheme", &self.scheme())
            .field(
                "authority",
                &self
                    .authority()
                    .map(crate::grammars::redact::RedactedAuthority),
            )
            .field("reg_name", &self.is_reg_name())
            .field("host", &self.host())
            .field("port", &self.port())
            .field("path", &self.path())
            .field("query", &self.query())
            .field("fragment", &self.fragment())
            .finish()
    }
}

/// The segments of a path, each with its params: see [`Reference::segments`].
#[derive(Clone, Debug)]
pub struct Segments<'a> {
    rest: Option<&'a str>,
}

impl<'a> Iterator for Segments<'a> {
    type Item = Segment<'a>;

    fn next(&mut self) -> Option<Segment<'a>> {
        let rest = self.rest?;
        let (segment, after) = match rest.split_once('/') {
            Some((segment, after)) => (segment, Some(after)),
            None => (rest, None),
        };
        self.rest = after;
        Some(Segment { text: segment })
    }
}

/// One path segment (§3.3: `segment = *pchar *( ";" param )`), escapes as written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Segment<'a> {
    text: &'a str,
}

impl<'a> Segment<'a> {
    /// The whole segment, params included.
    pub fn as_str(&self) -> &'a str {
        self.text
    }

    /// The segment before its first `;`.
    pub fn name(&self) -> &'a str {
        self.text.split(';').next().unwrap_or_default()
    }

    /// Each `;param` (§3.3 `param = *pchar`), without its `;`.
    pub fn params(&self) -> impl Iterator<Item = &'a str> + Clone {
        self.text.split(';').skip(1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The shortcut of [`parse_layout`] gives what the DFA alone gives from its start.
    #[test]
    fn the_shortcut_agrees_with_the_dfa_alone() {
        let mut random = crate::driver::parse::tests::random_inputs(0x5851_f42d_4c95_7f2d);
        let mut shortcut = 0;
        for round in 0..100_000 {
            let mut input = random();
            match round % 3 {
                // After "http://" or '/', the shapes the shortcuts take.
                0 => drop(input.splice(0..0, *b"http://")),
                1 => input.insert(0, b'/'),
                _ => {}
            }
            let Ok(input) = core::str::from_utf8(&input) else {
                continue;
            };
            let alone = run_grammar::<table::Dfa, Parsed<'_>>(
                input,
                START_URI_REFERENCE,
                Rule::UriReference,
            );
            let fast = parse_layout(input);
            assert_eq!(
                fast.as_ref().map(|p| p.layout),
                alone.as_ref().map(|p| p.layout),
                "{input:?}"
            );
            assert_eq!(fast.err(), alone.err(), "{input:?}");
            shortcut += usize::from(scan::scheme_colon_slash_slash(input.as_bytes()).is_some());
        }
        assert!(shortcut > 15_000, "{shortcut}");
    }

    /// START takes '/' to SLASH, which goes where PATH goes on every byte but '/'.
    #[test]
    fn slash_is_path_but_for_a_second_slash() {
        let step = |state: usize, b: u8| {
            table::TRANS[state + table::BYTE_CLASS[b as usize] as usize] as usize
        };
        assert_eq!(step(START_URI_REFERENCE, b'/'), table::STATE_SLASH);
        const { assert!(table::STATE_SLASH < table::FIRST_ACCEL) };
        for b in (0..=255u8).filter(|&b| b != b'/') {
            assert_eq!(
                step(table::STATE_SLASH, b),
                step(table::STATE_PATH, b),
                "{b}"
            );
        }
        let row = |s: usize| s >> table::STRIDE_SHIFT;
        assert_eq!(
            table::END[row(table::STATE_SLASH)],
            table::END[row(table::STATE_PATH)]
        );
    }
}
