//! Public suffixes and registrable domains by the Public Suffix List (the `psl` crate, which
//! compiles the list into code: no file, no download).

use alloc::borrow::Cow;
use alloc::string::String;

use crate::owned::whatwg::host::ends_in_a_number;

/// The host as the list is looked up in (lowercase, one trailing dot dropped) and how many of
/// its labels the public suffix is. `None` for what has no suffix: an empty host, an empty
/// label (`.com`, `a..com`), an IP address.
fn lookup(host: &str) -> Option<(Cow<'_, str>, usize)> {
    let host = host.strip_suffix('.').unwrap_or(host);
    let labels = count_labels(host.as_bytes())?;
    if host.starts_with('[') {
        return None;
    }
    let host = if host.bytes().any(|b| b.is_ascii_uppercase()) {
        Cow::Owned(host.to_ascii_lowercase())
    } else {
        Cow::Borrowed(host)
    };
    if ends_in_a_number(&host) {
        return None;
    }
    // The list holds its internationalized rules in both forms, but not every spelling of
    // them: look a Unicode host up by its A-labels, one for one.
    let ascii;
    let key = if host.is_ascii() {
        &*host
    } else {
        ascii = idna::domain_to_ascii(&host).ok()?;
        if count_labels(ascii.as_bytes()) != Some(labels) {
            return None;
        }
        ascii.as_str()
    };
    let suffix = psl::suffix(key.as_bytes())?;
    let n = 1 + suffix.as_bytes().iter().filter(|&&b| b == b'.').count();
    Some((host, n))
}

/// How many labels `host` has; `None` for an empty host or an empty label.
fn count_labels(host: &[u8]) -> Option<usize> {
    let (mut labels, mut prev) = (1, b'.');
    for &b in host {
        if b == b'.' {
            if prev == b'.' {
                return None;
            }
            labels += 1;
        }
        prev = b;
    }
    (prev != b'.').then_some(labels)
}

/// The last `n` labels of `host` (`n` > 0).
fn last_labels(host: &str, n: usize) -> &str {
    let mut start = host.len();
    for _ in 0..n {
        match host.as_bytes()[..start.saturating_sub(1)]
            .iter()
            .rposition(|&b| b == b'.')
        {
            Some(dot) => start = dot + 1,
            None => return host,
        }
    }
    &host[start..]
}

pub(super) fn public_suffix(host: &str) -> Option<String> {
    let (host, n) = lookup(host)?;
    Some(last_labels(&host, n).into())
}

pub(super) fn registrable_domain(host: &str) -> Option<String> {
    let (host, n) = lookup(host)?;
    // A host that is a public suffix itself has no registrable domain.
    let labels = 1 + host.bytes().filter(|&b| b == b'.').count();
    (labels > n).then(|| last_labels(&host, n + 1).into())
}
