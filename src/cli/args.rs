//! Argument parsing shared by the subcommands: board sizes, lists of numbers, and the solve
//! request the search options describe.

use blockslide::model::Metric;
use blockslide::model::text::echo;
use blockslide::solve::{Algorithm, SolveRequest};

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
    })
}
