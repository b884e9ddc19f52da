//! The object of a run of suggestions: the design's own figures and every one-step edit with
//! what it does, best first.

use serde::Serialize;

use crate::solve::design::{Figures, SuggestReport, Suggestion};

/// A design's figures: its hardest start and start length (lower bounds when not exact).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DesignFigures {
    hardest: Option<u32>,
    start_length: Option<u32>,
    component: u64,
    solvable: Option<bool>,
    exact: bool,
}

impl DesignFigures {
    fn new(figures: &Figures) -> Self {
        DesignFigures {
            hardest: figures.hardest,
            start_length: figures.start_length,
            component: figures.component,
            solvable: figures.solvable,
            exact: figures.exact,
        }
    }
}

/// One edit and what it does. `file` is where a front end saved the edited design, `null`
/// until it says so ([`Suggest::with_files`]); `hardest` is `null` when no goal position is
/// reachable (or nothing is known), `start_length` when the edited start is unsolvable (or not
/// known); `exact` is false when a limit stopped either figure, which are then lower bounds.
/// `hardest_change` and `start_length_change` are the differences from the design's own
/// figures, when both are known.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SuggestedEdit {
    file: Option<String>,
    edit: String,
    change: &'static str,
    hardest: Option<u32>,
    start_length: Option<u32>,
    exact: bool,
    solvable: Option<bool>,
    component: u64,
    hardest_change: Option<i64>,
    start_length_change: Option<i64>,
    board: Vec<String>,
}

impl SuggestedEdit {
    fn new(suggestion: &Suggestion, current: &Figures) -> Self {
        let figures = &suggestion.figures;
        let change = |now: Option<u32>, was: Option<u32>| {
            now.zip(was).map(|(n, w)| i64::from(n) - i64::from(w))
        };
        SuggestedEdit {
            file: None,
            edit: suggestion.words.clone(),
            change: suggestion.edit.change().name(),
            hardest: figures.hardest,
            start_length: figures.start_length,
            exact: figures.exact,
            solvable: figures.solvable,
            component: figures.component,
            hardest_change: change(figures.hardest, current.hardest),
            start_length_change: change(figures.start_length, current.start_length),
            board: suggestion.design.board_rows(),
        }
    }

    /// Where the edited design was saved, when a front end said so.
    pub fn file(&self) -> Option<&str> {
        self.file.as_deref()
    }
}

/// The suggestions' report (the CLI's `suggest --json`): the status (`solved` when every edit
/// was analysed to the end, else the limit or cancel that stopped one), the metric, the
/// design's own figures, how many edits there are and how many were analysed, and the edits
/// listed, best first.
#[derive(Clone, Debug, Serialize)]
pub struct Suggest {
    status: &'static str,
    complete: bool,
    metric: &'static str,
    current: DesignFigures,
    edits: usize,
    analysed: usize,
    seconds: f64,
    suggestions: Vec<SuggestedEdit>,
    refused: Vec<RefusedEdit>,
}

/// An edit whose design the core refused to analyse, and why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RefusedEdit {
    edit: String,
    reason: String,
}

impl Suggest {
    /// The object for `report`, its first `top` edits listed (all of them when `None`).
    pub fn new(report: &SuggestReport, top: Option<usize>) -> Self {
        let listed = top.unwrap_or(usize::MAX);
        Suggest {
            status: report.status.name(),
            complete: report.complete(),
            metric: report.metric.name(),
            current: DesignFigures::new(&report.current),
            edits: report.suggestions.len() + report.refused.len(),
            analysed: report.analysed,
            seconds: report.elapsed.as_secs_f64(),
            suggestions: report
                .suggestions
                .iter()
                .take(listed)
                .map(|s| SuggestedEdit::new(s, &report.current))
                .collect(),
            refused: report
                .refused
                .iter()
                .map(|(edit, reason)| RefusedEdit {
                    edit: edit.clone(),
                    reason: reason.clone(),
                })
                .collect(),
        }
    }

    /// The object with the files its edits were saved to, relative to the folder that holds
    /// them, one per listed edit from the first (fewer when not all were saved).
    #[must_use]
    pub fn with_files(mut self, files: &[String]) -> Self {
        for (edit, file) in self.suggestions.iter_mut().zip(files) {
            edit.file = Some(file.clone());
        }
        self
    }

    /// The edits listed, best first.
    pub fn listed(&self) -> &[SuggestedEdit] {
        &self.suggestions
    }
}
