//! The textbook search algorithms, one file each, all generic over
//! [`Domain`] and driven by one
//! [`SearchControl`].
//!
//! | Algorithm | Function | Shortest path guaranteed |
//! |---|---|---|
//! | Breadth-first | [`bfs::bfs`] | yes |
//! | Breadth-first in little memory (layers archived as sorted keys) | `lean_bfs::lean_bfs` | yes |
//! | Depth-first (graph search, optional depth cap) | [`dfs::dfs`] | no |
//! | Uniform cost | [`ucs::ucs`] | yes |
//! | Greedy best-first | [`greedy::greedy`] | no |
//! | A* / weighted A* | [`astar::astar`] | iff the heuristic is admissible and w = 1 |
//! | Iterative deepening DFS | [`iddfs::iddfs`] | yes |
//! | IDA* | [`idastar::idastar`] | iff the heuristic is admissible |
//! | Bidirectional BFS | [`bibfs::bibfs`] | yes (needs a single goal state) |
//!
//! The graph searches share the node arena, visited map, memory accounting and statistics
//! counting of `common`; UCS, greedy and A* share one best-first loop. [`run`] dispatches
//! by [`Algorithm`]. Whole-space tools ([`count_space`], [`distance_map`]) live beside
//! BFS; `layers` walks big spaces on sorted packed keys, on every core.

pub mod astar;
mod best_first;
pub mod bfs;
pub mod bibfs;
mod common;
pub mod dfs;
pub mod greedy;
pub mod idastar;
pub mod iddfs;
engine!(layers);
pub(crate) mod lean_bfs;
pub mod ucs;

pub use astar::astar;
pub(crate) use astar::astar_observed;
pub(crate) use bfs::bfs_observed;
pub use bfs::{SpaceWalk, bfs, count_space, distance_map, walk_from};
pub use bibfs::bibfs;
pub(crate) use bibfs::bibfs_observed;
pub use dfs::dfs;
pub(crate) use dfs::dfs_observed;
pub use greedy::greedy;
pub(crate) use greedy::greedy_observed;
pub use idastar::idastar;
pub(crate) use idastar::idastar_observed;
pub use iddfs::iddfs;
pub(crate) use iddfs::iddfs_observed;

pub(crate) use lean_bfs::lean_bfs;
pub use ucs::ucs;
pub(crate) use ucs::ucs_observed;

use std::fmt;
use std::str::FromStr;

use serde::Serialize;

use crate::solve::core::Reason;
use crate::solve::core::{Domain, Heuristic, SearchControl, SearchOutcome};
use crate::solve::observe::Observer;

/// The search algorithms, by their stable CLI names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Algorithm {
    /// Breadth-first search (graph search).
    Bfs,
    /// Depth-first search (graph search, optional depth cap).
    Dfs,
    /// Uniform-cost search.
    Ucs,
    /// Greedy best-first search on the heuristic alone.
    Greedy,
    /// A* search.
    Astar,
    /// Weighted A*: f = g + w·h.
    Wastar,
    /// Iterative-deepening depth-first search.
    Iddfs,
    /// Iterative-deepening A*.
    Idastar,
    /// Bidirectional breadth-first search (needs a complete goal state).
    Bibfs,
}

impl Algorithm {
    /// Every algorithm, in the order menus list them.
    pub const ALL: [Algorithm; 9] = [
        Algorithm::Bfs,
        Algorithm::Dfs,
        Algorithm::Ucs,
        Algorithm::Greedy,
        Algorithm::Astar,
        Algorithm::Wastar,
        Algorithm::Iddfs,
        Algorithm::Idastar,
        Algorithm::Bibfs,
    ];

    /// The stable CLI name (`bfs`, `astar`, ...).
    pub fn name(self) -> &'static str {
        match self {
            Algorithm::Bfs => "bfs",
            Algorithm::Dfs => "dfs",
            Algorithm::Ucs => "ucs",
            Algorithm::Greedy => "greedy",
            Algorithm::Astar => "astar",
            Algorithm::Wastar => "wastar",
            Algorithm::Iddfs => "iddfs",
            Algorithm::Idastar => "idastar",
            Algorithm::Bibfs => "bibfs",
        }
    }

    /// A human title ("Weighted A*").
    pub fn title(self) -> &'static str {
        match self {
            Algorithm::Bfs => "Breadth-first",
            Algorithm::Dfs => "Depth-first",
            Algorithm::Ucs => "Uniform cost",
            Algorithm::Greedy => "Greedy best-first",
            Algorithm::Astar => "A*",
            Algorithm::Wastar => "Weighted A*",
            Algorithm::Iddfs => "Iterative deepening",
            Algorithm::Idastar => "IDA*",
            Algorithm::Bibfs => "Bidirectional BFS",
        }
    }

    /// Whether the algorithm uses a heuristic at all.
    pub fn uses_heuristic(self) -> bool {
        matches!(
            self,
            Algorithm::Greedy | Algorithm::Astar | Algorithm::Wastar | Algorithm::Idastar
        )
    }
}

impl fmt::Display for Algorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Algorithm {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Algorithm::ALL
            .into_iter()
            .find(|a| a.name() == s)
            .ok_or_else(|| {
                let names: Vec<&str> = Algorithm::ALL.iter().map(|a| a.name()).collect();
                format!(
                    "unknown algorithm `{s}`; choose one of {}",
                    names.join(", ")
                )
            })
    }
}

/// Options some algorithms take besides the heuristic.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RunOptions {
    /// Weighted A*'s weight (w >= 1; plain A* always uses 1).
    pub weight: f64,
    /// DFS's depth cap, if any.
    pub depth_cap: Option<u32>,
}

impl Default for RunOptions {
    fn default() -> Self {
        RunOptions {
            weight: 1.0,
            depth_cap: None,
        }
    }
}

/// Whether `algorithm` can run on `domain`.
///
/// # Errors
/// Why it cannot (bidirectional BFS without a single goal state).
pub fn applicable<D: Domain>(algorithm: Algorithm, domain: &D) -> Result<(), Reason> {
    match algorithm {
        Algorithm::Bibfs => domain.goal_state().map(|_| ()).map_err(|reason| {
            Reason::new(format!(
                "bidirectional BFS needs a single complete goal state: {reason}"
            ))
        }),
        _ => Ok(()),
    }
}

/// Whether `algorithm`'s answer is guaranteed shortest, given whether the heuristic is
/// admissible and (for weighted A*) the weight.
pub fn guarantees_optimal(algorithm: Algorithm, admissible: bool, weight: f64) -> bool {
    match algorithm {
        Algorithm::Bfs | Algorithm::Ucs | Algorithm::Iddfs | Algorithm::Bibfs => true,
        Algorithm::Dfs | Algorithm::Greedy => false,
        Algorithm::Astar | Algorithm::Idastar => admissible,
        Algorithm::Wastar => admissible && weight <= 1.0,
    }
}

/// Runs `algorithm` on `domain` with `heuristic` (ignored by uninformed algorithms).
///
/// Plain A* always runs with weight 1; weighted A* uses `options.weight`. Bidirectional BFS
/// on a domain without a single goal state falls back to BFS (same answer); check
/// [`applicable`] first to report it as not applicable instead.
pub fn run<D: Domain, H: Heuristic<D>>(
    algorithm: Algorithm,
    domain: &D,
    heuristic: &H,
    options: &RunOptions,
    control: &mut SearchControl,
) -> SearchOutcome<D::Move> {
    match algorithm {
        Algorithm::Bfs => bfs(domain, control),
        Algorithm::Dfs => dfs(domain, options.depth_cap, control),
        Algorithm::Ucs => ucs(domain, control),
        Algorithm::Greedy => greedy(domain, heuristic, control),
        Algorithm::Astar => astar(domain, heuristic, 1.0, control),
        Algorithm::Wastar => astar(domain, heuristic, options.weight, control),
        Algorithm::Iddfs => iddfs(domain, control),
        Algorithm::Idastar => idastar(domain, heuristic, control),
        Algorithm::Bibfs => bibfs(domain, control).unwrap_or_else(|_| bfs(domain, control)),
    }
}

/// [`run`], reporting every step to `observer` (see [`crate::solve::observe`]). With an
/// active observer, IDDFS and IDA* run on one thread whatever `control`'s threads say, so
/// that their events come in the order of the textbook's recursion.
pub(crate) fn run_observed<D: Domain, H: Heuristic<D>, O: Observer<D::Move>>(
    algorithm: Algorithm,
    domain: &D,
    heuristic: &H,
    options: &RunOptions,
    control: &mut SearchControl,
    observer: &mut O,
) -> SearchOutcome<D::Move> {
    match algorithm {
        Algorithm::Bfs => bfs_observed(domain, control, observer),
        Algorithm::Dfs => dfs_observed(domain, options.depth_cap, control, observer),
        Algorithm::Ucs => ucs_observed(domain, control, observer),
        Algorithm::Greedy => greedy_observed(domain, heuristic, control, observer),
        Algorithm::Astar => astar_observed(domain, heuristic, 1.0, control, observer),
        Algorithm::Wastar => astar_observed(domain, heuristic, options.weight, control, observer),
        Algorithm::Iddfs => iddfs_observed(domain, control, observer),
        Algorithm::Idastar => idastar_observed(domain, heuristic, control, observer),
        Algorithm::Bibfs => bibfs_observed(domain, control, &mut *observer)
            .unwrap_or_else(|_| bfs_observed(domain, control, observer)),
    }
}
