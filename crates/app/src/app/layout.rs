//! The window's bars and panels for the active tab: the menu bar, the status bar, the tabs,
//! the editor's tools and properties (with the design panel) or the solver's side panel, and
//! the centre.

use egui::{Context, Ui};

use super::{App, status_bar};
use crate::command::Command;
use crate::common::board::Layer;
use crate::editor::{properties_panel, tools_panel};

impl App {
    /// The bars and panels of the window, for the active tab.
    pub(super) fn panels_ui(&mut self, ui: &mut Ui, ctx: &Context, commands: &mut Vec<Command>) {
        self.menu_bar_ui(ui, ctx, commands);
        let layer = self.mode.layer();
        let message = self.fresh_status(ctx).to_string();
        let export = self.export_work().zip(self.export_progress());
        egui::Panel::bottom("status_bar").show(ui, |ui| {
            if let Some((work, done)) = export {
                ui.horizontal(|ui| {
                    let bar = egui::ProgressBar::new(done).desired_width(240.0);
                    // A web page's solve says nothing of how far it has gone: the bar moves
                    // and names the work instead of standing at 0%.
                    let bar = if work.reports_progress() {
                        bar.show_percentage()
                    } else {
                        bar.animate(true).text(work.label())
                    };
                    ui.add(bar).accessible_name(work.label());
                    if work.reports_progress() && ui.button("Stop rendering").clicked() {
                        commands.push(Command::CancelExport);
                    }
                });
            }
            // The editor's board is drawn only in the editing tabs: elsewhere the cell it last
            // had under the pointer is stale.
            let hovered = self.editor.hovered.filter(|_| self.mode.is_editing());
            status_bar::show(ui, &self.doc, layer, hovered, &message);
        });
        egui::Panel::top("mode_tabs").show(ui, |ui| self.mode_tabs(ui, commands));
        // Side panels never take more than their share of a small window, so the board keeps
        // room; either can be collapsed (View menu, F9, or a drag on its edge). Their contents
        // scroll both ways inside them (see `side_scroll`): a panel never grows to fit a wide
        // row, so its width stays the same from puzzle to puzzle and it never reaches over
        // the centre.
        let width = ui.available_width();
        if self.mode.is_editing() {
            egui::Panel::left("tools")
                .resizable(true)
                .default_size(210.0)
                .size_range(120.0..=(width * 0.25).max(120.0))
                .show_collapsible(ui, &mut self.view.left_panel, |ui| {
                    tools_panel::show(ui, &self.editor, self.doc.puzzle(), layer, commands);
                });
            let revision = self.doc.solvable_revision();
            let figures = self.view.design_figures;
            // The suggestions' marks over the board, of this very design only.
            self.editor.marks = if figures {
                self.design_panel.marks(revision, self.doc.puzzle())
            } else {
                Vec::new()
            };
            if figures {
                self.design_panel.follow(
                    ctx,
                    (revision, self.doc.puzzle()),
                    self.checks.errors(),
                    &self.checks.profile,
                );
            }
            let panel = side_panel(width).show_collapsible(ui, &mut self.view.right_panel, |ui| {
                side_scroll(ui, "properties scroll", |ui| {
                    if figures {
                        self.design_panel.ui(ui, revision, commands);
                        ui.separator();
                    }
                    properties_panel::show(
                        ui,
                        &mut self.properties,
                        self.doc.puzzle(),
                        self.mode,
                        &self.editor,
                        &self.checks,
                        commands,
                    );
                });
            });
            self.side_rect = panel.map(|p| p.response.rect);
        } else {
            let panel = side_panel(width).show_collapsible(ui, &mut self.view.right_panel, |ui| {
                side_scroll(ui, "solver side scroll", |ui| {
                    self.solve.side_ui(
                        ui,
                        self.mode,
                        self.doc.solvable_revision(),
                        self.doc.puzzle(),
                        commands,
                    );
                });
            });
            self.side_rect = panel.map(|p| p.response.rect);
        }
        let centre = egui::CentralPanel::default().show(ui, |ui| {
            if self.mode.is_editing() {
                // A tile puzzle's goal is the familiar order; outlining every misplaced tile
                // would only add noise.
                let outline = self.view.goal_outline
                    && layer == Layer::Start
                    && self.checks.profile.tile_layout().is_none();
                let puzzle = self.doc.puzzle();
                self.editor.board_ui(ui, puzzle, layer, outline, commands);
            } else {
                self.solve.central_ui(
                    ui,
                    self.mode,
                    self.doc.solvable_revision(),
                    self.doc.puzzle(),
                    commands,
                );
            }
        });
        self.centre_rect = Some(centre.response.rect);
    }
}

/// The right-hand panel: the editor's properties or the solver, one panel with one width in
/// every tab (a resize carries over), so switching tabs never moves the board's edge. It
/// never takes more than its share of the window, leaving the board room.
fn side_panel(window_width: f32) -> egui::Panel {
    egui::Panel::right("side panel")
        .resizable(true)
        .default_size(340.0)
        .size_range(200.0..=(window_width * 0.3).max(200.0))
}

/// The contents of a right side panel, scrolled both ways inside it. Text still wraps at
/// the panel's width; only a row that cannot wrap scrolls sideways. A vertical-only scroll
/// area would widen to fit such a row, and a right panel wider than its size is drawn
/// shifted: its left part under the centre, its resize edge out of place, and its width
/// then depending on the puzzle shown. The contents end short of the panel's edge by the
/// scroll bar's width: a floating bar is drawn, and takes clicks, over that strip, where it
/// covered the ends of the combo boxes and buttons that reach the edge.
fn side_scroll(ui: &mut Ui, id: &str, add_contents: impl FnOnce(&mut Ui)) {
    egui::ScrollArea::both()
        .id_salt(id)
        .auto_shrink([false, false])
        .show(ui, |ui| {
            let bar = ui.spacing().scroll.bar_width;
            ui.set_max_width((ui.available_width() - bar).max(0.0));
            add_contents(ui);
        });
}
