//! Pixel snapshots of the Families window in the smallest window the app is meant for
//! (800x600): the Rush Hour 4x4 family listed, its histogram, the table filtered to the
//! hardest puzzles and one of them selected and drawn; and the block family of a block
//! puzzle's pieces and board, its hardest puzzle selected and drawn.
//!
//! The families are listed by the real core; only their time is pinned, so the pictures are
//! the same on every run. Create or update it with
//! `UPDATE_SNAPSHOTS=1 cargo test -p blockslide-app --features snapshots --test snapshots
//! family_window`.

use std::time::{Duration, Instant};

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};

use blockslide_app::app::App;
use blockslide_app::command::Mode;
use blockslide_app::solve::family::RUN_LABEL;
use blockslide_app::solve::family::listing::Listing;
use blockslide_core::model::{file, library};

/// The app on the bundled puzzle `file_name`, its Families window open.
fn window_on(file_name: &str) -> Harness<'static, App> {
    let entry = library::find(file_name).expect("the puzzle is bundled");
    let mut app = App::new_for_test(file::parse(entry.text).expect("bundled puzzles parse"));
    app.set_mode(Mode::Start);
    let mut h = Harness::builder()
        .with_size([800.0, 600.0])
        .wgpu()
        .build_eframe(|_| app);
    h.run_ok();
    h.get_by_role_and_label(Role::Button, "View").click();
    h.run_ok();
    h.get_by_role_and_label(Role::Button, "Families…").click();
    h.run_ok();
    h
}

/// Runs the family chosen to its end and pins its time.
fn run_to_the_end(h: &mut Harness<'static, App>) {
    h.get_by_role_and_label(Role::Button, RUN_LABEL).click();
    h.run_ok();
    let started = Instant::now();
    while !h
        .state()
        .solve_view()
        .family_view()
        .listing()
        .is_some_and(Listing::is_complete)
    {
        assert!(started.elapsed() < Duration::from_mins(2), "the family ran");
        h.step();
        std::thread::sleep(Duration::from_millis(5));
    }
    h.state_mut()
        .solve_view_mut()
        .family_view_mut()
        .listing_mut()
        .expect("a listing")
        .set_elapsed(Duration::from_millis(12));
    h.run_ok();
}

/// Selects the table's first row, then moves the pointer away from the table (so no row
/// shows as hovered).
fn select_the_first_row(h: &mut Harness<'static, App>) {
    let first = h
        .query_all_by(|n| {
            n.role() == Role::Button && n.label().is_some_and(|l| l.starts_with("Puzzle "))
        })
        .next()
        .and_then(|n| n.accesskit_node().label())
        .expect("a row");
    h.get_by_role_and_label(Role::Button, &first).click();
    h.run_ok();
    h.hover_at(egui::pos2(790.0, 590.0));
    h.run_ok();
}

#[test]
fn family_window_with_the_rush_hour_4x4_family() {
    let mut h = window_on("klotski.ron");
    run_to_the_end(&mut h);
    h.get_by_label("Fewest moves").set_value_accesskit(6.0);
    h.run_ok();
    select_the_first_row(&mut h);
    h.snapshot("family_window_rush_hour_4x4");
}

#[test]
fn family_window_with_the_block_family_of_a_designs_pieces() {
    let mut h = window_on("blocks-small.ron");
    h.get_by_role_and_label(Role::ComboBox, "Board").click();
    h.run_ok();
    h.get_by_role_and_label(Role::Button, "This puzzle's pieces and board (4x4)")
        .click();
    h.run_ok();
    run_to_the_end(&mut h);
    select_the_first_row(&mut h);
    h.snapshot("family_window_blocks_small");
}
