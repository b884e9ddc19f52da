//! The app's UI tests: the real app in a headless `egui_kittest` harness, driven as a user
//! would (clicks, drags, keys), waiting for its background work. One file (or folder) per
//! feature; every file drives the app through [`driver`].

mod analyze;
mod compare;
mod design_panel;
mod draw_klotski;
mod driver;
mod editor;
mod export;
mod families;
mod files_and_dialogs;
mod goal;
mod layout_800x600;
mod library;
mod make_harder;
mod menus_and_help;
mod play;
mod play_with_help;
mod playback;
mod solve_panel;
mod status_bar;
mod typed_paths;
mod unsaved_designs;
mod watch;
