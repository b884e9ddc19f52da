//! Fixtures every test crate of the workspace shares (the core's, the app's and the CLI's,
//! each as a dev-dependency): the bundled puzzles by name, the repository's data files, and
//! the one pattern-database cache the tests use, inside the build's `target/` folder so that
//! a test run writes nothing outside the repository and builds each table once; and the
//! [`arrangements`] the core's and the CLI's counts are checked against; and a student's
//! search recorded as the Python package records one ([`students`]).

pub mod arrangements;
pub mod students;

use std::path::PathBuf;

use blockslide_core::model::{Puzzle, file, library};
use blockslide_core::solve::SolveRequest;

/// The folder the tests cache pattern databases in: `target/tmp/pdb-cache`, shared by every
/// test crate and profile, so the release suite reuses what the debug suite built.
///
/// Found from the running test binary, which cargo puts in `target/<profile>/deps/`: a
/// library is not told the build's `target/` folder (`CARGO_TARGET_TMPDIR` is set only for
/// integration tests and benches), and the target folder may lie outside the repository.
///
/// # Panics
/// When the test binary's path cannot be read or lies less than three folders deep, which
/// cargo never does.
pub fn pdb_cache() -> PathBuf {
    let exe = std::env::current_exe().expect("the test binary's path is readable");
    let target = exe
        .ancestors()
        .nth(3)
        .expect("test binaries run from target/<profile>/deps/");
    target.join("tmp").join("pdb-cache")
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
///
/// # Panics
/// Outside the repository, where no folder above this crate holds `saved_puzzles/`.
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
///
/// # Panics
/// When no bundled puzzle is stored as `name`, or a bundled puzzle does not parse.
pub fn bundled(name: &str) -> Puzzle {
    let entry = library::bundled()
        .into_iter()
        .find(|b| b.file_name == name)
        .unwrap_or_else(|| panic!("{name} is bundled"));
    file::parse(entry.text).expect("bundled puzzles parse")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_data_and_the_library_are_found_from_the_repository() {
        assert!(data("korf100.txt").is_file());
        assert!(saved("klotski.ron").is_file());
        assert_eq!(bundled("klotski.ron").rows, 5);
    }

    #[test]
    fn the_cache_lies_in_the_build_folder_beside_the_profiles() {
        let cache = pdb_cache();
        assert!(cache.ends_with("tmp/pdb-cache"));
        let target = cache.parent().and_then(std::path::Path::parent).unwrap();
        assert!(target.join("debug").is_dir() || target.join("release").is_dir());
    }
}
