//! The "New puzzle" dialog: an empty board, a numbered-tile puzzle that is solved, random
//! (always solvable) or scrambled by a number of moves, with the standard goal, or a Rush
//! Hour board: the 6x6 board with the red car before its exit, or one imported from
//! Fogleman's notation.

use egui::{Context, Modal, Ui};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

use crate::command::Command;
use crate::common::colors::color_every_piece;
use blockslide_core::model::rushhour;
use blockslide_core::model::tiles::{blank_last_goal, random_solvable, scramble};
use blockslide_core::model::{MAX_SIDE, Metric, Puzzle};

/// Which template.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Template {
    /// A board with nothing on it.
    #[default]
    Empty,
    /// Numbered tiles `1..rows*cols` and one blank.
    Tiles,
    /// A 6x6 Rush Hour board (cars locked to their axes, the red car's exit on the right).
    RushHour,
}

/// How the tiles of a tile puzzle start.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum TileStart {
    /// Already at the goal.
    Solved,
    /// Uniformly random among the solvable positions.
    #[default]
    Random,
    /// A random walk of some moves from the goal.
    Scrambled,
}

/// The dialog's fields; kept between launches.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct NewPuzzleForm {
    /// Which template.
    pub template: Template,
    /// Board rows.
    pub rows: usize,
    /// Board columns.
    pub cols: usize,
    /// How tiles start.
    pub tile_start: TileStart,
    /// Moves for [`TileStart::Scrambled`].
    pub scramble_moves: u32,
    /// Seed of the random choices; advanced after each puzzle, so the next one differs.
    pub seed: u64,
    /// A Rush Hour board in Fogleman's notation to import (empty: only the red car).
    pub rush_hour: String,
}

impl Default for NewPuzzleForm {
    fn default() -> Self {
        NewPuzzleForm {
            template: Template::Empty,
            rows: 4,
            cols: 4,
            tile_start: TileStart::Random,
            scramble_moves: 20,
            seed: 1,
            rush_hour: String::new(),
        }
    }
}

impl NewPuzzleForm {
    /// The puzzle the form describes. A Rush Hour string that does not parse gives the empty
    /// Rush Hour board; the dialog shows [`NewPuzzleForm::rush_hour_error`] and refuses to
    /// create it.
    pub fn build(&self) -> Puzzle {
        let rows = self.rows.clamp(1, MAX_SIDE);
        let cols = self.cols.clamp(1, MAX_SIDE);
        match self.template {
            Template::Empty => {
                let mut p = Puzzle::empty(rows, cols);
                p.name = "Untitled".into();
                p
            }
            Template::Tiles => self.tiles(rows, cols),
            Template::RushHour => self.rush_hour().unwrap_or_else(|_| empty_rush_hour()),
        }
    }

    /// Why the Rush Hour string cannot be imported, when the Rush Hour template is chosen.
    pub fn rush_hour_error(&self) -> Option<String> {
        if self.template != Template::RushHour {
            return None;
        }
        self.rush_hour().err()
    }

    /// The Rush Hour board of the form: the imported string, or the empty board. Every car
    /// gets a colour of its own, apart from the red car's (the string names none).
    fn rush_hour(&self) -> Result<Puzzle, String> {
        let mut puzzle = match fogleman_field(&self.rush_hour) {
            None => empty_rush_hour(),
            Some(text) => rushhour::parse(text).map_err(|e| fmt_sentence(&e.to_string()))?,
        };
        color_every_piece(&mut puzzle);
        Ok(puzzle)
    }

    fn tiles(&self, rows: usize, cols: usize) -> Puzzle {
        // Tile tokens have at most three digits; a one-cell board has no tiles at all.
        let (rows, cols) = if rows * cols < 2 {
            (1, 2)
        } else {
            (rows, cols)
        };
        let (rows, cols) = if rows * cols > 1000 {
            (31, 32)
        } else {
            (rows, cols)
        };
        let goal = blank_last_goal(rows, cols);
        let mut rng = ChaCha8Rng::seed_from_u64(self.seed);
        let start = match self.tile_start {
            TileStart::Solved => goal.clone(),
            TileStart::Random => random_solvable(rows, cols, &goal, &mut rng),
            TileStart::Scrambled => scramble(rows, cols, &goal, self.scramble_moves, &mut rng),
        };
        let start: Vec<u32> = start.into_iter().map(u32::from).collect();
        // Invariant: `start` and the default goal both have rows * cols cells.
        let mut p = Puzzle::tiles(rows, cols, &start, None).expect("sizes match");
        p.name = format!("{}-puzzle ({rows}x{cols})", rows * cols - 1);
        p.metric = Some(Metric::Step);
        p
    }
}

/// The board to import from what was typed or pasted: the text itself, or, for a line of
/// Fogleman's database or of `blockslide family --format fogleman` (`moves board cluster`),
/// the field that holds a board: the one that is not a number. `None` for blank text.
fn fogleman_field(text: &str) -> Option<&str> {
    let mut fields = text.split_whitespace();
    let first = fields.next()?;
    Some(
        std::iter::once(first)
            .chain(fields)
            .find(|f| !f.chars().all(|c| c.is_ascii_digit()))
            .filter(|_| text.split_whitespace().count() == 3)
            .unwrap_or(text.trim()),
    )
}

/// The empty Rush Hour board: the red car in the third row at the left, its exit on the
/// right of that row.
fn empty_rush_hour() -> Puzzle {
    // Invariant: a red car lying along its row on an otherwise empty 6x6 board is a valid
    // Rush Hour board.
    let mut p = rushhour::parse(
        "oooooooooooo\
                                 AAoooooooooo\
                                 oooooooooooo",
    )
    .expect("the empty Rush Hour board parses");
    p.name = "Rush Hour".into();
    p
}

/// `text` with a capital first letter and a full stop, as the dialog shows errors.
fn fmt_sentence(text: &str) -> String {
    let mut chars = text.chars();
    let mut out = chars.next().map_or_else(String::new, |c| {
        c.to_uppercase().collect::<String>() + chars.as_str()
    });
    if !out.ends_with('.') {
        out.push('.');
    }
    out
}

/// Shows the dialog while `open`; "Create" queues [`Command::New`].
pub fn show(ctx: &Context, form: &mut NewPuzzleForm, open: &mut bool, commands: &mut Vec<Command>) {
    if !*open {
        return;
    }
    let id = egui::Id::unique("new_puzzle_dialog");
    // Anchored at the top, so the buttons do not jump while the form grows or shrinks.
    let area = Modal::default_area(id).anchor(egui::Align2::CENTER_TOP, egui::vec2(0.0, 90.0));
    let modal = Modal::new(id).area(area).show(ctx, |ui| {
        ui.set_width(340.0);
        ui.heading("New puzzle");
        ui.add_space(4.0);
        ui.horizontal(|ui| {
            ui.selectable_value(&mut form.template, Template::Empty, "Empty board")
                .on_hover_text("A blank board to draw pieces and walls on");
            ui.selectable_value(&mut form.template, Template::Tiles, "Tile puzzle")
                .on_hover_text("Numbered tiles and one blank, like the 8- and 15-puzzle");
            ui.selectable_value(&mut form.template, Template::RushHour, "Rush Hour")
                .on_hover_text(
                    "A 6x6 board of cars that move only along their length; drive the red \
                     car A out of the exit on the right",
                );
        });
        ui.add_space(4.0);
        if form.template == Template::RushHour {
            rush_hour_rows(ui, form);
        } else {
            size_row(ui, form);
        }
        if form.template == Template::Tiles {
            ui.horizontal(|ui| {
                ui.label("Start:");
                ui.radio_value(&mut form.tile_start, TileStart::Solved, "Solved");
                ui.radio_value(&mut form.tile_start, TileStart::Random, "Random")
                    .on_hover_text("Uniformly random, and always solvable");
                ui.radio_value(&mut form.tile_start, TileStart::Scrambled, "Scrambled");
            });
            if form.tile_start == TileStart::Scrambled {
                ui.horizontal(|ui| {
                    let label = ui.label("Scramble moves:");
                    ui.add(egui::DragValue::new(&mut form.scramble_moves).range(0..=10_000))
                        .labelled_by(label.id)
                        .on_hover_text(
                            "Random blank moves from the goal (never undoing the last one)",
                        );
                });
            }
            if form.tile_start != TileStart::Solved {
                ui.horizontal(|ui| {
                    let label = ui.label("Seed:");
                    ui.add(egui::DragValue::new(&mut form.seed))
                        .labelled_by(label.id)
                        .on_hover_text("The same seed gives the same puzzle");
                });
            }
            ui.weak("Goal: tiles in order, blank in the bottom-right corner.");
        }
        ui.separator();
        let error = form.rush_hour_error();
        ui.horizontal(|ui| {
            if ui
                .add_enabled(error.is_none(), egui::Button::new("Create"))
                .on_disabled_hover_text("Fix the Rush Hour board first")
                .clicked()
            {
                commands.push(Command::New(Box::new(form.build())));
                form.seed = form.seed.wrapping_add(1);
                *open = false;
            }
            if ui.button("Cancel").clicked() {
                *open = false;
            }
        });
    });
    if modal.should_close() {
        *open = false;
    }
}

/// The Rush Hour template's rows: the import field and what it will give.
fn rush_hour_rows(ui: &mut Ui, form: &mut NewPuzzleForm) {
    ui.weak(
        "6x6, cars locked to their axes, the exit on the right of the red car's row, counted \
         in slides.",
    );
    let label = ui.label("Fogleman string (optional):");
    ui.add(
        egui::TextEdit::singleline(&mut form.rush_hour)
            .desired_width(f32::INFINITY)
            .font(egui::TextStyle::Monospace)
            .hint_text("e.g. IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM"),
    )
    .labelled_by(label.id)
    .on_hover_text(
        "36 characters, the board row by row: o empty, x wall, A the red car, other capital \
         letters the other cars and trucks",
    );
    match form.rush_hour_error() {
        Some(error) => {
            ui.colored_label(ui.visuals().error_fg_color, error);
        }
        None if form.rush_hour.trim().is_empty() => {
            ui.weak("Empty: the red car alone; draw the other cars in the editor.");
        }
        None => {
            let cars = form.build().pieces().len();
            ui.weak(format!("{cars} vehicles, ready to create."));
        }
    }
}

fn size_row(ui: &mut Ui, form: &mut NewPuzzleForm) {
    ui.horizontal(|ui| {
        let label = ui.label("Rows:");
        side_field(ui, "new rows", &mut form.rows).labelled_by(label.id);
        let label = ui.label("Columns:");
        side_field(ui, "new cols", &mut form.cols).labelled_by(label.id);
    });
}

/// A field for a board side, `1..=MAX_SIDE`, where a click (or Tab) into it starts a new
/// value: it empties, the old value shown greyed as its hint, so typing replaces it; left
/// empty, the old value stays. A `DragValue` selects its text on a click, but egui's text
/// field drops a selection made before it is drawn, so typing appended to the old value.
/// The value follows every keystroke, so Tab and "Create" keep what was typed.
fn side_field(ui: &mut Ui, salt: &str, value: &mut usize) -> egui::Response {
    let id = ui.scope_id().with(salt);
    let editing = ui.memory(|m| m.has_focus(id));
    let mut text = if editing {
        ui.data_mut(|d| d.get_temp::<String>(id))
            .unwrap_or_default()
    } else {
        value.to_string()
    };
    let response = ui.add(
        egui::TextEdit::singleline(&mut text)
            .id(id)
            .hint_text(value.to_string())
            .char_limit(MAX_SIDE.to_string().len())
            .desired_width(32.0),
    );
    if editing && response.changed() {
        text.retain(|c| c.is_ascii_digit());
        if let Ok(typed) = text.parse::<usize>() {
            *value = typed.clamp(1, MAX_SIDE);
        }
    }
    // Until the field has the focus, what it will edit is empty text.
    let kept = if editing { text } else { String::new() };
    ui.data_mut(|d| d.insert_temp(id, kept));
    response
}

#[cfg(test)]
mod tests {
    use super::*;
    use blockslide_core::model::tiles::{is_solvable, tile_layout};

    #[test]
    fn tile_templates_are_solvable_tile_puzzles() {
        for start in [TileStart::Solved, TileStart::Random, TileStart::Scrambled] {
            for seed in 0..5 {
                let form = NewPuzzleForm {
                    template: Template::Tiles,
                    rows: 3,
                    cols: 4,
                    tile_start: start,
                    scramble_moves: 15,
                    seed,
                    ..NewPuzzleForm::default()
                };
                let layout = tile_layout(&form.build()).expect("a tile puzzle");
                assert!(is_solvable(&layout));
            }
        }
    }

    #[test]
    fn rush_hour_boards_import_or_say_why_not() {
        let mut form = NewPuzzleForm {
            template: Template::RushHour,
            ..NewPuzzleForm::default()
        };
        let empty = form.build();
        assert_eq!((empty.rows, empty.cols), (6, 6));
        assert_eq!(empty.pieces().len(), 1);
        assert_eq!(empty.metric, Some(Metric::Slide));
        let board = "IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM";
        form.rush_hour = format!("60 {board} 4780");
        assert_eq!(form.rush_hour_error(), None);
        let built = form.build();
        let mut parsed = rushhour::parse(board).unwrap();
        color_every_piece(&mut parsed);
        assert_eq!(built, parsed);
        assert!(
            built
                .pieces()
                .iter()
                .all(|p| built.styles[&p.token].color.is_some()),
            "every car has a colour of its own"
        );
        form.rush_hour = "AAo".into();
        let error = form.rush_hour_error().expect("too short");
        assert!(error.starts_with("A Rush Hour board has 36"), "{error}");
        form.template = Template::Empty;
        assert_eq!(form.rush_hour_error(), None);
    }

    #[test]
    fn the_solved_template_is_at_its_goal() {
        let form = NewPuzzleForm {
            template: Template::Tiles,
            tile_start: TileStart::Solved,
            ..NewPuzzleForm::default()
        };
        let layout = tile_layout(&form.build()).expect("a tile puzzle");
        assert_eq!(layout.start, layout.goal);
        let empty = NewPuzzleForm::default().build();
        assert_eq!((empty.rows, empty.cols), (4, 4));
        assert!(empty.pieces().is_empty());
    }
}
