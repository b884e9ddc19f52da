//! What panels ask the app to do. Panels only draw and queue commands; the app applies them
//! in one place after every panel has drawn (the only place that touches files or the
//! document, or starts a search).
//!
//! The Solve and Play tabs' commands travel in [`Command::Solve`]; each of their kinds
//! converts into a [`Command`] with `.into()`.

use std::path::PathBuf;
use std::sync::Arc;

use blockslide_core::model::{Axis, Color, Dir, Metric, Puzzle, Token, ZoneRight};
use blockslide_core::solve::SolveReport;

use super::common::board::{CellPos, Layer};

/// The app's tool windows: each floats over the tabs, shown and hidden with
/// [`Command::ShowWindow`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ToolWindow {
    /// How hard the design is, and how hard its piece set can get.
    Analyze,
    /// A search for harder variants of the design.
    Harder,
    /// Every puzzle of a family, listed to browse, open and play.
    Families,
}

impl ToolWindow {
    /// The window's title.
    pub fn title(self) -> &'static str {
        match self {
            ToolWindow::Analyze => "Analyze",
            ToolWindow::Harder => "Make it harder",
            ToolWindow::Families => "Families",
        }
    }
}

/// Which part of the app has the board: the two editor tabs, or the solver's two.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, Default, serde::Serialize, serde::Deserialize,
)]
pub enum Mode {
    /// Edit the start position.
    #[default]
    Start,
    /// Edit the goal pattern.
    Goal,
    /// Solve, compare and play back (the solver panel).
    Solve,
    /// Play the puzzle yourself.
    Play,
}

impl Mode {
    /// Every mode, in tab order.
    pub const ALL: [Mode; 4] = [Mode::Start, Mode::Goal, Mode::Solve, Mode::Play];

    /// The tab's title.
    pub fn title(self) -> &'static str {
        match self {
            Mode::Start => "Start",
            Mode::Goal => "Goal",
            Mode::Solve => "Solve",
            Mode::Play => "Play",
        }
    }

    /// The tab's tooltip.
    pub fn help(self) -> &'static str {
        match self {
            Mode::Start => "Draw the start position: pieces, walls and empty cells (F1)",
            Mode::Goal => "Paint which piece must cover which cell at the end (F2)",
            Mode::Solve => "Find a shortest solution, compare algorithms, play it back (F3)",
            Mode::Play => "Move the pieces yourself, with hints (F4)",
        }
    }

    /// Whether this is one of the editor tabs.
    pub fn is_editing(self) -> bool {
        matches!(self, Mode::Start | Mode::Goal)
    }

    /// The board layer the editor paints in this mode.
    pub fn layer(self) -> Layer {
        if self == Mode::Goal {
            Layer::Goal
        } else {
            Layer::Start
        }
    }
}

/// The editor's tools.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, Default, serde::Serialize, serde::Deserialize,
)]
pub enum Tool {
    /// Paint cells with the selected piece.
    #[default]
    Paint,
    /// Every stroke paints a brand-new piece.
    NewPiece,
    /// Empty cells (or make goal cells "don't care").
    Erase,
    /// Paint walls.
    Wall,
    /// Pick the piece under the pointer.
    Eyedropper,
    /// Drag a whole piece to a new place.
    Move,
    /// Paint cells into the selected zone (cells only some pieces may cover).
    Zone,
}

impl Tool {
    /// Every tool, in palette order.
    pub const ALL: [Tool; 7] = [
        Tool::Paint,
        Tool::NewPiece,
        Tool::Erase,
        Tool::Wall,
        Tool::Zone,
        Tool::Eyedropper,
        Tool::Move,
    ];

    /// The button text.
    pub fn title(self) -> &'static str {
        match self {
            Tool::Paint => "Paint",
            Tool::NewPiece => "Draw new piece",
            Tool::Erase => "Eraser",
            Tool::Wall => "Wall",
            Tool::Eyedropper => "Eyedropper",
            Tool::Move => "Move piece",
            Tool::Zone => "Zone",
        }
    }

    /// Whether the tool only edits the start position (walls, zones and new pieces have no
    /// place in the goal).
    pub fn is_start_only(self) -> bool {
        matches!(self, Tool::Wall | Tool::NewPiece | Tool::Zone)
    }

    /// The keyboard shortcut (a letter key).
    pub fn key(self) -> egui::Key {
        match self {
            Tool::Paint => egui::Key::B,
            Tool::NewPiece => egui::Key::N,
            Tool::Erase => egui::Key::E,
            Tool::Wall => egui::Key::W,
            Tool::Eyedropper => egui::Key::I,
            Tool::Move => egui::Key::M,
            Tool::Zone => egui::Key::Z,
        }
    }

    /// The tooltip.
    pub fn help(self) -> &'static str {
        match self {
            Tool::Paint => {
                "Click or drag to paint cells with the selected piece (B). Right-click erases."
            }
            Tool::NewPiece => {
                "Each stroke draws a new piece with the next free token and colour (N)"
            }
            Tool::Erase => {
                "Click or drag to empty cells; in the goal, to make cells \"don't care\" (E)"
            }
            Tool::Wall => "Click or drag to place fixed walls (W). Start position only.",
            Tool::Eyedropper => "Click a piece to select it (I)",
            Tool::Move => "Drag a piece to move it as a whole (M)",
            Tool::Zone => {
                "Click or drag to add cells to the selected zone, cells only the pieces it \
                 admits may cover, like an exit (Z); right-click takes cells out. Start position \
                 only."
            }
        }
    }
}

/// A page of help, each in a window of its own.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HelpPage {
    /// Draw, goal, solve and play in four steps; opens on the first launch.
    GettingStarted,
    /// Every keyboard shortcut.
    Shortcuts,
    /// The metrics (step, slide, move) and the search statistics.
    Metrics,
    /// The app's name, version and licence.
    About,
}

impl HelpPage {
    /// Every page, in menu order.
    pub const ALL: [HelpPage; 4] = [
        HelpPage::GettingStarted,
        HelpPage::Shortcuts,
        HelpPage::Metrics,
        HelpPage::About,
    ];

    /// The menu entry and the window's title.
    pub fn title(self) -> &'static str {
        match self {
            HelpPage::GettingStarted => "Getting started",
            HelpPage::Shortcuts => "Keyboard shortcuts",
            HelpPage::Metrics => "Metrics and statistics",
            HelpPage::About => "About Blockslide",
        }
    }
}

/// A file a solution can be saved as.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExportFormat {
    /// The numbered list of moves (`.txt`).
    Text,
    /// The CLI's JSON (`.json`).
    Json,
    /// The playback as an animated PNG (`.png`).
    Animation,
    /// The design as a playable web page (`.html`, `blockslide export html`'s page): needs
    /// no solution shown.
    WebPage,
    /// The Watch view's tree at its step, as SVG (`.svg`) or PNG (`.png`): needs a search
    /// watched, no solution.
    Tree,
    /// The Watch view's frontier at its step, as SVG (`.svg`) or PNG (`.png`).
    Frontier,
}

impl ExportFormat {
    /// The file name extension.
    pub fn extension(self) -> &'static str {
        match self {
            ExportFormat::Text => "txt",
            ExportFormat::Json => "json",
            ExportFormat::Animation => "png",
            ExportFormat::WebPage => "html",
            ExportFormat::Tree | ExportFormat::Frontier => "svg",
        }
    }
}

/// What a stroke puts on a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Brush {
    /// A cell of this piece.
    Piece(Token),
    /// A wall (start layer only).
    Wall,
    /// Nothing: an empty cell, or "don't care" in the goal.
    Erase,
    /// A cell of this zone (created when it does not exist yet); a cell is in one zone at
    /// most, so it leaves any other. Walls take no zone.
    Zone(Token),
    /// Out of every zone.
    Unzone,
}

/// Something the user asked for.
#[derive(Clone, Debug)]
pub enum Command {
    /// Open the "new puzzle" dialog (templates).
    ShowNewDialog,
    /// Replace the design with a new puzzle (asks about unsaved changes first).
    New(Box<Puzzle>),
    /// Ask for a file and open it (asks about unsaved changes first).
    Open,
    /// Open this file (asks about unsaved changes first).
    OpenPath(PathBuf),
    /// Ask for a trace file (a search recorded elsewhere) and watch it beside Blockslide's
    /// own run of the same algorithm.
    OpenTrace,
    /// Watch the search this trace file records beside Blockslide's (its puzzle opened as
    /// the design first when it is another: asks about unsaved changes then).
    OpenTracePath(PathBuf),
    /// Open a puzzle from text, such as a bundled one (asks about unsaved changes first).
    OpenText {
        /// Where the text came from, for messages.
        source: String,
        /// The file text.
        text: String,
    },
    /// Open this puzzle as a new, unsaved design (asks about unsaved changes first): a
    /// puzzle of the Families window to play; with `play`, in the Play tab. Nothing asks before
    /// it is replaced until it is edited: a design the app made for the user is opened with
    /// [`Command::OpenAsNewDesign`] instead.
    OpenPuzzle {
        /// The puzzle.
        puzzle: Box<Puzzle>,
        /// Where it came from, for the status bar.
        source: String,
        /// Whether to play it at once.
        play: bool,
    },
    /// Open a design the app made for the user (a harder design, a hardest start, a family's
    /// puzzle) as a new design (asks about unsaved changes first). It is work the user has not
    /// saved, so until it is saved it is guarded like an edited design.
    OpenAsNewDesign {
        /// The design.
        puzzle: Box<Puzzle>,
        /// Where it came from, for the status bar.
        source: String,
    },
    /// Close the design, leaving an empty one (asks about unsaved changes first).
    Close,
    /// Read the design's file again, dropping the changes since it was saved (asks first when
    /// there are changes); undoable.
    RevertToSaved,
    /// Look for the recent files again, to mark those not found (the File menu opened).
    CheckRecentFiles,
    /// Take this file off the recent files.
    ForgetRecent(PathBuf),
    /// Save to the design's file (asks for one when it has none).
    Save,
    /// Ask for a file and save there.
    SaveAs,
    /// Save to this file.
    SaveTo(PathBuf),
    /// Ask where, and save these designs as puzzle files numbered from 1 (Make it harder's
    /// "Save all").
    SaveDesigns(Vec<Puzzle>),
    /// Save the designs asked for by [`Command::SaveDesigns`], the first to this file, the
    /// others beside it numbered on.
    SaveDesignsTo(PathBuf),
    /// Run the command without asking about unsaved changes.
    Force(Box<Command>),
    /// Save, and when that worked, run the command.
    SaveThen(Box<Command>),
    /// Show or hide the library window.
    ShowLibrary(bool),
    /// Re-read the user's library folder.
    RefreshLibrary,
    /// Show or hide a tool window.
    ShowWindow(ToolWindow, bool),
    /// Show or hide both side panels.
    ShowPanels(bool),
    /// Ask where to save the solution shown in playback, as this format, and save it.
    ExportSolution(ExportFormat),
    /// Save the solution shown in playback to this file (an animation renders in the
    /// background).
    ExportTo(ExportFormat, PathBuf),
    /// Stop rendering an animation.
    CancelExport,
    /// Show a help window, or close it.
    ShowHelp(Option<HelpPage>),
    /// Close the window (asks about unsaved changes first).
    Quit,
    /// Undo the last edit; in the Play tab, the last move.
    Undo,
    /// Redo the last undone edit; in the Play tab, the last move taken back.
    Redo,
    /// Paint cells; strokes with the same gesture number form one undo step.
    Stroke {
        /// The gesture (mouse stroke) this belongs to.
        gesture: u64,
        /// Start position or goal.
        layer: Layer,
        /// The cells to paint.
        cells: Vec<CellPos>,
        /// What to paint.
        brush: Brush,
        /// A colour to give the painted piece (for a piece that does not exist yet).
        new_color: Option<Color>,
    },
    /// Move whole pieces together by whole cells.
    MovePieces {
        /// Start position or goal.
        layer: Layer,
        /// The pieces.
        tokens: Vec<Token>,
        /// Rows to move (down is positive).
        dr: i32,
        /// Columns to move (right is positive).
        dc: i32,
    },
    /// Remove pieces everywhere, in one undo step.
    DeletePieces(Vec<Token>),
    /// Give a piece a new token.
    RenamePiece {
        /// The piece.
        from: Token,
        /// The new token text.
        to: String,
    },
    /// Set a piece's colour.
    Recolor(Token, Color),
    /// Set a piece's display name (empty: none).
    SetPieceName(Token, String),
    /// Set a piece's kind (empty: its own kind).
    SetPieceKind(Token, String),
    /// Lock a piece to an axis (or free it).
    SetAxis(Token, Axis),
    /// Create a new zone, closed to every piece until rights are given, and select it.
    NewZone,
    /// Select a zone for painting and for the properties panel.
    SelectZone(Option<Token>),
    /// Give a zone a new name.
    RenameZone {
        /// The zone.
        from: Token,
        /// The new name as typed.
        to: String,
    },
    /// Remove a zone (its cells become ordinary cells).
    DeleteZone(Token),
    /// Let a piece or a kind enter a zone, or stop letting it.
    SetZoneRight {
        /// The zone.
        zone: Token,
        /// The piece or kind.
        right: ZoneRight,
        /// Whether it may enter.
        allowed: bool,
    },
    /// Set the puzzle's title.
    SetName(String),
    /// Set the puzzle's notes.
    SetNotes(String),
    /// Set the puzzle's usual metric.
    SetMetric(Option<Metric>),
    /// Change the board size, keeping what fits.
    Resize {
        /// New rows (1..=32).
        rows: usize,
        /// New columns (1..=32).
        cols: usize,
    },
    /// Make the goal the start position.
    CopyStartToGoal,
    /// Put the pieces where this position of the design has them, as one undoable edit (the
    /// goal, styles and zones stay): "Make this the start" of the Analyze window.
    MakeStart {
        /// The new start.
        position: Box<Puzzle>,
        /// The design's notes with a paragraph on the new start, as they may speak of the old.
        notes: String,
    },
    /// Replace the whole design with this one, as one undoable edit: "Use this design" of the
    /// Make it harder window.
    UseDesign(Box<Puzzle>),
    /// Make one of the design panel's suggested edits (the design with the edit made), as
    /// one undo step named after it.
    ApplySuggestion(Box<Puzzle>),
    /// Give each piece its kind (the design panel's "One kind per shape"), as one undo step.
    SetPieceKinds(Vec<(Token, String)>),
    /// Make every goal cell "don't care".
    ClearGoal,
    /// Empty the board, keeping its size and zones: every piece and wall goes, and with the
    /// pieces their goal cells (Edit > Clear board).
    ClearBoard,
    /// Copy the selected pieces, with their styles, to the app's clipboard (and the system's
    /// as puzzle-file text).
    Copy,
    /// Copy the selected pieces, then remove them.
    Cut,
    /// Paste the copied pieces onto the start position (see
    /// [`crate::editor::clipboard::paste_pieces`]).
    Paste {
        /// The system clipboard's text, when the paste came with it: a puzzle file's text
        /// there pastes its pieces.
        text: Option<String>,
        /// The cell under the pointer, when the paste came from a key over the board: the
        /// pieces' top left corner goes there, or as near as they fit. Without, they go
        /// where they were copied from when free, else to the first free place.
        at: Option<CellPos>,
    },
    /// Rotate or mirror the selected pieces together, in place.
    TransformPieces(Transform),
    /// Rotate or mirror the whole design: board, pieces, walls, goal and zones.
    TransformDesign(Transform),
    /// Let the goal match anywhere on the board.
    SetAnywhere(bool),
    /// Switch tabs.
    SetMode(Mode),
    /// Pick a tool.
    SetTool(Tool),
    /// Select a piece for painting and for the properties panel.
    Select(Option<Token>),
    /// Create a new (not yet painted) piece with the next free token and colour, and select it.
    NewPiece,
    /// Show a message in the status bar.
    Notify(String),
    /// Outline these cells on the board (a validation finding).
    Highlight(Vec<CellPos>),
    /// Something for the Solve and Play tabs.
    Solve(SolveCommand),
}

/// What the Solve and Play tabs ask for.
#[derive(Clone, Debug)]
pub enum SolveCommand {
    /// From the solver panel.
    Solver(SolverCommand),
    /// From the comparison's controls.
    Compare(CompareCommand),
    /// From the playback controls.
    Playback(PlaybackCommand),
    /// From the game of the Play tab.
    Play(PlayCommand),
    /// From the Analyze window.
    Analyze(AnalyzeCommand),
    /// From the Watch view.
    Watch(WatchCommand),
    /// From the Families window.
    Family(FamilyCommand),
    /// From the Make it harder window.
    Harder(HarderCommand),
    /// Play this solution back (a comparison row's).
    ShowSolution(Arc<SolveReport>),
}

/// What the Watch view asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WatchCommand {
    /// Record the solver panel's algorithm on the design, and show its start.
    Start,
    /// One expansion forward.
    Step,
    /// One expansion back.
    Back,
    /// Back to the start of the search.
    Restart,
    /// Forward to the step that reaches the goal (or the end of the trace).
    ToGoal,
    /// Start or pause playing steps at the chosen speed.
    Play,
    /// To the first step where a recorded search and Blockslide's differ, their nodes there
    /// selected.
    ToDifference,
    /// Show this node of the tree (its board and path).
    Select(usize),
}

/// What the solver panel asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SolverCommand {
    /// Start a search with the current settings.
    Solve,
    /// Show the Solve tab's playback and play the solution from the start: the one shown, or
    /// the next search's (started now unless one is running). F5 and the button beside the
    /// tabs, in every tab.
    SolveAndPlay,
    /// Stop the running search.
    Cancel,
}

/// What the comparison's controls ask for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CompareCommand {
    /// Run every pair.
    Run,
    /// Stop the comparison.
    Cancel,
    /// Stop the pair running now and go on with the next.
    Skip,
}

/// What the Analyze window asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AnalyzeCommand {
    /// Analyse the start's component with the solver's metric and limits.
    Analyze,
    /// Stop the running analysis.
    CancelAnalysis,
    /// Explore the design's piece set with the solver's metric and limits.
    Explore,
    /// Stop the running exploration.
    CancelExploration,
}

/// What the Make it harder window asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HarderCommand {
    /// Search for harder designs with the window's choices, the solver's metric, threads
    /// and limits.
    Run,
    /// Stop the search; the designs found so far stay.
    Cancel,
}

/// What the Families window asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FamilyCommand {
    /// List the family chosen in the window, from its start.
    Run,
    /// Stop the run; what it listed stays.
    Cancel,
    /// Go on with a stopped run where it stopped.
    Resume,
}

/// What the playback controls ask for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlaybackCommand {
    /// Back to the start position.
    First,
    /// One move back.
    Previous,
    /// Start or pause playing.
    TogglePlay,
    /// One move forward.
    Next,
    /// To the final position.
    Last,
    /// To the position after this many moves.
    Seek(usize),
}

/// What the game of the Play tab asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayCommand {
    /// Move a piece one cell.
    Step(Token, Dir),
    /// Select a piece (for the arrow keys), or clear the selection.
    Select(Option<Token>),
    /// Take back the last step.
    Undo,
    /// Make again the last step taken back.
    Redo,
    /// Slide the tiles between the clicked tile and the gap, the clicked one too, towards
    /// the gap (tile puzzles, as in Simon Tatham's Fifteen).
    SlideTo(Token),
    /// Back to the start position.
    Restart,
    /// Compute an optimal next move.
    Hint,
    /// Stop computing a hint.
    StopHint,
    /// Let the solver play an optimal rest of the game from the current position, one step
    /// at a time (the game then counts as solved with help).
    SolveFromHere,
    /// Stop the solver's play (or its search) and hand the game back to the player.
    StopSolving,
}

impl From<SolveCommand> for Command {
    fn from(command: SolveCommand) -> Self {
        Command::Solve(command)
    }
}

impl From<SolverCommand> for Command {
    fn from(command: SolverCommand) -> Self {
        Command::Solve(SolveCommand::Solver(command))
    }
}

impl From<CompareCommand> for Command {
    fn from(command: CompareCommand) -> Self {
        Command::Solve(SolveCommand::Compare(command))
    }
}

impl From<PlaybackCommand> for Command {
    fn from(command: PlaybackCommand) -> Self {
        Command::Solve(SolveCommand::Playback(command))
    }
}

impl From<AnalyzeCommand> for Command {
    fn from(command: AnalyzeCommand) -> Self {
        Command::Solve(SolveCommand::Analyze(command))
    }
}

impl From<FamilyCommand> for Command {
    fn from(command: FamilyCommand) -> Self {
        Command::Solve(SolveCommand::Family(command))
    }
}

impl From<HarderCommand> for Command {
    fn from(command: HarderCommand) -> Self {
        Command::Solve(SolveCommand::Harder(command))
    }
}

impl From<PlayCommand> for Command {
    fn from(command: PlayCommand) -> Self {
        Command::Solve(SolveCommand::Play(command))
    }
}

/// A quarter turn or a mirror image.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Transform {
    /// A quarter turn clockwise.
    RotateClockwise,
    /// A quarter turn anticlockwise.
    RotateAnticlockwise,
    /// Left and right swapped (a mirror standing beside the board).
    MirrorLeftRight,
    /// Top and bottom swapped.
    MirrorTopBottom,
}

impl Transform {
    /// Every transform, in menu order.
    pub const ALL: [Transform; 4] = [
        Transform::RotateClockwise,
        Transform::RotateAnticlockwise,
        Transform::MirrorLeftRight,
        Transform::MirrorTopBottom,
    ];

    /// The menu entry's text.
    pub fn title(self) -> &'static str {
        match self {
            Transform::RotateClockwise => "Rotate clockwise",
            Transform::RotateAnticlockwise => "Rotate anticlockwise",
            Transform::MirrorLeftRight => "Mirror left–right",
            Transform::MirrorTopBottom => "Mirror top–bottom",
        }
    }

    /// What the status bar says once `what` ("piece A", "the design") has been transformed.
    pub fn done(self, what: &str) -> String {
        match self {
            Transform::RotateClockwise => format!("Rotated {what} clockwise"),
            Transform::RotateAnticlockwise => format!("Rotated {what} anticlockwise"),
            Transform::MirrorLeftRight => format!("Mirrored {what} left to right"),
            Transform::MirrorTopBottom => format!("Mirrored {what} top to bottom"),
        }
    }

    /// The verb of the status bar's refusals ("rotate", "mirror").
    pub fn verb(self) -> &'static str {
        if self.turns() { "rotate" } else { "mirror" }
    }

    /// The editor's key for the selected pieces (Shift is held for `RotateAnticlockwise`).
    pub fn key(self) -> egui::Key {
        match self {
            Transform::RotateClockwise | Transform::RotateAnticlockwise => egui::Key::R,
            Transform::MirrorLeftRight => egui::Key::H,
            Transform::MirrorTopBottom => egui::Key::V,
        }
    }

    /// The modifiers held with [`Transform::key`].
    pub fn modifiers(self) -> egui::Modifiers {
        if self == Transform::RotateAnticlockwise {
            egui::Modifiers::SHIFT
        } else {
            egui::Modifiers::NONE
        }
    }

    /// Whether this is a quarter turn, which swaps rows and columns (and the axes pieces are
    /// locked to).
    pub fn turns(self) -> bool {
        matches!(
            self,
            Transform::RotateClockwise | Transform::RotateAnticlockwise
        )
    }

    /// The size of a `rows x cols` rectangle after the transform.
    pub fn size(self, (rows, cols): (usize, usize)) -> (usize, usize) {
        if self.turns() {
            (cols, rows)
        } else {
            (rows, cols)
        }
    }

    /// Where cell `(r, c)` of a `rows x cols` rectangle goes.
    pub fn map(self, (r, c): CellPos, (rows, cols): (usize, usize)) -> CellPos {
        match self {
            Transform::RotateClockwise => (c, rows - 1 - r),
            Transform::RotateAnticlockwise => (cols - 1 - c, r),
            Transform::MirrorLeftRight => (r, cols - 1 - c),
            Transform::MirrorTopBottom => (rows - 1 - r, c),
        }
    }

    /// The axis a piece locked to `axis` moves along after the transform: a quarter turn
    /// swaps horizontal and vertical.
    pub fn axis(self, axis: Axis) -> Axis {
        match (self.turns(), axis) {
            (true, Axis::Horizontal) => Axis::Vertical,
            (true, Axis::Vertical) => Axis::Horizontal,
            (_, axis) => axis,
        }
    }
}
