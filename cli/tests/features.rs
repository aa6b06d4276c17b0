//! The command line people reach for (URIs as arguments, get, set, canonical forms, quiet
//! runs, bounded threads), through the built binary, exit codes included. Expected values are
//! worked out by hand from RFC 3986 (component boundaries, §6.2.2 normal forms) and the
//! `application/x-www-form-urlencoded` rules, not read back from the library.

mod common;
use common::{run, stderr, stdout};

#[test]
fn uris_as_arguments() {
    let o = run(&["parse", "http://a/b?c", "mailto:x@y"], b"");
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(
        stdout(&o),
        "valid\tscheme=http\thost=a\tpath=/b\tquery=c\nvalid\tscheme=mailto\tpath=x@y\n"
    );
    // Arguments and stdin ('-') in the order given.
    let o = run(
        &["get", "{path}", "s:/first", "-", "//h/last"],
        b"/middle\n",
    );
    assert_eq!(stdout(&o), "/first\n/middle\n/last\n");
    // --url forces the reading as a URI: here an invalid one, reported like a line.
    let o = run(&["check", "--url", "http://a/b c"], b"");
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        stdout(&o),
        "1:10: invalid character ' ' at byte 10 in path\n"
    );
    // Not an existing file and no scheme: a usage error naming it.
    let o = run(&["normalize", "not a file.txt"], b"");
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("\"not a file.txt\"") && stderr(&o).contains("--url"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn get_prints_a_template_per_input() {
    let o = run(
        &[
            "get",
            "{scheme}|{userinfo}|{host}|{port}|{path}|{query}|{fragment}|{authority}|{port_or_default}|{query:q}|{{x}}",
            "https://me@example.com/s?lang=en&q=rust+uri%21#top",
            "urn:isbn:0451450523",
        ],
        b"",
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "https|me|example.com||/s|lang=en&q=rust+uri%21|top|me@example.com|443|rust uri!|{x}\n\
         urn||||isbn:0451450523||||||{x}\n"
    );
    assert_eq!(
        stdout(&run(&["get", "{url}"], b"http://a/\n")),
        "http://a/\n"
    );
    // An invalid line: an empty line (aligned output), the diagnostic, exit 1.
    let o = run(&["get", "{host}"], b"http://a/\nhttp://b c/\nhttp://d/\n");
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(stdout(&o), "a\n\nd\n");
    assert_eq!(stderr(&o), "2:8: invalid character ' ' at byte 8 in host\n");
    // A template error is a usage error.
    for bad in ["{hots}", "{host", "a}"] {
        let o = run(&["get", bad, "http://a/"], b"");
        assert_eq!(o.status.code(), Some(2), "{bad}");
        assert!(stderr(&o).contains("template"), "{}", stderr(&o));
    }
}

#[test]
fn set_edits_through_the_validated_setters() {
    let o = run(
        &["set", "scheme=https", "port=8443", "http://a/b", "//c/d?q"],
        b"",
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o), "https://a:8443/b\nhttps://c:8443/d?q\n");
    // The host is set before the port that needs it, whatever the order given.
    let o = run(&["set", "port=1", "host=h", "file:/x"], b"");
    assert_eq!(
        (o.status.code(), stdout(&o).as_str()),
        (Some(0), "file://h:1/x\n"),
        "{}",
        stderr(&o)
    );
    // §3.3: with an authority the path must be absolute; "x" is not, so the edit is refused.
    let o = run(&["set", "host=h", "mailto:x"], b"");
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("section 3.3"), "{}", stderr(&o));
    let o = run(
        &[
            "set",
            "--remove",
            "query",
            "--remove",
            "fragment",
            "--remove",
            "port",
            "http://a:1/b?c#d",
        ],
        b"",
    );
    assert_eq!(stdout(&o), "http://a/b\n");
    // A value the component cannot hold: refused (empty line, diagnostic, exit 1), or
    // percent-encoded with --encode.
    let o = run(&["set", "query=a b", "http://h/"], b"");
    assert_eq!((o.status.code(), stdout(&o).as_str()), (Some(1), "\n"));
    assert!(stderr(&o).starts_with("1:0: set: "), "{}", stderr(&o));
    let o = run(
        &[
            "set",
            "--encode",
            "query=a b&c",
            "fragment=x y",
            "http://h/",
        ],
        b"",
    );
    assert_eq!(stdout(&o), "http://h/?a%20b&c#x%20y\n");
    let o = run(&["set", "http://h/"], b"");
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn canonical_forms_for_dedupe() {
    let input = b"HTTP://Example.com:80/a/./b?utm_source=x&b=2&a=1&fbclid=z#frag\n\
                  http://example.com/a/b?a=1&b=2\n\
                  http://example.com/a/b?utm_medium=y&a=1&b=2#other\n";
    let o = run(
        &[
            "normalize",
            "--scheme-based",
            "--sort-query",
            "--drop-query",
            "utm_*",
            "--drop-query",
            "fbclid",
            "--drop-fragment",
        ],
        input,
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o), "http://example.com/a/b?a=1&b=2\n".repeat(3));
    // Sorting is stable and by key only; without options the query is untouched.
    let o = run(&["normalize", "--sort-query", "http://h/?b=2&a=9&b=1"], b"");
    assert_eq!(stdout(&o), "http://h/?a=9&b=2&b=1\n");
    let o = run(&["normalize", "http://h/?b=2&a=9#f"], b"");
    assert_eq!(stdout(&o), "http://h/?b=2&a=9#f\n");
}

#[test]
fn quiet_and_errors_file() {
    let input = b"http://a/\nnot valid\nhttp://b/\nalso bad\n";
    for sub in ["check", "normalize", "get"] {
        let mut args = vec![sub];
        if sub == "get" {
            args.push("{host}");
        }
        args.push("-q");
        let o = run(&args, input);
        assert_eq!(o.status.code(), Some(1), "{sub}");
        assert_eq!(stderr(&o), "urilex: 2 of 4 lines invalid\n", "{sub}");
        assert!(
            !stdout(&o).contains("invalid character"),
            "{sub}: {}",
            stdout(&o)
        );
    }
    let path = std::env::temp_dir().join(format!("urilex-errors-{}.txt", std::process::id()));
    let o = run(&["normalize", "--errors", path.to_str().unwrap()], input);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(stdout(&o), "http://a/\n\nhttp://b/\n\n");
    assert_eq!(stderr(&o), "urilex: 2 of 4 lines invalid\n");
    let report = std::fs::read_to_string(&path).unwrap();
    assert_eq!(report.lines().count(), 2, "{report}");
    assert!(report.starts_with("2:3: "), "{report}");
    std::fs::remove_file(&path).unwrap();
    // All valid: no count, exit 0.
    let o = run(&["check", "-q"], b"http://a/\n");
    assert_eq!((o.status.code(), stderr(&o).as_str()), (Some(0), ""));
}

#[test]
fn threads_are_bounded() {
    let o = run(&["check", "--threads", "100000"], b"http://a/\nb c\n");
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("--threads 100000 clamped to"),
        "{}",
        stderr(&o)
    );
    assert_eq!(stdout(&o), "2:1: invalid character ' ' at byte 1 in path\n");
    let o = run(&["check", "--threads", "0"], b"http://a/\n");
    assert_eq!((o.status.code(), stderr(&o).as_str()), (Some(0), ""));
}

#[test]
fn help_says_what_each_subcommand_reads_and_writes() {
    for sub in [
        "parse",
        "check",
        "get",
        "set",
        "resolve",
        "normalize",
        "extract",
        "summary",
    ] {
        let o = run(&[sub, "--help"], b"");
        let help = stdout(&o);
        assert!(
            help.contains("Reads") || help.contains("Report"),
            "{sub}: {help}"
        );
        assert!(help.contains("Examples:"), "{sub}: {help}");
    }
    let help = stdout(&run(&["extract", "--help"], b""));
    assert!(
        help.contains("running text") && help.contains("not one URI per line"),
        "{help}"
    );
}

/// `--iri`: lines are IRIs (RFC 3987), validated as such and mapped to URIs (§3.1) before the
/// subcommand; without it a non-ASCII line is invalid (RFC 3986 is ASCII).
#[test]
fn iri_input() {
    let o = run(&["parse", "--iri", "http://例え.jp/パス?q=é"], b"");
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    // The host as its A-label (what DNS and browsers use), the rest percent-encoded UTF-8.
    assert_eq!(
        stdout(&o),
        "valid\tscheme=http\thost=xn--r8jz45g.jp\tpath=/%E3%83%91%E3%82%B9\tquery=q=%C3%A9\n"
    );
    // RFC 3987 section 3.1's plain mapping, on request.
    let o = run(
        &[
            "parse",
            "--iri",
            "--iri-hosts",
            "percent",
            "http://例え.jp/パス?q=é",
        ],
        b"",
    );
    assert_eq!(
        stdout(&o),
        "valid\tscheme=http\thost=%E4%BE%8B%E3%81%88.jp\tpath=/%E3%83%91%E3%82%B9\tquery=q=%C3%A9\n"
    );
    let o = run(&["check"], "/vodsearch/毛片\n".as_bytes());
    assert_eq!(o.status.code(), Some(1));
    let o = run(&["check", "--iri"], "/vodsearch/毛片\n".as_bytes());
    assert_eq!((o.status.code(), stdout(&o).as_str()), (Some(0), ""));
    // §4.1: no bidi formatting characters, named by code point.
    let o = run(&["check", "--iri"], "/a\u{202E}b\n".as_bytes());
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stdout(&o).starts_with("1:2: ") && stdout(&o).contains("U+202E"),
        "{}",
        stdout(&o)
    );
    let o = run(
        &[
            "resolve",
            "--iri",
            "--base",
            "https://ja.wikipedia.org/wiki/東京",
            "--url",
            "大阪",
        ],
        b"",
    );
    assert_eq!(
        stdout(&o),
        "https://ja.wikipedia.org/wiki/%E5%A4%A7%E9%98%AA\n",
        "{}",
        stderr(&o)
    );
    let o = run(&["normalize", "--iri"], "HTTP://A/パス/./x\n".as_bytes());
    assert_eq!(stdout(&o), "http://a/%E3%83%91%E3%82%B9/x\n");
}

/// `extract --base URL`: a page's links as absolute URIs.
#[test]
fn extract_resolves_against_a_base() {
    let page = "<a href=\"/docs/intro.html\">Intro</a> <a href=\"../about\">About</a> <img src=\"https://cdn.example.net/logo.png\"> <a href=\"/東京\">IRI</a>\n".as_bytes();
    let o = run(
        &[
            "extract",
            "--html",
            "--base",
            "https://example.com/blog/post/",
        ],
        page,
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "https://example.com/docs/intro.html\nhttps://example.com/blog/about\nhttps://cdn.example.net/logo.png\nhttps://example.com/%E6%9D%B1%E4%BA%AC\n"
    );
    let o = run(&["extract", "--html", "--base", "relative/base"], page);
    assert_eq!(
        o.status.code(),
        Some(2),
        "a base needs a scheme (RFC 3986 section 5.1)"
    );
}

/// `--grammar rfc2396`: java.net.URI's grammar for parse, check and normalize (expected values
/// from RFC 2396 §3, §3.2, §2.4.3 and §6).
#[test]
fn rfc2396_grammar() {
    let input = b"mailto:a@b?subject=x\nhttp://a:b@c:d/p;q\nhttp://h/{x}\nHTTP://H:80/A\n";
    let o = run(&["parse", "--grammar", "rfc2396"], input);
    assert_eq!(
        o.status.code(),
        Some(1),
        "parse reports the invalid line, and exits 1 as every subcommand does: {}",
        stderr(&o)
    );
    assert_eq!(
        stdout(&o),
        "valid\tscheme=mailto\tpath=a@b?subject=x\n\
         valid\tscheme=http\tauthority=a:b@c:d\tpath=/p;q\n\
         invalid\t9\tExcluded\t'{' at byte 9 is \"unwise\" in RFC 2396 §2.4.3: write it as %7B\n\
         valid\tscheme=HTTP\thost=H\tport=80\tpath=/A\n"
    );
    // The same lines by RFC 3986: a query, an invalid port, an invalid '{'.
    let o = run(&["parse"], input);
    assert!(stdout(&o).starts_with("valid\tscheme=mailto\tpath=a@b\tquery=subject=x\ninvalid\t"));
    let o = run(
        &["parse", "--json", "--grammar", "rfc2396", "http://a:b@c:d/"],
        b"",
    );
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(v["authority"], "a:b@c:d");
    assert_eq!(
        (v["reg_name"].as_bool(), v["opaque"].as_bool()),
        (Some(true), Some(false))
    );
    assert!(v["host"].is_null());
    let o = run(&["check", "--grammar", "rfc2396"], input);
    assert_eq!(
        stdout(&o),
        "3:9: '{' at byte 9 is \"unwise\" in RFC 2396 §2.4.3: write it as %7B\n"
    );
    let o = run(&["normalize", "--grammar", "rfc2396", "-q"], input);
    assert_eq!(
        stdout(&o),
        "mailto:a@b?subject=x\nhttp://a:b@c:d/p;q\n\nhttp://h/A\n"
    );
    // Subcommands without an RFC 2396 reading refuse the flag.
    let o = run(
        &[
            "resolve",
            "--grammar",
            "rfc2396",
            "--base",
            "http://a/",
            "b",
        ],
        b"",
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--grammar rfc2396"), "{}", stderr(&o));
}
