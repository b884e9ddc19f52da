//! Minimality of a hardest start: every piece but the primary car is needed.

use rustc_hash::FxHashSet;

use super::{Geometry, RushHourFamily, Unit};

/// Whether the hardest start `key` of a cluster `moves` from the goal is minimal: taking out
/// any one piece other than the primary car (a vehicle, or a wall) makes it easier (its
/// distance to the goal drops). This depends on the position only, not on any solution a
/// solver picks. The vehicles whose bits are set in `known` (in the unit's order) are known
/// to make it easier and are not searched for (see [`super::Cluster::shortened_without`]).
pub fn is_minimal(family: &RushHourFamily, unit: &Unit, key: u64, moves: u32, known: u32) -> bool {
    if moves == 0 {
        // Nothing is easier than a solved position: only the primary car alone is minimal.
        return unit.vehicles.len() == 1 && unit.walls == 0;
    }
    let depth = moves - 1;
    let geometry = Geometry::new(family, unit);
    let offsets: Vec<usize> = (0..unit.vehicles.len())
        .map(|v| geometry.offset(key, v))
        .collect();
    let vehicles_needed = (0..unit.vehicles.len())
        .filter(|&v| !unit.vehicles[v].primary && known >> v & 1 == 0)
        .all(|removed| {
            let mut vehicles = unit.vehicles.clone();
            vehicles.remove(removed);
            let smaller = Unit {
                walls: unit.walls,
                vehicles,
            };
            let g = Geometry::new(family, &smaller);
            let key = offsets
                .iter()
                .enumerate()
                .filter(|&(v, _)| v != removed)
                .enumerate()
                .fold(0u64, |k, (w, (_, &o))| k | (o as u64) << g.shift(w));
            goal_within(&g, key, depth)
        });
    vehicles_needed
        && (0..64).filter(|w| unit.walls >> w & 1 == 1).all(|w| {
            let opened = Unit {
                walls: unit.walls & !(1 << w),
                vehicles: unit.vehicles.clone(),
            };
            goal_within(&Geometry::new(family, &opened), key, depth)
        })
}

/// Whether a goal position is at most `depth` moves from `key`.
fn goal_within(geometry: &Geometry, key: u64, depth: u32) -> bool {
    /// The search's buffers, kept by each thread from one call to the next.
    #[derive(Default)]
    struct Buffers {
        seen: FxHashSet<u64>,
        layer: Vec<u64>,
        next: Vec<u64>,
    }
    thread_local! {
        static BUFFERS: std::cell::RefCell<Buffers> = std::cell::RefCell::new(Buffers::default());
    }
    if geometry.is_goal(key) {
        return true;
    }
    BUFFERS.with(|buffers| {
        let mut buffers = buffers.borrow_mut();
        let Buffers { seen, layer, next } = &mut *buffers;
        seen.clear();
        layer.clear();
        seen.insert(key);
        layer.push(key);
        for _ in 0..depth {
            let mut found = false;
            next.clear();
            for &k in layer.iter() {
                geometry.neighbours(k, |n| {
                    if seen.insert(n) {
                        found |= geometry.is_goal(n);
                        next.push(n);
                    }
                });
                if found {
                    return true;
                }
            }
            std::mem::swap(layer, next);
        }
        false
    })
}
