//! How hard a design is: the hardest start of the component that holds its start, found by a
//! whole-component walk (`analyze`), and for the designs worth keeping a second analysis from
//! that hardest start, which proves its length and counts its optimal solutions.

use std::cmp::Ordering;
use std::fmt;

use crate::model::{Dir, Metric, Puzzle};
use crate::solve::analysis::PathCount;
use crate::solve::api::{AnalyzeReport, analyze, hardest_starts};
use crate::solve::core::{SearchControl, Termination};

/// What a design search maximises.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Objective {
    /// The hardest start's length; ties go to fewer pieces, then to fewer optimal solutions
    /// from the hardest start.
    #[default]
    Length,
    /// The hardest start's decisions: the moves of its shortest solution that are not
    /// forced, a forced move being one made where exactly one piece can move in one direction
    /// other than back the way the previous move came (sliding a car out of a dead end is
    /// padding, not difficulty). Ties as for `Length`, the length first.
    Decisions,
}

impl Objective {
    /// Both objectives.
    pub const ALL: [Objective; 2] = [Objective::Length, Objective::Decisions];

    /// Its name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Objective::Length => "length",
            Objective::Decisions => "decisions",
        }
    }
}

impl fmt::Display for Objective {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A design's hardest start, from one walk of its component.
#[derive(Clone, Debug)]
pub struct Evaluation {
    /// The hardest start's distance to the goal, in the metric.
    pub length: u32,
    /// Positions in the component.
    pub component: u64,
    /// Pieces of the design.
    pub pieces: usize,
    /// One hardest start: the design with its pieces moved there.
    pub hardest: Puzzle,
}

/// Evaluates `design`: the hardest start of its start's component in `metric`, within
/// `control`'s limits. `Ok(None)` when the design does not validate, no goal is reachable
/// or a node or memory limit stopped the walk (too big to judge within the limits: the
/// search passes it by).
///
/// # Errors
/// The termination when the search as a whole must stop: cancelled, or out of time.
pub fn evaluate(
    design: &Puzzle,
    metric: Metric,
    control: SearchControl,
) -> Result<Option<Evaluation>, Termination> {
    // The candidate's own shortest solutions are not needed: only its hardest start, whose
    // proof (for the designs kept) counts them.
    let Ok(report) = hardest_starts(design, metric, control) else {
        return Ok(None);
    };
    let Some(report) = finished(report)? else {
        return Ok(None);
    };
    Ok(report.hardest.map(|h| Evaluation {
        length: h.distance,
        component: h.component,
        pieces: design.pieces().len(),
        hardest: h.position,
    }))
}

/// The analysis of `puzzle`'s component when it finished with a goal in reach; `Ok(None)`
/// when the puzzle does not validate, no goal is reachable or a node or memory limit stopped
/// it.
///
/// # Errors
/// The termination when the search as a whole must stop: cancelled, or out of time.
fn analysed(
    puzzle: &Puzzle,
    metric: Metric,
    control: SearchControl,
) -> Result<Option<AnalyzeReport>, Termination> {
    let Ok(report) = analyze(puzzle, metric, control) else {
        return Ok(None);
    };
    finished(report)
}

/// `report` when it finished with a goal in reach; `Ok(None)` when no goal is reachable or a
/// node or memory limit stopped it.
///
/// # Errors
/// The termination when the search as a whole must stop: cancelled, or out of time.
fn finished(report: AnalyzeReport) -> Result<Option<AnalyzeReport>, Termination> {
    match report.status {
        Termination::Cancelled | Termination::TimeLimit => Err(report.status),
        Termination::Solved => Ok(Some(report)),
        _ => Ok(None),
    }
}

/// A hardest start proved by an analysis of its own.
#[derive(Clone, Debug)]
pub struct Proof {
    /// Its distance to the goal: the length of its shortest solutions.
    pub length: u32,
    /// How many distinct shortest solutions it has.
    pub solutions: PathCount,
    /// Moves of one shortest solution that are not forced (see [`Objective::Decisions`]).
    pub decisions: u32,
}

/// Proves `start`'s distance to the goal by an analysis from it (its shortest solutions
/// counted, one replayed to count its decisions). `Ok(None)` when no goal is reachable or a
/// limit stopped the analysis.
///
/// # Errors
/// The termination when the search as a whole must stop: cancelled, or out of time.
pub fn prove(
    start: &Puzzle,
    metric: Metric,
    control: SearchControl,
) -> Result<Option<Proof>, Termination> {
    let Some(report) = analysed(start, metric, control)? else {
        return Ok(None);
    };
    let (Some(length), Some(solutions)) = (report.start_distance, report.solutions) else {
        return Ok(None);
    };
    let mut position = start.clone();
    let mut decisions = 0;
    let mut back: Option<(crate::model::Token, Dir)> = None;
    for mv in &report.solution {
        if !forced(&position, back) {
            decisions += 1;
        }
        for &dir in &mv.steps {
            if position.step(mv.piece, dir).is_err() {
                return Ok(None);
            }
        }
        back = mv.steps.last().map(|&d| (mv.piece, d.opposite()));
    }
    Ok(Some(Proof {
        length,
        solutions,
        decisions,
    }))
}

/// Whether exactly one piece can move in exactly one direction from `position`, not
/// counting `back` (the way the previous move came).
fn forced(position: &Puzzle, back: Option<(crate::model::Token, Dir)>) -> bool {
    let mut ways = 0;
    for piece in position.pieces() {
        for dir in Dir::ALL {
            if back != Some((piece.token, dir)) && position.can_step(piece.token, dir) {
                ways += 1;
                if ways > 1 {
                    return false;
                }
            }
        }
    }
    ways == 1
}

/// A kept design's standing: larger is better.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rank {
    /// The objective's figure (length, or decisions).
    pub primary: u32,
    /// The length, when the objective is another.
    pub length: u32,
    /// Pieces (fewer is better).
    pub pieces: usize,
    /// Optimal solutions from the hardest start (fewer is better).
    pub solutions: PathCount,
}

impl Ord for Rank {
    fn cmp(&self, other: &Self) -> Ordering {
        self.primary
            .cmp(&other.primary)
            .then(self.length.cmp(&other.length))
            .then(other.pieces.cmp(&self.pieces))
            .then(
                (other.solutions.saturated, other.solutions.value)
                    .cmp(&(self.solutions.saturated, self.solutions.value)),
            )
    }
}

impl PartialOrd for Rank {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
