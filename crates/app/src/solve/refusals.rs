//! The app's words for the tasks a puzzle's profile refuses. The core's [`Refusal`] says why
//! in the CLI's terms (`analyze`); the app names its own buttons and windows instead, in this
//! one place, so every window that disables a task for a refusal explains it alike.

use blockslide_core::solve::api::Refusal;

/// Why the app does not offer a task, as a tooltip or a line in a window says it.
pub fn refusal_text(refusal: Refusal) -> &'static str {
    match refusal {
        Refusal::TilesHaveNoArrangements => {
            "A numbered-tile puzzle's arrangements are the permutations of its tiles, in two \
             halves: analyze the start instead"
        }
        Refusal::TilesHaveNoOtherDesign => {
            "A numbered-tile puzzle's pieces and board admit no other design: its hardest \
             start is what the analysis of This start finds"
        }
        Refusal::TilesHaveNoFamily => {
            "A numbered-tile puzzle: its layouts are the orders of its tiles, not a family of \
             shapes (the Analyze window counts them)"
        }
    }
}
