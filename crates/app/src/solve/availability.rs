//! What the solver can do with the open design, decided without searching: whether the
//! puzzle can be searched at all ([`Verdict`]), and which algorithms and heuristics apply to
//! it under the current settings, with the solver's reason when one does not
//! ([`Availability`]).

use blockslide_core::model::Puzzle;
use blockslide_core::model::validate::{Severity, validate};
use blockslide_core::solve::api::PuzzleProfile;
use blockslide_core::solve::{Algorithm, HeuristicInfo, SolveError, check, heuristics_for};

use super::settings::SolverSettings;
use crate::common::format as fmt;

/// Whether the puzzle can be searched at all, decided without searching.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Nothing prevents a search.
    Ready,
    /// Validation found errors (their messages).
    Invalid(Vec<String>),
    /// A tile puzzle whose goal is unreachable by permutation parity.
    UnsolvableByParity,
    /// The goal marks no cell: every position satisfies it, so a search would "solve" the
    /// puzzle in no moves.
    EmptyGoal,
}

/// What the solver says instead of solving a design whose goal is empty.
pub const EMPTY_GOAL: &str = "The goal is empty: paint the goal in the Goal tab (F2), the cells \
                              the pieces must reach.";

impl Verdict {
    /// The verdict for `puzzle`. Parity comes first: validation reports it too, but it
    /// deserves its own explanation.
    pub fn of(puzzle: &Puzzle) -> Verdict {
        if PuzzleProfile::of(puzzle).unsolvable_by_parity() {
            return Verdict::UnsolvableByParity;
        }
        let errors: Vec<String> = validate(puzzle)
            .into_iter()
            .filter(|d| d.severity == Severity::Error)
            .map(|d| d.message)
            .collect();
        if !errors.is_empty() {
            Verdict::Invalid(errors)
        } else if puzzle.goal.is_empty() {
            // Validation only warns of an empty goal (a design being drawn has none yet), but
            // a search would report a solution of no moves, which answers nothing.
            Verdict::EmptyGoal
        } else {
            Verdict::Ready
        }
    }

    /// What to tell the user instead of searching, if anything.
    pub fn refusal(&self) -> Option<String> {
        match self {
            Verdict::Ready => None,
            Verdict::Invalid(errors) => {
                let errors: Vec<String> = errors.iter().map(|e| fmt::sentence(e)).collect();
                Some(format!(
                    "Cannot solve: the puzzle is not valid. {}.",
                    errors.join(". ").trim_end_matches('.')
                ))
            }
            Verdict::UnsolvableByParity => Some(
                "Unsolvable: the tiles' permutation parity does not match the blank's distance \
                 to its goal cell, so no sequence of moves reaches the goal (decided without \
                 searching)."
                    .to_string(),
            ),
            Verdict::EmptyGoal => Some(EMPTY_GOAL.to_string()),
        }
    }
}

/// Which algorithms and heuristics apply to one revision of the design under one set of
/// solver settings, with reasons.
#[derive(Clone, Debug)]
pub struct Availability {
    revision: u64,
    /// The settings that decided it (see [`deciding`]).
    settings: SolverSettings,
    /// Whether the puzzle can be searched at all.
    pub verdict: Verdict,
    /// Every algorithm, with the reason it does not apply when it does not.
    pub algorithms: Vec<(Algorithm, Result<(), String>)>,
    /// Every heuristic the solver knows for this puzzle and metric.
    pub heuristics: Vec<HeuristicInfo>,
}

impl Availability {
    /// Works out what applies to `puzzle` (the design at `revision`) under `settings`.
    ///
    /// Each algorithm is asked about with the request the settings produce for it, through
    /// the solver's [`check`]: the same answer a solve would give, without searching or
    /// building a heuristic's tables. A puzzle that cannot be searched at all (see
    /// [`Verdict`]) leaves every algorithm enabled: the verdict explains instead.
    pub fn new(revision: u64, puzzle: &Puzzle, settings: &SolverSettings) -> Availability {
        let verdict = Verdict::of(puzzle);
        let heuristics = heuristics_for(puzzle, settings.metric, settings.pdb_cache.as_deref());
        let heuristic = effective_heuristic(&heuristics, settings.heuristic.as_deref());
        let algorithms = Algorithm::ALL
            .into_iter()
            .map(|algorithm| {
                let applies = if verdict == Verdict::Ready {
                    let request = settings.request_for(algorithm, heuristic.clone());
                    match check(puzzle, &request) {
                        Err(SolveError::NotApplicable(reason)) => Err(reason.to_string()),
                        Err(SolveError::Refused(refusal)) => Err(refusal.to_string()),
                        // What validation passes but the engine refuses, the solve explains.
                        Ok(()) | Err(SolveError::Invalid(_) | SolveError::Unsupported(_)) => Ok(()),
                    }
                } else {
                    Ok(())
                };
                (algorithm, applies)
            })
            .collect();
        Availability {
            revision,
            settings: deciding(settings),
            verdict,
            algorithms,
            heuristics,
        }
    }

    /// Whether this holds for the design at `revision` under `settings`: it was worked out
    /// for that revision, under settings that differ at most in what cannot change it.
    pub fn is_for(&self, revision: u64, settings: &SolverSettings) -> bool {
        self.revision == revision && self.settings == deciding(settings)
    }

    /// Why `algorithm` does not apply, if it does not.
    pub fn algorithm_reason(&self, algorithm: Algorithm) -> Option<&str> {
        self.algorithms
            .iter()
            .find(|(a, _)| *a == algorithm)
            .and_then(|(_, r)| r.as_ref().err().map(String::as_str))
    }

    /// The heuristic that will really run for a choice: the chosen one when it applies,
    /// otherwise `None` (the solver's best).
    pub fn effective_heuristic(&self, chosen: Option<&str>) -> Option<String> {
        effective_heuristic(&self.heuristics, chosen)
    }
}

/// The part of `settings` that can change what applies: not the chosen algorithm (every
/// algorithm is asked about) nor the limits (no limit makes a request inapplicable), so
/// dragging a limit or picking another algorithm does not ask the solver again.
fn deciding(settings: &SolverSettings) -> SolverSettings {
    let defaults = SolverSettings::default();
    SolverSettings {
        algorithm: defaults.algorithm,
        max_nodes: defaults.max_nodes,
        max_seconds: defaults.max_seconds,
        max_memory_mib: defaults.max_memory_mib,
        ..settings.clone()
    }
}

fn effective_heuristic(heuristics: &[HeuristicInfo], chosen: Option<&str>) -> Option<String> {
    let name = chosen?;
    heuristics
        .iter()
        .find(|h| h.name == name && h.applicable.is_ok())
        .map(|h| h.name.clone())
}

#[cfg(test)]
mod tests {
    use super::*;
    use blockslide_core::model::Metric;

    #[test]
    fn parity_verdict_refuses_middle_state_4() {
        let p = Puzzle::tiles(
            4,
            4,
            &[1, 2, 3, 4, 5, 6, 7, 8, 0, 9, 10, 11, 12, 13, 14, 15],
            None,
        )
        .unwrap();
        assert_eq!(Verdict::of(&p), Verdict::UnsolvableByParity);
        assert!(Verdict::of(&p).refusal().unwrap().contains("parity"));
        let ok = Puzzle::tiles(2, 3, &[5, 4, 2, 1, 3, 0], None).unwrap();
        assert_eq!(Verdict::of(&ok), Verdict::Ready);
    }

    #[test]
    fn availability_disables_what_does_not_apply_with_a_reason() {
        let klotski = Puzzle::from_rows(
            &["B A A C", "B A A C", "D E E F", "D G H F", "I . . J"],
            &[". . . .", ". . . .", ". . . .", ". A A .", ". A A ."],
        )
        .unwrap();
        let in_moves = SolverSettings {
            metric: Metric::Move,
            ..SolverSettings::default()
        };
        let a = Availability::new(7, &klotski, &in_moves);
        assert_eq!(a.verdict, Verdict::Ready);
        assert!(a.is_for(7, &in_moves));
        assert!(!a.is_for(8, &in_moves), "another revision");
        let in_steps = SolverSettings {
            metric: Metric::Step,
            ..in_moves.clone()
        };
        assert!(!a.is_for(7, &in_steps), "another metric");
        let other_algorithm_and_limits = SolverSettings {
            algorithm: Some(Algorithm::Bfs),
            max_nodes: 10,
            max_seconds: 1,
            ..in_moves.clone()
        };
        assert!(
            a.is_for(7, &other_algorithm_and_limits),
            "every algorithm is asked about, and no limit makes a request inapplicable"
        );
        let reason = a
            .algorithm_reason(Algorithm::Bibfs)
            .expect("a partial goal rules out bidirectional search");
        assert!(!reason.is_empty());
        assert_eq!(a.algorithm_reason(Algorithm::Bfs), None);
        assert_eq!(a.algorithm_reason(Algorithm::Idastar), None);
        assert!(
            a.heuristics
                .iter()
                .any(|h| h.applicable.as_ref().is_err_and(|r| !r.as_str().is_empty())),
            "some heuristic (pattern databases) does not apply to blocks, with a reason"
        );
        assert_eq!(a.effective_heuristic(Some("no such heuristic")), None);

        let tiles = Puzzle::tiles(2, 3, &[5, 4, 2, 1, 3, 0], None).unwrap();
        let a = Availability::new(1, &tiles, &SolverSettings::default());
        for algorithm in Algorithm::ALL {
            assert_eq!(
                a.algorithm_reason(algorithm),
                None,
                "{algorithm} applies to tiles"
            );
        }
        assert_eq!(
            a.effective_heuristic(Some("manhattan")).as_deref(),
            Some("manhattan")
        );
    }

    #[test]
    fn a_puzzle_that_cannot_be_searched_leaves_every_algorithm_to_its_verdict() {
        let middle4 = Puzzle::tiles(
            4,
            4,
            &[1, 2, 3, 4, 5, 6, 7, 8, 0, 9, 10, 11, 12, 13, 14, 15],
            None,
        )
        .unwrap();
        let a = Availability::new(1, &middle4, &SolverSettings::default());
        assert_eq!(a.verdict, Verdict::UnsolvableByParity);
        assert!(a.algorithms.iter().all(|(_, applies)| applies.is_ok()));
    }
}
