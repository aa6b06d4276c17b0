//! The parser's runs and form data classified 32 bytes at a time with AVX2, where the CPU has
//! it: the crate's one module with `unsafe` code.
//!
//! Why, twice:
//! - The parser's shortcuts ("scheme://host/path?query#fragment", src/driver/parse.rs) find each
//!   run's end in a bit mask. The portable code classifies sixteen bytes at a time from each
//!   run's start; here [`Masks`] classify the input's first 64 bytes once, in two vector
//!   compares of 32, for every run that starts in them, and a run that goes on past them goes
//!   on 32 bytes at a time. Fewer blocks, and fewer branches on where a block ends: 18-23%
//!   less time on the URL lists of ada's benchmarks (issue 18; the README's Performance
//!   section has the figures).
//! - A query or a fragment of form data (`q=a+b&utm_source=x&id=%5B1%5D`) has a byte outside
//!   the letters and digits every few bytes, so its runs are classified by the whole set of
//!   bytes that may stand there (`scan::Printable`, RFC 3986's `pchar`, `/`, `?`) and its
//!   `%HH` octets. With SSE2, the x86-64 baseline, that set costs a dozen range compares per
//!   sixteen bytes (55 instructions); AVX2 looks every byte up in two sixteen-entry tables
//!   (`scan::Nibbles`), 32 at a time, in a third of the instructions per byte.
//!
//! And a loop over many inputs ([`Avx2::each`], behind `UriRef::parse_each`) is compiled for
//! those features with the parser inlined in it, so that an input costs no call: the call of
//! one parse is most of its fixed cost on a short URL (the frame, `vzeroupper`). Where the
//! inputs are slices of one buffer ([`Avx2::each_within`], behind
//! `UriRef::parse_each_within`), each input's 64 bytes are read from the buffer whatever its
//! length, past its end, without a branch on the length.
//!
//! A binary for the baseline cannot use those instructions unless the CPU is asked first,
//! and calling code compiled for them is `unsafe`.
//!
//! How it stays sound: an [`Avx2`] value is a proof that the CPU has the features, and
//! [`Avx2::detect`] is the only way to make one (after `std`'s CPU detection, so this module
//! exists only with the `std` feature, on x86-64). Every `unsafe` block below either runs code
//! compiled for those features, which that proof makes sound, or loads from the input inside
//! its bounds (or from a `&[u8; 64]` window of a caller's buffer inside the window's), said
//! at each block: an input of 4-31 bytes is read by a masked load (`vpmaskmovd`) of only
//! the 4-byte lanes inside it. The portable code is the fallback (and is what runs with
//! `URILEX_PORTABLE` set in the environment). The tests below check the classification of a
//! block against its definition for every byte in every lane, the runs of [`Masks`] against a
//! byte-by-byte reference from every start of inputs of every length up to 200, and
//! "scheme://" against its definition, and the masks of a window against the input's own
//! whatever follows the input; every parse test runs this code on a CPU with AVX2
//! (and `scripts/test.sh` runs the library's tests again with `URILEX_PORTABLE`); the fuzz
//! targets run it on every input: `differential` against fluent-uri and iri-string,
//! `form_data` against the ABNF, and `parse` (inputs of every length, and their lines and
//! slash-separated pieces within them) and `form_data` again under AddressSanitizer
//! (`fuzz/run-ci.sh`).
#![allow(unsafe_code)]
#![deny(unsafe_op_in_unsafe_fn)]
// The vector intrinsics are safe to call from code compiled for their features since Rust
// 1.87, and `unsafe` in 1.81, the crate's oldest: the blocks around them are kept.
#![allow(unused_unsafe)]

use crate::kernels::scan::{self, uri_runs, zero_padded, Nibbles, Runs};
use crate::tables::uri;
use core::arch::x86_64::{
    __m256i, _mm256_add_epi8, _mm256_and_si256, _mm256_cmpeq_epi32, _mm256_cmpeq_epi8,
    _mm256_cmpgt_epi32, _mm256_cmpgt_epi8, _mm256_loadu_si256, _mm256_maskload_epi32,
    _mm256_movemask_epi8, _mm256_or_si256, _mm256_set1_epi32, _mm256_set1_epi8, _mm256_setr_epi32,
    _mm256_setr_m128i, _mm256_setzero_si256, _mm256_shuffle_epi8, _mm256_srli_epi16,
    _mm_loadu_si128, _mm_setzero_si128,
};
use core::sync::atomic::{AtomicU8, Ordering};

/// Proof that the CPU running this process has AVX2, BMI1, BMI2 and POPCNT: only [`Avx2::detect`]
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

    /// An `Avx2` if the CPU is known to have the features: a load and a compare, and `None`
    /// until [`Avx2::detect`] has asked. For the parser's entry, which must stay a compare
    /// and a jump ([`crate::driver::parse::parse`]).
    #[inline(always)]
    pub(crate) fn known() -> Option<Avx2> {
        (FOUND.load(Ordering::Relaxed) == 2).then_some(Avx2(()))
    }

    #[cold]
    #[inline(never)]
    fn ask() -> Option<Avx2> {
        let yes = std::env::var_os("URILEX_PORTABLE").is_none()
            && std::is_x86_feature_detected!("avx2")
            && std::is_x86_feature_detected!("bmi1")
            && std::is_x86_feature_detected!("bmi2")
            && std::is_x86_feature_detected!("popcnt");
        FOUND.store(1 + u8::from(yes), Ordering::Relaxed);
        yes.then_some(Avx2(()))
    }

    /// `f(args)`, compiled for these features: `f` (a closure marked `#[inline(always)]`, and
    /// everything it inlines) is inlined into a function compiled for AVX2, BMI1, BMI2 and
    /// POPCNT, so that the kernels below, inlined into it, run as vector code without a call
    /// each. The driver runs a whole parse (or a loop of them) this way. A call, and a
    /// `vzeroupper` on the way out: once per parse or per loop, never per run.
    ///
    /// The data goes in `args`, by value, and `f` captures nothing (or an `Avx2`, which is
    /// no data): an input passed so stays in two registers, where a closure that borrows it
    /// stores it to memory for the call and loads it back (4 instructions a parse), and a
    /// loop's values captured in a closure's environment are read from memory every turn.
    #[inline]
    pub(crate) fn run<A, R>(self, args: A, f: impl FnOnce(A) -> R) -> R {
        // SAFETY: `self` proves that the CPU has the features `with_features` is compiled
        // for.
        unsafe { with_features(args, f) }
    }

    /// [`Avx2::run`], cold and never inlined: for the rare inputs whose code would crowd a
    /// loop's.
    #[cold]
    #[inline(never)]
    pub(crate) fn run_cold<A, R>(self, args: A, f: impl FnOnce(A) -> R) -> R {
        self.run(args, f)
    }

    /// [`Avx2::run`] of a function of four arguments, each passed on its own: a loop's
    /// iterator, buffer and closure stay in registers, where in one tuple they would be
    /// passed in memory and read from it (5-15% more instructions a URL in `parse_each`).
    #[inline]
    pub(crate) fn run4<A, B, C, D, R>(
        self,
        a: A,
        b: B,
        c: C,
        d: D,
        f: impl FnOnce(A, B, C, D) -> R,
    ) -> R {
        // SAFETY: `self` proves that the CPU has the features `with_features4` is compiled
        // for.
        unsafe { with_features4(a, b, c, d, f) }
    }

    /// The [`Masks`] of `input`: its first 64 bytes (all of it if it is shorter) classified
    /// at once. Inlined: call it inside [`Avx2::run`].
    #[inline(always)]
    pub(crate) fn masks(self, input: &[u8]) -> Masks {
        // SAFETY: `self` proves that the CPU has AVX2.
        Masks::new(unsafe { masks(input) }, self)
    }

    /// The [`Masks`] of `input` read off the 64 bytes of `buffer` from where `input` starts
    /// ([`window_masks`]), whatever its length, if `input` is a slice of `buffer` that starts
    /// at least 64 bytes before its end; `None` otherwise. Inlined: call it inside
    /// [`Avx2::run`].
    #[inline(always)]
    pub(crate) fn window_masks(self, buffer: &[u8], input: &[u8]) -> Option<Masks> {
        let window = window(buffer, input)?;
        // SAFETY: `self` proves that the CPU has AVX2.
        Some(Masks::new(
            unsafe { window_masks(window, input.len()) },
            self,
        ))
    }

    /// [`form_data`]: the end of a run of form data in RFC 3986's tables.
    #[inline(always)]
    fn form_data(self, input: &[u8], pos: usize, loop_bit: u8) -> usize {
        // SAFETY: `self` proves that the CPU has the features `form_data` is compiled for.
        unsafe { form_data(input, pos, loop_bit) }
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

/// See [`Avx2::run`].
///
/// # Safety
/// The CPU must have the features this is compiled for: an [`Avx2`] proves it.
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt")]
unsafe fn with_features<A, R>(args: A, f: impl FnOnce(A) -> R) -> R {
    f(args)
}

/// See [`Avx2::run4`].
///
/// # Safety
/// The CPU must have the features this is compiled for: an [`Avx2`] proves it.
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt")]
unsafe fn with_features4<A, B, C, D, R>(
    a: A,
    b: B,
    c: C,
    d: D,
    f: impl FnOnce(A, B, C, D) -> R,
) -> R {
    f(a, b, c, d)
}

/// The 64 bytes of `buffer` from where `input` starts, if `input` is a slice of `buffer`
/// (its start is: the bytes past its end are never looked at) and `buffer` goes on for 64
/// bytes from there. Two slices that start at the same address are the same memory.
#[inline(always)]
fn window<'b>(buffer: &'b [u8], input: &[u8]) -> Option<&'b [u8; 64]> {
    // A start before the buffer's wraps `offset` round to a huge value, and one that wraps
    // `end` is past the buffer's too: `get` is None for both.
    let offset = (input.as_ptr() as usize).wrapping_sub(buffer.as_ptr() as usize);
    let end = offset.wrapping_add(Masks::BYTES);
    buffer.get(offset..end)?.try_into().ok()
}

/// [`masks`] of an input of `len` bytes from the 64 bytes of `window` that start with it:
/// two blocks of 32 whatever the length; the bits from `len` on are made stops and not
/// slashes, as [`masks`] makes them, so that the bytes past the input's end, read, are never
/// used. Without [`masks`]' branches on the length (under 4 bytes, 4-31, 32, more), which
/// inputs of mixed lengths mispredict: this took 10% less time on the Apache request targets
/// (`parse_each_within`) when [`masks`] branched at 16 bytes too (bench-results/floor.md).
///
/// # Safety
/// The CPU must have AVX2.
#[inline(always)]
unsafe fn window_masks(window: &[u8; 64], len: usize) -> FirstBytes {
    let p = window.as_ptr();
    // SAFETY: loads of 32 bytes inside the window, unaligned. AVX2 by the function's
    // contract.
    let (low, high) = unsafe {
        (
            lanes(_mm256_loadu_si256(p.cast())),
            lanes(_mm256_loadu_si256(p.add(32).cast())),
        )
    };
    let stops = !(u64::from(low.in_set) | u64::from(high.in_set) << 32);
    let slashes = u64::from(low.slashes) | u64::from(high.slashes) << 32;
    let past_end = if len < Masks::BYTES {
        u64::MAX << len
    } else {
        0
    };
    FirstBytes {
        stops: stops | past_end,
        slashes: slashes & !past_end,
        // Not cleared for an empty input (`FirstBytes::letter_first`): 2 instructions a URL.
        letter_first: u64::from(low.letters) & 1 != 0,
    }
}

/// The [`FirstBytes`] of `input`: two blocks of 32 bytes (the second, where it would pass the
/// end, is the input's last 32 bytes, read again from an earlier start, its bits or-ed in at
/// their places; for 32 bytes, the first again); an input of 4-31 bytes in one block ([`short_block`]), a shorter one
/// zero-padded.
/// Every bit from the end of an input shorter than 64 bytes is a stop.
///
/// Not compiled for AVX2 itself (a function that is cannot be `inline(always)`), but always
/// inlined into [`parse`], which is: a call and its `vzeroupper` cost a tenth of the time of
/// a URL parsed again and again.
///
/// # Safety
/// The CPU must have AVX2.
#[inline(always)]
unsafe fn masks(input: &[u8]) -> FirstBytes {
    let len = input.len();
    let p = input.as_ptr();
    // The bytes in the set (letters, digits, `-./`), bit k for byte k: the stops are the
    // rest, the bits from the end on included, where no byte stands to be in the set. The
    // end is a stop without a mask of its own (`u64::MAX << len`, or-ed in: 4 instructions
    // a call).
    let (in_set, slashes, letters) = if len >= 32 {
        // SAFETY: a load of 32 bytes inside the input (32 <= len), unaligned. AVX2 by the
        // function's contract.
        let first = unsafe { lanes(_mm256_loadu_si256(p.cast())) };
        let (mut in_set, mut slashes) = (u64::from(first.in_set), u64::from(first.slashes));
        // The second block: at byte 32 past 64 bytes, else the input's last 32 (from byte
        // 0..=32, overlapping the first; an input of exactly 32 bytes has its one block
        // classified twice). Two branches rather than one block at `min(32, len - 32)`:
        // with one, the blocks' compares shared their constants, loaded into registers
        // first (6 instructions a call more), and in the second the length, at most 64,
        // needs no compare with `MAX_LEN` (4). None of its own for 32 bytes: that was a
        // compare and a jump for every input of 33-64 bytes, the commonest (ada_kasztp
        // 113.4 -> 112.1 instructions a call without it, 104.8 -> 100.4 by `parse_each`).
        if len > Masks::BYTES {
            // SAFETY: a load of 32 bytes inside the input (64 < len), unaligned. AVX2 by
            // the function's contract.
            let more = unsafe { lanes(_mm256_loadu_si256(p.add(32).cast())) };
            in_set |= u64::from(more.in_set) << 32;
            slashes |= u64::from(more.slashes) << 32;
        } else {
            // Lane k stands for byte `start + k`. The bytes it shares with the first block
            // are classified alike in both, so its bits are or-ed in at their own places,
            // overlap and all, by one shift (which leaves the bits from the end on clear).
            let start = len - 32;
            // SAFETY: a load of 32 bytes inside the input (start + 32 == len), unaligned.
            // AVX2 by the function's contract.
            let more = unsafe { lanes(_mm256_loadu_si256(p.add(start).cast())) };
            in_set |= u64::from(more.in_set) << start;
            slashes |= u64::from(more.slashes) << start;
        }
        (in_set, slashes, first.letters)
    } else if len >= 4 {
        // One block, without a branch on where in 4..=31 the length falls (the lengths of
        // a list of request targets fall on both sides of 16 alike, and a branch there
        // mispredicted a third of the time): the input's whole 4-byte lanes by a masked
        // load, and its last `len % 4` bytes in the lane after them, zeros after the end
        // (which are not in the set).
        // SAFETY: AVX2 by the function's contract.
        let block = unsafe { lanes(short_block(input)) };
        (
            u64::from(block.in_set),
            u64::from(block.slashes),
            block.letters,
        )
    } else {
        let block = zero_padded(input);
        // SAFETY: a load of the 16 bytes of an array; AVX2 by the function's contract.
        let block = unsafe {
            let low = _mm_loadu_si128(block.as_ptr().cast());
            lanes(_mm256_setr_m128i(low, _mm_setzero_si128()))
        };
        (
            u64::from(block.in_set),
            u64::from(block.slashes),
            block.letters,
        )
    };
    FirstBytes {
        stops: !in_set,
        slashes,
        letter_first: letters & 1 != 0,
    }
}

/// An input of 4..=31 bytes as a block of 32, its bytes in their lanes and zeros after
/// them: the whole 4-byte lanes (`len / 4` of them) read by a masked load (`vpmaskmovd`,
/// which reads only the lanes its mask takes), and the `len % 4` bytes left in lane
/// `len / 4`, taken from the input's last four. (A block read in two halves, the second
/// moved down by a shuffle, cost a branch at 16 bytes: 22% more time on the Apache request
/// targets by `parse_each`, bench-results/floor.md.)
///
/// # Safety
/// The CPU must have AVX2. (Any length is sound, no lane past the input's end is read;
/// the block is the input's for 4..=31 bytes.)
#[inline(always)]
unsafe fn short_block(input: &[u8]) -> __m256i {
    let len = input.len();
    debug_assert!((4..32).contains(&len));
    let whole = (len / 4) as i32; // 1..=7
    let last4 = match input.last_chunk::<4>() {
        Some(last4) => u32::from_le_bytes(*last4),
        None => 0, // not reached: 4 <= len
    };
    // The last `len % 4` bytes are the top ones of `last4` (none when it is 0: the shift
    // of 32 is made in 64 bits).
    let rest = (u64::from(last4) >> (32 - 8 * (len % 4))) as u32;
    // SAFETY: a masked load of 32 bytes from the input's start that reads only the 4-byte
    // lanes its mask takes: lane k (bytes 4k..4k + 4) where k < len / 4, inside the input
    // (4k + 4 <= len); the other lanes are not read, and come as zeros. The rest is
    // arithmetic on values. AVX2 by the function's contract.
    unsafe {
        let lane = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
        let whole = _mm256_set1_epi32(whole);
        let read = _mm256_maskload_epi32(input.as_ptr().cast(), _mm256_cmpgt_epi32(whole, lane));
        let rest = _mm256_and_si256(
            _mm256_set1_epi32(rest as i32),
            _mm256_cmpeq_epi32(whole, lane),
        );
        _mm256_or_si256(read, rest)
    }
}

/// The stops of `scan` (bytes that are not letters, digits, `-`, `.` or `/`) and the `/`
/// bytes of a block of 32, as `scan::stops` finds them in sixteen.
///
/// # Safety
/// The CPU must have the features this is compiled for.
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt")]
#[inline]
unsafe fn classify(x: __m256i) -> (u32, u32) {
    // SAFETY: AVX2 by the function's contract.
    let block = unsafe { lanes(x) };
    (!block.in_set, block.slashes)
}

/// A block of 32 bytes classified, bit k of each mask for byte k.
struct Lanes {
    /// The bytes in `scan`'s set: letters, digits, `-`, `.` and `/`. ([`masks`] takes the
    /// complement of the whole input's, where [`classify`] takes each block's.)
    in_set: u32,
    /// The `/` bytes.
    slashes: u32,
    /// The letters, a part of the set's compares: whether a scheme may start at byte 0.
    letters: u32,
}

/// See [`Lanes`].
///
/// # Safety
/// The CPU must have the features this is compiled for.
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt")]
#[inline]
unsafe fn lanes(x: __m256i) -> Lanes {
    // SAFETY: vector arithmetic on values; AVX2 by the function's contract.
    unsafe {
        let letters = in_range(_mm256_or_si256(x, _mm256_set1_epi8(0x20)), b'a', b'z');
        let in_set = _mm256_or_si256(letters, in_range(x, b'-', b'9'));
        let slashes = _mm256_cmpeq_epi8(x, _mm256_set1_epi8(b'/' as i8));
        Lanes {
            in_set: _mm256_movemask_epi8(in_set) as u32,
            slashes: _mm256_movemask_epi8(slashes) as u32,
            letters: _mm256_movemask_epi8(letters) as u32,
        }
    }
}

/// Lanes of `v` in `lo..=hi` (`hi - lo` under 127): a signed compare after moving the
/// range's end to 127, the greatest (the bytes past it wrap round to -128 and on, under the
/// range's start), so that the constant stands second in the compare, where x86 takes it
/// from memory. `scan::in_range` moves the range's start to -128 and compares `limit > v`:
/// here LLVM then compared the other way round, out of the range, and complemented the
/// masks (three instructions a call more); in the portable code this form cost 3-9
/// instructions a URL more (`URILEX_PORTABLE=1 scripts/profile.sh`).
///
/// # Safety
/// The CPU must have the features this is compiled for.
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt")]
#[inline]
unsafe fn in_range(v: __m256i, lo: u8, hi: u8) -> __m256i {
    // SAFETY: vector arithmetic on values; AVX2 by the function's contract.
    unsafe {
        debug_assert!(lo <= hi && hi - lo < 127);
        let shift = _mm256_set1_epi8(0x7fu8.wrapping_sub(hi) as i8);
        let floor = _mm256_set1_epi8((0x7e - (hi - lo)) as i8);
        _mm256_cmpgt_epi8(_mm256_add_epi8(v, shift), floor)
    }
}

/// What [`masks`] and [`window_masks`] find in an input's first 64 bytes (all of it if it
/// is shorter), bit k for byte k.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct FirstBytes {
    /// The bytes that are not letters, digits, `-`, `.` or `/`, and every bit past the end.
    stops: u64,
    /// The `/` bytes.
    slashes: u64,
    /// Whether byte 0 is a letter, as a scheme's first byte must be: read off the set's
    /// compares (the byte itself, moved out of the vector and compared, cost 2 instructions
    /// a URL more). Either for an empty input, whose byte 0 [`window_masks`] reads past its
    /// end: nothing reads it then, as a scheme is taken only with a '/' two bytes after its
    /// ':' and an empty input has no slashes.
    letter_first: bool,
}

/// AVX2's [`Runs`]: the first 64 bytes of an input (all of it if it is shorter) classified
/// at once, for all the runs of the parser's shortcuts that start in them (bit k stands for
/// byte k); a run that goes on past them goes on 32 bytes at a time ([`skip_blocks`]).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Masks {
    /// The bytes that are not letters, digits, `-`, `.` or `/`, and every bit past the end of
    /// a shorter input: the end is a stop.
    stops: u64,
    /// The `/` bytes: stops too for a run that does not loop on it.
    slashes: u64,
    /// Whether byte 0 is a letter ([`FirstBytes`]).
    letter_first: bool,
    /// Where the host and the path of a "scheme://host/path" start and their stops, found
    /// with the scheme ([`Ahead`]); zero stops where there is none to use.
    ahead: Ahead,
    avx2: Avx2,
}

/// The runs of a "scheme://host/path" read off [`Masks`] with the scheme: the host's stops are
/// the stops and slashes less their three lowest bits (':', '/', '/'), the path's the stops
/// past the first '/' after them, cleared without a shift by the index of the colon or of
/// the host's end. A shift by an index found in a mask put each run's end on a chain from
/// the masks through every earlier run's (a shift waits for the index, the index for the
/// mask before it), whose latency the out-of-order core could not hide across URLs: 5-9%
/// less time on ada_kasztp, ada_node_files, ada_isaacs_files and the referers (a scratch
/// loop of `parse_each`), for 6 instructions more per URL (137 -> 143 on ada_kasztp).
#[derive(Clone, Copy, Debug, Default)]
struct Ahead {
    /// The host's run: from after "://", its stops the stops and slashes.
    host: RunAhead,
    /// The path's run, if a '/' ends the host: from after the first '/' past "//".
    path: RunAhead,
}

/// A run read ahead: where it starts and its stops from there on (bit k for byte k); no
/// stops for none to use (the run is then found as any other).
#[derive(Clone, Copy, Debug, Default)]
struct RunAhead {
    start: usize,
    stops: u64,
}

impl Masks {
    /// The bytes [`Masks`] stand for.
    const BYTES: usize = 64;

    /// The masks of an input's [`FirstBytes`], nothing read ahead yet.
    #[inline(always)]
    fn new(first: FirstBytes, avx2: Avx2) -> Masks {
        Masks {
            stops: first.stops,
            slashes: first.slashes,
            letter_first: first.letter_first,
            ahead: Ahead::default(),
            avx2,
        }
    }
}

impl Runs for Masks {
    // Inlined: a call from code compiled for AVX2 into code that is not cost
    // ada_isaacs_files (nearly all with a query) a fifth of its time.
    const TAIL_OUT_OF_LINE: bool = false;

    #[inline(always)]
    fn scheme_colon_slash_slash(&mut self, input: &[u8]) -> Option<usize> {
        // The first byte out of the set (a letter first, which is no stop): a scheme's
        // ':' if the two bits after it are slashes, which stand only inside the input, so
        // that the ':' is read without a compare of its index with the length (2
        // instructions a URL). Where there is no stop (64 bytes in the set, no '/'), the
        // index is 64, a shift by 0, and no slashes.
        let colon = (self.stops | self.slashes).trailing_zeros() as usize;
        let found =
            self.letter_first && self.slashes.wrapping_shr(colon as u32) & 0b110 == 0b110 && {
                debug_assert!(colon + 2 < input.len());
                // SAFETY: `colon` is inside the input: the byte two after it is a '/',
                // and `slashes` has no bit past the input's end (`masks` and
                // `window_masks` clear them, and `Masks::new` takes them from there).
                unsafe { *input.get_unchecked(colon) == b':' }
            };
        if found {
            let lowest_cleared = |m: u64| m & m.wrapping_sub(1);
            let host_stops =
                lowest_cleared(lowest_cleared(lowest_cleared(self.stops | self.slashes)));
            // The first '/' after "//": where the host ends if a '/' ends it (none can be
            // inside it); the path's stops are the stops past it.
            let slash = lowest_cleared(lowest_cleared(self.slashes));
            let through_slash = slash ^ slash.wrapping_sub(1);
            self.ahead = Ahead {
                host: RunAhead {
                    start: colon + 3,
                    stops: host_stops,
                },
                path: RunAhead {
                    start: slash.trailing_zeros() as usize + 1,
                    stops: if slash == 0 {
                        0
                    } else {
                        self.stops & !through_slash
                    },
                },
            };
        }
        found.then_some(colon)
    }

    #[inline(always)]
    fn skip_host(&mut self, input: &[u8], pos: usize, loop_bit: u8) -> (usize, bool) {
        let run = self.ahead.host;
        if pos == run.start && run.stops != 0 {
            // A host's first stop a '/' ends it (no host byte is one): said by the slashes
            // at once, where the stop's byte would be looked up in the table and then
            // compared with '/'.
            let first = run.stops.trailing_zeros();
            if self.slashes >> first & 1 != 0 {
                return (first as usize, true);
            }
        }
        scan::end_and_slash(input, self.skip_ahead(input, pos, loop_bit, run))
    }

    #[inline(always)]
    fn one_slash_first(&self, _input: &[u8]) -> bool {
        self.one_slash_first_by_mask()
    }

    /// The path read ahead starts where it is called, if it has stops: its only caller is
    /// `Parser::authority_after`, after the '/' that ended a host run from the host read
    /// ahead, and no host byte is a '/', so that is the first '/' after "//", whose path
    /// was read ahead (or none, from "//" at the start of a reference). So the start is
    /// not compared (3 instructions a URL).
    #[inline(always)]
    fn skip_path(&mut self, input: &[u8], pos: usize, loop_bit: u8) -> usize {
        let run = self.ahead.path;
        if run.stops == 0 {
            return self.skip(input, pos, loop_bit);
        }
        debug_assert_eq!(pos, run.start);
        self.run_end(input, pos, run.stops, loop_bit)
    }

    /// As `scan::skip` does it: a run of form data (a query, a fragment) whose first sixteen
    /// bytes hold two stops or more goes on by the whole [`Printable`](crate::kernels::scan) set; here
    /// from its start, its head's stops not looked at one by one (their branches, taken at
    /// random, cost query_forms a seventh of its time; the portable code, whose set costs
    /// 55 instructions a block, looks at them first).
    #[inline(always)]
    fn skip(&mut self, input: &[u8], pos: usize, loop_bit: u8) -> usize {
        let len = input.len();
        let slash = uri::LOOP_BITS[b'/' as usize] & loop_bit != 0;
        let stops = if slash {
            self.stops
        } else {
            self.stops | self.slashes
        };
        let masked_stop = move |stops: u64| uri_runs::first_stop(input, 0, stops, loop_bit);
        let from = |at: usize| u64::MAX.checked_shl(at as u32).unwrap_or(0);
        let mut later = stops & from(pos);
        // (A head that passes the 64 bytes goes on 32 bytes at a time below, which switches
        // to the form-data mode too.)
        if uri_runs::FORM_LOOPS & loop_bit != 0 && pos + 16 <= Masks::BYTES {
            if later.trailing_zeros() as usize >= len {
                return len;
            }
            let head = later & !from(pos + 16);
            if head & head.wrapping_sub(1) != 0 && pos + 16 < len {
                return self.avx2.form_data(input, pos, loop_bit);
            }
            if let Some(at) = masked_stop(head) {
                return at;
            }
            later ^= head;
        }
        self.run_end(input, pos, later, loop_bit)
    }
}

impl Masks {
    /// [`Runs::one_slash_first`] off the slashes' two lowest bits (none stands past the
    /// end): a mask and a compare, where the two bytes and the length were compared one by
    /// one (5 instructions a URL less on the Apache request targets).
    #[inline(always)]
    fn one_slash_first_by_mask(&self) -> bool {
        self.slashes & 0b11 == 0b01
    }

    /// The end of the run from `pos` by the stops of `run`, read ahead, or as [`Runs::skip`]
    /// finds it where the run does not start there or none were read ahead.
    #[inline(always)]
    fn skip_ahead(&mut self, input: &[u8], pos: usize, loop_bit: u8, run: RunAhead) -> usize {
        if pos != run.start || run.stops == 0 {
            return self.skip(input, pos, loop_bit);
        }
        self.run_end(input, pos, run.stops, loop_bit)
    }

    /// The end of the run from `pos` of the state of `loop_bit` whose stops from `pos` on
    /// (past a form-data head that [`Runs::skip`] has looked at) are `later`: the first that
    /// ends it, or past the 64 bytes 32 at a time.
    #[inline(always)]
    fn run_end(&self, input: &[u8], pos: usize, later: u64, loop_bit: u8) -> usize {
        let len = input.len();
        match uri_runs::first_stop(input, 0, later, loop_bit) {
            Some(at) => at,
            None if len <= Masks::BYTES => len,
            // SAFETY: `self.avx2` proves that the CPU has AVX2.
            None => unsafe { skip_blocks(input, pos.max(Masks::BYTES), loop_bit) },
        }
    }
}

/// The end of the run from `pos` (`input.len() > 64`) of the state whose loop bit is
/// `loop_bit`, 32 bytes at a time, as `scan::skip` finds it sixteen at a time: by the stops of
/// [`classify`] (with the slashes unless the state loops on '/'), and in a query or a
/// fragment by [`skip_printable`] once a block has had two stops or more.
///
/// Always inlined into [`parse`], as [`masks`] is, but for the form-data mode: a call and
/// its `vzeroupper`s cost a path that ends past 64 bytes two fifths of its time.
///
/// # Safety
/// The CPU must have AVX2.
#[inline(always)]
unsafe fn skip_blocks(input: &[u8], mut pos: usize, loop_bit: u8) -> usize {
    let len = input.len();
    assert!(len >= 32);
    let slash = uri::LOOP_BITS[b'/' as usize] & loop_bit != 0;
    let p = input.as_ptr();
    while pos + 32 <= len {
        // SAFETY: 32 bytes from `pos`, inside the input; unaligned. AVX2 by the function's
        // contract.
        let (stops, slashes) = unsafe { classify(_mm256_loadu_si256(p.add(pos).cast())) };
        let stops = if slash { stops } else { stops | slashes };
        if let Some(at) = uri_runs::first_stop(input, pos, stops, loop_bit) {
            return at;
        }
        pos += 32;
        if uri_runs::FORM_LOOPS & loop_bit != 0 && stops & stops.wrapping_sub(1) != 0 {
            // SAFETY: AVX2 by the function's contract.
            return unsafe { form_data(input, pos, loop_bit) };
        }
    }
    if pos < len {
        // The input's last 32 bytes, read again from an earlier start, with the bits before
        // `pos` shifted out: no bit stands for a byte past the end.
        // SAFETY: 32 bytes from `len - 32` (len >= 32), inside the input; unaligned. AVX2 by
        // the function's contract.
        let (stops, slashes) = unsafe { classify(_mm256_loadu_si256(p.add(len - 32).cast())) };
        let stops = if slash { stops } else { stops | slashes };
        let stops = stops >> (pos + 32 - len);
        if let Some(at) = uri_runs::first_stop(input, pos, stops, loop_bit) {
            return at;
        }
    }
    len
}

/// The end of a run of form data from `pos` in RFC 3986's tables ([`skip_printable`], or
/// `scan::skip` in an input shorter than 32 bytes), for [`Masks`]. Its own function, with
/// its arguments in registers: a closure handed down from the parser was built on the stack
/// on every run of every state, used or not.
///
/// # Safety
/// The CPU must have the features this is compiled for.
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt")]
#[inline(never)]
unsafe fn form_data(input: &[u8], pos: usize, loop_bit: u8) -> usize {
    let first_stop = move |base, stops: u32| uri_runs::first_stop(input, base, stops, loop_bit);
    // SAFETY: AVX2 by the function's contract.
    unsafe { skip_printable(input, pos, &uri_runs::SET_NIBBLES, first_stop) }
        .unwrap_or_else(|| uri_runs::skip(input, pos, loop_bit))
}

/// See [`Avx2::skip_printable`].
///
/// # Safety
/// The CPU must have the features this is compiled for: an [`Avx2`] proves it.
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt")]
#[inline]
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
    if pos + 32 <= len {
        // SAFETY: AVX2 by the function's contract.
        let mut classes = unsafe { tables.classes(block(pos)) };
        // A '%' in a block's last two lanes is judged by the next block's first hex digits,
        // not as a stop for the scalar check: one block in eight of form data had one, and
        // the branch on it, taken at random, cost query_forms a fifth of its time.
        while pos + 64 <= len {
            // SAFETY: AVX2 by the function's contract.
            let next = unsafe { tables.classes(block(pos + 32)) };
            if let Some(at) = first_stop(pos, classes.stops(next.hex)) {
                return Some(at);
            }
            pos += 32;
            classes = next;
        }
        // The last whole block: what follows it is in the tail, if anything.
        if let Some(at) = first_stop(pos, classes.stops(0)) {
            return Some(at);
        }
        pos += 32;
    }
    if pos < len {
        // The input's last 32 bytes, read again from an earlier start, with the bits before
        // `pos` shifted out: no bit stands for a byte past the end. (len >= 32.)
        // SAFETY: AVX2 by the function's contract.
        let stops = unsafe { tables.classes(block(len - 32)) }.stops(0);
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
    #[target_feature(enable = "avx2,bmi1,bmi2,popcnt")]
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
    #[cfg(test)]
    #[target_feature(enable = "avx2,bmi1,bmi2,popcnt")]
    #[inline]
    unsafe fn stops(self, x: __m256i) -> u32 {
        // SAFETY: AVX2 by the function's contract.
        unsafe { self.classes(x) }.stops(0)
    }

    /// The [`Classes`] of the bytes of `x`.
    ///
    /// # Safety
    /// The CPU must have the features this is compiled for.
    #[target_feature(enable = "avx2,bmi1,bmi2,popcnt")]
    #[inline]
    unsafe fn classes(self, x: __m256i) -> Classes {
        // SAFETY: vector arithmetic on values; AVX2 by the function's contract.
        unsafe {
            let nibble = _mm256_set1_epi8(0x0f);
            let low = _mm256_and_si256(x, nibble);
            // A 16-bit shift moves bits across bytes: the mask keeps each byte's own high
            // nibble (and makes every index < 16, as the shuffle wants).
            let high = _mm256_and_si256(_mm256_srli_epi16::<4>(x), nibble);
            Classes {
                inside: members(self.low, self.high, low, high),
                hex: members(self.hex_low, self.hex_high, low, high),
                pct: _mm256_movemask_epi8(_mm256_cmpeq_epi8(x, _mm256_set1_epi8(b'%' as i8)))
                    as u32,
            }
        }
    }
}

/// A block's bytes by what [`skip_printable`] asks of them (bit k for byte k).
#[derive(Clone, Copy)]
struct Classes {
    /// In the set.
    inside: u32,
    /// Hex digits.
    hex: u32,
    /// '%'.
    pct: u32,
}

impl Classes {
    /// The bytes that are neither in the set nor a '%' that two hex digits follow, where
    /// `next_hex` has the hex digits of the two bytes after the block (bits 0 and 1); 0 makes
    /// a '%' in the last two lanes a stop, for the scalar check to judge.
    #[inline(always)]
    fn stops(self, next_hex: u32) -> u32 {
        let hex = u64::from(self.hex) | u64::from(next_hex) << 32;
        // Both shifted values keep their low 32 bits (the lanes' own and the next two's).
        let valid = self.pct & (hex >> 1) as u32 & (hex >> 2) as u32;
        !(self.inside | valid)
    }
}

/// `table` (sixteen bytes) in both halves of a vector. (Functions, not closures, here: a
/// closure is not compiled for the features of the function it is written in before Rust
/// 1.86.)
///
/// # Safety
/// The CPU must have the features this is compiled for.
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt")]
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
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt")]
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
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt")]
unsafe fn test_stops(block: &[u8; 32], set: &(Nibbles, Nibbles)) -> u32 {
    // SAFETY: see `block_stops`.
    unsafe { Tables::new(set).stops(_mm256_loadu_si256(block.as_ptr().cast())) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kernels::scan::tests::{
        query_bytes, random_bytes, runs_agree, RFC2396_NOT_QUERY, RFC3986_NOT_QUERY,
    };
    use crate::kernels::scan::{nibbles, printable, printable_members, HEX_MEMBERS};
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
        if avx2_or_say_why().is_none() {
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
            let mut next = crate::xorshift(0x2545_f491_4f6c_dd1d);
            for _ in 0..200_000 {
                let mut block = [0u8; 32];
                for b in &mut block {
                    *b = alphabet[(next() % alphabet.len() as u64) as usize];
                }
                let got = block_stops(&block, &set).unwrap();
                assert_eq!(got, reference(&block, &member), "{block:?}");
            }
        }
    }

    /// Nothing outside an input is read, by the masked load of one of 4-31 bytes or by any
    /// other load: inputs of every length up to about 100 put at the end of a page that a
    /// page the process may not read follows, and at the start of one that such a page
    /// precedes, parsed by every rule the parser serves, one at a time and as the inputs of `each_within` in
    /// the page, and checked against the portable code (which reads 16 bytes at a time only
    /// inside the input, and which `shortcuts_agree_with_the_dfa_alone` checks). A read outside the
    /// input would fault: a test, where AddressSanitizer (which the fuzz targets run under)
    /// does not see into the lanes of a masked load.
    #[test]
    #[cfg(unix)]
    fn nothing_outside_the_input_is_read() {
        use crate::driver::parse::tests::{components, random_inputs};
        use crate::driver::parse::{each_within, parse_avx2, parse_by, Rule};
        use crate::UriRef;
        let Some(avx2) = avx2_or_say_why() else {
            return;
        };
        let rules = [
            Rule::UriReference,
            Rule::RelativeRef,
            Rule::Uri,
            Rule::AbsoluteUri,
            Rule::OriginForm,
            Rule::AuthorityForm,
        ];
        // SAFETY: `sysconf` asks the system; the result is checked.
        let page = usize::try_from(unsafe { libc::sysconf(libc::_SC_PAGESIZE) }).unwrap();
        // Three pages, the first and the last made unreadable.
        // SAFETY: a new private anonymous mapping, which aliases nothing; the result is
        // checked.
        let pages = unsafe {
            libc::mmap(
                core::ptr::null_mut(),
                3 * page,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_PRIVATE | libc::MAP_ANONYMOUS,
                -1,
                0,
            )
        };
        assert_ne!(pages, libc::MAP_FAILED);
        // SAFETY: the first and the last page of the mapping just made, which nothing
        // refers to; then a slice of its middle page, readable and writable, which nothing
        // else refers to until the mapping is unmade at the end.
        let data = unsafe {
            assert_eq!(libc::mprotect(pages, page, libc::PROT_NONE), 0);
            let last = pages.cast::<u8>().add(2 * page).cast();
            assert_eq!(libc::mprotect(last, page, libc::PROT_NONE), 0);
            core::slice::from_raw_parts_mut(pages.cast::<u8>().add(page), page)
        };
        let mut random_input = random_inputs(0x6a09_e667_f3bc_c908);
        for round in 0..20_000usize {
            let mut input = random_input();
            if round % 2 == 0 {
                input.extend(random_input());
            }
            let Ok(input) = core::str::from_utf8(&input) else {
                continue;
            };
            let len = input.len();
            let rule = rules[round % rules.len()];
            for at in [0, page - len] {
                data[at..at + len].copy_from_slice(input.as_bytes());
                let input = core::str::from_utf8(&data[at..at + len]).unwrap();
                let portable = parse_by(scan::PortableRuns::default(), input, rule);
                let want = portable.map(components);
                let got = crate::driver::parse::by_rule_id!(rule, RULE => parse_avx2::<UriRef, RULE>(avx2, input));
                let got = got.map(components);
                assert_eq!(got, want, "{input:?} {rule:?} at {at}");
                each_within::<UriRef>(&data[..], [input], rule, |_, got| {
                    assert_eq!(got.map(components), want, "{input:?} {rule:?} at {at}");
                });
            }
        }
        // SAFETY: the mapping made above, which `data`, not used after this, was the only
        // reference into.
        assert_eq!(unsafe { libc::munmap(pages, 3 * page) }, 0);
    }

    /// [`Avx2::detect`], saying why a test has nothing to compare where it is `None`.
    fn avx2_or_say_why() -> Option<Avx2> {
        let avx2 = Avx2::detect();
        if avx2.is_none() {
            std::eprintln!("no AVX2 (or URILEX_PORTABLE): nothing to compare");
        }
        avx2
    }

    /// The [`Masks`] of `input`, on a CPU that has AVX2.
    fn masks_of(avx2: Avx2, input: &[u8]) -> Masks {
        // SAFETY: `avx2` proves that the CPU has AVX2.
        Masks::new(unsafe { masks(input) }, avx2)
    }

    /// [`masks`] by its definition for inputs of every length up to 100 (one block, two
    /// halves of sixteen, two blocks, more than 64 bytes): bit k of the stops for a byte k
    /// that is not a letter, a digit, '-', '.' or '/', or for k past the end; of the slashes
    /// for a '/'; a letter first for a letter at byte 0.
    #[test]
    fn masks_are_their_definition() {
        let Some(avx2) = avx2_or_say_why() else {
            return;
        };
        let mut fill = random_bytes(0x51_7cc1_b727_220a);
        for round in 0..20_000 {
            let mut input = std::vec::Vec::new();
            fill(&mut input, round % 101);
            let (mut stops, mut slashes) = (0u64, 0u64);
            for k in 0..64 {
                match input.get(k) {
                    Some(b'/') => slashes |= 1 << k,
                    Some(b) if b.is_ascii_alphanumeric() || b"-.".contains(b) => {}
                    _ => stops |= 1 << k,
                }
            }
            // The input followed by letters and slashes, which would show in the masks if a
            // byte past its end were used.
            let mut buffer = input.clone();
            buffer.extend_from_slice(&b"a/".repeat(32));
            // SAFETY: `detect` said that the CPU has AVX2.
            let got = unsafe { masks(&buffer[..input.len()]) };
            let letter_first = input.first().is_some_and(u8::is_ascii_alphabetic);
            let want = FirstBytes {
                stops,
                slashes,
                letter_first,
            };
            assert_eq!(got, want, "{input:?}");
            // What the parser reads off them: the path-absolute start ('/', not "//").
            assert_eq!(
                Masks::new(got, avx2).one_slash_first(&input),
                scan::PortableRuns::default().one_slash_first(&input),
                "{input:?}"
            );
        }
    }

    /// [`window_masks`] are [`masks`] (which `masks_are_their_definition` checks) whatever the
    /// window holds past the input's end: inputs of every length up to 100 at the start of a
    /// window whose other bytes are letters, stops, slashes or random bytes.
    #[test]
    fn window_masks_are_the_masks_of_the_input_alone() {
        let Some(_) = avx2_or_say_why() else {
            return;
        };
        let mut fill = random_bytes(0x3c6e_f372_fe94_f82b);
        for round in 0..20_000 {
            let mut input = std::vec::Vec::new();
            fill(&mut input, round % 101);
            let mut buffer = input.clone();
            match round % 4 {
                0 => buffer.resize(input.len() + 64, b'a'),
                1 => buffer.resize(input.len() + 64, b'?'),
                2 => buffer.resize(input.len() + 64, b'/'),
                _ => fill(&mut buffer, input.len() + 64),
            }
            buffer[..input.len()].copy_from_slice(&input);
            let window = window(&buffer, &buffer[..input.len()]).unwrap();
            // SAFETY: `detect` said that the CPU has AVX2.
            let (got, want) = unsafe { (window_masks(window, input.len()), masks(&input)) };
            // (Whether byte 0 is a letter is either for an empty input: see `FirstBytes`.)
            let got = FirstBytes {
                letter_first: got.letter_first && !input.is_empty(),
                ..got
            };
            assert_eq!(got, want, "{input:?} in {buffer:?}");
        }
    }

    /// [`window`] is the buffer's 64 bytes from the input's start where the input starts in
    /// the buffer at least 64 bytes before its end, and nothing for any other input.
    #[test]
    fn a_window_is_where_the_input_starts_in_the_buffer() {
        let buffer: std::vec::Vec<u8> = (0..=199).collect();
        for start in 0..=200 {
            for len in [0, 1, 63, 64, 65] {
                let Some(input) = buffer.get(start..start + len) else {
                    continue;
                };
                let want = buffer.get(start..start + 64);
                assert_eq!(
                    window(&buffer, input).map(|w| &w[..]),
                    want,
                    "{start} {len}"
                );
            }
        }
        let elsewhere = [7u8; 100];
        assert_eq!(window(&buffer, &elsewhere), None);
        assert_eq!(window(&buffer[100..], &buffer[..10]), None);
        assert_eq!(
            window(&buffer[..100], &buffer[..10]),
            Some(&buffer[..64].try_into().unwrap())
        );
    }

    /// The runs of [`Masks`] end where a byte-by-byte reference says, from every start and in
    /// every accelerated state of RFC 3986's tables: in the 64 bytes classified at once, past
    /// them 32 bytes at a time, and in the form-data mode of a query or a fragment (which
    /// the inputs' mix of `= & + ; %HH` puts many runs in), for inputs of every length up to
    /// 200 and long ones up to 420.
    #[test]
    fn masks_runs_agree_with_a_byte_by_byte_reference() {
        let Some(avx2) = avx2_or_say_why() else {
            return;
        };
        let mut fill = random_bytes(0x9e37_79b9_7f4a_7c15);
        let mut checked = 0;
        for round in 0..2400 {
            let len = if round < 2000 {
                round % 201
            } else {
                200 + round % 221
            };
            let mut input = std::vec::Vec::new();
            fill(&mut input, len);
            let m = masks_of(avx2, &input);
            checked += runs_agree(&input, 0..=len, |from, bit| {
                m.clone().skip(&input, from, bit)
            });
        }
        assert!(checked > 1_000_000, "{checked}");
    }

    /// Form data long enough for the 32-byte blocks of its mode, with a '%' at every position
    /// (and its two hex digits, one of them or none): a '%' in a block's last two lanes is
    /// judged by the next block's first bytes, and the runs of [`Masks`] still end where the
    /// byte-by-byte reference says, in every state, from starts up to 70 bytes before it.
    #[test]
    fn a_percent_at_every_position_of_form_data_ends_runs_where_the_reference_does() {
        let Some(avx2) = avx2_or_say_why() else {
            return;
        };
        let form = b"a=1&bc=%5B2%5D;d+e=f~g_h*i'j(k)!l$m,n:o@p/q?r";
        let mut checked = 0;
        for len in [64, 65, 66, 95, 96, 97, 130, 200] {
            let base: std::vec::Vec<u8> = form.iter().copied().cycle().take(len).collect();
            for at in 0..len {
                for follow in [b"AF", b"Az", b"zz", b"f="] {
                    let mut input = base.clone();
                    input[at] = b'%';
                    for (k, &b) in follow.iter().enumerate() {
                        if let Some(byte) = input.get_mut(at + 1 + k) {
                            *byte = b;
                        }
                    }
                    let m = masks_of(avx2, &input);
                    for before in [70, 64, 40, 33, 32, 31, 17, 1] {
                        let from = at.saturating_sub(before);
                        checked += runs_agree(&input, from..=from, |from, bit| {
                            m.clone().skip(&input, from, bit)
                        });
                    }
                }
            }
        }
        assert!(checked > 50_000, "{checked}");
    }

    /// [`Masks`] find "scheme://" by its definition, among inputs that start with a scheme
    /// or nearly (a digit, '+', a missing slash, a colon past 32 or 64 bytes).
    #[test]
    fn masks_find_scheme_colon_slash_slash_as_the_portable_code_does() {
        let Some(avx2) = avx2_or_say_why() else {
            return;
        };
        let mut fill = random_bytes(0x2545_f491_4f6c_dd1d);
        let starts: [&[u8]; 9] = [
            b"http://",
            b"HTTPS://",
            b"a+b.c-d://",
            b"1a://",
            b"+a://",
            b"a:/",
            b"urn:x://",
            b"abcdefghijklmnopqrstuvwxyzabcdefghijk://",
            b"abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopq://",
        ];
        for round in 0..20_000 {
            let mut input = starts[round % starts.len()].to_vec();
            let mut tail = std::vec::Vec::new();
            fill(&mut tail, round % 90);
            input.extend(tail);
            input.truncate(input.len() - round % 7 % input.len().max(1));
            // A letter, then letters, digits, '-' and '.' up to "://" (the shortcut takes the
            // others to the DFA), within the 64 bytes.
            let scheme = |b: &u8| b.is_ascii_alphanumeric() || b"-.".contains(b);
            let want = input.iter().position(|b| !scheme(b)).filter(|&colon| {
                input[0].is_ascii_alphabetic()
                    && colon < Masks::BYTES
                    && input.get(colon..colon + 3) == Some(b"://")
            });
            let got = masks_of(avx2, &input).scheme_colon_slash_slash(&input);
            assert_eq!(got, want, "{input:?}");
        }
    }
}
