//! The solver choices a user makes (algorithm, heuristic, metric, limits), kept between
//! launches, and the solve requests they describe.

use std::time::Duration;

use serde::{Deserialize, Serialize};

use crate::model::Metric;
use crate::solve::{Algorithm, Limits, SolveRequest};

/// The solver choices a user makes; kept between launches.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct SolverSettings {
    /// The algorithm to run.
    #[serde(with = "algorithm_by_name")]
    pub algorithm: Algorithm,
    /// The heuristic by name; `None` lets the solver pick the best admissible one.
    pub heuristic: Option<String>,
    /// The move metric lengths are counted in.
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
}

impl Default for SolverSettings {
    fn default() -> Self {
        let limits = Limits::default();
        SolverSettings {
            algorithm: Algorithm::Astar,
            heuristic: None,
            metric: Metric::Step,
            weight: 1.5,
            max_nodes: limits.max_nodes,
            max_seconds: limits.max_time.as_secs(),
            max_memory_mib: limits.max_memory_bytes >> 20,
            depth_cap: None,
            threads: 0,
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
            threads: self.threads,
            limits: self.limits(),
        }
    }

    /// The request for the chosen algorithm and heuristic.
    pub fn request(&self) -> SolveRequest {
        self.request_for(self.algorithm, self.heuristic.clone())
    }
}

/// Stores an [`Algorithm`] by its stable CLI name, so saved settings survive reordering.
mod algorithm_by_name {
    use serde::{Deserialize, Deserializer, Serializer};

    use crate::solve::Algorithm;

    #[expect(
        clippy::trivially_copy_pass_by_ref,
        reason = "serde's `with` hands the field over by reference"
    )]
    pub fn serialize<S: Serializer>(a: &Algorithm, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(a.name())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Algorithm, D::Error> {
        let name = String::deserialize(d)?;
        name.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_round_trip_through_ron_by_algorithm_name() {
        let settings = SolverSettings {
            algorithm: Algorithm::Idastar,
            heuristic: Some("manhattan".into()),
            ..SolverSettings::default()
        };
        let text = ron::to_string(&settings).unwrap();
        assert!(text.contains("\"idastar\""), "{text}");
        let back: SolverSettings = ron::from_str(&text).unwrap();
        assert_eq!(back, settings);
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
