//! The C and C++ URI parsers of the benchmarks and of the differential tests
//! (tests/differential.rs), behind a small shim each (`shim/`): uriparser 0.9 and Boost.URL
//! 1.81, both RFC 3986. Each function returns `None` when its library was not installed at
//! build time (see `build.rs`), so the benchmarks skip that peer (and the tests say so, or
//! fail where `URILEX_REQUIRE_CPEERS` is set, as in CI).

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

/// A URI reference's components as a peer reads them: `None` for an absent one. The host of
/// an IP literal has its brackets, as RFC 3986's `host` rule does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Parts {
    pub scheme: Option<String>,
    pub userinfo: Option<String>,
    pub host: Option<String>,
    pub port: Option<String>,
    pub path: String,
    pub query: Option<String>,
    pub fragment: Option<String>,
    /// `ipv4`, `ipv6`, `ipvfuture` or `regname`; `None` without a host.
    pub host_kind: Option<&'static str>,
}

/// uriparser: `Some(Some(parts))` when it accepts `s`, `Some(None)` when it refuses it, `None`
/// without the library.
pub fn uriparser_parts(s: &str) -> Option<Option<Parts>> {
    URIPARSER_PARTS.map(|shim| read_parts(s, shim))
}

/// Boost.URL (`parse_uri_reference`): as [`uriparser_parts`].
pub fn boost_url_parts(s: &str) -> Option<Option<Parts>> {
    BOOST_URL_PARTS.map(|shim| read_parts(s, shim))
}

/// A shim's `parts` function (shim/): the input, a buffer for the fields, the bytes written
/// and the host's kind.
type PartsFn = unsafe extern "C" fn(*const u8, usize, *mut u8, usize, *mut usize, *mut i32) -> i32;

/// `const NAME: Option<PartsFn>`: the shim's function `shim_fn` if the library was installed
/// at build time (`cfg`), declared here with [`PartsFn`]'s signature; else `None`.
macro_rules! parts_fn {
    ($name:ident, $cfg:ident, $shim_fn:ident) => {
        #[cfg($cfg)]
        extern "C" {
            fn $shim_fn(
                p: *const u8,
                n: usize,
                out: *mut u8,
                cap: usize,
                used: *mut usize,
                kind: *mut i32,
            ) -> i32;
        }
        #[cfg($cfg)]
        const $name: Option<PartsFn> = Some($shim_fn);
        #[cfg(not($cfg))]
        const $name: Option<PartsFn> = None;
    };
}
parts_fn!(URIPARSER_PARTS, has_uriparser, urilex_uriparser_parts);
parts_fn!(BOOST_URL_PARTS, has_boost_url, urilex_boost_url_parts);

/// Where uriparser's parse of `s` fails (its `errorPos`): `Some(Some(index))`, `Some(None)`
/// when it accepts `s`, `None` without the library.
pub fn uriparser_error_index(s: &str) -> Option<Option<usize>> {
    #[cfg(has_uriparser)]
    {
        extern "C" {
            fn urilex_uriparser_error_index(p: *const u8, n: usize) -> std::ffi::c_long;
        }
        // SAFETY: the shim reads `s.len()` bytes from `s.as_ptr()` and keeps no pointer.
        let index = unsafe { urilex_uriparser_error_index(s.as_ptr(), s.len()) };
        Some(match index {
            -1 => None,
            -2 => panic!("uriparser refuses {s:?} without saying where"),
            i => Some(usize::try_from(i).expect("an index into the input")),
        })
    }
    #[cfg(not(has_uriparser))]
    {
        let _ = s;
        None
    }
}

/// uriparser's resolution of `reference` against `base` (RFC 3986 §5.2, strict):
/// `Some(Some(text))`, `Some(None)` when it refuses either or the base is not absolute, `None`
/// without the library. (Boost.URL 1.81's `resolve` is no RFC 3986 oracle: it normalizes the
/// result, decoding `%2F` into '/', and keeps the base's fragment, boostorg/url#808 and
/// others; its answers are left out.)
pub fn uriparser_resolve(base: &str, reference: &str) -> Option<Option<String>> {
    #[cfg(has_uriparser)]
    {
        extern "C" {
            fn urilex_uriparser_resolve(
                b: *const u8,
                bn: usize,
                r: *const u8,
                rn: usize,
                out: *mut u8,
                cap: usize,
                used: *mut usize,
            ) -> i32;
        }
        // The result is never longer than both inputs and "/." and a ':' (RFC 3986 §5.3),
        // but for an IPv6 address, which uriparser writes out in full (39 bytes, from 2).
        let mut out = vec![0u8; base.len() + reference.len() + 64];
        let mut used = 0usize;
        let (b, r) = (base.as_bytes(), reference.as_bytes());
        // SAFETY: the shim reads `b.len()` and `r.len()` bytes from `b` and `r`, writes at
        // most `out.len()` bytes to `out` and one value through `used`, all owned here for
        // the call; it keeps no pointer.
        let answer = unsafe {
            urilex_uriparser_resolve(
                b.as_ptr(),
                b.len(),
                r.as_ptr(),
                r.len(),
                out.as_mut_ptr(),
                out.len(),
                &mut used,
            )
        };
        Some(match answer {
            0 => None,
            1 => Some(String::from_utf8(out[..used].to_vec()).expect("UTF-8 from UTF-8 inputs")),
            n => panic!("the shim answered {n} on {base:?} and {reference:?}"),
        })
    }
    #[cfg(not(has_uriparser))]
    {
        let _ = (base, reference);
        None
    }
}

/// Calls a shim's `parts` function with a buffer for its fields, and reads them: seven, each
/// a length (`i64` in the machine's order, -1 for absent) and its bytes.
fn read_parts(s: &str, shim: PartsFn) -> Option<Parts> {
    // Seven lengths, and the components: at most the input and a host's two brackets.
    let mut out = vec![0u8; s.len() + 7 * 8 + 2];
    let (mut used, mut kind) = (0usize, 0i32);
    // SAFETY: both shims read `s.len()` bytes from `s.as_ptr()`, write at most `out.len()`
    // bytes to `out` and one value through each of `used` and `kind`, all owned here for the
    // call, and keep no pointer (shim/).
    let answer = unsafe {
        shim(
            s.as_ptr(),
            s.len(),
            out.as_mut_ptr(),
            out.len(),
            &mut used,
            &mut kind,
        )
    };
    match answer {
        0 => return None,
        1 => {}
        r => panic!("the shim answered {r} on {s:?} (its buffer too small?)"),
    }
    let mut rest = &out[..used];
    let mut field = || -> Option<String> {
        let (len, tail) = rest.split_at(8);
        rest = tail;
        let len = usize::try_from(i64::from_ne_bytes(len.try_into().unwrap())).ok()?; // -1
        let (bytes, tail) = rest.split_at(len);
        rest = tail;
        Some(String::from_utf8(bytes.to_vec()).expect("a component of a UTF-8 input"))
    };
    let parts = Parts {
        scheme: field(),
        userinfo: field(),
        host: field(),
        port: field(),
        path: field().expect("a path, if empty"),
        query: field(),
        fragment: field(),
        host_kind: match kind {
            0 => None,
            1 => Some("ipv4"),
            2 => Some("ipv6"),
            3 => Some("ipvfuture"),
            4 => Some("regname"),
            k => panic!("the shim gave the host kind {k} for {s:?}"),
        },
    };
    Some(parts)
}

#[cfg(test)]
mod tests {
    use super::Parts;

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

    /// When the libraries are there, each component comes back, absent and empty told apart.
    #[test]
    fn the_shims_read_components() {
        let some = |s: &str| Some(s.to_owned());
        for parts in [super::uriparser_parts, super::boost_url_parts] {
            let Some(answer) = parts("http://u@[::1]:80/a/?q#f") else {
                continue;
            };
            let expected = Parts {
                scheme: some("http"),
                userinfo: some("u"),
                host: some("[::1]"),
                port: some("80"),
                path: "/a/".to_owned(),
                query: some("q"),
                fragment: some("f"),
                host_kind: Some("ipv6"),
            };
            assert_eq!(answer, Some(expected));
            let empty = parts("//@:?#").unwrap().unwrap();
            assert_eq!(
                (empty.userinfo, empty.host, empty.port),
                (some(""), some(""), some(""))
            );
            assert_eq!((empty.query, empty.fragment), (some(""), some("")));
            let bare = parts("a").unwrap().unwrap();
            assert_eq!((bare.scheme, bare.host, bare.query), (None, None, None));
            assert_eq!(parts("a b").unwrap(), None);
        }
    }

    /// When uriparser is there, it resolves RFC 3986 §5.4.1's examples as the RFC does.
    #[test]
    fn uriparser_resolves() {
        if super::uriparser_resolve("http://a/", "b").is_none() {
            return;
        }
        for (reference, target) in [
            ("g", "http://a/b/c/g"),
            ("../../g", "http://a/g"),
            ("?y", "http://a/b/c/d;p?y"),
        ] {
            let resolved = super::uriparser_resolve("http://a/b/c/d;p?q", reference).unwrap();
            assert_eq!(resolved.as_deref(), Some(target));
        }
        assert_eq!(super::uriparser_resolve("http://a/", "a b"), Some(None));
    }
}
