//! Numbered-tile puzzles: detection, solvability by permutation parity, and seedable random
//! instances (uniform over solvable positions, or scrambled by random moves).

use std::collections::{BTreeMap, BTreeSet};

use rand::seq::SliceRandom;
use rand::{Rng, RngExt};

use super::puzzle::{Cell, Puzzle, PuzzleType};
use super::token::Token;

pub use super::puzzle::MAX_TILE_CELLS;

/// A tile puzzle as permutations: cell `i` holds tile `start[i]` (0 = the blank).
///
/// Tiles are numbered `1..rows*cols`. When every token is a number in that range, the
/// numbers are the tokens' own; otherwise tiles are numbered in the goal's reading order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TileLayout {
    /// Board rows.
    pub rows: usize,
    /// Board columns.
    pub cols: usize,
    /// The start position, row-major; 0 is the blank.
    pub start: Vec<u16>,
    /// The goal position, row-major; 0 is the blank.
    pub goal: Vec<u16>,
    /// The token of each tile number (`tokens[0]` is unused).
    pub tokens: Vec<Option<Token>>,
}

impl TileLayout {
    /// A layout of bare tile numbers, with no tokens: for callers that report lengths, never
    /// tile moves (batch solving, benchmarks), and for boards whose numbers exceed what a token
    /// can spell (a 32x32 board has tile 1023).
    ///
    /// Nothing is checked here; the tile domain refuses layouts that are not permutations.
    pub fn numbered(rows: usize, cols: usize, start: &[u16], goal: &[u16]) -> TileLayout {
        TileLayout {
            rows,
            cols,
            start: start.to_vec(),
            goal: goal.to_vec(),
            tokens: Vec::new(),
        }
    }
}

/// Whether `puzzle` is a numbered-tile puzzle (so the tile fast path applies), or a general
/// block puzzle.
pub fn puzzle_type(puzzle: &Puzzle) -> PuzzleType {
    if tile_layout(puzzle).is_some() {
        PuzzleType::Tiles
    } else {
        PuzzleType::Blocks
    }
}

/// The tile layout of `puzzle`, when it is a tile puzzle: every piece 1x1 with a distinct
/// token, exactly one empty cell, no walls, no two tiles of one declared kind, and an anchored
/// goal that names every tile once and leaves exactly one cell (the blank's) as don't care,
/// and no axis locks or zones.
#[expect(
    clippy::missing_panics_doc,
    reason = "a token is read as a number only after it was checked to be numeric"
)]
pub fn tile_layout(puzzle: &Puzzle) -> Option<TileLayout> {
    // Axis locks and zones are rules the tile fast path does not know: the block engine
    // solves such puzzles.
    if puzzle.has_movement_rules() {
        return None;
    }
    let n = puzzle.rows * puzzle.cols;
    if n < 2 || puzzle.cells.len() != n || puzzle.goal.cells.len() != n || puzzle.goal.anywhere {
        return None;
    }
    let mut seen = BTreeSet::new();
    let mut blanks = 0;
    for cell in &puzzle.cells {
        match cell {
            Cell::Empty => blanks += 1,
            Cell::Wall => return None,
            Cell::Piece(t) => {
                if !seen.insert(*t) {
                    return None;
                }
            }
        }
    }
    if blanks != 1 {
        return None;
    }
    let mut kinds = BTreeSet::new();
    for t in &seen {
        if let Some(kind) = puzzle.styles.get(t).and_then(|s| s.kind.as_ref())
            && !kinds.insert(kind.clone())
        {
            return None;
        }
    }
    let mut goal_seen = BTreeSet::new();
    for t in puzzle.goal.cells.iter().flatten() {
        if !seen.contains(t) || !goal_seen.insert(*t) {
            return None;
        }
    }
    if goal_seen.len() != seen.len() {
        return None;
    }
    let numeric = seen
        .iter()
        .all(|t| t.as_number().is_some_and(|v| v >= 1 && (v as usize) < n));
    let mut number: BTreeMap<Token, u16> = BTreeMap::new();
    if numeric {
        for t in &seen {
            number.insert(*t, t.as_number().expect("checked numeric") as u16);
        }
    } else {
        for (i, t) in puzzle.goal.cells.iter().flatten().enumerate() {
            number.insert(*t, i as u16 + 1);
        }
    }
    let mut tokens = vec![None; n];
    for (t, &v) in &number {
        tokens[v as usize] = Some(*t);
    }
    let start = puzzle
        .cells
        .iter()
        .map(|c| match c {
            Cell::Piece(t) => number[t],
            _ => 0,
        })
        .collect();
    let goal = puzzle
        .goal
        .cells
        .iter()
        .map(|c| c.map_or(0, |t| number[&t]))
        .collect();
    Some(TileLayout {
        rows: puzzle.rows,
        cols: puzzle.cols,
        start,
        goal,
        tokens,
    })
}

/// Whether the goal can be reached from the start, decided without search.
///
/// On boards at least 2x2 a position is reachable exactly when the parity of the
/// permutation taking start to goal (blank included) equals the parity of the blank's
/// Manhattan distance between them: every move is one transposition and moves the blank one
/// cell. On a single row or column tiles cannot pass each other, so the tiles' order must
/// already match.
///
/// # Panics
/// When the start or the goal is not a permutation of the board's numbers (no blank);
/// [`tile_layout`] and the tile domain only hand over permutations.
pub fn is_solvable(layout: &TileLayout) -> bool {
    let n = layout.start.len();
    if layout.rows == 1 || layout.cols == 1 {
        let order = |v: &[u16]| v.iter().copied().filter(|&t| t != 0).collect::<Vec<_>>();
        return order(&layout.start) == order(&layout.goal);
    }
    // position of each value in the goal
    let mut goal_pos = vec![0usize; n];
    for (i, &v) in layout.goal.iter().enumerate() {
        goal_pos[v as usize] = i;
    }
    // permutation p: cell i of start must go to goal_pos[start[i]]; count its cycles
    let perm: Vec<usize> = layout.start.iter().map(|&v| goal_pos[v as usize]).collect();
    let mut visited = vec![false; n];
    let mut cycles = 0;
    for i in 0..n {
        if !visited[i] {
            cycles += 1;
            let mut j = i;
            while !visited[j] {
                visited[j] = true;
                j = perm[j];
            }
        }
    }
    let perm_parity = (n - cycles) % 2;
    let blank = |v: &[u16]| v.iter().position(|&t| t == 0).expect("one blank");
    let (s, g) = (blank(&layout.start), blank(&layout.goal));
    let dist =
        (s / layout.cols).abs_diff(g / layout.cols) + (s % layout.cols).abs_diff(g % layout.cols);
    perm_parity == dist % 2
}

/// The goal with tiles `1..rows*cols` in reading order and the blank last (the seeds'
/// convention).
pub fn blank_last_goal(rows: usize, cols: usize) -> Vec<u16> {
    let n = rows * cols;
    (1..n as u16).chain(std::iter::once(0)).collect()
}

/// The goal `0 1 2 ...` with the blank first (Korf's benchmark convention).
pub fn blank_first_goal(rows: usize, cols: usize) -> Vec<u16> {
    (0..(rows * cols) as u16).collect()
}

/// A position drawn uniformly at random from those that can reach `goal` on a
/// `rows` x `cols` board (`goal` is row-major, 0 = blank, a permutation of `0..rows*cols`).
///
/// On boards at least 2x2, a uniform shuffle is drawn and, when its parity is wrong, two
/// tiles are swapped: that swap is a bijection between the two parity classes, so the result
/// is uniform over the solvable half. On a single row or column only the blank can be
/// anywhere, so it is placed uniformly with the tiles in the goal's order.
pub fn random_solvable<R: Rng + ?Sized>(
    rows: usize,
    cols: usize,
    goal: &[u16],
    rng: &mut R,
) -> Vec<u16> {
    let n = rows * cols;
    if rows == 1 || cols == 1 {
        let mut tiles: Vec<u16> = goal.iter().copied().filter(|&t| t != 0).collect();
        let blank = rng.random_range(0..n);
        tiles.insert(blank, 0);
        return tiles;
    }
    let mut start = goal.to_vec();
    start.shuffle(rng);
    let layout = TileLayout {
        rows,
        cols,
        start: start.clone(),
        goal: goal.to_vec(),
        tokens: Vec::new(),
    };
    if !is_solvable(&layout) {
        let tiles: Vec<usize> = (0..n).filter(|&i| start[i] != 0).take(2).collect();
        start.swap(tiles[0], tiles[1]);
    }
    start
}

/// The position reached from `goal` by `moves` random blank moves, never undoing the
/// previous move (so short scrambles are not wasted on back-and-forth).
///
/// The result is solvable by construction; its optimal distance is at most `moves`.
pub fn scramble<R: Rng + ?Sized>(
    rows: usize,
    cols: usize,
    goal: &[u16],
    moves: u32,
    rng: &mut R,
) -> Vec<u16> {
    let mut board = goal.to_vec();
    let Some(mut blank) = board.iter().position(|&t| t == 0) else {
        return board;
    };
    let mut previous: Option<usize> = None;
    let mut options = Vec::with_capacity(4);
    for _ in 0..moves {
        options.clear();
        let (r, c) = (blank / cols, blank % cols);
        if r > 0 {
            options.push(blank - cols);
        }
        if r + 1 < rows {
            options.push(blank + cols);
        }
        if c > 0 {
            options.push(blank - 1);
        }
        if c + 1 < cols {
            options.push(blank + 1);
        }
        options.retain(|&cell| Some(cell) != previous);
        if options.is_empty() {
            break;
        }
        let next = options[rng.random_range(0..options.len())];
        board.swap(blank, next);
        previous = Some(blank);
        blank = next;
    }
    board
}

#[cfg(test)]
mod tests {
    use super::*;

    fn layout(rows: usize, cols: usize, start: &[u32]) -> TileLayout {
        tile_layout(&Puzzle::tiles(rows, cols, start, None).unwrap()).unwrap()
    }

    #[test]
    fn seeds_instances_are_solvable() {
        assert!(is_solvable(&layout(2, 3, &[5, 4, 2, 1, 3, 0])));
        assert!(is_solvable(&layout(3, 3, &[4, 2, 3, 7, 0, 5, 8, 6, 1])));
    }

    #[test]
    fn middle_state_4_is_unsolvable() {
        let l = layout(
            4,
            4,
            &[1, 2, 3, 4, 5, 6, 7, 8, 0, 9, 10, 11, 12, 13, 14, 15],
        );
        assert!(!is_solvable(&l));
    }

    #[test]
    fn swapped_tiles_are_unsolvable() {
        assert!(!is_solvable(&layout(3, 3, &[2, 1, 3, 4, 5, 6, 7, 8, 0])));
        assert!(!is_solvable(&layout(1, 3, &[2, 1, 0])));
        assert!(is_solvable(&layout(1, 3, &[1, 0, 2])));
    }

    #[test]
    fn walls_make_a_block_puzzle() {
        let mut p = Puzzle::tiles(2, 2, &[1, 2, 3, 0], None).unwrap();
        assert_eq!(puzzle_type(&p), PuzzleType::Tiles);
        p.set_cell(1, 1, Cell::Wall);
        assert_eq!(puzzle_type(&p), PuzzleType::Blocks);
    }
}
