//! Compiles the grammar in `tables/` into Rust tables in `$OUT_DIR/tables.rs`.
//!
//! - `tables/classes.abnf`: character classes → one bit each in a `[u32; 256]` table.
//! - one DFA per grammar (`tables/uri.dfa` for RFC 3986, `tables/rfc2396.dfa` for RFC 2396,
//!   `tables/rfc3987.dfa` for IRIs): each becomes a module of `tables.rs` (`tables::uri`, ...)
//!   with its own byte → equivalence-class map (`[u8; 256]`), its own start rules and marks,
//!   and a dense transition table whose state ids are pre-multiplied by the number of classes,
//!   so one step is `TRANS[state + class]`. The classes of `classes.abnf` are shared by all; a
//!   grammar's own classes (`class NAME = ...` in its file) are its alone.
//! - a grammar may `include` another's states and `extend` them with rules tried first, and a
//!   rule may match byte sequences (code point ranges such as `%xA0-D7FF` are written out as
//!   the UTF-8 sequences that encode them): build.rs turns the inside of each sequence into
//!   states of its own, shared where they lead to the same place (see `resolve_row`).
//! - a sub-grammar written in ABNF (`tables/ip.abnf`, the IPv6 addresses of IP literals): the
//!   rules named in `GRAMMARS`, as the RFCs write them, compiled into one minimal DFA (a start
//!   state each) with a dead state, its own byte classes and the same kind of table
//!   (`compile_abnf`).
//!
//! - `tables/whatwg.machine`: the URL Standard's basic URL parser, states with an action per
//!   transition, compiled by `build/machine.rs` into `$OUT_DIR/whatwg_machine.rs`.
//!
//! std only, no network, deterministic output (file order, no timestamps or paths). Errors
//! name `tables/FILE:LINE`. `generate` is pure so tests can reach it with `#[path]`.

use std::collections::BTreeMap;
use std::fmt::Write as _;

/// `tables/whatwg.machine`: the URL Standard's basic URL parser, a transducer.
#[path = "build/machine.rs"]
pub mod machine;

const CLASSES_FILE: &str = "tables/classes.abnf";

/// The grammars: (file, the rules it must start, each of which becomes `START_RULE_NAME`). The
/// module of each is named after its file (`tables/uri.dfa` -> `tables::uri`).
const GRAMMARS: &[(&str, &[&str])] = &[
    (
        "tables/uri.dfa",
        &[
            "URI-reference",
            "URI",
            "absolute-URI",
            "relative-ref",
            "origin-form",
            "authority-form",
        ],
    ),
    ("tables/rfc2396.dfa", &["URI-reference", "server"]),
    (
        "tables/rfc3987.dfa",
        &["IRI-reference", "IRI", "absolute-IRI", "irelative-ref"],
    ),
    // An ABNF file: the rules named are compiled into one DFA, a start state each.
    ("tables/ip.abnf", &["IPv6address", "IPv6address-rfc2732"]),
];

/// The entries of a table of `UTF8_RUNS`: 32 lead bytes of two, 16 x 64 (lead, second byte)
/// pairs of three.
const UTF8_RUN_LEN: usize = 32 + 16 * 64;

/// Error kinds a table may name (`!Kind`, `end=Kind`): the variants of `crate::ErrorKind`.
const ERROR_KINDS: &[&str] = &[
    "InvalidChar",
    "InvalidPercentEncoding",
    "ColonInFirstSegment",
    "InvalidScheme",
    "InvalidPort",
    "InvalidIpv6",
    "UnexpectedEnd",
    "MissingScheme",
    "FragmentNotAllowed",
    "Excluded",
    "BidiFormatting",
];
/// Marks a state may carry (`mark=`): the variants of `tables::Mark`, in snake case.
const MARKS: &[&str] = &[
    "scheme",
    "authority",
    "port",
    "userinfo",
    "ipv6",
    "ipv6_rfc2732",
    "path",
    "query",
    "fragment",
];
/// Components a state may report errors in (`in=`): the variants of `crate::Component`.
const COMPONENTS: &[&str] = &[
    "scheme",
    "authority",
    "userinfo",
    "host",
    "port",
    "path",
    "query",
    "fragment",
];

#[allow(dead_code)] // `main` is unused when a test includes this file as a module.
fn main() {
    let files = std::iter::once(CLASSES_FILE).chain(GRAMMARS.iter().map(|(file, _)| *file));
    for file in files {
        println!("cargo:rerun-if-changed={file}");
    }
    println!("cargo:rerun-if-changed=build.rs");
    let read = |path: &str| {
        std::fs::read_to_string(path).unwrap_or_else(|e| fail(&format!("{path}: cannot read: {e}")))
    };
    let grammars: Vec<(&str, String)> = GRAMMARS.iter().map(|(f, _)| (*f, read(f))).collect();
    let grammars: Vec<(&str, &str)> = grammars.iter().map(|(f, s)| (*f, s.as_str())).collect();
    let source = generate(&read(CLASSES_FILE), &grammars).unwrap_or_else(|e| fail(&e));
    write_out("tables.rs", &source);
    // The URL Standard's parser, a machine of its own kind (actions per transition).
    println!("cargo:rerun-if-changed={}", machine::FILE);
    println!("cargo:rerun-if-changed=build/machine.rs");
    let source = machine::generate(&read(machine::FILE)).unwrap_or_else(|e| fail(&e));
    write_out("whatwg_machine.rs", &source);
}

/// Writes `$OUT_DIR/name`, only when the text changes, so dependants are not rebuilt for
/// nothing.
#[allow(dead_code)]
fn write_out(name: &str, source: &str) {
    let out_dir = std::env::var("OUT_DIR").unwrap_or_else(|_| fail("OUT_DIR is not set"));
    let out = std::path::Path::new(&out_dir).join(name);
    if std::fs::read_to_string(&out).ok().as_deref() != Some(source) {
        std::fs::write(&out, source).unwrap_or_else(|e| fail(&format!("{}: {e}", out.display())));
    }
}

#[allow(dead_code)]
fn fail(message: &str) -> ! {
    eprintln!("error: {message}");
    std::process::exit(1)
}

/// A byte sequence of two or more bytes, as one byte range per position: what a class holds
/// for a character outside ASCII (its UTF-8 encoding) or for an explicit `%xE0 %xA0-BF %x80-BF`.
type Seq = Vec<(u8, u8)>;

/// A set of inputs a rule or class matches: single bytes and byte sequences.
#[derive(Clone, Default, PartialEq, Eq)]
struct Pattern {
    bytes: Vec<bool>, // 256 entries
    seqs: Vec<Seq>,
}

impl Pattern {
    fn new() -> Self {
        Pattern {
            bytes: vec![false; 256],
            seqs: Vec::new(),
        }
    }

    fn add(&mut self, other: &Pattern) {
        (0..256).for_each(|b| self.bytes[b] |= other.bytes[b]);
        for seq in &other.seqs {
            if !self.seqs.contains(seq) {
                self.seqs.push(seq.clone());
            }
        }
    }
}

/// One named class of `classes.abnf`, or of a grammar (`class NAME = ...`).
#[derive(Clone)]
struct Class {
    name: String,
    pattern: Pattern,
}

/// Where a rule sends a byte.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Target {
    State(String),
    Fail(String),
}

struct Rule {
    pattern: Pattern,
    target: Target,
    /// `file:line`, for errors.
    at: String,
}

struct State {
    name: String,
    /// `file:line` of its `state` line, for errors.
    at: String,
    component: String,
    mark: Option<String>,
    accel: bool,
    end: Option<String>, // None = accept
    /// The rules of `extend NAME` blocks, tried before the state's own.
    extra: Vec<Rule>,
    rules: Vec<Rule>,
    like: Option<(String, String)>, // (state, `file:line`)
    /// A state build.rs made for the inside of a byte sequence (no name in the file).
    synthetic: bool,
}

/// Turns the table files into the Rust source of `$OUT_DIR/tables.rs`: the classes, then one
/// module per grammar (a grammar that includes another comes after it in [`GRAMMARS`]). `grammars` are (file, text) pairs, for files of [`GRAMMARS`].
pub fn generate(classes_src: &str, grammars: &[(&str, &str)]) -> Result<String, String> {
    let classes = parse_classes(classes_src)?;
    let mut out = String::new();
    let files: Vec<&str> = grammars.iter().map(|(file, _)| *file).collect();
    let _ = writeln!(
        out,
        "// @generated by build.rs from {CLASSES_FILE} and {}. Do not edit.\n",
        files.join(", ")
    );
    emit_classes(&mut out, &classes);
    // The states of each grammar compiled so far, by index, for those that include it.
    let mut compiled: Vec<(&str, Vec<String>)> = Vec::new();
    for (file, src) in grammars {
        let Some((_, rules)) = GRAMMARS.iter().find(|(f, _)| f == file) else {
            return Err(format!("{file}: not a grammar of build.rs (GRAMMARS)"));
        };
        let name = file.rsplit('/').next().unwrap_or(file);
        if let Some(module) = name.strip_suffix(".abnf").filter(|name| is_name(name)) {
            let dfa = compile_abnf(src, file, rules)?;
            let _ = writeln!(out, "/// The DFA of `{file}`.\npub(crate) mod {module} {{");
            emit_abnf(&mut out, file, rules, &dfa)?;
            out.push_str("}\n\n");
            continue;
        }
        let module = name
            .strip_suffix(".dfa")
            .filter(|name| is_name(name))
            .ok_or_else(|| format!("{file}: a grammar file is named NAME.dfa or NAME.abnf"))?;
        let (starts, states, included) = parse_dfa(src, file, &classes, rules, grammars)?;
        let _ = writeln!(out, "/// The DFA of `{file}`.\npub(crate) mod {module} {{");
        out.push_str("use super::{Component, ErrorKind, Mark};\n\n");
        let (names, stride) = emit_dfa(&mut out, file, &starts, states)?;
        // Where this grammar takes over from one it includes: the same state, by name.
        for (other, other_names) in compiled
            .iter()
            .filter(|(f, _)| included.iter().any(|i| i == f))
        {
            let other_module = other
                .rsplit('/')
                .next()
                .unwrap_or(other)
                .trim_end_matches(".dfa");
            array(
                &mut out,
                &format!("The id here of each state of `{other}` (by its index there; `u16::MAX` for one this\ngrammar leaves out): where this grammar can go on from a run of that one."),
                &format!("FROM_{}: [u16; {}]", const_name(other_module), other_names.len()),
                other_names.iter().map(|n| match names.iter().position(|m| m == n) {
                    Some(k) => format!("{}, // {n}", k * stride),
                    None => format!("{}, // {n} (left out)", u16::MAX),
                }),
            );
        }
        out.push_str("}\n\n");
        compiled.push((file, names));
    }
    Ok(out)
}

// ------------------------------------------------------------------------------ lexing

/// Drops a `;` comment, leaving `;` inside quotes alone.
fn strip_comment(line: &str) -> &str {
    let mut quoted = false;
    for (i, c) in line.char_indices() {
        match c {
            '"' => quoted = !quoted,
            ';' if !quoted => return &line[..i],
            _ => {}
        }
    }
    line
}

fn is_name(s: &str) -> bool {
    let mut chars = s.chars();
    matches!(chars.next(), Some(c) if c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
}

/// Parses a set expression: `item / item / ...` (see the table files for the items). An
/// item is a class, a quoted string (the set of its bytes), a byte or byte range `%xHH[-HH]`,
/// a code point or code point range with more than two hex digits (`%xA0-D7FF`: the UTF-8
/// byte sequences that encode it), or a byte sequence (`%xE0 %xA0-BF %x80-BF`: byte items
/// separated by spaces).
fn parse_set(
    expr: &str,
    classes: &[Class],
    at: &str,
    allow_else: bool,
) -> Result<(Pattern, bool), String> {
    let err = |m: String| Err(format!("{at}: {m}"));
    let mut pattern = Pattern::new();
    let mut is_else = false;
    let mut rest = expr.trim();
    if rest.is_empty() {
        return err("empty set".into());
    }
    loop {
        let (item, tail) = if let Some(body) = rest.strip_prefix('"') {
            match body.find('"') {
                Some(end) => (&rest[..end + 2], &body[end + 1..]),
                None => return err(format!("unterminated string in `{expr}`")),
            }
        } else {
            match rest.find('/') {
                Some(i) => (&rest[..i], &rest[i..]),
                None => (rest, ""),
            }
        };
        let item = item.trim();
        let words: Vec<&str> = item.split_whitespace().collect();
        if let Some(chars) = item.strip_prefix('"').and_then(|s| s.strip_suffix('"')) {
            if chars.is_empty() {
                return err("empty string".into());
            }
            for b in chars.bytes() {
                pattern.bytes[b as usize] = true;
            }
        } else if words.len() > 1 {
            let seq: Option<Seq> = words.iter().map(|w| byte_range(w)).collect();
            match seq {
                Some(seq) => pattern.seqs.push(seq),
                None => return err(format!("bad byte sequence `{item}` (want %xHH[-HH] items)")),
            }
        } else if let Some(hex) = item.strip_prefix("%x") {
            let (lo, hi) = hex.split_once('-').unwrap_or((hex, hex));
            if lo.len() <= 2 && hi.len() <= 2 {
                match byte_range(item) {
                    Some((lo, hi)) => (lo..=hi).for_each(|b| pattern.bytes[b as usize] = true),
                    None => {
                        return err(format!("bad byte or range `{item}` (want %xHH or %xHH-HH)"))
                    }
                }
            } else {
                let parse = |h: &str| u32::from_str_radix(h, 16).ok().filter(|_| h.len() <= 6);
                match (parse(lo), parse(hi)) {
                    (Some(lo), Some(hi)) if lo <= hi && hi <= 0x10FFFF => {
                        utf8_sequences(lo, hi, &mut pattern)
                    }
                    _ => {
                        return err(format!(
                            "bad code point range `{item}` (want %xHHHH-HHHH up to 10FFFF)"
                        ))
                    }
                }
            }
        } else if item == "else" && allow_else {
            is_else = true;
        } else if is_name(item) {
            match classes.iter().find(|c| c.name == item) {
                Some(c) => pattern.add(&c.pattern),
                None => return err(format!("unknown class `{item}`")),
            }
        } else {
            return err(format!("cannot read `{item}` in `{expr}`"));
        }
        rest = tail.trim_start();
        match rest.strip_prefix('/') {
            Some(r) => rest = r.trim_start(),
            None if rest.is_empty() => break,
            None => return err(format!("expected `/` before `{rest}`")),
        }
        if rest.is_empty() {
            return err(format!("`{expr}` ends with `/`"));
        }
    }
    if is_else && (pattern.bytes.iter().any(|&b| b) || !pattern.seqs.is_empty()) {
        return err("`else` cannot be combined with other items".into());
    }
    Ok((pattern, is_else))
}

/// `%xHH` or `%xHH-HH` as a byte range.
fn byte_range(item: &str) -> Option<(u8, u8)> {
    let hex = item.strip_prefix("%x")?;
    let (lo, hi) = hex.split_once('-').unwrap_or((hex, hex));
    let parse = |h: &str| u8::from_str_radix(h, 16).ok().filter(|_| h.len() == 2);
    let (lo, hi) = (parse(lo)?, parse(hi)?);
    (lo <= hi).then_some((lo, hi))
}

/// Adds the UTF-8 encodings of the code points `lo..=hi` to `pattern`: ASCII ones as bytes, the
/// others as byte sequences, one range per byte position (the surrogates, which UTF-8 cannot
/// encode, are left out). The split is the usual one (as in regex-syntax's `Utf8Sequences`):
/// cut the range where the encoding's length changes, then until each part is a product of
/// byte ranges, that is, until every part covers whole blocks of 64^k code points below
/// the byte where its ends differ.
fn utf8_sequences(lo: u32, hi: u32, pattern: &mut Pattern) {
    let mut todo = vec![(lo, hi)];
    while let Some((lo, hi)) = todo.pop() {
        if lo > hi {
            continue;
        }
        // Around the surrogates (no UTF-8 for them), and where the encoding's length changes.
        if lo <= 0xDFFF && 0xD800 <= hi {
            if lo < 0xD800 {
                todo.push((lo, 0xD7FF));
            }
            if hi > 0xDFFF {
                todo.push((0xE000, hi));
            }
            continue;
        }
        if let Some(&max) = [0x7F, 0x7FF, 0xFFFF].iter().find(|&&m| lo <= m && m < hi) {
            todo.push((lo, max));
            todo.push((max + 1, hi));
            continue;
        }
        if hi <= 0x7F {
            (lo..=hi).for_each(|b| pattern.bytes[b as usize] = true);
            continue;
        }
        let len = utf8_len(lo);
        let mut split = None;
        for k in 1..len {
            let m = (1u32 << (6 * k)) - 1;
            if lo & !m != hi & !m {
                if lo & m != 0 {
                    split = Some((lo, lo | m));
                } else if hi & m != m {
                    split = Some((lo, (hi & !m) - 1));
                }
                if split.is_some() {
                    break;
                }
            }
        }
        match split {
            Some((a, b)) => {
                todo.push((a, b));
                todo.push((b + 1, hi));
            }
            None => {
                let (l, h) = (utf8(lo), utf8(hi));
                let seq: Seq = l.iter().zip(&h).map(|(&a, &b)| (a, b)).collect();
                if !pattern.seqs.contains(&seq) {
                    pattern.seqs.push(seq);
                }
            }
        }
    }
    pattern.seqs.sort();
}

fn utf8_len(c: u32) -> usize {
    match c {
        0..=0x7F => 1,
        0x80..=0x7FF => 2,
        0x800..=0xFFFF => 3,
        _ => 4,
    }
}

/// The UTF-8 encoding of code point `c` (surrogates included: the caller keeps them out).
fn utf8(c: u32) -> Vec<u8> {
    let len = utf8_len(c);
    if len == 1 {
        return vec![c as u8];
    }
    let lead = [0, 0, 0xC0, 0xE0, 0xF0][len] as u32;
    let mut out = vec![(lead | (c >> (6 * (len - 1)))) as u8];
    for k in (0..len - 1).rev() {
        out.push((0x80 | ((c >> (6 * k)) & 0x3F)) as u8);
    }
    out
}

// ------------------------------------------------------------------------------ classes.abnf

fn parse_classes(src: &str) -> Result<Vec<Class>, String> {
    let mut classes: Vec<Class> = Vec::new();
    for (n, raw) in src.lines().enumerate() {
        let line = n + 1;
        let text = strip_comment(raw).trim();
        if text.is_empty() {
            continue;
        }
        let Some((name, expr)) = text.split_once('=') else {
            return Err(format!("{CLASSES_FILE}:{line}: expected `name = items`"));
        };
        let name = name.trim();
        if !is_name(name) {
            return Err(format!("{CLASSES_FILE}:{line}: bad class name `{name}`"));
        }
        if classes.iter().any(|c| c.name == name) {
            return Err(format!(
                "{CLASSES_FILE}:{line}: class `{name}` defined twice"
            ));
        }
        let (pattern, _) = parse_set(expr, &classes, &format!("{CLASSES_FILE}:{line}"), false)?;
        if pattern.bytes[b'%' as usize] {
            return Err(format!(
                "{CLASSES_FILE}:{line}: '%' belongs to no class (pct-encoded is a sequence)"
            ));
        }
        if !pattern.seqs.is_empty() {
            return Err(format!(
                "{CLASSES_FILE}:{line}: the shared classes are sets of bytes (a grammar's own `class` may hold sequences)"
            ));
        }
        classes.push(Class {
            name: name.to_string(),
            pattern,
        });
    }
    let public = classes.iter().filter(|c| !c.name.starts_with('_')).count();
    if classes.len() > 32 {
        return Err(format!(
            "{CLASSES_FILE}: {} classes do not fit the u32 bit table",
            classes.len()
        ));
    }
    if public == 0 {
        return Err(format!("{CLASSES_FILE}: no classes"));
    }
    Ok(classes)
}

fn const_name(class: &str) -> String {
    class
        .trim_start_matches('_')
        .replace('-', "_")
        .to_ascii_uppercase()
}

fn emit_classes(out: &mut String, classes: &[Class]) {
    let bits = (0..256).map(|b| {
        let bits = classes
            .iter()
            .enumerate()
            .filter(|(_, c)| c.pattern.bytes[b])
            .fold(0u32, |m, (i, _)| m | 1 << i);
        format!("{bits:#010x}, // {}", byte_name(b as u8))
    });
    array(
        out,
        "Bit `i` of `CLASS_BITS[b]` is set when byte `b` belongs to class `i`.",
        "CLASS_BITS: [u32; 256]",
        bits,
    );
    for (i, c) in classes.iter().enumerate() {
        let doc = format!("The bit of class `{}` in `CLASS_BITS`.", c.name);
        item(
            out,
            &doc,
            &format!("BIT_{}: u32 = 1 << {i}", const_name(&c.name)),
        );
    }
    let public: Vec<&Class> = classes
        .iter()
        .filter(|c| !c.name.starts_with('_'))
        .collect();
    array(
        out,
        "The exported classes: (name as in RFC 3986, bit).",
        &format!("PUBLIC_CLASSES: [(&str, u32); {}]", public.len()),
        public
            .iter()
            .map(|c| format!("({:?}, BIT_{}),", c.name, const_name(&c.name))),
    );
}

/// Writes `/// doc` and `pub(crate) const DECL;`.
fn item(out: &mut String, doc: &str, decl: &str) {
    for line in doc.lines() {
        let _ = writeln!(out, "/// {line}");
    }
    let _ = writeln!(out, "pub(crate) const {decl};");
}

/// Writes `/// doc` and `pub(crate) const DECL = [ row row ... ];`, one row a line.
fn array(out: &mut String, doc: &str, decl: &str, rows: impl IntoIterator<Item = String>) {
    for line in doc.lines() {
        let _ = writeln!(out, "/// {line}");
    }
    let _ = writeln!(out, "pub(crate) const {decl} = [");
    for row in rows {
        let _ = writeln!(out, "    {row}");
    }
    out.push_str("];\n\n");
}

fn byte_name(b: u8) -> String {
    match b {
        0x21..=0x7e => format!("{:?}", b as char),
        _ => format!("{b:#04x}"),
    }
}

// ------------------------------------------------------------------------------ uri.dfa

type Starts = Vec<(String, String, String)>; // (rule, state, `file:line`)

/// What a grammar file declares, as it is read (its `include`s first).
struct Grammar {
    classes: Vec<Class>,
    starts: Starts,
    states: Vec<State>,
    /// The files it includes.
    included: Vec<String>,
}

fn parse_dfa(
    src: &str,
    file: &str,
    shared: &[Class],
    rules: &[&str],
    sources: &[(&str, &str)],
) -> Result<(Starts, Vec<State>, Vec<String>), String> {
    // The shared classes, then this grammar's own (`class NAME = ...`).
    let mut g = Grammar {
        classes: shared.to_vec(),
        starts: Vec::new(),
        states: Vec::new(),
        included: Vec::new(),
    };
    read_dfa(src, file, &mut g, rules, sources, 0)?;
    let Grammar {
        starts,
        states,
        included,
        ..
    } = g;
    // Every name must resolve.
    let known = |name: &str| states.iter().any(|s| s.name == name);
    for (rule, state, at) in &starts {
        if !known(state) {
            return Err(format!("{at}: start of `{rule}`: unknown state `{state}`"));
        }
    }
    for rule in rules {
        if !starts.iter().any(|(r, _, _)| r == rule) {
            return Err(format!("{file}: no `start {rule} = ...`"));
        }
    }
    for s in &states {
        for r in s.extra.iter().chain(&s.rules) {
            if let Target::State(t) = &r.target {
                if !known(t) {
                    return Err(format!("{}: unknown state `{t}`", r.at));
                }
            }
        }
        if let Some((other, at)) = &s.like {
            if !known(other) {
                return Err(format!("{at}: unknown state `{other}`"));
            }
        }
    }
    Ok((starts, states, included))
}

/// Reads the lines of `file` into `g`. `depth` > 0 for an included file, whose `start` lines
/// are not read (the including grammar says where its own rules start).
fn read_dfa(
    src: &str,
    file: &str,
    g: &mut Grammar,
    rules: &[&str],
    sources: &[(&str, &str)],
    depth: usize,
) -> Result<(), String> {
    // Where rule lines go: the last `state`, or the state of the last `extend`.
    let mut into: Option<(usize, bool)> = None; // (state index, extending)
    for (line, text) in logical_lines(src) {
        let text = text.as_str();
        let here = format!("{file}:{line}");
        let at = |m: String| format!("{here}: {m}");
        if let Some(rest) = text.strip_prefix("include ") {
            let name = rest.trim();
            let Some(&(other, text)) = sources
                .iter()
                .find(|(f, _)| f.rsplit('/').next() == Some(name))
            else {
                return Err(at(format!(
                    "cannot include `{name}`: not a grammar file of build.rs"
                )));
            };
            if depth > 4 || other == file {
                return Err(at(format!("`include {name}` includes itself")));
            }
            if !g.states.is_empty() || into.is_some() {
                return Err(at("`include` comes before the file's own states".into()));
            }
            g.included.push(other.to_string());
            read_dfa(text, other, g, rules, sources, depth + 1)?;
        } else if let Some(rest) = text.strip_prefix("class ") {
            let Some((name, expr)) = rest.split_once('=') else {
                return Err(at("expected `class NAME = items`".into()));
            };
            let name = name.trim();
            if !is_name(name) || g.classes.iter().any(|c| c.name == name) {
                return Err(at(format!("bad or duplicate class name `{name}`")));
            }
            let (pattern, _) = parse_set(expr, &g.classes, &here, false)?;
            g.classes.push(Class {
                name: name.to_string(),
                pattern,
            });
        } else if let Some(rest) = text.strip_prefix("start ") {
            if depth > 0 {
                continue;
            }
            let Some((rule, state)) = rest.split_once('=') else {
                return Err(at("expected `start RULE = STATE`".into()));
            };
            let rule = rule.trim();
            if !rules.contains(&rule) {
                return Err(at(format!("unknown rule `{rule}`")));
            }
            if g.starts.iter().any(|(r, _, _)| r == rule) {
                return Err(at(format!("rule `{rule}` has two starts")));
            }
            g.starts
                .push((rule.to_string(), state.trim().to_string(), here.clone()));
        } else if let Some(rest) = text.strip_prefix("extend ") {
            let name = rest.trim();
            match g.states.iter().position(|s| s.name == name) {
                Some(k) if g.states[k].extra.is_empty() => into = Some((k, true)),
                Some(_) => return Err(at(format!("state `{name}` is extended twice"))),
                None => return Err(at(format!("cannot extend `{name}`: no such state (yet)"))),
            }
        } else if let Some(rest) = text.strip_prefix("state ") {
            let mut words = rest.split_whitespace();
            let name = words.next().unwrap_or("");
            if !is_name(name) {
                return Err(at(format!("bad state name `{name}`")));
            }
            if g.states.iter().any(|s| s.name == name) {
                return Err(at(format!("state `{name}` defined twice")));
            }
            let mut state = State {
                name: name.to_string(),
                at: here.clone(),
                component: String::new(),
                mark: None,
                accel: false,
                end: None,
                extra: Vec::new(),
                rules: Vec::new(),
                like: None,
                synthetic: false,
            };
            for word in words {
                match word.split_once('=') {
                    Some(("in", c)) if COMPONENTS.contains(&c) => state.component = c.to_string(),
                    Some(("mark", m)) if MARKS.contains(&m) => state.mark = Some(m.to_string()),
                    None if word == "accel" => state.accel = true,
                    Some(("end", "accept")) => state.end = None,
                    Some(("end", k)) if ERROR_KINDS.contains(&k) => state.end = Some(k.to_string()),
                    _ => return Err(at(format!("unknown attribute `{word}` (want in=COMPONENT, mark=MARK, end=accept|KIND, accel)"))),
                }
            }
            if state.component.is_empty() {
                return Err(at(format!("state `{name}` needs in=COMPONENT")));
            }
            g.states.push(state);
            into = Some((g.states.len() - 1, false));
        } else {
            let Some((k, extending)) = into else {
                return Err(at("a rule before any `state` or `extend`".into()));
            };
            let state = &mut g.states[k];
            if !extending && state.like.is_some() {
                return Err(at("rules after `like` would never be tried".into()));
            }
            if let Some(other) = text.strip_prefix("like ") {
                if extending {
                    return Err(at("`like` in an `extend` block".into()));
                }
                state.like = Some((other.trim().to_string(), here.clone()));
                continue;
            }
            let Some((expr, target)) = text.split_once("->") else {
                return Err(at(
                    "expected `SET -> STATE`, `SET -> !KIND` or `like STATE`".into(),
                ));
            };
            let (mut pattern, is_else) = parse_set(expr, &g.classes, &here, true)?;
            if is_else {
                pattern.bytes = vec![true; 256];
            }
            let target = target.trim();
            let target = match target.strip_prefix('!') {
                Some(kind) if ERROR_KINDS.contains(&kind) => Target::Fail(kind.to_string()),
                Some(kind) => return Err(at(format!("unknown error kind `{kind}`"))),
                None if is_name(target) => Target::State(target.to_string()),
                None => return Err(at(format!("bad target `{target}`"))),
            };
            let rule = Rule {
                pattern,
                target,
                at: here.clone(),
            };
            if extending {
                state.extra.push(rule);
            } else {
                state.rules.push(rule);
            }
        }
    }
    Ok(())
}

/// The non-empty lines of a table file without comments, with their 1-based numbers; a line
/// that starts with `/` continues the one before (a long set, written as the RFCs write it).
fn logical_lines(src: &str) -> Vec<(usize, String)> {
    let mut lines: Vec<(usize, String)> = Vec::new();
    for (n, raw) in src.lines().enumerate() {
        let text = strip_comment(raw).trim();
        match lines.last_mut() {
            _ if text.is_empty() => {}
            Some((_, last)) if text.starts_with('/') => {
                last.push(' ');
                last.push_str(text);
            }
            _ => lines.push((n + 1, text.to_string())),
        }
    }
    lines
}

/// The rules `state` tries, in order: its `extend` rules, its own, then those of the state it
/// is `like` (and so on), each with whether it is the state's own (for the dead-rule check).
fn flat_rules(states: &[State], index: usize) -> Result<Vec<(&Rule, bool)>, String> {
    let mut rules = Vec::new();
    let mut seen = Vec::new();
    let mut current = index;
    loop {
        let s = &states[current];
        if seen.contains(&current) {
            return Err(format!("{}: `like` cycle through `{}`", s.at, s.name));
        }
        seen.push(current);
        rules.extend(
            s.extra
                .iter()
                .chain(&s.rules)
                .map(|r| (r, current == index)),
        );
        match &s.like {
            Some((other, _)) => {
                current = states
                    .iter()
                    .position(|t| &t.name == other)
                    .unwrap_or(current)
            }
            None => return Ok(rules),
        }
    }
}

/// The inside of a byte sequence: the rules (targets) whose sequences may still complete, each
/// with what remains of them, in the order they were tried; how the state fails (a byte that
/// continues none, or the end); and the component it reports errors in. States with the same
/// node are one state.
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord)]
struct Node {
    alts: Vec<(Target, Vec<Seq>)>,
    fail: String,
    component: String,
}

/// The nodes made so far; the state of node `k` is named `NODES_PREFIX k`.
#[derive(Default)]
struct Nodes {
    list: Vec<Node>,
}

const NODE_PREFIX: &str = "(in a byte sequence) #";

impl Nodes {
    fn intern(&mut self, node: Node) -> Target {
        let k = match self.list.iter().position(|n| *n == node) {
            Some(k) => k,
            None => {
                self.list.push(node);
                self.list.len() - 1
            }
        };
        Target::State(format!("{NODE_PREFIX}{k}"))
    }
}

fn in_range(&(lo, hi): &(u8, u8), b: usize) -> bool {
    (lo as usize..=hi as usize).contains(&b)
}

/// The target of every byte in `state`, following `like` chains; checks totality and that
/// no own rule is dead. A byte that starts a sequence of the first rule that takes it leads to
/// the node of every sequence from there on that starts with it; if the sequence breaks, the
/// first later rule that takes the byte alone says how the state fails (it must fail: a DFA
/// cannot go back to read the byte again).
fn resolve_row(states: &[State], index: usize, nodes: &mut Nodes) -> Result<Vec<Target>, String> {
    let rules = flat_rules(states, index)?;
    let s = &states[index];
    let mut used = vec![false; rules.len()];
    let mut row = Vec::with_capacity(256);
    for b in 0..256 {
        let starts = |r: &Rule| r.pattern.seqs.iter().any(|q| in_range(&q[0], b));
        let first = rules
            .iter()
            .position(|(r, _)| r.pattern.bytes[b] || starts(r));
        let Some(first) = first else {
            return Err(format!(
                "{}: state `{}` has no rule for byte {} (end it with `else -> ...`)",
                s.at,
                s.name,
                byte_name(b as u8)
            ));
        };
        used[first] = true;
        let rule = rules[first].0;
        if rule.pattern.bytes[b] {
            row.push(rule.target.clone());
            continue;
        }
        let mut alts = Vec::new();
        let mut fail = None;
        for (k, (r, _)) in rules.iter().enumerate().skip(first) {
            let rest: Vec<Seq> = (r.pattern.seqs.iter())
                .filter(|q| in_range(&q[0], b))
                .map(|q| q[1..].to_vec())
                .collect();
            if !rest.is_empty() {
                used[k] = true;
                alts.push((r.target.clone(), rest));
            }
            if r.pattern.bytes[b] {
                fail = Some(&r.target);
                break;
            }
        }
        let Some(Target::Fail(fail)) = fail else {
            return Err(format!(
                "{}: byte {} starts a sequence in state `{}`, but no later rule fails on it alone (add `else -> !KIND`)",
                rule.at,
                byte_name(b as u8),
                s.name
            ));
        };
        row.push(nodes.intern(Node {
            alts,
            fail: fail.clone(),
            component: s.component.clone(),
        }));
    }
    for (k, (r, own)) in rules.iter().enumerate() {
        if *own && !used[k] {
            return Err(format!(
                "{}: this rule never applies: earlier rules take all its bytes",
                r.at
            ));
        }
    }
    Ok(row)
}

/// The row of node `k`: a byte that completes a sequence goes to its rule's target (the first
/// such rule's), one that continues some goes on to their node, any other fails.
fn node_row(nodes: &mut Nodes, k: usize) -> Result<Vec<Target>, String> {
    let node = nodes.list[k].clone();
    let mut row = Vec::with_capacity(256);
    for b in 0..256 {
        let mut done = None;
        let mut more = Vec::new();
        for (target, seqs) in &node.alts {
            let rest: Vec<Seq> = (seqs.iter())
                .filter(|q| in_range(&q[0], b))
                .map(|q| q[1..].to_vec())
                .collect();
            if rest.iter().any(Vec::is_empty) {
                done = done.or(Some(target.clone()));
            }
            let rest: Vec<Seq> = rest.into_iter().filter(|q| !q.is_empty()).collect();
            if !rest.is_empty() {
                more.push((target.clone(), rest));
            }
        }
        row.push(match (done, more.is_empty()) {
            (Some(_), false) => {
                return Err(format!(
                    "a byte sequence is the start of another (to {:?}): a DFA cannot take both",
                    node.alts.first().map(|a| &a.0)
                ))
            }
            (Some(target), true) => target,
            (None, false) => nodes.intern(Node {
                alts: more,
                fail: node.fail.clone(),
                component: node.component.clone(),
            }),
            (None, true) => Target::Fail(node.fail.clone()),
        });
    }
    Ok(row)
}

fn camel(snake: &str) -> String {
    let mut out = String::new();
    let mut upper = true;
    for c in snake.chars() {
        if c == '_' {
            upper = true;
        } else if upper {
            out.push(c.to_ascii_uppercase());
            upper = false;
        } else {
            out.push(c);
        }
    }
    out
}

fn emit_dfa(
    out: &mut String,
    file: &str,
    starts: &Starts,
    declared: Vec<State>,
) -> Result<(Vec<String>, usize), String> {
    // The rows of the file's states, then those of the states made for the insides of byte
    // sequences (which may make more).
    let mut nodes = Nodes::default();
    let mut states = declared;
    let mut rows_of: Vec<Vec<Target>> = (0..states.len())
        .map(|i| resolve_row(&states, i, &mut nodes))
        .collect::<Result<_, _>>()?;
    let mut k = 0;
    while k < nodes.list.len() {
        rows_of.push(node_row(&mut nodes, k).map_err(|e| format!("{file}: {e}"))?);
        k += 1;
    }
    for (k, node) in nodes.list.iter().enumerate() {
        states.push(State {
            name: format!("{NODE_PREFIX}{k}"),
            at: file.to_string(),
            component: node.component.clone(),
            mark: None,
            accel: false,
            end: Some(node.fail.clone()),
            extra: Vec::new(),
            rules: Vec::new(),
            like: None,
            synthetic: true,
        });
    }
    let states = &states[..];

    // Every state of the file must be reachable from a start (through the rows, or as the
    // base of a reachable state's `like`): a dead state is a typo. An included file's states
    // that this grammar cannot reach are left out.
    let index_of = |name: &str| states.iter().position(|s| s.name == name);
    let mut keep = vec![false; states.len()];
    let mut stack: Vec<usize> = starts.iter().filter_map(|(_, s, _)| index_of(s)).collect();
    while let Some(i) = stack.pop() {
        if std::mem::replace(&mut keep[i], true) {
            continue;
        }
        for t in &rows_of[i] {
            if let Target::State(name) = t {
                stack.extend(index_of(name));
            }
        }
        if let Some((name, _)) = &states[i].like {
            stack.extend(index_of(name));
        }
    }
    let own = format!("{file}:");
    if let Some(s) = (states.iter().zip(&keep)).find(|(s, &k)| !k && s.at.starts_with(&own)) {
        return Err(format!("{}: state `{}` is unreachable", s.0.at, s.0.name));
    }

    // Plain states first (those inside byte sequences last among them), then accelerated
    // ones, then mark states, so that one comparison against FIRST_ACCEL tells the hot loop
    // whether a transition needs attention, and a second one which kind.
    let group = |i: usize| match (&states[i].mark, states[i].accel, states[i].synthetic) {
        (_, _, true) => 1,
        (None, false, _) => 0,
        (None, true, _) => 2,
        (Some(_), _, _) => 3,
    };
    let mut order: Vec<usize> = (0..states.len()).filter(|&i| keep[i]).collect();
    order.sort_by_key(|&i| group(i)); // stable: file order within a group
    let first_seq = order.iter().take_while(|&&i| group(i) == 0).count();
    let first_accel = order.iter().take_while(|&&i| group(i) < 2).count();
    let first_mark = order.iter().take_while(|&&i| group(i) < 3).count();
    let position = |name: &str| order.iter().position(|&i| states[i].name == name);
    let rows: Vec<Vec<Target>> = order.iter().map(|&i| rows_of[i].clone()).collect();

    // Byte equivalence classes: bytes that every state sends to the same place share an id.
    // Ids are numbered in order of their smallest byte, so the output is deterministic.
    let mut signatures: BTreeMap<Vec<&Target>, u8> = BTreeMap::new();
    let mut byte_class = [0u8; 256];
    for (b, class) in byte_class.iter_mut().enumerate() {
        let signature: Vec<&Target> = rows.iter().map(|row| &row[b]).collect();
        let next = signatures.len();
        let id = *signatures.entry(signature).or_insert(next as u8);
        *class = id;
    }
    let num_classes = signatures.len();

    // Fail kinds in first-use order (the table's own order), then the ids.
    let mut fails: Vec<String> = Vec::new();
    let mut note_fail = |k: &String| {
        if !fails.contains(k) {
            fails.push(k.clone());
        }
    };
    for row in &rows {
        for t in row {
            if let Target::Fail(k) = t {
                note_fail(k);
            }
        }
    }
    for &i in &order {
        if let Some(k) = &states[i].end {
            note_fail(k);
        }
    }
    // Rows are `stride` wide, a power of two, so a state's index is its id shifted right.
    let stride = num_classes.next_power_of_two();
    let first_fail = order.len() * stride;
    let trans_len = first_fail.next_power_of_two();
    if first_fail + fails.len() > u16::MAX as usize {
        return Err(format!(
            "{file}: {} states x {num_classes} classes do not fit u16 ids",
            order.len()
        ));
    }
    let id_of = |t: &Target| -> usize {
        match t {
            Target::State(name) => position(name).unwrap_or(0) * stride,
            Target::Fail(k) => first_fail + fails.iter().position(|f| f == k).unwrap_or(0),
        }
    };

    // Accelerated states (as in regex-automata): each state marked `accel` loops on many
    // bytes and gets one bit of a u8; LOOP_BITS[b] has that bit when byte b keeps the DFA in
    // that state, so the parser can skip a run of such bytes several at a time without
    // stepping the DFA.
    let mut loop_bit = vec![0u8; (first_mark - first_accel).next_power_of_two()];
    let mut loop_bits = [0u8; 256];
    let mut next_bit = 0;
    for (k, &i) in order.iter().enumerate() {
        let s = &states[i];
        if !s.accel {
            continue;
        }
        let at = format!("{}: state `{}`", s.at, s.name);
        if s.mark.is_some() {
            return Err(format!(
                "{at}: a mark state cannot be `accel` (its action must run)"
            ));
        }
        let me = Target::State(s.name.clone());
        let loops: Vec<usize> = (0..256).filter(|&b| rows[k][b] == me).collect();
        if loops.is_empty() {
            return Err(format!("{at}: `accel` but no byte keeps the DFA in it"));
        }
        if next_bit == 8 {
            return Err(format!(
                "{at}: at most 8 states can be `accel` (one bit of a u8 each)"
            ));
        }
        loop_bit[k - first_accel] = 1 << next_bit;
        for b in loops {
            loop_bits[b] |= 1 << next_bit;
        }
        next_bit += 1;
    }

    let loop_bit_of = |k: usize| {
        if (first_accel..first_mark).contains(&k) {
            loop_bit[k - first_accel]
        } else {
            0
        }
    };
    item(
        out,
        "Number of byte equivalence classes.",
        &format!("NUM_CLASSES: usize = {num_classes}"),
    );
    item(
        out,
        "Width of a row of `TRANS`, a power of two: a state's id is `index << STRIDE_SHIFT`.",
        &format!("STRIDE_SHIFT: u32 = {}", stride.trailing_zeros()),
    );
    item(
        out,
        "Number of DFA states.",
        &format!("NUM_STATES: usize = {}", order.len()),
    );
    item(
        out,
        "Id of the first state inside a byte sequence (they come before the accelerated ones).",
        &format!("FIRST_SEQ: usize = {}", first_seq * stride),
    );
    item(
        out,
        "Id of the first accelerated state; states below it need no action.",
        &format!("FIRST_ACCEL: usize = {}", first_accel * stride),
    );
    item(
        out,
        "Id of the first mark state; from here on a transition runs an action.",
        &format!("FIRST_MARK: usize = {}", first_mark * stride),
    );
    item(
        out,
        "Ids from here on are failures: `FAIL_KIND[id - FIRST_FAIL]`.",
        &format!("FIRST_FAIL: usize = {first_fail}"),
    );
    for (rule, state, _) in starts {
        let id = id_of(&Target::State(state.clone()));
        item(
            out,
            &format!("Where parsing `{rule}` starts (state `{state}`)."),
            &format!("START_{}: usize = {id}", const_name(rule)),
        );
    }
    for (k, &i) in order
        .iter()
        .enumerate()
        .filter(|(_, &i)| !states[i].synthetic)
    {
        let name = &states[i].name;
        item(
            out,
            &format!("Id of state `{name}`."),
            &format!("STATE_{name}: usize = {}", k * stride),
        );
    }
    out.push('\n');

    array(
        out,
        "Byte -> equivalence class.",
        "BYTE_CLASS: [u8; 256]",
        byte_class
            .iter()
            .enumerate()
            .map(|(b, c)| format!("{c}, // {}", byte_name(b as u8))),
    );

    let mut trans_rows = Vec::new();
    for (k, row) in rows.iter().enumerate() {
        trans_rows.push(format!("// {} = {}", states[order[k]].name, k * stride));
        let ids =
            (0..stride).map(
                |class| match byte_class.iter().position(|&c| c as usize == class) {
                    Some(b) => id_of(&row[b]),
                    None => first_fail, // no byte has this class: row padding
                },
            );
        trans_rows.push(ids.map(|id| format!("{id},")).collect::<Vec<_>>().join(" "));
    }
    if trans_len > first_fail {
        trans_rows.push("// padding".into());
        trans_rows.push(
            format!("{first_fail}, ")
                .repeat(trans_len - first_fail)
                .trim_end()
                .to_string(),
        );
    }
    array(
        out,
        "`TRANS[state + class]`: the next state's id or a failure id. Padded to a power\nof two so the index can be masked instead of bounds-checked.",
        &format!("TRANS: [u16; {trans_len}]"),
        trans_rows,
    );

    array(
        out,
        "Loop bit of each accelerated state (by index - first accelerated index).\nPadded to a power of two so the index can be masked.",
        &format!("LOOP_BIT: [u8; {}]", loop_bit.len()),
        loop_bit.iter().enumerate().map(|(k, bit)| {
            let state = (k + first_accel < first_mark).then(|| states[order[k + first_accel]].name.as_str());
            format!("{bit:#04x}, // {}", state.unwrap_or("(padding)"))
        }),
    );
    array(
        out,
        "`LOOP_BITS[b] & LOOP_BIT[s] != 0` when byte `b` keeps the DFA in state `s`.",
        "LOOP_BITS: [u8; 256]",
        loop_bits
            .iter()
            .enumerate()
            .map(|(b, bits)| format!("{bits:#04x}, // {}", byte_name(b as u8))),
    );

    // The characters of two and three bytes that lead an accelerated state back to itself
    // through states inside a byte sequence (no action on the way), for the run skip to step
    // over without the DFA: for a lead byte of two, the set of second bytes that do; for a
    // lead of three and a second byte, the set of third bytes; each set a u64 whose bit k
    // stands for the continuation byte 0x80 + k. One table per distinct set of sets;
    // UTF8_RUN_OF gives each loop bit's table (or 255: none).
    let step = |s: usize, byte: usize| match &rows[s][byte] {
        Target::State(name) => position(name),
        Target::Fail(_) => None,
    };
    let inside = |s: usize| states[order[s]].synthetic;
    let set = |last: &dyn Fn(usize) -> bool| {
        (0..64)
            .filter(|&k| last(0x80 + k))
            .fold(0u64, |m, k| m | 1 << k)
    };
    let mut utf8_runs: Vec<Vec<u64>> = Vec::new();
    let mut utf8_run_of = [255u8; 8];
    for k in first_accel..first_mark {
        let bit = loop_bit_of(k);
        if bit == 0 {
            continue;
        }
        let mut table = vec![0u64; UTF8_RUN_LEN];
        for b0 in 0xC0..0xE0 {
            if let Some(s1) = step(k, b0).filter(|&s| inside(s)) {
                table[b0 - 0xC0] = set(&|b1| step(s1, b1) == Some(k));
            }
        }
        for b0 in 0xE0..0xF0 {
            for b1 in 0x80..0xC0 {
                let s2 = step(k, b0)
                    .filter(|&s| inside(s))
                    .and_then(|s1| step(s1, b1))
                    .filter(|&s| inside(s));
                if let Some(s2) = s2 {
                    table[32 + (b0 - 0xE0) * 64 + (b1 - 0x80)] = set(&|b2| step(s2, b2) == Some(k));
                }
            }
        }
        if table.iter().all(|&m| m == 0) {
            continue;
        }
        let id = match utf8_runs.iter().position(|t| *t == table) {
            Some(id) => id,
            None => {
                utf8_runs.push(table);
                utf8_runs.len() - 1
            }
        };
        utf8_run_of[bit.trailing_zeros() as usize] = id as u8;
    }
    array(
        out,
        "Per table: for a lead byte `b0` of two bytes, `[b0 - 0xC0]` is the set of second bytes\nthat lead the state back to itself (bit k: byte 0x80 + k); for a lead of three and a\nsecond byte `b1`, `[32 + (b0 - 0xE0) * 64 + (b1 - 0x80)]` the set of third bytes.",
        &format!("UTF8_RUNS: [[u64; {UTF8_RUN_LEN}]; {}]", utf8_runs.len()),
        utf8_runs.iter().map(|t| {
            let rows: Vec<String> = t.chunks(4).map(|c| c.iter().map(|m| format!("{m:#018x},")).collect::<Vec<_>>().join(" ")).collect();
            format!("[\n        {}\n    ],", rows.join("\n        "))
        }),
    );
    array(
        out,
        "The `UTF8_RUNS` table of each loop bit (by the bit's position), 255 for none.",
        "UTF8_RUN_OF: [u8; 8]",
        utf8_run_of.iter().map(|t| format!("{t},")),
    );

    array(
        out,
        "The error of each failure id, from `FIRST_FAIL` on.",
        &format!("FAIL_KIND: [ErrorKind; {}]", fails.len()),
        fails.iter().map(|k| format!("ErrorKind::{k},")),
    );
    array(
        out,
        "What to do when the input ends in each state (by state index): accept, or fail.",
        &format!("END: [Option<ErrorKind>; {}]", order.len()),
        order.iter().map(|&i| match &states[i].end {
            Some(k) => format!("Some(ErrorKind::{k}), // {}", states[i].name),
            None => format!("None, // {}", states[i].name),
        }),
    );
    array(
        out,
        "The component each state reports errors in (by state index).",
        &format!("COMPONENT: [Component; {}]", order.len()),
        order.iter().map(|&i| {
            format!(
                "Component::{}, // {}",
                camel(&states[i].component),
                states[i].name
            )
        }),
    );

    let marks = &order[first_mark..];
    array(
        out,
        "The action of each mark state (by state index - first mark index).",
        &format!("MARK: [Mark; {}]", marks.len()),
        marks.iter().map(|&i| {
            format!(
                "Mark::{}, // {}",
                camel(states[i].mark.as_deref().unwrap_or("")),
                states[i].name
            )
        }),
    );
    // A mark state that is `like` an accelerated state and has the very same row (it only
    // adds the action) can hand over to that state right after its action, and the parser
    // skips that state's run at once instead of stepping on its first byte.
    array(
        out,
        "After each mark state's action: the state to go on in and its loop bit\n(`(own id, 0)` when there is nothing to skip).",
        &format!("MARK_THEN: [(u16, u8); {}]", marks.len()),
        marks.iter().enumerate().map(|(m, &i)| {
            let k = first_mark + m;
            let twin = states[i].like.as_ref().and_then(|(name, _)| position(name));
            let then = match twin {
                Some(t) if states[i].rules.is_empty() && states[i].extra.is_empty() && rows[t] == rows[k] && loop_bit_of(t) != 0 => t,
                _ => k,
            };
            let bit = if then == k { 0 } else { loop_bit_of(then) };
            format!("({}, {bit:#04x}), // {} -> {}", then * stride, states[i].name, states[order[then]].name)
        }),
    );
    array(
        out,
        "State names by index, for tests and debugging.",
        &format!("STATE_NAMES: [&str; {}]", order.len()),
        order.iter().map(|&i| format!("{:?},", states[i].name)),
    );

    // The tables as one type, for the driver (src/driver/parse.rs), which is generic over it.
    let state_or_none = |name: &str| match position(name) {
        Some(k) => format!("{}", k * stride),
        None => "usize::MAX".to_string(),
    };
    let module = file
        .rsplit('/')
        .next()
        .unwrap_or(file)
        .trim_end_matches(".dfa");
    let _ = write!(
        out,
        "/// The tables above, for the driver of `src/driver/parse.rs`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Dfa;

impl super::Grammar for Dfa {{
    const NAME: &'static str = {module:?};
    const BYTE_CLASS: &'static [u8; 256] = &BYTE_CLASS;
    const TRANS: &'static [u16] = &TRANS;
    const STRIDE_SHIFT: u32 = STRIDE_SHIFT;
    const FIRST_SEQ: usize = FIRST_SEQ;
    const FIRST_ACCEL: usize = FIRST_ACCEL;
    const FIRST_MARK: usize = FIRST_MARK;
    const FIRST_FAIL: usize = FIRST_FAIL;
    const LOOP_BIT: &'static [u8] = &LOOP_BIT;
    const LOOP_BITS: &'static [u8; 256] = &LOOP_BITS;
    const FAIL_KIND: &'static [ErrorKind] = &FAIL_KIND;
    const END: &'static [Option<ErrorKind>] = &END;
    const COMPONENT: &'static [Component] = &COMPONENT;
    const MARK: &'static [Mark] = &MARK;
    const MARK_THEN: &'static [(u16, u8)] = &MARK_THEN;
    const STATE_IPV6: usize = {};
    const STATE_SCHEME_END: usize = {};
    const UTF8_RUNS: &'static [[u64; {UTF8_RUN_LEN}]] = &UTF8_RUNS;
    const UTF8_RUN_OF: [u8; 8] = UTF8_RUN_OF;
}}
",
        state_or_none("IPV6"),
        state_or_none("SCHEME_END"),
    );
    let names = order.iter().map(|&i| states[i].name.clone()).collect();
    Ok((names, stride))
}

// ------------------------------------------------------------------------------ ABNF

/// An element of an ABNF rule (RFC 5234 §4), names not yet looked up.
#[derive(Debug)]
enum Abnf {
    /// One byte of a set: a `%x` value or range, or a character of a string.
    Byte(Vec<bool>),
    Seq(Vec<Abnf>),
    Alt(Vec<Abnf>),
    /// `min*max` repetitions (`max` `None`: no limit).
    Repeat(usize, Option<usize>, Box<Abnf>),
    /// Another rule, by its name in lower case (ABNF names are case-insensitive).
    Rule(String),
}

/// A rule of an ABNF file.
struct AbnfRule {
    /// As written (ABNF names are case-insensitive: see [`find_rule`]).
    name: String,
    line: usize,
    definition: Abnf,
}

/// The rule named `name`, in any case.
fn find_rule<'r>(rules: &'r [AbnfRule], name: &str) -> Option<&'r AbnfRule> {
    rules.iter().find(|r| r.name.eq_ignore_ascii_case(name))
}

/// The rules of an ABNF file. A line that starts with white space continues the rule above
/// it (RFC 5234 §2.2).
fn parse_abnf(src: &str, file: &str) -> Result<Vec<AbnfRule>, String> {
    let mut texts: Vec<(usize, String)> = Vec::new();
    for (n, raw) in src.lines().enumerate() {
        let text = strip_comment(raw);
        if text.trim().is_empty() {
            continue;
        }
        match texts.last_mut() {
            Some((_, rule)) if text.starts_with([' ', '\t']) => {
                rule.push(' ');
                rule.push_str(text.trim());
            }
            _ if text.starts_with([' ', '\t']) => {
                return Err(format!(
                    "{file}:{}: a continuation line with no rule above it",
                    n + 1
                ));
            }
            _ => texts.push((n + 1, text.trim().to_string())),
        }
    }
    let mut rules: Vec<AbnfRule> = Vec::new();
    for (line, text) in texts {
        let at = format!("{file}:{line}");
        let (name, body) = text
            .split_once('=')
            .ok_or_else(|| format!("{at}: expected `name = elements`"))?;
        let name = name.trim();
        if !is_name(name) || name.contains('_') {
            return Err(format!("{at}: {name:?} is not a rule name"));
        }
        if body.starts_with('/') {
            return Err(format!(
                "{at}: `=/` is not supported: write the alternatives in one rule"
            ));
        }
        if find_rule(&rules, name).is_some() {
            return Err(format!("{at}: rule {name} is defined twice"));
        }
        let mut p = AbnfParser {
            s: body.as_bytes(),
            i: 0,
            at: &at,
        };
        let element = p.alternation()?;
        p.skip_space();
        if p.i < p.s.len() {
            return Err(p.error("expected an element, '/' or the end of the rule"));
        }
        rules.push(AbnfRule {
            name: name.to_string(),
            line,
            definition: element,
        });
    }
    Ok(rules)
}

/// A recursive-descent reader of one rule's elements.
struct AbnfParser<'a> {
    s: &'a [u8],
    i: usize,
    at: &'a str,
}

impl AbnfParser<'_> {
    fn error(&self, what: &str) -> String {
        let rest = String::from_utf8_lossy(&self.s[self.i.min(self.s.len())..]);
        format!("{}: {what}, at {:?}", self.at, rest)
    }

    fn skip_space(&mut self) {
        while self.s.get(self.i).is_some_and(u8::is_ascii_whitespace) {
            self.i += 1;
        }
    }

    fn peek(&mut self) -> Option<u8> {
        self.skip_space();
        self.s.get(self.i).copied()
    }

    /// `alternation = concatenation *( "/" concatenation )`
    fn alternation(&mut self) -> Result<Abnf, String> {
        let mut alternatives = vec![self.concatenation()?];
        while self.peek() == Some(b'/') {
            self.i += 1;
            alternatives.push(self.concatenation()?);
        }
        Ok(match alternatives.len() {
            1 => alternatives.remove(0),
            _ => Abnf::Alt(alternatives),
        })
    }

    /// `concatenation = repetition *( 1*WSP repetition )`
    fn concatenation(&mut self) -> Result<Abnf, String> {
        let mut items = Vec::new();
        while let Some(c) = self.peek() {
            if matches!(c, b'/' | b')' | b']') {
                break;
            }
            items.push(self.repetition()?);
        }
        Ok(match items.len() {
            0 => return Err(self.error("expected an element")),
            1 => items.remove(0),
            _ => Abnf::Seq(items),
        })
    }

    fn number(&mut self) -> Option<usize> {
        let start = self.i;
        while self.s.get(self.i).is_some_and(u8::is_ascii_digit) {
            self.i += 1;
        }
        std::str::from_utf8(&self.s[start..self.i])
            .ok()?
            .parse()
            .ok()
    }

    /// `repetition = [ repeat ] element`, `repeat = 1*DIGIT / ( *DIGIT "*" *DIGIT )`
    fn repetition(&mut self) -> Result<Abnf, String> {
        let min = self.number();
        let (min, max) = if self.s.get(self.i) == Some(&b'*') {
            self.i += 1;
            (min.unwrap_or(0), self.number())
        } else {
            match min {
                Some(n) => (n, Some(n)),
                None => return self.element(),
            }
        };
        if max.is_some_and(|max| max < min || max == 0) {
            return Err(self.error("a repetition of at most 0 or fewer than its least"));
        }
        if self.s.get(self.i).map_or(true, u8::is_ascii_whitespace) {
            return Err(self.error("a repetition of nothing"));
        }
        Ok(Abnf::Repeat(min, max, Box::new(self.element()?)))
    }

    /// `element = rulename / group / option / char-val / num-val`
    fn element(&mut self) -> Result<Abnf, String> {
        let Some(c) = self.peek() else {
            return Err(self.error("expected an element"));
        };
        match c {
            b'(' | b'[' => {
                self.i += 1;
                let inner = self.alternation()?;
                let close = if c == b'(' { b')' } else { b']' };
                if self.peek() != Some(close) {
                    return Err(self.error(&format!("expected '{}'", close as char)));
                }
                self.i += 1;
                Ok(match c {
                    b'(' => inner,
                    _ => Abnf::Repeat(0, Some(1), Box::new(inner)),
                })
            }
            b'"' => {
                let start = self.i + 1;
                let len = self.s[start..]
                    .iter()
                    .position(|&b| b == b'"')
                    .ok_or_else(|| self.error("a string with no closing '\"'"))?;
                self.i = start + len + 1;
                // Case-insensitive, as ABNF strings are (RFC 5234 §2.3).
                let chars = self.s[start..start + len].iter().map(|&b| {
                    let mut set = vec![false; 256];
                    set[usize::from(b.to_ascii_lowercase())] = true;
                    set[usize::from(b.to_ascii_uppercase())] = true;
                    Abnf::Byte(set)
                });
                Ok(Abnf::Seq(chars.collect()))
            }
            b'%' => {
                let start = self.i;
                while self
                    .s
                    .get(self.i)
                    .is_some_and(|&b| !b.is_ascii_whitespace() && !b"/)]".contains(&b))
                {
                    self.i += 1;
                }
                let text = std::str::from_utf8(&self.s[start..self.i]).unwrap_or_default();
                let hex = text
                    .strip_prefix("%x")
                    .ok_or_else(|| self.error("only %x values are supported"))?;
                let byte = |h: &str| {
                    u8::from_str_radix(h, 16)
                        .ok()
                        .filter(|_| (1..=2).contains(&h.len()))
                };
                let set = |lo: u8, hi: u8| {
                    Abnf::Byte(
                        (0..256)
                            .map(|b| (usize::from(lo)..=usize::from(hi)).contains(&b))
                            .collect(),
                    )
                };
                if let Some((lo, hi)) = hex.split_once('-') {
                    match (byte(lo), byte(hi)) {
                        (Some(lo), Some(hi)) if lo <= hi => Ok(set(lo, hi)),
                        _ => Err(format!("{}: {text:?} is not a byte range", self.at)),
                    }
                } else {
                    let bytes: Option<Vec<u8>> = hex.split('.').map(byte).collect();
                    let bytes = bytes
                        .ok_or_else(|| format!("{}: {text:?} is not a byte or bytes", self.at))?;
                    Ok(Abnf::Seq(bytes.into_iter().map(|b| set(b, b)).collect()))
                }
            }
            c if c.is_ascii_alphabetic() => {
                let start = self.i;
                while self
                    .s
                    .get(self.i)
                    .is_some_and(|&b| b.is_ascii_alphanumeric() || b == b'-')
                {
                    self.i += 1;
                }
                let name = std::str::from_utf8(&self.s[start..self.i]).unwrap_or_default();
                Ok(Abnf::Rule(name.to_ascii_lowercase()))
            }
            _ => Err(self.error("expected an element")),
        }
    }
}

/// A nondeterministic automaton built from ABNF elements (Thompson's construction): edges on
/// a set of bytes (by index in `sets`) and empty edges.
#[derive(Default)]
struct Nfa {
    sets: Vec<Vec<bool>>,
    edges: Vec<Vec<(usize, usize)>>,
    empty: Vec<Vec<usize>>,
}

impl Nfa {
    fn node(&mut self) -> usize {
        self.edges.push(Vec::new());
        self.empty.push(Vec::new());
        self.edges.len() - 1
    }

    /// Adds the strings of `element` from node `from`; returns the node where they end.
    /// `within` holds the rules being expanded, to refuse one that refers to itself.
    fn add(
        &mut self,
        element: &Abnf,
        rules: &[AbnfRule],
        within: &mut Vec<String>,
        from: usize,
    ) -> Result<usize, String> {
        Ok(match element {
            Abnf::Byte(set) => {
                let k = match self.sets.iter().position(|s| s == set) {
                    Some(k) => k,
                    None => {
                        self.sets.push(set.clone());
                        self.sets.len() - 1
                    }
                };
                let to = self.node();
                self.edges[from].push((k, to));
                to
            }
            Abnf::Seq(items) => {
                let mut at = from;
                for item in items {
                    at = self.add(item, rules, within, at)?;
                }
                at
            }
            Abnf::Alt(alternatives) => {
                let end = self.node();
                for alternative in alternatives {
                    let start = self.node();
                    self.empty[from].push(start);
                    let at = self.add(alternative, rules, within, start)?;
                    self.empty[at].push(end);
                }
                end
            }
            Abnf::Repeat(min, max, item) => {
                let mut at = from;
                for _ in 0..*min {
                    at = self.add(item, rules, within, at)?;
                }
                match max {
                    // Any number more: a loop through a node of its own.
                    None => {
                        let again = self.node();
                        self.empty[at].push(again);
                        let end = self.add(item, rules, within, again)?;
                        self.empty[end].push(again);
                        again
                    }
                    Some(max) => {
                        for _ in *min..*max {
                            let end = self.node();
                            self.empty[at].push(end);
                            let more = self.add(item, rules, within, at)?;
                            self.empty[more].push(end);
                            at = end;
                        }
                        at
                    }
                }
            }
            Abnf::Rule(name) => {
                let Some(rule) = find_rule(rules, name) else {
                    return Err(format!("rule {name} is not defined"));
                };
                if within.iter().any(|w| w == name) {
                    return Err(format!(
                        "rule {} refers to itself: not a regular rule",
                        rule.name
                    ));
                }
                within.push(name.clone());
                let end = self.add(&rule.definition, rules, within, from)?;
                within.pop();
                end
            }
        })
    }

    /// The nodes reachable from `nodes` by empty edges, `nodes` included, in order.
    fn closure(&self, nodes: impl IntoIterator<Item = usize>) -> Vec<usize> {
        let mut seen = vec![false; self.edges.len()];
        let mut stack: Vec<usize> = nodes.into_iter().collect();
        let mut out = Vec::new();
        while let Some(n) = stack.pop() {
            if !std::mem::replace(&mut seen[n], true) {
                out.push(n);
                stack.extend(&self.empty[n]);
            }
        }
        out.sort_unstable();
        out
    }
}

/// The minimal DFA of some rules of an ABNF file, read as one automaton with a start state a
/// rule: states numbered dead (0) first, then those that do not accept, then those that do.
#[derive(Debug)]
pub struct AbnfDfa {
    /// Byte -> class.
    pub byte_class: Vec<u8>,
    /// `trans[state][class]`: the next state.
    pub trans: Vec<Vec<usize>>,
    pub first_accept: usize,
    /// The start state of each rule asked for, in order.
    pub starts: Vec<usize>,
}

impl AbnfDfa {
    /// The number of byte classes (the dead state's row has one entry a class).
    pub fn classes(&self) -> usize {
        self.trans[0].len()
    }
}

/// A DFA over bytes, before minimization: `trans[state][byte]`, state 0 dead.
struct ByteDfa {
    trans: Vec<Vec<usize>>,
    accepts: Vec<bool>,
    starts: Vec<usize>,
}

/// Compiles `start_rules` of the ABNF `src` into one [`AbnfDfa`]: Thompson's construction
/// ([`Nfa`]), the subset construction ([`subsets`]), then Moore's minimization ([`minimize`]).
pub fn compile_abnf(src: &str, file: &str, start_rules: &[&str]) -> Result<AbnfDfa, String> {
    let rules = parse_abnf(src, file)?;
    let mut nfa = Nfa::default();
    let mut ends = Vec::new();
    for rule in start_rules {
        let start = nfa.node();
        let rule = Abnf::Rule(rule.to_ascii_lowercase());
        let end = nfa
            .add(&rule, &rules, &mut Vec::new(), start)
            .map_err(|e| format!("{file}: {e}"))?;
        ends.push((start, end));
    }
    if let Some(rule) = rules
        .iter()
        .find(|r| !used_by(&r.name, start_rules, &rules))
    {
        return Err(format!(
            "{file}:{}: rule {} is used by no rule build.rs compiles",
            rule.line, rule.name
        ));
    }
    let dfa = subsets(&nfa, &ends).map_err(|e| format!("{file}: {e}"))?;
    Ok(minimize(&dfa))
}

/// The most states a DFA of an ABNF file may have before minimization.
const MAX_SUBSETS: usize = 4096;

/// The subset construction: a DFA whose states are sets of the NFA's nodes, over the classes
/// of bytes that the NFA's sets hold alike (`trans[state][byte]`), from the start node of
/// each `(start, end)` pair; a state accepts when it holds an end. State 0 is the empty set:
/// dead.
fn subsets(nfa: &Nfa, ends: &[(usize, usize)]) -> Result<ByteDfa, String> {
    // Bytes the same sets hold behave alike: one byte stands for each such group.
    let mut signatures: Vec<Vec<bool>> = Vec::new();
    let mut representatives: Vec<usize> = Vec::new();
    let mut class_of = [0usize; 256];
    for (b, class) in class_of.iter_mut().enumerate() {
        let signature: Vec<bool> = nfa.sets.iter().map(|set| set[b]).collect();
        *class = match signatures.iter().position(|s| *s == signature) {
            Some(class) => class,
            None => {
                signatures.push(signature);
                representatives.push(b);
                signatures.len() - 1
            }
        };
    }
    let mut sets: Vec<Vec<usize>> = vec![Vec::new()];
    let mut index: BTreeMap<Vec<usize>, usize> = BTreeMap::from([(Vec::new(), 0)]);
    let mut id_of = |set: Vec<usize>, sets: &mut Vec<Vec<usize>>| {
        *index.entry(set.clone()).or_insert_with(|| {
            sets.push(set);
            sets.len() - 1
        })
    };
    let starts: Vec<usize> = ends
        .iter()
        .map(|&(start, _)| id_of(nfa.closure([start]), &mut sets))
        .collect();
    let mut rows: Vec<Vec<usize>> = Vec::new();
    while rows.len() < sets.len() {
        if sets.len() > MAX_SUBSETS {
            return Err(format!(
                "more than {MAX_SUBSETS} states: too many for a table"
            ));
        }
        let set = sets[rows.len()].clone();
        let by_class: Vec<usize> = representatives
            .iter()
            .map(|&b| {
                let next = set
                    .iter()
                    .flat_map(|&n| &nfa.edges[n])
                    .filter(|&&(k, _)| nfa.sets[k][b])
                    .map(|&(_, to)| to);
                id_of(nfa.closure(next), &mut sets)
            })
            .collect();
        rows.push(by_class);
    }
    // Each byte's entry is its class's.
    let trans = rows
        .iter()
        .map(|row| class_of.iter().map(|&class| row[class]).collect())
        .collect();
    let accepts = sets
        .iter()
        .map(|set| ends.iter().any(|(_, end)| set.contains(end)))
        .collect();
    Ok(ByteDfa {
        trans,
        accepts,
        starts,
    })
}

/// Moore's minimization of a DFA (`trans[state][byte]`, state 0 dead): blocks of states split
/// until no block tells its states apart by whether they accept and where each byte takes
/// them; then one state a block, numbered dead first, then those that do not accept, then
/// those that do, each in the order of its first state; and one class for the bytes that
/// every state takes alike.
fn minimize(dfa: &ByteDfa) -> AbnfDfa {
    let ByteDfa {
        trans,
        accepts,
        starts,
    } = dfa;
    let mut block: Vec<usize> = accepts.iter().map(|&a| usize::from(a)).collect();
    let mut blocks = 0;
    loop {
        let mut keys: BTreeMap<Vec<usize>, usize> = BTreeMap::new();
        let next: Vec<usize> = (0..trans.len())
            .map(|s| {
                let key = std::iter::once(block[s])
                    .chain(trans[s].iter().map(|&t| block[t]))
                    .collect();
                let n = keys.len();
                *keys.entry(key).or_insert(n)
            })
            .collect();
        block = next;
        if keys.len() == blocks {
            break;
        }
        blocks = keys.len();
    }
    let first_of = |k: usize| block.iter().position(|&b| b == k).unwrap_or(0);
    let mut order: Vec<usize> = (0..blocks).collect();
    order.sort_by_key(|&k| (k != block[0], accepts[first_of(k)], first_of(k)));
    let id_of = |state: usize| order.iter().position(|&k| k == block[state]).unwrap_or(0);
    let by_byte: Vec<Vec<usize>> = order
        .iter()
        .map(|&k| trans[first_of(k)].iter().map(|&t| id_of(t)).collect())
        .collect();
    // The classes: bytes whose columns are the same.
    let mut columns: Vec<Vec<usize>> = Vec::new();
    let byte_class: Vec<u8> = (0..256)
        .map(|b| {
            let column: Vec<usize> = by_byte.iter().map(|row| row[b]).collect();
            let class = columns
                .iter()
                .position(|c| *c == column)
                .unwrap_or_else(|| {
                    columns.push(column);
                    columns.len() - 1
                });
            class as u8
        })
        .collect();
    AbnfDfa {
        byte_class,
        trans: (0..by_byte.len())
            .map(|s| columns.iter().map(|column| column[s]).collect())
            .collect(),
        first_accept: order
            .iter()
            .position(|&k| accepts[first_of(k)])
            .unwrap_or(order.len()),
        starts: starts.iter().map(|&s| id_of(s)).collect(),
    }
}

/// Whether rule `name` is one of `start_rules` or used by one of them.
fn used_by(name: &str, start_rules: &[&str], rules: &[AbnfRule]) -> bool {
    // `depth` bounds the walk where a rule refers to itself (an error reported elsewhere).
    fn refers(element: &Abnf, name: &str, rules: &[AbnfRule], depth: usize) -> bool {
        match element {
            Abnf::Byte(_) => false,
            Abnf::Seq(items) | Abnf::Alt(items) => {
                items.iter().any(|i| refers(i, name, rules, depth))
            }
            Abnf::Repeat(_, _, item) => refers(item, name, rules, depth),
            Abnf::Rule(r) => {
                r.eq_ignore_ascii_case(name)
                    || (depth < rules.len()
                        && find_rule(rules, r)
                            .is_some_and(|d| refers(&d.definition, name, rules, depth + 1)))
            }
        }
    }
    start_rules.iter().any(|s| {
        s.eq_ignore_ascii_case(name) || refers(&Abnf::Rule(s.to_ascii_lowercase()), name, rules, 0)
    })
}

/// Writes the module of an ABNF grammar: its byte classes, its transitions with state ids
/// pre-multiplied by the stride, and its dead, first accepting and start states.
fn emit_abnf(
    out: &mut String,
    file: &str,
    start_rules: &[&str],
    dfa: &AbnfDfa,
) -> Result<(), String> {
    let stride = dfa.classes().next_power_of_two();
    let shift = stride.trailing_zeros();
    let trans_len = (dfa.trans.len() * stride).next_power_of_two();
    if trans_len > usize::from(u16::MAX) {
        return Err(format!(
            "{file}: {} states: too many for u16 ids",
            dfa.trans.len()
        ));
    }
    item(
        out,
        "log2 of the row length (the number of byte classes, rounded up to a power of two).",
        &format!("STRIDE_SHIFT: u32 = {shift}"),
    );
    item(
        out,
        "The state no bytes leave: the bytes so far begin no string of the rule.",
        "DEAD: usize = 0",
    );
    item(
        out,
        "The states from this id on accept: the bytes so far are a string of the rule.",
        &format!("FIRST_ACCEPT: usize = {}", dfa.first_accept * stride),
    );
    for (rule, start) in start_rules.iter().zip(&dfa.starts) {
        item(
            out,
            &format!("Where the rule `{rule}` starts."),
            &format!("START_{}: usize = {}", const_name(rule), start * stride),
        );
    }
    out.push('\n');
    array(
        out,
        "Byte -> class.",
        "BYTE_CLASS: [u8; 256]",
        dfa.byte_class
            .iter()
            .enumerate()
            .map(|(b, c)| format!("{c}, // {}", byte_name(b as u8))),
    );
    let mut rows: Vec<String> = Vec::new();
    for (k, row) in dfa.trans.iter().enumerate() {
        let kind = match k {
            0 => " (dead)",
            k if k >= dfa.first_accept => " (accepts)",
            _ => "",
        };
        let starts: String = start_rules
            .iter()
            .zip(&dfa.starts)
            .filter(|(_, &s)| s == k)
            .map(|(r, _)| format!(" (start of {r})"))
            .collect();
        rows.push(format!("// {}{kind}{starts}", k * stride));
        let ids = (0..stride).map(|c| row.get(c).map_or(0, |&t| t * stride));
        rows.push(ids.map(|id| format!("{id},")).collect::<Vec<_>>().join(" "));
    }
    if trans_len > dfa.trans.len() * stride {
        rows.push("// padding (dead)".into());
        rows.push(
            "0, "
                .repeat(trans_len - dfa.trans.len() * stride)
                .trim_end()
                .to_string(),
        );
    }
    array(
        out,
        "`TRANS[state + class]`: the next state. Padded to a power of two so the index can be\nmasked instead of bounds-checked.",
        &format!("TRANS: [u16; {trans_len}]"),
        rows,
    );
    Ok(())
}
