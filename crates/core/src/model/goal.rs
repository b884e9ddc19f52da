//! Goal semantics: when a position satisfies a puzzle's goal pattern.
//!
//! This is the source of truth every solver is checked against:
//! - Each goal cell names a piece token; every other cell is "don't care".
//! - An anchored goal is checked at its cells as drawn. An `anywhere` goal may match at any
//!   translation that keeps the whole pattern on the board.
//! - Pieces that share a declared kind are interchangeable: a goal token `t` is satisfied by
//!   any piece of `t`'s kind. All goal cells naming `t` must be covered by one and the same
//!   piece, and distinct goal tokens must be covered by distinct pieces.
//! - A goal may name only some of a piece's cells.

use std::collections::BTreeMap;

use super::puzzle::{Cell, Dir, Puzzle};
use super::rules::Axis;
use super::token::Token;

/// How a position satisfies a goal: where the pattern matched, and which piece stands in for
/// each goal token.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GoalMatch {
    /// The translation (rows, columns) at which the pattern matched; `(0, 0)` for anchored
    /// goals.
    pub offset: (i32, i32),
    /// For each token named by the goal, the piece on the board that covers its cells.
    pub assignment: BTreeMap<Token, Token>,
}

impl Puzzle {
    /// The goal's cells as `(row, col, token)`, in reading order.
    pub fn goal_cells(&self) -> Vec<(usize, usize, Token)> {
        let cols = self.cols.max(1);
        self.goal
            .cells
            .iter()
            .enumerate()
            .filter_map(|(i, c)| c.map(|t| (i / cols, i % cols, t)))
            .collect()
    }

    /// The translations at which the goal pattern is tried: `(0, 0)` for an anchored (or
    /// empty) goal; for an `anywhere` goal every translation that keeps the pattern on the
    /// board, in reading order of the pattern's top-left corner.
    pub fn goal_offsets(&self) -> Vec<(i32, i32)> {
        let cells = self.goal_cells();
        if !self.goal.anywhere || cells.is_empty() {
            return vec![(0, 0)];
        }
        let r_min = cells.iter().map(|c| c.0).min().unwrap_or(0) as i32;
        let r_max = cells.iter().map(|c| c.0).max().unwrap_or(0) as i32;
        let c_min = cells.iter().map(|c| c.1).min().unwrap_or(0) as i32;
        let c_max = cells.iter().map(|c| c.1).max().unwrap_or(0) as i32;
        let (rows, cols) = (self.rows as i32, self.cols as i32);
        let mut out = Vec::new();
        for dr in -r_min..rows - r_max {
            for dc in -c_min..cols - c_max {
                out.push((dr, dc));
            }
        }
        out
    }

    /// Whether the start position satisfies the goal.
    pub fn goal_satisfied(&self) -> bool {
        self.goal_satisfied_by(&self.cells)
    }

    /// Whether the position `cells` (row-major, this puzzle's size) satisfies this puzzle's
    /// goal, using this puzzle's kinds.
    pub fn goal_satisfied_by(&self, cells: &[Cell]) -> bool {
        self.goal_match(cells).is_some()
    }

    /// How the position `cells` satisfies the goal, or `None` when it does not. An empty goal
    /// is satisfied by every position.
    pub fn goal_match(&self, cells: &[Cell]) -> Option<GoalMatch> {
        if cells.len() != self.rows * self.cols || self.goal.cells.len() != cells.len() {
            return None;
        }
        let goal = self.goal_cells();
        let mut kinds: BTreeMap<Token, String> = BTreeMap::new();
        let mut kind = |t: Token| kinds.entry(t).or_insert_with(|| self.kind_of(t)).clone();
        'offsets: for offset in self.goal_offsets() {
            let mut assignment: BTreeMap<Token, Token> = BTreeMap::new();
            for &(r, c, want) in &goal {
                let (r, c) = (r as i32 + offset.0, c as i32 + offset.1);
                if r < 0 || c < 0 || r >= self.rows as i32 || c >= self.cols as i32 {
                    continue 'offsets;
                }
                let Cell::Piece(have) = cells[r as usize * self.cols + c as usize] else {
                    continue 'offsets;
                };
                match assignment.get(&want) {
                    Some(&p) if p != have => continue 'offsets,
                    Some(_) => {}
                    None => {
                        if have != want && kind(have) != kind(want) {
                            continue 'offsets;
                        }
                        assignment.insert(want, have);
                    }
                }
            }
            let mut used: Vec<Token> = assignment.values().copied().collect();
            used.sort_unstable();
            used.dedup();
            if used.len() == assignment.len() {
                return Some(GoalMatch { offset, assignment });
            }
        }
        None
    }
}

/// An exit: an axis-locked piece's goal reaches the board's edge along its axis, so the
/// piece leaves there (the red car's exit in Rush Hour).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Exit {
    /// The side of the board, as the direction the piece leaves in.
    pub side: Dir,
    /// The row (left and right sides) or column (top and bottom) of the opening.
    pub line: usize,
    /// The piece that leaves there.
    pub piece: Token,
}

/// The exits of `puzzle`'s goal (see [`Exit`]); none for a goal that may match anywhere.
pub fn exits(puzzle: &Puzzle) -> Vec<Exit> {
    let (rows, cols) = (puzzle.rows, puzzle.cols);
    let mut out = Vec::new();
    if puzzle.goal.anywhere || cols == 0 {
        return out;
    }
    for (i, cell) in puzzle.goal.cells.iter().enumerate() {
        let Some(piece) = *cell else { continue };
        let (r, c) = (i / cols, i % cols);
        let side = match puzzle.axis_of(piece) {
            Axis::Horizontal if c + 1 == cols => Dir::Right,
            Axis::Horizontal if c == 0 => Dir::Left,
            Axis::Vertical if r + 1 == rows => Dir::Down,
            Axis::Vertical if r == 0 => Dir::Up,
            _ => continue,
        };
        let line = if matches!(side, Dir::Left | Dir::Right) {
            r
        } else {
            c
        };
        out.push(Exit { side, line, piece });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::puzzle::{Dir, PieceStyle};

    fn t(s: &str) -> Token {
        Token::new(s).unwrap()
    }

    fn set_kind(p: &mut Puzzle, tokens: &[&str], kind: &str) {
        for &tok in tokens {
            p.styles.insert(
                t(tok),
                PieceStyle {
                    kind: Some(kind.into()),
                    ..PieceStyle::default()
                },
            );
        }
    }

    #[test]
    fn klotski_goal_is_anchored() {
        let mut p = Puzzle::from_rows(
            &["B A A C", "B A A C", "D E E F", "D G H F", "I . . J"],
            &[". . . .", ". . . .", ". . . .", ". A A .", ". A A ."],
        )
        .unwrap();
        assert!(!p.goal_satisfied());
        let solved = Puzzle::from_rows(
            &["B E E C", "B G H C", "D . . F", "D A A F", "I A A J"],
            &[] as &[&str],
        )
        .unwrap();
        assert!(p.goal_satisfied_by(&solved.cells));
        // Shifted one column: the anchored goal is not met.
        let shifted = Puzzle::from_rows(
            &["B E E C", "B G H C", "D . . F", "D . A A", "I . A A"],
            &[] as &[&str],
        )
        .unwrap();
        assert!(!p.goal_satisfied_by(&shifted.cells));
        p.goal.anywhere = true;
        assert!(p.goal_satisfied_by(&shifted.cells));
    }

    fn two_ls() -> Puzzle {
        let mut p = Puzzle::from_rows(
            &[
                "1 1 1 2 2",
                "3 3 4 4 2",
                "7 5 5 6 6",
                "7 7 8 8 8",
                ". . . 9 .",
            ],
            &[
                ". . . . .",
                ". . . . .",
                "7 2 . . .",
                "7 7 . . .",
                ". . . . .",
            ],
        )
        .unwrap();
        p.goal.anywhere = true;
        p
    }

    /// The seed notebook's goal test: the cell right of L7's first cell belongs to L2.
    fn seed_goal(cells: &[Cell], cols: usize) -> bool {
        let seven = Cell::Piece(t("7"));
        let i = cells.iter().position(|c| *c == seven).unwrap();
        i % cols + 1 < cols && cells[i + 1] == Cell::Piece(t("2"))
    }

    #[test]
    fn two_ls_floating_goal_agrees_with_the_seed() {
        let p = two_ls();
        assert!(!p.goal_satisfied());
        assert_eq!(p.goal_offsets().len(), 4 * 4);
        // Walk a few hundred random-ish positions and compare with the seed's test.
        let mut q = p.clone();
        let pieces: Vec<Token> = p.pieces().iter().map(|x| x.token).collect();
        let mut seed = 12345u64;
        for _ in 0..3000 {
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            let piece = pieces[(seed >> 33) as usize % pieces.len()];
            let dir = Dir::ALL[(seed >> 40) as usize % 4];
            if q.step(piece, dir).is_ok() {
                let expected = seed_goal(&q.cells, q.cols);
                assert_eq!(
                    p.goal_satisfied_by(&q.cells),
                    expected,
                    "{:?}",
                    q.board_rows()
                );
            }
        }
        let met = Puzzle::from_rows(
            &[
                "1 1 1 . .",
                "3 3 4 4 .",
                "5 5 7 2 2",
                "6 6 7 7 2",
                "8 8 8 9 .",
            ],
            &[] as &[&str],
        )
        .unwrap();
        assert!(p.goal_satisfied_by(&met.cells));
        assert!(seed_goal(&met.cells, 5));
    }

    #[test]
    fn kinds_are_interchangeable() {
        // Two identical dominoes of one kind; the goal names `A` but `B` may stand in.
        let mut p = Puzzle::from_rows(&["A A", "B B", ". ."], &[". .", ". .", "A A"]).unwrap();
        let swapped = Puzzle::from_rows(&["A A", ". .", "B B"], &[] as &[&str]).unwrap();
        assert!(!p.goal_satisfied_by(&swapped.cells));
        set_kind(&mut p, &["A", "B"], "domino");
        let m = p.goal_match(&swapped.cells).unwrap();
        assert_eq!(m.assignment[&t("A")], t("B"));
    }

    #[test]
    fn distinct_goal_tokens_need_distinct_pieces() {
        // Goal names one cell of A and one of B (same kind); a single piece covering both
        // cells does not satisfy it.
        let mut p = Puzzle::from_rows(&["A A", ". .", "B B"], &["A B", ". .", ". ."]).unwrap();
        set_kind(&mut p, &["A", "B"], "domino");
        assert!(!p.goal_satisfied());
        let both = Puzzle::from_rows(&["A .", "A B", ". B"], &[] as &[&str]).unwrap();
        assert!(!p.goal_satisfied_by(&both.cells));
    }

    #[test]
    fn one_goal_token_needs_one_piece() {
        // Goal names two cells with `A`; two different pieces of A's kind covering one each
        // do not count.
        let mut p = Puzzle::from_rows(&["A B", ". ."], &["A .", "A ."]).unwrap();
        set_kind(&mut p, &["A", "B"], "unit");
        let split = Puzzle::from_rows(&["A .", "B ."], &[] as &[&str]).unwrap();
        assert!(!p.goal_satisfied_by(&split.cells));
    }

    #[test]
    fn partial_goals_and_empty_goals() {
        let p = Puzzle::from_rows(&["A A .", ". . ."], &[". . .", ". . A"]).unwrap();
        let moved = Puzzle::from_rows(&[". . .", ". A A"], &[] as &[&str]).unwrap();
        assert!(p.goal_satisfied_by(&moved.cells));
        let free = Puzzle::from_rows(&["A A .", ". . ."], &[] as &[&str]).unwrap();
        assert!(free.goal_satisfied());
        assert_eq!(free.goal_offsets(), vec![(0, 0)]);
    }

    #[test]
    fn wrong_sizes_never_match() {
        let p = Puzzle::from_rows(&["A ."], &["A ."]).unwrap();
        assert!(p.goal_satisfied());
        assert!(!p.goal_satisfied_by(&[Cell::Empty]));
    }
}
