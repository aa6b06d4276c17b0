//! One function per fuzz target: what the target does with the fuzzer's bytes. The targets in
//! fuzz_targets/ call these, and tests/hostile.rs replays the seeds and every regression
//! file through them, so a finding checked in under fuzz/regressions/<target>/ is a test.

use crate::invariants::{self, Edit};
use crate::{cpeers, peers};

/// What a target does with one input: `Err` describes a broken invariant.
pub type Check = fn(&[u8]) -> Result<(), String>;

/// The targets, by name (the file names in fuzz_targets/).
pub const ALL: &[(&str, Check)] = &[
    ("parse", parse),
    ("differential", differential),
    ("normalize", normalize),
    ("pct", pct),
    ("uribuf", uribuf),
    ("resolve", resolve),
    ("extract", extract),
    ("form_data", form_data),
    #[cfg(feature = "http")]
    ("request_target", request_target),
];

/// Any bytes through the byte API; text through every parse invariant.
pub fn parse(data: &[u8]) -> Result<(), String> {
    invariants::check_bytes(data)
}

/// Text through urilex, fluent-uri and iri-string, and uriparser and Boost.URL where
/// installed (fuzz/src/cpeers.rs): parsing of both halves (split at the first NUL), and
/// uriparser's error index, resolution of the second against the first (uriparser's too),
/// normalization of the first.
pub fn differential(data: &[u8]) -> Result<(), String> {
    let Ok(s) = std::str::from_utf8(data) else {
        return Ok(());
    };
    let (base, reference) = s.split_once('\0').unwrap_or((s, s));
    peers::compare_parse(base)?;
    peers::compare_parse(reference)?;
    cpeers::compare_parse(base)?;
    cpeers::compare_parse(reference)?;
    cpeers::compare_error_index(base)?;
    cpeers::compare_error_index(reference)?;
    peers::compare_resolve(base, reference)?;
    cpeers::compare_resolve(base, reference)?;
    peers::compare_normalize(base).map(|_| ())
}

/// A base and a reference (split at the first NUL): the resolved output parses, with the
/// components the `Resolved` view reports, in every mode; see `invariants::check_resolve`.
pub fn resolve(data: &[u8]) -> Result<(), String> {
    let Ok(s) = std::str::from_utf8(data) else {
        return Ok(());
    };
    let (base, reference) = s.split_once('\0').unwrap_or((s, s));
    invariants::check_resolve(base, reference)
}

/// One or two references (split at the first NUL): normalization invariants and
/// `normalized_eq` against string equality.
pub fn normalize(data: &[u8]) -> Result<(), String> {
    let Ok(s) = std::str::from_utf8(data) else {
        return Ok(());
    };
    let (a, b) = s.split_once('\0').unwrap_or((s, s));
    invariants::check_normalize(a)?;
    invariants::check_normalize(b)?;
    invariants::check_normalized_eq(a, b)
}

/// Any bytes, encoded for each component and decoded back.
pub fn pct(data: &[u8]) -> Result<(), String> {
    for c in urilex::Component::ALL {
        invariants::check_pct(data, c)?;
    }
    Ok(())
}

/// A starting reference (up to the first NUL), then NUL-separated edits (opcode byte, value).
pub fn uribuf(data: &[u8]) -> Result<(), String> {
    let (start, rest) = match data.iter().position(|&b| b == 0) {
        Some(i) => (&data[..i], &data[i + 1..]),
        None => (data, &[][..]),
    };
    let start = String::from_utf8_lossy(start);
    invariants::check_uribuf(&start, &Edit::list(rest))
}

/// Any bytes as text and as HTML: every match is where it says and parses as what it says.
/// (Without the `extract` feature, as in a plain `cargo test`, there is nothing to check.)
pub fn extract(data: &[u8]) -> Result<(), String> {
    #[cfg(feature = "extract")]
    return invariants::check_extract(data);
    #[cfg(not(feature = "extract"))]
    return Ok(drop(data));
}

/// A method (chosen by the first byte) and a request target (the rest): parsing never panics,
/// an accepted target keeps its form's shape, the target URI re-parses as a URI with that
/// host, and every conversion with `http::Uri` that succeeds reads the same host, port, path
/// and query on both sides.
#[cfg(feature = "http")]
pub fn request_target(data: &[u8]) -> Result<(), String> {
    use urilex::{HostPort, RequestTarget, TargetForm, UriBuf, UriRef};
    let Some((&first, rest)) = data.split_first() else {
        return Ok(());
    };
    let Ok(target) = std::str::from_utf8(rest) else {
        return Ok(());
    };
    let method = ["GET", "CONNECT", "OPTIONS", "POST"][usize::from(first) % 4];
    if let Ok(hp) = HostPort::parse(target) {
        let whole = match hp.port() {
            Some(p) => format!("{}:{p}", hp.host()),
            None => hp.host().to_owned(),
        };
        if whole != target {
            return Err(format!("HostPort {hp:?} does not rebuild {target:?}"));
        }
    }
    if let Ok(t) = RequestTarget::parse(method, target) {
        let shape_ok = match t.form() {
            TargetForm::Authority => method == "CONNECT" && t.port_u16().is_some_and(|p| p > 0),
            TargetForm::Asterisk => method == "OPTIONS" && target == "*",
            TargetForm::Origin => {
                method != "CONNECT" && target.starts_with('/') && !target.contains('#')
            }
            TargetForm::Absolute => {
                method != "CONNECT" && t.scheme().is_some() && !target.contains('#')
            }
        };
        if !shape_ok || t.as_str() != target {
            return Err(format!("{method} {target:?}: {t:?}"));
        }
        if let Ok(uri) = t.target_uri("http", Some("h.example:80")) {
            let again =
                UriRef::parse_uri(uri.as_str()).map_err(|e| format!("target URI {uri:?}: {e}"))?;
            // RFC 9112 §3.3: an absolute-form target is the target URI itself (the Host
            // header ignored, §3.2.2; without a host for a scheme such as urn); the other
            // forms take their authority from the target or the Host header.
            let whole = t.form() != TargetForm::Absolute || again.as_str() == target;
            if !whole {
                return Err(format!(
                    "target URI {uri:?} is not the absolute-form target"
                ));
            }
            let http = again
                .scheme()
                .is_some_and(|s| s.eq_ignore_ascii_case("http") || s.eq_ignore_ascii_case("https"));
            let needs_host = t.form() != TargetForm::Absolute || http;
            if needs_host && again.host().map_or(true, str::is_empty) {
                return Err(format!("target URI {uri:?} has no host"));
            }
        }
        if let Ok(h) = http::Uri::try_from(&t) {
            if t.host() != h.host() || t.port_u16() != h.port_u16() || t.query() != h.query() {
                return Err(format!("{method} {target:?}: http reads {h:?}"));
            }
        }
    }
    if let Ok(u) = UriRef::parse(target) {
        if let Ok(h) = http::Uri::try_from(u) {
            let path_alike = u.path() == h.path() || (u.path().is_empty() && h.path() == "/");
            if u.host() != h.host()
                || u.port_u16() != h.port_u16()
                || !path_alike
                || u.query() != h.query()
            {
                return Err(format!("{target:?}: http reads {h:?}"));
            }
        }
    }
    if let Ok(h) = http::Uri::try_from(target) {
        if let Ok(b) = UriBuf::try_from(&h) {
            if b.host() != h.host() || b.port_u16() != h.port_u16() || b.query() != h.query() {
                return Err(format!("{target:?}: from http {h:?} to {b:?}"));
            }
        }
    }
    Ok(())
}

/// A query and a fragment from the fuzzer's bytes (split at the first NUL) after a fixed
/// "scheme://host/path": RFC 3986's and RFC 2396's parsers accept exactly what their ABNF
/// accepts, byte by byte, and split it there. Long queries of form data run through the
/// vector code of src/kernels/avx2.rs where the CPU has AVX2 (the portable code elsewhere, or with
/// `URILEX_PORTABLE` set): this compares it with a recognizer that has no vector code.
pub fn form_data(data: &[u8]) -> Result<(), String> {
    let Ok(s) = std::str::from_utf8(data) else {
        return Ok(());
    };
    let (query, fragment) = s.split_once('\0').unwrap_or((s, ""));
    let input = format!("http://example.com/path?{query}#{fragment}");
    // RFC 3986 §3.4, §3.5: query = fragment = *( pchar / "/" / "?" ).
    let rfc3986 = |b: u8| b.is_ascii_alphanumeric() || b"-._~!$&'()*+,;=:@/?".contains(&b);
    // RFC 2396 §3.4, §4.1: query = fragment = *uric (reserved, unreserved, escaped), with
    // RFC 2732 §3's "[" and "]" in reserved.
    let rfc2396 = |b: u8| b.is_ascii_alphanumeric() || b";/?:@&=+$,[]-_.!~*'()".contains(&b);
    let valid = |part: &str, allowed: &dyn Fn(u8) -> bool| {
        let b = part.as_bytes();
        let mut i = 0;
        while i < b.len() {
            if b[i] == b'%' {
                if !(i + 2 < b.len()
                    && b[i + 1].is_ascii_hexdigit()
                    && b[i + 2].is_ascii_hexdigit())
                {
                    return false;
                }
                i += 3;
            } else if allowed(b[i]) {
                i += 1;
            } else {
                return false;
            }
        }
        true
    };
    // What a parser did with the input (its query and fragment, or its error) against what
    // the ABNF says.
    let agree = |rfc: &str, got: Result<(Option<&str>, Option<&str>), String>, want: bool| match got
    {
        Ok(parts) if want && parts != (Some(query), Some(fragment)) => {
            Err(format!("{rfc}: split as {:?} and {:?}", parts.0, parts.1))
        }
        Ok(_) if !want => Err(format!("{rfc}: accepted, but the ABNF refuses it")),
        Err(e) if want => Err(format!("{rfc}: refused ({e}), but the ABNF accepts it")),
        _ => Ok(()),
    };
    let uri = urilex::UriRef::parse(&input);
    agree(
        "RFC 3986",
        uri.map(|u| (u.query(), u.fragment()))
            .map_err(|e| e.to_string()),
        valid(query, &rfc3986) && valid(fragment, &rfc3986),
    )?;
    let reference = urilex::rfc2396::parse(&input);
    agree(
        "RFC 2396",
        reference
            .map(|u| (u.query(), u.fragment()))
            .map_err(|e| e.to_string()),
        valid(query, &rfc2396) && valid(fragment, &rfc2396),
    )?;
    Ok(())
}
