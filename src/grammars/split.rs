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

/// Splits `b` by RFC 3986 Appendix B.
pub(crate) fn split(b: &[u8]) -> Split {
    let first = b
        .iter()
        .position(|&c| matches!(c, b':' | b'/' | b'?' | b'#'));
    let (scheme, mut at) = match first {
        Some(p) if p > 0 && b[p] == b':' => (Some(0..p), p + 1),
        _ => (None, 0),
    };
    let authority = if b[at..].starts_with(b"//") {
        let start = at + 2;
        let end = b[start..]
            .iter()
            .position(|&c| matches!(c, b'/' | b'?' | b'#'))
            .map_or(b.len(), |e| start + e);
        at = end;
        Some(start..end)
    } else {
        None
    };
    let path_end = b[at..]
        .iter()
        .position(|&c| matches!(c, b'?' | b'#'))
        .map_or(b.len(), |e| at + e);
    let path = at..path_end;
    let (query, fragment_start) = if b.get(path_end) == Some(&b'?') {
        let end = b[path_end..]
            .iter()
            .position(|&c| c == b'#')
            .map_or(b.len(), |e| path_end + e);
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
            [Some("http"), Some("www.ics.uci.edu"), Some("/pub/ietf/uri/"), None, Some("Related")]
        );
        assert_eq!(parts(""), [None, None, Some(""), None, None]);
        assert_eq!(parts(":a"), [None, None, Some(":a"), None, None]);
        assert_eq!(parts("a b:c d"), [Some("a b"), None, Some("c d"), None, None]);
        assert_eq!(parts("//a?b#c?d"), [None, Some("a"), Some(""), Some("b"), Some("c?d")]);
        assert_eq!(parts("x:/p?#"), [Some("x"), None, Some("/p"), Some(""), Some("")]);
        assert_eq!(parts("/a:b"), [None, None, Some("/a:b"), None, None]);
    }
}
