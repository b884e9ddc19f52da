//! A block puzzle's piece set: every arrangement of its pieces on its board (identical pieces
//! merged, each arrangement once), split into components by the block engine's walk, with the
//! hardest starts over all solvable components.
//!
//! The arrangements come from a placement recursion ([`Arrangements`]); a bit per rank marks
//! those already in a walked component. Each arrangement not yet marked starts a walk of its
//! component (marking every position it meets); a component with goal positions is walked
//! again from all of them at once, which gives its hardest start (the farthest position from
//! the nearest goal).

use std::ops::ControlFlow;

use crate::model::text::bytes;
use crate::solve::algorithms::bfs::walk_from_resumed;
use crate::solve::analysis::phases::{Phases, why};
use crate::solve::core::{CHECK_EVERY, SearchControl, Stats, Termination};

use super::arrangements::Arrangements;
use super::domain::BlockDomain;
use super::state::BlockState;

/// The hardest start of one solvable component.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HardStart<S> {
    /// Its distance to the nearest goal position (the largest in its component).
    pub distance: u32,
    /// How many positions of its component are that far.
    pub count: u64,
    /// Positions in its component.
    pub component: u64,
    /// The position.
    pub example: S,
}

/// What [`explore_piece_set`] found. When `status` is a limit, the counts cover the
/// components walked so far and `notes` say so.
#[derive(Clone, Debug)]
pub struct PieceSetReport {
    /// `Solved` when every arrangement was walked, else the limit that stopped the walks.
    pub status: Termination,
    /// Arrangements of the pieces on the board (enumerated so far, when stopped).
    pub arrangements: u64,
    /// Components (sets of arrangements reachable from each other) walked.
    pub components: u64,
    /// Components that contain a goal position.
    pub solvable_components: u64,
    /// Arrangements that satisfy the goal.
    pub goal_arrangements: u64,
    /// The hardest start of each of the `top` hardest solvable components, hardest first (by
    /// distance, then by component size).
    pub hardest: Vec<HardStart<BlockState>>,
    /// Bits of the visited bitset (one per rank of an arrangement).
    pub ranks: u64,
    /// What the user should know: what was not finished, and why.
    pub notes: Vec<String>,
    /// Statistics of all walks together (the peak memory includes the bitset and the table of
    /// ranks).
    pub stats: Stats,
}

impl PieceSetReport {
    /// Whether every arrangement was walked.
    pub fn complete(&self) -> bool {
        self.status == Termination::Solved
    }
}

/// Enumerates every arrangement of `domain`'s pieces on its board, walks each component once,
/// and keeps the hardest start of the `top` hardest solvable components, within `control`'s
/// limits (for the whole task), progress and cancel flag.
pub fn explore_piece_set(
    domain: &BlockDomain,
    top: usize,
    control: &mut SearchControl,
) -> PieceSetReport {
    let mut phases = Phases::new(control);
    let mut report = PieceSetReport {
        status: Termination::Solved,
        arrangements: 0,
        components: 0,
        solvable_components: 0,
        goal_arrangements: 0,
        hardest: Vec::new(),
        ranks: 0,
        notes: Vec::new(),
        stats: Stats::default(),
    };
    let numbered = Arrangements::new(domain, |bytes| {
        let stop = phases.checkpoint(bytes);
        if let Some(stop) = stop {
            report.status = stop;
        }
        stop.is_none()
    });
    let arrangements = match numbered {
        Ok(a) => a,
        Err(too_many) => {
            report.notes.push(format!(
                "numbering the arrangements stopped {} after {} arrangements of all pieces but \
                 the largest class; nothing was walked",
                why(report.status),
                too_many.prefixes
            ));
            report.stats = phases.finish();
            return report;
        }
    };
    report.ranks = arrangements.ranks();
    let bitset_bytes = arrangements.ranks().div_ceil(64).saturating_mul(8);
    let held = arrangements.memory_bytes().saturating_add(bitset_bytes);
    if held > phases.limits.max_memory_bytes {
        report.status = Termination::MemoryLimit;
        report.notes.push(format!(
            "a visited bit for each of {} numbered arrangements ({}) exceeds the memory limit; \
             nothing was walked",
            arrangements.ranks(),
            bytes(held)
        ));
        report.stats = phases.finish();
        return report;
    }
    let mut visited = vec![0u64; arrangements.ranks().div_ceil(64) as usize];
    arrangements.for_each(domain, |state| {
        report.arrangements += 1;
        if report.arrangements.is_multiple_of(CHECK_EVERY)
            && let Some(stop) = phases.checkpoint(held)
        {
            report.status = stop;
            return ControlFlow::Break(());
        }
        let r = arrangements.rank(domain, &state);
        if visited[(r / 64) as usize] & (1 << (r % 64)) != 0 {
            return ControlFlow::Continue(());
        }
        let found = walk_component(
            domain,
            &arrangements,
            &mut phases,
            held,
            &mut visited,
            state,
        );
        let component = match found {
            Ok(component) => component,
            Err(stop) => {
                report.status = stop;
                return ControlFlow::Break(());
            }
        };
        report.components += 1;
        report.goal_arrangements += component.goal_positions;
        let Some(candidate) = component.hardest else {
            return ControlFlow::Continue(());
        };
        report.solvable_components += 1;
        let at = report.hardest.partition_point(|h| {
            (h.distance, h.component) >= (candidate.distance, candidate.component)
        });
        if at < top {
            report.hardest.insert(at, candidate);
            report.hardest.truncate(top);
        }
        ControlFlow::Continue(())
    });
    if !report.complete() {
        report.notes.push(format!(
            "stopped {} after {} arrangements and {} components: the figures cover those only",
            why(report.status),
            report.arrangements,
            report.components
        ));
    }
    report.stats = phases.finish();
    report
}

/// What [`walk_component`] found.
struct Component {
    goal_positions: u64,
    /// The hardest start, when the component has a goal position.
    hardest: Option<HardStart<BlockState>>,
}

/// Walks the component of `state`, marking its arrangements visited, and when it has goal
/// positions walks back from them to its hardest start; `held` bytes are in use besides the
/// walks.
///
/// # Errors
/// The limit or cancellation that stopped a walk.
fn walk_component(
    domain: &BlockDomain,
    arrangements: &Arrangements,
    phases: &mut Phases<'_>,
    held: u64,
    visited: &mut [u64],
    state: BlockState,
) -> Result<Component, Termination> {
    let mut goals = Vec::new();
    let forth = phases.run(held, |control| {
        let walk = walk_from_resumed(domain, vec![state], control, |s, _, goal| {
            let r = arrangements.rank(domain, s);
            visited[(r / 64) as usize] |= 1 << (r % 64);
            if goal {
                goals.push(*s);
            }
        });
        let stats = walk.stats;
        (walk, stats)
    });
    if forth.termination != Termination::Unsolvable {
        return Err(forth.termination);
    }
    if goals.is_empty() {
        return Ok(Component {
            goal_positions: 0,
            hardest: None,
        });
    }
    let goal_bytes = (goals.len() * size_of::<BlockState>()) as u64;
    let mut example = state;
    let back = phases.run(held + goal_bytes, |control| {
        let mut farthest = None;
        let walk = walk_from_resumed(domain, goals, control, |s, d, _| {
            if farthest.is_none_or(|f| d > f) {
                farthest = Some(d);
                example = *s;
            }
        });
        let stats = walk.stats;
        (walk, stats)
    });
    if back.termination != Termination::Unsolvable {
        return Err(back.termination);
    }
    Ok(Component {
        goal_positions: forth.goal_states,
        hardest: Some(HardStart {
            distance: back.max_depth,
            count: back.per_depth.last().copied().unwrap_or(0),
            component: forth.states,
            example,
        }),
    })
}
