//! Heuristics for tile puzzles, all admissible: misplaced tiles, Manhattan distance,
//! Manhattan distance plus linear conflicts, and additive pattern databases.
//!
//! The first three update incrementally when one tile moves (see
//! [`Heuristic::estimate_child`]), which is what makes IDA* fast on them.

use crate::solve::core::Reason;
use std::path::Path;
use std::sync::Arc;
#[cfg(feature = "testing")]
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use crate::model::text::bytes;
use crate::model::text::echo;
use crate::model::tiles::TileLayout;
use crate::solve::core::{Heuristic, HeuristicError, HeuristicInfo, Preparation, SearchControl};

use super::pdb::{BuildBudget, PatternDatabases};
use super::{TileDomain, TileState};
use crate::solve::estimate::BuildEstimate;

/// A tile heuristic, ready to use on one [`TileDomain`].
#[derive(Clone, Debug)]
pub enum TileHeuristic {
    /// Always 0 (uninformed search).
    Zero,
    /// Tiles not on their goal cell, the blank not counted (each needs at least one move).
    Misplaced,
    /// Sum of each tile's Manhattan distance to its goal cell (each move moves one tile one
    /// cell).
    Manhattan,
    /// Manhattan distance plus 2 for each tile that must leave its row (or column) so that the
    /// tiles already in their goal row (column) can pass each other (Hansson, Mayer and Yung).
    LinearConflict,
    /// Additive disjoint pattern databases (max of the normal and mirrored lookups where the
    /// board and goal allow it).
    PatternDb(Arc<PatternDatabases>),
    /// The largest of several sets of additive pattern databases, each with its mirrored
    /// lookup (a max of admissible estimates is admissible). The first set keeps its values
    /// in the states' memo; the others look every table up.
    PatternDbMax(Vec<Arc<PatternDatabases>>),
}

/// The heuristic names, in menu order after the best default.
const NAMES: [(&str, &str); 8] = [
    (
        "pdb",
        "additive pattern databases: exact moves of disjoint tile groups, summed (built once, \
         cached on disk); `pdb:1,2,3/4,5,6/...` picks the groups",
    ),
    (
        "pdb-large",
        "pattern databases with larger groups: fewer nodes, a longer first build and more \
         memory (4x4: 7-6-2, under a minute, 60 MiB)",
    ),
    (
        "pdb-strong",
        "the strongest pattern databases, at 4 bits per entry: about a tenth of the nodes of \
         `pdb` on the 4x4; the first build takes about 5 minutes of CPU, then the tables are \
         cached (4x4: Korf and Felner's 7-8, 302 MiB, 3.2 GiB while building; 5x5: their \
         6-6-6-6, 243 MiB, 1.6 GiB while building)",
    ),
    (
        "pdb-max",
        "the larger of two additive pattern-database estimates, each with its mirrored lookup \
         (4x4: 6-6-3 and 7-6-2; 5x5: two different 5-5-5-5-4 splits); it does not pay on the \
         4x4: on Korf's 100 it generates 12% fewer nodes than `pdb-large` but takes 1.4 times \
         its CPU time, as the second set is looked up in full at every node",
    ),
    (
        "linear-conflict",
        "Manhattan distance plus 2 per tile that must step aside in its row or column",
    ),
    (
        "manhattan",
        "sum of each tile's row and column distance to its goal cell",
    ),
    (
        "misplaced",
        "number of tiles not on their goal cell (the blank is not counted)",
    ),
    ("zero", "no estimate (uninformed search)"),
];

/// The heuristics for `layout`, the best default first (pattern databases on boards of up to
/// 32 cells, linear conflict on larger ones), with the pattern databases cached in `cache`
/// (`None`: none are cached). Where the strongest tables
/// differ from the others (Korf and Felner's 7-8 on the 4x4, 6-6-6-6 on the 5x5), they come
/// first, as the default, once they are cached there: then they load in under a second and
/// search about a tenth of the nodes. Until then `pdb` stays the default, and the strongest
/// tables' description says what their first build will take.
pub fn heuristics(layout: &TileLayout, cache: Option<&Path>) -> Vec<HeuristicInfo> {
    let cells = layout.rows * layout.cols;
    let pdb_ok: Result<(), String> = if cells <= 32 {
        Ok(())
    } else {
        Err(format!(
            "pattern databases need a board of at most 32 cells; this one has {cells}"
        ))
    };
    let mut out: Vec<HeuristicInfo> = NAMES
        .iter()
        .map(|&(name, description)| HeuristicInfo {
            name: name.to_string(),
            description: description.to_string(),
            admissible: true,
            applicable: if name.starts_with("pdb") {
                pdb_ok.clone().map_err(Reason::from)
            } else {
                Ok(())
            },
        })
        .collect();
    let domain = pdb_ok
        .is_ok()
        .then(|| TileDomain::new(layout).ok())
        .flatten();
    if let Some(max) = out.iter_mut().find(|h| h.name == "pdb-max")
        && max.applicable.is_ok()
        && domain
            .as_ref()
            .is_none_or(|d| PatternDatabases::max_partitions(d).is_none())
    {
        max.applicable = Err(MAX_NOT_APPLICABLE.into());
    }
    if let Some(estimate) = domain.and_then(|domain| strongest_tables(&domain, cache))
        && let Some(i) = out.iter().position(|h| h.name == "pdb-strong")
    {
        let mut info = out.remove(i);
        match estimate {
            Strongest::Cached => {
                info.description
                    .push_str("; its tables are cached here, so it is the default");
                out.insert(0, info);
            }
            Strongest::Unbuilt(estimate) => {
                info.description = format!(
                    "{}; not built here yet: {}",
                    info.description,
                    estimate.describe()
                );
                out.insert(i, info);
            }
        }
    }
    // applicable ones first, keeping the order (the first is the default)
    out.sort_by_key(|h| h.applicable.is_err());
    out
}

/// The strongest tables of a board where they differ from the others (Korf and Felner's
/// 7-8 on the 4x4, 6-6-6-6 on the 5x5).
enum Strongest {
    /// Their tables are all cached.
    Cached,
    /// What their first build will take.
    Unbuilt(BuildEstimate),
}

/// The strongest tables of `domain` with the cache in `cache`; `None` on boards where they
/// are the large ones.
fn strongest_tables(domain: &TileDomain, cache: Option<&Path>) -> Option<Strongest> {
    let partition = PatternDatabases::strongest_partition(domain);
    (partition != PatternDatabases::large_partition(domain)).then(|| {
        PatternDatabases::build_estimate(domain, &partition, cache)
            .map_or(Strongest::Cached, Strongest::Unbuilt)
    })
}

/// Advice for a search with heuristic `used` on `layout` that a limit stopped, when the
/// strongest tables of its board are not built in `cache` yet: they would have searched
/// about a tenth of the nodes (a 24-puzzle with the 5-5-5-5-4 tables is hopeless, with
/// 6-6-6-6 it takes minutes). `None` when `used` is those tables, or there are none.
pub fn stronger_tables_note(
    layout: &TileLayout,
    used: &str,
    cache: Option<&Path>,
) -> Option<String> {
    let domain = TileDomain::new(layout).ok()?;
    let Strongest::Unbuilt(estimate) = strongest_tables(&domain, cache)? else {
        return None;
    };
    (used != "pdb-strong").then(|| {
        format!(
            "the strongest pattern databases (--heuristic pdb-strong, Korf and Felner's) search \
             about a tenth of the nodes and become the default once built; not built here \
             yet: {}",
            estimate.describe()
        )
    })
}

/// [`heuristics`], plus an entry for `requested` when it names a custom partition
/// (`pdb:1,2,3/4,5,6/...`), applicable when the partition suits this board: so a request may
/// name any heuristic [`heuristic`] accepts, not only the listed ones.
pub(crate) fn heuristics_including(
    layout: &TileLayout,
    requested: Option<&str>,
    cache: Option<&Path>,
) -> Vec<HeuristicInfo> {
    let mut out = heuristics(layout, cache);
    if let Some(groups) = requested.and_then(|name| name.strip_prefix("pdb:")) {
        let cells = layout.rows * layout.cols;
        let pdb_ok = out
            .iter()
            .find(|h| h.name == "pdb")
            .map_or(Ok(()), |h| h.applicable.clone());
        out.push(HeuristicInfo {
            name: format!("pdb:{groups}"),
            description: "additive pattern databases of the given tile groups".into(),
            admissible: true,
            applicable: pdb_ok
                .and_then(|()| parse_partition(groups, cells).map(drop).map_err(Reason::from)),
        });
    }
    out
}

/// The heuristic called `name` for `domain`, building or loading pattern databases when it
/// is `pdb` (the build honours `cancel`). Human notes about the tables (loaded or built, time,
/// size) are pushed onto `notes`.
///
/// # Errors
/// A message naming the choices when `name` is unknown, or why pattern databases cannot be
/// used (board too large, build cancelled).
#[cfg(feature = "testing")]pub fn heuristic(
    domain: &TileDomain,
    name: &str,
    cancel: &AtomicBool,
    notes: &mut Vec<String>,
) -> Result<TileHeuristic, String> {
    heuristic_within_budget(domain, name, BuildBudget::unlimited(cancel), notes)
        .map_err(|e| e.to_string())
}

/// [`heuristic`] under a search's limits: building pattern databases honours `control`'s
/// cancel flag, its time limit (counted from when `control` was made) and its memory limit,
/// refusing up front a build whose tables cannot fit. The time spent is taken off
/// `control`'s time limit, so the build and the search together stay within it.
///
/// # Errors
/// [`HeuristicError::Stopped`] with the limit that stopped the build (a note says more);
/// [`HeuristicError::NotApplicable`] as [`heuristic`]'s errors.
pub(crate) fn heuristic_within(
    domain: &TileDomain,
    name: &str,
    control: &mut SearchControl,
    notes: &mut Vec<String>,
) -> Result<TileHeuristic, HeuristicError> {
    let started = Instant::now();
    let remaining = control.limits.max_time.saturating_sub(control.elapsed());
    let cancel = control.cancel_flag();
    let max_memory_bytes = control.limits.max_memory_bytes;
    let result = {
        // The build reports from one thread at a time; the lock only makes the control
        // shareable with the build's workers.
        let shared = std::sync::Mutex::new(&mut *control);
        let progress = |done: f64| {
            if let Ok(mut control) = shared.lock() {
                control.report_preparation(&Preparation {
                    done,
                    elapsed: started.elapsed(),
                });
            }
        };
        let budget = BuildBudget {
            cancel: &cancel,
            deadline: started.checked_add(remaining),
            max_memory_bytes,
            progress: Some(&progress),
        };
        heuristic_within_budget(domain, name, budget, notes)
    };
    if result.is_ok() {
        control.report_preparation(&Preparation {
            done: 1.0,
            elapsed: started.elapsed(),
        });
    }
    control.limits.max_time = remaining.saturating_sub(started.elapsed());
    result
}

/// [`heuristic`] within `budget`.
///
/// # Errors
/// As [`heuristic_within`].
pub(crate) fn heuristic_within_budget(
    domain: &TileDomain,
    name: &str,
    budget: BuildBudget<'_>,
    notes: &mut Vec<String>,
) -> Result<TileHeuristic, HeuristicError> {
    match name {
        "zero" => Ok(TileHeuristic::Zero),
        "misplaced" => Ok(TileHeuristic::Misplaced),
        "manhattan" => Ok(TileHeuristic::Manhattan),
        "linear-conflict" => Ok(TileHeuristic::LinearConflict),
        "pdb-max" => {
            let partitions = PatternDatabases::max_partitions(domain)
                .ok_or_else(|| HeuristicError::not_applicable(MAX_NOT_APPLICABLE))?;
            let sets = partitions
                .iter()
                .map(|partition| load(domain, partition, budget, notes))
                .collect::<Result<Vec<_>, _>>()?;
            Ok(TileHeuristic::PatternDbMax(sets))
        }
        _ if let Some(partition) = partition_for(domain, name) => {
            let partition = partition.map_err(HeuristicError::not_applicable)?;
            Ok(TileHeuristic::PatternDb(load(
                domain, &partition, budget, notes,
            )?))
        }
        _ => {
            let names: Vec<&str> = NAMES.iter().map(|(n, _)| *n).collect();
            Err(HeuristicError::not_applicable(format!(
                "unknown tile heuristic `{}`; choose one of {}",
                echo(name),
                names.join(", ")
            )))
        }
    }
}

/// Why `pdb-max` does not apply.
const MAX_NOT_APPLICABLE: &str =
    "`pdb-max` is defined on 4x4 and 5x5 boards with the blank's goal in a corner";

/// Loads or builds the tables of `partition` for `domain` within `budget`, with notes for
/// the user (loaded or built, time, size, cache problems).
fn load(
    domain: &TileDomain,
    partition: &[Vec<u8>],
    budget: BuildBudget<'_>,
    notes: &mut Vec<String>,
) -> Result<Arc<PatternDatabases>, HeuristicError> {
    let (pdb, report) =
        PatternDatabases::load_or_build(domain, partition, domain.pdb_cache(), budget).map_err(
            |e| match e.termination() {
                Some(status) => {
                    notes.push(e.to_string());
                    HeuristicError::Stopped(status)
                }
                None => HeuristicError::not_applicable(e.to_string()),
            },
        )?;
    let sizes: Vec<String> = pdb.sizes().iter().map(usize::to_string).collect();
    let how = match (report.loaded, report.built) {
        (_, 0) => "loaded from cache",
        (0, _) => "built",
        _ => "partly loaded, partly built",
    };
    notes.push(format!(
        "pattern database {} {how} in {:.2} s, {}{}",
        sizes.join("-"),
        report.seconds,
        bytes(pdb.bytes() as u64),
        if pdb.mirrored() {
            ", with mirrored lookups"
        } else {
            ""
        }
    ));
    for why in &report.rejected {
        notes.push(format!(
            "rebuilt a cached table that did not verify ({why})"
        ));
    }
    if let Some(e) = &report.write_error {
        notes.push(format!("could not cache the pattern database: {e}"));
    }
    if let Some(why) = &report.cache_unavailable {
        notes.push(format!(
            "the pattern database cache is unavailable ({why}); the tables were built in memory"
        ));
    }
    Ok(Arc::new(pdb))
}

/// The tile groups of the pattern-database heuristic `name` on `domain`; `None` when `name`
/// is not a pattern-database heuristic.
fn partition_for(domain: &TileDomain, name: &str) -> Option<Result<Vec<Vec<u8>>, String>> {
    Some(match name {
        "pdb" => Ok(PatternDatabases::default_partition(domain)),
        "pdb-large" => Ok(PatternDatabases::large_partition(domain)),
        "pdb-strong" => Ok(PatternDatabases::strongest_partition(domain)),
        _ => parse_partition(name.strip_prefix("pdb:")?, domain.cells()),
    })
}

/// What the first build of heuristic `name`'s tables on `domain` will take, with the cache
/// in `cache`: `None` when `name` has no tables or they are all cached.
pub fn build_estimate(
    domain: &TileDomain,
    name: &str,
    cache: Option<&Path>,
) -> Option<BuildEstimate> {
    let groups = if name == "pdb-max" {
        // the partitions share some groups, whose tables are built once
        let mut groups: Vec<Vec<u8>> = Vec::new();
        for group in PatternDatabases::max_partitions(domain)?
            .into_iter()
            .flatten()
        {
            if !groups.contains(&group) {
                groups.push(group);
            }
        }
        groups
    } else {
        partition_for(domain, name)?.ok()?
    };
    PatternDatabases::build_estimate(domain, &groups, cache)
}

/// Reads a partition written `1,2,3/4,5,8,9,12,13/...`: groups of tiles separated by `/`.
fn parse_partition(text: &str, cells: usize) -> Result<Vec<Vec<u8>>, String> {
    let bad = || {
        format!(
            "pattern groups `{}` should be tile numbers 1 to {} separated by commas, \
             groups separated by `/`, e.g. pdb:1,2,3/4,5,6",
            echo(text),
            cells.saturating_sub(1)
        )
    };
    let partition = text
        .split('/')
        .map(|group| {
            group
                .split(',')
                .map(|t| {
                    t.trim()
                        .parse::<u8>()
                        .ok()
                        .filter(|&v| v >= 1 && (v as usize) < cells)
                        .ok_or_else(bad)
                })
                .collect::<Result<Vec<u8>, String>>()
        })
        .collect::<Result<Vec<Vec<u8>>, String>>()?;
    let mut seen = vec![false; cells];
    for &tile in partition.iter().flatten() {
        if std::mem::replace(&mut seen[tile as usize], true) {
            return Err(format!(
                "pattern groups `{}` hold tile {tile} twice; each tile may be in one group only",
                echo(text)
            ));
        }
    }
    Ok(partition)
}

impl TileHeuristic {
    /// The stable name (`pdb`, `linear-conflict`, `manhattan`, `misplaced`, `zero`).
    #[cfg(feature = "testing")]    pub fn name(&self) -> &'static str {
        match self {
            TileHeuristic::Zero => "zero",
            TileHeuristic::Misplaced => "misplaced",
            TileHeuristic::Manhattan => "manhattan",
            TileHeuristic::LinearConflict => "linear-conflict",
            TileHeuristic::PatternDb(_) => "pdb",
            TileHeuristic::PatternDbMax(_) => "pdb-max",
        }
    }
}

fn misplaced(domain: &TileDomain, state: &TileState) -> u32 {
    (1..domain.cells())
        .filter(|&t| state.cell_of(t) != domain.goal_cell(t))
        .count() as u32
}

fn manhattan(domain: &TileDomain, state: &TileState) -> u32 {
    (1..domain.cells())
        .map(|t| domain.manhattan(t, state.cell_of(t)))
        .sum()
}

/// Linear conflicts of one line of cells: 2 x (tiles in their goal line - the longest run of
/// them already in goal order).
#[inline]
fn line_conflicts(
    domain: &TileDomain,
    state: &TileState,
    first: usize,
    step: usize,
    len: usize,
    row: bool,
) -> u32 {
    let cols = domain.cols();
    let line_of = |cell: usize| if row { cell / cols } else { cell % cols };
    let along = |cell: usize| if row { cell % cols } else { cell / cols };
    let line = line_of(first);
    let mut keys = [0u8; 32];
    let mut k = 0;
    for i in 0..len {
        let tile = state.tile_at(first + i * step);
        if tile != 0 {
            let goal = domain.goal_cell(tile);
            if line_of(goal) == line {
                keys[k] = along(goal) as u8;
                k += 1;
            }
        }
    }
    if k < 2 {
        return 0;
    }
    let mut longest = [1u8; 32];
    let mut best = 1;
    for i in 1..k {
        for j in 0..i {
            if keys[j] < keys[i] && longest[j] + 1 > longest[i] {
                longest[i] = longest[j] + 1;
            }
        }
        best = best.max(longest[i]);
    }
    2 * (k as u32 - u32::from(best))
}

fn row_conflicts(domain: &TileDomain, state: &TileState, row: usize) -> u32 {
    let cols = domain.cols();
    line_conflicts(domain, state, row * cols, 1, cols, true)
}

fn column_conflicts(domain: &TileDomain, state: &TileState, col: usize) -> u32 {
    line_conflicts(domain, state, col, domain.cols(), domain.rows(), false)
}

fn linear_conflict(domain: &TileDomain, state: &TileState) -> u32 {
    let rows: u32 = (0..domain.rows())
        .map(|r| row_conflicts(domain, state, r))
        .sum();
    let cols: u32 = (0..domain.cols())
        .map(|c| column_conflicts(domain, state, c))
        .sum();
    manhattan(domain, state) + rows + cols
}

impl Heuristic<TileDomain> for TileHeuristic {
    fn estimate(&self, domain: &TileDomain, state: &TileState) -> u32 {
        match self {
            TileHeuristic::Zero => 0,
            TileHeuristic::Misplaced => misplaced(domain, state),
            TileHeuristic::Manhattan => manhattan(domain, state),
            TileHeuristic::LinearConflict => linear_conflict(domain, state),
            TileHeuristic::PatternDb(pdb) => pdb.estimate(state),
            TileHeuristic::PatternDbMax(sets) => sets
                .iter()
                .enumerate()
                .map(|(i, pdb)| {
                    if i == 0 {
                        pdb.estimate(state)
                    } else {
                        pdb.estimate_without_memo(state)
                    }
                })
                .max()
                .unwrap_or(0),
        }
    }

    #[inline]
    fn estimate_child(
        &self,
        domain: &TileDomain,
        parent: &TileState,
        parent_h: u32,
        _mv: crate::model::Dir,
        child: &TileState,
    ) -> u32 {
        // the tile that moved went from the child's blank cell to the parent's
        let to = parent.blank();
        let from = child.blank();
        let tile = child.tile_at(to);
        match self {
            TileHeuristic::Zero => 0,
            TileHeuristic::Misplaced => {
                let goal = domain.goal_cell(tile);
                parent_h + u32::from(to != goal) - u32::from(from != goal)
            }
            TileHeuristic::Manhattan => {
                parent_h + domain.manhattan(tile, to) - domain.manhattan(tile, from)
            }
            TileHeuristic::LinearConflict => {
                let cols = domain.cols();
                let md = parent_h + domain.manhattan(tile, to) - domain.manhattan(tile, from);
                if from / cols == to / cols {
                    // horizontal move: the columns it left and entered change
                    let (a, b) = (from % cols, to % cols);
                    md + column_conflicts(domain, child, a) + column_conflicts(domain, child, b)
                        - column_conflicts(domain, parent, a)
                        - column_conflicts(domain, parent, b)
                } else {
                    let (a, b) = (from / cols, to / cols);
                    md + row_conflicts(domain, child, a) + row_conflicts(domain, child, b)
                        - row_conflicts(domain, parent, a)
                        - row_conflicts(domain, parent, b)
                }
            }
            TileHeuristic::PatternDb(pdb) => pdb.estimate_child(parent, child, tile),
            TileHeuristic::PatternDbMax(sets) => sets
                .iter()
                .enumerate()
                .map(|(i, pdb)| {
                    if i == 0 {
                        pdb.estimate_child(parent, child, tile)
                    } else {
                        pdb.estimate_without_memo(child)
                    }
                })
                .max()
                .unwrap_or(0),
        }
    }

    fn admissible(&self) -> bool {
        true
    }
}
