//! The solver: one instrumented search core, the textbook algorithms over it, heuristics, and
//! two puzzle domains (general blocks, and the numbered-tile fast path).
//!
//! - [`core`]: the [`core::Domain`] and [`core::Heuristic`] traits, limits, statistics,
//!   progress and cancellation.
//! - [`algorithms`]: one file per algorithm, each generic over the domain.
//! - [`observe`]: the observer a watched search reports its every step to; [`trace`]: a
//!   recorded search, replayed step by step.
//! - [`blocks`]: the block engine: polyomino pieces, walls, three move metrics.
//! - [`tiles`]: the numbered-tile fast path: parity, Manhattan, pattern databases.
//! - [`analysis`]: whole-space analyses for designers: a puzzle's component, a piece set.
//! - [`family`]: whole families: every Rush Hour layout a rule set allows, in clusters.
//! - [`api`]: the front door used by the CLI and the GUI.

pub mod algorithms;
pub mod analysis;
pub mod api;
pub mod blocks;
pub mod core;
pub mod design;
pub mod estimate;
pub mod family;
pub mod observe;
pub(crate) mod puzzle_domain;
pub mod tiles;
pub mod trace;

pub use api::{
    Algorithm, CountReport, HeuristicInfo, Hint, PieceMove, ReplayError, SolveError, SolveReport,
    SolveRequest, check, count, distances_along, heuristic_along, heuristics_for, hint, solve,
    verify_solution,
};
pub use core::{Limits, Preparation, SearchControl, Stats, Termination, process_peak_memory};
