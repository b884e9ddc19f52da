//! Designs side by side: the rows of Make it harder's results that the user ticks (the
//! pinned original among them), as the columns of one table, each with its board, its hardest
//! start, the length from the start shown, its positions, solutions, decisions, pieces and
//! walls, and what changed in words. The table scrolls sideways inside the window, so any
//! number of designs fit a small one.

use std::collections::BTreeSet;

use egui::{RichText, Ui};

use blockslide_core::model::{Cell, Metric, Puzzle};
use blockslide_core::solve::api::{AnalyzeReport, PathCount, analyze};
use blockslide_core::solve::design::{FoundDesign, Proof, prove};
use blockslide_core::solve::{Limits, SearchControl};

use crate::common::board::Board;
use crate::common::colors::color_every_piece;
use crate::common::format::{self as fmt, amount};

/// The heading of the table, and its accessible name.
pub const SIDE_BY_SIDE_LABEL: &str = "Side by side";
/// The button that unticks every design.
pub const CLEAR_LABEL: &str = "Clear the comparison";

/// The width of one design's column.
const COLUMN_WIDTH: f32 = 168.0;
/// The height of a column's board.
const BOARD_HEIGHT: f32 = 150.0;

/// A design ticked for the comparison.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Pick {
    /// The design the search started from.
    Original,
    /// A design kept, by its place in the list (from 0).
    Design(usize),
}

impl Pick {
    /// The accessible name of the check box that ticks it.
    pub fn label(self) -> String {
        match self {
            Pick::Original => "Compare the original".into(),
            Pick::Design(i) => format!("Compare design {}", i + 1),
        }
    }

    /// The column's title.
    fn title(self) -> String {
        match self {
            Pick::Original => "Original".into(),
            Pick::Design(i) => format!("Design {}", i + 1),
        }
    }
}

/// The original's figures, from analyses of its own (the search measures only its hardest
/// start): the start's optimal length, solutions and decisions, and its component.
#[derive(Clone, Debug)]
pub struct OriginalFigures {
    /// Positions in the start's component.
    pub component: u64,
    /// Whether the analysis walked the whole component.
    pub complete: bool,
    /// The start's shortest solutions, when one was found.
    pub proof: Option<Proof>,
}

/// Measures `origin` in `metric` within `limits` (on the calling thread: the search's task
/// calls it after the search).
pub fn original_figures(origin: &Puzzle, metric: Metric, limits: Limits) -> OriginalFigures {
    let report = analyze(origin, metric, SearchControl::new(limits)).ok();
    let proof = prove(origin, metric, SearchControl::new(limits))
        .ok()
        .flatten();
    OriginalFigures {
        component: report.as_ref().map_or(0, |r| r.component),
        complete: report.as_ref().is_some_and(AnalyzeReport::complete),
        proof,
    }
}

/// One column: a design and its figures.
struct Column {
    pick: Pick,
    puzzle: Puzzle,
    hardest: Option<u32>,
    proof: Option<Proof>,
    /// Positions, and whether the count is exact.
    component: Option<(u64, bool)>,
    pieces: usize,
    walls: usize,
    changes: Vec<String>,
}

impl Column {
    fn original(origin: &Puzzle, hardest: Option<u32>, figures: &OriginalFigures) -> Self {
        Column {
            pick: Pick::Original,
            puzzle: origin.clone(),
            hardest,
            proof: figures.proof.clone(),
            component: (figures.component > 0).then_some((figures.component, figures.complete)),
            pieces: origin.pieces().len(),
            walls: origin.cells.iter().filter(|&&c| c == Cell::Wall).count(),
            changes: vec!["the design searched from, as it is drawn".into()],
        }
    }

    fn found(index: usize, found: &FoundDesign) -> Self {
        // Pieces the search added have no colour of their own: as in the preview and in
        // what is opened, each gets one.
        let mut puzzle = found.puzzle.clone();
        color_every_piece(&mut puzzle);
        let changes = if found.changes.is_empty() {
            vec![if found.found_at == 0 {
                "the original, at its hardest start".into()
            } else {
                "the same pieces and walls, placed anew".into()
            }]
        } else {
            found.changes.clone()
        };
        Column {
            pick: Pick::Design(index),
            puzzle,
            hardest: Some(found.length),
            proof: Some(found.proof.clone()),
            component: Some((found.component, true)),
            pieces: found.pieces,
            walls: found.walls,
            changes,
        }
    }
}

/// The comparison of the ticked designs, when any is ticked: a table whose columns are the
/// designs and whose rows their figures, scrolling sideways within the width it is given.
/// `origin` is the design searched from, `original` its hardest start and `figures` its own
/// figures; `designs` the designs kept.
pub fn strip_ui(
    ui: &mut Ui,
    metric: Metric,
    (origin, original, figures): (&Puzzle, Option<u32>, &OriginalFigures),
    designs: &[FoundDesign],
    compared: &mut BTreeSet<Pick>,
) {
    compared.retain(|pick| match pick {
        Pick::Original => true,
        Pick::Design(i) => *i < designs.len(),
    });
    ui.add_space(6.0);
    ui.horizontal(|ui| {
        ui.label(RichText::new(SIDE_BY_SIDE_LABEL).strong());
        if compared.is_empty() {
            ui.weak("Tick designs above (the original too) to see them here side by side.");
            return;
        }
        if ui
            .button("Clear")
            .on_hover_text("Untick every design")
            .accessible_name(CLEAR_LABEL)
            .clicked()
        {
            compared.clear();
        }
    });
    if compared.is_empty() {
        return;
    }
    let columns: Vec<Column> = compared
        .iter()
        .map(|&pick| match pick {
            Pick::Original => Column::original(origin, original, figures),
            Pick::Design(i) => Column::found(i, &designs[i]),
        })
        .collect();
    egui::ScrollArea::horizontal()
        .id_salt("harder side by side")
        .auto_shrink([false, true])
        .show(ui, |ui| {
            egui::Grid::new("harder side by side grid")
                .striped(true)
                .spacing([10.0, 4.0])
                .show(ui, |ui| {
                    ui.label("");
                    for column in &columns {
                        cell(ui, |ui| {
                            ui.label(RichText::new(column.pick.title()).strong());
                        });
                    }
                    ui.end_row();
                    ui.label("");
                    for column in &columns {
                        cell(ui, |ui| board(ui, column));
                    }
                    ui.end_row();
                    let figures: Vec<[String; FIGURES.len()]> =
                        columns.iter().map(|c| c.figures(metric)).collect();
                    for (row, name) in FIGURES.iter().enumerate() {
                        ui.label(*name);
                        for column in &figures {
                            cell(ui, |ui| {
                                ui.label(column[row].as_str());
                            });
                        }
                        ui.end_row();
                    }
                    ui.label("What changed");
                    for column in &columns {
                        cell(ui, |ui| {
                            for change in &column.changes {
                                ui.add(egui::Label::new(change.as_str()).wrap());
                            }
                        });
                    }
                    ui.end_row();
                });
        });
}

/// The names of the figures each column shows, in the order of [`Column::figures`].
const FIGURES: [&str; 7] = [
    "Hardest start",
    "Length from the start shown",
    "Positions",
    "Shortest solutions",
    "Decisions",
    "Pieces",
    "Walls",
];

impl Column {
    /// The column's figures in words, lengths in `metric`, as [`FIGURES`] names them.
    fn figures(&self, metric: Metric) -> [String; FIGURES.len()] {
        let unknown = || "not known".to_string();
        let moves = |n: Option<u32>| n.map_or_else(unknown, |n| amount(metric, n));
        let proof = self.proof.as_ref();
        [
            moves(self.hardest),
            moves(proof.map(|p| p.length)),
            self.component.map_or_else(
                || "not measured".into(),
                |(n, exact)| {
                    let bound = if exact { "" } else { "at least " };
                    format!("{bound}{}", fmt::thousands(n))
                },
            ),
            proof.map_or_else(unknown, |p| solutions(p.solutions)),
            proof.map_or_else(unknown, |p| p.decisions.to_string()),
            self.pieces.to_string(),
            self.walls.to_string(),
        ]
    }
}

/// A cell of a design's column, as wide as the column, its text wrapped at that width.
fn cell(ui: &mut Ui, contents: impl FnOnce(&mut Ui)) {
    ui.vertical(|ui| {
        ui.set_width(COLUMN_WIDTH);
        contents(ui);
    });
}

/// The column's design drawn small, not interactive.
fn board(ui: &mut Ui, column: &Column) {
    let size = egui::vec2(COLUMN_WIDTH, BOARD_HEIGHT);
    ui.allocate_ui(size, |ui| {
        ui.set_min_size(size);
        Board::new(&column.puzzle)
            .interactive(false)
            .max_cell_size(26.0)
            .goal_outline(true)
            .id_salt(("harder side by side board", column.pick))
            .label(format!("Board of {}", column.pick.title().to_lowercase()))
            .show(ui);
    });
}

/// A count of solutions, "more than" when it overflowed.
fn solutions(count: PathCount) -> String {
    if count.saturated {
        format!("more than {}", count.value)
    } else {
        count.value.to_string()
    }
}
