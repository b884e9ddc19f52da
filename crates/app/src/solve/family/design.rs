//! The families of the open design: the Rush Hour family of its board, and the block family
//! of its pieces and board.
//!
//! The block family keeps what a move cannot change about the design's kind of puzzle and
//! frees the rest: the board, the metric, the goal piece and its goal, and each other shape
//! of piece (with the axis its pieces move along) stay; how many pieces of each shape there
//! are (from none up to the design's count) and where up to the design's number of walls
//! stand vary. The design is one of its layouts, so its start is in one of its clusters.

use std::collections::BTreeMap;

use blockslide_core::model::validate::{Severity, validate};
use blockslide_core::model::{Axis, Cell, Color, PieceCells, Puzzle, Token};
use blockslide_core::solve::api::{PuzzleProfile, Task, metric_for};
use blockslide_core::solve::family::{BlockFamily, BlockShape};

use crate::common::colors::piece_color;
use crate::common::format as fmt;
use crate::solve::refusals::refusal_text;

/// The design's board as a Rush Hour family's: its rows, columns and the red car's row, when
/// the design is a Rush Hour board (one the notation writes).
pub fn design_board(design: &Puzzle) -> Option<(usize, usize, usize)> {
    let board = PuzzleProfile::of(design).rush_hour()?;
    Some((board.rows, board.cols, board.primary_row))
}

/// The block family of `design`'s pieces and board (see the module's documentation): the
/// goal piece's shape first, then one shape per distinct shape and axis of the other pieces,
/// in the reading order of their first pieces, each named after that piece (`like B`).
///
/// # Errors
/// Why the design has no such family, in a sentence: it has errors, it is a numbered-tile
/// puzzle, it has zones, its goal is not one whole piece at one place, two of its shapes
/// differ only in their axis, or the core refuses the family (the board is too big, too many
/// walls, a piece set with too many arrangements to walk).
pub fn block_family(design: &Puzzle) -> Result<BlockFamily, String> {
    if let Err(refusal) = PuzzleProfile::of(design).applies(Task::Family) {
        return Err(refusal_text(refusal).into());
    }
    if let Some(error) = validate(design)
        .into_iter()
        .find(|d| d.severity == Severity::Error)
    {
        return Err(format!(
            "The design has an error to fix first: {}",
            fmt::sentence(&error.message)
        ));
    }
    if !design.zones.is_empty() {
        return Err(
            "The design has zones: a family's pieces may stand anywhere on the board, so it \
             takes designs without zones"
                .into(),
        );
    }
    if design.goal.anywhere {
        return Err(
            "The goal may match anywhere: a family's goal puts its goal piece at one place \
             (turn off \"anywhere\")"
                .into(),
        );
    }
    let (goal, goal_at) = goal_piece(design)?;
    let pieces = design.pieces();
    let Some(goal_cells) = pieces.iter().find(|p| p.token == goal) else {
        return Err(format!(
            "The goal names piece {goal}, which is not on the board"
        ));
    };
    let mut shapes = vec![BlockShape::new(
        format!("like {goal}"),
        &goal_cells.cells,
        design.axis_of(goal),
        1,
        1,
    )];
    // The other pieces by shape and axis, in the order of their first pieces; the goal
    // piece is told apart from pieces of its shape by its letter, so it is not counted.
    let mut by_shape: BTreeMap<(Vec<(usize, usize)>, Axis), usize> = BTreeMap::new();
    for piece in pieces.iter().filter(|p| p.token != goal) {
        let axis = design.axis_of(piece.token);
        let shape = BlockShape::new(format!("like {}", piece.token), &piece.cells, axis, 0, 1);
        if let Some(&i) = by_shape.get(&(shape.cells.clone(), axis)) {
            shapes[i].max += 1;
            continue;
        }
        // The core would refuse them as one shape written twice; say it in the design's
        // terms.
        if let Some(other) = shapes[1..]
            .iter()
            .find(|s| s.cells == shape.cells && s.axis != axis)
        {
            return Err(format!(
                "Pieces {} and {} have the same shape but move differently: a family's pieces \
                 of one shape all move alike",
                other.name.trim_start_matches("like "),
                piece.token
            ));
        }
        by_shape.insert((shape.cells.clone(), axis), shapes.len());
        shapes.push(shape);
    }
    let walls = design.cells.iter().filter(|&&c| c == Cell::Wall).count();
    let mut family = BlockFamily::new(design.rows, design.cols, shapes, 0, goal_at, walls)
        .map_err(|e| fmt::sentence(&e.to_string()))?;
    family.metric = metric_for(design, None);
    Ok(family)
}

/// Which of `family`'s shapes `piece` of `puzzle` is: the goal shape for the `goal` piece,
/// else the other shape of its cells and axis (`None` when there is none).
pub fn shape_index(
    family: &BlockFamily,
    puzzle: &Puzzle,
    piece: &PieceCells,
    goal: bool,
) -> Option<usize> {
    if goal {
        return Some(family.goal_shape);
    }
    let cells = BlockShape::new("", &piece.cells, Axis::Free, 0, 0).cells;
    let axis = puzzle.axis_of(piece.token);
    (0..family.shapes.len()).find(|&i| {
        let shape = &family.shapes[i];
        i != family.goal_shape && shape.cells == cells && shape.axis == axis
    })
}

/// The colour `design` shows each of `family`'s shapes in (that of its first piece of the
/// shape), so that the family's puzzles look like the design they were made from.
pub fn shape_colors(family: &BlockFamily, design: &Puzzle) -> Vec<Option<Color>> {
    let goal = design.goal.cells.iter().flatten().next().copied();
    let mut colors = vec![None; family.shapes.len()];
    for piece in design.pieces() {
        let is_goal = Some(piece.token) == goal;
        if let Some(color) = shape_index(family, design, &piece, is_goal)
            .and_then(|i| colors.get_mut(i))
            .filter(|color| color.is_none())
        {
            *color = Some(piece_color(design, piece.token));
        }
    }
    colors
}

/// The one piece the goal names, and the top-left corner of its goal's bounding box.
fn goal_piece(design: &Puzzle) -> Result<(Token, (usize, usize)), String> {
    let cols = design.cols;
    let named: Vec<(usize, Token)> = (0..design.goal.cells.len())
        .filter_map(|i| design.goal.cells[i].map(|t| (i, t)))
        .collect();
    let Some(&(_, goal)) = named.first() else {
        return Err("The design has no goal: a family needs a goal piece and its place".into());
    };
    let mut tokens: Vec<Token> = named.iter().map(|&(_, t)| t).collect();
    tokens.sort();
    tokens.dedup();
    if tokens.len() > 1 {
        return Err(format!(
            "The goal names {} pieces: a family has one goal piece",
            tokens.len()
        ));
    }
    let cells: Vec<(usize, usize)> = named.iter().map(|&(i, _)| (i / cols, i % cols)).collect();
    let start: Vec<(usize, usize)> = (0..design.cells.len())
        .filter(|&i| design.cells[i] == Cell::Piece(goal))
        .map(|i| (i / cols, i % cols))
        .collect();
    let shape = |cells: &[(usize, usize)]| BlockShape::new("", cells, Axis::Free, 0, 0).cells;
    if shape(&cells) != shape(&start) {
        return Err(format!(
            "The goal covers only part of piece {goal}: a family's goal places the whole goal \
             piece"
        ));
    }
    let top = cells.iter().map(|c| c.0).min().unwrap_or(0);
    let left = cells.iter().map(|c| c.1).min().unwrap_or(0);
    Ok((goal, (top, left)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use blockslide_core::model::{Metric, PieceStyle, file, library};

    use blockslide_core::model::rushhour;

    fn bundled(name: &str) -> Puzzle {
        let entry = library::find(name).expect("bundled");
        file::parse(entry.text).expect("bundled puzzles parse")
    }

    #[test]
    fn the_design_board_is_a_rush_hour_boards_size_and_red_row() {
        let design = rushhour::parse("oooBAAoBoooooooo").unwrap();
        assert_eq!(design_board(&design), Some((4, 4, 1)));
        assert_eq!(design_board(&Puzzle::empty(4, 4)), None);
    }

    #[test]
    fn a_designs_family_has_its_shapes_counts_goal_walls_and_metric() {
        let mut design =
            Puzzle::from_rows(&["A A B", "C . B", "C # D"], &[". . .", "A A .", ". . ."]).unwrap();
        let down = PieceStyle {
            axis: Axis::Vertical,
            ..PieceStyle::default()
        };
        design.styles.insert(Token::new("B").unwrap(), down.clone());
        design.styles.insert(Token::new("C").unwrap(), down);
        design.metric = Some(Metric::Slide);
        let family = block_family(&design).unwrap();
        assert_eq!((family.rows, family.cols, family.max_walls), (3, 3, 1));
        assert_eq!((family.goal_shape, family.goal_at), (0, (1, 0)));
        assert_eq!(family.metric, Metric::Slide);
        let shapes: Vec<(&str, usize, usize, Axis)> = family
            .shapes
            .iter()
            .map(|s| (s.name.as_str(), s.min, s.max, s.axis))
            .collect();
        assert_eq!(
            shapes,
            [
                ("like A", 1, 1, Axis::Free),
                ("like B", 0, 2, Axis::Vertical),
                ("like D", 0, 1, Axis::Free),
            ]
        );
        assert_eq!(family.shapes[1].cells, [(0, 0), (1, 0)]);
    }

    #[test]
    fn designs_that_are_no_block_family_say_why() {
        let why = |design: &Puzzle| block_family(design).unwrap_err();
        assert!(why(&bundled("eight-6.ron")).contains("numbered-tile"));
        assert!(why(&bundled("two-ls-meet.ron")).contains("anywhere"));
        assert!(why(&bundled("blocks-tiny.ron")).contains("names 3 pieces"));
        assert!(why(&Puzzle::empty(3, 3)).contains("error"));
        let part = Puzzle::from_rows(&["A A", ". ."], &[". .", "A ."]).unwrap();
        assert!(why(&part).contains("part of piece A"));
        assert!(why(&bundled("force-field.ron")).contains("zones"));
        let mut big = Puzzle::empty(9, 8);
        big.cells[0] = Cell::Piece(Token::new("A").unwrap());
        big.goal.cells[71] = Some(Token::new("A").unwrap());
        assert!(why(&big).contains("8x8 at most"));
        // Klotski is one: its pieces are few enough for every piece set to be walked.
        assert!(block_family(&bundled("klotski.ron")).is_ok());
    }

    #[test]
    fn pieces_of_one_shape_that_move_differently_are_refused() {
        let mut design = Puzzle::from_rows(&["A B C", ". B C"], &[". . .", ". . A"]).unwrap();
        design.styles.insert(
            Token::new("C").unwrap(),
            PieceStyle {
                axis: Axis::Vertical,
                ..PieceStyle::default()
            },
        );
        assert!(
            block_family(&design)
                .unwrap_err()
                .contains("Pieces B and C")
        );
    }
}
