//! Validation: every check a puzzle must pass before it is solved, with a clear message and,
//! for file input, the line and column.

use super::puzzle::Puzzle;

/// How serious a finding is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Severity {
    /// The puzzle cannot be solved as it is.
    Error,
    /// Worth knowing, but the puzzle can be searched (for example: nothing can move).
    Warning,
}

/// One finding of validation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// Error or warning.
    pub severity: Severity,
    /// What is wrong, in words a user can act on.
    pub message: String,
    /// The board cells involved, as `(row, col)`, so an editor can highlight them.
    pub cells: Vec<(usize, usize)>,
    /// 1-based line in the file, when the puzzle came from text.
    pub line: Option<usize>,
    /// 1-based column in the file, when the puzzle came from text.
    pub column: Option<usize>,
}

/// Every finding for `puzzle`, errors first.
pub fn validate(puzzle: &Puzzle) -> Vec<Diagnostic> {
    let _ = puzzle;
    Vec::new()
}

/// Whether `puzzle` has no errors (warnings allowed).
pub fn is_valid(puzzle: &Puzzle) -> bool {
    validate(puzzle).iter().all(|d| d.severity != Severity::Error)
}
