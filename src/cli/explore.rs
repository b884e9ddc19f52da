//! `blockslide explore`: every arrangement of a block puzzle's pieces on its board (walls
//! kept, identical pieces merged, each arrangement once), split into components in one metric:
//! how many arrangements and components, how many components contain a goal position, and the
//! hardest start of each of the `--top N` hardest solvable components (written as puzzle files
//! with `--write-top DIR`).
//!
//! `--json` prints one object ([`json::explore`]): `{"arrangements":..,"complete":..,
//! "components":..,"expanded":..,"goal_arrangements":..,
//! "hardest":[{"board":[..],"component":..,"count":..,"distance":..}],"metric":..,
//! "notes":[..],"peak_memory_bytes":..,"peak_memory_estimated":..,"puzzle":..,"seconds":..,"solvable_components":..,
//! "status":..}`.
//!
//! Exit codes, as `count`: 0 explored (every arrangement), 1 error (a tile puzzle is one: its
//! arrangements are permutations), 3 a limit stopped it (the figures cover what was walked).
//!
//! `--write-top DIR` writes one run's complete set, checked before the exploration and
//! written before the report: `hardest-1.ron`, ..., then [`SUMMARY`], which names the run.
//! A limit's results are named partial. Files an earlier run wrote that this one does not
//! rewrite are removed, so the folder never mixes runs; a file is removed only when its name
//! is `hardest-N.ron` and its notes say Blockslide wrote it, so a user's files stay. Links and
//! other files planted at those names are never followed: a link is replaced by the new file
//! (its target untouched), a device or FIFO refused. Nothing found, nothing is written (and
//! the folder is not created).

use std::path::{Path, PathBuf};

use serde::Serialize;

use blockslide_core::model::file::{SaveOptions, check_save_path, load, save_text, save_with};
use blockslide_core::report;
use blockslide_core::solve::api::{ExploreReport, explore, metric_for};

use super::analyze::{FOUND_BY, hardest_puzzle};
use super::error::{CliError, EXIT_LIMIT, EXIT_OK};
use super::flags::ExploreArgs;
use super::render::{Report, json, text};
use super::save::save_error;
use super::source::read_puzzle;

/// Runs `blockslide explore`.
///
/// # Errors
/// An unreadable or invalid puzzle or option, a tile puzzle, or a hardest start that cannot
/// be written.
pub fn run(args: &ExploreArgs) -> Result<Report, CliError> {
    let metric = args.metric.clone().transpose()?;
    let path = &args.file;
    let puzzle = read_puzzle(path)?;
    let metric = metric_for(&puzzle, metric);
    // Files in DIR are named by the program: a link there is replaced, never followed.
    let options = SaveOptions {
        replace_links: true,
        ..args.force.options()
    };
    if let Some(dir) = &args.write_top {
        // Before the exploration, which may take long: a folder that cannot be written fails
        // now.
        check_folder(dir, args.top, options)?;
    }
    let (control, line) = args.limits.control("exploring")?;
    let report = explore(&puzzle, metric, args.top, control).map_err(|e| e.to_string())?;
    drop(line);
    // The files before the report, so they are written whatever happens to standard output;
    // the report is printed even when they could not be, and the error follows it.
    let written = match &args.write_top {
        Some(dir) => write_top(dir, path, &report, options),
        None => Ok(()),
    };
    let code = if report.complete() {
        EXIT_OK
    } else {
        EXIT_LIMIT
    };
    Ok(Report::pick(
        args.print.json,
        || text::explore(&report),
        || json::explore(&report),
        code,
    )
    .then(written.err()))
}

/// The file `--write-top` describes its run in, written after the puzzle files.
const SUMMARY: &str = "blockslide-explore.json";

/// The contents of [`SUMMARY`]: what wrote the folder, from which file, the puzzle files in
/// order (hardest first, as `hardest` lists them), and the report as `--json` prints it (the
/// puzzle, its metric, whether the exploration completed and what stopped it).
#[derive(Serialize)]
struct Summary<'a> {
    written_by: &'static str,
    source: String,
    files: &'a [String],
    #[serde(flatten)]
    report: report::Explore<'a>,
}

/// The file name of the `n`th hardest start.
fn hardest_name(n: usize) -> String {
    format!("hardest-{n}.ron")
}

/// `N` when `name` is `hardest-N.ron` as [`hardest_name`] writes it.
fn hardest_number(name: &str) -> Option<usize> {
    let n = name
        .strip_prefix("hardest-")?
        .strip_suffix(".ron")?
        .parse()
        .ok()?;
    (hardest_name(n) == name).then_some(n)
}

/// Whether the regular file at `path` (not a link) is a hardest start Blockslide wrote.
fn written_by_blockslide(path: &Path) -> bool {
    std::fs::symlink_metadata(path).is_ok_and(|m| m.is_file())
        && load(path).is_ok_and(|p| p.notes.ends_with(&format!("{FOUND_BY}.")))
}

/// The files of `dir` this run may write or remove: [`SUMMARY`], `hardest-N.ron` up to `top`,
/// and the earlier runs' `hardest-N.ron` beyond it. A missing folder has none.
fn own_files(dir: &Path, top: usize) -> Result<Vec<PathBuf>, CliError> {
    let entries = match std::fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(format!("cannot read the folder {}: {e}", dir.display()).into()),
    };
    let mut files = Vec::new();
    for entry in entries {
        let entry = entry.map_err(|e| format!("cannot read the folder {}: {e}", dir.display()))?;
        let name = entry.file_name();
        let Some(name) = name.to_str() else { continue };
        let path = entry.path();
        let ours = match hardest_number(name) {
            Some(n) => n <= top || written_by_blockslide(&path),
            None => name == SUMMARY,
        };
        if ours {
            files.push(path);
        }
    }
    files.sort();
    Ok(files)
}

/// Checks that `--write-top` can write into `dir` (a folder, or missing: it is created when
/// there is something to write) under `options`: every file it may replace or remove there.
///
/// # Errors
/// `dir` is not a folder, or a file there is refused (read-only without `--force`, a folder,
/// a device).
fn check_folder(dir: &Path, top: usize, options: SaveOptions) -> Result<(), CliError> {
    match std::fs::metadata(dir) {
        Ok(meta) if !meta.is_dir() => {
            return Err(format!(
                "cannot write into {}: it is not a folder; --write-top takes a folder (created \
                 if missing)",
                dir.display()
            )
            .into());
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotADirectory => {
            return Err(format!(
                "cannot write into {}: part of its path is a file, not a folder",
                dir.display()
            )
            .into());
        }
        _ => {}
    }
    for path in own_files(dir, top)? {
        check_save_path(&path, options).map_err(|e| save_error(&path, &e))?;
    }
    Ok(())
}

/// Writes the report's hardest starts into `dir` as one run's set: the puzzle files, the
/// earlier runs' files beyond them removed, then [`SUMMARY`] last, so a folder with a summary
/// holds that run's set only. With no hardest start, nothing is written.
///
/// # Errors
/// A folder or file that cannot be written or removed.
fn write_top(
    dir: &Path,
    source: &Path,
    report: &ExploreReport,
    options: SaveOptions,
) -> Result<(), CliError> {
    if report.hardest.is_empty() {
        // The folder stays as it was: not created, and an earlier run's set whole beside its
        // summary.
        let why = if !report.complete() {
            "the exploration stopped before it found a hardest start"
        } else if report.solvable_components == 0 {
            "no component contains a goal position"
        } else {
            "--top 0 asks for none"
        };
        errln!("wrote nothing to {}: {why}", dir.display());
        return Ok(());
    }
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let earlier = own_files(dir, report.hardest.len())?;
    // The earlier summary goes first: no summary describes the folder while it is half
    // rewritten.
    let summary = dir.join(SUMMARY);
    if earlier.contains(&summary) {
        remove(&summary, options)?;
    }
    let stopped = (!report.complete()).then_some(report.status);
    let mut files = Vec::with_capacity(report.hardest.len());
    for (i, hardest) in report.hardest.iter().enumerate() {
        let name = hardest_name(i + 1);
        let out = dir.join(&name);
        let puzzle = hardest_puzzle(&report.puzzle, hardest, report.metric, stopped);
        save_with(&out, &puzzle, options).map_err(|e| save_error(&out, &e))?;
        files.push(name);
    }
    // Beyond this run's files, `own_files` listed only those Blockslide wrote.
    for path in &earlier {
        let name = path
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default();
        if hardest_number(name).is_some_and(|n| n > files.len()) {
            remove(path, options)?;
        }
    }
    let summary_text = serde_json::to_string_pretty(&Summary {
        written_by: concat!("blockslide explore ", env!("CARGO_PKG_VERSION")),
        source: source.display().to_string(),
        files: &files,
        report: json::explore(report),
    })
    .expect("the summary holds strings, numbers and lists only");
    save_text(&summary, &(summary_text + "\n"), options).map_err(|e| save_error(&summary, &e))?;
    Ok(())
}

/// Removes the file at `path` (a link itself, never its target), if the save policy would
/// let this run replace it.
///
/// # Errors
/// A refused or failed removal.
fn remove(path: &Path, options: SaveOptions) -> Result<(), CliError> {
    check_save_path(path, options).map_err(|e| save_error(path, &e))?;
    std::fs::remove_file(path).map_err(|e| format!("cannot remove {}: {e}", path.display()).into())
}
