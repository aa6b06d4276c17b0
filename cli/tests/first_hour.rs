//! What a new user meets in the first hour, through the built binary: arguments that are never
//! guessed silently, the same exit codes for every subcommand, the main job outside a
//! terminal, internationalized hosts as A-labels, and query editing. Expected values are
//! worked out by hand (RFC 3986, RFC 3987 §3.1, UTS #46 A-labels as browsers write them,
//! `application/x-www-form-urlencoded`), not read back from the library.

mod common;
use common::{run, stderr, stdout};

#[test]
fn a_mistyped_file_name_is_an_error_not_a_valid_uri() {
    let o = run(&["check", "urls.txtt"], b"");
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(
        err.contains("\"urls.txtt\"") && err.contains("No such file"),
        "{err}"
    );
    assert!(err.contains("--url \"urls.txtt\""), "{err}");
    assert_eq!(stdout(&o), "");
    // The same text as --url is a URI reference, and a valid one.
    let o = run(&["check", "--url", "urls.txtt"], b"");
    assert_eq!((o.status.code(), stdout(&o).as_str()), (Some(0), ""));
}

#[test]
fn check_of_a_url_argument_gives_its_verdict() {
    // A scheme makes an argument a URI, valid or not: the verdict, as for a line of a file.
    let o = run(&["check", "http://a b/"], b"");
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert_eq!(stdout(&o), "1:8: invalid character ' ' at byte 8 in host\n");
    let o = run(&["check", "http://a/b"], b"");
    assert_eq!((o.status.code(), stdout(&o).as_str()), (Some(0), ""));
    // '//' too (a network-path reference).
    let o = run(&["get", "{host}", "//example.com/x"], b"");
    assert_eq!(stdout(&o), "example.com\n");
}

#[test]
fn get_on_a_host_alone_says_why_it_found_no_host() {
    // As an argument: not a file, no scheme; the error says how to write a host.
    let o = run(&["get", "{host}", "example.com"], b"");
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(
        err.contains("http://example.com") && err.contains("no host"),
        "{err}"
    );
    // Read as a URI reference (--url, or a line of a file): an empty field, and a note.
    for o in [
        run(&["get", "{host}", "--url", "example.com"], b""),
        run(&["get", "{host}"], b"example.com\n"),
    ] {
        assert_eq!(o.status.code(), Some(0));
        assert_eq!(stdout(&o), "\n");
        let err = stderr(&o);
        assert!(
            err.starts_with("1:0: note: no host: \"example.com\"")
                && err.contains("relative path")
                && err.contains("http://example.com"),
            "{err}"
        );
    }
    // host:port reads as a scheme: said too.
    let o = run(&["get", "{host}"], b"example.com:8080\n");
    assert!(
        stderr(&o).contains("the scheme \"example.com\""),
        "{}",
        stderr(&o)
    );
    // No note for the fields that are not the authority's, nor for real relative paths.
    let o = run(&["get", "{path}"], b"example.com\n");
    assert_eq!(
        (stdout(&o).as_str(), stderr(&o).as_str()),
        ("example.com\n", "")
    );
    let o = run(&["get", "{host}"], b"/a/b\n");
    assert_eq!(stderr(&o), "");
}

/// One table for every subcommand: 0 all valid, 1 some invalid (or refused), 2 usage or I/O.
#[test]
fn exit_codes_are_the_same_for_every_subcommand() {
    let valid = b"http://a/b\n";
    let invalid = b"http://a/b\nhttp://a/b c\n";
    for args in [
        &["parse"][..],
        &["parse", "--json"],
        &["check"],
        &["get", "{host}"],
        &["set", "scheme=https"],
        &["normalize"],
        &["resolve", "--base", "http://x/"],
    ] {
        assert_eq!(run(args, valid).status.code(), Some(0), "{args:?}");
        assert_eq!(run(args, invalid).status.code(), Some(1), "{args:?}");
        let mut missing = args.to_vec();
        missing.push("no-such-file.txt");
        assert_eq!(run(&missing, b"").status.code(), Some(2), "{args:?}");
    }
    // An edit refused is a 1 too; an unknown option a 2.
    let o = run(&["set", "port=x"], valid);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert_eq!(
        run(&["check", "--no-such-option"], b"").status.code(),
        Some(2)
    );
    // The table is in the help.
    let help = stdout(&run(&["--help"], b""));
    assert!(
        help.contains("Exit status, the same for every subcommand"),
        "{help}"
    );
}

#[test]
fn the_main_job_outside_a_terminal_never_reports_zeros() {
    // `cargo run --release < /dev/null`, an IDE, CI: empty stdin.
    let o = run(&[], b"");
    assert_eq!(o.status.code(), Some(0));
    let out = stdout(&o);
    assert!(out.contains("nothing to summarize"), "{out}");
    assert!(out.contains("urilex summary --sample"), "{out}");
    assert!(!out.contains("0 lines"), "{out}");
    let o = run(&["summary"], b"");
    assert!(
        stdout(&o).contains("urilex summary --sample"),
        "{}",
        stdout(&o)
    );
}

#[test]
fn iri_hosts_leave_as_a_labels() {
    // 例え.jp is xn--r8jz45g.jp (the A-label browsers and DNS use); the path stays RFC 3987
    // section 3.1's percent-encoded UTF-8.
    let o = run(&["parse", "--iri", "--url", "http://例え.jp/パス"], b"");
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "valid\tscheme=http\thost=xn--r8jz45g.jp\tpath=/%E3%83%91%E3%82%B9\n"
    );
    let o = run(
        &["get", "--iri", "--iri-hosts", "percent", "{host}"],
        "http://例え.jp/\n".as_bytes(),
    );
    assert_eq!(stdout(&o), "%E4%BE%8B%E3%81%88.jp\n");
    // The base of resolve and extract too.
    let o = run(
        &[
            "resolve",
            "--iri",
            "--base",
            "http://例え.jp/a/",
            "--url",
            "b/ü",
        ],
        b"",
    );
    assert_eq!(
        stdout(&o),
        "http://xn--r8jz45g.jp/a/b/%C3%BC\n",
        "{}",
        stderr(&o)
    );
    // A host that UTS #46 maps to something that is no host (U+00A0 to a space, U+FF0F
    // FULLWIDTH SOLIDUS to '/') stays percent-encoded: never another authority.
    let o = run(
        &["get", "--iri", "{host}|{path}"],
        "http://a\u{a0}b.example/\nhttp://evil\u{ff0f}.example/x\n".as_bytes(),
    );
    assert_eq!(
        stdout(&o),
        "a%C2%A0b.example|/\nevil%EF%BC%8F.example|/x\n",
        "{}",
        stderr(&o)
    );
}

#[test]
fn query_parameters_are_edited_one_by_one() {
    let uri = "https://h/s?utm_source=x&q=old&b=1&q=dup#top";
    let o = run(
        &[
            "set",
            "--query-set",
            "q=rust uri",
            "--query-remove",
            "utm_*",
            "--query-append",
            "tag=a&b",
            uri,
        ],
        b"",
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o), "https://h/s?q=rust+uri&b=1&tag=a%26b#top\n");
    let o = run(&["set", "--sort-query", uri], b"");
    assert_eq!(stdout(&o), "https://h/s?b=1&q=old&q=dup&utm_source=x#top\n");
    // With component edits in one run; each line of a file alike.
    let o = run(
        &["set", "scheme=http", "--query-remove", "q"],
        format!("{uri}\nhttps://g/?q=1\n").as_bytes(),
    );
    assert_eq!(stdout(&o), "http://h/s?utm_source=x&b=1#top\nhttp://g/\n");
    // A --query-set without '=' is a usage error.
    let o = run(&["set", "--query-set", "q", uri], b"");
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("NAME=VALUE"), "{}", stderr(&o));
}
