//! The left panel: the editing tools, the zones and the piece palette.

use egui::{RichText, Sense, Ui, vec2};

use super::canvas::EditorState;
use super::edit::used_tokens;
use crate::command::{Command, Tool};
use crate::common::board::Layer;
use crate::common::colors::{piece_color, to_color32, zone_color};
use blockslide_core::model::{Axis, Puzzle, Token};

/// Draws the tools and the pieces; queues what the user picks.
pub fn show(
    ui: &mut Ui,
    editor: &EditorState,
    puzzle: &Puzzle,
    layer: Layer,
    commands: &mut Vec<Command>,
) {
    ui.heading("Tools");
    for tool in Tool::ALL {
        let enabled = !(tool.is_start_only() && layer == Layer::Goal);
        let text = format!("{}  ({})", tool.title(), tool.key().name());
        let response = ui
            .add_enabled(enabled, egui::Button::selectable(editor.tool == tool, text))
            .on_hover_text(tool.help())
            .on_disabled_hover_text(
                "Walls, zones and new pieces belong to the start position; switch to the Start tab",
            );
        if response.clicked() {
            commands.push(Command::SetTool(tool));
        }
    }
    ui.weak("Right-click erases with any tool.");
    ui.separator();
    zones_section(ui, editor, puzzle, layer, commands);
    ui.separator();

    ui.horizontal(|ui| {
        ui.heading("Pieces");
        if ui
            .button("New piece")
            .on_hover_text("A new piece with the next free token and colour; paint it on the board")
            .clicked()
        {
            commands.push(Command::NewPiece);
        }
    });
    let pieces = puzzle.pieces();
    let sizes: std::collections::BTreeMap<Token, usize> =
        pieces.iter().map(|p| (p.token, p.cells.len())).collect();
    let mut tokens: Vec<Token> = pieces.iter().map(|p| p.token).collect();
    for t in used_tokens(puzzle) {
        if !tokens.contains(&t) {
            tokens.push(t);
        }
    }
    // In the order pieces were drawn (numbered tiles in number order), so that a piece keeps
    // its row wherever it is moved on the board.
    editor.sort_as_drawn(&mut tokens);
    let pending = editor.pending.filter(|(t, _)| !tokens.contains(t));
    let selected = editor.selected_pieces(puzzle);
    if tokens.is_empty() && pending.is_none() {
        ui.weak("No pieces yet: pick \"Draw new piece\" and drag on the board.");
    }
    egui::ScrollArea::vertical()
        .auto_shrink([false, true])
        .show(ui, |ui| {
            for token in tokens {
                let color = to_color32(piece_color(puzzle, token));
                let style = puzzle.styles.get(&token);
                let cells = sizes.get(&token).copied().unwrap_or(0);
                let mut text = token.to_string();
                if let Some(name) = style.and_then(|s| s.name.as_ref()) {
                    text.push_str("  ");
                    text.push_str(name);
                }
                let mut detail = if cells == 0 {
                    "goal only".to_string()
                } else {
                    format!("{cells} cell{}", if cells == 1 { "" } else { "s" })
                };
                let axis = puzzle.axis_of(token);
                if axis != Axis::Free {
                    detail.push_str(", ");
                    detail.push_str(axis.name());
                }
                piece_row(
                    ui,
                    color,
                    &text,
                    &detail,
                    selected.contains(&token) || editor.selected == Some(token),
                    token,
                    commands,
                );
            }
            if let Some((token, c)) = pending {
                piece_row(
                    ui,
                    to_color32(c),
                    &token.to_string(),
                    "new: paint it",
                    editor.selected == Some(token),
                    token,
                    commands,
                );
            }
        });
}

fn piece_row(
    ui: &mut Ui,
    color: egui::Color32,
    text: &str,
    detail: &str,
    selected: bool,
    token: Token,
    commands: &mut Vec<Command>,
) {
    ui.horizontal(|ui| {
        let (rect, _) = ui.allocate_exact_size(vec2(18.0, 18.0), Sense::hover());
        ui.painter().rect_filled(rect, 4.0, color);
        let label = format!("Piece {text}");
        let response = ui
            .add(egui::Button::selectable(
                selected,
                RichText::new(text).strong(),
            ))
            .on_hover_text(format!("{label}: select it to paint with it and edit it"));
        if response.clicked() {
            commands.push(Command::Select(Some(token)));
        }
        ui.weak(detail);
    });
}

/// The zones: one row per zone (its colour, name and size) to select it, and a button for a
/// new one.
fn zones_section(
    ui: &mut Ui,
    editor: &EditorState,
    puzzle: &Puzzle,
    layer: Layer,
    commands: &mut Vec<Command>,
) {
    ui.horizontal(|ui| {
        ui.heading("Zones");
        if ui
            .button("New zone")
            .on_hover_text(
                "Cells only the pieces you choose may cover (an exit, a force field); paint \
                 them with the Zone tool",
            )
            .clicked()
        {
            commands.push(Command::NewZone);
        }
    });
    if puzzle.zones.is_empty() {
        ui.weak("No zones: every piece may go anywhere that is not a wall.");
        return;
    }
    for (i, zone) in puzzle.zones.iter().enumerate() {
        let cells = zone.cells.iter().filter(|&&c| c).count();
        ui.horizontal(|ui| {
            let (rect, _) = ui.allocate_exact_size(vec2(18.0, 18.0), Sense::hover());
            let color = zone_color(i);
            ui.painter()
                .rect_filled(rect, 4.0, color.gamma_multiply(0.35));
            ui.painter().rect_stroke(
                rect,
                4.0,
                egui::Stroke::new(2.0, color),
                egui::StrokeKind::Inside,
            );
            let text = format!("Zone {}", zone.name);
            let response = ui
                .add(egui::Button::selectable(
                    editor.selected_zone == Some(zone.name),
                    RichText::new(&text).strong(),
                ))
                .on_hover_text(format!(
                    "{text}: select it to paint its cells and choose who may enter"
                ));
            if response.clicked() {
                commands.push(Command::SelectZone(Some(zone.name)));
                // Zones are painted with the start position only.
                if layer == Layer::Start {
                    commands.push(Command::SetTool(Tool::Zone));
                }
            }
            ui.weak(match cells {
                0 => "no cells yet".to_string(),
                1 => "1 cell".to_string(),
                n => format!("{n} cells"),
            });
        });
    }
}
