//! Which family to enumerate, and its run as a background task.
//!
//! The core hands every unit's clusters to a callback in the family's order. The task keeps
//! them in compact rows and sends them to the window in batches a few times a second (one
//! message per unit would be hundreds of thousands of messages), each with the totals so
//! far, so what the window holds is always a prefix of the family with its exact totals.

use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

use blockslide_core::model::{Cell, Puzzle, Token, rushhour};
use blockslide_core::solve::family::rushhour::{RushHourFamily, RushHourRules};
use blockslide_core::solve::family::{FamilyRun, FamilySummary, UnitResult, enumerate};
use blockslide_core::solve::{Limits, SearchControl, Stats};

use super::listing::FamilyPuzzle;
use crate::common::format as fmt;
use crate::common::task::Task;

/// How often a run sends its new rows to the window.
const BATCH_EVERY: Duration = Duration::from_millis(100);

/// The most rows the window keeps (32 bytes each: 640 MiB). A run that would pass it stops
/// there; the command line's `blockslide family` writes bigger families to a file.
pub const MAX_ROWS: usize = 20_000_000;

/// The board of a family.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FamilyBoard {
    /// A square board of this side, the red car on the chosen row.
    Side(usize),
    /// The open design's board: its size, the red car on the design's row of it.
    Design,
}

/// The family the window's Run button enumerates.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FamilyChoice {
    /// The board.
    pub board: FamilyBoard,
    /// The most walls a layout has.
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
    /// The family chosen, `design` being the open design (for [`FamilyBoard::Design`]).
    ///
    /// # Errors
    /// Why there is no such family: the design is not a Rush Hour board, or the core does
    /// not enumerate boards of its size.
    pub fn family(&self, design: &Puzzle) -> Result<RushHourFamily, String> {
        let (rows, cols, primary_row) = match self.board {
            FamilyBoard::Side(side) => (side, side, self.primary_row.min(side - 1)),
            FamilyBoard::Design => design_board(design).ok_or(
                "The design is not a Rush Hour board: open or draw one first (File > New… > \
                 Rush Hour)",
            )?,
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
        Ok(family)
    }
}

/// The design's board as a family's: its rows, columns and the red car's row, when the
/// design is a Rush Hour board (one the notation writes).
pub fn design_board(design: &Puzzle) -> Option<(usize, usize, usize)> {
    rushhour::to_string(design).ok()?;
    let red = Cell::Piece(Token::new(&rushhour::RED_CAR.to_string()).ok()?);
    let first = design.cells.iter().position(|&cell| cell == red)?;
    Some((design.rows, design.cols, first / design.cols))
}

/// Rows a run found since its last batch, with the family's totals after them.
#[derive(Debug)]
pub struct Batch {
    /// The rows, in the family's order.
    pub puzzles: Vec<FamilyPuzzle>,
    /// The totals of every unit listed so far, these rows' included.
    pub summary: FamilySummary,
}

/// A running family: progress is the walk's statistics; the result is how the run ended,
/// or why it stopped early.
pub type FamilyTask = Task<Stats, Result<FamilyRun, String>>;

/// Starts enumerating `family` from unit `skip` on `threads` workers (0: every core), on a
/// thread named "family". `summary` holds the totals of the units before `skip`, and `kept`
/// the rows already listed. Rows arrive on the receiver in [`Batch`]es; the run goes on
/// until the family is done, the window cancels it, or the window would hold more than
/// [`MAX_ROWS`] rows.
///
/// # Errors
/// A message when the operating system refuses to start a thread.
pub fn spawn_family(
    ctx: &egui::Context,
    family: RushHourFamily,
    (skip, summary, kept): (u64, FamilySummary, usize),
    threads: usize,
) -> Result<(FamilyTask, Receiver<Batch>), String> {
    let (sender, batches) = mpsc::channel();
    let repaint = ctx.clone();
    let task = Task::spawn("family", ctx, move |reporter| {
        // No time or node limit: a family runs until it is done or cancelled, and resumes.
        let limits = Limits {
            max_nodes: u64::MAX,
            max_time: Duration::MAX,
            ..Limits::default()
        };
        let mut control = SearchControl::new(limits)
            .with_threads(threads)
            .with_cancel(reporter.cancel_flag())
            .with_progress(reporter.sink(|s: &Stats| *s));
        let mut summary = summary;
        let mut rows = Vec::new();
        let mut kept = kept;
        let mut sent = Instant::now();
        let send = |rows: &mut Vec<FamilyPuzzle>, summary: &FamilySummary| {
            let batch = Batch {
                puzzles: std::mem::take(rows),
                summary: summary.clone(),
            };
            // The window may have dropped the run; then nobody wants its rows.
            if sender.send(batch).is_ok() {
                repaint.request_repaint();
            }
        };
        let run = enumerate(&family, &mut control, skip, |unit: &UnitResult| {
            kept += unit.records.len();
            if kept > MAX_ROWS {
                return Err(format!(
                    "The family has more than {} solvable clusters, more than the window \
                     keeps; `blockslide family` on the command line writes them to a file",
                    fmt::thousands(MAX_ROWS as u64)
                ));
            }
            // A unit is listed whole or not at all, so the listing stays a prefix.
            let unit_rows = unit
                .records
                .iter()
                .map(|record| {
                    FamilyPuzzle::new(record, family.cols).ok_or_else(|| {
                        format!("Board {} of the family could not be kept", record.board)
                    })
                })
                .collect::<Result<Vec<_>, _>>()?;
            rows.extend(unit_rows);
            summary.add(unit);
            if sent.elapsed() >= BATCH_EVERY {
                send(&mut rows, &summary);
                sent = Instant::now();
            }
            Ok(())
        });
        // The rows of every unit handed over, a stopped run's too: the listing stays a
        // prefix of the family that a resumed run continues.
        send(&mut rows, &summary);
        run
    })?;
    Ok((task, batches))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_design_board_is_a_rush_hour_boards_size_and_red_row() {
        let design = rushhour::parse("oooBAAoBoooooooo").unwrap();
        assert_eq!(design_board(&design), Some((4, 4, 1)));
        let choice = FamilyChoice {
            board: FamilyBoard::Design,
            ..FamilyChoice::default()
        };
        let family = choice.family(&design).unwrap();
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
        assert_eq!(choice.family(&Puzzle::empty(1, 1)).unwrap().primary_row, 3);
    }
}
