//! The blocks around a watched search's tree: the node expanded last with its board, the
//! "why this node" line, the frontier, and the node selected; each in full for a search
//! watched alone, and in a compact form for a column of two searches side by side, whose
//! blocks keep the same height whatever they hold, so the two trees line up.

use egui::{RichText, Sense, Ui, vec2};

use super::Watching;
use super::tree::{fit_button, node_figures, paint_thumbnail, thumb_size};
use crate::common::board::Board;

/// What the student unfolded in one column of a comparison: the frontier, the board of the
/// node expanded last.
#[derive(Clone, Copy, Default)]
pub(super) struct Extras {
    frontier: bool,
    board: bool,
}

/// What the "why this node" line explains, on hover.
const WHY_HOVER: &str = "The node the algorithm expands next, the figures its frontier is \
                         ordered by, and the entries it was chosen over";

/// The "why this node" line of `w`'s next expansion.
pub(super) fn why_ui(ui: &mut Ui, w: &Watching) {
    ui.label(RichText::new(w.view.why_next()).italics())
        .on_hover_text(WHY_HOVER);
}

/// The "why this node" line in one line whatever its length, cut short with the whole on
/// hover: beside another search's shorter line, a wrapped one would push its tree lower.
pub(super) fn why_line_ui(ui: &mut Ui, w: &Watching) {
    let why = w.view.why_next();
    ui.add(
        egui::Label::new(RichText::new(why).italics())
            .truncate()
            .show_tooltip_when_elided(false),
    )
    .on_hover_text(format!("{why}\n\n{WHY_HOVER}"));
}

/// The node expanded last, its move, its figures and its board.
pub(super) fn current_ui(ui: &mut Ui, w: &Watching) {
    // Before the first expansion the start is shown in the same room, so the first step
    // moves nothing below (the tree stays where the student looks).
    let (position, lines) = match (w.replay.current(), &w.view.current) {
        (Some(node), Some((label, position))) => (
            position,
            [
                RichText::new(expanded_via(label)).strong(),
                RichText::new(node_figures(&w.trace, node, label)),
            ],
        ),
        _ => (
            w.trace.start(),
            [
                RichText::new("Nothing expanded yet").strong(),
                RichText::new("The frontier holds the start:").weak(),
            ],
        ),
    };
    for line in lines {
        ui.label(line);
    }
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

/// "Expanded last: the board after 3 up", or "Expanded last: the start".
fn expanded_via(label: &str) -> String {
    if label.is_empty() {
        "Expanded last: the start".to_string()
    } else {
        format!("Expanded last: the board after {label}")
    }
}

/// The frontier, next first, under its heading: at most `max_height` high (it scrolls).
pub(super) fn frontier_ui(ui: &mut Ui, w: &Watching, max_height: f32) {
    let frontier = w.view.frontier();
    ui.label(RichText::new(format!("Frontier ({})", frontier.len())).strong());
    frontier_list_ui(ui, w, max_height, 40.0);
}

/// The frontier's entries, next first (ties with it marked), each with a board whose long
/// side is `thumb`; `max_height` high.
fn frontier_list_ui(ui: &mut Ui, w: &Watching, max_height: f32, thumb: f32) {
    let trace = &w.trace;
    let frontier = w.view.frontier();
    let at_goal = w.replay.goal().is_some();
    let next = frontier.first().copied().filter(|_| !at_goal);
    // Always `max_height` high: a list growing with the frontier would push the tree
    // below it down at every step.
    egui::ScrollArea::vertical()
        .id_salt("watch frontier")
        .max_height(max_height)
        // As high even where the page it is on has less room left in view: the page scrolls.
        .min_scrolled_height(max_height)
        .auto_shrink([false, false])
        .show(ui, |ui| {
            for (i, (node, cells, figures)) in w.view.rows.iter().enumerate() {
                ui.horizontal_top(|ui| {
                    let (rect, _) =
                        ui.allocate_exact_size(thumb_size(trace, thumb), Sense::hover());
                    paint_thumbnail(ui, rect, trace.start(), cells);
                    // At the goal nothing is next: the search is over. A line longer than
                    // the column wraps rather than being cut at its edge.
                    let text = if i == 0 && !at_goal {
                        RichText::new(format!("next » {figures}")).strong()
                    } else if next.is_some_and(|n| trace.tied(n, *node)) {
                        RichText::new(format!("{figures}  (tie)"))
                    } else {
                        RichText::new(figures)
                    };
                    ui.add(egui::Label::new(text).wrap());
                });
            }
            if frontier.len() > w.view.rows.len() {
                ui.weak(format!("… and {} more", frontier.len() - w.view.rows.len()));
            }
        });
}

/// A column's switches for its frontier and the board of its node expanded last, in one row,
/// and what they unfold: folded, they take a row, so a small window keeps its trees.
pub(super) fn extras_ui(ui: &mut Ui, w: &Watching, extras: &mut Extras, full: bool) {
    ui.horizontal(|ui| {
        let frontier = format!("Frontier ({})", w.view.frontier().len());
        ui.checkbox(&mut extras.frontier, frontier)
            .on_hover_text("Show the frontier, next first");
        ui.checkbox(&mut extras.board, "Expanded board")
            .on_hover_text("Show the board of the node expanded last");
    });
    if extras.board {
        match (w.replay.current(), &w.view.current) {
            (Some(node), Some((label, position))) => {
                let figures = node_figures(&w.trace, node, label);
                ui.add(egui::Label::new(expanded_via(label)).truncate())
                    .on_hover_text(figures);
                // Smaller beside another search in a small centre, as its frontier is.
                let long_side = if full { 96.0 } else { 60.0 };
                let (rect, _) =
                    ui.allocate_exact_size(thumb_size(&w.trace, long_side), Sense::hover());
                paint_thumbnail(ui, rect, w.trace.start(), &position.cells);
            }
            _ => {
                ui.weak("Nothing expanded yet");
            }
        }
    }
    if extras.frontier {
        // Beside another search in a small centre (800x600), a list of three or so entries,
        // so that both trees still start in view below it.
        let height = if full { 110.0 } else { 66.0 };
        frontier_list_ui(ui, w, height, 20.0);
    }
}

/// The selected node's board, figures and path, in a block as tall with a node selected as
/// without, so the tree below never moves when a node is clicked. Its lines are cut short
/// (hover for the whole), since a wrapped line would make the block taller.
pub(super) fn selected_ui(ui: &mut Ui, w: &Watching) {
    let thumb = thumb_size(&w.trace, 60.0);
    let lines =
        3.0 * ui.text_style_height(&egui::TextStyle::Body) + 2.0 * ui.spacing().item_spacing.y;
    let height = thumb.y.max(lines);
    ui.allocate_ui(vec2(ui.available_width(), height), |ui| {
        ui.set_min_size(vec2(ui.available_width(), height));
        let Some((cells, figures, path)) = &w.view.selected else {
            ui.weak("Click a node of the tree to see its board and its path from the root.");
            return;
        };
        ui.horizontal_top(|ui| {
            let (rect, _) = ui.allocate_exact_size(thumb, Sense::hover());
            paint_thumbnail(ui, rect, w.trace.start(), cells);
            ui.vertical(|ui| {
                ui.label(RichText::new("Selected node").strong());
                ui.add(egui::Label::new(figures.as_str()).truncate());
                ui.add(egui::Label::new(format!("Path: {path}")).truncate());
            });
        });
    });
}

/// The selected node in one line, a small board and its figures (on hover, the board
/// enlarged with its figures and path); the line is there before a node is selected too,
/// so selecting one moves nothing.
/// With `fit`, the line starts with "Fit the tree" (the tree right under it); returns
/// whether it was pressed.
pub(super) fn selected_line_ui(ui: &mut Ui, w: &Watching, fit: bool) -> bool {
    let row = ui.text_style_height(&egui::TextStyle::Body);
    let mut fitted = false;
    ui.horizontal(|ui| {
        ui.set_min_height(row);
        fitted = fit && fit_button(ui).clicked();
        let Some((cells, figures, path)) = &w.view.selected else {
            ui.add(egui::Label::new(RichText::new("Selected: none").weak()).truncate())
                .on_hover_text("Click a node of the tree to see its board and its path");
            return;
        };
        let (rect, board) = ui.allocate_exact_size(thumb_size(&w.trace, row), Sense::hover());
        board.widget_info(|| {
            egui::WidgetInfo::labeled(egui::accesskit::Role::Image, true, "Selected board")
        });
        paint_thumbnail(ui, rect, w.trace.start(), cells);
        let line = ui.add(egui::Label::new(format!("Selected node: {figures}")).truncate());
        // A board one line high is an icon: hovering it or its line shows it readable, with
        // the figures and the path, over the tree rather than above it, so both trees stay
        // level.
        for response in [board, line] {
            response.on_hover_ui(|ui| {
                let (rect, big) =
                    ui.allocate_exact_size(thumb_size(&w.trace, 120.0), Sense::hover());
                big.widget_info(|| {
                    egui::WidgetInfo::labeled(
                        egui::accesskit::Role::Image,
                        true,
                        "Selected board, enlarged",
                    )
                });
                paint_thumbnail(ui, rect, w.trace.start(), cells);
                ui.label(figures.as_str());
                ui.label(format!("Path: {path}"));
            });
        }
    });
    fitted
}
