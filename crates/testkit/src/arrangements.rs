//! An independent yardstick for counting positions, shared by the core's tests and the CLI's:
//! every arrangement of a puzzle's pieces on its board, with the pieces the goal cannot tell
//! apart merged, built from the model alone (no engine code).

use std::collections::{HashMap, HashSet};
use std::hash::BuildHasher;

use blockslide_core::model::{Cell, PieceCells, Puzzle, Token, ZoneRight};

/// What the goal cannot tell apart gets one label: pieces of a kind the goal names are
/// labelled by kind, the others by shape; pieces that move under different rules (axis, zone
/// rights) are told apart.
pub fn piece_labels(p: &Puzzle) -> Vec<(Token, String)> {
    let named: Vec<String> = p
        .goal
        .cells
        .iter()
        .flatten()
        .map(|t| p.kind_of(*t))
        .collect();
    p.pieces()
        .into_iter()
        .map(|piece| {
            let kind = p.kind_of(piece.token);
            let label = if named.contains(&kind) {
                format!("kind {kind}")
            } else {
                format!("shape {:?}", piece.shape())
            };
            let rules = format!(
                " axis {} zones {:?}",
                p.axis_of(piece.token),
                zone_rights(p, piece.token)
            );
            (piece.token, label + &rules)
        })
        .collect()
}

/// The zones `token` may enter, by name, read from the zones' own lists (independently of the
/// model's helpers).
fn zone_rights(p: &Puzzle, token: Token) -> Vec<Token> {
    let kind = p.kind_of(token);
    p.zones
        .iter()
        .filter(|z| {
            z.allow.iter().any(|r| match r {
                ZoneRight::Piece(t) => *t == token,
                ZoneRight::Kind(k) => *k == kind,
            })
        })
        .map(|z| z.name)
        .collect()
}

/// A position with interchangeable pieces forgotten: sorted (label, cells) pairs.
pub type Key = Vec<(String, Vec<(usize, usize)>)>;

/// [`piece_labels`] by token.
pub fn labels(p: &Puzzle) -> HashMap<Token, String> {
    piece_labels(p).into_iter().collect()
}

/// The merged key of position `p`.
pub fn key<S: BuildHasher>(p: &Puzzle, labels: &HashMap<Token, String, S>) -> Key {
    let mut k: Key = p
        .pieces()
        .into_iter()
        .map(|piece| (labels[&piece.token].clone(), piece.cells))
        .collect();
    k.sort();
    k
}

/// Every arrangement of `p`'s pieces on its board (walls kept), each piece at every
/// translation of its shape, merged: a recursion over pieces in board order with a set of
/// keys (no engine code).
pub fn all_arrangements(p: &Puzzle) -> Vec<Puzzle> {
    let pieces = p.pieces();
    let mut empty = p.clone();
    for cell in &mut empty.cells {
        if *cell != Cell::Wall {
            *cell = Cell::Empty;
        }
    }
    let labels = labels(p);
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    place(&mut empty, &pieces, &labels, &mut seen, &mut out);
    out
}

/// Places `pieces` on `board` at every translation that fits, one after the other, adding each
/// complete arrangement not `seen` before to `out`.
fn place(
    board: &mut Puzzle,
    pieces: &[PieceCells],
    labels: &HashMap<Token, String>,
    seen: &mut HashSet<Key>,
    out: &mut Vec<Puzzle>,
) {
    let Some((piece, rest)) = pieces.split_first() else {
        if seen.insert(key(board, labels)) {
            out.push(board.clone());
        }
        return;
    };
    let shape = piece.shape();
    for r in 0..board.rows {
        for c in 0..board.cols {
            let cells: Option<Vec<usize>> = shape
                .iter()
                .map(|&(dr, dc)| {
                    let (rr, cc) = (r + dr, c + dc);
                    (rr < board.rows && cc < board.cols && board.cell(rr, cc) == Cell::Empty)
                        .then_some(rr * board.cols + cc)
                })
                .collect();
            let Some(cells) = cells else { continue };
            for &i in &cells {
                board.cells[i] = Cell::Piece(piece.token);
            }
            place(board, rest, labels, seen, out);
            for &i in &cells {
                board.cells[i] = Cell::Empty;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pieces_the_goal_cannot_tell_apart_are_arranged_once() {
        // Two single cells on a 2x2 board: 4 * 3 placements, 6 once the pieces are merged.
        let alike = Puzzle::from_rows(&["A B", ". ."], &[]).unwrap();
        assert_eq!(all_arrangements(&alike).len(), 6);
        // The goal names A, so A and B are told apart: all 12.
        let named = Puzzle::from_rows(&["A B", ". ."], &[". .", ". A"]).unwrap();
        assert_eq!(all_arrangements(&named).len(), 12);
    }
}
