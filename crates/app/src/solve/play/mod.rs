//! Play it yourself: move pieces by dragging them (or clicking one and using the arrow keys),
//! legal moves only, a move counter in the chosen metric, undo and redo, a timer, a "solved"
//! message that compares with the optimal length and the best result so far, and hints
//! computed in the background. "Solve from here" lets the solver play an optimal rest of the
//! game, step by step; a game finished with hints or the solver's play is marked so, and sets
//! no record.
//!
//! Tile puzzles play as Simon Tatham's Fifteen does: a click on a tile in line with the gap
//! slides it and the tiles between towards the gap, and an arrow key moves the tile next to
//! the gap in its direction, with nothing to select first.
//!
//! The rules of puzzle families are never tried against: a piece locked to an axis follows
//! the pointer only along it, and a push across its axis or into a zone closed to it is not
//! sent as a move; the status bar says which rule holds it. A push against another piece, a
//! wall or the edge is not sent either: the game says what is in the way.

mod assist;
mod gestures;
mod score;
mod status;

use std::path::PathBuf;
use std::sync::Arc;

use egui::{Pos2, RichText, Ui, vec2};

use crate::command::{Command, PlayCommand};
use crate::common::board::Board;
use crate::common::message::message_job;
use crate::common::task::Poll;
use blockslide_core::model::tiles::tile_layout;
use blockslide_core::model::{Cell, Dir, Metric, Puzzle, Token};
use blockslide_core::solve::{PieceMove, SolveReport, Termination};

use super::availability::Verdict;
use super::search::{SearchTask, optimal_search, spawn_search};
use crate::common::format::{self as fmt, unit_name};
pub use assist::SOLVE_FROM_HERE_LABEL;
use assist::{Autoplay, Help, SOLVER_STEP_SECONDS, paint_hint_arrow};
use gestures::refusal;
use gestures::{STEP_AT, dominant, preview_offset, split_by_axis};
pub use gestures::{rule_refusal, slide_towards_gap};
pub use score::{PlayResult, PlayedStep, clock, count_moves, record_key};

/// The game's own keys and clicks and what they do, for the Play tab's side panel and the
/// shortcuts window (one list, so neither misses a key). The Edit menu's undo and redo
/// shortcuts undo and redo moves too while the Play tab is active.
pub const KEYS: [(&str, &str); 6] = [
    (
        "Arrow keys",
        "move the selected piece; in a tile puzzle, the tile by the gap",
    ),
    (
        "Click",
        "on a tile in line with the gap: slide it and the tiles between into the gap",
    ),
    ("Backspace · U", "undo a move"),
    ("R", "redo a move"),
    ("H", "a hint"),
    ("Esc", "clear the selection"),
];

/// A hint: the first move of an optimal solution from the position it was computed for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hint {
    /// The move to make.
    pub first: PieceMove,
    /// Moves left after an optimal play from that position (including this one).
    pub remaining: usize,
}

/// A background search for one position, or its answer.
enum Search {
    Running(SearchTask),
    Done(Result<Arc<SolveReport>, String>),
}

/// An in-progress drag of a piece.
#[derive(Clone, Copy, Debug)]
struct Drag {
    piece: Token,
    /// Where the pointer would be if it had moved exactly with the piece's last step.
    anchor: Pos2,
    /// The direction last refused by a rule, so each push is explained once.
    refused: Option<Dir>,
    /// The direction of the last step this drag made: a drag never steps back the way it
    /// came, or a pointer resting near a cell boundary would bounce the piece to and fro.
    stepped: Option<Dir>,
}

/// The state of a game.
pub struct Play {
    start: Puzzle,
    current: Puzzle,
    history: Vec<PlayedStep>,
    /// Steps taken back, the last undone last, for redo.
    undone: Vec<PlayedStep>,
    /// Whether this is a tile puzzle (clicks and arrow keys work as in Tatham's Fifteen).
    tiles: bool,
    /// When the first move was made (egui's clock, seconds).
    started: Option<f64>,
    /// How long the game took, once the goal was reached.
    finished: Option<PlayResult>,
    /// A finished game not yet handed to the records (see [`Play::take_result`]).
    unrecorded: Option<PlayResult>,
    selected: Option<Token>,
    message: Option<String>,
    drag: Option<Drag>,
    hint: Option<Search>,
    hint_for: Vec<Cell>,
    /// Whether the player asked for the hint at this position (H, or Solve from here): a
    /// hint kept for a position the game comes back to is not shown unasked.
    hint_wanted: bool,
    optimal: Option<Search>,
    optimal_metric: Metric,
    cell_size: f32,
    /// Where hints' and the optimum's searches cache pattern databases.
    pdb_cache: Option<PathBuf>,
    /// The solver playing the rest of the game, while it does.
    autoplay: Option<Autoplay>,
    /// The hints and solver's steps used since the start.
    help: Help,
}

impl Play {
    /// A game on `puzzle`'s start position.
    pub fn new(puzzle: &Puzzle) -> Self {
        Play {
            start: puzzle.clone(),
            current: puzzle.clone(),
            history: Vec::new(),
            undone: Vec::new(),
            tiles: tile_layout(puzzle).is_some(),
            started: None,
            finished: None,
            unrecorded: None,
            selected: None,
            message: None,
            drag: None,
            hint: None,
            hint_for: Vec::new(),
            hint_wanted: false,
            optimal: None,
            optimal_metric: Metric::Step,
            cell_size: 48.0,
            pdb_cache: None,
            autoplay: None,
            help: Help::default(),
        }
    }

    /// The game with its hints' searches caching pattern databases in `cache` (`None`:
    /// nowhere).
    #[must_use]
    pub fn with_pdb_cache(mut self, cache: Option<PathBuf>) -> Self {
        self.pdb_cache = cache;
        self
    }

    /// The puzzle this game plays.
    pub fn puzzle(&self) -> &Puzzle {
        &self.start
    }

    /// The position now.
    pub fn position(&self) -> &Puzzle {
        &self.current
    }

    /// The unit steps made so far.
    pub fn history(&self) -> &[PlayedStep] {
        &self.history
    }

    /// The last message (a refused move, for example).
    pub fn message(&self) -> Option<&str> {
        self.message.as_deref()
    }

    /// The selected piece.
    pub fn selected(&self) -> Option<Token> {
        self.selected
    }

    /// Whether there is a step to take back ([`PlayCommand::Undo`]).
    pub fn can_undo(&self) -> bool {
        !self.history.is_empty()
    }

    /// Whether there is a step taken back to make again ([`PlayCommand::Redo`]).
    pub fn can_redo(&self) -> bool {
        !self.undone.is_empty()
    }

    /// Whether the position satisfies the goal.
    pub fn is_solved(&self) -> bool {
        !self.start.goal.is_empty() && self.start.goal_satisfied_by(&self.current.cells)
    }

    /// The hint for the current position, when one has been computed.
    pub fn hint(&self) -> Option<Hint> {
        self.current_hint().and_then(Result::ok)
    }

    fn current_hint(&self) -> Option<Result<Hint, String>> {
        if !self.hint_wanted || self.hint_for != self.current.cells {
            return None;
        }
        match self.hint.as_ref()? {
            Search::Running(_) => None,
            Search::Done(Ok(report)) => Some(match report.moves.first() {
                Some(first) if report.status == Termination::Solved => Ok(Hint {
                    first: first.clone(),
                    remaining: report.moves.len(),
                }),
                _ => Err(match report.status {
                    Termination::Solved => "The goal is already reached.".into(),
                    Termination::Unsolvable => "No move leads to the goal from here.".into(),
                    other => format!("No hint: the search stopped ({}).", other.name()),
                }),
            }),
            Search::Done(Err(e)) => Some(Err(e.clone())),
        }
    }

    /// The seconds played so far (to the goal, once reached), when a move was made.
    pub fn elapsed(&self, now: f64) -> Option<f64> {
        match (self.finished, self.started) {
            (Some(result), _) => Some(result.seconds),
            (None, Some(start)) => Some(now - start),
            (None, None) => None,
        }
    }

    /// The game just finished, once: the caller keeps the best result per puzzle.
    pub fn take_result(&mut self) -> Option<PlayResult> {
        self.unrecorded.take()
    }

    /// Carries out `command`; `metric` is the one hints and the optimal length use.
    #[expect(
        clippy::missing_panics_doc,
        reason = "the `expect` states an invariant: undoing a step the game made is legal"
    )]
    pub fn apply(&mut self, command: PlayCommand, metric: Metric, ctx: &egui::Context) {
        let now = ctx.input(|i| i.time);
        // A message answers one action: the next one replaces it or clears it.
        self.message = None;
        // The solver plays on only through its own next step: anything else the player does
        // takes the game back.
        let solver_step = match (&command, &mut self.autoplay) {
            (&PlayCommand::Step(piece, dir), Some(Autoplay::Playing { steps, .. }))
                if steps
                    .front()
                    .is_some_and(|s| (s.piece, s.dir) == (piece, dir)) =>
            {
                steps.pop_front();
                if steps.is_empty() {
                    self.autoplay = None;
                }
                true
            }
            _ => {
                self.autoplay = None;
                false
            }
        };
        match command {
            PlayCommand::Step(piece, dir) => {
                if self.step((piece, dir, solver_step), metric, now, ctx) && solver_step {
                    self.help.solver_steps += 1;
                }
            }
            PlayCommand::SlideTo(tile) => {
                let steps = slide_towards_gap(&self.current, tile);
                if steps.is_empty() {
                    self.message = Some(format!(
                        "Tile {tile} is not in line with the gap: click one in the gap's row \
                         or column."
                    ));
                }
                for (piece, dir) in steps {
                    self.step((piece, dir, false), metric, now, ctx);
                }
            }
            PlayCommand::Select(token) => self.selected = token,
            PlayCommand::Undo => {
                // One move as the counter counts them: a slide of three cells goes back
                // whole, or the counter would not change.
                let target = count_moves(&self.history, metric).saturating_sub(1);
                while count_moves(&self.history, metric) > target
                    && let Some(last) = self.history.pop()
                {
                    // Invariant: stepping back the way a piece came is always legal.
                    self.current
                        .step(last.piece, last.dir.opposite())
                        .expect("undoing a step is legal");
                    self.undone.push(last);
                    self.finished = None;
                }
                self.hint_wanted = false;
                // Back at the start the game has not begun: the clock waits for a move.
                if self.history.is_empty() {
                    self.started = None;
                }
            }
            PlayCommand::Redo => {
                // The whole move again: the steps that continue it add no move to the count.
                let before = count_moves(&self.history, metric);
                while let Some(&next) = self.undone.last() {
                    let mut after = self.history.clone();
                    after.push(next);
                    if count_moves(&after, metric) > before + 1 {
                        break;
                    }
                    self.undone.pop();
                    let kept = std::mem::take(&mut self.undone);
                    let moved = self.step((next.piece, next.dir, next.by_solver), metric, now, ctx);
                    self.undone = kept;
                    if !moved {
                        break;
                    }
                }
            }
            PlayCommand::Restart => {
                self.current = self.start.clone();
                self.history.clear();
                self.undone.clear();
                self.started = None;
                self.finished = None;
                self.help = Help::default();
                self.hint_wanted = false;
            }
            PlayCommand::StopHint | PlayCommand::StopSolving => self.hint = None,
            PlayCommand::Hint => {
                self.hint_wanted = true;
                if self.search_hint(metric, ctx) {
                    self.help.hints += 1;
                }
                self.select_hinted();
            }
            PlayCommand::SolveFromHere => {
                if !self.is_solved() {
                    // The solver moves whichever piece it needs: a piece left selected would
                    // seem to be the one moving.
                    self.selected = None;
                    self.hint_wanted = true;
                    self.search_hint(metric, ctx);
                    self.autoplay = Some(Autoplay::Waiting);
                    self.start_playing();
                }
            }
        }
    }

    /// Starts the hint search for the current position, unless it already runs or has
    /// answered; returns whether it started one.
    fn search_hint(&mut self, metric: Metric, ctx: &egui::Context) -> bool {
        let asked = self.hint_for == self.current.cells
            && matches!(self.hint, Some(Search::Running(_) | Search::Done(Ok(_))));
        if asked {
            return false;
        }
        let mut position = self.start.clone();
        position.cells.clone_from(&self.current.cells);
        self.hint_for = self.current.cells.clone();
        let job = optimal_search(&position, metric, self.pdb_cache.clone());
        self.hint = Some(match spawn_search("hint", ctx, position, job) {
            Ok(task) => Search::Running(task),
            Err(e) => Search::Done(Err(e)),
        });
        true
    }

    /// Selects the hinted piece, once the hint has answered, so the arrow keys move the
    /// piece the board outlines (tiles need no selection: the arrows find the tile).
    fn select_hinted(&mut self) {
        // While the solver plays, no piece is selected: it moves whichever it needs.
        if !self.tiles
            && self.autoplay.is_none()
            && let Some(hint) = self.hint()
        {
            self.selected = Some(hint.first.piece);
        }
    }

    /// Once the hint search the solver waits for has answered, plays its solution, or stops
    /// waiting (the status line then shows why there is none).
    fn start_playing(&mut self) {
        if self.autoplay != Some(Autoplay::Waiting) || self.hint_for != self.current.cells {
            return;
        }
        match &self.hint {
            Some(Search::Running(_)) => {}
            Some(Search::Done(Ok(report)))
                if report.status == Termination::Solved && !report.moves.is_empty() =>
            {
                self.autoplay = Some(Autoplay::playing(&report.moves));
            }
            _ => self.autoplay = None,
        }
    }

    /// Moves `piece` one cell, or says why it cannot move; starts the clock on the first
    /// move and stops it at the goal. Returns whether the piece moved.
    fn step(
        &mut self,
        (piece, dir, by_solver): (Token, Dir, bool),
        metric: Metric,
        now: f64,
        ctx: &egui::Context,
    ) -> bool {
        if self.is_solved() {
            self.message = Some("Solved! Undo or restart to play on.".into());
            return false;
        }
        match self.current.step(piece, dir) {
            Ok(()) => {
                self.history.push(PlayedStep {
                    piece,
                    dir,
                    by_solver,
                });
                self.hint_wanted = false;
                // A new move forgets what was undone, as in any editor.
                self.undone.clear();
                self.message = None;
                let started = *self.started.get_or_insert(now);
                if self.is_solved() {
                    let result = PlayResult {
                        moves: count_moves(&self.history, metric),
                        seconds: now - started,
                    };
                    self.finished = Some(result);
                    // A record is the player's own: help would make it the solver's.
                    if !self.help.any() {
                        self.unrecorded = Some(result);
                    }
                }
                if self.optimal.is_none() || self.optimal_metric != metric {
                    self.start_optimal(metric, ctx);
                }
                true
            }
            Err(e) => {
                // A refused step leaves the position as it was, to say what holds the piece.
                let reason = refusal(&self.current, piece, dir);
                self.message = Some(reason.unwrap_or_else(|| fmt::sentence(&e.to_string())));
                false
            }
        }
    }

    fn start_optimal(&mut self, metric: Metric, ctx: &egui::Context) {
        self.optimal_metric = metric;
        let job = optimal_search(&self.start, metric, self.pdb_cache.clone());
        self.optimal = Some(match spawn_search("hint", ctx, self.start.clone(), job) {
            Ok(task) => Search::Running(task),
            Err(e) => Search::Done(Err(e)),
        });
    }

    /// Drains the background searches.
    pub fn poll(&mut self) {
        let hinting = matches!(self.hint, Some(Search::Running(_)));
        for slot in [&mut self.hint, &mut self.optimal] {
            if let Some(Search::Running(task)) = slot {
                let done = match task.poll() {
                    Poll::Running => None,
                    Poll::Done(r) => Some(r.map(Arc::new).map_err(|e| e.to_string())),
                    Poll::Lost(e) => Some(Err(e)),
                };
                if let Some(result) = done {
                    *slot = Some(Search::Done(result));
                }
            }
        }
        if hinting {
            self.select_hinted();
        }
        self.start_playing();
    }

    /// Whether a hint or the optimal length is being computed.
    pub fn is_searching(&self) -> bool {
        [&self.hint, &self.optimal]
            .iter()
            .any(|s| matches!(s, Some(Search::Running(_))))
    }

    /// Whether the solver is playing the rest of the game, or looking for the solution it
    /// will play.
    pub fn is_solver_playing(&self) -> bool {
        self.autoplay.is_some()
    }

    /// The optimal length from the start, when known.
    pub fn optimal_length(&self) -> Option<usize> {
        match &self.optimal {
            Some(Search::Done(Ok(r))) if r.status == Termination::Solved && r.optimal => r.length(),
            _ => None,
        }
    }

    /// Draws the game (status line, buttons, and the board) and queues what the user asks
    /// for with drags, clicks and keys. Moves are counted in `metric`; `verdict` says whether
    /// the puzzle can be searched (for hints); `best` is the best result on this puzzle so far.
    pub fn ui(
        &mut self,
        ui: &mut Ui,
        metric: Metric,
        verdict: &Verdict,
        best: Option<PlayResult>,
        queue: &mut Vec<Command>,
    ) {
        let mut commands = Vec::new();
        let mut notices = Vec::new();
        // Wrapped, so in a narrow window the buttons go to a second line rather than
        // under the side panel.
        ui.horizontal_wrapped(|ui| {
            let moves = count_moves(&self.history, metric);
            // The count keeps the width of three digits (more once it has them), so the
            // buttons after it stay put under the pointer while the solver plays.
            steady_label(ui, moves, |n| {
                RichText::new(format!("{n} {}", unit_name(metric, n)))
                    .strong()
                    .size(18.0)
            })
            .on_hover_text(format!(
                "Counted in the {metric} metric (change it in the solver panel)"
            ));
            ui.separator();
            if ui
                .add_enabled(self.can_undo(), egui::Button::new("Undo"))
                .on_hover_text("Take back the last move (Backspace or U)")
                .clicked()
            {
                commands.push(PlayCommand::Undo);
            }
            if ui
                .add_enabled(self.can_redo(), egui::Button::new("Redo"))
                .on_hover_text("Make again the move taken back (R)")
                .clicked()
            {
                commands.push(PlayCommand::Redo);
            }
            if ui
                .add_enabled(!self.history.is_empty(), egui::Button::new("Restart"))
                .on_hover_text("Back to the start position")
                .clicked()
            {
                commands.push(PlayCommand::Restart);
            }
            self.help_ui(ui, verdict, &mut commands);
            // The figures that change as the game goes come after the buttons, which then
            // stay put under the pointer.
            ui.separator();
            // Each figure whole on its line: wrapped, "(10 steps)" could break in two.
            if metric != Metric::Step {
                let steps = self.history.len();
                let text = format!("({steps} {})", unit_name(Metric::Step, steps));
                ui.add(egui::Label::new(RichText::new(text).weak()).extend());
            }
            let now = ui.input(|i| i.time);
            let elapsed = self.elapsed(now);
            ui.label(
                RichText::new(clock(elapsed.unwrap_or(0.0)))
                    .monospace()
                    .size(16.0),
            )
            .on_hover_text("Time from the first move");
            if elapsed.is_some() && self.finished.is_none() {
                ui.ctx()
                    .request_repaint_after(std::time::Duration::from_millis(250));
            }
            if let Some(best) = best {
                let text = format!(
                    "Best: {} {} in {}",
                    best.moves,
                    unit_name(metric, best.moves),
                    clock(best.seconds)
                );
                ui.add(egui::Label::new(RichText::new(text).weak()).extend());
            }
        });
        if let Some(refusal) = verdict.refusal() {
            let warn = ui.visuals().warn_fg_color;
            ui.label(message_job(ui.style(), &refusal, Some(warn)));
        }
        self.status_ui(ui, metric);

        self.keys_ui(ui, &mut commands, &mut notices);
        commands.extend(self.board_ui(ui, &mut notices));
        if let Some(reason) = notices.last() {
            // Shown above the board too, where the player looks, not only in the status bar.
            self.message = Some(reason.clone());
            ui.ctx().request_repaint();
        }
        self.solver_ui(ui, &mut commands);
        queue.extend(commands.into_iter().map(Command::from));
        queue.extend(notices.into_iter().map(Command::Notify));
        if self.is_searching() {
            ui.ctx()
                .request_repaint_after(std::time::Duration::from_millis(100));
        }
    }

    /// Queues the solver's next step when it is due (through the same command a player's
    /// step is, so it counts, finishes and undoes alike).
    fn solver_ui(&mut self, ui: &Ui, commands: &mut Vec<PlayCommand>) {
        let Some(Autoplay::Playing { steps, next_at }) = &mut self.autoplay else {
            return;
        };
        let now = ui.input(|i| i.time);
        // What the player did this frame comes first and takes the game back (Stop, a move,
        // a click): a step queued after it would be played as the player's.
        if let Some(next) = steps.front()
            && now >= *next_at
            && commands.is_empty()
        {
            commands.push(PlayCommand::Step(next.piece, next.dir));
            *next_at = now + SOLVER_STEP_SECONDS;
        }
        ui.ctx()
            .request_repaint_after(std::time::Duration::from_secs_f64(SOLVER_STEP_SECONDS));
    }

    /// Draws the board and turns drags and clicks into commands; a push against a rule adds
    /// its explanation to `notices` instead.
    fn board_ui(&mut self, ui: &mut Ui, notices: &mut Vec<String>) -> Vec<PlayCommand> {
        let mut commands = Vec::new();
        let hint = self.hint().map(|h| h.first.piece);
        let mut board = Board::new(&self.current)
            .id_salt("play board")
            .goal_outline(true)
            // The outline marks what the arrow keys move: the selection (a hint selects its
            // piece), else a hinted tile.
            .highlight_piece(self.selected.or(hint));
        let drag_preview = self.drag.and_then(|drag| {
            let pointer = ui.input(|i| i.pointer.interact_pos())?;
            Some((drag, pointer))
        });
        if let Some((drag, pointer)) = drag_preview {
            // The cell size is only known after layout; the last frame's is a good estimate.
            let offset = preview_offset(&self.current, drag, pointer, self.cell_size);
            board = board.piece_offset(drag.piece, offset);
        }
        let response = board.show(ui);
        let cell = response.cell_size.max(1.0);
        self.cell_size = cell;
        if let Some(hint) = self.hint() {
            paint_hint_arrow(ui, &self.current, response.response.rect, &hint.first);
        }
        let piece_at = |(r, c): (usize, usize)| match self.current.cell(r, c) {
            Cell::Piece(t) => Some(t),
            _ => None,
        };
        if let Some((at, egui::PointerButton::Primary)) = response.pressed
            && let Some(piece) = piece_at(at)
            && let Some(pointer) = ui.input(|i| i.pointer.interact_pos())
        {
            self.drag = Some(Drag {
                piece,
                anchor: pointer,
                refused: None,
                stepped: None,
            });
            // Tiles need no selection: clicks and arrow keys find the tile themselves.
            if !self.tiles {
                commands.push(PlayCommand::Select(Some(piece)));
            }
        }
        if let Some((at, egui::PointerButton::Primary)) = response.clicked {
            match piece_at(at) {
                Some(tile) if self.tiles => commands.push(PlayCommand::SlideTo(tile)),
                Some(_) => {}
                None => commands.push(PlayCommand::Select(None)),
            }
        }
        if response.released.is_some() {
            self.drag = None;
        }
        if let Some(drag) = self.drag.as_mut()
            && response.active.is_some()
            && let Some(pointer) = ui.input(|i| i.pointer.interact_pos())
        {
            let (along, across) = split_by_axis(
                (pointer - drag.anchor) / cell,
                self.current.axis_of(drag.piece),
            );
            let pushed = dominant(along, STEP_AT)
                .or_else(|| dominant(across, STEP_AT))
                .filter(|&dir| drag.stepped != Some(dir.opposite()));
            match pushed {
                Some(dir) if self.current.can_step(drag.piece, dir) => {
                    drag.refused = None;
                    let (dr, dc) = dir.delta();
                    drag.anchor += vec2(dc as f32, dr as f32) * cell;
                    drag.stepped = Some(dir);
                    commands.push(PlayCommand::Step(drag.piece, dir));
                }
                // A push the piece cannot make is explained, once per push: a rule without
                // trying the move, anything else by trying it, so the game says what is in
                // the way.
                Some(dir) if drag.refused != Some(dir) => {
                    drag.refused = Some(dir);
                    match rule_refusal(&self.current, drag.piece, dir) {
                        Some(reason) => notices.push(reason),
                        None => commands.push(PlayCommand::Step(drag.piece, dir)),
                    }
                }
                Some(_) => {}
                None => drag.refused = None,
            }
        }
        commands
    }
}

/// A label of the count `n`, written by `text`, as wide as that of a count of at least three
/// digits, so what follows in its row keeps its place as the count grows.
fn steady_label(ui: &mut Ui, n: usize, text: impl Fn(usize) -> RichText) -> egui::Response {
    let digits = n.to_string().len().max(3);
    let widest = egui::WidgetText::from(text(10usize.pow(digits as u32) - 1)).into_galley(
        ui,
        Some(egui::TextWrapMode::Extend),
        f32::INFINITY,
        egui::TextStyle::Body,
    );
    let height = ui.spacing().interact_size.y.max(widest.size().y);
    ui.allocate_ui_with_layout(
        egui::vec2(widest.size().x, height),
        egui::Layout::left_to_right(egui::Align::Center),
        |ui| {
            ui.set_min_width(widest.size().x);
            ui.label(text(n))
        },
    )
    .inner
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_won_with_help_sets_no_record() {
        let ctx = egui::Context::default();
        // 1 2 3 / 4 . 5: tile 5 left reaches the goal.
        let p = Puzzle::tiles(2, 3, &[1, 2, 3, 4, 0, 5], None).unwrap();
        let win = PlayCommand::Step(Token::number(5), Dir::Left);
        let mut alone = Play::new(&p);
        alone.apply(win, Metric::Step, &ctx);
        assert!(alone.take_result().is_some());
        let mut helped = Play::new(&p);
        helped.apply(PlayCommand::Hint, Metric::Step, &ctx);
        helped.apply(win, Metric::Step, &ctx);
        assert!(helped.is_solved());
        assert_eq!(helped.take_result(), None);
    }

    #[test]
    fn legal_steps_move_illegal_ones_are_refused_and_undo_restores() {
        let ctx = egui::Context::default();
        let p = Puzzle::tiles(2, 3, &[5, 4, 2, 1, 3, 0], None).unwrap();
        let mut game = Play::new(&p);
        let three = Token::number(3);
        game.apply(PlayCommand::Step(three, Dir::Right), Metric::Step, &ctx);
        assert_eq!(game.history().len(), 1);
        let before = game.position().clone();
        game.apply(
            PlayCommand::Step(Token::number(5), Dir::Up),
            Metric::Step,
            &ctx,
        );
        assert_eq!(game.position(), &before, "an illegal move changes nothing");
        assert!(
            game.message().unwrap().contains("cannot move up"),
            "{:?}",
            game.message()
        );
        game.apply(PlayCommand::Undo, Metric::Step, &ctx);
        assert_eq!(game.position(), &p);
        assert!(game.history().is_empty());
    }
}
