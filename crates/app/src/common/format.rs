//! Words for numbers, times, sizes, metrics and outcomes, shared by the solver panel, the
//! comparison table, playback and play, so every view writes them the same way.

use std::time::Duration;

pub use blockslide_core::model::text::{bytes, thousands};

use blockslide_core::model::Metric;
use blockslide_core::solve::{SolveReport, Termination};

/// `n` things with the noun in the right number and the count with separators: `1 piece`,
/// `2 pieces`, `1,024 cells`. `plural` is the noun's plural, `singular` its singular.
pub fn counted(n: usize, singular: &str, plural: &str) -> String {
    let noun = if n == 1 { singular } else { plural };
    format!("{} {noun}", thousands(n as u64))
}

/// A rate per second, rounded to a readable precision: `1.2 M/s`, `35.0 k/s`, `950/s`.
pub fn rate(per_second: f64) -> String {
    if per_second >= 1e6 {
        format!("{:.1} M/s", per_second / 1e6)
    } else if per_second >= 1e3 {
        format!("{:.1} k/s", per_second / 1e3)
    } else {
        format!("{per_second:.0}/s")
    }
}

/// A duration in the unit that suits it: `850 µs`, `12.3 ms`, `4.56 s`, `3 min 05 s`.
pub fn duration(d: Duration) -> String {
    let secs = d.as_secs_f64();
    if secs < 1e-3 {
        format!("{} µs", d.as_micros())
    } else if secs < 1.0 {
        format!("{:.1} ms", secs * 1e3)
    } else if secs < 60.0 {
        format!("{secs:.2} s")
    } else {
        let whole = d.as_secs();
        format!("{} min {:02} s", whole / 60, whole % 60)
    }
}

/// Milliseconds with three significant digits and at most four decimals, for tables and
/// charts: `0.042`, `1.23`, `12.3`, `275`, `1,234`. A fast run never reads as `0.0`.
pub fn millis(d: Duration) -> String {
    let ms = d.as_secs_f64() * 1e3;
    if ms >= 1000.0 {
        thousands(ms.round() as u64)
    } else if ms >= 100.0 {
        format!("{ms:.0}")
    } else if ms >= 10.0 {
        format!("{ms:.1}")
    } else if ms >= 1.0 {
        format!("{ms:.2}")
    } else if ms >= 0.01 {
        format!("{ms:.3}")
    } else {
        format!("{ms:.4}")
    }
}

/// `text` with its first letter in upper case, for messages that start a sentence.
pub fn sentence(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |c| {
        c.to_uppercase().collect::<String>() + chars.as_str()
    })
}

/// A one-line summary of a report ("Solved: 81 moves (116 steps), optimal").
pub fn headline(report: &SolveReport) -> String {
    match report.status {
        Termination::Solved => {
            let length = report.length().unwrap_or_default();
            let steps = report.steps().unwrap_or_default();
            let unit = unit_name(report.metric, length);
            let optimality = if report.optimal {
                "optimal"
            } else {
                "not guaranteed optimal"
            };
            if report.metric == Metric::Step {
                format!("Solved: {length} {unit}, {optimality}")
            } else {
                format!("Solved: {length} {unit} ({steps} steps), {optimality}")
            }
        }
        Termination::Unsolvable => "Unsolvable: no reachable position satisfies the goal".into(),
        Termination::NodeLimit => "Stopped: the node limit was reached".into(),
        Termination::TimeLimit => "Stopped: the time limit was reached".into(),
        Termination::MemoryLimit => "Stopped: the memory limit was reached".into(),
        Termination::Cancelled => "Search cancelled".into(),
        Termination::DepthLimit => "Stopped: no solution within the depth cap".into(),
        Termination::TraceLimit => "Stopped: the trace is full".into(),
    }
}

/// "move"/"moves", "step"/"steps", "slide"/"slides" for `n`.
pub fn unit_name(metric: Metric, n: usize) -> String {
    let word = metric.name();
    if n == 1 {
        word.to_string()
    } else {
        format!("{word}s")
    }
}

/// `n` units of `metric`, as words ("1 move", "81 moves", "14 steps").
pub fn amount(metric: Metric, n: u32) -> String {
    format!("{n} {}", unit_name(metric, n as usize))
}

/// The metric's name in menus.
pub fn metric_title(metric: Metric) -> &'static str {
    match metric {
        Metric::Step => "step (one cell)",
        Metric::Slide => "slide (straight line)",
        Metric::Move => "move (any path)",
    }
}

/// `n` in at most four characters, as a folded Watch node's "+N" shows it: 950, 1.5k, 15k,
/// 150k, 1.5M.
pub fn count_short(n: usize) -> String {
    match n {
        0..1000 => n.to_string(),
        1000..10_000 => format!("{}.{}k", n / 1000, n / 100 % 10),
        10_000..1_000_000 => format!("{}k", n / 1000),
        _ => format!("{}.{}M", n / 1_000_000, n / 100_000 % 10),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sentences_start_with_a_capital() {
        assert_eq!(sentence("piece `A` cannot move"), "Piece `A` cannot move");
        assert_eq!(sentence(""), "");
    }

    #[test]
    fn counted_nouns_agree_with_their_number() {
        assert_eq!(counted(1, "piece", "pieces"), "1 piece");
        assert_eq!(counted(0, "piece", "pieces"), "0 pieces");
        assert_eq!(counted(1024, "cell", "cells"), "1,024 cells");
    }

    #[test]
    fn counts_get_separators() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1000), "1,000");
        assert_eq!(thousands(3_672_809), "3,672,809");
    }

    #[test]
    fn milliseconds_keep_three_significant_digits() {
        assert_eq!(millis(Duration::from_micros(42)), "0.042");
        assert_eq!(millis(Duration::from_micros(1_234)), "1.23");
        assert_eq!(millis(Duration::from_micros(275_160)), "275");
        assert_eq!(millis(Duration::from_millis(61_700)), "61,700");
        assert_eq!(millis(Duration::from_micros(3)), "0.0030");
    }

    #[test]
    fn durations_pick_a_unit() {
        assert_eq!(duration(Duration::from_micros(850)), "850 µs");
        assert_eq!(duration(Duration::from_micros(12_340)), "12.3 ms");
        assert_eq!(duration(Duration::from_millis(4_560)), "4.56 s");
        assert_eq!(duration(Duration::from_secs(185)), "3 min 05 s");
    }

    #[test]
    fn bytes_and_rates_are_readable() {
        assert_eq!(bytes(512), "512 B");
        assert_eq!(bytes(3 * 1024 + 400), "3.4 KiB");
        assert_eq!(bytes(3 << 29), "1.50 GiB");
        assert_eq!(rate(1_234_567.0), "1.2 M/s");
        assert_eq!(rate(950.0), "950/s");
    }

    #[test]
    fn counts_are_short() {
        for (n, text) in [
            (0, "0"),
            (999, "999"),
            (1000, "1.0k"),
            (9_999, "9.9k"),
            (10_000, "10k"),
            (999_999, "999k"),
            (1_500_000, "1.5M"),
            (99_999_999, "99.9M"),
        ] {
            assert_eq!(count_short(n), text);
        }
    }
}
