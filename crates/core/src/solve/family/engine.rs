//! The engine every family runs on: the records of a walked unit, the totals, and the
//! driver that walks units on every thread and hands them over in order.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, mpsc};
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

use crate::solve::core::{Limits, SearchControl, Stats, Termination};

/// Units a worker takes at once.
const BATCH: usize = 64;

/// One solvable cluster, as a family's listing holds it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClusterRecord {
    /// The hardest start's distance to the nearest goal position, in moves.
    pub moves: u32,
    /// The hardest start: in Fogleman's notation for Rush Hour families
    /// (`rushhour::board_string`), rows joined by `/` for block families
    /// (`blocks::board_string`).
    pub board: String,
    /// Positions in the cluster.
    pub states: u64,
    /// Positions at distance 0, 1, 2, … from the nearest goal position.
    pub histogram: Vec<u64>,
    /// Whether taking out any one vehicle other than the primary car makes the hardest start
    /// easier (`rushhour::is_minimal`).
    pub minimal: bool,
    /// Vehicles, the primary car included.
    pub pieces: usize,
    /// Walls.
    pub walls: usize,
}

/// What one unit adds to the family.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnitResult {
    /// The unit's place in the family's order, from 0.
    pub index: u64,
    /// Its solvable clusters, in order.
    pub records: Vec<ClusterRecord>,
    /// All its clusters, solvable or not.
    pub clusters: u64,
    /// All its positions.
    pub positions: u64,
    /// Its size class ([`Family::unit_class`]), set by [`walk_unit`] for [`TimeLeft`].
    ///
    /// [`TimeLeft`]: super::TimeLeft
    #[serde(default)]
    pub class: usize,
    /// The nanoseconds its walk took on one thread, set by [`walk_unit`].
    #[serde(default)]
    pub nanos: u64,
}

/// The totals of a family run.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct FamilySummary {
    /// Units walked (including those skipped by a resumed run).
    pub units: u64,
    /// Clusters in them.
    pub clusters: u64,
    /// Clusters that hold a goal position.
    pub solvable: u64,
    /// Positions in all clusters.
    pub positions: u64,
    /// Positions in solvable clusters.
    pub solvable_positions: u64,
    /// Solvable clusters whose hardest start is minimal.
    pub minimal: u64,
    /// Solvable clusters by their hardest start's length: `by_moves[m]` clusters need `m`.
    pub by_moves: Vec<u64>,
}

impl FamilySummary {
    /// Adds a unit's results.
    pub fn add(&mut self, unit: &UnitResult) {
        self.units += 1;
        self.clusters += unit.clusters;
        self.positions += unit.positions;
        for record in &unit.records {
            self.solvable += 1;
            self.solvable_positions += record.states;
            self.minimal += u64::from(record.minimal);
            let m = record.moves as usize;
            if self.by_moves.len() <= m {
                self.by_moves.resize(m + 1, 0);
            }
            self.by_moves[m] += 1;
        }
    }

    /// The hardest start's length over the whole family, when any cluster is solvable.
    pub fn hardest(&self) -> Option<usize> {
        self.by_moves.iter().rposition(|&n| n > 0)
    }
}

/// How a family run ended, with its statistics (`expanded` counts positions walked).
#[derive(Clone, Debug)]
pub struct FamilyRun {
    /// [`Termination::Solved`] when every unit was walked; else the limit that stopped it.
    pub termination: Termination,
    /// Units handed over, counting those skipped: where a resumed run continues.
    pub units_done: u64,
    /// Positions walked, time, peak memory of the units in flight.
    pub stats: Stats,
}

/// What may stop a unit's walk part-way: the run's cancel flag (Ctrl-C, Cancel) and its
/// deadline (the time limit), so that a stop never waits for a long unit to finish.
#[derive(Clone, Debug)]
pub struct UnitBudget {
    cancel: Arc<AtomicBool>,
    deadline: Option<Instant>,
}

impl UnitBudget {
    /// No limit: the walk runs to its end.
    pub fn unbounded() -> UnitBudget {
        UnitBudget {
            cancel: Arc::new(AtomicBool::new(false)),
            deadline: None,
        }
    }

    /// No limit but `cancel`: the walk stops when it is raised.
    pub fn cancelled_by(cancel: Arc<AtomicBool>) -> UnitBudget {
        UnitBudget {
            cancel,
            deadline: None,
        }
    }

    /// The budget of the units of a run under `control`: its cancel flag, and the time its
    /// limit leaves.
    pub fn of(control: &SearchControl) -> UnitBudget {
        let left = control.limits.max_time.saturating_sub(control.elapsed());
        UnitBudget {
            cancel: control.cancel_flag(),
            deadline: Instant::now().checked_add(left),
        }
    }

    /// A control for one unit's walks under this budget (no node or memory limit: a
    /// family's validation bounds each unit's size, and the run meters the memory).
    pub fn control(&self) -> SearchControl {
        let max_time = self.deadline.map_or(Duration::MAX, |d| {
            d.saturating_duration_since(Instant::now())
        });
        SearchControl::new(Limits {
            max_nodes: u64::MAX,
            max_time,
            max_memory_bytes: u64::MAX,
        })
        .with_cancel(Arc::clone(&self.cancel))
    }

    /// Why the budget is spent, if it is.
    pub fn spent(&self) -> Option<Termination> {
        if self.cancel.load(Ordering::Relaxed) {
            Some(Termination::Cancelled)
        } else if self.deadline.is_some_and(|d| Instant::now() >= d) {
            Some(Termination::TimeLimit)
        } else {
            None
        }
    }
}

/// A family of puzzles split into units that no move can leave, each walked on its own.
pub trait Family: Sync {
    /// What moves cannot change: one unit of work.
    type Unit: Send;

    /// Every unit with at least one position, in the family's fixed order.
    fn family_units(&self) -> impl Iterator<Item = Self::Unit> + Send + '_;

    /// The size class of `unit`, known without walking it and cheap to tell: units of one
    /// class take about as long to walk, so a run's time left is estimated class by class
    /// ([`TimeLeft`](super::TimeLeft)). A small number, such as the unit's pieces.
    fn unit_class(&self, unit: &Self::Unit) -> usize;

    /// Walks `unit` (the `index`-th of the family) and makes its records; with the bytes the
    /// walk held at its peak. `None` when `budget` stopped the walk part-way: nothing of the
    /// unit is kept (a family whose units are all quick to walk may run them to their end).
    fn walk_unit(
        &self,
        unit: &Self::Unit,
        index: u64,
        budget: &UnitBudget,
    ) -> Option<(UnitResult, u64)>;
}

/// Walks one unit of `family` and makes its records (see [`Family::walk_unit`]), with the
/// unit's class and the time its walk took filled in.
pub fn walk_unit<F: Family>(
    family: &F,
    unit: &F::Unit,
    index: u64,
    budget: &UnitBudget,
) -> Option<(UnitResult, u64)> {
    let started = Instant::now();
    let (mut result, bytes) = family.walk_unit(unit, index, budget)?;
    result.class = family.unit_class(unit);
    result.nanos = u64::try_from(started.elapsed().as_nanos()).unwrap_or(u64::MAX);
    Some((result, bytes))
}

/// Walks every unit of `family` from unit `skip` on, on the control's threads, and hands each
/// unit's results to `on_unit` in the units' order. Stops at the control's limits or its
/// cancel flag, or when `on_unit` fails (its error is returned); what was handed over is then
/// a prefix of the units, and [`FamilyRun::units_done`] says where to resume.
///
/// # Errors
/// The first error of `on_unit`; the run stops there.
pub fn enumerate<F: Family, E: Send>(
    family: &F,
    control: &mut SearchControl,
    skip: u64,
    mut on_unit: impl FnMut(&UnitResult) -> Result<(), E>,
) -> Result<FamilyRun, E> {
    control.start_clock();
    let threads = control.threads().max(1);
    let units = Mutex::new(
        family
            .family_units()
            .enumerate()
            .skip(usize::try_from(skip).unwrap_or(usize::MAX)),
    );
    let stop = AtomicBool::new(false);
    let budget = UnitBudget::of(control);
    // Why a worker stopped part-way through a unit, when it did.
    let cut: Mutex<Option<Termination>> = Mutex::new(None);
    let (sender, receiver) = mpsc::sync_channel::<Vec<(UnitResult, u64)>>(threads * 4);
    let mut stats = Stats::default();
    let mut next = skip;
    let mut termination = Termination::Solved;
    let mut failure = None;
    std::thread::scope(|scope| {
        for _ in 0..threads {
            let sender = sender.clone();
            let (units, stop, budget, cut) = (&units, &stop, &budget, &cut);
            scope.spawn(move || {
                while !stop.load(Ordering::Relaxed) {
                    // Units are taken a batch at a time: most are small, and one lock and one
                    // message per unit would cost more than walking it. A poisoned lock means
                    // another worker panicked: stop taking work.
                    let batch: Vec<(usize, F::Unit)> = match units.lock() {
                        Ok(mut units) => units.by_ref().take(BATCH).collect(),
                        Err(_) => break,
                    };
                    if batch.is_empty() {
                        break;
                    }
                    let mut results = Vec::with_capacity(batch.len());
                    for (index, unit) in &batch {
                        if let Some(result) = walk_unit(family, unit, *index as u64, budget) {
                            results.push(result);
                        } else {
                            // The units before it are handed over; none after it is.
                            if let Ok(mut cut) = cut.lock() {
                                *cut = cut.or(budget.spent());
                            }
                            stop.store(true, Ordering::Relaxed);
                            break;
                        }
                    }
                    let whole = results.len() == batch.len();
                    if sender.send(results).is_err() || !whole {
                        break;
                    }
                }
            });
        }
        drop(sender);
        // Results arrive in any order; they are handed over in the units' order. What is held:
        // the results waiting for an earlier unit, and each thread's walk at its largest
        // (a thread keeps its buffers from one unit to the next).
        let mut waiting = BTreeMap::new();
        let mut waiting_bytes = 0u64;
        let mut walk_bytes = 0u64;
        for batch in &receiver {
            for (result, unit_bytes) in batch {
                walk_bytes = walk_bytes.max(unit_bytes);
                waiting_bytes += result_bytes(&result);
                waiting.insert(result.index, result);
            }
            while let Some(result) = waiting.remove(&next) {
                waiting_bytes = waiting_bytes.saturating_sub(result_bytes(&result));
                stats.expanded += result.positions;
                stats.generated += result.positions;
                if let Err(e) = on_unit(&result) {
                    failure = Some(e);
                    break;
                }
                next += 1;
            }
            let held = waiting_bytes + walk_bytes * threads as u64;
            if failure.is_some() {
                stop.store(true, Ordering::Relaxed);
                break;
            }
            if let Some(reason) = control.checkpoint(&mut stats, held) {
                termination = reason;
                stop.store(true, Ordering::Relaxed);
                break;
            }
        }
        // Let blocked workers finish: their results past the stop are dropped.
        stop.store(true, Ordering::Relaxed);
        drop(receiver);
    });
    if let Some(e) = failure {
        return Err(e);
    }
    if termination == Termination::Solved {
        let cut = cut.into_inner().ok().flatten();
        if let Some(reason) = cut {
            termination = reason;
        } else if control.is_cancelled() {
            termination = Termination::Cancelled;
        }
    }
    control.finish(&mut stats);
    Ok(FamilyRun {
        termination,
        units_done: next,
        stats,
    })
}

/// The bytes a unit's result holds while it waits to be handed over.
fn result_bytes(result: &UnitResult) -> u64 {
    let records: usize = result
        .records
        .iter()
        .map(|r| std::mem::size_of::<ClusterRecord>() + r.board.len() + r.histogram.len() * 8)
        .sum();
    (std::mem::size_of::<UnitResult>() + records) as u64
}
