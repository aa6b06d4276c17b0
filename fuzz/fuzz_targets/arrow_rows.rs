//! The Python package's Arrow columns on arbitrary buffers: `python/src/columns.rs` (which
//! the kernels read every row through) over string, large string and string view arrays with
//! arbitrary offsets, views, data bytes, array offsets and validity bitmaps, as a producer of
//! the C data interface may hand them over. Reading never panics: a row is null, text, or an
//! error (offsets out of range, bytes that are not UTF-8); a row read as text is what the
//! buffers hold there; the output column of the rows has one row per input row.
#![no_main]

use arrow_buffer::Buffer;
use arrow_data::ArrayDataBuilder;
use arrow_schema::DataType;

#[allow(dead_code)]
#[path = "../../python/src/columns.rs"]
mod columns;

use columns::{StrArray, StrBuilder};

/// `n` bytes from `bytes`, cycled (zeros when there are none).
fn cycled(bytes: &[u8], n: usize) -> Vec<u8> {
    (0..n)
        .map(|i| bytes.get(i % bytes.len().max(1)).copied().unwrap_or(0))
        .collect()
}

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let [kind, len, offset, slots, rest @ ..] = data else {
        return;
    };
    let (len, offset) = (usize::from(*len % 64), usize::from(*offset % 8));
    let split = (usize::from(*slots) * 4).min(rest.len());
    let (slot_bytes, body) = rest.split_at(split);
    let data_type = match kind % 3 {
        0 => DataType::Utf8,
        1 => DataType::LargeUtf8,
        _ => DataType::Utf8View,
    };
    let mut buffers = vec![
        Buffer::from_vec(slot_bytes.to_vec()),
        Buffer::from_vec(body.to_vec()),
    ];
    if data_type == DataType::Utf8View && kind & 8 != 0 {
        buffers.push(Buffer::from_vec(
            body.iter().rev().copied().collect::<Vec<u8>>(),
        ));
    }
    let mut builder = ArrayDataBuilder::new(data_type)
        .len(len)
        .offset(offset)
        .buffers(buffers);
    if kind & 4 != 0 {
        // A validity bitmap of the size ArrayData requires for offset + len rows.
        builder = builder.null_bit_buffer(Some(Buffer::from_vec(cycled(
            body,
            (offset + len).div_ceil(8),
        ))));
    }
    // SAFETY: the harness builds, on purpose, arrays whose offsets and views break the C data
    // interface (out of range, backwards, into buffers that are not there) and whose bytes are
    // not UTF-8: what a producer may hand over, and what `StrArray` must read without
    // trusting. What `ArrayData` itself relies on is kept: each buffer is a whole allocation
    // of the bytes it says, and the validity bitmap covers offset + len bits.
    let array = unsafe { builder.build_unchecked() };
    let Ok(rows) = StrArray::new(&array) else {
        return;
    };
    let mut out = StrBuilder::new(rows.len, 64);
    for i in 0..rows.len {
        match rows.get(i) {
            Some(Ok(text)) => {
                // The kernels' work on a row: any text is a valid input.
                let _ = urilex::UriRef::parse(text).map(|u| u.normalized().to_string());
                out.push(Some(text));
            }
            Some(Err(_)) | None => out.push(None),
        }
    }
    let column = out.finish(rows.large).expect("a column of valid text");
    assert_eq!(arrow_array::Array::len(column.as_ref()), rows.len);
});
