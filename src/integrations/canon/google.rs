//! Google's URL canonicalization, twice: as the `surt` package runs it before its own steps
//! (its `GoogleURLCanonicalizer`, a port of the Internet Archive's Java port of Google's Safe
//! Browsing rules), and as Google publishes it for Safe Browsing lookups ("URLs and Hashing:
//! Canonicalization", Safe Browsing API v4). Both decode repeatedly and escape once
//! ([`escape`](super::escape)) and resolve the path the same way ([`normalize_path`]); they
//! differ where the references differ, each difference named below.

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;

use super::escape::{
    escape_once, escape_once_into, lowercase, map, minimal_escape, slice, unescape_repeatedly,
};
use super::handy::{has_scheme, HandyUrl};
use super::holds::Holds;
use crate::grammars::split::split;
use crate::owned::whatwg::host::{ends_in_a_number, ipv4, write_ipv4};
use crate::vocab::error::{CanonError, CanonErrorKind};

/// The path with `.` and `..` segments resolved and runs of `/` made one (`normalizePath`):
/// the first segment (before the first `/`) is dropped, a `..` above the root is kept, and a
/// trailing `/` stays. An empty path is `/`. Borrowed when nothing changes, as for most paths.
pub(super) fn normalize_path(path: &[u8]) -> Cow<'_, [u8]> {
    if path.first() == Some(&b'/') && !needs_resolving(&path[1..]) {
        return Cow::Borrowed(path);
    }
    let mut kept: Vec<&[u8]> = Vec::new();
    for segment in path.split(|&b| b == b'/').skip(1) {
        match segment {
            b"." => {}
            b".." => {
                if kept.pop().is_none() {
                    kept.push(segment);
                }
            }
            _ => kept.push(segment),
        }
    }
    let mut out = Vec::with_capacity(path.len() + 1);
    out.push(b'/');
    if let Some((last, rest)) = kept.split_last() {
        for segment in rest.iter().filter(|s| !s.is_empty()) {
            out.extend_from_slice(segment);
            out.push(b'/');
        }
        out.extend_from_slice(last);
    }
    Cow::Owned(out)
}

/// Whether the segments after a path's first `/` hold an empty one (but the last), `.` or
/// `..`: what [`normalize_path`] would change.
pub(super) fn needs_resolving(segments: &[u8]) -> bool {
    // Only a segment that starts with `.` or `/` (an empty one) can be one of those: each
    // segment's first byte decides, and the rest are looked at only after a `.`.
    let at = |s: &[u8]| {
        matches!(
            s,
            [b'/', ..] | [b'.'] | [b'.', b'/', ..] | [b'.', b'.'] | [b'.', b'.', b'/', ..]
        )
    };
    at(segments)
        || segments
            .iter()
            .enumerate()
            .any(|(i, &b)| b == b'/' && at(&segments[i + 1..]))
}

/// A dotted-decimal address, by the URL Standard's IPv4 serializer.
fn dotted(address: u32) -> Vec<u8> {
    let mut out = String::with_capacity(15);
    write_ipv4(address, &mut out);
    out.into_bytes()
}

/// `^[1-9][0-9]*(\.[0-9]+){0,3}$` or `^0[0-7]*(\.[0-7]+){0,3}$`: the shapes of host the `surt`
/// package hands to the system's resolver as a numeric address.
fn looks_numeric(host: &[u8]) -> bool {
    let octal = host.first() == Some(&b'0');
    let digit = |b: &u8| {
        if octal {
            (b'0'..=b'7').contains(b)
        } else {
            b.is_ascii_digit()
        }
    };
    let mut parts = 0;
    for part in host.split(|&b| b == b'.') {
        parts += 1;
        if parts > 4 || part.is_empty() || !part.iter().all(digit) {
            return false;
        }
    }
    true
}

/// `attemptIPFormats`: a host of digits alone is a 32-bit number (taken modulo 2^32, as the
/// reference masks it); a host of the numeric shapes above is what the C library's
/// `inet_aton` makes of it (the reference asks `gethostbyname`, which does that without a
/// lookup), and `inet_aton` reads decimal and octal parts, one to four, as the URL Standard's
/// IPv4 parser does. Anything else is no address.
fn attempt_ip(host: &[u8]) -> Option<Vec<u8>> {
    if !host.is_empty() && host.iter().all(u8::is_ascii_digit) {
        let n = host.iter().fold(0u32, |n, &d| {
            n.wrapping_mul(10).wrapping_add(u32::from(d - b'0'))
        });
        return Some(dotted(n));
    }
    if looks_numeric(host) {
        return ipv4(core::str::from_utf8(host).ok()?).map(dotted);
    }
    None
}

/// The host to ASCII where the `surt` package calls Python's `idna` codec (IDNA 2003):
/// invalid UTF-8 dropped, then each label (split at the four dots IDNA knows) mapped and
/// punycoded, a label empty (but a last one) or longer than 63 bytes refused. The mapping is
/// UTS #46's (the `idna` crate's, as for the URL Standard) with transitional processing,
/// which agrees with IDNA 2003 (`ß` is `ss`) but for code points newer than Unicode 3.2 and
/// the few IDNA 2003 refused that UTS #46 maps. `None` where the reference's codec fails: it
/// keeps the host as it was.
fn python_idna(host: &[u8]) -> Option<Vec<u8>> {
    let mut text = String::with_capacity(host.len());
    for chunk in host.utf8_chunks() {
        text.push_str(chunk.valid());
    }
    let ok_len = |n: usize| (1..64).contains(&n);
    if text.is_ascii() {
        let labels: Vec<&str> = text.split('.').collect();
        let (last, rest) = labels.split_last()?;
        if rest.iter().any(|l| !ok_len(l.len())) || last.len() >= 64 {
            return None;
        }
        return Some(text.into_bytes());
    }
    let mut labels: Vec<&str> = text
        .split(['.', '\u{3002}', '\u{FF0E}', '\u{FF61}'])
        .collect();
    let trailing_dot = labels.last() == Some(&"");
    if trailing_dot {
        labels.pop();
    }
    let uts46 = idna::uts46::Uts46::new();
    let mut out = Vec::with_capacity(text.len() + 8);
    for label in labels {
        if !out.is_empty() {
            out.push(b'.');
        }
        if label.is_ascii() {
            if !ok_len(label.len()) {
                return None;
            }
            out.extend_from_slice(label.as_bytes());
            continue;
        }
        // Transitional processing, which IDNA 2003 amounts to for the deviation characters
        // (UTS #46 §4, done before the nontransitional mapping as its note suggests).
        let mut transitional = String::with_capacity(label.len() + 1);
        for c in label.chars() {
            match c {
                'ß' | '\u{1E9E}' => transitional.push_str("ss"),
                'ς' => transitional.push('σ'),
                '\u{200C}' | '\u{200D}' => {}
                c => transitional.push(c),
            }
        }
        let ascii = uts46
            .to_ascii(
                transitional.as_bytes(),
                idna::uts46::AsciiDenyList::EMPTY,
                idna::uts46::Hyphens::Allow,
                idna::uts46::DnsLength::Ignore,
            )
            .ok()?;
        if !ok_len(ascii.len()) {
            return None;
        }
        out.extend_from_slice(ascii.as_bytes());
    }
    if trailing_dot {
        out.push(b'.');
    }
    Some(out)
}

/// Python's `bytes.replace(b"..", b".")`: each pair of dots, left to right without overlap,
/// made one (`a...b` is `a..b`: the reference collapses a run only by half).
fn halve_dot_runs(host: &[u8]) -> Cow<'_, [u8]> {
    if !has_pair(host, |a, b| a == b'.' && b == b'.') {
        return Cow::Borrowed(host);
    }
    let mut out = Vec::with_capacity(host.len());
    let mut i = 0;
    while i < host.len() {
        out.push(host[i]);
        i += if host[i] == b'.' && host.get(i + 1) == Some(&b'.') {
            2
        } else {
            1
        };
    }
    Cow::Owned(out)
}

/// Whether two neighbouring bytes of `s` satisfy `f` (a loop the compiler keeps tight, where
/// `windows(2)` is not).
pub(super) fn has_pair(s: &[u8], f: impl Fn(u8, u8) -> bool) -> bool {
    let mut prev = 0;
    for &b in s {
        if f(prev, b) {
            return true;
        }
        prev = b;
    }
    false
}

/// The part of `host` without dots at its ends.
fn without_end_dots(host: &[u8]) -> core::ops::Range<usize> {
    let start = host.iter().take_while(|&&b| b == b'.').count();
    let end = host.len()
        - host[start..]
            .iter()
            .rev()
            .take_while(|&&b| b == b'.')
            .count();
    start..end
}

/// The `surt` package's `GoogleURLCanonicalizer.canonicalize`: the fragment dropped; the
/// query decoded and escaped; the host decoded, to ASCII, dot runs halved, dots trimmed, read
/// as an IPv4 address or else lowercased and escaped; the path decoded, resolved (when there is
/// a host) and escaped. The port stays.
pub(super) fn canonicalize_for_surt(url: &mut HandyUrl<'_>) {
    url.hash = None;
    // Nothing to decode or escape anywhere: the query and the path's bytes stay.
    let escapes = url.holds.escape();
    if let Some(q) = url.query.take() {
        url.query = Some(if escapes && !q.is_empty() {
            map(q, minimal_escape)
        } else {
            q
        });
    }
    if let Some(h) = url.host.take() {
        url.host = Some(if h.is_empty() {
            h
        } else {
            canonical_host(h, escapes)
        });
    }
    let has_host = url.host.as_ref().is_some_and(|h| !h.is_empty());
    if let Some(p) = url.path.take() {
        let decoded = if escapes {
            map(p, unescape_repeatedly)
        } else {
            p
        };
        let resolved = if has_host {
            map(decoded, normalize_path)
        } else {
            decoded
        };
        url.path = Some(if escapes {
            map(resolved, escape_once)
        } else {
            resolved
        });
    } else if has_host {
        url.path = Some(Cow::Borrowed(b"/"));
    }
}

/// A host the steps below leave as it is, as most are: lower-case letters, digits, `-` and
/// single dots inside, with a letter somewhere (no number to read as an address).
pub(super) fn is_plain_name(host: &[u8]) -> bool {
    let (mut prev, mut letter) = (b'.', false);
    for &b in host {
        match b {
            b'a'..=b'z' => letter = true,
            b'0'..=b'9' | b'-' => {}
            b'.' if prev != b'.' => {}
            _ => return false,
        }
        prev = b;
    }
    letter && prev != b'.'
}

/// The host steps of [`canonicalize_for_surt`].
fn canonical_host(host: Cow<'_, [u8]>, escapes: bool) -> Cow<'_, [u8]> {
    if is_plain_name(&host) {
        return host;
    }
    let mut host = if escapes {
        map(host, unescape_repeatedly)
    } else {
        host
    };
    if !host.is_ascii() {
        if let Some(ascii) = python_idna(&host) {
            host = Cow::Owned(ascii);
        }
    }
    let host = map(host, halve_dot_runs);
    let range = without_end_dots(&host);
    let host = slice(host, range);
    match attempt_ip(&host) {
        Some(ip) => Cow::Owned(ip),
        None if escapes => map(lowercase(host), escape_once),
        None => lowercase(host),
    }
}

/// The schemes the URL Standard calls special: for them a text like `http:example.com` has
/// its host after the colon, as browsers read it.
fn is_special(scheme: &[u8]) -> bool {
    [&b"http"[..], b"https", b"ftp", b"ws", b"wss", b"file"]
        .iter()
        .any(|s| s.eq_ignore_ascii_case(scheme))
}

/// Google Safe Browsing's canonical form of `url`, by the published steps.
pub(super) fn safe_browsing(url: &str) -> Result<String, CanonError> {
    let input = url.as_bytes();
    // 1. Tabs, CR and LF out; whitespace at the ends (controls and space, as browsers trim)
    //    out; the fragment out.
    let lead = input.iter().take_while(|&&b| b <= b' ').count();
    let end = input[lead..]
        .iter()
        .position(|&b| b == b'#')
        .map_or(input.len(), |p| lead + p);
    let mut end = end;
    while end > lead && input[end - 1] <= b' ' {
        end -= 1;
    }
    let core = &input[lead..end];
    let holds = Holds::of(core);
    let mut text: Cow<'_, [u8]> =
        if holds.escape() && core.iter().any(|&b| matches!(b, b'\t' | b'\n' | b'\r')) {
            let mut t: Vec<u8> = core.to_vec();
            t.retain(|&b| !matches!(b, b'\t' | b'\n' | b'\r'));
            while t.last().is_some_and(|&b| b <= b' ') {
                t.pop();
            }
            Cow::Owned(t)
        } else {
            Cow::Borrowed(core)
        };
    if text.is_empty() {
        return Err(CanonError::new(CanonErrorKind::Empty, 0));
    }
    // 2. No scheme (or `host:port`, which looks like one): the URL is http.
    let scheme_end = text.iter().position(|&b| b == b':');
    let with_scheme = has_scheme(&text)
        && scheme_end.is_some_and(|e| text[e + 1..].starts_with(b"//") || is_special(&text[..e]));
    if !with_scheme {
        text.to_mut().splice(0..0, *b"http://");
    }
    // 3. The whole URL decoded until nothing is left to decode, then escaped once: what
    //    was escaped may now delimit (`%2F` is `/`, `%3F` starts the query, `%40` ends
    //    userinfo), but `#` and `%` are escaped again, so the split below holds.
    let text = if holds.escape() {
        map(text, minimal_escape)
    } else {
        text
    };
    let parts = split(&text);
    let scheme = parts.scheme.clone().map_or(&b"http"[..], |r| &text[r]);
    // 4. The host: after userinfo, before the port (which the key drops); a special URL
    //    without `//` has it at the start of its path, as browsers read `http:host/p`.
    let (authority, path) = match parts.authority.clone().filter(|a| !a.is_empty()) {
        Some(a) => (&text[a], &text[parts.path.clone()]),
        None => {
            let p = &text[parts.path.clone()];
            let p = &p[p.iter().take_while(|&&b| b == b'/' || b == b'\\').count()..];
            let end = p.iter().position(|&b| b == b'/').unwrap_or(p.len());
            (&p[..end], &p[end..])
        }
    };
    let info = &authority[authority
        .iter()
        .rposition(|&b| b == b'@')
        .map_or(0, |p| p + 1)..];
    // Leading dots go (below) before an IPv6 literal is looked for, so that `.[::1]` reads
    // as the key `[::1]` will.
    let info = &info[info.iter().take_while(|&&b| b == b'.').count()..];
    let name = match (info.first(), info.iter().position(|&b| b == b']')) {
        (Some(b'['), Some(close)) => &info[..=close],
        _ => &info[..info.iter().position(|&b| b == b':').unwrap_or(info.len())],
    };
    // To ASCII as browsers do (UTS #46 with the URL Standard's forbidden code points, so that
    // a mapping never makes a delimiter: `：` is no `:`); a host the mapping refuses stays as
    // it is, escaped.
    let mut host = unescape_repeatedly(name);
    if !host.is_ascii() {
        let uts46 = idna::uts46::Uts46::new();
        if let Ok(ascii) = uts46.to_ascii(
            &host,
            idna::uts46::AsciiDenyList::URL,
            idna::uts46::Hyphens::Allow,
            idna::uts46::DnsLength::Ignore,
        ) {
            host = Cow::Owned(ascii.into_owned().into_bytes());
        }
    }
    let mut host = lowercase(host);
    // Runs of dots made one, dots at the ends trimmed.
    if has_pair(&host, |a, b| a == b'.' && b == b'.') {
        host.to_mut().dedup_by(|a, b| *a == b'.' && *b == b'.');
    }
    let host = &host[without_end_dots(&host)];
    if host.is_empty() {
        let at = input.len().min(lead + scheme.len() + 3);
        return Err(CanonError::new(CanonErrorKind::NoHost, at));
    }
    // An IPv4 address in any notation (octal, hex, fewer than four parts) as four decimals.
    let address = core::str::from_utf8(host)
        .ok()
        .filter(|h| ends_in_a_number(h))
        .and_then(ipv4);
    let mut out = Vec::with_capacity(text.len() + 16);
    out.extend(scheme.iter().map(u8::to_ascii_lowercase));
    out.extend_from_slice(b"://");
    match address {
        Some(a) => out.extend_from_slice(&dotted(a)),
        None => escape_once_into(host, &mut out),
    }
    // 5. The path resolved, runs of slashes made one (on the escaped text: `.` and `/` are
    //    never escaped); the query as it is.
    out.extend_from_slice(&normalize_path(path));
    if let Some(q) = parts.query {
        out.push(b'?');
        out.extend_from_slice(&text[q]);
    }
    Ok(String::from_utf8(out)
        .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::String;

    #[test]
    fn paths_as_the_reference_resolves_them() {
        let n = |p: &str| String::from_utf8(normalize_path(p.as_bytes()).into_owned()).unwrap();
        assert_eq!(n(""), "/");
        assert_eq!(n("/"), "/");
        assert_eq!(n("/a/./b/../c/"), "/a/c/");
        assert_eq!(n("//a///b"), "/a/b");
        assert_eq!(n("/../a"), "/../a");
        assert_eq!(n("/a/.."), "/");
        assert_eq!(n("x/y"), "/y");
        for p in ["/a//b", "/a/./b", "/a/../b", "/a/.", "/a/..", "//"] {
            assert!(needs_resolving(&p.as_bytes()[1..]), "{p}");
        }
        for p in ["/", "/a/", "/a/b.c/..d/", "/.a/a.."] {
            assert!(!needs_resolving(&p.as_bytes()[1..]), "{p}");
        }
    }

    #[test]
    fn plain_names_are_left_by_every_step() {
        for host in ["example.com", "a-1.b2.c", "x", "1.2.3.a"] {
            assert!(is_plain_name(host.as_bytes()), "{host}");
            assert_eq!(
                *canonical_host(Cow::Owned(host.as_bytes().to_vec()), true),
                *host.as_bytes()
            );
        }
        for host in [".a", "a.", "a..b", "A.b", "1.2", "a_b", "", "ex%41mple"] {
            assert!(!is_plain_name(host.as_bytes()), "{host}");
        }
    }

    #[test]
    fn dot_runs_are_halved_as_python_replaces() {
        assert_eq!(*halve_dot_runs(b"a...b....c."), *b"a..b..c.");
    }

    #[test]
    fn numeric_hosts() {
        let ip = |h: &str| attempt_ip(h.as_bytes()).map(|v| String::from_utf8(v).unwrap());
        assert_eq!(ip("3279880203").as_deref(), Some("195.127.0.11"));
        assert_eq!(ip("4294967297").as_deref(), Some("0.0.0.1"));
        assert_eq!(ip("1.2.3").as_deref(), Some("1.2.0.3"));
        assert_eq!(ip("010.1").as_deref(), Some("8.0.0.1"));
        assert_eq!(ip("1.08.1.1"), None);
        assert_eq!(ip("0x7f.1"), None);
        assert_eq!(ip("1.2.3.4.5"), None);
        assert_eq!(ip("1.2.3.256"), None);
    }
}
