//! The URL Standard (`urilex.whatwg`): `parse` and `can_parse`, one string at a time, and the
//! Arrow kernels `whatwg_href` and `whatwg_parse`. A URL that does not parse raises
//! `urilex.ParseError` (scalar) or is a null row (batch).

use std::sync::Arc;

use arrow_array::{ArrayRef, StructArray};
use arrow_buffer::{BooleanBuffer, Buffer, NullBuffer};
use arrow_schema::Field;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyTuple;
use urilex::whatwg::Url;

use crate::columns::{StrArray, StrBuilder};
use crate::ffi;
use crate::scalar::ParseError;

/// The getters, in the URL API's order: the attributes of `urilex.whatwg.Url` and the fields
/// of `whatwg_parse`'s struct.
const GETTERS: [&str; 11] = [
    "href", "origin", "protocol", "username", "password", "host", "hostname", "port", "pathname",
    "search", "hash",
];

fn values(url: &Url) -> [String; 11] {
    [
        url.href().to_string(),
        url.origin(),
        url.protocol().to_string(),
        url.username().to_string(),
        url.password().to_string(),
        url.host().to_string(),
        url.hostname().to_string(),
        url.port().to_string(),
        url.pathname().to_string(),
        url.search().to_string(),
        url.hash().to_string(),
    ]
}

/// The Python exception for a failed parse: `urilex.ParseError`, with `.index` and `.kind`
/// (the standard's name of the validation error, `"domain-invalid-code-point"`).
fn parse_error(py: Python<'_>, e: &urilex::whatwg::ParseError) -> PyErr {
    let err = ParseError::new_err(e.to_string());
    let value = err.value_bound(py);
    let _ = value.setattr("index", e.index());
    let _ = value.setattr("kind", e.kind().name());
    err
}

/// A URL by the URL Standard, as `urilex.whatwg.parse` returns it: the URL API's getters as
/// attributes (`href`, `origin`, `protocol`, `username`, `password`, `host`, `hostname`,
/// `port`, `pathname`, `search`, `hash`, each a string, "" when empty). `str()` is the href;
/// `repr()` hides a password.
#[pyclass(frozen, module = "urilex.whatwg", name = "Url")]
pub struct PyUrl {
    url: Url,
}

#[pymethods]
impl PyUrl {
    #[getter]
    fn href(&self) -> &str {
        self.url.href()
    }
    #[getter]
    fn origin(&self) -> String {
        self.url.origin()
    }
    #[getter]
    fn protocol(&self) -> &str {
        self.url.protocol()
    }
    #[getter]
    fn username(&self) -> &str {
        self.url.username()
    }
    #[getter]
    fn password(&self) -> &str {
        self.url.password()
    }
    #[getter]
    fn host(&self) -> &str {
        self.url.host()
    }
    #[getter]
    fn hostname(&self) -> &str {
        self.url.hostname()
    }
    #[getter]
    fn port(&self) -> &str {
        self.url.port()
    }
    #[getter]
    fn pathname(&self) -> &str {
        self.url.pathname()
    }
    #[getter]
    fn search(&self) -> &str {
        self.url.search()
    }
    #[getter]
    fn hash(&self) -> &str {
        self.url.hash()
    }
    /// The query's form-urlencoded pairs, decoded (the URL API's `searchParams`).
    fn search_params(&self) -> Vec<(String, String)> {
        self.url
            .search_params()
            .map(|(k, v)| (k.into_owned(), v.into_owned()))
            .collect()
    }
    /// Parses `input` against this URL as the base.
    fn join(&self, py: Python<'_>, input: &str) -> PyResult<PyUrl> {
        self.url
            .join(input)
            .map(|url| PyUrl { url })
            .map_err(|e| parse_error(py, &e))
    }
    fn __str__(&self) -> &str {
        self.url.href()
    }
    fn __repr__(&self) -> String {
        // The Debug form hides a password: `Url("http://u:***@h/")`.
        format!("urilex.whatwg.{:?}", self.url)
    }
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .downcast::<PyUrl>()
            .is_ok_and(|o| o.get().url == self.url)
    }
    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        Hash::hash(&self.url, &mut h);
        h.finish()
    }
}

/// Parses `input` (against `base`, if given) by the URL Standard; raises `urilex.ParseError`.
#[pyfunction]
#[pyo3(signature = (input, base=None))]
fn whatwg_parse(py: Python<'_>, input: &str, base: Option<&str>) -> PyResult<PyUrl> {
    Url::parse(input, base)
        .map(|url| PyUrl { url })
        .map_err(|e| parse_error(py, &e))
}

/// Whether `input` (against `base`, if given) parses by the URL Standard.
#[pyfunction]
#[pyo3(signature = (input, base=None))]
fn whatwg_can_parse(input: &str, base: Option<&str>) -> bool {
    urilex::whatwg::can_parse(input, base)
}

/// The base of a batch, parsed once: `Ok(None)` without one, `Err(())` for a base that is no
/// URL (every row is then null).
fn batch_base(base: Option<&str>) -> Result<Option<Url>, ()> {
    base.map(|b| Url::parse(b, None).map_err(|_| ()))
        .transpose()
}

fn parse_row(base: &Option<Url>, s: &str) -> Option<Url> {
    match base {
        Some(b) => b.join(s).ok(),
        None => Url::parse(s, None).ok(),
    }
}

/// `whatwg_href`: each row's href; null for a null row or one that does not parse.
#[pyfunction]
#[pyo3(signature = (input, base=None))]
fn whatwg_href_batch<'py>(
    py: Python<'py>,
    input: &Bound<'py, PyAny>,
    base: Option<&str>,
) -> PyResult<Bound<'py, PyTuple>> {
    let data = ffi::import(input)?;
    let arr = StrArray::new(&data)?;
    let base = batch_base(base);
    let out = py.allow_threads(|| {
        let mut out = StrBuilder::new(arr.len, arr.data_len());
        for i in 0..arr.len {
            let url = match (&base, arr.get(i)) {
                (Ok(b), Some(Ok(s))) => parse_row(b, s),
                _ => None,
            };
            out.push(url.as_ref().map(Url::href));
        }
        out.finish(arr.large)
    })?;
    ffi::export(py, out)
}

/// `whatwg_parse`: a struct of the getters per row; null for a null row or one that does not
/// parse.
#[pyfunction]
#[pyo3(signature = (input, base=None))]
fn whatwg_parse_batch<'py>(
    py: Python<'py>,
    input: &Bound<'py, PyAny>,
    base: Option<&str>,
) -> PyResult<Bound<'py, PyTuple>> {
    let data = ffi::import(input)?;
    let arr = StrArray::new(&data)?;
    let base = batch_base(base);
    let out = py.allow_threads(|| -> PyResult<ArrayRef> {
        let n = arr.len;
        let mut valid = vec![0u8; n.div_ceil(8)];
        let mut cols: Vec<StrBuilder> = (0..GETTERS.len()).map(|_| StrBuilder::new(n, 0)).collect();
        for i in 0..n {
            let url = match (&base, arr.get(i)) {
                (Ok(b), Some(Ok(s))) => parse_row(b, s),
                _ => None,
            };
            match url {
                Some(url) => {
                    valid[i / 8] |= 1 << (i % 8);
                    for (col, v) in cols.iter_mut().zip(values(&url)) {
                        col.push(Some(&v));
                    }
                }
                None => cols.iter_mut().for_each(|c| c.push(None)),
            }
        }
        let nulls = NullBuffer::new(BooleanBuffer::new(Buffer::from_vec(valid), 0, n));
        let mut fields = Vec::new();
        let mut columns: Vec<ArrayRef> = Vec::new();
        for (name, col) in GETTERS.iter().zip(cols) {
            let col = col.finish(arr.large)?;
            fields.push(Field::new(*name, col.data_type().clone(), true));
            columns.push(col);
        }
        let rows = StructArray::try_new(fields.into(), columns, Some(nulls))
            .map_err(|e| PyValueError::new_err(format!("whatwg_parse output: {e}")))?;
        Ok(Arc::new(rows) as ArrayRef)
    })?;
    ffi::export(py, out)
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyUrl>()?;
    m.add_function(wrap_pyfunction!(whatwg_parse, m)?)?;
    m.add_function(wrap_pyfunction!(whatwg_can_parse, m)?)?;
    m.add_function(wrap_pyfunction!(whatwg_href_batch, m)?)?;
    m.add_function(wrap_pyfunction!(whatwg_parse_batch, m)?)?;
    Ok(())
}
