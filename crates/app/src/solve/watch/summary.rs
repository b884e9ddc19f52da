//! A watched search's header: its algorithm, its counters as the run had them at the step and
//! over the whole run, and what became of it (too big to watch, nothing to watch, the goal
//! reached). In full it takes a column per counter; in a narrow column it is compact, the
//! counters turned on their side and the notes shortened, so that the tree keeps its room.

use blockslide_core::solve::api::heuristic_title;
use egui::{RichText, Ui, vec2};

use blockslide_core::solve::trace::{TraceEvent, WATCH_EVENT_CAP};

use super::Watching;
use super::tree::GOAL;
use crate::common::format::amount;

/// `w`'s header in full: the algorithm, its frontier and its iteration on one line, the
/// counters as a table with a column each (a row now, a row for the whole run), the notes.
pub(super) fn summary_ui(ui: &mut Ui, w: &Watching) {
    ui.horizontal_wrapped(|ui| {
        ui.label(RichText::new(title(w)).strong());
        ui.label(format!("· frontier: {}", w.trace.discipline()));
        if let Some(iteration) = iteration(w) {
            ui.label(RichText::new(format!("· {iteration}")).strong());
        }
    });
    let counters = counters(w);
    egui::Grid::new("watch counters")
        .num_columns(5)
        .show(ui, |ui| {
            ui.label("");
            for (name, _, _) in &counters {
                ui.label(RichText::new(*name).strong());
            }
            ui.end_row();
            ui.label("now");
            for &(name, now, _) in &counters {
                now_ui(ui, name, now);
            }
            ui.end_row();
            ui.label("whole run");
            for &(_, _, run) in &counters {
                ui.weak(run.to_string());
            }
            ui.end_row();
        });
    if w.trace.truncated {
        ui.colored_label(ui.visuals().warn_fg_color, too_big(w));
    }
    notes_ui(ui, w, false);
}

/// `w`'s header in a narrow column: the algorithm (its frontier on hover) and its iteration,
/// the counters on their side (a row each, now and over the whole run), the notes, the
/// warning of a search too big to watch in one line (the advice on hover).
pub(super) fn compact_summary_ui(ui: &mut Ui, w: &Watching) {
    ui.horizontal_wrapped(|ui| {
        ui.label(RichText::new(title(w)).strong())
            .on_hover_text(format!("Frontier: {}", w.trace.discipline()));
        if let Some(iteration) = iteration(w) {
            ui.label(RichText::new(format!("· {iteration}")).strong());
        }
    });
    // Rows as high as their text, not as a button: five rows fit where a tree needs room.
    let row = ui.text_style_height(&egui::TextStyle::Body);
    egui::Grid::new("watch counters")
        .num_columns(3)
        .min_row_height(row)
        .spacing(vec2(ui.spacing().item_spacing.x, 1.0))
        .show(ui, |ui| {
            ui.label("");
            ui.label(RichText::new("now").strong());
            ui.label(RichText::new("whole run").strong());
            ui.end_row();
            for (name, now, run) in counters(w) {
                ui.label(name);
                now_ui(ui, name, now);
                ui.weak(run.to_string());
                ui.end_row();
            }
        });
    if w.trace.truncated {
        let expanded = w.report.stats.expanded;
        ui.colored_label(
            ui.visuals().warn_fg_color,
            format!("Too big to watch: stopped after {expanded} expansions."),
        )
        .on_hover_text(too_big(w));
    }
    notes_ui(ui, w, true);
}

/// The algorithm watched, with its heuristic if it uses one.
fn title(w: &Watching) -> String {
    if w.trace.algorithm.uses_heuristic() {
        format!("{} with {}", w.name(), heuristic_title(&w.report.heuristic))
    } else {
        w.name().to_string()
    }
}

/// The iteration of an iterative-deepening search at the step, and its bound.
fn iteration(w: &Watching) -> Option<String> {
    let (replay, trace) = (&w.replay, &w.trace);
    let bound = replay.bound()?;
    let raised = |e: &&TraceEvent| matches!(e, TraceEvent::BoundRaised { .. });
    let iteration = trace.events[..replay.step()].iter().filter(raised).count();
    let iterations = trace.events.iter().filter(raised).count();
    Some(format!(
        "iteration {iteration} of {iterations}, bound {bound}"
    ))
}

/// Each counter's name, its value at the step and its value at the end of the run.
fn counters(w: &Watching) -> [(&'static str, u64, u64); 4] {
    let c = w.replay.counters();
    let stats = &w.report.stats;
    [
        ("expanded", c.expanded, stats.expanded),
        ("generated", c.generated, stats.generated),
        ("duplicates", c.duplicates, stats.duplicates),
        ("max frontier", c.max_frontier, stats.max_frontier),
    ]
}

/// A counter's value at the step, saying on hover what it counts.
fn now_ui(ui: &mut Ui, name: &str, value: u64) {
    let mut what = name.to_string();
    if let Some(first) = what.get_mut(..1) {
        first.make_ascii_uppercase();
    }
    ui.label(value.to_string())
        .on_hover_text(format!("{what} so far: {value}"));
}

/// Why `w`'s search stopped short, and what to watch instead.
fn too_big(w: &Watching) -> String {
    format!(
        "This search is too big to watch: it was stopped after {} expansions, when its \
         trace of at most {WATCH_EVENT_CAP} events was full. Try an algorithm that solves \
         this puzzle within a second (every bundled puzzle fits with those), or a puzzle that \
         fits with every algorithm: the 2x3 slider or the tiny block puzzle.",
        w.report.stats.expanded
    )
}

/// What became of `w`'s search: nothing to watch, or the goal reached at the step (`short`:
/// in a line that fits a narrow column, the sentence on hover).
fn notes_ui(ui: &mut Ui, w: &Watching, short: bool) {
    let report = &w.report;
    if w.trace.events.is_empty() {
        ui.label(format!(
            "Nothing to watch: {}",
            report.notes.join("; ").trim_end_matches('.')
        ));
    }
    if w.replay.goal().is_some() {
        let length = solution_length(w);
        let step = w.goal_step();
        let plural = if step == 1 { "" } else { "s" };
        // Counted in the run's metric, as the playback counts them.
        let in_metric = |n: usize| amount(report.metric, u32::try_from(n).unwrap_or(u32::MAX));
        let sentence = format!(
            "Goal reached{}, after {step} expansion{plural}.",
            length.map_or(String::new(), |n| format!(
                ": a solution of {}",
                in_metric(n)
            ))
        );
        if short {
            let moves = length.map_or(String::new(), |n| format!(" {},", in_metric(n)));
            ui.colored_label(GOAL, format!("Goal:{moves} after {step} expansion{plural}"))
                .on_hover_text(sentence);
        } else {
            ui.colored_label(GOAL, sentence);
        }
    } else if !short && !w.trace.events.is_empty() {
        // The goal's line holds its place until then, so nothing below moves when it comes
        // (a short header's why line gives way to it instead).
        ui.weak("Goal not reached yet");
    }
}

/// `w`'s solution length in its metric once the goal is reached: the report's, or for a
/// search recorded elsewhere (whose report has no moves) the goal node's cost.
fn solution_length(w: &Watching) -> Option<usize> {
    if w.title.is_some() && w.report.moves.is_empty() {
        let goal = w.replay.goal()?;
        return usize::try_from(w.trace.nodes[goal].g).ok();
    }
    w.report.length()
}
