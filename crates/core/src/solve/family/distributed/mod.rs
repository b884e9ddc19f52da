//! One family walked by several processes, on one machine or several, over timely dataflow
//! (the `timely` crate does the connections, the exchange of results and the progress
//! tracking; nothing here speaks to a socket). Feature `distributed`.
//!
//! Every process runs the same family with its own process number; together they are `N ×
//! threads` timely workers. Before the walk, the processes meet once with one worker each
//! (whatever their threads) and compare what they run: the version, the family and the
//! threads a process. Timely needs as many workers on every process, so processes that differ
//! stop there, each saying what differs, rather than in the middle of timely's exchange.
//!
//! The family's units, from a resumed run's first unit on, are cut into batches of `BATCH`
//! in the family's order, and batch `c` is walked by worker `c mod workers` as that worker's
//! round `c / workers`: the split depends on the options alone, and every worker has the same
//! share, give or take a batch. Every unit's result goes to worker 0 (the first thread of
//! process 0), which passes it to process 0's main thread; that thread puts the results back
//! in the units' order and hands them to `on_unit` as the single-machine
//! [`enumerate`](super::enumerate) does, so the listing is the same bytes whatever the
//! processes, threads and resumptions.
//!
//! Orders go to every worker on a second dataflow: `Start`, from worker 0, says where a
//! resumed run starts; `Stop`, from any worker, stops them all after the batch in hand. A
//! worker sends `Stop` when its process is interrupted (Ctrl-C on any machine stops the whole
//! run) or, on process 0, when the main thread stops the run: a limit reached (limits are
//! counted on process 0 only, where the listing is), or a failed write. What was handed over
//! is then a prefix of the units, and process 0 records where to resume, as a single process
//! does.
//!
//! A worker starts its round `r` only once the results of every worker's rounds before `r -
//! WINDOW` have reached worker 0 (timely's progress tracking tells): fast workers wait for
//! slow ones rather than pile up results that process 0 cannot put in order yet.

mod cluster;
mod worker;

use std::collections::BTreeMap;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::Duration;

use timely::WorkerConfig;
use timely::communication::WorkerGuards;

use super::{Family, FamilyRun, UnitResult};
use crate::solve::{SearchControl, Stats, Termination};
pub use cluster::{Cluster, ClusterError, FIRST_PORT};
use cluster::{agree, connect};
use worker::{Event, Item, Part, Setup};

/// Units a worker walks at once: as in the single-machine run, most units are small, and a
/// message per unit would cost more than walking it.
const BATCH: usize = 64;

/// How many rounds a worker may run ahead of the slowest: enough to even out batches of
/// different sizes, few enough that the results waiting to be put in order stay small.
const WINDOW: u64 = 16;

/// How long a waiting worker or main thread sleeps before it looks at the stop flags again:
/// Ctrl-C and the limits are seen within about this.
const TICK: Duration = Duration::from_millis(10);

/// How a process other than 0 ended its part of a shared run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Served {
    /// It walked its whole share; process 0 writes the listing.
    Walked,
    /// The run stopped (a limit on process 0, Ctrl-C on any process): process 0 keeps the
    /// listing so far.
    Stopped,
    /// Ctrl-C came before the run started: nothing was walked.
    Interrupted,
}

/// Walks `family` from unit `skip` on as process 0 of `cluster`, and hands each unit's
/// results to `on_unit` in the units' order, exactly as the single-machine
/// [`enumerate`](super::enumerate) does. `words` names the family, so that processes that run
/// different ones are told. Stops at the control's limits or its cancel flag, when `on_unit`
/// fails, or when another process is interrupted; what was handed over is then a prefix of
/// the units, and [`FamilyRun::units_done`] says where to resume.
///
/// # Errors
/// The first error of `on_unit`; processes that run different things; a process that does
/// not answer or is lost.
pub fn enumerate<F: Spread, E: From<ClusterError>>(
    family: &F,
    words: &str,
    control: &mut SearchControl,
    skip: u64,
    cluster: &Cluster,
    mut on_unit: impl FnMut(&UnitResult) -> Result<(), E>,
) -> Result<FamilyRun, E> {
    let mut stats = Stats::default();
    let Some(running) = Running::start(family, words, control, cluster, Some(skip))? else {
        // Interrupted while waiting for the other processes: nothing was walked.
        control.finish(&mut stats);
        return Ok(FamilyRun {
            termination: Termination::Cancelled,
            units_done: skip,
            stats,
        });
    };
    let (halt, threads) = (Arc::clone(&running.halt), running.threads as u64);
    // Results that came before their turn, with the bytes they hold.
    let mut waiting: BTreeMap<u64, (UnitResult, u64)> = BTreeMap::new();
    let mut waiting_bytes = 0;
    let mut next = skip;
    let mut total = None;
    let mut stopped = None;
    let mut failure = None;
    running.wait(|items| {
        let mut largest = 0;
        for item in items {
            match item {
                Item::Unit(result, bytes) => {
                    largest = largest.max(bytes);
                    let held = held_bytes(&result);
                    waiting_bytes += held;
                    waiting.insert(result.index, (result, held));
                }
                Item::Total(units) => total = Some(units),
            }
        }
        // After a stop, what still arrives is not handed over: the listing ends at the stop.
        if stopped.is_some() || failure.is_some() {
            return;
        }
        while let Some((result, held)) = waiting.remove(&next) {
            waiting_bytes -= held;
            stats.expanded += result.positions;
            stats.generated += result.positions;
            if let Err(e) = on_unit(&result) {
                failure = Some(e);
                halt.store(true, Ordering::Relaxed);
                return;
            }
            next += 1;
        }
        // Memory: the results waiting for their turn, and a walk as large as the largest just
        // done on each of this process's threads (the walks of the others are theirs).
        if let Some(reason) = control.checkpoint(&mut stats, waiting_bytes + largest * threads) {
            stopped = Some(reason);
            halt.store(true, Ordering::Relaxed);
        }
    })?;
    if let Some(e) = failure {
        return Err(e);
    }
    let mut termination = if let Some(reason) = stopped {
        reason
    } else if total == Some(next) {
        Termination::Solved
    } else {
        // Another process stopped the run before every unit came.
        Termination::Cancelled
    };
    // As the single-machine run: a Ctrl-C after the last unit still reports the stop.
    if termination == Termination::Solved && control.is_cancelled() {
        termination = Termination::Cancelled;
    }
    control.finish(&mut stats);
    Ok(FamilyRun {
        termination,
        units_done: next,
        stats,
    })
}

/// Runs a process other than 0 of a shared run: walks its share of `family` (named by
/// `words`, as for [`enumerate`]) and sends the results to process 0, which writes the
/// listing.
///
/// # Errors
/// Processes that run different things; a process that does not answer or is lost.
pub fn serve<F: Spread>(
    family: &F,
    words: &str,
    control: &SearchControl,
    cluster: &Cluster,
) -> Result<Served, ClusterError> {
    let Some(running) = Running::start(family, words, control, cluster, None)? else {
        return Ok(Served::Interrupted);
    };
    let wholes = running.wait(|_| {})?;
    Ok(if wholes.iter().all(|&whole| whole) {
        Served::Walked
    } else {
        Served::Stopped
    })
}

/// The bytes a unit's results hold while they wait for their turn.
fn held_bytes(result: &UnitResult) -> u64 {
    let records: usize = result
        .records
        .iter()
        .map(|r| size_of_val(r) + r.board.len() + size_of_val(r.histogram.as_slice()))
        .sum();
    (size_of::<UnitResult>() + records) as u64
}

/// What must be the same on every process: the version, the family (`words`), the threads a
/// process.
fn describe(words: &str, threads: usize) -> String {
    format!(
        "blockslide {}, {words}, {threads} thread(s) a process",
        env!("CARGO_PKG_VERSION")
    )
}

/// A family that can be spread over processes: every process makes the same one from its
/// own options, and each worker holds a copy.
pub trait Spread: Family + Clone + Send + Sync + 'static {}

impl<F: Family + Clone + Send + Sync + 'static> Spread for F {}

/// This process's workers, running.
struct Running {
    guards: WorkerGuards<()>,
    events: Receiver<Event>,
    threads: usize,
    /// Stops every process's workers (see [`Setup::halt`]).
    halt: Arc<AtomicBool>,
}

impl Running {
    /// Checks that every process runs the same thing, then connects to the other processes
    /// again and starts this one's workers; `None` when Ctrl-C came first. `skip` is known on
    /// process 0 only.
    fn start<F: Spread>(
        family: &F,
        words: &str,
        control: &SearchControl,
        cluster: &Cluster,
        skip: Option<u64>,
    ) -> Result<Option<Running>, ClusterError> {
        let threads = control.threads().max(1);
        let cancel = control.cancel_flag();
        if !agree(cluster, &describe(words, threads), &cancel)? {
            return Ok(None);
        }
        let Some((builders, others)) = connect(cluster.config(threads), &cancel, cluster.patience)?
        else {
            return Ok(None);
        };
        let (sender, events) = mpsc::channel();
        let halt = Arc::new(AtomicBool::new(false));
        let setup = Setup {
            family: family.clone(),
            skip,
            halt: Arc::clone(&halt),
            cancel,
            events: sender,
        };
        let guards = timely::execute::execute_from(
            builders,
            others,
            WorkerConfig::default(),
            move |worker| {
                let whole = Part::new(worker, &setup).run(worker);
                // The main thread counts the outcomes; it is gone only after an error.
                let _ = setup.events.send(Event::Finished { whole });
            },
        )
        .map_err(ClusterError::Connect)?;
        Ok(Some(Running {
            guards,
            events,
            threads,
            halt,
        }))
    }

    /// Waits for every worker of this process, passing `on_items` what worker 0 gathers, and
    /// calling it with nothing at least every few ticks so that the limits are checked while
    /// results are slow to come. Returns, for each worker, whether it walked its whole share.
    fn wait(self, mut on_items: impl FnMut(Vec<Item>)) -> Result<Vec<bool>, ClusterError> {
        let mut wholes = Vec::new();
        let mut take = |event: Event, wholes: &mut Vec<bool>| match event {
            Event::Items(items) => on_items(items),
            Event::Finished { whole } => wholes.push(whole),
        };
        let lost = loop {
            match self.events.recv_timeout(TICK * 10) {
                Ok(event) => take(event, &mut wholes),
                Err(RecvTimeoutError::Timeout) => {
                    take(Event::Items(Vec::new()), &mut wholes);
                    // A worker sends its outcome before its thread ends: a thread that ended
                    // with no outcome in the queue panicked (a lost connection, most often).
                    let ended = self
                        .guards
                        .guards()
                        .iter()
                        .filter(|g| g.is_finished())
                        .count();
                    while let Ok(event) = self.events.try_recv() {
                        take(event, &mut wholes);
                    }
                    if ended > wholes.len() {
                        break true;
                    }
                }
                Err(RecvTimeoutError::Disconnected) => break true,
            }
            if wholes.len() == self.threads {
                break false;
            }
        };
        if lost {
            // Joining would wait for workers stuck on the lost process, and raise the panic of
            // timely's network threads here; the run ends at once with the error instead.
            std::mem::forget(self.guards);
            return Err(ClusterError::Lost);
        }
        // Every worker is done; joining waits for timely to close the connections. A
        // connection that breaks now loses nothing: every result is in.
        let _ = catch_unwind(AssertUnwindSafe(|| self.guards.join()));
        Ok(wholes)
    }
}
