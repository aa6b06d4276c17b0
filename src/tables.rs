//! The grammar as data: the tables that `build.rs` compiles from `tables/classes.abnf` and `tables/uri.dfa`.

#![allow(dead_code)] // not every generated constant is used by the library itself

use crate::{Component, ErrorKind};

/// The actions of mark states (`mark=` in tables/uri.dfa). Each runs with the index of the
/// delimiter byte that entered the state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Mark {
    /// `:` after the scheme.
    Scheme,
    /// The second `/` of `//`: the authority starts after it.
    Authority,
    /// The first `:` of the authority: the host may end here (unless `@` follows later).
    Port,
    /// `@`: the userinfo ends, the host starts after it.
    Userinfo,
    /// `]` after an IPv6address: check its shape.
    Ipv6,
    /// `/` after the authority: the path starts here.
    Path,
    /// `?`: the path ends here.
    Query,
    /// `#`: the path or query ends here.
    Fragment,
}

include!(concat!(env!("OUT_DIR"), "/tables.rs"));
