//! A Rush Hour puzzle seen as a unit of a family: its walls, and its vehicles by line and
//! length. Walking that unit judges every placement of the puzzle's vehicles at once (each
//! cluster and its hardest start), which is what a design search wants of a candidate: the
//! vehicles' places along their lines are the player's business, their lines and lengths
//! the designer's.

use super::geometry::{Geometry, MAX_VEHICLES};
use super::{MAX_WALLS, RushHourFamily, RushHourRules, Unit, UnitWalk, Vehicle};
use crate::model::rules::Axis;
use crate::model::rushhour::{self, RED_CAR};
use crate::model::token::Token;
use crate::model::{Cell, Puzzle};

/// A Rush Hour puzzle's unit, with which piece each of its vehicles is.
#[derive(Clone, Debug)]
pub struct Layout {
    family: RushHourFamily,
    unit: Unit,
    /// Each vehicle's piece, in the unit's order.
    tokens: Vec<Token>,
}

impl Layout {
    /// The unit of `puzzle` when it is a Rush Hour puzzle the family engine holds: Fogleman's
    /// notation writes it ([`rushhour::to_string`]: straight vehicles locked to their axes,
    /// the red car `A` horizontal with the goal at the exit of its row), its board has at
    /// most 42 cells, its vehicles are cars and trucks (2 or 3 cells), at most 21 of them.
    pub fn of(puzzle: &Puzzle) -> Option<Layout> {
        rushhour::to_string(puzzle).ok()?;
        let red = Token::new(&RED_CAR.to_string()).ok()?;
        let cols = puzzle.cols;
        let mut pieces: Vec<(bool, usize, usize, u8, Token)> = Vec::new();
        let mut primary_row = None;
        for piece in puzzle.pieces() {
            let horizontal = puzzle.axis_of(piece.token) == Axis::Horizontal;
            let (row, col) = piece.cells.iter().min().copied()?;
            let len = u8::try_from(piece.cells.len()).ok()?;
            if !(2..=3).contains(&len) {
                return None;
            }
            if piece.token == red {
                if !horizontal || len != 2 {
                    return None;
                }
                primary_row = Some(row);
            }
            let (line, start) = if horizontal { (row, col) } else { (col, row) };
            pieces.push((!horizontal, line, start, len, piece.token));
        }
        if pieces.len() > MAX_VEHICLES {
            return None;
        }
        // Rows from the top, then columns from the left; along a line in order: the unit's.
        pieces.sort();
        let walls = puzzle
            .cells
            .iter()
            .enumerate()
            .filter(|(_, cell)| **cell == Cell::Wall)
            .fold(0u64, |set, (i, _)| set | 1 << i);
        let family = RushHourFamily {
            rows: puzzle.rows,
            cols,
            primary_row: primary_row?,
            // Only the family's enumeration reads it; a unit is walked whatever its walls.
            max_walls: (walls.count_ones() as usize).min(MAX_WALLS),
            rules: RushHourRules::default(),
        };
        family.validate().ok()?;
        let vehicles = pieces
            .iter()
            .map(|&(vertical, line, _, len, token)| {
                Some(Vehicle {
                    line: u8::try_from(line).ok()?,
                    horizontal: !vertical,
                    len,
                    primary: token == red,
                })
            })
            .collect::<Option<Vec<_>>>()?;
        Some(Layout {
            family,
            unit: Unit { walls, vehicles },
            tokens: pieces.iter().map(|p| p.4).collect(),
        })
    }

    /// The unit.
    pub fn unit(&self) -> &Unit {
        &self.unit
    }

    /// The unit's clusters with a goal, when it has at most `limit` positions.
    pub fn walk_goal_clusters(&self, limit: usize) -> Option<UnitWalk> {
        self.family.walk_goal_clusters(&self.unit, limit)
    }

    /// `puzzle` (the puzzle this layout is of, or one with the same vehicles) with its
    /// vehicles where the unit's position `key` puts them.
    pub fn position(&self, puzzle: &Puzzle, key: u64) -> Puzzle {
        let geometry = Geometry::new(&self.family, &self.unit);
        let mut moved = puzzle.clone();
        for cell in &mut moved.cells {
            if matches!(cell, Cell::Piece(_)) {
                *cell = Cell::Empty;
            }
        }
        for (v, &token) in self.tokens.iter().enumerate() {
            let mut mask = geometry.masks[v][geometry.offset(key, v)];
            while mask != 0 {
                let cell = mask.trailing_zeros() as usize;
                mask &= mask - 1;
                if let Some(slot) = moved.cells.get_mut(cell) {
                    *slot = Cell::Piece(token);
                }
            }
        }
        moved
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::rushhour::parse;

    #[test]
    fn a_puzzles_unit_holds_its_position_and_gives_back_its_hardest_start() {
        // Fogleman's 51-move 6x6 puzzle.
        let board = "BCCoDoBEFoDGBEFAAGHHHIoGooJIKKLLJMMo";
        let puzzle = parse(board).expect("the board reads");
        let layout = Layout::of(&puzzle).expect("a Rush Hour layout");
        assert_eq!(layout.unit().vehicles.len(), 13);
        let walk = layout.walk_goal_clusters(usize::MAX).expect("walked");
        let hardest = walk
            .clusters
            .iter()
            .filter_map(|c| Some((c.moves()?, c.hardest?)))
            .max_by_key(|&(moves, _)| moves)
            .expect("a solvable cluster");
        assert_eq!(hardest.0, 51);
        let start = layout.position(&puzzle, hardest.1);
        assert_eq!(rushhour::to_string(&start).as_deref(), Ok(board));
        assert!(layout.walk_goal_clusters(10).is_none());
    }

    #[test]
    fn the_goal_clusters_walk_finds_what_the_whole_walk_finds_of_them() {
        let family = RushHourFamily::new(4, 4, 1).expect("a 4x4 family");
        let mut solvable = 0;
        for unit in family.units() {
            let whole: Vec<_> = family
                .walk(&unit)
                .clusters
                .into_iter()
                .filter(|c| c.hardest.is_some())
                .map(|c| (c.states, c.histogram, c.hardest))
                .collect();
            let goal: Vec<_> = family
                .walk_goal_clusters(&unit, usize::MAX)
                .expect("walked")
                .clusters
                .into_iter()
                .map(|c| (c.states, c.histogram, c.hardest))
                .collect();
            assert_eq!(goal, whole, "{unit:?}");
            solvable += whole.len();
        }
        assert!(solvable > 1000, "{solvable}");
    }

    #[test]
    fn puzzles_the_engine_does_not_hold_have_no_layout() {
        let mut klotski =
            crate::model::file::parse(crate::model::library::find("klotski.ron").unwrap().text)
                .unwrap();
        assert!(Layout::of(&klotski).is_none());
        klotski.metric = Some(crate::model::Metric::Slide);
        assert!(Layout::of(&klotski).is_none());
        // A four-cell vehicle: the notation writes it, the engine's cars and trucks do not.
        let long = parse("ooooooooooooAAooooBBBBoooooooooooooo").expect("the board reads");
        assert!(Layout::of(&long).is_none());
    }
}
