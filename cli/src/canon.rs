//! `urilex canon --surt | --safe-browsing`: each line's crawler key (`urilex::canon`), one per
//! line; a line that has none is written as an empty line and reported on stderr, so that the
//! output stays line for line with the input.

use urilex::canon;

use crate::line::Line;
use crate::ops::diagnostic;
use crate::stream::LineOp;

/// Which key `canon` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    /// The SURT (the `surt` package's defaults).
    Surt,
    /// Google Safe Browsing's canonical form.
    SafeBrowsing,
}

/// `urilex canon`.
pub struct Canon {
    pub key: Key,
}

impl LineOp for Canon {
    fn line(&self, n: u64, line: Line<'_>, out: &mut String, err: &mut String) -> bool {
        let Some(text) = line.as_str() else {
            let at = std::str::from_utf8(line.bytes)
                .err()
                .map_or(0, |e| e.valid_up_to());
            diagnostic(err, "", n, at, "not UTF-8");
            out.push('\n');
            return false;
        };
        let key = match self.key {
            Key::Surt => canon::surt(text),
            Key::SafeBrowsing => canon::safe_browsing(text),
        };
        match key {
            Ok(key) => {
                out.push_str(&key);
                out.push('\n');
                true
            }
            Err(urilex::Error::Canon(e)) => {
                diagnostic(err, "", n, e.index(), e);
                out.push('\n');
                false
            }
            Err(e) => {
                diagnostic(err, "", n, 0, e);
                out.push('\n');
                false
            }
        }
    }
}
