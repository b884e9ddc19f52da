//! `blockslide import` and `blockslide export`: puzzles in other notations. Today one
//! notation, Rush Hour boards in Fogleman's 36 characters (or one per cell of another square
//! board, 3x3 to 8x8); `solve` and `count` also take one with `--rushhour`.

use blockslide_core::model::file::{LoadError, read_text, save_with, to_ron_string};
use blockslide_core::model::rushhour;
use blockslide_core::model::validate::validate_text;

use super::error::{CliError, EXIT_OK};
use super::flags::{ExportArgs, ImportArgs, Notation};
use super::save::save_error;

/// Runs `blockslide import`.
///
/// # Errors
/// Text that is not a board in the notation, or a file that cannot be written.
pub fn import(args: &ImportArgs) -> Result<u8, CliError> {
    let Notation::Rushhour = args.notation;
    let puzzle = rushhour::parse(&args.text).map_err(|e| e.to_string())?;
    if let Some(path) = &args.output.output {
        save_with(path, &puzzle, args.force.options()).map_err(|e| save_error(path, &e))?;
        errln!("wrote {}", path.display());
    } else {
        out!("{}", to_ron_string(&puzzle))?;
    }
    Ok(EXIT_OK)
}

/// Runs `blockslide export`.
///
/// # Errors
/// An unreadable puzzle file, one that `check` refuses (each error at its line and column),
/// or a puzzle the notation cannot write (naming what it cannot hold).
pub fn export(args: &ExportArgs) -> Result<u8, CliError> {
    let Notation::Rushhour = args.notation;
    let path = &args.file;
    let source = read_text(path).map_err(|e| e.in_file(path).to_string())?;
    // Validated as `check` validates it: a string is only a faithful copy of a valid puzzle.
    let report = validate_text(&source);
    let errors: Vec<String> = report
        .errors()
        .map(|d| {
            let located = LoadError {
                message: d.message.clone(),
                line: d.line,
                column: d.column,
            };
            located.in_file(path).to_string()
        })
        .collect();
    let Some(puzzle) = report.puzzle.filter(|_| errors.is_empty()) else {
        return Err(errors.join("\n").into());
    };
    let text = rushhour::to_string(&puzzle).map_err(|e| e.to_string())?;
    outln!("{text}")?;
    Ok(EXIT_OK)
}
