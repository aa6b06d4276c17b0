//! Dot-segment removal (RFC 3986 §5.2.4, and the RFC 2396 §5.2 step 6 variant) on spans.
//!
//! The §5.2.4 algorithm is written with an output buffer that is appended to and cut back.
//! Written forward into an append-only [`fmt::Write`], we must know beforehand which segments
//! survive. A right-to-left scan knows it: a ".." adds one pending removal, a normal segment
//! either cancels a pending ".." or survives. That is the same matching as the left-to-right
//! stack of §5.2.4 (a ".." removes the nearest surviving segment to its left), read backwards.
//! Consecutive survivors are contiguous in the input, so the scan yields *runs* (byte ranges
//! of the input), not single segments; they are kept in a small on-stack array and written in
//! order. Appending to a `String` needs no such scan: the output itself is the §5.2.4 stack.
//!
//! The input path is handed over as two parts, `head` and `tail`, that are read as one string
//! (`head ++ tail`): resolution's merged path is a prefix of the base path plus the reference
//! path, and concatenating them would allocate. `head` is either empty or ends with `/`, so no
//! segment straddles the two. Indices below address that concatenation.

use core::fmt;
use core::ops::{BitAnd, BitOr, Shl, Shr, Sub};

use crate::kernels::scan::{self, zero_padded};

/// Which dot-segment algorithm to apply.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Dots {
    /// RFC 3986 §5.2.4: unmatched ".." are dropped; a rootless path loses its leading "./" and
    /// "../" (rule A) and gains a "/" when its first segment is removed (rule C as written).
    Rfc3986,
    /// RFC 2396 §5.2 step 6 c–g: unmatched ".." are kept at the front (step g, the choice its
    /// Appendix C shows: `../../../g` → `http://a/../g`); segments are joined by "/".
    Rfc2396,
}

/// The path `head ++ tail` addressed by one index space.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Joined<'a> {
    pub(crate) head: &'a str,
    pub(crate) tail: &'a str,
}

impl<'a> Joined<'a> {
    #[inline]
    pub(crate) fn len(&self) -> usize {
        self.head.len() + self.tail.len()
    }

    /// The byte at `i`, or 0 past the end (0 is never '/' or '.', which is all callers test).
    #[inline]
    fn byte(&self, i: usize) -> u8 {
        let h = self.head.len();
        if i < h {
            self.head.as_bytes().get(i).copied().unwrap_or(0)
        } else {
            self.tail.as_bytes().get(i - h).copied().unwrap_or(0)
        }
    }

    /// Index of the last '/' in `lo..hi`.
    #[inline]
    fn rfind_slash(&self, lo: usize, hi: usize) -> Option<usize> {
        let h = self.head.len();
        if hi > h {
            let t_lo = lo.saturating_sub(h);
            let found = self
                .tail
                .as_bytes()
                .get(t_lo..hi - h)
                .and_then(|s| s.iter().rposition(|&c| c == b'/'));
            if let Some(p) = found {
                return Some(h + t_lo + p);
            }
        }
        if lo < h {
            let found = self
                .head
                .as_bytes()
                .get(lo..hi.min(h))
                .and_then(|s| s.iter().rposition(|&c| c == b'/'));
            return found.map(|p| lo + p);
        }
        None
    }

    /// Index of the first '/' in `lo..hi`.
    #[cfg(feature = "alloc")]
    #[inline]
    fn find_slash(&self, lo: usize, hi: usize) -> Option<usize> {
        let h = self.head.len();
        if lo < h {
            let found = self
                .head
                .as_bytes()
                .get(lo..hi.min(h))
                .and_then(|s| s.iter().position(|&c| c == b'/'));
            if let Some(p) = found {
                return Some(lo + p);
            }
        }
        if hi > h {
            let t_lo = lo.saturating_sub(h);
            let found = self
                .tail
                .as_bytes()
                .get(t_lo..hi - h)
                .and_then(|s| s.iter().position(|&c| c == b'/'));
            return found.map(|p| h + t_lo + p);
        }
        None
    }

    /// The text of `a..b` as at most two slices. Callers pass boundaries at '/' or at the ends
    /// of a segment, which are always char boundaries (both are ASCII or the string's ends).
    #[inline]
    pub(crate) fn pieces(&self, a: usize, b: usize) -> (&'a str, &'a str) {
        let h = self.head.len();
        if b <= h {
            (self.head.get(a..b).unwrap_or(""), "")
        } else if a >= h {
            (self.tail.get(a - h..b - h).unwrap_or(""), "")
        } else {
            (
                self.head.get(a..).unwrap_or(""),
                self.tail.get(..b - h).unwrap_or(""),
            )
        }
    }

    /// Whether `s..e` is "." (1) or ".." (2) or neither (0).
    #[inline]
    fn dots(&self, s: usize, e: usize) -> u8 {
        match e - s {
            1 if self.byte(s) == b'.' => 1,
            2 if self.byte(s) == b'.' && self.byte(s + 1) == b'.' => 2,
            _ => 0,
        }
    }

    /// Where segments start and whether the path is rootless, or `None` when the output is
    /// empty whatever follows.
    fn seg_start(&self, mode: Dots) -> Option<(usize, bool)> {
        let n = self.len();
        if n == 0 {
            return None;
        }
        if self.byte(0) == b'/' {
            return Some((1, false));
        }
        if mode == Dots::Rfc2396 {
            return Some((0, true));
        }
        // §5.2.4 rule A strips leading "../" and "./"; rule D then drops a lone "." or "..".
        let mut i = 0;
        loop {
            if self.byte(i) == b'.' && self.byte(i + 1) == b'/' {
                i += 2;
            } else if self.byte(i) == b'.' && self.byte(i + 1) == b'.' && self.byte(i + 2) == b'/' {
                i += 3;
            } else {
                break;
            }
        }
        if i == n || self.dots(i, n) != 0 {
            return None;
        }
        Some((i, true))
    }
}

/// What the right-to-left scan learnt besides the runs.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Shape {
    /// RFC 2396 only: unmatched ".." kept at the front.
    leftover: usize,
    /// The last segment was a dot-segment that leaves a trailing "/" (§5.2.4 B/C on "/." and
    /// "/.." at the end of the input).
    trailing: bool,
    /// RFC 2396 rootless path: the first element is written without its leading "/".
    join_rootless: bool,
}

/// Scans `j` right to left and calls `emit(start, end)` for each run of surviving text, right
/// to left. Runs include the "/" before each segment, except before a rootless first segment.
fn scan(j: Joined<'_>, mode: Dots, mut emit: impl FnMut(usize, usize)) -> Shape {
    let mut shape = Shape::default();
    let Some((start, rootless)) = j.seg_start(mode) else {
        return shape;
    };
    shape.join_rootless = rootless && mode == Dots::Rfc2396;
    let mut pending = 0usize;
    let mut run: Option<(usize, usize)> = None;
    let mut e = j.len();
    let mut last = 0u8; // dot kind of the last segment
    let mut seen_last = false;
    let mut drained = false;
    loop {
        let s = j.rfind_slash(start, e).map_or(start, |p| p + 1);
        let kind = j.dots(s, e);
        if !seen_last {
            last = kind;
            seen_last = true;
        }
        match kind {
            2 => pending += 1,
            1 => {}
            _ if pending > 0 => {
                pending -= 1;
                // The last ".." is the first pending one, so it is matched exactly when the
                // count of pending ".." drops to zero at some point.
                drained |= pending == 0;
            }
            _ => {
                let ws = if rootless && s == start { s } else { s - 1 };
                run = match run {
                    Some((rs, re)) if rs == e => Some((ws, re)),
                    Some(r) => {
                        emit(r.0, r.1);
                        Some((ws, e))
                    }
                    None => Some((ws, e)),
                };
            }
        }
        if s <= start {
            break;
        }
        e = s - 1;
    }
    // The only empty run is a rootless path's empty first segment ("..//x"): it writes
    // nothing, and must not count as the first element.
    if let Some(r) = run.filter(|r| r.0 < r.1) {
        emit(r.0, r.1);
    }
    shape.trailing = match (mode, last) {
        (_, 1) => true,
        (Dots::Rfc3986, 2) => true,
        (Dots::Rfc2396, 2) => drained,
        _ => false,
    };
    if mode == Dots::Rfc2396 {
        shape.leftover = pending;
    }
    shape
}

/// Writes the output from its shape and its runs in left-to-right order.
struct Emitter<'a, 'w, W: fmt::Write + ?Sized> {
    j: Joined<'a>,
    w: &'w mut W,
    /// The next element written is the first of the output.
    first: bool,
    join_rootless: bool,
}

impl<W: fmt::Write + ?Sized> Emitter<'_, '_, W> {
    fn start(&mut self, shape: &Shape) -> fmt::Result {
        for _ in 0..shape.leftover {
            let dd = if self.first && self.join_rootless {
                ".."
            } else {
                "/.."
            };
            self.w.write_str(dd)?;
            self.first = false;
        }
        Ok(())
    }

    fn run(&mut self, (mut a, b): (usize, usize)) -> fmt::Result {
        if self.first && self.join_rootless && self.j.byte(a) == b'/' {
            a += 1;
        }
        self.first = false;
        let (x, y) = self.j.pieces(a, b);
        self.w.write_str(x)?;
        self.w.write_str(y)
    }

    fn finish(&mut self, shape: &Shape) -> fmt::Result {
        if shape.trailing && !(self.first && self.join_rootless) {
            self.w.write_str("/")?;
        }
        Ok(())
    }
}

/// How many runs are kept on the stack before falling back (see [`write`]).
const RUNS_ON_STACK: usize = 64;

/// Writes the dot-segment-free form of `j` into `w`.
///
/// Up to [`RUNS_ON_STACK`] runs (maximal pieces of surviving text) are collected on the stack
/// by one scan and written. Beyond that, with `alloc` they are collected into a `Vec` (a second
/// linear scan, one allocation); without `alloc`, the runs are written in chunks, one scan per
/// chunk (time O(n · runs / 64); such a path needs more than 64 dot-segments in it).
pub(crate) fn write<W: fmt::Write + ?Sized>(j: Joined<'_>, mode: Dots, w: &mut W) -> fmt::Result {
    let mut buf = [(0usize, 0usize); RUNS_ON_STACK];
    let mut count = 0usize;
    let shape = scan(j, mode, |a, b| {
        if let Some(slot) = RUNS_ON_STACK
            .checked_sub(count + 1)
            .and_then(|i| buf.get_mut(i))
        {
            *slot = (a, b);
        }
        count += 1;
    });
    let mut em = Emitter {
        j,
        w,
        first: true,
        join_rootless: shape.join_rootless,
    };
    em.start(&shape)?;
    if count <= RUNS_ON_STACK {
        for &r in buf.get(RUNS_ON_STACK - count..).unwrap_or(&[]) {
            em.run(r)?;
        }
    } else {
        write_many(j, mode, count, &mut em)?;
    }
    em.finish(&shape)
}

#[cfg(feature = "alloc")]
fn write_many<W: fmt::Write + ?Sized>(
    j: Joined<'_>,
    mode: Dots,
    count: usize,
    em: &mut Emitter<'_, '_, W>,
) -> fmt::Result {
    let mut runs = alloc::vec::Vec::with_capacity(count);
    scan(j, mode, |a, b| runs.push((a, b)));
    for &r in runs.iter().rev() {
        em.run(r)?;
    }
    Ok(())
}

#[cfg(not(feature = "alloc"))]
fn write_many<W: fmt::Write + ?Sized>(
    j: Joined<'_>,
    mode: Dots,
    count: usize,
    em: &mut Emitter<'_, '_, W>,
) -> fmt::Result {
    write_chunked::<W, RUNS_ON_STACK>(j, mode, count, em)
}

/// Writes `count` runs in chunks of `CAP`, left to right, one scan per chunk.
#[cfg_attr(feature = "alloc", allow(dead_code))]
fn write_chunked<W: fmt::Write + ?Sized, const CAP: usize>(
    j: Joined<'_>,
    mode: Dots,
    count: usize,
    em: &mut Emitter<'_, '_, W>,
) -> fmt::Result {
    let mut buf = [(0usize, 0usize); CAP];
    let mut lo = 0;
    while lo < count {
        let hi = (lo + CAP).min(count);
        let mut r = 0usize; // index from the right
        scan(j, mode, |a, b| {
            // index from the left
            let li = count - 1 - r;
            if li >= lo && li < hi {
                if let Some(slot) = buf.get_mut(li - lo) {
                    *slot = (a, b);
                }
            }
            r += 1;
        });
        for &run in buf.get(..hi - lo).unwrap_or(&[]) {
            em.run(run)?;
        }
        lo = hi;
    }
    Ok(())
}

/// The exact length of the output and whether it starts with "//".
pub(crate) fn measure(j: Joined<'_>, mode: Dots) -> (usize, bool) {
    let mut len = 0usize;
    // The three leftmost runs: enough for the first two bytes, as only the first can be
    // empty (after the rootless 2396 strip) and every other run is at least "/".
    let mut firsts: [Option<(usize, usize)>; 3] = [None; 3];
    let shape = scan(j, mode, |a, b| {
        len += b - a;
        firsts = [Some((a, b)), firsts[0], firsts[1]];
    });
    let join = shape.join_rootless;
    let mut first = true;
    // Leftover "..": "/.." each (the rootless first one is "..").
    if shape.leftover > 0 {
        len += 3 * shape.leftover - usize::from(join);
        first = false;
    }
    let strip = first && join && firsts[0].is_some_and(|(a, _)| j.byte(a) == b'/');
    if strip {
        len -= 1;
    }
    if firsts[0].is_some() {
        first = false;
    }
    let trailing = shape.trailing && !(first && join);
    if trailing {
        len += 1;
    }
    // Starts with "//"? Leftover ".." start with "/." or "..", so only without them.
    let mut two = [0u8; 2];
    let mut n = 0;
    if shape.leftover == 0 {
        for (k, run) in firsts.iter().enumerate() {
            let Some((a, b)) = *run else { break };
            let a = if k == 0 && strip { a + 1 } else { a };
            for i in a..b {
                if n == 2 {
                    break;
                }
                if let Some(slot) = two.get_mut(n) {
                    *slot = j.byte(i);
                }
                n += 1;
            }
        }
        if trailing && n < 2 {
            if let Some(slot) = two.get_mut(n) {
                *slot = b'/';
            }
            n += 1;
        }
    }
    (len, n == 2 && two == *b"//")
}

/// Appends the dot-segment-free form of `j` to `out`, using `out` itself as the §5.2.4 output
/// buffer: a ".." truncates at the last '/'. Linear (every truncated byte was appended once);
/// allocates only if `out` lacks capacity (at most `j.len()` bytes are needed at any time).
///
/// Kept segments that follow one another in `j` are appended as one run, their '/'
/// separators included (the text between two dot-segments is one or two copies, not two per
/// segment: a copy of a few bytes costs a call as much as a long one).
#[cfg(feature = "alloc")]
pub(crate) fn append(j: Joined<'_>, mode: Dots, out: &mut alloc::string::String) {
    let region = out.len();
    let Some((start, rootless)) = j.seg_start(mode) else {
        return;
    };
    let n = j.len();
    // The run of kept text not yet appended: `j[run.0..run.1]`.
    let mut run = (start, start);
    let flush = |out: &mut alloc::string::String, run: (usize, usize)| {
        let (x, y) = j.pieces(run.0, run.1);
        out.push_str(x);
        out.push_str(y);
    };
    // RFC 2396: the kept ".." sit below `floor`; `depth` counts the segments above it (an
    // empty first segment of a rootless path writes nothing, so the length cannot tell).
    let mut floor = region;
    let mut depth = 0usize;
    let mut kept = 0usize;
    let mut s = start;
    loop {
        let e = j.find_slash(s, n).unwrap_or(n);
        let is_last = e == n;
        // Rootless 2396 paths join segments with "/": the first element has none.
        let first_2396 = |depth: usize, kept: usize| {
            mode == Dots::Rfc2396 && rootless && depth == 0 && kept == 0
        };
        let dots = j.dots(s, e);
        if dots != 0 && run.0 < run.1 {
            flush(out, run);
        }
        match dots {
            2 => {
                if depth > 0 || (mode == Dots::Rfc3986 && out.len() > floor) {
                    let cut = out
                        .get(floor..)
                        .and_then(|t| t.rfind('/'))
                        .map_or(floor, |p| floor + p);
                    out.truncate(cut);
                    depth = depth.saturating_sub(1);
                    if is_last && !first_2396(depth, kept) {
                        out.push('/');
                    }
                } else if mode == Dots::Rfc2396 {
                    if !first_2396(depth, kept) {
                        out.push('/');
                    }
                    out.push_str("..");
                    kept += 1;
                    floor = out.len();
                } else if is_last {
                    out.push('/');
                }
            }
            1 => {
                if is_last && !first_2396(depth, kept) {
                    out.push('/');
                }
            }
            _ => {
                let no_slash = match mode {
                    Dots::Rfc3986 => rootless && s == start,
                    Dots::Rfc2396 => first_2396(depth, kept),
                };
                // The segment with its '/' (the byte before it: a segment after the first
                // follows a '/', and so does the first of an absolute path) joins the run if
                // it goes on where the run ends.
                let from = match no_slash {
                    true => s,
                    false => s.saturating_sub(1),
                };
                if from != run.1 {
                    if run.0 < run.1 {
                        flush(out, run);
                    }
                    run.0 = from;
                }
                run.1 = e;
                depth += 1;
            }
        }
        if dots != 0 {
            run = (e, e);
        }
        if is_last {
            break;
        }
        s = e + 1;
    }
    if run.0 < run.1 {
        flush(out, run);
    }
}

/// Appends `tail` with its dot-segments removed (§5.2.4) after a merge head that `out` holds
/// from byte `floor` on: the resolution of a relative path with dot-segments against a base
/// with an authority, the one case of [`append`] that the crawl's references (and §5.4's
/// abnormal examples) hold, without its general machinery. The head, written by the caller,
/// starts with "/", ends with "/" and holds no dot-segment, or is empty and `tail` starts with
/// "/" (an absolute-path reference); `tail` has no leading "./" or "../" (the caller has cut
/// the head for them).
///
/// `out[floor..]` is then §5.2.4's output buffer, and it ends with "/" before every segment
/// of `tail` is read: a "." leaves it, a ".." cuts it back to the "/" before its last
/// segment (never below the head's first "/"), and the kept text between two dot-segments
/// is appended as one run. Linear: the backward search of a ".." reads only the segment it
/// removes.
///
/// The dot-segments are found off the "/" and "." masks of a tail under 64 bytes (all but a
/// few), where a walk segment by segment (a byte loop for each) cost `g/./h` against
/// `http://a/b/c/d;p?q` nearly a third of its resolution; a longer tail is read byte by byte.
#[cfg(feature = "alloc")]
pub(crate) fn append_after_head(out: &mut alloc::string::String, floor: usize, tail: &str) {
    let b = tail.as_bytes();
    match b.len() {
        0..=63 => {
            let mut left = dot_segment_starts(&Marks::short(b), b.len());
            let starts = core::iter::from_fn(|| {
                let s = left.trailing_zeros() as usize;
                left &= left.wrapping_sub(1);
                (s < 64).then_some(s)
            });
            append_removing(out, floor, tail, starts);
        }
        _ => {
            let starts = (0..b.len()).filter(|&s| {
                let after_slash = s == 0 || b.get(s - 1) == Some(&b'/');
                after_slash && b.get(s) == Some(&b'.') && dot_segment_at(b, s)
            });
            append_removing(out, floor, tail, starts);
        }
    }
}

/// The starts of the "." and ".." segments of a path of `n` bytes (`n` < 64) whose "/" and
/// "." masks are `m`: a segment starts at 0 and after each "/", and is "." where a "/" or the
/// end follows its '.', ".." where a second '.' and then a "/" or the end do.
#[cfg(feature = "alloc")]
#[inline(always)]
fn dot_segment_starts(m: &Marks<u64>, n: usize) -> u64 {
    let ends = m.slash | 1 << n;
    let starts = (m.slash << 1 | 1) & m.dot;
    starts & (ends >> 1 | m.dot >> 1 & ends >> 2)
}

/// [`append_after_head`] with the starts of `tail`'s dot-segments, in order.
#[cfg(feature = "alloc")]
#[inline(always)]
fn append_removing(
    out: &mut alloc::string::String,
    floor: usize,
    tail: &str,
    starts: impl Iterator<Item = usize>,
) {
    let b = tail.as_bytes();
    // The kept text not yet appended starts at `run`.
    let mut run = 0;
    for s in starts {
        if run < s {
            out.push_str(tail.get(run..s).unwrap_or_default());
        }
        let dot_dot = b.get(s + 1) == Some(&b'.');
        if dot_dot {
            // The buffer ends with "/": cut it back to just after the "/" before that. (A
            // byte loop: the segment it passes over is short, and `rfind`'s setup costs more
            // than it.)
            let end = out.len().saturating_sub(1);
            let kept = out.as_bytes().get(floor..end).unwrap_or_default();
            if let Some(p) = kept.iter().rposition(|&c| c == b'/') {
                out.truncate(floor + p + 1);
            }
        }
        // The segment goes with the "/" after it (at the end, the buffer's "/" stays).
        run = (s + 2 + usize::from(dot_dot)).min(b.len());
    }
    if run < b.len() {
        out.push_str(tail.get(run..).unwrap_or_default());
    }
}

/// Calls `f(start, end)` for every `/`-separated segment of `path`, in order (one, empty, for
/// an empty path).
#[inline]
pub(crate) fn for_each_segment(path: &[u8], mut f: impl FnMut(usize, usize)) {
    let mut i = 0;
    loop {
        let end = path
            .get(i..)
            .and_then(|r| r.iter().position(|&c| c == b'/'))
            .map_or(path.len(), |p| i + p);
        f(i, end);
        if end >= path.len() {
            return;
        }
        i = end + 1;
    }
}

/// Whether a path contains a complete "." or ".." segment.
///
/// Resolution asks this of every base and reference path, so it looks for "/." pairs eight
/// bytes at a time (SWAR on `u64`); most paths have none and are skipped in a few
/// instructions per word.
///
/// The test that most paths fail (no leading '.', no "/.") is inlined, the exact search
/// after it is not: called whole for every path, the search saved seven registers and
/// restored them around the test (50-odd instructions for the one-byte path of `g:h`).
#[inline(always)]
pub(crate) fn has_dot_segment(s: &str) -> bool {
    has_dot_segment_in(s.as_bytes())
}

/// [`has_dot_segment`] of a path's bytes.
#[inline(always)]
fn has_dot_segment_in(b: &[u8]) -> bool {
    let leading = b.first() == Some(&b'.');
    (leading || has_slash_dot(b)) && dot_segment_after_filter(b, leading)
}

/// [`has_dot_segment`] of a path's bytes that start with '.' (`leading`) or hold "/.".
#[inline(never)]
fn dot_segment_after_filter(b: &[u8], leading: bool) -> bool {
    if leading && dot_segment_at(b, 0) {
        return true;
    }
    // Any later dot-segment starts with "/.": without that pair there is none (the filter
    // asked it of every path that does not start with '.').
    if leading && !has_slash_dot(b) {
        return false;
    }
    // Words without a '.' (most of them) cost one test; in the others, look for "/." pairs,
    // including one whose '/' ends the previous word.
    let mut chunks = b.chunks_exact(8);
    let mut at = 0;
    let mut prev = 0u64;
    for chunk in &mut chunks {
        let w = u64::from_le_bytes(chunk.try_into().unwrap_or([0; 8]));
        let dots = eq_mask(w, b'.');
        if dots != 0 {
            let carry = u64::from(prev >> 56 == u64::from(b'/')) << 7;
            let mut pairs = ((eq_mask(w, b'/') << 8) | carry) & dots;
            while pairs != 0 {
                if dot_segment_at(b, at + (pairs.trailing_zeros() / 8) as usize) {
                    return true;
                }
                pairs &= pairs - 1;
            }
        }
        prev = w;
        at += 8;
    }
    let mut after_slash = prev >> 56 == u64::from(b'/');
    for (k, &c) in chunks.remainder().iter().enumerate() {
        if c == b'.' && after_slash && dot_segment_at(b, at + k) {
            return true;
        }
        after_slash = c == b'/';
    }
    false
}

/// Whether `b` contains the pair "/." anywhere: the only way a dot-segment can start after
/// the first byte. Most paths have none, so this is the test that lets resolution skip
/// dot-segment removal; a pair that is not a dot-segment ("/.well-known") only costs the
/// exact check that follows.
#[inline]
pub(crate) fn has_slash_dot(b: &[u8]) -> bool {
    has_slash_pair::<b'.'>(b)
}

/// Whether `b` contains "/." or "/" followed by `ALSO`: [`has_slash_dot`] (`ALSO` is `.`), the
/// test for the pairs that start a segment a path normalization may drop (`ALSO` is `/`: an
/// empty one, `.` or `..`), and for the segments the URL Standard reads as dots (`ALSO` is
/// `%`: `%2e` is a dot there). `ALSO` is printable ASCII, never the zero of the padding.
///
/// From 17 bytes on, blocks of 16 pairs (see [`slash_pair_in_block`]), the last one flush
/// with the end. A shorter path is put into a zeroed 16-byte block (zero is neither '/' nor
/// '.') by [`zero_padded`], and its pairs read off the masks of '/' and '.'.
#[inline]
pub(crate) fn has_slash_pair<const ALSO: u8>(b: &[u8]) -> bool {
    let n = b.len();
    if n >= 17 {
        let mut i = 0;
        while i + 17 < n {
            if slash_pair_in_block::<ALSO>(b, i) {
                return true;
            }
            i += 16;
        }
        return slash_pair_in_block::<ALSO>(b, n - 17);
    }
    // No pair in an empty path or a one-byte one: the commonest tails of resolution (a
    // reference "?y", "#s" or "../", which leaves no path of its own; a segment "g"), which
    // would build their block byte by byte.
    if n < 2 {
        return false;
    }
    let block = zero_padded(b);
    let slash = scan::eq_mask(block, b'/');
    let second = scan::eq_mask(block, b'.') | scan::eq_mask(block, ALSO);
    slash & second >> 1 != 0
}

/// Whether one of the 16 pairs starting at `b[at..at + 16]` is "/." or "/" and `ALSO` (
/// `false` if the 17 bytes are not all there). Written as a plain loop over a fixed-size
/// array, which LLVM turns into 16-byte compares, ANDs and a mask test (SSE2 on x86-64),
/// without `unsafe`.
#[inline(always)]
fn slash_pair_in_block<const ALSO: u8>(b: &[u8], at: usize) -> bool {
    let Some(c) = b
        .get(at..at + 17)
        .and_then(|c| <&[u8; 17]>::try_from(c).ok())
    else {
        return false;
    };
    let mut found = 0u8;
    for i in 0..16 {
        let second = u8::from(c[i + 1] == b'.') | u8::from(c[i + 1] == ALSO);
        found |= u8::from(c[i] == b'/') & second;
    }
    found != 0
}

/// Index of the last '/' in `b`, a word at a time from the end (the last '/' of a base path
/// is usually in its last word or two).
#[inline]
pub(crate) fn rfind_slash(b: &[u8]) -> Option<usize> {
    let mut end = b.len();
    let mut words = b.rchunks_exact(8);
    for chunk in &mut words {
        let w = u64::from_le_bytes(chunk.try_into().unwrap_or([0; 8]));
        let m = eq_mask(w, b'/');
        if m != 0 {
            return Some(end - 1 - (m.leading_zeros() / 8) as usize);
        }
        end -= 8;
    }
    words.remainder().iter().rposition(|&c| c == b'/')
}

/// The length a merge head keeps once its last `pops` segments are removed, as
/// §5.2.4 removes them for a reference starting with that many "..": each ".." cuts the head
/// back to just after the "/" before its last segment; an absolute head stops at "/" (length
/// 1), an empty one stays empty, and a rootless one that runs out of segments gives `None`
/// (§5.2.4 then puts a "/" that is not in the base: `a/` + `../c` is `/c`).
///
/// `head` is empty or ends with "/". One backward scan, a word at a time, that stops at the
/// `pops`th "/" before the last byte: only references starting with ".." ask for it, so
/// [`Base::new`](crate::Base::new) does not plan it.
#[inline]
pub(crate) fn cut_length(head: &str, pops: usize) -> Option<usize> {
    let b = head.as_bytes();
    let Some((_, body)) = b.split_last() else {
        return Some(0);
    };
    if pops == 0 {
        return Some(b.len());
    }
    let mut left = pops;
    let mut end = body.len();
    let mut words = body.rchunks_exact(8);
    for chunk in &mut words {
        let mut m = eq_mask(u64::from_le_bytes(chunk.try_into().unwrap_or([0; 8])), b'/');
        while m != 0 {
            let top = m.leading_zeros();
            left -= 1;
            if left == 0 {
                return Some(end - (top / 8) as usize);
            }
            m &= !(1 << (63 - top));
        }
        end -= 8;
    }
    for (p, _) in words
        .remainder()
        .iter()
        .enumerate()
        .rev()
        .filter(|&(_, &c)| c == b'/')
    {
        left -= 1;
        if left == 0 {
            return Some(p + 1);
        }
    }
    (b[0] == b'/').then_some(1)
}

/// What resolution needs of a base path for the §5.2.3 merge: the length of the head (the
/// path through its last "/", 0 without one) and whether the head holds a dot-segment. (The
/// cuts that leading ".." make in the head, [`MergeHead::cut`], are found when a reference
/// asks: planned here for every base, they cost `Base::new` 87 instructions, more than half
/// of it, for the one link in ten that starts with "..".)
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct MergeHead {
    /// The head's "/" bytes (bit `k` for byte `k`) where the path was classified into a
    /// 64-bit mask (up to 64 bytes), kept for [`cut`](Self::cut); 0 where it was not.
    slashes: u64,
    /// The head's length (a `u32`, as the parser's indices: the three fields fit in two
    /// registers, in which a call returns them).
    len: u32,
    pub(crate) dots: bool,
}

impl MergeHead {
    /// The head's length in bytes.
    #[inline(always)]
    pub(crate) fn len(&self) -> usize {
        self.len as usize
    }

    /// [`cut_length`] of this head (`head`, its text): read off its "/" mask where it has
    /// one, the `pops`th bit below the top one, else by the backward scan. (`scripts/
    /// per_pair.sh`, the scan -> the mask, base parsed per pair: `../g` 635 -> 609
    /// instructions, `../..` 625 -> 591.)
    #[inline(always)]
    pub(crate) fn cut(&self, head: &str, pops: usize) -> Option<usize> {
        if self.slashes == 0 || pops == 0 {
            return cut_length(head, pops);
        }
        // The "/" bits before the head's last byte (its last "/", the top bit), less the
        // pops - 1 highest: the highest left ends the kept head.
        let mut left = self.slashes & !(1 << (self.len - 1));
        for _ in 1..pops {
            if left == 0 {
                break;
            }
            left &= !(1 << (63 - left.leading_zeros()));
        }
        match left {
            0 => head.starts_with('/').then_some(1),
            _ => Some(64 - left.leading_zeros() as usize),
        }
    }

    /// The merge head of `path`. A path of up to 128 bytes (98% of the Common Crawl bases) is
    /// classified sixteen bytes at a time into masks of its "/" and "." bytes ([`Marks`]),
    /// and both are read off them: the last "/" is the top bit, a dot-segment a "." after a
    /// "/" followed by "/" or "./". A longer one takes the two scans ([`rfind_slash`],
    /// [`has_dot_segment`]), which are also the reference the masks are tested against.
    ///
    /// Bytes, not text: the caller cuts the path off its URI's bytes, where cutting a `str`
    /// checks both ends for a character boundary (a call of 20-odd instructions per merge
    /// that LLVM did not inline).
    #[inline]
    pub(crate) fn of(path: &[u8]) -> Self {
        Self::of_keeping::<false>(path)
    }

    /// [`of`](Self::of), with the head's "/" mask kept for [`cut`](Self::cut) (up to 64
    /// bytes): for a prepared base, and for a reference that cuts the head. (Kept for every
    /// merge of a base parsed per pair, it cost the Common Crawl pairs 10 instructions a
    /// pair.)
    #[inline]
    pub(crate) fn with_slashes(path: &[u8]) -> Self {
        Self::of_keeping::<true>(path)
    }

    #[inline(always)]
    fn of_keeping<const SLASHES: bool>(path: &[u8]) -> Self {
        match path.len() {
            0..=64 => {
                let marks = Marks::<u64>::short(path);
                let head = marks.merge_head();
                if !SLASHES {
                    return head;
                }
                // The bits through the head's last byte (`len` <= 64).
                let through_head = u64::MAX.checked_shr(64 - head.len).unwrap_or(0);
                MergeHead {
                    slashes: marks.slash & through_head,
                    ..head
                }
            }
            65..=128 => Marks::<u128>::long(path).merge_head(),
            _ => Self::by_scans(path),
        }
    }

    /// [`of`](Self::of) by the scans.
    #[inline(never)]
    fn by_scans(path: &[u8]) -> Self {
        let head = rfind_slash(path)
            .and_then(|i| path.get(..=i))
            .unwrap_or_default();
        MergeHead {
            // At most the path's length, which the parser's `u32` indices bound.
            len: head.len() as u32,
            dots: has_dot_segment_in(head),
            slashes: 0,
        }
    }
}

/// A bit mask over the bytes of a path (bit `k` for byte `k`): `u64` up to 64 bytes, `u128`
/// up to 128 (whose shifts by a variable amount cost several instructions each, so the
/// shorter paths keep the narrower mask).
trait Mask:
    Copy
    + Eq
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + Shl<usize, Output = Self>
    + Shr<usize, Output = Self>
    + Sub<Output = Self>
{
    const ZERO: Self;
    const ONE: Self;
    /// The index of the highest set bit (the mask is not zero).
    fn top(self) -> usize;
}

macro_rules! mask {
    ($($t:ty),*) => {$(
        impl Mask for $t {
            const ZERO: Self = 0;
            const ONE: Self = 1;
            #[inline(always)]
            fn top(self) -> usize {
                (<$t>::BITS - 1 - self.leading_zeros()) as usize
            }
        }
    )*};
}
mask!(u64, u128);

/// The "/" and "." bytes of a path as bit masks.
struct Marks<W> {
    slash: W,
    dot: W,
}

impl Marks<u64> {
    /// The masks of `b`, at most 64 bytes: blocks of sixteen; a path under sixteen bytes
    /// zero-padded.
    #[inline(always)]
    fn short(b: &[u8]) -> Self {
        let n = b.len();
        let mut marks = Marks { slash: 0, dot: 0 };
        let mut add = |block: [u8; 16], at: usize| {
            marks.slash |= u64::from(scan::eq_mask(block, b'/')) << at;
            marks.dot |= u64::from(scan::eq_mask(block, b'.')) << at;
        };
        if n < 16 {
            add(zero_padded(b), 0);
        } else {
            // Four blocks whatever the length, without a branch: at 0, 16, 32 and 48, each
            // moved back to end at the end of `b` if it would pass it (then it reads bytes
            // another block read, and sets their bits again).
            for k in 0..4 {
                let at = (16 * k).min(n - 16);
                if let Some(block) = b.get(at..).and_then(<[u8]>::first_chunk::<16>) {
                    add(*block, at);
                }
            }
        }
        marks
    }

    /// The masks of the 64 bytes of `b` from `at` (zero if they are not all there): four
    /// blocks at fixed places, so every shift is by a constant.
    #[inline(always)]
    fn window(b: &[u8], at: usize) -> Self {
        let mut marks = Marks { slash: 0, dot: 0 };
        if let Some(w) = b.get(at..).and_then(<[u8]>::first_chunk::<64>) {
            for (k, block) in w.chunks_exact(16).enumerate() {
                let block = <[u8; 16]>::try_from(block).unwrap_or([0; 16]);
                marks.slash |= u64::from(scan::eq_mask(block, b'/')) << (16 * k);
                marks.dot |= u64::from(scan::eq_mask(block, b'.')) << (16 * k);
            }
        }
        marks
    }
}

impl Marks<u128> {
    /// The masks of `b`, of 65 to 128 bytes: its first 64 bytes and its last 64, which
    /// overlap or touch (the overlap sets the same bits twice).
    #[inline(always)]
    fn long(b: &[u8]) -> Self {
        let from = b.len().saturating_sub(64);
        let (first, last) = (Marks::window(b, 0), Marks::window(b, from));
        let join = |lo: u64, hi: u64| u128::from(lo) | u128::from(hi) << from;
        Marks {
            slash: join(first.slash, last.slash),
            dot: join(first.dot, last.dot),
        }
    }
}

impl<W: Mask> Marks<W> {
    /// The [`MergeHead`] read off the masks.
    #[inline(always)]
    fn merge_head(&self) -> MergeHead {
        let (slash, dot, one) = (self.slash, self.dot, W::ONE);
        if slash == W::ZERO {
            return MergeHead {
                len: 0,
                dots: false,
                slashes: 0,
            };
        }
        let last = slash.top();
        let before_last = (one << last) - one;
        // A segment starts at 0 and after every "/"; one of the head's is "." when the next
        // byte is "/", ".." when the next two are "./" (the head ends with "/", so a "." in
        // it always has a next byte, and a ".." a next two).
        let dot_starts = ((slash << 1) | one) & dot & before_last;
        MergeHead {
            len: last as u32 + 1, // < 128
            dots: dot_starts & ((slash >> 1) | (dot >> 1 & slash >> 2)) != W::ZERO,
            // Kept by `MergeHead::of` for the 64-bit masks alone.
            slashes: 0,
        }
    }
}

/// 0x80 in each byte of `w` equal to `c`, 0 elsewhere (exact: no borrow between bytes).
#[inline(always)]
fn eq_mask(w: u64, c: u8) -> u64 {
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    let x = w ^ (u64::from(c) * 0x0101_0101_0101_0101);
    !(((x & LOW7) + LOW7) | x | LOW7)
}

/// Whether the segment starting at `p` (where `b[p]` is '.') is "." or "..".
#[inline]
fn dot_segment_at(b: &[u8], p: usize) -> bool {
    match b.get(p + 1) {
        None | Some(b'/') => true,
        Some(b'.') => matches!(b.get(p + 2), None | Some(b'/')),
        _ => false,
    }
}

/// Removes the dot-segments of `path` by RFC 3986 §5.2.4 and writes the result into `out`.
///
/// Only literal "." and ".." segments are dot-segments (percent-encoded dots are decoded only
/// by normalization, §6.2.2.2). Nothing is allocated for paths with up to 64 separate pieces
/// of surviving text; beyond that, with the `alloc` feature, one `Vec` of ranges is used.
/// To append to a `String` without any such limit, see [`remove_dot_segments_into`].
///
/// ```
/// use urilex::remove_dot_segments;
/// // The two worked examples of RFC 3986 §5.2.4.
/// let mut out = String::new();
/// remove_dot_segments("/a/b/c/./../../g", &mut out)?;
/// assert_eq!(out, "/a/g");
/// out.clear();
/// remove_dot_segments("mid/content=5/../6", &mut out)?;
/// assert_eq!(out, "mid/6");
/// # Ok::<(), std::fmt::Error>(())
/// ```
pub fn remove_dot_segments<W: fmt::Write + ?Sized>(path: &str, out: &mut W) -> fmt::Result {
    write(
        Joined {
            head: "",
            tail: path,
        },
        Dots::Rfc3986,
        out,
    )
}

/// Removes the dot-segments of `path` by RFC 3986 §5.2.4 and appends the result to `out`.
///
/// `out` serves as the algorithm's output buffer (a ".." cuts it back), so this is linear and
/// allocates nothing when `out` has `path.len()` bytes of spare capacity. What `out` held
/// before is never touched.
///
/// ```
/// use urilex::remove_dot_segments_into;
/// let mut out = String::from("http://a");
/// remove_dot_segments_into("/../b/./c/..", &mut out);
/// assert_eq!(out, "http://a/b/");
/// ```
#[cfg(feature = "alloc")]
pub fn remove_dot_segments_into(path: &str, out: &mut alloc::string::String) {
    append(
        Joined {
            head: "",
            tail: path,
        },
        Dots::Rfc3986,
        out,
    )
}

#[cfg(test)]
mod tests {
    /// Every string of `len` characters over `alphabet`.
    fn strings_of(alphabet: [char; 3], len: u32) -> impl Iterator<Item = alloc::string::String> {
        (0..3usize.pow(len)).map(move |code| {
            (0..len)
                .map(|i| alphabet[code / 3usize.pow(i) % 3])
                .collect()
        })
    }

    /// `append_after_head` against the general removal of the whole path: every tail up to
    /// seven bytes over "/", "a" and "." that does not start with a dot-segment, after heads
    /// of every shape it takes (absolute, dot-free, ending with "/"; or none, before an
    /// absolute tail), and after a first segment that brings it to 56-63 bytes (read off the
    /// masks) or 64-70 (byte by byte).
    #[cfg(feature = "alloc")]
    #[test]
    fn append_after_head_removes_dot_segments_as_the_general_code() {
        use alloc::string::String;
        let heads = ["/", "/a/", "/a/b/", "/a//", "//", "/.a/a../", ""];
        let mut checked = 0;
        for len in 0..=7u32 {
            for tail in strings_of(['/', 'a', '.'], len) {
                let leading_dot = [".", ".."].contains(&tail.as_str())
                    || tail.starts_with("./")
                    || tail.starts_with("../");
                if leading_dot {
                    continue;
                }
                for (head, pad) in heads.iter().flat_map(|h| [(h, 0), (h, 55), (h, 63)]) {
                    if head.is_empty() && !tail.starts_with('/') {
                        continue;
                    }
                    // (An absolute tail, after no head, stays one.)
                    let a = "a".repeat(pad);
                    let tail = match (pad, head.is_empty()) {
                        (0, _) => tail.clone(),
                        (_, false) => alloc::format!("{a}/{tail}"),
                        (_, true) => alloc::format!("/{a}{tail}"),
                    };
                    let mut got = String::from("s://h");
                    got.push_str(head);
                    super::append_after_head(&mut got, 5, &tail);
                    let mut want = String::from("s://h");
                    super::remove_dot_segments_into(&alloc::format!("{head}{tail}"), &mut want);
                    assert_eq!(got, want, "{head:?} + {tail:?}");
                    checked += 1;
                }
            }
        }
        assert!(checked > 30_000, "{checked}");
    }

    #[test]
    fn cut_length_removes_segments_as_dot_dot_does() {
        // Every head up to 11 bytes over "/", "a", "." (ending with "/", or empty), against
        // the definition: one "/" search per "..".
        fn reference(head: &str) -> [Option<usize>; 6] {
            let mut out = [None; 6];
            let mut kept = head.len();
            for slot in &mut out {
                kept = match head[..kept.saturating_sub(1)].rfind('/') {
                    _ if kept == 0 => 0,
                    Some(p) => p + 1,
                    None if head.starts_with('/') => 1,
                    None => break,
                };
                *slot = Some(kept);
            }
            out
        }
        let mut checked = 0;
        for len in 0..=11u32 {
            for mut head in strings_of(['/', 'a', '.'], len) {
                if !head.is_empty() && !head.ends_with('/') {
                    head.push('/');
                }
                assert_eq!(super::cut_length(&head, 0), Some(head.len()), "{head:?}");
                for (pops, want) in (1..).zip(reference(&head)) {
                    assert_eq!(super::cut_length(&head, pops), want, "{head:?} {pops}");
                }
                // `MergeHead::cut` off the masks: the merge head of a path with one more
                // segment after the head.
                let h = MergeHead::with_slashes(std::format!("{head}x").as_bytes());
                assert_eq!(h.len(), head.len(), "{head:?}");
                for pops in 0..=7 {
                    let want = super::cut_length(&head, pops);
                    assert_eq!(h.cut(&head, pops), want, "{head:?} {pops}");
                }
                checked += 1;
            }
        }
        assert!(checked > 250_000);
        // Around the 64 bytes the masks hold (longer heads are cut by the scan).
        for len in 56..=72 {
            for (seg, first) in [("a/", "/"), ("ab/", ""), ("/", "/")] {
                let mut head = String::from(first);
                while head.len() < len {
                    head.push_str(seg);
                }
                let h = MergeHead::with_slashes(std::format!("{head}x").as_bytes());
                assert_eq!(h.len(), head.len(), "{head:?}");
                for pops in 0..=40 {
                    let want = super::cut_length(&head, pops);
                    assert_eq!(h.cut(&head, pops), want, "{head:?} {pops}");
                }
            }
        }
    }

    extern crate std;
    use super::*;
    use std::string::String;

    /// The masks against the scans, on every path of up to 11 bytes over "/", ".", "a", and
    /// on long ones around the 16-byte blocks and the 64- and 128-byte limits.
    #[test]
    fn merge_head_by_masks_agrees_with_the_scans() {
        let mut checked = 0;
        for len in 0..=11u32 {
            for path in strings_of(['/', '.', 'a'], len) {
                assert_eq!(
                    MergeHead::of(path.as_bytes()),
                    MergeHead::by_scans(path.as_bytes()),
                    "{path:?}"
                );
                checked += 1;
            }
        }
        assert!(checked > 250_000);
        let pieces = [
            "/",
            "a/",
            "./",
            "../",
            "bc",
            ".",
            "..",
            "/x/./y/../",
            "/.well-known/",
        ];
        let mut seed = 1u64;
        for _ in 0..20_000 {
            let mut path = String::new();
            while path.len() < 140 {
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                path.push_str(pieces[(seed >> 33) as usize % pieces.len()]);
                let cut = path.len().min((seed >> 45) as usize % 150);
                let p = &path[..cut];
                assert_eq!(
                    MergeHead::of(p.as_bytes()),
                    MergeHead::by_scans(p.as_bytes()),
                    "{p:?}"
                );
            }
        }
    }

    /// The word-at-a-time search against a plain split, on every path of up to 10 bytes over
    /// an alphabet that has the bytes that matter, at every alignment.
    #[test]
    fn has_dot_segment_matches_split() {
        let alphabet = [b'/', b'.', b'a'];
        for len in 0..=10u32 {
            for n in 0..3usize.pow(len) {
                let mut v = std::vec::Vec::new();
                let mut k = n;
                for _ in 0..len {
                    v.push(alphabet[k % 3]);
                    k /= 3;
                }
                let s = core::str::from_utf8(&v).unwrap();
                let expected = s.split('/').any(|seg| seg == "." || seg == "..");
                assert_eq!(has_dot_segment(s), expected, "{s:?}");
                assert_eq!(has_slash_dot(&v), s.contains("/."), "{s:?}");
                assert_eq!(
                    has_slash_pair::<b'/'>(&v),
                    s.contains("/.") || s.contains("//"),
                    "{s:?}"
                );
                let percent = s.replace('a', "%");
                assert_eq!(
                    has_slash_pair::<b'%'>(percent.as_bytes()),
                    percent.contains("/.") || percent.contains("/%"),
                    "{s:?}"
                );
                assert_eq!(rfind_slash(&v), s.rfind('/'), "{s:?}");
            }
        }
    }

    /// The pair search at every offset and length across several words (the exhaustive test
    /// above stops at 10 bytes, inside the first two reads).
    #[test]
    fn has_slash_dot_every_offset() {
        for n in 0..48 {
            let plain = std::vec![b'a'; n];
            assert!(!has_slash_dot(&plain));
            assert!(!has_slash_dot(&std::vec![b'/'; n]));
            assert!(!has_slash_dot(&std::vec![b'.'; n]));
            for k in 0..n.saturating_sub(1) {
                let mut v = plain.clone();
                v[k] = b'/';
                v[k + 1] = b'.';
                assert!(has_slash_dot(&v), "{n} {k}");
                v[k] = b'.';
                v[k + 1] = b'/';
                assert!(!has_slash_dot(&v), "{n} {k}");
                assert!(!has_slash_pair::<b'/'>(&v), "{n} {k}");
                v[k] = b'/';
                assert!(has_slash_pair::<b'/'>(&v), "{n} {k}");
                assert!(!has_slash_dot(&v), "{n} {k}");
            }
        }
    }

    /// The chunked writer (used without `alloc`) agrees with the one-scan writer.
    #[test]
    fn chunked_matches() {
        for path in [
            "/a/./b/./c/./d/./e",
            "x/../a/./b/./c",
            "/a/./b/./../c/./d/./e/.",
            "a/./b/./c/./d",
        ] {
            for mode in [Dots::Rfc3986, Dots::Rfc2396] {
                let j = Joined {
                    head: "",
                    tail: path,
                };
                let mut want = String::new();
                write(j, mode, &mut want).unwrap();
                let mut count = 0;
                let shape = scan(j, mode, |_, _| count += 1);
                let mut got = String::new();
                let mut em = Emitter {
                    j,
                    w: &mut got,
                    first: true,
                    join_rootless: shape.join_rootless,
                };
                em.start(&shape).unwrap();
                write_chunked::<String, 2>(j, mode, count, &mut em).unwrap();
                em.finish(&shape).unwrap();
                assert_eq!(got, want, "{path} {mode:?}");
            }
        }
    }
}
