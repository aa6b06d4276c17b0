//! `urilex extract`, run as a binary, against RFC 3986 Appendix C.
#![cfg(feature = "extract")]

mod common;
use common::{run, stderr, stdout};

/// RFC 3986 Appendix C: delimited URIs, URIs broken across lines inside `<...>`, trailing
/// punctuation not part of the URI.
#[test]
fn extract_finds_uris_in_text() {
    let text = b"Look at <URL:http://www.w3.org/Addressing/>, or\n\
        <http://www.ics.uci.edu/pub/ietf/uri/historical.html\n  #WARNING> and\n\
        plain http://example.com/x. Not a URI: example.org\n";
    let o = run(&["extract", "-n"], text);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "1:http://www.w3.org/Addressing/\n\
         2:http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING\n\
         4:http://example.com/x\n"
    );
    // A `<...>` form that straddles the reader's 1 MiB chunk boundary is still found whole.
    let mut big = "filler line without links\n".repeat((1 << 20) / 26);
    big.push_str("<http://a.example/\n  b>\n");
    big.push_str(&"more filler\n".repeat(1000));
    big.push_str("mailto:x@y.example\n");
    let o = run(&["extract", "-j", "2"], big.as_bytes());
    assert_eq!(stdout(&o), "http://a.example/b\nmailto:x@y.example\n");
    // Empty input, and bytes that are not UTF-8 around a URI.
    assert_eq!(stdout(&run(&["extract"], b"")), "");
    assert_eq!(
        stdout(&run(&["extract"], b"\xff http://a.example/ \xfe\n")),
        "http://a.example/\n"
    );
}

#[test]
fn extract_html_reads_attributes() {
    let html = b"<p><a href=\"http://a.example/x?a=1&amp;b=2\">x</a> <img src='/i.png'></p>\n";
    let o = run(&["extract", "--html"], html);
    assert_eq!(o.status.code(), Some(0));
    let out = stdout(&o);
    // HTML character references are decoded in attribute values (HTML, not RFC 3986).
    assert!(out.contains("http://a.example/x?a=1&b=2\n"), "{out}");
    assert!(out.contains("/i.png\n"), "{out}");
}
