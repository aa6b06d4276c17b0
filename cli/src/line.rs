//! One input line as a URI reference: parsing bytes that may not be UTF-8, and the error report.

use std::fmt::{self, Write as _};

use std::sync::atomic::{AtomicBool, Ordering};

use urilex::{rfc2396, ErrorKind, IriRef, ParseError, UriRef};

/// Why a line is not a URI reference.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineError {
    /// The parser's verdict.
    Parse(ParseError),
    /// A byte that is not part of valid UTF-8. RFC 3986 §2 allows only ASCII, so the line is
    /// invalid at that byte whatever the encoding; reported with kind `InvalidChar`.
    NotUtf8 {
        /// Byte offset in the line.
        index: usize,
        /// The byte.
        byte: u8,
    },
}

impl LineError {
    /// Byte offset of the first offending byte.
    pub fn index(&self) -> usize {
        match self {
            LineError::Parse(e) => e.index(),
            LineError::NotUtf8 { index, .. } => *index,
        }
    }

    /// The error kind as the JSON output and the summary name it.
    pub fn kind(&self) -> ErrorKind {
        match self {
            LineError::Parse(e) => e.kind(),
            LineError::NotUtf8 { .. } => ErrorKind::InvalidChar,
        }
    }
}

impl fmt::Display for LineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LineError::Parse(e) => e.fmt(f),
            LineError::NotUtf8 { index, byte } => write!(
                f,
                "invalid byte 0x{byte:02X} at byte {index} in a line that is not UTF-8 (a URI is ASCII, RFC 3986 section 2)"
            ),
        }
    }
}

/// One input line: its bytes, and the same as text when the chunk it came from is known to
/// be UTF-8 (validated once per chunk rather than once per line, which matters for short
/// lines).
#[derive(Clone, Copy, Debug)]
pub struct Line<'a> {
    /// The bytes, without the line end.
    pub bytes: &'a [u8],
    /// `Some` when the bytes are known to be UTF-8.
    pub text: Option<&'a str>,
}

impl<'a> Line<'a> {
    /// A line whose encoding is not known yet.
    pub fn new(bytes: &'a [u8]) -> Self {
        Line { bytes, text: None }
    }

    /// The text, if the line is UTF-8.
    pub fn as_str(&self) -> Option<&'a str> {
        self.text.or_else(|| std::str::from_utf8(self.bytes).ok())
    }

    /// A line that is text.
    #[cfg(feature = "resolve")]
    pub fn text(text: &'a str) -> Self {
        Line {
            bytes: text.as_bytes(),
            text: Some(text),
        }
    }

    /// The parts before and after the first `\t`.
    #[cfg(feature = "resolve")]
    pub fn split_at_tab(&self) -> Option<(Line<'a>, Line<'a>)> {
        let tab = find_tab(self.bytes)?;
        let (a, b) = (self.bytes.get(..tab)?, self.bytes.get(tab + 1..)?);
        let (ta, tb) = match self.text {
            Some(t) => (t.get(..tab), t.get(tab + 1..)),
            None => (None, None),
        };
        Some((Line { bytes: a, text: ta }, Line { bytes: b, text: tb }))
    }
}

/// The text before and after the first `\t` of `line`.
#[cfg(feature = "resolve")]
pub fn split_at_tab(line: &str) -> Option<(&str, &str)> {
    let tab = find_tab(line.as_bytes())?;
    Some((line.get(..tab)?, line.get(tab + 1..)?))
}

/// The index of the first `\t` in `bytes`: sixteen bytes per vector compare, the last few
/// one by one. On a line's base, a few dozen bytes, this costs about half of `memchr`'s 70
/// instructions, whose setup is made for long haystacks.
#[cfg(feature = "resolve")]
fn find_tab(bytes: &[u8]) -> Option<usize> {
    use wide::u8x16;
    let tab = u8x16::splat(b'\t');
    let mut blocks = bytes.chunks_exact(16);
    let mut at = 0;
    for block in &mut blocks {
        let v = u8x16::new(block.try_into().unwrap_or([0; 16]));
        let found = v.cmp_eq(tab).move_mask();
        if found != 0 {
            return Some(at + found.trailing_zeros() as usize);
        }
        at += 16;
    }
    let rest = blocks.remainder().iter().position(|&b| b == b'\t')?;
    Some(at + rest)
}

/// Whether lines are read as IRIs (RFC 3987, `--iri`) and mapped to URIs (§3.1) before the
/// subcommand sees them. Set once, before any line is read.
static IRIS: AtomicBool = AtomicBool::new(false);

/// Reads lines as IRIs from now on (`--iri`).
pub fn read_iris(yes: bool) {
    IRIS.store(yes, Ordering::Relaxed);
}

/// Whether an IRI's internationalized host is mapped to A-labels (`xn--…`, UTS #46 through
/// the library's `idna` feature), as DNS, HTTP clients and browsers need it, rather than
/// percent-encoded (RFC 3987 §3.1's plain mapping). On unless `--iri-hosts percent`.
static IDNA: AtomicBool = AtomicBool::new(true);

/// Maps IRI hosts to A-labels (`true`) or percent-encodes them (`--iri-hosts percent`).
pub fn iri_hosts_as_a_labels(yes: bool) {
    IDNA.store(yes, Ordering::Relaxed);
}

/// Writes the URI of an IRI (RFC 3987 §3.1) into `out`: its host as A-labels unless
/// `--iri-hosts percent` (a host IDNA refuses is percent-encoded).
pub fn write_uri_of(iri: &IriRef<'_>, out: &mut String) {
    let _ = if IDNA.load(Ordering::Relaxed) {
        write!(out, "{}", iri.to_uri_idna())
    } else {
        write!(out, "{}", iri.to_uri())
    };
}

/// Whether lines are read by RFC 2396 (`--grammar rfc2396`) by the subcommands that can
/// (`parse`, `check`, `normalize`). Set once, before any line is read.
static RFC2396: AtomicBool = AtomicBool::new(false);

/// Reads lines by RFC 2396 from now on (`--grammar rfc2396`).
pub fn read_rfc2396(yes: bool) {
    RFC2396.store(yes, Ordering::Relaxed);
}

/// Whether lines are read by RFC 2396 (`--grammar rfc2396`).
pub fn rfc2396() -> bool {
    RFC2396.load(Ordering::Relaxed)
}

/// Whether a line that is text goes to [`UriRef`] as it is: no `--iri`, no `--grammar rfc2396`.
pub fn plain() -> bool {
    !IRIS.load(Ordering::Relaxed) && !rfc2396()
}

/// Parses a line as an RFC 2396 URI reference (`--grammar rfc2396`), a non-UTF-8 line as
/// [`parse`] does.
pub fn parse_rfc2396(line: Line<'_>) -> Result<rfc2396::Reference<'_>, LineError> {
    match line.as_str() {
        Some(s) => rfc2396::parse(s).map_err(LineError::Parse),
        None => Err(not_utf8(line.bytes)),
    }
}

/// What [`parse`] says of a line, without the reference: valid, or its error. The common
/// line (text, no `--iri`) is only validated ([`UriRef::validate`]: no boundaries kept, and
/// a small result); the others are parsed out of line.
#[inline(always)]
pub fn validate(line: Line<'_>) -> Result<(), LineError> {
    match line.as_str() {
        Some(s) if !IRIS.load(Ordering::Relaxed) => UriRef::validate(s).map_err(LineError::Parse),
        _ => validate_iri_or_bytes(line),
    }
}

/// [`validate`] of a line that is not UTF-8, or of any line with `--iri`.
#[inline(never)]
fn validate_iri_or_bytes(line: Line<'_>) -> Result<(), LineError> {
    parse_iri_or_bytes(line, &mut String::new()).map(|_| ())
}

/// Parses a line as a URI reference (or, with `--iri`, as an IRI reference mapped to its URI
/// by RFC 3987 §3.1, written into `mapped`).
///
/// Valid UTF-8 goes straight to the parser. Otherwise the ASCII prefix is parsed: an error
/// inside it is the line's first error (the parser reads left to right); if there is none,
/// the first non-ASCII byte is (`InvalidChar`, as the parser reports for non-ASCII UTF-8).
/// An ASCII line is read the same either way: IRIs differ from URIs only in non-ASCII
/// characters.
///
/// The common line (text, no `--iri`) is parsed inline, in the caller's loop; the others out
/// of line: the one function for both cost `normalize` 34 instructions per line (a frame
/// and the result moved twice) of some 500.
#[inline(always)]
pub fn parse<'a>(line: Line<'a>, mapped: &'a mut String) -> Result<UriRef<'a>, LineError> {
    match line.as_str() {
        // (The flag first: without --iri, no line pays for the ASCII scan.)
        Some(s) if !IRIS.load(Ordering::Relaxed) => UriRef::parse(s).map_err(LineError::Parse),
        _ => parse_iri_or_bytes(line, mapped),
    }
}

/// [`parse`] of a line that is not UTF-8, or of any line with `--iri`.
#[inline(never)]
fn parse_iri_or_bytes<'a>(line: Line<'a>, mapped: &'a mut String) -> Result<UriRef<'a>, LineError> {
    match line.as_str() {
        Some(s) if !s.is_ascii() => {
            let iri = IriRef::parse(s).map_err(LineError::Parse)?;
            mapped.clear();
            write_uri_of(&iri, mapped);
            let mapped: &'a String = mapped;
            UriRef::parse(mapped).map_err(LineError::Parse)
        }
        Some(s) => UriRef::parse(s).map_err(LineError::Parse),
        None => Err(not_utf8(line.bytes)),
    }
}

/// The error for a line that is not UTF-8 (see [`parse`]).
pub fn not_utf8(line: &[u8]) -> LineError {
    let ascii = line
        .iter()
        .position(|b| !b.is_ascii())
        .unwrap_or(line.len());
    let prefix = std::str::from_utf8(&line[..ascii]).unwrap_or_default();
    if let Err(e) = UriRef::parse(prefix) {
        if e.index() < ascii {
            return LineError::Parse(e);
        }
    }
    LineError::NotUtf8 {
        index: ascii,
        byte: line.get(ascii).copied().unwrap_or(0),
    }
}

/// Whether RFC 8259 §7 wants byte `b` escaped in a string (we also escape DEL).
pub(crate) fn needs_escape(b: u8) -> bool {
    b < 0x20 || b == b'"' || b == b'\\' || b == 0x7f
}

/// Appends `s` as a JSON string literal (RFC 8259 §7).
pub fn json_str(out: &mut String, s: &str) {
    // Most strings need no escape: one scan, one copy.
    let Some(first) = s.bytes().position(needs_escape) else {
        return json_raw(out, s);
    };
    out.push('"');
    out.push_str(&s[..first]);
    let mut start = first;
    for (i, b) in s.bytes().enumerate().skip(first) {
        let esc = match b {
            b'"' => "\\\"",
            b'\\' => "\\\\",
            b'\n' => "\\n",
            b'\r' => "\\r",
            b'\t' => "\\t",
            0..=0x1f | 0x7f => "",
            _ => continue,
        };
        out.push_str(&s[start..i]);
        if esc.is_empty() {
            let _ = write!(out, "\\u{b:04x}");
        } else {
            out.push_str(esc);
        }
        start = i + 1;
    }
    out.push_str(&s[start..]);
    out.push('"');
}

/// Appends `s`, which has nothing to escape, as a JSON string literal: the text of a valid
/// URI reference, IRI or RFC 2396 URI, or any of its components. None of those grammars
/// allows a control character, DEL, '"' or '\\' (RFC 3986 §2, RFC 3987 §2.2 `ucschar`,
/// RFC 2396 §2.4.3 "control", "delims", "unwise"), so the escaping scan is skipped (it was
/// half of `parse --json`'s time).
pub fn json_raw(out: &mut String, s: &str) {
    debug_assert!(!s.bytes().any(needs_escape), "{s:?} needs escaping");
    out.push('"');
    out.push_str(s);
    out.push('"');
}

/// Appends `,"NAME":` and `Some(value)` as [`json_raw`] writes it, or `null`: the name and
/// the quote written as one literal, so that a field costs one to three appends, not two
/// to five (each checks the capacity; `parse --json` writes ten fields a line).
macro_rules! raw_field {
    ($out:expr, $name:literal, $value:expr) => {{
        let out: &mut String = $out;
        match $value {
            Some(value) => {
                let value: &str = value;
                debug_assert!(!value.bytes().any($crate::line::needs_escape));
                out.push_str(concat!(",\"", $name, "\":\""));
                out.push_str(value);
                out.push('"');
            }
            None => out.push_str(concat!(",\"", $name, "\":null")),
        }
    }};
}
pub(crate) use raw_field;

/// Appends `n` in decimal: what `write!(out, "{n}")` does, without the formatting machinery
/// (which cost `parse --json` a twentieth of its time), by `itoa` (two digits per step from
/// a table: a digit per `push` cost a line 85 instructions, the digits checked by
/// `from_utf8` and appended at once 68, pairs appended from a table of "00" to "99" more).
pub fn push_u64(out: &mut String, n: u64) {
    out.push_str(itoa::Buffer::new().format(n));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(feature = "resolve")]
    #[test]
    fn find_tab_finds_the_first_tab_as_memchr_does() {
        // Every length up to past three blocks of 16, tabs at every place and density.
        let mut random = crate::stream::tests::random_bytes(b"a\t/bcdefg");
        for len in 0..60 {
            for _ in 0..200 {
                let bytes = random(len);
                assert_eq!(find_tab(&bytes), memchr::memchr(b'\t', &bytes), "{bytes:?}");
            }
        }
    }

    #[test]
    fn push_u64_writes_what_format_writes() {
        // Every number up to 100,000, each power of ten and its neighbours, u64::MAX.
        let powers = (0..20).map(|e| 10u64.pow(e));
        let near = powers.flat_map(|p| [p - 1, p, p + 1]);
        for n in (0..100_000).chain(near).chain([u64::MAX - 1, u64::MAX]) {
            let mut out = String::from("x");
            push_u64(&mut out, n);
            assert_eq!(out, format!("x{n}"));
        }
    }

    #[test]
    fn json_strings_round_trip_through_serde_json() {
        for s in [
            "",
            "plain",
            "q\"uo\\te",
            "ctl\u{0}\u{1f}\u{7f}\t\n",
            "ünï€😀",
            "\"",
            "a\\",
            "\"a\\b\u{1}c",
        ] {
            let mut out = String::new();
            json_str(&mut out, s);
            let back: String = serde_json::from_str(&out).unwrap();
            assert_eq!(back, s);
        }
        // Every character, alone and between others, escaped or not.
        for c in (0..0x800).filter_map(char::from_u32) {
            for s in [c.to_string(), format!("ab{c}cd"), format!("{c}{c}x")] {
                let mut out = String::new();
                json_str(&mut out, &s);
                assert_eq!(serde_json::from_str::<String>(&out).unwrap(), s, "{s:?}");
            }
        }
    }

    #[test]
    fn no_valid_uri_iri_or_rfc2396_uri_needs_escaping() {
        // What `json_raw` relies on: every character any of the grammars accepts, in every
        // component, needs no JSON escape.
        let templates = [
            "{c}", "{c}:x", "s:{c}", "//{c}@h/", "//{c}/", "//h:{c}/", "/a{c}", "?{c}", "#{c}",
            "s:/p;{c}",
        ];
        let mut accepted = 0;
        for c in (0..0x3000).filter_map(char::from_u32) {
            for t in templates {
                let s = t.replace("{c}", &c.to_string());
                let valid = urilex::UriRef::parse(&s).is_ok()
                    || urilex::IriRef::parse(&s).is_ok()
                    || urilex::rfc2396::parse(&s).is_ok();
                if valid {
                    accepted += 1;
                    assert!(
                        !s.bytes().any(needs_escape),
                        "{s:?} is valid and needs escaping"
                    );
                }
            }
        }
        assert!(accepted > 10_000, "{accepted}");
    }

    #[test]
    fn non_utf8_lines_report_the_first_error() {
        // An earlier ASCII error wins over the bad byte.
        let e = not_utf8(b"a b\xff");
        assert_eq!(e.kind(), ErrorKind::InvalidChar);
        assert_eq!(e.index(), 1);
        // Otherwise the first non-ASCII byte.
        assert_eq!(
            not_utf8(b"http://h/p\xffq"),
            LineError::NotUtf8 {
                index: 10,
                byte: 0xff
            }
        );
        // A non-ASCII but valid UTF-8 char before the bad byte is the first error.
        assert_eq!(not_utf8(b"/\xc3\xa9\xff").index(), 1);
    }
}
