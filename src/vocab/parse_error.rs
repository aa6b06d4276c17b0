//! Parse errors: a kind, the byte index of the first offending byte, and a message a person can
//! act on.

use core::fmt;

use crate::Component;

/// What went wrong. Each kind documents where [`ParseError::index`] points.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ErrorKind {
    /// A byte the grammar does not allow here (including any non-ASCII byte: RFC 3986 is
    /// ASCII-only). The index points at it.
    InvalidChar,
    /// `%` not followed by two hex digits (§2.1). The index points at the first byte after the
    /// `%` that is not a hex digit, or at the end of the input.
    InvalidPercentEncoding,
    /// A `:` in the first segment of a relative reference's path (§4.2: `segment-nz-nc`), which
    /// would make it look like a scheme. The index points at the `:`.
    ColonInFirstSegment,
    /// The input starts like a scheme (`3ttp://…`), but a scheme must start with a letter
    /// (§3.1). The index points at the first byte (0).
    InvalidScheme,
    /// The authority has a `:` followed by something other than digits and no `@` after it:
    /// neither a port (§3.2.3, digits only) nor userinfo (which must end with `@`). The index
    /// points at the byte that ends the authority (`/`, `?`, `#`, or the end of the input).
    InvalidPort,
    /// An IP-literal between `[` and `]` is not a valid IPv6address (§3.2.2). The index points
    /// at the first byte after `[`.
    InvalidIpv6,
    /// The input ends where the grammar needs more (an unclosed `[`, say). The index is the
    /// input's length.
    UnexpectedEnd,
    /// A scheme is required (absolute-URI or URI) and there is none: the index points at the
    /// byte where the `:` that ends a scheme was expected.
    MissingScheme,
    /// A fragment where the grammar forbids one (absolute-URI, §4.3). The index points at `#`.
    FragmentNotAllowed,
    /// The input is longer than `u32::MAX` bytes (offsets are `u32`); the index is
    /// `u32::MAX`.
    TooLong,
    /// A request target whose form does not go with its method (RFC 9112 §3.2: `*` only with
    /// OPTIONS, authority-form only and always with CONNECT, origin-form starting with `/`,
    /// absolute-form with a scheme). The index is 0.
    FormNotAllowed,
    /// A CONNECT target's port is absent, empty, zero or above 65535 (RFC 9110 §9.3.6). The
    /// index points at the port (or the end, when there is none).
    InvalidConnectPort,
    /// A bidirectional formatting character (LRM, RLM, LRE, RLE, PDF, LRO, RLO), which IRIs
    /// must not contain (RFC 3987 §4.1). The index points at its first byte.
    BidiFormatting,
    /// A character RFC 2396 §2.4.3 excludes from URIs (a control character, space, one of the
    /// "delims" `< > # % "` or the "unwise" `{ } | \ ^` and backquote), which must be escaped
    /// (`%XX`): only from [`rfc2396::parse`](crate::rfc2396::parse). The index points at it.
    Excluded,
    /// An `http` or `https` request target with an empty or absent host (`http:///p`,
    /// `http://@/p`, `http:/p`), which RFC 9110 §4.2.1 says a recipient must reject: only from
    /// [`RequestTarget::parse`](crate::RequestTarget::parse). The index points where the host
    /// should be.
    EmptyHost,
    /// A `host:port` target (authority-form, RFC 9112 §3.2.3) with a method other than
    /// CONNECT. Such a target is also an absolute-URI (the scheme `host`, the path `port`),
    /// which no HTTP server or proxy wants: only from
    /// [`RequestTarget::parse`](crate::RequestTarget::parse). The index is 0.
    AuthorityFormNotAllowed,
}

/// The rule an error's message cites besides RFC 3986's grammar: set by the entries that read
/// the inputs of another specification (the request targets of RFC 9112).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Cite {
    /// RFC 3986 (or the grammar the error's kind names).
    Grammar,
    /// `origin-form` (RFC 9112 §3.2.1).
    OriginForm,
    /// `absolute-form` (RFC 9112 §3.2.2).
    AbsoluteForm,
    /// `authority-form` (RFC 9112 §3.2.3): CONNECT's.
    AuthorityForm,
    /// `asterisk-form` (RFC 9112 §3.2.4): OPTIONS's.
    AsteriskForm,
}

impl Cite {
    /// The rule and its section, as a message ends with it.
    fn rule(self) -> &'static str {
        match self {
            Cite::Grammar => "",
            Cite::OriginForm => {
                "origin-form = absolute-path [ \"?\" query ], RFC 9112 section 3.2.1"
            }
            Cite::AbsoluteForm => "absolute-form = absolute-URI, RFC 9112 section 3.2.2",
            Cite::AuthorityForm => "authority-form = uri-host \":\" port, RFC 9112 section 3.2.3",
            Cite::AsteriskForm => "asterisk-form = \"*\", RFC 9112 section 3.2.4",
        }
    }
}

/// Why an input is not a URI reference, and where.
///
/// ```
/// let err = urilex::UriRef::parse("http://example.com/a?b|c").unwrap_err();
/// assert_eq!(err.index(), 22);
/// assert_eq!(err.kind(), urilex::ErrorKind::InvalidChar);
/// assert_eq!(err.to_string(), "invalid character '|' at byte 22 in query");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ParseError {
    index: u32,
    kind: ErrorKind,
    component: Component,
    found: Found,
    cite: Cite,
}

/// What stands at the error's index.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Found {
    Char(char),
    /// A byte that does not start valid UTF-8 (only from [`UriRef::parse_bytes`](crate::UriRef::parse_bytes)).
    Byte(u8),
    End,
}

impl ParseError {
    /// Builds an error at `index` of `input`; the offending character is read from there.
    pub(crate) fn new(input: &str, index: usize, kind: ErrorKind, component: Component) -> Self {
        let found = match input.get(index..).and_then(|rest| rest.chars().next()) {
            Some(c) => Found::Char(c),
            None => Found::End,
        };
        ParseError {
            index: index.min(u32::MAX as usize) as u32,
            kind,
            component,
            found,
            cite: Cite::Grammar,
        }
    }

    /// The same error, its message citing `cite`'s rule (a request target's form).
    #[cold]
    pub(crate) fn citing(mut self, cite: Cite) -> Self {
        self.cite = cite;
        self
    }

    /// An [`ErrorKind::InvalidChar`] error for a byte that is not UTF-8, at `index`.
    pub(crate) fn invalid_byte(index: usize, byte: u8, component: Component) -> Self {
        ParseError {
            index: index.min(u32::MAX as usize) as u32,
            kind: ErrorKind::InvalidChar,
            component,
            found: Found::Byte(byte),
            cite: Cite::Grammar,
        }
    }

    /// The error for an input longer than `u32::MAX` bytes.
    pub(crate) const fn too_long() -> Self {
        ParseError {
            index: u32::MAX,
            kind: ErrorKind::TooLong,
            component: Component::Scheme,
            found: Found::End,
            cite: Cite::Grammar,
        }
    }

    /// Byte offset of the first offending byte (see each [`ErrorKind`] for what that means).
    pub fn index(&self) -> usize {
        self.index as usize
    }

    /// What went wrong.
    pub fn kind(&self) -> ErrorKind {
        self.kind
    }

    /// The component being parsed when the error was found.
    pub fn component(&self) -> Component {
        self.component
    }

    /// The character at [`index`](Self::index), or `None` at the end of the input (and for
    /// a byte that is not UTF-8, see [`found_byte`](Self::found_byte)).
    pub fn found(&self) -> Option<char> {
        match self.found {
            Found::Char(c) => Some(c),
            Found::Byte(_) | Found::End => None,
        }
    }

    /// The byte at [`index`](Self::index), or `None` at the end of the input.
    ///
    /// ```
    /// let err = urilex::UriRef::parse_bytes(b"http://h/p\xff").unwrap_err();
    /// assert_eq!((err.index(), err.found_byte(), err.found()), (10, Some(0xff), None));
    /// assert_eq!(err.to_string(), "invalid byte 0xFF (not UTF-8) at byte 10 in path");
    /// ```
    pub fn found_byte(&self) -> Option<u8> {
        match self.found {
            Found::Char(c) => {
                let mut utf8 = [0; 4];
                c.encode_utf8(&mut utf8).as_bytes().first().copied()
            }
            Found::Byte(b) => Some(b),
            Found::End => None,
        }
    }
}

/// Writes `'c'` (escaped so control characters stay visible; a character outside ASCII with its
/// code point, `'é' (U+00E9)`), `byte 0xFF (not UTF-8)` or `end of input`.
impl fmt::Display for Found {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Found::Char(c) if c.is_ascii() => write!(f, "'{}'", c.escape_debug()),
            // Outside ASCII the code point too: "'\u{fdd0}' (U+FDD0)", "'é' (U+00E9)".
            Found::Char(c) => write!(f, "'{}' (U+{:04X})", c.escape_debug(), c as u32),
            Found::Byte(b) => write!(f, "byte {b:#04X} (not UTF-8)"),
            Found::End => f.write_str("end of input"),
        }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_message(f)?;
        // A request target's error also names its form's rule, unless the message is that
        // rule's own.
        use ErrorKind::{AuthorityFormNotAllowed, FormNotAllowed, TooLong};
        match (self.cite, self.kind) {
            (Cite::Grammar, _) | (_, TooLong | FormNotAllowed | AuthorityFormNotAllowed) => Ok(()),
            (cite, _) => write!(f, " ({})", cite.rule()),
        }
    }
}

impl ParseError {
    /// The message, without the request target's rule that `Display` adds.
    fn write_message(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (at, comp, found, cite) = (self.index, self.component, self.found, self.cite);
        match self.kind {
            ErrorKind::InvalidChar => match found {
                Found::Char(_) => write!(f, "invalid character {found} at byte {at} in {comp}"),
                Found::Byte(b) => write!(f, "invalid byte {b:#04X} (not UTF-8) at byte {at} in {comp}"),
                Found::End => write!(f, "unexpected end of input at byte {at} in {comp}"),
            },
            ErrorKind::InvalidPercentEncoding => write!(
                f,
                "invalid percent-encoding at byte {at} in {comp}: '%' must be followed by two hex digits, found {found}"
            ),
            ErrorKind::ColonInFirstSegment => write!(
                f,
                "':' at byte {at} in the first segment of a relative path: a scheme must start with a letter and hold only letters, digits, '+', '-' and '.' (write \"./\" before a relative path that contains ':')"
            ),
            ErrorKind::InvalidScheme => write!(
                f,
                "invalid scheme at byte {at}: a scheme must start with a letter, found {found}"
            ),
            ErrorKind::InvalidPort => write!(
                f,
                "unexpected {found} at byte {at} in authority: the text after ':' is not a port (digits only), and there is no '@' to make it userinfo"
            ),
            ErrorKind::InvalidIpv6 => {
                write!(f, "invalid IPv6 address at byte {at} in host (RFC 3986 section 3.2.2)")
            }
            ErrorKind::UnexpectedEnd => write!(f, "unexpected end of input at byte {at} in {comp}"),
            ErrorKind::MissingScheme => {
                write!(f, "missing scheme: expected ':' after a scheme at byte {at}, found {found}")
            }
            ErrorKind::FragmentNotAllowed if cite == Cite::Grammar => {
                write!(f, "fragment not allowed here: '#' at byte {at} (absolute-URI, RFC 3986 section 4.3)")
            }
            ErrorKind::FragmentNotAllowed => {
                write!(f, "fragment not allowed in a request target: '#' at byte {at}")
            }
            ErrorKind::TooLong => write!(f, "input longer than {} bytes", u32::MAX),
            ErrorKind::FormNotAllowed => match cite {
                Cite::AuthorityForm => write!(f, "CONNECT takes only a host:port target ({})", cite.rule()),
                Cite::AsteriskForm => write!(f, "the target '*' is only for OPTIONS ({})", cite.rule()),
                _ => write!(
                    f,
                    "a request target is a path starting with '/' ({}) or an absolute URI (absolute-form, section 3.2.2), found {found}",
                    Cite::OriginForm.rule()
                ),
            },
            ErrorKind::EmptyHost => write!(
                f,
                "empty host at byte {at} in an http(s) URI: a recipient must reject it (RFC 9110 section 4.2.1)"
            ),
            ErrorKind::AuthorityFormNotAllowed => f.write_str(
                "a host:port target is authority-form, which only CONNECT takes (RFC 9112 section 3.2.3); other methods send a path ('/...') or an absolute URI ('http://host:port/...')",
            ),
            ErrorKind::InvalidConnectPort => write!(
                f,
                "CONNECT needs a port from 1 to 65535 at byte {at} (RFC 9110 section 9.3.6)"
            ),
            ErrorKind::Excluded => match found {
                Found::Char(c) => {
                    let group = match c {
                        ' ' => "space",
                        '<' | '>' | '#' | '%' | '"' => "delims",
                        '{' | '}' | '|' | '\\' | '^' | '`' => "unwise",
                        _ => "control",
                    };
                    write!(
                        f,
                        "{found} at byte {at} is \"{group}\" in RFC 2396 §2.4.3: write it as %{:02X}",
                        c as u32
                    )
                }
                _ => write!(f, "excluded character at byte {at} in {comp} (RFC 2396 §2.4.3)"),
            },
            ErrorKind::BidiFormatting => match found {
                Found::Char(c) => write!(
                    f,
                    "bidirectional formatting character U+{:04X} at byte {at} in {comp}: IRIs must not contain it (RFC 3987 section 4.1); remove it",
                    c as u32
                ),
                _ => write!(f, "bidirectional formatting character at byte {at} in {comp}"),
            },
        }
    }
}

impl core::error::Error for ParseError {}
