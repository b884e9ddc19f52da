//! `blockslide batch`: solve many tile puzzles, one per line (the format of korf100.txt), and
//! check their lengths against the known optimal ones.
//!
//! `--json` prints one [`json::BatchInstance`] object per instance and a last line
//! `{"summary": {..}}` ([`json::BatchSummary`]).

use std::time::Instant;

use blockslide_core::model::file::{MAX_LIST_INSTANCES, read_list};
use blockslide_core::model::text::{echo, echo_message, normalize, thousands};
use blockslide_core::model::tiles::{blank_first_goal, blank_last_goal};
use blockslide_core::solve::api::{BatchError, TileBatch};
use blockslide_core::solve::{Algorithm, Stats, Termination};

use super::error::{CliError, EXIT_ERROR, EXIT_LIMIT, EXIT_OK, EXIT_UNSOLVABLE};
use super::flags::BatchArgs;
use super::flags::values::{check_tile_cells, numbers, parse_size};
use super::render::json;
use super::search::request;

/// One instance of a batch file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Instance {
    /// 1-based line number in the file.
    pub line: usize,
    /// The start, row-major, 0 = blank.
    pub start: Vec<u16>,
    /// The known optimal length, when the line gives one.
    pub known: Option<usize>,
}

/// Parses instance lines: numbers row by row (0 = blank), optionally followed by the known
/// optimal length. Blank lines and lines starting with `#` are skipped. Without `size`, the
/// board is the square the line's numbers fill (one extra number is the known length), of at
/// most [`MAX_TILE_CELLS`](blockslide_core::model::tiles::MAX_TILE_CELLS) cells as every tile
/// board. A list holds at most
/// [`MAX_LIST_INSTANCES`] instances: the line of one more is refused.
pub(crate) fn parse_instances(
    text: &str,
    size: Option<(usize, usize)>,
) -> Result<((usize, usize), Vec<Instance>), String> {
    let mut size = size;
    let mut out = Vec::new();
    for (i, raw) in normalize(text).lines().enumerate() {
        let line = i + 1;
        let body = raw.trim();
        if body.is_empty() || body.starts_with('#') {
            continue;
        }
        if out.len() == MAX_LIST_INSTANCES {
            return Err(format!(
                "line {line}: a batch list holds at most {} instances; split the list",
                thousands(MAX_LIST_INSTANCES as u64)
            ));
        }
        let nums: Vec<usize> = numbers(body, &format!("line {line}"))?;
        let (rows, cols) = if let Some(s) = size {
            s
        } else {
            let square = |len: usize| {
                let s = (len as f64).sqrt().round() as usize;
                (s >= 2 && s * s == len).then_some(s)
            };
            let side = square(nums.len())
                .or_else(|| square(nums.len().saturating_sub(1)))
                .ok_or_else(|| {
                    format!(
                        "line {line}: {} numbers do not fill a square board; give --size",
                        nums.len()
                    )
                })?;
            check_tile_cells(side, side).map_err(|e| format!("line {line}: {e}"))?;
            size = Some((side, side));
            (side, side)
        };
        let cells = rows * cols;
        let known = match nums.len() {
            n if n == cells => None,
            n if n == cells + 1 => Some(nums[cells]),
            n => {
                return Err(format!(
                    "line {line}: {n} numbers, but a {rows}x{cols} board needs {cells} (and \
                     optionally the known length)"
                ));
            }
        };
        let mut seen = vec![false; cells];
        for &v in &nums[..cells] {
            if v >= cells || seen[v] {
                return Err(format!(
                    "line {line}: the tiles must be 0 to {} once each ({v} is not)",
                    cells - 1
                ));
            }
            seen[v] = true;
        }
        out.push(Instance {
            line,
            start: nums[..cells].iter().map(|&v| v as u16).collect(),
            known,
        });
    }
    let size = size.ok_or("the file holds no instances")?;
    Ok((size, out))
}

/// The goal for a batch: `--goal`, `--blank-first`, or the blank last.
pub(crate) fn batch_goal(
    goal: Option<&str>,
    blank_first: bool,
    rows: usize,
    cols: usize,
) -> Result<Vec<u16>, String> {
    match goal {
        Some(text) => {
            let nums: Vec<usize> = numbers(text, "--goal")?;
            let cells = rows * cols;
            let mut seen = vec![false; cells];
            if nums.len() != cells
                || nums
                    .iter()
                    .any(|&v| v >= cells || std::mem::replace(&mut seen[v], true))
            {
                return Err(format!(
                    "--goal must hold 0 to {} once each, for a {rows}x{cols} board",
                    cells - 1
                ));
            }
            Ok(nums.into_iter().map(|v| v as u16).collect())
        }
        None if blank_first => Ok(blank_first_goal(rows, cols)),
        None => Ok(blank_last_goal(rows, cols)),
    }
}

/// Runs `blockslide batch`.
///
/// # Errors
/// An unreadable file, a malformed line or option, or a heuristic that cannot be made ready
/// (exit 3 when a limit stopped it).
#[expect(
    clippy::too_many_lines,
    reason = "the batch in the order it prints: preparation, one line per instance, summary"
)]
pub fn run(args: &BatchArgs) -> Result<u8, CliError> {
    let text = read_list(&args.file).map_err(|e| e.in_file(&args.file).to_string())?;
    let size = args.size.as_deref().map(parse_size).transpose()?;
    let ((rows, cols), instances) = parse_instances(&text, size)?;
    let goal = batch_goal(args.goal.as_deref(), args.blank_first, rows, cols)?;
    let search = &args.search;
    // the same checks of the search options as `solve` (algorithm, weight, limits)
    let request = request(search, None, Algorithm::Idastar)?;
    let limits = search.limits.limits()?;
    let algorithm = request.algorithm;
    let prepared = Instant::now();
    let mut notes = Vec::new();
    let (mut control, line) = search
        .limits
        .control_within(limits, "preparing the heuristic");
    let batch = TileBatch::new(rows, cols, &goal, &request, &mut control, &mut notes);
    drop(line);
    for note in &notes {
        errln!("{}", echo_message(note));
    }
    let batch = batch.map_err(|e| {
        let stopped = matches!(e, BatchError::Stopped(_));
        CliError::with_code(if stopped { EXIT_LIMIT } else { EXIT_ERROR }, e.to_string())
    })?;
    let prepare_seconds = prepared.elapsed().as_secs_f64();
    let name = batch.heuristic();
    let (mut solved, mut checked, mut mismatched, mut limited, mut unsolvable) = (0, 0, 0, 0, 0);
    let mut total = Stats::default();
    let mut seconds = 0.0;
    for (index, instance) in instances.iter().enumerate() {
        let what = format!("instance {} of {}", index + 1, instances.len());
        let (control, line) = search.limits.control_within(limits, &what);
        let result = batch
            .solve(&instance.start, control)
            .map_err(|e| format!("line {}: {e}", instance.line))?;
        drop(line);
        // a length is checked only when there is one: a limit is not a mismatch
        let matched = match (instance.known, result.length) {
            (Some(k), Some(l)) => Some(k == l),
            _ => None,
        };
        if matched.is_some() {
            checked += 1;
        }
        if matched == Some(false) {
            mismatched += 1;
        }
        match result.status {
            Termination::Solved => solved += 1,
            Termination::Unsolvable => unsolvable += 1,
            _ => limited += 1,
        }
        let interrupted = result.status == Termination::Cancelled;
        let s = &result.stats;
        // IDA* searched every path up to its last completed bound: none of them reaches the
        // goal, so an unfinished search still proves this much
        let lower_bound = match result.status {
            Termination::Solved | Termination::Unsolvable => None,
            _ if algorithm == Algorithm::Idastar => s.completed_depth.map(|d| d + 1),
            _ => None,
        };
        total.expanded += s.expanded;
        total.generated += s.generated;
        let secs = s.elapsed.as_secs_f64();
        seconds += secs;
        if search.print.json {
            json::print(&json::BatchInstance {
                expanded: s.expanded,
                generated: s.generated,
                instance: index + 1,
                known: instance.known,
                length: result.length,
                line: instance.line,
                lower_bound,
                matched,
                optimal: result.optimal,
                seconds: secs,
                status: result.status.name(),
            })?;
        } else {
            let length = match (result.length, lower_bound) {
                (Some(l), _) => l.to_string(),
                (None, Some(b)) => format!("{} (>= {b})", result.status.name()),
                (None, None) => result.status.name().to_string(),
            };
            let check = match (instance.known, matched) {
                (Some(k), Some(true)) => format!("= known {k}"),
                (Some(k), Some(false)) => format!("MISMATCH: known {k}"),
                (Some(k), None) => format!("known {k}"),
                _ => String::new(),
            };
            outln!(
                "{:>4}  length {length:>4}  {check:<16} expanded {:>12}  generated {:>12}  {secs:>8.3} s",
                index + 1,
                s.expanded,
                s.generated,
            )?;
        }
        // Ctrl-C ends the batch: the summary covers the instances run so far.
        if interrupted {
            break;
        }
    }
    let rate = if seconds > 0.0 {
        total.generated as f64 / seconds
    } else {
        0.0
    };
    if search.print.json {
        json::print(&json::BatchSummaryLine {
            summary: json::BatchSummary {
                algorithm: algorithm.name(),
                all_matched: mismatched == 0,
                expanded: total.expanded,
                generated: total.generated,
                generated_per_second: rate,
                heuristic: name,
                heuristic_seconds: prepare_seconds,
                instances: instances.len(),
                known_checked: checked,
                limited,
                mismatched,
                seconds,
                solved,
                threads: search.limits.threads.threads,
                unsolvable,
            },
        })?;
    } else {
        outln!(
            "solved {solved}/{} ({} {}, {} thread{}); known lengths {}: {checked} checked, \
             {mismatched} mismatched",
            instances.len(),
            algorithm.name(),
            echo(name),
            search.limits.threads.threads,
            if search.limits.threads.threads == 1 {
                ""
            } else {
                "s"
            },
            if mismatched == 0 {
                "all matched"
            } else {
                "NOT all matched"
            },
        )?;
        outln!(
            "total: {} expanded, {} generated, {seconds:.3} s searching ({:.1} M generated/s), \
             heuristic ready in {prepare_seconds:.2} s",
            total.expanded,
            total.generated,
            rate / 1e6
        )?;
    }
    Ok(if mismatched > 0 {
        EXIT_ERROR
    } else if limited > 0 {
        EXIT_LIMIT
    } else if unsolvable > 0 {
        EXIT_UNSOLVABLE
    } else {
        EXIT_OK
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_with_and_without_known_lengths() {
        let text = "# comment\n1 2 3 4 5 6 7 0 8 1\n\n1 2 3 4 5 6 7 8 0\n";
        let (size, inst) = parse_instances(text, None).unwrap();
        assert_eq!(size, (3, 3));
        assert_eq!(inst.len(), 2);
        assert_eq!(inst[0].known, Some(1));
        assert_eq!(inst[0].line, 2);
        assert_eq!(inst[1].known, None);
        assert!(parse_instances("1 2 3 4 5 6 7 8 8", None).is_err());
        assert!(parse_instances("1 2 0", None).is_err());
        let (size, inst) = parse_instances("5 4 2 1 3 0 8", Some((2, 3))).unwrap();
        assert_eq!(size, (2, 3));
        assert_eq!(inst[0].known, Some(8));
    }

    #[test]
    fn sizes_and_goals() {
        assert_eq!(parse_size("3x4"), Ok((3, 4)));
        assert!(parse_size("0x4").is_err());
        assert!(parse_size("44").is_err());
        assert_eq!(batch_goal(None, true, 2, 2), Ok(vec![0, 1, 2, 3]));
        assert_eq!(batch_goal(None, false, 2, 2), Ok(vec![1, 2, 3, 0]));
        assert_eq!(
            batch_goal(Some("3 2 1 0"), false, 2, 2),
            Ok(vec![3, 2, 1, 0])
        );
        assert!(batch_goal(Some("3 3 1 0"), false, 2, 2).is_err());
    }
}
