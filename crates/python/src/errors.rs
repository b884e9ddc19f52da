//! The package's exceptions: the core's errors as `blockslide.PuzzleError` (with the message,
//! line and column) or `ValueError`.

use blockslide_core::model::file::LoadError;
use blockslide_core::model::validate::Diagnostic;
use blockslide_core::solve::api::SolveError;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// `blockslide.PuzzleError(message, line, column)`, the class defined in the package's
/// Python half (`blockslide/_errors.py`) so that it has plain attributes and a docstring.
pub fn puzzle_error(
    py: Python<'_>,
    message: &str,
    line: Option<usize>,
    column: Option<usize>,
) -> PyErr {
    let made = py
        .import("blockslide._errors")
        .and_then(|m| m.getattr("PuzzleError"))
        .and_then(|class| class.call1((message, line, column)));
    match made {
        Ok(error) => PyErr::from_value(error),
        // Only a broken installation lacks the module: say so rather than lose the message.
        Err(e) => e,
    }
}

/// A file that could not be loaded.
pub fn load_error(py: Python<'_>, e: &LoadError) -> PyErr {
    puzzle_error(py, &e.message, e.line, e.column)
}

/// The first error finding (every finding's message, with the first one's place).
pub fn findings_error(py: Python<'_>, findings: &[&Diagnostic]) -> PyErr {
    let message = findings
        .iter()
        .map(|d| d.message.as_str())
        .collect::<Vec<_>>()
        .join("; ");
    let first = findings.first();
    puzzle_error(
        py,
        &message,
        first.and_then(|d| d.line),
        first.and_then(|d| d.column),
    )
}

/// A request the front door refused: an invalid puzzle is a `PuzzleError`, a request that
/// does not apply a `ValueError`.
pub fn solve_error(py: Python<'_>, e: &SolveError) -> PyErr {
    match e {
        SolveError::Invalid(findings) => findings_error(py, &findings.iter().collect::<Vec<_>>()),
        SolveError::Unsupported(_) => puzzle_error(py, &e.to_string(), None, None),
        SolveError::NotApplicable(_) | SolveError::Refused(_) => {
            PyValueError::new_err(e.to_string())
        }
    }
}
