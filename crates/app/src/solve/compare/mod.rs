//! Algorithm comparison: run a chosen set of algorithm + heuristic pairs on the current
//! puzzle with the same limits, then show the seeds' "insights" table (copyable as text or
//! CSV) and bar charts of states explored and time.
//!
//! - [`pairs`]: what runs, and the presets.
//! - [`run`]: the pairs running one after another as a background task.
//! - [`table`]: the table, and its copies as text and CSV.
//! - [`charts`]: the bar charts.
//!
//! [`Compare`] holds the pairs, the running comparison and the results, draws the controls
//! (side panel) and the results (centre), and carries out [`CompareCommand`]s.

pub mod charts;
pub mod pairs;
pub mod run;
pub mod table;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use egui::{RichText, Ui};

use crate::command::{Command, CompareCommand, SolveCommand};
use crate::common::message::message_job;
use crate::common::task::Poll;
use blockslide_core::model::Puzzle;
use blockslide_core::solve::{Algorithm, Stats};

use super::availability::Availability;
use super::settings::SolverSettings;
use blockslide_core::solve::api::heuristic_title;

use crate::common::fit;
use crate::common::format as fmt;
use charts::charts_ui;
use pairs::effective_title;
pub use pairs::{ComparePair, heuristic_pairs, seed_pairs};
use run::{CompareTask, Job, spawn_comparison};
use table::table_ui;
pub use table::{COLUMNS, CompareRow, as_csv, as_text};

/// The comparison's state: the chosen pairs, a running comparison, and the last results.
pub struct Compare {
    /// The pairs to run, in table order.
    pub pairs: Vec<ComparePair>,
    add_algorithm: Algorithm,
    add_heuristic: Option<String>,
    /// Each pair stops after this many seconds (or the solver's own time limit, if smaller),
    /// so one hopeless pair does not hold up the table.
    pub seconds_per_pair: u64,
    task: Option<CompareTask>,
    /// The cancel flag of the pair running now (raised to skip it).
    current_cancel: Arc<Mutex<Arc<AtomicBool>>>,
    running_pairs: Vec<ComparePair>,
    rows: Vec<CompareRow>,
    error: Option<String>,
}

impl Default for Compare {
    fn default() -> Self {
        Compare {
            pairs: seed_pairs(),
            add_algorithm: Algorithm::Astar,
            add_heuristic: None,
            seconds_per_pair: 30,
            task: None,
            current_cancel: Arc::default(),
            running_pairs: Vec::new(),
            rows: Vec::new(),
            error: None,
        }
    }
}

impl Compare {
    /// Whether a comparison is running.
    pub fn is_running(&self) -> bool {
        self.task.is_some()
    }

    /// The finished rows (all of them once the comparison ends).
    pub fn rows(&self) -> &[CompareRow] {
        &self.rows
    }

    /// Shows `rows` as the results, as if a comparison had just produced them (stopping any
    /// running comparison).
    pub fn show_rows(&mut self, rows: Vec<CompareRow>) {
        self.skip_current();
        self.task = None;
        self.error = None;
        self.running_pairs = rows.iter().map(|r| r.pair.clone()).collect();
        self.rows = rows;
    }

    /// Forgets results and stops a running comparison (the puzzle changed).
    pub fn reset(&mut self) {
        // Dropping the task stops the loop; the pair running now has its own flag.
        self.skip_current();
        self.task = None;
        self.rows.clear();
        self.error = None;
    }

    fn skip_current(&self) {
        if let Ok(current) = self.current_cancel.lock() {
            current.store(true, Ordering::Relaxed);
        }
    }

    /// Drains the running comparison's messages; true when it just finished.
    pub fn poll(&mut self) -> bool {
        let Some(task) = self.task.as_mut() else {
            return false;
        };
        match task.poll() {
            Poll::Running => {
                if let Some(p) = task.progress() {
                    self.rows = p.done.clone();
                }
                false
            }
            Poll::Done(rows) => {
                self.rows = rows;
                self.task = None;
                true
            }
            Poll::Lost(e) => {
                self.error = Some(e);
                self.task = None;
                true
            }
        }
    }

    /// Carries out `command` on `puzzle` with `settings`' metric, weight and limits.
    pub fn apply(
        &mut self,
        command: CompareCommand,
        puzzle: &Puzzle,
        settings: &SolverSettings,
        availability: &Availability,
        ctx: &egui::Context,
    ) {
        match command {
            CompareCommand::Cancel => {
                if let Some(task) = self.task.as_mut() {
                    task.cancel();
                    self.skip_current();
                }
            }
            CompareCommand::Skip => self.skip_current(),
            CompareCommand::Run => {
                self.rows.clear();
                self.error = availability.verdict.refusal();
                if self.error.is_some() || self.pairs.is_empty() {
                    return;
                }
                let jobs = self.jobs(settings, availability);
                self.running_pairs = self.pairs.clone();
                let spawned =
                    spawn_comparison(ctx, puzzle.clone(), jobs, Arc::clone(&self.current_cancel));
                match spawned {
                    Ok(task) => self.task = Some(task),
                    Err(e) => self.error = Some(e),
                }
            }
        }
    }

    /// Every pair with its request under `settings`, or why it does not apply; each pair's
    /// time is capped at [`Compare::seconds_per_pair`].
    fn jobs(&self, settings: &SolverSettings, availability: &Availability) -> Vec<Job> {
        let cap = Duration::from_secs(self.seconds_per_pair.max(1));
        self.pairs
            .iter()
            .map(|pair| {
                let request = if let Some(reason) = availability.algorithm_reason(pair.algorithm) {
                    Err(reason.to_string())
                } else {
                    let mut search = settings.search_for(
                        pair.algorithm,
                        availability.effective_heuristic(pair.heuristic.as_deref()),
                    );
                    search.budget.limits.max_time = search.budget.limits.max_time.min(cap);
                    Ok(search)
                };
                (pair.clone(), request)
            })
            .collect()
    }

    /// The pair list, presets, and Run / Skip / Cancel (for the side panel); queues what the
    /// user asks for.
    pub fn controls_ui(
        &mut self,
        ui: &mut Ui,
        availability: &Availability,
        commands: &mut Vec<Command>,
    ) {
        let running = self.task.is_some();
        ui.add_enabled_ui(!running, |ui| {
            self.pair_list_ui(ui, availability);
            self.add_pair_ui(ui, availability);
            self.presets_ui(ui, availability);
            ui.horizontal(|ui| {
                let label = ui.label("Time per pair");
                ui.add(
                    egui::DragValue::new(&mut self.seconds_per_pair)
                        .range(1..=86_400)
                        .suffix(" s"),
                )
                .labelled_by(label.id)
                .on_hover_text(
                    "Each pair stops after this long (or at the solver's limits, if smaller)",
                );
            });
        });
        self.buttons_ui(ui, running, commands);
        self.progress_ui(ui, availability);
        self.error_ui(ui);
    }

    /// Why the comparison could not run, if it could not (a core message: its backticks
    /// quoted names show in the code style).
    fn error_ui(&self, ui: &mut Ui) {
        if let Some(e) = &self.error {
            let warn = ui.visuals().warn_fg_color;
            ui.label(message_job(ui.style(), e, Some(warn)));
        }
    }

    /// The pairs to run, each with a button to remove it.
    fn pair_list_ui(&mut self, ui: &mut Ui, availability: &Availability) {
        let mut remove = None;
        for (i, pair) in self.pairs.iter().enumerate() {
            ui.horizontal(|ui| {
                if ui
                    .small_button("×")
                    .on_hover_text("Remove this pair")
                    .accessible_name(format!("Remove {}", pair.title()))
                    .clicked()
                {
                    remove = Some(i);
                }
                let (text, note) = effective_title(pair, availability);
                // Wrapped: a long pair ("Greedy best-first + Manhattan distance") would
                // otherwise run past a narrow panel's edge.
                if let Some(reason) = availability.algorithm_reason(pair.algorithm) {
                    ui.add(egui::Label::new(RichText::new(text).weak()).wrap())
                        .on_hover_text(reason);
                } else {
                    let label = ui.add(egui::Label::new(text).wrap());
                    if let Some(note) = note {
                        label.on_hover_text(note);
                    }
                }
            });
        }
        if let Some(i) = remove {
            self.pairs.remove(i);
        }
    }

    /// An algorithm and heuristic to add as a pair: one row for each, the combo boxes as
    /// wide as the panel allows, so the row never runs past a narrow panel's edge.
    fn add_pair_ui(&mut self, ui: &mut Ui, availability: &Availability) {
        egui::Grid::new("compare add pair")
            .num_columns(2)
            .show(ui, |ui| {
                let uses_heuristic = self.add_algorithm.uses_heuristic();
                let right_to_left = egui::Layout::right_to_left(egui::Align::Center);
                let label = ui.label("Add");
                // Right to left: the add button keeps its place at the panel's edge and the
                // combo box fills what is left.
                ui.with_layout(right_to_left, |ui| {
                    if !uses_heuristic {
                        self.add_button_ui(ui);
                    }
                    fit::combo(ui, "compare add algorithm")
                        .selected_text(self.add_algorithm.title())
                        .show_ui(ui, |ui| {
                            for a in Algorithm::ALL {
                                ui.selectable_value(&mut self.add_algorithm, a, a.title());
                            }
                        })
                        .response
                        .labelled_by(label.id)
                        .on_hover_text(self.add_algorithm.title());
                });
                ui.end_row();
                if uses_heuristic {
                    ui.label("with");
                    ui.with_layout(right_to_left, |ui| {
                        self.add_button_ui(ui);
                        let shown = self
                            .add_heuristic
                            .as_deref()
                            .map_or_else(|| "best".to_string(), heuristic_title);
                        fit::combo(ui, "compare add heuristic")
                            .selected_text(shown.as_str())
                            .show_ui(ui, |ui| {
                                ui.selectable_value(&mut self.add_heuristic, None, "best");
                                for h in availability
                                    .heuristics
                                    .iter()
                                    .filter(|h| h.applicable.is_ok())
                                {
                                    ui.selectable_value(
                                        &mut self.add_heuristic,
                                        Some(h.name.clone()),
                                        heuristic_title(&h.name),
                                    )
                                    .on_hover_text(format!("`{}`: {}", h.name, h.description));
                                }
                            })
                            .response
                            .accessible_name("Heuristic to add")
                            .on_hover_text(shown);
                    });
                    ui.end_row();
                }
            });
    }

    /// The button that adds the chosen pair; disabled, saying why, when the pair is listed
    /// already.
    fn add_button_ui(&mut self, ui: &mut Ui) {
        let pair = ComparePair::new(self.add_algorithm, self.add_heuristic.as_deref());
        let listed = self.pairs.contains(&pair);
        if ui
            .add_enabled(!listed, egui::Button::new("+"))
            .on_hover_text("Add this pair")
            .on_disabled_hover_text(format!("{} is already listed", pair.title()))
            .clicked()
        {
            self.pairs.push(pair);
        }
    }

    /// Ready-made sets of pairs.
    fn presets_ui(&mut self, ui: &mut Ui, availability: &Availability) {
        // Wrapped here and below, so a narrow side panel cuts no button off.
        ui.horizontal_wrapped(|ui| {
            if ui
                .small_button("Classic six")
                .on_hover_text(
                    "BFS, DFS, UCS, greedy, A* and IDA*: the six a course on search compares",
                )
                .clicked()
            {
                self.pairs = seed_pairs();
            }
            if ui
                .small_button("Optimal solvers")
                .on_hover_text("BFS, A* and IDA*")
                .clicked()
            {
                self.pairs = vec![
                    ComparePair::new(Algorithm::Bfs, None),
                    ComparePair::new(Algorithm::Astar, None),
                    ComparePair::new(Algorithm::Idastar, None),
                ];
            }
            if ui
                .small_button("A* × heuristics")
                .on_hover_text(
                    "A* with every heuristic that applies, to see which is better informed",
                )
                .clicked()
            {
                self.pairs = heuristic_pairs(availability);
            }
        });
    }

    /// Run, Skip and Cancel.
    fn buttons_ui(&self, ui: &mut Ui, running: bool, commands: &mut Vec<Command>) {
        ui.horizontal_wrapped(|ui| {
            if ui
                .add_enabled(
                    !running && !self.pairs.is_empty(),
                    egui::Button::new("Run comparison"),
                )
                .on_hover_text("Run every pair with the solver's metric and limits")
                .clicked()
            {
                commands.push(CompareCommand::Run.into());
            }
            if ui
                .add_enabled(running, egui::Button::new("Skip"))
                .on_hover_text("Stop the pair running now and go on with the next")
                .clicked()
            {
                commands.push(CompareCommand::Skip.into());
            }
            if ui
                .add_enabled(running, egui::Button::new("Cancel comparison"))
                .on_hover_text("Stop the comparison")
                .clicked()
            {
                commands.push(CompareCommand::Cancel.into());
            }
        });
    }

    /// Which pair runs now, named with the heuristic it really uses on this puzzle (as the
    /// pair list and the table name it), and how far it got.
    fn progress_ui(&self, ui: &mut Ui, availability: &Availability) {
        if let Some(task) = &self.task {
            let (current, stats) = task
                .progress()
                .map_or((0, Stats::default()), |p| (p.current, p.stats));
            let title = self
                .running_pairs
                .get(current)
                .map_or_else(String::new, |pair| effective_title(pair, availability).0);
            ui.horizontal(|ui| {
                ui.spinner();
                // Wrapped, so a long pair never runs past a narrow panel's edge.
                ui.add(
                    egui::Label::new(format!(
                        "{}/{}: {title} · {} expanded",
                        (current + 1).min(self.running_pairs.len()),
                        self.running_pairs.len(),
                        fmt::thousands(stats.expanded)
                    ))
                    .wrap(),
                );
            });
        }
    }

    /// "Run the 6 pairs": runs the comparison, as the panel's Run button does.
    fn run_button(&self, ui: &mut Ui, commands: &mut Vec<Command>) {
        let pairs = self.pairs.len();
        let run = egui::Button::new(format!("Run the {}", fmt::counted(pairs, "pair", "pairs")));
        if ui
            .add_enabled(pairs > 0, run)
            .on_hover_text("Run every pair with the solver's metric and limits")
            .clicked()
        {
            commands.push(CompareCommand::Run.into());
        }
    }

    /// The results table, copy buttons and charts (for the central area). Clicking a solved
    /// row's algorithm queues playing its solution back.
    pub fn results_ui(
        &self,
        ui: &mut Ui,
        availability: &Availability,
        commands: &mut Vec<Command>,
    ) {
        if self.rows.is_empty() {
            if self.task.is_some() {
                ui.label("Comparing… the first row appears when its search ends.");
                self.progress_ui(ui, availability);
            } else {
                // In the middle of the empty view, where the table will be: in a small window
                // the panel's Run button is below its fold.
                ui.add_space(ui.available_height() * 0.3);
                ui.vertical_centered(|ui| {
                    ui.label(
                        "Choose algorithm + heuristic pairs in the solver panel, then run them.",
                    );
                    self.run_button(ui, commands);
                    // Said here too, where the button pressed is.
                    self.error_ui(ui);
                });
            }
            return;
        }
        ui.horizontal(|ui| {
            ui.heading("Comparison");
            // Again from here too: the panel's Run button may be below its fold, or hidden.
            if self.task.is_none() {
                self.run_button(ui, commands);
            }
            if ui.button("Copy as text").clicked() {
                ui.ctx().copy_text(as_text(&self.rows));
            }
            if ui.button("Copy CSV").clicked() {
                ui.ctx().copy_text(as_csv(&self.rows));
            }
        });
        if let Some(report) = table_ui(ui, &self.rows) {
            commands.push(SolveCommand::ShowSolution(report).into());
        }
        // The pair running now, under the rows finished: the table alone would not say
        // that one more is coming.
        self.progress_ui(ui, availability);
        ui.weak("Click a row to play its solution back.");
        ui.add_space(8.0);
        charts_ui(ui, &self.rows);
    }
}

impl Drop for Compare {
    fn drop(&mut self) {
        self.skip_current();
    }
}
