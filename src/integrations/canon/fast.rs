//! The SURT of the commonest URL in one pass: `http` or `https`, a plain host, a path with
//! nothing to decode, resolve or strip, no fragment, and a query (if any) without session ids
//! (most lines of crawl lists). For such a URL every step of the reference but four leaves it
//! as it is: the host's `www.` goes, path and query are lowercased, the path loses a trailing
//! `/`, the query's arguments are sorted. The general steps
//! ([`super::surt_into`]) give the same key; the tests below compare the two on every corpus
//! line and on generated text.

use alloc::string::String;

use super::google::{has_pair, needs_resolving};
use super::holds::Holds;
use super::ia::www_prefix;
use super::SurtOptions;

/// Appends the SURT of `url` to `out` if `url` has the common shape, and says whether it did
/// (with the default canonicalizer; the other options are written as the general path writes
/// them).
pub(super) fn surt(url: &str, options: &SurtOptions, out: &mut String) -> bool {
    let (scheme, rest) = if let Some(rest) = url.strip_prefix("https://") {
        ("https", rest)
    } else if let Some(rest) = url.strip_prefix("http://") {
        ("http", rest)
    } else {
        return false;
    };
    let holds = Holds::of(rest.as_bytes());
    // Nothing to decode or escape (no `%`, space, control, `#` or non-ASCII: so no fragment
    // and no whitespace to strip), no `(` of an ASP.NET session id.
    if holds.escape() || holds.paren() {
        return false;
    }
    // The text is ASCII: every cut below is on a character boundary.
    let question = if holds.question() {
        rest.bytes().position(|b| b == b'?')
    } else {
        None
    };
    let (rest, query) = match question {
        Some(q) => (&rest[..q], Some(&rest[q + 1..]).filter(|q| !q.is_empty())),
        None => (rest, None),
    };
    // A query without session ids, of at most 64 arguments (sorted on the stack below).
    let args = query.map_or(0, |q| 1 + q.bytes().filter(|&b| b == b'&').count());
    if args > MAX_ARGS
        || query.is_some_and(|q| {
            has_pair(q.as_bytes(), |a, b| {
                (a | 0x20) == b'i' && (b | 0x20) == b'd'
            })
        })
    {
        return false;
    }
    let Some(host_end) = plain_name_end(rest.as_bytes()) else {
        return false;
    };
    let (host, path) = rest.split_at(host_end);
    if !path.is_empty() && needs_resolving(&path.as_bytes()[1..]) {
        return false;
    }
    if options.include_scheme {
        out.push_str(scheme);
        out.push_str("://(");
    }
    let mut labels = &host[if options.host_massage {
        www_prefix(host.as_bytes())
    } else {
        0
    }..];
    while let Some(dot) = labels.bytes().rposition(|c| c == b'.') {
        out.push_str(&labels[dot + 1..]);
        out.push(',');
        labels = &labels[..dot];
    }
    out.push_str(labels);
    if options.trailing_comma {
        out.push(',');
    }
    out.push(')');
    let path = match path.len() {
        0 => "/",
        1 => path,
        _ => path.strip_suffix('/').unwrap_or(path),
    };
    let at = out.len();
    out.push_str(path);
    if let Some(q) = query {
        out.push('?');
        if args == 1 {
            out.push_str(q);
        } else {
            write_sorted(q, args, holds.upper(), out);
        }
    }
    if holds.upper() {
        out[at..].make_ascii_lowercase();
    }
    true
}

/// The most arguments a query of the shortcut has.
const MAX_ARGS: usize = 64;

/// `query`'s `&`-separated arguments, lowercased, sorted as the reference sorts them (by name,
/// then value, an argument without `=` first), written to `out`.
fn write_sorted(query: &str, args: usize, upper: bool, out: &mut String) {
    // Lowercased in place in `out`, then sorted by their places there.
    let at = out.len();
    out.push_str(query);
    if upper {
        out[at..].make_ascii_lowercase();
    }
    let mut spans = [(0usize, 0usize); MAX_ARGS];
    let mut start = at;
    let mut n = 0;
    for (i, b) in out.as_bytes()[at..].iter().enumerate() {
        if *b == b'&' {
            spans[n] = (start, at + i);
            n += 1;
            start = at + i + 1;
        }
    }
    spans[n] = (start, out.len());
    n += 1;
    debug_assert_eq!(n, args);
    let text = out.as_bytes();
    let arg = |&(s, e): &(usize, usize)| -> (&[u8], Option<&[u8]>) {
        let a = &text[s..e];
        match a.iter().position(|&b| b == b'=') {
            Some(eq) => (&a[..eq], Some(&a[eq + 1..])),
            None => (a, None),
        }
    };
    let spans = &mut spans[..n];
    spans.sort_unstable_by(|x, y| arg(x).cmp(&arg(y)));
    // Written after the query's own bytes, then moved over them.
    let sorted: String = {
        let mut w = String::with_capacity(query.len());
        for (i, &(s, e)) in spans.iter().enumerate() {
            if i > 0 {
                w.push('&');
            }
            w.push_str(&out[s..e]);
        }
        w
    };
    out.truncate(at);
    out.push_str(&sorted);
}

/// Where a plain host name at the start of `rest` ends (at its `/` or the end), if it is
/// one: [`is_plain_name`]'s test, fused with the search for the end.
fn plain_name_end(rest: &[u8]) -> Option<usize> {
    let (mut prev, mut letter) = (b'.', false);
    for (i, &b) in rest.iter().enumerate() {
        match b {
            b'a'..=b'z' => letter = true,
            b'0'..=b'9' | b'-' => {}
            b'.' if prev != b'.' => {}
            b'/' => return (letter && prev != b'.').then_some(i),
            _ => return None,
        }
        prev = b;
    }
    (letter && prev != b'.').then_some(rest.len())
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
    fn plain_name_end_is_is_plain_name() {
        for rest in [
            "a.b/c", "a.b", "a..b/", ".a/", "a./", "1.2/", "a_b/", "/", "", "ab/cd/",
        ] {
            let end = rest.find('/').unwrap_or(rest.len());
            let want = super::super::google::is_plain_name(&rest.as_bytes()[..end]).then_some(end);
            assert_eq!(plain_name_end(rest.as_bytes()), want, "{rest}");
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
        ];
        let mut seed = 7u64;
        for _ in 0..200_000 {
            let mut s = String::new();
            for _ in 0..1 + seed % 8 {
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
