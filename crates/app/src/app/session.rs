//! What the app keeps between launches, and the design a new user sees first.

use std::path::PathBuf;

use serde::{Deserialize, Serialize};

use super::menu_bar::ViewSettings;
use super::new_dialog::NewPuzzleForm;
use crate::command::{Mode, Tool};
use crate::solve::SolveViewSettings;
use blockslide_core::model::file;
use blockslide_core::model::{Puzzle, library};

/// What is kept between launches (eframe storage, key [`eframe::APP_KEY`]).
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Persisted {
    /// The design as file text.
    pub design: Option<String>,
    /// The file it belongs to.
    pub path: Option<PathBuf>,
    /// Whether it had unsaved changes.
    pub modified: bool,
    /// The active tab.
    pub mode: Mode,
    /// The editor's tool.
    pub tool: Tool,
    /// The View menu's switches.
    pub view: ViewSettings,
    /// The last choices in the "new puzzle" dialog.
    pub new_form: NewPuzzleForm,
    /// Files opened or saved lately, newest first.
    pub recent: Vec<PathBuf>,
    /// The solver's and playback's settings.
    pub solve: SolveViewSettings,
}

/// The bundled Klotski, the design a new user sees first.
pub fn default_puzzle() -> Puzzle {
    library::bundled()
        .into_iter()
        .filter(|b| b.file_name.to_ascii_lowercase().contains("klotski"))
        .find_map(|b| file::parse(b.text).ok())
        .unwrap_or_else(klotski)
}

/// Klotski built in code, for builds whose library is missing it.
fn klotski() -> Puzzle {
    // Invariant: these rows are a valid 5x4 grid with a goal of the same size.
    let mut p = Puzzle::from_rows(
        &["B A A C", "B A A C", "D E E F", "D G H F", "I . . J"],
        &[". . . .", ". . . .", ". . . .", ". A A .", ". A A ."],
    )
    .expect("valid Klotski rows");
    p.name = "Klotski".into();
    p.notes = "Move the big square A to the bottom middle.".into();
    p.metric = Some(blockslide_core::model::Metric::Move);
    p
}
