//! UI tests of the Watch view: a search watched expansion by expansion on the 2x3 slider.

use crate::gui_support;

use gui_support::bundled;

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use blockslide_app::app::App;
use blockslide_app::command::Mode;
use blockslide_app::solve::SolveTab;
use blockslide_core::solve::trace::Counters;
use blockslide_core::solve::{self as api, Algorithm, Limits, SearchControl, SolveRequest};

fn counters(h: &Harness<'static, App>) -> (usize, Counters, Vec<String>) {
    let w = h.state().solve_view().watch().watching().expect("watching");
    (w.step(), w.replay().counters(), w.frontier_rows())
}

/// A normal A* run on `puzzle` stopped by its node limit after `n` expansions.
fn astar_stopped_after(n: u64) -> blockslide_core::solve::Stats {
    let request = SolveRequest {
        algorithm: Algorithm::Astar,
        heuristic: Some("manhattan".into()),
        ..crate::fixtures::request()
    };
    let limits = Limits {
        max_nodes: n,
        ..Limits::default()
    };
    let puzzle = bundled("two-by-three.ron");
    api::solve(&puzzle, &request, SearchControl::new(limits))
        .expect("solves")
        .stats
}

#[test]
fn astar_on_the_2x3_steps_forward_and_back() {
    let mut h = gui_support::harness(bundled("two-by-three.ron"), Mode::Solve, [1400.0, 900.0]);
    {
        let settings = &mut h.state_mut().solve_view_mut().panel_mut().settings;
        settings.algorithm = Some(Algorithm::Astar);
        settings.heuristic = Some("manhattan".into());
    }
    h.run_ok();
    h.get_by_role_and_label(Role::Button, "Watch").click();
    h.run_ok();
    assert_eq!(h.state().solve_view().tab(), SolveTab::Watch);
    h.get_by_label("Watch A*").click();
    h.run_ok();
    let (step, start, frontier) = counters(&h);
    assert_eq!((step, start.expanded), (0, 0));
    assert_eq!(
        frontier.len(),
        1,
        "the frontier holds the start: {frontier:?}"
    );

    let mut seen = vec![start];
    let mut rows = vec![frontier];
    for _ in 0..5 {
        h.get_by_label("Step ›").click();
        h.run_ok();
        let (_, now, frontier) = counters(&h);
        seen.push(now);
        rows.push(frontier);
    }
    let (step, after5, frontier) = counters(&h);
    assert_eq!(step, 5);
    assert!(h.query_by_label_contains("Step 5 of").is_some());
    // The counters are those of a normal A* run stopped after five expansions.
    let real = astar_stopped_after(5);
    assert_eq!(
        (after5.expanded, after5.generated, after5.duplicates),
        (real.expanded, real.generated, real.duplicates)
    );
    // The frontier list: the next entry is marked, and f never decreases down a list that
    // a consistent heuristic orders by f = g + h.
    assert!(
        h.query_by_label_contains("next »").is_some(),
        "the next entry is marked"
    );
    let fs: Vec<u32> = frontier
        .iter()
        .map(|row| {
            let f = row
                .split(" · ")
                .find_map(|p| p.strip_prefix("f "))
                .expect("an f value");
            f.parse().expect("an integer f")
        })
        .collect();
    assert!(fs.windows(2).all(|w| w[0] <= w[1]), "{frontier:?}");
    assert!(fs.len() > 1);
    let shown_next = h
        .state()
        .solve_view()
        .watch()
        .watching()
        .unwrap()
        .frontier_rows()[0]
        .clone();
    assert!(
        h.query_all_by_label_contains(&format!("next » {shown_next}"))
            .count()
            == 1,
        "{shown_next} is listed first"
    );

    // Step back: the counters and frontier of step 4 return.
    h.get_by_label("‹ Step back").click();
    h.run_ok();
    let (step, back, frontier) = counters(&h);
    assert_eq!(step, 4);
    assert_eq!(back, seen[4]);
    assert_eq!(frontier, rows[4]);
    assert_ne!(rows[4], rows[5], "a step changes the frontier");
    assert!(
        h.query_by_label_contains(&format!("next » {}", rows[4][0]))
            .is_some()
    );
    h.get_by_label("« Restart").click();
    h.run_ok();
    assert_eq!(counters(&h).1, seen[0]);
    h.get_by_label("Run to the goal »").click();
    h.run_ok();
    let w = h.state().solve_view().watch().watching().unwrap();
    assert!(w.replay().goal().is_some());
    assert_eq!(w.replay().counters().expanded, w.report().stats.expanded);
}

#[test]
fn a_tree_node_clicked_shows_its_path_from_the_root() {
    let mut h =
        gui_support::watch_view(bundled("two-by-three.ron"), Algorithm::Bfs, [1400.0, 900.0]);
    gui_support::press(&mut h, "Watch Breadth-first");
    for _ in 0..2 {
        h.get_by_label("Step ›").click();
        h.run_ok();
    }
    // BFS expanded the start and its first child; a grandchild is in the tree.
    let trace = h
        .state()
        .solve_view()
        .watch()
        .watching()
        .unwrap()
        .trace()
        .clone();
    let grandchild = (0..trace.nodes.len())
        .find(|&n| trace.nodes[n].g == 2)
        .expect("a node two moves deep");
    let parent = trace.nodes[grandchild].parent_index().unwrap();
    let expected = format!("Path: {}, {}", trace.label(parent), trace.label(grandchild));
    // The tree lives in a pan-and-zoom scene, whose transform the accessibility bounds do
    // not carry, so the node is clicked through accesskit.
    h.get_by_label_contains(&format!("Tree node {grandchild}:"))
        .click_accesskit();
    h.run_ok();
    let selected = h
        .state()
        .solve_view()
        .watch()
        .watching()
        .unwrap()
        .selected();
    assert_eq!(selected, Some(grandchild));
    assert!(h.query_by_label(&expected).is_some(), "{expected}");
}

/// The closing scene: on an 8-puzzle seed, A* with Manhattan distance reaches the goal
/// in a few expansions where breadth-first search needs many more.
#[test]
fn on_an_8_puzzle_bfs_expands_far_more_than_astar() {
    let mut expanded = Vec::new();
    for (algorithm, heuristic, button) in [
        (Algorithm::Astar, Some("manhattan"), "Watch A*"),
        (Algorithm::Bfs, None, "Watch Breadth-first"),
    ] {
        let mut h = gui_support::harness(bundled("eight-16.ron"), Mode::Solve, [1400.0, 900.0]);
        {
            let settings = &mut h.state_mut().solve_view_mut().panel_mut().settings;
            settings.algorithm = Some(algorithm);
            settings.heuristic = heuristic.map(String::from);
        }
        h.run_ok();
        h.get_by_role_and_label(Role::Button, "Watch").click();
        h.run_ok();
        h.get_by_label(button).click();
        h.run_ok();
        h.get_by_label("Run to the goal »").click();
        h.run_ok();
        let w = h.state().solve_view().watch().watching().unwrap();
        let replay = w.replay();
        assert!(
            w.trace().truncated || replay.goal().is_some(),
            "{algorithm}"
        );
        expanded.push(replay.counters().expanded);
    }
    assert!(
        expanded[1] > 10 * expanded[0],
        "A* and BFS expanded {expanded:?}"
    );
}
