//! Pixel snapshots of the Watch view with a finished search (issue 25): the fitted tree stays
//! readable, the move labels never overprint, the solution path is drawn, and the node
//! selected is marked apart from the node expanded last.
//!
//! Create or update the pictures with
//! `UPDATE_SNAPSHOTS=1 cargo test --features snapshots --test snapshots watch`.

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

/// The app watching `algorithm` (with `heuristic`) on the bundled `file` to the goal.
fn finished_watch(
    file: &str,
    algorithm: Algorithm,
    heuristic: Option<&str>,
    button: &str,
) -> Harness<'static, App> {
    let mut app = App::new_for_test(bundled(file));
    app.set_mode(Mode::Solve);
    {
        let settings = &mut app.solve_view_mut().panel_mut().settings;
        settings.algorithm = Some(algorithm);
        settings.heuristic = heuristic.map(String::from);
    }
    let mut h = Harness::builder()
        .with_size([1400.0, 860.0])
        .wgpu()
        .build_eframe(|_| app);
    h.run_ok();
    h.get_by_role_and_label(egui::accesskit::Role::Button, "Watch")
        .click();
    h.run_ok();
    h.get_by_label(button).click();
    h.run_ok();
    h.get_by_label("Run to the goal »").click();
    h.run_ok();
    h
}

#[test]
fn breadth_first_search_on_the_2x3_finished() {
    let mut h = finished_watch(
        "two-by-three.ron",
        Algorithm::Bfs,
        None,
        "Watch Breadth-first",
    );
    h.snapshot("watch_bfs_finished");
}

#[test]
fn astar_on_the_2x3_finished_with_boards_and_a_node_selected() {
    let mut h = finished_watch(
        "two-by-three.ron",
        Algorithm::Astar,
        Some("manhattan"),
        "Watch A*",
    );
    h.get_by_label("Boards in the tree").click();
    h.run_ok();
    let w = h.state().solve_view().watch().watching().unwrap();
    let root_child = (0..w.trace().nodes.len())
        .find(|&n| w.trace().nodes[n].parent == Some(0))
        .expect("the root has a child");
    h.get_by_label_contains(&format!("Tree node {root_child}:"))
        .click_accesskit();
    h.run_ok();
    h.snapshot("watch_astar_finished_boards");
}
