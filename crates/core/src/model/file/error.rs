//! Why a file could not be loaded, with the line and column of the cause.

use std::path::Path;

use crate::model::puzzle::GridError;
use crate::model::source::{StringSpan, TextPos};
use crate::model::text::echo;

/// Why a file could not be loaded.
///
/// It displays as a person reads it, `line 3, column 7: message` (or `line 3: message`, or
/// the message alone, when less is known); [`LoadError::in_file`] displays it the way
/// compilers and editors print positions, `FILE:3:7: message`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoadError {
    /// What is wrong.
    pub message: String,
    /// 1-based line, when known.
    pub line: Option<usize>,
    /// 1-based column, when known.
    pub column: Option<usize>,
}

impl std::fmt::Display for LoadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match (self.line, self.column) {
            (Some(line), Some(column)) => write!(f, "line {line}, column {column}: ")?,
            (Some(line), None) => write!(f, "line {line}: ")?,
            _ => {}
        }
        f.write_str(&self.message)
    }
}

impl std::error::Error for LoadError {}

/// A [`LoadError`] with the file it came from: see [`LoadError::in_file`].
#[derive(Clone, Copy, Debug)]
pub struct InFile<'a> {
    error: &'a LoadError,
    file: &'a Path,
}

impl std::fmt::Display for InFile<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:", echo(&self.file.display().to_string()))?;
        match (self.error.line, self.error.column) {
            (Some(line), Some(column)) => write!(f, "{line}:{column}:")?,
            (Some(line), None) => write!(f, "{line}:")?,
            _ => {}
        }
        write!(f, " {}", self.error.message)
    }
}

impl LoadError {
    /// The error with the file it came from, displayed as compilers and editors print
    /// positions: `FILE:LINE:COLUMN: message` (`FILE:LINE: message`, or `FILE: message`,
    /// when less is known); the file name is escaped for the terminal.
    pub fn in_file<'a>(&'a self, file: &'a Path) -> InFile<'a> {
        InFile { error: self, file }
    }

    pub(super) fn at(message: impl Into<String>, pos: Option<TextPos>) -> LoadError {
        LoadError {
            message: message.into(),
            line: pos.map(|p| p.line),
            column: pos.map(|p| p.column),
        }
    }
}

pub(super) fn grid_error(e: &GridError, rows: &[StringSpan], field: Option<TextPos>) -> LoadError {
    let pos = match *e {
        GridError::NoRows
        | GridError::GoalSize { .. }
        | GridError::TooLarge { .. }
        | GridError::TileNumber { .. } => field,
        GridError::EmptyRow { row } => rows.get(row).map(|s| s.start).or(field),
        GridError::Ragged {
            row,
            expected,
            found,
        } => rows
            .get(row)
            .map(|s| {
                if found > expected {
                    s.token_pos(expected)
                } else {
                    s.end_pos()
                }
            })
            .or(field),
        GridError::BadToken { row, col, .. } | GridError::WallInGoal { row, col } => {
            rows.get(row).map(|s| s.token_pos(col)).or(field)
        }
    };
    LoadError::at(e.to_string(), pos)
}
