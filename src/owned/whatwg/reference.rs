//! A reference for the table-driven parser (`machine.rs`, `tables/whatwg.machine`): the basic
//! URL parser of the URL Standard (§4.4) written by hand from its prose, state by state as the
//! standard names them, over the same URL record. Slow and plain; compiled for tests only,
//! where proptest and the corpora hold the two to the same records and the same errors.

use alloc::string::String;
use alloc::vec::Vec;

use super::record::*;
use super::{ValidationError, ValidationErrorKind as V};
use crate::tables::whatwg::EncodeSet;

/// The states of the basic URL parser, as the standard names them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum State {
    SchemeStart,
    Scheme,
    NoScheme,
    SpecialRelativeOrAuthority,
    PathOrAuthority,
    Relative,
    RelativeSlash,
    SpecialAuthoritySlashes,
    SpecialAuthorityIgnoreSlashes,
    Authority,
    Host,
    Hostname,
    Port,
    File,
    FileSlash,
    FileHost,
    PathStart,
    Path,
    OpaquePath,
    Query,
    Fragment,
}

/// Where the parse starts and what it may change: the whole URL, or one component for a
/// setter (the standard's "state override").
pub(super) struct Override {
    pub(super) state: State,
}

/// The basic URL parser. `url` is the record to fill (a new one, or the URL a setter
/// changes), `base` the base URL, `over` the state override of a setter.
pub(super) fn parse(
    input: &Input,
    base: Option<&Record>,
    url: &mut Record,
    over: Option<Override>,
    report: &mut Reporter<'_>,
) -> OverrideResult {
    let c_at = |p: usize| input.chars.get(p).copied();
    let fail = |kind: V, p: usize| {
        Err(ValidationError {
            kind,
            index: input.byte_index(p),
        })
    };
    let has_override = over.is_some();
    let mut state = over.as_ref().map_or(State::SchemeStart, |o| o.state);
    let mut buffer = String::new();
    let mut at_sign_seen = false;
    let mut inside_brackets = false;
    let mut password_token_seen = false;
    let chars = &input.chars;
    let n = chars.len();
    // The pointer may go one before the start ("decrease pointer by 1" at 0).
    let mut pointer: isize = 0;
    loop {
        let p = pointer as usize;
        let c = if pointer < 0 { None } else { c_at(p) };
        let remaining = |k: usize| -> Option<char> { chars.get(p + 1 + k).copied() };
        let remaining_hex2 = || {
            remaining(0).is_some_and(|c| c.is_ascii_hexdigit())
                && remaining(1).is_some_and(|c| c.is_ascii_hexdigit())
        };
        match state {
            State::SchemeStart => {
                if let Some(c) = c.filter(|c| c.is_ascii_alphabetic()) {
                    buffer.push(c.to_ascii_lowercase());
                    state = State::Scheme;
                } else if !has_override {
                    state = State::NoScheme;
                    pointer -= 1;
                } else {
                    return fail(V::InvalidScheme, p);
                }
            }
            State::Scheme => {
                if let Some(c) =
                    c.filter(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'))
                {
                    buffer.push(c.to_ascii_lowercase());
                } else if c == Some(':') {
                    if has_override {
                        if url.is_special() != is_special(&buffer) {
                            return Ok(());
                        }
                        if (url.includes_credentials() || url.port.is_some()) && buffer == "file" {
                            return Ok(());
                        }
                        if url.scheme == "file" && url.host.as_deref() == Some("") {
                            return Ok(());
                        }
                    }
                    url.scheme = core::mem::take(&mut buffer);
                    if has_override {
                        if url.port.is_some() && url.port == default_port(&url.scheme) {
                            url.port = None;
                        }
                        return Ok(());
                    }
                    if url.scheme == "file" {
                        if !(remaining(0) == Some('/') && remaining(1) == Some('/')) {
                            report.at(
                                V::SpecialSchemeMissingFollowingSolidus,
                                input.byte_index(p + 1),
                            );
                        }
                        state = State::File;
                    } else if url.is_special() && base.is_some_and(|b| b.scheme == url.scheme) {
                        state = State::SpecialRelativeOrAuthority;
                    } else if url.is_special() {
                        state = State::SpecialAuthoritySlashes;
                    } else if remaining(0) == Some('/') {
                        state = State::PathOrAuthority;
                        pointer += 1;
                    } else {
                        url.opaque_path();
                        state = State::OpaquePath;
                    }
                } else if !has_override {
                    buffer.clear();
                    state = State::NoScheme;
                    pointer = -1;
                } else {
                    return fail(V::InvalidScheme, p);
                }
            }
            State::NoScheme => match base {
                None => return fail(V::MissingSchemeNonRelativeUrl, p),
                Some(b) if b.has_opaque_path() && c != Some('#') => {
                    return fail(V::MissingSchemeNonRelativeUrl, p)
                }
                Some(b) if b.has_opaque_path() => {
                    url.scheme = b.scheme.clone();
                    url.path = b.path.clone();
                    url.opaque = b.opaque;
                    url.query = b.query.clone();
                    url.fragment = Some(String::new());
                    state = State::Fragment;
                }
                Some(b) if b.scheme != "file" => {
                    state = State::Relative;
                    pointer -= 1;
                }
                Some(_) => {
                    state = State::File;
                    pointer -= 1;
                }
            },
            State::SpecialRelativeOrAuthority => {
                if c == Some('/') && remaining(0) == Some('/') {
                    state = State::SpecialAuthorityIgnoreSlashes;
                    pointer += 1;
                } else {
                    report.at(V::SpecialSchemeMissingFollowingSolidus, input.byte_index(p));
                    state = State::Relative;
                    pointer -= 1;
                }
            }
            State::PathOrAuthority => {
                if c == Some('/') {
                    state = State::Authority;
                } else {
                    state = State::Path;
                    pointer -= 1;
                }
            }
            State::Relative => {
                // Entered from the no scheme state, which has made sure of a base.
                let Some(b) = base else {
                    return fail(V::MissingSchemeNonRelativeUrl, p);
                };
                url.scheme = b.scheme.clone();
                if c == Some('/') {
                    state = State::RelativeSlash;
                } else if url.is_special() && c == Some('\\') {
                    report.at(V::InvalidReverseSolidus, input.byte_index(p));
                    state = State::RelativeSlash;
                } else {
                    url.copy_authority(b);
                    url.path = b.path.clone();
                    url.opaque = b.opaque;
                    url.query = b.query.clone();
                    if c == Some('?') {
                        url.query = Some(String::new());
                        state = State::Query;
                    } else if c == Some('#') {
                        url.fragment = Some(String::new());
                        state = State::Fragment;
                    } else if c.is_some() {
                        url.query = None;
                        url.shorten_path();
                        state = State::Path;
                        pointer -= 1;
                    }
                }
            }
            State::RelativeSlash => {
                if url.is_special() && matches!(c, Some('/' | '\\')) {
                    if c == Some('\\') {
                        report.at(V::InvalidReverseSolidus, input.byte_index(p));
                    }
                    state = State::SpecialAuthorityIgnoreSlashes;
                } else if c == Some('/') {
                    state = State::Authority;
                } else {
                    let Some(b) = base else {
                        return fail(V::MissingSchemeNonRelativeUrl, p);
                    };
                    url.copy_authority(b);
                    state = State::Path;
                    pointer -= 1;
                }
            }
            State::SpecialAuthoritySlashes => {
                if c == Some('/') && remaining(0) == Some('/') {
                    state = State::SpecialAuthorityIgnoreSlashes;
                    pointer += 1;
                } else {
                    report.at(V::SpecialSchemeMissingFollowingSolidus, input.byte_index(p));
                    state = State::SpecialAuthorityIgnoreSlashes;
                    pointer -= 1;
                }
            }
            State::SpecialAuthorityIgnoreSlashes => {
                if !matches!(c, Some('/' | '\\')) {
                    state = State::Authority;
                    pointer -= 1;
                } else {
                    report.at(V::SpecialSchemeMissingFollowingSolidus, input.byte_index(p));
                }
            }
            State::Authority => {
                if c == Some('@') {
                    report.at(V::InvalidCredentials, input.byte_index(p));
                    if at_sign_seen {
                        buffer.insert_str(0, "%40");
                    }
                    at_sign_seen = true;
                    for cp in buffer.chars() {
                        if cp == ':' && !password_token_seen {
                            password_token_seen = true;
                            continue;
                        }
                        if password_token_seen {
                            encode_char(cp, EncodeSet::Userinfo, &mut url.password);
                        } else {
                            encode_char(cp, EncodeSet::Userinfo, &mut url.username);
                        }
                    }
                    buffer.clear();
                } else if matches!(c, None | Some('/' | '?' | '#'))
                    || (url.is_special() && c == Some('\\'))
                {
                    if at_sign_seen && buffer.is_empty() {
                        return fail(V::HostMissing, p);
                    }
                    pointer -= buffer.chars().count() as isize + 1;
                    buffer.clear();
                    state = State::Host;
                } else if let Some(c) = c {
                    buffer.push(c);
                }
            }
            State::Host | State::Hostname => {
                if has_override && url.scheme == "file" {
                    pointer -= 1;
                    state = State::FileHost;
                } else if c == Some(':') && !inside_brackets {
                    if buffer.is_empty() {
                        return fail(V::HostMissing, p);
                    }
                    if over.as_ref().is_some_and(|o| o.state == State::Hostname) {
                        return fail(V::HostMissing, p);
                    }
                    let host = host_or_fail(&buffer, !url.is_special(), input, p, report)?;
                    url.host = Some(host);
                    buffer.clear();
                    state = State::Port;
                } else if matches!(c, None | Some('/' | '?' | '#'))
                    || (url.is_special() && c == Some('\\'))
                {
                    pointer -= 1;
                    // A special URL needs a host; a setter may not empty the host of a URL
                    // with credentials or a port.
                    if buffer.is_empty()
                        && (url.is_special()
                            || (has_override && (url.includes_credentials() || url.port.is_some())))
                    {
                        return fail(V::HostMissing, p);
                    }
                    let host = host_or_fail(&buffer, !url.is_special(), input, p, report)?;
                    url.host = Some(host);
                    buffer.clear();
                    state = State::PathStart;
                    if has_override {
                        return Ok(());
                    }
                } else if let Some(c) = c {
                    if c == '[' {
                        inside_brackets = true;
                    }
                    if c == ']' {
                        inside_brackets = false;
                    }
                    buffer.push(c);
                }
            }
            State::Port => {
                if let Some(c) = c.filter(char::is_ascii_digit) {
                    buffer.push(c);
                } else if matches!(c, None | Some('/' | '?' | '#'))
                    || (url.is_special() && c == Some('\\'))
                    || has_override
                {
                    if !buffer.is_empty() {
                        let digits = buffer.trim_start_matches('0');
                        let port = if digits.len() > 5 {
                            None
                        } else {
                            digits.parse::<u32>().ok().or(Some(0))
                        };
                        let Some(port) = port.filter(|&p| p <= 0xFFFF) else {
                            return fail(V::PortOutOfRange, p.saturating_sub(buffer.len()));
                        };
                        let port = port as u16;
                        url.port = (default_port(&url.scheme) != Some(port)).then_some(port);
                        buffer.clear();
                        if has_override {
                            return Ok(());
                        }
                    }
                    if has_override {
                        return fail(V::PortInvalid, p);
                    }
                    state = State::PathStart;
                    pointer -= 1;
                } else {
                    return fail(V::PortInvalid, p);
                }
            }
            State::File => {
                url.scheme = String::from("file");
                url.host = Some(String::new());
                if matches!(c, Some('/' | '\\')) {
                    if c == Some('\\') {
                        report.at(V::InvalidReverseSolidus, input.byte_index(p));
                    }
                    state = State::FileSlash;
                } else if let Some(b) = base.filter(|b| b.scheme == "file") {
                    url.host = b.host.clone();
                    url.path = b.path.clone();
                    url.opaque = b.opaque;
                    url.query = b.query.clone();
                    if c == Some('?') {
                        url.query = Some(String::new());
                        state = State::Query;
                    } else if c == Some('#') {
                        url.fragment = Some(String::new());
                        state = State::Fragment;
                    } else if c.is_some() {
                        url.query = None;
                        if !starts_with_windows_drive_letter(&chars[p..]) {
                            url.shorten_path();
                        } else {
                            report.at(V::FileInvalidWindowsDriveLetter, input.byte_index(p));
                            url.list().clear();
                        }
                        state = State::Path;
                        pointer -= 1;
                    }
                } else {
                    state = State::Path;
                    pointer -= 1;
                }
            }
            State::FileSlash => {
                if matches!(c, Some('/' | '\\')) {
                    if c == Some('\\') {
                        report.at(V::InvalidReverseSolidus, input.byte_index(p));
                    }
                    state = State::FileHost;
                } else {
                    if let Some(b) = base.filter(|b| b.scheme == "file") {
                        url.host = b.host.clone();
                        if !starts_with_windows_drive_letter(&chars[p.min(n)..])
                            && !b.opaque
                            && b.path
                                .first()
                                .is_some_and(|s| is_normalized_windows_drive_letter(s))
                        {
                            let first = b.path[0].clone();
                            url.list().push(first);
                        }
                    }
                    state = State::Path;
                    pointer -= 1;
                }
            }
            State::FileHost => {
                if matches!(c, None | Some('/' | '\\' | '?' | '#')) {
                    pointer -= 1;
                    let buf: Vec<char> = buffer.chars().collect();
                    if !has_override && is_windows_drive_letter(&buf) {
                        report.at(V::FileInvalidWindowsDriveLetterHost, input.byte_index(p));
                        state = State::Path;
                    } else if buffer.is_empty() {
                        url.host = Some(String::new());
                        if has_override {
                            return Ok(());
                        }
                        state = State::PathStart;
                    } else {
                        let mut host = host_or_fail(&buffer, !url.is_special(), input, p, report)?;
                        if host == "localhost" {
                            host.clear();
                        }
                        url.host = Some(host);
                        if has_override {
                            return Ok(());
                        }
                        buffer.clear();
                        state = State::PathStart;
                    }
                } else if let Some(c) = c {
                    buffer.push(c);
                }
            }
            State::PathStart => {
                if url.is_special() {
                    if c == Some('\\') {
                        report.at(V::InvalidReverseSolidus, input.byte_index(p));
                    }
                    state = State::Path;
                    if !matches!(c, Some('/' | '\\')) {
                        pointer -= 1;
                    }
                } else if !has_override && c == Some('?') {
                    url.query = Some(String::new());
                    state = State::Query;
                } else if !has_override && c == Some('#') {
                    url.fragment = Some(String::new());
                    state = State::Fragment;
                } else if c.is_some() {
                    state = State::Path;
                    if c != Some('/') {
                        pointer -= 1;
                    }
                } else if has_override && url.host.is_none() {
                    url.list().push(String::new());
                }
            }
            State::Path => {
                let special_slash = url.is_special() && c == Some('\\');
                if matches!(c, None | Some('/'))
                    || special_slash
                    || (!has_override && matches!(c, Some('?' | '#')))
                {
                    if special_slash {
                        report.at(V::InvalidReverseSolidus, input.byte_index(p));
                    }
                    let slash = c == Some('/') || special_slash;
                    if is_double_dot(&buffer) {
                        url.shorten_path();
                        if !slash {
                            url.list().push(String::new());
                        }
                    } else if is_single_dot(&buffer) && !slash {
                        url.list().push(String::new());
                    } else if !is_single_dot(&buffer) {
                        let file = url.scheme == "file";
                        let list = url.list();
                        if file && list.is_empty() {
                            let b: Vec<char> = buffer.chars().collect();
                            if is_windows_drive_letter(&b) {
                                buffer.replace_range(1..2, ":");
                            }
                        }
                        list.push(core::mem::take(&mut buffer));
                    }
                    buffer.clear();
                    if c == Some('?') {
                        url.query = Some(String::new());
                        state = State::Query;
                    }
                    if c == Some('#') {
                        url.fragment = Some(String::new());
                        state = State::Fragment;
                    }
                } else if let Some(c) = c {
                    check_url_unit(c, remaining_hex2(), input, p, report);
                    encode_char(c, EncodeSet::Path, &mut buffer);
                }
            }
            State::OpaquePath => {
                if c == Some('?') {
                    url.query = Some(String::new());
                    state = State::Query;
                } else if c == Some('#') {
                    url.fragment = Some(String::new());
                    state = State::Fragment;
                } else if let Some(c) = c {
                    let path = url.opaque_path();
                    if c == ' ' {
                        report.at(V::InvalidUrlUnit, input.byte_index(p));
                        if matches!(remaining(0), Some('?' | '#')) {
                            path.push_str("%20");
                        } else {
                            path.push(' ');
                        }
                    } else {
                        check_url_unit(c, remaining_hex2(), input, p, report);
                        encode_char(c, EncodeSet::C0Control, path);
                    }
                }
            }
            State::Query => {
                if (!has_override && c == Some('#')) || c.is_none() {
                    let set = if url.is_special() {
                        EncodeSet::SpecialQuery
                    } else {
                        EncodeSet::Query
                    };
                    let query = url.query.get_or_insert_with(String::new);
                    encode_str(&buffer, set, query);
                    buffer.clear();
                    if c == Some('#') {
                        url.fragment = Some(String::new());
                        state = State::Fragment;
                    }
                } else if let Some(c) = c {
                    check_url_unit(c, remaining_hex2(), input, p, report);
                    buffer.push(c);
                }
            }
            State::Fragment => {
                if let Some(c) = c {
                    check_url_unit(c, remaining_hex2(), input, p, report);
                    let fragment = url.fragment.get_or_insert_with(String::new);
                    encode_char(c, EncodeSet::Fragment, fragment);
                }
            }
        }
        if pointer >= 0 && pointer as usize >= n {
            break;
        }
        pointer += 1;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use alloc::format;
    use alloc::string::String;
    use alloc::vec::Vec;

    use proptest::prelude::*;

    use super::super::record::{Input, Record, Reporter};
    use super::super::{machine, Url};
    use super::{Override, State};
    use crate::tables::whatwg::State as T;
    use crate::whatwg::ValidationError;

    /// What a parse leaves: the record (or the failure) and every validation error reported.
    type Outcome = (Result<Record, ValidationError>, Vec<ValidationError>);

    /// Which parser runs.
    #[derive(Clone, Copy)]
    enum How {
        Reference,
        Table,
        /// The table, one step a code point (no runs).
        PlainWalk,
    }

    /// A parse by the reference or by the machine, from scratch or with a setter's override.
    fn run(how: How, input: &str, base: Option<&Record>, start: Option<(Record, T)>) -> Outcome {
        let mut errors = Vec::new();
        let (result, url) = {
            let mut push = |e: ValidationError| errors.push(e);
            let mut report = Reporter { f: Some(&mut push) };
            let input = Input::new(input, start.is_none(), &mut report);
            let (mut url, over) = match start {
                Some((url, state)) => (url, Some(state)),
                None => (Record::default(), None),
            };
            let result = match how {
                How::Table => machine::parse(&input, base, &mut url, over, &mut report),
                How::PlainWalk => machine::walk::<false>(&input, base, &mut url, over, &mut report),
                How::Reference => {
                    let over = over.map(|s| Override {
                        state: match s {
                            T::SchemeStart => State::SchemeStart,
                            T::Host => State::Host,
                            T::Hostname => State::Hostname,
                            T::Port => State::Port,
                            T::PathStart => State::PathStart,
                            T::Query => State::Query,
                            T::Fragment => State::Fragment,
                            other => panic!("no setter starts in {other:?}"),
                        },
                    });
                    super::parse(&input, base, &mut url, over, &mut report)
                }
            };
            (result, url)
        };
        (result.map(|()| url), errors)
    }

    fn same(input: &str, base: Option<&Record>, start: Option<(Record, T)>) {
        let reference = run(How::Reference, input, base, start.clone());
        let table = run(How::Table, input, base, start.clone());
        // The runs are a shortcut of the plain walk: the same outcome.
        assert_eq!(
            run(How::PlainWalk, input, base, start.clone()),
            table,
            "{input:?} against {base:?}, without runs"
        );
        assert_eq!(
            table,
            reference,
            "{input:?} against {base:?} from {:?}",
            start.map(|s| s.1)
        );
    }

    fn record(input: &str) -> Option<Record> {
        run(How::Reference, input, None, None).0.ok()
    }

    /// Every input of the web-platform-tests, against its base: the same record, failure and
    /// validation errors (kind and index); then every setter of `setters_tests.json` on it.
    #[test]
    fn the_machine_is_the_reference_on_the_wpt_files() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/conformance/whatwg/");
        let read = |f: &str| -> serde_json::Value {
            serde_json::from_str(&std::fs::read_to_string(format!("{dir}{f}")).unwrap()).unwrap()
        };
        let mut cases = 0;
        for case in read("urltestdata.json").as_array().unwrap() {
            let Some(input) = case.get("input").and_then(|i| i.as_str()) else {
                continue;
            };
            let base = case.get("base").and_then(|b| b.as_str()).and_then(record);
            same(input, base.as_ref(), None);
            cases += 1;
        }
        assert!(cases > 800, "{cases}");
        let setters = read("setters_tests.json");
        let states = [
            ("protocol", T::SchemeStart),
            ("host", T::Host),
            ("hostname", T::Hostname),
            ("port", T::Port),
            ("pathname", T::PathStart),
            ("search", T::Query),
            ("hash", T::Fragment),
        ];
        let mut runs = 0;
        for (name, state) in states {
            for case in setters[name].as_array().unwrap() {
                let Some(url) = record(case["href"].as_str().unwrap()) else {
                    continue;
                };
                let value = case["new_value"].as_str().unwrap();
                same(value, None, Some((url, state)));
                runs += 1;
            }
        }
        assert!(runs > 200, "{runs}");
    }

    /// Pieces where the states part: schemes, slashes either way, credentials, brackets,
    /// ports, dot segments, drive letters, percent signs, spaces, tabs, non-ASCII.
    const PIECES: &[&str] = &[
        "http:",
        "HTTPS:",
        "file:",
        "ws:",
        "sc:",
        "a+b:",
        "1a:",
        ":",
        "/",
        "//",
        "\\",
        "\\\\",
        "?",
        "#",
        "@",
        "a@",
        "u:p@",
        ":@",
        "[",
        "]",
        "[::1]",
        "[1:2::",
        "example.com",
        "h",
        "localhost",
        "0x7f.1",
        "1.2.3.4",
        "%41",
        "%",
        "%2e",
        ".",
        "..",
        "%2E%2e",
        "C:",
        "c|",
        "/C:/",
        "|",
        ":8080",
        ":80",
        ":99999",
        ":0",
        "x",
        "A",
        "é",
        "\u{FFFD}",
        "ß",
        " ",
        "\t",
        "\n",
        "'",
        "\"",
        "<",
        "{",
        "^",
        "`",
        "\u{1}",
        "a b",
        "?q=1",
        "#f",
        "%zz",
    ];
    const BASES: &[&str] = &[
        "http://ex.com/a/b?q#f",
        "file:///C:/dir/file",
        "file://host/a/b",
        "sc://h/a/b",
        "sc:opaque?q",
        "mailto:a@b",
        "https://u:p@h:81/",
        "non-spec:/a/b",
    ];

    fn pieces() -> impl Strategy<Value = String> {
        proptest::collection::vec(0..PIECES.len(), 0..12)
            .prop_map(|ix| ix.into_iter().map(|i| PIECES[i]).collect())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(4000))]

        /// Inputs built from the pieces, alone and against each base.
        #[test]
        fn the_machine_is_the_reference(input in pieces(), base in 0..=BASES.len()) {
            let base = BASES.get(base).and_then(|b| record(b));
            same(&input, base.as_ref(), None);
        }

        /// Setters on a URL built from the pieces: every state a setter starts in.
        #[test]
        fn the_machine_is_the_reference_under_overrides(
            url in pieces(),
            value in pieces(),
            start in 0..7usize,
        ) {
            let url = format!("http://h/{url}");
            let state = [T::SchemeStart, T::Host, T::Hostname, T::Port, T::PathStart, T::Query,
                T::Fragment][start];
            for target in [url.as_str(), "file:///a", "sc://h/p", "sc:/p"] {
                if let Some(record) = record(target) {
                    same(&value, None, Some((record, state)));
                }
            }
        }
    }

    /// The public entry runs the machine: a parse with a report is the reference's record,
    /// serialized.
    #[test]
    fn url_parse_runs_the_machine() {
        for input in [
            "HTTP://A:80/./b\\c d?'#x",
            "file:///C|/..",
            "sc:\\a b",
            "http://[::1]:0/",
        ] {
            let url = Url::parse_with_report(input, None, |_| {}).unwrap();
            let want = Url::from_record(&record(input).unwrap());
            assert_eq!(url.href(), want.href(), "{input:?}");
        }
    }
}
