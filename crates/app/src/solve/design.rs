//! The open design as the tool windows read it: the puzzle with its profile, which the app
//! works out once per revision of the design (beside its validation), so no window tests the
//! puzzle's kind itself.

use blockslide_core::model::Puzzle;
use blockslide_core::solve::api::PuzzleProfile;

/// The open design and what it is to the solver.
#[derive(Clone, Copy, Debug)]
pub struct Design<'a> {
    /// The puzzle being edited.
    pub puzzle: &'a Puzzle,
    /// Its profile: which tasks apply, its Rush Hour board, its defaults.
    pub profile: &'a PuzzleProfile,
}
