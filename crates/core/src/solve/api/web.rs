//! A puzzle as a playable web page: one self-contained HTML file (the player's script and
//! style embedded, nothing fetched) that draws the puzzle in the app's colours and plays it
//! by the core's move rules, with its optimal solution, and for small components a table of
//! every position's distance to the goal, for hints.
//!
//! The core writes no JSON text: [`web_page`] returns the page's data as a serializable
//! [`PageData`] (a report object, `report::web`), the caller writes it as JSON with any JSON
//! writer, and [`page_html`] wraps that text and the player into the page.

use std::collections::BTreeMap;
use std::path::PathBuf;

use rustc_hash::FxHashMap;

use crate::model::goal::exits;
use crate::model::palette::{self, piece_color, text_color_on, zone_color};
use crate::model::{Cell, Metric, Puzzle, Token};
use crate::report::web::{
    DistanceTable, PageData, PageExit, PageMove, PagePiece, PagePuzzle, PageZone,
};
use crate::solve::algorithms::bfs::distance_map;
use crate::solve::core::{Limits, SearchControl, Termination};
use crate::solve::puzzle_domain::PuzzleDomain;

use super::prepare::check_valid;
use super::profile::PuzzleProfile;
use super::request::{SolveError, SolveRequest, default_algorithm, metric_for};
use super::{Job, solve, with_counting_domain};

/// The player, kept as plain JavaScript source in the repository.
const PLAYER_JS: &str = include_str!("../../../assets/player.js");
/// The page's style.
const PLAYER_CSS: &str = include_str!("../../../assets/player.css");

/// The largest start component whose table of distances a page carries, in positions.
pub const TABLE_LIMIT: u64 = 50_000;

/// The symbols a table key writes piece kinds with (one per kind, so at most this many kinds).
const KEY_SYMBOLS: &[u8] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/// What a page holds besides the puzzles.
#[derive(Clone, Debug, Default)]
pub struct WebOptions {
    /// The page's title (default: the puzzle's name, or "Blockslide puzzles").
    pub title: Option<String>,
    /// Text shown under the title.
    pub notes: Option<String>,
    /// Leave out the optimal solution and the distance tables: no hint, no "show the
    /// solution" (for competitions). The optimal length stays.
    pub no_solution: bool,
    /// The limits of each puzzle's solve and walks (default: the solver's).
    pub limits: Limits,
    /// Where pattern databases are cached (see [`SolveRequest::pdb_cache`]).
    pub pdb_cache: Option<PathBuf>,
}

/// The data of a page of `puzzles` (one, or a collection): each validated, solved optimally
/// in its own metric within `options.limits`, and, unless `options.no_solution`, given its
/// solution and, for a start component of at most [`TABLE_LIMIT`] positions, its table of
/// distances.
///
/// - `puzzles`: the page's puzzles; its menu lists them by optimal length (unknown last).
/// - `options`: title, notes, whether to leave the solutions out, the solver's limits.
///
/// Returns the page's data; the caller writes it as JSON and hands the text to [`page_html`]:
///
/// ```
/// use blockslide_core::model::Puzzle;
/// use blockslide_core::solve::api::web::{WebOptions, page_html, web_page};
///
/// let puzzle = Puzzle::tiles(2, 3, &[5, 4, 2, 1, 3, 0], None).expect("a 2x3 puzzle");
/// let data = web_page(&[puzzle], &WebOptions::default()).expect("a valid puzzle");
/// assert_eq!(data.puzzles[0].optimal, Some(8)); // the 2x3 notebook instance
/// let html = page_html(&data, &serde_json::to_string(&data).expect("JSON"));
/// assert!(html.starts_with("<!DOCTYPE html>"));
/// ```
///
/// # Errors
/// [`SolveError`] for the first puzzle that does not validate or that the engines cannot hold.
pub fn web_page(puzzles: &[Puzzle], options: &WebOptions) -> Result<PageData, SolveError> {
    let mut pages = Vec::with_capacity(puzzles.len());
    for puzzle in puzzles {
        check_valid(puzzle)?;
        pages.push(page_puzzle(puzzle, options)?);
    }
    // A stable sort: puzzles of one length keep the order they were given in.
    pages.sort_by_key(|p| p.optimal.map_or((1, 0), |n| (0, n)));
    let title = options.title.clone().unwrap_or_else(|| match puzzles {
        [one] if !one.name.trim().is_empty() => one.name.clone(),
        _ => "Blockslide puzzles".to_string(),
    });
    Ok(PageData {
        title,
        notes: options.notes.clone().unwrap_or_default(),
        solutions: !options.no_solution,
        colors: [
            ("frame", palette::FRAME),
            ("empty", palette::EMPTY),
            ("wall", palette::WALL),
            ("hatch", palette::WALL_HATCH),
            ("exit", palette::EXIT),
            ("goal", palette::GOAL_OUTLINE),
        ]
        .into_iter()
        .map(|(name, color)| (name, color.to_string()))
        .collect(),
        puzzles: pages,
    })
}

/// One puzzle's part of the page.
fn page_puzzle(puzzle: &Puzzle, options: &WebOptions) -> Result<PagePuzzle, SolveError> {
    let metric = metric_for(puzzle, None);
    let request = SolveRequest {
        algorithm: default_algorithm(puzzle).0,
        metric: Some(metric),
        pdb_cache: options.pdb_cache.clone(),
        ..SolveRequest::default()
    };
    let report = solve(puzzle, &request, SearchControl::new(options.limits))?;
    let solved = report.optimal && report.status == Termination::Solved;
    let optimal = solved.then_some(report.moves.len());
    let (solution, table, hint_note) = if options.no_solution {
        (Vec::new(), None, "this page has no hints".to_string())
    } else if !solved {
        let why = if report.status == Termination::Unsolvable {
            "the goal cannot be reached from the start"
        } else {
            "no optimal solution was found when the page was made"
        };
        (Vec::new(), None, why.to_string())
    } else {
        let (table, note) = distance_table(puzzle, metric, options.limits)?;
        (
            report.moves.iter().map(PageMove::from).collect(),
            table,
            note,
        )
    };
    Ok(PagePuzzle {
        id: format!("{}|{}", puzzle.name, puzzle.board_rows().join("/")),
        name: puzzle.name.clone(),
        notes: puzzle.notes.clone(),
        metric: metric.name(),
        rows: puzzle.rows,
        cols: puzzle.cols,
        cells: puzzle.board_texts(),
        goal: puzzle
            .goal
            .cells
            .iter()
            .map(|c| c.map(|t| t.to_string()))
            .collect(),
        anywhere: puzzle.goal.anywhere,
        tiles: PuzzleProfile::of(puzzle).tile_layout().is_some(),
        pieces: pieces(puzzle),
        zones: puzzle
            .zones
            .iter()
            .enumerate()
            .map(|(i, z)| PageZone {
                name: z.name.to_string(),
                color: zone_color(i).to_string(),
                cells: (0..z.cells.len()).filter(|&c| z.cells[c]).collect(),
            })
            .collect(),
        exits: exits(puzzle)
            .iter()
            .map(|e| PageExit {
                side: e.side.word(),
                line: e.line,
            })
            .collect(),
        optimal,
        solution,
        table,
        hint_note,
    })
}

/// The pieces of `puzzle` as the page draws and moves them.
fn pieces(puzzle: &Puzzle) -> BTreeMap<String, PagePiece> {
    puzzle
        .pieces()
        .iter()
        .map(|p| {
            let fill = piece_color(puzzle, p.token);
            let closed = (0..puzzle.cells.len())
                .filter(|&c| puzzle.cells[c] != Cell::Wall && !puzzle.may_cover(p.token, c))
                .collect();
            let piece = PagePiece {
                fill: fill.to_string(),
                text: text_color_on(fill).to_string(),
                axis: puzzle.axis_of(p.token).name().to_string(),
                kind: puzzle.kind_of(p.token),
                closed,
            };
            (p.token.to_string(), piece)
        })
        .collect()
}

/// The table of distances of `puzzle`'s start component in `metric` when it has at most
/// [`TABLE_LIMIT`] positions and its kinds fit the key's symbols, else why not.
fn distance_table(
    puzzle: &Puzzle,
    metric: Metric,
    limits: Limits,
) -> Result<(Option<DistanceTable>, String), SolveError> {
    let mut kinds: Vec<String> = puzzle
        .pieces()
        .iter()
        .map(|p| puzzle.kind_of(p.token))
        .collect();
    kinds.sort();
    kinds.dedup();
    if kinds.len() > KEY_SYMBOLS.len() {
        let reason = format!(
            "the puzzle has more than {} kinds of pieces, too many for a table of distances",
            KEY_SYMBOLS.len()
        );
        return Ok((None, reason));
    }
    let symbol_of = |token: Token| {
        let kind = puzzle.kind_of(token);
        let i = kinds.binary_search(&kind).unwrap_or(0);
        char::from(KEY_SYMBOLS[i])
    };
    let mapped = with_counting_domain(puzzle, metric, TableJob { puzzle, limits })?;
    let Some(positions) = mapped else {
        let reason = format!(
            "the start's component has more than {} positions, too many for a table of distances",
            crate::model::text::thousands(TABLE_LIMIT)
        );
        return Ok((None, reason));
    };
    let distances: BTreeMap<String, u32> = positions
        .into_iter()
        .map(|(cells, d)| {
            let key: String = cells
                .iter()
                .map(|c| match c {
                    Cell::Empty => '.',
                    Cell::Wall => '#',
                    Cell::Piece(t) => symbol_of(*t),
                })
                .collect();
            (key, d)
        })
        .collect();
    let symbols = puzzle
        .pieces()
        .iter()
        .map(|p| (p.token.to_string(), symbol_of(p.token).to_string()))
        .collect();
    let table = DistanceTable {
        symbols,
        positions: distances.len(),
        distances,
    };
    Ok((Some(table), String::new()))
}

/// [`distance_table`]'s walk: every position of the start's component with its distance to
/// the goal, or `None` when the component has more than [`TABLE_LIMIT`] positions.
struct TableJob<'a> {
    puzzle: &'a Puzzle,
    limits: Limits,
}

impl Job for TableJob<'_> {
    type Output = Option<Vec<(Vec<Cell>, u32)>>;

    fn run<D: PuzzleDomain>(self, domain: &D) -> Result<Self::Output, SolveError> {
        // A walk of the component that stops past the bound tells its size first, so that a
        // large component is never mapped.
        let bounded = Limits {
            max_nodes: TABLE_LIMIT + 1,
            ..self.limits
        };
        let walk = domain.count_space(&mut SearchControl::new(bounded));
        if walk.termination != Termination::Unsolvable || walk.states > TABLE_LIMIT {
            return Ok(None);
        }
        let Ok(map) = distance_map(domain, &mut SearchControl::new(self.limits)) else {
            return Ok(None);
        };
        let map: FxHashMap<D::State, u32> = map;
        Ok(Some(
            map.iter()
                .map(|(state, &d)| (domain.position(self.puzzle, state).cells, d))
                .collect(),
        ))
    }
}

/// The page: `data_json` (the caller's JSON text of [`web_page`]'s [`PageData`]) and the
/// player, in one self-contained HTML file that fetches nothing.
///
/// Every `<` of the JSON is written `\u003c`, so no text of a puzzle (a name holding
/// `</script>`) can end the data's element; the title is escaped for HTML.
pub fn page_html(data: &PageData, data_json: &str) -> String {
    let json = data_json.replace('<', "\\u003c");
    let title = escape_html(&data.title);
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; \
         script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:\">\n\
         <meta name=\"generator\" content=\"Blockslide\">\n\
         <title>{title}</title>\n<style>\n{PLAYER_CSS}</style>\n</head>\n<body>\n\
         <noscript>This puzzle needs JavaScript to play.</noscript>\n\
         <script type=\"application/json\" id=\"blockslide-data\">{json}</script>\n\
         <script>\n{PLAYER_JS}</script>\n</body>\n</html>\n"
    )
}

/// `text` with HTML's special characters escaped.
fn escape_html(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            _ => out.push(ch),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::escape_html;

    #[test]
    fn titles_cannot_open_tags() {
        assert_eq!(
            escape_html("a</title><b>&\""),
            "a&lt;/title&gt;&lt;b&gt;&amp;&quot;"
        );
    }
}
