//! The game's status line under its buttons: the end of the game (how long it was, against
//! the optimum, and any help), else a message, a hint or advice.

use egui::text::LayoutJob;
use egui::{Align, Color32, FontId, FontSelection, Label, Layout, RichText, Ui, vec2};

use blockslide_core::model::Metric;
use blockslide_core::model::tiles::tile_layout;

use super::score::end_line;
use super::{Play, Search, count_moves};
use crate::common::board::GOAL_KEY;
use crate::common::format::unit_name;
use crate::common::message::message_parts;

/// The size of the end of the game's text, larger than the rest so the result stands out.
const END_SIZE: f32 = 18.0;

/// The rows the status may take; a longer text is cut short with "…" and shown whole on
/// hover.
const STATUS_ROWS: usize = 2;

impl Play {
    /// The status, in an area as tall as [`STATUS_ROWS`] rows of the end's large text
    /// whatever it says: the end takes two rows (its result, then any help), advice one, and
    /// an area that grew at the end would push the board down just as the player looks at it.
    pub(super) fn status_ui(&self, ui: &mut Ui, metric: Metric) {
        let row = ui.fonts_mut(|f| f.row_height(&FontId::proportional(END_SIZE)));
        let size = vec2(ui.available_width(), STATUS_ROWS as f32 * row);
        let mut job = LayoutJob::default();
        for part in self.status_parts(ui, metric) {
            part.append_to(&mut job, ui.style(), FontSelection::Default, Align::Center);
        }
        job.wrap.max_rows = STATUS_ROWS;
        ui.allocate_ui_with_layout(size, Layout::top_down(Align::Min), |ui| {
            ui.set_min_size(size);
            ui.add(Label::new(job).wrap());
        });
    }

    /// The status's text, in parts of their own size and colour.
    fn status_parts(&self, ui: &Ui, metric: Metric) -> Vec<RichText> {
        let warn = ui.visuals().warn_fg_color;
        let ochre = Color32::from_rgb(0xb0, 0x80, 0x00);
        if self.is_solved() && !self.history.is_empty() {
            let n = count_moves(&self.history, metric);
            // The optimum counts in the metric it was searched in; another one's is no match.
            let optimum = self
                .optimal_length()
                .filter(|_| self.optimal_metric == metric);
            let line = end_line(n, optimum, metric, self.help.any());
            let line = if matches!(self.optimal, Some(Search::Running(_))) {
                format!("{line} (finding the optimal length…)")
            } else {
                line
            };
            let mut parts = vec![
                RichText::new(line)
                    .strong()
                    .size(END_SIZE)
                    .color(Color32::from_rgb(0x2e, 0x9e, 0x4f)),
            ];
            if let Some(mark) = self.help.mark(&self.history, metric) {
                parts.push(RichText::new(format!("\n{mark}")).color(ochre));
            }
            return parts;
        }
        if let Some(message) = &self.message {
            return message_parts(message, Some(warn));
        }
        match self.current_hint() {
            Some(Ok(hint)) => {
                let steps: Vec<&str> = hint.first.steps.iter().map(|d| d.word()).collect();
                vec![
                    RichText::new(format!(
                        "Hint: move {} {} ({} {} to go)",
                        hint.first.piece,
                        steps.join(", "),
                        hint.remaining,
                        unit_name(metric, hint.remaining)
                    ))
                    .color(ochre),
                ]
            }
            Some(Err(e)) => vec![RichText::new(e).color(warn)],
            None => {
                let advice = match self.selected {
                    Some(t) => format!("Piece {t} selected: use the arrow keys, or drag a piece."),
                    None => "Drag a piece, or click one and use the arrow keys.".into(),
                };
                let advice = if tile_layout(&self.current).is_some() {
                    format!("{advice} Hold {} to outline the goal.", GOAL_KEY.name())
                } else {
                    advice
                };
                vec![RichText::new(advice).weak()]
            }
        }
    }
}
