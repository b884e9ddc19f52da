//! The status bar: the last message, the cell under the pointer, and the file's state.

use egui::{Label, Ui};

use super::document::Document;
use crate::common::board::{CellPos, Layer};
use crate::common::fit::text_width;
use crate::common::message::message_job;
use crate::editor::edit::zone_at;
use blockslide_core::model::{Cell, ZoneRight};

/// The share of the bar's width the file's path may take at most, so a long path leaves the
/// message room.
const PATH_SHARE: f32 = 0.4;

/// Draws the status bar. Its texts stay on one line, so the bar's height never changes;
/// what does not fit is cut short with "…" and shown whole on hover.
pub fn show(ui: &mut Ui, doc: &Document, layer: Layer, hovered: Option<CellPos>, message: &str) {
    let width = ui.available_width();
    ui.horizontal(|ui| {
        let file = doc
            .path()
            .map_or_else(|| "not saved yet".to_string(), |p| p.display().to_string());
        let modified = if doc.needs_saving() { "modified" } else { "" };
        // A message that needs the room takes it from the folders of the path: the file's
        // name stays, its whole path on hover.
        let wanted = body_width(ui, message) + 40.0;
        // A path too long for its room keeps its end, the file's name and its folder's,
        // rather than its start.
        let room = width * PATH_SHARE;
        let file_width = body_width(ui, &file);
        let name = doc
            .path()
            .and_then(|p| p.file_name())
            .map(|name| name.to_string_lossy().into_owned());
        let tail = doc.path().and_then(|p| {
            let folder = p.parent()?.file_name()?.to_string_lossy().into_owned();
            Some(format!(
                "…{sep}{folder}{sep}{}",
                name.as_deref()?,
                sep = std::path::MAIN_SEPARATOR
            ))
        });
        let shown = match (name, tail) {
            (Some(name), _) if file_width + wanted > width => name,
            (_, Some(tail)) if file_width > room && body_width(ui, &tail) <= room => tail,
            (Some(name), _) if file_width > room => name,
            _ => file.clone(),
        };
        ui.scope(|ui| {
            ui.set_max_width(room);
            let label = ui.add(Label::new(shown.as_str()).truncate());
            // The whole path on hover; a name cut short says itself whole, as labels do.
            if shown != file && body_width(ui, &shown) <= room {
                label.on_hover_text(file.as_str());
            }
        });
        // Apart from the path, so a path cut short never cuts it off.
        if !modified.is_empty() {
            ui.label("•");
            ui.label(modified);
        }
        ui.separator();
        // The cell under the pointer at the right end, so the message never moves as the
        // pointer comes onto the board and leaves it.
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            if let Some(cell) = hovered.and_then(|at| cell_words(doc, layer, at)) {
                ui.label(cell);
                ui.separator();
            }
            ui.with_layout(egui::Layout::left_to_right(egui::Align::Center), |ui| {
                // One line, cut short with "…" and whole on hover (as the label does when it
                // cuts a text short).
                let mut job = message_job(ui.style(), message, None);
                job.wrap = egui::text::TextWrapping::truncate_at_width(ui.available_width());
                ui.add(Label::new(job).truncate());
            });
        });
    });
}

/// What the cell `(r, c)` holds on `layer`, with its zone: "row 2, column 3: piece A".
fn cell_words(doc: &Document, layer: Layer, (r, c): CellPos) -> Option<String> {
    let p = doc.puzzle();
    if r >= p.rows || c >= p.cols {
        return None;
    }
    let what = match layer {
        Layer::Start => match p.cell(r, c) {
            Cell::Empty => "empty".to_string(),
            Cell::Wall => "wall".to_string(),
            Cell::Piece(t) => format!("piece {t}"),
        },
        Layer::Goal if p.cell(r, c) == Cell::Wall => "wall".to_string(),
        Layer::Goal => p.goal.cells[r * p.cols + c]
            .map_or_else(|| "don't care".to_string(), |t| format!("goal: piece {t}")),
    };
    let zone = zone_at(p, r * p.cols + c).map_or_else(String::new, |z| {
        format!(", in zone {} ({})", z.name, admitted(&z.allow))
    });
    Some(format!("row {}, column {}: {what}{zone}", r + 1, c + 1))
}

/// The width of `text` on one line in the body font.
fn body_width(ui: &Ui, text: &str) -> f32 {
    text_width(ui, text, &egui::TextStyle::Body)
}

/// Who may enter a zone, in words: "closed to every piece", "A and kind soldier may enter".
fn admitted(allow: &[ZoneRight]) -> String {
    if allow.is_empty() {
        return "closed to every piece".into();
    }
    let names: Vec<String> = allow
        .iter()
        .map(|right| match right {
            ZoneRight::Piece(t) => t.to_string(),
            ZoneRight::Kind(k) => format!("kind {k}"),
        })
        .collect();
    format!("only {} may enter", names.join(", "))
}
