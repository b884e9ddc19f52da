//! The live progress line of long commands: while a search, count or analysis runs, and only
//! when standard error is a terminal, one line shows the depth or bound, the states expanded,
//! the rate, the memory and the time, redrawn a few times a second and cleared at the end, so
//! a two-minute search is never mistaken for a hang. Nothing is drawn when the output is piped
//! or with `--quiet`.

use std::io::IsTerminal as _;
use std::time::Duration;

use blockslide_core::solve::Stats;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use blockslide_core::model::text::{bytes, thousands};

/// The progress line of one command; cleared when dropped, before the command prints.
pub struct ProgressLine {
    bar: Option<ProgressBar>,
}

impl ProgressLine {
    /// A line for `what` ("solving", "counting", ...) when `shown`, else one that draws
    /// nothing.
    pub fn new(what: &str, shown: bool) -> ProgressLine {
        let bar = shown.then(|| {
            let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr_with_hz(10));
            bar.set_style(
                ProgressStyle::with_template("{spinner} {prefix}: {msg}")
                    .unwrap_or_else(|_| ProgressStyle::default_spinner()),
            );
            bar.set_prefix(what.to_string());
            bar.set_message("starting");
            bar.enable_steady_tick(Duration::from_millis(200));
            bar
        });
        ProgressLine { bar }
    }

    /// Whether a line is shown: standard error is a terminal and `--quiet` was not given.
    pub fn wanted(quiet: bool) -> bool {
        !quiet && std::io::stderr().is_terminal()
    }

    /// The sink for a search's progress reports, when a line is shown.
    pub fn sink(&self) -> Option<Box<blockslide_core::solve::core::ProgressFn>> {
        let bar = self.bar.clone()?;
        Some(Box::new(move |stats: &Stats| {
            bar.set_message(message(stats));
        }))
    }

    /// Shows `text` as the line's message (a command that counts its own steps).
    pub fn message(&self, text: &str) {
        if let Some(bar) = &self.bar {
            bar.set_message(text.to_string());
        }
    }
}

impl Drop for ProgressLine {
    fn drop(&mut self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

/// The line's text: `depth 42 · 1,234,567 states · 2.3 M/s · 11.9 MiB · 3.4 s`.
pub fn message(stats: &Stats) -> String {
    format!(
        "depth {} · {} states · {} · {} · {:.1} s",
        stats.depth,
        thousands(stats.expanded),
        rate(stats.nodes_per_second()),
        bytes(stats.peak_memory_bytes),
        stats.elapsed.as_secs_f64()
    )
}

fn rate(per_second: f64) -> String {
    if per_second >= 1e6 {
        format!("{:.1} M/s", per_second / 1e6)
    } else if per_second >= 1e3 {
        format!("{:.1} k/s", per_second / 1e3)
    } else {
        format!("{per_second:.0}/s")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_line_reads_depth_states_rate_memory_and_time() {
        let stats = Stats {
            depth: 42,
            expanded: 1_234_567,
            peak_memory_bytes: 12_500_000,
            elapsed: Duration::from_millis(500),
            ..Stats::default()
        };
        assert_eq!(
            message(&stats),
            "depth 42 · 1,234,567 states · 2.5 M/s · 11.9 MiB · 0.5 s"
        );
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1000), "1,000");
        assert_eq!(rate(1500.0), "1.5 k/s");
        assert_eq!(rate(12.0), "12/s");
    }

    #[test]
    fn a_hidden_line_has_no_sink() {
        assert!(ProgressLine::new("counting", false).sink().is_none());
    }
}
