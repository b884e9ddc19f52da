//! The folded tree: the way from the root to the node that matters, with the moves beside it
//! at every level, each of those folded over the nodes below it. "Fit the tree" shows it when
//! the whole tree is too big to show readably, so a student still sees the path the search
//! took and what it passed over at each step.

use std::sync::Arc;

use blockslide_core::solve::trace::{Replay, Trace};

use super::tree::{TreeLayout, place, tree_range};

/// The folded tree of the nodes so far: the path from the root to the goal (else the node
/// expanded last), every child of a node on it, and for each child off it how many nodes it
/// hides.
pub(super) fn fold_tree(trace: &Trace, replay: &Replay<Arc<Trace>>) -> TreeLayout {
    let Some((first, last)) = tree_range(trace, replay) else {
        return place(trace, replay, &[], |_| 0, false, 0);
    };
    let tree = trace.nodes[last].tree;
    let mut spine: Vec<usize> = replay
        .goal()
        .or(replay.current())
        .filter(|&n| (first..=last).contains(&n) && trace.nodes[n].tree == tree)
        .map(|n| trace.path(n))
        .unwrap_or_default();
    spine.sort_unstable();
    // Every node's subtree size, children before parents (a child is numbered after its
    // parent), over the nodes so far.
    let mut size = vec![1usize; last + 1 - first];
    for n in (first..=last).rev() {
        if let Some(p) = trace.nodes[n].parent_index().filter(|&p| p >= first) {
            size[p - first] += size[n - first];
        }
    }
    let on_spine = |n: usize| spine.binary_search(&n).is_ok();
    let mut shown = spine.clone();
    shown.extend((first..=last).filter(|&n| {
        !on_spine(n)
            && trace.nodes[n]
                .parent_index()
                .is_some_and(|p| p >= first && on_spine(p))
    }));
    shown.sort_unstable();
    let folded = |n: usize| {
        if on_spine(n) { 0 } else { size[n - first] - 1 }
    };
    let mut layout = place(trace, replay, &shown, folded, false, shown.len());
    narrow(&mut layout, on_spine);
    layout
}

/// Lays the folded tree out narrow: the way down one column, and at each level the moves
/// beside it in the columns next to it, left and right in turn. Placed as a tree, the way
/// would zigzag across the width its leaves take, in long edges.
fn narrow(layout: &mut TreeLayout, on_spine: impl Fn(usize) -> bool) {
    let placed = &mut layout.placed;
    // Siblings met so far under each parent, by the parent's index.
    let mut beside = vec![0usize; placed.len()];
    for place in placed.iter_mut() {
        place.x = match place.parent {
            Some(p) if !on_spine(place.node) => {
                beside[p] += 1;
                let k = beside[p].div_ceil(2) as f32;
                if beside[p] % 2 == 1 { -k } else { k }
            }
            _ => 0.0,
        };
    }
    let left = placed.iter().map(|p| p.x).fold(0.0, f32::min);
    for p in placed.iter_mut() {
        p.x -= left;
    }
    layout.width = placed.iter().map(|p| p.x as usize + 1).max().unwrap_or(0);
}

#[cfg(test)]
mod tests {
    use super::*;
    use blockslide_core::model::Puzzle;
    use blockslide_core::solve::api::watch;
    use blockslide_core::solve::trace::WATCH_EVENT_CAP;
    use blockslide_core::solve::{Algorithm, Limits, SearchControl, SolveRequest};

    /// The folded tree of a finished breadth-first search of the 8-puzzle: the goal's path
    /// whole, every other node a child of the path, and the nodes each hides adding up,
    /// with the path, to the whole tree.
    #[test]
    fn the_folded_tree_keeps_the_path_and_accounts_for_every_node() {
        let puzzle = Puzzle::tiles(3, 3, &[1, 2, 3, 4, 0, 6, 7, 5, 8], None).unwrap();
        let request = SolveRequest {
            algorithm: Algorithm::Bfs,
            ..SolveRequest::default()
        };
        let control = SearchControl::new(Limits::default());
        let watched = watch(&puzzle, &request, control, WATCH_EVENT_CAP).unwrap();
        let trace = Arc::new(watched.trace);
        let mut replay = Replay::new(Arc::clone(&trace));
        replay.advance_to(usize::MAX);
        let goal = replay.goal().expect("the goal is reached");
        let layout = fold_tree(&trace, &replay);
        let path = trace.path(goal);
        let nodes: Vec<usize> = layout.placed.iter().map(|p| p.node).collect();
        assert!(
            path.iter().all(|n| nodes.contains(n)),
            "{path:?} in {nodes:?}"
        );
        let (first, last) = tree_range(&trace, &replay).unwrap();
        let hidden: usize = layout.placed.iter().map(|p| p.folded).sum();
        assert_eq!(nodes.len() + hidden, last + 1 - first);
        // The way down one column, the moves beside it next to it.
        let column: Vec<f32> = layout
            .placed
            .iter()
            .filter(|p| path.contains(&p.node))
            .map(|p| p.x)
            .collect();
        assert!(
            column.iter().all(|&x| (x - column[0]).abs() < 1e-3),
            "{column:?}"
        );
        assert!(
            layout.width <= 5,
            "{} columns for the 8-puzzle",
            layout.width
        );
        for p in &layout.placed {
            if !path.contains(&p.node) {
                let parent = trace.nodes[p.node].parent_index().unwrap();
                assert!(path.contains(&parent), "{} hangs off the path", p.node);
            }
        }
    }
}
