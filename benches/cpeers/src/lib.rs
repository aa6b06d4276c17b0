//! The C and C++ URI parsers of the benchmarks, behind a small shim each (`shim/`): uriparser
//! 0.9 and Boost.URL 1.81, both RFC 3986. Each function returns `None` when its library was not
//! installed at build time (see `build.rs`), so the benchmarks skip that peer.

/// Whether uriparser was installed at build time.
pub const HAS_URIPARSER: bool = cfg!(has_uriparser);
/// Whether Boost.URL was installed at build time.
pub const HAS_BOOST_URL: bool = cfg!(has_boost_url);

/// uriparser: `Some(accepted)`, the host read; `None` without the library.
pub fn uriparser_parse(s: &str) -> Option<bool> {
    #[cfg(has_uriparser)]
    {
        extern "C" {
            fn urilex_uriparser_parse(p: *const u8, n: usize, host_len: *mut usize) -> i32;
        }
        let mut host_len = 0;
        // SAFETY: the shim reads exactly `s.len()` bytes from `s.as_ptr()`, which `s` owns for
        // the call, and writes one `usize` through a pointer to a local; it keeps no pointer.
        let ok = unsafe { urilex_uriparser_parse(s.as_ptr(), s.len(), &mut host_len) } != 0;
        std::hint::black_box(host_len);
        Some(ok)
    }
    #[cfg(not(has_uriparser))]
    {
        let _ = s;
        None
    }
}

/// Boost.URL (`parse_uri_reference`): `Some(accepted)`, the host read; `None` without it.
pub fn boost_url_parse(s: &str) -> Option<bool> {
    #[cfg(has_boost_url)]
    {
        extern "C" {
            fn urilex_boost_url_parse(p: *const u8, n: usize, host_len: *mut usize) -> i32;
        }
        let mut host_len = 0;
        // SAFETY: as for uriparser: `s.len()` bytes read from `s.as_ptr()` during the call, one
        // `usize` written to a local, nothing kept (Boost.URL's result is a view that dies
        // inside the shim).
        let ok = unsafe { urilex_boost_url_parse(s.as_ptr(), s.len(), &mut host_len) } != 0;
        std::hint::black_box(host_len);
        Some(ok)
    }
    #[cfg(not(has_boost_url))]
    {
        let _ = s;
        None
    }
}

#[cfg(test)]
mod tests {
    /// When the libraries are there, they accept a URI and refuse a bad one.
    #[test]
    fn the_shims_answer() {
        for parse in [super::uriparser_parse, super::boost_url_parse] {
            if let Some(ok) = parse("http://example.com/a?b#c") {
                assert!(ok);
                assert_eq!(parse("http://exa mple.com/"), Some(false));
            }
        }
    }
}
