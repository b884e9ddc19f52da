//! The RON file format, version 1: loading with line and column for every error, and atomic
//! saving.

use std::path::Path;

use super::puzzle::Puzzle;

/// Why a file could not be loaded.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct LoadError {
    /// What is wrong.
    pub message: String,
    /// 1-based line, when known.
    pub line: Option<usize>,
    /// 1-based column, when known.
    pub column: Option<usize>,
}

/// Parses a puzzle file's text.
///
/// # Errors
/// A [`LoadError`] with line and column for syntax errors, unknown versions and malformed
/// rows.
pub fn parse(text: &str) -> Result<Puzzle, LoadError> {
    let _ = text;
    Err(LoadError {
        message: "loading is not built yet".into(),
        line: None,
        column: None,
    })
}

/// Reads and parses a puzzle file.
///
/// # Errors
/// A [`LoadError`] for unreadable files and everything [`parse`] refuses.
pub fn load(path: &Path) -> Result<Puzzle, LoadError> {
    let text = std::fs::read_to_string(path).map_err(|e| LoadError {
        message: format!("cannot read {}: {e}", path.display()),
        line: None,
        column: None,
    })?;
    parse(&text)
}

/// The puzzle as file text (format version 1).
pub fn to_ron_string(puzzle: &Puzzle) -> String {
    let _ = puzzle;
    String::new()
}

/// Writes the puzzle to `path` atomically (a temporary file in the same folder, then rename).
///
/// # Errors
/// The I/O error, with the file untouched.
pub fn save(path: &Path, puzzle: &Puzzle) -> std::io::Result<()> {
    let _ = (path, puzzle);
    Err(std::io::Error::other("saving is not built yet"))
}
