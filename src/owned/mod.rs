//! The owned type, [`buf::UriBuf`]: one `String` and the offsets of its components, with
//! validated setters and a builder, and everything the borrowed view offers (feature `alloc`).

pub(crate) mod buf;
pub(crate) mod target_uri;
#[cfg(feature = "whatwg")]
pub mod whatwg;
