//! The tile fast path behind the front door: its heuristics (pattern databases cached where
//! the domain was told), parity answered without search, and positions shown as puzzles.

use crate::model::tiles::is_solvable;
use crate::model::{Cell, Dir, PieceMove, Puzzle, PuzzleType};
use crate::solve::core::{HeuristicError, HeuristicInfo, SearchControl};
use crate::solve::puzzle_domain::PuzzleDomain;

use super::heuristic::{
    TileHeuristic, build_estimate, heuristic_within, heuristics_including, stronger_tables_note,
};
use super::{TileDomain, TileState};
use crate::solve::estimate::BuildEstimate;

impl PuzzleDomain for TileDomain {
    type Heuristic = TileHeuristic;

    const TYPE: PuzzleType = PuzzleType::Tiles;

    fn heuristics(&self, requested: Option<&str>) -> Vec<HeuristicInfo> {
        heuristics_including(&self.layout(), requested, self.pdb_cache())
    }

    fn build_estimate(&self, name: &str) -> Option<BuildEstimate> {
        build_estimate(self, name, self.pdb_cache())
    }

    fn stronger_heuristic_note(&self, used: &str) -> Option<String> {
        stronger_tables_note(&self.layout(), used, self.pdb_cache())
    }

    fn position(&self, puzzle: &Puzzle, state: &TileState) -> Puzzle {
        let tokens = self.layout().tokens;
        let mut position = puzzle.clone();
        for (cell, tile) in position.cells.iter_mut().zip(state.to_cells(self.cells())) {
            // Invariant: a domain built from a puzzle's tile layout has a token for every tile.
            *cell = match tile {
                0 => Cell::Empty,
                t => Cell::Piece(tokens[usize::from(t)].expect("every tile has its token")),
            };
        }
        position
    }

    fn heuristic(
        &self,
        name: &str,
        control: &mut SearchControl,
        notes: &mut Vec<String>,
    ) -> Result<TileHeuristic, HeuristicError> {
        heuristic_within(self, name, control, notes)
    }

    fn piece_moves(&self, path: &[Dir]) -> Vec<PieceMove> {
        TileDomain::piece_moves(self, path)
    }

    fn blank_moves(&self, path: &[Dir]) -> Option<String> {
        Some(TileDomain::blank_moves(path))
    }

    fn unsolvable_without_search(&self) -> Option<&'static str> {
        if is_solvable(&self.layout()) {
            None
        } else if self.rows == 1 || self.cols == 1 {
            Some(
                "unsolvable, decided without search: on one row or column tiles cannot pass \
                 each other",
            )
        } else {
            Some(
                "unsolvable, decided without search: the start and the goal have opposite \
                 permutation parity",
            )
        }
    }
}
