//! Where lines come from: files, stdin, or URI references given as arguments (as curl's trurl
//! and ada's adaparse take them).

use std::fs::File;
use std::io::{self, Cursor, Read};
use std::path::{Path, PathBuf};

/// One input of a run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    /// Standard input (`-`, or no arguments at all).
    Stdin,
    /// A file of lines.
    File(PathBuf),
    /// URI references given on the command line, one line each (consecutive ones together).
    Args(Vec<String>),
}

impl Source {
    /// The name diagnostics and summaries give it.
    pub fn name(&self) -> String {
        match self {
            Source::Stdin => "stdin".into(),
            Source::File(p) => p.display().to_string(),
            Source::Args(_) => "arguments".into(),
        }
    }

    /// The file, for sources that are one (a progress bar needs its size).
    pub fn path(&self) -> Option<&Path> {
        match self {
            Source::File(p) => Some(p),
            _ => None,
        }
    }

    /// Opens the source for reading.
    pub fn open(&self) -> Result<Box<dyn Read + Send>, String> {
        match self {
            Source::Stdin => Ok(Box::new(io::stdin())),
            Source::File(p) => File::open(p)
                .map(|f| Box::new(f) as Box<dyn Read + Send>)
                .map_err(|e| format!("{}: {e}", p.display())),
            Source::Args(uris) => {
                let mut text = uris.join("\n");
                text.push('\n');
                Ok(Box::new(Cursor::new(text.into_bytes())))
            }
        }
    }
}

/// Reads the arguments of a subcommand, without guessing: `-` is stdin; an argument that
/// names an existing file is that file; an argument that starts with a scheme (`http:`,
/// `mailto:`) or with `//` is a URI, valid or not (its verdict is the subcommand's, as for a
/// line of a file); anything else that is not a file is an error that names it, since a
/// mistyped file name (`urls.txtt`) is also a valid relative reference and would pass
/// silently. `--url` values are URI references whatever files exist. No arguments at all:
/// stdin.
pub fn sources(args: &[String], urls: &[String]) -> Result<Vec<Source>, String> {
    let mut out: Vec<Source> = Vec::new();
    let push_uri = |out: &mut Vec<Source>, uri: &str| match out.last_mut() {
        Some(Source::Args(list)) => list.push(uri.to_owned()),
        _ => out.push(Source::Args(vec![uri.to_owned()])),
    };
    for arg in args {
        if arg == "-" {
            out.push(Source::Stdin);
            continue;
        }
        let path = Path::new(arg);
        match std::fs::metadata(path) {
            Ok(_) => out.push(Source::File(path.to_path_buf())),
            Err(_) if has_scheme(arg) || arg.starts_with("//") => push_uri(&mut out, arg),
            Err(io_err) => return Err(not_a_file(arg, &io_err)),
        }
    }
    for uri in urls {
        push_uri(&mut out, uri);
    }
    if out.is_empty() {
        out.push(Source::Stdin);
    }
    Ok(out)
}

/// Whether `arg` starts with `scheme ":"` (RFC 3986 §3.1: a letter, then letters, digits,
/// `+`, `-`, `.`).
fn has_scheme(arg: &str) -> bool {
    let Some((scheme, _)) = arg.split_once(':') else {
        return false;
    };
    let mut bytes = scheme.bytes();
    bytes.next().is_some_and(|b| b.is_ascii_alphabetic())
        && bytes.all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'))
}

/// The error for an argument that is neither a file nor a URI with a scheme: what was tried,
/// and the two ways to say what was meant.
fn not_a_file(arg: &str, io_err: &std::io::Error) -> String {
    let looks_like_a_host = arg.contains('.')
        && !arg.starts_with('.')
        && arg
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'-' | b':'));
    let hint = if looks_like_a_host {
        format!(
            "; if it is a host name, write it with a scheme (http://{arg}): as a URI \
             reference, {arg:?} is a path, with no host"
        )
    } else {
        String::new()
    };
    format!(
        "{arg:?}: {io_err}; an argument without a scheme is read as a file name (give \
         --url {arg:?} to read it as a URI reference{hint})"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arguments_are_files_stdin_or_uris() {
        let s = |v: &[&str], u: &[&str]| {
            let v: Vec<String> = v.iter().map(|x| x.to_string()).collect();
            let u: Vec<String> = u.iter().map(|x| x.to_string()).collect();
            sources(&v, &u)
        };
        assert_eq!(s(&[], &[]).unwrap(), [Source::Stdin]);
        assert_eq!(
            s(
                &["http://a/", "//b", "-", "Cargo.toml", "x:y z"],
                &["c d", "../e"]
            )
            .unwrap(),
            [
                Source::Args(vec!["http://a/".into(), "//b".into()]),
                Source::Stdin,
                Source::File("Cargo.toml".into()),
                Source::Args(vec!["x:y z".into(), "c d".into(), "../e".into()]),
            ]
        );
        // No scheme and no such file: an error that names it, never a silent URI.
        for missing in ["urls.txtt", "../g", "a b", "3ttp://x"] {
            let e = s(&[missing], &[]).unwrap_err();
            assert!(e.contains(missing) && e.contains("--url"), "{e}");
        }
        let e = s(&["example.com"], &[]).unwrap_err();
        assert!(
            e.contains("http://example.com") && e.contains("no host"),
            "{e}"
        );
    }
}
