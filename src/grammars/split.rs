//! The split of RFC 3986 Appendix B: any string into scheme, authority, path, query and
//! fragment by the first delimiters alone, validating nothing. It is the regular expression
//! the RFC gives,
//!
//! ```text
//! ^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?
//! ```
//!
//! written as four searches. The grammars never need it (their tables split and validate in
//! one pass); it serves what must take any text: error messages that name the component of a
//! bad byte, and the crawler keys, whose references split URLs this way.

use core::ops::Range;

/// The five parts of a text by RFC 3986 Appendix B, as byte ranges without their delimiters.
/// A part whose delimiter is absent is `None`; the path is always there, possibly empty.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Split {
    pub(crate) scheme: Option<Range<usize>>,
    pub(crate) authority: Option<Range<usize>>,
    pub(crate) path: Range<usize>,
    pub(crate) query: Option<Range<usize>>,
    pub(crate) fragment: Option<Range<usize>>,
}

const COLON: u8 = 1;
const SLASH: u8 = 2;
const QUESTION: u8 = 4;
const HASH: u8 = 8;

/// Each byte's delimiter bit: one table lookup a byte where four compares would be.
static DELIMITER: [u8; 256] = {
    let mut t = [0u8; 256];
    t[b':' as usize] = COLON;
    t[b'/' as usize] = SLASH;
    t[b'?' as usize] = QUESTION;
    t[b'#' as usize] = HASH;
    t
};

/// The first byte of `b` from `from` on that is one of the delimiters `set`, or `b.len()`.
fn find(b: &[u8], from: usize, set: u8) -> usize {
    b[from..]
        .iter()
        .position(|&c| DELIMITER[usize::from(c)] & set != 0)
        .map_or(b.len(), |p| from + p)
}

/// Splits `b` by RFC 3986 Appendix B.
pub(crate) fn split(b: &[u8]) -> Split {
    let first = find(b, 0, COLON | SLASH | QUESTION | HASH);
    let (scheme, mut at) = if first > 0 && b.get(first) == Some(&b':') {
        (Some(0..first), first + 1)
    } else {
        (None, 0)
    };
    let authority = if b[at..].starts_with(b"//") {
        let start = at + 2;
        at = find(b, start, SLASH | QUESTION | HASH);
        Some(start..at)
    } else {
        None
    };
    let path_end = find(b, at, QUESTION | HASH);
    let path = at..path_end;
    let (query, fragment_start) = if b.get(path_end) == Some(&b'?') {
        let end = find(b, path_end, HASH);
        (Some(path_end + 1..end), end)
    } else {
        (None, path_end)
    };
    let fragment = (fragment_start < b.len()).then(|| fragment_start + 1..b.len());
    Split {
        scheme,
        authority,
        path,
        query,
        fragment,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parts(s: &str) -> [Option<&str>; 5] {
        let p = split(s.as_bytes());
        let get = |r: Option<Range<usize>>| r.map(|r| &s[r]);
        [
            get(p.scheme),
            get(p.authority),
            Some(&s[p.path]),
            get(p.query),
            get(p.fragment),
        ]
    }

    #[test]
    fn the_rfcs_example_and_edges() {
        // RFC 3986 Appendix B's own example.
        assert_eq!(
            parts("http://www.ics.uci.edu/pub/ietf/uri/#Related"),
            [
                Some("http"),
                Some("www.ics.uci.edu"),
                Some("/pub/ietf/uri/"),
                None,
                Some("Related")
            ]
        );
        assert_eq!(parts(""), [None, None, Some(""), None, None]);
        assert_eq!(parts(":a"), [None, None, Some(":a"), None, None]);
        assert_eq!(
            parts("a b:c d"),
            [Some("a b"), None, Some("c d"), None, None]
        );
        assert_eq!(
            parts("//a?b#c?d"),
            [None, Some("a"), Some(""), Some("b"), Some("c?d")]
        );
        assert_eq!(
            parts("x:/p?#"),
            [Some("x"), None, Some("/p"), Some(""), Some("")]
        );
        assert_eq!(parts("/a:b"), [None, None, Some("/a:b"), None, None]);
    }
}
