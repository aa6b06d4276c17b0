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

impl From<crate::columns::ColumnError> for PyErr {
    fn from(e: crate::columns::ColumnError) -> PyErr {
        match e {
            crate::columns::ColumnError::Type(m) => PyTypeError::new_err(m),
            crate::columns::ColumnError::Value(m) => PyValueError::new_err(m),
        }
    }
}

/// `struct ArrowSchema` as the C data interface defines it (its ABI, field by field): read
/// here to check a schema before `arrow_array` trusts it (its `FFI_ArrowSchema` keeps the
/// fields private and panics on a format that is not UTF-8).
#[repr(C)]
struct CSchema {
    format: *const std::ffi::c_char,
    name: *const std::ffi::c_char,
    metadata: *const std::ffi::c_char,
    flags: i64,
    n_children: i64,
    children: *mut *mut CSchema,
    dictionary: *mut CSchema,
    release: Option<unsafe extern "C" fn(*mut CSchema)>,
    private_data: *mut std::ffi::c_void,
}

/// `struct ArrowArray` as the C data interface defines it, likewise.
#[repr(C)]
struct CArray {
    length: i64,
    null_count: i64,
    offset: i64,
    n_buffers: i64,
    n_children: i64,
    buffers: *mut *const std::ffi::c_void,
    children: *mut *mut CArray,
    dictionary: *mut CArray,
    release: Option<unsafe extern "C" fn(*mut CArray)>,
    private_data: *mut std::ffi::c_void,
}

/// The string types the kernels read, by their C data interface format.
const STRING_FORMATS: [&[u8]; 3] = [b"u", b"U", b"vu"];

/// Refuses a schema and array that are released (moved out by an earlier import: their
/// buffers may be freed) or not what the kernels read: a string, large string or string view
/// array, no children, no dictionary, non-negative length and offset, the buffers its type
/// has, each that must be there non-null. Reads only the two structs and the `buffers`
/// array of pointers, never a buffer.
fn check(schema: &CSchema, array: &CArray) -> PyResult<()> {
    let refuse = |what: &str| {
        Err(PyValueError::new_err(format!(
            "cannot import the Arrow array: {what}"
        )))
    };
    if schema.release.is_none() {
        return refuse("the ArrowSchema is released (already imported or moved)");
    }
    if array.release.is_none() {
        return refuse("the ArrowArray is released (already imported or moved)");
    }
    if schema.format.is_null() {
        return refuse("the ArrowSchema has no format");
    }
    // SAFETY: `format` is non-null, and a live ArrowSchema's format is a NUL-terminated
    // string that lives as long as the schema (C data interface).
    let format = unsafe { std::ffi::CStr::from_ptr(schema.format) }.to_bytes();
    if !STRING_FORMATS.contains(&format) {
        return Err(PyTypeError::new_err(format!(
            "cannot import the Arrow array: expected a string, large_string or string_view \
             array, got the format {:?}",
            String::from_utf8_lossy(format)
        )));
    }
    if schema.n_children != 0 || !schema.dictionary.is_null() {
        return refuse("a string ArrowSchema has no children and no dictionary");
    }
    if array.n_children != 0 || !array.dictionary.is_null() {
        return refuse("a string ArrowArray has no children and no dictionary");
    }
    if array.length < 0 || array.offset < 0 || array.null_count < -1 {
        return refuse("negative length, offset or null count");
    }
    let view = format == b"vu";
    // string and large string: validity, offsets, data; a view: validity, views, the data
    // buffers, and the sizes of those (C data interface, "Binary view arrays").
    let expected = if view {
        array.n_buffers >= 3
    } else {
        array.n_buffers == 3
    };
    if !expected || array.buffers.is_null() {
        return refuse(&format!(
            "{} buffers for the format {:?}",
            array.n_buffers,
            String::from_utf8_lossy(format)
        ));
    }
    // SAFETY: `buffers` is non-null and, in a live ArrowArray, points to `n_buffers` pointers
    // (checked above to be at least 3).
    let buffers = unsafe { std::slice::from_raw_parts(array.buffers, array.n_buffers as usize) };
    if buffers[0].is_null() && array.null_count != 0 && array.null_count != -1 {
        return refuse("nulls counted and no validity buffer");
    }
    // What the import itself reads: a string array's offsets (the last sizes the data), a
    // view array's sizes of its data buffers when it has any. A view array's views are read
    // by the kernels when it has rows. (A buffer of size 0 may be null, C data interface.)
    if !view && buffers[1].is_null() {
        return refuse("no offsets buffer");
    }
    if view
        && ((array.length > 0 && buffers[1].is_null())
            || (buffers.len() > 3 && buffers[buffers.len() - 1].is_null()))
    {
        return refuse("no views buffer, or no sizes of the data buffers");
    }
    Ok(())
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
    if schema.is_null() || array.is_null() {
        return Err(PyValueError::new_err(
            "cannot import the Arrow array: a null capsule pointer",
        ));
    }
    // SAFETY: the pointers are non-null (checked just above) and come from capsules named
    // "arrow_schema" and "arrow_array" (checked by `pointer`), which by the PyCapsule
    // protocol point to an ArrowSchema and an ArrowArray that stay allocated while `pair`
    // holds the capsules (it outlives this function's use of them). `CSchema` and `CArray`
    // are those structs' C ABI field for field, so reading them as such is sound whatever
    // their contents; `check` reads nothing else but the format string and the buffer
    // pointers, each after testing it for null.
    check(unsafe { &*(schema as *const CSchema) }, unsafe {
        &*(array as *const CArray)
    })?;
    // SAFETY: as above, and `check` has seen that neither struct is released (release is
    // set: the producer still owns live buffers, not ones an earlier import took and freed),
    // that the type is a string type without children or dictionary, and that the buffers the
    // import reads (the offsets, or a view's sizes) are there. `from_raw` moves the array out
    // and leaves a released one behind (release = NULL), so the capsule's destructor will not
    // release it a second time; from then on the Arc'd buffers of the returned ArrayData own
    // it. What no consumer of the C data interface can check is left to the producer: that
    // each buffer is as long as the type, length and offset say (pyarrow trusts the same).
    // The kernels never go further: they read the string buffers through
    // `columns::StrArray`, which bounds-checks every offset against the data buffer's length
    // and checks UTF-8 per row.
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
