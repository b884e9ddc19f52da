//! The solver: one instrumented search core, the textbook algorithms over it, heuristics, and
//! two puzzle domains (general blocks, and the numbered-tile fast path).
//!
//! - [`core`]: the [`core::Domain`] and [`core::Heuristic`] traits, limits, statistics,
//!   progress and cancellation.
//! - [`algorithms`]: one file per algorithm, each generic over the domain.
//! - [`observe`]: the observer a watched search reports its every step to; [`trace`]: a
//!   recorded search, replayed step by step; [`recorded`]: traces of searches made elsewhere
//!   (built event by event, or read back from a trace file).
//! - `blocks`: the block engine: polyomino pieces, walls, three move metrics.
//! - `tiles`: the numbered-tile fast path: parity, Manhattan, pattern databases.
//! - `analysis`: whole-space analyses for designers: a puzzle's component, a piece set.
//! - [`family`]: whole families: every Rush Hour layout a rule set allows, in clusters.
//! - [`api`]: the front door used by the CLI and the GUI.

/// Declares an engine module: private to the crate, so the public API stays what a library
/// user needs (the front door, the search core, the tasks), and public under the `testing`
/// feature, which the workspace's tests and benches enable to check the engines directly.
macro_rules! engine {
    ($name:ident) => {
        #[cfg(feature = "testing")]
        pub mod $name;
        #[cfg(not(feature = "testing"))]
        pub(crate) mod $name;
    };
}

pub mod algorithms;
engine!(analysis);
pub mod api;
engine!(blocks);
pub mod core;
pub mod design;
pub mod estimate;
pub mod family;
pub mod observe;
pub(crate) mod puzzle_domain;
pub mod recorded;
engine!(tiles);
pub mod trace;

pub use api::{
    Algorithm, CountReport, HeuristicInfo, Hint, PieceMove, ReplayError, SolveError, SolveReport,
    SolveRequest, check, count, distances_along, heuristic_along, heuristics_for, hint, solve,
    verify_solution,
};
pub use core::{Limits, Preparation, SearchControl, Stats, Termination, process_peak_memory};
