//! Pixel snapshots of puzzle families in the editor: axis marks on locked pieces, a tinted and
//! labelled zone, and a Rush Hour board with its exit (software rendering through Mesa's
//! Vulkan driver). Update with
//! `UPDATE_SNAPSHOTS=1 cargo test --features snapshots --test snapshots_families`.
use blockslide_app::app::App;
use blockslide_core::model::{Axis, Puzzle, Token, Zone, ZoneRight, rushhour};
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

fn harness(puzzle: Puzzle) -> Harness<'static, App> {
    let mut h = Harness::builder()
        .with_size([1280.0, 800.0])
        .with_max_steps(16)
        .build_eframe(move |_| App::new_for_test(puzzle));
    h.run();
    h
}

fn t(s: &str) -> Token {
    Token::new(s).unwrap()
}

/// Klotski in a walled tray whose bottom has an exit only the big square may pass; the
/// side pieces slide only up and down, the bar only left and right.
fn klotski_with_an_exit() -> Puzzle {
    let mut p = Puzzle::from_rows(
        &[
            "# # # # # #",
            "# B A A C #",
            "# B A A C #",
            "# D E E F #",
            "# D G H F #",
            "# I . . J #",
            "# # . . # #",
        ],
        &[
            ". . . . . .",
            ". . . . . .",
            ". . . . . .",
            ". . . . . .",
            ". . . . . .",
            ". . A A . .",
            ". . A A . .",
        ],
    )
    .unwrap();
    p.name = "Klotski with an exit".into();
    for (piece, axis) in [
        ("B", Axis::Vertical),
        ("C", Axis::Vertical),
        ("D", Axis::Vertical),
        ("F", Axis::Vertical),
        ("E", Axis::Horizontal),
    ] {
        p.styles.entry(t(piece)).or_default().axis = axis;
    }
    p.zones.push(Zone {
        name: t("ex"),
        cells: (0..42).map(|i| i == 6 * 6 + 2 || i == 6 * 6 + 3).collect(),
        allow: vec![ZoneRight::Piece(t("A"))],
    });
    p
}

#[test]
fn axis_marks_and_a_tinted_labelled_zone() {
    let mut h = harness(klotski_with_an_exit());
    h.get_by_role_and_label(Role::Button, "Zone ex").click();
    h.run();
    h.remove_cursor();
    h.run();
    h.snapshot("editor_families_zone");
}

#[test]
fn a_rush_hour_board_with_its_exit() {
    let p = rushhour::parse("IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM").unwrap();
    let mut h = harness(p);
    h.snapshot("editor_rush_hour");
}
