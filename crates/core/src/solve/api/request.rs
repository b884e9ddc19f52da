//! What a caller asks of the front door, and why it may refuse.

use std::path::PathBuf;

use crate::model::validate::Diagnostic;
use crate::model::{Metric, Puzzle};
use crate::solve::algorithms::Algorithm;
use crate::solve::core::Reason;

use super::profile::{PuzzleProfile, Refusal};

/// What to search for: everything a solve needs besides the puzzle and the
/// [`SearchControl`](crate::solve::core::SearchControl), which alone says how much (limits),
/// on how many threads, and carries the progress sink and the cancel flag.
#[derive(Clone, Debug, PartialEq)]
pub struct SolveRequest {
    /// The algorithm.
    pub algorithm: Algorithm,
    /// A heuristic name from [`heuristics_for`](super::heuristics_for); `None` picks the best admissible one.
    pub heuristic: Option<String>,
    /// Weighted A*'s weight (w >= 1).
    pub weight: f64,
    /// The move metric; `None` uses the puzzle's own, else `step`.
    pub metric: Option<Metric>,
    /// DFS's depth cap, if any.
    pub depth_cap: Option<u32>,
    /// Where pattern databases are loaded from and saved to: a folder the caller chooses
    /// (the CLI and the app pass the user's cache folder; tests a temporary one). `None`
    /// builds the tables in memory for each solve and writes nothing.
    pub pdb_cache: Option<PathBuf>,
}

impl Default for SolveRequest {
    fn default() -> Self {
        SolveRequest {
            algorithm: Algorithm::Astar,
            heuristic: None,
            weight: 1.0,
            metric: None,
            depth_cap: None,
            pdb_cache: None,
        }
    }
}

/// Why a solve could not start.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SolveError {
    /// The puzzle does not validate: every error validation found, with its kind and cells,
    /// so that a caller holding the file's text can place each at its line and column.
    #[error("the puzzle is not valid: {}", messages(.0))]
    Invalid(Vec<Diagnostic>),
    /// The puzzle validates, but the engine cannot hold it (more pieces or a wider state
    /// than it takes, a board too large for the tile domain).
    #[error("the puzzle is not valid: {0}")]
    Unsupported(Reason),
    /// The algorithm/heuristic/metric combination does not apply.
    #[error("{0}")]
    NotApplicable(Reason),
    /// The task does not apply to this kind of puzzle (its [`PuzzleProfile`] says why).
    #[error(transparent)]
    Refused(#[from] Refusal),
}

impl SolveError {
    /// [`SolveError::Unsupported`] with `reason`.
    pub(crate) fn unsupported(reason: impl Into<Reason>) -> SolveError {
        SolveError::Unsupported(reason.into())
    }

    /// [`SolveError::NotApplicable`] with `reason`.
    pub(crate) fn not_applicable(reason: impl Into<Reason>) -> SolveError {
        SolveError::NotApplicable(reason.into())
    }
}

/// The findings' messages, one after the other.
fn messages(findings: &[Diagnostic]) -> String {
    let messages: Vec<&str> = findings.iter().map(|d| d.message.as_str()).collect();
    messages.join("; ")
}

/// The algorithm to run when the user names none, with the reason when it is not A*
/// (see [`PuzzleProfile::default_algorithm`]).
pub fn default_algorithm(puzzle: &Puzzle) -> (Algorithm, Option<&'static str>) {
    PuzzleProfile::of(puzzle).default_algorithm()
}

/// Whether `algorithm` shares its work among the control's threads on `puzzle` (see
/// [`PuzzleProfile::uses_threads`]).
pub fn uses_threads(puzzle: &Puzzle, algorithm: Algorithm) -> bool {
    PuzzleProfile::of(puzzle).uses_threads(algorithm)
}

/// The metric a search uses: the requested one, else the puzzle's own, else `step`. (On tile
/// puzzles the three metrics coincide: a tile can only ever move into the one blank cell.)
pub fn metric_for(puzzle: &Puzzle, requested: Option<Metric>) -> Metric {
    requested.or(puzzle.metric).unwrap_or_default()
}
