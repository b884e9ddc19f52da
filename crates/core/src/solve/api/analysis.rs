//! The front door of the designer's analyses: [`analyze`] a puzzle's component and
//! [`explore`] a block puzzle's piece set, reported with positions as puzzles (the original's
//! goal, styles and name, the pieces moved) and solutions as moves of concrete pieces.

use crate::model::relabel::relabel_like_within_kinds;
use crate::model::{Metric, PieceMove, Puzzle, PuzzleType};
use crate::solve::analysis::{Analysis, PathCount};
use crate::solve::blocks::{BlockDomain, explore_piece_set};
use crate::solve::core::{SearchControl, Stats, Termination};
use crate::solve::puzzle_domain::PuzzleDomain;

use super::prepare::check_valid;
use super::profile::{PuzzleProfile, Task};
use super::request::SolveError;
use super::{Job, with_counting_domain};

/// A position of interest: how far it is from the goal and how many share that distance.
#[derive(Clone, Debug, PartialEq)]
pub struct HardestPosition {
    /// Its distance to the nearest goal position, in the metric.
    pub distance: u32,
    /// How many positions of its component are that far.
    pub count: u64,
    /// Positions in its component.
    pub component: u64,
    /// The position: the original puzzle (goal, styles, name) with its pieces moved there.
    pub position: Puzzle,
}

/// What [`analyze`] found: the start's component, walked whole.
#[derive(Clone, Debug)]
pub struct AnalyzeReport {
    /// The puzzle's name.
    pub puzzle: String,
    /// Which engine ran.
    pub puzzle_type: PuzzleType,
    /// The metric distances are counted in.
    pub metric: Metric,
    /// `Solved` complete with a reachable goal, `Unsolvable` complete without one, else the
    /// limit or cancellation that stopped the analysis.
    pub status: Termination,
    /// Positions in the start's component (pieces of one kind merged, a piece without a kind
    /// its own kind).
    pub component: u64,
    /// Goal positions among them.
    pub goal_positions: u64,
    /// The start's distance to the nearest goal position, when known.
    pub start_distance: Option<u32>,
    /// Positions by distance to the nearest goal position (`histogram[d]`).
    pub histogram: Vec<u64>,
    /// The hardest starts of the component, when every distance is known.
    pub hardest: Option<HardestPosition>,
    /// The number of distinct shortest solutions from the start, when counted.
    pub solutions: Option<PathCount>,
    /// One shortest solution (moves of concrete pieces that replay on the model), when the
    /// solutions were counted.
    pub solution: Vec<PieceMove>,
    /// At each position along `solution` (start first), how many moves keep it shortest; 1
    /// is a forced move.
    pub choices: Vec<u32>,
    /// What was not finished, and why.
    pub notes: Vec<String>,
    /// Statistics of all the walks together.
    pub stats: Stats,
}

impl AnalyzeReport {
    /// Whether the analysis finished (no limit or cancellation stopped it).
    pub fn complete(&self) -> bool {
        matches!(self.status, Termination::Solved | Termination::Unsolvable)
    }
}

/// What [`explore`] found: every arrangement of the piece set, in components.
#[derive(Clone, Debug)]
pub struct ExploreReport {
    /// The puzzle's name.
    pub puzzle: String,
    /// The metric distances are counted in.
    pub metric: Metric,
    /// `Solved` when every arrangement was walked, else the limit or cancellation that
    /// stopped the walks.
    pub status: Termination,
    /// Arrangements of the pieces on the board (pieces of one kind merged, a piece without a
    /// kind its own kind).
    pub arrangements: u64,
    /// Components: sets of arrangements reachable from each other.
    pub components: u64,
    /// Components that contain a goal position.
    pub solvable_components: u64,
    /// Arrangements that satisfy the goal.
    pub goal_arrangements: u64,
    /// The hardest start of each of the hardest solvable components, hardest first.
    pub hardest: Vec<HardestPosition>,
    /// What was not finished, and why.
    pub notes: Vec<String>,
    /// Statistics of all the walks together.
    pub stats: Stats,
}

impl ExploreReport {
    /// Whether every arrangement was walked.
    pub fn complete(&self) -> bool {
        self.status == Termination::Solved
    }
}

/// Analyses the component of `puzzle`'s start in `metric` (pieces of one kind merged, a piece
/// without a kind its own kind, as the file format documents): its size
/// and goal positions, every position's distance to the nearest goal (a histogram), the
/// hardest starts (one as a position), the number of distinct shortest solutions, and along
/// one shortest solution how many moves keep it shortest at each position.
///
/// - `control`'s limits bound the analysis as a whole (nodes over all its walks, one clock,
///   memory including the distance map); progress and cancel apply throughout.
///
/// Returns an [`AnalyzeReport`]; when a limit stops it, the figures finished are kept and the
/// notes say what is missing. Tile puzzles run on the tile domain (practical on small
/// boards: the 8-puzzle's 181,440 positions), everything else on the block engine.
///
/// # Errors
/// [`SolveError::Invalid`] when the puzzle does not validate.
pub fn analyze(
    puzzle: &Puzzle,
    metric: Metric,
    mut control: SearchControl,
) -> Result<AnalyzeReport, SolveError> {
    check_valid(puzzle)?;
    with_counting_domain(
        puzzle,
        metric,
        AnalyzeJob {
            puzzle,
            metric,
            control: &mut control,
        },
    )
}

/// [`analyze`]'s job.
struct AnalyzeJob<'a> {
    puzzle: &'a Puzzle,
    metric: Metric,
    control: &'a mut SearchControl,
}

impl Job for AnalyzeJob<'_> {
    type Output = AnalyzeReport;

    fn run<D: PuzzleDomain>(self, domain: &D) -> Result<AnalyzeReport, SolveError> {
        Ok(analyze_on(domain, self.puzzle, self.metric, self.control))
    }
}

fn analyze_on<D: PuzzleDomain>(
    domain: &D,
    puzzle: &Puzzle,
    metric: Metric,
    control: &mut SearchControl,
) -> AnalyzeReport {
    let analysis = domain.analyze(control);
    let solution = domain.piece_moves(&analysis.path);
    report_of(puzzle, D::TYPE, metric, analysis, solution, |example| {
        domain.position(puzzle, example)
    })
}

/// `position` of `puzzle`'s board with the pieces of one kind named as in the start, nearest
/// first: made the start, it shows the blocks the user knows where they can be told apart
/// (see [`relabel_like_within_kinds`]; the walks that find positions keep kinds apart, so
/// pieces of different kinds are already where they belong).
fn named_like_start(puzzle: &Puzzle, mut position: Puzzle) -> Puzzle {
    position.cells = relabel_like_within_kinds(puzzle, &position.cells, &puzzle.cells);
    position
}

/// The report of `analysis` of `puzzle` (of type `puzzle_type`) in `metric`, its start's
/// solution as `solution`, a position of the analysis as a puzzle by `position`.
fn report_of<S, M>(
    puzzle: &Puzzle,
    puzzle_type: PuzzleType,
    metric: Metric,
    analysis: Analysis<S, M>,
    solution: Vec<PieceMove>,
    position: impl Fn(&S) -> Puzzle,
) -> AnalyzeReport {
    let component = analysis.component;
    AnalyzeReport {
        puzzle: puzzle.name.clone(),
        puzzle_type,
        metric,
        status: analysis.status,
        component,
        goal_positions: analysis.goal_positions,
        start_distance: analysis.start_distance,
        histogram: analysis.histogram,
        hardest: analysis.hardest.map(|h| HardestPosition {
            distance: h.distance,
            count: h.count,
            component,
            position: named_like_start(puzzle, position(&h.example)),
        }),
        solutions: analysis.solutions,
        solution,
        choices: analysis.choices,
        notes: analysis.notes,
        stats: analysis.stats,
    }
}

/// [`analyze`] of a block puzzle without the count of the start's shortest solutions and the
/// distance map it needs: the component, the histogram, the start's distance and the hardest
/// starts (`solutions` is `None`, `solution` and `choices` empty). What a design search judging
/// thousands of candidates needs, at a fraction of the cost.
///
/// # Errors
/// [`SolveError::Invalid`] when the puzzle does not validate; [`SolveError::Refused`] for a
/// numbered-tile puzzle; [`SolveError::Unsupported`] when the block engine refuses it.
pub fn hardest_starts(
    puzzle: &Puzzle,
    metric: Metric,
    mut control: SearchControl,
) -> Result<AnalyzeReport, SolveError> {
    check_valid(puzzle)?;
    PuzzleProfile::of(puzzle).applies(Task::MakeHarder)?;
    let domain = BlockDomain::kinds_apart(puzzle, metric).map_err(SolveError::unsupported)?;
    let mut analysis = crate::solve::blocks::hardest_starts(&domain, &mut control);
    // What this lean analysis does not count is left out, whatever a walk found of it.
    analysis.solutions = None;
    analysis.choices.clear();
    Ok(report_of(
        puzzle,
        PuzzleType::Blocks,
        metric,
        analysis,
        Vec::new(),
        |example| domain.position(example),
    ))
}

/// Explores the piece set of `puzzle` in `metric`: every arrangement of its pieces on its
/// board (walls kept, pieces of one kind merged, each arrangement once), the components they
/// form, how many contain a goal position, and the hardest start of each of the `top` hardest
/// solvable components (by distance to the goal, then component size).
///
/// - `control`'s limits bound the exploration as a whole (the visited bitset, one bit per
///   arrangement, counts toward memory); progress and cancel apply throughout.
///
/// # Errors
/// [`SolveError::Invalid`] when the puzzle does not validate; [`SolveError::Refused`] for a
/// numbered-tile puzzle (its arrangements are the permutations of its tiles, half of them one
/// component: use [`analyze`]).
pub fn explore(
    puzzle: &Puzzle,
    metric: Metric,
    top: usize,
    mut control: SearchControl,
) -> Result<ExploreReport, SolveError> {
    check_valid(puzzle)?;
    PuzzleProfile::of(puzzle).applies(Task::Explore)?;
    let domain = BlockDomain::kinds_apart(puzzle, metric).map_err(SolveError::unsupported)?;
    let found = explore_piece_set(&domain, top, &mut control);
    Ok(ExploreReport {
        puzzle: puzzle.name.clone(),
        metric,
        status: found.status,
        arrangements: found.arrangements,
        components: found.components,
        solvable_components: found.solvable_components,
        goal_arrangements: found.goal_arrangements,
        hardest: found
            .hardest
            .iter()
            .map(|h| HardestPosition {
                distance: h.distance,
                count: h.count,
                component: h.component,
                position: named_like_start(puzzle, domain.position(&h.example)),
            })
            .collect(),
        notes: found.notes,
        stats: found.stats,
    })
}
