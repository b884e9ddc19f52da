//! The Watch view: one algorithm's search on the design, expansion by expansion, for students
//! of search algorithms.
//!
//! The trace comes from the real algorithm through the search core's observer
//! ([`blockslide_core::solve::api::watch`]), capped at [`DEFAULT_EVENT_CAP`] events. A step is one
//! expansion with the successors it generated. The view shows the position just expanded and
//! the move that made it, the frontier in the order the algorithm will take it (the next one
//! marked, ties with it marked), the counters as the run had them at that step, and the
//! search tree so far (pan with a drag, zoom with Ctrl + scroll; click a node for its board
//! and its path from the root).

mod tree;

use std::collections::HashSet;
use std::sync::Arc;

use egui::{Pos2, Rect, RichText, Sense, Ui, Vec2, vec2};

use crate::command::{Command, SolveCommand, WatchCommand};
use crate::common::board::Board;
use crate::solve::search::SearchJob;
use blockslide_core::model::Puzzle;
use blockslide_core::solve::Algorithm;
use blockslide_core::solve::api::{SolveReport, watch};
use blockslide_core::solve::trace::{Counters, DEFAULT_EVENT_CAP, Replay, Trace, TraceEvent};
use tree::{GOAL, node_figures, paint_thumbnail, thumb_size, tree_ui};

/// Frontier entries listed at most (the rest are counted).
const FRONTIER_ROWS: usize = 60;

/// The search as it stood after one step, worked out when the step changes (not every
/// frame: replaying a long trace takes a while).
pub struct StepView {
    events: usize,
    counters: Counters,
    frontier: Vec<usize>,
    in_frontier: HashSet<usize>,
    current: Option<usize>,
    goal: Option<usize>,
    bound: Option<u32>,
    expanded: Vec<bool>,
}

impl StepView {
    fn of(replay: &Replay<'_>, nodes: usize) -> Self {
        let frontier = replay.frontier();
        StepView {
            events: replay.step(),
            counters: replay.counters(),
            in_frontier: frontier.iter().copied().collect(),
            frontier,
            current: replay.current(),
            goal: replay.goal(),
            bound: replay.bound(),
            expanded: (0..nodes).map(|n| replay.is_expanded(n)).collect(),
        }
    }

    /// Events applied so far.
    fn step(&self) -> usize {
        self.events
    }

    /// The counters at this step.
    pub fn counters(&self) -> Counters {
        self.counters
    }

    /// The frontier, next first.
    pub fn frontier(&self) -> &[usize] {
        &self.frontier
    }

    fn current(&self) -> Option<usize> {
        self.current
    }

    fn goal(&self) -> Option<usize> {
        self.goal
    }

    fn bound(&self) -> Option<u32> {
        self.bound
    }

    fn is_expanded(&self, node: usize) -> bool {
        self.expanded[node]
    }
}

/// A watched search and where the student is in it.
pub struct Watching {
    trace: Arc<Trace>,
    report: Arc<SolveReport>,
    /// Events applied after each step: `ends[k]` after `k` expansions.
    ends: Vec<usize>,
    step: usize,
    view: StepView,
    selected: Option<usize>,
}

impl Watching {
    fn new(trace: Trace, report: SolveReport) -> Self {
        let mut ends = Vec::new();
        for (i, event) in trace.events.iter().enumerate() {
            if matches!(event, TraceEvent::Expanded { .. }) {
                ends.push(i);
            }
        }
        // Step k ends just before expansion k + 1; the last step takes every event left.
        ends.push(trace.events.len());
        let view = StepView::of(&Replay::at(&trace, ends[0]), trace.nodes.len());
        Watching {
            trace: Arc::new(trace),
            report: Arc::new(report),
            ends,
            step: 0,
            view,
            selected: None,
        }
    }

    /// Moves to `step` (at most the last).
    fn go(&mut self, step: usize) {
        self.step = step.min(self.steps());
        let replay = Replay::at(&self.trace, self.ends[self.step]);
        self.view = StepView::of(&replay, self.trace.nodes.len());
    }

    /// The search as it stands at the current step, as the view shows it.
    pub fn view(&self) -> &StepView {
        &self.view
    }

    /// The search as it stands at the current step.
    pub fn replay(&self) -> Replay<'_> {
        Replay::at(&self.trace, self.ends[self.step])
    }

    /// The current step (expansions made).
    pub fn step(&self) -> usize {
        self.step
    }

    /// The last step.
    pub fn steps(&self) -> usize {
        self.ends.len() - 1
    }

    /// The tree node the student clicked last.
    pub fn selected(&self) -> Option<usize> {
        self.selected
    }

    /// The trace watched.
    pub fn trace(&self) -> &Trace {
        &self.trace
    }

    /// The report of the run.
    pub fn report(&self) -> &SolveReport {
        &self.report
    }

    /// The frontier rows as the view lists them, next first: `g h f move` of each entry.
    pub fn frontier_rows(&self) -> Vec<String> {
        self.view
            .frontier()
            .iter()
            .map(|&n| node_figures(&self.trace, n))
            .collect()
    }

    /// The step at which the goal is reached (or the last).
    fn goal_step(&self) -> usize {
        let goal_event = self
            .trace
            .events
            .iter()
            .position(|e| matches!(e, TraceEvent::Goal { .. }));
        match goal_event {
            Some(i) => self
                .ends
                .iter()
                .position(|&end| end > i)
                .unwrap_or(self.steps()),
            None => self.steps(),
        }
    }
}

/// The Watch view's state.
pub struct Watch {
    watching: Option<Watching>,
    error: Option<String>,
    playing: bool,
    /// Expansions per second while playing.
    speed: f32,
    /// When the last step was played (seconds of the app's clock).
    last_played: f64,
    thumbnails: bool,
    scene: SceneView,
}

/// The tree's pan and zoom: the part of the drawing in view, and the one fitted to the whole
/// tree last (while the student has not panned or zoomed, the view follows the growing tree).
#[derive(Clone, Copy)]
struct SceneView {
    rect: Rect,
    fitted: Option<Rect>,
}

impl Default for SceneView {
    fn default() -> Self {
        SceneView {
            rect: Rect::ZERO,
            fitted: None,
        }
    }
}

impl SceneView {
    /// Shows the whole drawing of `size` unless the student moved the view.
    fn follow(&mut self, size: Vec2) {
        let whole = Rect::from_min_size(Pos2::ZERO, size).expand(8.0);
        if self.fitted.is_none_or(|f| f == self.rect) || !self.rect.is_finite() {
            self.rect = whole;
            self.fitted = Some(whole);
        }
    }
}

impl Default for Watch {
    fn default() -> Self {
        Watch {
            watching: None,
            error: None,
            playing: false,
            speed: 4.0,
            last_played: 0.0,
            thumbnails: false,
            scene: SceneView::default(),
        }
    }
}

impl Watch {
    /// The search being watched, if any.
    pub fn watching(&self) -> Option<&Watching> {
        self.watching.as_ref()
    }

    /// Forgets the search (the design changed).
    pub fn reset(&mut self) {
        *self = Watch {
            speed: self.speed,
            thumbnails: self.thumbnails,
            ..Watch::default()
        };
    }

    /// Carries out `command` on `puzzle` with `job` (the solver panel's choices).
    pub fn apply(&mut self, command: WatchCommand, puzzle: &Puzzle, job: &SearchJob) {
        if let WatchCommand::Start = command {
            self.start(puzzle, job);
            return;
        }
        let Some(w) = self.watching.as_mut() else {
            return;
        };
        match command {
            WatchCommand::Start => {}
            WatchCommand::Step => w.go(w.step + 1),
            WatchCommand::Back => w.go(w.step.saturating_sub(1)),
            WatchCommand::Restart => {
                w.go(0);
                w.selected = None;
                self.playing = false;
            }
            WatchCommand::ToGoal => {
                w.go(w.goal_step());
                self.playing = false;
            }
            WatchCommand::Play => self.playing = !self.playing && w.step < w.steps(),
            WatchCommand::Select(node) => w.selected = Some(node),
        }
    }

    fn start(&mut self, puzzle: &Puzzle, job: &SearchJob) {
        self.playing = false;
        match watch(puzzle, &job.request, job.control(), DEFAULT_EVENT_CAP) {
            Ok(watched) => {
                self.error = None;
                self.watching = Some(Watching::new(watched.trace, watched.report));
            }
            Err(e) => {
                self.error = Some(e.to_string());
                self.watching = None;
            }
        }
    }

    /// The view, for `puzzle` with the solver panel's `algorithm` and `heuristic` named.
    pub fn ui(&mut self, ui: &mut Ui, algorithm: Algorithm, commands: &mut Vec<Command>) {
        let send = |commands: &mut Vec<Command>, c: WatchCommand| {
            commands.push(SolveCommand::Watch(c).into());
        };
        ui.horizontal(|ui| {
            let start = ui.button(format!("Watch {}", algorithm.title()));
            if start
                .on_hover_text("Run the solver panel's algorithm and heuristic step by step")
                .clicked()
            {
                send(commands, WatchCommand::Start);
            }
            ui.checkbox(&mut self.thumbnails, "Boards in the tree")
                .on_hover_text("Draw the tree's nodes as small boards instead of dots");
            if ui
                .button("Fit the tree")
                .on_hover_text("Show the whole tree (drag to pan, Ctrl + scroll to zoom)")
                .clicked()
            {
                self.scene.fitted = None;
            }
        });
        if let Some(error) = &self.error {
            ui.colored_label(ui.visuals().error_fg_color, error);
        }
        self.play(ui, commands);
        let Some(w) = self.watching.as_ref() else {
            ui.weak(
                "Choose an algorithm (and a heuristic) in the solver panel, then press Watch. \
                 Small puzzles suit it best: the 2x3 slider, the 8-puzzle seeds, the tiny and \
                 small block puzzles.",
            );
            return;
        };
        ui.separator();
        controls_ui(ui, w, self.playing, &mut self.speed, commands);
        ui.separator();
        let replay = &w.view;
        summary_ui(ui, w, replay);
        ui.separator();
        ui.horizontal_top(|ui| {
            ui.vertical(|ui| {
                ui.set_width(300.0);
                current_ui(ui, w, replay);
                ui.separator();
                frontier_ui(ui, w, replay);
            });
            ui.separator();
            ui.vertical(|ui| {
                selected_ui(ui, w);
                tree_ui(ui, w, replay, self.thumbnails, &mut self.scene, commands);
            });
        });
    }

    /// While playing, queues a step when one is due.
    fn play(&mut self, ui: &Ui, commands: &mut Vec<Command>) {
        if !self.playing {
            return;
        }
        let Some(w) = self.watching.as_ref() else {
            return;
        };
        if w.step >= w.steps() {
            self.playing = false;
            return;
        }
        let now = ui.input(|i| i.time);
        let period = 1.0 / f64::from(self.speed.max(0.1));
        if now - self.last_played >= period {
            self.last_played = now;
            commands.push(SolveCommand::Watch(WatchCommand::Step).into());
        }
        ui.ctx()
            .request_repaint_after(std::time::Duration::from_secs_f64(period / 2.0));
    }
}

fn controls_ui(
    ui: &mut Ui,
    w: &Watching,
    playing: bool,
    speed: &mut f32,
    commands: &mut Vec<Command>,
) {
    let send = |commands: &mut Vec<Command>, c: WatchCommand| {
        commands.push(SolveCommand::Watch(c).into());
    };
    ui.horizontal(|ui| {
        let (at_start, at_end) = (w.step == 0, w.step >= w.steps());
        if ui
            .add_enabled(!at_start, egui::Button::new("« Restart"))
            .clicked()
        {
            send(commands, WatchCommand::Restart);
        }
        if ui
            .add_enabled(!at_start, egui::Button::new("‹ Step back"))
            .clicked()
        {
            send(commands, WatchCommand::Back);
        }
        if ui
            .add_enabled(!at_end, egui::Button::new("Step ›"))
            .on_hover_text("Expand one more node")
            .clicked()
        {
            send(commands, WatchCommand::Step);
        }
        let play = if playing { "Pause" } else { "Play" };
        if ui.add_enabled(!at_end, egui::Button::new(play)).clicked() {
            send(commands, WatchCommand::Play);
        }
        let label = ui.label("Speed");
        ui.add(
            egui::Slider::new(speed, 0.5..=50.0)
                .logarithmic(true)
                .suffix(" /s"),
        )
        .labelled_by(label.id);
        if ui
            .add_enabled(!at_end, egui::Button::new("Run to the goal »"))
            .clicked()
        {
            send(commands, WatchCommand::ToGoal);
        }
        ui.label(format!("Step {} of {}", w.step, w.steps()));
    });
}

fn summary_ui(ui: &mut Ui, w: &Watching, replay: &StepView) {
    let trace = &w.trace;
    let report = &w.report;
    ui.horizontal_wrapped(|ui| {
        let heuristic = if trace.algorithm.uses_heuristic() {
            format!(" with {}", report.heuristic)
        } else {
            String::new()
        };
        ui.label(RichText::new(format!("{}{heuristic}", trace.algorithm.title())).strong());
        ui.label(format!("· frontier: {}", trace.discipline()));
        if let Some(bound) = replay.bound() {
            let raised = |e: &&TraceEvent| matches!(e, TraceEvent::BoundRaised { .. });
            let iteration = trace.events[..replay.step()].iter().filter(raised).count();
            let iterations = trace.events.iter().filter(raised).count();
            ui.label(
                RichText::new(format!(
                    "· iteration {iteration} of {iterations}, bound {bound}"
                ))
                .strong(),
            );
        }
    });
    let c = replay.counters();
    let stats = &report.stats;
    egui::Grid::new("watch counters")
        .num_columns(5)
        .show(ui, |ui| {
            ui.label("");
            for name in ["expanded", "generated", "duplicates", "max frontier"] {
                ui.label(RichText::new(name).strong());
            }
            ui.end_row();
            ui.label("now");
            for (name, value) in [
                ("Expanded", c.expanded),
                ("Generated", c.generated),
                ("Duplicates", c.duplicates),
                ("Max frontier", c.max_frontier),
            ] {
                ui.label(value.to_string())
                    .on_hover_text(format!("{name} so far: {value}"));
            }
            ui.end_row();
            ui.label("whole run");
            for value in [
                stats.expanded,
                stats.generated,
                stats.duplicates,
                stats.max_frontier,
            ] {
                ui.weak(value.to_string());
            }
            ui.end_row();
        });
    if trace.truncated {
        ui.colored_label(
            ui.visuals().warn_fg_color,
            format!(
                "This search is too big to watch: it was stopped after {} expansions, when \
                 its trace of at most {DEFAULT_EVENT_CAP} events was full. Try a smaller \
                 puzzle (the 2x3 slider, an 8-puzzle seed, the tiny or small block puzzle) or \
                 an informed algorithm.",
                stats.expanded
            ),
        );
    }
    if trace.events.is_empty() {
        ui.label(format!(
            "Nothing to watch: {}",
            report.notes.join("; ").trim_end_matches('.')
        ));
    }
    if replay.goal().is_some() {
        let length = report
            .length()
            .map_or(String::new(), |n| format!(": a solution of {n} moves"));
        ui.colored_label(GOAL, format!("Goal reached{length}."));
    }
}

fn current_ui(ui: &mut Ui, w: &Watching, replay: &StepView) {
    let trace = &w.trace;
    let Some(node) = replay.current() else {
        ui.label("Nothing expanded yet: the frontier holds the start.");
        return;
    };
    let n = &trace.nodes[node];
    let via = if n.label.is_empty() {
        "the start".to_string()
    } else {
        format!("after {}", n.label)
    };
    ui.label(RichText::new(format!("Expanded: {via}")).strong());
    ui.label(node_figures(trace, node));
    ui.allocate_ui(vec2(300.0, 160.0), |ui| {
        Board::new(&n.position)
            .id_salt("watch current board")
            .label("Expanded position")
            .interactive(false)
            .centered(false)
            .max_cell_size(48.0)
            .show(ui);
    });
}

fn frontier_ui(ui: &mut Ui, w: &Watching, replay: &StepView) {
    let trace = &w.trace;
    let frontier = replay.frontier();
    ui.label(RichText::new(format!("Frontier ({})", frontier.len())).strong());
    let next = frontier.first().copied();
    egui::ScrollArea::vertical()
        .id_salt("watch frontier")
        .max_height(ui.available_height().max(120.0))
        .show(ui, |ui| {
            for (i, &node) in frontier.iter().take(FRONTIER_ROWS).enumerate() {
                ui.horizontal(|ui| {
                    let (rect, _) = ui.allocate_exact_size(thumb_size(trace, 40.0), Sense::hover());
                    paint_thumbnail(ui, rect, &trace.nodes[node].position);
                    let mut text = node_figures(trace, node);
                    if i == 0 {
                        ui.label(RichText::new(format!("next » {text}")).strong());
                    } else {
                        if next.is_some_and(|n| trace.tied(n, node)) {
                            text.push_str("  (tie)");
                        }
                        ui.label(text);
                    }
                });
            }
            if frontier.len() > FRONTIER_ROWS {
                ui.weak(format!("… and {} more", frontier.len() - FRONTIER_ROWS));
            }
        });
}

fn selected_ui(ui: &mut Ui, w: &Watching) {
    let trace = &w.trace;
    let Some(node) = w.selected else {
        ui.weak("Click a node of the tree to see its board and its path from the root.");
        return;
    };
    let mut path = Vec::new();
    let mut at = Some(node);
    while let Some(n) = at {
        if !trace.nodes[n].label.is_empty() {
            path.push(trace.nodes[n].label.clone());
        }
        at = trace.nodes[n].parent;
    }
    path.reverse();
    ui.horizontal(|ui| {
        let (rect, _) = ui.allocate_exact_size(thumb_size(trace, 60.0), Sense::hover());
        paint_thumbnail(ui, rect, &trace.nodes[node].position);
        ui.vertical(|ui| {
            ui.label(RichText::new("Selected node").strong());
            ui.label(node_figures(trace, node));
            let path = if path.is_empty() {
                "the root".to_string()
            } else {
                path.join(", ")
            };
            ui.label(format!("Path: {path}"));
        });
    });
}
