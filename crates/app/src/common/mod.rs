//! What both halves of the app use: the board widget, piece colours, words for numbers and
//! outcomes, background tasks, controls that fit a narrow panel, and charts' legends.

pub mod board;
pub mod chart_legend;
pub mod colors;
pub mod fit;
pub mod format;
pub mod task;
