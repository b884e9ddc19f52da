//! The solution written out: move notation, readable text, and the CLI's JSON.

use blockslide_core::model::{Dir, Metric, PuzzleType};
use blockslide_core::report;
use blockslide_core::solve::{PieceMove, SolveReport};

use crate::common::format::headline;

/// Directions grouped into runs: `down 2, left`.
fn runs(steps: &[Dir]) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut i = 0;
    while i < steps.len() {
        let mut j = i;
        while j < steps.len() && steps[j] == steps[i] {
            j += 1;
        }
        parts.push(match j - i {
            1 => steps[i].word().to_string(),
            n => format!("{} {n}", steps[i].word()),
        });
        i = j;
    }
    parts.join(", ")
}

/// The notation of move `i` of `report`: for tile puzzles the blank's letter (as in the
/// seeds) and the tile that moves; for block puzzles the piece and its direction(s).
pub fn notation(report: &SolveReport, i: usize, mv: &PieceMove) -> String {
    if report.puzzle_type == PuzzleType::Tiles {
        let letter = report
            .blank_moves
            .as_deref()
            .and_then(|s| s.chars().nth(i))
            .or_else(|| mv.steps.first().map(|d| d.opposite().letter()))
            .unwrap_or('?');
        format!("{letter}  (tile {} {})", mv.piece, runs(&mv.steps))
    } else {
        format!("{} {}", mv.piece, runs(&mv.steps))
    }
}

/// The solution as readable text: a header and one numbered line per move.
pub fn solution_text(report: &SolveReport) -> String {
    let mut lines = Vec::new();
    if !report.puzzle.is_empty() {
        lines.push(format!("Puzzle: {}", report.puzzle));
    }
    lines.push(format!(
        "{} with {} (heuristic {}), {} metric",
        headline(report),
        report.algorithm.title(),
        report.heuristic,
        report.metric
    ));
    if let Some(blank) = &report.blank_moves {
        lines.push(format!("Blank moves: {blank}"));
    }
    lines.push(String::new());
    for (i, mv) in report.moves.iter().enumerate() {
        lines.push(format!("{:>4}. {}", i + 1, notation(report, i, mv)));
    }
    if report.metric != Metric::Step {
        let steps: usize = report.moves.iter().map(|m| m.steps.len()).sum();
        lines.push(String::new());
        lines.push(format!("{} moves, {steps} unit steps", report.moves.len()));
    }
    lines.join("\n") + "\n"
}

/// The solution as the CLI's `solve --json` object, pretty-printed: the core's
/// [`report::Solve`] of the same report. The CLI's own fields are left out: the memory figure is
/// the search's estimate (`"peak_memory_estimated": true`), since the app's process runs many
/// searches and its peak is no one search's, and there is no `trace`.
#[expect(
    clippy::missing_panics_doc,
    reason = "the `expect` states an invariant: the report's object always serialises"
)]
pub fn solution_json(report: &SolveReport) -> String {
    // Invariant: the object holds strings, numbers, booleans and lists of them, and no map
    // with non-string keys, so serialising cannot fail.
    serde_json::to_string_pretty(&report::Solve::from(report))
        .expect("the report's object serialises")
}

#[cfg(test)]
mod tests {
    use super::super::tests::{mv, report};
    use super::*;

    #[test]
    fn notation_for_tiles_and_blocks() {
        let tiles = report(PuzzleType::Tiles, vec![mv("7", &[Dir::Up])], Some("d"));
        assert_eq!(notation(&tiles, 0, &tiles.moves[0]), "d  (tile 7 up)");
        let blocks = report(
            PuzzleType::Blocks,
            vec![mv("B", &[Dir::Down, Dir::Down, Dir::Left])],
            None,
        );
        assert_eq!(notation(&blocks, 0, &blocks.moves[0]), "B down 2, left");
        let text = solution_text(&blocks);
        assert!(text.contains("   1. B down 2, left"), "{text}");
    }

    #[test]
    fn solution_text_has_a_header_a_blank_line_and_one_line_per_move() {
        let blocks = report(
            PuzzleType::Blocks,
            vec![mv("B", &[Dir::Down, Dir::Down]), mv("A", &[Dir::Left])],
            None,
        );
        let header = format!(
            "Puzzle: test\n{} with Breadth-first (heuristic zero), step metric\n",
            headline(&blocks)
        );
        assert_eq!(
            solution_text(&blocks),
            header + "\n   1. B down 2\n   2. A left\n"
        );
    }

    #[test]
    fn json_export_is_the_cli_object() {
        let r = report(PuzzleType::Tiles, vec![mv("7", &[Dir::Left])], Some("r"));
        let exported = solution_json(&r);
        // The CLI's `solve --json` object built from the same report by the shared type,
        // without the CLI's own fields: every key, in the CLI's order.
        let cli = blockslide_core::report::Solve::from(&*r);
        assert_eq!(exported, serde_json::to_string_pretty(&cli).unwrap());
        let value: serde_json::Value = serde_json::from_str(&exported).unwrap();
        assert_eq!(value["moves"][0]["piece"], "7");
        assert_eq!(value["moves"][0]["steps"][0], "left");
        assert_eq!(value["blank_moves"], "r");
        // The memory figure is the search's estimate (the app's process runs more than one
        // search), and says so.
        assert_eq!(value["peak_memory_estimated"], true);
        assert!(value.get("trace").is_none());
    }
}
