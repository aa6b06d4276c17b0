//! One string at a time: parse, is_valid, resolve, normalize, iri_to_uri.

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use urilex::{IriRef, UriRef};

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

/// The components of a URI reference; `None` when the delimiter is absent, `""` when present
/// but empty. `port` is a string so that `http://a:/` (empty port) stays distinct from
/// `http://a/` (none).
#[pyclass(frozen, module = "urilex", name = "Uri")]
pub struct Uri {
    #[pyo3(get)]
    scheme: Option<String>,
    #[pyo3(get)]
    userinfo: Option<String>,
    #[pyo3(get)]
    host: Option<String>,
    #[pyo3(get)]
    port: Option<String>,
    #[pyo3(get)]
    path: String,
    #[pyo3(get)]
    query: Option<String>,
    #[pyo3(get)]
    fragment: Option<String>,
    text: String,
}

#[pymethods]
impl Uri {
    fn __str__(&self) -> &str {
        &self.text
    }

    fn __repr__(&self) -> String {
        format!("urilex.Uri({:?})", self.text)
    }

    fn __eq__(&self, other: &Self) -> bool {
        self.text == other.text
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.text.hash(&mut h);
        h.finish()
    }
}

#[pyfunction]
fn parse(py: Python<'_>, s: &str) -> PyResult<Uri> {
    let u = UriRef::parse(s).map_err(|e| parse_error(py, &e))?;
    let own = |o: Option<&str>| o.map(str::to_owned);
    Ok(Uri {
        scheme: own(u.scheme()),
        userinfo: own(u.userinfo()),
        host: own(u.host()),
        port: own(u.port()),
        path: u.path().to_owned(),
        query: own(u.query()),
        fragment: own(u.fragment()),
        text: s.to_owned(),
    })
}

#[pyfunction]
fn is_valid(s: &str) -> bool {
    UriRef::validate(s).is_ok()
}

#[pyfunction]
fn resolve(py: Python<'_>, base: &str, reference: &str) -> PyResult<String> {
    let b = UriRef::parse(base).map_err(|e| parse_error(py, &e))?;
    let mut out = String::with_capacity(base.len() + reference.len());
    // One reference per base: `join_into` reads of the base only what it needs.
    b.join_into(reference, &mut out).map_err(|e| match e {
        urilex::Error::Parse(e) => parse_error(py, &e),
        e => PyValueError::new_err(e.to_string()),
    })?;
    Ok(out)
}

#[pyfunction]
fn normalize(py: Python<'_>, s: &str) -> PyResult<String> {
    let u = UriRef::parse(s).map_err(|e| parse_error(py, &e))?;
    Ok(u.normalized().to_string())
}

#[pyfunction]
fn iri_to_uri(py: Python<'_>, s: &str) -> PyResult<String> {
    let i = IriRef::parse(s).map_err(|e| parse_error(py, &e))?;
    Ok(i.to_uri().to_string())
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("ParseError", m.py().get_type_bound::<ParseError>())?;
    m.add_class::<Uri>()?;
    m.add_function(wrap_pyfunction!(parse, m)?)?;
    m.add_function(wrap_pyfunction!(is_valid, m)?)?;
    m.add_function(wrap_pyfunction!(resolve, m)?)?;
    m.add_function(wrap_pyfunction!(normalize, m)?)?;
    m.add_function(wrap_pyfunction!(iri_to_uri, m)?)?;
    Ok(())
}
