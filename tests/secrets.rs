//! No `Debug` prints a password (RFC 3986 §3.2.1: "Applications should not render as clear
//! text any data after the first colon"; §7.5). Every public type that can hold a userinfo is
//! built from references with `user:S3CRET@` and its `{:?}` and `{:#?}` searched for the
//! secret; `Display` and `as_str` stay exact (the text is the caller's).

use urilex::{
    recompose, rfc2396, Base, IriRef, Normalization, RequestTarget, Resolver, UriBuf, UriRef,
};

const SECRET: &str = "S3CRET";

/// References that hold the secret as a password, in every place a userinfo can be.
const WITH_PASSWORDS: &[&str] = &[
    "http://user:S3CRET@example.com/a?q#f",
    "https://u:S3CRET@[::1]:8443/",
    "ftp://:S3CRET@h",
    "s://a:b:S3CRET@h/p",
    "http://user:S3CRET@@h/", // '@' may not be in userinfo: refused where it must be
    "//u:S3CRET@h/relative",
];

fn assert_hidden(what: &str, debug: String) {
    assert!(
        !debug.contains(SECRET),
        "{what} shows the password: {debug}"
    );
    assert!(
        debug.contains("***") || !debug.contains(':'),
        "{what}: {debug}"
    );
}

fn check<T: std::fmt::Debug>(what: &str, value: &T) {
    assert_hidden(what, format!("{value:?}"));
    assert_hidden(what, format!("{value:#?}"));
}

#[test]
fn no_debug_shows_a_password() {
    let mut checked = 0;
    for &text in WITH_PASSWORDS {
        let Ok(uri) = UriRef::parse(text) else {
            continue;
        };
        checked += 1;
        check("UriRef", &uri);
        check("Result<UriRef, _>", &UriRef::parse(text));
        check("UriBuf", &uri.to_buf());
        check("UriRef::normalized", &uri.normalized());
        check(
            "normalized_with",
            &uri.normalized_with(Normalization::SchemeBased),
        );
        check("Normalized::to_buf", &uri.normalized().to_buf());
        check("to_iri", &uri.to_iri());
        check("redacted", &uri.redacted());
        let recomposed = recompose(
            uri.scheme(),
            uri.authority(),
            uri.path(),
            uri.query(),
            uri.fragment(),
        );
        check("Recomposed", &recomposed);
        let base = UriRef::parse("http://b/c/d").unwrap();
        if let Ok(resolved) = uri.resolve(&base) {
            check("Resolved", &resolved);
            check("Resolved::normalized", &resolved.normalized());
            check("Resolved::to_buf", &resolved.to_buf());
        }
        if uri.scheme().is_some() {
            let prepared = Base::new(uri).unwrap();
            check("Base", &prepared);
            check(
                "Base::resolve",
                &prepared.resolve(&UriRef::parse("g").unwrap()),
            );
            check(
                "Resolver::resolve",
                &Resolver::default().resolve(&UriRef::parse("g").unwrap(), &uri),
            );
        }
        if let Ok(iri) = IriRef::parse(text) {
            check("IriRef", &iri);
            check("IriRef::to_uri", &iri.to_uri());
            #[cfg(feature = "idna")]
            check("IriRef::to_uri_idna", &iri.to_uri_idna());
        }
        // (An origin-form target "//u:S3CRET@h/relative" is a path, RFC 9110 absolute-path:
        // it has no userinfo to hide.)
        if let Ok(t) = RequestTarget::parse("GET", text) {
            if t.form() == urilex::TargetForm::Absolute {
                check("RequestTarget", &t);
            }
        }
        let mut builder = UriBuf::builder().scheme("http").host("h");
        if let Some(userinfo) = uri.userinfo() {
            builder = builder.userinfo(userinfo);
        }
        check("UriBufBuilder", &builder);
        check("UriBuf::parse", &UriBuf::parse(text));
    }
    assert!(checked >= 5);
    // An IRI with the password beside non-ASCII text.
    let iri = IriRef::parse("http://ü:S3CRET@例え.jp/パス").unwrap();
    check("IriRef (IRI)", &iri);
    check("ToUri (IRI)", &iri.to_uri());
    // The text itself is the caller's: Display and as_str are exact.
    let uri = UriRef::parse(WITH_PASSWORDS[0]).unwrap();
    assert_eq!(uri.to_string(), WITH_PASSWORDS[0]);
    assert_eq!(uri.to_buf().as_str(), WITH_PASSWORDS[0]);
}

#[test]
fn no_debug_of_the_rfc2396_types_shows_a_password() {
    for text in [
        "http://user:S3CRET@example.com/a",
        "ftp://u:S3CRET@h:21/x;type=a",
    ] {
        let r = rfc2396::parse(text).unwrap();
        check("rfc2396::Reference", &r);
        check("rfc2396::Server", &r.server().unwrap());
        check("rfc2396::Normalized", &r.normalized());
        let base = rfc2396::parse("http://b/c").unwrap();
        check("rfc2396::Resolution", &r.resolve(&base));
        check(
            "rfc2396::Resolution",
            &rfc2396::parse("g").unwrap().resolve(&r),
        );
    }
}

#[cfg(feature = "extract")]
#[test]
fn no_debug_of_what_extraction_finds_shows_a_password() {
    let text = "see http://user:S3CRET@example.com/a and <http://u:S3CRET@h/\n b>";
    let found: Vec<_> = urilex::extract(text).collect();
    assert_eq!(found.len(), 2);
    for f in &found {
        check("extract::Found", f);
        assert!(f.as_str().contains(SECRET)); // the text itself is exact
    }
    let html = r#"<a href="http://u:S3CRET@h/x">x</a>"#;
    for f in urilex::extract_html(html) {
        check("extract::Found (HTML)", &f);
    }
}

#[cfg(feature = "whatwg")]
#[test]
fn no_debug_of_a_whatwg_url_shows_a_password() {
    use urilex::whatwg::Url;
    for text in WITH_PASSWORDS
        .iter()
        .chain(&["http://a:S3CRET@h:8080/?x#y", "sc://u:S3CRET@h"])
    {
        let url = Url::parse(text, Some("http://base/"));
        if let Ok(url) = &url {
            assert!(url.href().contains(SECRET), "{text}: the href is exact");
            check(text, url);
        }
    }
    let mut url = Url::parse("http://u@h/", None).unwrap();
    url.set_password("S3CRET");
    check("set_password", &url);
}
