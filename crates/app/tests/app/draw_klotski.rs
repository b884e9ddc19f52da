//! The design loop of issue 36 from start to end: a designer draws Klotski on an empty 4x5
//! board with "Draw new piece" drags, the design panel on, and after every piece the panel's
//! length and hardest start follow without anything pressed; on the way the suggestions map
//! marks where a wall makes the puzzle harder, a click on that suggestion makes it (and undo
//! takes it back); the finished drawing's figures are those of `blockslide analyze --json` on
//! the bundled Klotski.
//!
//! Analyses run on background threads, so the test steps frames until the figures of the
//! design as it is have come, with a generous timeout (and never asserts on timing).

use egui::accesskit::Role;
use egui::{Key, Modifiers, Rect, Shape};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use blockslide_app::app::App;
use blockslide_app::app::menu_bar::DESIGN_FIGURES_ENTRY;
use blockslide_app::command::{Mode, Tool};
use blockslide_app::common::board::{BOARD_LABEL, cell_rect};
use blockslide_app::common::format::amount;
use blockslide_app::common::marks::Tone;
use blockslide_app::solve::design_panel::DESIGN_PANEL_LABEL;
use blockslide_core::model::{Cell, Puzzle};
use blockslide_core::report;
use blockslide_core::solve::api::{AnalyzeReport, analyze, metric_for};
use blockslide_core::solve::design::{Edit, SuggestReport};
use blockslide_core::solve::{Limits, SearchControl};

use crate::driver::{
    PATIENCE, bundled, button, click_at, click_cell, drag_cells, flat_shapes, harness, keys,
    select_piece, t, wait_for,
};

/// `report` as `blockslide analyze --json` prints it, without what differs from run to run
/// (the time and memory taken) or names the file (the puzzle's name).
fn analyze_json(report: &AnalyzeReport) -> serde_json::Value {
    let mut json = serde_json::to_value(report::Analyze::from(report)).expect("serialisable");
    let object = json.as_object_mut().expect("an object");
    for varying in [
        "seconds",
        "peak_memory_bytes",
        "peak_memory_estimated",
        "puzzle",
    ] {
        object.remove(varying);
    }
    json
}

/// The analysis `blockslide analyze --json` makes of `puzzle`, in the metric it would pick.
fn cli_analysis(puzzle: &Puzzle) -> AnalyzeReport {
    let metric = metric_for(puzzle, None);
    analyze(puzzle, metric, SearchControl::new(Limits::default())).expect("a valid design")
}

/// Waits for the panel's figures of the design as it is now, without pressing anything;
/// checks they are `blockslide analyze --json`'s on that design and that the length and the
/// hardest start are on screen; returns them.
fn panel_figures(h: &mut Harness<'static, App>) -> AnalyzeReport {
    let (puzzle, shown) = crate::driver::panel_figures(h);
    let expected = cli_analysis(&puzzle);
    assert_eq!(
        analyze_json(&shown),
        analyze_json(&expected),
        "the panel's figures of\n{}",
        puzzle.board_rows().join("\n")
    );
    let metric = metric_for(&puzzle, None);
    let hardest = expected.hardest.as_ref().map(|h| h.distance);
    for figure in [expected.start_distance, hardest].into_iter().flatten() {
        let words = amount(metric, figure);
        assert!(
            h.query_all_by_label(&words).next().is_some(),
            "the panel shows {words}"
        );
    }
    shown
}

/// Waits for the suggestions of the design as it is now.
fn suggestions(h: &mut Harness<'static, App>) -> SuggestReport {
    wait_for(h, PATIENCE, "the suggestions", |app| {
        app.design_panel()
            .suggestions_of(app.document().solvable_revision())
            .is_some()
    });
    h.run_ok();
    let app = h.state();
    app.design_panel()
        .suggestions_of(app.document().solvable_revision())
        .cloned()
        .expect("the suggestions came")
}

/// The listed suggestion (one of the best few that make the hardest start harder) that puts
/// a wall on a cell where it does more than a 1x1 piece would (so that the map's mark there
/// is the wall's), with that cell.
fn harder_wall(
    report: &SuggestReport,
) -> Option<(usize, &blockslide_core::solve::design::Suggestion)> {
    let then = report.current.hardest?;
    report
        .suggestions
        .iter()
        .filter(|s| s.figures.solvable != Some(false) && s.figures.hardest > Some(then))
        .take(5)
        .find_map(|s| match s.edit {
            Edit::AddWall(i) => Some((i, s)),
            _ => None,
        })
        .filter(|(i, wall)| {
            // Best first: the first edit at the cell is the one its mark tells.
            report
                .suggestions
                .iter()
                .find(|s| matches!(s.edit, Edit::AddWall(j) | Edit::AddPiece(j) if j == *i))
                .is_some_and(|first| first.words == wall.words)
        })
}

/// The rect of cell `(r, c)` of the board shown.
fn board_cell_rect(h: &Harness<'static, App>, (r, c): (usize, usize)) -> Rect {
    let p = h.state().document().puzzle();
    cell_rect(h.get_by_label(BOARD_LABEL).rect(), p.rows, p.cols, r, c)
}

/// Whether a mark of `tone` is painted inside `cell`.
fn marked(h: &Harness<'static, App>, cell: Rect, tone: Tone) -> bool {
    let fill = tone.color().gamma_multiply(0.85);
    flat_shapes(&h.output().shapes).iter().any(|shape| {
        matches!(shape, Shape::Circle(circle) if circle.fill == fill && cell.contains(circle.center))
    })
}

/// Whether `node` is the properties panel's Kind field (not its caption).
fn kind_field(node: &egui_kittest::kittest::AccessKitNode<'_>) -> bool {
    node.label().as_deref() == Some("Kind") && node.role() != Role::Label
}

/// Gives piece `token` the kind `kind` in the properties panel, as Klotski's file gives its
/// identical pieces one (so the panel counts positions as `analyze` counts Klotski's), and
/// leaves the field.
fn set_kind(h: &mut Harness<'static, App>, token: &str, kind: &str) {
    select_piece(h, token);
    // Focused through its accessibility action: a click aimed from the last frame could miss
    // it, as the design panel above it grows when its suggestions come.
    h.get_by(kind_field).focus();
    h.run_ok();
    h.get_by(kind_field).type_text(kind);
    h.run_ok();
    keys(h, Modifiers::NONE, Key::Escape);
    assert!(
        h.ctx.memory(egui::Memory::focused).is_none(),
        "the field gave the keys back"
    );
    assert_eq!(
        h.state()
            .document()
            .puzzle()
            .kind_of(blockslide_core::model::Token::new(token).expect("a token")),
        kind
    );
}

/// A piece drawn with one drag: its token, the cells pressed and released, and the kind
/// given to it.
type Drawn = (
    &'static str,
    (usize, usize),
    (usize, usize),
    Option<&'static str>,
);

/// File > New… (Ctrl+N): an empty board of `rows` rows and `cols` columns.
fn new_empty_board(h: &mut Harness<'static, App>, rows: usize, cols: usize) {
    keys(h, Modifiers::COMMAND, Key::N);
    button(h, "Empty board").click();
    h.run_ok();
    for (label, value) in [("Rows:", rows), ("Columns:", cols)] {
        let field = h
            .get_by(|n| n.label().as_deref() == Some(label) && n.role() != Role::Label)
            .rect()
            .center();
        click_at(h, field);
        h.event(egui::Event::Text(value.to_string()));
        h.run_ok();
    }
    button(h, "Create").click();
    h.run_ok();
}

/// When the suggestions of the design as it is (its figures `now`) list a wall that makes the
/// hardest start harder: checks the map marks its cell and says by how much on hover, makes
/// it with a click on the suggestion listed, checks the figures follow, and undoes it;
/// whether there was one.
fn harder_wall_made_and_undone(h: &mut Harness<'static, App>, now: &AnalyzeReport) -> bool {
    // The suggestions map: where a wall makes the hardest start harder, the board is
    // marked, hovering says by how much, and the suggestion listed is made by a click.
    let report = suggestions(h);
    let Some((at, wall)) = harder_wall(&report) else {
        return false;
    };
    let wall = wall.clone();
    let cols = h.state().document().puzzle().cols;
    let cell = (at / cols, at % cols);
    let rect = board_cell_rect(h, cell);
    assert!(
        marked(h, rect, Tone::Harder),
        "the map marks {cell:?} harder"
    );
    let mark = h
        .state()
        .design_panel()
        .marks(
            h.state().document().solvable_revision(),
            h.state().document().puzzle(),
        )
        .into_iter()
        .find(|m| m.cell == cell)
        .expect("a mark at the wall's cell");
    assert!(
        mark.text.starts_with(&wall.words),
        "the mark tells the wall: {:?}",
        mark.text
    );
    h.hover_at(rect.center());
    h.run_ok();
    assert!(
        h.query_all_by_label(&mark.text).next().is_some(),
        "hovering shows {:?}",
        mark.text
    );
    let before = h.state().document().puzzle().clone();
    let listed = h
        .get_by(|n| {
            n.role() == Role::Button && n.label().is_some_and(|l| l.starts_with(&wall.words))
        })
        .rect();
    click_at(h, listed.center());
    let walled = h.state().document().puzzle().clone();
    assert_eq!(walled.cells[at], Cell::Wall, "{}", wall.words);
    assert_eq!(walled.cells, wall.design.cells);
    let after = panel_figures(h);
    let hardest = |r: &AnalyzeReport| r.hardest.as_ref().map(|h| h.distance);
    assert_eq!(hardest(&after), wall.figures.hardest);
    assert!(hardest(&after) > hardest(now));
    // One undo step takes the wall away, and the figures follow it back.
    keys(h, Modifiers::COMMAND, Key::Z);
    assert_eq!(h.state().document().puzzle(), &before);
    assert_eq!(analyze_json(&panel_figures(h)), analyze_json(now));
    true
}

#[test]
fn a_designer_draws_klotski_and_the_panel_follows_every_piece_and_suggests_a_wall() {
    let klotski = bundled("klotski.ron");
    let mut h = harness(Puzzle::empty(3, 3), Mode::Start, [1280.0, 800.0]);
    new_empty_board(&mut h, klotski.rows, klotski.cols);
    let empty = h.state().document().puzzle().clone();
    assert_eq!((empty.rows, empty.cols), (5, 4));
    assert!(empty.pieces().is_empty());
    button(&h, "View").click();
    h.run_ok();
    h.get_by_label(DESIGN_FIGURES_ENTRY).click();
    h.run_ok();
    h.get_by_label(DESIGN_PANEL_LABEL);

    // Cao Cao, the 2x2 block, drawn with one drag, and its goal painted at the bottom middle
    // in the Goal tab: from then on the design can be solved, and the panel says how well.
    keys(&mut h, Modifiers::NONE, Tool::NewPiece.key());
    drag_cells(&mut h, (0, 1), (1, 2));
    button(&h, "Goal").click();
    h.run_ok();
    select_piece(&mut h, "A");
    keys(&mut h, Modifiers::NONE, Tool::Paint.key());
    for cell in [(3, 1), (3, 2), (4, 1), (4, 2)] {
        click_cell(&mut h, cell.0, cell.1);
    }
    button(&h, "Start").click();
    h.run_ok();
    assert_eq!(h.state().mode(), Mode::Start);
    let mut figures = vec![panel_figures(&mut h)];

    // The other nine pieces, each with one "Draw new piece" drag (a click for a 1x1), in
    // Klotski's order of letters, the identical ones given a kind as Klotski's file gives
    // them; after each the panel's figures follow, unasked.
    let pieces: [Drawn; 9] = [
        ("B", (0, 0), (1, 0), Some("vertical")),
        ("C", (0, 3), (1, 3), Some("vertical")),
        ("D", (2, 0), (3, 0), Some("vertical")),
        ("E", (2, 1), (2, 2), None),
        ("F", (2, 3), (3, 3), Some("vertical")),
        ("G", (3, 1), (3, 1), Some("soldier")),
        ("H", (3, 2), (3, 2), Some("soldier")),
        ("I", (4, 0), (4, 0), Some("soldier")),
        ("J", (4, 3), (4, 3), Some("soldier")),
    ];
    let mut wall_tried = false;
    for (drawn_before, (token, from, to, kind)) in pieces.into_iter().enumerate() {
        keys(&mut h, Modifiers::NONE, Tool::NewPiece.key());
        if from == to {
            click_cell(&mut h, from.0, from.1);
        } else {
            drag_cells(&mut h, from, to);
        }
        let drawn = h.state().document().puzzle().clone();
        // The rectangle the drag spans is the new piece, in one stroke.
        let spanned = (from.0..=to.0).flat_map(|r| (from.1..=to.1).map(move |c| (r, c)));
        assert!(
            spanned
                .clone()
                .all(|(r, c)| drawn.cell(r, c) == Cell::Piece(t(token))),
            "{token} drawn over {from:?} to {to:?}"
        );
        assert_eq!(
            drawn
                .pieces()
                .iter()
                .find(|p| p.token == t(token))
                .map(|p| p.cells.len()),
            Some(spanned.count())
        );
        panel_figures(&mut h);
        if let Some(kind) = kind {
            set_kind(&mut h, token, kind);
        }
        let now = panel_figures(&mut h);
        figures.push(now.clone());
        // Half way through, when the design is a puzzle already.
        if wall_tried || drawn_before < 4 {
            continue;
        }
        wall_tried = harder_wall_made_and_undone(&mut h, &now);
    }
    assert!(wall_tried, "at some piece a wall made the design harder");
    assert!(
        figures.windows(2).all(|w| w[0].start_distance.is_some()
            && (w[0].start_distance != w[1].start_distance || w[0].component != w[1].component)),
        "every piece changed the figures"
    );

    // The drawing is Klotski, and the panel's figures are the bundled file's, in the metric
    // of the drawing (steps: a drawn design names none).
    let drawn = h.state().document().puzzle().clone();
    assert_eq!(drawn.board_rows(), klotski.board_rows());
    assert_eq!(drawn.goal_rows(), klotski.goal_rows());
    for piece in klotski.pieces() {
        assert_eq!(
            drawn.kind_of(piece.token),
            klotski.kind_of(piece.token),
            "{}",
            piece.token
        );
    }
    let metric = metric_for(&drawn, None);
    let bundled_figures =
        analyze(&klotski, metric, SearchControl::new(Limits::default())).expect("Klotski analyses");
    assert_eq!(
        analyze_json(figures.last().expect("figures")),
        analyze_json(&bundled_figures)
    );
}
