//! The URL Standard's percent-encode sets (§1.3 "Percent-encoded bytes"), as byte tables: bit
//! `1 << set` of `SETS[b]` is set when byte `b` is in that set. Each set is the one before it
//! plus a few bytes, as the standard defines them; every byte outside printable ASCII (the C0
//! controls, U+007F and every byte of a non-ASCII character's UTF-8) is in all of them.

/// A percent-encode set of the URL Standard, named as it names them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum EncodeSet {
    /// C0 controls and every code point above U+007E.
    C0Control = 0,
    /// C0 control, and space `"` `<` `>` `` ` ``.
    Fragment = 1,
    /// C0 control, and space `"` `#` `<` `>`.
    Query = 2,
    /// Query, and `'`.
    SpecialQuery = 3,
    /// Query, and `?` `^` `` ` `` `{` `}`.
    Path = 4,
    /// Path, and `/` `:` `;` `=` `@` `[` `\` `]` `|`.
    Userinfo = 5,
    /// Userinfo, and `$` `%` `&` `+` `,`.
    Component = 6,
    /// Component, and `!` `'` `(` `)` `~` (application/x-www-form-urlencoded).
    Form = 7,
}

const fn build() -> [u8; 256] {
    let mut t = [0u8; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        let c0 = c < 0x20 || c > 0x7E;
        let fragment = c0 || matches!(c, b' ' | b'"' | b'<' | b'>' | b'`');
        let query = c0 || matches!(c, b' ' | b'"' | b'#' | b'<' | b'>');
        let special_query = query || c == b'\'';
        let path = query || matches!(c, b'?' | b'^' | b'`' | b'{' | b'}');
        let userinfo = path
            || matches!(
                c,
                b'/' | b':' | b';' | b'=' | b'@' | b'[' | b'\\' | b']' | b'|'
            );
        let component = userinfo || matches!(c, b'$' | b'%' | b'&' | b'+' | b',');
        let form = component || matches!(c, b'!' | b'\'' | b'(' | b')' | b'~');
        let bits = [
            c0,
            fragment,
            query,
            special_query,
            path,
            userinfo,
            component,
            form,
        ];
        let mut k = 0;
        while k < 8 {
            if bits[k] {
                t[b] |= 1 << k;
            }
            k += 1;
        }
        b += 1;
    }
    t
}

/// `SETS[b] & (1 << set)`: whether byte `b` is in `set`.
pub(crate) static SETS: [u8; 256] = build();

impl EncodeSet {
    /// Whether `b` (a byte of UTF-8) is percent-encoded by this set.
    #[inline]
    pub(crate) fn contains(self, b: u8) -> bool {
        SETS[b as usize] & (1 << self as u8) != 0
    }
}
