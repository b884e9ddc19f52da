//! The analysis's charts: positions by distance to the goal (the histogram), with the start's
//! and the hardest distance picked out, and the choices along one optimal solution.

use egui::{Color32, RichText, Ui};
use egui_plot::{Bar, BarChart, GridInput, GridMark, LineStyle, Plot, VLine};

use blockslide_core::model::Metric;

use super::super::compare::charts::compact;
use crate::common::chart_legend::{Swatch, chart_legend_ui};
use crate::common::format::{amount, unit_name};

/// Bars of ordinary distances.
const PLAIN: Color32 = Color32::from_rgb(0x3d, 0x7e, 0xc9);
/// The start's bar and line.
const START: Color32 = Color32::from_rgb(0xe0, 0x8a, 0x1e);
/// The hardest distance's bar.
const HARDEST: Color32 = Color32::from_rgb(0xc0, 0x39, 0x2b);
/// Forced moves along the solution.
const FORCED: Color32 = Color32::from_gray(130);

/// The histogram: positions at each distance to the nearest goal. The start's bar is drawn in
/// its own colour with a dashed line through it (a bar of one position among thousands would
/// be too thin to see), and the hardest distance's bar in another.
pub fn histogram_ui(
    ui: &mut Ui,
    histogram: &[u64],
    start: Option<u32>,
    metric: Metric,
    width: f32,
) {
    let hardest = histogram.len().checked_sub(1);
    let mut plain = Vec::new();
    let mut start_bar = Vec::new();
    let mut hardest_bar = Vec::new();
    for (d, &count) in histogram.iter().enumerate() {
        let bar = Bar::new(d as f64, count as f64).width(0.8).name(format!(
            "{}: {} positions",
            amount(metric, d as u32),
            compact(count as f64)
        ));
        if start.is_some_and(|s| s as usize == d) {
            start_bar.push(bar.fill(START));
        } else if Some(d) == hardest {
            hardest_bar.push(bar.fill(HARDEST));
        } else {
            plain.push(bar.fill(PLAIN));
        }
    }
    let top = histogram.iter().copied().max().unwrap_or(1) as f64;
    ui.label(RichText::new(format!("Positions by distance to the goal ({metric}s)")).strong());
    Plot::new("analysis histogram")
        .width(width)
        .height(170.0)
        .allow_drag(false)
        .allow_zoom(false)
        .allow_scroll(false)
        .allow_boxed_zoom(false)
        .include_x(-0.6)
        .include_x(histogram.len() as f64 - 0.4)
        .include_y(0.0)
        .include_y(top * 1.08)
        .y_axis_formatter(|mark, _| compact(mark.value))
        .x_grid_spacer(|input: GridInput| whole_marks(input.bounds))
        .x_axis_formatter(|mark, _| format!("{:.0}", mark.value))
        .x_axis_label(format!("distance ({metric}s)"))
        .show(ui, |plot| {
            plot.bar_chart(BarChart::new("positions", plain).color(PLAIN));
            if let Some(s) = start {
                plot.bar_chart(
                    BarChart::new(format!("the start ({})", amount(metric, s)), start_bar)
                        .color(START),
                );
                plot.vline(
                    VLine::new(format!("the start ({})", amount(metric, s)), f64::from(s))
                        .color(START)
                        .style(LineStyle::dashed_loose()),
                );
            }
            if let Some(h) = hardest.filter(|h| start != Some(*h as u32)) {
                let name = format!("hardest ({})", amount(metric, h as u32));
                plot.bar_chart(BarChart::new(name.clone(), hardest_bar).color(HARDEST));
                // The hardest distance usually has a handful of positions: too few to see.
                plot.vline(
                    VLine::new(name, h as f64)
                        .color(HARDEST)
                        .style(LineStyle::dashed_loose()),
                );
            }
        })
        .response
        .widget_info(|| {
            egui::WidgetInfo::labeled(egui::accesskit::Role::Canvas, true, HISTOGRAM_LABEL)
        });
    // Under the plot: over it, the legend covered the tallest bars.
    let mut legend = vec![(PLAIN, Swatch::Bar, "positions".to_string())];
    if let Some(s) = start {
        legend.push((
            START,
            Swatch::Bar,
            format!("the start ({})", amount(metric, s)),
        ));
    }
    if let Some(h) = hardest.filter(|h| start != Some(*h as u32)) {
        let name = format!("hardest ({})", amount(metric, h as u32));
        legend.push((HARDEST, Swatch::Bar, name));
    }
    chart_legend_ui(ui, &legend);
}

/// The accessible name of the histogram's plot.
pub const HISTOGRAM_LABEL: &str = "Positions by distance to the goal (plot)";

/// The accessible name of the plot of the choices along a solution.
pub const CHOICES_LABEL: &str = "Choices along one optimal solution (plot)";

/// The choices along one optimal solution: at each position, how many moves keep the
/// solution optimal (forced moves, with one choice, in grey).
pub fn choices_ui(ui: &mut Ui, choices: &[u32], metric: Metric, width: f32) {
    let mut forced = Vec::new();
    let mut open = Vec::new();
    for (i, &n) in choices.iter().enumerate() {
        let bar = Bar::new(i as f64 + 1.0, f64::from(n))
            .width(0.8)
            .name(format!("{} {}: {n} optimal", metric.name(), i + 1));
        if n == 1 {
            forced.push(bar.fill(FORCED));
        } else {
            open.push(bar.fill(PLAIN));
        }
    }
    let top = choices.iter().copied().max().unwrap_or(1);
    ui.label(RichText::new("Choices along one optimal solution").strong());
    Plot::new("analysis choices")
        .width(width)
        .height(90.0)
        .allow_drag(false)
        .allow_zoom(false)
        .allow_scroll(false)
        .allow_boxed_zoom(false)
        .include_x(0.4)
        .include_x(choices.len() as f64 + 0.6)
        .include_y(0.0)
        .include_y(f64::from(top) + 0.5)
        .x_grid_spacer(|input: GridInput| whole_marks(input.bounds))
        .x_axis_formatter(|mark, _| format!("{:.0}", mark.value))
        .x_axis_label(metric.name())
        .show(ui, |plot| {
            plot.bar_chart(BarChart::new("forced", forced).color(FORCED));
            plot.bar_chart(BarChart::new("a choice", open).color(PLAIN));
        })
        .response
        .widget_info(|| {
            egui::WidgetInfo::labeled(egui::accesskit::Role::Canvas, true, CHOICES_LABEL)
        });
    chart_legend_ui(
        ui,
        &[
            (FORCED, Swatch::Bar, "forced".to_string()),
            (PLAIN, Swatch::Bar, "a choice".to_string()),
        ],
    );
}

/// Grid marks at whole numbers for an axis of distances or moves: a round step (1, 2, 5, 10,
/// 20, 50, …) giving at most about eight labels.
pub fn whole_marks(bounds: (f64, f64)) -> Vec<GridMark> {
    whole_marks_within(bounds, 8.0)
}

/// Grid marks at whole numbers, a round step apart (1, 2, 5, 10, 20, 50, …), at most
/// `intervals` steps across `bounds`: a short axis needs few, or `egui_plot` leaves out labels
/// that come too close.
pub fn whole_marks_within(bounds: (f64, f64), intervals: f64) -> Vec<GridMark> {
    let span = (bounds.1 - bounds.0).max(1.0);
    let mut step = 1.0;
    for factor in [2.0, 2.5, 2.0].into_iter().cycle() {
        if span / step <= intervals {
            break;
        }
        step *= factor;
    }
    let (lo, hi) = (bounds.0.max(0.0).ceil() as i64, bounds.1.floor() as i64);
    (lo..=hi)
        .map(|v| v as f64)
        .filter(|v| (v / step).fract() == 0.0)
        .map(|value| GridMark {
            value,
            step_size: step,
        })
        .collect()
}

/// "17 of 81 moves are forced": moves along the solution with a single optimal choice.
pub fn forced_summary(choices: &[u32], metric: Metric) -> String {
    let forced = choices.iter().filter(|&&n| n == 1).count();
    let total = choices.len();
    let verb = if forced == 1 { "is" } else { "are" };
    format!(
        "{forced} of {total} {} {verb} forced",
        unit_name(metric, total)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn axis_marks_are_round_and_few() {
        let values = |bounds| -> Vec<f64> { whole_marks(bounds).iter().map(|m| m.value).collect() };
        assert_eq!(values((-0.6, 4.6)), vec![0.0, 1.0, 2.0, 3.0, 4.0]);
        assert_eq!(values((-0.6, 93.6)), vec![0.0, 20.0, 40.0, 60.0, 80.0]);
        assert!(values((0.0, 10_000.0)).len() <= 9);
        let few = |bounds| -> Vec<f64> {
            whole_marks_within(bounds, 3.0)
                .iter()
                .map(|m| m.value)
                .collect()
        };
        assert_eq!(few((-2.0, 43.0)), vec![0.0, 20.0, 40.0]);
    }

    #[test]
    fn the_forced_summary_counts_single_choices() {
        assert_eq!(
            forced_summary(&[1, 3, 1, 1], Metric::Move),
            "3 of 4 moves are forced"
        );
        assert_eq!(
            forced_summary(&[2, 1], Metric::Step),
            "1 of 2 steps is forced"
        );
    }
}
