//! Test support: independent oracles (ABNF predicates, a reference recognizer), a counting
//! allocator, and loaders for the shared vectors.

pub mod abnf;
pub mod alloc;
pub mod data;
pub mod reference;
