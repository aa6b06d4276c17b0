//! The grammar as data: the tables that `build.rs` compiles from `tables/classes.abnf` (the
//! character classes, shared) and one DFA per grammar: `tables/uri.dfa` (RFC 3986, module
//! [`uri`], whose items are also here for short), `tables/rfc2396.dfa` (RFC 2396 as amended
//! by RFC 2732, module [`rfc2396`]) and `tables/rfc3987.dfa` (IRIs, module [`rfc3987`]).

#![allow(dead_code)]
// not every generated constant is used by the library itself
// The tables are `const` (MSRV 1.81 cannot refer to a `static` from the `Grammar` constants)
// and only ever used by reference (`&TRANS`), so no copy of them is made: RFC 3987's 32 KiB
// transition table is no cost.
#![allow(clippy::large_const_arrays)]

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
    /// `]` after an IPv6address: check its shape (the DFA of `tables/ip.abnf`).
    Ipv6,
    /// `]` after an IPv6address of RFC 2732 (RFC 2396): check its shape (`tables/ip.abnf`).
    Ipv6Rfc2732,
    /// `/` after the authority: the path starts here.
    Path,
    /// `?`: the path ends here.
    Query,
    /// `#`: the path or query ends here.
    Fragment,
}

/// A grammar's tables, as `build.rs` writes them for each `tables/*.dfa` (see its docs and
/// the files' headers): what the driver of `src/parse.rs`, generic over this trait, reads. Each
/// implementation is a unit type of constants, so the driver is compiled once per grammar with
/// its tables as constants, as fast as if it had been written for that grammar alone.
pub(crate) trait Grammar {
    /// The file's name without `.dfa`: `"uri"` has shortcuts written for it in src/parse.rs.
    const NAME: &'static str;
    const BYTE_CLASS: &'static [u8; 256];
    /// Padded to a power of two (the driver masks its index).
    const TRANS: &'static [u16];
    const STRIDE_SHIFT: u32;
    /// States from here up to `FIRST_ACCEL` are inside a multi-byte character (a byte
    /// sequence of the table file): an error there is reported at the character's first byte.
    const FIRST_SEQ: usize;
    const FIRST_ACCEL: usize;
    const FIRST_MARK: usize;
    const FIRST_FAIL: usize;
    /// Padded to a power of two (the driver masks its index).
    const LOOP_BIT: &'static [u8];
    const LOOP_BITS: &'static [u8; 256];
    const FAIL_KIND: &'static [ErrorKind];
    const END: &'static [Option<ErrorKind>];
    const COMPONENT: &'static [Component];
    const MARK: &'static [Mark];
    const MARK_THEN: &'static [(u16, u8)];
    /// The state inside an IPv6 literal (named `IPV6`), `usize::MAX` if there is none.
    const STATE_IPV6: usize;
    /// The state after "scheme:" (named `SCHEME_END`), `usize::MAX` if there is none.
    const STATE_SCHEME_END: usize;
    /// The two- and three-byte characters that lead an accelerated state back to itself (see
    /// build.rs): the set of last bytes (bit k: 0x80 + k), by lead (and second) byte.
    const UTF8_RUNS: &'static [[u64; UTF8_RUN_LEN]];
    /// The `UTF8_RUNS` table of each loop bit (by the bit's position), 255 for none.
    const UTF8_RUN_OF: [u8; 8];
    /// The accelerated states whose runs step over `%HH` (see src/scan.rs).
    const PCT_LOOPS: u8 = crate::scan::pct_loops::<Self>();

    /// The DFA's step from `state` on `byte`: the next state, a mark or a failure id.
    #[inline(always)]
    fn step(state: usize, byte: u8) -> usize {
        // The mask cannot change an in-range index (TRANS is padded to a power of two); it
        // lets the compiler drop the bounds check.
        Self::TRANS[(state + Self::BYTE_CLASS[byte as usize] as usize) & (Self::TRANS.len() - 1)]
            as usize
    }
}

/// The entries of a table of `Grammar::UTF8_RUNS`: 32 lead bytes of two, then 16 x 64 (lead,
/// second byte) pairs of three.
pub(crate) const UTF8_RUN_LEN: usize = 32 + 16 * 64;

include!(concat!(env!("OUT_DIR"), "/tables.rs"));

pub(crate) use uri::*;
