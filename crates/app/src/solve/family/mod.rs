//! The Families window: every puzzle of a family, enumerated in the background and browsed
//! as a table.
//!
//! A family is every layout a rule set allows on a board (the core's
//! [`blockslide_core::solve::family`]); layouts that reach each other form a cluster, and each
//! solvable cluster is listed once, by its hardest start. The window runs a Rush Hour family
//! (a preset, 4x4, 5x5 or 6x6 with up to two walls, or the design's own Rush Hour board) or
//! the block family of the design's pieces and board: its goal piece at its goal, up to as
//! many pieces of each of its other shapes as it has, up to as many walls, in its metric
//! (a design that cannot be one, a numbered-tile puzzle or one whose goal floats, has that
//! choice disabled with the reason). The window shows the run's progress, and lets it be
//! cancelled and resumed where it stopped. The puzzles found so far show at once: the
//! histogram of their lengths, a table to filter and sort, the selected one drawn small,
//! and buttons that open it as a new design or play it; "A random puzzle" plays one of a
//! chosen length.
//!
//! - [`design`]: the families of the open design; [`run`]: the family chosen and its run as
//!   a background task; [`listing`]: the puzzles kept compactly, and the one conversion of a
//!   family's board into a puzzle (the family's own reading,
//!   [`FamilySpec::puzzle`](blockslide_core::solve::family::FamilySpec::puzzle)); [`table`]:
//!   the histogram and the table.
//!
//! Unlike the Analyze window's results, a listing does not belong to the open design: it
//! stays while designs are opened from it.

pub mod design;
pub mod listing;
pub mod run;
pub mod table;

use egui::{Color32, Context, RichText, Ui};
use rand::RngExt;

use crate::command::{Command, FamilyCommand, ToolWindow};
use crate::common::board::Board;
use crate::common::format as fmt;
use crate::common::task::Poll;
use crate::solve::budget::Budget;
use crate::solve::tool_window::{Surroundings, ToolWindowView};
use blockslide_core::model::{Axis, Puzzle};
use blockslide_core::solve::family::BlockFamily;
use design::{block_family, design_board};
use listing::Listing;
use run::{FamilyBoard, FamilyChoice, Running, progress_text, spawn_family};
use table::{Filter, MAX_MOVES, Table, lengths_ui, table_ui};

/// The colour of a complete family's headline.
const COMPLETE: Color32 = Color32::from_rgb(0x2e, 0x9e, 0x4f);

/// The least height of the table's rows area: eight rows.
const MIN_TABLE_HEIGHT: f32 = 8.0 * 22.0;

/// The accessible name of the button that starts a family.
pub const RUN_LABEL: &str = "Run the family";
/// The accessible name of the button that stops it.
pub const CANCEL_LABEL: &str = "Cancel the family";
/// The accessible name of the button that continues a stopped family.
pub const RESUME_LABEL: &str = "Resume the family";
/// The text of the button that opens the selected puzzle as a new design.
pub const OPEN_LABEL: &str = "Open as a new design";
/// The accessible name of the button that plays the selected puzzle.
pub const PLAY_LABEL: &str = "Play this puzzle";
/// The accessible name of the button that plays a random puzzle of the chosen length.
pub const RANDOM_LABEL: &str = "Play a random puzzle";

/// The Families window's state: the family chosen, the run, and the listing so far.
#[derive(Default)]
pub struct FamilyView {
    /// The family the Run button enumerates.
    pub choice: FamilyChoice,
    listing: Option<Listing>,
    running: Option<Running>,
    error: Option<String>,
    table: Table,
    /// The length of "A random puzzle of N moves": the family's hardest once it is
    /// complete, until the user picks another.
    pub random_moves: u32,
    /// The selected row as a puzzle, made once per selection.
    preview: Option<(usize, Result<Puzzle, String>)>,
    /// The block family of the design's pieces, or why it has none, made once per design
    /// (checking every piece set of a family takes a moment).
    pieces: Option<(Puzzle, Result<BlockFamily, String>)>,
}

impl FamilyView {
    /// The listing of the last family run, complete or as far as it went.
    pub fn listing(&self) -> Option<&Listing> {
        self.listing.as_ref()
    }

    /// The listing, to pin its time in snapshots.
    pub fn listing_mut(&mut self) -> Option<&mut Listing> {
        self.listing.as_mut()
    }

    /// The table: its filter, order, rows shown and selection.
    pub fn table(&self) -> &Table {
        &self.table
    }

    /// Whether a family is being enumerated.
    pub fn is_running(&self) -> bool {
        self.running.is_some()
    }

    /// Carries out `command`; `design` is the open design (for the family of its board),
    /// and a run uses `budget`'s workers (its limits do not stop a family).
    pub fn apply(
        &mut self,
        command: FamilyCommand,
        design: &Puzzle,
        budget: Budget,
        ctx: &Context,
    ) {
        match command {
            FamilyCommand::Run => match self.choice.family(design) {
                Ok(family) => {
                    self.listing = Some(Listing::new(family, design));
                    self.table.clear();
                    self.preview = None;
                    self.random_moves = 0;
                    self.start(budget, ctx);
                }
                Err(e) => self.error = Some(e),
            },
            FamilyCommand::Resume => {
                if !self.is_running() && self.listing.as_ref().is_some_and(Listing::can_resume) {
                    self.start(budget, ctx);
                }
            }
            FamilyCommand::Cancel => {
                if let Some(running) = self.running.as_mut() {
                    running.task.cancel();
                }
            }
        }
    }

    /// Starts a run of the listing's family where the listing stops.
    fn start(&mut self, budget: Budget, ctx: &Context) {
        let Some(listing) = &self.listing else {
            return;
        };
        self.error = None;
        let resume = (
            listing.units_done(),
            listing.summary().clone(),
            listing.puzzles().len(),
        );
        match spawn_family(ctx, listing.family().clone(), resume, budget) {
            Ok(running) => self.running = Some(running),
            Err(e) => self.error = Some(e),
        }
    }

    /// Takes the rows a run sent, and its end. Call once a frame.
    pub fn poll(&mut self) {
        let (Some(running), Some(listing)) = (self.running.as_mut(), self.listing.as_mut()) else {
            return;
        };
        // The result is sent after the last batch: once it is in, so are all the rows.
        let polled = running.task.poll();
        while let Ok(batch) = running.batches.try_recv() {
            running.left = batch.left.or(running.left);
            listing.absorb(batch.puzzles, batch.boards, batch.summary);
        }
        match polled {
            Poll::Running => return,
            Poll::Done(Ok(run)) => {
                listing.finish(&run);
                if listing.is_complete() {
                    // The hardest puzzles are the ones a player asks for first.
                    self.random_moves = listing.summary().hardest().unwrap_or(0) as u32;
                }
            }
            Poll::Done(Err(e)) => {
                listing.fail(running.task.elapsed());
                self.error = Some(e);
            }
            Poll::Lost(e) => {
                listing.fail(running.task.elapsed());
                self.error = Some(fmt::sentence(&e));
            }
        }
        self.running = None;
    }
}

impl ToolWindowView for FamilyView {
    const ID: ToolWindow = ToolWindow::Families;

    /// Below the tab row and the Solve and Panels buttons, which stay in reach, and no larger
    /// than the app's window.
    fn place<'open>(
        &mut self,
        ctx: &Context,
        _around: &Surroundings<'_>,
        window: egui::Window<'open>,
    ) -> egui::Window<'open> {
        let area = crate::common::window_area(ctx, crate::common::Below::Views);
        window
            .constrain_to(area)
            // Scrolled, so every control stays in reach in a small window.
            .vscroll(true)
            .default_pos([20.0, area.top()])
            // Room for the table and the preview with its buttons where the app has it.
            .default_size([
                900.0_f32.min(area.width() - 40.0),
                720.0_f32.min(area.height() - 8.0),
            ])
            .resizable(true)
    }

    fn ui(&mut self, ui: &mut Ui, around: &mut Surroundings<'_>, commands: &mut Vec<Command>) {
        self.contents_ui(ui, around.design.puzzle, commands);
    }

    /// While a run lists puzzles: its elapsed time ticks, and a sorted table catches up,
    /// between batches.
    fn is_busy(&self) -> bool {
        self.is_running()
    }
}

impl FamilyView {
    /// The window's contents, top to bottom: the family to list and the buttons; the
    /// totals beside the histogram; the filter; the table beside the selected puzzle and
    /// "A random puzzle". The table takes the height left, so the window fits 800x600.
    fn contents_ui(&mut self, ui: &mut Ui, design: &Puzzle, commands: &mut Vec<Command>) {
        let running = self.is_running();
        let listed = self.listing.is_some();
        if self.pieces.as_ref().is_none_or(|(made, _)| made != design) {
            self.pieces = None;
        }
        let (_, pieces) = self
            .pieces
            .get_or_insert_with(|| (design.clone(), block_family(design)));
        ui.add_enabled_ui(!running, |ui| {
            choice_ui(ui, &mut self.choice, design, pieces, listed);
        });
        // The reason already shows under the choice (it was made for another design).
        let refused = match (self.choice.board, pieces) {
            (FamilyBoard::Pieces, Err(why)) => Some(why.clone()),
            _ => None,
        };
        self.buttons_ui(ui, refused.as_deref(), commands);
        if let Some(e) = &self.error {
            ui.colored_label(ui.visuals().warn_fg_color, e);
        }
        let Some(listing) = &self.listing else {
            return;
        };
        ui.separator();
        headline_ui(ui, listing, running);
        ui.horizontal_top(|ui| {
            ui.vertical(|ui| {
                figures_ui(ui, listing);
                if let Some(index) = random_ui(ui, listing, &mut self.random_moves) {
                    self.table.select(Some(index));
                    open_command(listing, index, true, commands);
                }
            });
            let width = ui.available_width().max(200.0);
            ui.vertical(|ui| lengths_ui(ui, listing.summary(), &self.table.filter, width));
        });
        ui.separator();
        self.table.refresh(listing.puzzles(), running);
        let shown = self.table.rows().len();
        filter_ui(ui, &mut self.table.filter, shown, listing);
        ui.horizontal_top(|ui| {
            let height = (ui.available_height() - 30.0).max(MIN_TABLE_HEIGHT);
            ui.vertical(|ui| table_ui(ui, &mut self.table, listing, height));
            ui.vertical(|ui| {
                let selected = self.table.selected();
                if self.preview.as_ref().map(|(i, _)| *i) != selected {
                    self.preview = selected.map(|i| (i, listing.puzzle(i)));
                }
                details_ui(ui, listing, self.preview.as_ref(), commands);
            });
        });
    }

    /// Run (disabled, saying why, when the family chosen is `refused`), Cancel, Resume, and
    /// the progress of a run.
    fn buttons_ui(&self, ui: &mut Ui, refused: Option<&str>, commands: &mut Vec<Command>) {
        let running = self.is_running();
        let resumable = self.listing.as_ref().is_some_and(Listing::can_resume);
        ui.horizontal(|ui| {
            let run = egui::Button::new(RichText::new("Run").strong());
            if ui
                .add_enabled(!running && refused.is_none(), run)
                .accessible_name(RUN_LABEL)
                .on_hover_text("List every puzzle of the family chosen above, from the start")
                .on_disabled_hover_text(refused.unwrap_or("Once the run has stopped"))
                .clicked()
            {
                commands.push(FamilyCommand::Run.into());
            }
            if ui
                .add_enabled(running, egui::Button::new("Cancel"))
                .accessible_name(CANCEL_LABEL)
                .on_hover_text("Stop; the puzzles found so far stay, and Resume goes on")
                .clicked()
            {
                commands.push(FamilyCommand::Cancel.into());
            }
            if ui
                .add_enabled(!running && resumable, egui::Button::new("Resume"))
                .accessible_name(RESUME_LABEL)
                .on_hover_text("Go on where the run stopped, keeping what it found")
                .on_disabled_hover_text("A run that was cancelled can be resumed")
                .clicked()
            {
                commands.push(FamilyCommand::Resume.into());
            }
            if let (Some(running), Some(listing)) = (&self.running, &self.listing) {
                progress_ui(ui, running, listing);
            }
        });
    }
}

/// The family to enumerate: the board, then for Rush Hour the walls, the red car's row and
/// the rules, for the design's pieces what they are (or why the design has no such family),
/// with what they mean (folded away once a family is `listed`, to leave its table the room).
fn choice_ui(
    ui: &mut Ui,
    choice: &mut FamilyChoice,
    design: &Puzzle,
    pieces: &Result<BlockFamily, String>,
    listed: bool,
) {
    let own = design_board(design);
    let size = (design.rows, design.cols);
    let title = |board| board_title(board, own, size);
    ui.horizontal_wrapped(|ui| {
        let label = ui.label("Board");
        egui::ComboBox::from_id_salt("family board")
            .selected_text(title(choice.board))
            .show_ui(ui, |ui| {
                for side in [4, 5, 6] {
                    let board = FamilyBoard::Side(side);
                    ui.selectable_value(&mut choice.board, board, title(board));
                }
                ui.add_enabled_ui(own.is_some(), |ui| {
                    let board = FamilyBoard::Design;
                    ui.selectable_value(&mut choice.board, board, title(board))
                        .on_disabled_hover_text("The design is not a Rush Hour board");
                });
                ui.add_enabled_ui(pieces.is_ok(), |ui| {
                    let board = FamilyBoard::Pieces;
                    let item = ui
                        .selectable_value(&mut choice.board, board, title(board))
                        .on_hover_text(
                            "Every layout of the design's goal piece and of up to as many \
                             pieces of each of its other shapes as it has, on its board",
                        );
                    if let Err(why) = pieces {
                        item.on_disabled_hover_text(why.as_str());
                    }
                });
            })
            .response
            .labelled_by(label.id);
        match choice.board {
            FamilyBoard::Pieces => {
                if let Ok(family) = pieces {
                    ui.separator();
                    ui.label(format!(
                        "Walls: up to {}, the design's; {} metric",
                        family.max_walls,
                        family.metric.name()
                    ))
                    .on_hover_text("Walls stand on single cells anywhere but on the goal");
                }
            }
            FamilyBoard::Side(_) | FamilyBoard::Design => {
                ui.separator();
                rush_hour_ui(ui, choice, own);
            }
        }
    });
    match (choice.board, pieces) {
        (FamilyBoard::Pieces, Ok(family)) => {
            ui.horizontal_wrapped(|ui| {
                ui.label("Pieces");
                ui.weak(shapes_text(family));
            });
        }
        (FamilyBoard::Pieces, Err(why)) => {
            ui.colored_label(ui.visuals().warn_fg_color, why);
        }
        _ => {
            ui.horizontal_wrapped(|ui| {
                let rules = &mut choice.rules;
                ui.checkbox(&mut rules.primary_row_clear, "Red car's row clear")
                    .on_hover_text(
                        "No other vehicle in the red car's row, and no wall right of it",
                    );
                ui.checkbox(&mut rules.no_full_rows, "No full rows")
                    .on_hover_text(
                        "No row filled by vehicles along it and walls: it could never move",
                    );
                ui.checkbox(&mut rules.no_full_columns, "No full columns")
                    .on_hover_text("No column filled by vehicles along it");
            });
        }
    }
    let description = description(choice.board, own, size);
    if listed {
        egui::CollapsingHeader::new("What is listed")
            .id_salt("family description")
            .show(ui, |ui| ui.weak(description));
    } else {
        ui.weak(description);
    }
}

/// A Rush Hour family's walls and red car's row.
fn rush_hour_ui(ui: &mut Ui, choice: &mut FamilyChoice, own: Option<(usize, usize, usize)>) {
    ui.label("Walls");
    for (n, text) in [(0, "none"), (1, "up to 1"), (2, "up to 2")] {
        ui.selectable_value(&mut choice.max_walls, n, text)
            .on_hover_text("The most single-cell walls a layout has");
    }
    ui.separator();
    let label = ui.label("Red car's row");
    match choice.board {
        FamilyBoard::Side(side) => {
            let mut row = choice.primary_row.min(side - 1) + 1;
            ui.add(egui::DragValue::new(&mut row).range(1..=side))
                .labelled_by(label.id)
                .on_hover_text("Counted from the top; the exit is at its right end");
            choice.primary_row = row - 1;
        }
        FamilyBoard::Design | FamilyBoard::Pieces => {
            let row = own.map_or(0, |(_, _, row)| row + 1);
            ui.add_enabled(false, egui::DragValue::new(&mut row.clone()))
                .labelled_by(label.id)
                .on_disabled_hover_text("The design's own: the row its red car is on");
        }
    }
}

/// A block family's shapes in words: "goal piece like A to row 4, column 2; 0 to 4 like B
/// (up and down); 0 to 1 like C".
fn shapes_text(family: &BlockFamily) -> String {
    let shapes: Vec<String> = family
        .shapes
        .iter()
        .enumerate()
        .map(|(i, shape)| {
            let axis = match shape.axis {
                Axis::Free => "",
                Axis::Horizontal => " (left and right)",
                Axis::Vertical => " (up and down)",
            };
            if i == family.goal_shape {
                let (row, column) = family.goal_at;
                format!(
                    "goal piece {}{axis} to row {}, column {}",
                    shape.name,
                    row + 1,
                    column + 1
                )
            } else {
                format!("{} to {} {}{axis}", shape.min, shape.max, shape.name)
            }
        })
        .collect();
    shapes.join("; ")
}

/// The board choice's name: "Rush Hour 5x5", "This puzzle's board (6x6)" or "This
/// puzzle's pieces and board (5x4)"; `own` is the design's Rush Hour board, `size` its rows
/// and columns.
fn board_title(
    board: FamilyBoard,
    own: Option<(usize, usize, usize)>,
    (rows, cols): (usize, usize),
) -> String {
    match (board, own) {
        (FamilyBoard::Side(side), _) => format!("Rush Hour {side}x{side}"),
        (FamilyBoard::Design, Some((rows, cols, _))) => {
            format!("This puzzle's board ({rows}x{cols})")
        }
        (FamilyBoard::Design, None) => "This puzzle's board".into(),
        (FamilyBoard::Pieces, _) => format!("This puzzle's pieces and board ({rows}x{cols})"),
    }
}

/// What the family chosen is, and how long it takes.
fn description(
    board: FamilyBoard,
    own: Option<(usize, usize, usize)>,
    (rows, cols): (usize, usize),
) -> String {
    let clusters = "Layouts that reach each other form a cluster; each solvable cluster is \
                    listed once, by its hardest start:";
    let rush_hour = |board: &str| {
        format!(
            "Every layout of the red car (two cells, on its row) with cars of two cells and \
             trucks of three, each sliding along its length, and the walls allowed. \
             {clusters} the layout farthest from driving the red car out on the right. {board}"
        )
    };
    match (board, own) {
        (FamilyBoard::Pieces, _) => format!(
            "Every layout on the design's {rows}x{cols} board of its goal piece and of up to as \
             many pieces of each of its other shapes as it has, each moving as the design's \
             do, with up to as many walls. {clusters} the layout farthest from the goal, in the \
             design's metric. The design's own start is in one of them."
        ),
        (FamilyBoard::Side(4), _) => rush_hour("4x4: done in a blink."),
        (FamilyBoard::Side(5), _) => {
            rush_hour("5x5: seconds without walls, about a minute with two.")
        }
        (FamilyBoard::Side(_), _) => rush_hour(
            "6x6: hours, and with walls more puzzles than the window keeps; `blockslide \
             family` writes them to a file.",
        ),
        (FamilyBoard::Design, Some((rows, cols, row))) => rush_hour(&format!(
            "This puzzle's board: the family of {rows}x{cols} boards with the red car on row \
             {}, the design's; the design itself is in one of its clusters when it keeps the \
             rules and walls chosen.",
            row + 1
        )),
        (FamilyBoard::Design, None) => rush_hour(
            "This puzzle's board: the family of the design's board, once the design is a Rush \
             Hour board.",
        ),
    }
}

/// The running family's progress: units, clusters, positions a second, time, time left.
fn progress_ui(ui: &mut Ui, running: &Running, listing: &Listing) {
    let stats = running.task.progress().copied().unwrap_or_default();
    let elapsed = if stats.elapsed.is_zero() {
        running.task.elapsed()
    } else {
        stats.elapsed
    };
    ui.spinner();
    if running.task.is_cancelling() {
        ui.label("Cancelling…");
        return;
    }
    ui.label(progress_text(
        listing.summary(),
        stats.nodes_per_second(),
        listing.elapsed() + elapsed,
        running.left,
    ));
}

/// The family listed, and whether it is complete.
fn headline_ui(ui: &mut Ui, listing: &Listing, running: bool) {
    let title = format!("{}, {}", listing.title(), listing.conditions());
    let (status, color) = match (running, listing.ended()) {
        (true, _) => ("listing…".to_string(), ui.visuals().text_color()),
        (false, Some(_)) if listing.is_complete() => ("complete".to_string(), COMPLETE),
        (false, Some(_)) if listing.can_resume() => (
            "stopped: partial figures, Resume goes on".to_string(),
            ui.visuals().warn_fg_color,
        ),
        (false, _) => (
            "stopped: partial figures".to_string(),
            ui.visuals().warn_fg_color,
        ),
    };
    ui.horizontal_wrapped(|ui| {
        ui.label(RichText::new(title).strong());
        ui.label(RichText::new(status).strong().color(color));
        // A run shows them as it goes, beside the buttons.
        if !running {
            ui.weak(format!(
                "{} units · {}",
                fmt::thousands(listing.summary().units),
                fmt::duration(listing.elapsed())
            ));
        }
    });
}

/// The family's totals: clusters, positions, the hardest start, the minimal ones.
fn figures_ui(ui: &mut Ui, listing: &Listing) {
    let summary = listing.summary();
    let hardest = summary.hardest().map_or_else(
        || "none".to_string(),
        |m| {
            format!(
                "{}, {}",
                listing.length(m),
                fmt::counted(summary.by_moves[m] as usize, "cluster", "clusters")
            )
        },
    );
    let figures = [
        ("Clusters", fmt::thousands(summary.clusters)),
        ("Solvable", fmt::thousands(summary.solvable)),
        ("Positions", fmt::thousands(summary.positions)),
        (
            "In solvable clusters",
            fmt::thousands(summary.solvable_positions),
        ),
        ("Hardest start", hardest),
        ("Minimal", fmt::thousands(summary.minimal)),
    ];
    egui::Grid::new("family figures")
        .num_columns(4)
        .striped(true)
        .show(ui, |ui| {
            for pair in figures.chunks(2) {
                for (name, value) in pair {
                    ui.label(*name);
                    ui.monospace(value);
                }
                ui.end_row();
            }
        });
}

/// "A random puzzle of N moves": the length, how many puzzles have it, and the button;
/// returns the row picked when it is pressed.
fn random_ui(ui: &mut Ui, listing: &Listing, moves: &mut u32) -> Option<usize> {
    let summary = listing.summary();
    let hardest = summary.hardest().unwrap_or(0) as u32;
    let count = summary.by_moves.get(*moves as usize).copied().unwrap_or(0);
    let play = ui
        .horizontal(|ui| {
            ui.label("A random puzzle of");
            ui.add(egui::DragValue::new(moves).range(0..=hardest))
                .accessible_name("Moves of the random puzzle");
            ui.label("moves");
            ui.weak(format!(
                "({})",
                fmt::counted(count as usize, "puzzle", "puzzles")
            ));
            ui.add_enabled(
                listing.is_complete() && count > 0,
                egui::Button::new(RichText::new("Play one").strong()),
            )
            .accessible_name(RANDOM_LABEL)
            .on_hover_text("Open one of them, picked at random, in the Play tab")
            .on_disabled_hover_text(if listing.is_complete() {
                "No puzzle of the family needs that many moves"
            } else {
                "Once the family is complete"
            })
        })
        .inner;
    if !play.clicked() {
        return None;
    }
    let rows: Vec<usize> = (0..listing.puzzles().len())
        .filter(|&i| listing.puzzles()[i].moves == *moves)
        .collect();
    (!rows.is_empty()).then(|| rows[rand::rng().random_range(0..rows.len())])
}

/// The filter of the table, and how many rows pass it.
fn filter_ui(ui: &mut Ui, filter: &mut Filter, shown: usize, listing: &Listing) {
    ui.horizontal_wrapped(|ui| {
        ui.label("Moves from");
        ui.add(egui::DragValue::new(&mut filter.min_moves).range(0..=MAX_MOVES))
            .accessible_name("Fewest moves");
        ui.label("to");
        ui.add(
            egui::DragValue::new(&mut filter.max_moves)
                .range(0..=MAX_MOVES)
                .custom_formatter(|v, _| {
                    if v >= f64::from(MAX_MOVES) {
                        "any".into()
                    } else {
                        format!("{v:.0}")
                    }
                }),
        )
        .accessible_name("Most moves");
        ui.checkbox(&mut filter.minimal_only, "Minimal only")
            .on_hover_text("Only puzzles where taking out any piece or wall makes it easier");
        if ui.button("Show all").clicked() {
            *filter = Filter::default();
        }
        ui.weak(format!(
            "{} of {} shown",
            fmt::thousands(shown as u64),
            fmt::thousands(listing.puzzles().len() as u64)
        ));
    });
}

/// The selected puzzle drawn small, with its figures, its board as text, and the buttons
/// that open or play it.
fn details_ui(
    ui: &mut Ui,
    listing: &Listing,
    preview: Option<&(usize, Result<Puzzle, String>)>,
    commands: &mut Vec<Command>,
) {
    ui.set_width(200.0);
    let Some((index, puzzle)) = preview else {
        ui.weak("Select a puzzle in the table to see it here.");
        return;
    };
    let puzzle = match puzzle {
        Ok(puzzle) => puzzle,
        Err(e) => {
            ui.colored_label(ui.visuals().warn_fg_color, e);
            return;
        }
    };
    let row = &listing.puzzles()[*index];
    let board = listing.board(*index).unwrap_or_default();
    ui.label(
        RichText::new(format!(
            "Puzzle {}: {}",
            fmt::thousands(*index as u64 + 1),
            listing.length(row.moves as usize)
        ))
        .strong(),
    );
    // The buttons before the preview: in a small window they stay in view without scrolling
    // the whole window down.
    ui.horizontal(|ui| {
        if ui
            .button(OPEN_LABEL)
            .on_hover_text("Open it in the editor as a new, unsaved design")
            .clicked()
        {
            open_command(listing, *index, false, commands);
        }
        if ui
            .button(RichText::new("Play").strong())
            .accessible_name(PLAY_LABEL)
            .on_hover_text("Open it as a new design and play it")
            .clicked()
        {
            open_command(listing, *index, true, commands);
        }
    });
    let size = egui::vec2(190.0, 150.0);
    ui.allocate_ui(size, |ui| {
        ui.set_min_size(size);
        Board::new(puzzle)
            .interactive(false)
            .max_cell_size(26.0)
            .goal_outline(true)
            .id_salt("family preview")
            .label(format!("Preview of puzzle {}", index + 1))
            .show(ui);
    });
    ui.weak(format!(
        "{} positions in its cluster{}",
        fmt::thousands(row.positions),
        if row.minimal { "; minimal" } else { "" }
    ));
    let notation = if listing.is_blocks() {
        "The board as a family's record writes it: A the goal piece, x a wall"
    } else {
        "The board in Fogleman's notation (File > New… > Rush Hour reads it)"
    };
    ui.add(egui::Label::new(RichText::new(board).monospace()).selectable(true))
        .on_hover_text(notation);
}

/// Queues opening row `index` of `listing` as a new design, in the Play tab with `play`.
fn open_command(listing: &Listing, index: usize, play: bool, commands: &mut Vec<Command>) {
    match listing.puzzle(index) {
        Ok(puzzle) => {
            let source = format!("puzzle {} of the {} family", index + 1, listing.title());
            let puzzle = Box::new(puzzle);
            // Opened to play, it is a game of the listing; opened as a new design, the user's
            // to keep.
            commands.push(if play {
                Command::OpenPuzzle {
                    puzzle,
                    source,
                    play,
                }
            } else {
                Command::OpenAsNewDesign { puzzle, source }
            });
        }
        Err(e) => commands.push(Command::Notify(e)),
    }
}
