//! The right panel in the editor tabs: the puzzle's properties, the board size, the selected
//! piece (with its axis), the selected zone (with who may enter), goal helpers, and live
//! validation with the tile-parity verdict.

use egui::{Color32, RichText, Ui};

use std::collections::BTreeSet;

use super::canvas::EditorState;
use super::edit::zone;
use crate::command::{Command, Mode, Tool};
use crate::common::colors::{from_color32, piece_color, to_color32};
use crate::common::format::{counted, thousands};
use crate::common::message::message_job;
use blockslide_core::model::rushhour;
use blockslide_core::model::validate::{Diagnostic, Severity, validate};
use blockslide_core::model::{Axis, Cell, MAX_SIDE, Metric, Puzzle, Token, ZoneRight};
use blockslide_core::solve::api::PuzzleProfile;

/// Validation results and the solver's profile for one revision of the design.
#[derive(Debug, Default)]
pub struct Checks {
    revision: Option<u64>,
    /// Every finding, errors first.
    pub diagnostics: Vec<Diagnostic>,
    /// What the design is to the solver: its kind, the tasks that apply, its defaults.
    pub profile: PuzzleProfile,
}

impl Checks {
    /// Re-validates when the design changed since the last call.
    pub fn refresh(&mut self, puzzle: &Puzzle, revision: u64) -> bool {
        if self.revision == Some(revision) {
            return false;
        }
        self.revision = Some(revision);
        self.diagnostics = validate(puzzle);
        self.profile = PuzzleProfile::of(puzzle);
        true
    }

    /// The number of errors.
    pub fn errors(&self) -> usize {
        self.diagnostics
            .iter()
            .filter(|d| d.severity == Severity::Error)
            .count()
    }
}

/// Text being typed that is applied only when complete (a piece's new token).
#[derive(Debug, Default)]
pub struct PropertiesState {
    /// The piece being renamed.
    piece: Option<Token>,
    /// Its new token as typed so far.
    text: String,
    /// Why the last rename was refused.
    error: Option<String>,
    /// The zone being renamed.
    zone: Option<Token>,
    /// Its new name as typed so far.
    zone_text: String,
    /// Why the last zone rename was refused.
    zone_error: Option<String>,
}

impl PropertiesState {
    /// Shows an error about the last rename.
    pub fn set_rename_error(&mut self, error: Option<String>) {
        self.error = error;
    }

    /// Shows an error about the last zone rename.
    pub fn set_zone_name_error(&mut self, error: Option<String>) {
        self.zone_error = error;
    }
}

/// Draws the panel (the app scrolls it).
pub fn show(
    ui: &mut Ui,
    state: &mut PropertiesState,
    puzzle: &Puzzle,
    mode: Mode,
    editor: &EditorState,
    checks: &Checks,
    commands: &mut Vec<Command>,
) {
    puzzle_section(ui, puzzle, commands);
    ui.separator();
    size_section(ui, puzzle, commands);
    ui.separator();
    piece_section(ui, state, puzzle, editor, commands);
    ui.separator();
    if editor.tool == Tool::Zone || !puzzle.zones.is_empty() {
        zone_section(ui, state, puzzle, editor.selected_zone, commands);
        ui.separator();
    }
    goal_section(ui, puzzle, mode, commands);
    ui.separator();
    checks_section(ui, checks, commands);
}

fn puzzle_section(ui: &mut Ui, puzzle: &Puzzle, commands: &mut Vec<Command>) {
    ui.heading("Puzzle");
    egui::Grid::new("puzzle_props")
        .num_columns(2)
        .show(ui, |ui| {
            let label = ui.label("Name");
            let mut name = puzzle.name.clone();
            if ui
                .text_edit_singleline(&mut name)
                .labelled_by(label.id)
                .changed()
            {
                commands.push(Command::SetName(name));
            }
            ui.end_row();
            let label = ui
                .label("Metric")
                .on_hover_text("How the puzzle's solutions are usually counted");
            let current = puzzle.metric.map_or("unspecified", Metric::name);
            egui::ComboBox::from_id_salt("metric")
                .selected_text(current)
                .show_ui(ui, |ui| {
                    if ui
                        .selectable_label(puzzle.metric.is_none(), "unspecified")
                        .clicked()
                    {
                        commands.push(Command::SetMetric(None));
                    }
                    for m in Metric::ALL {
                        if ui
                            .selectable_label(puzzle.metric == Some(m), m.name())
                            .clicked()
                        {
                            commands.push(Command::SetMetric(Some(m)));
                        }
                    }
                })
                .response
                .labelled_by(label.id);
            ui.end_row();
        });
    let label = ui.label("Notes");
    let mut notes = puzzle.notes.clone();
    let edit = egui::TextEdit::multiline(&mut notes)
        .desired_rows(2)
        .desired_width(f32::INFINITY)
        .hint_text("Instructions, source, record…");
    if ui.add(edit).labelled_by(label.id).changed() {
        commands.push(Command::SetNotes(notes));
    }
}

fn size_section(ui: &mut Ui, puzzle: &Puzzle, commands: &mut Vec<Command>) {
    ui.heading("Board");
    ui.horizontal(|ui| {
        let (mut rows, mut cols) = (puzzle.rows, puzzle.cols);
        let label = ui.label("Rows");
        let r = ui
            .add(egui::DragValue::new(&mut rows).range(1..=MAX_SIDE))
            .labelled_by(label.id)
            .on_hover_text("1 to 32; cells that still fit are kept");
        let label = ui.label("Columns");
        let c = ui
            .add(egui::DragValue::new(&mut cols).range(1..=MAX_SIDE))
            .labelled_by(label.id)
            .on_hover_text("1 to 32; cells that still fit are kept");
        if r.changed() || c.changed() {
            commands.push(Command::Resize { rows, cols });
        }
    });
    let walls = puzzle.cells.iter().filter(|c| **c == Cell::Wall).count();
    let empty = puzzle.cells.iter().filter(|c| **c == Cell::Empty).count();
    ui.weak(format!(
        "{}, {}, {}",
        counted(puzzle.pieces().len(), "piece", "pieces"),
        counted(empty, "empty cell", "empty cells"),
        counted(walls, "wall", "walls")
    ));
    // A board that is a Rush Hour position can be shared in Fogleman's notation. On a board
    // of Rush Hour's size the row stays, saying why not when it is not one, so freeing a car
    // (A) moves nothing under it.
    match rushhour::to_string(puzzle) {
        Ok(text) => {
            ui.horizontal(|ui| {
                ui.weak("As a Rush Hour string:");
                if ui
                    .small_button("Copy")
                    .on_hover_text("Copy the board in Fogleman's notation")
                    .clicked()
                {
                    ui.ctx().copy_text(text.clone());
                }
            });
            ui.add(egui::Label::new(RichText::new(&text).monospace().weak()).wrap());
        }
        Err(why) if (puzzle.rows, puzzle.cols) == (6, 6) => {
            ui.horizontal(|ui| {
                ui.weak("As a Rush Hour string:");
                ui.add_enabled(false, egui::Button::new("Copy").small());
            });
            // As high as a string would be (36 letters, wrapped in a narrow panel).
            let string = egui::WidgetText::from(RichText::new("x".repeat(36)).monospace())
                .into_galley(
                    ui,
                    Some(egui::TextWrapMode::Wrap),
                    ui.available_width(),
                    egui::TextStyle::Monospace,
                );
            let weak = ui.visuals().weak_text_color();
            let mut why = message_job(ui.style(), &format!("none: {why}"), Some(weak));
            why.wrap = egui::text::TextWrapping::truncate_at_width(ui.available_width());
            ui.allocate_ui(egui::vec2(ui.available_width(), string.size().y), |ui| {
                ui.set_min_height(string.size().y);
                ui.add(egui::Label::new(why).truncate());
            });
        }
        Err(_) => {}
    }
}

fn piece_section(
    ui: &mut Ui,
    state: &mut PropertiesState,
    puzzle: &Puzzle,
    editor: &EditorState,
    commands: &mut Vec<Command>,
) {
    ui.heading("Selected piece");
    let Some(token) = editor.selected else {
        ui.weak("Select a piece in the palette, or with the eyedropper.");
        return;
    };
    let together = editor.selected_pieces(puzzle);
    if together.len() > 1 {
        // What the Move tool, the arrow keys, Delete, copy and the transforms act on; the
        // properties below are the last one's.
        let names: Vec<String> = together.iter().map(Token::to_string).collect();
        ui.label(format!(
            "{} pieces selected: {}; below, {token}'s properties.",
            together.len(),
            names.join(", ")
        ));
    }
    if state.piece != Some(token) {
        state.piece = Some(token);
        state.text = token.to_string();
        state.error = None;
    }
    let style = puzzle.styles.get(&token).cloned().unwrap_or_default();
    egui::Grid::new("piece_props").num_columns(2).show(ui, |ui| {
        let label = ui.label("Token").on_hover_text("1 to 3 of A-Z a-z 0-9 _ ; press Enter to rename");
        let edit = ui
            .add(egui::TextEdit::singleline(&mut state.text).desired_width(60.0))
            .labelled_by(label.id);
        if edit.lost_focus() && state.text.trim() != token.as_str() {
            commands.push(Command::RenamePiece {
                from: token,
                to: state.text.clone(),
            });
        }
        ui.end_row();
        let label = ui.label("Name");
        let mut name = style.name.clone().unwrap_or_default();
        if ui
            .add(egui::TextEdit::singleline(&mut name).hint_text("e.g. Cao Cao"))
            .labelled_by(label.id)
            .changed()
        {
            commands.push(Command::SetPieceName(token, name));
        }
        ui.end_row();
        let label = ui.label("Colour");
        let mut rgb = {
            let c = to_color32(piece_color(puzzle, token));
            [c.r(), c.g(), c.b()]
        };
        if ui
            .color_edit_button_srgb(&mut rgb)
            .labelled_by(label.id)
            .changed()
        {
            let c = Color32::from_rgb(rgb[0], rgb[1], rgb[2]);
            commands.push(Command::Recolor(token, from_color32(c)));
        }
        ui.end_row();
        let label = ui
            .label("Kind")
            .on_hover_text("Pieces of one kind are interchangeable (same shape); leave empty for a unique piece");
        let mut kind = style.kind.clone().unwrap_or_default();
        if ui
            .add(egui::TextEdit::singleline(&mut kind).hint_text("unique"))
            .labelled_by(label.id)
            .changed()
        {
            commands.push(Command::SetPieceKind(token, kind));
        }
        ui.end_row();
        let label = ui.label("Axis").on_hover_text(
            "The directions the piece may slide in: a Rush Hour car moves only along its \
             length (A switches)",
        );
        // The choice in a word, so it fits a narrow panel; the list says what each means.
        egui::ComboBox::from_id_salt("axis")
            .selected_text(axis_word(style.axis))
            .show_ui(ui, |ui| {
                for axis in Axis::ALL {
                    if ui
                        .selectable_label(style.axis == axis, axis_title(axis))
                        .clicked()
                        && axis != style.axis
                    {
                        commands.push(Command::SetAxis(token, axis));
                    }
                }
            })
            .response
            .labelled_by(label.id);
        ui.end_row();
    });
    if let Some(err) = &state.error {
        ui.colored_label(ui.visuals().error_fg_color, err);
    }
    if ui
        .button("Delete piece")
        .on_hover_text("Remove the piece from the board and the goal (Delete)")
        .clicked()
    {
        commands.push(Command::DeletePieces(vec![token]));
    }
}

/// An axis in a word, as its picker shows the choice made.
fn axis_word(axis: Axis) -> &'static str {
    match axis {
        Axis::Free => "Free",
        Axis::Horizontal => "Horizontal",
        Axis::Vertical => "Vertical",
    }
}

/// The words for an axis in the properties panel's list.
fn axis_title(axis: Axis) -> &'static str {
    match axis {
        Axis::Free => "Free (every direction)",
        Axis::Horizontal => "Horizontal (left and right)",
        Axis::Vertical => "Vertical (up and down)",
    }
}

fn zone_section(
    ui: &mut Ui,
    state: &mut PropertiesState,
    puzzle: &Puzzle,
    selected: Option<Token>,
    commands: &mut Vec<Command>,
) {
    ui.heading("Selected zone");
    let Some(zone) = selected.and_then(|name| zone(puzzle, name)) else {
        ui.weak("Select a zone in the tools panel, or press New zone.");
        return;
    };
    if state.zone != Some(zone.name) {
        state.zone = Some(zone.name);
        state.zone_text = zone.name.to_string();
        state.zone_error = None;
    }
    ui.horizontal(|ui| {
        let label = ui
            .label("Zone name")
            .on_hover_text("1 to 3 of A-Z a-z 0-9 _ ; press Enter to rename");
        let edit = ui
            .add(egui::TextEdit::singleline(&mut state.zone_text).desired_width(60.0))
            .labelled_by(label.id);
        if edit.lost_focus() && state.zone_text.trim() != zone.name.as_str() {
            commands.push(Command::RenameZone {
                from: zone.name,
                to: state.zone_text.clone(),
            });
        }
        let cells = zone.cells.iter().filter(|&&c| c).count();
        ui.weak(counted(cells, "cell", "cells"));
    });
    if let Some(err) = &state.zone_error {
        ui.colored_label(ui.visuals().error_fg_color, err);
    }
    if !zone.cells.contains(&true) {
        ui.weak("No cells yet: paint them with the Zone tool. A zone without cells is not saved.");
    }
    ui.label("May enter:");
    if zone.allow.is_empty() {
        ui.weak("Nobody yet: to pieces the zone is a wall.");
    }
    let pieces = puzzle.pieces();
    let on_board: BTreeSet<Token> = pieces.iter().map(|p| p.token).collect();
    let mut rights: Vec<(ZoneRight, String)> = pieces
        .iter()
        .map(|p| {
            let name = puzzle.styles.get(&p.token).and_then(|s| s.name.as_ref());
            let text = match name {
                Some(name) => format!("Piece {}  {name}", p.token),
                None => format!("Piece {}", p.token),
            };
            (ZoneRight::Piece(p.token), text)
        })
        .collect();
    let kinds: BTreeSet<&str> = on_board
        .iter()
        .filter_map(|t| puzzle.styles.get(t).and_then(|s| s.kind.as_deref()))
        .collect();
    rights.extend(
        kinds
            .iter()
            .map(|k| (ZoneRight::Kind((*k).to_string()), format!("Kind {k}"))),
    );
    // Rights for pieces or kinds that are gone stay listed, so they can be taken away.
    for right in &zone.allow {
        if !rights.iter().any(|(r, _)| r == right) {
            rights.push((right.clone(), format!("{right} (not on the board)")));
        }
    }
    ui.horizontal_wrapped(|ui| {
        for (right, text) in rights {
            let mut allowed = zone.allow.contains(&right);
            if ui.checkbox(&mut allowed, text).changed() {
                commands.push(Command::SetZoneRight {
                    zone: zone.name,
                    right,
                    allowed,
                });
            }
        }
    });
    if ui
        .button("Delete zone")
        .on_hover_text("Remove the zone; its cells become ordinary cells")
        .clicked()
    {
        commands.push(Command::DeleteZone(zone.name));
    }
}

fn goal_section(ui: &mut Ui, puzzle: &Puzzle, mode: Mode, commands: &mut Vec<Command>) {
    ui.heading("Goal");
    let named = puzzle.goal.cells.iter().filter(|c| c.is_some()).count();
    // What to do next, from the tab the user is in: the Goal tab paints on its board.
    let in_goal = mode == Mode::Goal;
    if named == 0 {
        ui.weak(if in_goal {
            "No goal yet: paint on the board where pieces must end."
        } else {
            "No goal yet: open the Goal tab (F2) and paint where pieces must end."
        });
    } else {
        // A wall is neither named nor "don't care": no piece can stand there.
        let walls = puzzle.cells.iter().filter(|c| **c == Cell::Wall).count();
        let free = puzzle.goal.cells.len().saturating_sub(named + walls);
        ui.weak(format!(
            "{}, {} don't care",
            counted(named, "cell named", "cells named"),
            thousands(free as u64)
        ));
        ui.weak(if in_goal {
            "Paint on the board to change it."
        } else {
            "Change it in the Goal tab (F2)."
        });
    }
    ui.horizontal_wrapped(|ui| {
        if ui
            .button("Copy start to goal")
            .on_hover_text("Make the goal the start position, then change what should differ")
            .clicked()
        {
            commands.push(Command::CopyStartToGoal);
        }
        if ui
            .button("Clear goal")
            .on_hover_text("Make every goal cell \"don't care\"")
            .clicked()
        {
            commands.push(Command::ClearGoal);
        }
    });
    let mut anywhere = puzzle.goal.anywhere;
    if ui
        .checkbox(&mut anywhere, "Goal may be anywhere")
        .on_hover_text("The pattern may match at any shift on the board (a floating goal)")
        .changed()
    {
        commands.push(Command::SetAnywhere(anywhere));
    }
}

fn checks_section(ui: &mut Ui, checks: &Checks, commands: &mut Vec<Command>) {
    ui.heading("Checks");
    let tiles = checks
        .profile
        .tile_layout()
        .map(|layout| (layout.rows, layout.cols));
    match tiles.map(|(rows, cols)| (rows, cols, !checks.profile.unsolvable_by_parity())) {
        Some((rows, cols, true)) => {
            ui.label(format!(
                "Tile puzzle {rows}x{cols}: solvable (parity check)."
            ));
        }
        Some((rows, cols, false)) => {
            ui.colored_label(
                ui.visuals().error_fg_color,
                format!("Tile puzzle {rows}x{cols}: not solvable (parity check)."),
            );
        }
        None => {
            ui.weak("Block puzzle (the general block solver applies).");
        }
    }
    if checks.diagnostics.is_empty() {
        ui.colored_label(Color32::from_rgb(0x2e, 0x8b, 0x3a), "No problems found.");
        return;
    }
    for d in &checks.diagnostics {
        let (icon, color) = match d.severity {
            Severity::Error => ("Error:", ui.visuals().error_fg_color),
            Severity::Warning => ("Warning:", ui.visuals().warn_fg_color),
        };
        let text = message_job(ui.style(), &format!("{icon} {}", d.message), Some(color));
        let response = ui.add(egui::Button::selectable(false, text).wrap());
        let response = if d.cells.is_empty() {
            response
        } else {
            response.on_hover_text("Click to outline the cells on the board")
        };
        if response.clicked() {
            commands.push(Command::Highlight(d.cells.clone()));
        }
    }
}
