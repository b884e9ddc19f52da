//! The block family of a Klotski-like design in the Families window ("This puzzle's pieces and
//! board") is the family `blockslide family FILE` walks for the family file that says the same
//! in words: Klotski's own (`families/klotski-shapes.ron`) is the window's family, and on a
//! smaller board, walked whole in a test's time, the two listings agree cluster for cluster.
//!
//! Families are listed on background threads, so the tests step frames until a condition
//! holds, with a generous timeout (and never assert on timing).

use blockslide_app::app::App;
use blockslide_app::command::Mode;
use blockslide_app::solve::family::listing::Listing;
use blockslide_app::solve::family::{CANCEL_LABEL, RUN_LABEL};
use blockslide_core::model::{Metric, Puzzle};
use blockslide_core::solve::family::{BlockFamily, FamilySpec, parse_family, read_family};
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use super::listing;
use crate::driver::{PATIENCE, bundled, harness, press_button, wait_for};

/// The app on `design` at 800x600, the Families window open on the block family of the
/// design's pieces and board.
fn pieces_and_board(design: Puzzle) -> Harness<'static, App> {
    let (rows, cols) = (design.rows, design.cols);
    let mut h = harness(design, Mode::Start, [800.0, 600.0]);
    h.get_by_role_and_label(Role::Button, "View").click();
    h.run_ok();
    h.get_by_role_and_label(Role::Button, "Families…").click();
    h.run_ok();
    h.get_by_role_and_label(Role::ComboBox, "Board").click();
    h.run_ok();
    h.get_by_role_and_label(
        Role::Button,
        &format!("This puzzle's pieces and board ({rows}x{cols})"),
    )
    .click();
    h.run_ok();
    h
}

/// What makes two block families the same family, whatever their shapes are called.
fn without_names(family: &FamilySpec) -> BlockFamily {
    let FamilySpec::Blocks(family) = family else {
        panic!("a block family: {family:?}");
    };
    let mut family = family.clone();
    for shape in &mut family.shapes {
        shape.name.clear();
    }
    family
}

#[test]
fn klotskis_pieces_and_board_are_the_family_of_klotskis_family_file() {
    let mut h = pieces_and_board(bundled("klotski.ron"));
    press_button(&mut h, RUN_LABEL);
    wait_for(&mut h, PATIENCE, "the family to start", |app| {
        listing(app).is_some()
    });
    // The whole family takes minutes in a debug build: the family run is what is compared.
    press_button(&mut h, CANCEL_LABEL);
    let file = blockslide_testkit::repository().join("families/klotski-shapes.ron");
    let cli = read_family(&file).expect("the family file reads");
    let window = listing(h.state()).expect("a listing").family().clone();
    assert_eq!(without_names(&window), without_names(&cli));
}

#[test]
fn a_small_klotskis_family_in_the_window_lists_what_blockslide_family_lists() {
    // Klotski's four shapes on a 4x4 board, the 2x2 block to the bottom middle, counted in
    // moves as Klotski is.
    let mut design = Puzzle::from_rows(
        &["B A A C", "B A A C", ". E E .", "G . . H"],
        &[". . . .", ". . . .", ". A A .", ". A A ."],
    )
    .expect("well-formed rows");
    design.name = "Little Klotski".into();
    design.metric = Some(Metric::Move);
    let mut h = pieces_and_board(design);
    press_button(&mut h, RUN_LABEL);
    wait_for(&mut h, PATIENCE, "the family", |app| {
        listing(app).is_some_and(Listing::is_complete)
    });
    h.run_ok();

    // The family file a user would write for `blockslide family` (docs/file-format.md).
    let cli = parse_family(
        r###"(
            format: 1,
            kind: Blocks,
            board: (rows: 4, columns: 4),
            shapes: {
                "big":   (cells: ["##", "##"]),
                "tall":  (cells: ["#", "#"], max: 2),
                "wide":  (cells: ["##"], max: 1),
                "small": (cells: ["#"], max: 2),
            },
            goal: (piece: "big", at: (row: 3, column: 2)),
        )"###,
    )
    .expect("the family file parses");
    let shown = listing(h.state()).expect("the listing");
    assert_eq!(without_names(shown.family()), without_names(&cli));
    let FamilySpec::Blocks(family) = cli else {
        unreachable!("checked above");
    };
    // `blockslide family`'s walk: every unit's clusters, in the family's order.
    let (summary, puzzles, boards) = super::walk_family(&family);
    assert!(summary.solvable > 1, "{summary:?}");
    // The summaries: clusters, solvable clusters, positions, minimal ones, and clusters by
    // the length of their hardest start.
    assert_eq!(shown.summary(), &summary);
    // The listings: each cluster's length, positions, pieces and hardest start.
    assert_eq!(shown.puzzles(), puzzles.as_slice());
    for (i, board) in boards.iter().enumerate() {
        assert_eq!(shown.board(i).as_ref(), Some(board), "cluster {}", i + 1);
    }
    // And the window says so: the hardest length and how many clusters need it.
    let hardest = summary.hardest().expect("a solvable cluster");
    let clusters = summary.by_moves[hardest];
    let count = if clusters == 1 {
        "1 cluster".to_string()
    } else {
        format!("{clusters} clusters")
    };
    h.get_by_label(&format!("{hardest} moves, {count}"));
}
