//! Batch kernels over Arrow string arrays (`string`: i32 offsets, `large_string`: i64
//! offsets). Arrays come in and go out through the Arrow C data interface (`ffi.rs`): no
//! input byte is copied, and the output columns' buffers are handed to Python as they were
//! built. Each kernel runs with the GIL released. Null in, null out; an invalid URI is a null
//! (or `valid = false` for `parse`).

use std::sync::Arc;

use arrow_array::{ArrayRef, BooleanArray, StructArray};
use arrow_buffer::{BooleanBuffer, Buffer};
use arrow_schema::{DataType, Field};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyTuple;
use urilex::{Base, UriRef};

use crate::columns::{StrArray, StrBuilder};
use crate::ffi;

/// The struct fields of `parse`, in order: `valid`, then the error message, then the seven
/// components.
const FIELDS: [&str; 9] = [
    "valid", "error", "scheme", "userinfo", "host", "port", "path", "query", "fragment",
];

/// `parse`: a struct array of `FIELDS`: `valid` (null rows are false, and masked by the
/// struct's validity, the input's), the error message, the components.
#[pyfunction]
fn parse_batch<'py>(py: Python<'py>, input: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyTuple>> {
    let data = ffi::import(input)?;
    let arr = StrArray::new(&data)?;
    let out = py.allow_threads(|| -> PyResult<ArrayRef> {
        let n = arr.len;
        let mut valid = vec![0u8; n.div_ceil(8)];
        let mut cols: Vec<StrBuilder> = (0..8)
            .map(|c| StrBuilder::new(n, if c == 5 { arr.data_len() } else { 0 }))
            .collect();
        let mut msg = String::new();
        for i in 0..n {
            let row: [Option<&str>; 8] = match arr.get(i) {
                None => [None; 8],
                Some(Err(why)) => {
                    msg.clear();
                    msg.push_str(why);
                    [Some(msg.as_str()), None, None, None, None, None, None, None]
                }
                Some(Ok(s)) => match UriRef::parse(s) {
                    Ok(u) => {
                        valid[i / 8] |= 1 << (i % 8);
                        let p = u.path();
                        [
                            None,
                            u.scheme(),
                            u.userinfo(),
                            u.host(),
                            u.port(),
                            Some(p),
                            u.query(),
                            u.fragment(),
                        ]
                    }
                    Err(e) => {
                        use std::fmt::Write;
                        msg.clear();
                        let _ = write!(msg, "{e}");
                        [Some(msg.as_str()), None, None, None, None, None, None, None]
                    }
                },
            };
            for (col, v) in cols.iter_mut().zip(row) {
                col.push(v);
            }
        }
        let valid = BooleanArray::new(BooleanBuffer::new(Buffer::from_vec(valid), 0, n), None);
        let mut fields = vec![Field::new(FIELDS[0], DataType::Boolean, false)];
        let mut columns: Vec<ArrayRef> = vec![Arc::new(valid)];
        for (name, col) in FIELDS[1..].iter().zip(cols) {
            let col = col.finish(arr.large)?;
            fields.push(Field::new(*name, col.data_type().clone(), true));
            columns.push(col);
        }
        let rows = StructArray::try_new(fields.into(), columns, arr.nulls())
            .map_err(|e| PyValueError::new_err(format!("parse output: {e}")))?;
        Ok(Arc::new(rows))
    })?;
    ffi::export(py, out)
}

/// Runs `write` per valid row into one output column; a row it refuses (returns false) is null.
pub(crate) fn map_strings<'py, F>(
    py: Python<'py>,
    input: &Bound<'py, PyAny>,
    mut write: F,
) -> PyResult<Bound<'py, PyTuple>>
where
    F: FnMut(&str, &mut Vec<u8>) -> bool + Send,
{
    let data = ffi::import(input)?;
    let arr = StrArray::new(&data)?;
    let out = py.allow_threads(|| {
        let mut out = StrBuilder::new(arr.len, arr.data_len());
        for i in 0..arr.len {
            match arr.get(i) {
                Some(Ok(s)) => {
                    let mark = out.data.len();
                    if write(s, &mut out.data) {
                        out.commit();
                    } else {
                        out.data.truncate(mark);
                        out.push(None);
                    }
                }
                _ => out.push(None),
            }
        }
        out.finish(arr.large)
    })?;
    ffi::export(py, out)
}

#[pyfunction]
fn normalize_batch<'py>(
    py: Python<'py>,
    input: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyTuple>> {
    let mut text = String::new();
    map_strings(py, input, move |s, out| match UriRef::parse(s) {
        Ok(u) => {
            text.clear();
            u.normalized().append_to(&mut text);
            out.extend_from_slice(text.as_bytes());
            true
        }
        Err(_) => false,
    })
}

#[pyfunction]
fn host_batch<'py>(py: Python<'py>, input: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyTuple>> {
    map_strings(py, input, |s, out| {
        match UriRef::parse(s).map(|u| u.host()) {
            Ok(Some(h)) => {
                out.extend_from_slice(h.as_bytes());
                true
            }
            _ => false,
        }
    })
}

/// Resolves one link against a prepared base into `buf`: an ASCII link by the URI path, a
/// link with non-ASCII characters as an IRI (RFC 3987), its target's URI with an
/// internationalized host as A-labels, as `urilex.resolve` gives it.
#[inline]
fn resolve_link(base: &Base<'_>, link: &str, buf: &mut String) -> bool {
    buf.clear();
    if link.is_ascii() {
        base.resolve_str_into(link, buf).is_ok()
    } else {
        base.resolve_iri_str_into_idna(link, buf).is_ok()
    }
}

/// Resolves every reference against one base, prepared once (an IRI base mapped to its URI
/// first).
#[pyfunction]
fn resolve_scalar_batch<'py>(
    py: Python<'py>,
    base: &str,
    refs: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyTuple>> {
    let base = crate::scalar::iri_base_text(base).ok();
    let prepared = base
        .as_deref()
        .and_then(|b| UriRef::parse(b).ok())
        .and_then(|u| Base::new(u).ok());
    let mut buf = String::new();
    map_strings(py, refs, move |r, out| match &prepared {
        Some(b) => {
            let ok = resolve_link(b, r, &mut buf);
            out.extend_from_slice(buf.as_bytes());
            ok
        }
        None => false,
    })
}

/// Resolves row by row: `refs[i]` against `bases[i]`; null when either is null or invalid.
#[pyfunction]
fn resolve_batch<'py>(
    py: Python<'py>,
    bases: &Bound<'py, PyAny>,
    refs: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyTuple>> {
    let (bases, refs) = (ffi::import(bases)?, ffi::import(refs)?);
    let (b, r) = (StrArray::new(&bases)?, StrArray::new(&refs)?);
    if b.len != r.len {
        return Err(PyValueError::new_err(
            "bases and refs must have the same length",
        ));
    }
    let out = py.allow_threads(|| {
        let mut out = StrBuilder::new(r.len, b.data_len() + r.data_len());
        // One reused String: resolve_str_into does not allocate once it is large enough.
        let mut buf = String::new();
        // A page's links come in runs with the same base: prepare it once per run.
        let mut last: Option<(&str, Option<Base<'_>>)> = None;
        for i in 0..r.len {
            let (Some(Ok(base)), Some(Ok(link))) = (b.get(i), r.get(i)) else {
                out.push(None);
                continue;
            };
            if !base.is_ascii() {
                // An IRI base: its URI, prepared for this row alone (it borrows the mapped
                // text); rare enough not to be worth a cache.
                let mapped = crate::scalar::iri_base_text(base).ok();
                let prepared = mapped
                    .as_deref()
                    .and_then(|b| UriRef::parse(b).ok())
                    .and_then(|u| Base::new(u).ok());
                let ok = prepared.is_some_and(|b| resolve_link(&b, link, &mut buf));
                out.push(ok.then_some(buf.as_str()));
                continue;
            }
            if last.as_ref().is_none_or(|(text, _)| *text != base) {
                let prepared = UriRef::parse(base).ok().and_then(|u| Base::new(u).ok());
                last = Some((base, prepared));
            }
            let ok = last
                .as_ref()
                .and_then(|(_, prepared)| prepared.as_ref())
                .is_some_and(|base| resolve_link(base, link, &mut buf));
            out.push(ok.then_some(buf.as_str()));
        }
        out.finish(b.large || r.large)
    })?;
    ffi::export(py, out)
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(parse_batch, m)?)?;
    m.add_function(wrap_pyfunction!(normalize_batch, m)?)?;
    m.add_function(wrap_pyfunction!(host_batch, m)?)?;
    m.add_function(wrap_pyfunction!(resolve_scalar_batch, m)?)?;
    m.add_function(wrap_pyfunction!(resolve_batch, m)?)?;
    Ok(())
}
