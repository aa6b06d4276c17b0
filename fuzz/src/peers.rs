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
