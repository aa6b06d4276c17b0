//! The keys crawlers and web archives file URLs under (feature `canon`): SURT, Google Safe
//! Browsing's canonical form, and the registrable domain and public suffix of a host by the
//! Public Suffix List.
//!
//! Each key is defined by its reference implementation, not by a grammar: the point of a key
//! is to equal the keys already in the indexes built with that reference (the Wayback
//! Machine's and Common Crawl's CDX files, block lists, crawl frontiers). Where a reference has
//! a quirk, the key has it too, and the function's documentation says so. Like their
//! references, the keys take almost any text: a string with spaces, `|` or no scheme still
//! gets a key.
//!
//! ```
//! use urilex::canon;
//! assert_eq!(canon::surt("http://www.archive.org/goo/?a=2&b&a=1")?, "org,archive)/goo?a=1&a=2&b");
//! assert_eq!(canon::safe_browsing("http://www.GOOgle.com/a/../b#frag")?, "http://www.google.com/b");
//! assert_eq!(canon::registrable_domain("www.example.co.uk").as_deref(), Some("example.co.uk"));
//! assert_eq!(canon::public_suffix("www.example.co.uk").as_deref(), Some("co.uk"));
//! # Ok::<(), urilex::Error>(())
//! ```

use alloc::string::String;

pub use crate::vocab::error::{CanonError, CanonErrorKind};
use crate::Error;

mod escape;
mod fast;
mod google;
mod handy;
mod holds;
mod ia;
mod psl;

/// Which canonicalization runs before a SURT is written (the `surt` package's
/// `canonicalizer` argument).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Canonicalizer {
    /// The package's default (`DefaultIAURLCanonicalizer`): Google's steps, then the Internet
    /// Archive's (lowercase path and query, `www.` and the default port dropped, session ids
    /// removed, query arguments sorted). The keys of the Wayback Machine and Common Crawl.
    #[default]
    Ia,
    /// Google's steps alone (`GoogleURLCanonicalizer`): decode and escape, the host to ASCII
    /// and IPv4 to dotted decimal, the path resolved, the fragment dropped.
    Google,
    /// None: the text as the package's parser took it apart (userinfo is dropped even so).
    None,
}

/// The options of a SURT: the `surt` package's keyword arguments. [`Default`] is the package's
/// defaults, which [`surt`] uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SurtOptions {
    /// Write the scheme in front: `http://(org,archive,)/` (`with_scheme`; default off).
    pub include_scheme: bool,
    /// A `,` after the host's last label: `org,archive,)/` (default off).
    pub trailing_comma: bool,
    /// Drop a leading `www.` (or `www2.`, ...) from the host (default on; only with
    /// [`Canonicalizer::Ia`]).
    pub host_massage: bool,
    /// Reverse a dotted-quad IPv4 address like a domain (default on, as in the package).
    pub reverse_ipaddr: bool,
    /// The canonicalization before (default [`Canonicalizer::Ia`]).
    pub canonicalizer: Canonicalizer,
}

impl Default for SurtOptions {
    fn default() -> Self {
        SurtOptions {
            include_scheme: false,
            trailing_comma: false,
            host_massage: true,
            reverse_ipaddr: true,
            canonicalizer: Canonicalizer::Ia,
        }
    }
}

/// The SURT (Sort-friendly URI Reordering Transform) of `url`, as the Internet Archive's
/// `surt` package (0.3.1) computes it with its defaults: the key of every CDX index.
///
/// The host's labels are reversed and closed with `)`, so that a sorted index keeps a site,
/// and its subdomains, together; the URL is canonicalized first ([`Canonicalizer::Ia`]).
///
/// ```
/// use urilex::canon::surt;
/// assert_eq!(surt("http://www.archive.org/goo/?a=2&b&a=1")?, "org,archive)/goo?a=1&a=2&b");
/// assert_eq!(surt("https://Example.COM:443/A/B/?Q=1#top")?, "com,example)/a/b?q=1");
/// assert_eq!(surt("archive.org/index.html")?, "org,archive)/index.html");
/// assert_eq!(surt("http://[::1]:8080/")?, "::1:8080)/");
/// # Ok::<(), urilex::Error>(())
/// ```
///
/// The reference's choices, kept: a text without a scheme is `http://`; userinfo and the
/// fragment are dropped; the host is decoded, put to ASCII, its dot runs halved (`a...b` is
/// `a..b`) and a numeric host read as an IPv4 address (`3279880203` is `195.127.0.11`); an
/// IPv6 literal loses its brackets; path and query are decoded until nothing is left to
/// decode and escaped again (controls, space, `#`, `%` and non-ASCII); path and query are
/// lowercased; a path ending in `/` loses it. The empty text is `-` and a text starting
/// `filedesc` is its own key, as in the reference.
///
/// Differences from the reference, both where it depends on the machine: a host that is not
/// ASCII goes to ASCII by UTS #46 where Python's codec applies IDNA 2003 (they differ on `ß`,
/// `ς`, joiners and newer code points); a numeric host `inet_aton` refuses (`1.2.3.999`) stays
/// a name where the reference asks the DNS, which has no such name.
///
/// # Errors
/// [`CanonErrorKind::PortNotANumber`] and [`CanonErrorKind::InvalidPort`] (the reference
/// raises on them too), [`CanonErrorKind::Empty`] for a text of whitespace alone.
pub fn surt(url: &str) -> Result<String, Error> {
    surt_with(url, &SurtOptions::default())
}

/// The SURT of `url` with the `surt` package's options.
///
/// ```
/// use urilex::canon::{surt_with, Canonicalizer, SurtOptions};
/// let options = SurtOptions { include_scheme: true, trailing_comma: true, ..SurtOptions::default() };
/// assert_eq!(surt_with("http://www.archive.org/", &options)?, "http://(org,archive,)/");
/// let options = SurtOptions { host_massage: false, ..SurtOptions::default() };
/// assert_eq!(surt_with("http://www.archive.org/", &options)?, "org,archive,www)/");
/// let options = SurtOptions { canonicalizer: Canonicalizer::None, ..SurtOptions::default() };
/// assert_eq!(surt_with("http://www.archive.org/A?b#c", &options)?, "org,archive,www)/A?b#c");
/// # Ok::<(), urilex::Error>(())
/// ```
///
/// # Errors
/// As [`surt`].
pub fn surt_with(url: &str, options: &SurtOptions) -> Result<String, Error> {
    let mut out = String::with_capacity(url.len() + 8);
    surt_into(url, options, &mut out)?;
    Ok(out)
}

/// The SURT of `url` appended to `out`, without an allocation of its own: for keys in bulk,
/// into one reused buffer. On an error `out` is as it was.
///
/// ```
/// use urilex::canon::{surt_into, SurtOptions};
/// let mut keys = String::new();
/// for url in ["http://b.example/x", "https://www.a.example/"] {
///     surt_into(url, &SurtOptions::default(), &mut keys)?;
///     keys.push('\n');
/// }
/// assert_eq!(keys, "example,b)/x\nexample,a)/\n");
/// # Ok::<(), urilex::Error>(())
/// ```
///
/// # Errors
/// As [`surt`].
pub fn surt_into(url: &str, options: &SurtOptions, out: &mut String) -> Result<(), Error> {
    if options.canonicalizer == Canonicalizer::Ia && fast::surt(url, options, out) {
        return Ok(());
    }
    general(url, options, out)
}

/// [`surt_into`] by the general steps alone, without the one-pass shortcut for the common
/// shape of URL: for the fuzz target that compares the two. Not part of the API.
#[doc(hidden)]
pub fn surt_into_without_shortcut(
    url: &str,
    options: &SurtOptions,
    out: &mut String,
) -> Result<(), Error> {
    general(url, options, out)
}

/// [`surt_into`] by the reference's steps, for any text.
fn general(url: &str, options: &SurtOptions, out: &mut String) -> Result<(), Error> {
    if url.is_empty() {
        out.push('-');
        return Ok(());
    }
    if url.starts_with("filedesc") {
        out.push_str(url);
        return Ok(());
    }
    let prepared = handy::prepare(url);
    let mut record = handy::HandyUrl::parse(url, &prepared)?;
    match options.canonicalizer {
        Canonicalizer::Ia => {
            google::canonicalize_for_surt(&mut record);
            ia::canonicalize(&mut record, options.host_massage);
        }
        Canonicalizer::Google => google::canonicalize_for_surt(&mut record),
        Canonicalizer::None => {}
    }
    record.write_surt(&prepared.text, options, out);
    Ok(())
}

/// Google Safe Browsing's canonical form of `url` ("URLs and Hashing", Safe Browsing API
/// v4): the form in which URLs are hashed and looked up in its block lists.
///
/// ```
/// use urilex::canon::safe_browsing;
/// assert_eq!(safe_browsing("http://host/%25%32%35")?, "http://host/%25");
/// assert_eq!(safe_browsing("http://3279880203/blah")?, "http://195.127.0.11/blah");
/// assert_eq!(safe_browsing("www.google.com")?, "http://www.google.com/");
/// assert_eq!(safe_browsing("http://www.gotaport.com:1234/")?, "http://www.gotaport.com/");
/// assert_eq!(safe_browsing("http://host.com//twoslashes?more//slashes")?,
///            "http://host.com/twoslashes?more//slashes");
/// # Ok::<(), urilex::Error>(())
/// ```
///
/// The published steps: tabs, CR and LF removed, whitespace at the ends and the fragment
/// dropped; `http://` added where there is no scheme; the whole URL decoded until nothing is
/// left to decode and escaped once (controls, space, `#`, `%`, non-ASCII), so that an escaped
/// delimiter delimits (`%3F` starts the query, as in Google's own client); the host put to
/// ASCII (UTS #46), lowercased, its dots trimmed and runs of dots made one, and an IPv4
/// address in any notation (`0x7f.1`, `017.0.0.1`, `2130706433`, by the URL Standard's IPv4
/// parser) written as four decimals; userinfo and port dropped; the path's `.` and `..`
/// resolved and runs of `/` made one; the query kept apart from the path's rules. A key is a
/// fixed point: the key of a key is the same key.
///
/// Google's published examples (`tests/canon.rs`) pass, but one that a Rust string cannot
/// hold (a lone byte 0x80).
///
/// # Errors
/// [`CanonErrorKind::Empty`] for whitespace alone, [`CanonErrorKind::NoHost`] for a URL
/// without a host (`http:///a`). A scheme that is not special and has no `//` after it is
/// read as a host and port (`mailto:x` as `http://mailto:x`, like `example.com:8080`).
pub fn safe_browsing(url: &str) -> Result<String, Error> {
    Ok(google::safe_browsing(url)?)
}

/// The registrable domain of `host` (its public suffix and one label more, "eTLD+1") by the
/// Public Suffix List, ICANN and private sections both, as the list's own tests define it.
///
/// ```
/// use urilex::canon::registrable_domain;
/// assert_eq!(registrable_domain("www.example.co.uk").as_deref(), Some("example.co.uk"));
/// assert_eq!(registrable_domain("WwW.Example.COM").as_deref(), Some("example.com"));
/// assert_eq!(registrable_domain("co.uk"), None); // a public suffix itself
/// assert_eq!(registrable_domain("a.b.example.example").as_deref(), Some("example.example")); // rule "*"
/// assert_eq!(registrable_domain("www.食狮.公司.cn").as_deref(), Some("食狮.公司.cn"));
/// assert_eq!(registrable_domain("192.0.2.1"), None);
/// ```
///
/// The host is lowercased (ASCII) and a trailing dot dropped; a Unicode host is looked up by
/// its A-labels and answered in its own spelling. `None` for a public suffix itself, an empty
/// label (`.example.com`), and an IP address. An unlisted top-level domain is its own suffix
/// (the list's rule `*`), where `tldextract` answers nothing.
///
/// The list is the one compiled into the `psl` crate this build uses (2.1.247 or later, which
/// is updated as the list changes): `cargo update -p psl` takes the newest.
pub fn registrable_domain(host: &str) -> Option<String> {
    psl::registrable_domain(host)
}

/// The public suffix of `host` by the Public Suffix List: the part under which anyone can
/// register a name (`com`, `co.uk`, `github.io`).
///
/// ```
/// use urilex::canon::public_suffix;
/// assert_eq!(public_suffix("www.example.co.uk").as_deref(), Some("co.uk"));
/// assert_eq!(public_suffix("user.github.io").as_deref(), Some("github.io"));
/// assert_eq!(public_suffix("example.example").as_deref(), Some("example")); // rule "*"
/// assert_eq!(public_suffix(".com"), None);
/// ```
///
/// As [`registrable_domain`] reads the host.
pub fn public_suffix(host: &str) -> Option<String> {
    psl::public_suffix(host)
}
