//! Runs the built `urilex` binary: every subcommand, the JSON shape, exit codes, bad lines,
//! empty input, a 10 MB line, bytes that are not UTF-8, threads, a closed pipe.
//!
//! Expected values come from RFC 3986 (section 3's example, section 5.4's table) and from the
//! shared conformance vectors (`../shared/conformance`, relative to the workspace root), not
//! from the library under test.

use std::io::{Read, Write};

use serde_json::Value;

mod common;
use common::{json_lines, run, stderr, stdout, strict_records, workspace_file};

const KEYS: [&str; 12] = [
    "input",
    "line",
    "valid",
    "error",
    "scheme",
    "userinfo",
    "host",
    "host_kind",
    "port",
    "path",
    "query",
    "fragment",
];

#[test]
fn json_shape_is_the_contract() {
    // RFC 3986 section 3: the example URI and its component parts.
    let o = run(
        &["parse", "--json"],
        b"foo://example.com:8042/over/there?name=ferret#nose\nurn:example:animal:ferret:nose\n",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let v = json_lines(&o);
    assert_eq!(v.len(), 2);
    for obj in &v {
        let keys: Vec<&str> = obj
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect();
        let mut want = KEYS.to_vec();
        let mut got = keys.clone();
        want.sort_unstable();
        got.sort_unstable();
        assert_eq!(got, want, "keys of {obj}");
    }
    assert_eq!(
        v[0],
        serde_json::json!({
            "input": "foo://example.com:8042/over/there?name=ferret#nose", "line": 1,
            "valid": true, "error": null, "scheme": "foo", "userinfo": null,
            "host": "example.com", "host_kind": "reg-name", "port": "8042", "path": "/over/there",
            "query": "name=ferret", "fragment": "nose"
        })
    );
    assert_eq!(v[1]["scheme"], "urn");
    assert_eq!(v[1]["host"], Value::Null);
    assert_eq!(
        (&v[1]["line"], &v[1]["host_kind"]),
        (&Value::from(2), &Value::Null)
    );
    assert_eq!(v[1]["path"], "example:animal:ferret:nose");

    // An invalid line: error object with index, kind, message; components null.
    let o = run(&["parse", "--json"], b"http://a/b c\n");
    let v = json_lines(&o);
    let e = &v[0]["error"];
    assert_eq!(v[0]["valid"], false);
    assert_eq!(e["index"], 10);
    assert_eq!(e["kind"], "InvalidChar");
    assert!(e["message"].as_str().unwrap().contains("byte 10"), "{e}");
    assert_eq!(v[0]["line"], 1);
    for k in &KEYS[4..] {
        assert_eq!(v[0][k], Value::Null, "{k}");
    }
}

/// The strict (no `spec` field) URI-reference vectors, through `parse --json` in one run.
#[test]
fn parse_json_agrees_with_the_conformance_vectors() {
    let text = std::fs::read_to_string(workspace_file("../shared/conformance/parse.jsonl"))
        .expect("conformance/parse.jsonl");
    let records: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .filter(|r| r.get("spec").is_none())
        // Every URI and absolute-URI is also a URI-reference; an invalid one may still be a
        // valid relative reference, so only the valid ones of those kinds are used.
        .filter(|r| {
            r["kind"] == "uri-reference" || r["valid"] == true && r["kind"] != "relative-ref"
        })
        // One URI per line: inputs with line breaks cannot be given to the CLI as one line.
        .filter(|r| !r["input"].as_str().unwrap().contains(['\n', '\r']))
        .collect();
    assert!(records.len() > 700, "{} records", records.len());
    let mut input = String::new();
    for r in &records {
        input.push_str(r["input"].as_str().unwrap());
        input.push('\n');
    }
    let o = run(&["parse", "--json"], input.as_bytes());
    // Some records are invalid: parse reports them in its output, and exits 1 as every
    // subcommand does when an input was invalid.
    assert!(records.iter().any(|r| r["valid"] == false));
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let got = json_lines(&o);
    assert_eq!(got.len(), records.len());
    let mut compared = 0;
    for (r, g) in records.iter().zip(&got) {
        assert_eq!(g["input"], r["input"]);
        assert_eq!(g["valid"], r["valid"], "{r}\n{g}");
        assert_eq!(g["error"].is_null(), r["valid"] == true, "{g}");
        for k in &KEYS[3..] {
            if let Some(want) = r.get(*k) {
                assert_eq!(&g[*k], want, "{k} of {r}");
                compared += 1;
            }
        }
    }
    assert!(compared > 500, "{compared} components compared");
}

#[test]
fn check_reports_line_and_byte_and_sets_the_exit_code() {
    let o = run(&["check"], b"http://a/\n/ok/path?q\n");
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(stdout(&o), "");

    // A bad line in the middle: reported, and the lines after it are still read.
    let o = run(&["check"], b"http://a/\nhttp://a/%zz\n//h:x/\nfine\n");
    assert_eq!(o.status.code(), Some(1));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2, "{out}");
    // RFC 3986 section 2.1: '%' must be followed by two HEXDIGs; the 'z' at byte 10 is not one.
    assert!(lines[0].starts_with("2:10: "), "{out}");
    // Section 3.2.3: a port is digits only.
    assert!(lines[1].starts_with("3:"), "{out}");
}

#[test]
fn check_prefixes_file_names_when_given_several_files() {
    let dir = std::env::temp_dir().join(format!("urilex-cli-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (a, b) = (dir.join("a.txt"), dir.join("b.txt"));
    std::fs::write(&a, "ok\n").unwrap();
    std::fs::write(&b, "x\ny y\n").unwrap();
    let o = run(&["check", a.to_str().unwrap(), b.to_str().unwrap()], b"");
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        stdout(&o),
        format!(
            "{}:2:1: invalid character ' ' at byte 1 in path\n",
            b.display()
        )
    );
    let o = run(&["check", a.to_str().unwrap()], b"");
    assert_eq!(o.status.code(), Some(0));
    // No such file, and no scheme: a usage error that names it, whether or not the text is
    // also a valid relative reference (a mistyped name must not pass silently).
    for name in ["missing file.txt", "missing.txt"] {
        let missing = dir.join(name);
        let o = run(&["check", missing.to_str().unwrap()], b"");
        assert_eq!(o.status.code(), Some(2), "{name}");
        let err = stderr(&o);
        assert!(err.contains(name) && err.contains("--url"), "{err}");
        assert_eq!(stdout(&o), "");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn text_parse_lists_present_components() {
    let o = run(&["parse"], b"http://u@h:1/p?#f\nrel\n\n::\n");
    assert_eq!(o.status.code(), Some(1)); // "::" is invalid
    assert_eq!(
        stdout(&o),
        "valid\tscheme=http\tuserinfo=u\thost=h\tport=1\tpath=/p\tquery=\tfragment=f\n\
         valid\tpath=rel\n\
         valid\tpath=\n\
         invalid\t0\tColonInFirstSegment\t':' at byte 0 in the first segment of a relative path: a scheme must start with a letter and hold only letters, digits, '+', '-' and '.' (write \"./\" before a relative path that contains ':')\n"
    );
}

#[test]
fn empty_input_gives_empty_output() {
    for args in [
        &["parse"][..],
        &["parse", "--json"],
        &["check"],
        &["parse", "-j", "3"],
    ] {
        let o = run(args, b"");
        assert_eq!(o.status.code(), Some(0), "{args:?}");
        assert_eq!(stdout(&o), "", "{args:?}");
        assert_eq!(stderr(&o), "", "{args:?}");
    }
}

#[test]
fn the_sample_runs_on_request_and_empty_input_is_empty() {
    // Empty piped input (an IDE, CI, `< /dev/null`): not someone else's data, and not an
    // all-zero report either: what happened, and how to run the sample.
    let o = run(&[], b"");
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("stdin: no lines"), "{out}");
    assert!(out.contains("urilex summary --sample"), "{out}");
    assert!(!out.contains("by scheme:"), "{out}");
    let o = run(&["summary", "--sample"], b"");
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    for want in [
        "embedded sample",
        "by scheme:",
        "by host kind:",
        "invalid lines by error kind",
        "URLs/s",
        "MB/s",
    ] {
        assert!(out.contains(want), "missing {want:?} in\n{out}");
    }
    // The sample's first line starts with a byte-order mark (U+FEFF is not ASCII).
    assert!(out.contains("InvalidChar"), "{out}");

    // With piped lines, the same summary is made of them.
    let o = run(&[], b"http://a/\nhttps://b/\nnot valid\n");
    let out = stdout(&o);
    assert!(out.contains("3 lines"), "{out}");
    assert!(out.contains("invalid: 1"), "{out}");
}

#[test]
fn a_ten_megabyte_line() {
    let long = format!("http://example.com/{}", "a".repeat(10 << 20));
    let input = format!("x\n{long}\ny\n");
    let o = run(&["parse", "--json"], input.as_bytes());
    assert!(o.status.success());
    let v = json_lines(&o);
    assert_eq!(v.len(), 3);
    assert_eq!(v[1]["valid"], true);
    assert_eq!(v[1]["path"].as_str().unwrap().len(), (10 << 20) + 1);
    assert_eq!(v[2]["path"], "y");

    // The same line made invalid at its last byte: the index is exact.
    let bad = format!("x\n{long}|\ny\n");
    let o = run(&["check", "-j", "2"], bad.as_bytes());
    assert_eq!(o.status.code(), Some(1));
    let want = format!("2:{}: ", long.len());
    assert!(
        stdout(&o).starts_with(&want),
        "{}",
        &stdout(&o)[..80.min(stdout(&o).len())]
    );
}

#[test]
fn bytes_that_are_not_utf8_are_reported_not_fatal() {
    let o = run(
        &["check"],
        b"http://a/\nhttp://a/\xff\xfe\nhttp://b/\n\xc3\xa9\n",
    );
    assert_eq!(o.status.code(), Some(1));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2, "{out}");
    assert!(lines[0].starts_with("2:9: "), "{out}");
    assert!(lines[0].contains("0xFF"), "{out}");
    // Valid UTF-8 but not ASCII: the parser's own report.
    assert!(lines[1].starts_with("4:0: "), "{out}");

    let o = run(&["parse", "--json"], b"a\xffb\n");
    let v = json_lines(&o);
    assert_eq!(v[0]["valid"], false);
    assert_eq!(v[0]["input"], "a\u{fffd}b");
    assert_eq!(v[0]["error"]["index"], 1);
    assert_eq!(v[0]["error"]["kind"], "InvalidChar");
}

#[test]
fn crlf_line_ends_are_accepted() {
    let o = run(&["check"], b"http://a/\r\n/b\r\nc");
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
}

/// Several chunks (the reader cuts at about 1 MiB) through 1 and 3 threads: same bytes out.
#[test]
fn threads_keep_the_output_order() {
    let mut input = Vec::new();
    let corpora = [
        "ada_kasztp.txt",
        "apache_referers.txt",
        "wpt_urltestdata_inputs.txt",
    ];
    for name in corpora {
        let f = std::fs::read(workspace_file(&format!("../shared/corpora/{name}"))).unwrap();
        input.extend_from_slice(&f);
        if !input.ends_with(b"\n") {
            input.push(b'\n');
        }
    }
    let one_copy = input.clone();
    while input.len() < 5 << 20 {
        input.extend_from_slice(&one_copy);
    }
    let lines = input.iter().filter(|&&b| b == b'\n').count();
    // (Under --quiet, `check` and `normalize` do not number their lines across threads:
    // nothing they write depends on the numbers. The counts on stderr must still agree.)
    let quiet: [&[&str]; 2] = [&["check", "-q"], &["normalize", "-q"]];
    for args in quiet {
        let single = run(&[args, &["-j", "1"]].concat(), &input);
        let multi = run(&[args, &["--threads", "3"]].concat(), &input);
        assert_eq!(single.status.code(), multi.status.code());
        assert!(single.stdout == multi.stdout, "{args:?}: outputs differ");
        assert_eq!(stderr(&single), stderr(&multi), "{args:?}");
        assert!(
            stderr(&multi).contains(&format!(" of {lines} lines")),
            "{}",
            stderr(&multi)
        );
    }
    for args in [&["parse", "--json"][..], &["check"]] {
        let single = run(&[args, &["-j", "1"]].concat(), &input);
        let multi = run(&[args, &["--threads", "3"]].concat(), &input);
        assert_eq!(single.status.code(), multi.status.code());
        assert!(single.stdout == multi.stdout, "{args:?}: outputs differ");
        if args[0] == "parse" {
            assert_eq!(single.stdout.iter().filter(|&&b| b == b'\n').count(), lines);
        } else {
            // Line numbers run on across chunks: the last report names a line near the end.
            let out = stdout(&multi);
            let last = out.lines().last().unwrap();
            let n: usize = last.split(':').next().unwrap().parse().unwrap();
            assert!(n > lines - one_copy.len() / 20, "{last}");
        }
    }
}

#[test]
fn a_closed_output_pipe_ends_quietly() {
    let mut child = common::spawn(&["parse", "--json", "-j", "2"]);
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        let line = b"http://example.com/some/path?query=1\n".repeat(1000);
        for _ in 0..2000 {
            if stdin.write_all(&line).is_err() {
                break;
            }
        }
    });
    let mut out = child.stdout.take().unwrap();
    let mut first = [0u8; 4096];
    out.read_exact(&mut first).unwrap();
    drop(out);
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    let status = child.wait().unwrap();
    writer.join().unwrap();
    assert!(status.success(), "{status:?} {err}");
    assert_eq!(err, "");
}

/// `tail -f log | urilex normalize -j 2`: each line's output comes before the next line is
/// written (a read shorter than a chunk ends the chunk, and the worker that finishes it
/// writes it), whichever of the two workers takes it.
#[test]
fn threads_answer_line_by_line() {
    use std::io::{BufRead, BufReader};
    use std::sync::mpsc;
    use std::time::Duration;
    let mut child = common::spawn(&["normalize", "-j", "2"]);
    let mut stdin = child.stdin.take().unwrap();
    let (tx, rx) = mpsc::channel();
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let reader = std::thread::spawn(move || loop {
        let mut line = String::new();
        if out.read_line(&mut line).unwrap_or(0) == 0 {
            return;
        }
        if tx.send(line).is_err() {
            return;
        }
    });
    for i in 0..8 {
        stdin
            .write_all(format!("HTTP://Example.COM/{i}/a/../b\n").as_bytes())
            .unwrap();
        stdin.flush().unwrap();
        // A hang, not a slow machine, if nothing comes in a minute.
        let got = rx.recv_timeout(Duration::from_secs(60));
        assert_eq!(got.as_deref(), Ok(&*format!("http://example.com/{i}/b\n")));
    }
    drop(stdin);
    assert!(child.wait().unwrap().success());
    reader.join().unwrap();
}

#[test]
fn help_has_examples() {
    let o = run(&["--help"], b"");
    assert!(o.status.success());
    let out = stdout(&o);
    for sub in ["parse", "check", "resolve", "normalize", "extract"] {
        assert!(
            out.contains(&format!("urilex {sub}")),
            "{sub} example missing:\n{out}"
        );
    }
    for sub in ["parse", "check", "resolve", "normalize", "extract"] {
        let o = run(&[sub, "--help"], b"");
        assert!(stdout(&o).contains("Examples:"), "{sub}");
    }
    let o = run(&["frobnicate"], b"");
    assert_eq!(o.status.code(), Some(2));
}

/// The strict `normalize` vectors (RFC 3986 section 6.2.2) through `urilex normalize`.
#[test]
fn normalize_agrees_with_the_conformance_vectors() {
    let records: Vec<Value> = strict_records("normalize.jsonl")
        .into_iter()
        .filter(|r| r["op"] == "normalize")
        .filter(|r| !r["input"].as_str().unwrap().contains(['\n', '\r']))
        .collect();
    assert!(records.len() > 150, "{}", records.len());
    let input: String = records
        .iter()
        .map(|r| format!("{}\n", r["input"].as_str().unwrap()))
        .collect();
    let o = run(&["normalize", "-j", "2"], input.as_bytes());
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    let got: Vec<&str> = out.lines().collect();
    assert_eq!(got.len(), records.len());
    for (r, g) in records.iter().zip(got) {
        assert_eq!(g, r["expected"].as_str().unwrap(), "{r}");
    }
}

#[test]
fn normalize_keeps_lines_aligned_and_reports_bad_ones() {
    // RFC 3986 section 6.2.2.1-6.2.2.3 and (with --scheme-based) 6.2.3.
    let input = b"HTTP://www.Example.com/a/./b/../c/%7e\nbad line\n\nhttp://example.com:80\n";
    let o = run(&["normalize"], input);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        stdout(&o),
        "http://www.example.com/a/c/~\n\n\nhttp://example.com:80\n"
    );
    assert_eq!(stderr(&o), "2:3: invalid character ' ' at byte 3 in path\n");
    let o = run(&["normalize", "--scheme-based"], b"http://example.com:80\n");
    assert_eq!(stdout(&o), "http://example.com/\n");
    assert_eq!(o.status.code(), Some(0));
    let o = run(&["normalize"], b"");
    assert_eq!((o.status.code(), stdout(&o)), (Some(0), String::new()));
}
