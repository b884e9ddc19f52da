//! The Library window: the bundled classics and the user's own puzzle folder, each with a
//! small preview; double-click (or "Open") to open one.

use std::path::{Path, PathBuf};

use egui::{Context, RichText, Role, Sense, Ui, UiBuilder, WidgetInfo};

use crate::command::Command;
use crate::common::board::{Board, Margins};
use crate::common::format::counted;
use blockslide_core::model::{Puzzle, file, library};

/// Where a library entry comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EntrySource {
    /// A bundled puzzle: its file name and text.
    Bundled {
        /// The file name in `saved_puzzles/`.
        file_name: String,
        /// The file text.
        text: String,
    },
    /// A file in the user's folder.
    File(PathBuf),
}

/// One puzzle of the library, read when the library was last refreshed.
#[derive(Clone, Debug)]
pub struct Entry {
    /// Where it comes from.
    pub source: EntrySource,
    /// The puzzle, or why it could not be read.
    pub puzzle: Result<Puzzle, String>,
}

impl Entry {
    fn title(&self) -> String {
        let file = match &self.source {
            EntrySource::Bundled { file_name, .. } => file_name.clone(),
            EntrySource::File(p) => p
                .file_name()
                .map_or_else(|| p.display().to_string(), |n| n.to_string_lossy().into()),
        };
        match &self.puzzle {
            Ok(p) if !p.name.is_empty() => p.name.clone(),
            _ => file,
        }
    }

    fn open_command(&self) -> Command {
        match &self.source {
            EntrySource::Bundled { file_name, text } => Command::OpenText {
                source: file_name.clone(),
                text: text.clone(),
            },
            EntrySource::File(p) => Command::OpenPath(p.clone()),
        }
    }
}

/// The library's contents and the name typed for "save to my puzzles".
#[derive(Debug, Default)]
pub struct LibraryPanel {
    bundled: Vec<Entry>,
    user: Vec<Entry>,
    folder: Option<PathBuf>,
    folder_error: Option<String>,
    save_name: String,
}

/// The user's puzzle folder (`…/blockslide/puzzles` in the platform's data folder).
pub fn default_user_folder() -> Option<PathBuf> {
    directories::ProjectDirs::from("org", "Blockslide", "blockslide")
        .map(|d| d.data_dir().join("puzzles"))
}

impl LibraryPanel {
    /// A library over `folder` (the user's puzzles; `None` for bundled puzzles only).
    pub fn new(folder: Option<PathBuf>) -> Self {
        LibraryPanel {
            folder,
            ..LibraryPanel::default()
        }
    }

    /// The user's folder, if any.
    pub fn folder(&self) -> Option<&Path> {
        self.folder.as_deref()
    }

    /// Reads the bundled puzzles and the user's folder again (file I/O: call it when
    /// applying commands, not while drawing).
    pub fn refresh(&mut self) {
        self.bundled = library::bundled()
            .into_iter()
            .map(|b| Entry {
                source: EntrySource::Bundled {
                    file_name: b.file_name.to_string(),
                    text: b.text.to_string(),
                },
                puzzle: file::parse(b.text).map_err(|e| e.to_string()),
            })
            .collect();
        self.user.clear();
        self.folder_error = None;
        let Some(folder) = &self.folder else {
            return;
        };
        let listing = match std::fs::read_dir(folder) {
            Ok(listing) => listing,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return,
            Err(e) => {
                self.folder_error = Some(format!("cannot read {}: {e}", folder.display()));
                return;
            }
        };
        let mut paths: Vec<PathBuf> = listing
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "ron"))
            .collect();
        paths.sort();
        self.user = paths
            .into_iter()
            .map(|p| Entry {
                puzzle: file::load(&p).map_err(|e| e.to_string()),
                source: EntrySource::File(p),
            })
            .collect();
    }

    /// Draws the window while `open`.
    pub fn show(&mut self, ctx: &Context, open: &mut bool, commands: &mut Vec<Command>) {
        let mut still_open = *open;
        let area = crate::common::window_area(ctx, crate::common::Below::Views);
        egui::Window::new("Library")
            .open(&mut still_open)
            .constrain_to(area)
            .default_pos([240.0, area.top()])
            .default_height(600.0_f32.min(area.height() - 20.0))
            .resizable([false, true])
            .vscroll(true)
            .show(ctx, |ui| {
                ui.set_width(CARDS_PER_ROW as f32 * (CARD_WIDTH + 20.0));
                ui.horizontal(|ui| {
                    ui.weak("Double-click a puzzle to open it.");
                    if ui.button("Refresh").clicked() {
                        commands.push(Command::RefreshLibrary);
                    }
                });
                ui.heading("Bundled classics");
                if self.bundled.is_empty() {
                    ui.weak("No bundled puzzles in this build.");
                }
                entries(ui, "bundled", &self.bundled, commands);
                ui.separator();
                ui.heading("My puzzles");
                match &self.folder {
                    Some(folder) => {
                        ui.weak(folder.display().to_string());
                    }
                    None => {
                        ui.weak("No personal folder is available on this system.");
                    }
                }
                if let Some(err) = &self.folder_error {
                    ui.colored_label(ui.visuals().error_fg_color, err);
                } else if self.folder.is_some() && self.user.is_empty() {
                    ui.weak("Nothing saved here yet.");
                }
                entries(ui, "user", &self.user, commands);
                if let Some(folder) = self.folder.clone() {
                    ui.horizontal(|ui| {
                        let label = ui.label("Save the design here as");
                        ui.add(
                            egui::TextEdit::singleline(&mut self.save_name)
                                .hint_text("my-puzzle")
                                .desired_width(140.0),
                        )
                        .labelled_by(label.id);
                        let name = sanitize(&self.save_name);
                        if ui
                            .add_enabled(!name.is_empty(), egui::Button::new("Save"))
                            .clicked()
                        {
                            commands.push(Command::SaveTo(folder.join(format!("{name}.ron"))));
                            commands.push(Command::RefreshLibrary);
                        }
                    });
                }
            });
        *open = still_open;
    }
}

/// A file name from free text: letters, digits, `-` and `_` only.
fn sanitize(name: &str) -> String {
    name.trim()
        .chars()
        .map(|c| {
            if c.is_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '-'
            }
        })
        .collect::<String>()
        .trim_matches('-')
        .to_string()
}

/// Cards in one row of the library.
const CARDS_PER_ROW: usize = 4;
/// The width of a card's contents.
const CARD_WIDTH: f32 = 150.0;
/// The height of a card's preview, for a board without an exit.
const PREVIEW_HEIGHT: f32 = 120.0;

fn entries(ui: &mut Ui, salt: &str, list: &[Entry], commands: &mut Vec<Command>) {
    for (row, chunk) in list.chunks(CARDS_PER_ROW).enumerate() {
        ui.horizontal_top(|ui| {
            for (j, entry) in chunk.iter().enumerate() {
                card(ui, (salt, row * CARDS_PER_ROW + j), entry, commands);
            }
        });
    }
}

fn card(ui: &mut Ui, id: (&str, usize), entry: &Entry, commands: &mut Vec<Command>) {
    let title = entry.title();
    let frame = egui::Frame::group(ui.style()).inner_margin(6.0);
    // The card senses clicks under its children, so its "Open" button stays usable.
    let builder = UiBuilder::new()
        .id_salt(("library_entry", id))
        .sense(Sense::click());
    let card = ui.scope_builder(builder, |ui| {
        frame.show(ui, |ui| {
            ui.set_width(CARD_WIDTH);
            ui.vertical_centered(|ui| {
                match &entry.puzzle {
                    Ok(p) => {
                        // A board with an exit above or below keeps room beside its frame for
                        // it: the preview grows by that room, so the board itself is drawn
                        // about as large as the others.
                        let exit_room = Margins::of(p).sum().y - Margins::frame().sum().y;
                        let preview = egui::vec2(CARD_WIDTH - 10.0, PREVIEW_HEIGHT + exit_room);
                        ui.allocate_ui(preview, |ui| {
                            ui.set_min_size(preview);
                            Board::new(p)
                                .interactive(false)
                                .max_cell_size(20.0)
                                .id_salt(id)
                                .label(format!("Preview of {title}"))
                                .show(ui);
                        });
                        ui.label(RichText::new(&title).strong());
                        ui.weak(format!(
                            "{}x{}, {}",
                            p.rows,
                            p.cols,
                            counted(p.pieces().len(), "piece", "pieces")
                        ));
                        if let Some(lengths) = known_optimal(&p.notes) {
                            ui.label(format!("Optimal: {lengths}"));
                        }
                    }
                    Err(e) => {
                        ui.label(RichText::new(&title).strong());
                        ui.colored_label(ui.visuals().error_fg_color, e);
                    }
                }
                if ui.small_button("Open").clicked() {
                    commands.push(entry.open_command());
                }
            });
        })
    });
    let response = card.response;
    response.widget_info(|| WidgetInfo::labeled(Role::Button, true, &title));
    if response.double_clicked() {
        commands.push(entry.open_command());
    }
    response.on_hover_text(format!("{title}: double-click to open"));
}
/// The known optimal lengths a puzzle's notes give after "Known optimal:" ("81 moves (move),
/// 90 (slide), 116 (step)"), up to the end of that sentence or clause.
pub fn known_optimal(notes: &str) -> Option<&str> {
    const MARK: &str = "Known optimal:";
    let rest = notes[notes.find(MARK)? + MARK.len()..].trim_start();
    let end = [". ", ";", ", verified", " (verified"]
        .iter()
        .filter_map(|stop| rest.find(stop))
        .min()
        .unwrap_or(rest.len());
    let lengths = rest[..end].trim_end_matches('.').trim();
    (!lengths.is_empty()).then_some(lengths)
}

#[cfg(test)]
mod tests {
    use super::known_optimal;

    #[test]
    fn the_known_optimal_lengths_are_read_from_the_notes() {
        assert_eq!(
            known_optimal("Move Cao Cao. Known optimal: 81 moves (move), 90 (slide), 116 (step)."),
            Some("81 moves (move), 90 (slide), 116 (step)")
        );
        assert_eq!(
            known_optimal("Known optimal: 54 moves; cluster of 1,845 positions (verified by BFS)."),
            Some("54 moves")
        );
        assert_eq!(
            known_optimal("Known optimal: 14 moves (move), 29 (step), verified by BFS."),
            Some("14 moves (move), 29 (step)")
        );
        assert_eq!(known_optimal("No record yet."), None);
    }
}
