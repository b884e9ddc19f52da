//! The objects of a family's enumeration: each solvable cluster, and the run's summary.

use serde::Serialize;

use crate::solve::core::Termination;
use crate::solve::family::{ClusterRecord, FamilySummary};

use super::common::PeakMemory;

/// One solvable cluster of a family's listing (the CLI's `family --format jsonl`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FamilyCluster<'a> {
    moves: u32,
    states: u64,
    histogram: &'a [u64],
    board: &'a str,
    minimal: bool,
    pieces: usize,
    walls: usize,
}

impl<'a> From<&'a ClusterRecord> for FamilyCluster<'a> {
    fn from(r: &'a ClusterRecord) -> Self {
        FamilyCluster {
            moves: r.moves,
            states: r.states,
            histogram: &r.histogram,
            board: &r.board,
            minimal: r.minimal,
            pieces: r.pieces,
            walls: r.walls,
        }
    }
}

/// The summary of a family's run (the CLI's `family --json`).
#[derive(Clone, Debug, Serialize)]
pub struct FamilyRun<'a> {
    family: &'a str,
    status: &'static str,
    complete: bool,
    units: u64,
    clusters: u64,
    solvable_clusters: u64,
    positions: u64,
    solvable_positions: u64,
    minimal: u64,
    /// `clusters_by_moves[m]`: solvable clusters whose hardest start needs `m` moves.
    clusters_by_moves: &'a [u64],
    hardest: Option<usize>,
    seconds: f64,
    #[serde(flatten)]
    memory: PeakMemory,
}

impl<'a> FamilyRun<'a> {
    /// The summary of a run of the family named `family` that ended with `status` after
    /// `seconds`, its data structures estimated at `peak_memory_bytes`.
    pub fn new(
        family: &'a str,
        summary: &'a FamilySummary,
        status: Termination,
        seconds: f64,
        peak_memory_bytes: u64,
    ) -> Self {
        FamilyRun {
            family,
            status: status.name(),
            complete: status == Termination::Solved,
            units: summary.units,
            clusters: summary.clusters,
            solvable_clusters: summary.solvable,
            positions: summary.positions,
            solvable_positions: summary.solvable_positions,
            minimal: summary.minimal,
            clusters_by_moves: &summary.by_moves,
            hardest: summary.hardest(),
            seconds,
            memory: PeakMemory::estimated(peak_memory_bytes),
        }
    }

    /// The summary with `memory` as its peak memory instead of the run's estimate.
    #[must_use]
    pub fn with_peak_memory(mut self, memory: PeakMemory) -> Self {
        self.memory = memory;
        self
    }
}
