//! What a puzzle is to the solver, decided in one place: which engine holds it (the tile fast
//! path or the block engine), the algorithm run when the user names none and why, whether a
//! search shares its work among threads, the heuristics offered, the Rush Hour board when it
//! is one, and for every task the front ends offer whether it applies, with a typed
//! [`Refusal`] when it does not.
//!
//! This module is the one place that tells a numbered-tile puzzle from a block puzzle: the
//! front door builds its domain from the profile's answer, and the CLI and the app ask the
//! profile instead of testing the puzzle themselves, so a new kind of puzzle or a new task
//! changes this file and nothing that branches elsewhere.

use std::path::Path;

use super::heuristic_title;
use crate::model::rushhour;
use crate::model::tiles::{TileLayout, is_solvable, tile_layout};
use crate::model::{Cell, Metric, Puzzle, PuzzleType, Token};
use crate::solve::algorithms::Algorithm;
use crate::solve::core::HeuristicInfo;
use crate::solve::{blocks, tiles};

/// A task the front ends offer on a puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Task {
    /// Find a shortest solution (`solve`, the Solve tab, Compare, Play's hints).
    Solve,
    /// Count the positions reachable from the start (`count`).
    Count,
    /// The start's component: distances, hardest start, solutions (`analyze`).
    Analyze,
    /// Every arrangement of the piece set (`explore`, Analyze's Piece set tab).
    Explore,
    /// Search the designs around the puzzle for harder ones (`improve`, Make it harder), and
    /// the lean analysis that judges each design.
    MakeHarder,
    /// The family of the puzzle's piece shapes on its board (the Families window).
    Family,
    /// Record a search step by step (`solve --trace`, Watch).
    Watch,
}

/// Why a task does not apply to a puzzle. Each variant's message is the CLI's; a front end
/// that words it its own way matches on the variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// A numbered-tile puzzle has no other arrangement of pieces than the orders of its tiles.
    #[error(
        "explore enumerates arrangements of block pieces; this is a numbered-tile puzzle, whose \
         arrangements are the permutations of its tiles (two components): use `analyze` on it \
         instead"
    )]
    TilesHaveNoArrangements,
    /// A numbered-tile puzzle's pieces and board admit no other design.
    #[error(
        "this is a numbered-tile puzzle: its pieces and board admit no other design, and its \
         hardest start is what `analyze` reports"
    )]
    TilesHaveNoOtherDesign,
    /// A numbered-tile puzzle's layouts are the orders of its tiles, not a family of shapes.
    #[error(
        "a numbered-tile puzzle: its layouts are the orders of its tiles, not a family of \
         shapes (`analyze` counts them)"
    )]
    TilesHaveNoFamily,
}

/// The board of a Rush Hour puzzle, one that Fogleman's notation can write.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RushHourBoard {
    /// Board rows.
    pub rows: usize,
    /// Board columns.
    pub cols: usize,
    /// The row (from 0) of the primary car, which leaves by the right edge.
    pub primary_row: usize,
}

/// What a puzzle is to the solver: made once per puzzle (or per design revision, in the
/// app), then asked by every front end.
///
/// ```
/// use blockslide_core::model::Puzzle;
/// use blockslide_core::solve::api::{Algorithm, PuzzleProfile, Refusal, Task};
///
/// let eight = Puzzle::tiles(3, 3, &[1, 2, 3, 4, 5, 6, 7, 0, 8], None).unwrap();
/// let profile = PuzzleProfile::of(&eight);
/// assert_eq!(profile.default_algorithm().0, Algorithm::Astar);
/// assert_eq!(profile.applies(Task::Explore), Err(Refusal::TilesHaveNoArrangements));
/// assert!(profile.applies(Task::Analyze).is_ok());
/// ```
///
/// The default profile is a block puzzle's that is no Rush Hour board (an empty board's).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PuzzleProfile {
    /// The tile layout when the tile fast path holds the puzzle.
    tiles: Option<TileLayout>,
    /// The Rush Hour board when the notation writes the puzzle.
    rush_hour: Option<RushHourBoard>,
}

impl PuzzleProfile {
    /// The profile of `puzzle`, valid or not: a design being drawn has one too (its tasks
    /// still check validity when they run).
    pub fn of(puzzle: &Puzzle) -> PuzzleProfile {
        PuzzleProfile {
            tiles: tile_layout(puzzle),
            rush_hour: rush_hour_board(puzzle),
        }
    }

    /// Which engine holds the puzzle.
    pub fn kind(&self) -> PuzzleType {
        if self.tiles.is_some() {
            PuzzleType::Tiles
        } else {
            PuzzleType::Blocks
        }
    }

    /// The tile layout, when the tile fast path holds the puzzle: for drawing numbered tiles
    /// and for the front door's domain.
    pub fn tile_layout(&self) -> Option<&TileLayout> {
        self.tiles.as_ref()
    }

    /// The Rush Hour board, when Fogleman's notation writes the puzzle.
    pub fn rush_hour(&self) -> Option<RushHourBoard> {
        self.rush_hour
    }

    /// Whether permutation parity alone proves the goal unreachable (tile puzzles only): the
    /// solver then answers `Unsolvable` without searching.
    pub fn unsolvable_by_parity(&self) -> bool {
        self.tiles
            .as_ref()
            .is_some_and(|layout| !is_solvable(layout))
    }

    /// The positions reachable from the start of a tile puzzle, (rows·cols)!/2, when it fits
    /// a `u64`; `None` for block puzzles, whose spaces only a walk can count.
    pub fn reachable_tile_positions(&self) -> Option<u64> {
        let layout = self.tiles.as_ref()?;
        let n = (layout.rows * layout.cols) as u64;
        (2..=n).try_fold(1u64, u64::checked_mul).map(|f| f / 2)
    }

    /// The algorithm to run when the user names none, with the reason when it is not A*:
    /// - IDA* on tile boards larger than 4x4, where A*'s open list outgrows any memory limit
    ///   within a minute (a 24-puzzle filled 4 GB in 45 s) while IDA* needs memory only for
    ///   one path;
    /// - breadth-first search on block puzzles, whose heuristics are weak (in the move metric
    ///   the relaxed bound is 3 or 4 for an 81-move Klotski): A* then expands nearly the same
    ///   states at several times the cost each, while the breadth-first search stores a few
    ///   bytes per state once the space is large (on Klotski it was 3 to 6 times faster than
    ///   A* in every metric).
    pub fn default_algorithm(&self) -> (Algorithm, Option<&'static str>) {
        match &self.tiles {
            Some(layout) if layout.rows * layout.cols > 16 => (
                Algorithm::Idastar,
                Some(
                    "IDA* chosen: on tile boards larger than 4x4 A*'s open list would outgrow \
                     the memory limit, while IDA* keeps only the current path",
                ),
            ),
            Some(_) => (Algorithm::Astar, None),
            None => (
                Algorithm::Bfs,
                Some(
                    "breadth-first search chosen: block-puzzle heuristics are weak, so A* \
                     would expand nearly as many positions at a higher cost each, while the \
                     layered breadth-first search stores a few bytes per position on large \
                     spaces",
                ),
            ),
        }
    }

    /// The heuristic a search watched step by step runs when the user names none, and why.
    /// The solver's own default is the strongest, which on the 8-puzzle is exact: A* would
    /// expand only the solution path and show nothing of how it searches. So a watched search
    /// takes Manhattan distance on tile puzzles, and on block puzzles the weakest admissible
    /// heuristic that is not zero and applies (`blockers`, then `goal-distance`, then
    /// `relaxed`). `None` when none of them applies.
    pub fn watch_heuristic(&self, puzzle: &Puzzle, metric: Metric) -> Option<(String, String)> {
        let weakest_first: &[&str] = if self.tiles.is_some() {
            &["manhattan", "misplaced"]
        } else {
            &["blockers", "goal-distance", "relaxed"]
        };
        let offered = self.heuristics(puzzle, metric, None);
        let chosen = weakest_first.iter().find(|name| {
            offered
                .iter()
                .any(|h| h.name == **name && h.admissible && h.applicable.is_ok())
        })?;
        let why = if self.tiles.is_some() {
            "the default pattern databases are exact on small boards, so the search would \
             go straight down the solution path and show nothing of how it searches"
        } else {
            "the weakest admissible estimate that is not zero, so that the search shows how \
             an estimate steers it"
        };
        Some((
            (*chosen).to_string(),
            format!("{} chosen for watching: {why}", heuristic_title(chosen)),
        ))
    }

    /// Whether `algorithm` shares its work among the control's threads on this puzzle: IDA*
    /// and IDDFS on any puzzle (the subtrees of the first levels), breadth-first search on
    /// block puzzles (the layers of the block engine's walks). The others run on one thread.
    pub fn uses_threads(&self, algorithm: Algorithm) -> bool {
        match algorithm {
            Algorithm::Idastar | Algorithm::Iddfs => true,
            Algorithm::Bfs => self.tiles.is_none(),
            _ => false,
        }
    }

    /// Whether `task` applies to the puzzle, decided without searching.
    ///
    /// # Errors
    /// The [`Refusal`] that says why it does not.
    pub fn applies(&self, task: Task) -> Result<(), Refusal> {
        if self.tiles.is_none() {
            return Ok(());
        }
        match task {
            Task::Solve | Task::Count | Task::Analyze | Task::Watch => Ok(()),
            Task::Explore => Err(Refusal::TilesHaveNoArrangements),
            Task::MakeHarder => Err(Refusal::TilesHaveNoOtherDesign),
            Task::Family => Err(Refusal::TilesHaveNoFamily),
        }
    }

    /// The heuristics for `puzzle` (the one profiled) in `metric`, applicable or not (with the
    /// reason); the first entry is the best admissible default. `pdb_cache` is where the
    /// caller keeps pattern databases: tables found there change the default.
    pub fn heuristics(
        &self,
        puzzle: &Puzzle,
        metric: Metric,
        pdb_cache: Option<&Path>,
    ) -> Vec<HeuristicInfo> {
        match &self.tiles {
            Some(layout) => tiles::heuristics(layout, pdb_cache),
            None => blocks::heuristics(puzzle, metric),
        }
    }
}

/// The board of `puzzle` as a Rush Hour board, when the notation writes it: its size and the
/// primary car's row.
fn rush_hour_board(puzzle: &Puzzle) -> Option<RushHourBoard> {
    rushhour::to_string(puzzle).ok()?;
    let primary = Cell::Piece(Token::new(&rushhour::RED_CAR.to_string()).ok()?);
    let first = puzzle.cells.iter().position(|&cell| cell == primary)?;
    Some(RushHourBoard {
        rows: puzzle.rows,
        cols: puzzle.cols,
        primary_row: first / puzzle.cols,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::library;

    #[test]
    fn tiles_refuse_the_tasks_of_block_designs_and_blocks_refuse_none() {
        let eight = Puzzle::tiles(3, 3, &[1, 2, 3, 4, 5, 6, 7, 0, 8], None).unwrap();
        let tiles = PuzzleProfile::of(&eight);
        assert_eq!(tiles.kind(), PuzzleType::Tiles);
        assert_eq!(
            tiles.applies(Task::MakeHarder),
            Err(Refusal::TilesHaveNoOtherDesign)
        );
        assert_eq!(tiles.applies(Task::Family), Err(Refusal::TilesHaveNoFamily));
        assert_eq!(tiles.reachable_tile_positions(), Some(181_440));
        assert!(!tiles.uses_threads(Algorithm::Bfs));
        let klotski =
            crate::model::file::parse(library::find("klotski.ron").unwrap().text).unwrap();
        let blocks = PuzzleProfile::of(&klotski);
        assert_eq!(blocks.kind(), PuzzleType::Blocks);
        for task in [
            Task::Solve,
            Task::Count,
            Task::Analyze,
            Task::Explore,
            Task::MakeHarder,
            Task::Family,
            Task::Watch,
        ] {
            assert_eq!(blocks.applies(task), Ok(()));
        }
        assert_eq!(blocks.default_algorithm().0, Algorithm::Bfs);
        assert!(blocks.uses_threads(Algorithm::Bfs));
        assert_eq!(blocks.rush_hour(), None);
        assert_eq!(blocks.reachable_tile_positions(), None);
    }

    #[test]
    fn a_rush_hour_board_knows_its_primary_row() {
        let puzzle = rushhour::parse("IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM").unwrap();
        let board = PuzzleProfile::of(&puzzle).rush_hour().unwrap();
        assert_eq!((board.rows, board.cols, board.primary_row), (6, 6, 2));
    }

    #[test]
    fn large_tile_boards_default_to_idastar_with_a_reason() {
        let start: Vec<u32> = (1..25).chain([0]).collect();
        let puzzle = Puzzle::tiles(5, 5, &start, None).unwrap();
        let (algorithm, why) = PuzzleProfile::of(&puzzle).default_algorithm();
        assert_eq!(algorithm, Algorithm::Idastar);
        assert!(why.is_some());
    }

    #[test]
    fn a_watched_search_takes_a_weak_admissible_heuristic_that_is_not_zero() {
        let eight = Puzzle::tiles(3, 3, &[1, 2, 3, 4, 5, 6, 7, 0, 8], None).unwrap();
        let (name, why) = PuzzleProfile::of(&eight)
            .watch_heuristic(&eight, Metric::Step)
            .unwrap();
        assert_eq!(name, "manhattan");
        assert!(why.contains("Manhattan"), "{why}");
        let blocks = Puzzle::from_rows(&["A A .", ". B ."], &[". . .", ". A A"]).unwrap();
        let profile = PuzzleProfile::of(&blocks);
        for metric in [Metric::Step, Metric::Slide, Metric::Move] {
            let (name, _) = profile.watch_heuristic(&blocks, metric).unwrap();
            let info = profile
                .heuristics(&blocks, metric, None)
                .into_iter()
                .find(|h| h.name == name)
                .unwrap();
            assert!(info.admissible && info.applicable.is_ok() && name != "zero");
        }
    }
}
