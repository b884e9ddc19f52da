//! The app's keyboard shortcuts that the help pages name, in a module of their own so the help
//! can name them without importing the app that binds them.

use egui::Key;

/// The editor's key that switches the selected piece to the next axis: free, then the axis
/// a straight piece lies along, then the other (horizontal first for other shapes).
pub const AXIS_KEY: Key = Key::A;

/// The key that solves and plays the solution back, from any tab.
pub const SOLVE_KEY: Key = Key::F5;
