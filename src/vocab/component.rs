//! The components of a URI reference (RFC 3986 §3).

use core::fmt;

/// A component of a URI reference, as named by RFC 3986 §3.
///
/// Used to ask for a component's byte range ([`UriRef::span`](crate::UriRef::span)), to say where
/// a [`ParseError`](crate::ParseError) happened, and to choose what to percent-encode.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Component {
    /// `scheme` (§3.1), without the trailing `:`.
    Scheme,
    /// `authority` (§3.2), without the leading `//`.
    Authority,
    /// `userinfo` (§3.2.1), without the trailing `@`.
    Userinfo,
    /// `host` (§3.2.2); IP-literals keep their brackets.
    Host,
    /// `port` (§3.2.3), without the leading `:`.
    Port,
    /// `path` (§3.3).
    Path,
    /// `query` (§3.4), without the leading `?`.
    Query,
    /// `fragment` (§3.5), without the leading `#`.
    Fragment,
}

impl Component {
    /// Every component, in the order they appear in a URI (the authority before the
    /// userinfo, host and port it contains).
    ///
    /// ```
    /// use urilex::{Component, UriRef};
    /// let uri = UriRef::parse("s://u@h:1/p?q#f")?;
    /// let spans = Component::ALL.map(|c| uri.span(c).map(|r| &uri.as_str()[r]));
    /// assert_eq!(spans[0], Some("s"));
    /// assert_eq!(spans[1], Some("u@h:1"));
    /// assert_eq!(spans[7], Some("f"));
    /// # Ok::<(), urilex::ParseError>(())
    /// ```
    pub const ALL: [Component; 8] = [
        Component::Scheme,
        Component::Authority,
        Component::Userinfo,
        Component::Host,
        Component::Port,
        Component::Path,
        Component::Query,
        Component::Fragment,
    ];

    /// The component's name as RFC 3986 writes it (`"scheme"`, `"userinfo"`, …).
    pub const fn name(self) -> &'static str {
        match self {
            Component::Scheme => "scheme",
            Component::Authority => "authority",
            Component::Userinfo => "userinfo",
            Component::Host => "host",
            Component::Port => "port",
            Component::Path => "path",
            Component::Query => "query",
            Component::Fragment => "fragment",
        }
    }
}

impl fmt::Display for Component {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
