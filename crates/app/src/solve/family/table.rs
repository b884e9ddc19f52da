//! The family's puzzles on screen: the histogram of hardest lengths, and the table, filtered
//! and sorted, drawn a screenful of rows at a time (a family can have millions).

use std::time::{Duration, Instant};

use egui::{Align2, Color32, FontId, RichText, Role, Sense, Ui, WidgetInfo};

use blockslide_core::solve::family::FamilySummary;

use super::listing::{FamilyPuzzle, Listing};
use crate::common::charts::{Axis, BarAt, Chart, Layer, chart_ui};
use crate::common::format as fmt;

/// The largest hardest length the filter takes (no family comes near it).
pub const MAX_MOVES: u32 = 200;

/// A sorted table is sorted again at most this often while a run adds rows: sorting
/// millions of rows every frame would stall the window.
const RESORT_EVERY: Duration = Duration::from_millis(500);

/// The height of a row of the table.
const ROW_HEIGHT: f32 = 18.0;

/// Bars inside the filter.
const SHOWN: Color32 = Color32::from_rgb(0x3d, 0x7e, 0xc9);
/// Bars the filter leaves out.
const HIDDEN: Color32 = Color32::from_gray(150);

/// A column of the table; clicking its header sorts by it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Column {
    /// The row's place in the family's order.
    Number,
    /// The hardest start's length.
    Moves,
    /// The cluster's positions.
    Positions,
    /// Pieces (vehicles), the goal piece included.
    Pieces,
    /// Walls.
    Walls,
    /// Whether the hardest start is minimal.
    Minimal,
}

impl Column {
    /// Every column, left to right.
    pub const ALL: [Column; 6] = [
        Column::Number,
        Column::Moves,
        Column::Positions,
        Column::Pieces,
        Column::Walls,
        Column::Minimal,
    ];

    /// The header's text.
    pub fn title(self) -> &'static str {
        match self {
            Column::Number => "#",
            Column::Moves => "Moves",
            Column::Positions => "Positions",
            Column::Pieces => "Pieces",
            Column::Walls => "Walls",
            Column::Minimal => "Minimal",
        }
    }

    fn width(self) -> f32 {
        match self {
            Column::Number => 64.0,
            Column::Positions => 92.0,
            Column::Moves | Column::Minimal => 70.0,
            Column::Pieces => 62.0,
            Column::Walls => 56.0,
        }
    }

    fn help(self) -> &'static str {
        match self {
            Column::Number => "The puzzle's place in the family's order",
            Column::Moves => "How many moves the hardest start of the cluster needs",
            Column::Positions => "How many positions the cluster has",
            Column::Pieces => "Pieces, the goal piece (the red car) included",
            Column::Walls => "Walls on the board",
            Column::Minimal => "Taking out any piece or wall makes the puzzle easier",
        }
    }

    fn key(self, number: usize, puzzle: &FamilyPuzzle) -> u64 {
        match self {
            Column::Number => number as u64,
            Column::Moves => u64::from(puzzle.moves),
            Column::Positions => puzzle.positions,
            Column::Pieces => u64::from(puzzle.pieces),
            Column::Walls => u64::from(puzzle.walls),
            Column::Minimal => u64::from(puzzle.minimal),
        }
    }

    fn cell(self, number: usize, puzzle: &FamilyPuzzle) -> String {
        match self {
            Column::Number => fmt::thousands(number as u64 + 1),
            Column::Minimal => if puzzle.minimal { "yes" } else { "no" }.to_string(),
            other => fmt::thousands(other.key(number, puzzle)),
        }
    }
}

/// Which puzzles the table shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Filter {
    /// Fewest moves.
    pub min_moves: u32,
    /// Most moves.
    pub max_moves: u32,
    /// Only minimal puzzles.
    pub minimal_only: bool,
}

impl Default for Filter {
    fn default() -> Self {
        Filter {
            min_moves: 0,
            max_moves: MAX_MOVES,
            minimal_only: false,
        }
    }
}

impl Filter {
    /// Whether the table shows `puzzle`.
    pub fn keeps(&self, puzzle: &FamilyPuzzle) -> bool {
        (self.min_moves..=self.max_moves).contains(&puzzle.moves)
            && (puzzle.minimal || !self.minimal_only)
    }
}

/// The order of the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sort {
    /// The column sorted by; ties keep the family's order.
    pub column: Column,
    /// Largest first.
    pub descending: bool,
}

impl Default for Sort {
    /// The hardest puzzles first.
    fn default() -> Self {
        Sort {
            column: Column::Moves,
            descending: true,
        }
    }
}

/// The table's state: the filter, the order, the rows they give, and the selection.
#[derive(Debug, Default)]
pub struct Table {
    /// Which puzzles show.
    pub filter: Filter,
    /// Their order.
    pub sort: Sort,
    /// The listing's rows shown, by index, in order.
    rows: Vec<u32>,
    /// What `rows` was made from: the listing's length, the filter and the order.
    built: Option<(usize, Filter, Sort)>,
    built_at: Option<Instant>,
    /// How long the last rebuild took: a run's rows are sorted again at most a tenth of the
    /// time, so sorting never takes over the window.
    build_time: Duration,
    /// The selected row of the listing.
    selected: Option<usize>,
}

impl Table {
    /// The listing's rows shown (their indices), in the table's order.
    pub fn rows(&self) -> &[u32] {
        &self.rows
    }

    /// The selected row of the listing.
    pub fn selected(&self) -> Option<usize> {
        self.selected
    }

    /// Forgets the rows and the selection (a new listing); the filter and order stay.
    pub fn clear(&mut self) {
        self.rows.clear();
        self.built = None;
        self.selected = None;
    }

    /// Brings the rows up to date with `puzzles`. While `running` adds rows, a sorted
    /// table is sorted again only every [`RESORT_EVERY`].
    pub fn refresh(&mut self, puzzles: &[FamilyPuzzle], running: bool) {
        let wanted = (puzzles.len(), self.filter, self.sort);
        let Some(built) = self.built else {
            return self.rebuild(puzzles);
        };
        if built == wanted {
            return;
        }
        let same_view = (built.1, built.2) == (self.filter, self.sort);
        let in_order = self.sort
            == Sort {
                column: Column::Number,
                descending: false,
            };
        if same_view && in_order && built.0 <= puzzles.len() {
            // New rows of the family's order go at the end.
            self.rows.extend(
                (built.0..puzzles.len())
                    .filter(|&i| self.filter.keeps(&puzzles[i]))
                    .map(|i| i as u32),
            );
            self.built = Some(wanted);
        } else if !(same_view
            && running
            && self
                .built_at
                .is_some_and(|t| t.elapsed() < RESORT_EVERY.max(self.build_time * 10)))
        {
            self.rebuild(puzzles);
        }
    }

    fn rebuild(&mut self, puzzles: &[FamilyPuzzle]) {
        let started = Instant::now();
        let filter = self.filter;
        let kept = (0..puzzles.len())
            .filter(|&i| filter.keeps(&puzzles[i]))
            .map(|i| i as u32);
        let Sort { column, descending } = self.sort;
        self.rows = match column {
            Column::Number => {
                let mut rows: Vec<u32> = kept.collect();
                if descending {
                    rows.reverse();
                }
                rows
            }
            Column::Positions => {
                let mut rows: Vec<u32> = kept.collect();
                rows.sort_unstable_by(|&a, &b| {
                    let (a, b) = (a as usize, b as usize);
                    let by_key = puzzles[a].positions.cmp(&puzzles[b].positions);
                    let by_key = if descending { by_key.reverse() } else { by_key };
                    by_key.then(a.cmp(&b))
                });
                rows
            }
            // Keys of a few dozen values: a bucket per value sorts millions of rows in one
            // pass, each bucket in the family's order.
            Column::Moves | Column::Pieces | Column::Walls | Column::Minimal => {
                let mut buckets: Vec<Vec<u32>> = Vec::new();
                for i in kept {
                    let key = column.key(i as usize, &puzzles[i as usize]) as usize;
                    if buckets.len() <= key {
                        buckets.resize_with(key + 1, Vec::new);
                    }
                    buckets[key].push(i);
                }
                if descending {
                    buckets.reverse();
                }
                buckets.concat()
            }
        };
        self.built = Some((puzzles.len(), self.filter, self.sort));
        self.built_at = Some(Instant::now());
        self.build_time = started.elapsed();
    }

    /// Sorts by `column`, or the other way round when it is already sorted by it.
    fn sort_by(&mut self, column: Column) {
        self.sort = if self.sort.column == column {
            Sort {
                column,
                descending: !self.sort.descending,
            }
        } else {
            // Counts read best largest first; the family's order from its start.
            Sort {
                column,
                descending: column != Column::Number,
            }
        };
    }

    /// Selects row `index` of the listing (or none).
    pub fn select(&mut self, index: Option<usize>) {
        self.selected = index;
    }
}

/// The accessible name of a row of the table.
fn row_label(number: usize, puzzle: &FamilyPuzzle) -> String {
    format!(
        "Puzzle {}: {}, {} positions, {}, {}{}",
        number + 1,
        fmt::counted(puzzle.moves as usize, "move", "moves"),
        fmt::thousands(puzzle.positions),
        fmt::counted(usize::from(puzzle.pieces), "piece", "pieces"),
        fmt::counted(usize::from(puzzle.walls), "wall", "walls"),
        if puzzle.minimal { ", minimal" } else { "" }
    )
}

/// The table: a header that sorts, and the rows shown, as many as fit in `height` points,
/// scrolled; clicking a row selects it.
pub fn table_ui(ui: &mut Ui, table: &mut Table, listing: &Listing, height: f32) {
    let spacing = ui.spacing().item_spacing.x;
    let width: f32 = Column::ALL.iter().map(|c| c.width() + spacing).sum();
    ui.horizontal(|ui| {
        for column in Column::ALL {
            let sorted = table.sort.column == column;
            let header = ui
                .add_sized(
                    [column.width(), ROW_HEIGHT + 2.0],
                    egui::Button::selectable(sorted, RichText::new(column.title()).strong()),
                )
                .accessible_name(format!("Sort by {}", column.title()))
                .on_hover_text(format!(
                    "{}: click to sort, again to reverse",
                    column.help()
                ));
            if sorted {
                sort_arrow(ui, header.rect, table.sort.descending);
            }
            if header.clicked() {
                table.sort_by(column);
            }
        }
    });
    let puzzles = listing.puzzles();
    let mut clicked = None;
    egui::ScrollArea::vertical()
        .id_salt("family rows")
        .max_height(height)
        .min_scrolled_height(height)
        .auto_shrink([true, false])
        .show_rows(ui, ROW_HEIGHT, table.rows.len(), |ui, range| {
            for &index in &table.rows[range] {
                let index = index as usize;
                let selected = table.selected == Some(index);
                if row_ui(ui, index, &puzzles[index], selected, width) {
                    clicked = Some(index);
                }
            }
        });
    if clicked.is_some() {
        table.selected = clicked;
    }
}

/// A small triangle at the right of a sorted column's header, pointing down when the largest
/// come first (the app's fonts have no arrow glyphs).
fn sort_arrow(ui: &Ui, rect: egui::Rect, descending: bool) {
    let center = egui::pos2(rect.right() - 7.0, rect.center().y);
    let (w, h) = (4.0, if descending { 3.0 } else { -3.0 });
    let points = vec![
        center + egui::vec2(-w, -h),
        center + egui::vec2(w, -h),
        center + egui::vec2(0.0, h),
    ];
    let color = ui.visuals().strong_text_color();
    ui.painter().add(egui::Shape::convex_polygon(
        points,
        color,
        egui::Stroke::NONE,
    ));
}

/// One row of the table, painted cell by cell under the header's columns; whether it was
/// clicked.
fn row_ui(ui: &mut Ui, index: usize, puzzle: &FamilyPuzzle, selected: bool, width: f32) -> bool {
    let (rect, response) = ui.allocate_exact_size(egui::vec2(width, ROW_HEIGHT), Sense::click());
    let label = row_label(index, puzzle);
    response.widget_info(|| WidgetInfo::selected(Role::Button, true, selected, &label));
    let visuals = ui.visuals();
    let (fill, text) = if selected {
        (visuals.selection.bg_fill, visuals.selection.stroke.color)
    } else if response.hovered() {
        (
            visuals.widgets.hovered.weak_bg_fill,
            visuals.strong_text_color(),
        )
    } else if index % 2 == 1 {
        (visuals.faint_bg_color, visuals.text_color())
    } else {
        (Color32::TRANSPARENT, visuals.text_color())
    };
    let painter = ui.painter();
    painter.rect_filled(rect, 2.0, fill);
    let spacing = ui.spacing().item_spacing.x;
    let mut x = rect.left();
    for column in Column::ALL {
        // Centred under the header's centred title.
        painter.text(
            egui::pos2(x + column.width() / 2.0, rect.center().y),
            Align2::CENTER_CENTER,
            column.cell(index, puzzle),
            FontId::proportional(13.0),
            text,
        );
        x += column.width() + spacing;
    }
    response.clicked()
}

/// How many solvable clusters need each number of moves, on a log scale (a family has
/// thousands of easy clusters and a handful of hard ones); the filter's lengths in colour.
pub fn lengths_ui(ui: &mut Ui, summary: &FamilySummary, filter: &Filter, width: f32) {
    let height = |count: u64| 1.0 + (count as f64).log10();
    let (mut shown, mut hidden) = (Vec::new(), Vec::new());
    for (moves, &count) in summary.by_moves.iter().enumerate() {
        if count == 0 {
            continue;
        }
        let bar = BarAt {
            x: moves as f64,
            height: height(count),
            name: format!(
                "{}: {}",
                fmt::counted(moves, "move", "moves"),
                fmt::counted(count as usize, "cluster", "clusters")
            ),
        };
        if (filter.min_moves..=filter.max_moves).contains(&(moves as u32)) {
            shown.push(bar);
        } else {
            hidden.push(bar);
        }
    }
    let top = summary.by_moves.iter().copied().max().unwrap_or(1).max(1);
    ui.label(RichText::new("Clusters by moves of the hardest start").strong())
        .on_hover_text("Solvable clusters, on a log scale: 1, 10, 100, …");
    chart_ui(
        ui,
        Chart {
            id: "family histogram",
            width,
            height: 104.0,
            x: (-0.6, summary.by_moves.len() as f64 - 0.4),
            y: (0.0, height(top) * 1.08),
            x_axis: Axis::WHOLE,
            y_axis: Axis::Log,
            x_label: None,
            y_label: None,
            accessible: None,
            layers: vec![
                Layer::Bars {
                    name: "in the filter".into(),
                    color: SHOWN,
                    bars: shown,
                },
                Layer::Bars {
                    name: "filtered out".into(),
                    color: HIDDEN,
                    bars: hidden,
                },
            ],
        },
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    fn puzzle(moves: u32, positions: u64, minimal: bool) -> FamilyPuzzle {
        let record = blockslide_core::solve::family::ClusterRecord {
            moves,
            board: String::new(),
            states: positions,
            histogram: Vec::new(),
            minimal,
            pieces: 1,
            walls: 0,
        };
        FamilyPuzzle::new(&record).unwrap()
    }

    #[test]
    fn rows_are_filtered_and_sorted_with_ties_in_the_familys_order() {
        let puzzles = [
            puzzle(3, 10, false),
            puzzle(7, 5, true),
            puzzle(3, 20, true),
            puzzle(7, 8, false),
        ];
        let mut table = Table::default();
        table.refresh(&puzzles, false);
        assert_eq!(table.rows(), [1, 3, 0, 2]);
        table.sort_by(Column::Positions);
        table.refresh(&puzzles, false);
        assert_eq!(table.rows(), [2, 0, 3, 1]);
        table.sort_by(Column::Positions);
        table.filter.minimal_only = true;
        table.refresh(&puzzles, false);
        assert_eq!(table.rows(), [1, 2]);
        table.filter = Filter {
            min_moves: 7,
            max_moves: 7,
            minimal_only: false,
        };
        table.sort_by(Column::Number);
        table.refresh(&puzzles, false);
        assert_eq!(table.rows(), [1, 3]);
    }

    #[test]
    fn rows_in_the_familys_order_grow_as_a_run_adds_them() {
        let puzzles = [puzzle(3, 10, false), puzzle(7, 5, true), puzzle(5, 1, true)];
        let mut table = Table {
            sort: Sort {
                column: Column::Number,
                descending: false,
            },
            ..Table::default()
        };
        table.filter.min_moves = 4;
        table.refresh(&puzzles[..2], true);
        assert_eq!(table.rows(), [1]);
        table.refresh(&puzzles, true);
        assert_eq!(table.rows(), [1, 2]);
    }
}
