//! A query and a fragment of any bytes after "http://example.com/path": urilex's RFC 3986 and
//! RFC 2396 parsers accept exactly what a byte-by-byte recognizer of their ABNF accepts (the
//! form-data runs go through the AVX2 code of src/kernels/avx2.rs where the CPU has it).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if let Err(e) = urilex_fuzz::targets::form_data(data) {
        panic!("{e}\ninput: {:?}", String::from_utf8_lossy(data));
    }
});
