//! A pixel snapshot of the Families window in the smallest window the app is meant for
//! (800x600): the Rush Hour 4x4 family listed, its histogram, the table filtered to the
//! hardest puzzles and one of them selected and drawn.
//!
//! The family is listed by the real core; only its time is pinned, so the picture is the
//! same on every run. Create or update it with
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

#[test]
fn family_window_with_the_rush_hour_4x4_family() {
    let entry = library::bundled()
        .into_iter()
        .find(|b| b.file_name == "klotski.ron")
        .expect("Klotski is bundled");
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
    h.get_by_label("Fewest moves").set_value_accesskit(6.0);
    h.run_ok();
    let first = h
        .query_all_by(|n| {
            n.role() == Role::Button && n.label().is_some_and(|l| l.starts_with("Puzzle "))
        })
        .next()
        .and_then(|n| n.accesskit_node().label())
        .expect("a row");
    h.get_by_role_and_label(Role::Button, &first).click();
    h.run_ok();
    // The pointer leaves the table, so no row shows as hovered.
    h.hover_at(egui::pos2(790.0, 590.0));
    h.run_ok();
    h.snapshot("family_window_rush_hour_4x4");
}
