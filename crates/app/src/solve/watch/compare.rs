//! Two searches watched side by side: the second algorithm (and heuristic) to watch beside
//! the solver panel's, its request, and the two searches drawn together, stepping as one.

use egui::{Ui, vec2};

use super::scene::SceneView;
use super::summary::{compact_summary_ui, summary_ui};
use super::tree::{TREE_MIN_HEIGHT, legend_ui, tree_ui};
use super::{WIDE, Watch, Watching, selected_ui, why_ui};
use crate::command::{Command, SolveCommand, WatchCommand};
use crate::solve::search::SearchJob;
use blockslide_core::solve::api::heuristic_title;
use blockslide_core::solve::{Algorithm, HeuristicInfo};

impl Watch {
    /// Offers the heuristics of `available` that apply (the solver panel's, for the design
    /// and its metric) in the choice of the second search's heuristic, before any search
    /// is watched as after.
    pub fn offer_heuristics(&mut self, available: &[HeuristicInfo]) {
        let names = available.iter().filter(|h| h.applicable.is_ok());
        if !names.clone().map(|h| &h.name).eq(&self.heuristics) {
            self.heuristics = names.map(|h| h.name.clone()).collect();
        }
    }

    /// The choice of the algorithm to watch beside the first, and of its heuristic.
    pub(super) fn compare_choices_ui(&mut self, ui: &mut Ui) {
        let label = ui.label("Compare with");
        egui::ComboBox::from_id_salt("watch compare with")
            .width(compare_with_width(ui))
            .selected_text(self.compare_with.map_or("nothing", Algorithm::title))
            .show_ui(ui, |ui| {
                ui.selectable_value(&mut self.compare_with, None, "nothing");
                for a in Algorithm::ALL {
                    ui.selectable_value(&mut self.compare_with, Some(a), a.title());
                }
            })
            .response
            .labelled_by(label.id)
            .on_hover_text(
                "A second algorithm to watch beside the first on the same puzzle, both \
                 stepping together (press Watch again after choosing)",
            );
        if self.compare_with.is_some_and(Algorithm::uses_heuristic) {
            let shown = self
                .compare_heuristic
                .as_deref()
                .map_or_else(|| "best".to_string(), heuristic_title);
            egui::ComboBox::from_id_salt("watch compare heuristic")
                .selected_text(shown)
                .show_ui(ui, |ui| {
                    ui.selectable_value(&mut self.compare_heuristic, None, "best");
                    for name in &self.heuristics {
                        ui.selectable_value(
                            &mut self.compare_heuristic,
                            Some(name.clone()),
                            heuristic_title(name),
                        );
                    }
                })
                .response
                .accessible_name("Heuristic to compare with")
                .on_hover_text(
                    "The second algorithm's heuristic: the best admissible one, or one \
                     that applies to this design",
                );
        }
    }
}

/// The search of `algorithm` (with `heuristic` by name, `None` for the best admissible one)
/// to watch beside `job`, the solver panel's.
pub(super) fn compared_job(
    job: &SearchJob,
    algorithm: Algorithm,
    heuristic: Option<String>,
) -> SearchJob {
    let mut other = job.clone();
    let request = &mut other.request;
    request.algorithm = algorithm;
    request.heuristic = heuristic.filter(|_| algorithm.uses_heuristic());
    // The solver panel's weight and depth cap are for its own algorithm: weighted A* beside
    // another takes a weight of 2, depth-first search no cap.
    if algorithm != job.request.algorithm {
        request.weight = if algorithm == Algorithm::Wastar {
            2.0
        } else {
            1.0
        };
        request.depth_cap = None;
    }
    other
}

/// The first search `w` and the one beside it, `other`, each with its tree's view; a click
/// in the second tree selects its node there (its commands name no side).
pub(super) fn compared_ui(
    ui: &mut Ui,
    (w, scene): (&Watching, &mut SceneView),
    (other, other_scene): (&mut Watching, &mut SceneView),
    thumbnails: bool,
    commands: &mut Vec<Command>,
) {
    let mut clicks = Vec::new();
    let sides = [(w, scene, commands), (&*other, other_scene, &mut clicks)];
    compare_ui(ui, sides, thumbnails);
    for command in clicks {
        if let Command::Solve(SolveCommand::Watch(WatchCommand::Select(node))) = command {
            other.selected = Some(node);
            other.refresh();
        }
    }
}

/// The least height under the controls for two searches with their headers in full: a header
/// (about 190 points) above a tree of 300 or more.
const FULL_HEIGHT: f32 = 520.0;

/// A watched search with its tree's view and where a click in its tree goes.
type Side<'a> = (&'a Watching, &'a mut SceneView, &'a mut Vec<Command>);

/// Two searches watched together, side by side: each with its counters, its "why this node"
/// line and its tree. In a centre too narrow or too low for the headers in full (800x600),
/// they are compact and the trees share one legend, so both trees show without scrolling.
fn compare_ui(ui: &mut Ui, sides: [Side<'_>; 2], thumbnails: bool) {
    let [first, second] = sides;
    if ui.available_width() >= WIDE && ui.available_height() >= FULL_HEIGHT {
        let tree_height = (ui.available_height() - 220.0).max(300.0);
        ui.columns(2, |columns| {
            side_ui(&mut columns[0], 0, first, thumbnails, Some(tree_height));
            side_ui(&mut columns[1], 1, second, thumbnails, Some(tree_height));
        });
    } else {
        let solution = [&first, &second]
            .iter()
            .any(|(w, _, _)| !w.view.solution.is_empty());
        legend_ui(ui, solution, true)
            .on_hover_text("Click a node of a tree to see its board and its path from the root.");
        ui.columns(2, |columns| {
            side_ui(&mut columns[0], 0, first, thumbnails, None);
            side_ui(&mut columns[1], 1, second, thumbnails, None);
        });
    }
}

/// One search of a comparison, the `index`th: its header in full with a tree of
/// `tree_height` under its own legend, or with no height its header compact (no hint until a
/// node is selected, no why line once the goal is reached) and its tree filling the column.
fn side_ui(
    ui: &mut Ui,
    index: usize,
    (w, scene, commands): Side<'_>,
    thumbnails: bool,
    tree_height: Option<f32>,
) {
    ui.push_id(("watch side", index), |ui| {
        if tree_height.is_some() {
            summary_ui(ui, w);
        } else {
            compact_summary_ui(ui, w);
        }
        // A compact header says the goal is reached in its notes: the why line would repeat it.
        if tree_height.is_some() || w.replay.goal().is_none() {
            why_ui(ui, w);
        }
        if tree_height.is_some() || w.view.selected.is_some() {
            selected_ui(ui, w);
        }
        let height = tree_height.unwrap_or(ui.available_height().max(TREE_MIN_HEIGHT));
        let name = format!("Search tree of {}", w.trace.algorithm.title());
        ui.allocate_ui(vec2(ui.available_width(), height), |ui| {
            if tree_height.is_some() {
                legend_ui(ui, !w.view.solution.is_empty(), false);
            }
            let compact = tree_height.is_none();
            tree_ui(ui, w, thumbnails, scene, &name, compact, commands);
        });
    });
}

/// The width of the Watch button for `algorithm` whatever it is compared with, so choosing
/// another to compare with never moves the choices beside the button.
pub(super) fn watch_width(ui: &Ui, algorithm: Algorithm) -> f32 {
    let font = egui::TextStyle::Button.resolve(ui.style());
    Algorithm::ALL
        .into_iter()
        .map(|other| format!("Watch {} and {}", algorithm.title(), other.title()))
        .map(|title| {
            ui.painter()
                .layout_no_wrap(title, font.clone(), egui::Color32::PLACEHOLDER)
                .size()
                .x
        })
        .fold(0.0, f32::max)
        + 2.0 * ui.spacing().button_padding.x
}

/// The width of the "Compare with" choice: its widest entry's, so the choice made never
/// widens it and moves what follows it.
fn compare_with_width(ui: &Ui) -> f32 {
    let font = egui::TextStyle::Button.resolve(ui.style());
    let spacing = ui.spacing();
    std::iter::once("nothing")
        .chain(Algorithm::ALL.into_iter().map(Algorithm::title))
        .map(|title| {
            ui.painter()
                .layout_no_wrap(title.to_string(), font.clone(), egui::Color32::PLACEHOLDER)
                .size()
                .x
        })
        .fold(0.0, f32::max)
        + spacing.icon_width
        + spacing.icon_spacing
        + 2.0 * spacing.button_padding.x
}
