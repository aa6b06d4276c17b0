//! The main job: parse a corpus, count what is in it, measure throughput, print a summary.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::{self, Read, Write};
use std::time::{Duration, Instant};

use indicatif::ProgressBar;
use urilex::{HostKind, Normalization, UriRef};

use crate::line::{self, LineError};
use crate::stream::{self, ChunkReader, RunError, CHUNK};

/// The embedded sample: real URLs, one per line (see `cli/sample/README.md`).
pub const SAMPLE_URLS: &str = include_str!("../sample/urls.txt");
/// The embedded sample: `base<TAB>reference` pairs from Common Crawl pages.
#[cfg(feature = "resolve")]
pub const SAMPLE_LINKS: &str = include_str!("../sample/links.tsv");

/// Distinct schemes counted one by one; more than this many go under "(other)" so that a
/// hostile input cannot grow the table without bound.
const MAX_SCHEMES: usize = 64;
/// Schemes listed in the summary; the rest are summed on one line.
const SHOWN_SCHEMES: usize = 8;
/// Examples are cut to this many characters.
const EXAMPLE_CHARS: usize = 72;

/// Counts over a stream of lines. Memory is bounded: a few dozen map entries.
#[derive(Default)]
struct Tally {
    lines: u64,
    bytes: u64,
    valid: u64,
    schemes: BTreeMap<String, u64>,
    hosts: BTreeMap<&'static str, u64>,
    /// Error kind → (count, first line number, first input, message).
    errors: BTreeMap<String, (u64, u64, String, String)>,
}

impl Tally {
    fn add(&mut self, lineno: u64, bytes: &[u8]) {
        self.lines += 1;
        self.bytes += bytes.len() as u64;
        match line::parse(line::Line::new(bytes), &mut String::new()) {
            Ok(uri) => self.add_valid(&uri),
            Err(e) => self.add_error(lineno, bytes, &e),
        }
    }

    fn add_valid(&mut self, uri: &UriRef<'_>) {
        self.valid += 1;
        let scheme = uri.scheme().unwrap_or("(relative ref)");
        // Schemes are case-insensitive (RFC 3986 §3.1): count them lowercased, without
        // allocating for a scheme seen before in the usual lowercase form.
        if let Some(n) = self.schemes.get_mut(scheme) {
            *n += 1;
        } else {
            let lower = scheme.to_ascii_lowercase();
            if self.schemes.contains_key(&lower) || self.schemes.len() < MAX_SCHEMES {
                *self.schemes.entry(lower).or_default() += 1;
            } else {
                *self.schemes.entry("(other)".into()).or_default() += 1;
            }
        }
        let kind = match uri.host_kind() {
            Some(HostKind::Ipv4) => "IPv4address",
            Some(HostKind::Ipv6) => "IPv6address",
            Some(HostKind::IpvFuture) => "IPvFuture",
            Some(HostKind::RegName) if uri.host() == Some("") => "empty reg-name",
            Some(HostKind::RegName) => "reg-name",
            None => "(no authority)",
        };
        *self.hosts.entry(kind).or_default() += 1;
    }

    fn add_error(&mut self, lineno: u64, bytes: &[u8], e: &LineError) {
        let entry = self
            .errors
            .entry(format!("{:?}", e.kind()))
            .or_insert_with(|| {
                (
                    0,
                    lineno,
                    cut(&String::from_utf8_lossy(bytes)),
                    e.to_string(),
                )
            });
        entry.0 += 1;
    }

    fn print(&self, out: &mut dyn Write, what: &str) -> io::Result<()> {
        writeln!(
            out,
            "urilex: {what}: {} lines, {} bytes",
            self.lines, self.bytes
        )?;
        let invalid = self.lines - self.valid;
        writeln!(
            out,
            "  valid URI references: {} ({:.2}%), invalid: {invalid}",
            self.valid,
            percent(self.valid, self.lines)
        )?;
        writeln!(out, "\nby scheme:")?;
        let schemes = by_count(self.schemes.iter().map(|(k, v)| (k.as_str(), *v)));
        for (scheme, n) in schemes.iter().take(SHOWN_SCHEMES) {
            writeln!(out, "  {scheme:<20} {n:>9}")?;
        }
        if let Some(rest) = schemes.get(SHOWN_SCHEMES..).filter(|r| !r.is_empty()) {
            let n: u64 = rest.iter().map(|(_, n)| n).sum();
            let label = format!("({} others)", rest.len());
            writeln!(out, "  {label:<20} {n:>9}")?;
        }
        writeln!(out, "\nby host kind:")?;
        for (kind, n) in by_count(self.hosts.iter().map(|(k, v)| (*k, *v))) {
            writeln!(out, "  {kind:<20} {n:>9}")?;
        }
        writeln!(out, "\ninvalid lines by error kind (one example each):")?;
        if self.errors.is_empty() {
            writeln!(out, "  (none)")?;
        }
        let mut errors: Vec<_> = self.errors.iter().collect();
        errors.sort_by(|a, b| b.1 .0.cmp(&a.1 .0).then(a.0.cmp(b.0)));
        for (kind, (n, lineno, input, msg)) in errors {
            writeln!(out, "  {kind:<22} {n:>7}   e.g. line {lineno}: {input:?}")?;
            writeln!(out, "  {:<22} {:>7}        {msg}", "", "")?;
        }
        Ok(())
    }
}

/// Largest count first, then by name.
fn by_count<'a>(it: impl Iterator<Item = (&'a str, u64)>) -> Vec<(&'a str, u64)> {
    let mut v: Vec<_> = it.collect();
    v.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
    v
}

fn percent(n: u64, of: u64) -> f64 {
    if of == 0 {
        0.0
    } else {
        n as f64 * 100.0 / of as f64
    }
}

/// The first [`EXAMPLE_CHARS`] characters of `s`, with `…` if cut.
fn cut(s: &str) -> String {
    match s.char_indices().nth(EXAMPLE_CHARS) {
        Some((i, _)) => format!("{}…", &s[..i]),
        None => s.to_owned(),
    }
}

/// Runs `f` over and over for about `budget`, returns (rounds, seconds).
fn time(budget: Duration, mut f: impl FnMut() -> usize) -> (u64, f64, usize) {
    let start = Instant::now();
    let mut rounds = 0u64;
    let mut check = 0usize;
    while rounds == 0 || start.elapsed() < budget {
        check = check.wrapping_add(std::hint::black_box(f()));
        rounds += 1;
    }
    (rounds, start.elapsed().as_secs_f64(), check)
}

fn rate(
    out: &mut dyn Write,
    what: &str,
    rounds: u64,
    secs: f64,
    items: usize,
    bytes: usize,
) -> io::Result<()> {
    let n = rounds as f64 * items as f64;
    writeln!(
        out,
        "  {what:<34} {:>7.2} M URLs/s {:>8.0} MB/s",
        n / secs / 1e6,
        rounds as f64 * bytes as f64 / secs / 1e6
    )
}

/// Resolution (RFC 3986 §5.2) of the sample links against their pages: counts, an example,
/// failures by reason. Returns the links for the throughput run.
#[cfg(feature = "resolve")]
fn resolution(w: &mut dyn Write) -> Result<Vec<(&'static str, &'static str)>, RunError> {
    let links: Vec<(&str, &str)> = SAMPLE_LINKS
        .lines()
        .filter_map(|l| l.split_once('\t'))
        .collect();
    let mut failures: BTreeMap<&str, (u64, String)> = BTreeMap::new();
    let mut resolved = 0u64;
    let mut example = None;
    for (b, r) in &links {
        let outcome = match (UriRef::parse(b), UriRef::parse(r)) {
            (Err(e), _) => Err(("invalid base", e.to_string())),
            (_, Err(e)) => Err(("invalid reference", e.to_string())),
            (Ok(base), Ok(rf)) => rf
                .resolve(&base)
                .map(|res| res.to_string())
                .map_err(|e| ("not resolvable", e.to_string())),
        };
        match outcome {
            Ok(s) => {
                resolved += 1;
                if example.is_none() && r.contains("..") {
                    example = Some((cut(b), cut(r), cut(&s)));
                }
            }
            Err((why, msg)) => {
                let e = failures
                    .entry(why)
                    .or_insert_with(|| (0, format!("{:?}: {msg}", cut(r))));
                e.0 += 1;
            }
        }
    }
    writeln!(
        w,
        "\nresolution of {} links against their pages (cli/sample/links.tsv): {resolved} resolved",
        links.len()
    )
    .map_err(RunError::Output)?;
    if let Some((b, r, s)) = example {
        writeln!(w, "  e.g. {r:?} on {b}\n    -> {s}").map_err(RunError::Output)?;
    }
    for (why, (n, ex)) in &failures {
        writeln!(w, "  {why:<20} {n:>6}   e.g. {ex}").map_err(RunError::Output)?;
    }

    Ok(links)
}

/// The summary of the embedded sample, with throughput measured on it.
pub fn of_sample() -> Result<(), RunError> {
    let mut tally = Tally::default();
    for (i, l) in stream::lines(SAMPLE_URLS.as_bytes()).enumerate() {
        tally.add(i as u64 + 1, l);
    }
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let w = &mut out as &mut dyn Write;
    tally
        .print(w, "embedded sample (cli/sample/urls.txt)")
        .map_err(RunError::Output)?;

    // Normalization (RFC 3986 §6.2.2, and §6.2.2 + §6.2.3) of the valid lines.
    let mut buf = String::new();
    let (mut changed, mut changed_sb, mut example) = (0u64, 0u64, None);
    for l in SAMPLE_URLS.lines() {
        if let Ok(uri) = UriRef::parse(l) {
            buf.clear();
            let _ = write!(buf, "{}", uri.normalized());
            if buf != l {
                changed += 1;
                example.get_or_insert_with(|| (cut(l), cut(&buf)));
            }
            buf.clear();
            let _ = write!(buf, "{}", uri.normalized_with(Normalization::SchemeBased));
            if buf != l {
                changed_sb += 1;
            }
        }
    }
    writeln!(
        w,
        "\nnormalization of the {} valid lines: {changed} changed by RFC 3986 section 6.2.2, {changed_sb} with section 6.2.3 too",
        tally.valid
    )
    .map_err(RunError::Output)?;
    if let Some((from, to)) = example {
        writeln!(w, "  e.g. {from}\n    -> {to}").map_err(RunError::Output)?;
    }

    #[cfg(feature = "resolve")]
    let links = resolution(w)?;
    #[cfg(not(feature = "resolve"))]
    writeln!(
        w,
        "\nresolution: not in this build (the CLI's `resolve` feature is off)"
    )
    .map_err(RunError::Output)?;

    let lines: Vec<&str> = SAMPLE_URLS.lines().collect();
    let bytes: usize = lines.iter().map(|l| l.len()).sum();
    let budget = Duration::from_millis(300);
    writeln!(
        w,
        "\nthroughput on the sample (one core, {} lines, {bytes} bytes):",
        lines.len()
    )
    .map_err(RunError::Output)?;
    let (rounds, secs, _) = time(budget, || {
        lines.iter().filter(|l| UriRef::parse(l).is_ok()).count()
    });
    rate(w, "parse", rounds, secs, lines.len(), bytes).map_err(RunError::Output)?;
    let (rounds, secs, _) = time(budget, || {
        let mut n = 0;
        for l in &lines {
            if let Ok(uri) = UriRef::parse(l) {
                buf.clear();
                let _ = write!(buf, "{}", uri.normalized());
                n += buf.len();
            }
        }
        n
    });
    rate(
        w,
        "parse + normalize (6.2.2)",
        rounds,
        secs,
        lines.len(),
        bytes,
    )
    .map_err(RunError::Output)?;
    #[cfg(feature = "resolve")]
    {
        let link_bytes: usize = links.iter().map(|(b, r)| b.len() + r.len()).sum();
        let (rounds, secs, _) = time(budget, || {
            let mut n = 0;
            for (b, r) in &links {
                if let (Ok(base), Ok(rf)) = (UriRef::parse(b), UriRef::parse(r)) {
                    if let Ok(res) = rf.resolve(&base) {
                        buf.clear();
                        res.append_to(&mut buf);
                        n += buf.len();
                    }
                }
            }
            n
        });
        rate(
            w,
            "parse base + ref, resolve (links)",
            rounds,
            secs,
            links.len(),
            link_bytes,
        )
        .map_err(RunError::Output)?;
    }
    out.flush().map_err(RunError::Output)
}

/// The summary of a stream of lines (stdin or a file), timed end to end.
pub fn of_stream<R: Read>(src: R, name: &str, pb: Option<&ProgressBar>) -> Result<(), RunError> {
    let start = Instant::now();
    let mut tally = Tally::default();
    let mut reader = ChunkReader::new(src, CHUNK);
    let mut chunk = stream::Chunk::default();
    while reader.next_chunk(&mut chunk).map_err(RunError::Input)? {
        let buf = chunk.as_slice();
        for l in stream::lines(buf) {
            tally.add(tally.lines + 1, l);
        }
        if let Some(pb) = pb {
            pb.inc(buf.len() as u64);
        }
    }
    if let Some(pb) = pb {
        pb.finish_and_clear();
    }
    let secs = start.elapsed().as_secs_f64().max(1e-9);
    let stdout = io::stdout();
    let mut out = stdout.lock();
    if tally.lines == 0 {
        // Never an all-zero report: say what happened and how to run the sample.
        return writeln!(
            out,
            "{name}: no lines, nothing to summarize.\n\
             The main job on the embedded sample: urilex summary --sample\n\
             (from the repository: cargo run --release -- summary --sample); the subcommands: urilex --help"
        )
        .map_err(RunError::Output);
    }
    tally.print(&mut out, name).map_err(RunError::Output)?;
    writeln!(
        out,
        "\nread, parsed and counted in {secs:.3} s: {:.2} M URLs/s, {:.0} MB/s (one core, I/O included)",
        tally.lines as f64 / secs / 1e6,
        tally.bytes as f64 / secs / 1e6
    )
    .map_err(RunError::Output)?;
    out.flush().map_err(RunError::Output)
}
