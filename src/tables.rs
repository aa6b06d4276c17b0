//! The tables that `build.rs` compiles from `tables/classes.abnf` and `tables/uri.dfa`.

#![allow(dead_code)] // not every generated constant is used by the library itself

use crate::parse::Mark;
use crate::{Component, ErrorKind};

include!(concat!(env!("OUT_DIR"), "/tables.rs"));
