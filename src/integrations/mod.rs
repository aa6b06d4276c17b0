//! What connects urilex to the rest: the `http` crate's `Uri` (feature `http`), serde (feature
//! `serde`), the extraction of URIs from text and HTML (feature `extract`) and the keys of
//! crawlers and web archives (feature `canon`).

#[cfg(feature = "canon")]
pub mod canon;
#[cfg(feature = "extract")]
pub mod extract;
#[cfg(feature = "http")]
pub(crate) mod http_uri;
#[cfg(all(feature = "serde", feature = "alloc"))]
mod serde;
