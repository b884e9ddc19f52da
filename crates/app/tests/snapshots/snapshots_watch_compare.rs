//! Pixel snapshots of Watch for teaching (issue 25): breadth-first search and A* watched side
//! by side on an 8-puzzle, each with its counters, its "why this node" line and its tree; and
//! the same in an 800x600 window, with compact headers and one legend for both trees.
//!
//! Create or update the pictures with
//! `UPDATE_SNAPSHOTS=1 cargo test --features snapshots --test snapshots watch_compare`.

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use blockslide_app::app::App;
use blockslide_app::command::Mode;
use blockslide_core::model::{Puzzle, file, library};
use blockslide_core::solve::Algorithm;

fn bundled(name: &str) -> Puzzle {
    let entry = library::bundled()
        .into_iter()
        .find(|b| b.file_name == name)
        .expect("bundled");
    file::parse(entry.text).expect("bundled puzzles parse")
}

/// The app in a window of `size` watching breadth-first search beside A* (Manhattan
/// distance) on the bundled `file`, both stepped `steps` expansions together.
fn bfs_beside_astar(file: &str, size: [f32; 2], steps: usize) -> Harness<'static, App> {
    let mut app = App::new_for_test(bundled(file));
    app.set_mode(Mode::Solve);
    {
        let settings = &mut app.solve_view_mut().panel_mut().settings;
        settings.algorithm = Some(Algorithm::Bfs);
    }
    let mut h = Harness::builder()
        .with_size(size)
        .wgpu()
        .build_eframe(|_| app);
    h.run_ok();
    // Breadth-first search alone first: its start lists the heuristics to compare with.
    for (role, label) in [
        (Role::Button, "Watch"),
        (Role::Button, "Watch Breadth-first"),
        (Role::ComboBox, "Compare with"),
        (Role::Button, "A*"),
        (Role::ComboBox, "Heuristic to compare with"),
        (Role::Button, "Manhattan distance"),
        (Role::Button, "Watch Breadth-first and A*"),
    ] {
        h.get_by_role_and_label(role, label).click();
        h.run_ok();
    }
    let watch = h.state().solve_view().watch();
    let astar = watch
        .compared()
        .expect("A* is watched beside breadth-first search");
    assert_eq!(astar.report().heuristic, "manhattan");
    for _ in 0..steps {
        h.get_by_label("Step ›").click();
        h.run_ok();
    }
    h
}

#[test]
fn breadth_first_beside_astar_on_an_8_puzzle() {
    let mut h = bfs_beside_astar("eight-6.ron", [1400.0, 860.0], 12);
    h.snapshot("watch_compare_bfs_astar");
}

#[test]
fn breadth_first_beside_astar_compact_at_800x600() {
    let mut h = bfs_beside_astar("eight-6.ron", [800.0, 600.0], 4);
    h.snapshot("watch_compare_800x600");
}

/// Both searches run to the goal and fitted in a window of `size`: breadth-first search's
/// tree, too big to show readably, folded to the way to the goal; A*'s whole where it fits.
fn goal_fitted(size: [f32; 2], name: &str) {
    let mut h = bfs_beside_astar("eight-14.ron", size, 0);
    for label in ["Run to the goal »", "Fit the tree"] {
        h.get_by_label(label).click();
        h.run_ok();
    }
    h.snapshot(name);
}

#[test]
fn breadth_first_beside_astar_at_the_goal_fitted_at_800x600() {
    goal_fitted([800.0, 600.0], "watch_compare_goal_fitted_800x600");
}

#[test]
fn breadth_first_beside_astar_at_the_goal_fitted_at_1400x900() {
    goal_fitted([1400.0, 900.0], "watch_compare_goal_fitted_1400x900");
}
