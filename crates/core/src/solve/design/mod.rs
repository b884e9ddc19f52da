//! Making puzzles harder: a search of the designs around a drawn one for variants whose
//! hardest start needs more moves, and puzzles made to order (a band of lengths) for players.
//!
//! A design is a puzzle taken as its pieces and walls: how hard it is is the distance of the
//! hardest start of the component that holds its start (the farthest position from the goal,
//! found by a whole-component walk as `analyze` does; a Rush Hour design whose vehicles may go
//! anywhere along their lines, of the hardest cluster of its family unit, found by the family
//! engine's walk). [`improve`] runs a chain of random
//! changes of the design on every thread ([`Mutator`]: pieces moved, added from a palette,
//! removed or reshaped by a cell, walls added, removed or moved), keeps what late acceptance
//! keeps and restarts a chain that stops improving; [`generate`] aims the same chains at a
//! band of lengths. What the rules hold never changes ([`DesignRules`], [`check_design`]):
//! the board, the goal and the goal's pieces, the zones, locked pieces and cells, the piece
//! and wall limits. No design is reported harder than it is: each kept one is proved by a
//! second analysis from its hardest start ([`prove`]), whose length is the one reported.
//!
//! [`suggest`] answers where the next edit should go: every one-step edit of a design (a wall
//! added or removed, a piece removed or moved, a 1x1 piece added) with the edited design's
//! hardest start and start length, best first.

mod evaluate;
mod kept;
mod mutate;
mod rules;
mod search;
mod suggestions;
mod units;

pub use self::evaluate::{Evaluation, Objective, Proof, Rank, evaluate, prove};
pub use self::kept::FoundDesign;
pub use self::mutate::Mutator;
pub use self::rules::{
    Change, DesignRules, PaletteShape, RuleBroken, UnknownChange, changes, check_design,
    check_input, rush_hour_palette,
};
pub use self::search::{
    SearchOptions, SearchReport, SearchStatus, StatusFn, Strategy, generate, improve,
};
pub use self::suggestions::{
    Edit, Figures, SUGGESTED_CHANGES, SuggestProgress, SuggestProgressFn, SuggestReport,
    SuggestRules, Suggestion, edits, suggest,
};
