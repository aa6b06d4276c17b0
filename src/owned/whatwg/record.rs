//! The URL record of the URL Standard (§4.1) that the basic URL parser fills, the input as it
//! reads it (code points), its helpers in the standard's words (Windows drive letters, dot
//! segments, URL code points, percent-encoding by set, the host parser's entry), and the URL
//! serializer (§4.5).

use alloc::string::String;
use alloc::vec::Vec;

use super::host::{self, HostError};
use super::{ValidationError, ValidationErrorKind as V};
use crate::tables::whatwg::EncodeSet;

/// A URL record (§4.1): each component as the parser leaves it, the host serialized.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Record {
    pub(crate) scheme: String,
    pub(crate) username: String,
    pub(crate) password: String,
    /// The serialized host: `None` is null, `Some("")` the empty host.
    pub(crate) host: Option<String>,
    pub(crate) port: Option<u16>,
    /// The path's segments; an opaque path is one string, `path[0]`.
    pub(crate) path: Vec<String>,
    /// Whether the path is opaque (a URL like `mailto:a@b`, whose path is no list).
    pub(crate) opaque: bool,
    pub(crate) query: Option<String>,
    pub(crate) fragment: Option<String>,
}

/// A special scheme (§4.1) and its default port.
pub(crate) fn special_port(scheme: &str) -> Option<Option<u16>> {
    Some(match scheme {
        "ftp" => Some(21),
        "file" => None,
        "http" | "ws" => Some(80),
        "https" | "wss" => Some(443),
        _ => return None,
    })
}

pub(crate) fn is_special(scheme: &str) -> bool {
    special_port(scheme).is_some()
}

pub(crate) fn default_port(scheme: &str) -> Option<u16> {
    special_port(scheme).flatten()
}

impl Record {
    pub(crate) fn is_special(&self) -> bool {
        is_special(&self.scheme)
    }

    pub(crate) fn includes_credentials(&self) -> bool {
        !self.username.is_empty() || !self.password.is_empty()
    }

    pub(crate) fn has_opaque_path(&self) -> bool {
        self.opaque
    }

    /// The opaque path, to append to (made one if the path was a list).
    pub(crate) fn opaque_path(&mut self) -> &mut String {
        if !self.opaque || self.path.is_empty() {
            self.opaque = true;
            self.path.clear();
            self.path.push(String::new());
        }
        &mut self.path[0]
    }

    /// A URL cannot have a username, password or port when its host is null or empty, or its
    /// scheme is "file".
    pub(crate) fn cannot_have_credentials_or_port(&self) -> bool {
        matches!(self.host.as_deref(), None | Some("")) || self.scheme == "file"
    }

    pub(crate) fn list(&mut self) -> &mut Vec<String> {
        if self.opaque {
            self.opaque = false;
            self.path.clear();
        }
        &mut self.path
    }

    /// The base's username, password, host and port (the relative states' steps).
    pub(crate) fn copy_authority(&mut self, base: &Record) {
        self.username.clone_from(&base.username);
        self.password.clone_from(&base.password);
        self.host.clone_from(&base.host);
        self.port = base.port;
    }

    /// Shorten a URL's path (§4.1).
    pub(crate) fn shorten_path(&mut self) {
        let file = self.scheme == "file";
        let path = self.list();
        if file && path.len() == 1 && is_normalized_windows_drive_letter(&path[0]) {
            return;
        }
        path.pop();
    }
}

/// Why a parse failed: the validation error that ended it (the standard's failure).
pub(crate) type Failure = ValidationError;

/// The result of a parse with a state override: the URL was changed, left alone (the
/// standard's plain "return"), or the parse failed.
pub(crate) type OverrideResult = Result<(), Failure>;

pub(crate) fn is_windows_drive_letter(s: &[char]) -> bool {
    s.len() == 2 && s[0].is_ascii_alphabetic() && matches!(s[1], ':' | '|')
}

/// A buffer or segment that is a Windows drive letter (both code points ASCII, so two bytes).
pub(crate) fn is_windows_drive_letter_text(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() == 2 && b[0].is_ascii_alphabetic() && matches!(b[1], b':' | b'|')
}

pub(crate) fn is_normalized_windows_drive_letter(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() == 2 && b[0].is_ascii_alphabetic() && b[1] == b':'
}

/// "starts with a Windows drive letter" (§4.3): two code points that are one, followed by
/// the end or `/`, `\`, `?`, `#`.
pub(crate) fn starts_with_windows_drive_letter(s: &[char]) -> bool {
    s.len() >= 2
        && is_windows_drive_letter(&s[..2])
        && (s.len() == 2 || matches!(s[2], '/' | '\\' | '?' | '#'))
}

pub(crate) fn is_single_dot(s: &str) -> bool {
    s == "." || s.eq_ignore_ascii_case("%2e")
}

pub(crate) fn is_double_dot(s: &str) -> bool {
    ["..", ".%2e", "%2e.", "%2e%2e"]
        .iter()
        .any(|dot| s.eq_ignore_ascii_case(dot))
}

/// A single-dot or double-dot URL path segment (§4.1: `%2e` is a dot there).
pub(crate) fn is_dot_segment(s: &str) -> bool {
    is_single_dot(s) || is_double_dot(s)
}

/// A URL code point (§4.3 "URL code points").
pub(crate) fn is_url_code_point(c: char) -> bool {
    c.is_ascii_alphanumeric()
        || matches!(
            c,
            '!' | '$'
                | '&'
                | '\''
                | '('
                | ')'
                | '*'
                | '+'
                | ','
                | '-'
                | '.'
                | '/'
                | ':'
                | ';'
                | '='
                | '?'
                | '@'
                | '_'
                | '~'
        )
        || (c >= '\u{A0}'
            && !matches!(c as u32, 0xD800..=0xDFFF | 0xFDD0..=0xFDEF)
            && (c as u32 & 0xFFFE) != 0xFFFE)
}

/// UTF-8 percent-encode `c` using `set`, appended to `out`.
#[inline]
pub(crate) fn encode_char(c: char, set: EncodeSet, out: &mut String) {
    if c.is_ascii() && !set.contains(c as u8) {
        out.push(c);
        return;
    }
    let mut buf = [0u8; 4];
    for &b in c.encode_utf8(&mut buf).as_bytes() {
        push_byte(b, set, out);
    }
}

pub(crate) fn push_byte(b: u8, set: EncodeSet, out: &mut String) {
    if set.contains(b) {
        const HEX: &[u8; 16] = b"0123456789ABCDEF";
        out.push('%');
        out.push(HEX[usize::from(b >> 4)] as char);
        out.push(HEX[usize::from(b & 15)] as char);
    } else {
        out.push(b as char);
    }
}

/// UTF-8 percent-encode every code point of `s` using `set`.
pub(crate) fn encode_str(s: &str, set: EncodeSet, out: &mut String) {
    for &b in s.as_bytes() {
        push_byte(b, set, out);
    }
}

/// The input as the parser reads it: code points, each with the byte index in the caller's
/// input where it stands (for validation errors), leading and trailing C0 controls and spaces
/// and every tab and newline removed.
pub(crate) struct Input {
    pub(crate) chars: Vec<char>,
    /// The byte index of each code point, when it is not `base` + its place.
    at: Option<Vec<usize>>,
    base: usize,
    len: usize,
}

impl Input {
    pub(crate) fn new(input: &str, trim: bool, report: &mut Reporter<'_>) -> Input {
        let mut s = input;
        if trim {
            let t = s.trim_matches(|c: char| c <= ' ');
            if t.len() != s.len() {
                let first = s.len() - s.trim_start_matches(|c: char| c <= ' ').len();
                report.at(
                    V::InvalidUrlUnit,
                    if first > 0 { 0 } else { t.len() + first },
                );
            }
            s = t;
        }
        let base = s.as_ptr() as usize - input.as_ptr() as usize;
        // ASCII without tab or newline (most inputs): code point i is byte base + i.
        if s.bytes()
            .all(|b| b.is_ascii() && !matches!(b, b'\t' | b'\n' | b'\r'))
        {
            return Input {
                chars: s.bytes().map(char::from).collect(),
                at: None,
                base,
                len: input.len(),
            };
        }
        let mut chars = Vec::with_capacity(s.len());
        let mut at = Vec::with_capacity(s.len());
        for (i, c) in s.char_indices() {
            if matches!(c, '\t' | '\n' | '\r') {
                report.at(V::InvalidUrlUnit, base + i);
                continue;
            }
            chars.push(c);
            at.push(base + i);
        }
        Input {
            chars,
            at: Some(at),
            base,
            len: input.len(),
        }
    }

    pub(crate) fn byte_index(&self, pointer: usize) -> usize {
        match &self.at {
            None if pointer < self.chars.len() => self.base + pointer,
            None => self.len,
            Some(at) => at.get(pointer).copied().unwrap_or(self.len),
        }
    }
}

/// Where validation errors go: a caller's function, or nowhere.
pub(crate) struct Reporter<'f> {
    pub(crate) f: Option<&'f mut dyn FnMut(ValidationError)>,
}

impl Reporter<'_> {
    pub(crate) fn at(&mut self, kind: V, index: usize) {
        if let Some(f) = self.f.as_mut() {
            f(ValidationError { kind, index });
        }
    }

    pub(crate) fn wants(&self) -> bool {
        self.f.is_some()
    }
}

/// The validation errors of a code point in a path, query or fragment: not a URL code point,
/// or a `%` without two hex digits after it.
pub(crate) fn check_url_unit(
    c: char,
    hex2: bool,
    input: &Input,
    p: usize,
    report: &mut Reporter<'_>,
) {
    if report.wants() && ((!is_url_code_point(c) && c != '%') || (c == '%' && !hex2)) {
        report.at(V::InvalidUrlUnit, input.byte_index(p));
    }
}

pub(crate) fn host_or_fail(
    buffer: &str,
    opaque: bool,
    input: &Input,
    p: usize,
    report: &mut Reporter<'_>,
) -> Result<String, Failure> {
    let start = input.byte_index(p.saturating_sub(buffer.chars().count()));
    host::parse(buffer, opaque, report, start)
        .map_err(|HostError(kind)| ValidationError { kind, index: start })
}

/// The URL serializer (§4.5), which also says where each component starts.
pub(crate) fn serialize(url: &Record, out: &mut String) -> super::Offsets {
    out.clear();
    out.push_str(&url.scheme);
    let scheme_end = out.len() as u32;
    out.push(':');
    let mut o = super::Offsets {
        scheme_end,
        username_start: out.len() as u32,
        username_end: out.len() as u32,
        host_start: out.len() as u32,
        host_end: out.len() as u32,
        port: url.port,
        path_start: 0,
        query_start: None,
        fragment_start: None,
        has_host: url.host.is_some(),
        opaque_path: url.has_opaque_path(),
    };
    if let Some(host) = &url.host {
        out.push_str("//");
        o.username_start = out.len() as u32;
        if url.includes_credentials() {
            out.push_str(&url.username);
            o.username_end = out.len() as u32;
            if !url.password.is_empty() {
                out.push(':');
                out.push_str(&url.password);
            }
            out.push('@');
        } else {
            o.username_end = o.username_start;
        }
        o.host_start = out.len() as u32;
        out.push_str(host);
        o.host_end = out.len() as u32;
        if let Some(port) = url.port {
            out.push(':');
            use core::fmt::Write;
            let _ = write!(out, "{port}");
        }
    } else {
        o.username_start = out.len() as u32;
        o.username_end = out.len() as u32;
        o.host_start = out.len() as u32;
        o.host_end = out.len() as u32;
    }
    if url.opaque {
        o.path_start = out.len() as u32;
        out.push_str(url.path.first().map_or("", String::as_str));
    } else {
        let segments = &url.path;
        if url.host.is_none() && segments.len() > 1 && segments[0].is_empty() {
            out.push_str("/.");
        }
        o.path_start = out.len() as u32;
        for s in segments {
            out.push('/');
            out.push_str(s);
        }
    }
    if let Some(q) = &url.query {
        o.query_start = Some(out.len() as u32);
        out.push('?');
        out.push_str(q);
    }
    if let Some(f) = &url.fragment {
        o.fragment_start = Some(out.len() as u32);
        out.push('#');
        out.push_str(f);
    }
    o
}

#[cfg(test)]
mod tests {
    use super::{Input, Reporter};
    use alloc::vec::Vec;

    /// Code point i of the input stands at byte `byte_index(i)` of the caller's string, and
    /// past the end at its length: with or without non-ASCII, tabs, newlines, trimmed spaces.
    #[test]
    fn byte_index_is_where_the_code_point_stands() {
        for s in [
            "http://a/b",
            "  http://a/b\t",
            "ht\ttp://é/\nb",
            "\u{1}x",
            "",
            " ",
            "a\r\nb",
        ] {
            for trim in [false, true] {
                let input = Input::new(s, trim, &mut Reporter { f: None });
                let kept: Vec<(usize, char)> = {
                    let t = if trim {
                        s.trim_matches(|c: char| c <= ' ')
                    } else {
                        s
                    };
                    let base = t.as_ptr() as usize - s.as_ptr() as usize;
                    t.char_indices()
                        .filter(|(_, c)| !matches!(c, '\t' | '\n' | '\r'))
                        .map(|(i, c)| (base + i, c))
                        .collect()
                };
                assert_eq!(input.chars.len(), kept.len(), "{s:?}");
                for (p, &(i, c)) in kept.iter().enumerate() {
                    assert_eq!((input.byte_index(p), input.chars[p]), (i, c), "{s:?} {p}");
                }
                assert_eq!(input.byte_index(kept.len()), s.len(), "{s:?}");
            }
        }
    }
}
