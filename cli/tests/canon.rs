//! `urilex canon` and the crawler-key fields of `get`, through the built binary. The keys are
//! the library's (`urilex::canon`, checked against the `surt` package, Google's examples and
//! the Public Suffix List's tests in tests/canon.rs); here, that the command writes one key
//! per line, an empty line and a diagnostic where there is none, and reads what the keys'
//! references read.

mod common;
use common::{run, stderr, stdout};

const LINES: &[u8] =
    b"http://www.archive.org/goo/?a=2&b&a=1\narchive.org/a b|c\nhttp://e.com:99999/\nHTTP://3279880203/x/../y#f\n";

#[test]
fn surt_one_key_per_line() {
    let o = run(&["canon", "--surt"], LINES);
    assert_eq!(
        stdout(&o),
        "org,archive)/goo?a=1&a=2&b\norg,archive)/a%20b|c\n\n11,0,127,195)/y\n"
    );
    assert_eq!(stderr(&o), "3:13: port out of range 0-65535 at byte 13\n");
    assert_eq!(o.status.code(), Some(1));
    // --surt is the default.
    assert_eq!(stdout(&run(&["canon"], LINES)), stdout(&o));
}

#[test]
fn safe_browsing_one_key_per_line() {
    let o = run(&["canon", "--safe-browsing"], LINES);
    assert_eq!(
        stdout(&o),
        "http://www.archive.org/goo/?a=2&b&a=1\nhttp://archive.org/a%20b|c\nhttp://e.com/\nhttp://195.127.0.11/y\n"
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let o = run(&["canon", "--surt", "--safe-browsing"], b"");
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn not_utf8_is_reported() {
    let o = run(&["canon"], b"http://a/\xff\nhttp://b/\n");
    assert_eq!(stdout(&o), "\nb)/\n");
    assert_eq!(stderr(&o), "1:9: not UTF-8\n");
}

#[test]
fn get_fields_of_the_keys() {
    let o = run(
        &["get", "{surt}|{registrable_domain}|{public_suffix}"],
        b"http://www.Example.co.uk:80/A?b=1\nhttp://[::1]/\nhttp://user.github.io/\n",
    );
    assert_eq!(
        stdout(&o),
        "uk,co,example)/a?b=1|example.co.uk|co.uk\n::1)/||\nio,github,user)/|user.github.io|github.io\n"
    );
}
