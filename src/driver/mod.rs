//! The driver: steps a grammar's table over the input, hands the long runs to the kernels
//! below, checks IP literals by their own small table ([`ip`]), and records where each
//! component starts and ends (a [`parse::Layout`]). One driver for every grammar, generic over
//! its tables (`tables::Grammar`).

pub(crate) mod ip;
pub(crate) mod parse;
