//! Rush Hour designs judged by their whole unit: the family engine's walk of every placement
//! of the design's vehicles along their lines at once, rather than of the one component that
//! holds the design's start. A design search changes lines and lengths (a vehicle moved to
//! another line, added, removed, reshaped); where a vehicle stands along its line is the
//! player's part, so every cluster of the unit is a design the search may keep, and the walk
//! of a unit of a few thousand positions costs less than a component walk by the solver.

use std::collections::HashMap;

use crate::model::Puzzle;
use crate::solve::family::{Layout, Unit};

use super::evaluate::Evaluation;

/// Units a chain remembers before it forgets them all: a few megabytes.
const REMEMBERED: usize = 50_000;

/// What a unit's walk gave: the length, positions and hardest key of the cluster picked.
type Picked = Option<(u32, u64, u64)>;

/// Each chain's memory of the units it walked: a change that only slides a vehicle along its
/// line, or a chain that comes back to a design, costs no second walk.
#[derive(Default)]
pub(super) struct UnitMemory {
    walked: HashMap<Unit, Picked>,
}

impl UnitMemory {
    /// Evaluates `design`, whose unit is `layout`'s, by its unit: of the unit's clusters
    /// with a goal, the one whose length `score` ranks highest (the first in the unit's
    /// order among equals), at its hardest start. `None` when the unit has more than `limit`
    /// positions or no cluster with a goal.
    pub(super) fn evaluate(
        &mut self,
        design: &Puzzle,
        layout: &Layout,
        limit: usize,
        score: impl Fn(u32) -> i64,
    ) -> Option<Evaluation> {
        let picked = if let Some(&picked) = self.walked.get(layout.unit()) {
            picked
        } else {
            let picked = pick(layout, limit, score);
            if self.walked.len() >= REMEMBERED {
                self.walked.clear();
            }
            self.walked.insert(layout.unit().clone(), picked);
            picked
        };
        picked.map(|(length, component, key)| Evaluation {
            length,
            component,
            pieces: design.pieces().len(),
            hardest: layout.position(design, key),
        })
    }
}

/// The cluster of `layout`'s unit whose length `score` ranks highest: its length, positions
/// and hardest start's key.
fn pick(layout: &Layout, limit: usize, score: impl Fn(u32) -> i64) -> Picked {
    let walk = layout.walk_goal_clusters(limit)?;
    let mut best: Picked = None;
    for cluster in &walk.clusters {
        let (Some(length), Some(key)) = (cluster.moves(), cluster.hardest) else {
            continue;
        };
        if best.is_none_or(|(b, _, _)| score(length) > score(b)) {
            best = Some((length, cluster.states, key));
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::rushhour::parse;
    use crate::solve::design::prove;
    use crate::solve::{Limits, SearchControl};

    /// `start`'s distance to the goal by an analysis of its own.
    fn proved(start: &Puzzle) -> u32 {
        prove(
            start,
            crate::model::Metric::Slide,
            SearchControl::new(Limits::default()),
        )
        .expect("not stopped")
        .expect("proved")
        .length
    }

    #[test]
    fn a_unit_gives_the_cluster_its_score_picks_at_its_hardest_start() {
        // The 51-move puzzle with its last car slid one cell right: its unit holds the
        // 51-move cluster, whose hardest start is the puzzle itself.
        let hardest = "BCCoDoBEFoDGBEFAAGHHHIoGooJIKKLLJMMo";
        let design = parse("BCCoDoBEFoDGBEFAAGHHHIoGooJIKKLLJoMM").expect("the board reads");
        let layout = Layout::of(&design).expect("a layout");
        let eval = UnitMemory::default()
            .evaluate(&design, &layout, usize::MAX, i64::from)
            .expect("walked");
        assert_eq!(eval.length, 51);
        assert_eq!(
            crate::model::rushhour::to_string(&eval.hardest).as_deref(),
            Ok(hardest)
        );
        assert_eq!(proved(&eval.hardest), 51);
        // A band picks the cluster nearest to it, proved likewise.
        let lengths: Vec<u32> = layout
            .walk_goal_clusters(usize::MAX)
            .expect("walked")
            .clusters
            .iter()
            .filter_map(crate::solve::family::rushhour::Cluster::moves)
            .collect();
        let near_20 = |l: u32| -(i64::from(l) - 20).abs();
        let nearest = lengths.iter().map(|&l| near_20(l)).max().expect("clusters");
        let eval = UnitMemory::default()
            .evaluate(&design, &layout, usize::MAX, near_20)
            .expect("walked");
        assert_eq!(near_20(eval.length), nearest);
        assert_eq!(proved(&eval.hardest), eval.length);
        // A unit over the limit is not walked.
        assert!(
            UnitMemory::default()
                .evaluate(&design, &layout, 10, i64::from)
                .is_none()
        );
    }
}
