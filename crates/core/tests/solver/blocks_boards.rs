//! Board sizes from 2x2 to 32x32 (every bitboard width the engine uses), walls, and the
//! errors `BlockDomain::new` gives for puzzles it cannot take.

use crate::blocks_support;

use blocks_support::*;
use blockslide_core::model::{Cell, Metric, PieceStyle, Puzzle, Token};
use blockslide_core::solve::algorithms::bfs::bfs;
use blockslide_core::solve::blocks::{BlockDomain, MAX_PIECES};
use blockslide_core::solve::core::{Domain, Termination};

fn tok(s: &str) -> Token {
    Token::new(s).unwrap()
}

/// A 1x1 piece in the top-left corner that must reach the bottom-right one, a domino in the
/// way, and a wall.
fn corner_run(rows: usize, cols: usize) -> Puzzle {
    let mut p = Puzzle::empty(rows, cols);
    p.set_cell(0, 0, Cell::Piece(tok("a")));
    p.set_cell(1, 0, Cell::Piece(tok("d")));
    p.set_cell(1, 1, Cell::Piece(tok("d")));
    p.set_cell(rows / 2, cols / 2, Cell::Wall);
    p.goal.cells[rows * cols - 1] = Some(tok("a"));
    p
}

#[test]
fn every_bitboard_width_solves_and_replays() {
    for (rows, cols) in [(3, 3), (8, 8), (10, 12), (16, 16), (20, 30), (32, 32)] {
        let puzzle = corner_run(rows, cols);
        for metric in Metric::ALL {
            let domain = BlockDomain::new(&puzzle, metric).unwrap();
            let outcome = bfs(&domain, &mut control());
            assert_eq!(outcome.termination, Termination::Solved, "{rows}x{cols}");
            let path = outcome.path.unwrap();
            let expected = match metric {
                Metric::Step => rows + cols - 2,
                Metric::Slide => 2,
                Metric::Move => 1,
            };
            assert_eq!(path.len(), expected, "{rows}x{cols} {metric}");
            replay_path(&puzzle, &domain, &path, metric);
        }
    }
}

#[test]
fn walls_block_moves() {
    // The piece is walled in on three sides and the fourth is the board's edge.
    let p = puzzle(&["# a #", ". # ."], &[". . .", ". . a"]);
    let domain = BlockDomain::new(&p, Metric::Move).unwrap();
    let mut moves = Vec::new();
    domain.moves(&domain.start(), &mut moves);
    assert!(moves.is_empty());
    assert_eq!(
        bfs(&domain, &mut control()).termination,
        Termination::Unsolvable
    );
}

#[test]
fn unusable_puzzles_are_refused_with_reasons() {
    // A goal naming a piece that is not on the board.
    let p = puzzle(&["a ."], &[". z"]);
    let e = BlockDomain::new(&p, Metric::Step).unwrap_err();
    assert!(e.contains("`z`"), "{e}");

    // Two pieces of one kind with different shapes.
    let mut p = puzzle(&["a b b", ". . ."], &[". . .", ". . a"]);
    for t in ["a", "b"] {
        let style = PieceStyle {
            kind: Some("k".into()),
            ..PieceStyle::default()
        };
        p.styles.insert(tok(t), style);
    }
    let e = BlockDomain::new(&p, Metric::Step).unwrap_err();
    assert!(e.contains("different shapes"), "{e}");

    // No pieces at all.
    let p = puzzle(&[". ."], &[]);
    assert!(BlockDomain::new(&p, Metric::Step).is_err());

    // More pieces than the engine handles.
    let mut p = Puzzle::empty(9, 9);
    for i in 0..=MAX_PIECES {
        let name = format!("p{i}");
        p.cells[i] = Cell::Piece(tok(&name));
    }
    let e = BlockDomain::new(&p, Metric::Step).unwrap_err();
    assert!(e.contains("at most"), "{e}");

    // Too many bits of state: 30 distinct monominoes on a 32x32 board need 300 bits.
    let mut p = Puzzle::empty(32, 32);
    for i in 0..30 {
        p.cells[i * 2] = Cell::Piece(tok(&format!("q{i}")));
    }
    p.goal.cells[0] = Some(tok("q0"));
    let e = BlockDomain::new(&p, Metric::Step).unwrap_err();
    assert!(e.contains("bits"), "{e}");
}

#[test]
fn merged_monominoes_make_one_class() {
    // Four identical monominoes fill the top row; x must reach the top-left corner.
    let p = puzzle(
        &["m0 m1 m2 m3", ".  .  .  .", ".  .  .  x"],
        &["x . . .", ". . . .", ". . . ."],
    );
    let domain = BlockDomain::new(&p, Metric::Move).unwrap();
    assert_eq!(domain.classes(), 2);
    let outcome = bfs(&domain, &mut control());
    assert_eq!(outcome.termination, Termination::Solved);
    let path = outcome.path.unwrap();
    assert_eq!(path.len(), 2);
    replay_path(&p, &domain, &path, Metric::Move);
}

#[test]
fn huge_floating_goals_fall_back_to_cheaper_bounds() {
    use blockslide_core::solve::blocks::BlockHeuristic;
    use blockslide_core::solve::core::Heuristic;
    use blockslide_core::solve::core::{Limits, SearchControl};
    // A 32x32 board, a floating goal "x y" (992 translations) and ten pieces of different
    // shapes the goal does not name: the clearing tables would hold about 9 million entries,
    // so blockers count one move each instead.
    let mut p = Puzzle::empty(32, 32);
    let shapes: [&[(usize, usize)]; 10] = [
        &[(0, 0)],
        &[(0, 0), (0, 1)],
        &[(0, 0), (1, 0)],
        &[(0, 0), (0, 1), (0, 2)],
        &[(0, 0), (1, 0), (2, 0)],
        &[(0, 0), (0, 1), (1, 0), (1, 1)],
        &[(0, 0), (1, 0), (1, 1)],
        &[(0, 0), (0, 1), (1, 1)],
        &[(0, 1), (1, 0), (1, 1)],
        &[(0, 0), (0, 1), (1, 0)],
    ];
    for (i, shape) in shapes.iter().enumerate() {
        for &(r, c) in *shape {
            p.set_cell(10 + r, 3 * i + c, Cell::Piece(tok(&format!("s{i}"))));
        }
    }
    p.set_cell(0, 0, Cell::Piece(tok("x")));
    p.set_cell(31, 31, Cell::Piece(tok("y")));
    p.goal.cells[0] = Some(tok("x"));
    p.goal.cells[1] = Some(tok("y"));
    p.goal.anywhere = true;
    let domain = BlockDomain::new(&p, Metric::Move).unwrap();
    let start = domain.start();
    let relaxed = BlockHeuristic::Relaxed
        .ready(&domain, &SearchControl::new(Limits::default()))
        .unwrap();
    assert_eq!(relaxed.estimate(&domain, &start), 1);
    // Moving x next to y solves it; the estimate there is 0.
    let mut moves = Vec::new();
    domain.moves(&start, &mut moves);
    let solved: Vec<_> = moves
        .iter()
        .map(|&m| domain.apply(&start, m))
        .filter(|s| domain.is_goal(s))
        .collect();
    assert!(!solved.is_empty());
    for s in &solved {
        assert_eq!(relaxed.estimate(&domain, s), 0);
        assert!(domain.position(s).goal_satisfied());
    }
}

#[test]
fn a_slide_passes_over_cells_the_piece_itself_left() {
    // A C open to the left: sliding down two rows, its gap passes over its own lower arm,
    // which it has left by then. One slide, two steps, one move.
    let p = puzzle(
        &["c c", ". c", "c c", ". .", ". ."],
        &[". .", ". .", "c c", ". c", "c c"],
    );
    // (metric, solution length, moves from the start: one row down, and two rows down but
    // for steps)
    for (metric, length, first) in [
        (Metric::Step, 2, 1),
        (Metric::Slide, 1, 2),
        (Metric::Move, 1, 2),
    ] {
        let domain = BlockDomain::new(&p, metric).unwrap();
        let outcome = bfs(&domain, &mut control());
        let path = outcome.path.unwrap();
        assert_eq!(path.len(), length, "{metric}");
        replay_path(&p, &domain, &path, metric);
        let mut moves = Vec::new();
        domain.moves(&domain.start(), &mut moves);
        assert_eq!(moves.len(), first, "{metric}");
    }
}
