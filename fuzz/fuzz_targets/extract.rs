//! Finding URIs in text and HTML (feature `extract`) on any bytes: ranges in order and inside
//! the input, borrowed matches equal the input there, every match parses as its kind says.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if let Err(e) = urilex_fuzz::targets::extract(data) {
        panic!("{e}\ninput: {:?}", String::from_utf8_lossy(data));
    }
});
