//! `blockslide check`: validates puzzle files.
//!
//! Text output is one line per file when it is valid (`FILE: OK (...)`) and one line per
//! finding otherwise, in the `FILE:LINE:COLUMN: error: MESSAGE` form editors understand.
//! With `--json`, one JSON object per file per line ([`json::CheckedFile`]):
//! `{"file":..,"valid":bool,"puzzle_type":"tiles"|"blocks"|null,"errors":[{"message":..,"line":..,"column":..,"cells":[[row,col],..]}],"warnings":[..]}`.
//! The exit code is 0 only when every file is valid (warnings allowed).

use std::path::Path;

use blockslide_core::model::file::{parse_with_source_map, read_text};
use blockslide_core::model::validate::{
    Diagnostic, FindingKind, Severity, TextReport, validate_text,
};
use blockslide_core::solve::{SolveError, SolveRequest};

use super::error::{CliError, EXIT_ERROR, EXIT_OK};
use super::flags::CheckArgs;
use super::render::{Report, json, text};

/// Runs `blockslide check`: a report of every file, followed, when some are invalid, by an
/// error saying how many (with `--json` the objects say it, and the exit code is 1 without a
/// message).
pub fn run(args: &CheckArgs) -> Report {
    let mut invalid = 0usize;
    let mut found = Report::exiting(EXIT_OK);
    for path in &args.files {
        let report = check_file(path);
        if !report.is_valid() {
            invalid += 1;
        }
        found = found.and(
            args.print.json,
            || text::checked_file(path, &report),
            || json::CheckedFile::new(path, &report),
        );
    }
    if invalid == 0 {
        found
    } else if args.print.json {
        found.exiting_with(EXIT_ERROR)
    } else {
        found.then(Some(CliError::from(format!(
            "{invalid} of {} file{} invalid",
            args.files.len(),
            if args.files.len() == 1 {
                " is"
            } else {
                "s are"
            }
        ))))
    }
}

fn check_file(path: &Path) -> TextReport {
    match read_text(path) {
        Ok(text) => {
            let mut report = validate_text(&text);
            if let Some(refusal) = solver_refusal(&text, &report) {
                report.diagnostics.push(refusal);
            }
            report
        }
        Err(e) => TextReport {
            puzzle: None,
            puzzle_type: None,
            diagnostics: vec![Diagnostic::from_load_error(&e)],
        },
    }
}

/// What `solve` would refuse in a puzzle that validates (more pieces or a wider state than
/// the engine takes), as an error at the board; `None` when the solver takes it.
fn solver_refusal(text: &str, report: &TextReport) -> Option<Diagnostic> {
    let puzzle = report.puzzle.as_ref().filter(|_| report.is_valid())?;
    let reason = match blockslide_core::solve::check(puzzle, &SolveRequest::default()).err()? {
        // Unreachable: the puzzle validated, so the solver refuses only what it cannot hold.
        SolveError::Invalid(_) => return None,
        SolveError::Unsupported(reason) | SolveError::NotApplicable(reason) => reason.to_string(),
        SolveError::Refused(refusal) => refusal.to_string(),
    };
    let board = parse_with_source_map(text)
        .ok()
        .and_then(|(_, map)| map.field("board"));
    Some(Diagnostic {
        severity: Severity::Error,
        kind: FindingKind::EngineLimit,
        message: format!("the solver cannot take this puzzle: {reason}"),
        cells: Vec::new(),
        line: board.map(|p| p.line),
        column: board.map(|p| p.column),
    })
}
