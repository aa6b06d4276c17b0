//! The URL Standard (`urilex::whatwg`): never a panic, in the parser or any setter; the
//! shortcut for URLs in serialized form gives what the state machine gives; an href parses to
//! itself (the serializer's output is a fixed point of the parser); and every
//! getter agrees with ada-url (Node.js's parser), on the input alone and against a base (the
//! input's first line, when it has two).
#![no_main]

use urilex::whatwg::{Url, ValidationErrorKind};

/// Every getter and the origin: urilex's and ada's have the same names.
macro_rules! getters {
    ($u:expr) => {{
        let u = $u;
        let origin = u.origin();
        [
            u.href(),
            u.protocol(),
            u.username(),
            u.password(),
            u.host(),
            u.hostname(),
            u.port(),
            u.pathname(),
            u.search(),
            u.hash(),
            &origin,
        ]
        .map(String::from)
    }};
}

fn getters(u: &Url) -> [String; 11] {
    getters!(u)
}

fn ada_getters(u: &ada_url::Url) -> [String; 11] {
    getters!(u)
}

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let Ok(s) = std::str::from_utf8(data) else {
        return;
    };
    let (base, input) = match s.split_once('\n') {
        Some((b, i)) => (Some(b), i),
        None => (None, s),
    };
    let ours = Url::parse(input, base);
    // The shortcut of URLs already in serialized form (taken by a parse without a report)
    // against the state machine alone (a parse with one).
    let slow = Url::parse_with_report(input, base, |_| {});
    match (&ours, &slow) {
        (Ok(a), Ok(b)) => assert_eq!(getters(a), getters(b), "{input:?} against {base:?}"),
        (Err(_), Err(_)) => {}
        _ => panic!("{input:?} against {base:?}: {ours:?} by the shortcut, {slow:?} without"),
    }
    if let Ok(url) = &ours {
        let again = Url::parse(url.href(), None).expect("an href parses");
        assert_eq!(again.href(), url.href(), "{input:?} against {base:?}");
        let mut edited = url.clone();
        edited.set_protocol(input);
        edited.set_username(input);
        edited.set_password(input);
        edited.set_host(input);
        edited.set_hostname(input);
        edited.set_port(input);
        edited.set_pathname(input);
        edited.set_search(input);
        edited.set_hash(input);
        let _ = edited.set_href(input);
        let _ = edited.to_uri_ref();
        let _ = edited.search_params().count();
        // A setter leaves a URL that is its own href's parse.
        let again = Url::parse(edited.href(), None).expect("an edited href parses");
        assert_eq!(again.href(), edited.href());
    }
    // ada's own UTS #46 is not the standard's in places (tests/whatwg_oracles.rs: the Bidi
    // rule on every label of a Bidi domain name, NFC before punycode): text that is not
    // ASCII, whose hosts may go through it, is compared by the checks above alone.
    if !s.is_ascii() {
        return;
    }
    let theirs = ada_url::Url::parse(input, base);
    match (&ours, &theirs) {
        (Ok(o), Ok(t)) => assert_eq!(getters(o), ada_getters(t), "{input:?} against {base:?}"),
        (Err(_), Err(_)) => {}
        // ada's own UTS #46 does not apply the Bidi rule (RFC 5893 §2) to every label of a
        // Bidi domain name, as ToASCII with CheckBidi must (tests/whatwg_oracles.rs,
        // `ada_misses_the_bidi_rule_on_ltr_labels_of_a_bidi_domain`): a host urilex refuses
        // there, ada may take.
        (Err(e), Ok(_)) if e.kind() == ValidationErrorKind::DomainToAscii => {}
        _ => panic!(
            "{input:?} against {base:?}: urilex {:?}, ada {:?}",
            ours.as_ref().map(Url::href),
            theirs.as_ref().map(ada_url::Url::href)
        ),
    }
});
