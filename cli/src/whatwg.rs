//! `--grammar whatwg`: lines read as a browser reads an `href`, by the URL Standard
//! (`urilex::whatwg`), for `check`, `parse`, `get`, `normalize` (the href is the standard's
//! normal form) and `resolve` (against `--base`, as a browser resolves a link).

use std::fmt::Write as _;

use urilex::whatwg::{ParseError, Url};

use crate::line::{json_str, Line};
use crate::ops::diagnostic;
use crate::stream::LineOp;

/// A line's URL, or why it is none (a line that is not UTF-8 is refused at its first bad
/// byte, as `invalid-URL-unit`).
fn parse(line: Line<'_>, base: Option<&str>) -> Result<Url, (usize, String)> {
    let Some(text) = line.as_str() else {
        let at = std::str::from_utf8(line.bytes)
            .err()
            .map_or(0, |e| e.valid_up_to());
        return Err((at, format!("invalid-URL-unit at byte {at}: not UTF-8")));
    };
    Url::parse(text, base).map_err(|e: ParseError| (e.index(), e.to_string()))
}

/// The getters of the URL API, in its order.
fn getters(url: &Url) -> [(&'static str, String); 11] {
    [
        ("href", url.href().to_string()),
        ("origin", url.origin()),
        ("protocol", url.protocol().to_string()),
        ("username", url.username().to_string()),
        ("password", url.password().to_string()),
        ("host", url.host().to_string()),
        ("hostname", url.hostname().to_string()),
        ("port", url.port().to_string()),
        ("pathname", url.pathname().to_string()),
        ("search", url.search().to_string()),
        ("hash", url.hash().to_string()),
    ]
}

/// `check --grammar whatwg`: `LINE:BYTE: message` for each line that is no URL.
pub struct Check {
    /// `FILE:` before each report when there are several files.
    pub prefix: String,
    /// `--base`, for relative links.
    pub base: Option<String>,
}

impl LineOp for Check {
    fn line(&self, n: u64, line: Line<'_>, out: &mut String, _: &mut String) -> bool {
        match parse(line, self.base.as_deref()) {
            Ok(_) => true,
            Err((at, msg)) => {
                diagnostic(out, &self.prefix, n, at, msg);
                false
            }
        }
    }
}

/// `parse --grammar whatwg` (`json: false`): `valid` and each non-empty getter
/// (`name=value`, tab-separated), or `invalid`, the byte index, the validation error and the
/// message; with `--json`, one object of every getter per line (`"valid"`, `"line"` and, for
/// an invalid line, `"error"` and `"index"`).
pub struct Parse {
    pub json: bool,
    pub base: Option<String>,
}

impl LineOp for Parse {
    fn line(&self, n: u64, line: Line<'_>, out: &mut String, _: &mut String) -> bool {
        let parsed = parse(line, self.base.as_deref());
        if self.json {
            let _ = write!(out, "{{\"line\":{n},\"valid\":{}", parsed.is_ok());
            match &parsed {
                Ok(url) => {
                    for (name, value) in getters(url) {
                        let _ = write!(out, ",\"{name}\":");
                        json_str(out, &value);
                    }
                }
                Err((at, msg)) => {
                    let _ = write!(out, ",\"index\":{at},\"error\":");
                    json_str(out, msg);
                }
            }
            out.push_str("}\n");
            return parsed.is_ok();
        }
        match parsed {
            Ok(url) => {
                out.push_str("valid");
                for (name, value) in getters(&url) {
                    if !value.is_empty() {
                        let _ = write!(out, "\t{name}={value}");
                    }
                }
                out.push('\n');
                true
            }
            Err((at, msg)) => {
                let _ = writeln!(out, "invalid\t{at}\t{msg}");
                false
            }
        }
    }
}

/// `normalize` and `resolve` with `--grammar whatwg`: each line's href (against `--base`
/// for `resolve`, or, with `pairs`, each line `base<TAB>reference`); a line that is no URL is
/// reported on stderr and written as an empty line, so that the output stays line for line
/// with the input.
pub struct Href {
    pub base: Option<String>,
    pub pairs: bool,
}

impl LineOp for Href {
    fn line(&self, n: u64, line: Line<'_>, out: &mut String, err: &mut String) -> bool {
        let parsed = match (self.pairs, line.as_str()) {
            (true, Some(text)) => match text.split_once('\t') {
                Some((base, reference)) => Url::parse(reference, Some(base))
                    .map_err(|e| (base.len() + 1 + e.index(), e.to_string())),
                None => Err((
                    text.len(),
                    "no tab: resolve without --base reads base<TAB>reference".into(),
                )),
            },
            _ => parse(line, self.base.as_deref()),
        };
        match parsed {
            Ok(url) => {
                out.push_str(url.href());
                out.push('\n');
                true
            }
            Err((at, msg)) => {
                diagnostic(err, "", n, at, msg);
                out.push('\n');
                false
            }
        }
    }
}

/// `get TEMPLATE --grammar whatwg`: the template with each `{getter}` (`{href}`, `{origin}`,
/// `{protocol}`, `{username}`, `{password}`, `{host}`, `{hostname}`, `{port}`, `{pathname}`,
/// `{search}`, `{hash}`) replaced by its value; an invalid line gives an empty line (and a
/// diagnostic).
pub struct Get {
    pub template: String,
    pub base: Option<String>,
}

impl Get {
    /// The template's getters, each a known one, or the error that names the unknown.
    pub fn check_template(template: &str) -> Result<(), String> {
        let known = getters(&Url::parse("a:", None).map_err(|e| e.to_string())?);
        let mut rest = template;
        while let Some(open) = rest.find('{') {
            let Some(close) = rest[open..].find('}') else {
                return Err(format!("unclosed '{{' in template {template:?}"));
            };
            let name = &rest[open + 1..open + close];
            if !known.iter().any(|(n, _)| *n == name) {
                let names: Vec<&str> = known.iter().map(|(n, _)| *n).collect();
                return Err(format!(
                    "unknown field {{{name}}} with --grammar whatwg (the URL API's getters: {})",
                    names.join(", ")
                ));
            }
            rest = &rest[open + close + 1..];
        }
        Ok(())
    }
}

impl LineOp for Get {
    fn line(&self, n: u64, line: Line<'_>, out: &mut String, err: &mut String) -> bool {
        let url = match parse(line, self.base.as_deref()) {
            Ok(url) => url,
            Err((at, msg)) => {
                diagnostic(err, "", n, at, msg);
                out.push('\n');
                return false;
            }
        };
        let values = getters(&url);
        let mut rest = self.template.as_str();
        while let Some(open) = rest.find('{') {
            out.push_str(&rest[..open]);
            let close = rest[open..].find('}').map_or(rest.len(), |c| open + c);
            let name = &rest[open + 1..close];
            if let Some((_, v)) = values.iter().find(|(k, _)| *k == name) {
                out.push_str(v);
            }
            rest = rest.get(close + 1..).unwrap_or("");
        }
        out.push_str(rest);
        out.push('\n');
        true
    }
}

/// `set COMPONENT=VALUE... --grammar whatwg`: each edit by the URL API's setter for its part
/// (`scheme` → `protocol`, `userinfo` → `username` and `password` (split at the first `:`),
/// `host` → `hostname`, `port`, `path` → `pathname`, `query` → `search`, `fragment` → `hash`),
/// `--remove` as the setter of `""` (port, userinfo, path, query, fragment); as in the URL
/// API, an edit the standard ignores (a port on a file URL) leaves the URL as it was.
pub struct Set {
    pub assignments: Vec<(crate::edit::Part, String)>,
    pub remove: Vec<crate::edit::Part>,
}

impl Set {
    /// Whether every `--remove` has a setter that removes (the scheme and the host have none).
    pub fn check(&self) -> Result<(), String> {
        use crate::edit::Part;
        match self.remove.iter().find(|p| matches!(p, Part::Scheme | Part::Host)) {
            Some(p) => Err(format!(
                "--grammar whatwg: --remove {p:?} has no setter (a URL keeps its scheme and, if special, its host)"
            )
            .to_lowercase()),
            None => Ok(()),
        }
    }

    fn apply(url: &mut Url, part: crate::edit::Part, value: &str) {
        use crate::edit::Part;
        match part {
            Part::Scheme => url.set_protocol(value),
            Part::Userinfo => {
                let (user, password) = value.split_once(':').unwrap_or((value, ""));
                url.set_username(user);
                url.set_password(password);
            }
            Part::Host => url.set_hostname(value),
            Part::Port => url.set_port(value),
            Part::Path => url.set_pathname(value),
            Part::Query => url.set_search(value),
            Part::Fragment => url.set_hash(value),
        }
    }
}

impl LineOp for Set {
    fn line(&self, n: u64, line: Line<'_>, out: &mut String, err: &mut String) -> bool {
        let mut url = match parse(line, None) {
            Ok(url) => url,
            Err((at, msg)) => {
                diagnostic(err, "", n, at, msg);
                out.push('\n');
                return false;
            }
        };
        for (part, value) in &self.assignments {
            Self::apply(&mut url, *part, value);
        }
        for part in &self.remove {
            Self::apply(&mut url, *part, "");
        }
        out.push_str(url.href());
        out.push('\n');
        true
    }
}
