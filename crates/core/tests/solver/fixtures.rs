//! Fixtures every test crate of the workspace shares (the CLI's and the app's include this
//! file too): the bundled puzzles by name, the repository's data files, and the one
//! pattern-database cache the tests use, inside `target/` so that a test run writes nothing
//! outside the repository and builds each table once.

#![allow(
    dead_code,
    reason = "each test crate uses a different subset of the fixtures"
)]

use std::path::PathBuf;

use blockslide_core::model::{Puzzle, file, library};
use blockslide_core::solve::SolveRequest;

/// The folder the tests cache pattern databases in: `target/tmp/pdb-cache`, shared by every
/// test crate and profile, so the release suite reuses what the debug suite built.
pub fn pdb_cache() -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("pdb-cache")
}

/// The default request, with the tests' pattern-database cache: a test that solves a tile
/// puzzle with the default heuristic loads its tables instead of building them each time.
pub fn request() -> SolveRequest {
    SolveRequest {
        pdb_cache: Some(pdb_cache()),
        ..SolveRequest::default()
    }
}

/// The repository's root folder (where `saved_puzzles/` and `tests/data/` are).
pub fn repository() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .ancestors()
        .find(|dir| dir.join("saved_puzzles").is_dir())
        .expect("the tests run inside the repository")
        .to_path_buf()
}

/// The path of a file of the bundled library (`klotski.ron`).
pub fn saved(name: &str) -> PathBuf {
    repository().join("saved_puzzles").join(name)
}

/// The path of a file of the tests' data (`korf100.txt`, `check/stuck.ron`), which are not
/// puzzles a user is offered and so not bundled.
pub fn data(name: &str) -> PathBuf {
    repository().join("tests/data").join(name)
}

/// The bundled puzzle stored as `name` (`klotski.ron`).
pub fn bundled(name: &str) -> Puzzle {
    let entry = library::bundled()
        .into_iter()
        .find(|b| b.file_name == name)
        .unwrap_or_else(|| panic!("{name} is bundled"));
    file::parse(entry.text).expect("bundled puzzles parse")
}
