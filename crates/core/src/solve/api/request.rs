//! What a caller asks of the front door, and why it may refuse.

use std::path::PathBuf;

use crate::model::validate::Diagnostic;
use crate::model::{Metric, Puzzle};
use crate::solve::algorithms::Algorithm;

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
    Unsupported(String),
    /// The algorithm/heuristic/metric combination does not apply.
    #[error("{0}")]
    NotApplicable(String),
}

/// The findings' messages, one after the other.
fn messages(findings: &[Diagnostic]) -> String {
    let messages: Vec<&str> = findings.iter().map(|d| d.message.as_str()).collect();
    messages.join("; ")
}

/// The algorithm to run when the user names none, with the reason when it is not A*:
/// - IDA* on tile boards larger than 4x4, where A*'s open list outgrows any memory limit
///   within a minute (a 24-puzzle filled 4 GB in 45 s) while IDA* needs memory only for one
///   path;
/// - breadth-first search on block puzzles, whose heuristics are weak (in the move metric the
///   relaxed bound is 3 or 4 for an 81-move Klotski): A* then expands nearly the same states
///   at several times the cost each, while the breadth-first search stores a few bytes per
///   state once the space is large (on Klotski it was 3 to 6 times faster than A* in every
///   metric).
pub fn default_algorithm(puzzle: &Puzzle) -> (Algorithm, Option<&'static str>) {
    match crate::model::tiles::tile_layout(puzzle) {
        Some(layout) if layout.rows * layout.cols > 16 => (
            Algorithm::Idastar,
            Some(
                "IDA* chosen: on tile boards larger than 4x4 A*'s open list would outgrow the \
                 memory limit, while IDA* keeps only the current path",
            ),
        ),
        Some(_) => (Algorithm::Astar, None),
        None => (
            Algorithm::Bfs,
            Some(
                "breadth-first search chosen: block-puzzle heuristics are weak, so A* would \
                 expand nearly as many positions at a higher cost each, while the layered \
                 breadth-first search stores a few bytes per position on large spaces",
            ),
        ),
    }
}

/// Whether `algorithm` shares its work among the control's threads on `puzzle`: IDA* and
/// IDDFS on any puzzle (the subtrees of the first levels), breadth-first search on block
/// puzzles (the layers of the block engine's walks). The others run on one thread.
pub fn uses_threads(puzzle: &Puzzle, algorithm: Algorithm) -> bool {
    match algorithm {
        Algorithm::Idastar | Algorithm::Iddfs => true,
        Algorithm::Bfs => crate::model::tiles::tile_layout(puzzle).is_none(),
        _ => false,
    }
}

/// The metric a search uses: the requested one, else the puzzle's own, else `step`. (On tile
/// puzzles the three metrics coincide: a tile can only ever move into the one blank cell.)
pub fn metric_for(puzzle: &Puzzle, requested: Option<Metric>) -> Metric {
    requested.or(puzzle.metric).unwrap_or_default()
}
