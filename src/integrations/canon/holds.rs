//! What a part of a URL holds, found in one pass over it with a byte table, so that each
//! canonicalization step runs only where it would change something: most URLs have nothing
//! to decode, escape or resolve, and a step that is skipped costs nothing.

use super::escape::must_escape;

const UPPER: u8 = 1;
const ESCAPE: u8 = 2;
const PAREN: u8 = 4;
const AMP: u8 = 8;
const QUESTION: u8 = 16;
const RAW: u8 = 32;

/// Each byte's flags.
static CLASS: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        let mut f = 0;
        if c.is_ascii_uppercase() {
            f |= UPPER;
        }
        if must_escape(c) {
            f |= ESCAPE;
            if c != b'%' {
                f |= RAW;
            }
        }
        if c == b'(' {
            f |= PAREN;
        }
        if c == b'&' {
            f |= AMP;
        }
        if c == b'?' {
            f |= QUESTION;
        }
        t[b] = f;
        b += 1;
    }
    t
};

/// What a part holds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Holds(u8);

impl Holds {
    pub(super) fn of(part: &[u8]) -> Holds {
        // Eight bytes a step: eight loads and ORs, one loop test.
        let mut chunks = part.chunks_exact(8);
        let mut acc = 0;
        for c in &mut chunks {
            acc |= c.iter().fold(0, |a, &b| a | CLASS[usize::from(b)]);
        }
        Holds(
            chunks
                .remainder()
                .iter()
                .fold(acc, |a, &b| a | CLASS[usize::from(b)]),
        )
    }

    /// What `part` holds, where `whole` is what the text it may borrow from holds: a part
    /// borrowed from that text holds no more than it (no second pass), a part a step has
    /// rewritten is looked at again.
    #[allow(clippy::ptr_arg)] // whether the part is borrowed is the point
    pub(super) fn within(part: &alloc::borrow::Cow<'_, [u8]>, whole: Holds) -> Holds {
        match part {
            alloc::borrow::Cow::Borrowed(_) => whole,
            alloc::borrow::Cow::Owned(v) => Holds::of(v),
        }
    }
    /// An upper-case ASCII letter.
    pub(super) fn upper(self) -> bool {
        self.0 & UPPER != 0
    }
    /// A byte a key escapes, `%` among them (so also anything to decode).
    pub(super) fn escape(self) -> bool {
        self.0 & ESCAPE != 0
    }
    /// A byte a key escapes other than `%`: a control, space, `#`, DEL or non-ASCII.
    pub(super) fn raw(self) -> bool {
        self.0 & RAW != 0
    }
    pub(super) fn paren(self) -> bool {
        self.0 & PAREN != 0
    }
    pub(super) fn amp(self) -> bool {
        self.0 & AMP != 0
    }
    pub(super) fn question(self) -> bool {
        self.0 & QUESTION != 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flags_are_their_definitions() {
        for b in 0..=255u8 {
            let h = Holds::of(&[b]);
            assert_eq!(h.upper(), b.is_ascii_uppercase());
            assert_eq!(h.escape(), must_escape(b));
            assert_eq!(h.raw(), must_escape(b) && b != b'%');
            assert_eq!(h.paren(), b == b'(');
            assert_eq!(h.amp(), b == b'&');
            assert_eq!(h.question(), b == b'?');
        }
        assert_eq!(Holds::of(b""), Holds::default());
    }
}
