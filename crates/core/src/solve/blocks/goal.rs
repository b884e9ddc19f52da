//! The goal compiled against the placement tables: per translation of the pattern and per
//! goal piece, the set of placements of that piece's class that cover its goal cells.
//!
//! Semantics (the same as the model's goal check): the goal names, for some pieces, cells
//! those pieces must cover (all of a piece's cells, or only some). A position satisfies an
//! anchored goal when each named piece can be matched to a distinct piece of its class (its
//! kind; a piece with no declared kind is its own class) that covers all the cells named for
//! it. An `anywhere` goal is satisfied when the pattern, shifted by some translation that keeps
//! it on the board, is satisfied.

use crate::model::{PieceCells, Puzzle, Token};

use super::classes::Class;
use super::state::MAX_PIECES;

/// One piece the goal names.
#[derive(Clone, Debug)]
pub(super) struct GoalPiece {
    /// The token written in the goal.
    pub token: Token,
    /// Its class.
    pub class: usize,
    /// The cells named for it (untranslated), as `(row, col)`.
    pub cells: Vec<(usize, usize)>,
}

/// The compiled goal.
#[derive(Clone, Debug)]
pub(super) struct GoalSpec {
    /// Whether the pattern floats.
    pub anywhere: bool,
    /// The pieces the goal names, in order of first appearance.
    pub pieces: Vec<GoalPiece>,
    /// The translations `(dr, dc)` to try: just `(0, 0)` for an anchored goal.
    pub translations: Vec<(i64, i64)>,
    /// `sets[t * pieces.len() + k]`: bitset over the placements of piece `k`'s class that
    /// cover its cells shifted by translation `t`.
    sets: Vec<Vec<u64>>,
    /// Goal-piece indices per class.
    pub by_class: Vec<Vec<usize>>,
}

impl GoalSpec {
    /// Compiles `puzzle`'s goal.
    pub fn new(
        puzzle: &Puzzle,
        classes: &[Class],
        pieces: &[PieceCells],
        piece_class: &[usize],
    ) -> Result<GoalSpec, String> {
        let cols = puzzle.cols;
        let mut goal_pieces: Vec<GoalPiece> = Vec::new();
        for (i, cell) in puzzle.goal.cells.iter().enumerate() {
            let Some(token) = *cell else { continue };
            let pos = (i / cols, i % cols);
            if let Some(g) = goal_pieces.iter_mut().find(|g| g.token == token) {
                g.cells.push(pos);
            } else {
                let index = pieces
                    .iter()
                    .position(|p| p.token == token)
                    .ok_or_else(|| {
                        format!("the goal names piece `{token}`, which is not on the board")
                    })?;
                goal_pieces.push(GoalPiece {
                    token,
                    class: piece_class[index],
                    cells: vec![pos],
                });
            }
        }
        let anywhere = puzzle.goal.anywhere;
        let mut translations = vec![(0i64, 0i64)];
        if anywhere && !goal_pieces.is_empty() {
            let all = goal_pieces.iter().flat_map(|g| g.cells.iter().copied());
            let (mut rmin, mut rmax, mut cmin, mut cmax) = (usize::MAX, 0, usize::MAX, 0);
            for (r, c) in all {
                rmin = rmin.min(r);
                rmax = rmax.max(r);
                cmin = cmin.min(c);
                cmax = cmax.max(c);
            }
            translations.clear();
            for dr in -(rmin as i64)..=(puzzle.rows - 1 - rmax) as i64 {
                for dc in -(cmin as i64)..=(cols - 1 - cmax) as i64 {
                    translations.push((dr, dc));
                }
            }
        }
        let mut sets = Vec::with_capacity(translations.len() * goal_pieces.len());
        for &(dr, dc) in &translations {
            for g in &goal_pieces {
                let class = &classes[g.class];
                let mut bits = vec![0u64; class.anchors.len().div_ceil(64)];
                let wanted: Vec<usize> = g
                    .cells
                    .iter()
                    .map(|&(r, c)| ((r as i64 + dr) as usize) * cols + (c as i64 + dc) as usize)
                    .collect();
                for p in 0..class.anchors.len() {
                    let covered: Vec<usize> = class.cells(p, cols).collect();
                    if wanted.iter().all(|w| covered.contains(w)) {
                        bits[p / 64] |= 1 << (p % 64);
                    }
                }
                sets.push(bits);
            }
        }
        let mut by_class = vec![Vec::new(); classes.len()];
        for (k, g) in goal_pieces.iter().enumerate() {
            by_class[g.class].push(k);
        }
        Ok(GoalSpec {
            anywhere,
            pieces: goal_pieces,
            translations,
            sets,
            by_class,
        })
    }

    /// Whether placement `p` of goal piece `k`'s class covers its cells under translation `t`.
    pub fn covers(&self, t: usize, k: usize, p: usize) -> bool {
        let set = &self.sets[t * self.pieces.len() + k];
        set[p / 64] & (1 << (p % 64)) != 0
    }

    /// The board cells the goal names under translation `t`, as cell indices.
    pub(crate) fn cells_at(&self, t: usize, cols: usize) -> Vec<usize> {
        let (dr, dc) = self.translations[t];
        self.pieces
            .iter()
            .flat_map(|g| g.cells.iter())
            .map(|&(r, c)| ((r as i64 + dr) as usize) * cols + (c as i64 + dc) as usize)
            .collect()
    }

    /// Whether the position with per-slot placements `locals` satisfies the goal.
    pub(crate) fn satisfied(&self, classes: &[Class], locals: &[u16; MAX_PIECES]) -> bool {
        (0..self.translations.len()).any(|t| self.satisfied_at(classes, locals, t))
    }

    fn satisfied_at(&self, classes: &[Class], locals: &[u16; MAX_PIECES], t: usize) -> bool {
        self.by_class.iter().enumerate().all(|(c, ks)| {
            let class = &classes[c];
            let slots = class.first_slot..class.first_slot + class.count();
            match ks.len() {
                0 => true,
                1 => slots
                    .clone()
                    .any(|s| self.covers(t, ks[0], usize::from(locals[s]))),
                _ => self.assign(t, ks, &locals[slots], 0),
            }
        })
    }

    /// Whether goal pieces `ks` can be matched to distinct placements of `placements` (bit
    /// `i` of `used` marks `placements[i]` as taken).
    fn assign(&self, t: usize, ks: &[usize], placements: &[u16], used: u64) -> bool {
        let Some((&k, rest)) = ks.split_first() else {
            return true;
        };
        placements.iter().enumerate().any(|(i, &p)| {
            used & (1 << i) == 0
                && self.covers(t, k, usize::from(p))
                && self.assign(t, rest, placements, used | (1 << i))
        })
    }

    /// The per-slot placements of the single goal position on a board of `rows` x `cols`
    /// cells, when the goal is anchored and places every piece completely.
    pub(crate) fn complete_locals(
        &self,
        classes: &[Class],
        rows: usize,
        cols: usize,
    ) -> Result<Vec<u16>, String> {
        if self.anywhere {
            return Err(
                "the goal is `anywhere` (a floating pattern), not one position; \
                        bidirectional search needs an anchored goal that places every piece"
                    .into(),
            );
        }
        let mut locals = vec![0u16; classes.iter().map(Class::count).sum()];
        let mut occupied = vec![false; rows * cols];
        for (c, class) in classes.iter().enumerate() {
            let ks = &self.by_class[c];
            let mut placements: Vec<u16> = Vec::new();
            if ks.is_empty() && class.anchors.len() == 1 {
                placements = vec![0; class.count()];
            } else if ks.len() < class.count() {
                return Err(format!(
                    "the goal does not say where piece `{}` goes; bidirectional search needs a \
                     goal that places every piece",
                    class.tokens[ks.len().min(class.count() - 1)]
                ));
            }
            for &k in ks {
                let g = &self.pieces[k];
                if g.cells.len() != class.shape.len() {
                    return Err(format!(
                        "the goal names only {} of the {} cells of piece `{}`; bidirectional \
                         search needs a goal that places every piece completely",
                        g.cells.len(),
                        class.shape.len(),
                        g.token
                    ));
                }
                let p = (0..class.anchors.len())
                    .find(|&p| self.covers(0, k, p))
                    .ok_or_else(|| {
                        format!("no position of piece `{}` covers its goal cells", g.token)
                    })?;
                placements.push(p as u16);
            }
            placements.sort_unstable();
            for (i, &p) in placements.iter().enumerate() {
                for cell in class.cells(usize::from(p), cols) {
                    if occupied[cell] {
                        return Err(format!(
                            "the goal's pieces overlap at row {}, column {}",
                            cell / cols + 1,
                            cell % cols + 1
                        ));
                    }
                    occupied[cell] = true;
                }
                locals[class.first_slot + i] = p;
            }
        }
        Ok(locals)
    }
}
