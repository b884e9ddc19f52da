//! What a comparison runs: algorithm + heuristic pairs, and the presets.

use blockslide_core::solve::Algorithm;
use blockslide_core::solve::api::default_heuristic;

use crate::solve::availability::Availability;
use blockslide_core::solve::api::heuristic_title;

/// One algorithm with one heuristic (`None`: the solver's best admissible one).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ComparePair {
    /// The algorithm.
    pub algorithm: Algorithm,
    /// The heuristic by name, for algorithms that use one.
    pub heuristic: Option<String>,
}

impl ComparePair {
    /// A pair; the heuristic is dropped for algorithms that do not use one.
    pub fn new(algorithm: Algorithm, heuristic: Option<&str>) -> Self {
        ComparePair {
            algorithm,
            heuristic: heuristic
                .filter(|_| algorithm.uses_heuristic())
                .map(str::to_owned),
        }
    }

    /// "A* + Manhattan distance", "Breadth-first".
    pub fn title(&self) -> String {
        match &self.heuristic {
            Some(h) => format!("{} + {}", self.algorithm.title(), heuristic_title(h)),
            None if self.algorithm.uses_heuristic() => {
                format!("{} + best", self.algorithm.title())
            }
            None => self.algorithm.title().to_string(),
        }
    }
}

/// The pair's title with the heuristic that will really run on this puzzle, and a note when
/// the chosen one does not apply (so the solver's best is used instead).
pub fn effective_title(
    pair: &ComparePair,
    availability: &Availability,
) -> (String, Option<String>) {
    if !pair.algorithm.uses_heuristic() {
        return (pair.title(), None);
    }
    let best = default_heuristic(&availability.heuristics).to_string();
    let runs = availability
        .effective_heuristic(pair.heuristic.as_deref())
        .unwrap_or_else(|| best.clone());
    let note = pair
        .heuristic
        .as_deref()
        .filter(|chosen| *chosen != runs)
        .map(|chosen| {
            format!(
                "{} does not apply to this puzzle; {} runs instead",
                heuristic_title(chosen),
                heuristic_title(&runs)
            )
        });
    (
        format!("{} + {}", pair.algorithm.title(), heuristic_title(&runs)),
        note,
    )
}

/// The seed notebooks' comparison: BFS, DFS, UCS, greedy and A* (with Manhattan distance
/// where it applies), plus IDA*.
pub fn seed_pairs() -> Vec<ComparePair> {
    vec![
        ComparePair::new(Algorithm::Bfs, None),
        ComparePair::new(Algorithm::Dfs, None),
        ComparePair::new(Algorithm::Ucs, None),
        ComparePair::new(Algorithm::Greedy, Some("manhattan")),
        ComparePair::new(Algorithm::Astar, Some("manhattan")),
        ComparePair::new(Algorithm::Idastar, Some("manhattan")),
    ]
}

/// A* with every heuristic that applies to the puzzle (the assignment notebook's question:
/// which heuristic expands fewer nodes?).
pub fn heuristic_pairs(availability: &Availability) -> Vec<ComparePair> {
    availability
        .heuristics
        .iter()
        .filter(|h| h.applicable.is_ok())
        .map(|h| ComparePair::new(Algorithm::Astar, Some(&h.name)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pairs_drop_heuristics_of_uninformed_algorithms() {
        assert_eq!(
            ComparePair::new(Algorithm::Bfs, Some("manhattan")).heuristic,
            None
        );
        assert_eq!(
            ComparePair::new(Algorithm::Bfs, None).title(),
            "Breadth-first"
        );
        assert_eq!(
            ComparePair::new(Algorithm::Astar, Some("manhattan")).title(),
            "A* + Manhattan distance"
        );
    }
}
