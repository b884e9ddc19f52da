//! The solver panel in the Solve tab: the algorithm, heuristic and metric pickers (choices that
//! do not apply disabled with a reason, every choice shown whole), the algorithm chosen for a
//! 24-puzzle and its progress, a pattern database's preparation, refusals, cancelling, and
//! the panel keeping its place and width while it works.
//!
//! Searches run on background threads, so the tests step frames until a condition holds,
//! with a generous timeout (and never assert on timing).

use std::time::{Duration, Instant};

use blockslide_app::app::App;
use blockslide_app::command::{Command, Mode};
use blockslide_app::solve::panel::Outcome;
use blockslide_app::solve::search::SearchProgress;
use blockslide_app::solve::stats_view::bound_line;
use blockslide_core::model::solution::verify_solution;
use blockslide_core::model::{Dir, Metric, Puzzle};
use blockslide_core::solve::api::heuristic_title;
use blockslide_core::solve::{self as api, Algorithm, SearchControl, SolveRequest, Termination};
use egui::accesskit::Role;
use egui::{Event, Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable, by};

use crate::driver::{
    MemoryStorage, PATIENCE, apply, bundled, button, choose, goal_on_a_wall, hard_fifteen, harness,
    keys, menu, test_app, wait_and_run, wait_for,
};

/// The optimal length by another route than the app's: IDA* with linear conflict through
/// the solver's front door, no pattern database.
fn ida_star_length(puzzle: &Puzzle) -> usize {
    let request = SolveRequest {
        algorithm: Algorithm::Idastar,
        heuristic: Some("linear-conflict".into()),
        ..blockslide_testkit::request()
    };
    let report = api::solve(
        puzzle,
        &request,
        SearchControl::new(blockslide_core::solve::Limits::default()),
    )
    .unwrap();
    assert_eq!(report.status, Termination::Solved);
    assert!(report.optimal);
    report.length().expect("solved")
}

/// The 24-puzzle's goal with the blank moved by a seeded walk of `steps` moves that never
/// undoes the move before (a small linear congruential generator keeps it reproducible).
fn scrambled_24(steps: usize, mut seed: u64) -> Puzzle {
    let mut cells: Vec<u32> = (1..25).collect();
    cells.push(0);
    let mut blank = 24usize;
    let mut last: Option<Dir> = None;
    let mut made = 0;
    while made < steps {
        seed = seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let dir = Dir::ALL[(seed >> 33) as usize % 4];
        let (r, c) = (blank / 5, blank % 5);
        let to = match dir {
            Dir::Up if r > 0 => blank - 5,
            Dir::Down if r < 4 => blank + 5,
            Dir::Left if c > 0 => blank - 1,
            Dir::Right if c < 4 => blank + 1,
            _ => continue,
        };
        if last.is_some_and(|l| l == dir.opposite()) {
            continue;
        }
        cells.swap(blank, to);
        blank = to;
        last = Some(dir);
        made += 1;
    }
    Puzzle::tiles(5, 5, &cells, None).expect("a scrambled 5x5 board is well formed")
}

/// Steps frames until the solver panel has an outcome; on every frame that shows the search
/// under way, checks that the panel's bound line is on screen. Returns how many frames showed
/// it.
fn wait_for_the_solve_checking_progress(h: &mut Harness<'static, App>) -> usize {
    let start = Instant::now();
    let mut shown = 0;
    while h.state().solve_view().panel().outcome().is_none() {
        assert!(
            start.elapsed() < Duration::from_mins(10),
            "timed out waiting for the solve"
        );
        h.step();
        let progress = h.state().solve_view().panel().progress();
        if let Some(SearchProgress::Searching { stats, .. }) = progress
            && stats.expanded > 0
        {
            let line = bound_line(Algorithm::Idastar, &stats).expect("IDA* has a bound line");
            assert!(
                line.starts_with(&format!("Bound {}: ", stats.depth)),
                "{line}"
            );
            assert!(
                h.query_by_label(&line).is_some(),
                "the panel does not show `{line}`"
            );
            shown += 1;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    h.step();
    shown
}

#[test]
fn a_24_puzzle_solves_with_ida_star_chosen_for_it_and_honest_progress() {
    // A scramble whose optimal solve takes about 2 s in a test build (the core is built at
    // opt-level 1), long enough for frames to show the search's progress.
    let puzzle = scrambled_24(150, 11);
    let mut h = harness(puzzle.clone(), Mode::Solve, [1400.0, 900.0]);
    let picker = h.get_by_role_and_label(Role::ComboBox, "Algorithm");
    assert_eq!(picker.value().as_deref(), Some("Automatic (IDA*)"));
    h.get_by_label("Solve the puzzle").click();
    h.step();
    let frames_with_progress = wait_for_the_solve_checking_progress(&mut h);
    assert!(
        frames_with_progress > 0,
        "no frame showed the search's progress"
    );
    let Some(Outcome::Report(report)) = h.state().solve_view().panel().outcome().cloned() else {
        panic!("a report");
    };
    assert_eq!(report.status, Termination::Solved, "{:?}", report.notes);
    assert_eq!(report.algorithm, Algorithm::Idastar);
    assert!(report.optimal);
    assert!(
        report.notes[0].starts_with("IDA* chosen"),
        "the summary says why: {:?}",
        report.notes
    );
    h.get_by_label_contains("Note: IDA* chosen");
    let length = report.length().expect("solved");
    assert_eq!(length, ida_star_length(&puzzle));
    verify_solution(&puzzle, &report.moves).expect("the solution replays to the goal");
    h.get_by_label("Last").click();
    h.run_ok();
    let playback = h
        .state()
        .solve_view()
        .playback()
        .expect("the solution plays back");
    assert_eq!(playback.index(), length);
    assert!(puzzle.goal_satisfied_by(&playback.position().cells));
}

#[test]
fn a_chosen_algorithm_is_kept_on_the_24_puzzle() {
    let puzzle = scrambled_24(150, 17);
    let mut h = harness(puzzle, Mode::Solve, [1400.0, 900.0]);
    h.get_by_role_and_label(Role::ComboBox, "Algorithm").click();
    h.run_ok();
    h.get_by_role_and_label(Role::Button, "A*").click();
    h.run_ok();
    let picker = h.get_by_role_and_label(Role::ComboBox, "Algorithm");
    assert_eq!(picker.value().as_deref(), Some("A*"));
    assert_eq!(
        h.state().solve_view().panel().settings.algorithm,
        Some(Algorithm::Astar)
    );
}

/// A refusal from the core names its pieces without backticks, in the solver panel and in
/// the centre.
#[test]
fn a_refusal_names_its_pieces_without_backticks() {
    let mut h = harness(goal_on_a_wall(), Mode::Solve, [1400.0, 900.0]);
    button(&h, "Solve the puzzle").click();
    h.run_ok();
    // A label's text is its value.
    let shown: Vec<String> = h
        .query_all(by().label_contains("piece A"))
        .filter_map(|n| n.accesskit_node().value())
        .collect();
    assert_eq!(shown.len(), 2, "{shown:?}");
    assert!(h.query_all(by().label_contains("`")).next().is_none());
}

/// On the Rush Hour warm-up, A frees a car and locks it again: the panel's rows below the
/// board's figures keep their place (the Rush Hour string's row says why there is none).
#[test]
fn freeing_a_car_moves_nothing_in_the_panel() {
    for size in [[800.0, 600.0], [1400.0, 900.0]] {
        let mut h = harness(bundled("rush-hour-warm-up.ron"), Mode::Start, size);
        // The vertical car C, chosen in the pieces' list.
        h.get_by(|n| {
            n.role() == Role::Button && n.label().is_some_and(|l| l == "C" || l.starts_with("C  "))
        })
        .click();
        h.run_ok();
        let below = h.get_by_label("Copy start to goal").rect();
        h.key_press(Key::A);
        h.run_ok();
        assert_eq!(
            h.state()
                .document()
                .puzzle()
                .axis_of(blockslide_core::model::Token::new("C").unwrap()),
            blockslide_core::model::Axis::Free
        );
        h.get_by_label_contains("none: ");
        assert_eq!(
            h.get_by_label("Copy start to goal").rect(),
            below,
            "the panel moved at {size:?}"
        );
    }
}

/// The right edge of the side panel's contents in a window `width` points wide: the window's
/// edge less the panel's margin.
fn side_edge(h: &Harness<'static, App>, width: f32) -> f32 {
    let style = h.ctx.global_style();
    width - f32::from(egui::Frame::side_top_panel(&style).inner_margin.right)
}

#[test]
fn the_solver_pickers_show_their_choices_whole_and_clear_of_the_scroll_bar() {
    for size in [[800.0, 600.0], [1400.0, 900.0]] {
        // Klotski left automatic: "Automatic (Breadth-first)".
        let h = harness(bundled("klotski.ron"), Mode::Solve, size);
        let style = h.ctx.global_style();
        let spacing = &style.spacing;
        let font = egui::TextStyle::Button.resolve(&style);
        let edge = side_edge(&h, size[0]);
        for name in ["Metric", "Algorithm", "Heuristic"] {
            let combo = h.get_by_role_and_label(Role::ComboBox, name);
            let text = combo.accesskit_node().value().expect("the choice shown");
            let needed = h
                .ctx
                .debug_painter()
                .layout_no_wrap(text.clone(), font.clone(), egui::Color32::WHITE)
                .size()
                .x
                + spacing.icon_width
                + spacing.icon_spacing
                + 2.0 * spacing.button_padding.x;
            let rect = combo.rect();
            assert!(
                rect.width() + 0.5 >= needed,
                "at {size:?} {name} shows {text:?} in {} points of the {needed} it needs",
                rect.width()
            );
            assert!(
                rect.right() <= edge - spacing.scroll.bar_width + 0.5,
                "at {size:?} {name} at {rect:?} reaches under the scroll bar at {edge}"
            );
        }
    }
}

/// The solver panel's metric.
fn metric(h: &Harness<'static, App>) -> Metric {
    h.state().solve_view().metric()
}

#[test]
fn a_puzzle_without_a_metric_opened_after_klotski_is_counted_in_steps() {
    let mut h = harness(bundled("klotski.ron"), Mode::Solve, [1400.0, 900.0]);
    assert_eq!(metric(&h), Metric::Move, "Klotski counts in moves");

    // Open the tiny block puzzle, which names no metric, with a typed path.
    keys(&mut h, Modifiers::COMMAND, Key::O);
    let path = blockslide_testkit::saved("blocks-tiny.ron");
    h.event(Event::Text(path.display().to_string()));
    h.run_ok();
    h.key_press(Key::Enter);
    h.run_ok();
    assert_eq!(h.state().document().puzzle().name, "Sliding blocks: tiny");
    h.key_press(Key::F3);
    h.run_ok();
    assert_eq!(metric(&h), Metric::Step);
    h.get_by_label("Solve the puzzle").click();
    wait_for(&mut h, Duration::from_mins(2), "the solve", |app| {
        app.solve_view().playback().is_some()
    });
    h.run_ok();
    // The notes' "Known optimal: 10 steps".
    h.get_all_by_label_contains("Solved: 10 steps")
        .next()
        .expect("the summary");

    // A metric chosen for this puzzle stays with it...
    h.get_by_role_and_label(Role::ComboBox, "Metric").click();
    h.run_ok();
    button(&h, "move (any path)").click();
    h.run_ok();
    h.key_press(Key::F1);
    h.run_ok();
    h.key_press(Key::F3);
    h.run_ok();
    assert_eq!(metric(&h), Metric::Move);

    // ...until another puzzle is opened: a new empty board names no metric either.
    menu(&mut h, "File", "New…");
    button(&h, "Empty board").click();
    h.run_ok();
    button(&h, "Create").click();
    h.run_ok();
    assert!(h.state().document().puzzle().pieces().is_empty());
    assert_eq!(metric(&h), Metric::Step);
}

#[test]
fn a_metric_chosen_for_a_puzzle_stays_with_it_after_a_relaunch() {
    let mut h = harness(bundled("klotski.ron"), Mode::Solve, [1400.0, 900.0]);
    h.get_by_role_and_label(Role::ComboBox, "Metric").click();
    h.run_ok();
    button(&h, "step (one cell)").click();
    h.run_ok();
    let mut storage = MemoryStorage::default();
    h.state().save_session(&mut storage);
    drop(h);

    let mut app = test_app(Puzzle::empty(1, 1));
    app.restore_session(&storage);
    let mut h = Harness::builder()
        .with_size([1400.0, 900.0])
        .build_eframe(|_| app);
    h.run_ok();
    assert_eq!(h.state().document().puzzle().metric, Some(Metric::Move));
    assert_eq!(metric(&h), Metric::Step, "no other puzzle was opened");
}

fn has_results(app: &App) -> bool {
    let view = app.solve_view();
    view.playback().is_some()
        && view.panel().outcome().is_some()
        && !view.compare().rows().is_empty()
}

/// Clicks the text field labelled `label` in the properties and types `text` at its end.
fn type_at_end(h: &mut Harness<'static, App>, label: &str, text: &str) {
    h.get_by_label(label).click();
    h.run_ok();
    h.get_by_label(label).type_text(text);
    h.run_ok();
}

#[test]
fn renaming_the_puzzle_or_writing_notes_keeps_the_solution_and_the_comparison() {
    // The 2x3 seed without the bundled file's name and notes, so that typing fills empty
    // fields.
    let puzzle = Puzzle::tiles(2, 3, &[5, 4, 2, 1, 3, 0], None).unwrap();
    let mut h = harness(puzzle, Mode::Solve, [1400.0, 900.0]);
    h.get_by_label("Solve the puzzle").click();
    h.step();
    wait_and_run(&mut h, "the solve", |app| {
        app.solve_view().playback().is_some()
    });
    // The solver panel scrolls: the summary can push the comparison's controls down.
    h.get_by_label("Run comparison").scroll_to_me();
    h.run_ok();
    h.get_by_label("Run comparison").click();
    h.step();
    wait_and_run(&mut h, "the comparison", |app| {
        !app.solve_view().compare().is_running() && !app.solve_view().compare().rows().is_empty()
    });
    assert!(has_results(h.state()));

    h.get_by_label("Start").click();
    h.run_ok();
    type_at_end(&mut h, "Name", "Seed");
    type_at_end(&mut h, "Notes", "From the seeds' set.");
    let p = h.state().document().puzzle();
    assert_eq!(
        (p.name.as_str(), p.notes.as_str()),
        ("Seed", "From the seeds' set.")
    );
    h.get_by_label("Solve").click();
    h.run_ok();
    assert!(
        has_results(h.state()),
        "the name and notes do not change what is solved"
    );

    // Undoing the notes keeps them too; a change of metric is a change to the puzzle.
    apply(&mut h, Command::Undo);
    assert_eq!(h.state().document().puzzle().notes, "");
    assert!(has_results(h.state()));
    apply(&mut h, Command::SetMetric(Some(Metric::Move)));
    assert!(h.state().solve_view().playback().is_none());
    assert!(h.state().solve_view().compare().rows().is_empty());
}

#[test]
fn heuristics_are_listed_by_name_with_the_solver_id_as_a_tooltip() {
    let puzzle = Puzzle::tiles(3, 3, &[1, 2, 3, 4, 5, 6, 0, 7, 8], None).unwrap();
    let mut h = harness(puzzle, Mode::Solve, [1400.0, 900.0]);
    h.get_by_role_and_label(Role::ComboBox, "Heuristic").click();
    h.run_ok();
    assert!(h.query_by_label("manhattan").is_none());
    let entry = h.get_by_role_and_label(Role::Button, "Manhattan distance");
    entry.hover();
    h.run_steps(8);
    h.get_by_label("`manhattan`: sum of each tile's row and column distance to its goal cell");
    // The comparison's pairs name them the same way.
    h.key_press(Key::Escape);
    h.run_ok();
    h.get_by_label("Remove A* + Manhattan distance");
    assert!(h.query_by_label_contains("+ manhattan").is_none());
}

#[test]
fn a_pattern_database_solve_counts_its_preparation_apart_from_the_search_time() {
    let puzzle = bundled("eight-31a.ron");
    let mut h = harness(puzzle, Mode::Solve, [1400.0, 900.0]);
    h.get_by_role_and_label(Role::ComboBox, "Algorithm").click();
    h.run_ok();
    h.get_by_role_and_label(Role::Button, "A*").click();
    h.run_ok();
    h.get_by_label("Solve the puzzle").click();
    h.step();
    wait_and_run(&mut h, "the solve", |app| {
        app.solve_view().panel().outcome().is_some()
    });
    let prepared = h
        .state()
        .solve_view()
        .panel()
        .prepared()
        .expect("the pattern database's time is known");
    h.get_by_label_contains("Preparation: ");
    h.get_by_label_contains("not counted in Time");
    let Some(Outcome::Report(report)) = h.state().solve_view().panel().outcome() else {
        panic!("a report");
    };
    assert!(report.heuristic.starts_with("pdb"), "{}", report.heuristic);
    assert!(prepared > std::time::Duration::ZERO);
}

#[test]
fn count_moves_as_shows_its_choice_whole() {
    for size in [[800.0, 600.0], [1400.0, 900.0]] {
        let h = harness(bundled("klotski.ron"), Mode::Play, size);
        let combo = h
            .get_by_role_and_label(Role::ComboBox, "Count moves as")
            .rect();
        let style = h.ctx.global_style();
        let font = egui::TextStyle::Button.resolve(&style);
        // The longest choice, its arrow and its padding.
        let text = h.ctx.fonts_mut(|f| {
            f.layout_no_wrap("slide (straight line)".into(), font, egui::Color32::WHITE)
                .size()
                .x
        });
        let needed = text + style.spacing.icon_width + 2.0 * style.spacing.button_padding.x;
        assert!(
            combo.width() >= needed,
            "{size:?}: {combo:?}, {needed} needed"
        );
    }
}

#[test]
fn the_solver_panel_stays_in_the_window_while_a_pattern_database_is_built() {
    let tiles = [14, 13, 15, 7, 11, 12, 9, 5, 6, 0, 2, 1, 4, 8, 10, 3];
    let blank_first: Vec<u32> = (0..16).collect();
    let puzzle = Puzzle::tiles(4, 4, &tiles, Some(&blank_first)).unwrap();
    // An empty cache: the solve starts by building its tables.
    let cache = tempfile::tempdir().unwrap();
    let mut app = test_app(puzzle);
    app.set_pdb_cache(Some(cache.path().to_path_buf()));
    app.set_mode(Mode::Solve);
    let size = [1400.0, 900.0];
    let mut h = Harness::builder().with_size(size).build_eframe(|_| app);
    h.run_ok();
    h.state_mut()
        .solve_view_mut()
        .panel_mut()
        .settings
        .heuristic = Some("pdb".into());
    button(&h, "Solve the puzzle").click();
    let start = std::time::Instant::now();
    while h
        .query_by_label_contains("Building the pattern database for")
        .is_none()
    {
        assert!(start.elapsed() < PATIENCE, "the build shows");
        h.step();
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    h.step();
    let label = h
        .get_by_label_contains("Building the pattern database for")
        .rect();
    let panel_heading = h.get_by_label("Solver").rect();
    assert!(label.max.x <= size[0], "{label:?} runs past the window");
    assert!(label.min.x >= panel_heading.min.x - 1.0, "{label:?}");
    button(&h, "Cancel").click();
    h.run_ok();
}

#[test]
fn the_algorithm_list_shows_every_algorithm_without_scrolling() {
    let mut h = harness(bundled("two-by-three.ron"), Mode::Solve, [1400.0, 900.0]);
    h.get_by_role_and_label(Role::ComboBox, "Algorithm").click();
    h.run_ok();
    // The last entry is clicked where it is drawn, with no scrolling first.
    button(&h, "Bidirectional BFS").click();
    h.run_ok();
    assert_eq!(
        h.state().solve_view().panel().settings.algorithm,
        Some(Algorithm::Bibfs)
    );
}

fn outcome_status(app: &App) -> Option<Termination> {
    match app.solve_view().panel().outcome()? {
        Outcome::Report(r) => Some(r.status),
        Outcome::Abandoned(_) => Some(Termination::Cancelled),
        Outcome::Refused(_) => None,
    }
}

#[test]
fn choices_that_do_not_apply_are_disabled_and_say_why() {
    let klotski = bundled("klotski.ron");
    let mut h = harness(klotski.clone(), Mode::Solve, [1400.0, 900.0]);
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
            info.applicable
                .err()
                .map(|reason| (label, reason.to_string()))
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

#[test]
fn a_long_ida_star_search_can_be_cancelled() {
    let mut h = harness(hard_fifteen(), Mode::Solve, [1400.0, 900.0]);
    choose(&mut h, "Algorithm", "IDA*");
    choose(&mut h, "Heuristic", "Manhattan distance");
    h.get_by_label("Solve the puzzle").click();
    h.step();
    wait_for(&mut h, PATIENCE, "the search to report progress", |app| {
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
    wait_for(&mut h, PATIENCE, "the cancelled search to stop", |app| {
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
    let mut h = harness(middle4, Mode::Solve, [1400.0, 900.0]);
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
fn the_step_metric_has_one_length_row() {
    let puzzle = Puzzle::from_rows(&["A . ."], &[". . A"]).unwrap();
    let mut h = harness(puzzle, Mode::Solve, [1400.0, 900.0]);
    button(&h, "Solve the puzzle").click();
    h.step();
    wait_for(&mut h, PATIENCE, "the solve", |app| {
        app.solve_view().playback().is_some()
    });
    h.get_by_label("Length (step)");
    assert!(h.query_by_label("Length (steps)").is_none());
}
