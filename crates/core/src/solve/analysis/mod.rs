//! Whole-space analyses for puzzle designers, built on the layered walk
//! ([`walk_from`](crate::solve::algorithms::walk_from)) rather than on a search loop of
//! their own, generic over the domain:
//!
//! - [`component`]: one puzzle's component (every position reachable from its start): its
//!   size and goal positions, every position's distance to the nearest goal as a histogram,
//!   the hardest starts, and the number of distinct optimal solutions from the start.
//! - [`sorted`]: the same analysis on sorted layers of packed positions, for components of
//!   tens of millions of positions, on every thread.
//! - `phases`: what every analysis shares, including the block engine's exploration of a
//!   piece set ([`explore_piece_set`](crate::solve::blocks::explore_piece_set)).
//!
//! An analysis runs several walks as phases of one task. `phases` gives each phase what is
//! left of the task's node limit, the task's running clock, and the memory limit less what the
//! task holds between phases (a distance map, a visited bitset), so the limits bound the task
//! as a whole; a phase that stops leaves the figures of the phases before it, and the report
//! says what could not be finished.

pub mod component;
pub(crate) mod phases;
pub mod sorted;

pub use component::{Analysis, analyze_component};
#[cfg(feature = "testing")]
pub use component::Hardest;
pub(crate) use component::{Counting, analyze_component_if_small_counting};
pub use phases::PathCount;

pub(crate) use sorted::analyze_sorted;
