//! The steps of a solve, written once for every [`PuzzleDomain`] and every observer: plan
//! the request and build its heuristic ([`prepare`]), search ([`Ready::search`]), and fill
//! the report ([`Ready::report`]). [`solve_on`] takes them in turn; a watched solve
//! ([`watch`](super::watch())) takes the same steps, with a search run twice when its trace
//! fills up.

use crate::model::Puzzle;
use crate::solve::algorithms::RunOptions;
use crate::solve::core::{HeuristicError, SearchControl, SearchOutcome};
use crate::solve::observe::{NoObserver, Observer};
use crate::solve::puzzle_domain::PuzzleDomain;

use super::prepare::{plan, run_options};
use super::report::{SolveReport, new_report, record};
use super::request::{SolveError, SolveRequest};

/// A solve after its first steps.
pub(super) enum Prepared<'a, D: PuzzleDomain> {
    /// Ready to search.
    Ready(Ready<'a, D>),
    /// Answered without a search: the domain knows the goal is unreachable, or a limit
    /// stopped the heuristic's build. The report is complete.
    Answered(SolveReport),
}

/// A solve ready to search: its report begun (the heuristic and the notes so far) and its
/// heuristic built.
pub(super) struct Ready<'a, D: PuzzleDomain> {
    domain: &'a D,
    request: &'a SolveRequest,
    report: SolveReport,
    heuristic: D::Heuristic,
    options: RunOptions,
}

/// Plans `request` on `domain` (whose puzzle is `puzzle`; both were checked already) and
/// builds its heuristic under `control`'s limits.
///
/// # Errors
/// [`SolveError::NotApplicable`] when the request does not apply to the domain.
pub(super) fn prepare<'a, D: PuzzleDomain>(
    domain: &'a D,
    puzzle: &Puzzle,
    request: &'a SolveRequest,
    control: &mut SearchControl,
) -> Result<Prepared<'a, D>, SolveError> {
    let mut report = new_report(puzzle, request, D::TYPE);
    let plan = plan(domain, request, &mut report.notes)?;
    report.heuristic = plan.heuristic;
    if let Some(why) = plan.unsolvable {
        report.notes.push(why.to_string());
        return Ok(Prepared::Answered(report));
    }
    let heuristic = match domain.heuristic(&report.heuristic, control, &mut report.notes) {
        Ok(h) => h,
        Err(HeuristicError::Stopped(status)) => {
            report.status = status;
            return Ok(Prepared::Answered(report));
        }
        Err(HeuristicError::NotApplicable(why)) => return Err(SolveError::NotApplicable(why)),
    };
    Ok(Prepared::Ready(Ready {
        domain,
        request,
        report,
        heuristic,
        options: run_options(request),
    }))
}

impl<D: PuzzleDomain> Ready<'_, D> {
    /// Runs the request's search under `control`, reporting every step to `observer`. It
    /// may run more than once (each run starts afresh).
    pub(super) fn search<O: Observer<D::Move>>(
        &self,
        control: &mut SearchControl,
        observer: &mut O,
    ) -> SearchOutcome<D::Move> {
        self.domain.search_observed(
            self.request.algorithm,
            &self.heuristic,
            &self.options,
            control,
            observer,
        )
    }

    /// The solve's report, its search having ended in `outcome`.
    pub(super) fn report(mut self, outcome: &SearchOutcome<D::Move>) -> SolveReport {
        let domain = self.domain;
        record(&mut self.report, self.request, outcome, |p| {
            domain.piece_moves(p)
        });
        self.report.blank_moves = outcome.path.as_deref().and_then(|p| domain.blank_moves(p));
        self.report
    }
}

/// Solves `puzzle` (whose domain is `domain`) as `request` says under `control`; the
/// request and puzzle were checked already.
pub(super) fn solve_on<D: PuzzleDomain>(
    domain: &D,
    puzzle: &Puzzle,
    request: &SolveRequest,
    mut control: SearchControl,
) -> Result<SolveReport, SolveError> {
    Ok(match prepare(domain, puzzle, request, &mut control)? {
        Prepared::Ready(ready) => {
            let outcome = ready.search(&mut control, &mut NoObserver);
            ready.report(&outcome)
        }
        Prepared::Answered(report) => report,
    })
}
