//! What an analysis and an exploration found: the figures, the charts, the hardest positions
//! as thumbnails, and the buttons that turn one into the design's start or a new design.

use egui::{AsIdSalt, Color32, RichText, Role, Sense, Ui, UiBuilder, WidgetInfo};

use crate::command::Command;
use crate::common::board::Board;
use blockslide_core::model::{Metric, Puzzle};
use blockslide_core::solve::Termination;
use blockslide_core::solve::api::PathCount;
use blockslide_core::solve::api::{AnalyzeReport, ExploreReport, HardestPosition};

use super::charts::{choices_ui, distances_ui, forced_summary};
use crate::common::format::{self as fmt, amount};

/// The accessible name of the button that makes the hardest position the start.
pub const MAKE_START: &str = "Make this the start";

/// The colour of a complete result's headline.
const COMPLETE: Color32 = Color32::from_rgb(0x2e, 0x9e, 0x4f);

/// The width of a thumbnail card's contents.
const CARD_WIDTH: f32 = 140.0;
/// The least width that holds the figures and the hardest start's card side by side.
const WIDE_ENOUGH_BESIDE: f32 = 480.0;

/// Cards in one row of the exploration's list.
const CARDS_PER_ROW: usize = 3;

/// A count of solutions, with "more than" when it overflowed.
fn solutions_text(count: PathCount) -> String {
    let digits = count.value.to_string();
    // Group digits in threes like the other counts, for any width of number.
    let mut grouped = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            grouped.push(',');
        }
        grouped.push(c);
    }
    if count.saturated {
        format!("more than {grouped}")
    } else {
        grouped
    }
}

/// The headline of a result: complete, or what stopped it (the figures are then partial).
fn headline_ui(ui: &mut Ui, status: Termination, complete: bool, what: &str) {
    if complete {
        ui.label(
            RichText::new(format!("{what} complete"))
                .strong()
                .color(COMPLETE),
        );
    } else {
        let why = match status {
            Termination::Cancelled => "cancelled".to_string(),
            other => format!("stopped: {}", other.name()),
        };
        ui.label(
            RichText::new(format!("{what} {why}: the figures below are partial"))
                .strong()
                .color(ui.visuals().warn_fg_color),
        );
    }
}

/// The solver's notes (what was not finished, and why).
fn notes_ui(ui: &mut Ui, notes: &[String]) {
    // Wrapped at the window's edge: the window scrolls sideways, where a label runs on.
    for note in notes {
        ui.add(
            egui::Label::new(RichText::new(format!("Note: {}", fmt::sentence(note))).italics())
                .wrap(),
        );
    }
}

/// A two-column grid of figures, a long value wrapping at the window's edge (a grid's
/// labels run on past it otherwise: "93 moves (2 such positions)" in a narrow window).
fn figures_ui(ui: &mut Ui, id: &str, rows: &[(&str, String)]) {
    let widest = |style: egui::TextStyle, texts: &mut dyn Iterator<Item = &str>| {
        let font = style.resolve(ui.style());
        texts
            .map(|text| {
                ui.painter()
                    .layout_no_wrap(text.to_string(), font.clone(), egui::Color32::PLACEHOLDER)
                    .size()
                    .x
            })
            .fold(0.0, f32::max)
    };
    let names = widest(
        egui::TextStyle::Body,
        &mut rows.iter().map(|(name, _)| *name),
    );
    let values = widest(
        egui::TextStyle::Monospace,
        &mut rows.iter().map(|(_, value)| value.as_str()),
    );
    if names + ui.spacing().item_spacing.x * 2.0 + values <= ui.available_width() {
        egui::Grid::new(id)
            .num_columns(2)
            .striped(true)
            .show(ui, |ui| {
                for (name, value) in rows {
                    ui.label(*name);
                    ui.add(egui::Label::new(RichText::new(value).monospace()).wrap());
                    ui.end_row();
                }
            });
    } else {
        // Too narrow for names and values side by side (the window over an 800x600 window's
        // side panel): each value under its name, where it has the whole width, rather than
        // wrapped into three lines beside it.
        for (name, value) in rows {
            ui.label(RichText::new(*name).strong());
            ui.add(egui::Label::new(RichText::new(value).monospace()).wrap());
            ui.add_space(2.0);
        }
    }
}

/// A position drawn small and not interactive.
fn thumbnail(
    ui: &mut Ui,
    position: &Puzzle,
    (size, max_cell): (egui::Vec2, f32),
    salt: impl AsIdSalt,
    label: String,
) {
    ui.allocate_ui(size, |ui| {
        ui.set_min_size(size);
        Board::new(position)
            .interactive(false)
            .max_cell_size(max_cell)
            .goal_outline(true)
            .id_salt(salt)
            .label(label)
            .show(ui);
    });
}

/// Opening `hardest`'s position as a new design: the app made it, so it is kept like an
/// edited design until the user saves it.
fn open_as_new_design(hardest: &HardestPosition, metric: Metric, rank: usize) -> Command {
    Command::OpenAsNewDesign {
        puzzle: Box::new(as_new_design(hardest, metric, rank)),
        source: format!("hardest start {rank} of the analysis"),
    }
}

/// `hardest`'s position named for a design of its own.
fn as_new_design(hardest: &HardestPosition, metric: Metric, rank: usize) -> Puzzle {
    let mut design = hardest.position.clone();
    let base = if design.name.trim().is_empty() {
        "Untitled"
    } else {
        design.name.trim()
    };
    // The length is in the notes: a title never states a length an edit has changed.
    design.name = format!("{base}, hardest start {rank}");
    design.notes = notes_with_hardest(&design, hardest, metric);
    design
}

/// The notes of a design whose start became `hardest`, with a paragraph saying so: they may
/// give the old start's optimum, which no longer holds.
fn notes_with_hardest(design: &Puzzle, hardest: &HardestPosition, metric: Metric) -> String {
    let found = format!(
        "The start is a hardest position, found by Analyze: {} from the goal.",
        amount(metric, hardest.distance)
    );
    let notes = design.notes.trim_end();
    if notes.is_empty() {
        found
    } else {
        format!(
            "{notes}\n\n{found} What the notes above say of the optimum was of an earlier start."
        )
    }
}

/// The note over an analysis of the start the design had before "Make this the start".
pub const PREVIOUS_START_NOTE: &str =
    "These figures are of the previous start: press Analyze to analyze the new one.";

/// The analysis of the design's start (of the start before "Make this the start" when
/// `previous_start`): figures, histogram, choices, the hardest position and "Make this the
/// start", and the notes.
pub fn analysis_ui(
    ui: &mut Ui,
    report: &AnalyzeReport,
    previous_start: bool,
    puzzle: &Puzzle,
    commands: &mut Vec<Command>,
) {
    let metric = report.metric;
    if previous_start {
        ui.label(
            RichText::new(PREVIOUS_START_NOTE)
                .strong()
                .color(ui.visuals().warn_fg_color),
        );
    }
    headline_ui(ui, report.status, report.complete(), "Analysis");
    let prefix = if report.complete() { "" } else { "at least " };
    let start = match report.start_distance {
        Some(d) => format!("{} from the goal", amount(metric, d)),
        None if report.complete() => "cannot reach the goal".into(),
        None => "not known".into(),
    };
    let mut rows = vec![
        (
            "Positions in reach",
            format!("{prefix}{}", fmt::thousands(report.component)),
        ),
        (
            "Goal positions",
            format!("{prefix}{}", fmt::thousands(report.goal_positions)),
        ),
        ("The start", start),
    ];
    if let Some(h) = &report.hardest {
        rows.push((
            "Hardest start",
            format!(
                "{} ({})",
                amount(metric, h.distance),
                if h.count == 1 {
                    "1 such position".to_string()
                } else {
                    format!("{} such positions", fmt::thousands(h.count))
                }
            ),
        ));
    }
    if let Some(count) = report.solutions {
        rows.push(("Optimal solutions", solutions_text(count)));
    }
    if !report.choices.is_empty() {
        rows.push(("Forced", forced_summary(&report.choices, metric)));
    }
    rows.push((
        "Time",
        format!(
            "{} · {}",
            fmt::duration(report.stats.elapsed),
            fmt::bytes(report.stats.peak_memory_bytes)
        ),
    ));
    // The hardest position and its buttons sit beside the figures, where they are seen first;
    // above them in a narrow window (over the side panel, off the board), where beside them
    // they would be scrolled out of sight.
    if ui.available_width() >= WIDE_ENOUGH_BESIDE {
        ui.horizontal_top(|ui| {
            ui.vertical(|ui| figures_ui(ui, "analysis figures", &rows));
            if let Some(h) = &report.hardest {
                ui.add_space(8.0);
                ui.vertical(|ui| hardest_ui(ui, report, h, previous_start, puzzle, commands));
            }
        });
    } else {
        if let Some(h) = &report.hardest {
            hardest_ui(ui, report, h, previous_start, puzzle, commands);
            ui.add_space(8.0);
        }
        figures_ui(ui, "analysis figures", &rows);
    }
    // As wide as the window's room: wider, the charts' right ends and legends were cut.
    let width = (ui.available_width() - 8.0).max(160.0);
    if !report.histogram.is_empty() {
        ui.add_space(6.0);
        distances_ui(ui, &report.histogram, report.start_distance, metric, width);
    }
    if !report.choices.is_empty() {
        ui.add_space(6.0);
        choices_ui(ui, &report.choices, metric, width);
    }
    notes_ui(ui, &report.notes);
}

/// The hardest position, with "Make this the start" and "Open as a new design".
fn hardest_ui(
    ui: &mut Ui,
    report: &AnalyzeReport,
    hardest: &HardestPosition,
    previous_start: bool,
    puzzle: &Puzzle,
    commands: &mut Vec<Command>,
) {
    let metric = report.metric;
    let d = amount(metric, hardest.distance);
    // As large as the window allows, up to half again a card: the position is what the user
    // decides on.
    let width = (ui.available_width() - 20.0).clamp(CARD_WIDTH - 10.0, 220.0);
    ui.vertical_centered(|ui| {
        ui.set_width(width.max(CARD_WIDTH + 30.0));
        ui.label(RichText::new("A hardest start").strong());
        thumbnail(
            ui,
            &hardest.position,
            (egui::vec2(width, width * 0.75), 40.0),
            "analysis hardest",
            format!("A hardest start, {d}"),
        );
        {
            let already = report.start_distance == Some(hardest.distance);
            let same_size =
                (hardest.position.rows, hardest.position.cols) == (puzzle.rows, puzzle.cols);
            let make = ui
                .add_enabled(
                    !already && !previous_start && same_size,
                    egui::Button::new(RichText::new(MAKE_START).strong()),
                )
                .on_hover_text(
                    "Move the pieces of the design to this position (one edit; Ctrl+Z undoes it)",
                )
                .on_disabled_hover_text(if previous_start {
                    "These figures are of the previous start: analyze the new one first"
                } else {
                    "The start is already as far from the goal as it gets"
                });
            if make.clicked() {
                commands.push(Command::MakeStart {
                    position: Box::new(hardest.position.clone()),
                    notes: notes_with_hardest(puzzle, hardest, metric),
                });
                commands.push(Command::Notify(format!(
                    "The start is now a hardest position, {d} from the goal. Ctrl+Z brings the \
                     old start back."
                )));
            }
            if ui
                .button("Open as a new design")
                .on_hover_text("Keep this design and open the hardest start beside it")
                .clicked()
            {
                commands.push(open_as_new_design(hardest, metric, 1));
            }
            if let Some(s) = report.start_distance
                && s < hardest.distance
            {
                // The figures may be of the start the design had before this one.
                let start = if previous_start {
                    "the previous start"
                } else {
                    "the start"
                };
                ui.weak(format!(
                    "{} harder than {start}.",
                    amount(metric, hardest.distance - s)
                ));
            }
        }
    });
}

/// The exploration of the piece set: figures, the hardest starts as cards (clicking one opens
/// it as a new design), and the notes.
pub fn exploration_ui(ui: &mut Ui, report: &ExploreReport, commands: &mut Vec<Command>) {
    headline_ui(ui, report.status, report.complete(), "Exploration");
    let prefix = if report.complete() { "" } else { "at least " };
    let mut rows = vec![
        (
            "Arrangements",
            format!("{prefix}{}", fmt::thousands(report.arrangements)),
        ),
        (
            "Components",
            format!("{prefix}{}", fmt::thousands(report.components)),
        ),
        (
            "Solvable components",
            format!("{prefix}{}", fmt::thousands(report.solvable_components)),
        ),
        (
            "Goal arrangements",
            format!("{prefix}{}", fmt::thousands(report.goal_arrangements)),
        ),
        (
            "Time",
            format!(
                "{} · {}",
                fmt::duration(report.stats.elapsed),
                fmt::bytes(report.stats.peak_memory_bytes)
            ),
        ),
    ];
    if let Some(first) = report.hardest.first() {
        // Before the time, with the other figures of the piece set.
        rows.insert(
            rows.len() - 1,
            (
                "Hardest start",
                format!(
                    "{} (a component of {} positions)",
                    amount(report.metric, first.distance),
                    fmt::thousands(first.component)
                ),
            ),
        );
    }
    figures_ui(ui, "exploration figures", &rows);
    ui.add_space(6.0);
    if report.hardest.is_empty() {
        ui.weak("No solvable component was found.");
    } else {
        ui.label(RichText::new("The hardest starts").strong());
        ui.weak("One per component, hardest first. Click one to open it as a new design.");
        for (row, chunk) in report.hardest.chunks(CARDS_PER_ROW).enumerate() {
            ui.horizontal_top(|ui| {
                for (j, hardest) in chunk.iter().enumerate() {
                    let rank = row * CARDS_PER_ROW + j + 1;
                    card_ui(ui, rank, hardest, report.metric, commands);
                }
            });
        }
    }
    notes_ui(ui, &report.notes);
}

/// One hardest start of the exploration: a clickable card with its thumbnail.
fn card_ui(
    ui: &mut Ui,
    rank: usize,
    hardest: &HardestPosition,
    metric: Metric,
    commands: &mut Vec<Command>,
) {
    let d = amount(metric, hardest.distance);
    let title = format!("Hardest start {rank}: {d}");
    let frame = egui::Frame::group(ui.style()).inner_margin(6.0);
    let builder = UiBuilder::new()
        .id_salt(("explore card", rank))
        .sense(Sense::click());
    let card = ui.scope_builder(builder, |ui| {
        frame.show(ui, |ui| {
            ui.set_width(CARD_WIDTH);
            ui.vertical_centered(|ui| {
                thumbnail(
                    ui,
                    &hardest.position,
                    (egui::vec2(CARD_WIDTH - 10.0, 120.0), 22.0),
                    ("explore thumbnail", rank),
                    format!("Preview of hardest start {rank}"),
                );
                ui.label(RichText::new(format!("{rank}. {d}")).strong());
                ui.weak(format!(
                    "{} of {} positions this far",
                    fmt::thousands(hardest.count),
                    fmt::thousands(hardest.component)
                ));
            });
        });
    });
    let response = card.response;
    response.widget_info(|| WidgetInfo::labeled(Role::Button, true, &title));
    if response.clicked() {
        commands.push(open_as_new_design(hardest, metric, rank));
    }
    response.on_hover_text(format!("{title}: click to open it as a new design"));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn solution_counts_are_grouped_and_say_when_they_overflowed() {
        let exact = PathCount {
            value: 1_234_567,
            saturated: false,
        };
        assert_eq!(solutions_text(exact), "1,234,567");
        let small = PathCount {
            value: 12,
            saturated: false,
        };
        assert_eq!(solutions_text(small), "12");
        let huge = PathCount {
            value: u128::MAX,
            saturated: true,
        };
        assert!(solutions_text(huge).starts_with("more than 340,282,"));
    }
}
