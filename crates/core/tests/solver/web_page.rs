//! The web page's data (`solve::api::web`) and the positions the page's move rules are tested
//! against (`api::positions_with_moves`), each checked against the model: solutions replayed
//! with the model's unit steps, legal moves recomputed with `Puzzle::step`, distances against
//! the solver's optimum.

use std::collections::BTreeMap;

use blockslide_core::model::{Cell, Dir, Metric, PieceMove, Puzzle, Token, verify_solution};
use blockslide_core::report::web::PageData;
use blockslide_core::solve::api::web::{TABLE_LIMIT, WebOptions, page_html, web_page};
use blockslide_core::solve::api::{count, positions_with_moves};
use blockslide_core::solve::{Limits, SearchControl};

use crate::fixtures::bundled;

fn page(puzzles: &[Puzzle], options: &WebOptions) -> PageData {
    web_page(puzzles, options).expect("the page is made")
}

fn html(data: &PageData) -> String {
    page_html(
        data,
        &serde_json::to_string(data).expect("the data is JSON"),
    )
}

/// A page's move as the model's.
fn piece_move(piece: &str, steps: &[&str]) -> PieceMove {
    let dir = |w: &str| {
        Dir::ALL
            .into_iter()
            .find(|d| d.word() == w)
            .expect("a direction's word")
    };
    PieceMove {
        piece: Token::new(piece).expect("a token"),
        steps: steps.iter().map(|w| dir(w)).collect(),
    }
}

#[test]
fn a_page_carries_a_solution_the_model_replays_and_a_table_that_agrees_with_it() {
    let klotski = bundled("klotski.ron");
    let data = page(std::slice::from_ref(&klotski), &WebOptions::default());
    let p = &data.puzzles[0];
    let moves: Vec<PieceMove> = p
        .solution
        .iter()
        .map(|m| piece_move(&m.piece, &m.steps))
        .collect();
    verify_solution(&klotski, &moves).expect("the page's solution replays on the model");
    assert_eq!(p.optimal, Some(moves.len()));
    assert_eq!(p.metric, "move");
    let table = p
        .table
        .as_ref()
        .expect("Klotski's component is small enough");
    // The table maps the component the counting walk counts, and its distance at the start
    // (a walk back from the goals) is the solver's optimum (a search from the start).
    let counted = count(
        &klotski,
        Metric::Move,
        SearchControl::new(Limits::default()),
    )
    .expect("Klotski is counted");
    assert_eq!(table.positions as u64, counted.states);
    assert!(table.positions as u64 <= TABLE_LIMIT);
    let start_key: String = klotski
        .cells
        .iter()
        .map(|c| match c {
            Cell::Empty => ".".to_string(),
            Cell::Wall => "#".to_string(),
            Cell::Piece(t) => table.symbols[&t.to_string()].clone(),
        })
        .collect();
    assert_eq!(table.distances.get(&start_key).copied(), Some(81));
    assert_eq!(
        table.distances.values().filter(|&&d| d == 0).count() as u64,
        counted.goal_states
    );
}

#[test]
fn a_page_without_a_table_is_under_60_kb() {
    let options = WebOptions {
        no_solution: true,
        ..WebOptions::default()
    };
    for name in ["klotski.ron", "rush-hour-54.ron", "two-by-three.ron"] {
        let data = page(&[bundled(name)], &options);
        let p = &data.puzzles[0];
        assert!(p.solution.is_empty() && p.table.is_none(), "{name}");
        assert!(p.optimal.is_some(), "{name}: the optimal length stays");
        let size = html(&data).len();
        assert!(size < 60 * 1024, "{name}: {size} bytes");
    }
}

#[test]
fn a_component_over_the_bound_gets_no_table_and_says_so() {
    let exit = bundled("klotski-exit.ron");
    let counted =
        count(&exit, Metric::Move, SearchControl::new(Limits::default())).expect("counted");
    assert!(counted.states > TABLE_LIMIT, "{} positions", counted.states);
    let data = page(&[exit], &WebOptions::default());
    let p = &data.puzzles[0];
    assert!(p.table.is_none());
    assert!(!p.solution.is_empty());
    assert!(p.hint_note.contains("50,000"), "{}", p.hint_note);
}

#[test]
fn text_from_a_file_cannot_end_the_data_or_the_title() {
    let mut puzzle = bundled("two-by-three.ron");
    puzzle.name = "</script><script>alert(1)</script>".into();
    puzzle.notes = "<!-- & -->".into();
    let data = page(&[puzzle], &WebOptions::default());
    let text = html(&data);
    // The data's element and the player's: no other element ends.
    assert_eq!(text.matches("</script>").count(), 2);
    assert!(text.contains("<title>&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;</title>"));
    assert!(!text.contains("<!--"));
    // The escaped JSON still reads back to the same data.
    let start = text.find("id=\"blockslide-data\">").expect("the data") + 21;
    let end = start + text[start..].find("</script>").expect("its end");
    let back: serde_json::Value = serde_json::from_str(&text[start..end]).expect("JSON");
    assert_eq!(
        back["puzzles"][0]["name"],
        "</script><script>alert(1)</script>"
    );
}

#[test]
fn a_collection_is_ordered_by_optimal_length() {
    let names = [
        "klotski.ron",
        "two-by-three.ron",
        "force-field.ron",
        "eight-6.ron",
    ];
    let puzzles: Vec<Puzzle> = names.iter().map(|n| bundled(n)).collect();
    let data = page(&puzzles, &WebOptions::default());
    let lengths: Vec<usize> = data
        .puzzles
        .iter()
        .map(|p| p.optimal.expect("each is solved"))
        .collect();
    assert_eq!(lengths.len(), names.len());
    assert!(lengths.windows(2).all(|w| w[0] <= w[1]), "{lengths:?}");
    assert_eq!(data.title, "Blockslide puzzles");
}

/// A position with each piece written as its kind: the engine takes pieces of one kind for
/// one another.
fn by_kind(rows: &[String], kinds: &BTreeMap<String, String>) -> Vec<String> {
    rows.iter()
        .flat_map(|r| r.split_whitespace())
        .map(|t| kinds.get(t).cloned().unwrap_or_else(|| t.to_string()))
        .collect()
}

#[test]
fn the_walks_moves_are_the_models_unit_steps() {
    // In the step metric every legal move is one unit step, which the model makes itself
    // (`Puzzle::step`, with axes and zones): an oracle for the engine's successors.
    for name in [
        "klotski.ron",
        "rush-hour-54.ron",
        "force-field.ron",
        "klotski-exit.ron",
        "two-by-three.ron",
    ] {
        let puzzle = bundled(name);
        let sample = positions_with_moves(&puzzle, Some(Metric::Step), 300).expect("the walk runs");
        assert_eq!(sample.positions.len(), 300, "{name}");
        if name == "klotski-exit.ron" {
            // The sample reaches the far end of the walk: Cao Cao in the exit only it may enter.
            let out = |p: &&blockslide_core::report::web::PositionMoves| {
                p.board.last().is_some_and(|row| row.contains('A'))
            };
            assert!(
                sample.positions.iter().any(|p| out(&p)),
                "no position with A in the exit"
            );
        }
        for position in &sample.positions {
            let board: Vec<&str> = position.board.iter().map(String::as_str).collect();
            let mut here = Puzzle::from_rows(&board, &[] as &[&str]).expect("rows");
            here.styles = puzzle.styles.clone();
            here.zones = puzzle.zones.clone();
            let mut oracle: Vec<Vec<String>> = Vec::new();
            for piece in here.pieces() {
                for dir in Dir::ALL {
                    let mut next = here.clone();
                    if next.step(piece.token, dir).is_ok() {
                        oracle.push(by_kind(&next.board_rows(), &sample.kinds));
                    }
                }
            }
            let mut engine: Vec<Vec<String>> = position
                .successors
                .iter()
                .map(|s| by_kind(s, &sample.kinds))
                .collect();
            oracle.sort();
            engine.sort();
            assert_eq!(engine, oracle, "{name} at {:?}", position.board);
        }
    }
}

#[test]
fn a_small_component_is_walked_whole() {
    let puzzle = bundled("two-by-three.ron");
    let sample = positions_with_moves(&puzzle, None, 100_000).expect("the walk runs");
    let counted =
        count(&puzzle, Metric::Step, SearchControl::new(Limits::default())).expect("counted");
    assert!(sample.whole_component);
    assert_eq!(sample.positions.len() as u64, counted.states);
}
