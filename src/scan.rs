//! Skipping runs of bytes sixteen at a time.
//!
//! Most bytes of a URI are *plain*: unreserved or sub-delims (RFC 3986 §2.2, §2.3), the
//! bytes that every host, userinfo, path, query and fragment state of the DFA loops on. A
//! run of plain bytes needs no work but finding where it ends, so the parser hands it to
//! [`skip`], which compares sixteen bytes at once against the plain set (SSE2 on x86-64, NEON
//! on aarch64, through the `wide` crate; plain scalar code elsewhere), and looks at each byte
//! that is not plain (a `/`, a `:`, a `%`, a bad byte) with the state's loop bit from
//! `tables/uri.dfa`: a byte that keeps the DFA in the state is skipped too.
//!
//! This replaces the two-bytes-per-load table walk (`LOOP_PAIRS`) for those states; the
//! scheme state, which loops on fewer bytes than the plain set, still uses it.

use crate::tables::LOOP_BITS;
use wide::{i8x16, CmpEq, CmpLt};

/// Letters, digits and `-` `.`: the bytes [`stops`] skips in every state it is used for. They
/// are most of the bytes of a host, and with `/` most of those of a path.
const fn dense(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'-' || b == b'.'
}

/// The loop bits of the accelerated states that loop on every [`dense`] byte: [`skip`] may
/// only be used for those.
pub(crate) const VECTOR_STATES: u8 = {
    let mut bits = u8::MAX;
    let mut b = 0;
    while b < 256 {
        if dense(b as u8) {
            bits &= LOOP_BITS[b];
        }
        b += 1;
    }
    bits
};

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
    let in_range = |v: i8x16, lo: u8, hi: u8| {
        let shift = i8x16::splat(0x80u8.wrapping_sub(lo) as i8);
        let limit = i8x16::splat(0x80u8.wrapping_add(hi - lo + 1) as i8);
        (v + shift).cmp_lt(limit)
    };
    let letter = in_range(x | i8x16::splat(0x20), b'a', b'z');
    let mut skip = letter | in_range(x, b'-', b'9');
    if !slash {
        skip &= !x.cmp_eq(i8x16::splat(b'/' as i8));
    }
    !(skip.move_mask() as u32) & 0xffff
}

/// The index of the first byte at or after `pos` that does not keep the DFA in the state
/// whose loop bit is `loop_bit` (a bit of [`VECTOR_STATES`]), or `input.len()`.
///
/// `input` must be at least 16 bytes long: the last block is the input's last 16 bytes, read
/// again from an earlier start rather than copied, with the bits before `pos` shifted out.
#[inline(always)]
pub(crate) fn skip(input: &[u8], pos: usize, loop_bit: u8) -> usize {
    // Two copies of the loop, so that the choice is made once per run, not once per block.
    if LOOP_BITS[b'/' as usize] & loop_bit != 0 {
        skip_blocks::<true>(input, pos, loop_bit)
    } else {
        skip_blocks::<false>(input, pos, loop_bit)
    }
}

#[inline(always)]
fn skip_blocks<const SLASH: bool>(input: &[u8], mut pos: usize, loop_bit: u8) -> usize {
    let len = input.len();
    let slash = SLASH;
    loop {
        let mut stops = match input.get(pos..pos + 16) {
            Some(block) => stops(first_16(block), slash),
            None => {
                // Fewer than 16 bytes left: the last 16 bytes of the input, shifted so that
                // bit 0 is byte `pos`. No bit stands for a byte past the end.
                let Some(tail) = input.get(len.wrapping_sub(16)..) else {
                    return len;
                };
                stops(first_16(tail), slash) >> (pos + 16 - len)
            }
        };
        while stops != 0 {
            let at = pos + stops.trailing_zeros() as usize;
            match input.get(at) {
                Some(&b) if LOOP_BITS[b as usize] & loop_bit != 0 => stops &= stops - 1,
                _ => return at,
            }
        }
        pos += 16;
        if pos >= len {
            return len;
        }
    }
}

/// The index of the ':' when `input` starts with a scheme and "://" (RFC 3986 §3.1) within
/// its first 16 bytes, for schemes of letters, digits, '-' and '.' (the others go the long
/// way, through the DFA).
#[inline(always)]
pub(crate) fn scheme_colon_slash_slash(input: &[u8]) -> Option<usize> {
    let colon = stops(*input.first_chunk::<16>()?, false).trailing_zeros() as usize;
    // A letter: with bit 5 set, upper case becomes lower case (and no other byte a letter).
    let starts_scheme = input
        .first()
        .is_some_and(|b| (b | 0x20).wrapping_sub(b'a') < 26);
    (colon < 16 && starts_scheme && input.get(colon..colon + 3) == Some(b"://")).then_some(colon)
}

fn first_16(bytes: &[u8]) -> [u8; 16] {
    match bytes.first_chunk::<16>() {
        Some(block) => *block,
        None => [0; 16], // not reached: callers pass 16 bytes
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
