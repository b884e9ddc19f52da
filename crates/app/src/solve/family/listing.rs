//! A family's listing as the app keeps it: every solvable cluster as one compact row, the
//! family's totals, and where the runs so far stopped.
//!
//! A 5x5 Rush Hour family with two walls has about five million solvable clusters; the
//! core's [`ClusterRecord`] (a board string and a histogram on the heap) would take over a
//! hundred bytes each, so a row keeps the figures the table shows (16 bytes, a
//! [`FamilyPuzzle`]) and its hardest start apart, in [`Boards`]: a Rush Hour board packed in
//! 128 bits (three bits a cell, see [`pack`]), a block family's board a byte a cell (its
//! pieces are any shapes, and its board up to 64 cells).

use std::time::Duration;

use blockslide_core::model::{Color, Metric, Puzzle};
use blockslide_core::solve::Termination;
use blockslide_core::solve::family::{ClusterRecord, FamilyRun, FamilySpec, FamilySummary};

use super::design::{shape_colors, shape_index};
use crate::common::colors::color_every_piece;
use crate::common::format as fmt;

/// One solvable cluster of a family: the figures of its hardest start (the start itself is
/// in the listing's [`Boards`], at the same index).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FamilyPuzzle {
    /// Positions in the cluster.
    pub positions: u64,
    /// The hardest start's distance to the goal, in the family's metric (for Rush Hour, a
    /// move slides one vehicle any distance).
    pub moves: u32,
    /// Pieces, the goal piece (the red car) included.
    pub pieces: u8,
    /// Walls.
    pub walls: u8,
    /// Whether taking out any piece or wall makes the hardest start easier.
    pub minimal: bool,
}

impl FamilyPuzzle {
    /// The figures of `record`, a cluster of a family; `None` when it has more pieces or
    /// walls than a byte counts (no family the core enumerates has).
    pub fn new(record: &ClusterRecord) -> Option<Self> {
        Some(FamilyPuzzle {
            positions: record.states,
            moves: record.moves,
            pieces: u8::try_from(record.pieces).ok()?,
            walls: u8::try_from(record.walls).ok()?,
            minimal: record.minimal,
        })
    }
}

/// The hardest starts of a listing's rows, in the rows' order, each in as few bytes as its
/// family's boards allow.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Boards {
    /// Columns of the family's boards.
    cols: usize,
    /// Cells of the family's boards.
    cells: usize,
    store: Store,
}

/// How [`Boards`] keeps them.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Store {
    /// Rush Hour boards in Fogleman's notation, packed by [`pack`].
    Packed(Vec<u128>),
    /// Block boards as their board strings without the `/` between rows, one after the
    /// other.
    Bytes(Vec<u8>),
}

impl Boards {
    /// No boards yet, of `family`'s form.
    pub fn new(family: &FamilySpec) -> Self {
        let (rows, cols, store) = match family {
            FamilySpec::RushHour(f) => (f.rows, f.cols, Store::Packed(Vec::new())),
            FamilySpec::Blocks(f) => (f.rows, f.cols, Store::Bytes(Vec::new())),
        };
        Boards {
            cols,
            cells: rows * cols,
            store,
        }
    }

    /// No boards, of the same form as these.
    #[must_use]
    pub fn empty_like(&self) -> Self {
        let store = match self.store {
            Store::Packed(_) => Store::Packed(Vec::new()),
            Store::Bytes(_) => Store::Bytes(Vec::new()),
        };
        Boards { store, ..*self }
    }

    /// The bytes a board takes.
    pub fn board_bytes(&self) -> usize {
        match self.store {
            Store::Packed(_) => size_of::<u128>(),
            Store::Bytes(_) => self.cells,
        }
    }

    /// How many boards there are.
    pub fn len(&self) -> usize {
        match &self.store {
            Store::Packed(packed) => packed.len(),
            Store::Bytes(bytes) => bytes.len() / self.cells.max(1),
        }
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Adds `board`, a record's board string; `None` (and nothing added) when it is not
    /// written as the family's boards are, so that it could not be given back unchanged.
    pub fn push(&mut self, board: &str) -> Option<()> {
        let cols = self.cols;
        match &mut self.store {
            Store::Packed(packed) => packed.push(pack(board, cols)?),
            Store::Bytes(bytes) => {
                let rows: Vec<&str> = board.split('/').collect();
                let fits = rows.len() * cols == self.cells
                    && rows.iter().all(|r| r.len() == cols && r.is_ascii());
                if !fits {
                    return None;
                }
                for row in rows {
                    bytes.extend_from_slice(row.as_bytes());
                }
            }
        }
        Some(())
    }

    /// Adds `more`, boards of the same form (others are left out: a run only sends boards
    /// of its family's form).
    pub fn append(&mut self, more: Boards) {
        match (&mut self.store, more.store) {
            (Store::Packed(packed), Store::Packed(more)) => packed.extend(more),
            (Store::Bytes(bytes), Store::Bytes(more)) => bytes.extend(more),
            _ => {}
        }
    }

    /// Board `index` as its record wrote it.
    pub fn get(&self, index: usize) -> Option<String> {
        match &self.store {
            Store::Packed(packed) => Some(unpack(*packed.get(index)?, self.cells, self.cols)),
            Store::Bytes(bytes) => {
                let board = bytes.get(index * self.cells..(index + 1) * self.cells)?;
                let rows: Vec<&str> = board
                    .chunks(self.cols.max(1))
                    .map(|row| std::str::from_utf8(row).unwrap_or_default())
                    .collect();
                Some(rows.join("/"))
            }
        }
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

/// A family's solvable clusters and totals, as far as its runs went.
#[derive(Clone, Debug)]
pub struct Listing {
    family: FamilySpec,
    /// The name of the design a block family was made from ("Klotski"), for its words.
    source: String,
    /// The colour of each shape of a block family, as the design showed it.
    colors: Vec<Option<Color>>,
    puzzles: Vec<FamilyPuzzle>,
    boards: Boards,
    summary: FamilySummary,
    /// How the last run ended (`None` before the first has).
    ended: Option<Termination>,
    /// Units the finished runs handed over: where the next run resumes.
    units_done: u64,
    /// Time of the finished runs.
    elapsed: Duration,
}

impl Listing {
    /// An empty listing of `family`, made from `design` (a block family's pieces take its
    /// name and colours).
    pub fn new(family: FamilySpec, design: &Puzzle) -> Self {
        let colors = match &family {
            FamilySpec::Blocks(blocks) => shape_colors(blocks, design),
            FamilySpec::RushHour(_) => Vec::new(),
        };
        Listing {
            boards: Boards::new(&family),
            family,
            source: design.name.trim().to_string(),
            colors,
            puzzles: Vec::new(),
            summary: FamilySummary::default(),
            ended: None,
            units_done: 0,
            elapsed: Duration::ZERO,
        }
    }

    /// The family listed.
    pub fn family(&self) -> &FamilySpec {
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

    /// The hardest start of row `index` as its record wrote it: in Fogleman's notation for
    /// Rush Hour, rows joined by `/` for block families.
    pub fn board(&self, index: usize) -> Option<String> {
        self.boards.get(index)
    }

    /// Whether the family is a block family (else Rush Hour).
    pub fn is_blocks(&self) -> bool {
        matches!(self.family, FamilySpec::Blocks(_))
    }

    /// The metric the family's lengths are counted in.
    pub fn metric(&self) -> Metric {
        match &self.family {
            FamilySpec::RushHour(_) => Metric::Slide,
            FamilySpec::Blocks(family) => family.metric,
        }
    }

    /// `n` in the family's unit: "7 moves" (Rush Hour counts a slide as a move), "12 steps".
    pub fn length(&self, n: usize) -> String {
        match &self.family {
            FamilySpec::RushHour(_) => fmt::counted(n, "move", "moves"),
            FamilySpec::Blocks(_) => format!("{n} {}", fmt::unit_name(self.metric(), n)),
        }
    }

    /// The hardest start of row `index` as a puzzle of its own, named after its family and
    /// length: the family's own reading of its board ([`FamilySpec::puzzle`]), the pieces of
    /// a block family in the colours of the design's pieces of their shapes, every other
    /// piece in a colour of its own.
    ///
    /// # Errors
    /// A message when there is no such row or its board does not read as a puzzle of the
    /// family.
    pub fn puzzle(&self, index: usize) -> Result<Puzzle, String> {
        let (row, board) = self
            .puzzles
            .get(index)
            .zip(self.board(index))
            .ok_or_else(|| format!("The family has no puzzle {}", index + 1))?;
        let mut puzzle = self
            .family
            .puzzle(&board)
            .map_err(|e| fmt::sentence(e.as_str()))?;
        if let FamilySpec::Blocks(family) = &self.family {
            let goal = puzzle.goal.cells.iter().flatten().next().copied();
            for piece in puzzle.pieces() {
                let shape = shape_index(family, &puzzle, &piece, Some(piece.token) == goal);
                if let Some(color) = shape.and_then(|i| self.colors.get(i).copied().flatten()) {
                    puzzle.styles.entry(piece.token).or_default().color = Some(color);
                }
            }
        }
        color_every_piece(&mut puzzle);
        // The name says where the puzzle came from; its length goes in the notes, so that the
        // title never states a length an edit has changed.
        puzzle.name = format!("{} #{}", self.title(), index + 1);
        let notes = format!(
            "Puzzle {} of the {} family ({}): the hardest start of a cluster of {} positions, \
             {} from the goal.",
            index + 1,
            self.title(),
            self.conditions(),
            fmt::thousands(row.positions),
            self.length(row.moves as usize)
        );
        puzzle.notes = if puzzle.notes.is_empty() {
            notes
        } else {
            format!("{}\n\n{notes}", puzzle.notes)
        };
        Ok(puzzle)
    }

    /// "Rush Hour 4x4", "Blocks 5x4".
    pub fn title(&self) -> String {
        match &self.family {
            FamilySpec::RushHour(f) => format!("Rush Hour {}x{}", f.rows, f.cols),
            FamilySpec::Blocks(f) => format!("Blocks {}x{}", f.rows, f.cols),
        }
    }

    /// The family's conditions in words: for Rush Hour the red car's row, the walls and the
    /// rules ("red car on row 3, no walls"); for blocks what the pieces are, the walls and
    /// the metric ("the pieces of Klotski, no walls, move metric").
    pub fn conditions(&self) -> String {
        let walls = |n: usize| match n {
            0 => "no walls".to_string(),
            1 => "up to 1 wall".to_string(),
            n => format!("up to {n} walls"),
        };
        let family = match &self.family {
            FamilySpec::RushHour(family) => family,
            FamilySpec::Blocks(family) => {
                let pieces = if self.source.is_empty() {
                    "the design's pieces".to_string()
                } else {
                    format!("the pieces of {}", self.source)
                };
                return format!(
                    "{pieces}, {}, {} metric",
                    walls(family.max_walls),
                    family.metric.name()
                );
            }
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
        let mut text = format!(
            "red car on row {}, {}",
            family.primary_row + 1,
            walls(family.max_walls)
        );
        for what in off {
            text.push_str(", ");
            text.push_str(what);
        }
        text
    }

    /// Adds the rows of a run's batch, their boards, and takes its totals (which count
    /// them).
    pub(super) fn absorb(
        &mut self,
        puzzles: Vec<FamilyPuzzle>,
        boards: Boards,
        summary: FamilySummary,
    ) {
        self.puzzles.extend(puzzles);
        self.boards.append(boards);
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
    use blockslide_core::model::rushhour;
    use blockslide_core::solve::family::RushHourFamily;
    use blockslide_core::solve::family::{BlockFamily, Family, UnitResult, enumerate};
    use blockslide_core::solve::{Limits, SearchControl};

    fn records<F: Family>(family: &F) -> Vec<ClusterRecord> {
        let mut control = SearchControl::new(Limits::default());
        let mut records = Vec::new();
        enumerate(family, &mut control, 0, |unit: &UnitResult| {
            records.extend(unit.records.iter().cloned());
            Ok::<(), ()>(())
        })
        .unwrap();
        records
    }

    fn rush_hour(rows: usize, cols: usize, walls: usize) -> FamilySpec {
        FamilySpec::RushHour(RushHourFamily::new(rows, cols, walls).unwrap())
    }

    /// Klotski's pieces on a 3x3 board: the 2x2 block to the bottom right, up to two small
    /// squares and one wall.
    fn small_blocks() -> FamilySpec {
        use blockslide_core::model::Axis;
        use blockslide_core::solve::family::BlockShape;
        let shapes = vec![
            BlockShape::new("big", &[(0, 0), (0, 1), (1, 0), (1, 1)], Axis::Free, 1, 1),
            BlockShape::new("small", &[(0, 0)], Axis::Free, 0, 2),
        ];
        FamilySpec::Blocks(BlockFamily::new(3, 3, shapes, 0, (1, 1), 1).unwrap())
    }

    fn listing_of(family: FamilySpec) -> (Listing, Vec<ClusterRecord>) {
        let records = match &family {
            FamilySpec::RushHour(f) => records(f),
            FamilySpec::Blocks(f) => records(f),
        };
        let mut design = Puzzle::empty(1, 1);
        design.name = "Klotski".into();
        let mut listing = Listing::new(family, &design);
        let mut boards = listing.boards.empty_like();
        for record in &records {
            boards
                .push(&record.board)
                .expect("a family's board is kept");
        }
        let puzzles = records.iter().map(|r| FamilyPuzzle::new(r).unwrap());
        listing.absorb(puzzles.collect(), boards, FamilySummary::default());
        (listing, records)
    }

    #[test]
    fn every_board_of_a_family_is_kept_unchanged() {
        for family in [rush_hour(4, 4, 1), small_blocks()] {
            let (listing, records) = listing_of(family);
            assert!(!records.is_empty());
            for (i, record) in records.iter().enumerate() {
                assert_eq!(listing.board(i).as_deref(), Some(record.board.as_str()));
                assert_eq!(listing.puzzles()[i].moves, record.moves);
            }
            assert_eq!(listing.board(records.len()), None);
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
        let mut boards = Boards::new(&small_blocks());
        for board in ["AA./AA.", "AA./AA./....", "AA./AA./..\u{e9}", "AA.AA...."] {
            assert_eq!(boards.push(board), None, "{board}");
        }
        assert!(boards.is_empty());
    }

    #[test]
    fn a_row_opens_as_a_rush_hour_puzzle_of_its_size() {
        let (listing, records) = listing_of(rush_hour(4, 4, 0));
        let hardest = (0..records.len())
            .max_by_key(|&i| records[i].moves)
            .unwrap();
        let puzzle = listing.puzzle(hardest).unwrap();
        assert_eq!((puzzle.rows, puzzle.cols), (4, 4));
        assert_eq!(
            rushhour::to_string(&puzzle).unwrap(),
            records[hardest].board
        );
        assert_eq!(puzzle.name, format!("Rush Hour 4x4 #{}", hardest + 1));
        assert!(
            puzzle.notes.contains("7 moves from the goal"),
            "{}",
            puzzle.notes
        );
        assert!(listing.puzzle(records.len()).is_err());
    }

    #[test]
    fn a_row_of_a_block_family_opens_as_the_familys_puzzle() {
        let (listing, records) = listing_of(small_blocks());
        let hardest = (0..records.len())
            .max_by_key(|&i| records[i].moves)
            .unwrap();
        let puzzle = listing.puzzle(hardest).unwrap();
        let FamilySpec::Blocks(family) = listing.family() else {
            unreachable!("a block family")
        };
        let mut read = family.puzzle(&records[hardest].board).unwrap();
        read.styles.clone_from(&puzzle.styles);
        assert_eq!((&puzzle.cells, &puzzle.goal), (&read.cells, &read.goal));
        assert!(puzzle.styles.values().all(|s| s.color.is_some()));
        let moves = records[hardest].moves as usize;
        assert_eq!(puzzle.name, format!("Blocks 3x3 #{}", hardest + 1));
        assert!(
            puzzle
                .notes
                .contains(&format!("{moves} moves from the goal")),
            "{}",
            puzzle.notes
        );
        assert!(
            puzzle
                .notes
                .contains("the pieces of Klotski, up to 1 wall, move metric")
        );
    }
}
