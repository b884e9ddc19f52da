//! The search step of a solve, written once for every [`PuzzleDomain`] and every observer:
//! plan the request, build the heuristic, search, and fill the report.

use crate::model::Puzzle;
use crate::solve::core::{HeuristicError, SearchControl};
use crate::solve::observe::Observer;
use crate::solve::puzzle_domain::PuzzleDomain;

use super::prepare::{plan, run_options};
use super::report::{SolveReport, new_report, record};
use super::request::{SolveError, SolveRequest};

/// Solves `puzzle` (whose domain is `domain`) as `request` says under `control`, reporting
/// every step of the search to `observer`; the request and puzzle were checked already.
pub(super) fn solve_on<D: PuzzleDomain, O: Observer<D::Move>>(
    domain: &D,
    puzzle: &Puzzle,
    request: &SolveRequest,
    mut control: SearchControl,
    observer: &mut O,
) -> Result<SolveReport, SolveError> {
    let mut report = new_report(puzzle, request, D::TYPE);
    let plan = plan(domain, request, &mut report.notes)?;
    report.heuristic = plan.heuristic;
    if let Some(why) = plan.unsolvable {
        report.notes.push(why.to_string());
        return Ok(report);
    }
    let name = &report.heuristic;
    let heuristic = match domain.heuristic(name, &mut control, &mut report.notes) {
        Ok(h) => h,
        Err(HeuristicError::Stopped(status)) => {
            report.status = status;
            return Ok(report);
        }
        Err(HeuristicError::NotApplicable(why)) => return Err(SolveError::NotApplicable(why)),
    };
    let outcome = domain.search_observed(
        request.algorithm,
        &heuristic,
        &run_options(request),
        &mut control,
        observer,
    );
    record(&mut report, request, &outcome, |p| domain.piece_moves(p));
    report.blank_moves = outcome.path.as_deref().and_then(|p| domain.blank_moves(p));
    Ok(report)
}
