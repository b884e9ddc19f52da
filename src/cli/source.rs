//! Reading the puzzle a command works on, in one place: a puzzle file (kept with its text, to
//! place what the solver refuses at a line and column), a Rush Hour board (`--rushhour`) or
//! a tile puzzle given inline (`--tiles`, `--goal`, `--size`).

use std::path::{Path, PathBuf};

use blockslide_core::model::Puzzle;
use blockslide_core::model::file::{LoadError, load, parse, parse_with_source_map, read_text};
use blockslide_core::model::rushhour;
use blockslide_core::model::validate::{Diagnostic, validate_text};
use blockslide_core::solve::SolveError;

use super::flags::values::{numbers, parse_size};
use super::flags::{CountArgs, SolveArgs};

/// A puzzle read for a search, with its file when it came from one.
pub struct Loaded {
    /// The puzzle.
    pub puzzle: Puzzle,
    /// The file it was read from, to place the solver's refusals in it.
    file: Option<PuzzleFile>,
}

impl Loaded {
    /// What the solver refused: placed in the file (see [`PuzzleFile::locate`]), or as the
    /// solver says it for a puzzle given on the command line.
    pub fn locate(&self, e: &SolveError) -> String {
        match &self.file {
            Some(file) => file.locate(e),
            None => e.to_string(),
        }
    }
}

/// The puzzle `solve` works on: `--rushhour`, a file (named after the file when it has no
/// name), or `--tiles`; `None` when none is given (`solve --list-heuristics` alone).
///
/// # Errors
/// An unreadable or malformed file, board or list of tiles.
pub fn solve_source(args: &SolveArgs) -> Result<Option<Loaded>, String> {
    let loaded = match (&args.file, &args.tiles) {
        _ if args.rushhour.is_some() => given(rushhour_puzzle(args.rushhour.as_deref())?),
        (Some(path), _) => {
            let (mut puzzle, file) = load_puzzle(path)?;
            if puzzle.name.is_empty()
                && let Some(stem) = path.file_stem()
            {
                puzzle.name = stem.to_string_lossy().into_owned();
            }
            Loaded {
                puzzle,
                file: Some(file),
            }
        }
        (None, Some(tiles)) => given(tile_puzzle(
            tiles,
            args.goal.as_deref(),
            args.blank_first,
            args.size.as_deref(),
        )?),
        (None, None) => return Ok(None),
    };
    Ok(Some(loaded))
}

/// The puzzle `count` works on: a file or `--rushhour`.
///
/// # Errors
/// An unreadable or malformed file or board.
pub fn count_source(args: &CountArgs) -> Result<Loaded, String> {
    Ok(match &args.file {
        Some(path) => {
            let (puzzle, file) = load_puzzle(path)?;
            Loaded {
                puzzle,
                file: Some(file),
            }
        }
        None => given(rushhour_puzzle(args.rushhour.as_deref())?),
    })
}

/// A puzzle given on the command line, not read from a file.
fn given(puzzle: Puzzle) -> Loaded {
    Loaded { puzzle, file: None }
}

/// Reads and parses the puzzle file of `analyze`, `explore` and `improve`.
///
/// # Errors
/// The load error as `FILE:LINE:COLUMN: MESSAGE` (see [`LoadError::in_file`]).
pub fn read_puzzle(path: &Path) -> Result<Puzzle, String> {
    load(path).map_err(|e| e.in_file(path).to_string())
}

/// Checks that `numbers`, given by `option` for a board of `cells` cells, name each of the
/// tiles 1 to `cells - 1` and the blank (0) once, naming the first number out of place.
///
/// # Errors
/// A message naming the option and the repeated, missing or out-of-range number.
fn check_tile_numbers(option: &str, numbers: &[u32], cells: usize) -> Result<(), String> {
    let largest = cells.saturating_sub(1);
    if !numbers.contains(&0) {
        return Err(format!("{option} has no 0: mark the blank with 0"));
    }
    let mut seen = vec![false; cells];
    for &n in numbers {
        let Some(slot) = usize::try_from(n).ok().and_then(|i| seen.get_mut(i)) else {
            return Err(format!(
                "{option} holds {n}, but the tiles of a {cells}-cell board are 1 to {largest} \
                 (and 0 for the blank)"
            ));
        };
        if std::mem::replace(slot, true) {
            return Err(format!(
                "{option} holds {n} twice; give each of 0 to {largest} once (0 is the blank)"
            ));
        }
    }
    if let Some(missing) = seen.iter().position(|&s| !s) {
        return Err(format!(
            "{option} leaves out {missing}; give each of 0 to {largest} once"
        ));
    }
    Ok(())
}

/// A puzzle file that `solve` or `count` read, kept with its text so that what the solver
/// refuses can be reported at a line and column, as `check` reports it.
struct PuzzleFile {
    path: PathBuf,
    text: String,
}

/// Reads and parses a puzzle file for `solve` and `count`.
///
/// # Errors
/// The load error as `FILE:LINE:COLUMN: MESSAGE` (see [`LoadError::in_file`]).
fn load_puzzle(path: &Path) -> Result<(Puzzle, PuzzleFile), String> {
    let text = read_text(path).map_err(|e| e.in_file(path).to_string())?;
    let puzzle = parse(&text).map_err(|e| e.in_file(path).to_string())?;
    let file = PuzzleFile {
        path: path.to_path_buf(),
        text,
    };
    Ok((puzzle, file))
}

impl PuzzleFile {
    /// What the solver refused, one line per finding: each validation error it names, at
    /// its line and column in the file (the same finding, found again in the text, where
    /// validation knows the positions); a refusal of the engine itself (too many pieces, a
    /// state too wide) at the board.
    fn locate(&self, e: &SolveError) -> String {
        match e {
            SolveError::Invalid(findings) => {
                let report = validate_text(&self.text);
                let placed = |d: &Diagnostic| {
                    report
                        .errors()
                        .find(|t| t.kind == d.kind && t.message == d.message && t.cells == d.cells)
                        .map_or((None, None), |t| (t.line, t.column))
                };
                let lines: Vec<String> = findings
                    .iter()
                    .map(|d| {
                        let (line, column) = placed(d);
                        self.at(line, column, &d.message)
                    })
                    .collect();
                lines.join("\n")
            }
            SolveError::Unsupported(_) => {
                let board = parse_with_source_map(&self.text)
                    .ok()
                    .and_then(|(_, map)| map.field("board"));
                self.at(
                    board.map(|p| p.line),
                    board.map(|p| p.column),
                    &e.to_string(),
                )
            }
            SolveError::NotApplicable(_) | SolveError::Refused(_) => e.to_string(),
        }
    }

    fn at(&self, line: Option<usize>, column: Option<usize>, message: &str) -> String {
        let e = LoadError {
            message: message.to_string(),
            line,
            column,
        };
        e.in_file(&self.path).to_string()
    }
}

/// The puzzle a `--rushhour` option describes.
fn rushhour_puzzle(text: Option<&str>) -> Result<Puzzle, String> {
    rushhour::parse(text.unwrap_or_default()).map_err(|e| format!("--rushhour: {e}"))
}

/// A tile puzzle from `--tiles`, `--goal` (or `--blank-first`) and `--size`.
fn tile_puzzle(
    tiles: &str,
    goal: Option<&str>,
    blank_first: bool,
    size: Option<&str>,
) -> Result<Puzzle, String> {
    let start = numbers(tiles, "--tiles")?;
    if start.is_empty() {
        return Err("--tiles gives no numbers; list the tiles row by row, 0 for the blank".into());
    }
    let goal = goal.map(|g| numbers(g, "--goal")).transpose()?;
    let (rows, cols) = if let Some(size) = size {
        parse_size(size)?
    } else {
        let side = (start.len() as f64).sqrt().round() as usize;
        if side * side != start.len() {
            return Err(format!(
                "{} numbers do not make a square board; give --size RxC",
                start.len()
            ));
        }
        (side, side)
    };
    let goal = match goal {
        None if blank_first => Some((0..(rows * cols) as u32).collect()),
        goal => goal,
    };
    // parse_size keeps both sides within 1..=32, so the product cannot overflow
    let cells = rows * cols;
    for (option, given) in [("--tiles", Some(&start)), ("--goal", goal.as_ref())] {
        if let Some(given) = given
            && given.len() != cells
        {
            return Err(format!(
                "a {rows}x{cols} board has {cells} cells but {option} gives {} numbers",
                given.len()
            ));
        }
        if let Some(given) = given {
            check_tile_numbers(option, given, cells)?;
        }
    }
    let mut puzzle =
        Puzzle::tiles(rows, cols, &start, goal.as_deref()).map_err(|e| e.to_string())?;
    puzzle.name = format!("{rows}x{cols} tiles {}", join_numbers(&start));
    Ok(puzzle)
}

fn join_numbers(numbers: &[u32]) -> String {
    numbers
        .iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}
