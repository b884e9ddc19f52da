//! The Help menu's windows: the keyboard shortcuts, the metrics and statistics explained, and
//! the About box.

use egui::{Context, RichText, Ui};

use super::menu_bar::{LIBRARY, NEW, OPEN, PANELS_KEY, QUIT, REDO, REDO_Y, SAVE, SAVE_AS, UNDO};
use super::{AXIS_KEY, SOLVE_KEY};
use crate::command::{Command, HelpPage, Tool};
use crate::common::board::GOAL_KEY;
use crate::solve::play;

/// Shows the help window `page`; queues its closing.
pub fn show(ctx: &Context, page: HelpPage, commands: &mut Vec<Command>) {
    let mut open = true;
    egui::Window::new(page.title())
        .id(egui::Id::unique("help window"))
        .open(&mut open)
        .collapsible(false)
        .default_width(460.0)
        .show(ctx, |ui| {
            egui::ScrollArea::vertical()
                .max_height(ctx.content_rect().height() * 0.7)
                .show(ui, |ui| match page {
                    HelpPage::Shortcuts => shortcuts_ui(ui),
                    HelpPage::Metrics => metrics_ui(ui),
                    HelpPage::About => about_ui(ui),
                });
        });
    if !open {
        commands.push(Command::ShowHelp(None));
    }
}

/// Rows of a two-column table: a key and what it does.
fn table(ui: &mut Ui, id: &str, rows: &[(String, &str)]) {
    egui::Grid::new(id)
        .num_columns(2)
        .striped(true)
        .show(ui, |ui| {
            for (key, what) in rows {
                ui.monospace(key);
                ui.label(*what);
                ui.end_row();
            }
        });
}

fn shortcuts_ui(ui: &mut Ui) {
    let ctx = ui.ctx().clone();
    let short = |s| ctx.format_shortcut(s);
    ui.label(RichText::new("Everywhere").strong());
    table(
        ui,
        "help keys everywhere",
        &[
            (
                "F1 · F2 · F3 · F4".into(),
                "the Start, Goal, Solve and Play tabs",
            ),
            (
                SOLVE_KEY.name().into(),
                "solve with the solver's settings and play the solution",
            ),
            ("F6".into(), "the Analyze window"),
            (PANELS_KEY.name().into(), "show or hide the side panels"),
            (short(&NEW), "a new puzzle"),
            (short(&OPEN), "open a file"),
            (short(&SAVE), "save"),
            (short(&SAVE_AS), "save as"),
            (short(&LIBRARY), "the library"),
            (
                short(&UNDO),
                "undo the last edit; in the Play tab, the last move",
            ),
            (
                format!("{} · {}", short(&REDO), short(&REDO_Y)),
                "redo; in the Play tab, the move taken back",
            ),
            (short(&QUIT), "quit"),
        ],
    );
    ui.add_space(6.0);
    ui.label(RichText::new("Start and Goal tabs").strong());
    let mut editor: Vec<(String, &str)> = Tool::ALL
        .iter()
        .map(|t| (t.key().name().to_string(), t.title()))
        .collect();
    editor.extend([
        (
            AXIS_KEY.name().into(),
            "lock the selected piece to an axis (a straight one along its length first), or \
             free it",
        ),
        ("Arrow keys".into(), "move the selected piece"),
        ("Delete".into(), "delete the selected piece"),
        ("Esc".into(), "clear the selection"),
    ]);
    table(ui, "help keys editor", &editor);
    ui.add_space(6.0);
    ui.label(RichText::new("Solve tab (playback)").strong());
    table(
        ui,
        "help keys playback",
        &[
            ("Space".into(), "play or pause"),
            ("Left · Right".into(), "one move back or forward"),
            ("Home · End".into(), "the start or the final position"),
            (
                GOAL_KEY.name().into(),
                "hold to outline the goal of a tile puzzle",
            ),
        ],
    );
    ui.add_space(6.0);
    ui.label(RichText::new("Play tab").strong());
    let mut play: Vec<(String, &str)> = play::KEYS
        .iter()
        .map(|&(key, what)| (key.to_string(), what))
        .collect();
    play.extend([
        (short(&UNDO), "undo a move, as U does"),
        (
            format!("{} · {}", short(&REDO), short(&REDO_Y)),
            "redo a move, as R does",
        ),
    ]);
    table(ui, "help keys play", &play);
}

fn metrics_ui(ui: &mut Ui) {
    ui.label(RichText::new("Metrics: what one move is").strong());
    table(
        ui,
        "help metrics",
        &[
            (
                "step".into(),
                "one piece moves one cell. The seed notebooks count this way.",
            ),
            (
                "slide".into(),
                "one piece slides any distance in one straight line.",
            ),
            (
                "move".into(),
                "one piece moves any distance along any path. Published records (Klotski's \
                 81) count this way.",
            ),
        ],
    );
    ui.weak("A solution that is shortest in one metric need not be shortest in another.");
    ui.add_space(6.0);
    ui.label(RichText::new("Statistics of a search").strong());
    table(
        ui,
        "help statistics",
        &[
            (
                "Expanded".into(),
                "positions whose moves were generated: the work done",
            ),
            (
                "Generated".into(),
                "positions reached by a move, repeats included",
            ),
            ("Duplicates".into(), "generated positions already seen"),
            ("Frontier".into(), "positions waiting to be expanded"),
            (
                "Max frontier".into(),
                "the most that waited at once: the memory a search needs",
            ),
            ("States stored".into(), "positions kept in memory"),
            (
                "Depth / bound".into(),
                "how deep the search is, or IDA*'s cost bound",
            ),
            (
                "Optimal".into(),
                "whether the algorithm guarantees a shortest solution",
            ),
            (
                "h".into(),
                "the heuristic's estimate of the moves left; admissible when it never \
                 overestimates",
            ),
            (
                "true distance".into(),
                "the real number of moves left, from a map of every position when the puzzle \
                 is small, else along an optimal solution",
            ),
        ],
    );
}

fn about_ui(ui: &mut Ui) {
    ui.heading(format!("Blockslide {}", env!("CARGO_PKG_VERSION")));
    ui.label(env!("CARGO_PKG_DESCRIPTION"));
    ui.add_space(4.0);
    ui.label("Tile puzzles and polyomino block puzzles: draw them, solve them with nine instrumented search algorithms, compare the algorithms, play the solutions back, or play yourself.");
    ui.add_space(4.0);
    ui.weak(format!("Licence: {}", env!("CARGO_PKG_LICENSE")));
}
