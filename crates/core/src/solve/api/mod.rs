//! The front door of the solver, used by the CLI and the GUI: solve a [`Puzzle`] with a named
//! algorithm and heuristic, count its state space, list the choices that apply to it.
//!
//! It validates the puzzle and the request, builds the puzzle's domain (the tile fast path for
//! numbered-tile puzzles, the block engine for everything else), and runs one generic path
//! over `PuzzleDomain`: choose the heuristic, answer without searching when the domain can
//! (tile parity), search, and turn the domain's moves into concrete piece moves that replay
//! on the model.

mod analysis;
mod batch;
pub mod bench;
mod distances;
mod positions;
pub(crate) mod prepare;
mod profile;
mod report;
mod request;
mod search;
mod space;
mod watch;
pub mod web;

use std::path::Path;

use crate::model::{Metric, Puzzle};
use crate::solve::blocks::BlockDomain;
use crate::solve::core::{Heuristic, Limits, SearchControl, Termination};
use crate::solve::puzzle_domain::PuzzleDomain;
use crate::solve::tiles::TileDomain;

use prepare::{check_request, check_valid, choose_heuristic, plan};
use search::solve_on;

pub use crate::model::solution::{PieceMove, ReplayError, replay, verify_solution};
pub use crate::solve::algorithms::Algorithm;
pub use crate::solve::algorithms::idastar::MAX_THREADS;
pub use crate::solve::analysis::PathCount;
pub use crate::solve::core::HeuristicInfo;
pub use crate::solve::estimate::BuildEstimate;
pub use analysis::{
    AnalyzeReport, ExploreReport, HardestPosition, analyze, explore, hardest_starts,
};
pub use batch::{BatchError, TileBatch, TileOutcome};
pub use distances::distances_along;
pub use positions::{WALK_LIMIT, positions_with_moves};
pub use prepare::default_heuristic;
pub use profile::{PuzzleProfile, Refusal, RushHourBoard, Task};
pub use report::{CountReport, Hint, SolveReport};
pub use request::{SolveError, SolveRequest, default_algorithm, metric_for, uses_threads};
pub use space::{SpaceMove, SpaceState, StateSpace};
pub use watch::{Watched, watch};

/// The heuristics for `puzzle` in `metric`, applicable or not (with the reason); the first
/// entry is the best admissible default. `pdb_cache` is where the caller keeps pattern
/// databases ([`SolveRequest::pdb_cache`]): tables found there change the default.
pub fn heuristics_for(
    puzzle: &Puzzle,
    metric: Metric,
    pdb_cache: Option<&Path>,
) -> Vec<HeuristicInfo> {
    PuzzleProfile::of(puzzle).heuristics(puzzle, metric, pdb_cache)
}

/// A heuristic's name as a person reads it (`pdb-large` → "Pattern databases, large
/// groups"); the id stays the CLI's name and the app's tooltip. The one table of titles, beside the
/// heuristics themselves, so the app never keeps its own.
pub fn heuristic_title(id: &str) -> String {
    let title = match id {
        "zero" => "None (uninformed)",
        "pdb" => "Pattern databases",
        "pdb-large" => "Pattern databases, large groups",
        "pdb-strong" => "Pattern databases, strongest",
        "pdb-max" => "Pattern databases, max of two sets",
        "linear-conflict" => "Linear conflict",
        "manhattan" => "Manhattan distance",
        "misplaced" => "Misplaced tiles",
        "goal-distance" => "Goal distance",
        "blockers" => "Blockers",
        "relaxed" => "Relaxed moves",
        "max" => "Largest of four",
        "between" => "Pieces between",
        _ if id.starts_with("pdb:") => "Pattern databases, chosen groups",
        // A heuristic added to the solver later reads as its id until it gets a title here.
        other => return other.to_string(),
    };
    title.to_string()
}

/// What `request` on `puzzle` will spend building pattern databases before it searches,
/// told before it starts: `None` when its heuristic has no tables, they are all in the cache
/// already, or the request does not apply (the solve says why).
pub fn build_estimate(puzzle: &Puzzle, request: &SolveRequest) -> Option<BuildEstimate> {
    let metric = metric_for(puzzle, request.metric);
    with_domain(
        puzzle,
        metric,
        request.pdb_cache.as_deref(),
        EstimateJob { request },
    )
    .ok()
    .flatten()
}

/// [`build_estimate`]'s job.
struct EstimateJob<'a> {
    request: &'a SolveRequest,
}

impl Job for EstimateJob<'_> {
    type Output = Option<BuildEstimate>;

    fn run<D: PuzzleDomain>(self, domain: &D) -> Result<Option<BuildEstimate>, SolveError> {
        let infos = domain.heuristics(self.request.heuristic.as_deref());
        let name = choose_heuristic(self.request, &infos, &mut Vec::new())?;
        Ok(domain.build_estimate(&name))
    }
}

/// One piece of the front door's work, written once for every [`PuzzleDomain`]: the
/// front door builds the puzzle's domain and hands it to [`Job::run`].
trait Job {
    /// What the job answers.
    type Output;

    /// Does the job on `domain`, the puzzle's tile or block domain.
    fn run<D: PuzzleDomain>(self, domain: &D) -> Result<Self::Output, SolveError>;
}

/// Runs `job` on `puzzle`'s domain in `metric`: the tile fast path for numbered-tile
/// puzzles (with its pattern databases cached in `pdb_cache`), the block engine for
/// everything else, as the puzzle's [`PuzzleProfile`] says.
fn with_domain<J: Job>(
    puzzle: &Puzzle,
    metric: Metric,
    pdb_cache: Option<&Path>,
    job: J,
) -> Result<J::Output, SolveError> {
    with_domain_built(puzzle, pdb_cache, job, || BlockDomain::new(puzzle, metric))
}

/// [`with_domain`] for a job that counts positions: a block puzzle's domain keeps pieces of
/// different kinds apart ([`BlockDomain::kinds_apart`]), so its counts are the documented
/// puzzle's. (A tile domain keeps every tile apart already.)
///
/// Why a walk of the documented positions rather than the merged walk scaled up: over each
/// merged position of a component lie the same number of documented ones (the relabellings
/// the component's cycles realise), so its size, goal positions and distances to the goal
/// scale by one factor; but the distances from the start (`count`'s layers) do not scale (a
/// relabelling may be farther than the position it relabels), and the factor itself needs a
/// walk that tracks labellings. The two domains are one and the same when no two pieces of
/// one shape differ in kind, as in most classics, so only puzzles that tell such pieces apart
/// walk more.
fn with_counting_domain<J: Job>(
    puzzle: &Puzzle,
    metric: Metric,
    job: J,
) -> Result<J::Output, SolveError> {
    with_domain_built(puzzle, None, job, || {
        BlockDomain::kinds_apart(puzzle, metric)
    })
}

/// Runs `job` on `puzzle`'s tile domain, or on the block domain `blocks` builds.
fn with_domain_built<J: Job>(
    puzzle: &Puzzle,
    pdb_cache: Option<&Path>,
    job: J,
    blocks: impl FnOnce() -> Result<BlockDomain, String>,
) -> Result<J::Output, SolveError> {
    match PuzzleProfile::of(puzzle).tile_layout() {
        Some(layout) => job.run(
            &TileDomain::new(layout)
                .map_err(SolveError::unsupported)?
                .with_pdb_cache(pdb_cache.map(Path::to_path_buf)),
        ),
        None => job.run(&blocks().map_err(SolveError::unsupported)?),
    }
}

/// [`check`]'s job.
struct CheckJob<'a> {
    request: &'a SolveRequest,
}

impl Job for CheckJob<'_> {
    type Output = ();

    fn run<D: PuzzleDomain>(self, domain: &D) -> Result<(), SolveError> {
        plan(domain, self.request, &mut Vec::new()).map(|_| ())
    }
}

/// Whether `request` applies to `puzzle`, decided without searching and without building a
/// heuristic's tables: cheap enough to call on every frame a request or puzzle changes.
///
/// - `puzzle` must validate (a tile puzzle that parity makes unsolvable passes: [`solve`]
///   answers it `Unsolvable` without searching).
/// - `request`'s numbers must be sane, its heuristic known and applicable, and its algorithm
///   able to run on the puzzle (bidirectional BFS needs a single goal state).
///
/// # Errors
/// The same [`SolveError`] that [`solve`] would return for this puzzle and request.
pub fn check(puzzle: &Puzzle, request: &SolveRequest) -> Result<(), SolveError> {
    check_valid(puzzle)?;
    check_request(request)?;
    let metric = metric_for(puzzle, request.metric);
    with_domain(
        puzzle,
        metric,
        request.pdb_cache.as_deref(),
        CheckJob { request },
    )
}

/// [`solve`]'s job.
struct SolveJob<'a> {
    puzzle: &'a Puzzle,
    request: &'a SolveRequest,
    control: SearchControl,
}

impl Job for SolveJob<'_> {
    type Output = SolveReport;

    fn run<D: PuzzleDomain>(self, domain: &D) -> Result<SolveReport, SolveError> {
        let mut report = solve_on(domain, self.puzzle, self.request, self.control)?;
        // A limit stopped a search the default tables could not finish: say what would.
        if self.request.heuristic.is_none()
            && matches!(
                report.status,
                Termination::NodeLimit | Termination::TimeLimit
            )
            && report.stats.expanded > 0
            && let Some(note) = domain.stronger_heuristic_note(&report.heuristic)
        {
            report.notes.push(note);
        }
        Ok(report)
    }
}

/// Solves `puzzle` as `request` says, under `control`'s limits, progress sink and cancel flag.
///
/// - `puzzle` is validated first; its start is the position searched from and its goal
///   the pattern to reach.
/// - `request` picks the algorithm, heuristic (`None`: the best admissible one), metric
///   (`None`: the puzzle's own, else `step`), weight, depth cap, threads and limits.
/// - `control` carries limits too (the smaller of each pair wins), the cancel flag and the
///   progress sink; the caller keeps a clone of its cancel flag to stop the search.
///
/// Returns a [`SolveReport`]: the status, the moves in the metric with the unit steps of
/// each (they replay on the model with [`verify_solution`]), whether the length is
/// guaranteed optimal, the statistics, and notes for the user.
///
/// Tile puzzles run on the tile fast path and are answered `Unsolvable` instantly (zero
/// statistics) when parity forbids the goal; other puzzles run on the block engine.
///
/// The limits cover pattern databases that must be built first (on first use, then
/// cached): the build counts against the time limit and is refused up front when its tables
/// cannot fit the memory limit (the report then stops with that status, and a note says why);
/// the build time is in the notes.
///
/// # Errors
/// [`SolveError`] when the puzzle is invalid or the request does not apply to it. An
/// unsolvable puzzle is not an error: the report's status says `Unsolvable`.
pub fn solve(
    puzzle: &Puzzle,
    request: &SolveRequest,
    control: SearchControl,
) -> Result<SolveReport, SolveError> {
    check_valid(puzzle)?;
    check_request(request)?;
    let metric = metric_for(puzzle, request.metric);
    with_domain(
        puzzle,
        metric,
        request.pdb_cache.as_deref(),
        SolveJob {
            puzzle,
            request,
            control,
        },
    )
}

/// [`count`]'s job.
struct CountJob {
    control: SearchControl,
}

impl Job for CountJob {
    type Output = CountReport;

    fn run<D: PuzzleDomain>(mut self, domain: &D) -> Result<CountReport, SolveError> {
        let exploration = domain.count_space(&mut self.control);
        Ok(CountReport {
            states: exploration.states,
            max_depth: exploration.max_depth,
            per_depth: exploration.per_depth,
            goal_states: exploration.goal_states,
            status: exploration.termination,
            stats: exploration.stats,
            mirrored: exploration.mirrored,
        })
    }
}

/// Counts the states reachable from `puzzle`'s start in `metric` (pieces of one kind merged,
/// a piece without a kind its own kind, as the file format documents), with the states at
/// each distance and how many satisfy the goal.
///
/// # Errors
/// [`SolveError::Invalid`] when the puzzle does not validate.
pub fn count(
    puzzle: &Puzzle,
    metric: Metric,
    control: SearchControl,
) -> Result<CountReport, SolveError> {
    check_valid(puzzle)?;
    with_counting_domain(puzzle, metric, CountJob { control })
}

/// Follows `target` (moves of concrete pieces) through `domain`'s own moves, returning every
/// position along it, start first.
fn states_along<D: PuzzleDomain>(
    domain: &D,
    target: &[PieceMove],
) -> Result<Vec<D::State>, SolveError> {
    let mut state = domain.start();
    let mut states = vec![state.clone()];
    let mut path: Vec<D::Move> = Vec::with_capacity(target.len());
    let mut candidates = Vec::new();
    for (i, want) in target.iter().enumerate() {
        candidates.clear();
        domain.moves(&state, &mut candidates);
        let found = candidates.iter().copied().find(|&mv| {
            path.push(mv);
            let got = domain.piece_moves(&path);
            path.pop();
            got.get(i) == Some(want)
        });
        let Some(mv) = found else {
            return Err(SolveError::not_applicable(format!(
                "move {} (piece {} {}) is not a legal move of this puzzle in this metric",
                i + 1,
                want.piece,
                want.steps
                    .iter()
                    .map(|d| d.word())
                    .collect::<Vec<_>>()
                    .join(" ")
            )));
        };
        path.push(mv);
        state = domain.apply(&state, mv);
        states.push(state.clone());
    }
    Ok(states)
}

/// [`heuristic_along`]'s job.
struct AlongJob<'a> {
    request: &'a SolveRequest,
    moves: &'a [PieceMove],
}

impl Job for AlongJob<'_> {
    type Output = Vec<u32>;

    fn run<D: PuzzleDomain>(self, domain: &D) -> Result<Vec<u32>, SolveError> {
        let mut notes = Vec::new();
        let informed = SolveRequest {
            algorithm: Algorithm::Astar,
            ..self.request.clone()
        };
        let infos = domain.heuristics(self.request.heuristic.as_deref());
        let name = choose_heuristic(&informed, &infos, &mut notes)?;
        let mut control = SearchControl::new(Limits::default());
        let h = domain
            .heuristic(&name, &mut control, &mut notes)
            .map_err(|e| SolveError::not_applicable(e.to_string()))?;
        let states = states_along(domain, self.moves)?;
        Ok(states.iter().map(|s| h.estimate(domain, s)).collect())
    }
}

/// The heuristic's estimate at every position along `moves` (a solution from
/// [`SolveReport::moves`]), start first: `moves.len() + 1` values, for plotting h against the
/// true remaining distance. Uses the request's heuristic (or the default) and metric.
///
/// # Errors
/// [`SolveError`] when the puzzle is invalid, the heuristic does not apply, or `moves` is not
/// a legal sequence of this puzzle's moves in the metric.
pub fn heuristic_along(
    puzzle: &Puzzle,
    request: &SolveRequest,
    moves: &[PieceMove],
) -> Result<Vec<u32>, SolveError> {
    check_valid(puzzle)?;
    let metric = metric_for(puzzle, request.metric);
    with_domain(
        puzzle,
        metric,
        request.pdb_cache.as_deref(),
        AlongJob { request, moves },
    )
}

/// The best next move from `position` (a puzzle whose start is the player's current
/// position): solves it with `request` and returns the solution's first move. With an optimal
/// algorithm, `report.length()` is the exact number of moves still needed.
///
/// # Errors
/// As [`solve`].
pub fn hint(
    position: &Puzzle,
    request: &SolveRequest,
    control: SearchControl,
) -> Result<Hint, SolveError> {
    let report = solve(position, request, control)?;
    Ok(Hint {
        next: report.moves.first().cloned(),
        report,
    })
}

#[cfg(test)]
mod tests {
    use super::heuristic_title;

    #[test]
    fn heuristics_have_human_titles() {
        assert_eq!(
            heuristic_title("pdb-large"),
            "Pattern databases, large groups"
        );
        assert_eq!(heuristic_title("zero"), "None (uninformed)");
        assert_eq!(
            heuristic_title("pdb:1,2/3"),
            "Pattern databases, chosen groups"
        );
    }
}
