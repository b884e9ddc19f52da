//! The editing operations' unit tests.

use super::*;
use blockslide_core::model::PieceStyle;

fn t(s: &str) -> Token {
    Token::new(s).expect("valid token")
}

fn klotski() -> Puzzle {
    Puzzle::from_rows(
        &["B A A C", "B A A C", "D E E F", "D G H F", "I . . J"],
        &[". . . .", ". . . .", ". . . .", ". A A .", ". A A ."],
    )
    .expect("valid rows")
}

#[test]
fn next_token_skips_used_ones() {
    assert_eq!(next_free_token(&klotski()), t("K"));
    assert_eq!(next_free_token(&Puzzle::empty(2, 2)), t("A"));
    let tiles = Puzzle::tiles(2, 2, &[1, 2, 0, 3], None).expect("valid");
    assert_eq!(next_free_token(&tiles), t("4"));
    let mut full = Puzzle::empty(1, 1);
    for l in ('A'..='Z').chain('a'..='z') {
        full.styles.insert(t(&l.to_string()), PieceStyle::default());
    }
    assert_eq!(next_free_token(&full), t("A1"));
}

#[test]
fn drawing_order_is_the_order_tokens_are_handed_out() {
    let mut p = Puzzle::empty(1, 1);
    let mut handed = Vec::new();
    for _ in 0..60 {
        let token = next_free_token(&p);
        p.styles.insert(token, PieceStyle::default());
        handed.push(token);
    }
    let mut shuffled = handed.clone();
    shuffled.reverse();
    shuffled.sort_by_key(drawing_order);
    assert_eq!(shuffled, handed);
    let mut numbers = vec![t("10"), t("9"), t("Car"), t("1")];
    numbers.sort_by_key(drawing_order);
    assert_eq!(numbers, [t("1"), t("9"), t("10"), t("Car")]);
}

#[test]
fn pieces_move_only_into_free_cells() {
    let mut p = klotski();
    assert!(!move_pieces(&mut p, Layer::Start, &[t("A")], 1, 0));
    assert!(move_pieces(&mut p, Layer::Start, &[t("G")], 1, 0));
    assert_eq!(p.cell(4, 1), Cell::Piece(t("G")));
    assert!(move_pieces(&mut p, Layer::Goal, &[t("A")], -3, -1));
    assert_eq!(
        piece_cells(&p, Layer::Goal, t("A")),
        [(0, 0), (0, 1), (1, 0), (1, 1)]
    );
    assert!(!move_pieces(&mut p, Layer::Goal, &[t("A")], -1, 0));
}

#[test]
fn pieces_move_together_into_cells_they_leave() {
    let mut p = Puzzle::from_rows(&["A B .", ". . ."], &[]).expect("valid rows");
    let before = p.clone();
    // B alone cannot move left into A's cell; with A, it follows it.
    assert!(!move_pieces(&mut p, Layer::Start, &[t("B")], 0, -1));
    assert!(!move_pieces(&mut p, Layer::Start, &[t("A"), t("B")], 0, -1));
    assert_eq!(p, before, "a move that does not fit changes nothing");
    assert!(move_pieces(&mut p, Layer::Start, &[t("A"), t("B")], 0, 1));
    assert_eq!(p.board_rows(), [". A B", ". . ."]);
    assert!(move_pieces(&mut p, Layer::Start, &[t("B"), t("A")], 1, -1));
    assert_eq!(p.board_rows(), [". . .", "A B ."]);
    assert_eq!(
        pieces_in_rect(&p, Layer::Start, (1, 1), (0, 0)),
        [t("A"), t("B")]
    );
    assert_eq!(pieces_in_rect(&p, Layer::Start, (0, 2), (1, 2)), []);
}

#[test]
fn resize_keeps_what_fits() {
    let mut p = klotski();
    resize(&mut p, 3, 5);
    assert_eq!((p.rows, p.cols), (3, 5));
    assert_eq!(p.board_rows()[0], "B A A C .");
    assert!(p.goal.is_empty());
    resize(&mut p, 5, 4);
    assert_eq!(p.cell(4, 0), Cell::Empty);
    assert_eq!(p.cell(2, 3), Cell::Piece(t("F")));
    resize(&mut p, 0, 99);
    assert_eq!((p.rows, p.cols), (1, 32));
}

#[test]
fn rename_and_delete_touch_every_grid() {
    let mut p = klotski();
    recolor_piece(&mut p, t("A"), Color { r: 1, g: 2, b: 3 });
    assert_eq!(
        rename_piece(&mut p, t("A"), "B"),
        Err(RenameError::Taken(t("B")))
    );
    assert!(matches!(
        rename_piece(&mut p, t("A"), "x-y"),
        Err(RenameError::BadToken(_))
    ));
    rename_piece(&mut p, t("A"), "CC").expect("free token");
    assert_eq!(p.cell(0, 1), Cell::Piece(t("CC")));
    assert_eq!(p.goal.cells[13], Some(t("CC")));
    assert!(p.styles.contains_key(&t("CC")));
    delete_piece(&mut p, t("CC"));
    assert!(p.goal.is_empty());
    assert!(p.styles.is_empty());
    assert_eq!(p.cell(1, 2), Cell::Empty);
}

#[test]
fn walls_clear_the_goal_and_refuse_goal_paint() {
    let mut p = klotski();
    paint(&mut p, Layer::Start, (4, 1), Brush::Wall);
    assert_eq!(p.goal.cells[17], None);
    paint(&mut p, Layer::Goal, (4, 1), Brush::Piece(t("A")));
    assert_eq!(p.goal.cells[17], None);
    copy_start_to_goal(&mut p);
    assert_eq!(p.goal.cells[0], Some(t("B")));
    clear_goal(&mut p);
    assert!(p.goal.is_empty());
}

#[test]
fn zone_cells_belong_to_one_zone_and_never_to_walls() {
    let mut p = klotski();
    let (x, y) = (t("x"), t("y"));
    paint(&mut p, Layer::Start, (4, 1), Brush::Zone(x));
    paint(&mut p, Layer::Goal, (4, 2), Brush::Zone(x));
    assert_eq!(
        p.zones.len(),
        1,
        "painting a zone that does not exist adds it"
    );
    assert!(
        p.zones[0].allow.is_empty(),
        "a new zone is closed to every piece"
    );
    paint(&mut p, Layer::Start, (4, 2), Brush::Zone(y));
    assert_eq!(zone_at(&p, 18).map(|z| z.name), Some(y));
    assert_eq!(zone_at(&p, 17).map(|z| z.name), Some(x));
    paint(&mut p, Layer::Start, (4, 1), Brush::Wall);
    assert_eq!(zone_at(&p, 17), None, "a wall leaves every zone");
    paint(&mut p, Layer::Start, (4, 1), Brush::Zone(x));
    assert_eq!(zone_at(&p, 17), None, "walls take no zone");
    paint(&mut p, Layer::Start, (4, 2), Brush::Unzone);
    assert_eq!(zone_at(&p, 18), None);
}

#[test]
fn zones_follow_resizes_and_piece_renames_and_deletions() {
    let mut p = klotski();
    let x = t("x");
    paint(&mut p, Layer::Start, (4, 1), Brush::Zone(x));
    set_zone_right(&mut p, x, ZoneRight::Piece(t("A")), true);
    set_zone_right(&mut p, x, ZoneRight::Piece(t("A")), true);
    set_zone_right(&mut p, x, ZoneRight::Piece(t("G")), true);
    assert_eq!(p.zones[0].allow.len(), 2, "a right is listed once");
    rename_piece(&mut p, t("A"), "Q").expect("free token");
    assert!(p.zones[0].allow.contains(&ZoneRight::Piece(t("Q"))));
    delete_piece(&mut p, t("G"));
    assert_eq!(p.zones[0].allow, [ZoneRight::Piece(t("Q"))]);
    resize(&mut p, 5, 6);
    assert_eq!(p.zones[0].cells.len(), 30);
    assert_eq!(zone_at(&p, 4 * 6 + 1).map(|z| z.name), Some(x));
    resize(&mut p, 4, 6);
    assert!(!p.zones[0].cells.contains(&true));
    assert_eq!(
        rename_zone(&mut p, x, "toolong"),
        Err(ZoneNameError::BadName(TokenError::TooLong(
            "toolong".into()
        )))
    );
    add_zone(&mut p, t("y"));
    assert_eq!(
        rename_zone(&mut p, x, "y"),
        Err(ZoneNameError::Taken(t("y")))
    );
    rename_zone(&mut p, x, "ex").expect("free name");
    assert!(zone(&p, t("ex")).is_some());
    delete_zone(&mut p, t("ex"));
    assert_eq!(p.zones.len(), 1);
}

#[test]
fn axes_cycle_and_empty_zones_are_not_saved() {
    let mut p = klotski();
    let a = t("A");
    set_axis(&mut p, a, next_axis(Axis::Free, None));
    assert_eq!(p.axis_of(a), Axis::Horizontal);
    assert_eq!(next_axis(Axis::Vertical, None), Axis::Free);
    set_axis(&mut p, a, Axis::Free);
    assert!(
        !p.styles.contains_key(&a),
        "a style with nothing set is dropped"
    );
    assert_eq!(next_free_zone_name(&p), Some(t("a")));
    add_zone(&mut p, t("a"));
    assert_eq!(next_free_zone_name(&p), Some(t("b")));
    assert!(matches!(savable(&p), Cow::Owned(ref q) if q.zones.is_empty()));
    paint(&mut p, Layer::Start, (4, 1), Brush::Zone(t("a")));
    assert!(matches!(savable(&p), Cow::Borrowed(_)));
}

#[test]
fn a_straight_piece_is_locked_along_its_length_first() {
    let p = klotski();
    let along = |token| long_axis(&piece_cells(&p, Layer::Start, t(token)));
    assert_eq!(along("B"), Some(Axis::Vertical));
    assert_eq!(along("E"), Some(Axis::Horizontal));
    assert_eq!(along("A"), None, "a square");
    assert_eq!(along("G"), None, "one cell");
    // Upright, free, upright again: never across its length.
    let upright = [Axis::Vertical, Axis::Free, Axis::Vertical];
    let mut axis = Axis::Free;
    for expected in upright {
        axis = next_axis(axis, Some(Axis::Vertical));
        assert_eq!(axis, expected);
    }
    assert_eq!(
        next_axis(Axis::Horizontal, Some(Axis::Vertical)),
        Axis::Vertical,
        "a truck set across by the panel goes upright"
    );
    assert_eq!(
        next_axis(Axis::Free, Some(Axis::Horizontal)),
        Axis::Horizontal
    );
    assert_eq!(long_axis(&[(0, 0), (0, 2)]), None, "a gap");
    assert_eq!(long_axis(&[(0, 0), (0, 1), (1, 1)]), None, "a corner");
}

#[test]
fn on_a_board_of_locked_pieces_a_painted_piece_follows_its_shape() {
    let mut p = Puzzle::from_rows(&[". . .", "A A .", ". . ."], &[]).unwrap();
    let b = t("B");
    for cell in [(0, 2), (1, 2)] {
        paint(&mut p, Layer::Start, cell, Brush::Piece(b));
    }
    assert_eq!(fit_axis_to_rules(&mut p, b), None, "A moves freely");
    set_axis(&mut p, t("A"), Axis::Horizontal);
    assert_eq!(fit_axis_to_rules(&mut p, b), Some(Axis::Vertical));
    assert_eq!(p.axis_of(b), Axis::Vertical);
    paint(&mut p, Layer::Start, (2, 1), Brush::Piece(b));
    paint(&mut p, Layer::Start, (2, 2), Brush::Piece(b));
    assert_eq!(fit_axis_to_rules(&mut p, b), Some(Axis::Free), "a corner");
    assert!(!p.styles.contains_key(&b));
}

#[test]
fn set_start_moves_the_pieces_and_keeps_the_rest() {
    let mut design = Puzzle::from_rows(&["A A .", ". . B"], &[". . .", ". B ."]).unwrap();
    design.name = "Draft".into();
    let mut other = design.clone();
    other.name = "Other".into();
    other.cells.rotate_left(1);
    let goal = design.goal.clone();
    assert!(set_start(&mut design, &other));
    assert_eq!(design.cells, other.cells);
    assert_eq!(design.goal, goal);
    assert_eq!(design.name, "Draft");
    let wider = Puzzle::empty(2, 4);
    let before = design.clone();
    assert!(!set_start(&mut design, &wider));
    assert_eq!(design, before);
}
