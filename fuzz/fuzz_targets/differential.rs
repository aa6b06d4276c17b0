//! urilex against fluent-uri 0.4 and iri-string 0.7 on the same text: validity and every
//! component must agree, except for the differences documented in `peers::KNOWN`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if let Err(e) = urilex_fuzz::targets::differential(data) {
        panic!("{e}\ninput: {:?}", String::from_utf8_lossy(data));
    }
});
