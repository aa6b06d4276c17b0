//! Python bindings for urilex: the scalar functions (`scalar.rs`) and the Arrow batch kernels
//! (`batch.rs`, over the buffers of pyarrow string arrays). Nothing here panics on user input:
//! a bad URI is a `ParseError` (scalar) or a null / `valid = false` row (batch).

mod batch;
mod scalar;

use pyo3::prelude::*;

#[pymodule]
fn _urilex(m: &Bound<'_, PyModule>) -> PyResult<()> {
    scalar::register(m)?;
    batch::register(m)?;
    Ok(())
}
