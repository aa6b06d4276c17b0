//! The words every layer speaks: which component ([`component::Component`]) and what went
//! wrong where ([`error::ErrorKind`], [`error::ParseError`]). The generated tables name them,
//! so they stand below everything, and depend on nothing of the crate.

pub(crate) mod component;
pub(crate) mod error;
pub(crate) mod parse_error;
#[cfg(feature = "whatwg")]
pub(crate) mod whatwg_error;
