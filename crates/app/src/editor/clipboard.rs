//! Copying, cutting and pasting pieces, within a design and between designs.
//!
//! What is copied is a puzzle of its own: the source's board size with only the copied
//! pieces on it, and their styles (name, colour, kind, axis). The app keeps it, so it
//! outlives the design it came from, and also puts it on the system clipboard as puzzle-file
//! text, so a puzzle file's text pasted from elsewhere pastes its pieces too.

use blockslide_core::model::{Cell, Puzzle, Token};
use egui::{Key, KeyboardShortcut, Modifiers};

use super::edit::{next_free_token, piece_cells, used_tokens};
use super::transform::bounds;
use crate::common::board::{CellPos, Layer};
use crate::common::colors::{next_palette_color, piece_color};

/// Ctrl+C: copy the selected pieces.
pub const COPY: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::C);
/// Ctrl+X: cut the selected pieces.
pub const CUT: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::X);
/// Ctrl+V: paste the copied pieces.
pub const PASTE: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::V);

/// The pieces `tokens` of `puzzle`'s start position with their styles, on an otherwise empty
/// board of the same size; `None` when none of them is on the board.
pub fn copy_pieces(puzzle: &Puzzle, tokens: &[Token]) -> Option<Puzzle> {
    let mut copy = Puzzle::empty(puzzle.rows, puzzle.cols);
    copy.name = "Copied pieces".into();
    for &token in tokens {
        for (r, c) in piece_cells(puzzle, Layer::Start, token) {
            copy.set_cell(r, c, Cell::Piece(token));
        }
        if let Some(style) = puzzle.styles.get(&token) {
            copy.styles.insert(token, style.clone());
        }
    }
    copy.styles
        .retain(|t, _| copy.cells.contains(&Cell::Piece(*t)));
    copy.cells
        .iter()
        .any(|c| matches!(c, Cell::Piece(_)))
        .then_some(copy)
}

/// How messages name `tokens`: "piece A", "pieces A, B".
pub fn describe(tokens: &[Token]) -> String {
    match tokens {
        [] => "no piece".into(),
        [one] => format!("piece {one}"),
        many => {
            let names: Vec<String> = many.iter().map(Token::to_string).collect();
            format!("pieces {}", names.join(", "))
        }
    }
}

/// Why copied pieces could not be pasted.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PasteError {
    /// Nothing was copied yet.
    #[error("nothing is copied yet: select pieces with the Move tool (M), then Edit > Copy")]
    Empty,
    /// No placement of the pieces fits in the empty cells of the board.
    #[error("the copied pieces need more room: no free place on this board fits them")]
    NoRoom,
}

/// Pastes the pieces of `copied` (made by [`copy_pieces`]) onto the start position, keeping
/// their shapes and places relative to each other. With `at` (the cell under the pointer),
/// their top left corner goes there, or as near as the board and its free cells allow;
/// without, they go to the cells they were copied from when those are free on this board,
/// else to the first free place in reading order. A piece keeps its token unless the puzzle
/// uses it, and gets the next free one then; its style goes with it.
///
/// Returns the tokens of the pasted pieces, in `copied`'s reading order.
///
/// # Errors
/// A [`PasteError`] when `copied` holds no piece or no place fits them; the puzzle is then
/// unchanged.
pub fn paste_pieces(
    puzzle: &mut Puzzle,
    copied: &Puzzle,
    at: Option<CellPos>,
) -> Result<Vec<Token>, PasteError> {
    let pieces = copied.pieces();
    let cells: Vec<(Token, CellPos)> = pieces
        .iter()
        .flat_map(|p| p.cells.iter().map(move |&cell| (p.token, cell)))
        .collect();
    let Some(((r0, c0), (r1, c1))) = bounds(cells.iter().map(|&(_, cell)| cell)) else {
        return Err(PasteError::Empty);
    };
    let (height, width) = (r1 - r0 + 1, c1 - c0 + 1);
    let fits = |top: usize, left: usize| {
        cells.iter().all(|&(_, (r, c))| {
            let (r, c) = (top + r - r0, left + c - c0);
            r < puzzle.rows && c < puzzle.cols && puzzle.cell(r, c) == Cell::Empty
        })
    };
    let mut places: Vec<CellPos> = (0..=puzzle.rows.saturating_sub(height))
        .flat_map(|top| (0..=puzzle.cols.saturating_sub(width)).map(move |left| (top, left)))
        .collect();
    let first = match at {
        // Nearest the pointer first; the sort is stable, so ties keep reading order.
        Some((r, c)) => {
            places.sort_by_key(|&(top, left)| top.abs_diff(r) + left.abs_diff(c));
            None
        }
        None => Some((r0, c0)),
    };
    let Some((top, left)) = first
        .into_iter()
        .chain(places)
        .find(|&(top, left)| fits(top, left))
    else {
        return Err(PasteError::NoRoom);
    };
    let mut pasted = Vec::with_capacity(pieces.len());
    for piece in &pieces {
        let token = if used_tokens(puzzle).contains(&piece.token) {
            next_free_token(puzzle)
        } else {
            piece.token
        };
        for &(r, c) in &piece.cells {
            puzzle.set_cell(top + r - r0, left + c - c0, Cell::Piece(token));
        }
        if let Some(style) = copied.styles.get(&piece.token) {
            puzzle.styles.insert(token, style.clone());
        }
        pasted.push(token);
    }
    recolor_copies(puzzle, &pasted);
    Ok(pasted)
}

/// Gives each pasted piece of `tokens` that is its own kind a colour of its own when another
/// piece of `puzzle` is drawn in its colour: everywhere else in the app, one colour for two
/// pieces says they are one kind, alike. A piece of a named kind keeps its kind's colour.
fn recolor_copies(puzzle: &mut Puzzle, tokens: &[Token]) {
    for &token in tokens {
        let own_kind = puzzle.styles.get(&token).is_none_or(|s| s.kind.is_none());
        if !own_kind || token.as_number().is_some() {
            continue;
        }
        let color = piece_color(puzzle, token);
        let shared = puzzle
            .pieces()
            .iter()
            .any(|p| p.token != token && piece_color(puzzle, p.token) == color);
        if shared {
            let fresh = next_palette_color(puzzle);
            puzzle.styles.entry(token).or_default().color = Some(fresh);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use blockslide_core::model::{Axis, PieceStyle};

    fn t(s: &str) -> Token {
        Token::new(s).expect("valid token")
    }

    #[test]
    fn copied_pieces_keep_their_places_and_styles() {
        let mut p = Puzzle::from_rows(&["A A B", ". . B", "C . ."], &[]).expect("rows");
        p.styles.insert(
            t("B"),
            PieceStyle {
                name: Some("Truck".into()),
                axis: Axis::Vertical,
                ..PieceStyle::default()
            },
        );
        let copy = copy_pieces(&p, &[t("A"), t("B")]).expect("on the board");
        assert_eq!(copy.board_rows(), ["A A B", ". . B", ". . ."]);
        assert_eq!(copy.styles.len(), 1);
        assert_eq!(copy_pieces(&p, &[t("Q")]), None);

        let mut empty = Puzzle::empty(3, 3);
        assert_eq!(
            paste_pieces(&mut empty, &copy, None),
            Ok(vec![t("A"), t("B")])
        );
        assert_eq!(empty.board_rows(), ["A A B", ". . B", ". . ."]);
        assert_eq!(empty.axis_of(t("B")), Axis::Vertical);
    }

    #[test]
    fn pasting_onto_taken_cells_finds_room_and_fresh_tokens() {
        let mut p = Puzzle::from_rows(&["A A .", ". . .", ". . ."], &[]).expect("rows");
        let copy = copy_pieces(&p, &[t("A")]).expect("on the board");
        assert_eq!(paste_pieces(&mut p, &copy, None), Ok(vec![t("B")]));
        assert_eq!(p.board_rows(), ["A A .", "B B .", ". . ."]);
        let mut full = Puzzle::from_rows(&["A . A", "A A A"], &[]).expect("rows");
        let before = full.clone();
        assert_eq!(
            paste_pieces(&mut full, &copy, None),
            Err(PasteError::NoRoom)
        );
        assert_eq!(full, before);
        assert_eq!(
            paste_pieces(&mut full, &Puzzle::empty(2, 2), None),
            Err(PasteError::Empty)
        );
    }

    #[test]
    fn pasting_at_the_pointer_puts_the_top_left_corner_there_or_near() {
        let source = Puzzle::from_rows(&["A A .", ". B .", ". . ."], &[]).expect("rows");
        let copy = copy_pieces(&source, &[t("A"), t("B")]).expect("on the board");
        let mut p = Puzzle::empty(3, 4);
        assert_eq!(
            paste_pieces(&mut p, &copy, Some((1, 2))),
            Ok(vec![t("A"), t("B")])
        );
        assert_eq!(p.board_rows(), [". . . .", ". . A A", ". . . B"]);
        // At the board's corner the pieces do not fit: they go as near as they fit.
        let mut p = Puzzle::empty(3, 4);
        assert_eq!(
            paste_pieces(&mut p, &copy, Some((2, 3))),
            Ok(vec![t("A"), t("B")])
        );
        assert_eq!(p.board_rows(), [". . . .", ". . A A", ". . . B"]);
    }
}
