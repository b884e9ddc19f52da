//! A search recorded elsewhere (a student's, written with the Python package's `Recorder`, or
//! the CLI's `solve --trace`), opened with File > Open trace… and watched beside Blockslide's
//! own run of the same algorithm (its heuristic and metric as the file names them), both
//! stepping together, with the first step at which they differ said in words and marked in
//! both trees.

use std::time::Duration;

use egui::{RichText, Ui};

use super::compare::compared_job;
use super::scene::SceneView;
use super::tree::{DIFFERENCE, GOAL};
use super::{Watch, Watching};
use crate::command::{Command, SolveCommand, WatchCommand};
use crate::solve::search::SearchJob;
use blockslide_core::model::Puzzle;
use blockslide_core::solve::api::{PuzzleProfile, SolveReport, watch};
use blockslide_core::solve::recorded::{RecordedSearch, TraceDifference, first_difference};
use blockslide_core::solve::trace::{Replay, Trace, TraceEvent, WATCH_EVENT_CAP};
use blockslide_core::solve::{Stats, Termination};

/// A recorded search watched beside Blockslide's: where it came from and how the two compare.
pub(super) struct RecordedComparison {
    /// The file's name.
    source: String,
    /// The first step at which the two differ, if they do.
    difference: Option<TraceDifference>,
}

impl Watch {
    /// Watches `recorded`, read from the file `source`, beside Blockslide's own run of its
    /// algorithm with its heuristic and metric on `puzzle` (the design, which is the
    /// recorded search's puzzle), under `job`'s budget; works out where they first differ.
    pub fn open_recorded(
        &mut self,
        puzzle: &Puzzle,
        recorded: RecordedSearch,
        source: &str,
        job: &SearchJob,
    ) {
        self.playing = false;
        self.scene = SceneView::default();
        self.compared_scene = SceneView::default();
        self.chosen = None;
        let mut job = compared_job(job, recorded.algorithm, recorded.heuristic.clone());
        job.request.metric = Some(recorded.metric);
        let ours = watch(puzzle, &job.request, job.control(), WATCH_EVENT_CAP);
        let report = recorded_report(puzzle, &recorded, source);
        let mut theirs = Watching::new(recorded.trace, report);
        theirs.title = Some(format!("Your {} ({source})", recorded.algorithm.title()));
        match ours {
            Ok(watched) => {
                let mut ours = Watching::new(watched.trace, watched.report);
                ours.title = Some(format!("Blockslide's {}", recorded.algorithm.title()));
                let difference = first_difference(&theirs.trace, &ours.trace);
                if let Some(d) = &difference {
                    theirs.marked = Some(d.nodes[0]);
                    ours.marked = Some(d.nodes[1]);
                }
                self.error = None;
                self.compared = Some(ours);
                self.recorded = Some(RecordedComparison {
                    source: source.to_string(),
                    difference,
                });
            }
            Err(e) => {
                self.error = Some(format!(
                    "Blockslide's {} could not run beside it: {e}",
                    recorded.algorithm.title()
                ));
                self.compared = None;
                self.recorded = None;
            }
        }
        self.watching = Some(theirs);
    }

    /// Steps both searches to the first difference and selects its node in each tree.
    pub(super) fn go_to_difference(&mut self) {
        let Some(difference) = self.recorded.as_ref().and_then(|r| r.difference.clone()) else {
            return;
        };
        self.playing = false;
        for (w, node) in self.sides_mut().zip(difference.nodes) {
            w.selected = Some(node);
            w.go(difference.step);
        }
        // Both marks in view: each tree fitted on its search at that step.
        self.scene.fitted = None;
        self.compared_scene.fitted = None;
    }

    /// The first difference of a recorded search opened beside Blockslide's, if one is
    /// watched: its step and its words.
    pub fn difference(&self) -> Option<&TraceDifference> {
        self.recorded.as_ref()?.difference.as_ref()
    }

    /// Whether a recorded search is watched beside Blockslide's.
    pub fn is_recorded(&self) -> bool {
        self.recorded.is_some()
    }

    /// The line above the two searches: where they first differ, with a button to go there,
    /// or that they agree on every step of the recorded one.
    pub(super) fn recorded_ui(&self, ui: &mut Ui, commands: &mut Vec<Command>) {
        let (Some(recorded), Some(theirs), Some(ours)) =
            (&self.recorded, &self.watching, &self.compared)
        else {
            return;
        };
        ui.horizontal(|ui| {
            let Some(d) = &recorded.difference else {
                let (mine, theirs_steps) = (theirs.steps(), ours.steps());
                let more = if theirs_steps > mine {
                    format!("; Blockslide's goes on for {} more", theirs_steps - mine)
                } else {
                    String::new()
                };
                let same = mine.min(theirs_steps);
                let words = format!(
                    "No difference: Blockslide's search takes the same {same} step{} as \
                     yours{more}.",
                    if same == 1 { "" } else { "s" }
                );
                ui.add(egui::Label::new(RichText::new(&words).color(GOAL)).truncate())
                    .on_hover_text(words);
                return;
            };
            if ui
                .button(format!("Go to step {}", d.step))
                .on_hover_text("Step both searches there and select the nodes that differ")
                .clicked()
            {
                commands.push(SolveCommand::Watch(WatchCommand::ToDifference).into());
            }
            // One line, cut short in a small window (the sentence whole on hover), so the
            // trees keep their room.
            let words = format!("First difference: {}", d.words);
            ui.add(egui::Label::new(RichText::new(&words).color(DIFFERENCE)).truncate())
                .on_hover_text(format!(
                    "{words}\n\n{} and Blockslide's search take the same steps until step {}; \
                     the node that differs is ringed in red in both trees",
                    recorded.source, d.step
                ));
        });
    }
}

/// The report of a search recorded elsewhere, from its trace: its counters at the end, the
/// goal if it reached one, and where it came from.
fn recorded_report(puzzle: &Puzzle, recorded: &RecordedSearch, source: &str) -> SolveReport {
    let trace: &Trace = &recorded.trace;
    let end = Replay::at(trace, trace.events.len()).counters();
    let goal = trace
        .events
        .iter()
        .any(|e| matches!(e, TraceEvent::Goal { .. }));
    SolveReport {
        puzzle: puzzle.name.clone(),
        puzzle_type: PuzzleProfile::of(puzzle).kind(),
        algorithm: recorded.algorithm,
        heuristic: recorded
            .heuristic
            .clone()
            .unwrap_or_else(|| "zero".to_string()),
        metric: recorded.metric,
        status: if goal {
            Termination::Solved
        } else {
            Termination::Cancelled
        },
        optimal: false,
        moves: Vec::new(),
        blank_moves: None,
        stats: Stats {
            expanded: end.expanded,
            generated: end.generated,
            duplicates: end.duplicates,
            max_frontier: end.max_frontier,
            elapsed: Duration::ZERO,
            ..Stats::default()
        },
        notes: vec![format!("recorded in {source}")],
    }
}
