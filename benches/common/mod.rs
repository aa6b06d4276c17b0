//! Inputs, peers and measured loops shared by the two bench harnesses:
//! `wall.rs` (criterion, wall time) and `instructions.rs` (iai-callgrind, instruction counts).
//! Both call the very same monomorphized loops below, so their figures describe the same work.
//!
//! Every peer is driven through its own public API; where a peer lacks an operation it simply
//! does not implement the trait. Each loop returns the number of inputs the peer *accepted*, which
//! the harnesses print beside the figures: a parser that rejects (or does not check) more lines
//! does different work, and the reader must be able to see that.

// Each harness uses a different subset of these items.
#![allow(dead_code)]

use std::fmt::Write as _;
use std::hint::black_box;
use std::path::PathBuf;

/// The `*.txt` corpora of `../shared/corpora` (README there), one URL per `\n`-terminated line.
pub const CORPORA: [&str; 6] = [
    "ada_kasztp",
    "ada_node_files",
    "ada_isaacs_files",
    "apache_referers",
    "apache_request_targets",
    "wpt_urltestdata_inputs",
];

/// Corpora for "parse + read host and path": the ones whose lines carry an authority.
pub const HOST_PATH_CORPORA: [&str; 3] = ["ada_kasztp", "ada_node_files", "apache_referers"];

/// Corpora for normalization (issue 5).
pub const NORMALIZE_CORPORA: [&str; 2] = ["ada_kasztp", "apache_referers"];

/// Pair sets for resolution: Common Crawl (page URL, link) pairs and the RFC 3986 §5.4 examples.
pub const PAIR_SETS: [&str; 2] = ["commoncrawl_relative_10k", "rfc3986_5_4"];

fn corpus_dir() -> PathBuf {
    // An absolute path fixed at compile time: iai-callgrind runs benchmarks with a cleared
    // environment, and neither harness should depend on the working directory.
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/corpora")
}

fn read_leaked(file: &str) -> &'static str {
    let path = corpus_dir().join(file);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read benchmark corpus {}: {e}", path.display()));
    // Leaked on purpose: the inputs live for the whole process, and `&'static str` lets every
    // peer keep borrowed parse results without lifetime plumbing.
    Box::leak(text.into_boxed_str())
}

/// Every line of `../shared/corpora/{name}.txt`, byte-exact (no trimming: the BOM of the
/// first ada_kasztp line and any stray whitespace are part of the input a crawler sees).
pub fn lines(name: &str) -> Vec<&'static str> {
    let text = read_leaked(&format!("{name}.txt"));
    let text = text.strip_suffix('\n').unwrap_or(text);
    text.split('\n').collect()
}

/// `(base, reference)` pairs of a set in [`PAIR_SETS`].
pub fn pairs(name: &str) -> Vec<(&'static str, &'static str)> {
    if name == "rfc3986_5_4" {
        return rfc3986_5_4();
    }
    let text = read_leaked(&format!("{name}.csv"));
    // `base,relative` with a header line; no field is quoted and bases contain no comma
    // (checked: every record has exactly two fields), so the first comma splits.
    text.lines()
        .skip(1)
        .filter_map(|l| l.split_once(','))
        .collect()
}

/// RFC 3986 §5.4.1 (normal) and §5.4.2 (abnormal) examples, in the order of the RFC text: the
/// strict records of `../shared/conformance/resolve.jsonl` taken from that section.
fn rfc3986_5_4() -> Vec<(&'static str, &'static str)> {
    let text = std::fs::read_to_string(corpus_dir().join("../conformance/resolve.jsonl"))
        .unwrap_or_else(|e| panic!("cannot read the resolve vectors: {e}"));
    let leak = |v: &serde_json::Value| -> &'static str {
        Box::leak(v.as_str().unwrap().to_owned().into_boxed_str())
    };
    let pairs: Vec<_> = text
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .filter(|r| {
            r["mode"] == "strict"
                && r["source"]
                    .as_str()
                    .is_some_and(|s| s.starts_with("RFC3986:section-5.4"))
        })
        .map(|r| (leak(&r["base"]), leak(&r["ref"])))
        .collect();
    assert_eq!(pairs.len(), 42, "RFC 3986 §5.4 has 42 examples");
    pairs
}

/// Total input bytes (for `Throughput::Bytes`), newlines excluded.
pub fn bytes_of_lines(lines: &[&str]) -> u64 {
    lines.iter().map(|l| l.len() as u64).sum()
}

/// Total reference bytes of a pair set (the base is parsed once per pair set, see [`Resolve`]).
pub fn bytes_of_pairs(pairs: &[(&str, &str)]) -> u64 {
    pairs.iter().map(|(_, r)| r.len() as u64).sum()
}

// ---------------------------------------------------------------------------------------------
// Operations

/// Parse one input as a URI reference (validate + locate components).
pub trait Parse {
    /// Name shown in tables (the crate name).
    const NAME: &'static str;
    /// Parse `s`; keep the result observable; report acceptance.
    fn parse(s: &str) -> bool;
    /// Parse `s` and read its host and path.
    fn host_path(s: &str) -> bool;
}

/// Resolve a reference against a base parsed beforehand, writing the target URI into a reused
/// buffer. The base is parsed outside the measured loop (a crawler parses a page URL once and
/// resolves all its links), the reference inside it; this matches oxiri's own benchmark.
pub trait Resolve {
    /// Name shown in tables.
    const NAME: &'static str;
    /// The peer's parsed base.
    type Base;
    /// Parse a base (outside measurement); `None` if the peer rejects it.
    fn base(s: &'static str) -> Option<Self::Base>;
    /// Parse `reference`, resolve it against `base`, append the result to `buf`.
    fn resolve(base: &Self::Base, reference: &str, buf: &mut String) -> bool;
}

/// Parse and normalize one URI, writing the normalized form into a reused buffer.
pub trait Normalize {
    /// Name shown in tables.
    const NAME: &'static str;
    /// Parse `s`, append its normalized form to `buf`.
    fn normalize(s: &str, buf: &mut String) -> bool;
}

// The measured loops. `black_box` on each input keeps the compiler from hoisting or merging work
// across iterations; the count of accepted inputs is the observable result.

/// Parse every line; returns the accepted count.
#[inline(never)]
pub fn run_parse<P: Parse>(lines: &[&str]) -> usize {
    let mut accepted = 0;
    for line in lines {
        accepted += usize::from(P::parse(black_box(line)));
    }
    accepted
}

/// Parse every line and read host + path; returns the accepted count.
#[inline(never)]
pub fn run_host_path<P: Parse>(lines: &[&str]) -> usize {
    let mut accepted = 0;
    for line in lines {
        accepted += usize::from(P::host_path(black_box(line)));
    }
    accepted
}

/// urilex alone, over the bases of a pair set: `parse_base` parses each base; `base_new` also
/// prepares it (`Base::new`); `resolve_per_pair` also resolves the reference into `buf` (the
/// base parsed and prepared per pair, as the CLI's `base<TAB>reference` lines and most callers
/// do). Returns the accepted count.
#[inline(never)]
pub fn run_base_ops(op: &str, pairs: &[(&'static str, &'static str)], buf: &mut String) -> usize {
    let mut accepted = 0;
    for (b, r) in pairs {
        let Ok(base) = urilex::UriRef::parse(black_box(b)) else {
            continue;
        };
        if op == "parse_base" {
            accepted += usize::from(black_box(&base).scheme().is_some());
            continue;
        }
        let Ok(base) = urilex::Base::new(base) else {
            continue;
        };
        if op == "base_new" {
            black_box(&base);
            accepted += 1;
            continue;
        }
        buf.clear();
        accepted += usize::from(base.resolve_str_into(black_box(r), buf).is_ok());
        black_box(buf.len());
    }
    accepted
}

/// Prepared input of [`run_resolve`]: each peer's parsed base beside the raw reference.
pub type Prepared<R> = Vec<(Option<<R as Resolve>::Base>, &'static str)>;

/// Parse the bases of a pair set (not measured).
pub fn prepare<R: Resolve>(pairs: &[(&'static str, &'static str)]) -> Prepared<R> {
    pairs.iter().map(|(b, r)| (R::base(b), *r)).collect()
}

/// Resolve every prepared pair into one reused buffer; returns the accepted count.
#[inline(never)]
pub fn run_resolve<R: Resolve>(prepared: &Prepared<R>, buf: &mut String) -> usize {
    let mut accepted = 0;
    for (base, reference) in prepared {
        if let Some(base) = base {
            buf.clear();
            if R::resolve(base, black_box(reference), buf) {
                accepted += 1;
            }
            black_box(buf.as_str());
        }
    }
    accepted
}

/// Normalize every line into one reused buffer; returns the accepted count.
#[inline(never)]
pub fn run_normalize<N: Normalize>(lines: &[&str], buf: &mut String) -> usize {
    let mut accepted = 0;
    for line in lines {
        buf.clear();
        if N::normalize(black_box(line), buf) {
            accepted += 1;
        }
        black_box(buf.as_str());
    }
    accepted
}

// ---------------------------------------------------------------------------------------------
// Peers. One unit struct per crate; the comments say which entry point is used and why.

/// urilex (this crate).
pub struct Urilex;
/// fluent-uri 0.4: strict RFC 3986 (`UriRef`).
pub struct FluentUri;
/// oxiri 0.3: RFC 3987 IRIs (`IriRef`), so it also accepts non-ASCII.
pub struct Oxiri;
/// iri-string 0.7: RFC 3986 with the `UriSpec` types.
pub struct IriString;
/// url 2: WHATWG URL Standard (absolute URLs only; parsing normalizes).
pub struct Url;
/// http 1: `http::Uri`, the HTTP request-target grammar (copies input into `Bytes`).
pub struct Http;
/// ada-url 4: WHATWG URL Standard via bundled C++ (absolute URLs only; parsing normalizes).
pub struct Ada;
/// uriparse 0.6: RFC 3986 (`URIReference`).
pub struct Uriparse;

impl Parse for Urilex {
    const NAME: &'static str = "urilex";
    #[inline]
    fn parse(s: &str) -> bool {
        match urilex::UriRef::parse(s) {
            Ok(u) => {
                black_box(&u);
                true
            }
            Err(_) => false,
        }
    }
    #[inline]
    fn host_path(s: &str) -> bool {
        match urilex::UriRef::parse(s) {
            Ok(u) => {
                black_box(u.host());
                black_box(u.path());
                true
            }
            Err(_) => false,
        }
    }
}

impl Parse for FluentUri {
    const NAME: &'static str = "fluent-uri";
    #[inline]
    fn parse(s: &str) -> bool {
        match fluent_uri::UriRef::parse(s) {
            Ok(u) => {
                black_box(&u);
                true
            }
            Err(_) => false,
        }
    }
    #[inline]
    fn host_path(s: &str) -> bool {
        match fluent_uri::UriRef::parse(s) {
            Ok(u) => {
                black_box(u.authority().map(|a| a.host()));
                black_box(u.path().as_str());
                true
            }
            Err(_) => false,
        }
    }
}

impl Parse for Oxiri {
    const NAME: &'static str = "oxiri";
    #[inline]
    fn parse(s: &str) -> bool {
        match oxiri::IriRef::parse(s) {
            Ok(u) => {
                black_box(&u);
                true
            }
            Err(_) => false,
        }
    }
    /// oxiri has no host accessor; the authority is the closest it offers.
    #[inline]
    fn host_path(s: &str) -> bool {
        match oxiri::IriRef::parse(s) {
            Ok(u) => {
                black_box(u.authority());
                black_box(u.path());
                true
            }
            Err(_) => false,
        }
    }
}

impl Parse for IriString {
    const NAME: &'static str = "iri-string";
    #[inline]
    fn parse(s: &str) -> bool {
        match iri_string::types::UriReferenceStr::new(s) {
            Ok(u) => {
                black_box(u);
                true
            }
            Err(_) => false,
        }
    }
    #[inline]
    fn host_path(s: &str) -> bool {
        match iri_string::types::UriReferenceStr::new(s) {
            Ok(u) => {
                black_box(u.authority_components().map(|a| a.host()));
                black_box(u.path_str());
                true
            }
            Err(_) => false,
        }
    }
}

impl Parse for Url {
    const NAME: &'static str = "url";
    #[inline]
    fn parse(s: &str) -> bool {
        match url::Url::parse(s) {
            Ok(u) => {
                black_box(&u);
                true
            }
            Err(_) => false,
        }
    }
    #[inline]
    fn host_path(s: &str) -> bool {
        match url::Url::parse(s) {
            Ok(u) => {
                black_box(u.host_str());
                black_box(u.path());
                true
            }
            Err(_) => false,
        }
    }
}

/// urilex's request-target parser (RFC 9112 §3.2) with method GET: origin-form or
/// absolute-form, the two forms `http::Uri::from_str` (hyper's parser) is used for.
pub struct UrilexTarget;

impl Parse for UrilexTarget {
    const NAME: &'static str = "urilex-target";
    #[inline]
    fn parse(s: &str) -> bool {
        match urilex::RequestTarget::parse("GET", s) {
            Ok(t) => {
                black_box(&t);
                true
            }
            Err(_) => false,
        }
    }
    #[inline]
    fn host_path(s: &str) -> bool {
        match urilex::RequestTarget::parse("GET", s) {
            Ok(t) => {
                black_box(t.host());
                black_box(t.path());
                true
            }
            Err(_) => false,
        }
    }
}

/// urilex's RFC 2396 grammar (`urilex::rfc2396::parse`): the same driver on the tables of
/// `tables/rfc2396.dfa`, plus the server/reg_name split of the authority.
pub struct UrilexRfc2396;

impl Parse for UrilexRfc2396 {
    const NAME: &'static str = "urilex-rfc2396";
    #[inline]
    fn parse(s: &str) -> bool {
        match urilex::rfc2396::parse(s) {
            Ok(u) => {
                black_box(&u);
                true
            }
            Err(_) => false,
        }
    }
    #[inline]
    fn host_path(s: &str) -> bool {
        match urilex::rfc2396::parse(s) {
            Ok(u) => {
                black_box(u.host());
                black_box(u.path());
                true
            }
            Err(_) => false,
        }
    }
}

impl Parse for Http {
    const NAME: &'static str = "http";
    #[inline]
    fn parse(s: &str) -> bool {
        match http::Uri::try_from(s) {
            Ok(u) => {
                black_box(&u);
                true
            }
            Err(_) => false,
        }
    }
    #[inline]
    fn host_path(s: &str) -> bool {
        match http::Uri::try_from(s) {
            Ok(u) => {
                black_box(u.host());
                black_box(u.path());
                true
            }
            Err(_) => false,
        }
    }
}

impl Parse for Ada {
    const NAME: &'static str = "ada-url";
    #[inline]
    fn parse(s: &str) -> bool {
        match ada_url::Url::parse(s, None) {
            Ok(u) => {
                black_box(&u);
                true
            }
            Err(_) => false,
        }
    }
    #[inline]
    fn host_path(s: &str) -> bool {
        match ada_url::Url::parse(s, None) {
            Ok(u) => {
                black_box(u.hostname());
                black_box(u.pathname());
                true
            }
            Err(_) => false,
        }
    }
}

impl Parse for Uriparse {
    const NAME: &'static str = "uriparse";
    #[inline]
    fn parse(s: &str) -> bool {
        match uriparse::URIReference::try_from(s) {
            Ok(u) => {
                black_box(&u);
                true
            }
            Err(_) => false,
        }
    }
    #[inline]
    fn host_path(s: &str) -> bool {
        match uriparse::URIReference::try_from(s) {
            Ok(u) => {
                black_box(u.host());
                black_box(u.path());
                true
            }
            Err(_) => false,
        }
    }
}

impl Resolve for Urilex {
    const NAME: &'static str = "urilex";
    type Base = urilex::Base<'static>;
    /// Any URI with a scheme is a base; a base fragment is ignored (§5.1). `Base::new` does,
    /// once, the checks and scans of the base that every resolution needs: the prepared
    /// form of a parsed base, as peers keep theirs.
    fn base(s: &'static str) -> Option<Self::Base> {
        urilex::UriRef::parse_uri(s)
            .ok()
            .and_then(|b| urilex::Base::new(b).ok())
    }
    /// `resolve_str_into` parses the reference (validating it, as every peer here does) and
    /// writes the target URI straight into the reused buffer, in one step: the same text as
    /// `resolve`'s span view written with `append_to`, without building a `UriRef` for the
    /// common links or the view for any.
    #[inline]
    fn resolve(base: &Self::Base, reference: &str, buf: &mut String) -> bool {
        base.resolve_str_into(reference, buf).is_ok()
    }
}

impl Resolve for FluentUri {
    const NAME: &'static str = "fluent-uri";
    type Base = fluent_uri::Uri<&'static str>;
    fn base(s: &'static str) -> Option<Self::Base> {
        fluent_uri::Uri::parse(s).ok()
    }
    /// fluent-uri returns a fresh `Uri<String>`; it is copied into the buffer.
    #[inline]
    fn resolve(base: &Self::Base, reference: &str, buf: &mut String) -> bool {
        match fluent_uri::UriRef::parse(reference) {
            Ok(r) => match r.resolve_against(base) {
                Ok(t) => {
                    buf.push_str(t.as_str());
                    true
                }
                Err(_) => false,
            },
            Err(_) => false,
        }
    }
}

impl Resolve for Oxiri {
    const NAME: &'static str = "oxiri";
    type Base = oxiri::Iri<&'static str>;
    fn base(s: &'static str) -> Option<Self::Base> {
        oxiri::Iri::parse(s).ok()
    }
    /// oxiri writes straight into the buffer (`resolve_into`), validating the reference.
    #[inline]
    fn resolve(base: &Self::Base, reference: &str, buf: &mut String) -> bool {
        match oxiri::IriRef::parse(reference) {
            Ok(r) => base.resolve_into(&r, buf).is_ok(),
            Err(_) => false,
        }
    }
}

impl Resolve for IriString {
    const NAME: &'static str = "iri-string";
    type Base = &'static iri_string::types::UriAbsoluteStr;
    /// iri-string resolves against an absolute URI (no fragment); §5.1 says a base fragment is
    /// ignored, so the fragment is dropped here, as urilex does internally.
    fn base(s: &'static str) -> Option<Self::Base> {
        iri_string::types::UriStr::new(s)
            .ok()
            .map(|u| u.to_absolute())
    }
    /// `resolve_against` is a lazy `Display` view, written into the buffer.
    #[inline]
    fn resolve(base: &Self::Base, reference: &str, buf: &mut String) -> bool {
        match iri_string::types::UriReferenceStr::new(reference) {
            Ok(r) => write!(buf, "{}", r.resolve_against(base)).is_ok(),
            Err(_) => false,
        }
    }
}

impl Resolve for Url {
    const NAME: &'static str = "url";
    type Base = url::Url;
    fn base(s: &'static str) -> Option<Self::Base> {
        url::Url::parse(s).ok()
    }
    /// WHATWG `join` (also normalizes); the new `Url` is copied into the buffer.
    #[inline]
    fn resolve(base: &Self::Base, reference: &str, buf: &mut String) -> bool {
        match base.join(reference) {
            Ok(t) => {
                buf.push_str(t.as_str());
                true
            }
            Err(_) => false,
        }
    }
}

impl Resolve for Ada {
    const NAME: &'static str = "ada-url";
    /// ada's Rust API takes the base as a string and parses it on every call.
    type Base = &'static str;
    fn base(s: &'static str) -> Option<Self::Base> {
        ada_url::Url::can_parse(s, None).then_some(s)
    }
    #[inline]
    fn resolve(base: &Self::Base, reference: &str, buf: &mut String) -> bool {
        match ada_url::Url::parse(reference, Some(base)) {
            Ok(t) => {
                buf.push_str(t.href());
                true
            }
            Err(_) => false,
        }
    }
}

impl Resolve for Uriparse {
    const NAME: &'static str = "uriparse";
    type Base = uriparse::URI<'static>;
    fn base(s: &'static str) -> Option<Self::Base> {
        uriparse::URI::try_from(s).ok()
    }
    /// `URI::resolve` builds a new owned `URI`; it is written into the buffer with `Display`.
    #[inline]
    fn resolve(base: &Self::Base, reference: &str, buf: &mut String) -> bool {
        match uriparse::URIReference::try_from(reference) {
            Ok(r) => write!(buf, "{}", base.resolve(&r)).is_ok(),
            Err(_) => false,
        }
    }
}

impl Normalize for Urilex {
    const NAME: &'static str = "urilex";
    /// `normalized()`: RFC 3986 §6.2.2 (the default level), a `Display` view written into the
    /// buffer without an intermediate allocation.
    #[inline]
    fn normalize(s: &str, buf: &mut String) -> bool {
        match urilex::UriRef::parse(s) {
            Ok(u) => write!(buf, "{}", u.normalized()).is_ok(),
            Err(_) => false,
        }
    }
}

impl Normalize for FluentUri {
    const NAME: &'static str = "fluent-uri";
    /// RFC 3986 §6.2.2 + default port; returns a fresh `UriRef<String>`, copied into the buffer.
    #[inline]
    fn normalize(s: &str, buf: &mut String) -> bool {
        match fluent_uri::UriRef::parse(s) {
            Ok(u) => {
                buf.push_str(u.normalize().as_str());
                true
            }
            Err(_) => false,
        }
    }
}

impl Normalize for IriString {
    const NAME: &'static str = "iri-string";
    /// Normalization needs a URI with a scheme (`UriStr`); the result is a `Display` view.
    #[inline]
    fn normalize(s: &str, buf: &mut String) -> bool {
        match iri_string::types::UriStr::new(s) {
            Ok(u) => write!(buf, "{}", u.normalize()).is_ok(),
            Err(_) => false,
        }
    }
}

impl Normalize for Url {
    const NAME: &'static str = "url";
    /// WHATWG parsing is normalization (a different, browser-oriented one); serialization copied.
    #[inline]
    fn normalize(s: &str, buf: &mut String) -> bool {
        match url::Url::parse(s) {
            Ok(u) => {
                buf.push_str(u.as_str());
                true
            }
            Err(_) => false,
        }
    }
}

impl Normalize for Ada {
    const NAME: &'static str = "ada-url";
    /// As for `url`: WHATWG parsing normalizes; `href` copied.
    #[inline]
    fn normalize(s: &str, buf: &mut String) -> bool {
        match ada_url::Url::parse(s, None) {
            Ok(u) => {
                buf.push_str(u.href());
                true
            }
            Err(_) => false,
        }
    }
}

impl Normalize for Uriparse {
    const NAME: &'static str = "uriparse";
    /// `normalize` mutates the parsed reference in place; written out with `Display`.
    #[inline]
    fn normalize(s: &str, buf: &mut String) -> bool {
        match uriparse::URIReference::try_from(s) {
            Ok(mut u) => {
                u.normalize();
                write!(buf, "{u}").is_ok()
            }
            Err(_) => false,
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Peer lists. Each macro calls `$m!(Type)` once per peer implementing the operation, so both
// harnesses enumerate exactly the same peers in the same order.

/// Peers that parse.
#[macro_export]
macro_rules! for_each_parser {
    ($m:ident) => {
        $m!(Urilex);
        $m!(FluentUri);
        $m!(Oxiri);
        $m!(IriString);
        $m!(Url);
        $m!(Http);
        $m!(UrilexTarget);
        $m!(UrilexRfc2396);
        $m!(Ada);
        $m!(Uriparse);
    };
}

/// Peers that resolve.
#[macro_export]
macro_rules! for_each_resolver {
    ($m:ident) => {
        $m!(Urilex);
        $m!(FluentUri);
        $m!(Oxiri);
        $m!(IriString);
        $m!(Url);
        $m!(Ada);
        $m!(Uriparse);
    };
}

/// Peers that normalize.
#[macro_export]
macro_rules! for_each_normalizer {
    ($m:ident) => {
        $m!(Urilex);
        $m!(FluentUri);
        $m!(IriString);
        $m!(Url);
        $m!(Ada);
        $m!(Uriparse);
    };
}
