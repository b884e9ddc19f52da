//! Whether shapes can stand on the board: the placements of a shape, and whether the goal
//! pieces can cover their goal cells at once without overlapping (a small exact search, with
//! a budget, for the validator's "the goal cannot be met" finding).

use std::collections::BTreeSet;
use std::rc::Rc;

use crate::model::puzzle::{Cell, Puzzle};

/// The placements of a shape (cells relative to its top-left corner) that stay on the board
/// and off walls, as sorted cell lists.
pub(super) fn placements(puzzle: &Puzzle, shape: &[(usize, usize)]) -> Vec<Vec<(usize, usize)>> {
    let h = shape.iter().map(|c| c.0).max().unwrap_or(0) + 1;
    let w = shape.iter().map(|c| c.1).max().unwrap_or(0) + 1;
    let mut out = Vec::new();
    if h > puzzle.rows || w > puzzle.cols {
        return out;
    }
    for r0 in 0..=puzzle.rows - h {
        for c0 in 0..=puzzle.cols - w {
            let cells: Vec<(usize, usize)> = shape.iter().map(|&(r, c)| (r0 + r, c0 + c)).collect();
            if cells.iter().all(|&(r, c)| puzzle.cell(r, c) != Cell::Wall) {
                out.push(cells);
            }
        }
    }
    out
}

/// Whether some translation of `shape` (ignoring the board) covers all of `cells`.
pub(super) fn shape_can_cover(shape: &[(usize, usize)], cells: &[(usize, usize)]) -> bool {
    let Some(&(r0, c0)) = cells.first() else {
        return true;
    };
    let set: BTreeSet<(i64, i64)> = shape.iter().map(|&(r, c)| (r as i64, c as i64)).collect();
    // Cell `cells[0]` must land on some shape cell; try each.
    set.iter().any(|&(sr, sc)| {
        let (dr, dc) = (sr - r0 as i64, sc - c0 as i64);
        cells
            .iter()
            .all(|&(r, c)| set.contains(&(r as i64 + dr, c as i64 + dc)))
    })
}

/// A piece named by the goal: the goal cells naming it, and every placement of its shape on
/// the board (sorted cell lists).
pub(super) struct Want {
    pub cells: Vec<(usize, usize)>,
    pub placements: Placements,
}

/// Every placement of one shape on the board, shared by the pieces of that shape.
pub(super) type Placements = Rc<Vec<Vec<(usize, usize)>>>;

/// A budget for the joint placement search, so validation stays instant.
pub(super) const JOINT_SEARCH_BUDGET: usize = 200_000;

/// Whether the pieces named by the goal can all stand, without overlapping, on placements
/// covering their goal cells shifted by `offset`. `None` when the budget ran out.
pub(super) fn joint_fit(
    puzzle: &Puzzle,
    wants: &[Want],
    offset: (i32, i32),
    budget: &mut usize,
) -> Option<bool> {
    let mut options: Vec<Vec<&Vec<(usize, usize)>>> = Vec::new();
    for want in wants {
        let mut shifted = Vec::new();
        for &(r, c) in &want.cells {
            let (r, c) = (r as i32 + offset.0, c as i32 + offset.1);
            if r < 0 || c < 0 || r >= puzzle.rows as i32 || c >= puzzle.cols as i32 {
                return Some(false);
            }
            shifted.push((r as usize, c as usize));
        }
        if *budget < want.placements.len() {
            return None;
        }
        *budget -= want.placements.len();
        let fitting: Vec<&Vec<(usize, usize)>> = want
            .placements
            .iter()
            .filter(|p| shifted.iter().all(|c| p.binary_search(c).is_ok()))
            .collect();
        if fitting.is_empty() {
            return Some(false);
        }
        options.push(fitting);
    }
    options.sort_by_key(Vec::len);
    let mut used = vec![false; puzzle.rows * puzzle.cols];
    search_disjoint(puzzle.cols, &options, 0, &mut used, budget)
}

pub(super) fn search_disjoint(
    cols: usize,
    options: &[Vec<&Vec<(usize, usize)>>],
    depth: usize,
    used: &mut [bool],
    budget: &mut usize,
) -> Option<bool> {
    let Some(choices) = options.get(depth) else {
        return Some(true);
    };
    for place in choices {
        if *budget == 0 {
            return None;
        }
        *budget -= 1;
        if place.iter().any(|&(r, c)| used[r * cols + c]) {
            continue;
        }
        for &(r, c) in *place {
            used[r * cols + c] = true;
        }
        let found = search_disjoint(cols, options, depth + 1, used, budget);
        for &(r, c) in *place {
            used[r * cols + c] = false;
        }
        if found != Some(false) {
            return found;
        }
    }
    Some(false)
}
