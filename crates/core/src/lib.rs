//! Blockslide's core: one model for every sliding puzzle and the optimal solvers over it.
//!
//! - [`model`]: the board, pieces and goal, the RON file format, and validation.
//! - [`solve`]: one instrumented search core, the textbook algorithms, heuristics, and the
//!   block and tile domains, with [`solve::api`] as the front door.
//!
//! Dependencies point one way: `solve` → `model`. The crate has no GUI dependency.

#![forbid(missing_docs)]

pub mod model;
pub mod solve;
