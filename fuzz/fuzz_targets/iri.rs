//! IRIs (RFC 3987): the byte API never panics; on text, validity and the §3.1 mapping agree
//! with iri-string, and validity and every component with oxiri (the bidi formatting
//! characters, which neither checks, aside), the mapped text is a URI, and §3.2 undoes §3.1 on
//! an IRI without %-octets but for the look-alikes that stay encoded in an authority.
#![no_main]

use iri_string::types::IriReferenceStr;
use urilex::{IriRef, UriRef};

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let bytes = IriRef::parse_bytes(data);
    let Ok(s) = std::str::from_utf8(data) else {
        assert!(bytes.is_err());
        return;
    };
    let ours = IriRef::parse(s);
    assert_eq!(ours.map(|i| i.as_str()), bytes.map(|i| i.as_str()));
    let bidi = s.contains([
        '\u{200E}', '\u{200F}', '\u{202A}', '\u{202B}', '\u{202C}', '\u{202D}', '\u{202E}',
    ]);
    match (ours, oxiri::IriRef::parse(s)) {
        (Ok(o), Ok(x)) => {
            let theirs = (x.scheme(), x.authority(), x.path(), x.query(), x.fragment());
            let ours = (o.scheme(), o.authority(), o.path(), o.query(), o.fragment());
            assert_eq!(ours, theirs, "oxiri's components of {s:?}");
        }
        (Err(e), Ok(_)) => assert!(bidi, "{s:?}: {e}"),
        (Ok(_), Err(e)) => panic!("urilex accepts {s:?}, oxiri does not: {e}"),
        (Err(_), Err(_)) => {}
    }
    let theirs = IriReferenceStr::new(s);
    match (ours, theirs) {
        (Ok(o), Ok(t)) => {
            assert!(!bidi, "{s:?}");
            let uri = o.to_uri().to_string();
            assert_eq!(uri, t.encode_to_uri().to_string(), "{s:?}");
            let u = UriRef::parse(&uri).expect("to_uri gives a URI");
            // §3.2 undoes §3.1 but for the look-alikes of an authority's delimiters, spaces
            // and ignorables, which stay encoded in the userinfo and host (RFC 3987 §8).
            if !s.contains('%') {
                let back = u.to_iri().to_string();
                let b = IriRef::parse(&back).expect("to_iri gives an IRI");
                let parts = |i: &IriRef<'_>| {
                    (
                        i.scheme().map(str::to_owned),
                        i.path().to_owned(),
                        i.query().map(str::to_owned),
                        i.fragment().map(str::to_owned),
                    )
                };
                assert_eq!(parts(&b), parts(&o), "{s:?}");
                assert_eq!(urilex::pct::decode_utf8(&back).unwrap(), s, "{s:?}");
            }
        }
        // iri-string accepts the bidi formatting characters; §4.1 forbids them.
        (Err(e), Ok(_)) => assert!(bidi, "{s:?}: {e}"),
        (Ok(_), Err(_)) => panic!("urilex accepts {s:?}, iri-string does not"),
        (Err(_), Err(_)) => {}
    }
});
