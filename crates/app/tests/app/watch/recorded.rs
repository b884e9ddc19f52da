//! A student's search, recorded as the Python package's `Recorder` records one (a breadth-first
//! search over the core's `StateSpace`, its trace file written by the same writer), opened
//! with File > Open trace… through the typed path dialog and watched beside Blockslide's own
//! breadth-first search: the same steps agree, a mistake is found at its step, said in words
//! and marked in both trees, and a broken file is refused at its line and column with the
//! design untouched.

use std::path::{Path, PathBuf};

use blockslide_app::app::App;
use blockslide_app::command::{Command, Mode};
use blockslide_core::model::Metric;
use blockslide_core::solve::observe::Fate;
use blockslide_core::solve::trace::{Trace, TraceEvent};
use blockslide_testkit::students::{students_bfs, trace_file_text};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use crate::driver::{apply, bundled, button, harness, menu, press, tree_nodes, type_path};

/// The puzzle the student searches.
const PUZZLE: &str = "two-by-three.ron";

/// Writes the trace of the student's BFS (with its mistake at expansion `reverse_at`, if
/// any) into `dir` as `name`, as the Recorder writes it.
fn write_trace(dir: &Path, name: &str, reverse_at: Option<usize>) -> (PathBuf, Trace) {
    let (trace, _) = students_bfs(&bundled(PUZZLE), Metric::Step, reverse_at);
    let path = dir.join(name);
    std::fs::write(&path, trace_file_text(&trace, None, Metric::Step)).expect("written");
    (path, trace)
}

/// The app on another puzzle than the trace's, in its Start tab.
fn app() -> Harness<'static, App> {
    harness(bundled("blocks-tiny.ron"), Mode::Start, [1400.0, 900.0])
}

/// Opens `path` with File > Open trace… and the typed path dialog.
fn open_trace(h: &mut Harness<'static, App>, path: &Path) {
    menu(h, "File", "Open trace");
    type_path(h, path, "Open");
}

/// The successors each expansion of `trace` put on the frontier, by step (from 1).
fn queued_by_step(trace: &Trace) -> Vec<usize> {
    let mut counts = Vec::new();
    for event in &trace.events {
        match event {
            TraceEvent::Expanded { .. } => counts.push(0),
            TraceEvent::Generated {
                fate: Fate::Queued, ..
            } => *counts.last_mut().expect("after an expansion") += 1,
            _ => {}
        }
    }
    counts
}

#[test]
fn a_students_bfs_that_agrees_is_watched_beside_blockslides_with_no_difference() {
    let dir = tempfile::tempdir().unwrap();
    let (path, _) = write_trace(dir.path(), "student.jsonl", None);
    let mut h = app();
    open_trace(&mut h, &path);
    // The trace's puzzle became the design, watched in the Solve tab.
    assert_eq!(*h.state().document().puzzle(), bundled(PUZZLE));
    assert_eq!(h.state().mode(), Mode::Solve);
    let watch = h.state().solve_view().watch();
    assert!(watch.is_recorded());
    let (theirs, ours) = (watch.watching().unwrap(), watch.compared().unwrap());
    assert_eq!(theirs.name(), "Your Breadth-first (student.jsonl)");
    assert_eq!(ours.name(), "Blockslide's Breadth-first");
    assert_eq!(watch.difference(), None);
    assert!(h.query_by_label_contains("No difference").is_some());
    // Both trees are drawn, side by side.
    assert!(!tree_nodes(&h, 0).is_empty() && !tree_nodes(&h, 1).is_empty());
    // Stepping steps both, and their frontiers are the same positions.
    for _ in 0..5 {
        press(&mut h, "Step ›");
    }
    let watch = h.state().solve_view().watch();
    let (theirs, ours) = (watch.watching().unwrap(), watch.compared().unwrap());
    assert_eq!((theirs.step(), ours.step()), (5, 5));
    let boards = |w: &blockslide_app::solve::watch::Watching| -> Vec<_> {
        w.view()
            .frontier()
            .iter()
            .map(|&n| w.trace().cells(n))
            .collect()
    };
    assert_eq!(boards(theirs), boards(ours));
    assert!(!boards(theirs).is_empty());
}

#[test]
fn a_students_mistake_is_found_at_its_step_said_and_marked_in_both_trees() {
    let dir = tempfile::tempdir().unwrap();
    let (_, right) = write_trace(dir.path(), "right.jsonl", None);
    // The mistake (successors taken in reverse order) shows at the first expansion from the
    // third on that puts two or more positions on the frontier.
    let queued = queued_by_step(&right);
    let step = (3..=queued.len())
        .find(|&k| queued[k - 1] >= 2)
        .expect("a step with two successors");
    let (path, _) = write_trace(dir.path(), "wrong.jsonl", Some(step));
    let mut h = app();
    open_trace(&mut h, &path);
    let difference = h
        .state()
        .solve_view()
        .watch()
        .difference()
        .cloned()
        .expect("a difference");
    assert_eq!(difference.step, step);
    let said = format!("First difference: Step {step}: ");
    assert!(
        h.query_by_label_contains(&said).is_some(),
        "the difference is said"
    );
    press(&mut h, &format!("Go to step {step}"));
    let watch = h.state().solve_view().watch();
    let sides = [watch.watching().unwrap(), watch.compared().unwrap()];
    for (index, (w, node)) in sides.into_iter().zip(difference.nodes).enumerate() {
        assert_eq!(w.step(), step, "side {index}");
        assert_eq!(w.marked(), Some(node), "side {index}");
        assert_eq!(w.selected(), Some(node), "side {index}");
        // Ringed in its tree, which says so.
        let marked = format!("Tree node {node}: ");
        let nodes = tree_nodes(&h, index);
        let (label, _) = nodes
            .iter()
            .find(|(label, _)| label.starts_with(&marked))
            .expect("the marked node is drawn");
        assert!(label.ends_with("the first difference"), "{label}");
    }
    // The two marked positions are the ones that differ.
    assert_ne!(
        sides[0].trace().cells(difference.nodes[0]),
        sides[1].trace().cells(difference.nodes[1])
    );
}

#[test]
fn a_broken_trace_is_refused_at_its_line_and_column_and_the_design_stays() {
    let dir = tempfile::tempdir().unwrap();
    let (path, _) = write_trace(dir.path(), "student.jsonl", None);
    let text = std::fs::read_to_string(&path).unwrap();
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    lines[2].insert(9, '}');
    let broken = dir.path().join("broken.jsonl");
    std::fs::write(&broken, lines.join("\n")).unwrap();
    let mut h = app();
    let before = h.state().document().puzzle().clone();
    open_trace(&mut h, &broken);
    let (title, message) = h.state().error_message().expect("an error dialog");
    assert_eq!(title, "Could not open the trace");
    assert!(
        message.contains("line 3, column 10: expected value"),
        "{message}"
    );
    assert!(
        message.contains("Your current design is unchanged"),
        "{message}"
    );
    assert_eq!(*h.state().document().puzzle(), before);
    assert!(!h.state().solve_view().watch().is_recorded());
    // Events without the line naming the search: refused at line 1, naming what is missing.
    let old = dir.path().join("old.jsonl");
    std::fs::write(&old, text.lines().skip(1).collect::<Vec<_>>().join("\n")).unwrap();
    press(&mut h, "OK");
    open_trace(&mut h, &old);
    let (_, message) = h.state().error_message().expect("an error dialog");
    assert!(
        message.contains("line 1: a trace file starts with a `search` line"),
        "{message}"
    );
    assert_eq!(*h.state().document().puzzle(), before);
}

#[test]
fn a_trace_of_another_puzzle_asks_about_unsaved_changes_and_one_of_the_design_keeps_it() {
    let dir = tempfile::tempdir().unwrap();
    let (path, _) = write_trace(dir.path(), "student.jsonl", None);
    let mut h = app();
    apply(&mut h, Command::SetName("My tiny puzzle".into()));
    assert!(h.state().document().needs_saving());
    open_trace(&mut h, &path);
    // The trace's puzzle would replace the edited design: asked first, Cancel keeps it.
    h.get_by_label("Unsaved changes");
    button(&h, "Cancel").click();
    h.run_ok();
    assert_eq!(h.state().document().puzzle().name, "My tiny puzzle");
    assert!(!h.state().solve_view().watch().is_recorded());
    open_trace(&mut h, &path);
    button(&h, "Discard changes").click();
    h.run_ok();
    assert_eq!(*h.state().document().puzzle(), bundled(PUZZLE));
    assert!(h.state().solve_view().watch().is_recorded());
    // A trace of the design itself, renamed since, replaces nothing and asks nothing.
    apply(&mut h, Command::SetName("My 2x3".into()));
    open_trace(&mut h, &path);
    assert!(h.query_by_label("Unsaved changes").is_none());
    assert_eq!(h.state().document().puzzle().name, "My 2x3");
    assert!(h.state().solve_view().watch().is_recorded());
}
