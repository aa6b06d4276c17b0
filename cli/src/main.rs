//! `urilex`: the command-line tool.
//!
//! Skeleton until the CLI issue lands. With no arguments and no piped input it runs the main
//! job on the embedded sample (`cli/sample/`) and prints a summary; with input on stdin it
//! reports, for each line, whether it is a valid URI reference.
use std::collections::BTreeMap;
use std::io::{self, BufRead, IsTerminal, Read, Write};
use std::time::Instant;

use urilex::{HostKind, UriRef};

const SAMPLE_URLS: &str = include_str!("../sample/urls.txt");

fn main() -> io::Result<()> {
    let stdin = io::stdin();
    let mut input = String::new();
    if !stdin.is_terminal() {
        stdin.lock().read_to_string(&mut input)?;
    }
    if input.is_empty() {
        return summary(SAMPLE_URLS);
    }
    let mut out = io::BufWriter::new(io::stdout().lock());
    for (n, line) in input.as_bytes().lines().enumerate() {
        let line = line?;
        match UriRef::parse(&line) {
            Ok(_) => writeln!(out, "{}: ok", n + 1)?,
            Err(e) => writeln!(out, "{}:{}: {}", n + 1, e.index(), e)?,
        }
    }
    Ok(())
}

/// The main job: parse every line of the sample and summarize.
fn summary(sample: &str) -> io::Result<()> {
    let lines: Vec<&str> = sample.lines().collect();
    let bytes: usize = lines.iter().map(|l| l.len()).sum();
    let mut schemes: BTreeMap<String, usize> = BTreeMap::new();
    let mut hosts: BTreeMap<&str, usize> = BTreeMap::new();
    let mut errors: BTreeMap<String, (usize, String)> = BTreeMap::new();
    let mut valid = 0usize;
    for line in &lines {
        match UriRef::parse(line) {
            Ok(uri) => {
                valid += 1;
                let scheme = uri
                    .scheme()
                    .map_or("(relative)".to_string(), str::to_ascii_lowercase);
                *schemes.entry(scheme).or_default() += 1;
                let kind = match uri.host_kind() {
                    Some(HostKind::Ipv4) => "IPv4",
                    Some(HostKind::Ipv6) => "IPv6",
                    Some(HostKind::IpvFuture) => "IPvFuture",
                    Some(HostKind::RegName) => "reg-name",
                    None => "(no authority)",
                };
                *hosts.entry(kind).or_default() += 1;
            }
            Err(e) => {
                let entry = errors
                    .entry(format!("{:?}", e.kind()))
                    .or_insert((0, format!("{line:?}: {e}")));
                entry.0 += 1;
            }
        }
    }
    // Throughput: parse the whole sample repeatedly for about half a second.
    let start = Instant::now();
    let mut rounds = 0u32;
    let mut accepted = 0usize;
    while start.elapsed().as_millis() < 500 {
        accepted += lines.iter().filter(|l| UriRef::parse(l).is_ok()).count();
        rounds += 1;
    }
    let secs = start.elapsed().as_secs_f64();
    let mut out = io::stdout().lock();
    writeln!(
        out,
        "urilex: embedded sample of {} lines ({} bytes)",
        lines.len(),
        bytes
    )?;
    writeln!(
        out,
        "valid URI references: {valid}, invalid: {}",
        lines.len() - valid
    )?;
    writeln!(out, "\nby scheme:")?;
    for (scheme, n) in &schemes {
        writeln!(out, "  {scheme:<14} {n:>6}")?;
    }
    writeln!(out, "\nby host kind:")?;
    for (kind, n) in &hosts {
        writeln!(out, "  {kind:<14} {n:>6}")?;
    }
    writeln!(out, "\ninvalid lines by error kind (one example each):")?;
    for (kind, (n, example)) in &errors {
        writeln!(out, "  {kind:<22} {n:>6}   e.g. {example}")?;
    }
    let urls = f64::from(rounds) * lines.len() as f64;
    writeln!(
        out,
        "\nparse throughput: {:.1} M URLs/s, {:.0} MB/s ({rounds} rounds, {} accepted)",
        urls / secs / 1e6,
        f64::from(rounds) * bytes as f64 / secs / 1e6,
        accepted / rounds.max(1) as usize,
    )?;
    Ok(())
}
