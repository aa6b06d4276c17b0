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
#![no_std]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

#[cfg(feature = "alloc")]
extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

#[cfg(feature = "alloc")]
mod buf;
pub mod chars;
mod component;
mod dot_segments;
mod error;
#[cfg(feature = "extract")]
pub mod extract;
mod host;
mod iri;
mod normalize;
mod parse;
pub mod pct;
mod recompose;
mod resolve;
mod scan;
mod security;
mod tables;
mod uri_ref;

#[cfg(feature = "alloc")]
pub use buf::{SetError, SetErrorKind, UriBuf, UriBufBuilder};
pub use component::Component;
pub use dot_segments::remove_dot_segments;
#[cfg(feature = "alloc")]
pub use dot_segments::remove_dot_segments_into;
pub use error::{ErrorKind, ParseError};
#[cfg(feature = "extract")]
pub use extract::{extract, extract_html};
pub use host::{Host, HostKind};
pub use iri::{IriRef, ToIri, ToUri};
pub use normalize::{Normalization, Normalized};
pub use recompose::{recompose, Recomposed};
pub use resolve::{Base, Mode, ResolveError, Resolved, ResolvedPath, Resolver};
pub use security::{Redacted, REDACTED_PASSWORD};
pub use uri_ref::{Segments, UriRef};

/// The README's examples run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
