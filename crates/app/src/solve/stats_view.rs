//! The statistics of a search: live progress while it runs, and the summary of a finished
//! run.

use egui::{Color32, RichText, Ui};

use blockslide_core::model::{Metric, Puzzle};
use blockslide_core::solve::api::{BuildEstimate, PuzzleProfile, heuristic_title};
use blockslide_core::solve::{Algorithm, Limits, Preparation, SolveReport, Stats, Termination};

use super::search::{SearchJob, SearchProgress, SearchTask};
use crate::common::format as fmt;

/// The live view of a running search: what runs, its statistics so far, and how near it is
/// to its limits (and, for breadth-first searches of tile puzzles, to the whole space).
pub fn progress_ui(
    ui: &mut Ui,
    task: &SearchTask,
    job: &SearchJob,
    heuristic: Option<&str>,
    first_build: Option<&BuildEstimate>,
    puzzle: &Puzzle,
) {
    let progress = task.progress().copied();
    let stats = progress.and_then(|p| p.stats()).unwrap_or_default();
    let elapsed = if stats.elapsed.is_zero() {
        task.elapsed()
    } else {
        stats.elapsed
    };
    ui.horizontal(|ui| {
        ui.spinner();
        let with = format!(
            "{}{}",
            job.request.algorithm.title(),
            heuristic
                .map(|h| format!(" + {}", heuristic_title(h)))
                .unwrap_or_default()
        );
        // Wrapped within the panel: a label in a row is as wide as its text otherwise, and a
        // long one widened the whole panel past the window.
        let line = |ui: &mut Ui, text: String| ui.add(egui::Label::new(text).wrap());
        if task.is_cancelling() {
            line(ui, "Cancelling…".into());
        } else if let Some(SearchProgress::Preparing(_)) = progress {
            line(ui, format!("Building the pattern database for {with}…")).on_hover_text(
                "Built once, then cached on disk: later solves load it in moments. Cancel stops \
                 the build.",
            );
        } else if progress.is_none() {
            line(ui, format!("Preparing {with}…"))
                .on_hover_text("Building the search (a pattern database can take a while)");
        } else {
            line(ui, format!("Searching with {with}…"));
        }
    });
    if let Some(SearchProgress::Preparing(p)) = progress {
        ui.add(
            egui::ProgressBar::new(p.done as f32)
                .text(preparation_text(&p))
                .show_percentage(),
        )
        .accessible_name(PREPARATION_LABEL);
        if let Some(estimate) = first_build {
            ui.label(fmt::sentence(&format!(
                "{}; then cached on disk",
                estimate.describe()
            )));
        }
        return;
    }
    if let Some(line) = bound_line(job.request.algorithm, &stats) {
        ui.label(RichText::new(line).strong()).on_hover_text(
            "Each pass searches every path whose length plus the heuristic stays within the \
             bound; a pass that ends without a solution proves none that short exists, and the \
             next pass raises the bound. The first solution found is the shortest.",
        );
    }
    egui::Grid::new("solver progress")
        .num_columns(2)
        .striped(true)
        .show(ui, |ui| {
            let rows = [
                ("Expanded", fmt::thousands(stats.expanded)),
                ("Generated", fmt::thousands(stats.generated)),
                ("Frontier", fmt::thousands(stats.frontier)),
                ("Nodes/s", fmt::rate(stats.nodes_per_second())),
                ("Elapsed", fmt::duration(elapsed)),
                ("Memory", fmt::bytes(stats.peak_memory_bytes)),
                (depth_label(job.request.algorithm), stats.depth.to_string()),
                (
                    "Completed",
                    stats
                        .completed_depth
                        .map_or_else(|| "–".to_string(), |d| format!("no solution ≤ {d}")),
                ),
            ];
            for (name, value) in rows {
                ui.label(name);
                ui.monospace(value);
                ui.end_row();
            }
        });
    if let Some(total) = PuzzleProfile::of(puzzle).reachable_tile_positions()
        && matches!(job.request.algorithm, Algorithm::Bfs | Algorithm::Ucs)
    {
        let fraction = (stats.stored as f64 / total as f64).clamp(0.0, 1.0) as f32;
        ui.add(egui::ProgressBar::new(fraction).text(format!(
            "{} of {} reachable states",
            fmt::thousands(stats.stored),
            fmt::thousands(total)
        )));
    }
    let (fraction, name) = limit_used(&stats, &job.budget.limits);
    ui.add(
        egui::ProgressBar::new(fraction).text(format!("{:.0}% of the {name}", fraction * 100.0)),
    );
}

/// A finished run: its headline, what ran, its statistics and the solver's notes.
pub fn report_ui(ui: &mut Ui, report: &SolveReport) {
    let colour = match report.status {
        Termination::Solved => Color32::from_rgb(0x2e, 0x9e, 0x4f),
        Termination::Cancelled => ui.visuals().text_color(),
        _ => ui.visuals().warn_fg_color,
    };
    ui.label(RichText::new(fmt::headline(report)).strong().color(colour));
    ui.label(format!(
        "{} · heuristic: {} · {} metric",
        report.algorithm.title(),
        heuristic_title(&report.heuristic),
        report.metric
    ))
    .on_hover_text(format!(
        "The solver's name for the heuristic: `{}`",
        report.heuristic
    ));
    stats_grid(ui, &report.stats, Some(report));
    for note in &report.notes {
        ui.label(RichText::new(format!("Note: {note}")).italics());
    }
}

/// The statistics of a run; without a report, of a search abandoned after cancelling.
pub fn stats_grid(ui: &mut Ui, stats: &Stats, report: Option<&SolveReport>) {
    egui::Grid::new("solver result stats")
        .num_columns(2)
        .striped(true)
        .show(ui, |ui| {
            let mut rows: Vec<(String, String)> = Vec::new();
            let ending = report.map_or(Termination::Cancelled, |r| r.status);
            rows.push(("Status".into(), ending.name().into()));
            if let Some(r) = report {
                if let (Some(len), Some(steps)) = (r.length(), r.steps()) {
                    rows.push((format!("Length ({})", r.metric), len.to_string()));
                    // In the step metric the two lengths are one and the same.
                    if r.metric != Metric::Step {
                        rows.push(("Length (steps)".into(), steps.to_string()));
                    }
                }
                // Optimality is a solution's: a run without one has none to judge.
                let optimal = match (r.status, r.optimal) {
                    (Termination::Solved, true) => "yes",
                    (Termination::Solved, false) => "no",
                    _ => "–",
                };
                rows.push(("Optimal".into(), optimal.into()));
            }
            rows.extend([
                ("Expanded".into(), fmt::thousands(stats.expanded)),
                ("Generated".into(), fmt::thousands(stats.generated)),
                ("Duplicates".into(), fmt::thousands(stats.duplicates)),
                ("Goal tests".into(), fmt::thousands(stats.goal_tests)),
                ("Max frontier".into(), fmt::thousands(stats.max_frontier)),
                ("Frontier at end".into(), fmt::thousands(stats.frontier)),
                ("States stored".into(), fmt::thousands(stats.stored)),
                ("Peak memory".into(), fmt::bytes(stats.peak_memory_bytes)),
                ("Time".into(), fmt::duration(stats.elapsed)),
                ("Nodes/s".into(), fmt::rate(stats.nodes_per_second())),
                ("Depth / bound".into(), stats.depth.to_string()),
                (
                    "Completed depth".into(),
                    stats
                        .completed_depth
                        .map_or_else(|| "–".to_string(), |d| d.to_string()),
                ),
            ]);
            for (name, value) in rows {
                ui.label(name);
                ui.monospace(value);
                ui.end_row();
            }
        });
}

/// The accessible name of the pattern database's progress bar.
pub const PREPARATION_LABEL: &str = "Pattern database build";

/// How a pattern database build is going: the time so far and, once a little is done, an
/// estimate of the time left (the levels of a build are uneven, so it is rough).
pub fn preparation_text(p: &Preparation) -> String {
    let spent = p.elapsed.as_secs_f64();
    if p.done >= 0.02 && p.done < 1.0 {
        let left = spent * (1.0 - p.done) / p.done;
        format!(
            "{} so far, about {} left",
            fmt::duration(p.elapsed),
            fmt::duration(std::time::Duration::from_secs_f64(left))
        )
    } else {
        format!("{} so far", fmt::duration(p.elapsed))
    }
}

/// For the iterative-deepening searches (IDA*, IDDFS), whose passes can each take minutes on
/// a large puzzle: the bound being searched, what the passes so far proved, and the nodes
/// and their rate, in one line.
pub fn bound_line(algorithm: Algorithm, stats: &Stats) -> Option<String> {
    let bound = match algorithm {
        Algorithm::Idastar => "Bound",
        Algorithm::Iddfs => "Depth cap",
        _ => return None,
    };
    let proved = stats.completed_depth.map_or_else(String::new, |d| {
        format!(
            "; no solution of {} or fewer moves",
            fmt::thousands(u64::from(d))
        )
    });
    Some(format!(
        "{bound} {}: {} nodes expanded at {}{proved}",
        stats.depth,
        fmt::thousands(stats.expanded),
        fmt::rate(stats.nodes_per_second()),
    ))
}

/// What the depth field means for `algorithm`.
fn depth_label(algorithm: Algorithm) -> &'static str {
    match algorithm {
        Algorithm::Astar | Algorithm::Wastar | Algorithm::Idastar => "f-bound",
        Algorithm::Bfs | Algorithm::Bibfs | Algorithm::Ucs => "Layer",
        Algorithm::Iddfs => "Depth cap",
        Algorithm::Dfs | Algorithm::Greedy => "Depth",
    }
}

/// The fraction of the nearest limit used so far, and its name.
pub fn limit_used(stats: &Stats, limits: &Limits) -> (f32, &'static str) {
    let nodes = stats.expanded as f64 / limits.max_nodes.max(1) as f64;
    let time = stats.elapsed.as_secs_f64() / limits.max_time.as_secs_f64().max(1e-9);
    let memory = stats.peak_memory_bytes as f64 / limits.max_memory_bytes.max(1) as f64;
    let (fraction, name) = [
        (nodes, "node limit"),
        (time, "time limit"),
        (memory, "memory limit"),
    ]
    .into_iter()
    .fold(
        (0.0, "time limit"),
        |best, x| if x.0 > best.0 { x } else { best },
    );
    (fraction.clamp(0.0, 1.0) as f32, name)
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    #[test]
    fn a_build_estimates_the_time_left_from_the_fraction_done() {
        let half = Preparation {
            done: 0.5,
            elapsed: Duration::from_secs(10),
        };
        assert_eq!(
            preparation_text(&half),
            "10.00 s so far, about 10.00 s left"
        );
        let barely = Preparation {
            done: 0.0,
            elapsed: Duration::from_millis(40),
        };
        assert_eq!(preparation_text(&barely), "40.0 ms so far");
    }

    #[test]
    fn iterative_deepening_shows_its_bound_what_it_proved_and_its_rate() {
        let mut stats = Stats {
            expanded: 12_345_678,
            elapsed: Duration::from_secs(2),
            depth: 54,
            ..Stats::default()
        };
        assert_eq!(
            bound_line(Algorithm::Idastar, &stats).unwrap(),
            "Bound 54: 12,345,678 nodes expanded at 6.2 M/s"
        );
        stats.completed_depth = Some(52);
        assert_eq!(
            bound_line(Algorithm::Idastar, &stats).unwrap(),
            "Bound 54: 12,345,678 nodes expanded at 6.2 M/s; no solution of 52 or fewer moves"
        );
        assert!(
            bound_line(Algorithm::Iddfs, &stats)
                .unwrap()
                .starts_with("Depth cap 54")
        );
        assert_eq!(bound_line(Algorithm::Astar, &stats), None);
    }

    #[test]
    fn limit_used_picks_the_nearest_limit() {
        let limits = Limits {
            max_nodes: 1000,
            max_time: Duration::from_secs(10),
            max_memory_bytes: 1 << 20,
        };
        let stats = Stats {
            expanded: 900,
            elapsed: Duration::from_secs(1),
            ..Stats::default()
        };
        let (f, name) = limit_used(&stats, &limits);
        assert!((f - 0.9).abs() < 1e-6);
        assert_eq!(name, "node limit");
    }
}
