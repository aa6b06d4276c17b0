//! `--grammar whatwg` through the built binary: lines read as browsers read an href (the URL
//! Standard). Expected values are worked out from the standard's steps by hand.

mod common;
use common::{run, stderr, stdout};

const LINES: &[u8] = b"HTTP://EXAMPLE.com\\a b/../c?q=1 2#f\nhttp://a b/\nhttp://0x7f.1/\n";

#[test]
fn check_reports_what_the_standard_refuses_and_nothing_it_repairs() {
    let o = run(&["check", "--grammar", "whatwg"], LINES);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "2:7: not a URL by the URL Standard: domain-invalid-code-point at byte 7\n"
    );
}

#[test]
fn parse_get_normalize_and_resolve_give_the_href_and_getters() {
    let o = run(&["normalize", "--grammar", "whatwg"], LINES);
    assert_eq!(
        stdout(&o),
        "http://example.com/c?q=1%202#f\n\nhttp://127.0.0.1/\n"
    );
    assert_eq!(o.status.code(), Some(1));
    let o = run(
        &[
            "get",
            "{hostname}|{pathname}|{search}",
            "--grammar",
            "whatwg",
        ],
        LINES,
    );
    assert_eq!(stdout(&o), "example.com|/c|?q=1%202\n\n127.0.0.1|/|\n");
    let o = run(
        &[
            "resolve",
            "--grammar",
            "whatwg",
            "--base",
            "https://h/a/b/c",
        ],
        b"../x?y\n\\\\cdn\\i.png\n",
    );
    assert_eq!(stdout(&o), "https://h/a/x?y\nhttps://cdn/i.png\n");
    let o = run(
        &["resolve", "--grammar", "whatwg"],
        b"https://h/a/b\t../c d\n",
    );
    assert_eq!(stdout(&o), "https://h/c%20d\n");
    let o = run(
        &["parse", "--json", "--grammar", "whatwg"],
        b"http://u:p@h:8080/\n",
    );
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(v["valid"], true);
    assert_eq!(v["origin"], "http://h:8080");
    assert_eq!(
        (
            v["username"].as_str(),
            v["password"].as_str(),
            v["port"].as_str()
        ),
        (Some("u"), Some("p"), Some("8080"))
    );
}

#[test]
fn unknown_getters_and_unsupported_subcommands_are_usage_errors() {
    let o = run(&["get", "{scheme}", "--grammar", "whatwg"], b"http://h/\n");
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("unknown field {scheme}"),
        "{}",
        stderr(&o)
    );
    let o = run(&["check", "--grammar", "whatwg", "--iri"], b"http://h/\n");
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn set_edits_by_the_url_apis_setters() {
    let o = run(
        &[
            "set",
            "--grammar",
            "whatwg",
            "port=8443",
            "path=/a b",
            "query=q=1",
            "fragment=",
        ],
        b"https://h/x#f\nfile:///etc\n",
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    // A file URL cannot have a port: the URL API ignores that edit, and keeps the others.
    assert_eq!(stdout(&o), "https://h:8443/a%20b?q=1\nfile:///a%20b?q=1\n");
    let o = run(
        &["set", "--grammar", "whatwg", "--remove", "host"],
        b"https://h/\n",
    );
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn extract_resolves_links_as_a_browser_does() {
    let html = b"<a href=\"../img/a.png\">x</a> <a href=\"//cdn.example/j.js\"> <a href=\"HTTP://Ex.COM:80/./x\">\n";
    let o = run(
        &[
            "extract",
            "--html",
            "--grammar",
            "whatwg",
            "--base",
            "https://example.com/a/b.html",
        ],
        html,
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "https://example.com/img/a.png\nhttps://cdn.example/j.js\nhttp://ex.com/x\n"
    );
}
