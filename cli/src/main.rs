//! `urilex`: the command-line tool. A skeleton until the CLI issue lands: it reads one URI per
//! line from stdin and reports whether each is a valid URI reference.
use std::io::{self, BufRead, Write};

fn main() -> io::Result<()> {
    let stdin = io::stdin();
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    for (n, line) in stdin.lock().lines().enumerate() {
        let line = line?;
        match urilex::UriRef::parse(&line) {
            Ok(_) => writeln!(out, "{}: ok", n + 1)?,
            Err(e) => writeln!(out, "{}:{}: {}", n + 1, e.index(), e)?,
        }
    }
    Ok(())
}
