//! The common case without the state machine: a URL that is already in the standard's
//! serialized form, which the basic URL parser would give back unchanged. Most links a crawler
//! meets are (`https://example.com/a/b?q=1`), and so are most file URLs a build tool or a
//! module loader meets (`file:///home/me/src/a.js`) and most URLs of other schemes
//! (`mailto:a@b`, `node:fs`, `sc://host/p`). RFC 3986's parser (the table-driven one) finds the
//! components; a few checks say that the standard would change none of them; the href is then
//! the input, copied once, and its offsets the parse's. Two rewrites are made on the way: a
//! special URL without a path (`https://example.com`, `http://h?q`) gets the `/` the path start
//! state writes, and a `'` in a special URL's query becomes `%27` (the special-query set). A
//! link resolved against a page (`Url::join`) is RFC 3986's resolution of it followed by the
//! same checks of the target (see [`joined`]).
//!
//! Anything else goes to the state machine: userinfo (whose set encodes sub-delims), upper case
//! in the scheme or host, a `%` in a special URL's host, a host that ends in a number (an IPv4
//! address to rewrite), an IP literal, an empty port or one the standard rewrites (leading
//! zeros, the default), a dot segment (`.`, `..`, `%2e` and their kin), and in a file URL a
//! port, the host `localhost` or a path that starts with a Windows drive letter. Everything
//! RFC 3986 refuses (a space, `\`, `|`, a non-ASCII character) never gets here. The unit tests
//! below check, on every corpus line, Common Crawl link and test input and on generated
//! inputs, that whenever this takes an input the result is exactly the state machine's.

use alloc::string::String;

use super::{Offsets, Url};
use crate::{Component, UriRef};

/// The URL of `input` if it is in the standard's serialized form (see the module's docs),
/// or is but for the two things the standard writes that RFC 3986 leaves alone (see
/// [`Rewrite`]); `None` sends it to the state machine.
pub(super) fn serialized(input: &str) -> Option<Url> {
    let (o, rewrite) = offsets(input)?;
    let mut href = String::with_capacity(input.len() + usize::from(rewrite.slash));
    href.push_str(input);
    Some(finish(href, o, rewrite))
}

/// What the standard writes into a URL that is otherwise in serialized form.
#[derive(Clone, Copy)]
pub(super) struct Rewrite {
    /// The `/` of a special URL's empty path (`http://h`, `https://h?q`: the path start state).
    slash: bool,
    /// `'` in a special URL's query, which the special-query percent-encode set encodes.
    quotes: bool,
}

/// The URL of `href` with its offsets `o`, rewritten as `rewrite` says.
#[inline]
fn finish(mut href: String, mut o: Offsets, rewrite: Rewrite) -> Url {
    if rewrite.slash {
        href.insert(o.path_start as usize, '/');
        o.query_start = o.query_start.map(|q| q + 1);
        o.fragment_start = o.fragment_start.map(|f| f + 1);
    }
    if let (true, Some(q)) = (rewrite.quotes, o.query_start) {
        // One new string, the query's pieces between quotes joined by "%27".
        let (q, end) = (
            q as usize,
            o.fragment_start.map_or(href.len(), |f| f as usize),
        );
        let mut out = String::with_capacity(href.len() + 16);
        out.push_str(&href[..q]);
        for (k, piece) in href[q..end].split('\'').enumerate() {
            if k > 0 {
                out.push_str("%27");
            }
            out.push_str(piece);
        }
        o.fragment_start = o.fragment_start.map(|f| f + (out.len() - end) as u32);
        out.push_str(&href[end..]);
        href = out;
    }
    Url { href, o }
}

/// The offsets of `input`'s parts if it is in the standard's serialized form, its own href
/// (nothing allocated: what `can_parse` asks), and what the standard writes into it besides.
#[inline]
pub(super) fn offsets(input: &str) -> Option<(Offsets, Rewrite)> {
    let uri = UriRef::parse_uri(input).ok()?;
    let scheme = uri.scheme()?;
    if uri.userinfo().is_some() {
        return None;
    }
    // The scheme's kind: special with a default port, file, or neither (a special scheme is
    // matched in lower case, any other checked for upper case).
    let special = super::record::special_port(scheme);
    if special.is_none() && scheme.bytes().any(|b| b.is_ascii_uppercase()) {
        return None;
    }
    let file = special == Some(None);
    let host = uri.span(Component::Host);
    let port = match (&host, special) {
        (None, Some(_)) => return None,
        (None, None) => None,
        (Some(host), _) => {
            let h = &input.as_bytes()[host.clone()];
            if h.first() == Some(&b'[') {
                return None;
            }
            if special.is_some()
                && (has_upper_or_percent(h) || super::host::ends_in_a_number(&input[host.clone()]))
            {
                return None;
            }
            if (h.is_empty() && special.is_some() && !file) || (file && h == b"localhost") {
                return None;
            }
            match uri.port() {
                None => None,
                // An empty host has no port; a file URL never has one.
                Some(_) if file || h.is_empty() => return None,
                Some(p) => Some(port(p, special.flatten())?),
            }
        }
    };
    let path = uri.span(Component::Path)?;
    let p = &input[path.clone()];
    if has_dot_segment(p) {
        return None;
    }
    // A path that starts "/" (without a host) or "//" is a list; any other has no host and is
    // opaque, kept as it is.
    let opaque_path = host.is_none() && !p.starts_with('/');
    if file && starts_with_drive_letter(p) {
        return None;
    }
    let scheme_end = scheme.len() as u32;
    let at = host.as_ref().map_or(scheme_end + 1, |h| h.start as u32);
    let query_start = uri.span(Component::Query).map(|q| q.start as u32 - 1);
    let fragment_start = uri.span(Component::Fragment).map(|f| f.start as u32 - 1);
    let o = Offsets {
        scheme_end,
        username_start: at,
        username_end: at,
        host_start: at,
        host_end: host.as_ref().map_or(at, |h| h.end as u32),
        port,
        path_start: path.start as u32,
        query_start,
        fragment_start,
        has_host: host.is_some(),
        opaque_path,
    };
    let rewrite = Rewrite {
        slash: special.is_some() && p.is_empty(),
        quotes: special.is_some() && uri.query().is_some_and(|q| q.contains('\'')),
    };
    Some((o, rewrite))
}

/// `input` parsed against `base` when RFC 3986's resolution (§5.2) gives the standard's URL:
/// when the base is an http(s), ws(s) or ftp URL and the target RFC 3986 builds is in the
/// standard's serialized form. Over a base with a host, the two resolutions take the same
/// steps for an RFC 3986 reference: the same merge with the base's path up to its last `/`,
/// the same removal of `.` and `..`, the same inheritance of query and fragment; what differs
/// (`\`, a special scheme without `//` such as `http:g`, `%2e` as a dot, a host to rewrite)
/// either fails RFC 3986's grammar or leaves a target outside the serialized form, and goes
/// to the state machine. File URLs (a base's drive letter) and the other schemes (a base
/// without a host, an opaque path) always do. A reference with a scheme is taken as a URL
/// of its own, as the standard takes it.
pub(super) fn joined(base: &Url, input: &str) -> Option<Url> {
    // A special scheme with a default port: every one but file.
    super::record::special_port(base.scheme()).flatten()?;
    // A reference with a scheme (its first delimiter a ':', which a relative reference's first
    // segment cannot hold) is a URL of its own, the base aside: RFC 3986 would still remove
    // its dot segments (§5.2.2), which the standard keeps in an opaque path (`sc:..`).
    let first = input
        .bytes()
        .find(|b| matches!(b, b':' | b'/' | b'?' | b'#'));
    if first == Some(b':') {
        return serialized(input);
    }
    // A `%2e` segment is a dot to the standard and text to RFC 3986, whose `..` after it would
    // remove it where the standard removes the segment before.
    if has_encoded_dot_segment(input) {
        return None;
    }
    let base_text = base.as_str();
    let base = UriRef::parse_uri(base_text).ok()?;
    // Room for the longest target: the base's text and the reference's, and a '/'.
    let mut href = String::with_capacity(base_text.len() + input.len() + 1);
    base.join_into(input, &mut href).ok()?;
    let (o, rewrite) = offsets(&href)?;
    Some(finish(href, o, rewrite))
}

/// Whether a reference's path has a segment that is a dot segment only to the standard
/// (`%2e`, `.%2E`, ...): looked for only in a reference with a `%` (few).
fn has_encoded_dot_segment(reference: &str) -> bool {
    reference.as_bytes().contains(&b'%')
        && reference
            .split(['?', '#'])
            .next()
            .unwrap_or("")
            .split('/')
            .any(|segment| segment.contains('%') && super::record::is_dot_segment(segment))
}

/// A port the standard keeps as written: digits without a leading zero, at most 65535 and not
/// the scheme's default.
fn port(digits: &str, default: Option<u16>) -> Option<u16> {
    if digits.starts_with('0') {
        return None;
    }
    let n = crate::grammars::accessors::port_number(digits)?;
    (Some(n) != default).then_some(n)
}

/// Whether a file URL's path starts with a segment of two code points that is a Windows drive
/// letter (`/C:`): the file states have quirks for them, left to the state machine.
fn starts_with_drive_letter(path: &str) -> bool {
    let p = path.as_bytes();
    p.len() >= 3
        && p[0] == b'/'
        && p[1].is_ascii_alphabetic()
        && p[2] == b':'
        && matches!(p.get(3), None | Some(b'/' | b'?' | b'#'))
}

/// Whether a path has a segment the path state reads as `.` or `..` (`%2e` is a dot there).
/// Each starts the path or follows a `/`, and starts with `.` or `%`: a path without such a
/// start (most) costs one vector scan for the pairs `/.` and `/%`.
fn has_dot_segment(path: &str) -> bool {
    let p = path.as_bytes();
    (matches!(p.first(), Some(b'.' | b'%')) || crate::ops::dot_segments::has_slash_pair::<b'%'>(p))
        && path.split('/').any(super::record::is_dot_segment)
}

/// Whether a special URL's host (ASCII, as RFC 3986 has it) holds an upper-case letter or a
/// `%`, which the host parser rewrites: sixteen bytes a step.
fn has_upper_or_percent(host: &[u8]) -> bool {
    let mut blocks = host.chunks_exact(16);
    let hit = |block: &[u8; 16]| {
        let mut any = 0u8;
        for &b in block {
            any |= u8::from(b.wrapping_sub(b'A') < 26) | u8::from(b == b'%');
        }
        any != 0
    };
    for block in &mut blocks {
        if hit(block.try_into().unwrap_or(&[0; 16])) {
            return true;
        }
    }
    let mut last = [0u8; 16];
    last[..blocks.remainder().len()].copy_from_slice(blocks.remainder());
    hit(&last)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::{format, fs, vec::Vec};

    /// The state machine alone: a parse with a report runs it.
    fn by_state_machine(input: &str) -> Option<Url> {
        Url::parse_with_report(input, None, |_| {}).ok()
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
            "http://h/%2e%2E/b",
            "http://h/a/%2e",
            "http://h/a/%2ex",
            "http://h/%41",
            "http://abcdefghijklmnopqrstuvwxyZ.example/",
            "http://abcdefghijklmnopqrstuvwxyz%41.example/",
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
            "http://h?a'b'#c'd",
            "https://h/p?'",
            "sc://h/?a'b",
            "ftp://h/#a'b",
            "http://u@h/",
            "http://H/",
            "HTTP://h/",
            "http://h%41/",
            "http://[::1]/",
            "http://h",
            "http://h?q",
            "file:///x",
            "file://h/x",
            "file://H/x",
            "file://localhost/x",
            "file://h:1/x",
            "file:///C:/x",
            "file:///C:",
            "file://h/C:/x",
            "file:////x",
            "file:///",
            "file://",
            "file://1.2.3.4/x",
            "file:///x?a'b",
            "file://h.0x/x",
            "sc://h/",
            "sc://h",
            "sc://H/",
            "sc://h%41/",
            "sc://1.2.3.4/",
            "sc://h:0/",
            "sc://h:08/",
            "sc://h:65535/",
            "sc://h:65536/",
            "sc://h:/",
            "sc://[::1]/",
            "sc:///p",
            "sc://",
            "sc://:12/",
            "sc:",
            "sc:?q'",
            "sc:/",
            "sc:/a//b",
            "sc:a/./b",
            "sc:/a/./b",
            "sc://h/a/../b",
            "sc:./x",
            "mailto:a@b.example?subject=x#f",
            "node:fs",
            "javascript:void(0)",
            "data:text/plain,a",
            "Sc:x",
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

    /// Every pair the join shortcut takes, of the Common Crawl links, the tests' inputs with
    /// a base, and references of every kind against bases of every kind: exactly the state
    /// machine's URL, href and offsets. And it takes most of the real links.
    #[test]
    fn the_join_shortcut_is_the_state_machine() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/corpora/");
        let links = fs::read_to_string(format!("{dir}commoncrawl_relative_10k.csv")).unwrap();
        let mut pairs: Vec<(String, String)> = links
            .lines()
            .skip(1)
            .filter_map(|l| l.split_once(','))
            .map(|(b, r)| (String::from(b), String::from(r)))
            .collect();
        let crawled = pairs.len();
        let bases = [
            "http://a/b/c/d;p?q",
            "https://h.example/",
            "https://h.example",
            "http://h:8080/a/b/",
            "http://u:p@h/a/b",
            "ftp://h/a/b",
            "ws://h/a?q#f",
            "http://h/a/%2e/b",
            "http://h//a",
            "file:///C:/a/b",
            "file://h/a",
            "sc://h/a/b",
            "sc:/a/b",
            "sc:a/b",
            "mailto:x@y",
        ];
        let references = [
            "",
            "g",
            "./g",
            "g/",
            "/g",
            "//g",
            "//g/x",
            "?y",
            "g?y",
            "#s",
            "g#s",
            "g?y#s",
            ";x",
            "g;x",
            ".",
            "./",
            "..",
            "../",
            "../g",
            "../..",
            "../../",
            "../../g",
            "../../../g",
            "/./g",
            "/../g",
            "g.",
            ".g",
            "g..",
            "..g",
            "./../g",
            "./g/.",
            "g/./h",
            "g/../h",
            "g;x=1/./y",
            "g;x=1/../y",
            "g?y/./x",
            "g#s/../x",
            "http:g",
            "http:/g",
            "http://g",
            "http://G/",
            "HTTP://g/",
            "https://g/x",
            "//g:80/",
            "//g:81/",
            "//g:/",
            "//u@g/",
            "//[::1]/",
            "//1.2.3.4/",
            "//0x7f.1/",
            "%2e/g",
            "g/%2e%2e/h",
            "g/%2E",
            "a'b?c'd",
            "?'",
            "#'",
            "sc:x",
            "sc://x/y",
            "mailto:a@b",
            "javascript:void(0)",
            "file:///x",
            "file:x",
            "C:/x",
            "/C:/x",
            "C|/x",
            "a b",
            "\\g",
            "g\\h",
            " g",
            "g\t",
            "..//x",
            "../../..//x",
            "//",
            "///g",
            "g//h",
            "%41",
            "%zz",
            "~a",
            "a!$&()*+,;=:@",
        ];
        for base in bases {
            for reference in references {
                pairs.push((String::from(base), String::from(reference)));
            }
        }
        let mut taken = 0;
        let mut crawled_taken = 0;
        for (k, (base, reference)) in pairs.iter().enumerate() {
            let Ok(base) = Url::parse(base, None) else {
                continue;
            };
            let Some(fast) = joined(&base, reference) else {
                continue;
            };
            taken += 1;
            crawled_taken += usize::from(k < crawled);
            let slow = base
                .join_by_state_machine(reference)
                .unwrap_or_else(|e| panic!("{reference:?} against {base:?}: {e}"));
            assert_eq!(
                (&fast.href, fast.o),
                (&slow.href, slow.o),
                "{reference:?} against {base:?}"
            );
        }
        assert!(
            crawled_taken * 10 > crawled * 9,
            "{crawled_taken} of {crawled}"
        );
        assert!(taken > crawled_taken, "{taken}");
    }

    /// Generated inputs, alone and against bases of every kind, from pieces that meet the
    /// shortcuts' checks and the quirks between RFC 3986 and the standard (dot segments
    /// plain and encoded, opaque paths, hosts to rewrite, ports, `\`, spaces): parse and
    /// `join` by the shortcuts, and `can_parse`, agree with the state machine (a parse with a
    /// report runs it alone), href and offsets.
    #[test]
    fn the_shortcuts_agree_with_the_state_machine_on_generated_inputs() {
        let starts = [
            "http://", "https://", "file://", "file:///", "sc://", "sc:", "HTTP://", "ws://",
            "ftp://", "", "mailto:", "http:", "file:", "//", "/", "?", "#",
        ];
        let pieces = [
            "",
            "/",
            "//",
            ".",
            "..",
            "%2e",
            "%2E",
            ".%2e",
            "%2e%2e",
            "a",
            "B",
            "H",
            "?",
            "#",
            ":",
            "@",
            "h",
            "x.y",
            "0x7f",
            "1",
            "80",
            "'",
            "%41",
            "%",
            "%zz",
            "\\",
            " ",
            "\t",
            "|",
            "[",
            "]",
            "~",
            ";",
            "=",
            "&",
            "C:",
            "c|",
            "localhost",
            "xn--a",
            "-",
            "_",
            "é",
            "/./",
            "/../",
            "//h:80",
            "//h:0/",
            "//H/",
            "//u@h/",
            "http:",
            "sc:",
        ];
        let bases = [
            "http://a/b/c/d;p?q",
            "https://h.example/",
            "http://h:8080/a/b/",
            "ftp://h/a/b",
            "ws://h/a?q#f",
            "http://h//a",
            "https://x",
            "http://u:p@h/a",
            "http://1.2.3.4/",
            "http://[::1]/a/",
            "file:///C:/a/b",
            "sc://h/a",
            "sc:/a/b",
            "mailto:x",
        ];
        let bases: Vec<Url> = bases.iter().map(|b| Url::parse(b, None).unwrap()).collect();
        let mut seed: u64 = 0x9E37_79B9_7F4A_7C15;
        let mut next = |n: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n as u64) as usize
        };
        let mut taken = 0;
        for _ in 0..150_000 {
            let mut input = String::from(starts[next(starts.len())]);
            for _ in 0..next(10) {
                input.push_str(pieces[next(pieces.len())]);
            }
            let base = match next(3) {
                0 => None,
                _ => Some(&bases[next(bases.len())]),
            };
            // A parse with a report runs the state machine alone.
            let slow = Url::parse_with_report(&input, base.map(Url::as_str), |_| {}).ok();
            let fast = match base {
                Some(b) => joined(b, &input),
                None => serialized(&input),
            };
            if let Some(fast) = &fast {
                taken += 1;
                let slow = slow
                    .as_ref()
                    .unwrap_or_else(|| panic!("{input:?} against {base:?}"));
                assert_eq!(
                    (&fast.href, fast.o),
                    (&slow.href, slow.o),
                    "{input:?} against {base:?}"
                );
            }
            if base.is_none() {
                assert_eq!(
                    crate::whatwg::can_parse(&input, None),
                    slow.is_some(),
                    "{input:?}"
                );
            }
        }
        assert!(taken > 10_000, "{taken}");
    }
}
