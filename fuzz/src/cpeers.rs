//! Differential checks against the C and C++ RFC 3986 parsers: uriparser 0.9 (parse and
//! resolution) and Boost.URL 1.81 (parse), through the shims of the benchmarks
//! (benches/cpeers), when their Debian packages were installed as those were built
//! (`liburiparser-dev`, `libboost-url1.81-dev`). Without them there is nothing to compare,
//! unless `URILEX_REQUIRE_CPEERS` is set (as .ci/run sets it), which makes that a failure.
//!
//! Each disagreement is either a bug or a difference documented here ([`KNOWN`],
//! [`KNOWN_RESOLVE`]), recognized from both answers and named with the RFC section that makes
//! urilex's the right one; tests/differential.rs pins each.
//!
//! Left out as no RFC 3986 oracle: Boost.URL's `resolve`, which normalizes its result
//! (`%2F` decoded into '/', the base's fragment kept; boostorg/url#808), and uriparser's
//! normalization (`.//g` into `/g`, which reads as another reference).

use crate::peers;
use urilex::{Component, ErrorKind, Host, UriRef};
use urilex_cpeers::Parts;

/// A documented difference in parsing: which peer, how to recognize it from the input and
/// both answers (`None` for a refusal), and why urilex's answer is RFC 3986's (the section,
/// and the peer's own report of its bug).
pub struct Known {
    pub peer: &'static str,
    pub applies: fn(&str, Option<&Parts>, Option<&Parts>) -> bool,
    pub why: &'static str,
}

/// Boost.URL 1.81 ends an authority where its rules stop matching and reads the rest as a
/// path (`http://example.com:80ab`: the host "example.com", the port "80", the path "ab"),
/// which §3.3 forbids: "If a URI contains an authority component, then the path component
/// must either be empty or begin with a slash". Fixed after 1.81 (boostorg/url#636, #680).
/// Recognized by Boost.URL's answer alone: an authority, and a path that is not empty and
/// does not begin with '/', an answer no RFC 3986 parser may give.
pub const BOOST_PATH_AFTER_AUTHORITY: Known = Known {
    peer: "Boost.URL",
    applies: |_, _, theirs| {
        theirs.is_some_and(|t| t.host.is_some() && !t.path.is_empty() && !t.path.starts_with('/'))
    },
    why: "§3.3: a path after an authority is empty or begins with '/' (boostorg/url#636, #680)",
};

/// Boost.URL 1.81 refuses an IPvFuture whose "v" is a capital: ABNF's quoted strings are
/// case-insensitive (RFC 2234 §2.3, which §1.3 cites), and §3.2.2 says it again ("starts with
/// \"v\" (case-insensitive)").
pub const BOOST_IPVFUTURE_CAPITAL_V: Known = Known {
    peer: "Boost.URL",
    applies: |s, ours, theirs| {
        theirs.is_none()
            && ours.is_some_and(|o| o.host_kind == Some("ipvfuture"))
            && s.contains("[V")
    },
    why: "§3.2.2: the \"v\" of IPvFuture is case-insensitive",
};

/// The same bug of Boost.URL 1.81 where the rest cannot be a path: a reg-name that starts
/// with an IPv4 address (`//10.0.0.1a:/x`, whose host §3.2.2 reads as the reg-name
/// "10.0.0.1a", IPv4address matching only a prefix of it; `//10.0.0.1.2,a:/x` too) is read
/// as that address and what follows, and refused when what follows holds a ':'
/// (boostorg/url#636, #680).
pub const BOOST_IPV4_PREFIX: Known = Known {
    peer: "Boost.URL",
    applies: |_, ours, theirs| {
        let Some(host) = ours.and_then(|o| o.host.as_deref()) else {
            return false;
        };
        let ipv4 = |p: &str| {
            UriRef::parse(&format!("//{p}"))
                .is_ok_and(|u| matches!(u.host_parsed(), Some(Host::Ipv4(_))))
        };
        // An IPv4 address at most 15 bytes long, and a shorter prefix of the host.
        let prefix = (7..host.len().min(16)).any(|k| host.is_char_boundary(k) && ipv4(&host[..k]));
        theirs.is_none() && prefix
    },
    why: "§3.2.2: a reg-name may start with an IPv4 address (boostorg/url#636, #680)",
};

/// Every documented difference in parsing (none with uriparser).
pub const KNOWN: &[Known] = &[
    BOOST_PATH_AFTER_AUTHORITY,
    BOOST_IPV4_PREFIX,
    BOOST_IPVFUTURE_CAPITAL_V,
];

/// urilex's answer in the shims' terms.
pub fn ours(s: &str) -> Option<Parts> {
    let p = peers::ours(s)?;
    Some(Parts {
        scheme: p.scheme,
        userinfo: p.userinfo,
        host: p.host,
        port: p.port,
        path: p.path,
        query: p.query,
        fragment: p.fragment,
        host_kind: p.host_kind,
    })
}

/// A peer: its name, and its answer (`Some(None)` a refusal, `None` not installed).
pub type Peer = (&'static str, fn(&str) -> Option<Option<Parts>>);

/// The peers installed; none where they are not (and a note on stderr), or a failure where
/// `URILEX_REQUIRE_CPEERS` says they must be.
pub fn installed() -> &'static [Peer] {
    static FOUND: std::sync::OnceLock<Vec<Peer>> = std::sync::OnceLock::new();
    FOUND.get_or_init(|| {
        let all: [Peer; 2] = [
            ("uriparser", urilex_cpeers::uriparser_parts),
            ("Boost.URL", urilex_cpeers::boost_url_parts),
        ];
        let required = std::env::var_os("URILEX_REQUIRE_CPEERS").is_some();
        let (found, missing): (Vec<Peer>, Vec<Peer>) =
            all.into_iter().partition(|(_, parts)| parts("").is_some());
        for (name, _) in &missing {
            assert!(
                !required,
                "{name} was not installed when urilex-cpeers was built (liburiparser-dev, \
                 libboost-url1.81-dev), and URILEX_REQUIRE_CPEERS is set"
            );
            eprintln!("{name} not installed when urilex-cpeers was built: not compared");
        }
        found
    })
}

/// Whether uriparser is installed (see [`installed`]): the one peer whose resolution is
/// compared.
pub fn has_uriparser() -> bool {
    installed().iter().any(|&(name, _)| name == "uriparser")
}

/// Compares urilex's answer `ours` on `s` ([`ours`]) with `peer`'s, `theirs`: `Ok(Some(why))`
/// for a documented difference, `Err` for an undocumented one.
pub fn compare_one(
    peer: &str,
    s: &str,
    ours: Option<&Parts>,
    theirs: Option<&Parts>,
) -> Result<Option<&'static str>, String> {
    if ours == theirs {
        return Ok(None);
    }
    match KNOWN
        .iter()
        .find(|k| k.peer == peer && (k.applies)(s, ours, theirs))
    {
        Some(k) => Ok(Some(k.why)),
        None => Err(format!("{s:?}: urilex {ours:?}\n  {peer} {theirs:?}")),
    }
}

/// Compares urilex with every peer installed on `s`. `Err` describes an undocumented
/// disagreement.
pub fn compare_parse(s: &str) -> Result<(), String> {
    let us = ours(s);
    for &(peer, parts) in installed() {
        compare_one(peer, s, us.as_ref(), parts(s).flatten().as_ref())?;
    }
    Ok(())
}

/// Where urilex reports a refused input's error, against where uriparser's parse fails (its
/// `errorPos`), both the index of the first byte that cannot continue. Two documented choices
/// of urilex's, which put the index where a person looks first:
/// - a scheme that does not start with a letter is reported at its first byte (`3ttp://a`:
///   0, "a scheme must start with a letter"), where uriparser, which reads such an input as a
///   relative path, fails at its first ':' (4; a first segment without scheme has none, §4.2);
/// - in an IP literal, an address that can be no IPv6address is reported at its first byte,
///   after the '[' (`//[1::2::3]`: 3), and one that could still become one at the first byte
///   that cannot continue it (`//[:/`: 4, the '/'); uriparser reports where its own reading
///   of the literal fails (8 and 3). Both indexes then fall in the literal (from its first
///   byte to its ']', or to the end).
///
/// `Err` describes any other difference.
pub fn compare_error_index(s: &str) -> Result<(), String> {
    let Some(theirs) = urilex_cpeers::uriparser_error_index(s) else {
        return Ok(()); // not installed
    };
    let ours = UriRef::parse(s).err();
    let agree = match (&ours, theirs) {
        (None, None) => true,
        (Some(e), Some(t)) if e.index() == t => true,
        (Some(e), Some(t)) if e.kind() == ErrorKind::InvalidScheme => {
            e.index() == 0 && s.find(':') == Some(t)
        }
        (Some(e), Some(t)) => ip_literal_around(s, e.index()).is_some_and(|l| l.contains(&t)),
        _ => false, // compare_parse says which accepts
    };
    if agree {
        Ok(())
    } else {
        let ours = ours.map(|e| (e.index(), e.kind()));
        Err(format!(
            "{s:?}: urilex's error {ours:?}, uriparser's at {theirs:?}"
        ))
    }
}

/// The IP literal of an authority that byte `i` of `s` falls in: from the byte after its '['
/// (right after "//", or after a userinfo's '@') to its ']' or, without one, to the end.
fn ip_literal_around(s: &str, i: usize) -> Option<std::ops::RangeInclusive<usize>> {
    let bytes = s.as_bytes();
    let open = (0..=i.min(bytes.len().checked_sub(1)?))
        .rev()
        .find(|&open| {
            bytes[open] == b'[' && (bytes[..open].ends_with(b"//") || bytes[..open].ends_with(b"@"))
        })?;
    let close = s[open..].find(']').map_or(s.len(), |c| open + c);
    (i <= close).then_some(open + 1..=close)
}

/// A documented difference with uriparser's resolution: how to recognize it from the base,
/// the reference and both results, and why urilex's is RFC 3986's.
pub struct KnownResolve {
    pub applies: fn(base: &str, reference: &str, ours: &str, theirs: &str) -> bool,
    pub why: &'static str,
}

/// Dot-segments in a rootless path (without authority: `scheme:a` + `x/../../y`, or a
/// reference with a scheme, `x:a/../../y`), where uriparser's removal, segment by segment,
/// is not §5.2.4's text: step C writes the '/' of "/.." back into the input, so a ".." that
/// climbs out leaves the output's path starting with it (`scheme:/y`, `x:/y`; DESIGN.md:
/// "resolved by the §5.2 algorithm as written"), which uriparser drops (`scheme:y`), with an
/// empty segment after it (`s:./a/b` + `../../..//c`: `s:/.//c`, the path "//c" written after
/// "/.", and `s:/c`); and where step A removes "./" before an empty segment, uriparser keeps it
/// (`s:.///a/b` + `c`: `s:/.//a/c`, and `s:.///a/c`); the two together can give a path that
/// starts with "//", which then reads as an authority (`s:a/..//b/..//c` + itself:
/// `s:/.///c`, the path "///c", and `s://c`) or as no URI at all (`s://a:./b`). These stay
/// compared with iri-string, which follows the text (fuzz/src/peers.rs). Recognized as: a
/// result without authority whose path came from a rootless one (the reference's, or the
/// base's it was merged with), and results that differ in their paths alone (what precedes
/// and follows them the same).
pub const URIPARSER_ROOTLESS_DOTS: KnownResolve = KnownResolve {
    applies: |base, reference, ours, theirs| {
        let parse = UriRef::parse;
        let (Ok(b), Ok(r), Ok(o)) = (parse(base), parse(reference), parse(ours)) else {
            return false;
        };
        // The path §5.2.2 removes the dot-segments of: the reference's alone, or merged
        // with the base's (§5.2.3), which then starts it.
        let alone = r.scheme().is_some() || r.authority().is_some() || r.path().starts_with('/');
        let from = if alone || b.path().is_empty() {
            r.path()
        } else {
            b.path()
        };
        let rootless = o.authority().is_none() && !from.is_empty() && !from.starts_with('/');
        // The same scheme, query and fragment: what precedes and follows the path.
        let Some(path) = o.span(Component::Path) else {
            return false;
        };
        let same_rest =
            theirs.starts_with(&ours[..path.start]) && theirs.ends_with(&ours[path.end..]);
        rootless && same_rest
    },
    why: "§5.2.4: dot-segments of a rootless path removed as the text says",
};

/// A path that begins with an empty segment once ".." climbed to the root: uriparser writes
/// "/." before it (`scheme:/a/b/c` + `../../../../` -> `scheme:/./` for §5.2.4's
/// `scheme:/`, `http://a///b/c` + `../` -> `http://a/.///` for `http://a///`), which §5.2.4's
/// output has not (the same resource once normalized, §6.2.2.3, but another string).
pub const URIPARSER_DOT_PREFIX: KnownResolve = KnownResolve {
    applies: |_, _, ours, theirs| {
        let Ok(o) = UriRef::parse(ours) else {
            return false;
        };
        let Some(path) = o.span(Component::Path) else {
            return false;
        };
        let (before, from) = ours.split_at(path.start);
        from.starts_with('/') && theirs == format!("{before}/.{from}")
    },
    why: "§5.2.4: no \"/.\" before a path that begins with an empty segment",
};

/// A result without authority whose path starts with "//" (`s:/..//` + itself: the path
/// "//"): §3.3 allows no such path there, and urilex writes it after "/." (`s:/.//`,
/// DESIGN.md) so that it reads back as the same components; uriparser writes `s://`, which
/// reads as an empty authority and the path "".
pub const URIPARSER_DOUBLE_SLASH_PATH: KnownResolve = KnownResolve {
    applies: |_, _, ours, theirs| {
        UriRef::parse(ours).is_ok_and(|o| o.authority().is_none())
            && ours.replacen(":/.//", "://", 1) == theirs
    },
    why: "§3.3: a path without authority cannot begin with \"//\" (written after \"/.\")",
};

/// Every documented difference with uriparser's resolution.
pub const KNOWN_RESOLVE: &[KnownResolve] = &[
    URIPARSER_ROOTLESS_DOTS,
    URIPARSER_DOT_PREFIX,
    URIPARSER_DOUBLE_SLASH_PATH,
];

/// An IPv6 address, which uriparser writes out from its 16 bytes (`[FF02::2]` as
/// `[ff02:0000:0000:0000:0000:0000:0000:0002]`): the same address, but §5.2.2 copies the
/// authority as written ("T.authority = R.authority"), and so does urilex. Not one of
/// [`KNOWN_RESOLVE`] but undone before them, as it comes with any of them: uriparser's
/// answer with urilex's text of the host in place of its own, where both are one address.
pub const URIPARSER_IPV6_WRITTEN_OUT: &str =
    "§5.2.2: the authority as written, not an IPv6 address written out in full";

/// `theirs` with the host of `ours` in place of its own, where both are one IPv6 address
/// written differently (see [`URIPARSER_IPV6_WRITTEN_OUT`]).
fn ipv6_as_in(ours: &str, theirs: &str) -> Option<String> {
    let (o, t) = (UriRef::parse(ours).ok()?, UriRef::parse(theirs).ok()?);
    match (o.host_parsed()?, t.host_parsed()?) {
        (Host::Ipv6(a), Host::Ipv6(b)) if a == b && o.host() != t.host() => {
            Some(theirs.replacen(t.host()?, o.host()?, 1))
        }
        _ => None,
    }
}

/// Compares urilex's strict resolution of `reference` against `base` with uriparser's, if
/// installed (when both parse and the base has a scheme; both must refuse the rest alike):
/// `Ok(Some(why))` for a documented difference, `Err` for an undocumented one.
pub fn compare_resolve(base: &str, reference: &str) -> Result<Option<&'static str>, String> {
    if !has_uriparser() {
        return Ok(None);
    }
    let theirs = urilex_cpeers::uriparser_resolve(base, reference).flatten();
    let ours = (|| {
        let b = UriRef::parse(base).ok().filter(|b| b.scheme().is_some())?;
        Some(UriRef::parse(reference).ok()?.resolve(&b).ok()?.to_string())
    })();
    let differ = || format!("{base:?} + {reference:?}: urilex {ours:?}, uriparser {theirs:?}");
    let (Some(o), Some(t)) = (&ours, &theirs) else {
        return if ours == theirs {
            Ok(None)
        } else {
            Err(differ())
        };
    };
    let (t, ipv6) = match ipv6_as_in(o, t) {
        Some(t) => (t, Some(URIPARSER_IPV6_WRITTEN_OUT)),
        None => (t.clone(), None),
    };
    if *o == t {
        return Ok(ipv6);
    }
    KNOWN_RESOLVE
        .iter()
        .find(|k| (k.applies)(base, reference, o, &t))
        .map(|k| Some(k.why))
        .ok_or_else(differ)
}
