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
