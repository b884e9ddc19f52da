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
