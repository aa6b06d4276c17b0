//! The crawler keys (`urilex::canon`): `surt`, `safe_browsing`, `registrable_domain` and
//! `public_suffix`, one string at a time, and the Arrow kernels `surt` and
//! `registrable_domain`. A URL without a key raises `urilex.ParseError` (scalar) or is a null
//! row (batch).

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyTuple;
use std::borrow::Cow;
use urilex::canon::{self, CanonErrorKind, Canonicalizer, SurtOptions};

use urilex::whatwg::Url;
use urilex::UriRef;

use crate::batch::map_strings;
use crate::scalar::ParseError;

/// The Python exception for a URL without a key: `urilex.ParseError` with `.index` and
/// `.kind` (`"empty"`, `"port_not_a_number"`, `"invalid_port"`, `"no_host"`).
fn key_error(py: Python<'_>, e: urilex::Error) -> PyErr {
    let err = ParseError::new_err(e.to_string());
    if let urilex::Error::Canon(e) = e {
        let kind = match e.kind() {
            CanonErrorKind::Empty => "empty",
            CanonErrorKind::PortNotANumber => "port_not_a_number",
            CanonErrorKind::InvalidPort => "invalid_port",
            CanonErrorKind::NoHost => "no_host",
            _ => "other",
        };
        let value = err.value_bound(py);
        let _ = value.setattr("index", e.index());
        let _ = value.setattr("kind", kind);
    }
    err
}

fn surt_options(
    include_scheme: bool,
    trailing_comma: bool,
    host_massage: bool,
    reverse_ipaddr: bool,
    canonicalizer: &str,
) -> PyResult<SurtOptions> {
    let canonicalizer = match canonicalizer {
        "ia" => Canonicalizer::Ia,
        "google" => Canonicalizer::Google,
        "none" => Canonicalizer::None,
        other => {
            return Err(PyValueError::new_err(format!(
                "canonicalizer {other:?}: one of \"ia\", \"google\", \"none\""
            )))
        }
    };
    Ok(SurtOptions {
        include_scheme,
        trailing_comma,
        host_massage,
        reverse_ipaddr,
        canonicalizer,
    })
}

/// The SURT (Sort-friendly URI Reordering Transform) of `url`: the key of web archives' CDX
/// indexes, as the Internet Archive's `surt` package (0.3.1) computes it, with its keyword
/// options (`with_scheme` is `include_scheme`; `canonicalizer` is "ia", the default, "google"
/// or "none"). Takes what the package takes (no scheme, spaces, `|`); raises `ParseError`
/// where it raises (a port that is no number up to 65535, blank text).
#[pyfunction]
#[pyo3(signature = (url, *, include_scheme=false, trailing_comma=false, host_massage=true, reverse_ipaddr=true, canonicalizer="ia"))]
fn surt(
    py: Python<'_>,
    url: &str,
    include_scheme: bool,
    trailing_comma: bool,
    host_massage: bool,
    reverse_ipaddr: bool,
    canonicalizer: &str,
) -> PyResult<String> {
    let options = surt_options(
        include_scheme,
        trailing_comma,
        host_massage,
        reverse_ipaddr,
        canonicalizer,
    )?;
    canon::surt_with(url, &options).map_err(|e| key_error(py, e))
}

/// Google Safe Browsing's canonical form of `url` (the published steps: decode repeatedly,
/// escape once, host lowercased with IPv4 in any notation as four decimals, path resolved,
/// fragment, userinfo and port dropped). Raises `ParseError` for blank text or a URL without
/// a host.
#[pyfunction]
fn safe_browsing(py: Python<'_>, url: &str) -> PyResult<String> {
    canon::safe_browsing(url).map_err(|e| key_error(py, e))
}

/// The registrable domain ("eTLD+1") of `host` by the Public Suffix List (ICANN and private
/// sections, rule `*` for an unlisted TLD), lowercased; None for a public suffix itself, an
/// empty label or an IP address.
#[pyfunction]
fn registrable_domain(host: &str) -> Option<String> {
    canon::registrable_domain(host)
}

/// The public suffix of `host` by the Public Suffix List, or `None`.
#[pyfunction]
fn public_suffix(host: &str) -> Option<String> {
    canon::public_suffix(host)
}

/// `urilex.arrow.surt`: each row's SURT; null for a null row or one without a key.
#[pyfunction]
#[pyo3(signature = (input, *, include_scheme=false, trailing_comma=false, host_massage=true, reverse_ipaddr=true, canonicalizer="ia"))]
fn surt_batch<'py>(
    py: Python<'py>,
    input: &Bound<'py, PyAny>,
    include_scheme: bool,
    trailing_comma: bool,
    host_massage: bool,
    reverse_ipaddr: bool,
    canonicalizer: &str,
) -> PyResult<Bound<'py, PyTuple>> {
    let options = surt_options(
        include_scheme,
        trailing_comma,
        host_massage,
        reverse_ipaddr,
        canonicalizer,
    )?;
    // One buffer for every row's key (`surt_into`), copied into the column.
    let mut key = String::new();
    map_strings(py, input, move |s, out| {
        key.clear();
        match canon::surt_into(s, &options, &mut key) {
            Ok(()) => {
                out.extend_from_slice(key.as_bytes());
                true
            }
            Err(_) => false,
        }
    })
}

/// `urilex.arrow.registrable_domain`: the registrable domain of each row's host, the host as
/// a browser reads it (the URL Standard: lowercased, decoded, internationalized names as
/// A-labels, IPv4 addresses recognized); null for a null row, a URL that does not parse, and
/// a host without one.
#[pyfunction]
fn registrable_domain_batch<'py>(
    py: Python<'py>,
    input: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyTuple>> {
    map_strings(py, input, |s, out| {
        let domain = browser_host(s).and_then(|host| canon::registrable_domain(&host));
        match domain {
            Some(d) => {
                out.extend_from_slice(d.as_bytes());
                true
            }
            None => false,
        }
    })
}

/// The host a browser reads in `url` (the URL Standard's hostname). A shortcut for the common
/// case, where both readings agree: an RFC 3986 URI with a special scheme (`http`, `https`,
/// `ws`, `wss`, `ftp`) and a port up to 65535, whose host is lower-case letters, digits and
/// `-` in non-empty labels, none an `xn--` label, the last starting with a letter (so no
/// number to read as an IPv4 address): its host as it stands. An RFC 3986 relative reference
/// has none (without a base, the URL Standard refuses it too). Anything else goes through the
/// URL Standard's parser. tests/test_canon.py compares the two on every corpus line.
fn browser_host(url: &str) -> Option<Cow<'_, str>> {
    if let Ok(uri) = UriRef::parse(url) {
        // A relative reference is no URL without a base, to the URL Standard too.
        uri.scheme()?;
        let special = matches!(uri.scheme(), Some("http" | "https" | "ws" | "wss" | "ftp"));
        let port = uri
            .port()
            .is_none_or(|p| p.is_empty() || p.parse::<u16>().is_ok());
        if let Some(host) = uri.host().filter(|h| special && port && plain_host(h)) {
            return Some(Cow::Borrowed(host));
        }
    }
    Url::parse(url, None)
        .ok()
        .map(|url| Cow::Owned(url.hostname().to_owned()))
}

fn plain_host(host: &str) -> bool {
    let b = host.as_bytes();
    let mut label_start = 0;
    for (i, &c) in b.iter().enumerate() {
        match c {
            b'a'..=b'z' | b'0'..=b'9' | b'-' => {}
            b'.' => {
                if i == label_start || b[label_start..].starts_with(b"xn--") {
                    return false;
                }
                label_start = i + 1;
            }
            _ => return false,
        }
    }
    // The last label: non-empty, no `xn--`, starting with a letter (no IPv4 number).
    b.get(label_start).is_some_and(u8::is_ascii_lowercase) && !b[label_start..].starts_with(b"xn--")
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(surt, m)?)?;
    m.add_function(wrap_pyfunction!(safe_browsing, m)?)?;
    m.add_function(wrap_pyfunction!(registrable_domain, m)?)?;
    m.add_function(wrap_pyfunction!(public_suffix, m)?)?;
    m.add_function(wrap_pyfunction!(surt_batch, m)?)?;
    m.add_function(wrap_pyfunction!(registrable_domain_batch, m)?)?;
    Ok(())
}
