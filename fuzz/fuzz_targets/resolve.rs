//! Resolution (two inputs, split at the first NUL: base, then reference), in every mode: the
//! output parses with the components the view reports, no dot-segment is left (strict and
//! non-strict), strict resolution is idempotent.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if let Err(e) = urilex_fuzz::targets::resolve(data) {
        panic!("{e}\ninput: {:?}", String::from_utf8_lossy(data));
    }
});
