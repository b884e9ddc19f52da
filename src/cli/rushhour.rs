//! `blockslide import` and `blockslide export`: puzzles in other notations. Today one
//! notation, Rush Hour boards in Fogleman's 36 characters (or one per cell of another square
//! board, 3x3 to 8x8); `solve` and `count` also take one with `--rushhour`.

use blockslide_core::model::Puzzle;
use blockslide_core::model::file::{save_with, to_ron_string};
use blockslide_core::model::rushhour;

use super::error::{CliError, EXIT_OK};
use super::flags::{ImportArgs, Notation};
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

/// Writes `puzzle` in Fogleman's notation (`blockslide export rushhour`), as one line.
///
/// # Errors
/// A puzzle the notation cannot write (naming what it cannot hold).
pub fn export(puzzle: &Puzzle) -> Result<String, CliError> {
    Ok(rushhour::to_string(puzzle).map_err(|e| e.to_string())? + "\n")
}
