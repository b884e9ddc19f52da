//! `blockslide.Puzzle` and `blockslide.Move`: a puzzle of the core's model, and one move of
//! a concrete piece.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use std::path::PathBuf;
use std::str::FromStr;

use blockslide_core::model::file::{read_text, save, to_ron_string};
use blockslide_core::model::validate::{Severity, validate, validate_text};
use blockslide_core::model::{Dir, Metric, PieceMove, Puzzle as CorePuzzle, Token, rushhour};
use blockslide_core::solve::api::{Algorithm, SpaceMove, StateSpace};
use pyo3::exceptions::{PyOSError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PySequence, PyString, PyTuple};

use crate::errors::{findings_error, puzzle_error, solve_error};
use crate::picture;

/// A sliding puzzle: its board, pieces, goal and metric (immutable: moves make new puzzles).
#[pyclass(frozen, module = "blockslide")]
#[derive(Clone)]
pub struct Puzzle {
    pub(crate) inner: CorePuzzle,
}

impl Puzzle {
    /// `puzzle` (built in Python, so no line or column applies) once it validates.
    pub(crate) fn checked(py: Python<'_>, puzzle: CorePuzzle) -> PyResult<Puzzle> {
        let findings = validate(&puzzle);
        let errors: Vec<_> = findings
            .iter()
            .filter(|d| d.severity == Severity::Error)
            .collect();
        if errors.is_empty() {
            Ok(Puzzle { inner: puzzle })
        } else {
            Err(findings_error(py, &errors))
        }
    }
}

/// The puzzle written in `text`, validated, every error with its line and column.
fn from_text(py: Python<'_>, text: &str) -> PyResult<Puzzle> {
    let report = validate_text(text);
    let errors: Vec<_> = report.errors().collect();
    match report.puzzle {
        Some(puzzle) if errors.is_empty() => Ok(Puzzle { inner: puzzle }),
        _ => Err(findings_error(py, &errors)),
    }
}

/// An algorithm by its CLI name.
pub(crate) fn algorithm_named(name: &str) -> PyResult<Algorithm> {
    Algorithm::from_str(name).map_err(PyValueError::new_err)
}

/// A metric by its name (`step`, `slide`, `move`).
pub(crate) fn metric_named(name: &str) -> PyResult<Metric> {
    Metric::ALL
        .into_iter()
        .find(|m| m.name() == name)
        .ok_or_else(|| {
            PyValueError::new_err(format!(
                "unknown metric `{name}`; choose one of step, slide, move"
            ))
        })
}

/// A direction by its word or letter (`up` or `u`, in any case).
fn dir_named(name: &str) -> PyResult<Dir> {
    let lower = name.to_ascii_lowercase();
    Dir::ALL
        .into_iter()
        .find(|d| d.word() == lower || d.letter().to_string() == lower)
        .ok_or_else(|| {
            PyValueError::new_err(format!(
                "unknown direction `{name}`; choose one of up, down, left, right"
            ))
        })
}

#[pymethods]
impl Puzzle {
    /// Loads a puzzle file (the RON format of `saved_puzzles/`).
    ///
    /// Raises `PuzzleError` (with `line` and `column`) when the file is malformed or the
    /// puzzle is not valid, `OSError` when it cannot be read.
    #[staticmethod]
    #[expect(
        clippy::needless_pass_by_value,
        reason = "PyO3 hands arguments over by value"
    )]
    fn load(py: Python<'_>, path: PathBuf) -> PyResult<Puzzle> {
        let text = read_text(&path).map_err(|e| {
            if e.line.is_none() {
                PyOSError::new_err(format!("{}: {}", path.display(), e.message))
            } else {
                crate::errors::load_error(py, &e)
            }
        })?;
        from_text(py, &text)
    }

    /// Parses a puzzle from the text of a puzzle file.
    #[staticmethod]
    fn parse(py: Python<'_>, text: &str) -> PyResult<Puzzle> {
        from_text(py, text)
    }

    /// A puzzle from board rows as files write them (`"B A A C"`, `.` empty, `#` wall),
    /// with optional goal rows (`.` for don't care; `anywhere=True`: the goal's pattern may
    /// be met anywhere on the board), metric and name.
    #[staticmethod]
    #[pyo3(signature = (rows, goal=None, metric=None, name=None, anywhere=false))]
    #[expect(
        clippy::needless_pass_by_value,
        reason = "PyO3 hands arguments over by value"
    )]
    fn from_rows(
        py: Python<'_>,
        rows: Vec<String>,
        goal: Option<Vec<String>>,
        metric: Option<&str>,
        name: Option<String>,
        anywhere: bool,
    ) -> PyResult<Puzzle> {
        let goal = goal.unwrap_or_default();
        let mut puzzle = CorePuzzle::from_rows(&rows, &goal)
            .map_err(|e| puzzle_error(py, &e.to_string(), None, None))?;
        puzzle.metric = metric.map(metric_named).transpose()?;
        puzzle.name = name.unwrap_or_default();
        puzzle.goal.anywhere = anywhere;
        Puzzle::checked(py, puzzle)
    }

    /// A numbered-tile puzzle (the 8-puzzle by default) from its numbers row by row, 0 the
    /// blank; the goal is the tiles in order with the blank last unless `goal` says otherwise.
    #[staticmethod]
    #[pyo3(signature = (numbers, rows=3, cols=3, goal=None))]
    #[expect(
        clippy::needless_pass_by_value,
        reason = "PyO3 hands arguments over by value"
    )]
    fn tiles(
        py: Python<'_>,
        numbers: Vec<u32>,
        rows: usize,
        cols: usize,
        goal: Option<Vec<u32>>,
    ) -> PyResult<Puzzle> {
        let mut puzzle = CorePuzzle::tiles(rows, cols, &numbers, goal.as_deref())
            .map_err(|e| puzzle_error(py, &e.to_string(), None, None))?;
        puzzle.name = format!("{rows}x{cols} tiles");
        Puzzle::checked(py, puzzle)
    }

    /// A Rush Hour board in Fogleman's notation: 36 characters, the 6x6 board row by row
    /// (`o` or `.` empty, `x` wall, `A` the red car, other capitals vehicles).
    #[staticmethod]
    fn rush_hour(py: Python<'_>, board: &str) -> PyResult<Puzzle> {
        let puzzle =
            rushhour::parse(board).map_err(|e| puzzle_error(py, &e.to_string(), None, None))?;
        Puzzle::checked(py, puzzle)
    }

    /// Saves the puzzle file at `path` (atomically: a failed save leaves the file as it was).
    #[expect(
        clippy::needless_pass_by_value,
        reason = "PyO3 hands arguments over by value"
    )]
    fn save(&self, path: PathBuf) -> PyResult<()> {
        save(&path, &self.inner).map_err(|e| PyOSError::new_err(format!("{}: {e}", path.display())))
    }

    /// The puzzle file's text.
    fn to_ron(&self) -> String {
        to_ron_string(&self.inner)
    }

    /// The puzzle's name.
    #[getter]
    fn name(&self) -> &str {
        &self.inner.name
    }

    /// Rows of the board.
    #[getter]
    fn rows(&self) -> usize {
        self.inner.rows
    }

    /// Columns of the board.
    #[getter]
    fn cols(&self) -> usize {
        self.inner.cols
    }

    /// The board rows as files write them.
    #[getter]
    fn board(&self) -> Vec<String> {
        self.inner.board_rows()
    }

    /// The goal rows as files write them (`.` for don't care).
    #[getter]
    fn goal(&self) -> Vec<String> {
        self.inner.goal_rows()
    }

    /// The puzzle's own metric (`step`, `slide` or `move`); `step` when it names none.
    #[getter]
    fn metric(&self) -> &'static str {
        self.inner.metric.unwrap_or_default().name()
    }

    /// `"tiles"` for numbered-tile puzzles, else `"blocks"`.
    #[getter]
    fn kind(&self) -> &'static str {
        blockslide_core::model::tiles::puzzle_type(&self.inner).name()
    }

    /// The pieces in reading order of their first cell: dicts with `piece` (its token),
    /// `cells` (`(row, col)` pairs), `name`, `color` (`#rrggbb`) and `kind`.
    #[getter]
    fn pieces<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let list = PyList::empty(py);
        for piece in self.inner.pieces() {
            let style = self.inner.styles.get(&piece.token);
            let dict = PyDict::new(py);
            dict.set_item("piece", piece.token.to_string())?;
            dict.set_item("cells", piece.cells)?;
            dict.set_item("name", style.and_then(|s| s.name.clone()))?;
            let colour = picture::piece_colour(&self.inner, piece.token);
            dict.set_item(
                "color",
                format!("#{:02x}{:02x}{:02x}", colour.r, colour.g, colour.b),
            )?;
            dict.set_item("kind", style.and_then(|s| s.kind.clone()))?;
            list.append(dict)?;
        }
        Ok(list)
    }

    /// Whether the start already satisfies the goal.
    #[getter]
    fn is_solved(&self) -> bool {
        self.inner.goal_satisfied()
    }

    /// The legal moves from the start in `metric` (`None`: the puzzle's own), in the
    /// engine's order.
    #[pyo3(signature = (metric=None))]
    fn moves(&self, py: Python<'_>, metric: Option<&str>) -> PyResult<Vec<Move>> {
        let metric = metric.map(metric_named).transpose()?;
        let space =
            StateSpace::new(&self.inner, metric, None, None).map_err(|e| solve_error(py, &e))?;
        let start = space.start();
        Ok(space
            .moves(&start)
            .into_iter()
            .map(|m| Move::from(m.piece_move))
            .collect())
    }

    /// The puzzle after `move` (a `Move` or a `(piece, direction, distance)` tuple), as a
    /// new puzzle. Raises `ValueError` when the move is illegal.
    fn apply(&self, py: Python<'_>, r#move: &Bound<'_, PyAny>) -> PyResult<Puzzle> {
        let mv = piece_move_of(r#move)?;
        let _ = py;
        let position = blockslide_core::model::replay(&self.inner, std::slice::from_ref(&mv))
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        Ok(Puzzle { inner: position })
    }

    /// The board as an SVG picture (the app's colours and labels, goal cells outlined).
    fn to_svg(&self) -> String {
        picture::board_svg(&self.inner)
    }

    /// Jupyter's rich display: the board as SVG.
    fn _repr_svg_(&self) -> String {
        picture::board_svg(&self.inner)
    }

    fn __repr__(&self) -> String {
        format!(
            "Puzzle({:?}, {}x{}, {} pieces, metric {})",
            self.inner.name,
            self.inner.rows,
            self.inner.cols,
            self.inner.pieces().len(),
            self.metric()
        )
    }

    fn __str__(&self) -> String {
        self.inner.board_rows().join("\n")
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<Puzzle>()
            .is_ok_and(|o| o.get().inner == self.inner)
    }

    fn __hash__(&self) -> u64 {
        let mut hasher = DefaultHasher::new();
        self.inner.cells.hash(&mut hasher);
        hasher.finish()
    }
}

/// One move of a concrete piece: its token, direction and distance (`steps` has every unit
/// step, which in the move metric may turn corners).
#[pyclass(frozen, module = "blockslide")]
#[derive(Clone)]
pub struct Move {
    pub(crate) piece_move: PieceMove,
    /// The engine's own move, when the move came from `Problem.actions` (its fast path).
    pub(crate) engine: Option<SpaceMove>,
}

impl From<PieceMove> for Move {
    fn from(piece_move: PieceMove) -> Self {
        Move {
            piece_move,
            engine: None,
        }
    }
}

/// A move from Python: a `Move`, a `(piece, direction, distance)` tuple, or a
/// `(piece, [direction, ...])` pair of unit steps.
pub(crate) fn piece_move_of(obj: &Bound<'_, PyAny>) -> PyResult<PieceMove> {
    if let Ok(m) = obj.cast::<Move>() {
        return Ok(m.get().piece_move.clone());
    }
    let wrong = || {
        PyTypeError::new_err(
            "a move is a Move or a (piece, direction, distance) tuple, e.g. ('A', 'down', 1)",
        )
    };
    if obj.is_instance_of::<PyString>() {
        return Err(wrong());
    }
    let seq = obj.cast::<PySequence>().map_err(|_| wrong())?;
    let items: Vec<Bound<'_, PyAny>> = (0..seq.len()?)
        .map(|i| seq.get_item(i))
        .collect::<PyResult<_>>()?;
    let piece_text: String = items
        .first()
        .ok_or_else(wrong)?
        .extract()
        .map_err(|_| wrong())?;
    let piece = Token::new(&piece_text)
        .map_err(|e| PyValueError::new_err(format!("piece `{piece_text}`: {e}")))?;
    let steps = match items.as_slice() {
        [_, direction, distance] => {
            let dir = dir_named(&direction.extract::<String>().map_err(|_| wrong())?)?;
            let distance: usize = distance.extract().map_err(|_| wrong())?;
            if distance == 0 {
                return Err(PyValueError::new_err("a move's distance is at least 1"));
            }
            vec![dir; distance]
        }
        [_, steps] => {
            let words: Vec<String> = steps.extract().map_err(|_| wrong())?;
            words
                .iter()
                .map(|w| dir_named(w))
                .collect::<PyResult<Vec<_>>>()?
        }
        _ => return Err(wrong()),
    };
    if steps.is_empty() {
        return Err(PyValueError::new_err("a move has at least one step"));
    }
    Ok(PieceMove { piece, steps })
}

#[pymethods]
impl Move {
    /// A move of `piece` `distance` cells towards `direction` (`up`, `down`, `left`, `right`).
    #[new]
    #[pyo3(signature = (piece, direction, distance=1))]
    fn new(piece: &str, direction: &str, distance: usize) -> PyResult<Move> {
        let piece = Token::new(piece)
            .map_err(|e| PyValueError::new_err(format!("piece `{piece}`: {e}")))?;
        if distance == 0 {
            return Err(PyValueError::new_err("a move's distance is at least 1"));
        }
        Ok(Move::from(PieceMove {
            piece,
            steps: vec![dir_named(direction)?; distance],
        }))
    }

    /// The piece's token.
    #[getter]
    fn piece(&self) -> String {
        self.piece_move.piece.to_string()
    }

    /// The direction of the first step (`up`, `down`, `left` or `right`).
    #[getter]
    fn direction(&self) -> &'static str {
        self.piece_move.steps.first().map_or("", |d| d.word())
    }

    /// How many cells the piece moves (unit steps).
    #[getter]
    fn distance(&self) -> usize {
        self.piece_move.steps.len()
    }

    /// Every unit step's direction, in order.
    #[getter]
    fn steps(&self) -> Vec<&'static str> {
        self.piece_move.steps.iter().map(|d| d.word()).collect()
    }

    /// `(piece, direction, distance)`; a move that turns corners (move metric) is
    /// `(piece, steps)` instead.
    fn as_tuple<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let straight = self.piece_move.is_straight();
        if straight {
            (self.piece(), self.direction(), self.distance()).into_pyobject(py)
        } else {
            (self.piece(), self.steps()).into_pyobject(py)
        }
    }

    fn __repr__(&self) -> String {
        self.repr()
    }
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        piece_move_of(other).is_ok_and(|m| m == self.piece_move)
    }

    fn __hash__(&self) -> u64 {
        let mut hasher = DefaultHasher::new();
        self.piece_move.piece.to_string().hash(&mut hasher);
        self.piece_move.steps.hash(&mut hasher);
        hasher.finish()
    }
}

impl Move {
    /// The move as Python writes it.
    pub(crate) fn repr(&self) -> String {
        let straight = self.piece_move.is_straight();
        if straight {
            format!(
                "Move({:?}, {:?}, {})",
                self.piece(),
                self.direction(),
                self.distance()
            )
        } else {
            format!("Move({:?}, steps={:?})", self.piece(), self.steps())
        }
    }
}
