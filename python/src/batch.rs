//! Batch kernels over the buffers of Arrow string arrays (`string`: i32 offsets,
//! `large_string`: i64 offsets). Python hands over the addresses and sizes of the array's
//! validity, offsets and data buffers (`pyarrow.Buffer.address`, no copy: the buffer protocol
//! is not in the stable ABI before 3.11, and the wheel is abi3-py39); the kernel runs with the GIL released and
//! returns the output columns' buffers, which Python wraps with `pyarrow.Array.from_buffers`.
//! Null in, null out; an invalid URI is a null (or `valid = false` for `parse`).

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyBytes;
use urilex::{Base, UriRef};

/// A read-only view of one Arrow string array's buffers.
struct StrArray<'a> {
    validity: Option<&'a [u8]>,
    offsets: &'a [u8],
    data: &'a [u8],
    offset: usize,
    len: usize,
    large: bool,
}

/// The bytes of one pyarrow buffer given as `(address, size)`.
///
/// Only `urilex.arrow` calls the kernels, and it keeps the pyarrow array (hence its buffers)
/// alive for the whole call; the private functions are not API.
fn bytes_of<'a>(buf: (usize, usize)) -> PyResult<&'a [u8]> {
    let (address, size) = buf;
    if size == 0 || address == 0 {
        return Ok(&[]);
    }
    if size > isize::MAX as usize {
        return Err(PyValueError::new_err("buffer too large"));
    }
    // SAFETY: `address`/`size` are a live pyarrow Buffer's (`Buffer.address`, `Buffer.size`),
    // held by the caller for the duration of the call, which bounds every use of the slice
    // (the kernels return owned buffers). Arrow buffers are immutable once built, so nothing
    // writes to them while we read, even with the GIL released.
    Ok(unsafe { std::slice::from_raw_parts(address as *const u8, size) })
}

impl<'a> StrArray<'a> {
    fn new(
        validity: Option<&'a [u8]>,
        offsets: &'a [u8],
        data: &'a [u8],
        offset: usize,
        len: usize,
        large: bool,
    ) -> PyResult<Self> {
        let width = if large { 8 } else { 4 };
        let need = offset
            .checked_add(len)
            .and_then(|n| n.checked_add(1))
            .and_then(|n| n.checked_mul(width));
        if len > 0 && need.is_none_or(|n| offsets.len() < n) {
            return Err(PyValueError::new_err(
                "offsets buffer too short for the array",
            ));
        }
        if let Some(v) = validity {
            if len > 0 && v.len() * 8 < offset + len {
                return Err(PyValueError::new_err(
                    "validity buffer too short for the array",
                ));
            }
        }
        Ok(StrArray {
            validity,
            offsets,
            data,
            offset,
            len,
            large,
        })
    }

    fn off(&self, i: usize) -> usize {
        if self.large {
            let b = &self.offsets[i * 8..i * 8 + 8];
            i64::from_le_bytes(b.try_into().unwrap_or([0; 8])) as usize
        } else {
            let b = &self.offsets[i * 4..i * 4 + 4];
            i32::from_le_bytes(b.try_into().unwrap_or([0; 4])) as usize
        }
    }

    /// Row `i`: `None` when null; the text, or `Err` for bytes that are not UTF-8 or offsets
    /// out of range (a malformed array must not crash the interpreter).
    fn get(&self, i: usize) -> Option<Result<&'a str, &'static str>> {
        let j = self.offset + i;
        if let Some(v) = self.validity {
            if v[j / 8] & (1 << (j % 8)) == 0 {
                return None;
            }
        }
        let (start, end) = (self.off(j), self.off(j + 1));
        Some(match self.data.get(start..end) {
            Some(b) => std::str::from_utf8(b).map_err(|_| "not valid UTF-8"),
            None => Err("string offsets out of range"),
        })
    }
}

/// Builds one string column: validity bits, offsets, data.
struct StrBuilder {
    validity: Vec<u8>,
    offsets: Vec<i64>,
    data: Vec<u8>,
    nulls: usize,
    len: usize,
}

impl StrBuilder {
    fn new(rows: usize, bytes: usize) -> Self {
        let mut offsets = Vec::with_capacity(rows + 1);
        offsets.push(0);
        StrBuilder {
            validity: vec![0; rows.div_ceil(8)],
            offsets,
            data: Vec::with_capacity(bytes),
            nulls: 0,
            len: 0,
        }
    }

    fn push(&mut self, s: Option<&str>) {
        match s {
            Some(s) => {
                self.validity[self.len / 8] |= 1 << (self.len % 8);
                self.data.extend_from_slice(s.as_bytes());
            }
            None => self.nulls += 1,
        }
        self.len += 1;
        self.offsets.push(self.data.len() as i64);
    }

    /// The data buffer to append to directly (then `commit`), to write without a temporary.
    fn commit(&mut self) {
        self.validity[self.len / 8] |= 1 << (self.len % 8);
        self.len += 1;
        self.offsets.push(self.data.len() as i64);
    }

    /// `(validity or None, offsets, data, null_count, large)`: i32 offsets when `large` is
    /// false and the data fits, as `string` arrays have.
    fn finish(self, py: Python<'_>, large: bool) -> PyObject {
        let large = large || self.data.len() > i32::MAX as usize;
        let offsets: Vec<u8> = if large {
            self.offsets.iter().flat_map(|o| o.to_le_bytes()).collect()
        } else {
            self.offsets
                .iter()
                .flat_map(|&o| (o as i32).to_le_bytes())
                .collect()
        };
        let validity = (self.nulls > 0).then(|| PyBytes::new_bound(py, &self.validity));
        (
            validity,
            PyBytes::new_bound(py, &offsets),
            PyBytes::new_bound(py, &self.data),
            self.nulls,
            large,
        )
            .into_py(py)
    }
}

/// Input buffers as Python passes them: `(validity or None, offsets, data, offset, length,
/// large)`, each buffer as `(address, size)`.
type ArrayArgs = (
    Option<(usize, usize)>,
    (usize, usize),
    (usize, usize),
    usize,
    usize,
    bool,
);

fn view<'b>(a: &ArrayArgs) -> PyResult<StrArray<'b>> {
    let validity = match a.0 {
        Some(v) => Some(bytes_of(v)?),
        None => None,
    };
    StrArray::new(validity, bytes_of(a.1)?, bytes_of(a.2)?, a.3, a.4, a.5)
}

/// `parse`: the `valid` bits (one per row; null rows are false and masked by the struct's
/// validity, which Python takes from the input) and the columns error, scheme, userinfo,
/// host, port, path, query, fragment.
#[pyfunction]
fn parse_batch(py: Python<'_>, input: ArrayArgs) -> PyResult<(PyObject, Vec<PyObject>)> {
    let arr = view(&input)?;
    let (valid, cols) = py.allow_threads(|| {
        let n = arr.len;
        let mut valid = vec![0u8; n.div_ceil(8)];
        let mut cols: Vec<StrBuilder> = (0..8)
            .map(|c| StrBuilder::new(n, if c == 5 { arr.data.len() } else { 0 }))
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
        (valid, cols)
    });
    let large = arr.large;
    let cols = cols.into_iter().map(|c| c.finish(py, large)).collect();
    Ok((PyBytes::new_bound(py, &valid).into_py(py), cols))
}

/// Runs `write` per valid row into one output column; a row it refuses (returns false) is null.
fn map_strings<F>(py: Python<'_>, arr: &StrArray<'_>, mut write: F) -> PyObject
where
    F: FnMut(&str, &mut Vec<u8>) -> bool + Send,
{
    let out = py.allow_threads(|| {
        let mut out = StrBuilder::new(arr.len, arr.data.len());
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
        out
    });
    out.finish(py, arr.large)
}

#[pyfunction]
fn normalize_batch(py: Python<'_>, input: ArrayArgs) -> PyResult<PyObject> {
    let arr = view(&input)?;
    let mut text = String::new();
    Ok(map_strings(py, &arr, move |s, out| {
        match UriRef::parse(s) {
            Ok(u) => {
                use std::fmt::Write;
                text.clear();
                let _ = write!(text, "{}", u.normalized());
                out.extend_from_slice(text.as_bytes());
                true
            }
            Err(_) => false,
        }
    }))
}

#[pyfunction]
fn host_batch(py: Python<'_>, input: ArrayArgs) -> PyResult<PyObject> {
    let arr = view(&input)?;
    Ok(map_strings(py, &arr, |s, out| {
        match UriRef::parse(s).map(|u| u.host()) {
            Ok(Some(h)) => {
                out.extend_from_slice(h.as_bytes());
                true
            }
            _ => false,
        }
    }))
}

/// Resolves every reference against one base, prepared once.
#[pyfunction]
fn resolve_scalar_batch(py: Python<'_>, base: &str, refs: ArrayArgs) -> PyResult<PyObject> {
    let arr = view(&refs)?;
    let prepared = UriRef::parse(base).ok().and_then(|u| Base::new(u).ok());
    let mut buf = String::new();
    Ok(map_strings(py, &arr, move |r, out| match &prepared {
        Some(b) => {
            buf.clear();
            let ok = b.resolve_str_into(r, &mut buf).is_ok();
            out.extend_from_slice(buf.as_bytes());
            ok
        }
        None => false,
    }))
}

/// Resolves row by row: `refs[i]` against `bases[i]`; null when either is null or invalid.
#[pyfunction]
fn resolve_batch(py: Python<'_>, bases: ArrayArgs, refs: ArrayArgs) -> PyResult<PyObject> {
    let b = view(&bases)?;
    let r = view(&refs)?;
    if b.len != r.len {
        return Err(PyValueError::new_err(
            "bases and refs must have the same length",
        ));
    }
    let out = py.allow_threads(|| {
        let mut out = StrBuilder::new(r.len, b.data.len() + r.data.len());
        // One reused String: resolve_str_into does not allocate once it is large enough.
        let mut buf = String::new();
        // A page's links come in runs with the same base: prepare it once per run.
        let mut last: Option<(&str, Option<Base<'_>>)> = None;
        for i in 0..r.len {
            let (Some(Ok(base)), Some(Ok(link))) = (b.get(i), r.get(i)) else {
                out.push(None);
                continue;
            };
            if last.as_ref().is_none_or(|(text, _)| *text != base) {
                let prepared = UriRef::parse(base).ok().and_then(|u| Base::new(u).ok());
                last = Some((base, prepared));
            }
            buf.clear();
            let ok = last
                .as_ref()
                .and_then(|(_, prepared)| prepared.as_ref())
                .is_some_and(|base| base.resolve_str_into(link, &mut buf).is_ok());
            out.push(ok.then_some(buf.as_str()));
        }
        out
    });
    Ok(out.finish(py, b.large || r.large))
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(parse_batch, m)?)?;
    m.add_function(wrap_pyfunction!(normalize_batch, m)?)?;
    m.add_function(wrap_pyfunction!(host_batch, m)?)?;
    m.add_function(wrap_pyfunction!(resolve_scalar_batch, m)?)?;
    m.add_function(wrap_pyfunction!(resolve_batch, m)?)?;
    Ok(())
}
