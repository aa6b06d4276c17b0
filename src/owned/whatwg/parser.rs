//! The basic URL parser of the URL Standard (§4.4), over a URL record, with its state override
//! for the setters, and the URL serializer (§4.5). Each state is the standard's, named as it
//! names it; each step cites what it does in the standard's words.

use alloc::string::String;
use alloc::vec::Vec;

use super::host::{self, HostError};
use super::{ValidationError, ValidationErrorKind as V};
use crate::tables::whatwg::EncodeSet;

/// The states of the basic URL parser, as the standard names them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum State {
    SchemeStart,
    Scheme,
    NoScheme,
    SpecialRelativeOrAuthority,
    PathOrAuthority,
    Relative,
    RelativeSlash,
    SpecialAuthoritySlashes,
    SpecialAuthorityIgnoreSlashes,
    Authority,
    Host,
    Hostname,
    Port,
    File,
    FileSlash,
    FileHost,
    PathStart,
    Path,
    OpaquePath,
    Query,
    Fragment,
}

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

fn default_port(scheme: &str) -> Option<u16> {
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
    fn opaque_path(&mut self) -> &mut String {
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

    fn list(&mut self) -> &mut Vec<String> {
        if self.opaque {
            self.opaque = false;
            self.path.clear();
        }
        &mut self.path
    }

    /// The base's username, password, host and port (the relative states' steps).
    fn copy_authority(&mut self, base: &Record) {
        self.username.clone_from(&base.username);
        self.password.clone_from(&base.password);
        self.host.clone_from(&base.host);
        self.port = base.port;
    }

    /// Shorten a URL's path (§4.1).
    fn shorten_path(&mut self) {
        let file = self.scheme == "file";
        let path = self.list();
        if file && path.len() == 1 && is_normalized_windows_drive_letter(&path[0]) {
            return;
        }
        path.pop();
    }
}

/// Where the parse starts and what it may change: the whole URL, or one component for a
/// setter (the standard's "state override").
pub(crate) struct Override {
    pub(crate) state: State,
}

/// Why a parse failed: the validation error that ended it (the standard's failure).
pub(crate) type Failure = ValidationError;

/// The result of a parse with a state override: the URL was changed, left alone (the
/// standard's plain "return"), or the parse failed.
pub(crate) type OverrideResult = Result<(), Failure>;

fn is_windows_drive_letter(s: &[char]) -> bool {
    s.len() == 2 && s[0].is_ascii_alphabetic() && matches!(s[1], ':' | '|')
}

fn is_normalized_windows_drive_letter(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() == 2 && b[0].is_ascii_alphabetic() && b[1] == b':'
}

/// "starts with a Windows drive letter" (§4.3): two code points that are one, followed by
/// the end or `/`, `\`, `?`, `#`.
fn starts_with_windows_drive_letter(s: &[char]) -> bool {
    s.len() >= 2
        && is_windows_drive_letter(&s[..2])
        && (s.len() == 2 || matches!(s[2], '/' | '\\' | '?' | '#'))
}

fn is_single_dot(s: &str) -> bool {
    s == "." || s.eq_ignore_ascii_case("%2e")
}

fn is_double_dot(s: &str) -> bool {
    ["..", ".%2e", "%2e.", "%2e%2e"]
        .iter()
        .any(|dot| s.eq_ignore_ascii_case(dot))
}

/// A single-dot or double-dot URL path segment (§4.1: `%2e` is a dot there).
pub(crate) fn is_dot_segment(s: &str) -> bool {
    is_single_dot(s) || is_double_dot(s)
}

/// A URL code point (§4.3 "URL code points").
fn is_url_code_point(c: char) -> bool {
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
pub(crate) fn encode_char(c: char, set: EncodeSet, out: &mut String) {
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
    chars: Vec<char>,
    at: Vec<usize>,
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
            at,
            len: input.len(),
        }
    }

    fn byte_index(&self, pointer: usize) -> usize {
        self.at.get(pointer).copied().unwrap_or(self.len)
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

/// The basic URL parser. `url` is the record to fill (a new one, or the URL a setter
/// changes), `base` the base URL, `over` the state override of a setter.
pub(crate) fn parse(
    input: &Input,
    base: Option<&Record>,
    url: &mut Record,
    over: Option<Override>,
    report: &mut Reporter<'_>,
) -> OverrideResult {
    let c_at = |p: usize| input.chars.get(p).copied();
    let fail = |kind: V, p: usize| {
        Err(ValidationError {
            kind,
            index: input.byte_index(p),
        })
    };
    let has_override = over.is_some();
    let mut state = over.as_ref().map_or(State::SchemeStart, |o| o.state);
    let mut buffer = String::new();
    let mut at_sign_seen = false;
    let mut inside_brackets = false;
    let mut password_token_seen = false;
    let chars = &input.chars;
    let n = chars.len();
    // The pointer may go one before the start ("decrease pointer by 1" at 0).
    let mut pointer: isize = 0;
    loop {
        let p = pointer as usize;
        let c = if pointer < 0 { None } else { c_at(p) };
        let remaining = |k: usize| -> Option<char> { chars.get(p + 1 + k).copied() };
        let remaining_hex2 = || {
            remaining(0).is_some_and(|c| c.is_ascii_hexdigit())
                && remaining(1).is_some_and(|c| c.is_ascii_hexdigit())
        };
        match state {
            State::SchemeStart => {
                if let Some(c) = c.filter(|c| c.is_ascii_alphabetic()) {
                    buffer.push(c.to_ascii_lowercase());
                    state = State::Scheme;
                } else if !has_override {
                    state = State::NoScheme;
                    pointer -= 1;
                } else {
                    return fail(V::InvalidScheme, p);
                }
            }
            State::Scheme => {
                if let Some(c) =
                    c.filter(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'))
                {
                    buffer.push(c.to_ascii_lowercase());
                } else if c == Some(':') {
                    if has_override {
                        if url.is_special() != is_special(&buffer) {
                            return Ok(());
                        }
                        if (url.includes_credentials() || url.port.is_some()) && buffer == "file" {
                            return Ok(());
                        }
                        if url.scheme == "file" && url.host.as_deref() == Some("") {
                            return Ok(());
                        }
                    }
                    url.scheme = core::mem::take(&mut buffer);
                    if has_override {
                        if url.port.is_some() && url.port == default_port(&url.scheme) {
                            url.port = None;
                        }
                        return Ok(());
                    }
                    if url.scheme == "file" {
                        if !(remaining(0) == Some('/') && remaining(1) == Some('/')) {
                            report.at(
                                V::SpecialSchemeMissingFollowingSolidus,
                                input.byte_index(p + 1),
                            );
                        }
                        state = State::File;
                    } else if url.is_special() && base.is_some_and(|b| b.scheme == url.scheme) {
                        state = State::SpecialRelativeOrAuthority;
                    } else if url.is_special() {
                        state = State::SpecialAuthoritySlashes;
                    } else if remaining(0) == Some('/') {
                        state = State::PathOrAuthority;
                        pointer += 1;
                    } else {
                        url.opaque_path();
                        state = State::OpaquePath;
                    }
                } else if !has_override {
                    buffer.clear();
                    state = State::NoScheme;
                    pointer = -1;
                } else {
                    return fail(V::InvalidScheme, p);
                }
            }
            State::NoScheme => match base {
                None => return fail(V::MissingSchemeNonRelativeUrl, p),
                Some(b) if b.has_opaque_path() && c != Some('#') => {
                    return fail(V::MissingSchemeNonRelativeUrl, p)
                }
                Some(b) if b.has_opaque_path() => {
                    url.scheme = b.scheme.clone();
                    url.path = b.path.clone();
                    url.opaque = b.opaque;
                    url.query = b.query.clone();
                    url.fragment = Some(String::new());
                    state = State::Fragment;
                }
                Some(b) if b.scheme != "file" => {
                    state = State::Relative;
                    pointer -= 1;
                }
                Some(_) => {
                    state = State::File;
                    pointer -= 1;
                }
            },
            State::SpecialRelativeOrAuthority => {
                if c == Some('/') && remaining(0) == Some('/') {
                    state = State::SpecialAuthorityIgnoreSlashes;
                    pointer += 1;
                } else {
                    report.at(V::SpecialSchemeMissingFollowingSolidus, input.byte_index(p));
                    state = State::Relative;
                    pointer -= 1;
                }
            }
            State::PathOrAuthority => {
                if c == Some('/') {
                    state = State::Authority;
                } else {
                    state = State::Path;
                    pointer -= 1;
                }
            }
            State::Relative => {
                // Entered from the no scheme state, which has made sure of a base.
                let Some(b) = base else {
                    return fail(V::MissingSchemeNonRelativeUrl, p);
                };
                url.scheme = b.scheme.clone();
                if c == Some('/') {
                    state = State::RelativeSlash;
                } else if url.is_special() && c == Some('\\') {
                    report.at(V::InvalidReverseSolidus, input.byte_index(p));
                    state = State::RelativeSlash;
                } else {
                    url.copy_authority(b);
                    url.path = b.path.clone();
                    url.opaque = b.opaque;
                    url.query = b.query.clone();
                    if c == Some('?') {
                        url.query = Some(String::new());
                        state = State::Query;
                    } else if c == Some('#') {
                        url.fragment = Some(String::new());
                        state = State::Fragment;
                    } else if c.is_some() {
                        url.query = None;
                        url.shorten_path();
                        state = State::Path;
                        pointer -= 1;
                    }
                }
            }
            State::RelativeSlash => {
                if url.is_special() && matches!(c, Some('/' | '\\')) {
                    if c == Some('\\') {
                        report.at(V::InvalidReverseSolidus, input.byte_index(p));
                    }
                    state = State::SpecialAuthorityIgnoreSlashes;
                } else if c == Some('/') {
                    state = State::Authority;
                } else {
                    let Some(b) = base else {
                        return fail(V::MissingSchemeNonRelativeUrl, p);
                    };
                    url.copy_authority(b);
                    state = State::Path;
                    pointer -= 1;
                }
            }
            State::SpecialAuthoritySlashes => {
                if c == Some('/') && remaining(0) == Some('/') {
                    state = State::SpecialAuthorityIgnoreSlashes;
                    pointer += 1;
                } else {
                    report.at(V::SpecialSchemeMissingFollowingSolidus, input.byte_index(p));
                    state = State::SpecialAuthorityIgnoreSlashes;
                    pointer -= 1;
                }
            }
            State::SpecialAuthorityIgnoreSlashes => {
                if !matches!(c, Some('/' | '\\')) {
                    state = State::Authority;
                    pointer -= 1;
                } else {
                    report.at(V::SpecialSchemeMissingFollowingSolidus, input.byte_index(p));
                }
            }
            State::Authority => {
                if c == Some('@') {
                    report.at(V::InvalidCredentials, input.byte_index(p));
                    if at_sign_seen {
                        buffer.insert_str(0, "%40");
                    }
                    at_sign_seen = true;
                    for cp in buffer.chars() {
                        if cp == ':' && !password_token_seen {
                            password_token_seen = true;
                            continue;
                        }
                        if password_token_seen {
                            encode_char(cp, EncodeSet::Userinfo, &mut url.password);
                        } else {
                            encode_char(cp, EncodeSet::Userinfo, &mut url.username);
                        }
                    }
                    buffer.clear();
                } else if matches!(c, None | Some('/' | '?' | '#'))
                    || (url.is_special() && c == Some('\\'))
                {
                    if at_sign_seen && buffer.is_empty() {
                        return fail(V::HostMissing, p);
                    }
                    pointer -= buffer.chars().count() as isize + 1;
                    buffer.clear();
                    state = State::Host;
                } else if let Some(c) = c {
                    buffer.push(c);
                }
            }
            State::Host | State::Hostname => {
                if has_override && url.scheme == "file" {
                    pointer -= 1;
                    state = State::FileHost;
                } else if c == Some(':') && !inside_brackets {
                    if buffer.is_empty() {
                        return fail(V::HostMissing, p);
                    }
                    if over.as_ref().is_some_and(|o| o.state == State::Hostname) {
                        return fail(V::HostMissing, p);
                    }
                    let host = host_or_fail(&buffer, !url.is_special(), input, p, report)?;
                    url.host = Some(host);
                    buffer.clear();
                    state = State::Port;
                } else if matches!(c, None | Some('/' | '?' | '#'))
                    || (url.is_special() && c == Some('\\'))
                {
                    pointer -= 1;
                    // A special URL needs a host; a setter may not empty the host of a URL
                    // with credentials or a port.
                    if buffer.is_empty()
                        && (url.is_special()
                            || (has_override && (url.includes_credentials() || url.port.is_some())))
                    {
                        return fail(V::HostMissing, p);
                    }
                    let host = host_or_fail(&buffer, !url.is_special(), input, p, report)?;
                    url.host = Some(host);
                    buffer.clear();
                    state = State::PathStart;
                    if has_override {
                        return Ok(());
                    }
                } else if let Some(c) = c {
                    if c == '[' {
                        inside_brackets = true;
                    }
                    if c == ']' {
                        inside_brackets = false;
                    }
                    buffer.push(c);
                }
            }
            State::Port => {
                if let Some(c) = c.filter(char::is_ascii_digit) {
                    buffer.push(c);
                } else if matches!(c, None | Some('/' | '?' | '#'))
                    || (url.is_special() && c == Some('\\'))
                    || has_override
                {
                    if !buffer.is_empty() {
                        let digits = buffer.trim_start_matches('0');
                        let port = if digits.len() > 5 {
                            None
                        } else {
                            digits.parse::<u32>().ok().or(Some(0))
                        };
                        let Some(port) = port.filter(|&p| p <= 0xFFFF) else {
                            return fail(V::PortOutOfRange, p.saturating_sub(buffer.len()));
                        };
                        let port = port as u16;
                        url.port = (default_port(&url.scheme) != Some(port)).then_some(port);
                        buffer.clear();
                        if has_override {
                            return Ok(());
                        }
                    }
                    if has_override {
                        return fail(V::PortInvalid, p);
                    }
                    state = State::PathStart;
                    pointer -= 1;
                } else {
                    return fail(V::PortInvalid, p);
                }
            }
            State::File => {
                url.scheme = String::from("file");
                url.host = Some(String::new());
                if matches!(c, Some('/' | '\\')) {
                    if c == Some('\\') {
                        report.at(V::InvalidReverseSolidus, input.byte_index(p));
                    }
                    state = State::FileSlash;
                } else if let Some(b) = base.filter(|b| b.scheme == "file") {
                    url.host = b.host.clone();
                    url.path = b.path.clone();
                    url.opaque = b.opaque;
                    url.query = b.query.clone();
                    if c == Some('?') {
                        url.query = Some(String::new());
                        state = State::Query;
                    } else if c == Some('#') {
                        url.fragment = Some(String::new());
                        state = State::Fragment;
                    } else if c.is_some() {
                        url.query = None;
                        if !starts_with_windows_drive_letter(&chars[p..]) {
                            url.shorten_path();
                        } else {
                            report.at(V::FileInvalidWindowsDriveLetter, input.byte_index(p));
                            url.list().clear();
                        }
                        state = State::Path;
                        pointer -= 1;
                    }
                } else {
                    state = State::Path;
                    pointer -= 1;
                }
            }
            State::FileSlash => {
                if matches!(c, Some('/' | '\\')) {
                    if c == Some('\\') {
                        report.at(V::InvalidReverseSolidus, input.byte_index(p));
                    }
                    state = State::FileHost;
                } else {
                    if let Some(b) = base.filter(|b| b.scheme == "file") {
                        url.host = b.host.clone();
                        if !starts_with_windows_drive_letter(&chars[p.min(n)..])
                            && !b.opaque
                            && b.path
                                .first()
                                .is_some_and(|s| is_normalized_windows_drive_letter(s))
                        {
                            let first = b.path[0].clone();
                            url.list().push(first);
                        }
                    }
                    state = State::Path;
                    pointer -= 1;
                }
            }
            State::FileHost => {
                if matches!(c, None | Some('/' | '\\' | '?' | '#')) {
                    pointer -= 1;
                    let buf: Vec<char> = buffer.chars().collect();
                    if !has_override && is_windows_drive_letter(&buf) {
                        report.at(V::FileInvalidWindowsDriveLetterHost, input.byte_index(p));
                        state = State::Path;
                    } else if buffer.is_empty() {
                        url.host = Some(String::new());
                        if has_override {
                            return Ok(());
                        }
                        state = State::PathStart;
                    } else {
                        let mut host = host_or_fail(&buffer, !url.is_special(), input, p, report)?;
                        if host == "localhost" {
                            host.clear();
                        }
                        url.host = Some(host);
                        if has_override {
                            return Ok(());
                        }
                        buffer.clear();
                        state = State::PathStart;
                    }
                } else if let Some(c) = c {
                    buffer.push(c);
                }
            }
            State::PathStart => {
                if url.is_special() {
                    if c == Some('\\') {
                        report.at(V::InvalidReverseSolidus, input.byte_index(p));
                    }
                    state = State::Path;
                    if !matches!(c, Some('/' | '\\')) {
                        pointer -= 1;
                    }
                } else if !has_override && c == Some('?') {
                    url.query = Some(String::new());
                    state = State::Query;
                } else if !has_override && c == Some('#') {
                    url.fragment = Some(String::new());
                    state = State::Fragment;
                } else if c.is_some() {
                    state = State::Path;
                    if c != Some('/') {
                        pointer -= 1;
                    }
                } else if has_override && url.host.is_none() {
                    url.list().push(String::new());
                }
            }
            State::Path => {
                let special_slash = url.is_special() && c == Some('\\');
                if matches!(c, None | Some('/'))
                    || special_slash
                    || (!has_override && matches!(c, Some('?' | '#')))
                {
                    if special_slash {
                        report.at(V::InvalidReverseSolidus, input.byte_index(p));
                    }
                    let slash = c == Some('/') || special_slash;
                    if is_double_dot(&buffer) {
                        url.shorten_path();
                        if !slash {
                            url.list().push(String::new());
                        }
                    } else if is_single_dot(&buffer) && !slash {
                        url.list().push(String::new());
                    } else if !is_single_dot(&buffer) {
                        let file = url.scheme == "file";
                        let list = url.list();
                        if file && list.is_empty() {
                            let b: Vec<char> = buffer.chars().collect();
                            if is_windows_drive_letter(&b) {
                                buffer.replace_range(1..2, ":");
                            }
                        }
                        list.push(core::mem::take(&mut buffer));
                    }
                    buffer.clear();
                    if c == Some('?') {
                        url.query = Some(String::new());
                        state = State::Query;
                    }
                    if c == Some('#') {
                        url.fragment = Some(String::new());
                        state = State::Fragment;
                    }
                } else if let Some(c) = c {
                    check_url_unit(c, remaining_hex2(), input, p, report);
                    encode_char(c, EncodeSet::Path, &mut buffer);
                }
            }
            State::OpaquePath => {
                if c == Some('?') {
                    url.query = Some(String::new());
                    state = State::Query;
                } else if c == Some('#') {
                    url.fragment = Some(String::new());
                    state = State::Fragment;
                } else if let Some(c) = c {
                    let path = url.opaque_path();
                    if c == ' ' {
                        report.at(V::InvalidUrlUnit, input.byte_index(p));
                        if matches!(remaining(0), Some('?' | '#')) {
                            path.push_str("%20");
                        } else {
                            path.push(' ');
                        }
                    } else {
                        check_url_unit(c, remaining_hex2(), input, p, report);
                        encode_char(c, EncodeSet::C0Control, path);
                    }
                }
            }
            State::Query => {
                if (!has_override && c == Some('#')) || c.is_none() {
                    let set = if url.is_special() {
                        EncodeSet::SpecialQuery
                    } else {
                        EncodeSet::Query
                    };
                    let query = url.query.get_or_insert_with(String::new);
                    encode_str(&buffer, set, query);
                    buffer.clear();
                    if c == Some('#') {
                        url.fragment = Some(String::new());
                        state = State::Fragment;
                    }
                } else if let Some(c) = c {
                    check_url_unit(c, remaining_hex2(), input, p, report);
                    buffer.push(c);
                }
            }
            State::Fragment => {
                if let Some(c) = c {
                    check_url_unit(c, remaining_hex2(), input, p, report);
                    let fragment = url.fragment.get_or_insert_with(String::new);
                    encode_char(c, EncodeSet::Fragment, fragment);
                }
            }
        }
        if pointer >= 0 && pointer as usize >= n {
            break;
        }
        pointer += 1;
    }
    Ok(())
}

/// The validation errors of a code point in a path, query or fragment: not a URL code point,
/// or a `%` without two hex digits after it.
fn check_url_unit(c: char, hex2: bool, input: &Input, p: usize, report: &mut Reporter<'_>) {
    if report.wants() && ((!is_url_code_point(c) && c != '%') || (c == '%' && !hex2)) {
        report.at(V::InvalidUrlUnit, input.byte_index(p));
    }
}

fn host_or_fail(
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
