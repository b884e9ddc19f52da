//! Playback of a solution: the board animated move by move, first / previous / play-pause /
//! next / last, a scrub slider, the move list (click to jump), keyboard control, the
//! solution as text and JSON, and a plot of the heuristic along the solution path.

use std::sync::Arc;

use egui::{Color32, Key, Modifiers, RichText, Ui, Vec2, vec2};
use egui_plot::{GridInput, GridMark, Line, Plot, PlotPoints, Points, VLine};
use serde::{Deserialize, Serialize};

use crate::model::{Dir, Metric, Puzzle, PuzzleType};
use crate::solve::api::{self, Algorithm, PieceMove, SolveReport, SolveRequest};
use crate::solve::core::Termination;

use super::board::Board;
use super::solver_panel::headline;
use super::task::{Poll, Task};

/// How playback moves; kept between launches.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct PlaybackSettings {
    /// Playback speed in moves per second.
    pub moves_per_second: f32,
    /// Whether pieces glide; when off, every change is instant.
    pub animate: bool,
}

impl Default for PlaybackSettings {
    fn default() -> Self {
        PlaybackSettings {
            moves_per_second: 3.0,
            animate: true,
        }
    }
}

/// What the playback controls ask for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlaybackCommand {
    /// Back to the start position.
    First,
    /// One move back.
    Previous,
    /// Start or pause playing.
    TogglePlay,
    /// One move forward.
    Next,
    /// To the final position.
    Last,
    /// To the position after this many moves.
    Seek(usize),
}

/// A move gliding on the board.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Glide {
    /// The move (index into the solution).
    index: usize,
    /// Whether it plays forward (else it is being undone).
    forward: bool,
    /// Progress, 0 to 1.
    t: f32,
}

/// The heuristic's value at every position along a solution, start first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeuristicPath {
    /// The heuristic's name.
    pub heuristic: String,
    /// `moves + 1` values.
    pub values: Vec<u32>,
}

/// The height the heuristic plot and its title take, kept while the plot is computed.
const H_PLOT_BLOCK_HEIGHT: f32 = 172.0;

/// Solutions longer than this get no heuristic plot: evaluating the heuristic along a path
/// costs time quadratic in its length, and such paths (depth-first search's) teach little.
pub const H_PLOT_MAX_MOVES: usize = 1000;

/// The heuristic along `report`'s solution from `puzzle`: the run's own heuristic, or for
/// uninformed algorithms the best admissible one (so students see how informed it would
/// have been). `None` when there is no solution or it is longer than [`H_PLOT_MAX_MOVES`].
pub fn heuristic_path(puzzle: &Puzzle, report: &SolveReport) -> Option<HeuristicPath> {
    if report.status != Termination::Solved || report.moves.len() > H_PLOT_MAX_MOVES {
        return None;
    }
    let heuristic = if report.algorithm.uses_heuristic() {
        report.heuristic.clone()
    } else {
        api::default_heuristic(&api::heuristics_for(puzzle, report.metric)).to_string()
    };
    let request = SolveRequest {
        algorithm: Algorithm::Astar,
        heuristic: Some(heuristic.clone()),
        metric: Some(report.metric),
        ..SolveRequest::default()
    };
    let values = api::heuristic_along(puzzle, &request, &report.moves).ok()?;
    Some(HeuristicPath { heuristic, values })
}

/// Positions are kept every this many moves, so jumping anywhere in a long solution replays
/// at most this many moves.
const CHECKPOINT_EVERY: usize = 64;

/// A solution being played back.
pub struct Playback {
    report: Arc<SolveReport>,
    moves: Vec<PieceMove>,
    checkpoints: Vec<Puzzle>,
    current: Puzzle,
    index: usize,
    glide: Option<Glide>,
    playing: bool,
    since_last_step: f32,
    replay_error: Option<String>,
    goal_reached: bool,
    h_path: Option<HeuristicPath>,
    h_task: Option<Task<(), Option<HeuristicPath>>>,
    scroll_to_current: bool,
    /// The move-list rows fully visible in the last frame.
    visible_rows: std::ops::Range<usize>,
}

impl Playback {
    /// Playback of `report`'s solution from `puzzle`'s start position.
    ///
    /// The whole solution is replayed on the model once. If a move does not replay (which
    /// would be a solver bug), playback keeps the moves before it and says so.
    pub fn new(puzzle: &Puzzle, report: Arc<SolveReport>) -> Self {
        let mut position = puzzle.clone();
        let mut checkpoints = vec![position.clone()];
        let mut moves = Vec::with_capacity(report.moves.len());
        let mut replay_error = None;
        for (i, mv) in report.moves.iter().enumerate() {
            if let Err(e) = apply(&mut position, mv, true) {
                replay_error = Some(format!("move {} does not replay: {e}", i + 1));
                break;
            }
            moves.push(mv.clone());
            if moves.len() % CHECKPOINT_EVERY == 0 {
                checkpoints.push(position.clone());
            }
        }
        let goal_reached = replay_error.is_none() && puzzle.goal_satisfied_by(&position.cells);
        Playback {
            report,
            moves,
            checkpoints,
            current: puzzle.clone(),
            index: 0,
            glide: None,
            playing: false,
            since_last_step: 0.0,
            replay_error,
            goal_reached,
            h_path: None,
            h_task: None,
            scroll_to_current: false,
            visible_rows: 0..0,
        }
    }

    /// The report being played.
    pub fn report(&self) -> &SolveReport {
        &self.report
    }

    /// Number of moves in the solution.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// Whether the solution has no moves (the start already satisfies the goal).
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// How many moves have been made at the position shown.
    pub fn index(&self) -> usize {
        self.index
    }

    /// The position after [`Playback::index`] moves.
    pub fn position(&self) -> &Puzzle {
        &self.current
    }

    /// Whether the whole solution replays on the model and ends on a goal position.
    pub fn verified(&self) -> bool {
        self.replay_error.is_none() && self.goal_reached
    }

    /// Whether playback is running.
    pub fn is_playing(&self) -> bool {
        self.playing
    }

    /// Sets the heuristic's value at each position along the solution (start first).
    pub fn set_h_path(&mut self, path: HeuristicPath) {
        self.h_task = None;
        self.h_path = Some(path);
    }

    /// Evaluates the heuristic along the solution in the background; the plot appears when
    /// it is done.
    pub fn compute_h_path(&mut self, puzzle: &Puzzle, ctx: &egui::Context) {
        let (puzzle, report) = (puzzle.clone(), Arc::clone(&self.report));
        // A thread that cannot start only costs the plot.
        self.h_task = Task::spawn("heuristic path", ctx, move |_| {
            heuristic_path(&puzzle, &report)
        })
        .ok();
    }

    /// The heuristic along the solution, once known.
    pub fn h_path(&self) -> Option<&HeuristicPath> {
        self.h_path.as_ref()
    }

    fn poll_h_path(&mut self) {
        if let Some(task) = self.h_task.as_mut() {
            match task.poll() {
                Poll::Running => {}
                Poll::Done(path) => {
                    self.h_path = path;
                    self.h_task = None;
                }
                Poll::Lost(_) => self.h_task = None,
            }
        }
    }

    /// Carries out a control command.
    pub fn apply(&mut self, command: PlaybackCommand, settings: &PlaybackSettings) {
        self.finish_glide();
        match command {
            PlaybackCommand::First => {
                self.playing = false;
                self.seek(0);
            }
            PlaybackCommand::Last => {
                self.playing = false;
                self.seek(self.len());
            }
            PlaybackCommand::Seek(i) => {
                self.playing = false;
                self.seek(i.min(self.len()));
            }
            PlaybackCommand::Next => {
                self.playing = false;
                self.step_forward(settings);
            }
            PlaybackCommand::Previous => {
                self.playing = false;
                self.step_back(settings);
            }
            PlaybackCommand::TogglePlay => {
                if self.playing {
                    self.playing = false;
                } else {
                    if self.index == self.len() {
                        self.seek(0);
                    }
                    self.playing = !self.is_empty();
                    self.since_last_step = f32::INFINITY;
                }
            }
        }
        self.scroll_to_current = true;
    }

    /// Advances animation and playing by `dt` seconds. Returns true while anything moves
    /// (the caller should keep repainting).
    pub fn tick(&mut self, dt: f32, settings: &PlaybackSettings) -> bool {
        let speed = settings.moves_per_second.max(0.1);
        if let Some(glide) = self.glide.as_mut() {
            if settings.animate {
                glide.t += dt * speed;
            } else {
                glide.t = 1.0;
            }
            if glide.t >= 1.0 {
                self.finish_glide();
            }
        }
        if self.playing && self.glide.is_none() {
            if self.index >= self.len() {
                self.playing = false;
            } else if settings.animate {
                self.step_forward(settings);
            } else {
                self.since_last_step += dt;
                if self.since_last_step >= 1.0 / speed {
                    self.since_last_step = 0.0;
                    self.step_forward(settings);
                }
            }
        }
        self.playing || self.glide.is_some()
    }

    fn step_forward(&mut self, settings: &PlaybackSettings) {
        if self.index >= self.len() {
            return;
        }
        if settings.animate {
            self.glide = Some(Glide {
                index: self.index,
                forward: true,
                t: 0.0,
            });
        } else {
            self.advance();
        }
        self.scroll_to_current = true;
    }

    fn step_back(&mut self, settings: &PlaybackSettings) {
        if self.index == 0 {
            return;
        }
        self.retreat();
        if settings.animate {
            self.glide = Some(Glide {
                index: self.index,
                forward: false,
                t: 0.0,
            });
        }
        self.scroll_to_current = true;
    }

    fn finish_glide(&mut self) {
        if let Some(glide) = self.glide.take()
            && glide.forward
        {
            self.advance();
        }
    }

    fn advance(&mut self) {
        let mv = &self.moves[self.index];
        // Invariant: every move in `moves` replayed in `new`, from this very position.
        apply(&mut self.current, mv, true).expect("a verified move replays");
        self.index += 1;
    }

    fn retreat(&mut self) {
        let mv = &self.moves[self.index - 1];
        // Invariant: undoing the move that led here is always legal.
        apply(&mut self.current, mv, false).expect("a verified move undoes");
        self.index -= 1;
    }

    fn seek(&mut self, target: usize) {
        if target < self.index || target - self.index > CHECKPOINT_EVERY {
            let k = target / CHECKPOINT_EVERY;
            self.current = self.checkpoints[k].clone();
            self.index = k * CHECKPOINT_EVERY;
        }
        while self.index < target {
            self.advance();
        }
    }

    /// The piece gliding now and its offset in cells.
    fn glide_offset(&self) -> Option<(crate::model::Token, Vec2)> {
        let glide = self.glide?;
        let mv = &self.moves[glide.index];
        let t = if glide.forward {
            glide.t
        } else {
            1.0 - glide.t
        };
        let offset = path_offset(&mv.steps, t.clamp(0.0, 1.0));
        // Backwards the position is already the earlier one, so the piece glides from the
        // later position (offset at t = 1) back to rest (offset 0).
        Some((mv.piece, offset))
    }

    /// Draws the playback view: headline, board, controls, move list, plot and export.
    pub fn ui(&mut self, ui: &mut Ui, settings: &mut PlaybackSettings) {
        let mut commands = Vec::new();
        if !ui.ctx().egui_wants_keyboard_input() {
            ui.input_mut(|i| {
                for (key, command) in [
                    (Key::ArrowRight, PlaybackCommand::Next),
                    (Key::ArrowDown, PlaybackCommand::Next),
                    (Key::ArrowLeft, PlaybackCommand::Previous),
                    (Key::ArrowUp, PlaybackCommand::Previous),
                    (Key::Home, PlaybackCommand::First),
                    (Key::End, PlaybackCommand::Last),
                    (Key::Space, PlaybackCommand::TogglePlay),
                ] {
                    if i.consume_key(Modifiers::NONE, key) {
                        commands.push(command);
                    }
                }
            });
        }
        // Capped so one very slow frame does not skip a whole move.
        let dt = ui.input(|i| i.stable_dt).min(0.25);
        self.poll_h_path();
        if self.tick(dt, settings) {
            ui.ctx().request_repaint();
        }

        ui.horizontal(|ui| {
            ui.label(RichText::new(headline(&self.report)).strong());
            ui.label(format!(
                "· {} · {}",
                self.report.algorithm.title(),
                self.report.heuristic
            ));
        });
        if let Some(e) = &self.replay_error {
            ui.colored_label(
                ui.visuals().error_fg_color,
                format!("This solution is broken: {e}"),
            );
        } else if !self.goal_reached {
            ui.colored_label(
                ui.visuals().error_fg_color,
                "This solution does not end on a goal position.",
            );
        }

        egui::Panel::bottom("playback bottom")
            .resizable(false)
            .show(ui, |ui| {
                commands.extend(self.controls_ui(ui, settings));
                ui.add_space(4.0);
                ui.horizontal(|ui| {
                    self.h_plot_ui(ui);
                    ui.vertical(|ui| self.export_ui(ui));
                });
            });
        egui::Panel::right("playback moves")
            .resizable(true)
            .default_size(190.0)
            .show(ui, |ui| {
                commands.extend(self.move_list_ui(ui));
            });
        egui::CentralPanel::default().show(ui, |ui| {
            let last_made = self.index.checked_sub(1).map(|i| self.moves[i].piece);
            let mut board = Board::new(&self.current)
                .id_salt("playback board")
                .interactive(false)
                .goal_outline(true)
                .highlight_piece(if self.glide.is_some() {
                    None
                } else {
                    last_made
                });
            if let Some((piece, offset)) = self.glide_offset() {
                board = board.piece_offset(piece, offset);
            }
            board.show(ui);
        });
        for command in commands {
            self.apply(command, settings);
        }
    }

    fn controls_ui(
        &mut self,
        ui: &mut Ui,
        settings: &mut PlaybackSettings,
    ) -> Vec<PlaybackCommand> {
        let mut commands = Vec::new();
        let n = self.len();
        ui.horizontal(|ui| {
            let at_start = self.index == 0;
            let at_end = self.index == n;
            let button = |ui: &mut Ui, enabled: bool, icon: &str, name: &str, tip: &str| {
                ui.add_enabled(enabled, egui::Button::new(icon).min_size(vec2(56.0, 24.0)))
                    .accessible_name(name)
                    .on_hover_text(tip)
                    .clicked()
            };
            if button(ui, !at_start, "« First", "First", "Start position (Home)") {
                commands.push(PlaybackCommand::First);
            }
            if button(
                ui,
                !at_start,
                "‹ Prev",
                "Previous",
                "One move back (left arrow)",
            ) {
                commands.push(PlaybackCommand::Previous);
            }
            let (icon, name) = if self.playing {
                ("Pause", "Pause")
            } else {
                ("Play", "Play")
            };
            if button(ui, n > 0, icon, name, "Play or pause (Space)") {
                commands.push(PlaybackCommand::TogglePlay);
            }
            if button(
                ui,
                !at_end,
                "Next ›",
                "Next",
                "One move forward (right arrow)",
            ) {
                commands.push(PlaybackCommand::Next);
            }
            if button(ui, !at_end, "Last »", "Last", "Final position (End)") {
                commands.push(PlaybackCommand::Last);
            }
            let mut at = self.index;
            let slider = ui.add(
                egui::Slider::new(&mut at, 0..=n)
                    .text(format!("of {n}"))
                    .clamping(egui::SliderClamping::Always),
            );
            let slider = slider.accessible_name("Move");
            if slider.changed() && at != self.index {
                commands.push(PlaybackCommand::Seek(at));
            }
        });
        ui.horizontal(|ui| {
            ui.add(
                egui::Slider::new(&mut settings.moves_per_second, 0.5..=20.0)
                    .logarithmic(true)
                    .text("moves/s"),
            )
            .accessible_name("Speed");
            ui.checkbox(&mut settings.animate, "Animate")
                .on_hover_text("Let pieces glide; off makes every change instant");
            let status = if self.index == n && self.goal_reached {
                format!("Move {}/{n} · goal reached", self.index)
            } else {
                format!("Move {}/{n}", self.index)
            };
            ui.label(status);
        });
        commands
    }

    fn move_list_ui(&mut self, ui: &mut Ui) -> Vec<PlaybackCommand> {
        let mut commands = Vec::new();
        ui.label(RichText::new("Moves").strong());
        let current = self
            .glide
            .filter(|g| g.forward)
            .map_or(self.index, |g| g.index + 1);
        let scroll = std::mem::take(&mut self.scroll_to_current);
        // Only the visible rows are laid out, so solutions of any length scroll smoothly.
        // Every row is exactly this tall (a selectable button of monospace text), as
        // `show_rows` requires.
        let row_height = (ui.text_style_height(&egui::TextStyle::Monospace)
            + 2.0 * ui.spacing().button_padding.y)
            .max(ui.spacing().interact_size.y)
            .ceil();
        let pitch = row_height + ui.spacing().item_spacing.y;
        let mut area = egui::ScrollArea::vertical()
            .id_salt("playback move list")
            .auto_shrink([false, false]);
        let visible = self.visible_rows.clone();
        if scroll && !visible.contains(&current) {
            let rows_shown = visible.len().max(1) as f32;
            area =
                area.vertical_scroll_offset(((current as f32 - rows_shown / 2.0) * pitch).max(0.0));
        }
        let output = area.show_rows(ui, row_height, self.moves.len() + 1, |ui, rows| {
            let width = ui.available_width();
            for row in rows.clone() {
                let text = if row == 0 {
                    "   0. start".to_string()
                } else {
                    let i = row - 1;
                    format!("{:>4}. {}", row, notation(&self.report, i, &self.moves[i]))
                };
                let r = ui.add(
                    egui::Button::selectable(current == row, RichText::new(text).monospace())
                        .min_size(vec2(width, row_height)),
                );
                if r.clicked() {
                    commands.push(PlaybackCommand::Seek(row));
                }
                if scroll && current == row && visible.contains(&row) {
                    r.scroll_to_me(None);
                }
            }
            rows
        });
        // Rows at the edges may be only partly visible; count them out.
        let rows = output.inner;
        self.visible_rows = (rows.start + 1).min(rows.end)..rows.end.saturating_sub(1);
        commands
    }

    fn h_plot_ui(&self, ui: &mut Ui) {
        let width = (ui.available_width() - 200.0).clamp(200.0, 520.0);
        let Some(HeuristicPath { heuristic, values }) = &self.h_path else {
            // The same space as the plot, so nothing jumps when it arrives.
            ui.allocate_ui(vec2(width, H_PLOT_BLOCK_HEIGHT), |ui| {
                ui.set_min_size(vec2(width, H_PLOT_BLOCK_HEIGHT));
                if self.h_task.is_some() {
                    ui.horizontal(|ui| {
                        ui.spinner();
                        ui.weak("Evaluating the heuristic along the solution…");
                    });
                } else if self.len() > H_PLOT_MAX_MOVES {
                    ui.weak(format!(
                        "No heuristic plot for solutions over {H_PLOT_MAX_MOVES} moves."
                    ));
                }
            });
            return;
        };
        ui.vertical(|ui| {
            ui.label(RichText::new(format!("Heuristic {heuristic} along the solution")).strong());
            let points: Vec<[f64; 2]> = values
                .iter()
                .enumerate()
                .map(|(i, h)| [i as f64, f64::from(*h)])
                .collect();
            let remaining: Vec<[f64; 2]> = (0..values.len())
                .map(|i| [i as f64, (values.len() - 1 - i) as f64])
                .collect();
            let index = self.index as f64;
            let top = values.len().saturating_sub(1).max(1) as f64;
            Plot::new("playback h plot")
                .width(width)
                .height(150.0)
                .allow_drag(false)
                .allow_zoom(false)
                .allow_scroll(false)
                .allow_boxed_zoom(false)
                .include_y(0.0)
                .include_y(top)
                .y_grid_spacer(move |input: GridInput| round_marks(input.bounds, top))
                .x_grid_spacer(move |input: GridInput| round_marks(input.bounds, top))
                .x_axis_label("move")
                .legend(egui_plot::Legend::default().position(egui_plot::Corner::RightTop))
                .show(ui, |plot| {
                    plot.line(
                        Line::new("true distance", PlotPoints::new(remaining))
                            .width(1.0)
                            .color(Color32::from_gray(140)),
                    );
                    plot.line(
                        Line::new(format!("h ({heuristic})"), PlotPoints::new(points.clone()))
                            .width(2.0)
                            .color(Color32::from_rgb(0x3d, 0x7e, 0xc9)),
                    );
                    if let Some(p) = points.get(self.index) {
                        plot.points(
                            Points::new("", vec![*p])
                                .radius(4.0)
                                .color(Color32::from_rgb(0xe0, 0x8a, 0x1e)),
                        );
                    }
                    plot.vline(
                        VLine::new("", index)
                            .width(1.0)
                            .color(Color32::from_rgb(0xe0, 0x8a, 0x1e)),
                    );
                });
        });
    }

    fn export_ui(&self, ui: &mut Ui) {
        ui.label(RichText::new("Export").strong());
        if ui
            .button("Copy moves as text")
            .on_hover_text("A readable, numbered list of the moves")
            .clicked()
        {
            ui.ctx().copy_text(solution_text(&self.report));
        }
        if ui
            .button("Copy as JSON")
            .on_hover_text("The same JSON as `blockslide solve --json`")
            .clicked()
        {
            ui.ctx().copy_text(solution_json(&self.report));
        }
    }
}

/// Grid marks at the largest round step (1, 2 or 5 times a power of ten) that gives at
/// least four intervals up to `top`.
fn round_marks(bounds: (f64, f64), top: f64) -> Vec<GridMark> {
    let raw = (top / 4.0).max(1.0);
    let magnitude = 10f64.powf(raw.log10().floor());
    let step = [5.0, 2.0, 1.0]
        .into_iter()
        .map(|m| m * magnitude)
        .find(|s| *s <= raw)
        .unwrap_or(magnitude);
    let first = (bounds.0 / step).ceil() as i64;
    let last = (bounds.1 / step).floor() as i64;
    (first..=last)
        .map(|k| GridMark {
            value: k as f64 * step,
            step_size: step,
        })
        .collect()
}

/// Applies `mv` to `puzzle` (forward), or undoes it (backward), step by step.
fn apply(
    puzzle: &mut Puzzle,
    mv: &PieceMove,
    forward: bool,
) -> Result<(), crate::model::MoveError> {
    let before = puzzle.clone();
    let result = if forward {
        mv.steps.iter().try_for_each(|&d| puzzle.step(mv.piece, d))
    } else {
        mv.steps
            .iter()
            .rev()
            .try_for_each(|&d| puzzle.step(mv.piece, d.opposite()))
    };
    if result.is_err() {
        *puzzle = before;
    }
    result
}

/// How far (in cells, `x` columns and `y` rows) a piece has travelled after the fraction `t`
/// of a move made of `steps`.
pub fn path_offset(steps: &[Dir], t: f32) -> Vec2 {
    if steps.is_empty() {
        return Vec2::ZERO;
    }
    let along = t.clamp(0.0, 1.0) * steps.len() as f32;
    let mut offset = Vec2::ZERO;
    for (i, dir) in steps.iter().enumerate() {
        let (dr, dc) = dir.delta();
        let part = (along - i as f32).clamp(0.0, 1.0);
        offset += vec2(dc as f32, dr as f32) * part;
    }
    offset
}

/// Directions grouped into runs: `down 2, left`.
fn runs(steps: &[Dir]) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut i = 0;
    while i < steps.len() {
        let mut j = i;
        while j < steps.len() && steps[j] == steps[i] {
            j += 1;
        }
        parts.push(match j - i {
            1 => steps[i].word().to_string(),
            n => format!("{} {n}", steps[i].word()),
        });
        i = j;
    }
    parts.join(", ")
}

/// The notation of move `i` of `report`: for tile puzzles the blank's letter (as in the
/// seeds) and the tile that moves; for block puzzles the piece and its direction(s).
pub fn notation(report: &SolveReport, i: usize, mv: &PieceMove) -> String {
    if report.puzzle_type == PuzzleType::Tiles {
        let letter = report
            .blank_moves
            .as_deref()
            .and_then(|s| s.chars().nth(i))
            .or_else(|| mv.steps.first().map(|d| d.opposite().letter()))
            .unwrap_or('?');
        format!("{letter}  (tile {} {})", mv.piece, runs(&mv.steps))
    } else {
        format!("{} {}", mv.piece, runs(&mv.steps))
    }
}

/// The solution as readable text: a header and one numbered line per move.
pub fn solution_text(report: &SolveReport) -> String {
    let mut out = String::new();
    if !report.puzzle.is_empty() {
        out += &format!("Puzzle: {}\n", report.puzzle);
    }
    out += &format!(
        "{} with {} (heuristic {}), {} metric\n",
        headline(report),
        report.algorithm.title(),
        report.heuristic,
        report.metric
    );
    if let Some(blank) = &report.blank_moves {
        out += &format!("Blank moves: {blank}\n");
    }
    out.push('\n');
    for (i, mv) in report.moves.iter().enumerate() {
        out += &format!("{:>4}. {}\n", i + 1, notation(report, i, mv));
    }
    if report.metric != Metric::Step {
        let steps: usize = report.moves.iter().map(|m| m.steps.len()).sum();
        out += &format!("\n{} moves, {steps} unit steps\n", report.moves.len());
    }
    out
}

/// The solution as the CLI's JSON, pretty-printed.
pub fn solution_json(report: &SolveReport) -> String {
    // Invariant: a `serde_json::Value` always serialises.
    serde_json::to_string_pretty(&report.to_json()).expect("JSON values serialise")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Token;
    use crate::solve::api::Algorithm;
    use crate::solve::core::{Stats, Termination};

    fn t(s: &str) -> Token {
        Token::new(s).unwrap()
    }

    fn report(
        puzzle_type: PuzzleType,
        moves: Vec<PieceMove>,
        blank: Option<&str>,
    ) -> Arc<SolveReport> {
        Arc::new(SolveReport {
            puzzle: "test".into(),
            puzzle_type,
            algorithm: Algorithm::Bfs,
            heuristic: "zero".into(),
            metric: Metric::Step,
            status: Termination::Solved,
            optimal: true,
            moves,
            blank_moves: blank.map(str::to_owned),
            stats: Stats::default(),
            notes: Vec::new(),
        })
    }

    fn mv(piece: &str, steps: &[Dir]) -> PieceMove {
        PieceMove {
            piece: t(piece),
            steps: steps.to_vec(),
        }
    }

    /// `1 2 / . 3` with the standard goal is one move: tile 3 left (the blank moves right).
    fn tiny() -> Puzzle {
        Puzzle::tiles(2, 2, &[1, 2, 0, 3], Some(&[1, 2, 3, 0])).unwrap()
    }

    #[test]
    fn plot_marks_are_round() {
        let values: Vec<f64> = round_marks((-3.0, 84.0), 81.0)
            .iter()
            .map(|m| m.value)
            .collect();
        assert_eq!(values, [0.0, 20.0, 40.0, 60.0, 80.0]);
        let values: Vec<f64> = round_marks((0.0, 8.0), 8.0)
            .iter()
            .map(|m| m.value)
            .collect();
        assert_eq!(values, [0.0, 2.0, 4.0, 6.0, 8.0]);
    }

    #[test]
    fn path_offsets_follow_the_steps() {
        let steps = [Dir::Down, Dir::Down, Dir::Right];
        assert_eq!(path_offset(&steps, 0.0), Vec2::ZERO);
        assert_eq!(path_offset(&steps, 0.5), vec2(0.0, 1.5));
        assert_eq!(path_offset(&steps, 1.0), vec2(1.0, 2.0));
        assert_eq!(path_offset(&[], 0.5), Vec2::ZERO);
    }

    #[test]
    fn notation_for_tiles_and_blocks() {
        let tiles = report(PuzzleType::Tiles, vec![mv("7", &[Dir::Up])], Some("d"));
        assert_eq!(notation(&tiles, 0, &tiles.moves[0]), "d  (tile 7 up)");
        let blocks = report(
            PuzzleType::Blocks,
            vec![mv("B", &[Dir::Down, Dir::Down, Dir::Left])],
            None,
        );
        assert_eq!(notation(&blocks, 0, &blocks.moves[0]), "B down 2, left");
        let text = solution_text(&blocks);
        assert!(text.contains("   1. B down 2, left"), "{text}");
    }

    #[test]
    fn heuristic_path_of_a_short_solution_and_none_for_a_long_one() {
        let p = tiny();
        let short = report(PuzzleType::Tiles, vec![mv("3", &[Dir::Left])], Some("r"));
        let path = heuristic_path(&p, &short).expect("a heuristic applies to tiles");
        assert_eq!(path.values.len(), 2);
        assert_eq!(path.values[1], 0, "h is 0 at the goal");
        assert!(path.values[0] <= 1, "admissible: one move is left");
        let long = report(
            PuzzleType::Tiles,
            vec![mv("3", &[Dir::Left]); H_PLOT_MAX_MOVES + 1],
            None,
        );
        assert_eq!(heuristic_path(&p, &long), None);
    }

    #[test]
    fn json_export_is_the_cli_object() {
        let r = report(
            PuzzleType::Blocks,
            vec![mv("B", &[Dir::Down, Dir::Left])],
            None,
        );
        let value: serde_json::Value = serde_json::from_str(&solution_json(&r)).unwrap();
        assert_eq!(value, r.to_json());
        assert_eq!(value["moves"][0]["piece"], "B");
        assert_eq!(value["moves"][0]["steps"][1], "left");
    }

    #[test]
    fn stepping_and_seeking_replay_the_model() {
        let p = Puzzle::tiles(2, 2, &[0, 1, 3, 2], Some(&[1, 2, 3, 0])).unwrap();
        // blank at 0: tile 1 left, tile 2 up -> 1 2 / 3 .
        let r = report(
            PuzzleType::Tiles,
            vec![mv("1", &[Dir::Left]), mv("2", &[Dir::Up])],
            Some("rd"),
        );
        let settings = PlaybackSettings {
            animate: false,
            ..PlaybackSettings::default()
        };
        let mut pb = Playback::new(&p, r);
        assert!(pb.verified());
        pb.apply(PlaybackCommand::Last, &settings);
        assert_eq!(pb.index(), 2);
        assert!(p.goal_satisfied_by(&pb.position().cells));
        pb.apply(PlaybackCommand::Previous, &settings);
        assert_eq!(pb.index(), 1);
        pb.apply(PlaybackCommand::First, &settings);
        assert_eq!(pb.position(), &p);
        pb.apply(PlaybackCommand::Seek(2), &settings);
        assert_eq!(pb.index(), 2);
    }

    #[test]
    fn seeking_anywhere_in_a_long_solution_matches_a_replay() {
        // Tile 3 shuttles left and right 301 times: the last position is the goal.
        let p = tiny();
        let moves: Vec<PieceMove> = (0..301)
            .map(|i| mv("3", &[if i % 2 == 0 { Dir::Left } else { Dir::Right }]))
            .collect();
        let mut pb = Playback::new(&p, report(PuzzleType::Tiles, moves.clone(), None));
        assert!(pb.verified());
        let settings = PlaybackSettings {
            animate: false,
            ..PlaybackSettings::default()
        };
        for target in [300, 7, 64, 65, 128, 0, 301, 299, 190, 191] {
            pb.apply(PlaybackCommand::Seek(target), &settings);
            let mut expected = p.clone();
            for m in &moves[..target] {
                apply(&mut expected, m, true).unwrap();
            }
            assert_eq!(pb.index(), target);
            assert_eq!(pb.position(), &expected, "after seeking to {target}");
        }
        pb.apply(PlaybackCommand::Seek(10_000), &settings);
        assert_eq!(pb.index(), 301);
    }

    #[test]
    fn gliding_finishes_after_one_move_time() {
        let r = report(PuzzleType::Tiles, vec![mv("3", &[Dir::Left])], Some("r"));
        let settings = PlaybackSettings {
            moves_per_second: 2.0,
            animate: true,
        };
        let mut pb = Playback::new(&tiny(), r);
        pb.apply(PlaybackCommand::Next, &settings);
        assert_eq!(pb.index(), 0, "the move glides first");
        assert!(pb.tick(0.25, &settings));
        assert_eq!(pb.glide_offset().unwrap().1, vec2(-0.5, 0.0));
        pb.tick(0.3, &settings);
        assert_eq!(pb.index(), 1);
        assert!(pb.verified());
    }

    #[test]
    fn playing_runs_to_the_end_and_stops() {
        let p = Puzzle::tiles(2, 2, &[0, 1, 3, 2], Some(&[1, 2, 3, 0])).unwrap();
        let r = report(
            PuzzleType::Tiles,
            vec![mv("1", &[Dir::Left]), mv("2", &[Dir::Up])],
            None,
        );
        for animate in [true, false] {
            let settings = PlaybackSettings {
                moves_per_second: 10.0,
                animate,
            };
            let mut pb = Playback::new(&p, Arc::clone(&r));
            pb.apply(PlaybackCommand::TogglePlay, &settings);
            let mut frames = 0;
            while pb.tick(0.05, &settings) {
                frames += 1;
                assert!(frames < 100, "playback must stop at the end");
            }
            assert_eq!(pb.index(), 2);
            assert!(!pb.is_playing());
        }
    }

    #[test]
    fn a_broken_solution_is_reported_not_replayed() {
        let r = report(PuzzleType::Tiles, vec![mv("1", &[Dir::Up])], None);
        let pb = Playback::new(&tiny(), r);
        assert!(!pb.verified());
        assert_eq!(pb.len(), 0);
        assert!(pb.replay_error.as_deref().unwrap().contains("move 1"));
    }
}
