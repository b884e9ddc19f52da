//! Two searches watched side by side: the second algorithm (and heuristic) to watch beside
//! the solver panel's, its request, and the two searches drawn together, stepping as one.

use egui::{Ui, vec2};

use super::panels::{Extras, extras_ui, selected_line_ui, selected_ui, why_line_ui};
use super::scene::SceneView;
use super::summary::{compact_summary_ui, summary_ui};
use super::tree::{TREE_MIN_HEIGHT, cut_note_ui, fit_button, legend_ui, tree_ui};
use super::{WIDE, Watch, Watching};
use crate::command::{Command, SolveCommand, WatchCommand};
use crate::solve::availability::Availability;
use crate::solve::search::SearchJob;
use blockslide_core::solve::Algorithm;
use blockslide_core::solve::api::heuristic_title;

impl Watch {
    /// Offers the algorithms and the heuristics that apply by `availability` (the solver
    /// panel's, for the design and its metric) in the choices of the second search, before
    /// any search is watched as after; the others are offered disabled, with their reasons.
    pub fn offer_choices(&mut self, availability: &Availability) {
        let names = availability
            .heuristics
            .iter()
            .filter(|h| h.applicable.is_ok());
        if !names.clone().map(|h| &h.name).eq(&self.heuristics) {
            self.heuristics = names.map(|h| h.name.clone()).collect();
        }
        if self.algorithms != availability.algorithms {
            self.algorithms.clone_from(&availability.algorithms);
        }
    }

    /// Why `algorithm` cannot be watched on the design, if it cannot.
    fn refusal(&self, algorithm: Algorithm) -> Option<&str> {
        self.algorithms
            .iter()
            .find(|(a, _)| *a == algorithm)
            .and_then(|(_, applies)| applies.as_ref().err())
            .map(String::as_str)
    }

    /// The choice of the algorithm to watch beside the first, and of its heuristic.
    pub(super) fn compare_choices_ui(&mut self, ui: &mut Ui) {
        let label = ui.label("Compare with");
        // Tall enough for "nothing" and every algorithm: a choice hidden below a scroll is a
        // choice not seen.
        let entries = Algorithm::ALL.len() + 1;
        let pitch = ui.spacing().interact_size.y + ui.spacing().item_spacing.y;
        egui::ComboBox::from_id_salt("watch compare with")
            .width(compare_with_width(ui))
            .height(entries as f32 * pitch + 2.0 * ui.spacing().menu_margin.sum().y)
            .selected_text(self.compare_with.map_or("nothing", Algorithm::title))
            .show_ui(ui, |ui| {
                ui.selectable_value(&mut self.compare_with, None, "nothing");
                for a in Algorithm::ALL {
                    let refusal = self.refusal(a).map(str::to_owned);
                    let choice = egui::Button::selectable(self.compare_with == Some(a), a.title());
                    let response = ui.add_enabled(refusal.is_none(), choice);
                    let response = match refusal {
                        Some(why) => response.on_disabled_hover_text(why),
                        None => response,
                    };
                    if response.clicked() {
                        self.compare_with = Some(a);
                    }
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

/// The first search `w` and the one beside it, `other`, each with its tree's view and what
/// its column unfolds; a click in the second tree selects its node there (its commands name
/// no side).
pub(super) fn compared_ui(
    ui: &mut Ui,
    (w, scene): (&Watching, &mut SceneView),
    (other, other_scene): (&mut Watching, &mut SceneView),
    extras: &mut [Extras; 2],
    thumbnails: bool,
    commands: &mut Vec<Command>,
) {
    let mut clicks = Vec::new();
    let [first_extras, second_extras] = extras;
    let sides = [
        (w, scene, first_extras, commands),
        (&*other, other_scene, second_extras, &mut clicks),
    ];
    compare_ui(ui, sides, thumbnails);
    for command in clicks {
        if let Command::Solve(SolveCommand::Watch(WatchCommand::Select(node))) = command {
            other.selected = Some(node);
            other.refresh();
        }
    }
}

/// The least height under the controls for two searches with their headers in full: a header
/// (about 220 points) above a tree of 300 or more.
const FULL_HEIGHT: f32 = 520.0;

/// The least height of a tree beside another with its header in full.
const FULL_TREE_HEIGHT: f32 = 300.0;

/// A watched search with its tree's view, what its column unfolds and where a click in its
/// tree goes.
type Side<'a> = (
    &'a Watching,
    &'a mut SceneView,
    &'a mut Extras,
    &'a mut Vec<Command>,
);

/// Two searches watched together, side by side: each with its counters, its "why this node"
/// line, its selected node, its frontier and expanded board when unfolded, and its tree. In
/// a centre too narrow or too low for the headers in full (800x600), they are compact and the
/// trees share one legend, so both trees start in view (a tree readable only taller runs on
/// below, the page scrolling to it).
///
/// The headers are laid out first, in a row as tall as the taller of the two, then (in full)
/// the trees' legends in a row, then the trees: both trees start at the same height whatever
/// either header holds (a longer line, a note, an unfolded frontier).
fn compare_ui(ui: &mut Ui, sides: [Side<'_>; 2], thumbnails: bool) {
    let full = ui.available_width() >= WIDE && ui.available_height() >= FULL_HEIGHT;
    if !full {
        let solution = sides.iter().any(|(w, ..)| !w.view.solution.is_empty());
        legend_ui(ui, solution, true)
            .on_hover_text("Click a node of a tree to see its board and its path from the root.");
    }
    let [
        (first, first_scene, first_extras, first_commands),
        (second, second_scene, second_extras, second_commands),
    ] = sides;
    let mut fit = ui.columns(2, |columns| {
        let fit = header_ui(
            &mut columns[0],
            0,
            (first, first_scene.folded),
            first_extras,
            full,
        );
        header_ui(
            &mut columns[1],
            1,
            (second, second_scene.folded),
            second_extras,
            full,
        );
        fit
    });
    if full {
        // Each tree's own legend, in a row of their own: both right under the headers.
        ui.columns(2, |columns| {
            for (column, w) in columns.iter_mut().zip([first, second]) {
                legend_ui(column, !w.view.solution.is_empty(), false);
            }
        });
    }
    let least = if full {
        FULL_TREE_HEIGHT
    } else {
        TREE_MIN_HEIGHT
    };
    // "Fit the tree" right above the trees (in a narrow centre, at the start of the first
    // header's last line, taking no height from the trees): it stays in view with them when
    // an unfolded frontier or board pushes them down.
    if full {
        fit = fit_button(ui).clicked();
    }
    if fit {
        first_scene.fit_root();
        second_scene.fit_root();
    }
    let height = ui.available_height().max(least);
    ui.columns(2, |columns| {
        let trees = [
            (first, first_scene, first_commands),
            (second, second_scene, second_commands),
        ];
        for ((column, index), (w, scene, commands)) in columns.iter_mut().zip(0..).zip(trees) {
            column.push_id(("watch side", index), |ui| {
                let name = format!("Search tree of {}", w.name());
                ui.allocate_ui(vec2(ui.available_width(), height), |ui| {
                    tree_ui(ui, w, thumbnails, scene, &name, commands);
                });
            });
        }
    });
}

/// The header of one search of a comparison, the `index`th, above its tree: in `full` its
/// counters in full and its selected node's block; else its counters compact,
/// its selected node in a line, and no why line once the goal is reached (its notes say so).
/// Either way its why line takes one line whatever its length. The first's compact header
/// holds "Fit the tree"; returns whether it was pressed. `folded`: its tree is shown folded.
fn header_ui(
    ui: &mut Ui,
    index: usize,
    (w, folded): (&Watching, bool),
    extras: &mut Extras,
    full: bool,
) -> bool {
    ui.push_id(("watch side", index), |ui| {
        if full {
            summary_ui(ui, w);
        } else {
            compact_summary_ui(ui, w);
        }
        if full || w.replay.goal().is_none() {
            why_line_ui(ui, w);
        }
        extras_ui(ui, w, extras, full);
        let fit = if full {
            selected_ui(ui, w);
            false
        } else {
            selected_line_ui(ui, w, index == 0)
        };
        cut_note_ui(ui, w, !full, folded);
        fit
    })
    .inner
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
    let titles = std::iter::once("nothing").chain(Algorithm::ALL.into_iter().map(Algorithm::title));
    crate::common::fit::combo_width(ui, titles.map(str::to_string))
}
