//! Controls that fit the width their panel gives them. The right panel is as narrow as 200
//! to 240 points in an 800x600 window, and a control sized for its longest text would run
//! past the window's edge, cut off there.

use egui::{AsIdSalt, ComboBox, Ui};

/// A combo box that fills the room left in its row (the last column of a grid, or the rest
/// of a horizontal row), its chosen text cut short with "…" when longer. Callers name the
/// full choice in the box's tooltip, since a cut text is otherwise lost.
pub fn combo<'a>(ui: &Ui, id_salt: impl AsIdSalt) -> ComboBox<'a> {
    ComboBox::from_id_salt(id_salt)
        .width(ui.available_width())
        .truncate()
}

/// The width a combo box needs to show the longest of `texts` whole: the text, its arrow and
/// its padding.
pub fn combo_width(ui: &Ui, texts: impl IntoIterator<Item = String>) -> f32 {
    let spacing = ui.spacing();
    texts
        .into_iter()
        .map(|text| text_width(ui, &text, &egui::TextStyle::Button))
        .fold(0.0, f32::max)
        + spacing.icon_width
        + spacing.icon_spacing
        + 2.0 * spacing.button_padding.x
}

/// The width of `text` on one line in `style`.
pub fn text_width(ui: &Ui, text: &str, style: &egui::TextStyle) -> f32 {
    let font = style.resolve(ui.style());
    ui.painter()
        .layout_no_wrap(text.to_string(), font, egui::Color32::PLACEHOLDER)
        .size()
        .x
}
