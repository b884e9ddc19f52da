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

use std::fs::{File, OpenOptions};
use std::io::{BufWriter, Seek as _, SeekFrom, Write as _};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use blockslide_core::model::Axis;
use blockslide_core::model::text::thousands;
use blockslide_core::solve::Termination;
use blockslide_core::solve::family::{BlockFamily, RushHourFamily, RushHourRules};
use blockslide_core::solve::family::{
    ClusterRecord, Family, FamilySpec, FamilySummary, UnitResult, enumerate, read_family,
};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use serde::{Deserialize, Serialize};

use super::error::{CliError, EXIT_LIMIT, EXIT_OK};
use super::flags::{FamilyArgs, Format};
use super::progress::ProgressLine;
use super::render::{json, text};
use super::save::save_error;
use super::search::controlled;
use blockslide_core::model::file::{SaveOptions, check_save_path};

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
    if args.cluster.processes > 1 {
        args.cluster.check()?;
    }
    // Processes other than 0 walk their share for process 0, which alone touches FILE.
    #[cfg(feature = "distributed")]
    if args.cluster.process > 0 {
        return super::family_distributed::serve(family, words, &control, &args.cluster);
    }
    let mut sink = match &args.output.output {
        Some(path) => Sink::file(path, &identity, args.resume, args.force.options())?,
        None => Sink::Stdout,
    };
    let start = sink.resumed();
    let mut summary = start.summary.clone();
    let bar = Bar::new(
        ProgressLine::wanted(args.limits.quiet.quiet),
        &summary,
        family,
    );
    let started = Instant::now();
    let on_unit = |unit: &UnitResult| {
        summary.add(unit);
        for record in &unit.records {
            if record.moves >= args.min_moves && (record.minimal || !args.minimal_only) {
                sink.write(&line(args.format, record))?;
            }
        }
        sink.unit_done(unit.index + 1, &summary)?;
        bar.update(&summary, started.elapsed());
        Ok::<(), CliError>(())
    };
    #[cfg(feature = "distributed")]
    let run = if args.cluster.processes > 1 {
        super::family_distributed::enumerate(
            family,
            words,
            &mut control,
            start.units,
            &args.cluster,
            on_unit,
        )
    } else {
        enumerate(family, &mut control, start.units, on_unit)
    }?;
    #[cfg(not(feature = "distributed"))]
    let run = enumerate(family, &mut control, start.units, on_unit)?;
    bar.finish();
    let complete = run.termination == Termination::Solved;
    sink.finish(complete, run.units_done, &summary)?;
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

/// Where a resumed run starts: the units done and their totals.
#[derive(Clone, Debug, Default)]
struct Start {
    units: u64,
    summary: FamilySummary,
}

/// The record beside a running listing (`FILE.resume`): which run, how far, its totals, the
/// checksum of the listing's first `bytes` bytes, and a checksum of the record itself. A
/// resume trusts neither the record nor the file: the record must match its own checksum
/// (counters edited by hand, or a record of another version, are refused) and the file must
/// hold at least `bytes` bytes whose checksum is `listed` (a listing cut short by a crash, a
/// full disk or an edit is refused rather than padded or continued past a gap).
#[derive(Debug, Serialize, Deserialize)]
struct Checkpoint {
    family: String,
    units: u64,
    bytes: u64,
    clusters: u64,
    solvable: u64,
    positions: u64,
    solvable_positions: u64,
    minimal: u64,
    by_moves: Vec<u64>,
    /// CRC-32 of the listing's first `bytes` bytes.
    listed: u32,
    /// CRC-32 of the record's other fields, as [`Checkpoint::seal`] computes it.
    sealed: u32,
}

impl Checkpoint {
    /// The checksum of every field but `sealed`, in a fixed order.
    fn seal(&self) -> u32 {
        let mut hasher = crc32fast::Hasher::new();
        hasher.update(self.family.as_bytes());
        hasher.update(&[0]);
        for n in [
            self.units,
            self.bytes,
            self.clusters,
            self.solvable,
            self.positions,
            self.solvable_positions,
            self.minimal,
        ]
        .into_iter()
        .chain(self.by_moves.iter().copied())
        {
            hasher.update(&n.to_le_bytes());
        }
        hasher.update(&self.listed.to_le_bytes());
        hasher.finalize()
    }
}

/// Reads the record at `resume_path` for the run `identity` and checks it against itself and
/// against the partial listing `part`: returns the record, the listing opened for writing,
/// and the running checksum of the part the record covers.
fn checked_resume(
    resume_path: &Path,
    part: &Path,
    identity: &str,
) -> Result<(Checkpoint, File, crc32fast::Hasher), CliError> {
    let text = std::fs::read_to_string(resume_path).map_err(|e| {
        format!(
            "nothing to resume: cannot read {} ({e}); run without --resume to start",
            resume_path.display()
        )
    })?;
    let checkpoint: Checkpoint = serde_json::from_str(&text).map_err(|e| {
        format!(
            "{} is not a family run's record: {e}; run without --resume to start again",
            resume_path.display()
        )
    })?;
    if checkpoint.seal() != checkpoint.sealed {
        return Err(CliError::from(format!(
            "{} does not match its own checksum (it was edited or damaged): its counts cannot \
             be trusted; run without --resume to start again",
            resume_path.display()
        )));
    }
    if checkpoint.family != identity {
        return Err(CliError::from(format!(
            "{} continues another run ({}); this one is {identity}. Run it with the same \
             options, or without --resume to start again",
            resume_path.display(),
            checkpoint.family
        )));
    }
    // Only a regular file is read: a FIFO or a device would block or never end.
    match std::fs::symlink_metadata(part) {
        Ok(meta) if meta.is_file() => {}
        Ok(_) => {
            return Err(CliError::from(format!(
                "{} is not a regular file: nothing to resume; run without --resume to start \
                 again",
                part.display()
            )));
        }
        Err(e) => {
            return Err(CliError::from(format!(
                "cannot open {} to resume: {e}; run without --resume to start again",
                part.display()
            )));
        }
    }
    let mut file = OpenOptions::new()
        .read(true)
        .write(true)
        .open(part)
        .map_err(|e| format!("cannot open {} to resume: {e}", part.display()))?;
    let len = file
        .metadata()
        .map_err(|e| format!("cannot resume {}: {e}", part.display()))?
        .len();
    if len < checkpoint.bytes {
        return Err(CliError::from(format!(
            "{} holds {len} bytes, fewer than the {} its record counts (it was cut short): the \
             listing cannot continue; run without --resume to start again",
            part.display(),
            checkpoint.bytes
        )));
    }
    let mut hasher = crc32fast::Hasher::new();
    let mut left = checkpoint.bytes;
    let mut buffer = vec![0u8; 1 << 16];
    let mut last = b'\n';
    while left > 0 {
        let want = usize::try_from(left.min(buffer.len() as u64)).unwrap_or(buffer.len());
        let got = std::io::Read::read(&mut file, &mut buffer[..want])
            .map_err(|e| format!("cannot read {} to resume: {e}", part.display()))?;
        if got == 0 {
            break;
        }
        hasher.update(&buffer[..got]);
        last = buffer[got - 1];
        left -= got as u64;
    }
    if left > 0 || hasher.clone().finalize() != checkpoint.listed || last != b'\n' {
        return Err(CliError::from(format!(
            "{} does not hold what its record {} covers (it was changed since): the listing \
             cannot continue; run without --resume to start again",
            part.display(),
            resume_path.display()
        )));
    }
    Ok((checkpoint, file, hasher))
}

/// Where the listing goes.
#[expect(
    clippy::large_enum_variant,
    reason = "one sink for the whole run; the file's buffer is the point of it"
)]
enum Sink {
    Stdout,
    File {
        path: PathBuf,
        /// The permissions of the file the listing replaces.
        kept: Option<std::fs::Permissions>,
        part: PathBuf,
        resume: PathBuf,
        writer: BufWriter<File>,
        identity: String,
        written: u64,
        /// The running checksum of the `written` bytes.
        listed: crc32fast::Hasher,
        last_checkpoint: Instant,
        start: Start,
    },
}

impl Sink {
    /// The listing into `path` by way of `path.part`; with `resume`, continuing the run its
    /// `path.resume` describes.
    fn file(
        path: &Path,
        identity: &str,
        resume: bool,
        options: SaveOptions,
    ) -> Result<Sink, CliError> {
        // The saving policy's refusals (a folder, a missing folder, a read-only file without
        // --force), checked before any work.
        check_save_path(path, options).map_err(|e| save_error(path, &e))?;
        // A link is written through: the listing replaces the file it names.
        let target = match std::fs::symlink_metadata(path) {
            Ok(meta) if meta.file_type().is_symlink() => std::fs::canonicalize(path)
                .map_err(|e| format!("cannot follow {}: {e}", path.display()))?,
            _ => path.to_path_buf(),
        };
        let kept = match std::fs::metadata(&target) {
            Ok(meta) if !meta.is_file() => {
                return Err(CliError::from(format!(
                    "{} is not a regular file: the listing is written beside its target as \
                     FILE.part and renamed over it at the end; to send it to a device or a \
                     pipe, leave out -o and redirect standard output",
                    path.display()
                )));
            }
            // The finished listing keeps the mode of the file it replaces.
            Ok(meta) => Some(meta.permissions()),
            Err(_) => None,
        };
        let path = target.as_path();
        let part = with_suffix(path, ".part");
        let resume_path = with_suffix(path, ".resume");
        let (file, start, written, listed) = if resume {
            let (checkpoint, file, listed) = checked_resume(&resume_path, &part, identity)?;
            // Lines written after the last record belong to units not yet recorded as done:
            // they are written again.
            file.set_len(checkpoint.bytes)
                .map_err(|e| format!("cannot resume {}: {e}", part.display()))?;
            let start = Start {
                units: checkpoint.units,
                summary: FamilySummary {
                    units: checkpoint.units,
                    clusters: checkpoint.clusters,
                    solvable: checkpoint.solvable,
                    positions: checkpoint.positions,
                    solvable_positions: checkpoint.solvable_positions,
                    minimal: checkpoint.minimal,
                    by_moves: checkpoint.by_moves,
                },
            };
            (file, start, checkpoint.bytes, listed)
        } else {
            let file = File::create(&part)
                .map_err(|e| format!("cannot create {}: {e}", part.display()))?;
            (file, Start::default(), 0, crc32fast::Hasher::new())
        };
        let mut writer = BufWriter::new(file);
        writer
            .seek(SeekFrom::Start(written))
            .map_err(|e| format!("cannot write {}: {e}", part.display()))?;
        let mut sink = Sink::File {
            path: path.to_path_buf(),
            kept,
            part,
            resume: resume_path,
            writer,
            identity: identity.to_string(),
            written,
            listed,
            last_checkpoint: Instant::now(),
            start,
        };
        if !resume {
            sink.checkpoint(0, &FamilySummary::default())?;
        }
        Ok(sink)
    }

    fn resumed(&self) -> Start {
        match self {
            Sink::Stdout => Start::default(),
            Sink::File { start, .. } => start.clone(),
        }
    }

    fn write(&mut self, line: &str) -> Result<(), CliError> {
        match self {
            Sink::Stdout => out!("{line}"),
            Sink::File {
                writer,
                written,
                listed,
                part,
                ..
            } => {
                writer
                    .write_all(line.as_bytes())
                    .map_err(|e| format!("cannot write {}: {e}", part.display()))?;
                listed.update(line.as_bytes());
                *written += line.len() as u64;
                Ok(())
            }
        }
    }

    /// Records, about once a second, that `units` units are done.
    fn unit_done(&mut self, units: u64, summary: &FamilySummary) -> Result<(), CliError> {
        if let Sink::File {
            last_checkpoint, ..
        } = self
            && last_checkpoint.elapsed() >= Duration::from_secs(1)
        {
            self.checkpoint(units, summary)?;
        }
        Ok(())
    }

    /// Makes the lines written so far durable, then records how far the run got: the record
    /// never counts a line that is not on disk.
    fn checkpoint(&mut self, units: u64, summary: &FamilySummary) -> Result<(), CliError> {
        let Sink::File {
            writer,
            part,
            resume,
            identity,
            written,
            listed,
            last_checkpoint,
            ..
        } = self
        else {
            return Ok(());
        };
        writer
            .flush()
            .and_then(|()| writer.get_ref().sync_data())
            .map_err(|e| format!("cannot write {}: {e}", part.display()))?;
        let mut checkpoint = Checkpoint {
            family: identity.clone(),
            units,
            bytes: *written,
            clusters: summary.clusters,
            solvable: summary.solvable,
            positions: summary.positions,
            solvable_positions: summary.solvable_positions,
            minimal: summary.minimal,
            by_moves: summary.by_moves.clone(),
            listed: listed.clone().finalize(),
            sealed: 0,
        };
        checkpoint.sealed = checkpoint.seal();
        let text = serde_json::to_string(&checkpoint)
            .map_err(|e| format!("cannot record the run's progress: {e}"))?;
        let temp = with_suffix(resume, ".tmp");
        std::fs::write(&temp, text)
            .and_then(|()| std::fs::rename(&temp, &*resume))
            .map_err(|e| format!("cannot write {}: {e}", resume.display()))?;
        *last_checkpoint = Instant::now();
        Ok(())
    }

    /// At the end: a complete listing becomes `FILE`; a stopped one keeps its record for
    /// `--resume`.
    fn finish(
        &mut self,
        complete: bool,
        units: u64,
        summary: &FamilySummary,
    ) -> Result<(), CliError> {
        self.checkpoint(units, summary)?;
        if let Sink::File {
            path,
            part,
            resume,
            kept,
            ..
        } = self
        {
            if complete {
                if let Some(permissions) = kept.clone() {
                    std::fs::set_permissions(&*part, permissions)
                        .map_err(|e| format!("cannot write {}: {e}", part.display()))?;
                }
                std::fs::rename(&*part, &*path)
                    .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
                let _ = std::fs::remove_file(&*resume);
            } else {
                errln!(
                    "blockslide family: stopped; {} holds the clusters so far; continue with \
                     the same command and --resume",
                    part.display()
                );
            }
        }
        Ok(())
    }
}

/// `path` with `suffix` added to its file name.
fn with_suffix(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(suffix);
    PathBuf::from(name)
}

/// The progress bar: units, clusters, positions per second, time.
struct Bar {
    line: Option<ProgressBar>,
    skipped: u64,
    skipped_units: u64,
    /// The family's units, once a helper thread has counted them (0 until then).
    total: Arc<AtomicU64>,
    /// Tells the counting thread to give up when the run ends first.
    done: Arc<AtomicBool>,
}

impl Bar {
    /// The bar of a run of `family` resumed at `start`, when `shown`. A helper thread counts
    /// the family's units (cheap beside walking them, yet 50 s on 6x6), so the bar can say how
    /// many are left and for how long.
    fn new<F: Family + Clone + Send + 'static>(
        shown: bool,
        start: &FamilySummary,
        family: &F,
    ) -> Bar {
        let total = Arc::new(AtomicU64::new(0));
        let done = Arc::new(AtomicBool::new(false));
        let line = shown.then(|| {
            let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr_with_hz(5));
            bar.set_style(
                ProgressStyle::with_template("{spinner} family: {msg}")
                    .unwrap_or_else(|_| ProgressStyle::default_spinner()),
            );
            bar.enable_steady_tick(Duration::from_millis(200));
            let (family, total, done) = (family.clone(), Arc::clone(&total), Arc::clone(&done));
            std::thread::spawn(move || {
                let mut units = 0u64;
                for _ in family.family_units() {
                    if done.load(Ordering::Relaxed) {
                        return;
                    }
                    units += 1;
                }
                total.store(units, Ordering::Relaxed);
            });
            bar
        });
        Bar {
            line,
            skipped: start.positions,
            skipped_units: start.units,
            total,
            done,
        }
    }

    fn update(&self, summary: &FamilySummary, elapsed: Duration) {
        if let Some(bar) = &self.line {
            let secs = elapsed.as_secs_f64().max(1e-3);
            let rate = (summary.positions - self.skipped) as f64 / secs;
            let total = self.total.load(Ordering::Relaxed);
            let walked = summary.units.saturating_sub(self.skipped_units);
            let units = if total == 0 {
                format!("{} units", thousands(summary.units))
            } else {
                let left = total.saturating_sub(summary.units);
                // Units differ in size; the estimate is by units, so it firms up as they pass.
                let eta = if walked > 0 {
                    format!(", about {:.0} s left", secs * left as f64 / walked as f64)
                } else {
                    String::new()
                };
                format!(
                    "{} of {} units ({:.1}%{eta})",
                    thousands(summary.units),
                    thousands(total),
                    100.0 * summary.units as f64 / total as f64
                )
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
    }

    fn finish(&self) {
        self.done.store(true, Ordering::Relaxed);
        if let Some(bar) = &self.line {
            bar.finish_and_clear();
        }
    }
}
