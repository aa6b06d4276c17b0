//! Helpers shared by the integration tests: run the built binary.
#![allow(dead_code)]

use std::io::Write;
use std::process::{Child, Command, Output, Stdio};

use serde_json::Value;

pub const BIN: &str = env!("CARGO_BIN_EXE_urilex");

/// Starts `urilex ARGS` with its stdin, stdout and stderr piped.
pub fn spawn(args: &[&str]) -> Child {
    Command::new(BIN)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn urilex")
}

/// Runs `urilex ARGS` with `stdin` piped in.
pub fn run(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = spawn(args);
    let mut input = child.stdin.take().expect("stdin");
    let data = stdin.to_vec();
    // Write from another thread so a large input cannot deadlock against a full stdout pipe.
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(&data);
    });
    let out = child.wait_with_output().expect("wait");
    writer.join().expect("writer");
    out
}

pub fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).expect("stdout is UTF-8")
}

pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

pub fn json_lines(o: &Output) -> Vec<Value> {
    stdout(o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

pub fn workspace_file(rel: &str) -> String {
    format!("{}/../{rel}", env!("CARGO_MANIFEST_DIR"))
}

/// The strict records (no `spec` field) of `../shared/conformance/FILE`.
pub fn strict_records(file: &str) -> Vec<Value> {
    let text = std::fs::read_to_string(workspace_file(&format!("../shared/conformance/{file}")))
        .unwrap_or_else(|e| panic!("{file}: {e}"));
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .filter(|r| r.get("spec").is_none())
        .collect()
}
