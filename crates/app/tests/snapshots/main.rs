//! Pixel snapshots of the app (feature `snapshots`: needs a renderer, Mesa's software
//! Vulkan, which `.ci/run` installs). `UPDATE_SNAPSHOTS=1` writes new pictures.

#![cfg(feature = "snapshots")]

mod snapshots_analyze;
mod snapshots_editor;
mod snapshots_families;
mod snapshots_family_window;
mod snapshots_harder;
mod snapshots_help;
mod snapshots_layout;
mod snapshots_solver;
mod snapshots_watch;
mod snapshots_watch_compare;
mod snapshots_watch_recorded;
