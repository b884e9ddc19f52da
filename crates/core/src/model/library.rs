//! The bundled library of classic puzzles (the files of `saved_puzzles/`, compiled in so the
//! app works from any folder).

/// A bundled puzzle file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BundledPuzzle {
    /// The file name in `saved_puzzles/` (for example `klotski.ron`).
    pub file_name: &'static str,
    /// The file's text.
    pub text: &'static str,
}

macro_rules! bundle {
    ($($file:literal),* $(,)?) => {
        &[$(BundledPuzzle {
            file_name: $file,
            text: include_str!(concat!("../../../../saved_puzzles/", $file)),
        }),*]
    };
}

/// Library order: the famous block puzzles, the block puzzles with exits and force fields,
/// Rush Hour from easy to hard, then the tile puzzles from easy to hard, then the block
/// puzzles of the teaching notebooks.
const BUNDLED: &[BundledPuzzle] = bundle![
    "klotski.ron",
    "pennant.ron",
    "century.ron",
    "klotski-exit.ron",
    "force-field.ron",
    "rush-hour-warm-up.ron",
    "rush-hour-halfway.ron",
    "rush-hour-54.ron",
    "rush-hour-hardest.ron",
    "eight-1.ron",
    "eight-6.ron",
    "eight-14.ron",
    "eight-16.ron",
    "eight-24.ron",
    "eight-31a.ron",
    "eight-31b.ron",
    "two-by-three.ron",
    "fifteen-38.ron",
    "fifteen-korf-1.ron",
    "blocks-tiny.ron",
    "blocks-small.ron",
    "blocks-big.ron",
    "blocks-hard.ron",
    "two-ls-meet.ron",
];

/// Every bundled puzzle, in library order.
pub fn bundled() -> Vec<BundledPuzzle> {
    BUNDLED.to_vec()
}

/// The bundled puzzle with this file name.
pub fn find(file_name: &str) -> Option<BundledPuzzle> {
    BUNDLED.iter().copied().find(|b| b.file_name == file_name)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::file::parse;
    use crate::model::validate::validate;

    #[test]
    fn every_bundled_puzzle_loads_and_validates_cleanly() {
        for b in bundled() {
            let p = parse(b.text).unwrap_or_else(|e| panic!("{}: {e:?}", b.file_name));
            let findings = validate(&p);
            assert!(findings.is_empty(), "{}: {findings:?}", b.file_name);
            assert!(!p.name.is_empty() && !p.notes.is_empty(), "{}", b.file_name);
            assert!(p.notes.contains("Known optimal"), "{}", b.file_name);
        }
    }

    #[test]
    fn every_saved_puzzle_is_bundled() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../saved_puzzles");
        let mut on_disk: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| {
                std::path::Path::new(n)
                    .extension()
                    .is_some_and(|e| e.eq_ignore_ascii_case("ron"))
            })
            .collect();
        on_disk.sort();
        let mut bundled: Vec<String> = bundled().iter().map(|b| b.file_name.to_string()).collect();
        bundled.sort();
        assert_eq!(on_disk, bundled);
        assert_eq!(
            find("klotski.ron").map(|b| b.file_name),
            Some("klotski.ron")
        );
    }
}
