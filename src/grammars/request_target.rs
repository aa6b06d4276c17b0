//! HTTP request targets (RFC 9112 §3.2), the Host header (RFC 9110 §7.2), and the target URI
//! of a request (RFC 9112 §3.3): what a proxy or server receives, read by the same tables and
//! driver as URI references (`tables/uri.dfa`: the start rules `origin-form` and
//! `authority-form`; absolute-form is `absolute-URI`).

use crate::driver::parse::{self, FromLayout, Layout, Rule};
use crate::vocab::parse_error::Cite;
use crate::{Component, ErrorKind, ParseError, TargetError, UriRef};

/// Which of the four forms of RFC 9112 §3.2 a request target has.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TargetForm {
    /// `origin-form = absolute-path [ "?" query ]` (§3.2.1): `GET /where?q=now`.
    Origin,
    /// `absolute-form = absolute-URI` (§3.2.2): what a client sends to a proxy.
    Absolute,
    /// `authority-form = uri-host ":" port` (§3.2.3): CONNECT only.
    Authority,
    /// `asterisk-form = "*"` (§3.2.4): a server-wide OPTIONS.
    Asterisk,
}

/// A request target, validated for its method (RFC 9112 §3.2), borrowing the text.
///
/// - `CONNECT` takes only authority-form, with a port from 1 to 65535 (RFC 9110 §9.3.6);
/// - `*` only with `OPTIONS`;
/// - every other method takes origin-form (RFC 9110 `absolute-path`: `//evil/p` is a path,
///   not an authority) or absolute-form.
///
/// A target carries no fragment and no whitespace (§3.2). An `http` or `https` target must
/// have a host (RFC 9110 §4.2.1: `http:///p` is refused, [`ErrorKind::EmptyHost`]), and a
/// `host:port` target with another method than CONNECT is refused as what it looks like
/// ([`ErrorKind::AuthorityFormNotAllowed`]), though the absolute-URI grammar would read it as
/// the scheme `host` and the path `port`. Every error's message cites the rule that refused
/// the target.
///
/// ```
/// use urilex::{RequestTarget, TargetForm};
/// let t = RequestTarget::parse("GET", "/where?q=now")?;
/// assert_eq!((t.form(), t.path(), t.query()), (TargetForm::Origin, "/where", Some("q=now")));
/// let t = RequestTarget::parse("GET", "//evil.example/p")?;
/// assert_eq!((t.host(), t.path()), (None, "//evil.example/p"));
/// let t = RequestTarget::parse("CONNECT", "example.com:443")?;
/// assert_eq!((t.form(), t.host(), t.port()), (TargetForm::Authority, Some("example.com"), Some("443")));
/// let t = RequestTarget::parse("GET", "http://www.example.org/pub/WWW/TheProject.html")?;
/// assert_eq!((t.form(), t.scheme(), t.host()), (TargetForm::Absolute, Some("http"), Some("www.example.org")));
/// assert_eq!(RequestTarget::parse("OPTIONS", "*")?.form(), TargetForm::Asterisk);
///
/// assert!(RequestTarget::parse("GET", "*").is_err());
/// assert!(RequestTarget::parse("CONNECT", "/p").is_err());
/// assert!(RequestTarget::parse("CONNECT", "example.com").is_err()); // no port (§9.3.6)
/// assert!(RequestTarget::parse("GET", "/a#frag").is_err());
///
/// use urilex::ErrorKind;
/// let e = RequestTarget::parse("POST", "example.com:443").unwrap_err();
/// assert_eq!(e.kind(), ErrorKind::AuthorityFormNotAllowed);
/// let e = RequestTarget::parse("GET", "http:///p").unwrap_err();
/// assert_eq!((e.kind(), e.index()), (ErrorKind::EmptyHost, 7));
/// let e = RequestTarget::parse("GET", "/a b").unwrap_err();
/// assert_eq!(e.to_string(), "invalid character ' ' at byte 2 in path (origin-form = absolute-path [ \"?\" query ], RFC 9112 section 3.2.1)");
/// # Ok::<(), urilex::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RequestTarget<'a> {
    pub(crate) form: TargetForm,
    /// Origin- and absolute-form: the reference (an origin-form's has no authority).
    /// Authority-form: the text alone, its host and port read by [`HostPort`] with
    /// `host_end`. Asterisk-form: `*` as a path.
    pub(crate) uri: UriRef<'a>,
    /// Authority-form: where the host ends in the text (at the `:` before the port, or at
    /// the end); 0 for the other forms. (Not an `Option<HostPort>` beside `uri`, which
    /// repeated the text: 72 bytes where these are 48.)
    host_end: u32,
}

impl<'a> RequestTarget<'a> {
    /// Parses `target` as the request target of a request with `method` (RFC 9112 §3.2).
    ///
    /// Errors: the grammar's ([`ErrorKind::InvalidChar`] and the others, at the offending
    /// byte); [`ErrorKind::FormNotAllowed`] when the form does not go with the method (index
    /// 0); [`ErrorKind::InvalidConnectPort`] for a CONNECT port that is absent, empty, zero or
    /// above 65535 (at the port); [`ErrorKind::EmptyHost`] for an http(s) target without a
    /// host; [`ErrorKind::AuthorityFormNotAllowed`] for `host:port` with another method than
    /// CONNECT.
    #[inline(always)]
    pub fn parse(method: &str, target: &'a str) -> Result<Self, ParseError> {
        // Origin- and absolute-form, all but every target a server or proxy receives, here,
        // inlined; the rest out of line. Absolute-form (what a client sends to a proxy) by the
        // shortcuts of `UriRef::parse_absolute`, origin-form by its own. Each parser writes
        // the target itself ([`FromLayout`], below), where a `UriRef` moved into one was
        // copied on the way (absolute-form 141 -> 125 instructions a call on ada_kasztp).
        // The errors cite the form's rule (out of line: `citing` is cold).
        match target.as_bytes().first() {
            _ if method == "CONNECT" => Self::parse_other(method, target),
            Some(b'/') => parse::parse(target, Rule::OriginForm)
                .map_err(|e: ParseError| e.citing(Cite::OriginForm)),
            Some(b) if b.is_ascii_alphabetic() => {
                let parsed = parse::parse::<Self>(target, Rule::AbsoluteUri);
                // The common case, tested in place (moving the target out of the `Result` and
                // back cost 20 instructions a call): an authority with a non-empty host. (With
                // an authority, `host_start` is after "//", so a host's end past its start is
                // a host of one byte or more.)
                match &parsed {
                    Ok(t)
                        if t.uri.has_authority()
                            && t.uri.layout().host_end > t.uri.layout().host_start =>
                    {
                        parsed
                    }
                    _ => Self::absolute_form_rest(parsed),
                }
            }
            _ => Self::parse_other(method, target),
        }
    }

    /// The absolute-form targets the common case leaves: an error cites absolute-form, a target
    /// without a host is checked by [`without_host`](Self::without_host).
    #[inline(never)]
    fn absolute_form_rest(parsed: Result<Self, ParseError>) -> Result<Self, ParseError> {
        match parsed {
            Ok(t) => t.without_host(),
            Err(e) => Err(e.citing(Cite::AbsoluteForm)),
        }
    }

    /// An absolute-form target without a host: refused if its scheme is http or https (RFC
    /// 9110 §4.2.1) or if it is `host:port` (authority-form, CONNECT's alone); else kept
    /// (`urn:isbn:0451450523` is a target a server may take).
    fn without_host(self) -> Result<Self, ParseError> {
        let text = self.uri.as_str();
        let scheme = self.uri.scheme().unwrap_or_default();
        if scheme.eq_ignore_ascii_case("http") || scheme.eq_ignore_ascii_case("https") {
            // Where the host is, or would be: after "//" (and any userinfo), or after ':'.
            let at = match self.uri.span(Component::Host) {
                Some(host) => host.start,
                None => scheme.len() + 1,
            };
            let e = ParseError::new(text, at, ErrorKind::EmptyHost, Component::Host);
            return Err(e.citing(Cite::AbsoluteForm));
        }
        let path = self.uri.path();
        let looks_like_port = !path.is_empty() && path.bytes().all(|b| b.is_ascii_digit());
        if !self.uri.has_authority() && self.uri.query().is_none() && looks_like_port {
            let e = ParseError::new(
                text,
                0,
                ErrorKind::AuthorityFormNotAllowed,
                Component::Scheme,
            );
            return Err(e.citing(Cite::AuthorityForm));
        }
        Ok(self)
    }

    /// [`RequestTarget::parse`] of CONNECT's authority-form, OPTIONS's asterisk-form, and the
    /// targets of no form (their error).
    #[inline(never)]
    fn parse_other(method: &str, target: &'a str) -> Result<Self, ParseError> {
        let form_error = |cite| {
            ParseError::new(target, 0, ErrorKind::FormNotAllowed, Component::Path).citing(cite)
        };
        if method == "CONNECT" {
            let cite = |e: ParseError| e.citing(Cite::AuthorityForm);
            if target.starts_with('/') || target == "*" {
                return Err(form_error(Cite::AuthorityForm));
            }
            let hp = HostPort::parse(target).map_err(cite)?;
            match hp.port_u16() {
                Some(p) if p != 0 => {}
                _ => {
                    let at = hp.port().map_or(target.len(), |_| hp.host().len() + 1);
                    return Err(ParseError::new(
                        target,
                        at,
                        ErrorKind::InvalidConnectPort,
                        Component::Port,
                    ));
                }
            }
            if hp.host().is_empty() {
                return Err(cite(ParseError::new(
                    target,
                    0,
                    ErrorKind::InvalidChar,
                    Component::Host,
                )));
            }
            return Ok(RequestTarget {
                form: TargetForm::Authority,
                uri: UriRef::from_layout(target, Layout::default()),
                // Fits: a layout's offset (`HostEnd`).
                host_end: hp.host_end as u32,
            });
        }
        if target == "*" && method != "OPTIONS" {
            return Err(form_error(Cite::AsteriskForm));
        }
        if target != "*" {
            return Err(form_error(Cite::OriginForm));
        }
        // "*" as a relative path: the asterisk is its own form, not a grammar rule.
        let layout = Layout {
            host_end: 1,
            path_end: 1,
            query_end: 1,
            ..Layout::default()
        };
        Ok(RequestTarget {
            form: TargetForm::Asterisk,
            uri: UriRef::from_layout(target, layout),
            host_end: 0,
        })
    }

    /// An authority-form target's host and port.
    pub(crate) fn host_port(&self) -> Option<HostPort<'a>> {
        (self.form == TargetForm::Authority).then(|| HostPort {
            value: self.uri.as_str(),
            host_end: self.host_end as usize,
        })
    }

    /// The form.
    pub fn form(&self) -> TargetForm {
        self.form
    }

    /// The whole target, as received.
    pub fn as_str(&self) -> &'a str {
        self.uri.as_str()
    }

    /// The scheme of an absolute-form target.
    pub fn scheme(&self) -> Option<&'a str> {
        self.uri.scheme()
    }

    /// The userinfo of an absolute-form target: a proxy should refuse it in http(s) URIs
    /// (RFC 9110 §4.2.4); [`target_uri`](Self::target_uri) does.
    pub fn userinfo(&self) -> Option<&'a str> {
        self.uri.userinfo()
    }

    /// The authority (absolute-form and authority-form).
    pub fn authority(&self) -> Option<&'a str> {
        match self.host_port() {
            Some(hp) => Some(hp.as_str()),
            None => self.uri.authority(),
        }
    }

    /// The host (absolute-form and authority-form), as written; IP literals keep brackets.
    pub fn host(&self) -> Option<&'a str> {
        match self.host_port() {
            Some(hp) => Some(hp.host()),
            None => self.uri.host(),
        }
    }

    /// The port, without `:` (absolute-form and authority-form).
    pub fn port(&self) -> Option<&'a str> {
        match self.host_port() {
            Some(hp) => hp.port(),
            None => self.uri.port(),
        }
    }

    /// The port as a number (absent, empty, or above 65535: `None`).
    pub fn port_u16(&self) -> Option<u16> {
        crate::grammars::accessors::port_number(self.port()?)
    }

    /// The path: origin-form's absolute path, absolute-form's path (possibly empty, sent as
    /// `/`, §3.2.1); empty for authority-form and asterisk-form.
    pub fn path(&self) -> &'a str {
        match self.form {
            TargetForm::Origin | TargetForm::Absolute => self.uri.path(),
            TargetForm::Authority | TargetForm::Asterisk => "",
        }
    }

    /// The query, without `?`.
    pub fn query(&self) -> Option<&'a str> {
        self.uri.query()
    }

    /// The target as a URI: absolute-form only (an origin-form target such as `//a/b` is an
    /// absolute path, which a URI reference would read as a network-path reference).
    pub fn uri(&self) -> Option<UriRef<'a>> {
        match self.form {
            TargetForm::Absolute => Some(self.uri),
            _ => None,
        }
    }
}

/// Origin- and absolute-form targets as the parser leaves them: their form is their layout's,
/// since an absolute-URI has a scheme and an origin-form target none.
impl<'a> FromLayout<'a> for RequestTarget<'a> {
    #[inline(always)]
    fn from_layout(input: &'a str, layout: Layout) -> Self {
        let uri = UriRef::from_layout(input, layout);
        RequestTarget {
            form: if uri.scheme().is_some() {
                TargetForm::Absolute
            } else {
                TargetForm::Origin
            },
            uri,
            host_end: 0,
        }
    }
}

/// A Host header value (RFC 9110 §7.2: `uri-host [ ":" port ]`), or the authority of an
/// authority-form target, borrowing the text.
///
/// ```
/// use urilex::HostPort;
/// let h = HostPort::parse("[::1]:8080")?;
/// assert_eq!((h.host(), h.port(), h.port_u16()), ("[::1]", Some("8080"), Some(8080)));
/// assert_eq!(HostPort::parse("example.com")?.port(), None);
/// assert_eq!(HostPort::parse("")?.host(), ""); // allowed: a target URI without authority
/// assert!(HostPort::parse("user@example.com").is_err());
/// assert!(HostPort::parse("example.com/").is_err());
/// # Ok::<(), urilex::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HostPort<'a> {
    value: &'a str,
    /// Where the host ends: at the `:` before the port, or at the end.
    host_end: usize,
}

/// What the authority-form rule leaves: the host ends where a port mark put it, or at the end.
struct HostEnd(usize);

impl FromLayout<'_> for HostEnd {
    fn from_layout(_: &str, layout: Layout) -> Self {
        HostEnd(layout.host_end as usize)
    }
}

impl<'a> HostPort<'a> {
    /// Parses a Host header value (or an authority-form target).
    pub fn parse(value: &'a str) -> Result<Self, ParseError> {
        let HostEnd(host_end) = parse::parse_from_start(value, Rule::AuthorityForm)?;
        // The table's host states go on to a path, a query or a fragment like an
        // authority's; none may follow here.
        if let Some(i) = value.bytes().position(|b| matches!(b, b'/' | b'?' | b'#')) {
            let component = if i < host_end {
                Component::Host
            } else {
                Component::Port
            };
            return Err(ParseError::new(value, i, ErrorKind::InvalidChar, component));
        }
        Ok(HostPort { value, host_end })
    }

    /// The host, as written (IP literals with brackets; may be empty).
    pub fn host(&self) -> &'a str {
        self.value.get(..self.host_end).unwrap_or(self.value)
    }

    /// The port, without `:`; `Some("")` for `host:`.
    pub fn port(&self) -> Option<&'a str> {
        self.value.get(self.host_end + 1..)
    }

    /// The port as a number: `None` when absent, empty, or above 65535.
    pub fn port_u16(&self) -> Option<u16> {
        crate::grammars::accessors::port_number(self.port()?)
    }

    /// The whole value.
    pub fn as_str(&self) -> &'a str {
        self.value
    }
}

impl RequestTarget<'_> {
    /// Checks a request's Host header against the target: [`TargetError::InvalidHost`] for a
    /// value that is not `uri-host [ ":" port ]`, [`TargetError::MissingHost`] when an
    /// origin-form or asterisk-form target has none, and [`TargetError::HostMismatch`] when an
    /// absolute-form target's authority differs from it (hosts compared ignoring case, ports
    /// with the scheme's default). A proxy ignores the Host header of an absolute-form
    /// request (RFC 9112 §3.2.2), as [`target_uri`](Self::target_uri) does; this tells it
    /// when there was something to ignore, to log.
    ///
    /// ```
    /// use urilex::{RequestTarget, TargetError};
    /// let t = RequestTarget::parse("GET", "http://a.example/")?;
    /// assert_eq!(t.check_host_header(Some("A.example:80")), Ok(()));
    /// assert_eq!(t.check_host_header(Some("b.example")), Err(TargetError::HostMismatch));
    /// assert_eq!(t.check_host_header(None), Ok(()));
    /// # Ok::<(), urilex::ParseError>(())
    /// ```
    pub fn check_host_header(&self, host_header: Option<&str>) -> Result<(), TargetError> {
        let host_header = host_header
            .map(|h| HostPort::parse(h).map_err(TargetError::InvalidHost))
            .transpose()?;
        match (self.form, host_header) {
            (TargetForm::Absolute, Some(h)) => {
                let scheme = self.uri.scheme();
                let same = self
                    .uri
                    .host()
                    .is_some_and(|t| t.eq_ignore_ascii_case(h.host()))
                    && self.uri.port_or_default()
                        == crate::grammars::accessors::port_or_default(scheme, h.port());
                if same {
                    Ok(())
                } else {
                    Err(TargetError::HostMismatch)
                }
            }
            (TargetForm::Origin | TargetForm::Asterisk, None) => Err(TargetError::MissingHost),
            _ => Ok(()),
        }
    }
}
