//! Two searches watched side by side: the second algorithm (and heuristic) to watch beside
//! the solver panel's, its request, and the two searches drawn together, stepping as one.

use egui::{Ui, vec2};

use super::scene::SceneView;
use super::tree::tree_ui;
use super::{WIDE, Watch, Watching, selected_ui, summary_ui, why_ui};
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

/// Two searches watched together: each with its counters, its "why this node" line and its
/// tree, side by side in a wide centre, one above the other in a narrow one.
fn compare_ui(
    ui: &mut Ui,
    sides: [(&Watching, &mut SceneView, &mut Vec<Command>); 2],
    thumbnails: bool,
) {
    let side_ui = |ui: &mut Ui,
                   index: usize,
                   (w, scene, commands): (&Watching, &mut SceneView, &mut Vec<Command>),
                   tree_height: f32| {
        ui.push_id(("watch side", index), |ui| {
            summary_ui(ui, w);
            why_ui(ui, w);
            selected_ui(ui, w);
            let name = format!("Search tree of {}", w.trace.algorithm.title());
            let size = vec2(ui.available_width(), tree_height);
            ui.allocate_ui(size, |ui| {
                tree_ui(ui, w, thumbnails, scene, &name, commands);
            });
        });
    };
    let [first, second] = sides;
    if ui.available_width() >= WIDE {
        let tree_height = (ui.available_height() - 220.0).max(300.0);
        ui.columns(2, |columns| {
            side_ui(&mut columns[0], 0, first, tree_height);
            side_ui(&mut columns[1], 1, second, tree_height);
        });
    } else {
        side_ui(ui, 0, first, 320.0);
        ui.separator();
        side_ui(ui, 1, second, 320.0);
    }
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
