//! Every public method of every public type, called on arbitrary text: nothing may panic
//! (the crate's promise: every input gets an answer). Shared by the `api` fuzz target and
//! `tests/no_panic.rs` (which includes this file with `#[path]`), so a finding replays as a
//! plain `cargo test`. Results are only formatted and dropped: what they should be is other
//! tests' business.

use std::fmt::Write as _;

use urilex::{
    pct, recompose, remove_dot_segments, rfc2396, Base, Component, HostPort, IriRef, Mode,
    Normalization, RequestTarget, Resolver, UriBuf, UriRef,
};

/// Formats anything `Debug` and `Display` into a scratch buffer (so that the work is done).
fn touch<T: std::fmt::Debug>(sink: &mut String, value: T) {
    sink.clear();
    let _ = write!(sink, "{value:?}");
}

/// Calls the public API on `a` and `b` (each as a reference, a base, a value, a method).
pub fn every_method(a: &str, b: &str) {
    let mut sink = String::new();
    let s = &mut sink;
    uri_methods(s, a, b);
    iri_methods(s, a, b);
    rfc2396_methods(s, a, b);
    target_methods(s, a, b);
    buf_methods(s, a, b);
    pct_methods(s, a);
    #[cfg(feature = "whatwg")]
    whatwg_methods(s, a, b);
    #[cfg(feature = "canon")]
    canon_methods(s, a, b);
    #[cfg(feature = "extract")]
    {
        for f in urilex::extract(a) {
            touch(s, (f.as_str(), f.uri_ref(), f.range()));
        }
        for f in urilex::extract_html(a) {
            touch(s, (f.as_str(), f.uri_ref()));
        }
    }
}

fn uri_methods(s: &mut String, a: &str, b: &str) {
    touch(s, UriRef::validate(a));
    touch(s, UriRef::parse_bytes(a.as_bytes()));
    for parsed in [
        UriRef::parse(a),
        UriRef::parse_absolute(a),
        UriRef::parse_uri(a),
        UriRef::parse_relative(a),
    ] {
        let Ok(u) = parsed else {
            touch(s, parsed.map_err(|e| e.to_string()));
            continue;
        };
        touch(
            s,
            (
                u.as_str(),
                u.scheme(),
                u.authority(),
                u.has_authority(),
                u.userinfo(),
            ),
        );
        touch(
            s,
            (
                u.host(),
                u.port(),
                u.has_port(),
                u.path(),
                u.query(),
                u.fragment(),
            ),
        );
        touch(
            s,
            (
                u.is_relative(),
                u.contains_relative_path(),
                u.redacted().hides_password(),
            ),
        );
        touch(
            s,
            (
                u.segments().collect::<Vec<_>>(),
                u.path_segments().collect::<Vec<_>>(),
            ),
        );
        for c in Component::ALL {
            touch(s, (u.span(c), u.get(c)));
        }
        touch(
            s,
            (
                u.port_u16(),
                u.port_or_default(),
                u.host_parsed(),
                u.host_kind(),
            ),
        );
        touch(s, u.origin().map(|o| o.to_string()));
        touch(
            s,
            (
                u.redacted().to_string(),
                u.rare_ipv4_host(),
                u.to_iri().to_string(),
            ),
        );
        touch(s, (u.normalized().to_string(), u.to_normalized_string()));
        touch(s, u.normalized_with(Normalization::SchemeBased).to_string());
        touch(s, (u.normalized().to_buf(), u.to_buf()));
        let mut out = String::new();
        touch(s, u.join_into(b, &mut out));
        if let Ok(other) = UriRef::parse(b) {
            touch(
                s,
                (
                    u.normalized_eq(&other),
                    u.normalized_eq_with(&other, Normalization::SchemeBased),
                ),
            );
            for mode in [Mode::Strict, Mode::NonStrict, Mode::Rfc2396] {
                if let Ok(r) = Resolver::new(mode).resolve(&other, &u) {
                    touch(s, (r.to_string(), r.len(), r.scheme(), r.host(), r.query()));
                    touch(s, (r.path().to_string(), r.to_buf(), r.normalized()));
                }
            }
            touch(s, other.resolve(&u).map(|r| r.normalized()));
        }
        if let Ok(base) = Base::new(u) {
            out.clear();
            touch(s, base.resolve_str_into(b, &mut out));
            out.clear();
            touch(s, base.resolve_iri_str_into(b, &mut out));
            #[cfg(feature = "idna")]
            {
                out.clear();
                touch(s, base.resolve_iri_str_into_idna(b, &mut out));
            }
            if let Ok(other) = UriRef::parse(b) {
                touch(s, base.resolve(&other).to_buf());
            }
        }
    }
}

fn iri_methods(s: &mut String, a: &str, b: &str) {
    touch(s, IriRef::parse_bytes(a.as_bytes()));
    for parsed in [
        IriRef::parse(a),
        IriRef::parse_iri(a),
        IriRef::parse_absolute(a),
        IriRef::parse_relative(a),
    ] {
        let Ok(i) = parsed else { continue };
        touch(
            s,
            (
                i.as_str(),
                i.scheme(),
                i.authority(),
                i.userinfo(),
                i.host(),
                i.port(),
            ),
        );
        touch(
            s,
            (
                i.path(),
                i.query(),
                i.fragment(),
                i.is_relative(),
                i.has_port(),
            ),
        );
        touch(s, (i.segments().collect::<Vec<_>>(), i.as_uri_ref()));
        for c in Component::ALL {
            touch(s, (i.span(c), i.get(c)));
        }
        touch(
            s,
            (
                i.port_u16(),
                i.port_or_default(),
                i.host_parsed(),
                i.host_kind(),
            ),
        );
        touch(s, i.origin().map(|o| o.to_string()));
        touch(
            s,
            (
                i.to_uri().to_string(),
                i.redacted().to_string(),
                i.to_normalized_string(),
            ),
        );
        #[cfg(feature = "idna")]
        touch(s, i.to_uri_idna().to_string());
        touch(s, UriBuf::from_iri(a));
        if let Ok(other) = IriRef::parse(b) {
            touch(s, i.normalized_eq(&other));
            if let Ok(r) = other.resolve(&i) {
                touch(s, (r.to_string(), r.len(), r.host(), r.path().to_string()));
                touch(s, (r.to_uri(), r.to_normalized_string()));
            }
        }
    }
}

fn rfc2396_methods(s: &mut String, a: &str, b: &str) {
    let Ok(r) = rfc2396::parse(a) else { return };
    touch(
        s,
        (
            r.scheme(),
            r.authority(),
            r.userinfo(),
            r.host(),
            r.port(),
            r.path(),
        ),
    );
    touch(
        s,
        (
            r.query(),
            r.fragment(),
            r.is_opaque(),
            r.is_reg_name(),
            r.server(),
        ),
    );
    touch(
        s,
        (
            r.segments().collect::<Vec<_>>(),
            r.normalized().to_string(),
            r.port_u16(),
        ),
    );
    touch(s, (r.origin().map(|o| o.to_string()), r.host_kind()));
    if let Ok(other) = rfc2396::parse(b) {
        touch(s, other.resolve(&r).map(|x| x.to_string()));
    }
}

fn target_methods(s: &mut String, a: &str, b: &str) {
    for method in ["GET", "CONNECT", "OPTIONS", b] {
        let Ok(t) = RequestTarget::parse(method, a) else {
            continue;
        };
        touch(
            s,
            (
                t.form(),
                t.as_str(),
                t.scheme(),
                t.userinfo(),
                t.authority(),
                t.host(),
            ),
        );
        touch(s, (t.port(), t.port_u16(), t.path(), t.query(), t.uri()));
        for host in [None, Some(b), Some(a), Some("")] {
            touch(s, (t.target_uri("http", host), t.target_uri(b, host)));
            touch(s, t.check_host_header(host));
        }
        #[cfg(feature = "http")]
        touch(s, http::Uri::try_from(&t));
    }
    if let Ok(h) = HostPort::parse(a) {
        touch(s, (h.host(), h.port(), h.port_u16(), h.as_str()));
    }
}

fn buf_methods(s: &mut String, a: &str, b: &str) {
    let Ok(mut buf) = UriBuf::parse(a) else {
        return;
    };
    touch(
        s,
        (
            buf.as_uri_ref(),
            buf.normalized().to_buf(),
            buf.path_segments().collect::<Vec<_>>(),
        ),
    );
    touch(
        s,
        (
            buf.to_iri().to_string(),
            buf.redacted().to_string(),
            buf.origin(),
        ),
    );
    type Setter = fn(&mut UriBuf, &str) -> Result<(), urilex::SetError>;
    let edits: [Setter; 7] = [
        UriBuf::set_scheme,
        UriBuf::set_userinfo,
        UriBuf::set_host,
        UriBuf::set_port,
        UriBuf::set_path,
        UriBuf::set_query,
        UriBuf::set_fragment,
    ];
    for edit in edits {
        let mut copy = buf.clone();
        touch(s, edit(&mut copy, b));
        touch(s, copy.as_str());
    }
    touch(s, buf.append_query_pair(b, a));
    touch(s, buf.set_query_pairs([(a, b), (b, a)]));
    touch(s, buf.set_path_segments(b.split('/')));
    buf.normalize_path();
    touch(s, (buf.remove_scheme(), buf.remove_authority()));
    buf.remove_userinfo();
    buf.remove_port();
    buf.remove_query();
    buf.remove_fragment();
    touch(s, buf);
    touch(s, recompose(Some(b), Some(a), a, Some(b), None).to_string());
    let _ = remove_dot_segments(a, s);
}

/// `urilex::canon`: every key of `a`, under every canonicalizer and option, into a buffer
/// holding `b`; the host keys of `a` and of `b`.
#[cfg(feature = "canon")]
fn canon_methods(s: &mut String, a: &str, b: &str) {
    use urilex::canon::{self, Canonicalizer, SurtOptions};
    touch(s, (canon::surt(a), canon::safe_browsing(a)));
    for canonicalizer in [
        Canonicalizer::Ia,
        Canonicalizer::Google,
        Canonicalizer::None,
    ] {
        let options = SurtOptions {
            include_scheme: true,
            trailing_comma: true,
            host_massage: false,
            reverse_ipaddr: false,
            canonicalizer,
        };
        touch(s, canon::surt_with(a, &options));
        let mut buf = String::from(b);
        touch(s, (canon::surt_into(a, &options, &mut buf), &buf));
    }
    for host in [a, b] {
        touch(
            s,
            (canon::registrable_domain(host), canon::public_suffix(host)),
        );
    }
}

/// `urilex::whatwg`: parse alone and against `b`, every getter, every setter with `b`, the
/// bridges.
#[cfg(feature = "whatwg")]
fn whatwg_methods(s: &mut String, a: &str, b: &str) {
    use urilex::whatwg::{can_parse, Url};
    touch(s, (can_parse(a, None), can_parse(a, Some(b))));
    let mut repairs = 0;
    touch(s, Url::parse_with_report(a, Some(b), |_| repairs += 1));
    for parsed in [
        Url::parse(a, None),
        Url::parse(a, Some(b)),
        a.parse::<Url>(),
    ] {
        let Ok(mut url) = parsed else {
            continue;
        };
        touch(
            s,
            (
                url.href(),
                url.origin(),
                url.protocol(),
                url.username(),
                url.password(),
            ),
        );
        touch(
            s,
            (
                url.host(),
                url.hostname(),
                url.port(),
                url.port_u16(),
                url.pathname(),
            ),
        );
        touch(
            s,
            (
                url.search(),
                url.hash(),
                url.query(),
                url.fragment(),
                url.scheme(),
            ),
        );
        touch(
            s,
            (
                url.has_opaque_path(),
                url.is_special(),
                url.to_uri_ref(),
                url.as_str(),
            ),
        );
        touch(s, url.search_params().collect::<Vec<_>>());
        touch(s, url.join(b));
        touch(s, &url);
        url.set_protocol(b);
        url.set_username(b);
        url.set_password(b);
        url.set_host(b);
        url.set_hostname(b);
        url.set_port(b);
        url.set_pathname(b);
        url.set_search(b);
        url.set_hash(b);
        url.set_search_params([(a, b)]);
        let _ = url.set_href(b);
        touch(s, url.clone().into_string());
    }
}

fn pct_methods(s: &mut String, a: &str) {
    touch(
        s,
        (
            pct::decode(a).count(),
            pct::decode_utf8_lossy(a),
            pct::decode_utf8(a),
        ),
    );
    for c in Component::ALL {
        touch(s, pct::encode(a, c).to_string());
    }
    touch(s, pct::encode_form(a).to_string());
    for (k, v) in pct::query_pairs(a).plus_as_space(true) {
        touch(s, (k.to_string(), v.decode_utf8(), k.raw()));
    }
}
