//! Watching a search from the inside: the [`Observer`] every algorithm can report its steps
//! to, and [`NoObserver`], the one a normal run uses.
//!
//! The algorithms are generic over the observer, so a normal run is compiled with
//! [`NoObserver`], whose methods are empty and inlined away: the search loops are the same
//! machine code as without observation. A watched run (the GUI's Watch view, `solve --trace`)
//! passes an observer that records every event.
//!
//! Nodes are named by `u32` ids that are the algorithm's own where it has them (the node
//! arena of the graph searches); the depth-first iterative searches (IDDFS, IDA*) number the
//! nodes of each iteration from 0 (the root) in the order they enter the recursion's lists.
//! The backward half of bidirectional search marks its ids with [`BACKWARD`].

/// The bit that marks a node of bidirectional search's backward tree (rooted at the goal).
/// Arena ids stay far below it: 2^31 nodes would exceed any memory limit first.
pub const BACKWARD: u32 = 1 << 31;

/// What became of a generated successor.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Fate {
    /// New: stored and put in the frontier.
    Queued,
    /// Its state was already seen (stored, or on the current path for IDA*): discarded.
    Duplicate,
    /// Seen before at a greater cost: re-queued with the cheaper path (A*, capped DFS).
    Reopened,
    /// Beyond the iteration's bound (IDDFS, IDA*): cut off, `f` is the value that will raise
    /// the next bound.
    Pruned,
    /// The heuristic proves the goal unreachable from it: dropped.
    DeadEnd,
}

/// Receives the events of one search, in the order the algorithm makes them.
///
/// - `node`, `parent`: ids as described in the [module docs](self).
/// - `g`: the cost of the path from the root; `h`: the heuristic's estimate (0 where the
///   algorithm uses none).
pub trait Observer<M> {
    /// Whether events are wanted at all; an algorithm skips bookkeeping it keeps only for the
    /// observer (IDA*'s node numbers) when this is `false`.
    fn active(&self) -> bool {
        true
    }

    /// The search (or, for IDDFS and IDA*, an iteration) starts at the root `node`.
    fn root(&mut self, node: u32, h: u32);

    /// IDDFS or IDA* begins an iteration with this bound on depth or on f = g + h; the
    /// iteration's tree starts afresh.
    fn bound_raised(&mut self, bound: u32);

    /// `node` is taken from the frontier and expanded; `frontier` is the size of the frontier
    /// just before (what the statistics' `max_frontier` takes the maximum of: for IDDFS and
    /// IDA* the length of the current path).
    fn expanded(&mut self, node: u32, g: u32, h: u32, frontier: u64);

    /// A successor of `parent` made by `mv`, with what became of it. `node` is its id when
    /// it is queued or reopened, the id of the stored copy for a duplicate of a graph search,
    /// and `u32::MAX` when it has none.
    fn generated(&mut self, parent: u32, node: u32, mv: M, g: u32, h: u32, fate: Fate);

    /// `node` satisfies the goal (for bidirectional search: the two trees meet at `node`).
    fn goal(&mut self, node: u32);
}

/// The observer of a normal run: ignores everything, at no cost.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoObserver;

impl<M> Observer<M> for NoObserver {
    #[inline(always)]
    fn active(&self) -> bool {
        false
    }
    #[inline(always)]
    fn root(&mut self, _: u32, _: u32) {}
    #[inline(always)]
    fn bound_raised(&mut self, _: u32) {}
    #[inline(always)]
    fn expanded(&mut self, _: u32, _: u32, _: u32, _: u64) {}
    #[inline(always)]
    fn generated(&mut self, _: u32, _: u32, _: M, _: u32, _: u32, _: Fate) {}
    #[inline(always)]
    fn goal(&mut self, _: u32) {}
}

impl<M, O: Observer<M> + ?Sized> Observer<M> for &mut O {
    #[inline(always)]
    fn active(&self) -> bool {
        (**self).active()
    }
    #[inline(always)]
    fn root(&mut self, node: u32, h: u32) {
        (**self).root(node, h);
    }
    #[inline(always)]
    fn bound_raised(&mut self, bound: u32) {
        (**self).bound_raised(bound);
    }
    #[inline(always)]
    fn expanded(&mut self, node: u32, g: u32, h: u32, frontier: u64) {
        (**self).expanded(node, g, h, frontier);
    }
    #[inline(always)]
    fn generated(&mut self, parent: u32, node: u32, mv: M, g: u32, h: u32, fate: Fate) {
        (**self).generated(parent, node, mv, g, h, fate);
    }
    #[inline(always)]
    fn goal(&mut self, node: u32) {
        (**self).goal(node);
    }
}
