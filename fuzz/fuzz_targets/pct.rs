//! Percent-encoding: decode(encode(x, c)) == x for any bytes and every component, the encoded
//! text is valid in that component's place; decoding forms agree.
#![no_main]

use libfuzzer_sys::fuzz_target;
use urilex::Component;
use urilex_fuzz::invariants;

const ALL: [Component; 8] = [
    Component::Scheme,
    Component::Authority,
    Component::Userinfo,
    Component::Host,
    Component::Port,
    Component::Path,
    Component::Query,
    Component::Fragment,
];

fuzz_target!(|data: &[u8]| {
    for c in ALL {
        if let Err(e) = invariants::check_pct(data, c) {
            panic!("{e}\ninput: {data:?}");
        }
    }
});
