//! The one model for every sliding puzzle: a board of cells, pieces, and a goal pattern.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

pub use super::basics::{Cell, Color, Dir, Metric};
use super::rules::{Axis, Zone};
use super::token::{Token, TokenError};

/// The largest number of rows or columns a board may have.
pub const MAX_SIDE: usize = 32;

/// The most cells a numbered-tile board may have: 1,000, so tiles 1 to 999. A tile is named
/// by its number and a piece token has at most three characters; the one limit wherever tile
/// puzzles are taken (inline tiles, batch lists, generated instances and puzzle files), so
/// that an instance one command prints, the others take.
pub const MAX_TILE_CELLS: usize = 1000;

/// How a piece is shown, grouped and allowed to move; everything here is optional.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PieceStyle {
    /// A display name ("Cao Cao").
    pub name: Option<String>,
    /// A display colour; the app picks one from its palette when absent.
    pub color: Option<Color>,
    /// Pieces sharing a kind are indistinguishable (they must have the same shape).
    /// `None` means the piece is its own kind.
    pub kind: Option<String>,
    /// The directions the piece may move in (all, by default).
    pub axis: Axis,
}

impl PieceStyle {
    /// True when nothing is set, so the style need not be written to a file.
    pub fn is_default(&self) -> bool {
        self.name.is_none()
            && self.color.is_none()
            && self.kind.is_none()
            && self.axis == Axis::Free
    }
}

/// The goal: a partial pattern of cells, each naming the piece that must cover it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Goal {
    /// When true, the pattern may match at any translation of the board.
    pub anywhere: bool,
    /// One entry per board cell, row-major: `None` is "don't care".
    pub cells: Vec<Option<Token>>,
}

impl Goal {
    /// An empty goal (all "don't care") for a board of `rows * cols` cells.
    pub fn empty(rows: usize, cols: usize) -> Goal {
        Goal {
            anywhere: false,
            cells: vec![None; rows * cols],
        }
    }

    /// True when the goal names no cell at all.
    pub fn is_empty(&self) -> bool {
        self.cells.iter().all(Option::is_none)
    }
}

/// A piece as found on the board: its token and the cells it covers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceCells {
    /// The piece's token.
    pub token: Token,
    /// The cells it covers as `(row, col)`, in reading order.
    pub cells: Vec<(usize, usize)>,
}

impl PieceCells {
    /// The shape: cells relative to the top-left corner of the bounding box, in reading order.
    pub fn shape(&self) -> Vec<(usize, usize)> {
        let r0 = self.cells.iter().map(|c| c.0).min().unwrap_or(0);
        let c0 = self.cells.iter().map(|c| c.1).min().unwrap_or(0);
        self.cells.iter().map(|&(r, c)| (r - r0, c - c0)).collect()
    }
}

/// Whether a puzzle can use the numbered-tile fast path.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PuzzleType {
    /// All pieces 1x1 with distinct tokens, one empty cell, no walls, an anchored goal
    /// naming every tile.
    Tiles,
    /// Everything else: the general block engine.
    Blocks,
}

impl PuzzleType {
    /// `"tiles"` or `"blocks"`, as printed by `check --json`.
    pub fn name(self) -> &'static str {
        match self {
            PuzzleType::Tiles => "tiles",
            PuzzleType::Blocks => "blocks",
        }
    }
}

/// Why a grid could not be built from rows of tokens. Messages count rows and columns from 1,
/// as a person (and the status bar) reads them; the fields are 0-based indices.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GridError {
    /// No rows at all.
    #[error("the board has no rows")]
    NoRows,
    /// A row had no cells.
    #[error("row {} is empty", .row + 1)]
    EmptyRow {
        /// 0-based row index.
        row: usize,
    },
    /// Rows of different lengths.
    #[error("row {} has {found} cells but row 1 has {expected}", .row + 1)]
    Ragged {
        /// 0-based row index.
        row: usize,
        /// Cells in row 0.
        expected: usize,
        /// Cells in this row.
        found: usize,
    },
    /// More than [`MAX_SIDE`] rows or columns.
    #[error("the board is {rows}x{cols}; at most {MAX_SIDE}x{MAX_SIDE} is allowed")]
    TooLarge {
        /// Rows found.
        rows: usize,
        /// Columns found.
        cols: usize,
    },
    /// A cell's text is not `.`, `#` or a valid token.
    #[error("row {}, column {}: {source}", .row + 1, .col + 1)]
    BadToken {
        /// 0-based row index.
        row: usize,
        /// 0-based cell index within the row.
        col: usize,
        /// What is wrong with the token.
        source: TokenError,
    },
    /// The goal grid is not the board's size.
    #[error("the goal is {goal_rows}x{goal_cols} but the board is {rows}x{cols}")]
    GoalSize {
        /// Board rows.
        rows: usize,
        /// Board columns.
        cols: usize,
        /// Goal rows.
        goal_rows: usize,
        /// Goal columns.
        goal_cols: usize,
    },
    /// A tile number too large to be a piece token (tokens have at most 3 digits).
    #[error(
        "tile number {value} cannot be a piece token: tiles are numbered up to {}, so a tile \
         board has at most {MAX_TILE_CELLS} cells",
        MAX_TILE_CELLS - 1
    )]
    TileNumber {
        /// The number found.
        value: u32,
    },
    /// A wall (`#`) in the goal grid.
    #[error("row {}, column {}: a goal cell cannot be a wall; use `.` for don't care", .row + 1, .col + 1)]
    WallInGoal {
        /// 0-based row index.
        row: usize,
        /// 0-based cell index within the row.
        col: usize,
    },
}

/// Splits board rows into cells: `.` empty, `#` wall, anything else a token.
///
/// Returns the rows of cells; all rows have the same length and the grid is within the size
/// limit.
///
/// # Errors
/// Returns the first [`GridError`] found, scanning rows top to bottom.
pub(crate) fn parse_grid<S: AsRef<str>>(rows: &[S]) -> Result<Vec<Vec<Cell>>, GridError> {
    if rows.is_empty() {
        return Err(GridError::NoRows);
    }
    // Sizes are checked before any cell is stored, so an oversized grid costs no memory.
    let widest = rows
        .iter()
        .map(|row| row.as_ref().split_whitespace().count())
        .max()
        .unwrap_or(0);
    if rows.len() > MAX_SIDE || widest > MAX_SIDE {
        return Err(GridError::TooLarge {
            rows: rows.len(),
            cols: widest,
        });
    }
    let mut grid = Vec::with_capacity(rows.len());
    for (r, row) in rows.iter().enumerate() {
        let mut cells = Vec::new();
        for (c, text) in row.as_ref().split_whitespace().enumerate() {
            cells.push(match text {
                "." => Cell::Empty,
                "#" => Cell::Wall,
                t => Cell::Piece(Token::new(t).map_err(|source| GridError::BadToken {
                    row: r,
                    col: c,
                    source,
                })?),
            });
        }
        if cells.is_empty() {
            return Err(GridError::EmptyRow { row: r });
        }
        if let Some(first) = grid.first().map(Vec::len)
            && first != cells.len()
        {
            return Err(GridError::Ragged {
                row: r,
                expected: first,
                found: cells.len(),
            });
        }
        grid.push(cells);
    }
    Ok(grid)
}

/// A sliding puzzle: board, pieces, goal, and how to show them.
///
/// This is the editable form: it can hold puzzles that do not validate (for example a piece
/// in two parts while the user is drawing). `model::validate` says what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// A short title.
    pub name: String,
    /// Free text: instructions, the puzzle's source.
    pub notes: String,
    /// The metric the puzzle is usually counted in, if it has one.
    pub metric: Option<Metric>,
    /// Number of rows (1..=32).
    pub rows: usize,
    /// Number of columns (1..=32).
    pub cols: usize,
    /// The start position, row-major, `rows * cols` cells.
    pub cells: Vec<Cell>,
    /// The goal pattern.
    pub goal: Goal,
    /// Display names, colours, kinds and axes of pieces, by token. Pieces without an entry
    /// use defaults (free to move in every direction).
    pub styles: BTreeMap<Token, PieceStyle>,
    /// Cells only some pieces may cover (none by default).
    pub zones: Vec<Zone>,
}

impl Puzzle {
    /// An empty board with no goal.
    pub fn empty(rows: usize, cols: usize) -> Puzzle {
        Puzzle {
            name: String::new(),
            notes: String::new(),
            metric: None,
            rows,
            cols,
            cells: vec![Cell::Empty; rows * cols],
            goal: Goal::empty(rows, cols),
            styles: BTreeMap::new(),
            zones: Vec::new(),
        }
    }

    /// Builds a puzzle from board rows and goal rows written as in files.
    ///
    /// An empty `goal` slice means "no goal" (every cell don't care).
    ///
    /// # Errors
    /// Returns a [`GridError`] for malformed rows or a goal of the wrong size.
    pub fn from_rows<S: AsRef<str>>(board: &[S], goal: &[S]) -> Result<Puzzle, GridError> {
        let grid = parse_grid(board)?;
        let (rows, cols) = (grid.len(), grid[0].len());
        let mut puzzle = Puzzle::empty(rows, cols);
        puzzle.cells = grid.into_iter().flatten().collect();
        if !goal.is_empty() {
            let goal_grid = parse_grid(goal)?;
            if goal_grid.len() != rows || goal_grid[0].len() != cols {
                return Err(GridError::GoalSize {
                    rows,
                    cols,
                    goal_rows: goal_grid.len(),
                    goal_cols: goal_grid[0].len(),
                });
            }
            for (r, row) in goal_grid.iter().enumerate() {
                for (c, cell) in row.iter().enumerate() {
                    puzzle.goal.cells[r * cols + c] = match *cell {
                        Cell::Empty => None,
                        Cell::Wall => return Err(GridError::WallInGoal { row: r, col: c }),
                        Cell::Piece(t) => Some(t),
                    };
                }
            }
        }
        Ok(puzzle)
    }

    /// A numbered-tile puzzle from row-major numbers with 0 as the blank, and its goal
    /// (`None`: tiles in order with the blank last).
    ///
    /// # Errors
    /// Returns a [`GridError`] when the sizes do not fit or a number is above the largest
    /// tile, [`MAX_TILE_CELLS`]` - 1` (tokens have at most three digits); checking that the
    /// numbers are a permutation is left to validation.
    pub fn tiles(
        rows: usize,
        cols: usize,
        start: &[u32],
        goal: Option<&[u32]>,
    ) -> Result<Puzzle, GridError> {
        if rows == 0 || cols == 0 || rows > MAX_SIDE || cols > MAX_SIDE {
            return Err(GridError::TooLarge { rows, cols });
        }
        let n = rows * cols;
        let default_goal: Vec<u32> = (1..n as u32).chain(std::iter::once(0)).collect();
        let goal = goal.unwrap_or(&default_goal);
        for (len, which) in [(start.len(), rows), (goal.len(), rows)] {
            if len != n {
                return Err(GridError::GoalSize {
                    rows,
                    cols,
                    goal_rows: which,
                    goal_cols: len / rows.max(1),
                });
            }
        }
        let largest = (MAX_TILE_CELLS - 1) as u32;
        if let Some(&value) = start.iter().chain(goal).find(|&&v| v > largest) {
            return Err(GridError::TileNumber { value });
        }
        let to_cell = |v: u32| {
            if v == 0 {
                Cell::Empty
            } else {
                Cell::Piece(Token::number(v))
            }
        };
        let mut puzzle = Puzzle::empty(rows, cols);
        puzzle.cells = start.iter().map(|&v| to_cell(v)).collect();
        puzzle.goal.cells = goal
            .iter()
            .map(|&v| if v == 0 { None } else { Some(Token::number(v)) })
            .collect();
        Ok(puzzle)
    }

    /// The cell at `(row, col)`.
    ///
    /// # Panics
    /// Panics if the position is off the board.
    pub fn cell(&self, row: usize, col: usize) -> Cell {
        self.cells[row * self.cols + col]
    }

    /// Replaces the cell at `(row, col)`.
    ///
    /// # Panics
    /// Panics if the position is off the board.
    pub fn set_cell(&mut self, row: usize, col: usize, cell: Cell) {
        self.cells[row * self.cols + col] = cell;
    }

    /// The pieces on the board, in order of their first cell in reading order.
    pub fn pieces(&self) -> Vec<PieceCells> {
        pieces_of(&self.cells, self.cols)
    }

    /// The kind of a piece: its declared kind, or its own token when it has none.
    pub fn kind_of(&self, token: Token) -> String {
        self.styles
            .get(&token)
            .and_then(|s| s.kind.clone())
            .unwrap_or_else(|| format!("\u{0}{token}"))
    }

    /// The rows as text, as written in files (`.` empty, `#` wall, tokens), aligned.
    pub fn board_rows(&self) -> Vec<String> {
        let texts = self.board_texts();
        align_rows(&texts, self.cols, column_width(&texts))
    }

    /// The goal rows as text (`.` for don't care), aligned.
    pub fn goal_rows(&self) -> Vec<String> {
        let texts = self.goal_texts();
        align_rows(&texts, self.cols, column_width(&texts))
    }

    /// The board's cells as file tokens (`.` empty, `#` wall, piece tokens), row-major.
    pub(crate) fn board_texts(&self) -> Vec<String> {
        self.cells
            .iter()
            .map(|c| match c {
                Cell::Empty => ".".to_string(),
                Cell::Wall => "#".to_string(),
                Cell::Piece(t) => t.to_string(),
            })
            .collect()
    }

    /// The goal's cells as file tokens (`.` don't care), row-major.
    pub(crate) fn goal_texts(&self) -> Vec<String> {
        self.goal
            .cells
            .iter()
            .map(|c| c.map_or_else(|| ".".to_string(), |t| t.to_string()))
            .collect()
    }

    /// The tokens of the pieces on the board, each once.
    pub(crate) fn tokens_on_board(&self) -> BTreeSet<Token> {
        self.cells
            .iter()
            .filter_map(|c| match c {
                Cell::Piece(t) => Some(*t),
                _ => None,
            })
            .collect()
    }

    /// Whether `token`'s piece can move one cell in `dir`: its axis allows the direction, and
    /// every cell it would cover is empty or its own and in no zone closed to it.
    pub fn can_step(&self, token: Token, dir: Dir) -> bool {
        self.step_refusal(token, dir).is_none()
    }

    /// Why `token`'s piece cannot move one cell in `dir`, if it cannot.
    fn step_refusal(&self, token: Token, dir: Dir) -> Option<MoveError> {
        if !self.cells.contains(&Cell::Piece(token)) {
            return Some(MoveError::NoSuchPiece(token));
        }
        let axis = self.axis_of(token);
        if !axis.allows(dir) {
            return Some(MoveError::Axis {
                piece: token,
                dir,
                axis,
            });
        }
        let blocked = MoveError::Blocked { piece: token, dir };
        let (dr, dc) = dir.delta();
        for (i, cell) in self.cells.iter().enumerate() {
            if *cell != Cell::Piece(token) {
                continue;
            }
            let r = (i / self.cols) as i32 + dr;
            let c = (i % self.cols) as i32 + dc;
            if r < 0 || c < 0 || r >= self.rows as i32 || c >= self.cols as i32 {
                return Some(blocked);
            }
            match self.cell(r as usize, c as usize) {
                Cell::Empty => {}
                Cell::Piece(t) if t == token => {}
                _ => return Some(blocked),
            }
            let to = r as usize * self.cols + c as usize;
            if let Some(zone) = self.zone_refusing(token, to) {
                return Some(MoveError::Zone {
                    piece: token,
                    dir,
                    zone,
                });
            }
        }
        None
    }

    /// Moves `token`'s piece one cell in `dir`.
    ///
    /// # Errors
    /// Returns [`MoveError`] when the piece does not exist or is blocked; the puzzle is then
    /// unchanged.
    pub fn step(&mut self, token: Token, dir: Dir) -> Result<(), MoveError> {
        if let Some(refusal) = self.step_refusal(token, dir) {
            return Err(refusal);
        }
        let (dr, dc) = dir.delta();
        let old: Vec<usize> = (0..self.cells.len())
            .filter(|&i| self.cells[i] == Cell::Piece(token))
            .collect();
        for &i in &old {
            self.cells[i] = Cell::Empty;
        }
        for &i in &old {
            let r = (i / self.cols) as i32 + dr;
            let c = (i % self.cols) as i32 + dc;
            self.cells[r as usize * self.cols + c as usize] = Cell::Piece(token);
        }
        Ok(())
    }
}

/// Why a move was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// No piece has this token.
    #[error("there is no piece `{0}` on the board")]
    NoSuchPiece(Token),
    /// Something is in the way.
    #[error("piece `{piece}` cannot move {}: something is in the way", dir.word())]
    Blocked {
        /// The piece.
        piece: Token,
        /// The direction tried.
        dir: Dir,
    },
    /// The piece is locked to an axis that does not allow the direction.
    #[error("piece `{piece}` cannot move {}: it moves only along its {axis} axis", dir.word())]
    Axis {
        /// The piece.
        piece: Token,
        /// The direction tried.
        dir: Dir,
        /// The piece's axis.
        axis: Axis,
    },
    /// The move would take the piece into a zone closed to it.
    #[error("piece `{piece}` cannot move {}: zone `{zone}` is closed to it", dir.word())]
    Zone {
        /// The piece.
        piece: Token,
        /// The direction tried.
        dir: Dir,
        /// The zone it may not enter.
        zone: Token,
    },
}

/// The widest of `texts` (1 when there are none): the column width that aligns them.
pub(crate) fn column_width(texts: &[String]) -> usize {
    texts.iter().map(String::len).max().unwrap_or(1)
}

/// `texts` (row-major, `cols` per row) as rows of space-separated columns `width` wide, without
/// trailing spaces.
pub(crate) fn align_rows(texts: &[String], cols: usize, width: usize) -> Vec<String> {
    texts
        .chunks(cols.max(1))
        .map(|row| {
            row.iter()
                .map(|t| format!("{t:<width$}"))
                .collect::<Vec<_>>()
                .join(" ")
                .trim_end()
                .to_string()
        })
        .collect()
}

/// The movement rules (see [`super::rules`]) as a puzzle applies them.
impl Puzzle {
    /// The axis piece `token` may move along.
    pub fn axis_of(&self, token: Token) -> Axis {
        self.styles.get(&token).map_or(Axis::Free, |s| s.axis)
    }

    /// Whether piece `token` may ever cover board cell `cell` (row-major index): it is not a
    /// wall and every zone holding it admits the piece.
    pub fn may_cover(&self, token: Token, cell: usize) -> bool {
        if self.cells.get(cell) == Some(&Cell::Wall) {
            return false;
        }
        let kind = self.kind_of(token);
        self.zones
            .iter()
            .all(|z| !z.cells.get(cell).copied().unwrap_or(false) || z.admits(token, &kind))
    }

    /// The zones piece `token` may enter, as bits (bit `i` for zone `i`; at most the first 64
    /// zones count): pieces with equal masks have equal rights.
    pub fn zone_rights(&self, token: Token) -> u64 {
        let kind = self.kind_of(token);
        self.zones
            .iter()
            .take(64)
            .enumerate()
            .filter(|(_, z)| z.admits(token, &kind))
            .fold(0, |m, (i, _)| m | 1 << i)
    }

    /// Whether any piece is locked to an axis or any zone is drawn: the movement rules
    /// beyond free sliding (such puzzles are never numbered-tile puzzles, and need
    /// file format version 2).
    pub fn has_movement_rules(&self) -> bool {
        !self.zones.is_empty() || self.styles.values().any(|s| s.axis != Axis::Free)
    }

    /// The name of the first zone holding `cell` that does not admit piece `token`.
    pub(crate) fn zone_refusing(&self, token: Token, cell: usize) -> Option<Token> {
        let kind = self.kind_of(token);
        self.zones
            .iter()
            .find(|z| z.cells.get(cell).copied().unwrap_or(false) && !z.admits(token, &kind))
            .map(|z| z.name)
    }
}

/// The pieces of the board position `cells`, `cols` wide, in order of their first cell in
/// reading order (see [`Puzzle::pieces`]).
pub fn pieces_of(cells: &[Cell], cols: usize) -> Vec<PieceCells> {
    let mut order: Vec<PieceCells> = Vec::new();
    let mut index: BTreeMap<Token, usize> = BTreeMap::new();
    for (i, cell) in cells.iter().enumerate() {
        if let Cell::Piece(token) = *cell {
            let pos = (i / cols, i % cols);
            if let Some(&k) = index.get(&token) {
                order[k].cells.push(pos);
            } else {
                index.insert(token, order.len());
                order.push(PieceCells {
                    token,
                    cells: vec![pos],
                });
            }
        }
    }
    order
}

#[cfg(test)]
mod tests {
    use super::*;

    fn klotski() -> Puzzle {
        Puzzle::from_rows(
            &["B A A C", "B A A C", "D E E F", "D G H F", "I . . J"],
            &[". . . .", ". . . .", ". . . .", ". A A .", ". A A ."],
        )
        .unwrap()
    }

    #[test]
    fn pieces_in_reading_order() {
        let p = klotski();
        let tokens: Vec<String> = p.pieces().iter().map(|x| x.token.to_string()).collect();
        assert_eq!(tokens, ["B", "A", "C", "D", "E", "F", "G", "H", "I", "J"]);
        assert_eq!(p.pieces()[1].shape(), vec![(0, 0), (0, 1), (1, 0), (1, 1)]);
    }

    #[test]
    fn step_moves_only_when_free() {
        let mut p = klotski();
        let g = Token::new("G").unwrap();
        assert!(p.step(g, Dir::Up).is_err());
        p.step(g, Dir::Down).unwrap();
        assert_eq!(p.cell(4, 1), Cell::Piece(g));
        assert_eq!(p.cell(3, 1), Cell::Empty);
    }

    #[test]
    fn ragged_rows_are_refused() {
        assert_eq!(
            parse_grid(&["A B", "A"]),
            Err(GridError::Ragged {
                row: 1,
                expected: 2,
                found: 1
            })
        );
    }

    #[test]
    fn rows_round_trip() {
        let p = klotski();
        let again = Puzzle::from_rows(&p.board_rows(), &p.goal_rows()).unwrap();
        assert_eq!(again.cells, p.cells);
        assert_eq!(again.goal, p.goal);
    }
}
