//! UI tests of the Solve and Play tabs, driving the real app through `egui_kittest` as a user
//! would: pick choices in the solver panel, solve, cancel, compare, play back, and play.
//!
//! Searches run on background threads, so the tests step frames until a condition holds,
//! with a generous timeout (and never assert on timing).

use crate::gui_support;

use gui_support::bundled;

use std::time::{Duration, Instant};

use egui::accesskit::Role;
use egui::{Key, Pos2};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};

use blockslide_app::app::App;
use blockslide_app::command::Mode;
use blockslide_app::common::board::{BOARD_LABEL, cell_center};
use blockslide_app::solve::SolveTab;
use blockslide_app::solve::compare::{self, ComparePair};
use blockslide_app::solve::panel::Outcome;
use blockslide_core::model::{Dir, Metric, Puzzle, Token};
use blockslide_core::solve::api::heuristic_title;
use blockslide_core::solve::{self as api, Algorithm, SearchControl, SolveRequest, Termination};

/// A generous bound for background work in a debug build on a busy machine.
const PATIENCE: Duration = Duration::from_mins(2);

fn harness(puzzle: Puzzle, mode: Mode) -> Harness<'static, App> {
    gui_support::harness(puzzle, mode, [1400.0, 900.0])
}

/// Steps frames until `done` holds for the app, panicking after [`PATIENCE`].
fn wait_for(h: &mut Harness<'static, App>, what: &str, done: impl Fn(&App) -> bool) {
    gui_support::wait_for(h, PATIENCE, what, done);
}

/// Opens the combo box labelled `combo` and clicks its entry `entry`.
fn choose(h: &mut Harness<'static, App>, combo: &str, entry: &str) {
    h.get_by_role_and_label(Role::ComboBox, combo).click();
    h.run_ok();
    h.get_by_role_and_label(Role::Button, entry).click();
    h.run_ok();
}

fn outcome_status(app: &App) -> Option<Termination> {
    match app.solve_view().panel().outcome()? {
        Outcome::Report(r) => Some(r.status),
        Outcome::Abandoned(_) => Some(Termination::Cancelled),
        Outcome::Refused(_) => None,
    }
}

#[test]
fn klotski_bfs_in_the_move_metric_plays_back_81_moves_to_the_goal() {
    let klotski = bundled("klotski.ron");
    let mut h = harness(klotski.clone(), Mode::Solve);
    choose(&mut h, "Algorithm", "Breadth-first");
    choose(&mut h, "Metric", "move (any path)");
    assert_eq!(h.state().solve_view().metric(), Metric::Move);
    h.get_by_label("Solve the puzzle").click();
    wait_for(&mut h, "the BFS solve", |app| {
        app.solve_view().playback().is_some()
    });
    h.run_ok();

    // The solver panel's summary and the playback header both say so.
    assert_eq!(h.get_all_by_label_contains("Solved: 81 moves").count(), 2);
    let playback = h.state().solve_view().playback().expect("a solution");
    assert_eq!(playback.len(), 81);
    assert!(playback.report().optimal);
    assert!(
        playback.verified(),
        "the solution replays on the model to a goal position"
    );
    h.get_by_label("Last").click();
    h.run_ok();
    // The move list scrolled to its last entry, move 81.
    h.get_by_label_contains("  81. ");
    let playback = h.state().solve_view().playback().unwrap();
    assert_eq!(playback.index(), 81);
    assert!(klotski.goal_satisfied_by(&playback.position().cells));
    h.get_by_label_contains("goal reached");

    // Step back and forth with the keyboard; animations are off in tests, so it is instant.
    h.key_press(Key::ArrowLeft);
    h.run_ok();
    assert_eq!(h.state().solve_view().playback().unwrap().index(), 80);
    assert!(
        !klotski.goal_satisfied_by(&h.state().solve_view().playback().unwrap().position().cells)
    );
    h.key_press(Key::Home);
    h.run_ok();
    assert_eq!(
        h.state().solve_view().playback().unwrap().position().cells,
        klotski.cells
    );

    // The heuristic plot arrives in the background: BFS uses none, so the best one is
    // evaluated; along an optimal path it never exceeds the moves left, and is 0 at the goal.
    wait_for(&mut h, "the heuristic along the path", |app| {
        app.solve_view().playback().unwrap().h_path().is_some()
    });
    let path = h
        .state()
        .solve_view()
        .playback()
        .unwrap()
        .h_path()
        .unwrap()
        .clone();
    assert_eq!(path.values.len(), 82);
    assert_ne!(path.heuristic, "zero");
    for (i, h_value) in path.values.iter().enumerate() {
        assert!(
            *h_value as usize <= 81 - i,
            "h = {h_value} at move {i} overestimates"
        );
    }
    assert_eq!(path.values[81], 0);
    h.get_by_label_contains("along the solution");
    assert_eq!(
        h.state().solve_view().playback().unwrap().position().cells,
        klotski.cells
    );
}

#[test]
fn choices_that_do_not_apply_are_disabled_and_say_why() {
    let klotski = bundled("klotski.ron");
    let mut h = harness(klotski.clone(), Mode::Solve);
    // Left automatic, Klotski runs breadth-first search, which takes no heuristic: pick A*.
    h.get_by_role_and_label(Role::ComboBox, "Algorithm").click();
    h.run_ok();
    h.get_by_role_and_label(Role::Button, "A*").click();
    h.run_ok();
    // A heuristic that does not apply to Klotski (the notebook's `between` needs two goal
    // pieces) is greyed out, and its tooltip gives the solver's reason.
    let (name, reason) = api::heuristics_for(&klotski, Metric::Move, None)
        .into_iter()
        .find_map(|info| {
            let title = heuristic_title(&info.name);
            let label = if info.admissible {
                title
            } else {
                format!("{title} (inadmissible)")
            };
            info.applicable.err().map(|reason| (label, reason))
        })
        .expect("some heuristic does not apply to Klotski");
    h.get_by_role_and_label(Role::ComboBox, "Heuristic").click();
    h.run_ok();
    let entry = h.get_by_role_and_label(Role::Button, &name);
    assert!(entry.accesskit_node().is_disabled());
    entry.hover();
    h.run_steps(8);
    h.get_by_label(&reason);
    h.key_press(Key::Escape);
    h.run_ok();

    // Its goal is partial, so bidirectional search does not apply either.
    h.get_by_role_and_label(Role::ComboBox, "Algorithm").click();
    h.run_ok();
    let bibfs = h.get_by_role_and_label(Role::Button, "Bidirectional BFS");
    assert!(bibfs.accesskit_node().is_disabled());
    assert!(
        !h.get_by_role_and_label(Role::Button, "Breadth-first")
            .accesskit_node()
            .is_disabled()
    );
}

fn hard_fifteen() -> Puzzle {
    let text = std::fs::read_to_string(crate::fixtures::data("korf100.txt"))
        .expect("korf100.txt is in tests/data");
    // The instance with the longest optimal solution: hopeless for a debug-build IDA*.
    let (numbers, _) = text
        .lines()
        .filter_map(|line| {
            let v: Vec<u32> = line
                .split_whitespace()
                .map(|x| x.parse().unwrap())
                .collect();
            (v.len() == 17).then(|| (v[..16].to_vec(), v[16]))
        })
        .max_by_key(|(_, optimal)| *optimal)
        .expect("korf100 has instances");
    let goal: Vec<u32> = (0..16).collect();
    Puzzle::tiles(4, 4, &numbers, Some(&goal)).unwrap()
}

#[test]
fn a_long_ida_star_search_can_be_cancelled() {
    let mut h = harness(hard_fifteen(), Mode::Solve);
    choose(&mut h, "Algorithm", "IDA*");
    choose(&mut h, "Heuristic", "Manhattan distance");
    h.get_by_label("Solve the puzzle").click();
    h.step();
    wait_for(&mut h, "the search to report progress", |app| {
        app.solve_view().panel().is_running()
    });
    for _ in 0..20 {
        h.step();
        std::thread::sleep(Duration::from_millis(10));
    }
    assert!(
        h.state().solve_view().panel().is_running(),
        "the search is still going"
    );
    h.get_by_label("Searching with IDA* + Manhattan distance…");
    h.get_by_label("Cancel").click();
    wait_for(&mut h, "the cancelled search to stop", |app| {
        !app.solve_view().panel().is_running()
    });
    h.run_ok();
    assert_eq!(outcome_status(h.state()), Some(Termination::Cancelled));
    h.get_by_label("Search cancelled");
    h.get_by_label("cancelled");
    assert!(h.state().solve_view().playback().is_none());
}

#[test]
fn an_unsolvable_tile_puzzle_is_refused_without_searching() {
    let middle4 = Puzzle::tiles(
        4,
        4,
        &[1, 2, 3, 4, 5, 6, 7, 8, 0, 9, 10, 11, 12, 13, 14, 15],
        None,
    )
    .unwrap();
    let mut h = harness(middle4, Mode::Solve);
    h.get_by_label("Solve the puzzle").click();
    h.run_ok();
    assert!(
        !h.state().solve_view().panel().is_running(),
        "no search was started"
    );
    // In the solver panel, and where the solution would play back.
    assert_eq!(
        h.get_all_by_label_contains("Unsolvable: the tiles' permutation parity")
            .count(),
        2
    );
}

#[test]
fn compare_on_the_2x3_seed_puzzle_fills_the_insights_table() {
    let puzzle = bundled("two-by-three.ron");
    let mut h = harness(puzzle.clone(), Mode::Solve);
    h.get_by_label("Classic six").click();
    h.run_ok();
    h.get_by_label("Run comparison").click();
    h.step();
    wait_for(&mut h, "the comparison", |app| {
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
                ..crate::fixtures::request()
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
    let mut h = harness(puzzle.clone(), Mode::Solve);
    h.get_by_label("A* × heuristics").click();
    h.run_ok();
    h.get_by_label("Run comparison").click();
    h.step();
    wait_for(&mut h, "the comparison", |app| {
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
    let mut h = harness(hard_fifteen(), Mode::Solve);
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
    wait_for(&mut h, "the comparison", |app| {
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

fn board_cell(h: &Harness<'static, App>, rows: usize, cols: usize, r: usize, c: usize) -> Pos2 {
    let rect = h.get_by_label(BOARD_LABEL).rect();
    cell_center(rect, rows, cols, r, c)
}

fn click_cell(h: &mut Harness<'static, App>, rows: usize, cols: usize, r: usize, c: usize) {
    let at = board_cell(h, rows, cols, r, c);
    gui_support::click_at(h, at);
}

#[test]
fn play_mode_makes_legal_moves_refuses_illegal_ones_and_undoes() {
    // 5 4 2
    // 1 3 .
    let puzzle = bundled("two-by-three.ron");
    let mut h = harness(puzzle.clone(), Mode::Play);
    let tile = |n: u32| Token::number(n);

    // Click tile 3, next to the blank: it slides into it, as in Tatham's Fifteen, with no
    // selection to make first.
    click_cell(&mut h, 2, 3, 1, 1);
    assert_eq!(h.state().solve_view().play().unwrap().selected(), None);
    let mut expected = puzzle.clone();
    expected.step(tile(3), Dir::Right).unwrap();
    assert_eq!(h.state().solve_view().play().unwrap().position(), &expected);
    h.get_by_label("1 step");

    // Drag tile 4 down into the blank the 3 left behind.
    let from = board_cell(&h, 2, 3, 0, 1);
    let to = board_cell(&h, 2, 3, 1, 1);
    h.hover_at(from);
    h.step();
    h.drag_at(from);
    h.step();
    for k in 1..=4 {
        h.hover_at(from + (to - from) * (k as f32 / 4.0));
        h.step();
    }
    h.drop_at(to);
    h.step();
    h.run_ok();
    expected.step(tile(4), Dir::Down).unwrap();
    assert_eq!(h.state().solve_view().play().unwrap().position(), &expected);
    h.get_by_label("2 steps");

    // Tile 5 cannot move up (off the board): a drag up is refused, nothing changes.
    let from = board_cell(&h, 2, 3, 0, 0);
    let up = from - (to - board_cell(&h, 2, 3, 0, 1));
    h.hover_at(from);
    h.step();
    h.drag_at(from);
    h.step();
    for k in 1..=4 {
        h.hover_at(from + (up - from) * (k as f32 / 4.0));
        h.step();
    }
    h.drop_at(up);
    h.step();
    h.run_ok();
    let game = h.state().solve_view().play().unwrap();
    assert_eq!(game.position(), &expected);
    assert_eq!(game.history().len(), 2);
    h.get_by_label_contains("cannot move up");

    // Undo takes back the drag.
    h.get_by_label("Undo").click();
    h.run_ok();
    let mut after_undo = puzzle.clone();
    after_undo.step(tile(3), Dir::Right).unwrap();
    assert_eq!(
        h.state().solve_view().play().unwrap().position(),
        &after_undo
    );
    h.get_by_label("1 step");

    // A hint is an optimal first move from here: making it leaves one move fewer to go.
    h.get_by_label("Hint").click();
    h.step();
    wait_for(&mut h, "the hint", |app| {
        app.solve_view().play().unwrap().hint().is_some()
    });
    h.run_ok();
    let hint = h.state().solve_view().play().unwrap().hint().unwrap();
    h.get_by_label_contains("Hint: move");
    let mut next = after_undo.clone();
    for &d in &hint.first.steps {
        next.step(hint.first.piece, d)
            .expect("the hinted move is legal");
    }
    let request = SolveRequest {
        algorithm: Algorithm::Astar,
        metric: Some(Metric::Step),
        ..crate::fixtures::request()
    };
    let from_here = api::solve(
        &after_undo,
        &request,
        SearchControl::new(blockslide_core::solve::Limits::default()),
    )
    .unwrap();
    let from_next = api::solve(
        &next,
        &request,
        SearchControl::new(blockslide_core::solve::Limits::default()),
    )
    .unwrap();
    assert_eq!(hint.remaining, from_here.length().unwrap());
    assert_eq!(from_next.length().unwrap() + 1, hint.remaining);
}

#[test]
fn playing_the_2x3_to_the_goal_says_solved_with_the_optimal_length() {
    // 1 2 3 / 4 . 5: one move (tile 5 left) from the goal.
    let puzzle = Puzzle::tiles(2, 3, &[1, 2, 3, 4, 0, 5], None).unwrap();
    let mut h = harness(puzzle, Mode::Play);
    click_cell(&mut h, 2, 3, 1, 2);
    h.key_press(Key::ArrowLeft);
    h.step();
    wait_for(&mut h, "the optimal length", |app| {
        app.solve_view().play().unwrap().optimal_length().is_some()
    });
    h.run_ok();
    assert!(h.state().solve_view().play().unwrap().is_solved());
    h.get_by_label_contains("Solved in 1 step (optimal is 1)");
}
