//! `blockslide export`: a puzzle in another notation (`rushhour`), or as a playable web page
//! (`html`, built by the core's `solve::api::web`), to standard output or to `-o FILE`.

use std::path::{Path, PathBuf};

use blockslide_core::model::Puzzle;
use blockslide_core::model::file::{LoadError, check_save_path, read_text, save_text};
use blockslide_core::model::validate::validate_text;
use blockslide_core::solve::api::positions_with_moves;
use blockslide_core::solve::api::web::{WebOptions, page_html, web_page};

use super::error::{CliError, EXIT_OK};
use super::flags::{ExportArgs, ExportFormat};
use super::save::save_error;
use super::{rushhour, search};

/// Runs `blockslide export`.
///
/// # Errors
/// An unreadable puzzle file, one that `check` refuses (each error at its line and column),
/// a puzzle the format cannot write, a flag of another format, or an output that cannot be
/// written.
pub fn run(args: &ExportArgs) -> Result<u8, CliError> {
    refuse_other_flags(args)?;
    if let Some(path) = &args.output.output {
        // A read-only or unwritable FILE is refused before any work starts.
        check_save_path(path, args.force.options()).map_err(|e| save_error(path, &e))?;
    }
    let puzzle = read_valid(&args.file)?;
    let text = match args.format {
        ExportFormat::Rushhour => rushhour::export(&puzzle)?,
        ExportFormat::Html => html(args, puzzle)?,
        ExportFormat::Moves => {
            let metric = args.metric.clone().transpose()?;
            let sample = positions_with_moves(&puzzle, metric, args.positions.unwrap_or(1000))
                .map_err(|e| e.to_string())?;
            serde_json::to_string(&sample).map_err(|e| e.to_string())? + "\n"
        }
    };
    match &args.output.output {
        Some(path) => {
            save_text(path, &text, args.force.options()).map_err(|e| save_error(path, &e))?;
            errln!("wrote {}", path.display());
        }
        None => out!("{text}")?,
    }
    Ok(EXIT_OK)
}

/// The flags of one format given with another.
fn refuse_other_flags(args: &ExportArgs) -> Result<(), CliError> {
    let html = [
        ("--no-solution", args.no_solution),
        ("--collection", !args.collection.is_empty()),
        ("--title", args.title.is_some()),
        ("--notes", args.notes.is_some()),
    ];
    if args.format != ExportFormat::Html
        && let Some((flag, _)) = html.iter().find(|(_, given)| *given)
    {
        return Err(format!("{flag} is only for `export html`").into());
    }
    let moves = [
        ("--metric", args.metric.is_some()),
        ("--positions", args.positions.is_some()),
    ];
    if args.format != ExportFormat::Moves
        && let Some((flag, _)) = moves.iter().find(|(_, given)| *given)
    {
        return Err(format!("{flag} is only for `export moves`").into());
    }
    Ok(())
}

/// The page of `export html`: the puzzle and the collection's.
fn html(args: &ExportArgs, first: Puzzle) -> Result<String, CliError> {
    let mut puzzles = vec![first];
    let mut seen = vec![args.file.clone()];
    for path in collection(&args.collection)? {
        if !seen.contains(&path) {
            puzzles.push(read_valid(&path)?);
            seen.push(path);
        }
    }
    let options = WebOptions {
        title: args.title.clone(),
        notes: args.notes.clone(),
        no_solution: args.no_solution,
        pdb_cache: search::pdb_cache(),
        ..WebOptions::default()
    };
    let data = web_page(&puzzles, &options).map_err(|e| e.to_string())?;
    let json = serde_json::to_string(&data).map_err(|e| e.to_string())?;
    Ok(page_html(&data, &json))
}

/// The puzzle files `--collection` names: files as given, folders' `.ron` files in name order.
fn collection(items: &[PathBuf]) -> Result<Vec<PathBuf>, CliError> {
    let mut out = Vec::new();
    for item in items {
        if item.is_dir() {
            let entries = std::fs::read_dir(item)
                .map_err(|e| format!("cannot read {}: {e}", item.display()))?;
            let mut files: Vec<PathBuf> = entries
                .filter_map(Result::ok)
                .map(|e| e.path())
                .filter(|p| p.is_file() && p.extension().is_some_and(|x| x == "ron"))
                .collect();
            if files.is_empty() {
                return Err(format!("{} holds no puzzle file (.ron)", item.display()).into());
            }
            files.sort();
            out.extend(files);
        } else {
            out.push(item.clone());
        }
    }
    Ok(out)
}

/// The puzzle in `path`, validated as `check` validates it (each error at its line and
/// column): an export is only a faithful copy of a valid puzzle.
fn read_valid(path: &Path) -> Result<Puzzle, CliError> {
    let source = read_text(path).map_err(|e| e.in_file(path).to_string())?;
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
    match report.puzzle.filter(|_| errors.is_empty()) {
        Some(puzzle) => Ok(puzzle),
        None => Err(errors.join("\n").into()),
    }
}
