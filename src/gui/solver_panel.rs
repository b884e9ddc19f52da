//! The solver panel: algorithm, heuristic, metric and limit pickers, the Solve and Cancel
//! buttons, live progress of a running search, and the summary of the last run.
//!
//! Drawing returns [`SolverCommand`]s; [`SolverPanel::apply`] carries them out at the end of
//! the frame (it is the only place that starts a search thread).

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use egui::{Color32, RichText, Ui};
use serde::{Deserialize, Serialize};

use crate::model::tiles::{is_solvable, tile_layout};
use crate::model::validate::{Severity, validate};
use crate::model::{Metric, Puzzle};
use crate::solve::api::{self, Algorithm, HeuristicInfo, SolveError, SolveReport, SolveRequest};
use crate::solve::core::{Limits, SearchControl, Stats, Termination};

use super::solve_format as fmt;
use super::task::{Poll, Task};

/// The solver choices a user makes; kept between launches.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct SolverSettings {
    /// The algorithm to run.
    #[serde(with = "algorithm_by_name")]
    pub algorithm: Algorithm,
    /// The heuristic by name; `None` lets the solver pick the best admissible one.
    pub heuristic: Option<String>,
    /// The move metric lengths are counted in.
    pub metric: Metric,
    /// Weighted A*'s weight (at least 1).
    pub weight: f64,
    /// Stop after this many expansions.
    pub max_nodes: u64,
    /// Stop after this many seconds.
    pub max_seconds: u64,
    /// Stop when the search's data structures would pass this many MiB.
    pub max_memory_mib: u64,
    /// Depth-first search's depth cap, if any.
    pub depth_cap: Option<u32>,
    /// Worker threads for IDA* on tile puzzles (0 = every core).
    pub threads: usize,
}

impl Default for SolverSettings {
    fn default() -> Self {
        let limits = Limits::default();
        SolverSettings {
            algorithm: Algorithm::Astar,
            heuristic: None,
            metric: Metric::Step,
            weight: 1.5,
            max_nodes: limits.max_nodes,
            max_seconds: limits.max_time.as_secs(),
            max_memory_mib: limits.max_memory_bytes >> 20,
            depth_cap: None,
            threads: 1,
        }
    }
}

impl SolverSettings {
    /// The limits these settings describe.
    pub fn limits(&self) -> Limits {
        Limits {
            max_nodes: self.max_nodes.max(1),
            max_time: Duration::from_secs(self.max_seconds.max(1)),
            max_memory_bytes: self.max_memory_mib.max(1) << 20,
        }
    }

    /// The request for `algorithm` with `heuristic` (`None`: the best available) under these
    /// settings' metric, weight and limits.
    pub fn request_for(&self, algorithm: Algorithm, heuristic: Option<String>) -> SolveRequest {
        SolveRequest {
            algorithm,
            heuristic: if algorithm.uses_heuristic() {
                heuristic
            } else {
                None
            },
            weight: if algorithm == Algorithm::Wastar {
                self.weight.max(1.0)
            } else {
                1.0
            },
            metric: Some(self.metric),
            depth_cap: self.depth_cap.filter(|_| algorithm == Algorithm::Dfs),
            threads: self.threads,
            limits: self.limits(),
        }
    }

    /// The request for the chosen algorithm and heuristic.
    pub fn request(&self) -> SolveRequest {
        self.request_for(self.algorithm, self.heuristic.clone())
    }
}

/// Stores an [`Algorithm`] by its stable CLI name, so saved settings survive reordering.
mod algorithm_by_name {
    use serde::{Deserialize, Deserializer, Serializer};

    use crate::solve::api::Algorithm;

    pub fn serialize<S: Serializer>(a: &Algorithm, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(a.name())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Algorithm, D::Error> {
        let name = String::deserialize(d)?;
        name.parse().map_err(serde::de::Error::custom)
    }
}

/// Whether the puzzle can be searched at all, decided without searching.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Nothing prevents a search.
    Ready,
    /// Validation found errors (their messages).
    Invalid(Vec<String>),
    /// A tile puzzle whose goal is unreachable by permutation parity.
    UnsolvableByParity,
}

impl Verdict {
    /// The verdict for `puzzle`. Parity comes first: validation reports it too, but it
    /// deserves its own explanation.
    pub fn of(puzzle: &Puzzle) -> Verdict {
        if let Some(layout) = tile_layout(puzzle)
            && !is_solvable(&layout)
        {
            return Verdict::UnsolvableByParity;
        }
        let errors: Vec<String> = validate(puzzle)
            .into_iter()
            .filter(|d| d.severity == Severity::Error)
            .map(|d| d.message)
            .collect();
        if errors.is_empty() {
            Verdict::Ready
        } else {
            Verdict::Invalid(errors)
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
        }
    }
}

/// Which algorithms and heuristics apply to one puzzle in one metric, with reasons.
#[derive(Clone, Debug)]
pub struct Availability {
    puzzle: Puzzle,
    metric: Metric,
    /// Whether the puzzle can be searched at all.
    pub verdict: Verdict,
    /// Every algorithm, with the reason it does not apply when it does not.
    pub algorithms: Vec<(Algorithm, Result<(), String>)>,
    /// Every heuristic the solver knows for this puzzle and metric.
    pub heuristics: Vec<HeuristicInfo>,
}

impl Availability {
    /// Works out what applies to `puzzle` in `metric`.
    ///
    /// Algorithms are asked through the solver's own front door with the cancel flag already
    /// raised: the request is checked (for example "bidirectional search needs a complete
    /// goal") and the search stops at its first checkpoint.
    pub fn compute(puzzle: &Puzzle, metric: Metric) -> Availability {
        let verdict = Verdict::of(puzzle);
        let heuristics = api::heuristics_for(puzzle, metric);
        let cheapest = heuristics
            .iter()
            .find(|h| h.applicable.is_ok() && h.name == "zero")
            .or_else(|| heuristics.iter().find(|h| h.applicable.is_ok()))
            .map(|h| h.name.clone());
        let algorithms = Algorithm::ALL
            .into_iter()
            .map(|algorithm| {
                let applies = if verdict == Verdict::Ready {
                    probe(puzzle, metric, algorithm, cheapest.clone())
                } else {
                    Ok(())
                };
                (algorithm, applies)
            })
            .collect();
        Availability {
            puzzle: puzzle.clone(),
            metric,
            verdict,
            algorithms,
            heuristics,
        }
    }

    /// Whether this was computed for `puzzle` in `metric`.
    pub fn is_for(&self, puzzle: &Puzzle, metric: Metric) -> bool {
        self.metric == metric && self.puzzle == *puzzle
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
        let name = chosen?;
        self.heuristics
            .iter()
            .find(|h| h.name == name && h.applicable.is_ok())
            .map(|h| h.name.clone())
    }
}

fn probe(
    puzzle: &Puzzle,
    metric: Metric,
    algorithm: Algorithm,
    heuristic: Option<String>,
) -> Result<(), String> {
    let request = SolveRequest {
        algorithm,
        heuristic: if algorithm.uses_heuristic() {
            heuristic
        } else {
            None
        },
        metric: Some(metric),
        limits: Limits {
            max_nodes: 1,
            ..Limits::default()
        },
        ..SolveRequest::default()
    };
    let cancelled = Arc::new(AtomicBool::new(true));
    match api::solve(
        puzzle,
        &request,
        SearchControl::new(request.limits).with_cancel(cancelled),
    ) {
        Ok(_) | Err(SolveError::Invalid(_)) => Ok(()),
        Err(SolveError::NotApplicable(reason)) => Err(reason),
    }
}

/// The availability in `slot`, recomputed first when it is missing or for another puzzle or
/// metric.
fn fresh<'a>(
    slot: &'a mut Option<Availability>,
    puzzle: &Puzzle,
    metric: Metric,
) -> &'a Availability {
    if !slot.as_ref().is_some_and(|a| a.is_for(puzzle, metric)) {
        *slot = Some(Availability::compute(puzzle, metric));
    }
    slot.as_ref()
        .expect("invariant: just computed when missing or stale")
}

/// What the panel asks the app to do.
#[derive(Clone, Debug, PartialEq)]
pub enum SolverCommand {
    /// Start a search with the current settings.
    Solve,
    /// Stop the running search.
    Cancel,
}

type SolveTask = Task<Stats, Result<SolveReport, SolveError>>;

/// A search on its way: the task and what was asked.
pub struct Running {
    task: SolveTask,
    request: SolveRequest,
    /// The heuristic that runs, by name (`None` for uninformed algorithms).
    heuristic: Option<String>,
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
}

/// How long a cancelled search may take to answer before the panel stops waiting for it.
const CANCEL_GRACE: Duration = Duration::from_secs(1);

impl SolverPanel {
    /// A panel with these settings and nothing run yet.
    pub fn new(settings: SolverSettings) -> Self {
        SolverPanel {
            settings,
            availability: None,
            running: None,
            outcome: None,
        }
    }

    /// The availability for `puzzle` in the chosen metric (recomputed when either changed).
    pub fn availability(&mut self, puzzle: &Puzzle) -> &Availability {
        fresh(&mut self.availability, puzzle, self.settings.metric)
    }

    /// Whether a search is running.
    pub fn is_running(&self) -> bool {
        self.running.is_some()
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
    }

    /// Forgets the last outcome and stops any search (the puzzle changed).
    pub fn reset(&mut self) {
        self.running = None;
        self.outcome = None;
    }

    /// Drains the running search's messages. Returns the report when a search just finished.
    pub fn poll(&mut self) -> Option<Arc<SolveReport>> {
        let running = self.running.as_mut()?;
        match running.task.poll() {
            Poll::Running => {
                if running
                    .task
                    .cancelling_for()
                    .is_some_and(|t| t > CANCEL_GRACE)
                {
                    let last = running.task.progress().copied().unwrap_or_default();
                    self.outcome = Some(Outcome::Abandoned(last));
                    self.running = None;
                }
                None
            }
            Poll::Done(Ok(report)) => {
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

    /// Carries out `command` for `puzzle`.
    pub fn apply(&mut self, command: SolverCommand, puzzle: &Puzzle, ctx: &egui::Context) {
        match command {
            SolverCommand::Cancel => {
                if let Some(running) = self.running.as_mut() {
                    running.task.cancel();
                }
            }
            SolverCommand::Solve => {
                let availability = fresh(&mut self.availability, puzzle, self.settings.metric);
                if let Some(refusal) = availability.verdict.refusal() {
                    self.outcome = Some(Outcome::Refused(refusal));
                    return;
                }
                if let Some(reason) = availability.algorithm_reason(self.settings.algorithm) {
                    self.outcome = Some(Outcome::Refused(reason.to_string()));
                    return;
                }
                let heuristic =
                    availability.effective_heuristic(self.settings.heuristic.as_deref());
                let shown = self.settings.algorithm.uses_heuristic().then(|| {
                    heuristic.clone().unwrap_or_else(|| {
                        api::default_heuristic(&availability.heuristics).to_string()
                    })
                });
                let request = self
                    .settings
                    .request_for(self.settings.algorithm, heuristic);
                match spawn_solve(ctx, puzzle.clone(), request.clone()) {
                    Ok(task) => {
                        self.outcome = None;
                        self.running = Some(Running {
                            task,
                            request,
                            heuristic: shown,
                        });
                    }
                    Err(e) => self.outcome = Some(Outcome::Refused(e)),
                }
            }
        }
    }

    /// Draws the panel for `puzzle` and returns what the user asked for.
    pub fn ui(&mut self, ui: &mut Ui, puzzle: &Puzzle) -> Vec<SolverCommand> {
        let mut commands = Vec::new();
        ui.heading("Solver");
        let running = self.running.is_some();
        ui.add_enabled_ui(!running, |ui| self.pickers_ui(ui, puzzle));
        ui.add_space(6.0);
        let availability = fresh(&mut self.availability, puzzle, self.settings.metric);
        let refusal = availability.verdict.refusal();
        let algorithm_reason = availability
            .algorithm_reason(self.settings.algorithm)
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
                commands.push(SolverCommand::Solve);
            }
            let cancel = ui
                .add_enabled(running, egui::Button::new("Cancel"))
                .on_hover_text("Stop the search (Esc); it stops within a tenth of a second");
            let escape = running
                && !ui.ctx().egui_wants_keyboard_input()
                && ui.input_mut(|i| i.consume_key(egui::Modifiers::NONE, egui::Key::Escape));
            if cancel.clicked() || escape {
                commands.push(SolverCommand::Cancel);
            }
        });
        if let Some(text) = refusal
            && !running
            && self.outcome.is_none()
        {
            ui.colored_label(ui.visuals().warn_fg_color, text);
        }
        ui.add_space(6.0);
        if let Some(run) = &self.running {
            progress_ui(ui, run, puzzle);
        } else if let Some(outcome) = &self.outcome {
            outcome_ui(ui, outcome);
        }
        commands
    }

    fn pickers_ui(&mut self, ui: &mut Ui, puzzle: &Puzzle) {
        let settings = &mut self.settings;
        let metric_before = settings.metric;
        egui::Grid::new("solver settings")
            .num_columns(2)
            .spacing([8.0, 6.0])
            .show(ui, |ui| {
                let label = ui.label("Metric");
                egui::ComboBox::from_id_salt("solver metric")
                    .selected_text(metric_title(settings.metric))
                    .show_ui(ui, |ui| {
                        for metric in Metric::ALL {
                            ui.selectable_value(&mut settings.metric, metric, metric_title(metric))
                                .on_hover_text(metric_help(metric));
                        }
                    })
                    .response
                    .labelled_by(label.id)
                    .on_hover_text("How solution length is counted");
                ui.end_row();
            });
        if settings.metric != metric_before {
            self.availability = None;
        }
        let availability = self.availability(puzzle).clone();
        let settings = &mut self.settings;
        egui::Grid::new("solver pickers")
            .num_columns(2)
            .spacing([8.0, 6.0])
            .show(ui, |ui| {
                let label = ui.label("Algorithm");
                egui::ComboBox::from_id_salt("solver algorithm")
                    .selected_text(settings.algorithm.title())
                    .width(170.0)
                    .show_ui(ui, |ui| {
                        for (algorithm, applies) in &availability.algorithms {
                            let r = ui.add_enabled(
                                applies.is_ok(),
                                egui::Button::selectable(
                                    settings.algorithm == *algorithm,
                                    algorithm.title(),
                                ),
                            );
                            let r = match applies {
                                Ok(()) => r.on_hover_text(algorithm_help(*algorithm)),
                                Err(reason) => r.on_disabled_hover_text(reason.as_str()),
                            };
                            if r.clicked() {
                                settings.algorithm = *algorithm;
                            }
                        }
                    })
                    .response
                    .labelled_by(label.id);
                ui.end_row();

                let label = ui.label("Heuristic");
                let uses = settings.algorithm.uses_heuristic();
                let chosen = availability.effective_heuristic(settings.heuristic.as_deref());
                let shown = match (&chosen, uses) {
                    (_, false) => "none (uninformed)".to_string(),
                    (None, true) => format!(
                        "best ({})",
                        api::default_heuristic(&availability.heuristics)
                    ),
                    (Some(name), true) => name.clone(),
                };
                ui.add_enabled_ui(uses, |ui| {
                    egui::ComboBox::from_id_salt("solver heuristic")
                        .selected_text(shown)
                        .width(170.0)
                        .show_ui(ui, |ui| {
                            if ui
                                .selectable_label(chosen.is_none(), "best available")
                                .on_hover_text(
                                    "Let the solver pick its strongest admissible heuristic",
                                )
                                .clicked()
                            {
                                settings.heuristic = None;
                            }
                            for h in &availability.heuristics {
                                let label = if h.admissible {
                                    h.name.clone()
                                } else {
                                    format!("{} (inadmissible)", h.name)
                                };
                                let r = ui.add_enabled(
                                    h.applicable.is_ok(),
                                    egui::Button::selectable(
                                        chosen.as_deref() == Some(&h.name),
                                        label,
                                    ),
                                );
                                let r = match &h.applicable {
                                    Ok(()) => r.on_hover_text(h.description.as_str()),
                                    Err(reason) => r.on_disabled_hover_text(reason.as_str()),
                                };
                                if r.clicked() {
                                    settings.heuristic = Some(h.name.clone());
                                }
                            }
                        })
                        .response
                        .labelled_by(label.id);
                })
                .response
                .on_disabled_hover_text(format!(
                    "{} does not use a heuristic",
                    settings.algorithm.title()
                ));
                ui.end_row();

                if settings.algorithm == Algorithm::Wastar {
                    let label = ui.label("Weight");
                    ui.add(
                        egui::DragValue::new(&mut settings.weight)
                            .range(1.0..=10.0)
                            .speed(0.05)
                            .fixed_decimals(2),
                    )
                    .labelled_by(label.id)
                    .on_hover_text(
                        "f = g + w·h; w > 1 finds solutions faster but not always shortest",
                    );
                    ui.end_row();
                }
                if settings.algorithm == Algorithm::Dfs {
                    let mut capped = settings.depth_cap.is_some();
                    ui.checkbox(&mut capped, "Depth cap")
                        .on_hover_text("Never search deeper than this many moves");
                    let mut cap = settings.depth_cap.unwrap_or(50);
                    ui.add_enabled(capped, egui::DragValue::new(&mut cap).range(1..=100_000))
                        .accessible_name("Depth cap value");
                    settings.depth_cap = capped.then_some(cap);
                    ui.end_row();
                }
                if settings.algorithm == Algorithm::Idastar && tile_layout(puzzle).is_some() {
                    let label = ui.label("Threads");
                    let cores = std::thread::available_parallelism().map_or(1, usize::from);
                    ui.add(egui::DragValue::new(&mut settings.threads).range(0..=cores.max(1)))
                        .labelled_by(label.id)
                        .on_hover_text(
                            "Worker threads for IDA* on tile puzzles; 0 uses every core",
                        );
                    ui.end_row();
                }
            });
        egui::CollapsingHeader::new("Limits")
            .id_salt("solver limits")
            .show(ui, |ui| {
                egui::Grid::new("solver limits grid")
                    .num_columns(2)
                    .spacing([8.0, 6.0])
                    .show(ui, |ui| {
                        let label = ui.label("Max nodes");
                        ui.add(
                            egui::DragValue::new(&mut settings.max_nodes)
                                .range(1..=u64::MAX)
                                .speed(10_000.0)
                                .custom_formatter(|v, _| fmt::count(v as u64))
                                .custom_parser(|text| {
                                    text.replace([',', '_', ' '], "").parse::<f64>().ok()
                                }),
                        )
                        .labelled_by(label.id)
                        .on_hover_text("Stop after this many node expansions");
                        ui.end_row();
                        let label = ui.label("Time limit");
                        ui.add(
                            egui::DragValue::new(&mut settings.max_seconds)
                                .range(1..=86_400)
                                .suffix(" s"),
                        )
                        .labelled_by(label.id)
                        .on_hover_text("Stop after this many seconds");
                        ui.end_row();
                        let label = ui.label("Memory limit");
                        ui.add(
                            egui::DragValue::new(&mut settings.max_memory_mib)
                                .range(16..=1_048_576)
                                .speed(16.0)
                                .suffix(" MiB"),
                        )
                        .labelled_by(label.id)
                        .on_hover_text("Stop when the search's own tables would grow past this");
                        ui.end_row();
                    });
                if ui.small_button("Reset limits").clicked() {
                    let d = SolverSettings::default();
                    settings.max_nodes = d.max_nodes;
                    settings.max_seconds = d.max_seconds;
                    settings.max_memory_mib = d.max_memory_mib;
                }
            });
    }
}

fn spawn_solve(
    ctx: &egui::Context,
    puzzle: Puzzle,
    request: SolveRequest,
) -> Result<SolveTask, String> {
    Task::spawn("solve", ctx, move |reporter| {
        let control = SearchControl::new(request.limits)
            .with_cancel(reporter.cancel_flag())
            .with_progress(reporter.sink(|s: &Stats| *s));
        api::solve(&puzzle, &request, control)
    })
}

/// The metric's name in menus.
pub fn metric_title(metric: Metric) -> &'static str {
    match metric {
        Metric::Step => "step (one cell)",
        Metric::Slide => "slide (straight line)",
        Metric::Move => "move (any path)",
    }
}

fn metric_help(metric: Metric) -> &'static str {
    match metric {
        Metric::Step => "One piece moves one cell: the metric of the seed notebooks",
        Metric::Slide => "One piece slides any distance in a straight line",
        Metric::Move => {
            "One piece moves any distance along any path: the metric of published records"
        }
    }
}

fn algorithm_help(algorithm: Algorithm) -> &'static str {
    match algorithm {
        Algorithm::Bfs => "Explores layer by layer; shortest in the metric",
        Algorithm::Dfs => "Dives deep first; finds a solution, rarely a short one",
        Algorithm::Ucs => "Expands the cheapest path first; shortest",
        Algorithm::Greedy => "Follows the heuristic alone; fast, not always shortest",
        Algorithm::Astar => "f = g + h; shortest with an admissible heuristic",
        Algorithm::Wastar => "f = g + w·h; faster, within a factor w of shortest",
        Algorithm::Iddfs => "Depth-first with a growing depth cap; shortest, little memory",
        Algorithm::Idastar => "Depth-first with a growing f-bound; shortest, little memory",
        Algorithm::Bibfs => "Breadth-first from both ends; shortest, needs a complete goal",
    }
}

/// What the depth field means for `algorithm`.
fn depth_label(algorithm: Algorithm) -> &'static str {
    match algorithm {
        Algorithm::Astar | Algorithm::Wastar | Algorithm::Idastar => "f-bound",
        Algorithm::Bfs | Algorithm::Bibfs | Algorithm::Ucs => "Layer",
        Algorithm::Iddfs => "Depth cap",
        Algorithm::Dfs | Algorithm::Greedy => "Depth",
    }
}

/// The fraction of the nearest limit used so far, and its name.
fn limit_used(stats: &Stats, limits: &Limits) -> (f32, &'static str) {
    let nodes = stats.expanded as f64 / limits.max_nodes.max(1) as f64;
    let time = stats.elapsed.as_secs_f64() / limits.max_time.as_secs_f64().max(1e-9);
    let memory = stats.peak_memory_bytes as f64 / limits.max_memory_bytes.max(1) as f64;
    let (fraction, name) = [
        (nodes, "node limit"),
        (time, "time limit"),
        (memory, "memory limit"),
    ]
    .into_iter()
    .fold(
        (0.0, "time limit"),
        |best, x| if x.0 > best.0 { x } else { best },
    );
    (fraction.clamp(0.0, 1.0) as f32, name)
}

/// For a tile puzzle, the number of reachable positions ((rows·cols)!/2), when it fits.
fn reachable_tile_states(puzzle: &Puzzle) -> Option<u64> {
    tile_layout(puzzle)?;
    let n = (puzzle.rows * puzzle.cols) as u64;
    (2..=n)
        .try_fold(1u64, |acc, k| acc.checked_mul(k))
        .map(|f| f / 2)
}

fn progress_ui(ui: &mut Ui, run: &Running, puzzle: &Puzzle) {
    let stats = run.task.progress().copied().unwrap_or_default();
    let elapsed = if stats.elapsed.is_zero() {
        run.task.elapsed()
    } else {
        stats.elapsed
    };
    ui.horizontal(|ui| {
        ui.spinner();
        let with = format!(
            "{}{}",
            run.request.algorithm.title(),
            run.heuristic
                .as_deref()
                .map(|h| format!(" + {h}"))
                .unwrap_or_default()
        );
        if run.task.is_cancelling() {
            ui.label("Cancelling…");
        } else if run.task.progress().is_none() {
            ui.label(format!("Preparing {with}…"))
                .on_hover_text("Building the search (a pattern database can take a while)");
        } else {
            ui.label(format!("Searching with {with}…"));
        }
    });
    egui::Grid::new("solver progress")
        .num_columns(2)
        .striped(true)
        .show(ui, |ui| {
            let rows = [
                ("Expanded", fmt::count(stats.expanded)),
                ("Generated", fmt::count(stats.generated)),
                ("Frontier", fmt::count(stats.frontier)),
                ("Nodes/s", fmt::rate(stats.nodes_per_second())),
                ("Elapsed", fmt::duration(elapsed)),
                ("Memory", fmt::bytes(stats.peak_memory_bytes)),
                (depth_label(run.request.algorithm), stats.depth.to_string()),
                (
                    "Completed",
                    stats
                        .completed_depth
                        .map_or_else(|| "–".to_string(), |d| format!("no solution ≤ {d}")),
                ),
            ];
            for (name, value) in rows {
                ui.label(name);
                ui.monospace(value);
                ui.end_row();
            }
        });
    if let Some(total) = reachable_tile_states(puzzle)
        && matches!(run.request.algorithm, Algorithm::Bfs | Algorithm::Ucs)
    {
        let fraction = (stats.stored as f64 / total as f64).clamp(0.0, 1.0) as f32;
        ui.add(egui::ProgressBar::new(fraction).text(format!(
            "{} of {} reachable states",
            fmt::count(stats.stored),
            fmt::count(total)
        )));
    }
    let (fraction, name) = limit_used(&stats, &run.request.limits);
    ui.add(
        egui::ProgressBar::new(fraction).text(format!("{:.0}% of the {name}", fraction * 100.0)),
    );
}

fn outcome_ui(ui: &mut Ui, outcome: &Outcome) {
    match outcome {
        Outcome::Refused(message) => {
            ui.colored_label(ui.visuals().warn_fg_color, message);
        }
        Outcome::Abandoned(stats) => {
            ui.label(RichText::new("Search cancelled").strong());
            stats_grid(ui, stats, None);
        }
        Outcome::Report(report) => report_ui(ui, report),
    }
}

/// A one-line summary of a report ("Solved: 81 moves (116 steps), optimal").
pub fn headline(report: &SolveReport) -> String {
    match report.status {
        Termination::Solved => {
            let length = report.length().unwrap_or_default();
            let steps = report.steps().unwrap_or_default();
            let unit = unit_name(report.metric, length);
            let optimality = if report.optimal {
                "optimal"
            } else {
                "not guaranteed optimal"
            };
            if report.metric == Metric::Step {
                format!("Solved: {length} {unit}, {optimality}")
            } else {
                format!("Solved: {length} {unit} ({steps} steps), {optimality}")
            }
        }
        Termination::Unsolvable => "Unsolvable: no reachable position satisfies the goal".into(),
        Termination::NodeLimit => "Stopped: the node limit was reached".into(),
        Termination::TimeLimit => "Stopped: the time limit was reached".into(),
        Termination::MemoryLimit => "Stopped: the memory limit was reached".into(),
        Termination::Cancelled => "Search cancelled".into(),
        Termination::DepthLimit => "Stopped: no solution within the depth cap".into(),
    }
}

/// "move"/"moves", "step"/"steps", "slide"/"slides" for `n`.
pub fn unit_name(metric: Metric, n: usize) -> String {
    let word = metric.name();
    if n == 1 {
        word.to_string()
    } else {
        format!("{word}s")
    }
}

fn report_ui(ui: &mut Ui, report: &SolveReport) {
    let colour = match report.status {
        Termination::Solved => Color32::from_rgb(0x2e, 0x9e, 0x4f),
        Termination::Cancelled => ui.visuals().text_color(),
        _ => ui.visuals().warn_fg_color,
    };
    ui.label(RichText::new(headline(report)).strong().color(colour));
    ui.label(format!(
        "{} · heuristic {} · {} metric",
        report.algorithm.title(),
        report.heuristic,
        report.metric
    ));
    stats_grid(ui, &report.stats, Some(report));
    for note in &report.notes {
        ui.label(RichText::new(format!("Note: {note}")).italics());
    }
}

/// The statistics of a run; without a report, of a search abandoned after cancelling.
fn stats_grid(ui: &mut Ui, stats: &Stats, report: Option<&SolveReport>) {
    egui::Grid::new("solver result stats")
        .num_columns(2)
        .striped(true)
        .show(ui, |ui| {
            let mut rows: Vec<(String, String)> = Vec::new();
            let status = report.map_or(Termination::Cancelled, |r| r.status);
            rows.push(("Status".into(), status.name().into()));
            if let Some(r) = report {
                if let (Some(len), Some(steps)) = (r.length(), r.steps()) {
                    rows.push((format!("Length ({})", r.metric), len.to_string()));
                    rows.push(("Length (steps)".into(), steps.to_string()));
                }
                rows.push((
                    "Optimal".into(),
                    if r.optimal { "yes" } else { "no" }.into(),
                ));
            }
            rows.extend([
                ("Expanded".into(), fmt::count(stats.expanded)),
                ("Generated".into(), fmt::count(stats.generated)),
                ("Duplicates".into(), fmt::count(stats.duplicates)),
                ("Goal tests".into(), fmt::count(stats.goal_tests)),
                ("Max frontier".into(), fmt::count(stats.max_frontier)),
                ("Frontier at end".into(), fmt::count(stats.frontier)),
                ("States stored".into(), fmt::count(stats.stored)),
                ("Peak memory".into(), fmt::bytes(stats.peak_memory_bytes)),
                ("Time".into(), fmt::duration(stats.elapsed)),
                ("Nodes/s".into(), fmt::rate(stats.nodes_per_second())),
                ("Depth / bound".into(), stats.depth.to_string()),
                (
                    "Completed depth".into(),
                    stats
                        .completed_depth
                        .map_or_else(|| "–".to_string(), |d| d.to_string()),
                ),
            ]);
            for (name, value) in rows {
                ui.label(name);
                ui.monospace(value);
                ui.end_row();
            }
        });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_round_trip_through_ron_by_algorithm_name() {
        let settings = SolverSettings {
            algorithm: Algorithm::Idastar,
            heuristic: Some("manhattan".into()),
            ..SolverSettings::default()
        };
        let text = ron::to_string(&settings).unwrap();
        assert!(text.contains("\"idastar\""), "{text}");
        let back: SolverSettings = ron::from_str(&text).unwrap();
        assert_eq!(back, settings);
    }

    #[test]
    fn uninformed_requests_carry_no_heuristic_and_unit_weight() {
        let settings = SolverSettings {
            weight: 3.0,
            ..SolverSettings::default()
        };
        let bfs = settings.request_for(Algorithm::Bfs, Some("manhattan".into()));
        assert_eq!(bfs.heuristic, None);
        assert_eq!(bfs.weight, 1.0);
        let capped = SolverSettings {
            depth_cap: Some(20),
            ..SolverSettings::default()
        };
        assert_eq!(capped.request_for(Algorithm::Dfs, None).depth_cap, Some(20));
        assert_eq!(capped.request_for(Algorithm::Bfs, None).depth_cap, None);
        let wastar = settings.request_for(Algorithm::Wastar, Some("manhattan".into()));
        assert_eq!(wastar.weight, 3.0);
        assert_eq!(wastar.heuristic.as_deref(), Some("manhattan"));
    }

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
        let a = Availability::compute(&klotski, Metric::Move);
        assert_eq!(a.verdict, Verdict::Ready);
        assert!(a.is_for(&klotski, Metric::Move));
        assert!(!a.is_for(&klotski, Metric::Step));
        let reason = a
            .algorithm_reason(Algorithm::Bibfs)
            .expect("a partial goal rules out bidirectional search");
        assert!(!reason.is_empty());
        assert_eq!(a.algorithm_reason(Algorithm::Bfs), None);
        assert_eq!(a.algorithm_reason(Algorithm::Idastar), None);
        assert!(
            a.heuristics
                .iter()
                .any(|h| h.applicable.as_ref().is_err_and(|r| !r.is_empty())),
            "some heuristic (pattern databases) does not apply to blocks, with a reason"
        );
        assert_eq!(a.effective_heuristic(Some("no such heuristic")), None);

        let tiles = Puzzle::tiles(2, 3, &[5, 4, 2, 1, 3, 0], None).unwrap();
        let a = Availability::compute(&tiles, Metric::Step);
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
    fn limit_used_picks_the_nearest_limit() {
        let limits = Limits {
            max_nodes: 1000,
            max_time: Duration::from_secs(10),
            max_memory_bytes: 1 << 20,
        };
        let stats = Stats {
            expanded: 900,
            elapsed: Duration::from_secs(1),
            ..Stats::default()
        };
        let (f, name) = limit_used(&stats, &limits);
        assert!((f - 0.9).abs() < 1e-6);
        assert_eq!(name, "node limit");
    }

    #[test]
    fn tile_state_space_sizes() {
        let p = Puzzle::tiles(2, 3, &[5, 4, 2, 1, 3, 0], None).unwrap();
        assert_eq!(reachable_tile_states(&p), Some(360));
        let p = Puzzle::tiles(3, 3, &[1, 2, 3, 4, 5, 6, 7, 8, 0], None).unwrap();
        assert_eq!(reachable_tile_states(&p), Some(181_440));
    }
}
