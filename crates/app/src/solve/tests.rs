//! The solve view's bookkeeping: which results belong to which revision, and the metric a
//! design brings along.

use super::*;
use blockslide_core::solve::{Algorithm, Limits, SearchControl, SolveRequest, solve};

/// `1 2 / . 3` with the standard goal: one move from solved.
fn tiny() -> Puzzle {
    Puzzle::tiles(2, 2, &[1, 2, 0, 3], Some(&[1, 2, 3, 0])).unwrap()
}

fn solved(puzzle: &Puzzle) -> Arc<SolveReport> {
    let request = SolveRequest {
        algorithm: Algorithm::Bfs,
        ..SolveRequest::default()
    };
    Arc::new(solve(puzzle, &request, SearchControl::new(Limits::default())).unwrap())
}

#[test]
fn results_belong_to_a_revision_not_to_an_equal_puzzle() {
    let ctx = egui::Context::default();
    let puzzle = tiny();
    let mut view = SolveView::default();
    view.poll(1, &puzzle, &ctx);
    let h_path = HeuristicPath {
        heuristic: "zero".into(),
        values: vec![0, 0],
    };
    view.show_run(&puzzle, solved(&puzzle), Some(h_path), &ctx);
    view.poll(1, &puzzle, &ctx);
    assert!(view.playback().is_some());
    assert!(view.panel().outcome().is_some());
    // An edit undone gives an equal puzzle at a new revision: the results go.
    view.poll(2, &puzzle, &ctx);
    assert!(view.playback().is_none());
    assert!(view.panel().outcome().is_none());
}

#[test]
fn an_analysis_belongs_to_its_revision() {
    let ctx = egui::Context::default();
    let puzzle = tiny();
    let mut view = SolveView::default();
    let report = blockslide_core::solve::api::analyze(
        &puzzle,
        Metric::Step,
        SearchControl::new(blockslide_core::solve::Limits::default()),
    )
    .unwrap();
    assert_eq!(report.start_distance, Some(1));
    view.analyze_view_mut().show_analysis(report);
    view.poll(1, &puzzle, &ctx);
    assert!(view.analyze_view().analysis().is_some());
    view.poll(2, &puzzle, &ctx);
    assert!(view.analyze_view().analysis().is_none());
}

#[test]
fn results_shown_before_the_first_frame_stay() {
    let ctx = egui::Context::default();
    let puzzle = tiny();
    let mut view = SolveView::default();
    view.show_run(&puzzle, solved(&puzzle), None, &ctx);
    view.poll(5, &puzzle, &ctx);
    assert!(view.playback().is_some());
}

#[test]
fn a_design_that_names_its_metric_brings_it_along_once() {
    let ctx = egui::Context::default();
    let mut in_moves = tiny();
    in_moves.metric = Some(Metric::Move);
    let mut view = SolveView::default();
    view.poll(1, &in_moves, &ctx);
    assert_eq!(view.metric(), Metric::Move);
    // The user's own choice survives edits that keep the design's metric.
    view.panel_mut().settings.metric = Metric::Step;
    view.poll(2, &in_moves, &ctx);
    assert_eq!(view.metric(), Metric::Step);
    let mut in_slides = in_moves.clone();
    in_slides.metric = Some(Metric::Slide);
    view.poll(3, &in_slides, &ctx);
    assert_eq!(view.metric(), Metric::Slide);
    // A design that stops naming a metric is counted in the default one.
    view.poll(4, &tiny(), &ctx);
    assert_eq!(view.metric(), Metric::Step);
}

#[test]
fn a_design_opened_takes_its_own_metric_or_the_default() {
    let ctx = egui::Context::default();
    let mut in_moves = tiny();
    in_moves.metric = Some(Metric::Move);
    let mut view = SolveView::default();
    view.poll(1, &in_moves, &ctx);
    view.follow_metric_of(&tiny());
    view.poll(2, &tiny(), &ctx);
    assert_eq!(view.metric(), Metric::Step);
    // The user's choice for a design does not carry over to the next one.
    view.panel_mut().settings.metric = Metric::Slide;
    view.poll(3, &tiny(), &ctx);
    assert_eq!(view.metric(), Metric::Slide);
    view.follow_metric_of(&tiny());
    view.poll(4, &tiny(), &ctx);
    assert_eq!(view.metric(), Metric::Step);
}
