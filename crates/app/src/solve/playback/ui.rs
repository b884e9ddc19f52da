//! The playback view: headline, board, controls, move list, heuristic plot and export.

use egui::{Color32, Key, Modifiers, Rangef, RichText, Ui, vec2};
use egui_plot::{AxisHints, GridInput, GridMark, Line, PlotPoints, Points, VLine};

use crate::command::{Command, ExportFormat, PlaybackCommand};
use crate::common::board::{Board, GOAL_KEY};
use crate::common::chart_legend::{Swatch, chart_legend_ui};
use crate::common::charts::still_plot;
use blockslide_core::solve::api::heuristic_title;
use blockslide_core::solve::{PieceMove, SolveReport};

use crate::common::format::headline;
use blockslide_core::model::tiles::tile_layout;

use super::animation::{
    AnimationFormat, AnimationOptions, FRAME_RATES, FramePer, MAX_CELL, MIN_CELL,
};
use super::text::{notation, solution_json, solution_text};
use super::{
    H_PLOT_BLOCK_HEIGHT, H_PLOT_MAX_MOVES, HeuristicPath, Playback, PlaybackSettings, Truth,
};

impl Playback {
    /// Draws the playback view (headline, board, controls, move list, plot and export),
    /// advances the glide and playing by the frame's time, and queues what the user asks for.
    /// `settings` are the ones shown; the speed slider and the Animate switch change them.
    pub fn ui(&mut self, ui: &mut Ui, settings: &mut PlaybackSettings, queue: &mut Vec<Command>) {
        let mut commands = Vec::new();
        if !ui.ctx().egui_wants_keyboard_input() {
            ui.input_mut(|i| {
                for (key, command) in [
                    (Key::ArrowRight, PlaybackCommand::Next),
                    (Key::ArrowDown, PlaybackCommand::Next),
                    (Key::ArrowLeft, PlaybackCommand::Previous),
                    (Key::ArrowUp, PlaybackCommand::Previous),
                    (Key::Home, PlaybackCommand::First),
                    (Key::End, PlaybackCommand::Last),
                    (Key::Space, PlaybackCommand::TogglePlay),
                ] {
                    if i.consume_key(Modifiers::NONE, key) {
                        commands.push(command);
                    }
                }
            });
        }
        // Capped so one very slow frame does not skip a whole move.
        let dt = ui.input(|i| i.stable_dt).min(0.25);
        if self.tick(dt, settings) {
            ui.ctx().request_repaint();
        }

        ui.horizontal(|ui| {
            ui.label(RichText::new(headline(&self.report)).strong());
            ui.label(format!(
                "· {} · {}",
                self.report.algorithm.title(),
                heuristic_title(&self.report.heuristic)
            ))
            .on_hover_text(format!(
                "The solver's name for the heuristic: `{}`",
                self.report.heuristic
            ));
            if tile_layout(&self.current).is_some() {
                ui.weak(format!("Hold {} to outline the goal.", GOAL_KEY.name()));
            }
        });
        if let Some(e) = &self.replay_error {
            ui.colored_label(
                ui.visuals().error_fg_color,
                format!("This solution is broken: {e}"),
            );
        } else if !self.goal_reached {
            ui.colored_label(
                ui.visuals().error_fg_color,
                "This solution does not end on a goal position.",
            );
        }

        // In a short view the plot folds away and the export buttons go in rows, so the
        // board keeps most of the height; a tall one shows the plot with the buttons beside it.
        let view_height = ui.available_height();
        egui::Panel::bottom("playback bottom")
            .resizable(false)
            .show(ui, |ui| {
                commands.extend(self.controls_ui(ui, settings));
                ui.add_space(4.0);
                if let Some(format) = self.plot_and_export_ui(ui, view_height) {
                    queue.push(Command::ExportSolution(format));
                }
            });
        // The move list is as wide as its widest move, so no move is cut short, but never
        // takes more than half the view from the board.
        let list_width = self.move_list_width(ui).min(ui.available_width() / 2.0);
        egui::Panel::right("playback moves")
            .resizable(true)
            .default_size(list_width.max(190.0))
            .min_size(list_width)
            .show(ui, |ui| {
                commands.extend(self.move_list_ui(ui));
            });
        egui::CentralPanel::default().show(ui, |ui| {
            let last_made = self.index.checked_sub(1).map(|i| self.moves[i].piece);
            let mut board = Board::new(&self.current)
                .id_salt("playback board")
                .interactive(false)
                .goal_outline(true)
                .highlight_piece(if self.glide.is_some() {
                    None
                } else {
                    last_made
                });
            if let Some((piece, offset)) = self.glide_offset() {
                board = board.piece_offset(piece, offset);
            }
            board.show(ui);
        });
        queue.extend(commands.into_iter().map(Command::from));
    }

    /// The heuristic plot and the export buttons, for a view `view_height` high: the plot
    /// folded and the buttons in rows when that is short, else side by side. Returns the
    /// format of a file to save.
    fn plot_and_export_ui(&mut self, ui: &mut Ui, view_height: f32) -> Option<ExportFormat> {
        if view_height >= SHORT_VIEW_HEIGHT {
            return ui
                .horizontal_wrapped(|ui| {
                    // Room for the export buttons beside the plot when the window allows;
                    // below it otherwise (the row wraps).
                    let width = (ui.available_width() - 170.0).clamp(160.0, 520.0);
                    self.h_plot_ui(ui, width, true, 150.0);
                    ui.vertical(|ui| self.export_ui(ui, ExportLayout::Column))
                        .inner
                })
                .inner;
        }
        // Unfolded, the plot (lower than in a tall view) scrolls with the buttons rather than
        // push the board out of the view: the board keeps more than half the height left.
        egui::ScrollArea::vertical()
            .id_salt("playback plot and export")
            .max_height(view_height * 0.42)
            // A panel grows to what is put in it, never to what a scroll area could take:
            // asked for, the room is taken.
            .min_scrolled_height(view_height * 0.4)
            .show(ui, |ui| {
                egui::CollapsingHeader::new(self.h_plot_fold_title())
                    .id_salt("playback h plot fold")
                    .default_open(false)
                    .show(ui, |ui| {
                        let width = ui.available_width().clamp(160.0, 520.0);
                        self.h_plot_ui(ui, width, false, SHORT_PLOT_HEIGHT);
                    });
                ui.horizontal_wrapped(|ui| self.export_ui(ui, ExportLayout::Rows))
                    .inner
            })
            .inner
    }

    fn controls_ui(
        &mut self,
        ui: &mut Ui,
        settings: &mut PlaybackSettings,
    ) -> Vec<PlaybackCommand> {
        let mut commands = Vec::new();
        let n = self.len();
        // Wrapped, so a narrow window cuts no button off.
        ui.horizontal_wrapped(|ui| {
            let at_start = self.index == 0;
            let at_end = self.index == n;
            let button = |ui: &mut Ui, enabled: bool, icon: &str, name: &str, tip: &str| {
                ui.add_enabled(enabled, egui::Button::new(icon).min_size(vec2(56.0, 24.0)))
                    .accessible_name(name)
                    .on_hover_text(tip)
                    .clicked()
            };
            if button(ui, !at_start, "« First", "First", "Start position (Home)") {
                commands.push(PlaybackCommand::First);
            }
            if button(
                ui,
                !at_start,
                "‹ Prev",
                "Previous",
                "One move back (left arrow)",
            ) {
                commands.push(PlaybackCommand::Previous);
            }
            let (icon, name) = if self.playing {
                ("Pause", "Pause")
            } else {
                ("Play", "Play")
            };
            if button(ui, n > 0, icon, name, "Play or pause (Space)") {
                commands.push(PlaybackCommand::TogglePlay);
            }
            if button(
                ui,
                !at_end,
                "Next ›",
                "Next",
                "One move forward (right arrow)",
            ) {
                commands.push(PlaybackCommand::Next);
            }
            if button(ui, !at_end, "Last »", "Last", "Final position (End)") {
                commands.push(PlaybackCommand::Last);
            }
        });
        // The slider has a line of its own as wide as the view allows: long solutions get
        // a fine slider, and a narrow window cuts nothing off.
        ui.horizontal(|ui| {
            let number_width = 30.0 + 8.0 * n.to_string().len() as f32;
            ui.spacing_mut().slider_width = (ui.available_width() - number_width - 40.0).max(60.0);
            let shown = self.shown_index();
            let mut at = shown;
            let slider = ui.add(
                egui::Slider::new(&mut at, 0..=n)
                    .text(format!("of {n}"))
                    .clamping(egui::SliderClamping::Always),
            );
            let slider = slider.accessible_name("Move");
            if slider.changed() && at != shown {
                commands.push(PlaybackCommand::Seek(at));
            }
        });
        ui.horizontal_wrapped(|ui| {
            ui.add(
                egui::Slider::new(&mut settings.moves_per_second, 0.5..=20.0)
                    .logarithmic(true)
                    .text("moves/s"),
            )
            .accessible_name("Speed");
            ui.checkbox(&mut settings.animate, "Animate")
                .on_hover_text("Let pieces glide; off makes every change instant");
            let shown = self.shown_index();
            let status = if shown == n && self.goal_reached {
                format!("Move {shown}/{n} · goal reached")
            } else {
                format!("Move {shown}/{n}")
            };
            ui.label(status);
        });
        commands
    }

    fn move_list_ui(&mut self, ui: &mut Ui) -> Vec<PlaybackCommand> {
        let mut commands = Vec::new();
        ui.label(RichText::new("Moves").strong());
        let current = self.shown_index();
        let scroll = std::mem::take(&mut self.scroll_to_current);
        // Only the visible rows are laid out, so solutions of any length scroll smoothly.
        // Every row is exactly this tall (a selectable button of monospace text), as
        // `show_rows` requires.
        let row_height = (ui.text_style_height(&egui::TextStyle::Monospace)
            + 2.0 * ui.spacing().button_padding.y)
            .max(ui.spacing().interact_size.y)
            .ceil();
        let pitch = row_height + ui.spacing().item_spacing.y;
        let mut area = egui::ScrollArea::vertical()
            .id_salt("playback move list")
            .auto_shrink([false, false]);
        let visible = self.visible_rows.clone();
        if scroll && !visible.contains(&current) {
            let rows_shown = visible.len().max(1) as f32;
            area =
                area.vertical_scroll_offset(((current as f32 - rows_shown / 2.0) * pitch).max(0.0));
        }
        let output = area.show_rows(ui, row_height, self.moves.len() + 1, |ui, rows| {
            let width = ui.available_width();
            for row in rows.clone() {
                let text = move_row(&self.report, &self.moves, row);
                // One line a move, as `show_rows` needs. The panel is as wide as the widest
                // move, but a window too narrow for it cuts a move short; its tooltip gives
                // it whole.
                let r = ui
                    .add(
                        egui::Button::selectable(
                            current == row,
                            RichText::new(text.as_str()).monospace(),
                        )
                        .truncate()
                        .min_size(vec2(width, row_height)),
                    )
                    .on_hover_text(text.trim_start());
                if r.clicked() {
                    commands.push(PlaybackCommand::Seek(row));
                }
                if scroll && current == row && visible.contains(&row) {
                    r.scroll_to_me(None);
                }
            }
            rows
        });
        // Rows at the edges may be only partly visible; count them out.
        let rows = output.inner;
        self.visible_rows = (rows.start + 1).min(rows.end)..rows.end.saturating_sub(1);
        commands
    }

    /// The outer width of a move list whose widest row shows whole: the row's monospace
    /// text, the button's padding, the scroll bar and the panel's frame.
    fn move_list_width(&self, ui: &Ui) -> f32 {
        let font = egui::TextStyle::Monospace.resolve(ui.style());
        let text = ui
            .painter()
            .layout_no_wrap(self.widest_row.clone(), font, Color32::PLACEHOLDER)
            .size()
            .x;
        let spacing = ui.spacing();
        let frame = egui::Frame::side_top_panel(ui.style())
            .total_margin()
            .sum()
            .x;
        // The separator line beside the panel takes its stroke's width too (see egui's
        // `Panel::resolve_frame`); one point more absorbs rounding.
        let separator = ui.visuals().widgets.noninteractive.bg_stroke.width.ceil() + 1.0;
        (text
            + 2.0 * spacing.button_padding.x
            + spacing.scroll.allocated_width()
            + frame
            + separator)
            .ceil()
    }

    /// The heuristic plot's headline and its tooltip. An uninformed run used no heuristic:
    /// the one plotted is the best admissible one, evaluated afterwards, and the title must
    /// not pass it off as the run's.
    fn h_plot_headline(&self, heuristic: &str) -> (String, String) {
        let title = heuristic_title(heuristic);
        if self.report.algorithm.uses_heuristic() {
            (
                format!("Heuristic along the solution: {title}"),
                format!("The solver's name for the heuristic: `{heuristic}`"),
            )
        } else {
            (
                format!("No heuristic in this run; {title} along the solution"),
                format!(
                    "{} uses no heuristic. The plot shows what the best admissible one, \
                     `{heuristic}`, estimates along its solution.",
                    self.report.algorithm.title()
                ),
            )
        }
    }

    /// The heuristic plot, `width` wide, under its headline if `titled` (a fold titles it
    /// otherwise).
    fn h_plot_ui(&self, ui: &mut Ui, width: f32, titled: bool, height: f32) {
        let Some(HeuristicPath { heuristic, values }) = &self.h_path else {
            // The same space as the plot, so nothing jumps when it arrives.
            ui.allocate_ui(vec2(width, H_PLOT_BLOCK_HEIGHT), |ui| {
                ui.set_min_size(vec2(width, H_PLOT_BLOCK_HEIGHT));
                if self.h_task.is_some() {
                    ui.horizontal(|ui| {
                        ui.spinner();
                        ui.weak("Evaluating the heuristic along the solution…");
                    });
                } else if self.len() > H_PLOT_MAX_MOVES {
                    ui.weak(format!(
                        "No heuristic plot for solutions over {H_PLOT_MAX_MOVES} moves."
                    ));
                }
            });
            return;
        };
        ui.vertical(|ui| {
            // The notes wrap at the plot's width, leaving the export buttons their room.
            ui.set_max_width(width);
            let title = heuristic_title(heuristic);
            if titled {
                let (headline, tip) = self.h_plot_headline(heuristic);
                ui.label(RichText::new(headline).strong())
                    .on_hover_text(tip);
            }
            let points: Vec<[f64; 2]> = values
                .iter()
                .enumerate()
                .map(|(i, h)| [i as f64, f64::from(*h)])
                .collect();
            let (truth_name, truth_points, truth_note) = truth_line(self.truth.as_ref());
            let has_truth = !truth_points.is_empty();
            let h_name = format!("h ({title})");
            // Under the plot: over it, the legend covered the lines' ends.
            let mut legend = Vec::new();
            if has_truth {
                legend.push((TRUTH_COLOR, Swatch::Line, truth_name.to_string()));
            }
            legend.push((H_COLOR, Swatch::Line, h_name.clone()));
            let index = self.index as f64;
            // As high as the lines reach: a long, far from optimal solution (greedy search's)
            // must not flatten a heuristic that stays low.
            let top = values
                .iter()
                .map(|v| f64::from(*v))
                .chain(truth_points.iter().map(|p| p[1]))
                .fold(1.0, f64::max);
            let last = (values.len().saturating_sub(1) as f64).max(1.0);
            still_plot("playback h plot", width, height)
                .include_y(0.0)
                .include_y(top)
                .grid_spacing(Rangef::new(GRID_MIN_SPACING, GRID_MAX_SPACING))
                .y_grid_spacer(move |input| round_marks(&input, top, Y_LABEL_SPACING.max))
                .x_grid_spacer(move |input| round_marks(&input, last, X_LABEL_SPACING.max))
                .custom_y_axes(vec![AxisHints::new_y().label_spacing(Y_LABEL_SPACING)])
                .custom_x_axes(vec![
                    AxisHints::new_x()
                        .label("move")
                        .label_spacing(X_LABEL_SPACING),
                ])
                .show(ui, |plot| {
                    if has_truth {
                        plot.line(
                            Line::new(truth_name, PlotPoints::new(truth_points))
                                .width(1.5)
                                .color(TRUTH_COLOR),
                        );
                    }
                    plot.line(
                        Line::new(h_name.as_str(), PlotPoints::new(points.clone()))
                            .width(2.0)
                            .color(H_COLOR),
                    );
                    if let Some(p) = points.get(self.index) {
                        plot.points(
                            Points::new("", vec![*p])
                                .radius(4.0)
                                .color(Color32::from_rgb(0xe0, 0x8a, 0x1e)),
                        );
                    }
                    plot.vline(
                        VLine::new("", index)
                            .width(1.0)
                            .color(Color32::from_rgb(0xe0, 0x8a, 0x1e)),
                    );
                })
                .response
                .widget_info(|| {
                    egui::WidgetInfo::labeled(egui::accesskit::Role::Canvas, true, H_PLOT_LABEL)
                });
            chart_legend_ui(ui, &legend);
            ui.weak(truth_note);
        });
    }

    /// The folded plot's title: what it shows, so a user knows what opening it gives.
    fn h_plot_fold_title(&self) -> String {
        match &self.h_path {
            Some(path) => self.h_plot_headline(&path.heuristic).0,
            None => "Heuristic along the solution".to_string(),
        }
    }

    /// Copies to the clipboard at once; returns the format of a file to save.
    fn export_ui(&self, ui: &mut Ui, layout: ExportLayout) -> Option<ExportFormat> {
        ui.label(RichText::new("Export").strong());
        if ui
            .button("Copy moves as text")
            .on_hover_text("A readable, numbered list of the moves")
            .clicked()
        {
            ui.ctx().copy_text(solution_text(&self.report));
        }
        if ui
            .button("Copy as JSON")
            .on_hover_text("The same JSON as `blockslide solve --json`")
            .clicked()
        {
            ui.ctx().copy_text(solution_json(&self.report));
        }
        ui.add_space(4.0);
        let mut save = None;
        for (format, text, tip) in [
            (
                ExportFormat::Text,
                "Save moves as text…",
                "The numbered list of moves, in a .txt file",
            ),
            (
                ExportFormat::Json,
                "Save as JSON…",
                "The CLI's JSON (`blockslide solve --json`), in a .json file",
            ),
            (
                ExportFormat::Animation,
                "Save animation…",
                "The playback as an animated PNG or a GIF, for slides and web pages, drawn \
                 with the animation options below",
            ),
        ] {
            if ui.button(text).on_hover_text(tip).clicked() {
                save = Some(format);
            }
        }
        animation_options_ui(ui, layout);
        save
    }
}

/// The playback view's height below which the heuristic plot folds away.
const SHORT_VIEW_HEIGHT: f32 = 600.0;

/// The height of the heuristic plot unfolded in a short view: low enough to leave the board
/// most of the height, high enough for its marks.
const SHORT_PLOT_HEIGHT: f32 = 120.0;

/// How the export buttons are laid out: one above another beside the plot, or in rows
/// under the folded plot.
#[derive(Clone, Copy, PartialEq, Eq)]
enum ExportLayout {
    Column,
    Rows,
}

/// Row `row` of the move list of `report`'s `moves`: the start (row 0) or a numbered move,
/// numbered as in the solution's text.
pub(super) fn move_row(report: &SolveReport, moves: &[PieceMove], row: usize) -> String {
    match row.checked_sub(1) {
        None => "   0. start".to_string(),
        Some(i) => format!("{row:>4}. {}", notation(report, i, &moves[i])),
    }
}

/// The accessible name of the button that opens the animation options.
pub const ANIMATION_OPTIONS_LABEL: &str = "Animation options";

/// A button that sums up the animation options ("APNG · 48 px · 3/s") and opens
/// them in a popup, which stays open while they change. egui keeps them (see
/// [`AnimationOptions::load`]).
fn animation_options_ui(ui: &mut Ui, layout: ExportLayout) {
    let before = AnimationOptions::load(ui.ctx()).clamped();
    let mut options = before.clone();
    let summary = format!(
        "{} · {} px · {}/s",
        options.format.short_title(),
        options.cell_px,
        options.frames_per_second
    );
    let response = ui.button(summary);
    // Below the button, else beside it or above it, wherever it covers no save button and
    // takes no click meant for "Save animation…": in a column those lie above the button,
    // in rows to its left.
    let alternatives: &[egui::RectAlign] = match layout {
        ExportLayout::Column => &[egui::RectAlign::LEFT_END, egui::RectAlign::LEFT_START],
        ExportLayout::Rows => &[egui::RectAlign::TOP_START, egui::RectAlign::RIGHT_END],
    };
    egui::Popup::menu(&response)
        .close_behavior(egui::PopupCloseBehavior::CloseOnClickOutside)
        .align(egui::RectAlign::BOTTOM_START)
        .align_alternatives(alternatives)
        .show(|ui| {
            ui.horizontal(|ui| {
                for format in AnimationFormat::ALL {
                    ui.radio_value(&mut options.format, format, format.title());
                }
            });
            ui.add(
                egui::Slider::new(&mut options.cell_px, MIN_CELL..=MAX_CELL)
                    .text("Cell size")
                    .suffix(" px"),
            );
            ui.add(
                egui::Slider::new(&mut options.frames_per_second, FRAME_RATES)
                    .text("Frames per second")
                    .step_by(0.5),
            );
            ui.horizontal(|ui| {
                ui.label("One frame per");
                ui.radio_value(&mut options.per, FramePer::Move, "move");
                ui.radio_value(&mut options.per, FramePer::Step, "step")
                    .on_hover_text("A long move is then seen cell by cell");
            });
            ui.checkbox(&mut options.captions, "Captions")
                .on_hover_text("Under each frame, its move and piece: \"MOVE 12 · PIECE C\"");
        });
    response
        .accessible_name(ANIMATION_OPTIONS_LABEL)
        .on_hover_text("How \"Save animation…\" draws the solution");
    if options != before {
        options.store(ui.ctx());
    }
}

/// The accessible name of the plot of the heuristic along the solution.
pub const H_PLOT_LABEL: &str = "Plot of the heuristic at each move";

/// The colour of the heuristic's line.
const H_COLOR: Color32 = Color32::from_rgb(0x3d, 0x7e, 0xc9);
/// The colour of the true distance's line.
const TRUTH_COLOR: Color32 = Color32::from_gray(150);

/// The true-distance line of the heuristic plot: its legend name, its points, and a note
/// that says how the distances were found.
fn truth_line(truth: Option<&Truth>) -> (&'static str, Vec<[f64; 2]>, String) {
    match truth {
        Some(Truth::Exact { distances, mapped }) => {
            let points = distances
                .iter()
                .enumerate()
                .map(|(i, d)| [i as f64, f64::from(*d)])
                .collect();
            let how = if *mapped {
                "True distance: exact at every position, from a map of every position's \
                 distance to the goal."
            } else {
                "True distance: exact, the moves left (the solution is optimal)."
            };
            ("true distance", points, how.to_string())
        }
        Some(Truth::AlongOptimal(m)) => {
            let points = (0..=*m).map(|i| [f64::from(i), f64::from(m - i)]).collect();
            (
                "distance along an optimal solution",
                points,
                format!(
                    "Too many positions to map every distance: the grey line counts down an \
                     optimal solution of {m} moves, a different path from the one shown."
                ),
            )
        }
        Some(Truth::Unknown) => (
            "",
            Vec::new(),
            "True distance unknown: no map and no optimal solution within the limits.".into(),
        ),
        None => ("", Vec::new(), "Finding the true distances…".into()),
    }
}

/// The plot's grid spacing in points (`egui_plot`'s default): a grid spacer's
/// `base_step_size` is the value that [`GRID_MIN_SPACING`] points span.
const GRID_MIN_SPACING: f32 = 8.0;
/// Grid lines this far apart, in points, are drawn at full strength.
const GRID_MAX_SPACING: f32 = 300.0;
/// How far apart the y axis's numbers must be (points) to show faintly, then in full: a
/// line of text high and a little more.
const Y_LABEL_SPACING: Rangef = Rangef {
    min: 18.0,
    max: 22.0,
};
/// How far apart the x axis's numbers must be (points) to show faintly, then in full: wide
/// enough for a move number of four digits.
const X_LABEL_SPACING: Rangef = Rangef {
    min: 36.0,
    max: 40.0,
};

/// Grid marks for an axis up to `top` at the largest round step (1, 2 or 5 times a power of
/// ten) that gives at least four intervals, or the smallest round step whose marks are
/// `readable` points apart when that is larger: `egui_plot` leaves out numbers closer than
/// that, and a short plot of a long solution would otherwise have none. Steps are whole, as
/// moves and heuristic values are.
fn round_marks(input: &GridInput, top: f64, readable: f32) -> Vec<GridMark> {
    let at_most = (top / 4.0).max(1.0);
    let magnitude = 10f64.powf(at_most.log10().floor());
    let wide = [5.0, 2.0, 1.0]
        .into_iter()
        .map(|m| m * magnitude)
        .find(|s| *s <= at_most)
        .unwrap_or(magnitude);
    let at_least =
        (input.base_step_size / f64::from(GRID_MIN_SPACING) * f64::from(readable)).max(1.0);
    let magnitude = 10f64.powf(at_least.log10().floor());
    let legible = [1.0, 2.0, 5.0, 10.0]
        .into_iter()
        .map(|m| m * magnitude)
        .find(|s| *s >= at_least)
        .unwrap_or(10.0 * magnitude);
    let step = wide.max(legible);
    let bounds = input.bounds;
    let first = (bounds.0 / step).ceil() as i64;
    let last = (bounds.1 / step).floor() as i64;
    (first..=last)
        .map(|k| GridMark {
            value: k as f64 * step,
            step_size: step,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The marks of an axis from `bounds` up to `top`, `points_per_unit` apart a unit,
    /// labels `readable` points apart.
    fn marks(bounds: (f64, f64), top: f64, points_per_unit: f64, readable: f32) -> Vec<f64> {
        let input = GridInput {
            bounds,
            base_step_size: f64::from(GRID_MIN_SPACING) / points_per_unit,
        };
        round_marks(&input, top, readable)
            .iter()
            .map(|m| m.value)
            .collect()
    }

    #[test]
    fn plot_marks_are_round() {
        assert_eq!(
            marks((-3.0, 84.0), 81.0, 5.0, 22.0),
            [0.0, 20.0, 40.0, 60.0, 80.0]
        );
        assert_eq!(
            marks((0.0, 8.0), 8.0, 30.0, 22.0),
            [0.0, 2.0, 4.0, 6.0, 8.0]
        );
    }

    #[test]
    fn plot_marks_of_a_short_plot_are_far_enough_apart_to_be_labelled() {
        // 31 moves on 120 points: steps of 5 would be 19 points apart, too close for labels.
        assert_eq!(
            marks((-1.0, 32.0), 31.0, 120.0 / 33.0, 22.0),
            [0.0, 10.0, 20.0, 30.0]
        );
    }
}
