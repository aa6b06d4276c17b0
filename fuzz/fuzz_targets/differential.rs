//! urilex against fluent-uri 0.4 and iri-string 0.7, and uriparser 0.9 and Boost.URL 1.81
//! where installed. The input is split at the first NUL into a base and a reference: both are
//! parsed by all (validity and every component), the reference is resolved against the base
//! (strict; by uriparser too), and the base normalized (iri-string); every disagreement must
//! be one documented in fuzz/src/peers.rs or fuzz/src/cpeers.rs with its RFC section.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if let Err(e) = urilex_fuzz::targets::differential(data) {
        panic!("{e}\ninput: {:?}", String::from_utf8_lossy(data));
    }
});
