//! The one-pass parser: runs the DFA of `tables/uri.dfa` over the input and records component
//! boundaries when it enters a mark state.
//!
//! The loop does one table step per byte. Transitions into plain states need nothing else;
//! those into mark states (entered on a delimiter such as `:` `//` `@` `?` `#`) run
//! [`Parser::mark`], and failure ids end the parse. Both are told apart from plain states by a
//! single comparison, because build.rs numbers plain states first.

use crate::driver::ip;
#[cfg(all(feature = "std", target_arch = "x86_64"))]
use crate::kernels::avx2::Avx2;
use crate::kernels::scan::{self, skip, Runs, SkipRuns};
use crate::tables::{
    uri, Grammar, Mark, FIRST_ACCEL, FIRST_MARK, LOOP_BIT, LOOP_BITS, START_ABSOLUTE_URI,
    START_AUTHORITY_FORM, START_ORIGIN_FORM, START_RELATIVE_REF, START_URI, START_URI_REFERENCE,
    STATE_AUTH_COLON, STATE_AUTH_START, STATE_FRAGMENT, STATE_HOST, STATE_HOST_OR_USERINFO,
    STATE_IPLIT_END, STATE_NC_SEG, STATE_NOT_SCHEME, STATE_PATH, STATE_PORT_OR_USERINFO,
    STATE_QUERY, STATE_SCHEME_OR_SEG, STATE_USERINFO, STATE_USERINFO_END, STRIDE_SHIFT,
};
use crate::{Component, ErrorKind, ParseError};
use core::marker::PhantomData;

/// The grammar rule to parse (RFC 3986 §3, §4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Rule {
    /// `URI-reference` (§4.1)
    UriReference,
    /// `URI` (§3)
    Uri,
    /// `relative-ref` (§4.2)
    RelativeRef,
    // The rules below allow no fragment (`Parser::new` compares with the first of them).
    /// `absolute-URI` (§4.3)
    AbsoluteUri,
    /// RFC 9112 §3.2.1 `origin-form`: an absolute path (RFC 9110 §4.1) and a query.
    OriginForm,
    /// RFC 9112 §3.2.3 `authority-form` and the Host header (RFC 9110 §7.2): a host from the
    /// first byte, and a port.
    AuthorityForm,
}

/// `$call` with the const `$id` the id of the rule `$rule` (a value, `rule as u8`): one copy
/// of the call for each rule, each with its rule a constant ([`Rule::of`]).
#[cfg(all(feature = "std", target_arch = "x86_64"))]
macro_rules! by_rule_id {
    ($rule:expr, $id:ident => $call:expr) => {
        $crate::driver::parse::by_rule_id!($rule, $id => $call;
            UriReference Uri RelativeRef AbsoluteUri OriginForm AuthorityForm)
    };
    ($rule:expr, $id:ident => $call:expr; $($variant:ident)*) => {
        match $rule {
            $(Rule::$variant => {
                const $id: u8 = Rule::$variant as u8;
                $call
            })*
        }
    };
}
#[cfg(all(feature = "std", target_arch = "x86_64"))]
pub(crate) use by_rule_id;

#[cfg(all(feature = "std", target_arch = "x86_64"))]
impl Rule {
    /// The rule whose id (`rule as u8`) is `id`: for the entries compiled once per rule, whose
    /// rule is a const generic parameter (which cannot be an enum on stable Rust). Called in
    /// `const` blocks alone, so that an id of no rule fails to compile.
    #[inline(always)]
    pub(crate) const fn of(id: u8) -> Rule {
        const RULES: [Rule; 6] = [
            Rule::UriReference,
            Rule::Uri,
            Rule::RelativeRef,
            Rule::AbsoluteUri,
            Rule::OriginForm,
            Rule::AuthorityForm,
        ];
        RULES[id as usize]
    }
}

/// Component boundaries as byte offsets into the input.
///
/// Presence is encoded in the offsets themselves, so no flags are needed:
/// - a scheme is never empty, so `scheme_end == 0` means "no scheme"; else `:` is at `scheme_end`;
/// - an authority always follows `//`, so `host_start == 0` means "no authority";
/// - userinfo is present when `@` stands just before `host_start`;
/// - a port is present when `host_end < path_start` (the `:` is at `host_end`);
/// - a query is present when `query_end > path_end` (the `?` is at `path_end`);
/// - a fragment is present when `query_end < len` (the `#` is at `query_end`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct Layout {
    pub(crate) scheme_end: u32,
    pub(crate) host_start: u32,
    pub(crate) host_end: u32,
    pub(crate) path_start: u32,
    pub(crate) path_end: u32,
    pub(crate) query_end: u32,
}

impl Layout {
    /// The six offsets in three words (for [`Parser::run_on`]).
    #[inline(always)]
    fn packed(self) -> [u64; 3] {
        let pair = |low: u32, high: u32| u64::from(low) | u64::from(high) << 32;
        [
            pair(self.scheme_end, self.host_start),
            pair(self.host_end, self.path_start),
            pair(self.path_end, self.query_end),
        ]
    }

    /// The layout of [`Layout::packed`]'s words.
    #[inline(always)]
    fn unpacked([a, b, c]: [u64; 3]) -> Self {
        let (low, high) = (|w: u64| w as u32, |w: u64| (w >> 32) as u32);
        Layout {
            scheme_end: low(a),
            host_start: high(a),
            host_end: low(b),
            path_start: high(b),
            path_end: low(c),
            query_end: high(c),
        }
    }
}

/// What the parser makes of an input and its layout: the reference types implement it, so that
/// the parser builds them at each of its exits (as cheap as returning the layout, and cheaper
/// than wrapping it afterwards: 6 instructions per URL on ada_kasztp) without naming them.
pub(crate) trait FromLayout<'a>: Sized {
    fn from_layout(input: &'a str, layout: Layout) -> Self;

    /// Whether a failure of RFC 3986's DFA may be taken over by another grammar (see
    /// [`FromLayout::take_over`]). `false`, the default, compiles the hook away.
    const TAKES_OVER: bool = false;

    /// Called when RFC 3986's DFA fails on the byte at `pos` in its state `state`, with the
    /// boundaries found so far: `Some(result)` goes on by another grammar from there. IRIs do
    /// (src/grammars/iri.rs): RFC 3987's DFA is RFC 3986's on every ASCII byte, so an IRI runs as a URI,
    /// with its shortcuts, up to its first byte outside ASCII.
    fn take_over(
        input: &'a str,
        layout: Layout,
        state: usize,
        pos: usize,
        no_fragment: bool,
    ) -> Option<Result<Self, ParseError>> {
        let _ = (input, layout, state, pos, no_fragment);
        None
    }
}

/// The longest input whose offsets (0 to the length, inclusive) fit `u32`.
pub(crate) const MAX_LEN: usize = u32::MAX as usize;

/// The driver: one pass of grammar `G`'s DFA over `input`.
struct Parser<'a, G: Grammar + SkipRuns> {
    grammar: PhantomData<G>,
    input: &'a str,
    /// Boundaries found so far. One not yet known holds `end`: the end of the input is where
    /// an open component ends, and no delimiter can stand there.
    layout: Layout,
    /// The input's length.
    end: u32,
    no_fragment: bool,
}

/// Parses `input` by `rule`, in one pass.
///
/// The commonest shapes start without the DFA loop: "scheme://host" for every rule but
/// relative-ref, and for references the shapes of links (`/path`, `//host/path`, `#frag`,
/// and relative paths such as `images/a.png` or `../a.png`). Each enters the state the DFA
/// would be in, with the marks it would have made (the tests below pin every step to the
/// tables, and check the whole against the DFA alone); the DFA loop takes over where a
/// shortcut ends in anything unusual, and every other input runs it from the start.
///
/// The shortcuts' runs are found by [`scan::PortableRuns`], or, where the CPU has AVX2, in the
/// first 64 bytes classified at once (src/kernels/avx2.rs).
///
/// The out-of-line parsers below it are compiled once per rule, the rule a constant in each
/// ([`parse_rule`]): one function for every rule, given the rule as a value, was specialized
/// by the compiler only in a program that called it with one rule alone, so that a second
/// caller anywhere (a `parse_absolute` for a base beside `UriRef::parse`, a proxy's
/// absolute-form request targets) made every call of the others slower.
#[cfg(all(feature = "std", target_arch = "x86_64"))]
#[inline]
pub(crate) fn parse<'a, T: FromLayout<'a>>(input: &'a str, rule: Rule) -> Result<T, ParseError> {
    by_rule_id!(rule, RULE => parse_rule::<T, RULE>(input))
}

/// [`parse`] of the rule whose id is `RULE` ([`Rule::of`]).
#[cfg(all(feature = "std", target_arch = "x86_64"))]
#[inline(always)]
fn parse_rule<'a, T: FromLayout<'a>, const RULE: u8>(input: &'a str) -> Result<T, ParseError> {
    if let Some(avx2) = Avx2::known() {
        return parse_avx2::<T, RULE>(avx2, input);
    }
    parse_portable::<T, RULE>(input)
}

/// [`parse_rule`] by [`scan::PortableRuns`], unless the CPU, asked the first time, has AVX2.
/// Out of line, so that the choice in [`parse_rule`] is a compare and a jump to one of two
/// functions: the portable code inlined beside AVX2's cost it 5-10% (registers saved on every
/// call). The portable code pays for the extra call instead: 2-18% more time on an x86-64
/// CPU without AVX2 (those made before 2013), measured with `URILEX_PORTABLE` set.
#[cfg(all(feature = "std", target_arch = "x86_64"))]
#[inline(never)]
fn parse_portable<'a, T: FromLayout<'a>, const RULE: u8>(input: &'a str) -> Result<T, ParseError> {
    if let Some(avx2) = Avx2::detect() {
        return parse_avx2::<T, RULE>(avx2, input);
    }
    parse_by(
        scan::PortableRuns::default(),
        input,
        const { Rule::of(RULE) },
    )
}

/// [`parse`] of each of `inputs`, handed to `f` with its result. Where the CPU has AVX2, the
/// loop is compiled for it with the parser inlined: no call per input, no frame of its own
/// (six registers saved and restored, `vzeroupper`), the tables' addresses loaded once.
/// Elsewhere the portable parser, inlined into the same loop ([`hand_over`]): the CPU has
/// been asked once, here, not again for every input as [`parse`] would.
#[inline]
pub(crate) fn each<'a, T: FromLayout<'a>>(
    inputs: impl IntoIterator<Item = &'a str>,
    rule: Rule,
    f: impl FnMut(&'a str, Result<T, ParseError>),
) {
    #[cfg(all(feature = "std", target_arch = "x86_64"))]
    if let Some(avx2) = Avx2::detect() {
        return each_avx2(avx2, inputs.into_iter(), rule, f);
    }
    hand_over(
        inputs.into_iter(),
        #[inline(always)]
        |input| parse_by(scan::PortableRuns::default(), input, rule),
        f,
    );
}

/// `f` of each of `inputs` with its result by `parse`, in order: the loop of [`each`] and
/// [`each_within`], here and on AVX2. A result too large for two registers (a reference, not
/// a verdict) is handed over two inputs at a time: both parsed, then both handed over, so
/// that the iterator is read one input ahead of `f` (never more).
///
/// Why: the parser stores such a result in narrow parts (the input's two words, six `u32`
/// offsets), and an `f` that moves the `Ok` value out (`if let Ok(u) = parsed { keep(u) }`,
/// a push into a `Vec`) copies it by wider loads, which the store buffer cannot serve from
/// narrow stores: such a load waits for them to reach the cache. One input a turn, every
/// copy waited, and the next parse behind it; the first of two results is in the cache by
/// the time it is handed over, and the second's wait overlaps the next turn's parses. On an
/// AMD Zen 4, with the benchmark's batch closure, which moves the value out
/// (`benches/floor_ratio.rs`): `parse_each` on the Apache request targets 8.4 -> 5.5 ns a
/// line, within a buffer 9.4 -> 6.1; 2-6 instructions a line more by `parse_each`
/// (bench-results/floor.md).
/// A verdict comes back in registers, with nothing to wait for: two at a time made `urilex
/// check` 3% slower (the parser's code twice in the loop).
#[inline(always)]
pub(crate) fn hand_over<'a, R>(
    mut inputs: impl Iterator<Item = &'a str>,
    mut parse: impl FnMut(&'a str) -> R,
    mut f: impl FnMut(&'a str, R),
) {
    if core::mem::size_of::<R>() <= 2 * core::mem::size_of::<usize>() {
        for input in inputs {
            f(input, parse(input));
        }
        return;
    }
    while let Some(a) = inputs.next() {
        let parsed_a = parse(a);
        let Some(b) = inputs.next() else {
            return f(a, parsed_a);
        };
        let parsed_b = parse(b);
        f(a, parsed_a);
        f(b, parsed_b);
    }
}

/// [`each`] of inputs that are slices of `buffer`, which the AVX2 loop reads past each
/// input's end ([`each_within_avx2`]); elsewhere [`each`] itself, which reads no further
/// than each input.
#[inline]
pub(crate) fn each_within<'a, T: FromLayout<'a>>(
    buffer: &[u8],
    inputs: impl IntoIterator<Item = &'a str>,
    rule: Rule,
    f: impl FnMut(&'a str, Result<T, ParseError>),
) {
    #[cfg(all(feature = "std", target_arch = "x86_64"))]
    if let Some(avx2) = Avx2::detect() {
        return each_within_avx2(avx2, buffer, inputs.into_iter(), rule, f);
    }
    let _ = buffer; // Only the AVX2 loop reads past each input's end.
    each(inputs, rule, f)
}

/// [`parse`] of the rule whose id is `RULE` with AVX2: the shortcuts' runs found in the
/// input's first 64 bytes classified at once (`Avx2::masks`), the whole parse compiled for
/// AVX2 (`Avx2::run`: one call, whose `vzeroupper` is paid once a parse).
#[cfg(all(feature = "std", target_arch = "x86_64"))]
#[inline]
pub(crate) fn parse_avx2<'a, T: FromLayout<'a>, const RULE: u8>(
    avx2: Avx2,
    input: &'a str,
) -> Result<T, ParseError> {
    avx2.run(
        input,
        #[inline(always)]
        move |input| {
            parse_by(
                avx2.masks(input.as_bytes()),
                input,
                const { Rule::of(RULE) },
            )
        },
    )
}

/// [`each`] with AVX2: one loop compiled for it, the parser inlined in it, so that an input
/// costs no call (the call of one parse is most of its fixed cost on a short URL).
#[cfg(all(feature = "std", target_arch = "x86_64"))]
#[inline]
fn each_avx2<'a, T: FromLayout<'a>>(
    avx2: Avx2,
    inputs: impl Iterator<Item = &'a str>,
    rule: Rule,
    f: impl FnMut(&'a str, Result<T, ParseError>),
) {
    avx2.run4(
        inputs,
        rule,
        f,
        (),
        #[inline(always)]
        move |inputs, rule, f, ()| {
            hand_over(
                inputs,
                #[inline(always)]
                |input| parse_by(avx2.masks(input.as_bytes()), input, rule),
                f,
            )
        },
    );
}

/// [`each_avx2`] of inputs that are slices of `buffer`: each input's masks read off the 64
/// bytes of `buffer` from its start, whatever its length (`Avx2::window_masks`), without a
/// branch on the length. An input that is not in `buffer`, or starts within 64 bytes of its
/// end, is parsed out of line (`Avx2::run_cold`): few, and their code would crowd the loop's.
#[cfg(all(feature = "std", target_arch = "x86_64"))]
#[inline]
fn each_within_avx2<'a, T: FromLayout<'a>>(
    avx2: Avx2,
    buffer: &[u8],
    inputs: impl Iterator<Item = &'a str>,
    rule: Rule,
    f: impl FnMut(&'a str, Result<T, ParseError>),
) {
    avx2.run4(
        buffer,
        inputs,
        rule,
        f,
        #[inline(always)]
        move |buffer, inputs, rule, f| {
            hand_over(
                inputs,
                #[inline(always)]
                |input| match avx2.window_masks(buffer, input.as_bytes()) {
                    Some(masks) => parse_by(masks, input, rule),
                    None => avx2.run_cold(
                        (input, rule),
                        #[inline(always)]
                        move |(input, rule)| parse_by(avx2.masks(input.as_bytes()), input, rule),
                    ),
                },
                f,
            )
        },
    );
}

/// [`parse`] where there is no AVX2 to ask for: the portable code, inlined.
#[cfg(not(all(feature = "std", target_arch = "x86_64")))]
#[inline]
pub(crate) fn parse<'a, T: FromLayout<'a>>(input: &'a str, rule: Rule) -> Result<T, ParseError> {
    parse_by(scan::PortableRuns::default(), input, rule)
}

/// [`parse`] with the runs of `runs`.
#[inline(always)]
pub(crate) fn parse_by<'a, T: FromLayout<'a>, R: Runs>(
    mut runs: R,
    input: &'a str,
    rule: Rule,
) -> Result<T, ParseError> {
    if input.len() > MAX_LEN {
        return Err(too_long(input));
    }
    // The shortcut for "scheme://" is taken for every rule but `relative-ref` and the
    // request targets' forms, which allow no scheme and have shortcuts of their own (or none).
    match rule {
        Rule::OriginForm => return origin_form_by(runs, input),
        Rule::AuthorityForm => return parse_from_start(input, rule),
        _ => {}
    }
    let bytes = input.as_bytes();
    if rule != Rule::RelativeRef {
        if let Some(colon) = runs.scheme_colon_slash_slash(bytes) {
            // What the DFA would do from START or URI_START up to SCHEME_END (tested below).
            let mut p = UriParser::new(input, rule);
            p.end_scheme(colon as u32); // < MAX_LEN: `colon` indexes the input
            let (state, pos) = p.authority_after(colon + 1, &mut runs);
            if state == STATE_PATH {
                if pos == input.len() {
                    // "scheme://host/path" and nothing after: PATH accepts at the end, and
                    // the layout is complete. The commonest URI of all returns here, without
                    // the DFA loop and the registers it needs saved.
                    return Ok(T::from_layout(input, p.layout));
                }
                // A query or a fragment, most often: their runs, out of line where `R` says
                // so (see `Runs::TAIL_OUT_OF_LINE`).
                if R::TAIL_OUT_OF_LINE {
                    return p.after_path_on(pos, runs);
                }
                return p.after_path(pos, &mut runs);
            }
            if state == STATE_HOST_OR_USERINFO {
                return p.after_host_on(pos);
            }
            return p.ip_literal_on(state, pos);
        }
    }
    if !matches!(rule, Rule::UriReference | Rule::RelativeRef) {
        return parse_from_start(input, rule);
    }
    let mut p = UriParser::new(input, rule);
    let path_end = if runs.one_slash_first(bytes) {
        // A reference that starts with one '/' (§4.2 path-absolute), the commonest link on
        // a page: START or REL_START go to SLASH, which is PATH but for a second '/'
        // (tested below), so the path's run starts at once. Told by the runs (AVX2's read
        // it off the slashes' mask), before the first byte is matched, and with a run of
        // its own from a constant start, not the one below from a start in a register:
        // the Apache request targets 115.4 -> 103.3 instructions a URL (`scripts/profile.sh
        // parse urilex`), 98.4 -> 87.9 by `parse_each`.
        runs.skip(bytes, 1, PATH_LOOP)
    } else {
        let path_from = match bytes.first() {
            // "//": a network-path reference (§4.2). SLASH takes the second '/' to AUTH_START,
            // as after "scheme:" (tested below).
            Some(b'/') => {
                let (state, pos) = p.authority_after(0, &mut runs);
                if state == STATE_PATH {
                    return p.after_path(pos, &mut runs);
                }
                if state == STATE_HOST_OR_USERINFO {
                    return p.after_host_on(pos);
                }
                return p.ip_literal_on(state, pos);
            }
            // A scheme character: the start of a scheme, or of the first segment of a relative
            // path (`images/a.png`, `../a.png`, `page.html?id=1`), the other common link. It
            // leads to SCHEME_OR_SEG for a letter, else NOT_SCHEME (from REL_START: NC_SEG),
            // which loop on all scheme characters (NC_SEG on more); '/' ends the first
            // segment and leads to PATH, '?' and '#' lead where they lead from PATH (tested
            // below).
            Some(&b) if LOOP_BITS[b as usize] & SCHEME_OR_SEG_LOOP != 0 => {
                let (state, loop_bit) = match rule {
                    Rule::RelativeRef => (STATE_NC_SEG, NC_SEG_LOOP),
                    _ if b.is_ascii_alphabetic() => (STATE_SCHEME_OR_SEG, SCHEME_OR_SEG_LOOP),
                    _ => (STATE_NOT_SCHEME, SCHEME_OR_SEG_LOOP),
                };
                let end = runs.skip(bytes, 1, loop_bit);
                match bytes.get(end) {
                    Some(b'/') => end + 1,
                    None | Some(b'?' | b'#') => return p.after_path(end, &mut runs),
                    // A scheme, and no authority after it (`mailto:a@b.c`, `urn:isbn:1`, `g:h`,
                    // `javascript:f()`): SCHEME_END marks the ':' (`scheme`) and goes on as PATH
                    // (its first '/' as SLASH, which is PATH but for a second one), so the
                    // path's run starts after the ':' (tested below). "scheme://" with a '+' in
                    // the scheme, which `Runs::scheme_colon_slash_slash` leaves, goes the long way.
                    Some(b':')
                        if state == STATE_SCHEME_OR_SEG
                            && bytes.get(end + 1..end + 3) != Some(b"//") =>
                    {
                        // The path's run here rather than by the one below, as `end + 1`: that
                        // cost the commonest URIs, which never come here, an instruction a URL
                        // in the code around it (ada_kasztp 78.81M -> 79.26M, `profile.sh`).
                        p.end_scheme(end as u32); // < MAX_LEN: `end` indexes the input
                        let path_end = runs.skip(bytes, end + 1, PATH_LOOP);
                        return p.after_path(path_end, &mut runs);
                    }
                    Some(_) => return p.run_on(state, end),
                }
            }
            // "#", a same-document reference (§4.4), or "?", a query of the same document
            // (`?page=2`, a common link): START goes where PATH goes on either (tested
            // below), an empty path ends there. ('?' went the DFA's way from the start, 1.7x
            // the time of a '#'.)
            Some(b'?' | b'#') => return p.after_path(0, &mut runs),
            _ => return parse_from_start(input, rule),
        };
        runs.skip(bytes, path_from, PATH_LOOP)
    };
    p.after_path(path_end, &mut runs)
}

/// A relative reference without an authority, in the shapes of most links (`images/a.png`,
/// `../a.png?x=1`, `/path`, `#frag`, `?q`, ``), parsed by runs alone, without the DFA loop:
/// the first segment's, the path's, the query's and the fragment's, each to the next
/// delimiter. The result is the one [`parse`] gives by either rule for references (tested
/// below).
///
/// `None` says only that the runs do not reach the end: `input` has a scheme or an
/// authority, a bad byte, .... [`parse`] then decides, and
/// reports the error if there is one.
// Used by `Base::resolve_str_into` alone.
#[cfg(feature = "alloc")]
#[inline(always)]
pub(crate) fn plain_relative(input: &str) -> Option<Layout> {
    let bytes = input.as_bytes();
    let head = scan::Head::of(bytes);
    let path_end = match bytes.first() {
        // §4.2 path-absolute; "//" starts an authority (see `plain_network`).
        Some(b'/') if bytes.get(1) == Some(&b'/') => return None,
        Some(b'/') => head.skip(bytes, 1, PATH_LOOP),
        // path-empty
        None | Some(b'?' | b'#') => 0,
        // §4.2 path-noscheme: its first segment cannot hold ':' (a scheme's or an error), and
        // the rest of the path is a PATH run.
        _ => match head.skip(bytes, 0, NC_SEG_LOOP) {
            end if end > 0 && bytes.get(end) == Some(&b'/') => head.skip(bytes, end + 1, PATH_LOOP),
            end => end,
        },
    };
    plain_after_path(input, head, (0, bytes.len()), 0, path_end)
}

/// A network-path reference (§4.2: `//host/path`, `//host`, `//host?q`) whose authority is
/// a registered name or IPv4 address alone, parsed by runs alone as [`plain_relative`]
/// parses the others: the host's, up to the path's '/' (as after "scheme://": see
/// `Parser::authority_after`), then the path's, the query's and the fragment's. `None` for
/// anything else (userinfo, a port, an IP literal, ...).
// Used by `Base::resolve_str_into` alone.
#[cfg(feature = "alloc")]
#[inline(always)]
pub(crate) fn plain_network(input: &str) -> Option<Layout> {
    let bytes = input.as_bytes();
    if bytes.get(..2) != Some(b"//") {
        return None;
    }
    let head = scan::Head::of(bytes);
    let host_end = head.skip(bytes, 2, HOST_OR_USERINFO_LOOP);
    let path_end = match bytes.get(host_end) {
        Some(b'/') => head.skip(bytes, host_end + 1, PATH_LOOP),
        None | Some(b'?' | b'#') => host_end,
        Some(_) => return None,
    };
    plain_after_path(input, head, (2, host_end), host_end, path_end)
}

/// The end of [`plain_relative`] and [`plain_network`]: the query's and the fragment's runs
/// after the path, which must reach the end of the input, and the layout.
// Used by `Base::resolve_str_into` alone.
#[cfg(feature = "alloc")]
#[inline(always)]
fn plain_after_path(
    input: &str,
    head: scan::Head,
    (host_start, host_end): (usize, usize),
    path_start: usize,
    path_end: usize,
) -> Option<Layout> {
    let bytes = input.as_bytes();
    let mut query_end = path_end;
    if bytes.get(query_end) == Some(&b'?') {
        query_end = head.skip(bytes, query_end + 1, QUERY_LOOP);
    }
    let mut end = query_end;
    if bytes.get(end) == Some(&b'#') {
        end = head.skip(bytes, end + 1, FRAGMENT_LOOP);
    }
    if end != bytes.len() || end > MAX_LEN {
        return None;
    }
    // Every index is at most `end`, which fits.
    Some(Layout {
        scheme_end: 0,
        host_start: host_start as u32,
        host_end: host_end as u32,
        path_start: path_start as u32,
        path_end: path_end as u32,
        query_end: query_end as u32,
    })
}

/// RFC 9112 origin-form (`absolute-path [ "?" query ]`) by runs, as [`parse_by`] takes
/// path-absolute references: '/', the path's run (PATH, which takes a second '/' as any
/// other: `//evil/p` is a path), then [`Parser::after_path`]: '?' and the query's run. The DFA
/// loop (from PATH or QUERY) takes anything else, '#' included, which the mark `fragment`
/// refuses for this rule (tested below against the DFA alone).
#[inline(always)]
fn origin_form_by<'a, T: FromLayout<'a>, R: Runs>(
    mut runs: R,
    input: &'a str,
) -> Result<T, ParseError> {
    let bytes = input.as_bytes();
    if bytes.first() != Some(&b'/') {
        return parse_from_start(input, Rule::OriginForm);
    }
    let end = runs.skip(bytes, 1, PATH_LOOP);
    UriParser::new(input, Rule::OriginForm).after_path(end, &mut runs)
}

/// [`parse`] by the DFA alone, from the rule's start state. Out of line, like
/// [`Parser::run_on`], so that [`parse`] stays small for the common case.
#[inline(never)]
pub(crate) fn parse_from_start<'a, T: FromLayout<'a>>(
    input: &'a str,
    rule: Rule,
) -> Result<T, ParseError> {
    let start = match rule {
        Rule::UriReference => START_URI_REFERENCE,
        Rule::Uri => START_URI,
        Rule::AbsoluteUri => START_ABSOLUTE_URI,
        Rule::RelativeRef => START_RELATIVE_REF,
        Rule::OriginForm => START_ORIGIN_FORM,
        Rule::AuthorityForm => START_AUTHORITY_FORM,
    };
    // The request targets' entries come here first (`HostPort::parse`), and every shortcut
    // that gives up on an input past its own check of the length.
    if input.len() > MAX_LEN {
        return Err(too_long(input));
    }
    UriParser::new(input, rule).run(start, 0)
}

/// Runs grammar `G`'s DFA over `input` from its state `start` (a `START_*` of its module):
/// the driver for the grammars other than RFC 3986 (whose entries, above, have shortcuts),
/// with `G`'s marks recording the same [`Layout`]. `rule` says whether a fragment is allowed
/// (its RFC 3986 counterpart: `AbsoluteUri` for absolute-IRI, `UriReference` for the others).
#[inline(never)]
pub(crate) fn run_grammar<'a, G: Grammar + SkipRuns, T: FromLayout<'a>>(
    input: &'a str,
    start: usize,
    rule: Rule,
) -> Result<T, ParseError> {
    if input.len() > MAX_LEN {
        return Err(too_long(input));
    }
    Parser::<G>::new(input, rule).run(start, 0)
}

/// [`run_grammar`] from `state` at byte `pos`, with the boundaries `layout` found so far (one
/// not yet known holds the input's length): where a grammar's shortcut leaves off, or where
/// it takes over from another's run. `no_fragment` as for the rule being parsed.
#[inline(never)]
pub(crate) fn run_grammar_from<'a, G: Grammar + SkipRuns, T: FromLayout<'a>>(
    input: &'a str,
    layout: Layout,
    state: usize,
    pos: usize,
    no_fragment: bool,
) -> Result<T, ParseError> {
    let mut p = Parser::<G>::new(input, Rule::UriReference);
    p.layout = layout;
    p.no_fragment = no_fragment;
    p.run(state, pos)
}

/// The parser of RFC 3986, whose shortcuts are written for `tables/uri.dfa`.
type UriParser<'a> = Parser<'a, uri::Dfa>;

/// Whether `G` is RFC 3986's grammar, for which the driver takes the shortcuts of this file
/// (they name its states).
const fn is_uri<G: Grammar>() -> bool {
    matches!(G::NAME.as_bytes(), b"uri")
}

/// Whether `G`'s IP literals are RFC 3986's (its IPv6address, checked at ']' by the mark
/// `ipv6`): RFC 3986 and RFC 3987, which takes IP-literal unchanged.
const fn has_rfc3986_ipv6<G: Grammar>() -> bool {
    matches!(G::NAME.as_bytes(), b"uri" | b"rfc3987")
}

impl<'a, G: Grammar + SkipRuns> Parser<'a, G> {
    /// A parser at the start of `input` (at most [`MAX_LEN`] bytes long).
    #[inline(always)]
    fn new(input: &'a str, rule: Rule) -> Self {
        let end = input.len() as u32; // fits: checked against MAX_LEN by the caller
        Parser {
            grammar: PhantomData,
            input,
            end,
            layout: Layout {
                scheme_end: 0,
                host_start: 0,
                host_end: end,
                path_start: 0,
                path_end: end,
                query_end: end,
            },
            no_fragment: matches!(
                rule,
                Rule::AbsoluteUri | Rule::OriginForm | Rule::AuthorityForm
            ),
        }
    }

    /// Goes on from PATH at `end`, where its run stopped (the authority closed, if any): the
    /// commonest ends of a path, '?' and a query, '#' and a fragment (where the rule allows
    /// one), or the end of the input, are taken here as the DFA takes them, by the actions of
    /// the marks `query` and `fragment` and runs of QUERY and FRAGMENT (tested below).
    /// Anything else is left to the DFA loop, a '#' that the rule refuses included: the mark
    /// `fragment` reports it. ([`plain_after_path`] does the same
    /// runs for `plain_relative`; one helper for both measured 6 instructions per pair more
    /// in resolution and 10 per URL in parsing request targets.)
    #[inline(always)]
    fn after_path<T: FromLayout<'a>, R: Runs>(
        mut self,
        end: usize,
        runs: &mut R,
    ) -> Result<T, ParseError> {
        let bytes = self.input.as_bytes();
        let (state, pos) = match bytes.get(end) {
            None => return Ok(T::from_layout(self.input, self.layout)),
            Some(b'?') => {
                self.layout.path_end = end as u32; // < MAX_LEN: `end` indexes the input
                let query_end = runs.skip(bytes, end + 1, QUERY_LOOP);
                match bytes.get(query_end) {
                    None => return Ok(T::from_layout(self.input, self.layout)),
                    Some(b'#') if !self.no_fragment => {
                        self.layout.query_end = query_end as u32;
                        (
                            STATE_FRAGMENT,
                            runs.skip(bytes, query_end + 1, FRAGMENT_LOOP),
                        )
                    }
                    _ => (STATE_QUERY, query_end),
                }
            }
            Some(b'#') if !self.no_fragment => {
                self.layout.path_end = end as u32;
                self.layout.query_end = end as u32;
                (STATE_FRAGMENT, runs.skip(bytes, end + 1, FRAGMENT_LOOP))
            }
            _ => (STATE_PATH, end),
        };
        if pos == bytes.len() {
            // QUERY and FRAGMENT accept at the end (tested below).
            return Ok(T::from_layout(self.input, self.layout));
        }
        self.run_on(state, pos)
    }

    /// [`Parser::after_path`], out of line: where the "scheme://" shortcut leaves off in a
    /// path that does not reach the end of the input (its code inlined there cost the
    /// commonest URIs, which do, 16 instructions per URL in registers saved and a layout
    /// stored twice).
    #[inline(never)]
    fn after_path_on<T: FromLayout<'a>, R: Runs>(
        self,
        end: usize,
        mut runs: R,
    ) -> Result<T, ParseError> {
        self.after_path(end, &mut runs)
    }

    /// [`Parser::run`], out of line: where the shortcuts leave off. The parser goes to it as
    /// values made at the call (its input, its layout packed in three words, ...), not as a
    /// `Parser` by value: a struct passed by value is passed by its address, and LLVM then
    /// kept the parser's fields in memory on every path, storing them to the stack and
    /// copying them from there to the result even where the DFA loop is never called (10
    /// instructions per URL on the Apache request targets, 11 on the base of RFC 3986 §5.4).
    ///
    /// A byte that `state` refuses at once (a space, a '\\', a bad "%" after a shortcut's
    /// run) is reported here, without the call and the DFA loop's setup: 70 instructions
    /// less for such an error.
    #[inline(always)]
    fn run_on<T: FromLayout<'a>>(self, state: usize, pos: usize) -> Result<T, ParseError> {
        if let Some(&byte) = self.input.as_bytes().get(pos) {
            let next = G::step(state, byte);
            if next >= G::FIRST_FAIL {
                return self.fail(state, next, pos);
            }
        }
        let layout = self.layout.packed();
        Self::run_from(self.input, layout, self.no_fragment, state, pos)
    }

    /// The end of a parse whose DFA goes from `state` to failure `next` on the byte at `pos`:
    /// its error, unless the result's type takes over ([`FromLayout::take_over`]).
    #[inline(always)]
    fn fail<T: FromLayout<'a>>(
        &self,
        state: usize,
        next: usize,
        pos: usize,
    ) -> Result<T, ParseError> {
        if T::TAKES_OVER && is_uri::<G>() {
            if let Some(result) =
                T::take_over(self.input, self.layout, state, pos, self.no_fragment)
            {
                return result;
            }
        }
        let kind = G::FAIL_KIND.get(next - G::FIRST_FAIL).copied();
        let kind = kind.unwrap_or(ErrorKind::InvalidChar);
        Err(error::<G>(
            self.input,
            self.layout.host_start,
            state,
            kind,
            pos,
        ))
    }

    /// See [`Parser::run_on`].
    #[inline(never)]
    fn run_from<T: FromLayout<'a>>(
        input: &'a str,
        layout: [u64; 3],
        no_fragment: bool,
        state: usize,
        pos: usize,
    ) -> Result<T, ParseError> {
        Self::unpacked(input, layout, no_fragment).run(state, pos)
    }

    /// The parser of [`Parser::run_on`]'s values.
    #[inline(always)]
    fn unpacked(input: &'a str, layout: [u64; 3], no_fragment: bool) -> Self {
        Self::with_layout(input, Layout::unpacked(layout), no_fragment)
    }

    /// The parser of `input` with the boundaries `layout` found so far.
    #[inline(always)]
    fn with_layout(input: &'a str, layout: Layout, no_fragment: bool) -> Self {
        Parser {
            grammar: PhantomData,
            input,
            end: input.len() as u32, // fits: checked against MAX_LEN by the caller
            layout,
            no_fragment,
        }
    }

    /// Goes on from HOST_OR_USERINFO at `end`, where a host's run after "//" stopped, not at
    /// a '/': the host to the end of the input or to a '?' or '#' (`http://example.com`,
    /// `http://example.com?q`), or a port, all digits to a '/', '?', '#' or the end
    /// (`http://example.com:8080/`), then the path's run from there and [`Parser::after_path`];
    /// a userinfo by [`Parser::after_userinfo_from`]; anything else (a bad byte) by the DFA
    /// loop.
    ///
    /// The DFA the long way: HOST_OR_USERINFO accepts at the end, and goes to PATH_START,
    /// QUERY_START or FRAG_START on '/', '?' or '#', whose marks close the authority there;
    /// on ':' to AUTH_COLON, whose mark `port` ends the host, then PORT_OR_USERINFO, which
    /// loops on digits and goes on from there as HOST_OR_USERINFO does (no userinfo holds one
    /// of those bytes); tested below. The DFA loop took a port or a host to the end 250
    /// instructions more than a host to a '/'. Out of line, and with the values of
    /// [`Parser::run_on`], as that: the commonest hosts end at a '/', and this code inlined
    /// with theirs moved their registers (2 instructions a URL on ada_kasztp).
    #[inline(always)]
    fn after_host_on<T: FromLayout<'a>>(self, end: usize) -> Result<T, ParseError> {
        let layout = self.layout.packed();
        Self::after_host_from(self.input, layout, self.no_fragment, end)
    }

    /// See [`Parser::after_host_on`].
    #[inline(never)]
    fn after_host_from<T: FromLayout<'a>>(
        input: &'a str,
        layout: [u64; 3],
        no_fragment: bool,
        end: usize,
    ) -> Result<T, ParseError> {
        Self::unpacked(input, layout, no_fragment).after_host(end, STATE_HOST_OR_USERINFO)
    }

    /// Goes on from AUTH_START at `host`, where a host after "//" starts with '[': an IP
    /// literal (§3.2.2). Hex digits, ':' and '.' to a ']' are an IPv6address or its error;
    /// after a good one, from the ']' on as after a host ([`Parser::after_host`]); anything
    /// else (IPvFuture, a stray byte in the literal, a bad one after it) by the DFA loop.
    /// The DFA the long way (tables/uri.dfa): IPLIT and IPV6 take hex digits, ':' and '.',
    /// IPV6 goes on ']' to IPV6_END, whose mark `ipv6` checks them by [`ip::is_ipv6`]
    /// (an error at the byte after '[' if they are no IPv6address), and which goes on as
    /// IPLIT_END: as HOST_OR_USERINFO on '/', '?', '#' and the end, on ':' to a port (tested
    /// below, and the whole against the DFA alone on literals good and bad and what follows
    /// them). Here the address's own DFA (tables/ip.abnf) reads it once, both the run to the
    /// ']' and the check. A call of `UriRef::parse` on `http://[2001:db8::1]:8080/path` took
    /// 866 instructions by the DFA loop, 589 by a scan to the ']' and then the check written
    /// by hand (`ops::host::parse_ipv6`), 405 now; on `http://[0:0:0:0:0:0:13.1.68.3]` 1,113,
    /// 879 and 409.
    ///
    /// Out of line, as [`Parser::after_host_on`], and given `host` alone: the layout is a
    /// function of it here ([`Parser::after_slashes`]), and its values kept for the call
    /// made the loop of `parse_each` spill a register (an instruction a URL).
    #[inline(always)]
    fn ip_literal_on<T: FromLayout<'a>>(self, state: usize, host: usize) -> Result<T, ParseError> {
        debug_assert_eq!(state, STATE_AUTH_START);
        debug_assert_eq!(self.layout, Self::after_slashes(self.input, host));
        Self::ip_literal_from(self.input, self.no_fragment, host)
    }

    /// The layout after "scheme://" or "//" with the host starting at `host`: a scheme
    /// ended by the ':' 3 bytes before it, if there is room for one, and the path's start
    /// (which the authority's mark will move) at the first '/'.
    #[inline(always)]
    fn after_slashes(input: &str, host: usize) -> Layout {
        let (end, host) = (input.len() as u32, host as u32); // < MAX_LEN, checked on entry
        Layout {
            scheme_end: host.saturating_sub(3),
            host_start: host,
            host_end: end,
            path_start: host - 2,
            path_end: end,
            query_end: end,
        }
    }

    /// See [`Parser::ip_literal_on`].
    #[inline(never)]
    fn ip_literal_from<T: FromLayout<'a>>(
        input: &'a str,
        no_fragment: bool,
        host: usize,
    ) -> Result<T, ParseError> {
        let p = Self::with_layout(input, Self::after_slashes(input, host), no_fragment);
        let literal = input.as_bytes().get(host + 1..).unwrap_or_default();
        // An IPv6address, then a ']': the bytes IPLIT and IPV6 take (hex digits, ':' and
        // '.'), which the mark of IPV6_END, entered on the ']', finds to be an address.
        // Read in one pass by the address's own DFA, which stops at the first byte that no
        // address can go on with (a ']' after a whole one); anything else the long way.
        let (len, address) = ip::ipv6_prefix(literal);
        match literal.get(len) {
            // From the ']' on, the DFA goes on as from IPLIT_END (tested below).
            Some(b']') if address => p.after_host(host + 1 + len + 1, STATE_IPLIT_END),
            // A ']' after no whole address, or a byte IPV6 takes but no address goes on
            // with: the mark's error at the ']' it comes to, or the same error where the
            // DFA fails or ends in IPV6 ([`ipv6_literal_error`]): the bytes so far are no
            // prefix of an address.
            Some(&b) if (b == b']' && len > 0) || b.is_ascii_hexdigit() || b":.".contains(&b) => {
                Err(ParseError::new(
                    input,
                    host + 1,
                    ErrorKind::InvalidIpv6,
                    Component::Host,
                ))
            }
            // IPvFuture, "[]", a stray byte, the end: the long way.
            _ => p.run_on(STATE_AUTH_START, host),
        }
    }

    /// Goes on from the end of a host at `end`, where the DFA is in `state` (HOST_OR_USERINFO
    /// after a reg-name's run, IPLIT_END after an IP literal, HOST after a userinfo): the end
    /// of the input, a '/', '?' or '#', or a port, all digits to one of those; then the
    /// path's run from there and [`Parser::after_path`]. Anything else by
    /// [`Parser::no_host_end_on`].
    #[inline(always)]
    fn after_host<T: FromLayout<'a>>(mut self, end: usize, state: usize) -> Result<T, ParseError> {
        let bytes = self.input.as_bytes();
        let path_start = match bytes.get(end) {
            // (A reg-name's run took its '/', `Runs::skip_host`: after an IP literal only.)
            None | Some(b'/' | b'?' | b'#') => end,
            Some(b':') => {
                let digits = bytes.get(end + 1..).unwrap_or_default();
                let port_end = end + 1 + digits.iter().take_while(|b| b.is_ascii_digit()).count();
                match bytes.get(port_end) {
                    None | Some(b'/' | b'?' | b'#') => port_end,
                    Some(_) => return self.no_host_end_on(state, end),
                }
            }
            Some(_) => return self.no_host_end_on(state, end),
        };
        // Both < MAX_LEN: they index the input or are its length.
        self.layout.host_end = end as u32;
        self.layout.path_start = path_start as u32;
        let mut runs = scan::PortableRuns::default();
        let path_end = match bytes.get(path_start) {
            Some(b'/') => runs.skip(bytes, path_start + 1, PATH_LOOP),
            _ => path_start,
        };
        self.after_path(path_end, &mut runs)
    }

    /// Goes on from `state` at `end`, where [`Parser::after_host`] found no end of a host:
    /// from HOST_OR_USERINFO by [`Parser::after_userinfo_from`] (out of line: the hosts that
    /// `after_host` ends are the common ones), from the others by the DFA loop.
    #[inline(always)]
    fn no_host_end_on<T: FromLayout<'a>>(self, state: usize, end: usize) -> Result<T, ParseError> {
        let at_or_colon = matches!(self.input.as_bytes().get(end), Some(b'@' | b':'));
        if state == STATE_HOST_OR_USERINFO && at_or_colon {
            let layout = self.layout.packed();
            return Self::after_userinfo_from(self.input, layout, self.no_fragment, end);
        }
        self.run_on(state, end)
    }

    /// Goes on from HOST_OR_USERINFO at `end`, where a host's run stopped at no end of a
    /// host: a userinfo's '@' there, or after a ':' at the end of a run of userinfo bytes
    /// (`ssh://git@host/`, `ftp://user:pass@host:21/`), then the host after it by
    /// [`Parser::after_host`]; anything else (an IP literal after the '@', a "%HH" in the
    /// userinfo, a bad byte) by the DFA loop.
    ///
    /// The DFA the long way: HOST_OR_USERINFO goes on '@' to USERINFO_END, whose mark
    /// `userinfo` moves the host's start past the '@', and which goes on as HOST but for a
    /// '[' (an IP literal); HOST loops on a reg-name's bytes as HOST_OR_USERINFO does, and
    /// goes where it goes on '/', '?', '#' and the end, on ':' to a port (PORT_COLON, as after
    /// an IP literal), and fails on a second '@' (tested below). On ':' HOST_OR_USERINFO
    /// goes to AUTH_COLON, which takes digits (PORT_OR_USERINFO) and then userinfo bytes
    /// (USERINFO, which loops on them and on digits) to an '@', to USERINFO_END as above. The
    /// DFA loop took
    /// `http://user@example.com/a` (a call of `UriRef::parse`) in 429 instructions, now 303;
    /// `postgres://user:secret@db.example.com:5432/app` in 626, now 416.
    #[inline(never)]
    fn after_userinfo_from<T: FromLayout<'a>>(
        input: &'a str,
        layout: [u64; 3],
        no_fragment: bool,
        end: usize,
    ) -> Result<T, ParseError> {
        let mut p = Self::unpacked(input, layout, no_fragment);
        let bytes = input.as_bytes();
        let at = if bytes.get(end) == Some(&b':') {
            let stop = skip(bytes, end + 1, USERINFO_LOOP);
            if bytes.get(stop) != Some(&b'@') {
                // No userinfo: the DFA goes on from the stop, where the ':' and the bytes
                // after it have taken it (a port's digits, then anything else a userinfo
                // holds: tested below), with the mark `port` made at the ':'.
                let userinfo = bytes.get(end + 1..stop).unwrap_or_default();
                let digits = userinfo.iter().all(u8::is_ascii_digit);
                p.mark(AUTH_COLON_MARK, end)?;
                let state = if digits {
                    STATE_PORT_OR_USERINFO
                } else {
                    STATE_USERINFO
                };
                return p.run_on(state, stop);
            }
            stop
        } else {
            debug_assert_eq!(bytes.get(end), Some(&b'@'));
            end
        };
        p.mark(USERINFO_END_MARK, at)?;
        if bytes.get(at + 1) == Some(&b'[') {
            return p.run_on(STATE_USERINFO_END, at + 1);
        }
        p.after_host(skip(bytes, at + 1, HOST_LOOP), STATE_HOST)
    }

    /// The DFA loop, from `state` at byte `pos` to the end of the input.
    #[inline(always)]
    fn run<T: FromLayout<'a>>(mut self, mut state: usize, mut pos: usize) -> Result<T, ParseError> {
        let p = &mut self;
        let input = p.input;
        let bytes = input.as_bytes();
        while let Some(&byte) = bytes.get(pos) {
            let next = G::step(state, byte);
            if next >= G::FIRST_ACCEL {
                if next < G::FIRST_MARK {
                    // An accelerated state (a path, a host, a query): skip the run of bytes that
                    // keep the DFA in it, so the next step is on the byte that leaves it.
                    let bit = G::LOOP_BIT
                        [((next - G::FIRST_ACCEL) >> G::STRIDE_SHIFT) & (G::LOOP_BIT.len() - 1)];
                    pos = G::skip(bytes, pos + 1, bit);
                    state = next;
                    continue;
                }
                if next >= G::FIRST_FAIL {
                    return p.fail(state, next, pos);
                }
                let mark = (next - G::FIRST_MARK) >> G::STRIDE_SHIFT;
                p.mark(mark, pos)?;
                if const { is_uri::<G>() }
                    && next == G::STATE_SCHEME_END
                    && bytes.get(pos + 1..pos + 3) == Some(b"//")
                {
                    (state, pos) = p.authority_after(pos + 1, &mut scan::PortableRuns::default());
                    continue;
                }
                // "/", "?" and "#" hand over to the path, query or fragment state: skip its run.
                if let Some(&(then, bit)) = G::MARK_THEN.get(mark) {
                    if bit != 0 {
                        pos = G::skip(bytes, pos + 1, bit);
                        state = then as usize;
                        continue;
                    }
                }
            }
            state = next;
            pos += 1;
        }
        self.finish(state)
    }
}

/// The loop bit of HOST_OR_USERINFO, where a host starts after "scheme://".
const HOST_OR_USERINFO_LOOP: u8 = LOOP_BIT[(STATE_HOST_OR_USERINFO - FIRST_ACCEL) >> STRIDE_SHIFT];

/// The loop bits of SCHEME_OR_SEG and NC_SEG, where a reference starting with a letter goes.
const SCHEME_OR_SEG_LOOP: u8 = LOOP_BIT[(STATE_SCHEME_OR_SEG - FIRST_ACCEL) >> STRIDE_SHIFT];
const NC_SEG_LOOP: u8 = LOOP_BIT[(STATE_NC_SEG - FIRST_ACCEL) >> STRIDE_SHIFT];

/// The loop bits of QUERY and FRAGMENT, where a path's '?' and '#' lead.
const QUERY_LOOP: u8 = LOOP_BIT[(STATE_QUERY - FIRST_ACCEL) >> STRIDE_SHIFT];
const FRAGMENT_LOOP: u8 = LOOP_BIT[(STATE_FRAGMENT - FIRST_ACCEL) >> STRIDE_SHIFT];

/// The index among mark states of AUTH_COLON, which the first ':' of an authority enters.
const AUTH_COLON_MARK: usize = (STATE_AUTH_COLON - FIRST_MARK) >> STRIDE_SHIFT;

/// The index among mark states of USERINFO_END, which the '@' after a userinfo enters.
const USERINFO_END_MARK: usize = (STATE_USERINFO_END - FIRST_MARK) >> STRIDE_SHIFT;

/// The loop bits of USERINFO, where a userinfo goes on after its first ':', and of HOST,
/// where a host starts after a userinfo.
const USERINFO_LOOP: u8 = LOOP_BIT[(STATE_USERINFO - FIRST_ACCEL) >> STRIDE_SHIFT];
const HOST_LOOP: u8 = LOOP_BIT[(STATE_HOST - FIRST_ACCEL) >> STRIDE_SHIFT];

/// The loop bit of PATH, where a path starts after an authority.
const PATH_LOOP: u8 = LOOP_BIT[(STATE_PATH - FIRST_ACCEL) >> STRIDE_SHIFT];

/// The error for an input too long for `u32` offsets.
#[cold]
pub(crate) fn too_long(input: &str) -> ParseError {
    // Not `ParseError::new`: reading a character at u32::MAX of a 4 GiB input is pointless.
    let _ = input;
    ParseError::too_long()
}

/// The error for failure `kind` at byte `i` in `state`. Cold, and given plain values rather
/// than the parser, so that the parser's fields can live in registers.
#[cold]
#[inline(never)]
fn error<G: Grammar>(
    input: &str,
    host_start: u32,
    state: usize,
    kind: ErrorKind,
    i: usize,
) -> ParseError {
    let component = G::COMPONENT
        .get(state >> G::STRIDE_SHIFT)
        .copied()
        .unwrap_or(Component::Path);
    // Inside an IPv6 literal the DFA takes any hex digit, ':' and '.', and the shape is
    // checked at ']'. When the input goes wrong or ends before that, the literal so far may
    // already be no IPv6address prefix ("[1.2.3.4"): then that is the error, reported as for
    // a bad address closed by ']', at the first byte after '['.
    // (RFC 3986's IPv6address; the other grammars report where the bytes went wrong.)
    if has_rfc3986_ipv6::<G>() && state == G::STATE_IPV6 {
        return ipv6_literal_error(input, host_start, kind, component, i);
    }
    // A bad scheme is reported where it starts: "3ttp://" is wrong at the '3'; a character
    // that is not allowed (or, from bytes, not UTF-8) at its first byte, where the DFA
    // entered the states inside it (tables/rfc3987.dfa), which only bytes 0x80-0xBF continue.
    let index = if kind == ErrorKind::InvalidScheme {
        0
    } else if (G::FIRST_SEQ..G::FIRST_ACCEL).contains(&state) {
        let bytes = input.as_bytes();
        let mut lead = i.saturating_sub(1);
        while lead > 0 && bytes.get(lead).is_some_and(|&b| b & 0xC0 == 0x80) {
            lead -= 1;
        }
        lead
    } else {
        i
    };
    ParseError::new(input, index, kind, component)
}

/// [`error`] inside an IPv6 literal: the literal's own error at its start if the bytes so
/// far are no IPv6address prefix, else the error at `i`. Out of line, so that [`error`] saves
/// no registers for the check's call (its frame took a fifth of an error's instructions).
#[cold]
#[inline(never)]
fn ipv6_literal_error(
    input: &str,
    host_start: u32,
    kind: ErrorKind,
    component: Component,
    i: usize,
) -> ParseError {
    let start = host_start as usize + 1;
    let address = input.as_bytes().get(start..i).unwrap_or_default();
    if !ip::ipv6_viable_prefix(address) {
        return ParseError::new(input, start, ErrorKind::InvalidIpv6, Component::Host);
    }
    ParseError::new(input, i, kind, component)
}

impl<'a, G: Grammar + SkipRuns> Parser<'a, G> {
    /// The action of mark `scheme`: the scheme ends at the ':' at `colon`.
    #[inline(always)]
    fn end_scheme(&mut self, colon: u32) {
        self.layout.scheme_end = colon;
        self.layout.path_start = colon + 1;
    }

    /// Takes the "//" at `slashes` (after the scheme's ':', or at the start of a reference)
    /// in one step, as the DFA would in two (SCHEME_END or START -> SLASH -> AUTH_START, whose
    /// mark is `authority`: tested below), and returns the state and position to go on from.
    /// "scheme://" is the commonest start of all.
    #[inline(always)]
    fn authority_after<R: Runs>(&mut self, slashes: usize, runs: &mut R) -> (usize, usize) {
        let bytes = self.input.as_bytes();
        let host = slashes + 2;
        // < MAX_LEN: `host` indexes the input.
        self.layout.host_start = host as u32;
        // AUTH_START is HOST_OR_USERINFO but for '[' (tested below): start on the host's run
        // at once. A '[' is not in it, so the run stops there at once, and a host that a '/'
        // ends does not start with one: the '[' is looked for only where no '/' ended the
        // run (6 instructions a URL fewer than before it).
        let (end, slash) = runs.skip_host(bytes, host, HOST_OR_USERINFO_LOOP);
        if !slash {
            if bytes.get(host) == Some(&b'[') {
                return (STATE_AUTH_START, host);
            }
            // The end of the input, a '?' or '#', a port, userinfo, a bad byte: see
            // `Parser::after_host_on`, where the callers go from here.
            return (STATE_HOST_OR_USERINFO, end);
        }
        // The commonest end of a host: '/' enters PATH_START, whose mark `path` closes the
        // authority, and which hands over to PATH (tested below). `end` < MAX_LEN.
        self.layout.host_end = end as u32;
        self.layout.path_start = end as u32;
        (STATE_PATH, runs.skip_path(bytes, end + 1, PATH_LOOP))
    }

    /// Runs the action of the mark state `mark_index` (its index among mark states) entered on
    /// the delimiter at `i`.
    #[inline(always)]
    fn mark(&mut self, mark_index: usize, i: usize) -> Result<(), ParseError> {
        let l = &mut self.layout;
        let at = i as u32; // i < MAX_LEN: checked on entry
        match G::MARK.get(mark_index) {
            Some(Mark::Scheme) => self.end_scheme(at),
            Some(Mark::Authority) => l.host_start = at + 1,
            Some(Mark::Port) => l.host_end = at,
            Some(Mark::Userinfo) => {
                // A ':' seen so far was inside the userinfo, not before a port.
                l.host_start = at + 1;
                l.host_end = self.end;
            }
            Some(mark @ (Mark::Ipv6 | Mark::Ipv6Rfc2732)) => {
                let start = l.host_start as usize + 1; // after '['
                let address = self.input.as_bytes().get(start..i).unwrap_or_default();
                let valid = match mark {
                    Mark::Ipv6 => ip::is_ipv6(address),
                    _ => ip::is_rfc2732_ipv6(address),
                };
                if !valid {
                    return Err(ParseError::new(
                        self.input,
                        start,
                        ErrorKind::InvalidIpv6,
                        Component::Host,
                    ));
                }
            }
            Some(Mark::Path) => self.close_authority(at),
            Some(Mark::Query) => {
                self.close_authority(at);
                self.layout.path_end = at;
            }
            Some(Mark::Fragment) => {
                if self.no_fragment {
                    return Err(ParseError::new(
                        self.input,
                        i,
                        ErrorKind::FragmentNotAllowed,
                        Component::Fragment,
                    ));
                }
                self.close_authority(at);
                let l = &mut self.layout;
                if l.path_end == self.end {
                    l.path_end = at;
                }
                l.query_end = at;
            }
            None => {}
        }
        Ok(())
    }

    /// Ends an open authority at `at`: the host ends there unless a port did, and the path
    /// starts there.
    #[inline]
    fn close_authority(&mut self, at: u32) {
        let l = &mut self.layout;
        if l.host_start > l.path_start {
            if l.host_end == self.end {
                l.host_end = at;
            }
            l.path_start = at;
        }
    }

    fn finish<T: FromLayout<'a>>(mut self, state: usize) -> Result<T, ParseError> {
        let index = state >> G::STRIDE_SHIFT;
        let len = self.input.len();
        if let Some(&Some(kind)) = G::END.get(index) {
            return Err(error::<G>(
                self.input,
                self.layout.host_start,
                state,
                kind,
                len,
            ));
        }
        self.close_authority(self.end);
        Ok(T::from_layout(self.input, self.layout))
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::tables::{
        BYTE_CLASS, COMPONENT, END, FIRST_MARK, MARK, MARK_THEN, STATE_SCHEME_END, TRANS,
    };
    use crate::UriRef;

    // The parser gives layouts; these tests compare the references they make.
    fn parse(input: &str, rule: Rule) -> Result<UriRef<'_>, ParseError> {
        super::parse(input, rule)
    }
    fn parse_from_start(input: &str, rule: Rule) -> Result<UriRef<'_>, ParseError> {
        super::parse_from_start(input, rule)
    }
    fn plain_relative(input: &str) -> Option<UriRef<'_>> {
        super::plain_relative(input).map(|l| UriRef::from_layout(input, l))
    }
    fn plain_network(input: &str) -> Option<UriRef<'_>> {
        super::plain_network(input).map(|l| UriRef::from_layout(input, l))
    }
    use crate::tables::{STATE_FRAG_START, STATE_PATH_START, STATE_QUERY_START, STATE_SLASH};

    /// [`each`] hands back every input in order with what [`parse`] says of it, under every
    /// rule it serves, by AVX2's loop or (with `URILEX_PORTABLE`, as `scripts/test.sh` runs
    /// these tests again) by the portable one: inputs of every length to past 64 bytes, valid
    /// and not, every shape of the shortcuts.
    #[test]
    fn each_gives_what_parse_gives() {
        let mut inputs = std::vec::Vec::new();
        for head in [
            "",
            "http://",
            "s:",
            "//",
            "/",
            "a/",
            "?",
            "#",
            "http://[::1]:8",
        ] {
            for body in [
                "",
                "x",
                "a.b/c",
                "%41",
                "%4",
                "q=1&r=%20",
                " ",
                "\u{e9}",
                "[",
                "a:b@c",
            ] {
                for n in [0, 1, 15, 16, 31, 32, 33, 63, 64, 65, 200] {
                    inputs.push(std::format!("{head}{}{body}", "p".repeat(n)));
                }
            }
        }
        for rule in [
            Rule::UriReference,
            Rule::Uri,
            Rule::AbsoluteUri,
            Rule::RelativeRef,
        ] {
            let mut handed = 0;
            each(
                inputs.iter().map(std::string::String::as_str),
                rule,
                |input, got: Result<UriRef<'_>, _>| {
                    assert!(
                        core::ptr::eq(input, inputs[handed].as_str()),
                        "{handed}: {input:?}"
                    );
                    match (got, parse(input, rule)) {
                        (Ok(a), Ok(b)) => assert_eq!(a.layout(), b.layout(), "{input:?}"),
                        (a, b) => assert_eq!(a.map(|_| ()), b.map(|_| ()), "{input:?}"),
                    }
                    handed += 1;
                },
            );
            assert_eq!(handed, inputs.len());
        }
    }

    /// [`hand_over`] hands every input over once, in order, with its own result, after
    /// parsing it and at most one input ahead: input k is handed over before input k + 2 is
    /// taken from the iterator (so that a caller's `f` waits for no more than that). A
    /// result of two words is handed over at once, a larger one two inputs at a time.
    #[test]
    fn hand_over_in_order_one_ahead_at_most() {
        fn log_of<R>(n: usize, result: fn(&'static str) -> R, name_of: fn(&R) -> &str) -> Log {
            let log = core::cell::RefCell::new(std::vec::Vec::new());
            let inputs = NAMES[..n].iter().map(|&name| {
                log.borrow_mut().push(std::format!("take {name}"));
                name
            });
            hand_over(
                inputs,
                |input| {
                    log.borrow_mut().push(std::format!("parse {input}"));
                    result(input)
                },
                |input, parsed| {
                    assert_eq!(name_of(&parsed), input, "{n} inputs");
                    log.borrow_mut().push(std::format!("hand {input}"));
                },
            );
            log.into_inner()
        }
        type Log = std::vec::Vec<std::string::String>;
        const NAMES: [&str; 7] = ["a", "b", "c", "d", "e", "f", "g"];
        for n in 0..=NAMES.len() {
            let at_once = log_of(n, |name| name, |name| name);
            let in_pairs = log_of(n, |name| (name, [0u64; 2]), |parsed| parsed.0);
            for (log, ahead) in [(&at_once, 0), (&in_pairs, 1)] {
                let at = |event: &str| log.iter().position(|e| e == event).unwrap();
                for (k, name) in NAMES[..n].iter().enumerate() {
                    let take = at(&std::format!("take {name}"));
                    let parse = at(&std::format!("parse {name}"));
                    let hand = at(&std::format!("hand {name}"));
                    assert!(take < parse && parse < hand, "{log:?}");
                    if let Some(next) = NAMES[..n].get(k + 1) {
                        assert!(hand < at(&std::format!("hand {next}")), "{log:?}");
                    }
                    // The input `ahead + 1` after this one is taken after it is handed over.
                    if let Some(later) = NAMES[..n].get(k + ahead + 1) {
                        assert!(hand < at(&std::format!("take {later}")), "{log:?}");
                    }
                }
                assert_eq!(log.len(), 3 * n, "{log:?}");
            }
            // Two at a time: "b" is parsed before "a" is handed over.
            if n >= 2 {
                let at = |event: &str| in_pairs.iter().position(|e| e == event).unwrap();
                assert!(at("parse b") < at("hand a"), "{in_pairs:?}");
            }
        }
    }

    /// [`Parser::run_on`]'s words give back the layout, whatever the offsets.
    #[test]
    fn layouts_unpack_as_packed() {
        let edge = [0, 1, 7, 1 << 31, u32::MAX - 1, u32::MAX];
        for (i, &a) in edge.iter().enumerate() {
            let b = edge[(i + 1) % edge.len()];
            let layout = Layout {
                scheme_end: a,
                host_start: b,
                host_end: a ^ 1,
                path_start: b ^ 2,
                path_end: a.wrapping_add(3),
                query_end: b.wrapping_sub(4),
            };
            assert_eq!(Layout::unpacked(layout.packed()), layout);
        }
    }

    /// The shortcut for "scheme://" in [`parse`] does what the DFA does with "//" after ':'.
    #[test]
    fn scheme_slash_slash_shortcut_follows_the_dfa() {
        let step = |state: usize, b: u8| TRANS[state + BYTE_CLASS[b as usize] as usize] as usize;
        let slash = step(STATE_SCHEME_END, b'/');
        assert!(slash < FIRST_ACCEL, "a plain state: no action skipped");
        assert_eq!(step(slash, b'/'), STATE_AUTH_START);
        assert_eq!(
            MARK[(STATE_AUTH_START - FIRST_MARK) >> STRIDE_SHIFT],
            Mark::Authority
        );
        // ... and then goes on from AUTH_START as from HOST_OR_USERINFO, but for '[': same
        // transitions, same end of input, same component in errors.
        for b in (0..=255u8).filter(|&b| b != b'[') {
            assert_eq!(
                step(STATE_AUTH_START, b),
                step(STATE_HOST_OR_USERINFO, b),
                "{b}"
            );
        }
        let row = |s: usize| s >> STRIDE_SHIFT;
        assert_eq!(END[row(STATE_AUTH_START)], END[row(STATE_HOST_OR_USERINFO)]);
        assert_eq!(
            COMPONENT[row(STATE_AUTH_START)],
            COMPONENT[row(STATE_HOST_OR_USERINFO)]
        );
        let loops = |b: u8| LOOP_BITS[b as usize] & HOST_OR_USERINFO_LOOP != 0;
        for b in 0..=255u8 {
            let stays = step(STATE_HOST_OR_USERINFO, b) == STATE_HOST_OR_USERINFO;
            assert_eq!(loops(b), stays, "{b}");
        }
        // The host's run stops at a '[' at once (`authority_after` looks for one only there),
        // and at a '/', which no host holds.
        assert!(!loops(b'[') && !loops(b'/'));
        // A host that ends with '/' goes to PATH_START, marks `path` and hands over to PATH.
        assert_eq!(step(STATE_HOST_OR_USERINFO, b'/'), STATE_PATH_START);
        let path_start = (STATE_PATH_START - FIRST_MARK) >> STRIDE_SHIFT;
        assert_eq!(MARK[path_start], Mark::Path);
        assert_eq!(MARK_THEN[path_start], (STATE_PATH as u16, PATH_LOOP));
    }

    /// The IP-literal shortcut (`Parser::ip_literal_from`) against the tables: from
    /// AUTH_START, '[' leads to IPLIT, which with IPV6 takes exactly hex digits, ':' and '.',
    /// IPV6 goes on ']' to IPV6_END, marked `ipv6`, and IPV6_END goes on as IPLIT_END: as
    /// HOST_OR_USERINFO on '/', '?' and '#', on ':' to PORT_COLON (marked `port`, then PORT,
    /// which takes digits and goes on as HOST_OR_USERINFO on the same three), failing on
    /// every other byte, all of them accepting at the end as it does.
    #[test]
    fn ip_literal_shortcut_follows_the_dfa() {
        use crate::tables::{
            STATE_IPLIT, STATE_IPV6, STATE_IPV6_END, STATE_PORT, STATE_PORT_COLON,
        };
        let step = |state: usize, b: u8| TRANS[state + BYTE_CLASS[b as usize] as usize] as usize;
        let row = |s: usize| s >> STRIDE_SHIFT;
        let fails = |s: usize| s >= uri::FIRST_FAIL;
        assert_eq!(step(STATE_AUTH_START, b'['), STATE_IPLIT);
        for b in 0..=255u8 {
            let ipv6 = b.is_ascii_hexdigit() || b == b':' || b == b'.';
            assert_eq!(step(STATE_IPLIT, b) == STATE_IPV6, ipv6, "{b}");
            assert_eq!(step(STATE_IPV6, b) == STATE_IPV6, ipv6, "{b}");
            if !ipv6 && b != b']' {
                assert!(fails(step(STATE_IPV6, b)), "{b}");
            }
            assert_eq!(step(STATE_IPV6_END, b), step(STATE_IPLIT_END, b), "{b}");
            // After the literal, and after a port's digits: what `Parser::after_host` takes.
            let after_host = step(STATE_HOST_OR_USERINFO, b);
            for state in [STATE_IPLIT_END, STATE_PORT] {
                match b {
                    b'/' | b'?' | b'#' => assert_eq!(step(state, b), after_host, "{b}"),
                    b':' if state == STATE_IPLIT_END => {
                        assert_eq!(step(state, b), STATE_PORT_COLON)
                    }
                    b'0'..=b'9' if state == STATE_PORT => assert_eq!(step(state, b), state),
                    _ => assert!(fails(step(state, b)), "{b}"),
                }
            }
            assert_eq!(step(STATE_PORT_COLON, b), step(STATE_PORT, b), "{b}");
        }
        assert_eq!(MARK[row(STATE_PORT_COLON - FIRST_MARK)], Mark::Port);
        assert_eq!(END[row(STATE_PORT_COLON)], END[row(STATE_HOST_OR_USERINFO)]);
        assert_eq!(END[row(STATE_PORT)], END[row(STATE_HOST_OR_USERINFO)]);
        assert!(fails(step(STATE_IPLIT, b']')));
        assert_eq!(step(STATE_IPV6, b']'), STATE_IPV6_END);
        assert_eq!(MARK[row(STATE_IPV6_END - FIRST_MARK)], Mark::Ipv6);
        assert_eq!(END[row(STATE_IPV6_END)], END[row(STATE_IPLIT_END)]);
        assert_eq!(END[row(STATE_IPLIT_END)], END[row(STATE_HOST_OR_USERINFO)]);
    }

    /// IP literals good and bad, cut short and followed by anything, through the shortcut
    /// (`Parser::ip_literal_from`) and by the DFA alone: the same references, the same errors.
    #[test]
    fn ip_literals_parse_as_by_the_dfa_alone() {
        // An address's pieces (and a few bytes none has), then mostly a ']' and what may
        // follow a host.
        let pieces: [&[u8]; 16] = [
            b"0", b"1", b"ab", b"FFFF", b"12345", b":", b":", b"::", b"::", b".", b"255", b"256",
            b"1.2.3.4", b"v1.x", b"g", b"]",
        ];
        let tails: [&[u8]; 8] = [b"]", b"]/", b"]:80/a?b#c", b"]:x", b"]]", b"]x", b"", b"/"];
        let mut next = crate::xorshift(0x1234_5678_9abc_def1u64);
        let mut good = 0;
        for round in 0..200_000u64 {
            let mut input = [&b"http://["[..], b"//[", b"a://u@["][(round % 3) as usize].to_vec();
            for _ in 0..1 + next() % 10 {
                input.extend_from_slice(pieces[(next() % 16) as usize]);
            }
            input.extend_from_slice(tails[(next() % 8) as usize]);
            let input = core::str::from_utf8(&input).expect("ASCII");
            for rule in [Rule::UriReference, Rule::AbsoluteUri] {
                let fast = parse(input, rule).map(components);
                let slow = parse_from_start(input, rule).map(components);
                assert_eq!(fast, slow, "{input:?} {rule:?}");
                good += usize::from(fast.is_ok());
            }
        }
        assert!(good > 5_000, "{good}");
    }

    /// The userinfo shortcut (`Parser::after_userinfo_from`) against the tables: '@' leads
    /// from HOST_OR_USERINFO to USERINFO_END, marked `userinfo`, which goes on as HOST but for
    /// '['; HOST loops on the bytes HOST_OR_USERINFO loops on, and goes where it goes on every
    /// other byte but '@', '%' (its own "%HH" states, left to the DFA loop) and ':' (to a
    /// port, as after an IP literal), accepting at the end as it does. From HOST_OR_USERINFO
    /// ':' leads to AUTH_COLON, marked `port`, which goes on as PORT_OR_USERINFO, which loops
    /// on digits and goes to USERINFO on any other byte USERINFO loops on; both go on '@' to
    /// USERINFO_END.
    #[test]
    fn userinfo_shortcut_follows_the_dfa() {
        use crate::tables::STATE_PORT_COLON;
        let step = |state: usize, b: u8| TRANS[state + BYTE_CLASS[b as usize] as usize] as usize;
        let row = |s: usize| s >> STRIDE_SHIFT;
        assert_eq!(step(STATE_HOST_OR_USERINFO, b'@'), STATE_USERINFO_END);
        assert_eq!(MARK[USERINFO_END_MARK], Mark::Userinfo);
        let host_loops = |b: u8| LOOP_BITS[b as usize] & HOST_LOOP != 0;
        let userinfo_loops = |b: u8| LOOP_BITS[b as usize] & USERINFO_LOOP != 0;
        for b in 0..=255u8 {
            if b != b'[' {
                assert_eq!(step(STATE_USERINFO_END, b), step(STATE_HOST, b), "{b}");
            }
            assert_eq!(host_loops(b), step(STATE_HOST, b) == STATE_HOST, "{b}");
            assert_eq!(
                host_loops(b),
                step(STATE_HOST_OR_USERINFO, b) == STATE_HOST_OR_USERINFO,
                "{b}"
            );
            if !host_loops(b) && !matches!(b, b'@' | b'%' | b':') {
                assert_eq!(step(STATE_HOST, b), step(STATE_HOST_OR_USERINFO, b), "{b}");
            }
            assert_eq!(
                userinfo_loops(b),
                step(STATE_USERINFO, b) == STATE_USERINFO,
                "{b}"
            );
            // From the ':' on: AUTH_COLON as PORT_OR_USERINFO, which loops on digits and
            // goes to USERINFO on every other byte USERINFO loops on; '@' ends the userinfo
            // from all three.
            assert_eq!(
                step(STATE_AUTH_COLON, b),
                step(STATE_PORT_OR_USERINFO, b),
                "{b}"
            );
            let after_colon = step(STATE_PORT_OR_USERINFO, b);
            if b.is_ascii_digit() {
                assert!(
                    userinfo_loops(b) && after_colon == STATE_PORT_OR_USERINFO,
                    "{b}"
                );
            } else if userinfo_loops(b) {
                assert_eq!(after_colon, STATE_USERINFO, "{b}");
            }
            if b == b'@' {
                assert_eq!(after_colon, STATE_USERINFO_END);
                assert_eq!(step(STATE_USERINFO, b), STATE_USERINFO_END);
            }
        }
        assert!(userinfo_loops(b':') && !userinfo_loops(b'@') && !host_loops(b'@'));
        assert!(step(STATE_HOST, b'@') >= uri::FIRST_FAIL, "a second '@'");
        // ':' after a host that a userinfo went before starts a port, as after an IP literal
        // (`ip_literal_shortcut_follows_the_dfa` follows PORT_COLON on).
        assert_eq!(step(STATE_HOST, b':'), STATE_PORT_COLON);
        assert_eq!(MARK[AUTH_COLON_MARK], Mark::Port);
        assert_eq!(step(STATE_HOST_OR_USERINFO, b':'), STATE_AUTH_COLON);
        assert_eq!(END[row(STATE_AUTH_COLON)], END[row(STATE_PORT_OR_USERINFO)]);
        assert_eq!(
            COMPONENT[row(STATE_AUTH_COLON)],
            COMPONENT[row(STATE_PORT_OR_USERINFO)]
        );
        assert_eq!(
            END[row(STATE_USERINFO_END)],
            END[row(STATE_HOST_OR_USERINFO)]
        );
        assert_eq!(END[row(STATE_HOST)], END[row(STATE_HOST_OR_USERINFO)]);
        assert_eq!(
            COMPONENT[row(STATE_HOST)],
            COMPONENT[row(STATE_HOST_OR_USERINFO)]
        );
    }

    /// The authorities the "scheme://" and "//" shortcuts end (a host's run to a '/', the
    /// end, '?' or '#', a port after it: `Parser::after_host_on`; a userinfo before them:
    /// `Parser::after_userinfo_from`), or leave to the DFA (IP literals after a userinfo,
    /// "%HH" in a userinfo, bad bytes), parse as the DFA alone parses them, under every rule.
    #[test]
    fn authority_ends_follow_the_dfa() {
        let rules = [
            Rule::UriReference,
            Rule::RelativeRef,
            Rule::Uri,
            Rule::AbsoluteUri,
        ];
        let authorities = [
            "",
            "h",
            "h.example",
            ":",
            ":80",
            "h:",
            "h:8080",
            "h:0",
            "h:99999999999",
            "h:8a",
            "h:80:81",
            "h:80@x",
            "u:1@h",
            "u:p@h:80",
            "h%41",
            "h%4",
            "%41%42:8",
            "h%41:80",
            "h:%41",
            "h:8%",
            "u@h:80",
            "u:80@",
            "h:80:",
            "@h",
            "u@",
            ":@",
            "u@h@x",
            "u%41@h",
            "u:p:q@h%41:",
            "u@[::1]:80",
            "[::1]x",
            "[::1]:8x",
            "[::1",
            "[1::2::3]",
            "[::ffff:1.2.3.4]",
            "[v1.a]",
            "[]",
            "[::1]",
            "[::1]:80",
            "[::1]:",
            "[::1]:80x",
            "[::1]]",
            "[::1]@h",
            "[::1][",
            "[1:2:3:4:5:6:7:8]",
            "[1:2:3:4:5:6:7:8:9]",
            "[::1.2.3.4]",
            "[::1.2.3.4x]",
            "[::1.2.3]",
            "[0:1.23.23]",
            "[::1:]",
            "[:]",
            "[.]",
            "[::%31]",
            "[::1 ]",
            "[ABCD::ef]",
            "[v1.a]:80",
            "[V1.a]",
            "[v.a]",
            "[v1.]",
            "[::1]%41",
            "h:80[",
            "h: 80",
            "h:80 ",
            "u@h",
            "u:p@h",
            "git@github.com",
            "u@h:",
            "u@h:8x",
            "u@h:80:81",
            "u:p@[::1]",
            "u@[v1.a]:8",
            "u@@h",
            "u:p@",
            "u:p@h@x",
            "u:p:80@h",
            "u:%41@h",
            "u:p%4@h",
            "u@h%41",
            "u@h%4",
            "u@h.example:80",
            "u@:80",
            "u@h[",
            "u:p q@h",
            "-._~!$&'()*+,;=:x@h",
        ];
        let tails = [
            "", "/", "/p/q", "?", "?q=1", "#", "#f", "/p?q#f", "?q#f", "@", " ", "//",
        ];
        let mut checked = 0;
        for start in ["http://", "//", "a+b://"] {
            for authority in authorities {
                for tail in tails {
                    let input = std::format!("{start}{authority}{tail}");
                    for rule in rules {
                        let fast = parse(&input, rule).map(components);
                        let slow = parse_from_start(&input, rule).map(components);
                        assert_eq!(fast, slow, "{input:?} {rule:?}");
                        checked += usize::from(fast.is_ok());
                    }
                }
            }
        }
        assert!(checked > 1000, "{checked}");
    }

    /// The shortcut for path-absolute references in [`parse`]: '/' leads from START and
    /// REL_START to SLASH, a plain state, which then goes on as PATH for every byte but '/'.
    #[test]
    fn path_absolute_shortcut_follows_the_dfa() {
        let step = |state: usize, b: u8| TRANS[state + BYTE_CLASS[b as usize] as usize] as usize;
        for start in [START_URI_REFERENCE, START_RELATIVE_REF] {
            assert_eq!(step(start, b'/'), STATE_SLASH);
        }
        // A second '/' starts an authority, as after "scheme:" (the network-path shortcut).
        assert_eq!(step(STATE_SLASH, b'/'), STATE_AUTH_START);
        // SLASH is a plain state: the shortcut skips no action.
        const { assert!(STATE_SLASH < FIRST_ACCEL) };
        for b in (0..=255u8).filter(|&b| b != b'/') {
            assert_eq!(step(STATE_SLASH, b), step(STATE_PATH, b), "{b}");
        }
        let row = |s: usize| s >> STRIDE_SHIFT;
        assert_eq!(END[row(STATE_SLASH)], END[row(STATE_PATH)]);
        assert_eq!(COMPONENT[row(STATE_SLASH)], COMPONENT[row(STATE_PATH)]);
    }

    /// Every component of `u`, present or not.
    pub(crate) fn components(u: UriRef<'_>) -> [Option<&str>; 8] {
        [
            u.scheme(),
            u.authority(),
            u.userinfo(),
            u.host(),
            u.port(),
            Some(u.path()),
            u.query(),
            u.fragment(),
        ]
    }

    /// Random inputs built to reach every shortcut and to leave each at every byte: a start
    /// from the shapes the shortcuts take, then mostly dense runs (what the vector blocks
    /// skip), across the 16- and 32-byte block edges, with a few other bytes among them.
    pub(crate) fn random_inputs(seed: u64) -> impl FnMut() -> std::vec::Vec<u8> {
        let starts: [&[u8]; 14] = [
            b"", b"/", b"//", b"#", b"?", b"a", b"Ab", b"x:", b"http://", b"1", b".", b"../", b"-",
            b"+",
        ];
        let alphabet = b"aZz09-._~:/?#[]@!$&'()*+,;=%AFf \x7f\xc3\xa9";
        let mut next = crate::xorshift(seed);
        move || {
            let mut input = starts[(next() % starts.len() as u64) as usize].to_vec();
            let len = (next() % 48) as usize;
            for _ in 0..len {
                let r = next();
                input.push(if r % 3 == 0 {
                    alphabet[(r >> 8) as usize % alphabet.len()]
                } else {
                    b"abcdefghij0123456789-.XYZ/"[(r >> 8) as usize % 26]
                });
            }
            input
        }
    }

    /// [`parse`], shortcuts and all, gives exactly what the DFA alone gives from the start
    /// state.
    #[test]
    fn shortcuts_agree_with_the_dfa_alone() {
        let rules = [
            Rule::UriReference,
            Rule::RelativeRef,
            Rule::Uri,
            Rule::AbsoluteUri,
            Rule::OriginForm,
            Rule::AuthorityForm,
        ];
        let mut random_input = random_inputs(0x2545_f491_4f6c_dd1d);
        let mut checked = 0;
        for round in 0..100_000u64 {
            let input = random_input();
            let Ok(input) = core::str::from_utf8(&input) else {
                continue;
            };
            let rule = rules[round as usize % rules.len()];
            let fast = parse(input, rule).map(components);
            let slow = parse_from_start(input, rule).map(components);
            assert_eq!(fast, slow, "{input:?} {rule:?}");
            checked += 1;
        }
        assert!(checked > 60_000, "{checked}");
    }

    /// What [`plain_relative`] and [`plain_network`] give is what [`parse`] gives by both
    /// rules for references, and each takes most of the references of its shape.
    #[test]
    fn plain_runs_agree_with_parse() {
        type Plain = fn(&str) -> Option<UriRef<'_>>;
        type Shape = fn(&[Option<&str>; 8]) -> bool;
        // Each with the shape of the references it is for, from their components.
        let plains: [(Plain, Shape); 2] = [
            (plain_relative, |c| c[0].is_none() && c[1].is_none()),
            (plain_network, |c| {
                c[0].is_none() && c[1].is_some() && c[1] == c[3] && !c[1].unwrap().starts_with('[')
            }),
        ];
        let mut random_input = random_inputs(0x9e37_79b9_7f4a_7c15);
        let (mut taken, mut left) = ([0; 2], [0; 2]);
        for _ in 0..100_000 {
            let input = random_input();
            let Ok(input) = core::str::from_utf8(&input) else {
                continue;
            };
            let parsed = parse(input, Rule::UriReference).map(components);
            for (k, (plain, shape)) in plains.iter().enumerate() {
                match plain(input).map(components) {
                    Some(plain) => {
                        assert_eq!(Ok(plain), parsed, "{input:?}");
                        let relative = parse(input, Rule::RelativeRef).map(components);
                        assert_eq!(Ok(plain), relative, "{input:?}");
                        taken[k] += 1;
                    }
                    None => left[k] += usize::from(parsed.as_ref().is_ok_and(shape)),
                }
            }
        }
        // The random bytes put a '%' or a bad byte in many references: most of those left.
        assert!(
            taken[0] > 20_000 && taken[0] > 2 * left[0],
            "{taken:?} taken, {left:?} left"
        );
        assert!(
            taken[1] > 1_000 && taken[1] > 2 * left[1],
            "{taken:?} taken, {left:?} left"
        );
        for link in [
            "",
            "images/a.png",
            "../a.png?x=1",
            "./a",
            "/path",
            "/",
            "#frag",
            "#",
            "?q",
            "?",
            "a/b%20c/d?x=%41#y",
            "a_b~c!$&'()*+,;=@/d:e?/?:@#/?:@",
            "%41/b",
        ] {
            let plain = plain_relative(link).map(components);
            let parsed = parse(link, Rule::UriReference).map(components).ok();
            assert_eq!(plain, parsed, "{link:?}");
            assert!(plain_network(link).is_none(), "{link:?}");
        }
        for link in [
            "//",
            "///",
            "//h",
            "//cdn.example.net/x.js?v=1#f",
            "//h?q",
            "//h#f",
            "//a.b-c_d~e!$&'()*+,;=/p",
            "//192.0.2.1/a/../b",
            "//h%41/",
        ] {
            let plain = plain_network(link).map(components);
            assert_eq!(
                plain,
                parse(link, Rule::UriReference).map(components).ok(),
                "{link:?}"
            );
            assert!(plain_relative(link).is_none(), "{link:?}");
        }
        for not_plain in [
            "http:a", "a:b", "a b", "a#b#c", "a?b#c[", "/a%4", "//u@h/", "//h:80/", "//[::1]/",
            "//h/a b",
        ] {
            assert!(plain_relative(not_plain).is_none(), "{not_plain:?}");
            assert!(plain_network(not_plain).is_none(), "{not_plain:?}");
        }
    }

    /// The shortcut for references that start with a scheme character in [`parse`]: START
    /// goes to SCHEME_OR_SEG on a letter and NOT_SCHEME on the others, REL_START to NC_SEG;
    /// the first two loop on exactly the bytes of SCHEME_OR_SEG_LOOP, NC_SEG on those of
    /// NC_SEG_LOOP; all three go to PATH on '/', accept at the end and have no action.
    #[test]
    fn first_segment_shortcut_follows_the_dfa() {
        let step = |state: usize, b: u8| TRANS[state + BYTE_CLASS[b as usize] as usize] as usize;
        let scheme_char = |b: u8| b.is_ascii_alphanumeric() || b"+-.".contains(&b);
        for b in 0..=255u8 {
            let loops = LOOP_BITS[b as usize] & SCHEME_OR_SEG_LOOP != 0;
            assert_eq!(loops, scheme_char(b), "{b}");
            if loops {
                let want = if b.is_ascii_alphabetic() {
                    STATE_SCHEME_OR_SEG
                } else {
                    STATE_NOT_SCHEME
                };
                assert_eq!(step(START_URI_REFERENCE, b), want, "{b}");
                assert_eq!(step(START_RELATIVE_REF, b), STATE_NC_SEG, "{b}");
            }
            for state in [STATE_SCHEME_OR_SEG, STATE_NOT_SCHEME] {
                assert_eq!(step(state, b) == state, loops, "{state} {b}");
            }
            let nc_loops = LOOP_BITS[b as usize] & NC_SEG_LOOP != 0;
            assert_eq!(step(STATE_NC_SEG, b) == STATE_NC_SEG, nc_loops, "{b}");
        }
        let row = |s: usize| s >> STRIDE_SHIFT;
        for state in [STATE_SCHEME_OR_SEG, STATE_NOT_SCHEME, STATE_NC_SEG] {
            assert!(state < FIRST_MARK, "no action");
            assert_eq!(step(state, b'/'), STATE_PATH);
            assert_eq!(END[row(state)], None, "accepts at the end");
        }
        const { assert!(STATE_PATH < FIRST_MARK) };
    }

    /// The shortcut for "scheme:" without "//" in [`parse`]: SCHEME_OR_SEG goes to
    /// SCHEME_END on ':' (mark `scheme`, no hand-over), which goes where PATH goes on every
    /// byte but '/', and to SLASH on '/', and ends as PATH ends; a path's run from there is
    /// what the DFA would do.
    #[test]
    fn scheme_then_path_shortcut_follows_the_dfa() {
        let step = |state: usize, b: u8| TRANS[state + BYTE_CLASS[b as usize] as usize] as usize;
        let row = |s: usize| s >> STRIDE_SHIFT;
        assert_eq!(step(STATE_SCHEME_OR_SEG, b':'), STATE_SCHEME_END);
        let mark = (STATE_SCHEME_END - FIRST_MARK) >> STRIDE_SHIFT;
        assert_eq!(MARK[mark], Mark::Scheme);
        assert_eq!(MARK_THEN.get(mark).map_or(0, |&(_, bit)| bit), 0);
        assert_eq!(step(STATE_SCHEME_END, b'/'), STATE_SLASH);
        for b in (0..=255u8).filter(|&b| b != b'/') {
            assert_eq!(step(STATE_SCHEME_END, b), step(STATE_PATH, b), "{b}");
        }
        assert_eq!(END[row(STATE_SCHEME_END)], END[row(STATE_PATH)]);
        assert_eq!(COMPONENT[row(STATE_SCHEME_END)], COMPONENT[row(STATE_PATH)]);
        // And the parser gives what the DFA alone gives, for paths of every shape after it.
        for input in [
            "g:h",
            "g:",
            "g:/",
            "g:/h",
            "g:h/",
            "g:h?q",
            "g:#f",
            "g:?q#f",
            "mailto:a@b.c",
            "urn:isbn:0451450523",
            "javascript:f(1)",
            "a1+-.:x",
            "g:%41",
            "g:%4",
            "g: x",
            "g:/ x",
            "g:h/%zz",
            "g:\u{e9}",
            "g:[",
            "x:y:z",
            "g://h",
            "a+b://h/p",
            "g:h#f#",
        ] {
            assert_eq!(
                parse(input, Rule::UriReference).map(components),
                parse_from_start(input, Rule::UriReference).map(components),
                "{input:?}"
            );
        }
    }

    /// [`Parser::after_path`]: from PATH, '?' enters QUERY_START, whose mark is `query` and
    /// which hands over to QUERY; '#' (from PATH or QUERY) enters FRAG_START, whose mark is
    /// `fragment` and which hands over to FRAGMENT; both accept at the end. START, REL_START
    /// and the states of a first segment go where PATH goes on '?' and '#'.
    #[test]
    fn path_ends_follow_the_dfa() {
        let step = |state: usize, b: u8| TRANS[state + BYTE_CLASS[b as usize] as usize] as usize;
        let mark = |state: usize| (state - FIRST_MARK) >> STRIDE_SHIFT;
        assert_eq!(step(STATE_PATH, b'?'), STATE_QUERY_START);
        assert_eq!(MARK[mark(STATE_QUERY_START)], Mark::Query);
        assert_eq!(
            MARK_THEN[mark(STATE_QUERY_START)],
            (STATE_QUERY as u16, QUERY_LOOP)
        );
        for state in [STATE_PATH, STATE_QUERY] {
            assert_eq!(step(state, b'#'), STATE_FRAG_START);
        }
        assert_eq!(MARK[mark(STATE_FRAG_START)], Mark::Fragment);
        assert_eq!(
            MARK_THEN[mark(STATE_FRAG_START)],
            (STATE_FRAGMENT as u16, FRAGMENT_LOOP)
        );
        let row = |s: usize| s >> STRIDE_SHIFT;
        for state in [STATE_PATH, STATE_QUERY, STATE_FRAGMENT] {
            assert_eq!(END[row(state)], None, "accepts at the end");
        }
        let first = [STATE_SCHEME_OR_SEG, STATE_NOT_SCHEME, STATE_NC_SEG];
        for state in [START_URI_REFERENCE, START_RELATIVE_REF]
            .into_iter()
            .chain(first)
        {
            for b in [b'?', b'#'] {
                assert_eq!(step(state, b), step(STATE_PATH, b), "{state} {b}");
            }
        }
    }

    /// The shortcut at the start of [`parse`]: from START and URI_START, a letter then any
    /// letters, digits, '-' and '.' (the bytes `scan::scheme_colon_slash_slash` takes) lead
    /// to SCHEME_END on ':', and no state on the way has an action.
    #[test]
    fn scheme_shortcut_follows_the_dfa() {
        let step = |state: usize, b: u8| TRANS[state + BYTE_CLASS[b as usize] as usize] as usize;
        for start in [START_URI_REFERENCE, START_URI, START_ABSOLUTE_URI] {
            for first in (b'a'..=b'z').chain(b'A'..=b'Z') {
                let scheme = step(start, first);
                assert!(scheme < FIRST_MARK, "no mark in the scheme");
                for b in (0..=255u8).filter(|b| b.is_ascii_alphanumeric() || b"-.".contains(b)) {
                    assert_eq!(step(scheme, b), scheme, "{b}");
                }
                assert_eq!(step(scheme, b':'), STATE_SCHEME_END);
            }
        }
        assert_eq!(
            MARK[(STATE_SCHEME_END - FIRST_MARK) >> STRIDE_SHIFT],
            Mark::Scheme
        );
        let colon = |s: &str| scan::scheme_colon_slash_slash(s.as_bytes()).map(|(c, _)| c);
        assert_eq!(colon("http://example.com/"), Some(4));
        assert_eq!(colon("a-b.c9://example.com/"), Some(6));
        assert_eq!(colon("http:/example.com/x"), None);
        assert_eq!(
            colon("svn+ssh://example.com/"),
            None,
            "'+' goes the long way"
        );
        assert_eq!(colon("1http://example.com/"), None);
        for b in 0..=255u8 {
            let input = [&[b][..], b"ttp://example.com/"].concat();
            let found = scan::scheme_colon_slash_slash(&input);
            assert_eq!(found.is_some(), b.is_ascii_alphabetic(), "first byte {b}");
        }
        assert_eq!(colon("http://x"), None, "shorter than a block");
        assert_eq!(
            colon("abcdefghijklmnopqrstuvwxyzabcdef://x.y/"),
            None,
            "not in the block"
        );
    }
}
