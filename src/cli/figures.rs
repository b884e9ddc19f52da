//! How the CLI writes figures for people (its JSON gives the raw numbers): byte sizes and
//! large counts as the core writes them everywhere ([`bytes`], [`thousands`]).

pub use blockslide_core::model::text::{bytes, thousands};

/// Bytes in a mebibyte: what `--max-memory` counts in, and the unit `--max-memory` counts in.
pub const MIB: u64 = 1 << 20;
