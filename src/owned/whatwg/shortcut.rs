//! The common case without the state machine: a URL that is already in the standard's
//! serialized form, which the basic URL parser would give back unchanged. Most links a crawler
//! meets are (`https://example.com/a/b?q=1`). RFC 3986's parser (the table-driven one) finds
//! the components; a few checks say that the standard would change none of them; the href is
//! then the input, copied once, and its offsets the parse's.
//!
//! Anything else goes to the state machine: a scheme that is not http(s), ws(s) or ftp (file
//! URLs and opaque paths have quirks of their own), userinfo (whose set encodes sub-delims),
//! upper case in the scheme or host, a `%` in the host, a host that ends in a number (an IPv4
//! address to rewrite), an IP literal, an empty or default port, an empty path, a dot segment
//! (`.`, `..`, `%2e` and their kin), a `'` in the query (the special-query set encodes it).
//! `tests/whatwg.rs` checks, on every corpus line and test input, that whenever this takes an
//! input the result is exactly the state machine's.

use alloc::string::String;

use super::{Offsets, Url};
use crate::{Component, UriRef};

/// The URL of `input` if it is in the standard's serialized form (see the module's docs);
/// `None` sends it to the state machine.
pub(super) fn serialized(input: &str) -> Option<Url> {
    let uri = UriRef::parse_uri(input).ok()?;
    let scheme = uri.scheme()?;
    // The special schemes with a default port: file URLs have quirks of their own.
    let default = u32::from(super::parser::special_port(scheme).flatten()?);
    if uri.userinfo().is_some() {
        return None;
    }
    let host = uri.span(Component::Host)?;
    let h = &input.as_bytes()[host.clone()];
    if h.is_empty()
        || h.iter()
            .any(|&b| b.is_ascii_uppercase() || b == b'%' || b == b'[')
        || super::host::ends_in_a_number(&input[host.clone()])
    {
        return None;
    }
    let port = match uri.port() {
        None => None,
        Some(p) => {
            if p.is_empty() || p.starts_with('0') || p.len() > 5 {
                return None;
            }
            let n: u32 = p.parse().ok()?;
            if n > 0xFFFF || n == default {
                return None;
            }
            Some(n as u16)
        }
    };
    let path = uri.span(Component::Path)?;
    if path.is_empty() || has_dot_segment(&input[path.clone()]) {
        return None;
    }
    if uri.query().is_some_and(|q| q.contains('\'')) {
        return None;
    }
    let scheme_end = scheme.len() as u32;
    let host_start = host.start as u32;
    let query_start = uri.span(Component::Query).map(|q| q.start as u32 - 1);
    let fragment_start = uri.span(Component::Fragment).map(|f| f.start as u32 - 1);
    Some(Url {
        href: String::from(input),
        o: Offsets {
            scheme_end,
            username_start: host_start,
            username_end: host_start,
            host_start,
            host_end: host.end as u32,
            port,
            path_start: path.start as u32,
            query_start,
            fragment_start,
            has_host: true,
            opaque_path: false,
        },
    })
}

/// Whether a path has a segment the path state reads as `.` or `..` (`%2e` is a dot there):
/// the literal ones by resolution's word-at-a-time search, the percent-encoded ones, rarer
/// still, only where the path has a `%`.
fn has_dot_segment(path: &str) -> bool {
    if crate::ops::dot_segments::has_dot_segment(path) {
        return true;
    }
    let p = path.as_bytes();
    p.contains(&b'%')
        && p.iter().enumerate().any(|(i, &b)| {
            (b == b'.' || b == b'%')
                && (i == 0 || p[i - 1] == b'/')
                && path[i..]
                    .split('/')
                    .next()
                    .is_some_and(super::parser::is_dot_segment)
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::owned::whatwg::parser::{Input, Record, Reporter};
    use std::{format, fs, vec::Vec};

    /// The state machine alone (as a parse with a report runs it).
    fn by_state_machine(input: &str) -> Option<Url> {
        let mut none = Reporter { f: None };
        let input = Input::new(input, true, &mut none);
        let mut record = Record::default();
        super::super::parser::parse(&input, None, &mut record, None, &mut none).ok()?;
        Some(Url::from_record(&record))
    }

    /// Every input the shortcut takes, of every corpus line and test input, and of variants
    /// of each that meet its checks one by one: exactly the state machine's URL, href and
    /// offsets. And it takes most of the real URLs.
    #[test]
    fn the_shortcut_is_the_state_machine() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/corpora/");
        let mut inputs: Vec<String> = Vec::new();
        for name in [
            "ada_kasztp.txt",
            "ada_node_files.txt",
            "ada_isaacs_files.txt",
            "apache_referers.txt",
            "wpt_urltestdata_inputs.txt",
        ] {
            let bytes = fs::read(format!("{dir}{name}")).unwrap();
            inputs.extend(String::from_utf8_lossy(&bytes).lines().map(String::from));
        }
        for extra in [
            "http://h/.well-known/x",
            "http://h/%2E/x",
            "http://h/a/.%2e/b",
            "http://h:0/",
            "http://h:80/",
            "http://h:8080/",
            "http://h:/",
            "http://h:65536/",
            "http://h:00/",
            "https://h.0x/",
            "https://h.09./",
            "https://h.1a/",
            "ws://h/?a'b",
            "ftp://h/#a'b",
            "http://u@h/",
            "http://H/",
            "HTTP://h/",
            "http://h%41/",
            "http://[::1]/",
            "http://h",
            "http://h?q",
            "file:///x",
            "sc://h/",
            "http://h.example./p?q#f",
        ] {
            inputs.push(String::from(extra));
        }
        let mut taken = 0;
        for input in &inputs {
            let Some(fast) = serialized(input) else {
                continue;
            };
            taken += 1;
            let slow = by_state_machine(input).unwrap_or_else(|| panic!("{input:?}"));
            assert_eq!((&fast.href, fast.o), (&slow.href, slow.o), "{input:?}");
        }
        assert!(taken > inputs.len() / 2, "{taken} of {}", inputs.len());
    }
}
