//! The open design: the puzzle being edited, its file, and unlimited undo/redo.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use blockslide_core::model::{Axis, Puzzle, Token};

/// The puzzle being designed, with its undo history and the file it belongs to.
///
/// Every change goes through [`Document::edit`], which records an undo step. Other panels
/// read [`Document::puzzle`] and watch [`Document::revision`] to notice changes; the solver,
/// playback and play watch [`Document::solvable_revision`], which only changes with what a
/// search depends on.
#[derive(Clone, Debug)]
pub struct Document {
    puzzle: Puzzle,
    undo: Vec<UndoStep>,
    redo: Vec<UndoStep>,
    path: Option<PathBuf>,
    saved: Option<Puzzle>,
    revision: u64,
    solvable_revision: u64,
    open_gesture: Option<u64>,
    modified_at_start: bool,
    /// The app made this design for the user (see [`Document::made`]).
    made: bool,
}

/// Revisions are unique across documents, so a new document never looks unchanged to a
/// cache keyed by revision.
fn next_revision() -> u64 {
    static NEXT: AtomicU64 = AtomicU64::new(1);
    NEXT.fetch_add(1, Ordering::Relaxed)
}

/// One entry of the undo or redo stack: the puzzle before a change, and what the change was.
#[derive(Clone, Debug)]
struct UndoStep {
    puzzle: Puzzle,
    label: String,
}

impl Document {
    /// A document holding `puzzle`, not yet saved anywhere.
    pub fn new(puzzle: Puzzle) -> Document {
        Document {
            puzzle,
            undo: Vec::new(),
            redo: Vec::new(),
            path: None,
            saved: None,
            revision: next_revision(),
            solvable_revision: next_revision(),
            open_gesture: None,
            modified_at_start: false,
            made: false,
        }
    }

    /// A design the app made for the user, such as a harder design, a hardest start or a
    /// family's puzzle opened as a new design. It is work the user has not saved: until it is
    /// saved, [`Document::needs_saving`] holds as for an edited design, although nothing was
    /// edited, so nothing replaces it unasked.
    pub fn made(puzzle: Puzzle) -> Document {
        let mut doc = Document::new(puzzle);
        doc.made = true;
        doc
    }

    /// A document for `puzzle` as read from (or just saved to) `path`: it counts as unmodified.
    pub fn from_file(puzzle: Puzzle, path: PathBuf) -> Document {
        let mut doc = Document::new(puzzle);
        doc.saved = Some(doc.puzzle.clone());
        doc.path = Some(path);
        doc
    }

    /// The current puzzle.
    pub fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }

    /// A number that changes whenever the puzzle changes (edits, undo, redo), unique across
    /// documents, so opening another design changes it too.
    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// A number that changes whenever what a search depends on changes: the board, the
    /// goal, the pieces' kinds and axes, the zones and the metric. Renaming the puzzle or a
    /// piece, notes and colours leave it as it is, so solutions and comparisons stay. Unique
    /// across documents, like [`Document::revision`].
    pub fn solvable_revision(&self) -> u64 {
        self.solvable_revision
    }

    /// The file this design was opened from or last saved to.
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// Whether the puzzle differs from what was last opened or saved. A design never saved
    /// counts as modified once edited (or when [`Document::mark_unsaved`] says so). Whether it
    /// holds work to keep is [`Document::needs_saving`].
    pub fn is_modified(&self) -> bool {
        match &self.saved {
            Some(saved) => *saved != self.puzzle,
            None => self.modified_at_start || !self.undo.is_empty(),
        }
    }

    /// Whether replacing or closing the design would lose work, so the app asks first and the
    /// status bar says "modified": it is modified, or the app made it (see
    /// [`Document::made`]) and it was never saved.
    pub fn needs_saving(&self) -> bool {
        self.is_modified() || (self.made && self.saved.is_none())
    }

    /// Records that the puzzle was saved to `path` (or opened from it).
    pub fn mark_saved(&mut self, path: PathBuf) {
        self.saved = Some(self.puzzle.clone());
        self.path = Some(path);
    }

    /// Marks the design as modified even though nothing changed since it was created, for
    /// example a design restored from the last session that was never saved.
    pub fn mark_unsaved(&mut self) {
        self.saved = None;
        self.modified_at_start = true;
    }

    /// Applies `change` to the puzzle as one undoable step called `label`.
    ///
    /// Returns whether anything changed; a change that leaves the puzzle equal records
    /// nothing.
    pub fn edit(&mut self, label: &str, change: impl FnOnce(&mut Puzzle)) -> bool {
        self.open_gesture = None;
        self.apply(label, change)
    }

    /// Like [`Document::edit`], but every change made with the same `gesture` number in a row
    /// (one mouse stroke, say) becomes a single undo step.
    pub fn edit_in_gesture(
        &mut self,
        gesture: u64,
        label: &str,
        change: impl FnOnce(&mut Puzzle),
    ) -> bool {
        if self.open_gesture == Some(gesture) && !self.undo.is_empty() {
            let before = self.puzzle.clone();
            change(&mut self.puzzle);
            if self.puzzle == before {
                return false;
            }
            self.changed_from(&before);
            return true;
        }
        let changed = self.apply(label, change);
        if changed {
            self.open_gesture = Some(gesture);
        }
        changed
    }

    fn apply(&mut self, label: &str, change: impl FnOnce(&mut Puzzle)) -> bool {
        let before = self.puzzle.clone();
        change(&mut self.puzzle);
        if self.puzzle == before {
            return false;
        }
        self.changed_from(&before);
        self.undo.push(UndoStep {
            puzzle: before,
            label: label.to_string(),
        });
        self.redo.clear();
        true
    }

    /// Replaces the whole puzzle (a template, say) as one undoable step.
    pub fn replace(&mut self, label: &str, puzzle: Puzzle) -> bool {
        self.edit(label, |p| *p = puzzle)
    }

    /// Whether there is something to undo.
    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    /// Whether there is something to redo.
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// What [`Document::undo`] would undo ("Paint", "Resize board", ...).
    pub fn undo_label(&self) -> Option<&str> {
        self.undo.last().map(|s| s.label.as_str())
    }

    /// What [`Document::redo`] would redo.
    pub fn redo_label(&self) -> Option<&str> {
        self.redo.last().map(|s| s.label.as_str())
    }

    /// Undoes the last step; returns false when there was none.
    pub fn undo(&mut self) -> bool {
        self.open_gesture = None;
        let Some(step) = self.undo.pop() else {
            return false;
        };
        let current = std::mem::replace(&mut self.puzzle, step.puzzle);
        self.changed_from(&current);
        self.redo.push(UndoStep {
            puzzle: current,
            label: step.label,
        });
        true
    }

    /// Redoes the last undone step; returns false when there was none.
    pub fn redo(&mut self) -> bool {
        self.open_gesture = None;
        let Some(step) = self.redo.pop() else {
            return false;
        };
        let current = std::mem::replace(&mut self.puzzle, step.puzzle);
        self.changed_from(&current);
        self.undo.push(UndoStep {
            puzzle: current,
            label: step.label,
        });
        true
    }

    /// Moves the revisions on after the puzzle changed from `before`.
    fn changed_from(&mut self, before: &Puzzle) {
        self.revision = next_revision();
        if !same_to_solve(before, &self.puzzle) {
            self.solvable_revision = next_revision();
        }
    }

    /// Ends the current gesture, so the next [`Document::edit_in_gesture`] starts a new step.
    pub fn end_gesture(&mut self) {
        self.open_gesture = None;
    }
}

/// Whether a search would treat `a` and `b` alike: the same board, goal, zones and metric,
/// and the same kinds and axes for the pieces (their names and colours are only shown).
fn same_to_solve(a: &Puzzle, b: &Puzzle) -> bool {
    let rules = |p: &Puzzle| -> Vec<(Token, Option<String>, Axis)> {
        p.styles
            .iter()
            .filter(|(_, s)| s.kind.is_some() || s.axis != Axis::Free)
            .map(|(&t, s)| (t, s.kind.clone(), s.axis))
            .collect()
    };
    a.rows == b.rows
        && a.cols == b.cols
        && a.cells == b.cells
        && a.goal == b.goal
        && a.zones == b.zones
        && a.metric == b.metric
        && rules(a) == rules(b)
}

#[cfg(test)]
mod tests {
    use super::*;
    use blockslide_core::model::{Cell, Token};

    fn a() -> Cell {
        Cell::Piece(Token::new("A").expect("valid token"))
    }

    #[test]
    fn undo_and_redo_walk_the_history() {
        let mut doc = Document::new(Puzzle::empty(2, 2));
        assert!(!doc.is_modified());
        assert!(doc.edit("Paint", |p| p.set_cell(0, 0, a())));
        assert!(doc.edit("Paint", |p| p.set_cell(0, 1, a())));
        assert!(doc.is_modified());
        assert!(doc.undo());
        assert_eq!(doc.puzzle().cell(0, 1), Cell::Empty);
        assert_eq!(doc.redo_label(), Some("Paint"));
        assert!(doc.redo());
        assert_eq!(doc.puzzle().cell(0, 1), a());
        assert!(doc.undo() && doc.undo());
        assert!(!doc.undo());
        assert_eq!(*doc.puzzle(), Puzzle::empty(2, 2));
    }

    #[test]
    fn a_gesture_is_one_step_and_no_op_edits_record_nothing() {
        let mut doc = Document::new(Puzzle::empty(2, 2));
        assert!(!doc.edit("Nothing", |_| {}));
        assert!(!doc.can_undo());
        for c in 0..2 {
            doc.edit_in_gesture(7, "Paint", |p| p.set_cell(0, c, a()));
        }
        doc.end_gesture();
        doc.edit_in_gesture(8, "Paint", |p| p.set_cell(1, 0, a()));
        assert!(doc.undo());
        assert_eq!(doc.puzzle().cell(0, 1), a());
        assert!(doc.undo());
        assert_eq!(*doc.puzzle(), Puzzle::empty(2, 2));
    }

    #[test]
    fn saving_clears_the_modified_flag() {
        let mut doc = Document::new(Puzzle::empty(1, 2));
        doc.edit("Paint", |p| p.set_cell(0, 0, a()));
        doc.mark_saved(PathBuf::from("x.ron"));
        assert!(!doc.is_modified());
        doc.edit("Erase", |p| p.set_cell(0, 0, Cell::Empty));
        assert!(doc.is_modified());
        doc.undo();
        assert!(!doc.is_modified());
    }

    #[test]
    fn a_made_design_needs_saving_until_it_is_saved() {
        let mut doc = Document::made(Puzzle::empty(1, 2));
        assert!(doc.needs_saving() && !doc.is_modified());
        doc.edit("Paint", |p| p.set_cell(0, 0, a()));
        doc.undo();
        assert!(
            doc.needs_saving(),
            "back as it was made, and still never saved"
        );
        doc.mark_saved(PathBuf::from("x.ron"));
        assert!(!doc.needs_saving());
        doc.edit("Paint", |p| p.set_cell(0, 0, a()));
        assert!(doc.needs_saving());
        let fresh = Document::new(Puzzle::empty(1, 2));
        assert!(!fresh.needs_saving(), "an empty design holds no work");
    }

    #[test]
    fn only_edits_a_search_depends_on_change_the_solvable_revision() {
        let mut doc = Document::new(Puzzle::empty(2, 2));
        let solvable = doc.solvable_revision();
        doc.edit("Rename", |p| p.name = "Two by two".into());
        doc.edit("Notes", |p| p.notes = "Empty.".into());
        doc.edit("Colour", |p| {
            p.styles
                .entry(Token::new("A").expect("valid token"))
                .or_default()
                .color = Some(blockslide_core::model::Color { r: 1, g: 2, b: 3 });
        });
        assert!(doc.undo());
        assert_eq!(doc.solvable_revision(), solvable);
        let revision = doc.revision();
        doc.edit("Axis", |p| {
            p.styles
                .entry(Token::new("A").expect("valid token"))
                .or_default()
                .axis = Axis::Vertical;
        });
        assert_ne!(doc.solvable_revision(), solvable);
        assert_ne!(doc.revision(), revision);
        let solvable = doc.solvable_revision();
        doc.edit_in_gesture(3, "Paint", |p| p.set_cell(0, 0, a()));
        assert_ne!(doc.solvable_revision(), solvable);
        let solvable = doc.solvable_revision();
        assert!(doc.undo());
        assert_ne!(
            doc.solvable_revision(),
            solvable,
            "undoing a paint changes the board"
        );
    }
}
