//! The character classes of RFC 3986 (Appendix A) as byte predicates.
//!
//! Each class is one bit of a 256-entry table that `build.rs` compiles from
//! `tables/classes.abnf`, so a test is one load and one mask. The classes are sets of single
//! bytes: `pct-encoded` (`"%" HEXDIG HEXDIG`) is a three-byte sequence that the parser
//! handles, so `%` belongs to none of them.
//!
//! ```
//! use urilex::chars;
//! assert!(chars::PCHAR.contains(b'@'));
//! assert!(!chars::REG_NAME.contains(b':'));
//! assert_eq!(chars::ALL.iter().filter(|c| c.contains(b'~')).count(), 8);
//! ```

use crate::tables::{self, CLASS_BITS, PUBLIC_CLASSES};

/// A set of bytes named by an ABNF rule of RFC 3986.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CharClass {
    name: &'static str,
    bit: u32,
}

impl CharClass {
    /// The rule's name as RFC 3986 writes it (`"sub-delims"`, `"pchar"`, …).
    pub const fn name(&self) -> &'static str {
        self.name
    }

    /// Whether `byte` belongs to the class.
    #[inline]
    pub const fn contains(&self, byte: u8) -> bool {
        CLASS_BITS[byte as usize] & self.bit != 0
    }
}

macro_rules! classes {
    ($($(#[$doc:meta])* $name:ident = $rfc:literal, $bit:ident;)*) => {
        $( $(#[$doc])* pub const $name: CharClass = CharClass { name: $rfc, bit: tables::$bit }; )*
    };
}

classes! {
    /// `ALPHA = %x41-5A / %x61-7A` (RFC 5234 B.1)
    ALPHA = "ALPHA", BIT_ALPHA;
    /// `DIGIT = %x30-39` (RFC 5234 B.1)
    DIGIT = "DIGIT", BIT_DIGIT;
    /// `HEXDIG = DIGIT / "A" / "B" / "C" / "D" / "E" / "F"`, case-insensitive (RFC 5234 B.1)
    HEXDIG = "HEXDIG", BIT_HEXDIG;
    /// `unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"` (§2.3)
    UNRESERVED = "unreserved", BIT_UNRESERVED;
    /// `gen-delims = ":" / "/" / "?" / "#" / "[" / "]" / "@"` (§2.2)
    GEN_DELIMS = "gen-delims", BIT_GEN_DELIMS;
    /// `sub-delims = "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "="` (§2.2)
    SUB_DELIMS = "sub-delims", BIT_SUB_DELIMS;
    /// `reserved = gen-delims / sub-delims` (§2.2)
    RESERVED = "reserved", BIT_RESERVED;
    /// The bytes of `scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )` after the first
    /// (§3.1).
    SCHEME = "scheme", BIT_SCHEME;
    /// `userinfo = *( unreserved / pct-encoded / sub-delims / ":" )` (§3.2.1), single bytes.
    USERINFO = "userinfo", BIT_USERINFO;
    /// `reg-name = *( unreserved / pct-encoded / sub-delims )` (§3.2.2), single bytes.
    REG_NAME = "reg-name", BIT_REG_NAME;
    /// `pchar = unreserved / pct-encoded / sub-delims / ":" / "@"` (§3.3), single bytes.
    PCHAR = "pchar", BIT_PCHAR;
    /// `segment = *pchar` (§3.3), single bytes.
    SEGMENT = "segment", BIT_SEGMENT;
    /// `segment-nz-nc = 1*( unreserved / pct-encoded / sub-delims / "@" )` (§3.3): a
    /// segment without `:`, single bytes.
    SEGMENT_NZ_NC = "segment-nz-nc", BIT_SEGMENT_NZ_NC;
    /// `query = *( pchar / "/" / "?" )` (§3.4), single bytes.
    QUERY = "query", BIT_QUERY;
    /// `fragment = *( pchar / "/" / "?" )` (§3.5), single bytes.
    FRAGMENT = "fragment", BIT_FRAGMENT;
}

/// Every exported class, in the order of `tables/classes.abnf`.
pub const ALL: [CharClass; PUBLIC_CLASSES.len()] = {
    let mut all = [ALPHA; PUBLIC_CLASSES.len()];
    let mut i = 0;
    while i < all.len() {
        all[i] = CharClass {
            name: PUBLIC_CLASSES[i].0,
            bit: PUBLIC_CLASSES[i].1,
        };
        i += 1;
    }
    all
};
