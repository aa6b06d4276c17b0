//! `Debug` forms that never print a password: the front ends' `Debug` writes a userinfo or an
//! authority through these (RFC 3986 §3.2.1 deprecates `user:password`, §7.5 asks not to show
//! it in clear text).

use core::fmt;

/// What [`Redacted`](crate::Redacted) writes in place of a password.
pub const REDACTED_PASSWORD: &str = "***";

/// A userinfo for `Debug`: `user:***` when it holds a non-empty password, else as written.
pub(crate) struct RedactedUserinfo<'a>(pub(crate) &'a str);

impl fmt::Debug for RedactedUserinfo<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0.split_once(':') {
            Some((user, password)) if !password.is_empty() => {
                write!(f, "\"{}:{REDACTED_PASSWORD}\"", user.escape_debug())
            }
            _ => fmt::Debug::fmt(self.0, f),
        }
    }
}

/// An authority (`userinfo@host:port`) for `Debug`: the userinfo, before the last `@`, as
/// [`RedactedUserinfo`] writes it.
pub(crate) struct RedactedAuthority<'a>(pub(crate) &'a str);

impl fmt::Debug for RedactedAuthority<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0.rsplit_once('@') {
            Some((userinfo, rest)) => f
                .debug_struct("Authority")
                .field("userinfo", &RedactedUserinfo(userinfo))
                .field("host_port", &rest)
                .finish(),
            None => fmt::Debug::fmt(self.0, f),
        }
    }
}
