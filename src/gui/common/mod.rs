//! What both halves of the app use: the board widget, piece colours, and background tasks.

pub mod board;
pub mod colors;
pub mod task;
