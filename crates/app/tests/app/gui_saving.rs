//! Saving onto a file that is meant to be kept: the app refuses a read-only file with a
//! dialog that says so and what to do, and leaves the file as it was.

#![cfg(unix)]

use std::os::unix::fs::PermissionsExt as _;

use blockslide_app::command::{Command, Mode};

use crate::gui_support::{self, bundled};

#[test]
fn saving_onto_a_read_only_file_is_refused_with_a_clear_message() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("kept.ron");
    std::fs::write(&path, "old").unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o444)).unwrap();
    let mut h = gui_support::harness(bundled("klotski.ron"), Mode::Start, [1200.0, 800.0]);
    let ctx = h.ctx.clone();
    h.state_mut().apply(Command::SaveTo(path.clone()), &ctx);
    h.run_ok();
    let (title, message) = h.state().error_message().expect("an error dialog");
    assert_eq!(title, "Could not save");
    assert!(
        message.contains("kept.ron: the file is read-only"),
        "{message}"
    );
    assert!(message.contains("Save As"), "says what to do: {message}");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "old");
}
