//! The Arrow C data interface, both ways, through the Arrow PyCapsule protocol: the one place
//! in the crate with `unsafe` (the crate root denies it elsewhere).
//!
//! In: any Python object with `__arrow_c_array__` (a `pyarrow.Array`, a nanoarrow array, ...)
//! hands over an `ArrowSchema` and an `ArrowArray` in two capsules; [`import`] moves the array
//! out of its capsule into Rust (`arrow_array::ffi::from_ffi`): the buffers stay where the
//! producer put them, no byte is copied, and the producer's release callback runs when the last
//! Rust reference is dropped.
//!
//! Out: [`export`] does the converse for an array built here: two capsules that
//! `pyarrow.array()` imports through the same protocol (`urilex.arrow` wraps them in an object
//! with `__arrow_c_array__`), again without a copy. A capsule that nobody imports releases its
//! array when Python frees it.

#![allow(unsafe_code)]

use std::ffi::CString;

use arrow_array::ffi::{from_ffi, to_ffi, FFI_ArrowArray, FFI_ArrowSchema};
use arrow_array::{Array, ArrayRef};
use arrow_data::ArrayData;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyCapsule, PyTuple};

const SCHEMA: &std::ffi::CStr = c"arrow_schema";
const ARRAY: &std::ffi::CStr = c"arrow_array";

/// The capsule's pointer, after checking its name (the protocol's names; a capsule of another
/// kind would be misread).
fn pointer(capsule: &Bound<'_, PyAny>, name: &std::ffi::CStr) -> PyResult<*mut std::ffi::c_void> {
    let capsule = capsule.downcast::<PyCapsule>()?;
    if capsule.name()? != Some(name) {
        return Err(PyTypeError::new_err(format!(
            "__arrow_c_array__ returned a capsule not named {name:?}"
        )));
    }
    Ok(capsule.pointer())
}

/// The array behind `obj.__arrow_c_array__()`, imported without copying its buffers.
pub fn import(obj: &Bound<'_, PyAny>) -> PyResult<ArrayData> {
    if !obj.hasattr("__arrow_c_array__")? {
        return Err(PyTypeError::new_err(format!(
            "expected an Arrow array (an object with __arrow_c_array__, e.g. pyarrow.Array), got {}",
            obj.get_type().name()?
        )));
    }
    let pair = obj.call_method0("__arrow_c_array__")?;
    let pair = pair.downcast::<PyTuple>()?;
    if pair.len() != 2 {
        return Err(PyTypeError::new_err(
            "__arrow_c_array__ must return (schema capsule, array capsule)",
        ));
    }
    let schema = pointer(&pair.get_item(0)?, SCHEMA)? as *const FFI_ArrowSchema;
    let array = pointer(&pair.get_item(1)?, ARRAY)? as *mut FFI_ArrowArray;
    // SAFETY: the capsules are named "arrow_schema" and "arrow_array" (checked above), so by
    // the PyCapsule protocol they point to a live ArrowSchema and ArrowArray, and both stay
    // alive while `pair` holds the capsules, which outlives these calls. `from_raw` moves the
    // array out and leaves a released one behind (release = NULL), so the capsule's
    // destructor will not release it a second time; from then on the Arc'd buffers of the
    // returned ArrayData own it. `from_ffi` trusts the producer to follow the C data
    // interface (buffer counts and sizes for the schema's type); what it cannot check is what
    // the rest of this crate never relies on: the kernels read the string buffers through
    // `columns::StrArray`, which bounds-checks every offset and checks UTF-8 per row.
    let data = unsafe {
        let array = FFI_ArrowArray::from_raw(array);
        from_ffi(array, &*schema)
    }
    .map_err(|e| PyValueError::new_err(format!("cannot import the Arrow array: {e}")))?;
    Ok(data)
}

/// `(schema capsule, array capsule)` for `array`, by the Arrow PyCapsule protocol.
pub fn export<'py>(py: Python<'py>, array: ArrayRef) -> PyResult<Bound<'py, PyTuple>> {
    let (array, schema) = to_ffi(&array.to_data())
        .map_err(|e| PyValueError::new_err(format!("cannot export the Arrow array: {e}")))?;
    // The capsules own the structs; their destructors drop them, and dropping an
    // FFI_ArrowArray or FFI_ArrowSchema calls its release callback unless an importer has
    // moved it out (release = NULL). No unsafe here: pyo3 keeps the value at the capsule's
    // pointer until the destructor runs.
    let schema = PyCapsule::new_bound_with_destructor(
        py,
        schema,
        Some(CString::from(SCHEMA)),
        |schema, _| drop(schema),
    )?;
    let array =
        PyCapsule::new_bound_with_destructor(py, array, Some(CString::from(ARRAY)), |array, _| {
            drop(array)
        })?;
    Ok(PyTuple::new_bound(
        py,
        [schema.into_any(), array.into_any()],
    ))
}
