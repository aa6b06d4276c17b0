//! `urilex get TEMPLATE`: one line per input, the template with each `{field}` replaced by
//! that part of the URI (as trurl's `--get` and adaparse's `-g` do).

use std::fmt::Write as _;

use urilex::{canon, pct, UriRef};

use crate::line::{self, Line};
use crate::ops::diagnostic;
use crate::stream::LineOp;

/// The fields a template may name.
const FIELDS: &str = "scheme, userinfo, host, port, path, query, fragment, authority, url, \
                      port_or_default, query:NAME, surt, registrable_domain, public_suffix";

/// One piece of a compiled template.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Piece {
    Text(String),
    Scheme,
    Userinfo,
    Host,
    Port,
    Path,
    Query,
    Fragment,
    Authority,
    Url,
    PortOrDefault,
    /// The decoded value of the first parameter of that name (`+` as space, form data).
    QueryParam(String),
    /// The URI's SURT (`urilex::canon::surt`).
    Surt,
    /// The host's registrable domain by the Public Suffix List.
    RegistrableDomain,
    /// The host's public suffix.
    PublicSuffix,
}

/// A compiled template.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Template(Vec<Piece>);

impl Template {
    /// Compiles `{field}` references; `{{` and `}}` are literal braces.
    pub fn parse(template: &str) -> Result<Self, String> {
        let mut pieces = Vec::new();
        let mut text = String::new();
        let mut chars = template.char_indices().peekable();
        while let Some((i, c)) = chars.next() {
            match c {
                '{' if chars.peek().map(|&(_, c)| c) == Some('{') => {
                    chars.next();
                    text.push('{');
                }
                '}' if chars.peek().map(|&(_, c)| c) == Some('}') => {
                    chars.next();
                    text.push('}');
                }
                '{' => {
                    let rest = &template[i + 1..];
                    let Some(end) = rest.find('}') else {
                        return Err(format!(
                            "template: '{{' at byte {i} is not closed (write '{{{{' for a brace)"
                        ));
                    };
                    let name = &rest[..end];
                    let piece = match name {
                        "scheme" => Piece::Scheme,
                        "userinfo" => Piece::Userinfo,
                        "host" => Piece::Host,
                        "port" => Piece::Port,
                        "path" => Piece::Path,
                        "query" => Piece::Query,
                        "fragment" => Piece::Fragment,
                        "authority" => Piece::Authority,
                        "url" => Piece::Url,
                        "port_or_default" => Piece::PortOrDefault,
                        "surt" => Piece::Surt,
                        "registrable_domain" => Piece::RegistrableDomain,
                        "public_suffix" => Piece::PublicSuffix,
                        _ => match name.strip_prefix("query:") {
                            Some(param) if !param.is_empty() => Piece::QueryParam(param.to_owned()),
                            _ => {
                                return Err(format!(
                                    "template: unknown field {{{name}}}; the fields are {FIELDS}"
                                ))
                            }
                        },
                    };
                    if !text.is_empty() {
                        pieces.push(Piece::Text(std::mem::take(&mut text)));
                    }
                    pieces.push(piece);
                    for _ in 0..=name.chars().count() {
                        chars.next();
                    }
                }
                '}' => {
                    return Err(format!(
                        "template: '}}' at byte {i} has no '{{' (write '}}}}' for a brace)"
                    ))
                }
                c => text.push(c),
            }
        }
        if !text.is_empty() {
            pieces.push(Piece::Text(text));
        }
        Ok(Template(pieces))
    }

    /// Writes the template for `uri`; an absent component is empty.
    pub fn render(&self, uri: &UriRef<'_>, out: &mut String) {
        for piece in &self.0 {
            let text = match piece {
                Piece::Text(t) => Some(t.as_str()),
                Piece::Scheme => uri.scheme(),
                Piece::Userinfo => uri.userinfo(),
                Piece::Host => uri.host(),
                Piece::Port => uri.port(),
                Piece::Path => Some(uri.path()),
                Piece::Query => uri.query(),
                Piece::Fragment => uri.fragment(),
                Piece::Authority => uri.authority(),
                Piece::Url => Some(uri.as_str()),
                Piece::PortOrDefault => {
                    if let Some(port) = uri.port_or_default() {
                        let _ = write!(out, "{port}");
                    }
                    None
                }
                Piece::QueryParam(name) => {
                    let found = uri.query().and_then(|q| {
                        pct::query_pairs(q)
                            .plus_as_space(true)
                            .find(|(k, _)| *k == name.as_str())
                    });
                    if let Some((_, value)) = found {
                        let _ = write!(out, "{value}");
                    }
                    None
                }
                Piece::Surt => {
                    if let Ok(key) = canon::surt(uri.as_str()) {
                        out.push_str(&key);
                    }
                    None
                }
                Piece::RegistrableDomain | Piece::PublicSuffix => {
                    let host = uri.host().unwrap_or_default();
                    let key = if *piece == Piece::PublicSuffix {
                        canon::public_suffix(host)
                    } else {
                        canon::registrable_domain(host)
                    };
                    out.push_str(key.as_deref().unwrap_or(""));
                    None
                }
            };
            out.push_str(text.unwrap_or(""));
        }
    }
}

/// `urilex get`: the template per valid line; an invalid line gives an empty output line
/// (so the output stays aligned with the input) and `LINE:BYTE: message` on stderr.
pub struct Get {
    /// The compiled template.
    pub template: Template,
}

impl Template {
    /// Whether the template names a field of the authority (`{host}`, `{authority}`,
    /// `{port_or_default}`, ...).
    fn names_the_authority(&self) -> bool {
        self.0.iter().any(|p| {
            matches!(
                p,
                Piece::Host
                    | Piece::Authority
                    | Piece::Userinfo
                    | Piece::Port
                    | Piece::PortOrDefault
            )
        })
    }
}

/// Why a reference that looks like a host name (`example.com`, `example.com:8080/a`) has no
/// host: without a scheme and `//` it is a relative path (RFC 3986 §4.2). `None` for the
/// references that have an authority, or do not look like that.
fn no_host_note(uri: &UriRef<'_>) -> Option<String> {
    if uri.authority().is_some() {
        return None;
    }
    if let Some(scheme) = uri.scheme() {
        // `example.com:8080` is the scheme "example.com" and the path "8080".
        let text = uri.as_str();
        return scheme.contains('.').then(|| {
            format!(
                "note: no host: {text:?} reads as the scheme {scheme:?} (RFC 3986 section \
                 3.1); write http://{text} for a host"
            )
        });
    }
    let path = uri.path();
    let first = path.split('/').next().unwrap_or("");
    let host = first.split(':').next().unwrap_or("");
    let looks_like_a_host = host.contains('.')
        && !host.starts_with('.')
        && host
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'.' || b == b'-')
        && host.bytes().last().is_some_and(|b| b.is_ascii_alphabetic());
    looks_like_a_host.then(|| {
        format!(
            "note: no host: {path:?} has no scheme and no \"//\", so it is a relative path \
             (RFC 3986 section 4.2); write http://{path} or //{path} for a host"
        )
    })
}

impl LineOp for Get {
    fn line(&self, n: u64, bytes: Line<'_>, out: &mut String, err: &mut String) -> bool {
        let ok = match line::parse(bytes, &mut String::new()) {
            Ok(uri) => {
                self.template.render(&uri, out);
                if self.template.names_the_authority() {
                    if let Some(note) = no_host_note(&uri) {
                        diagnostic(err, "", n, 0, note);
                    }
                }
                true
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

#[cfg(test)]
mod tests {
    use super::*;

    fn get(template: &str, uri: &str) -> String {
        let mut out = String::new();
        Template::parse(template)
            .unwrap()
            .render(&UriRef::parse(uri).unwrap(), &mut out);
        out
    }

    #[test]
    fn a_host_name_without_scheme_gets_a_note() {
        let note = |s: &str| no_host_note(&UriRef::parse(s).unwrap());
        let n = note("example.com").unwrap();
        assert!(
            n.contains("http://example.com") && n.contains("relative path"),
            "{n}"
        );
        let n = note("example.com:8080").unwrap();
        assert!(n.contains("the scheme \"example.com\""), "{n}");
        for none in [
            "http://example.com",
            "//example.com",
            "/a/b",
            "a/b",
            "index.html5",
            "../x.y",
            "mailto:a@b.c",
        ] {
            assert_eq!(note(none), None, "{none}");
        }
    }

    #[test]
    fn fields_braces_and_absent_components() {
        let u = "https://me@example.com:8443/a/b?x=1&q=a+b%21&q=2#top";
        assert_eq!(
            get("{scheme}|{userinfo}|{host}|{port}|{path}", u),
            "https|me|example.com|8443|/a/b"
        );
        assert_eq!(
            get("{query}|{fragment}|{authority}", u),
            "x=1&q=a+b%21&q=2|top|me@example.com:8443"
        );
        assert_eq!(
            get("{query:q}/{query:none}/{{host}}/{url}", u),
            format!("a b!//{{host}}/{u}")
        );
        assert_eq!(
            get("{port_or_default} {port_or_default}", "http://h/"),
            "80 80"
        );
        assert_eq!(
            get("[{port}][{query}][{fragment}][{port_or_default}]", "urn:x"),
            "[][][][]"
        );
        for bad in ["{hots}", "{host", "a}b", "{query:}"] {
            assert!(Template::parse(bad).is_err(), "{bad}");
        }
        assert_eq!(get("é{host}ü", "//h"), "éhü");
    }
}
