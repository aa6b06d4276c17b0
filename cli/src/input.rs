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

/// Reads the arguments of a subcommand: `-` is stdin, an existing file is read as lines, any
/// other argument is a URI reference; `--url` values are URI references whatever files
/// exist. No arguments at all: stdin.
///
/// An argument that is neither an existing file nor a valid URI reference is a usage error
/// that names both readings (a mistyped file name should not be checked as a URI and pass
/// silently as "invalid").
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
            Err(io_err) => match crate::line::check_text(arg) {
                Ok(_) => push_uri(&mut out, arg),
                Err(parse_err) => {
                    return Err(format!(
                        "{arg:?} is neither a file ({io_err}) nor a URI reference ({parse_err}); \
                         use --url to check an invalid URI, or ./NAME for a file"
                    ))
                }
            },
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
            s(&["http://a/", "b", "-", "Cargo.toml", "c"], &["x y"]).unwrap(),
            [
                Source::Args(vec!["http://a/".into(), "b".into()]),
                Source::Stdin,
                Source::File("Cargo.toml".into()),
                Source::Args(vec!["c".into(), "x y".into()]),
            ]
        );
        let e = s(&["no such file.txt"], &[]).unwrap_err();
        assert!(
            e.contains("neither a file") && e.contains("invalid character ' '"),
            "{e}"
        );
    }
}
