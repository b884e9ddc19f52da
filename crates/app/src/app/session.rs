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
///
/// # Panics
/// Never: the library is compiled in and bundles `klotski.ron`, which parses (the core
/// library's tests check both).
pub fn default_puzzle() -> Puzzle {
    // Invariant: the library is compiled in and bundles `klotski.ron`, and every bundled
    // puzzle parses (the core library's tests check both).
    library::bundled()
        .into_iter()
        .find(|b| b.file_name == "klotski.ron")
        .map(|b| file::parse(b.text).expect("the bundled puzzles parse"))
        .expect("the library bundles klotski.ron")
}
