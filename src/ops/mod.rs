//! Operations on references, written as views that write themselves without allocating where
//! they can: resolution ([`resolve`]), dot segments, normalization, percent-encoding
//! ([`pct`]), recomposition, hosts (classification, IP addresses, origins), the IRI-URI
//! mappings ([`iri_map`]) and the security checks of RFC 3986 §7. Each adds its methods to
//! the front ends' types below.

pub(crate) mod dot_segments;
pub(crate) mod host;
pub(crate) mod iri_map;
pub(crate) mod normalize;
pub mod pct;
pub(crate) mod recompose;
pub(crate) mod resolve;
pub(crate) mod rfc2396;
pub(crate) mod security;
