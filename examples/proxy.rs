//! A proxy's first step: read HTTP/1.1 request heads (request line and header fields, up to
//! an empty line) from stdin and print, for each, the target URI of RFC 9112 §3.3 or the 400
//! reason, one line per request.
//!
//! ```sh
//! printf 'GET /where?q=now HTTP/1.1\r\nHost: www.example.org\r\n\r\nGET //evil/p HTTP/1.1\r\n\r\n' \
//!     | cargo run --example proxy
//! http://www.example.org/where?q=now
//! 400 no Host header for an origin-form or asterisk-form target (RFC 9112 section 3.2)
//! ```

use std::io::{self, BufRead, Write};

use urilex::RequestTarget;

/// The target URI of one request head, or why it gets a 400.
fn target_uri(head: &[String]) -> Result<String, String> {
    let request_line = head.first().ok_or("empty request")?;
    // request-line = method SP request-target SP HTTP-version (RFC 9112 §3)
    let mut parts = request_line.split(' ');
    let (Some(method), Some(target), Some(version), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return Err(format!(
            "malformed request line {request_line:?} (RFC 9112 section 3)"
        ));
    };
    if !version.starts_with("HTTP/") {
        return Err(format!("malformed HTTP version {version:?}"));
    }
    let target = RequestTarget::parse(method, target).map_err(|e| e.to_string())?;
    // RFC 9112 §3.2: more than one Host field is a 400.
    let hosts: Vec<&str> = head[1..]
        .iter()
        .filter_map(|field| field.split_once(':'))
        .filter(|(name, _)| name.eq_ignore_ascii_case("host"))
        .map(|(_, value)| value.trim_matches([' ', '\t']))
        .collect();
    if hosts.len() > 1 {
        return Err("more than one Host header (RFC 9112 section 3.2)".into());
    }
    // A proxy ignores the Host header for an absolute-form target (§3.2.2).
    let host = match target.form() {
        urilex::TargetForm::Absolute => None,
        _ => hosts.first().copied(),
    };
    target
        .target_uri("http", host)
        .map(|uri| uri.into_string())
        .map_err(|e| e.to_string())
}

fn main() -> io::Result<()> {
    let stdin = io::stdin();
    let mut out = io::stdout().lock();
    let mut head: Vec<String> = Vec::new();
    for line in stdin.lock().lines() {
        let line = line?;
        let line = line.strip_suffix('\r').unwrap_or(&line).to_owned();
        if line.is_empty() {
            if !head.is_empty() {
                match target_uri(&head) {
                    Ok(uri) => writeln!(out, "{uri}")?,
                    Err(why) => writeln!(out, "400 {why}")?,
                }
                head.clear();
            }
            continue;
        }
        head.push(line);
    }
    if !head.is_empty() {
        match target_uri(&head) {
            Ok(uri) => writeln!(out, "{uri}")?,
            Err(why) => writeln!(out, "400 {why}")?,
        }
    }
    Ok(())
}
