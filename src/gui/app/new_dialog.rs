//! The "New puzzle" dialog: an empty board, or a numbered-tile puzzle that is solved, random
//! (always solvable) or scrambled by a number of moves, with the standard goal.

use egui::{Context, Modal, Ui};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

use crate::gui::command::Command;
use crate::model::tiles::{blank_last_goal, random_solvable, scramble};
use crate::model::{MAX_SIDE, Metric, Puzzle};

/// Which template.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Template {
    /// A board with nothing on it.
    #[default]
    Empty,
    /// Numbered tiles `1..rows*cols` and one blank.
    Tiles,
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
        }
    }
}

impl NewPuzzleForm {
    /// The puzzle the form describes.
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
        }
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
        });
        ui.add_space(4.0);
        size_row(ui, form);
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
        ui.horizontal(|ui| {
            if ui.button("Create").clicked() {
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

fn size_row(ui: &mut Ui, form: &mut NewPuzzleForm) {
    ui.horizontal(|ui| {
        let label = ui.label("Rows:");
        ui.add(egui::DragValue::new(&mut form.rows).range(1..=MAX_SIDE))
            .labelled_by(label.id);
        let label = ui.label("Columns:");
        ui.add(egui::DragValue::new(&mut form.cols).range(1..=MAX_SIDE))
            .labelled_by(label.id);
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::tiles::{is_solvable, tile_layout};

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
                };
                let layout = tile_layout(&form.build()).expect("a tile puzzle");
                assert!(is_solvable(&layout));
            }
        }
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
