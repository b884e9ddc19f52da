//! What the design search keeps: the best distinct designs of all chains, and each chain's
//! own best, where half its restarts begin.

use std::collections::BTreeSet;

use crate::model::rules::Axis;
use crate::model::shape::normalise;
use crate::model::{Cell, Puzzle};

use super::evaluate::Evaluation;
use super::search::FoundDesign;

/// The designs kept so far, with the keys of every design kept once (so a generation never
/// returns one twice).
#[derive(Default)]
pub(super) struct Kept {
    pub(super) designs: Vec<FoundDesign>,
    pub(super) keys: BTreeSet<DesignKey>,
    /// Each time the best length rose: seconds, length.
    pub(super) timeline: Vec<(f64, u32)>,
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

/// The key of `design`, judged as `eval`.
pub(super) fn key_of(design: &Puzzle, eval: &Evaluation) -> DesignKey {
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
        component: eval.component,
        length: eval.length,
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
