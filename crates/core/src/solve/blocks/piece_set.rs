//! A block puzzle's piece set: every arrangement of its pieces on its board (identical pieces
//! merged, each arrangement once), split into components by the block engine's walk.
//!
//! The arrangements come from a placement recursion ([`Arrangements`]); a bit per rank marks
//! those already in a walked component. Each arrangement not yet marked starts a walk of its
//! component (marking every position it meets); a component with goal positions is walked
//! again from all of them at once, which gives every position's distance to the nearest goal
//! and the hardest starts (the farthest positions). [`explore_piece_set`] keeps the hardest
//! start of the hardest components; [`walk_components`] hands every component over whole
//! (its size, its histogram of distances, its farthest positions), for whole families.

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
    #[cfg(feature = "testing")]    pub fn complete(&self) -> bool {
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
    let sweep = sweep(domain, &mut phases, Farthest::First, |component| {
        report.goal_arrangements += component.histogram.first().copied().unwrap_or(0);
        let (Some(distance), Some(&example)) = (component.moves(), component.farthest.first())
        else {
            return;
        };
        report.solvable_components += 1;
        let candidate = HardStart {
            distance,
            count: component.histogram.last().copied().unwrap_or(0),
            component: component.states,
            example,
        };
        let at = report.hardest.partition_point(|h| {
            (h.distance, h.component) >= (candidate.distance, candidate.component)
        });
        if at < top {
            report.hardest.insert(at, candidate);
            report.hardest.truncate(top);
        }
    });
    report.arrangements = sweep.arrangements;
    report.components = sweep.components;
    report.ranks = sweep.ranks;
    match sweep.stop {
        None => {}
        Some(Stop::Numbering { status, prefixes }) => {
            report.status = status;
            report.notes.push(format!(
                "numbering the arrangements stopped {} after {prefixes} arrangements of all \
                 pieces but the largest class; nothing was walked",
                why(status),
            ));
        }
        Some(Stop::Bitset { held }) => {
            report.status = Termination::MemoryLimit;
            report.notes.push(format!(
                "a visited bit for each of {} numbered arrangements ({}) exceeds the memory \
                 limit; nothing was walked",
                sweep.ranks,
                bytes(held)
            ));
        }
        Some(Stop::Walk(status)) => {
            report.status = status;
            report.notes.push(format!(
                "stopped {} after {} arrangements and {} components: the figures cover those \
                 only",
                why(status),
                report.arrangements,
                report.components
            ));
        }
    }
    report.stats = phases.finish();
    report
}

/// One component of a piece set's arrangements, as [`walk_components`] hands it over.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ComponentWalk {
    /// Positions in the component.
    pub states: u64,
    /// Positions at distance 0, 1, 2, … from the nearest goal position; empty when the
    /// component holds no goal position.
    pub histogram: Vec<u64>,
    /// Every position at the largest distance (the hardest starts), in the order the walk
    /// met them; empty when the component holds no goal position.
    pub farthest: Vec<BlockState>,
}

impl ComponentWalk {
    /// The hardest start's distance to the nearest goal position, when the component has one.
    pub fn moves(&self) -> Option<u32> {
        let last = self.histogram.len().checked_sub(1)?;
        Some(u32::try_from(last).unwrap_or(u32::MAX))
    }
}

/// What [`walk_components`] walked, when it walked everything.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ComponentsWalked {
    /// Arrangements of the pieces on the board.
    pub arrangements: u64,
    /// Components, solvable or not.
    pub components: u64,
    /// Bytes held at the peak: the numbering, the visited bitset and the largest walk.
    pub memory_bytes: u64,
}

/// Walks every component of the arrangements of `domain`'s pieces, in the order of the
/// placement recursion's first arrangement of each, and hands each to `on_component` whole:
/// its size, its histogram of distances to the nearest goal position and all its hardest
/// starts. Runs as a later phase of the task of `phases`, within its limits and cancel flag.
///
/// # Errors
/// The limit or cancellation that stopped the numbering or a walk; the components handed
/// over by then are a prefix of the complete run's.
pub(crate) fn walk_components(
    domain: &BlockDomain,
    phases: &mut Phases<'_>,
    on_component: impl FnMut(ComponentWalk),
) -> Result<ComponentsWalked, Termination> {
    let sweep = sweep(domain, phases, Farthest::All, on_component);
    match sweep.stop {
        None => Ok(ComponentsWalked {
            arrangements: sweep.arrangements,
            components: sweep.components,
            memory_bytes: sweep.memory_bytes,
        }),
        Some(Stop::Numbering { status, .. } | Stop::Walk(status)) => Err(status),
        Some(Stop::Bitset { .. }) => Err(Termination::MemoryLimit),
    }
}

/// Which farthest positions a component's walk keeps.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Farthest {
    /// The first one met: enough for an example.
    First,
    /// All of them: for a representative chosen by the caller.
    All,
}

/// Why a [`sweep`] stopped before the end.
enum Stop {
    /// The table of ranks was not finished (after `prefixes` prefixes).
    Numbering { status: Termination, prefixes: u64 },
    /// The visited bitset and the numbering (`held` bytes) do not fit the memory limit.
    Bitset { held: u64 },
    /// A limit or the cancel flag stopped the walks.
    Walk(Termination),
}

/// How far a [`sweep`] got.
struct Sweep {
    arrangements: u64,
    components: u64,
    ranks: u64,
    memory_bytes: u64,
    stop: Option<Stop>,
}

/// The loop both [`explore_piece_set`] and [`walk_components`] run: numbers the
/// arrangements, then walks the component of each arrangement not yet seen and hands it to
/// `on_component`, until done or stopped.
fn sweep(
    domain: &BlockDomain,
    phases: &mut Phases<'_>,
    keep: Farthest,
    mut on_component: impl FnMut(ComponentWalk),
) -> Sweep {
    let mut sweep = Sweep {
        arrangements: 0,
        components: 0,
        ranks: 0,
        memory_bytes: 0,
        stop: None,
    };
    let mut numbering_stop = None;
    let numbered = Arrangements::new(domain, |bytes| {
        let stop = phases.checkpoint(bytes);
        numbering_stop = numbering_stop.or(stop);
        stop.is_none()
    });
    let arrangements = match numbered {
        Ok(a) => a,
        Err(too_many) => {
            sweep.stop = Some(Stop::Numbering {
                status: numbering_stop.unwrap_or(Termination::Cancelled),
                prefixes: too_many.prefixes,
            });
            return sweep;
        }
    };
    sweep.ranks = arrangements.ranks();
    let bitset_bytes = arrangements.ranks().div_ceil(64).saturating_mul(8);
    let held = arrangements.memory_bytes().saturating_add(bitset_bytes);
    sweep.memory_bytes = held;
    if held > phases.limits.max_memory_bytes {
        sweep.stop = Some(Stop::Bitset { held });
        return sweep;
    }
    let Ok(words) = usize::try_from(arrangements.ranks().div_ceil(64)) else {
        sweep.stop = Some(Stop::Bitset { held });
        return sweep;
    };
    let mut visited = vec![0u64; words];
    arrangements.for_each(domain, |state| {
        sweep.arrangements += 1;
        if sweep.arrangements.is_multiple_of(CHECK_EVERY)
            && let Some(stop) = phases.checkpoint(held)
        {
            sweep.stop = Some(Stop::Walk(stop));
            return ControlFlow::Break(());
        }
        let r = arrangements.rank(domain, &state);
        if visited[(r / 64) as usize] & (1 << (r % 64)) != 0 {
            return ControlFlow::Continue(());
        }
        match walk_component(
            domain,
            &arrangements,
            phases,
            held,
            &mut visited,
            state,
            keep,
        ) {
            Ok((component, bytes)) => {
                sweep.components += 1;
                sweep.memory_bytes = sweep.memory_bytes.max(held.saturating_add(bytes));
                on_component(component);
                ControlFlow::Continue(())
            }
            Err(stop) => {
                sweep.stop = Some(Stop::Walk(stop));
                ControlFlow::Break(())
            }
        }
    });
    sweep
}

/// Walks the component of `state`, marking its arrangements visited, and when it has goal
/// positions walks back from them to the distances of all its positions; `held` bytes are in
/// use besides the walks. Returns the component with the peak bytes of its walks.
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
    keep: Farthest,
) -> Result<(ComponentWalk, u64), Termination> {
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
    let mut component = ComponentWalk {
        states: forth.states,
        histogram: Vec::new(),
        farthest: Vec::new(),
    };
    if goals.is_empty() {
        return Ok((component, forth.stats.peak_memory_bytes));
    }
    let goal_bytes = (goals.len() * size_of::<BlockState>()) as u64;
    let mut farthest = Vec::new();
    let back = phases.run(held + goal_bytes, |control| {
        let mut at = None;
        let walk = walk_from_resumed(domain, goals, control, |s, d, _| {
            // The walk meets positions in order of distance: a farther one starts a new list.
            if at.is_none_or(|f| d > f) {
                at = Some(d);
                farthest.clear();
                farthest.push(*s);
            } else if keep == Farthest::All && at == Some(d) {
                farthest.push(*s);
            }
        });
        let stats = walk.stats;
        (walk, stats)
    });
    if back.termination != Termination::Unsolvable {
        return Err(back.termination);
    }
    component.histogram = back.per_depth;
    component.farthest = farthest;
    let farthest_bytes = (component.farthest.capacity() * size_of::<BlockState>()) as u64;
    let bytes = forth
        .stats
        .peak_memory_bytes
        .max(back.stats.peak_memory_bytes + goal_bytes + farthest_bytes);
    Ok((component, bytes))
}
