//! The search a command runs: its limits (parsed here alone, for every command, with one set
//! of bounds), its control (Ctrl-C, threads, the progress line), the solve request of the
//! search options, and where pattern databases are cached.

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::Duration;

use blockslide_core::model::Metric;
use blockslide_core::model::text::echo;
use blockslide_core::solve::{Algorithm, Limits, SearchControl, SolveRequest};

use super::error::EXIT_LIMIT;
use super::flags::SearchArgs;
use super::flags::shared::{LimitArgs, MaxMemory, TimeLimit};
use super::progress::ProgressLine;

impl LimitArgs {
    /// The control of one search under these limits: Ctrl-C cancels it, and a progress line
    /// for `what` ("solving", "counting") follows it on a terminal. Keep the line until the
    /// search returns, and drop it before printing.
    ///
    /// # Errors
    /// As [`LimitArgs::limits`].
    pub fn control(&self, what: &str) -> Result<(SearchControl, ProgressLine), String> {
        let limits = self.limits()?;
        Ok(self.control_within(limits, what))
    }

    /// [`LimitArgs::control`] under `limits` (already checked).
    pub fn control_within(&self, limits: Limits, what: &str) -> (SearchControl, ProgressLine) {
        let line = ProgressLine::new(what, ProgressLine::wanted(self.quiet.quiet));
        let mut control = controlled(limits, self.threads.threads);
        if let Some(sink) = line.sink() {
            control = control.with_progress(sink);
        }
        (control, line)
    }

    /// The solver's limits: the defaults, overridden by what was given.
    ///
    /// # Errors
    /// As [`limits`].
    pub fn limits(&self) -> Result<Limits, String> {
        limits(self.max_nodes, self.time, self.memory, None)
    }
}

/// The limits of a search: the solver's defaults, overridden by what was given; without
/// `--time-limit`, `default_seconds` when given (the design search's anytime budget). The one
/// place a budget's flags are read.
///
/// # Errors
/// A message when the time is negative, infinite or not a number.
pub fn limits(
    max_nodes: Option<u64>,
    time: TimeLimit,
    memory: MaxMemory,
    default_seconds: Option<f64>,
) -> Result<Limits, String> {
    let mut limits = Limits::default();
    if let Some(n) = max_nodes {
        limits.max_nodes = n;
    }
    if let Some(seconds) = time.time_limit.or(default_seconds) {
        limits.max_time = Duration::try_from_secs_f64(seconds).map_err(|_| {
            format!(
                "--time-limit must be a number of seconds from 0 to {} (the longest time \
                 a clock can count), not {}",
                Duration::MAX.as_secs(),
                echo(&seconds.to_string())
            )
        })?;
    }
    if let Some(mib) = memory.max_memory {
        // At most `MAX_MEMORY_MIB` (the flag's bound), so the bytes fit.
        limits.max_memory_bytes = mib << 20;
    }
    Ok(limits)
}

/// A search's control under `limits` on `threads` threads, cancelled by Ctrl-C.
pub fn controlled(limits: Limits, threads: usize) -> SearchControl {
    SearchControl::new(limits)
        .with_cancel(interrupt_flag())
        .with_threads(threads)
}

/// The cancel flag that Ctrl-C raises, shared by every search the command runs.
///
/// The first Ctrl-C raises the flag: the search stops at its next checkpoint (within
/// milliseconds) and the command prints its partial statistics as for any cancelled search,
/// exiting with [`EXIT_LIMIT`]. A second Ctrl-C exits at once, for a user who does not want to
/// wait. When no handler can be installed, Ctrl-C keeps its default effect.
pub fn interrupt_flag() -> Arc<AtomicBool> {
    static FLAG: OnceLock<Arc<AtomicBool>> = OnceLock::new();
    Arc::clone(FLAG.get_or_init(|| {
        let flag = Arc::new(AtomicBool::new(false));
        let raised = Arc::clone(&flag);
        let installed = ctrlc::set_handler(move || {
            if raised.swap(true, Ordering::SeqCst) {
                std::process::exit(i32::from(EXIT_LIMIT));
            }
            errln!("blockslide: interrupted; stopping (press Ctrl-C again to quit at once)");
        });
        if let Err(e) = installed {
            errln!("blockslide: Ctrl-C will end the command without a report ({e})");
        }
        flag
    }))
}

/// The environment variable that chooses the pattern-database cache folder (tests, CI).
pub(crate) const CACHE_DIR_ENV: &str = "BLOCKSLIDE_CACHE_DIR";

/// Where the CLI and the app keep pattern databases: `$BLOCKSLIDE_CACHE_DIR` when set, else
/// the user's cache folder (for example `~/.cache/blockslide` on Linux); `None` when neither
/// exists, and then tables are built in memory for each run. The one place that decides it:
/// the core library only uses the folder it is given.
pub(crate) fn pdb_cache() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os(CACHE_DIR_ENV)
        && !dir.is_empty()
    {
        return Some(PathBuf::from(dir));
    }
    directories::ProjectDirs::from("", "", "blockslide").map(|d| d.cache_dir().to_path_buf())
}

/// The solve request the search options describe.
///
/// `default_algorithm` is used when `--algorithm` is not given.
pub(crate) fn request(
    search: &SearchArgs,
    metric: Option<Metric>,
    default_algorithm: Algorithm,
) -> Result<SolveRequest, String> {
    let algorithm = search.algorithm.clone().unwrap_or(Ok(default_algorithm))?;
    if !(search.weight.is_finite() && search.weight >= 1.0) {
        return Err(format!(
            "--weight must be at least 1, not {}",
            search.weight
        ));
    }
    // The limits are checked here, with the other options; the control carries them.
    search.limits.limits()?;
    Ok(SolveRequest {
        algorithm,
        heuristic: search.heuristic.clone(),
        weight: search.weight,
        metric,
        depth_cap: search.depth_cap,
        pdb_cache: pdb_cache(),
    })
}
