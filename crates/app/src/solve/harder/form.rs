//! What a design search may do, as the user ticks it: the changes allowed, the shapes new
//! pieces take, the piece and wall limits, the locked pieces, what to maximise, how long to
//! search and the seed. It turns into the core's [`DesignRules`] and [`SearchOptions`].

use std::collections::BTreeSet;

use egui::Ui;

use blockslide_core::model::{Axis, Metric, Puzzle, Token};
use blockslide_core::solve::api::PuzzleProfile;
use blockslide_core::solve::design::{Change, DesignRules, Objective, PaletteShape, SearchOptions};

/// Seconds a search runs unless the user picks another budget: long enough to find a harder
/// variant of a small puzzle, short enough to try again.
pub const DEFAULT_SECONDS: u64 = 10;

/// How a run is made to repeat, said where the seed is set.
const SEED_HELP: &str = "The same seed with a candidate limit (not a time budget) finds the \
                         same designs again, at the same number of threads (the solver's \
                         Threads)";

/// Shapes offered, unticked, beside the puzzle's own when it is not a Rush Hour board: the
/// small blocks most sliding-block puzzles are made of.
const EXTRA_SHAPES: [&[(usize, usize)]; 4] = [
    &[(0, 0)],
    &[(0, 0), (0, 1)],
    &[(0, 0), (1, 0)],
    &[(0, 0), (0, 1), (1, 0), (1, 1)],
];

/// The user's choices for a design search of one design.
#[derive(Clone, Debug, PartialEq)]
pub struct DesignForm {
    /// The changes allowed.
    pub allow: BTreeSet<Change>,
    /// Every shape offered for new pieces, and whether it is ticked.
    pub palette: Vec<(PaletteShape, bool)>,
    /// The most pieces a design may have, the goal's included.
    pub max_pieces: usize,
    /// The most walls a design may have (when walls may change).
    pub max_walls: usize,
    /// The design's pieces, and whether each is locked (no change touches it).
    pub locked: Vec<(Token, bool)>,
    /// What to maximise.
    pub objective: Objective,
    /// How long to search, in seconds.
    pub seconds: u64,
    /// The seed of the search's random changes.
    pub seed: u64,
    /// The most candidate designs to judge (0: no limit): with the seed, it makes a run
    /// repeatable, which a time budget does not.
    pub candidates: u64,
}

impl DesignForm {
    /// The core's defaults for `design` ([`DesignRules::for_design`]): every change but walls,
    /// Rush Hour's cars on a Rush Hour board and else the design's own shapes ticked (and a
    /// few small blocks offered), nothing locked, the length maximised.
    pub fn for_design(design: &Puzzle) -> DesignForm {
        let defaults = DesignRules::for_design(design, Metric::Step);
        let mut form = DesignForm {
            allow: defaults.allow,
            palette: Vec::new(),
            max_pieces: 0,
            max_walls: 0,
            locked: Vec::new(),
            objective: Objective::Length,
            seconds: DEFAULT_SECONDS,
            seed: 1,
            candidates: 0,
        };
        form.refit(design);
        form
    }

    /// Fits the choices that depend on the design (the shapes, the limits, the pieces to
    /// lock) to `design`, keeping the others: the changes ticked, the objective, the time and
    /// the seed carry over from one version of a design to the next.
    pub fn refit(&mut self, design: &Puzzle) {
        let defaults = DesignRules::for_design(design, Metric::Step);
        let mut palette: Vec<(PaletteShape, bool)> =
            defaults.palette.into_iter().map(|s| (s, true)).collect();
        // Rush Hour's vehicles are cars and trucks only: other shapes would break its rules.
        if PuzzleProfile::of(design).rush_hour().is_none() {
            for cells in EXTRA_SHAPES {
                let shape = PaletteShape::new(cells, Axis::Free);
                // The design's own shapes carry their kinds: a shape is offered once.
                if !palette
                    .iter()
                    .any(|(s, _)| s.cells == shape.cells && s.axis == shape.axis)
                {
                    palette.push((shape, false));
                }
            }
        }
        self.palette = palette;
        self.max_pieces = defaults.max_pieces;
        self.max_walls = defaults.max_walls;
        self.locked = design.pieces().iter().map(|p| (p.token, false)).collect();
    }

    /// The rules these choices describe, lengths counted in `metric`.
    pub fn rules(&self, metric: Metric) -> DesignRules {
        DesignRules {
            metric,
            allow: self.allow.clone(),
            palette: self
                .palette
                .iter()
                .filter(|(_, on)| *on)
                .map(|(s, _)| s.clone())
                .collect(),
            max_pieces: self.max_pieces,
            max_walls: self.max_walls,
            locked_pieces: self
                .locked
                .iter()
                .filter(|(_, on)| *on)
                .map(|(t, _)| *t)
                .collect(),
            locked_cells: BTreeSet::new(),
        }
    }

    /// How the search runs: the objective and the seed, the rest the core's defaults.
    pub fn options(&self) -> SearchOptions {
        SearchOptions {
            objective: self.objective,
            seed: self.seed,
            max_candidates: (self.candidates > 0).then_some(self.candidates),
            ..SearchOptions::default()
        }
    }

    /// Why these choices cannot run, if they cannot.
    pub fn problem(&self) -> Option<&'static str> {
        if self.allow.is_empty() {
            Some("Tick at least one change the search may make")
        } else if self.allow.contains(&Change::Add) && !self.palette.iter().any(|(_, on)| *on) {
            Some("Tick at least one shape for new pieces, or untick \"Add pieces\"")
        } else {
            None
        }
    }

    /// Draws the choices for `design` as a two-column grid.
    pub fn ui(&mut self, ui: &mut Ui, design: &Puzzle) {
        egui::Grid::new("harder form")
            .num_columns(2)
            .spacing([12.0, 6.0])
            .show(ui, |ui| {
                ui.label("May change");
                ui.horizontal_wrapped(|ui| self.changes_ui(ui));
                ui.end_row();
                ui.label("New pieces");
                ui.horizontal_wrapped(|ui| {
                    for (shape, on) in &mut self.palette {
                        let name = shape.to_string();
                        ui.checkbox(on, name.as_str())
                            .on_hover_text("A shape added pieces may take");
                        shape_picture(ui, &shape.cells, &name);
                        ui.add_space(6.0);
                    }
                });
                ui.end_row();
                ui.label("Limits");
                ui.horizontal(|ui| self.limits_ui(ui, design));
                ui.end_row();
                ui.label("Lock pieces");
                ui.horizontal_wrapped(|ui| {
                    for (token, on) in &mut self.locked {
                        let name = design.styles.get(token).and_then(|s| s.name.as_deref());
                        let text = match name {
                            Some(name) => format!("{token} ({name})"),
                            None => token.to_string(),
                        };
                        ui.checkbox(on, text)
                            .on_hover_text("No change moves, removes or reshapes a locked piece");
                    }
                });
                ui.end_row();
                ui.label("Maximise");
                ui.horizontal(|ui| {
                    ui.radio_value(&mut self.objective, Objective::Length, "Length")
                        .on_hover_text(
                            "The hardest start's distance to the goal; ties go to fewer pieces, \
                             then to fewer optimal solutions",
                        );
                    ui.radio_value(&mut self.objective, Objective::Decisions, "Decisions")
                        .on_hover_text(
                            "The moves of a shortest solution that are not forced (where only \
                             one piece can move one way other than back); then the length",
                        );
                });
                ui.end_row();
                ui.label("Search");
                ui.horizontal(|ui| {
                    let label = ui.label("Time budget");
                    ui.add(
                        egui::DragValue::new(&mut self.seconds)
                            .range(1..=3600)
                            .suffix(" s"),
                    )
                    .labelled_by(label.id)
                    .on_hover_text("The search stops by itself after this long");
                    let label = ui.label("Candidates");
                    ui.add(
                        egui::DragValue::new(&mut self.candidates)
                            .range(0..=100_000_000)
                            .custom_formatter(|n, _| {
                                if n == 0.0 {
                                    "no limit".to_string()
                                } else {
                                    format!("{n:.0}")
                                }
                            }),
                    )
                    .labelled_by(label.id)
                    .on_hover_text(
                        "Stop after this many candidate designs (0: no limit, the time budget \
                         alone)",
                    );
                    let label = ui.label("Seed");
                    ui.add(egui::DragValue::new(&mut self.seed))
                        .labelled_by(label.id)
                        .on_hover_text(SEED_HELP);
                });
                ui.end_row();
            });
    }

    fn changes_ui(&mut self, ui: &mut Ui) {
        for change in Change::ALL {
            let mut on = self.allow.contains(&change);
            let (title, help) = change_words(change);
            if ui.checkbox(&mut on, title).on_hover_text(help).changed() {
                if on {
                    self.allow.insert(change);
                } else {
                    self.allow.remove(&change);
                }
            }
        }
    }

    fn limits_ui(&mut self, ui: &mut Ui, design: &Puzzle) {
        let cells = design.rows * design.cols;
        let label = ui.label("Max pieces");
        ui.add(egui::DragValue::new(&mut self.max_pieces).range(1..=cells))
            .labelled_by(label.id)
            .on_hover_text("The most pieces a design may have, the goal's included");
        let walls = self.allow.contains(&Change::Walls);
        let label = ui.label("Max walls");
        ui.add_enabled(
            walls,
            egui::DragValue::new(&mut self.max_walls).range(0..=cells),
        )
        .labelled_by(label.id)
        .on_hover_text("The most walls a design may have")
        .on_disabled_hover_text("Tick \"Walls\" to let the search add, remove or move walls");
    }
}

/// The accessible name of the picture of the new-piece shape `name`.
pub fn shape_picture_label(name: &str) -> String {
    format!("Picture of {name}")
}

/// A shape drawn small: its cells as squares, so that shapes read at a glance; `name` is the
/// shape's, for its accessible name.
fn shape_picture(ui: &mut Ui, cells: &[(usize, usize)], name: &str) {
    const CELL: f32 = 7.0;
    let rows = cells.iter().map(|&(r, _)| r + 1).max().unwrap_or(1);
    let cols = cells.iter().map(|&(_, c)| c + 1).max().unwrap_or(1);
    let size = egui::vec2(cols as f32 * CELL, rows as f32 * CELL);
    let (rect, response) = ui.allocate_exact_size(size, egui::Sense::hover());
    response.widget_info(|| {
        egui::WidgetInfo::labeled(
            egui::accesskit::Role::Image,
            true,
            shape_picture_label(name),
        )
    });
    let color = ui.visuals().strong_text_color();
    for &(r, c) in cells {
        let min = rect.min + egui::vec2(c as f32 * CELL, r as f32 * CELL);
        let square = egui::Rect::from_min_size(min, egui::vec2(CELL, CELL)).shrink(0.5);
        ui.painter().rect_filled(square, 1.0, color);
    }
}

/// A change's check box text and tooltip.
fn change_words(change: Change) -> (&'static str, &'static str) {
    match change {
        Change::Move => (
            "Move pieces",
            "Put pieces somewhere else on the board (what exploring the piece set does)",
        ),
        Change::Add => ("Add pieces", "Add pieces of the shapes ticked below"),
        Change::Remove => (
            "Remove pieces",
            "Take pieces away (never the goal's pieces)",
        ),
        Change::Reshape => (
            "Reshape pieces",
            "Grow or shrink a piece by one cell, keeping it in one piece",
        ),
        Change::Walls => ("Walls", "Add, remove or move walls, up to the most allowed"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use blockslide_core::model::rushhour;

    #[test]
    fn a_rush_hour_board_offers_its_cars_only_and_ticks_them() {
        let board = rushhour::parse("oooBAAoBoooooooo").unwrap();
        let form = DesignForm::for_design(&board);
        assert!(form.palette.iter().all(|(_, on)| *on));
        let rules = form.rules(Metric::Slide);
        assert_eq!(rules, DesignRules::for_design(&board, Metric::Slide));
        assert_eq!(form.problem(), None);
    }

    #[test]
    fn other_puzzles_offer_small_blocks_unticked_and_locks_become_rules() {
        let puzzle = Puzzle::from_rows(&["A A .", "B . ."], &[". . .", ". A A"]).unwrap();
        let mut form = DesignForm::for_design(&puzzle);
        let ticked: Vec<String> = form
            .palette
            .iter()
            .filter(|(_, on)| *on)
            .map(|(s, _)| s.to_string())
            .collect();
        assert_eq!(ticked, ["1x1"]);
        assert!(form.palette.len() > 1);
        form.locked[1].1 = true;
        let rules = form.rules(Metric::Step);
        assert_eq!(
            rules.locked_pieces.into_iter().collect::<Vec<_>>(),
            [Token::new("B").unwrap()]
        );
    }

    #[test]
    fn choices_that_cannot_run_say_why() {
        let board = rushhour::parse("oooBAAoBoooooooo").unwrap();
        let mut form = DesignForm::for_design(&board);
        for shape in &mut form.palette {
            shape.1 = false;
        }
        assert!(form.problem().unwrap().contains("shape"));
        form.allow.clear();
        assert!(form.problem().unwrap().contains("change"));
    }

    #[test]
    fn refitting_keeps_the_choices_that_belong_to_no_design() {
        let board = rushhour::parse("oooBAAoBoooooooo").unwrap();
        let mut form = DesignForm::for_design(&board);
        form.allow.insert(Change::Walls);
        form.seconds = 3;
        form.seed = 9;
        let other = rushhour::parse("ooooAAoooooooooo").unwrap();
        form.refit(&other);
        assert!(form.allow.contains(&Change::Walls));
        assert_eq!((form.seconds, form.seed), (3, 9));
        assert_eq!(form.locked.len(), 1);
    }

    #[test]
    fn every_shape_is_offered_once_whatever_the_kinds_of_the_designs_pieces() {
        // Klotski's 2x1 pieces are of kind "vertical", its 1x1 of kind "soldier": the small
        // blocks offered besides were once listed again beside them.
        let klotski = Puzzle::from_rows(
            &["B A A C", "B A A C", "D E E F", "D G H F", "I . . J"],
            &[". . . .", ". . . .", ". . . .", ". A A .", ". A A ."],
        )
        .unwrap();
        let mut kinded = klotski.clone();
        for token in ["B", "C", "D", "F"] {
            kinded
                .styles
                .entry(Token::new(token).unwrap())
                .or_default()
                .kind = Some("vertical".into());
        }
        for token in ["G", "H", "I", "J"] {
            kinded
                .styles
                .entry(Token::new(token).unwrap())
                .or_default()
                .kind = Some("soldier".into());
        }
        for design in [klotski, kinded] {
            let form = DesignForm::for_design(&design);
            let mut shapes: Vec<(Vec<(usize, usize)>, Axis)> = form
                .palette
                .iter()
                .map(|(s, _)| (s.cells.clone(), s.axis))
                .collect();
            let offered = shapes.len();
            shapes.sort_by(|a, b| a.0.cmp(&b.0));
            shapes.dedup();
            assert_eq!(shapes.len(), offered, "{:?}", form.palette);
        }
    }

    #[test]
    fn a_candidate_limit_reaches_the_search() {
        let puzzle = Puzzle::from_rows(&["A A .", "B . ."], &[". . .", ". A A"]).unwrap();
        let mut form = DesignForm::for_design(&puzzle);
        assert_eq!(form.options().max_candidates, None);
        form.candidates = 500;
        assert_eq!(form.options().max_candidates, Some(500));
    }
}
