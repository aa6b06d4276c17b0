//! Reference resolution (RFC 3986 §5.2–5.3) on spans: the result borrows the base and the
//! reference and is written out on demand, without allocating.

use core::fmt;

#[cfg(feature = "alloc")]
use crate::driver::parse::FromLayout;
use crate::ops::dot_segments::{self, has_dot_segment, has_slash_dot, Dots, Joined, MergeHead};
#[cfg(feature = "alloc")]
use crate::ParseError;
use crate::{Component, ResolveError, UriRef};

/// How a [`Resolver`] reads references.
///
/// ```
/// use urilex::{Mode, Resolver, UriRef};
/// let base = UriRef::parse("http://a/b/c/d;p?q")?;
/// let r = UriRef::parse("http:g")?;
/// assert_eq!(Resolver::new(Mode::Strict).resolve(&r, &base)?.to_string(), "http:g");
/// assert_eq!(Resolver::new(Mode::NonStrict).resolve(&r, &base)?.to_string(), "http://a/b/c/g");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Mode {
    /// RFC 3986 §5.2 as written (the default).
    #[default]
    Strict,
    /// RFC 3986 §5.2.2 "non-strict": a reference whose scheme equals the base's (compared
    /// case-insensitively, §3.1) is read as if it had no scheme (`http:g` → `http://a/b/c/g`).
    NonStrict,
    /// The algorithm of RFC 2396 §5.2, with the results of its Appendix C: the query of the
    /// base is never inherited (`?y` → `http://a/b/c/?y`), the empty reference (with or
    /// without a fragment) is the base document, absolute paths and references with a scheme
    /// or an authority are taken as they are (`/./g` → `http://a/./g`), and unmatched ".."
    /// are kept (`../../../g` → `http://a/../g`). One departure: a base with an authority and
    /// an empty path merges as "/" (RFC 3986 §5.2.3) rather than as "" (which would glue the
    /// reference to the host: `http://ag`).
    Rfc2396,
}

/// Resolves references against base URIs in a chosen [`Mode`].
///
/// ```
/// use urilex::{Mode, Resolver, UriRef};
/// let base = UriRef::parse("http://a/b/c/d;p?q")?;
/// let resolver = Resolver::new(Mode::Rfc2396);
/// let out = resolver.resolve(&UriRef::parse("../../../g")?, &base)?;
/// assert_eq!(out.to_string(), "http://a/../g");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Resolver {
    mode: Mode,
}

/// Where a component of the result comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Src {
    Base,
    Ref,
}

/// How the path is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum PathKind {
    /// `head ++ tail`, as they are.
    Concat,
    /// `head ++ tail` with dot-segments removed.
    Dots(Dots),
}

/// The result of resolving a reference against a base (RFC 3986 §5.2): a view that borrows
/// both and writes the target URI when displayed.
///
/// `'b` is the base's lifetime and `'r` the reference's. The accessors are those of
/// [`UriRef`] and return the raw text of the base or of the reference; the path is the kept
/// prefix of the base path followed by the reference path, with dot-segments removed, so it
/// is a [`ResolvedPath`] view rather than a `&str` (and there is no `as_str`, `span` or
/// `segments`: write the result, e.g. with [`append_to`](Self::append_to), and parse it if
/// you need those).
///
/// When the result has no authority and its path starts with "//", the written text has "/."
/// before the path, so that it re-parses with that path instead of an authority (the path
/// `//x` is written `/.//x`, equivalent after §6.2.2.3). [`path`](Self::path) includes this
/// prefix, so it is always the path that the written text parses to.
///
/// ```
/// use urilex::UriRef;
/// let base = UriRef::parse("http://user@a/b/c/d;p?q#frag")?;
/// let out = UriRef::parse("../g?y#s")?.resolve(&base)?;
/// assert_eq!(out.scheme(), Some("http"));
/// assert_eq!(out.host(), Some("a"));
/// assert_eq!(out.userinfo(), Some("user"));
/// assert_eq!(out.path().to_string(), "/b/g");
/// assert_eq!(out.query(), Some("y"));
/// assert_eq!(out.fragment(), Some("s"));
/// assert_eq!(out.to_string(), "http://user@a/b/g?y#s");
/// assert_eq!(out.len(), "http://user@a/b/g?y#s".len());
///
/// // Reuse one buffer for many results: nothing is allocated once it is large enough.
/// let mut buf = String::new();
/// out.append_to(&mut buf);
/// assert_eq!(buf, "http://user@a/b/g?y#s");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy)]
pub struct Resolved<'b, 'r> {
    base: UriRef<'b>,
    reference: UriRef<'r>,
    scheme: Src,
    authority: Option<Src>,
    query: Option<Src>,
    head: &'b str,
    tail: &'r str,
    kind: PathKind,
    /// `Some((a, b))` when the written URI is `a ++ b`, a prefix of the base's text and a
    /// suffix of the reference's (the common case, e.g. `http://a/b/` + `c?d`): set by the
    /// resolver, which knows where each piece comes from, so that writing it is two copies.
    split: Option<(&'b str, &'r str)>,
}

/// `s` from byte `i` on. A relative reference's path starts its text, so `i` is usually 0
/// and the char-boundary check of slicing is skipped.
#[inline(always)]
fn text_from(s: &str, i: usize) -> &str {
    if i == 0 {
        s
    } else {
        s.get(i..).unwrap_or_default()
    }
}

/// The leading "./", "../", "." and ".." segments of a relative path: how many bytes they
/// take and how many ".." they hold (each removes a segment of the merge head: §5.2.4 rule A
/// after the merge, or C on "/../").
#[inline(always)]
fn leading_dots(b: &[u8]) -> (usize, usize) {
    let mut i = 0;
    let mut pops = 0usize;
    // Three bytes at a time while there are three: one load of a fixed size, no subslice.
    while let Some(&[x, y, z]) = b.get(i..).and_then(<[u8]>::first_chunk::<3>) {
        match (x, y, z) {
            (b'.', b'/', _) => i += 2,
            (b'.', b'.', b'/') => {
                i += 3;
                pops += 1;
            }
            _ => return (i, pops),
        }
    }
    match b.get(i..) {
        Some(b"." | b"./") => (b.len(), pops),
        Some(b"..") => (b.len(), pops + 1),
        _ => (i, pops),
    }
}

/// Byte offset of `part` in `whole`, by address (`part` is a subslice of `whole`).
#[inline(always)]
fn offset(part: &str, whole: &str) -> usize {
    (part.as_ptr() as usize).wrapping_sub(whole.as_ptr() as usize)
}

/// The path of a [`Resolved`]: the kept part of the base path followed by the reference path,
/// with dot-segments removed. It cannot always be one `&str` (it may join text of the base
/// and of the reference), so it is a view: it implements `Display`, knows its exact length,
/// and [`as_str`](Self::as_str) gives it as one slice when it is one.
///
/// It is the path of the written URI: when the result has no authority and this path would
/// start with "//", it starts with "/." before it (`/.//x`), as in the written text (see
/// [`Resolved`]); its length and writers count that prefix.
///
/// ```
/// use urilex::UriRef;
/// let base = UriRef::parse("foo:/a")?;
/// let out = UriRef::parse("/..//x")?.resolve(&base)?;
/// assert_eq!(out.to_string(), "foo:/.//x");
/// assert_eq!(out.path().to_string(), "/.//x");
/// assert_eq!(out.path().len(), 5);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// ```
/// use urilex::UriRef;
/// let base = UriRef::parse("http://a/b/c/d")?;
/// let reference = UriRef::parse("../g")?;
/// let out = reference.resolve(&base)?;
/// let path = out.path();
/// assert_eq!(path.to_string(), "/b/g");
/// assert_eq!(path.len(), 4);
/// assert_eq!(path.as_str(), None); // "/b/" from the base, "g" from the reference
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct ResolvedPath<'a> {
    head: &'a str,
    tail: &'a str,
    kind: PathKind,
    /// No authority precedes the path: if it starts with "//", "/." is put before it.
    bare: bool,
}

impl Resolver {
    /// A resolver for `mode`.
    ///
    /// ```
    /// use urilex::{Mode, Resolver};
    /// assert_eq!(Resolver::new(Mode::Strict), Resolver::default());
    /// ```
    pub const fn new(mode: Mode) -> Self {
        Resolver { mode }
    }

    /// The mode this resolver uses.
    ///
    /// ```
    /// use urilex::{Mode, Resolver};
    /// assert_eq!(Resolver::default().mode(), Mode::Strict);
    /// ```
    pub const fn mode(&self) -> Mode {
        self.mode
    }

    /// Resolves `reference` against `base` (RFC 3986 §5.2.2, or RFC 2396 §5.2 in
    /// [`Mode::Rfc2396`]). The base's fragment is ignored (§5.1); a base without a scheme is
    /// an error. Time is linear in the two paths; nothing is allocated.
    ///
    /// ```
    /// use urilex::{Resolver, UriRef};
    /// let base = UriRef::parse("foo:a/b")?;
    /// let out = Resolver::default().resolve(&UriRef::parse("../c")?, &base)?;
    /// assert_eq!(out.to_string(), "foo:/c"); // §5.2.4 as written, for a rootless base
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn resolve<'b, 'r>(
        &self,
        reference: &UriRef<'r>,
        base: &UriRef<'b>,
    ) -> Result<Resolved<'b, 'r>, ResolveError> {
        if base.layout().scheme_end == 0 {
            return Err(ResolveError::BaseWithoutScheme);
        }
        // One resolution: the base is read as the reference needs it, and prepared only for
        // the general code.
        match self.plan::<false>(reference, &Unprepared(base)) {
            Some(plan) => Ok(plan.resolved(*base, *reference)),
            None => self.resolve_unprepared(reference, base),
        }
    }

    /// [`resolve`](Self::resolve) for the references that [`plan`](Self::plan) leaves: the
    /// base prepared, then the general code.
    #[inline(never)]
    fn resolve_unprepared<'b, 'r>(
        &self,
        reference: &UriRef<'r>,
        base: &UriRef<'b>,
    ) -> Result<Resolved<'b, 'r>, ResolveError> {
        Ok(self.resolve_general(reference, &Base::new(*base)?))
    }

    /// Resolves `reference` against a prepared [`Base`]: as [`resolve`](Self::resolve), but
    /// the base's own checks and scans were done once, in [`Base::new`], and nothing can fail.
    ///
    /// ```
    /// use urilex::{Base, Mode, Resolver, UriRef};
    /// let page = Base::new(UriRef::parse("http://a/b/c/d;p?q")?)?;
    /// let resolver = Resolver::new(Mode::Rfc2396);
    /// assert_eq!(resolver.resolve_base(&UriRef::parse("?y")?, &page).to_string(), "http://a/b/c/?y");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline(always)]
    pub fn resolve_base<'b, 'r>(
        &self,
        reference: &UriRef<'r>,
        base: &Base<'b>,
    ) -> Resolved<'b, 'r> {
        match self.plan::<false>(reference, base) {
            Some(plan) => plan.resolved(base.uri, *reference),
            None => self.resolve_general(reference, base),
        }
    }

    /// Resolves `reference` against a prepared [`Base`] and appends the target URI to `out`:
    /// the same text as `self.resolve_base(reference, base).append_to(out)`, without building
    /// the [`Resolved`] view (see [`Base::resolve_into`]). Nothing is allocated once `out` has
    /// room for the result plus the reference path.
    ///
    /// ```
    /// use urilex::{Base, Mode, Resolver, UriRef};
    /// let page = Base::new(UriRef::parse("http://a/b/c/d;p?q")?)?;
    /// let mut out = String::new();
    /// Resolver::new(Mode::Rfc2396).resolve_base_into(&UriRef::parse("?y")?, &page, &mut out);
    /// assert_eq!(out, "http://a/b/c/?y");
    /// out.clear();
    /// Resolver::new(Mode::NonStrict).resolve_base_into(&UriRef::parse("http:g")?, &page, &mut out);
    /// assert_eq!(out, "http://a/b/c/g");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[cfg(feature = "alloc")]
    #[inline(always)]
    pub fn resolve_base_into(
        &self,
        reference: &UriRef<'_>,
        base: &Base<'_>,
        out: &mut alloc::string::String,
    ) {
        match self.plan::<true>(reference, base) {
            Some(plan) => plan.append_to(out),
            None => base.resolve_into_view(*self, reference, out),
        }
    }

    /// [`Base::plan`] in the two strict modes, which read a reference without a scheme alike
    /// (the only kind it plans); RFC 2396 differs there (`?y`), and goes the general way.
    #[inline(always)]
    fn plan<'b, 'r, const DOTS: bool>(
        &self,
        reference: &UriRef<'r>,
        base: &impl BaseParts<'b>,
    ) -> Option<Plan<'b, 'r>> {
        match self.mode {
            Mode::Rfc2396 => None,
            Mode::Strict | Mode::NonStrict => plan::<DOTS>(base, reference),
        }
    }

    /// [`resolve_base`](Self::resolve_base) in every mode and for every reference; the fast
    /// path above handles the common relative references of the strict modes.
    #[inline(never)]
    fn resolve_general<'b, 'r>(&self, reference: &UriRef<'r>, base: &Base<'b>) -> Resolved<'b, 'r> {
        let prepared = base;
        let base = prepared.uri;
        let base_scheme = base.scheme().unwrap_or_default(); // Base::new checked it
        let reference = *reference;
        let mut out = Resolved {
            base,
            reference,
            scheme: Src::Base,
            authority: base.has_authority().then_some(Src::Base),
            query: None,
            head: "",
            tail: "",
            kind: PathKind::Concat,
            split: None,
        };
        let r_scheme = match (self.mode, reference.scheme()) {
            (Mode::NonStrict, Some(s)) if s.eq_ignore_ascii_case(base_scheme) => None,
            (_, s) => s,
        };
        let r_path = reference.path();
        let r_path_end = offset(r_path, reference.as_str()) + r_path.len();
        let rfc2396 = self.mode == Mode::Rfc2396;
        if r_scheme.is_some() || reference.has_authority() {
            // §5.2.2: the reference's own scheme (if any), authority and path.
            if r_scheme.is_some() {
                out.scheme = Src::Ref;
            }
            let r_authority = reference.authority();
            out.authority = r_authority.map(|_| Src::Ref);
            out.query = reference.query().map(|_| Src::Ref);
            if rfc2396 {
                out.tail = r_path;
            } else {
                (out.kind, out.head, out.tail) = Resolved::dots(Dots::Rfc3986, "", false, r_path);
            }
            // The path unchanged: the reference from its scheme, or from its "//" after the
            // base's scheme. (No "/." is due: without an authority, a reference path cannot
            // start with "//".)
            if out.kind == PathKind::Concat && out.tail.len() == r_path.len() {
                out.split = match (out.scheme, r_authority) {
                    (Src::Ref, _) => Some(("", reference.as_str())),
                    (Src::Base, Some(a)) => Some((
                        prepared.through_scheme(),
                        text_from(
                            reference.as_str(),
                            offset(a, reference.as_str()).wrapping_sub(2),
                        ),
                    )),
                    (Src::Base, None) => None,
                };
            }
            return out;
        }
        if r_path.is_empty() && !(rfc2396 && reference.query().is_some()) {
            // §5.2.2: the base path as it is; the query of the reference, else the base's.
            // (RFC 2396 step 2: the same for a reference without a query; `?y` is merged as a
            // relative path by its step 6 instead.)
            out.head = base.path();
            // The base up to the end of its path or its query, then the reference's query
            // and fragment. (No "/." is due: without an authority, a parsed path cannot
            // start with "//".)
            let base_text = match reference.query() {
                Some(_) => {
                    out.query = Some(Src::Ref);
                    prepared.through_path()
                }
                None => {
                    out.query = base.query().map(|_| Src::Base);
                    prepared.through_query()
                }
            };
            out.split = Some((base_text, text_from(reference.as_str(), r_path_end)));
            return out;
        }
        out.query = reference.query().map(|_| Src::Ref);
        if r_path.starts_with('/') {
            // §5.2.2: an absolute path replaces the base's.
            if rfc2396 {
                out.head = "";
                out.tail = r_path;
            } else {
                (out.kind, out.head, out.tail) = Resolved::dots(Dots::Rfc3986, "", false, r_path);
            }
            out.split = out.concat_split(prepared, r_path_end);
            return out;
        }
        // §5.2.3 merge, with the head prepared by Base::new.
        let mode = if rfc2396 {
            Dots::Rfc2396
        } else {
            Dots::Rfc3986
        };
        (out.kind, out.head, out.tail) =
            Resolved::dots(mode, prepared.head(), prepared.head_dots(), r_path);
        out.split = out.concat_split(prepared, r_path_end);
        out
    }
}

/// A base URI prepared for resolving many references against it, as a crawler resolves every
/// link of a page against the page's URL.
///
/// [`Base::new`] checks once what every resolution needs of the base (a scheme, §5.2.1) and
/// scans its path once: the §5.2.3 merge head (the path up to its last `/`, or `/` for an
/// authority with an empty path), whether that head holds dot-segments, and the prefix of the
/// base's text through that head (where leading ".." of a reference cut the head back is
/// found for the references that start with them). Resolving against it then cannot fail
/// and costs only the reference's share of the work: for most references, a scan of the
/// reference path for dot-segments and two copies when the result is written. (For a base
/// that serves one reference, [`UriRef::join_into`] reads of it only what that reference
/// needs.) [`resolve`](Self::resolve) gives the result as a [`Resolved`] view; [`resolve_into`](Self::resolve_into) writes it straight
/// into a `String`; [`resolve_str_into`](Self::resolve_str_into) goes from the text of a
/// link to the text of its target in one step, the fastest way when only the text is wanted.
///
/// ```
/// use urilex::{Base, UriRef};
/// let page = Base::new(UriRef::parse("http://example.com/docs/intro.html")?)?;
/// let mut out = String::new(); // reused: no allocation once it is large enough
/// let mut resolved = Vec::new();
/// for link in ["guide.html", "../img/a.png", "#top", "//cdn.example.net/x.js"] {
///     out.clear();
///     page.resolve_into(&UriRef::parse(link)?, &mut out);
///     resolved.push(out.clone());
/// }
/// assert_eq!(resolved, [
///     "http://example.com/docs/guide.html",
///     "http://example.com/img/a.png",
///     "http://example.com/docs/intro.html#top",
///     "http://cdn.example.net/x.js",
/// ]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy)]
pub struct Base<'a> {
    uri: UriRef<'a>,
    /// The base path's §5.2.3 merge head: where it ends and whether it holds dot-segments;
    /// `None` for the "/" that §5.2.3 puts for an authority with an empty path. Numbers, not
    /// slices: the prefixes of the text that results start with are sliced off the parser's
    /// layout when a reference needs one (one slice per link costs the links less than
    /// slicing them all costs `Base::new`).
    head: Option<MergeHead>,
    /// The base's text through the merge head, and the head (see [`BaseParts::merge`]): the
    /// first piece of a merged result, which most links are, sliced once.
    merge: Option<(&'a str, &'a str)>,
}

impl<'r> crate::IriRef<'r> {
    /// Resolves this IRI reference against `base` (RFC 3987 §6.5: RFC 3986 §5.2 as written,
    /// strict), giving an IRI: a view that borrows both, as [`UriRef::resolve`] gives a URI.
    /// Its [`to_uri`](ResolvedIri::to_uri) is the URI a client requests.
    ///
    /// ```
    /// use urilex::IriRef;
    /// let base = IriRef::parse("https://es.wikipedia.org/wiki/Animal")?;
    /// let target = IriRef::parse("Ñandú?q=ü")?.resolve(&base)?;
    /// assert_eq!(target.to_string(), "https://es.wikipedia.org/wiki/Ñandú?q=ü");
    /// assert_eq!(target.host(), Some("es.wikipedia.org"));
    /// assert_eq!(target.to_uri().as_str(), "https://es.wikipedia.org/wiki/%C3%91and%C3%BA?q=%C3%BC");
    /// assert_eq!(target.to_normalized_string(), "https://es.wikipedia.org/wiki/Ñandú?q=ü");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn resolve<'b>(
        &self,
        base: &crate::IriRef<'b>,
    ) -> Result<ResolvedIri<'b, 'r>, ResolveError> {
        Resolver::default()
            .resolve(&self.spans(), &base.spans())
            .map(ResolvedIri)
    }
}

/// The target of an IRI reference resolved against an IRI base ([`IriRef::resolve`](crate::IriRef::resolve)):
/// an IRI, as a view that borrows both and writes itself (`Display`), with the components of
/// [`Resolved`]. [`to_uri`](Self::to_uri) maps it to the URI (RFC 3987 §3.1);
/// [`to_normalized_string`](Self::to_normalized_string) normalizes it as an IRI. `Debug` hides a
/// password.
#[derive(Clone, Copy)]
pub struct ResolvedIri<'b, 'r>(Resolved<'b, 'r>);

impl ResolvedIri<'_, '_> {
    /// The scheme.
    pub fn scheme(&self) -> Option<&str> {
        self.0.scheme()
    }

    /// The authority, without its `//`.
    pub fn authority(&self) -> Option<&str> {
        self.0.authority()
    }

    /// The userinfo, without its `@`.
    pub fn userinfo(&self) -> Option<&str> {
        self.0.userinfo()
    }

    /// The host, as written.
    pub fn host(&self) -> Option<&str> {
        self.0.host()
    }

    /// The port, without its `:`.
    pub fn port(&self) -> Option<&str> {
        self.0.port()
    }

    /// The path, as a view (it may join the base's path and the reference's).
    pub fn path(&self) -> ResolvedPath<'_> {
        self.0.path()
    }

    /// The query, without its `?`.
    pub fn query(&self) -> Option<&str> {
        self.0.query()
    }

    /// The fragment, without its `#`.
    pub fn fragment(&self) -> Option<&str> {
        self.0.fragment()
    }

    /// The exact length of the IRI this writes, in bytes.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether it writes nothing (never: a target has a scheme).
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Writes the IRI to `w`.
    pub fn write_to<W: fmt::Write + ?Sized>(&self, w: &mut W) -> fmt::Result {
        self.0.write_to(w)
    }

    /// Appends the IRI to `out`.
    #[cfg(feature = "alloc")]
    pub fn append_to(&self, out: &mut alloc::string::String) {
        self.0.append_to(out)
    }

    /// Appends the URI of the IRI (RFC 3987 §3.1: non-ASCII characters as percent-encoded
    /// UTF-8) to `out`, without allocating but `out`'s growth.
    #[cfg(feature = "alloc")]
    pub fn append_uri_to(&self, out: &mut alloc::string::String) {
        let _ = self
            .0
            .write_to(&mut crate::ops::iri_map::MapToUri(&mut *out));
    }

    /// The IRI, normalized (as [`IriRef::to_normalized_string`](crate::IriRef::to_normalized_string)).
    #[cfg(feature = "alloc")]
    pub fn to_normalized_string(&self) -> alloc::string::String {
        let mut text = alloc::string::String::with_capacity(self.len());
        self.append_to(&mut text);
        // The target of two IRI references is an IRI reference (resolution only joins their
        // parts; tests/no_panic.rs checks it on random pairs): were it not, it is returned as
        // written rather than normalized.
        match crate::IriRef::parse(&text) {
            Ok(iri) => iri.to_normalized_string(),
            Err(_) => text,
        }
    }
}

impl fmt::Display for ResolvedIri<'_, '_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.write_to(f)
    }
}

impl fmt::Debug for ResolvedIri<'_, '_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("ResolvedIri").field(&self.0).finish()
    }
}

/// The base URI (its password hidden, as [`UriRef`]'s `Debug` hides it); the prepared merge
/// head is its own text.
impl fmt::Debug for Base<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Base").field("uri", &self.uri).finish()
    }
}

impl<'a> Base<'a> {
    /// Prepares `uri` as a base: it must have a scheme (§5.2.1); its fragment is ignored (§5.1).
    ///
    /// ```
    /// use urilex::{Base, ResolveError, UriRef};
    /// assert_eq!(Base::new(UriRef::parse("/relative")?).unwrap_err(), ResolveError::BaseWithoutScheme);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    // Always inlined: with the merge head's "/" mask kept, LLVM stopped inlining it, and the
    // call, its result returned through memory, cost 13 instructions a base.
    #[inline(always)]
    pub fn new(uri: UriRef<'a>) -> Result<Self, ResolveError> {
        if uri.layout().scheme_end == 0 {
            return Err(ResolveError::BaseWithoutScheme);
        }
        let head = merge_head::<true>(&uri);
        Ok(Base {
            uri,
            head,
            merge: head.and_then(|h| merge_of(&uri, &h)),
        })
    }

    /// The §5.2.3 merge head as text: "/" for an authority with an empty path.
    #[inline(always)]
    fn head(&self) -> &'a str {
        match self.head {
            Some(h) => self.uri.path().get(..h.len()).unwrap_or_default(),
            None => "/",
        }
    }

    /// Whether the merge head has dot-segments (then the writers remove them).
    #[inline(always)]
    fn head_dots(&self) -> bool {
        self.head.is_some_and(|h| h.dots)
    }

    /// The base URI.
    pub fn uri(&self) -> UriRef<'a> {
        self.uri
    }

    /// Resolves `reference` against this base, strictly (RFC 3986 §5.2.2); see
    /// [`Resolver::resolve_base`] for the other modes.
    #[inline]
    pub fn resolve<'r>(&self, reference: &UriRef<'r>) -> Resolved<'a, 'r> {
        Resolver::default().resolve_base(reference, self)
    }

    /// Resolves `reference` against this base, strictly (RFC 3986 §5.2.2), and appends the
    /// target URI to `out`: the same text as `self.resolve(reference).append_to(out)`, but
    /// without building the [`Resolved`] view, which a crawler writing each link out does not
    /// need. Nothing is allocated once `out` has room for the result plus the reference path.
    /// See [`Resolver::resolve_base_into`] for the other modes.
    ///
    /// ```
    /// use urilex::{Base, UriRef};
    /// let page = Base::new(UriRef::parse("http://a/b/c/d;p?q")?)?;
    /// let mut out = String::new();
    /// for link in ["g", "../g", "?y", "#s", "/g", "//h/g", "g/./h/../i"] {
    ///     out.clear();
    ///     let r = UriRef::parse(link)?;
    ///     page.resolve_into(&r, &mut out);
    ///     assert_eq!(out, page.resolve(&r).to_string());
    /// }
    /// assert_eq!(out, "http://a/b/c/g/i");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[cfg(feature = "alloc")]
    #[inline(always)]
    pub fn resolve_into(&self, reference: &UriRef<'_>, out: &mut alloc::string::String) {
        Resolver::default().resolve_base_into(reference, self, out);
    }

    /// Parses `reference` as a URI reference (RFC 3986 §4.1), resolves it against this base,
    /// strictly, and appends the target URI to `out`: the same as
    /// `self.resolve_into(&UriRef::parse(reference)?, out)`, in one step. This is the fastest
    /// way from the text of a link to the text of its target: the common links (relative
    /// paths, absolute paths, queries and fragments without unusual bytes) are parsed by runs
    /// alone and never materialize a [`UriRef`].
    ///
    /// ```
    /// use urilex::{Base, ErrorKind, UriRef};
    /// let page = Base::new(UriRef::parse("http://example.com/docs/intro.html")?)?;
    /// let mut out = String::new();
    /// page.resolve_str_into("../img/a.png", &mut out)?;
    /// assert_eq!(out, "http://example.com/img/a.png");
    /// let err = page.resolve_str_into("a b", &mut out).unwrap_err();
    /// assert_eq!((err.kind(), err.index()), (ErrorKind::InvalidChar, 1));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[cfg(feature = "alloc")]
    #[inline(always)]
    pub fn resolve_str_into(
        &self,
        reference: &str,
        out: &mut alloc::string::String,
    ) -> Result<(), ParseError> {
        match append_planned::<false>(self, reference, out) {
            true => Ok(()),
            false => self.parse_resolve_into(reference, out),
        }
    }

    /// Parses `reference` as an IRI reference (RFC 3987 §2.2), resolves it against this base
    /// (§6.5: RFC 3986 §5.2 unchanged) and appends the target's URI (§3.1: non-ASCII
    /// characters as percent-encoded UTF-8) to `out`, in one step and with no allocation but
    /// `out`'s growth: the crawler's loop for pages whose links are IRIs (`/wiki/東京`). An
    /// ASCII reference against an ASCII base takes [`resolve_str_into`](Self::resolve_str_into)'s
    /// way. (Resolving
    /// first and mapping after, or mapping first, give the same URI: the mapping leaves every
    /// delimiter and dot alone.)
    ///
    /// ```
    /// use urilex::{Base, UriRef};
    /// let page = Base::new(UriRef::parse("https://ja.wikipedia.org/wiki/Main")?)?;
    /// let mut out = String::new();
    /// page.resolve_iri_str_into("東京?q=ü#é", &mut out)?;
    /// assert_eq!(out, "https://ja.wikipedia.org/wiki/%E6%9D%B1%E4%BA%AC?q=%C3%BC#%C3%A9");
    /// assert!(page.resolve_iri_str_into("a\u{202E}b", &mut out).is_err()); // RFC 3987 §4.1
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// An internationalized host is percent-encoded here, as §3.1 maps every character;
    /// [`resolve_iri_str_into_idna`](Self::resolve_iri_str_into_idna) writes it as the A-label
    /// that DNS, HTTP clients and browsers use.
    #[cfg(feature = "alloc")]
    pub fn resolve_iri_str_into(
        &self,
        reference: &str,
        out: &mut alloc::string::String,
    ) -> Result<(), ParseError> {
        // (A base is a URI, ASCII: an IRI page's base is its URI, `UriBuf::from_iri`.)
        if reference.is_ascii() {
            return self.resolve_str_into(reference, out);
        }
        self.resolve_iri_into(&crate::IriRef::parse(reference)?, out);
        Ok(())
    }

    /// Resolves a parsed IRI reference and appends the target's URI (§3.1) to `out`.
    #[cfg(feature = "alloc")]
    fn resolve_iri_into(&self, iri: &crate::IriRef<'_>, out: &mut alloc::string::String) {
        // Writing into a String cannot fail.
        let _ = self
            .resolve(&iri.spans())
            .write_to(&mut crate::ops::iri_map::MapToUri(&mut *out));
    }

    /// [`resolve_iri_str_into`](Self::resolve_iri_str_into) with the target's host, when it is
    /// internationalized, written as A-labels (UTS #46 through the `idna` crate, as
    /// [`IriRef::to_uri_idna`](crate::IriRef::to_uri_idna) writes it): the URI a crawler
    /// fetches. A target whose host is ASCII takes `resolve_iri_str_into`'s way and allocates
    /// nothing; one with an internationalized host allocates the IRI text once, and the
    /// A-label. An ASCII reference takes [`resolve_str_into`](Self::resolve_str_into)'s way.
    /// Feature `idna`.
    ///
    /// ```
    /// use urilex::{Base, UriRef};
    /// let page = Base::new(UriRef::parse("https://example.com/a/")?)?;
    /// let mut out = String::new();
    /// page.resolve_iri_str_into_idna("//例え.jp/パス", &mut out)?;
    /// assert_eq!(out, "https://xn--r8jz45g.jp/%E3%83%91%E3%82%B9");
    /// out.clear();
    /// page.resolve_iri_str_into_idna("東京", &mut out)?; // an ASCII host: as without idna
    /// assert_eq!(out, "https://example.com/a/%E6%9D%B1%E4%BA%AC");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[cfg(feature = "idna")]
    pub fn resolve_iri_str_into_idna(
        &self,
        reference: &str,
        out: &mut alloc::string::String,
    ) -> Result<(), ParseError> {
        if reference.is_ascii() {
            return self.resolve_str_into(reference, out);
        }
        let iri = crate::IriRef::parse(reference)?;
        // A base is a URI (ASCII): only a reference with its own authority (§5.2.2) brings an
        // internationalized host.
        if iri.host().map_or(true, str::is_ascii) {
            self.resolve_iri_into(&iri, out);
            return Ok(());
        }
        let mut text = alloc::string::String::new();
        self.resolve(&iri.spans()).append_to(&mut text);
        // The target of two IRI references is an IRI reference (the resolution only joins
        // their parts), so this parse succeeds; were it not so, the plain mapping is written.
        match crate::IriRef::parse(&text) {
            Ok(target) => {
                let _ = fmt::Write::write_fmt(out, format_args!("{}", target.to_uri_idna()));
            }
            Err(_) => {
                let _ = fmt::Write::write_str(&mut crate::ops::iri_map::MapToUri(&mut *out), &text);
            }
        }
        Ok(())
    }

    /// [`resolve_str_into`](Self::resolve_str_into) for the references that its runs or
    /// [`plan`] leave: parsed by the whole parser, copied if it has a scheme and no
    /// dot-segments, planned with dot-segments, else resolved by the general code. Out of
    /// line, so that the common case inlines small. (A reference that the runs took and the
    /// plan left, a few in a hundred, is parsed again here, by the whole parser: handing its
    /// `UriRef` over instead cost every other reference the stores that build it, 7
    /// instructions per pair; telling this function that the runs took the reference, so
    /// that they could parse it again, cost the others 6.)
    #[cfg(feature = "alloc")]
    #[inline(never)]
    fn parse_resolve_into(
        &self,
        reference: &str,
        out: &mut alloc::string::String,
    ) -> Result<(), ParseError> {
        let reference = parse_reference(reference)?;
        if !append_absolute(&reference, out) {
            self.resolve_into(&reference, out);
        }
        Ok(())
    }

    /// The cases [`plan`](Self::plan) leaves: through the view. Out of line, so that
    /// the common case inlines small.
    #[cfg(feature = "alloc")]
    #[inline(never)]
    fn resolve_into_view(
        &self,
        resolver: Resolver,
        reference: &UriRef<'_>,
        out: &mut alloc::string::String,
    ) {
        resolver.resolve_base(reference, self).append_to(out);
    }
}

/// What [`plan`] reads of a base: the prefixes of its text that results start with (sliced
/// off the parser's layout, the provided methods), and its §5.2.3 merge head with the cuts of
/// leading "..". The two kinds of base differ only in the merge: [`Base`] has it ready, for
/// the many references of a page; [`Unprepared`] finds it when it is asked, for a base that
/// resolves one reference ([`UriRef::join_into`]): a crawler's `base<TAB>link` lines.
trait BaseParts<'a> {
    /// The base URI (with a scheme).
    fn uri(&self) -> &UriRef<'a>;
    /// The base's text through the merge head, and the head; `None` when the head is not
    /// text of the base (the "/" put for an empty path) or has dot-segments.
    fn merge(&self) -> Option<(&'a str, &'a str)>;
    /// [`merge`](Self::merge) and the [`MergeHead`] it was cut by, which the cuts of leading
    /// ".." read.
    fn merge_and_head(&self) -> Option<((&'a str, &'a str), MergeHead)>;

    /// The base's text up to byte `end` of its layout.
    #[inline(always)]
    fn text_to(&self, end: u32) -> &'a str {
        self.uri().as_str().get(..end as usize).unwrap_or_default()
    }
    /// The base's text through its scheme's ":".
    #[inline(always)]
    fn through_scheme(&self) -> &'a str {
        self.text_to(self.uri().layout().scheme_end + 1)
    }
    /// The base's text up to its path.
    #[inline(always)]
    fn before_path(&self) -> &'a str {
        self.text_to(self.uri().layout().path_start)
    }
    /// The base's text through its path.
    #[inline(always)]
    fn through_path(&self) -> &'a str {
        self.text_to(self.uri().layout().path_end)
    }
    /// The base's text through its query (through its path if it has none).
    #[inline(always)]
    fn through_query(&self) -> &'a str {
        self.text_to(self.uri().layout().query_end)
    }
    /// Whether the base has a query (maybe empty).
    #[inline(always)]
    fn has_query(&self) -> bool {
        let l = self.uri().layout();
        l.query_end > l.path_end
    }
    /// [`merge`](Self::merge) with `pops` segments removed from the head, as `pops` leading
    /// ".." remove them (one backward scan of the head); `None` where §5.2.4 puts a "/"
    /// that is not in the base.
    #[inline(always)]
    fn cut(&self, pops: usize) -> Option<(&'a str, &'a str)> {
        if pops == 0 {
            return self.merge();
        }
        let ((text_to, head), h) = self.merge_and_head()?;
        let kept = h.cut(head, pops)?;
        let before_head = text_to.len() - head.len();
        Some((text_to.get(..before_head + kept)?, head.get(..kept)?))
    }
}

/// The base path's [`MergeHead`]; `None` for an authority with an empty path (§5.2.3 then
/// merges with "/", which is not text of the base).
///
/// With `SLASHES`, the head's "/" mask is kept for the cuts of leading ".."
/// ([`MergeHead::with_slashes`]).
#[inline(always)]
fn merge_head<const SLASHES: bool>(uri: &UriRef<'_>) -> Option<MergeHead> {
    // The path's bytes: `uri.path()` cuts a `str` (a call checking both ends for character
    // boundaries); `uri.span(Component::Path)` measured 2-3 instructions a pair more.
    let l = uri.layout();
    let path = (uri.as_str().as_bytes())
        .get(l.path_start as usize..l.path_end as usize)
        .unwrap_or_default();
    match path.is_empty() && uri.has_authority() {
        true => None,
        false if SLASHES => Some(MergeHead::with_slashes(path)),
        false => Some(MergeHead::of(path)),
    }
}

/// [`BaseParts::merge`] for the merge head `h` of `uri`'s path.
#[inline(always)]
fn merge_of<'a>(uri: &UriRef<'a>, h: &MergeHead) -> Option<(&'a str, &'a str)> {
    if h.dots {
        return None;
    }
    // Two boundary checks: the text through the head, then the head off its end.
    let start = uri.layout().path_start as usize;
    let through_head = uri.as_str().get(..start + h.len())?;
    Some((through_head, through_head.get(start..)?))
}

impl<'a> BaseParts<'a> for Base<'a> {
    #[inline(always)]
    fn uri(&self) -> &UriRef<'a> {
        &self.uri
    }
    #[inline(always)]
    fn merge(&self) -> Option<(&'a str, &'a str)> {
        self.merge
    }
    #[inline(always)]
    fn merge_and_head(&self) -> Option<((&'a str, &'a str), MergeHead)> {
        self.merge.zip(self.head)
    }
}

/// A base URI read as [`BaseParts`] without preparing it: each part is found when the
/// reference's case asks for it (most ask for one prefix; a relative path also for the merge
/// head), which is cheaper than [`Base::new`] for a base that serves one reference.
#[derive(Clone, Copy)]
struct Unprepared<'u, 'a>(&'u UriRef<'a>);

impl<'a> BaseParts<'a> for Unprepared<'_, 'a> {
    #[inline(always)]
    fn uri(&self) -> &UriRef<'a> {
        self.0
    }
    #[inline(always)]
    fn merge(&self) -> Option<(&'a str, &'a str)> {
        merge_of(self.0, &merge_head::<false>(self.0)?)
    }
    #[inline(always)]
    fn merge_and_head(&self) -> Option<((&'a str, &'a str), MergeHead)> {
        let h = merge_head::<true>(self.0)?;
        Some((merge_of(self.0, &h)?, h))
    }
}

/// The resolution of `reference`, in the strict modes, for the references a crawl mostly
/// holds: no scheme, and no dot-segment except leading "./" and "../" (`None` for the
/// others, which the general code resolves). The target URI is then a prefix of the base's
/// text followed by a suffix of the reference's, and its path the kept head of the base
/// path followed by the rest of the reference path. With `DOTS` (the writers' out-of-line
/// paths), a relative or absolute path with dot-segments after its leading "./" and "../" is
/// planned too, against a base with an authority ([`Plan::dots`]): the same prefix of the
/// base, then the rest of the path with its dot-segments removed, then the reference's
/// query and fragment.
///
/// It reads only the reference's path span and the byte after it, and the slices that
/// the base gives ([`BaseParts`]), and nothing in it can panic: [`Base::resolve_str_into`] uses only
/// the two slices, and the compiler drops the rest.
#[inline(always)]
fn plan<'a, 'r, const DOTS: bool>(
    base: &impl BaseParts<'a>,
    reference: &UriRef<'r>,
) -> Option<Plan<'a, 'r>> {
    if !reference.is_relative() {
        return None;
    }
    let text = reference.as_str();
    let path = reference.span(Component::Path)?;
    let (start, end) = (path.start, path.end);
    let p = text.as_bytes().get(start..end)?;
    // The path ends where the query's "?" or the fragment's "#" (or the text) starts.
    // (A closure: read where it is needed, which measured 4 instructions per pair
    // cheaper in the resolve bench than reading it up front.)
    let has_query = || text.as_bytes().get(end) == Some(&b'?');
    let network = reference.has_authority();
    // The head of an empty path: the base's. Only the view reads it; the writers (`DOTS`)
    // read a head's length for a tail with dot-segments alone, which an empty path is not,
    // and cutting the base's path (its bounds checked, out of line) cost them 28
    // instructions a pair for a reference such as "?y".
    let whole_head = || if DOTS { "" } else { base.uri().path() };
    // Each case gives the base's piece, where the reference's piece starts, the kept
    // head of the base path and the kept reference path.
    let (a, from, head, tail) = if network {
        // §5.2.2, a network-path reference: the base's "scheme:", then the whole
        // reference (its path, empty or starting with "/", has a dot-segment only after a
        // "/").
        (base.through_scheme(), 0, "", p)
    } else {
        match p.first() {
            // §5.2.2: the base path as it is, the reference's query or else the base's
            // (`through_query` ends after the "?" of an empty query).
            None if has_query() => (base.through_path(), end, whole_head(), p),
            None => (base.through_query(), end, whole_head(), p),
            // An absolute path replaces the base's (it cannot start with "//": there is
            // no authority).
            Some(b'/') => (base.before_path(), start, "", p),
            // Leading "./" and "../": the base text through the head with `pops`
            // segments removed, then the rest of the reference.
            Some(b'.') => {
                let (i, pops) = leading_dots(p);
                let rest = p.get(i..).unwrap_or_default();
                // Without an authority, a rest starting with "/" could make the path
                // start with "//" (then "/." is due): left to the general code.
                if rest.first() == Some(&b'/') && !base.uri().has_authority() {
                    return None;
                }
                let (text_to, head) = base.cut(pops)?;
                (text_to, start + i, head, rest)
            }
            // §5.2.3 merge: the base text through the head, then the whole reference.
            Some(_) => {
                let (text_to, head) = base.merge()?;
                (text_to, start, head, p)
            }
        }
    };
    // The one dot-segment check, kept in one place so that it inlines once. With `DOTS`, a
    // tail with dot-segments is planned for the writers when the base has an authority (then
    // the head starts with "/" and no "/." is due); see `Plan::dots`. Without, such a tail is
    // left: the prepared base's fast paths (`Base::resolve_str_into`, the views) plan without
    // `DOTS` and leave the few references with dot-segments to the out-of-line paths, which
    // plan with it. (Planned in that fast path, the writer's branch cost the Common Crawl
    // pairs 12 instructions a pair, 4.6%, for the one in a thousand that has dot-segments;
    // `UriRef::join_into`, whose pairs cost twice as much, plans with it: `append_planned`.)
    let dots = has_slash_dot(tail);
    if dots && (!DOTS || network || !base.uri().has_authority()) {
        return None;
    }
    let base_query = p.is_empty() && !network && base.has_query();
    Some(Plan {
        a,
        b: text_from(text, from),
        head,
        tail: text.get(end - tail.len()..end).unwrap_or_default(),
        authority: match network {
            true => Some(Src::Ref),
            false => base.uri().has_authority().then_some(Src::Base),
        },
        query: match (has_query(), base_query) {
            (true, _) => Some(Src::Ref),
            (false, true) => Some(Src::Base),
            (false, false) => None,
        },
        dots,
        head_len: head.len(),
        tail_len: end - from,
    })
}

/// Parses a reference that [`append_planned`] left (the runs did not take it): a
/// network-path reference by runs, any other by the whole parser.
#[cfg(feature = "alloc")]
#[inline(always)]
fn parse_reference(reference: &str) -> Result<UriRef<'_>, ParseError> {
    match crate::driver::parse::plain_network(reference) {
        Some(layout) => Ok(UriRef::from_layout(reference, layout)),
        None => UriRef::parse(reference),
    }
}

/// Appends the target of `reference` against `base` to `out` if it is a plain relative
/// reference (parsed by runs alone) that [`plan`] takes (with `DOTS`, dot-segments
/// included), and says whether it was.
///
/// A prepared [`Base`] plans without `DOTS`: its pairs cost so little that the dot-segment
/// writer's branch would add a twentieth (see [`plan`]). [`UriRef::join_into`], which parses
/// its base for every pair, plans with it: a reference with dot-segments is then parsed and
/// planned once, not again out of line, which saves such a reference a quarter of its cost
/// (`g/./h` against `http://a/b/c/d;p?q`, base parsed: 986 -> 718 instructions by
/// `scripts/per_pair.sh`) for 2-3 instructions a pair more on the Common Crawl pairs (0.5%).
#[cfg(feature = "alloc")]
#[inline(always)]
fn append_planned<'a, const DOTS: bool>(
    base: &impl BaseParts<'a>,
    reference: &str,
    out: &mut alloc::string::String,
) -> bool {
    let planned = crate::driver::parse::plain_relative(reference)
        .and_then(|layout| plan::<DOTS>(base, &UriRef::from_layout(reference, layout)));
    if let Some(plan) = planned {
        plan.append_to(out);
    }
    planned.is_some()
}

/// Appends the target of `reference` if it has a scheme and a path without dot-segments,
/// and says whether it did: in the strict mode that target is the reference itself (§5.2.2:
/// its scheme, authority, path, query and fragment as they are), whatever the base.
#[cfg(feature = "alloc")]
#[inline(always)]
fn append_absolute(reference: &UriRef<'_>, out: &mut alloc::string::String) -> bool {
    let absolute = !reference.is_relative() && !has_dot_segment(reference.path());
    if absolute {
        out.push_str(reference.as_str());
    }
    absolute
}

/// What [`plan`] finds: the target URI as `a ++ b`, and for the [`Resolved`] view, its
/// path as `head ++ tail` (no dot-segment left) and where its authority and query come from.
#[derive(Clone, Copy)]
struct Plan<'b, 'r> {
    a: &'b str,
    b: &'r str,
    head: &'b str,
    tail: &'r str,
    authority: Option<Src>,
    query: Option<Src>,
    /// `tail` holds dot-segments (after its leading "./" and "../", which `head` has
    /// taken), and the base has an authority: the target is `a`, then `tail` with its
    /// dot-segments removed against the end of `a` (the head), then the rest of `b`. Only
    /// [`plan`] with `DOTS` gives such a plan, for the writers ([`Plan::append_to`]); the
    /// [`Resolved`] view plans without (its path would not be `head ++ tail`), and the
    /// general code builds it instead. (This and the two numbers below are read by the
    /// writers alone, which need `alloc`.)
    #[cfg_attr(not(feature = "alloc"), allow(dead_code))]
    dots: bool,
    /// `head.len()` and `tail.len()`, which the dot-segment writer reads: numbers, which the
    /// writers of plans without dot-segments ignore at no cost, where the slices would be
    /// cut (and their bounds checked) for every plan.
    #[cfg_attr(not(feature = "alloc"), allow(dead_code))]
    head_len: usize,
    #[cfg_attr(not(feature = "alloc"), allow(dead_code))]
    tail_len: usize,
}

impl<'b, 'r> Plan<'b, 'r> {
    /// Appends the target URI to `out`: `a ++ b`, or with [`dots`](Self::dots), `a`, the
    /// path's `tail` with its dot-segments removed, and the reference's query and fragment.
    #[cfg(feature = "alloc")]
    #[inline(always)]
    fn append_to(self, out: &mut alloc::string::String) {
        match self.dots {
            false => append_two(out, self.a, self.b),
            true => append_dotted(out, self.a, self.b, self.head_len, self.tail_len),
        }
    }

    /// The [`Resolved`] view of the plan of `reference` against `base`.
    #[inline(always)]
    fn resolved(self, base: UriRef<'b>, reference: UriRef<'r>) -> Resolved<'b, 'r> {
        Resolved {
            base,
            reference,
            scheme: Src::Base,
            authority: self.authority,
            query: self.query,
            head: self.head,
            tail: self.tail,
            kind: PathKind::Concat,
            split: Some((self.a, self.b)),
        }
    }
}

/// [`Plan::append_to`] for a plan with [`dots`](Plan::dots): `a`, which ends with the merge
/// head (`head_len` bytes; none for an absolute path, whose tail starts with "/"), then the
/// first `tail_len` bytes of `b` (the rest of the path) with their dot-segments removed,
/// then the rest of `b` (the query and fragment). Out of line, as few references have
/// dot-segments, and given the plan's parts one by one: a `Plan` passed whole is built in
/// memory, its view's slices cut, for every plan.
#[cfg(feature = "alloc")]
#[inline(never)]
fn append_dotted(
    out: &mut alloc::string::String,
    a: &str,
    b: &str,
    head_len: usize,
    tail_len: usize,
) {
    out.push_str(a);
    let floor = out.len().saturating_sub(head_len);
    let (tail, rest) = b.split_at_checked(tail_len).unwrap_or((b, ""));
    crate::ops::dot_segments::append_after_head(out, floor, tail);
    if !rest.is_empty() {
        out.push_str(rest);
    }
}

/// Appends `a` then `b` to `out`. (A `reserve` of both lengths first measured one
/// instruction per call slower: the two capacity checks of `push_str` remain.)
#[cfg(feature = "alloc")]
#[inline(always)]
fn append_two(out: &mut alloc::string::String, a: &str, b: &str) {
    out.push_str(a);
    out.push_str(b);
}

/// A resolved path as [`Resolved`] holds it: its kind, head and tail.
type PathParts<'b, 'r> = (PathKind, &'b str, &'r str);

impl<'b, 'r> Resolved<'b, 'r> {
    /// Plans the path `head ++ tail` with dot-segments removed. In the common case (no
    /// dot-segment in `head`, and only leading "./" and "../" in `tail`) that is a prefix of
    /// `head` plus a suffix of `tail`, found here in one pass; otherwise the removal is left to
    /// the writers.
    ///
    /// It returns the parts rather than setting them in a `Resolved`: given one by `&mut`,
    /// [`Resolver::resolve_general`] built its result in memory of its own and copied it out
    /// (a `memcpy` of 152 bytes just stored in narrower parts, which the store buffer
    /// cannot forward to the copy's loads: 15% of the time of `UriRef::parse`, `resolve` and
    /// `append_to` on the pairs of RFC 3986 §5.4, by `perf`).
    #[inline(never)]
    fn dots(mode: Dots, head: &'b str, head_dots: bool, tail: &'r str) -> PathParts<'b, 'r> {
        // Left for the writers to remove, or the path as given.
        let (dotted, whole) = (
            (PathKind::Dots(mode), head, tail),
            (PathKind::Concat, head, tail),
        );
        if head_dots {
            return dotted;
        }
        if mode == Dots::Rfc2396 {
            return if has_dot_segment(tail) { dotted } else { whole };
        }
        // The common case: no dot-segment at all, which needs a "." segment at the start of
        // the tail or a "/." pair in it (the head has none, and ends with "/" if not empty).
        if tail.as_bytes().first() != Some(&b'.') && !has_slash_dot(tail.as_bytes()) {
            return whole;
        }
        // An absolute path alone is "/" followed by a relative tail.
        let (head, tail) = match (head.is_empty(), tail.strip_prefix('/')) {
            (true, Some(rest)) => ("/", rest),
            _ => (head, tail),
        };
        let (i, pops) = leading_dots(tail.as_bytes());
        let rest = tail.get(i..).unwrap_or("");
        if has_dot_segment(rest) {
            return dotted;
        }
        if i == 0 {
            // No dot-segment at all: the path as given (one slice when the head is empty).
            return whole;
        }
        // Remove `pops` segments from the end of the head (which ends with "/").
        let kept = if head.is_empty() || pops == 0 {
            head
        } else {
            let mut cut = head.len() - 1; // index of the final '/'
            let mut kept = None;
            for _ in 0..pops {
                match head.get(..cut).and_then(|h| h.rfind('/')) {
                    Some(p) => cut = p,
                    None => {
                        // Absolute head: clamp at "/". Rootless head: its first segment goes and
                        // the output starts with "/" (§5.2.4 C as written: `a/../c` → `/c`).
                        kept = Some("/");
                        break;
                    }
                }
            }
            kept.unwrap_or_else(|| head.get(..=cut).unwrap_or(head))
        };
        (PathKind::Concat, kept, rest)
    }

    /// The split of a path-only result (the reference has no scheme or authority): when the
    /// path is `head ++ tail` as it is, with `head` a prefix of the base path and `tail` a
    /// suffix of the reference path, the URI is the base up to the end of `head` and the
    /// reference from the start of `tail`.
    #[inline(always)]
    fn concat_split(&self, base: &Base<'b>, r_path_end: usize) -> Option<(&'b str, &'r str)> {
        if self.kind != PathKind::Concat {
            return None;
        }
        let (head, tail) = (self.head, self.tail);
        let bp = self.base.path();
        let rp = self.reference.path();
        // By address: `head` may be a static "/" rather than base text, `tail` a suffix of
        // the reference path or empty. Equal addresses within bounds mean equal bytes, so
        // the check cannot accept a wrong piece.
        let head_in_base =
            head.is_empty() || (head.as_ptr() == bp.as_ptr() && head.len() <= bp.len());
        let tail_in_ref = tail.is_empty()
            || (tail.len() <= rp.len() && offset(tail, rp).wrapping_add(tail.len()) == rp.len());
        if !(head_in_base && tail_in_ref) {
            return None;
        }
        // The "/." rule needs a third piece.
        if self.path().prefixed() {
            return None;
        }
        Some((
            self.base
                .as_str()
                .get(..base.uri.layout().path_start as usize + head.len())?,
            self.reference.as_str().get(r_path_end - tail.len()..)?,
        ))
    }

    fn pick<'s>(&'s self, src: Src, f: impl Fn(&UriRef<'s>) -> Option<&'s str>) -> Option<&'s str> {
        match src {
            Src::Base => f(&self.base),
            Src::Ref => f(&self.reference),
        }
    }

    /// `scheme` (§3.1): always present in a resolved URI.
    pub fn scheme(&self) -> Option<&str> {
        self.pick(self.scheme, |u| u.scheme())
    }

    /// `authority` (§3.2), without `//`.
    pub fn authority(&self) -> Option<&str> {
        self.pick(self.authority?, |u| u.authority())
    }

    /// `userinfo` (§3.2.1), without `@`.
    pub fn userinfo(&self) -> Option<&str> {
        self.pick(self.authority?, |u| u.userinfo())
    }

    /// `host` (§3.2.2), as written.
    pub fn host(&self) -> Option<&str> {
        self.pick(self.authority?, |u| u.host())
    }

    /// `port` (§3.2.3), without `:`.
    pub fn port(&self) -> Option<&str> {
        self.pick(self.authority?, |u| u.port())
    }

    /// Whether the result has an authority.
    pub fn has_authority(&self) -> bool {
        self.authority.is_some()
    }

    /// Whether a `:` port delimiter is present (the port may still be empty).
    pub fn has_port(&self) -> bool {
        self.port().is_some()
    }

    crate::grammars::accessors::port_accessors!(
        '_,
        "let base = urilex::UriRef::parse(\"http://b/\")?;\nlet x = |s: &'static str| -> Result<urilex::Resolved<'static, 'static>, Box<dyn std::error::Error>> { Ok(urilex::UriRef::parse(s)?.resolve(&base)?) };"
    );
    crate::ops::host::host_accessors!(
        '_,
        "let base = urilex::UriRef::parse(\"http://b/\")?;\nlet x = |s: &'static str| -> Result<urilex::Resolved<'static, 'static>, Box<dyn std::error::Error>> { Ok(urilex::UriRef::parse(s)?.resolve(&base)?) };"
    );

    /// Always `false`: a resolved URI has a scheme (§5.2.2). Here so that code written for
    /// [`UriRef`] reads the same.
    pub fn is_relative(&self) -> bool {
        false
    }

    /// The path (§5.2.2 `T.path`, with "/." before it where it would start with "//" and
    /// there is no authority), as a view; see [`ResolvedPath`].
    pub fn path(&self) -> ResolvedPath<'_> {
        ResolvedPath {
            head: self.head,
            tail: self.tail,
            kind: self.kind,
            bare: self.authority.is_none(),
        }
    }

    /// `query` (§3.4), without `?`.
    pub fn query(&self) -> Option<&str> {
        self.pick(self.query?, |u| u.query())
    }

    /// `fragment` (§3.5), without `#`: always the reference's (§5.2.2).
    pub fn fragment(&self) -> Option<&str> {
        self.reference.fragment()
    }

    /// The exact length of the written URI.
    pub fn len(&self) -> usize {
        if let Some((a, b)) = self.split {
            return a.len() + b.len();
        }
        self.scheme().map_or(0, |s| s.len() + 1)
            + self.authority().map_or(0, |a| a.len() + 2)
            + self.path().len()
            + self.query().map_or(0, |q| q.len() + 1)
            + self.fragment().map_or(0, |f| f.len() + 1)
    }

    /// Always `false`: a resolved URI has a scheme.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// Writes the URI into `w` (RFC 3986 §5.3), without allocating (see [`ResolvedPath`] for
    /// the one exception).
    ///
    /// ```
    /// use urilex::UriRef;
    /// let base = UriRef::parse("http://a/b")?;
    /// let mut out = String::new();
    /// UriRef::parse("c?d")?.resolve(&base)?.write_to(&mut out)?;
    /// assert_eq!(out, "http://a/c?d");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn write_to<W: fmt::Write + ?Sized>(&self, w: &mut W) -> fmt::Result {
        if let Some((a, b)) = self.split {
            w.write_str(a)?;
            return w.write_str(b);
        }
        self.write_parts(w)
    }

    /// Writes component by component (§5.3), for results that are not two slices.
    fn write_parts<W: fmt::Write + ?Sized>(&self, w: &mut W) -> fmt::Result {
        if let Some(s) = self.scheme() {
            w.write_str(s)?;
            w.write_str(":")?;
        }
        if let Some(a) = self.authority() {
            w.write_str("//")?;
            w.write_str(a)?;
        }
        self.path().write_to(w)?;
        if let Some(q) = self.query() {
            w.write_str("?")?;
            w.write_str(q)?;
        }
        if let Some(f) = self.fragment() {
            w.write_str("#")?;
            w.write_str(f)?;
        }
        Ok(())
    }

    /// Appends the URI to `out`. The path's dot-segments are removed in `out` itself, so this
    /// never allocates once `out` has room for the result plus the reference path.
    ///
    /// ```
    /// use urilex::UriRef;
    /// let base = UriRef::parse("http://a/b/c")?;
    /// let mut buf = String::with_capacity(64);
    /// for r in ["d", "../e", "./f/../g"] {
    ///     buf.clear();
    ///     UriRef::parse(r)?.resolve(&base)?.append_to(&mut buf);
    ///     assert!(buf.starts_with("http://a/"));
    /// }
    /// assert_eq!(buf, "http://a/b/g");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[cfg(feature = "alloc")]
    #[inline(always)]
    pub fn append_to(&self, out: &mut alloc::string::String) {
        match self.split {
            Some((a, b)) => {
                // Here one capacity check first pays (393.0 against 401.2 instructions per
                // Common Crawl pair, parse included), unlike in `resolve_into`.
                out.reserve(a.len() + b.len());
                append_two(out, a, b);
            }
            None => self.append_parts(out),
        }
    }

    /// Appends component by component (§5.3), for results that are not two slices; kept out
    /// of line so that the two-slice case inlines small.
    #[cfg(feature = "alloc")]
    #[inline(never)]
    fn append_parts(&self, out: &mut alloc::string::String) {
        if let Some(s) = self.scheme() {
            out.push_str(s);
            out.push(':');
        }
        if let Some(a) = self.authority() {
            out.push_str("//");
            out.push_str(a);
        }
        self.path().append_to(out);
        if let Some(q) = self.query() {
            out.push('?');
            out.push_str(q);
        }
        if let Some(f) = self.fragment() {
            out.push('#');
            out.push_str(f);
        }
    }
}

/// Equal when they write the same text, as [`UriRef`]'s `==` compares text: results of
/// different bases and references that write the same URI are equal. Without allocating when
/// neither path has dot segments left to remove (the common case: both results are then a
/// prefix of a base and a suffix of a reference); otherwise each is written out once.
#[cfg(feature = "alloc")]
impl PartialEq for Resolved<'_, '_> {
    fn eq(&self, other: &Self) -> bool {
        if let (Some((a, b)), Some((c, d))) = (self.split, other.split) {
            return a.len() + b.len() == c.len() + d.len()
                && a.bytes().chain(b.bytes()).eq(c.bytes().chain(d.bytes()));
        }
        use alloc::string::ToString;
        self.to_string() == other.to_string()
    }
}

#[cfg(feature = "alloc")]
impl Eq for Resolved<'_, '_> {}

/// Hashes the text it writes (consistent with `==`), without allocating.
impl core::hash::Hash for Resolved<'_, '_> {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        crate::ops::normalize::hash_text(state, |w| self.write_to(w));
    }
}

impl fmt::Display for Resolved<'_, '_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_to(f)
    }
}

impl fmt::Debug for Resolved<'_, '_> {
    /// The components, with a password in the userinfo redacted (RFC 3986 §3.2.1).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Resolved")
            .field("scheme", &self.scheme())
            .field(
                "userinfo",
                &self
                    .userinfo()
                    .map(crate::grammars::redact::RedactedUserinfo),
            )
            .field("host", &self.host())
            .field("port", &self.port())
            .field("path", &format_args!("{}", self.path()))
            .field("query", &self.query())
            .field("fragment", &self.fragment())
            .finish()
    }
}

impl ResolvedPath<'_> {
    fn joined(&self) -> Joined<'_> {
        Joined {
            head: self.head,
            tail: self.tail,
        }
    }

    /// Length and whether it starts with "//", without the "/." prefix.
    fn shape(&self) -> (usize, bool) {
        match self.kind {
            PathKind::Concat => {
                let mut two = self.head.bytes().chain(self.tail.bytes());
                (
                    self.head.len() + self.tail.len(),
                    two.next() == Some(b'/') && two.next() == Some(b'/'),
                )
            }
            PathKind::Dots(mode) => dot_segments::measure(self.joined(), mode),
        }
    }

    /// The exact length of the path. O(1) in the common case; a scan of the path when it
    /// holds dot-segments beyond leading "./" and "../".
    ///
    /// ```
    /// use urilex::UriRef;
    /// let base = UriRef::parse("http://a/b/c")?;
    /// assert_eq!(UriRef::parse("x/./y/../z")?.resolve(&base)?.path().len(), "/b/x/z".len());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn len(&self) -> usize {
        let (len, slashes) = self.shape();
        len + if self.bare && slashes { 2 } else { 0 }
    }

    /// Whether "/." is put before the path (no authority, and it starts with "//").
    fn prefixed(&self) -> bool {
        self.bare && self.shape().1
    }

    /// Whether the path is empty.
    ///
    /// ```
    /// use urilex::UriRef;
    /// let base = UriRef::parse("urn:")?;
    /// assert!(UriRef::parse("")?.resolve(&base)?.path().is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The path as one slice, when it is one (it comes whole from the base or the reference).
    ///
    /// ```
    /// use urilex::UriRef;
    /// let base = UriRef::parse("http://a/b/c")?;
    /// assert_eq!(UriRef::parse("/x/y")?.resolve(&base)?.path().as_str(), Some("/x/y"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn as_str(&self) -> Option<&str> {
        let whole = match (self.kind, self.head.is_empty(), self.tail.is_empty()) {
            (PathKind::Concat, true, _) => self.tail,
            (PathKind::Concat, _, true) => self.head,
            _ => return None,
        };
        // With the "/." prefix it is not a slice of either input.
        (!(self.bare && whole.starts_with("//"))).then_some(whole)
    }

    /// Writes the path into `w`. Nothing is allocated, except where dot-segments split the
    /// surviving text into more than 64 pieces: then, with the `alloc` feature, one `Vec` of
    /// ranges (without it, one extra scan per 64 pieces).
    ///
    /// ```
    /// use urilex::UriRef;
    /// let base = UriRef::parse("http://a/b/c")?;
    /// let mut s = String::new();
    /// UriRef::parse("./x/../y")?.resolve(&base)?.path().write_to(&mut s)?;
    /// assert_eq!(s, "/b/y");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn write_to<W: fmt::Write + ?Sized>(&self, w: &mut W) -> fmt::Result {
        if self.prefixed() {
            w.write_str("/.")?;
        }
        match self.kind {
            PathKind::Concat => {
                w.write_str(self.head)?;
                w.write_str(self.tail)
            }
            PathKind::Dots(mode) => dot_segments::write(self.joined(), mode, w),
        }
    }

    /// Appends the path to `out`, removing dot-segments in `out` itself (linear, and no
    /// allocation when `out` has spare room for the unreduced path).
    ///
    /// ```
    /// use urilex::UriRef;
    /// let base = UriRef::parse("http://a/b/c")?;
    /// let mut s = String::new();
    /// UriRef::parse("x/./y/../../z")?.resolve(&base)?.path().append_to(&mut s);
    /// assert_eq!(s, "/b/z");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[cfg(feature = "alloc")]
    pub fn append_to(&self, out: &mut alloc::string::String) {
        let start = out.len();
        match self.kind {
            PathKind::Concat => {
                out.push_str(self.head);
                out.push_str(self.tail);
            }
            PathKind::Dots(mode) => dot_segments::append(self.joined(), mode, out),
        }
        // Whether the "/." prefix is due is known only once dot-segments are removed; it is
        // rare (no authority), so it is put in front afterwards.
        if self.bare && out.get(start..).is_some_and(|p| p.starts_with("//")) {
            out.insert_str(start, "/.");
        }
    }
}

impl fmt::Display for ResolvedPath<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_to(f)
    }
}

impl<'r> UriRef<'r> {
    /// Resolves this reference against `base` by RFC 3986 §5.2 (strict); see [`Resolver`]
    /// for the other modes. The base's fragment is ignored; a base without a scheme is an
    /// error.
    ///
    /// ```
    /// use urilex::UriRef;
    /// let base = UriRef::parse("http://a/b/c/d;p?q")?;
    /// assert_eq!(UriRef::parse("../../g")?.resolve(&base)?.to_string(), "http://a/g");
    /// assert_eq!(UriRef::parse("?y")?.resolve(&base)?.to_string(), "http://a/b/c/d;p?y");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn resolve<'b>(&self, base: &UriRef<'b>) -> Result<Resolved<'b, 'r>, ResolveError> {
        Resolver::default().resolve(self, base)
    }

    /// Parses `reference` as a URI reference (RFC 3986 §4.1), resolves it against this URI as
    /// the base, strictly (§5.2), and appends the target URI to `out`: the same text as
    /// `UriRef::parse(reference)?.resolve(self)?.append_to(out)`, in one step, as the `join`
    /// of other URL libraries (with `self` the base). For a base that serves one reference,
    /// as in a list of `base<TAB>link` pairs: it reads of the base only what the reference
    /// needs, where a [`Base`] prepares everything once for the many links of a page. Nothing
    /// is allocated once `out` has room for the result.
    ///
    /// ```
    /// use urilex::{Error, ResolveError, UriRef};
    /// let page = UriRef::parse("http://example.com/docs/intro.html")?;
    /// let mut out = String::new();
    /// page.join_into("../img/a.png", &mut out)?;
    /// assert_eq!(out, "http://example.com/img/a.png");
    /// assert!(matches!(page.join_into("a b", &mut out), Err(Error::Parse(_))));
    /// let relative = UriRef::parse("/docs/")?;
    /// assert_eq!(relative.join_into("a", &mut out), Err(Error::Resolve(ResolveError::BaseWithoutScheme)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[cfg(feature = "alloc")]
    #[inline]
    pub fn join_into(
        &self,
        reference: &str,
        out: &mut alloc::string::String,
    ) -> Result<(), crate::Error> {
        if self.layout().scheme_end == 0 {
            return Err(ResolveError::BaseWithoutScheme.into());
        }
        match append_planned::<true>(&Unprepared(self), reference, out) {
            true => Ok(()),
            false => self.join_by_base(reference, out),
        }
    }

    /// [`join_into`](Self::join_into) for the references that the runs or [`plan`] leave:
    /// parsed whole, copied if it has a scheme and no dot-segments, planned again with
    /// dot-segments (a path with them, a network-path reference, one with unusual bytes),
    /// else resolved through a [`Base`] by the general code. Out of line, so that the common
    /// case inlines small.
    #[cfg(feature = "alloc")]
    #[inline(never)]
    fn join_by_base(
        &self,
        reference: &str,
        out: &mut alloc::string::String,
    ) -> Result<(), crate::Error> {
        let reference = parse_reference(reference)?;
        if append_absolute(&reference, out) {
            return Ok(());
        }
        match plan::<true>(&Unprepared(self), &reference) {
            Some(plan) => plan.append_to(out),
            None => Base::new(*self)?.resolve_into(&reference, out),
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::*;
    use std::string::{String, ToString};

    /// Bases of every shape the planners tell apart: with and without an authority, empty,
    /// rootless, absolute and dot-segment paths.
    const BASES: [&str; 9] = [
        "http://a/b/c/d;p?q#f",
        "http://a",
        "http://u@a:1/b/",
        "foo:a/b",
        "foo:/a",
        "urn:x:y",
        "s:",
        "http://a/b/../c/",
        "http://a/b/c/d?q",
    ];

    /// References of every shape the planners tell apart.
    const REFS: [&str; 36] = [
        "",
        "#s",
        "?y",
        "?y#s",
        "g",
        "g/h?x#y",
        "g;x?y#s",
        "./g",
        "../g",
        "../../g",
        "../../../g",
        "../../../../../g",
        ".",
        "..",
        "./",
        "../",
        "g/./h",
        "/g",
        "/g?x",
        "/./g",
        "//g",
        "//h",
        "//h/p?q#f",
        "//h/./x",
        "http:g",
        "http://x/y",
        "s:./x",
        "s:x",
        "..//x",
        ".///x",
        "g.",
        ".g",
        "g..",
        "..g",
        "./g/.",
        "g/../h",
    ];

    /// The two-slice shortcut writes what the component-by-component writer writes, and is
    /// taken in the common cases.
    #[test]
    fn two_slices_match_parts() {
        let mut fast = 0;
        for base in BASES {
            let b = UriRef::parse(base).unwrap();
            for r in REFS {
                let r = UriRef::parse(r).unwrap();
                for mode in [Mode::Strict, Mode::NonStrict, Mode::Rfc2396] {
                    let out = Resolver::new(mode).resolve(&r, &b).unwrap();
                    let mut parts = String::new();
                    out.write_parts(&mut parts).unwrap();
                    if let Some((x, y)) = out.split {
                        assert_eq!(std::format!("{x}{y}"), parts, "{base} + {r} ({mode:?})");
                        fast += 1;
                    }
                }
            }
        }
        assert!(fast > 550, "{fast}"); // 599 of the 972 resolutions
    }

    /// `leading_dots` against its definition, segment by segment, on every string of up to
    /// 7 bytes over '.', '/' and a letter.
    #[test]
    fn leading_dots_follows_its_definition() {
        fn by_segments(s: &str) -> (usize, usize) {
            let (mut i, mut pops) = (0, 0);
            loop {
                let rest = &s[i..];
                match rest.find('/').map_or(rest, |end| &rest[..end]) {
                    "." => i += 1,
                    ".." => {
                        i += 2;
                        pops += 1;
                    }
                    _ => return (i, pops),
                }
                if s[i..].starts_with('/') {
                    i += 1;
                } else {
                    return (i, pops);
                }
            }
        }
        let mut strings = std::vec![String::new()];
        for len in 1..=7 {
            let longer: std::vec::Vec<String> = strings
                .iter()
                .filter(|s| s.len() == len - 1)
                .flat_map(|s| [".", "/", "a"].map(|c| std::format!("{s}{c}")))
                .collect();
            strings.extend(longer);
        }
        assert_eq!(strings.len(), (3usize.pow(8) - 1) / 2);
        for s in &strings {
            assert_eq!(leading_dots(s.as_bytes()), by_segments(s), "{s:?}");
        }
    }

    /// `plan` (the two slices, which the writers without the view use) gives the text of the
    /// view built by the general code, the same from a `Base` and from the base unprepared,
    /// and is taken for the references a crawl mostly holds.
    #[test]
    fn plan_matches_general() {
        let (mut hits, mut dotted) = (0, 0);
        for base in BASES {
            let prepared = Base::new(UriRef::parse(base).unwrap()).unwrap();
            for r in REFS {
                let r = UriRef::parse(r).unwrap();
                let general = Resolver::default().resolve_general(&r, &prepared);
                let mut parts = String::new();
                general.write_parts(&mut parts).unwrap();
                // Read off the base as it is, the parts give the same plan.
                let unprepared = plan::<true>(&Unprepared(&prepared.uri()), &r).map(|p| (p.a, p.b));
                assert_eq!(
                    unprepared,
                    plan::<true>(&prepared, &r).map(|p| (p.a, p.b)),
                    "{base} + {r}"
                );
                if let Some(plan) = plan::<true>(&prepared, &r) {
                    let mut written = String::new();
                    plan.append_to(&mut written);
                    assert_eq!(written, parts, "{base} + {r}");
                    if plan.dots {
                        dotted += 1;
                        continue;
                    }
                    // The view built from the plan has the general code's components.
                    let view = prepared.resolve(&r);
                    let mut view_parts = String::new();
                    view.write_parts(&mut view_parts).unwrap();
                    assert_eq!(view_parts, parts, "{base} + {r}");
                    assert_eq!(view.path().to_string(), general.path().to_string());
                    assert_eq!(
                        (view.authority(), view.query(), view.fragment()),
                        (general.authority(), general.query(), general.fragment())
                    );
                    assert_eq!(view.path().as_str(), general.path().as_str());
                    hits += 1;
                }
            }
        }
        // 187 of the 324 pairs when written; the others have a scheme, a dot-segment after
        // the leading "./" and "../", more ".." than the base plans for, or a base whose
        // head has dot-segments or is rootless: they take the view.
        assert!(hits >= 185, "{hits}");
        // 14 of the others have a dot-segment after the leading "./" and "../" and a base with
        // an authority: the plan's dot-segment writer writes them.
        assert!(dotted >= 14, "{dotted}");
        let page = Base::new(UriRef::parse("http://a/b/c/d?q").unwrap()).unwrap();
        for r in [
            "g",
            "../g",
            "./g",
            "/g",
            "?y",
            "#s",
            "",
            "//h/g",
            "../../g?x#y",
        ] {
            assert!(
                plan::<false>(&page, &UriRef::parse(r).unwrap()).is_some(),
                "{r}"
            );
        }
    }
}
