//! Runs of form data classified 32 bytes at a time with AVX2, where the CPU has it: the
//! crate's one module with `unsafe` code.
//!
//! Why: a query or a fragment of form data (`q=a+b&utm_source=x&id=%5B1%5D`) has a byte
//! outside the letters and digits every few bytes, so its runs are classified by the whole
//! set of bytes that may stand there (`scan::Printable`, RFC 3986's `pchar`, `/`, `?`) and its
//! `%HH` octets. With SSE2, the x86-64 baseline, that set costs a dozen range compares per
//! sixteen bytes (55 instructions); AVX2 looks every byte up in two sixteen-entry tables
//! (`scan::Nibbles`), 32 at a time, in a third of the instructions per byte (issue 18: the
//! README's Performance section has the figures). A binary for the baseline cannot use those
//! instructions unless the CPU is asked first, and calling code compiled for them is
//! `unsafe`.
//!
//! How it stays sound: an [`Avx2`] value is a proof that the CPU has the features, and
//! [`Avx2::detect`] is the only way to make one (after `std`'s CPU detection, so this module
//! exists only with the `std` feature, on x86-64). Every `unsafe` block below either runs code
//! compiled for those features, which that proof makes sound, or loads from the input inside
//! its bounds, said at each block. The portable code is the fallback (and is what runs with
//! `URILEX_PORTABLE` set in the environment). The tests below check the classification against
//! its definition for every byte in every lane; `scan`'s tests check the runs (this code's on
//! an AVX2 CPU, the portable code's with `URILEX_PORTABLE=1`, which `scripts/test.sh` runs
//! too) against a byte-by-byte reference; the fuzz target `form_data` checks the parsers
//! against a byte-by-byte recognizer of the query grammar, and `fuzz/run-ci.sh` runs it under
//! AddressSanitizer.
#![allow(unsafe_code)]
#![deny(unsafe_op_in_unsafe_fn)]
// The vector intrinsics are safe to call from code compiled for their features since Rust
// 1.87, and `unsafe` in 1.81, the crate's oldest: the blocks around them are kept.
#![allow(unused_unsafe)]

use crate::scan::Nibbles;
use core::arch::x86_64::{
    __m256i, _mm256_and_si256, _mm256_cmpeq_epi8, _mm256_loadu_si256, _mm256_movemask_epi8,
    _mm256_set1_epi8, _mm256_setr_m128i, _mm256_setzero_si256, _mm256_shuffle_epi8,
    _mm256_srli_epi16, _mm_loadu_si128,
};
use core::sync::atomic::{AtomicU8, Ordering};

/// Proof that the CPU running this process has AVX2, BMI1 and BMI2: only [`Avx2::detect`]
/// makes one.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Avx2(());

/// What [`Avx2::detect`] found: 0 not asked yet, 1 no, 2 yes.
static FOUND: AtomicU8 = AtomicU8::new(0);

impl Avx2 {
    /// An `Avx2` if the CPU has the features (asked once per process, then a load and a
    /// compare). `URILEX_PORTABLE`, set in the environment to anything, says no: for the
    /// tests and benchmarks of the portable code on a CPU that has AVX2.
    #[inline]
    pub(crate) fn detect() -> Option<Avx2> {
        match FOUND.load(Ordering::Relaxed) {
            2 => Some(Avx2(())),
            1 => None,
            _ => Avx2::ask(),
        }
    }

    #[cold]
    #[inline(never)]
    fn ask() -> Option<Avx2> {
        let yes = std::env::var_os("URILEX_PORTABLE").is_none()
            && std::is_x86_feature_detected!("avx2")
            && std::is_x86_feature_detected!("bmi1")
            && std::is_x86_feature_detected!("bmi2");
        FOUND.store(1 + u8::from(yes), Ordering::Relaxed);
        yes.then_some(Avx2(()))
    }

    /// The end of the run from `pos` of a state that loops on the bytes of `set.0` and on
    /// `%HH` (`set.1`: the hex digits): 32 bytes at a time, the stops of each block handed to
    /// `first_stop(base, stops)` (bit k for byte `base + k`), which says where the run ends
    /// among them, if it does. `None` where fewer than 32 bytes are left from `pos` in an
    /// input shorter than 32: the caller goes on.
    #[inline]
    pub(crate) fn skip_printable(
        self,
        input: &[u8],
        pos: usize,
        set: &(Nibbles, Nibbles),
        first_stop: impl FnMut(usize, u32) -> Option<usize>,
    ) -> Option<usize> {
        // SAFETY: `self` proves that the CPU has the features `skip_printable` is compiled
        // for.
        unsafe { skip_printable(input, pos, set, first_stop) }
    }
}

/// See [`Avx2::skip_printable`].
///
/// # Safety
/// The CPU must have the features this is compiled for: an [`Avx2`] proves it.
#[target_feature(enable = "avx2,bmi1,bmi2")]
unsafe fn skip_printable(
    input: &[u8],
    mut pos: usize,
    set: &(Nibbles, Nibbles),
    mut first_stop: impl FnMut(usize, u32) -> Option<usize>,
) -> Option<usize> {
    let len = input.len();
    if len < 32 {
        return None;
    }
    // SAFETY: loads of 16-byte arrays; AVX2 by the function's contract.
    let tables = unsafe { Tables::new(set) };
    // SAFETY (both loads): 32 bytes from `at`, inside the input (at + 32 <= len); unaligned.
    // AVX2 by the function's contract.
    let block = |at: usize| unsafe { _mm256_loadu_si256(input.as_ptr().add(at).cast()) };
    while pos + 32 <= len {
        // SAFETY: AVX2 by the function's contract.
        let stops = unsafe { tables.stops(block(pos)) };
        if let Some(at) = first_stop(pos, stops) {
            return Some(at);
        }
        pos += 32;
    }
    if pos < len {
        // The input's last 32 bytes, read again from an earlier start, with the bits before
        // `pos` shifted out: no bit stands for a byte past the end. (len >= 32.)
        // SAFETY: AVX2 by the function's contract.
        let stops = unsafe { tables.stops(block(len - 32)) };
        if let Some(at) = first_stop(pos, stops >> (pos + 32 - len)) {
            return Some(at);
        }
    }
    Some(len)
}

/// The two [`Nibbles`] of [`skip_printable`] in both halves of a vector.
#[derive(Clone, Copy)]
struct Tables {
    low: __m256i,
    high: __m256i,
    hex_low: __m256i,
    hex_high: __m256i,
}

impl Tables {
    /// # Safety
    /// The CPU must have the features this is compiled for.
    #[target_feature(enable = "avx2,bmi1,bmi2")]
    #[inline]
    unsafe fn new((set, hex): &(Nibbles, Nibbles)) -> Tables {
        // SAFETY: AVX2 by the function's contract.
        unsafe {
            Tables {
                low: twice(&set.low),
                high: twice(&set.high),
                hex_low: twice(&hex.low),
                hex_high: twice(&hex.high),
            }
        }
    }

    /// Bit k set when byte k of `x` is neither in the set nor a '%' that two hex digits
    /// follow within the block (a '%' in the last two lanes is a stop, for the scalar check
    /// to judge).
    ///
    /// # Safety
    /// The CPU must have the features this is compiled for.
    #[target_feature(enable = "avx2,bmi1,bmi2")]
    #[inline]
    unsafe fn stops(self, x: __m256i) -> u32 {
        // SAFETY: vector arithmetic on values; AVX2 by the function's contract.
        unsafe {
            let nibble = _mm256_set1_epi8(0x0f);
            let low = _mm256_and_si256(x, nibble);
            // A 16-bit shift moves bits across bytes: the mask keeps each byte's own high
            // nibble (and makes every index < 16, as the shuffle wants).
            let high = _mm256_and_si256(_mm256_srli_epi16::<4>(x), nibble);
            let inside = members(self.low, self.high, low, high);
            let hex = members(self.hex_low, self.hex_high, low, high);
            let pct =
                _mm256_movemask_epi8(_mm256_cmpeq_epi8(x, _mm256_set1_epi8(b'%' as i8))) as u32;
            !(inside | pct & hex >> 1 & hex >> 2)
        }
    }
}

/// `table` (sixteen bytes) in both halves of a vector. (Functions, not closures, here: a
/// closure is not compiled for the features of the function it is written in before Rust
/// 1.86.)
///
/// # Safety
/// The CPU must have the features this is compiled for.
#[target_feature(enable = "avx2,bmi1,bmi2")]
#[inline]
unsafe fn twice(table: &[u8; 16]) -> __m256i {
    // SAFETY: a load of the 16 bytes of an array; AVX2 by the function's contract.
    unsafe {
        let half = _mm_loadu_si128(table.as_ptr().cast());
        _mm256_setr_m128i(half, half)
    }
}

/// Bit k set when byte k, whose nibbles are lane k of `low` and `high`, is in the set of the
/// [`Nibbles`] tables `low_table` and `high_table`.
///
/// # Safety
/// The CPU must have the features this is compiled for.
#[target_feature(enable = "avx2,bmi1,bmi2")]
#[inline]
unsafe fn members(low_table: __m256i, high_table: __m256i, low: __m256i, high: __m256i) -> u32 {
    // SAFETY: vector arithmetic on values; AVX2 by the function's contract.
    unsafe {
        let both = _mm256_and_si256(
            _mm256_shuffle_epi8(low_table, low),
            _mm256_shuffle_epi8(high_table, high),
        );
        !(_mm256_movemask_epi8(_mm256_cmpeq_epi8(both, _mm256_setzero_si256())) as u32)
    }
}

/// The stops of [`Tables::stops`] of a block of 32 bytes, for the tests: `None` where the CPU
/// lacks AVX2.
#[cfg(test)]
pub(crate) fn block_stops(block: &[u8; 32], set: &(Nibbles, Nibbles)) -> Option<u32> {
    Avx2::detect()?;
    // SAFETY: the CPU has AVX2 (detected above); a load of the 32 bytes of an array.
    Some(unsafe { test_stops(block, set) })
}

#[cfg(test)]
#[target_feature(enable = "avx2,bmi1,bmi2")]
unsafe fn test_stops(block: &[u8; 32], set: &(Nibbles, Nibbles)) -> u32 {
    // SAFETY: see `block_stops`.
    unsafe { Tables::new(set).stops(_mm256_loadu_si256(block.as_ptr().cast())) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scan::tests::{query_bytes, RFC2396_NOT_QUERY, RFC3986_NOT_QUERY};
    use crate::scan::{nibbles, printable, printable_members, HEX_MEMBERS};
    use crate::tables::{rfc2396, uri};

    /// The stops of a block by their definition: a byte outside the RFC's query bytes
    /// `member`, but for a '%' that two hex digits follow within the block.
    fn reference(block: &[u8; 32], member: &[u8]) -> u32 {
        let inside = |b: u8| member.contains(&b);
        let hex = |i: usize| block.get(i).is_some_and(u8::is_ascii_hexdigit);
        (0..32)
            .filter(|&k| !(inside(block[k]) || block[k] == b'%' && hex(k + 1) && hex(k + 2)))
            .fold(0, |m, k| m | 1 << k)
    }

    /// AVX2's stops are the reference's for every byte in every lane (among set bytes, and
    /// after a '%'), and for random blocks of set bytes, gaps, '%' and hex digits, with the
    /// sets of RFC 3986 and RFC 2396.
    #[test]
    fn block_stops_agree_with_the_definition() {
        if Avx2::detect().is_none() {
            std::eprintln!("no AVX2 (or URILEX_PORTABLE): nothing to compare");
            return;
        }
        for (grammar_set, not) in [
            (printable::<uri::Dfa>(), RFC3986_NOT_QUERY),
            (printable::<rfc2396::Dfa>(), RFC2396_NOT_QUERY),
        ] {
            // The tables as the grammar builds them; the reference from the RFC.
            let set = (
                nibbles(&printable_members(&grammar_set)),
                nibbles(&HEX_MEMBERS),
            );
            let member = query_bytes(not);
            for fill in [b'a', b'%', b'F'] {
                for lane in 0..32 {
                    for b in 0..=255u8 {
                        let mut block = [fill; 32];
                        block[lane] = b;
                        let got = block_stops(&block, &set).unwrap();
                        assert_eq!(got, reference(&block, &member), "{block:?}");
                    }
                }
            }
            let alphabet = b"aZ09%%%fFgG=&+_~.-/?#[]^` \x7f\x80\xc3\xff\"<>{}|";
            let mut seed = 0x2545_f491_4f6c_dd1du64;
            for _ in 0..200_000 {
                let mut block = [0u8; 32];
                for b in &mut block {
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    *b = alphabet[(seed % alphabet.len() as u64) as usize];
                }
                let got = block_stops(&block, &set).unwrap();
                assert_eq!(got, reference(&block, &member), "{block:?}");
            }
        }
    }
}
