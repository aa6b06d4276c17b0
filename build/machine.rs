//! Compiles `tables/whatwg.machine`, the URL Standard's basic URL parser as data, into Rust:
//! the percent-encode sets as one byte table, the code points the rules tell apart as
//! equivalence classes, and for every (state, class) the rules to try, in order. See the
//! header of the file for its format. `generate` is pure: tests/tables.rs reaches it.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use super::strip_comment;

pub const FILE: &str = "tables/whatwg.machine";

/// The conditions a rule may test (`if GUARD, !GUARD`): the variants of the generated `Guard`,
/// each answered by the driver (src/owned/whatwg/machine.rs), with what it means.
pub const GUARDS: &[(&str, &str)] = &[
    ("override", "the parse has a state override (a setter)"),
    (
        "hostname-override",
        "the state override is the hostname state",
    ),
    ("special", "url's scheme is special"),
    ("file", "url's scheme is \"file\""),
    (
        "buffer-special",
        "the buffer (a scheme) is a special scheme",
    ),
    ("buffer-file", "the buffer is \"file\""),
    (
        "base-same-scheme",
        "there is a base, and its scheme is the buffer",
    ),
    ("base", "there is a base"),
    ("base-opaque", "the base has an opaque path"),
    ("base-file", "the base's scheme is \"file\""),
    ("next-slash", "the code point after c is `/`"),
    ("slashes-follow", "the two code points after c are `//`"),
    (
        "next-query-or-fragment",
        "the code point after c is `?` or `#`",
    ),
    ("in-brackets", "the host buffer is inside `[` `]`"),
    ("buffer-empty", "the buffer is empty"),
    (
        "buffer-drive-letter",
        "the buffer is a Windows drive letter",
    ),
    (
        "starts-with-drive-letter",
        "the input from c starts with a Windows drive letter",
    ),
    ("at-sign-seen", "an `@` has been seen in the authority"),
    (
        "credentials-or-port",
        "url includes credentials or has a port",
    ),
    ("host-null", "url's host is null"),
];

/// What an action's argument is.
#[derive(Clone, Copy, PartialEq)]
enum Arg {
    None,
    /// A validation error kind, by the standard's name.
    Kind,
    /// A percent-encode set of the file.
    Set,
}

/// The steps a rule may take (the variants of the generated `Action`): each is carried out by
/// the driver.
const ACTIONS: &[(&str, Arg)] = &[
    ("lower", Arg::None),
    ("push", Arg::None),
    ("clear", Arg::None),
    ("report", Arg::Kind),
    ("report-next", Arg::Kind),
    ("set-scheme", Arg::None),
    ("override-scheme", Arg::None),
    ("opaque-path-start", Arg::None),
    ("base-scheme", Arg::None),
    ("base-authority", Arg::None),
    ("base-host", Arg::None),
    ("base-path", Arg::None),
    ("base-query", Arg::None),
    ("base-drive-letter", Arg::None),
    ("query-start", Arg::None),
    ("fragment-start", Arg::None),
    ("shorten-path", Arg::None),
    ("clear-path", Arg::None),
    ("credentials", Arg::None),
    ("host", Arg::None),
    ("file-host", Arg::None),
    ("empty-host", Arg::None),
    ("port", Arg::None),
    ("open-bracket", Arg::None),
    ("close-bracket", Arg::None),
    ("segment-end", Arg::None),
    ("last-segment-end", Arg::None),
    ("empty-segment", Arg::None),
    ("check-unit", Arg::None),
    ("encode-buffer", Arg::Set),
    ("encode-opaque", Arg::Set),
    ("encode-query", Arg::Set),
    ("encode-fragment", Arg::Set),
];

/// The validation errors a rule may name (`!kind`, `report(kind)`): variants of
/// `ValidationErrorKind`, by the standard's names.
const KINDS: &[&str] = &[
    "invalid-scheme",
    "missing-scheme-non-relative-URL",
    "special-scheme-missing-following-solidus",
    "invalid-reverse-solidus",
    "invalid-credentials",
    "host-missing",
    "port-invalid",
    "file-invalid-Windows-drive-letter",
    "file-invalid-Windows-drive-letter-host",
    "invalid-URL-unit",
];

/// The actions a rule may repeat over a run of code points (each appends what it makes of
/// one code point, or reports on it): a rule without guards that stays in its state, moves
/// next and takes only these is a *run rule*, which the driver applies to all the code points
/// that take it in a row at once.
const RUN_ACTIONS: &[&str] = &[
    "lower",
    "push",
    "check-unit",
    "encode-buffer",
    "encode-opaque",
    "encode-fragment",
];

/// The moves after a step (the variants of the generated `Move`).
const MOVES: &[&str] = &["next", "again", "skip", "restart", "rewind"];

/// The code points a class may hold: the 128 of ASCII, then these three.
const NON_ASCII: usize = 128;
const EOF: usize = 129;
const SPECIAL_BACKSLASH: usize = 130;
const ATOMS: usize = 131;

type Atoms = [bool; ATOMS];

struct Rule {
    line: usize,
    on: Atoms,
    /// (guard index, wanted value)
    guards: Vec<(usize, bool)>,
    actions: Vec<(usize, Option<String>)>,
    to: Target,
    step: usize,
}

enum Target {
    State(String),
    Return,
    Fail(String),
}

struct State {
    name: String,
    line: usize,
    rules: Vec<Rule>,
    like: Option<(String, usize)>,
}

/// `scheme-start` -> `SchemeStart`, `invalid-URL-unit` -> `InvalidUrlUnit`.
pub fn camel(name: &str) -> String {
    name.split('-')
        .map(|w| {
            let mut c = w.chars();
            c.next().map_or(String::new(), |f| {
                f.to_ascii_uppercase().to_string() + &c.as_str().to_ascii_lowercase()
            })
        })
        .collect()
}

/// A set or class expression: a union (`/`) of quoted characters, `%xHH[-HH]` and names.
fn items(
    text: &str,
    line: usize,
    width: usize,
    named: &BTreeMap<String, Vec<bool>>,
    builtins: &[(&str, usize)],
) -> Result<Vec<bool>, String> {
    let err = |m: String| format!("{FILE}:{line}: {m}");
    let mut out = vec![false; width];
    for item in split_union(text) {
        let item = item.trim();
        if item.is_empty() {
            return Err(err(format!("an empty item in `{text}`")));
        }
        if let Some(q) = item.strip_prefix('"') {
            let Some(q) = q.strip_suffix('"') else {
                return Err(err(format!("unclosed quote in `{item}`")));
            };
            for c in q.chars() {
                if !c.is_ascii() {
                    return Err(err(format!("`{c}` is not ASCII: write %xHH")));
                }
                out[c as usize] = true;
                if c == '\\' && width == ATOMS {
                    out[SPECIAL_BACKSLASH] = true;
                }
            }
        } else if let Some(hex) = item.strip_prefix("%x") {
            let (lo, hi) = hex.split_once('-').unwrap_or((hex, hex));
            let parse = |h: &str| {
                u8::from_str_radix(h, 16).map_err(|_| err(format!("`{item}`: not %xHH or %xHH-HH")))
            };
            let (lo, hi) = (parse(lo)?, parse(hi)?);
            // A class holds ASCII code points (the rest are named); a set holds bytes.
            if lo > hi || usize::from(hi) >= width.min(256) || (width == ATOMS && hi > 0x7F) {
                return Err(err(format!("`{item}`: not a range of this kind of set")));
            }
            for b in lo..=hi {
                out[usize::from(b)] = true;
            }
        } else if let Some(set) = named.get(item) {
            for (o, s) in out.iter_mut().zip(set) {
                *o |= s;
            }
        } else if let Some((_, atom)) = builtins.iter().find(|(n, _)| *n == item) {
            out[*atom] = true;
        } else {
            return Err(err(format!("`{item}` is not defined above")));
        }
    }
    Ok(out)
}

/// Splits at `/` outside quotes.
fn split_union(text: &str) -> Vec<&str> {
    let mut parts = Vec::new();
    let (mut start, mut quoted) = (0, false);
    for (i, c) in text.char_indices() {
        match c {
            '"' => quoted = !quoted,
            '/' if !quoted => {
                parts.push(&text[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&text[start..]);
    parts
}

/// The generated Rust for `tables/whatwg.machine`, or the first mistake in it.
pub fn generate(src: &str) -> Result<String, String> {
    let builtins = [
        ("EOF", EOF),
        ("non-ascii", NON_ASCII),
        ("special-backslash", SPECIAL_BACKSLASH),
    ];
    let mut sets: Vec<(String, Vec<bool>)> = Vec::new();
    let mut classes: BTreeMap<String, Vec<bool>> = BTreeMap::new();
    let mut starts: Vec<(String, usize)> = Vec::new();
    let mut states: Vec<State> = Vec::new();
    let mut lines: Vec<(usize, String)> = Vec::new();
    for (i, raw) in src.lines().enumerate() {
        let text = strip_comment(raw).trim();
        if text.is_empty() {
            continue;
        }
        // A rule may go on over indented lines that start with `:`.
        if text.starts_with(':') && raw.starts_with(' ') {
            match lines.last_mut() {
                Some((_, prev)) if prev.starts_with(' ') => {
                    prev.push(' ');
                    prev.push_str(text);
                    continue;
                }
                _ => return Err(format!("{FILE}:{}: a continuation with no rule", i + 1)),
            }
        }
        let indented = raw.starts_with(' ');
        lines.push((
            i + 1,
            if indented {
                format!(" {text}")
            } else {
                text.to_string()
            },
        ));
    }
    for (line, text) in &lines {
        let line = *line;
        let err = |m: String| format!("{FILE}:{line}: {m}");
        if let Some(rule) = text.strip_prefix(' ') {
            let Some(state) = states.last_mut() else {
                return Err(err("a rule outside a state".into()));
            };
            if let Some(other) = rule.strip_prefix("like ") {
                state.like = Some((other.trim().to_string(), line));
                continue;
            }
            if state.like.is_some() {
                return Err(err("rules after `like` would never be tried".into()));
            }
            let rule = parse_rule(rule, line, &classes, &builtins, &sets)?;
            state.rules.push(rule);
            continue;
        }
        let (word, rest) = text.split_once(' ').unwrap_or((text, ""));
        let rest = rest.trim();
        match word {
            "set" | "class" => {
                let Some((name, body)) = rest.split_once('=') else {
                    return Err(err(format!("`{word} NAME = ITEMS` expected")));
                };
                let name = name.trim().to_string();
                let taken = sets.iter().any(|(n, _)| *n == name) || classes.contains_key(&name);
                if taken || builtins.iter().any(|(n, _)| *n == name) {
                    return Err(err(format!("`{name}` is defined twice")));
                }
                if word == "set" {
                    let named: BTreeMap<String, Vec<bool>> = sets.iter().cloned().collect();
                    sets.push((name, items(body, line, 256, &named, &[])?));
                } else {
                    let class = items(body, line, ATOMS, &classes, &builtins)?;
                    classes.insert(name, class);
                }
            }
            "start" => starts.push((rest.to_string(), line)),
            "state" => {
                if states.iter().any(|s| s.name == rest) {
                    return Err(err(format!("state `{rest}` is defined twice")));
                }
                states.push(State {
                    name: rest.to_string(),
                    line,
                    rules: Vec::new(),
                    like: None,
                });
            }
            _ => {
                return Err(err(format!(
                    "`{word}`: expected set, class, start or state"
                )))
            }
        }
    }
    if sets.len() > 16 {
        return Err(format!("{FILE}: more than 16 sets"));
    }
    // `like`: a state's rules, then those of the state it is like.
    for i in 0..states.len() {
        if let Some((other, line)) = states[i].like.clone() {
            let Some(j) = states.iter().position(|s| s.name == other) else {
                return Err(format!("{FILE}:{line}: no state `{other}`"));
            };
            if states[j].like.is_some() {
                return Err(format!(
                    "{FILE}:{line}: `{other}` is itself like another state"
                ));
            }
            let copied: Vec<Rule> = states[j]
                .rules
                .iter()
                .map(|r| Rule {
                    line: r.line,
                    on: r.on,
                    guards: r.guards.clone(),
                    actions: r.actions.clone(),
                    to: match &r.to {
                        Target::State(s) => Target::State(s.clone()),
                        Target::Return => Target::Return,
                        Target::Fail(k) => Target::Fail(k.clone()),
                    },
                    step: r.step,
                })
                .collect();
            states[i].rules.extend(copied);
        }
    }
    // Targets and starts name states; every state can be reached from a start.
    let index = |name: &str| states.iter().position(|s| s.name == name);
    for s in &states {
        for r in &s.rules {
            if let Target::State(t) = &r.to {
                if index(t).is_none() {
                    return Err(format!("{FILE}:{}: no state `{t}`", r.line));
                }
            }
        }
    }
    for (name, line) in &starts {
        if index(name).is_none() {
            return Err(format!("{FILE}:{line}: no state `{name}` to start in"));
        }
    }
    // The parse itself starts in the scheme start state; the driver names it.
    if !starts.iter().any(|(n, _)| n == "scheme-start") {
        return Err(format!("{FILE}: no `start scheme-start`"));
    }
    let mut seen = vec![false; states.len()];
    let mut todo: Vec<usize> = starts.iter().filter_map(|(n, _)| index(n)).collect();
    while let Some(i) = todo.pop() {
        if std::mem::replace(&mut seen[i], true) {
            continue;
        }
        for r in &states[i].rules {
            if let Target::State(t) = &r.to {
                todo.extend(index(t));
            }
        }
    }
    if let Some(i) = seen.iter().position(|s| !s) {
        return Err(format!(
            "{FILE}:{}: state `{}` cannot be reached from a start",
            states[i].line, states[i].name
        ));
    }

    // Equivalence classes: code points that every rule's ON treats alike.
    let all_ons: Vec<&Atoms> = states
        .iter()
        .flat_map(|s| s.rules.iter().map(|r| &r.on))
        .collect();
    let mut class_of = [0usize; ATOMS];
    let mut signatures: Vec<Vec<bool>> = Vec::new();
    for (atom, class) in class_of.iter_mut().enumerate() {
        let sig: Vec<bool> = all_ons.iter().map(|on| on[atom]).collect();
        *class = match signatures.iter().position(|s| *s == sig) {
            Some(k) => k,
            None => {
                signatures.push(sig);
                signatures.len() - 1
            }
        };
    }
    let n_classes = signatures.len();

    // Per (state, class): the rules whose ON holds the class, up to the first without guards.
    // Every assignment of the guards they test must find a rule; every rule must be tried.
    let mut rule_ids: Vec<(usize, usize)> = Vec::new(); // (state, rule) in output order
    let mut dispatch: Vec<Vec<usize>> = Vec::new();
    for (si, s) in states.iter().enumerate() {
        let base = rule_ids.len();
        rule_ids.extend((0..s.rules.len()).map(|ri| (si, ri)));
        let mut used = vec![false; s.rules.len()];
        for class in 0..n_classes {
            let atom = class_of.iter().position(|&c| c == class).unwrap_or(0);
            let mut list = Vec::new();
            for (ri, r) in s.rules.iter().enumerate() {
                if r.on[atom] {
                    list.push(ri);
                    if r.guards.is_empty() {
                        break;
                    }
                }
            }
            let guards: Vec<usize> = {
                let mut g: Vec<usize> = list
                    .iter()
                    .flat_map(|&ri| s.rules[ri].guards.iter().map(|(g, _)| *g))
                    .collect();
                g.sort_unstable();
                g.dedup();
                g
            };
            for assignment in 0..1u32 << guards.len() {
                let holds = |g: usize, want: bool| {
                    let k = guards.iter().position(|&x| x == g).unwrap_or(0);
                    (assignment >> k & 1 == 1) == want
                };
                match list
                    .iter()
                    .find(|&&ri| s.rules[ri].guards.iter().all(|&(g, w)| holds(g, w)))
                {
                    Some(&ri) => used[ri] = true,
                    None => {
                        return Err(format!(
                            "{FILE}:{}: state `{}` has no rule for {} when {}",
                            s.line,
                            s.name,
                            describe(&class_of, class),
                            guards
                                .iter()
                                .enumerate()
                                .map(|(k, &g)| format!(
                                    "{}{}",
                                    if assignment >> k & 1 == 1 { "" } else { "!" },
                                    GUARDS[g].0
                                ))
                                .collect::<Vec<_>>()
                                .join(", ")
                        ))
                    }
                }
            }
            dispatch.push(list.iter().map(|ri| base + ri).collect());
        }
        if let Some(ri) = used.iter().position(|u| !u) {
            return Err(format!(
                "{FILE}:{}: this rule of state `{}` is never tried (rules above take all it matches)",
                s.rules[ri].line, s.name
            ));
        }
    }

    // The Rust.
    let mut o = String::new();
    let _ = writeln!(o, "// @generated by build.rs from {FILE}");
    o.push_str("\n/// The percent-encode sets of tables/whatwg.machine (§1.3): bit `1 << set` of `SETS[b]` is set\n/// when byte `b` is in the set.\n#[derive(Clone, Copy, Debug, PartialEq, Eq)]\npub(crate) enum EncodeSet {\n");
    for (k, (name, _)) in sets.iter().enumerate() {
        let _ = writeln!(o, "    /// `set {name}`\n    {} = {k},", camel(name));
    }
    o.push_str("}\n\npub(crate) static SETS: [u16; 256] = [");
    for b in 0..256 {
        let bits: u16 = sets
            .iter()
            .enumerate()
            .filter(|(_, (_, s))| s[b])
            .map(|(k, _)| 1 << k)
            .sum();
        if b % 16 == 0 {
            o.push_str("\n    ");
        }
        let _ = write!(o, "{bits:#06x}, ");
    }
    o.push_str("\n];\n\n/// The states of the basic URL parser, as the standard names them.\n#[derive(Clone, Copy, Debug, PartialEq, Eq)]\npub(crate) enum State {\n");
    for s in &states {
        let _ = writeln!(o, "    /// `state {}`\n    {},", s.name, camel(&s.name));
    }
    let _ = writeln!(
        o,
        "}}\n\npub(crate) const STATES: usize = {};\npub(crate) const CLASSES: usize = {n_classes};",
        states.len()
    );
    o.push_str("\n/// The class of each ASCII code point (a `\\` is the class of one in a non-special URL).\npub(crate) static CLASS: [u8; 128] = [");
    for (b, class) in class_of.iter().take(128).enumerate() {
        if b % 16 == 0 {
            o.push_str("\n    ");
        }
        let _ = write!(o, "{class}, ");
    }
    let _ = writeln!(
        o,
        "\n];\npub(crate) const NON_ASCII: u8 = {};\npub(crate) const EOF: u8 = {};\npub(crate) const SPECIAL_BACKSLASH: u8 = {};\n",
        class_of[NON_ASCII], class_of[EOF], class_of[SPECIAL_BACKSLASH]
    );
    o.push_str("/// The conditions a rule tests; bit `1 << guard` of a rule's `mask`.\n#[derive(Clone, Copy, Debug, PartialEq, Eq)]\npub(crate) enum Guard {\n");
    for (name, doc) in GUARDS {
        let _ = writeln!(o, "    /// {doc}\n    {},", camel(name));
    }
    o.push_str("}\n\npub(crate) static GUARDS: [Guard; ");
    let _ = write!(o, "{}] = [", GUARDS.len());
    for (name, _) in GUARDS {
        let _ = write!(o, "Guard::{}, ", camel(name));
    }
    o.push_str("];\n\n/// The steps a rule takes, in order.\n#[derive(Clone, Copy, Debug, PartialEq, Eq)]\npub(crate) enum Action {\n");
    for (name, arg) in ACTIONS {
        let arg = match arg {
            Arg::None => "",
            Arg::Kind => "(ValidationErrorKind)",
            Arg::Set => "(EncodeSet)",
        };
        let _ = writeln!(o, "    /// `{name}`\n    {}{arg},", camel(name));
    }
    o.push_str("}\n\n/// Where a step goes.\n#[derive(Clone, Copy, Debug, PartialEq, Eq)]\npub(crate) enum To {\n    State(State),\n    Return,\n    Fail(ValidationErrorKind),\n}\n\n/// Where the pointer goes after a step.\n#[derive(Clone, Copy, Debug, PartialEq, Eq)]\npub(crate) enum Move {\n");
    for m in MOVES {
        let _ = writeln!(o, "    {},", camel(m));
    }
    o.push_str("}\n\n/// A rule: taken when `guards & mask == want`.\npub(crate) struct Rule {\n    pub(crate) mask: u32,\n    pub(crate) want: u32,\n    pub(crate) actions: &'static [Action],\n    pub(crate) to: To,\n    pub(crate) step: Move,\n    /// A run rule: no guards, the same state, move next, actions that append a code point.\n    pub(crate) run: bool,\n}\n\npub(crate) static RULES: [Rule; ");
    let _ = write!(o, "{}] = [", rule_ids.len());
    for &(si, ri) in &rule_ids {
        let r = &states[si].rules[ri];
        let mask: u32 = r.guards.iter().map(|(g, _)| 1u32 << g).sum();
        let want: u32 = r
            .guards
            .iter()
            .filter(|(_, w)| *w)
            .map(|(g, _)| 1u32 << g)
            .sum();
        let actions: Vec<String> = r
            .actions
            .iter()
            .map(|(a, arg)| {
                let name = camel(ACTIONS[*a].0);
                match (ACTIONS[*a].1, arg) {
                    (Arg::Kind, Some(k)) => {
                        format!("Action::{name}(ValidationErrorKind::{})", camel(k))
                    }
                    (Arg::Set, Some(s)) => format!("Action::{name}(EncodeSet::{})", camel(s)),
                    _ => format!("Action::{name}"),
                }
            })
            .collect();
        let to = match &r.to {
            Target::State(t) => format!("To::State(State::{})", camel(t)),
            Target::Return => "To::Return".to_string(),
            Target::Fail(k) => format!("To::Fail(ValidationErrorKind::{})", camel(k)),
        };
        let run = r.guards.is_empty()
            && matches!(&r.to, Target::State(t) if *t == states[si].name)
            && r.step == 0
            && r.actions
                .iter()
                .all(|(a, _)| RUN_ACTIONS.contains(&ACTIONS[*a].0));
        let _ = write!(
            o,
            "\n    Rule {{ mask: {mask:#x}, want: {want:#x}, actions: &[{}], to: {to}, step: Move::{}, run: {run} }},",
            actions.join(", "),
            camel(MOVES[r.step]),
        );
    }
    o.push_str("\n];\n\n/// The rules to try for `state as usize * CLASSES + class`, in order.\npub(crate) static DISPATCH: [&[u16]; STATES * CLASSES] = [");
    for list in &dispatch {
        let ids: Vec<String> = list.iter().map(ToString::to_string).collect();
        let _ = write!(o, "\n    &[{}],", ids.join(", "));
    }
    o.push_str("\n];\n");
    Ok(o)
}

/// A class for an error message: a few of its code points.
fn describe(class_of: &[usize; ATOMS], class: usize) -> String {
    let names: Vec<String> = (0..ATOMS)
        .filter(|&a| class_of[a] == class)
        .take(4)
        .map(|a| match a {
            NON_ASCII => "non-ascii".into(),
            EOF => "EOF".into(),
            SPECIAL_BACKSLASH => "special-backslash".into(),
            _ => format!("{:?}", char::from(a as u8)),
        })
        .collect();
    names.join(" ")
}

fn parse_rule(
    text: &str,
    line: usize,
    classes: &BTreeMap<String, Vec<bool>>,
    builtins: &[(&str, usize)],
    sets: &[(String, Vec<bool>)],
) -> Result<Rule, String> {
    let err = |m: String| format!("{FILE}:{line}: {m}");
    let Some((head, tail)) = text.rsplit_once("->") else {
        return Err(err("a rule needs `-> TARGET`".into()));
    };
    // `ON [if GUARDS] [: ACTIONS]`; the `:` may be inside quotes (`":"`).
    let (head, actions) = match find_outside_quotes(head, ':') {
        Some(i) => (&head[..i], &head[i + 1..]),
        None => (head, ""),
    };
    let (on, guards) = match head.find(" if ") {
        Some(i) => (&head[..i], &head[i + 4..]),
        None => (head, ""),
    };
    let on = on.trim();
    let on: Atoms = if on == "else" {
        [true; ATOMS]
    } else {
        let v = items(on, line, ATOMS, classes, builtins)?;
        let mut a = [false; ATOMS];
        a.copy_from_slice(&v);
        a
    };
    let mut gs = Vec::new();
    for g in guards.split(',').map(str::trim).filter(|g| !g.is_empty()) {
        let (want, name) = match g.strip_prefix('!') {
            Some(n) => (false, n),
            None => (true, g),
        };
        let Some(k) = GUARDS.iter().position(|(n, _)| *n == name) else {
            return Err(err(format!(
                "`{name}` is no guard (build/machine.rs GUARDS)"
            )));
        };
        if gs.iter().any(|&(x, _)| x == k) {
            return Err(err(format!("guard `{name}` twice")));
        }
        gs.push((k, want));
    }
    let mut acts = Vec::new();
    for a in actions.split_whitespace() {
        let (name, arg) = match a.split_once('(') {
            Some((n, rest)) => match rest.strip_suffix(')') {
                Some(arg) => (n, Some(arg.to_string())),
                None => return Err(err(format!("`{a}`: unclosed argument"))),
            },
            None => (a, None),
        };
        let Some(k) = ACTIONS.iter().position(|(n, _)| *n == name) else {
            return Err(err(format!(
                "`{name}` is no action (build/machine.rs ACTIONS)"
            )));
        };
        match (ACTIONS[k].1, &arg) {
            (Arg::None, None) => {}
            (Arg::Kind, Some(kind)) if KINDS.contains(&kind.as_str()) => {}
            (Arg::Set, Some(set)) if sets.iter().any(|(n, _)| n == set) => {}
            (Arg::None, Some(_)) => return Err(err(format!("`{name}` takes no argument"))),
            (Arg::Kind, _) => {
                return Err(err(format!(
                    "`{a}`: `{name}(KIND)`, a kind of build/machine.rs KINDS"
                )))
            }
            (Arg::Set, _) => return Err(err(format!("`{a}`: `{name}(SET)`, a set of this file"))),
        }
        acts.push((k, arg));
    }
    let mut tail = tail.split_whitespace();
    let to = match tail.next() {
        None => return Err(err("a rule needs `-> TARGET`".into())),
        Some("return") => Target::Return,
        Some(kind) if kind.starts_with('!') => {
            let kind = &kind[1..];
            if !KINDS.contains(&kind) {
                return Err(err(format!(
                    "`{kind}` is no validation error kind of build/machine.rs KINDS"
                )));
            }
            Target::Fail(kind.to_string())
        }
        Some(state) => Target::State(state.to_string()),
    };
    let step = match tail.next() {
        None => 0,
        Some(m) => match MOVES.iter().position(|x| *x == m) {
            Some(k) => k,
            None => return Err(err(format!("`{m}` is no move ({})", MOVES.join(", ")))),
        },
    };
    if let Some(extra) = tail.next() {
        return Err(err(format!("`{extra}` after the move")));
    }
    if matches!(to, Target::Fail(_) | Target::Return) && step != 0 {
        return Err(err("a rule that ends the parse has no move".into()));
    }
    Ok(Rule {
        line,
        on,
        guards: gs,
        actions: acts,
        to,
        step,
    })
}

fn find_outside_quotes(text: &str, want: char) -> Option<usize> {
    let mut quoted = false;
    for (i, c) in text.char_indices() {
        if c == '"' {
            quoted = !quoted;
        } else if c == want && !quoted {
            return Some(i);
        }
    }
    None
}
