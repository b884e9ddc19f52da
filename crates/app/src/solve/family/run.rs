//! Which family to enumerate, and its run as a background task.
//!
//! The core hands every unit's clusters to a callback in the family's order. The task keeps
//! them in compact rows and sends them to the window in batches a few times a second (one
//! message per unit would be hundreds of thousands of messages), each with the totals so
//! far, so what the window holds is always a prefix of the family with its exact totals.
//! Beside the walk, a thread counts the family's units by size class, so each batch also
//! says about how long the run has left ([`TimeLeft`]).

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

use blockslide_core::model::Puzzle;
use blockslide_core::solve::family::{
    Family, FamilyRun, FamilySpec, FamilySummary, TimeLeft, UnitResult, count_units_by_class,
    enumerate, human_seconds,
};
use blockslide_core::solve::family::{RushHourFamily, RushHourRules};
use blockslide_core::solve::{Limits, SearchControl, Stats};

use super::design::{block_family, design_board};
use super::listing::{Boards, FamilyPuzzle};
use crate::common::format as fmt;
use crate::common::task::Task;
use crate::solve::budget::Budget;

/// How often a run sends its new rows to the window.
const BATCH_EVERY: Duration = Duration::from_millis(100);

/// The most memory the window's rows take: 640 MiB, twenty million rows of a Rush Hour
/// family (32 bytes each). A run that would pass it stops there; the command line's
/// `blockslide family` writes bigger families to a file.
pub const MAX_LISTING_BYTES: usize = 640 << 20;

/// The board of a family.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FamilyBoard {
    /// A square Rush Hour board of this side, the red car on the chosen row.
    Side(usize),
    /// The open design's Rush Hour board: its size, the red car on the design's row of it.
    Design,
    /// The open design's pieces and board: the block family of its shapes
    /// ([`block_family`]).
    Pieces,
}

/// The family the window's Run button enumerates.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FamilyChoice {
    /// The board.
    pub board: FamilyBoard,
    /// The most walls a Rush Hour layout has (a block family has the design's).
    pub max_walls: usize,
    /// The red car's row on a square board, from 0 at the top.
    pub primary_row: usize,
    /// Fogleman's rules, each on or off.
    pub rules: RushHourRules,
}

impl Default for FamilyChoice {
    /// The smallest preset, which lists in a blink: Rush Hour 4x4 without walls, the red
    /// car on the third row as in Fogleman's families.
    fn default() -> Self {
        FamilyChoice {
            board: FamilyBoard::Side(4),
            max_walls: 0,
            primary_row: 2,
            rules: RushHourRules::default(),
        }
    }
}

impl FamilyChoice {
    /// The family chosen, `design` being the open design (for [`FamilyBoard::Design`] and
    /// [`FamilyBoard::Pieces`]).
    ///
    /// # Errors
    /// Why there is no such family: the design is not a Rush Hour board, or not a block
    /// family ([`block_family`] says why), or the core does not enumerate boards of its
    /// size.
    pub fn family(&self, design: &Puzzle) -> Result<FamilySpec, String> {
        let (rows, cols, primary_row) = match self.board {
            FamilyBoard::Side(side) => (side, side, self.primary_row.min(side - 1)),
            FamilyBoard::Design => design_board(design).ok_or(
                "The design is not a Rush Hour board: open or draw one first (File > New… > \
                 Rush Hour)",
            )?,
            FamilyBoard::Pieces => return block_family(design).map(FamilySpec::Blocks),
        };
        let family = RushHourFamily {
            rows,
            cols,
            primary_row,
            max_walls: self.max_walls,
            rules: self.rules,
        };
        family
            .validate()
            .map_err(|e| fmt::sentence(&e.to_string()))?;
        Ok(FamilySpec::RushHour(family))
    }
}

/// Rows a run found since its last batch, with the family's totals after them.
#[derive(Debug)]
pub struct Batch {
    /// The rows, in the family's order.
    pub puzzles: Vec<FamilyPuzzle>,
    /// Their hardest starts, in the same order.
    pub boards: Boards,
    /// The totals of every unit listed so far, these rows' included.
    pub summary: FamilySummary,
    /// The seconds the run has left, once its units are counted and one is walked.
    pub left: Option<f64>,
}

/// A running family's progress line: units, clusters, `rate` (positions a second), the time
/// it has run and, when known, the time it has `left`.
pub fn progress_text(
    summary: &FamilySummary,
    rate: f64,
    elapsed: Duration,
    left: Option<f64>,
) -> String {
    let left = left
        .map(|s| format!(" · about {} left", human_seconds(s)))
        .unwrap_or_default();
    format!(
        "{} units · {} clusters · {} · {}{left}",
        fmt::thousands(summary.units),
        fmt::thousands(summary.clusters),
        fmt::rate(rate).replace("/s", " positions/s"),
        fmt::duration(elapsed)
    )
}

/// A running family: progress is the walk's statistics; the result is how the run ended,
/// or why it stopped early.
pub type FamilyTask = Task<Stats, Result<FamilyRun, String>>;

/// A run in progress: the task, the rows it sends, and its time left.
pub(super) struct Running {
    pub(super) task: FamilyTask,
    pub(super) batches: Receiver<Batch>,
    /// The seconds the run had left at its last batch, once known.
    pub(super) left: Option<f64>,
}

/// Starts enumerating `family` from unit `skip` on `budget`'s workers, on a thread named
/// "family", with no time or node limit: a family runs until it is done or cancelled, and
/// resumes. `summary` holds the totals of the units before `skip`, and `kept`
/// the rows already listed. Rows arrive on the receiver in [`Batch`]es; the run goes on
/// until the family is done, the window cancels it, or the window's rows would take more
/// than [`MAX_LISTING_BYTES`].
///
/// # Errors
/// A message when the operating system refuses to start a thread.
pub(super) fn spawn_family(
    ctx: &egui::Context,
    family: FamilySpec,
    (skip, summary, kept): (u64, FamilySummary, usize),
    budget: Budget,
) -> Result<Running, String> {
    let (sender, batches) = mpsc::channel();
    let repaint = ctx.clone();
    let unlimited = Budget {
        limits: Limits {
            max_nodes: u64::MAX,
            max_time: Duration::MAX,
            ..Limits::default()
        },
        ..budget
    };
    let task = unlimited.spawn("family", ctx, move |reporter, control| {
        let mut control = control.with_progress(reporter.sink(|s: &Stats| *s));
        let mut summary = summary;
        let mut rows = Vec::new();
        let mut boards = Boards::new(&family);
        let max_rows = MAX_LISTING_BYTES / (size_of::<FamilyPuzzle>() + boards.board_bytes());
        let mut kept = kept;
        let mut sent = Instant::now();
        let mut eta = TimeLeft::new();
        let started = Instant::now();
        // The units to walk by size class, from the counting thread.
        let counted = Mutex::new(None);
        let send = |rows: &mut Vec<FamilyPuzzle>,
                    boards: &mut Boards,
                    summary: &FamilySummary,
                    eta: &mut TimeLeft| {
            if !eta.is_counted()
                && let Ok(mut counted) = counted.try_lock()
                && let Some(counts) = counted.take()
            {
                eta.counted(counts);
            }
            let empty = boards.empty_like();
            let batch = Batch {
                puzzles: std::mem::take(rows),
                boards: std::mem::replace(boards, empty),
                summary: summary.clone(),
                left: eta.seconds_left(started.elapsed()),
            };
            // The window may have dropped the run; then nobody wants its rows.
            if sender.send(batch).is_ok() {
                repaint.request_repaint();
            }
        };
        let on_unit = |unit: &UnitResult| {
            kept += unit.records.len();
            if kept > max_rows {
                return Err(format!(
                    "The family has more than {} solvable clusters, more than the window \
                     keeps; `blockslide family` on the command line writes them to a file",
                    fmt::thousands(max_rows as u64)
                ));
            }
            // A unit is listed whole or not at all, so the listing stays a prefix.
            let mut unit_boards = boards.empty_like();
            let unit_rows = unit
                .records
                .iter()
                .map(|record| {
                    unit_boards
                        .push(&record.board)
                        .and_then(|()| FamilyPuzzle::new(record))
                        .ok_or_else(|| {
                            format!("Board {} of the family could not be kept", record.board)
                        })
                })
                .collect::<Result<Vec<_>, _>>()?;
            rows.extend(unit_rows);
            boards.append(unit_boards);
            summary.add(unit);
            eta.add_unit(unit);
            if sent.elapsed() >= BATCH_EVERY {
                send(&mut rows, &mut boards, &summary, &mut eta);
                sent = Instant::now();
            }
            Ok(())
        };
        let run = match &family {
            FamilySpec::RushHour(family) => walk(family, &mut control, skip, &counted, on_unit),
            FamilySpec::Blocks(family) => walk(family, &mut control, skip, &counted, on_unit),
        };
        // The rows of every unit handed over, a stopped run's too: the listing stays a
        // prefix of the family that a resumed run continues.
        send(&mut rows, &mut boards, &summary, &mut eta);
        run
    })?;
    Ok(Running {
        task,
        batches,
        left: None,
    })
}

/// [`enumerate`] for a family of either kind, while a thread counts its units from `skip` on
/// by size class into `counted`; the count gives up when the run ends first (done,
/// cancelled or failed), so the run never waits for it.
fn walk<F: Family>(
    family: &F,
    control: &mut SearchControl,
    skip: u64,
    counted: &Mutex<Option<Vec<u64>>>,
    on_unit: impl FnMut(&UnitResult) -> Result<(), String>,
) -> Result<FamilyRun, String> {
    let ended = AtomicBool::new(false);
    std::thread::scope(|scope| {
        // Without the thread the run goes on, only without its time left.
        let _counting = std::thread::Builder::new()
            .name("family count".into())
            .spawn_scoped(scope, || {
                if let Some(counts) = count_units_by_class(family, skip, &ended)
                    && let Ok(mut counted) = counted.lock()
                {
                    *counted = Some(counts);
                }
            });
        let run = enumerate(family, control, skip, on_unit);
        ended.store(true, Ordering::Relaxed);
        run
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use blockslide_core::model::rushhour;

    #[test]
    fn the_design_board_gives_the_family_of_its_size_and_red_row() {
        let design = rushhour::parse("oooBAAoBoooooooo").unwrap();
        let choice = FamilyChoice {
            board: FamilyBoard::Design,
            ..FamilyChoice::default()
        };
        let Ok(FamilySpec::RushHour(family)) = choice.family(&design) else {
            panic!("a Rush Hour family");
        };
        assert_eq!((family.rows, family.cols, family.primary_row), (4, 4, 1));
        assert!(choice.family(&Puzzle::empty(4, 4)).is_err());
    }

    #[test]
    fn a_preset_keeps_its_red_row_on_the_board() {
        let choice = FamilyChoice {
            board: FamilyBoard::Side(4),
            primary_row: 5,
            ..FamilyChoice::default()
        };
        let Ok(FamilySpec::RushHour(family)) = choice.family(&Puzzle::empty(1, 1)) else {
            panic!("a Rush Hour family");
        };
        assert_eq!(family.primary_row, 3);
    }

    #[test]
    fn the_designs_pieces_give_its_block_family() {
        let design = rushhour::parse("oooBAAoBoooooooo").unwrap();
        let choice = FamilyChoice {
            board: FamilyBoard::Pieces,
            ..FamilyChoice::default()
        };
        let Ok(FamilySpec::Blocks(family)) = choice.family(&design) else {
            panic!("a block family");
        };
        assert_eq!(family.goal_at, (1, 2));
        assert!(choice.family(&Puzzle::empty(4, 4)).is_err());
    }
}
