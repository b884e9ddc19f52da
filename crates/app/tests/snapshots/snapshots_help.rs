//! Pixel snapshots of the help a new user meets (issue 25): the getting-started page as the
//! first launch opens it, and the keyboard shortcuts in their aligned columns, in a large
//! window (1400x900), where they show without scrolling, and in a small one (800x600).
//!
//! Create or update the pictures with `UPDATE_SNAPSHOTS=1 cargo test -p blockslide-app
//! --features snapshots --test snapshots help`.

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use blockslide_app::app::{App, default_puzzle};

const LARGE: [f32; 2] = [1400.0, 900.0];
const SMALL: [f32; 2] = [800.0, 600.0];

/// eframe's storage with nothing in it: a first launch.
struct EmptyStorage;

impl eframe::Storage for EmptyStorage {
    fn get_string(&self, _key: &str) -> Option<String> {
        None
    }
    fn set_string(&mut self, _key: &str, _value: String) {}
    fn remove_string(&mut self, _key: &str) {}
    fn flush(&mut self) {}
}

/// The app on Klotski as a first launch shows it, in a window of `size`.
fn first_launch(size: [f32; 2]) -> Harness<'static, App> {
    let mut app = App::new_for_test(default_puzzle());
    app.restore_session(&EmptyStorage);
    let mut h = Harness::builder()
        .with_size(size)
        .wgpu()
        .build_eframe(|_| app);
    h.run_ok();
    h
}

#[test]
fn the_getting_started_page() {
    let mut h = first_launch(LARGE);
    h.snapshot("help_getting_started");
}

#[test]
fn the_getting_started_page_at_800x600() {
    let mut h = first_launch(SMALL);
    h.snapshot("help_getting_started_800x600");
}

/// Opens the keyboard shortcuts from the Help menu, as a user does after the first launch.
fn shortcuts(size: [f32; 2]) -> Harness<'static, App> {
    let mut h = first_launch(size);
    h.get_by_label("Close window").click();
    h.run_ok();
    h.get_by_role_and_label(Role::Button, "Help").click();
    h.run_ok();
    h.get_by_role_and_label(Role::Button, "Keyboard shortcuts")
        .click();
    h.run_ok();
    h
}

#[test]
fn the_keyboard_shortcuts() {
    shortcuts(LARGE).snapshot("help_shortcuts_1400x900");
}

#[test]
fn the_keyboard_shortcuts_at_800x600() {
    shortcuts(SMALL).snapshot("help_shortcuts_800x600");
}
