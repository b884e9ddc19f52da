//! One worker's part of a shared run: the orders every worker hears (where to start, when to
//! stop), the results it sends worker 0, and its batches of units, walked in rounds that keep
//! within [`WINDOW`] of the slowest worker's.

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::Sender;

use serde::{Deserialize, Serialize};
use timely::dataflow::operators::vec::Broadcast as _;
use timely::dataflow::operators::{Exchange as _, Input as _, Inspect as _, Probe as _};
use timely::dataflow::{InputHandleVec, ProbeHandle};
use timely::worker::Worker;

use super::{BATCH, Spread, TICK, WINDOW};
use crate::solve::family::{UnitBudget, UnitResult, walk_unit};

/// An order to every worker.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub(super) enum Order {
    /// From worker 0 at the start: the first unit to walk (where a resumed run continues).
    Start { skip: u64 },
    /// Stop after the batch in hand.
    Stop,
}

/// What the workers send worker 0.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub(super) enum Item {
    /// A unit's results, with the bytes its walk held.
    Unit(UnitResult, u64),
    /// The family's number of units, from each worker that got to the end of them.
    Total(u64),
}

/// What a process's workers tell its main thread.
pub(super) enum Event {
    /// Results as worker 0 receives them (process 0 only).
    Items(Vec<Item>),
    /// A worker is done: whether it walked its whole share (or stopped early: Ctrl-C, a limit,
    /// a failed write on process 0).
    Finished { whole: bool },
}

/// What every worker of a process starts from.
pub(super) struct Setup<F> {
    pub(super) family: F,
    /// Where the run starts, on process 0 (which read it from its listing's record); the
    /// others learn it from worker 0's `Start`.
    pub(super) skip: Option<u64>,
    /// Raised by the main thread to stop the run.
    pub(super) halt: Arc<AtomicBool>,
    /// Raised by Ctrl-C.
    pub(super) cancel: Arc<AtomicBool>,
    /// To this process's main thread.
    pub(super) events: Sender<Event>,
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
pub(super) struct Part<'a, F> {
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
    pub(super) fn new(worker: &mut Worker, setup: &'a Setup<F>) -> Part<'a, F> {
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
    pub(super) fn run(mut self, worker: &mut Worker) -> bool {
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
