//! The Solve and Play tabs: the solver panel and the comparison's controls on the right,
//! playback or the comparison in the centre, and the game of Play.
//!
//! - [`panel`]: the solver panel; [`settings`] are its choices, [`pickers`] draw them,
//!   [`availability`] says what applies to the design, and [`stats_view`] shows a search's
//!   progress and results.
//! - [`compare`]: several algorithms run on the design, with a table and charts.
//! - [`analyze`]: the Analyze window: the start's component and the piece set analysed in
//!   the background, with their hardest positions.
//! - [`harder`]: the Make it harder window: a search, in the background, of the designs
//!   around the open one for harder variants, to use one or open it beside the design.
//! - [`family`]: the Families window: every puzzle of a Rush Hour family or of the block
//!   family of the design's pieces, listed in the background, to browse, open and play.
//! - [`playback`]: a solution played back move by move.
//! - [`watch`]: one algorithm's search watched expansion by expansion.
//! - [`play`]: the Play tab's game, with hints.
//! - [`search`]: a solve as a background task; [`budget`]: the limits and threads every
//!   background job runs within, and the one way to start one.
//! - [`design`]: the open design with its profile, as the tool windows read it.
//! - [`refusals`]: the app's words for a task the design's profile refuses.
//! - [`tool_window`]: the frame the Analyze, Make it harder and Families windows share, and
//!   which of them are open.
//!
//! [`SolveView`] holds them all. The app calls [`SolveView::poll`] at the start of every
//! frame, [`SolveView::side_ui`] and [`SolveView::central_ui`] while the Solve or Play tab
//! shows (they queue commands), [`SolveView::tool_windows_ui`] in every tab for the tool
//! windows that are open, and [`SolveView::apply`] for each queued [`SolveCommand`] after
//! every panel has drawn. Results belong to the revision of the design they were computed
//! for (the app passes the document's solvable revision, which renaming or notes leave as it
//! is): when the revision changes, they are dropped and running searches stop. A family's listing is the exception:
//! it belongs to no design, and stays while designs are opened from it.

pub mod analyze;
pub mod availability;
pub mod budget;
pub mod compare;
pub mod design;
pub mod design_panel;
pub mod family;
pub mod harder;
pub mod panel;
pub mod pickers;
pub mod play;
pub mod playback;
pub mod refusals;
pub mod search;
pub mod settings;
pub mod stats_view;
pub mod tool_window;
pub mod watch;

use crate::solve::design::Design;
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::Arc;

use egui::{RichText, Ui};
use serde::{Deserialize, Serialize};

use crate::command::{Command, Mode, PlaybackCommand, SolveCommand, SolverCommand, ToolWindow};
use crate::common::board::Board;
use blockslide_core::model::{Metric, Puzzle};
use blockslide_core::solve::api::metric_for;
use blockslide_core::solve::{SolveReport, Termination};

use crate::common::fit;
use crate::common::format::{self as fmt, metric_title, unit_name};
use crate::common::message::message_job;
use analyze::AnalyzeView;
use blockslide_core::solve::recorded::RecordedSearch;
use compare::{Compare, CompareRow};
use family::FamilyView;
use harder::HarderView;
use panel::SolverPanel;
use play::{Play, PlayResult, record_key};
use playback::{HeuristicPath, Playback, PlaybackSettings};
use settings::SolverSettings;
use tool_window::{OpenWindows, Surroundings};
use watch::Watch;

/// The Solve and Play settings kept between launches.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct SolveViewSettings {
    /// Algorithm, heuristic, metric and limits.
    pub solver: SolverSettings,
    /// Playback speed and animation.
    pub playback: PlaybackSettings,
    /// The best result of Play on each puzzle, by [`play::record_key`].
    pub records: BTreeMap<String, PlayResult>,
}

/// Which view fills the centre of the Solve tab.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum SolveTab {
    /// The solution, played back.
    #[default]
    Playback,
    /// The comparison table and charts.
    Compare,
    /// One search, watched step by step.
    Watch,
}

/// The design revision the results belong to, and that design's own metric.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Synced {
    revision: u64,
    metric: Option<Metric>,
}

/// Everything of the Solve and Play tabs.
pub struct SolveView {
    panel: SolverPanel,
    compare: Compare,
    analyze: AnalyzeView,
    families: FamilyView,
    harder: HarderView,
    playback: Option<Playback>,
    playback_settings: PlaybackSettings,
    play: Option<Play>,
    watch: Watch,
    tab: SolveTab,
    synced: Option<Synced>,
    records: BTreeMap<String, PlayResult>,
    /// Whether the running search was started by "Solve and play", so its solution plays
    /// as soon as it arrives.
    play_when_solved: bool,
    /// Whether the next revision of the design is the one "Make this the start" made, whose
    /// analysis stays (see [`SolveView::keep_analysis_for_new_start`]).
    new_start_made: bool,
}

impl Default for SolveView {
    fn default() -> Self {
        SolveView::new(SolveViewSettings::default())
    }
}

impl SolveView {
    /// A view with these settings and no results.
    pub fn new(settings: SolveViewSettings) -> Self {
        SolveView {
            panel: SolverPanel::new(settings.solver),
            compare: Compare::default(),
            analyze: AnalyzeView::default(),
            families: FamilyView::default(),
            harder: HarderView::default(),
            playback: None,
            playback_settings: settings.playback,
            play: None,
            watch: Watch::default(),
            tab: SolveTab::Playback,
            synced: None,
            records: settings.records,
            play_when_solved: false,
            new_start_made: false,
        }
    }

    /// The settings to keep between launches.
    pub fn settings(&self) -> SolveViewSettings {
        SolveViewSettings {
            solver: self.panel.settings.clone(),
            playback: self.playback_settings.clone(),
            records: self.records.clone(),
        }
    }

    /// Where the solver caches pattern databases (see [`SolverSettings::pdb_cache`]).
    pub fn set_pdb_cache(&mut self, cache: Option<PathBuf>) {
        self.panel.settings.pdb_cache = cache;
    }

    /// The solver panel (settings, the running search, the last outcome).
    pub fn panel(&self) -> &SolverPanel {
        &self.panel
    }

    /// The solver panel, to change settings.
    pub fn panel_mut(&mut self) -> &mut SolverPanel {
        &mut self.panel
    }

    /// The comparison.
    pub fn compare(&self) -> &Compare {
        &self.compare
    }

    /// The comparison, to choose its pairs.
    pub fn compare_mut(&mut self) -> &mut Compare {
        &mut self.compare
    }

    /// The Analyze window's jobs and results.
    pub fn analyze_view(&self) -> &AnalyzeView {
        &self.analyze
    }

    /// The Analyze window's state, to show results or choose what to list.
    pub fn analyze_view_mut(&mut self) -> &mut AnalyzeView {
        &mut self.analyze
    }

    /// The Make it harder window's choices, search and results.
    pub fn harder_view(&self) -> &HarderView {
        &self.harder
    }

    /// The Make it harder window's state, to show results.
    pub fn harder_view_mut(&mut self) -> &mut HarderView {
        &mut self.harder
    }

    /// The Families window's run and listing.
    pub fn family_view(&self) -> &FamilyView {
        &self.families
    }

    /// The Families window's state, to choose the family or pin a listing's time.
    pub fn family_view_mut(&mut self) -> &mut FamilyView {
        &mut self.families
    }

    /// The playback of the last solution, if any.
    pub fn playback(&self) -> Option<&Playback> {
        self.playback.as_ref()
    }

    /// The game of the Play tab, once started.
    pub fn play(&self) -> Option<&Play> {
        self.play.as_ref()
    }

    /// The Watch view.
    pub fn watch(&self) -> &Watch {
        &self.watch
    }

    /// The tab shown in the centre of Solve.
    pub fn tab(&self) -> SolveTab {
        self.tab
    }

    /// The metric chosen in the solver panel (Play counts in it too).
    pub fn metric(&self) -> Metric {
        self.panel.settings.metric
    }

    /// Takes the metric of `puzzle`, a design just opened (Open, the library, New): its own,
    /// else the solver's default ([`metric_for`]). A metric the user picked for the design
    /// before stays with it, through edits, until another design is opened; it never
    /// carries over to that one.
    pub fn follow_metric_of(&mut self, puzzle: &Puzzle) {
        self.panel.settings.metric = metric_for(puzzle, None);
    }

    /// Keeps the Analyze window's results across the next revision of the design, the one
    /// "Make this the start" just made: only the start moved, so the analysis stays, marked as
    /// of the previous start, and the window folds so the new start is seen. Every other
    /// result goes as usual.
    pub fn keep_analysis_for_new_start(&mut self) {
        self.new_start_made = true;
    }

    /// Takes `puzzle`, the design at `revision` restored with this view's settings, as the
    /// design they were last used on: their metric, the design's own or one the user picked
    /// for it, stays, as it would have without the relaunch.
    pub fn resume(&mut self, revision: u64, puzzle: &Puzzle) {
        self.synced = Some(Synced {
            revision,
            metric: puzzle.metric,
        });
    }

    /// Drops the results of an earlier revision of the design (which stops their searches),
    /// then drains the background work. Call at the start of every frame.
    pub fn poll(&mut self, revision: u64, puzzle: &Puzzle, ctx: &egui::Context) {
        self.sync(revision, puzzle);
        if let Some(report) = self.panel.poll() {
            self.load_playback(puzzle, report, None, ctx);
            if std::mem::take(&mut self.play_when_solved) {
                self.play_from_start(ctx);
            }
        }
        if !self.panel.is_running() {
            // Refused, cancelled or failed: nothing will arrive to play.
            self.play_when_solved = false;
        }
        if self.compare.poll() {
            self.tab = SolveTab::Compare;
        }
        self.analyze.poll();
        self.harder.poll();
        self.families.poll();
        if let Some(playback) = self.playback.as_mut() {
            playback.poll_h_path();
        }
        if let Some(play) = self.play.as_mut() {
            play.poll();
        }
    }

    /// Keys the results to `revision`. Results already shown when the view first sees a
    /// revision (put there by [`SolveView::show_run`]) are for that design and stay.
    fn sync(&mut self, revision: u64, puzzle: &Puzzle) {
        let previous = self.synced;
        if previous.is_some_and(|s| s.revision == revision) {
            return;
        }
        let follow = match previous {
            // The first design seen: a design that names its metric (Klotski counts in
            // moves) brings it along.
            None => puzzle.metric,
            // The design's own metric was edited (or the edit undone): the solver follows,
            // to the default when the design no longer names one.
            Some(synced) if synced.metric != puzzle.metric => Some(metric_for(puzzle, None)),
            Some(_) => None,
        };
        if let Some(metric) = follow {
            self.panel.settings.metric = metric;
        }
        if previous.is_some() {
            self.panel.reset();
            self.compare.reset();
            if std::mem::take(&mut self.new_start_made) {
                self.analyze.keep_for_new_start();
            } else {
                self.analyze.reset();
            }
            self.harder.design_changed(puzzle);
            self.playback = None;
            self.play = None;
            self.watch.reset();
        }
        self.synced = Some(Synced {
            revision,
            metric: puzzle.metric,
        });
    }

    /// Carries out `command` for `puzzle`, the design at `revision`.
    pub fn apply(
        &mut self,
        command: SolveCommand,
        revision: u64,
        puzzle: &Puzzle,
        ctx: &egui::Context,
    ) {
        match command {
            SolveCommand::Solver(SolverCommand::SolveAndPlay) => {
                self.tab = SolveTab::Playback;
                if self.playback.is_some() {
                    self.play_from_start(ctx);
                } else if self.panel.is_running() {
                    self.play_when_solved = true;
                } else {
                    self.panel
                        .apply(SolverCommand::SolveAndPlay, revision, puzzle, ctx);
                    self.play_when_solved = self.panel.is_running();
                }
            }
            SolveCommand::Solver(command) => self.panel.apply(command, revision, puzzle, ctx),
            SolveCommand::Compare(command) => {
                let availability = self.panel.availability(revision, puzzle).clone();
                self.compare
                    .apply(command, puzzle, &self.panel.settings, &availability, ctx);
            }
            SolveCommand::Playback(command) => {
                let animations_on = ctx.global_style().animation_time > 0.0;
                let shown = self.shown_playback_settings(animations_on);
                if let Some(playback) = self.playback.as_mut() {
                    playback.apply(command, &shown);
                }
            }
            SolveCommand::Play(command) => {
                let metric = self.metric();
                if let Some(play) = self.play.as_mut() {
                    play.apply(command, metric, ctx);
                    if let Some(result) = play.take_result() {
                        let key = record_key(play.puzzle(), metric);
                        if self.records.get(&key).is_none_or(|best| result.beats(best)) {
                            self.records.insert(key, result);
                        }
                    }
                }
            }
            SolveCommand::Analyze(command) => {
                let settings = &self.panel.settings;
                self.analyze
                    .apply(command, puzzle, settings.metric, settings.budget(), ctx);
            }
            SolveCommand::Harder(command) => {
                self.harder
                    .apply(command, puzzle, &self.panel.settings, ctx);
            }
            SolveCommand::Family(command) => {
                let budget = self.panel.settings.budget();
                self.families.apply(command, puzzle, budget, ctx);
            }
            SolveCommand::Watch(command) => {
                let job = self.panel.settings.search(puzzle);
                self.watch.apply(command, puzzle, &job);
                self.tab = SolveTab::Watch;
            }
            // The panel's figures follow, so they are of the run played back (unless a
            // solve of the panel's own is under way).
            SolveCommand::ShowSolution(report) if !self.panel.is_running() => {
                self.show_run(puzzle, report, None, ctx);
            }
            SolveCommand::ShowSolution(report) => self.load_playback(puzzle, report, None, ctx),
        }
    }

    /// Plays the solution shown from its first move.
    fn play_from_start(&mut self, ctx: &egui::Context) {
        let shown = self.shown_playback_settings(ctx.global_style().animation_time > 0.0);
        if let Some(playback) = self.playback.as_mut() {
            playback.apply(PlaybackCommand::First, &shown);
            playback.apply(PlaybackCommand::TogglePlay, &shown);
        }
    }

    fn load_playback(
        &mut self,
        puzzle: &Puzzle,
        report: Arc<SolveReport>,
        h_path: Option<HeuristicPath>,
        ctx: &egui::Context,
    ) {
        self.playback = report.length().map(|_| {
            let mut playback =
                Playback::new(puzzle, report).with_pdb_cache(self.panel.settings.pdb_cache.clone());
            match h_path {
                Some(path) => {
                    playback.set_h_path(path);
                    playback.compute_truth(puzzle, ctx);
                }
                None => playback.compute_h_path(puzzle, ctx),
            }
            playback
        });
        if self.playback.is_some() {
            self.tab = SolveTab::Playback;
        }
    }

    /// Shows a finished solve of `puzzle`, the open design, (summary and playback) as if the
    /// solver panel had just produced it: for example a run made elsewhere, or one with pinned
    /// timings in snapshot tests. Without `h_path`, the heuristic along the solution is
    /// computed in the background.
    pub fn show_run(
        &mut self,
        puzzle: &Puzzle,
        report: Arc<SolveReport>,
        h_path: Option<HeuristicPath>,
        ctx: &egui::Context,
    ) {
        self.panel.show_report(Arc::clone(&report));
        self.load_playback(puzzle, report, h_path, ctx);
    }

    /// Watches `recorded`, read from the file `source`, beside Blockslide's own run of its
    /// algorithm on `puzzle`, the design at `revision` (the recorded search's puzzle), in the
    /// Watch tab.
    pub fn open_recorded(
        &mut self,
        revision: u64,
        puzzle: &Puzzle,
        recorded: RecordedSearch,
        source: &str,
    ) {
        // Keyed to this revision now, so the next frame keeps what is opened.
        self.sync(revision, puzzle);
        let job = self.panel.settings.search(puzzle);
        self.watch.open_recorded(puzzle, recorded, source, &job);
        self.tab = SolveTab::Watch;
    }

    /// Shows comparison results for the open design as if a comparison had just produced them.
    /// The design and `ctx` are not needed (results are keyed to the document revision the
    /// view saw last); the parameters keep the call alike to [`SolveView::show_run`].
    pub fn show_comparison(
        &mut self,
        _puzzle: &Puzzle,
        rows: Vec<CompareRow>,
        _ctx: &egui::Context,
    ) {
        self.compare.show_rows(rows);
        self.tab = SolveTab::Compare;
    }

    /// The playback settings as shown: the app's "animations" switch (View menu) turns every
    /// glide off without changing the user's own choice.
    fn shown_playback_settings(&self, animations_on: bool) -> PlaybackSettings {
        PlaybackSettings {
            animate: self.playback_settings.animate && animations_on,
            ..self.playback_settings.clone()
        }
    }

    /// The right panel of the Solve and Play tabs, for `puzzle`, the design at `revision`
    /// (the app scrolls it).
    pub fn side_ui(
        &mut self,
        ui: &mut Ui,
        mode: Mode,
        revision: u64,
        puzzle: &Puzzle,
        commands: &mut Vec<Command>,
    ) {
        if mode == Mode::Play {
            self.play_side_ui(ui);
        } else {
            self.panel.ui(ui, revision, puzzle, commands);
            ui.add_space(10.0);
            ui.separator();
            let availability = self.panel.availability(revision, puzzle);
            let compare = &mut self.compare;
            egui::CollapsingHeader::new(RichText::new("Compare algorithms").strong())
                .id_salt("compare header")
                .default_open(true)
                .show(ui, |ui| compare.controls_ui(ui, availability, commands));
        }
        if self.panel.is_running() || self.compare.is_running() {
            // Elapsed time ticks even between progress reports.
            ui.ctx()
                .request_repaint_after(std::time::Duration::from_millis(100));
        }
    }

    /// The tool windows that are `open`, for `design` (the open design), with the solver
    /// panel's settings; the Analyze window opens over `beside` (the right-hand panel, when
    /// shown), off the board.
    pub fn tool_windows_ui(
        &mut self,
        ctx: &egui::Context,
        open: OpenWindows,
        design: Design<'_>,
        beside: Option<(egui::Rect, egui::Rect)>,
        commands: &mut Vec<Command>,
    ) {
        let mut around = Surroundings {
            design,
            settings: &mut self.panel.settings,
            beside,
        };
        let is_open = |window| open.is_open(window);
        tool_window::show(
            ctx,
            &mut self.analyze,
            is_open(ToolWindow::Analyze),
            &mut around,
            commands,
        );
        tool_window::show(
            ctx,
            &mut self.families,
            is_open(ToolWindow::Families),
            &mut around,
            commands,
        );
        tool_window::show(
            ctx,
            &mut self.harder,
            is_open(ToolWindow::Harder),
            &mut around,
            commands,
        );
    }

    fn play_side_ui(&mut self, ui: &mut Ui) {
        ui.heading("Play");
        ui.label("Drag a piece, or click it and use the arrow keys. Only legal moves are made.");
        ui.add_space(6.0);
        // The choice under its label, as wide as the panel: beside the label in a grid, it
        // had only the column's width left and showed "move (any …" even in a wide window.
        let label = ui.label("Count moves as");
        let metric = &mut self.panel.settings.metric;
        fit::combo(ui, "play metric")
            .selected_text(metric_title(*metric))
            .show_ui(ui, |ui| {
                for m in Metric::ALL {
                    ui.selectable_value(metric, m, metric_title(m));
                }
            })
            .response
            .labelled_by(label.id)
            .on_hover_text(metric_title(*metric));
        ui.add_space(6.0);
        ui.label(RichText::new("Keys").strong());
        for (key, what) in play::KEYS {
            // Wrapped, so a long line stays inside a narrow panel.
            ui.horizontal_wrapped(|ui| {
                ui.monospace(key);
                ui.label(what);
            });
        }
        ui.weak("The Edit menu's Undo move and Redo move, and their shortcuts, work too.");
        if let Some(play) = &self.play
            && let Some(m) = play.optimal_length()
        {
            ui.add_space(6.0);
            ui.label(format!("Optimal: {m} {}", unit_name(self.metric(), m)));
        }
    }

    /// The centre of the Solve and Play tabs, for `puzzle`, the design at `revision`.
    pub fn central_ui(
        &mut self,
        ui: &mut Ui,
        mode: Mode,
        revision: u64,
        puzzle: &Puzzle,
        commands: &mut Vec<Command>,
    ) {
        let animations_on = ui.style().animation_time > 0.0;
        if mode == Mode::Play {
            let metric = self.metric();
            let verdict = self.panel.availability(revision, puzzle).verdict.clone();
            let best = self.records.get(&record_key(puzzle, metric)).copied();
            let pdb_cache = &self.panel.settings.pdb_cache;
            let play = self
                .play
                .get_or_insert_with(|| Play::new(puzzle).with_pdb_cache(pdb_cache.clone()));
            play.ui(ui, metric, &verdict, best, commands);
            return;
        }
        ui.horizontal(|ui| {
            ui.selectable_value(&mut self.tab, SolveTab::Playback, "Playback");
            ui.selectable_value(&mut self.tab, SolveTab::Compare, "Compare");
            ui.selectable_value(&mut self.tab, SolveTab::Watch, "Watch");
        });
        ui.separator();
        match self.tab {
            // Watch scrolls all but its controls; the comparison scrolls sideways too, its
            // table being wider than a narrow centre.
            SolveTab::Watch => {
                let algorithm = self.panel.settings.algorithm_for(puzzle);
                let availability = self.panel.availability(revision, puzzle);
                self.watch.offer_choices(availability);
                self.watch.ui(ui, algorithm, commands);
            }
            SolveTab::Compare => {
                let availability = self.panel.availability(revision, puzzle);
                egui::ScrollArea::both()
                    .id_salt("compare results scroll")
                    .show(ui, |ui| {
                        self.compare.results_ui(ui, availability, commands);
                    });
            }
            SolveTab::Playback => {
                let mut shown = self.shown_playback_settings(animations_on);
                if let Some(playback) = self.playback.as_mut() {
                    playback.ui(ui, &mut shown, commands);
                    self.playback_settings.moves_per_second = shown.moves_per_second;
                    // The app-wide switch overrides for display only; the user's own choice
                    // is kept.
                    if animations_on {
                        self.playback_settings.animate = shown.animate;
                    }
                } else {
                    self.no_solution_ui(ui);
                    Board::new(puzzle)
                        .id_salt("solve preview board")
                        .interactive(false)
                        .goal_outline(true)
                        .show(ui);
                }
            }
        }
    }
}

impl SolveView {
    /// Above the design when there is no solution to play back: that the solver is at work,
    /// or how its last run ended without one (its verdict where the solution would be, the
    /// figures in the solver panel), or what to do.
    fn no_solution_ui(&self, ui: &mut Ui) {
        let warn = ui.visuals().warn_fg_color;
        if self.panel.is_running() {
            ui.weak("Solving… the solution plays back here once it is found.");
            return;
        }
        match self.panel.outcome() {
            Some(panel::Outcome::Report(report))
                if !matches!(report.status, Termination::Solved | Termination::Cancelled) =>
            {
                ui.label(RichText::new(fmt::headline(report)).strong().color(warn));
                ui.weak("The solver panel has the run's figures.");
            }
            Some(panel::Outcome::Refused(why)) => {
                ui.label(message_job(ui.style(), why, Some(warn)));
            }
            Some(panel::Outcome::Abandoned(_) | panel::Outcome::Report(_)) => {
                ui.weak("The search was cancelled before it found a solution.");
            }
            _ => {
                ui.weak("Choose an algorithm and press Solve; the solution plays back here.");
            }
        }
    }
}

#[cfg(test)]
mod tests;
