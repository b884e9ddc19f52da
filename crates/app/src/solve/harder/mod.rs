//! The "Make it harder" window: a search of the designs around the open one for variants
//! whose hardest start needs more moves (the core's [`blockslide_core::solve::design`]).
//!
//! The user ticks what may change (pieces moved, added, removed or reshaped, walls), the
//! shapes new pieces take, the limits, the pieces to lock, what to maximise and the time
//! budget, and presses Run. The search runs in the background until its budget is spent or
//! it is cancelled, showing the best design so far, its length, the candidates tried and the
//! best length over time. Then the designs kept are listed; the selected one can replace the
//! design (one undoable edit) or open as a new design beside it.
//!
//! - [`form`]: the choices; [`run`]: the search as a background task; [`results`]: the
//!   figures, the chart, the list and the buttons; [`compare`]: the designs ticked, side by
//!   side.
//!
//! Like the Analyze window's, the results belong to the design revision they were searched
//! from: the designs are variants of it, and using one after the design changed would undo
//! the edits made since. The Solve view drops them (and stops the search) when it changes.

pub mod compare;
pub mod form;
pub mod results;
pub mod run;

use std::collections::BTreeSet;
use std::time::Duration;

use egui::{Context, RichText, Ui};

use crate::command::{Command, HarderCommand, ToolWindow};
use crate::common::format as fmt;
use crate::common::task::Poll;
use crate::solve::design::Design;
use crate::solve::refusals::refusal_text;
use blockslide_core::model::{Metric, Puzzle};
use blockslide_core::solve::Limits;
use blockslide_core::solve::api::Task;
use blockslide_core::solve::design::SearchReport;

use super::budget::Budget;
use super::settings::SolverSettings;
use super::tool_window::{Surroundings, ToolWindowView};
use compare::{OriginalFigures, Pick, original_figures, strip_ui};
use form::DesignForm;
use results::{Figures, designs_ui, headline_ui, original_ui, preview, selected_ui, timeline_ui};
use run::{DesignJob, DesignTask, Progress, spawn_search};

pub use super::tool_window::HARDER_LABEL;
/// The accessible name of the button that starts a search.
pub const RUN_LABEL: &str = "Run the design search";
/// The accessible name of the button that stops it.
pub const CANCEL_LABEL: &str = "Cancel the design search";

/// A search in progress.
struct Running {
    task: DesignTask,
    metric: Metric,
    budget: Duration,
    /// The design the search started from.
    origin: Puzzle,
}

/// A search that ended: its report, and the metric its lengths are counted in.
#[derive(Debug)]
pub struct Finished {
    /// The designs kept and the search's figures.
    pub report: SearchReport,
    /// How lengths are counted.
    pub metric: Metric,
    /// The design the search started from, pinned beside the designs found.
    pub origin: Puzzle,
    /// The original's own figures, for the comparison.
    pub original: OriginalFigures,
}

/// The "Make it harder" window's state: the choices, the running search and the last one's
/// results.
#[derive(Default)]
pub struct HarderView {
    /// Whether the open window has been laid out once: its first frame only measures its rows.
    laid_out: bool,
    /// Made for the design when the window first draws, refitted when the design changes.
    form: Option<DesignForm>,
    running: Option<Running>,
    outcome: Option<Result<Finished, String>>,
    /// The design of the list shown, by its place in the list.
    selected: usize,
    /// The designs ticked to be compared side by side.
    compared: BTreeSet<Pick>,
}

impl HarderView {
    /// Whether a search is running.
    pub fn is_running(&self) -> bool {
        self.running.is_some()
    }

    /// The running search's latest progress.
    pub fn progress(&self) -> Option<&Progress> {
        self.running.as_ref().and_then(|r| r.task.progress())
    }

    /// How the last search ended: its results, or why there are none.
    pub fn outcome(&self) -> Option<&Result<Finished, String>> {
        self.outcome.as_ref()
    }

    /// The choices, once the window has drawn.
    pub fn form(&self) -> Option<&DesignForm> {
        self.form.as_ref()
    }

    /// The index in the list of the design shown.
    pub fn selected(&self) -> usize {
        self.selected
    }

    /// The designs ticked to be compared side by side.
    pub fn compared(&self) -> &BTreeSet<Pick> {
        &self.compared
    }

    /// Shows `report`, a search of `origin` with lengths in `metric`, as if it had just
    /// finished (stopping a running one): for example one with pinned timings in snapshot
    /// tests. The original is measured here, on the calling thread.
    pub fn show_report(&mut self, report: SearchReport, metric: Metric, origin: Puzzle) {
        self.running = None;
        let original = original_figures(&origin, metric, Limits::default());
        self.outcome = Some(Ok(Finished {
            report,
            metric,
            origin,
            original,
        }));
        self.selected = 0;
        self.compared.clear();
    }

    /// Fits the choices to `design`: the design changed. The designs found stay, with the
    /// one selected, until the next run: they are the document's to try one after another
    /// ("Use this design", "Open as a new design"), whatever is open meanwhile.
    pub fn design_changed(&mut self, design: &Puzzle) {
        if let Some(form) = self.form.as_mut() {
            form.refit(design);
        }
    }

    /// Drains the running search's messages. Call once a frame.
    pub fn poll(&mut self) {
        let Some(running) = self.running.as_mut() else {
            return;
        };
        let finished = match running.task.poll() {
            Poll::Running => return,
            Poll::Done(Ok((report, original))) => Ok(Finished {
                report,
                metric: running.metric,
                origin: running.origin.clone(),
                original,
            }),
            Poll::Done(Err(e)) => Err(fmt::sentence(&e.to_string())),
            Poll::Lost(e) => Err(fmt::sentence(&e)),
        };
        self.outcome = Some(finished);
        self.selected = 0;
        self.compared.clear();
        self.running = None;
    }

    /// Carries out `command` on `design`, the open design, with the solver's `settings`: its
    /// metric, threads, and the node and memory limits of each candidate's analysis.
    pub fn apply(
        &mut self,
        command: HarderCommand,
        design: &Puzzle,
        settings: &SolverSettings,
        ctx: &Context,
    ) {
        match command {
            HarderCommand::Run => {
                let form = self
                    .form
                    .get_or_insert_with(|| DesignForm::for_design(design));
                let budget = Duration::from_secs(form.seconds.max(1));
                let metric = settings.metric;
                let job = DesignJob {
                    puzzle: design.clone(),
                    rules: form.rules(metric),
                    options: form.options(),
                    budget: Budget {
                        limits: Limits {
                            max_time: budget,
                            ..settings.limits()
                        },
                        threads: settings.threads,
                    },
                };
                self.outcome = None;
                self.selected = 0;
                self.compared.clear();
                match spawn_search(ctx, job) {
                    Ok(task) => {
                        self.running = Some(Running {
                            task,
                            metric,
                            budget,
                            origin: design.clone(),
                        });
                    }
                    Err(e) => self.outcome = Some(Err(e)),
                }
            }
            HarderCommand::Cancel => {
                if let Some(running) = self.running.as_mut() {
                    running.task.cancel();
                }
            }
        }
    }
}

impl ToolWindowView for HarderView {
    const ID: ToolWindow = ToolWindow::Harder;

    /// Below the tabs and views, left of centre, as large as its rows where the app allows.
    fn place<'open>(
        &mut self,
        ctx: &Context,
        _around: &Surroundings<'_>,
        window: egui::Window<'open>,
    ) -> egui::Window<'open> {
        if !self.laid_out {
            // egui sizes a new window's rows on its first frame; drawn as it is, the rows of
            // check boxes would overlap until the next one. Run that frame again at once.
            ctx.request_discard("the Make it harder window's first layout");
            self.laid_out = true;
        }
        let area = crate::common::window_area(ctx, crate::common::Below::Views);
        window
            .constrain_to(area)
            .default_pos([180.0, area.top()])
            .default_size([
                780.0_f32.min(area.width() - 40.0),
                730.0_f32.min(area.height() - 20.0),
            ])
            .resizable(true)
            .vscroll(true)
    }

    /// The choices, Run and Cancel, and the search running or its results, with lengths in
    /// the solver's metric.
    fn ui(&mut self, ui: &mut Ui, around: &mut Surroundings<'_>, commands: &mut Vec<Command>) {
        self.contents_ui(ui, around.settings.metric, around.design, commands);
    }

    fn is_busy(&self) -> bool {
        self.is_running()
    }

    /// The window's next opening is laid out afresh.
    fn hidden(&mut self) {
        self.laid_out = false;
    }
}

impl HarderView {
    fn contents_ui(
        &mut self,
        ui: &mut Ui,
        metric: Metric,
        open: Design<'_>,
        commands: &mut Vec<Command>,
    ) {
        let design = open.puzzle;
        ui.weak(
            "Searches the designs around this one for variants whose hardest start needs more \
             moves, changing only what is ticked. Every design listed is proved by an analysis \
             of its own.",
        );
        let running = self.is_running();
        let form = self
            .form
            .get_or_insert_with(|| DesignForm::for_design(design));
        ui.add_enabled_ui(!running, |ui| form.ui(ui, design));
        let problem = match open.profile.applies(Task::MakeHarder) {
            Err(refusal) => Some(refusal_text(refusal)),
            Ok(()) => form.problem(),
        };
        ui.horizontal(|ui| {
            let run = ui
                .add_enabled(
                    !running && problem.is_none(),
                    egui::Button::new(RichText::new("Run").strong()),
                )
                .accessible_name(RUN_LABEL)
                .on_hover_text("Search for harder designs with the choices above")
                .on_disabled_hover_text(problem.unwrap_or("A search is running"));
            if run.clicked() {
                commands.push(HarderCommand::Run.into());
            }
            if ui
                .add_enabled(running, egui::Button::new("Cancel"))
                .accessible_name(CANCEL_LABEL)
                .on_hover_text("Stop searching; the designs found so far are kept")
                .clicked()
            {
                commands.push(HarderCommand::Cancel.into());
            }
            ui.weak(format!(
                "Lengths in {metric}s (the Analyze window's metric); threads and limits as \
                 the solver's."
            ));
        });
        ui.separator();
        if let Some(running) = &self.running {
            running_ui(ui, running);
        } else if let Some(outcome) = &self.outcome {
            match outcome {
                Ok(finished) => finished_ui(
                    ui,
                    finished,
                    (&mut self.selected, &mut self.compared),
                    design,
                    commands,
                ),
                Err(e) => {
                    ui.colored_label(ui.visuals().warn_fg_color, e);
                }
            }
        } else {
            ui.weak("Press Run: the best design found so far shows here as the search goes.");
        }
    }
}

/// The width of a chart beside the design drawn.
fn chart_width(ui: &Ui) -> f32 {
    (ui.available_width() - 8.0).max(240.0)
}

/// A running search: the time left, the best design so far, the figures and the chart.
fn running_ui(ui: &mut Ui, running: &Running) {
    let empty = Progress::default();
    let progress = running.task.progress().unwrap_or(&empty);
    let elapsed = running.task.elapsed();
    let left = running.budget.saturating_sub(elapsed);
    ui.horizontal(|ui| {
        ui.spinner();
        if running.task.is_cancelling() {
            ui.label("Cancelling…");
        } else {
            ui.label(format!("Searching… {} left", fmt::duration(left)));
        }
    });
    let fraction = (elapsed.as_secs_f32() / running.budget.as_secs_f32()).min(1.0);
    ui.add(
        egui::ProgressBar::new(fraction)
            .text(format!("{:.0}% of the time budget", fraction * 100.0)),
    );
    ui.horizontal_top(|ui| {
        ui.vertical(|ui| {
            ui.set_width(results::PREVIEW_WIDTH);
            ui.vertical_centered(|ui| ui.label(RichText::new("The best so far").strong()));
            if let Some(best) = &progress.best {
                preview(ui, &best.puzzle, "The best design so far".into());
            }
        });
        ui.vertical(|ui| {
            let figures = Figures {
                metric: running.metric,
                original: progress.original,
                best: progress.best.as_ref(),
                kept: progress.kept,
                candidates: progress.candidates,
                seconds: progress.elapsed.as_secs_f64(),
            };
            figures.ui(ui);
            ui.add_space(6.0);
            let now = progress.elapsed.as_secs_f64();
            let width = chart_width(ui);
            timeline_ui(
                ui,
                running.metric,
                &progress.timeline,
                progress.original,
                (now, running.budget.as_secs_f64()),
                width,
            );
        });
    });
}

/// A finished search: the selected design with its buttons, the figures, the timeline, the
/// original pinned, the designs kept, and those ticked side by side. `design` is the open
/// design, which may be another than the one searched from (after "Use this design" or "Open
/// as a new design").
fn finished_ui(
    ui: &mut Ui,
    finished: &Finished,
    (selected, compared): (&mut usize, &mut BTreeSet<Pick>),
    design: &Puzzle,
    commands: &mut Vec<Command>,
) {
    let (report, metric) = (&finished.report, finished.metric);
    headline_ui(ui, report);
    let figures = Figures {
        metric,
        original: report.original,
        best: report.designs.first(),
        kept: report.designs.len(),
        candidates: report.candidates,
        seconds: report.seconds,
    };
    let Some(last) = report.designs.len().checked_sub(1) else {
        figures.ui(ui);
        ui.weak(
            "No design could be judged within the limits: allow more changes, a longer time, \
             or larger limits in the solver panel.",
        );
        return;
    };
    *selected = (*selected).min(last);
    ui.horizontal_top(|ui| {
        ui.vertical(|ui| {
            ui.set_width(results::PREVIEW_WIDTH);
            selected_ui(
                ui,
                metric,
                (*selected, &report.designs[*selected]),
                (&finished.origin, design),
                commands,
            );
        });
        ui.vertical(|ui| {
            figures.ui(ui);
            ui.add_space(6.0);
            let width = chart_width(ui);
            timeline_ui(
                ui,
                metric,
                &report.timeline,
                report.original,
                (report.seconds, report.seconds),
                width,
            );
        });
    });
    ui.add_space(6.0);
    original_ui(
        ui,
        metric,
        (report.original, &finished.origin),
        (design, compared),
        commands,
    );
    designs_ui(
        ui,
        metric,
        (&finished.origin, &report.designs),
        (selected, compared),
        commands,
    );
    strip_ui(
        ui,
        metric,
        (&finished.origin, report.original, &finished.original),
        &report.designs,
        compared,
    );
}

/// A found design for the tests: a 2x2 board, `length` moves, the given changes.
#[cfg(test)]
pub(crate) fn found_design(
    length: u32,
    changes: &[&str],
    found_at: u64,
) -> blockslide_core::solve::design::FoundDesign {
    blockslide_core::solve::design::FoundDesign {
        puzzle: blockslide_core::model::Puzzle::empty(2, 2),
        design: blockslide_core::model::Puzzle::empty(2, 2),
        length,
        component: 4,
        pieces: 1,
        walls: 0,
        proof: blockslide_core::solve::design::Proof {
            length,
            solutions: blockslide_core::solve::api::PathCount {
                value: 1,
                saturated: false,
            },
            decisions: 1,
        },
        changes: changes.iter().map(ToString::to_string).collect(),
        found_after: 0.0,
        found_at,
    }
}
