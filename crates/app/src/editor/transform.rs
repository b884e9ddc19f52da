//! Rotating and mirroring, of selected pieces in place or of the whole design, and clearing
//! the board: pure functions on a puzzle, which the app applies as single undo steps.

use blockslide_core::model::{Cell, Puzzle, Token};

use super::edit::{self, piece_cells};
pub use crate::command::Transform;
use crate::common::board::{CellPos, Layer};

/// Why selected pieces could not be rotated or mirrored in place.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TransformError {
    /// No piece on the board is selected.
    #[error("no piece is selected: click one with the Move tool (M) or pick it in the palette")]
    NothingSelected,
    /// Part of the result would be off the board.
    #[error("it would leave the board")]
    OffBoard,
    /// The result would cover another piece.
    #[error("it would overlap piece {0}")]
    Piece(Token),
    /// The result would cover a wall.
    #[error("it would overlap a wall")]
    Wall,
}

/// `values`, one per cell of a `rows x cols` grid in reading order, moved where `transform`
/// takes their cells (a grid of `transform.size`). Values past the grid stay where they are.
fn remap<T: Clone>(values: &[T], size: (usize, usize), transform: Transform) -> Vec<T> {
    let (_, new_cols) = transform.size(size);
    let mut out = values.to_vec();
    for (i, value) in values.iter().enumerate().take(size.0 * size.1) {
        let (r, c) = transform.map((i / size.1, i % size.1), size);
        if let Some(slot) = out.get_mut(r * new_cols + c) {
            slot.clone_from(value);
        }
    }
    out
}

/// The whole design rotated or mirrored: board, pieces, walls, goal and zones together, a
/// quarter turn of a non-square board swapping its rows and columns, and every locked piece
/// still moving along its length.
pub fn transform_design(puzzle: &Puzzle, transform: Transform) -> Puzzle {
    let size = (puzzle.rows, puzzle.cols);
    let mut out = puzzle.clone();
    (out.rows, out.cols) = transform.size(size);
    out.cells = remap(&puzzle.cells, size, transform);
    out.goal.cells = remap(&puzzle.goal.cells, size, transform);
    for zone in &mut out.zones {
        zone.cells = remap(&zone.cells, size, transform);
    }
    for style in out.styles.values_mut() {
        style.axis = transform.axis(style.axis);
    }
    out
}

/// Rotates or mirrors the pieces `tokens` of the start position together, in place: around
/// the middle of the rectangle that bounds them, so a quarter turn and its inverse give the
/// pieces back where they were. A quarter turn swaps the axis of a locked piece. Goal cells
/// stay as they are.
///
/// Tokens of pieces not on the board are ignored.
///
/// # Errors
/// A [`TransformError`] when no piece is given or the result would leave the board or cover
/// a wall or another piece; the puzzle is then unchanged.
pub fn transform_pieces(
    puzzle: &mut Puzzle,
    tokens: &[Token],
    transform: Transform,
) -> Result<(), TransformError> {
    let cells: Vec<(Token, CellPos)> = tokens
        .iter()
        .flat_map(|&t| {
            piece_cells(puzzle, Layer::Start, t)
                .into_iter()
                .map(move |cell| (t, cell))
        })
        .collect();
    let Some(((r0, c0), (r1, c1))) = bounds(cells.iter().map(|&(_, cell)| cell)) else {
        return Err(TransformError::NothingSelected);
    };
    let size = (r1 - r0 + 1, c1 - c0 + 1);
    let new_size = transform.size(size);
    // Integer division truncates towards zero, so the shifts of a turn and of the turn back
    // cancel.
    let top = r0 as i64 + (size.0 as i64 - new_size.0 as i64) / 2;
    let left = c0 as i64 + (size.1 as i64 - new_size.1 as i64) / 2;
    let mut targets = Vec::with_capacity(cells.len());
    for &(token, (r, c)) in &cells {
        let (mr, mc) = transform.map((r - r0, c - c0), size);
        let (nr, nc) = (top + mr as i64, left + mc as i64);
        if nr < 0 || nc < 0 || nr >= puzzle.rows as i64 || nc >= puzzle.cols as i64 {
            return Err(TransformError::OffBoard);
        }
        targets.push((token, (nr as usize, nc as usize)));
    }
    let mut result = puzzle.clone();
    for &(_, (r, c)) in &cells {
        result.set_cell(r, c, Cell::Empty);
    }
    for &(token, (r, c)) in &targets {
        match result.cell(r, c) {
            Cell::Empty => result.set_cell(r, c, Cell::Piece(token)),
            Cell::Wall => return Err(TransformError::Wall),
            Cell::Piece(other) => return Err(TransformError::Piece(other)),
        }
    }
    if transform.turns() {
        let mut moved: Vec<Token> = cells.iter().map(|&(t, _)| t).collect();
        moved.dedup();
        for token in moved {
            let axis = transform.axis(result.axis_of(token));
            edit::set_axis(&mut result, token, axis);
        }
    }
    *puzzle = result;
    Ok(())
}

/// The top-left and bottom-right corners of the rectangle bounding `cells`; `None` for no
/// cells.
pub fn bounds(cells: impl IntoIterator<Item = CellPos>) -> Option<(CellPos, CellPos)> {
    cells.into_iter().fold(None, |acc, (r, c)| {
        Some(match acc {
            None => ((r, c), (r, c)),
            Some(((r0, c0), (r1, c1))) => ((r0.min(r), c0.min(c)), (r1.max(r), c1.max(c))),
        })
    })
}

/// Empties the board, keeping its size, name, notes and zones: every piece and wall goes,
/// and with the pieces their goal cells, styles and zone rights.
pub fn clear_board(puzzle: &mut Puzzle) {
    puzzle.cells.iter_mut().for_each(|c| *c = Cell::Empty);
    edit::clear_goal(puzzle);
    edit::prune_styles(puzzle);
}

#[cfg(test)]
mod tests {
    use super::*;
    use blockslide_core::model::Axis;
    use blockslide_core::model::{PieceStyle, Zone, ZoneRight};

    fn t(s: &str) -> Token {
        Token::new(s).expect("valid token")
    }

    /// A 3x4 design with a locked truck, a wall, a goal and a zone, so every part is seen
    /// to follow.
    fn design() -> Puzzle {
        let mut p = Puzzle::from_rows(
            &["A A . #", "B . . .", "B . C C"],
            &[". . . .", ". . A A", ". . . ."],
        )
        .expect("valid rows");
        p.styles.insert(
            t("A"),
            PieceStyle {
                axis: Axis::Horizontal,
                ..PieceStyle::default()
            },
        );
        let mut cells = vec![false; 12];
        cells[7] = true;
        p.zones.push(Zone {
            name: t("x"),
            cells,
            allow: vec![ZoneRight::Piece(t("A"))],
        });
        p
    }

    #[test]
    fn four_quarter_turns_or_two_mirrors_give_the_design_back() {
        let p = design();
        for transform in Transform::ALL {
            let times = if transform.turns() { 4 } else { 2 };
            let mut q = p.clone();
            for _ in 0..times {
                q = transform_design(&q, transform);
            }
            assert_eq!(q, p, "{transform:?}");
        }
        let there_and_back = transform_design(
            &transform_design(&p, Transform::RotateClockwise),
            Transform::RotateAnticlockwise,
        );
        assert_eq!(there_and_back, p);
    }

    #[test]
    fn a_quarter_turn_swaps_rows_and_columns_and_the_goal_and_zones_follow() {
        let q = transform_design(&design(), Transform::RotateClockwise);
        assert_eq!((q.rows, q.cols), (4, 3));
        assert_eq!(
            q.board_rows(),
            ["B B A", ". . A", "C . .", "C . #"],
            "the wall top right goes bottom right"
        );
        assert_eq!(q.goal_rows(), [". . .", ". . .", ". A .", ". A ."]);
        // The zone was at row 1, column 3: now row 3, column 1.
        assert_eq!(edit::zone_at(&q, 3 * 3 + 1).map(|z| z.name), Some(t("x")));
        assert_eq!(q.axis_of(t("A")), Axis::Vertical, "a lying truck stands up");
    }

    #[test]
    fn a_mirror_keeps_the_size_and_the_axes() {
        let q = transform_design(&design(), Transform::MirrorLeftRight);
        assert_eq!(q.board_rows(), ["# . A A", ". . . B", "C C . B"]);
        assert_eq!(q.goal_rows(), [". . . .", "A A . .", ". . . ."]);
        assert_eq!(q.axis_of(t("A")), Axis::Horizontal);
        let q = transform_design(&design(), Transform::MirrorTopBottom);
        assert_eq!(q.board_rows(), ["B . C C", "B . . .", "A A . #"]);
        assert_eq!(edit::zone_at(&q, 4 + 3).map(|z| z.name), Some(t("x")));
    }

    #[test]
    fn a_piece_turns_in_place_and_back() {
        let mut p = Puzzle::from_rows(&[". . . .", "A A A .", ". . . ."], &[]).expect("rows");
        set_locked(&mut p, "A", Axis::Horizontal);
        let before = p.clone();
        transform_pieces(&mut p, &[t("A")], Transform::RotateClockwise).expect("fits");
        assert_eq!(p.board_rows(), [". A . .", ". A . .", ". A . ."]);
        assert_eq!(p.axis_of(t("A")), Axis::Vertical);
        for _ in 0..3 {
            transform_pieces(&mut p, &[t("A")], Transform::RotateClockwise).expect("fits");
        }
        assert_eq!(p, before, "four quarter turns");
        let mut q = Puzzle::from_rows(&["A A .", "A . .", ". . ."], &[]).expect("rows");
        let l = q.clone();
        transform_pieces(&mut q, &[t("A")], Transform::MirrorLeftRight).expect("fits");
        assert_eq!(q.board_rows(), ["A A .", ". A .", ". . ."]);
        transform_pieces(&mut q, &[t("A")], Transform::MirrorLeftRight).expect("fits");
        assert_eq!(q, l, "two mirrors");
    }

    fn set_locked(p: &mut Puzzle, token: &str, axis: Axis) {
        edit::set_axis(p, t(token), axis);
    }

    #[test]
    fn a_piece_that_would_not_fit_is_refused_and_left_alone() {
        let mut p = Puzzle::from_rows(&["A A A", "B . #"], &[]).expect("rows");
        let before = p.clone();
        assert_eq!(
            transform_pieces(&mut p, &[t("A")], Transform::RotateClockwise),
            Err(TransformError::OffBoard)
        );
        let mut q = Puzzle::from_rows(&[". B .", "A A A", ". . ."], &[]).expect("rows");
        assert_eq!(
            transform_pieces(&mut q, &[t("A")], Transform::RotateClockwise),
            Err(TransformError::Piece(t("B")))
        );
        assert_eq!(
            transform_pieces(&mut p, &[t("Q")], Transform::MirrorLeftRight),
            Err(TransformError::NothingSelected)
        );
        assert_eq!(p, before);
        let mut w = Puzzle::from_rows(&["A A", "# ."], &[]).expect("rows");
        assert_eq!(
            transform_pieces(&mut w, &[t("A")], Transform::MirrorTopBottom),
            Ok(()),
            "a piece one row high mirrors onto itself"
        );
        assert_eq!(
            transform_pieces(&mut w, &[t("A")], Transform::RotateClockwise),
            Err(TransformError::Wall)
        );
    }

    #[test]
    fn selected_pieces_turn_together() {
        let mut p = Puzzle::from_rows(&["A B .", ". . .", ". . ."], &[]).expect("rows");
        transform_pieces(&mut p, &[t("A"), t("B")], Transform::RotateClockwise).expect("fits");
        assert_eq!(p.board_rows(), ["A . .", "B . .", ". . ."]);
    }

    #[test]
    fn clearing_the_board_keeps_its_size_and_zones() {
        let mut p = design();
        clear_board(&mut p);
        assert_eq!((p.rows, p.cols), (3, 4));
        assert!(p.cells.iter().all(|c| *c == Cell::Empty));
        assert!(p.goal.is_empty());
        assert!(p.styles.is_empty());
        assert_eq!(p.zones.len(), 1);
        assert!(p.zones[0].allow.is_empty(), "rights of removed pieces go");
    }
}
