//! What the design search keeps: the best distinct designs of all chains, and each chain's
//! own best, where half its restarts begin.

use std::collections::BTreeSet;

use crate::model::rules::Axis;
use crate::model::shape::normalise;
use crate::model::{Cell, Puzzle};

use super::evaluate::{Objective, Proof, Rank};

/// A design the search kept: its hardest start, proved.
#[derive(Clone, Debug)]
pub struct FoundDesign {
    /// The design at its hardest start (the original's goal, styles and name).
    pub puzzle: Puzzle,
    /// The design as the search changed it, its pieces where the changes left them (locked
    /// pieces where they were): where a further search from it starts.
    pub design: Puzzle,
    /// The hardest start's distance to the goal, proved by an analysis from it.
    pub length: u32,
    /// Positions in its component.
    pub component: u64,
    /// Pieces, the goal's included.
    pub pieces: usize,
    /// Walls.
    pub walls: usize,
    /// Its shortest solutions and decisions.
    pub proof: Proof,
    /// What differs from the original, one line each.
    pub changes: Vec<String>,
    /// Seconds into the search when it was found.
    pub found_after: f64,
    /// Its candidate's number when the chains' candidates are taken in turn (0 for the
    /// original): the smallest candidate limit that finds it again with the same seed and
    /// threads.
    pub found_at: u64,
}

impl FoundDesign {
    pub(super) fn rank(&self, objective: Objective) -> Rank {
        Rank {
            primary: match objective {
                Objective::Length => self.length,
                Objective::Decisions => self.proof.decisions,
            },
            length: self.length,
            pieces: self.pieces,
            solutions: self.proof.solutions,
        }
    }
}

/// The designs kept so far, with the keys of every design a generation kept once (so it never
/// returns one twice). A search for harder designs keeps one design a key, the one with the
/// smallest board (and candidate number), whichever chain found it first: what it returns
/// depends on what its chains found, not on when.
#[derive(Default)]
pub(super) struct Kept {
    pub(super) designs: Vec<FoundDesign>,
    pub(super) keys: BTreeSet<DesignKey>,
    /// Each time the best length rose: seconds, length.
    pub(super) timeline: Vec<(f64, u32)>,
}

impl Kept {
    /// Where the kept design with `key` is, when one is. (Only a search for harder designs
    /// asks: a generation refuses every key it kept once.)
    pub(super) fn with_key(&self, key: &DesignKey) -> Option<usize> {
        self.designs
            .iter()
            .position(|d| key_of(&d.design, d.component, d.length) == *key)
    }

    /// Whether a design of `key`, with `board` at its hardest start, found at candidate `at`,
    /// gives way to the kept design of its key: that one's board is smaller, or the same and
    /// found sooner.
    pub(super) fn outdone(&self, key: &DesignKey, board: &[String], at: u64) -> bool {
        self.with_key(key).is_some_and(|i| {
            let d = &self.designs[i];
            (d.puzzle.board_rows().as_slice(), d.found_at) <= (board, at)
        })
    }
}

/// What tells two designs apart: their walls, their pieces' shapes and axes, and the
/// distances of their component (two components of one piece set with the same histogram
/// are taken for one).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) struct DesignKey {
    walls: Vec<usize>,
    shapes: Vec<(Vec<(usize, usize)>, Axis)>,
    component: u64,
    length: u32,
}

/// The key of `design`, whose hardest start needs `length` moves in a component of
/// `component` positions.
pub(super) fn key_of(design: &Puzzle, component: u64, length: u32) -> DesignKey {
    let walls = (0..design.cells.len())
        .filter(|&i| design.cells[i] == Cell::Wall)
        .collect();
    let mut shapes: Vec<_> = design
        .pieces()
        .iter()
        .map(|p| (normalise(&p.cells), design.axis_of(p.token)))
        .collect();
    shapes.sort();
    DesignKey {
        walls,
        shapes,
        component,
        length,
    }
}

/// A chain's best designs so far, where half its restarts begin.
#[derive(Default)]
pub(super) struct Near {
    /// Value, component and design, best first; no two with the same value and component.
    pub(super) designs: Vec<(i64, u64, Puzzle)>,
}

impl Near {
    /// Designs a chain keeps to restart near.
    const KEEP: usize = 8;

    /// Keeps `design` (of value `value`, `component` positions) when it is among the best.
    pub(super) fn offer(&mut self, value: i64, component: u64, design: &Puzzle) {
        let full = self.designs.len() >= Self::KEEP;
        if full && self.designs.last().is_some_and(|d| d.0 >= value)
            || self
                .designs
                .iter()
                .any(|d| (d.0, d.1) == (value, component))
        {
            return;
        }
        let at = self
            .designs
            .iter()
            .position(|d| d.0 < value)
            .unwrap_or(self.designs.len());
        self.designs.insert(at, (value, component, design.clone()));
        self.designs.truncate(Self::KEEP);
    }
}
