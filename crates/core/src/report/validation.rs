//! The object of a puzzle file's validation: its findings.

use serde::Serialize;

use crate::model::PuzzleType;
use crate::model::validate::{Diagnostic, TextReport};

/// One finding of a validation (fields in this order).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Finding<'a> {
    message: &'a str,
    line: Option<usize>,
    column: Option<usize>,
    /// The board cells involved, as `[row, col]`.
    cells: &'a [(usize, usize)],
}

impl<'a> From<&'a Diagnostic> for Finding<'a> {
    fn from(d: &'a Diagnostic) -> Self {
        Finding {
            message: &d.message,
            line: d.line,
            column: d.column,
            cells: &d.cells,
        }
    }
}

/// A puzzle text's validation (fields in this order); the CLI's `check --json` puts the file's
/// path before it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Validation<'a> {
    valid: bool,
    puzzle_type: Option<&'static str>,
    errors: Vec<Finding<'a>>,
    warnings: Vec<Finding<'a>>,
}

impl<'a> From<&'a TextReport> for Validation<'a> {
    fn from(report: &'a TextReport) -> Self {
        Validation {
            valid: report.is_valid(),
            puzzle_type: report.puzzle_type.map(PuzzleType::name),
            errors: report.errors().map(Finding::from).collect(),
            warnings: report.warnings().map(Finding::from).collect(),
        }
    }
}
