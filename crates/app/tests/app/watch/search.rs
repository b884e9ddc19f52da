//! One search watched: stepping forward and back with its counters, a node's path from the
//! root, breadth-first search against A* on an 8-puzzle, the frontier list and the legend, and
//! the controls keeping their place as the search runs.

use blockslide_app::app::App;
use blockslide_app::command::Mode;
use blockslide_app::solve::SolveTab;
use blockslide_core::solve::trace::Counters;
use blockslide_core::solve::{self as api, Algorithm, Limits, SearchControl, SolveRequest};
use egui::accesskit::Role;
use egui::{Rect, Shape};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use crate::driver::{bundled, click_highest, harness, letter_texts, press, watch_view};

/// A* watched alone to the goal at 800x600, its frontier unfolded: the list keeps a useful
/// height (the page scrolls), and at the goal no entry is called next.
#[test]
fn the_frontier_list_keeps_its_height_and_names_nothing_next_at_the_goal() {
    let mut h = watch_view(bundled("eight-14.ron"), Algorithm::Astar, [800.0, 600.0]);
    press(&mut h, "Watch A*");
    press(&mut h, "Run to the goal »");
    let heading = h.get_by_label_contains("Frontier (").rect();
    let after = h
        .get_by_label("Click a node of the tree to see its board and its path from the root.")
        .rect();
    assert!(
        after.min.y - heading.max.y >= 110.0,
        "the list between {heading:?} and {after:?}"
    );
    assert!(h.query_by_label_contains("next »").is_none());
}

/// The small marks painted in the last frame (dots, squares, rings, short strokes), where
/// they were painted.
fn marks(h: &Harness<'static, App>) -> Vec<Rect> {
    fn add(shape: &Shape, out: &mut Vec<Rect>) {
        match shape {
            Shape::Vec(inner) => inner.iter().for_each(|s| add(s, out)),
            Shape::Circle(_) | Shape::Rect(_) | Shape::LineSegment { .. } => {
                let at = shape.visual_bounding_rect();
                if at.width() < 24.0 && at.height() < 24.0 {
                    out.push(at);
                }
            }
            _ => {}
        }
    }
    let mut out = Vec::new();
    for clipped in &h.output().shapes {
        add(&clipped.shape, &mut out);
    }
    out
}

#[test]
fn each_watch_legend_mark_stays_beside_its_label_at_any_width() {
    const LEGEND: [&str; 6] = [
        "expanded",
        "in the frontier",
        "discarded (duplicate or beyond the bound)",
        "goal",
        "expanded last",
        "selected",
    ];
    // Window widths from the smallest the app is meant for up, so the legend wraps at one
    // item or another.
    for width in (800..=1100).step_by(25) {
        let mut h = watch_view(
            bundled("eight-16.ron"),
            Algorithm::Bfs,
            [width as f32, 600.0],
        );
        click_highest(&mut h, "Watch Breadth-first");
        click_highest(&mut h, "Step ›");
        h.get_by_label("expanded last").scroll_to_me();
        h.run_ok();
        let marks = marks(&h);
        let texts = letter_texts(&h);
        for what in LEGEND {
            // Its mark ends just left of it, on its row ("expanded" is a counter's heading
            // too: one of the two has it).
            let beside = |at: &Rect| {
                marks.iter().any(|m| {
                    (m.center().y - at.center().y).abs() < 6.0
                        && m.right() <= at.left()
                        && at.left() - m.right() < 16.0
                })
            };
            let shown: Vec<&Rect> = texts
                .iter()
                .filter(|(_, galley)| galley.text() == what)
                .map(|(at, _)| at)
                .collect();
            assert!(
                shown.iter().any(|at| beside(at)),
                "{what:?} at {shown:?} has no mark beside it at width {width}"
            );
        }
    }
}

#[test]
fn the_watch_controls_stay_in_view_with_the_tree_at_800x600() {
    let mut h = watch_view(
        bundled("eight-14.ron"),
        blockslide_core::solve::Algorithm::Bfs,
        [800.0, 600.0],
    );
    press(&mut h, "Watch Breadth-first");
    for _ in 0..5 {
        press(&mut h, "Step ›");
    }
    // Scrolled down to the tree's bottom, as the student does to see it.
    let canvas = h
        .query_all(egui_kittest::kittest::by().role(Role::Canvas))
        .next()
        .expect("the tree's canvas");
    canvas.scroll_to_me();
    h.run_ok();
    let step = h.get_by_label("Step ›").rect();
    let tree = h
        .query_all(egui_kittest::kittest::by().role(Role::Canvas))
        .map(|c| c.rect())
        .next()
        .expect("the tree's canvas");
    let window = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(800.0, 600.0));
    assert!(window.contains_rect(step), "Step at {step:?}");
    assert!(
        tree.bottom() <= 600.0 && tree.top() > step.bottom(),
        "the tree at {tree:?} under Step at {step:?}"
    );
}

#[test]
fn reaching_the_goal_moves_nothing_under_the_pointer_in_watch() {
    for size in [[800.0, 600.0], [1400.0, 900.0]] {
        let mut h = watch_view(
            bundled("eight-14.ron"),
            blockslide_core::solve::Algorithm::Bfs,
            size,
        );
        press(&mut h, "Watch Breadth-first");
        press(&mut h, "Step ›");
        let fit = h.get_by_label("Fit the tree").rect();
        press(&mut h, "Run to the goal »");
        assert_eq!(h.get_by_label("Fit the tree").rect(), fit, "at {size:?}");
    }
}

#[test]
fn the_first_step_of_a_watch_moves_nothing_below_it_at_800x600() {
    let mut h = watch_view(
        bundled("eight-14.ron"),
        blockslide_core::solve::Algorithm::Bfs,
        [800.0, 600.0],
    );
    press(&mut h, "Watch Breadth-first");
    let fit = h.get_by_label("Fit the tree").rect();
    press(&mut h, "Step ›");
    assert_eq!(h.get_by_label("Fit the tree").rect(), fit);
}

/// A normal A* run on `puzzle` stopped by its node limit after `n` expansions.
fn astar_stopped_after(n: u64) -> blockslide_core::solve::Stats {
    let request = SolveRequest {
        algorithm: Algorithm::Astar,
        heuristic: Some("manhattan".into()),
        ..blockslide_testkit::request()
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

fn counters(h: &Harness<'static, App>) -> (usize, Counters, Vec<String>) {
    let w = h.state().solve_view().watch().watching().expect("watching");
    (w.step(), w.replay().counters(), w.frontier_rows())
}

#[test]
fn astar_on_the_2x3_steps_forward_and_back() {
    let mut h = harness(bundled("two-by-three.ron"), Mode::Solve, [1400.0, 900.0]);
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
    let mut h = watch_view(bundled("two-by-three.ron"), Algorithm::Bfs, [1400.0, 900.0]);
    press(&mut h, "Watch Breadth-first");
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
        let mut h = harness(bundled("eight-16.ron"), Mode::Solve, [1400.0, 900.0]);
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

/// The keys step a watched search as they step a playback: Right and Left one expansion,
/// Home back to the start, End on to the goal, Space plays and pauses.
#[test]
fn the_keyboard_steps_plays_and_jumps_a_watched_search() {
    use egui::Key;
    let mut h = watch_view(bundled("eight-14.ron"), Algorithm::Bfs, [1280.0, 800.0]);
    press(&mut h, "Watch Breadth-first");
    let step = |h: &Harness<'static, App>| h.state().solve_view().watch().shared_step();
    assert_eq!(step(&h).0, 0);
    for (key, expected) in [
        (Key::ArrowRight, 1),
        (Key::ArrowRight, 2),
        (Key::ArrowLeft, 1),
    ] {
        h.key_press(key);
        h.run_ok();
        assert_eq!(step(&h).0, expected, "after {key:?}");
    }
    h.key_press(Key::End);
    h.run_ok();
    let goal = h
        .state()
        .solve_view()
        .watch()
        .watching()
        .expect("watching")
        .goal_step();
    assert_eq!(step(&h).0, goal);
    h.key_press(Key::Home);
    h.run_ok();
    assert_eq!(step(&h).0, 0);
    // Space plays: steps follow one another without a key; Space again pauses.
    h.key_press(Key::Space);
    for _ in 0..8 {
        h.step();
    }
    let played = step(&h).0;
    assert!(played > 0, "playing stepped on");
    h.key_press(Key::Space);
    h.step();
    let paused = step(&h).0;
    for _ in 0..8 {
        h.step();
    }
    assert_eq!(step(&h).0, paused, "paused");
}

/// "Automatic" in the solver panel means pattern databases, exact on the 8-puzzle: A* would
/// go straight down the solution path. Watch takes Manhattan distance instead and says so.
#[test]
fn watching_a_star_on_automatic_takes_manhattan_distance_and_says_why() {
    let mut h = watch_view(bundled("eight-14.ron"), Algorithm::Astar, [1280.0, 800.0]);
    assert_eq!(
        h.state().solve_view().panel().settings.heuristic,
        None,
        "the solver panel says Automatic"
    );
    press(&mut h, "Watch A*");
    let w = h.state().solve_view().watch().watching().expect("watching");
    assert_eq!(w.report().heuristic, "manhattan");
    h.get_by_label_contains("Manhattan distance chosen for watching");
    // More is expanded than the solution's own path: the search has something to show.
    press(&mut h, "Run to the goal »");
    let w = h.state().solve_view().watch().watching().unwrap();
    let length = w.report().length().expect("solved");
    assert!(w.goal_step() > length, "{} expansions", w.goal_step());
}
