//! The layout of a Watch tree: which nodes are drawn (the first ones, and the paths that
//! matter) and where, every leaf in a column of its own, every parent over its children,
//! depth downwards; kept apart from the drawing so the folded tree can be laid out too.

use std::collections::HashMap;
use std::sync::Arc;

use blockslide_core::model::Cell;
use blockslide_core::solve::trace::{Replay, Trace, TraceEvent};

/// A node placed in the tree drawing.
#[derive(Clone)]
pub(super) struct Placed {
    pub(super) node: usize,
    /// Its column (a parent sits midway over its children's).
    pub(super) x: f32,
    pub(super) depth: u32,
    /// The parent's index among the placed nodes.
    pub(super) parent: Option<usize>,
    /// Its first and last children among the placed nodes.
    children: Option<(usize, usize)>,
    /// Its board.
    pub(super) cells: Vec<Cell>,
    /// The move that made it, in words.
    pub(super) label: String,
    /// How many nodes below it a folded tree hides.
    pub(super) folded: usize,
}

/// The tree drawing of a step.
pub(super) struct TreeLayout {
    pub(super) placed: Vec<Placed>,
    /// Columns (leaves) and the deepest depth.
    pub(super) width: usize,
    pub(super) depth: u32,
    /// Whether nodes were left out (beyond the first `most`).
    pub(super) cut: bool,
    pub(super) most: usize,
    /// The placed node a fitted view centres on: the goal, else the node expanded last.
    pub(super) focus: Option<usize>,
}

/// The nodes of the current tree generated so far (of the current iteration, for IDDFS and
/// IDA*): the first and the last, `None` before the first root.
pub(super) fn tree_range(trace: &Trace, replay: &Replay<Arc<Trace>>) -> Option<(usize, usize)> {
    // Nodes are numbered in the order their events come, and an iteration's nodes follow
    // its root, so the nodes so far of the current tree are one range.
    let events = &trace.events[..replay.step()];
    let last = events.iter().rev().find_map(|e| match *e {
        TraceEvent::Root { node } | TraceEvent::Generated { node, .. } => Some(node),
        _ => None,
    })?;
    let tree = trace.nodes[last].tree;
    let first = trace.nodes[..=last].partition_point(|n| n.tree < tree);
    Some((first, last))
}

/// Lays out the nodes generated so far (of the current iteration, for IDDFS and IDA*): the
/// first `most` of them, and the paths to the goal, the node expanded last and `selected`.
/// Every leaf gets the next column, every parent the middle of its children's, depth
/// downwards. Iterative, since a depth-first tree may be thousands of nodes deep.
pub(super) fn layout_tree(
    trace: &Trace,
    replay: &Replay<Arc<Trace>>,
    selected: Option<usize>,
    most: usize,
) -> TreeLayout {
    let Some((first, last)) = tree_range(trace, replay) else {
        return place(trace, replay, &[], |_| 0, false, most);
    };
    let tree = trace.nodes[last].tree;
    let mut shown: Vec<usize> = (first..=last.min(first + most - 1)).collect();
    let cut = last + 1 - first > most;
    if cut {
        let mut extra: Vec<usize> = [replay.goal(), replay.current(), selected]
            .into_iter()
            .flatten()
            .filter(|&n| n <= last && trace.nodes[n].tree == tree)
            .flat_map(|n| trace.path(n))
            .filter(|&n| n >= first + most)
            .collect();
        // A path is drawn only while it stays within the drawing's budget.
        extra.sort_unstable();
        extra.dedup();
        extra.truncate(most);
        shown.extend(extra);
        shown.sort_unstable();
        shown.dedup();
    }
    place(trace, replay, &shown, |_| 0, cut, most)
}

/// Places `shown` (sorted node indices): every leaf in the next column, every parent in the
/// middle of its children's, depth downwards; `folded` counts the nodes hidden under each.
pub(super) fn place(
    trace: &Trace,
    replay: &Replay<Arc<Trace>>,
    shown: &[usize],
    folded: impl Fn(usize) -> usize,
    cut: bool,
    most: usize,
) -> TreeLayout {
    let mut children: HashMap<usize, Vec<usize>> = HashMap::new();
    let mut roots = Vec::new();
    let is_shown = |n: usize| shown.binary_search(&n).is_ok();
    for &node in shown {
        match trace.nodes[node].parent_index() {
            Some(p) if is_shown(p) => children.entry(p).or_default().push(node),
            _ => roots.push(node),
        }
    }
    // Pre-order, children in the order they were generated.
    let mut placed: Vec<Placed> = Vec::with_capacity(shown.len());
    let mut stack: Vec<(usize, Option<usize>)> = roots.iter().rev().map(|&r| (r, None)).collect();
    let (mut column, mut deepest) = (0usize, 0u32);
    while let Some((node, parent)) = stack.pop() {
        let index = placed.len();
        let (depth, mut cells) = match parent {
            Some(p) => (placed[p].depth + 1, placed[p].cells.clone()),
            None => (0, trace.cells(node)),
        };
        let label = match parent {
            Some(p) => {
                trace.apply_changes(node, &mut cells);
                trace.move_words(&placed[p].cells, &cells)
            }
            None => trace.label(node),
        };
        deepest = deepest.max(depth);
        let kids = children.get(&node).map_or(&[][..], Vec::as_slice);
        let x = if kids.is_empty() {
            column += 1;
            (column - 1) as f32
        } else {
            0.0
        };
        if let Some(p) = parent {
            let span = placed[p].children.get_or_insert((index, index));
            span.1 = index;
        }
        placed.push(Placed {
            node,
            x,
            depth,
            parent,
            children: None,
            cells,
            label,
            folded: folded(node),
        });
        stack.extend(kids.iter().rev().map(|&k| (k, Some(index))));
    }
    // Children come after their parent in pre-order, so backwards every parent finds its
    // children placed.
    for i in (0..placed.len()).rev() {
        if let Some((a, b)) = placed[i].children {
            placed[i].x = f32::midpoint(placed[a].x, placed[b].x);
        }
    }
    let find = |n: Option<usize>| n.and_then(|n| placed.iter().position(|p| p.node == n));
    let focus = find(replay.goal()).or_else(|| find(replay.current()));
    TreeLayout {
        placed,
        width: column,
        depth: deepest,
        cut,
        most,
        focus,
    }
}
