//! The Internet Archive's own canonicalization, which the `surt` package runs after Google's
//! (its `IAURLCanonicalizer`): host lowercased and `www.` dropped, the default port dropped,
//! path and query lowercased, session ids removed, the query's arguments sorted.

use alloc::borrow::Cow;
use alloc::vec::Vec;

use super::escape::{lowercase, slice};
use super::google::has_pair;
use super::handy::HandyUrl;
use super::holds::Holds;

/// `IAURLCanonicalizer.canonicalize` with its defaults (`host_massage` as given).
pub(super) fn canonicalize(url: &mut HandyUrl<'_>, host_massage: bool) {
    if let Some(host) = url.host.take() {
        let upper = Holds::within(&host, url.holds).upper();
        let mut host = if upper { lowercase(host) } else { host };
        if host_massage && !host.is_empty() && url.scheme != b"dns" {
            let n = www_prefix(&host);
            let len = host.len();
            host = slice(host, n..len);
        }
        url.host = Some(host);
    }
    let default_port = if url.scheme.eq_ignore_ascii_case(b"http") {
        Some(80)
    } else if url.scheme.eq_ignore_ascii_case(b"https") {
        Some(443)
    } else {
        None
    };
    if url.port.is_some() && url.port == default_port {
        url.port = None;
    }
    if let Some(path) = url.path.take().filter(|p| !p.is_empty()) {
        let holds = Holds::within(&path, url.holds);
        let mut path = if holds.upper() { lowercase(path) } else { path };
        if holds.paren() && path.contains(&b'(') {
            strip_path_session_id(path.to_mut());
        }
        if path.len() > 1 && path.ends_with(b"/") {
            let len = path.len();
            path = slice(path, 0..len - 1);
        }
        url.path = Some(path);
    }
    match url.query.take().filter(|q| !q.is_empty()) {
        Some(q) => {
            let mut q = q;
            let holds = Holds::within(&q, url.holds);
            // Every session-id pattern holds `id`: most queries need no search.
            if has_pair(&q, |a, b| (a | 0x20) == b'i' && (b | 0x20) == b'd') {
                strip_query_session_ids(q.to_mut());
            }
            let q = if holds.upper() { lowercase(q) } else { q };
            let q = if holds.amp() && q.contains(&b'&') {
                Cow::Owned(alpha_reorder(&q))
            } else {
                q
            };
            url.query = (!q.is_empty()).then_some(q);
        }
        None => url.last_delimiter = false,
    }
}

/// `www\d*\.` at the start, in any case: its length, or 0.
pub(super) fn www_prefix(host: &[u8]) -> usize {
    // The first four bytes at once (`www.` is four): `www.`, or no `www` (`| 0x20` lowers
    // the three letters, and makes `w` of `W` alone).
    let Some(head) = host.first_chunk::<4>() else {
        return 0;
    };
    match u32::from_le_bytes(*head) | 0x0020_2020 {
        w if w == u32::from_le_bytes(*b"www.") => 4,
        w if w & 0x00ff_ffff != u32::from_le_bytes(*b"www\0") => 0,
        _ => {
            let digits = host[3..].iter().take_while(|b| b.is_ascii_digit()).count();
            if host.get(3 + digits) == Some(&b'.') {
                4 + digits
            } else {
                0
            }
        }
    }
}

/// An argument of a query as the reference sorts it: `(name, value)`, no value without `=`
/// (so `b` sorts before `b=`).
pub(super) fn name_and_value(arg: &[u8]) -> (&[u8], Option<&[u8]>) {
    match arg.iter().position(|&b| b == b'=') {
        Some(eq) => (&arg[..eq], Some(&arg[eq + 1..])),
        None => (arg, None),
    }
}

/// `alphaReorderQuery`: the `&`-separated arguments sorted by name, then by value, an
/// argument without `=` before the same name with one (`b` < `b=`), as Python sorts the
/// tuples `(name,)` and `(name, value)`.
fn alpha_reorder(query: &[u8]) -> Vec<u8> {
    if query.len() <= 1 {
        return query.to_vec();
    }
    let mut args: Vec<(&[u8], Option<&[u8]>)> =
        query.split(|&b| b == b'&').map(name_and_value).collect();
    args.sort_unstable();
    let mut out = Vec::with_capacity(query.len());
    for (i, (name, value)) in args.iter().enumerate() {
        if i > 0 {
            out.push(b'&');
        }
        out.extend_from_slice(name);
        if let Some(value) = value {
            out.push(b'=');
            out.extend_from_slice(value);
        }
    }
    out
}

/// A step of one of the reference's session-id patterns, matched case-insensitively as its
/// regular expressions are.
enum Step {
    Literal(&'static [u8]),
    Alphanumerics(usize),
    Letters(usize),
}

/// A session-id pattern: its steps, all of fixed length.
type Pattern = &'static [Step];

const JSESSIONID: Pattern = &[Step::Literal(b"jsessionid="), Step::Alphanumerics(32)];
const PHPSESSID: Pattern = &[Step::Literal(b"phpsessid="), Step::Alphanumerics(32)];
const SID: Pattern = &[Step::Literal(b"sid="), Step::Alphanumerics(32)];
const ASPSESSIONID: Pattern = &[
    Step::Literal(b"aspsessionid"),
    Step::Letters(8),
    Step::Literal(b"="),
    Step::Letters(24),
];

fn pattern_len(pattern: Pattern) -> usize {
    pattern
        .iter()
        .map(|step| match step {
            Step::Literal(l) => l.len(),
            Step::Alphanumerics(n) | Step::Letters(n) => *n,
        })
        .sum()
}

/// Whether `s` starts with `pattern`.
fn matches_at(s: &[u8], pattern: Pattern) -> bool {
    let mut at = 0;
    for step in pattern {
        let n = match step {
            Step::Literal(l) => l.len(),
            Step::Alphanumerics(n) | Step::Letters(n) => *n,
        };
        let Some(t) = s.get(at..at + n) else {
            return false;
        };
        let ok = match step {
            Step::Literal(l) => t.eq_ignore_ascii_case(l),
            Step::Alphanumerics(_) => t.iter().all(u8::is_ascii_alphanumeric),
            Step::Letters(_) => t.iter().all(u8::is_ascii_alphabetic),
        };
        if !ok {
            return false;
        }
        at += n;
    }
    true
}

/// `^(.*)(?:PATTERN)(?:&(.*))?$` with a pattern of fixed length: the last place the pattern
/// matches and ends at `&` or the end. Only the places that far before an `&` or the end can,
/// so the search is linear.
fn last_fixed(q: &[u8], pattern: Pattern) -> Option<(usize, usize)> {
    let len = pattern_len(pattern);
    let ends = core::iter::once(q.len()).chain(
        q.iter()
            .enumerate()
            .rev()
            .filter(|&(_, &b)| b == b'&')
            .map(|(i, _)| i),
    );
    ends.filter(|&end| end >= len)
        .map(|end| end - len)
        .find(|&p| matches_at(&q[p..], pattern))
        .map(|p| (p, p + len))
}

/// `cfid=[^&]+&cftoken=[^&]+`, ending at `&` or the end: the last such place. Its two runs
/// reach the next `&` (nothing shorter can be followed by what follows), so within one
/// `&`-separated argument every `cfid=` has the same end: one test per argument.
fn last_cfid(q: &[u8]) -> Option<(usize, usize)> {
    let mut arg_end = q.len();
    loop {
        let arg_start = q[..arg_end]
            .iter()
            .rposition(|&b| b == b'&')
            .map_or(0, |p| p + 1);
        // The next argument must be `cftoken=` and a non-empty value.
        let token_end = (arg_end < q.len())
            .then(|| {
                let next = &q[arg_end + 1..];
                let n = next.iter().position(|&b| b == b'&').unwrap_or(next.len());
                let token = &next[..n];
                (token.len() > 8 && token[..8].eq_ignore_ascii_case(b"cftoken="))
                    .then_some(arg_end + 1 + n)
            })
            .flatten();
        if let Some(end) = token_end {
            // The last `cfid=` of this argument with a non-empty value after it.
            let arg = &q[arg_start..arg_end];
            if let Some(p) = (0..arg.len().saturating_sub(5))
                .rev()
                .find(|&p| arg[p..p + 5].eq_ignore_ascii_case(b"cfid="))
            {
                return Some((arg_start + p, end));
            }
        }
        if arg_start == 0 {
            return None;
        }
        arg_end = arg_start - 1;
    }
}

/// `stripQuerySessionID`: each pattern in turn removes its last match; the text before it
/// and the arguments after it stay (`a=1&jsessionid=...&b=2` is `a=1&b=2`).
fn strip_query_session_ids(q: &mut Vec<u8>) {
    for pattern in [JSESSIONID, PHPSESSID, SID, ASPSESSIONID] {
        if let Some((start, end)) = last_fixed(q, pattern) {
            remove_match(q, start, end);
        }
    }
    if let Some((start, end)) = last_cfid(q) {
        remove_match(q, start, end);
    }
}

/// Whether [`strip_query_session_ids`] would change `q`: whether a pattern matches it.
pub(super) fn query_has_session_id(q: &[u8]) -> bool {
    [JSESSIONID, PHPSESSID, SID, ASPSESSIONID]
        .into_iter()
        .any(|pattern| last_fixed(q, pattern).is_some())
        || last_cfid(q).is_some()
}

/// Keeps what is before `start` and what follows the `&` at `end`.
fn remove_match(q: &mut Vec<u8>, start: usize, end: usize) {
    let after = (end + 1).min(q.len());
    q.drain(start..after);
}

/// `stripPathSessionID`: `/(x(24 alphanumerics)...)/` or `/(24 alphanumerics)/` before a
/// path with `.aspx` in it (ASP.NET's cookieless session ids) removed, at its last place.
fn strip_path_session_id(path: &mut Vec<u8>) {
    for multi in [true, false] {
        if let Some((start, end)) = last_path_session(path, multi) {
            path.drain(start..end);
        }
    }
}

/// Whether [`strip_path_session_id`] would change `path`.
pub(super) fn path_has_session_id(path: &[u8]) -> bool {
    path.contains(&b'(')
        && (last_path_session(path, true).is_some() || last_path_session(path, false).is_some())
}

/// `^(.*/)(CHUNK/)([^?]+\.aspx.*)$`: the chunk right after the last `/` where it matches and
/// is followed by at least one byte, then `.aspx` before any `?`.
fn last_path_session(path: &[u8], multi: bool) -> Option<(usize, usize)> {
    let alnum24 = |s: &[u8]| s.len() >= 24 && s[..24].iter().all(u8::is_ascii_alphanumeric);
    // The chunk at `s` (just after a `/`): its end, after its own `/`.
    let chunk = |s: &[u8]| -> Option<usize> {
        if s.first() != Some(&b'(') {
            return None;
        }
        let mut at = 1;
        if multi {
            let mut units = 0;
            while s.get(at).is_some_and(u8::is_ascii_alphabetic)
                && s.get(at + 1) == Some(&b'(')
                && alnum24(s.get(at + 2..)?)
                && s.get(at + 26) == Some(&b')')
            {
                at += 27;
                units += 1;
            }
            if units == 0 {
                return None;
            }
        } else {
            if !alnum24(&s[at..]) {
                return None;
            }
            at += 24;
        }
        (s.get(at) == Some(&b')') && s.get(at + 1) == Some(&b'/')).then_some(at + 2)
    };
    let mut candidates = path
        .iter()
        .enumerate()
        .rev()
        .filter(|&(_, &b)| b == b'/')
        .filter_map(|(slash, _)| chunk(&path[slash + 1..]).map(|n| (slash + 1, slash + 1 + n)))
        .peekable();
    candidates.peek()?;
    // `.aspx` places and `?` places, ascending, for the test of each candidate.
    let aspx: Vec<usize> = (0..path.len().saturating_sub(4))
        .filter(|&i| path[i..i + 5].eq_ignore_ascii_case(b".aspx"))
        .collect();
    let question: Vec<usize> = (0..path.len()).filter(|&i| path[i] == b'?').collect();
    candidates.find(|&(_, end)| {
        let stop = question[question.partition_point(|&q| q < end)..]
            .first()
            .copied()
            .unwrap_or(path.len());
        aspx[aspx.partition_point(|&a| a < end + 1)..]
            .first()
            .is_some_and(|&a| a < stop)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::format;
    use alloc::string::String;

    fn q(s: &str) -> String {
        let mut v = s.as_bytes().to_vec();
        strip_query_session_ids(&mut v);
        String::from_utf8(v).unwrap()
    }

    #[test]
    fn query_session_ids() {
        let id = "0123456789abcdef0123456789ABCDEF";
        assert_eq!(q(&format!("a=1&jsessionid={id}&b=2")), "a=1&b=2");
        assert_eq!(q(&format!("a=1&JSESSIONID={id}")), "a=1&");
        assert_eq!(q(&format!("jsessionid={id}x")), format!("jsessionid={id}x"));
        assert_eq!(q(&format!("phpsessid={id}&x")), "x");
        assert_eq!(q(&format!("mysid={id}")), "my");
        assert_eq!(q("ASPSESSIONIDabcdefgh=abcdefghijklmnopqrstuvwx&z"), "z");
        assert_eq!(q("a&cfid=1&cftoken=2&b"), "a&b");
        assert_eq!(q("cfid=cfid=1&cftoken=2"), "cfid=");
        assert_eq!(q("cfid=1&cftoken="), "cfid=1&cftoken=");
    }

    #[test]
    fn path_session_ids() {
        let p = |s: &str| {
            let mut v = s.as_bytes().to_vec();
            strip_path_session_id(&mut v);
            String::from_utf8(v).unwrap()
        };
        let id = "abcdefghijklmnopqrstuvwx";
        assert_eq!(p(&format!("/x/({id})/page.aspx")), "/x/page.aspx");
        assert_eq!(
            p(&format!("/x/(s({id})f({id}))/a/page.aspx?q")),
            "/x/a/page.aspx?q"
        );
        assert_eq!(
            p(&format!("/x/({id})/page.html")),
            format!("/x/({id})/page.html")
        );
        assert_eq!(p(&format!("/x/({id})/.aspx")), format!("/x/({id})/.aspx"));
    }

    /// `www\d*\.` by its definition, on every string of a small alphabet up to six bytes.
    #[test]
    fn www_prefix_is_its_regex() {
        let alphabet = b"wW.1x";
        for len in 0..=6u32 {
            for mut n in 0..alphabet.len().pow(len) {
                let mut s = alloc::vec::Vec::new();
                for _ in 0..len {
                    s.push(alphabet[n % alphabet.len()]);
                    n /= alphabet.len();
                }
                let digits = s.iter().skip(3).take_while(|b| b.is_ascii_digit()).count();
                let want = if s.len() > 3 + digits
                    && s[..3].eq_ignore_ascii_case(b"www")
                    && s[3 + digits] == b'.'
                {
                    4 + digits
                } else {
                    0
                };
                assert_eq!(www_prefix(&s), want, "{s:?}");
            }
        }
    }

    #[test]
    fn arguments_sort_as_python_tuples() {
        let r = |s: &str| String::from_utf8(alpha_reorder(s.as_bytes())).unwrap();
        assert_eq!(r("a=2&b&a=1"), "a=1&a=2&b");
        assert_eq!(r("b=&b&a"), "a&b&b=");
        assert_eq!(r("x"), "x");
    }
}
