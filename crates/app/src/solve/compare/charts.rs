//! Bar charts of a comparison: states explored and time per pair, on a log scale when the
//! bars differ too much to read on a linear one.

use std::f32::consts::FRAC_PI_2;

use egui::epaint::TextShape;
use egui::{Color32, Rect, RichText, Sense, Ui, pos2, vec2};
use egui_plot::{Bar, BarChart, GridInput, GridMark, PlotPoint, PlotTransform, Text};

use blockslide_core::solve::{Algorithm, SolveReport, Termination};

use super::pairs::ComparePair;
use super::table::CompareRow;
use blockslide_core::solve::api::heuristic_title;

use crate::common::charts::{compact, still_plot};
use crate::common::format as fmt;

/// Above this ratio between the largest and smallest bar, charts switch to a log scale: the
/// small bars would be too thin to read.
const LOG_SPREAD: f64 = 30.0;

/// Bar heights for a chart: linear, or on a log scale when the spread is wider than
/// [`LOG_SPREAD`]. A log scale starts a decade below the smallest bar, whatever its unit, so
/// every bar shows (a run of 0.04 ms too); the heights are then `log10(v) - base` and the
/// base is returned. A value of zero has no bar.
fn scaled(values: &[f64]) -> (Vec<f64>, Option<f64>) {
    let positive: Vec<f64> = values.iter().copied().filter(|v| *v > 0.0).collect();
    let max = positive.iter().copied().fold(0.0, f64::max);
    let min = positive.iter().copied().fold(f64::INFINITY, f64::min);
    if positive.len() >= 2 && max / min > LOG_SPREAD {
        let base = min.log10().floor() - 1.0;
        let heights = values
            .iter()
            .map(|v| if *v > 0.0 { v.log10() - base } else { 0.0 })
            .collect();
        (heights, Some(base))
    } else {
        (values.to_vec(), None)
    }
}

/// A count of states as the table writes it.
fn states_text(v: f64) -> String {
    fmt::thousands(v as u64)
}

/// Milliseconds as the table writes them.
fn millis_text(v: f64) -> String {
    fmt::millis(std::time::Duration::from_secs_f64(v / 1e3))
}

/// Marks chart labels of runs that stopped before solving.
const STOPPED_MARK: char = '†';

/// Short chart labels: the algorithm, plus the heuristic when an algorithm appears twice,
/// plus [`STOPPED_MARK`] for a run that stopped before solving.
fn chart_labels(rows: &[(&ComparePair, &SolveReport)]) -> Vec<String> {
    rows.iter()
        .map(|(pair, report)| {
            let twice = rows
                .iter()
                .filter(|(p, _)| p.algorithm == pair.algorithm)
                .count()
                > 1;
            let mut label = short_name(pair.algorithm).to_string();
            if twice && pair.algorithm.uses_heuristic() {
                label.push(' ');
                label.extend(heuristic_title(&report.heuristic).chars().take(8));
            }
            if report.status != Termination::Solved {
                label.push(STOPPED_MARK);
            }
            label
        })
        .collect()
}

fn short_name(algorithm: Algorithm) -> &'static str {
    match algorithm {
        Algorithm::Bfs => "BFS",
        Algorithm::Dfs => "DFS",
        Algorithm::Ucs => "UCS",
        Algorithm::Greedy => "Greedy",
        Algorithm::Astar => "A*",
        Algorithm::Wastar => "wA*",
        Algorithm::Iddfs => "IDDFS",
        Algorithm::Idastar => "IDA*",
        Algorithm::Bibfs => "BiBFS",
    }
}

/// A chart's plot's height where the view has room.
const PLOT_HEIGHT: f32 = 230.0;

/// Both charts side by side, for the finished rows.
pub fn charts_ui(ui: &mut Ui, rows: &[CompareRow]) {
    let finished: Vec<(&ComparePair, &SolveReport)> = rows
        .iter()
        .filter_map(|r| r.result.as_ref().ok().map(|rep| (&r.pair, rep.as_ref())))
        .collect();
    if finished.is_empty() {
        return;
    }
    let labels = chart_labels(&finished);
    let explored: Vec<f64> = finished
        .iter()
        .map(|(_, r)| r.stats.expanded as f64)
        .collect();
    let millis: Vec<f64> = finished
        .iter()
        .map(|(_, r)| r.stats.elapsed.as_secs_f64() * 1e3)
        .collect();
    let width = ((ui.available_width() - 12.0) / 2.0).max(160.0);
    // As tall as the view's room under the table allows, with the heading and the bars'
    // names (on their side, at worst) in view too; never so short the bars can't be told.
    let font = egui::TextStyle::Body.resolve(ui.style());
    let widest = labels
        .iter()
        .map(|l| {
            ui.painter()
                .layout_no_wrap(l.clone(), font.clone(), Color32::PLACEHOLDER)
                .size()
                .x
        })
        .fold(0.0, f32::max);
    let line = ui.text_style_height(&egui::TextStyle::Body);
    let room = ui.clip_rect().bottom() - ui.cursor().top();
    let height = (room - widest - 2.0 * line - 24.0).clamp(120.0, PLOT_HEIGHT);
    ui.horizontal(|ui| {
        bar_plot(
            ui,
            "States explored",
            &labels,
            &explored,
            Color32::from_rgb(0x3d, 0x7e, 0xc9),
            [width, height],
            states_text,
        );
        bar_plot(
            ui,
            "Time (ms)",
            &labels,
            &millis,
            Color32::from_rgb(0xe0, 0x8a, 0x1e),
            [width, height],
            millis_text,
        );
    });
    if labels.iter().any(|l| l.ends_with(STOPPED_MARK)) {
        ui.weak(format!(
            "{STOPPED_MARK} stopped before solving (a limit, or cancelled): its bars are lower \
             bounds."
        ));
    }
}

fn bar_plot(
    ui: &mut Ui,
    title: &str,
    labels: &[String],
    values: &[f64],
    colour: Color32,
    [width, height]: [f32; 2],
    value_text: fn(f64) -> String,
) {
    let (heights, log_base) = scaled(values);
    let bars: Vec<Bar> = heights
        .iter()
        .zip(values)
        .enumerate()
        .map(|(i, (h, v))| {
            Bar::new(i as f64, *h)
                .width(0.6)
                .name(format!("{}: {}", labels[i], value_text(*v)))
                .fill(colour)
        })
        .collect();
    let heading = if log_base.is_some() {
        format!("{title} (log scale)")
    } else {
        title.to_string()
    };
    let n = labels.len();
    let hovers: Vec<String> = labels
        .iter()
        .zip(values)
        .map(|(label, v)| format!("{label}: {}", value_text(*v)))
        .collect();
    let labels_above: Vec<(f64, f64, String)> = heights
        .iter()
        .zip(values)
        .enumerate()
        .map(|(i, (h, v))| (i as f64, *h, value_text(*v)))
        .collect();
    let top = heights.iter().copied().fold(0.0, f64::max);
    ui.vertical(|ui| {
        ui.label(RichText::new(heading).strong());
        // No tick labels on the x axis: `egui_plot` leaves out a label wider than the space
        // between two bars (Greedy's, with six bars in a narrow window). Each bar's name is
        // drawn under the plot instead, by `bar_names_ui`.
        let mut plot = still_plot(("compare chart", title), width, height)
            .show_x(false)
            .show_axes([false, true])
            .include_y(0.0)
            // Room above the tallest bar for its value.
            .include_y(top * 1.12)
            .include_x(-0.6)
            .include_x(n as f64 - 0.4)
            .x_grid_spacer(|input: GridInput| integer_marks(input.bounds));
        plot = match log_base {
            Some(base) => plot
                .y_grid_spacer(|input: GridInput| integer_marks(input.bounds))
                .y_axis_formatter(move |mark: GridMark, _| compact(10f64.powf(mark.value + base))),
            None => plot.y_axis_formatter(|mark: GridMark, _| compact(mark.value)),
        };
        let shown = plot.show(ui, |plot| {
            plot.bar_chart(BarChart::new(title, bars).color(colour));
            for (x, h, text) in labels_above {
                plot.text(
                    Text::new("", PlotPoint::new(x, h), RichText::new(text).small())
                        .anchor(egui::Align2::CENTER_BOTTOM),
                );
            }
        });
        bar_names_ui(ui, title, &shown.transform, labels, &hovers);
    });
}

/// The name of each bar under it, `hovers` saying more on hover: across when every name fits
/// in the room of a bar, else all turned on their side (read from the bottom up), so no name
/// is left out and none overlaps its neighbour's. Each is reported as a label.
fn bar_names_ui(
    ui: &mut Ui,
    chart: &str,
    transform: &PlotTransform,
    names: &[String],
    hovers: &[String],
) {
    let color = ui.visuals().strong_text_color();
    let font = egui::TextStyle::Body.resolve(ui.style());
    let galleys: Vec<_> = names
        .iter()
        .map(|name| {
            ui.painter()
                .layout_no_wrap(name.clone(), font.clone(), color)
        })
        .collect();
    let widest = galleys.iter().map(|g| g.size().x).fold(0.0, f32::max);
    let line = galleys.iter().map(|g| g.size().y).fold(0.0, f32::max);
    let pitch = transform.dpos_dvalue_x().abs() as f32;
    let upright = widest + 4.0 > pitch;
    let height = 2.0 + if upright { widest } else { line };
    let (strip, _) =
        ui.allocate_exact_size(vec2(transform.frame().width(), height), Sense::hover());
    let top = strip.top() + 2.0;
    for (i, (galley, hover)) in galleys.into_iter().zip(hovers).enumerate() {
        let x = transform
            .position_from_point(&PlotPoint::new(i as f64, 0.0))
            .x;
        let size = galley.size();
        let (rect, shape) = if upright {
            // Turned a quarter left about its top-left corner, which sits low: the name
            // reads upwards and ends just under its bar.
            let corner = pos2(x - size.y / 2.0, top + size.x);
            let rect = Rect::from_min_size(pos2(corner.x, top), vec2(size.y, size.x));
            let shape = TextShape::new(corner, galley, color).with_angle(-FRAC_PI_2);
            (rect, shape)
        } else {
            let rect = Rect::from_min_size(pos2(x - size.x / 2.0, top), size);
            (rect, TextShape::new(rect.min, galley, color))
        };
        ui.painter().add(shape);
        let id = ui.scope_id().with(("bar name", chart, i));
        let response = ui.interact(rect, id, Sense::hover());
        response.widget_info(|| {
            egui::WidgetInfo::labeled(egui::accesskit::Role::Label, true, &names[i])
        });
        response.on_hover_text(hover.as_str());
    }
}

fn integer_marks(bounds: (f64, f64)) -> Vec<GridMark> {
    let (lo, hi) = (bounds.0.ceil() as i64, bounds.1.floor() as i64);
    if hi - lo > 60 {
        return Vec::new();
    }
    (lo..=hi)
        .map(|v| GridMark {
            value: v as f64,
            step_size: 1.0,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use blockslide_core::solve::Stats;

    #[test]
    #[expect(clippy::float_cmp, reason = "a missing bar is exactly zero high")]
    fn log_scale_only_when_the_spread_is_wide() {
        assert!(scaled(&[53.0, 49.0, 9.0]).1.is_none());
        let (h, base) = scaled(&[9.0, 3_672_809.0, 0.0]);
        assert_eq!(base, Some(-1.0));
        assert!((h[1] - 3_672_809f64.log10() - 1.0).abs() < 1e-9);
        assert_eq!(h[2], 0.0);
        // Times under a millisecond still get a bar a decade tall or more.
        let (h, base) = scaled(&[0.04, 61.7]);
        assert_eq!(base, Some(-3.0));
        assert!(h[0] >= 1.0, "{h:?}");
    }

    #[test]
    fn chart_labels_tell_pairs_apart_and_mark_unfinished_runs() {
        let report = |heuristic: &str, status: Termination| SolveReport {
            puzzle: String::new(),
            puzzle_type: blockslide_core::model::PuzzleType::Tiles,
            algorithm: Algorithm::Astar,
            heuristic: heuristic.into(),
            metric: blockslide_core::model::Metric::Step,
            status,
            optimal: true,
            moves: Vec::new(),
            blank_moves: None,
            stats: Stats::default(),
            notes: Vec::new(),
        };
        let bfs = ComparePair::new(Algorithm::Bfs, None);
        let a1 = ComparePair::new(Algorithm::Astar, Some("manhattan"));
        let a2 = ComparePair::new(Algorithm::Astar, Some("linear-conflict"));
        let (r1, r2, r3) = (
            report("zero", Termination::Solved),
            report("manhattan", Termination::Solved),
            report("linear-conflict", Termination::TimeLimit),
        );
        let labels = chart_labels(&[(&bfs, &r1), (&a1, &r2), (&a2, &r3)]);
        assert_eq!(labels, ["BFS", "A* Manhatta", "A* Linear c†"]);
    }
}
