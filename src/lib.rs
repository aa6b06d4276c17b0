//! # urilex
//!
//! Fast, exact RFC 3986 URI references.
//!
//! ```
//! use urilex::UriRef;
//! let uri = UriRef::parse("http://example.com/a/b?q#f")?;
//! assert_eq!(uri.host(), Some("example.com"));
//! # Ok::<(), urilex::ParseError>(())
//! ```
//!
//! # Layers
//!
//! Eight layers, each using only those below it: the vocabulary (components, errors), the
//! generated grammar tables (and [`chars`]), the scanning kernels, the driver, the grammars'
//! front ends ([`UriRef`], [`IriRef`], [`rfc2396`], [`RequestTarget`]), the operations
//! (resolution, normalization, [`pct`], hosts, the IRI mappings), the owned type ([`UriBuf`])
//! and the integrations (`http`, serde, `extract`). `ARCHITECTURE.md` in
//! the repository draws them and the path of one parse.
//!
//! # From rhymu8354/Uri
//!
//! | rhymu8354/Uri | urilex |
//! |---|---|
//! | `ParseFromString(s)` | [`UriRef::parse`], [`UriBuf::parse`] |
//! | `IsRelativeReference()` | [`UriRef::is_relative`] |
//! | `GetScheme()`, `SetScheme(s)` | [`UriRef::scheme`], [`UriBuf::set_scheme`] |
//! | `GetUserInfo()`, `SetUserInfo(s)` | [`UriRef::userinfo`], [`UriBuf::set_userinfo`] |
//! | `GetHost()`, `SetHost(s)` | [`UriRef::host`], [`UriBuf::set_host`] |
//! | `HasPort()`, `GetPort()` | [`UriRef::has_port`], [`UriRef::port_u16`] |
//! | `SetPort(n)`, `ClearPort()` | [`UriBuf::set_port_u16`], [`UriBuf::remove_port`] |
//! | `GetPath()` (empty first element: absolute) | [`UriRef::path_segments`] |
//! | `SetPath(segments)` | [`UriBuf::set_path_segments`] |
//! | `ContainsRelativePath()` | [`UriRef::contains_relative_path`] |
//! | `NormalizePath()` | [`UriBuf::normalize_path`] |
//! | `HasQuery()`, `GetQuery()`, `SetQuery(s)`, `ClearQuery()` | [`UriRef::query`] (`Option`), [`UriBuf::set_query`], [`UriBuf::remove_query`] |
//! | `HasFragment()`, `GetFragment()`, `SetFragment(s)`, `ClearFragment()` | [`UriRef::fragment`] (`Option`), [`UriBuf::set_fragment`], [`UriBuf::remove_fragment`] |
//! | `Resolve(reference)` | [`UriRef::resolve`], then [`Resolved::to_buf`] |
//! | `GenerateString()` | `Display`, [`UriBuf::as_str`] |
//! | `operator==` | `==` (text), [`UriRef::normalized_eq`] (equivalence) |
#![no_std]
// `unsafe` is allowed in src/kernels/avx2.rs alone (see there why, and how it stays sound).
#![deny(unsafe_code)]
#![warn(missing_docs)]

#[cfg(feature = "alloc")]
extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

// The layers, from the bottom up (ARCHITECTURE.md): each module uses only those of its own
// layer and the layers below it (tests/layers.rs checks it).
mod driver;
mod grammars;
mod integrations;
mod kernels;
mod ops;
#[cfg(feature = "alloc")]
mod owned;
mod tables;
mod vocab;

#[cfg(feature = "canon")]
pub use integrations::canon;
#[cfg(feature = "extract")]
pub use integrations::extract;
pub use ops::pct;
#[cfg(feature = "whatwg")]
pub use owned::whatwg;
pub use tables::chars;

/// URI references by RFC 2396 (1998) as amended by RFC 2732 (IPv6 literals): the grammar of
/// `java.net.URI` and of the link databases and crawlers of its time.
///
/// The grammar is `tables/rfc2396.dfa`, compiled by the same `build.rs` as RFC 3986's and run
/// by the same driver; this module only reads the layout the driver records, and decides
/// whether an authority is a `server` or a `reg_name` (§3.2) by running the grammar's `server`
/// rule over its hostport.
///
/// Where it splits a string differently from RFC 3986 ([`UriRef`]):
///
/// ```
/// use urilex::{rfc2396, UriRef};
/// // An opaque URI (§3: scheme ":" opaque_part): no query, the whole part is the path.
/// let old = rfc2396::parse("mailto:a@b?subject=x")?;
/// assert!(old.is_opaque());
/// assert_eq!((old.path(), old.query()), ("a@b?subject=x", None));
/// let new = UriRef::parse("mailto:a@b?subject=x")?;
/// assert_eq!((new.path(), new.query()), ("a@b", Some("subject=x")));
///
/// // A registry-based authority (§3.2.1): not host and port, but one name.
/// let reg = rfc2396::parse("http://u@h:-1/")?;
/// assert_eq!((reg.authority(), reg.host(), reg.port()), (Some("u@h:-1"), None, None));
/// assert!(UriRef::parse("http://u@h:-1/").is_err());
///
/// // RFC 2732 made '[' and ']' reserved: a query may hold them; IPvFuture does not exist.
/// assert_eq!(rfc2396::parse("http://h/?a[0]=1")?.query(), Some("a[0]=1"));
/// assert!(rfc2396::parse("http://[v7.x]/").is_err());
/// assert!(UriRef::parse("http://[v7.x]/").is_ok());
///
/// // Excluded characters (§2.4.3) are named.
/// let err = rfc2396::parse("http://h/{x}").unwrap_err();
/// assert_eq!(err.to_string(), r#"'{' at byte 9 is "unwise" in RFC 2396 §2.4.3: write it as %7B"#);
/// # Ok::<(), urilex::ParseError>(())
/// ```
pub mod rfc2396 {
    pub use crate::grammars::rfc2396::{parse, Reference, Segment, Segments, Server};
    pub use crate::ops::rfc2396::{Normalized, Resolution};
}

pub use grammars::iri::IriRef;
pub use grammars::redact::REDACTED_PASSWORD;
pub use grammars::request_target::{HostPort, RequestTarget, TargetForm};
pub use grammars::uri_ref::{Segments, UriRef};
#[cfg(feature = "extract")]
pub use integrations::extract::{extract, extract_html};
pub use ops::dot_segments::remove_dot_segments;
#[cfg(feature = "alloc")]
pub use ops::dot_segments::remove_dot_segments_into;
pub use ops::host::Origin;
pub use ops::host::{Host, HostKind};
pub use ops::iri_map::{ToIri, ToUri};
pub use ops::normalize::{Normalization, Normalized};
pub use ops::recompose::{recompose, Recomposed};
pub use ops::resolve::{Base, Mode, Resolved, ResolvedIri, ResolvedPath, Resolver};
pub use ops::security::Redacted;
#[cfg(feature = "alloc")]
pub use owned::buf::{UriBuf, UriBufBuilder};
pub use vocab::component::Component;
#[cfg(feature = "http")]
pub use vocab::error::HttpUriError;
pub use vocab::error::{Error, ResolveError, TargetError};
#[cfg(feature = "alloc")]
pub use vocab::error::{SetError, SetErrorKind};
pub use vocab::parse_error::{ErrorKind, ParseError};

/// The README's examples run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

/// The API guide's examples run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../docs/guide.md")]
struct GuideDoctests;

/// The unit tests' random numbers (xorshift64): deterministic, so that a failure replays,
/// and a few lines, so that no test needs a dependency for them.
#[cfg(test)]
pub(crate) fn xorshift(mut seed: u64) -> impl FnMut() -> u64 {
    move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    }
}
