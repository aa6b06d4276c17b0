//! Percent-encoding: decode(encode(x, c)) == x for any bytes and every component, the encoded
//! text is valid in that component's place; decoding forms agree.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if let Err(e) = urilex_fuzz::targets::pct(data) {
        panic!("{e}\ninput: {:?}", String::from_utf8_lossy(data));
    }
});
