//! The folded tree: the way from the root to the node that matters, with the moves beside it
//! at every level, each of those folded over the nodes below it. "Fit the tree" shows it when
//! the whole tree is too big to show readably, so a student still sees the path the search
//! took and what it passed over at each step.

use std::sync::Arc;

use blockslide_core::solve::trace::{Replay, Trace};

use super::layout::{Placed, TreeLayout, place, tree_range};

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

/// The levels of a folded tree's way left out to fit it in fewer levels: drawn as one level,
/// a dashed stretch of the way saying how much it skips.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Gap {
    /// The level the gap is drawn at (the levels above it are the tree's first ones).
    pub(super) level: u32,
    /// How many levels of the way it stands for.
    pub(super) levels: u32,
    /// How many nodes it leaves out, with those folded under them.
    pub(super) nodes: usize,
}

/// The folded tree `layout` in `levels` levels (three or more), its way's middle left out:
/// its first levels from the root, a gap, and its last levels down to the node that matters,
/// with the moves beside them, so the root and the goal are in view together. `None` if it
/// fits already (or `levels` is too few to show both ends).
pub(super) fn elide(layout: &TreeLayout, levels: u32) -> Option<(TreeLayout, Gap)> {
    let rows = layout.depth + 1;
    if levels < 3 || rows <= levels {
        return None;
    }
    // Above the gap a level fewer than below it when they cannot be equal: the way's end,
    // where the search works, matters more than its start.
    let above = (levels - 1) / 2;
    let below = levels - 1 - above;
    let skipped = rows - above - below;
    let kept = |depth: u32| depth < above || depth >= above + skipped;
    let mut index = vec![None; layout.placed.len()];
    let mut placed: Vec<Placed> = Vec::with_capacity(layout.placed.len());
    let mut nodes = 0;
    for (i, p) in layout.placed.iter().enumerate() {
        if !kept(p.depth) {
            nodes += 1 + p.folded;
            continue;
        }
        let mut p = p.clone();
        if p.depth >= above + skipped {
            p.depth = p.depth - skipped + 1;
        }
        // The first node below the gap hangs from it, drawn apart: no parent among those
        // placed.
        p.parent = p.parent.and_then(|parent| index[parent]);
        index[i] = Some(placed.len());
        placed.push(p);
    }
    let gap = Gap {
        level: above,
        levels: skipped,
        nodes,
    };
    let elided = TreeLayout {
        placed,
        width: layout.width,
        depth: levels - 1,
        cut: layout.cut,
        most: layout.most,
        focus: layout.focus.and_then(|f| index[f]),
    };
    Some((elided, gap))
}

#[cfg(test)]
mod tests {
    use super::*;
    use blockslide_core::model::Puzzle;
    use blockslide_core::solve::api::watch;
    use blockslide_core::solve::trace::WATCH_EVENT_CAP;
    use blockslide_core::solve::{Algorithm, Limits, SearchControl, SolveRequest};

    /// The trace of breadth-first search watched on `puzzle`, replayed to its end.
    fn finished_bfs(puzzle: &Puzzle) -> (Arc<Trace>, Replay<Arc<Trace>>) {
        let request = SolveRequest {
            algorithm: Algorithm::Bfs,
            ..SolveRequest::default()
        };
        let control = SearchControl::new(Limits::default());
        let watched = watch(puzzle, &request, control, WATCH_EVENT_CAP).unwrap();
        let trace = Arc::new(watched.trace);
        let mut replay = Replay::new(Arc::clone(&trace));
        replay.advance_to(usize::MAX);
        (trace, replay)
    }

    /// The folded tree of a finished breadth-first search of the 8-puzzle: the goal's path
    /// whole, every other node a child of the path, and the nodes each hides adding up,
    /// with the path, to the whole tree.
    #[test]
    fn the_folded_tree_keeps_the_path_and_accounts_for_every_node() {
        let puzzle = Puzzle::tiles(3, 3, &[1, 2, 3, 4, 0, 6, 7, 5, 8], None).unwrap();
        let (trace, replay) = finished_bfs(&puzzle);
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

    /// The folded tree of the 14-move 8-puzzle in 7 levels: its first 3 and last 3 levels
    /// with the gap between, the root and the goal kept, and every node either drawn or
    /// counted by the gap (with those folded under them).
    #[test]
    fn eliding_keeps_both_ends_of_the_way_and_counts_the_middle() {
        let entry = blockslide_core::model::library::find("eight-14.ron").expect("bundled");
        let puzzle = blockslide_core::model::file::parse(entry.text).unwrap();
        let (trace, replay) = finished_bfs(&puzzle);
        let goal = replay.goal().expect("the goal is reached");
        let folded = fold_tree(&trace, &replay);
        assert!(
            elide(&folded, folded.depth + 1).is_none(),
            "a tree that fits"
        );
        let (elided, gap) = elide(&folded, 7).expect("too deep for 7 levels");
        assert_eq!(elided.depth, 6);
        assert_eq!((gap.level, gap.levels), (3, folded.depth + 1 - 6));
        let nodes: Vec<usize> = elided.placed.iter().map(|p| p.node).collect();
        assert!(nodes.contains(&0) && nodes.contains(&goal), "{nodes:?}");
        assert_eq!(elided.placed[elided.focus.unwrap()].node, goal);
        let count = |layout: &TreeLayout| layout.placed.iter().map(|p| 1 + p.folded).sum::<usize>();
        assert_eq!(count(&elided) + gap.nodes, count(&folded));
        assert!(elided.placed.iter().all(|p| p.depth != gap.level));
    }
}
