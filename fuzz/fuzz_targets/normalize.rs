//! Normalization: idempotent, parseable, `normalized_eq` to its input (both levels); and for
//! two references (the input split at its first NUL), `normalized_eq` is the equality of
//! their normalized strings.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if let Err(e) = urilex_fuzz::targets::normalize(data) {
        panic!("{e}\ninput: {:?}", String::from_utf8_lossy(data));
    }
});
