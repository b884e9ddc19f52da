//! The folded tree: the way from the root to the node that matters, with the moves beside it
//! at every level, each of those folded over the nodes below it. "Fit the tree" shows it when
//! the whole tree is too big to show readably, so a student still sees the path the search
//! took and what it passed over at each step.

use std::sync::Arc;

use blockslide_core::solve::trace::{Replay, Trace};

use super::tree::{TreeLayout, place, tree_range};

/// The folded tree of the nodes so far: the paths from the root to the goal (else the node
/// expanded last) and to `selected`, every child of a node on them, and for each child off
/// them how many nodes it hides.
pub(super) fn fold_tree(
    trace: &Trace,
    replay: &Replay<Arc<Trace>>,
    selected: Option<usize>,
) -> TreeLayout {
    let Some((first, last)) = tree_range(trace, replay) else {
        return place(trace, replay, &[], |_| 0, false, 0);
    };
    let tree = trace.nodes[last].tree;
    let mut spine: Vec<usize> = [replay.goal().or(replay.current()), selected]
        .into_iter()
        .flatten()
        .filter(|&n| (first..=last).contains(&n) && trace.nodes[n].tree == tree)
        .flat_map(|n| trace.path(n))
        .collect();
    spine.sort_unstable();
    spine.dedup();
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
    place(trace, replay, &shown, folded, false, shown.len())
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
        let layout = fold_tree(&trace, &replay, None);
        let path = trace.path(goal);
        let nodes: Vec<usize> = layout.placed.iter().map(|p| p.node).collect();
        assert!(
            path.iter().all(|n| nodes.contains(n)),
            "{path:?} in {nodes:?}"
        );
        let (first, last) = tree_range(&trace, &replay).unwrap();
        let hidden: usize = layout.placed.iter().map(|p| p.folded).sum();
        assert_eq!(nodes.len() + hidden, last + 1 - first);
        for p in &layout.placed {
            if !path.contains(&p.node) {
                let parent = trace.nodes[p.node].parent_index().unwrap();
                assert!(path.contains(&parent), "{} hangs off the path", p.node);
            }
        }
    }
}
