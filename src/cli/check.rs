//! `blockslide check`: validates puzzle files.
//!
//! Text output is one line per file when it is valid (`FILE: OK (...)`) and one line per
//! finding otherwise, in the `FILE:LINE:COLUMN: error: MESSAGE` form editors understand.
//! With `--json`, one JSON object per file per line:
//! `{"file":..,"valid":bool,"puzzle_type":"tiles"|"blocks"|null,"errors":[{"message":..,"line":..,"column":..}],"warnings":[..]}`.
//! The exit code is 0 only when every file is valid (warnings allowed).

use std::path::Path;

use blockslide_core::model::file::{parse_with_source_map, read_text};
use blockslide_core::model::text::{echo, echo_message};
use blockslide_core::model::validate::{
    Diagnostic, FindingKind, Severity, TextReport, validate_text,
};
use blockslide_core::solve::{SolveError, SolveRequest};
use serde::Serialize;

use super::{CheckArgs, EXIT_ERROR, EXIT_OK};

/// Runs `blockslide check`.
pub fn run(args: &CheckArgs) -> u8 {
    let mut invalid = 0usize;
    for path in &args.files {
        let report = check_file(path);
        if !report.is_valid() {
            invalid += 1;
        }
        if args.json {
            println!("{}", json_line(path, &report));
        } else {
            print_text(path, &report);
        }
    }
    if invalid == 0 {
        EXIT_OK
    } else {
        if !args.json {
            eprintln!(
                "blockslide check: {invalid} of {} file{} invalid",
                args.files.len(),
                if args.files.len() == 1 {
                    " is"
                } else {
                    "s are"
                }
            );
        }
        EXIT_ERROR
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
        SolveError::Invalid(reason) | SolveError::NotApplicable(reason) => reason,
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

fn print_text(path: &Path, report: &TextReport) {
    let file = echo(&path.display().to_string());
    if report.is_valid()
        && let Some(puzzle) = &report.puzzle
    {
        let kind = report.puzzle_type.map_or("blocks", |t| t.name());
        let pieces = puzzle.pieces().len();
        println!(
            "{file}: OK ({kind}, {}x{}, {pieces} piece{})",
            puzzle.rows,
            puzzle.cols,
            if pieces == 1 { "" } else { "s" }
        );
    }
    for d in &report.diagnostics {
        let level = match d.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        let message = echo_message(&d.message);
        match (d.line, d.column) {
            (Some(line), Some(column)) => println!("{file}:{line}:{column}: {level}: {message}"),
            (Some(line), None) => println!("{file}:{line}: {level}: {message}"),
            _ => println!("{file}: {level}: {message}"),
        }
    }
}

/// One finding in `--json` output.
#[derive(Serialize)]
struct JsonFinding<'a> {
    message: &'a str,
    line: Option<usize>,
    column: Option<usize>,
    /// The board cells involved, as `[row, col]`.
    cells: &'a [(usize, usize)],
}

/// One file in `--json` output (fields in this order).
#[derive(Serialize)]
struct JsonReport<'a> {
    file: String,
    valid: bool,
    puzzle_type: Option<&'static str>,
    errors: Vec<JsonFinding<'a>>,
    warnings: Vec<JsonFinding<'a>>,
}

fn finding_json(d: &Diagnostic) -> JsonFinding<'_> {
    JsonFinding {
        message: &d.message,
        line: d.line,
        column: d.column,
        cells: &d.cells,
    }
}

fn json_line(path: &Path, report: &TextReport) -> String {
    let line = JsonReport {
        file: path.display().to_string(),
        valid: report.is_valid(),
        puzzle_type: report
            .puzzle_type
            .map(blockslide_core::model::PuzzleType::name),
        errors: report.errors().map(finding_json).collect(),
        warnings: report.warnings().map(finding_json).collect(),
    };
    // Invariant: these plain structs of strings and numbers always serialize.
    serde_json::to_string(&line).expect("a report serializes to JSON")
}
