//! RFC 2396 (as amended by RFC 2732) through `urilex::rfc2396`: the RFCs' own examples read
//! from their text, the differences from RFC 3986, error messages, and a property test against
//! a slow recognizer written straight from RFC 2396 Appendix A.
//! (`java.net.URI` as an oracle: tests/rfc2396_java.rs.)

#[allow(dead_code)]
mod support;

#[global_allocator]
static ALLOC: support::alloc::Counting = support::alloc::Counting;

use proptest::prelude::*;
use proptest::strategy::ValueTree;
use support::rfc2396_inputs::reference_strategy;
use urilex::rfc2396::{self, Resolution};
use urilex::{ErrorKind, UriRef};

const RFC2396: &str = include_str!("../../shared/spec/rfc2396.txt");
const RFC2732: &str = include_str!("../../shared/spec/rfc2732-changes.txt");

/// The lines of `text` from the first that starts with `from` to the next that starts with
/// `to`.
fn section<'a>(text: &'a str, from: &'a str, to: &'a str) -> impl Iterator<Item = &'a str> {
    text.lines()
        .skip_while(move |l| !l.starts_with(from))
        .skip(1)
        .take_while(move |l| !l.starts_with(to))
}

#[test]
fn section_1_3_examples() {
    let examples: Vec<&str> = section(RFC2396, "1.3. Example URI", "1.4.")
        .map(str::trim)
        .filter(|l| l.contains(':') && !l.contains(' '))
        .collect();
    assert_eq!(examples.len(), 6, "{examples:?}");
    for uri in &examples {
        let parsed = rfc2396::parse(uri).unwrap_or_else(|e| panic!("{uri}: {e}"));
        assert!(parsed.scheme().is_some(), "{uri}");
    }
    let gopher = rfc2396::parse(examples[1]).unwrap();
    assert_eq!(gopher.host(), Some("spinaltap.micro.umn.edu"));
    assert_eq!(gopher.path(), "/00/Weather/California/Los%20Angeles");
    for opaque in [
        "mailto:mduerst@ifi.unizh.ch",
        "news:comp.infosystems.www.servers.unix",
    ] {
        assert!(examples.contains(&opaque));
        let u = rfc2396::parse(opaque).unwrap();
        assert!(u.is_opaque() && u.authority().is_none(), "{opaque}");
        assert_eq!(u.path(), opaque.split_once(':').unwrap().1);
    }
    let telnet = rfc2396::parse("telnet://melvyl.ucop.edu/").unwrap();
    assert_eq!(
        (telnet.host(), telnet.path()),
        (Some("melvyl.ucop.edu"), "/")
    );
}

/// Appendix C: every example, parsed by the RFC 2396 grammar (reference and base) and
/// resolved by its §5.2.
#[test]
fn appendix_c_examples() {
    let base_text = "http://a/b/c/d;p?q";
    assert!(RFC2396.contains(&format!("      {base_text}\n")));
    let base = rfc2396::parse(base_text).unwrap();
    let mut count = 0;
    for line in section(RFC2396, "C. Examples of Resolving", "D. ") {
        let Some((reference, expected)) = line.trim().split_once(" =") else {
            continue;
        };
        let reference = reference
            .trim()
            .trim_start_matches('<')
            .trim_end_matches('>');
        // "http:g = http:g ; for validating parsers | ...": the first reading, RFC 2396's own.
        let expected = expected.split(" ;").next().unwrap().trim();
        let expected = expected
            .replace("(current document)", "http://a/b/c/d;p?q")
            .replace(' ', "");
        let parsed = rfc2396::parse(reference).unwrap_or_else(|e| panic!("{reference}: {e}"));
        let out = parsed.resolve(&base).unwrap().to_string();
        assert_eq!(out, expected, "{reference}");
        count += 1;
    }
    assert_eq!(
        count,
        22 + 1 + 2 + 6 + 6 + 4 + 1,
        "every example of C.1 and C.2"
    );
}

/// RFC 2732 §2's examples, and its changes: '[' and ']' reserved, so allowed in a query and a
/// fragment but not in a path; IPv4address parts of 1*3DIGIT.
#[test]
fn rfc2732_examples_and_changes() {
    let examples: Vec<&str> = RFC2732
        .lines()
        .map(str::trim)
        .filter(|l| l.starts_with("http://["))
        .collect();
    assert_eq!(examples.len(), 7);
    for uri in examples {
        let u = rfc2396::parse(uri).unwrap_or_else(|e| panic!("{uri}: {e}"));
        let host = u.host().unwrap();
        assert!(host.starts_with('[') && host.ends_with(']'), "{uri}");
        assert!(!u.is_reg_name());
    }
    let u = rfc2396::parse("http://[::FFFF:129.144.52.38]:80/index.html").unwrap();
    assert_eq!(u.port(), Some("80"));
    assert_eq!(
        rfc2396::parse("http://h/?a[1]#b[2]").unwrap().fragment(),
        Some("b[2]")
    );
    let e = rfc2396::parse("http://h/a[1]").unwrap_err();
    assert_eq!((e.kind(), e.index()), (ErrorKind::InvalidChar, 10));
    // 1*3DIGIT, without a limit on the value (RFC 2732), in an IPv6 reference too.
    assert!(rfc2396::parse("http://[::999.1.1.1]/").is_ok());
    assert!(rfc2396::parse("http://[::1.2.3.4444]/").is_err());
    assert_eq!(
        rfc2396::parse("http://999.1.1.1/").unwrap().host(),
        Some("999.1.1.1")
    );
    // No IPvFuture in RFC 2732.
    assert!(rfc2396::parse("http://[v7.x]/").is_err());
}

/// Appendix G's changes from RFC 1738 and 1808, each visible in the grammar.
#[test]
fn appendix_g_changes() {
    // G.2: "<foo:/bar> and <foo:bar>": the slash is part of the path; the second is opaque.
    let (slash, no_slash) = (
        rfc2396::parse("foo:/bar").unwrap(),
        rfc2396::parse("foo:bar").unwrap(),
    );
    assert_eq!((slash.path(), slash.is_opaque()), ("/bar", false));
    assert_eq!((no_slash.path(), no_slash.is_opaque()), ("bar", true));
    // '~' is unreserved; schemes start with a letter.
    assert!(rfc2396::parse("http://h/~user").is_ok());
    assert_eq!(
        rfc2396::parse("1http://h/").unwrap_err().kind(),
        ErrorKind::InvalidScheme
    );
    // '?' is no userinfo character: it starts the query.
    let q = rfc2396::parse("http://u?x@h/").unwrap();
    assert_eq!((q.authority(), q.query()), (Some("u"), Some("x@h/")));
    // ';' in userinfo (an authentication type).
    assert_eq!(
        rfc2396::parse("ftp://u;auth=x@h/").unwrap().userinfo(),
        Some("u;auth=x")
    );
    // G.3: port = *digit; URLs without a host.
    let empty_port = rfc2396::parse("http://h:/").unwrap();
    assert_eq!(
        (empty_port.host(), empty_port.port()),
        (Some("h"), Some(""))
    );
    let file = rfc2396::parse("file:///etc/hosts").unwrap();
    assert_eq!(
        (file.authority(), file.host(), file.path()),
        (Some(""), None, "/etc/hosts")
    );
}

/// The four differences from RFC 3986 measured in the issue, and the other splits.
#[test]
fn where_rfc_2396_and_3986_differ() {
    assert!(rfc2396::parse("http://[v7.x]/").is_err() && UriRef::parse("http://[v7.x]/").is_ok());
    assert!(rfc2396::parse("x:").is_err() && UriRef::parse("x:").is_ok());
    let opaque = rfc2396::parse("foo:?q").unwrap();
    assert_eq!((opaque.path(), opaque.query()), ("?q", None));
    let reg = rfc2396::parse("http://u@h:-1/").unwrap();
    assert!(reg.is_reg_name() && UriRef::parse("http://u@h:-1/").is_err());
    assert_eq!(
        (reg.authority(), reg.userinfo(), reg.host(), reg.port()),
        (Some("u@h:-1"), None, None, None)
    );
    // §3.2: `http://a:b@c:d/` and `foo://a_b/` are reg_names.
    for reg_name in [
        "http://a:b@c:d/",
        "foo://a_b/",
        "http://1.2.3/",
        "http://-a/",
        "http://a@b@c/",
    ] {
        let u = rfc2396::parse(reg_name).unwrap();
        assert!(u.is_reg_name() && u.host().is_none(), "{reg_name}");
    }
    for server in [
        "http://a.b.c./",
        "http://1.2.3.4:80/",
        "http://u:p@h:1/",
        "http://a-b.c-d/",
    ] {
        let u = rfc2396::parse(server).unwrap();
        assert!(!u.is_reg_name() && u.host().is_some(), "{server}");
    }
    // A reg_name cannot hold an IPv6 reference, so only a server's userinfo may precede one.
    assert!(rfc2396::parse("http://u@[::1]/").is_ok());
    assert!(rfc2396::parse("http://a@b@[::1]/").is_err());
}

#[test]
fn errors_name_the_rule() {
    let cases = [
        (
            "http://h/{x}",
            9,
            ErrorKind::Excluded,
            r#"'{' at byte 9 is "unwise" in RFC 2396 §2.4.3: write it as %7B"#,
        ),
        (
            "http://h/a b",
            10,
            ErrorKind::Excluded,
            r#"' ' at byte 10 is "space" in RFC 2396 §2.4.3: write it as %20"#,
        ),
        (
            "http://h/<",
            9,
            ErrorKind::Excluded,
            r#"'<' at byte 9 is "delims" in RFC 2396 §2.4.3: write it as %3C"#,
        ),
        (
            "a#b#c",
            3,
            ErrorKind::Excluded,
            r#"'#' at byte 3 is "delims" in RFC 2396 §2.4.3: write it as %23"#,
        ),
        (
            "a\u{1}",
            1,
            ErrorKind::Excluded,
            r#"'\u{1}' at byte 1 is "control" in RFC 2396 §2.4.3: write it as %01"#,
        ),
        ("http://h/%4g", 11, ErrorKind::InvalidPercentEncoding, ""),
        ("http://h/é", 9, ErrorKind::InvalidChar, ""),
        ("a:b:c/d:e", 0, ErrorKind::InvalidChar, ""),
    ];
    for (input, index, kind, message) in cases {
        match rfc2396::parse(input) {
            Err(e) => {
                assert_eq!((e.index(), e.kind()), (index, kind), "{input:?}: {e}");
                if !message.is_empty() {
                    assert_eq!(e.to_string(), message, "{input:?}");
                }
            }
            // "a:b:c/d:e" is an opaque URI: its part is *uric.
            Ok(u) if input == "a:b:c/d:e" => assert!(u.is_opaque()),
            Ok(u) => panic!("{input:?} parsed: {u:?}"),
        }
    }
}

#[test]
fn segments_carry_their_params() {
    let u = rfc2396::parse("/a;x=1;y/b//c;").unwrap();
    let got: Vec<(&str, Vec<&str>)> = u
        .segments()
        .map(|s| (s.name(), s.params().collect()))
        .collect();
    assert_eq!(
        got,
        [
            ("a", vec!["x=1", "y"]),
            ("b", vec![]),
            ("", vec![]),
            ("c", vec![""])
        ]
    );
    assert_eq!(rfc2396::parse("g;x/h").unwrap().segments().count(), 2);
    assert_eq!(rfc2396::parse("http://h").unwrap().segments().count(), 0);
    assert_eq!(
        rfc2396::parse("http://h/")
            .unwrap()
            .segments()
            .map(|s| s.as_str())
            .collect::<Vec<_>>(),
        [""]
    );
}

#[test]
fn opaque_bases_return_the_reference_as_java_does() {
    let base = rfc2396::parse("mailto:a@b").unwrap();
    let out = rfc2396::parse("../x?y").unwrap().resolve(&base).unwrap();
    assert!(matches!(out, Resolution::Unchanged(_)));
    assert_eq!(out.to_string(), "../x?y");
    // A reference with a scheme is itself (RFC 2396 §5.2 step 3), opaque or not.
    let base = rfc2396::parse("http://a/b").unwrap();
    assert_eq!(
        rfc2396::parse("news:x")
            .unwrap()
            .resolve(&base)
            .unwrap()
            .to_string(),
        "news:x"
    );
    // A reg_name base keeps its authority whole.
    let base = rfc2396::parse("http://u@h:-1/a/b").unwrap();
    assert_eq!(
        rfc2396::parse("../c")
            .unwrap()
            .resolve(&base)
            .unwrap()
            .to_string(),
        "http://u@h:-1/c"
    );
    // A base without a scheme is refused, as for RFC 3986.
    assert!(rfc2396::parse("g")
        .unwrap()
        .resolve(&rfc2396::parse("/a").unwrap())
        .is_err());
}

/// Parsing, the accessors, segments, resolution into a reused `String` and the normal form
/// allocate nothing.
#[test]
fn nothing_allocates() {
    use std::fmt::Write as _;
    let inputs = [
        "http://u@www.Example.com:80/a;p=1/b?q[1]#f",
        "mailto:a@b?subject=x",
        "http://a:b@c:d/",
        "//[::1.2.3.4]:8/x",
        "../g;x?y",
        "http://h/{x}",
    ];
    let base = rfc2396::parse("http://a/b/c/d;p?q").unwrap();
    let mut out = String::with_capacity(4096);
    let ((), n) = support::alloc::count(|| {
        for input in inputs {
            match rfc2396::parse(input) {
                Ok(u) => {
                    let _ = (u.scheme(), u.authority(), u.userinfo(), u.host(), u.port());
                    let _ = (
                        u.path(),
                        u.query(),
                        u.fragment(),
                        u.is_opaque(),
                        u.is_reg_name(),
                    );
                    for segment in u.segments() {
                        let _ = (segment.name(), segment.params().count());
                    }
                    write!(out, "{} {}", u.resolve(&base).unwrap(), u.normalized()).unwrap();
                }
                Err(e) => write!(out, "{e}").unwrap(),
            }
        }
    });
    assert_eq!(n, 0);
    assert!(
        out.contains("http://u@www.example.com/a;p=1/b?q[1]#f"),
        "{out}"
    );
}

#[test]
fn normal_form_of_section_6() {
    for (input, normal) in [
        ("HTTP://www.XEROX.com", "http://www.xerox.com"),
        ("http://h:80/a", "http://h/a"),
        ("http://h:/a", "http://h/a"),
        ("https://H:443", "https://h"),
        ("http://H:8080/A?B#C", "http://h:8080/A?B#C"),
        ("FTP://U@H:21/%7e", "ftp://U@h/%7e"),
        ("Foo://A_B:80/x", "foo://A_B:80/x"), // reg_name: left as it is
        ("MAILTO:A@B", "mailto:A@B"),
        ("../A", "../A"),
    ] {
        assert_eq!(
            rfc2396::parse(input).unwrap().normalized().to_string(),
            normal,
            "{input}"
        );
    }
}

// ------------------------------------------------------------------------------------------
// A slow recognizer written straight from RFC 2396 Appendix A as amended by RFC 2732 (with the
// readings src/grammars/rfc2396.rs documents: a relative reference may be a query alone, the IPv6
// groups of RFC 2373 §2.2). Every rule is a function from a start position to the set of
// positions where a match can end, so alternatives and repetitions need no lookahead.

type Ends = Vec<usize>;

fn one(s: &[u8], i: usize, ok: impl Fn(u8) -> bool) -> Ends {
    s.get(i)
        .filter(|&&b| ok(b))
        .map(|_| vec![i + 1])
        .unwrap_or_default()
}
fn lit(s: &[u8], i: usize, text: &[u8]) -> Ends {
    if s.get(i..i + text.len()) == Some(text) {
        vec![i + text.len()]
    } else {
        vec![]
    }
}
fn then(s: &[u8], ends: Ends, rule: impl Fn(&[u8], usize) -> Ends) -> Ends {
    let mut out: Ends = ends.into_iter().flat_map(|e| rule(s, e)).collect();
    out.sort_unstable();
    out.dedup();
    out
}
fn union(mut a: Ends, b: Ends) -> Ends {
    a.extend(b);
    a.sort_unstable();
    a.dedup();
    a
}
fn optional(s: &[u8], i: usize, rule: impl Fn(&[u8], usize) -> Ends) -> Ends {
    union(vec![i], rule(s, i))
}
/// `*rule`.
fn many(s: &[u8], i: usize, rule: impl Fn(&[u8], usize) -> Ends) -> Ends {
    let mut seen = vec![i];
    let mut todo = vec![i];
    while let Some(e) = todo.pop() {
        for next in rule(s, e) {
            if !seen.contains(&next) {
                seen.push(next);
                todo.push(next);
            }
        }
    }
    seen.sort_unstable();
    seen
}
/// `1*rule`.
fn many1(s: &[u8], i: usize, rule: impl Fn(&[u8], usize) -> Ends + Copy) -> Ends {
    then(s, rule(s, i), |s, e| many(s, e, rule))
}

fn alpha(b: u8) -> bool {
    b.is_ascii_alphabetic()
}
fn digit(b: u8) -> bool {
    b.is_ascii_digit()
}
fn alphanum(b: u8) -> bool {
    b.is_ascii_alphanumeric()
}
fn mark(b: u8) -> bool {
    b"-_.!~*'()".contains(&b)
}
fn unreserved(b: u8) -> bool {
    alphanum(b) || mark(b)
}
fn reserved(b: u8) -> bool {
    b";/?:@&=+$,[]".contains(&b) // RFC 2732 adds "[" and "]"
}
fn escaped(s: &[u8], i: usize) -> Ends {
    then(s, lit(s, i, b"%"), |s, e| {
        then(s, one(s, e, |b| b.is_ascii_hexdigit()), |s, e| {
            one(s, e, |b| b.is_ascii_hexdigit())
        })
    })
}
/// One character of a class that also takes `escaped`.
fn char_or_escaped(s: &[u8], i: usize, class: impl Fn(u8) -> bool) -> Ends {
    union(one(s, i, class), escaped(s, i))
}
fn uric(s: &[u8], i: usize) -> Ends {
    char_or_escaped(s, i, |b| reserved(b) || unreserved(b))
}
fn pchar(s: &[u8], i: usize) -> Ends {
    char_or_escaped(s, i, |b| unreserved(b) || b":@&=+$,".contains(&b))
}

fn uri_reference(s: &[u8], i: usize) -> Ends {
    let body = union(vec![i], union(absolute_uri(s, i), relative_uri(s, i)));
    then(s, body, |s, e| {
        optional(s, e, |s, e| {
            then(s, lit(s, e, b"#"), |s, e| many(s, e, uric))
        })
    })
}
fn absolute_uri(s: &[u8], i: usize) -> Ends {
    then(s, then(s, scheme(s, i), |s, e| lit(s, e, b":")), |s, e| {
        union(hier_part(s, e), opaque_part(s, e))
    })
}
fn relative_uri(s: &[u8], i: usize) -> Ends {
    // ( net_path | abs_path | rel_path ), or empty (the reading of Appendix C's "?y").
    let path = union(
        vec![i],
        union(net_path(s, i), union(abs_path(s, i), rel_path(s, i))),
    );
    then(s, path, query_opt)
}
fn query_opt(s: &[u8], i: usize) -> Ends {
    optional(s, i, |s, e| {
        then(s, lit(s, e, b"?"), |s, e| many(s, e, uric))
    })
}
fn hier_part(s: &[u8], i: usize) -> Ends {
    then(s, union(net_path(s, i), abs_path(s, i)), query_opt)
}
fn opaque_part(s: &[u8], i: usize) -> Ends {
    let first = char_or_escaped(s, i, |b| unreserved(b) || b";?:@&=+$,".contains(&b));
    then(s, first, |s, e| many(s, e, uric))
}
fn net_path(s: &[u8], i: usize) -> Ends {
    let auth = then(s, lit(s, i, b"//"), authority);
    then(s, auth, |s, e| optional(s, e, abs_path))
}
fn abs_path(s: &[u8], i: usize) -> Ends {
    then(s, lit(s, i, b"/"), path_segments)
}
fn rel_path(s: &[u8], i: usize) -> Ends {
    let seg = many1(s, i, |s, e| {
        char_or_escaped(s, e, |b| unreserved(b) || b";@&=+$,".contains(&b))
    });
    then(s, seg, |s, e| optional(s, e, abs_path))
}
fn scheme(s: &[u8], i: usize) -> Ends {
    then(s, one(s, i, alpha), |s, e| {
        many(s, e, |s, e| {
            one(s, e, |b| alphanum(b) || b"+-.".contains(&b))
        })
    })
}
fn authority(s: &[u8], i: usize) -> Ends {
    union(server(s, i), reg_name(s, i))
}
fn reg_name(s: &[u8], i: usize) -> Ends {
    many1(s, i, |s, e| {
        char_or_escaped(s, e, |b| unreserved(b) || b"$,;:@&=+".contains(&b))
    })
}
fn server(s: &[u8], i: usize) -> Ends {
    let with_userinfo = then(s, userinfo(s, i), |s, e| lit(s, e, b"@"));
    let before_host = union(vec![i], with_userinfo);
    optional(s, i, |s, _| then(s, before_host.clone(), hostport))
}
fn userinfo(s: &[u8], i: usize) -> Ends {
    many(s, i, |s, e| {
        char_or_escaped(s, e, |b| unreserved(b) || b";:&=+$,".contains(&b))
    })
}
fn hostport(s: &[u8], i: usize) -> Ends {
    then(s, host(s, i), |s, e| {
        optional(s, e, |s, e| {
            then(s, lit(s, e, b":"), |s, e| {
                many(s, e, |s, e| one(s, e, digit))
            })
        })
    })
}
fn host(s: &[u8], i: usize) -> Ends {
    union(
        hostname(s, i),
        union(ipv4address(s, i), ipv6reference(s, i)),
    )
}
fn hostname(s: &[u8], i: usize) -> Ends {
    let labels = many(s, i, |s, e| {
        then(s, domainlabel(s, e), |s, e| lit(s, e, b"."))
    });
    let top = then(s, labels, toplabel);
    then(s, top, |s, e| optional(s, e, |s, e| lit(s, e, b".")))
}
/// `first *( alphanum | "-" ) alphanum`, or `first` alone.
fn label(s: &[u8], i: usize, first: fn(u8) -> bool) -> Ends {
    let start = one(s, i, first);
    let longer = then(s, start.clone(), |s, e| {
        let middle = many(s, e, |s, e| one(s, e, |b| alphanum(b) || b == b'-'));
        then(s, middle, |s, e| one(s, e, alphanum))
    });
    union(start, longer)
}
fn domainlabel(s: &[u8], i: usize) -> Ends {
    label(s, i, alphanum)
}
fn toplabel(s: &[u8], i: usize) -> Ends {
    label(s, i, alpha)
}
fn digits_1_3(s: &[u8], i: usize) -> Ends {
    let one_digit = one(s, i, digit);
    let two = then(s, one_digit.clone(), |s, e| one(s, e, digit));
    let three = then(s, two.clone(), |s, e| one(s, e, digit));
    union(one_digit, union(two, three))
}
fn ipv4address(s: &[u8], i: usize) -> Ends {
    let mut ends = digits_1_3(s, i);
    for _ in 0..3 {
        ends = then(s, then(s, ends, |s, e| lit(s, e, b".")), digits_1_3);
    }
    ends
}
fn ipv6reference(s: &[u8], i: usize) -> Ends {
    // "[" IPv6address "]": the groups of RFC 2373 §2.2 (8 pieces, or fewer around one "::"),
    // the last two possibly an IPv4address; checked on the text between the brackets.
    let Some(close) = s
        .get(i..)
        .filter(|r| r.first() == Some(&b'['))
        .and_then(|r| r.iter().position(|&b| b == b']'))
    else {
        return vec![];
    };
    if ipv6address(&s[i + 1..i + close]) {
        vec![i + close + 1]
    } else {
        vec![]
    }
}
fn ipv6address(a: &[u8]) -> bool {
    let text = std::str::from_utf8(a).unwrap();
    let (head, tail, compressed) = match text.split_once("::") {
        Some((h, t)) => (h, t, true),
        None => (text, "", false),
    };
    let pieces = |part: &str| -> Option<usize> {
        if part.is_empty() {
            return Some(0);
        }
        let parts: Vec<&str> = part.split(':').collect();
        let mut n = 0;
        for (k, p) in parts.iter().enumerate() {
            let last = k == parts.len() - 1;
            if last && p.contains('.') {
                let v4 = p.as_bytes();
                if ipv4address(v4, 0).contains(&v4.len()) {
                    n += 2;
                    continue;
                }
                return None;
            }
            if p.is_empty() || p.len() > 4 || !p.bytes().all(|b| b.is_ascii_hexdigit()) {
                return None;
            }
            n += 1;
        }
        Some(n)
    };
    if compressed {
        // The IPv4 part may only end the address.
        if head.contains('.') {
            return false;
        }
        matches!((pieces(head), pieces(tail)), (Some(h), Some(t)) if h + t <= 7)
    } else {
        pieces(head) == Some(8)
    }
}
fn path_segments(s: &[u8], i: usize) -> Ends {
    then(s, segment(s, i), |s, e| {
        many(s, e, |s, e| then(s, lit(s, e, b"/"), segment))
    })
}
fn segment(s: &[u8], i: usize) -> Ends {
    let name = many(s, i, pchar);
    then(s, name, |s, e| {
        many(s, e, |s, e| {
            then(s, lit(s, e, b";"), |s, e| many(s, e, pchar))
        })
    })
}

/// The components of a reference the slow recognizer accepts, by the grammar's structure:
/// (scheme, authority, userinfo, host, port, path, query, fragment, opaque).
type Parts<'a> = (
    Option<&'a str>,
    Option<&'a str>,
    Option<&'a str>,
    Option<&'a str>,
    Option<&'a str>,
    &'a str,
    Option<&'a str>,
    Option<&'a str>,
    bool,
);

fn slow_parse(input: &str) -> Option<Parts<'_>> {
    let s = input.as_bytes();
    if !uri_reference(s, 0).contains(&s.len()) {
        return None;
    }
    // '#' is in no rule before the fragment, '?' in none before a query (but an opaque part).
    let (body, fragment) = match input.split_once('#') {
        Some((b, f)) => (b, Some(f)),
        None => (input, None),
    };
    let b = body.as_bytes();
    let (scheme, rest) = if absolute_uri(b, 0).contains(&b.len()) {
        let (scheme, rest) = body.split_once(':').unwrap();
        (Some(scheme), rest)
    } else {
        (None, body)
    };
    if scheme.is_some() && !rest.starts_with('/') {
        return Some((scheme, None, None, None, None, rest, None, fragment, true));
    }
    let (hier, query) = match rest.split_once('?') {
        Some((h, q)) => (h, Some(q)),
        None => (rest, None),
    };
    let (authority, path) = match hier.strip_prefix("//") {
        Some(a) => {
            let end = a.find('/').unwrap_or(a.len());
            (Some(&a[..end]), &a[end..])
        }
        None => (None, hier),
    };
    let (mut userinfo, mut host, mut port) = (None, None, None);
    if let Some(a) = authority {
        if server(a.as_bytes(), 0).contains(&a.len()) {
            let (u, hp) = match a.split_once('@') {
                Some((u, hp)) => (Some(u), hp),
                None => (None, a),
            };
            let host_end = if hp.starts_with('[') {
                hp.find(']').unwrap() + 1
            } else {
                hp.find(':').unwrap_or(hp.len())
            };
            userinfo = u;
            // An empty server has no host (`java.net.URI` says null).
            host = Some(&hp[..host_end]).filter(|h| !h.is_empty());
            port = hp.get(host_end + 1..).filter(|_| host_end < hp.len());
        }
    }
    Some((
        scheme, authority, userinfo, host, port, path, query, fragment, false,
    ))
}

fn fast_parse(input: &str) -> Option<Parts<'_>> {
    let u = rfc2396::parse(input).ok()?;
    Some((
        u.scheme(),
        u.authority(),
        u.userinfo(),
        u.host(),
        u.port(),
        u.path(),
        u.query(),
        u.fragment(),
        u.is_opaque(),
    ))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 100_000, failure_persistence: None, ..ProptestConfig::default() })]

    /// The DFA and the slow recognizer agree on validity and on every component.
    #[test]
    fn the_dfa_agrees_with_the_slow_recognizer(input in reference_strategy()) {
        prop_assert_eq!(fast_parse(&input), slow_parse(&input), "{:?}", input);
    }
}

/// The generator reaches both answers often, and each kind of authority.
#[test]
fn the_generated_inputs_cover_the_grammar() {
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    let strategy = reference_strategy();
    let (mut valid, mut opaque, mut reg, mut server, mut invalid) = (0, 0, 0, 0, 0);
    for _ in 0..20_000 {
        let input = strategy.new_tree(&mut runner).unwrap().current();
        match rfc2396::parse(&input) {
            Ok(u) => {
                valid += 1;
                opaque += usize::from(u.is_opaque());
                reg += usize::from(u.is_reg_name());
                server += usize::from(u.host().is_some_and(|h| !h.is_empty()));
            }
            Err(_) => invalid += 1,
        }
    }
    assert!(
        valid > 2_000 && invalid > 2_000,
        "{valid} valid, {invalid} invalid"
    );
    assert!(
        opaque > 100 && reg > 100 && server > 100,
        "{opaque} opaque, {reg} reg_name, {server} server"
    );
}
