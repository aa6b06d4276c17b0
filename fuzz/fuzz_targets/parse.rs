//! Parse any bytes: the byte API never panics and points its error at or before the first
//! invalid byte; for text, every invariant of `invariants::check_parse` holds
//! (parse(Display(x)) == x, §5.3 recomposition, spans, the four rules agree, redaction).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if let Err(e) = urilex_fuzz::targets::parse(data) {
        panic!("{e}\ninput: {:?}", String::from_utf8_lossy(data));
    }
});
