//! String columns in and out of the kernels: [`StrArray`] reads an imported `string` (i32
//! offsets), `large_string` (i64 offsets) or `string_view` (Polars' strings) array in place,
//! row by row; [`StrBuilder`] writes one output column and turns it into an Arrow array
//! without copying its buffers.

use std::sync::Arc;

use arrow_array::{ArrayRef, LargeStringArray, StringArray};
use arrow_buffer::{BooleanBuffer, Buffer, NullBuffer, OffsetBuffer, ScalarBuffer};
use arrow_data::ArrayData;
use arrow_schema::DataType;

/// Why a column cannot be read or written: `Type` for an array that is not a string array,
/// `Value` for one whose buffers do not fit its length. `ffi.rs` turns each into the Python
/// exception of that name; the module depends on nothing of Python, so that the `arrow_rows`
/// fuzz target (fuzz/) runs it on arbitrary buffers.
#[derive(Debug)]
pub enum ColumnError {
    Type(String),
    Value(String),
}

/// A read-only view of one string array's buffers, as the producer laid them out.
///
/// Reads are checked: an offset or view out of range or bytes that are not UTF-8 make that
/// row an error, never a crash, whatever the producer handed over.
pub struct StrArray<'a> {
    nulls: Option<&'a NullBuffer>,
    layout: Layout<'a>,
    /// For offsets, the rows' bytes (from the first row's start to the last row's end)
    /// checked as UTF-8 once, and where they start: a row is then a `str` slice of it (its
    /// ends on character boundaries), not a UTF-8 check of its own, which cost the resolve
    /// kernel a seventh of its time. `None` when that check fails (some row is not UTF-8):
    /// then each row is checked alone, to name the bad ones.
    text: Option<(&'a str, usize)>,
    offset: usize,
    pub len: usize,
    /// Whether the output columns should have i64 offsets (the input's had).
    pub large: bool,
}

/// Where row `i`'s bytes are.
enum Layout<'a> {
    /// `string` / `large_string`: between `offsets[i]` and `offsets[i + 1]` (4 or 8 bytes
    /// each, little-endian) in `data`.
    Offsets {
        offsets: &'a [u8],
        data: &'a [u8],
        width: usize,
    },
    /// `string_view`: a 16-byte view per row: the length (u32), then the bytes themselves when
    /// at most 12, else a 4-byte prefix, the index of a data buffer and the offset in it.
    Views {
        views: &'a [u8],
        buffers: Vec<&'a [u8]>,
    },
}

impl Layout<'_> {
    /// Offset `k` of an offsets layout, 0 for views (only called where `StrArray::new`
    /// checked that the slot exists).
    fn offset_at(&self, k: usize) -> usize {
        let Layout::Offsets { offsets, width, .. } = self else {
            return 0;
        };
        let b = &offsets[k * width..(k + 1) * width];
        if *width == 8 {
            i64::from_le_bytes(b.try_into().unwrap_or([0; 8])) as usize
        } else {
            i32::from_le_bytes(b.try_into().unwrap_or([0; 4])) as usize
        }
    }
}

/// The little-endian u32 at `b[at..at + 4]` (`b` is a 16-byte view).
fn u32_at(b: &[u8], at: usize) -> usize {
    u32::from_le_bytes([b[at], b[at + 1], b[at + 2], b[at + 3]]) as usize
}

impl<'a> StrArray<'a> {
    pub fn new(array: &'a ArrayData) -> Result<Self, ColumnError> {
        let (offset, len) = (array.offset(), array.len());
        let buffers = array.buffers();
        let (layout, large) = match array.data_type() {
            DataType::Utf8 | DataType::LargeUtf8 => {
                let large = array.data_type() == &DataType::LargeUtf8;
                let [offsets, data] = buffers else {
                    return Err(ColumnError::Value("a string array has two buffers".into()));
                };
                let width = if large { 8 } else { 4 };
                let layout = Layout::Offsets {
                    offsets: offsets.as_slice(),
                    data: data.as_slice(),
                    width,
                };
                (layout, large)
            }
            DataType::Utf8View => {
                let Some((views, data)) = buffers.split_first() else {
                    return Err(ColumnError::Value(
                        "a string_view array has a views buffer".into(),
                    ));
                };
                let buffers = data.iter().map(|b| b.as_slice()).collect();
                (
                    Layout::Views {
                        views: views.as_slice(),
                        buffers,
                    },
                    false,
                )
            }
            other => {
                return Err(ColumnError::Type(format!(
                    "expected a string, large_string or string_view array, got {other}"
                )))
            }
        };
        // The rows' slots (offsets: one more than the rows; views: 16 bytes a row) must be
        // there; what they point to is checked row by row.
        let (slots, width) = match &layout {
            Layout::Offsets { offsets, width, .. } => (offsets.len(), *width),
            Layout::Views { views, .. } => (views.len(), 16),
        };
        let extra = usize::from(matches!(layout, Layout::Offsets { .. }));
        let need = offset
            .checked_add(len)
            .and_then(|n| n.checked_add(extra))
            .and_then(|n| n.checked_mul(width));
        if len > 0 && need.is_none_or(|n| slots < n) {
            return Err(ColumnError::Value(
                "offsets or views buffer too short for the array".into(),
            ));
        }
        let text = match layout {
            Layout::Offsets { data, .. } if len > 0 => {
                let (first, last) = (layout.offset_at(offset), layout.offset_at(offset + len));
                let rows = data.get(first..last);
                rows.and_then(|b| std::str::from_utf8(b).ok())
                    .map(|t| (t, first))
            }
            _ => None,
        };
        Ok(StrArray {
            // Already sliced to the array's offset (ArrayData::nulls says so).
            nulls: array.nulls(),
            layout,
            text,
            offset,
            len,
            large,
        })
    }

    /// The size of the string data, to size output columns.
    pub fn data_len(&self) -> usize {
        match &self.layout {
            Layout::Offsets { data, .. } => data.len(),
            // Short strings live in the views: count those too.
            Layout::Views { views, buffers } => {
                views.len() + buffers.iter().map(|b| b.len()).sum::<usize>()
            }
        }
    }

    /// The validity of the rows, for a struct built over them.
    pub fn nulls(&self) -> Option<NullBuffer> {
        self.nulls.cloned()
    }

    /// The bytes of row `i`, if the producer's offsets or view point inside its buffers.
    fn bytes(&self, i: usize) -> Option<&'a [u8]> {
        let j = self.offset + i;
        match &self.layout {
            Layout::Offsets { data, .. } => {
                data.get(self.layout.offset_at(j)..self.layout.offset_at(j + 1))
            }
            Layout::Views { views, buffers } => {
                let view = &views[j * 16..j * 16 + 16];
                let len = u32_at(view, 0);
                if len <= 12 {
                    return Some(&view[4..4 + len]);
                }
                let (buffer, start) = (u32_at(view, 8), u32_at(view, 12));
                buffers.get(buffer)?.get(start..start.checked_add(len)?)
            }
        }
    }

    /// Row `i`: `None` when null; the text, or `Err` for bytes that are not UTF-8 or offsets
    /// out of range (a malformed array must not crash the interpreter).
    pub fn get(&self, i: usize) -> Option<Result<&'a str, &'static str>> {
        if self.nulls.is_some_and(|n| n.is_null(i)) {
            return None;
        }
        if let Some((text, first)) = self.text {
            let j = self.offset + i;
            let (start, end) = (self.layout.offset_at(j), self.layout.offset_at(j + 1));
            if let Some(row) = text.get(start.wrapping_sub(first)..end.wrapping_sub(first)) {
                return Some(Ok(row));
            }
        }
        Some(match self.bytes(i) {
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
    pub fn finish(self, large: bool) -> Result<ArrayRef, ColumnError> {
        let len = self.len;
        let nulls = (self.nulls > 0)
            .then(|| NullBuffer::new(BooleanBuffer::new(Buffer::from_vec(self.validity), 0, len)));
        let values = Buffer::from_vec(self.data);
        let invalid = |e| ColumnError::Value(format!("output column: {e}"));
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
