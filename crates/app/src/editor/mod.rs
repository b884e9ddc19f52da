//! The Start and Goal tabs: designing the puzzle.
//!
//! - [`canvas`]: the board as a drawing surface (strokes, drags, the eyedropper).
//! - [`tools_panel`]: the tools, the zones and the piece palette (left).
//! - [`properties_panel`]: the puzzle's, the selected piece's (with its axis) and the selected
//!   zone's (with who may enter) properties, with live validation (right).
//! - [`edit`]: the edits themselves, as functions on a puzzle; the app applies them.
//! - [`transform`]: rotating and mirroring pieces or the whole design, clearing the board.
//! - [`clipboard`]: copying, cutting and pasting pieces, within and between designs.

pub mod canvas;
pub mod clipboard;
pub mod edit;
pub mod properties_panel;
pub mod tools_panel;
pub mod transform;
