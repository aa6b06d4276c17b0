//! `UriBuf` setters: starting from the text before the first NUL, apply the edits that follow
//! (NUL-separated: an opcode byte, then the value). Every edit keeps the URI valid, and a
//! setter accepts exactly the values whose recomposition (§5.3) parses back to the edited
//! components.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if let Err(e) = urilex_fuzz::targets::uribuf(data) {
        panic!("{e}\ninput: {:?}", String::from_utf8_lossy(data));
    }
});
