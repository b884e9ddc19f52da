//! The app's UI tests: the real app in a headless `egui_kittest` harness, driven as a user
//! would (clicks, drags, keys), waiting for its background work.

#[path = "../../../core/tests/solver/fixtures.rs"]
mod fixtures;
mod gui_analyze;
mod gui_big_tiles;
mod gui_edit_menu;
mod gui_editor;
mod gui_eighth_retrial;
mod gui_export_help;
mod gui_families;
mod gui_family_window;
mod gui_fifth_retrial;
mod gui_file_menu;
mod gui_fourth_retrial;
mod gui_harder;
mod gui_layout;
mod gui_new_user;
mod gui_play_help;
mod gui_polish;
mod gui_polish_solving;
mod gui_retrial;
mod gui_saving;
mod gui_second_retrial;
mod gui_select_drag;
mod gui_seventh_retrial;
mod gui_sixth_retrial;
mod gui_sixth_retrial_app;
mod gui_small_defects;
mod gui_solver;
mod gui_support;
mod gui_third_retrial;
mod gui_watch;
mod gui_watch_compare;
mod gui_watch_tree;
mod typed_paths;
mod unsaved_designs;
