//! Normalization (RFC 3986 §6.2.2 syntax-based, §6.2.3 scheme-based) as a streaming view, and
//! equivalence (§6.2) without building either normalized string.
//!
//! # Rules
//!
//! Syntax-based normalization ([`Normalization::Syntax`], the default, §6.2.2):
//! 1. **Case** (§6.2.2.1): the scheme (§3.1) and the host (§3.2.2) are lowercased; in the host
//!    this applies after step 3, so `%45XAMPLE` becomes `example`; IP-literals are lowercased
//!    too (their hex digits and an IPvFuture's text). The hex digits of every remaining
//!    percent-encoding are uppercased (`%3a` → `%3A`, §2.1).
//! 2. Other components keep their case: userinfo, path, query and fragment are case-sensitive.
//! 3. **Percent-encoding** (§6.2.2.2, §2.3): a percent-encoded unreserved character
//!    (`ALPHA / DIGIT / "-" / "." / "_" / "~"`) is decoded, in every component. Reserved and
//!    non-ASCII octets stay encoded.
//! 4. **Dot-segments** (§6.2.2.3): removed from the path with the `remove_dot_segments`
//!    algorithm of §5.2.4, after step 3 (so `%2E` and `%2e` count as `.`). This applies to every
//!    path of a URI that has a scheme, rootless paths included (`s:a/../b` → `s:/b`, as §5.2.4
//!    computes it), and to every absolute path (`/a/../b` → `/b`: §5.2.2 removes its
//!    dot-segments during resolution anyway).
//! 5. A **relative-path reference** (no scheme, no authority, no leading `/`) is normalized so
//!    that it still resolves to the same target against every base (§5.2): `.` segments and
//!    `x/..` pairs are removed, but a `..` that climbs above the reference's start is kept
//!    (`a/../../b` → `../b`), and `./` is written first where the result would otherwise be
//!    empty-but-directory (`a/..` → `./`), start with `/`, or have a `:` in its first segment
//!    (§4.2). The literal §5.2.4 algorithm (`../b` → `b`) would change the target; RFC 3986
//!    leaves this case to the implementation.
//! 6. When a path without an authority would start with `//` after step 4 (`s:/a/..//b`), `/.`
//!    is written before it so that the output parses with the same components; this is the
//!    same rule as for resolved references (DESIGN.md; §5.2.4 alone would give `s://b`, whose
//!    `b` would read as a host).
//!
//! Scheme-based normalization ([`Normalization::SchemeBased`], §6.2.3) adds, for the schemes
//! `http` (port 80), `https` (443), `ws` (80), `wss` (443) and `ftp` (21) only
//! (case-insensitive; other schemes are left alone because their specifications do not license
//! it, §6.2.3):
//! 7. an empty port and its `:` are removed, and so is a port equal to the scheme's default
//!    (compared as a number, so `:080` counts as 80);
//! 8. an empty path becomes `/` when there is an authority.
//!
//! Protocol-based normalization (§6.2.4) is out of scope.
//!
//! # Cost
//!
//! No heap allocation and linear time, except in one documented case: when more than 64 path
//! segments survive dot-segment removal *and* the path has dot-segments to remove, the
//! surviving segments are found with one `Vec` (feature `alloc`), or, without `alloc`, with one
//! extra pass over the path per further 64 surviving segments.

use core::fmt;

#[cfg(feature = "alloc")]
use alloc::{string::String, vec::Vec};

// Literal `.` and `..` segments only: `%2E` is not normal (unreserved), so `octet_normal`
// already sends it to the slow path.
use crate::kernels::scan::in_range;
use crate::ops::dot_segments::{for_each_segment, has_dot_segment as has_literal_dot_segment};
use crate::ops::pct::{ascii_str, octet_at, pct_str};
use crate::tables::chars::UNRESERVED;
use crate::{Component, UriRef};
use wide::{i8x16, CmpEq};

/// Which normalization to apply (RFC 3986 §6.2.2 or §6.2.3); see the [crate docs](crate) and `UriRef::normalized` for
/// the exact rules.
///
/// ```
/// use urilex::{Normalization, UriRef};
/// let uri = UriRef::parse("HTTP://Example.COM:80")?;
/// assert_eq!(uri.normalized().to_string(), "http://example.com:80");
/// assert_eq!(uri.normalized_with(Normalization::SchemeBased).to_string(), "http://example.com/");
/// # Ok::<(), urilex::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Normalization {
    /// Syntax-based normalization (§6.2.2): case, percent-encoding, dot-segments.
    #[default]
    Syntax,
    /// Syntax-based plus scheme-based normalization (§6.2.3): default and empty ports removed,
    /// empty path → `/`, for `http`, `https`, `ws`, `wss` and `ftp`.
    SchemeBased,
}

use crate::grammars::accessors::default_port;

/// A normalized view of a [`UriRef`]: `Display` writes the normalized text without allocating.
///
/// Made by [`UriRef::normalized`] or [`UriRef::normalized_with`].
///
/// ```
/// use urilex::UriRef;
/// let uri = UriRef::parse("eXAMPLE://a/./b/../b/%63/%7bfoo%7d")?;
/// assert_eq!(uri.normalized().to_string(), "example://a/b/c/%7Bfoo%7D");
/// # Ok::<(), urilex::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Normalized<'a> {
    uri: UriRef<'a>,
    level: Normalization,
}

impl<'a> Normalized<'a> {
    /// The reference being normalized.
    ///
    /// ```
    /// let uri = urilex::UriRef::parse("HTTP://a")?;
    /// assert_eq!(uri.normalized().uri().as_str(), "HTTP://a");
    /// # Ok::<(), urilex::ParseError>(())
    /// ```
    pub fn uri(&self) -> UriRef<'a> {
        self.uri
    }

    /// Appends the normal form to `out`: the text `Display` writes, without the formatting
    /// machinery between (`write!(out, "{}", n)` costs about 60 instructions more per URL).
    /// Nothing is allocated once `out` has room for it.
    ///
    /// ```
    /// use urilex::UriRef;
    /// let mut out = String::with_capacity(64);
    /// for s in ["HTTP://Example.COM/a/./b/../%7euser", "http://a/b"] {
    ///     out.clear();
    ///     let n = UriRef::parse(s)?.normalized();
    ///     n.append_to(&mut out);
    ///     assert_eq!(out, n.to_string());
    /// }
    /// assert_eq!(out, "http://a/b");
    /// # Ok::<(), urilex::ParseError>(())
    /// ```
    #[cfg(feature = "alloc")]
    #[inline]
    pub fn append_to(&self, out: &mut alloc::string::String) {
        let u = self.uri;
        let sb = SchemeRules::new(&u, self.level);
        if already_normal(&u, sb) {
            out.push_str(u.as_str());
        } else {
            // Writing to a String cannot fail.
            let _ = write_changed(out, u, sb);
        }
    }

    /// Whether the normal form is the reference's own text (nothing to change), without
    /// writing it: for a filter, or a writer that copies the unchanged ones as they stand
    /// (`urilex normalize` copies runs of them at once). A quick check, sixteen bytes at a
    /// time, settles almost every reference; the few it cannot (a `%` or an uppercase letter
    /// before the path, a `/.` in it, a path that starts with `.`) are compared against the normal form as it is written,
    /// to the first difference. Allocates nothing.
    ///
    /// ```
    /// use urilex::{Normalization, UriRef};
    /// assert!(UriRef::parse("http://a/b?c")?.normalized().is_unchanged());
    /// assert!(UriRef::parse("http://a/%2E./b")?.normalized().is_unchanged() == false);
    /// assert!(UriRef::parse("http://a/b/.x")?.normalized().is_unchanged());
    /// let uri = UriRef::parse("http://a:80/")?;
    /// assert!(uri.normalized().is_unchanged());
    /// assert!(!uri.normalized_with(Normalization::SchemeBased).is_unchanged());
    /// # Ok::<(), urilex::ParseError>(())
    /// ```
    #[inline]
    pub fn is_unchanged(&self) -> bool {
        self.is_already_normal() || self.writes_own_text()
    }

    /// The quick check of [`is_unchanged`](Self::is_unchanged): `true` only if the normal
    /// form is the reference's own text, `false` for some that are (see [`already_normal`]).
    #[inline]
    pub(crate) fn is_already_normal(&self) -> bool {
        already_normal(&self.uri, SchemeRules::new(&self.uri, self.level))
    }

    /// The normal form, as `Display` writes it, compared with the reference's text.
    #[cold]
    fn writes_own_text(&self) -> bool {
        /// A writer that only compares, and stops at the first difference.
        struct Same<'t>(&'t [u8]);
        impl fmt::Write for Same<'_> {
            fn write_str(&mut self, s: &str) -> fmt::Result {
                match self.0.strip_prefix(s.as_bytes()) {
                    Some(rest) => {
                        self.0 = rest;
                        Ok(())
                    }
                    None => Err(fmt::Error),
                }
            }
        }
        let mut rest = Same(self.uri.as_str().as_bytes());
        fmt::Write::write_fmt(&mut rest, format_args!("{self}")).is_ok() && rest.0.is_empty()
    }
}

/// Two normal forms are equal when their texts are, as
/// [`normalized_eq_with`](UriRef::normalized_eq_with) tells without writing either; `Hash`
/// hashes the normal text, streamed, so that a `HashSet<Normalized>` dedupes by equivalence
/// without building a string. Views of different levels are never equal.
///
/// ```
/// use std::collections::HashSet;
/// use urilex::UriRef;
/// let links = ["http://a/b", "HTTP://a/./b", "http://a/%62", "http://a/c"];
/// let parsed: Vec<UriRef> = links.iter().map(|s| UriRef::parse(s)).collect::<Result<_, _>>()?;
/// let unique: HashSet<_> = parsed.iter().map(|u| u.normalized()).collect();
/// assert_eq!(unique.len(), 2);
/// # Ok::<(), urilex::ParseError>(())
/// ```
impl PartialEq for Normalized<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.level == other.level && self.uri.normalized_eq_with(&other.uri, self.level)
    }
}

impl Eq for Normalized<'_> {}

impl core::hash::Hash for Normalized<'_> {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.level.hash(state);
        hash_text(state, |w| fmt::Write::write_fmt(w, format_args!("{self}")));
    }
}

/// Feeds text to a hasher in fixed 64-byte blocks, so that the hash depends on the bytes
/// alone and not on how `Display` cut them into pieces (a `Hasher` need not hash
/// `write(b"ab"); write(b"c")` as `write(b"abc")`).
pub(crate) struct HashWriter<'h, H> {
    state: &'h mut H,
    block: [u8; 64],
    len: usize,
}

/// Hashes the text that `write` writes, as its bytes alone (see [`HashWriter`]), without
/// allocating: for the `Hash` of a view that writes itself.
pub(crate) fn hash_text<H: core::hash::Hasher>(
    state: &mut H,
    write: impl FnOnce(&mut HashWriter<'_, H>) -> fmt::Result,
) {
    let mut w = HashWriter {
        state,
        block: [0; 64],
        len: 0,
    };
    // Writing to a hasher cannot fail.
    let _ = write(&mut w);
    w.finish();
}

impl<H: core::hash::Hasher> HashWriter<'_, H> {
    fn finish(self) {
        self.state.write(&self.block[..self.len]);
        self.state.write_u8(0xff); // no UTF-8 byte: ends the text
    }
}

impl<H: core::hash::Hasher> fmt::Write for HashWriter<'_, H> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        let mut bytes = s.as_bytes();
        while !bytes.is_empty() {
            let n = bytes.len().min(self.block.len() - self.len);
            self.block[self.len..self.len + n].copy_from_slice(&bytes[..n]);
            self.len += n;
            bytes = &bytes[n..];
            if self.len == self.block.len() {
                self.state.write(&self.block);
                self.len = 0;
            }
        }
        Ok(())
    }
}

impl fmt::Display for Normalized<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let u = self.uri;
        let sb = SchemeRules::new(&u, self.level);
        // Fast path: already normal (the common case for crawled URLs): one write.
        if already_normal(&u, sb) {
            return f.write_str(u.as_str());
        }
        write_changed(f, u, sb)
    }
}

/// The slow path of [`Normalized`]'s `Display`, component by component. Out of line, so that
/// the fast path is a small function (no large stack frame to set up per call).
#[inline(never)]
fn write_changed<W: fmt::Write + ?Sized>(f: &mut W, u: UriRef<'_>, sb: SchemeRules) -> fmt::Result {
    if let Some(s) = u.scheme() {
        write_lower(f, s)?;
        f.write_str(":")?;
    }
    if let Some(h) = u.host() {
        f.write_str("//")?;
        if let Some(ui) = u.userinfo() {
            write_pct(f, ui, false)?;
            f.write_str("@")?;
        }
        write_pct(f, h, true)?;
        if let Some(p) = u.port() {
            if !sb.drop_port {
                f.write_str(":")?;
                f.write_str(p)?;
            }
        }
    }
    let path = u.path();
    if sb.slash_for_empty_path {
        f.write_str("/")?;
    } else if has_dot_segment(path.as_bytes()) {
        for c in PathChunks::new(path, u.scheme().is_some(), u.has_authority(), true) {
            write_chunk(f, c)?;
        }
    } else {
        write_pct(f, path, false)?;
    }
    if let Some(q) = u.query() {
        f.write_str("?")?;
        write_pct(f, q, false)?;
    }
    if let Some(fr) = u.fragment() {
        f.write_str("#")?;
        write_pct(f, fr, false)?;
    }
    Ok(())
}

#[inline]
fn write_chunk<W: fmt::Write + ?Sized>(f: &mut W, c: Chunk<'_>) -> fmt::Result {
    match c {
        Chunk::Str(s) => f.write_str(s),
        Chunk::Lower(s) => write_lower(f, s),
    }
}

/// Writes one component with its percent-encodings normalized (and lowercased for a host).
#[inline]
fn write_pct<W: fmt::Write + ?Sized>(f: &mut W, s: &str, lower: bool) -> fmt::Result {
    if !s.as_bytes().contains(&b'%') {
        return if lower {
            write_lower(f, s)
        } else {
            f.write_str(s)
        };
    }
    for c in Pct::new(s, lower) {
        write_chunk(f, c)?;
    }
    Ok(())
}

/// Writes a host as normalization writes it (§6.2.2.1, §6.2.2.2): lowercase, unreserved
/// octets decoded, the hex of the other percent-encodings uppercase. [`Origin`](crate::Origin)
/// serializes its host by this, so that an origin and a normalized URI agree.
pub(crate) fn write_host<W: fmt::Write + ?Sized>(f: &mut W, host: &str) -> fmt::Result {
    write_pct(f, host, true)
}

/// The bytes [`write_host`] writes, one at a time: what origins compare and hash.
pub(crate) fn host_bytes(host: &str) -> impl Iterator<Item = u8> + '_ {
    Pct::new(host, true).flat_map(|c| {
        let (bytes, lower) = c.parts();
        bytes
            .iter()
            .map(move |&b| if lower { b.to_ascii_lowercase() } else { b })
    })
}

/// Whether normalization would leave the text unchanged (the common case for crawled URLs).
/// `false` only means "take the slow path", so the checks may have false alarms but never miss
/// a change:
/// - before the path (scheme, authority): no uppercase letter and no `%` (userinfo is
///   case-sensitive and a host's `%XX` may be normal, but both are rare: slow path);
/// - from the path on: every `%XX` is already normal (uppercase hex, not an unreserved
///   octet), and no dot-segment in the path;
/// - no scheme-based change.
///
/// This is exactly [`already_normal_short`], the byte-by-byte reference, which the tests
/// compare it with. Inputs longer than a block are looked at in 16-byte blocks, a few vector
/// compares each (SSE2 on x86-64, through `wide`, as in src/kernels/scan.rs): about 1 instruction per
/// byte instead of 4 to 5 for a byte-at-a-time table lookup. Each '%' is checked where the
/// scan finds it (one bit of a compare's mask per '%'), so that the text is read once; `/.`
/// pairs, the sign of a possible dot-segment, are only gathered, and [`has_literal_dot_segment`]
/// settles the rare path that has one.
#[inline(always)]
fn already_normal(u: &UriRef<'_>, sb: SchemeRules) -> bool {
    if sb.drop_port || sb.slash_for_empty_path {
        return false;
    }
    let all = u.as_str().as_bytes();
    let Some(span) = u.span(Component::Path) else {
        return false;
    };
    let (ps, len) = (span.start, all.len());
    if len <= BLOCK {
        return already_normal_short(all, ps, u.path());
    }
    // `/.` pairs seen, as lanes (reduced once at the end).
    let mut dots = i8x16::splat(0);
    if len > WIDE && (1..=WIDE).contains(&ps) {
        // The usual shape: the head (scheme://host, up to 32 bytes) lies in the first 32
        // bytes, which are also the first step of the scan of the rest: one set of loads.
        if !rest_step::<WIDE>(all, 0, bits_below(ps), &mut dots)
            || !rest_scan::<WIDE>(all, WIDE, &mut dots)
        {
            return false;
        }
    } else {
        // 16-byte blocks from the start, the last one moved back to end at `ps` (it overlaps
        // its predecessor: testing a byte twice is harmless), or cut at `ps` when the head is
        // shorter than a block.
        let last = ps.saturating_sub(BLOCK);
        let mut i = 0;
        loop {
            let at = i.min(last);
            if head_hits(all, at) & bits_below(ps - at) != 0 {
                return false;
            }
            if at == last {
                break;
            }
            i += BLOCK;
        }
        // The rest [ps, len), from one byte before `ps`, where a `/.` pair cannot start but
        // the step's '%' lanes (one byte further) start at `ps`. When the rest is shorter
        // than a step, the last step reaches back into the head, which can only raise false
        // alarms (the head has no '%' here, and a `/.` there is rare).
        let from = ps.saturating_sub(1);
        let rest_ok = if len > WIDE {
            rest_scan::<WIDE>(all, from, &mut dots)
        } else {
            rest_scan::<BLOCK>(all, from, &mut dots)
        };
        // Byte 0 of a relative reference is in no step's '%' lanes.
        if !rest_ok || (ps == 0 && all.first() == Some(&b'%') && !octet_normal(all, 0)) {
            return false;
        }
    }
    // Any dot-segment starts the path or follows a '/'.
    let maybe_dots = dots.any() || all.get(ps) == Some(&b'.');
    !(maybe_dots && has_literal_dot_segment(u.path()))
}

/// Lanes per block of the [`already_normal`] scans.
const BLOCK: usize = 16;

/// Width of the first step and of the later steps of inputs longer than it.
const WIDE: usize = 2 * BLOCK;

/// The 16 bytes of `all` at `at` as lanes; the callers keep `at + 16 <= all.len()`, and an
/// out-of-range block reads as all zeros (a byte no test flags) rather than panicking.
#[inline(always)]
fn lanes(all: &[u8], at: usize) -> i8x16 {
    let block = all
        .get(at..at + BLOCK)
        .and_then(<[u8]>::first_chunk::<BLOCK>)
        .unwrap_or(&[0; BLOCK]);
    bytemuck::cast(*block)
}

/// The lanes of `v` equal to `c`.
#[inline(always)]
fn eq(v: i8x16, c: u8) -> i8x16 {
    v.cmp_eq(i8x16::splat(c as i8))
}

/// Bit `k` for each lane `k` of `v` that is set (`-1`).
#[inline(always)]
fn bits(v: i8x16) -> u32 {
    v.move_mask() as u32
}

/// Bits `0..n`, for `n` up to 32 (a table: a variable shift costs more).
#[inline(always)]
fn bits_below(n: usize) -> u32 {
    static BELOW: [u32; WIDE + 1] = {
        let mut t = [0u32; WIDE + 1];
        let mut n = 1;
        while n <= WIDE {
            t[n] = u32::MAX >> (WIDE - n);
            n += 1;
        }
        t
    };
    BELOW.get(n).copied().unwrap_or(u32::MAX)
}

/// The lanes of `v` that hold an uppercase letter.
#[inline(always)]
fn upper(v: i8x16) -> i8x16 {
    in_range(v, b'A', b'Z')
}

/// Bit `k` set when byte `at + k` (of 16) is an uppercase letter or a `%`: a change, if it
/// stands before the path.
#[inline(always)]
fn head_hits(all: &[u8], at: usize) -> u32 {
    let b = lanes(all, at);
    bits(upper(b) | eq(b, b'%'))
}

/// Scans `all[from..]` in steps of `N` bytes, the last one moved back so that its '%' lanes
/// end at the end (it overlaps its predecessor; when 16 bytes are enough to reach the end, it
/// is a step of 16): `false` if a '%' does not start a normal octet; `/.` pairs are added to
/// `dots`. `all` holds more than `N` bytes; nothing is done when `from + 1` reaches its end.
#[inline(always)]
fn rest_scan<const N: usize>(all: &[u8], from: usize, dots: &mut i8x16) -> bool {
    let len = all.len();
    let last = len.saturating_sub(N + 1);
    let mut i = from;
    while i + 1 < len {
        if N > BLOCK && i + BLOCK + 1 >= len {
            return rest_step::<BLOCK>(all, len.saturating_sub(BLOCK + 1), 0, dots);
        }
        // (`min` tells the compiler that the step's loads are in bounds.)
        let at = i.min(last);
        if !rest_step::<N>(all, at, 0, dots) {
            return false;
        }
        if at == last {
            break;
        }
        i += N;
    }
    true
}

/// One step of [`rest_scan`] over the `N` bytes at `at` (16 or 32), each block `b` with
/// `b1`, the block one byte further: the '%' of `b1` (bytes `at + 1 ..= at + N`) are checked
/// by [`octets_normal`]; the `/.` pairs that start in `b` are added to `dots`. `false` if a
/// '%' does not start a normal octet, or if a lane of `head` (bit `k`: byte `at + k`, before
/// the path; 0 but in the first step, where `at` is 0) holds an uppercase letter or a '%'.
/// The head's '%' are read off the step's '%' lanes (one byte further); byte 0, the first of
/// a scheme or of "//" when there is a head, is no '%'. With `head` 0 (a constant), the
/// uppercase test compiles away.
#[inline(always)]
fn rest_step<const N: usize>(all: &[u8], at: usize, head: u32, dots: &mut i8x16) -> bool {
    let (mut pct, mut caps) = (0u32, 0u32);
    let mut k = 0;
    while k < N {
        let (b, b1) = (lanes(all, at + k), lanes(all, at + k + 1));
        pct |= bits(eq(b1, b'%')) << k;
        caps |= bits(upper(b)) << k;
        *dots |= eq(b, b'/') & eq(b1, b'.');
        k += BLOCK;
    }
    if (caps | pct << 1) & head != 0 {
        return false;
    }
    pct == 0 || octets_normal(all, at + 1, pct)
}

/// Whether each '%' of `pcts` (bit `k` for the byte at `base + k`) starts an octet that
/// normalization keeps as it is ([`octet_normal`]).
#[inline]
fn octets_normal(all: &[u8], base: usize, mut pcts: u32) -> bool {
    while pcts != 0 {
        if !octet_normal(all, base + pcts.trailing_zeros() as usize) {
            return false;
        }
        pcts &= pcts - 1;
    }
    true
}

/// Whether the `%` at `at` starts an octet that normalization keeps as it is: uppercase hex
/// digits (§2.1) and not an unreserved character (§2.3). A `%` without two hex digits (not in
/// a parsed reference) answers `false`, the safe side.
#[inline(always)]
fn octet_normal(all: &[u8], at: usize) -> bool {
    match all.get(at + 1..at + 3) {
        Some(&[h, l]) => {
            let (h, l) = (UPPER_HEX[h as usize], UPPER_HEX[l as usize]);
            (h | l) <= 15 && !UNRESERVED.contains(h << 4 | l)
        }
        _ => false,
    }
}

/// The value of an uppercase hex digit (§2.1: the normal form), 0xFF for any other byte.
static UPPER_HEX: [u8; 256] = {
    let mut t = [0xFF; 256];
    let mut i = 0;
    while i < 16 {
        t[b"0123456789ABCDEF"[i] as usize] = i as u8;
        i += 1;
    }
    t
};

/// [`already_normal`] byte by byte: what it computes, and what it does for inputs of at most
/// one block.
#[cold]
fn already_normal_short(all: &[u8], ps: usize, path: &str) -> bool {
    let Some((head, rest)) = all.split_at_checked(ps) else {
        return false;
    };
    if head.iter().any(|&c| c.is_ascii_uppercase() || c == b'%') {
        return false;
    }
    let pcts_normal = rest
        .iter()
        .enumerate()
        .all(|(i, &c)| c != b'%' || octet_normal(rest, i));
    pcts_normal && !has_literal_dot_segment(path)
}

/// What §6.2.3 changes for one reference.
#[derive(Clone, Copy, Debug, Default)]
struct SchemeRules {
    drop_port: bool,
    slash_for_empty_path: bool,
}

impl SchemeRules {
    /// Nothing to do at the default level: decided inline, the scheme rules out of line.
    #[inline(always)]
    fn new(uri: &UriRef<'_>, level: Normalization) -> Self {
        match level {
            Normalization::Syntax => SchemeRules::default(),
            Normalization::SchemeBased => SchemeRules::scheme_based(uri),
        }
    }

    fn scheme_based(uri: &UriRef<'_>) -> Self {
        let mut r = SchemeRules::default();
        if let Some(default) = uri.scheme().and_then(default_port) {
            // §6.2.3: an empty port, or the scheme's default, is removed with its ':'.
            r.drop_port = match uri.port() {
                Some("") => true,
                Some(_) => uri.port_u16() == Some(default),
                None => false,
            };
            // §6.2.3: "http://example.com" is equivalent to "http://example.com/".
            r.slash_for_empty_path = uri.has_authority() && uri.path().is_empty();
        }
        r
    }
}

/// Writes `s` with ASCII letters lowercased, through a small stack buffer.
fn write_lower<W: fmt::Write + ?Sized>(f: &mut W, s: &str) -> fmt::Result {
    if !s.bytes().any(|b| b.is_ascii_uppercase()) {
        return f.write_str(s);
    }
    let mut buf = [0u8; 64];
    let mut i = 0;
    while i < s.len() {
        let mut j = (i + buf.len()).min(s.len());
        while !s.is_char_boundary(j) {
            j -= 1;
        }
        let part = &s.as_bytes()[i..j];
        let out = &mut buf[..part.len()];
        out.copy_from_slice(part);
        out.make_ascii_lowercase();
        // Lowercasing ASCII bytes keeps UTF-8 valid, and `j` is a char boundary.
        f.write_str(core::str::from_utf8(out).map_err(|_| fmt::Error)?)?;
        i = j;
    }
    Ok(())
}

impl<'a> UriRef<'a> {
    /// The syntax-based normalization of this reference (RFC 3986 §6.2.2): a view whose
    /// `Display` writes the normalized text without allocating. See the rules in
    /// [`Normalization`]'s module.
    ///
    /// ```
    /// use urilex::UriRef;
    /// let uri = UriRef::parse("HTTP://www.EXAMPLE.com/a/./b/../%7Euser?%3d#%61")?;
    /// assert_eq!(uri.normalized().to_string(), "http://www.example.com/a/~user?%3D#a");
    /// # Ok::<(), urilex::ParseError>(())
    /// ```
    pub fn normalized(&self) -> Normalized<'a> {
        self.normalized_with(Normalization::Syntax)
    }

    /// Normalization at the chosen level (§6.2.2, or §6.2.2 plus §6.2.3).
    ///
    /// ```
    /// use urilex::{Normalization, UriRef};
    /// let uri = UriRef::parse("https://example.com:443?q")?;
    /// assert_eq!(uri.normalized_with(Normalization::SchemeBased).to_string(), "https://example.com/?q");
    /// # Ok::<(), urilex::ParseError>(())
    /// ```
    pub fn normalized_with(&self, level: Normalization) -> Normalized<'a> {
        Normalized { uri: *self, level }
    }

    /// Whether two references are equivalent after syntax-based normalization (§6.2.2): the same
    /// as comparing their normalized strings, computed without building either string.
    ///
    /// ```
    /// use urilex::UriRef;
    /// let a = UriRef::parse("example://a/b/c/%7Bfoo%7D")?;
    /// let b = UriRef::parse("eXAMPLE://a/./b/../b/%63/%7bfoo%7d")?;
    /// assert!(a.normalized_eq(&b));
    /// assert!(!a.normalized_eq(&UriRef::parse("example://a/b/C/%7Bfoo%7D")?));
    /// # Ok::<(), urilex::ParseError>(())
    /// ```
    pub fn normalized_eq(&self, other: &UriRef<'_>) -> bool {
        self.normalized_eq_with(other, Normalization::Syntax)
    }

    /// [`normalized_eq`](Self::normalized_eq) at the chosen level.
    ///
    /// ```
    /// use urilex::{Normalization, UriRef};
    /// let a = UriRef::parse("http://example.com")?;
    /// let b = UriRef::parse("HTTP://example.com:80/")?;
    /// assert!(!a.normalized_eq(&b));
    /// assert!(a.normalized_eq_with(&b, Normalization::SchemeBased));
    /// # Ok::<(), urilex::ParseError>(())
    /// ```
    pub fn normalized_eq_with(&self, other: &UriRef<'_>, level: Normalization) -> bool {
        let (ra, rb) = (
            SchemeRules::new(self, level),
            SchemeRules::new(other, level),
        );
        if already_normal(self, ra) && already_normal(other, rb) {
            return self.as_str() == other.as_str();
        }
        chunks_eq(Chunks::new(*self, level), Chunks::new(*other, level))
    }

    /// The syntax-based normalization as a `String` (RFC 3986 §6.2.2).
    ///
    /// ```
    /// let uri = urilex::UriRef::parse("HTTP://%45XAMPLE.%43Om")?;
    /// assert_eq!(uri.to_normalized_string(), "http://example.com");
    /// # Ok::<(), urilex::ParseError>(())
    /// ```
    #[cfg(feature = "alloc")]
    pub fn to_normalized_string(&self) -> String {
        use core::fmt::Write;
        let mut s = String::with_capacity(self.as_str().len());
        let _ = write!(s, "{}", self.normalized());
        s
    }
}

impl crate::IriRef<'_> {
    /// The syntax-based normalization of an IRI (RFC 3987 §5.3.2, which is RFC 3986 §6.2.2's
    /// for the ASCII characters): the scheme and the ASCII letters of the host lowercased,
    /// percent-encodings with uppercase hex and the unreserved ones decoded, dot-segments
    /// removed; non-ASCII characters as they are (no Unicode normalization: §5.3.2.2 makes NFC
    /// a producer's step). The result is an IRI; [`to_uri`](crate::IriRef::to_uri) of it, or
    /// of the original, gives the URI.
    ///
    /// ```
    /// let iri = urilex::IriRef::parse("HTTP://例え.JP/a/./b/../%7Eü")?;
    /// assert_eq!(iri.to_normalized_string(), "http://例え.jp/a/~ü");
    /// # Ok::<(), urilex::ParseError>(())
    /// ```
    #[cfg(feature = "alloc")]
    pub fn to_normalized_string(&self) -> String {
        self.spans().to_normalized_string()
    }

    /// Whether two IRI references have the same syntax-based normal form
    /// ([`to_normalized_string`](Self::to_normalized_string)), without allocating.
    ///
    /// ```
    /// let a = urilex::IriRef::parse("http://例え.jp/%7Eü")?;
    /// assert!(a.normalized_eq(&urilex::IriRef::parse("HTTP://例え.jp/./~ü")?));
    /// # Ok::<(), urilex::ParseError>(())
    /// ```
    pub fn normalized_eq(&self, other: &crate::IriRef<'_>) -> bool {
        self.spans().normalized_eq(&other.spans())
    }
}

// ---- chunk stream -------------------------------------------------------------------------------

/// A piece of normalized output: text as is, or text to lowercase (ASCII).
#[derive(Clone, Copy, Debug)]
enum Chunk<'a> {
    Str(&'a str),
    Lower(&'a str),
}

impl<'a> Chunk<'a> {
    fn parts(self) -> (&'a [u8], bool) {
        match self {
            Chunk::Str(s) => (s.as_bytes(), false),
            Chunk::Lower(s) => (s.as_bytes(), true),
        }
    }
}

/// Compares two chunk streams byte by byte.
fn chunks_eq(mut a: Chunks<'_>, mut b: Chunks<'_>) -> bool {
    let (mut ca, mut la): (&[u8], bool) = (&[], false);
    let (mut cb, mut lb): (&[u8], bool) = (&[], false);
    loop {
        while ca.is_empty() {
            match a.next() {
                Some(c) => (ca, la) = c.parts(),
                None => break,
            }
        }
        while cb.is_empty() {
            match b.next() {
                Some(c) => (cb, lb) = c.parts(),
                None => break,
            }
        }
        if ca.is_empty() || cb.is_empty() {
            return ca.is_empty() && cb.is_empty();
        }
        let n = ca.len().min(cb.len());
        let (xa, xb) = (&ca[..n], &cb[..n]);
        let same = match (la, lb) {
            (false, false) => xa == xb,
            _ => xa.iter().zip(xb).all(|(&p, &q)| {
                let p = if la { p.to_ascii_lowercase() } else { p };
                let q = if lb { q.to_ascii_lowercase() } else { q };
                p == q
            }),
        };
        if !same {
            return false;
        }
        ca = &ca[n..];
        cb = &cb[n..];
    }
}

/// Normalizes percent-encodings in one component (§6.2.2.1, §6.2.2.2): decodes unreserved
/// octets, uppercases the hex of the others; `lower` also lowercases (host).
#[derive(Clone, Debug)]
struct Pct<'a> {
    s: &'a str,
    pos: usize,
    lower: bool,
}

impl<'a> Pct<'a> {
    fn new(s: &'a str, lower: bool) -> Self {
        Pct { s, pos: 0, lower }
    }
}

impl<'a> Iterator for Pct<'a> {
    type Item = Chunk<'a>;

    #[inline]
    fn next(&mut self) -> Option<Chunk<'a>> {
        let bytes = self.s.as_bytes();
        let start = self.pos;
        let b = *bytes.get(start)?;
        if b == b'%' {
            if let Some(v) = octet_at(bytes, start) {
                self.pos += 3;
                return Some(if UNRESERVED.contains(v) {
                    Chunk::Str(ascii_str(if self.lower {
                        v.to_ascii_lowercase()
                    } else {
                        v
                    }))
                } else {
                    Chunk::Str(pct_str(v))
                });
            }
        }
        // A run up to the next `%` (a stray `%` that starts no octet is copied as is).
        let from = start + 1;
        let end = bytes
            .get(from..)
            .and_then(|r| r.iter().position(|&c| c == b'%'))
            .map_or(bytes.len(), |i| from + i);
        self.pos = end;
        // Both ends are at ASCII bytes (`%`) or the end: char boundaries.
        let run = self.s.get(start..end).unwrap_or("");
        Some(if self.lower {
            Chunk::Lower(run)
        } else {
            Chunk::Str(run)
        })
    }
}

/// The whole normalized reference as chunks, component by component.
struct Chunks<'a> {
    uri: UriRef<'a>,
    stage: u8,
    cur: Pct<'a>,
    path: Option<PathChunks<'a>>,
    drop_port: bool,
    slash_for_empty_path: bool,
}

impl<'a> Chunks<'a> {
    fn new(uri: UriRef<'a>, level: Normalization) -> Self {
        let r = SchemeRules::new(&uri, level);
        Chunks {
            uri,
            stage: 0,
            cur: Pct::new("", false),
            path: None,
            drop_port: r.drop_port,
            slash_for_empty_path: r.slash_for_empty_path,
        }
    }
}

impl<'a> Iterator for Chunks<'a> {
    type Item = Chunk<'a>;

    fn next(&mut self) -> Option<Chunk<'a>> {
        let u = self.uri;
        loop {
            match self.stage {
                // scheme ":" (§3.1: case-insensitive, canonical form lowercase)
                0 => {
                    self.stage = 2;
                    if let Some(s) = u.scheme() {
                        self.stage = 1;
                        return Some(Chunk::Lower(s));
                    }
                }
                1 => {
                    self.stage = 2;
                    return Some(Chunk::Str(":"));
                }
                2 => {
                    if u.has_authority() {
                        self.stage = 3;
                        return Some(Chunk::Str("//"));
                    }
                    self.stage = 8;
                }
                // userinfo "@"
                3 => match u.userinfo() {
                    Some(ui) => {
                        self.cur = Pct::new(ui, false);
                        self.stage = 4;
                    }
                    None => self.stage = 6,
                },
                4 => match self.cur.next() {
                    Some(c) => return Some(c),
                    None => {
                        self.stage = 6;
                        return Some(Chunk::Str("@"));
                    }
                },
                // host (§3.2.2: case-insensitive), lowercased after decoding
                6 => {
                    self.cur = Pct::new(u.host().unwrap_or(""), true);
                    self.stage = 7;
                }
                7 => match self.cur.next() {
                    Some(c) => return Some(c),
                    None => match u.port() {
                        Some(p) if !self.drop_port => {
                            self.cur = Pct::new(p, false);
                            self.stage = 5;
                            return Some(Chunk::Str(":"));
                        }
                        _ => self.stage = 8,
                    },
                },
                5 => match self.cur.next() {
                    Some(c) => return Some(c),
                    None => self.stage = 8,
                },
                // path
                8 => {
                    let path = u.path();
                    if self.slash_for_empty_path {
                        self.stage = 10;
                        return Some(Chunk::Str("/"));
                    }
                    if has_dot_segment(path.as_bytes()) {
                        // Only now build the (large) plan; most paths have no dot-segments.
                        self.path = Some(PathChunks::new(
                            path,
                            u.scheme().is_some(),
                            u.has_authority(),
                            true,
                        ));
                        self.stage = 9;
                    } else {
                        self.cur = Pct::new(path, false);
                        self.stage = 15;
                    }
                }
                15 => match self.cur.next() {
                    Some(c) => return Some(c),
                    None => self.stage = 10,
                },
                9 => match self.path.as_mut().and_then(Iterator::next) {
                    Some(c) => return Some(c),
                    None => {
                        self.path = None;
                        self.stage = 10;
                    }
                },
                // "?" query
                10 => match u.query() {
                    Some(q) => {
                        self.cur = Pct::new(q, false);
                        self.stage = 11;
                        return Some(Chunk::Str("?"));
                    }
                    None => self.stage = 12,
                },
                11 => match self.cur.next() {
                    Some(c) => return Some(c),
                    None => self.stage = 12,
                },
                // "#" fragment
                12 => match u.fragment() {
                    Some(fr) => {
                        self.cur = Pct::new(fr, false);
                        self.stage = 13;
                        return Some(Chunk::Str("#"));
                    }
                    None => self.stage = 14,
                },
                13 => match self.cur.next() {
                    Some(c) => return Some(c),
                    None => self.stage = 14,
                },
                _ => return None,
            }
        }
    }
}

// ---- path ---------------------------------------------------------------------------------------

/// How many surviving segments are kept on the stack.
const WINDOW: usize = 64;

/// 0: not a dot-segment; 1: `.`; 2: `..` — after decoding `%2E` (§6.2.2.2 before §6.2.2.3).
#[inline]
fn dot_kind(seg: &[u8]) -> u8 {
    let mut i = 0;
    let mut dots = 0;
    while i < seg.len() {
        if seg[i] == b'.' {
            i += 1;
        } else if matches!(seg.get(i..i + 3), Some([b'%', b'2', b'e' | b'E'])) {
            i += 3;
        } else {
            return 0;
        }
        dots += 1;
        if dots > 2 {
            return 0;
        }
    }
    dots
}

/// Whether any segment of `path` is a dot-segment (after decoding `%2E`).
#[inline]
fn has_dot_segment(path: &[u8]) -> bool {
    // A dot-segment needs a '.' or a "%2E": most paths have neither after their last '.'-free
    // stretch, so look for the cheap signs first.
    if !path.iter().any(|&b| b == b'.' || b == b'%') {
        return false;
    }
    let mut any = false;
    if !path.is_empty() {
        for_each_segment(path, |s, e| any |= dot_kind(&path[s..e]) != 0);
    }
    any
}

/// What the scan of a path found.
#[derive(Clone, Copy, Debug, Default)]
struct Summary {
    /// How many segments survive (the final stack depth).
    depth: usize,
    /// Relative mode: `..` segments that climb above the start (kept as a `../` prefix).
    ups: usize,
    /// The last segment was a dot-segment, so the output ends with `/` (§5.2.4 steps B, C).
    trailing: bool,
    /// Literal mode: start of the first segment after the leading dot-segments (step E writes
    /// it without a `/`), if any.
    s0: Option<usize>,
}

/// One pass of dot-segment removal over `path`, reporting each push as `(level, start, end)`.
/// The segments that survive are, for each level `1..=depth`, the last one pushed at that level.
///
/// `relative` selects the reference-preserving mode (rule 5 of the module docs); otherwise this
/// is §5.2.4: leading `./` and `../` are dropped (steps A, D) and `..` never climbs above the
/// root (step C).
fn scan(path: &[u8], relative: bool, mut push: impl FnMut(usize, usize, usize)) -> Summary {
    let mut s = Summary::default();
    let mut leading = !relative;
    for_each_segment(path, |start, end| {
        let kind = dot_kind(&path[start..end]);
        if leading {
            if kind != 0 {
                return;
            }
            leading = false;
            s.s0 = Some(start);
        }
        match kind {
            0 => {
                s.depth += 1;
                push(s.depth, start, end);
                s.trailing = false;
            }
            1 => s.trailing = true,
            _ => {
                if s.depth > 0 {
                    s.depth -= 1;
                } else if relative {
                    s.ups += 1;
                }
                s.trailing = true;
            }
        }
    });
    s
}

/// Fills `window` with the surviving segments at levels `lo + 1 ..= lo + WINDOW`.
fn fill_window(
    path: &[u8],
    relative: bool,
    lo: usize,
    window: &mut [(u32, u32); WINDOW],
) -> Summary {
    scan(path, relative, |level, start, end| {
        if level > lo && level <= lo + WINDOW {
            window[level - lo - 1] = (start as u32, end as u32);
        }
    })
}

/// The normalized path as chunks.
struct PathChunks<'a> {
    path: &'a str,
    relative: bool,
    /// No dot-segments: the path only needs percent-encoding normalization.
    plain: bool,
    sum: Summary,
    prefix: &'static str,
    window: [(u32, u32); WINDOW],
    lo: usize,
    #[cfg(feature = "alloc")]
    heap: Vec<(u32, u32)>,
    /// 0: prefix; 1: next item; 2: inside a segment; 3: trailing; 4: done.
    stage: u8,
    /// Next item (`..` or kept segment), counting the `ups` first.
    item: usize,
    seg: Pct<'a>,
}

impl<'a> PathChunks<'a> {
    /// `allow_heap: false` forces the multi-pass fallback (what a build without `alloc` does).
    fn new(path: &'a str, has_scheme: bool, has_authority: bool, allow_heap: bool) -> Self {
        let bytes = path.as_bytes();
        let relative = !has_scheme && !has_authority && !path.starts_with('/');
        let mut pc = PathChunks {
            path,
            relative,
            plain: true,
            sum: Summary::default(),
            prefix: "",
            window: [(0, 0); WINDOW],
            lo: 0,
            #[cfg(feature = "alloc")]
            heap: Vec::new(),
            stage: 0,
            item: 0,
            seg: Pct::new(path, false),
        };
        if !has_dot_segment(bytes) {
            return pc;
        }
        pc.plain = false;
        pc.sum = fill_window(bytes, relative, 0, &mut pc.window);
        let _ = allow_heap;
        #[cfg(feature = "alloc")]
        if pc.sum.depth > WINDOW && allow_heap {
            // Beyond the on-stack window: keep every surviving segment in one Vec.
            let mut v: Vec<(u32, u32)> = Vec::new();
            scan(bytes, relative, |level, start, end| {
                v.truncate(level - 1);
                v.push((start as u32, end as u32));
            });
            v.truncate(pc.sum.depth);
            pc.heap = v;
        }
        let (d, s) = (pc.sum.depth, pc.sum);
        let seg_len = |k: usize| pc.window.get(k).map_or(1, |&(a, b)| (b - a) as usize);
        let first_is_s0 = d > 0 && s.s0 == Some(pc.window[0].0 as usize);
        if relative {
            // Rule 5: keep the reference relative-path and the same directory.
            let first_colon = d > 0 && {
                let (a, b) = pc.window[0];
                bytes[a as usize..b as usize].contains(&b':')
            };
            if s.ups == 0 && ((d == 0 && s.trailing) || (d > 0 && (seg_len(0) == 0 || first_colon)))
            {
                pc.prefix = "./";
            }
        } else if !has_authority {
            // Rule 6: the output must not start with "//".
            let double = if first_is_s0 {
                seg_len(0) == 0 && d >= 2 && seg_len(1) == 0 && (d >= 3 || s.trailing)
            } else {
                d >= 1 && seg_len(0) == 0 && (d >= 2 || s.trailing)
            };
            if double {
                pc.prefix = "/.";
            }
        }
        pc
    }

    /// The span of surviving segment `k` (0-based), in order.
    fn kept(&mut self, k: usize) -> (usize, usize) {
        #[cfg(feature = "alloc")]
        if !self.heap.is_empty() {
            return self
                .heap
                .get(k)
                .map_or((0, 0), |&(a, b)| (a as usize, b as usize));
        }
        if k >= self.lo + WINDOW {
            // Without `alloc`: one more pass per 64 surviving segments.
            self.lo = k - k % WINDOW;
            fill_window(
                self.path.as_bytes(),
                self.relative,
                self.lo,
                &mut self.window,
            );
        }
        self.window
            .get(k - self.lo)
            .map_or((0, 0), |&(a, b)| (a as usize, b as usize))
    }
}

impl<'a> Iterator for PathChunks<'a> {
    type Item = Chunk<'a>;

    fn next(&mut self) -> Option<Chunk<'a>> {
        if self.plain {
            return self.seg.next();
        }
        let total = self.sum.ups + self.sum.depth;
        loop {
            match self.stage {
                0 => {
                    self.stage = 1;
                    if !self.prefix.is_empty() {
                        return Some(Chunk::Str(self.prefix));
                    }
                }
                1 => {
                    let j = self.item;
                    if j >= total {
                        self.stage = 3;
                        continue;
                    }
                    self.item += 1;
                    if j < self.sum.ups {
                        return Some(Chunk::Str(if j == 0 { ".." } else { "/.." }));
                    }
                    let (a, b) = self.kept(j - self.sum.ups);
                    self.seg = Pct::new(self.path.get(a..b).unwrap_or(""), false);
                    self.stage = 2;
                    // Relative mode: "/" between items; literal mode: before every segment
                    // except the first one written by §5.2.4 step E without its "/".
                    let slash = if self.relative {
                        j > 0
                    } else {
                        !(j == 0 && self.sum.s0 == Some(a))
                    };
                    if slash {
                        return Some(Chunk::Str("/"));
                    }
                }
                2 => match self.seg.next() {
                    Some(c) => return Some(c),
                    None => self.stage = 1,
                },
                3 => {
                    self.stage = 4;
                    let trailing = self.sum.trailing && (total > 0 || !self.relative);
                    if trailing {
                        return Some(Chunk::Str("/"));
                    }
                }
                _ => return None,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::{String, ToString};

    fn collect(p: PathChunks<'_>) -> String {
        let mut s = String::new();
        for c in p {
            match c {
                Chunk::Str(x) | Chunk::Lower(x) => s.push_str(x),
            }
        }
        s
    }

    /// Writes the slow path of `Display` (every component rewritten), for comparison.
    struct Slow<'a>(UriRef<'a>, Normalization);

    impl fmt::Display for Slow<'_> {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            write_changed(f, self.0, SchemeRules::new(&self.0, self.1))
        }
    }

    /// `already_normal` never hides a change, and raises no false alarm outside the cases it
    /// documents, for each kind of change (and each normal look-alike) put at every offset
    /// around the block boundaries, in the head and from the path on.
    #[test]
    fn already_normal_agrees_with_slow_path() {
        let features = [
            "", "%41", "%2f", "%2F", "%C3%A9", "%c3", "%7E", "%7e", "%2e", "/./", "/../", "/.",
            "/..", "/.x", "/..x", "x.", "A", "%25",
        ];
        let mut inputs = alloc::vec::Vec::new();
        for pad in 0..40 {
            let p = "p".repeat(pad);
            for f in features {
                for tail in ["", "/z", "?q", "?%3A", "#f", "?a/./b"] {
                    for head in ["http://example.com", "s:", "", "//h", "http://u@h:80"] {
                        inputs.push(alloc::format!("{head}/{p}{f}{tail}"));
                        inputs.push(alloc::format!("{head}/{f}{p}{tail}"));
                    }
                    inputs.push(alloc::format!("{f}{p}{tail}"));
                    inputs.push(alloc::format!("http://{p}{f}.org{tail}"));
                    inputs.push(alloc::format!("http://{f}{p}.org/{p}{tail}"));
                    inputs.push(alloc::format!("HTTP://{p}/{f}{tail}"));
                }
            }
        }
        let mut checked = 0;
        for s in &inputs {
            let Ok(u) = UriRef::parse(s) else { continue };
            for level in [Normalization::Syntax, Normalization::SchemeBased] {
                let slow = Slow(u, level).to_string();
                let fast = already_normal(&u, SchemeRules::new(&u, level));
                if fast {
                    assert_eq!(&slow, s, "already_normal missed a change");
                } else if slow == *s {
                    // Documented false alarms: '%' or uppercase before the path, a `/.` pair
                    // or a path starting with '.'.
                    let ps = u.span(Component::Path).map_or(0, |r| r.start);
                    let head = &s[..ps];
                    let alarm = head.contains('%')
                        || head.bytes().any(|b| b.is_ascii_uppercase())
                        || s.contains("/.")
                        || u.path().starts_with('.');
                    assert!(alarm, "false alarm on {s:?}");
                }
                checked += 1;
            }
        }
        assert!(checked > 10_000, "{checked}");
    }

    /// The block scans of `already_normal` against `already_normal_short`, its byte-by-byte
    /// reference: random references built from pieces that matter (uppercase letters, normal
    /// and changed `%HH`, `/.`, `..`) around heads of every length up to past 32 bytes, cut at
    /// every length, so that each piece falls at every offset of the 16- and 32-byte steps,
    /// in the head, the path and the query.
    #[test]
    fn already_normal_agrees_with_byte_by_byte() {
        let heads = [
            "",
            "http://",
            "HTTP://",
            "s:",
            "//",
            "http://u@",
            "http://U:p@",
            "hTtp://ex",
            "http://a%41",
            "http://[::1]",
            "ftp://h:21",
            "http://example.com",
        ];
        let pieces = [
            "a", "bc", "A", "Z", "/", "/.", "/..", "./", "../", ".", ":", "%41", "%2F", "%2f",
            "%C3%A9", "%7E", "%2E", "%25", "%3A", "%e4", "?", "#", "=", "@", "example", "ORG",
        ];
        let mut seed = 7u64;
        let mut next = |n: usize| {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) as usize % n
        };
        let (mut checked, mut normal) = (0, 0);
        for _ in 0..40_000 {
            let mut s = String::from(heads[next(heads.len())]);
            let host_pad = next(40);
            if s.ends_with("//") || s.ends_with('@') {
                s.push_str(&"h".repeat(host_pad));
            }
            let target = next(100);
            while s.len() < target {
                s.push_str(pieces[next(pieces.len())]);
            }
            for cut in (0..=s.len()).rev().step_by(1 + next(3)) {
                let Some(t) = s.get(..cut) else { continue };
                let Ok(u) = UriRef::parse(t) else { continue };
                let all = t.as_bytes();
                let ps = u.span(Component::Path).map_or(0, |r| r.start);
                let fast = already_normal(&u, SchemeRules::default());
                assert_eq!(fast, already_normal_short(all, ps, u.path()), "{t:?}");
                checked += 1;
                normal += usize::from(fast);
            }
        }
        assert!(checked > 500_000 && normal > 50_000, "{checked} {normal}");
    }

    /// The multi-pass fallback (no `alloc`) writes what the `Vec` path writes, across window
    /// boundaries, in both modes.
    #[test]
    fn windowed_fallback_matches_heap() {
        let mut cases = alloc::vec::Vec::new();
        for n in [63usize, 64, 65, 127, 128, 129, 300] {
            let mut p = String::new();
            for i in 0..n {
                p.push_str(&alloc::format!("s{i}/x/%2e%2E/./"));
            }
            cases.push(alloc::format!("/{p}end"));
            cases.push(alloc::format!("../{p}.."));
            cases.push(alloc::format!("{p}a/.."));
        }
        for p in &cases {
            for (scheme, auth) in [(true, false), (false, false), (false, true)] {
                if auth && !p.starts_with('/') {
                    continue;
                }
                let heap = collect(PathChunks::new(p, scheme, auth, true));
                let windowed = collect(PathChunks::new(p, scheme, auth, false));
                assert_eq!(heap, windowed, "{p}");
                assert!(heap.contains("s61/"), "{heap}");
            }
        }
    }
}
