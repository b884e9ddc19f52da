//! One random change of a design within its rules: a piece moved, added, removed or
//! reshaped, a wall added, removed or moved. Every change keeps [`check_design`]'s rules by
//! construction: it never touches a locked piece or cell, the goal's or the zones' pieces
//! (except to move them), the board, the goal or the zones, and holds the limits.
//!
//! [`check_design`]: super::check_design

use std::collections::BTreeSet;

use rand::{Rng, RngExt};

use crate::model::rules::Axis;
use crate::model::token::Token;
use crate::model::{Cell, PieceStyle, Puzzle};

use crate::model::shape::{bounding, connected, normalise};

use super::rules::{Change, DesignRules, PaletteShape, kept_tokens};

/// What stays fixed for every change of one original design: the pieces that may not be
/// taken away or reshaped, the pieces and cells that may not change at all.
#[derive(Clone, Debug)]
pub struct Mutator {
    rules: DesignRules,
    /// Pieces never removed or reshaped.
    kept: BTreeSet<Token>,
    /// Cells no change writes.
    frozen: Vec<bool>,
    /// The lengths reshaped straight axis-locked pieces stay within.
    car_lengths: Option<(usize, usize)>,
}

impl Mutator {
    /// The changes of designs derived from `original` under `rules`.
    pub fn new(original: &Puzzle, rules: &DesignRules) -> Mutator {
        let mut frozen = vec![false; original.cells.len()];
        for &cell in &rules.locked_cells {
            if let Some(f) = frozen.get_mut(cell) {
                *f = true;
            }
        }
        for piece in original.pieces() {
            if rules.locked_pieces.contains(&piece.token) {
                for &(r, c) in &piece.cells {
                    frozen[r * original.cols + c] = true;
                }
            }
        }
        let straight: Vec<usize> = rules
            .palette
            .iter()
            .filter(|s| s.axis != Axis::Free && is_straight(&s.cells, s.axis))
            .map(|s| s.cells.len())
            .collect();
        let car_lengths = straight
            .iter()
            .min()
            .zip(straight.iter().max())
            .map(|(&lo, &hi)| (lo, hi));
        Mutator {
            kept: kept_tokens(original, rules),
            rules: rules.clone(),
            frozen,
            car_lengths,
        }
    }

    /// The rules the changes keep.
    pub fn rules(&self) -> &DesignRules {
        &self.rules
    }

    /// `design` with one random change allowed by the rules, and which kind it was; `None`
    /// when the change drawn was not possible (no room, a limit reached): draw again.
    pub fn mutate(&self, design: &Puzzle, rng: &mut impl Rng) -> Option<(Puzzle, Change)> {
        let allowed: Vec<(Change, u32)> = [
            (Change::Move, 4),
            (Change::Add, 3),
            (Change::Remove, 2),
            (Change::Reshape, 1),
            (Change::Walls, 1),
        ]
        .into_iter()
        .filter(|(c, _)| self.rules.allows(*c))
        .collect();
        let total: u32 = allowed.iter().map(|a| a.1).sum();
        if total == 0 {
            return None;
        }
        let mut pick = rng.random_range(0..total);
        let change = allowed
            .iter()
            .find(|(_, w)| {
                if pick < *w {
                    true
                } else {
                    pick -= w;
                    false
                }
            })
            .map(|a| a.0)?;
        let mut next = design.clone();
        let done = match change {
            Change::Move => self.move_piece(&mut next, rng),
            Change::Add => self.add_piece(&mut next, rng),
            Change::Remove => self.remove_piece(&mut next, rng),
            Change::Reshape => self.reshape_piece(&mut next, rng),
            Change::Walls => self.change_walls(&mut next, rng),
        };
        done.then_some((next, change))
    }

    /// Whether a piece covering `cells` may be lifted: none of its cells is frozen.
    fn free_cells(&self, cells: &[(usize, usize)], cols: usize) -> bool {
        cells.iter().all(|&(r, c)| !self.frozen[r * cols + c])
    }

    /// A random piece that `may` accepts, with its cells.
    fn pick_piece(
        &self,
        design: &Puzzle,
        rng: &mut impl Rng,
        may: impl Fn(Token) -> bool,
    ) -> Option<(Token, Vec<(usize, usize)>)> {
        let pieces: Vec<_> = design
            .pieces()
            .into_iter()
            .filter(|p| {
                !self.rules.locked_pieces.contains(&p.token)
                    && may(p.token)
                    && self.free_cells(&p.cells, design.cols)
            })
            .collect();
        if pieces.is_empty() {
            return None;
        }
        let piece = &pieces[rng.random_range(0..pieces.len())];
        Some((piece.token, piece.cells.clone()))
    }

    /// Moves a random movable piece to a random place its shape fits.
    fn move_piece(&self, design: &mut Puzzle, rng: &mut impl Rng) -> bool {
        let Some((token, cells)) = self.pick_piece(design, rng, |_| true) else {
            return false;
        };
        clear(design, &cells);
        let shape = normalise(&cells);
        if self.place(design, token, &shape, rng).is_some() {
            true
        } else {
            fill(design, token, &cells);
            false
        }
    }

    /// Adds a piece of a random palette shape at a random place it fits.
    fn add_piece(&self, design: &mut Puzzle, rng: &mut impl Rng) -> bool {
        if self.rules.palette.is_empty() || design.pieces().len() >= self.rules.max_pieces {
            return false;
        }
        let shape = &self.rules.palette[rng.random_range(0..self.rules.palette.len())];
        let Some(token) = fresh_token(design) else {
            return false;
        };
        let style = PieceStyle {
            axis: shape.axis,
            kind: added_kind(design, shape),
            ..PieceStyle::default()
        };
        design.styles.insert(token, style);
        if self.place(design, token, &shape.cells, rng).is_some() {
            true
        } else {
            design.styles.remove(&token);
            false
        }
    }

    /// Takes away a random piece that may go.
    fn remove_piece(&self, design: &mut Puzzle, rng: &mut impl Rng) -> bool {
        let Some((token, cells)) = self.pick_piece(design, rng, |t| !self.kept.contains(&t)) else {
            return false;
        };
        clear(design, &cells);
        design.styles.remove(&token);
        true
    }

    /// Grows a random reshapable piece by a free neighbouring cell or shrinks it by a cell,
    /// keeping it connected (and a straight car along its axis, within the palette's car
    /// lengths, when it is locked to an axis).
    fn reshape_piece(&self, design: &mut Puzzle, rng: &mut impl Rng) -> bool {
        let Some((token, cells)) = self.pick_piece(design, rng, |t| !self.kept.contains(&t)) else {
            return false;
        };
        let axis = design.axis_of(token);
        let (lo, hi) = if axis == Axis::Free {
            (1, usize::MAX)
        } else {
            self.car_lengths.unwrap_or((2, usize::MAX))
        };
        let grow = rng.random_bool(0.5);
        let mut options: Vec<Vec<(usize, usize)>> = Vec::new();
        if grow && cells.len() < hi {
            let mut around = BTreeSet::new();
            for &(r, c) in &cells {
                for (dr, dc) in [(-1i64, 0i64), (1, 0), (0, -1), (0, 1)] {
                    let (nr, nc) = (r as i64 + dr, c as i64 + dc);
                    if nr >= 0
                        && nc >= 0
                        && (nr as usize) < design.rows
                        && (nc as usize) < design.cols
                    {
                        around.insert((nr as usize, nc as usize));
                    }
                }
            }
            for (r, c) in around {
                let i = r * design.cols + c;
                if design.cells[i] == Cell::Empty && !self.frozen[i] && design.may_cover(token, i) {
                    let mut grown = cells.clone();
                    grown.push((r, c));
                    grown.sort_unstable();
                    if axis == Axis::Free || is_straight(&normalise(&grown), axis) {
                        options.push(grown);
                    }
                }
            }
        } else if !grow && cells.len() > lo {
            for i in 0..cells.len() {
                let mut shrunk = cells.clone();
                shrunk.remove(i);
                let straight = axis == Axis::Free || is_straight(&normalise(&shrunk), axis);
                if straight && !shrunk.is_empty() && connected(&shrunk) {
                    options.push(shrunk);
                }
            }
        }
        if options.is_empty() {
            return false;
        }
        let new_cells = options.swap_remove(rng.random_range(0..options.len()));
        clear(design, &cells);
        fill(design, token, &new_cells);
        // A reshaped piece is no longer like the others of its kind.
        if let Some(style) = design.styles.get_mut(&token) {
            style.kind = None;
        }
        true
    }

    /// Adds, removes or moves a wall on a cell no rule holds.
    fn change_walls(&self, design: &mut Puzzle, rng: &mut impl Rng) -> bool {
        let walls: Vec<usize> = (0..design.cells.len())
            .filter(|&i| design.cells[i] == Cell::Wall && !self.frozen[i])
            .collect();
        let open: Vec<usize> = (0..design.cells.len())
            .filter(|&i| {
                design.cells[i] == Cell::Empty
                    && !self.frozen[i]
                    && design.goal.cells[i].is_none()
                    && design.zones.iter().all(|z| !z.cells[i])
            })
            .collect();
        let count = design.cells.iter().filter(|c| **c == Cell::Wall).count();
        match rng.random_range(0..3) {
            0 if count < self.rules.max_walls && !open.is_empty() => {
                design.cells[open[rng.random_range(0..open.len())]] = Cell::Wall;
                true
            }
            1 if !walls.is_empty() => {
                design.cells[walls[rng.random_range(0..walls.len())]] = Cell::Empty;
                true
            }
            2 if !walls.is_empty() && !open.is_empty() => {
                design.cells[walls[rng.random_range(0..walls.len())]] = Cell::Empty;
                design.cells[open[rng.random_range(0..open.len())]] = Cell::Wall;
                true
            }
            _ => false,
        }
    }

    /// Puts `token` with `shape` at a random place where every cell is empty, not frozen and
    /// one the piece may cover; returns the top-left corner used.
    fn place(
        &self,
        design: &mut Puzzle,
        token: Token,
        shape: &[(usize, usize)],
        rng: &mut impl Rng,
    ) -> Option<(usize, usize)> {
        let (h, w) = bounding(shape);
        if h > design.rows || w > design.cols {
            return None;
        }
        let fits = |design: &Puzzle, r0: usize, c0: usize| {
            shape.iter().all(|&(r, c)| {
                let i = (r0 + r) * design.cols + c0 + c;
                design.cells[i] == Cell::Empty && !self.frozen[i] && design.may_cover(token, i)
            })
        };
        let spots: Vec<(usize, usize)> = (0..=design.rows - h)
            .flat_map(|r| (0..=design.cols - w).map(move |c| (r, c)))
            .filter(|&(r, c)| fits(design, r, c))
            .collect();
        if spots.is_empty() {
            return None;
        }
        let (r0, c0) = spots[rng.random_range(0..spots.len())];
        let cells: Vec<(usize, usize)> = shape.iter().map(|&(r, c)| (r0 + r, c0 + c)).collect();
        fill(design, token, &cells);
        Some((r0, c0))
    }
}

/// The kind of a piece of `shape` added to `design`: the kind the pieces of that shape and
/// axis already on the board share; the palette's kind when there are none and no piece of
/// another shape has it; else none, which makes the new piece its own kind. A new piece
/// never joins a kind it would not be identical to, nor takes a kind from pieces its shape
/// shares the board with, so the design's counts stay those of the pieces it has.
pub(super) fn added_kind(design: &Puzzle, shape: &PaletteShape) -> Option<String> {
    let mut same: Vec<Option<String>> = Vec::new();
    let mut palette_kind_taken = false;
    for piece in design.pieces() {
        let kind = design.styles.get(&piece.token).and_then(|s| s.kind.clone());
        if normalise(&piece.cells) == shape.cells && design.axis_of(piece.token) == shape.axis {
            same.push(kind);
        } else if kind.is_some() && kind == shape.kind {
            palette_kind_taken = true;
        }
    }
    match same.split_first() {
        // Pieces of the shape that do not all share one kind: the new one is apart.
        Some((first, rest)) => rest
            .iter()
            .all(|k| k == first)
            .then(|| first.clone())
            .flatten(),
        None if palette_kind_taken => None,
        None => shape.kind.clone(),
    }
}

/// Empties `cells`.
fn clear(design: &mut Puzzle, cells: &[(usize, usize)]) {
    for &(r, c) in cells {
        design.set_cell(r, c, Cell::Empty);
    }
}

/// Puts `token` on `cells`.
fn fill(design: &mut Puzzle, token: Token, cells: &[(usize, usize)]) {
    for &(r, c) in cells {
        design.set_cell(r, c, Cell::Piece(token));
    }
}

/// Whether `cells` (normalised) are one straight line along `axis`.
fn is_straight(cells: &[(usize, usize)], axis: Axis) -> bool {
    match axis {
        Axis::Horizontal => cells.iter().enumerate().all(|(i, &c)| c == (0, i)),
        Axis::Vertical => cells.iter().enumerate().all(|(i, &c)| c == (i, 0)),
        Axis::Free => true,
    }
}

/// A token no piece of `design` uses: a capital letter first (so Rush Hour boards stay
/// writable in Fogleman's notation), then a small letter, then a number.
pub(super) fn fresh_token(design: &Puzzle) -> Option<Token> {
    let used: BTreeSet<Token> = design.pieces().iter().map(|p| p.token).collect();
    let letters = ('B'..='Z').chain('a'..='z').map(|c| c.to_string());
    letters
        .chain((1..1000).map(|n| n.to_string()))
        .filter_map(|t| Token::new(&t).ok())
        .find(|t| !used.contains(t) && !design.styles.contains_key(t))
}
