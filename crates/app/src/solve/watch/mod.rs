//! The Watch view: one algorithm's search on the design, expansion by expansion, for students
//! of search algorithms.
//!
//! The trace comes from the real algorithm through the search core's observer
//! ([`blockslide_core::solve::api::watch`]), capped at [`WATCH_EVENT_CAP`] events (room for
//! every bundled puzzle with every algorithm that solves it within a second). A step is one
//! expansion with the successors it generated. The view shows the position just expanded and
//! the move that made it, the frontier in the order the algorithm will take it (the next one
//! marked, ties with it marked), the counters as the run had them at that step, and the
//! search tree so far (pan with a drag, zoom with Ctrl + scroll; click a node for its board
//! and its path from the root), with the solution path once the goal is reached. A line says
//! why the next node comes next: its f = g + h (or depth, or bound) and what it beat.
//!
//! A search recorded elsewhere (a student's, from the Python package's `Recorder`) is opened
//! with File > Open trace… and watched beside Blockslide's own run of the same algorithm, the
//! first step where they differ said in words and ringed in both trees (`recorded.rs`).
//!
//! For teaching, a second algorithm (and heuristic) can be watched beside the first on the
//! same puzzle: one set of controls steps both by expansion count, each with its counters,
//! its "why this node" line, its selected node, its frontier and expanded board when unfolded,
//! and its tree, side by side, the two trees level (their headers compact, and one legend for
//! both trees, when the centre is small).

mod compare;
mod export;
mod fold;
mod layout;
mod panels;
mod recorded;
mod scene;
mod summary;
mod tree;
mod why;

use std::collections::HashSet;
use std::sync::Arc;

use egui::{Key, Modifiers, Rect, Ui, vec2};

use crate::command::{Command, SolveCommand, WatchCommand};
use crate::solve::search::SearchJob;
use blockslide_core::model::{Cell, Puzzle};
use blockslide_core::solve::Algorithm;
use blockslide_core::solve::api::{PuzzleProfile, SolveReport, metric_for, watch};
use blockslide_core::solve::trace::{Replay, Trace, TraceEvent, WATCH_EVENT_CAP};
use compare::{compared_job, watch_width};
pub use export::Picture;
use export::export_ui;
use fold::fold_tree;
use layout::{TreeLayout, layout_tree};
use panels::{Extras, current_ui, frontier_ui, selected_ui, why_ui};
use scene::SceneView;
use summary::summary_ui;
use tree::{cut_note_ui, fit_button, legend_ui, node_figures, tree_ui};
use why::why_next;

/// Frontier entries listed at most (the rest are counted).
const FRONTIER_ROWS: usize = 60;

/// The centre width below which the view stacks its columns instead of setting them side by
/// side (and a comparison shows its two searches with compact headers).
const WIDE: f32 = 760.0;

/// Tree nodes drawn at most (beyond them, only the paths to the goal, the node expanded last
/// and the one selected).
const TREE_NODES: usize = 4000;

/// The search as it stood after one step, worked out when the step or the selection changes
/// (not every frame: the frontier is sorted, the tree laid out and the boards rebuilt once).
pub struct StepView {
    frontier: Vec<usize>,
    in_frontier: HashSet<usize>,
    /// The first frontier entries as listed: node, board, figures.
    rows: Vec<(usize, Vec<Cell>, String)>,
    /// The node expanded last: its move in words and its position.
    current: Option<(String, Puzzle)>,
    /// The node selected: its board, its figures and its path from the root in words.
    selected: Option<(Vec<Cell>, String, String)>,
    /// The nodes from the root to the goal, once it is reached.
    solution: HashSet<usize>,
    layout: TreeLayout,
    /// The tree folded down to the way to the node that matters and the moves beside it,
    /// shown when the whole is too big to fit.
    folded: TreeLayout,
    /// Why the next node comes next.
    why: String,
}

impl StepView {
    fn of(replay: &Replay<Arc<Trace>>, selected: Option<usize>) -> Self {
        let frontier = replay.frontier();
        let trace = replay.trace();
        let solution = replay
            .goal()
            .map(|goal| trace.path(goal).into_iter().collect())
            .unwrap_or_default();
        let rows = frontier
            .iter()
            .take(FRONTIER_ROWS)
            .map(|&n| {
                let (cells, moves) = path_boards(trace, n);
                let label = moves.last().cloned().unwrap_or_default();
                (n, cells, node_figures(trace, n, &label))
            })
            .collect();
        let current = replay.current().map(|n| {
            let (cells, moves) = path_boards(trace, n);
            let position = Puzzle {
                cells,
                ..trace.start().clone()
            };
            (moves.last().cloned().unwrap_or_default(), position)
        });
        let selected_view = selected.map(|n| {
            let (cells, moves) = path_boards(trace, n);
            let figures = node_figures(trace, n, moves.last().map_or("", String::as_str));
            let path = if moves.is_empty() {
                "the root".to_string()
            } else {
                moves.join(", ")
            };
            (cells, figures, path)
        });
        let layout = layout_tree(trace, replay, selected, TREE_NODES);
        let folded = fold_tree(trace, replay);
        let why = why_next(replay, &frontier);
        StepView {
            why,
            in_frontier: frontier.iter().copied().collect(),
            frontier,
            rows,
            current,
            selected: selected_view,
            solution,
            layout,
            folded,
        }
    }

    /// The frontier, next first.
    pub fn frontier(&self) -> &[usize] {
        &self.frontier
    }

    /// The "why this node" line: the node expanded next, its figures and what it beat.
    pub fn why_next(&self) -> &str {
        &self.why
    }
}

/// `node`'s board and the moves from its root to it in words, rebuilt along the path once
/// (a node's own move needs its parent's board; asking the trace for each would rebuild
/// every board from the root).
fn path_boards(trace: &Trace, node: usize) -> (Vec<Cell>, Vec<String>) {
    let mut cells = trace.start().cells.clone();
    let mut moves = Vec::new();
    for n in trace.path(node) {
        let before = cells.clone();
        trace.apply_changes(n, &mut cells);
        if trace.nodes[n].parent.is_some() {
            moves.push(trace.move_words(&before, &cells));
        }
    }
    (cells, moves)
}

/// A watched search and where the student is in it.
pub struct Watching {
    trace: Arc<Trace>,
    report: Arc<SolveReport>,
    /// Events applied after each step: `ends[k]` after `k` expansions.
    ends: Vec<usize>,
    step: usize,
    /// The search at the current step, kept between steps so that a step forward replays
    /// only its own events.
    replay: Replay<Arc<Trace>>,
    view: StepView,
    selected: Option<usize>,
    /// What the view calls the search, when it is not its algorithm's name: a search
    /// recorded elsewhere, and Blockslide's beside it.
    title: Option<String>,
    /// The node where it first differs from the search beside it, ringed in its tree.
    marked: Option<usize>,
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
        let trace = Arc::new(trace);
        let replay = Replay::at(Arc::clone(&trace), ends[0]);
        let view = StepView::of(&replay, None);
        Watching {
            trace,
            report: Arc::new(report),
            ends,
            step: 0,
            replay,
            view,
            selected: None,
            title: None,
            marked: None,
        }
    }

    /// What the view calls the search: "Your Breadth-first (FILE)" and "Blockslide's
    /// Breadth-first" for a recorded search beside Blockslide's, else its algorithm's title.
    pub fn name(&self) -> &str {
        self.title
            .as_deref()
            .unwrap_or_else(|| self.trace.algorithm.title())
    }

    /// The node ringed as the first difference from the search beside it, if any.
    pub fn marked(&self) -> Option<usize> {
        self.marked
    }

    /// Moves to `step` (at most the last).
    fn go(&mut self, step: usize) {
        self.step = step.min(self.steps());
        let end = self.ends[self.step];
        if end < self.replay.step() {
            self.replay = Replay::new(Arc::clone(&self.trace));
        }
        self.replay.advance_to(end);
        self.refresh();
    }

    /// Works the view out again (the step or the selection changed).
    fn refresh(&mut self) {
        self.view = StepView::of(&self.replay, self.selected);
    }

    /// The search as it stands at the current step, as the view shows it.
    pub fn view(&self) -> &StepView {
        &self.view
    }

    /// The search as it stands at the current step.
    pub fn replay(&self) -> &Replay<Arc<Trace>> {
        &self.replay
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

    /// The nodes the tree highlights as the solution path (root to goal), once the goal is
    /// reached; empty before.
    pub fn solution_path(&self) -> Vec<usize> {
        self.replay
            .goal()
            .map(|goal| self.trace.path(goal))
            .unwrap_or_default()
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
            .map(|&n| node_figures(&self.trace, n, &self.trace.label(n)))
            .collect()
    }

    /// The step at which the goal is reached (or the last).
    pub fn goal_step(&self) -> usize {
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
    /// The search watched beside the first, stepping with it.
    compared: Option<Watching>,
    /// The algorithm to watch beside the solver panel's at the next start, if any.
    compare_with: Option<Algorithm>,
    /// Its heuristic by name; `None` takes the best admissible one.
    compare_heuristic: Option<String>,
    /// The heuristics that apply to the design in the solver panel's metric, by name (for
    /// the choice of the second search's; see [`Watch::offer_choices`]).
    heuristics: Vec<String>,
    /// Every algorithm, with the reason it does not apply to the design when it does not.
    algorithms: Vec<(Algorithm, Result<(), String>)>,
    error: Option<String>,
    /// The heuristic chosen for the search watched when the solver panel says "Automatic",
    /// and why, in a sentence.
    chosen: Option<String>,
    playing: bool,
    /// Expansions per second while playing.
    speed: f32,
    /// When the last step was played (seconds of the app's clock).
    last_played: f64,
    thumbnails: bool,
    scene: SceneView,
    compared_scene: SceneView,
    /// What each column of a comparison unfolds besides its tree.
    extras: [Extras; 2],
    /// The recorded search opened, watched first, beside Blockslide's.
    recorded: Option<recorded::RecordedComparison>,
}

impl Default for Watch {
    fn default() -> Self {
        Watch {
            watching: None,
            compared: None,
            compare_with: None,
            compare_heuristic: None,
            heuristics: Vec::new(),
            algorithms: Vec::new(),
            error: None,
            chosen: None,
            playing: false,
            speed: 4.0,
            last_played: 0.0,
            thumbnails: false,
            scene: SceneView::default(),
            compared_scene: SceneView::default(),
            extras: [Extras::default(); 2],
            recorded: None,
        }
    }
}

impl Watch {
    /// The search being watched, if any.
    pub fn watching(&self) -> Option<&Watching> {
        self.watching.as_ref()
    }

    /// The search watched beside the first, if a comparison is on.
    pub fn compared(&self) -> Option<&Watching> {
        self.compared.as_ref()
    }

    /// Both searches watched (the first, then the compared one).
    fn sides_mut(&mut self) -> impl Iterator<Item = &mut Watching> {
        self.watching.iter_mut().chain(self.compared.iter_mut())
    }

    /// The shared step (expansions made by the search that has made the most) and the last
    /// one (of the longer search).
    pub fn shared_step(&self) -> (usize, usize) {
        self.watching
            .iter()
            .chain(&self.compared)
            .fold((0, 0), |(s, m), w| (s.max(w.step), m.max(w.steps())))
    }

    /// Moves every search to `step` (each at most to its last), working out again only the
    /// views that change.
    fn go(&mut self, step: usize) {
        for w in self.sides_mut() {
            if step.min(w.steps()) != w.step {
                w.go(step);
            }
        }
    }

    /// The part of the tree drawing in view (points of the drawing, whose root sits at the
    /// top), and whether it is the fitted view rather than one the student panned or zoomed.
    pub fn tree_view(&self) -> (Rect, bool) {
        (self.scene.rect, self.scene.is_fitted())
    }

    /// [`Watch::tree_view`] of the tree of the search watched beside the first.
    pub fn compared_tree_view(&self) -> (Rect, bool) {
        (self.compared_scene.rect, self.compared_scene.is_fitted())
    }

    /// Forgets the search (the design changed).
    pub fn reset(&mut self) {
        *self = Watch {
            speed: self.speed,
            thumbnails: self.thumbnails,
            compare_with: self.compare_with,
            compare_heuristic: self.compare_heuristic.take(),
            ..Watch::default()
        };
    }

    /// Carries out `command` on `puzzle` with `job` (the solver panel's choices).
    pub fn apply(&mut self, command: WatchCommand, puzzle: &Puzzle, job: &SearchJob) {
        if let WatchCommand::Start = command {
            self.start(puzzle, job);
            return;
        }
        if self.watching.is_none() {
            return;
        }
        let (step, steps) = self.shared_step();
        match command {
            WatchCommand::Start => {}
            WatchCommand::Step => self.go(step + 1),
            WatchCommand::Back => self.go(step.saturating_sub(1)),
            WatchCommand::Restart => {
                for w in self.sides_mut() {
                    w.selected = None;
                    w.go(0);
                }
                self.playing = false;
            }
            WatchCommand::ToGoal => {
                for w in self.sides_mut() {
                    w.go(w.goal_step());
                }
                self.playing = false;
                // Both trees are shown whole at the goal, even one panned while the window
                // was scrolled to reach it.
                self.scene.fitted = None;
                self.compared_scene.fitted = None;
            }
            WatchCommand::Play => self.playing = !self.playing && step < steps,
            WatchCommand::ToDifference => self.go_to_difference(),
            WatchCommand::Select(node) => {
                if let Some(w) = self.watching.as_mut() {
                    w.selected = Some(node);
                    w.refresh();
                }
            }
        }
    }

    fn start(&mut self, puzzle: &Puzzle, job: &SearchJob) {
        self.playing = false;
        // A new search starts fitted on its root, whatever the last one's pan and zoom.
        self.scene = SceneView::default();
        self.compared_scene = SceneView::default();
        // "Automatic" means the solver's strongest heuristic, which on small boards is exact
        // and would teach nothing: a watched search takes a weak one, and says so.
        let mut job = job.clone();
        self.chosen = None;
        if job.request.heuristic.is_none() && job.request.algorithm.uses_heuristic() {
            let metric = job
                .request
                .metric
                .unwrap_or_else(|| metric_for(puzzle, None));
            if let Some((name, why)) = PuzzleProfile::of(puzzle).watch_heuristic(puzzle, metric) {
                job.request.heuristic = Some(name);
                self.chosen = Some(format!("{why}. Choose another in the solver panel."));
            }
        }
        let job = &job;
        let record = |job: &SearchJob| {
            watch(puzzle, &job.request, job.control(), WATCH_EVENT_CAP)
                .map(|watched| Watching::new(watched.trace, watched.report))
        };
        self.compared = None;
        self.recorded = None;
        match record(job) {
            Ok(watching) => {
                self.error = None;
                self.watching = Some(watching);
            }
            Err(e) => {
                self.error = Some(e.to_string());
                self.watching = None;
                return;
            }
        }
        if let Some(algorithm) = self.compare_with {
            let other = compared_job(job, algorithm, self.compare_heuristic.clone());
            match record(&other) {
                Ok(watching) => self.compared = Some(watching),
                Err(e) => {
                    self.error = Some(format!("{} beside it: {e}", algorithm.title()));
                }
            }
        }
    }

    /// The view, for `puzzle` with the solver panel's `algorithm` and `heuristic` named.
    pub fn ui(&mut self, ui: &mut Ui, algorithm: Algorithm, commands: &mut Vec<Command>) {
        self.keys(ui, commands);
        // The choices and the step controls stay at the top while the rest scrolls, so a
        // student can step and watch the tree at once in a small window.
        egui::Panel::top("watch controls")
            .resizable(false)
            .show(ui, |ui| self.head_ui(ui, algorithm, commands));
        // Scrolled both ways: the side-by-side columns and the comparison table are wider
        // than the centre, and must stay reachable.
        egui::ScrollArea::both()
            .id_salt("watch scroll")
            .auto_shrink([false, false])
            .show(ui, |ui| self.body_ui(ui, commands));
    }

    /// The choices of what to watch, and the step controls once a search is watched.
    fn head_ui(&mut self, ui: &mut Ui, algorithm: Algorithm, commands: &mut Vec<Command>) {
        self.choices_ui(ui, algorithm, commands);
        if let Some(chosen) = &self.chosen {
            ui.weak(chosen);
        }
        if let Some(error) = &self.error {
            ui.colored_label(ui.visuals().error_fg_color, error);
        }
        self.recorded_ui(ui, commands);
        self.play(ui, commands);
        if self.watching.is_some() {
            ui.separator();
            let (step, steps) = self.shared_step();
            controls_ui(ui, step, steps, self.playing, &mut self.speed, commands);
        }
    }

    /// The searches watched: their figures, frontiers and trees.
    fn body_ui(&mut self, ui: &mut Ui, commands: &mut Vec<Command>) {
        let Some(w) = self.watching.as_ref() else {
            ui.weak(
                "Choose an algorithm (and a heuristic) in the solver panel, then press Watch. \
                 Every bundled puzzle can be watched to the goal with an algorithm that solves \
                 it within a second; the 2x3 slider and the tiny block puzzle, with every \
                 algorithm. To see two algorithms side by side, choose the second under \
                 Compare with.",
            );
            return;
        };
        if let Some(other) = self.compared.as_mut() {
            compare::compared_ui(
                ui,
                (w, &mut self.scene),
                (other, &mut self.compared_scene),
                &mut self.extras,
                self.thumbnails,
                commands,
            );
            return;
        }
        summary_ui(ui, w);
        ui.separator();
        let left = |ui: &mut Ui, frontier_height: f32| {
            current_ui(ui, w);
            ui.separator();
            why_ui(ui, w);
            // No taller than what the board and the why line above it leave.
            let room = (ui.available_height() - 30.0).max(120.0);
            frontier_ui(ui, w, frontier_height.min(room));
        };
        if ui.available_width() >= WIDE {
            ui.horizontal_top(|ui| {
                ui.vertical(|ui| {
                    ui.set_width(300.0);
                    let height = ui.available_height().max(120.0);
                    left(ui, height);
                });
                ui.separator();
                ui.vertical(|ui| {
                    selected_ui(ui, w);
                    tree_bar_ui(ui, w, &mut self.scene);
                    cut_note_ui(ui, w, false, self.scene.folded);
                    tree_ui(
                        ui,
                        w,
                        self.thumbnails,
                        &mut self.scene,
                        "Search tree",
                        commands,
                    );
                });
            });
        } else {
            // A narrow centre (800x600) stacks the columns, so nothing needs a sideways scroll.
            left(ui, 200.0);
            ui.separator();
            selected_ui(ui, w);
            let size = vec2(ui.available_width(), ui.available_height().max(360.0));
            ui.allocate_ui(size, |ui| {
                tree_bar_ui(ui, w, &mut self.scene);
                cut_note_ui(ui, w, false, self.scene.folded);
                tree_ui(
                    ui,
                    w,
                    self.thumbnails,
                    &mut self.scene,
                    "Search tree",
                    commands,
                );
            });
        }
    }

    /// The start button, the comparison's choices and the tree's options, wrapping in a
    /// narrow centre.
    fn choices_ui(&mut self, ui: &mut Ui, algorithm: Algorithm, commands: &mut Vec<Command>) {
        ui.horizontal_wrapped(|ui| {
            let title = match self.compare_with {
                Some(other) => format!("Watch {} and {}", algorithm.title(), other.title()),
                None => format!("Watch {}", algorithm.title()),
            };
            if ui
                .add(egui::Button::new(title).min_size(vec2(watch_width(ui, algorithm), 0.0)))
                .on_hover_text("Run the solver panel's algorithm and heuristic step by step")
                .clicked()
            {
                commands.push(SolveCommand::Watch(WatchCommand::Start).into());
            }
            self.compare_choices_ui(ui);
            ui.checkbox(&mut self.thumbnails, "Boards in the tree")
                .on_hover_text("Draw the tree's nodes as small boards instead of dots");
            if self.watching.is_some() {
                export_ui(ui, commands);
            }
        });
    }

    /// The keys of a search watched, as in playback: Right (or Down) one step, Left (or Up)
    /// one back, Space play or pause, Home back to the start, End to the goal. Nothing while a
    /// text field has the keyboard or no search is watched.
    fn keys(&self, ui: &Ui, commands: &mut Vec<Command>) {
        if self.watching.is_none() || ui.ctx().egui_wants_keyboard_input() {
            return;
        }
        ui.input_mut(|i| {
            for (key, command) in WATCH_KEYS {
                if i.consume_key(Modifiers::NONE, key) {
                    commands.push(SolveCommand::Watch(command).into());
                }
            }
        });
    }

    /// While playing, queues a step when one is due.
    fn play(&mut self, ui: &Ui, commands: &mut Vec<Command>) {
        if !self.playing || self.watching.is_none() {
            return;
        }
        let (step, steps) = self.shared_step();
        if step >= steps {
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

/// The keys of the Watch view and what each does (the shortcuts window lists them).
pub const WATCH_KEYS: [(Key, WatchCommand); 7] = [
    (Key::ArrowRight, WatchCommand::Step),
    (Key::ArrowDown, WatchCommand::Step),
    (Key::ArrowLeft, WatchCommand::Back),
    (Key::ArrowUp, WatchCommand::Back),
    (Key::Space, WatchCommand::Play),
    (Key::Home, WatchCommand::Restart),
    (Key::End, WatchCommand::ToGoal),
];

/// The row above a lone tree: "Fit the tree", then its legend.
fn tree_bar_ui(ui: &mut Ui, w: &Watching, scene: &mut SceneView) {
    ui.horizontal(|ui| {
        if fit_button(ui).clicked() {
            scene.fit_root();
        }
        legend_ui(ui, !w.view.solution.is_empty(), false);
    });
}

/// The controls of the searches watched, `step` of `steps`; they wrap in a narrow centre.
fn controls_ui(
    ui: &mut Ui,
    step: usize,
    steps: usize,
    playing: bool,
    speed: &mut f32,
    commands: &mut Vec<Command>,
) {
    let send = |commands: &mut Vec<Command>, c: WatchCommand| {
        commands.push(SolveCommand::Watch(c).into());
    };
    ui.horizontal_wrapped(|ui| {
        let (at_start, at_end) = (step == 0, step >= steps);
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
        // The label and its slider wrap as one.
        ui.horizontal(|ui| {
            let label = ui.label("Speed");
            ui.add(
                egui::Slider::new(speed, 0.5..=50.0)
                    .logarithmic(true)
                    .suffix(" /s"),
            )
            .labelled_by(label.id);
        });
        if ui
            .add_enabled(!at_end, egui::Button::new("Run to the goal »"))
            .clicked()
        {
            send(commands, WatchCommand::ToGoal);
        }
        ui.label(format!("Step {step} of {steps}"));
    });
}
