//! `blockslide import` and `blockslide export`: puzzles in other notations. Today one
//! notation, Rush Hour boards in Fogleman's 36 characters; `solve` and `count` also take one
//! with `--rushhour`.

use std::path::PathBuf;

use blockslide_core::model::Puzzle;
use blockslide_core::model::file::{load, save, to_ron_string};
use blockslide_core::model::rushhour;
use clap::{Args, ValueEnum};

use super::{CliError, EXIT_OK};

/// A notation for puzzles other than Blockslide's own files.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Notation {
    /// Rush Hour in Fogleman's notation: 36 characters, the 6x6 board row by row (`o` empty,
    /// `x` wall, `A` the red car, other capital letters vehicles).
    Rushhour,
}

/// Arguments of `import`.
#[derive(Debug, Args)]
pub struct ImportArgs {
    /// The notation of TEXT.
    #[arg(value_enum)]
    pub notation: Notation,
    /// The puzzle in that notation.
    pub text: String,
    /// Write the puzzle file here instead of printing it.
    #[arg(short, long, value_name = "FILE.ron")]
    pub output: Option<PathBuf>,
}

/// Arguments of `export`.
#[derive(Debug, Args)]
pub struct ExportArgs {
    /// The notation to write.
    #[arg(value_enum)]
    pub notation: Notation,
    /// A puzzle file (.ron).
    pub file: PathBuf,
}

/// The puzzle a `--rushhour` option describes.
pub fn rushhour_puzzle(text: Option<&str>) -> Result<Puzzle, String> {
    rushhour::parse(text.unwrap_or_default()).map_err(|e| format!("--rushhour: {e}"))
}

/// Runs `blockslide import`.
///
/// # Errors
/// Text that is not a board in the notation, or a file that cannot be written.
pub fn import(args: &ImportArgs) -> Result<u8, CliError> {
    let Notation::Rushhour = args.notation;
    let puzzle = rushhour::parse(&args.text).map_err(|e| e.to_string())?;
    if let Some(path) = &args.output {
        save(path, &puzzle).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        eprintln!("wrote {}", path.display());
    } else {
        print!("{}", to_ron_string(&puzzle));
    }
    Ok(EXIT_OK)
}

/// Runs `blockslide export`.
///
/// # Errors
/// An unreadable or invalid puzzle file, or a puzzle the notation cannot write.
pub fn export(args: &ExportArgs) -> Result<u8, CliError> {
    let Notation::Rushhour = args.notation;
    let puzzle = load(&args.file).map_err(|e| e.in_file(&args.file).to_string())?;
    let text = rushhour::to_string(&puzzle).map_err(|e| e.to_string())?;
    println!("{text}");
    Ok(EXIT_OK)
}
