//! What both halves of the app use: the board widget, piece colours, words for numbers and
//! outcomes, and background tasks.

pub mod board;
pub mod colors;
pub mod format;
pub mod task;
