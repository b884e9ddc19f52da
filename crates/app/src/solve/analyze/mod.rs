//! The Analyze window: how hard the design is, and how hard its piece set can get.
//!
//! - This start: the start's component analysed in the background (its size, the start's
//!   distance to the goal, the hardest distance, the histogram of distances, the number of
//!   optimal solutions and the choices along one), with "Make this the start" to turn the
//!   design into its hardest version in one undoable edit.
//! - Piece set: every arrangement of the pieces explored, listing the hardest start of the
//!   hardest components as thumbnails; clicking one opens it as a new design.
//! - "Make it harder…" opens the window of that name ([`super::harder`]), which changes the
//!   design itself, not only where its pieces stand.
//!
//! - [`run`]: both as background tasks; [`charts`]: the histogram and the choices;
//!   [`results`]: the figures, the hardest positions and the buttons.
//!
//! [`AnalyzeView`] holds the running tasks and the last results, draws the window and carries
//! out [`AnalyzeCommand`]s. Both take the solver panel's metric and limits. Results belong to
//! the design revision they were computed for: the Solve view drops them (and stops the
//! tasks) when the design changes, except when "Make this the start" changed it: then the
//! analysis stays, marked as of the previous start, the piece set's exploration stays (the
//! pieces, walls and goal are the same), and the window stays open beside the board, where
//! the new start is seen.

pub mod charts;
pub mod results;
pub mod run;

use std::sync::Arc;

use egui::{Context, RichText, Ui};

use crate::command::{AnalyzeCommand, Command, ToolWindow};
use crate::common::board;
use crate::common::task::{Poll, Task};
use blockslide_core::model::{Metric, Puzzle};
use blockslide_core::solve::api::{AnalyzeReport, ExploreReport, Task as SolverTask};
use blockslide_core::solve::{Limits, SolveError, Stats};

use super::budget::Budget;
use super::design::Design;
use super::pickers;
use super::refusals::refusal_text;
use super::settings::SolverSettings;
use super::stats_view::limit_used;
use super::tool_window::{HARDER_LABEL, Surroundings, ToolWindowView};
use crate::common::format::{self as fmt, metric_title};
use run::{spawn_analysis, spawn_exploration};

/// Which half of the Analyze window shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum AnalyzeTab {
    /// The start's component.
    #[default]
    Start,
    /// Every arrangement of the piece set.
    PieceSet,
}

/// The last result of a background job: the report, or why there is none.
pub type Outcome<R> = Result<Arc<R>, String>;

/// The Analyze window's state: the running jobs and their last results.
pub struct AnalyzeView {
    tab: AnalyzeTab,
    /// How many hardest starts (one per component) the exploration lists.
    pub top: usize,
    analysis: Option<Task<Stats, Result<AnalyzeReport, SolveError>>>,
    analysis_outcome: Option<Outcome<AnalyzeReport>>,
    exploration: Option<Task<Stats, Result<ExploreReport, SolveError>>>,
    exploration_outcome: Option<Outcome<ExploreReport>>,
    /// Whether the analysis shown is of the start before "Make this the start".
    of_previous_start: bool,
    /// Where the Analyze window was placed last (for the app's window's size and the panel
    /// it opens over), and how many times it was placed: egui keeps a window's place and size
    /// from frame to frame (and from run to run), and those chosen for one size of the app's
    /// window lie over the board, or above the tabs, at another. Each placing shows the window
    /// afresh, under an id of its own, so its place and size are chosen for the new spot.
    placed_at: Option<egui::Rect>,
    placings: u64,
}

impl Default for AnalyzeView {
    fn default() -> Self {
        AnalyzeView {
            tab: AnalyzeTab::Start,
            top: 6,
            analysis: None,
            analysis_outcome: None,
            exploration: None,
            exploration_outcome: None,
            of_previous_start: false,
            placed_at: None,
            placings: 0,
        }
    }
}

/// The Analyze window's least width, whatever the app's window (a figure's value then goes
/// under its name), and the width beyond which it would reach over the board.
const MIN_WIDTH: f32 = 220.0;
const MAX_WIDTH: f32 = 440.0;

/// The Analyze windows' ids grow from this one (see [`AnalyzeView::window_id`]).
fn base_window_id() -> egui::Id {
    egui::Id::unique("analyze window")
}

/// Drains `task`; when it finished, moves its result into `outcome`.
fn poll_job<R>(
    task: &mut Option<Task<Stats, Result<R, SolveError>>>,
    outcome: &mut Option<Outcome<R>>,
) {
    let Some(running) = task.as_mut() else {
        return;
    };
    let finished = match running.poll() {
        Poll::Running => return,
        Poll::Done(Ok(report)) => Ok(Arc::new(report)),
        Poll::Done(Err(e)) => Err(fmt::sentence(&e.to_string())),
        Poll::Lost(e) => Err(fmt::sentence(&e)),
    };
    *outcome = Some(finished);
    *task = None;
}

impl AnalyzeView {
    /// The half of the window that shows.
    pub fn tab(&self) -> AnalyzeTab {
        self.tab
    }

    /// Whether an analysis is running.
    pub fn is_analyzing(&self) -> bool {
        self.analysis.is_some()
    }

    /// Whether an exploration is running.
    pub fn is_exploring(&self) -> bool {
        self.exploration.is_some()
    }

    /// The last analysis of the design, if one finished.
    pub fn analysis(&self) -> Option<&Outcome<AnalyzeReport>> {
        self.analysis_outcome.as_ref()
    }

    /// The last exploration of the design's piece set, if one finished.
    pub fn exploration(&self) -> Option<&Outcome<ExploreReport>> {
        self.exploration_outcome.as_ref()
    }

    /// Whether the analysis shown is of the start the design had before "Make this the
    /// start" moved its pieces.
    pub fn is_of_previous_start(&self) -> bool {
        self.of_previous_start && self.analysis_outcome.is_some()
    }

    /// Shows `report` as the analysis of the open design, as if one had just finished
    /// (stopping a running one): for example one with pinned timings in snapshot tests.
    pub fn show_analysis(&mut self, report: AnalyzeReport) {
        self.analysis = None;
        self.analysis_outcome = Some(Ok(Arc::new(report)));
        self.of_previous_start = false;
        self.tab = AnalyzeTab::Start;
    }

    /// Forgets the results and stops the jobs (the design changed).
    pub fn reset(&mut self) {
        self.analysis = None;
        self.analysis_outcome = None;
        self.exploration = None;
        self.exploration_outcome = None;
        self.of_previous_start = false;
    }

    /// Keeps the results across "Make this the start": only the start moved, so the
    /// analysis stays, marked as of the previous start, and the exploration of the piece set
    /// stays as it is. The window stays open: it sits beside the board, which shows the new
    /// start.
    pub fn keep_for_new_start(&mut self) {
        self.analysis = None;
        self.of_previous_start = self.analysis_outcome.is_some();
    }

    /// Drains the running jobs' messages. Call once a frame.
    pub fn poll(&mut self) {
        poll_job(&mut self.analysis, &mut self.analysis_outcome);
        poll_job(&mut self.exploration, &mut self.exploration_outcome);
    }

    /// Carries out `command` on `puzzle` in `metric` within `budget`.
    pub fn apply(
        &mut self,
        command: AnalyzeCommand,
        puzzle: &Puzzle,
        metric: Metric,
        budget: Budget,
        ctx: &Context,
    ) {
        match command {
            AnalyzeCommand::Analyze => {
                self.tab = AnalyzeTab::Start;
                self.analysis_outcome = None;
                self.of_previous_start = false;
                match spawn_analysis(ctx, puzzle.clone(), metric, budget) {
                    Ok(task) => self.analysis = Some(task),
                    Err(e) => self.analysis_outcome = Some(Err(e)),
                }
            }
            AnalyzeCommand::CancelAnalysis => {
                if let Some(task) = self.analysis.as_mut() {
                    task.cancel();
                }
            }
            AnalyzeCommand::Explore => {
                self.tab = AnalyzeTab::PieceSet;
                self.exploration_outcome = None;
                let top = self.top.max(1);
                match spawn_exploration(ctx, puzzle.clone(), metric, top, budget) {
                    Ok(task) => self.exploration = Some(task),
                    Err(e) => self.exploration_outcome = Some(Err(e)),
                }
            }
            AnalyzeCommand::CancelExploration => {
                if let Some(task) = self.exploration.as_mut() {
                    task.cancel();
                }
            }
        }
    }

    /// The id of the Analyze window shown now (egui keeps its position, size and folding
    /// under it).
    pub fn window_id(&self) -> egui::Id {
        base_window_id().with(self.placings)
    }
}

impl ToolWindowView for AnalyzeView {
    const ID: ToolWindow = ToolWindow::Analyze;

    /// Over the side panel when it shows (see [`AnalyzeView::window_id`]), never over the
    /// board.
    fn place<'open>(
        &mut self,
        ctx: &Context,
        around: &Surroundings<'_>,
        window: egui::Window<'open>,
    ) -> egui::Window<'open> {
        let (puzzle, beside) = (around.design.puzzle, around.beside);
        let screen = ctx.content_rect();
        // Wide enough for a figure and its value in a line where the app's window allows,
        // and never narrower than the panel it opens over.
        let width = (screen.width() * 0.28)
            .clamp(MIN_WIDTH, MAX_WIDTH)
            .max(beside.map_or(0.0, |(panel, _)| panel.width() - 24.0));
        // Reaching left of the panel only as far as the board leaves free (the board fills
        // the centre's height or width, centred, up to its largest cells; its frame and exits
        // take a margin).
        let width = match beside {
            Some((panel, centre)) => {
                let margins = board::Margins::of(puzzle);
                let (cells, _) = margins.place(puzzle, centre, board::MAX_CELL);
                let board_right = cells.max.x + margins.right;
                let room = panel.max.x - 16.0 - board_right - 8.0;
                width.min(room).max(panel.width() - 24.0)
            }
            None => width,
        };
        let window = window
            .resizable(true)
            .min_width(width)
            // Scrolled both ways, so a wide row scrolls instead of widening the window over
            // the board.
            .scroll([true, true]);
        let spot = match beside {
            // Over the right-hand panel, so the board stays in sight: after "Make this the
            // start" the user sees the new start. A window wider than the panel reaches
            // left into the margin beside the board. The window's frame and title bar are
            // outside the rect given to egui, hence the margins.
            // Down to the panel's foot, so no line of the panel peeks out under it.
            Some((panel, _)) => egui::Rect::from_min_max(
                egui::pos2(panel.max.x - 16.0 - width, panel.min.y + 40.0),
                panel.max - egui::vec2(16.0, 0.0),
            ),
            // No side panel: at the right edge, below the tabs.
            None => egui::Rect::from_min_max(
                egui::pos2(screen.max.x - 16.0 - width, screen.min.y + 96.0),
                screen.max - egui::vec2(16.0, 40.0),
            ),
        };
        if self.placed_at != Some(spot) {
            // A new size of the app's window, or of its panel: placed afresh, off the board.
            self.placed_at = Some(spot);
            self.placings += 1;
        }
        // Never larger than its spot, which it fills when first shown there: a size kept from
        // a larger app window would reach over the board, or above the tabs, where egui
        // pushes a window too tall for the screen.
        window
            .id(self.window_id())
            .default_rect(spot)
            .max_width(spot.width())
            .max_height(spot.height())
    }

    /// The metric (shared with the solver panel, which the window changes too) and limits,
    /// the two tabs and "Make it harder…", and the tab shown.
    fn ui(&mut self, ui: &mut Ui, around: &mut Surroundings<'_>, commands: &mut Vec<Command>) {
        self.contents_ui(ui, around.settings, around.design, commands);
    }

    fn is_busy(&self) -> bool {
        self.is_analyzing() || self.is_exploring()
    }
}

impl AnalyzeView {
    fn contents_ui(
        &mut self,
        ui: &mut Ui,
        settings: &mut SolverSettings,
        design: Design<'_>,
        commands: &mut Vec<Command>,
    ) {
        let busy = self.is_analyzing() || self.is_exploring();
        ui.add_enabled_ui(!busy, |ui| settings_ui(ui, settings));
        ui.add_space(4.0);
        // Wrapped: the window over an 800x600 window's right panel is narrower than the row.
        ui.horizontal_wrapped(|ui| {
            ui.selectable_value(&mut self.tab, AnalyzeTab::Start, "This start")
                .on_hover_text("How hard the drawn start is, and the hardest start it can reach");
            ui.selectable_value(&mut self.tab, AnalyzeTab::PieceSet, "Piece set")
                .on_hover_text("Every arrangement of these pieces: the hardest starts of all");
            ui.separator();
            let refused = design.profile.applies(SolverTask::MakeHarder).err();
            if ui
                .add_enabled(refused.is_none(), egui::Button::new(HARDER_LABEL))
                .on_hover_text(
                    "Search for variants of the design (pieces moved, added, removed or \
                     reshaped, walls) whose hardest start needs more moves",
                )
                .on_disabled_hover_text(refused.map_or("", refusal_text))
                .clicked()
            {
                commands.push(Command::ShowWindow(ToolWindow::Harder, true));
            }
        });
        ui.separator();
        match self.tab {
            AnalyzeTab::Start => self.start_ui(ui, settings, design.puzzle, commands),
            AnalyzeTab::PieceSet => self.piece_set_ui(ui, settings, design, commands),
        }
    }

    fn start_ui(
        &self,
        ui: &mut Ui,
        settings: &SolverSettings,
        puzzle: &Puzzle,
        commands: &mut Vec<Command>,
    ) {
        ui.weak(
            "Walks every position the start can reach: how far the start is from the goal, \
             the hardest start among them, and how many optimal solutions there are.",
        );
        let running = self.analysis.is_some();
        ui.horizontal(|ui| {
            if ui
                .add_enabled(
                    !running,
                    egui::Button::new(RichText::new("Analyze").strong()),
                )
                .accessible_name("Analyze the design")
                .on_hover_text("Analyse the start's component with the metric and limits above")
                .clicked()
            {
                commands.push(AnalyzeCommand::Analyze.into());
            }
            if ui
                .add_enabled(running, egui::Button::new("Cancel"))
                .accessible_name("Cancel the analysis")
                .on_hover_text("Stop the analysis; the figures finished so far are kept")
                .clicked()
            {
                commands.push(AnalyzeCommand::CancelAnalysis.into());
            }
        });
        if let Some(task) = &self.analysis {
            progress_ui(ui, task, "Analyzing", &settings.limits());
        } else if let Some(outcome) = &self.analysis_outcome {
            match outcome {
                Ok(report) => {
                    results::analysis_ui(ui, report, self.of_previous_start, puzzle, commands);
                }
                Err(e) => {
                    ui.colored_label(ui.visuals().warn_fg_color, e);
                }
            }
        }
    }

    fn piece_set_ui(
        &mut self,
        ui: &mut Ui,
        settings: &SolverSettings,
        design: Design<'_>,
        commands: &mut Vec<Command>,
    ) {
        ui.weak(
            "Places these pieces every way they fit on this board (walls and goal kept), \
             finds which positions reach each other, and lists the hardest start of the \
             hardest groups.",
        );
        let running = self.exploration.is_some();
        let refused = design.profile.applies(SolverTask::Explore).err();
        ui.add_enabled_ui(!running, |ui| {
            ui.horizontal(|ui| {
                let label = ui.label("Hardest starts to list");
                ui.add(egui::DragValue::new(&mut self.top).range(1..=48))
                    .labelled_by(label.id)
                    .on_hover_text("One per component, hardest first");
            });
        });
        ui.horizontal(|ui| {
            let explore = ui
                .add_enabled(
                    !running && refused.is_none(),
                    egui::Button::new(RichText::new("Explore").strong()),
                )
                .accessible_name("Explore the piece set")
                .on_hover_text("Explore every arrangement with the metric and limits above")
                .on_disabled_hover_text(refused.map_or("An exploration is running", refusal_text));
            if explore.clicked() {
                commands.push(AnalyzeCommand::Explore.into());
            }
            if ui
                .add_enabled(running, egui::Button::new("Cancel"))
                .accessible_name("Cancel the exploration")
                .on_hover_text("Stop exploring; the starts found so far are kept")
                .clicked()
            {
                commands.push(AnalyzeCommand::CancelExploration.into());
            }
        });
        if let Some(task) = &self.exploration {
            progress_ui(ui, task, "Exploring", &settings.limits());
        } else if let Some(outcome) = &self.exploration_outcome {
            match outcome {
                Ok(report) => results::exploration_ui(ui, report, commands),
                Err(e) => {
                    ui.colored_label(ui.visuals().warn_fg_color, e);
                }
            }
        }
    }
}

/// The metric (shared with the solver panel) and the solver's limits.
fn settings_ui(ui: &mut Ui, settings: &mut SolverSettings) {
    ui.horizontal(|ui| {
        ui.label("Metric");
        egui::ComboBox::from_id_salt("analysis metric")
            .selected_text(metric_title(settings.metric))
            .show_ui(ui, |ui| {
                for metric in Metric::ALL {
                    ui.selectable_value(&mut settings.metric, metric, metric_title(metric));
                }
            })
            .response
            .accessible_name("Analysis metric")
            .on_hover_text("How distances are counted (the solver panel's metric)");
    });
    let limits = settings.limits();
    ui.weak(format!(
        "Limits of the solver: {} nodes, {}, {} MiB",
        fmt::thousands(limits.max_nodes),
        fmt::duration(limits.max_time),
        fmt::thousands(limits.max_memory_bytes >> 20)
    ));
    pickers::limits_ui(ui, settings);
}

/// A running job: what it does, its latest statistics, and how near it is to a limit.
fn progress_ui<R>(ui: &mut Ui, task: &Task<Stats, R>, doing: &str, limits: &Limits) {
    let stats = task.progress().copied().unwrap_or_default();
    let elapsed = if stats.elapsed.is_zero() {
        task.elapsed()
    } else {
        stats.elapsed
    };
    ui.horizontal(|ui| {
        ui.spinner();
        if task.is_cancelling() {
            ui.label("Cancelling…");
        } else {
            ui.label(format!(
                "{doing}… {} positions · {} · {}",
                fmt::thousands(stats.expanded),
                fmt::duration(elapsed),
                fmt::bytes(stats.peak_memory_bytes)
            ));
        }
    });
    let (fraction, name) = limit_used(&stats, limits);
    ui.add(
        egui::ProgressBar::new(fraction).text(format!("{:.0}% of the {name}", fraction * 100.0)),
    );
}
