//! An independent yardstick for the analyses: graphs of model positions built with
//! `Puzzle::step` only (no engine code), with identical pieces merged by the model's rule
//! (pieces of a kind the goal names are told apart by kind, the others by shape), distances
//! to the goal by a plain breadth-first search, and shortest paths counted by enumerating
//! them.

#![allow(
    dead_code,
    unused_imports,
    reason = "each test file uses a different subset of the helpers"
)]

use std::collections::{HashMap, HashSet, VecDeque};

use blockslide_core::model::{Cell, Dir, Metric, Puzzle, Token};

use crate::blocks_support;
pub use blocks_support::naive_successors as successors;
pub use blocks_support::{puzzle, random_puzzle, reference_goal};
pub use blockslide_testkit::arrangements::{Key, all_arrangements, key, labels};

/// A graph of merged model positions.
pub struct Graph {
    /// One position per node.
    pub positions: Vec<Puzzle>,
    /// Node of each key.
    pub index: HashMap<Key, usize>,
    /// Neighbours of each node (each once).
    pub edges: Vec<Vec<usize>>,
    /// Whether each node satisfies the goal (the reference check).
    pub goal: Vec<bool>,
    labels: HashMap<Token, String>,
}

impl Graph {
    /// The component of each of `roots` (all positions reachable from them).
    pub fn reachable(roots: &[Puzzle], metric: Metric) -> Graph {
        let labels = labels(&roots[0]);
        let mut g = Graph {
            positions: Vec::new(),
            index: HashMap::new(),
            edges: Vec::new(),
            goal: Vec::new(),
            labels,
        };
        for root in roots {
            g.node(root);
        }
        let mut i = 0;
        while i < g.positions.len() {
            let p = g.positions[i].clone();
            let mut next: Vec<usize> = successors(&p, metric).iter().map(|q| g.node(q)).collect();
            next.sort_unstable();
            next.dedup();
            g.edges[i] = next;
            i += 1;
        }
        g
    }

    /// The node of `p`, added when new.
    pub fn node(&mut self, p: &Puzzle) -> usize {
        let k = key(p, &self.labels);
        if let Some(&i) = self.index.get(&k) {
            return i;
        }
        self.index.insert(k, self.positions.len());
        self.positions.push(p.clone());
        self.edges.push(Vec::new());
        self.goal.push(reference_goal(p));
        self.positions.len() - 1
    }

    /// The node of position `p`, which must be in the graph.
    pub fn find(&self, p: &Puzzle) -> usize {
        self.index[&key(p, &self.labels)]
    }

    /// Every node's distance to the nearest goal node (`None`: no goal reachable).
    pub fn distances(&self) -> Vec<Option<u32>> {
        let mut dist = vec![None; self.positions.len()];
        let mut queue = VecDeque::new();
        for (i, &g) in self.goal.iter().enumerate() {
            if g {
                dist[i] = Some(0);
                queue.push_back(i);
            }
        }
        while let Some(i) = queue.pop_front() {
            let d = dist[i].map(|d: u32| d + 1);
            for &j in &self.edges[i] {
                if dist[j].is_none() {
                    dist[j] = d;
                    queue.push_back(j);
                }
            }
        }
        dist
    }

    /// The nodes of the component of `i`.
    pub fn component_of(&self, i: usize) -> Vec<usize> {
        let mut seen = vec![false; self.positions.len()];
        let mut order = vec![i];
        seen[i] = true;
        let mut k = 0;
        while k < order.len() {
            for &j in &self.edges[order[k]] {
                if !seen[j] {
                    seen[j] = true;
                    order.push(j);
                }
            }
            k += 1;
        }
        order
    }

    /// The number of shortest paths from `i` to the goal, found by following every path
    /// whose each move gets one step closer, to its end (at most `cap`; `None` past it).
    pub fn shortest_paths(&self, dist: &[Option<u32>], i: usize, cap: u64) -> Option<u64> {
        fn follow(g: &Graph, dist: &[Option<u32>], i: usize, found: &mut u64, cap: u64) -> bool {
            let d = dist[i].expect("on a shortest path");
            if d == 0 {
                *found += 1;
                return *found <= cap;
            }
            g.edges[i]
                .iter()
                .filter(|&&j| dist[j] == Some(d - 1))
                .all(|&j| follow(g, dist, j, found, cap))
        }
        let mut found = 0;
        follow(self, dist, i, &mut found, cap).then_some(found)
    }

    /// How many neighbours of `i` are one step closer to the goal.
    pub fn downhill(&self, dist: &[Option<u32>], i: usize) -> u32 {
        let d = dist[i].expect("a solvable node");
        self.edges[i]
            .iter()
            .filter(|&&j| d > 0 && dist[j] == Some(d - 1))
            .count() as u32
    }
}
