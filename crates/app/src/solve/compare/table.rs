//! The comparison table: its rows, the seeds' "insights" columns, the table on screen, and
//! copies as Markdown text or CSV.

use std::sync::Arc;

use egui::{Color32, RichText, Sense, Ui};

use blockslide_core::solve::api::heuristic_title;
use blockslide_core::solve::{SolveReport, Termination};

use super::pairs::ComparePair;
use crate::common::format as fmt;

/// One row of the comparison table.
#[derive(Clone, Debug)]
pub struct CompareRow {
    /// What was asked.
    pub pair: ComparePair,
    /// The report, or why the pair could not run.
    pub result: Result<Arc<SolveReport>, String>,
}

impl CompareRow {
    /// The row's cells, in [`COLUMNS`] order.
    pub fn cells(&self) -> [String; 9] {
        let algorithm = self.pair.algorithm.title().to_string();
        match &self.result {
            Ok(r) => [
                algorithm,
                r.heuristic.clone(),
                r.length().map_or_else(|| "–".into(), |n| n.to_string()),
                r.stats.expanded.to_string(),
                r.stats.generated.to_string(),
                r.stats.max_frontier.to_string(),
                fmt::millis(r.stats.elapsed).replace(',', ""),
                if r.status != Termination::Solved {
                    "–".into()
                } else if r.optimal {
                    "yes".into()
                } else {
                    "no".into()
                },
                if r.notes.iter().any(|n| n == SKIPPED_NOTE) {
                    "skipped".into()
                } else {
                    r.status.name().into()
                },
            ],
            Err(e) => [
                algorithm,
                self.pair.heuristic.clone().unwrap_or_else(|| "–".into()),
                "–".into(),
                "–".into(),
                "–".into(),
                "–".into(),
                "–".into(),
                "–".into(),
                format!("not run: {e}"),
            ],
        }
    }
}

/// The note a pair stopped by Skip carries: its status then reads "skipped".
pub const SKIPPED_NOTE: &str = "Skipped in the comparison.";

/// The table's column titles, as in the seeds' insight tables.
pub const COLUMNS: [&str; 9] = [
    "Algorithm",
    "Heuristic",
    "# Moves in Solution",
    "# States Explored",
    "Generated",
    "Max Frontier",
    "Time (ms)",
    "Guaranteed optimal",
    "Status",
];

/// The rows as a Markdown table, like the seeds' "Insights" tables.
pub fn as_text(rows: &[CompareRow]) -> String {
    let table: Vec<[String; 9]> = rows.iter().map(CompareRow::cells).collect();
    let widths: Vec<usize> = (0..COLUMNS.len())
        .map(|i| {
            table
                .iter()
                .map(|r| r[i].chars().count())
                .chain(std::iter::once(COLUMNS[i].len()))
                .max()
                .unwrap_or(0)
        })
        .collect();
    let line = |cells: Vec<String>| {
        let padded: Vec<String> = cells
            .iter()
            .zip(&widths)
            .map(|(c, w)| format!("{c:<w$}"))
            .collect();
        format!("| {} |\n", padded.join(" | "))
    };
    let mut out = line(COLUMNS.iter().map(ToString::to_string).collect());
    out += &line(widths.iter().map(|w| "-".repeat(*w)).collect());
    for row in table {
        out += &line(row.to_vec());
    }
    out
}

/// The rows as CSV (RFC 4180 quoting).
pub fn as_csv(rows: &[CompareRow]) -> String {
    let quote = |s: &str| {
        if s.contains([',', '"', '\n']) {
            format!("\"{}\"", s.replace('"', "\"\""))
        } else {
            s.to_string()
        }
    };
    let mut out = COLUMNS.map(quote).join(",") + "\n";
    for row in rows {
        out += &(row.cells().map(|c| quote(&c)).join(",") + "\n");
    }
    out
}

/// The table; returns the report of a solved row whose algorithm was clicked. The Algorithm
/// column stays put while the other columns scroll sideways beneath a narrow centre, so each
/// row can still be told by its algorithm. The two parts are grids of one-line cells of the
/// same height, so their rows (and stripes) line up.
pub fn table_ui(ui: &mut Ui, rows: &[CompareRow]) -> Option<Arc<SolveReport>> {
    let mut chosen = None;
    let narrow = ui.available_width() < NARROW;
    ui.horizontal_top(|ui| {
        ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Extend);
        // The parts apart by the grids' own spacing, as if one grid.
        ui.spacing_mut().item_spacing.x = SPACING[0];
        egui::Grid::new("compare table algorithms")
            .num_columns(1)
            .striped(true)
            .spacing(SPACING)
            .show(ui, |ui| {
                // As tall as the other columns' titles, which take two lines in a narrow
                // centre, so that the rows of both grids line up.
                let title = if narrow {
                    format!("{}\n", COLUMNS[0])
                } else {
                    COLUMNS[0].to_string()
                };
                ui.label(RichText::new(title).strong());
                ui.end_row();
                for row in rows {
                    let text = row.cells()[0].clone();
                    match solved(row) {
                        Some(report) => {
                            let link = ui
                                .link(RichText::new(text).strong())
                                .on_hover_text(PLAY_BACK);
                            if link.clicked() {
                                chosen = Some(Arc::clone(report));
                            }
                        }
                        None => {
                            ui.label(RichText::new(text).strong());
                        }
                    }
                    ui.end_row();
                }
            });
        // A solid bar takes a band of its own under the last row: a floating one is drawn
        // over the last row, hiding it.
        ui.spacing_mut().scroll.floating = false;
        egui::ScrollArea::horizontal()
            .id_salt("compare table scroll")
            .show(ui, |ui| {
                ui.horizontal_top(|ui| {
                    if let Some(report) = columns_ui(ui, rows, narrow) {
                        chosen = Some(report);
                    }
                    // Room after the last column, so scrolled to its end it stays clear of
                    // the view's own floating scroll bar at the right edge.
                    ui.add_space(ui.spacing().scroll.allocated_width().max(12.0));
                });
            });
    });
    chosen
}

/// The space between the table's cells.
const SPACING: [f32; 2] = [14.0, 4.0];
/// The space between them in a narrow centre.
const NARROW_SPACING: [f32; 2] = [9.0, 4.0];

/// The hover text of what plays a row's solution back.
const PLAY_BACK: &str = "Play this solution back";

/// The report of `row` if it found a solution, to play back.
fn solved(row: &CompareRow) -> Option<&Arc<SolveReport>> {
    row.result
        .as_ref()
        .ok()
        .filter(|report| report.status == Termination::Solved)
}

/// The columns after the Algorithm column, in the order shown: in a narrow centre (800x600)
/// the ones a class reads first come first and Generated last, under short titles, so that
/// only Generated is left behind the sideways scroll.
const WIDE_ORDER: [usize; 8] = [1, 2, 3, 4, 5, 6, 7, 8];
const NARROW_ORDER: [usize; 8] = [1, 2, 3, 5, 6, 7, 8, 4];

/// The short titles of the columns in a narrow centre (the full ones on hover).
const SHORT: [&str; 9] = [
    "Algorithm",
    "Heuristic",
    "Moves",
    "Explored",
    "Generated",
    "Max\nfrontier",
    "Time\n(ms)",
    "Optimal",
    "Status",
];

/// Below this width of the table's room the table takes its narrow form (the centre of an
/// 800x600 window is about 550 points wide).
const NARROW: f32 = 700.0;

/// The columns after the Algorithm column, `narrow` or not; the solution of a row clicked,
/// if one was.
fn columns_ui(ui: &mut Ui, rows: &[CompareRow], narrow: bool) -> Option<Arc<SolveReport>> {
    let mut chosen = None;
    let order = if narrow { NARROW_ORDER } else { WIDE_ORDER };
    egui::Grid::new("compare table")
        .num_columns(COLUMNS.len() - 1)
        .striped(true)
        .spacing(if narrow { NARROW_SPACING } else { SPACING })
        .show(ui, |ui| {
            // The length counted in the runs' metric ("# Slides in Solution"); the copies
            // keep the seeds' title.
            let metric = rows
                .iter()
                .find_map(|r| r.result.as_ref().ok().map(|report| report.metric));
            for i in order {
                let full = match metric {
                    Some(metric) if i == 2 => {
                        format!("# {}s in Solution", fmt::sentence(metric.name()))
                    }
                    _ => COLUMNS[i].to_string(),
                };
                let title = match metric {
                    Some(metric) if narrow && i == 2 => {
                        fmt::sentence(&format!("{}s", metric.name()))
                    }
                    _ if narrow => SHORT[i].to_string(),
                    _ => full.clone(),
                };
                let header = ui.label(RichText::new(title).strong());
                let header = if narrow {
                    header.on_hover_text(full)
                } else {
                    header
                };
                if i == 7 {
                    // "no" reads as "this solution is too long" without it, even when
                    // the length found equals the optimum.
                    header.on_hover_text(
                        "Whether the algorithm guarantees a shortest solution. \"no\" does \
                         not mean this solution is longer than the shortest: compare its \
                         length with an optimal algorithm's.",
                    );
                }
            }
            ui.end_row();
            for row in rows {
                let cells = row.cells();
                // On screen every count has separators, the length too (the copies keep
                // plain digits for spreadsheets); a narrow table names heuristics by id.
                let numeric = |i: usize, text: &str| -> String {
                    match (i, text.parse::<u64>()) {
                        (2..=6, Ok(v)) => fmt::thousands(v),
                        (1, _) if text != "–" && !narrow => heuristic_title(text),
                        _ => text.to_string(),
                    }
                };
                let solved = solved(row);
                for i in order {
                    let cell = &cells[i];
                    let text = RichText::new(numeric(i, cell));
                    let text = match (i, cell.as_str()) {
                        (7, "yes") => text.color(Color32::from_rgb(0x2e, 0x9e, 0x4f)),
                        (7, "no") => text.color(ui.visuals().warn_fg_color),
                        (2..=6, _) => text.monospace(),
                        _ => text,
                    };
                    // Any cell of a solved row plays its solution back, as its name does.
                    let sense = if solved.is_some() {
                        Sense::click()
                    } else {
                        Sense::hover()
                    };
                    let response = ui.add(egui::Label::new(text).sense(sense));
                    if let Some(report) = solved
                        && response.on_hover_text(PLAY_BACK).clicked()
                    {
                        chosen = Some(Arc::clone(report));
                    }
                }
                ui.end_row();
            }
        });
    chosen
}

#[cfg(test)]
mod tests {
    use super::*;
    use blockslide_core::solve::Algorithm;

    fn failed_row(algorithm: Algorithm) -> CompareRow {
        CompareRow {
            pair: ComparePair::new(algorithm, None),
            result: Err("needs a complete goal, \"sorry\"".into()),
        }
    }

    #[test]
    fn csv_quotes_cells_with_commas_and_quotes() {
        let csv = as_csv(&[failed_row(Algorithm::Bibfs)]);
        let mut lines = csv.lines();
        assert_eq!(lines.next().unwrap().split(',').count(), COLUMNS.len());
        let row = lines.next().unwrap();
        assert!(row.starts_with("Bidirectional BFS,–,"), "{row}");
        assert!(
            row.ends_with("\"not run: needs a complete goal, \"\"sorry\"\"\""),
            "{row}"
        );
    }

    #[test]
    fn text_table_has_a_header_rule_and_aligned_columns() {
        let text = as_text(&[failed_row(Algorithm::Bfs), failed_row(Algorithm::Idastar)]);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 4);
        assert!(lines[0].starts_with("| Algorithm"));
        assert!(lines[1].starts_with("| ---"));
        let width = lines[0].chars().count();
        assert!(lines.iter().all(|l| l.chars().count() == width), "{text}");
    }
}
