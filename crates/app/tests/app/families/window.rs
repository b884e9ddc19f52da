//! The Families window at 800x600, as a player would use it: list the Rush Hour 4x4 family,
//! filter its table to the hardest puzzles and open one as a new design; play a random puzzle
//! of a chosen length; cancel a family and resume it; list the block family of a block
//! puzzle's pieces and board, check it against the core's exploration of the puzzle's own
//! pieces, and open its hardest; where the window opens.
//!
//! Families are listed on background threads, so the tests step frames until a condition
//! holds, with a generous timeout (and never assert on timing).

use blockslide_app::app::App;
use blockslide_app::command::{Command, Mode};
use blockslide_app::solve::family::listing::Listing;
use blockslide_app::solve::family::run::FamilyBoard;
use blockslide_app::solve::family::{
    CANCEL_LABEL, OPEN_LABEL, PLAY_LABEL, RANDOM_LABEL, RESUME_LABEL, RUN_LABEL,
};
use blockslide_core::model::{Axis, Cell, Color, Metric, Puzzle, Token};
use blockslide_core::solve::api::{explore, metric_for};
use blockslide_core::solve::family::RushHourFamily;
use blockslide_core::solve::{self as api, Limits, SearchControl, SolveRequest, Termination};
use egui::accesskit::Role;
use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};

use super::listing;
use crate::driver::{PATIENCE, bundled, button, harness, press_button, wait_for};

/// The app on Klotski, in the smallest window the app is meant to work in.
fn klotski_800x600() -> Harness<'static, App> {
    harness(bundled("klotski.ron"), Mode::Start, [800.0, 600.0])
}

/// View > Families… opens the window.
fn open_families(h: &mut Harness<'static, App>) {
    h.get_by_role_and_label(Role::Button, "View").click();
    h.run_ok();
    h.get_by_role_and_label(Role::Button, "Families…").click();
    h.run_ok();
    assert!(h.state().families_open());
}

/// Opens the Families window and picks the Rush Hour 5x5 board.
fn open_on_rush_hour_5x5(h: &mut Harness<'static, App>) {
    open_families(h);
    h.get_by_role_and_label(Role::ComboBox, "Board").click();
    h.run_ok();
    h.get_by_role_and_label(Role::Button, "Rush Hour 5x5")
        .click();
    h.run_ok();
}

/// The optimal length of `puzzle` in `metric`.
fn optimal(puzzle: &Puzzle, metric: Metric) -> usize {
    let request = SolveRequest {
        metric: Some(metric),
        ..blockslide_testkit::request()
    };
    let report = api::solve(puzzle, &request, SearchControl::new(Limits::default())).unwrap();
    assert_eq!(report.status, Termination::Solved);
    assert!(report.optimal);
    report.length().unwrap()
}

/// The optimal length of `puzzle` in slides, the moves of Rush Hour.
fn optimal_slides(puzzle: &Puzzle) -> usize {
    optimal(puzzle, Metric::Slide)
}

/// The table's rows on screen whose label says `moves`.
fn rows_of(h: &Harness<'static, App>, moves: &str) -> usize {
    h.query_all_by(|n| {
        n.role() == Role::Button
            && n.label().is_some_and(|l| {
                l.starts_with("Puzzle ") && l.contains(" positions") && l.contains(moves)
            })
    })
    .count()
}

/// Runs the family chosen in the window and waits until it is complete.
fn run_to_the_end(h: &mut Harness<'static, App>) {
    press_button(h, RUN_LABEL);
    wait_for(h, PATIENCE, "the family", |app| {
        listing(app).is_some_and(Listing::is_complete)
    });
    h.run_ok();
}

#[test]
fn the_4x4_family_lists_its_puzzles_and_opens_one_as_a_new_design() {
    let mut h = klotski_800x600();
    open_families(&mut h);
    run_to_the_end(&mut h);

    // The totals: 880 clusters, 493 of them solvable, the hardest 7 moves, needed by 3.
    let summary = listing(h.state()).unwrap().summary().clone();
    assert_eq!((summary.clusters, summary.solvable), (880, 493));
    assert_eq!(summary.hardest(), Some(7));
    h.get_by_label("880");
    h.get_by_label("493");
    h.get_by_label("7 moves, 3 clusters");
    h.get_by_label("493 of 493 shown");

    // Filtered to 7 moves, the table has 3 rows.
    h.get_by_label("Fewest moves").set_value_accesskit(7.0);
    h.run_ok();
    assert_eq!(h.state().solve_view().family_view().table().rows().len(), 3);
    h.get_by_label("3 of 493 shown");
    assert_eq!(rows_of(&h, ": 7 moves,"), 3);

    // A row selected shows its board; the design has changes, so opening asks first.
    let first = h
        .query_all_by(|n| {
            n.role() == Role::Button && n.label().is_some_and(|l| l.starts_with("Puzzle "))
        })
        .next()
        .and_then(|n| n.accesskit_node().label())
        .unwrap();
    h.get_by_role_and_label(Role::Button, &first).click();
    h.run_ok();
    let index = h
        .state()
        .solve_view()
        .family_view()
        .table()
        .selected()
        .unwrap();
    h.get_by_label(&format!("Preview of puzzle {}", index + 1));
    // At 800x600 the buttons that open or play it are in view, not below the window's edge.
    for label in [OPEN_LABEL, PLAY_LABEL] {
        let rect = h.get_by_role_and_label(Role::Button, label).rect();
        assert!(
            rect.min.y >= 0.0 && rect.max.y <= 600.0,
            "{label} at {rect:?}"
        );
    }
    let ctx = h.ctx.clone();
    h.state_mut()
        .apply(Command::SetName("my klotski".into()), &ctx);
    h.run_ok();
    press_button(&mut h, OPEN_LABEL);
    h.get_by_label("Unsaved changes");
    h.get_by_role_and_label(Role::Button, "Discard changes")
        .click();
    h.run_ok();

    // The editor holds the 4x4 puzzle: the red car on its row, the exit on the right.
    let doc = h.state().document();
    let puzzle = doc.puzzle().clone();
    assert_eq!((puzzle.rows, puzzle.cols), (4, 4));
    let red = Token::new("A").unwrap();
    let cells: Vec<usize> = (0..16)
        .filter(|&i| puzzle.cells[i] == Cell::Piece(red))
        .collect();
    assert_eq!(cells.len(), 2);
    assert_eq!(cells[0] / 4, 2, "the red car is on the third row");
    assert_eq!(puzzle.axis_of(red), Axis::Horizontal);
    assert_eq!(
        puzzle.styles[&red].color,
        Some(Color {
            r: 0xd6,
            g: 0x27,
            b: 0x28
        })
    );
    assert_eq!(puzzle.goal.cells[11], Some(red));
    assert!(
        puzzle
            .name
            .starts_with(&format!("Rush Hour 4x4 #{}", index + 1))
    );
    assert!(!doc.is_modified(), "a new design with nothing to save yet");
    assert_eq!(h.state().mode(), Mode::Start);
    assert_eq!(optimal_slides(&puzzle), 7);

    // Opening is not an edit: Undo leaves the new design (the old one was discarded by
    // choice), and the family's listing stays for the next puzzle.
    assert!(!doc.can_undo());
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run_ok();
    assert_eq!(h.state().document().puzzle(), &puzzle);
    assert!(listing(h.state()).is_some_and(Listing::is_complete));
    assert_eq!(rows_of(&h, ": 7 moves,"), 3);
}

#[test]
fn a_random_puzzle_of_n_moves_plays_one_that_takes_n_moves() {
    let mut h = klotski_800x600();
    open_families(&mut h);
    run_to_the_end(&mut h);
    // The length starts at the family's hardest.
    assert_eq!(h.state().solve_view().family_view().random_moves, 7);
    h.get_by_label("(3 puzzles)");

    for moves in [5, 7] {
        h.get_by_label("Moves of the random puzzle")
            .set_value_accesskit(f64::from(moves));
        h.run_ok();
        press_button(&mut h, RANDOM_LABEL);
        assert_eq!(h.state().mode(), Mode::Play);
        let puzzle = h.state().document().puzzle().clone();
        assert_eq!((puzzle.rows, puzzle.cols), (4, 4));
        assert_eq!(optimal_slides(&puzzle), moves as usize);
        // The puzzle picked is the table's selection.
        let family = h.state().solve_view().family_view();
        let index = family.table().selected().unwrap();
        assert_eq!(family.listing().unwrap().puzzles()[index].moves, moves);
        assert!(h.state().solve_view().play().is_some(), "the game is on");
    }
}

#[test]
fn a_cancelled_family_resumes_to_the_same_totals_and_puzzles() {
    let family = RushHourFamily::new(5, 5, 0).unwrap();
    let mut h = klotski_800x600();
    open_on_rush_hour_5x5(&mut h);

    press_button(&mut h, RUN_LABEL);
    wait_for(&mut h, PATIENCE, "the first units", |app| {
        listing(app).is_some_and(|l| l.summary().units > 0)
    });
    press_button(&mut h, CANCEL_LABEL);
    wait_for(&mut h, PATIENCE, "the cancel", |app| {
        !app.solve_view().family_view().is_running()
    });
    h.run_ok();
    let stopped = listing(h.state()).unwrap().clone();
    assert_eq!(stopped.ended(), Some(Termination::Cancelled));
    assert!(stopped.can_resume());
    assert_eq!(stopped.units_done(), stopped.summary().units);
    h.get_by(|n| {
        n.role() == Role::Label
            && n.value()
                .is_some_and(|l| l.starts_with("stopped: partial figures, Resume goes on"))
    });

    press_button(&mut h, RESUME_LABEL);
    wait_for(&mut h, PATIENCE, "the resumed family", |app| {
        listing(app).is_some_and(Listing::is_complete)
    });
    h.run_ok();

    // The same as a run never stopped: totals, and every puzzle in the family's order.
    let (summary, puzzles, boards) = super::walk_family(&family);
    let resumed = listing(h.state()).unwrap();
    assert_eq!(resumed.summary(), &summary);
    assert_eq!(resumed.puzzles(), puzzles.as_slice());
    assert!(
        boards
            .iter()
            .enumerate()
            .all(|(i, board)| resumed.board(i).as_ref() == Some(board))
    );
    assert!(resumed.elapsed() >= stopped.elapsed());
}

#[test]
fn a_block_puzzles_pieces_and_board_list_a_family_that_holds_its_own_piece_set() {
    let design = bundled("blocks-small.ron");
    let mut h = harness(design.clone(), Mode::Start, [800.0, 600.0]);
    open_families(&mut h);
    h.get_by_role_and_label(Role::ComboBox, "Board").click();
    h.run_ok();
    h.get_by_role_and_label(Role::Button, "This puzzle's pieces and board (4x4)")
        .click();
    h.run_ok();
    // The design's own walls and metric, and its four shapes, each at most once.
    h.get_by_label("Walls: up to 0, the design's; step metric");
    h.get_by_label(
        "goal piece like 1 to row 3, column 3; 0 to 1 like 4; 0 to 1 like 2; 0 to 1 like 6",
    );
    run_to_the_end(&mut h);

    let family = listing(h.state()).unwrap().clone();
    assert!(
        !h.state()
            .solve_view()
            .family_view()
            .table()
            .rows()
            .is_empty()
    );
    let hardest = family.summary().hardest().expect("a solvable cluster");
    let clusters = family.summary().by_moves[hardest] as usize;
    h.get_by_label(&format!(
        "{hardest} steps, {}",
        if clusters == 1 {
            "1 cluster".to_string()
        } else {
            format!("{clusters} clusters")
        }
    ));

    // The core's exploration of the design's own pieces, every arrangement of them: the
    // family holds that piece set (one of each shape, no walls) and others besides, so its
    // hardest is at least the piece set's, and the piece set's own clusters match it.
    let metric = metric_for(&design, None);
    let explored = explore(&design, metric, 1, SearchControl::new(Limits::default())).unwrap();
    assert_eq!(explored.status, Termination::Solved);
    let own = explored.hardest[0].distance;
    assert!(hardest >= own as usize, "{hardest} < {own}");
    let own_set = family
        .puzzles()
        .iter()
        .filter(|p| usize::from(p.pieces) == design.pieces().len() && p.walls == 0)
        .map(|p| p.moves)
        .max();
    assert_eq!(own_set, Some(own));

    // The table opens sorted hardest first: its first row opens as a new design of the
    // family, which takes as many steps as the table says.
    let first = h
        .query_all_by(|n| {
            n.role() == Role::Button && n.label().is_some_and(|l| l.starts_with("Puzzle "))
        })
        .next()
        .and_then(|n| n.accesskit_node().label())
        .unwrap();
    h.get_by_role_and_label(Role::Button, &first).click();
    h.run_ok();
    let index = h
        .state()
        .solve_view()
        .family_view()
        .table()
        .selected()
        .unwrap();
    assert_eq!(family.puzzles()[index].moves as usize, hardest);
    h.get_by_label(&format!("Preview of puzzle {}", index + 1));
    press_button(&mut h, OPEN_LABEL);
    let doc = h.state().document();
    let puzzle = doc.puzzle().clone();
    assert_eq!((puzzle.rows, puzzle.cols), (4, 4));
    // Named for where it came from; its length, which an edit may change, in the notes.
    assert_eq!(puzzle.name, format!("Blocks 4x4 #{}", index + 1));
    assert!(
        puzzle
            .notes
            .contains(&format!("{hardest} steps from the goal")),
        "{}",
        puzzle.notes
    );
    assert!(!doc.is_modified(), "a new design with nothing to save yet");
    assert_eq!(optimal(&puzzle, metric), hardest);
    // Its goal piece looks like the design's, red.
    let goal = Token::new("A").unwrap();
    assert!(puzzle.goal.cells.iter().flatten().all(|&t| t == goal));
    assert_eq!(puzzle.styles[&goal].color, Color::parse("#e74c3c"));
    assert!(listing(h.state()).is_some_and(Listing::is_complete));
}

#[test]
fn a_design_that_is_no_block_family_says_why_and_lists_nothing() {
    // Two L's meet anywhere on the board: a family's goal piece has one place.
    let design = bundled("two-ls-meet.ron");
    let mut h = harness(design, Mode::Start, [800.0, 600.0]);
    open_families(&mut h);
    h.get_by_role_and_label(Role::ComboBox, "Board").click();
    h.run_ok();
    let choice = h.get_by_role_and_label(Role::Button, "This puzzle's pieces and board (5x5)");
    assert!(choice.accesskit_node().is_disabled());
    h.key_press(Key::Escape);
    h.run_ok();

    // Chosen before this design was opened, the choice shows the reason, and Run is off.
    h.state_mut()
        .solve_view_mut()
        .family_view_mut()
        .choice
        .board = FamilyBoard::Pieces;
    h.run_ok();
    h.get_by_label(
        "The goal may match anywhere: a family's goal puts its goal piece at one place (turn \
         off \"anywhere\")",
    );
    let run = h.get_by_role_and_label(Role::Button, RUN_LABEL);
    assert!(run.accesskit_node().is_disabled());
    assert!(listing(h.state()).is_none());
}

#[test]
fn the_families_window_opens_below_the_tab_row_and_inside_the_app() {
    use blockslide_app::app::{PANELS_LABEL, SOLVE_AND_PLAY_LABEL};
    for size in [[800.0, 600.0], [1400.0, 900.0]] {
        let mut h = harness(bundled("klotski.ron"), Mode::Start, size);
        button(&h, "View").click();
        h.run_ok();
        button(&h, "Families…").click();
        h.run_ok();
        let window = h.get_by_role_and_label(Role::Window, "Families").rect();
        let app = egui::Rect::from_min_size(egui::Pos2::ZERO, size.into());
        assert!(app.contains_rect(window), "{window:?} in {size:?}");
        for control in [
            "Start",
            "Goal",
            "Solve",
            "Play",
            SOLVE_AND_PLAY_LABEL,
            PANELS_LABEL,
        ] {
            let r = h
                .query_all_by_role_and_label(Role::Button, control)
                .map(|n| n.rect())
                .min_by(|a, b| a.min.y.total_cmp(&b.min.y))
                .expect("the tab row's button");
            assert!(!r.intersects(window), "{control} at {r:?} under {window:?}");
        }
    }
}

#[test]
fn a_running_family_says_about_how_long_it_has_left() {
    let mut h = klotski_800x600();
    open_on_rush_hour_5x5(&mut h);
    // Seconds of a run, still going when the first batches come, on a count of a moment.
    h.get_by_label("up to 1").click();
    h.run_ok();
    press_button(&mut h, RUN_LABEL);
    let shows_time_left = |h: &Harness<'static, App>| {
        h.query_by(|n| {
            n.role() == Role::Label
                && n.value()
                    .is_some_and(|v| v.contains(" units · ") && v.contains(" left"))
        })
        .is_some()
    };
    let start = std::time::Instant::now();
    while !shows_time_left(&h) {
        assert!(
            h.state().solve_view().family_view().is_running(),
            "the family ended before its progress said the time left"
        );
        assert!(
            start.elapsed() < PATIENCE,
            "timed out waiting for the time left"
        );
        h.step();
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    press_button(&mut h, CANCEL_LABEL);
    wait_for(&mut h, PATIENCE, "the cancel", |app| {
        !app.solve_view().family_view().is_running()
    });
}

#[test]
fn the_progress_line_says_the_time_left_in_minutes_past_two_minutes() {
    use blockslide_app::solve::family::run::progress_text;
    use blockslide_core::solve::family::FamilySummary;
    use std::time::Duration;
    let summary = FamilySummary {
        units: 1200,
        clusters: 3400,
        ..FamilySummary::default()
    };
    let text = |left| progress_text(&summary, 2.5e6, Duration::from_secs(30), left);
    assert!(!text(None).contains("left"), "{}", text(None));
    assert!(
        text(Some(90.4)).ends_with("about 90 s left"),
        "{}",
        text(Some(90.4))
    );
    // 754 s are 12.6 minutes.
    assert!(
        text(Some(754.0)).ends_with("about 13 min left"),
        "{}",
        text(Some(754.0))
    );
    assert!(
        text(Some(3.0 * 3600.0 + 5.0 * 60.0)).ends_with("about 3 h 5 min left"),
        "{}",
        text(Some(3.0 * 3600.0 + 5.0 * 60.0))
    );
    assert!(text(Some(90.0)).starts_with("1,200 units · 3,400 clusters"));
}
