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
//! and its path from the root), with the solution path once the goal is reached.

mod tree;

use std::collections::HashSet;
use std::sync::Arc;

use egui::{Rect, RichText, Sense, Ui, Vec2, vec2};

use crate::command::{Command, SolveCommand, WatchCommand};
use crate::common::board::Board;
use crate::solve::search::SearchJob;
use blockslide_core::model::{Cell, Puzzle};
use blockslide_core::solve::Algorithm;
use blockslide_core::solve::api::{SolveReport, watch};
use blockslide_core::solve::trace::{Replay, Trace, TraceEvent, WATCH_EVENT_CAP};
use tree::{GOAL, TreeLayout, layout_tree, node_figures, paint_thumbnail, thumb_size, tree_ui};

/// Frontier entries listed at most (the rest are counted).
const FRONTIER_ROWS: usize = 60;

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
        StepView {
            in_frontier: frontier.iter().copied().collect(),
            frontier,
            rows,
            current,
            selected: selected_view,
            solution,
            layout,
        }
    }

    /// The frontier, next first.
    pub fn frontier(&self) -> &[usize] {
        &self.frontier
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
        }
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

/// The tree's pan and zoom: the part of the drawing in view, and the one fitted last (while
/// the student has not panned or zoomed, the view follows the growing tree).
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
    /// Fits the drawing `whole` into a viewport of `view` points unless the student moved
    /// the view: all of it when that keeps the zoom at least `readable` (a small tree is not
    /// blown up past 1.5); else as much of its depth as fits at a zoom between `readable`
    /// and 1, centred on `focus` (where the node the student cares about is drawn), so a
    /// fitted tree is never a strip of specks.
    fn follow(&mut self, whole: Rect, view: Vec2, readable: f32, focus: egui::Pos2) {
        if self.fitted.is_some_and(|f| f != self.rect) && self.rect.is_finite() {
            return;
        }
        let whole = whole.expand(8.0);
        let view = view.max(Vec2::splat(50.0));
        let all = (view / whole.size()).min_elem();
        let zoom = if all >= readable {
            all.min(1.5)
        } else {
            (view.y / whole.height()).clamp(readable, 1.0)
        };
        let size = view / zoom;
        // Along each axis: the middle of the drawing if it fits, else the focus, kept inside.
        let place = |fits: bool, middle: f32, focus: f32, low: f32, high: f32| {
            if fits { middle } else { focus.clamp(low, high) }
        };
        let x = place(
            size.x >= whole.width(),
            whole.center().x,
            focus.x,
            whole.left() + size.x / 2.0,
            whole.right() - size.x / 2.0,
        );
        // A tree that fits in height hangs from the top of the view.
        let y = place(
            size.y >= whole.height(),
            whole.top() + size.y / 2.0,
            focus.y,
            whole.top() + size.y / 2.0,
            whole.bottom() - size.y / 2.0,
        );
        let rect = Rect::from_center_size(egui::pos2(x, y), size);
        self.rect = rect;
        self.fitted = Some(rect);
    }

    /// Whether the view is the fitted one (the student has not moved it since).
    fn is_fitted(&self) -> bool {
        self.fitted == Some(self.rect)
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

    /// The part of the tree drawing in view (points of the drawing, whose root sits at the
    /// top), and whether it is the fitted view rather than one the student panned or zoomed.
    pub fn tree_view(&self) -> (Rect, bool) {
        (self.scene.rect, self.scene.is_fitted())
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
                w.selected = None;
                w.go(0);
                self.playing = false;
            }
            WatchCommand::ToGoal => {
                w.go(w.goal_step());
                self.playing = false;
            }
            WatchCommand::Play => self.playing = !self.playing && w.step < w.steps(),
            WatchCommand::Select(node) => {
                w.selected = Some(node);
                w.refresh();
            }
        }
    }

    fn start(&mut self, puzzle: &Puzzle, job: &SearchJob) {
        self.playing = false;
        // A new search starts fitted on its root, whatever the last one's pan and zoom.
        self.scene = SceneView::default();
        match watch(puzzle, &job.request, job.control(), WATCH_EVENT_CAP) {
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
                 Every bundled puzzle can be watched to the goal with an algorithm that solves \
                 it within a second; the 2x3 slider and the tiny block puzzle, with every \
                 algorithm.",
            );
            return;
        };
        ui.separator();
        controls_ui(ui, w, self.playing, &mut self.speed, commands);
        ui.separator();
        summary_ui(ui, w);
        ui.separator();
        ui.horizontal_top(|ui| {
            ui.vertical(|ui| {
                ui.set_width(300.0);
                current_ui(ui, w);
                ui.separator();
                frontier_ui(ui, w);
            });
            ui.separator();
            ui.vertical(|ui| {
                selected_ui(ui, w);
                tree_ui(ui, w, self.thumbnails, &mut self.scene, commands);
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

fn summary_ui(ui: &mut Ui, w: &Watching) {
    let replay = &w.replay;
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
                 its trace of at most {WATCH_EVENT_CAP} events was full. Try an algorithm \
                 that solves this puzzle within a second (every bundled puzzle fits with \
                 those), or a puzzle that fits with every algorithm: the 2x3 slider or the \
                 tiny block puzzle.",
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

fn current_ui(ui: &mut Ui, w: &Watching) {
    let (Some(node), Some((label, position))) = (w.replay.current(), &w.view.current) else {
        ui.label("Nothing expanded yet: the frontier holds the start.");
        return;
    };
    let via = if label.is_empty() {
        "the start".to_string()
    } else {
        format!("after {label}")
    };
    ui.label(RichText::new(format!("Expanded: {via}")).strong());
    ui.label(node_figures(&w.trace, node, label));
    ui.allocate_ui(vec2(300.0, 160.0), |ui| {
        Board::new(position)
            .id_salt("watch current board")
            .label("Expanded position")
            .interactive(false)
            .centered(false)
            .max_cell_size(48.0)
            .show(ui);
    });
}

fn frontier_ui(ui: &mut Ui, w: &Watching) {
    let trace = &w.trace;
    let frontier = w.view.frontier();
    ui.label(RichText::new(format!("Frontier ({})", frontier.len())).strong());
    let next = frontier.first().copied();
    egui::ScrollArea::vertical()
        .id_salt("watch frontier")
        .max_height(ui.available_height().max(120.0))
        .show(ui, |ui| {
            for (i, (node, cells, figures)) in w.view.rows.iter().enumerate() {
                ui.horizontal(|ui| {
                    let (rect, _) = ui.allocate_exact_size(thumb_size(trace, 40.0), Sense::hover());
                    paint_thumbnail(ui, rect, trace.start(), cells);
                    if i == 0 {
                        ui.label(RichText::new(format!("next » {figures}")).strong());
                    } else if next.is_some_and(|n| trace.tied(n, *node)) {
                        ui.label(format!("{figures}  (tie)"));
                    } else {
                        ui.label(figures);
                    }
                });
            }
            if frontier.len() > w.view.rows.len() {
                ui.weak(format!("… and {} more", frontier.len() - w.view.rows.len()));
            }
        });
}

fn selected_ui(ui: &mut Ui, w: &Watching) {
    let Some((cells, figures, path)) = &w.view.selected else {
        ui.weak("Click a node of the tree to see its board and its path from the root.");
        return;
    };
    ui.horizontal(|ui| {
        let (rect, _) = ui.allocate_exact_size(thumb_size(&w.trace, 60.0), Sense::hover());
        paint_thumbnail(ui, rect, w.trace.start(), cells);
        ui.vertical(|ui| {
            ui.label(RichText::new("Selected node").strong());
            ui.label(figures);
            ui.label(format!("Path: {path}"));
        });
    });
}
