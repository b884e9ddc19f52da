//! File > Open trace…: a search recorded elsewhere (the Python package's `Recorder`, the
//! CLI's `solve --trace`) read from its file, whose first line names the puzzle, the
//! algorithm, its heuristic and metric, and watched beside Blockslide's own run of the same
//! algorithm. A file that does not read is refused with its line and column, the design
//! untouched.

use std::path::Path;

use super::App;
use super::dialogs::{ErrorDialog, PathPurpose};
use super::document::Document;
use super::file_dialogs::Picked;
use super::open_save::file_name;
use crate::command::Mode;
use blockslide_core::model::Puzzle;
use blockslide_core::solve::recorded::{RecordedSearch, read_trace_file, trace_entries};
use blockslide_core::solve::trace::WATCH_EVENT_CAP;

impl App {
    /// Asks for a trace file and watches it; without file dialogs, asks for a typed path.
    pub(super) fn open_trace(&mut self) {
        let folder = self.document_folder();
        match self.files.pick_trace(folder.as_deref()) {
            Picked::Path(path) => self.open_trace_path(&path),
            Picked::Unavailable => self.prompt_for_file(PathPurpose::OpenTrace, folder),
            Picked::Cancelled => {}
        }
    }

    /// Whether opening the trace at `path` would replace the design: it reads, and its
    /// puzzle is another. Unsaved changes are asked about only then.
    pub(super) fn trace_replaces_design(&self, path: &Path) -> bool {
        read_trace_path(path).is_ok_and(|r| !same_search(&r.puzzle, self.doc.puzzle()))
    }

    /// Reads the trace at `path` and watches it beside Blockslide's run, its puzzle opened as
    /// the design first when it is another; on failure the design stays as it is and an
    /// error dialog says what is wrong and where.
    pub(super) fn open_trace_path(&mut self, path: &Path) {
        let recorded = match read_trace_path(path) {
            Ok(recorded) => recorded,
            Err(message) => {
                self.dialogs.error = Some(ErrorDialog {
                    title: "Could not open the trace".into(),
                    message: format!(
                        "{}:\n{message}\n\nYour current design is unchanged.",
                        path.display()
                    ),
                });
                self.status = format!("Could not open {}", file_name(path));
                return;
            }
        };
        let name = file_name(path);
        if !same_search(&recorded.puzzle, self.doc.puzzle()) {
            self.doc = Document::new(recorded.puzzle.clone());
            self.after_open(&format!("Opened the puzzle of {name}"));
        }
        self.mode = Mode::Solve;
        let (revision, puzzle) = (self.doc.solvable_revision(), self.doc.puzzle());
        self.solve.open_recorded(revision, puzzle, recorded, &name);
        self.status = format!("Watching {name} beside Blockslide's own search");
    }
}

/// Whether a search of `a` is a search of `b`: the same board, goal, zones and metric, whatever
/// their names, notes and colours (a design renamed since the trace was written is still its
/// puzzle, and stays as it is).
fn same_search(a: &Puzzle, b: &Puzzle) -> bool {
    (a.rows, a.cols, &a.cells, &a.goal, &a.zones, a.metric)
        == (b.rows, b.cols, &b.cells, &b.goal, &b.zones, b.metric)
}

/// The search the trace file at `path` records, or what is wrong with the file, at its line
/// and column when a line is not JSON.
fn read_trace_path(path: &Path) -> Result<RecordedSearch, String> {
    let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    let entries = trace_entries(&text).map_err(|e| e.to_string())?;
    read_trace_file(entries, WATCH_EVENT_CAP).map_err(|e| e.to_string())
}
