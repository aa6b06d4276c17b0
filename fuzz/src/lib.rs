//! Checks shared by the fuzz targets and by the crate's tests (tests/hostile.rs and
//! tests/differential.rs include these files with `#[path]`), so that a fuzz finding replays
//! as a plain `cargo test`.

pub mod api;
pub mod cpeers;
pub mod invariants;
pub mod peers;
pub mod targets;
