//! A family's listing as the app keeps it: every solvable cluster as one compact row, the
//! family's totals, and where the runs so far stopped.
//!
//! A 5x5 family with two walls has about five million solvable clusters; the core's
//! [`ClusterRecord`] (a board string and a histogram on the heap) would take over a hundred
//! bytes each, so a row keeps the hardest start packed in 128 bits (three bits a cell, see
//! [`pack`]) and the figures the table shows: 32 bytes in all.

use std::time::Duration;

use blockslide_core::model::{Puzzle, rushhour};
use blockslide_core::solve::Termination;
use blockslide_core::solve::family::rushhour::RushHourFamily;
use blockslide_core::solve::family::{ClusterRecord, FamilyRun, FamilySummary};

use crate::common::colors::color_every_piece;
use crate::common::format as fmt;

/// One solvable cluster of a family: its hardest start and its figures.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FamilyPuzzle {
    /// The hardest start, packed by [`pack`].
    board: u128,
    /// Positions in the cluster.
    pub positions: u64,
    /// The hardest start's distance to the goal, in moves (a move slides one vehicle any
    /// distance).
    pub moves: u32,
    /// Vehicles, the red car included.
    pub pieces: u8,
    /// Walls.
    pub walls: u8,
    /// Whether taking out any vehicle or wall makes the hardest start easier.
    pub minimal: bool,
}

impl FamilyPuzzle {
    /// The row of `record`, a cluster of a family whose boards have `cols` columns; `None`
    /// when its board is not one [`pack`] holds.
    pub fn new(record: &ClusterRecord, cols: usize) -> Option<Self> {
        Some(FamilyPuzzle {
            board: pack(&record.board, cols)?,
            positions: record.states,
            moves: record.moves,
            pieces: u8::try_from(record.pieces).ok()?,
            walls: u8::try_from(record.walls).ok()?,
            minimal: record.minimal,
        })
    }
}

/// Cell codes of a packed board. A vehicle is written at its first cell in reading order
/// (its head) with its direction and length; its other cells are [`COVERED`].
const EMPTY: u128 = 0;
const WALL: u128 = 1;
const COVERED: u128 = 2;
const RED_CAR: u128 = 3;
const CAR_ACROSS: u128 = 4;
const TRUCK_ACROSS: u128 = 5;
const CAR_DOWN: u128 = 6;
const TRUCK_DOWN: u128 = 7;

/// Bits per cell.
const BITS: usize = 3;

/// The most cells a packed board holds (a family's boards have at most 42).
const MAX_CELLS: usize = 128 / BITS;

/// `board`, a family's board in Fogleman's notation with `cols` columns, in three bits a
/// cell. The letters need no room: a family names the red car `A` and the other vehicles
/// `B`, `C`, … in the reading order of their first cells, so [`unpack`] names them again.
/// `None` for a board written otherwise (then unpacking would not give it back).
pub fn pack(board: &str, cols: usize) -> Option<u128> {
    let cells = board.as_bytes();
    let len = cells.len();
    if cols == 0 || len > MAX_CELLS || !len.is_multiple_of(cols) {
        return None;
    }
    let mut seen = [false; 26];
    let mut packed = 0;
    for (i, &b) in cells.iter().enumerate() {
        let code = match b {
            b'o' => EMPTY,
            b'x' => WALL,
            b'A'..=b'Z' if seen[usize::from(b - b'A')] => COVERED,
            b'A'..=b'Z' => {
                seen[usize::from(b - b'A')] = true;
                let across = 1
                    + (i + 1..len)
                        .take_while(|&j| j % cols != 0 && cells[j] == b)
                        .count();
                let down = 1
                    + (i + cols..len)
                        .step_by(cols)
                        .take_while(|&j| cells[j] == b)
                        .count();
                match (b == b'A', across, down) {
                    (true, 2, 1) => RED_CAR,
                    (false, 2, 1) => CAR_ACROSS,
                    (false, 3, 1) => TRUCK_ACROSS,
                    (false, 1, 2) => CAR_DOWN,
                    (false, 1, 3) => TRUCK_DOWN,
                    _ => return None,
                }
            }
            _ => return None,
        };
        packed |= code << (BITS * i);
    }
    // Letters out of the family's order, or a vehicle's cells apart, would unpack as
    // another board: such a board is refused rather than shown wrong.
    (unpack(packed, len, cols) == board).then_some(packed)
}

/// The board of `cells` cells in rows of `cols` that [`pack`] packed, in Fogleman's notation.
pub fn unpack(packed: u128, cells: usize, cols: usize) -> String {
    let mut out = vec![b'o'; cells];
    let mut next = b'B';
    for i in 0..cells.min(MAX_CELLS) {
        let code = (packed >> (BITS * i)) & 0b111;
        let (length, step) = match code {
            WALL => {
                out[i] = b'x';
                continue;
            }
            RED_CAR | CAR_ACROSS => (2, 1),
            TRUCK_ACROSS => (3, 1),
            CAR_DOWN => (2, cols),
            TRUCK_DOWN => (3, cols),
            _ => continue,
        };
        let letter = if code == RED_CAR {
            b'A'
        } else {
            next += 1;
            next - 1
        };
        for j in (0..length).map(|k| i + k * step).filter(|&j| j < cells) {
            out[j] = letter;
        }
    }
    out.into_iter().map(char::from).collect()
}

/// The puzzle a family's board describes: `board` in Fogleman's notation, `rows` x `cols`
/// cells, read as a Rush Hour board (each vehicle locked along its length, the red car red,
/// the goal the red car at the exit on the right of its row, counted in slides), every
/// vehicle in a colour of its own.
///
/// The one place the app turns a family's board into a puzzle, so that a core function for
/// boards of any size can take its place.
///
/// # Errors
/// The reader's message when `board` is not a Rush Hour board of that size.
pub fn family_puzzle(board: &str, rows: usize, cols: usize) -> Result<Puzzle, String> {
    let mut puzzle =
        rushhour::parse_sized(board, rows, cols).map_err(|e| fmt::sentence(&e.to_string()))?;
    color_every_piece(&mut puzzle);
    Ok(puzzle)
}

/// A family's solvable clusters and totals, as far as its runs went.
#[derive(Clone, Debug)]
pub struct Listing {
    family: RushHourFamily,
    puzzles: Vec<FamilyPuzzle>,
    summary: FamilySummary,
    /// How the last run ended (`None` before the first has).
    ended: Option<Termination>,
    /// Units the finished runs handed over: where the next run resumes.
    units_done: u64,
    /// Time of the finished runs.
    elapsed: Duration,
}

impl Listing {
    /// An empty listing of `family`.
    pub fn new(family: RushHourFamily) -> Self {
        Listing {
            family,
            puzzles: Vec::new(),
            summary: FamilySummary::default(),
            ended: None,
            units_done: 0,
            elapsed: Duration::ZERO,
        }
    }

    /// The family listed.
    pub fn family(&self) -> &RushHourFamily {
        &self.family
    }

    /// The solvable clusters, in the family's order.
    pub fn puzzles(&self) -> &[FamilyPuzzle] {
        &self.puzzles
    }

    /// The totals of the units listed.
    pub fn summary(&self) -> &FamilySummary {
        &self.summary
    }

    /// How the last run ended, once one has.
    pub fn ended(&self) -> Option<Termination> {
        self.ended
    }

    /// Whether every unit of the family is listed.
    pub fn is_complete(&self) -> bool {
        self.ended == Some(Termination::Solved)
    }

    /// Units the finished runs handed over: where a resumed run starts.
    pub fn units_done(&self) -> u64 {
        self.units_done
    }

    /// Time the finished runs took.
    pub fn elapsed(&self) -> Duration {
        self.elapsed
    }

    /// Sets the time shown for the finished runs: for snapshots with pinned timings.
    pub fn set_elapsed(&mut self, elapsed: Duration) {
        self.elapsed = elapsed;
    }

    /// The hardest start of `puzzle` (a row of this listing) in Fogleman's notation.
    pub fn board(&self, puzzle: &FamilyPuzzle) -> String {
        let (rows, cols) = (self.family.rows, self.family.cols);
        unpack(puzzle.board, rows * cols, cols)
    }

    /// The hardest start of row `index` as a puzzle of its own, named after its family and
    /// length.
    ///
    /// # Errors
    /// A message when there is no such row or its board does not read as a puzzle.
    pub fn puzzle(&self, index: usize) -> Result<Puzzle, String> {
        let row = self
            .puzzles
            .get(index)
            .ok_or_else(|| format!("the family has no puzzle {}", index + 1))?;
        let mut puzzle = family_puzzle(&self.board(row), self.family.rows, self.family.cols)?;
        puzzle.name = format!(
            "{} #{}, {}",
            self.title(),
            index + 1,
            fmt::counted(row.moves as usize, "move", "moves")
        );
        puzzle.notes = format!(
            "{}\n\nPuzzle {} of the {} family ({}): the hardest start of a cluster of {} \
             positions.",
            puzzle.notes,
            index + 1,
            self.title(),
            self.conditions(),
            fmt::thousands(row.positions)
        );
        Ok(puzzle)
    }

    /// "Rush Hour 4x4".
    pub fn title(&self) -> String {
        format!("Rush Hour {}x{}", self.family.rows, self.family.cols)
    }

    /// The family's row of the red car, walls and rules in words: "red car on row 3, no
    /// walls".
    pub fn conditions(&self) -> String {
        let family = &self.family;
        let walls = match family.max_walls {
            0 => "no walls".to_string(),
            1 => "up to 1 wall".to_string(),
            n => format!("up to {n} walls"),
        };
        let rules = &family.rules;
        let off: Vec<&str> = [
            (rules.primary_row_clear, "the red car's row may be crowded"),
            (rules.no_full_rows, "full rows allowed"),
            (rules.no_full_columns, "full columns allowed"),
        ]
        .into_iter()
        .filter_map(|(on, what)| (!on).then_some(what))
        .collect();
        let mut text = format!("red car on row {}, {walls}", family.primary_row + 1);
        for what in off {
            text.push_str(", ");
            text.push_str(what);
        }
        text
    }

    /// Adds the rows of a run's batch and takes its totals (which count them).
    pub(super) fn absorb(&mut self, puzzles: Vec<FamilyPuzzle>, summary: FamilySummary) {
        self.puzzles.extend(puzzles);
        self.summary = summary;
    }

    /// Records how a run ended, after its last batch.
    pub(super) fn finish(&mut self, run: &FamilyRun) {
        self.ended = Some(run.termination);
        self.units_done = run.units_done;
        self.elapsed += run.stats.elapsed;
    }

    /// Records a run that ended without the core's account (its thread failed, or the
    /// listing was full): it cannot be resumed.
    pub(super) fn fail(&mut self, elapsed: Duration) {
        self.ended = Some(Termination::Cancelled);
        self.units_done = u64::MAX;
        self.elapsed += elapsed;
    }

    /// Whether a run can continue where the last one stopped.
    pub fn can_resume(&self) -> bool {
        self.ended.is_some() && !self.is_complete() && self.units_done != u64::MAX
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use blockslide_core::solve::family::{UnitResult, enumerate};
    use blockslide_core::solve::{Limits, SearchControl};

    fn boards(rows: usize, cols: usize, walls: usize) -> Vec<ClusterRecord> {
        let family = RushHourFamily::new(rows, cols, walls).unwrap();
        let mut control = SearchControl::new(Limits::default());
        let mut records = Vec::new();
        enumerate(&family, &mut control, 0, |unit: &UnitResult| {
            records.extend(unit.records.iter().cloned());
            Ok::<(), ()>(())
        })
        .unwrap();
        records
    }

    #[test]
    fn every_board_of_a_family_packs_and_unpacks_unchanged() {
        for record in boards(4, 4, 1) {
            let row = FamilyPuzzle::new(&record, 4).expect("a family's board packs");
            assert_eq!(unpack(row.board, 16, 4), record.board);
            assert_eq!(row.moves, record.moves);
        }
    }

    #[test]
    fn boards_written_otherwise_are_refused() {
        // `C` before `B`, a car of one cell, a red car standing up, a stray character.
        for board in ["AACBoooo", "AAoBoooo", "AoooAooo", "AAo?oooo"] {
            assert_eq!(pack(board, 4), None, "{board}");
        }
        assert!(pack("AABBooCC", 4).is_some());
        assert!(pack("AABBoooo", 3).is_none(), "8 cells are not rows of 3");
    }

    #[test]
    fn a_row_opens_as_a_rush_hour_puzzle_of_its_size() {
        let record = boards(4, 4, 0).into_iter().max_by_key(|r| r.moves).unwrap();
        let mut listing = Listing::new(RushHourFamily::new(4, 4, 0).unwrap());
        listing.absorb(
            vec![FamilyPuzzle::new(&record, 4).unwrap()],
            FamilySummary::default(),
        );
        let puzzle = listing.puzzle(0).unwrap();
        assert_eq!((puzzle.rows, puzzle.cols), (4, 4));
        assert_eq!(rushhour::to_string(&puzzle).unwrap(), record.board);
        assert!(puzzle.name.starts_with("Rush Hour 4x4 #1, 7 moves"));
        assert!(listing.puzzle(1).is_err());
    }
}
