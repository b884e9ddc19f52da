//! The solver choices a user makes (algorithm, heuristic, metric, limits), kept between
//! launches, and the solve requests they describe.

use std::time::Duration;

use std::path::PathBuf;

use serde::{Deserialize, Serialize};

use super::budget::Budget;
use super::search::SearchJob;

use blockslide_core::model::{Metric, Puzzle};
use blockslide_core::solve::api::default_algorithm;
use blockslide_core::solve::{Algorithm, Limits, SolveRequest};

/// The solver choices a user makes; kept between launches.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct SolverSettings {
    /// The algorithm the user chose; `None` follows the solver's default for the puzzle
    /// ([`default_algorithm`]: IDA* on tile boards larger than 4x4, breadth-first search on
    /// block puzzles, A* otherwise). Saved under a name of its own: settings saved before
    /// there was an automatic choice always held A*, chosen or not, and now start automatic.
    #[serde(rename = "chosen_algorithm", with = "algorithm_by_name")]
    pub algorithm: Option<Algorithm>,
    /// The heuristic by name; `None` lets the solver pick the best admissible one.
    pub heuristic: Option<String>,
    /// The move metric lengths are counted in: the open design's own (or the default, step)
    /// when it was opened, unless the user chose another for it since.
    pub metric: Metric,
    /// Weighted A*'s weight (at least 1).
    pub weight: f64,
    /// Stop after this many expansions.
    pub max_nodes: u64,
    /// Stop after this many seconds.
    pub max_seconds: u64,
    /// Stop when the search's data structures would pass this many MiB.
    pub max_memory_mib: u64,
    /// Depth-first search's depth cap, if any.
    pub depth_cap: Option<u32>,
    /// Worker threads for the searches that share their work (IDA* on tile puzzles,
    /// breadth-first search and the analysis on block puzzles); 0 = every core, the default.
    pub threads: usize,
    /// Where the solver caches pattern databases: chosen by whoever starts the app (the
    /// user's cache folder; a test's own folder), never saved with the settings.
    #[serde(skip)]
    pub pdb_cache: Option<PathBuf>,
}

impl Default for SolverSettings {
    fn default() -> Self {
        let limits = Limits::default();
        SolverSettings {
            algorithm: None,
            heuristic: None,
            metric: Metric::Step,
            weight: 1.5,
            max_nodes: limits.max_nodes,
            max_seconds: limits.max_time.as_secs(),
            max_memory_mib: limits.max_memory_bytes >> 20,
            depth_cap: None,
            threads: 0,
            pdb_cache: None,
        }
    }
}

impl SolverSettings {
    /// The limits these settings describe.
    pub fn limits(&self) -> Limits {
        Limits {
            max_nodes: self.max_nodes.max(1),
            max_time: Duration::from_secs(self.max_seconds.max(1)),
            max_memory_bytes: self.max_memory_mib.max(1) << 20,
        }
    }

    /// The limits and threads these settings describe.
    pub fn budget(&self) -> Budget {
        Budget {
            limits: self.limits(),
            threads: self.threads,
        }
    }

    /// The request for `algorithm` with `heuristic` (`None`: the best available) under these
    /// settings' metric, weight and limits.
    pub fn request_for(&self, algorithm: Algorithm, heuristic: Option<String>) -> SolveRequest {
        SolveRequest {
            algorithm,
            heuristic: if algorithm.uses_heuristic() {
                heuristic
            } else {
                None
            },
            weight: if algorithm == Algorithm::Wastar {
                self.weight.max(1.0)
            } else {
                1.0
            },
            metric: Some(self.metric),
            depth_cap: self.depth_cap.filter(|_| algorithm == Algorithm::Dfs),
            pdb_cache: self.pdb_cache.clone(),
        }
    }

    /// The algorithm that runs on `puzzle`: the chosen one, else the solver's default for it.
    pub fn algorithm_for(&self, puzzle: &Puzzle) -> Algorithm {
        self.algorithm
            .unwrap_or_else(|| default_algorithm(puzzle).0)
    }

    /// Why the algorithm that runs on `puzzle` was chosen for the user, when it was the
    /// solver's default and not A*.
    pub fn automatic_reason(&self, puzzle: &Puzzle) -> Option<&'static str> {
        match self.algorithm {
            Some(_) => None,
            None => default_algorithm(puzzle).1,
        }
    }

    /// The search for `puzzle` with the algorithm that runs on it and the chosen heuristic.
    pub fn search(&self, puzzle: &Puzzle) -> SearchJob {
        self.search_for(self.algorithm_for(puzzle), self.heuristic.clone())
    }

    /// The search for `algorithm` with `heuristic` under these settings: the request, with
    /// the settings' budget.
    pub fn search_for(&self, algorithm: Algorithm, heuristic: Option<String>) -> SearchJob {
        SearchJob {
            request: self.request_for(algorithm, heuristic),
            budget: self.budget(),
        }
    }
}

/// Stores a chosen [`Algorithm`] by its stable CLI name, so saved settings survive
/// reordering; `None` (automatic) is stored as an empty name.
mod algorithm_by_name {
    use serde::{Deserialize, Deserializer, Serializer};

    use blockslide_core::solve::Algorithm;

    #[expect(
        clippy::trivially_copy_pass_by_ref,
        clippy::ref_option,
        reason = "serde's `with` hands the field over by reference"
    )]
    pub fn serialize<S: Serializer>(a: &Option<Algorithm>, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(a.map_or("", Algorithm::name))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Algorithm>, D::Error> {
        let name = String::deserialize(d)?;
        if name.is_empty() {
            return Ok(None);
        }
        name.parse().map(Some).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_round_trip_through_ron_by_algorithm_name() {
        let settings = SolverSettings {
            algorithm: Some(Algorithm::Idastar),
            heuristic: Some("manhattan".into()),
            ..SolverSettings::default()
        };
        let text = ron::to_string(&settings).unwrap();
        assert!(text.contains("\"idastar\""), "{text}");
        let back: SolverSettings = ron::from_str(&text).unwrap();
        assert_eq!(back, settings);
        let automatic = SolverSettings::default();
        let text = ron::to_string(&automatic).unwrap();
        assert_eq!(ron::from_str::<SolverSettings>(&text).unwrap(), automatic);
    }

    #[test]
    fn settings_saved_before_the_automatic_choice_start_automatic() {
        // They always held A*, the old default, whether the user chose it or not.
        let old: SolverSettings = ron::from_str("(algorithm: \"astar\", threads: 2)").unwrap();
        assert_eq!(old.algorithm, None);
        assert_eq!(old.threads, 2);
    }

    #[test]
    fn the_algorithm_follows_the_solver_default_unless_chosen() {
        let fifteen = Puzzle::tiles(
            4,
            4,
            &[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 0, 15],
            None,
        )
        .unwrap();
        let mut cells: Vec<u32> = (1..25).collect();
        cells.push(0);
        cells.swap(23, 24);
        let twenty_four = Puzzle::tiles(5, 5, &cells, None).unwrap();
        let blocks = Puzzle::from_rows(&["A A .", ". B ."], &[". . .", ". A A"]).unwrap();
        let automatic = SolverSettings::default();
        assert_eq!(automatic.algorithm_for(&fifteen), Algorithm::Astar);
        assert_eq!(automatic.automatic_reason(&fifteen), None);
        assert_eq!(automatic.algorithm_for(&twenty_four), Algorithm::Idastar);
        assert!(
            automatic
                .automatic_reason(&twenty_four)
                .unwrap()
                .contains("IDA*")
        );
        assert_eq!(
            automatic.search(&twenty_four).request.algorithm,
            Algorithm::Idastar
        );
        assert_eq!(automatic.algorithm_for(&blocks), Algorithm::Bfs);
        let chosen = SolverSettings {
            algorithm: Some(Algorithm::Astar),
            ..SolverSettings::default()
        };
        assert_eq!(chosen.algorithm_for(&twenty_four), Algorithm::Astar);
        assert_eq!(chosen.automatic_reason(&twenty_four), None);
    }

    #[test]
    #[expect(clippy::float_cmp, reason = "weights are copied, never computed")]
    fn uninformed_requests_carry_no_heuristic_and_unit_weight() {
        let settings = SolverSettings {
            weight: 3.0,
            ..SolverSettings::default()
        };
        let bfs = settings.request_for(Algorithm::Bfs, Some("manhattan".into()));
        assert_eq!(bfs.heuristic, None);
        assert_eq!(bfs.weight, 1.0);
        let capped = SolverSettings {
            depth_cap: Some(20),
            ..SolverSettings::default()
        };
        assert_eq!(capped.request_for(Algorithm::Dfs, None).depth_cap, Some(20));
        assert_eq!(capped.request_for(Algorithm::Bfs, None).depth_cap, None);
        let wastar = settings.request_for(Algorithm::Wastar, Some("manhattan".into()));
        assert_eq!(wastar.weight, 3.0);
        assert_eq!(wastar.heuristic.as_deref(), Some("manhattan"));
    }
}
