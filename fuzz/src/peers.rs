//! Differential checks against two independent RFC 3986 parsers: fluent-uri 0.4 and
//! iri-string 0.7. Each disagreement is either a bug or a difference documented here with the
//! RFC section that decides it ([`KNOWN`]).

use fluent_uri::component::Host as FHost;
use iri_string::types::UriReferenceStr;
use urilex::{Host, UriRef};

/// What one parser says about one string: `None` when it refuses it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Parts {
    pub scheme: Option<String>,
    pub authority: Option<String>,
    pub userinfo: Option<String>,
    pub host: Option<String>,
    pub port: Option<String>,
    pub path: String,
    pub query: Option<String>,
    pub fragment: Option<String>,
    /// `ipv4`, `ipv6`, `ipvfuture`, `regname`; `None` where the parser does not say.
    pub host_kind: Option<&'static str>,
}

fn own(s: Option<&str>) -> Option<String> {
    s.map(str::to_owned)
}

/// urilex.
pub fn ours(s: &str) -> Option<Parts> {
    let u = UriRef::parse(s).ok()?;
    Some(Parts {
        scheme: own(u.scheme()),
        authority: own(u.authority()),
        userinfo: own(u.userinfo()),
        host: own(u.host()),
        port: own(u.port()),
        path: u.path().to_owned(),
        query: own(u.query()),
        fragment: own(u.fragment()),
        host_kind: u.host_parsed().map(|h| match h {
            Host::Ipv4(_) => "ipv4",
            Host::Ipv6(_) => "ipv6",
            Host::IpvFuture(_) => "ipvfuture",
            Host::RegName(_) => "regname",
        }),
    })
}

/// fluent-uri 0.4.
pub fn fluent(s: &str) -> Option<Parts> {
    let u = fluent_uri::UriRef::parse(s).ok()?;
    let auth = u.authority();
    Some(Parts {
        scheme: u.scheme().map(|x| x.as_str().to_owned()),
        authority: auth.map(|a| a.as_str().to_owned()),
        userinfo: auth
            .and_then(|a| a.userinfo())
            .map(|x| x.as_str().to_owned()),
        host: auth.map(|a| a.host().to_owned()),
        port: auth.and_then(|a| a.port()).map(|x| x.as_str().to_owned()),
        path: u.path().as_str().to_owned(),
        query: u.query().map(|x| x.as_str().to_owned()),
        fragment: u.fragment().map(|x| x.as_str().to_owned()),
        host_kind: auth.map(|a| match a.host_parsed() {
            FHost::Ipv4 { .. } => "ipv4",
            FHost::Ipv6 { .. } => "ipv6",
            FHost::IpvFuture { .. } => "ipvfuture",
            _ => "regname",
        }),
    })
}

/// iri-string 0.7 (it does not classify hosts).
pub fn iri(s: &str) -> Option<Parts> {
    let u = UriReferenceStr::new(s).ok()?;
    let auth = u.authority_components();
    Some(Parts {
        scheme: own(u.scheme_str()),
        authority: own(u.authority_str()),
        userinfo: own(auth.as_ref().and_then(|a| a.userinfo())),
        host: auth.as_ref().map(|a| a.host().to_owned()),
        port: own(auth.as_ref().and_then(|a| a.port())),
        path: u.path_str().to_owned(),
        query: own(u.query_str()),
        fragment: own(u.fragment_str()),
        host_kind: None,
    })
}

/// A documented difference: which peer, a predicate on the input, and why (RFC section).
pub struct Known {
    pub peer: &'static str,
    pub applies: fn(&str) -> bool,
    pub why: &'static str,
}

/// Every documented difference. Empty entries would mean "none known"; each entry names
/// the RFC section that makes urilex's answer the right one.
pub const KNOWN: &[Known] = &[];

/// The documented difference that explains a disagreement with `peer` on `s`, if any.
pub fn known(peer: &str, s: &str) -> Option<&'static str> {
    KNOWN
        .iter()
        .find(|k| k.peer == peer && (k.applies)(s))
        .map(|k| k.why)
}

/// Compares urilex with both peers on `s`. `Err` describes an undocumented disagreement.
pub fn compare_parse(s: &str) -> Result<(), String> {
    let us = ours(s);
    for (peer, theirs) in [("fluent-uri", fluent(s)), ("iri-string", iri(s))] {
        let agree = match (&us, &theirs) {
            (Some(a), Some(b)) => {
                let mut b = b.clone();
                if b.host_kind.is_none() {
                    b.host_kind = a.host_kind;
                }
                *a == b
            }
            (None, None) => true,
            _ => false,
        };
        if !agree && known(peer, s).is_none() {
            return Err(format!("{s:?}: urilex {us:?}\n  {peer} {theirs:?}"));
        }
    }
    Ok(())
}

/// A documented difference in resolution or normalization: which peer, what (the RFC
/// section that decides it), and how to recognize it from the peer's answer.
pub struct KnownOp {
    pub peer: &'static str,
    pub why: &'static str,
}

/// fluent-uri refuses a relative reference against a base with no authority and a rootless
/// path (`foo:a/b` + `../c`); RFC 3986 §5.2.2 defines the result and urilex follows it as
/// written (`foo:/c`, DESIGN.md).
pub const FLUENT_OPAQUE_BASE: KnownOp = KnownOp {
    peer: "fluent-uri",
    why: "RFC 3986 §5.2.2 resolves against any absolute base, rootless path included",
};

/// Both peers treat percent-encoded dots (`%2E`, `%2e`) as dot-segments when resolving.
/// RFC 3986 §5.2.4 removes the segments "." and ".." as written; `%2E` is the same character
/// only after normalization (§6.2.2.2), which resolution does not do (DESIGN.md). Checked by
/// resolving with the dots decoded: urilex then gives the peer's answer.
pub const PCT_DOTS: KnownOp = KnownOp {
    peer: "both",
    why: "RFC 3986 §5.2.4: only literal '.' and '..' segments are removed during resolution",
};

/// fluent-uri removes the dot-segments of the base path before merging, also when the
/// reference has no path (`http://a/b/../c` + `?q` → `http://a/c?q`). RFC 3986 §5.2.2 takes
/// the base path as written ("T.path = Base.path"; merge, §5.2.3, uses it too) and §5.2.1
/// leaves normalizing the base optional. Checked by resolving against the base with its
/// dot-segments removed: urilex then gives fluent-uri's answer.
pub const FLUENT_BASE_DOTS: KnownOp = KnownOp {
    peer: "fluent-uri",
    why: "RFC 3986 §5.2.2: the base path is used as written (normalizing the base is optional, §5.2.1)",
};

/// fluent-uri leaves the dot-segments of a reference with a scheme and a rootless path
/// (`http:./a` stays `http:./a`). RFC 3986 §5.2.2: "if defined(R.scheme) then ... T.path =
/// remove_dot_segments(R.path)", which gives `http:a` (DESIGN.md: `s:./x` → `s:x`). Checked:
/// fluent-uri's output is the reference as written.
pub const FLUENT_SCHEME_ROOTLESS: KnownOp = KnownOp {
    peer: "fluent-uri",
    why: "RFC 3986 §5.2.2: a reference with a scheme has its dot-segments removed, rootless too",
};

/// iri-string fails when the result has no authority and a path starting with "//" (it cannot
/// be written as RFC 3986 §5.3 recomposes it); urilex writes "/." before such a path
/// (DESIGN.md), which re-parses to the same components.
pub const IRI_NOT_SERIALIZABLE: KnownOp = KnownOp {
    peer: "iri-string",
    why: "RFC 3986 §5.3 output that would read as an authority gets a '/.' prefix",
};

/// The base without its fragment (RFC 3986 §5.1: a base's fragment is not used).
fn without_fragment(s: &str) -> &str {
    s.split_once('#').map_or(s, |(b, _)| b)
}

/// `s` with the path segments that are "." or ".." once `%2E`/`%2e` is decoded written as
/// literal dots (the segments the peers take as dot-segments); other text is unchanged.
fn decode_dots(s: &str) -> String {
    let Ok(u) = UriRef::parse(s) else {
        return s.to_owned();
    };
    let path: Vec<String> = u
        .path()
        .split('/')
        .map(|seg| {
            let d = seg.replace("%2E", ".").replace("%2e", ".");
            if d == "." || d == ".." {
                d
            } else {
                seg.to_owned()
            }
        })
        .collect();
    let path = path.join("/");
    urilex::recompose(u.scheme(), u.authority(), &path, u.query(), u.fragment()).to_string()
}

/// urilex's strict resolution as a string (both must parse; the base must have a scheme).
fn ours_resolved(base: &str, reference: &str) -> Option<String> {
    let (b, r) = (UriRef::parse(base).ok()?, UriRef::parse(reference).ok()?);
    Some(r.resolve(&b).ok()?.to_string())
}

/// `base` with the dot-segments of its path removed (RFC 3986 §5.2.4).
fn base_without_dots(base: &str) -> Option<String> {
    let b = UriRef::parse(base).ok()?;
    let mut path = String::new();
    urilex::remove_dot_segments(b.path(), &mut path).ok()?;
    if b.authority().is_none() && path.starts_with("//") {
        path.insert_str(0, "/."); // as resolution writes it (§5.3, DESIGN.md)
    }
    let r = urilex::recompose(b.scheme(), b.authority(), &path, b.query(), None);
    Some(r.to_string())
}

/// Why `peer`'s answer `theirs` for `base` + `reference` differs from urilex's, if documented:
/// each explanation is checked, not assumed.
fn explain(peer: &str, base: &str, reference: &str, theirs: &str) -> Option<&'static KnownOp> {
    let dots = ours_resolved(&decode_dots(base), &decode_dots(reference));
    if dots.as_deref() == Some(theirs) {
        return Some(&PCT_DOTS);
    }
    if peer == "fluent-uri" {
        let r = UriRef::parse(reference).ok()?;
        if r.scheme().is_some() && !r.path().starts_with('/') && theirs == reference {
            return Some(&FLUENT_SCHEME_ROOTLESS);
        }
        let clean = base_without_dots(base)?;
        let candidates = [
            ours_resolved(&clean, reference),
            base_without_dots(&decode_dots(base))
                .and_then(|b| ours_resolved(&b, &decode_dots(reference))),
        ];
        if candidates.iter().any(|c| c.as_deref() == Some(theirs)) {
            return Some(&FLUENT_BASE_DOTS);
        }
    }
    None
}

/// Resolution (strict, RFC 3986 §5.2) of `reference` against `base` by urilex, fluent-uri and
/// iri-string. Compared when both parse and the base has a scheme. `Ok(Some(known))` when
/// an output differs in a documented way.
pub fn compare_resolve(base: &str, reference: &str) -> Result<Option<&'static KnownOp>, String> {
    let (Ok(b), Ok(r)) = (UriRef::parse(base), UriRef::parse(reference)) else {
        return Ok(None);
    };
    if b.scheme().is_none() {
        return Ok(None);
    }
    let ours = r
        .resolve(&b)
        .map_err(|e| format!("{base:?} + {reference:?}: {e}"))?
        .to_string();
    // The writers without the view (the unprepared base of `join_into`, the prepared one of
    // `resolve_str_into`) write what the view writes.
    let mut joined = String::new();
    b.join_into(reference, &mut joined)
        .map_err(|e| format!("{base:?} + {reference:?}: join_into: {e}"))?;
    let mut prepared = String::new();
    urilex::Base::new(b)
        .map_err(|e| format!("{base:?}: {e}"))?
        .resolve_str_into(reference, &mut prepared)
        .map_err(|e| format!("{base:?} + {reference:?}: resolve_str_into: {e}"))?;
    if joined != ours || prepared != ours {
        return Err(format!(
            "{base:?} + {reference:?}: view {ours:?}, join_into {joined:?}, resolve_str_into {prepared:?}"
        ));
    }
    let base_abs = without_fragment(base);
    let mut known = None;

    // fluent-uri
    let fb = fluent_uri::Uri::parse(base_abs).map_err(|e| format!("fluent base: {e}"))?;
    let fr = fluent_uri::UriRef::parse(reference).map_err(|e| format!("fluent ref: {e}"))?;
    match fr.resolve_against(&fb) {
        Ok(t) if t.as_str() == ours => {}
        Err(fluent_uri::resolve::ResolveError::InvalidReferenceAgainstOpaqueBase) => {
            known = Some(&FLUENT_OPAQUE_BASE)
        }
        Ok(t) => match explain("fluent-uri", base_abs, reference, t.as_str()) {
            Some(k) => known = Some(k),
            None => {
                return Err(format!(
                    "{base:?} + {reference:?}: urilex {ours:?}, fluent-uri {:?}",
                    t.as_str()
                ))
            }
        },
        Err(e) => {
            return Err(format!(
                "{base:?} + {reference:?}: urilex {ours:?}, fluent-uri {e}"
            ))
        }
    }

    // iri-string
    let ib = iri_string::types::UriAbsoluteStr::new(base_abs)
        .map_err(|e| format!("iri-string base: {e}"))?;
    let ir = UriReferenceStr::new(reference).map_err(|e| format!("iri-string ref: {e}"))?;
    let out = ir.resolve_against(ib);
    match out.ensure_rfc3986_normalizable() {
        Ok(()) => {
            let theirs = out.to_string();
            if theirs != ours {
                match explain("iri-string", base_abs, reference, &theirs) {
                    Some(k) => known = known.or(Some(k)),
                    None => {
                        return Err(format!(
                            "{base:?} + {reference:?}: urilex {ours:?}, iri-string {theirs:?}"
                        ))
                    }
                }
            }
        }
        Err(_) => {
            // Ours must be the "/." form that iri-string cannot produce.
            // Or iri-string decoded "%2E" segments (PCT_DOTS) and then hit that case.
            let guarded = |t: &str| {
                UriRef::parse(t).is_ok_and(|u| !u.has_authority() && u.path().starts_with("/.//"))
            };
            if guarded(&ours) {
                known = known.or(Some(&IRI_NOT_SERIALIZABLE));
            } else if ours_resolved(&decode_dots(base_abs), &decode_dots(reference))
                .is_some_and(|t| guarded(&t))
            {
                known = known.or(Some(&PCT_DOTS));
            } else {
                return Err(format!(
                    "{base:?} + {reference:?}: iri-string refuses, urilex {ours:?}"
                ));
            }
        }
    }
    Ok(known)
}

/// Syntax-based normalization (RFC 3986 §6.2.2) of an absolute URI by urilex and iri-string.
/// (fluent-uri's `normalize` goes further on purpose: RFC 5952 IPv6 text, default ports,
/// percent-encoded dot-segments; it is not compared.) `Ok(true)` when compared.
pub fn compare_normalize(s: &str) -> Result<bool, String> {
    // iri-string normalizes URIs (a scheme is required), not relative references.
    let Ok(u) = UriRef::parse_uri(s) else {
        return Ok(false);
    };
    let Ok(theirs) = iri_string::types::UriStr::new(s) else {
        return Err(format!("{s:?}: iri-string refuses a URI urilex accepts"));
    };
    let n = theirs.normalize();
    if n.ensure_rfc3986_normalizable().is_err() {
        return Ok(false); // the "/." case, as for resolution (IRI_NOT_SERIALIZABLE)
    }
    let (ours, theirs) = (u.normalized().to_string(), n.to_string());
    if ours == theirs || norm_known(&u, &ours, &theirs).is_some() {
        return Ok(true);
    }
    Err(format!(
        "{s:?}: urilex normalizes to {ours:?}, iri-string to {theirs:?}"
    ))
}

/// iri-string drops the `:` of an empty port in syntax-based normalization. RFC 3986 puts
/// that under scheme-based normalization (§6.2.3: "normalizers should not remove delimiters
/// when their associated component is empty unless licensed to do so by the scheme
/// specification"; §3.2.3), which urilex does at `Normalization::SchemeBased` for the schemes
/// it knows. Checked by normalizing the URI without the `:`: urilex then gives iri-string's
/// answer.
pub const IRI_EMPTY_PORT: KnownOp = KnownOp {
    peer: "iri-string",
    why: "RFC 3986 §6.2.3: an empty port's ':' is removed only by scheme-based normalization",
};

/// iri-string keeps the case of a reg-name that holds percent-encoded non-ASCII octets
/// (`Alpha%CE%B1`). RFC 3986 §6.2.2.1: "the scheme and host are case-insensitive and
/// therefore should be normalized to lowercase". Checked: the two differ only in the case of
/// the host's letters.
pub const IRI_HOST_CASE: KnownOp = KnownOp {
    peer: "iri-string",
    why: "RFC 3986 §6.2.2.1: the host is normalized to lowercase",
};

/// The documented normalization difference that explains `theirs`, if any (checked).
pub fn norm_known(u: &UriRef<'_>, ours: &str, theirs: &str) -> Option<&'static KnownOp> {
    if u.port() == Some("") {
        let host_end = u.span(urilex::Component::Port)?.start - 1;
        let s = u.as_str();
        let without = format!("{}{}", &s[..host_end], &s[host_end + 1..]);
        let w = UriRef::parse(&without).ok()?;
        let again = w.normalized().to_string();
        if again == theirs || norm_known(&w, &again, theirs).is_some() {
            return Some(&IRI_EMPTY_PORT);
        }
    }
    let host = u.host()?;
    let non_ascii_pct = host
        .as_bytes()
        .windows(3)
        .any(|w| w[0] == b'%' && matches!(w[1], b'8'..=b'9' | b'a'..=b'f' | b'A'..=b'F'));
    if non_ascii_pct && ours.len() == theirs.len() && ours.eq_ignore_ascii_case(theirs) {
        let (o, t) = (UriRef::parse(ours).ok()?, UriRef::parse(theirs).ok()?);
        let rest = |x: UriRef<'_>| {
            let own = |c: Option<&str>| c.map(str::to_owned);
            (
                own(x.scheme()),
                own(x.userinfo()),
                own(x.port()),
                x.path().to_owned(),
                own(x.query()),
                own(x.fragment()),
            )
        };
        if rest(o) == rest(t) {
            return Some(&IRI_HOST_CASE);
        }
    }
    None
}
