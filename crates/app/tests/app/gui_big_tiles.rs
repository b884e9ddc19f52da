//! A 24-puzzle solved in the app as a user does: the solver picks IDA* for the 5x5 board
//! and says why, the panel shows the bound, the nodes and their rate while it searches, and
//! the solution is optimal and plays back to the goal.

use crate::gui_support;

use std::time::{Duration, Instant};

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use blockslide_app::app::App;
use blockslide_app::command::Mode;
use blockslide_app::solve::panel::Outcome;
use blockslide_app::solve::search::SearchProgress;
use blockslide_app::solve::stats_view::bound_line;
use blockslide_core::model::solution::verify_solution;
use blockslide_core::model::{Dir, Puzzle};
use blockslide_core::solve::{self as api, Algorithm, SearchControl, SolveRequest, Termination};

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

/// The optimal length by another route than the app's: IDA* with linear conflict through
/// the solver's front door, no pattern database.
fn optimal_length(puzzle: &Puzzle) -> usize {
    let request = SolveRequest {
        algorithm: Algorithm::Idastar,
        heuristic: Some("linear-conflict".into()),
        ..crate::fixtures::request()
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
    let mut h = gui_support::harness(puzzle.clone(), Mode::Solve, [1400.0, 900.0]);
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
    assert_eq!(length, optimal_length(&puzzle));
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
    let mut h = gui_support::harness(puzzle, Mode::Solve, [1400.0, 900.0]);
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
