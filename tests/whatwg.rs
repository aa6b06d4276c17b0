//! The URL Standard (feature `whatwg`) against the web-platform-tests the browsers pass:
//! `urltestdata.json` (parsing, every getter), `setters_tests.json` (the URL API's setters)
//! and `toascii.json` (hosts through UTS #46), read from `../shared/conformance/whatwg/`.
#![cfg(feature = "whatwg")]

use serde_json::Value;
use urilex::whatwg::{can_parse, Url};

fn load(name: &str) -> Value {
    let path = format!("../shared/conformance/whatwg/{name}");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    serde_json::from_str(&text).unwrap()
}

fn getters(url: &Url) -> [(&'static str, String); 10] {
    [
        ("href", url.href().to_string()),
        ("protocol", url.protocol().to_string()),
        ("username", url.username().to_string()),
        ("password", url.password().to_string()),
        ("host", url.host().to_string()),
        ("hostname", url.hostname().to_string()),
        ("port", url.port().to_string()),
        ("pathname", url.pathname().to_string()),
        ("search", url.search().to_string()),
        ("hash", url.hash().to_string()),
    ]
}

/// Every case of `urltestdata.json`: the parse fails where it says so, and otherwise every
/// getter (and `origin` where it is given) has its value; `can_parse` agrees.
#[test]
fn urltestdata() {
    let data = load("urltestdata.json");
    let mut failures = Vec::new();
    let mut cases = 0;
    for case in data.as_array().unwrap() {
        let Some(case) = case.as_object() else {
            continue; // a comment
        };
        cases += 1;
        let input = case["input"].as_str().unwrap();
        let base = case.get("base").and_then(Value::as_str);
        let parsed = Url::parse(input, base);
        if can_parse(input, base) != parsed.is_ok() {
            failures.push(format!("{input:?} against {base:?}: can_parse disagrees"));
        }
        if case.get("failure").and_then(Value::as_bool) == Some(true) {
            if let Ok(url) = parsed {
                failures.push(format!(
                    "{input:?} against {base:?}: parsed as {url}, expected failure"
                ));
            }
            continue;
        }
        let url = match parsed {
            Ok(url) => url,
            Err(e) => {
                failures.push(format!(
                    "{input:?} against {base:?}: {e}, expected {}",
                    case["href"]
                ));
                continue;
            }
        };
        for (name, got) in getters(&url) {
            let want = case[name].as_str().unwrap();
            if got != want {
                failures.push(format!(
                    "{input:?} against {base:?}: {name} {got:?}, expected {want:?}"
                ));
            }
        }
        if let Some(origin) = case.get("origin").and_then(Value::as_str) {
            if url.origin() != origin {
                failures.push(format!(
                    "{input:?}: origin {:?}, expected {origin:?}",
                    url.origin()
                ));
            }
        }
    }
    assert!(cases > 800, "{cases}");
    assert!(
        failures.is_empty(),
        "{} of {cases} cases fail:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// Every case of `setters_tests.json`: the setter applied to the href, then each getter the
/// case names.
#[test]
fn setters_tests() {
    let data = load("setters_tests.json");
    let mut failures = Vec::new();
    let mut cases = 0;
    for (setter, list) in data.as_object().unwrap() {
        if setter == "comment" {
            continue;
        }
        let list = list.as_array().unwrap();
        for case in list {
            cases += 1;
            let href = case["href"].as_str().unwrap();
            let value = case["new_value"].as_str().unwrap();
            let mut url = Url::parse(href, None).unwrap();
            match setter.as_str() {
                "href" => {
                    let _ = url.set_href(value);
                }
                "protocol" => url.set_protocol(value),
                "username" => url.set_username(value),
                "password" => url.set_password(value),
                "host" => url.set_host(value),
                "hostname" => url.set_hostname(value),
                "port" => url.set_port(value),
                "pathname" => url.set_pathname(value),
                "search" => url.set_search(value),
                "hash" => url.set_hash(value),
                other => panic!("setter {other}"),
            }
            let got = getters(&url);
            for (name, want) in case["expected"].as_object().unwrap() {
                let have = &got.iter().find(|(n, _)| n == name).unwrap().1;
                if have != want.as_str().unwrap() {
                    failures.push(format!(
                        "{setter} = {value:?} on {href:?}: {name} {have:?}, expected {want}"
                    ));
                }
            }
        }
    }
    assert!(cases > 200, "{cases}");
    assert!(
        failures.is_empty(),
        "{} of {cases} cases fail:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// Every case of `toascii.json`: the host of `https://{input}/x` (and of `{input}` as a
/// hostname set on a URL) is the output, or the parse fails where the output is null.
#[test]
fn toascii() {
    let data = load("toascii.json");
    let mut failures = Vec::new();
    for case in data.as_array().unwrap() {
        let Some(case) = case.as_object() else {
            continue;
        };
        let input = case["input"].as_str().unwrap();
        let output = case["output"].as_str();
        let parsed = Url::parse(&format!("https://{input}/x"), None);
        match (output, &parsed) {
            (Some(want), Ok(url)) if url.hostname() == want && url.pathname() == "/x" => {}
            (None, Err(_)) => {}
            _ => failures.push(format!("{input:?}: {parsed:?}, expected {output:?}")),
        }
        let mut url = Url::parse("https://x/x", None).unwrap();
        url.set_hostname(input);
        let want = output.unwrap_or("x");
        if url.hostname() != want {
            failures.push(format!(
                "hostname = {input:?}: {:?}, expected {want:?}",
                url.hostname()
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The validation errors of a repaired URL, each named as the standard names it, at the byte
/// where it was found; the plain parse gives the same URL.
#[test]
fn parse_with_report_names_each_repair() {
    let input = " http:\\\\h\\a b\t/c?d#e f";
    let mut seen = Vec::new();
    let url = Url::parse_with_report(input, None, |e| seen.push((e.kind.name(), e.index))).unwrap();
    assert_eq!(url, Url::parse(input, None).unwrap());
    assert_eq!(url.href(), "http://h/a%20b/c?d#e%20f");
    for expected in [
        ("invalid-URL-unit", 0),  // the leading space, trimmed
        ("invalid-URL-unit", 13), // the tab, removed
        ("special-scheme-missing-following-solidus", 6),
        ("invalid-reverse-solidus", 9),
        ("invalid-URL-unit", 11), // the space in the path
        ("invalid-URL-unit", 20), // the space in the fragment
    ] {
        assert!(seen.contains(&expected), "{expected:?} not in {seen:?}");
    }
    let mut none = Vec::new();
    Url::parse_with_report("https://example.com/a?b#c", None, |e| none.push(e)).unwrap();
    assert!(none.is_empty(), "{none:?}");
    let err = Url::parse("http://[::1/", None).unwrap_err();
    assert_eq!(err.kind().name(), "IPv6-unclosed");
    let err = Url::parse("/a", Some("no base")).unwrap_err();
    assert!(err.in_base());
}

/// A `Url` is a value: `FromStr`, `Display`, `AsRef<str>`, compared, ordered and hashed by
/// its href, through serde as its href, and its `Debug` hides the password.
#[test]
fn url_is_a_value() {
    use std::collections::HashSet;
    let a: Url = "HTTP://User:S3CRET@h/".parse().unwrap();
    let b = Url::parse("http://User:S3CRET@H:80/", None).unwrap();
    assert_eq!(a, b);
    assert_eq!(a.to_string(), "http://User:S3CRET@h/");
    assert_eq!(AsRef::<str>::as_ref(&a), a.href());
    assert!(Url::parse("http://a/", None).unwrap() < Url::parse("http://b/", None).unwrap());
    assert_eq!(HashSet::from([a.clone(), b.clone()]).len(), 1);
    let debug = format!("{a:?}");
    assert!(
        !debug.contains("S3CRET") && debug.contains("User:***@h"),
        "{debug}"
    );
    #[cfg(feature = "serde")]
    {
        let json = serde_json::to_string(&a).unwrap();
        assert_eq!(json, "\"http://User:S3CRET@h/\"");
        assert_eq!(serde_json::from_str::<Url>(&json).unwrap(), a);
        assert!(serde_json::from_str::<Url>("\"http://a b/\"").is_err());
    }
    let err: urilex::Error = Url::parse("nope", None).unwrap_err().into();
    assert!(matches!(err, urilex::Error::Whatwg(_)));
}
