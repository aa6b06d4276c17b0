//! `UriBuf` setters: starting from the text before the first NUL, apply the edits that follow
//! (NUL-separated: an opcode byte, then the value). Every edit keeps the URI valid, and a
//! setter accepts exactly the values whose recomposition (§5.3) parses back to the edited
//! components.
#![no_main]

use libfuzzer_sys::fuzz_target;
use urilex_fuzz::invariants::{self, Edit};

fuzz_target!(|data: &[u8]| {
    let (start, rest) = match data.iter().position(|&b| b == 0) {
        Some(i) => (&data[..i], &data[i + 1..]),
        None => (data, &[][..]),
    };
    let start = String::from_utf8_lossy(start);
    let edits = Edit::list(rest);
    if let Err(e) = invariants::check_uribuf(&start, &edits) {
        panic!("{e}\ninput: {data:?}");
    }
});
