//! `blockslide family`: every puzzle a rule set allows, in clusters, with the hardest start of
//! each — Fogleman's Rush Hour database, computed here.
//!
//! `family rushhour --size 6x6 --max-walls 2 -o FILE` writes one line per solvable cluster,
//! as JSON lines (`--format jsonl`, the default) or as Fogleman's database lines (`--format
//! fogleman`: moves, board, cluster size). Lines come in the family's order (see
//! [`RushHourFamily::units`]), so two runs, at any number of threads, write the same bytes.
//!
//! With `-o FILE`, results go to `FILE.part` as units finish, and a small `FILE.resume`
//! records how far the run got; a run stopped by a limit, Ctrl-C or a kill continues with
//! `--resume` and ends with the same `FILE` an uninterrupted run writes. `FILE` itself
//! appears only when the family is complete.
//!
//! Exit codes: 0 the whole family was enumerated, 1 error, 3 a limit or Ctrl-C stopped it
//! (resume it with `--resume`).

use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use blockslide_core::model::Axis;
use blockslide_core::model::text::thousands;
#[cfg(feature = "distributed")]
use blockslide_core::solve::SearchControl;
use blockslide_core::solve::Termination;
#[cfg(feature = "distributed")]
use blockslide_core::solve::family::distributed::{self, Cluster, ClusterError, Served, Spread};
use blockslide_core::solve::family::{BlockFamily, RushHourFamily, RushHourRules};
use blockslide_core::solve::family::{
    ClusterRecord, Ended, Family, FamilySpec, FamilySummary, Listing, ListingError, TimeLeft,
    UnitResult, count_units_by_class, enumerate, human_seconds, read_family,
};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use super::error::{CliError, EXIT_LIMIT, EXIT_OK};
#[cfg(feature = "distributed")]
use super::flags::ClusterArgs;
use super::flags::{FamilyArgs, Format};
use super::progress::ProgressLine;
use super::render::{json, text};
use super::save::save_error;
use super::search::controlled;

/// Runs `blockslide family`.
///
/// # Errors
/// A bad option, an output that cannot be written, or a resume that does not match.
pub fn run(args: &FamilyArgs) -> Result<u8, CliError> {
    match spec_of(args)? {
        FamilySpec::RushHour(family) => {
            let words = rush_hour_words(&family);
            run_on(&family, &words, args)
        }
        FamilySpec::Blocks(family) => {
            if args.format == Format::Fogleman {
                return Err(CliError::from(
                    "Fogleman's lines hold Rush Hour boards only; write a block family with \
                     --format jsonl"
                        .to_string(),
                ));
            }
            let words = block_words(&family);
            run_on(&family, &words, args)
        }
    }
}

/// Runs the family `family`, described by `words` (to a resumed run, with the output's
/// options, and to the other processes of a shared run).
fn run_on<F: Family + Clone + Send + Sync + 'static>(
    family: &F,
    words: &str,
    args: &FamilyArgs,
) -> Result<u8, CliError> {
    let identity = identity(words, args);
    let mut limits = args.limits.limits()?;
    // A family run is resumable: it goes on until done unless a limit is asked for.
    if args.limits.time.time_limit.is_none() {
        limits.max_time = Duration::MAX;
    }
    if args.limits.max_nodes.is_none() {
        limits.max_nodes = u64::MAX;
    }
    let mut control = controlled(limits, args.limits.threads.threads);
    // A shared run that cannot start is refused at once, on every process, and before
    // process 0 makes FILE.part and FILE.resume.
    #[cfg(feature = "distributed")]
    let cluster = args.cluster.cluster()?;
    // Processes other than 0 walk their share for process 0, which alone touches FILE.
    #[cfg(feature = "distributed")]
    if let Some(cluster) = cluster.as_ref().filter(|c| c.process() > 0) {
        return serve(family, words, &control, cluster);
    }
    // The listing goes to FILE by way of FILE.part and its record, or to standard output.
    let mut listing = match &args.output.output {
        Some(path) => Some(
            Listing::open(path, &identity, args.resume, args.force.options())
                .map_err(listing_error)?,
        ),
        None => None,
    };
    let (skip, resumed) = match &listing {
        Some(listing) => listing.resumed(),
        None => (0, &FamilySummary::default()),
    };
    let mut summary = resumed.clone();
    let mut bar = Bar::new(
        ProgressLine::wanted(args.limits.quiet.quiet),
        &summary,
        family,
    );
    let started = Instant::now();
    let on_unit = |unit: &UnitResult| {
        summary.add(unit);
        for record in &unit.records {
            if record.moves >= args.min_moves && (record.minimal || !args.minimal_only) {
                let line = line(args.format, record);
                match &mut listing {
                    Some(listing) => listing.write(&line).map_err(listing_error)?,
                    None => out!("{line}")?,
                }
            }
        }
        if let Some(listing) = &mut listing {
            listing
                .unit_done(unit.index + 1, &summary)
                .map_err(listing_error)?;
        }
        bar.update(unit, &summary, started.elapsed());
        Ok::<(), CliError>(())
    };
    #[cfg(feature = "distributed")]
    let run = match &cluster {
        Some(cluster) => {
            distributed::enumerate(family, words, &mut control, skip, cluster, on_unit)
        }
        None => enumerate(family, &mut control, skip, on_unit),
    }?;
    #[cfg(not(feature = "distributed"))]
    let run = enumerate(family, &mut control, skip, on_unit)?;
    bar.finish();
    let complete = run.termination == Termination::Solved;
    if let Some(listing) = listing
        && let Ended::Stopped { part } = listing
            .finish(complete, run.units_done, &summary)
            .map_err(listing_error)?
    {
        errln!(
            "blockslide family: stopped; {} holds the clusters so far; continue with the same \
             command and --resume",
            part.display()
        );
    }
    let seconds = started.elapsed().as_secs_f64();
    if args.print.json {
        json::print(&json::family_run(
            &identity,
            &summary,
            run.termination,
            seconds,
            run.stats.peak_memory_bytes,
        ))?;
    } else {
        errln!(
            "{}",
            text::family(
                &identity,
                &summary,
                run.termination,
                seconds,
                &run.stats,
                args.output.output.is_some()
            )
        );
    }
    Ok(if complete { EXIT_OK } else { EXIT_LIMIT })
}

#[cfg(feature = "distributed")]
impl ClusterArgs {
    /// The processes that share the run, checked (the process number, the host file, every
    /// address) before anything is written; `None` for a run of one process.
    fn cluster(&self) -> Result<Option<Cluster>, CliError> {
        if self.processes <= 1 {
            return Ok(None);
        }
        Cluster::new(
            usize::from(self.processes),
            usize::from(self.process),
            self.hostfile.as_deref(),
            Duration::from_secs(self.connect_timeout),
        )
        .map(Some)
        .map_err(CliError::from)
    }
}

#[cfg(feature = "distributed")]
impl From<ClusterError> for CliError {
    fn from(e: ClusterError) -> CliError {
        CliError::from(e.to_string())
    }
}

/// Runs a process other than 0 of a shared run: it walks its share for process 0, which
/// writes the listing, and says on standard error how its part ended.
#[cfg(feature = "distributed")]
fn serve<F: Spread>(
    family: &F,
    words: &str,
    control: &SearchControl,
    cluster: &Cluster,
) -> Result<u8, CliError> {
    let (process, processes) = (cluster.process(), cluster.processes());
    let (code, said) = match distributed::serve(family, words, control, cluster)? {
        Served::Interrupted => (EXIT_LIMIT, "interrupted before the run"),
        Served::Stopped => (
            EXIT_LIMIT,
            "stopped with the run; process 0 keeps the listing so far (continue with the same \
             commands, --resume on process 0)",
        ),
        Served::Walked => (EXIT_OK, "walked its share; process 0 writes the listing"),
    };
    errln!("blockslide family: process {process} of {processes} {said}");
    Ok(code)
}

/// The family the arguments name: the Rush Hour preset shaped by the options, or a family
/// file's.
fn spec_of(args: &FamilyArgs) -> Result<FamilySpec, CliError> {
    if args.family == "rushhour" {
        return rush_hour_preset(args).map(FamilySpec::RushHour);
    }
    let path = Path::new(&args.family);
    if !path.exists() && !args.family.contains(['.', '/', std::path::MAIN_SEPARATOR]) {
        return Err(CliError::from(format!(
            "no family {}: name the preset `rushhour` or a family file (.ron)",
            blockslide_core::model::text::echo(&args.family)
        )));
    }
    let preset_options = [
        (args.size != "6x6", "--size"),
        (args.max_walls != 0, "--max-walls"),
        (args.primary_row.is_some(), "--primary-row"),
        (args.allow_busy_primary_row, "--allow-busy-primary-row"),
        (args.allow_full_rows, "--allow-full-rows"),
        (args.allow_full_columns, "--allow-full-columns"),
    ];
    if let Some((_, option)) = preset_options.iter().find(|(given, _)| *given) {
        return Err(CliError::from(format!(
            "{option} shapes the `rushhour` preset; a family file says everything itself \
             (edit {} instead)",
            path.display()
        )));
    }
    read_family(path).map_err(|e| CliError::from(e.in_file(path).to_string()))
}

/// The Rush Hour family the options describe.
fn rush_hour_preset(args: &FamilyArgs) -> Result<RushHourFamily, CliError> {
    let (rows, cols) = args
        .size
        .split_once(['x', 'X'])
        .and_then(|(r, c)| Some((r.trim().parse().ok()?, c.trim().parse().ok()?)))
        .ok_or_else(|| {
            CliError::from(format!(
                "--size takes ROWSxCOLS, such as 6x6, not {}",
                blockslide_core::model::text::echo(&args.size)
            ))
        })?;
    let mut family = RushHourFamily::new(rows, cols, usize::from(args.max_walls))
        .map_err(|e| CliError::from(e.to_string()))?;
    if let Some(row) = args.primary_row {
        family.primary_row = usize::from(row) - 1;
    }
    family.rules = RushHourRules {
        primary_row_clear: !args.allow_busy_primary_row,
        no_full_rows: !args.allow_full_rows,
        no_full_columns: !args.allow_full_columns,
    };
    family
        .validate()
        .map_err(|e| CliError::from(e.to_string()))?;
    Ok(family)
}

/// A Rush Hour family in words.
fn rush_hour_words(family: &RushHourFamily) -> String {
    let rules = &family.rules;
    let mut words = vec![format!(
        "rushhour {}x{}, primary car on row {}, up to {} wall{}",
        family.rows,
        family.cols,
        family.primary_row + 1,
        family.max_walls,
        if family.max_walls == 1 { "" } else { "s" }
    )];
    if !rules.primary_row_clear {
        words.push("busy primary row allowed".into());
    }
    if !rules.no_full_rows {
        words.push("full rows allowed".into());
    }
    if !rules.no_full_columns {
        words.push("full columns allowed".into());
    }
    words.join(", ")
}

/// A block family in words, every shape with its cells, so that a resumed run can tell two
/// families apart.
fn block_words(family: &BlockFamily) -> String {
    let shapes: Vec<String> = family
        .shapes
        .iter()
        .enumerate()
        .map(|(i, shape)| {
            let cells: Vec<String> = shape
                .cells
                .iter()
                .map(|(r, c)| format!("{r}.{c}"))
                .collect();
            let axis = match shape.axis {
                Axis::Free => String::new(),
                axis => format!(" {axis:?}").to_lowercase(),
            };
            let (row, column) = family.goal_at;
            if i == family.goal_shape {
                format!(
                    "{} [{}]{axis} to row {}, column {}",
                    shape.name,
                    cells.join(" "),
                    row + 1,
                    column + 1
                )
            } else {
                format!(
                    "{} [{}]{axis} {}-{}",
                    shape.name,
                    cells.join(" "),
                    shape.min,
                    shape.max
                )
            }
        })
        .collect();
    format!(
        "blocks {}x{}, {} metric, {}; up to {} wall{}, {} pieces",
        family.rows,
        family.cols,
        family.metric,
        shapes.join("; "),
        family.max_walls,
        if family.max_walls == 1 { "" } else { "s" },
        family.max_pieces
    )
}

/// The run's description: the family, the format and the filters, so a resume can check it
/// continues the same listing.
fn identity(family: &str, args: &FamilyArgs) -> String {
    let mut words = vec![family.to_string()];
    words.push(format!("{:?} format", args.format).to_lowercase());
    if args.min_moves > 0 {
        words.push(format!("at least {} moves", args.min_moves));
    }
    if args.minimal_only {
        words.push("minimal only".into());
    }
    words.join(", ")
}

/// One cluster's line, with its line break.
fn line(format: Format, record: &ClusterRecord) -> String {
    match format {
        Format::Jsonl => {
            let mut line = json::to_line(&json::FamilyCluster::from(record));
            line.push('\n');
            line
        }
        Format::Fogleman => format!("{:02} {} {}\n", record.moves, record.board, record.states),
    }
}

/// The message of a listing that cannot be written or resumed: a path the saving policy
/// refuses is worded as every command's save is, naming `--force` for a read-only file.
fn listing_error(e: ListingError) -> CliError {
    match e {
        ListingError::Refused { path, source } => CliError::from(save_error(&path, &source)),
        e => CliError::from(e.to_string()),
    }
}

/// The progress bar: units, clusters, positions per second, time, and time left.
struct Bar {
    line: Option<ProgressBar>,
    skipped: u64,
    /// The units the run has to walk by size class, once a helper thread has counted them.
    counted: Arc<Mutex<Option<Vec<u64>>>>,
    /// The time left, fed every unit handed over.
    eta: TimeLeft,
    /// Tells the counting thread to give up when the run ends first.
    done: Arc<AtomicBool>,
}

impl Bar {
    /// The bar of a run of `family` resumed at `start`, when `shown`. A
    /// helper thread counts the family's units left by size class (cheap beside walking
    /// them, yet 20 s on 6x6), so the bar can say how many are left and for how long.
    fn new<F: Family + Clone + Send + 'static>(
        shown: bool,
        start: &FamilySummary,
        family: &F,
    ) -> Bar {
        let counted = Arc::new(Mutex::new(None));
        let done = Arc::new(AtomicBool::new(false));
        let line = shown.then(|| {
            let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr_with_hz(5));
            bar.set_style(
                ProgressStyle::with_template("{spinner} family: {msg}")
                    .unwrap_or_else(|_| ProgressStyle::default_spinner()),
            );
            bar.enable_steady_tick(Duration::from_millis(200));
            let (family, counted, done) = (family.clone(), Arc::clone(&counted), Arc::clone(&done));
            let skip = start.units;
            std::thread::spawn(move || {
                if let Some(counts) = count_units_by_class(&family, skip, &done)
                    && let Ok(mut counted) = counted.lock()
                {
                    *counted = Some(counts);
                }
            });
            bar
        });
        Bar {
            line,
            skipped: start.positions,
            counted,
            eta: TimeLeft::new(),
            done,
        }
    }

    /// Shows the totals after `unit`, `elapsed` into the run.
    fn update(&mut self, unit: &UnitResult, summary: &FamilySummary, elapsed: Duration) {
        let Some(bar) = &self.line else {
            return;
        };
        self.eta.add_unit(unit);
        if !self.eta.is_counted()
            && let Ok(mut counted) = self.counted.try_lock()
            && let Some(counts) = counted.take()
        {
            self.eta.counted(counts);
        }
        let secs = elapsed.as_secs_f64().max(1e-3);
        let rate = (summary.positions - self.skipped) as f64 / secs;
        let units = match self.eta.units_left() {
            None => format!("{} units", thousands(summary.units)),
            Some(left) => {
                let total = summary.units + left;
                let eta = self
                    .eta
                    .seconds_left(elapsed)
                    .map(|s| format!(", about {} left", human_seconds(s)))
                    .unwrap_or_default();
                format!(
                    "{} of {} units ({:.1}%{eta})",
                    thousands(summary.units),
                    thousands(total),
                    100.0 * summary.units as f64 / total.max(1) as f64
                )
            }
        };
        bar.set_message(format!(
            "{units} · {} clusters ({} solvable) · {} positions · {:.1} M/s · {:.0} s",
            thousands(summary.clusters),
            thousands(summary.solvable),
            thousands(summary.positions),
            rate / 1e6,
            elapsed.as_secs_f64()
        ));
    }

    fn finish(&self) {
        self.done.store(true, Ordering::Relaxed);
        if let Some(bar) = &self.line {
            bar.finish_and_clear();
        }
    }
}
