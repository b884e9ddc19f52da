//! The design panel, docked beside the board in the Start and Goal tabs: after every edit it
//! analyses the design in the background and shows what the edit did — valid or what is
//! wrong, solvable or not, the optimal length from the start, the start's component, its
//! hardest start and the histogram of distances — each figure exact or "at least" when the
//! budget stopped the walk, and the change since the design before.
//!
//! The analysis is `blockslide analyze`'s (the same call, so the panel and the CLI agree). It
//! starts a short moment after an edit (a drag of several cells is one edit) and each new
//! edit cancels the run before it. The last figures stay, greyed, while new ones are
//! computed. On a machine of two cores or fewer it takes one thread, leaving the other to
//! the window.

use std::time::{Duration, Instant};

use egui::{Color32, RichText, Ui};

use blockslide_core::model::text::thousands;
use blockslide_core::model::{Axis as PieceAxis, Token};
use blockslide_core::model::{Metric, Puzzle};
use blockslide_core::solve::api::{
    AnalyzeReport, PuzzleProfile, Task as SolverTask, analyze, metric_for,
};
use blockslide_core::solve::design::{
    Edit, PaletteShape, SuggestProgress, SuggestReport, SuggestRules, Suggestion, suggest,
};
use blockslide_core::solve::{Limits, SolveError, Stats};

use crate::command::Command;
use crate::common::charts::{self, Axis, BarAt, Chart, Layer};
use crate::common::format::{amount, unit_name};
use crate::common::marks::{CellMark, Tone};
use crate::common::task::{Poll, Task};
use crate::solve::budget::Budget;
use crate::solve::refusals::refusal_text;

/// The panel's heading.
pub const DESIGN_PANEL_LABEL: &str = "Design figures";

/// How long after an edit the analysis starts: the edits of one gesture come closer together
/// than this, and the figures of a small design still come well within 150 ms.
const SETTLE: Duration = Duration::from_millis(40);

/// The walk's budget: a Klotski-sized component (about 100,000 positions) many times over,
/// so that the figures of the designs people draw are exact, and a bound that keeps a huge
/// one from holding a core for long (its figures are then marked "at least").
const LIMITS: Limits = Limits {
    max_nodes: 20_000_000,
    max_time: Duration::from_secs(20),
    max_memory_bytes: 2 << 30,
};

/// The budget of the suggestions' walks: each edit's analysis at most this many positions
/// (Klotski's largest edits walk about 400,000), and the whole run at most this long.
const SUGGEST_LIMITS: Limits = Limits {
    max_nodes: 5_000_000,
    max_time: Duration::from_mins(1),
    max_memory_bytes: 2 << 30,
};

/// How many suggestions the panel lists in words.
const LISTED: usize = 5;

/// The accessible name of the suggestions' heading.
pub const SUGGESTIONS_LABEL: &str = "Where to edit next";

/// The suggestions of the design at `revision`: every one-step edit with its figures.
struct Suggested {
    revision: u64,
    report: SuggestReport,
}

/// A running search for the suggestions of the design at `revision`: progress is edits
/// analysed of all.
struct Suggesting {
    revision: u64,
    task: Task<(usize, usize), Result<SuggestReport, SolveError>>,
}

/// One design's analysis, and when it took.
struct Figures {
    revision: u64,
    metric: Metric,
    report: AnalyzeReport,
}

/// A running analysis of the design at `revision`.
struct Running {
    revision: u64,
    metric: Metric,
    task: Task<Stats, Result<AnalyzeReport, SolveError>>,
}

/// The panel's state: the edit waiting to settle, the analysis running, and the figures shown.
#[derive(Default)]
pub struct DesignPanel {
    /// The newest revision and when it was first seen, until its analysis starts.
    settling: Option<(u64, Instant)>,
    running: Option<Running>,
    /// The newest figures (of the current design, or greyed, of one before it).
    shown: Option<Figures>,
    /// The figures of the design before `shown`'s, for the change an edit made.
    before: Option<Figures>,
    /// Why the design cannot be analysed now (invalid, or a kind the analysis refuses).
    blocked: Option<String>,
    /// A run that failed.
    failed: Option<String>,
    /// The suggestions of the design shown, once its figures are in.
    suggested: Option<Suggested>,
    suggesting: Option<Suggesting>,
    /// The design's pieces of one shape that are told apart (no kind, not named by the goal),
    /// by shape: the shape's name and the pieces.
    apart: Vec<(String, Vec<Token>)>,
}

impl DesignPanel {
    /// Follows the design: once a frame in the editing tabs, with the design's revision, the
    /// design, its number of errors and its profile. Starts, cancels and collects the
    /// background analysis.
    pub fn follow(
        &mut self,
        ctx: &egui::Context,
        (revision, puzzle): (u64, &Puzzle),
        errors: usize,
        profile: &PuzzleProfile,
    ) {
        self.collect();
        self.apart = told_apart(puzzle);
        self.blocked = if errors > 0 {
            Some(format!(
                "Not valid: {errors} error{} (see the checks below)",
                if errors == 1 { "" } else { "s" }
            ))
        } else if puzzle.goal.is_empty() {
            // Every position would be a goal: figures of 0 moves say nothing.
            Some("No goal yet: paint where the pieces must end in the Goal tab (F2)".into())
        } else {
            profile
                .applies(SolverTask::Analyze)
                .err()
                .map(|refusal| refusal_text(refusal).to_string())
        };
        if self.blocked.is_some() {
            self.running = None;
            self.suggesting = None;
            self.settling = None;
            return;
        }
        self.suggest(ctx, revision, puzzle);
        let current = |r: u64| r == revision;
        let known = self.shown.as_ref().is_some_and(|f| current(f.revision))
            || self.running.as_ref().is_some_and(|r| current(r.revision));
        if !known && !self.settling.is_some_and(|(r, _)| current(r)) {
            // A new edit: the runs of the design before are of no more use.
            self.running = None;
            self.suggesting = None;
            self.failed = None;
            self.settling = Some((revision, Instant::now()));
        }
        if let Some((settling, since)) = self.settling {
            let waited = since.elapsed();
            if waited < SETTLE {
                ctx.request_repaint_after(SETTLE.saturating_sub(waited));
                return;
            }
            self.settling = None;
            let metric = metric_for(puzzle, None);
            let walked = puzzle.clone();
            let started = budget().spawn("design figures", ctx, move |reporter, control| {
                let control = control.with_progress(reporter.sink(|s: &Stats| *s));
                analyze(&walked, metric, control)
            });
            match started {
                Ok(task) => {
                    self.running = Some(Running {
                        revision: settling,
                        metric,
                        task,
                    });
                }
                Err(e) => self.failed = Some(e),
            }
        }
    }

    /// Once the figures of the design at `revision` are in and exact, looks for its
    /// suggestions in the background (once); takes them when they come.
    fn suggest(&mut self, ctx: &egui::Context, revision: u64, puzzle: &Puzzle) {
        if let Some(suggesting) = &mut self.suggesting {
            match suggesting.task.poll() {
                Poll::Running => return,
                Poll::Done(Ok(report)) => {
                    self.suggested = Some(Suggested {
                        revision: suggesting.revision,
                        report,
                    });
                }
                Poll::Done(Err(e)) => self.failed = Some(e.to_string()),
                Poll::Lost(e) => self.failed = Some(e),
            }
            self.suggesting = None;
            return;
        }
        let done = self
            .suggested
            .as_ref()
            .is_some_and(|s| s.revision == revision);
        let figures = self
            .shown
            .as_ref()
            .filter(|f| f.revision == revision && f.report.complete());
        let (Some(figures), false) = (figures, done) else {
            return;
        };
        if self.failed.is_some() {
            return;
        }
        let rules = SuggestRules::new(figures.metric);
        let walked = puzzle.clone();
        let budget = Budget {
            limits: SUGGEST_LIMITS,
            ..budget()
        };
        let started = budget.spawn("design suggestions", ctx, move |reporter, control| {
            let progress = |p: &SuggestProgress<'_>| reporter.progress((p.done, p.total));
            suggest(&walked, &rules, &control, Some(&progress))
        });
        match started {
            Ok(task) => self.suggesting = Some(Suggesting { revision, task }),
            Err(e) => self.failed = Some(e),
        }
    }

    /// The suggestions of the design at `revision`, once they are in.
    pub fn suggestions_of(&self, revision: u64) -> Option<&SuggestReport> {
        self.suggested
            .as_ref()
            .filter(|s| s.revision == revision)
            .map(|s| &s.report)
    }

    /// The marks of the suggestions of `design`, the design at `revision`, over its cells:
    /// for each cell where a wall or a 1x1 piece can go, what the better of the two does to
    /// the hardest start; for each piece that can be removed, the same at its first cell.
    pub fn marks(&self, revision: u64, design: &Puzzle) -> Vec<CellMark> {
        let Some(suggested) = self.suggested.as_ref().filter(|s| s.revision == revision) else {
            return Vec::new();
        };
        let report = &suggested.report;
        let mut marks: Vec<CellMark> = Vec::new();
        // Best first: the first edit seen at a cell is the better one there.
        for suggestion in &report.suggestions {
            let cell = match &suggestion.edit {
                Edit::AddWall(i) | Edit::AddPiece(i) => {
                    let cols = suggestion.design.cols;
                    (i / cols, i % cols)
                }
                Edit::RemovePiece(token) => {
                    let cell = design
                        .pieces()
                        .into_iter()
                        .find(|p| p.token == *token)
                        .and_then(|p| p.cells.first().copied());
                    let Some(cell) = cell else {
                        continue;
                    };
                    cell
                }
                Edit::RemoveWall(_) | Edit::MovePiece(..) => continue,
            };
            if marks.iter().any(|m| m.cell == cell) {
                continue;
            }
            let Some(tone) = tone(report, suggestion) else {
                continue;
            };
            marks.push(CellMark {
                cell,
                tone,
                text: change_words(report, suggestion),
            });
        }
        marks
    }

    /// Takes the running analysis's result when it has come.
    fn collect(&mut self) {
        let Some(running) = &mut self.running else {
            return;
        };
        let result = match running.task.poll() {
            Poll::Running => return,
            Poll::Done(result) => result.map_err(|e| e.to_string()),
            Poll::Lost(e) => Err(e),
        };
        let Some(running) = self.running.take() else {
            return;
        };
        match result {
            Ok(report) => {
                let figures = Figures {
                    revision: running.revision,
                    metric: running.metric,
                    report,
                };
                if let Some(old) = self.shown.replace(figures) {
                    self.before = Some(old);
                }
            }
            Err(e) => self.failed = Some(e),
        }
    }

    /// Whether an analysis is waiting or running.
    pub fn is_busy(&self) -> bool {
        self.settling.is_some() || self.running.is_some()
    }

    /// The report shown, when it is of the design at `revision` (for tests and the CLI's
    /// agreement check).
    pub fn report_of(&self, revision: u64) -> Option<&AnalyzeReport> {
        self.shown
            .as_ref()
            .filter(|f| f.revision == revision)
            .map(|f| &f.report)
    }

    /// Draws the panel for the design at `revision`; a suggested edit clicked queues its
    /// command.
    pub fn ui(&self, ui: &mut Ui, revision: u64, commands: &mut Vec<Command>) {
        // The side panel scrolls sideways; the panel's lines wrap at its visible width
        // instead, so that none is cut at the edge of a small window.
        let width = (ui.clip_rect().right() - ui.cursor().left() - 6.0).max(140.0);
        ui.scope(|ui| {
            ui.set_max_width(width);
            ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Wrap);
            self.contents_ui(ui, revision, commands);
        });
    }

    /// The panel's contents, at the width it is given.
    fn contents_ui(&self, ui: &mut Ui, revision: u64, commands: &mut Vec<Command>) {
        ui.horizontal(|ui| {
            ui.label(RichText::new(DESIGN_PANEL_LABEL).strong());
            if self.is_busy() && self.blocked.is_none() {
                ui.spinner();
            }
        });
        if let Some(blocked) = &self.blocked {
            ui.label(RichText::new(blocked).color(ui.visuals().warn_fg_color));
            return;
        }
        if let Some(failed) = &self.failed {
            ui.label(RichText::new(failed).color(ui.visuals().error_fg_color));
        }
        let Some(figures) = &self.shown else {
            ui.weak("Analysing…");
            return;
        };
        let stale = figures.revision != revision;
        ui.scope(|ui| {
            if stale {
                // The figures of the design before the edit, until the new ones come.
                ui.multiply_opacity(0.45);
            }
            figures_ui(ui, figures, self.before.as_ref());
        });
        self.apart_ui(ui, commands);
        if !stale {
            self.suggestions_ui(ui, revision, commands);
        }
    }

    /// The best few one-step edits in words, each a button that makes it (one undo step);
    /// the board shows where walls, new 1x1 pieces and removals would go.
    fn suggestions_ui(&self, ui: &mut Ui, revision: u64, commands: &mut Vec<Command>) {
        ui.add_space(4.0);
        ui.label(RichText::new(SUGGESTIONS_LABEL).strong());
        if let Some(suggesting) = &self.suggesting {
            let (done, total) = suggesting.task.progress().copied().unwrap_or((0, 0));
            ui.horizontal(|ui| {
                ui.spinner();
                ui.weak(format!("{done} of {total} edits analysed…"));
            });
            return;
        }
        let Some(suggested) = self.suggested.as_ref().filter(|s| s.revision == revision) else {
            ui.weak("Once the figures are exact, every one-step edit is tried.");
            return;
        };
        let report = &suggested.report;
        let helpful: Vec<&Suggestion> = report
            .suggestions
            .iter()
            .filter(|s| tone(report, s) == Some(Tone::Harder))
            .take(LISTED)
            .collect();
        if helpful.is_empty() {
            ui.weak(format!(
                "None of the {} one-step edits makes the hardest start harder.",
                report.suggestions.len()
            ));
        }
        for suggestion in helpful {
            let text = RichText::new(change_words(report, suggestion)).color(Tone::Harder.color());
            if ui
                .add(egui::Button::new(text).wrap())
                .on_hover_text("Make this edit (Ctrl+Z takes it back)")
                .clicked()
            {
                commands.push(Command::ApplySuggestion(Box::new(
                    suggestion.design.clone(),
                )));
            }
        }
        if !report.complete() {
            ui.weak("A budget stopped some edits' walks: their figures are bounds.");
        }
        ui.weak("On the board: green, a wall or a 1x1 piece there (or the piece removed) makes it harder; orange, easier; red, unsolvable.");
    }
}

impl DesignPanel {
    /// Says which pieces of one shape are told apart, which multiplies the positions counted
    /// (Klotski's four 2x1 pieces, each its own kind, count 24 times its positions), with a
    /// button that gives each such shape's pieces one kind.
    fn apart_ui(&self, ui: &mut Ui, commands: &mut Vec<Command>) {
        if self.apart.is_empty() {
            return;
        }
        let groups: Vec<String> = self
            .apart
            .iter()
            .map(|(shape, tokens)| {
                let names: Vec<&str> = tokens.iter().map(Token::as_str).collect();
                format!("{} ({shape})", names.join(", "))
            })
            .collect();
        ui.weak(format!(
            "Told apart, each its own kind: {}. Positions that only swap them count as \
             different.",
            groups.join("; ")
        ));
        if ui
            .button(ONE_KIND_LABEL)
            .on_hover_text(
                "Give the pieces of each shape one kind, named after the shape, as Klotski's \
                 file does: they become interchangeable (Ctrl+Z takes it back)",
            )
            .clicked()
        {
            commands.push(Command::SetPieceKinds(
                self.apart
                    .iter()
                    .flat_map(|(shape, tokens)| tokens.iter().map(|&t| (t, shape.clone())))
                    .collect(),
            ));
        }
    }
}

/// The button that gives the pieces of each shape told apart one kind.
pub const ONE_KIND_LABEL: &str = "One kind per shape";

/// The pieces of `design` that share a shape, move freely, have no kind and are not named by
/// the goal, by shape (two or more a shape): the shape's name and the pieces. Pieces locked
/// to an axis (Rush Hour's cars) are left out: they seldom trade places.
fn told_apart(design: &Puzzle) -> Vec<(String, Vec<Token>)> {
    let named: Vec<Token> = design.goal.cells.iter().flatten().copied().collect();
    let mut groups: Vec<(PaletteShape, Vec<Token>)> = Vec::new();
    for piece in design.pieces() {
        let kinded = design
            .styles
            .get(&piece.token)
            .is_some_and(|s| s.kind.is_some());
        let free = design.axis_of(piece.token) == PieceAxis::Free;
        if kinded || !free || named.contains(&piece.token) {
            continue;
        }
        let shape = PaletteShape::new(&piece.cells, PieceAxis::Free);
        match groups.iter_mut().find(|(s, _)| *s == shape) {
            Some((_, tokens)) => tokens.push(piece.token),
            None => groups.push((shape, vec![piece.token])),
        }
    }
    groups
        .into_iter()
        .filter(|(_, tokens)| tokens.len() > 1)
        .map(|(shape, tokens)| (shape.to_string(), tokens))
        .collect()
}

/// The budget of the panel's walks: on two cores or fewer, one thread, leaving the other to
/// the window; else every core but one.
fn budget() -> Budget {
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    Budget {
        limits: LIMITS,
        threads: cores.saturating_sub(1).max(1),
    }
}

/// The figures of one analysis, with the change since `before`.
fn figures_ui(ui: &mut Ui, figures: &Figures, before: Option<&Figures>) {
    let report = &figures.report;
    let metric = figures.metric;
    let complete = report.complete();
    let bound = if complete { "" } else { "at least " };
    let moves = |n: u32| amount(metric, n);
    let change = |now: Option<u32>, then: Option<u32>| match (now, then) {
        (Some(now), Some(then)) if now != then => {
            let delta = i64::from(now) - i64::from(then);
            let color = if delta > 0 {
                Color32::from_rgb(0x2e, 0x8b, 0x57)
            } else {
                Color32::from_rgb(0xc0, 0x50, 0x30)
            };
            Some(RichText::new(format!("{delta:+}")).color(color))
        }
        _ => None,
    };
    let exact_before = before.filter(|b| b.report.complete() && b.metric == metric);
    egui::Grid::new("design figures")
        .num_columns(2)
        .spacing([8.0, 2.0])
        .show(ui, |ui| {
            ui.add(egui::Label::new("Solvable").extend());
            ui.label(match (report.start_distance, complete) {
                (Some(_), _) => "yes",
                (None, true) => "no: the goal is out of reach",
                (None, false) => "not known yet (budget reached)",
            });
            ui.end_row();

            ui.add(egui::Label::new("Length").extend());
            ui.horizontal(|ui| {
                match report.start_distance {
                    Some(d) => ui.label(moves(d)),
                    None => ui.label("—"),
                };
                let then = exact_before.and_then(|b| b.report.start_distance);
                if let Some(delta) = change(report.start_distance, then) {
                    ui.label(delta);
                }
            });
            ui.end_row();

            ui.add(egui::Label::new("Positions").extend());
            ui.label(format!(
                "{bound}{} in the start's component",
                thousands(report.component)
            ));
            ui.end_row();

            ui.add(egui::Label::new("Hardest start").extend());
            ui.horizontal(|ui| {
                let hardest = report.hardest.as_ref().map(|h| h.distance);
                match hardest {
                    Some(d) => ui.label(moves(d)),
                    None if report.histogram.is_empty() => ui.label("—"),
                    None => ui.label(format!(
                        "at least {}",
                        moves(u32::try_from(report.histogram.len() - 1).unwrap_or(u32::MAX))
                    )),
                };
                let then = exact_before.and_then(|b| b.report.hardest.as_ref().map(|h| h.distance));
                if let Some(delta) = change(hardest, then) {
                    ui.label(delta);
                }
            });
            ui.end_row();
        });
    if !complete {
        ui.weak(format!(
            "The walk stopped at its budget ({} positions): figures marked \"at least\" are bounds.",
            thousands(report.stats.expanded)
        ));
    }
    if report.histogram.len() > 1 {
        histogram_ui(ui, report, metric);
    }
}

/// The positions of the component by distance to the goal, the start marked.
fn histogram_ui(ui: &mut Ui, report: &AnalyzeReport, metric: Metric) {
    let bars = report
        .histogram
        .iter()
        .enumerate()
        .map(|(d, &n)| BarAt {
            x: d as f64,
            height: n as f64,
            name: format!("{}: {} positions", unit_name(metric, d), thousands(n)),
        })
        .collect();
    let mut layers = vec![Layer::Bars {
        name: "positions".to_string(),
        color: ui.visuals().selection.bg_fill,
        bars,
    }];
    if let Some(start) = report.start_distance {
        layers.push(Layer::Across {
            name: "the start".to_string(),
            x: f64::from(start),
            color: ui.visuals().warn_fg_color,
        });
    }
    let top = report.histogram.iter().copied().max().unwrap_or(1) as f64;
    charts::chart_ui(
        ui,
        Chart {
            id: "design histogram",
            width: ui.available_width().min(320.0),
            height: 90.0,
            x: (-0.5, report.histogram.len() as f64 - 0.5),
            y: (0.0, top),
            x_axis: Axis::Whole(6.0),
            y_axis: Axis::Compact,
            x_label: None,
            y_label: None,
            accessible: Some("Design distances"),
            layers,
        },
    );
}

/// What `suggestion` does to the hardest start of the design `report` was made for; `None`
/// when it changes nothing or is not known.
fn tone(report: &SuggestReport, suggestion: &Suggestion) -> Option<Tone> {
    let figures = &suggestion.figures;
    if figures.solvable == Some(false) {
        return Some(Tone::Unsolvable);
    }
    let (now, then) = (figures.hardest?, report.current.hardest?);
    match now.cmp(&then) {
        std::cmp::Ordering::Greater => Some(Tone::Harder),
        std::cmp::Ordering::Less => Some(Tone::Easier),
        std::cmp::Ordering::Equal => None,
    }
}

/// The edit and what it does, in words: "a wall at row 3, column 2: hardest start 93 to 101
/// moves".
fn change_words(report: &SuggestReport, suggestion: &Suggestion) -> String {
    let figures = &suggestion.figures;
    if figures.solvable == Some(false) {
        return format!("{}: unsolvable", suggestion.words);
    }
    let bound = if figures.exact { "" } else { "at least " };
    match (report.current.hardest, figures.hardest) {
        (Some(then), Some(now)) => format!(
            "{}: hardest start {then} to {bound}{}",
            suggestion.words,
            amount(report.metric, now)
        ),
        _ => format!("{}: not known", suggestion.words),
    }
}
