//! The front door of the solver, used by the CLI and the GUI: solve a [`Puzzle`] with a named
//! algorithm and heuristic, count its state space, list the choices that apply to it.
//!
//! It validates the puzzle, answers unsolvable tile puzzles by parity without searching,
//! routes tile puzzles to the tile fast path and everything else to the block engine, and
//! turns the domain's moves into concrete piece moves that replay on the model.

use std::fmt;
use std::str::FromStr;
use std::sync::atomic::AtomicBool;

use serde::Serialize;

use crate::model::tiles::{is_solvable, tile_layout};
use crate::model::validate::{Diagnostic, Severity, validate};
use crate::model::{Dir, Metric, MoveError, Puzzle, PuzzleType, Token};
use crate::solve::algorithms::{self, RunOptions};
use crate::solve::blocks::{self, BlockDomain};
use crate::solve::core::{
    Domain, Heuristic, Limits, SearchControl, SearchOutcome, Stats, Termination,
};
use crate::solve::tiles::{self, TileDomain};

/// The search algorithms, by their stable CLI names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Algorithm {
    /// Breadth-first search (graph search).
    Bfs,
    /// Depth-first search (graph search, optional depth cap).
    Dfs,
    /// Uniform-cost search.
    Ucs,
    /// Greedy best-first search on the heuristic alone.
    Greedy,
    /// A* search.
    Astar,
    /// Weighted A*: f = g + w·h.
    Wastar,
    /// Iterative-deepening depth-first search.
    Iddfs,
    /// Iterative-deepening A*.
    Idastar,
    /// Bidirectional breadth-first search (needs a complete goal state).
    Bibfs,
}

impl Algorithm {
    /// Every algorithm, in the order menus list them.
    pub const ALL: [Algorithm; 9] = [
        Algorithm::Bfs,
        Algorithm::Dfs,
        Algorithm::Ucs,
        Algorithm::Greedy,
        Algorithm::Astar,
        Algorithm::Wastar,
        Algorithm::Iddfs,
        Algorithm::Idastar,
        Algorithm::Bibfs,
    ];

    /// The stable CLI name (`bfs`, `astar`, ...).
    pub fn name(self) -> &'static str {
        match self {
            Algorithm::Bfs => "bfs",
            Algorithm::Dfs => "dfs",
            Algorithm::Ucs => "ucs",
            Algorithm::Greedy => "greedy",
            Algorithm::Astar => "astar",
            Algorithm::Wastar => "wastar",
            Algorithm::Iddfs => "iddfs",
            Algorithm::Idastar => "idastar",
            Algorithm::Bibfs => "bibfs",
        }
    }

    /// A human title ("Weighted A*").
    pub fn title(self) -> &'static str {
        match self {
            Algorithm::Bfs => "Breadth-first",
            Algorithm::Dfs => "Depth-first",
            Algorithm::Ucs => "Uniform cost",
            Algorithm::Greedy => "Greedy best-first",
            Algorithm::Astar => "A*",
            Algorithm::Wastar => "Weighted A*",
            Algorithm::Iddfs => "Iterative deepening",
            Algorithm::Idastar => "IDA*",
            Algorithm::Bibfs => "Bidirectional BFS",
        }
    }

    /// Whether the algorithm uses a heuristic at all.
    pub fn uses_heuristic(self) -> bool {
        matches!(
            self,
            Algorithm::Greedy | Algorithm::Astar | Algorithm::Wastar | Algorithm::Idastar
        )
    }
}

impl fmt::Display for Algorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Algorithm {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Algorithm::ALL
            .into_iter()
            .find(|a| a.name() == s)
            .ok_or_else(|| {
                let names: Vec<&str> = Algorithm::ALL.iter().map(|a| a.name()).collect();
                format!(
                    "unknown algorithm `{s}`; choose one of {}",
                    names.join(", ")
                )
            })
    }
}

/// Everything a solve needs besides the puzzle.
#[derive(Clone, Debug, PartialEq)]
pub struct SolveRequest {
    /// The algorithm.
    pub algorithm: Algorithm,
    /// A heuristic name from [`heuristics_for`]; `None` picks the best admissible one.
    pub heuristic: Option<String>,
    /// Weighted A*'s weight (w >= 1).
    pub weight: f64,
    /// The move metric; `None` uses the puzzle's own, else `step`.
    pub metric: Option<Metric>,
    /// DFS's depth cap, if any.
    pub depth_cap: Option<u32>,
    /// Worker threads for algorithms that can use several (IDA* on tiles); 0 = all cores.
    pub threads: usize,
    /// Resource limits.
    pub limits: Limits,
}

impl Default for SolveRequest {
    fn default() -> Self {
        SolveRequest {
            algorithm: Algorithm::Astar,
            heuristic: None,
            weight: 1.0,
            metric: None,
            depth_cap: None,
            threads: 1,
            limits: Limits::default(),
        }
    }
}

/// One move of a concrete piece, with the unit steps it is made of.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PieceMove {
    /// The piece that moves (its real token, even when identical pieces were merged).
    pub piece: Token,
    /// The unit steps, in order; one for the step metric, several for slide and move.
    pub steps: Vec<Dir>,
}

/// A heuristic's name, description, and whether it applies to a puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeuristicInfo {
    /// The stable name (`zero`, `manhattan`, `pdb`, ...).
    pub name: String,
    /// A one-line description for menus and tooltips.
    pub description: String,
    /// Whether it never overestimates in the given metric.
    pub admissible: bool,
    /// `Err(reason)` when it cannot be used on this puzzle.
    pub applicable: Result<(), String>,
}

/// The full result of a solve, as the CLI prints it and the GUI shows it.
#[derive(Clone, Debug)]
pub struct SolveReport {
    /// The puzzle's name.
    pub puzzle: String,
    /// Tiles or blocks (which engine ran).
    pub puzzle_type: PuzzleType,
    /// The algorithm that ran.
    pub algorithm: Algorithm,
    /// The heuristic that ran (`zero` for uninformed algorithms).
    pub heuristic: String,
    /// The metric lengths are counted in.
    pub metric: Metric,
    /// Why the search stopped.
    pub status: Termination,
    /// Whether the solution is guaranteed shortest in `metric`.
    pub optimal: bool,
    /// The solution's moves, when solved.
    pub moves: Vec<PieceMove>,
    /// For tile puzzles: the directions the blank moves (`"drul"`), as in the seeds.
    pub blank_moves: Option<String>,
    /// Search statistics.
    pub stats: Stats,
    /// Notes for the user (weight > 1 is not optimal, pattern database build time, ...).
    pub notes: Vec<String>,
}

impl SolveReport {
    /// Solution length in the metric, when solved.
    pub fn length(&self) -> Option<usize> {
        (self.status == Termination::Solved).then_some(self.moves.len())
    }

    /// Solution length in unit steps, when solved.
    pub fn steps(&self) -> Option<usize> {
        (self.status == Termination::Solved).then(|| self.moves.iter().map(|m| m.steps.len()).sum())
    }
}

/// The size of a reachable state space.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CountReport {
    /// Reachable states (identical pieces merged).
    pub states: u64,
    /// The farthest distance from the start.
    pub max_depth: u32,
    /// States at each distance from the start.
    pub per_depth: Vec<u64>,
    /// States that satisfy the goal (0 when the puzzle has no goal).
    pub goal_states: u64,
    /// Why the count stopped (`Unsolvable` here means "space exhausted", i.e. complete).
    pub status: Termination,
    /// Search statistics.
    pub stats: Stats,
}

/// Why a solve could not start.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SolveError {
    /// The puzzle does not validate.
    #[error("the puzzle is not valid: {0}")]
    Invalid(String),
    /// The algorithm/heuristic/metric combination does not apply.
    #[error("{0}")]
    NotApplicable(String),
}

/// The metric a search uses: the requested one, else the puzzle's own, else `step`. (On tile
/// puzzles the three metrics coincide: a tile can only ever move into the one blank cell.)
pub fn metric_for(puzzle: &Puzzle, requested: Option<Metric>) -> Metric {
    requested.or(puzzle.metric).unwrap_or_default()
}

/// The heuristics for `puzzle` in `metric`, applicable or not (with the reason); the first
/// entry is the best admissible default.
pub fn heuristics_for(puzzle: &Puzzle, metric: Metric) -> Vec<HeuristicInfo> {
    match tile_layout(puzzle) {
        Some(layout) => tiles::heuristics(&layout),
        None => blocks::heuristics(puzzle, metric),
    }
}

/// The name of the heuristic used when none is requested: the first admissible, applicable
/// entry of [`heuristics_for`] (`zero` if there is none).
pub fn default_heuristic(infos: &[HeuristicInfo]) -> &str {
    infos
        .iter()
        .find(|h| h.admissible && h.applicable.is_ok())
        .map_or("zero", |h| h.name.as_str())
}

/// Refuses puzzles with validation errors, listing every error.
///
/// A tile puzzle that parity makes unsolvable is not refused: the solver answers it with
/// status `Unsolvable` (and `count` still counts its reachable half of the space), so
/// validation's parity finding is skipped for it.
fn check_valid(puzzle: &Puzzle) -> Result<(), SolveError> {
    let parity_unsolvable = tile_layout(puzzle).is_some_and(|layout| !is_solvable(&layout));
    let errors: Vec<String> = validate(puzzle)
        .into_iter()
        .filter(|d| d.severity == Severity::Error)
        .filter(|d| !(parity_unsolvable && is_parity_finding(d)))
        .map(|d| d.message)
        .collect();
    if errors.is_empty() {
        Ok(())
    } else {
        Err(SolveError::Invalid(errors.join("; ")))
    }
}

/// Whether `d` is validation's "this tile puzzle cannot be solved" finding (parity, or tiles
/// that cannot pass each other on one row or column).
fn is_parity_finding(d: &Diagnostic) -> bool {
    d.cells.is_empty() && d.message.starts_with("this tile puzzle cannot be solved")
}

/// The heuristic a request runs with, after checking it applies. Uninformed algorithms run
/// with `zero` (a note says when a requested heuristic is ignored).
fn choose_heuristic(
    request: &SolveRequest,
    infos: &[HeuristicInfo],
    notes: &mut Vec<String>,
) -> Result<String, SolveError> {
    if request.algorithm == Algorithm::Astar && request.weight != 1.0 {
        notes.push(format!(
            "A* always runs with weight 1; the weight {} applies to weighted A* (wastar)",
            request.weight
        ));
    }
    if !request.algorithm.uses_heuristic() {
        if let Some(name) = request.heuristic.as_deref().filter(|&n| n != "zero") {
            notes.push(format!(
                "{} does not use a heuristic; `{name}` was ignored",
                request.algorithm.title()
            ));
        }
        return Ok("zero".to_string());
    }
    let Some(name) = request.heuristic.as_deref() else {
        return Ok(default_heuristic(infos).to_string());
    };
    let Some(info) = infos.iter().find(|h| h.name == name) else {
        let names: Vec<&str> = infos.iter().map(|h| h.name.as_str()).collect();
        return Err(SolveError::NotApplicable(format!(
            "unknown heuristic `{name}` for this puzzle; choose one of {}",
            names.join(", ")
        )));
    };
    if let Err(reason) = &info.applicable {
        return Err(SolveError::NotApplicable(format!(
            "heuristic `{name}` does not apply to this puzzle: {reason}"
        )));
    }
    Ok(name.to_string())
}

/// Checks the request's own numbers.
fn check_request(request: &SolveRequest) -> Result<(), SolveError> {
    if request.algorithm == Algorithm::Wastar
        && !(request.weight >= 1.0 && request.weight.is_finite())
    {
        return Err(SolveError::NotApplicable(format!(
            "the weight of weighted A* must be a number >= 1, not {}",
            request.weight
        )));
    }
    Ok(())
}

/// Tightens `control`'s limits to the request's where the request's are smaller.
fn apply_limits(control: &mut SearchControl, limits: &Limits) {
    let own = &mut control.limits;
    own.max_nodes = own.max_nodes.min(limits.max_nodes);
    own.max_time = own.max_time.min(limits.max_time);
    own.max_memory_bytes = own.max_memory_bytes.min(limits.max_memory_bytes);
}

fn run_options(request: &SolveRequest) -> RunOptions {
    let threads = match request.threads {
        0 => std::thread::available_parallelism().map_or(1, usize::from),
        n => n,
    };
    RunOptions {
        weight: request.weight,
        depth_cap: request.depth_cap,
        threads,
    }
}

/// Why a solution is not guaranteed shortest, for the report's notes.
fn not_optimal_note(request: &SolveRequest, heuristic: &str) -> String {
    match request.algorithm {
        Algorithm::Dfs => {
            "depth-first search returns the first path it finds: not guaranteed optimal".into()
        }
        Algorithm::Greedy => {
            "greedy best-first search follows the heuristic only: not guaranteed optimal".into()
        }
        Algorithm::Wastar if request.weight > 1.0 => format!(
            "weighted A* with w = {}: not guaranteed optimal (at most {} times the shortest when the heuristic is admissible)",
            request.weight, request.weight
        ),
        _ => format!("heuristic `{heuristic}` is not admissible: not guaranteed optimal"),
    }
}

/// An empty report for `puzzle` and `request`, filled in as the solve goes.
fn new_report(puzzle: &Puzzle, request: &SolveRequest, puzzle_type: PuzzleType) -> SolveReport {
    SolveReport {
        puzzle: puzzle.name.clone(),
        puzzle_type,
        algorithm: request.algorithm,
        heuristic: "zero".into(),
        metric: metric_for(puzzle, request.metric),
        status: Termination::Unsolvable,
        optimal: false,
        moves: Vec::new(),
        blank_moves: None,
        stats: Stats::default(),
        notes: Vec::new(),
    }
}

/// Fills `report` from a finished search.
fn record<M>(
    report: &mut SolveReport,
    request: &SolveRequest,
    outcome: &SearchOutcome<M>,
    moves: impl FnOnce(&[M]) -> Vec<PieceMove>,
) {
    report.status = outcome.termination;
    report.stats = outcome.stats;
    report.optimal = outcome.optimal;
    if let Some(path) = &outcome.path {
        report.moves = moves(path);
        if !outcome.optimal {
            let note = not_optimal_note(request, &report.heuristic);
            report.notes.push(note);
        }
    }
    if !matches!(
        outcome.termination,
        Termination::Solved | Termination::Unsolvable
    ) && let Some(depth) = outcome.stats.completed_depth
    {
        report.notes.push(format!(
            "stopped ({}) after proving no solution of length {depth} or less exists",
            outcome.termination.name()
        ));
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
    let mut notes = Vec::new();
    match tile_layout(puzzle) {
        Some(layout) => {
            choose_heuristic(
                request,
                &tiles::heuristics_including(&layout, request.heuristic.as_deref()),
                &mut notes,
            )?;
            if !is_solvable(&layout) {
                return Ok(());
            }
            let domain = TileDomain::new(&layout).map_err(SolveError::Invalid)?;
            algorithms::applicable(request.algorithm, &domain).map_err(SolveError::NotApplicable)
        }
        None => {
            let metric = metric_for(puzzle, request.metric);
            let domain = BlockDomain::new(puzzle, metric).map_err(SolveError::Invalid)?;
            choose_heuristic(request, &blocks::heuristics(puzzle, metric), &mut notes)?;
            algorithms::applicable(request.algorithm, &domain).map_err(SolveError::NotApplicable)
        }
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
    mut control: SearchControl,
) -> Result<SolveReport, SolveError> {
    check_valid(puzzle)?;
    check_request(request)?;
    apply_limits(&mut control, &request.limits);
    let options = run_options(request);
    match tile_layout(puzzle) {
        Some(layout) => {
            let mut report = new_report(puzzle, request, PuzzleType::Tiles);
            let infos = tiles::heuristics_including(&layout, request.heuristic.as_deref());
            report.heuristic = choose_heuristic(request, &infos, &mut report.notes)?;
            if !is_solvable(&layout) {
                report.notes.push(if layout.rows == 1 || layout.cols == 1 {
                    "unsolvable, decided without search: on one row or column tiles cannot pass \
                     each other"
                        .into()
                } else {
                    "unsolvable, decided without search: the start and the goal have opposite \
                     permutation parity"
                        .into()
                });
                return Ok(report);
            }
            let domain = TileDomain::new(&layout).map_err(SolveError::Invalid)?;
            algorithms::applicable(request.algorithm, &domain)
                .map_err(SolveError::NotApplicable)?;
            let name = &report.heuristic;
            let heuristic =
                match tiles::heuristic_within(&domain, name, &mut control, &mut report.notes) {
                    Ok(h) => h,
                    Err(tiles::HeuristicError::Stopped(status)) => {
                        report.status = status;
                        return Ok(report);
                    }
                    Err(e) => return Err(SolveError::NotApplicable(e.to_string())),
                };
            let outcome = algorithms::run(
                request.algorithm,
                &domain,
                &heuristic,
                &options,
                &mut control,
            );
            record(&mut report, request, &outcome, |p| domain.piece_moves(p));
            report.blank_moves = outcome.path.as_deref().map(|p| domain.blank_moves(p));
            Ok(report)
        }
        None => {
            let mut report = new_report(puzzle, request, PuzzleType::Blocks);
            let domain = BlockDomain::new(puzzle, report.metric).map_err(SolveError::Invalid)?;
            let infos = blocks::heuristics(puzzle, report.metric);
            report.heuristic = choose_heuristic(request, &infos, &mut report.notes)?;
            algorithms::applicable(request.algorithm, &domain)
                .map_err(SolveError::NotApplicable)?;
            let heuristic =
                blocks::heuristic(&domain, &report.heuristic).map_err(SolveError::NotApplicable)?;
            // Breadth-first search runs on the narrow states (same moves, same statistics).
            let outcome = match request.algorithm {
                Algorithm::Bfs => blocks::bfs(&domain, &mut control),
                _ => algorithms::run(
                    request.algorithm,
                    &domain,
                    &heuristic,
                    &options,
                    &mut control,
                ),
            };
            record(&mut report, request, &outcome, |p| domain.piece_moves(p));
            Ok(report)
        }
    }
}

/// Counts the states reachable from `puzzle`'s start in `metric` (identical pieces merged),
/// with the states at each distance and how many satisfy the goal.
///
/// # Errors
/// [`SolveError::Invalid`] when the puzzle does not validate.
pub fn count(
    puzzle: &Puzzle,
    metric: Metric,
    mut control: SearchControl,
) -> Result<CountReport, SolveError> {
    check_valid(puzzle)?;
    let exploration = match tile_layout(puzzle) {
        Some(layout) => {
            let domain = TileDomain::new(&layout).map_err(SolveError::Invalid)?;
            algorithms::explore(&domain, &mut control)
        }
        None => {
            let domain = BlockDomain::new(puzzle, metric).map_err(SolveError::Invalid)?;
            blocks::explore(&domain, &mut control)
        }
    };
    Ok(CountReport {
        states: exploration.states,
        max_depth: exploration.max_depth,
        per_depth: exploration.per_depth,
        goal_states: exploration.goal_states,
        status: exploration.termination,
        stats: exploration.stats,
    })
}

/// Follows `target` (moves of concrete pieces) through `domain`'s own moves, returning every
/// position along it, start first. `piece_moves` is the domain's path translation.
fn states_along<D: Domain>(
    domain: &D,
    piece_moves: impl Fn(&[D::Move]) -> Vec<PieceMove>,
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
            let got = piece_moves(&path);
            path.pop();
            got.get(i) == Some(want)
        });
        let Some(mv) = found else {
            return Err(SolveError::NotApplicable(format!(
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
    let mut notes = Vec::new();
    let informed = SolveRequest {
        algorithm: Algorithm::Astar,
        ..request.clone()
    };
    match tile_layout(puzzle) {
        Some(layout) => {
            let domain = TileDomain::new(&layout).map_err(SolveError::Invalid)?;
            let name = choose_heuristic(
                &informed,
                &tiles::heuristics_including(&layout, request.heuristic.as_deref()),
                &mut notes,
            )?;
            let cancel = AtomicBool::new(false);
            let h = tiles::heuristic(&domain, &name, &cancel, &mut notes)
                .map_err(SolveError::NotApplicable)?;
            let states = states_along(&domain, |p| domain.piece_moves(p), moves)?;
            Ok(states.iter().map(|s| h.estimate(&domain, s)).collect())
        }
        None => {
            let domain = BlockDomain::new(puzzle, metric).map_err(SolveError::Invalid)?;
            let name =
                choose_heuristic(&informed, &blocks::heuristics(puzzle, metric), &mut notes)?;
            let h = blocks::heuristic(&domain, &name).map_err(SolveError::NotApplicable)?;
            let states = states_along(&domain, |p| domain.piece_moves(p), moves)?;
            Ok(states.iter().map(|s| h.estimate(&domain, s)).collect())
        }
    }
}

/// A hint for a player: the first move of a solution from the current position.
#[derive(Clone, Debug)]
pub struct Hint {
    /// The best next move (`None` when the position is already solved, or no solution was
    /// found: see `report.status`).
    pub next: Option<PieceMove>,
    /// The full solve from the current position.
    pub report: SolveReport,
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

impl SolveReport {
    /// The report as the CLI's `--json` object: `puzzle, puzzle_type, algorithm, heuristic,
    /// metric, status, optimal, length, steps, moves [{piece, steps}], blank_moves` (tile
    /// puzzles only), the statistics `expanded, generated, duplicates, goal_tests,
    /// max_frontier, frontier, stored, seconds, nodes_per_second, peak_memory_bytes, depth,
    /// completed_depth`, and `notes`. `length` and `steps` are `null` unless solved.
    pub fn to_json(&self) -> serde_json::Value {
        let moves: Vec<serde_json::Value> = self
            .moves
            .iter()
            .map(|m| {
                serde_json::json!({
                    "piece": m.piece.as_str(),
                    "steps": m.steps.iter().map(|d| d.word()).collect::<Vec<_>>(),
                })
            })
            .collect();
        let s = &self.stats;
        let mut object = serde_json::json!({
            "puzzle": self.puzzle,
            "puzzle_type": self.puzzle_type.name(),
            "algorithm": self.algorithm.name(),
            "heuristic": self.heuristic,
            "metric": self.metric.name(),
            "status": self.status.name(),
            "optimal": self.optimal,
            "length": self.length(),
            "steps": self.steps(),
            "moves": moves,
            "expanded": s.expanded,
            "generated": s.generated,
            "duplicates": s.duplicates,
            "goal_tests": s.goal_tests,
            "max_frontier": s.max_frontier,
            "frontier": s.frontier,
            "stored": s.stored,
            "seconds": s.elapsed.as_secs_f64(),
            "nodes_per_second": s.nodes_per_second(),
            "peak_memory_bytes": s.peak_memory_bytes,
            "depth": s.depth,
            "completed_depth": s.completed_depth,
            "notes": self.notes,
        });
        if let (Some(blank), Some(map)) = (&self.blank_moves, object.as_object_mut()) {
            map.insert("blank_moves".into(), blank.clone().into());
        }
        object
    }
}

/// Why a solution does not replay.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    /// A unit step is illegal in the position reached so far.
    #[error("move {index} (step {step}): {error}")]
    Illegal {
        /// 1-based index of the piece move.
        index: usize,
        /// 1-based index of the unit step within it.
        step: usize,
        /// What the model refused.
        error: MoveError,
    },
    /// Every step is legal but the final position does not satisfy the goal.
    #[error("the moves are legal but the final position does not satisfy the goal")]
    GoalNotReached,
}

/// Plays `moves` from `puzzle`'s start with the model's own unit steps ([`Puzzle::step`])
/// and returns the final position (as a puzzle whose start it is).
///
/// # Errors
/// [`ReplayError::Illegal`] at the first step the model refuses.
pub fn replay(puzzle: &Puzzle, moves: &[PieceMove]) -> Result<Puzzle, ReplayError> {
    let mut position = puzzle.clone();
    for (i, m) in moves.iter().enumerate() {
        for (j, &dir) in m.steps.iter().enumerate() {
            position
                .step(m.piece, dir)
                .map_err(|error| ReplayError::Illegal {
                    index: i + 1,
                    step: j + 1,
                    error,
                })?;
        }
    }
    Ok(position)
}

/// Checks a solution independently of the search: every unit step is legal on the model
/// and the final position satisfies the model's goal check.
///
/// # Errors
/// The first illegal step, or [`ReplayError::GoalNotReached`].
pub fn verify_solution(puzzle: &Puzzle, moves: &[PieceMove]) -> Result<(), ReplayError> {
    if replay(puzzle, moves)?.goal_satisfied() {
        Ok(())
    } else {
        Err(ReplayError::GoalNotReached)
    }
}
