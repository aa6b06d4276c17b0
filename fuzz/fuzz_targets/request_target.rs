//! A method and a request target: `RequestTarget::parse`, `HostPort::parse`, the target URI and
//! the conversions with `http::Uri`; see `urilex_fuzz::targets::request_target`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if let Err(e) = urilex_fuzz::targets::request_target(data) {
        panic!("{e}\ninput: {:?}", String::from_utf8_lossy(data));
    }
});
