//! The percent-escaping both references share: decode until nothing is left to decode, then
//! encode what a key must not hold raw.

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;

use crate::kernels::scan::{positions, unprintable_or};
use crate::ops::pct::hex_val;

/// Appends `input` to `out` percent-decoded until no `%XX` is left: what decoding again and
/// again to a fixed point gives (Python's `unquote_to_bytes` in a loop in the `surt` package;
/// "repeatedly percent-unescape" in Google's text), in one pass and linear time.
///
/// Decoding is a rewriting `%XX` -> byte whose patterns cannot overlap (a hex digit is never
/// `%`), so every order of rewriting ends in the same text. Here each byte is pushed and the
/// top three bytes rewritten while they form `%XX`: `%2525` -> `%25` -> `%`, which the loop of
/// the references takes one round per level to reach (quadratic on `%252525...`).
pub(super) fn unescape_repeatedly_into(input: &[u8], out: &mut Vec<u8>) {
    if !input.contains(&b'%') {
        out.extend_from_slice(input);
        return;
    }
    let start = out.len();
    out.resize(start + input.len(), 0);
    let n = unescape_repeatedly_in(input, &mut out[start..]);
    out.truncate(start + n);
}

/// [`unescape_repeatedly_into`] into the start of `buf`, which is at least as long as
/// `input` (decoding never lengthens): the decoded length. The one implementation of the
/// decoding, for a growing `Vec` and for a buffer on the stack alike.
///
/// The `%` of the input are found sixteen bytes a compare, once; the bytes between them are
/// copied as runs (sixteen at once where both sides have room), and a `%XX` that follows
/// bytes without a `%` becomes its byte at once. Bytes past the decoded length may be
/// written.
pub(super) fn unescape_repeatedly_in(input: &[u8], buf: &mut [u8]) -> usize {
    let (mut i, mut n) = (0usize, 0usize);
    let mut percents = positions(input, b'%', b'%');
    let mut next = percents.next().unwrap_or(input.len());
    while i < input.len() {
        // With no `%` among the top two bytes, the bytes up to the next `%` of the input
        // cannot complete a `%XX`: they are copied as a run, and a `%XX` after them is its
        // byte (which cannot complete one below it either).
        let top_has_percent = (n >= 1 && buf[n - 1] == b'%') || (n >= 2 && buf[n - 2] == b'%');
        if !top_has_percent {
            while next < i {
                next = percents.next().unwrap_or(input.len());
            }
            copy_run(input, i, next, buf, n);
            (n, i) = (n + next - i, next);
            if i == input.len() {
                break;
            }
            let hex = |k: usize| input.get(i + k).and_then(|&b| hex_val(b));
            if let (Some(h), Some(l)) = (hex(1), hex(2)) {
                buf[n] = h << 4 | l;
                (i, n) = (i + 3, n + 1);
                continue;
            }
        }
        buf[n] = input[i];
        (i, n) = (i + 1, n + 1);
        while n >= 3 && buf[n - 3] == b'%' {
            match (hex_val(buf[n - 2]), hex_val(buf[n - 1])) {
                (Some(h), Some(l)) => {
                    n -= 2;
                    buf[n - 1] = h << 4 | l;
                }
                _ => break,
            }
        }
    }
    n
}

/// Copies `input[from..to]` to `buf` at `at`: sixteen bytes a step while both have sixteen
/// to spare (the last step may write past the run, into what is written next), the rest at
/// once.
#[inline(always)]
fn copy_run(input: &[u8], from: usize, to: usize, buf: &mut [u8], at: usize) {
    let mut k = 0;
    while from + k < to {
        match (
            input.get(from + k..).and_then(<[u8]>::first_chunk::<16>),
            buf.get_mut(at + k..)
                .and_then(<[u8]>::first_chunk_mut::<16>),
        ) {
            (Some(src), Some(dst)) => *dst = *src,
            _ => {
                buf[at + k..at + to - from].copy_from_slice(&input[from + k..to]);
                return;
            }
        }
        k += 16;
    }
}

/// `input` decoded by [`unescape_repeatedly_into`]; borrowed when there is nothing to decode.
pub(super) fn unescape_repeatedly(input: &[u8]) -> Cow<'_, [u8]> {
    if !input.contains(&b'%') {
        return Cow::Borrowed(input);
    }
    let mut out = Vec::with_capacity(input.len());
    unescape_repeatedly_into(input, &mut out);
    Cow::Owned(out)
}

/// Whether a key holds `b` percent-encoded: a control, space, `#`, `%`, DEL and every byte
/// above ASCII. Google's text ("<= ASCII 32, >= 127, '#', or '%'") and the `surt` package's
/// `escapeOnce` (`quote_from_bytes` with every other printable character safe) agree.
pub(super) const fn must_escape(b: u8) -> bool {
    b <= b' ' || b >= 0x7F || b == b'#' || b == b'%'
}

/// Appends `input` to `out`, each byte [`must_escape`] names as `%XX` (upper-case hex).
pub(super) fn escape_once_into(input: &[u8], out: &mut Vec<u8>) {
    escape_once_with(input, |run, escaped| {
        out.extend_from_slice(&input[run]);
        out.extend_from_slice(escaped.as_ref().map_or(&[][..], |e| &e[..]));
    });
}

/// [`escape_once_into`] of text, for a key being written.
pub(super) fn escape_once_into_str(input: &str, out: &mut String) {
    escape_once_with(input.as_bytes(), |run, escaped| {
        // A run that is not empty is ASCII between escaped bytes (every non-ASCII byte is
        // one) or the ends: its ends are character boundaries.
        if !run.is_empty() {
            out.push_str(&input[run]);
        }
        if let Some(e) = escaped {
            for b in e {
                out.push(char::from(b));
            }
        }
    });
}

/// The escaping itself: each run of bytes that stay (a range of `input`), then the `%XX` of
/// the byte that ends it (none after the last run). The bytes to escape are found sixteen at
/// a compare: they are few in most text.
fn escape_once_with(input: &[u8], mut put: impl FnMut(core::ops::Range<usize>, Option<[u8; 3]>)) {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    let mut run = 0;
    for i in unprintable_or(input, b'#', b'%') {
        let b = input[i];
        put(
            run..i,
            Some([b'%', HEX[usize::from(b >> 4)], HEX[usize::from(b & 15)]]),
        );
        run = i + 1;
    }
    put(run..input.len(), None);
}

/// `input` escaped by [`escape_once_into`]; borrowed when nothing needs escaping.
pub(super) fn escape_once(input: &[u8]) -> Cow<'_, [u8]> {
    if !input.iter().any(|&b| must_escape(b)) {
        return Cow::Borrowed(input);
    }
    let mut out = Vec::with_capacity(input.len() + 8);
    escape_once_into(input, &mut out);
    Cow::Owned(out)
}

/// `escape_once(unescape_repeatedly(input))`: the `surt` package's `minimalEscape`. Borrowed
/// when `input` holds no byte to escape (so no `%` to decode either).
pub(super) fn minimal_escape(input: &[u8]) -> Cow<'_, [u8]> {
    if !input.iter().any(|&b| must_escape(b)) {
        return Cow::Borrowed(input);
    }
    Cow::Owned(escape_once(&unescape_repeatedly(input)).into_owned())
}

/// `f` applied to what `c` holds, borrowing from `c`'s own source where `f` borrows.
pub(super) fn map<'a>(c: Cow<'a, [u8]>, f: impl Fn(&[u8]) -> Cow<'_, [u8]>) -> Cow<'a, [u8]> {
    match c {
        Cow::Borrowed(b) => f(b),
        Cow::Owned(v) => Cow::Owned(f(&v).into_owned()),
    }
}

/// `c`'s bytes `range`, without a copy where `c` borrows.
pub(super) fn slice(c: Cow<'_, [u8]>, range: core::ops::Range<usize>) -> Cow<'_, [u8]> {
    match c {
        Cow::Borrowed(b) => Cow::Borrowed(&b[range]),
        Cow::Owned(mut v) => {
            v.truncate(range.end);
            v.drain(..range.start);
            Cow::Owned(v)
        }
    }
}

/// `c` lowercased (ASCII), copied only if it has an upper-case letter.
pub(super) fn lowercase(mut c: Cow<'_, [u8]>) -> Cow<'_, [u8]> {
    if c.iter().any(u8::is_ascii_uppercase) {
        c.to_mut().make_ascii_lowercase();
    }
    c
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::String;

    /// The references' loop, for comparison: decode `%XX` left to right, again until nothing
    /// changes.
    fn loop_decode(mut s: Vec<u8>) -> Vec<u8> {
        loop {
            let mut out = Vec::new();
            let mut i = 0;
            while i < s.len() {
                match (
                    s.get(i + 1).and_then(|&b| hex_val(b)),
                    s.get(i + 2).and_then(|&b| hex_val(b)),
                ) {
                    (Some(h), Some(l)) if s[i] == b'%' => {
                        out.push(h << 4 | l);
                        i += 3;
                    }
                    _ => {
                        out.push(s[i]);
                        i += 1;
                    }
                }
            }
            if out == s {
                return s;
            }
            s = out;
        }
    }

    #[test]
    fn the_escaped_bytes_are_the_scans() {
        let all: Vec<u8> = (0..=255).collect();
        let scanned: Vec<usize> = unprintable_or(&all, b'#', b'%').collect();
        let want: Vec<usize> = (0..256).filter(|&b| must_escape(b as u8)).collect();
        assert_eq!(scanned, want);
    }

    #[test]
    fn one_pass_equals_the_loop() {
        // Every string over a small alphabet up to length 7.
        let alphabet = b"%2554aG";
        let mut s = Vec::new();
        for len in 0..=7u32 {
            for mut n in 0..alphabet.len().pow(len) {
                s.clear();
                for _ in 0..len {
                    s.push(alphabet[n % alphabet.len()]);
                    n /= alphabet.len();
                }
                assert_eq!(*unescape_repeatedly(&s), loop_decode(s.clone()), "{s:?}");
            }
        }
    }

    #[test]
    fn googles_examples_of_unescaping() {
        let canon = |s: &str| String::from_utf8(minimal_escape(s.as_bytes()).into_owned()).unwrap();
        assert_eq!(canon("/%25%32%35"), "/%25");
        assert_eq!(canon("/%25%32%35%25%32%35"), "/%25%25");
        assert_eq!(canon("/%2525252525252525"), "/%25");
        assert_eq!(canon("/asdf%25%32%35asd"), "/asdf%25asd");
        assert_eq!(canon("/%%%25%32%35asd%%"), "/%25%25%25asd%25%25");
    }
}
