//! What a design search shows, running and finished: the best (or the selected) design drawn,
//! the figures, the chart of the best length over time, and the list of designs kept with the
//! buttons that use one or open it beside the design.

use std::collections::BTreeSet;

use egui::{Color32, RichText, Ui};

use blockslide_core::model::{Metric, Puzzle};
use blockslide_core::solve::Termination;
use blockslide_core::solve::design::{FoundDesign, SearchReport};

use super::compare::Pick;
use crate::command::Command;
use crate::common::board::Board;
use crate::common::charts::{Axis, Chart, Layer, chart_ui};
use crate::common::colors::color_every_piece;
use crate::common::format::{self as fmt, amount};

/// The accessible name of the button that makes the selected design the document's.
pub const USE_LABEL: &str = "Use this design";
/// The accessible name of the button that opens the selected design as a new document.
pub const OPEN_LABEL: &str = "Open as a new design";
/// The button that saves every design kept.
pub const SAVE_ALL_LABEL: &str = "Save all…";
/// The button that makes the open design the search's original again.
pub const ORIGINAL_LABEL: &str = "Use the original";

/// The best length's line.
const BEST: Color32 = Color32::from_rgb(0xc0, 0x39, 0x2b);
/// The original's line.
const ORIGINAL: Color32 = Color32::from_gray(130);
/// The colour of a search that ran its course.
const COMPLETE: Color32 = Color32::from_rgb(0x2e, 0x9e, 0x4f);

/// The width of the design drawn beside the figures.
pub const PREVIEW_WIDTH: f32 = 220.0;

/// How long the best design's hardest start is, against the original's.
pub fn best_text(metric: Metric, best: &FoundDesign, original: Option<u32>) -> String {
    let length = amount(metric, best.length);
    match original {
        Some(o) if best.length > o => {
            format!("{length}, {} more than the original", best.length - o)
        }
        Some(o) if best.length == o => format!("{length}, as long as the original"),
        Some(o) => format!("{length}, {} fewer than the original", o - best.length),
        None => length,
    }
}

/// What a search has measured so far, and when.
pub struct Figures<'a> {
    /// How lengths are counted.
    pub metric: Metric,
    /// The original's hardest start.
    pub original: Option<u32>,
    /// The best design.
    pub best: Option<&'a FoundDesign>,
    /// Designs kept.
    pub kept: usize,
    /// Candidates evaluated.
    pub candidates: u64,
    /// Seconds searched.
    pub seconds: f64,
}

impl Figures<'_> {
    /// The figures as a two-column grid.
    pub fn ui(&self, ui: &mut Ui) {
        let metric = self.metric;
        let original = self
            .original
            .map_or_else(|| "not measured".to_string(), |o| amount(metric, o));
        let best = self.best.map_or_else(
            || "none yet".to_string(),
            |b| best_text(metric, b, self.original),
        );
        let rate = if self.seconds > 0.0 {
            self.candidates as f64 / self.seconds
        } else {
            0.0
        };
        let rows = [
            ("Original's hardest start", original),
            ("Best design", best),
            ("Designs kept", fmt::thousands(self.kept as u64)),
            (
                "Candidates",
                format!(
                    "{} ({})",
                    fmt::thousands(self.candidates),
                    fmt::rate(rate).replace("/s", " a second")
                ),
            ),
        ];
        egui::Grid::new("harder figures")
            .num_columns(2)
            .striped(true)
            .show(ui, |ui| {
                for (name, value) in rows {
                    ui.label(name);
                    ui.monospace(value);
                    ui.end_row();
                }
            });
    }
}

/// A design drawn small and not interactive, in a box of [`PREVIEW_WIDTH`].
pub fn preview(ui: &mut Ui, design: &Puzzle, label: String) {
    let size = egui::vec2(PREVIEW_WIDTH, 196.0);
    ui.allocate_ui(size, |ui| {
        ui.set_min_size(size);
        Board::new(design)
            .interactive(false)
            .max_cell_size(32.0)
            .goal_outline(true)
            .id_salt("harder preview")
            .label(label)
            .show(ui);
    });
}

/// The best length over time as a step line, with the original's as a dashed line, over
/// `seconds` (the time budget while running, the time searched once finished).
pub fn timeline_ui(
    ui: &mut Ui,
    metric: Metric,
    timeline: &[(f64, u32)],
    original: Option<u32>,
    (now, seconds): (f64, f64),
    width: f32,
) {
    let mut points: Vec<[f64; 2]> = Vec::new();
    for &(t, length) in timeline {
        if let Some(&[_, previous]) = points.last() {
            points.push([t, previous]);
        }
        points.push([t, f64::from(length)]);
    }
    // The line runs on to the present: the best has held since its last step.
    if let Some(&[t, last]) = points.last()
        && now > t
    {
        points.push([now, last]);
    }
    let top = timeline
        .iter()
        .map(|p| p.1)
        .chain(original)
        .max()
        .unwrap_or(1);
    // Named in the title rather than a legend, which would cover the lines in so small a
    // chart.
    let dashed = original.map_or_else(String::new, |o| {
        format!("; dashed, the original's ({})", amount(metric, o))
    });
    ui.label(RichText::new(format!("The best design's length over time{dashed}")).strong());
    let mut layers = Vec::new();
    if let Some(o) = original {
        layers.push(Layer::Along {
            name: "the original".into(),
            y: f64::from(o),
            color: ORIGINAL,
        });
    }
    layers.push(Layer::Line {
        name: "the best so far".into(),
        points,
        color: BEST,
        width: 2.0,
    });
    chart_ui(
        ui,
        Chart {
            id: "harder timeline",
            width,
            height: 124.0,
            x: (0.0, seconds.max(0.1)),
            y: (0.0, f64::from(top) * 1.15 + 1.0),
            x_axis: Axis::Plain,
            // Three steps at most: the chart is short, and closer labels would be left out.
            y_axis: Axis::Whole(3.0),
            x_label: Some("seconds".into()),
            y_label: Some(format!("{metric}s")),
            accessible: None,
            layers,
        },
    );
}

/// The headline of a finished search: how it ended.
pub fn headline_ui(ui: &mut Ui, report: &SearchReport) {
    let (text, color) = match report.status {
        Termination::TimeLimit => (
            format!(
                "Searched for {}: the time budget is spent",
                fmt::duration(std::time::Duration::from_secs_f64(report.seconds))
            ),
            COMPLETE,
        ),
        Termination::Cancelled => (
            "Cancelled: the designs found so far".to_string(),
            ui.visuals().warn_fg_color,
        ),
        other => (
            format!("Stopped ({}): the designs found so far", other.name()),
            ui.visuals().warn_fg_color,
        ),
    };
    ui.label(RichText::new(text).strong().color(color));
}

/// One line for what a design changed: the first change and how many more (all of them in
/// the tooltip).
fn changes_summary(design: &FoundDesign) -> (String, String) {
    match design.changes.as_slice() {
        [] if design.found_at == 0 => (
            "the original, at its hardest start".into(),
            "The design as it is, its pieces moved to its hardest start".into(),
        ),
        [] => (
            "the same pieces, placed anew".into(),
            "The same pieces and walls, in a component with a harder start".into(),
        ),
        [one] => (one.clone(), one.clone()),
        [first, rest @ ..] => (
            format!("{first}; {} more", rest.len()),
            design.changes.join("\n"),
        ),
    }
}

/// The designs kept, best first, as a table; a click anywhere on a row selects it, and its
/// check box ticks it for the comparison side by side.
pub fn designs_ui(
    ui: &mut Ui,
    metric: Metric,
    (origin, designs): (&Puzzle, &[FoundDesign]),
    (selected, compared): (&mut usize, &mut BTreeSet<Pick>),
    commands: &mut Vec<Command>,
) {
    ui.horizontal(|ui| {
        ui.label(RichText::new("Designs kept, best first").strong());
        if ui
            .button(SAVE_ALL_LABEL)
            .on_hover_text("Save every design kept as a puzzle file, numbered from 1")
            .clicked()
        {
            let all = designs
                .iter()
                .enumerate()
                .map(|(i, found)| as_opened(origin, found, i + 1, metric))
                .collect();
            commands.push(Command::SaveDesigns(all));
        }
    });
    egui::Grid::new("harder designs")
        .num_columns(8)
        .striped(true)
        .spacing([14.0, 4.0])
        .show(ui, |ui| {
            for title in [
                "Compare",
                "",
                "Length",
                "Decisions",
                "Positions",
                "Pieces",
                "Walls",
                "Changes",
            ] {
                ui.label(RichText::new(title).strong());
            }
            ui.end_row();
            for (i, design) in designs.iter().enumerate() {
                let length = amount(metric, design.length);
                let on = *selected == i;
                let (summary, all) = changes_summary(design);
                // Every cell of the row is part of one button: the row selects wherever it is
                // clicked, and shows selected across its whole width.
                let cells = [
                    format!(" {} ", i + 1),
                    length.clone(),
                    design.proof.decisions.to_string(),
                    fmt::thousands(design.component),
                    design.pieces.to_string(),
                    design.walls.to_string(),
                    summary,
                ];
                compare_box(ui, compared, Pick::Design(i));
                let mut clicked = false;
                for (column, text) in cells.into_iter().enumerate() {
                    let cell = ui.selectable_label(on, text);
                    let cell = if column == 0 {
                        cell.accessible_name(format!("Show design {}, {length}", i + 1))
                            .on_hover_text("Show this design")
                    } else if column == 6 {
                        cell.on_hover_text(all.as_str())
                    } else {
                        cell
                    };
                    clicked |= cell.clicked();
                }
                if clicked {
                    *selected = i;
                }
                ui.end_row();
            }
        });
}

/// The check box that ticks `pick` for the comparison side by side, or unticks it.
fn compare_box(ui: &mut Ui, compared: &mut BTreeSet<Pick>, pick: Pick) {
    let mut on = compared.contains(&pick);
    let label = pick.label();
    if ui
        .checkbox(&mut on, "")
        .on_hover_text("Show it side by side with the others ticked, below")
        .accessible_name(label)
        .changed()
    {
        if on {
            compared.insert(pick);
        } else {
            compared.remove(&pick);
        }
    }
}

/// The design the search started from (`length` its hardest start), pinned above the designs
/// kept, with its check box for the comparison and a button that brings it back when the open
/// design is another.
pub fn original_ui(
    ui: &mut Ui,
    metric: Metric,
    (length, origin): (Option<u32>, &Puzzle),
    (design, compared): (&Puzzle, &mut BTreeSet<Pick>),
    commands: &mut Vec<Command>,
) {
    ui.horizontal(|ui| {
        compare_box(ui, compared, Pick::Original);
        let name = if origin.name.trim().is_empty() {
            "Untitled"
        } else {
            origin.name.trim()
        };
        let length = length.map_or_else(|| "not measured".to_string(), |l| amount(metric, l));
        ui.label(RichText::new("Original").strong());
        ui.label(format!("{name}: hardest start {length}"));
        let same = origin.cells == design.cells && origin.goal == design.goal;
        if ui
            .add_enabled(!same, egui::Button::new(ORIGINAL_LABEL))
            .on_hover_text("Make the design the original again (one edit; Ctrl+Z undoes it)")
            .on_disabled_hover_text("The open design is the original")
            .clicked()
        {
            let mut back = origin.clone();
            back.name.clone_from(&design.name);
            commands.push(Command::UseDesign(Box::new(back)));
        }
    });
}

/// Design `number` as it opens or is saved apart from `origin`, the design searched from:
/// every piece coloured, named for where it came from, its verified length in the notes (so
/// that a title never states a length an edit has changed). The original's notes are left
/// out: they may give its optimum, which does not hold here.
pub fn as_opened(origin: &Puzzle, found: &FoundDesign, number: usize, metric: Metric) -> Puzzle {
    let mut design = found.puzzle.clone();
    color_every_piece(&mut design);
    let base = origin.name.trim();
    let base = if base.is_empty() { "Untitled" } else { base };
    design.name = format!("{base}, harder design {number}");
    design.notes = format!(
        "Design {number} of Make it harder, from {base}: its hardest start is {} from the goal \
         (verified by a second analysis).",
        amount(metric, found.length)
    );
    design
}

/// The selected design drawn, with "Use this design" and "Open as a new design"; `origin` is
/// the design the search started from (a design opened is named after it), `design` the open
/// design (which "Use this design" replaces, keeping its name).
pub fn selected_ui(
    ui: &mut Ui,
    metric: Metric,
    (index, found): (usize, &FoundDesign),
    (origin, design): (&Puzzle, &Puzzle),
    commands: &mut Vec<Command>,
) {
    let number = index + 1;
    let length = amount(metric, found.length);
    ui.vertical_centered(|ui| {
        ui.set_width(PREVIEW_WIDTH);
        ui.label(RichText::new(format!("Design {number}: {length}")).strong());
        // Pieces the search added have no colour of their own: give each one apart from the
        // others, as a board made in the app has, in the preview and in what is opened.
        let mut coloured = found.puzzle.clone();
        color_every_piece(&mut coloured);
        preview(ui, &coloured, format!("Preview of design {number}"));
        let same = found.puzzle.cells == design.cells;
        let use_it = ui
            .add_enabled(!same, egui::Button::new(RichText::new(USE_LABEL).strong()))
            .on_hover_text(
                "Make the design this one, at its hardest start (one edit; Ctrl+Z undoes it)",
            )
            .on_disabled_hover_text("This is the design as it is");
        if use_it.clicked() {
            // The document keeps its name: this is a new version of it, not another puzzle.
            let mut replacement = coloured.clone();
            replacement.name.clone_from(&design.name);
            commands.push(Command::UseDesign(Box::new(replacement)));
            commands.push(Command::Notify(format!(
                "The design is now design {number}, its hardest start {length} from the goal. \
                 Ctrl+Z brings the old design back."
            )));
        }
        if ui
            .button(OPEN_LABEL)
            .on_hover_text("Keep this design and open that one beside it, as a new design")
            .clicked()
        {
            let beside = as_opened(origin, found, number, metric);
            commands.push(Command::OpenAsNewDesign {
                puzzle: Box::new(beside),
                source: format!("design {number} of Make it harder"),
            });
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::harder::found_design as found;

    #[test]
    fn the_best_is_told_against_the_original() {
        let best = found(14, &[], 3);
        assert_eq!(
            best_text(Metric::Step, &best, Some(10)),
            "14 steps, 4 more than the original"
        );
        assert_eq!(
            best_text(Metric::Step, &best, Some(14)),
            "14 steps, as long as the original"
        );
        assert_eq!(
            best_text(Metric::Move, &best, Some(15)),
            "14 moves, 1 fewer than the original"
        );
        assert_eq!(best_text(Metric::Step, &best, None), "14 steps");
    }

    #[test]
    fn changes_read_in_one_line() {
        assert!(
            changes_summary(&found(3, &[], 0))
                .0
                .contains("the original")
        );
        assert!(changes_summary(&found(3, &[], 5)).0.contains("placed anew"));
        let two = found(
            3,
            &["added 1 piece 1x1", "wall added at row 1, column 2"],
            5,
        );
        let (summary, all) = changes_summary(&two);
        assert_eq!(summary, "added 1 piece 1x1; 1 more");
        assert_eq!(all.lines().count(), 2);
    }
}
