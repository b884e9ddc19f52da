//! A chart's legend, drawn under its plot: one drawn over the plot (as `egui_plot` draws its
//! own) covers lines or bars in whichever corner it sits, since the data can reach any.

use egui::{Color32, Sense, Stroke, Ui, vec2};

/// How a legend item marks what it names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Swatch {
    /// A line of the plot.
    Line,
    /// Bars of the plot.
    Bar,
}

/// The legend of a chart: each item a swatch in its colour and its name, the swatch and its
/// name wrapping as one; each name is reported as a label.
pub fn chart_legend_ui(ui: &mut Ui, items: &[(Color32, Swatch, String)]) {
    ui.horizontal_wrapped(|ui| {
        for (color, swatch, name) in items {
            ui.horizontal(|ui| {
                let size = vec2(16.0, ui.text_style_height(&egui::TextStyle::Body));
                let (rect, _) = ui.allocate_exact_size(size, Sense::hover());
                let painter = ui.painter();
                match swatch {
                    Swatch::Line => {
                        painter.line_segment(
                            [rect.left_center(), rect.right_center()],
                            Stroke::new(2.0, *color),
                        );
                    }
                    Swatch::Bar => {
                        let square = egui::Rect::from_center_size(rect.center(), vec2(10.0, 10.0));
                        painter.rect_filled(square, 1.0, *color);
                    }
                }
                // Wrapped in a narrow window (the Analyze window scrolls sideways, where a
                // label would run on past its edge).
                ui.add(egui::Label::new(name.as_str()).wrap());
            });
        }
    });
}
