//! The layers of ARCHITECTURE.md, enforced: every module of `src/<layer>/` uses only its own
//! layer and the ones below it. A `crate::…` path (or `$crate::…` in a macro, or a name the
//! crate root re-exports) that reaches a layer above fails this test, with the file and line.
//!
//! Read from the source text, so that it needs no tool: a file's unit tests (`#[cfg(test)]
//! mod tests`, last in the file by the crate's convention) and comments are left out, since
//! tests may use anything and comments are no imports.

use std::collections::HashMap;
use std::fs;
use std::path::{Path, PathBuf};

/// The layers, bottom first: the order of ARCHITECTURE.md's table.
const LAYERS: [&str; 8] = [
    "vocab",
    "tables",
    "kernels",
    "driver",
    "grammars",
    "ops",
    "owned",
    "integrations",
];

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The code of a file without its unit tests and comments: (line number, text) pairs.
fn code_lines(text: &str) -> Vec<(usize, String)> {
    let mut lines = Vec::new();
    let all: Vec<&str> = text.lines().collect();
    for (i, line) in all.iter().enumerate() {
        let next = all.get(i + 1).map_or("", |l| l.trim());
        if line.trim() == "#[cfg(test)]"
            && (next.starts_with("mod tests") || next.starts_with("pub(crate) mod tests"))
        {
            break;
        }
        let code = match line.find("//") {
            // A `//` inside a string (a URI's "//") is no comment: keep lines whose `//`
            // follows a quote.
            Some(at) if !line[..at].contains('"') => &line[..at],
            _ => line,
        };
        lines.push((i + 1, code.to_string()));
    }
    lines
}

/// The layer of each name that `src/lib.rs` re-exports (`pub use ops::pct;`,
/// `pub use grammars::uri_ref::{Segments, UriRef};`). A public module the root
/// assembles from several layers (`pub mod rfc2396 { pub use crate::…; }`) is of the highest.
fn root_names() -> HashMap<String, &'static str> {
    let lib = fs::read_to_string(src().join("lib.rs")).unwrap();
    let mut names = HashMap::new();
    let mut facade: Option<(String, usize)> = None;
    for line in lib.lines() {
        let line = line.trim();
        if let Some(name) = line
            .strip_prefix("pub mod ")
            .and_then(|r| r.strip_suffix(" {"))
        {
            facade = Some((name.to_string(), 0));
            continue;
        }
        if line == "}" {
            if let Some((name, top)) = facade.take() {
                names.insert(name, LAYERS[top]);
            }
            continue;
        }
        let Some(rest) = line.strip_prefix("pub use ") else {
            continue;
        };
        let rest = rest.trim_end_matches(';');
        let rest = rest.strip_prefix("crate::").unwrap_or(rest);
        let layer = LAYERS
            .iter()
            .position(|l| rest.starts_with(&format!("{l}::")))
            .unwrap_or_else(|| panic!("src/lib.rs re-exports from no layer: {line}"));
        if let Some((_, top)) = &mut facade {
            *top = (*top).max(layer);
            continue;
        }
        let items = match rest.find('{') {
            Some(open) => rest[open + 1..rest.len() - 1].to_string(),
            None => rest.rsplit("::").next().unwrap().to_string(),
        };
        for item in items.split(',') {
            let item = item.trim();
            if !item.is_empty() {
                names.insert(item.to_string(), LAYERS[layer]);
            }
        }
    }
    names
}

/// The first segment after each `crate::` in `code`, and each name of a `use crate::{…}` list
/// (which may run over several lines: `code` is the whole file's code).
fn crate_refs(code: &str) -> Vec<(usize, String)> {
    let mut refs = Vec::new();
    let bytes = code.as_bytes();
    let mut from = 0;
    while let Some(at) = code[from..].find("crate::") {
        let start = from + at;
        from = start + "crate::".len();
        // `crate::` itself, not the tail of another word (`$crate::` is a macro's `crate::`).
        if start > 0 && (bytes[start - 1].is_ascii_alphanumeric() || bytes[start - 1] == b'_') {
            continue;
        }
        let line = code[..start].matches('\n').count();
        if code[from..].starts_with('{') {
            let close = from + code[from..].find('}').unwrap();
            for item in code[from + 1..close].split(',') {
                let first = item.trim().split("::").next().unwrap().trim();
                if !first.is_empty() {
                    refs.push((line, first.to_string()));
                }
            }
        } else {
            let name: String = code[from..]
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            refs.push((line, name));
        }
    }
    refs
}

#[test]
fn no_module_uses_a_layer_above_its_own() {
    let names = root_names();
    let mut files = Vec::new();
    rust_files(&src(), &mut files);
    let mut violations = Vec::new();
    for file in &files {
        let rel = file.strip_prefix(src()).unwrap();
        if rel == Path::new("lib.rs") {
            continue; // the crate root: the public API over all layers
        }
        let layer = rel
            .components()
            .next()
            .unwrap()
            .as_os_str()
            .to_str()
            .unwrap();
        let Some(own) = LAYERS.iter().position(|l| *l == layer) else {
            violations.push(format!(
                "src/{}: not in a layer's folder (src/<layer>/, ARCHITECTURE.md)",
                rel.display()
            ));
            continue;
        };
        let lines = code_lines(&fs::read_to_string(file).unwrap());
        let code: String = lines.iter().map(|(_, l)| format!("{l}\n")).collect();
        for (line, name) in crate_refs(&code) {
            let target = match LAYERS.iter().position(|l| *l == name) {
                Some(k) => k,
                None => match names.get(&name) {
                    Some(l) => LAYERS.iter().position(|x| x == l).unwrap(),
                    None => continue, // the root's own items (the tests' helpers)
                },
            };
            if target > own {
                violations.push(format!(
                    "src/{}:{}: the {} layer uses `crate::{}` of the {} layer above it",
                    rel.display(),
                    lines[line].0,
                    layer,
                    name,
                    LAYERS[target]
                ));
            }
        }
    }
    assert!(violations.is_empty(), "\n{}", violations.join("\n"));
}

/// ARCHITECTURE.md names every layer's folder, in this order.
#[test]
fn architecture_md_lists_the_layers_in_order() {
    let doc =
        fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("ARCHITECTURE.md")).unwrap();
    let mut last = 0;
    for layer in LAYERS {
        let at = doc
            .find(&format!("`src/{layer}/`"))
            .unwrap_or_else(|| panic!("ARCHITECTURE.md does not name `src/{layer}/`"));
        assert!(
            at > last,
            "ARCHITECTURE.md names `src/{layer}/` out of order"
        );
        last = at;
        assert!(src().join(layer).is_dir(), "src/{layer}/ is missing");
    }
}

/// The checker itself: it sees a use of a layer above, by path and by re-exported name.
#[test]
fn the_checker_sees_an_upward_use() {
    let code = "use crate::ops::resolve::Resolver;\nfn f() { crate::UriBuf::new(); }\n\
                use crate::{\n    Component,\n    UriRef,\n};\n// crate::owned in a comment\n";
    let lines = code_lines(code);
    let text: String = lines.iter().map(|(_, l)| format!("{l}\n")).collect();
    let refs: Vec<String> = crate_refs(&text).into_iter().map(|(_, n)| n).collect();
    assert_eq!(refs, ["ops", "UriBuf", "Component", "UriRef"]);
    let names = root_names();
    assert_eq!(names["UriBuf"], "owned");
    assert_eq!(names["UriRef"], "grammars");
    assert_eq!(names["pct"], "ops");
    assert_eq!(names["rfc2396"], "ops");
}
