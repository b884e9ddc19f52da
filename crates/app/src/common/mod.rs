//! What both halves of the app use: the board widget, piece colours, words for numbers and
//! outcomes, background tasks, and controls that fit a narrow panel.

pub mod board;
pub mod colors;
pub mod fit;
pub mod format;
pub mod task;
