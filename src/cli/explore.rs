//! `blockslide explore`: every arrangement of a block puzzle's pieces on its board (walls
//! kept, identical pieces merged, each arrangement once), split into components in one metric:
//! how many arrangements and components, how many components contain a goal position, and the
//! hardest start of each of the `--top N` hardest solvable components (written as puzzle files
//! with `--write-top DIR`).
//!
//! `--json` prints one object ([`json::Explore`]): `{"arrangements":..,"complete":..,
//! "components":..,"expanded":..,"goal_arrangements":..,
//! "hardest":[{"board":[..],"component":..,"count":..,"distance":..}],"metric":..,
//! "notes":[..],"peak_memory_bytes":..,"puzzle":..,"seconds":..,"solvable_components":..,
//! "status":..}`.
//!
//! Exit codes, as `count`: 0 explored (every arrangement), 1 error (a tile puzzle is one: its
//! arrangements are permutations), 3 a limit stopped it (the figures cover what was walked).

use std::fmt::Write as _;
use std::path::PathBuf;

use clap::Args;

use blockslide_core::model::Metric;
use blockslide_core::model::file::{load, save};
use blockslide_core::solve::api::{ExploreReport, explore, metric_for};

use super::analyze::hardest_puzzle;
use super::args::{Choice, names};
use super::{CliError, EXIT_LIMIT, EXIT_OK, LimitArgs, json};
use blockslide_core::model::text::bytes;

/// Arguments of `explore`.
#[derive(Debug, Args)]
pub struct ExploreArgs {
    /// A block puzzle file (.ron): its board and pieces are explored, its start is not used.
    pub file: PathBuf,
    /// How moves are counted (default: the file's metric, else step).
    #[arg(long, value_parser = names::<Metric>())]
    pub metric: Option<Choice<Metric>>,
    /// How many of the hardest solvable components to report.
    #[arg(long, value_name = "N", default_value_t = 5)]
    pub top: usize,
    /// Write the reported hardest starts as puzzle files `hardest-1.ron`, ... into DIR.
    #[arg(long, value_name = "DIR")]
    pub write_top: Option<PathBuf>,
    /// Resource limits (for the whole exploration).
    #[command(flatten)]
    pub limits: LimitArgs,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}

/// Runs `blockslide explore`.
///
/// # Errors
/// An unreadable or invalid puzzle or option, a tile puzzle, or a hardest start that cannot
/// be written.
pub fn run(args: &ExploreArgs) -> Result<u8, CliError> {
    let metric = args.metric.clone().transpose()?;
    let path = &args.file;
    let puzzle = load(path).map_err(|e| e.in_file(path).to_string())?;
    let metric = metric_for(&puzzle, metric);
    let (control, line) = args.limits.control("exploring")?;
    let report = explore(&puzzle, metric, args.top, control).map_err(|e| e.to_string())?;
    drop(line);
    if args.json {
        json::print(&json::Explore::from(&report));
    } else {
        print!("{}", text(&report));
    }
    if let Some(dir) = &args.write_top {
        std::fs::create_dir_all(dir)
            .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
        for (i, hardest) in report.hardest.iter().enumerate() {
            let out = dir.join(format!("hardest-{}.ron", i + 1));
            let puzzle = hardest_puzzle(&report.puzzle, hardest, report.metric.name());
            save(&out, &puzzle).map_err(|e| format!("cannot write {}: {e}", out.display()))?;
        }
    }
    Ok(if report.complete() {
        EXIT_OK
    } else {
        EXIT_LIMIT
    })
}

fn text(report: &ExploreReport) -> String {
    let mut out = String::new();
    let title = if report.puzzle.is_empty() {
        "puzzle"
    } else {
        &report.puzzle
    };
    // Writing to a String cannot fail.
    let _ = writeln!(out, "{title}: its piece set, {} metric", report.metric);
    for note in &report.notes {
        let _ = writeln!(out, "note: {note}");
    }
    let _ = writeln!(
        out,
        "arrangements:        {} (identical pieces merged)",
        report.arrangements
    );
    let _ = writeln!(out, "components:          {}", report.components);
    let _ = writeln!(out, "with a goal:         {}", report.solvable_components);
    let _ = writeln!(out, "goal arrangements:   {}", report.goal_arrangements);
    let _ = writeln!(
        out,
        "time:                {:.3} s, peak memory {}",
        report.stats.elapsed.as_secs_f64(),
        bytes(report.stats.peak_memory_bytes)
    );
    for (i, h) in report.hardest.iter().enumerate() {
        let _ = writeln!(
            out,
            "hardest #{}: {} moves from the goal ({} such positions, component of {}):",
            i + 1,
            h.distance,
            h.count,
            h.component
        );
        for row in h.position.board_rows() {
            let _ = writeln!(out, "    {row}");
        }
    }
    out
}
