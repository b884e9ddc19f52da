//! Bar charts of a comparison: states explored and time per pair, on a log scale when the
//! bars differ too much to read on a linear one.

use egui::{Color32, RichText, Ui};
use egui_plot::{AxisHints, Bar, BarChart, GridInput, GridMark, Plot, PlotPoint, Text};

use blockslide_core::solve::{Algorithm, SolveReport, Termination};

use super::pairs::ComparePair;
use super::table::CompareRow;
use blockslide_core::solve::api::heuristic_title;

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

/// A compact axis number: 950, 12k, 3.4M.
pub fn compact(v: f64) -> String {
    let a = v.abs();
    let (x, suffix) = if a >= 1e9 {
        (v / 1e9, "G")
    } else if a >= 1e6 {
        (v / 1e6, "M")
    } else if a >= 1e3 {
        (v / 1e3, "k")
    } else {
        (v, "")
    };
    // Three significant digits at most.
    let digits = if x.abs() >= 100.0 {
        format!("{x:.0}")
    } else if x.abs() >= 10.0 {
        format!("{x:.1}")
    } else if x.abs() >= 1.0 || x == 0.0 {
        format!("{x:.2}")
    } else {
        // A fraction keeps its significant digits: with two decimals, a log axis's 0.001 and
        // 0.0001 would both read "0".
        let decimals = 2 - x.abs().log10().floor() as i32;
        format!("{x:.*}", usize::try_from(decimals).unwrap_or(2))
    };
    let digits = if digits.contains('.') {
        digits.trim_end_matches('0').trim_end_matches('.')
    } else {
        &digits
    };
    format!("{digits}{suffix}")
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
    ui.horizontal(|ui| {
        bar_plot(
            ui,
            "States explored",
            &labels,
            &explored,
            Color32::from_rgb(0x3d, 0x7e, 0xc9),
            width,
            states_text,
        );
        bar_plot(
            ui,
            "Time (ms)",
            &labels,
            &millis,
            Color32::from_rgb(0xe0, 0x8a, 0x1e),
            width,
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
    width: f32,
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
    let labels = labels.to_vec();
    let n = labels.len();
    let labels_above: Vec<(f64, f64, String)> = heights
        .iter()
        .zip(values)
        .enumerate()
        .map(|(i, (h, v))| (i as f64, *h, value_text(*v)))
        .collect();
    let top = heights.iter().copied().fold(0.0, f64::max);
    ui.vertical(|ui| {
        ui.label(RichText::new(heading).strong());
        let mut plot = Plot::new(("compare chart", title))
            .width(width)
            .height(230.0)
            .allow_drag(false)
            .allow_zoom(false)
            .allow_scroll(false)
            .allow_boxed_zoom(false)
            .show_x(false)
            .include_y(0.0)
            // Room above the tallest bar for its value.
            .include_y(top * 1.12)
            .include_x(-0.6)
            .include_x(n as f64 - 0.4)
            .x_grid_spacer(|input: GridInput| integer_marks(input.bounds))
            // The names in the theme's strong text colour: egui_plot fades tick labels that
            // sit closer than 80 points, which left them dark grey on black.
            .custom_x_axes(vec![
                AxisHints::new_x()
                    .label_spacing(20.0..=21.0)
                    .tick_label_color(ui.visuals().strong_text_color())
                    .formatter(move |mark: GridMark, _| {
                        let i = mark.value.round();
                        if (mark.value - i).abs() < 1e-6 && i >= 0.0 && (i as usize) < labels.len()
                        {
                            labels[i as usize].clone()
                        } else {
                            String::new()
                        }
                    }),
            ]);
        plot = match log_base {
            Some(base) => plot
                .y_grid_spacer(|input: GridInput| integer_marks(input.bounds))
                .y_axis_formatter(move |mark: GridMark, _| compact(10f64.powf(mark.value + base))),
            None => plot.y_axis_formatter(|mark: GridMark, _| compact(mark.value)),
        };
        plot.show(ui, |plot| {
            plot.bar_chart(BarChart::new(title, bars).color(colour));
            for (x, h, text) in labels_above {
                plot.text(
                    Text::new("", PlotPoint::new(x, h), RichText::new(text).small())
                        .anchor(egui::Align2::CENTER_BOTTOM),
                );
            }
        });
    });
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

    #[test]
    fn compact_numbers() {
        assert_eq!(compact(950.0), "950");
        assert_eq!(compact(12_000.0), "12k");
        assert_eq!(compact(3_400_000.0), "3.4M");
        assert_eq!(compact(1.0), "1");
        assert_eq!(compact(275.16), "275");
        assert_eq!(compact(3.64), "3.64");
        assert_eq!(compact(780_757.0), "781k");
        assert_eq!(compact(1_000.0), "1k");
        assert_eq!(compact(0.0), "0");
        assert_eq!(compact(0.5), "0.5");
        assert_eq!(compact(0.001), "0.001");
        assert_eq!(compact(0.0001), "0.0001");
        assert_eq!(compact(0.01234), "0.0123");
    }
}
