//! Extraction of URIs from text and HTML (feature `extract`).
//!
//! Expected results are written by hand from RFC 3986 Appendix C (delimiting), §4.5 (suffix
//! references) and the RFC's own examples; none is computed by the code under test.
#![cfg(feature = "extract")]

#[allow(dead_code)]
mod support;

use proptest::prelude::*;
use urilex::extract::{extract, extract_html, Found, Kind};
use urilex::UriRef;

/// An expected URI.
const fn u(s: &str) -> (Kind, &str) {
    (Kind::Uri, s)
}
/// An expected IRI (RFC 3987), by its URI (§3.1).
const fn i(s: &str) -> (Kind, &str) {
    (Kind::Iri, s)
}
/// An expected suffix reference (RFC 3986 §4.5).
const fn s(s: &str) -> (Kind, &str) {
    (Kind::SuffixReference, s)
}

fn check(input: &str, expected: &[(Kind, &str)]) {
    let found: Vec<Found<'_>> = extract(input).collect();
    let got: Vec<(Kind, &str)> = found.iter().map(|f| (f.kind(), f.as_str())).collect();
    assert_eq!(got, expected, "input: {input:?}");
    for f in &found {
        let r = f.range();
        let d = f.delimited_range();
        assert!(
            d.start <= r.start && r.end <= d.end && d.end <= input.len(),
            "{f:?}"
        );
        if f.is_borrowed() {
            // A borrowed match is the input text itself.
            assert_eq!(&input[r], f.as_str());
        }
        // Same text through the bytes entry point.
        assert!(extract(input.as_bytes()).any(|g| g == *f));
    }
}

macro_rules! sentences {
    ($($name:ident: $input:expr => [$($exp:expr),* $(,)?];)*) => {
        $(#[test] fn $name() { check($input, &[$($exp),*]); })*
        /// The issue asks for at least 60 sentences.
        #[test]
        fn table_has_at_least_60_sentences() {
            assert!([$(stringify!($name)),*].len() >= 60);
        }
    };
}

sentences! {
    // RFC 3986 Appendix C, verbatim, with the three URI references it lists.
    rfc3986_appendix_c: "Yes, Jim, I found it under \"http://www.w3.org/Addressing/\",\n   but you can probably pick it up from <ftp://foo.example.\n   com/rfc/>.  Note the warning in <http://www.ics.uci.edu/pub/\n   ietf/uri/historical.html#WARNING>."
        => [u("http://www.w3.org/Addressing/"), u("ftp://foo.example.com/rfc/"), u("http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING")];
    // RFC 2396 Appendix E, verbatim.
    rfc2396_appendix_e: "Yes, Jim, I found it under \"http://www.w3.org/Addressing/\",\n      but you can probably pick it up from <ftp://ds.internic.\n      net/rfc/>.  Note the warning in <http://www.ics.uci.edu/pub/\n      ietf/uri/historical.html#WARNING>."
        => [u("http://www.w3.org/Addressing/"), u("ftp://ds.internic.net/rfc/"), u("http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING")];

    // Trailing sentence punctuation is not part of the URI.
    period: "Visit http://example.com." => [u("http://example.com")];
    comma: "Visit http://example.com, then leave." => [u("http://example.com")];
    question: "Is it http://example.com/a?" => [u("http://example.com/a")];
    exclamation: "Wow http://example.com/!" => [u("http://example.com/")];
    semicolon: "First http://example.com/a; then" => [u("http://example.com/a")];
    colon: "At http://example.com/a: the page" => [u("http://example.com/a")];
    apostrophe: "'http://example.com/a'" => [u("http://example.com/a")];
    several_dots: "Then http://example.com/..." => [u("http://example.com/")];
    punctuation_run: "(at http://example.com/x?!)." => [u("http://example.com/x")];
    inner_punctuation_kept: "http://example.com/a.b,c;d:e!f?g'h ok" => [u("http://example.com/a.b,c;d:e!f?g'h")];
    inner_apostrophes: "http://example.com/a'b'" => [u("http://example.com/a'b")];
    fragment_marker_kept: "http://example.com/# x" => [u("http://example.com/#")];
    userinfo_port_query_fragment: "http://user:pass@example.com:8080/p?q=1&r=2#frag!" => [u("http://user:pass@example.com:8080/p?q=1&r=2#frag")];

    // Parentheses and brackets: unbalanced closers are excluded, balanced ones kept.
    parens_around: "(http://example.com/a)" => [u("http://example.com/a")];
    brackets_around: "[http://example.com/a]" => [u("http://example.com/a")];
    braces_around: "{http://example.com/a}" => [u("http://example.com/a")];
    wikipedia: "http://en.wikipedia.org/wiki/Fish_(food)" => [u("http://en.wikipedia.org/wiki/Fish_(food)")];
    wikipedia_in_parens: "(see http://en.wikipedia.org/wiki/Fish_(food))" => [u("http://en.wikipedia.org/wiki/Fish_(food)")];
    wikipedia_in_parens_period: "(http://en.wikipedia.org/wiki/Fish_(food))." => [u("http://en.wikipedia.org/wiki/Fish_(food)")];
    parens_middle: "http://example.com/a_(b)_c." => [u("http://example.com/a_(b)_c")];
    unbalanced_open_kept: "http://example.com/(a b" => [u("http://example.com/(a")];
    inner_close_kept: "http://example.com/a)b c" => [u("http://example.com/a)b")];
    lone_bracket: "http://example.com/] x" => [u("http://example.com/")];
    query_parens: "http://a.example/?q=(1)" => [u("http://a.example/?q=(1)")];
    // `[` and `]` are allowed only around an IP-literal host (§3.2.2), so they end a URI.
    markdown_link: "[docs](http://a.example/docs)." => [u("http://a.example/docs")];
    markdown_url_as_text: "[http://a.example](http://a.example)" => [u("http://a.example"), u("http://a.example")];
    markdown_wikipedia: "[fish](http://en.wikipedia.org/wiki/Fish_(food))" => [u("http://en.wikipedia.org/wiki/Fish_(food)")];
    markdown_www: "[www.a.example](http://www.a.example/)" => [s("www.a.example"), u("http://www.a.example/")];
    bracket_in_path: "http://a.example/x[1] y" => [u("http://a.example/x")];
    bracket_after_ipv6: "http://[::1]:80/a]b" => [u("http://[::1]:80/a")];
    userinfo_ipv6: "ssh://git@[2001:db8::1]:22/r.git" => [u("ssh://git@[2001:db8::1]:22/r.git")];
    unclosed_ipv6_with_userinfo: "http://u@[::1 x" => [];
    javascript_balanced: "javascript:alert(1)" => [u("javascript:alert(1)")];

    // Double quotes and angle brackets delimit: the URI is kept whole.
    quoted_keeps_dot: "\"http://example.com/a.\"" => [u("http://example.com/a.")];
    quoted_in_tag_text: "<a href=\"http://x.example/\">x</a>" => [u("http://x.example/")];
    shared_quote: "\"http://a.example/\"www.b.example.\"" => [u("http://a.example/"), s("www.b.example")];
    curly_quotes: "\u{201c}http://example.com/\u{201d}" => [u("http://example.com/")];
    angle: "<http://example.com/a.>" => [u("http://example.com/a.")];
    angle_then_period: "<http://a.example/>." => [u("http://a.example/")];
    angle_doubled: "<<http://a.example/>>" => [u("http://a.example/")];
    angle_url_prefix: "<URL:http://example.com/a>" => [u("http://example.com/a")];
    angle_url_prefix_space: "<URL: http://example.com/a>" => [u("http://example.com/a")];
    angle_url_prefix_lowercase: "<url:http://example.com/a>" => [u("http://example.com/a")];
    angle_unclosed: "<http://example.com/a and more" => [u("http://example.com/a")];
    angle_prose_around: "a < b and http://x.example/ > c" => [u("http://x.example/")];
    angle_prose_colon: "<note: see below>" => [];
    angle_mailto: "Mail <mailto:info@example.org>;" => [u("mailto:info@example.org")];
    angle_ipv6: "<http://[2001:db8::1]/x>" => [u("http://[2001:db8::1]/x")];

    // Line breaks and spaces inside <...> are dropped (Appendix C).
    angle_line_break: "<http://example.com/a\n/b>" => [u("http://example.com/a/b")];
    angle_crlf_tab: "<http://example.com/a\r\n\tb>" => [u("http://example.com/ab")];
    angle_spaces: "<http://example.com/ a b c>" => [u("http://example.com/abc")];
    angle_hyphen_break: "<http://example.com/a-\n  b>" => [u("http://example.com/a-b")];
    angle_trailing_blank_lines: "<http://a.example/\n\n>" => [u("http://a.example/")];
    angle_long_query: "<https://example.com/very/long/\n   path/to/resource?with=query&and\n=more>"
        => [u("https://example.com/very/long/path/to/resource?with=query&and=more")];
    angle_broken_www: "<www.example.com/a\n b>" => [s("www.example.com/ab")];

    // Whitespace ends a URI outside <...>.
    space_ends: "http://exa mple.com" => [u("http://exa")];
    two_uris: "http://a.example/ http://b.example/" => [u("http://a.example/"), u("http://b.example/")];
    // Non-ASCII characters make an IRI (RFC 3987), reported by its URI (§3.1); Unicode spaces,
    // CJK and fullwidth punctuation end it, as ASCII whitespace and trailing punctuation end a
    // URI; what is no IRI (a bidi control, §4.1) leaves the URI before it.
    iri_path: "x http://example.com/\u{e9}t\u{e9} y" => [i("http://example.com/%C3%A9t%C3%A9")];
    iri_japanese: "\u{8a73}\u{3057}\u{304f}\u{306f}https://ja.wikipedia.org/wiki/\u{6771}\u{4eac}\u{3002}\u{6b21}"
        => [i("https://ja.wikipedia.org/wiki/%E6%9D%B1%E4%BA%AC")];
    iri_host: "see http://\u{4f8b}\u{3048}.jp/\u{30d1}\u{30b9}, ok" => [i("http://%E4%BE%8B%E3%81%88.jp/%E3%83%91%E3%82%B9")];
    iri_ideographic_space: "http://a.example/\u{e9}\u{3000}http://b.example/" => [i("http://a.example/%C3%A9"), u("http://b.example/")];
    iri_fullwidth_paren: "\u{ff08}http://a.example/\u{e9}\u{ff09}" => [i("http://a.example/%C3%A9")];
    iri_trailing_period: "http://a.example/\u{e9}." => [i("http://a.example/%C3%A9")];
    iri_curly_quotes: "\u{201c}http://a.example/\u{e9}\u{201d}" => [i("http://a.example/%C3%A9")];
    iri_bidi_not_an_iri: "http://a.example/b\u{202e}c" => [u("http://a.example/b")];
    iri_query_private_use: "http://a.example/?q=\u{e000}" => [i("http://a.example/?q=%EE%80%80")];

    // IPv6 hosts (RFC 3986 §3.2.2; example from §1.1.2).
    ipv6_ldap: "ldap://[2001:db8::7]/c=GB?objectClass?one" => [u("ldap://[2001:db8::7]/c=GB?objectClass?one")];
    ipv6_ldap_period: "See ldap://[2001:db8::7]/c=GB?objectClass?one." => [u("ldap://[2001:db8::7]/c=GB?objectClass?one")];
    ipv6_port: "Server at http://[::1]:8080." => [u("http://[::1]:8080")];
    ipv6_in_parens: "(http://[::1])" => [u("http://[::1]")];
    ipv6_embedded_ipv4: "http://[::ffff:192.0.2.1]/ x" => [u("http://[::ffff:192.0.2.1]/")];
    ipv6_unclosed_rejected: "http://[::1 x" => [];
    ipv6_bad_rejected: "http://[xyz]/ x" => [];

    // mailto:, urn: and the other examples of RFC 3986 §1.1.2.
    mailto: "Write to mailto:John.Doe@example.com." => [u("mailto:John.Doe@example.com")];
    mailto_query: "mailto:a@b.example?subject=hi%20there, ok" => [u("mailto:a@b.example?subject=hi%20there")];
    urn_docbook: "urn:oasis:names:specification:docbook:dtd:xml:4.1.2" => [u("urn:oasis:names:specification:docbook:dtd:xml:4.1.2")];
    urn_isbn: "ISBN urn:isbn:0451450523." => [u("urn:isbn:0451450523")];
    urn_trailing_colon: "urn:example:a: ok" => [u("urn:example:a")];
    tel: "Call tel:+1-816-555-1212!" => [u("tel:+1-816-555-1212")];
    telnet: "telnet://192.0.2.16:80/" => [u("telnet://192.0.2.16:80/")];
    news: "news:comp.infosystems.www.servers.unix" => [u("news:comp.infosystems.www.servers.unix")];
    ftp: "ftp://ftp.is.co.za/rfc/rfc1808.txt" => [u("ftp://ftp.is.co.za/rfc/rfc1808.txt")];
    file: "file:///etc/hosts" => [u("file:///etc/hosts")];
    data: "data:text/plain,hello" => [u("data:text/plain,hello")];
    uppercase: "HTTP://EXAMPLE.COM/" => [u("HTTP://EXAMPLE.COM/")];
    scheme_plus: "git+ssh://git@example.com/a/b.git" => [u("git+ssh://git@example.com/a/b.git")];
    empty_authority: "http:// x" => [u("http://")];

    // Prose colons are not URIs: a scheme must be followed by something.
    note_colon: "Note: nothing here" => [];
    times_and_ratios: "Time 10:30 and ratio 3:4" => [];
    reply: "Re: hello" => [];
    bare_scheme: "http: x" => [];

    // The parser validates each candidate.
    bad_percent: "http://example.com/a%zz x" => [];
    lone_percent: "http://a.example/% x" => [];
    bad_port: "http://a.example:80x/ x" => [];
    percent_ok: "http://example.com/a%20b" => [u("http://example.com/a%20b")];

    // Suffix references (RFC 3986 §4.5).
    www_addressing: "www.w3.org/Addressing/" => [s("www.w3.org/Addressing/")];
    www_period: "Go to www.example.com." => [s("www.example.com")];
    www_port: "www.example.com:8080/path?q" => [s("www.example.com:8080/path?q")];
    www_upper: "WWW.EXAMPLE.COM" => [s("WWW.EXAMPLE.COM")];
    www_in_parens: "(www.example.com/a_(b))" => [s("www.example.com/a_(b)")];
    www_glued: "wwwexample.com" => [];
    www_inside_word: "foo.www.example.com" => [];
    www_alone: "www. is a prefix" => [];
    www_bad_port: "www.example.com:8x/ x" => [];
}

#[test]
fn ranges() {
    let text = "See (http://a.example/x), <URL:ftp://b.example/\n y> and \"www.c.example.\"";
    let found: Vec<_> = extract(text)
        .map(|f| (f.range(), f.delimited_range()))
        .collect();
    assert_eq!(found, [(5..23, 5..23), (31..50, 26..51), (57..71, 56..72)]);
    assert_eq!(&text[31..50], "ftp://b.example/\n y");
    assert_eq!(&text[57..71], "www.c.example.");
}

#[test]
fn borrowed_path_has_uri_ref() {
    let f = extract("x http://a.example/p?q y").next().unwrap();
    let u = f.uri_ref().expect("contiguous match is borrowed");
    assert_eq!(
        (u.host(), u.path(), u.query()),
        (Some("a.example"), "/p", Some("q"))
    );
    let broken = extract("<http://a.example/\n p>").next().unwrap();
    assert!(broken.uri_ref().is_none());
    assert_eq!(broken.uri().unwrap().path(), "/p");
    let www = extract("www.a.example").next().unwrap();
    assert!(www.uri_ref().is_none() && www.uri().is_none());
}

#[test]
fn bytes_input_with_invalid_utf8() {
    let input: &[u8] = b"\xff\xfe http://a.example/\xff x \xc3";
    let got: Vec<String> = extract(input).map(|f| f.to_string()).collect();
    assert_eq!(got, ["http://a.example/"]);
}

// ---- Large inputs: linear time and no stack overflow --------------------------------------

const TEN_MB: usize = 10 << 20;

#[test]
fn ten_mb_without_uri() {
    let unit =
        "Lorem ipsum dolor: sit amet, (consectetur) <adipiscing> elit 10:30 w.w \u{e9}t\u{e9}. ";
    let text = unit.repeat(TEN_MB / unit.len() + 1);
    assert_eq!(extract(&text).count(), 0);
}

#[test]
fn ten_mb_single_uri() {
    let mut uri = String::from("http://example.com/");
    while uri.len() < TEN_MB {
        uri.push_str("segment/");
    }
    let text = format!("see {uri}. done");
    let found: Vec<_> = extract(&text).collect();
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].range(), 4..4 + uri.len());
    assert!(found[0].is_borrowed());
}

#[test]
fn ten_mb_single_www_and_angle_broken() {
    let mut body = String::from("www.example.com/");
    while body.len() < TEN_MB {
        body.push_str("abcdefghij/\n  ");
    }
    let text = format!("<{body}>");
    let found: Vec<_> = extract(&text).collect();
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].kind(), Kind::SuffixReference);
    assert_eq!(
        found[0].as_str().len(),
        body.bytes().filter(|c| !c.is_ascii_whitespace()).count()
    );
}

/// Inputs that would make a backtracking or rescanning extractor quadratic. Each must finish
/// quickly (the whole test takes well under a second in release, a few seconds in debug).
#[test]
fn pathological_inputs_are_linear() {
    let n = 2 << 20;
    let cases: Vec<(String, usize)> = vec![
        // Many angle forms that never close: each attempt stops at the next '<'.
        ("<a:b ".repeat(n / 5), n / 5),
        // One unclosed angle form over the whole input, re-read once as text.
        (format!("<x:{}", "a ".repeat(n / 2)), 1),
        // Letters without a colon: one word.
        ("a".repeat(n), 0),
        // Unbalanced closers to trim.
        (format!("http://a.example/{}", ")".repeat(n)), 1),
        // Colons everywhere.
        ("a:".repeat(n / 2), 1),
        ("www.".repeat(n / 4), 1),
        ("&<>\"'".repeat(n / 5), 0),
    ];
    // How the cost grows is measured by benches/linearity.rs (no test reads the clock).
    for (text, count) in cases {
        assert_eq!(extract(&text).count(), count, "{:?}…", &text[..20]);
    }
}

// ---- Property: any valid absolute URI between spaces is found exactly ----------------------

/// `absolute-URI = scheme ":" hier-part [ "?" query ]` (RFC 3986 §4.3), generated from the
/// ABNF of Appendix A, independently of the parser.
fn absolute_uri() -> impl Strategy<Value = String> {
    let unreserved = "[A-Za-z0-9._~-]";
    let sub = "[!$&'()*+,;=]";
    let pct = "%[0-9A-Fa-f]{2}";
    let pchar = format!("({unreserved}|{pct}|{sub}|[:@])");
    let scheme = "[A-Za-z][A-Za-z0-9+.-]{0,8}";
    let userinfo = format!("(({unreserved}|{pct}|{sub}|:)*@)?");
    let reg_name = format!("({unreserved}|{pct}|{sub}){{0,12}}");
    let dec_octet = "(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])";
    let ipv4 = format!("{dec_octet}\\.{dec_octet}\\.{dec_octet}\\.{dec_octet}");
    let ipvfuture = format!("\\[[vV][0-9A-Fa-f]+\\.({unreserved}|{sub}|:)+\\]");
    let segment = format!("{pchar}{{0,6}}");
    let segment_nz = format!("{pchar}{{1,6}}");
    let query = format!("(\\?({pchar}|[/?]){{0,10}})?");
    let host = prop_oneof![
        proptest::string::string_regex(&reg_name).unwrap(),
        proptest::string::string_regex(&ipv4).unwrap(),
        proptest::string::string_regex(&ipvfuture).unwrap(),
        any::<[u16; 8]>().prop_map(|a| format!("[{}]", std::net::Ipv6Addr::from(a))),
        any::<[u8; 4]>().prop_map(|a| format!("[::ffff:{}]", std::net::Ipv4Addr::from(a))),
    ];
    let authority_path = (
        proptest::string::string_regex(&userinfo).unwrap(),
        host,
        proptest::string::string_regex("(:[0-9]{0,5})?").unwrap(),
        proptest::string::string_regex(&format!("(/{segment}){{0,4}}")).unwrap(),
    )
        .prop_map(|(u, h, p, path)| format!("//{u}{h}{p}{path}"));
    let hier = prop_oneof![
        authority_path,
        proptest::string::string_regex(&format!("/({segment_nz}(/{segment}){{0,3}})?")).unwrap(),
        proptest::string::string_regex(&format!("{segment_nz}(/{segment}){{0,3}}")).unwrap(),
        Just(String::new()),
    ];
    (
        proptest::string::string_regex(scheme).unwrap(),
        hier,
        proptest::string::string_regex(&query).unwrap(),
    )
        .prop_map(|(s, h, q)| format!("{s}:{h}{q}"))
}

/// Whether Appendix C delimiting leaves `uri` unchanged when written between spaces: it must
/// not end in sentence punctuation or an unbalanced `)`/`]`, must not have a bare scheme, and
/// its scheme must not begin with `www.` (that form is read as a suffix reference, §4.5).
fn survives_delimiting(uri: &str) -> bool {
    let balanced = |o: char, c: char| uri.matches(o).count() >= uri.matches(c).count();
    let last = uri.chars().last().unwrap_or(' ');
    let scheme_len = uri.find(':').unwrap_or(0);
    !".,;:!?'".contains(last)
        && (last != ')' || balanced('(', ')'))
        && (last != ']' || balanced('[', ']'))
        && uri.len() > scheme_len + 1
        && !uri.to_ascii_lowercase().starts_with("www.")
}

/// Filler words: any printable ASCII except `<` (an earlier `<` with a later `>` would make an
/// angle-bracket form spanning the URI, whose whitespace Appendix C says to drop).
fn filler() -> impl Strategy<Value = String> {
    proptest::collection::vec(
        proptest::string::string_regex("[!-;=-~\u{e9}]{1,8}").unwrap(),
        0..6,
    )
    .prop_map(|w| w.join(" "))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn absolute_uri_between_spaces_is_found_exactly(
        uri in absolute_uri().prop_filter("changed by delimiting", |u| survives_delimiting(u)),
        before in filler(),
        after in filler(),
    ) {
        prop_assert!(UriRef::parse_absolute(&uri).is_ok(), "generator produced {:?}", uri);
        let text = format!("{before} {uri} {after}");
        let at = before.len() + 1;
        let hits: Vec<_> = extract(&text).filter(|f| f.range().start < at + uri.len() && at < f.range().end).collect();
        prop_assert_eq!(hits.len(), 1, "text {:?}: {:?}", text, hits);
        prop_assert_eq!(hits[0].range(), at..at + uri.len());
        prop_assert_eq!(hits[0].as_str(), uri.as_str());
        prop_assert_eq!(hits[0].kind(), Kind::Uri);
        prop_assert!(hits[0].uri_ref().is_some());
    }

    /// Any bytes: no panic, ranges in bounds and ordered, every match re-validates.
    #[test]
    fn arbitrary_bytes(input in proptest::collection::vec(any::<u8>(), 0..400)) {
        let mut last_end = 0;
        for f in extract(&input[..]) {
            let r = f.delimited_range();
            prop_assert!(r.start >= last_end && r.end <= input.len());
            last_end = r.end;
            match f.kind() {
                Kind::Uri => prop_assert!(UriRef::parse_uri(f.as_str()).is_ok()),
                Kind::SuffixReference => prop_assert!(f.as_str().to_ascii_lowercase().starts_with("www.")),
                Kind::Iri => {
                    // The range is the IRI's text; the match is its URI.
                    let text = std::str::from_utf8(&input[f.range()]).unwrap();
                    let iri = urilex::IriRef::parse_iri(text).unwrap();
                    prop_assert_eq!(iri.to_uri().to_string(), f.as_str());
                    prop_assert!(UriRef::parse_uri(f.as_str()).is_ok());
                }
                Kind::Reference | Kind::IriReference => {
                    prop_assert!(false, "text mode reports URIs, IRIs and suffix references only")
                }
            }
        }
    }
}

// ---- HTML ----------------------------------------------------------------------------------

/// Each fixture `NAME.html` has a hand-written `NAME.expected`: one `KIND<TAB>TEXT` line per
/// reference, in document order (KIND is `uri`, `ref`, `iri` or `iriref`), and optionally a `base<TAB>URI` line.
#[test]
fn html_fixtures() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/extract");
    let mut n = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().and_then(|e| e.to_str()) != Some("html") {
            continue;
        }
        let html = std::fs::read(&path).unwrap();
        let expected = std::fs::read_to_string(path.with_extension("expected")).unwrap();
        let mut want_base = None;
        let mut want = Vec::new();
        for line in expected
            .lines()
            .filter(|l| !l.is_empty() && !l.starts_with("//"))
        {
            let (kind, text) = line
                .split_once('\t')
                .unwrap_or_else(|| panic!("{}: bad line {line:?}", path.display()));
            match kind {
                "uri" => want.push((Kind::Uri, text.to_string())),
                "ref" => want.push((Kind::Reference, text.to_string())),
                "iri" => want.push((Kind::Iri, text.to_string())),
                "iriref" => want.push((Kind::IriReference, text.to_string())),
                "base" => want_base = Some(text.to_string()),
                _ => panic!("{}: bad kind {kind:?}", path.display()),
            }
        }
        let it = extract_html(&html[..]);
        assert_eq!(
            it.document_base().map(|b| b.into_owned()),
            want_base,
            "{}",
            path.display()
        );
        let got: Vec<(Kind, String)> = it.map(|f| (f.kind(), f.to_string())).collect();
        assert_eq!(got, want, "{}", path.display());
        n += 1;
    }
    assert!(n >= 3, "expected at least 3 HTML fixtures, found {n}");
}

#[test]
fn html_ranges_and_borrowing() {
    let html = r#"<a href=" /x?a=1&amp;b=2 ">1</a><a href='/y'>2</a><img src=/z.png>"#;
    let found: Vec<_> = extract_html(html).collect();
    assert_eq!(found.len(), 3);
    assert_eq!(found[0].as_str(), "/x?a=1&b=2");
    assert!(!found[0].is_borrowed());
    assert_eq!(&html[found[1].range()], "/y");
    assert_eq!(&html[found[1].delimited_range()], "'/y'");
    assert_eq!(&html[found[2].delimited_range()], "/z.png");
    assert!(found[1].is_borrowed() && found[1].uri_ref().is_some());
    assert_eq!(&html[found[2].range()], "/z.png");
}

#[test]
fn html_unclosed_quote_ends_the_document() {
    let mut it = extract_html("<a href=/a>x</a><a href=\"/b>y</a><a href=/c>");
    assert_eq!(it.next().map(|f| f.to_string()).as_deref(), Some("/a"));
    assert!(it.next().is_none());
    assert!(it.next().is_none(), "fused");
}

#[test]
fn html_caller_base() {
    let it = extract_html("<a href=x>").with_base("http://a.example/d/");
    assert_eq!(it.base().as_deref(), Some("http://a.example/d/"));
    let it =
        extract_html("<base href='http://b.example/'><a href=x>").with_base("http://a.example/d/");
    assert_eq!(it.base().as_deref(), Some("http://b.example/"));
}

#[test]
fn html_ten_mb() {
    let unit = "<p class=x>text &amp; more <a href=\"/a?b=1&amp;c=2\" data-href=no>link</a></p>\n";
    let html = unit.repeat(TEN_MB / unit.len() + 1);
    let count = extract_html(&html).count();
    assert_eq!(count, TEN_MB / unit.len() + 1);
    let long = format!("<a href=\"/{}\">", "a".repeat(TEN_MB));
    assert_eq!(extract_html(&long).count(), 1);
}

// ---- The logos lexer against a naive scanner -----------------------------------------------

/// Unicode spaces, quotation marks, CJK and fullwidth punctuation: they end an IRI in text.
fn ends_iri(c: char) -> bool {
    matches!(c, '\u{85}' | '\u{A0}' | '\u{AB}' | '\u{BB}' | '\u{1680}' | '\u{2000}'..='\u{200B}'
        | '\u{2018}'..='\u{201F}' | '\u{2026}' | '\u{2028}' | '\u{2029}' | '\u{202F}' | '\u{205F}'
        | '\u{3000}'..='\u{3003}' | '\u{3008}'..='\u{3011}' | '\u{3014}'..='\u{301F}' | '\u{FEFF}'
        | '\u{FF01}' | '\u{FF02}' | '\u{FF08}' | '\u{FF09}' | '\u{FF0C}' | '\u{FF0E}' | '\u{FF1A}'..='\u{FF1C}'
        | '\u{FF1E}' | '\u{FF1F}' | '\u{FF3B}' | '\u{FF3D}' | '\u{FF5B}' | '\u{FF5D}' | '\u{FF61}'..='\u{FF64}')
}

/// The end of `text[i..end]` without its trailing Appendix C punctuation: `. , ; : ! ? '`,
/// and `)` or `]` with more closers than openers before it.
fn trim(text: &[u8], i: usize, end: usize) -> usize {
    let mut e = end;
    while e > i {
        let c = text[e - 1];
        let cand = &text[i..e];
        let count = |b: u8| cand.iter().filter(|&&x| x == b).count();
        let strip = b".,;:!?'".contains(&c)
            || (c == b')' && count(b')') > count(b'('))
            || (c == b']' && count(b']') > count(b'['));
        if !strip {
            break;
        }
        e -= 1;
    }
    e
}

/// A straightforward byte loop implementing the same rules for text without `<` (angle forms
/// are covered by the table): a candidate starts at the start of a run of scheme characters
/// (`[A-Za-z0-9+.-]`) that begins with a letter and is followed by `:`, or that begins with
/// `www.`, and extends over URI characters; then Appendix C trimming (skipped between double
/// quotes) and validation.
fn naive(text: &[u8]) -> Vec<(Kind, std::ops::Range<usize>)> {
    let word = |c: u8| c.is_ascii_alphanumeric() || b"+.-".contains(&c);
    let uric = |c: u8| c.is_ascii_alphanumeric() || b"-._~:/?#[]@!$&'()*+,;=%".contains(&c);
    // Non-ASCII characters continue a candidate after its scheme (an IRI, RFC 3987), but for
    // the spaces and punctuation that end a link in prose, listed here from the docs of
    // `TextTok::Scheme`; any byte that is not UTF-8 ends it too.
    let mut out = Vec::new();
    let mut i = 0;
    let mut taken = 0;
    while i < text.len() {
        if !word(text[i]) {
            i += 1;
            continue;
        }
        let word_end = (i..text.len())
            .find(|&k| !word(text[k]))
            .unwrap_or(text.len());
        let www = text.len() - i >= 4 && text[i..i + 4].eq_ignore_ascii_case(b"www.");
        let scheme = text[i].is_ascii_alphabetic() && text.get(word_end) == Some(&b':');
        if !www && !scheme {
            i = word_end;
            continue;
        }
        // `[` and `]` only as an IP-literal right after `//` and an optional `userinfo@`.
        let au = |c: u8| uric(c) && !b"/?#[]@".contains(&c);
        let pu = |c: u8| uric(c) && c != b'[' && c != b']';
        let run = |from: usize, f: &dyn Fn(u8) -> bool| {
            (from..text.len())
                .find(|&k| !f(text[k]))
                .unwrap_or(text.len())
        };
        let mut from = i;
        if scheme && text[word_end + 1..].starts_with(b"//") {
            let k = word_end + 3;
            let k1 = run(k, &au);
            let open = if text.get(k1) == Some(&b'@') {
                k1 + 1
            } else {
                k
            };
            if text.get(open) == Some(&b'[') {
                let close = run(open + 1, &au);
                if text.get(close) == Some(&b']') {
                    from = close + 1;
                }
            }
        }
        let mut end = run(from, &pu);
        while let (true, Some(rest)) = (scheme, text.get(end..)) {
            // One non-ASCII character that does not end an IRI, then ASCII URI characters.
            let Some(c) = std::str::from_utf8(&rest[..rest.len().min(4)])
                .or_else(|e| std::str::from_utf8(&rest[..e.valid_up_to()]))
                .ok()
                .and_then(|s| s.chars().next())
                .filter(|c| !c.is_ascii() && !ends_iri(*c))
            else {
                break;
            };
            end = run(end + c.len_utf8(), &pu);
        }
        // Longest match: a `www.` word that is also a scheme with an IP-literal is a `Scheme`.
        let www = www && !(scheme && end > run(i, &pu));
        // A quote that closed the previous match does not open this one.
        let quoted = i > taken && text[i - 1] == b'"' && text.get(end) == Some(&b'"');
        let e = if quoted { end } else { trim(text, i, end) };
        let s = std::str::from_utf8(&text[i..e]).unwrap();
        if www {
            // Suffix reference: `//` + text must parse as authority + path etc.
            let net = format!("//{s}");
            let ok = s.len() > 4
                && UriRef::parse(&net)
                    .is_ok_and(|u| u.authority().is_some_and(|a| s.starts_with(a)));
            if ok {
                out.push((Kind::SuffixReference, i..e));
                taken = e + usize::from(quoted);
            }
        } else if !s.is_ascii() {
            match urilex::IriRef::parse_iri(s) {
                Ok(_) => {
                    out.push((Kind::Iri, i..e));
                    taken = e + usize::from(quoted);
                }
                Err(_) => {
                    // No IRI: the URI before its first non-ASCII character, trimmed.
                    let ascii = i + s.bytes().position(|b| !b.is_ascii()).unwrap();
                    let e = trim(text, i, ascii);
                    let s = std::str::from_utf8(&text[i..e]).unwrap();
                    if let Ok(u) = UriRef::parse_uri(s) {
                        if s.len() > u.scheme().unwrap().len() + 1 {
                            out.push((Kind::Uri, i..e));
                            taken = e;
                        }
                    }
                }
            }
        } else if let Ok(u) = UriRef::parse_uri(s) {
            // An IP-literal that does not close leaves `scheme://` before its `[`: not a URI.
            let cut_host = text.get(end) == Some(&b'[') && u.host() == Some("");
            if s.len() > u.scheme().unwrap().len() + 1 && !cut_host {
                out.push((Kind::Uri, i..e));
                taken = e + usize::from(quoted);
            }
        }
        i = end;
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1500))]

    #[test]
    fn lexer_matches_naive_scanner(text in "([a-zA-Z0-9 :/.?#\\[\\]@!$&'()*+,;=%_~\"-]|www\\.|http://|\\[::1\\]|\u{e9}|\u{3000}|\u{3002}|\u{3005}|\u{201d}|\u{202e}|\u{ff09}|\u{e000}){0,60}") {
        let got: Vec<_> = extract(&text).map(|f| (f.kind(), f.range())).collect();
        prop_assert_eq!(got, naive(text.as_bytes()), "text {:?}", text);
    }
}

/// The example given for the README.
#[test]
fn readme_example() {
    let mail = "Yes, Jim, I found it under \"http://www.w3.org/Addressing/\",\n\
                but you can probably pick it up from <ftp://foo.example.\n\
                com/rfc/>. See also (http://en.wikipedia.org/wiki/Fish_(food)) or www.example.com.";
    let found: Vec<(Kind, String)> = urilex::extract(mail)
        .map(|f| (f.kind(), f.to_string()))
        .collect();
    assert_eq!(
        found,
        [
            (Kind::Uri, "http://www.w3.org/Addressing/".to_string()),
            (Kind::Uri, "ftp://foo.example.com/rfc/".to_string()),
            (
                Kind::Uri,
                "http://en.wikipedia.org/wiki/Fish_(food)".to_string()
            ),
            (Kind::SuffixReference, "www.example.com".to_string()),
        ]
    );
    let html = r#"<base href="http://example.com/dir/"><a href="page?a=1&amp;b=2">x</a>"#;
    let links: Vec<String> = urilex::extract_html(html).map(|f| f.to_string()).collect();
    assert_eq!(links, ["http://example.com/dir/page?a=1&b=2"]);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    /// URI-ish text with angle brackets, quotes and line breaks: every match re-validates, its
    /// text is the input's bytes in its range minus whitespace, and matches do not overlap.
    #[test]
    fn angle_heavy_text(text in "([a-z:/.<>\" \n\t\\[\\]()@%0-9-]|www\\.|http://|<URL:|\u{e9}){0,80}") {
        let mut last_end = 0;
        for f in extract(&text) {
            let (r, d) = (f.range(), f.delimited_range());
            prop_assert!(d.start >= last_end && d.start <= r.start && r.end <= d.end && d.end <= text.len());
            last_end = d.end;
            let squeezed: String = text[r].chars().filter(|c| !c.is_ascii_whitespace()).collect();
            match f.kind() {
                Kind::Uri => prop_assert!(UriRef::parse_uri(f.as_str()).is_ok()),
                Kind::SuffixReference => prop_assert!(f.as_str().to_ascii_lowercase().starts_with("www.")),
                // An IRI's match is its URI (RFC 3987 §3.1).
                Kind::Iri => {
                    let iri = urilex::IriRef::parse_iri(&squeezed).unwrap();
                    prop_assert_eq!(f.as_str(), iri.to_uri().to_string());
                    continue;
                }
                Kind::Reference | Kind::IriReference => prop_assert!(false),
            }
            prop_assert_eq!(f.as_str(), squeezed.as_str());
        }
    }

    /// HTML-ish input: no panic, ranges in bounds and increasing, each value parses.
    #[test]
    fn html_arbitrary(text in "(<a |<base |href=|src=|\"|'|>|<!--|-->|<script>|</script>|&amp;|&#|[a-z/:.?# =])*") {
        let mut last = 0;
        for f in extract_html(&text) {
            let d = f.delimited_range();
            prop_assert!(d.start >= last && d.end <= text.len());
            last = d.end;
            prop_assert!(f.uri().is_some());
        }
    }
}

// ---- Allocation: the common case borrows ----------------------------------------------------

// Allocations made by this thread (other tests run on other threads).
#[global_allocator]
static GLOBAL: support::alloc::Counting = support::alloc::Counting;

#[test]
fn contiguous_matches_do_not_allocate() {
    let unit = "See <http://a.example/x>, \"urn:isbn:0451450523\" or (http://[::1]:80/p?q#f). \
                Mail mailto:a@b.example; www.example.com:8080/x. Note: 10:30 <b>bold</b>\n";
    let text = unit.repeat(200);
    let ((n, hosts), allocs) = support::alloc::count(|| {
        let mut n = 0;
        let mut hosts = 0;
        for f in extract(&text) {
            n += 1;
            if let Some(u) = f.uri_ref() {
                hosts += usize::from(u.host().is_some());
            }
        }
        (n, hosts)
    });
    assert_eq!((n, hosts), (5 * 200, 2 * 200));
    assert_eq!(allocs, 0);
    let html = "<a href=\"http://a.example/x\">x</a><img src=/y.png>".repeat(100);
    let (n, allocs) =
        support::alloc::count(|| extract_html(&html).filter(|f| f.is_borrowed()).count());
    assert_eq!((n, allocs), (200, 0));
}

/// RFC 3986 §5.4.1 and §5.4.2 examples, as links in a document: the resolved targets are the
/// ones the RFC lists, with the base from `<base href>` or from the caller.
#[test]
fn html_resolution_rfc3986_examples() {
    // The RFC's own examples, from the shared vectors.
    let records = support::data::rfc3986_5_4_examples();
    let examples: Vec<(&str, &str)> = records
        .iter()
        .map(|(r, t)| (r.as_str(), t.as_str()))
        .collect();
    let links: String = examples
        .iter()
        .map(|(r, _)| format!("<a href=\"{r}\">x</a>\n"))
        .collect();
    let want: Vec<(Kind, &str)> = examples.iter().map(|&(_, t)| (Kind::Uri, t)).collect();
    let with_tag = format!("<head><base href=\"http://a/b/c/d;p?q\"></head>\n{links}");
    let by_tag: Vec<Found<'_>> = extract_html(&with_tag).collect();
    let got: Vec<(Kind, &str)> = by_tag.iter().map(|f| (f.kind(), f.as_str())).collect();
    assert_eq!(got, want);
    let by_caller: Vec<Found<'_>> = extract_html(&links)
        .with_base("http://a/b/c/d;p?q")
        .collect();
    let got: Vec<(Kind, &str)> = by_caller.iter().map(|f| (f.kind(), f.as_str())).collect();
    assert_eq!(got, want);
    // The range still points at the value as written.
    for (f, &(r, _)) in by_caller.iter().zip(&examples) {
        assert_eq!(&links[f.range()], r);
    }
    // An absolute reference that resolution leaves unchanged is not copied.
    assert_eq!(examples[..2], [("g:h", "g:h"), ("g", "http://a/b/c/g")]);
    assert!(by_caller[0].is_borrowed() && by_caller[1].uri_ref().is_none());
}

#[test]
fn html_relative_base_tag_and_bad_bases() {
    // A relative <base href> is resolved against the caller's base.
    let html = "<base href=\"/other/\"><a href=x>";
    let got: Vec<String> = extract_html(html)
        .with_base("https://h.example/a/b")
        .map(|f| f.to_string())
        .collect();
    assert_eq!(got, ["https://h.example/other/x"]);
    // Without an absolute base, references stay relative.
    let got: Vec<(Kind, String)> = extract_html(html)
        .map(|f| (f.kind(), f.to_string()))
        .collect();
    assert_eq!(got, [(Kind::Reference, "x".to_string())]);
    let got: Vec<Kind> = extract_html("<a href=x>")
        .with_base("/not/absolute")
        .map(|f| f.kind())
        .collect();
    assert_eq!(got, [Kind::Reference]);
    // A base with a fragment is used without it (RFC 3986 §5.1).
    let got: Vec<String> = extract_html("<a href=y>")
        .with_base("http://h.example/d/#frag")
        .map(|f| f.to_string())
        .collect();
    assert_eq!(got, ["http://h.example/d/y"]);
}

/// IRIs in HTML (non-ASCII hrefs, as on every non-English page) are found and given as their
/// URIs (RFC 3987 §3.1), checked against iri-string's mapping; an invalid one is still skipped.
#[test]
fn html_iris_are_found_and_mapped() {
    use iri_string::types::IriReferenceStr;
    use urilex::extract::{extract_html, Kind};
    let hrefs = [
        "/vodsearch/毛片",
        "/a b.html",
        "http://例え.jp/パス",
        "/ok",
        "ページ?q=日本#節",
    ];
    let html: String = hrefs
        .iter()
        .map(|h| format!("<a href=\"{h}\">x</a>\n"))
        .collect();
    let found: Vec<(Kind, String, String)> = extract_html(&html)
        .map(|f| (f.kind(), f.as_str().to_owned(), html[f.range()].to_owned()))
        .collect();
    let want = |h: &str| IriReferenceStr::new(h).unwrap().encode_to_uri().to_string();
    assert_eq!(
        found,
        [
            (
                Kind::IriReference,
                want("/vodsearch/毛片"),
                "/vodsearch/毛片".to_owned()
            ),
            (
                Kind::Iri,
                want("http://例え.jp/パス"),
                "http://例え.jp/パス".to_owned()
            ),
            (Kind::Reference, "/ok".to_owned(), "/ok".to_owned()),
            (
                Kind::IriReference,
                want("ページ?q=日本#節"),
                "ページ?q=日本#節".to_owned()
            ),
        ]
    );
    // With a base, each is resolved: an IRI stays Kind::Iri, as its absolute URI.
    let resolved: Vec<(Kind, String)> = extract_html(&html)
        .with_base("https://example.cn/a/")
        .map(|f| (f.kind(), f.as_str().to_owned()))
        .collect();
    assert_eq!(
        resolved[0],
        (
            Kind::Iri,
            format!("https://example.cn{}", want("/vodsearch/毛片"))
        )
    );
    assert_eq!(resolved[2], (Kind::Uri, "https://example.cn/ok".to_owned()));
    assert_eq!(
        resolved[3],
        (
            Kind::Iri,
            format!("https://example.cn/a/{}", want("ページ?q=日本#節"))
        )
    );
    for (_, uri) in &resolved {
        assert!(urilex::UriRef::parse_uri(uri).is_ok(), "{uri}");
    }
}
