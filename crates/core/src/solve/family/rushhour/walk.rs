//! The walk of one unit: its clusters and their distances, in one sweep from the goal.
//!
//! Every goal position of the unit starts one breadth-first search in the move metric
//! (a vehicle slid any distance), all at once, so each position's first visit is at its
//! distance to the nearest goal. The searches that meet are one cluster (a union-find over
//! where they started). What the sweep does not reach is in clusters without a goal; those
//! are only told apart. A last pass in the order of the keys names the clusters by their
//! first position and finds each one's histogram and hardest start. No move graph is kept.
//!
//! The positions one vehicle's slides join are a segment: each of them reaches all the
//! others in one move. A segment is expanded once, from the first of its positions taken
//! from the queue, and marked on all of them (a bit per vehicle), so the others skip it: a
//! later member is no nearer the goal, so it could give no position a shorter distance.

use super::geometry::{Geometry, Placed};
use super::{Cluster, RushHourFamily, Unit, UnitWalk};

/// A distance not yet known.
const UNSEEN: u16 = u16::MAX;

/// A walk's buffers, kept from one unit to the next by each thread: most units are small,
/// and allocating and clearing them for each would cost more than the walk.
#[derive(Default)]
struct Scratch {
    placed: Placed,
    index: Index,
    /// Each position's distance to the nearest goal position, [`UNSEEN`] when none is known.
    distance: Vec<u16>,
    /// The vehicles whose segment through each position has been expanded.
    expanded: Vec<u32>,
    /// The search each position was reached by: the goal it started from (a union-find over
    /// them in `parent`), or past the goals, a cluster without one.
    label: Vec<u32>,
    parent: Vec<u32>,
    queue: Vec<u32>,
    /// Each label's cluster in the order of first positions, when it has been named.
    cluster_of: Vec<u32>,
    /// The walk along shortest solutions ([`moved_on_shortest`]): positions met, each marked
    /// with the walk's number so that no clearing is needed, and the positions to go on from.
    met: Vec<u32>,
    walk_number: u32,
    stack: Vec<u32>,
}

thread_local! {
    static SCRATCH: std::cell::RefCell<Scratch> = std::cell::RefCell::new(Scratch::default());
}

/// An open-addressing table from a position's key to its place in the sorted keys: a few
/// loads where a binary search over the unit's keys takes a dozen.
#[derive(Default)]
struct Index {
    /// Each slot's key ([`Index::EMPTY`] when free) and the key's place, side by side so a
    /// probe touches one cache line.
    slots: Vec<(u64, u32)>,
    /// `slots.len() - 1` (a power of two less one).
    mask: usize,
    /// 64 less the bits of a slot number.
    shift: u32,
}

impl Index {
    /// Never a key: 21 vehicles at three bits take 63 bits.
    const EMPTY: u64 = u64::MAX;

    /// Indexes `keys` (at most `u32::MAX` of them), at most half filling the table.
    fn build(&mut self, keys: &[u64]) {
        let size = (keys.len() * 2).next_power_of_two().max(16);
        self.slots.clear();
        self.slots.resize(size, (Self::EMPTY, 0));
        self.mask = size - 1;
        self.shift = 64 - size.trailing_zeros();
        for (place, &key) in keys.iter().enumerate() {
            let mut slot = self.slot(key);
            while self.slots[slot].0 != Self::EMPTY {
                slot = (slot + 1) & self.mask;
            }
            self.slots[slot] = (key, u32::try_from(place).unwrap_or(u32::MAX));
        }
    }

    #[inline]
    fn slot(&self, key: u64) -> usize {
        (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> self.shift) as usize
    }

    /// The place of `key`, when it is a position of the unit.
    #[inline]
    fn find(&self, key: u64) -> Option<usize> {
        let mut slot = self.slot(key);
        loop {
            let (found, place) = self.slots[slot];
            if found == key {
                return Some(place as usize);
            }
            if found == Self::EMPTY {
                return None;
            }
            slot = (slot + 1) & self.mask;
        }
    }

    fn bytes(&self) -> usize {
        self.slots.capacity() * std::mem::size_of::<(u64, u32)>()
    }
}

/// The slides between a unit's positions, as places in its sorted keys.
struct Segments<'a> {
    geometry: &'a Geometry,
    placed: &'a Placed,
    index: &'a Index,
}

impl Segments<'_> {
    /// Calls `f` with the place of every position one slide from the one at `at`, by the
    /// vehicles whose segment through it is not expanded yet (bits of `expanded`), and marks
    /// that segment expanded on every position it reaches.
    #[inline]
    fn unexpanded(&self, at: usize, expanded: &mut [u32], mut f: impl FnMut(usize)) {
        let (key, occupancy) = (self.placed.keys[at], self.placed.occupancies[at]);
        self.geometry
            .slides(key, occupancy, expanded[at], |vehicle, next| {
                if let Some(next) = self.index.find(next) {
                    expanded[next] |= 1 << vehicle;
                    f(next);
                }
            });
    }
}

/// The root of `label`'s search, halving the path on the way.
fn root(parent: &mut [u32], mut label: u32) -> u32 {
    while parent[label as usize] != label {
        let up = parent[parent[label as usize] as usize];
        parent[label as usize] = up;
        label = up;
    }
    label
}

/// How much of a unit a walk finds.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Reach {
    /// Every cluster, and for those with a goal which vehicles shorten their hardest start
    /// (a family's listing).
    Whole,
    /// The clusters with a goal only, without `shortened_without` (a design search's judge).
    GoalClusters,
}

/// The walk of `unit`; `None` when it has more than `limit` positions (it is then not walked).
pub(super) fn walk_unit(
    family: &RushHourFamily,
    unit: &Unit,
    limit: usize,
    reach: Reach,
) -> Option<UnitWalk> {
    SCRATCH.with(|scratch| match scratch.try_borrow_mut() {
        Ok(mut scratch) => walk_with(family, unit, limit, reach, &mut scratch),
        // Only a walk inside a walk would find it taken; it gets buffers of its own.
        Err(_) => walk_with(family, unit, limit, reach, &mut Scratch::default()),
    })
}

fn walk_with(
    family: &RushHourFamily,
    unit: &Unit,
    limit: usize,
    reach: Reach,
    scratch: &mut Scratch,
) -> Option<UnitWalk> {
    let geometry = Geometry::new(family, unit);
    geometry.place_by_lines(&mut scratch.placed, limit);
    if scratch.placed.keys.len() > limit {
        return None;
    }
    scratch.start();
    let goals = scratch.sweep_from_goals(&geometry);
    if reach == Reach::Whole {
        scratch.label_the_rest(&geometry);
    }
    let mut clusters = scratch.clusters(goals);
    if reach == Reach::Whole {
        for cluster in &mut clusters {
            if let Some(hardest) = cluster.hardest {
                cluster.shortened_without = scratch.moved_on_shortest(&geometry, hardest);
            }
        }
    }
    Some(UnitWalk {
        clusters,
        memory_bytes: scratch.bytes(),
    })
}

impl Scratch {
    /// Indexes the unit's positions (placed in `self.placed`) and clears what the walk marks.
    fn start(&mut self) {
        let positions = self.placed.keys.len();
        self.index.build(&self.placed.keys);
        self.distance.clear();
        self.distance.resize(positions, UNSEEN);
        self.label.clear();
        self.label.resize(positions, u32::MAX);
        self.expanded.clear();
        self.expanded.resize(positions, 0);
        self.parent.clear();
        self.queue.clear();
    }

    /// The sweep from every goal position at once: distances, and labels joined where the
    /// searches meet. Returns how many goal positions there are (their labels come first).
    fn sweep_from_goals(&mut self, geometry: &Geometry) -> usize {
        let keys = &self.placed.keys;
        for (place, &key) in keys.iter().enumerate() {
            if geometry.is_goal(key) {
                let label = u32::try_from(self.parent.len()).unwrap_or(u32::MAX);
                self.parent.push(label);
                self.label[place] = label;
                self.distance[place] = 0;
                self.queue.push(place as u32);
            }
        }
        let goals = self.parent.len();
        let mut head = 0;
        while let Some(&at) = self.queue.get(head) {
            head += 1;
            let at = at as usize;
            let label = self.label[at];
            let further = self.distance[at].saturating_add(1);
            let (distance, labels, parent, queue) = (
                &mut self.distance,
                &mut self.label,
                &mut self.parent,
                &mut self.queue,
            );
            let segments = Segments {
                geometry,
                placed: &self.placed,
                index: &self.index,
            };
            segments.unexpanded(at, &mut self.expanded, |next| {
                if distance[next] == UNSEEN {
                    distance[next] = further;
                    labels[next] = label;
                    queue.push(next as u32);
                } else if labels[next] != label {
                    let (mine, theirs) = (root(parent, label), root(parent, labels[next]));
                    if mine != theirs {
                        parent[mine.max(theirs) as usize] = mine.min(theirs);
                    }
                }
            });
        }
        goals
    }

    /// Labels the clusters the sweep did not reach, one search each.
    fn label_the_rest(&mut self, geometry: &Geometry) {
        let keys = &self.placed.keys;
        for start in 0..keys.len() {
            if self.label[start] != u32::MAX {
                continue;
            }
            let label = u32::try_from(self.parent.len()).unwrap_or(u32::MAX);
            self.parent.push(label);
            self.label[start] = label;
            self.queue.clear();
            self.queue.push(start as u32);
            let mut head = 0;
            while let Some(&at) = self.queue.get(head) {
                head += 1;
                let at = at as usize;
                let (labels, queue) = (&mut self.label, &mut self.queue);
                let segments = Segments {
                    geometry,
                    placed: &self.placed,
                    index: &self.index,
                };
                segments.unexpanded(at, &mut self.expanded, |next| {
                    if labels[next] == u32::MAX {
                        labels[next] = label;
                        queue.push(next as u32);
                    }
                });
            }
        }
    }

    /// The clusters labelled, in the order of their first positions, with their sizes, and for
    /// those with a goal (labels below `goals`) their histograms and hardest starts.
    fn clusters(&mut self, goals: usize) -> Vec<Cluster> {
        let mut clusters: Vec<Cluster> = Vec::new();
        self.cluster_of.clear();
        self.cluster_of.resize(self.parent.len(), u32::MAX);
        for (place, &key) in self.placed.keys.iter().enumerate() {
            let label = self.label[place];
            // Unlabelled only when the walk leaves out the clusters without a goal.
            if label == u32::MAX {
                continue;
            }
            let top = if (label as usize) < goals {
                root(&mut self.parent, label)
            } else {
                label
            } as usize;
            let mut number = self.cluster_of[top] as usize;
            if number == u32::MAX as usize {
                number = clusters.len();
                self.cluster_of[top] = u32::try_from(number).unwrap_or(u32::MAX);
                clusters.push(Cluster {
                    states: 0,
                    histogram: Vec::new(),
                    hardest: None,
                    shortened_without: 0,
                });
            }
            let cluster = &mut clusters[number];
            cluster.states += 1;
            if top < goals {
                // Keys come in increasing order: the first position met at a new greatest
                // distance is the smallest key there.
                let distance = usize::from(self.distance[place]);
                if cluster.histogram.len() <= distance {
                    cluster.histogram.resize(distance + 1, 0);
                    cluster.hardest = Some(key);
                }
                cluster.histogram[distance] += 1;
            }
        }
        clusters
    }

    /// The vehicles that some shortest solution from `hardest` moves, as bits in the unit's
    /// order, the primary car left out; found by following every move from it to a position
    /// one nearer the goal. Taking one of them out shortens the solution (the same moves
    /// less its own solve it), so minimality need not search for it.
    fn moved_on_shortest(&mut self, geometry: &Geometry, hardest: u64) -> u32 {
        let others = geometry.all & !(1 << geometry.primary);
        let Some(start) = self.index.find(hardest) else {
            return 0;
        };
        let positions = self.placed.keys.len();
        if self.met.len() < positions || self.walk_number == u32::MAX {
            self.met.clear();
            self.met.resize(positions, 0);
            self.walk_number = 0;
        }
        self.walk_number += 1;
        let number = self.walk_number;
        let mut moved = 0u32;
        self.stack.clear();
        self.stack.push(start as u32);
        self.met[start] = number;
        while let Some(at) = self.stack.pop() {
            let at = at as usize;
            if self.distance[at] == 0 {
                continue;
            }
            let nearer = self.distance[at] - 1;
            let (index, distance, met, stack) =
                (&self.index, &self.distance, &mut self.met, &mut self.stack);
            let (key, occupancy) = (self.placed.keys[at], self.placed.occupancies[at]);
            geometry.slides(key, occupancy, 0, |vehicle, next| {
                let Some(next) = index.find(next) else { return };
                if distance[next] == nearer {
                    moved |= 1 << vehicle;
                    if met[next] != number {
                        met[next] = number;
                        stack.push(next as u32);
                    }
                }
            });
            if moved & others == others {
                break;
            }
        }
        moved & others
    }

    /// Bytes the buffers hold.
    fn bytes(&self) -> u64 {
        let words = self.label.capacity()
            + self.expanded.capacity()
            + self.parent.capacity()
            + self.queue.capacity()
            + self.cluster_of.capacity()
            + self.met.capacity()
            + self.stack.capacity();
        (self.placed.bytes() + self.index.bytes() + self.distance.capacity() * 2 + words * 4)
            as u64
    }
}
