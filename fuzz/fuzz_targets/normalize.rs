//! Normalization: idempotent, parseable, `normalized_eq` to its input (both levels); and for
//! two references (the input split at its first NUL), `normalized_eq` is the equality of
//! their normalized strings.
#![no_main]

use libfuzzer_sys::fuzz_target;
use urilex_fuzz::invariants;

fuzz_target!(|data: &[u8]| {
    let Ok(s) = std::str::from_utf8(data) else {
        return;
    };
    let (a, b) = s.split_once('\0').unwrap_or((s, s));
    for r in [
        invariants::check_normalize(a),
        invariants::check_normalize(b),
        invariants::check_normalized_eq(a, b),
    ] {
        if let Err(e) = r {
            panic!("{e}\ninput: {s:?}");
        }
    }
});
