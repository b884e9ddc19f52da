//! Comparing algorithms: the pairs to run (added once, skipped, refused with a reason), the
//! comparison running in the centre, its table (columns, readable figures, scrolling) and
//! charts (bar names, log axes), and a compared run played back from its row.
//!
//! Comparisons run on background threads, so the tests step frames until a condition holds,
//! with a generous timeout (and never assert on timing).

use std::sync::Arc;
use std::time::{Duration, Instant};

use blockslide_app::app::App;
use blockslide_app::command::{Command, CompareCommand, Mode, SolveCommand};
use blockslide_app::common::format;
use blockslide_app::solve::SolveTab;
use blockslide_app::solve::compare::charts::charts_ui;
use blockslide_app::solve::compare::table::COLUMNS;
use blockslide_app::solve::compare::{self, ComparePair, CompareRow};
use blockslide_core::model::Metric;
use blockslide_core::solve::{
    self as api, Algorithm, SearchControl, SolveReport, SolveRequest, Stats, Termination,
};
use egui::accesskit::Role;
use egui::{Modifiers, Rect, Shape};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable, by};

use crate::driver::{
    PATIENCE, bundled, button, choose, click_at, compared_2x3, goal_on_a_wall, hard_fifteen,
    harness, run_seeds_comparison, text_of, wait_for,
};

/// Skip pressed at once after Run, before the comparison's thread is under way, skips the
/// first pair (its flag is in place before the pair is named), and the next pair runs.
#[test]
fn skip_pressed_at_once_skips_the_first_pair() {
    let mut h = harness(bundled("fifteen-korf-1.ron"), Mode::Solve, [1400.0, 900.0]);
    button(&h, "Compare").click();
    h.run_ok();
    button(&h, "Classic six").click();
    h.run_ok();
    let ctx = h.ctx.clone();
    h.state_mut().apply(
        Command::Solve(SolveCommand::Compare(CompareCommand::Run)),
        &ctx,
    );
    h.state_mut().apply(
        Command::Solve(SolveCommand::Compare(CompareCommand::Skip)),
        &ctx,
    );
    wait_for(&mut h, PATIENCE, "the first row", |app| {
        !app.solve_view().compare().rows().is_empty()
    });
    let first = &h.state().solve_view().compare().rows()[0];
    assert_eq!(first.cells()[8], "skipped", "{:?}", first.cells());
    button(&h, "Cancel comparison").click();
    h.step();
    wait_for(&mut h, PATIENCE, "the comparison's end", |app| {
        !app.solve_view().compare().is_running()
    });
}

/// A finished comparison at 800x600: a click on any cell of a solved row plays its solution
/// back (not only on the algorithm's name), and "Run the 6 pairs" runs it again from the
/// centre.
#[test]
fn a_comparisons_rows_play_back_from_any_cell_and_it_runs_again_from_the_centre() {
    let mut h = harness(bundled("two-by-three.ron"), Mode::Solve, [800.0, 600.0]);
    button(&h, "Compare").click();
    h.run_ok();
    let pairs = h.state().solve_view().compare().pairs.len();
    let run = format!("Run the {pairs} pairs");
    button(&h, &run).click();
    h.step();
    wait_for(&mut h, PATIENCE, "the comparison", |app| {
        !app.solve_view().compare().is_running() && !app.solve_view().compare().rows().is_empty()
    });
    h.run_ok();
    // The breadth-first row's length, a number in the length column under its title.
    let length = h.state().solve_view().compare().rows()[0].cells()[2].clone();
    let title = h.get_by_label("Steps").rect();
    let cell = h
        .get_all_by_label(&length)
        .map(|n| n.rect())
        .filter(|r| r.min.y > title.max.y && r.center().x < title.max.x + 4.0)
        .filter(|r| r.center().x > title.min.x - 4.0)
        .min_by(|a, b| a.min.y.total_cmp(&b.min.y))
        .expect("the first row's length");
    click_at(&mut h, cell.center());
    assert!(h.state().solve_view().playback().is_some(), "played back");
    button(&h, "Compare").click();
    h.run_ok();
    button(&h, &run).click();
    h.step();
    assert!(h.state().solve_view().compare().is_running(), "runs again");
    wait_for(&mut h, PATIENCE, "the second comparison", |app| {
        !app.solve_view().compare().is_running()
    });
}

/// "Run the 6 pairs" on a design the solver refuses: why is said in the centre, where the
/// button was pressed, as in the panel, and without backticks.
#[test]
fn a_refused_comparison_says_why_in_the_centre() {
    let mut h = harness(goal_on_a_wall(), Mode::Solve, [1400.0, 900.0]);
    button(&h, "Compare").click();
    h.run_ok();
    let pairs = h.state().solve_view().compare().pairs.len();
    button(&h, &format!("Run the {pairs} pairs")).click();
    h.run_ok();
    let said: Vec<egui::Rect> = h
        .query_all(by().label_contains("on a wall"))
        .map(|n| n.rect())
        .collect();
    let run = h.get_by_label(&format!("Run the {pairs} pairs")).rect();
    assert!(
        said.iter().any(|r| r.min.y > run.max.y && r.max.x < 1040.0),
        "said under the button in the centre: {said:?}"
    );
    assert!(h.query_all(by().label_contains("`")).next().is_none());
}

#[test]
fn every_bar_of_the_comparison_charts_has_its_name() {
    let h = compared_2x3([800.0, 600.0]);
    let names = ["BFS", "DFS", "UCS", "Greedy", "A*", "IDA*"];
    let mut shown = Vec::new();
    for name in names {
        let rects: Vec<Rect> = h
            .query_all(by().role(Role::Label).label(name))
            .map(|n| n.rect())
            .collect();
        assert_eq!(
            rects.len(),
            2,
            "{name} under a bar of each chart: {rects:?}"
        );
        shown.extend(rects);
    }
    // No two names overlap.
    for (i, a) in shown.iter().enumerate() {
        for b in &shown[i + 1..] {
            assert!(!a.intersects(*b), "{a:?} overlaps {b:?}");
        }
    }
}

#[test]
fn the_comparison_tables_scroll_bar_leaves_its_last_row_clear() {
    let h = compared_2x3([800.0, 600.0]);
    let rows = h.state().solve_view().compare().rows();
    let status = rows.last().unwrap().cells()[8].clone();
    let last = h
        .query_all(by().role(Role::Label).label(&status))
        .map(|n| n.rect().max.y)
        .fold(0.0, f32::max);
    let below = h
        .get_by_label("Click a row to play its solution back.")
        .rect()
        .min
        .y;
    let bar = h.ctx.global_style().spacing.scroll.bar_width;
    assert!(
        below - last >= bar,
        "the last row ends at {last}, the table at {below}: no room for a bar {bar} wide"
    );
}

#[test]
fn a_pair_already_listed_cannot_be_added_again_and_says_so() {
    let mut h = harness(bundled("eight-14.ron"), Mode::Solve, [1400.0, 900.0]);
    h.get_by_label("Classic six").click();
    h.run_ok();
    let pairs = h.state().solve_view().compare().pairs.len();
    choose(&mut h, "Add", "Breadth-first");
    let plus = h.get_by_role_and_label(Role::Button, "+");
    assert!(plus.accesskit_node().is_disabled());
    plus.hover();
    h.run_steps(8);
    h.get_by_label("Breadth-first is already listed");
    h.get_by_role_and_label(Role::Button, "+").click();
    h.run_ok();
    assert_eq!(h.state().solve_view().compare().pairs.len(), pairs);
    // A pair not listed is added.
    choose(&mut h, "Add", "Bidirectional BFS");
    let plus = h.get_by_role_and_label(Role::Button, "+");
    assert!(!plus.accesskit_node().is_disabled());
    plus.click();
    h.run_ok();
    assert_eq!(h.state().solve_view().compare().pairs.len(), pairs + 1);
}

#[test]
fn the_optimal_column_says_it_is_a_guarantee() {
    assert!(COLUMNS.contains(&"Guaranteed optimal"), "{COLUMNS:?}");
    assert!(!COLUMNS.contains(&"Optimal"));
}

#[test]
fn at_800x600_the_add_button_is_clear_of_the_side_panels_scroll_bar() {
    let mut h = harness(bundled("eight-14.ron"), Mode::Solve, [800.0, 600.0]);
    h.get_by_role_and_label(Role::Button, "+").scroll_to_me();
    h.run_ok();
    // The panel's floating scroll bar is drawn, and takes clicks, over the last `bar_width`
    // points inside the panel's margin.
    let style = h.ctx.global_style();
    let edge = 800.0 - f32::from(egui::Frame::side_top_panel(&style).inner_margin.right);
    let bar = style.spacing.scroll.bar_width;
    let plus = h.get_by_role_and_label(Role::Button, "+").rect();
    assert!(
        plus.right() <= edge - bar,
        "the add button {plus:?} reaches under the scroll bar at {edge} - {bar}"
    );
}

#[test]
fn a_comparison_scrolled_sideways_keeps_its_algorithm_column() {
    let mut h = harness(bundled("two-by-three.ron"), Mode::Solve, [800.0, 600.0]);
    run_seeds_comparison(&mut h);
    h.get_by_role_and_label(Role::Button, "Compare").click();
    h.run_ok();
    let first = h.state().solve_view().compare().rows()[0].cells()[0].clone();
    let algorithm = h.get_by_role_and_label(Role::Link, &first).rect();
    let status = h.get_by_label("Status").rect();
    // The wheel sideways over the table's headers, as a trackpad does.
    h.hover_at(h.get_by_label("Explored").rect().center());
    h.run_ok();
    h.event(egui::Event::MouseWheel {
        unit: egui::MouseWheelUnit::Point,
        delta: egui::vec2(-2000.0, 0.0),
        phase: egui::TouchPhase::Move,
        source: egui::MouseWheelSource::Unknown,
        modifiers: Modifiers::NONE,
    });
    h.run_ok();
    assert!(
        h.get_by_label("Status").rect().left() < status.left(),
        "the table scrolled"
    );
    assert_eq!(
        h.get_by_role_and_label(Role::Link, &first).rect(),
        algorithm
    );
}

#[test]
fn the_comparison_table_writes_fast_times_and_long_lengths_readably() {
    // DFS wanders: on the 8-puzzle its solution runs to thousands of steps.
    let puzzle = bundled("eight-31a.ron");
    let rows: Vec<CompareRow> = [Algorithm::Dfs, Algorithm::Astar]
        .into_iter()
        .map(|algorithm| {
            let request = SolveRequest {
                algorithm,
                metric: Some(Metric::Step),
                ..blockslide_testkit::request()
            };
            let mut report = api::solve(
                &puzzle,
                &request,
                SearchControl::new(blockslide_core::solve::Limits::default()),
            )
            .unwrap();
            // A run well under a millisecond, as A* on a small board is.
            report.stats.elapsed = std::time::Duration::from_micros(42);
            CompareRow {
                pair: ComparePair::new(algorithm, None),
                result: Ok(std::sync::Arc::new(report)),
            }
        })
        .collect();
    let dfs_length = rows[0].result.as_ref().unwrap().length().unwrap();
    assert!(dfs_length >= 1000, "DFS found {dfs_length} steps");
    let mut h = harness(puzzle.clone(), Mode::Solve, [1400.0, 900.0]);
    let ctx = h.ctx.clone();
    h.state_mut()
        .solve_view_mut()
        .show_comparison(&puzzle, rows, &ctx);
    h.run_ok();
    h.get_by_label(&format::thousands(dfs_length as u64));
    assert_eq!(h.get_all_by_label("0.042").count(), 2);
    assert!(h.query_by_label("0.0").is_none());
}

#[test]
fn the_comparison_charts_and_their_bar_names_are_in_view_without_scrolling_at_800x600() {
    let h = compared_2x3([800.0, 600.0]);
    let bottom = h.get_by_label("not saved yet").rect().min.y;
    for name in ["BFS", "DFS", "UCS", "Greedy", "A*", "IDA*"] {
        for r in h
            .query_all(egui_kittest::kittest::by().role(Role::Label).label(name))
            .map(|n| n.rect())
        {
            assert!(
                r.max.y <= bottom,
                "{name} at {r:?}, below the view's end at {bottom}"
            );
        }
    }
}

#[test]
fn a_comparison_shows_the_pair_running_in_the_centre_and_a_skipped_pair_says_so() {
    // Breadth-first, depth-first and uniform-cost search each run until a limit on the
    // 15-puzzle.
    let mut h = harness(bundled("fifteen-korf-1.ron"), Mode::Solve, [1400.0, 900.0]);
    button(&h, "Compare").click();
    h.run_ok();
    button(&h, "Classic six").click();
    h.run_ok();
    button(&h, "Run comparison").click();
    h.step();
    wait_for(&mut h, PATIENCE, "the first pair under way", |app| {
        app.solve_view().compare().is_running()
    });
    h.run_ok();
    let edge = h
        .query_all_by_role_and_label(Role::Splitter, "Resize panel")
        .map(|n| n.rect().center().x)
        .fold(f32::INFINITY, f32::min);
    // The progress line, a label whose text is its value: "k/6: <pair> · n expanded".
    let running: Vec<(egui::Rect, usize)> = h
        .query_all(egui_kittest::kittest::by().role(Role::Label))
        .filter_map(|n| {
            let node = n.accesskit_node();
            let text = node.label().or_else(|| node.value())?;
            let (k, _) = text.split_once("/6: ")?;
            Some((n.rect(), k.parse().ok()?))
        })
        .collect();
    let &(_, k) = running
        .iter()
        .find(|(r, _)| r.max.x < edge)
        .unwrap_or_else(|| panic!("the running pair named in the centre: {running:?}"));
    button(&h, "Skip").click();
    h.step();
    // The pair running then (the one named, or the next if that one just reached its limit)
    // ends as skipped.
    let skipped = |app: &blockslide_app::app::App| {
        app.solve_view()
            .compare()
            .rows()
            .iter()
            .position(|r| r.cells()[8] == "skipped")
    };
    wait_for(&mut h, PATIENCE, "the skipped pair's row", |app| {
        skipped(app).is_some()
    });
    button(&h, "Cancel comparison").click();
    h.step();
    wait_for(&mut h, PATIENCE, "the comparison's end", |app| {
        !app.solve_view().compare().is_running()
    });
    h.run_ok();
    let at = skipped(h.state()).expect("a skipped row");
    assert!(at + 1 >= k, "row {at} skipped, the pair named was {k}");
    let rows = h.state().solve_view().compare().rows();
    assert_eq!(
        rows.iter().filter(|r| r.cells()[8] == "skipped").count(),
        1,
        "the others cancelled with the comparison or finished"
    );
}

#[test]
fn the_solver_panel_shows_the_figures_of_a_comparison_row_played_back() {
    let mut h = harness(bundled("two-by-three.ron"), Mode::Solve, [1400.0, 900.0]);
    run_seeds_comparison(&mut h);
    button(&h, "Compare").click();
    h.run_ok();
    h.get_by_role_and_label(Role::Link, "Greedy best-first")
        .click();
    h.run_ok();
    let report = h
        .state()
        .solve_view()
        .playback()
        .expect("the row played back")
        .report()
        .clone();
    assert_eq!(report.algorithm, blockslide_core::solve::Algorithm::Greedy);
    let Some(blockslide_app::solve::panel::Outcome::Report(shown)) =
        h.state().solve_view().panel().outcome()
    else {
        panic!("no figures in the panel");
    };
    assert_eq!(shown.algorithm, blockslide_core::solve::Algorithm::Greedy);
}

#[test]
fn an_empty_comparison_offers_to_run_its_pairs_in_the_centre_at_800x600() {
    let mut h = harness(bundled("two-by-three.ron"), Mode::Solve, [800.0, 600.0]);
    button(&h, "Compare").click();
    h.run_ok();
    let pairs = h.state().solve_view().compare().pairs.len();
    let run = format!("Run the {pairs} pairs");
    let at = h.get_by_role_and_label(Role::Button, &run).rect();
    assert!(at.max.y <= 600.0 && at.max.x <= 560.0, "{run} at {at:?}");
    // In the middle of the view left of the solver panel (its left edge at 560), where the
    // table will be, not in a corner.
    assert!(
        (at.center().x - 280.0).abs() < 30.0 && at.min.y > 200.0,
        "{run} at {at:?}"
    );
    button(&h, &run).click();
    h.step();
    wait_for(&mut h, PATIENCE, "the comparison", |app| {
        !app.solve_view().compare().is_running() && !app.solve_view().compare().rows().is_empty()
    });
    assert_eq!(h.state().solve_view().compare().rows().len(), pairs);
}

#[test]
fn the_comparisons_progress_names_the_heuristic_used_and_stays_in_the_panel() {
    let mut h = harness(bundled("klotski.ron"), Mode::Solve, [800.0, 600.0]);
    h.state_mut()
        .solve_view_mut()
        .compare_mut()
        .seconds_per_pair = 1;
    // The pair as the list names it, with the heuristic that runs on Klotski.
    let listed = h
        .query_all(by().role(Role::Label).label_contains("IDA* + "))
        .find_map(|n| text_of(&n))
        .expect("IDA* in the pair list");
    h.get_by_label("Run comparison").scroll_to_me();
    h.run_ok();
    h.get_by_label("Run comparison").click();
    let start = std::time::Instant::now();
    let progress = loop {
        h.step();
        let running = h
            .query_all(by().label_contains(" expanded"))
            .filter_map(|n| Some((text_of(&n)?, n.rect())))
            .find(|(l, _)| l.contains("IDA*"));
        if let Some(found) = running {
            break found;
        }
        assert!(start.elapsed() < PATIENCE, "IDA* never ran");
        std::thread::sleep(std::time::Duration::from_millis(5));
    };
    assert!(
        progress.0.contains(&listed),
        "{progress:?} names {listed:?}"
    );
    // Inside the solver panel: from its controls' left edge to short of the window's.
    let left = h.get_by_label("Run comparison").rect().min.x;
    assert!(
        progress.1.min.x >= left - 1.0 && progress.1.max.x <= 800.0 - 4.0,
        "{progress:?} leaves the panel"
    );
    h.get_by_label("Cancel comparison").click();
    h.run_ok();
}

/// The move list's row whose label starts with `start`.
fn move_row<'a>(h: &'a Harness<'_, App>, start: &'a str) -> Option<egui_kittest::Node<'a>> {
    h.query_by(move |n| n.role() == Role::Button && n.label().is_some_and(|l| l.starts_with(start)))
}

#[test]
fn a_compared_run_plays_back_from_the_start_of_its_move_list_one_line_a_move() {
    let mut h = harness(bundled("two-by-three.ron"), Mode::Solve, [1200.0, 600.0]);
    button(&h, "Classic six").click();
    h.run_ok();
    h.get_by_label("Run comparison").click();
    h.step();
    wait_for(&mut h, PATIENCE, "the comparison", |app| {
        !app.solve_view().compare().is_running() && !app.solve_view().compare().rows().is_empty()
    });
    h.run_ok();

    // Depth-first's long detour, played to its end: the list scrolls to its last move.
    h.get_by_role_and_label(Role::Link, "Depth-first").click();
    h.run_ok();
    let moves = h.state().solve_view().playback().expect("DFS solved").len();
    button(&h, "Last").click();
    h.run_ok();
    assert!(move_row(&h, "   0. start").is_none(), "{moves} moves fit");

    // Chosen again from the comparison, it starts at move 0, and so does its list.
    h.get_by_role_and_label(Role::Button, "Compare").click();
    h.run_ok();
    h.get_by_role_and_label(Role::Link, "Depth-first").click();
    h.run_ok();
    assert_eq!(h.state().solve_view().playback().unwrap().index(), 0);
    let start = move_row(&h, "   0. start").expect("the list shows its start");
    let line = start.rect().height();
    let first = move_row(&h, "   1. ").expect("the first move shows");
    assert!(
        first.rect().height() <= line + 0.5,
        "one line a move: {} against {line}",
        first.rect().height()
    );
    // Its tooltip gives the move whole: the row, and the tooltip beside it.
    let rows = h.query_all_by_label_contains("(tile").count();
    first.hover();
    // A tooltip waits for the pointer to rest; on a busy machine that takes a few frames more.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    while h.query_all_by_label_contains("(tile").count() == rows
        && std::time::Instant::now() < deadline
    {
        h.step();
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    assert_eq!(h.query_all_by_label_contains("(tile").count(), rows + 1);
}

#[test]
fn compare_on_the_2x3_seed_puzzle_fills_the_insights_table() {
    let puzzle = bundled("two-by-three.ron");
    let mut h = harness(puzzle.clone(), Mode::Solve, [1400.0, 900.0]);
    h.get_by_label("Classic six").click();
    h.run_ok();
    h.get_by_label("Run comparison").click();
    h.step();
    wait_for(&mut h, PATIENCE, "the comparison", |app| {
        !app.solve_view().compare().is_running() && !app.solve_view().compare().rows().is_empty()
    });
    h.run_ok();

    let rows = h.state().solve_view().compare().rows().to_vec();
    let algorithms: Vec<Algorithm> = rows.iter().map(|r| r.pair.algorithm).collect();
    assert_eq!(
        algorithms,
        [
            Algorithm::Bfs,
            Algorithm::Dfs,
            Algorithm::Ucs,
            Algorithm::Greedy,
            Algorithm::Astar,
            Algorithm::Idastar
        ]
    );
    for row in &rows {
        let report = row
            .result
            .as_ref()
            .expect("every pair applies to a tile puzzle");
        assert_eq!(report.status, Termination::Solved, "{}", row.pair.title());
        // Every solution replays on the model and reaches the goal.
        let mut position = puzzle.clone();
        for mv in &report.moves {
            for &d in &mv.steps {
                position.step(mv.piece, d).expect("legal step");
            }
        }
        assert!(
            puzzle.goal_satisfied_by(&position.cells),
            "{}",
            row.pair.title()
        );
        if report.optimal {
            assert_eq!(report.length(), Some(8), "{} is optimal", row.pair.title());
        } else {
            assert!(report.length().unwrap() >= 8);
        }
        // The table shows what an independent run of the same request reports.
        if matches!(row.pair.algorithm, Algorithm::Bfs | Algorithm::Astar) {
            let request = SolveRequest {
                algorithm: row.pair.algorithm,
                heuristic: row.pair.heuristic.clone(),
                metric: Some(Metric::Step),
                ..blockslide_testkit::request()
            };
            let direct = api::solve(
                &puzzle,
                &request,
                SearchControl::new(blockslide_core::solve::Limits::default()),
            )
            .unwrap();
            assert_eq!(direct.stats.expanded, report.stats.expanded);
            assert_eq!(direct.stats.generated, report.stats.generated);
        }
    }
    assert!(
        rows.iter()
            .any(|r| r.pair.algorithm == Algorithm::Bfs && r.result.as_ref().unwrap().optimal)
    );

    // The table is on screen, with the seeds' columns (the length counted in the runs'
    // metric, steps here), and copies as CSV.
    h.get_by_label("# States Explored");
    h.get_by_label("# Steps in Solution");
    // In the pair list and in the table.
    assert_eq!(h.get_all_by_label("Depth-first").count(), 2);
    let csv = compare::as_csv(&rows);
    assert_eq!(csv.lines().count(), 1 + rows.len());
    assert!(
        csv.lines()
            .nth(1)
            .unwrap()
            .starts_with("Breadth-first,zero,8,"),
        "{csv}"
    );
    h.get_by_label("Copy CSV").click();
    h.run_ok();

    // Clicking a row's algorithm plays its solution back: depth-first's long detour.
    h.get_by_role_and_label(Role::Link, "Depth-first").click();
    h.run_ok();
    let view = h.state().solve_view();
    assert_eq!(view.tab(), SolveTab::Playback);
    let playback = view.playback().expect("the DFS solution is loaded");
    assert_eq!(playback.report().algorithm, Algorithm::Dfs);
    assert_eq!(
        Some(playback.len()),
        rows[1].result.as_ref().unwrap().length()
    );
    assert!(playback.verified());
}

#[test]
fn comparing_every_heuristic_with_a_star_on_the_two_ls() {
    let puzzle = bundled("two-ls-meet.ron");
    let mut h = harness(puzzle.clone(), Mode::Solve, [1400.0, 900.0]);
    h.get_by_label("A* × heuristics").click();
    h.run_ok();
    h.get_by_label("Run comparison").click();
    h.step();
    wait_for(&mut h, PATIENCE, "the comparison", |app| {
        !app.solve_view().compare().is_running() && !app.solve_view().compare().rows().is_empty()
    });
    h.run_ok();
    let metric = h.state().solve_view().metric();
    let applicable: Vec<_> = api::heuristics_for(&puzzle, metric, None)
        .into_iter()
        .filter(|info| info.applicable.is_ok())
        .collect();
    let rows = h.state().solve_view().compare().rows();
    assert_eq!(rows.len(), applicable.len());
    let optimal = rows
        .iter()
        .find(|r| r.pair.heuristic.as_deref() == Some("zero"))
        .and_then(|r| r.result.as_ref().ok()?.length())
        .expect("A* with the zero heuristic (uniform cost) solves the two L's");
    for (row, info) in rows.iter().zip(&applicable) {
        assert_eq!(row.pair.algorithm, Algorithm::Astar);
        assert_eq!(row.pair.heuristic.as_deref(), Some(info.name.as_str()));
        let report = row
            .result
            .as_ref()
            .expect("every applicable heuristic runs");
        assert_eq!(report.heuristic, info.name);
        assert_eq!(report.status, Termination::Solved, "{}", info.name);
        if info.admissible {
            assert!(report.optimal, "{} is admissible", info.name);
            assert_eq!(report.length(), Some(optimal), "{}", info.name);
        } else {
            assert!(!report.optimal);
            assert!(report.length().unwrap() >= optimal);
        }
    }
}

#[test]
fn skip_stops_one_pair_of_a_comparison_and_the_next_one_runs() {
    let mut h = harness(hard_fifteen(), Mode::Solve, [1400.0, 900.0]);
    h.state_mut().solve_view_mut().compare_mut().pairs = vec![
        ComparePair::new(Algorithm::Idastar, Some("manhattan")),
        ComparePair::new(Algorithm::Greedy, Some("manhattan")),
    ];
    h.run_ok();
    h.get_by_label("Run comparison").click();
    h.step();
    let start = Instant::now();
    while h
        .query_by_label_contains("1/2: IDA* + Manhattan distance")
        .is_none()
    {
        assert!(
            start.elapsed() < PATIENCE,
            "timed out waiting for the first pair"
        );
        h.step();
        std::thread::sleep(Duration::from_millis(10));
    }
    h.get_by_label("Skip").click();
    wait_for(&mut h, PATIENCE, "the comparison", |app| {
        !app.solve_view().compare().is_running()
    });
    h.run_ok();
    let rows = h.state().solve_view().compare().rows();
    assert_eq!(rows.len(), 2);
    let skipped = rows[0].result.as_ref().expect("IDA* ran");
    assert_eq!(skipped.status, Termination::Cancelled);
    let greedy = rows[1].result.as_ref().expect("greedy ran");
    assert_eq!(
        greedy.status,
        Termination::Solved,
        "greedy is fast on the 15-puzzle"
    );
    assert!(!greedy.optimal);
    h.get_by_label("skipped");
}

#[test]
fn a_log_time_axis_names_every_decade() {
    let row = |algorithm, millis: f64| CompareRow {
        pair: ComparePair::new(algorithm, None),
        result: Ok(Arc::new(SolveReport {
            puzzle: String::new(),
            puzzle_type: blockslide_core::model::PuzzleType::Blocks,
            algorithm,
            heuristic: "zero".into(),
            metric: blockslide_core::model::Metric::Step,
            status: Termination::Solved,
            optimal: true,
            moves: Vec::new(),
            blank_moves: None,
            stats: Stats {
                expanded: 10,
                elapsed: Duration::from_secs_f64(millis / 1e3),
                ..Stats::default()
            },
            notes: Vec::new(),
        })),
    };
    let rows = [row(Algorithm::Bfs, 0.005), row(Algorithm::Dfs, 80.0)];
    let mut h = Harness::builder()
        .with_size([900.0, 400.0])
        .build_ui(move |ui| charts_ui(ui, &rows));
    h.run();
    let mut texts = Vec::new();
    let mut stack: Vec<&Shape> = h.output().shapes.iter().map(|c| &c.shape).collect();
    while let Some(shape) = stack.pop() {
        match shape {
            Shape::Vec(inner) => stack.extend(inner),
            Shape::Text(text) => texts.push(text.galley.text().to_string()),
            _ => {}
        }
    }
    for tick in ["0.0001", "0.001", "0.01", "0.1", "1", "10"] {
        assert!(texts.iter().any(|t| t == tick), "{tick} in {texts:?}");
    }
    // The one "0" is the linear chart's of states explored.
    assert_eq!(texts.iter().filter(|t| *t == "0").count(), 1, "{texts:?}");
}

/// At 800x600 the columns a class reads first (through Status) are in view beside the
/// algorithm names, short titles telling them; only Generated is left to the sideways scroll.
#[test]
fn at_800x600_the_table_shows_every_column_a_class_reads_first() {
    let h = compared_2x3([800.0, 600.0]);
    let solver = h.get_by_label("Solver").rect();
    // The side panel has a "Heuristic" of its own: the table's is left of it.
    let in_view = |title: &str| {
        h.query_all_by_label(title)
            .any(|n| n.rect().max.x <= solver.min.x)
    };
    for title in [
        "Heuristic",
        "Steps",
        "Explored",
        "Max\nfrontier",
        "Time\n(ms)",
        "Optimal",
        "Status",
    ] {
        assert!(in_view(title), "{title:?} is out of view");
    }
}
