//! What the analyses share: the phases of one task under its limits, the memory of a hash
//! map, and a count of paths that saturates instead of overflowing.

use std::fmt;

use serde::Serialize;

use crate::solve::core::{Limits, SearchControl, Stats, Termination};

/// A number of paths, exact up to `u128::MAX`; past that it stays at `u128::MAX` and is
/// marked saturated (the true number is larger).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct PathCount {
    /// The count, or `u128::MAX` when saturated.
    pub value: u128,
    /// Whether the true count exceeds `u128::MAX`.
    pub saturated: bool,
}

impl PathCount {
    /// One path.
    pub const ONE: PathCount = PathCount {
        value: 1,
        saturated: false,
    };

    /// The sum, saturating at `u128::MAX`.
    #[must_use]
    pub fn plus(self, other: PathCount) -> PathCount {
        match self.value.checked_add(other.value) {
            Some(value) => PathCount {
                value,
                saturated: self.saturated || other.saturated,
            },
            None => PathCount {
                value: u128::MAX,
                saturated: true,
            },
        }
    }
}

impl fmt::Display for PathCount {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.saturated {
            write!(f, "more than {}", u128::MAX)
        } else {
            write!(f, "{}", self.value)
        }
    }
}

/// The phases of one analysis sharing one task's limits (see the [analysis docs](super)).
pub(crate) struct Phases<'c> {
    control: &'c mut SearchControl,
    /// The task's own limits (the control's are narrowed during a phase, then restored).
    pub(crate) limits: Limits,
    /// The statistics of every phase so far, summed.
    stats: Stats,
}

impl<'c> Phases<'c> {
    /// Starts the task's clock.
    pub(crate) fn new(control: &'c mut SearchControl) -> Self {
        control.start_clock();
        let limits = control.limits;
        Phases {
            control,
            limits,
            stats: Stats::default(),
        }
    }

    /// Continues a task whose clock is already running (a second attempt of it).
    pub(crate) fn resumed(control: &'c mut SearchControl) -> Self {
        let limits = control.limits;
        Phases {
            control,
            limits,
            stats: Stats::default(),
        }
    }

    /// Runs one phase with the node limit less what earlier phases expanded and the memory
    /// limit less `held` bytes (what the task keeps outside the phase), and adds the phase's
    /// statistics (`held` counted in its peak memory).
    pub(crate) fn run<T>(
        &mut self,
        held: u64,
        phase: impl FnOnce(&mut SearchControl) -> (T, Stats),
    ) -> T {
        self.control.limits.max_nodes = self.limits.max_nodes.saturating_sub(self.stats.expanded);
        self.control.limits.max_memory_bytes = self.limits.max_memory_bytes.saturating_sub(held);
        let (value, stats) = phase(self.control);
        self.control.limits = self.limits;
        self.add(stats, held);
        value
    }

    /// Adds the statistics of a phase run outside [`Phases::run`] (an earlier attempt of the
    /// task), with `held` bytes kept beside it.
    pub(crate) fn add(&mut self, stats: Stats, held: u64) {
        let total = &mut self.stats;
        total.expanded += stats.expanded;
        total.generated += stats.generated;
        total.duplicates += stats.duplicates;
        total.goal_tests += stats.goal_tests;
        total.max_frontier = total.max_frontier.max(stats.max_frontier);
        total.stored = total.stored.max(stats.stored);
        total.peak_memory_bytes = total.peak_memory_bytes.max(stats.peak_memory_bytes + held);
        total.elapsed = self.control.elapsed();
    }

    /// Sets the task's memory limit for the phases that follow.
    pub(crate) fn set_memory_limit(&mut self, bytes: u64) {
        self.limits.max_memory_bytes = bytes;
        self.control.limits.max_memory_bytes = bytes;
    }

    /// Checks the task's limits and cancel flag between phases, with `held` bytes in use.
    pub(crate) fn checkpoint(&mut self, held: u64) -> Option<Termination> {
        self.control.checkpoint(&mut self.stats, held)
    }

    /// The summed statistics, the task's clock read now.
    pub(crate) fn finish(mut self) -> Stats {
        self.stats.elapsed = self.control.elapsed();
        self.control.finish(&mut self.stats);
        self.stats
    }
}

/// Bytes a hash map of `entries` entries of `entry` bytes takes once grown to hold them (the
/// table keeps 1/8 of its slots empty, in power-of-two sizes, with one control byte a slot).
pub(crate) fn map_bytes(entries: u64, entry: usize) -> u64 {
    let slots = (entries.max(1) * 8 / 7 + 1).next_power_of_two();
    slots * (entry as u64 + 1)
}

/// Why a phase stopped, in words for a note ("stopped at the memory limit").
pub(crate) fn why(stop: Termination) -> &'static str {
    match stop {
        Termination::MemoryLimit => "at the memory limit",
        Termination::NodeLimit => "at the node limit",
        Termination::TimeLimit => "at the time limit",
        Termination::Cancelled => "on cancel",
        Termination::TraceLimit => "at the trace's limit",
        Termination::Solved | Termination::Unsolvable | Termination::DepthLimit => "early",
    }
}
