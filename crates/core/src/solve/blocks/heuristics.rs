//! Heuristics for block puzzles (see [`BlockHeuristic`] for why each is admissible), and the
//! relaxed-distance tables they read.

use crate::solve::core::Reason;
use crate::model::{Metric, Puzzle};
use crate::solve::core::{Heuristic, HeuristicInfo, SearchControl};

use super::classes::NONE;
use super::domain::BlockDomain;
use super::pdb::Pdb;
use super::state::{BlockState, MAX_PIECES};

/// What admissible heuristics return for a position from which the relaxed problem already
/// shows the goal to be unreachable (any value is a lower bound on an infinite distance).
/// Small enough that adding path lengths to it cannot overflow a `u32`.
pub(crate) const DEAD_END: u32 = 1 << 30;

/// Relaxed distances that do not fit in the tables.
const INF: u16 = u16::MAX;

/// The heuristics for block puzzles.
///
/// All admissible heuristics here rest on one relaxation: **let one piece move alone**, on the
/// board with its walls but without the other pieces, using the moves of the search's metric.
/// Any real solution, restricted to the moves of one piece, is a sequence of moves of that
/// piece in the relaxed problem (a step, slide or path that is free among the other pieces is
/// free on the empty board too), so the relaxed distance of each piece is a lower bound on the
/// number of moves that piece makes. Every move of every metric moves exactly one piece, so
/// lower bounds for *different* pieces add up.
///
/// The seeds' heuristics, and which Blockslide heuristic covers each:
/// - the sliding-blocks notebook's `red_right_heuristic` (columns the red block still has to
///   travel) and `purple_heuristic` (Manhattan distance of the purple block to its corner),
///   and their sum `red_and_purple_heuristic`: [`BlockHeuristic::GoalDistance`] in the step
///   metric is at least each of them (the relaxed step distance of a piece is at least its
///   Manhattan displacement, and pieces add up), so it dominates all three;
/// - the "two L's meet" notebook's `h1` (Manhattan distance between the two L's first cells,
///   minus one): dominated by [`BlockHeuristic::GoalDistance`] in the step metric for the
///   floating goal (moving the L's a and b relaxed steps changes that distance by at most
///   a + b, and it is at most 1 in every goal position). `h1` is admissible in the step metric
///   only: one slide or move can close the whole gap;
/// - the same notebook's `h2` (cells of other pieces inside the rectangle between the L's
///   second cells) is [`BlockHeuristic::Between`]. It is **not admissible**, whatever the
///   notebook says: it counts cells, not pieces (one three-cell piece in the rectangle costs
///   3 but may need one move), and the L's may meet without anything in the rectangle moving.
///   The tests exhibit positions where it overestimates.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BlockHeuristic {
    /// `zero`: always 0. Admissible in every metric; A* with it is uniform-cost search.
    Zero,
    /// `goal-distance`: for each piece the goal names, the fewest metric moves that piece
    /// needs, moving alone on the walled board without the other pieces, to a placement that
    /// covers its goal cells; summed over the goal pieces. Pieces of one kind are matched to
    /// the goal pieces of that kind by a cheapest assignment; an `anywhere` goal takes the
    /// minimum over the translations of the whole pattern.
    ///
    /// Admissible in all three metrics: see [`BlockHeuristic`] (one move moves one piece,
    /// and each piece's real moves form a relaxed path). For kinds, the assignment the goal
    /// position actually uses costs at least the cheapest one; for `anywhere` goals the
    /// translation the goal position actually matches costs at least the minimum.
    GoalDistance,
    /// `blockers`: the number of pieces the goal does not name that cover a goal cell (so
    /// must move at least once: at the goal every goal cell is covered by a piece of the class
    /// the goal names there). For `anywhere` goals, the minimum over translations.
    ///
    /// Admissible in all three metrics: each counted piece makes at least one move, and every
    /// move moves one piece.
    Blockers,
    /// `relaxed`: [`GoalDistance`](Self::GoalDistance) plus, for every piece the goal does not
    /// name, the fewest relaxed metric moves that take it to a placement covering no goal cell
    /// (at least 1 for each blocker, and more in the step metric when a long piece lies along
    /// the goal cells); for `anywhere` goals the minimum over translations of the sum.
    ///
    /// Admissible in all three metrics: the first part bounds the moves of the goal pieces,
    /// the second the moves of the other pieces, and these are different moves. It dominates
    /// both `goal-distance` and `blockers`, and needs no set-up, which makes it the default.
    Relaxed,
    /// `max`: the largest of `goal-distance`, `blockers`, `relaxed` and `pdb` (when the
    /// pattern database can be built for the puzzle). Admissible because each of them is;
    /// always available, and at least as strong as every other admissible one.
    Max,
    /// `pdb`: a pattern database. The puzzle is abstracted by keeping the pieces the goal
    /// names and, while the abstract space stays under a few million positions, the bulkiest
    /// other pieces (most cells first); the rest are taken off the board. The exact distance
    /// to the goal of every abstract position is computed once by breadth-first search in the
    /// same metric; the estimate is that distance plus, for each removed piece, the relaxed
    /// moves it needs to clear the goal cells (as in `relaxed`).
    ///
    /// Admissible in all three metrics: forgetting the removed pieces' moves turns any real
    /// solution into an abstract one (each kept piece's step, slide or path was free among
    /// all pieces, so it is free among fewer), so the abstract distance bounds the kept
    /// pieces' moves; the clearing moves are moves of removed pieces, so the parts add up.
    /// Built on first use; not available when the goal names no piece or the goal pieces
    /// alone have too many positions.
    PatternDatabase,
    /// `between`: the "two L's meet" notebook's `h2`, generalised: the number of cells covered
    /// by pieces the goal does not name inside the smallest rectangle holding a reference cell
    /// of every goal piece (its second cell in reading order, or its only cell). **Not
    /// admissible** (see [`BlockHeuristic`]); offered to reproduce the notebook's
    /// comparisons. Needs a goal naming at least two pieces.
    Between,
}

impl BlockHeuristic {
    /// Every heuristic, in menu order. The first, `relaxed`, is the default: it costs
    /// nothing to set up, while `max` and `pdb` expand fewer nodes (a half to a quarter on the
    /// seed puzzles) but first build a pattern database, which dominates the time of short
    /// searches; choose them for long ones.
    pub const ALL: [BlockHeuristic; 7] = [
        BlockHeuristic::Relaxed,
        BlockHeuristic::Max,
        BlockHeuristic::PatternDatabase,
        BlockHeuristic::GoalDistance,
        BlockHeuristic::Blockers,
        BlockHeuristic::Between,
        BlockHeuristic::Zero,
    ];

    /// The stable name used by the CLI.
    pub fn name(self) -> &'static str {
        match self {
            BlockHeuristic::Zero => "zero",
            BlockHeuristic::GoalDistance => "goal-distance",
            BlockHeuristic::Blockers => "blockers",
            BlockHeuristic::Relaxed => "relaxed",
            BlockHeuristic::Max => "max",
            BlockHeuristic::PatternDatabase => "pdb",
            BlockHeuristic::Between => "between",
        }
    }

    /// A one-line description for menus.
    pub fn description(self) -> &'static str {
        match self {
            BlockHeuristic::Zero => "0 everywhere: uninformed (A* becomes uniform-cost search)",
            BlockHeuristic::GoalDistance => {
                "moves each goal piece needs alone on the empty walled board, summed"
            }
            BlockHeuristic::Blockers => "pieces not in the goal that sit on goal cells",
            BlockHeuristic::Relaxed => {
                "goal-distance plus the moves each blocker needs to clear the goal cells"
            }
            BlockHeuristic::Max => "the largest of goal-distance, blockers, relaxed and pdb",
            BlockHeuristic::PatternDatabase => {
                "exact distances with only the goal pieces and the bulkiest others on the board"
            }
            BlockHeuristic::Between => {
                "cells of other pieces between the goal pieces (the two L notebook's h2)"
            }
        }
    }

    /// Whether it never overestimates, in every metric.
    pub fn is_admissible(self) -> bool {
        self != BlockHeuristic::Between
    }

    /// This heuristic made ready for `domain`: its relaxed-distance tables built and, for
    /// `pdb` and `max`, its pattern database (within `control`'s limits and cancel flag).
    /// Without a pattern database, `max` is the largest of the others.
    ///
    /// # Errors
    /// When the heuristic does not apply to this puzzle, or (for `pdb`) its pattern database
    /// cannot be built, with the reason.
    pub fn ready(
        self,
        domain: &BlockDomain,
        control: &SearchControl,
    ) -> Result<BlockEstimator, String> {
        self.applicable(domain)?;
        let pdb = match self {
            BlockHeuristic::PatternDatabase => Some(Pdb::build(domain, control)?),
            BlockHeuristic::Max => Pdb::build(domain, control).ok(),
            _ => None,
        };
        Ok(BlockEstimator {
            kind: self,
            tables: Tables::new(domain),
            pdb,
        })
    }

    /// Whether the heuristic can be used on `domain`, checking only what is cheap to check
    /// (the pattern database is built by [`BlockHeuristic::ready`]).
    fn applicable(self, domain: &BlockDomain) -> Result<(), String> {
        if self == BlockHeuristic::Between && domain.goal.pieces.len() < 2 {
            return Err("`between` measures the gap between goal pieces; the goal names fewer than two pieces".into());
        }
        if self == BlockHeuristic::PatternDatabase && domain.goal.pieces.is_empty() {
            return Err("`pdb` needs a goal that names at least one piece".into());
        }
        Ok(())
    }
}

/// The heuristics for `puzzle` in `metric`; the first entry is the best admissible default.
/// When the puzzle cannot be turned into a block domain, every entry says why in
/// `applicable`.
pub fn heuristics(puzzle: &Puzzle, metric: Metric) -> Vec<HeuristicInfo> {
    match BlockDomain::new(puzzle, metric) {
        Ok(domain) => infos(&domain),
        Err(e) => BlockHeuristic::ALL
            .iter()
            .map(|&h| info(h, Err(e.clone())))
            .collect(),
    }
}

/// The heuristics for `domain`, as [`heuristics`] lists them.
pub(super) fn infos(domain: &BlockDomain) -> Vec<HeuristicInfo> {
    BlockHeuristic::ALL
        .iter()
        .map(|&h| info(h, h.applicable(domain)))
        .collect()
}

fn info(h: BlockHeuristic, applicable: Result<(), String>) -> HeuristicInfo {
    HeuristicInfo {
        name: h.name().to_string(),
        description: h.description().to_string(),
        admissible: h.is_admissible(),
        applicable: applicable.map_err(Reason::from),
    }
}

/// The heuristic called `name`, made ready for `domain` (see [`BlockHeuristic::ready`]).
///
/// # Errors
/// An unknown name (the message lists the known ones), or a heuristic that does not apply to
/// this puzzle (with the reason).
pub fn heuristic(
    domain: &BlockDomain,
    name: &str,
    control: &SearchControl,
) -> Result<BlockEstimator, String> {
    let h = BlockHeuristic::ALL
        .into_iter()
        .find(|h| h.name() == name)
        .ok_or_else(|| {
            let names: Vec<&str> = BlockHeuristic::ALL.iter().map(|h| h.name()).collect();
            format!(
                "unknown heuristic `{name}` for block puzzles; choose one of {}",
                names.join(", ")
            )
        })?;
    h.ready(domain, control)
}

/// A [`BlockHeuristic`] ready for one domain: the tables it reads, built once.
#[derive(Clone, Debug)]
pub struct BlockEstimator {
    kind: BlockHeuristic,
    tables: Tables,
    pdb: Option<Pdb>,
}

impl BlockEstimator {
    /// Which heuristic this is.
    #[cfg(feature = "testing")]    pub fn kind(&self) -> BlockHeuristic {
        self.kind
    }

    /// The number of abstract positions in the pattern database, when there is one.
    #[cfg(feature = "testing")]    pub fn pattern_database_states(&self) -> Option<usize> {
        self.pdb.as_ref().map(Pdb::len)
    }
}

/// The most table entries (2 bytes each) built for one kind of relaxed-distance table; past
/// this (huge boards with floating goals) the cheaper fallbacks described on [`Tables`] are
/// used, which stay admissible.
const TABLE_BUDGET: usize = 1 << 23;

/// Relaxed distance tables, built with the domain for its metric.
///
/// When the goal-distance tables would exceed [`TABLE_BUDGET`] entries they are not built and
/// goal-distance counts 0 (a weaker but still admissible bound); when the clearing tables
/// would, a blocker counts 1 move (the least any blocker needs).
#[derive(Clone, Debug, Default)]
struct Tables {
    /// `dist[t * goal_pieces + k][p]`: relaxed distance from placement `p` of goal piece
    /// `k`'s class to a placement covering its cells under translation `t`. Empty when over
    /// budget.
    dist: Vec<Vec<u16>>,
    /// `clear[t * classes + c][p]`, for classes the goal does not name: relaxed distance from
    /// placement `p` to a placement covering no goal cell under translation `t`. Empty when
    /// over budget.
    clear: Vec<Vec<u16>>,
    /// `goal_cells[t][cell]`: whether translation `t` of the goal names the cell; used when
    /// `clear` is over budget.
    goal_cells: Vec<Vec<bool>>,
}

impl Tables {
    fn new(domain: &BlockDomain) -> Tables {
        let goal = &domain.goal;
        let translations = goal.translations.len();
        let placements = |c: usize| domain.classes[c].anchors.len();
        let dist_entries: usize = translations
            * goal
                .pieces
                .iter()
                .map(|g| placements(g.class))
                .sum::<usize>();
        let clear_entries: usize = translations
            * (0..domain.classes.len())
                .filter(|&c| !domain.classes[c].named)
                .map(placements)
                .sum::<usize>();
        let mut tables = Tables::default();
        for t in 0..translations {
            let mut named = vec![false; domain.rows * domain.cols];
            for cell in goal.cells_at(t, domain.cols) {
                named[cell] = true;
            }
            if dist_entries <= TABLE_BUDGET {
                for (k, g) in goal.pieces.iter().enumerate() {
                    let targets: Vec<bool> = (0..placements(g.class))
                        .map(|p| goal.covers(t, k, p))
                        .collect();
                    tables
                        .dist
                        .push(relaxed_distances(domain, g.class, &targets));
                }
            }
            if clear_entries <= TABLE_BUDGET {
                for (c, class) in domain.classes.iter().enumerate() {
                    if class.named || goal.pieces.is_empty() {
                        tables.clear.push(Vec::new());
                        continue;
                    }
                    let targets: Vec<bool> = (0..class.anchors.len())
                        .map(|p| class.cells(p, domain.cols).all(|x| !named[x]))
                        .collect();
                    tables.clear.push(relaxed_distances(domain, c, &targets));
                }
            }
            tables.goal_cells.push(named);
        }
        tables
    }
}

/// Fewest relaxed moves (the domain's metric, one piece of class `c` alone on the walled
/// board) from each placement to any placement in `targets`; [`INF`] when none is reachable.
fn relaxed_distances(domain: &BlockDomain, c: usize, targets: &[bool]) -> Vec<u16> {
    let class = &domain.classes[c];
    let off = class.offset as usize;
    let n = class.anchors.len();
    let mut dist = vec![INF; n];
    let mut queue: Vec<usize> = (0..n).filter(|&p| targets[p]).collect();
    for &p in &queue {
        dist[p] = 0;
    }
    // Every relaxed move graph here is symmetric, so distances from the targets are distances
    // to them.
    let mut head = 0;
    while head < queue.len() {
        let p = queue[head];
        head += 1;
        for d in 0..4 {
            let mut cur = p;
            loop {
                let nb = domain.nbr[off + cur][d];
                if nb == NONE {
                    break;
                }
                cur = nb as usize - off;
                if dist[cur] == INF {
                    dist[cur] = dist[p] + 1;
                    queue.push(cur);
                }
                if domain.metric != Metric::Slide {
                    break;
                }
            }
        }
    }
    if domain.metric == Metric::Move {
        // Any free path is one move: everything connected to a target is one move away.
        for d in &mut dist {
            if *d != INF && *d > 0 {
                *d = 1;
            }
        }
    }
    dist
}

impl BlockEstimator {
    fn goal_distance_at(&self, domain: &BlockDomain, locals: &[u16; MAX_PIECES], t: usize) -> u32 {
        let goal = &domain.goal;
        let np = goal.pieces.len();
        let tables = &self.tables;
        if tables.dist.is_empty() {
            return 0;
        }
        let mut sum = 0u32;
        for (c, ks) in goal.by_class.iter().enumerate() {
            if ks.is_empty() {
                continue;
            }
            let class = &domain.classes[c];
            let placements = &locals[class.first_slot..class.first_slot + class.count()];
            let cost = |k: usize, p: u16| tables.dist[t * np + k][usize::from(p)];
            let best = if ks.len() == 1 {
                placements
                    .iter()
                    .map(|&p| cost(ks[0], p))
                    .min()
                    .unwrap_or(INF)
            } else {
                cheapest_assignment(ks, placements, &cost)
            };
            if best == INF {
                return DEAD_END;
            }
            sum += u32::from(best);
        }
        sum
    }

    /// `(blockers, moves to clear them)` under translation `t`, over the classes the goal
    /// does not name and `skip` does not exclude.
    fn blockers_at(
        &self,
        domain: &BlockDomain,
        locals: &[u16; MAX_PIECES],
        t: usize,
        skip: impl Fn(usize) -> bool,
    ) -> (u32, u32) {
        let nc = domain.classes.len();
        let tables = &self.tables;
        let (mut count, mut moves) = (0u32, 0u32);
        for (c, class) in domain.classes.iter().enumerate() {
            if class.named || skip(c) {
                continue;
            }
            let table = tables.clear.get(t * nc + c).map_or(&[][..], Vec::as_slice);
            let named = &tables.goal_cells[t];
            for &p in &locals[class.first_slot..class.first_slot + class.count()] {
                let d = if table.is_empty() {
                    u16::from(class.cells(usize::from(p), domain.cols).any(|x| named[x]))
                } else {
                    table[usize::from(p)]
                };
                if d == INF {
                    return (DEAD_END, DEAD_END);
                }
                if d > 0 {
                    count += 1;
                    moves += u32::from(d);
                }
            }
        }
        (count, moves)
    }
}

/// `between`: the cells of pieces the goal does not name inside the rectangle of the goal
/// pieces' reference cells (see [`BlockHeuristic::Between`]).
fn between(domain: &BlockDomain, locals: &[u16; MAX_PIECES]) -> u32 {
    let cols = domain.cols;
    let (mut rmin, mut rmax, mut cmin, mut cmax) = (usize::MAX, 0, usize::MAX, 0);
    for class in domain.classes.iter().filter(|c| c.named) {
        let reference = class.shape[1.min(class.shape.len() - 1)];
        for &p in &locals[class.first_slot..class.first_slot + class.count()] {
            let (r0, c0) = class.anchors[usize::from(p)];
            let (r, c) = (r0 + reference.0, c0 + reference.1);
            rmin = rmin.min(r);
            rmax = rmax.max(r);
            cmin = cmin.min(c);
            cmax = cmax.max(c);
        }
    }
    let mut cells = 0;
    for class in domain.classes.iter().filter(|c| !c.named) {
        for &p in &locals[class.first_slot..class.first_slot + class.count()] {
            for cell in class.cells(usize::from(p), cols) {
                let (r, c) = (cell / cols, cell % cols);
                if (rmin..=rmax).contains(&r) && (cmin..=cmax).contains(&c) {
                    cells += 1;
                }
            }
        }
    }
    cells
}

/// The cheapest matching of goal pieces `ks` to distinct `placements` under `cost`
/// (exhaustive when small; otherwise each goal piece takes its cheapest placement, which is
/// still a lower bound).
fn cheapest_assignment(ks: &[usize], placements: &[u16], cost: &dyn Fn(usize, u16) -> u16) -> u16 {
    fn search(
        ks: &[usize],
        placements: &[u16],
        cost: &dyn Fn(usize, u16) -> u16,
        used: u64,
        acc: u32,
        best: &mut u32,
    ) {
        let Some((&k, rest)) = ks.split_first() else {
            *best = (*best).min(acc);
            return;
        };
        for (i, &p) in placements.iter().enumerate() {
            let c = cost(k, p);
            if used & (1 << i) == 0 && c != INF && acc + u32::from(c) < *best {
                search(
                    rest,
                    placements,
                    cost,
                    used | (1 << i),
                    acc + u32::from(c),
                    best,
                );
            }
        }
    }

    let n = placements.len();
    let tries: u64 = (0..ks.len()).map(|i| (n - i.min(n)) as u64).product();
    if tries > 40_320 || n > 64 {
        let mut sum = 0u32;
        for &k in ks {
            let best = placements.iter().map(|&p| cost(k, p)).min().unwrap_or(INF);
            if best == INF {
                return INF;
            }
            sum += u32::from(best);
        }
        return sum.min(u32::from(INF - 1)) as u16;
    }
    let mut best = u32::from(INF);
    search(ks, placements, cost, 0, 0, &mut best);
    best as u16
}

impl Heuristic<BlockDomain> for BlockEstimator {
    fn estimate(&self, domain: &BlockDomain, state: &BlockState) -> u32 {
        if self.kind == BlockHeuristic::Zero || domain.goal.pieces.is_empty() {
            return 0;
        }
        let mut locals = [0u16; MAX_PIECES];
        domain.decode(state, &mut locals);
        let translations = 0..domain.goal.translations.len();
        let goal_distance = || {
            translations
                .clone()
                .map(|t| self.goal_distance_at(domain, &locals, t))
                .min()
                .unwrap_or(0)
        };
        let blockers = || {
            translations
                .clone()
                .map(|t| self.blockers_at(domain, &locals, t, |_| false).0)
                .min()
                .unwrap_or(0)
        };
        let relaxed = || {
            translations
                .clone()
                .map(|t| {
                    let g = self.goal_distance_at(domain, &locals, t);
                    let (_, clear) = self.blockers_at(domain, &locals, t, |_| false);
                    (g + clear).min(DEAD_END)
                })
                .min()
                .unwrap_or(0)
        };
        // Without a pattern database (`max` on a puzzle that has none), `relaxed` stands in.
        let pattern = || match &self.pdb {
            Some(pdb) => match pdb.lookup(domain, &locals) {
                Some(d) => {
                    let clear = translations
                        .clone()
                        .map(|t| self.blockers_at(domain, &locals, t, |c| pdb.keeps(c)).1)
                        .min()
                        .unwrap_or(0);
                    (d + clear).min(DEAD_END)
                }
                None => DEAD_END,
            },
            None => relaxed(),
        };
        match self.kind {
            BlockHeuristic::Zero => 0,
            BlockHeuristic::GoalDistance => goal_distance(),
            BlockHeuristic::Blockers => blockers(),
            BlockHeuristic::Relaxed => relaxed(),
            BlockHeuristic::PatternDatabase => pattern(),
            BlockHeuristic::Max => goal_distance()
                .max(blockers())
                .max(relaxed())
                .max(pattern()),
            BlockHeuristic::Between => between(domain, &locals),
        }
    }

    fn admissible(&self) -> bool {
        self.kind.is_admissible()
    }
}
