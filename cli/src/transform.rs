//! The transforming subcommands: resolve, normalize, extract.
//!
//! `resolve` and `normalize` print one output line per input line; a line that cannot be
//! processed gives an empty output line (so the output stays aligned with the input) and a
//! `LINE:BYTE: message` diagnostic on stderr.

use std::fmt::Write as _;

#[cfg(feature = "resolve")]
use urilex::{Base, Mode, Resolver};
use urilex::{Normalization, UriRef};

use crate::edit::Canon;
use crate::line::{self, Line};
use crate::ops::{diagnostic, diagnostics};
#[cfg(feature = "extract")]
use crate::stream::Cut;
use crate::stream::{self, LineOp, Stats};

/// `urilex normalize`.
pub struct Normalize {
    /// §6.2.2 only, or §6.2.2 + §6.2.3.
    pub level: Normalization,
    /// The canonical-form options, applied to the normal form.
    pub canon: Canon,
}

impl LineOp for Normalize {
    fn numbered(&self) -> bool {
        diagnostics()
    }

    /// The common chunk (text, no `--iri`, no `--grammar rfc2396`, no canonical-form
    /// options) line by line as text. Most lines are in normal form already: those are
    /// copied in runs, from the first of them through the last one's `\n`, one copy where a
    /// line of its own takes two (the line, then a `\n`); any other line (changed, invalid,
    /// or ending in `\r\n` or at the end of the input without `\n`) ends the run, and its
    /// normal form is appended as it is written.
    fn chunk(&self, first: u64, chunk: &[u8], out: &mut String, err: &mut String) -> Stats {
        let common = line::plain() && !self.canon.is_active();
        stream::by_text(
            self,
            first,
            chunk,
            common,
            out,
            err,
            |text, stats, out, err| {
                let bytes = text.as_bytes();
                // The run: text[run.start..run.end], lines to copy as they stand, each with its
                // "\n"; `run.end` is where the next line must start to join it.
                let mut run = 0..0;
                for span in stream::line_spans(bytes) {
                    let line = text.get(span.clone()).unwrap_or_default();
                    stats.lines += 1;
                    match UriRef::parse(line) {
                        Ok(uri) => {
                            let normal = uri.normalized_with(self.level);
                            let joins =
                                span.start == run.end && bytes.get(span.end) == Some(&b'\n');
                            if joins && normal.is_unchanged() {
                                run.end = span.end + 1;
                                continue;
                            }
                            out.push_str(text.get(run).unwrap_or_default());
                            normal.append_to(out);
                        }
                        Err(e) => {
                            out.push_str(text.get(run).unwrap_or_default());
                            diagnostic(err, "", first + stats.lines - 1, e.index(), e);
                            stats.invalid += 1;
                        }
                    }
                    out.push('\n');
                    let next = stream::after_line(bytes, span.end);
                    run = next..next;
                }
                out.push_str(text.get(run).unwrap_or_default());
            },
        )
    }

    fn line(&self, n: u64, bytes: Line<'_>, out: &mut String, err: &mut String) -> bool {
        // `--grammar rfc2396`: the normal form of RFC 2396 section 6 (scheme and host in lower
        // case, a default port elided); otherwise RFC 3986's at `level`.
        let written = if line::rfc2396() {
            line::parse_rfc2396(bytes).map(|uri| self.write(uri.normalized(), out))
        } else {
            line::parse(bytes, &mut String::new()).map(|uri| {
                let normal = uri.normalized_with(self.level);
                if self.canon.is_active() {
                    self.write(normal, out);
                } else {
                    normal.append_to(out); // no formatting machinery on the common path
                }
            })
        };
        out.push('\n');
        match written {
            Ok(()) => true,
            Err(e) => {
                diagnostic(err, "", n, e.index(), e);
                false
            }
        }
    }
}

impl Normalize {
    /// Writes a normal form, then the canonical-form options.
    fn write(&self, normal: impl std::fmt::Display, out: &mut String) {
        if self.canon.is_active() {
            self.canon.apply(&normal.to_string(), out);
        } else {
            let _ = write!(out, "{normal}");
        }
    }
}

#[cfg(feature = "resolve")]
/// `urilex resolve`: against one base, or `base<TAB>reference` per line.
pub struct Resolve<'b> {
    /// The `--base`, parsed and prepared once (a crawler's page and its links).
    pub base: Option<Base<'b>>,
    /// The mode.
    pub resolver: Resolver,
}

#[cfg(feature = "resolve")]
impl LineOp for Resolve<'_> {
    fn numbered(&self) -> bool {
        diagnostics()
    }

    /// The common chunk of `base<TAB>reference` lines (text, strict mode, no `--base`, no
    /// `--iri`, no `--grammar rfc2396`) line by line as text: each pair the common way
    /// (`join_into`), a base equal to the line before's not parsed again; a line it does not
    /// take (no tab, an invalid base or reference, ...) goes to [`Resolve::line`], which says
    /// why.
    fn chunk(&self, first: u64, chunk: &[u8], out: &mut String, err: &mut String) -> Stats {
        let common = self.base.is_none() && self.resolver.mode() == Mode::Strict && line::plain();
        stream::by_text(
            self,
            first,
            chunk,
            common,
            out,
            err,
            |text, stats, out, err| {
                // The last base parsed: a page's links come in runs with the same base (a
                // crawler's (page, link) pairs), which is then parsed once per run. Kept as
                // the parser's result itself (a base that failed is parsed again, and fails
                // again): turned into an `Option` it measured 1.5% slower on the Common
                // Crawl pairs. It starts as "", whose join fails as an empty base's would
                // (no scheme).
                let mut last = UriRef::parse("");
                for (n, pair) in (first..).zip(stream::text_lines(text)) {
                    stats.lines += 1;
                    let joined = line::split_at_tab(pair).is_some_and(|(base, reference)| {
                        if !last.as_ref().is_ok_and(|uri| uri.as_str() == base) {
                            last = UriRef::parse(base);
                        }
                        last.as_ref()
                            .is_ok_and(|base| base.join_into(reference, out).is_ok())
                    });
                    if joined {
                        out.push('\n');
                    } else if !self.line(n, Line::text(pair), out, err) {
                        stats.invalid += 1;
                    }
                }
            },
        )
    }

    fn line(&self, n: u64, bytes: Line<'_>, out: &mut String, err: &mut String) -> bool {
        let fail = |out: &mut String,
                    err: &mut String,
                    at: usize,
                    what: &str,
                    e: &dyn std::fmt::Display| {
            out.push('\n');
            diagnostic(err, "", n, at, format_args!("{what}{e}"));
            false
        };
        if let Some(base) = &self.base {
            return match line::parse(bytes, &mut String::new()) {
                Ok(r) => {
                    // A prepared base cannot fail, and nothing is allocated once `out` is
                    // large enough.
                    self.resolver.resolve_base_into(&r, base, out);
                    out.push('\n');
                    true
                }
                Err(e) => fail(out, err, e.index(), "", &e),
            };
        }
        let Some((b, r)) = bytes.split_at_tab() else {
            return fail(
                out,
                err,
                bytes.bytes.len(),
                "",
                &"expected base<TAB>reference, found no tab (or give --base URI)",
            );
        };
        let tab = b.bytes.len();
        let (mut mapped_base, mut mapped_ref) = (String::new(), String::new());
        let base = match line::parse(b, &mut mapped_base) {
            Ok(base) => base,
            Err(e) => return fail(out, err, e.index(), "base: ", &e),
        };
        // Strict mode: `join_into` reads of the base only what the reference needs and
        // writes the target without building the view. What it refuses (an invalid
        // reference, an IRI to map with --iri, a base without a scheme) writes nothing and
        // takes the way below, which says why.
        if self.resolver.mode() == Mode::Strict {
            if let Some(text) = r.as_str() {
                if base.join_into(text, out).is_ok() {
                    out.push('\n');
                    return true;
                }
            }
        }
        let r = match line::parse(r, &mut mapped_ref) {
            Ok(r) => r,
            Err(e) => return fail(out, err, tab + 1 + e.index(), "reference: ", &e),
        };
        match self.resolver.resolve(&r, &base) {
            Ok(resolved) => {
                resolved.append_to(out);
                out.push('\n');
                true
            }
            Err(e) => fail(out, err, 0, "", &e),
        }
    }
}

#[cfg(feature = "extract")]
/// `urilex extract`: the URIs found in running text or HTML, one per line.
pub struct Extract<'b> {
    /// Read HTML (attributes, character references) instead of plain text.
    pub html: bool,
    /// Prefix each URI with `LINE:`.
    pub line_number: bool,
    /// `--base`: print each URI resolved against it.
    pub base: Option<urilex::Base<'b>>,
    /// `--base` with `--grammar whatwg`: each link resolved as a browser resolves it (the URL
    /// Standard: `\\` as `/`, a space as `%20`, hosts as A-labels).
    pub whatwg_base: Option<urilex::whatwg::Url>,
}

#[cfg(feature = "extract")]
impl LineOp for Extract<'_> {
    fn cut(&self) -> Cut {
        extract_cut
    }

    fn line(&self, n: u64, bytes: Line<'_>, out: &mut String, err: &mut String) -> bool {
        self.chunk(n, bytes.bytes, out, err);
        true
    }

    /// The whole chunk goes to the extractor at once (a `<…>` form may span lines; the reader
    /// cuts chunks where no `<` is open, see [`extract_cut`]).
    fn chunk(&self, first: u64, chunk: &[u8], out: &mut String, _: &mut String) -> Stats {
        let lines = stream::lines(chunk).count() as u64;
        // Line numbers: newlines counted incrementally between successive matches.
        let (mut line, mut at) = (first, 0usize);
        let mut emit = |start: usize, text: &str, out: &mut String| {
            if self.line_number {
                let upto = start.min(chunk.len()).max(at);
                line += memchr::memchr_iter(b'\n', &chunk[at..upto]).count() as u64;
                at = upto;
                let _ = write!(out, "{line}:");
            }
            match (&self.base, &self.whatwg_base) {
                (Some(base), _) => {
                    let mark = out.len();
                    if base.resolve_str_into(text, out).is_err() {
                        out.truncate(mark);
                        out.push_str(text);
                    }
                }
                (None, Some(base)) => match base.join(text) {
                    Ok(url) => out.push_str(url.href()),
                    Err(_) => out.push_str(text),
                },
                _ => out.push_str(text),
            }
            out.push('\n');
        };
        if self.html {
            for f in urilex::extract_html(chunk) {
                emit(f.range().start, f.as_str(), out);
            }
        } else {
            for f in urilex::extract(chunk) {
                emit(f.range().start, f.as_str(), out);
            }
        }
        Stats {
            lines,
            invalid: 0,
            bytes: chunk.len() as u64,
        }
    }
}

#[cfg(feature = "extract")]
/// Where an `extract` chunk may end: after a `\n` with no `<` open before it (a `<…>` form
/// may hold line breaks, RFC 3986 Appendix C). `None` when every `\n` is inside an open `<`;
/// the reader then reads on, and cuts at the last `\n` anyway once the chunk is a few times
/// its usual size (an unclosed `<` must not stop streaming).
pub fn extract_cut(buf: &[u8]) -> Option<usize> {
    let mut nl = memchr::memrchr(b'\n', buf)?;
    // A few steps back at most: each step skips one open `<`.
    for _ in 0..64 {
        let Some(lt) = memchr::memrchr(b'<', &buf[..nl]) else {
            return Some(nl + 1);
        };
        if memchr::memchr(b'>', &buf[lt..nl]).is_some() {
            return Some(nl + 1);
        }
        nl = memchr::memrchr(b'\n', &buf[..lt])?;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stream::tests::{chunk_as_by_lines, random_bytes};

    #[cfg(feature = "resolve")]
    #[test]
    fn resolve_chunk_says_what_line_by_line_says() {
        // Chunks of `base<TAB>reference` lines: bases valid and not (no scheme, a bad byte),
        // references of random bytes with dot-segments, schemes and bad bytes, lines without
        // a tab or with two, CRLF: `Resolve::chunk`'s loop over text lines against the
        // general loop over `Line`s. Same output, same diagnostics, same counts.
        let op = Resolve {
            base: None,
            resolver: Resolver::new(Mode::Strict),
        };
        let bases = [
            "http://a/b/c/d;p?q",
            "h:",
            "h:/x",
            "//a/b",
            "h://a",
            "h://a b/",
        ];
        let (mut clean, mut noisy) = (random_bytes(b"h:/?#.ab."), random_bytes(b"h:/?#.ab.%\t "));
        let mut pick = random_bytes(b"012345");
        let (mut joined, mut lines) = (0, 0);
        for len in 0..40 {
            for _ in 0..100 {
                let mut chunk = Vec::new();
                for k in 0..5 {
                    let base = bases[usize::from(pick(1)[0] - b'0')];
                    chunk.extend_from_slice(base.as_bytes());
                    chunk.push(b'\t');
                    chunk.extend(if k == 0 { noisy(len) } else { clean(len) });
                    chunk.extend_from_slice(if len % 3 == 0 { b"\r\n" } else { b"\n" });
                }
                let stats = chunk_as_by_lines(&op, &chunk);
                joined += stats.lines - stats.invalid;
                lines += stats.lines;
            }
        }
        // Both ways taken often: the pairs joined, and the lines that go to `Resolve::line`.
        assert!(
            joined > lines / 10 && joined < lines * 9 / 10,
            "{joined} of {lines}"
        );
    }

    #[test]
    fn normalize_chunk_says_what_line_by_line_says() {
        // Chunks of URI-ish bytes with case, percent-encodings, dot-segments, bad bytes and
        // line ends: `Normalize::chunk`'s loop over text lines against the general loop over
        // `Line`s, at both levels. Same output, same diagnostics, same counts. The second
        // alphabet makes mostly lines in normal form already, which the chunk's loop copies
        // in runs, broken by the others and by "\r\n".
        for alphabet in [&b"aB:/?#@%2f.E\n\r \""[..], b"ab/:?#%2F.\n\n\n\r"] {
            let mut random = random_bytes(alphabet);
            for level in [Normalization::Syntax, Normalization::SchemeBased] {
                let op = Normalize {
                    level,
                    canon: Canon::default(),
                };
                for len in 0..300 {
                    for _ in 0..10 {
                        let chunk = random(len);
                        chunk_as_by_lines(&op, &chunk);
                    }
                }
            }
        }
    }
}
