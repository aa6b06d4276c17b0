//! The mappings between IRIs and URIs (RFC 3987 §3.1 and §3.2): [`IriRef::to_uri`] (every
//! non-ASCII character percent-encoded), [`IriRef::to_uri_idna`] (hosts as A-labels) and
//! [`UriRef::to_iri`] (the percent-encoded UTF-8 that may be decoded, decoded), as `Display`
//! views that write into any `fmt::Write` without allocating.

use core::fmt::{self, Write};

use crate::grammars::iri::{is_bidi, is_iprivate, is_ucschar};
use crate::{Component, IriRef, UriRef};

impl<'a> IriRef<'a> {
    /// A `Display` view of the IRI→URI mapping (RFC 3987 §3.1): every non-ASCII character
    /// becomes its percent-encoded UTF-8 octets (host included); everything else, existing
    /// `%XX` too, is written unchanged. Writes into any `fmt::Write`, allocating nothing.
    pub fn to_uri(&self) -> ToUri<'a> {
        ToUri {
            text: self.uri.as_str(),
            idna: false,
        }
    }

    /// The IRI→URI mapping with an internationalized host written as A-labels (punycode,
    /// IDNA/UTS #46 through the `idna` crate, the one `url` uses), as RFC 3987 §3.1 allows for
    /// a reg-name and as resolvers need it; the rest as [`to_uri`](Self::to_uri) writes it. A
    /// host that IDNA refuses (or that holds `%XX`), or that it maps to anything but
    /// unreserved bytes (UTS #46 maps U+FF0F FULLWIDTH SOLIDUS to `/` and U+00A0 to a space,
    /// which would end or break the authority), is percent-encoded instead. Feature `idna`;
    /// the A-label conversion allocates.
    ///
    /// ```
    /// let iri = urilex::IriRef::parse("http://例え.jp/パス")?;
    /// assert_eq!(iri.to_uri_idna().to_string(), "http://xn--r8jz45g.jp/%E3%83%91%E3%82%B9");
    /// // A look-alike delimiter never becomes a real one.
    /// let iri = urilex::IriRef::parse("http://evil\u{FF0F}.example/")?;
    /// assert_eq!(iri.to_uri_idna().to_string(), "http://evil%EF%BC%8F.example/");
    /// # Ok::<(), urilex::ParseError>(())
    /// ```
    #[cfg(feature = "idna")]
    pub fn to_uri_idna(&self) -> ToUri<'a> {
        ToUri {
            text: self.uri.as_str(),
            idna: true,
        }
    }
}

/// The IRI→URI mapping of RFC 3987 §3.1 as a `Display` view: every non-ASCII character
/// percent-encoded ([`IriRef::to_uri`]), or an internationalized host as A-labels and the rest
/// so ([`IriRef::to_uri_idna`], feature `idna`). `Debug` hides a password.
#[derive(Clone, Copy)]
pub struct ToUri<'a> {
    /// The IRI's text (the view is as small as the text: a larger one, holding the parsed
    /// IRI, cost the plain mapping 10% more instructions, its writer no longer inlined).
    text: &'a str,
    /// Hosts as A-labels ([`IriRef::to_uri_idna`]).
    idna: bool,
}

impl fmt::Debug for ToUri<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ToUri")
            .field("iri", &crate::ops::security::RedactedText(self.text))
            .field("idna", &self.idna)
            .finish()
    }
}

impl fmt::Display for ToUri<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        #[cfg(feature = "idna")]
        if self.idna {
            return write_idna(self.text, f);
        }
        MapToUri(f).write_str(self.text)
    }
}

/// The mapping with an internationalized host as A-labels (see [`IriRef::to_uri_idna`]).
#[cfg(feature = "idna")]
fn write_idna(s: &str, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    // The text is an IRI's (`IriRef::to_uri_idna` made the view): parsed again for its host.
    let host = IriRef::parse(s)
        .ok()
        .and_then(|iri| iri.span(Component::Host));
    let host = host.filter(|r| {
        s.get(r.clone())
            .is_some_and(|h| !h.is_ascii() && !h.contains('%'))
    });
    let Some(host) = host else {
        return MapToUri(f).write_str(s);
    };
    MapToUri(&mut *f).write_str(&s[..host.start])?;
    // UTS #46 maps some characters to ASCII delimiters or spaces (U+FF0F FULLWIDTH SOLIDUS
    // to '/', U+00A0 to ' '), which would end or break the authority: only a result of
    // unreserved bytes (letters, digits, '-', '.') is a host, else the host is
    // percent-encoded as IDNA refused it.
    match idna::domain_to_ascii(&s[host.clone()]) {
        Ok(ascii)
            if ascii
                .bytes()
                .all(|b| crate::tables::chars::UNRESERVED.contains(b)) =>
        {
            f.write_str(&ascii)?
        }
        _ => MapToUri(&mut *f).write_str(&s[host.clone()])?,
    }
    MapToUri(f).write_str(&s[host.end..])
}

/// A writer that applies the IRI→URI mapping (RFC 3987 §3.1) to what is written through it:
/// every non-ASCII character as its percent-encoded UTF-8 octets, the rest as it is.
pub(crate) struct MapToUri<W>(pub(crate) W);

/// Input bytes mapped per write. The mapped text of a chunk (at most three bytes for one)
/// fills at most `MAPPED` bytes of the buffer, whose three more bytes take the slack of the
/// four-byte stores.
const CHUNK: usize = 80;
const MAPPED: usize = 256;
const _: () = assert!(3 * CHUNK <= MAPPED && MAPPED.is_power_of_two());

/// Each byte's mapping as four little-endian bytes: its text (the byte itself, or `%XX` for a
/// byte outside ASCII) and, in the top byte, the text's length.
const ENCODED: [u32; 256] = {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    let mut t = [0u32; 256];
    let mut b = 0;
    while b < 256 {
        t[b] = if b < 0x80 {
            b as u32 | 1 << 24
        } else {
            b'%' as u32 | (HEX[b >> 4] as u32) << 8 | (HEX[b & 15] as u32) << 16 | 3 << 24
        };
        b += 1;
    }
    t
};

impl<W: fmt::Write> fmt::Write for MapToUri<W> {
    #[inline]
    fn write_str(&mut self, s: &str) -> fmt::Result {
        if s.is_ascii() {
            return self.0.write_str(s);
        }
        // The mapped text is gathered a chunk at a time in a buffer and written once per
        // chunk, once for most links (a write per run of characters cost iri_links' to_uri
        // 2,665 instructions per link, parse included; a write per link 2,237). Every byte
        // takes the same steps, a four-byte store of its mapping and an advance by the
        // mapping's length, with no branch on the byte: 2,142 -> 1,676 per link against a
        // branch on `is_ascii` and two lookups of hex digits.
        let mut buf = [0u8; MAPPED + 3];
        for chunk in s.as_bytes().chunks(CHUNK) {
            let mut n = 0;
            for &b in chunk {
                let e = ENCODED[usize::from(b)];
                // `n < MAPPED` already; the mask only lets the compiler see it.
                let at = n & (MAPPED - 1);
                buf[at..at + 4].copy_from_slice(&e.to_le_bytes());
                n = at + (e >> 24) as usize;
            }
            write_ascii(&mut self.0, &buf[..n.min(MAPPED)])?;
        }
        Ok(())
    }
}

/// Writes `ascii`, which is ASCII (so `from_utf8` cannot fail), to `w`.
fn write_ascii(w: &mut impl fmt::Write, ascii: &[u8]) -> fmt::Result {
    w.write_str(core::str::from_utf8(ascii).unwrap_or_default())
}

/// The URI→IRI mapping of RFC 3987 §3.2 as a `Display` view; see [`UriRef::to_iri`].
#[derive(Clone, Copy, Debug)]
pub struct ToIri<'a>(UriRef<'a>);

impl<'a> UriRef<'a> {
    /// A `Display` view of the URI→IRI mapping (RFC 3987 §3.2): percent-encoded UTF-8 is
    /// decoded only where the character is allowed unencoded there (`ucschar`; `iprivate` only
    /// in the query), never a bidi formatting character, reserved character or invalid UTF-8.
    /// Allocates nothing.
    ///
    /// In the authority (userinfo and host), a character that NFKC or the UTS #46 mapping
    /// browsers apply to hosts would turn into a delimiter (`/ ? # @ : [ ] \ %`), whitespace or
    /// nothing also stays percent-encoded (RFC 3987 §8): `http://evil%EF%BC%8F.example/`
    /// decoded would show `evil／.example`, which a browser reads as the host `evil` and the
    /// path `/.example/`. The fullwidth, small and vertical forms of those delimiters, the
    /// ligatures that hold one, the spaces and the default-ignorable characters.
    ///
    /// ```
    /// use urilex::UriRef;
    /// let uri = UriRef::parse("http://a/r%C3%A9sum%C3%A9?%2F%E2%80%8E%FF")?;
    /// assert_eq!(uri.to_iri().to_string(), "http://a/résumé?%2F%E2%80%8E%FF");
    /// let spoof = UriRef::parse("http://evil%EF%BC%8F.example/%EF%BC%8F")?;
    /// assert_eq!(spoof.to_iri().to_string(), "http://evil%EF%BC%8F.example/／");
    /// # Ok::<(), urilex::ParseError>(())
    /// ```
    pub fn to_iri(&self) -> ToIri<'a> {
        ToIri(*self)
    }
}

fn hex(b: u8) -> Option<u8> {
    (b as char).to_digit(16).map(|d| d as u8)
}

/// The octet of `%XX` at `b[i..]`, if there is one.
fn pct_at(b: &[u8], i: usize) -> Option<u8> {
    match b.get(i..i + 3)? {
        [b'%', h, l] => Some(hex(*h)? << 4 | hex(*l)?),
        _ => None,
    }
}

impl fmt::Display for ToIri<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = self.0.as_str();
        let b = s.as_bytes();
        let query = self.0.span(Component::Query);
        let authority = self.0.span(Component::Authority);
        let (mut i, mut done) = (0, 0);
        while i < b.len() {
            let decoded = pct_at(b, i).filter(|&o| o >= 0x80).and_then(|lead| {
                let n = match lead {
                    0xC2..=0xDF => 2,
                    0xE0..=0xEF => 3,
                    0xF0..=0xF4 => 4,
                    _ => return None,
                };
                let mut utf8 = [lead, 0, 0, 0];
                for (k, o) in utf8.iter_mut().enumerate().take(n).skip(1) {
                    *o = pct_at(b, i + 3 * k)?;
                }
                let c = core::str::from_utf8(&utf8[..n]).ok()?.chars().next()?;
                let in_query = query.as_ref().is_some_and(|r| r.contains(&i));
                let in_authority = authority.as_ref().is_some_and(|r| r.contains(&i));
                let allowed = !is_bidi(c)
                    && (is_ucschar(c) || in_query && is_iprivate(c))
                    && !(in_authority && is_authority_lookalike(c));
                allowed.then_some((c, 3 * n))
            });
            match decoded {
                Some((c, len)) => {
                    f.write_str(&s[done..i])?;
                    f.write_char(c)?;
                    i += len;
                    done = i;
                }
                None => i += 1,
            }
        }
        f.write_str(&s[done..])
    }
}

/// Whether a character, decoded in an authority, could be read as another authority: one
/// that NFKC (Unicode UAX #15) or the UTS #46 mapping (IDNA, which browsers apply to hosts)
/// turns into, or into a string holding, a delimiter of the authority (`/ ? # @ : [ ] \ %`),
/// whitespace, or nothing at all (the default-ignorable characters UTS #46 deletes). RFC 3987
/// §8 (security considerations) warns of exactly these look-alikes; [`UriRef::to_iri`]
/// leaves them percent-encoded in the userinfo and host.
///
/// The ranges: the fullwidth, small and vertical forms of the delimiters (U+FF03 ＃, U+FF0F ／,
/// U+FE6B ﹫, ...), the ligatures that hold one (U+2100 ℀ `a/c`, U+2047 ⁇ `??`, U+2A74 ⩴
/// `::=`), the spaces that NFKC maps to U+0020 and the other `White_Space` characters, the
/// spacing accents that NFKC decomposes into a space and a combining mark (U+00A8 ¨), and
/// the `Default_Ignorable_Code_Point` ranges of the Unicode Character Database. A test
/// (`tests/iri.rs`) checks every code point against the `idna` crate's UTS #46 mapping and
/// `unicode-normalization`'s NFKC.
pub(crate) fn is_authority_lookalike(c: char) -> bool {
    matches!(
        c as u32,
        // Fullwidth forms of # % / : ? @ [ \ ]
        0xFF03 | 0xFF05 | 0xFF0F | 0xFF1A | 0xFF1F | 0xFF20 | 0xFF3B..=0xFF3D
        // Small form variants of : ? # \ % @, vertical forms of : ? and [ ]
        | 0xFE55 | 0xFE56 | 0xFE5F | 0xFE68 | 0xFE6A | 0xFE6B | 0xFE13 | 0xFE16 | 0xFE47 | 0xFE48
        // ?? ?! !? ; a/c a/s c/o c/u ; ::=
        | 0x2047..=0x2049 | 0x2100 | 0x2101 | 0x2105 | 0x2106 | 0x2A74
        // White_Space
        | 0x00A0 | 0x1680 | 0x2000..=0x200A | 0x2028 | 0x2029 | 0x202F | 0x205F | 0x3000
        // Spacing forms that NFKC decomposes into a space and a combining mark (¨ ¯ ´ ¸,
        // Greek and Japanese spacing accents, Arabic spacing vowels), and the two Arabic
        // phrase ligatures that hold spaces
        | 0x00A8 | 0x00AF | 0x00B4 | 0x00B8 | 0x02D8..=0x02DD | 0x037A | 0x0384 | 0x0385
        | 0x1FBD | 0x1FBF..=0x1FC1 | 0x1FCD..=0x1FCF | 0x1FDD..=0x1FDF | 0x1FED | 0x1FEE
        | 0x1FFD | 0x1FFE | 0x2017 | 0x203E | 0x309B | 0x309C | 0xFC5E..=0xFC63 | 0xFDFA
        | 0xFDFB | 0xFE49..=0xFE4C | 0xFE70 | 0xFE72 | 0xFE74 | 0xFE76 | 0xFE78 | 0xFE7A
        | 0xFE7C | 0xFE7E | 0xFFE3
        // Default_Ignorable_Code_Point
        | 0x00AD | 0x034F | 0x061C | 0x115F | 0x1160 | 0x17B4 | 0x17B5 | 0x180B..=0x180F
        | 0x200B..=0x200F | 0x202A..=0x202E | 0x2060..=0x206F | 0x3164 | 0xFE00..=0xFE0F
        | 0xFEFF | 0xFFA0 | 0xFFF0..=0xFFF8 | 0x1BCA0..=0x1BCA3 | 0x1D173..=0x1D17A
        | 0xE0000..=0xE0FFF
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The mapping writer against the mapping written the plain way (every byte outside ASCII
    /// as `%XX`), on strings of every length up to three chunks and over, so that a
    /// character split between chunks and a chunk of nothing but three-byte output are met.
    #[test]
    fn map_to_uri_agrees_with_a_byte_by_byte_reference() {
        use core::fmt::Write as _;
        let pieces = ["a", "/", "%", "é", "例", "\u{10348}", "\u{E000}", "~"];
        let mut next = crate::xorshift(0x9e37_79b9_7f4a_7c15u64);
        for len in 0..4 * CHUNK {
            for _ in 0..20 {
                let mut s = std::string::String::new();
                while s.len() < len {
                    s.push_str(pieces[(next() % pieces.len() as u64) as usize]);
                }
                let mut expected = std::string::String::new();
                for &b in s.as_bytes() {
                    if b.is_ascii() {
                        expected.push(char::from(b));
                    } else {
                        write!(expected, "%{b:02X}").unwrap();
                    }
                }
                let mut ours = std::string::String::new();
                MapToUri(&mut ours).write_str(&s).unwrap();
                assert_eq!(ours, expected, "{s:?}");
            }
        }
    }
}
