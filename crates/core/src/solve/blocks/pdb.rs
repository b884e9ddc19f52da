//! A pattern database for block puzzles: exact distances in an abstraction of the puzzle that
//! keeps the goal pieces and the bulkiest other pieces and removes the rest from the board.
//!
//! Why it is a lower bound in every metric: take any real solution and forget the moves of
//! the removed pieces. Each remaining move (a step, a slide, or a path) was free among all
//! the pieces, so it is free among fewer; the goal names only kept pieces, so the last
//! abstract position satisfies it. The abstract distance is therefore at most the number of
//! moves the kept pieces make. The removed pieces that cover goal cells must still make their
//! clearing moves (see [`BlockHeuristic::Relaxed`](super::BlockHeuristic::Relaxed)), and
//! those are moves of other pieces, so the two parts add up.

use std::fmt;
use std::time::Duration;

use rustc_hash::FxHashMap;

use crate::model::Cell;
use crate::solve::algorithms::bfs::distance_map;
use crate::solve::core::{Limits, SearchControl};

use super::domain::BlockDomain;
use super::state::{BlockState, MAX_PIECES};

/// The largest abstract space (estimated as a product of placement combinations) a pattern
/// database is built for.
const MAX_ABSTRACT_STATES: f64 = 3.0e6;

/// A built pattern database.
#[derive(Clone)]
pub(super) struct Pdb {
    /// The abstract puzzle's domain.
    abstraction: Box<BlockDomain>,
    /// Per class of the real domain: the class of the abstraction it maps to, if kept.
    kept: Vec<Option<usize>>,
    /// Distance to the goal of every abstract state that can reach it.
    dist: FxHashMap<BlockState, u32>,
}

impl fmt::Debug for Pdb {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Pdb")
            .field("kept", &self.kept)
            .field("states", &self.dist.len())
            .finish_non_exhaustive()
    }
}

/// `n` choose `k`, as a float (only used to size abstractions).
fn choose(n: usize, k: usize) -> f64 {
    (0..k).fold(1.0, |acc, i| acc * (n - i) as f64 / (i + 1) as f64)
}

impl Pdb {
    /// Builds the database for `domain`: keeps every class the goal names, then the other
    /// classes with the most cells first while the abstract space stays small. The build
    /// stops when `control`'s cancel flag is raised, and stays within its limits (and within
    /// a node, time and memory cap of its own).
    pub fn build(domain: &BlockDomain, control: &SearchControl) -> Result<Pdb, String> {
        if domain.goal.pieces.is_empty() {
            return Err("the goal names no piece, so there is nothing to look up".into());
        }
        let classes = &domain.classes;
        let size = |c: usize| choose(classes[c].anchors.len(), classes[c].count());
        let mut keep: Vec<bool> = classes.iter().map(|c| c.named).collect();
        let mut estimate: f64 = (0..classes.len()).filter(|&c| keep[c]).map(size).product();
        let mut others: Vec<usize> = (0..classes.len()).filter(|&c| !keep[c]).collect();
        others.sort_by_key(|&c| std::cmp::Reverse(classes[c].shape.len() * classes[c].count()));
        for c in others {
            if estimate * size(c) <= MAX_ABSTRACT_STATES {
                estimate *= size(c);
                keep[c] = true;
            }
        }
        if estimate > MAX_ABSTRACT_STATES {
            return Err(
                "the goal pieces alone have too many positions for a pattern database".into(),
            );
        }
        let mut reduced = domain.puzzle.clone();
        for (c, class) in classes.iter().enumerate() {
            if !keep[c] {
                for cell in &mut reduced.cells {
                    if let Cell::Piece(t) = *cell
                        && class.tokens.contains(&t)
                    {
                        *cell = Cell::Empty;
                    }
                }
            }
        }
        let abstraction = BlockDomain::new(&reduced, domain.metric)?;
        let kept: Vec<Option<usize>> = classes
            .iter()
            .enumerate()
            .map(|(c, class)| {
                keep[c]
                    .then(|| {
                        abstraction
                            .classes
                            .iter()
                            .position(|a| a.tokens.contains(&class.tokens[0]))
                    })
                    .flatten()
            })
            .collect();
        let limits = Limits {
            max_nodes: control.limits.max_nodes.min(8_000_000),
            max_time: control.limits.max_time.min(Duration::from_mins(1)),
            max_memory_bytes: control.limits.max_memory_bytes.min(1 << 30),
        };
        let mut own = SearchControl::new(limits).with_cancel(control.cancel_flag());
        let dist = distance_map(&abstraction, &mut own)
            .map_err(|t| format!("the pattern database could not be built ({})", t.name()))?;
        Ok(Pdb {
            abstraction: Box::new(abstraction),
            kept,
            dist,
        })
    }

    /// Whether the real class `c` is kept in the abstraction.
    pub fn keeps(&self, c: usize) -> bool {
        self.kept[c].is_some()
    }

    /// The abstract distance of the real position with per-slot placements `locals`, or
    /// `None` when the abstraction shows the goal is unreachable.
    pub fn lookup(&self, domain: &BlockDomain, locals: &[u16; MAX_PIECES]) -> Option<u32> {
        let mut projected = [0u16; MAX_PIECES];
        for (c, class) in domain.classes.iter().enumerate() {
            if let Some(a) = self.kept[c] {
                let first = self.abstraction.classes[a].first_slot;
                let slots = class.first_slot..class.first_slot + class.count();
                projected[first..first + class.count()].copy_from_slice(&locals[slots]);
            }
        }
        let state = self
            .abstraction
            .encode(&projected[..self.abstraction.pieces()]);
        self.dist.get(&state).copied()
    }

    /// How many abstract states the database holds.
    #[cfg(feature = "testing")]    pub fn len(&self) -> usize {
        self.dist.len()
    }
}
