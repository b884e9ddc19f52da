//! The "why this node" line: which node the algorithm expands next, the figures its frontier
//! orders by (f = g + h for A*, the depth for breadth- and depth-first search, the bound for
//! the iterative searches), and what it beat, so a student sees the discipline at work.

use std::fmt::Write as _;
use std::sync::Arc;

use blockslide_core::solve::Algorithm;
use blockslide_core::solve::trace::{Replay, Trace};

/// The line for the node `replay` expands next, `frontier` its frontier in the order the
/// algorithm takes it (next first).
pub(super) fn why_next(replay: &Replay<Arc<Trace>>, frontier: &[usize]) -> String {
    let trace = replay.trace();
    if replay.goal().is_some() {
        return "The goal is reached: nothing more to expand.".to_string();
    }
    let Some((&next, others)) = frontier.split_first() else {
        return match trace.algorithm {
            Algorithm::Iddfs | Algorithm::Idastar => {
                "next: the bound is raised and the search starts again from the root.".into()
            }
            _ => "The frontier is empty: nothing left to expand.".into(),
        };
    };
    let n = &trace.nodes[next];
    let depth = |node: usize| trace.path(node).len().saturating_sub(1);
    let rest = others.len();
    let bound = replay
        .bound()
        .map_or_else(String::new, |b| format!(" within the bound {b}"));
    match trace.algorithm {
        Algorithm::Bfs => {
            let mut text = format!("next: depth {}, the first in the queue", depth(next));
            if rest == 0 {
                text.push_str(" (the only one)");
            } else {
                let (low, high) = others
                    .iter()
                    .map(|&o| depth(o))
                    .fold((usize::MAX, 0), |(l, h), d| (l.min(d), h.max(d)));
                let depths = if low == high {
                    format!("depth {low}")
                } else {
                    format!("depths {low} to {high}")
                };
                let _ = write!(text, " ({rest} {} behind it, {depths})", others_word(rest));
            }
            text
        }
        Algorithm::Bibfs => {
            let side = if n.backward { "goal" } else { "start" };
            format!(
                "next: depth {} from the {side}, the first in its layer{}",
                depth(next),
                waiting(rest, "after it")
            )
        }
        Algorithm::Dfs => format!(
            "next: depth {}, the last pushed on the stack{}",
            depth(next),
            waiting(rest, "under it")
        ),
        Algorithm::Iddfs => format!(
            "next: depth {}{bound}, the top of the path stack{}",
            depth(next),
            waiting(rest, "under it")
        ),
        Algorithm::Idastar => format!(
            "next: g {} + h {} = f {}{bound}, the top of the path stack (siblings smaller h \
             first){}",
            n.g,
            n.h,
            n.g + n.h,
            waiting(rest, "under it")
        ),
        Algorithm::Ucs | Algorithm::Greedy | Algorithm::Astar | Algorithm::Wastar => {
            priority_line(trace, next, others)
        }
    }
}

/// The line for a priority frontier: the key spelt out, then the ties it won and the next
/// best key.
fn priority_line(trace: &Trace, next: usize, others: &[usize]) -> String {
    let n = &trace.nodes[next];
    let key = |node: usize| {
        let m = &trace.nodes[node];
        trace.priority(m.g, m.h).unwrap_or(0.0)
    };
    let (name, figures, tie_break) = match trace.algorithm {
        Algorithm::Ucs => ("g", format!("g {}", n.g), "first in"),
        Algorithm::Greedy => ("h", format!("h {}", n.h), "deeper first, then first in"),
        Algorithm::Wastar => (
            "f",
            format!(
                "g {} + {} × h {} = f {}",
                n.g,
                number(trace.weight),
                n.h,
                number(key(next))
            ),
            "deeper first, then first in",
        ),
        _ => (
            "f",
            format!("g {} + h {} = f {}", n.g, n.h, number(key(next))),
            "deeper first, then first in",
        ),
    };
    let mut text = format!("next: {figures}, the lowest {name} in the frontier");
    if others.is_empty() {
        text.push_str(" (the only one)");
        return text;
    }
    let mine = key(next);
    let tied = others.iter().filter(|&&o| trace.tied(next, o)).count();
    let better = others
        .iter()
        .map(|&o| key(o))
        .filter(|&k| k > mine)
        .min_by(f64::total_cmp);
    let rest = others.len();
    let _ = write!(text, " ({rest} {}", others_word(rest));
    if tied > 0 {
        let _ = write!(
            text,
            "; it beat {tied} tied at {name} {} on the tie-break, {tie_break}",
            number(mine)
        );
    }
    if let Some(k) = better {
        let _ = write!(text, "; next best {name} {}", number(k));
    }
    text.push(')');
    text
}

/// " (n others under it)", or " (the only one)".
fn waiting(rest: usize, place: &str) -> String {
    if rest == 0 {
        " (the only one)".to_string()
    } else {
        format!(" ({rest} {} {place})", others_word(rest))
    }
}

fn others_word(n: usize) -> &'static str {
    if n == 1 { "other" } else { "others" }
}

/// `x` without a fraction when it has none, else with one decimal.
fn number(x: f64) -> String {
    if x.fract() == 0.0 {
        format!("{x:.0}")
    } else {
        format!("{x:.1}")
    }
}
