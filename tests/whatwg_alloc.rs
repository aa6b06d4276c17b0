//! A URL already in the URL Standard's serialized form costs one allocation, its href: the
//! shortcut (`src/owned/whatwg/shortcut.rs`) parses it by RFC 3986 without allocating and
//! copies it once. Checked with a counting allocator on such URLs of the corpora.
#![cfg(feature = "whatwg")]

#[allow(dead_code)] // each test binary uses part of the shared support
mod support;

#[global_allocator]
static ALLOC: support::alloc::Counting = support::alloc::Counting;

/// Web links, and the file URLs of a module loader (with a few `node:` and other non-special
/// schemes among them).
#[test]
fn a_serialized_url_is_one_allocation() {
    for corpus in ["ada_kasztp", "ada_node_files", "ada_isaacs_files"] {
        one_allocation_in(corpus);
    }
}

fn one_allocation_in(corpus: &str) {
    let text = std::fs::read_to_string(format!("../shared/corpora/{corpus}.txt")).unwrap();
    let (mut serialized, mut one) = (0, 0);
    for line in text.lines() {
        // The serialized form: the href the parser gives back is the input itself.
        let Ok(url) = urilex::whatwg::Url::parse(line, None) else {
            continue;
        };
        if url.href() != line {
            continue;
        }
        serialized += 1;
        let (parsed, allocations) =
            support::alloc::count(|| urilex::whatwg::Url::parse(line, None));
        assert_eq!(parsed.map(|u| u.href() == line), Ok(true));
        // The shortcut leaves a few serialized forms to the state machine (a host RFC 3986
        // refuses, such as one with a '"'; a port): those may allocate more.
        one += usize::from(allocations == 1);
    }
    assert!(serialized > 5_000, "{corpus}: {serialized}");
    assert!(
        one * 100 >= serialized * 95,
        "{corpus}: {one} of {serialized} in one allocation"
    );
    println!("{corpus}: {one} of {serialized} in one allocation");
}
