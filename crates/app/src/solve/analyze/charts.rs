//! The analysis's charts: positions by distance to the goal (the histogram), with the start's
//! and the hardest distance picked out, and the choices along one optimal solution.

use egui::{Color32, RichText, Ui};

use blockslide_core::model::Metric;

use crate::common::chart_legend::{Swatch, chart_legend_ui};
use crate::common::charts::{Axis, BarAt, Chart, Layer, chart_ui, compact};
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
pub fn distances_ui(
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
        let bar = BarAt {
            x: d as f64,
            height: count as f64,
            name: format!(
                "{}: {} positions",
                amount(metric, d as u32),
                compact(count as f64)
            ),
        };
        if start.is_some_and(|s| s as usize == d) {
            start_bar.push(bar);
        } else if Some(d) == hardest {
            hardest_bar.push(bar);
        } else {
            plain.push(bar);
        }
    }
    let top = histogram.iter().copied().max().unwrap_or(1) as f64;
    let mut layers = vec![Layer::Bars {
        name: "positions".into(),
        color: PLAIN,
        bars: plain,
    }];
    let mut legend = vec![(PLAIN, Swatch::Bar, "positions".to_string())];
    if let Some(s) = start {
        let name = format!("the start ({})", amount(metric, s));
        layers.push(Layer::Bars {
            name: name.clone(),
            color: START,
            bars: start_bar,
        });
        layers.push(Layer::Across {
            name: name.clone(),
            x: f64::from(s),
            color: START,
        });
        legend.push((START, Swatch::Bar, name));
    }
    if let Some(h) = hardest.filter(|h| start != Some(*h as u32)) {
        let name = format!("hardest ({})", amount(metric, h as u32));
        layers.push(Layer::Bars {
            name: name.clone(),
            color: HARDEST,
            bars: hardest_bar,
        });
        // The hardest distance usually has a handful of positions: too few to see.
        layers.push(Layer::Across {
            name: name.clone(),
            x: h as f64,
            color: HARDEST,
        });
        legend.push((HARDEST, Swatch::Bar, name));
    }
    ui.label(RichText::new(format!("Positions by distance to the goal ({metric}s)")).strong());
    chart_ui(
        ui,
        Chart {
            id: "analysis histogram",
            width,
            height: 170.0,
            x: (-0.6, histogram.len() as f64 - 0.4),
            y: (0.0, top * 1.08),
            x_axis: Axis::WHOLE,
            y_axis: Axis::Compact,
            x_label: Some(format!("distance ({metric}s)")),
            y_label: None,
            accessible: Some(HISTOGRAM_LABEL),
            layers,
        },
    );
    // Under the plot: over it, the legend covered the tallest bars.
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
        let bar = BarAt {
            x: i as f64 + 1.0,
            height: f64::from(n),
            name: format!("{} {}: {n} optimal", metric.name(), i + 1),
        };
        if n == 1 {
            forced.push(bar);
        } else {
            open.push(bar);
        }
    }
    let top = choices.iter().copied().max().unwrap_or(1);
    ui.label(RichText::new("Choices along one optimal solution").strong());
    chart_ui(
        ui,
        Chart {
            id: "analysis choices",
            width,
            height: 90.0,
            x: (0.4, choices.len() as f64 + 0.6),
            y: (0.0, f64::from(top) + 0.5),
            x_axis: Axis::WHOLE,
            y_axis: Axis::Plain,
            x_label: Some(metric.name().to_string()),
            y_label: None,
            accessible: Some(CHOICES_LABEL),
            layers: vec![
                Layer::Bars {
                    name: "forced".into(),
                    color: FORCED,
                    bars: forced,
                },
                Layer::Bars {
                    name: "a choice".into(),
                    color: PLAIN,
                    bars: open,
                },
            ],
        },
    );
    chart_legend_ui(
        ui,
        &[
            (FORCED, Swatch::Bar, "forced".to_string()),
            (PLAIN, Swatch::Bar, "a choice".to_string()),
        ],
    );
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
