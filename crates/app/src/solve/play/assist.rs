//! The help a game gets: the hint's arrow on the board, the solver playing the rest ("solve
//! from here"), and the count of both that marks a game finished with help.

use std::collections::VecDeque;

use egui::{Color32, Pos2, Ui, Vec2, vec2};

use blockslide_core::model::{Metric, Puzzle};
use blockslide_core::solve::PieceMove;

use super::score::solver_moves;
use super::{Play, PlayedStep, Search};
use crate::command::PlayCommand;
use crate::common::board::cell_center;
use crate::common::fit::text_width;
use crate::common::format::{counted, unit_name};
use crate::solve::availability::Verdict;

/// How long the solver waits between the steps it plays, in seconds: slow enough to follow.
pub(super) const SOLVER_STEP_SECONDS: f64 = 0.3;

/// The solver playing the rest of the game ("solve from here").
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Autoplay {
    /// Waiting for the hint search of the current position, whose solution it will play.
    Waiting,
    /// Playing a solution's unit steps, the next first.
    Playing {
        steps: VecDeque<PlayedStep>,
        /// When (egui's clock) the next step is due.
        next_at: f64,
    },
}

impl Autoplay {
    /// Plays `moves`, a solution from the current position, starting at once.
    pub(super) fn playing(moves: &[PieceMove]) -> Self {
        Autoplay::Playing {
            steps: moves
                .iter()
                .flat_map(|m| {
                    m.steps.iter().map(|&dir| PlayedStep {
                        piece: m.piece,
                        dir,
                        by_solver: true,
                    })
                })
                .collect(),
            next_at: f64::NEG_INFINITY,
        }
    }
}

/// The help a game has had since its start.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Help {
    /// Hints asked for, one per position.
    pub hints: usize,
    /// Steps the solver played.
    pub solver_steps: usize,
}

impl Help {
    /// Whether the game had any help (it then sets no record).
    pub fn any(self) -> bool {
        self.hints > 0 || self.solver_steps > 0
    }

    /// The mark of a game finished with help ("Solved with 2 hints"), `None` without; the
    /// solver's part of `history` counted in the game's `metric`.
    pub fn mark(self, history: &[PlayedStep], metric: Metric) -> Option<String> {
        let hints = counted(self.hints, "hint", "hints");
        let played = solver_moves(history, metric);
        let solver = if played > 0 {
            format!("the solver played {played} {}", unit_name(metric, played))
        } else {
            "the solver played steps since taken back".to_string()
        };
        match (self.hints, self.solver_steps) {
            (0, 0) => None,
            (_, 0) => Some(format!("Solved with {hints}")),
            (0, _) => Some(format!("Solved with help: {solver}")),
            (_, _) => Some(format!("Solved with help: {hints}, then {solver}")),
        }
    }
}

/// The label of the button that lets the solver play the rest of the game.
pub const SOLVE_FROM_HERE_LABEL: &str = "Solve from here";

impl Play {
    /// The Hint and "Solve from here" buttons, and Stop while either works; `verdict` says
    /// whether the puzzle can be searched.
    pub(super) fn help_ui(&self, ui: &mut Ui, verdict: &Verdict, commands: &mut Vec<PlayCommand>) {
        let hinting = matches!(self.hint, Some(Search::Running(_)));
        let ready = !self.is_solved() && *verdict == Verdict::Ready;
        // While either works, its Stop takes its button's place and a spinner follows: the
        // row keeps its width, so nothing after it moves and the board stays put.
        if hinting {
            if stop_in_place_of(
                ui,
                "Hint",
                "Stop looking for a hint (and a solution to play)",
            ) {
                commands.push(PlayCommand::StopHint);
            }
        } else if ui
            .add_enabled(ready, egui::Button::new("Hint"))
            .on_hover_text("Find an optimal next move (H)")
            .on_disabled_hover_text(verdict.refusal().unwrap_or_default())
            .clicked()
        {
            commands.push(PlayCommand::Hint);
        }
        if self.autoplay.is_some() {
            if stop_in_place_of(
                ui,
                SOLVE_FROM_HERE_LABEL,
                "Take the game back from the solver",
            ) {
                commands.push(PlayCommand::StopSolving);
            }
        } else if ui
            .add_enabled(!hinting && ready, egui::Button::new(SOLVE_FROM_HERE_LABEL))
            .on_hover_text(
                "Let the solver play an optimal rest of the game from this position, \
                 step by step; the game then counts as solved with help",
            )
            .on_disabled_hover_text(verdict.refusal().unwrap_or_default())
            .clicked()
        {
            commands.push(PlayCommand::SolveFromHere);
        }
        if hinting {
            ui.spinner().on_hover_text("Thinking…");
        } else if self.autoplay.is_some() {
            ui.spinner().on_hover_text("The solver is playing…");
        }
    }
}

/// A Stop button as wide as the button reading `text` whose place it takes, saying `tip` on
/// hover; whether it was clicked.
fn stop_in_place_of(ui: &mut Ui, text: &str, tip: &str) -> bool {
    let width =
        text_width(ui, text, &egui::TextStyle::Button) + 2.0 * ui.spacing().button_padding.x;
    ui.add_sized(
        [width, ui.spacing().interact_size.y],
        egui::Button::new("Stop"),
    )
    .on_hover_text(tip)
    .clicked()
}

/// The colour of the hint arrow (the board's hint outline is gold too).
const HINT_ARROW: Color32 = Color32::from_rgb(0xff, 0xd0, 0x00);

/// How far from a piece's edge, in cells, the hint arrow starts: clear of the label in the
/// piece's middle.
const LABEL_ROOM: f32 = 0.2;

/// Draws the hinted move as an arrow from near the piece's edge along its steps.
pub(super) fn paint_hint_arrow(ui: &Ui, puzzle: &Puzzle, rect: egui::Rect, first: &PieceMove) {
    let cells: Vec<(usize, usize)> = puzzle
        .pieces()
        .into_iter()
        .find(|p| p.token == first.piece)
        .map(|p| p.cells)
        .unwrap_or_default();
    if cells.is_empty() || first.steps.is_empty() {
        return;
    }
    let (rows, cols) = (puzzle.rows, puzzle.cols);
    let centres: Vec<Pos2> = cells
        .iter()
        .map(|&(r, c)| cell_center(rect, rows, cols, r, c))
        .collect();
    let centre = centres.iter().fold(Vec2::ZERO, |sum, p| sum + p.to_vec2()) / centres.len() as f32;
    let cell = vec2(rect.width() / cols as f32, rect.height() / rows as f32);
    let painter = ui.painter_at(rect);
    let stroke = egui::Stroke::new((cell.x * 0.08).clamp(2.0, 6.0), HINT_ARROW);
    // The arrow starts near the piece's leading edge, leaving its label in the middle
    // readable, and follows the steps from there, a cell a step.
    let span = |along: fn(&(usize, usize)) -> usize| {
        let (lo, hi) = cells
            .iter()
            .map(along)
            .fold((usize::MAX, 0), |(lo, hi), v| (lo.min(v), hi.max(v)));
        (hi + 1 - lo) as f32
    };
    let (height, width) = (span(|&(r, _)| r), span(|&(_, c)| c));
    let (dr, dc) = first.steps[0].delta();
    let lead = vec2(
        dc as f32 * (width / 2.0 - LABEL_ROOM) * cell.x,
        dr as f32 * (height / 2.0 - LABEL_ROOM) * cell.y,
    );
    let mut at = centre.to_pos2() + lead;
    let last = first.steps.len() - 1;
    for (i, dir) in first.steps.iter().enumerate() {
        let (dr, dc) = dir.delta();
        let step = vec2(dc as f32 * cell.x, dr as f32 * cell.y);
        if i == last {
            painter.arrow(at, step * 0.8, stroke);
        } else {
            painter.line_segment([at, at + step], stroke);
        }
        at += step;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use blockslide_core::model::{Dir, Token};

    #[test]
    fn the_mark_says_what_helped_in_the_games_metric() {
        let a = Token::new("A").unwrap();
        let step = |dir, by_solver| PlayedStep {
            piece: a,
            dir,
            by_solver,
        };
        // The player's step, then the solver's slide of three steps down.
        let history = [
            step(Dir::Left, false),
            step(Dir::Down, true),
            step(Dir::Down, true),
            step(Dir::Down, true),
        ];
        let help = |hints, solver_steps| Help {
            hints,
            solver_steps,
        };
        assert_eq!(help(0, 0).mark(&history, Metric::Slide), None);
        assert_eq!(
            help(2, 0).mark(&history, Metric::Slide).unwrap(),
            "Solved with 2 hints"
        );
        assert_eq!(
            help(1, 3).mark(&history, Metric::Slide).unwrap(),
            "Solved with help: 1 hint, then the solver played 1 slide"
        );
        assert_eq!(
            help(0, 3).mark(&history, Metric::Step).unwrap(),
            "Solved with help: the solver played 3 steps"
        );
        assert!(help(0, 1).any() && !help(0, 0).any());
    }
}
