//! The driver of the basic URL parser (§4.4): it steps the machine `build.rs` compiles from
//! `tables/whatwg.machine` over the input's code points, and carries out each rule's actions
//! on a URL record. What the parser does in which state is the table's; how each named step
//! is done (a host parsed, a segment ended) is here, once.
//!
//! One step: the code point's class (a `\` in a special URL is a class of its own), the rules
//! of (state, class) tried in order until one whose guards hold, its actions in order, then
//! its target and its move of the pointer.

use alloc::string::String;

use super::record::{
    check_url_unit, default_port, encode_char, encode_str, host_or_fail, is_double_dot,
    is_normalized_windows_drive_letter, is_single_dot, is_special, is_windows_drive_letter_text,
    starts_with_windows_drive_letter, Failure, Input, OverrideResult, Record, Reporter,
};
use super::{ValidationError, ValidationErrorKind as V};
use crate::tables::whatwg::{
    self as table, Action, Guard, Move, State, To, CLASSES, DISPATCH, GUARDS, RULES,
};

/// The basic URL parser: fills `url` (a new record, or the URL a setter changes) from `input`,
/// against `base`, from the scheme start state or a setter's state override `over`.
pub(crate) fn parse(
    input: &Input,
    base: Option<&Record>,
    url: &mut Record,
    over: Option<State>,
    report: &mut Reporter<'_>,
) -> OverrideResult {
    walk::<true>(input, base, url, over, report)
}

/// The table walk; with `RUNS`, a run rule takes the code points after it that find the same
/// rules at once (the plain walk, one step a code point, is what tests hold it to).
pub(crate) fn walk<const RUNS: bool>(
    input: &Input,
    base: Option<&Record>,
    url: &mut Record,
    over: Option<State>,
    report: &mut Reporter<'_>,
) -> OverrideResult {
    let fixed = [
        (Guard::Override, over.is_some()),
        (Guard::HostnameOverride, over == Some(State::Hostname)),
        (Guard::Base, base.is_some()),
        (Guard::BaseOpaque, base.is_some_and(Record::has_opaque_path)),
        (Guard::BaseFile, base.is_some_and(|b| b.scheme == "file")),
    ];
    let mut m = Machine {
        input,
        base,
        flags: fixed
            .iter()
            .filter(|(_, on)| *on)
            .map(|&(g, _)| bit(g))
            .sum(),
        url,
        // The buffer keeps its room: what it collects is copied out at the exact size.
        buffer: String::with_capacity(input.chars.len()),
        password_token_seen: false,
    };
    m.set(Guard::Special, m.url.is_special());
    m.set(Guard::File, m.url.scheme == "file");
    let chars = &input.chars;
    let n = chars.len() as isize;
    let mut state = over.unwrap_or(State::SchemeStart);
    // The pointer may stand one before the start ("set pointer to -1").
    let mut pointer: isize = 0;
    loop {
        let p = pointer as usize;
        let c = chars.get(p).copied();
        let class = table::class(c, m.has(Guard::Special));
        let rules = DISPATCH[state as usize * CLASSES + usize::from(class)];
        // Most steps have one rule, without guards.
        let id = match rules {
            [only] if RULES[usize::from(*only)].mask == 0 => *only,
            _ => match m.choose(rules, p) {
                Some(id) => id,
                None => {
                    // build.rs has proved that every assignment of the guards finds a rule.
                    debug_assert!(false, "no rule for {state:?} class {class}");
                    return Err(m.failure(V::InvalidUrlUnit, p));
                }
            },
        };
        let rule = &RULES[usize::from(id)];
        // A run goes on over the code points that find the same rules, when the guards of
        // those rules are ones a run cannot change.
        if RUNS
            && rule.run
            && c.is_some()
            && rules
                .iter()
                .all(|&r| RULES[usize::from(r)].mask & !STABLE == 0)
        {
            // This code point and those after it that take the same rule, at once.
            let mut end = p + 1;
            while let Some(&next) = chars.get(end) {
                let class = table::class(Some(next), m.has(Guard::Special));
                if !core::ptr::eq(
                    DISPATCH[state as usize * CLASSES + usize::from(class)],
                    rules,
                ) {
                    break;
                }
                end += 1;
            }
            m.run(rule.actions, p, end, report)?;
            pointer = end as isize - 1;
        } else {
            for &action in rule.actions {
                m.act(action, c, p, report)?;
            }
        }
        match rule.to {
            To::State(next) => state = next,
            To::Return => return Ok(()),
            To::Fail(kind) => return Err(m.failure(kind, p)),
        }
        match rule.step {
            Move::Next => {}
            Move::Again => pointer -= 1,
            Move::Skip => pointer += 1,
            Move::Restart => pointer = -1,
            Move::Rewind => {
                pointer -= m.buffer.chars().count() as isize + 1;
                m.buffer.clear();
            }
        }
        if pointer >= n {
            return Ok(());
        }
        pointer += 1;
    }
}

const fn bit(guard: Guard) -> u32 {
    1 << guard as u32
}

/// The guards kept as bits in `Machine::flags`: fixed for the parse, or kept as what they
/// read changes (the scheme, `[`, `@`).
const FLAGS: u32 = bit(Guard::Override)
    | bit(Guard::HostnameOverride)
    | bit(Guard::Base)
    | bit(Guard::BaseOpaque)
    | bit(Guard::BaseFile)
    | bit(Guard::Special)
    | bit(Guard::File)
    | bit(Guard::InBrackets)
    | bit(Guard::AtSignSeen);

/// The guards that a run rule's actions (appending code points) cannot change: those of
/// `FLAGS`, and url's credentials, port and host.
const STABLE: u32 = FLAGS | bit(Guard::CredentialsOrPort) | bit(Guard::HostNull);

/// The parser's variables besides state and pointer (§4.4 "basic URL parser", its first
/// steps), and what the guards read.
struct Machine<'a, 'u> {
    input: &'a Input,
    base: Option<&'a Record>,
    url: &'u mut Record,
    buffer: String,
    password_token_seen: bool,
    /// The guards of `FLAGS` that hold.
    flags: u32,
}

impl Machine<'_, '_> {
    fn failure(&self, kind: V, p: usize) -> Failure {
        ValidationError {
            kind,
            index: self.input.byte_index(p),
        }
    }

    /// The buffer's text, the buffer emptied (its room kept).
    fn take_buffer(&mut self) -> String {
        let text = String::from(self.buffer.as_str());
        self.buffer.clear();
        text
    }

    fn has(&self, guard: Guard) -> bool {
        self.flags & bit(guard) != 0
    }

    fn set(&mut self, guard: Guard, on: bool) {
        self.flags = self.flags & !bit(guard) | if on { bit(guard) } else { 0 };
    }

    fn set_scheme(&mut self, scheme: String) {
        self.set(Guard::Special, is_special(&scheme));
        self.set(Guard::File, scheme == "file");
        self.url.scheme = scheme;
    }

    /// The first of `rules` whose guards hold. Not inlined: in the step loop, the compiler
    /// prepares what every guard reads before each step, whether the step tests one or not.
    #[inline(never)]
    fn choose(&self, rules: &[u16], p: usize) -> Option<u16> {
        // Each guard is answered once: `known` says which are, `value` what they are.
        let (mut known, mut value) = (FLAGS, self.flags);
        'rules: for &id in rules {
            let rule = &RULES[usize::from(id)];
            if (value ^ rule.want) & rule.mask & known != 0 {
                continue;
            }
            let mut rest = rule.mask & !known;
            while rest != 0 {
                let g = rest.trailing_zeros();
                rest &= rest - 1;
                known |= 1 << g;
                if self.guard(GUARDS[g as usize], p) {
                    value |= 1 << g;
                }
                if (value ^ rule.want) & 1 << g != 0 {
                    continue 'rules;
                }
            }
            return Some(id);
        }
        None
    }

    fn guard(&self, guard: Guard, p: usize) -> bool {
        let chars = &self.input.chars;
        let at = |k: usize| chars.get(p + k).copied();
        match guard {
            Guard::BufferSpecial => is_special(&self.buffer),
            Guard::BufferFile => self.buffer == "file",
            Guard::BaseSameScheme => self.base.is_some_and(|b| b.scheme == self.buffer),
            Guard::NextSlash => at(1) == Some('/'),
            Guard::SlashesFollow => at(1) == Some('/') && at(2) == Some('/'),
            Guard::NextQueryOrFragment => matches!(at(1), Some('?' | '#')),
            Guard::BufferEmpty => self.buffer.is_empty(),
            Guard::BufferDriveLetter => is_windows_drive_letter_text(&self.buffer),
            Guard::StartsWithDriveLetter => {
                starts_with_windows_drive_letter(&chars[p.min(chars.len())..])
            }
            Guard::CredentialsOrPort => self.url.includes_credentials() || self.url.port.is_some(),
            Guard::HostNull => self.url.host.is_none(),
            _ => self.flags & bit(guard) != 0,
        }
    }

    /// Carries out one action of a rule on code point `c` (`None`: EOF) at pointer `p`.
    /// Not inlined: inlined into the step loop, the compiler prepares every action's work on
    /// `c` (its UTF-8, its case, its class) before each step, whatever the rule's actions.
    #[inline(never)]
    fn act(
        &mut self,
        action: Action,
        c: Option<char>,
        p: usize,
        report: &mut Reporter<'_>,
    ) -> OverrideResult {
        // The base actions run only where a rule's guards (or the way in) made sure of a base;
        // without one they do nothing.
        let base = self.base;
        match action {
            Action::Lower => {
                if let Some(c) = c {
                    self.buffer.push(c.to_ascii_lowercase());
                }
            }
            Action::Push => {
                if let Some(c) = c {
                    self.buffer.push(c);
                }
            }
            Action::Clear => self.buffer.clear(),
            Action::Report(kind) => report.at(kind, self.input.byte_index(p)),
            Action::ReportNext(kind) => report.at(kind, self.input.byte_index(p + 1)),
            Action::SetScheme => {
                let scheme = self.take_buffer();
                self.set_scheme(scheme);
            }
            Action::OverrideScheme => self.override_scheme(),
            Action::OpaquePathStart => {
                self.url.opaque_path();
            }
            Action::BaseScheme => {
                if let Some(b) = base {
                    self.set_scheme(b.scheme.clone());
                }
            }
            Action::BaseAuthority => {
                if let Some(b) = base {
                    self.url.copy_authority(b);
                }
            }
            Action::BaseHost => {
                if let Some(b) = base {
                    self.url.host.clone_from(&b.host);
                }
            }
            Action::BasePath => {
                if let Some(b) = base {
                    self.url.path.clone_from(&b.path);
                    self.url.opaque = b.opaque;
                }
            }
            Action::BaseQuery => {
                if let Some(b) = base {
                    self.url.query.clone_from(&b.query);
                }
            }
            Action::BaseDriveLetter => {
                if let Some(b) = base {
                    if let Some(first) = b
                        .path
                        .first()
                        .filter(|s| !b.opaque && is_normalized_windows_drive_letter(s))
                    {
                        self.url.list().push(first.clone());
                    }
                }
            }
            Action::QueryStart => self.url.query = Some(String::new()),
            Action::FragmentStart => self.url.fragment = Some(String::new()),
            Action::ShortenPath => self.url.shorten_path(),
            Action::ClearPath => self.url.list().clear(),
            Action::Credentials => self.credentials(),
            Action::Host | Action::FileHost => {
                let input = self.input;
                let mut host =
                    host_or_fail(&self.buffer, !self.has(Guard::Special), input, p, report)?;
                if action == Action::FileHost && host == "localhost" {
                    host.clear();
                }
                self.url.host = Some(host);
                self.buffer.clear();
            }
            Action::EmptyHost => self.url.host = Some(String::new()),
            Action::Port => self.port(p)?,
            Action::OpenBracket => self.set(Guard::InBrackets, true),
            Action::CloseBracket => self.set(Guard::InBrackets, false),
            Action::SegmentEnd => self.segment_end(true),
            Action::LastSegmentEnd => self.segment_end(false),
            Action::EmptySegment => self.url.list().push(String::new()),
            Action::CheckUnit => {
                if let (Some(c), true) = (c, report.wants()) {
                    let chars = &self.input.chars;
                    let hex2 = chars.get(p + 1).is_some_and(char::is_ascii_hexdigit)
                        && chars.get(p + 2).is_some_and(char::is_ascii_hexdigit);
                    check_url_unit(c, hex2, self.input, p, report);
                }
            }
            Action::EncodeBuffer(set) => {
                if let Some(c) = c {
                    encode_char(c, set, &mut self.buffer);
                }
            }
            Action::EncodeOpaque(set) => {
                if let Some(c) = c {
                    encode_char(c, set, self.url.opaque_path());
                }
            }
            Action::EncodeQuery(set) => {
                encode_str(
                    &self.buffer,
                    set,
                    self.url.query.get_or_insert_with(String::new),
                );
                self.buffer.clear();
            }
            Action::EncodeFragment(set) => {
                if let Some(c) = c {
                    encode_char(c, set, self.url.fragment.get_or_insert_with(String::new));
                }
            }
        }
        Ok(())
    }

    /// The actions of a run rule on the code points `from..to`: each action over the whole
    /// run in turn (a run rule's actions write to different places, so the order of code
    /// points within each is all that matters).
    #[inline(never)]
    fn run(
        &mut self,
        actions: &[Action],
        from: usize,
        to: usize,
        report: &mut Reporter<'_>,
    ) -> OverrideResult {
        let run = &self.input.chars[from..to];
        for &action in actions {
            match action {
                Action::Lower => self.buffer.extend(run.iter().map(char::to_ascii_lowercase)),
                Action::Push => self.buffer.extend(run),
                Action::CheckUnit if !report.wants() => {}
                Action::EncodeBuffer(set) => {
                    for &c in run {
                        encode_char(c, set, &mut self.buffer);
                    }
                }
                Action::EncodeOpaque(set) => {
                    let path = self.url.opaque_path();
                    for &c in run {
                        encode_char(c, set, path);
                    }
                }
                Action::EncodeFragment(set) => {
                    let fragment = self.url.fragment.get_or_insert_with(String::new);
                    for &c in run {
                        encode_char(c, set, fragment);
                    }
                }
                _ => {
                    for (q, &c) in (from..to).zip(run) {
                        self.act(action, Some(c), q, report)?;
                    }
                }
            }
        }
        Ok(())
    }

    /// The scheme state's steps under a state override (the protocol setter): a special scheme
    /// cannot become a non-special one nor the reverse, nor "file" a URL with credentials or
    /// a port, nor anything a file URL with an empty host; else the scheme is set and a port
    /// that is its default dropped.
    fn override_scheme(&mut self) {
        let url = &*self.url;
        let refused = url.is_special() != is_special(&self.buffer)
            || ((url.includes_credentials() || url.port.is_some()) && self.buffer == "file")
            || (url.scheme == "file" && url.host.as_deref() == Some(""));
        if refused {
            return;
        }
        let scheme = self.take_buffer();
        self.set_scheme(scheme);
        let url = &mut *self.url;
        if url.port.is_some() && url.port == default_port(&url.scheme) {
            url.port = None;
        }
    }

    /// The authority state on `@`: the buffer so far is credentials (an earlier `@` was one
    /// of them, `%40`), its first `:` between username and password.
    fn credentials(&mut self) {
        if self.has(Guard::AtSignSeen) {
            self.buffer.insert_str(0, "%40");
        }
        self.set(Guard::AtSignSeen, true);
        for cp in self.buffer.chars() {
            if cp == ':' && !self.password_token_seen {
                self.password_token_seen = true;
                continue;
            }
            let to = if self.password_token_seen {
                &mut self.url.password
            } else {
                &mut self.url.username
            };
            encode_char(cp, crate::tables::whatwg::EncodeSet::Userinfo, to);
        }
        self.buffer.clear();
    }

    /// The port state's end: the buffer's digits as the port (none if it is the scheme's
    /// default), or a failure above 65535. An empty buffer leaves the port alone.
    fn port(&mut self, p: usize) -> OverrideResult {
        if self.buffer.is_empty() {
            return Ok(());
        }
        let digits = self.buffer.trim_start_matches('0');
        let port = if digits.len() > 5 {
            None
        } else {
            digits.parse::<u32>().ok().or(Some(0))
        };
        let Some(port) = port.and_then(|p| u16::try_from(p).ok()) else {
            return Err(self.failure(V::PortOutOfRange, p.saturating_sub(self.buffer.len())));
        };
        self.url.port = (default_port(&self.url.scheme) != Some(port)).then_some(port);
        self.buffer.clear();
        Ok(())
    }

    /// The path state's end of a segment (`slash`: a `/` follows): `..` shortens the path, `.`
    /// adds nothing, a first segment that is a Windows drive letter of a file URL gets its `:`,
    /// any other segment is appended.
    fn segment_end(&mut self, slash: bool) {
        let file = self.has(Guard::File);
        let buffer = &mut self.buffer;
        if is_double_dot(buffer) {
            self.url.shorten_path();
            if !slash {
                self.url.list().push(String::new());
            }
        } else if is_single_dot(buffer) {
            if !slash {
                self.url.list().push(String::new());
            }
        } else {
            let list = self.url.list();
            if file && list.is_empty() && is_windows_drive_letter_text(buffer) {
                buffer.replace_range(1..2, ":");
            }
            list.push(String::from(buffer.as_str()));
        }
        buffer.clear();
    }
}
