//! Loaders for the shared vectors and corpora (`../shared`, relative to the crate root).

use serde_json::Value;

/// Path of a file under `../shared`, anchored at the crate root so the tests do not depend on
/// the working directory.
fn shared(rel: &str) -> String {
    format!("{}/../shared/{rel}", env!("CARGO_MANIFEST_DIR"))
}

fn read(rel: &str) -> String {
    let path = shared(rel);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {path}: {e}"))
}

/// The records of a JSON Lines file, with their 1-based line numbers.
pub fn jsonl(rel: &str) -> Vec<(usize, Value)> {
    read(rel)
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| {
            let v = serde_json::from_str(l).unwrap_or_else(|e| panic!("{rel}:{}: {e}", i + 1));
            (i + 1, v)
        })
        .collect()
}

/// RFC 3986 §5.4.1 and §5.4.2 from conformance/resolve.jsonl (the "strict" reading of
/// "http:g"): (reference, target) against the base `http://a/b/c/d;p?q`, all 23 + 19 of them.
pub fn rfc3986_5_4_examples() -> Vec<(String, String)> {
    let examples: Vec<(String, String)> = jsonl("conformance/resolve.jsonl")
        .into_iter()
        .map(|(_, v)| v)
        .filter(|v| {
            let source = v["source"].as_str().unwrap_or_default();
            source.starts_with("RFC3986:section-5.4") && v["mode"] == "strict"
        })
        .map(|v| {
            assert_eq!(v["base"], "http://a/b/c/d;p?q");
            let s = |k: &str| v[k].as_str().unwrap().to_owned();
            (s("ref"), s("expected"))
        })
        .collect();
    assert_eq!(
        examples.len(),
        23 + 19,
        "§5.4.1 has 23 examples, §5.4.2 has 19"
    );
    examples
}

/// The components a parse.jsonl record may assert, in its own spelling.
pub const COMPONENTS: [&str; 7] = [
    "scheme", "userinfo", "host", "port", "path", "query", "fragment",
];

/// One record of conformance/parse.jsonl.
#[derive(Debug)]
pub struct ParseRecord {
    pub line: usize,
    pub input: String,
    pub valid: bool,
    pub kind: String,
    /// The components the source asserts: `None` = undefined (delimiter absent).
    pub components: Vec<(&'static str, Option<String>)>,
    pub host_type: Option<String>,
    pub error_index: Option<usize>,
    pub error_kind: Option<String>,
    /// Present when the record is NOT plain RFC 3986 (see the conformance README).
    pub spec: Option<String>,
    /// What RFC 3986 says about the record: `agree`, `disagree(valid=False)`, `disagree(valid=True)`.
    pub rfc_check: String,
    pub source: String,
}

impl ParseRecord {
    /// Whether RFC 3986 says the input is valid for the record's kind: the record's own
    /// `valid` when the harvest agrees with the RFC, its negation otherwise.
    pub fn rfc_valid(&self) -> bool {
        match self.rfc_check.as_str() {
            "agree" => self.valid,
            "disagree(valid=False)" => false,
            "disagree(valid=True)" => true,
            other => panic!("parse.jsonl:{}: unknown rfc_check {other:?}", self.line),
        }
    }

    /// `input (kind, source, line)`, for failure messages.
    pub fn describe(&self) -> String {
        format!(
            "{:?} as {} ({}; parse.jsonl:{})",
            self.input, self.kind, self.source, self.line
        )
    }
}

fn string(v: &Value, key: &str) -> Option<String> {
    v.get(key).and_then(Value::as_str).map(str::to_string)
}

/// All records of conformance/parse.jsonl.
pub fn parse_records() -> Vec<ParseRecord> {
    jsonl("conformance/parse.jsonl")
        .into_iter()
        .map(|(line, v)| ParseRecord {
            line,
            input: string(&v, "input").expect("input"),
            valid: v["valid"].as_bool().expect("valid"),
            kind: string(&v, "kind").expect("kind"),
            components: COMPONENTS
                .iter()
                .filter_map(|&c| v.get(c).map(|x| (c, x.as_str().map(str::to_string))))
                .collect(),
            host_type: string(&v, "host_type"),
            error_index: v
                .get("error_index")
                .and_then(Value::as_u64)
                .map(|i| i as usize),
            error_kind: string(&v, "error_kind"),
            spec: string(&v, "spec"),
            rfc_check: string(&v, "rfc_check").expect("rfc_check"),
            source: string(&v, "source").expect("source"),
        })
        .collect()
}

/// The inputs of conformance/whatwg.jsonl.
pub fn whatwg_inputs() -> Vec<String> {
    jsonl("conformance/whatwg.jsonl")
        .into_iter()
        .map(|(line, v)| {
            string(&v, "input").unwrap_or_else(|| panic!("whatwg.jsonl:{line}: input"))
        })
        .collect()
}

/// Every URI-ish string in the conformance files: parse inputs, whatwg inputs and bases,
/// resolve bases/references/results, normalize inputs/expectations/pairs.
pub fn all_conformance_strings() -> Vec<String> {
    let mut out = Vec::new();
    for file in ["parse", "whatwg", "resolve", "normalize"] {
        for (_, v) in jsonl(&format!("conformance/{file}.jsonl")) {
            for key in ["input", "base", "ref", "expected", "a", "b"] {
                if let Some(s) = v.get(key).and_then(Value::as_str) {
                    out.push(s.to_string());
                }
            }
        }
    }
    out
}

/// Every line of every `../shared/corpora/*.txt` file, as (file name, line).
pub fn corpus_lines() -> Vec<(String, String)> {
    let dir = shared("corpora");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot list {dir}: {e}"))
        .map(|e| e.expect("dir entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no corpora in {dir}");
    let mut out = Vec::new();
    for path in files {
        let name = path
            .file_name()
            .expect("file name")
            .to_string_lossy()
            .into_owned();
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{name}: {e}"));
        out.extend(text.split('\n').map(|l| (name.clone(), l.to_string())));
    }
    out
}
