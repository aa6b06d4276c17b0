//! `urilex set COMPONENT=VALUE...`: edits each input through the library's validated setters
//! (as trurl's `--set`), and the canonical forms of `normalize` (`--sort-query`,
//! `--drop-query`, `--drop-fragment`) that a crawler dedupes its frontier by.

use clap::ValueEnum;
use urilex::{pct, Component, SetError, UriBuf, UriRef};

use crate::line::{self, Line};
use crate::ops::diagnostic;
use crate::stream::LineOp;

/// A component that `set` and `--remove` name.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Part {
    /// The scheme (removing it leaves a relative reference).
    Scheme,
    /// The host (removing it removes the whole authority).
    Host,
    /// The userinfo.
    Userinfo,
    /// The port.
    Port,
    /// The path (removing it empties it).
    Path,
    /// The query.
    Query,
    /// The fragment.
    Fragment,
}

impl Part {
    /// `COMPONENT=VALUE`, if `arg` starts with a component name and `=`.
    pub fn assignment(arg: &str) -> Option<(Part, &str)> {
        let (name, value) = arg.split_once('=')?;
        let part = Part::from_str(name, false).ok()?;
        Some((part, value))
    }

    fn component(self) -> Component {
        match self {
            Part::Scheme => Component::Scheme,
            Part::Host => Component::Host,
            Part::Userinfo => Component::Userinfo,
            Part::Port => Component::Port,
            Part::Path => Component::Path,
            Part::Query => Component::Query,
            Part::Fragment => Component::Fragment,
        }
    }
}

/// `urilex set`: removals first, then the assignments in the order of the text (the host
/// before the userinfo and port that need it), each through its validated setter.
pub struct Set {
    /// `COMPONENT=VALUE`, sorted by component.
    pub assignments: Vec<(Part, String)>,
    /// `--remove COMPONENT`.
    pub remove: Vec<Part>,
    /// `--encode`: percent-encode each value for its component instead of refusing it.
    pub encode: bool,
    /// `--query-set`, `--query-append`, `--query-remove`, `--sort-query`.
    pub query: QueryEdits,
}

impl Set {
    fn apply(&self, uri: &mut UriBuf) -> Result<(), SetError> {
        for part in &self.remove {
            match part {
                Part::Scheme => uri.remove_scheme()?,
                Part::Host => uri.remove_authority()?,
                Part::Userinfo => uri.remove_userinfo(),
                Part::Port => uri.remove_port(),
                Part::Path => uri.set_path("")?,
                Part::Query => uri.remove_query(),
                Part::Fragment => uri.remove_fragment(),
            }
        }
        for (part, value) in &self.assignments {
            let encoded;
            let value = if self.encode && *part != Part::Host && *part != Part::Scheme {
                encoded = pct::encode(value, part.component()).to_string();
                encoded.as_str()
            } else {
                value.as_str()
            };
            match part {
                Part::Scheme => uri.set_scheme(value)?,
                Part::Host => uri.set_host(value)?,
                Part::Userinfo => uri.set_userinfo(value)?,
                Part::Port => uri.set_port(value)?,
                Part::Path => uri.set_path(value)?,
                Part::Query => uri.set_query(value)?,
                Part::Fragment => uri.set_fragment(value)?,
            }
        }
        self.query.apply(uri)
    }
}

/// The query edits of `set`, parameter by parameter (as trurl's `--replace`, `--append
/// query=`, `--qtrim` and `--sort-query`): removals, then settings, then appends, then the
/// sort. Names are compared decoded (form data: `+` is a space); a new pair is written
/// form-encoded by the library's encoder ([`pct::encode_form`]), which
/// [`pct::query_pairs`] decodes back exactly; the parameters no edit names keep their text.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct QueryEdits {
    set: Vec<(String, String)>,
    append: Vec<(String, String)>,
    remove: Vec<String>,
    sort: bool,
}

impl QueryEdits {
    /// The edits from the flags' values (`NAME=VALUE` for set and append).
    pub fn new(
        set: Vec<String>,
        append: Vec<String>,
        remove: Vec<String>,
        sort: bool,
    ) -> Result<Self, String> {
        let pairs = |flag: &str, values: Vec<String>| {
            values
                .into_iter()
                .map(|v| match v.split_once('=') {
                    Some((name, value)) => Ok((name.to_owned(), value.to_owned())),
                    None => Err(format!("--query-{flag} {v:?}: expected NAME=VALUE")),
                })
                .collect::<Result<Vec<_>, _>>()
        };
        Ok(QueryEdits {
            set: pairs("set", set)?,
            append: pairs("append", append)?,
            remove,
            sort,
        })
    }

    /// Whether there is no query edit.
    pub fn is_empty(&self) -> bool {
        self.set.is_empty() && self.append.is_empty() && self.remove.is_empty() && !self.sort
    }

    /// The decoded name of one `name=value` parameter.
    fn name_of(param: &str) -> String {
        pct::query_pairs(param)
            .plus_as_space(true)
            .next()
            .map(|(name, _)| name.to_string())
            .unwrap_or_default()
    }

    /// One pair, form-encoded.
    fn pair(name: &str, value: &str) -> String {
        format!("{}={}", pct::encode_form(name), pct::encode_form(value))
    }

    fn removes(&self, name: &str) -> bool {
        self.remove
            .iter()
            .any(|pattern| match pattern.strip_suffix('*') {
                Some(prefix) => name.starts_with(prefix),
                None => name == pattern,
            })
    }

    /// Applies the edits to `uri`'s query. A query whose every parameter was removed is
    /// removed; an empty query (`?`) with nothing to add stays.
    pub fn apply(&self, uri: &mut UriBuf) -> Result<(), SetError> {
        if self.is_empty() {
            return Ok(());
        }
        let before = uri.query().map(str::to_owned);
        let mut params: Vec<(String, String)> = before
            .as_deref()
            .unwrap_or("")
            .split('&')
            .filter(|p| !p.is_empty())
            .map(|p| (Self::name_of(p), p.to_owned()))
            .filter(|(name, _)| !self.removes(name))
            .collect();
        for (name, value) in &self.set {
            let pair = Self::pair(name, value);
            match params.iter().position(|(n, _)| n == name) {
                Some(first) => {
                    params[first].1 = pair;
                    // The first of that name keeps its place; the others go.
                    let mut kept = false;
                    params.retain(|(n, _)| n != name || !std::mem::replace(&mut kept, true));
                }
                None => params.push((name.clone(), pair)),
            }
        }
        for (name, value) in &self.append {
            params.push((name.clone(), Self::pair(name, value)));
        }
        if self.sort {
            params.sort_by(|a, b| a.0.cmp(&b.0)); // stable
        }
        let query: Vec<&str> = params.iter().map(|(_, p)| p.as_str()).collect();
        match (query.is_empty(), before.as_deref()) {
            (true, None | Some("")) => Ok(()),
            (true, Some(_)) => {
                uri.remove_query();
                Ok(())
            }
            (false, _) => uri.set_query(&query.join("&")),
        }
    }
}

impl LineOp for Set {
    fn line(&self, n: u64, bytes: Line<'_>, out: &mut String, err: &mut String) -> bool {
        let ok = match line::parse(bytes, &mut String::new()) {
            Ok(uri) => {
                let mut buf = uri.to_buf();
                match self.apply(&mut buf) {
                    Ok(()) => {
                        out.push_str(buf.as_str());
                        true
                    }
                    Err(e) => {
                        diagnostic(err, "", n, 0, format_args!("set: {e}"));
                        false
                    }
                }
            }
            Err(e) => {
                diagnostic(err, "", n, e.index(), e);
                false
            }
        };
        out.push('\n');
        ok
    }
}

/// The canonical-form options of `normalize`, applied to the normal form.
#[derive(Clone, Debug, Default)]
pub struct Canon {
    /// Sort the query's parameters by key (stable: equal keys keep their order).
    pub sort_query: bool,
    /// Drop the parameters with these names (decoded); a trailing `*` matches a prefix.
    pub drop_query: Vec<String>,
    /// Drop the fragment.
    pub drop_fragment: bool,
}

impl Canon {
    /// Whether any option is on (the plain normalization needs no second pass).
    pub fn is_active(&self) -> bool {
        self.sort_query || !self.drop_query.is_empty() || self.drop_fragment
    }

    fn drops(&self, key: pct::Decoded<'_>) -> bool {
        self.drop_query
            .iter()
            .any(|pattern| match pattern.strip_suffix('*') {
                Some(prefix) => key.to_string().starts_with(prefix),
                None => key == pattern.as_str(),
            })
    }

    /// Rewrites the normal form `normal` into `out`: the text before the query, the kept
    /// parameters (sorted if asked; no `?` when none is left), the fragment unless dropped.
    pub fn apply(&self, normal: &str, out: &mut String) {
        let Ok(uri) = UriRef::parse(normal) else {
            out.push_str(normal); // a normal form re-parses; kept as it is otherwise
            return;
        };
        let before_query = uri.span(Component::Path).map_or(0, |r| r.end);
        out.push_str(&normal[..before_query]);
        if let Some(query) = uri.query() {
            let mut params: Vec<&str> = query
                .split('&')
                .filter(|p| !p.is_empty())
                .filter(|p| match pct::query_pairs(p).plus_as_space(true).next() {
                    Some((key, _)) => !self.drops(key),
                    None => true,
                })
                .collect();
            if self.sort_query {
                params.sort_by_key(|p| p.split('=').next().unwrap_or(""));
            }
            if !params.is_empty() || (query.is_empty() && self.drop_query.is_empty()) {
                out.push('?');
                out.push_str(&params.join("&"));
            }
        }
        if let (Some(fragment), false) = (uri.fragment(), self.drop_fragment) {
            out.push('#');
            out.push_str(fragment);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn canon(c: &Canon, s: &str) -> String {
        let mut out = String::new();
        c.apply(s, &mut out);
        out
    }

    #[test]
    fn canonical_forms() {
        let all = Canon {
            sort_query: true,
            drop_query: vec!["utm_*".into(), "fbclid".into()],
            drop_fragment: true,
        };
        assert_eq!(
            canon(&all, "http://h/p?b=2&utm_source=x&a=1&b=1&fbclid=z#f"),
            "http://h/p?a=1&b=2&b=1"
        );
        assert_eq!(canon(&all, "http://h/p?utm_x=1#f"), "http://h/p");
        assert_eq!(canon(&all, "http://h/p?fbclid2=1"), "http://h/p?fbclid2=1");
        let sort = Canon {
            sort_query: true,
            ..Canon::default()
        };
        assert_eq!(canon(&sort, "http://h/?z&y=1&&x#f"), "http://h/?x&y=1&z#f");
        assert_eq!(canon(&sort, "http://h/?"), "http://h/?");
        assert!(!Canon::default().is_active());
    }

    fn edit(q: QueryEdits, uri: &str) -> String {
        let mut buf = UriBuf::parse(uri).unwrap();
        q.apply(&mut buf).unwrap();
        buf.into_string()
    }

    fn edits(set: &[&str], append: &[&str], remove: &[&str], sort: bool) -> QueryEdits {
        let v = |x: &[&str]| x.iter().map(|s| s.to_string()).collect();
        QueryEdits::new(v(set), v(append), v(remove), sort).unwrap()
    }

    #[test]
    fn query_edits_parameter_by_parameter() {
        let u = "https://h/s?utm_source=x&q=old&b=1&q=dup#top";
        assert_eq!(
            edit(edits(&["q=rust uri&co"], &[], &["utm_*"], false), u),
            "https://h/s?q=rust+uri%26co&b=1#top"
        );
        assert_eq!(
            edit(edits(&[], &["tag=a", "tag=é"], &[], false), "https://h/s"),
            "https://h/s?tag=a&tag=%C3%A9"
        );
        assert_eq!(
            edit(edits(&["new=1"], &[], &[], true), u),
            "https://h/s?b=1&new=1&q=old&q=dup&utm_source=x#top"
        );
        // Everything removed: no query left; an empty one with nothing to do stays.
        assert_eq!(edit(edits(&[], &[], &["*"], false), u), "https://h/s#top");
        assert_eq!(
            edit(edits(&[], &[], &["x"], true), "http://h/?"),
            "http://h/?"
        );
        // Names compare decoded: `a+b` and `a%20b` are the name "a b".
        assert_eq!(
            edit(
                edits(&[], &[], &["a b"], false),
                "http://h/?a+b=1&a%20b=2&c=3"
            ),
            "http://h/?c=3"
        );
        // What is set decodes back exactly through the library's query pairs.
        let out = edit(edits(&["k=a=b&c+d %"], &[], &[], false), "http://h/");
        let uri = UriRef::parse(&out).unwrap();
        let (k, v) = pct::query_pairs(uri.query().unwrap())
            .plus_as_space(true)
            .next()
            .unwrap();
        assert_eq!(
            (k.to_string(), v.to_string()),
            ("k".into(), "a=b&c+d %".into())
        );
        assert!(QueryEdits::new(vec!["novalue".into()], vec![], vec![], false).is_err());
    }

    #[test]
    fn assignments_name_a_component() {
        assert_eq!(
            Part::assignment("host=example.com"),
            Some((Part::Host, "example.com"))
        );
        assert_eq!(Part::assignment("query=a=b"), Some((Part::Query, "a=b")));
        assert_eq!(Part::assignment("http://h/?host=x"), None);
        assert_eq!(Part::assignment("hots=x"), None);
    }
}
