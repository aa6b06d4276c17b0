//! Test support: independent oracles (ABNF predicates, a reference recognizer), a counting
//! allocator, and loaders for the shared vectors.

pub mod abnf;
pub mod alloc;
pub mod data;
#[allow(dead_code)] // used by tests/hostile.rs and benches/linearity.rs alone
pub mod hostile_inputs;
pub mod reference;
#[allow(dead_code)] // used by the RFC 2396 tests alone
pub mod rfc2396_inputs;

/// Fails with the count and the first 20 of `failures` (one line each) unless there are none.
#[track_caller]
pub fn assert_no_failures(failures: &[String], what: &str) {
    assert!(
        failures.is_empty(),
        "{} {what}, first:\n{}",
        failures.len(),
        failures[..failures.len().min(20)].join("\n")
    );
}
