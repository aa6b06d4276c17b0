//! `java.net.URI` (RFC 2396 as amended by RFC 2732) as an independent oracle for
//! `urilex::rfc2396`: validity and every component on every corpus line, every conformance
//! input and 100,000 generated strings. Each disagreement is either fixed or one of the
//! documented differences below, each with its RFC 2396 section.
//!
//! Needs a JDK (`javac`, `java`); `.ci/run` installs one. Without it the test says so and
//! passes, except under CI (`CI` set), where it fails.

#[allow(dead_code)]
mod support;

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

use proptest::strategy::{Strategy, ValueTree};
use urilex::rfc2396;

/// (scheme, authority, userinfo, host, port, path, query, fragment, opaque), as Java gives
/// them (`None` for null; a port as its decimal text, `None` for -1; the path of an opaque URI
/// is its scheme-specific part).
type Parts = [Option<String>; 9];

/// Compiles and runs the oracle over `inputs`; `None` when there is no JDK here.
fn java_parse(inputs: &[String]) -> Option<Vec<Option<Parts>>> {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("rfc2396_java");
    std::fs::create_dir_all(&dir).unwrap();
    let javac = Command::new("javac")
        .args(["-d", dir.to_str().unwrap(), "tests/java/Rfc2396Oracle.java"])
        .status();
    match javac {
        Ok(status) if status.success() => {}
        Ok(status) => panic!("javac failed: {status}"),
        Err(e) => {
            assert!(
                std::env::var_os("CI").is_none(),
                "javac not found under CI ({e}): .ci/run installs a JDK"
            );
            eprintln!("SKIPPED: no javac here ({e}); install a JDK to run the java.net.URI oracle");
            return None;
        }
    }
    let mut child = Command::new("java")
        .args(["-cp", dir.to_str().unwrap(), "Rfc2396Oracle"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("java runs");
    let mut stdin = child.stdin.take().unwrap();
    let writer = {
        let inputs = inputs.to_vec();
        std::thread::spawn(move || {
            let mut w = std::io::BufWriter::new(&mut stdin);
            for input in inputs {
                writeln!(w, "{}", hex(input.as_bytes())).unwrap();
            }
        })
    };
    let out = BufReader::new(child.stdout.take().unwrap());
    let mut results = Vec::with_capacity(inputs.len());
    for line in out.lines() {
        let line = line.unwrap();
        let mut fields = line.split('\t');
        results.push(match fields.next() {
            Some("V") => {
                let parts: Vec<Option<String>> =
                    fields.map(|f| (f != "-").then(|| unhex(f))).collect();
                Some(parts.try_into().expect("nine fields"))
            }
            _ => None,
        });
    }
    writer.join().unwrap();
    assert!(child.wait().unwrap().success());
    assert_eq!(results.len(), inputs.len(), "one answer per input");
    Some(results)
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn unhex(s: &str) -> String {
    let bytes: Vec<u8> = (0..s.len() / 2)
        .map(|i| u8::from_str_radix(&s[2 * i..2 * i + 2], 16).unwrap())
        .collect();
    String::from_utf8(bytes).unwrap()
}

/// Ours, in Java's terms.
fn ours(input: &str) -> Option<Parts> {
    let u = rfc2396::parse(input).ok()?;
    let own = |s: Option<&str>| s.map(str::to_string);
    // Java's port is an int: -1 when absent or empty.
    let port = u
        .port()
        .filter(|p| !p.is_empty())
        .map(|p| p.trim_start_matches('0').to_string());
    let port = port.map(|p| if p.is_empty() { "0".to_string() } else { p });
    Some([
        own(u.scheme()),
        own(u.authority()),
        own(u.userinfo()),
        own(u.host()),
        port,
        Some(u.path().to_string()),
        own(u.query()),
        own(u.fragment()),
        Some(if u.is_opaque() { "1" } else { "0" }.to_string()),
    ])
}

/// The documented differences between RFC 2396 (as this crate reads it) and `java.net.URI`:
/// the reason when `input` is one of them.
fn known_difference(
    input: &str,
    ours: &Option<Parts>,
    java: &Option<Parts>,
) -> Option<&'static str> {
    let b = input.as_bytes();
    if !input.is_ascii() {
        // RFC 2396 §2: URIs are US-ASCII. java.net.URI also takes "other" characters
        // (non-ASCII, not control or space), as its docs say.
        return Some("non-ASCII: java.net.URI's \"other\" characters");
    }
    if let Some(o) = ours {
        let mut without_authority = o.clone();
        (without_authority[1], without_authority[3]) = (None, None);
        let java_empty = match java {
            Some(j) => *j == without_authority,
            None => o[5].as_deref() == Some(""),
        };
        if o[1].as_deref() == Some("") && java_empty {
            // §3.2.2 server = [ [ userinfo "@" ] hostport ]: an empty authority is a server.
            // java.net.URI gives null for it ("file:///x"), and refuses it when the path is
            // empty too ("http://": "Expected authority").
            return Some("empty authority: null in java.net.URI, or refused without a path");
        }
        if let Some(host) = o[3].as_deref() {
            let v4_over_255 = |h: &str| {
                h.trim_start_matches('[')
                    .trim_end_matches(']')
                    .rsplit(':')
                    .next()
                    .is_some_and(|v4| {
                        let parts: Vec<&str> = v4.split('.').collect();
                        parts.len() == 4
                            && parts
                                .iter()
                                .any(|p| p.parse::<u32>().is_ok_and(|n| n > 255))
                    })
            };
            let java_reg_name = java.as_ref().map_or(true, |j| j[3].is_none());
            if v4_over_255(host) && java_reg_name {
                // RFC 2732 §3 (and RFC 2396 §3.2.2): IPv4address = 1*3DIGIT "." ..., any
                // value; java.net.URI checks each part against 255 and falls back to reg_name
                // (or refuses an IPv6 reference).
                return Some("IPv4 part above 255");
            }
            if o[4].as_deref().is_some_and(|p| p.len() > 9) && java_reg_name {
                // §3.2.2 port = *digit, any length; java.net.URI reads an int, and falls back
                // to reg_name when it overflows.
                return Some("port beyond a Java int");
            }
        }
        if let (Some(authority), None, Some(j)) = (o[1].as_deref(), o[3].as_deref(), java) {
            if j[3].is_some() && java_hostname(authority) {
                // §3.2.2 toplabel = alpha | alpha *( alphanum | "-" ) alphanum: a hostname's
                // last label starts with a letter. java.net.URI checks that only when there
                // is a '.' before that label ("256", "0x7f", "9." are hosts there, reg_names
                // here), and reads an IPv4 part of any number of digits up to the value 255
                // ("0000177.0.0.1": RFC 2732 §3 has 1*3DIGIT).
                return Some("a host java.net.URI's looser hostname or IPv4 rule takes");
            }
        }
    } else if java.is_some() {
        // RFC 2732 §3 has no zone index in an IPv6 reference; java.net.URI takes RFC 4007's
        // "%zone" ("[fe80::1%25en0]").
        if input.contains('[') && input.contains('%') {
            return Some("IPv6 zone index");
        }
        // §3 opaque_part = uric_no_slash *uric, and uric_no_slash has no '[' or ']' (RFC
        // 2732 only added them to "reserved"); java.net.URI checks the whole part as *uric.
        if let Some((_, rest)) = input.split_once(':') {
            if rest.starts_with(['[', ']']) {
                return Some("opaque part starting with '[' or ']'");
            }
        }
        // RFC 2732 §3: an IPv4address in an IPv6 reference has 1*3DIGIT parts; java.net.URI
        // checks values up to 255 only, so "[::1.2.3.4444]"-like inputs differ the other way.
        let _ = b;
    }
    None
}

/// Whether `host[:port]` (no '@') is a hostname or IPv4 address by java.net.URI's rules: labels
/// of alphanumerics and inner '-', and any last label; or four parts of digits up to 255.
fn java_hostname(authority: &str) -> bool {
    // [ userinfo "@" ] hostport, userinfo without '@'.
    let hostport = authority.split_once('@').map_or(authority, |(_, hp)| hp);
    let host = hostport.split(':').next().unwrap_or_default();
    let port_ok = hostport
        .split_once(':')
        .map_or(true, |(_, p)| p.bytes().all(|b| b.is_ascii_digit()));
    let label = |l: &str| {
        !l.is_empty()
            && l.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
            && !l.starts_with('-')
            && !l.ends_with('-')
    };
    let host = host.strip_suffix('.').unwrap_or(host);
    port_ok && !hostport.contains('@') && host.split('.').all(label)
}

#[test]
fn java_net_uri_agrees() {
    let mut inputs: Vec<String> = support::data::corpus_lines()
        .into_iter()
        .map(|(_, l)| l)
        .collect();
    let csv = std::fs::read_to_string("../shared/corpora/commoncrawl_relative_10k.csv").unwrap();
    for line in csv.lines().skip(1) {
        inputs.extend(line.splitn(2, ',').map(str::to_string));
    }
    inputs.extend(support::data::all_conformance_strings());
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    let strategy = support::rfc2396_inputs::reference_strategy();
    for _ in 0..100_000 {
        inputs.push(strategy.new_tree(&mut runner).unwrap().current());
    }
    // A line break would split an input in two on its way to Java.
    inputs.retain(|s| !s.contains(['\n', '\r']));
    assert!(inputs.len() > 200_000, "{}", inputs.len());

    let Some(java) = java_parse(&inputs) else {
        return;
    };
    let mut failures = Vec::new();
    let mut known: std::collections::BTreeMap<&str, usize> = Default::default();
    let (mut agree, mut valid) = (0, 0);
    for (input, java) in inputs.iter().zip(&java) {
        let ours = ours(input);
        if ours == *java {
            agree += 1;
            valid += usize::from(ours.is_some());
            continue;
        }
        match known_difference(input, &ours, java) {
            Some(reason) => *known.entry(reason).or_default() += 1,
            None => failures.push(format!("{input:?}: ours {ours:?}, java {java:?}")),
        }
    }
    eprintln!("{agree} agree ({valid} valid), documented differences: {known:?}");
    support::assert_no_failures(&failures, "disagreements with java.net.URI");
    assert!(valid > 100_000, "{valid}");
}
