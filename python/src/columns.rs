//! String columns in and out of the kernels: [`StrArray`] reads an imported `string` (i32
//! offsets) or `large_string` (i64 offsets) array in place, row by row; [`StrBuilder`] writes
//! one output column and turns it into an Arrow array without copying its buffers.

use std::sync::Arc;

use arrow_array::{ArrayRef, LargeStringArray, StringArray};
use arrow_buffer::{BooleanBuffer, Buffer, NullBuffer, OffsetBuffer, ScalarBuffer};
use arrow_data::ArrayData;
use arrow_schema::DataType;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;

/// A read-only view of one string array's buffers, as the producer laid them out.
///
/// Reads are checked: an offset out of range or bytes that are not UTF-8 make that row an
/// error, never a crash, whatever the producer handed over.
pub struct StrArray<'a> {
    nulls: Option<&'a NullBuffer>,
    offsets: &'a [u8],
    data: &'a [u8],
    offset: usize,
    pub len: usize,
    pub large: bool,
}

impl<'a> StrArray<'a> {
    pub fn new(array: &'a ArrayData) -> PyResult<Self> {
        let large = match array.data_type() {
            DataType::Utf8 => false,
            DataType::LargeUtf8 => true,
            other => {
                return Err(PyTypeError::new_err(format!(
                    "expected a string or large_string array, got {other}"
                )))
            }
        };
        let [offsets, data] = array.buffers() else {
            return Err(PyValueError::new_err("a string array has two buffers"));
        };
        let (offset, len) = (array.offset(), array.len());
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
        Ok(StrArray {
            // Already sliced to the array's offset (ArrayData::nulls says so).
            nulls: array.nulls(),
            offsets: offsets.as_slice(),
            data: data.as_slice(),
            offset,
            len,
            large,
        })
    }

    /// The size of the string data, to size output columns.
    pub fn data_len(&self) -> usize {
        self.data.len()
    }

    /// The validity of the rows, for a struct built over them.
    pub fn nulls(&self) -> Option<NullBuffer> {
        self.nulls.cloned()
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
    pub fn get(&self, i: usize) -> Option<Result<&'a str, &'static str>> {
        if self.nulls.is_some_and(|n| n.is_null(i)) {
            return None;
        }
        let j = self.offset + i;
        let (start, end) = (self.off(j), self.off(j + 1));
        Some(match self.data.get(start..end) {
            Some(b) => std::str::from_utf8(b).map_err(|_| "not valid UTF-8"),
            None => Err("string offsets out of range"),
        })
    }
}

/// Builds one string column: validity bits, offsets, data.
pub struct StrBuilder {
    validity: Vec<u8>,
    offsets: Vec<i64>,
    pub data: Vec<u8>,
    nulls: usize,
    len: usize,
}

impl StrBuilder {
    pub fn new(rows: usize, bytes: usize) -> Self {
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

    pub fn push(&mut self, s: Option<&str>) {
        match s {
            Some(s) => {
                self.data.extend_from_slice(s.as_bytes());
                self.commit();
            }
            None => {
                self.nulls += 1;
                self.len += 1;
                self.offsets.push(self.data.len() as i64);
            }
        }
    }

    /// Ends a row written straight into `data` (no temporary string).
    pub fn commit(&mut self) {
        self.validity[self.len / 8] |= 1 << (self.len % 8);
        self.len += 1;
        self.offsets.push(self.data.len() as i64);
    }

    /// The column as an Arrow array, its buffers moved, not copied: `large_string` when
    /// `large` or when the data outgrows i32 offsets, `string` otherwise.
    pub fn finish(self, large: bool) -> PyResult<ArrayRef> {
        let len = self.len;
        let nulls = (self.nulls > 0)
            .then(|| NullBuffer::new(BooleanBuffer::new(Buffer::from_vec(self.validity), 0, len)));
        let values = Buffer::from_vec(self.data);
        let invalid = |e| PyValueError::new_err(format!("output column: {e}"));
        if large || values.len() > i32::MAX as usize {
            let offsets = OffsetBuffer::new(ScalarBuffer::from(self.offsets));
            Ok(Arc::new(
                LargeStringArray::try_new(offsets, values, nulls).map_err(invalid)?,
            ))
        } else {
            // Every offset fits: the last, the largest, is at most i32::MAX.
            let narrow: Vec<i32> = self.offsets.iter().map(|&o| o as i32).collect();
            let offsets = OffsetBuffer::new(ScalarBuffer::from(narrow));
            Ok(Arc::new(
                StringArray::try_new(offsets, values, nulls).map_err(invalid)?,
            ))
        }
    }
}
