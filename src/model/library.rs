//! The bundled library of classic puzzles (the files of `saved_puzzles/`, compiled in so the
//! app works from any folder).

/// A bundled puzzle file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BundledPuzzle {
    /// The file name in `saved_puzzles/` (for example `klotski.ron`).
    pub file_name: &'static str,
    /// The file's text.
    pub text: &'static str,
}

/// Every bundled puzzle, in library order.
pub fn bundled() -> Vec<BundledPuzzle> {
    Vec::new()
}
