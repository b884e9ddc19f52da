//! Marks drawn over the editor's board by what is not the editor: the design panel's
//! suggestions, each a cell and what an edit there does to the design.

use egui::Color32;

/// What an edit at a cell does to the design's hardest start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tone {
    /// The hardest start gets farther from the goal.
    Harder,
    /// It gets nearer.
    Easier,
    /// The edited design cannot be solved.
    Unsolvable,
}

impl Tone {
    /// The colour the mark is drawn in.
    pub fn color(self) -> Color32 {
        match self {
            Tone::Harder => Color32::from_rgb(0x2e, 0xa0, 0x57),
            Tone::Easier => Color32::from_rgb(0xe0, 0x8a, 0x2c),
            Tone::Unsolvable => Color32::from_rgb(0xd0, 0x3a, 0x3a),
        }
    }
}

/// A cell marked, with what the edit there does, in words for its tooltip.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CellMark {
    /// The cell, `(row, column)`.
    pub cell: (usize, usize),
    /// What the edit does.
    pub tone: Tone,
    /// The edit and its figures, in words.
    pub text: String,
}
