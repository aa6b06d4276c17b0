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
//! Each layer uses only the ones above it:
//!
//! 1. **The grammar as data**: `tables/*.abnf|dfa`, compiled by `build.rs` into byte classes
//!    and a transition table (`tables`); [`chars`] exposes the classes.
//! 2. **Scanning**: `scan` (vector skips over runs of plain bytes) and `parse` (the one driver:
//!    the DFA over the input, component boundaries out as a `Layout`).
//! 3. **Reference types**: [`UriRef`] (input + layout), its accessors (`accessors`, written
//!    once and shared with [`Resolved`] and [`UriBuf`]), hosts ([`Host`]), errors ([`Error`]).
//! 4. **Operations**, views that write themselves without allocating: resolution
//!    ([`Resolver`], [`Base`]), dot-segments ([`remove_dot_segments`]), normalization
//!    ([`Normalized`]), recomposition ([`recompose`]), percent-encoding ([`pct`]), security
//!    checks (§7).
//! 5. **The owned type**: [`UriBuf`] with validated setters and a builder (feature `alloc`).
//! 6. **Text extraction**: `extract` (feature `extract`).
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
// `unsafe` is allowed in src/avx2.rs alone (see there why, and how it stays sound).
#![deny(unsafe_code)]
#![warn(missing_docs)]

#[cfg(feature = "alloc")]
extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

mod accessors;
#[cfg(all(feature = "std", target_arch = "x86_64"))]
mod avx2;
#[cfg(feature = "alloc")]
mod buf;
pub mod chars;
mod component;
mod dot_segments;
mod error;
#[cfg(feature = "extract")]
pub mod extract;
mod host;
#[cfg(feature = "http")]
mod http_uri;
mod iri;
mod normalize;
mod parse;
pub mod pct;
mod recompose;
mod request_target;
mod resolve;
pub mod rfc2396;
mod scan;
mod security;
mod tables;
mod uri_ref;

pub use accessors::Origin;
#[cfg(feature = "alloc")]
pub use buf::{SetError, SetErrorKind, UriBuf, UriBufBuilder};
pub use component::Component;
pub use dot_segments::remove_dot_segments;
#[cfg(feature = "alloc")]
pub use dot_segments::remove_dot_segments_into;
pub use error::{Error, ErrorKind, ParseError};
#[cfg(feature = "extract")]
pub use extract::{extract, extract_html};
pub use host::{Host, HostKind};
#[cfg(feature = "http")]
pub use http_uri::HttpUriError;
#[cfg(feature = "idna")]
pub use iri::ToUriIdna;
pub use iri::{IriRef, ToIri, ToUri};
pub use normalize::{Normalization, Normalized};
pub use recompose::{recompose, Recomposed};
pub use request_target::{HostPort, RequestTarget, TargetError, TargetForm};
pub use resolve::{Base, Mode, ResolveError, Resolved, ResolvedIri, ResolvedPath, Resolver};
pub use security::{Redacted, REDACTED_PASSWORD};
pub use uri_ref::{PathSegments, Segments, UriRef};

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
