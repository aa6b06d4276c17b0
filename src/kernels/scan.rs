//! Skipping runs of bytes sixteen at a time.
//!
//! The DFA of `tables/uri.dfa` has *accelerated* states (a scheme, a host, a path, a query...)
//! that loop over long runs of bytes; the parser hands each run to [`skip`], which finds
//! where it ends. Most bytes of a URI are letters, digits, `-` and `.` ([`dense`] bytes), and
//! every accelerated state loops on all of them (the build checks it). So [`skip`]
//! compares sixteen bytes at once against that set (SSE2 on x86-64, NEON on aarch64, through
//! the safe API of the `wide` crate; plain scalar code elsewhere) and looks only at the other
//! bytes, one by one, with the state's loop bit from the tables: a `/` in a path, a `:` in
//! userinfo keep the state, a `?` ends a path. A percent-encoded octet `%HH` does not end a
//! run in a path, a query, a fragment or a host ([`PCT_LOOPS`]): the DFA would come back to
//! the same state three bytes later. A query or a fragment of form data (`q=a+b&utm_source=x`), where
//! such bytes stand every few bytes, goes on by the compares of its whole [`Printable`] set
//! (read off the tables) once a block of it has had two stops or more.
//!
//! The host's run in `scheme://host` goes on from the first block, which the parser has
//! already classified to find the scheme ([`FirstBlock::skip`]). An input shorter than a
//! block is put into a zeroed one ([`zero_padded`]): zero is a stop, at the end.

use crate::tables::{rfc2396, rfc3987, uri, Grammar, BIT_HEXDIG, CLASS_BITS, UTF8_RUN_LEN};
use wide::{i8x16, CmpEq, CmpLt};

/// Letters, digits and `-` `.`: the bytes [`stops`] lets a run skip without a look. They are
/// most of the bytes of a host, and with `/` most of those of a path.
#[cfg(test)]
const fn dense(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'-' || b == b'.'
}

/// Checks that every accelerated state of grammar `G` loops on every letter and digit, on '-'
/// and '.' together or on neither (an *alphanumeric* state, the label of a hostname), and on
/// '-' and '.' if it loops on '/': the skips classify a block by one of those three sets, and
/// a run must not skip a byte that ends it. A `tables/*.dfa` may mark any state `accel`, so
/// the build checks it (see the `const` items below).
pub(crate) const fn accel_states_loop_on_their_class<G: Grammar>() -> bool {
    let mut s = 0;
    while s < G::LOOP_BIT.len() {
        let bit = G::LOOP_BIT[s];
        let (dash, dot, slash) = (
            G::LOOP_BITS[b'-' as usize] & bit != 0,
            G::LOOP_BITS[b'.' as usize] & bit != 0,
            G::LOOP_BITS[b'/' as usize] & bit != 0,
        );
        if bit != 0 && (dash != dot || (slash && !dash)) {
            return false;
        }
        let mut b = 0;
        while b < 256 {
            if bit != 0 && (b as u8).is_ascii_alphanumeric() && G::LOOP_BITS[b] & bit == 0 {
                return false;
            }
            b += 1;
        }
        s += 1;
    }
    true
}

/// Whether some accelerated state of `G` is alphanumeric (see
/// [`accel_states_loop_on_their_class`]).
const fn has_alphanumeric_states<G: Grammar>() -> bool {
    let mut s = 0;
    while s < G::LOOP_BIT.len() {
        if G::LOOP_BIT[s] != 0 && G::LOOP_BITS[b'-' as usize] & G::LOOP_BIT[s] == 0 {
            return true;
        }
        s += 1;
    }
    false
}

const _: () = assert!(
    accel_states_loop_on_their_class::<uri::Dfa>(),
    "an accelerated state of tables/uri.dfa does not loop on letters and digits, '-' and '.' together, and '/' only with them"
);
const _: () = assert!(
    accel_states_loop_on_their_class::<rfc2396::Dfa>(),
    "an accelerated state of tables/rfc2396.dfa does not loop on letters and digits, '-' and '.' together, and '/' only with them"
);
const _: () = assert!(
    accel_states_loop_on_their_class::<rfc3987::Dfa>(),
    "an accelerated state of tables/rfc3987.dfa does not loop on letters and digits, '-' and '.' together, and '/' only with them"
);

/// Whether `input` has a percent-encoded octet at `at`: '%' and two hex digits.
#[inline(always)]
fn pct_encoded(input: &[u8], at: usize) -> bool {
    let hex = |i: usize| {
        input
            .get(i)
            .is_some_and(|&b| CLASS_BITS[b as usize] & BIT_HEXDIG != 0)
    };
    input.get(at) == Some(&b'%') && hex(at + 1) && hex(at + 2)
}

/// Bit `k` set when byte `k` of the block is not [`dense`], nor `/` if `slash`: the bytes
/// that [`skip`] must look at one by one.
///
/// Three range tests: one for the letters (`| 0x20` folds upper case onto lower case), one for
/// `-./0123456789`, which are adjacent in ASCII, and `/` taken out again when it is not
/// wanted. A range test is one add and one signed compare: the add moves the range's start to
/// -128, so "in range" is "less than -128 + its width". Bytes 0x80 and up are negative as
/// `i8` and stay out of both ranges. `tests` below checks this for all 256 bytes.
#[inline(always)]
fn stops(block: [u8; 16], slash: bool) -> u32 {
    let x: i8x16 = bytemuck::cast(block); // one unaligned load
    let letter = in_range(x | i8x16::splat(0x20), b'a', b'z');
    let mut skip = letter | in_range(x, b'-', b'9');
    if !slash {
        skip &= !x.cmp_eq(i8x16::splat(b'/' as i8));
    }
    !(skip.move_mask() as u32) & 0xffff
}

/// Bit `k` set when byte `k` of the block is not a letter or a digit: the stops of an
/// alphanumeric state (see [`accel_states_loop_on_their_class`]).
#[inline(always)]
fn alphanumeric_stops(block: [u8; 16]) -> u32 {
    let x: i8x16 = bytemuck::cast(block);
    let skip = in_range(x | i8x16::splat(0x20), b'a', b'z') | in_range(x, b'0', b'9');
    !(skip.move_mask() as u32) & 0xffff
}

/// Lanes of `v` in `lo..=hi` (see [`stops`]).
#[inline(always)]
pub(crate) fn in_range(v: i8x16, lo: u8, hi: u8) -> i8x16 {
    let shift = i8x16::splat(0x80u8.wrapping_sub(lo) as i8);
    let limit = i8x16::splat(0x80u8.wrapping_add(hi - lo + 1) as i8);
    (v + shift).cmp_lt(limit)
}

/// The ways a block is classified: for a state that loops on '/' and the dense bytes, on the
/// dense bytes, on letters and digits alone, or on a [`Printable`] set (and valid `%HH`).
///
/// `QUERY` is `SLASH` for a query or a fragment (a state of the [`Printable`] set). Those of
/// form data (`q=a+b&utm_source=x&id=%5B1%5D`) have a byte outside the dense set every few
/// bytes, which [`stops`] would hand one by one to the scalar check, with a branch the CPU
/// cannot predict; other queries (`v=1`, `id=4f3a...`) have few. So a `QUERY` run starts with
/// [`stops`] and goes on by the set's compares (`PRINTABLE`, out of line in `skip_printable`)
/// after a block that it went through with two stops or more.
const SLASH: u8 = 0;
const DENSE: u8 = 1;
const ALPHANUMERIC: u8 = 2;
const PRINTABLE: u8 = 3;
const QUERY: u8 = 4;

/// The most gaps a [`Printable`] set may have (each costs two or three vector operations per
/// block).
const MAX_GAPS: usize = 8;

/// A set of printable ASCII bytes (0x21..=0x7E) that a few range compares classify exactly:
/// the bytes that every query and fragment state of a grammar loops on (in RFC 3986, `pchar`,
/// `/` and `?`), read off the tables by [`printable`]. Their runs are where form data is
/// (`q=a+b&utm_source=x&id=%5B1%5D`): a byte outside the dense set every few bytes, each of
/// which [`stops`] would hand to the scalar check, with a branch the CPU cannot predict
/// (issue 18 measured 1.1 ns per byte). [`printable_stops`] classifies those bytes, and the
/// percent-encoded octets, sixteen at a time instead.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Printable {
    /// The loop bits of the states whose runs it serves (0: none).
    states: u8,
    /// The printable bytes outside the set, as ranges in ascending order; `gaps[..count]`.
    gaps: [(u8, u8); MAX_GAPS],
    count: usize,
}

/// The [`Printable`] set of `G`: the printable bytes that every state of [`pct_loops`] that
/// loops on '?' (a query, a fragment) loops on, if that is all the ASCII they loop on together
/// and it has at most [`MAX_GAPS`] gaps; else a set that serves no state.
pub(crate) const fn printable<G: Grammar>() -> Printable {
    const NONE: Printable = Printable {
        states: 0,
        gaps: [(0, 0); MAX_GAPS],
        count: 0,
    };
    let mut states = 0;
    let mut inside = [true; 128];
    let mut k = 0;
    while k < G::LOOP_BIT.len() {
        let bit = G::LOOP_BIT[k];
        if G::LOOP_BITS[b'?' as usize] & bit & G::PCT_LOOPS != 0 {
            states |= bit;
            let mut b = 0;
            while b < 128 {
                inside[b] &= G::LOOP_BITS[b] & bit != 0;
                b += 1;
            }
        }
        k += 1;
    }
    if states == 0 {
        return NONE;
    }
    let mut set = Printable { states, ..NONE };
    let mut b = 0;
    while b < 128 {
        let printable = b >= 0x21 && b <= 0x7E;
        if inside[b] && !printable {
            return NONE; // a control, a space or DEL in the set: not classified this way
        }
        if printable && !inside[b] {
            if set.count > 0 && set.gaps[set.count - 1].1 as usize + 1 == b {
                set.gaps[set.count - 1].1 = b as u8;
            } else if set.count == MAX_GAPS {
                return NONE;
            } else {
                set.gaps[set.count] = (b as u8, b as u8);
                set.count += 1;
            }
        }
        b += 1;
    }
    set
}

/// Bit `k` set when byte `k` of the block is neither in `set` nor starts a percent-encoded
/// octet (`%` and two hex digits, which are in the set) within the block: a `%` in the last
/// two lanes is a stop, for the scalar check to judge. `tests` checks this for all 256 bytes
/// in every lane.
#[inline(always)]
fn printable_stops(block: [u8; 16], set: &Printable) -> u32 {
    let x: i8x16 = bytemuck::cast(block);
    let mut gaps = i8x16::splat(0);
    let mut i = 0;
    // `set` is a constant: the loop unrolls into its gaps' compares.
    while i < set.count && i < MAX_GAPS {
        let (lo, hi) = set.gaps[i];
        gaps |= if lo == hi {
            x.cmp_eq(i8x16::splat(lo as i8))
        } else {
            in_range(x, lo, hi)
        };
        i += 1;
    }
    let inside = (in_range(x, 0x21, 0x7E) & !gaps).move_mask() as u32;
    let hex = in_range(x, b'0', b'9') | in_range(x | i8x16::splat(0x20), b'a', b'f');
    let hex = hex.move_mask() as u32;
    let pct = x.cmp_eq(i8x16::splat(b'%' as i8)).move_mask() as u32;
    !(inside | pct & hex >> 1 & hex >> 2) & 0xffff
}

/// A set of printable ASCII bytes as two tables of sixteen, for a vector byte shuffle
/// (`pshufb`) to look up sixteen or 32 bytes at once: byte `b` is in the set when
/// `low[b & 15] & high[b >> 4] != 0`. Bit `h - 2` stands for the bytes whose high nibble is
/// `h` (2 to 7: 0x20..=0x7F), so that any such set is exact; `high` is 0 for the other high
/// nibbles (controls, and every byte from 0x80 up).
#[cfg(any(test, all(feature = "std", target_arch = "x86_64")))]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Nibbles {
    pub(crate) low: [u8; 16],
    pub(crate) high: [u8; 16],
}

/// The [`Nibbles`] of the bytes 0x20..=0x7F for which `member` says yes.
#[cfg(any(test, all(feature = "std", target_arch = "x86_64")))]
pub(crate) const fn nibbles(member: &[bool; 128]) -> Nibbles {
    let mut set = Nibbles {
        low: [0; 16],
        high: [0; 16],
    };
    let mut h = 2;
    while h < 8 {
        set.high[h] = 1 << (h - 2);
        let mut l = 0;
        while l < 16 {
            if member[h << 4 | l] {
                set.low[l] |= 1 << (h - 2);
            }
            l += 1;
        }
        h += 1;
    }
    set
}

/// The bytes of a [`Printable`] set, for [`nibbles`].
#[cfg(any(test, all(feature = "std", target_arch = "x86_64")))]
pub(crate) const fn printable_members(set: &Printable) -> [bool; 128] {
    let mut member = [false; 128];
    let mut b = 0x21;
    while b <= 0x7E {
        let mut inside = true;
        let mut i = 0;
        while i < set.count && i < MAX_GAPS {
            inside &= !(set.gaps[i].0 as usize <= b && b <= set.gaps[i].1 as usize);
            i += 1;
        }
        member[b] = inside && set.states != 0;
        b += 1;
    }
    member
}

/// The hex digits (RFC 3986 `HEXDIG`, either case), for [`nibbles`].
#[cfg(any(test, all(feature = "std", target_arch = "x86_64")))]
pub(crate) const HEX_MEMBERS: [bool; 128] = {
    let mut member = [false; 128];
    let mut b = 0;
    while b < 128 {
        member[b] = CLASS_BITS[b] & BIT_HEXDIG != 0;
        b += 1;
    }
    member
};

/// The stops of `block` for a state of class `KIND` (`set`: its [`Printable`] set), and with
/// `WIDE` a state of [`wide_loops`], which the bytes of [`whole_characters`] do not stop.
#[inline(always)]
fn stops_of<const KIND: u8, const WIDE: bool>(block: [u8; 16], set: &Printable) -> u32 {
    let stops = match KIND {
        SLASH | QUERY => stops(block, true),
        DENSE => stops(block, false),
        PRINTABLE => printable_stops(block, set),
        _ => alphanumeric_stops(block),
    };
    if WIDE {
        stops & !whole_characters(block)
    } else {
        stops
    }
}

/// Bit `k` set when byte `k` of the block is a continuation byte (0x80..=0xBF) or leads a
/// character of two bytes from U+00C0 (0xC3..=0xDF) or of three from U+3000 to U+CFFF
/// (0xE3..=0xEC): the letters of the Latin, Greek, Cyrillic, Hebrew and Arabic alphabets,
/// the kana, and the CJK and Hangul blocks, all of them `ucschar` (RFC 3987 §2.2; 0xE2 leads
/// the bidi formatting characters of §4.1, and 0xE0..=0xE2 are rarer). The input is a
/// `str`, so a continuation byte belongs to the character whose lead came before it: in a
/// state that loops on every character of those leads ([`wide_loops`]), a run goes on over
/// all these bytes, and the first other byte is where a character starts. `tests` checks
/// this for all 256 bytes.
#[inline(always)]
fn whole_characters(block: [u8; 16]) -> u32 {
    let x: i8x16 = bytemuck::cast(block);
    let characters =
        x.cmp_lt(i8x16::splat(0xC0u8 as i8)) | in_range(x, 0xC3, 0xDF) | in_range(x, 0xE3, 0xEC);
    characters.move_mask() as u32 & 0xffff
}

/// The leads of [`whole_characters`], as ranges, and whether `table` (one of
/// `Grammar::UTF8_RUNS`) takes every character that starts with one of them.
const WHOLE_LEADS_2: core::ops::RangeInclusive<usize> = 0xC3..=0xDF;
const WHOLE_LEADS_3: core::ops::RangeInclusive<usize> = 0xE3..=0xEC;

const fn takes_whole_characters(table: &[u64; UTF8_RUN_LEN]) -> bool {
    let mut lead = *WHOLE_LEADS_2.start();
    while lead <= *WHOLE_LEADS_2.end() {
        if table[lead & 0x1F] != u64::MAX {
            return false;
        }
        lead += 1;
    }
    let mut lead = *WHOLE_LEADS_3.start();
    while lead <= *WHOLE_LEADS_3.end() {
        let mut second = 0;
        while second < 64 {
            if table[32 + ((lead & 0x0F) << 6) + second] != u64::MAX {
                return false;
            }
            second += 1;
        }
        lead += 1;
    }
    true
}

/// The loop bits of the accelerated states of `G` whose runs take every character of
/// [`whole_characters`] (in RFC 3987's tables: a path, a query, a fragment, a reg-name, a
/// userinfo): their runs classify those characters sixteen bytes at a time with the ASCII
/// bytes, where the others step one character at a time through `Grammar::UTF8_RUNS`.
pub(crate) const fn wide_loops<G: Grammar>() -> u8 {
    let mut bits = 0;
    let mut k = 0;
    while k < 8 {
        let t = G::UTF8_RUN_OF[k] as usize;
        if t < G::UTF8_RUNS.len() && takes_whole_characters(&G::UTF8_RUNS[t]) {
            bits |= 1 << k;
        }
        k += 1;
    }
    bits
}

/// Writes, in module `$module`, the run skips of grammar `$dfa` with its tables as constants:
/// `skip`, and the pieces [`FirstBlock`] and [`Head`] go on with. Written once, stamped out per
/// grammar (below), rather than generic over [`Grammar`]: the two compile to the same loops,
/// but the generic ones cost RFC 3986's parse 3 instructions per URL (ada_kasztp) in the code
/// around them, and taking the tables as a value did too.
macro_rules! run_skips {
    ($module:ident, $dfa:ty) => {
        pub(crate) mod $module {
            use super::*;

            const LOOP_BITS: [u8; 256] = *<$dfa as Grammar>::LOOP_BITS;
            // `first_stop` reads a stop past the end as NUL, which must end every run.
            const _: () = assert!(LOOP_BITS[0] == 0);
            const PCT_LOOPS: u8 = <$dfa as Grammar>::PCT_LOOPS;
            /// Whether some state's runs are classified as alphanumeric (none in RFC 3986's
            /// tables: there the choice folds away).
            const ALPHANUMERIC_STATES: bool = has_alphanumeric_states::<$dfa>();
            /// Whether the grammar reads characters outside ASCII (byte sequences, as RFC
            /// 3987's does): then a run that starts on such a byte is empty (no accelerated
            /// state loops on one), and that is said before the blocks are classified, for
            /// every multi-byte character of an IRI ends in such a run.
            const SEQUENCES: bool = <$dfa as Grammar>::FIRST_SEQ < <$dfa as Grammar>::FIRST_ACCEL;
            const UTF8_RUN_OF: [u8; 8] = <$dfa as Grammar>::UTF8_RUN_OF;
            const WIDE_LOOPS: u8 = wide_loops::<$dfa>();
            const SET: Printable = printable::<$dfa>();
            /// The loop bits of the states whose runs take the form-data mode ([`SET`]'s).
            /// (For src/kernels/avx2.rs, which has RFC 3986's runs only.)
            #[allow(dead_code)]
            pub(crate) const FORM_LOOPS: u8 = SET.states;
            /// [`SET`] and the hex digits as [`Nibbles`], for the AVX2 code of src/kernels/avx2.rs.
            #[cfg(all(feature = "std", target_arch = "x86_64"))]
            pub(crate) const SET_NIBBLES: (Nibbles, Nibbles) =
                (nibbles(&printable_members(&SET)), nibbles(&HEX_MEMBERS));

            /// Whether the state of `loop_bit` is alphanumeric.
            #[inline(always)]
            fn alphanumeric(loop_bit: u8) -> bool {
                ALPHANUMERIC_STATES && LOOP_BITS[b'-' as usize] & loop_bit == 0
            }

            /// The index of the first byte at or after `pos` that does not keep the DFA in the
            /// state whose loop bit is `loop_bit`, or `input.len()`: sixteen bytes at a time
            /// (the last block is the input's last 16 bytes, read again from an earlier start
            /// rather than copied, with the bits before `pos` shifted out); an input shorter
            /// than a block is classified in one zero-padded copy.
            #[inline(always)]
            pub(crate) fn skip(input: &[u8], pos: usize, loop_bit: u8) -> usize {
                if SEQUENCES {
                    return skip_characters(input, pos, loop_bit);
                }
                skip_bytes::<true>(input, pos, loop_bit)
            }

            /// [`skip`] in a grammar with byte sequences (RFC 3987's): the run goes on
            /// through the characters of two and three bytes that lead the state back to
            /// itself (`Grammar::UTF8_RUNS`, which build.rs derives from the tables), a
            /// character in a few instructions rather than three steps of the DFA. Any other
            /// byte outside ASCII ends the run, and the DFA steps it.
            #[inline(always)]
            fn skip_characters(input: &[u8], mut pos: usize, loop_bit: u8) -> usize {
                let table = UTF8_RUN_OF
                    .get(loop_bit.trailing_zeros() as usize)
                    .and_then(|&t| <$dfa as Grammar>::UTF8_RUNS.get(usize::from(t)));
                let Some(table) = table else {
                    return match input.get(pos) {
                        Some(b) if b.is_ascii() => skip_bytes::<true>(input, pos, loop_bit),
                        _ => pos,
                    };
                };
                // (WIDE_LOOPS is 0 in the grammars without sequences, which never come here.)
                #[allow(clippy::bad_bit_mask)]
                let wide = WIDE_LOOPS & loop_bit != 0;
                loop {
                    if wide {
                        pos = skip_wide(input, pos, loop_bit);
                    }
                    let Some(&b0) = input.get(pos) else {
                        return pos;
                    };
                    // The masks keep every index inside the table (no bounds check).
                    // One length check for the character's bytes (the indexing after it
                    // cannot fail).
                    let (len, set, last) = if b0 >= 0xE0 {
                        if b0 >= 0xF0 || pos + 2 >= input.len() || input[pos + 1] & 0xC0 != 0x80 {
                            return pos;
                        }
                        let at =
                            32 + (usize::from(b0 & 0x0F) << 6) + usize::from(input[pos + 1] & 0x3F);
                        (3, table[at], input[pos + 2])
                    } else if b0 >= 0xC0 {
                        if pos + 1 >= input.len() {
                            return pos;
                        }
                        (2, table[usize::from(b0 & 0x1F)], input[pos + 1])
                    } else if b0 < 0x80 {
                        if wide {
                            return pos; // a stop of skip_wide
                        }
                        let end = skip_bytes::<true>(input, pos, loop_bit);
                        if end == pos {
                            return pos;
                        }
                        pos = end;
                        continue;
                    } else {
                        return pos;
                    };
                    if last & 0xC0 != 0x80 || set >> (last & 0x3F) & 1 == 0 {
                        return pos;
                    }
                    pos += len;
                }
            }

            /// [`skip`] over the bytes that keep the state in itself (ASCII ones); with
            /// `FORM`, the runs of a query or a fragment take the form-data mode of `QUERY`.
            #[inline(always)]
            fn skip_bytes<const FORM: bool>(input: &[u8], pos: usize, loop_bit: u8) -> usize {
                if input.len() < 16 {
                    return skip_short(input, pos, loop_bit);
                }
                // Two copies of the loop, so that the choice is made once per run, not once
                // per block.
                if FORM && SET.states & loop_bit != 0 {
                    skip_blocks::<QUERY, false>(input, pos, loop_bit)
                } else if LOOP_BITS[b'/' as usize] & loop_bit != 0 {
                    skip_blocks::<SLASH, false>(input, pos, loop_bit)
                } else if alphanumeric(loop_bit) {
                    skip_blocks::<ALPHANUMERIC, false>(input, pos, loop_bit)
                } else {
                    skip_blocks::<DENSE, false>(input, pos, loop_bit)
                }
            }

            /// [`skip_bytes`] in a state of [`WIDE_LOOPS`], which also goes on over the bytes
            /// of [`whole_characters`]: it stops at a byte that ends the run or at a
            /// character that the state's `UTF8_RUNS` table must judge.
            #[inline(always)]
            fn skip_wide(input: &[u8], pos: usize, loop_bit: u8) -> usize {
                if input.len() < 16 {
                    // The padding (zero) is a stop, at the end.
                    let block = zero_padded(input);
                    let stops = if LOOP_BITS[b'/' as usize] & loop_bit != 0 {
                        stops_of::<SLASH, true>(block, &SET)
                    } else if alphanumeric(loop_bit) {
                        stops_of::<ALPHANUMERIC, true>(block, &SET)
                    } else {
                        stops_of::<DENSE, true>(block, &SET)
                    };
                    return first_stop(input, 0, stops & (u32::MAX << pos), loop_bit)
                        .unwrap_or(input.len());
                }
                if SET.states & loop_bit != 0 {
                    skip_blocks::<QUERY, true>(input, pos, loop_bit)
                } else if LOOP_BITS[b'/' as usize] & loop_bit != 0 {
                    skip_blocks::<SLASH, true>(input, pos, loop_bit)
                } else if alphanumeric(loop_bit) {
                    skip_blocks::<ALPHANUMERIC, true>(input, pos, loop_bit)
                } else {
                    skip_blocks::<DENSE, true>(input, pos, loop_bit)
                }
            }

            /// [`skip`] in an input shorter than a block: its [`Head`], built in registers.
            #[inline(always)]
            fn skip_short(input: &[u8], pos: usize, loop_bit: u8) -> usize {
                let block = zero_padded(input);
                if alphanumeric(loop_bit) {
                    // The padding (zero) is a stop, at the end.
                    let stops = alphanumeric_stops(block) & (u32::MAX << pos);
                    return first_stop(input, 0, stops, loop_bit).unwrap_or(input.len());
                }
                head_skip::<true>(Head::of_block(block), input, pos, loop_bit)
            }

            #[inline(always)]
            fn skip_blocks<const KIND: u8, const WIDE: bool>(
                input: &[u8],
                mut pos: usize,
                loop_bit: u8,
            ) -> usize {
                let len = input.len();
                loop {
                    let stops = match input.get(pos..pos + 16) {
                        Some(block) => stops_of::<KIND, WIDE>(first_16(block), &SET),
                        None => {
                            // Fewer than 16 bytes left: the last 16 bytes of the input, shifted
                            // so that bit 0 is byte `pos`. No bit stands for a byte past the end.
                            let Some(tail) = input.get(len.wrapping_sub(16)..) else {
                                return len;
                            };
                            stops_of::<KIND, WIDE>(first_16(tail), &SET) >> (pos + 16 - len)
                        }
                    };
                    if let Some(at) = first_stop(input, pos, stops, loop_bit) {
                        return at;
                    }
                    pos += 16;
                    if pos >= len {
                        return len;
                    }
                    if KIND == QUERY && stops & stops.wrapping_sub(1) != 0 {
                        return skip_printable::<WIDE>(input, pos, loop_bit);
                    }
                }
            }

            /// [`skip_blocks`] by the [`Printable`] set. Out of line: in the DFA's loop,
            /// whose runs are of any state, the inlined compares were done on the blocks of
            /// the other states too. Where the CPU has AVX2, 32 bytes at a time by table
            /// lookups (src/kernels/avx2.rs), to the last 32 bytes of the input.
            #[inline(never)]
            fn skip_printable<const WIDE: bool>(input: &[u8], pos: usize, loop_bit: u8) -> usize {
                #[cfg(all(feature = "std", target_arch = "x86_64"))]
                if !WIDE {
                    if let Some(avx2) = crate::kernels::avx2::Avx2::detect() {
                        let first_stop =
                            |base, stops: u32| first_stop(input, base, stops, loop_bit);
                        if let Some(end) = avx2.skip_printable(input, pos, &SET_NIBBLES, first_stop)
                        {
                            return end;
                        }
                    }
                }
                skip_blocks::<PRINTABLE, WIDE>(input, pos, loop_bit)
            }

            /// The first byte of the block whose [`stops`] are `stops` (bit k for byte
            /// `base + k`) that does not keep the DFA in the state of `loop_bit`, if there is
            /// one in the block; the input's length for a stop past its end. (The length
            /// itself, not the stop's index: a caller then needs no minimum of the two, and
            /// LLVM knows that the run ends the input and folds the caller's test of it, 4-5
            /// instructions a URL on the benchmarks' corpora, 13 on the WPT inputs.)
            #[inline(always)]
            pub(crate) fn first_stop(
                input: &[u8],
                base: usize,
                stops: impl Into<u64>,
                loop_bit: u8,
            ) -> Option<usize> {
                let mut stops: u64 = stops.into();
                // The loop entered past its test of the first stop: where that stop is past
                // the end, the commonest end of a run (the end of the input), the loop's
                // table addresses, which LLVM loads before the loop, are not loaded.
                if stops == 0 {
                    return None;
                }
                let mut at = base + stops.trailing_zeros() as usize;
                loop {
                    // A stop past the end (in a shorter input's mask, whose bits from the end
                    // on are all stops) ends the run with the input.
                    let Some(&b) = input.get(at) else {
                        return Some(input.len());
                    };
                    if LOOP_BITS[b as usize] & loop_bit != 0
                        || b == b'%' && loop_bit & PCT_LOOPS != 0 && pct_encoded(input, at)
                    {
                        // A byte of the run that is a stop of the mask, or "%HH" (its hex
                        // digits are dense, so they have no bit to clear).
                        stops &= stops - 1;
                    } else {
                        return Some(at);
                    }
                    if stops == 0 {
                        return None;
                    }
                    at = base + stops.trailing_zeros() as usize;
                }
            }

            /// [`skip`] from `pos`, with `head`'s stops for the bytes that it holds.
            #[inline(always)]
            pub(crate) fn head_skip<const FORM: bool>(
                head: Head,
                input: &[u8],
                pos: usize,
                loop_bit: u8,
            ) -> usize {
                if pos >= 16 {
                    return skip_bytes::<FORM>(input, pos, loop_bit);
                }
                let stops = if LOOP_BITS[b'/' as usize] & loop_bit != 0 {
                    head.stops
                } else {
                    head.stops | head.slashes
                };
                match first_stop(input, 0, stops & (u32::MAX << pos), loop_bit) {
                    Some(at) => at,
                    None if input.len() <= 16 => input.len(),
                    None => skip_bytes::<FORM>(input, 16, loop_bit),
                }
            }

            impl SkipRuns for $dfa {
                #[inline(always)]
                fn skip(input: &[u8], pos: usize, loop_bit: u8) -> usize {
                    skip(input, pos, loop_bit)
                }
            }
        }
    };
}

/// A grammar whose runs can be skipped: the driver of src/driver/parse.rs calls `G::skip`.
pub(crate) trait SkipRuns {
    /// See `uri_runs::skip`. `input` is the bytes of a `str` and `pos` is where a character
    /// starts: the skips of [`wide_loops`] take a continuation byte as part of a character
    /// whose lead they have seen.
    fn skip(input: &[u8], pos: usize, loop_bit: u8) -> usize;
}

run_skips!(uri_runs, uri::Dfa);
run_skips!(rfc2396_runs, rfc2396::Dfa);
run_skips!(rfc3987_runs, rfc3987::Dfa);

/// The run skip of RFC 3986 (`tables/uri.dfa`), which the parser's shortcuts use.
pub(crate) use uri_runs::skip;

/// The first 32 bytes of an input that starts with "scheme://" (fewer if it is shorter),
/// classified by [`stops`] with '/' flagged: bit k stands for byte k. Kept by the parser so
/// that the host's run, which starts in them and usually ends in them too, needs no load of
/// its own.
#[derive(Clone, Copy)]
pub(crate) struct FirstBlock {
    stops: u32,
}

impl FirstBlock {
    /// Like [`skip`] from `pos`, starting with this block's classification. Any state may
    /// use it: the '/' it flags is let through by the loop bit of a state that loops on '/'.
    #[inline(always)]
    pub(crate) fn skip(self, input: &[u8], pos: usize, loop_bit: u8) -> usize {
        // The bits of bytes pos..32 (none if pos is 32 or more).
        let later = self.stops & u32::MAX.checked_shl(pos as u32).unwrap_or(0);
        if let Some(at) = uri_runs::first_stop(input, 0, later, loop_bit) {
            at
        } else if pos > 32 {
            skip(input, pos, loop_bit)
        } else if 32 >= input.len() {
            input.len()
        } else {
            skip(input, 32, loop_bit)
        }
    }
}

/// The index of the ':' when `input` starts with a scheme and "://" (RFC 3986 §3.1) within
/// its first 16 bytes, for schemes of letters, digits, '-' and '.' (the others go the long
/// way, through the DFA); and the first block's classification, to go on with.
#[inline(always)]
pub(crate) fn scheme_colon_slash_slash(input: &[u8]) -> Option<(usize, FirstBlock)> {
    let low = stops(*input.first_chunk::<16>()?, false);
    let colon = low.trailing_zeros() as usize;
    // A letter: with bit 5 set, upper case becomes lower case (and no other byte a letter).
    let starts_scheme = input
        .first()
        .is_some_and(|b| (b | 0x20).wrapping_sub(b'a') < 26);
    if !(colon < 16 && starts_scheme && input.get(colon..colon + 3) == Some(b"://")) {
        return None;
    }
    // Most hosts end within the first 32 bytes: classify the next 16 now, so that the host's
    // run needs no block of its own. Past the end of a shorter input, no bit is set.
    let len = input.len();
    let high = match input.get(16..32) {
        Some(block) => stops(first_16(block), false),
        None => stops(first_16(input.get(len - 16..).unwrap_or_default()), false) >> (32 - len),
    };
    Some((
        colon,
        FirstBlock {
            stops: low | high << 16,
        },
    ))
}

/// Where the runs of the parser's shortcuts end (a scheme, a host, a path, a query, a
/// fragment, in RFC 3986's tables): the parser is generic over it, so that its shortcuts
/// compile once per way of finding them, the portable one ([`PortableRuns`]) and AVX2's
/// (src/kernels/avx2.rs, 64 bytes classified at once).
pub(crate) trait Runs {
    /// Whether the "scheme://host/path" shortcut takes a query or a fragment out of line
    /// (`Parser::after_path_on`): the portable code inlined there cost the commonest URIs,
    /// which end in the path, 16 instructions per URL (registers saved, a layout stored
    /// twice); AVX2's, called from code compiled for AVX2 into code that is not, cost
    /// ada_isaacs_files (nearly all with a query) a fifth of its time.
    const TAIL_OUT_OF_LINE: bool;

    /// The index of the ':' when `input` starts with a scheme of letters, digits, '-' and
    /// '.' and "://" (RFC 3986 §3.1; other schemes go the long way, through the DFA).
    fn scheme_colon_slash_slash(&mut self, input: &[u8]) -> Option<usize>;

    /// [`skip`]: the end of the run from `pos` of the state whose loop bit is `loop_bit`.
    fn skip(&mut self, input: &[u8], pos: usize, loop_bit: u8) -> usize;

    /// [`Runs::skip`] for the host's run after "scheme://" or "//", and whether a '/' ends
    /// it (the commonest end of a host, which a mask of the slashes may tell at once).
    #[inline(always)]
    fn skip_host(&mut self, input: &[u8], pos: usize, loop_bit: u8) -> (usize, bool) {
        end_and_slash(input, self.skip(input, pos, loop_bit))
    }

    /// [`Runs::skip`] for the path's run after the '/' that ends a host (`loop_bit`: the
    /// path's).
    #[inline(always)]
    fn skip_path(&mut self, input: &[u8], pos: usize, loop_bit: u8) -> usize {
        self.skip(input, pos, loop_bit)
    }

    /// Whether `input` starts with one '/' and not two: RFC 3986 §4.2's path-absolute, the
    /// commonest link on a page and every origin-form request target.
    #[inline(always)]
    fn one_slash_first(&self, input: &[u8]) -> bool {
        input.first() == Some(&b'/') && input.get(1) != Some(&b'/')
    }
}

/// The end of a host's run, `end`, as [`Runs::skip_host`] says it: with whether a '/' is
/// there.
#[inline(always)]
pub(crate) fn end_and_slash(input: &[u8], end: usize) -> (usize, bool) {
    (end, input.get(end) == Some(&b'/'))
}

/// [`Runs`] by [`skip`], sixteen bytes at a time from each run's start, but for the host
/// after "scheme://", which goes on from the 32 bytes classified to find the scheme
/// ([`FirstBlock`]).
#[derive(Clone, Copy, Default)]
pub(crate) struct PortableRuns {
    first: Option<FirstBlock>,
}

impl Runs for PortableRuns {
    const TAIL_OUT_OF_LINE: bool = true;

    #[inline(always)]
    fn scheme_colon_slash_slash(&mut self, input: &[u8]) -> Option<usize> {
        let (colon, block) = scheme_colon_slash_slash(input)?;
        self.first = Some(block);
        Some(colon)
    }

    #[inline(always)]
    fn skip(&mut self, input: &[u8], pos: usize, loop_bit: u8) -> usize {
        skip(input, pos, loop_bit)
    }

    #[inline(always)]
    fn skip_host(&mut self, input: &[u8], pos: usize, loop_bit: u8) -> (usize, bool) {
        let end = match self.first {
            Some(block) => block.skip(input, pos, loop_bit),
            None => skip(input, pos, loop_bit),
        };
        end_and_slash(input, end)
    }
}

/// The first sixteen bytes of an input (zero-padded if it is shorter), classified once for
/// all the runs that start in them. [`crate::driver::parse::plain_relative`] goes from run to run of
/// a link (first segment, path, query, fragment: often all there) on one head; [`skip`]
/// makes one for an input shorter than a block.
#[derive(Clone, Copy)]
pub(crate) struct Head {
    /// The bytes that end a run that loops on `/` unless the tables say otherwise (bit `i`
    /// for byte `i`; the padding, zero, is one).
    stops: u32,
    /// The `/` bytes: stops too for a run that does not loop on it.
    slashes: u32,
}

impl Head {
    #[cfg(feature = "alloc")] // for `Base::resolve_str_into` alone
    #[inline(always)]
    pub(crate) fn of(input: &[u8]) -> Self {
        Head::of_block(match input.first_chunk::<16>() {
            Some(block) => *block,
            None => zero_padded(input),
        })
    }

    /// The head whose first sixteen bytes (the input's, zero-padded) are `block`.
    #[inline(always)]
    fn of_block(block: [u8; 16]) -> Self {
        Head {
            stops: stops(block, true),
            slashes: eq_mask(block, b'/'),
        }
    }

    /// [`skip`] from `pos`, with the head's stops for the bytes that it holds. Without the
    /// form-data mode of queries: the links that `Base::resolve_str_into` parses this way
    /// seldom carry form data, and the mode's code cost the prepared resolve 5.5 instructions
    /// per pair (Common Crawl pairs; 250.7 without it).
    #[cfg(feature = "alloc")] // for `Base::resolve_str_into` alone
    #[inline(always)]
    pub(crate) fn skip(self, input: &[u8], pos: usize, loop_bit: u8) -> usize {
        uri_runs::head_skip::<false>(self, input, pos, loop_bit)
    }
}

/// `b` (up to 16 bytes; more are cut) followed by zeros, as a block, built in two 64-bit
/// registers from loads of a fixed size (two overlapping words, two overlapping half-words,
/// or single bytes below 4) that cover `b` exactly, shifted into place. No trip through
/// memory: a block stored to the stack in pieces and read back as one vector waits for the
/// stores (the CPU cannot forward them to the wider load, a dozen cycles). That wait made the
/// mostly short WPT inputs half again as slow when each run built such a block, and cost the
/// resolutions of RFC 3986 §5.4 (short paths: `has_slash_dot`, the merge head) a quarter of
/// their time when built once per reference.
#[inline(always)]
pub(crate) fn zero_padded(b: &[u8]) -> [u8; 16] {
    let n = b.len();
    let word = |at: usize| {
        b.get(at..)
            .and_then(<[u8]>::first_chunk::<8>)
            .map_or(0, |w| u64::from_le_bytes(*w))
    };
    let half = |at: usize| {
        b.get(at..)
            .and_then(<[u8]>::first_chunk::<4>)
            .map_or(0, |w| u64::from(u32::from_le_bytes(*w)))
    };
    // `x >> (8 * k)` for a word that holds bytes [n - 8, n) keeps [n - 8 + k, n): the bytes
    // that the first word did not hold, at their own offsets. (A shift by the whole width
    // gives 0.)
    let shr = |x: u64, bytes: usize| x.checked_shr(8 * bytes as u32).unwrap_or(0);
    let (low, high) = match n {
        16.. => (word(0), word(8)),
        8.. => (word(0), shr(word(n - 8), 16 - n)),
        4.. => (half(0) | shr(half(n - 4), 8 - n) << 32, 0),
        _ => (
            b.iter()
                .enumerate()
                .fold(0, |w, (i, &c)| w | u64::from(c) << (8 * i)),
            0,
        ),
    };
    (u128::from(low) | u128::from(high) << 64).to_le_bytes()
}

/// The length of the run of letters, digits, `-` and `.` that starts `b` (a host name's
/// bytes), sixteen bytes a compare; the tail in a zeroed block, where zero is a stop.
#[cfg(any(test, feature = "canon"))]
#[inline]
pub(crate) fn dense_len(b: &[u8]) -> usize {
    let mut at = 0;
    while let Some(block) = b.get(at..).and_then(<[u8]>::first_chunk::<16>) {
        let m = stops(*block, false);
        if m != 0 {
            return at + m.trailing_zeros() as usize;
        }
        at += 16;
    }
    at + stops(zero_padded(&b[at..]), false).trailing_zeros() as usize
}

/// Bit `k` set where byte `k` of `b` (its first 64 bytes) is `byte`, which is not zero.
#[cfg(any(test, feature = "canon"))]
#[inline]
pub(crate) fn eq_mask_64(b: &[u8], byte: u8) -> u64 {
    let b = &b[..b.len().min(64)];
    let mut m = 0;
    let mut at = 0;
    while let Some(block) = b.get(at..).and_then(<[u8]>::first_chunk::<16>) {
        m |= u64::from(eq_mask(*block, byte)) << at;
        at += 16;
    }
    if at < b.len() {
        m |= u64::from(eq_mask(zero_padded(&b[at..]), byte)) << at;
    }
    m
}

/// The places of `x` or `y` in `b`, in order, found sixteen bytes a compare: for texts where
/// those bytes are few and far apart (the `&` and `=` of a query, the `%` of an escaped one).
#[cfg(any(test, feature = "canon"))]
pub(crate) fn positions(b: &[u8], x: u8, y: u8) -> Positions<'_> {
    Positions::new(b, Class::Either(x, y))
}

/// The places in `b` of bytes that are not printable ASCII (controls, space, DEL and every
/// byte from 0x80) or are `x` or `y`: the bytes a percent-encoder encodes, when the set it
/// keeps is the printable bytes less a few.
#[cfg(any(test, feature = "canon"))]
pub(crate) fn unprintable_or(b: &[u8], x: u8, y: u8) -> Positions<'_> {
    Positions::new(b, Class::UnprintableOr(x, y))
}

/// The bytes [`Positions`] gives the places of.
#[cfg(any(test, feature = "canon"))]
#[derive(Clone, Copy)]
enum Class {
    Either(u8, u8),
    UnprintableOr(u8, u8),
}

#[cfg(any(test, feature = "canon"))]
impl Class {
    #[inline(always)]
    fn mask(self, block: [u8; 16]) -> u32 {
        match self {
            Class::Either(x, y) => eq_mask(block, x) | eq_mask(block, y),
            Class::UnprintableOr(x, y) => {
                let v = i8x16::from(bytemuck::cast::<[u8; 16], [i8; 16]>(block));
                // Signed: the bytes from 0x80 are negative, below `!` with the controls.
                let m = v.cmp_lt(i8x16::splat(b'!' as i8))
                    | v.cmp_eq(i8x16::splat(0x7F))
                    | v.cmp_eq(i8x16::splat(x as i8))
                    | v.cmp_eq(i8x16::splat(y as i8));
                m.move_mask() as u32
            }
        }
    }
}

/// See [`positions`] and [`unprintable_or`].
#[cfg(any(test, feature = "canon"))]
pub(crate) struct Positions<'a> {
    b: &'a [u8],
    class: Class,
    /// Where the block of `mask` starts, and where the next one does.
    base: usize,
    next: usize,
    /// The places of the block not given yet.
    mask: u32,
}

#[cfg(any(test, feature = "canon"))]
impl<'a> Positions<'a> {
    fn new(b: &'a [u8], class: Class) -> Self {
        Positions {
            b,
            class,
            base: 0,
            next: 0,
            mask: 0,
        }
    }
}

#[cfg(any(test, feature = "canon"))]
impl Iterator for Positions<'_> {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        while self.mask == 0 {
            let rest = self.b.get(self.next..).filter(|r| !r.is_empty())?;
            self.mask = match rest.first_chunk::<16>() {
                Some(block) => self.class.mask(*block),
                // The tail, zero-padded: the padding's places are not the text's.
                None => self.class.mask(zero_padded(rest)) & ((1 << rest.len()) - 1),
            };
            self.base = self.next;
            self.next += 16;
        }
        let k = self.mask.trailing_zeros() as usize;
        self.mask &= self.mask - 1;
        Some(self.base + k)
    }
}

/// Bit `k` set where byte `k` of `block` is `b`.
#[inline(always)]
pub(crate) fn eq_mask(block: [u8; 16], b: u8) -> u32 {
    i8x16::from(bytemuck::cast::<[u8; 16], [i8; 16]>(block))
        .cmp_eq(i8x16::splat(b as i8))
        .move_mask() as u32
}

fn first_16(bytes: &[u8]) -> [u8; 16] {
    match bytes.first_chunk::<16>() {
        Some(block) => *block,
        None => [0; 16], // not reached: callers pass 16 bytes
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::tables::{BYTE_CLASS, FIRST_ACCEL, LOOP_BIT, LOOP_BITS, STRIDE_SHIFT, TRANS};

    /// [`pct_loops`] of RFC 3986.
    const PCT_LOOPS: u8 = <uri::Dfa as Grammar>::PCT_LOOPS;

    #[test]
    fn stops_agree_with_dense_on_every_byte_in_every_lane() {
        for b in 0..=255u8 {
            for slash in [false, true] {
                let skipped = dense(b) || (slash && b == b'/');
                for lane in 0..16 {
                    let mut block = [b'a'; 16];
                    block[lane] = b;
                    let want = if skipped { 0 } else { 1 << lane };
                    assert_eq!(
                        stops(block, slash),
                        want,
                        "byte {b:#04x} lane {lane} {slash}"
                    );
                }
            }
        }
    }

    /// A generator of test inputs: mostly letters, so that runs are long enough to cross
    /// blocks, and one byte in four from every kind the DFA tells apart.
    pub(crate) fn random_bytes(seed: u64) -> impl FnMut(&mut std::vec::Vec<u8>, usize) {
        random_input(seed, false)
    }

    /// [`random_bytes`], or with `text` valid UTF-8 (every character whole, no stray byte
    /// outside ASCII): the bytes of a `str`, which is all a parser hands the skips, and which
    /// the skips of [`wide_loops`] need.
    fn random_input(seed: u64, text: bool) -> impl FnMut(&mut std::vec::Vec<u8>, usize) {
        const ALPHABET: &[u8] = b"aZ09-._~!$&'()*+,;=:@/?#[]%\"<> \\^`{|}\x00\x7f\x80\xff";
        let mut next = crate::xorshift(seed);
        const HEX: &[u8] = b"0123456789abcdefABCDEF";
        move |out, len| {
            while out.len() < len {
                match next() % 8 {
                    0 | 1 => {
                        let b = ALPHABET[(next() % ALPHABET.len() as u64) as usize];
                        if !(text && b >= 0x80) {
                            out.push(b);
                        }
                    }
                    // A percent-encoded octet, which paths and queries step over.
                    2 => out.extend([
                        b'%',
                        HEX[(next() % 22) as usize],
                        HEX[(next() % 22) as usize],
                    ]),
                    // Characters outside ASCII (allowed in IRIs or not: a noncharacter, a
                    // private-use one, a bidi mark, 4 bytes), whole or cut short.
                    3 => {
                        const CHARS: [&str; 11] = [
                            "é",
                            "例",
                            "д",
                            "ア",
                            "한",
                            "\u{E000}",
                            "\u{FDD0}",
                            "\u{200E}",
                            "\u{10000}",
                            "\u{FFEF}",
                            "\u{A0}",
                        ];
                        let c = CHARS[(next() % CHARS.len() as u64) as usize].as_bytes();
                        let keep = if !text && next() % 4 == 0 {
                            (next() as usize % c.len()).max(1)
                        } else {
                            c.len()
                        };
                        out.extend(&c[..keep]);
                    }
                    _ => out.push(b'a' + (next() % 26) as u8),
                }
            }
            if text {
                // At a character boundary, so that the text stays whole.
                let mut end = len;
                while end < out.len() && out[end] & 0xC0 == 0x80 {
                    end += 1;
                }
                out.truncate(end);
            } else {
                out.truncate(len);
            }
        }
    }

    /// Where a run ends, byte by byte: over bytes that loop, and over "%HH" in the states of
    /// [`PCT_LOOPS`].
    fn reference_skip(input: &[u8], mut i: usize, loop_bit: u8) -> usize {
        let hex = |i: usize| input.get(i).is_some_and(u8::is_ascii_hexdigit);
        while let Some(&b) = input.get(i) {
            if LOOP_BITS[b as usize] & loop_bit != 0 {
                i += 1;
            } else if loop_bit & PCT_LOOPS != 0 && b == b'%' && hex(i + 1) && hex(i + 2) {
                i += 3;
            } else {
                break;
            }
        }
        i
    }

    /// PCT_LOOPS holds the path, the query and the fragment, the hosts and the userinfo, and
    /// the first segment that cannot be a scheme, and for each the DFA does take "%HH" back
    /// to the state through plain states; not the first segment that may still be a scheme,
    /// which "%HH" leaves for the other.
    #[test]
    fn pct_loops_are_the_states_that_percent_encoding_leaves() {
        use crate::tables::{
            STATE_FRAGMENT, STATE_HOST, STATE_HOST_OR_USERINFO, STATE_NC_SEG, STATE_PATH,
            STATE_QUERY, STATE_SCHEME_OR_SEG, STATE_USERINFO,
        };
        let step = |state: usize, b: u8| TRANS[state + BYTE_CLASS[b as usize] as usize] as usize;
        let bit = |state: usize| LOOP_BIT[(state - FIRST_ACCEL) >> STRIDE_SHIFT];
        assert_eq!(PCT_LOOPS & bit(STATE_SCHEME_OR_SEG), 0);
        let states = [
            STATE_PATH,
            STATE_QUERY,
            STATE_FRAGMENT,
            STATE_HOST_OR_USERINFO,
            STATE_HOST,
            STATE_USERINFO,
            STATE_NC_SEG,
        ];
        assert_eq!(PCT_LOOPS, states.iter().fold(0, |bits, &s| bits | bit(s)));
        for state in states {
            for (h1, h2) in [(b'4', b'a'), (b'F', b'0'), (b'e', b'E')] {
                let (a, b) = (step(state, b'%'), step(step(state, b'%'), h1));
                assert!(a < FIRST_ACCEL && b < FIRST_ACCEL, "plain states");
                assert_eq!(step(b, h2), state);
            }
        }
    }

    /// Every run, for every loop bit and from every start in `starts`, by `skip` and by
    /// [`reference_skip`]; returns how many agreed (panics at the first that does not).
    pub(crate) fn runs_agree(
        input: &[u8],
        starts: core::ops::RangeInclusive<usize>,
        skip: impl Fn(usize, u8) -> usize,
    ) -> usize {
        let mut checked = 0;
        for &bit in LOOP_BIT.iter() {
            for from in starts.clone() {
                let want = reference_skip(input, from, bit);
                assert_eq!(skip(from, bit), want, "{input:?} from {from}");
                checked += 1;
            }
        }
        checked
    }

    /// `first_stop` never ends a run past the input: a stop past the end (wherever its bit,
    /// not only at the end) gives the input's length, which its callers take as the run's end
    /// with no minimum of their own; a stop inside gives its index if its byte ends the run,
    /// and is passed over if it does not.
    #[test]
    fn first_stop_ends_a_run_at_the_end_of_the_input_at_the_latest() {
        use crate::tables::STATE_PATH;
        let path = LOOP_BIT[(STATE_PATH - FIRST_ACCEL) >> STRIDE_SHIFT];
        for len in 0..40 {
            // A path's bytes ("a_" repeated): '_' is a stop of the masks that a path takes.
            let input: std::vec::Vec<u8> = b"a_".iter().copied().cycle().take(len).collect();
            let underscores: u64 = (0..len).filter(|&i| i % 2 == 1).map(|i| 1 << i).sum();
            for past in len..64 {
                let stops = underscores | 1 << past;
                assert_eq!(
                    uri_runs::first_stop(&input, 0, stops, path),
                    Some(len),
                    "{len} {past}"
                );
            }
            for at in 0..len {
                // '?' ends a path where it stands.
                let mut input = input.clone();
                input[at] = b'?';
                let stops = underscores | 1 << at | 1 << 63;
                assert_eq!(
                    uri_runs::first_stop(&input, 0, stops, path),
                    Some(at),
                    "{len} {at}"
                );
            }
        }
    }

    /// The skip (by vector blocks, or in one padded block below 16 bytes) agrees with the
    /// byte-by-byte reference for every accelerated state, at every start position of many
    /// strings mixing all kinds of bytes.
    #[test]
    fn skip_agrees_with_a_byte_by_byte_reference() {
        let mut fill = random_bytes(0x9e37_79b9_7f4a_7c15);
        let mut checked = 0;
        for round in 0..3000 {
            let len = round % 80;
            let mut input = std::vec::Vec::new();
            fill(&mut input, len);
            checked += runs_agree(&input, 0..=len, |from, bit| skip(&input, from, bit));
        }
        assert!(checked > 100_000, "{checked}");
    }

    /// Runs longer than a few blocks, where a query or a fragment with stops every few bytes
    /// goes on in its form-data mode (`QUERY`, then `PRINTABLE`): the skip agrees with the
    /// byte-by-byte reference from every seventh start, in every accelerated state.
    #[test]
    fn long_form_data_runs_agree_with_a_byte_by_byte_reference() {
        let mut fill = random_bytes(0x2545_f491_4f6c_dd1d);
        let mut checked = 0;
        for round in 0..600 {
            let len = 40 + round % 320;
            let mut input = std::vec::Vec::new();
            fill(&mut input, len);
            for from in (0..=len).step_by(7) {
                checked += runs_agree(&input, from..=from, |from, bit| skip(&input, from, bit));
            }
        }
        assert!(checked > 100_000, "{checked}");
    }

    /// The same for RFC 2396's tables, whose hostname labels are alphanumeric states, and for
    /// RFC 3987's, whose runs stop at every byte outside ASCII.
    #[test]
    fn rfc2396_and_rfc3987_skips_agree_with_a_byte_by_byte_reference() {
        assert!(has_alphanumeric_states::<rfc2396::Dfa>());
        assert!(!has_alphanumeric_states::<uri::Dfa>());
        skips_agree::<rfc2396::Dfa>(rfc2396::LOOP_BIT.as_slice(), 0x2545_f491_4f6c_dd1d);
        skips_agree::<rfc3987::Dfa>(rfc3987::LOOP_BIT.as_slice(), 0x9e37_79b9_7f4a_7c15);
    }

    /// Every character of two and three bytes (and every byte pair or triple shaped like
    /// one), in every accelerated state of RFC 3987's tables: the run skip steps over it
    /// exactly when the DFA leads the state back to itself through it.
    #[test]
    fn rfc3987_character_runs_are_the_dfa_s() {
        use crate::tables::rfc3987 as t;
        let mut stepped = 0;
        for (k, &bit) in t::LOOP_BIT.iter().enumerate().filter(|(_, &b)| b != 0) {
            let state = t::FIRST_ACCEL + (k << t::STRIDE_SHIFT);
            let back = |bytes: &[u8]| {
                let mut s = state;
                for (n, &c) in bytes.iter().enumerate() {
                    s = t::TRANS[s + t::BYTE_CLASS[c as usize] as usize] as usize;
                    let last = n + 1 == bytes.len();
                    if !last && !(t::FIRST_SEQ..t::FIRST_ACCEL).contains(&s) {
                        return false;
                    }
                }
                s == state
            };
            for b0 in 0xC0..=0xEFu8 {
                for b1 in 0x80..=0xBFu8 {
                    let mut inputs = std::vec::Vec::new();
                    if b0 < 0xE0 {
                        inputs.push(std::vec![b0, b1]);
                    } else {
                        inputs.extend((0x80..=0xBFu8).map(|b2| std::vec![b0, b1, b2]));
                    }
                    for input in inputs {
                        let want = if back(&input) { input.len() } else { 0 };
                        assert_eq!(
                            rfc3987_runs::skip(&input, 0, bit),
                            want,
                            "{input:x?} bit {bit}"
                        );
                        stepped += usize::from(want > 0);
                    }
                }
            }
        }
        assert!(stepped > 100_000, "{stepped}");
    }

    fn skips_agree<G: Grammar + SkipRuns>(loop_bit: &[u8], seed: u64) {
        let pct = G::PCT_LOOPS;
        // A character of two or three bytes that the DFA steps from the state back to it,
        // through states inside a sequence only (grammars with sequences).
        let character = |input: &[u8], i: usize, bit: u8| -> Option<usize> {
            let k = (0..G::LOOP_BIT.len()).find(|&k| G::LOOP_BIT[k] == bit)?;
            let state = G::FIRST_ACCEL + (k << G::STRIDE_SHIFT);
            let (mut s, mut j) = (state, i);
            loop {
                let &c = input.get(j)?;
                s = G::TRANS[s + G::BYTE_CLASS[c as usize] as usize] as usize;
                j += 1;
                if s == state {
                    return (2..=3).contains(&(j - i)).then_some(j);
                }
                if !(G::FIRST_SEQ..G::FIRST_ACCEL).contains(&s) {
                    return None;
                }
            }
        };
        let reference = |input: &[u8], mut i: usize, bit: u8| {
            let hex = |i: usize| input.get(i).is_some_and(u8::is_ascii_hexdigit);
            while let Some(&b) = input.get(i) {
                if G::LOOP_BITS[b as usize] & bit != 0 {
                    i += 1;
                } else if bit & pct != 0 && b == b'%' && hex(i + 1) && hex(i + 2) {
                    i += 3;
                } else if let Some(j) = character(input, i, bit).filter(|_| !b.is_ascii()) {
                    i = j;
                } else {
                    break;
                }
            }
            i
        };
        let mut fill = random_input(seed, true);
        let mut checked = 0;
        for round in 0..3000 {
            let mut input = std::vec::Vec::new();
            fill(&mut input, round % 80);
            let len = input.len();
            // A run starts where a character does (the parser steps whole characters).
            let starts =
                (0..=len).filter(|&i| !matches!(input.get(i), Some(b) if b & 0xC0 == 0x80));
            for &bit in loop_bit.iter().filter(|&&b| b != 0) {
                for from in starts.clone() {
                    let want = reference(&input, from, bit);
                    assert_eq!(G::skip(&input, from, bit), want, "{input:?} from {from}");
                    checked += 1;
                }
            }
        }
        assert!(checked > 100_000, "{checked}");
    }

    /// `whole_characters` takes every continuation byte and the leads of its ranges, in
    /// every lane, and no other byte.
    #[test]
    fn whole_characters_agree_on_every_byte_in_every_lane() {
        for b in 0..=255u8 {
            for lane in 0..16 {
                let mut block = [b'a'; 16];
                block[lane] = b;
                let whole = (0x80..=0xBF).contains(&b)
                    || WHOLE_LEADS_2.contains(&usize::from(b))
                    || WHOLE_LEADS_3.contains(&usize::from(b));
                let want = if whole { 1 << lane } else { 0 };
                assert_eq!(whole_characters(block), want, "{b:#x} in lane {lane}");
            }
        }
    }

    /// In RFC 3987's tables the path, the query and the fragment runs take the whole
    /// characters sixteen bytes at a time; RFC 3986's and RFC 2396's have none.
    #[test]
    fn wide_loops_hold_the_path_query_and_fragment_of_rfc3987() {
        let bit = |state: usize| {
            rfc3987::LOOP_BIT[(state - rfc3987::FIRST_ACCEL) >> rfc3987::STRIDE_SHIFT]
        };
        let wide = wide_loops::<rfc3987::Dfa>();
        for state in [
            rfc3987::STATE_PATH,
            rfc3987::STATE_QUERY,
            rfc3987::STATE_FRAGMENT,
        ] {
            assert_ne!(wide & bit(state), 0, "{state}");
        }
        assert_eq!(wide_loops::<uri::Dfa>(), 0);
        assert_eq!(wide_loops::<rfc2396::Dfa>(), 0);
    }

    /// The printable bytes that RFC 3986's query and fragment do not take as they are (§3.4,
    /// §3.5: `pchar` / "/" / "?"; '%' only in "%HH"), and RFC 2396's (§2 `uric`, with RFC
    /// 2732's "[" and "]").
    pub(crate) const RFC3986_NOT_QUERY: &[u8] = b"\"#%<>[\\]^`{|}";
    pub(crate) const RFC2396_NOT_QUERY: &[u8] = b"\"#%<>\\^`{|}";

    /// The printable bytes (0x21..=0x7E) but `not`.
    pub(crate) fn query_bytes(not: &[u8]) -> std::vec::Vec<u8> {
        (0x21..=0x7E).filter(|b| !not.contains(b)).collect()
    }

    /// The bytes of a [`Printable`] set, from its gaps.
    fn members(set: &Printable) -> std::vec::Vec<u8> {
        let gaps = &set.gaps[..set.count];
        (0x21..=0x7E)
            .filter(|b| !gaps.iter().any(|&(lo, hi)| (lo..=hi).contains(b)))
            .collect()
    }

    /// The printable sets: RFC 3986's is its query and fragment (§3.4, §3.5: `pchar` / "/" /
    /// "?"), RFC 3987's the same in ASCII, RFC 2396's its `uric` (§2) with RFC 2732's "[" and
    /// "]"; each serves the states that loop on '?' and step over "%HH", and each of those
    /// loops on every byte of it.
    #[test]
    fn printable_sets_are_the_query_and_fragment_characters() {
        let rfc3986 = query_bytes(RFC3986_NOT_QUERY);
        let rfc2396 = query_bytes(RFC2396_NOT_QUERY);
        fn check<G: Grammar>(set: &Printable, want: &[u8]) -> usize {
            assert_eq!(members(set), want);
            let mut served = 0;
            for &bit in G::LOOP_BIT.iter() {
                let question = G::LOOP_BITS[b'?' as usize] & bit != 0;
                let pct = G::PCT_LOOPS & bit != 0;
                assert_eq!(
                    set.states & bit != 0,
                    bit != 0 && question && pct,
                    "bit {bit}"
                );
                if set.states & bit != 0 {
                    served += 1;
                    for &b in want {
                        assert!(G::LOOP_BITS[b as usize] & bit != 0, "{b} bit {bit}");
                    }
                }
            }
            served
        }
        // The query and the fragment; in RFC 2396 also an opaque part (§3: `opaque_part`).
        assert_eq!(check::<uri::Dfa>(&printable::<uri::Dfa>(), &rfc3986), 2);
        assert_eq!(
            check::<rfc3987::Dfa>(&printable::<rfc3987::Dfa>(), &rfc3986),
            2
        );
        assert_eq!(
            check::<rfc2396::Dfa>(&printable::<rfc2396::Dfa>(), &rfc2396),
            3
        );
    }

    /// The [`Nibbles`] of each grammar's [`Printable`] set look up exactly the bytes of its
    /// RFC's query, and those of the hex digits the hex digits, of all 256.
    #[test]
    fn nibbles_are_the_sets() {
        // As src/kernels/avx2.rs looks up: by the low nibble, and by the high nibble (0x80 and up
        // give 8 to 15, where `high` is 0).
        let look_up =
            |t: &Nibbles, b: u8| t.low[usize::from(b & 15)] & t.high[usize::from(b >> 4)] != 0;
        for (set, not) in [
            (printable::<uri::Dfa>(), RFC3986_NOT_QUERY),
            (printable::<rfc3987::Dfa>(), RFC3986_NOT_QUERY),
            (printable::<rfc2396::Dfa>(), RFC2396_NOT_QUERY),
        ] {
            let table = nibbles(&printable_members(&set));
            let want = query_bytes(not);
            for b in 0..=255u8 {
                assert_eq!(look_up(&table, b), want.contains(&b), "{b:#x}");
            }
        }
        let hex = nibbles(&HEX_MEMBERS);
        for b in 0..=255u8 {
            assert_eq!(look_up(&hex, b), b.is_ascii_hexdigit(), "{b:#x}");
        }
    }

    /// `printable_stops` on every byte in every lane, of each grammar's set: a stop exactly
    /// outside the set, but for a '%' with two hex digits after it in the block.
    #[test]
    fn printable_stops_agree_on_every_byte_in_every_lane() {
        for set in [
            printable::<uri::Dfa>(),
            printable::<rfc2396::Dfa>(),
            printable::<rfc3987::Dfa>(),
        ] {
            let inside = members(&set);
            for b in 0..=255u8 {
                for lane in 0..16 {
                    // 'a' is a hex digit, 'g' is not.
                    for filler in [b'a', b'g'] {
                        let mut block = [filler; 16];
                        block[lane] = b;
                        let escaped = b == b'%' && filler == b'a' && lane < 14;
                        let want = if inside.contains(&b) || escaped {
                            0
                        } else {
                            1 << lane
                        };
                        assert_eq!(printable_stops(block, &set), want, "{b} in lane {lane}");
                    }
                }
            }
            // A '%' with one hex digit after it, then a stop.
            let mut block = [b'a'; 16];
            block[3] = b'%';
            block[5] = b' ';
            assert_eq!(printable_stops(block, &set), 1 << 3 | 1 << 5);
        }
    }

    #[test]
    fn alphanumeric_stops_agree_on_every_byte_in_every_lane() {
        for b in 0..=255u8 {
            for lane in 0..16 {
                let mut block = [b'a'; 16];
                block[lane] = b;
                let want = if b.is_ascii_alphanumeric() {
                    0
                } else {
                    1 << lane
                };
                assert_eq!(alphanumeric_stops(block), want, "{b} in lane {lane}");
            }
        }
    }

    /// The first block of "scheme://" (32 bytes, or fewer in a shorter input) serves the
    /// runs that start in it exactly as a fresh skip would.
    #[test]
    fn first_block_of_scheme_slash_slash_agrees_with_the_reference() {
        let mut fill = random_bytes(0x2545_f491_4f6c_dd1d);
        let mut checked = 0;
        for round in 0..3000 {
            let len = 16 + round % 40;
            let mut input = b"http://".to_vec();
            fill(&mut input, len);
            let (colon, block) = scheme_colon_slash_slash(&input).expect("http://");
            assert_eq!(colon, 4);
            let starts = 7..=len.min(32);
            checked += runs_agree(&input, starts, |from, bit| block.skip(&input, from, bit));
        }
        assert!(checked > 100_000, "{checked}");
    }

    /// The head's stops serve every run that starts in it (or at its end) exactly as a fresh
    /// skip would, for inputs shorter than a block (padded) and longer.
    #[test]
    fn head_agrees_with_the_reference() {
        let mut fill = random_bytes(0x5851_f42d_4c95_7f2d);
        let mut checked = 0;
        for round in 0..3000 {
            let len = round % 40;
            let mut input = std::vec::Vec::new();
            fill(&mut input, len);
            let head = Head::of(&input);
            checked += runs_agree(&input, 0..=len, |from, bit| head.skip(&input, from, bit));
        }
        assert!(checked > 100_000, "{checked}");
    }

    #[test]
    fn dense_len_is_the_run_of_dense_bytes() {
        let mut fill = random_bytes(11);
        let mut v = std::vec::Vec::new();
        for round in 0..20_000 {
            v.clear();
            let n = round % 70;
            v.extend((0..n).map(|i| b"ab-.Z9"[(i * 7 + round) % 6]));
            // One byte of any kind somewhere, or none.
            let mut one = std::vec::Vec::new();
            fill(&mut one, 1);
            if n > 0 && round % 3 != 0 {
                v[(round * 13) % n] = one[0];
            }
            let want = v.iter().take_while(|&&b| dense(b)).count();
            assert_eq!(dense_len(&v), want, "{v:?}");
        }
    }

    #[test]
    fn eq_mask_64_marks_every_place() {
        for n in 0..=70 {
            for k in 0..n {
                let mut v = std::vec![b'a'; n];
                v[k] = b'.';
                let want = if k < 64 { 1u64 << k } else { 0 };
                assert_eq!(eq_mask_64(&v, b'.'), want, "{n} {k}");
            }
            assert_eq!(
                eq_mask_64(&std::vec![b'.'; n], b'.').count_ones() as usize,
                n.min(64)
            );
        }
    }

    #[test]
    fn positions_are_every_place_in_order() {
        let mut fill = random_bytes(5);
        let mut v = std::vec::Vec::new();
        for n in 0..200 {
            v.clear();
            fill(&mut v, n);
            for (x, y) in [(b'&', b'='), (b'%', b'%'), (b'a', b'/')] {
                let want: std::vec::Vec<usize> =
                    (0..v.len()).filter(|&i| v[i] == x || v[i] == y).collect();
                assert_eq!(
                    positions(&v, x, y).collect::<std::vec::Vec<_>>(),
                    want,
                    "{v:?}"
                );
            }
        }
    }

    #[test]
    fn zero_padded_copies_every_length() {
        let text: std::vec::Vec<u8> = (1..=17).collect();
        for n in 0..=17 {
            let kept = n.min(16);
            let block = zero_padded(&text[..n]);
            assert_eq!(&block[..kept], &text[..kept]);
            assert!(block[kept..].iter().all(|&b| b == 0), "{n}: {block:?}");
        }
    }
}
