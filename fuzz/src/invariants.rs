//! Invariants of urilex's own API that must hold for every input. Each check returns
//! `Err(description)` instead of panicking, so that a test can name the input.

use urilex::{recompose, Component, Host, UriRef};

const COMPONENTS: [Component; 8] = [
    Component::Scheme,
    Component::Authority,
    Component::Userinfo,
    Component::Host,
    Component::Port,
    Component::Path,
    Component::Query,
    Component::Fragment,
];

/// Fails with a message when `cond` does not hold.
macro_rules! ensure {
    ($cond:expr, $($msg:tt)+) => {
        if !$cond {
            return Err(format!($($msg)+));
        }
    };
}

/// The components of a reference, for comparing two parses.
pub fn components<'a>(u: &UriRef<'a>) -> [Option<&'a str>; 8] {
    COMPONENTS.map(|c| u.get(c))
}

/// Everything about parsing one string:
/// - an error points inside the input (or at its end);
/// - `parse(Display(x)) == x`, component by component, and §5.3 recomposition of the
///   components gives the input back;
/// - each accessor is the text of its span, spans lie in order inside the input;
/// - the four grammar rules agree with each other (URI = URI-reference with a scheme,
///   absolute-URI = URI without fragment, relative-ref = URI-reference without scheme);
/// - the byte API agrees with the text API;
/// - an IPv4/IPv6 host prints back as its address; `redacted()` parses with the same
///   components except the password; a rare IPv4 host is never an `IPv4address`.
pub fn check_parse(s: &str) -> Result<(), String> {
    let parsed = UriRef::parse(s);
    ensure!(
        UriRef::parse_bytes(s.as_bytes()) == parsed,
        "parse_bytes differs from parse"
    );
    let uri = match parsed {
        Err(e) => {
            ensure!(
                e.index() <= s.len(),
                "error index {} past the end",
                e.index()
            );
            ensure!(
                UriRef::parse_uri(s).is_err()
                    && UriRef::parse_absolute(s).is_err()
                    && UriRef::parse_relative(s).is_err(),
                "a stricter rule accepts what URI-reference refuses ({e})"
            );
            let _ = e.to_string();
            return Ok(());
        }
        Ok(uri) => uri,
    };
    let text = uri.to_string();
    ensure!(text == s, "Display is {text:?}");
    let again = UriRef::parse(&text).map_err(|e| format!("Display does not re-parse: {e}"))?;
    ensure!(
        components(&again) == components(&uri),
        "re-parse changes components"
    );
    let rebuilt = recompose(
        uri.scheme(),
        uri.authority(),
        uri.path(),
        uri.query(),
        uri.fragment(),
    )
    .to_string();
    ensure!(rebuilt == s, "§5.3 recomposition gives {rebuilt:?}");

    let mut last_end = 0;
    for c in COMPONENTS {
        let (span, text) = (uri.span(c), uri.get(c));
        ensure!(
            span.clone().and_then(|r| s.get(r)) == text,
            "{c}: accessor and span disagree"
        );
        if let Some(r) = span {
            ensure!(r.start <= r.end && r.end <= s.len(), "{c}: span {r:?}");
            if !matches!(c, Component::Userinfo | Component::Host | Component::Port) {
                ensure!(r.start >= last_end, "{c}: span {r:?} before {last_end}");
                last_end = r.end;
            }
        }
    }
    ensure!(
        uri.path() == &s[uri.span(Component::Path).unwrap_or(0..0)],
        "path"
    );

    let as_uri = UriRef::parse_uri(s);
    ensure!(
        as_uri.is_ok() == uri.scheme().is_some(),
        "parse_uri disagrees with the scheme"
    );
    ensure!(
        UriRef::parse_absolute(s).is_ok() == (uri.scheme().is_some() && uri.fragment().is_none()),
        "parse_absolute disagrees"
    );
    ensure!(
        UriRef::parse_relative(s).is_ok() == uri.scheme().is_none(),
        "parse_relative disagrees"
    );
    for other in [as_uri, UriRef::parse_absolute(s), UriRef::parse_relative(s)]
        .into_iter()
        .flatten()
    {
        ensure!(
            components(&other) == components(&uri),
            "rules split differently"
        );
    }

    match uri.host_parsed() {
        Some(Host::Ipv4(a)) => {
            ensure!(Some(a.to_string().as_str()) == uri.host(), "IPv4 {a}");
            ensure!(
                uri.rare_ipv4_host().is_none(),
                "IPv4address flagged as rare"
            );
        }
        Some(Host::Ipv6(a)) => {
            let host = uri.host().unwrap_or_default();
            let inner = host
                .get(1..host.len().saturating_sub(1))
                .unwrap_or_default();
            ensure!(
                inner.parse::<std::net::Ipv6Addr>() == Ok(a),
                "IPv6 {a} from {host:?}"
            );
        }
        _ => {}
    }
    if let Some(port) = uri.port_u16() {
        ensure!(
            uri.port().and_then(|p| p.parse::<u16>().ok()) == Some(port),
            "port_u16"
        );
    }

    let red = uri.redacted().to_string();
    let r = UriRef::parse(&red).map_err(|e| format!("redacted {red:?} does not parse: {e}"))?;
    let (mut want, mut got) = (components(&uri), components(&r));
    // Userinfo and authority hold the password; compare the user part only.
    for c in [&mut want, &mut got] {
        c[1] = None;
        c[2] = c[2].map(|u| u.split(':').next().unwrap_or(u));
    }
    ensure!(
        want == got,
        "redacted changes more than the password: {red:?}"
    );
    if uri.redacted().hides_password() {
        ensure!(
            r.userinfo().map(|u| u.ends_with(":***")) == Some(true),
            "password not hidden: {red:?}"
        );
    } else {
        ensure!(red == s, "nothing to hide, but redacted is {red:?}");
    }
    Ok(())
}

/// The byte API on any bytes: valid UTF-8 is parsed as text; otherwise the error points at
/// or before the first invalid byte, and after any accepted prefix.
pub fn check_bytes(b: &[u8]) -> Result<(), String> {
    match std::str::from_utf8(b) {
        Ok(s) => check_parse(s),
        Err(utf8) => {
            let e = match UriRef::parse_bytes(b) {
                Ok(_) => return Err("invalid UTF-8 accepted".into()),
                Err(e) => e,
            };
            ensure!(
                e.index() <= utf8.valid_up_to(),
                "error at {} after the invalid byte at {}",
                e.index(),
                utf8.valid_up_to()
            );
            // The first non-ASCII byte is an error unless an earlier one was found.
            let first_non_ascii = b.iter().position(|c| !c.is_ascii()).unwrap_or(b.len());
            ensure!(
                e.index() <= first_non_ascii,
                "error at {} after the non-ASCII byte at {first_non_ascii}",
                e.index()
            );
            Ok(())
        }
    }
}
