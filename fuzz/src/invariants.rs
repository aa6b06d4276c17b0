//! Invariants of urilex's own API that must hold for every input. Each check returns
//! `Err(description)` instead of panicking, so that a test can name the input.

use urilex::{
    pct, recompose, Base, Component, Host, Mode, Normalization, ParseError, Resolver, UriBuf,
    UriRef,
};

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
    Component::ALL.map(|c| u.get(c))
}

/// Everything about parsing one string:
/// - an error points inside the input (or at its end);
/// - `parse(Display(x)) == x`, component by component, and §5.3 recomposition of the
///   components gives the input back;
/// - each accessor is the text of its span, spans lie in order inside the input;
/// - the four grammar rules agree with each other (URI = URI-reference with a scheme,
///   absolute-URI = URI without fragment, relative-ref = URI-reference without scheme);
/// - the byte API and validation agree with the text API, and so do the batch entries
///   (`parse_each`, `validate_each`, and their `_within` forms with the input as the buffer)
///   on the input's lines and on the pieces between its slashes;
/// - an IPv4/IPv6 host prints back as its address; `redacted()` parses with the same
///   components except the password; a rare IPv4 host is never an `IPv4address`.
pub fn check_parse<'s>(s: &'s str) -> Result<(), String> {
    let parsed = UriRef::parse(s);
    ensure!(
        UriRef::parse_bytes(s.as_bytes()) == parsed,
        "parse_bytes differs from parse"
    );
    ensure!(
        UriRef::validate(s) == parsed.map(|_| ()),
        "validate differs from parse"
    );
    // The batch entries, `parse_each` and `validate_each` and their forms for inputs in one
    // buffer (which read past each input's end), on the input's lines and on the pieces
    // between its slashes (followed by more of the input): what `parse` and `validate` say
    // of each piece.
    for sep in ['\n', '/'] {
        let pieces = || s.split(sep);
        let parsed_one: Vec<_> = pieces()
            .map(|l| (l, UriRef::parse(l).map(|u| components(&u))))
            .collect();
        let validated_one: Vec<_> = pieces().map(|l| (l, UriRef::validate(l))).collect();
        for within in [None, Some(s.as_bytes())] {
            let (mut parsed, mut validated) = (Vec::new(), Vec::new());
            let mut keep = |l: &'s str, r: Result<UriRef<'s>, ParseError>| {
                parsed.push((l, r.map(|u| components(&u))))
            };
            let mut keep_verdict = |l: &'s str, r| validated.push((l, r));
            match within {
                Some(buffer) => {
                    UriRef::parse_each_within(buffer, pieces(), &mut keep);
                    UriRef::validate_each_within(buffer, pieces(), &mut keep_verdict);
                }
                None => {
                    UriRef::parse_each(pieces(), &mut keep);
                    UriRef::validate_each(pieces(), &mut keep_verdict);
                }
            }
            let entry = if within.is_some() { "_within" } else { "" };
            ensure!(
                parsed == parsed_one,
                "parse_each{entry} differs from parse (pieces between {sep:?})"
            );
            ensure!(
                validated == validated_one,
                "validate_each{entry} differs from validate (pieces between {sep:?})"
            );
        }
    }
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
    for c in Component::ALL {
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
        // The parser checks an address by the DFA of tables/ip.abnf, `host_parsed` reads its
        // groups by hand: a literal one accepts and the other refuses would fall to here.
        Some(Host::RegName(h)) => ensure!(!h.starts_with('['), "IP literal {h:?} unread"),
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

/// Normalization (RFC 3986 §6.2.2, §6.2.3) of one reference, at both levels:
/// - the output parses and is a fixed point (normalizing it again changes nothing);
/// - the input is `normalized_eq` to its normalization;
/// - `Display` of the view and `to_normalized_string` agree.
pub fn check_normalize(s: &str) -> Result<(), String> {
    let Ok(uri) = UriRef::parse(s) else {
        return Ok(());
    };
    for level in [Normalization::Syntax, Normalization::SchemeBased] {
        let n = uri.normalized_with(level).to_string();
        let nu = UriRef::parse(&n).map_err(|e| format!("{level:?}: {n:?} does not parse: {e}"))?;
        let twice = nu.normalized_with(level).to_string();
        ensure!(twice == n, "{level:?} not idempotent: {n:?} then {twice:?}");
        ensure!(
            uri.normalized_eq_with(&nu, level) && nu.normalized_eq_with(&uri, level),
            "{level:?}: not normalized_eq to its normalization {n:?}"
        );
        if level == Normalization::Syntax {
            ensure!(uri.to_normalized_string() == n, "to_normalized_string");
        }
    }
    Ok(())
}

/// `normalized_eq` of two references is the equality of their normalized strings.
pub fn check_normalized_eq(a: &str, b: &str) -> Result<(), String> {
    let (Ok(ua), Ok(ub)) = (UriRef::parse(a), UriRef::parse(b)) else {
        return Ok(());
    };
    for level in [Normalization::Syntax, Normalization::SchemeBased] {
        let same = ua.normalized_with(level).to_string() == ub.normalized_with(level).to_string();
        ensure!(
            ua.normalized_eq_with(&ub, level) == same,
            "{level:?}: normalized_eq({a:?}, {b:?}) is {} but the strings say {same}",
            !same
        );
    }
    Ok(())
}

/// Percent-encoding (§2.1) of arbitrary bytes for one component:
/// - `decode(encode(x)) == x`, and the iterator, `Display` and `Cow` forms agree;
/// - the encoded text is valid where the component stands in a reference (for the components
///   whose grammar allows percent-encoding), with that exact text as the component.
pub fn check_pct(x: &[u8], c: Component) -> Result<(), String> {
    let enc = pct::encode(x, c).to_string();
    let chunks: String = pct::encode(x, c).collect();
    ensure!(
        chunks == enc,
        "{c}: encode iterator {chunks:?} vs Display {enc:?}"
    );
    let back: Vec<u8> = pct::decode(&enc).collect();
    ensure!(back == x, "{c}: decode(encode(x)) = {back:?}");
    ensure!(*pct::decode_bytes(&enc) == *x, "{c}: decode_bytes");
    // Decoding any text: the iterator and the Cow agree; the lossy form is the UTF-8 of it.
    let raw: Vec<u8> = pct::decode(x).collect();
    ensure!(*pct::decode_bytes(x) == *raw, "decode vs decode_bytes");
    if let Ok(text) = std::str::from_utf8(x) {
        let lossy = pct::decode_utf8_lossy(text);
        ensure!(
            *lossy == *String::from_utf8_lossy(&raw),
            "decode_utf8_lossy {lossy:?}"
        );
        ensure!(
            pct::decode_utf8(text).ok().map(|d| d.into_owned())
                == String::from_utf8(raw.clone()).ok(),
            "decode_utf8"
        );
    }
    let (text, range) = match c {
        Component::Userinfo => (format!("//{enc}@h"), 2..2 + enc.len()),
        Component::Host => (format!("//{enc}"), 2..2 + enc.len()),
        Component::Path => (format!("//h/{enc}"), 3..4 + enc.len()),
        Component::Query => (format!("?{enc}"), 1..1 + enc.len()),
        Component::Fragment => (format!("#{enc}"), 1..1 + enc.len()),
        // A scheme or port cannot hold "%XX"; an authority's "@" and "[" are structure.
        _ => return Ok(()),
    };
    let u = UriRef::parse(&text).map_err(|e| format!("{c}: {text:?} does not parse: {e}"))?;
    ensure!(
        u.span(c) == Some(range),
        "{c}: {text:?} splits as {:?}",
        u.span(c)
    );
    Ok(())
}

/// One edit of a [`UriBuf`], as the fuzzer chooses it.
#[derive(Clone, Debug)]
pub enum Edit {
    Scheme(String),
    RemoveScheme,
    Userinfo(String),
    RemoveUserinfo,
    Host(String),
    RemoveAuthority,
    Port(String),
    PortU16(u16),
    RemovePort,
    Path(String),
    Query(String),
    RemoveQuery,
    Fragment(String),
    RemoveFragment,
}

impl Edit {
    /// Reads edits from fuzz bytes: NUL-separated fields, each an opcode byte then a value.
    pub fn list(data: &[u8]) -> Vec<Edit> {
        data.split(|&b| b == 0)
            .filter_map(|f| {
                let (&op, v) = f.split_first()?;
                let v = String::from_utf8_lossy(v).into_owned();
                let n = v
                    .bytes()
                    .fold(0u16, |a, b| a.wrapping_mul(31).wrapping_add(b.into()));
                Some(match op % 14 {
                    0 => Edit::Scheme(v),
                    1 => Edit::RemoveScheme,
                    2 => Edit::Userinfo(v),
                    3 => Edit::RemoveUserinfo,
                    4 => Edit::Host(v),
                    5 => Edit::RemoveAuthority,
                    6 => Edit::Port(v),
                    7 => Edit::PortU16(n),
                    8 => Edit::RemovePort,
                    9 => Edit::Path(v),
                    10 => Edit::Query(v),
                    11 => Edit::RemoveQuery,
                    12 => Edit::Fragment(v),
                    _ => Edit::RemoveFragment,
                })
            })
            .collect()
    }
}

/// Owned components, to model an edit.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Model {
    scheme: Option<String>,
    userinfo: Option<String>,
    host: Option<String>,
    port: Option<String>,
    path: String,
    query: Option<String>,
    fragment: Option<String>,
}

impl Model {
    fn of(u: &UriRef<'_>) -> Model {
        let own = |s: Option<&str>| s.map(str::to_owned);
        Model {
            scheme: own(u.scheme()),
            userinfo: own(u.userinfo()),
            host: own(u.host()),
            port: own(u.port()),
            path: u.path().to_owned(),
            query: own(u.query()),
            fragment: own(u.fragment()),
        }
    }

    /// The length of a component's text (0 when absent).
    fn len_of(&self, c: Component) -> usize {
        let len = |s: &Option<String>| s.as_ref().map_or(0, String::len);
        match c {
            Component::Scheme => len(&self.scheme),
            Component::Userinfo => len(&self.userinfo),
            Component::Host => len(&self.host),
            Component::Port => len(&self.port),
            Component::Path => self.path.len(),
            Component::Query => len(&self.query),
            Component::Fragment => len(&self.fragment),
            Component::Authority => self.text().map_or(0, |t| t.len()),
        }
    }

    /// The §5.3 recomposition, or `None` when userinfo or a port has no host to stand by.
    fn text(&self) -> Option<String> {
        if self.host.is_none() && (self.userinfo.is_some() || self.port.is_some()) {
            return None;
        }
        let authority = self.host.as_ref().map(|h| {
            let mut a = String::new();
            if let Some(u) = &self.userinfo {
                a += u;
                a.push('@');
            }
            a += h;
            if let Some(p) = &self.port {
                a.push(':');
                a += p;
            }
            a
        });
        let r = recompose(
            self.scheme.as_deref(),
            authority.as_deref(),
            &self.path,
            self.query.as_deref(),
            self.fragment.as_deref(),
        );
        Some(r.to_string())
    }
}

/// Applies `edits` to the `UriBuf` parsed from `start` (or an empty one). After each edit the
/// buffer holds a valid reference whose layout matches a fresh parse of its text. A setter
/// succeeds exactly when the §5.3 recomposition of the edited components is a reference that
/// parses back to those same components (the oracle), then holds that text; a refused edit
/// leaves the buffer as it was, with an error index inside the value.
pub fn check_uribuf(start: &str, edits: &[Edit]) -> Result<(), String> {
    let mut buf = match UriBuf::parse(start) {
        Ok(b) => b,
        Err(_) => UriBuf::builder()
            .build()
            .map_err(|e| format!("empty builder: {e}"))?,
    };
    for edit in edits {
        let before = buf.as_str().to_owned();
        let mut model = Model::of(&buf.as_uri_ref());
        let value_len;
        let result = match edit {
            Edit::Scheme(v) => {
                model.scheme = Some(v.clone());
                value_len = v.len();
                buf.set_scheme(v)
            }
            Edit::RemoveScheme => {
                model.scheme = None;
                value_len = 0;
                buf.remove_scheme()
            }
            Edit::Userinfo(v) => {
                model.userinfo = Some(v.clone());
                value_len = v.len();
                buf.set_userinfo(v)
            }
            Edit::RemoveUserinfo => {
                model.userinfo = None;
                value_len = 0;
                buf.remove_userinfo();
                Ok(())
            }
            Edit::Host(v) => {
                model.host = Some(v.clone());
                value_len = v.len();
                buf.set_host(v)
            }
            Edit::RemoveAuthority => {
                (model.userinfo, model.host, model.port) = (None, None, None);
                value_len = 0;
                buf.remove_authority()
            }
            Edit::Port(v) => {
                model.port = Some(v.clone());
                value_len = v.len();
                buf.set_port(v)
            }
            Edit::PortU16(n) => {
                model.port = Some(n.to_string());
                value_len = 5;
                buf.set_port_u16(*n)
            }
            Edit::RemovePort => {
                model.port = None;
                value_len = 0;
                buf.remove_port();
                Ok(())
            }
            Edit::Path(v) => {
                model.path = v.clone();
                value_len = v.len();
                buf.set_path(v)
            }
            Edit::Query(v) => {
                model.query = Some(v.clone());
                value_len = v.len();
                buf.set_query(v)
            }
            Edit::RemoveQuery => {
                model.query = None;
                value_len = 0;
                buf.remove_query();
                Ok(())
            }
            Edit::Fragment(v) => {
                model.fragment = Some(v.clone());
                value_len = v.len();
                buf.set_fragment(v)
            }
            Edit::RemoveFragment => {
                model.fragment = None;
                value_len = 0;
                buf.remove_fragment();
                Ok(())
            }
        };
        let text = buf.as_str().to_owned();
        let fresh = UriRef::parse(&text)
            .map_err(|e| format!("{edit:?} on {before:?} left invalid {text:?}: {e}"))?;
        ensure!(
            components(&fresh) == components(&buf.as_uri_ref()),
            "{edit:?} on {before:?}: layout of {text:?} differs from a fresh parse"
        );
        // The oracle: does the edited model recompose into a reference with those components?
        let expected = model
            .text()
            .filter(|t| UriRef::parse(t).is_ok_and(|u| Model::of(&u) == model));
        match (&result, &expected) {
            (Ok(()), Some(t)) => ensure!(
                text == *t,
                "{edit:?} on {before:?}: {text:?}, expected {t:?}"
            ),
            (Ok(()), None) => {
                // Removing what is absent, or an edit the setter repaired: it must be one of
                // the always-succeeding removals of a component that stays absent.
                let after = Model::of(&buf.as_uri_ref());
                ensure!(
                    after == model,
                    "{edit:?} on {before:?} accepted, but {text:?} is not the edited reference"
                );
            }
            (Err(e), Some(t)) => {
                return Err(format!(
                    "{edit:?} on {before:?} refused ({e}), but {t:?} is valid"
                ))
            }
            (Err(e), None) => {
                ensure!(
                    text == before,
                    "{edit:?} refused ({e}) but changed {before:?} to {text:?}"
                );
                // The index is into the text of the component it names: the new value, or
                // (for a removal refused because of the path) the component as it stands.
                let limit = value_len.max(model.len_of(e.component()));
                ensure!(
                    e.index() <= limit,
                    "{edit:?}: error index {} past the {} text",
                    e.index(),
                    e.component()
                );
            }
        }
    }
    Ok(())
}

/// Resolution of `reference` against `base` (RFC 3986 §5.2), in every mode:
/// - it fails exactly when the base has no scheme (§5.1 needs an absolute base);
/// - the output parses, with the components that the `Resolved` view reports, and `len()`,
///   `write_to` and `Display` agree;
/// - the fragment is the reference's (§5.2.2), and the scheme is the reference's or the base's;
/// - strict and non-strict outputs hold no dot-segment (§5.2.4), except the "/." written
///   before a path that would otherwise read as an authority; a reference without scheme,
///   authority or path keeps the base path as written;
/// - strict resolution is idempotent: resolving the output against the base gives it back.
pub fn check_resolve(base: &str, reference: &str) -> Result<(), String> {
    // From the reference's text in one step: the parser's error, or what resolve_into writes.
    if let Some(prepared) = UriRef::parse(base).ok().and_then(|b| Base::new(b).ok()) {
        let mut from_text = String::new();
        let got = prepared.resolve_str_into(reference, &mut from_text);
        let mut want = String::new();
        let parsed = UriRef::parse(reference).map(|r| prepared.resolve_into(&r, &mut want));
        ensure!(
            (got, from_text.as_str()) == (parsed, want.as_str()),
            "{base:?} + {reference:?}: resolve_str_into {got:?} {from_text:?}, \
             parse and resolve_into {parsed:?} {want:?}"
        );
    }
    let (Ok(b), Ok(r)) = (UriRef::parse(base), UriRef::parse(reference)) else {
        return Ok(());
    };
    let prepared = Base::new(b).ok();
    for mode in [Mode::Strict, Mode::NonStrict, Mode::Rfc2396] {
        let at = || format!("{mode:?}: {base:?} + {reference:?}");
        let res = match Resolver::new(mode).resolve(&r, &b) {
            Ok(res) => res,
            Err(e) => {
                ensure!(b.scheme().is_none(), "{}: refused ({e})", at());
                continue;
            }
        };
        ensure!(
            b.scheme().is_some(),
            "{}: a base without scheme accepted",
            at()
        );
        let out = res.to_string();
        let mut written = String::new();
        res.write_to(&mut written)
            .map_err(|e| format!("{}: {e}", at()))?;
        ensure!(written == out, "{}: write_to {written:?} vs {out:?}", at());
        // The writer that plans without the view appends exactly the view's text.
        let prepared =
            prepared.ok_or_else(|| format!("{}: Base::new refuses a base resolve takes", at()))?;
        let mut appended = String::from("prefix");
        Resolver::new(mode).resolve_base_into(&r, &prepared, &mut appended);
        ensure!(
            appended.strip_prefix("prefix") == Some(out.as_str()),
            "{}: resolve_base_into {appended:?} vs {out:?}",
            at()
        );
        if mode == Mode::Strict {
            let mut appended = String::new();
            prepared.resolve_into(&r, &mut appended);
            ensure!(appended == out, "{}: resolve_into {appended:?}", at());
            // The base unprepared, the reference from its text (the CLI's way).
            let mut joined = String::new();
            b.join_into(reference, &mut joined)
                .map_err(|e| format!("{}: join_into refused: {e}", at()))?;
            ensure!(joined == out, "{}: join_into {joined:?}", at());
        }
        ensure!(
            res.len() == out.len(),
            "{}: len {} vs {out:?}",
            at(),
            res.len()
        );
        let u =
            UriRef::parse(&out).map_err(|e| format!("{}: {out:?} does not parse: {e}", at()))?;
        // The view's path includes the "/." the text writes before a path starting with "//"
        // when there is no authority (§5.3 would otherwise give an authority).
        let path = res.path().to_string();
        ensure!(
            res.path().len() == path.len(),
            "{}: path len {} vs {path:?}",
            at(),
            res.path().len()
        );
        ensure!(
            (u.scheme(), u.authority(), u.userinfo(), u.host(), u.port())
                == (
                    res.scheme(),
                    res.authority(),
                    res.userinfo(),
                    res.host(),
                    res.port()
                )
                && (u.path(), u.query(), u.fragment())
                    == (path.as_str(), res.query(), res.fragment()),
            "{}: {out:?} parses differently from the view {res:?}",
            at()
        );
        ensure!(
            u.fragment() == r.fragment(),
            "{}: fragment of {out:?}",
            at()
        );
        ensure!(
            u.scheme()
                .is_some_and(|s| Some(s) == r.scheme() || Some(s) == b.scheme()),
            "{}: scheme of {out:?}",
            at()
        );
        if mode == Mode::Rfc2396 {
            continue;
        }
        let p = u.path();
        // Non-strict reads a reference with the base's scheme as one without (§5.2.2).
        let same_scheme = mode == Mode::NonStrict
            && r.scheme()
                .zip(b.scheme())
                .is_some_and(|(x, y)| x.eq_ignore_ascii_case(y));
        let no_scheme = r.scheme().is_none() || same_scheme;
        if no_scheme && !r.has_authority() && r.path().is_empty() {
            // §5.2.2: "T.path = Base.path", as written, dot-segments and all.
            ensure!(p == b.path(), "{}: base path not kept in {out:?}", at());
            continue;
        }
        let rest = match p.strip_prefix("/.") {
            Some(rest) if !u.has_authority() && rest.starts_with("//") => rest,
            _ => p,
        };
        ensure!(
            !rest.split('/').any(|seg| seg == "." || seg == ".."),
            "{}: dot-segment left in {out:?}",
            at()
        );
        if mode == Mode::Strict {
            let again = u
                .resolve(&b)
                .map_err(|e| format!("{}: {e}", at()))?
                .to_string();
            ensure!(
                again == out,
                "{}: not idempotent: {out:?} then {again:?}",
                at()
            );
        }
    }
    Ok(())
}

#[cfg(feature = "extract")]
/// URIs found in text and HTML (feature `extract`), on any bytes:
/// - ranges lie inside the input, each inside its delimited range, in order, not overlapping;
/// - a borrowed match is the input's text at its range;
/// - a `Uri` is a URI (RFC 3986 §3) and a `Reference` a URI reference (§4.1), as `uri()`
///   gives them; a suffix reference (§4.5) becomes a URI with `http://` in front.
pub fn check_extract(data: &[u8]) -> Result<(), String> {
    let mut last_end = 0;
    for f in urilex::extract::extract(data) {
        check_found(data, &f, &mut last_end, "extract")?;
    }
    let mut last_end = 0;
    for f in urilex::extract::extract_html(data) {
        let _ = f.range(); // HTML matches may lie inside attributes in any order of tags
        check_found(data, &f, &mut last_end, "extract_html")?;
    }
    Ok(())
}

#[cfg(feature = "extract")]
fn check_found(
    data: &[u8],
    f: &urilex::extract::Found<'_>,
    last_end: &mut usize,
    what: &str,
) -> Result<(), String> {
    use urilex::extract::Kind;
    let (r, d) = (f.range(), f.delimited_range());
    ensure!(
        d.start <= r.start && r.start <= r.end && r.end <= d.end && d.end <= data.len(),
        "{what}: ranges {r:?} in {d:?} (input {} bytes)",
        data.len()
    );
    ensure!(
        d.start >= *last_end,
        "{what}: {d:?} overlaps the previous match"
    );
    *last_end = d.end;
    let text = f.as_str();
    if f.is_borrowed() && f.kind() != Kind::Uri || f.uri_ref().is_some() {
        ensure!(
            data.get(r.clone()) == Some(text.as_bytes()),
            "{what}: borrowed {text:?} is not the input at {r:?}"
        );
    }
    match f.kind() {
        Kind::Uri => {
            let u = UriRef::parse_uri(text).map_err(|e| format!("{what}: {text:?}: {e}"))?;
            ensure!(
                f.uri().map(|x| x.as_str() == u.as_str()) == Some(true),
                "{what}: uri()"
            );
        }
        // An IRI's text is its URI (RFC 3987 §3.1): absolute, or a reference when unresolved.
        Kind::Iri => {
            UriRef::parse_uri(text).map_err(|e| format!("{what}: IRI as {text:?}: {e}"))?;
        }
        Kind::Reference | Kind::IriReference => {
            UriRef::parse(text).map_err(|e| format!("{what}: {text:?}: {e}"))?;
        }
        Kind::SuffixReference => {
            let full = format!("http://{text}");
            UriRef::parse_uri(&full).map_err(|e| format!("{what}: {full:?}: {e}"))?;
        }
    }
    Ok(())
}
