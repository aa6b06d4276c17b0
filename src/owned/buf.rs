//! `UriBuf`: an owned URI reference (one `String` plus component offsets) with validated
//! setters, and its builder.

use alloc::borrow::ToOwned;
use alloc::string::String;
use core::fmt;
use core::str::FromStr;

use crate::driver::parse::FromLayout;
use crate::driver::parse::Layout;
use crate::ops::pct::{is, ALPHA, DIGIT, IPVFUTURE, PATH, QUERY, REG_NAME, SCHEME, USERINFO};
use crate::{
    Component, ErrorKind, Normalization, Normalized, ParseError, Resolved, SetError, SetErrorKind,
    UriRef,
};

/// An owned URI reference: one `String` and the offsets of its components.
///
/// Every setter validates its input against the component's grammar (RFC 3986 Appendix A) and
/// keeps the whole a valid URI reference, or returns an error and leaves the URI unchanged.
///
/// ```
/// use urilex::UriBuf;
/// let mut uri = UriBuf::parse("http://example.com/a?q#f")?;
/// uri.set_host("[::1]")?;
/// uri.set_port("8080")?;
/// uri.set_path("/b/c")?;
/// uri.remove_fragment();
/// assert_eq!(uri.as_str(), "http://[::1]:8080/b/c?q");
/// assert_eq!(uri.as_uri_ref().port_u16(), Some(8080));
/// assert!(uri.set_path("no-slash").is_err()); // §3.3: with an authority, the path is absolute
/// assert_eq!(uri.as_str(), "http://[::1]:8080/b/c?q");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone)]
pub struct UriBuf {
    s: String,
    layout: Layout,
}

// ---- component validation (RFC 3986 Appendix A) -------------------------------------------------

/// Checks `s` against `class` plus `pct-encoded`.
fn check_chars(s: &str, class: u16, c: Component) -> Result<(), SetError> {
    let b = s.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let x = b[i];
        if x == b'%' {
            for j in 1..3 {
                match b.get(i + j) {
                    Some(h) if h.is_ascii_hexdigit() => {}
                    _ => {
                        return Err(SetError::syntax(
                            c,
                            i + j,
                            ErrorKind::InvalidPercentEncoding,
                        ))
                    }
                }
            }
            i += 3;
        } else if is(x, class) {
            i += 1;
        } else {
            return Err(SetError::syntax(c, i, ErrorKind::InvalidChar));
        }
    }
    Ok(())
}

/// `scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )` (§3.1)
fn check_scheme(s: &str) -> Result<(), SetError> {
    let b = s.as_bytes();
    match b.first() {
        Some(&x) if is(x, ALPHA) => {}
        _ => {
            return Err(SetError::syntax(
                Component::Scheme,
                0,
                ErrorKind::InvalidScheme,
            ))
        }
    }
    match b.iter().position(|&x| !is(x, SCHEME)) {
        Some(i) => Err(SetError::syntax(
            Component::Scheme,
            i,
            ErrorKind::InvalidChar,
        )),
        None => Ok(()),
    }
}

/// `host = IP-literal / IPv4address / reg-name` (§3.2.2); IPv4address is a reg-name
/// syntactically, so only IP-literals need their own check.
fn check_host(s: &str) -> Result<(), SetError> {
    let c = Component::Host;
    let Some(inner) = s.strip_prefix('[') else {
        return check_chars(s, REG_NAME, c);
    };
    let Some(inner) = inner.strip_suffix(']') else {
        return Err(match s[1..].find(']') {
            Some(i) => SetError::syntax(c, i + 2, ErrorKind::InvalidChar),
            None => SetError::syntax(c, s.len(), ErrorKind::UnexpectedEnd),
        });
    };
    let b = inner.as_bytes();
    if let Some(rest) = inner.strip_prefix(['v', 'V']) {
        // IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )
        let hex = rest.bytes().take_while(u8::is_ascii_hexdigit).count();
        let tail = &rest.as_bytes()[hex..];
        if hex == 0 || tail.first() != Some(&b'.') || tail.len() < 2 {
            return Err(SetError::syntax(c, 1, ErrorKind::InvalidIpv6));
        }
        if let Some(i) = tail[1..].iter().position(|&x| !is(x, IPVFUTURE)) {
            return Err(SetError::syntax(c, 3 + hex + i, ErrorKind::InvalidChar));
        }
        return Ok(());
    }
    if !crate::driver::ip::is_ipv6(b) {
        return Err(SetError::syntax(c, 1, ErrorKind::InvalidIpv6));
    }
    Ok(())
}

fn check_port(s: &str) -> Result<(), SetError> {
    match s.bytes().position(|x| !is(x, DIGIT)) {
        Some(i) => Err(SetError::syntax(Component::Port, i, ErrorKind::InvalidChar)),
        None => Ok(()),
    }
}

/// The path's characters (§3.3) and its shape given what else is present.
fn check_path(p: &str, has_scheme: bool, has_authority: bool) -> Result<(), SetError> {
    let c = Component::Path;
    check_chars(p, PATH, c)?;
    if has_authority {
        if !p.is_empty() && !p.starts_with('/') {
            return Err(SetError::new(c, 0, SetErrorKind::PathNotAbsolute));
        }
    } else if p.starts_with("//") {
        return Err(SetError::new(c, 0, SetErrorKind::PathStartsWithTwoSlashes));
    } else if !has_scheme && !p.starts_with('/') {
        // §4.2: segment-nz-nc.
        let first = p.split('/').next().unwrap_or("");
        if let Some(i) = first.find(':') {
            return Err(SetError::syntax(c, i, ErrorKind::ColonInFirstSegment));
        }
    }
    Ok(())
}

/// The longest reference a `UriBuf` holds (see [`crate::vocab::error::BUF_MAX_LEN`]).
const MAX_LEN: usize = crate::vocab::error::BUF_MAX_LEN;

/// Appends `name=value` to a form-encoded query, after a `&` when it is not empty.
fn push_form_pair(query: &mut String, name: &str, value: &str) {
    use core::fmt::Write;
    if !query.is_empty() {
        query.push('&');
    }
    // Writing to a String cannot fail.
    let _ = write!(
        query,
        "{}={}",
        crate::ops::pct::encode_form(name),
        crate::ops::pct::encode_form(value)
    );
}

// ---- parts ------------------------------------------------------------------------------------

/// The components of a reference, as text; `None` where the delimiter is absent. `Debug`
/// (a builder's) hides a password.
#[derive(Clone, Copy, Default)]
struct Parts<'a> {
    scheme: Option<&'a str>,
    userinfo: Option<&'a str>,
    host: Option<&'a str>,
    port: Option<&'a str>,
    path: &'a str,
    query: Option<&'a str>,
    fragment: Option<&'a str>,
}

impl fmt::Debug for Parts<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Parts")
            .field("scheme", &self.scheme)
            .field(
                "userinfo",
                &self.userinfo.map(crate::grammars::redact::RedactedUserinfo),
            )
            .field("host", &self.host)
            .field("port", &self.port)
            .field("path", &self.path)
            .field("query", &self.query)
            .field("fragment", &self.fragment)
            .finish()
    }
}

impl<'a> Parts<'a> {
    fn of(u: &UriRef<'a>) -> Self {
        Parts {
            scheme: u.scheme(),
            userinfo: u.userinfo(),
            host: u.host(),
            port: u.port(),
            path: u.path(),
            query: u.query(),
            fragment: u.fragment(),
        }
    }

    /// Checks every component and the whole's shape.
    fn check(&self) -> Result<(), SetError> {
        if let Some(s) = self.scheme {
            check_scheme(s)?;
        }
        if self.host.is_none() {
            if self.userinfo.is_some() {
                return Err(SetError::new(
                    Component::Userinfo,
                    0,
                    SetErrorKind::NoAuthority,
                ));
            }
            if self.port.is_some() {
                return Err(SetError::new(Component::Port, 0, SetErrorKind::NoAuthority));
            }
        }
        if let Some(u) = self.userinfo {
            check_chars(u, USERINFO, Component::Userinfo)?;
        }
        if let Some(h) = self.host {
            check_host(h)?;
        }
        if let Some(p) = self.port {
            check_port(p)?;
        }
        check_path(self.path, self.scheme.is_some(), self.host.is_some())?;
        if let Some(q) = self.query {
            check_chars(q, QUERY, Component::Query)?;
        }
        if let Some(f) = self.fragment {
            check_chars(f, QUERY, Component::Fragment)?;
        }
        Ok(())
    }

    /// Refuses a reference longer than [`MAX_LEN`]: the component and index where the text
    /// passes the limit, in the order of the text.
    fn check_len(&self) -> Result<(), SetError> {
        let delimited = |x: Option<&'a str>, n: usize| x.map_or(0, |s| s.len() + n);
        let in_order = [
            (Component::Scheme, delimited(self.scheme, 1)),
            (Component::Userinfo, delimited(self.userinfo, 1)),
            (Component::Host, delimited(self.host, 2)),
            (Component::Port, delimited(self.port, 1)),
            (Component::Path, self.path.len()),
            (Component::Query, delimited(self.query, 1)),
            (Component::Fragment, delimited(self.fragment, 1)),
        ];
        let mut total = 0usize;
        for (component, len) in in_order {
            if len > MAX_LEN - total {
                return Err(SetError::new(
                    component,
                    MAX_LEN - total,
                    SetErrorKind::TooLong,
                ));
            }
            total += len;
        }
        Ok(())
    }

    fn len(&self) -> usize {
        let o = |x: Option<&str>| x.map_or(0, |s| s.len() + 1);
        o(self.scheme)
            + o(self.userinfo)
            + self.host.map_or(0, |h| h.len() + 2)
            + o(self.port)
            + self.path.len()
            + o(self.query)
            + o(self.fragment)
    }

    /// Recomposes (§5.3) and records the layout as it goes; refuses a result too long for
    /// the layout's offsets.
    fn build(&self) -> Result<UriBuf, SetError> {
        self.check_len()?;
        let mut s = String::with_capacity(self.len());
        let mut l = Layout::default();
        if let Some(sc) = self.scheme {
            s.push_str(sc);
            l.scheme_end = s.len() as u32;
            s.push(':');
        }
        if let Some(h) = self.host {
            s.push_str("//");
            if let Some(u) = self.userinfo {
                s.push_str(u);
                s.push('@');
            }
            l.host_start = s.len() as u32;
            s.push_str(h);
            l.host_end = s.len() as u32;
            if let Some(p) = self.port {
                s.push(':');
                s.push_str(p);
            }
        }
        l.path_start = s.len() as u32;
        s.push_str(self.path);
        l.path_end = s.len() as u32;
        if let Some(q) = self.query {
            s.push('?');
            s.push_str(q);
        }
        l.query_end = s.len() as u32;
        if let Some(f) = self.fragment {
            s.push('#');
            s.push_str(f);
        }
        Ok(UriBuf { s, layout: l })
    }
}

/// The layout of a parsed reference, read back through its public spans.
fn layout_of(u: &UriRef<'_>) -> Layout {
    let path = u.span(Component::Path).unwrap_or(0..0);
    let host = u.span(Component::Host).unwrap_or(0..0);
    Layout {
        scheme_end: u.span(Component::Scheme).map_or(0, |r| r.end) as u32,
        host_start: host.start as u32,
        host_end: host.end as u32,
        path_start: path.start as u32,
        path_end: path.end as u32,
        query_end: u.span(Component::Query).map_or(path.end, |r| r.end) as u32,
    }
}

// ---- UriBuf -----------------------------------------------------------------------------------

impl UriBuf {
    /// Parses a URI reference (RFC 3986 §4.1) into an owned buffer.
    ///
    /// ```
    /// let uri = urilex::UriBuf::parse("../a?b")?;
    /// assert_eq!(uri.as_uri_ref().path(), "../a");
    /// # Ok::<(), urilex::ParseError>(())
    /// ```
    pub fn parse(input: &str) -> Result<Self, ParseError> {
        UriRef::parse(input).map(UriBuf::from)
    }

    /// A builder for a new reference, component by component.
    ///
    /// ```
    /// let uri = urilex::UriBuf::builder().scheme("https").host("example.com").path("/a").query("x=1").build()?;
    /// assert_eq!(uri.as_str(), "https://example.com/a?x=1");
    /// # Ok::<(), urilex::SetError>(())
    /// ```
    pub fn builder<'a>() -> UriBufBuilder<'a> {
        UriBufBuilder::default()
    }

    /// The reference, borrowed: a [`UriRef`], for everything that takes one (resolution,
    /// normalization, comparison).
    ///
    /// ```
    /// let uri = urilex::UriBuf::parse("http://h:1/p")?;
    /// assert_eq!(uri.as_uri_ref().port(), Some("1"));
    /// assert_eq!(uri.as_uri_ref().normalized().to_string(), "http://h:1/p");
    /// # Ok::<(), urilex::ParseError>(())
    /// ```
    #[inline]
    pub fn as_uri_ref(&self) -> UriRef<'_> {
        UriRef::from_layout(&self.s, self.layout)
    }

    /// `scheme` (§3.1), as [`UriRef::scheme`] gives it.
    pub fn scheme(&self) -> Option<&str> {
        self.as_uri_ref().scheme()
    }

    /// `authority` (§3.2), as [`UriRef::authority`] gives it.
    pub fn authority(&self) -> Option<&str> {
        self.as_uri_ref().authority()
    }

    /// `userinfo` (§3.2.1), as [`UriRef::userinfo`] gives it.
    pub fn userinfo(&self) -> Option<&str> {
        self.as_uri_ref().userinfo()
    }

    /// `host` (§3.2.2), as [`UriRef::host`] gives it.
    pub fn host(&self) -> Option<&str> {
        self.as_uri_ref().host()
    }

    /// `port` (§3.2.3), as [`UriRef::port`] gives it.
    pub fn port(&self) -> Option<&str> {
        self.as_uri_ref().port()
    }

    /// `path` (§3.3), as [`UriRef::path`] gives it.
    pub fn path(&self) -> &str {
        self.as_uri_ref().path()
    }

    /// `query` (§3.4), as [`UriRef::query`] gives it.
    pub fn query(&self) -> Option<&str> {
        self.as_uri_ref().query()
    }

    /// `fragment` (§3.5), as [`UriRef::fragment`] gives it.
    pub fn fragment(&self) -> Option<&str> {
        self.as_uri_ref().fragment()
    }

    crate::grammars::accessors::port_accessors!('_, "let x = urilex::UriBuf::parse;");
    crate::ops::host::host_accessors!('_, "let x = urilex::UriBuf::parse;");

    /// Whether this is a relative reference (no scheme); see [`UriRef::is_relative`].
    #[inline]
    pub fn is_relative(&self) -> bool {
        self.as_uri_ref().is_relative()
    }

    /// Whether the path is relative; see [`UriRef::contains_relative_path`].
    pub fn contains_relative_path(&self) -> bool {
        self.as_uri_ref().contains_relative_path()
    }

    /// The path's segments, an absolute path starting with an empty one; see
    /// [`UriRef::path_segments`].
    ///
    /// ```
    /// let uri = urilex::UriBuf::parse("http://h/a/b")?;
    /// assert_eq!(uri.path_segments().collect::<Vec<_>>(), ["", "a", "b"]);
    /// # Ok::<(), urilex::ParseError>(())
    /// ```
    pub fn path_segments(&self) -> crate::Segments<'_> {
        self.as_uri_ref().path_segments()
    }

    /// Sets the path from segments in the convention of rhymu8354/Uri (`SetPath`): an empty
    /// first segment makes the path absolute, `[""]` is `/`. Each segment is text, not yet
    /// encoded: every byte that a segment cannot hold literally (`/`, `?`, `#`, `%`, space,
    /// non-ASCII, ...; §3.3 `pchar`) is percent-encoded, and so is a `:` in the first segment
    /// of a relative reference without a scheme (§4.2). Errors as [`set_path`](Self::set_path).
    ///
    /// ```
    /// let mut uri = urilex::UriBuf::parse("http://h/x?q")?;
    /// uri.set_path_segments(["", "a b", "c/d", ""])?;
    /// assert_eq!(uri.as_str(), "http://h/a%20b/c%2Fd/?q");
    /// assert_eq!(uri.path_segments().collect::<Vec<_>>(), ["", "a%20b", "c%2Fd", ""]);
    /// let mut rel = urilex::UriBuf::parse("x")?;
    /// rel.set_path_segments(["a:b", "c:d"])?;
    /// assert_eq!(rel.as_str(), "a%3Ab/c:d");
    /// assert!(uri.set_path_segments(["relative"]).is_err()); // with an authority (§3.3)
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_path_segments<I, S>(&mut self, segments: I) -> Result<(), SetError>
    where
        I: IntoIterator<Item = S>,
        S: AsRef<str>,
    {
        let colon_is_literal = !self.is_relative();
        let mut path = String::new();
        let mut count = 0;
        for (i, segment) in segments.into_iter().enumerate() {
            if i > 0 {
                path.push('/');
            }
            for &b in segment.as_ref().as_bytes() {
                let literal = is(b, PATH) && b != b'/' && (b != b':' || i > 0 || colon_is_literal);
                if literal {
                    path.push(char::from(b));
                } else {
                    path.push_str(crate::ops::pct::pct_str(b));
                }
            }
            count = i + 1;
        }
        if count == 1 && path.is_empty() {
            path.push('/'); // [""]: the root
        }
        self.set_path(&path)
    }

    /// Normalizes the path in place (rhymu8354/Uri's `NormalizePath`) as [`UriRef::normalized`]
    /// does: percent-encoded unreserved characters decoded (§6.2.2.2), dot-segments removed
    /// (§6.2.2.3; a relative path keeps the `..` that climb above its start, so that it still
    /// resolves to the same target). Other components are left as they are.
    ///
    /// ```
    /// let mut uri = urilex::UriBuf::parse("HTTP://h/a/./b/../%63?x=/./")?;
    /// uri.normalize_path();
    /// assert_eq!(uri.as_str(), "HTTP://h/a/c?x=/./");
    /// let mut rel = urilex::UriBuf::parse("a/../../b")?;
    /// rel.normalize_path();
    /// assert_eq!(rel.as_str(), "../b");
    /// # Ok::<(), urilex::ParseError>(())
    /// ```
    pub fn normalize_path(&mut self) {
        let u = self.as_uri_ref();
        let normal = u.normalized();
        if normal.is_already_normal() {
            return;
        }
        let normal = normal.to_buf();
        let path = normal.as_uri_ref().path();
        if path != u.path() {
            // The normal path fits where the old one stood: normalization keeps the other
            // components' shape, and its path never gets longer (decoding shortens, dot
            // removal shortens; a "/." or "./" prefix replaces at least as much).
            if let Ok(new) = self.edited(|p| {
                p.path = path;
                Ok(())
            }) {
                *self = new;
            }
        }
    }

    /// Appends a `name=value` pair to the query, encoded as `application/x-www-form-urlencoded`
    /// (space as `+`, every byte but the unreserved ones as `%XX`), which
    /// [`pct::query_pairs`](crate::pct::query_pairs)`(..).plus_as_space(true)` decodes back
    /// exactly. Pairs are separated by `&`; a query is added when there is none.
    ///
    /// ```
    /// use urilex::{pct, UriBuf};
    /// let mut uri = UriBuf::parse("http://h/search#top")?;
    /// uri.append_query_pair("q", "a&b=c+d é%")?;
    /// uri.append_query_pair("lang", "en")?;
    /// assert_eq!(uri.as_str(), "http://h/search?q=a%26b%3Dc%2Bd+%C3%A9%25&lang=en#top");
    /// let pairs: Vec<(String, String)> = pct::query_pairs(uri.query().unwrap())
    ///     .plus_as_space(true)
    ///     .map(|(k, v)| (k.to_string(), v.to_string()))
    ///     .collect();
    /// assert_eq!(pairs, [("q".into(), "a&b=c+d é%".into()), ("lang".into(), "en".into())]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn append_query_pair(&mut self, name: &str, value: &str) -> Result<(), SetError> {
        let mut query = String::from(self.query().unwrap_or(""));
        push_form_pair(&mut query, name, value);
        self.set_query(&query)
    }

    /// Replaces the query with the given pairs, encoded as by
    /// [`append_query_pair`](Self::append_query_pair); no pairs remove the query.
    ///
    /// ```
    /// let mut uri = urilex::UriBuf::parse("http://h/?old=1")?;
    /// uri.set_query_pairs([("a", "1 2"), ("b", "x/y")])?;
    /// assert_eq!(uri.as_str(), "http://h/?a=1+2&b=x%2Fy");
    /// uri.set_query_pairs(std::iter::empty::<(&str, &str)>())?;
    /// assert_eq!(uri.as_str(), "http://h/");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_query_pairs<I, K, V>(&mut self, pairs: I) -> Result<(), SetError>
    where
        I: IntoIterator<Item = (K, V)>,
        K: AsRef<str>,
        V: AsRef<str>,
    {
        let mut query = String::new();
        let mut any = false;
        for (name, value) in pairs {
            push_form_pair(&mut query, name.as_ref(), value.as_ref());
            any = true;
        }
        if !any {
            self.remove_query();
            return Ok(());
        }
        self.set_query(&query)
    }

    /// The whole text.
    ///
    /// ```
    /// assert_eq!(urilex::UriBuf::parse("a:b")?.as_str(), "a:b");
    /// # Ok::<(), urilex::ParseError>(())
    /// ```
    pub fn as_str(&self) -> &str {
        &self.s
    }

    /// The text, as a `String`.
    ///
    /// ```
    /// assert_eq!(urilex::UriBuf::parse("a:b")?.into_string(), "a:b");
    /// # Ok::<(), urilex::ParseError>(())
    /// ```
    pub fn into_string(self) -> String {
        self.s
    }

    /// Applies `edit` to the components and rebuilds; `self` is unchanged on error.
    fn edited<'a>(
        &'a self,
        edit: impl FnOnce(&mut Parts<'a>) -> Result<(), SetError>,
    ) -> Result<UriBuf, SetError> {
        let mut parts = Parts::of(&self.as_uri_ref());
        edit(&mut parts)?;
        parts.build()
    }

    /// Sets the scheme (§3.1).
    ///
    /// ```
    /// let mut uri = urilex::UriBuf::parse("//h/p")?;
    /// uri.set_scheme("wss")?;
    /// assert_eq!(uri.as_str(), "wss://h/p");
    /// assert!(uri.set_scheme("1x").is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_scheme(&mut self, scheme: &str) -> Result<(), SetError> {
        check_scheme(scheme)?;
        let new = self.edited(|p| {
            p.scheme = Some(scheme);
            Ok(())
        })?;
        *self = new;
        Ok(())
    }

    /// Removes the scheme, making this a relative reference (§4.2). Refused when the path's
    /// first segment has a `:` and there is no authority (it would read as a scheme).
    ///
    /// ```
    /// let mut uri = urilex::UriBuf::parse("http://h/p")?;
    /// uri.remove_scheme()?;
    /// assert_eq!(uri.as_str(), "//h/p");
    /// assert!(urilex::UriBuf::parse("urn:a:b")?.remove_scheme().is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn remove_scheme(&mut self) -> Result<(), SetError> {
        let new = self.edited(|p| {
            check_path(p.path, false, p.host.is_some())?;
            p.scheme = None;
            Ok(())
        })?;
        *self = new;
        Ok(())
    }

    /// Sets the userinfo (§3.2.1); there must be an authority.
    ///
    /// ```
    /// let mut uri = urilex::UriBuf::parse("ftp://h/")?;
    /// uri.set_userinfo("anonymous:x")?;
    /// assert_eq!(uri.as_str(), "ftp://anonymous:x@h/");
    /// assert!(uri.set_userinfo("a@b").is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_userinfo(&mut self, userinfo: &str) -> Result<(), SetError> {
        check_chars(userinfo, USERINFO, Component::Userinfo)?;
        let new = self.edited(|p| {
            if p.host.is_none() {
                return Err(SetError::new(
                    Component::Userinfo,
                    0,
                    SetErrorKind::NoAuthority,
                ));
            }
            p.userinfo = Some(userinfo);
            Ok(())
        })?;
        *self = new;
        Ok(())
    }

    /// Removes the userinfo and its `@`.
    ///
    /// ```
    /// let mut uri = urilex::UriBuf::parse("http://u@h/")?;
    /// uri.remove_userinfo();
    /// assert_eq!(uri.as_str(), "http://h/");
    /// # Ok::<(), urilex::ParseError>(())
    /// ```
    pub fn remove_userinfo(&mut self) {
        let new = self.edited(|p| {
            p.userinfo = None;
            Ok(())
        });
        if let Ok(new) = new {
            *self = new;
        }
    }

    /// Sets the host (§3.2.2): a reg-name, an IPv4 address, or an IP-literal in brackets. Adds
    /// an authority when there is none, which needs the path to be empty or absolute.
    ///
    /// ```
    /// let mut uri = urilex::UriBuf::parse("/p")?;
    /// uri.set_host("example.com")?;
    /// assert_eq!(uri.as_str(), "//example.com/p");
    /// uri.set_host("[v1.x]")?;
    /// assert!(uri.set_host("[::g]").is_err());
    /// assert!(uri.set_host("a b").is_err());
    /// assert_eq!(uri.as_str(), "//[v1.x]/p");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_host(&mut self, host: &str) -> Result<(), SetError> {
        check_host(host)?;
        let new = self.edited(|p| {
            if p.host.is_none() {
                check_path(p.path, p.scheme.is_some(), true)?;
            }
            p.host = Some(host);
            Ok(())
        })?;
        *self = new;
        Ok(())
    }

    /// Removes the whole authority (userinfo, host and port) and its `//`. Refused when the
    /// path starts with `//` (without an authority it would read as one, §3.3).
    ///
    /// ```
    /// let mut uri = urilex::UriBuf::parse("file://h/etc")?;
    /// uri.remove_authority()?;
    /// assert_eq!(uri.as_str(), "file:/etc");
    /// assert!(urilex::UriBuf::parse("//x//y")?.remove_authority().is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn remove_authority(&mut self) -> Result<(), SetError> {
        let new = self.edited(|p| {
            check_path(p.path, p.scheme.is_some(), false)?;
            p.userinfo = None;
            p.host = None;
            p.port = None;
            Ok(())
        })?;
        *self = new;
        Ok(())
    }

    /// Sets the port (§3.2.3): digits, possibly none (`http://h:/`); there must be an authority.
    ///
    /// ```
    /// let mut uri = urilex::UriBuf::parse("http://h/")?;
    /// uri.set_port("8080")?;
    /// assert_eq!(uri.as_str(), "http://h:8080/");
    /// assert!(uri.set_port("80a").is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_port(&mut self, port: &str) -> Result<(), SetError> {
        check_port(port)?;
        let new = self.edited(|p| {
            if p.host.is_none() {
                return Err(SetError::new(Component::Port, 0, SetErrorKind::NoAuthority));
            }
            p.port = Some(port);
            Ok(())
        })?;
        *self = new;
        Ok(())
    }

    /// Sets the port from a number.
    ///
    /// ```
    /// let mut uri = urilex::UriBuf::parse("http://h/")?;
    /// uri.set_port_u16(443)?;
    /// assert_eq!(uri.as_uri_ref().port_u16(), Some(443));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_port_u16(&mut self, port: u16) -> Result<(), SetError> {
        let mut buf = [0u8; 5];
        let mut i = buf.len();
        let mut v = port;
        loop {
            i -= 1;
            buf[i] = b'0' + (v % 10) as u8;
            v /= 10;
            if v == 0 {
                break;
            }
        }
        self.set_port(core::str::from_utf8(&buf[i..]).unwrap_or("0"))
    }

    /// Removes the port and its `:`.
    ///
    /// ```
    /// let mut uri = urilex::UriBuf::parse("http://h:80/")?;
    /// uri.remove_port();
    /// assert_eq!(uri.as_str(), "http://h/");
    /// # Ok::<(), urilex::ParseError>(())
    /// ```
    pub fn remove_port(&mut self) {
        let new = self.edited(|p| {
            p.port = None;
            Ok(())
        });
        if let Ok(new) = new {
            *self = new;
        }
    }

    /// Sets the path (§3.3). With an authority it must be empty or start with `/`; without one
    /// it cannot start with `//`; in a relative reference without authority its first segment
    /// cannot hold `:` (§4.2).
    ///
    /// ```
    /// let mut uri = urilex::UriBuf::parse("a?q")?;
    /// uri.set_path("b/c%20d")?;
    /// assert_eq!(uri.as_str(), "b/c%20d?q");
    /// assert!(uri.set_path("x:y").is_err());
    /// assert!(uri.set_path("//y").is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_path(&mut self, path: &str) -> Result<(), SetError> {
        let new = self.edited(|p| {
            check_path(path, p.scheme.is_some(), p.host.is_some())?;
            p.path = path;
            Ok(())
        })?;
        *self = new;
        Ok(())
    }

    /// Sets the query (§3.4), without its `?`.
    ///
    /// ```
    /// let mut uri = urilex::UriBuf::parse("/p#f")?;
    /// uri.set_query("a=1&b=/?")?;
    /// assert_eq!(uri.as_str(), "/p?a=1&b=/?#f");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_query(&mut self, query: &str) -> Result<(), SetError> {
        check_chars(query, QUERY, Component::Query)?;
        let new = self.edited(|p| {
            p.query = Some(query);
            Ok(())
        })?;
        *self = new;
        Ok(())
    }

    /// Removes the query and its `?`.
    ///
    /// ```
    /// let mut uri = urilex::UriBuf::parse("/p?q#f")?;
    /// uri.remove_query();
    /// assert_eq!(uri.as_str(), "/p#f");
    /// # Ok::<(), urilex::ParseError>(())
    /// ```
    pub fn remove_query(&mut self) {
        let new = self.edited(|p| {
            p.query = None;
            Ok(())
        });
        if let Ok(new) = new {
            *self = new;
        }
    }

    /// Sets the fragment (§3.5), without its `#`.
    ///
    /// ```
    /// let mut uri = urilex::UriBuf::parse("/p")?;
    /// uri.set_fragment("sec-2")?;
    /// assert_eq!(uri.as_str(), "/p#sec-2");
    /// assert!(uri.set_fragment("a#b").is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_fragment(&mut self, fragment: &str) -> Result<(), SetError> {
        check_chars(fragment, QUERY, Component::Fragment)?;
        let new = self.edited(|p| {
            p.fragment = Some(fragment);
            Ok(())
        })?;
        *self = new;
        Ok(())
    }

    /// Removes the fragment and its `#`.
    ///
    /// ```
    /// let mut uri = urilex::UriBuf::parse("/p#f")?;
    /// uri.remove_fragment();
    /// assert_eq!(uri.as_str(), "/p");
    /// # Ok::<(), urilex::ParseError>(())
    /// ```
    pub fn remove_fragment(&mut self) {
        let new = self.edited(|p| {
            p.fragment = None;
            Ok(())
        });
        if let Ok(new) = new {
            *self = new;
        }
    }
}

impl From<UriRef<'_>> for UriBuf {
    /// Copies the text; the layout is read from the parsed reference.
    fn from(u: UriRef<'_>) -> Self {
        UriBuf {
            s: u.as_str().to_owned(),
            layout: layout_of(&u),
        }
    }
}

impl From<&UriRef<'_>> for UriBuf {
    fn from(u: &UriRef<'_>) -> Self {
        UriBuf::from(*u)
    }
}

impl FromStr for UriBuf {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Self, ParseError> {
        UriBuf::parse(s)
    }
}

impl TryFrom<&str> for UriBuf {
    type Error = ParseError;

    fn try_from(s: &str) -> Result<Self, ParseError> {
        UriBuf::parse(s)
    }
}

impl TryFrom<String> for UriBuf {
    type Error = ParseError;

    /// Parses and keeps the given `String` as the buffer.
    fn try_from(s: String) -> Result<Self, ParseError> {
        let layout = layout_of(&UriRef::parse(&s)?);
        Ok(UriBuf { s, layout })
    }
}

impl fmt::Display for UriBuf {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.s)
    }
}

impl fmt::Debug for UriBuf {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.as_uri_ref().debug_as("UriBuf", f)
    }
}

impl PartialEq for UriBuf {
    fn eq(&self, other: &Self) -> bool {
        self.s == other.s
    }
}

impl Eq for UriBuf {}

impl core::hash::Hash for UriBuf {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.s.hash(state);
    }
}

impl PartialEq<str> for UriBuf {
    fn eq(&self, other: &str) -> bool {
        self.s == other
    }
}

impl PartialEq<&str> for UriBuf {
    fn eq(&self, other: &&str) -> bool {
        self.s == *other
    }
}

impl PartialOrd for UriBuf {
    fn partial_cmp(&self, other: &Self) -> Option<core::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

/// Ordered by text, byte for byte, as `String` and [`UriRef`] are (consistent with `Eq`,
/// `Hash` and `Borrow<str>`), so a `BTreeSet<UriBuf>` can be searched with a `&str`.
///
/// ```
/// use std::collections::{BTreeSet, HashSet};
/// use urilex::UriBuf;
/// let set: BTreeSet<UriBuf> = ["http://b/", "http://a/"].iter().map(|s| s.parse().unwrap()).collect();
/// assert_eq!(set.first().unwrap(), "http://a/");
/// assert!(set.contains("http://b/"));
/// let set: HashSet<UriBuf> = set.into_iter().collect();
/// assert!(set.contains("http://a/"));
/// ```
impl Ord for UriBuf {
    fn cmp(&self, other: &Self) -> core::cmp::Ordering {
        self.s.cmp(&other.s)
    }
}

impl AsRef<str> for UriBuf {
    fn as_ref(&self) -> &str {
        &self.s
    }
}

impl core::borrow::Borrow<str> for UriBuf {
    fn borrow(&self) -> &str {
        &self.s
    }
}

/// ```
/// let s: String = urilex::UriBuf::parse("a:b")?.into();
/// assert_eq!(s, "a:b");
/// # Ok::<(), urilex::ParseError>(())
/// ```
impl From<UriBuf> for String {
    fn from(u: UriBuf) -> String {
        u.s
    }
}

impl UriBuf {
    /// A buffer for text that this crate wrote as a valid reference (a resolution or a
    /// normalization, whose outputs re-parse by design: their tests check it on every
    /// vector). The parse only reads the layout.
    fn from_valid(s: String) -> UriBuf {
        match UriBuf::try_from(s) {
            Ok(buf) => buf,
            Err(e) => unreachable!("this crate wrote an invalid reference: {e}"),
        }
    }
}

impl<'a> UriRef<'a> {
    /// An owned copy.
    ///
    /// ```
    /// let buf = urilex::UriRef::parse("a:b")?.to_buf();
    /// assert_eq!(buf.as_str(), "a:b");
    /// # Ok::<(), urilex::ParseError>(())
    /// ```
    pub fn to_buf(&self) -> UriBuf {
        UriBuf::from(*self)
    }
}

impl Resolved<'_, '_> {
    /// The target, owned (one allocation, of its exact length).
    ///
    /// ```
    /// use urilex::UriRef;
    /// let base = UriRef::parse("http://a/b/c?q")?;
    /// let mut target = UriRef::parse("../d#f")?.resolve(&base)?.to_buf();
    /// target.remove_fragment();
    /// assert_eq!(target, "http://a/d");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_buf(&self) -> UriBuf {
        let mut s = String::with_capacity(self.len());
        self.append_to(&mut s);
        UriBuf::from_valid(s)
    }

    /// The target, normalized (RFC 3986 §6.2.2 syntax-based), owned: the normal form of a
    /// link, ready to dedupe. One allocation for the target, one for the normal form when it
    /// differs.
    ///
    /// ```
    /// use urilex::UriRef;
    /// let base = UriRef::parse("HTTP://Example.com/a/")?;
    /// let target = UriRef::parse("b/%7euser/../c")?.resolve(&base)?.normalized();
    /// assert_eq!(target, "http://example.com/a/b/c");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn normalized(&self) -> UriBuf {
        self.normalized_with(Normalization::Syntax)
    }

    /// [`normalized`](Self::normalized) at the given level (e.g. with the scheme-based rules
    /// of §6.2.3).
    ///
    /// ```
    /// use urilex::{Normalization, UriRef};
    /// let base = UriRef::parse("http://example.com:80/a/")?;
    /// let target = UriRef::parse("b")?.resolve(&base)?.normalized_with(Normalization::SchemeBased);
    /// assert_eq!(target, "http://example.com/a/b");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn normalized_with(&self, level: Normalization) -> UriBuf {
        let target = self.to_buf();
        let normal = target.as_uri_ref().normalized_with(level);
        if normal.is_already_normal() {
            return target;
        }
        normal.to_buf()
    }
}

impl Normalized<'_> {
    /// The normal form, owned.
    ///
    /// ```
    /// let buf = urilex::UriRef::parse("HTTP://a/./b")?.normalized().to_buf();
    /// assert_eq!(buf, "http://a/b");
    /// # Ok::<(), urilex::ParseError>(())
    /// ```
    pub fn to_buf(&self) -> UriBuf {
        UriBuf::from_valid(alloc::string::ToString::to_string(self))
    }
}

/// What the borrowed view offers, the owned value offers under the same name, with the same
/// kind of result (a view borrowing the buffer, `to_buf()` for an owned one).
impl UriBuf {
    /// The syntax-based normal form (RFC 3986 §6.2.2), as a view: [`UriRef::normalized`].
    ///
    /// ```
    /// let uri = urilex::UriBuf::parse("HTTP://Example.COM/a/./b")?;
    /// assert_eq!(uri.normalized().to_string(), "http://example.com/a/b");
    /// assert_eq!(uri.normalized().to_buf(), "http://example.com/a/b");
    /// # Ok::<(), urilex::ParseError>(())
    /// ```
    pub fn normalized(&self) -> crate::Normalized<'_> {
        self.as_uri_ref().normalized()
    }

    /// [`normalized`](Self::normalized) at the given level: [`UriRef::normalized_with`].
    pub fn normalized_with(&self, level: Normalization) -> crate::Normalized<'_> {
        self.as_uri_ref().normalized_with(level)
    }

    /// Whether two references have the same normal form: [`UriRef::normalized_eq`].
    pub fn normalized_eq(&self, other: &UriRef<'_>) -> bool {
        self.as_uri_ref().normalized_eq(other)
    }

    /// Resolves this reference against `base`: [`UriRef::resolve`].
    ///
    /// ```
    /// let base = urilex::UriRef::parse("http://a/b/c")?;
    /// let link = urilex::UriBuf::parse("../d")?;
    /// assert_eq!(link.resolve(&base)?.to_buf(), "http://a/d");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn resolve<'b>(
        &self,
        base: &UriRef<'b>,
    ) -> Result<crate::Resolved<'b, '_>, crate::ResolveError> {
        self.as_uri_ref().resolve(base)
    }

    /// The URI→IRI mapping (RFC 3987 §3.2), as a view: [`UriRef::to_iri`].
    pub fn to_iri(&self) -> crate::ToIri<'_> {
        self.as_uri_ref().to_iri()
    }

    /// The text with its password hidden, as a view: [`UriRef::redacted`].
    pub fn redacted(&self) -> crate::Redacted<'_> {
        self.as_uri_ref().redacted()
    }
}

impl crate::ResolvedIri<'_, '_> {
    /// The URI of the resolved IRI (RFC 3987 §3.1: non-ASCII characters as percent-encoded
    /// UTF-8, the host too), owned: the one way from an IRI to a URI, as
    /// [`IriRef::to_uri`](crate::IriRef::to_uri) is for a parsed one.
    pub fn to_uri(&self) -> UriBuf {
        let mut s = String::with_capacity(self.len() * 3);
        self.append_uri_to(&mut s);
        // The mapping of an IRI reference is a URI reference (RFC 3987 §3.1); the target of
        // two IRI references is one (tests/no_panic.rs checks both on random pairs).
        UriBuf::from_valid(s)
    }
}

// ---- builder ----------------------------------------------------------------------------------

/// Builds a [`UriBuf`] from components; [`build`](UriBufBuilder::build) validates them all.
///
/// ```
/// use urilex::UriBuf;
/// let uri = UriBuf::builder()
///     .scheme("http")
///     .userinfo("me")
///     .host("example.com")
///     .port("8080")
///     .path("/a/b")
///     .query("q")
///     .fragment("top")
///     .build()?;
/// assert_eq!(uri.as_str(), "http://me@example.com:8080/a/b?q#top");
/// assert!(UriBuf::builder().port("80").build().is_err()); // a port needs a host
/// # Ok::<(), urilex::SetError>(())
/// ```
#[derive(Clone, Copy, Debug, Default)]
#[must_use]
pub struct UriBufBuilder<'a> {
    parts: Parts<'a>,
}

/// Each method sets one component; `build` checks them all.
///
/// ```
/// let b = urilex::UriBuf::builder().host("h").userinfo("u").port("1").scheme("s").fragment("f").query("q").path("/p");
/// assert_eq!(b.build()?.as_str(), "s://u@h:1/p?q#f");
/// # Ok::<(), urilex::SetError>(())
/// ```
impl<'a> UriBufBuilder<'a> {
    /// Sets the scheme (§3.1).
    pub fn scheme(mut self, s: &'a str) -> Self {
        self.parts.scheme = Some(s);
        self
    }

    /// Sets the userinfo (§3.2.1); needs a host.
    pub fn userinfo(mut self, s: &'a str) -> Self {
        self.parts.userinfo = Some(s);
        self
    }

    /// Sets the host (§3.2.2), which makes an authority.
    pub fn host(mut self, s: &'a str) -> Self {
        self.parts.host = Some(s);
        self
    }

    /// Sets the port (§3.2.3); needs a host.
    pub fn port(mut self, s: &'a str) -> Self {
        self.parts.port = Some(s);
        self
    }

    /// Sets the path (§3.3); empty by default.
    pub fn path(mut self, s: &'a str) -> Self {
        self.parts.path = s;
        self
    }

    /// Sets the query (§3.4).
    pub fn query(mut self, s: &'a str) -> Self {
        self.parts.query = Some(s);
        self
    }

    /// Sets the fragment (§3.5).
    pub fn fragment(mut self, s: &'a str) -> Self {
        self.parts.fragment = Some(s);
        self
    }

    /// Validates every component and the whole, and builds the reference.
    ///
    /// ```
    /// let err = urilex::UriBuf::builder().host("h").path("p").build().unwrap_err();
    /// assert_eq!(err.kind(), urilex::SetErrorKind::PathNotAbsolute);
    /// ```
    pub fn build(self) -> Result<UriBuf, SetError> {
        self.parts.check()?;
        self.parts.build()
    }
}

impl UriBuf {
    /// The URI an IRI maps to (RFC 3987 §3.1), as an owned buffer.
    ///
    /// ```
    /// let uri = urilex::UriBuf::from_iri("http://r\u{E9}sum\u{E9}.example.org/")?;
    /// assert_eq!(uri.as_str(), "http://r%C3%A9sum%C3%A9.example.org/");
    /// # Ok::<(), urilex::ParseError>(())
    /// ```
    pub fn from_iri(iri: &str) -> Result<Self, ParseError> {
        use alloc::string::ToString;
        let mapped = crate::IriRef::parse(iri)?.to_uri().to_string();
        // §3.1's output is a URI: every non-ASCII octet is now `%XX`, nothing else changed.
        Self::parse(&mapped)
    }
}

/// The length limit, through the lowered [`MAX_LEN`] of test builds (64 bytes): every setter
/// and the builder refuse a result longer than the limit, and leave the buffer as it was.
#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    fn too_long(r: Result<(), SetError>, component: Component, index: usize) {
        let e = r.unwrap_err();
        assert_eq!(
            (e.kind(), e.component(), e.index()),
            (SetErrorKind::TooLong, component, index),
            "{e}"
        );
        assert!(e.to_string().contains("longer than 64 bytes"), "{e}");
    }

    #[test]
    fn setters_and_builder_refuse_a_result_past_the_limit() {
        let long = "x".repeat(60);
        let start = "http://h/p?q#f"; // 14 bytes
        let mut u = UriBuf::parse(start).unwrap();
        // "http://h/p?" is 11 bytes: a query of 53 fits with the fragment's 2 (64 in all).
        u.set_query(&long[..50]).unwrap();
        assert_eq!(u.as_str().len(), 63);
        u.set_query("q").unwrap();
        too_long(u.set_query(&long), Component::Query, 64 - 10);
        too_long(
            u.set_path(&alloc::format!("/{long}")),
            Component::Path,
            64 - 8,
        );
        too_long(u.set_host(&long), Component::Host, 59);
        too_long(u.set_fragment(&long), Component::Fragment, 64 - 12);
        too_long(u.set_userinfo(&long), Component::Userinfo, 59);
        too_long(u.set_scheme(&long), Component::Path, 0);
        too_long(u.append_query_pair("k", &long), Component::Query, 54);
        too_long(u.set_query_pairs([("k", &long)]), Component::Query, 54);
        too_long(u.set_path_segments(["", &long]), Component::Path, 56);
        assert_eq!(u.as_str(), start, "unchanged after every refusal");

        let exactly = UriBuf::builder().path(&"a".repeat(64)).build().unwrap();
        assert_eq!(exactly.as_str().len(), 64);
        let e = UriBuf::builder().path(&"a".repeat(65)).build().unwrap_err();
        assert_eq!(
            (e.kind(), e.component(), e.index()),
            (SetErrorKind::TooLong, Component::Path, 64)
        );
        let e = UriBuf::builder()
            .scheme("s")
            .path(&"a".repeat(62))
            .query("")
            .build()
            .unwrap_err();
        assert_eq!(
            (e.kind(), e.component(), e.index()),
            (SetErrorKind::TooLong, Component::Query, 0)
        );
    }
}
