//! Algorithm comparison: run a chosen set of algorithm + heuristic pairs on the current
//! puzzle with the same limits, then show the seeds' "insights" table (copyable as text or
//! CSV) and bar charts of states explored and time.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use egui::{Color32, RichText, Ui};
use egui_plot::{Bar, BarChart, GridInput, GridMark, Plot, PlotPoint, Text};

use crate::model::Puzzle;
use crate::solve::api::{self, Algorithm, SolveReport};
use crate::solve::core::{SearchControl, Stats, Termination};

use super::solve_format as fmt;
use super::solver_panel::{Availability, SolverSettings};
use super::task::{Poll, Task};

/// One algorithm with one heuristic (`None`: the solver's best admissible one).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ComparePair {
    /// The algorithm.
    pub algorithm: Algorithm,
    /// The heuristic by name, for algorithms that use one.
    pub heuristic: Option<String>,
}

impl ComparePair {
    /// A pair; the heuristic is dropped for algorithms that do not use one.
    pub fn new(algorithm: Algorithm, heuristic: Option<&str>) -> Self {
        ComparePair {
            algorithm,
            heuristic: heuristic
                .filter(|_| algorithm.uses_heuristic())
                .map(str::to_owned),
        }
    }

    /// "A* + manhattan", "BFS".
    pub fn title(&self) -> String {
        match &self.heuristic {
            Some(h) => format!("{} + {h}", self.algorithm.title()),
            None if self.algorithm.uses_heuristic() => {
                format!("{} + best", self.algorithm.title())
            }
            None => self.algorithm.title().to_string(),
        }
    }
}

/// The pair's title with the heuristic that will really run on this puzzle, and a note when
/// the chosen one does not apply (so the solver's best is used instead).
fn effective_title(pair: &ComparePair, availability: &Availability) -> (String, Option<String>) {
    if !pair.algorithm.uses_heuristic() {
        return (pair.title(), None);
    }
    let best = api::default_heuristic(&availability.heuristics).to_string();
    let runs = availability
        .effective_heuristic(pair.heuristic.as_deref())
        .unwrap_or_else(|| best.clone());
    let note = pair
        .heuristic
        .as_deref()
        .filter(|chosen| *chosen != runs)
        .map(|chosen| format!("{chosen} does not apply to this puzzle; {runs} runs instead"));
    (format!("{} + {runs}", pair.algorithm.title()), note)
}

/// The seed notebooks' comparison: BFS, DFS, UCS, greedy and A* (with Manhattan distance
/// where it applies), plus IDA*.
pub fn seed_pairs() -> Vec<ComparePair> {
    vec![
        ComparePair::new(Algorithm::Bfs, None),
        ComparePair::new(Algorithm::Dfs, None),
        ComparePair::new(Algorithm::Ucs, None),
        ComparePair::new(Algorithm::Greedy, Some("manhattan")),
        ComparePair::new(Algorithm::Astar, Some("manhattan")),
        ComparePair::new(Algorithm::Idastar, Some("manhattan")),
    ]
}

/// A* with every heuristic that applies to the puzzle (the assignment notebook's question:
/// which heuristic expands fewer nodes?).
pub fn heuristic_pairs(availability: &Availability) -> Vec<ComparePair> {
    availability
        .heuristics
        .iter()
        .filter(|h| h.applicable.is_ok())
        .map(|h| ComparePair::new(Algorithm::Astar, Some(&h.name)))
        .collect()
}

/// One row of the comparison table.
#[derive(Clone, Debug)]
pub struct CompareRow {
    /// What was asked.
    pub pair: ComparePair,
    /// The report, or why the pair could not run.
    pub result: Result<Arc<SolveReport>, String>,
}

impl CompareRow {
    fn cells(&self) -> [String; 9] {
        let algorithm = self.pair.algorithm.title().to_string();
        match &self.result {
            Ok(r) => [
                algorithm,
                r.heuristic.clone(),
                r.length().map_or_else(|| "–".into(), |n| n.to_string()),
                r.stats.expanded.to_string(),
                r.stats.generated.to_string(),
                r.stats.max_frontier.to_string(),
                format!("{:.1}", r.stats.elapsed.as_secs_f64() * 1e3),
                if r.status != Termination::Solved {
                    "–".into()
                } else if r.optimal {
                    "yes".into()
                } else {
                    "no".into()
                },
                r.status.name().into(),
            ],
            Err(e) => [
                algorithm,
                self.pair.heuristic.clone().unwrap_or_else(|| "–".into()),
                "–".into(),
                "–".into(),
                "–".into(),
                "–".into(),
                "–".into(),
                "–".into(),
                format!("not run: {e}"),
            ],
        }
    }
}

/// The table's column titles, as in the seeds' insight tables.
pub const COLUMNS: [&str; 9] = [
    "Algorithm",
    "Heuristic",
    "# Moves in Solution",
    "# States Explored",
    "Generated",
    "Max Frontier",
    "Time (ms)",
    "Optimal",
    "Status",
];

/// The rows as a Markdown table, like the seeds' "Insights" tables.
pub fn as_text(rows: &[CompareRow]) -> String {
    let table: Vec<[String; 9]> = rows.iter().map(CompareRow::cells).collect();
    let widths: Vec<usize> = (0..COLUMNS.len())
        .map(|i| {
            table
                .iter()
                .map(|r| r[i].chars().count())
                .chain(std::iter::once(COLUMNS[i].len()))
                .max()
                .unwrap_or(0)
        })
        .collect();
    let line = |cells: Vec<String>| {
        let padded: Vec<String> = cells
            .iter()
            .zip(&widths)
            .map(|(c, w)| format!("{c:<w$}"))
            .collect();
        format!("| {} |\n", padded.join(" | "))
    };
    let mut out = line(COLUMNS.iter().map(|s| s.to_string()).collect());
    out += &line(widths.iter().map(|w| "-".repeat(*w)).collect());
    for row in table {
        out += &line(row.to_vec());
    }
    out
}

/// The rows as CSV (RFC 4180 quoting).
pub fn as_csv(rows: &[CompareRow]) -> String {
    let quote = |s: &str| {
        if s.contains([',', '"', '\n']) {
            format!("\"{}\"", s.replace('"', "\"\""))
        } else {
            s.to_string()
        }
    };
    let mut out = COLUMNS.map(quote).join(",") + "\n";
    for row in rows {
        out += &(row.cells().map(|c| quote(&c)).join(",") + "\n");
    }
    out
}

/// Progress of a comparison: which pair runs, its statistics, and the rows finished so far.
#[derive(Clone, Debug)]
pub struct CompareProgress {
    /// Index of the pair running now.
    pub current: usize,
    /// Its latest statistics.
    pub stats: Stats,
    /// The rows finished so far.
    pub done: Vec<CompareRow>,
}

/// What the compare controls ask the app to do.
#[derive(Clone, Debug, PartialEq)]
pub enum CompareCommand {
    /// Run every pair.
    Run,
    /// Stop the comparison.
    Cancel,
    /// Stop the pair running now and go on with the next.
    Skip,
}

/// The comparison's state: the chosen pairs, a running comparison, and the last results.
pub struct Compare {
    /// The pairs to run, in table order.
    pub pairs: Vec<ComparePair>,
    add_algorithm: Algorithm,
    add_heuristic: Option<String>,
    /// Each pair stops after this many seconds (or the solver's own time limit, if smaller),
    /// so one hopeless pair does not hold up the table.
    pub seconds_per_pair: u64,
    task: Option<Task<CompareProgress, Vec<CompareRow>>>,
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
                let jobs: Vec<(ComparePair, Result<api::SolveRequest, String>)> = self
                    .pairs
                    .iter()
                    .map(|pair| {
                        let request = match availability.algorithm_reason(pair.algorithm) {
                            Some(reason) => Err(reason.to_string()),
                            None => {
                                let mut request = settings.request_for(
                                    pair.algorithm,
                                    availability.effective_heuristic(pair.heuristic.as_deref()),
                                );
                                let cap = Duration::from_secs(self.seconds_per_pair.max(1));
                                request.limits.max_time = request.limits.max_time.min(cap);
                                Ok(request)
                            }
                        };
                        (pair.clone(), request)
                    })
                    .collect();
                self.running_pairs = self.pairs.clone();
                let puzzle = puzzle.clone();
                let current_cancel = Arc::clone(&self.current_cancel);
                let spawned = Task::spawn("compare", ctx, move |reporter| {
                    let mut done: Vec<CompareRow> = Vec::new();
                    for (index, (pair, request)) in jobs.into_iter().enumerate() {
                        if reporter.is_cancelled() {
                            done.push(CompareRow {
                                pair,
                                result: Err("cancelled".into()),
                            });
                            continue;
                        }
                        let result = request.and_then(|request| {
                            let so_far = done.clone();
                            // Each pair gets its own flag, so Skip stops only this one.
                            let flag = Arc::new(AtomicBool::new(false));
                            if let Ok(mut current) = current_cancel.lock() {
                                *current = Arc::clone(&flag);
                            }
                            if reporter.is_cancelled() {
                                flag.store(true, Ordering::Relaxed);
                            }
                            let control = SearchControl::new(request.limits)
                                .with_cancel(flag)
                                .with_progress(reporter.sink(move |s: &Stats| CompareProgress {
                                    current: index,
                                    stats: *s,
                                    done: so_far.clone(),
                                }));
                            api::solve(&puzzle, &request, control)
                                .map(Arc::new)
                                .map_err(|e| e.to_string())
                        });
                        done.push(CompareRow { pair, result });
                        reporter.progress(CompareProgress {
                            current: index + 1,
                            stats: Stats::default(),
                            done: done.clone(),
                        });
                    }
                    done
                });
                match spawned {
                    Ok(task) => self.task = Some(task),
                    Err(e) => self.error = Some(e),
                }
            }
        }
    }

    /// The pair list, presets, and Run / Cancel (for the side panel).
    pub fn controls_ui(&mut self, ui: &mut Ui, availability: &Availability) -> Vec<CompareCommand> {
        let mut commands = Vec::new();
        let running = self.task.is_some();
        ui.add_enabled_ui(!running, |ui| {
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
                    match availability.algorithm_reason(pair.algorithm) {
                        Some(reason) => {
                            ui.label(RichText::new(text).weak()).on_hover_text(reason);
                        }
                        None => {
                            let label = ui.label(text);
                            if let Some(note) = note {
                                label.on_hover_text(note);
                            }
                        }
                    }
                });
            }
            if let Some(i) = remove {
                self.pairs.remove(i);
            }
            ui.horizontal(|ui| {
                let label = ui.label("Add");
                egui::ComboBox::from_id_salt("compare add algorithm")
                    .selected_text(self.add_algorithm.title())
                    .width(110.0)
                    .show_ui(ui, |ui| {
                        for a in Algorithm::ALL {
                            ui.selectable_value(&mut self.add_algorithm, a, a.title());
                        }
                    })
                    .response
                    .labelled_by(label.id);
                if self.add_algorithm.uses_heuristic() {
                    egui::ComboBox::from_id_salt("compare add heuristic")
                        .selected_text(self.add_heuristic.as_deref().unwrap_or("best"))
                        .width(90.0)
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
                                    h.name.as_str(),
                                );
                            }
                        })
                        .response
                        .accessible_name("Heuristic to add");
                }
                if ui.button("+").on_hover_text("Add this pair").clicked() {
                    let pair = ComparePair::new(self.add_algorithm, self.add_heuristic.as_deref());
                    if !self.pairs.contains(&pair) {
                        self.pairs.push(pair);
                    }
                }
            });
            ui.horizontal(|ui| {
                if ui
                    .small_button("Seeds' set")
                    .on_hover_text("BFS, DFS, UCS, greedy, A* and IDA*, as in the notebooks")
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
        ui.horizontal(|ui| {
            if ui
                .add_enabled(
                    !running && !self.pairs.is_empty(),
                    egui::Button::new("Run comparison"),
                )
                .on_hover_text("Run every pair with the solver's metric and limits")
                .clicked()
            {
                commands.push(CompareCommand::Run);
            }
            if ui
                .add_enabled(running, egui::Button::new("Skip"))
                .on_hover_text("Stop the pair running now and go on with the next")
                .clicked()
            {
                commands.push(CompareCommand::Skip);
            }
            if ui
                .add_enabled(running, egui::Button::new("Cancel comparison"))
                .on_hover_text("Stop the comparison")
                .clicked()
            {
                commands.push(CompareCommand::Cancel);
            }
        });
        if let Some(task) = &self.task {
            let (current, stats) = task
                .progress()
                .map_or((0, Stats::default()), |p| (p.current, p.stats));
            let title = self
                .running_pairs
                .get(current)
                .map_or_else(String::new, ComparePair::title);
            ui.horizontal(|ui| {
                ui.spinner();
                ui.label(format!(
                    "{}/{}: {title} · {} expanded",
                    (current + 1).min(self.running_pairs.len()),
                    self.running_pairs.len(),
                    fmt::count(stats.expanded)
                ));
            });
        }
        if let Some(e) = &self.error {
            ui.colored_label(ui.visuals().warn_fg_color, e);
        }
        commands
    }

    /// The results table, copy buttons and charts (for the central area). Returns a solved
    /// row's report when the user asks to play it back.
    pub fn results_ui(&mut self, ui: &mut Ui) -> Option<Arc<SolveReport>> {
        if self.rows.is_empty() {
            ui.label(if self.task.is_some() {
                "Comparing… the first row appears when its search ends."
            } else {
                "Choose algorithm + heuristic pairs in the solver panel and press Run comparison."
            });
            return None;
        }
        ui.horizontal(|ui| {
            ui.heading("Comparison");
            if ui.button("Copy as text").clicked() {
                ui.ctx().copy_text(as_text(&self.rows));
            }
            if ui.button("Copy CSV").clicked() {
                ui.ctx().copy_text(as_csv(&self.rows));
            }
        });
        let chosen = egui::ScrollArea::horizontal()
            .id_salt("compare table scroll")
            .show(ui, |ui| table_ui(ui, &self.rows))
            .inner;
        ui.weak("Click an algorithm to play its solution back.");
        ui.add_space(8.0);
        charts_ui(ui, &self.rows);
        chosen
    }
}

impl Drop for Compare {
    fn drop(&mut self) {
        self.skip_current();
    }
}

/// The table; returns the report of a solved row whose algorithm was clicked.
fn table_ui(ui: &mut Ui, rows: &[CompareRow]) -> Option<Arc<SolveReport>> {
    let mut chosen = None;
    egui::Grid::new("compare table")
        .num_columns(COLUMNS.len())
        .striped(true)
        .spacing([14.0, 4.0])
        .show(ui, |ui| {
            for title in COLUMNS {
                ui.label(RichText::new(title).strong());
            }
            ui.end_row();
            for row in rows {
                let cells = row.cells();
                let numeric = |i: usize, text: &str| -> String {
                    match (i, text.parse::<u64>()) {
                        (3..=5, Ok(v)) => fmt::count(v),
                        _ => text.to_string(),
                    }
                };
                for (i, cell) in cells.iter().enumerate() {
                    let text = numeric(i, cell);
                    match (i, cell.as_str()) {
                        (7, "yes") => ui.colored_label(Color32::from_rgb(0x2e, 0x9e, 0x4f), text),
                        (7, "no") => ui.colored_label(ui.visuals().warn_fg_color, text),
                        (0, _) => match &row.result {
                            Ok(report) if report.status == Termination::Solved => {
                                let link = ui
                                    .link(RichText::new(text).strong())
                                    .on_hover_text("Play this solution back");
                                if link.clicked() {
                                    chosen = Some(Arc::clone(report));
                                }
                                link
                            }
                            _ => ui.label(RichText::new(text).strong()),
                        },
                        (2..=6, _) => ui.monospace(text),
                        _ => ui.label(text),
                    };
                }
                ui.end_row();
            }
        });
    chosen
}

/// Above this ratio between the largest and smallest bar, charts switch to a log scale: the
/// small bars would be too thin to read.
const LOG_SPREAD: f64 = 30.0;

/// Values for a bar chart: linear, or log10 when the spread is wider than [`LOG_SPREAD`].
fn scaled(values: &[f64]) -> (Vec<f64>, bool) {
    let positive: Vec<f64> = values.iter().copied().filter(|v| *v > 0.0).collect();
    let max = positive.iter().copied().fold(0.0, f64::max);
    let min = positive.iter().copied().fold(f64::INFINITY, f64::min);
    let log = positive.len() >= 2 && max / min > LOG_SPREAD;
    if log {
        (
            values
                .iter()
                .map(|v| if *v >= 1.0 { v.log10() } else { 0.0 })
                .collect(),
            true,
        )
    } else {
        (values.to_vec(), false)
    }
}

/// A compact axis number: 950, 12k, 3.4M.
fn compact(v: f64) -> String {
    let a = v.abs();
    let (x, suffix) = if a >= 1e9 {
        (v / 1e9, "G")
    } else if a >= 1e6 {
        (v / 1e6, "M")
    } else if a >= 1e3 {
        (v / 1e3, "k")
    } else {
        (v, "")
    };
    // Three significant digits at most.
    let digits = if x.abs() >= 100.0 {
        format!("{x:.0}")
    } else if x.abs() >= 10.0 {
        format!("{x:.1}")
    } else {
        format!("{x:.2}")
    };
    let digits = if digits.contains('.') {
        digits.trim_end_matches('0').trim_end_matches('.')
    } else {
        &digits
    };
    format!("{digits}{suffix}")
}

/// Marks chart labels of runs that stopped before solving.
const STOPPED_MARK: char = '†';

/// Short chart labels: the algorithm, plus the heuristic when an algorithm appears twice,
/// plus [`STOPPED_MARK`] for a run that stopped before solving.
fn chart_labels(rows: &[(&ComparePair, &SolveReport)]) -> Vec<String> {
    rows.iter()
        .map(|(pair, report)| {
            let twice = rows
                .iter()
                .filter(|(p, _)| p.algorithm == pair.algorithm)
                .count()
                > 1;
            let mut label = short_name(pair.algorithm).to_string();
            if twice && pair.algorithm.uses_heuristic() {
                label.push(' ');
                label.extend(report.heuristic.chars().take(8));
            }
            if report.status != Termination::Solved {
                label.push(STOPPED_MARK);
            }
            label
        })
        .collect()
}

fn short_name(algorithm: Algorithm) -> &'static str {
    match algorithm {
        Algorithm::Bfs => "BFS",
        Algorithm::Dfs => "DFS",
        Algorithm::Ucs => "UCS",
        Algorithm::Greedy => "Greedy",
        Algorithm::Astar => "A*",
        Algorithm::Wastar => "wA*",
        Algorithm::Iddfs => "IDDFS",
        Algorithm::Idastar => "IDA*",
        Algorithm::Bibfs => "BiBFS",
    }
}

fn charts_ui(ui: &mut Ui, rows: &[CompareRow]) {
    let finished: Vec<(&ComparePair, &SolveReport)> = rows
        .iter()
        .filter_map(|r| r.result.as_ref().ok().map(|rep| (&r.pair, rep.as_ref())))
        .collect();
    if finished.is_empty() {
        return;
    }
    let labels = chart_labels(&finished);
    let explored: Vec<f64> = finished
        .iter()
        .map(|(_, r)| r.stats.expanded as f64)
        .collect();
    let millis: Vec<f64> = finished
        .iter()
        .map(|(_, r)| r.stats.elapsed.as_secs_f64() * 1e3)
        .collect();
    let width = ((ui.available_width() - 12.0) / 2.0).max(160.0);
    ui.horizontal(|ui| {
        bar_plot(
            ui,
            "compare explored",
            "States explored",
            &labels,
            &explored,
            Color32::from_rgb(0x3d, 0x7e, 0xc9),
            width,
        );
        bar_plot(
            ui,
            "compare time",
            "Time (ms)",
            &labels,
            &millis,
            Color32::from_rgb(0xe0, 0x8a, 0x1e),
            width,
        );
    });
    if labels.iter().any(|l| l.ends_with(STOPPED_MARK)) {
        ui.weak(format!(
            "{STOPPED_MARK} stopped before solving (a limit, or cancelled): its bars are lower \
             bounds."
        ));
    }
}

fn bar_plot(
    ui: &mut Ui,
    id: &str,
    title: &str,
    labels: &[String],
    values: &[f64],
    colour: Color32,
    width: f32,
) {
    let (heights, log) = scaled(values);
    let bars: Vec<Bar> = heights
        .iter()
        .zip(values)
        .enumerate()
        .map(|(i, (h, v))| {
            Bar::new(i as f64, *h)
                .width(0.6)
                .name(format!("{}: {}", labels[i], compact(*v)))
                .fill(colour)
        })
        .collect();
    let heading = if log {
        format!("{title} (log scale)")
    } else {
        title.to_string()
    };
    let labels = labels.to_vec();
    let n = labels.len();
    let labels_above: Vec<(f64, f64, String)> = heights
        .iter()
        .zip(values)
        .enumerate()
        .map(|(i, (h, v))| (i as f64, *h, compact(*v)))
        .collect();
    let top = heights.iter().copied().fold(0.0, f64::max);
    ui.vertical(|ui| {
        ui.label(RichText::new(heading).strong());
        let mut plot = Plot::new(id)
            .width(width)
            .height(230.0)
            .allow_drag(false)
            .allow_zoom(false)
            .allow_scroll(false)
            .allow_boxed_zoom(false)
            .show_x(false)
            .include_y(0.0)
            // Room above the tallest bar for its value.
            .include_y(top * 1.12)
            .include_x(-0.6)
            .include_x(n as f64 - 0.4)
            .x_grid_spacer(|input: GridInput| integer_marks(input.bounds))
            .x_axis_formatter(move |mark: GridMark, _| {
                let i = mark.value.round();
                if (mark.value - i).abs() < 1e-6 && i >= 0.0 && (i as usize) < labels.len() {
                    labels[i as usize].clone()
                } else {
                    String::new()
                }
            });
        plot = if log {
            plot.y_grid_spacer(|input: GridInput| integer_marks(input.bounds))
                .y_axis_formatter(|mark: GridMark, _| compact(10f64.powf(mark.value)))
        } else {
            plot.y_axis_formatter(|mark: GridMark, _| compact(mark.value))
        };
        plot.show(ui, |plot| {
            plot.bar_chart(BarChart::new(title, bars).color(colour));
            for (x, h, text) in labels_above {
                plot.text(
                    Text::new("", PlotPoint::new(x, h), RichText::new(text).small())
                        .anchor(egui::Align2::CENTER_BOTTOM),
                );
            }
        });
    });
}

fn integer_marks(bounds: (f64, f64)) -> Vec<GridMark> {
    let (lo, hi) = (bounds.0.ceil() as i64, bounds.1.floor() as i64);
    if hi - lo > 60 {
        return Vec::new();
    }
    (lo..=hi)
        .map(|v| GridMark {
            value: v as f64,
            step_size: 1.0,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn failed_row(algorithm: Algorithm) -> CompareRow {
        CompareRow {
            pair: ComparePair::new(algorithm, None),
            result: Err("needs a complete goal, \"sorry\"".into()),
        }
    }

    #[test]
    fn pairs_drop_heuristics_of_uninformed_algorithms() {
        assert_eq!(
            ComparePair::new(Algorithm::Bfs, Some("manhattan")).heuristic,
            None
        );
        assert_eq!(
            ComparePair::new(Algorithm::Bfs, None).title(),
            "Breadth-first"
        );
        assert_eq!(
            ComparePair::new(Algorithm::Astar, Some("manhattan")).title(),
            "A* + manhattan"
        );
    }

    #[test]
    fn csv_quotes_cells_with_commas_and_quotes() {
        let csv = as_csv(&[failed_row(Algorithm::Bibfs)]);
        let mut lines = csv.lines();
        assert_eq!(lines.next().unwrap().split(',').count(), COLUMNS.len());
        let row = lines.next().unwrap();
        assert!(row.starts_with("Bidirectional BFS,–,"), "{row}");
        assert!(
            row.ends_with("\"not run: needs a complete goal, \"\"sorry\"\"\""),
            "{row}"
        );
    }

    #[test]
    fn text_table_has_a_header_rule_and_aligned_columns() {
        let text = as_text(&[failed_row(Algorithm::Bfs), failed_row(Algorithm::Idastar)]);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 4);
        assert!(lines[0].starts_with("| Algorithm"));
        assert!(lines[1].starts_with("| ---"));
        let width = lines[0].chars().count();
        assert!(lines.iter().all(|l| l.chars().count() == width), "{text}");
    }

    #[test]
    fn log_scale_only_when_the_spread_is_wide() {
        assert!(!scaled(&[53.0, 49.0, 9.0]).1);
        let (h, log) = scaled(&[9.0, 3_672_809.0, 0.0]);
        assert!(log);
        assert!((h[1] - 3_672_809f64.log10()).abs() < 1e-9);
        assert_eq!(h[2], 0.0);
    }

    #[test]
    fn chart_labels_tell_pairs_apart_and_mark_unfinished_runs() {
        let report = |heuristic: &str, status: Termination| SolveReport {
            puzzle: String::new(),
            puzzle_type: crate::model::PuzzleType::Tiles,
            algorithm: Algorithm::Astar,
            heuristic: heuristic.into(),
            metric: crate::model::Metric::Step,
            status,
            optimal: true,
            moves: Vec::new(),
            blank_moves: None,
            stats: Stats::default(),
            notes: Vec::new(),
        };
        let bfs = ComparePair::new(Algorithm::Bfs, None);
        let a1 = ComparePair::new(Algorithm::Astar, Some("manhattan"));
        let a2 = ComparePair::new(Algorithm::Astar, Some("linear-conflict"));
        let (r1, r2, r3) = (
            report("zero", Termination::Solved),
            report("manhattan", Termination::Solved),
            report("linear-conflict", Termination::TimeLimit),
        );
        let labels = chart_labels(&[(&bfs, &r1), (&a1, &r2), (&a2, &r3)]);
        assert_eq!(labels, ["BFS", "A* manhatta", "A* linear-c†"]);
    }

    #[test]
    fn compact_numbers() {
        assert_eq!(compact(950.0), "950");
        assert_eq!(compact(12_000.0), "12k");
        assert_eq!(compact(3_400_000.0), "3.4M");
        assert_eq!(compact(1.0), "1");
        assert_eq!(compact(275.16), "275");
        assert_eq!(compact(3.64), "3.64");
        assert_eq!(compact(780_757.0), "781k");
        assert_eq!(compact(1_000.0), "1k");
    }
}
