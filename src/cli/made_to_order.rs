//! `blockslide generate rushhour` and `generate FILE.ron`: puzzles made to order, whose
//! hardest start needs a number of moves in a band, on the design search `improve` runs
//! (`improve.rs` holds the options and the report they share).

use std::ops::RangeInclusive;
use std::path::Path;

use blockslide_core::model::Cell;
use blockslide_core::model::file::{parse, read_text, save_with};
use blockslide_core::model::token::Token;
use blockslide_core::model::{Puzzle, rushhour};
use blockslide_core::solve::design::{Change, DesignRules, PaletteShape, SearchStatus, generate};
use blockslide_core::solve::family::{
    DEFAULT_PRIMARY_ROW, FamilySpec, fogleman_string, parse_family,
};

use super::error::{CliError, EXIT_LIMIT, EXIT_OK};
use super::flags::values::parse_size;
use super::flags::{DesignArgs, ForceArgs};
use super::improve::{SearchLine, design_file, design_report, setup};
use super::render::text::stop_words;
use super::save::{Numbered, save_error};

/// Arguments of `generate` for puzzles made to order (`generate rushhour`, `generate
/// FILE.ron`).
pub struct MadeToOrder<'a> {
    /// `rushhour`, or a puzzle file whose board, goal and pieces the designs grow from.
    pub source: &'a str,
    /// The board size, for `rushhour`.
    pub size: Option<&'a str>,
    /// The band of lengths.
    pub moves: &'a str,
    /// How many puzzles.
    pub count: usize,
    /// The red car's row, for `rushhour` (from 1; default: the third, as in a family).
    pub primary_row: Option<usize>,
    /// Where the puzzle files go.
    pub output: Option<&'a Path>,
    /// `--force`.
    pub force: &'a ForceArgs,
    /// `--json`.
    pub json: bool,
    /// The search's options.
    pub design: &'a DesignArgs,
}

/// Runs `generate rushhour` or `generate FILE.ron`: `count` distinct puzzles whose hardest
/// start needs a number of moves in the band, each proved, printed one per line (Rush Hour in
/// Fogleman's notation: moves, board, component; others: moves, component, board rows split
/// by `/`) and written into the output folder when one is given.
///
/// # Errors
/// A bad option or file, a folder or file that cannot be written.
pub fn made_to_order(args: &MadeToOrder<'_>) -> Result<u8, CliError> {
    let band = parse_band(args.moves)?;
    let (base, family) = if args.source == "rushhour" {
        (
            empty_rush_hour(args.size.unwrap_or("6x6"), args.primary_row)?,
            None,
        )
    } else {
        let path = Path::new(args.source);
        if args.size.is_some() || args.primary_row.is_some() {
            return Err(CliError::from(
                "--size and --primary-row are for `generate rushhour`; a puzzle or family file \
                 brings its own board"
                    .to_string(),
            ));
        }
        let text = read_text(path).map_err(|e| e.in_file(path).to_string())?;
        match parse_family(&text) {
            Ok(spec) => family_base(&spec).map(|(base, rules)| (base, Some(rules)))?,
            // A family file names its `kind`; anything else is read as a puzzle file, whose
            // errors are the ones to show.
            Err(e) if text.contains("kind") && parse(&text).is_err() => {
                return Err(e.in_file(path).to_string().into());
            }
            Err(_) => (parse(&text).map_err(|e| e.in_file(path).to_string())?, None),
        }
    };
    let (mut rules, options, control) = setup(&base, args.design, 600.0)?;
    if let Some(family) = family {
        family.apply(&mut rules, args.design);
    }
    if let Some(dir) = args.output {
        ORDERED.prepare(dir, args.count, args.force)?;
    }
    let line = SearchLine::new(args.design.quiet.quiet, control.limits.max_time);
    let report = generate(
        &base,
        &rules,
        band.clone(),
        args.count,
        &options,
        &control,
        Some(&|s: &SearchStatus| line.show(s)),
    )
    .map_err(|e| e.to_string())?;
    drop(line);
    let mut files = Vec::new();
    if let Some(dir) = args.output {
        for (i, design) in report.designs.iter().enumerate() {
            let out = dir.join(ORDERED.name(i + 1));
            let file = design_file(design, &base, rules.metric);
            save_with(&out, &file, args.force.options()).map_err(|e| save_error(&out, &e))?;
            files.push(out);
        }
        ORDERED.clear_earlier_run(dir, files.len(), args.count, args.force.force)?;
    }
    let code = if report.designs.len() >= args.count {
        EXIT_OK
    } else {
        EXIT_LIMIT
    };
    if args.json {
        return design_report(&report, &rules, &options, &files, true, "generate")
            .exiting_with(code)
            .print();
    }
    {
        for design in &report.designs {
            // The family's string for the layout, so that a puzzle made here and the same
            // layout in a family's listing read alike.
            let board = match fogleman_string(&design.puzzle) {
                Ok(text) => text,
                Err(_) => design.puzzle.board_rows().join("/").replace(' ', ""),
            };
            outln!("{} {board} {}", design.length, design.component)?;
        }
        if report.designs.len() < args.count {
            errln!(
                "found {} of {} puzzles of {}..{} moves ({} candidates, {:.1} s): {}",
                report.designs.len(),
                args.count,
                band.start(),
                band.end(),
                report.candidates,
                report.seconds,
                stop_words(report.status)
            );
        }
    }
    Ok(code)
}

/// What a family file sets of a design search's rules, unless the command line says
/// otherwise: its palette, its piece and wall limits, walls allowed when it has any.
struct FamilyRules {
    palette: Option<Vec<PaletteShape>>,
    max_pieces: Option<usize>,
    max_walls: usize,
}

impl FamilyRules {
    fn apply(self, rules: &mut DesignRules, args: &DesignArgs) {
        if let (Some(palette), None) = (self.palette, &args.palette) {
            rules.palette = palette;
        }
        if let (Some(n), None) = (self.max_pieces, args.max_pieces) {
            rules.max_pieces = n;
        }
        if args.max_walls.is_none() {
            rules.max_walls = self.max_walls;
        }
        if self.max_walls > 0 && args.allow.is_none() {
            rules.allow.insert(Change::Walls);
        }
    }
}

/// The base design of a family file (an empty board with the goal piece, at its goal for a
/// block family, at the left of its row for Rush Hour) and what the family sets of the rules.
/// The design search holds the family's board, shapes, goal and limits; Fogleman's layout
/// rules and per-shape counts are the enumeration's (`blockslide family`), not imposed here.
fn family_base(spec: &FamilySpec) -> Result<(Puzzle, FamilyRules), String> {
    match spec {
        FamilySpec::RushHour(f) => {
            let base = empty_rush_hour(&format!("{}x{}", f.rows, f.cols), Some(f.primary_row + 1))?;
            let rules = FamilyRules {
                palette: None,
                max_pieces: None,
                max_walls: f.max_walls,
            };
            Ok((base, rules))
        }
        FamilySpec::Blocks(f) => {
            let mut base = Puzzle::empty(f.rows, f.cols);
            base.name = format!("{}x{} block family", f.rows, f.cols);
            base.metric = Some(f.metric);
            let goal = &f.shapes[f.goal_shape];
            let token = Token::new("A").map_err(|e| e.to_string())?;
            for &(r, c) in &goal.cells {
                let (r, c) = (f.goal_at.0 + r, f.goal_at.1 + c);
                base.set_cell(r, c, Cell::Piece(token));
                base.goal.cells[r * f.cols + c] = Some(token);
            }
            base.styles.entry(token).or_default().axis = goal.axis;
            let palette = f
                .shapes
                .iter()
                .enumerate()
                .filter(|&(i, s)| i != f.goal_shape && s.max > 0)
                .map(|(_, s)| PaletteShape::new(&s.cells, s.axis).with_kind(Some(s.name.clone())))
                .collect();
            let rules = FamilyRules {
                palette: Some(palette),
                max_pieces: Some(f.max_pieces),
                max_walls: f.max_walls,
            };
            Ok((base, rules))
        }
    }
}

/// The files `generate -o DIR` writes: `puzzle-N.ron`, as many as `--count`.
const ORDERED: Numbered = Numbered {
    prefix: "puzzle-",
    what: "puzzles",
    bound: "--count {n}",
};

/// `A..B` or `N`.
fn parse_band(text: &str) -> Result<RangeInclusive<u32>, String> {
    let number = |s: &str| {
        s.trim().parse::<u32>().map_err(|_| {
            format!("--moves `{text}` should be a number of moves or a range like 30..40")
        })
    };
    let (lo, hi) = if let Some((a, b)) = text.split_once("..") {
        (number(a)?, number(b.trim_start_matches('='))?)
    } else {
        let n = number(text)?;
        (n, n)
    };
    if lo > hi {
        return Err(format!(
            "--moves {text}: the range is empty ({lo} is more than {hi})"
        ));
    }
    Ok(lo..=hi)
}

/// An empty Rush Hour board of `size` with the red car at the left of its row.
fn empty_rush_hour(size: &str, primary_row: Option<usize>) -> Result<Puzzle, String> {
    let (rows, cols) = parse_size(size)?;
    if rows != cols || !(3..=8).contains(&rows) {
        return Err(format!(
            "--size {size}: Rush Hour boards here are square, 3x3 to 8x8 (as the notation holds)"
        ));
    }
    let row = match primary_row {
        Some(r) if (1..=rows).contains(&r) => r - 1,
        Some(r) => return Err(format!("--primary-row {r} is off a board of {rows} rows")),
        None => DEFAULT_PRIMARY_ROW,
    };
    let mut text = vec!['o'; rows * cols];
    text[row * cols] = 'A';
    text[row * cols + 1] = 'A';
    let text: String = text.into_iter().collect();
    let mut puzzle = rushhour::parse_sized(&text, rows, cols).map_err(|e| e.to_string())?;
    puzzle.name = format!("Rush Hour {rows}x{cols}");
    Ok(puzzle)
}
