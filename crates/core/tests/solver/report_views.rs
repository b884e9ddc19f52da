//! The reports' serializable views: the keys a solve's object has, in the order
//! `docs/cli.md` promises, whichever front end writes it.

use std::fmt;

use blockslide_core::model::{Dir, Metric, PieceMove, PuzzleType, Token};
use blockslide_core::report;
use blockslide_core::solve::api::{Algorithm, SolveReport};
use blockslide_core::solve::{Stats, Termination};
use serde::de::{Deserializer, IgnoredAny, MapAccess, Visitor};

/// The keys of a JSON object, in the order they are written (`serde_json::Value` sorts them).
fn keys_in_order(json: &str) -> Vec<String> {
    struct Keys;
    impl<'de> Visitor<'de> for Keys {
        type Value = Vec<String>;
        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("a JSON object")
        }
        fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Vec<String>, A::Error> {
            let mut keys = Vec::new();
            while let Some((key, IgnoredAny)) = map.next_entry::<String, IgnoredAny>()? {
                keys.push(key);
            }
            Ok(keys)
        }
    }
    serde_json::Deserializer::from_str(json)
        .deserialize_map(Keys)
        .unwrap()
}

/// A solved report of one move, of a tile puzzle (with the blank's moves) or a block puzzle.
fn report(puzzle_type: PuzzleType) -> SolveReport {
    let tiles = puzzle_type == PuzzleType::Tiles;
    SolveReport {
        puzzle: "test".into(),
        puzzle_type,
        algorithm: Algorithm::Bfs,
        heuristic: "zero".into(),
        metric: Metric::Step,
        status: Termination::Solved,
        optimal: true,
        moves: vec![PieceMove {
            piece: Token::new(if tiles { "7" } else { "B" }).unwrap(),
            steps: vec![Dir::Left],
        }],
        blank_moves: tiles.then(|| "r".to_string()),
        stats: Stats::default(),
        notes: Vec::new(),
    }
}

/// The example object of `solve --json` in `docs/cli.md`, its elided values (`...`) made
/// numbers so that it parses.
fn documented_solve_object() -> String {
    let docs =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/cli.md")).unwrap();
    let example = docs
        .split("--algorithm bfs --json`")
        .nth(1)
        .and_then(|after| after.split("```json\n").nth(1))
        .and_then(|block| block.split("```").next())
        .expect("docs/cli.md shows the object of `solve ... --algorithm bfs --json`");
    example.replace("...", "0")
}

#[test]
fn a_solve_is_written_with_the_keys_the_docs_promise_in_their_order() {
    let documented = keys_in_order(&documented_solve_object());
    let blocks = serde_json::to_string(&report::Solve::from(&report(PuzzleType::Blocks))).unwrap();
    assert_eq!(keys_in_order(&blocks), documented);
    // A tile puzzle's object adds the blank's moves, in their alphabetical place.
    let tiles = serde_json::to_string(&report::Solve::from(&report(PuzzleType::Tiles))).unwrap();
    let mut with_blank = documented.clone();
    with_blank.insert(1, "blank_moves".into());
    assert_eq!(keys_in_order(&tiles), with_blank);
    assert!(tiles.contains(r#""blank_moves":"r""#), "{tiles}");
    assert!(
        blocks.contains(r#""moves":[{"piece":"B","steps":["left"]}]"#),
        "{blocks}"
    );
}

#[test]
fn a_solve_holds_the_searchs_memory_estimate_until_a_front_end_measures_it() {
    let mut solved = report(PuzzleType::Blocks);
    solved.stats.peak_memory_bytes = 4096;
    let estimated = serde_json::to_value(report::Solve::from(&solved)).unwrap();
    assert_eq!(estimated["peak_memory_bytes"], 4096);
    assert_eq!(estimated["peak_memory_estimated"], true);
    let measured =
        report::Solve::from(&solved).with_peak_memory(report::PeakMemory::measured(8192));
    let measured = serde_json::to_value(measured).unwrap();
    assert_eq!(measured["peak_memory_bytes"], 8192);
    assert_eq!(measured["peak_memory_estimated"], false);
}
