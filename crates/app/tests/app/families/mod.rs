//! Puzzle families: the rules a design gives its pieces (axes, zones, Rush Hour's cars) and the
//! Families window that lists a whole family.

mod design;
mod klotski;
mod window;

use blockslide_app::app::App;
use blockslide_app::solve::family::listing::{FamilyPuzzle, Listing};
use blockslide_core::solve::family::{Family, FamilySummary, UnitResult, enumerate};
use blockslide_core::solve::{Limits, SearchControl};

/// The Families window's listing, once a run has started.
fn listing(app: &App) -> Option<&Listing> {
    app.solve_view().family_view().listing()
}

/// `blockslide family`'s walk of `family`: its totals, every solvable cluster's puzzle and
/// every cluster's board, in the family's order.
fn walk_family<F: Family>(family: &F) -> (FamilySummary, Vec<FamilyPuzzle>, Vec<String>) {
    let mut summary = FamilySummary::default();
    let mut puzzles = Vec::new();
    let mut boards = Vec::new();
    let mut control = SearchControl::new(Limits::default());
    enumerate(family, &mut control, 0, |unit: &UnitResult| {
        summary.add(unit);
        puzzles.extend(unit.records.iter().map(|r| FamilyPuzzle::new(r).unwrap()));
        boards.extend(unit.records.iter().map(|r| r.board.clone()));
        Ok::<(), ()>(())
    })
    .expect("the family walks");
    (summary, puzzles, boards)
}
