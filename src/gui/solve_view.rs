//! The Solve and Play modes as one unit the app embeds: the solver panel and comparison
//! controls on the right, playback or the comparison in the centre, and the game of Play.
//!
//! The app calls [`SolveView::side_ui`] in its right panel and [`SolveView::central_ui`] in
//! its central panel while the Solve or Play tab is active. Results belong to the puzzle they
//! were computed for: when the design changes, they are dropped and running searches stop.

use std::sync::Arc;

use egui::{RichText, Ui};
use serde::{Deserialize, Serialize};

use crate::model::{Metric, Puzzle};
use crate::solve::api::SolveReport;

use super::board::Board;
use super::command::Mode;
use super::compare::{Compare, CompareRow};
use super::play::Play;
use super::playback::{HeuristicPath, Playback, PlaybackSettings};
use super::solver_panel::{SolverPanel, SolverSettings, metric_title};

/// The Solve and Play settings kept between launches.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct SolveViewSettings {
    /// Algorithm, heuristic, metric and limits.
    pub solver: SolverSettings,
    /// Playback speed and animation.
    pub playback: PlaybackSettings,
}

/// Which view fills the centre of the Solve tab.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum SolveTab {
    /// The solution, played back.
    #[default]
    Playback,
    /// The comparison table and charts.
    Compare,
}

/// Everything of the Solve and Play tabs.
pub struct SolveView {
    panel: SolverPanel,
    compare: Compare,
    playback: Option<Playback>,
    playback_settings: PlaybackSettings,
    play: Option<Play>,
    tab: SolveTab,
    results_for: Option<Puzzle>,
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
            playback: None,
            playback_settings: settings.playback,
            play: None,
            tab: SolveTab::Playback,
            results_for: None,
        }
    }

    /// The settings to keep between launches.
    pub fn settings(&self) -> SolveViewSettings {
        SolveViewSettings {
            solver: self.panel.settings.clone(),
            playback: self.playback_settings.clone(),
        }
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

    /// The playback of the last solution, if any.
    pub fn playback(&self) -> Option<&Playback> {
        self.playback.as_ref()
    }

    /// The game of the Play tab, once started.
    pub fn play(&self) -> Option<&Play> {
        self.play.as_ref()
    }

    /// The tab shown in the centre of Solve.
    pub fn tab(&self) -> SolveTab {
        self.tab
    }

    /// The metric chosen in the solver panel (Play counts in it too).
    pub fn metric(&self) -> Metric {
        self.panel.settings.metric
    }

    /// Drains background work and drops results that belong to an earlier design.
    fn update(&mut self, puzzle: &Puzzle, ctx: &egui::Context) {
        if self.results_for.as_ref() != Some(puzzle) {
            // A design that names its metric (Klotski counts in moves) brings it along.
            if let Some(metric) = puzzle.metric
                && self.results_for.as_ref().map(|p| p.metric) != Some(puzzle.metric)
            {
                self.panel.settings.metric = metric;
            }
            self.panel.reset();
            self.compare.reset();
            self.playback = None;
            self.results_for = Some(puzzle.clone());
        }
        if self.play.as_ref().is_some_and(|p| p.puzzle() != puzzle) {
            self.play = None;
        }
        if let Some(report) = self.panel.poll() {
            self.load_playback(puzzle, report, None, ctx);
        }
        if self.compare.poll() {
            self.tab = SolveTab::Compare;
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
            let mut playback = Playback::new(puzzle, report);
            match h_path {
                Some(path) => playback.set_h_path(path),
                None => playback.compute_h_path(puzzle, ctx),
            }
            playback
        });
        if self.playback.is_some() {
            self.tab = SolveTab::Playback;
        }
    }

    /// Shows a finished solve of `puzzle` (summary and playback) as if the solver panel had
    /// just produced it: for example a run made elsewhere, or one with pinned timings in
    /// snapshot tests. Without `h_path`, the heuristic along the solution is computed in the
    /// background.
    pub fn show_run(
        &mut self,
        puzzle: &Puzzle,
        report: Arc<SolveReport>,
        h_path: Option<HeuristicPath>,
        ctx: &egui::Context,
    ) {
        self.update(puzzle, ctx);
        self.panel.show_report(Arc::clone(&report));
        self.load_playback(puzzle, report, h_path, ctx);
    }

    /// Shows comparison results for `puzzle` as if a comparison had just produced them.
    pub fn show_comparison(&mut self, puzzle: &Puzzle, rows: Vec<CompareRow>, ctx: &egui::Context) {
        self.update(puzzle, ctx);
        self.compare.show_rows(rows);
        self.tab = SolveTab::Compare;
    }

    /// The right panel of the Solve and Play tabs.
    pub fn side_ui(&mut self, ui: &mut Ui, mode: Mode, puzzle: &Puzzle) {
        let ctx = ui.ctx().clone();
        self.update(puzzle, &ctx);
        egui::ScrollArea::vertical()
            .id_salt("solve side scroll")
            .auto_shrink([false, false])
            .show(ui, |ui| {
                if mode == Mode::Play {
                    self.play_side_ui(ui);
                    return;
                }
                let commands = self.panel.ui(ui, puzzle);
                for command in commands {
                    self.panel.apply(command, puzzle, &ctx);
                }
                ui.add_space(10.0);
                ui.separator();
                let availability = self.panel.availability(puzzle).clone();
                egui::CollapsingHeader::new(RichText::new("Compare algorithms").strong())
                    .id_salt("compare header")
                    .default_open(true)
                    .show(ui, |ui| {
                        let commands = self.compare.controls_ui(ui, &availability);
                        for command in commands {
                            self.compare.apply(
                                command,
                                puzzle,
                                &self.panel.settings,
                                &availability,
                                &ctx,
                            );
                        }
                    });
            });
        if self.panel.is_running() || self.compare.is_running() {
            // Elapsed time ticks even between progress reports.
            ui.ctx()
                .request_repaint_after(std::time::Duration::from_millis(100));
        }
    }

    fn play_side_ui(&mut self, ui: &mut Ui) {
        ui.heading("Play");
        ui.label("Drag a piece, or click it and use the arrow keys. Only legal moves are made.");
        ui.add_space(6.0);
        egui::Grid::new("play settings")
            .num_columns(2)
            .show(ui, |ui| {
                let label = ui.label("Count moves as");
                let metric = &mut self.panel.settings.metric;
                egui::ComboBox::from_id_salt("play metric")
                    .selected_text(metric_title(*metric))
                    .show_ui(ui, |ui| {
                        for m in Metric::ALL {
                            ui.selectable_value(metric, m, metric_title(m));
                        }
                    })
                    .response
                    .labelled_by(label.id);
                ui.end_row();
            });
        ui.add_space(6.0);
        ui.label(RichText::new("Keys").strong());
        for (key, what) in [
            ("Arrow keys", "move the selected piece"),
            ("Backspace", "undo"),
            ("H", "hint"),
            ("Esc", "clear the selection"),
        ] {
            ui.horizontal(|ui| {
                ui.monospace(key);
                ui.label(what);
            });
        }
        if let Some(play) = &self.play
            && let Some(m) = play.optimal_length()
        {
            ui.add_space(6.0);
            ui.label(format!(
                "Optimal: {m} {}",
                super::solver_panel::unit_name(self.metric(), m)
            ));
        }
    }

    /// The centre of the Solve and Play tabs.
    pub fn central_ui(&mut self, ui: &mut Ui, mode: Mode, puzzle: &Puzzle) {
        self.update(puzzle, &ui.ctx().clone());
        // The app's "animations" switch (View menu) turns every glide off.
        let animations_on = ui.style().animation_time > 0.0;
        if mode == Mode::Play {
            let metric = self.metric();
            let play = self.play.get_or_insert_with(|| Play::new(puzzle));
            play.ui(ui, metric);
            return;
        }
        ui.horizontal(|ui| {
            ui.selectable_value(&mut self.tab, SolveTab::Playback, "Playback");
            ui.selectable_value(&mut self.tab, SolveTab::Compare, "Compare");
        });
        ui.separator();
        match self.tab {
            SolveTab::Compare => {
                let chosen = egui::ScrollArea::vertical()
                    .id_salt("compare results scroll")
                    .show(ui, |ui| self.compare.results_ui(ui))
                    .inner;
                if let Some(report) = chosen {
                    let ctx = ui.ctx().clone();
                    self.load_playback(puzzle, report, None, &ctx);
                }
            }
            SolveTab::Playback => match self.playback.as_mut() {
                Some(playback) => {
                    let mut shown = PlaybackSettings {
                        animate: self.playback_settings.animate && animations_on,
                        ..self.playback_settings.clone()
                    };
                    playback.ui(ui, &mut shown);
                    self.playback_settings.moves_per_second = shown.moves_per_second;
                    // The app-wide switch overrides for display only; the user's own choice
                    // is kept.
                    if animations_on {
                        self.playback_settings.animate = shown.animate;
                    }
                }
                None => {
                    ui.weak("Choose an algorithm and press Solve; the solution plays back here.");
                    Board::new(puzzle)
                        .id_salt("solve preview board")
                        .interactive(false)
                        .goal_outline(true)
                        .show(ui);
                }
            },
        }
    }
}
