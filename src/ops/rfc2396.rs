//! The operations on RFC 2396 references: resolution by §5.2 (the resolver of RFC 3986 in
//! its RFC 2396 mode) and the normal form of §6.

use core::fmt;

use crate::ops::resolve::{Mode, Resolved, Resolver};
use crate::rfc2396::Reference;
use crate::ResolveError;

impl<'a> Reference<'a> {
    /// Resolves this reference against `base` by RFC 2396 §5.2 ([`Mode::Rfc2396`]: Appendix
    /// C's results, e.g. `../../../g` → `http://a/../g`, `?y` → `http://a/b/c/?y`).
    ///
    /// RFC 2396 does not say how to resolve against an opaque base (§5.2 works on hierarchical
    /// paths); this does what `java.net.URI::resolve` does: the reference is the result,
    /// unchanged ([`Resolution::Unchanged`]).
    ///
    /// ```
    /// use urilex::rfc2396::parse;
    /// let base = parse("http://a/b/c/d;p?q")?;
    /// assert_eq!(parse("../../../g")?.resolve(&base)?.to_string(), "http://a/../g");
    /// assert_eq!(parse("g")?.resolve(&parse("mailto:a@b")?)?.to_string(), "g");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn resolve<'b>(&self, base: &Reference<'b>) -> Result<Resolution<'b, 'a>, ResolveError> {
        if base.is_opaque() {
            return Ok(Resolution::Unchanged(*self));
        }
        let resolver = Resolver::new(Mode::Rfc2396);
        resolver
            .resolve(&self.as_layout_ref(), &base.as_layout_ref())
            .map(Resolution::Resolved)
    }

    /// The normal form of §6: the scheme and a server's host in lower case, and a port that
    /// is the scheme's default (http and ws 80, https and wss 443, ftp 21) or empty elided
    /// with its `:`. Nothing else changes (RFC 2396 names no other equivalence). A view: it writes
    /// itself without allocating.
    ///
    /// ```
    /// let uri = urilex::rfc2396::parse("HTTP://www.XEROX.com:80/Docs;v=1?Q#F")?;
    /// assert_eq!(uri.normalized().to_string(), "http://www.xerox.com/Docs;v=1?Q#F");
    /// # Ok::<(), urilex::ParseError>(())
    /// ```
    pub fn normalized(&self) -> Normalized<'a> {
        Normalized { uri: *self }
    }
}

/// The result of [`Reference::resolve`].
#[derive(Clone, Copy, Debug)]
pub enum Resolution<'b, 'r> {
    /// Resolved by RFC 2396 §5.2 (a view that borrows both; see [`Resolved`]).
    Resolved(Resolved<'b, 'r>),
    /// The base is opaque: the reference itself, as `java.net.URI` gives it.
    Unchanged(Reference<'r>),
}

impl fmt::Display for Resolution<'_, '_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Resolution::Resolved(r) => fmt::Display::fmt(r, f),
            Resolution::Unchanged(r) => f.write_str(r.as_str()),
        }
    }
}

/// The normal form of RFC 2396 §6, as a view: see [`Reference::normalized`].
#[derive(Clone, Copy, Debug)]
pub struct Normalized<'a> {
    uri: Reference<'a>,
}

impl fmt::Display for Normalized<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let u = &self.uri;
        let lower = |f: &mut fmt::Formatter<'_>, s: &str| {
            s.chars()
                .try_for_each(|c| fmt::Write::write_char(f, c.to_ascii_lowercase()))
        };
        let mut rest = 0;
        if let Some(scheme) = u.scheme() {
            lower(f, scheme)?;
            rest = scheme.len();
        }
        if let Some(server) = u.server() {
            // The parts are slices of the input: their offsets place them.
            let at = |part: &str| part.as_ptr() as usize - u.as_str().as_ptr() as usize;
            let host_start = at(server.host);
            f.write_str(u.as_str().get(rest..host_start).unwrap_or_default())?;
            lower(f, server.host)?;
            rest = host_start + server.host.len();
            let default = u
                .scheme()
                .and_then(crate::grammars::accessors::default_port);
            if let (Some(port), Some(default)) = (server.port, default) {
                // An empty port is the default too (§3.2.2: "If port is omitted ...").
                if port.is_empty() || crate::grammars::accessors::port_number(port) == Some(default)
                {
                    rest = at(port) + port.len();
                }
            }
        }
        f.write_str(u.as_str().get(rest..).unwrap_or_default())
    }
}
