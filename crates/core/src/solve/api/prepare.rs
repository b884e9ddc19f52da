//! The checks and choices the front door makes before any search: the puzzle validates, the
//! request's numbers are sane, the heuristic is known and applies, the algorithm can run.

use crate::model::Puzzle;
use crate::model::validate::{Diagnostic, FindingKind, Severity, validate};
use crate::solve::algorithms::{self, Algorithm, RunOptions};
use crate::solve::core::HeuristicInfo;
use crate::solve::puzzle_domain::PuzzleDomain;

use super::profile::PuzzleProfile;
use super::request::{SolveError, SolveRequest};

/// Refuses puzzles with validation errors, listing every error.
///
/// A tile puzzle that parity makes unsolvable is not refused: the solver answers it with
/// status `Unsolvable` (and `count` still counts its reachable half of the space), so
/// validation's parity finding is skipped for it.
pub(crate) fn check_valid(puzzle: &Puzzle) -> Result<(), SolveError> {
    let parity_unsolvable = PuzzleProfile::of(puzzle).unsolvable_by_parity();
    let errors: Vec<Diagnostic> = validate(puzzle)
        .into_iter()
        .filter(|d| d.severity == Severity::Error)
        .filter(|d| !(parity_unsolvable && is_parity_finding(d)))
        .collect();
    if errors.is_empty() {
        Ok(())
    } else {
        Err(SolveError::Invalid(errors))
    }
}

/// Whether `d` is validation's "this tile puzzle cannot be solved" finding (parity, or tiles
/// that cannot pass each other on one row or column).
fn is_parity_finding(d: &Diagnostic) -> bool {
    d.kind == FindingKind::TileParity
}

/// The heuristic a request runs with, after checking it applies. Uninformed algorithms run
/// with `zero` (a note says when a requested heuristic is ignored).
pub(super) fn choose_heuristic(
    request: &SolveRequest,
    infos: &[HeuristicInfo],
    notes: &mut Vec<String>,
) -> Result<String, SolveError> {
    if request.algorithm == Algorithm::Astar && (request.weight - 1.0).abs() > f64::EPSILON {
        notes.push(format!(
            "A* always runs with weight 1; the weight {} applies to weighted A* (wastar)",
            request.weight
        ));
    }
    if !request.algorithm.uses_heuristic() {
        if let Some(name) = request.heuristic.as_deref().filter(|&n| n != "zero") {
            notes.push(format!(
                "{} does not use a heuristic; `{name}` was ignored",
                request.algorithm.title()
            ));
        }
        return Ok("zero".to_string());
    }
    let Some(name) = request.heuristic.as_deref() else {
        return Ok(default_heuristic(infos).to_string());
    };
    let Some(info) = infos.iter().find(|h| h.name == name) else {
        let names: Vec<&str> = infos.iter().map(|h| h.name.as_str()).collect();
        return Err(SolveError::not_applicable(format!(
            "unknown heuristic `{name}` for this puzzle; choose one of {}",
            names.join(", ")
        )));
    };
    if let Err(reason) = &info.applicable {
        return Err(SolveError::not_applicable(format!(
            "heuristic `{name}` does not apply to this puzzle: {reason}"
        )));
    }
    Ok(name.to_string())
}

/// Checks the request's own numbers.
pub(super) fn check_request(request: &SolveRequest) -> Result<(), SolveError> {
    if request.algorithm == Algorithm::Wastar
        && !(request.weight >= 1.0 && request.weight.is_finite())
    {
        return Err(SolveError::not_applicable(format!(
            "the weight of weighted A* must be a number >= 1, not {}",
            request.weight
        )));
    }
    Ok(())
}

/// The options the request gives the algorithm.
pub(super) fn run_options(request: &SolveRequest) -> RunOptions {
    RunOptions {
        weight: request.weight,
        depth_cap: request.depth_cap,
    }
}

/// What the front door decides before any search: the heuristic the request runs with, and
/// whether the domain already knows the goal is unreachable.
pub(super) struct Plan {
    /// The heuristic the request runs with.
    pub heuristic: String,
    /// Why the goal is unreachable, when the domain knows without searching.
    pub unsolvable: Option<&'static str>,
}

/// Checks that `request` applies to `domain` and plans it; notes for the user go to `notes`.
pub(super) fn plan<D: PuzzleDomain>(
    domain: &D,
    request: &SolveRequest,
    notes: &mut Vec<String>,
) -> Result<Plan, SolveError> {
    let heuristic = choose_heuristic(
        request,
        &domain.heuristics(request.heuristic.as_deref()),
        notes,
    )?;
    let unsolvable = domain.unsolvable_without_search();
    if unsolvable.is_none() {
        algorithms::applicable(request.algorithm, domain).map_err(SolveError::not_applicable)?;
    }
    Ok(Plan {
        heuristic,
        unsolvable,
    })
}

/// The name of the heuristic used when none is requested: the first admissible, applicable
/// entry of [`heuristics_for`](super::heuristics_for) (`zero` if there is none).
pub fn default_heuristic(infos: &[HeuristicInfo]) -> &str {
    infos
        .iter()
        .find(|h| h.admissible && h.applicable.is_ok())
        .map_or("zero", |h| h.name.as_str())
}
