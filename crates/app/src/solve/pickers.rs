//! The solver panel's pickers: metric, algorithm, heuristic, the algorithm's own settings,
//! and the limits. Choices that do not apply to the puzzle are disabled, with the solver's
//! reason as their tooltip.

use egui::Ui;

use blockslide_core::model::{Metric, Puzzle};
use blockslide_core::solve::Algorithm;
use blockslide_core::solve::api::{
    default_algorithm, default_heuristic, heuristic_title, uses_threads,
};

use super::availability::Availability;
use super::settings::SolverSettings;

use crate::common::fit;
use crate::common::format::{self as fmt, metric_title};

/// The names of the pickers, as the panel shows them.
const NAMES: [&str; 3] = ["Metric", "Algorithm", "Heuristic"];

/// The space between a picker's name and its combo box.
const GAP: [f32; 2] = [8.0, 6.0];

/// Whether the pickers go under their names, each as wide as the panel, rather than beside
/// them: beside them, a choice shown for `puzzle` could be cut short ("Automatic (Breadt…")
/// in a narrow panel, or with a wide font. Decided on the longest texts the pickers can
/// show, not the ones shown now, so choosing another never moves the pickers.
pub fn stacked(ui: &Ui, availability: &Availability, puzzle: &Puzzle) -> bool {
    let metrics = Metric::ALL.into_iter().map(|m| metric_title(m).to_string());
    let automatic = format!("{AUTOMATIC} ({})", default_algorithm(puzzle).0.title());
    let algorithms = Algorithm::ALL.into_iter().map(|a| a.title().to_string());
    let best = format!(
        "best ({})",
        heuristic_title(default_heuristic(&availability.heuristics))
    );
    let heuristics = availability
        .heuristics
        .iter()
        .filter(|h| h.applicable.is_ok())
        .map(|h| heuristic_title(&h.name));
    let choices = metrics.chain(algorithms).chain(heuristics).chain([
        automatic,
        best,
        UNINFORMED.to_string(),
    ]);
    let font = egui::TextStyle::Body.resolve(ui.style());
    let names = NAMES
        .into_iter()
        .map(|name| {
            ui.painter()
                .layout_no_wrap(name.to_string(), font.clone(), egui::Color32::PLACEHOLDER)
                .size()
                .x
        })
        .fold(0.0, f32::max);
    ui.available_width() < names + GAP[0] + fit::combo_width(ui, choices)
}

/// Pickers, each beside its name in a grid row, or `stacked` under it.
fn pickers(ui: &mut Ui, id: &str, stacked: bool, add: impl FnOnce(&mut Ui)) {
    if stacked {
        ui.vertical(add);
    } else {
        egui::Grid::new(id)
            .num_columns(2)
            .spacing(GAP)
            .show(ui, add);
    }
}

/// Ends a picker's row in the grid (nothing when `stacked`: each picker is on its own).
fn end_row(ui: &mut Ui, stacked: bool) {
    if !stacked {
        ui.end_row();
    }
}

/// The metric picker, beside its name or `stacked` under it.
pub fn metric_ui(ui: &mut Ui, settings: &mut SolverSettings, stacked: bool) {
    pickers(ui, "solver settings", stacked, |ui| {
        let label = ui.label("Metric");
        fit::combo(ui, "solver metric")
            .selected_text(metric_title(settings.metric))
            .show_ui(ui, |ui| {
                for metric in Metric::ALL {
                    ui.selectable_value(&mut settings.metric, metric, metric_title(metric))
                        .on_hover_text(metric_help(metric));
                }
            })
            .response
            .labelled_by(label.id)
            .on_hover_text(format!(
                "{}: how solution length is counted",
                metric_title(settings.metric)
            ));
        end_row(ui, stacked);
    });
}

/// The algorithm and heuristic pickers (beside their names or `stacked` under them), and the
/// chosen algorithm's own settings (weighted A*'s weight, depth-first search's depth cap,
/// the threads of IDA* on tiles and of BFS on blocks).
pub fn choices_ui(
    ui: &mut Ui,
    settings: &mut SolverSettings,
    availability: &Availability,
    puzzle: &Puzzle,
    stacked: bool,
) {
    pickers(ui, "solver pickers", stacked, |ui| {
        algorithm_ui(ui, settings, availability, puzzle, stacked);
        heuristic_ui(ui, settings, availability, puzzle, stacked);
        if !stacked {
            algorithm_settings_ui(ui, settings, puzzle);
        }
    });
    if stacked {
        // Short settings (a number, a check box) beside their names, under the pickers.
        egui::Grid::new("solver algorithm settings")
            .num_columns(2)
            .spacing(GAP)
            .show(ui, |ui| algorithm_settings_ui(ui, settings, puzzle));
    }
}

/// The heuristic picker's text for an algorithm that uses none.
const UNINFORMED: &str = "none (uninformed)";

/// The algorithm picker (a grid row, or `stacked` under its name): "automatic" (the
/// solver's default for the puzzle, with its reason as the tooltip) and every algorithm;
/// those that do not apply are disabled.
fn algorithm_ui(
    ui: &mut Ui,
    settings: &mut SolverSettings,
    availability: &Availability,
    puzzle: &Puzzle,
    stacked: bool,
) {
    let label = ui.label("Algorithm");
    let runs = settings.algorithm_for(puzzle);
    let why = default_algorithm(puzzle).1.unwrap_or(
        "A*: with an admissible heuristic it expands the fewest positions of the algorithms \
         that prove a solution shortest",
    );
    let shown = match settings.algorithm {
        Some(algorithm) => algorithm.title().to_string(),
        None => format!("{AUTOMATIC} ({})", runs.title()),
    };
    // Tall enough for "Automatic" and every algorithm: a choice hidden below a scroll is
    // a choice not seen.
    let entries = availability.algorithms.len() + 1;
    let pitch = ui.spacing().interact_size.y + ui.spacing().item_spacing.y;
    fit::combo(ui, "solver algorithm")
        .selected_text(shown.as_str())
        .height(entries as f32 * pitch + 2.0 * ui.spacing().menu_margin.sum().y)
        .show_ui(ui, |ui| {
            if ui
                .selectable_label(settings.algorithm.is_none(), AUTOMATIC)
                .on_hover_text(format!("The solver's choice for this puzzle. {why}"))
                .clicked()
            {
                settings.algorithm = None;
            }
            for (algorithm, applies) in &availability.algorithms {
                let r = ui.add_enabled(
                    applies.is_ok(),
                    egui::Button::selectable(
                        settings.algorithm == Some(*algorithm),
                        algorithm.title(),
                    ),
                );
                let r = match applies {
                    Ok(()) => r.on_hover_text(algorithm_help(*algorithm)),
                    Err(reason) => r.on_disabled_hover_text(reason.as_str()),
                };
                if r.clicked() {
                    settings.algorithm = Some(*algorithm);
                }
            }
        })
        .response
        .labelled_by(label.id)
        .on_hover_text(match settings.algorithm {
            Some(_) => format!("{shown}: the algorithm you chose"),
            None => format!("{shown}: {why}"),
        });
    end_row(ui, stacked);
}

/// The algorithm picker's entry that leaves the choice to the solver.
pub const AUTOMATIC: &str = "Automatic";

/// The heuristic picker (a grid row, or `stacked` under its name), disabled for uninformed
/// algorithms; heuristics that do not apply are disabled.
fn heuristic_ui(
    ui: &mut Ui,
    settings: &mut SolverSettings,
    availability: &Availability,
    puzzle: &Puzzle,
    stacked: bool,
) {
    let label = ui.label("Heuristic");
    let algorithm = settings.algorithm_for(puzzle);
    let uses = algorithm.uses_heuristic();
    let chosen = availability.effective_heuristic(settings.heuristic.as_deref());
    let shown = match (&chosen, uses) {
        (_, false) => UNINFORMED.to_string(),
        (None, true) => format!(
            "best ({})",
            heuristic_title(default_heuristic(&availability.heuristics))
        ),
        (Some(name), true) => heuristic_title(name),
    };
    ui.add_enabled_ui(uses, |ui| {
        fit::combo(ui, "solver heuristic")
            .selected_text(shown.as_str())
            .show_ui(ui, |ui| {
                if ui
                    .selectable_label(chosen.is_none(), "best available")
                    .on_hover_text("Let the solver pick its strongest admissible heuristic")
                    .clicked()
                {
                    settings.heuristic = None;
                }
                for h in &availability.heuristics {
                    let title = heuristic_title(&h.name);
                    let label = if h.admissible {
                        title
                    } else {
                        format!("{title} (inadmissible)")
                    };
                    let r = ui.add_enabled(
                        h.applicable.is_ok(),
                        egui::Button::selectable(chosen.as_deref() == Some(&h.name), label),
                    );
                    let r = match &h.applicable {
                        Ok(()) => r.on_hover_text(format!("`{}`: {}", h.name, h.description)),
                        Err(reason) => r.on_disabled_hover_text(reason.as_str()),
                    };
                    if r.clicked() {
                        settings.heuristic = Some(h.name.clone());
                    }
                }
            })
            .response
            .labelled_by(label.id)
            .on_hover_text(shown.as_str());
    })
    .response
    .on_disabled_hover_text(format!("{} does not use a heuristic", algorithm.title()));
    end_row(ui, stacked);
}

/// The chosen algorithm's own settings, one grid row each.
fn algorithm_settings_ui(ui: &mut Ui, settings: &mut SolverSettings, puzzle: &Puzzle) {
    let algorithm = settings.algorithm_for(puzzle);
    if algorithm == Algorithm::Wastar {
        let label = ui.label("Weight");
        ui.add(
            egui::DragValue::new(&mut settings.weight)
                .range(1.0..=10.0)
                .speed(0.05)
                .fixed_decimals(2),
        )
        .labelled_by(label.id)
        .on_hover_text("f = g + w·h; w > 1 finds solutions faster but not always shortest");
        ui.end_row();
    }
    if algorithm == Algorithm::Dfs {
        let mut capped = settings.depth_cap.is_some();
        ui.checkbox(&mut capped, "Depth cap")
            .on_hover_text("Never search deeper than this many moves");
        let mut cap = settings.depth_cap.unwrap_or(50);
        ui.add_enabled(capped, egui::DragValue::new(&mut cap).range(1..=100_000))
            .accessible_name("Depth cap value");
        settings.depth_cap = capped.then_some(cap);
        ui.end_row();
    }
    if uses_threads(puzzle, algorithm) {
        let label = ui.label("Threads");
        let cores = std::thread::available_parallelism().map_or(1, usize::from);
        ui.add(egui::DragValue::new(&mut settings.threads).range(0..=cores.max(1)))
            .labelled_by(label.id)
            .on_hover_text(
                "Worker threads for IDA* and IDDFS, and for breadth-first search and the \
                 analysis on large block puzzles; 0 uses every core. The answer does not depend \
                 on it.",
            );
        ui.end_row();
    }
}

/// The limits, folded away by default.
pub fn limits_ui(ui: &mut Ui, settings: &mut SolverSettings) {
    egui::CollapsingHeader::new("Limits")
        .id_salt("solver limits")
        .show(ui, |ui| {
            egui::Grid::new("solver limits grid")
                .num_columns(2)
                .spacing([8.0, 6.0])
                .show(ui, |ui| {
                    let label = ui.label("Max nodes");
                    ui.add(
                        egui::DragValue::new(&mut settings.max_nodes)
                            .range(1..=u64::MAX)
                            .speed(10_000.0)
                            .custom_formatter(|v, _| fmt::thousands(v as u64))
                            .custom_parser(|text| {
                                text.replace([',', '_', ' '], "").parse::<f64>().ok()
                            }),
                    )
                    .labelled_by(label.id)
                    .on_hover_text("Stop after this many node expansions");
                    ui.end_row();
                    let label = ui.label("Time limit");
                    ui.add(
                        egui::DragValue::new(&mut settings.max_seconds)
                            .range(1..=86_400)
                            .suffix(" s"),
                    )
                    .labelled_by(label.id)
                    .on_hover_text("Stop after this many seconds");
                    ui.end_row();
                    let label = ui.label("Memory limit");
                    ui.add(
                        egui::DragValue::new(&mut settings.max_memory_mib)
                            .range(16..=1_048_576)
                            .speed(16.0)
                            .suffix(" MiB"),
                    )
                    .labelled_by(label.id)
                    .on_hover_text("Stop when the search's own tables would grow past this");
                    ui.end_row();
                });
            if ui.small_button("Reset limits").clicked() {
                let d = SolverSettings::default();
                settings.max_nodes = d.max_nodes;
                settings.max_seconds = d.max_seconds;
                settings.max_memory_mib = d.max_memory_mib;
            }
        });
}

fn metric_help(metric: Metric) -> &'static str {
    match metric {
        Metric::Step => "One piece moves one cell: how textbooks count the 8- and 15-puzzle",
        Metric::Slide => "One piece slides any distance in a straight line",
        Metric::Move => {
            "One piece moves any distance along any path: the metric of published records"
        }
    }
}

fn algorithm_help(algorithm: Algorithm) -> &'static str {
    match algorithm {
        Algorithm::Bfs => "Explores layer by layer; shortest in the metric",
        Algorithm::Dfs => "Dives deep first; finds a solution, rarely a short one",
        Algorithm::Ucs => "Expands the cheapest path first; shortest",
        Algorithm::Greedy => "Follows the heuristic alone; fast, not always shortest",
        Algorithm::Astar => "f = g + h; shortest with an admissible heuristic",
        Algorithm::Wastar => "f = g + w·h; faster, within a factor w of shortest",
        Algorithm::Iddfs => "Depth-first with a growing depth cap; shortest, little memory",
        Algorithm::Idastar => "Depth-first with a growing f-bound; shortest, little memory",
        Algorithm::Bibfs => "Breadth-first from both ends; shortest, needs a complete goal",
    }
}
