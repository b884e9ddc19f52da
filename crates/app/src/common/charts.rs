//! The tool windows' charts over `egui_plot`: bars (histograms) and lines, with markers
//! dashed across them, in one look: fixed in place (no drag, zoom or scroll), at the size
//! the window gives, on axes of whole numbers, compact numbers or powers of ten. A window
//! says what to draw ([`Chart`] and its [`Layer`]s); [`chart_ui`] draws it.

use egui::{Color32, Response, Ui};
use egui_plot::{
    Bar, BarChart, GridInput, GridMark, HLine, Line, LineStyle, Plot, PlotPoints, VLine,
};

/// A chart: its size, what its axes take in and how they read, and what it draws.
pub struct Chart {
    /// The plot's id (egui keeps its bounds under it).
    pub id: &'static str,
    /// Its size in points.
    pub width: f32,
    /// Its height in points.
    pub height: f32,
    /// The span of the horizontal axis shown (at least).
    pub x: (f64, f64),
    /// The span of the vertical axis shown (at least).
    pub y: (f64, f64),
    /// How the horizontal axis reads.
    pub x_axis: Axis,
    /// How the vertical axis reads.
    pub y_axis: Axis,
    /// The horizontal axis's name, if it has one.
    pub x_label: Option<String>,
    /// The vertical axis's name, if it has one.
    pub y_label: Option<String>,
    /// The plot's accessible name, if it has one.
    pub accessible: Option<&'static str>,
    /// What it draws, in order: a later layer over an earlier one.
    pub layers: Vec<Layer>,
}

/// How an axis is marked and its numbers written.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Axis {
    /// `egui_plot`'s own marks and numbers.
    Plain,
    /// Marks at whole numbers a round step apart, at most this many steps across.
    Whole(f64),
    /// `egui_plot`'s own marks, numbers written compactly (12k, 3.4M).
    Compact,
    /// A log scale: a mark at `v` stands for `10^(v - 1)`, the axis's 0 for none.
    Log,
}

/// One bar: where it stands, how tall it is, and what hovering it says.
pub struct BarAt {
    /// Its place on the horizontal axis.
    pub x: f64,
    /// Its height.
    pub height: f64,
    /// What hovering it says.
    pub name: String,
}

/// What a chart draws.
pub enum Layer {
    /// Bars in one colour.
    Bars {
        /// The series' name.
        name: String,
        /// Its colour.
        color: Color32,
        /// The bars.
        bars: Vec<BarAt>,
    },
    /// A dashed line across the chart at a place on the horizontal axis.
    Across {
        /// What it marks.
        name: String,
        /// Where.
        x: f64,
        /// Its colour.
        color: Color32,
    },
    /// A dashed line along the chart at a height.
    Along {
        /// What it marks.
        name: String,
        /// At which height.
        y: f64,
        /// Its colour.
        color: Color32,
    },
    /// A solid line through points.
    Line {
        /// The line's name.
        name: String,
        /// Its points, left to right.
        points: Vec<[f64; 2]>,
        /// Its colour.
        color: Color32,
        /// Its width in points.
        width: f32,
    },
}

impl Axis {
    /// Whole numbers a round step (1, 2, 5, 10, 20, 50, …) apart, about eight labels at most:
    /// an axis of distances or moves.
    pub const WHOLE: Axis = Axis::Whole(8.0);
}

/// The width bars take of their step.
const BAR_WIDTH: f64 = 0.8;

/// A plot `width` by `height` that holds still: no drag, zoom, scroll or boxed zoom, since
/// every chart of the app shows a fixed figure and the wheel must scroll its page.
pub fn still_plot<'a>(id: impl egui::AsIdSalt, width: f32, height: f32) -> Plot<'a> {
    Plot::new(id)
        .width(width)
        .height(height)
        .allow_drag(false)
        .allow_zoom(false)
        .allow_scroll(false)
        .allow_boxed_zoom(false)
}

/// Draws `chart`.
pub fn chart_ui(ui: &mut Ui, chart: Chart) -> Response {
    let Chart {
        id,
        width,
        height,
        x,
        y,
        x_axis,
        y_axis,
        x_label,
        y_label,
        accessible,
        layers,
    } = chart;
    let mut plot = still_plot(id, width, height)
        .include_x(x.0)
        .include_x(x.1)
        .include_y(y.0)
        .include_y(y.1);
    plot = match x_axis {
        Axis::Plain => plot,
        Axis::Whole(intervals) => plot
            .x_grid_spacer(move |input: GridInput| whole_marks_within(input.bounds, intervals))
            .x_axis_formatter(|mark, _| format!("{:.0}", mark.value)),
        Axis::Compact => plot.x_axis_formatter(|mark, _| compact(mark.value)),
        Axis::Log => plot
            .x_grid_spacer(|input: GridInput| log_marks(input.bounds))
            .x_axis_formatter(|mark, _| log_number(mark.value)),
    };
    plot = match y_axis {
        Axis::Plain => plot,
        Axis::Whole(intervals) => plot
            .y_grid_spacer(move |input: GridInput| whole_marks_within(input.bounds, intervals))
            .y_axis_formatter(|mark, _| format!("{:.0}", mark.value)),
        Axis::Compact => plot.y_axis_formatter(|mark, _| compact(mark.value)),
        Axis::Log => plot
            .y_grid_spacer(|input: GridInput| log_marks(input.bounds))
            .y_axis_formatter(|mark, _| log_number(mark.value))
            // Room for "100k" from the first frame.
            .y_axis_min_width(30.0),
    };
    if let Some(label) = x_label {
        plot = plot.x_axis_label(label);
    }
    if let Some(label) = y_label {
        plot = plot.y_axis_label(label);
    }
    let response = plot
        .show(ui, |plot| {
            for layer in layers {
                match layer {
                    Layer::Bars { name, color, bars } => {
                        let bars = bars
                            .into_iter()
                            .map(|bar| {
                                Bar::new(bar.x, bar.height)
                                    .width(BAR_WIDTH)
                                    .name(bar.name)
                                    .fill(color)
                            })
                            .collect();
                        plot.bar_chart(BarChart::new(name, bars).color(color));
                    }
                    Layer::Across { name, x, color } => plot.vline(
                        VLine::new(name, x)
                            .color(color)
                            .style(LineStyle::dashed_loose()),
                    ),
                    Layer::Along { name, y, color } => plot.hline(
                        HLine::new(name, y)
                            .color(color)
                            .style(LineStyle::dashed_loose()),
                    ),
                    Layer::Line {
                        name,
                        points,
                        color,
                        width,
                    } => plot.line(
                        Line::new(name, PlotPoints::new(points))
                            .color(color)
                            .width(width)
                            // A step's two points share an x, which banding would draw as a
                            // block.
                            .allow_band(false),
                    ),
                }
            }
        })
        .response;
    if let Some(label) = accessible {
        response
            .widget_info(|| egui::WidgetInfo::labeled(egui::accesskit::Role::Canvas, true, label));
    }
    response
}

/// A log axis's number: the count a mark stands for, none at the axis's foot.
fn log_number(value: f64) -> String {
    if value < 1.0 {
        String::new()
    } else {
        compact(10f64.powf(value - 1.0))
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

/// Grid marks at whole numbers, a round step apart (1, 2, 5, 10, 20, 50, …), at most
/// `intervals` steps across `bounds`: a short axis needs few, or `egui_plot` leaves out labels
/// that come too close.
fn whole_marks_within(bounds: (f64, f64), intervals: f64) -> Vec<GridMark> {
    let span = (bounds.1 - bounds.0).max(1.0);
    let mut step = 1.0;
    for factor in [2.0, 2.5, 2.0].into_iter().cycle() {
        if span / step <= intervals {
            break;
        }
        step *= factor;
    }
    multiples_within(bounds, step)
}

/// Grid marks for a log scale: whole powers of ten, at most four of them, so
/// their labels stay legible in a short plot.
fn log_marks(bounds: (f64, f64)) -> Vec<GridMark> {
    let step = ((bounds.1 - bounds.0) / 4.0).ceil().max(1.0);
    multiples_within(bounds, step)
}

/// A mark at every whole multiple of `step` within `bounds` (from 0 up).
fn multiples_within(bounds: (f64, f64), step: f64) -> Vec<GridMark> {
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

#[cfg(test)]
mod tests {
    use super::*;

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

    #[test]
    fn axis_marks_are_round_and_few() {
        let values = |bounds| -> Vec<f64> {
            whole_marks_within(bounds, 8.0)
                .iter()
                .map(|m| m.value)
                .collect()
        };
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
    fn the_log_scale_has_a_few_whole_marks() {
        let values = |bounds| -> Vec<f64> { log_marks(bounds).iter().map(|m| m.value).collect() };
        assert_eq!(values((0.0, 3.5)), vec![0.0, 1.0, 2.0, 3.0]);
        assert_eq!(values((-0.2, 6.4)), vec![0.0, 2.0, 4.0, 6.0]);
    }
}
