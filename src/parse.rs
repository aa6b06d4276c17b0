//! TEMPORARY: an RFC 3986 Appendix B splitter with no validation, so that the rest of the
//! library can be written against the real `UriRef` layout. Replaced by the table-driven DFA.

use crate::uri_ref::{Layout, UriRef};
use crate::{Component, ErrorKind, ParseError};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Rule {
    UriReference,
    Uri,
    AbsoluteUri,
    RelativeRef,
}

pub(crate) fn parse(input: &str, rule: Rule) -> Result<UriRef<'_>, ParseError> {
    let b = input.as_bytes();
    let n = b.len();
    let mut l = Layout::default();
    let mut i = 0;
    // scheme: ^([^:/?#]+):
    let first_delim = b
        .iter()
        .position(|c| matches!(c, b':' | b'/' | b'?' | b'#'))
        .unwrap_or(n);
    if first_delim > 0 && first_delim < n && b[first_delim] == b':' {
        l.scheme_end = first_delim as u32;
        i = first_delim + 1;
    } else if rule != Rule::UriReference && rule != Rule::RelativeRef {
        return Err(ParseError::new(
            input,
            first_delim,
            ErrorKind::MissingScheme,
            Component::Scheme,
        ));
    }
    if b[i..].starts_with(b"//") {
        let auth_start = i + 2;
        let auth_end = b[auth_start..]
            .iter()
            .position(|c| matches!(c, b'/' | b'?' | b'#'))
            .map_or(n, |p| p + auth_start);
        let auth = &b[auth_start..auth_end];
        let host_start = auth
            .iter()
            .rposition(|&c| c == b'@')
            .map_or(auth_start, |p| auth_start + p + 1);
        let hp = &b[host_start..auth_end];
        let host_end = match hp.iter().rposition(|&c| c == b':') {
            Some(p) if !hp[p..].contains(&b']') => host_start + p,
            _ => auth_end,
        };
        l.host_start = host_start as u32;
        l.host_end = host_end as u32;
        i = auth_end;
    }
    l.path_start = i as u32;
    let path_end = b[i..]
        .iter()
        .position(|c| matches!(c, b'?' | b'#'))
        .map_or(n, |p| p + i);
    l.path_end = path_end as u32;
    let query_end = if path_end < n && b[path_end] == b'?' {
        b[path_end..]
            .iter()
            .position(|&c| c == b'#')
            .map_or(n, |p| p + path_end)
    } else {
        path_end
    };
    l.query_end = query_end as u32;
    if rule == Rule::AbsoluteUri && query_end < n {
        return Err(ParseError::new(
            input,
            query_end,
            ErrorKind::FragmentNotAllowed,
            Component::Fragment,
        ));
    }
    Ok(UriRef::from_layout(input, l))
}
