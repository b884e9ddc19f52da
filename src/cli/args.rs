//! Argument parsing shared by the subcommands: board sizes, lists of numbers, and the solve
//! request the search options describe.

use std::path::PathBuf;

use blockslide_core::model::Metric;
use blockslide_core::model::text::echo;
use blockslide_core::solve::{Algorithm, SolveRequest};

use super::SearchArgs;

/// Parses `RxC` (or `R`x`C` with `X`).
pub(crate) fn parse_size(text: &str) -> Result<(usize, usize), String> {
    let (r, c) = text
        .split_once(['x', 'X'])
        .ok_or_else(|| format!("size `{text}` should look like 4x4 or 2x3"))?;
    let parse = |s: &str| {
        s.trim()
            .parse::<usize>()
            .ok()
            .filter(|&v| (1..=32).contains(&v))
            .ok_or_else(|| format!("size `{text}`: rows and columns must be 1 to 32"))
    };
    let (rows, cols) = (parse(r)?, parse(c)?);
    if rows * cols < 2 {
        return Err(format!(
            "size `{text}`: a tile board needs at least two cells"
        ));
    }
    Ok((rows, cols))
}

/// Reads numbers separated by white space or commas; `what` names the source in the error
/// (`--tiles`, `line 3`).
pub(crate) fn numbers<T: std::str::FromStr>(text: &str, what: &str) -> Result<Vec<T>, String> {
    text.split(|c: char| c.is_whitespace() || c == ',')
        .filter(|s| !s.is_empty())
        .map(|s| {
            s.parse::<T>().map_err(|_| {
                format!(
                    "{what}: `{}` is not a whole number (0 is the blank)",
                    echo(s)
                )
            })
        })
        .collect()
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
    let algorithm = match &search.algorithm {
        Some(name) => name.parse()?,
        None => default_algorithm,
    };
    if !(search.weight.is_finite() && search.weight >= 1.0) {
        return Err(format!(
            "--weight must be at least 1, not {}",
            search.weight
        ));
    }
    let limits = search.limits.limits()?;
    Ok(SolveRequest {
        algorithm,
        heuristic: search.heuristic.clone(),
        weight: search.weight,
        metric,
        depth_cap: search.depth_cap,
        threads: search.limits.threads,
        limits,
        pdb_cache: pdb_cache(),
    })
}
