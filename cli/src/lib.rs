//! The `urilex` command's line reader and operations, as a library: the binary (`main.rs`)
//! parses the arguments and runs these; the `cli_lines` fuzz target drives them on arbitrary
//! bytes. Not a published API: its items are public for those two users alone.
#![forbid(unsafe_code)]

pub mod canon;
pub mod edit;
pub mod input;
pub mod line;
pub mod ops;
pub mod stream;
pub mod summary;
pub mod template;
pub mod transform;
pub mod whatwg;
