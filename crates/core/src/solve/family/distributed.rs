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
//! The family's units, from a resumed run's first unit on, are cut into batches of [`BATCH`]
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

use std::any::Any;
use std::cell::RefCell;
use std::collections::BTreeMap;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};
use timely::communication::{AllocatorBuilder, WorkerGuards};
use timely::dataflow::operators::vec::Broadcast as _;
use timely::dataflow::operators::{Exchange as _, Input as _, Inspect as _, Probe as _};
use timely::dataflow::{InputHandleVec, ProbeHandle};
use timely::worker::Worker;
use timely::{CommunicationConfig, WorkerConfig};

use super::{Family, FamilyRun, UnitBudget, UnitResult, walk_unit};
use crate::solve::{SearchControl, Stats, Termination};

/// Units a worker walks at once: as in the single-machine run, most units are small, and a
/// message per unit would cost more than walking it.
const BATCH: usize = 64;

/// How many rounds a worker may run ahead of the slowest: enough to even out batches of
/// different sizes, few enough that the results waiting to be put in order stay small.
const WINDOW: u64 = 16;

/// How long a waiting worker or main thread sleeps before it looks at the stop flags again:
/// Ctrl-C and the limits are seen within about this.
const TICK: Duration = Duration::from_millis(10);

/// The first port of timely's default addresses (`localhost:2101`, `localhost:2102`, ...).
pub const FIRST_PORT: usize = 2101;

/// The processes that share a run, and this one's place among them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cluster {
    /// This process's number, from 0; process 0 keeps the listing.
    process: usize,
    /// Every process's address, `host:port`, process 0's first.
    addresses: Vec<String>,
    /// How long a process waits for the others before it gives up.
    patience: Duration,
}

/// Why the processes cannot share a run.
#[derive(Debug, thiserror::Error)]
pub enum ClusterError {
    /// The process number is not below the number of processes.
    #[error(
        "--process {process} is not one of the {processes} processes of --processes: they are \
         numbered 0 to {}",
        processes.saturating_sub(1)
    )]
    NoSuchProcess {
        /// The number given.
        process: usize,
        /// The number of processes.
        processes: usize,
    },
    /// The host file cannot be read.
    #[error("cannot read --hostfile {}: {source}", path.display())]
    HostFile {
        /// The host file.
        path: PathBuf,
        /// The system's reason.
        source: std::io::Error,
    },
    /// The host file names fewer addresses than processes.
    #[error(
        "--hostfile {} gives {given} address(es) for {processes} processes: write one \
         host:port a line, process 0's first",
        path.display()
    )]
    TooFewAddresses {
        /// The host file.
        path: PathBuf,
        /// The addresses it gives.
        given: usize,
        /// The number of processes.
        processes: usize,
    },
    /// An address without a host or a valid port.
    #[error(
        "`{address}` is no process address: write one host:port a line, with a port from 1 to \
         65535"
    )]
    BadAddress {
        /// The address as written.
        address: String,
    },
    /// The other processes did not answer in time.
    #[error(
        "no answer from the other processes within {} s (--connect-timeout): start every \
         process with the same --processes and --hostfile, process 0 first",
        patience.as_secs()
    )]
    NoAnswer {
        /// How long this process waited.
        patience: Duration,
    },
    /// Timely could not connect or start its workers.
    #[error("cannot connect to the other processes: {0}")]
    Connect(String),
    /// The processes run different versions, families or threads.
    #[error(
        "the processes run different things; process 0: {first}; process {process}: {other}. \
         Start every process with the same binary, family options and --threads"
    )]
    Different {
        /// What process 0 runs.
        first: String,
        /// The first process that runs something else.
        process: usize,
        /// What it runs.
        other: String,
    },
    /// A process failed or its connection broke during the run.
    #[error(
        "a process of the run failed or was lost (see above); what was listed is kept: start \
         every process again, process 0 with --resume"
    )]
    Lost,
}

impl Cluster {
    /// Process `process` of `processes`, at the addresses of `hostfile` (one `host:port` a
    /// line, process 0's first; blank lines and spaces around an address are forgiven) or at
    /// `localhost:2101`, `localhost:2102`, ... Everything is checked here, before a process
    /// touches a file, so a run that cannot start leaves nothing behind.
    ///
    /// # Errors
    /// A process number out of range, an unreadable host file, too few addresses, or an
    /// address without a host or a port from 1 to 65535.
    pub fn new(
        processes: usize,
        process: usize,
        hostfile: Option<&Path>,
        patience: Duration,
    ) -> Result<Cluster, ClusterError> {
        if process >= processes {
            return Err(ClusterError::NoSuchProcess { process, processes });
        }
        let addresses = match hostfile {
            Some(path) => {
                let text =
                    std::fs::read_to_string(path).map_err(|source| ClusterError::HostFile {
                        path: path.to_path_buf(),
                        source,
                    })?;
                // Timely would take a blank line or spaces for part of an address.
                let addresses: Vec<String> = text
                    .lines()
                    .map(str::trim)
                    .filter(|line| !line.is_empty())
                    .take(processes)
                    .map(str::to_string)
                    .collect();
                if addresses.len() < processes {
                    return Err(ClusterError::TooFewAddresses {
                        path: path.to_path_buf(),
                        given: addresses.len(),
                        processes,
                    });
                }
                addresses
            }
            None => (0..processes)
                .map(|i| format!("localhost:{}", FIRST_PORT + i))
                .collect(),
        };
        if let Some(address) = addresses.iter().find(|a| port_of(a).is_none()) {
            return Err(ClusterError::BadAddress {
                address: address.clone(),
            });
        }
        Ok(Cluster {
            process,
            addresses,
            patience,
        })
    }

    /// This process's number.
    pub fn process(&self) -> usize {
        self.process
    }

    /// The number of processes.
    pub fn processes(&self) -> usize {
        self.addresses.len()
    }

    /// Timely's configuration of this process, with `threads` workers.
    fn config(&self, threads: usize) -> CommunicationConfig {
        CommunicationConfig::Cluster {
            threads,
            process: self.process,
            addresses: self.addresses.clone(),
            report: false,
            zerocopy: false,
        }
    }
}

/// The port of `host:port`, when there is a host and a port from 1 to 65535.
fn port_of(address: &str) -> Option<u16> {
    address
        .rsplit_once(':')
        .filter(|(host, _)| !host.is_empty())
        .and_then(|(_, port)| port.parse::<u16>().ok())
        .filter(|&port| port > 0)
}

/// An order to every worker.
#[derive(Clone, Debug, Serialize, Deserialize)]
enum Order {
    /// From worker 0 at the start: the first unit to walk (where a resumed run continues).
    Start { skip: u64 },
    /// Stop after the batch in hand.
    Stop,
}

/// What the workers send worker 0.
#[derive(Clone, Debug, Serialize, Deserialize)]
enum Item {
    /// A unit's results, with the bytes its walk held.
    Unit(UnitResult, u64),
    /// The family's number of units, from each worker that got to the end of them.
    Total(u64),
}

/// What a process's workers tell its main thread.
enum Event {
    /// Results as worker 0 receives them (process 0 only).
    Items(Vec<Item>),
    /// A worker is done: whether it walked its whole share (or stopped early: Ctrl-C, a limit,
    /// a failed write on process 0).
    Finished { whole: bool },
}

/// What every worker of a process starts from.
struct Setup<F> {
    family: F,
    /// Where the run starts, on process 0 (which read it from its listing's record); the
    /// others learn it from worker 0's `Start`.
    skip: Option<u64>,
    /// Raised by the main thread to stop the run.
    halt: Arc<AtomicBool>,
    /// Raised by Ctrl-C.
    cancel: Arc<AtomicBool>,
    /// To this process's main thread.
    events: Sender<Event>,
}

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

/// Whether every process runs what `run` describes: the processes meet with one worker each
/// (timely needs as many workers on every process, which is what may differ) and each hears
/// every other's description. `Ok(false)` when Ctrl-C came first.
///
/// # Errors
/// The first process whose description differs from process 0's; a process that does not
/// answer or is lost.
fn agree(cluster: &Cluster, run: &str, cancel: &Arc<AtomicBool>) -> Result<bool, ClusterError> {
    let Some((builders, others)) = connect(cluster.config(1), cancel, cluster.patience)? else {
        return Ok(false);
    };
    let (mine, patience) = (run.to_string(), cluster.patience);
    let cancelled = Arc::clone(cancel);
    let guards =
        timely::execute::execute_from(builders, others, WorkerConfig::default(), move |worker| {
            let mut input = InputHandleVec::new();
            let probe = ProbeHandle::new();
            let heard = Rc::new(RefCell::new(Vec::new()));
            let ear = Rc::clone(&heard);
            worker.dataflow::<u64, _, _>(|scope| {
                scope
                    .input_from(&mut input)
                    .broadcast()
                    .inspect(move |said: &(usize, String)| ear.borrow_mut().push(said.clone()))
                    .probe_with(&probe);
            });
            input.send((worker.index(), mine.clone()));
            input.close();
            let started = Instant::now();
            while !probe.done()
                && !cancelled.load(Ordering::Relaxed)
                && started.elapsed() < patience
            {
                worker.step_or_park(Some(TICK));
            }
            heard.take()
        })
        .map_err(ClusterError::Connect)?;
    let heard = catch_unwind(AssertUnwindSafe(|| guards.join()))
        .ok()
        .and_then(|mut results| results.pop())
        .and_then(Result::ok)
        .ok_or(ClusterError::Lost)?;
    if cancel.load(Ordering::Relaxed) {
        return Ok(false);
    }
    let mut runs: Vec<(usize, String)> = heard;
    runs.sort();
    if runs.len() < cluster.processes() {
        return Err(ClusterError::Lost);
    }
    let first = runs[0].1.clone();
    match runs.into_iter().find(|(_, other)| *other != first) {
        Some((process, other)) => Err(ClusterError::Different {
            first,
            process,
            other,
        }),
        None => Ok(true),
    }
}

/// What timely's connections give: a channel builder for each worker of this process, and the
/// network threads' guard.
type Connected = (Vec<AllocatorBuilder>, Box<dyn Any + Send>);

/// Timely's connections to the other processes, made on a thread of their own: timely waits
/// for every process to come up, and Ctrl-C must still end that wait (`None` then).
fn connect(
    config: CommunicationConfig,
    cancel: &AtomicBool,
    patience: Duration,
) -> Result<Option<Connected>, ClusterError> {
    let started = Instant::now();
    let (sender, built) = mpsc::channel();
    std::thread::Builder::new()
        .name("blockslide-connect".to_string())
        .spawn(move || {
            // The receiver is gone only after Ctrl-C, when the run is ending.
            let _ = sender.send(config.try_build());
        })
        .map_err(|e| ClusterError::Connect(e.to_string()))?;
    loop {
        match built.recv_timeout(TICK * 10) {
            Ok(result) => return result.map(Some).map_err(ClusterError::Connect),
            Err(RecvTimeoutError::Timeout) if cancel.load(Ordering::Relaxed) => return Ok(None),
            // The connecting thread retries for ever (timely's way): the wait is bounded here,
            // and the process ends with the thread still trying.
            Err(RecvTimeoutError::Timeout) if started.elapsed() >= patience => {
                return Err(ClusterError::NoAnswer { patience });
            }
            Err(RecvTimeoutError::Timeout) => {}
            Err(RecvTimeoutError::Disconnected) => {
                return Err(ClusterError::Connect("see above".to_string()));
            }
        }
    }
}

/// The orders a worker has heard.
#[derive(Default)]
struct Heard {
    start: Option<u64>,
    stop: bool,
}

impl Heard {
    /// Keeps an order.
    fn hear(&mut self, order: &Order) {
        match order {
            Order::Start { skip } => self.start = Some(*skip),
            Order::Stop => self.stop = true,
        }
    }
}

/// One worker's part of the run: its two inputs, the orders it heard, and the progress of the
/// orders and of the results towards worker 0.
struct Part<'a, F> {
    setup: &'a Setup<F>,
    orders: InputHandleVec<u64, Order>,
    items: InputHandleVec<u64, Item>,
    heard: Rc<RefCell<Heard>>,
    /// Done once every worker closed its orders and all were heard.
    orders_heard: ProbeHandle<u64>,
    probe: ProbeHandle<u64>,
    /// Whether this worker sent `Stop`.
    stopping: bool,
}

impl<'a, F: Spread> Part<'a, F> {
    /// Builds the worker's two dataflows (every worker builds the same, in the same order).
    fn new(worker: &mut Worker, setup: &'a Setup<F>) -> Part<'a, F> {
        let mut orders = InputHandleVec::new();
        let mut items = InputHandleVec::new();
        let heard = Rc::new(RefCell::new(Heard::default()));
        let orders_heard = ProbeHandle::new();
        let probe = ProbeHandle::new();
        let ear = Rc::clone(&heard);
        worker.dataflow::<u64, _, _>(|scope| {
            scope
                .input_from(&mut orders)
                .broadcast()
                .inspect(move |order: &Order| ear.borrow_mut().hear(order))
                .probe_with(&orders_heard);
        });
        let gather = (worker.index() == 0).then(|| setup.events.clone());
        worker.dataflow::<u64, _, _>(|scope| {
            scope
                .input_from(&mut items)
                .exchange(|_: &Item| 0)
                .inspect_core(move |event| {
                    if let (Some(events), Ok((_, items))) = (&gather, event) {
                        // Inspecting lends the batch; the copy is small beside the walks that
                        // made it. The main thread is gone only after an error.
                        let _ = events.send(Event::Items(items.clone()));
                    }
                })
                .probe_with(&probe);
        });
        Part {
            setup,
            orders,
            items,
            heard,
            orders_heard,
            probe,
            stopping: false,
        }
    }

    /// The worker's whole part: start, walk its share, wait until every result is in.
    /// Whether it walked its whole share.
    fn run(mut self, worker: &mut Worker) -> bool {
        if worker.index() == 0
            && let Some(skip) = self.setup.skip
        {
            self.orders.send(Order::Start { skip });
            self.orders.flush();
        }
        let whole = match self.started(worker) {
            Some(skip) => self.walk(worker, skip),
            None => false,
        };
        // Results go on reaching worker 0 until every worker closed its input; a stop asked
        // for meanwhile still reaches the workers that are walking.
        std::mem::take(&mut self.items).close();
        while !self.probe.done() {
            self.stopped();
            worker.step_or_park(Some(TICK));
        }
        std::mem::take(&mut self.orders).close();
        while !self.orders_heard.done() {
            worker.step_or_park(Some(TICK));
        }
        whole
    }

    /// Waits for worker 0's `Start`: where to start; `None` when the run stops first.
    fn started(&mut self, worker: &mut Worker) -> Option<u64> {
        loop {
            if self.stopped() {
                return None;
            }
            if let Some(skip) = self.heard.borrow().start {
                return Some(skip);
            }
            worker.step_or_park(Some(TICK));
        }
    }

    /// Walks this worker's batches, from unit `skip` on: whether it walked them all.
    fn walk(&mut self, worker: &mut Worker, skip: u64) -> bool {
        let (index, peers) = (worker.index(), worker.peers());
        let family = &self.setup.family;
        let budget = UnitBudget::cancelled_by(Arc::clone(&self.setup.cancel));
        // Every worker runs through all the units (cheap beside walking them) and keeps its
        // own batches, so no one has to deal them out.
        let mut units = family
            .family_units()
            .enumerate()
            .skip(usize::try_from(skip).unwrap_or(usize::MAX));
        let mut total = skip;
        for chunk in 0_usize.. {
            if chunk % peers != index {
                let passed = units.by_ref().take(BATCH).count();
                total += passed as u64;
                if passed < BATCH {
                    break;
                }
                continue;
            }
            let batch: Vec<_> = units.by_ref().take(BATCH).collect();
            total += batch.len() as u64;
            if batch.is_empty() {
                break;
            }
            let round = (chunk / peers) as u64;
            self.items.advance_to(round);
            while self.probe.less_than(&round.saturating_sub(WINDOW)) && !self.stopped() {
                worker.step_or_park(Some(TICK));
            }
            if self.stopped() {
                return false;
            }
            for (i, unit) in &batch {
                // Ctrl-C on this machine stops a long unit part-way; the unit is then not
                // sent, and the listing ends before it.
                let Some((result, bytes)) = walk_unit(family, unit, *i as u64, &budget) else {
                    self.items.flush();
                    self.stop();
                    return false;
                };
                self.items.send(Item::Unit(result, bytes));
            }
            self.items.flush();
            worker.step();
            if batch.len() < BATCH {
                break;
            }
        }
        self.items.send(Item::Total(total));
        true
    }

    /// Whether the run is stopping: this process asked (Ctrl-C, or the main thread), which
    /// this worker then tells every other, or another worker did.
    fn stopped(&mut self) -> bool {
        if self.setup.halt.load(Ordering::Relaxed) || self.setup.cancel.load(Ordering::Relaxed) {
            self.stop();
        }
        self.stopping || self.heard.borrow().stop
    }

    /// Tells every worker to stop (once).
    fn stop(&mut self) {
        if !self.stopping {
            self.stopping = true;
            self.orders.send(Order::Stop);
            self.orders.flush();
        }
    }
}
