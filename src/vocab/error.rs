//! The errors of the operations beyond parsing (resolution, request targets, the setters,
//! the `http` conversions), and the umbrella [`Error`] over them all, so that `?` converts
//! each. Plain data, here at the bottom so that every layer can name them. (A parse's own
//! error, [`ParseError`], is in `parse_error.rs`.)

use core::fmt;

use crate::ParseError;
#[cfg(feature = "alloc")]
use crate::{Component, ErrorKind};

/// Why a reference could not be resolved.
///
/// ```
/// use urilex::{ResolveError, UriRef};
/// let base = UriRef::parse("/no/scheme")?;
/// assert_eq!(UriRef::parse("g")?.resolve(&base).unwrap_err(), ResolveError::BaseWithoutScheme);
/// # Ok::<(), urilex::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ResolveError {
    /// The base URI has no scheme; RFC 3986 §5.1 requires a base URI to be absolute (§4.3).
    BaseWithoutScheme,
}

impl fmt::Display for ResolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ResolveError::BaseWithoutScheme => {
                f.write_str("base URI has no scheme (RFC 3986 §5.1 needs an absolute base)")
            }
        }
    }
}

impl core::error::Error for ResolveError {}

/// Why a request has no valid target URI (RFC 9112 §3.3, RFC 9110 §4.2, §7.2, §9.3.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum TargetError {
    /// An origin-form or asterisk-form target and no Host header: 400 (§3.2).
    MissingHost,
    /// The Host header is not `uri-host [ ":" port ]`.
    InvalidHost(ParseError),
    /// An absolute-form target whose authority differs from the Host header. A proxy must
    /// ignore the Host header then (§3.2.2), so [`RequestTarget::target_uri`](crate::RequestTarget::target_uri) never returns
    /// this: [`RequestTarget::check_host_header`](crate::RequestTarget::check_host_header) does, for a caller who logs it.
    HostMismatch,
    /// An http or https URI with an empty host (RFC 9110 §4.2.1: must be rejected).
    EmptyHost,
    /// Userinfo in an http or https target (RFC 9110 §4.2.4: it obscures the authority).
    Userinfo,
    /// The scheme given for the connection is not a scheme (RFC 3986 §3.1).
    InvalidScheme,
}

impl fmt::Display for TargetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TargetError::MissingHost => f.write_str("no Host header for an origin-form or asterisk-form target (RFC 9112 section 3.2)"),
            TargetError::InvalidHost(e) => write!(f, "invalid Host header: {e}"),
            TargetError::HostMismatch => f.write_str("the Host header differs from the authority of the absolute-form target (RFC 9112 section 3.2.2: the target's wins)"),
            TargetError::EmptyHost => f.write_str("an http(s) URI with an empty host (RFC 9110 section 4.2.1)"),
            TargetError::Userinfo => f.write_str("userinfo in an http(s) target (RFC 9110 section 4.2.4)"),
            TargetError::InvalidScheme => f.write_str("the connection's scheme is not a scheme (RFC 3986 section 3.1)"),
        }
    }
}

impl core::error::Error for TargetError {}

/// The longest reference a `UriBuf` holds: its offsets are `u32`. Unit tests lower it, to
/// test the limit without gigabytes of memory.
#[cfg(all(feature = "alloc", not(test)))]
pub(crate) const BUF_MAX_LEN: usize = u32::MAX as usize;
#[cfg(all(feature = "alloc", test))]
pub(crate) const BUF_MAX_LEN: usize = 64;

/// Why a setter or the builder refused its input.
///
/// ```
/// use urilex::{Component, SetErrorKind, UriBuf};
/// let mut uri = UriBuf::parse("http://h/")?;
/// let err = uri.set_query("a b").unwrap_err();
/// assert_eq!((err.component(), err.index()), (Component::Query, 1));
/// assert_eq!(err.kind(), SetErrorKind::Syntax(urilex::ErrorKind::InvalidChar));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg(feature = "alloc")]
pub struct SetError {
    component: Component,
    index: usize,
    kind: SetErrorKind,
}

/// What a [`SetError`] is about.
///
/// ```
/// use urilex::{SetErrorKind, UriBuf};
/// let mut uri = UriBuf::parse("mailto:a@b")?;
/// assert_eq!(uri.set_port("25").unwrap_err().kind(), SetErrorKind::NoAuthority);
/// # Ok::<(), urilex::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
#[cfg(feature = "alloc")]
pub enum SetErrorKind {
    /// The text does not match the component's grammar; the index points at the offending byte
    /// (as for the [`ErrorKind`] of a parse error).
    Syntax(ErrorKind),
    /// With an authority, a path must be empty or start with `/` (§3.3). Index 0 of the path.
    PathNotAbsolute,
    /// Without an authority, a path cannot start with `//` (§3.3). Index 0 of the path.
    PathStartsWithTwoSlashes,
    /// Userinfo and port need a host (§3.2): set the host first. Index 0.
    NoAuthority,
    /// The result would be longer than `u32::MAX` bytes, the longest reference this crate
    /// holds (its offsets are `u32`). The component and index are where the text passes the
    /// limit.
    TooLong,
}

#[cfg(feature = "alloc")]
impl SetError {
    pub(crate) fn new(component: Component, index: usize, kind: SetErrorKind) -> Self {
        SetError {
            component,
            index,
            kind,
        }
    }

    pub(crate) fn syntax(component: Component, index: usize, kind: ErrorKind) -> Self {
        SetError::new(component, index, SetErrorKind::Syntax(kind))
    }

    /// The component the error is about.
    pub fn component(&self) -> Component {
        self.component
    }

    /// Byte offset into the text given for that component.
    pub fn index(&self) -> usize {
        self.index
    }

    /// What went wrong.
    pub fn kind(&self) -> SetErrorKind {
        self.kind
    }
}

#[cfg(feature = "alloc")]
impl fmt::Display for SetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (c, i) = (self.component, self.index);
        match self.kind {
            SetErrorKind::Syntax(k) => {
                let what = match k {
                    ErrorKind::InvalidPercentEncoding => {
                        "invalid percent-encoding ('%' must be followed by two hex digits)"
                    }
                    ErrorKind::ColonInFirstSegment => {
                        "':' in the first segment of a relative path (write \"./\" first)"
                    }
                    ErrorKind::InvalidScheme => {
                        "a scheme must be non-empty and start with a letter"
                    }
                    ErrorKind::InvalidIpv6 => "invalid IP-literal",
                    ErrorKind::UnexpectedEnd => "unexpected end",
                    _ => "invalid character",
                };
                write!(f, "{what} at byte {i} of the new {c}")
            }
            SetErrorKind::PathNotAbsolute => {
                write!(f, "with an authority, the path must be empty or start with '/' (RFC 3986 section 3.3)")
            }
            SetErrorKind::PathStartsWithTwoSlashes => {
                write!(f, "without an authority, the path cannot start with \"//\" (RFC 3986 section 3.3)")
            }
            SetErrorKind::NoAuthority => {
                write!(f, "the {c} needs an authority: set the host first")
            }
            SetErrorKind::TooLong => write!(
                f,
                "the reference would be longer than {BUF_MAX_LEN} bytes, at byte {i} of the {c}"
            ),
        }
    }
}

#[cfg(feature = "alloc")]
impl core::error::Error for SetError {}

/// Why a conversion between urilex and `http::Uri` was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
#[cfg(feature = "http")]
pub enum HttpUriError {
    /// `http::Uri` refuses the text.
    Http,
    /// urilex refuses the text (RFC 3986).
    Parse(ParseError),
    /// Both accept the text but read this component differently.
    Differs(Component),
    /// A port above 65535: valid RFC 3986, but no TCP port.
    PortTooLarge,
    /// An absolute-form `http::Uri` has no one text to borrow a [`RequestTarget`](crate::RequestTarget) from;
    /// convert it to a [`UriBuf`](crate::UriBuf) instead.
    NotBorrowable,
}

#[cfg(feature = "http")]
impl fmt::Display for HttpUriError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HttpUriError::Http => f.write_str("http::Uri refuses it"),
            HttpUriError::Parse(e) => write!(f, "not an RFC 3986 URI reference: {e}"),
            HttpUriError::Differs(c) => write!(f, "http::Uri and RFC 3986 read its {c} differently"),
            HttpUriError::PortTooLarge => f.write_str("port above 65535"),
            HttpUriError::NotBorrowable => f.write_str("an absolute-form http::Uri has no single text to borrow a RequestTarget from (convert it to a UriBuf)"),
        }
    }
}

#[cfg(feature = "http")]
impl core::error::Error for HttpUriError {}

/// Why a crawler key ([`canon`](crate::canon)) could not be computed. The keys take almost
/// any text, as their references do; these are the few inputs the references refuse too.
///
/// ```
/// use urilex::canon::{self, CanonErrorKind};
/// let Err(urilex::Error::Canon(err)) = canon::surt("http://example.com:99999/") else {
///     unreachable!()
/// };
/// assert_eq!((err.kind(), err.index()), (CanonErrorKind::InvalidPort, 19));
/// assert_eq!(err.to_string(), "port out of range 0-65535 at byte 19");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg(feature = "canon")]
pub struct CanonError {
    kind: CanonErrorKind,
    index: usize,
}

/// What a [`CanonError`] is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
#[cfg(feature = "canon")]
pub enum CanonErrorKind {
    /// Only whitespace: no URL at all. Index 0.
    Empty,
    /// The port is not a decimal number (index: its first byte).
    PortNotANumber,
    /// The port is a number above 65535 (index: its first byte).
    InvalidPort,
    /// No host: a Safe Browsing key is a host and a path. Index: where the host should be.
    NoHost,
}

#[cfg(feature = "canon")]
impl CanonError {
    pub(crate) fn new(kind: CanonErrorKind, index: usize) -> Self {
        CanonError { kind, index }
    }

    /// What went wrong.
    pub fn kind(&self) -> CanonErrorKind {
        self.kind
    }

    /// Byte offset into the text given.
    pub fn index(&self) -> usize {
        self.index
    }
}

#[cfg(feature = "canon")]
impl fmt::Display for CanonError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = match self.kind {
            CanonErrorKind::Empty => "no URL: the text is empty or only whitespace",
            CanonErrorKind::PortNotANumber => "the port is not a decimal number",
            CanonErrorKind::InvalidPort => "port out of range 0-65535",
            CanonErrorKind::NoHost => "no host (a Safe Browsing key needs one)",
        };
        write!(f, "{what} at byte {}", self.index)
    }
}

#[cfg(feature = "canon")]
impl core::error::Error for CanonError {}

/// The enum, one `From` per error type, and the arms of `Display` and `source`, from one list:
/// a new error type is one line.
macro_rules! umbrella {
    ($(#[$attr:meta])* pub enum Error { $([$($cfg:meta)?] $variant:ident($ty:ty) => $doc:literal,)* }) => {
        $(#[$attr])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        #[non_exhaustive]
        pub enum Error {
            $(
                #[doc = $doc]
                $(#[cfg($cfg)])?
                $variant($ty),
            )*
        }

        $(
            $(#[cfg($cfg)])?
            impl From<$ty> for Error {
                fn from(e: $ty) -> Self {
                    Error::$variant(e)
                }
            }
        )*

        impl fmt::Display for Error {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                match self {
                    $($(#[cfg($cfg)])? Error::$variant(e) => fmt::Display::fmt(e, f),)*
                }
            }
        }

        impl core::error::Error for Error {
            fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
                match self {
                    $($(#[cfg($cfg)])? Error::$variant(e) => Some(e),)*
                }
            }
        }
    };
}

umbrella! {
    /// Any error of this crate, for code that parses, resolves and edits in one function: `?`
    /// converts each error type into it.
    ///
    /// ```
    /// use urilex::{UriBuf, UriRef};
    /// fn link(base: &str, href: &str) -> Result<UriBuf, urilex::Error> {
    ///     let base = UriRef::parse(base)?; // ParseError
    ///     let mut target = UriRef::parse(href)?.resolve(&base)?.to_buf(); // ResolveError
    ///     target.set_fragment("top")?; // SetError
    ///     Ok(target)
    /// }
    /// assert_eq!(link("http://a/b/c", "../d")?.as_str(), "http://a/d#top");
    /// assert!(matches!(link("b/c", "d"), Err(urilex::Error::Resolve(_))));
    /// assert_eq!(link("http://a/", "a b").unwrap_err().to_string(), "invalid character ' ' at byte 1 in path");
    /// # Ok::<(), urilex::Error>(())
    /// ```
    pub enum Error {
        [] Parse(ParseError) => "Parsing failed.",
        [] Resolve(crate::ResolveError) => "Resolution failed.",
        [] Target(crate::TargetError) => "A request has no valid target URI.",
        [feature = "http"] Http(crate::HttpUriError) => "A conversion with `http::Uri` was refused.",
        [feature = "alloc"] Set(crate::SetError) => "A setter or the builder of `UriBuf` refused its input.",
        [feature = "whatwg"] Whatwg(crate::vocab::whatwg_error::ParseError) => "The URL Standard's parser refused its input.",
        [feature = "canon"] Canon(crate::vocab::error::CanonError) => "A crawler key could not be computed.",
    }
}
