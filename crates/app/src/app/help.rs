//! The Help menu's windows: getting started (which opens on the first launch), the keyboard
//! shortcuts, the metrics and statistics explained, and the About box.

use std::sync::LazyLock;

use egui::{Context, RichText, Ui, vec2};

use super::keys::{AXIS_KEY, SOLVE_KEY};
use super::menu_bar::{
    CLOSE, LIBRARY, NEW, OPEN, PANELS_KEY, QUIT, REDO, REDO_Y, SAVE, SAVE_AS, UNDO,
};
use super::session::default_puzzle;
use crate::command::{Command, HelpPage, Tool};
use crate::common::board::{Board, GOAL_KEY, Layer};
use crate::editor::clipboard::{COPY, CUT, PASTE};
use crate::editor::transform::Transform;
use crate::solve::play;
use blockslide_core::model::{Cell, Puzzle, Token};

/// The accessible names of the getting-started page's four pictures, in order.
pub const STEP_PICTURES: [&str; 4] = [
    "Getting started: draw",
    "Getting started: goal",
    "Getting started: solve",
    "Getting started: play",
];

/// Whether `storage` holds no session at all: the app's first launch, when the
/// getting-started page opens. A session is saved on every exit, so it opens only once.
pub fn first_launch(storage: &dyn eframe::Storage) -> bool {
    storage.get_string(eframe::APP_KEY).is_none()
}

/// Shows the help window `page`, scrolled as it was since its `opening` (see
/// `App::help_openings`); queues its closing, or another page.
pub fn show(ctx: &Context, page: HelpPage, opening: u64, commands: &mut Vec<Command>) {
    let mut open = true;
    let screen = ctx.content_rect();
    // The shortcuts' two halves go side by side when the window has the room (a full screen
    // shows them without scrolling); otherwise one above the other, scrolled.
    let wide = screen.width() >= 1100.0;
    let width: f32 = match page {
        HelpPage::Shortcuts if wide => 1000.0,
        HelpPage::Shortcuts | HelpPage::GettingStarted => 600.0,
        HelpPage::Metrics | HelpPage::About => 460.0,
    };
    // Below the menu bar and the tabs, which stay in reach.
    let area = crate::common::window_area(ctx, crate::common::Below::Tabs);
    egui::Window::new(page.title())
        // One window for each layout of the shortcuts: a size kept from the two-column one
        // would leave the one column half empty in a smaller app window.
        .id(egui::Id::unique(("help window", page.title(), wide)))
        .open(&mut open)
        .constrain_to(area)
        .collapsible(false)
        // Only the width: the height follows the page, up to the scroll area's limit, so a
        // page opens whole when the screen has the room. The scroll area is offered the
        // default height, which would otherwise cut it at egui's 420 points.
        .resizable([true, false])
        .default_width(width.min(area.width() - 40.0))
        .default_height(area.height() - 20.0)
        .show(ctx, |ui| {
            egui::ScrollArea::vertical()
                .id_salt(("help page", opening))
                // The title bar and the window's frame take the rest. Asked for, the room is
                // taken also when the window was sized for a smaller app window before.
                .max_height(area.height() - 80.0)
                .min_scrolled_height(area.height() - 80.0)
                .show(ui, |ui| match page {
                    HelpPage::GettingStarted => getting_started_ui(ui, commands),
                    HelpPage::Shortcuts => shortcuts_ui(ui, wide),
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

/// The bundled Klotski, the design a new user sees first, drawn in the getting-started
/// pictures.
static KLOTSKI: LazyLock<Puzzle> = LazyLock::new(default_puzzle);

/// The 8-puzzle one move from solved, the picture of playing: tile 8 slides left.
static EIGHT: LazyLock<Puzzle> = LazyLock::new(|| {
    // Invariant: the numbers 0 to 8 once each on a 3x3 board make a valid tile puzzle.
    Puzzle::tiles(3, 3, &[1, 2, 3, 4, 5, 6, 7, 0, 8], None).expect("a valid 8-puzzle")
});

/// Draw, goal, solve and play in four steps, each beside a picture drawn by the app's own
/// board widget, so the pictures always look like the app.
fn getting_started_ui(ui: &mut Ui, commands: &mut Vec<Command>) {
    ui.label(
        "Blockslide draws sliding puzzles, solves them with search algorithms you can watch \
         and compare, and lets you play them. Klotski, the first puzzle of the Library \
         (Ctrl+L), is a good one to start with.",
    );
    ui.add_space(8.0);
    let steps: [(&str, String, Board<'_>); 4] = [
        (
            "1. Draw the start",
            format!(
                "In the Start tab (F1), choose a piece in the left panel and paint its cells \
                 on the board; {} adds walls, {} draws a new piece as the rectangle a drag \
                 spans (Shift paints the cells passed instead). File > New offers templates. \
                 The side panel shows the design's length and hardest start after each edit.",
                Tool::Wall.key().name(),
                Tool::NewPiece.key().name()
            ),
            Board::new(&KLOTSKI).highlight_piece(klotski_big_piece()),
        ),
        (
            "2. Paint the goal",
            "In the Goal tab (F2), paint where pieces must end. Hatched cells are \"don't \
             care\": a goal names only the pieces that matter."
                .to_string(),
            Board::new(&KLOTSKI).layer(Layer::Goal),
        ),
        (
            "3. Solve",
            format!(
                "Press Solve and play ({}) from any tab. The Solve tab plays the solution \
                 back move by move, compares algorithms and watches a search; the dashed \
                 outline is the goal.",
                SOLVE_KEY.name()
            ),
            Board::new(&KLOTSKI).goal_outline(true),
        ),
        (
            "4. Play",
            "In the Play tab (F4), drag a piece, or click a tile in line with the gap to \
             slide it. U takes a move back, R redoes it, H shows a hint."
                .to_string(),
            Board::new(&EIGHT).highlight_piece(Some(Token::number(8))),
        ),
    ];
    egui::Grid::new("getting started steps")
        .num_columns(2)
        .spacing(vec2(16.0, 12.0))
        .show(ui, |ui| {
            for ((title, text, board), label) in steps.into_iter().zip(STEP_PICTURES) {
                ui.allocate_ui(vec2(130.0, 150.0), |ui| {
                    board
                        .id_salt(label)
                        .label(label)
                        .interactive(false)
                        .hover_outline(false)
                        .centered(false)
                        .max_cell_size(26.0)
                        .show(ui);
                });
                ui.vertical(|ui| {
                    ui.label(RichText::new(title).strong());
                    ui.label(text);
                });
                ui.end_row();
            }
        });
    ui.add_space(8.0);
    ui.horizontal_wrapped(|ui| {
        ui.label("This page is in Help > Getting started.");
        if ui.button("Keyboard shortcuts").clicked() {
            commands.push(Command::ShowHelp(Some(HelpPage::Shortcuts)));
        }
    });
}

/// The piece Klotski is about (the largest), outlined in the picture of drawing as the
/// editor outlines the selected piece.
fn klotski_big_piece() -> Option<Token> {
    let mut sizes: Vec<(Token, usize)> = Vec::new();
    for cell in &KLOTSKI.cells {
        if let Cell::Piece(t) = cell {
            match sizes.iter_mut().find(|(s, _)| s == t) {
                Some((_, n)) => *n += 1,
                None => sizes.push((*t, 1)),
            }
        }
    }
    sizes.into_iter().max_by_key(|&(_, n)| n).map(|(t, _)| t)
}

/// A section of the shortcuts: its title and its rows (key, what it does).
type Section<'a> = (&'a str, Vec<(String, &'a str)>);

fn shortcuts_ui(ui: &mut Ui, wide: bool) {
    let ctx = ui.ctx().clone();
    let short = |s| ctx.format_shortcut(s);
    let everywhere = vec![
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
        (short(&CLOSE), "close the puzzle"),
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
    ];
    let editor = editor_keys(&ctx);
    let playback = vec![
        ("Space".into(), "play or pause"),
        ("Left · Right".into(), "one move back or forward"),
        ("Home · End".into(), "the start or the final position"),
        (
            GOAL_KEY.name().into(),
            "hold to outline the goal of a tile puzzle",
        ),
    ];
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
    let watch = vec![
        ("Space".into(), "play or pause the search"),
        ("Left · Right".into(), "one expansion back or forward"),
        ("Home · End".into(), "the search's start, or on to the goal"),
        ("Drag".into(), "pan the search tree"),
        ("Ctrl+scroll".into(), "zoom the search tree"),
        (
            "Click a node".into(),
            "its board, figures and path from the root",
        ),
    ];
    // The two halves about as tall, so side by side both show whole in a large window.
    let first: [Section<'_>; 3] = [
        ("Everywhere", everywhere),
        ("Solve tab (playback)", playback),
        ("Play tab", play),
    ];
    let second: [Section<'_>; 2] = [
        ("Start and Goal tabs", editor),
        ("Solve tab (Watch)", watch),
    ];
    // One width for the key column of both halves, so that stacked they line up too.
    let key_width = first
        .iter()
        .chain(&second)
        .flat_map(|(_, rows)| rows)
        .map(|(key, _)| {
            let font = egui::TextStyle::Monospace.resolve(ui.style());
            ui.painter()
                .layout_no_wrap(key.clone(), font, egui::Color32::WHITE)
                .size()
                .x
        })
        .fold(0.0, f32::max);
    if wide {
        // The descriptions wrap at a readable width instead of widening the window.
        let width = key_width + 340.0;
        ui.horizontal_top(|ui| {
            shortcut_grid(ui, "help keys left", &first, (key_width, width));
            ui.add_space(24.0);
            shortcut_grid(ui, "help keys right", &second, (key_width, width));
        });
    } else {
        // One column as wide as the window, short of the scroll bar.
        let width = ui.available_width() - ui.spacing().scroll.allocated_width() - 8.0;
        shortcut_grid(ui, "help keys left", &first, (key_width, width));
        ui.add_space(6.0);
        shortcut_grid(ui, "help keys right", &second, (key_width, width));
    }
}

/// The Start and Goal tabs' keys: the tools, then what acts on the selected pieces.
fn editor_keys(ctx: &Context) -> Vec<(String, &'static str)> {
    let short = |s| ctx.format_shortcut(s);
    let mut editor: Vec<(String, &'static str)> = Tool::ALL
        .iter()
        .map(|t| (t.key().name().to_string(), t.title()))
        .collect();
    editor.extend([
        (
            AXIS_KEY.name().into(),
            "lock the selected piece to an axis, or free it (a straight one: along its \
             length, or free)",
        ),
        ("Arrow keys".into(), "move the selected pieces"),
        ("Delete".into(), "delete the selected pieces"),
        ("Esc".into(), "clear the selection"),
        (
            "Shift/Ctrl+click".into(),
            "add a piece to the selection (Move tool), or take it out",
        ),
        (
            "Drag from empty".into(),
            "select the pieces a rubber band touches (Move tool); with Shift, add them",
        ),
        (short(&COPY), "copy the selected pieces"),
        (short(&CUT), "cut the selected pieces (Start tab)"),
        (
            short(&PASTE),
            "paste pieces where the pointer is, here or in another puzzle",
        ),
    ]);
    editor.extend(Transform::ALL.iter().map(|t| {
        let key = egui::KeyboardShortcut::new(t.modifiers(), t.key());
        (ctx.format_shortcut(&key), t.title())
    }));
    editor
}

/// `text` with its first letter upper-case, as every row of the shortcuts starts.
fn sentence_case(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect()
    })
}

/// `sections` in one grid `width` wide: each title on a row of its own, then its keys,
/// whose column is at least `key_width` wide.
fn shortcut_grid(ui: &mut Ui, id: &str, sections: &[Section<'_>], (key_width, width): (f32, f32)) {
    ui.vertical(|ui| {
        ui.set_max_width(width);
        egui::Grid::new(id)
            .num_columns(2)
            .striped(true)
            .min_col_width(key_width)
            .show(ui, |ui| {
                for (i, (title, rows)) in sections.iter().enumerate() {
                    if i > 0 {
                        ui.end_row();
                    }
                    ui.label(RichText::new(*title).strong());
                    ui.end_row();
                    for (key, what) in rows {
                        ui.monospace(key);
                        ui.add(egui::Label::new(sentence_case(what)).wrap());
                        ui.end_row();
                    }
                }
            });
    });
}

fn metrics_ui(ui: &mut Ui) {
    ui.label(RichText::new("Metrics: what one move is").strong());
    table(
        ui,
        "help metrics",
        &[
            (
                "step".into(),
                "one piece moves one cell. Textbooks count the 8- and 15-puzzle this way.",
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
