//! Layouts as board strings and as puzzles: the notation of records, a record's board read
//! back as a puzzle of the family, and the one arrangement of a unit's pieces its walk
//! starts from.

use crate::solve::core::Reason;
use crate::model::{Axis, Cell, PieceStyle, Puzzle, Token};

use super::BlockFamily;
use crate::model::shape::normalise;

impl BlockFamily {
    /// The puzzle a record's board string stands for, as a puzzle of this family: the goal
    /// piece `A` with the family's goal, the other letters as pieces (each must have the cells
    /// of one of the family's shapes; it takes that shape's axis, and the shape's pieces
    /// share one kind, named after the shape, as a listing counts them), `x` walls, `.` empty
    /// cells, in the family's metric.
    ///
    /// # Errors
    /// A message naming what does not belong to the family: the board's size, a character,
    /// a piece of no shape, a count outside a shape's range, too many pieces or walls, a wall
    /// on a goal cell.
    pub fn puzzle(&self, board: &str) -> Result<Puzzle, Reason> {
        self.board_puzzle(board).map_err(Reason::from)
    }

    /// [`BlockFamily::puzzle`], its reason in words.
    fn board_puzzle(&self, board: &str) -> Result<Puzzle, String> {
        self.validate().map_err(|e| e.to_string())?;
        let (rows, cols) = (self.rows, self.cols);
        let lines: Vec<&str> = board.split('/').collect();
        if lines.len() != rows || lines.iter().any(|l| l.chars().count() != cols) {
            return Err(format!(
                "a board of this family is {rows} rows of {cols} cells separated by `/`"
            ));
        }
        let mut puzzle = Puzzle::empty(rows, cols);
        puzzle.metric = Some(self.metric);
        let mut walls = 0u64;
        let mut letters: Vec<(char, Vec<(usize, usize)>)> = Vec::new();
        for (r, line) in lines.iter().enumerate() {
            for (c, ch) in line.chars().enumerate() {
                match ch {
                    '.' => {}
                    'x' => walls |= 1 << (r * cols + c),
                    'A'..='Z' => match letters.iter_mut().find(|(l, _)| *l == ch) {
                        Some((_, cells)) => cells.push((r, c)),
                        None => letters.push((ch, vec![(r, c)])),
                    },
                    other => {
                        return Err(format!(
                            "row {}, column {}: `{}` is not a cell of a board string (`.` \
                             empty, `x` wall, `A` to `Z` pieces)",
                            r + 1,
                            c + 1,
                            other.escape_default()
                        ));
                    }
                }
            }
        }
        if walls.count_ones() as usize > self.max_walls {
            return Err(format!(
                "{} walls; the family has at most {}",
                walls.count_ones(),
                self.max_walls
            ));
        }
        if walls & self.goal_mask() != 0 {
            return Err("a wall stands on a cell of the goal".into());
        }
        if letters.len() > self.max_pieces {
            return Err(format!(
                "{} pieces; the family has at most {}",
                letters.len(),
                self.max_pieces
            ));
        }
        if !letters.iter().any(|(l, _)| *l == 'A') {
            return Err("no goal piece `A`".into());
        }
        let mut counts = vec![0usize; self.shapes.len()];
        for (letter, cells) in &letters {
            let shape = normalise(cells);
            let found =
                self.shapes.iter().enumerate().position(|(i, s)| {
                    s.cells == shape && (i == self.goal_shape) == (*letter == 'A')
                });
            let Some(i) = found else {
                return Err(format!(
                    "piece `{letter}` has the cells of no shape of the family"
                ));
            };
            counts[i] += 1;
            let token = Token::new(&letter.to_string()).map_err(|e| e.to_string())?;
            for &(r, c) in cells {
                puzzle.cells[r * cols + c] = Cell::Piece(token);
            }
            // A listing takes pieces of one shape for one another; so does the puzzle, by
            // their kind, so that its counts are the listing's. The goal piece is alone.
            let kind = (i != self.goal_shape).then(|| self.kind_name(i));
            if self.shapes[i].axis != Axis::Free || kind.is_some() {
                let style = PieceStyle {
                    axis: self.shapes[i].axis,
                    kind,
                    ..PieceStyle::default()
                };
                puzzle.styles.insert(token, style);
            }
        }
        for (shape, &k) in self.shapes.iter().zip(&counts) {
            if !(shape.min..=shape.max).contains(&k) {
                return Err(format!(
                    "{k} pieces of shape `{}`; the family has {} to {}",
                    shape.name, shape.min, shape.max
                ));
            }
        }
        for cell in 0..rows * cols {
            if walls >> cell & 1 == 1 {
                puzzle.cells[cell] = Cell::Wall;
            }
        }
        self.set_goal(&mut puzzle);
        Ok(puzzle)
    }

    /// The kind of the pieces of shape `i` in [`BlockFamily::puzzle`]: the shape's name, with
    /// its number when another shape has the same name (kinds must tell shapes apart).
    fn kind_name(&self, i: usize) -> String {
        let name = &self.shapes[i].name;
        let shared = self
            .shapes
            .iter()
            .enumerate()
            .any(|(j, s)| j != i && s.name == *name);
        if shared || name.is_empty() {
            format!("{name} {}", i + 1)
        } else {
            name.clone()
        }
    }

    /// The goal piece's goal cells, as a mask (those on a board of at most
    /// [`MAX_CELLS`](super::MAX_CELLS) cells).
    pub(super) fn goal_mask(&self) -> u64 {
        let Some(goal) = self.shapes.get(self.goal_shape) else {
            return 0;
        };
        let (r0, c0) = self.goal_at;
        goal.cells
            .iter()
            .filter_map(|&(r, c)| {
                let (r, c) = (r0.checked_add(r)?, c0.checked_add(c)?);
                (r < self.rows && c < self.cols).then(|| r * self.cols + c)
            })
            .filter_map(|cell| 1u64.checked_shl(u32::try_from(cell).ok()?))
            .fold(0, |mask, bit| mask | bit)
    }

    /// Names the goal piece `A` on the goal cells of `puzzle`.
    pub(super) fn set_goal(&self, puzzle: &mut Puzzle) {
        let goal = goal_token();
        for cell in 0..self.rows * self.cols {
            if self.goal_mask() >> cell & 1 == 1 {
                puzzle.goal.cells[cell] = Some(goal);
            }
        }
    }

    /// One arrangement of `counts` pieces around `walls`, as (shape, anchor) pairs, when there
    /// is one: found cell by cell in reading order (each cell not yet covered is either left
    /// empty or the first cell of a piece), so the search is bounded by the arrangement bound
    /// of [`BlockFamily::validate`].
    pub(super) fn pack(
        &self,
        walls: u64,
        counts: &[usize],
    ) -> Option<Vec<(usize, (usize, usize))>> {
        let cells = self.rows * self.cols;
        let pieces: usize = counts.iter().sum();
        let covered: usize = counts
            .iter()
            .zip(&self.shapes)
            .map(|(k, s)| k * s.cells.len())
            .sum();
        let free = cells - walls.count_ones() as usize;
        if pieces > self.max_pieces || covered > free {
            return None;
        }
        let mut left = counts.to_vec();
        let mut placed = Vec::with_capacity(pieces);
        let mut search = Packing {
            family: self,
            left: &mut left,
            placed: &mut placed,
        };
        search.fill(0, walls, free - covered).then_some(placed)
    }

    /// The puzzle of `pieces` (shape and anchor each) around `walls`: the goal piece `A`,
    /// the others `B`, `C`, … in the order given.
    pub(super) fn puzzle_of(&self, walls: u64, pieces: &[(usize, (usize, usize))]) -> Puzzle {
        let cols = self.cols;
        let mut puzzle = Puzzle::empty(self.rows, cols);
        puzzle.metric = Some(self.metric);
        for cell in 0..self.rows * cols {
            if walls >> cell & 1 == 1 {
                puzzle.cells[cell] = Cell::Wall;
            }
        }
        let mut next = 1u8;
        for &(shape, (r0, c0)) in pieces {
            let index = if shape == self.goal_shape {
                0
            } else {
                next += 1;
                next - 1
            };
            let token = letter_token(index);
            for &(r, c) in &self.shapes[shape].cells {
                puzzle.cells[(r0 + r) * cols + c0 + c] = Cell::Piece(token);
            }
            if self.shapes[shape].axis != Axis::Free {
                let style = PieceStyle {
                    axis: self.shapes[shape].axis,
                    ..PieceStyle::default()
                };
                puzzle.styles.insert(token, style);
            }
        }
        self.set_goal(&mut puzzle);
        puzzle
    }
}

/// The search of [`BlockFamily::pack`]: the pieces still to place and those placed.
struct Packing<'a> {
    family: &'a BlockFamily,
    left: &'a mut [usize],
    placed: &'a mut Vec<(usize, (usize, usize))>,
}

impl Packing<'_> {
    /// Covers the board from cell `from` on, `taken` cells covered (walls, pieces, cells
    /// left empty), with `empty` cells still to leave empty; whether it succeeded (the
    /// pieces are then in `placed`).
    fn fill(&mut self, from: usize, taken: u64, empty: usize) -> bool {
        let family = self.family;
        let (rows, cols) = (family.rows, family.cols);
        let Some(cell) = (from..rows * cols).find(|&c| taken >> c & 1 == 0) else {
            return self.left.iter().all(|&k| k == 0);
        };
        let (r, c) = (cell / cols, cell % cols);
        for (s, shape) in family.shapes.iter().enumerate() {
            if self.left[s] == 0 {
                continue;
            }
            // The shape's first cell in reading order is in its top row.
            let Some(c0) = shape.cells.first().map(|&(_, c0)| c0) else {
                continue;
            };
            let (height, width) = shape.size();
            if c < c0 || c - c0 + width > cols || r + height > rows {
                continue;
            }
            let anchor = (r, c - c0);
            let mask = shape.cells.iter().fold(0u64, |m, &(dr, dc)| {
                m | 1 << ((r + dr) * cols + anchor.1 + dc)
            });
            if mask & taken != 0 {
                continue;
            }
            self.left[s] -= 1;
            self.placed.push((s, anchor));
            if self.fill(cell + 1, taken | mask, empty) {
                return true;
            }
            self.placed.pop();
            self.left[s] += 1;
        }
        empty > 0 && self.fill(cell + 1, taken | 1 << cell, empty - 1)
    }
}

/// The token of the goal piece, `A`.
pub(super) fn goal_token() -> Token {
    letter_token(0)
}

/// The token `A`, `B`, … for piece `index` of a layout (at most [`MAX_FAMILY_PIECES`](super::MAX_FAMILY_PIECES)).
fn letter_token(index: u8) -> Token {
    let letter = char::from(b'A' + index.min(25));
    Token::new(&letter.to_string()).unwrap_or_else(|_| Token::number(u32::from(index) + 1))
}

/// `position` as a record's board string: its rows from the top, joined by `/`, each cell
/// `.` (empty), `x` (a wall), `A` (the piece `goal`), or `B`, `C`, … for the other pieces in
/// the order their first cell comes in reading order. Klotski's start reads
/// `BAAC/BAAC/DEEF/DGHF/I..J`.
pub fn board_string(position: &Puzzle, goal: Token) -> String {
    let cols = position.cols;
    let mut letters: Vec<(Token, char)> = vec![(goal, 'A')];
    let mut next = b'B';
    for piece in position.pieces() {
        if piece.token != goal {
            letters.push((piece.token, char::from(next.min(b'Z'))));
            next = next.saturating_add(1);
        }
    }
    let mut out = String::with_capacity(position.cells.len() + position.rows);
    for (i, cell) in position.cells.iter().enumerate() {
        if i > 0 && i % cols == 0 {
            out.push('/');
        }
        out.push(match cell {
            Cell::Empty => '.',
            Cell::Wall => 'x',
            Cell::Piece(t) => letters
                .iter()
                .find(|(token, _)| token == t)
                .map_or('?', |&(_, letter)| letter),
        });
    }
    out
}
