//! `urilex resolve`, run as a binary, against RFC 3986 section 5.4 and the shared conformance
//! vectors.
#![cfg(feature = "resolve")]

use serde_json::Value;

mod common;
use common::{run, stderr, stdout, strict_records};

/// Every strict resolve record, as `base<TAB>reference` lines, in its mode. A record that
/// expects a refusal must give an empty line and a diagnostic.
#[test]
fn resolve_agrees_with_the_conformance_vectors() {
    let records = strict_records("resolve.jsonl");
    let mut checked = 0;
    for mode in ["strict", "non-strict", "rfc2396"] {
        let recs: Vec<&Value> = records
            .iter()
            .filter(|r| r["mode"] == mode)
            .filter(|r| {
                let (b, f) = (r["base"].as_str().unwrap(), r["ref"].as_str().unwrap());
                !b.contains(['\n', '\r', '\t']) && !f.contains(['\n', '\r'])
            })
            .collect();
        let input: String = recs
            .iter()
            .map(|r| {
                format!(
                    "{}\t{}\n",
                    r["base"].as_str().unwrap(),
                    r["ref"].as_str().unwrap()
                )
            })
            .collect();
        let o = run(&["resolve", "--mode", mode], input.as_bytes());
        let out = stdout(&o);
        let got: Vec<&str> = out.lines().collect();
        assert_eq!(got.len(), recs.len(), "{mode}");
        let mut refused = 0;
        for (r, g) in recs.iter().zip(&got) {
            match r["expected"].as_str() {
                Some(want) => assert_eq!(*g, want, "{mode}: {r}"),
                None => {
                    assert_eq!(*g, "", "{mode}: {r}");
                    refused += 1;
                }
            }
            checked += 1;
        }
        assert_eq!(
            o.status.code(),
            Some(if refused > 0 { 1 } else { 0 }),
            "{mode}"
        );
        assert_eq!(stderr(&o).lines().count(), refused, "{mode}");
    }
    assert!(checked > 500, "{checked} records");
}

/// RFC 3986 section 5.4.1 (normal examples) with `--base`.
#[test]
fn resolve_with_a_base_gives_the_rfc_examples() {
    let table = [
        ("g:h", "g:h"),
        ("g", "http://a/b/c/g"),
        ("./g", "http://a/b/c/g"),
        ("g/", "http://a/b/c/g/"),
        ("/g", "http://a/g"),
        ("//g", "http://g"),
        ("?y", "http://a/b/c/d;p?y"),
        ("g?y", "http://a/b/c/g?y"),
        ("#s", "http://a/b/c/d;p?q#s"),
        ("g#s", "http://a/b/c/g#s"),
        ("g?y#s", "http://a/b/c/g?y#s"),
        (";x", "http://a/b/c/;x"),
        ("g;x", "http://a/b/c/g;x"),
        ("g;x?y#s", "http://a/b/c/g;x?y#s"),
        ("", "http://a/b/c/d;p?q"),
        (".", "http://a/b/c/"),
        ("./", "http://a/b/c/"),
        ("..", "http://a/b/"),
        ("../", "http://a/b/"),
        ("../g", "http://a/b/g"),
        ("../..", "http://a/"),
        ("../../", "http://a/"),
        ("../../g", "http://a/g"),
    ];
    let input: String = table.iter().map(|(r, _)| format!("{r}\n")).collect();
    let want: String = table.iter().map(|(_, w)| format!("{w}\n")).collect();
    let o = run(
        &["resolve", "--base", "http://a/b/c/d;p?q"],
        input.as_bytes(),
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o), want);
}

#[test]
fn resolve_reports_bad_lines_and_bad_bases() {
    let o = run(
        &["resolve"],
        b"http://a/b\tc\nno tab here\nhttp://a/\tb c\n%zz\td\n",
    );
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(stdout(&o), "http://a/c\n\n\n\n");
    let err = stderr(&o);
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 3, "{err}");
    assert!(lines[0].starts_with("2:11: "), "{err}");
    // The byte index counts from the start of the line: 'http://a/' + TAB + 'b' = byte 11.
    assert!(lines[1].starts_with("3:11: reference: "), "{err}");
    assert!(lines[2].starts_with("4:1: base: "), "{err}");

    // RFC 3986 section 5.1: a base URI must have a scheme.
    let o = run(&["resolve", "--base", "/no/scheme"], b"g\n");
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("scheme"), "{}", stderr(&o));
    let o = run(&["resolve", "--base", "http://a b/"], b"g\n");
    assert_eq!(o.status.code(), Some(2));
}
