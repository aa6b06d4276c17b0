//! Public suffixes and registrable domains by the Public Suffix List (the `psl` crate, which
//! compiles the list into code: no file, no download).

use alloc::string::String;

use crate::owned::whatwg::host::ends_in_a_number;

/// The host as the list is looked up in (lowercase, one trailing dot dropped) and how many of
/// its labels the public suffix is. `None` for what has no suffix: an empty host, an empty
/// label (`.com`, `a..com`), an IP address.
fn lookup(host: &str) -> Option<(String, usize)> {
    let host = host.strip_suffix('.').unwrap_or(host);
    if host.is_empty() || host.starts_with('[') || host.split('.').any(str::is_empty) {
        return None;
    }
    let host = host.to_ascii_lowercase();
    if ends_in_a_number(&host) {
        return None;
    }
    let labels = host.split('.').count();
    // The list holds its internationalized rules in both forms, but not every spelling of
    // them: look a Unicode host up by its A-labels, one for one.
    let ascii;
    let key = if host.is_ascii() {
        host.as_str()
    } else {
        ascii = idna::domain_to_ascii(&host).ok()?;
        if ascii.split('.').count() != labels {
            return None;
        }
        ascii.as_str()
    };
    let suffix = psl::suffix(key.as_bytes())?;
    let n = suffix.as_bytes().split(|&b| b == b'.').count();
    Some((host, n))
}

/// The last `n` labels of `host` (`n` > 0).
fn last_labels(host: &str, n: usize) -> &str {
    let start = host
        .rmatch_indices('.')
        .nth(n - 1)
        .map_or(0, |(dot, _)| dot + 1);
    &host[start..]
}

pub(super) fn public_suffix(host: &str) -> Option<String> {
    let (host, n) = lookup(host)?;
    Some(last_labels(&host, n).into())
}

pub(super) fn registrable_domain(host: &str) -> Option<String> {
    let (host, n) = lookup(host)?;
    // A host that is a public suffix itself has no registrable domain.
    (host.split('.').count() > n).then(|| last_labels(&host, n + 1).into())
}
