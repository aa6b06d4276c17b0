//! URLs as the URL Standard (WHATWG) parses them: what browsers, and so crawlers, make of an
//! `href` (feature `whatwg`).
//!
//! The standard repairs what RFC 3986 refuses: `\` is `/` in a special URL, tabs and newlines
//! are dropped, a space becomes `%20`, `http://0x7f.1/` is `127.0.0.1`, an IDN host becomes
//! its A-label (UTS #46 through the `idna` crate). A [`Url`] is the result, serialized: one
//! `String` (the `href`) and the offsets of its parts, with the URL API's getters and setters.
//!
//! ```
//! use urilex::whatwg::Url;
//! let url = Url::parse("HTTP://EXAMPLE.com\\a b/../c?q=1 2#f", None)?;
//! assert_eq!(url.href(), "http://example.com/c?q=1%202#f");
//! assert_eq!((url.hostname(), url.pathname(), url.search()), ("example.com", "/c", "?q=1%202"));
//! let link = Url::parse("../img/a.png", Some("https://h/p/q/r.html"))?;
//! assert_eq!(link.as_str(), "https://h/p/img/a.png");
//! assert_eq!(Url::parse("http://0x7f.1/", None)?.host(), "127.0.0.1");
//! assert!(!urilex::whatwg::can_parse("http://a b/", None));
//! # Ok::<(), urilex::whatwg::ParseError>(())
//! ```
//!
//! Where the RFC types meet it: [`Url::to_uri_ref`] gives the href as a [`UriRef`] when it is
//! an RFC 3986 URI, which is nearly always (the standard leaves a few code points RFC 3986
//! refuses unencoded: `|`, `^`, `` ` `` and `{` `}` in a query or fragment, `[` `]` in a path).

pub(crate) mod host;
mod machine;
mod record;
#[cfg(test)]
mod reference;
mod shortcut;

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;
use core::hash::{Hash, Hasher};
use core::str::FromStr;

use crate::tables::whatwg::State;
pub use crate::vocab::whatwg_error::{ParseError, ValidationError, ValidationErrorKind};
use crate::UriRef;
use record::{Input, Record, Reporter};

/// Where each part of a serialized URL starts and ends (byte offsets into the href).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Offsets {
    /// The `:` after the scheme.
    scheme_end: u32,
    username_start: u32,
    username_end: u32,
    host_start: u32,
    host_end: u32,
    port: Option<u16>,
    path_start: u32,
    /// The `?`, if there is a query.
    query_start: Option<u32>,
    /// The `#`, if there is a fragment.
    fragment_start: Option<u32>,
    has_host: bool,
    opaque_path: bool,
}

/// A URL by the URL Standard, serialized: its `href` and the offsets of its parts.
///
/// Equal, ordered and hashed by its href. `Debug` hides a password.
#[derive(Clone)]
pub struct Url {
    href: String,
    o: Offsets,
}

/// Whether `input` parses as a URL (against `base`, which must parse too): the URL API's
/// `URL.canParse`.
///
/// ```
/// assert!(urilex::whatwg::can_parse("https://example.com/", None));
/// assert!(urilex::whatwg::can_parse("/a", Some("https://example.com/")));
/// assert!(!urilex::whatwg::can_parse("/a", None));
/// ```
///
/// A URL already in serialized form is answered by the shortcut's checks alone, any other by
/// the state machine; neither builds the href.
pub fn can_parse(input: &str, base: Option<&str>) -> bool {
    match base {
        None => {
            shortcut::offsets(input).is_some()
                || Url::parse_record(input, None, &mut Reporter { f: None }).is_ok()
        }
        Some(_) => Url::parse(input, base).is_ok(),
    }
}

impl Url {
    /// Parses `input` by the basic URL parser, against `base` if given (a base that fails to
    /// parse fails the parse).
    ///
    /// ```
    /// use urilex::whatwg::{Url, ValidationErrorKind};
    /// let url = Url::parse("https://user:pw@例え.jp:443/a/./b/../c", None)?;
    /// assert_eq!(url.href(), "https://user:pw@xn--r8jz45g.jp/a/c");
    /// let err = Url::parse("https://ex ample.com/", None).unwrap_err();
    /// assert_eq!(err.kind(), ValidationErrorKind::DomainInvalidCodePoint);
    /// # Ok::<(), urilex::whatwg::ParseError>(())
    /// ```
    pub fn parse(input: &str, base: Option<&str>) -> Result<Url, ParseError> {
        Self::parse_reporting(input, base, &mut Reporter { f: None })
    }

    /// [`parse`](Self::parse), handing `report` each validation error the parse meets: the
    /// repairs of a URL that parses (a `\` read as `/`, a space percent-encoded), or the
    /// error that ends one that does not (which the `Err` holds too).
    ///
    /// ```
    /// use urilex::whatwg::{Url, ValidationErrorKind};
    /// let mut repairs = Vec::new();
    /// let url = Url::parse_with_report("http:\\\\h\\a b", None, |e| repairs.push(e.kind))?;
    /// assert_eq!(url.href(), "http://h/a%20b");
    /// assert!(repairs.contains(&ValidationErrorKind::InvalidReverseSolidus));
    /// assert!(repairs.contains(&ValidationErrorKind::InvalidUrlUnit));
    /// # Ok::<(), urilex::whatwg::ParseError>(())
    /// ```
    pub fn parse_with_report(
        input: &str,
        base: Option<&str>,
        mut report: impl FnMut(ValidationError),
    ) -> Result<Url, ParseError> {
        Self::parse_reporting(
            input,
            base,
            &mut Reporter {
                f: Some(&mut report),
            },
        )
    }

    fn parse_reporting(
        input: &str,
        base: Option<&str>,
        report: &mut Reporter<'_>,
    ) -> Result<Url, ParseError> {
        if !report.wants() {
            match base {
                None => {
                    if let Some(url) = shortcut::serialized(input) {
                        return Ok(url);
                    }
                }
                // The base as a URL (itself most often by the shortcut), then `join`.
                Some(b) => {
                    let base = Self::parse(b, None).map_err(|e| ParseError {
                        error: e.error,
                        in_base: true,
                    })?;
                    return base.join(input);
                }
            }
        }
        let base = match base {
            Some(b) => Some(
                Self::parse_record(b, None, &mut Reporter { f: None }).map_err(|error| {
                    ParseError {
                        error,
                        in_base: true,
                    }
                })?,
            ),
            None => None,
        };
        let record =
            Self::parse_record(input, base.as_ref(), report).map_err(|error| ParseError {
                error,
                in_base: false,
            })?;
        Ok(Self::from_record(&record))
    }

    fn parse_record(
        input: &str,
        base: Option<&Record>,
        report: &mut Reporter<'_>,
    ) -> Result<Record, ValidationError> {
        let input = Input::new(input, true, report);
        let mut record = Record::default();
        machine::parse(&input, base, &mut record, None, report)?;
        Ok(record)
    }

    fn from_record(record: &Record) -> Url {
        let mut href = String::new();
        let o = record::serialize(record, &mut href);
        Url { href, o }
    }

    /// Parses `input` against this URL as the base (the URL API's `new URL(input, base)`).
    ///
    /// ```
    /// let page = urilex::whatwg::Url::parse("https://example.com/a/b.html", None)?;
    /// assert_eq!(page.join("c/../d.png")?.href(), "https://example.com/a/d.png");
    /// assert_eq!(page.join("//cdn.example/x")?.href(), "https://cdn.example/x");
    /// # Ok::<(), urilex::whatwg::ParseError>(())
    /// ```
    pub fn join(&self, input: &str) -> Result<Url, ParseError> {
        if let Some(url) = shortcut::joined(self, input) {
            return Ok(url);
        }
        self.join_by_state_machine(input)
    }

    /// [`join`](Self::join) by the state machine alone.
    fn join_by_state_machine(&self, input: &str) -> Result<Url, ParseError> {
        let base = self.record();
        let record =
            Self::parse_record(input, Some(&base), &mut Reporter { f: None }).map_err(|error| {
                ParseError {
                    error,
                    in_base: false,
                }
            })?;
        Ok(Self::from_record(&record))
    }

    /// The URL record again, from the href and its offsets.
    fn record(&self) -> Record {
        let path = self.pathname();
        Record {
            scheme: String::from(self.scheme()),
            username: String::from(self.username()),
            password: String::from(self.password()),
            host: self.o.has_host.then(|| String::from(self.hostname())),
            port: self.o.port,
            path: if self.o.opaque_path {
                alloc::vec![String::from(path)]
            } else if path.is_empty() {
                Vec::new()
            } else {
                path[1..].split('/').map(String::from).collect()
            },
            opaque: self.o.opaque_path,
            query: self.query_range().map(|r| String::from(&self.href[r])),
            fragment: self.fragment_range().map(|r| String::from(&self.href[r])),
        }
    }

    fn at(&self, i: u32) -> usize {
        i as usize
    }

    fn query_range(&self) -> Option<core::ops::Range<usize>> {
        let q = self.at(self.o.query_start?);
        let end = self
            .o
            .fragment_start
            .map_or(self.href.len(), |f| self.at(f));
        Some(q + 1..end)
    }

    fn fragment_range(&self) -> Option<core::ops::Range<usize>> {
        Some(self.at(self.o.fragment_start?) + 1..self.href.len())
    }

    /// The whole URL, serialized: the URL API's `href`.
    pub fn href(&self) -> &str {
        &self.href
    }

    /// The href.
    pub fn as_str(&self) -> &str {
        &self.href
    }

    /// The href, owned.
    pub fn into_string(self) -> String {
        self.href
    }

    /// The scheme, without its `:` (lowercase).
    pub fn scheme(&self) -> &str {
        &self.href[..self.at(self.o.scheme_end)]
    }

    /// The scheme followed by `:`: the URL API's `protocol`.
    pub fn protocol(&self) -> &str {
        &self.href[..self.at(self.o.scheme_end) + 1]
    }

    /// The username, percent-encoded (`""` when there is none).
    pub fn username(&self) -> &str {
        &self.href[self.at(self.o.username_start)..self.at(self.o.username_end)]
    }

    /// The password, percent-encoded (`""` when there is none).
    pub fn password(&self) -> &str {
        let end = self.at(self.o.username_end);
        if self.o.has_host && self.href.as_bytes().get(end) == Some(&b':') {
            &self.href[end + 1..self.at(self.o.host_start) - 1]
        } else {
            ""
        }
    }

    /// The host and, if there is one, `:` and the port: the URL API's `host` (`""` without
    /// a host).
    pub fn host(&self) -> &str {
        let end = if self.o.port.is_some() {
            self.at(self.o.path_start)
        } else {
            self.at(self.o.host_end)
        };
        &self.href[self.at(self.o.host_start)..end]
    }

    /// The host, serialized: a domain (A-labels), an IPv4 address in dotted decimal, an IPv6
    /// address in brackets, or an opaque host (`""` without a host).
    pub fn hostname(&self) -> &str {
        &self.href[self.at(self.o.host_start)..self.at(self.o.host_end)]
    }

    /// The port's digits (`""` when there is none, or it is the scheme's default).
    pub fn port(&self) -> &str {
        match self.o.port {
            Some(_) => &self.href[self.at(self.o.host_end) + 1..self.at(self.o.path_start)],
            None => "",
        }
    }

    /// The port as a number (`None` when there is none, or it is the scheme's default).
    pub fn port_u16(&self) -> Option<u16> {
        self.o.port
    }

    /// The path, serialized: the URL API's `pathname`.
    pub fn pathname(&self) -> &str {
        let end = self
            .o
            .query_start
            .or(self.o.fragment_start)
            .map_or(self.href.len(), |e| self.at(e));
        &self.href[self.at(self.o.path_start)..end]
    }

    /// `?` and the query (`""` when there is none or it is empty): the URL API's `search`.
    pub fn search(&self) -> &str {
        match self.query_range() {
            Some(r) if !r.is_empty() => &self.href[r.start - 1..r.end],
            _ => "",
        }
    }

    /// The query without its `?`, `None` when there is none.
    pub fn query(&self) -> Option<&str> {
        self.query_range().map(|r| &self.href[r])
    }

    /// `#` and the fragment (`""` when there is none or it is empty): the URL API's `hash`.
    pub fn hash(&self) -> &str {
        match self.fragment_range() {
            Some(r) if !r.is_empty() => &self.href[r.start - 1..],
            _ => "",
        }
    }

    /// The fragment without its `#`, `None` when there is none.
    pub fn fragment(&self) -> Option<&str> {
        self.fragment_range().map(|r| &self.href[r])
    }

    /// Whether the path is opaque (`mailto:a@b`, `javascript:...`): no list of segments.
    pub fn has_opaque_path(&self) -> bool {
        self.o.opaque_path
    }

    /// Whether the scheme is special (ftp, file, http, https, ws, wss).
    pub fn is_special(&self) -> bool {
        record::is_special(self.scheme())
    }

    /// The origin, serialized (§4.6 of the HTML Standard's origins, as the URL API's
    /// `origin`): `scheme://host[:port]` for http(s), ws(s) and ftp; the inner URL's for a
    /// `blob:` URL of http(s); `"null"` (an opaque origin) for every other.
    ///
    /// ```
    /// use urilex::whatwg::Url;
    /// assert_eq!(Url::parse("https://h:8443/p", None)?.origin(), "https://h:8443");
    /// assert_eq!(Url::parse("blob:https://h/uuid", None)?.origin(), "https://h");
    /// assert_eq!(Url::parse("file:///etc", None)?.origin(), "null");
    /// # Ok::<(), urilex::whatwg::ParseError>(())
    /// ```
    pub fn origin(&self) -> String {
        match self.scheme() {
            "ftp" | "http" | "https" | "ws" | "wss" => {
                let mut s = String::from(self.protocol());
                s.push_str("//");
                s.push_str(self.host());
                s
            }
            "blob" => match Url::parse(self.pathname(), None) {
                Ok(inner) if matches!(inner.scheme(), "http" | "https") => inner.origin(),
                _ => String::from("null"),
            },
            _ => String::from("null"),
        }
    }

    /// The query's `application/x-www-form-urlencoded` pairs, decoded (`+` as a space): the
    /// URL API's `searchParams`.
    ///
    /// ```
    /// let url = urilex::whatwg::Url::parse("https://h/?q=a+b%21&lang=&x", None)?;
    /// let pairs: Vec<(String, String)> =
    ///     url.search_params().map(|(k, v)| (k.into_owned(), v.into_owned())).collect();
    /// assert_eq!(pairs, [("q".into(), "a b!".into()), ("lang".into(), "".into()), ("x".into(), "".into())]);
    /// # Ok::<(), urilex::whatwg::ParseError>(())
    /// ```
    pub fn search_params(&self) -> impl Iterator<Item = (Cow<'_, str>, Cow<'_, str>)> + '_ {
        self.query()
            .unwrap_or("")
            .split('&')
            .filter(|p| !p.is_empty())
            .map(|p| {
                let (k, v) = p.split_once('=').unwrap_or((p, ""));
                (form_decode(k), form_decode(v))
            })
    }

    /// Sets the query to `pairs`, serialized by the `application/x-www-form-urlencoded`
    /// serializer (a space as `+`); no pairs remove the query. The URL API's
    /// `searchParams` writes.
    ///
    /// ```
    /// let mut url = urilex::whatwg::Url::parse("https://h/p#f", None)?;
    /// url.set_search_params([("q", "a b&c"), ("n", "1")]);
    /// assert_eq!(url.href(), "https://h/p?q=a+b%26c&n=1#f");
    /// # Ok::<(), urilex::whatwg::ParseError>(())
    /// ```
    pub fn set_search_params<K: AsRef<str>, V: AsRef<str>>(
        &mut self,
        pairs: impl IntoIterator<Item = (K, V)>,
    ) {
        let mut query = String::new();
        for (k, v) in pairs {
            if !query.is_empty() {
                query.push('&');
            }
            form_encode(k.as_ref(), &mut query);
            query.push('=');
            form_encode(v.as_ref(), &mut query);
        }
        let mut record = self.record();
        record.query = (!query.is_empty()).then_some(query);
        *self = Self::from_record(&record);
    }

    /// The href as an RFC 3986 [`UriRef`], when it is one: nearly always, but the standard
    /// leaves some code points RFC 3986 refuses unencoded (`|` `^` `` ` `` `{` `}` in a query
    /// or fragment, `[` `]` or `|` in a path, `%` not followed by two hex digits).
    ///
    /// ```
    /// let url = urilex::whatwg::Url::parse("HTTP://h/a b", None)?;
    /// assert_eq!(url.to_uri_ref().unwrap().path(), "/a%20b");
    /// let odd = urilex::whatwg::Url::parse("http://h/?a|b", None)?;
    /// assert!(odd.to_uri_ref().is_none());
    /// # Ok::<(), urilex::whatwg::ParseError>(())
    /// ```
    pub fn to_uri_ref(&self) -> Option<UriRef<'_>> {
        UriRef::parse(&self.href).ok()
    }

    /// Applies a setter by the URL API's steps: parses `value` from `state` with this URL as
    /// the URL to change, and serializes what the parse left (a setter that fails part way
    /// keeps what it changed before, as the standard's in-place steps do).
    fn set_with(&mut self, value: &str, state: State, prepare: impl FnOnce(&mut Record)) {
        let mut record = self.record();
        prepare(&mut record);
        let mut none = Reporter { f: None };
        let input = Input::new(value, false, &mut none);
        let _ = machine::parse(&input, None, &mut record, Some(state), &mut none);
        *self = Self::from_record(&record);
    }

    /// Sets the whole URL: the URL API's `href` setter (an error leaves it unchanged).
    ///
    /// ```
    /// let mut url = urilex::whatwg::Url::parse("https://a/", None)?;
    /// url.set_href("http://b/c")?;
    /// assert_eq!(url.host(), "b");
    /// assert!(url.set_href("not a url").is_err());
    /// # Ok::<(), urilex::whatwg::ParseError>(())
    /// ```
    pub fn set_href(&mut self, value: &str) -> Result<(), ParseError> {
        *self = Url::parse(value, None)?;
        Ok(())
    }

    /// The URL API's `protocol` setter: `value` up to its `:`; a special scheme cannot become
    /// a non-special one nor the reverse (the URL is then left unchanged).
    ///
    /// ```
    /// let mut url = urilex::whatwg::Url::parse("http://h:443/", None)?;
    /// url.set_protocol("https");
    /// assert_eq!(url.href(), "https://h/");
    /// url.set_protocol("foo");
    /// assert_eq!(url.href(), "https://h/");
    /// # Ok::<(), urilex::whatwg::ParseError>(())
    /// ```
    pub fn set_protocol(&mut self, value: &str) {
        let mut v = String::from(value);
        v.push(':');
        self.set_with(&v, State::SchemeStart, |_| {});
    }

    /// The URL API's `username` setter (ignored for a URL without a host, or a file URL).
    pub fn set_username(&mut self, value: &str) {
        let mut record = self.record();
        if record.cannot_have_credentials_or_port() {
            return;
        }
        record.username.clear();
        record::encode_str(
            value,
            crate::tables::whatwg::EncodeSet::Userinfo,
            &mut record.username,
        );
        *self = Self::from_record(&record);
    }

    /// The URL API's `password` setter (ignored for a URL without a host, or a file URL).
    pub fn set_password(&mut self, value: &str) {
        let mut record = self.record();
        if record.cannot_have_credentials_or_port() {
            return;
        }
        record.password.clear();
        record::encode_str(
            value,
            crate::tables::whatwg::EncodeSet::Userinfo,
            &mut record.password,
        );
        *self = Self::from_record(&record);
    }

    /// The URL API's `host` setter: a host and, after a `:`, a port (ignored for an opaque
    /// path).
    ///
    /// ```
    /// let mut url = urilex::whatwg::Url::parse("https://a/p", None)?;
    /// url.set_host("b.example:8443");
    /// assert_eq!(url.href(), "https://b.example:8443/p");
    /// # Ok::<(), urilex::whatwg::ParseError>(())
    /// ```
    pub fn set_host(&mut self, value: &str) {
        if self.o.opaque_path {
            return;
        }
        self.set_with(value, State::Host, |_| {});
    }

    /// The URL API's `hostname` setter: the host alone (ignored for an opaque path).
    pub fn set_hostname(&mut self, value: &str) {
        if self.o.opaque_path {
            return;
        }
        self.set_with(value, State::Hostname, |_| {});
    }

    /// The URL API's `port` setter: digits (what follows them is ignored), `""` removes the
    /// port; ignored for a URL without a host, or a file URL.
    ///
    /// ```
    /// let mut url = urilex::whatwg::Url::parse("http://h/", None)?;
    /// url.set_port("8080abc");
    /// assert_eq!(url.port(), "8080");
    /// url.set_port("80");
    /// assert_eq!(url.href(), "http://h/");
    /// # Ok::<(), urilex::whatwg::ParseError>(())
    /// ```
    pub fn set_port(&mut self, value: &str) {
        if self.record().cannot_have_credentials_or_port() {
            return;
        }
        if value.is_empty() {
            let mut record = self.record();
            record.port = None;
            *self = Self::from_record(&record);
            return;
        }
        self.set_with(value, State::Port, |_| {});
    }

    /// The URL API's `pathname` setter (ignored for an opaque path).
    pub fn set_pathname(&mut self, value: &str) {
        if self.o.opaque_path {
            return;
        }
        self.set_with(value, State::PathStart, |r| r.path.clear());
    }

    /// The URL API's `search` setter: `""` removes the query, a leading `?` is optional.
    pub fn set_search(&mut self, value: &str) {
        if value.is_empty() {
            let mut record = self.record();
            record.query = None;
            *self = Self::from_record(&record);
            return;
        }
        let value = value.strip_prefix('?').unwrap_or(value);
        self.set_with(value, State::Query, |r| r.query = Some(String::new()));
    }

    /// The URL API's `hash` setter: `""` removes the fragment, a leading `#` is optional.
    pub fn set_hash(&mut self, value: &str) {
        if value.is_empty() {
            let mut record = self.record();
            record.fragment = None;
            *self = Self::from_record(&record);
            return;
        }
        let value = value.strip_prefix('#').unwrap_or(value);
        self.set_with(value, State::Fragment, |r| r.fragment = Some(String::new()));
    }
}

/// Decodes a form-urlencoded name or value: `+` as a space, `%XX` as its byte, the bytes as
/// UTF-8 (lossy).
fn form_decode(s: &str) -> Cow<'_, str> {
    if !s.contains(['+', '%']) {
        return Cow::Borrowed(s);
    }
    let spaced = s.replace('+', " ");
    let bytes = crate::pct::decode_bytes(spaced.as_bytes());
    Cow::Owned(String::from_utf8_lossy(&bytes).into_owned())
}

/// The `application/x-www-form-urlencoded` serializer of one name or value: a space as `+`,
/// the form percent-encode set's bytes as `%XX`.
fn form_encode(s: &str, out: &mut String) {
    for &b in s.as_bytes() {
        if b == b' ' {
            out.push('+');
        } else {
            record::push_byte(b, crate::tables::whatwg::EncodeSet::Form, out);
        }
    }
}

impl fmt::Display for Url {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.href)
    }
}

impl fmt::Debug for Url {
    /// The href, with a password as `***`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let password = self.password();
        if password.is_empty() {
            return f.debug_tuple("Url").field(&self.href).finish();
        }
        let end = self.at(self.o.username_end) + 1;
        let mut shown = String::from(&self.href[..end]);
        shown.push_str(crate::REDACTED_PASSWORD);
        shown.push_str(&self.href[end + password.len()..]);
        f.debug_tuple("Url").field(&shown).finish()
    }
}

impl AsRef<str> for Url {
    fn as_ref(&self) -> &str {
        &self.href
    }
}

impl FromStr for Url {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Url::parse(s, None)
    }
}

impl PartialEq for Url {
    fn eq(&self, other: &Self) -> bool {
        self.href == other.href
    }
}

impl Eq for Url {}

impl PartialOrd for Url {
    fn partial_cmp(&self, other: &Self) -> Option<core::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Url {
    fn cmp(&self, other: &Self) -> core::cmp::Ordering {
        self.href.cmp(&other.href)
    }
}

impl Hash for Url {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.href.hash(state);
    }
}

#[cfg(feature = "serde")]
mod serde_impls {
    use super::Url;
    use core::fmt;
    use serde::{de, Deserialize, Deserializer, Serialize, Serializer};

    /// Serializes as the href.
    impl Serialize for Url {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            s.serialize_str(&self.href)
        }
    }

    /// Deserializes from a string, parsed (no base).
    impl<'de> Deserialize<'de> for Url {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            struct Text;
            impl de::Visitor<'_> for Text {
                type Value = Url;
                fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                    f.write_str("a URL (the URL Standard)")
                }
                fn visit_str<E: de::Error>(self, s: &str) -> Result<Url, E> {
                    Url::parse(s, None).map_err(E::custom)
                }
            }
            d.deserialize_str(Text)
        }
    }
}
