//! Python bindings for urilex: the scalar functions (`scalar.rs`) and the Arrow batch kernels
//! (`batch.rs`, over string columns read and written by `columns.rs`, exchanged with Python
//! through the Arrow C data interface in `ffi.rs`, the only module allowed `unsafe`). Nothing
//! here panics on user input: a bad URI is a `ParseError` (scalar) or a null / `valid = false`
//! row (batch).

#![deny(unsafe_code)]

mod batch;
mod canon;
mod columns;
mod ffi;
mod scalar;
mod whatwg;

use pyo3::prelude::*;

#[pymodule]
fn _urilex(m: &Bound<'_, PyModule>) -> PyResult<()> {
    scalar::register(m)?;
    batch::register(m)?;
    whatwg::register(m)?;
    canon::register(m)?;
    Ok(())
}
