//! The SURT of the commonest URLs in one pass: `http` or `https`, a host name (letters,
//! digits, `-` and single dots), no userinfo or port, a path with nothing to resolve, and no
//! session ids (most lines of crawl lists, and the search engines' escaped referers). For such
//! a URL the reference's steps come down to these: the fragment goes; the path is decoded
//! until nothing is left to decode and escaped once, the query likewise; the host loses its
//! `www.` and is written label by label from the right; the whole key is lowercased; the path
//! loses a trailing `/`, and the query's arguments are sorted. The general steps
//! ([`super::surt_into`]) give the same key; the tests below compare the two on every corpus
//! line and on generated text.

use alloc::string::String;

use super::escape::{escape_once_into_str, unescape_repeatedly_in};
use super::google;
use super::holds::Holds;
use super::ia::{name_and_value, path_has_session_id, query_has_session_id, www_prefix};
use super::SurtOptions;
use crate::kernels::scan::{dense_len, eq_mask_64, positions, zero_padded};
use crate::ops::dot_segments::has_slash_pair;

/// Appends the SURT of `url` to `out` if `url` has the common shape, and says whether it did
/// (with the default canonicalizer; the other options are written as the general path writes
/// them). When it did not, `out` is as it was.
pub(super) fn surt(url: &str, options: &SurtOptions, out: &mut String) -> bool {
    let start = out.len();
    let done = write(url, options, out).is_some();
    if !done {
        out.truncate(start);
    }
    done
}

fn write(url: &str, options: &SurtOptions, out: &mut String) -> Option<()> {
    let (scheme, rest) = if let Some(rest) = url.strip_prefix("https://") {
        ("https", rest)
    } else if let Some(rest) = url.strip_prefix("http://") {
        ("http", rest)
    } else {
        return None;
    };
    let mut holds = Holds::of(rest.as_bytes());
    let mut rest = rest;
    // A byte to escape but `%`: only a fragment may hold it, as it goes (and with it any
    // whitespace the reference would strip from the end).
    if holds.raw() {
        rest = &rest[..rest.find('#')?];
        holds = Holds::of(rest.as_bytes());
        if holds.raw() {
            return None;
        }
    }
    // The text is ASCII from here: every cut below is on a character boundary.
    let question = if holds.question() {
        positions(rest.as_bytes(), b'?', b'?').next()
    } else {
        None
    };
    let (rest, query) = match question {
        Some(q) => (&rest[..q], Some(&rest[q + 1..]).filter(|q| !q.is_empty())),
        None => (rest, None),
    };
    let host_end = host_name_end(rest.as_bytes())?;
    let (host, path) = rest.split_at(host_end);
    // `%` (the only byte to escape left): the path and the query are decoded and escaped.
    let escaped = holds.escape();
    let path_decodes = escaped && path.contains('%');
    if !path_decodes && needs_resolving(path.as_bytes()) {
        return None;
    }

    let key = out.len();
    if options.include_scheme {
        out.push_str(scheme);
        out.push_str("://(");
    }
    let host = &host[if options.host_massage {
        www_prefix(host.as_bytes())
    } else {
        0
    }..];
    write_labels(host, out)?;
    if options.trailing_comma {
        out.push(',');
    }
    out.push(')');

    let at = out.len();
    if path.is_empty() {
        out.push('/');
    } else if path_decodes {
        decode_escape(path.as_bytes(), out, true)?;
    } else {
        out.push_str(path);
    }
    if (holds.paren() || escaped) && path_has_session_id(&out.as_bytes()[at..]) {
        return None;
    }
    if out.len() - at > 1 && out.ends_with('/') {
        out.truncate(out.len() - 1);
    }

    // Escaping writes upper-case hex, which the key lowercases too.
    let lower = holds.upper() || escaped;
    if let Some(q) = query {
        out.push('?');
        let at = out.len();
        if escaped && q.contains('%') {
            decode_escape(q.as_bytes(), out, false)?;
        } else {
            out.push_str(q);
        }
        let q = &out.as_bytes()[at..];
        // Every session-id pattern holds `sid`, `nid` or `fid`: most queries need no search.
        if has_triple(q) && query_has_session_id(q) {
            return None;
        }
        let sort = q.contains(&b'&');
        if lower {
            out[key..].make_ascii_lowercase();
        }
        if sort {
            sort_arguments(out, at)?;
        }
    } else if lower {
        out[key..].make_ascii_lowercase();
    }
    Some(())
}

/// Whether `q` holds `sid`, `nid` or `fid` in any case (`jsessionid`, `phpsessid`, `sid`,
/// `aspsessionid`, `cfid`: the session-id patterns).
fn has_triple(q: &[u8]) -> bool {
    let at = |a: u8, b: u8, c: u8| {
        let a = a | 0x20;
        (u8::from(a == b's') | u8::from(a == b'n') | u8::from(a == b'f'))
            & u8::from(b | 0x20 == b'i')
            & u8::from(c | 0x20 == b'd')
    };
    // Sixteen places a step, as a loop over a fixed-size array (which LLVM turns into
    // vector compares), the rest one by one.
    let mut i = 0;
    while let Some(c) = q.get(i..i + 18).and_then(|c| <&[u8; 18]>::try_from(c).ok()) {
        let mut found = 0;
        for k in 0..16 {
            found |= at(c[k], c[k + 1], c[k + 2]);
        }
        if found != 0 {
            return true;
        }
        i += 16;
    }
    q[i..].windows(3).any(|w| at(w[0], w[1], w[2]) != 0)
}

/// The most bytes a decoded path or a query the shortcut sorts may have (its buffer is on
/// the stack); longer ones take the general steps.
const BUFFER: usize = 1024;

/// Whether the path (empty, or starting with `/`) has a segment the general steps would
/// resolve or drop: only after a `/.` or `//` can it.
fn needs_resolving(path: &[u8]) -> bool {
    has_slash_pair::<b'/'>(path) && google::needs_resolving(&path[1..])
}

/// Appends `part` decoded until nothing is left to decode and escaped once (the path's steps,
/// `minimal_escape` for a query). A path is resolved in between: one that would change
/// there is left to the general steps (`None`).
fn decode_escape(part: &[u8], out: &mut String, path: bool) -> Option<()> {
    let mut buf = Scratch::<BUFFER>::new();
    let decoded = buf.0.get_mut(..part.len())?;
    let n = unescape_repeatedly_in(part, decoded);
    let decoded = &decoded[..n];
    if path && needs_resolving(decoded) {
        return None;
    }
    // Checked once, so that the escaping copies runs of text: bytes that are not UTF-8
    // (`%E9` of Latin-1) are left to the general steps.
    escape_once_into_str(core::str::from_utf8(decoded).ok()?, out);
    Some(())
}

/// Appends `host`'s labels from the right, each followed by `,` but the last; `None` for an
/// empty label (a host that starts or ends with `.`, or holds `..`), and for a host longer
/// than 64 bytes, whose dots do not fit one mask (the general steps take it).
fn write_labels(host: &str, out: &mut String) -> Option<()> {
    if host.len() > 64 {
        return None;
    }
    // The dots, found sixteen bytes a compare and taken from the last.
    let mut dots = eq_mask_64(host.as_bytes(), b'.');
    let mut end = host.len();
    while dots != 0 {
        let dot = 63 - dots.leading_zeros() as usize;
        dots &= !(1 << dot);
        if dot + 1 == end {
            return None;
        }
        out.push_str(&host[dot + 1..end]);
        out.push(',');
        end = dot;
    }
    if end == 0 {
        return None;
    }
    out.push_str(&host[..end]);
    Some(())
}

/// The most arguments a query of the shortcut sorts (on the stack below).
const MAX_ARGS: usize = 32;

/// Sorts the `&`-separated arguments of the query written in `out` from `at` as the
/// reference sorts them (by name, then value, an argument without `=` first); `None` for a
/// query of more than [`MAX_ARGS`] arguments or [`BUFFER`] bytes.
fn sort_arguments(out: &mut String, at: usize) -> Option<()> {
    let text = &out.as_bytes()[at..];
    // Each argument as its name's first eight bytes over its start and end: most sorts
    // compare numbers.
    let mut args = [0u128; MAX_ARGS];
    let mut n = 0;
    let mut begin = 0;
    for end in positions(text, b'&', b'&').chain(core::iter::once(text.len())) {
        *args.get_mut(n)? = sort_key(text, begin, end);
        n += 1;
        begin = end + 1;
    }
    let args = &mut args[..n];
    args.sort_unstable();
    // Names that share their first eight bytes: ordered by name and value in full.
    if args.windows(2).any(|w| w[0] >> 64 == w[1] >> 64) {
        let key = |&a: &u128| name_and_value(&text[(a >> 32) as u32 as usize..a as u32 as usize]);
        args.sort_unstable_by(|x, y| (x >> 64).cmp(&(y >> 64)).then_with(|| key(x).cmp(&key(y))));
    }
    // The sorted query is put together on the stack, in a buffer no larger than it needs
    // (clearing it is a store for every 16 bytes).
    if text.len() <= 240 {
        Scratch::<256>::sorted(text, args)?.replace(out, at)
    } else {
        Scratch::<{ BUFFER + 16 }>::sorted(text, args)?.replace(out, at)
    }
}

/// The sort key of the argument `text[begin..end]`: its name's first eight bytes
/// big-endian, zeros past the name (no byte of a name is zero, so keys order as the names
/// do unless equal), over its start and end. The `=` that ends the name is found in the
/// word at once: a byte that equals it becomes zero, and the zero bytes are found by the
/// carry-free test of "Bit Twiddling Hacks".
#[inline(always)]
fn sort_key(text: &[u8], begin: usize, end: usize) -> u128 {
    let word = match text.get(begin..).and_then(<[u8]>::first_chunk::<8>) {
        Some(word) => u64::from_be_bytes(*word),
        None => u128::from_be_bytes(zero_padded(&text[begin..end])).wrapping_shr(64) as u64,
    };
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    let x = word ^ 0x3d3d_3d3d_3d3d_3d3d;
    let equals = !((x & LOW7).wrapping_add(LOW7) | x | LOW7);
    let name = ((equals.leading_zeros() / 8) as usize).min(end - begin);
    let head = word & u64::MAX.checked_shl(8 * (8 - name as u32)).unwrap_or(0);
    u128::from(head) << 64 | (begin as u128) << 32 | end as u128
}

/// A buffer on the stack for a part of a key being put together: aligned, so that checking
/// it as text goes a word at a time.
#[repr(C, align(16))]
struct Scratch<const N: usize>([u8; N]);

/// A [`Scratch`] filled from its start with `len` bytes of text, zeros after.
struct Filled<const N: usize> {
    buf: Scratch<N>,
    len: usize,
}

impl<const N: usize> Scratch<N> {
    fn new() -> Self {
        Scratch([0; N])
    }

    /// The arguments of `text` in the order of `args` (entries of [`sort_key`]), joined
    /// by `&`; `None` if they do not fit. Each is copied sixteen bytes at once from
    /// `text` (which goes on past it, mostly), the copies running up to 15 bytes past it,
    /// which the next argument overwrites.
    fn sorted(text: &[u8], args: &[u128]) -> Option<Filled<N>> {
        let mut buf = Scratch::new();
        let mut w = 0;
        for (k, &a) in args.iter().enumerate() {
            let (start, end) = ((a >> 32) as u32 as usize, a as u32 as usize);
            if k > 0 {
                *buf.0.get_mut(w)? = b'&';
                w += 1;
            }
            if w + end - start + 16 > N {
                return None;
            }
            let mut i = start;
            while i < end {
                let window = match text.get(i..).and_then(<[u8]>::first_chunk::<16>) {
                    Some(window) => *window,
                    None => zero_padded(&text[i..end]),
                };
                buf.0[w + i - start..][..16].copy_from_slice(&window);
                i += 16;
            }
            w += end - start;
        }
        // What the last copy put past the end (the text's own bytes) goes.
        buf.0[w..w + 16].fill(0);
        Some(Filled { buf, len: w })
    }
}

impl<const N: usize> Filled<N> {
    /// Puts the bytes, as text, in place of `out` from `at`. Past them the buffer is zeros,
    /// so the check goes on to a multiple of 16 bytes: two words a step, where a shorter
    /// check would go byte by byte at its end.
    fn replace(&self, out: &mut String, at: usize) -> Option<()> {
        let checked = ((self.len + 15) & !15).min(N);
        let text = core::str::from_utf8(&self.buf.0[..checked])
            .ok()?
            .get(..self.len)?;
        out.truncate(at);
        out.push_str(text);
        Some(())
    }
}

/// Where a host name at the start of `rest` ends (at its `/` or the end), if it is one:
/// letters (in either case), digits, `-` and `.`, with a letter somewhere (so no number to
/// read as an address). Its dots are checked as its labels are written.
fn host_name_end(rest: &[u8]) -> Option<usize> {
    let end = dense_len(rest);
    let host = &rest[..end];
    (matches!(rest.get(end), None | Some(b'/')) && host.iter().any(u8::is_ascii_alphabetic))
        .then_some(end)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::canon::{general, Canonicalizer};
    use alloc::string::ToString;
    use alloc::vec::Vec;

    /// Every corpus line, and generated text around the shortcut's conditions, under every
    /// option: where the shortcut answers, the general steps give the same key.
    #[test]
    fn host_names() {
        for (rest, want) in [
            ("a.b/c", Some(3)),
            ("a.b", Some(3)),
            ("A-1.b?", None),
            ("A-1.b", Some(5)),
            ("1.2/", None),
            ("a_b/", None),
            ("a:80/", None),
            ("u@a/", None),
            ("/", None),
            ("", None),
        ] {
            assert_eq!(host_name_end(rest.as_bytes()), want, "{rest}");
        }
        for (host, want) in [
            ("a.b.c", Some("c,b,a")),
            ("a..b", None),
            (".a", None),
            ("a.", None),
        ] {
            let mut out = String::new();
            assert_eq!(
                write_labels(host, &mut out).map(|()| out),
                want.map(String::from),
                "{host}"
            );
        }
    }

    #[test]
    fn the_shortcut_gives_what_the_general_steps_give() {
        let mut inputs: Vec<String> = Vec::new();
        for file in [
            "ada_kasztp.txt",
            "apache_referers.txt",
            "wpt_urltestdata_inputs.txt",
        ] {
            let path = alloc::format!("../shared/corpora/{file}");
            let text = std::fs::read_to_string(path).unwrap();
            inputs.extend(text.lines().map(|l| l.to_string()));
        }
        let pieces = [
            "http://",
            "https://",
            "www.",
            "www2.",
            "a",
            "Z",
            "1",
            "-",
            ".",
            "/",
            "//",
            "./",
            "../",
            "(",
            "?",
            "#",
            "%41",
            " ",
            "@",
            ":",
            "é",
            ".com",
            "/A/",
            "x.aspx",
            "&",
            "=",
            "b=1",
            "A=2",
            "b",
            "id",
            "sid=0123456789abcdef0123456789abcdef",
            "jsessionid=0123456789abcdef0123456789abcdef",
            "docid=1",
            "&abcdefghij=1",
            "&abcdefghiJ=1",
            "&abcdefghik",
            "&abcdefgh=2",
            "&abcdefgh",
            "&abcdefg=",
            "PHPSESSID=0123456789abcdef0123456789abcdef",
            "ASPSESSIONIDabcdefgh=abcdefghijklmnopqrstuvwx",
            "(abcdefghijklmnopqrstuvwx)/",
            "(s(abcdefghijklmnopqrstuvwx))/",
            ".aspx",
            "cfid=1&cftoken=2",
            "%",
            "%2",
            "%25",
            "%2F",
            "%2f",
            "%2E",
            "%3F",
            "%26",
            "%23",
            "%20",
            "%28",
            "%e9",
            "%C3%A9",
            "%252F",
            "WWW.",
            "Www2.",
            "\\",
            "#",
            "#a b",
            "\t",
        ];
        let mut seed = 7u64;
        for i in 0..200_000 {
            // Three in four start as the shortcut's URLs do, to reach its later steps.
            let mut s = String::from(["", "http://a.", "https://www.b", "http://c.d/"][i % 4]);
            for _ in 0..1 + seed % 12 {
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                s.push_str(pieces[(seed >> 33) as usize % pieces.len()]);
            }
            inputs.push(s);
        }
        let mut taken = 0;
        for bits in 0..16u8 {
            let options = SurtOptions {
                include_scheme: bits & 1 != 0,
                trailing_comma: bits & 2 != 0,
                host_massage: bits & 4 == 0,
                reverse_ipaddr: bits & 8 == 0,
                canonicalizer: Canonicalizer::Ia,
            };
            for input in &inputs {
                let mut fast = String::new();
                if surt(input, &options, &mut fast) {
                    taken += 1;
                    let mut slow = String::new();
                    general(input, &options, &mut slow).unwrap();
                    assert_eq!(fast, slow, "{input:?} {options:?}");
                }
            }
        }
        // Most crawl-list lines take it.
        assert!(taken > 16 * 40_000, "{taken}");
    }
}
