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

pub mod chars;
#[cfg(feature = "whatwg")]
pub(crate) mod whatwg;

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
/// the files' headers): what the driver of `src/driver/parse.rs`, generic over this trait, reads. Each
/// implementation is a unit type of constants, so the driver is compiled once per grammar with
/// its tables as constants, as fast as if it had been written for that grammar alone.
pub(crate) trait Grammar {
    /// The file's name without `.dfa`: `"uri"` has shortcuts written for it in src/driver/parse.rs.
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
    /// The accelerated states whose runs step over `%HH` (see src/kernels/scan.rs).
    const PCT_LOOPS: u8 = pct_loops::<Self>();

    /// The DFA's step from `state` on `byte`: the next state, a mark or a failure id.
    #[inline(always)]
    fn step(state: usize, byte: u8) -> usize {
        // The mask cannot change an in-range index (TRANS is padded to a power of two); it
        // lets the compiler drop the bounds check.
        Self::TRANS[(state + Self::BYTE_CLASS[byte as usize] as usize) & (Self::TRANS.len() - 1)]
            as usize
    }
}

/// The loop bits of the accelerated states of `G` that a percent-encoded octet (`%` HEXDIG
/// HEXDIG, §2.1) leaves where it found them, through plain states (no action on the way): a
/// path, a query, a fragment, a host (a reg-name, or userinfo and host before a ':' or '@'
/// tells which), a first segment once it cannot be a scheme. Their runs step over a valid
/// `%HH` rather than end at it, as the DFA would after three steps. Read off the tables (it
/// is [`Grammar::PCT_LOOPS`]); `tests` below checks it byte by byte for RFC 3986.
pub(crate) const fn pct_loops<G: Grammar + ?Sized>() -> u8 {
    // `Grammar::step`, in a `const fn` (a trait's methods cannot be `const`).
    const fn step<G: Grammar + ?Sized>(state: usize, b: u8) -> usize {
        G::TRANS[state + G::BYTE_CLASS[b as usize] as usize] as usize
    }
    let mut bits = 0;
    let mut k = 0;
    while k < G::LOOP_BIT.len() {
        let state = G::FIRST_ACCEL + (k << G::STRIDE_SHIFT);
        let mut back = G::LOOP_BIT[k] != 0; // padding has no state
        let mut h1 = 0;
        while back && h1 < 256 {
            let mut h2 = 0;
            while h2 < 256 {
                if CLASS_BITS[h1] & CLASS_BITS[h2] & BIT_HEXDIG != 0 {
                    let first = step::<G>(state, b'%');
                    let second = step::<G>(first, h1 as u8);
                    back &= first < G::FIRST_ACCEL
                        && second < G::FIRST_ACCEL
                        && step::<G>(second, h2 as u8) == state;
                }
                h2 += 1;
            }
            h1 += 1;
        }
        // The hosts too, though a '%' is rarer there than in a path: the check is made only
        // at a stop that the loop bit does not take, and a host's commonest stops, a '/' and
        // the end of the input, are told before it. A host with "%HH" in it (an IDN
        // percent-encoded, `ho%20st` in the WPT inputs) took three steps of the DFA loop a
        // "%HH" and the loop's entry (`http://ho%20st/` 374 -> 144 instructions).
        if back {
            bits |= G::LOOP_BIT[k];
        }
        k += 1;
    }
    bits
}

/// The entries of a table of `Grammar::UTF8_RUNS`: 32 lead bytes of two, then 16 x 64 (lead,
/// second byte) pairs of three.
pub(crate) const UTF8_RUN_LEN: usize = 32 + 16 * 64;

include!(concat!(env!("OUT_DIR"), "/tables.rs"));

pub(crate) use uri::*;
