//! The per-line jobs behind the subcommands.
//!
//! Each writes into the caller's reused `String`s; none allocates for a valid line once the
//! buffers have grown to the chunk's size (an invalid or non-UTF-8 line's report may).

use std::fmt::Write as _;
use std::sync::atomic::{AtomicBool, Ordering};

use urilex::{HostKind, UriRef};

use crate::line::{self, json_str, push_u64, raw_field, Line};
use crate::stream::{self, LineOp, Stats};

/// Whether per-line diagnostics are written: `--quiet` throws them away, so they are not
/// formatted either (the message of an invalid line costs thousands of instructions: on
/// corpus lines, one invalid in a hundred made it a twentieth of `resolve`'s work). Set once,
/// before any line is read.
static DIAGNOSTICS: AtomicBool = AtomicBool::new(true);

/// Writes the per-line diagnostics from now on, or not (`--quiet`).
pub fn write_diagnostics(yes: bool) {
    DIAGNOSTICS.store(yes, Ordering::Relaxed);
}

/// Whether per-line diagnostics are written (see [`write_diagnostics`]): what an op that
/// numbers only its diagnostics says to [`LineOp::numbered`].
pub fn diagnostics() -> bool {
    DIAGNOSTICS.load(Ordering::Relaxed)
}

/// Writes `PREFIX LINE:BYTE: message\n` (the `check` format, also used on stderr by the
/// transforming subcommands), unless diagnostics are off ([`write_diagnostics`]).
pub fn diagnostic(
    err: &mut String,
    prefix: &str,
    lineno: u64,
    index: usize,
    msg: impl std::fmt::Display,
) {
    if diagnostics() {
        let _ = writeln!(err, "{prefix}{lineno}:{index}: {msg}");
    }
}

/// `urilex parse`: one line per input line, `valid` and the present components
/// (`name=value`, tab-separated, in RFC 3986 order), or `invalid`, the byte index, the error
/// kind and the message.
pub struct Parse;

impl LineOp for Parse {
    fn line(&self, _: u64, bytes: Line<'_>, out: &mut String, _: &mut String) -> bool {
        let mut mapped = String::new();
        let parsed = if line::rfc2396() {
            line::parse_rfc2396(bytes).map(|uri| {
                // A reg_name authority (RFC 2396 section 3.2.1) is not split: it is shown whole,
                // as `authority`. An opaque URI's part is its path.
                // One run of the server rule for the three parts.
                let server = uri.server();
                let reg_name = uri.authority().filter(|_| server.is_none());
                [
                    ("scheme", uri.scheme()),
                    ("authority", reg_name),
                    ("userinfo", server.and_then(|s| s.userinfo)),
                    ("host", server.map(|s| s.host)),
                    ("port", server.and_then(|s| s.port)),
                    ("path", Some(uri.path())),
                    ("query", uri.query()),
                    ("fragment", uri.fragment()),
                ]
            })
        } else {
            line::parse(bytes, &mut mapped).map(|uri| {
                [
                    ("scheme", uri.scheme()),
                    ("authority", None),
                    ("userinfo", uri.userinfo()),
                    ("host", uri.host()),
                    ("port", uri.port()),
                    ("path", Some(uri.path())),
                    ("query", uri.query()),
                    ("fragment", uri.fragment()),
                ]
            })
        };
        match parsed {
            Ok(parts) => {
                out.push_str("valid");
                for (name, value) in parts {
                    if let Some(v) = value {
                        out.push('\t');
                        out.push_str(name);
                        out.push('=');
                        out.push_str(v);
                    }
                }
                out.push('\n');
                true
            }
            Err(e) => {
                let _ = writeln!(out, "invalid\t{}\t{:?}\t{}", e.index(), e.kind(), e);
                false
            }
        }
    }
}

/// `urilex parse --json`: the CLI contract's object, one per line.
pub struct ParseJson;

impl LineOp for ParseJson {
    fn line(&self, n: u64, bytes: Line<'_>, out: &mut String, _: &mut String) -> bool {
        if line::rfc2396() {
            return parse_json_rfc2396(n, bytes, out);
        }
        let mut mapped = String::new();
        let parsed = line::parse(bytes, &mut mapped);
        let valid = parsed.is_ok();
        json_head(out, n, bytes, valid);
        match parsed {
            Ok(uri) => {
                out.push_str(",\"valid\":true,\"error\":null");
                json_components(out, &Parts::from(&uri));
            }
            Err(e) => json_error(out, &e),
        }
        out.push_str("}\n");
        valid
    }
}

/// `{"input": ..., "line": N` of every JSON object; a `valid` line's text needs no escape.
fn json_head(out: &mut String, n: u64, bytes: Line<'_>, valid: bool) {
    match bytes.as_str() {
        Some(s) if valid => {
            out.push_str("{\"input\":\"");
            out.push_str(s);
            out.push_str("\",\"line\":");
        }
        text => {
            out.push_str("{\"input\":");
            match text {
                Some(s) => json_str(out, s),
                None => json_str(out, &String::from_utf8_lossy(bytes.bytes)),
            }
            out.push_str(",\"line\":");
        }
    }
    push_u64(out, n);
}

/// The fields of an invalid line's object.
fn json_error(out: &mut String, e: &line::LineError) {
    let _ = write!(
        out,
        ",\"valid\":false,\"error\":{{\"index\":{},\"kind\":\"{:?}\",\"message\":",
        e.index(),
        e.kind()
    );
    json_str(out, &e.to_string());
    out.push('}');
    out.push_str(
        ",\"scheme\":null,\"userinfo\":null,\"host\":null,\"host_kind\":null,\"port\":null,\"path\":null,\"query\":null,\"fragment\":null",
    );
}

/// `parse --json --grammar rfc2396`: the same object, plus `"authority"` (the whole of it,
/// server or reg_name), `"reg_name"` and `"opaque"` (RFC 2396 sections 3 and 3.2).
fn parse_json_rfc2396(n: u64, bytes: Line<'_>, out: &mut String) -> bool {
    let parsed = line::parse_rfc2396(bytes);
    let valid = parsed.is_ok();
    json_head(out, n, bytes, valid);
    match parsed {
        Ok(uri) => {
            out.push_str(",\"valid\":true,\"error\":null");
            raw_field!(out, "authority", uri.authority());
            let _ = write!(
                out,
                ",\"reg_name\":{},\"opaque\":{}",
                uri.is_reg_name(),
                uri.is_opaque()
            );
            // One run of the server rule for the three parts.
            let server = uri.server();
            json_components(
                out,
                &Parts {
                    scheme: uri.scheme(),
                    userinfo: server.and_then(|s| s.userinfo),
                    host: server.map(|s| s.host),
                    host_kind: uri.host_kind(),
                    port: server.and_then(|s| s.port),
                    path: uri.path(),
                    query: uri.query(),
                    fragment: uri.fragment(),
                },
            );
        }
        Err(e) => json_error(out, &e),
    }
    out.push_str("}\n");
    valid
}

/// The JSON of a `host_kind`.
fn host_kind(kind: Option<HostKind>) -> &'static str {
    match kind {
        None => "null",
        Some(HostKind::RegName) => "\"reg-name\"",
        Some(HostKind::Ipv4) => "\"ipv4\"",
        Some(HostKind::Ipv6) => "\"ipv6\"",
        Some(HostKind::IpvFuture) => "\"ipvfuture\"",
    }
}

/// The components of a parsed line, as the JSON object gives them.
struct Parts<'a> {
    scheme: Option<&'a str>,
    userinfo: Option<&'a str>,
    host: Option<&'a str>,
    host_kind: Option<HostKind>,
    port: Option<&'a str>,
    path: &'a str,
    query: Option<&'a str>,
    fragment: Option<&'a str>,
}

impl<'a> From<&UriRef<'a>> for Parts<'a> {
    fn from(uri: &UriRef<'a>) -> Self {
        Parts {
            scheme: uri.scheme(),
            userinfo: uri.userinfo(),
            host: uri.host(),
            host_kind: uri.host_kind(),
            port: uri.port(),
            path: uri.path(),
            query: uri.query(),
            fragment: uri.fragment(),
        }
    }
}

fn json_components(out: &mut String, p: &Parts<'_>) {
    raw_field!(out, "scheme", p.scheme);
    raw_field!(out, "userinfo", p.userinfo);
    raw_field!(out, "host", p.host);
    out.push_str(",\"host_kind\":");
    out.push_str(host_kind(p.host_kind));
    raw_field!(out, "port", p.port);
    raw_field!(out, "path", Some(p.path));
    raw_field!(out, "query", p.query);
    raw_field!(out, "fragment", p.fragment);
}

/// `urilex check`: `LINE:BYTE: message` for each invalid line, nothing for valid ones.
pub struct Check {
    /// `FILE:` when several files are checked, else empty.
    pub prefix: String,
}

impl LineOp for Check {
    fn numbered(&self) -> bool {
        diagnostics()
    }

    /// The common chunk (text, no `--iri`, no `--grammar rfc2396`) line by line as text,
    /// each only validated (the verdict is all `check` needs), by `UriRef::validate_each`:
    /// the loop compiled with the parser inlined, where the CPU has AVX2.
    fn chunk(&self, first: u64, chunk: &[u8], out: &mut String, err: &mut String) -> Stats {
        let common = line::plain();
        stream::by_text(
            self,
            first,
            chunk,
            common,
            out,
            err,
            |text, stats, out, _| {
                UriRef::validate_each_within(
                    text.as_bytes(),
                    stream::text_lines(text),
                    |_, verdict| {
                        if let Err(e) = verdict {
                            diagnostic(out, &self.prefix, first + stats.lines, e.index(), e);
                            stats.invalid += 1;
                        }
                        stats.lines += 1;
                    },
                )
            },
        )
    }

    fn line(&self, n: u64, bytes: Line<'_>, out: &mut String, _: &mut String) -> bool {
        let checked = if line::rfc2396() {
            line::parse_rfc2396(bytes).map(|_| ())
        } else {
            line::validate(bytes)
        };
        match checked {
            Ok(()) => true,
            Err(e) => {
                diagnostic(out, &self.prefix, n, e.index(), e);
                false
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stream::tests::{chunk_as_by_lines, random_bytes};

    #[test]
    fn check_chunk_says_what_line_by_line_says() {
        // Chunks of URI-ish bytes with bad ones ('"', ' ', '%' out of place, a '\r' inside a
        // line) and line ends: `Check::chunk`'s loop over text lines against the general loop
        // over `Line`s, which checks each line by `line::validate`. Same report, same counts.
        let check = Check {
            prefix: "f:".into(),
        };
        let mut random = random_bytes(b"ab:/?#[]@%2f.\n\r \"");
        for len in 0..300 {
            for _ in 0..20 {
                let chunk = random(len);
                chunk_as_by_lines(&check, &chunk);
            }
        }
    }
}
