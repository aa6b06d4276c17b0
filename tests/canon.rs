#![cfg(feature = "canon")]
//! The crawler keys (`urilex::canon`) against their references: the `surt` package's own
//! keys (tests/fixtures/canon/surt.jsonl, written by scripts/gen_surt_vectors.py from surt
//! 0.3.1), Google's published Safe Browsing examples, and the Public Suffix List's test file.
//! The Python suite compares with `surt` and `tldextract` over every corpus line.

use urilex::canon::{
    self, public_suffix, registrable_domain, safe_browsing, surt, surt_with, CanonErrorKind,
    Canonicalizer, SurtOptions,
};

#[test]
fn the_surt_packages_keys() {
    let text = std::fs::read_to_string("tests/fixtures/canon/surt.jsonl").unwrap();
    let mut checked = 0;
    for line in text.lines() {
        let rec: serde_json::Value = serde_json::from_str(line).unwrap();
        let input = rec["input"].as_str().unwrap();
        let o = &rec["options"];
        let flag = |name: &str, default: bool| o[name].as_bool().unwrap_or(default);
        let options = SurtOptions {
            include_scheme: flag("with_scheme", false),
            trailing_comma: flag("trailing_comma", false),
            host_massage: flag("host_massage", true),
            reverse_ipaddr: flag("reverse_ipaddr", true),
            canonicalizer: match o["canonicalizer"].as_str() {
                None => Canonicalizer::Ia,
                Some("google") => Canonicalizer::Google,
                Some("none") => Canonicalizer::None,
                Some(other) => panic!("{other}"),
            },
        };
        let got = surt_with(input, &options).ok();
        assert_eq!(got.as_deref(), rec["surt"].as_str(), "{input:?} {o}");
        checked += 1;
    }
    assert!(checked > 3000);
}

#[test]
fn surt_defaults_are_the_packages() {
    assert_eq!(SurtOptions::default().canonicalizer, Canonicalizer::Ia);
    assert_eq!(
        surt("http://www.archive.org/goo/?a=2&b&a=1").unwrap(),
        surt_with(
            "http://www.archive.org/goo/?a=2&b&a=1",
            &SurtOptions::default()
        )
        .unwrap()
    );
}

#[test]
fn surt_errors_name_the_byte() {
    let err = |s: &str| match surt(s).unwrap_err() {
        urilex::Error::Canon(e) => (e.kind(), e.index()),
        other => panic!("{other}"),
    };
    assert_eq!(
        err("http://example.com:port/"),
        (CanonErrorKind::PortNotANumber, 19)
    );
    assert_eq!(
        err("  http://e.com:99999"),
        (CanonErrorKind::InvalidPort, 15)
    );
    // A tab before the port moves it one byte on in the input.
    assert_eq!(
        err("http://e.\tcom:x"),
        (CanonErrorKind::PortNotANumber, 14)
    );
    // Added `http://` and dropped repeated prefixes do not count.
    assert_eq!(err("e_com:x"), (CanonErrorKind::PortNotANumber, 6));
    // (`e.com:x` has a scheme, `e.com`, and no port.)
    assert_eq!(surt("e.com:x").unwrap(), "e.com:x");
    assert_eq!(
        err("http://https://e.com:x"),
        (CanonErrorKind::PortNotANumber, 21)
    );
    assert_eq!(err(" \t "), (CanonErrorKind::Empty, 0));
    assert_eq!(surt("").unwrap(), "-");
}

/// Google's examples ("URLs and Hashing", Safe Browsing API v4). One is left out: its input
/// holds the lone byte 0x80, which a Rust string cannot; the same host with U+0080 is below.
#[test]
fn googles_safe_browsing_examples() {
    let cases = [
        ("http://host/%25%32%35", "http://host/%25"),
        ("http://host/%25%32%35%25%32%35", "http://host/%25%25"),
        ("http://host/%2525252525252525", "http://host/%25"),
        ("http://host/asdf%25%32%35asd", "http://host/asdf%25asd"),
        ("http://host/%%%25%32%35asd%%", "http://host/%25%25%25asd%25%25"),
        ("http://www.google.com/", "http://www.google.com/"),
        (
            "http://%31%36%38%2e%31%38%38%2e%39%39%2e%32%36/%2E%73%65%63%75%72%65/%77%77%77%2E%65%62%61%79%2E%63%6F%6D/",
            "http://168.188.99.26/.secure/www.ebay.com/",
        ),
        (
            "http://195.127.0.11/uploads/%20%20%20%20/.verify/.eBaysecure=updateuserdataxplimnbqmn-xplmvalidateinfoswqpcmlx=hgplmcx/",
            "http://195.127.0.11/uploads/%20%20%20%20/.verify/.eBaysecure=updateuserdataxplimnbqmn-xplmvalidateinfoswqpcmlx=hgplmcx/",
        ),
        (
            "http://host%23.com/%257Ea%2521b%2540c%2523d%2524e%25f%255E00%252611%252A22%252833%252944_55%252B",
            "http://host%23.com/~a!b@c%23d$e%25f^00&11*22(33)44_55+",
        ),
        ("http://3279880203/blah", "http://195.127.0.11/blah"),
        ("http://www.google.com/blah/..", "http://www.google.com/"),
        ("www.google.com/", "http://www.google.com/"),
        ("www.google.com", "http://www.google.com/"),
        ("http://www.evil.com/blah#frag", "http://www.evil.com/blah"),
        ("http://www.GOOgle.com/", "http://www.google.com/"),
        ("http://www.google.com.../", "http://www.google.com/"),
        ("http://www.google.com/foo\tbar\rbaz\n2", "http://www.google.com/foobarbaz2"),
        ("http://www.google.com/q?", "http://www.google.com/q?"),
        ("http://www.google.com/q?r?", "http://www.google.com/q?r?"),
        ("http://www.google.com/q?r?s", "http://www.google.com/q?r?s"),
        ("http://evil.com/foo#bar#baz", "http://evil.com/foo"),
        ("http://evil.com/foo;", "http://evil.com/foo;"),
        ("http://evil.com/foo?bar;", "http://evil.com/foo?bar;"),
        ("http://notrailingslash.com", "http://notrailingslash.com/"),
        ("http://www.gotaport.com:1234/", "http://www.gotaport.com/"),
        ("  http://www.google.com/  ", "http://www.google.com/"),
        ("http:// leadingspace.com/", "http://%20leadingspace.com/"),
        ("http://%20leadingspace.com/", "http://%20leadingspace.com/"),
        ("%20leadingspace.com/", "http://%20leadingspace.com/"),
        ("https://www.securesite.com/", "https://www.securesite.com/"),
        ("http://host.com/ab%23cd", "http://host.com/ab%23cd"),
        ("http://host.com//twoslashes?more//slashes", "http://host.com/twoslashes?more//slashes"),
        // The 0x80 example with U+0080 (UTF-8 C2 80), which UTS #46 refuses: kept, escaped.
        ("http://\x01\u{80}.com/", "http://%01%C2%80.com/"),
    ];
    for (input, want) in cases {
        assert_eq!(safe_browsing(input).unwrap(), want, "{input:?}");
    }
}

#[test]
fn safe_browsing_reads_hosts_as_browsers_do() {
    let sb = |s: &str| safe_browsing(s).unwrap();
    // IPv4 in every notation the URL Standard reads.
    assert_eq!(sb("http://0x7f.1/"), "http://127.0.0.1/");
    assert_eq!(sb("http://017.0.0.1/"), "http://15.0.0.1/");
    assert_eq!(sb("http://1.2.3.999/"), "http://1.2.3.999/");
    // IDN to A-labels; userinfo and port dropped; runs of dots made one.
    assert_eq!(
        sb("http://user:pw@Bücher.example:81/"),
        "http://xn--bcher-kva.example/"
    );
    assert_eq!(sb("http://a...b/"), "http://a.b/");
    // A special scheme without `//`, and `host:port` without a scheme.
    assert_eq!(sb("http:example.com/a"), "http://example.com/a");
    assert_eq!(sb("example.com:8080/a"), "http://example.com/a");
    assert_eq!(sb("http:///a"), "http://a/"); // as browsers read it
    let err = safe_browsing("http://.../x").unwrap_err();
    assert!(matches!(err, urilex::Error::Canon(e) if e.kind() == CanonErrorKind::NoHost));
    assert!(safe_browsing("\t \n").is_err());
}

/// A canonical form is a fixed point: a key computed from a key is the same key.
#[test]
fn safe_browsing_is_idempotent_on_the_corpora() {
    for file in [
        "ada_kasztp.txt",
        "apache_referers.txt",
        "wpt_urltestdata_inputs.txt",
    ] {
        let text = std::fs::read_to_string(format!("../shared/corpora/{file}")).unwrap();
        for line in text.lines() {
            if let Ok(once) = safe_browsing(line) {
                assert_eq!(
                    safe_browsing(&once).as_deref().ok(),
                    Some(once.as_str()),
                    "{line:?}"
                );
            }
        }
    }
}

#[test]
fn the_public_suffix_lists_own_tests() {
    let text = std::fs::read_to_string("tests/fixtures/canon/psl_tests.txt").unwrap();
    let arg = |s: &str| match s.trim() {
        "null" => None,
        quoted => Some(quoted.trim_matches('\'').to_owned()),
    };
    let mut checked = 0;
    for line in text.lines() {
        let Some(call) = line.strip_prefix("checkPublicSuffix(") else {
            continue;
        };
        let (input, want) = call.trim_end_matches(");").split_once(',').unwrap();
        let (input, want) = (arg(input), arg(want));
        let got = input.as_deref().and_then(registrable_domain);
        assert_eq!(got, want, "{input:?}");
        checked += 1;
    }
    assert!(checked > 70, "{checked}");
}

#[test]
fn public_suffixes() {
    let ps = |s: &str| public_suffix(s);
    assert_eq!(ps("www.example.co.uk").as_deref(), Some("co.uk"));
    assert_eq!(ps("co.uk").as_deref(), Some("co.uk"));
    assert_eq!(ps("a.b.test.ck").as_deref(), Some("test.ck"));
    assert_eq!(ps("www.ck").as_deref(), Some("ck"));
    assert_eq!(ps("foo.github.io").as_deref(), Some("github.io"));
    assert_eq!(ps("Example.COM.").as_deref(), Some("com"));
    assert_eq!(ps("www.食狮.公司.cn").as_deref(), Some("公司.cn"));
    for none in ["", ".", ".com", "a..com", "192.0.2.1", "0x7f.1", "[::1]"] {
        assert_eq!(ps(none), None, "{none:?}");
        assert_eq!(registrable_domain(none), None, "{none:?}");
    }
    assert_eq!(
        registrable_domain("foo.github.io").as_deref(),
        Some("foo.github.io")
    );
    assert_eq!(
        registrable_domain("Example.COM.").as_deref(),
        Some("example.com")
    );
}

#[test]
fn the_module_example() {
    assert_eq!(
        canon::surt("http://www.archive.org/goo/?a=2&b&a=1").unwrap(),
        "org,archive)/goo?a=1&a=2&b"
    );
}
