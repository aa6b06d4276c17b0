//! One string at a time: parse, is_valid, resolve, normalize, iri_to_uri, query_pairs.

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use urilex::{Base, IriRef, Normalization, UriRef};

create_exception!(
    _urilex,
    ParseError,
    PyValueError,
    "An invalid URI reference: `.index` (byte offset of the first offending byte), `.kind` (snake_case error kind); the message is the Rust Display."
);

/// `ErrorKind`'s Debug name in snake_case (`InvalidChar` -> `invalid_char`): a stable string
/// Python code can compare without importing an enum.
pub(crate) fn kind_name(kind: urilex::ErrorKind) -> String {
    let debug = format!("{kind:?}");
    let mut out = String::with_capacity(debug.len() + 4);
    for (i, c) in debug.chars().enumerate() {
        if c.is_ascii_uppercase() {
            if i > 0 {
                out.push('_');
            }
            out.push(c.to_ascii_lowercase());
        } else {
            out.push(c);
        }
    }
    out
}

/// The Python exception for a Rust `ParseError`, with `.index` and `.kind` set.
fn parse_error(py: Python<'_>, e: &urilex::ParseError) -> PyErr {
    let err = ParseError::new_err(e.to_string());
    let value = err.value_bound(py);
    // setattr on a fresh exception instance cannot fail in practice; if it did, the error
    // is still raised, just without the attributes.
    let _ = value.setattr("index", e.index());
    let _ = value.setattr("kind", kind_name(e.kind()));
    err
}

/// A parsed URI reference (RFC 3986), as `urilex.parse` returns it.
///
/// The components are attributes: `scheme`, `userinfo`, `host` (IP literals keep their
/// brackets), `port`, `path` (never None), `query`, `fragment`: None when the delimiter is
/// absent, "" when it is present but empty. `port` is the text, so that `http://a:/` (an
/// empty port) stays distinct from `http://a/` (none); `port_int` is the number (None when
/// absent, empty or above 65535). `str()` is the text; `repr()` hides a password.
#[pyclass(frozen, module = "urilex", name = "Uri")]
pub struct Uri {
    /// The reference, parsed once: every attribute is a slice of it.
    buf: urilex::UriBuf,
}

#[pymethods]
impl Uri {
    /// The scheme, without ':'; None when absent.
    #[getter]
    fn scheme(&self) -> Option<&str> {
        self.buf.scheme()
    }

    /// The userinfo, without '@'; None when absent.
    #[getter]
    fn userinfo(&self) -> Option<&str> {
        self.buf.userinfo()
    }

    /// The host (IP literals keep their brackets); None without an authority.
    #[getter]
    fn host(&self) -> Option<&str> {
        self.buf.host()
    }

    /// The port's text, without ':'; "" for `http://a:/`, None when absent.
    #[getter]
    fn port(&self) -> Option<&str> {
        self.buf.port()
    }

    /// The path, never None.
    #[getter]
    fn path(&self) -> &str {
        self.buf.path()
    }

    /// The query, without '?'; None when absent.
    #[getter]
    fn query(&self) -> Option<&str> {
        self.buf.query()
    }

    /// The fragment, without '#'; None when absent.
    #[getter]
    fn fragment(&self) -> Option<&str> {
        self.buf.fragment()
    }

    /// The port as a number: None when absent, empty, or above 65535.
    #[getter]
    fn port_int(&self) -> Option<u16> {
        self.buf.port_u16()
    }

    /// The authority (`userinfo@host:port`), without its `//`; None without one.
    #[getter]
    fn authority(&self) -> Option<&str> {
        self.buf.authority()
    }

    /// The port a connection goes to: the explicit one, else the scheme's default (http 80,
    /// https 443, ws 80, wss 443, ftp 21); None otherwise.
    #[getter]
    fn port_or_default(&self) -> Option<u16> {
        self.buf.port_or_default()
    }

    /// Whether the reference has no scheme (a relative reference, RFC 3986 section 4.2).
    #[getter]
    fn is_relative(&self) -> bool {
        self.buf.scheme().is_none()
    }

    /// The query's `name=value` pairs, decoded as form data (`+` is a space), in order; an
    /// empty list without a query. See `urilex.query_pairs`.
    fn query_pairs(&self) -> Vec<(String, String)> {
        self.buf.query().map(pairs).unwrap_or_default()
    }

    /// The normal form (RFC 3986 section 6.2.2; with `scheme_based=True` also section
    /// 6.2.3: a default port dropped, an empty http path as "/"). See `urilex.normalize`.
    #[pyo3(signature = (scheme_based = false))]
    fn normalized(&self, scheme_based: bool) -> String {
        normal_form(&self.buf.as_uri_ref(), scheme_based)
    }

    fn __str__(&self) -> &str {
        self.buf.as_str()
    }

    /// `urilex.Uri('http://user:***@h/')`: a password never appears (RFC 3986 section 7.5).
    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let text = pyo3::types::PyString::new_bound(py, &self.buf.redacted().to_string());
        Ok(format!("urilex.Uri({})", text.repr()?))
    }

    fn __eq__(&self, other: &Self) -> bool {
        self.buf == other.buf
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.buf.as_str().hash(&mut h);
        h.finish()
    }
}

/// The normal form of a reference, syntax-based or also scheme-based.
fn normal_form(u: &UriRef<'_>, scheme_based: bool) -> String {
    let level = if scheme_based {
        Normalization::SchemeBased
    } else {
        Normalization::Syntax
    };
    u.normalized_with(level).to_string()
}

/// A query's pairs, decoded as form data.
fn pairs(query: &str) -> Vec<(String, String)> {
    urilex::pct::query_pairs(query)
        .plus_as_space(true)
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

/// Parses a URI reference (RFC 3986 section 4.1) into a `Uri`.
///
/// Raises `urilex.ParseError` (a ValueError with `.index` and `.kind`) for an invalid one.
///
/// >>> u = urilex.parse("https://user@[::1]:8443/a?q=1#top")
/// >>> (u.scheme, u.host, u.port, u.port_int, u.path, u.query, u.fragment)
/// ('https', '[::1]', '8443', 8443, '/a', 'q=1', 'top')
#[pyfunction]
fn parse(py: Python<'_>, s: &str) -> PyResult<Uri> {
    let u = UriRef::parse(s).map_err(|e| parse_error(py, &e))?;
    Ok(Uri { buf: u.to_buf() })
}

/// Whether `s` is a URI reference (RFC 3986 section 4.1); never raises.
///
/// >>> urilex.is_valid("http://a/b"), urilex.is_valid("http://a/b c")
/// (True, False)
#[pyfunction]
fn is_valid(s: &str) -> bool {
    UriRef::validate(s).is_ok()
}

/// Resolves `reference` against `base` (RFC 3986 section 5.2, strict) and returns the target
/// URI.
///
/// Either may be an IRI (RFC 3987: non-ASCII characters, as in the links of non-English
/// pages): then the target is its URI, as a browser requests it: non-ASCII characters of
/// the path, query and fragment as percent-encoded UTF-8, an internationalized host as its
/// A-label (UTS #46). Raises `urilex.ParseError` for an invalid base or reference, and
/// ValueError for a base without a scheme.
///
/// >>> urilex.resolve("http://a/b/c/d;p?q", "../g?y#s")
/// 'http://a/b/g?y#s'
/// >>> urilex.resolve("https://es.wikipedia.org/wiki/Animal", "/wiki/Ñandú")
/// 'https://es.wikipedia.org/wiki/%C3%91and%C3%BA'
/// >>> urilex.resolve("http://例え.jp/a/", "b")
/// 'http://xn--r8jz45g.jp/a/b'
#[pyfunction]
fn resolve(py: Python<'_>, base: &str, reference: &str) -> PyResult<String> {
    let mut out = String::with_capacity(base.len() + reference.len());
    if base.is_ascii() && reference.is_ascii() {
        let b = UriRef::parse(base).map_err(|e| parse_error(py, &e))?;
        // One reference per base: `join_into` reads of the base only what it needs.
        b.join_into(reference, &mut out).map_err(|e| match e {
            urilex::Error::Parse(e) => parse_error(py, &e),
            e => PyValueError::new_err(e.to_string()),
        })?;
        return Ok(out);
    }
    let base = iri_base_text(base).map_err(|e| parse_error(py, &e))?;
    let b = UriRef::parse(&base).map_err(|e| parse_error(py, &e))?;
    let b = Base::new(b).map_err(|e| PyValueError::new_err(e.to_string()))?;
    b.resolve_iri_str_into_idna(reference, &mut out)
        .map_err(|e| parse_error(py, &e))?;
    Ok(out)
}

/// The URI of a base that may be an IRI (its host as A-labels), as `resolve` reads it.
pub(crate) fn iri_base_text(base: &str) -> Result<String, urilex::ParseError> {
    if base.is_ascii() {
        return Ok(base.to_owned());
    }
    Ok(IriRef::parse(base)?.to_uri_idna().to_string())
}

/// The normal form of a URI reference (RFC 3986 section 6.2.2: case, percent-encodings,
/// dot-segments); with `scheme_based=True` also section 6.2.3 (a default port dropped, an
/// empty http(s) path as "/"). Raises `urilex.ParseError` for an invalid reference.
///
/// >>> urilex.normalize("HTTP://Example.COM:80/a/./b/../%7euser")
/// 'http://example.com:80/a/~user'
/// >>> urilex.normalize("HTTP://Example.COM:80", scheme_based=True)
/// 'http://example.com/'
#[pyfunction]
#[pyo3(signature = (s, scheme_based = false))]
fn normalize(py: Python<'_>, s: &str, scheme_based: bool) -> PyResult<String> {
    let u = UriRef::parse(s).map_err(|e| parse_error(py, &e))?;
    Ok(normal_form(&u, scheme_based))
}

/// The URI of an IRI (RFC 3987 section 3.1): every non-ASCII character as its
/// percent-encoded UTF-8 octets; with `idna=True` an internationalized host as its A-label
/// (UTS #46) instead, as DNS and browsers need it. Raises `urilex.ParseError` for an
/// invalid IRI.
///
/// >>> urilex.iri_to_uri("http://例え.jp/パス")
/// 'http://%E4%BE%8B%E3%81%88.jp/%E3%83%91%E3%82%B9'
/// >>> urilex.iri_to_uri("http://例え.jp/パス", idna=True)
/// 'http://xn--r8jz45g.jp/%E3%83%91%E3%82%B9'
#[pyfunction]
#[pyo3(signature = (s, idna = false))]
fn iri_to_uri(py: Python<'_>, s: &str, idna: bool) -> PyResult<String> {
    let i = IriRef::parse(s).map_err(|e| parse_error(py, &e))?;
    Ok(if idna {
        i.to_uri_idna().to_string()
    } else {
        i.to_uri().to_string()
    })
}

/// The `name=value` pairs of a query (the text after `?`, without it), decoded as
/// `application/x-www-form-urlencoded` (`+` is a space, `%XX` decoded, invalid UTF-8 as
/// U+FFFD), in order; a pair without `=` has the value "". Like `urllib.parse.parse_qsl`
/// with `keep_blank_values=True`.
///
/// >>> urilex.query_pairs("q=rust+uri&lang=en&flag")
/// [('q', 'rust uri'), ('lang', 'en'), ('flag', '')]
#[pyfunction]
fn query_pairs(query: &str) -> Vec<(String, String)> {
    pairs(query)
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("ParseError", m.py().get_type_bound::<ParseError>())?;
    m.add_class::<Uri>()?;
    m.add_function(wrap_pyfunction!(parse, m)?)?;
    m.add_function(wrap_pyfunction!(is_valid, m)?)?;
    m.add_function(wrap_pyfunction!(resolve, m)?)?;
    m.add_function(wrap_pyfunction!(normalize, m)?)?;
    m.add_function(wrap_pyfunction!(iri_to_uri, m)?)?;
    m.add_function(wrap_pyfunction!(query_pairs, m)?)?;
    Ok(())
}
