//! Every public method of every public type on arbitrary text (`base NUL reference`, or one
//! string used as both): nothing panics. The calls are `fuzz/src/api.rs`, which
//! `tests/no_panic.rs` runs on the conformance strings and under proptest.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let (a, b) = text.split_once('\0').unwrap_or((&text, &text));
    urilex_fuzz::api::every_method(a, b);
});
