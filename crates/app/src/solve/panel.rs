//! The solver panel: the pickers, the Solve and Cancel buttons, live progress of a running
//! search, and the summary of the last run.
//!
//! Drawing queues [`SolverCommand`]s on the app's queue; the app hands them back to
//! [`SolverPanel::apply`] after every panel has drawn, and only there does a search start.

use std::sync::Arc;
use std::time::Duration;

use egui::{RichText, Ui};

use crate::command::{Command, SolverCommand};
use crate::common::message::message_job;
use crate::common::task::Poll;
use blockslide_core::model::Puzzle;
use blockslide_core::solve::api::BuildEstimate;
use blockslide_core::solve::api::{build_estimate, default_heuristic};
use blockslide_core::solve::{SolveReport, Stats};

use super::availability::Availability;
use super::pickers;
use super::search::{SearchJob, SearchProgress, SearchTask, spawn_search};
use super::settings::SolverSettings;
use super::stats_view::{progress_ui, report_ui, stats_grid};
use crate::common::format as fmt;

/// A search on its way: the task and what was asked.
pub struct Running {
    task: SearchTask,
    job: SearchJob,
    /// The heuristic that runs, by name (`None` for uninformed algorithms).
    heuristic: Option<String>,
    /// Why the solver chose the algorithm, when the user left it automatic and it is not
    /// A*: the report's first note, as the CLI gives it.
    automatic_reason: Option<&'static str>,
    /// What building the heuristic's tables takes, worked out before the search started,
    /// when they were not cached.
    first_build: Option<BuildEstimate>,
}

/// How the last run ended.
#[derive(Clone, Debug)]
pub enum Outcome {
    /// The solver reported (solved, unsolvable, a limit, or cancelled).
    Report(Arc<SolveReport>),
    /// Refused before searching (invalid, unsolvable by parity, not applicable).
    Refused(String),
    /// Cancelled, and the search thread did not answer in time; the last progress seen.
    Abandoned(Stats),
}

/// The solver panel's state: settings, the running search, and the last outcome.
pub struct SolverPanel {
    /// The user's choices.
    pub settings: SolverSettings,
    availability: Option<Availability>,
    running: Option<Running>,
    outcome: Option<Outcome>,
    /// How long the last run's preparation (a pattern database) took, when it had one.
    prepared: Option<Duration>,
}

/// How long a cancelled search may take to answer before the panel stops waiting for it.
const CANCEL_GRACE: Duration = Duration::from_secs(1);

/// The availability in `slot`, worked out again first when it is missing or was worked out
/// for another revision of the design or other settings.
fn fresh<'a>(
    slot: &'a mut Option<Availability>,
    revision: u64,
    puzzle: &Puzzle,
    settings: &SolverSettings,
) -> &'a Availability {
    if !slot.as_ref().is_some_and(|a| a.is_for(revision, settings)) {
        *slot = Some(Availability::new(revision, puzzle, settings));
    }
    slot.as_ref()
        .expect("invariant: just worked out when missing or stale")
}

impl SolverPanel {
    /// A panel with these settings and nothing run yet.
    pub fn new(settings: SolverSettings) -> Self {
        SolverPanel {
            settings,
            availability: None,
            running: None,
            outcome: None,
            prepared: None,
        }
    }

    /// What applies to `puzzle`, the design at `revision`, under the current settings
    /// (worked out again when either changed).
    pub fn availability(&mut self, revision: u64, puzzle: &Puzzle) -> &Availability {
        fresh(&mut self.availability, revision, puzzle, &self.settings)
    }

    /// Whether a search is running.
    pub fn is_running(&self) -> bool {
        self.running.is_some()
    }

    /// The running search's latest progress, as the panel shows it.
    pub fn progress(&self) -> Option<SearchProgress> {
        self.running
            .as_ref()
            .and_then(|r| r.task.progress().copied())
    }

    /// The last outcome, if a run finished.
    pub fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    /// Shows `report` as the last outcome, as if a search had just produced it (stopping any
    /// running search).
    pub fn show_report(&mut self, report: Arc<SolveReport>) {
        self.running = None;
        self.outcome = Some(Outcome::Report(report));
        self.prepared = None;
    }

    /// How long the last run's preparation took (building or loading a pattern database),
    /// when it had one; its time is not in the search's.
    pub fn prepared(&self) -> Option<Duration> {
        self.prepared
    }

    /// Forgets the last outcome and stops any search (the design changed).
    pub fn reset(&mut self) {
        self.running = None;
        self.outcome = None;
    }

    /// Drains the running search's messages. Returns the report when a search just finished.
    pub fn poll(&mut self) -> Option<Arc<SolveReport>> {
        let running = self.running.as_mut()?;
        let poll = running.task.poll();
        if let Some(SearchProgress::Searching { prepared, .. }) = running.task.progress() {
            self.prepared = *prepared;
        }
        match poll {
            Poll::Running => {
                if running
                    .task
                    .cancelling_for()
                    .is_some_and(|t| t > CANCEL_GRACE)
                {
                    let last = running
                        .task
                        .progress()
                        .and_then(SearchProgress::stats)
                        .unwrap_or_default();
                    self.outcome = Some(Outcome::Abandoned(last));
                    self.running = None;
                }
                None
            }
            Poll::Done(Ok(mut report)) => {
                if let Some(why) = running.automatic_reason {
                    report.notes.insert(0, why.to_string());
                }
                let report = Arc::new(report);
                self.outcome = Some(Outcome::Report(Arc::clone(&report)));
                self.running = None;
                Some(report)
            }
            Poll::Done(Err(e)) => {
                self.outcome = Some(Outcome::Refused(e.to_string()));
                self.running = None;
                None
            }
            Poll::Lost(e) => {
                self.outcome = Some(Outcome::Refused(e));
                self.running = None;
                None
            }
        }
    }

    /// Carries out `command` for `puzzle`, the design at `revision`.
    pub fn apply(
        &mut self,
        command: SolverCommand,
        revision: u64,
        puzzle: &Puzzle,
        ctx: &egui::Context,
    ) {
        match command {
            SolverCommand::Cancel => {
                if let Some(running) = self.running.as_mut() {
                    running.task.cancel();
                }
            }
            SolverCommand::Solve | SolverCommand::SolveAndPlay => {
                let availability = fresh(&mut self.availability, revision, puzzle, &self.settings);
                if let Some(refusal) = availability.verdict.refusal() {
                    self.outcome = Some(Outcome::Refused(refusal));
                    return;
                }
                let algorithm = self.settings.algorithm_for(puzzle);
                if let Some(reason) = availability.algorithm_reason(algorithm) {
                    self.outcome = Some(Outcome::Refused(reason.to_string()));
                    return;
                }
                let heuristic =
                    availability.effective_heuristic(self.settings.heuristic.as_deref());
                let shown = algorithm.uses_heuristic().then(|| {
                    heuristic
                        .clone()
                        .unwrap_or_else(|| default_heuristic(&availability.heuristics).to_string())
                });
                let job = self.settings.search_for(algorithm, heuristic);
                let first_build = build_estimate(puzzle, &job.request);
                match spawn_search("solve", ctx, puzzle.clone(), job.clone()) {
                    Ok(task) => {
                        self.outcome = None;
                        self.prepared = None;
                        self.running = Some(Running {
                            task,
                            job,
                            heuristic: shown,
                            automatic_reason: self.settings.automatic_reason(puzzle),
                            first_build,
                        });
                    }
                    Err(e) => self.outcome = Some(Outcome::Refused(e)),
                }
            }
        }
    }

    /// Draws the panel for `puzzle`, the design at `revision`, and queues what the user asks
    /// for.
    pub fn ui(&mut self, ui: &mut Ui, revision: u64, puzzle: &Puzzle, commands: &mut Vec<Command>) {
        ui.heading("Solver");
        let running = self.running.is_some();
        ui.add_enabled_ui(!running, |ui| {
            let availability = fresh(&mut self.availability, revision, puzzle, &self.settings);
            let stacked = pickers::stacked(ui, availability, puzzle);
            pickers::metric_ui(ui, &mut self.settings, stacked);
            let availability = fresh(&mut self.availability, revision, puzzle, &self.settings);
            pickers::choices_ui(ui, &mut self.settings, availability, puzzle, stacked);
            pickers::limits_ui(ui, &mut self.settings);
        });
        ui.add_space(6.0);
        let availability = fresh(&mut self.availability, revision, puzzle, &self.settings);
        let refusal = availability.verdict.refusal();
        let algorithm_reason = availability
            .algorithm_reason(self.settings.algorithm_for(puzzle))
            .map(str::to_owned);
        ui.horizontal(|ui| {
            let solve = ui
                .add_enabled(
                    !running && algorithm_reason.is_none(),
                    egui::Button::new(RichText::new("Solve").strong()),
                )
                .accessible_name("Solve the puzzle")
                .on_hover_text("Search for a solution with these settings")
                .on_disabled_hover_text(if running {
                    "A search is running; cancel it first".to_string()
                } else {
                    algorithm_reason.clone().unwrap_or_default()
                });
            if solve.clicked() {
                commands.push(SolverCommand::Solve.into());
            }
            let cancel = ui
                .add_enabled(running, egui::Button::new("Cancel"))
                .on_hover_text("Stop the search (Esc); it stops within a tenth of a second");
            let escape = running
                && !ui.ctx().egui_wants_keyboard_input()
                && ui.input_mut(|i| i.consume_key(egui::Modifiers::NONE, egui::Key::Escape));
            if cancel.clicked() || escape {
                commands.push(SolverCommand::Cancel.into());
            }
        });
        if let Some(text) = refusal
            && !running
            && self.outcome.is_none()
        {
            let warn = ui.visuals().warn_fg_color;
            ui.label(message_job(ui.style(), &text, Some(warn)));
        }
        ui.add_space(6.0);
        if let Some(run) = &self.running {
            progress_ui(
                ui,
                &run.task,
                &run.job,
                run.heuristic.as_deref(),
                run.first_build.as_ref(),
                puzzle,
            );
        } else if let Some(outcome) = &self.outcome {
            outcome_ui(ui, outcome);
            if let Some(prepared) = self.prepared
                && matches!(outcome, Outcome::Report(r) if r.heuristic.starts_with("pdb"))
            {
                ui.label(format!(
                    "Preparation: {} to load or build the pattern database, not counted in \
                     Time.",
                    fmt::duration(prepared)
                ));
            }
        }
    }
}

fn outcome_ui(ui: &mut Ui, outcome: &Outcome) {
    match outcome {
        Outcome::Refused(message) => {
            let warn = ui.visuals().warn_fg_color;
            ui.label(message_job(ui.style(), message, Some(warn)));
        }
        Outcome::Abandoned(stats) => {
            ui.label(RichText::new("Search cancelled").strong());
            stats_grid(ui, stats, None);
        }
        Outcome::Report(report) => report_ui(ui, report),
    }
}
