//! Skipping runs of bytes sixteen at a time.
//!
//! The DFA of `tables/uri.dfa` has *accelerated* states (a scheme, a host, a path, a query...)
//! that loop over long runs of bytes; the parser hands each run to [`skip`], which finds
//! where it ends. Most bytes of a URI are letters, digits, `-` and `.` ([`dense`] bytes), and
//! every accelerated state loops on all of them (the build checks it). So [`skip`]
//! compares sixteen bytes at once against that set (SSE2 on x86-64, NEON on aarch64, through
//! the safe API of the `wide` crate; plain scalar code elsewhere) and looks only at the other
//! bytes, one by one, with the state's loop bit from the tables: a `/` in a path, a `:` in
//! userinfo keep the state, a `?` ends a path.
//!
//! A run that starts in a block already classified (the host's, in the first block of
//! `scheme://host`) goes on from it ([`Block::skip`]). Inputs shorter than a block are walked
//! two bytes per table load (`LOOP_PAIRS`).

use crate::tables::{LOOP_BIT, LOOP_BITS};
use wide::{i8x16, CmpEq, CmpLt};

/// Letters, digits and `-` `.`: the bytes [`stops`] skips in every state it is used for. They
/// are most of the bytes of a host, and with `/` most of those of a path.
const fn dense(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'-' || b == b'.'
}

/// The loop bits of the accelerated states that loop on every [`dense`] byte: the vector
/// skip may only be used for those (the others would go two bytes per table load).
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

// Today that is every accelerated state; a change to tables/uri.dfa that breaks it would
// quietly slow the parser down, so it fails the build instead.
const _: () = {
    let mut s = 0;
    while s < LOOP_BIT.len() {
        assert!(
            LOOP_BIT[s] & VECTOR_STATES == LOOP_BIT[s],
            "an accelerated state of tables/uri.dfa does not loop on letters, digits, '-', '.'"
        );
        s += 1;
    }
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
/// whose loop bit is `loop_bit`, or `input.len()`: sixteen bytes at a time for the states of
/// [`VECTOR_STATES`] (the last block is the input's last 16 bytes, read again from an earlier
/// start rather than copied, with the bits before `pos` shifted out), two per table load for
/// the others and in inputs shorter than a block.
#[inline(always)]
pub(crate) fn skip(input: &[u8], pos: usize, loop_bit: u8) -> usize {
    skip_keeping_block(input, pos, loop_bit).0
}

/// [`skip`], and the block in which the run ended, for the next run to go on with.
#[inline(always)]
pub(crate) fn skip_keeping_block(input: &[u8], pos: usize, loop_bit: u8) -> (usize, Block) {
    if loop_bit & VECTOR_STATES == 0 || input.len() < 16 {
        let rest = input.get(pos..).unwrap_or_default();
        return (input.len() - skip_pairs(rest, loop_bit).len(), Block::EMPTY);
    }
    // Two copies of the loop, so that the choice is made once per run, not once per block.
    if LOOP_BITS[b'/' as usize] & loop_bit != 0 {
        skip_blocks::<true>(input, pos, loop_bit)
    } else {
        skip_blocks::<false>(input, pos, loop_bit)
    }
}

#[inline(always)]
fn skip_blocks<const SLASH: bool>(input: &[u8], mut pos: usize, loop_bit: u8) -> (usize, Block) {
    let len = input.len();
    loop {
        let stops = match input.get(pos..pos + 16) {
            Some(block) => stops(first_16(block), SLASH),
            None => {
                // Fewer than 16 bytes left: the last 16 bytes of the input, shifted so that
                // bit 0 is byte `pos`. No bit stands for a byte past the end.
                let Some(tail) = input.get(len.wrapping_sub(16)..) else {
                    return (len, Block::EMPTY);
                };
                stops(first_16(tail), SLASH) >> (pos + 16 - len)
            }
        };
        if let Some(at) = first_stop(input, pos, stops, loop_bit) {
            let block = Block {
                base: pos,
                stops,
                slash: SLASH,
                width: 16,
            };
            return (at, block);
        }
        pos += 16;
        if pos >= len {
            return (len, Block::EMPTY);
        }
    }
}

/// The first byte of the block whose [`stops`] are `stops` (bit k for byte `base + k`) that
/// does not keep the DFA in the state of `loop_bit`, if there is one in the block.
#[inline(always)]
fn first_stop(input: &[u8], base: usize, mut stops: u32, loop_bit: u8) -> Option<usize> {
    while stops != 0 {
        let at = base + stops.trailing_zeros() as usize;
        match input.get(at) {
            Some(&b) if LOOP_BITS[b as usize] & loop_bit != 0 => stops &= stops - 1,
            _ => return Some(at),
        }
    }
    None
}

/// Sixteen bytes from `base` (or the rest of the input, if shorter) classified by [`stops`]:
/// bit k stands for byte `base + k`. The parser keeps the block a run ended in, so that the
/// next run, which starts there, needs no second load.
#[derive(Clone, Copy)]
pub(crate) struct Block {
    base: usize,
    stops: u32,
    /// Whether '/' was left out of the stops (`slash` of [`stops`]): then only a state that
    /// loops on '/' may go on with this block.
    slash: bool,
    /// How many bytes from `base` the block stands for: 16, or 32 for the first block of
    /// "scheme://" (see [`scheme_colon_slash_slash`]).
    width: usize,
}

impl Block {
    /// A block that no run can go on with: [`Block::skip`] starts afresh.
    pub(crate) const EMPTY: Block = Block {
        base: usize::MAX,
        stops: 0,
        slash: true,
        width: 0,
    };

    /// Like [`skip`] from `pos`, starting with this block's classification when `pos` falls
    /// in it and it fits the state. A block that flags '/' serves a state that loops on it
    /// too: the state's loop bit then lets the run go on past it.
    #[inline(always)]
    pub(crate) fn skip(self, input: &[u8], pos: usize, loop_bit: u8) -> (usize, Block) {
        let fits = !self.slash || LOOP_BITS[b'/' as usize] & loop_bit != 0;
        let offset = match pos.checked_sub(self.base) {
            Some(offset) if offset <= self.width && fits => offset,
            _ => return skip_keeping_block(input, pos, loop_bit),
        };
        // The bits of bytes pos.. (none if the run starts at the block's end).
        let later = self.stops & u32::MAX.checked_shl(offset as u32).unwrap_or(0);
        if let Some(at) = first_stop(input, self.base, later, loop_bit) {
            return (at, self);
        }
        let next = self.base + self.width;
        if next >= input.len() {
            return (input.len(), Block::EMPTY);
        }
        skip_keeping_block(input, next, loop_bit)
    }
}

/// The index of the ':' when `input` starts with a scheme and "://" (RFC 3986 §3.1) within
/// its first 16 bytes, for schemes of letters, digits, '-' and '.' (the others go the long
/// way, through the DFA); and the first block's classification, to go on with.
#[inline(always)]
pub(crate) fn scheme_colon_slash_slash(input: &[u8]) -> Option<(usize, Block)> {
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
    let block = Block {
        base: 0,
        stops: low | high << 16,
        slash: false,
        width: 32,
    };
    Some((colon, block))
}

fn first_16(bytes: &[u8]) -> [u8; 16] {
    match bytes.first_chunk::<16>() {
        Some(block) => *block,
        None => [0; 16], // not reached: callers pass 16 bytes
    }
}

/// `LOOP_PAIRS[a | b << 8] == LOOP_BITS[a] & LOOP_BITS[b]`: tests two bytes per load.
static LOOP_PAIRS: [u8; 65536] = {
    let mut pairs = [0u8; 65536];
    let mut i = 0;
    while i < pairs.len() {
        pairs[i] = LOOP_BITS[i & 0xff] & LOOP_BITS[i >> 8];
        i += 1;
    }
    pairs
};

/// Drops the leading bytes of `rest` that keep the DFA in the state whose loop bit is
/// `loop_bit`: eight at a time (one load, four pair lookups) while it can, then the rest of
/// the run, shorter than eight, by testing four, two and one byte.
#[inline(always)]
fn skip_pairs(mut rest: &[u8], loop_bit: u8) -> &[u8] {
    let pair = |w: u64| LOOP_PAIRS[(w & 0xffff) as usize];
    while let Some(c) = rest.first_chunk::<8>() {
        let w = u64::from_le_bytes(*c);
        if pair(w) & pair(w >> 16) & pair(w >> 32) & pair(w >> 48) & loop_bit == 0 {
            break;
        }
        rest = &rest[8..];
    }
    if let Some(c) = rest.first_chunk::<4>() {
        let w = u64::from(u32::from_le_bytes(*c));
        if pair(w) & pair(w >> 16) & loop_bit != 0 {
            rest = &rest[4..];
        }
    }
    if let Some(c) = rest.first_chunk::<2>() {
        if pair(u64::from(u16::from_le_bytes(*c))) & loop_bit != 0 {
            rest = &rest[2..];
        }
    }
    if let Some((&b, tail)) = rest.split_first() {
        if LOOP_BITS[b as usize] & loop_bit != 0 {
            rest = tail;
        }
    }
    rest
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

    /// The vector skip and the pair-table skip agree for every state that may
    /// use the former, at every start position of many strings mixing all kinds of bytes.
    #[test]
    fn vector_skip_agrees_with_the_pair_table() {
        const ALPHABET: &[u8] = b"aZ09-._~!$&'()*+,;=:@/?#[]%\"<> \\^`{|}\x00\x7f\x80\xff";
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let mut checked = 0;
        for _ in 0..3000 {
            let len = 16 + (next() % 64) as usize;
            // Mostly letters, so that runs are long enough to cross blocks.
            let input: std::vec::Vec<u8> = (0..len)
                .map(|_| match next() % 4 {
                    0 => ALPHABET[(next() % ALPHABET.len() as u64) as usize],
                    _ => b'a' + (next() % 26) as u8,
                })
                .collect();
            for &bit in crate::tables::LOOP_BIT
                .iter()
                .filter(|&&b| b & VECTOR_STATES != 0)
            {
                for pos in 0..=len {
                    let pairs = len - skip_pairs(&input[pos..], bit).len();
                    assert_eq!(
                        skip_blocks_any(&input, pos, bit),
                        pairs,
                        "{input:?} from {pos}"
                    );
                    checked += 1;
                    // A run that goes on from the block this one ended in, in any state,
                    // from anywhere in that block.
                    let (_, block) = skip_keeping_block(&input, pos, bit);
                    if block.base == usize::MAX {
                        continue;
                    }
                    let then = crate::tables::LOOP_BIT[(next() % 8) as usize];
                    for from in block.base..=(block.base + 16).min(len) {
                        let want = len - skip_pairs(&input[from..], then).len();
                        assert_eq!(block.skip(&input, from, then).0, want, "{input:?} {from}");
                    }
                }
            }
        }
        assert!(checked > 100_000, "{checked}");
    }

    /// The first block of "scheme://" (32 bytes, or fewer in a shorter input) serves the
    /// runs that start in it exactly as a fresh skip would.
    #[test]
    fn first_block_of_scheme_slash_slash_agrees_with_the_pair_table() {
        const ALPHABET: &[u8] = b"aZ09-._~!$&'()*+,;=:@/?#[]%\"<> \\^`{|}\x00\x7f\x80\xff";
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let mut checked = 0;
        for round in 0..3000 {
            let mut input = b"http://".to_vec();
            let len = 16 + round % 40;
            while input.len() < len {
                input.push(match next() % 4 {
                    0 => ALPHABET[(next() % ALPHABET.len() as u64) as usize],
                    _ => b'a' + (next() % 26) as u8,
                });
            }
            let (colon, block) = scheme_colon_slash_slash(&input).expect("http://");
            assert_eq!(colon, 4);
            for &bit in crate::tables::LOOP_BIT.iter() {
                for from in 7..=len.min(32) {
                    let want = len - skip_pairs(&input[from..], bit).len();
                    assert_eq!(block.skip(&input, from, bit).0, want, "{input:?} {from}");
                    checked += 1;
                }
            }
        }
        assert!(checked > 100_000, "{checked}");
    }

    fn skip_blocks_any(input: &[u8], pos: usize, bit: u8) -> usize {
        if LOOP_BITS[b'/' as usize] & bit != 0 {
            skip_blocks::<true>(input, pos, bit).0
        } else {
            skip_blocks::<false>(input, pos, bit).0
        }
    }
}
