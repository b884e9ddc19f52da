//! The block engine: polyomino pieces and walls on a rectangular board, in the step, slide and
//! move metrics, with identical pieces merged in the state encoding.
//!
//! - [`BlockDomain`] implements [`Domain`](crate::solve::core::Domain). It precomputes, per
//!   class of interchangeable pieces, every legal placement of the class's shape on the board
//!   (walls and edges taken into account), the neighbouring placement in each direction, and
//!   occupancy bitboards, so that generating moves is a handful of AND operations per piece.
//! - A state ([`BlockState`]) is 256 bits of bit fields. A class of several interchangeable
//!   pieces is stored as the set of placements its pieces occupy (one bit per anchor cell
//!   between the class's first and last placement, so a one-cell step is a fixed shift of
//!   the bit) unless that takes more words than the alternative, one field per piece holding
//!   the index of its placement, kept sorted within the class. Either way permuting
//!   interchangeable pieces gives the same state (this is what makes Klotski 25,955 states
//!   instead of 14,950,080), and a move of a piece stored in a set is one XOR. No state owns
//!   heap memory.
//! - In the step and slide metrics on boards of up to 64 cells whose classes are sets or
//!   single pieces (Klotski, Pennant, Century and most classics; for slides, pieces of sets
//!   must be orthoconvex), successor positions come from a kernel that works on whole words:
//!   the occupied cells are one word, each set class finds the pieces that can step each way
//!   for all of them at once by rotating the empty cells, and the moves are written without
//!   branching on the position.
//! - Whole-space walks and breadth-first search go through [`count_space`] and [`bfs`], which
//!   store only the words of the state the puzzle uses ([`BlockDomain::state_words`]: one
//!   for Klotski), with the same moves and statistics as a search on the domain itself.
//!   The walk leaves each state's parent out of its successors (it is always a duplicate, and
//!   still counted as one).
//! - Pieces are interchangeable when the goal cannot tell them apart: pieces of one declared
//!   kind, or pieces of the same shape whose kind the goal never names. That keeps every
//!   optimal length; counts of the puzzle as its file documents it walk
//!   [`BlockDomain::kinds_apart`], which merges only pieces of one kind.
//! - [`BlockHeuristic`]: admissible lower bounds from one-piece relaxations and from a
//!   pattern database (and one comparison heuristic from the seeds that is not admissible),
//!   listed by [`heuristics`] and chosen by [`heuristic`].
//! - The goal test follows the model's goal semantics exactly (anchored and `anywhere`
//!   patterns, kinds, partial pieces); [`BlockDomain::piece_moves`] turns a solution back
//!   into moves of the real pieces with their unit steps, which replay on the model.

mod arrangements;
mod classes;
mod domain;
mod goal;
pub(crate) mod heuristics;
mod kernel;
mod mirror;
mod moves;
mod narrow;
mod pdb;
mod piece_set;
mod puzzle_domain;
mod replay;
mod state;

#[cfg(feature = "testing")]
pub use arrangements::Arrangements;
pub use domain::BlockDomain;
pub use heuristics::{BlockHeuristic, heuristic, heuristics};
#[cfg(feature = "testing")]
pub use heuristics::BlockEstimator;
pub use narrow::{analyze, bfs, count_space, hardest_starts};
pub use piece_set::explore_piece_set;
pub(crate) use piece_set::walk_components;
#[cfg(feature = "testing")]
pub use state::{BlockMove, BlockState, MAX_PIECES};
