//! Component recomposition (RFC 3986 §5.3).

use core::fmt;

/// Joins components into a URI reference by the algorithm of RFC 3986 §5.3, as a `Display`
/// view (nothing is allocated).
///
/// A component that is `None` is left out with its delimiter; `Some("")` keeps the delimiter.
///
/// ```
/// use urilex::recompose;
/// let uri = recompose(Some("http"), Some("example.com"), "/a", Some(""), None);
/// assert_eq!(uri.to_string(), "http://example.com/a?");
/// ```
pub fn recompose<'a>(
    scheme: Option<&'a str>,
    authority: Option<&'a str>,
    path: &'a str,
    query: Option<&'a str>,
    fragment: Option<&'a str>,
) -> Recomposed<'a> {
    Recomposed {
        scheme,
        authority,
        path,
        query,
        fragment,
    }
}

/// The result of [`recompose`]: writes the URI reference when displayed. `Debug` hides a
/// password in the authority.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Recomposed<'a> {
    scheme: Option<&'a str>,
    authority: Option<&'a str>,
    path: &'a str,
    query: Option<&'a str>,
    fragment: Option<&'a str>,
}

impl core::fmt::Debug for Recomposed<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Recomposed")
            .field("scheme", &self.scheme)
            .field(
                "authority",
                &self
                    .authority
                    .map(crate::grammars::redact::RedactedAuthority),
            )
            .field("path", &self.path)
            .field("query", &self.query)
            .field("fragment", &self.fragment)
            .finish()
    }
}

impl Recomposed<'_> {
    /// The exact length of the text this writes.
    pub fn len(&self) -> usize {
        self.scheme.map_or(0, |s| s.len() + 1)
            + self.authority.map_or(0, |a| a.len() + 2)
            + self.path.len()
            + self.query.map_or(0, |q| q.len() + 1)
            + self.fragment.map_or(0, |f| f.len() + 1)
    }

    /// Whether this writes nothing.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

impl fmt::Display for Recomposed<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(s) = self.scheme {
            f.write_str(s)?;
            f.write_str(":")?;
        }
        if let Some(a) = self.authority {
            f.write_str("//")?;
            f.write_str(a)?;
        }
        f.write_str(self.path)?;
        if let Some(q) = self.query {
            f.write_str("?")?;
            f.write_str(q)?;
        }
        if let Some(fr) = self.fragment {
            f.write_str("#")?;
            f.write_str(fr)?;
        }
        Ok(())
    }
}
