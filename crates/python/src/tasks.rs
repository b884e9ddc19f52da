//! What a puzzle can be asked: `solve` (a `Solution`), `analyze`, `count`, and `check` of a
//! student's solution, each answering with the core's reports as plain Python objects.

use std::path::PathBuf;

use blockslide_core::model::{Metric, PieceMove, Puzzle as CorePuzzle, ReplayError, replay};
use blockslide_core::report;
use blockslide_core::solve::api::{
    self, Algorithm, SolveError, SolveReport, SolveRequest, default_algorithm, heuristics_for,
    metric_for,
};
use blockslide_core::solve::{Limits, SearchControl, Termination};
use pyo3::exceptions::{PyOSError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::convert::to_python;
use crate::errors::solve_error;
use crate::picture;
use crate::puzzle::{Move, Puzzle, algorithm_named, metric_named, piece_move_of};
use crate::run::{cancellable, control, limits};

/// Where pattern databases are cached, as the CLI decides it: `$BLOCKSLIDE_CACHE_DIR` when
/// set, else the user's cache folder; so a table the CLI built serves the package too.
pub fn pdb_cache() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os("BLOCKSLIDE_CACHE_DIR")
        && !dir.is_empty()
    {
        return Some(PathBuf::from(dir));
    }
    directories::ProjectDirs::from("", "", "blockslide").map(|d| d.cache_dir().to_path_buf())
}

/// The solve request of `solve`'s arguments (`None`: the CLI's defaults for this puzzle).
pub(crate) fn request(
    puzzle: &CorePuzzle,
    algorithm: Option<&str>,
    heuristic: Option<String>,
    metric: Option<&str>,
    weight: f64,
) -> PyResult<SolveRequest> {
    let algorithm = match algorithm {
        Some(name) => algorithm_named(name)?,
        None => default_algorithm(puzzle).0,
    };
    if !(weight.is_finite() && weight >= 1.0) {
        return Err(PyValueError::new_err(format!(
            "weight must be at least 1, not {weight}"
        )));
    }
    Ok(SolveRequest {
        algorithm,
        heuristic,
        weight,
        metric: metric.map(metric_named).transpose()?,
        depth_cap: None,
        pdb_cache: pdb_cache(),
    })
}

/// Runs `request` on `puzzle` off the GIL; Ctrl-C cancels it (and raises `KeyboardInterrupt`).
pub(crate) fn run_solve(
    py: Python<'_>,
    puzzle: &CorePuzzle,
    request: &SolveRequest,
    limits: Limits,
    threads: usize,
) -> PyResult<SolveReport> {
    let (puzzle, request) = (puzzle.clone(), request.clone());
    let answer = cancellable(py, move |cancel| {
        api::solve(&puzzle, &request, control(limits, threads, cancel))
    })?;
    answer.map_err(|e| solve_error(py, &e))
}

impl Puzzle {
    /// Runs `work` (the core's `analyze` or `count`) on the start's component with the Python
    /// arguments (`None`: the CLI's defaults), off the GIL and cancelled by Ctrl-C; returns the
    /// metric it counted in and its report.
    fn walk<R: Send + 'static>(
        &self,
        py: Python<'_>,
        metric: Option<&str>,
        max_nodes: Option<u64>,
        time_limit: Option<f64>,
        threads: Option<usize>,
        work: fn(&CorePuzzle, Metric, SearchControl) -> Result<R, SolveError>,
    ) -> PyResult<(Metric, R)> {
        let metric = metric_for(&self.inner, metric.map(metric_named).transpose()?);
        let limits = limits(max_nodes, time_limit)?;
        let puzzle = self.inner.clone();
        let answer = cancellable(py, move |cancel| {
            work(
                &puzzle,
                metric,
                control(limits, threads.unwrap_or(0), cancel),
            )
        })?;
        Ok((metric, answer.map_err(|e| solve_error(py, &e))?))
    }
}

#[pymethods]
impl Puzzle {
    /// Solves the puzzle; `None` means the CLI's default for this puzzle (the algorithm it
    /// picks, the best admissible heuristic, the puzzle's own metric, every core).
    ///
    /// Returns a `Solution` (also when no solution was found: see its `status`). Raises
    /// `ValueError` when the algorithm, heuristic or metric does not apply; Ctrl-C
    /// (`KeyboardInterrupt`) cancels the search.
    #[pyo3(signature = (algorithm=None, heuristic=None, metric=None, max_nodes=None, time_limit=None, threads=None, weight=1.0))]
    #[expect(
        clippy::too_many_arguments,
        reason = "the keyword arguments of the Python API"
    )]
    fn solve(
        &self,
        py: Python<'_>,
        algorithm: Option<&str>,
        heuristic: Option<String>,
        metric: Option<&str>,
        max_nodes: Option<u64>,
        time_limit: Option<f64>,
        threads: Option<usize>,
        weight: f64,
    ) -> PyResult<Solution> {
        let request = request(&self.inner, algorithm, heuristic, metric, weight)?;
        let report = run_solve(
            py,
            &self.inner,
            &request,
            limits(max_nodes, time_limit)?,
            threads.unwrap_or(0),
        )?;
        Solution::new(py, &self.inner, report)
    }

    /// The whole component of the start (the CLI's `analyze --json`): its size, the hardest
    /// starts, the distances to the goal; a dict.
    #[pyo3(signature = (metric=None, max_nodes=None, time_limit=None, threads=None))]
    fn analyze<'py>(
        &self,
        py: Python<'py>,
        metric: Option<&str>,
        max_nodes: Option<u64>,
        time_limit: Option<f64>,
        threads: Option<usize>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let (_, report) = self.walk(py, metric, max_nodes, time_limit, threads, api::analyze)?;
        to_python(py, &report::Analyze::from(&report))
    }

    /// Every position reachable from the start, by distance (the CLI's `count --json`); a
    /// dict with `states`, `per_depth`, `goal_states`, ...
    #[pyo3(signature = (metric=None, max_nodes=None, time_limit=None, threads=None))]
    fn count<'py>(
        &self,
        py: Python<'py>,
        metric: Option<&str>,
        max_nodes: Option<u64>,
        time_limit: Option<f64>,
        threads: Option<usize>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let (metric, report) = self.walk(py, metric, max_nodes, time_limit, threads, api::count)?;
        to_python(py, &report::Count::new(&self.inner.name, metric, &report))
    }

    /// The heuristics that apply to the puzzle in `metric` (the CLI's `heuristics --json`):
    /// dicts with `name`, `admissible`, `applicable`, `description`, `reason`.
    #[pyo3(signature = (metric=None))]
    fn heuristics<'py>(
        &self,
        py: Python<'py>,
        metric: Option<&str>,
    ) -> PyResult<Bound<'py, PyAny>> {
        heuristics(py, self, metric)
    }
}

/// The heuristics `puzzle` offers (see `Puzzle.heuristics`).
#[pyfunction]
#[pyo3(signature = (puzzle, metric=None))]
pub fn heuristics<'py>(
    py: Python<'py>,
    puzzle: &Puzzle,
    metric: Option<&str>,
) -> PyResult<Bound<'py, PyAny>> {
    let metric = metric_for(&puzzle.inner, metric.map(metric_named).transpose()?);
    let cache = pdb_cache();
    let infos = heuristics_for(&puzzle.inner, metric, cache.as_deref());
    to_python(py, &report::heuristics(&infos))
}

/// Every algorithm's name, in the CLI's order.
#[pyfunction]
pub fn algorithms() -> Vec<&'static str> {
    Algorithm::ALL.iter().map(|a| a.name()).collect()
}

/// The keys of the CLI's `solve --json` that describe the search rather than its answer:
/// `Solution.stats`.
const NOT_STATISTICS: [&str; 12] = [
    "algorithm",
    "blank_moves",
    "heuristic",
    "length",
    "metric",
    "moves",
    "notes",
    "optimal",
    "puzzle",
    "puzzle_type",
    "status",
    "steps",
];

/// The answer of `Puzzle.solve`.
#[pyclass(frozen, module = "blockslide")]
pub struct Solution {
    puzzle: CorePuzzle,
    moves: Vec<PieceMove>,
    status: Termination,
    optimal: bool,
    length: Option<usize>,
    report: Py<PyDict>,
}

impl Solution {
    fn new(py: Python<'_>, puzzle: &CorePuzzle, report: SolveReport) -> PyResult<Solution> {
        let json = to_python(py, &report::Solve::from(&report))?
            .cast_into::<PyDict>()
            .map_err(PyErr::from)?;
        Ok(Solution {
            puzzle: puzzle.clone(),
            length: report.length(),
            moves: report.moves,
            status: report.status,
            optimal: report.optimal,
            report: json.unbind(),
        })
    }

    /// Every position along the solution, the start first.
    fn positions(&self) -> Vec<CorePuzzle> {
        let mut position = self.puzzle.clone();
        let mut out = vec![position.clone()];
        for m in &self.moves {
            // Invariant: the core replayed every solution on the model before returning it.
            if let Ok(next) = replay(&position, std::slice::from_ref(m)) {
                position = next;
            }
            out.push(position.clone());
        }
        out
    }

    /// A caption for each position: the start, then each move in words.
    fn captions(&self) -> Vec<String> {
        let total = self.moves.len();
        std::iter::once(format!("start (0 of {total})"))
            .chain(
                self.moves
                    .iter()
                    .enumerate()
                    .map(|(i, m)| format!("move {} of {total}: {}", i + 1, move_words(m))),
            )
            .collect()
    }

    /// The animated PNG's captions, in the characters of the app's bitmap font: "start", then
    /// "move 3 of 81 · A right 2".
    fn frame_captions(&self) -> Vec<String> {
        let total = self.moves.len();
        std::iter::once("start".to_string())
            .chain(
                self.moves
                    .iter()
                    .enumerate()
                    .map(|(i, m)| format!("move {} of {total} · {}", i + 1, move_words(m))),
            )
            .collect()
    }
}

/// A move in words: "A right 2" for a straight move, else the piece and each step ("B up left").
fn move_words(m: &PieceMove) -> String {
    let straight = m.is_straight();
    if straight {
        format!(
            "{} {} {}",
            m.piece,
            m.steps.first().map_or("", |d| d.word()),
            m.steps.len()
        )
    } else {
        format!(
            "{} {}",
            m.piece,
            m.steps
                .iter()
                .map(|d| d.word())
                .collect::<Vec<_>>()
                .join(" ")
        )
    }
}

#[pymethods]
impl Solution {
    /// The solution's length in the metric (`None` unless solved).
    #[getter]
    fn length(&self) -> Option<usize> {
        self.length
    }

    /// Whether the length is guaranteed shortest.
    #[getter]
    fn optimal(&self) -> bool {
        self.optimal
    }

    /// Why the search stopped: `solved`, `unsolvable`, `node-limit`, `time-limit`,
    /// `memory-limit`, `cancelled`, `depth-limit`.
    #[getter]
    fn status(&self) -> &'static str {
        self.status.name()
    }

    /// The moves, each with `piece`, `direction` and `distance`.
    #[getter]
    fn moves(&self) -> Vec<Move> {
        self.moves.iter().cloned().map(Move::from).collect()
    }

    /// Every position along the solution as a `Puzzle`, the start first.
    #[getter]
    fn states(&self) -> Vec<Puzzle> {
        self.positions()
            .into_iter()
            .map(|inner| Puzzle { inner })
            .collect()
    }

    /// The search's statistics: exactly the statistics of the CLI's `solve --json`
    /// (`expanded`, `generated`, `max_frontier`, `seconds`, ...).
    #[getter]
    fn stats<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let stats = self.report.bind(py).copy()?;
        for key in NOT_STATISTICS {
            if stats.contains(key)? {
                stats.del_item(key)?;
            }
        }
        Ok(stats)
    }

    /// The whole report, as the CLI's `solve --json` writes it.
    #[getter]
    fn report<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        self.report.bind(py).copy()
    }

    /// The algorithm that ran.
    #[getter]
    fn algorithm(&self, py: Python<'_>) -> PyResult<String> {
        self.item(py, "algorithm")
    }

    /// The heuristic that ran (`zero` for uninformed algorithms).
    #[getter]
    fn heuristic(&self, py: Python<'_>) -> PyResult<String> {
        self.item(py, "heuristic")
    }

    /// The metric the length is counted in.
    #[getter]
    fn metric(&self, py: Python<'_>) -> PyResult<String> {
        self.item(py, "metric")
    }

    /// Notes for the user (why a solution is not optimal, a table's build time, ...).
    #[getter]
    fn notes(&self, py: Python<'_>) -> PyResult<Vec<String>> {
        self.item(py, "notes")
    }

    /// The position after `frame` moves (the start by default) as SVG.
    #[pyo3(signature = (frame=0))]
    fn to_svg(&self, frame: usize) -> PyResult<String> {
        let positions = self.positions();
        positions.get(frame).map(picture::board_svg).ok_or_else(|| {
            PyValueError::new_err(format!(
                "frame {frame} is past the last, {}",
                positions.len() - 1
            ))
        })
    }

    /// Jupyter's rich display: the solution as SVG frames with play and step controls
    /// (self-contained: no network, no external script).
    fn _repr_html_(&self, py: Python<'_>) -> String {
        use std::sync::atomic::{AtomicU64, Ordering};
        static NEXT: AtomicU64 = AtomicU64::new(0);
        let id = format!(
            "blockslide-{}-{}",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed)
        );
        let summary = match self.length {
            Some(n) => format!(
                "<p>{n} moves ({}){}</p>",
                self.metric(py).unwrap_or_default(),
                if self.optimal { ", optimal" } else { "" }
            ),
            None => format!("<p>no solution: {}</p>", self.status.name()),
        };
        summary + &picture::animation_html(&self.positions(), &self.captions(), &id)
    }

    /// Writes the solution as an animated PNG (APNG) at `path`, `delay` seconds a move (the
    /// last frame twice as long), drawn as the app's exported animation: each piece's label in
    /// its cells, the goal's unfilled cells outlined, and a caption under the board per frame
    /// ("start", then "move 3 of 81 · A right 2").
    #[pyo3(signature = (path, delay=0.4))]
    #[expect(
        clippy::needless_pass_by_value,
        reason = "PyO3 hands arguments over by value"
    )]
    fn save_animation(&self, path: PathBuf, delay: f64) -> PyResult<()> {
        let ms = (delay * 1000.0).round();
        if !(1.0..=60_000.0).contains(&ms) {
            return Err(PyValueError::new_err(
                "delay must be between 0.001 and 60 seconds",
            ));
        }
        let bytes = picture::apng(&self.positions(), &self.frame_captions(), ms as u16)
            .map_err(PyOSError::new_err)?;
        std::fs::write(&path, bytes)
            .map_err(|e| PyOSError::new_err(format!("{}: {e}", path.display())))
    }

    fn __len__(&self) -> usize {
        self.moves.len()
    }

    fn __repr__(&self) -> String {
        match self.length {
            Some(n) => format!(
                "Solution(length={n}, optimal={}, status='solved')",
                if self.optimal { "True" } else { "False" }
            ),
            None => format!("Solution(length=None, status={:?})", self.status.name()),
        }
    }
}

impl Solution {
    fn item<'py, T: FromPyObjectOwned<'py>>(&self, py: Python<'py>, key: &str) -> PyResult<T> {
        match self.report.bind(py).get_item(key)? {
            Some(value) => value.extract().map_err(Into::into),
            None => py.None().into_bound(py).extract().map_err(Into::into),
        }
    }
}

/// What `check` found.
#[pyclass(frozen, module = "blockslide", get_all)]
pub struct CheckResult {
    /// Whether every move is legal.
    legal: bool,
    /// Whether the moves end in a position that satisfies the goal.
    solves: bool,
    /// How many moves there are.
    length: usize,
    /// Whether the moves solve the puzzle in the fewest moves possible (the engine's optimal
    /// length in the metric).
    optimal: bool,
    /// The 0-based index of the first illegal move, or `None`.
    first_illegal: Option<usize>,
    /// Why the first illegal move is illegal, or why the moves do not solve the puzzle.
    message: Option<String>,
    /// The engine's optimal length in the metric (`None` when it found none).
    optimal_length: Option<usize>,
}

#[pymethods]
impl CheckResult {
    fn __repr__(&self) -> String {
        format!(
            "CheckResult(legal={}, solves={}, length={}, optimal={}, first_illegal={}, message={})",
            py_bool(self.legal),
            py_bool(self.solves),
            self.length,
            py_bool(self.optimal),
            self.first_illegal
                .map_or_else(|| "None".to_string(), |i| i.to_string()),
            self.message
                .as_deref()
                .map_or_else(|| "None".to_string(), |m| format!("{m:?}"))
        )
    }

    fn __bool__(&self) -> bool {
        self.legal && self.solves
    }
}

fn py_bool(b: bool) -> &'static str {
    if b { "True" } else { "False" }
}

/// Checks a student's solution of `puzzle`: whether every move is legal (each a `Move` or a
/// `(piece, direction, distance)` tuple; in the step metric a move is one cell), whether it
/// reaches the goal, its length, and whether that is optimal (against the engine's optimal
/// solve in the metric, `None`: the puzzle's own).
#[pyfunction]
#[pyo3(signature = (puzzle, moves, metric=None))]
pub fn check(
    py: Python<'_>,
    puzzle: &Puzzle,
    moves: &Bound<'_, PyAny>,
    metric: Option<&str>,
) -> PyResult<CheckResult> {
    let metric = metric_for(&puzzle.inner, metric.map(metric_named).transpose()?);
    let mut list = Vec::new();
    for item in moves.try_iter()? {
        list.push(piece_move_of(&item?)?);
    }
    let length = list.len();
    let mut first_illegal = None;
    let mut message = None;
    if let Some(i) = list
        .iter()
        .position(|m| metric != Metric::Move && !m.is_straight())
    {
        first_illegal = Some(i);
        message = Some(format!(
            "move {} turns a corner, which only the move metric allows",
            i + 1
        ));
    }
    if let Some(i) = list
        .iter()
        .position(|m| metric == Metric::Step && m.steps.len() != 1)
        && first_illegal.is_none_or(|f| i < f)
    {
        first_illegal = Some(i);
        message = Some(format!(
            "move {} goes {} cells; in the step metric a move is one cell",
            i + 1,
            list[i].steps.len()
        ));
    }
    let played = match replay(&puzzle.inner, &list) {
        Ok(end) => Some(end),
        Err(ReplayError::Illegal { index, error, .. }) => {
            if first_illegal.is_none_or(|f| index - 1 < f) {
                first_illegal = Some(index - 1);
                message = Some(format!("move {index}: {error}"));
            }
            None
        }
        Err(ReplayError::GoalNotReached) => None,
    };
    let legal = first_illegal.is_none();
    let solves = legal && played.is_some_and(|end| end.goal_satisfied());
    if legal && !solves {
        message = Some("the moves are legal but do not reach the goal".into());
    }
    let mut optimal_length = None;
    let mut optimal = false;
    if solves {
        let algorithm = default_algorithm(&puzzle.inner).0;
        let request = SolveRequest {
            algorithm,
            metric: Some(metric),
            pdb_cache: pdb_cache(),
            ..SolveRequest::default()
        };
        let report = run_solve(py, &puzzle.inner, &request, Limits::default(), 0)?;
        if report.optimal {
            optimal_length = report.length();
            optimal = optimal_length == Some(length);
        }
    }
    Ok(CheckResult {
        legal,
        solves,
        length,
        optimal,
        first_illegal,
        message,
        optimal_length,
    })
}
