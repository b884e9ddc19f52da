//! Suggestions ("where the next edit should go"): every edit listed is the edit it says,
//! keeps the designer's rules, and its figures equal both `analyze`'s on the edited design and
//! an independent breadth-first walk over model positions (`Puzzle::step` only, pieces of one
//! kind merged, a piece without a kind its own kind), on small puzzles in every metric; a
//! bounded or cancelled run is marked not exact, and its lower bounds hold.

use std::collections::{BTreeSet, HashMap, VecDeque};
use std::sync::Arc;
use std::sync::Mutex;
use std::sync::atomic::AtomicBool;

use blockslide_core::model::{Cell, Metric, PieceStyle, Puzzle, Token};
use blockslide_core::solve::api::analyze;
use blockslide_core::solve::design::{
    Change, DesignRules, Edit, Figures, SuggestProgress, SuggestReport, SuggestRules, check_design,
    edits, suggest,
};
use blockslide_core::solve::{Limits, SearchControl, Termination};

use crate::blocks_support::{naive_successors, random_puzzle, reference_goal};
use crate::fixtures::bundled;

fn token(t: &str) -> Token {
    Token::new(t).expect("a token")
}

fn control(threads: usize) -> SearchControl {
    SearchControl::new(Limits::default()).with_threads(threads)
}

/// A small design with walls, a kind shared by two 1x1 pieces, a piece of its own and a goal.
fn walled() -> Puzzle {
    let mut p = Puzzle::from_rows(
        &["A A . #", "B . C .", "D . # E"],
        &[". . . .", ". . A A", ". . . ."],
    )
    .expect("well formed");
    for t in ["C", "E"] {
        p.styles.insert(
            token(t),
            PieceStyle {
                kind: Some("soldier".into()),
                ..PieceStyle::default()
            },
        );
    }
    p
}

/// A 3x3 design with a wall and two 1x1 pieces of one kind beside one of its own.
fn small_walled() -> Puzzle {
    let mut p = Puzzle::from_rows(&["A A .", "B # C", ". . D"], &[". . .", ". . .", "A A ."])
        .expect("well formed");
    for t in ["C", "D"] {
        p.styles.insert(
            token(t),
            PieceStyle {
                kind: Some("soldier".into()),
                ..PieceStyle::default()
            },
        );
    }
    p
}

/// The puzzles every metric is checked on: small enough for a model walk of every edit in a
/// debug build.
fn puzzles() -> Vec<Puzzle> {
    let mut out = vec![small_walled(), bundled("blocks-tiny.ron")];
    let mut boards = BTreeSet::new();
    out.extend(
        (0..200)
            .map(random_puzzle)
            .filter(|p| {
                p.pieces().len() >= 3
                    && blockslide_core::solve::design::check_input(p).is_ok()
                    && boards.insert(p.board_rows())
            })
            .take(3),
    );
    out
}

/// A position with pieces of one kind forgotten: sorted (kind, cells) pairs.
type Key = Vec<(String, Vec<(usize, usize)>)>;

fn key(p: &Puzzle) -> Key {
    let mut k: Key = p
        .pieces()
        .into_iter()
        .map(|piece| (p.kind_of(piece.token), piece.cells))
        .collect();
    k.sort();
    k
}

/// The independent figures of `p` in `metric`: the hardest start of its start's component
/// and the start's distance to the goal (both `None` when no goal position is in the
/// component), and the component's size, by breadth-first walks over model positions.
fn walked(p: &Puzzle, metric: Metric) -> (Option<u32>, Option<u32>, u64) {
    let mut index: HashMap<Key, usize> = HashMap::new();
    let mut positions = vec![p.clone()];
    let mut edges: Vec<Vec<usize>> = Vec::new();
    index.insert(key(p), 0);
    let mut i = 0;
    while i < positions.len() {
        let mut next = Vec::new();
        for q in naive_successors(&positions[i], metric) {
            let k = key(&q);
            let n = *index.entry(k).or_insert_with(|| {
                positions.push(q.clone());
                positions.len() - 1
            });
            next.push(n);
        }
        edges.push(next);
        i += 1;
    }
    let mut dist: Vec<Option<u32>> = vec![None; positions.len()];
    let mut queue = VecDeque::new();
    for (n, q) in positions.iter().enumerate() {
        if reference_goal(q) {
            dist[n] = Some(0);
            queue.push_back(n);
        }
    }
    while let Some(n) = queue.pop_front() {
        let d = dist[n].expect("queued positions have a distance");
        for &m in &edges[n] {
            if dist[m].is_none() {
                dist[m] = Some(d + 1);
                queue.push_back(m);
            }
        }
    }
    let hardest = dist.iter().flatten().copied().max();
    (hardest, dist[0], positions.len() as u64)
}

/// Checks every listed edit of `report` (of `design` under `rules`): it is the edit it names,
/// it keeps the rules, and its figures are `analyze`'s and the model walk's.
fn check_report(design: &Puzzle, rules: &SuggestRules, report: &SuggestReport) {
    let what = format!("{} metric, board {:?}", rules.metric, design.board_rows());
    assert_eq!(report.status, Termination::Solved, "{what}");
    assert_eq!(
        report.suggestions.len() + report.refused.len(),
        edits(design, rules).len(),
        "every edit is listed or refused, {what}"
    );
    let (hardest, start, component) = walked(design, rules.metric);
    assert_eq!(
        (report.current.hardest, report.current.start_length),
        (hardest, start),
        "the design's own figures, {what}"
    );
    assert_eq!(report.current.component, component, "{what}");
    let design_rules = DesignRules {
        metric: rules.metric,
        allow: rules.allow.clone(),
        palette: Vec::new(),
        max_pieces: usize::MAX,
        max_walls: usize::MAX,
        locked_pieces: rules.locked_pieces.clone(),
        locked_cells: rules.locked_cells.clone(),
    };
    for s in &report.suggestions {
        let what = format!("{what}, edit `{}`", s.words);
        assert!(rules.allow.contains(&s.edit.change()), "{what}");
        assert_eq!(s.edit.apply(design).as_ref(), Some(&s.design), "{what}");
        assert_eq!(
            check_design(design, &s.design, &design_rules),
            Ok(()),
            "{what}"
        );
        let f = &s.figures;
        assert!(f.exact, "{what}");
        let (hardest, start, component) = walked(&s.design, rules.metric);
        assert_eq!(
            (f.hardest, f.start_length, f.component),
            (hardest, start, component),
            "the model walk, {what}"
        );
        assert_eq!(f.solvable, Some(hardest.is_some()), "{what}");
        let a = analyze(&s.design, rules.metric, control(1)).expect("the edited design validates");
        assert!(a.complete(), "{what}");
        assert_eq!(
            (a.hardest.map(|h| h.distance), a.start_distance, a.component),
            (f.hardest, f.start_length, f.component),
            "analyze, {what}"
        );
    }
    let ranks: Vec<_> = report
        .suggestions
        .iter()
        .map(|s| {
            (
                s.figures.hardest.is_some(),
                s.figures.hardest,
                s.figures.start_length,
            )
        })
        .collect();
    assert!(
        ranks.windows(2).all(|w| w[0] >= w[1]),
        "best first, {what}: {ranks:?}"
    );
}

#[test]
fn every_listed_edit_agrees_with_analyze_and_a_model_walk_in_every_metric() {
    for design in puzzles() {
        for metric in Metric::ALL {
            let rules = SuggestRules::new(metric);
            let report = suggest(&design, &rules, &control(2), None).expect("suggestions run");
            check_report(&design, &rules, &report);
        }
    }
}

#[test]
fn every_kind_of_edit_is_made_and_described_in_words() {
    let design = walled();
    let report = suggest(&design, &SuggestRules::new(Metric::Step), &control(2), None)
        .expect("suggestions run");
    let words: BTreeSet<&str> = report
        .suggestions
        .iter()
        .map(|s| s.words.as_str())
        .collect();
    for expected in [
        "a wall at row 1, column 3",
        "remove the wall at row 1, column 4",
        "remove piece B (1x1) at row 2, column 1",
        "move piece B (1x1) from row 2, column 1 to row 3, column 2",
        "move piece A (1x2 horizontal) from row 1, column 1 to row 1, column 2",
        "a 1x1 piece at row 2, column 2",
    ] {
        assert!(words.contains(expected), "`{expected}` in {words:#?}");
    }
    // The goal's piece is never taken away, and no wall goes on a goal cell.
    assert!(!words.iter().any(|w| w.starts_with("remove piece A")));
    assert!(!words.contains("a wall at row 2, column 4"));
}

#[test]
fn an_added_piece_takes_the_kind_its_shape_shares_else_its_own() {
    let design = walled();
    let shared = Edit::AddPiece(2).apply(&design).expect("the cell is empty");
    let added = shared
        .pieces()
        .into_iter()
        .find(|p| design.pieces().iter().all(|q| q.token != p.token))
        .expect("a new piece");
    // B and D are 1x1 pieces without a kind besides the soldiers C and E: the 1x1 pieces
    // share no kind.
    assert_eq!(
        shared.styles.get(&added.token).and_then(|s| s.kind.clone()),
        None
    );
    let mut soldiers = design.clone();
    for t in ["B", "D"] {
        soldiers.styles.insert(
            token(t),
            PieceStyle {
                kind: Some("soldier".into()),
                ..PieceStyle::default()
            },
        );
    }
    let joined = Edit::AddPiece(2)
        .apply(&soldiers)
        .expect("the cell is empty");
    let added = joined
        .pieces()
        .into_iter()
        .find(|p| soldiers.pieces().iter().all(|q| q.token != p.token))
        .expect("a new piece");
    assert_eq!(
        joined.styles.get(&added.token).and_then(|s| s.kind.clone()),
        Some("soldier".into())
    );
}

#[test]
fn allowed_kinds_and_locks_hold() {
    let design = walled();
    let mut rules = SuggestRules::new(Metric::Slide);
    rules.allow = [Change::Move, Change::Remove].into();
    rules.locked_pieces.insert(token("B"));
    // Row 2, column 2: no piece may move onto it.
    rules.locked_cells.insert(5);
    let report = suggest(&design, &rules, &control(2), None).expect("suggestions run");
    assert!(!report.suggestions.is_empty());
    for s in &report.suggestions {
        assert!(
            matches!(s.edit.change(), Change::Move | Change::Remove),
            "{}",
            s.words
        );
        assert_eq!(s.design.cells[5], Cell::Empty, "{}", s.words);
        assert_eq!(
            s.design.cells[4],
            Cell::Piece(token("B")),
            "B stays: {}",
            s.words
        );
    }
    check_report(&design, &rules, &report);
    rules.allow = [Change::Reshape].into();
    assert!(suggest(&design, &rules, &control(1), None).is_err());
}

#[test]
fn the_answer_does_not_depend_on_the_threads_and_progress_reaches_every_edit() {
    let design = bundled("blocks-tiny.ron");
    let rules = SuggestRules::new(Metric::Step);
    let seen = Mutex::new(Vec::new());
    let sink = |p: &SuggestProgress<'_>| {
        let latest = p.latest.map(|s| (s.words.clone(), s.figures.clone()));
        seen.lock()
            .expect("not poisoned")
            .push((p.done, p.total, latest));
    };
    let one = suggest(&design, &rules, &control(1), None).expect("suggestions run");
    let two = suggest(&design, &rules, &control(2), Some(&sink)).expect("suggestions run");
    let figures = |r: &SuggestReport| -> Vec<(String, Figures)> {
        r.suggestions
            .iter()
            .map(|s| (s.words.clone(), s.figures.clone()))
            .collect()
    };
    assert_eq!(figures(&one), figures(&two));
    let mut seen = seen.into_inner().expect("not poisoned");
    seen.sort_by_key(|p| p.0);
    let total = edits(&design, &rules).len();
    assert_eq!(seen.len(), total);
    assert!(
        seen.iter()
            .enumerate()
            .all(|(i, p)| p.0 == i + 1 && p.1 == total)
    );
    // Each edit is told as it is analysed, with the figures the report ends with.
    let mut told: Vec<(String, Figures)> = seen.into_iter().filter_map(|p| p.2).collect();
    let mut reported = figures(&two);
    told.sort_by(|a, b| a.0.cmp(&b.0));
    reported.sort_by(|a, b| a.0.cmp(&b.0));
    assert_eq!(told, reported);
}

#[test]
fn a_cancelled_run_is_marked_not_exact() {
    let design = bundled("klotski.ron");
    let flag = Arc::new(AtomicBool::new(true));
    let control = control(2).with_cancel(Arc::clone(&flag));
    let report = suggest(&design, &SuggestRules::new(Metric::Move), &control, None)
        .expect("suggestions run");
    assert_eq!(report.status, Termination::Cancelled);
    assert!(!report.complete());
    assert!(!report.current.exact);
    assert!(!report.suggestions.is_empty());
    assert!(report.suggestions.iter().all(|s| !s.figures.exact));
}

#[test]
fn a_node_limit_gives_lower_bounds_marked_not_exact() {
    let design = walled();
    let rules = SuggestRules::new(Metric::Step);
    let exact = suggest(&design, &rules, &control(2), None).expect("suggestions run");
    let bounded = SearchControl::new(Limits {
        max_nodes: 12,
        ..Limits::default()
    })
    .with_threads(2);
    let report = suggest(&design, &rules, &bounded, None).expect("suggestions run");
    assert!(!report.complete());
    assert!(report.suggestions.iter().any(|s| !s.figures.exact));
    for s in &report.suggestions {
        let truth = exact
            .suggestions
            .iter()
            .find(|e| e.edit == s.edit)
            .expect("the same edits");
        if s.figures.exact {
            assert_eq!(s.figures, truth.figures, "{}", s.words);
            continue;
        }
        for (bound, value) in [
            (s.figures.hardest, truth.figures.hardest),
            (s.figures.start_length, truth.figures.start_length),
        ] {
            if let Some(b) = bound {
                assert!(
                    value.is_some_and(|v| b <= v),
                    "{}: {b} <= {value:?}",
                    s.words
                );
            }
        }
    }
}

#[test]
fn a_run_out_of_time_lists_every_edit_not_exact() {
    let design = bundled("klotski.ron");
    let rules = SuggestRules::new(Metric::Step);
    let control = SearchControl::new(Limits {
        max_time: std::time::Duration::ZERO,
        ..Limits::default()
    })
    .with_threads(2);
    let report = suggest(&design, &rules, &control, None).expect("suggestions run");
    assert_eq!(report.status, Termination::TimeLimit);
    assert!(!report.current.exact);
    assert_eq!(report.suggestions.len(), edits(&design, &rules).len());
    for s in &report.suggestions {
        assert!(!s.figures.exact, "{}", s.words);
        assert_eq!(s.figures.status, Termination::TimeLimit, "{}", s.words);
        assert_eq!(s.edit.apply(&design).as_ref(), Some(&s.design));
    }
}

#[test]
fn no_piece_is_added_where_a_zone_is_closed_to_it() {
    let design = bundled("force-field.ron");
    let rules = SuggestRules {
        allow: [Change::Add, Change::Walls].into(),
        ..SuggestRules::new(Metric::Move)
    };
    let report = suggest(&design, &rules, &control(2), None).expect("suggestions run");
    assert!(report.refused.is_empty(), "{:?}", report.refused);
    assert!(
        report
            .suggestions
            .iter()
            .any(|s| matches!(s.edit, Edit::AddPiece(_)))
    );
    for s in &report.suggestions {
        assert!(s.figures.exact, "{}", s.words);
        assert!(
            blockslide_core::solve::design::check_input(&s.design).is_ok(),
            "{}",
            s.words
        );
    }
}
