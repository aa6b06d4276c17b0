//! The crawler keys (`urilex::canon`): never a panic under any options; the SURT shortcut
//! for the common shape of URL gives what the general steps give; a Safe Browsing key is
//! a fixed point (the key of a key is the same key) and, like every canonicalized SURT, holds
//! only printable ASCII with `%` only in escapes; the options change only what they name; a
//! registrable domain is its public suffix and one label more.
#![no_main]

use urilex::canon::{self, Canonicalizer, SurtOptions};

/// Printable ASCII, no space or `#`, `%` only as `%XX`.
fn escaped(key: &str) -> bool {
    let b = key.as_bytes();
    b.iter().enumerate().all(|(i, &c)| {
        (b'!'..=b'~').contains(&c)
            && c != b'#'
            && (c != b'%'
                || (b.len() > i + 2
                    && b[i + 1].is_ascii_hexdigit()
                    && b[i + 2].is_ascii_hexdigit()))
    })
}

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(key) = canon::safe_browsing(text) {
        assert!(escaped(&key), "{text:?} -> {key:?}");
        assert_eq!(
            canon::safe_browsing(&key).ok().as_deref(),
            Some(key.as_str()),
            "{text:?}"
        );
    }
    let plain = canon::surt(text);
    for canonicalizer in [
        Canonicalizer::Ia,
        Canonicalizer::Google,
        Canonicalizer::None,
    ] {
        for bits in 0..16u8 {
            let options = SurtOptions {
                include_scheme: bits & 1 != 0,
                trailing_comma: bits & 2 != 0,
                host_massage: bits & 4 == 0,
                reverse_ipaddr: bits & 8 == 0,
                canonicalizer,
            };
            let key = canon::surt_with(text, &options);
            // Errors come from the text alone, never from the options.
            assert_eq!(key.is_ok(), plain.is_ok(), "{text:?} {options:?}");
            let Ok(key) = key else { continue };
            // The one-pass shortcut of the common shape gives what the general steps give.
            let mut general = String::new();
            canon::surt_into_without_shortcut(text, &options, &mut general).unwrap();
            assert_eq!(key, general, "{text:?} {options:?}");
            if options == SurtOptions::default() {
                assert_eq!(Ok(&key), plain.as_ref(), "{text:?}");
            }
            if canonicalizer != Canonicalizer::None
                && !text.is_empty()
                && !text.starts_with("filedesc")
            {
                assert!(escaped(&key), "{text:?} {options:?} -> {key:?}");
            }
            // A trailing comma is one `,` more, before a `)`, and nothing else changes (no
            // change at all without a host, for `-` and `filedesc` texts).
            if options.trailing_comma {
                let without = SurtOptions {
                    trailing_comma: false,
                    ..options
                };
                let other = canon::surt_with(text, &without).unwrap();
                if key == other {
                    continue;
                }
                let d = key
                    .bytes()
                    .zip(other.bytes())
                    .take_while(|(a, b)| a == b)
                    .count();
                assert_eq!(&key[d..d + 2], ",)", "{text:?}: {key:?} {other:?}");
                assert_eq!(key[d + 1..], other[d..], "{text:?}");
            }
        }
    }
    // The host's keys: the suffix ends the domain, which has one label more.
    let host = text.split(['/', '?', '#']).next().unwrap_or_default();
    let suffix = canon::public_suffix(host);
    if let Some(domain) = canon::registrable_domain(host) {
        let suffix = suffix.expect("a registrable domain has a public suffix");
        assert!(
            domain.ends_with(&format!(".{suffix}")),
            "{host:?}: {domain} {suffix}"
        );
        assert_eq!(
            domain.matches('.').count(),
            suffix.matches('.').count() + 1,
            "{host:?}"
        );
    }
});
