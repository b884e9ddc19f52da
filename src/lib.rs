//! Blockslide: a studio for sliding puzzles.
//!
//! - [`model`]: one model for every sliding puzzle (board, pieces, goal), its RON file
//!   format, and validation.
//! - [`solve`]: one instrumented search core, the textbook algorithms, heuristics, and the
//!   block and tile domains.
//! - `gui` (feature `gui`): the desktop app.
//!
//! Dependencies point one way: `gui` → `solve` → `model`.

#![forbid(missing_docs)]

#[cfg(feature = "gui")]
pub mod gui;
pub mod model;
pub mod solve;
