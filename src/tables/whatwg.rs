//! The URL Standard's basic URL parser as `build.rs` compiles it from `tables/whatwg.machine`:
//! its percent-encode sets (§1.3) as one byte table, the code points its rules tell apart as
//! classes, and for every (state, class) the rules to try. The driver that carries the rules'
//! actions out is `owned::whatwg::machine`.

use crate::vocab::whatwg_error::ValidationErrorKind;

include!(concat!(env!("OUT_DIR"), "/whatwg_machine.rs"));

impl EncodeSet {
    /// Whether `b` (a byte of UTF-8) is percent-encoded by this set.
    #[inline]
    pub(crate) fn contains(self, b: u8) -> bool {
        SETS[b as usize] & (1 << self as u16) != 0
    }
}

/// The class of a code point in a URL whose scheme is special or not (`None` is EOF).
#[inline]
pub(crate) fn class(c: Option<char>, special: bool) -> u8 {
    match c {
        None => EOF,
        Some('\\') if special => SPECIAL_BACKSLASH,
        Some(c) if c.is_ascii() => CLASS[c as usize],
        Some(_) => NON_ASCII,
    }
}

#[cfg(test)]
mod tests {
    use super::EncodeSet;

    /// The sets as the standard's prose defines them (§1.3), each the one before it and more.
    #[test]
    fn sets_are_the_standards() {
        for b in 0..=255u8 {
            let c0 = !(0x20..=0x7E).contains(&b);
            let fragment = c0 || b" \"<>`".contains(&b);
            let query = c0 || b" \"#<>".contains(&b);
            let special_query = query || b == b'\'';
            let path = query || b"?^`{}".contains(&b);
            let userinfo = path || b"/:;=@[\\]|".contains(&b);
            let component = userinfo || b"$%&+,".contains(&b);
            let form = component || b"!'()~".contains(&b);
            let want = [
                (EncodeSet::C0Control, c0),
                (EncodeSet::Fragment, fragment),
                (EncodeSet::Query, query),
                (EncodeSet::SpecialQuery, special_query),
                (EncodeSet::Path, path),
                (EncodeSet::Userinfo, userinfo),
                (EncodeSet::Component, component),
                (EncodeSet::Form, form),
                (EncodeSet::OpaqueSpace, c0 || b == b' '),
            ];
            for (set, expected) in want {
                assert_eq!(set.contains(b), expected, "{set:?} {b:#x}");
            }
        }
    }
}
