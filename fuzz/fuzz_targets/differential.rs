//! urilex against fluent-uri 0.4 and iri-string 0.7 on the same text: validity and every
//! component must agree, except for the differences documented in `peers::KNOWN`.
#![no_main]

use libfuzzer_sys::fuzz_target;
use urilex_fuzz::peers;

fuzz_target!(|data: &[u8]| {
    let Ok(s) = std::str::from_utf8(data) else {
        return;
    };
    if let Err(e) = peers::compare_parse(s) {
        panic!("{e}");
    }
});
