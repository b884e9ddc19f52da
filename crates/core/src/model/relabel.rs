//! Labels kept where a search forgot them. A solver treats pieces of one shape and axis as
//! interchangeable (their order is no part of the position), so a position it returns may
//! name them in another order than the board the user knows: a car seen to jump columns, a
//! move from "I" to "L" that no car made. [`relabel_like`] names the pieces of such a
//! position after a reference board's.

use std::collections::BTreeMap;

use super::puzzle::pieces_of;
use super::{Axis, Cell, PieceCells, Puzzle, Token};

/// `cells` (a position of `puzzle`'s board) with its interchangeable pieces renamed after
/// `reference` (another position of the board): a piece on exactly the cells of one of the
/// reference's keeps that one's name, and the others take the remaining names of pieces the
/// solver may take them for (the same shape, axis and zone rights, and the same kind where
/// the goal names it), nearest first. `cells` comes back unchanged
/// when the two boards' pieces don't pair up that way.
pub fn relabel_like(puzzle: &Puzzle, cells: &[Cell], reference: &[Cell]) -> Vec<Cell> {
    relabel_by(puzzle, cells, reference, lookalike(puzzle))
}

/// [`relabel_like`] for a position whose pieces of different kinds are already where they
/// belong (a walk that keeps kinds apart, as counting does): only pieces of one kind are
/// renamed, so the position stays the same position of the puzzle as its file documents it.
pub fn relabel_like_within_kinds(puzzle: &Puzzle, cells: &[Cell], reference: &[Cell]) -> Vec<Cell> {
    let same = lookalike(puzzle);
    relabel_by(puzzle, cells, reference, move |a, b| {
        same(a, b) && puzzle.kind_of(a) == puzzle.kind_of(b)
    })
}

/// `cells` renamed after `reference`, pairing only pieces `same_kind` says may be taken for
/// one another (see [`relabel_like`]).
fn relabel_by(
    puzzle: &Puzzle,
    cells: &[Cell],
    reference: &[Cell],
    same_kind: impl Fn(Token, Token) -> bool,
) -> Vec<Cell> {
    if cells.len() != puzzle.cells.len() || reference.len() != puzzle.cells.len() {
        return cells.to_vec();
    }
    let pieces = pieces_of(cells, puzzle.cols);
    let known = pieces_of(reference, puzzle.cols);
    if pieces.len() != known.len() {
        return cells.to_vec();
    }
    let mut name: BTreeMap<Token, Token> = BTreeMap::new();
    let mut free: Vec<&PieceCells> = Vec::new();
    for k in &known {
        match pieces.iter().find(|p| p.cells == k.cells) {
            Some(p) if same_kind(p.token, k.token) => {
                name.insert(p.token, k.token);
            }
            _ => free.push(k),
        }
    }
    let mut left: Vec<&PieceCells> = pieces
        .iter()
        .filter(|p| !name.contains_key(&p.token))
        .collect();
    // Nearest pairs first, so a car that moved along its lane keeps its name.
    let mut pairs: Vec<(f32, usize, usize)> = Vec::new();
    for (i, p) in left.iter().enumerate() {
        for (j, k) in free.iter().enumerate() {
            if p.shape() == k.shape() && same_kind(p.token, k.token) {
                pairs.push((distance(p, k, puzzle.axis_of(k.token)), i, j));
            }
        }
    }
    pairs.sort_by(|a, b| a.0.total_cmp(&b.0));
    let (mut used_p, mut used_k) = (vec![false; left.len()], vec![false; free.len()]);
    for (_, i, j) in pairs {
        if !used_p[i] && !used_k[j] {
            used_p[i] = true;
            used_k[j] = true;
            name.insert(left[i].token, free[j].token);
        }
    }
    left.retain(|p| !name.contains_key(&p.token));
    if !left.is_empty() {
        return cells.to_vec();
    }
    cells
        .iter()
        .map(|cell| match cell {
            Cell::Piece(t) => Cell::Piece(name[t]),
            other => *other,
        })
        .collect()
}

/// Whether `puzzle` has two pieces a solver may take for one another (see [`relabel_like`]):
/// only then can a position it returns name its pieces in another order.
pub fn has_lookalikes(puzzle: &Puzzle) -> bool {
    let same_kind = lookalike(puzzle);
    let pieces = puzzle.pieces();
    pieces.iter().enumerate().any(|(i, a)| {
        pieces[i + 1..]
            .iter()
            .any(|b| a.shape() == b.shape() && same_kind(a.token, b.token))
    })
}

/// Whether a solver may take two pieces of one shape for one another: the same axis and zone
/// rights, and the same kind where the goal names either's kind.
fn lookalike(puzzle: &Puzzle) -> impl Fn(Token, Token) -> bool + '_ {
    let named: Vec<String> = puzzle
        .goal
        .cells
        .iter()
        .flatten()
        .map(|&t| puzzle.kind_of(t))
        .collect();
    move |a, b| {
        // A piece is itself most often: no kinds to look up then.
        if a == b {
            return true;
        }
        let (ka, kb) = (puzzle.kind_of(a), puzzle.kind_of(b));
        puzzle.axis_of(a) == puzzle.axis_of(b)
            && puzzle.zone_rights(a) == puzzle.zone_rights(b)
            && (ka == kb || !(named.contains(&ka) || named.contains(&kb)))
    }
}

/// How far apart two pieces' centres are, in cells; for a piece locked to `axis`, a step
/// across its lane counts as far as a whole board along it, since it never makes one.
fn distance(a: &PieceCells, b: &PieceCells, axis: Axis) -> f32 {
    let centre = |piece: &PieceCells| {
        let count = piece.cells.len().max(1) as f32;
        let (rows, cols) = piece
            .cells
            .iter()
            .fold((0.0, 0.0), |(rows, cols), &(row, col)| {
                (rows + row as f32, cols + col as f32)
            });
        (rows / count, cols / count)
    };
    let (from, to) = (centre(a), centre(b));
    let (dr, dc) = ((from.0 - to.0).abs(), (from.1 - to.1).abs());
    match axis {
        Axis::Vertical => dr + ACROSS * dc,
        Axis::Horizontal => dc + ACROSS * dr,
        Axis::Free => dr.hypot(dc),
    }
}

/// The weight of a step across a locked piece's lane: more than any board's length.
const ACROSS: f32 = 1000.0;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::rushhour;

    fn text(puzzle: &Puzzle, cells: &[Cell]) -> String {
        Puzzle {
            cells: cells.to_vec(),
            ..puzzle.clone()
        }
        .board_rows()
        .join("/")
    }

    #[test]
    fn two_upright_cars_swapped_by_a_solver_get_their_names_back() {
        // B and C are upright cars of one shape; the solver's position names them the other
        // way round after B moved down one.
        let puzzle = rushhour::parse("BoCoooBoCoooooooAAoooooooooooooooooo").unwrap();
        let mut moved = puzzle.clone();
        let token = |s: &str| Token::new(s).unwrap();
        let (b, c) = (Cell::Piece(token("B")), Cell::Piece(token("C")));
        let col = puzzle.cols;
        // B down one, written with the names swapped: C at B's new place, B at C's.
        moved.cells[0] = Cell::Empty;
        moved.cells[2 * col] = Cell::Empty;
        moved.cells[col] = c;
        moved.cells[2 * col] = c;
        moved.cells[2] = b;
        moved.cells[col + 2] = b;
        let fixed = relabel_like(&puzzle, &moved.cells, &puzzle.cells);
        let mut expected = moved.cells.clone();
        expected[col] = b;
        expected[2 * col] = b;
        expected[2] = c;
        expected[col + 2] = c;
        assert_eq!(text(&puzzle, &fixed), text(&puzzle, &expected));
    }

    #[test]
    fn upright_cars_keep_to_their_lanes_before_the_nearest_name() {
        // B upright in column 0 at the top, C in column 1 lower down. The position has a car
        // at the bottom of column 0 (nearest C) and one at the top of column 1 (nearest B),
        // written with the names swapped: each takes the name of its own lane.
        let puzzle = rushhour::parse("BoooooBoooooooooAAoCoooooCoooooooooo").unwrap();
        let token = |s: &str| Token::new(s).unwrap();
        let (b, c) = (Cell::Piece(token("B")), Cell::Piece(token("C")));
        let col = puzzle.cols;
        let mut cells = puzzle.cells.clone();
        for i in [0, col, 3 * col + 1, 4 * col + 1] {
            cells[i] = Cell::Empty;
        }
        for i in [4 * col, 5 * col] {
            cells[i] = c;
        }
        for i in [1, col + 1] {
            cells[i] = b;
        }
        let fixed = relabel_like(&puzzle, &cells, &puzzle.cells);
        assert_eq!(fixed[4 * col], b, "{}", text(&puzzle, &fixed));
        assert_eq!(fixed[1], c, "{}", text(&puzzle, &fixed));
    }

    #[test]
    fn lookalikes_are_found_only_where_there_are_some() {
        let cars = rushhour::parse("BoCoooBoCoooooooAAoooooooooooooooooo").unwrap();
        assert!(has_lookalikes(&cars));
        let tiles = Puzzle::tiles(2, 2, &[1, 2, 3, 0], None).unwrap();
        assert!(!has_lookalikes(&tiles));
    }

    #[test]
    fn pieces_of_other_shapes_keep_their_names() {
        let puzzle = rushhour::parse("BoCoooBoCoooooooAAoooooooooooooooooo").unwrap();
        let fixed = relabel_like(&puzzle, &puzzle.cells, &puzzle.cells);
        assert_eq!(fixed, puzzle.cells);
    }
}
