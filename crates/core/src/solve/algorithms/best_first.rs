//! The one best-first loop behind uniform-cost search, greedy best-first search, A* and
//! weighted A*: they differ only in the priority a node is queued with ([`Priority`]).
//!
//! The goal test is made when a node is taken from the queue (as in the seed notebooks, and
//! as A* needs for optimality), so `expanded` counts the notebooks' "states explored".
//! Ties in the priority are broken towards deeper nodes for A* and greedy search (the usual
//! choice: it reaches the goal sooner among equally promising nodes), and first-in
//! first-out for uniform-cost search, which makes it take states in breadth-first order.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use super::common::{Insert, Meter, SearchTree};
use crate::solve::core::{Domain, Heuristic, SearchControl, SearchOutcome, Termination};
use crate::solve::observe::{Fate, Observer};

/// The priority a node is queued with.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Priority {
    /// g: path cost so far (uniform-cost search).
    Cost,
    /// h: the heuristic alone (greedy best-first search).
    Estimate,
    /// g + w·h (A* when w = 1, weighted A* when w > 1).
    Weighted(f64),
}

/// A queue entry. Ordered by `key`, then `tie`, then insertion order (all smallest first,
/// through `Reverse`).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct Entry {
    key: u64,
    tie: u32,
    seq: u64,
    id: u32,
    g: u32,
    h: u32,
}

impl Priority {
    /// The queue key of a node with cost `g` and estimate `h`. Non-negative `f64`s order like
    /// their bit patterns, so weighted keys are exact and totally ordered.
    fn key(self, g: u32, h: u32) -> u64 {
        match self {
            Priority::Cost => u64::from(g),
            Priority::Estimate => u64::from(h),
            Priority::Weighted(_) if self.is_plain_astar() => u64::from(g) + u64::from(h),
            Priority::Weighted(w) => (f64::from(g) + w * f64::from(h)).to_bits(),
        }
    }

    /// Whether this is A* with weight 1 (integer keys, reopening, f-bounds).
    fn is_plain_astar(self) -> bool {
        self == Priority::Weighted(1.0)
    }

    /// The tie-breaker: deeper first, except for uniform-cost search (FIFO).
    fn tie(self, g: u32) -> u32 {
        match self {
            Priority::Cost => 0,
            _ => u32::MAX - g,
        }
    }
}

/// Best-first graph search from `domain`'s start with `priority`.
///
/// A node whose state was already stored is a duplicate, unless (A* with w = 1 only) it was
/// reached by a cheaper path, in which case it is re-queued ("reopened") so an admissible but
/// inconsistent heuristic still yields shortest paths. `optimal` is what the caller can
/// guarantee (it is cleared unless the search solves).
#[expect(
    clippy::too_many_lines,
    reason = "one search loop, read top to bottom; its parts share the open list and the tree"
)]
pub(crate) fn best_first<D: Domain, H: Heuristic<D>, O: Observer<D::Move>>(
    domain: &D,
    heuristic: &H,
    priority: Priority,
    optimal: bool,
    control: &mut SearchControl,
    observer: &mut O,
) -> SearchOutcome<D::Move> {
    let reopen = priority.is_plain_astar();
    let uses_h = priority != Priority::Cost;
    let mut meter = Meter::start(control);
    let mut tree = SearchTree::new(domain);
    let mut heap: BinaryHeap<Reverse<Entry>> = BinaryHeap::new();
    let start = domain.start();
    let h0 = if uses_h {
        heuristic.estimate(domain, &start)
    } else {
        0
    };
    let root = tree.root(start);
    observer.root(root, h0);
    let mut seq = 0u64;
    heap.push(Reverse(Entry {
        key: priority.key(0, h0),
        tie: priority.tie(0),
        seq,
        id: root,
        g: 0,
        h: h0,
    }));
    let heap_bytes = |h: &BinaryHeap<Reverse<Entry>>| (h.len() * size_of::<Entry>()) as u64;
    let mut moves = Vec::new();
    let mut termination = Termination::Unsolvable;
    let mut found = None;
    let mut max_f = 0u32;
    while let Some(&Reverse(entry)) = heap.peek() {
        if entry.g > tree.node(entry.id).g {
            // stale: the node was re-queued with a cheaper path since
            heap.pop();
            continue;
        }
        if let Some(stop) = meter.tick(
            heap.len() as u64,
            tree.len(),
            tree.memory_bytes() + heap_bytes(&heap),
        ) {
            termination = stop;
            break;
        }
        observer.expanded(entry.id, entry.g, entry.h, heap.len() as u64);
        heap.pop();
        let state = tree.node(entry.id).state.clone();
        let stats = &mut meter.stats;
        stats.expanded += 1;
        stats.goal_tests += 1;
        let f = if priority.is_plain_astar() {
            entry.g + entry.h
        } else {
            entry.g
        };
        max_f = max_f.max(f);
        if max_f > stats.depth {
            stats.depth = max_f;
            if matches!(priority, Priority::Cost) || (reopen && optimal) {
                stats.completed_depth = Some(max_f - 1);
            }
        }
        if domain.is_goal(&state) {
            observer.goal(entry.id);
            termination = Termination::Solved;
            found = Some(entry.id);
            break;
        }
        moves.clear();
        domain.moves(&state, &mut moves);
        let g = entry.g + 1;
        for &mv in &moves {
            stats.generated += 1;
            let child = domain.apply(&state, mv);
            let h = if uses_h {
                heuristic.estimate_child(domain, &state, entry.h, mv, &child)
            } else {
                0
            };
            let id = match tree.insert(child, entry.id, Some(mv), g) {
                Insert::New(id) => {
                    observer.generated(entry.id, id, mv, g, h, Fate::Queued);
                    id
                }
                Insert::Seen(id) if reopen && g < tree.node(id).g => {
                    observer.generated(entry.id, id, mv, g, h, Fate::Reopened);
                    tree.reparent(id, entry.id, mv, g);
                    id
                }
                Insert::Seen(id) => {
                    observer.generated(entry.id, id, mv, g, h, Fate::Duplicate);
                    stats.duplicates += 1;
                    continue;
                }
            };
            seq += 1;
            heap.push(Reverse(Entry {
                key: priority.key(g, h),
                tie: priority.tie(g),
                seq,
                id,
                g,
                h,
            }));
        }
    }
    let memory = tree.memory_bytes() + heap_bytes(&heap);
    let path = found.map(|id| tree.path(id));
    meter.finish(
        termination,
        path,
        optimal,
        heap.len() as u64,
        tree.len(),
        memory,
    )
}
