//! `blockslide generate`: random tile instances in the line format `batch` reads, or (with a
//! source, `rushhour` or a puzzle file) puzzles made to a number of moves by the design
//! search (see `improve.rs`).

use blockslide_core::model::tiles::{blank_first_goal, blank_last_goal, random_solvable, scramble};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::error::{CliError, EXIT_OK};
use super::flags::GenerateArgs;
use super::flags::values::parse_size;
use super::made_to_order::{MadeToOrder, made_to_order};

/// Runs `blockslide generate`.
///
/// # Errors
/// A malformed `--size`, or one over the 1,000 cells of the largest tile board (what
/// `solve --tiles` and `batch` take: every instance printed is one they read).
pub fn run(args: &GenerateArgs) -> Result<u8, CliError> {
    if let Some(source) = &args.source {
        if args.scramble.is_some() || args.blank_first {
            return Err(
                "--scramble and --blank-first are for tile instances (`generate` \
                        without a source)"
                    .to_string()
                    .into(),
            );
        }
        let Some(moves) = &args.moves else {
            return Err(format!(
                "`generate {source}` makes puzzles to a number of moves: give --moves N or \
                 --moves A..B"
            )
            .into());
        };
        return made_to_order(&MadeToOrder {
            source,
            size: args.size.as_deref(),
            moves,
            count: args.count,
            primary_row: args.primary_row,
            output: args.output.output.as_deref(),
            force: &args.force,
            json: args.print.json,
            design: &args.design,
        });
    }
    if args.moves.is_some() || args.output.output.is_some() || args.print.json {
        return Err(
            "--moves, --output and --json are for `generate rushhour` and `generate \
                    FILE.ron`; tile instances are printed one per line"
                .to_string()
                .into(),
        );
    }
    let (rows, cols) = parse_size(args.size.as_deref().unwrap_or("4x4"))?;
    let seed = args.design.seed.unwrap_or_else(|| {
        let seed = rand::random::<u64>();
        errln!("seed {seed}");
        seed
    });
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let goal = if args.blank_first {
        blank_first_goal(rows, cols)
    } else {
        blank_last_goal(rows, cols)
    };
    for _ in 0..args.count {
        let start = match args.scramble {
            Some(k) => scramble(rows, cols, &goal, k, &mut rng),
            None => random_solvable(rows, cols, &goal, &mut rng),
        };
        let line: Vec<String> = start.iter().map(u16::to_string).collect();
        outln!("{}", line.join(" "))?;
    }
    Ok(EXIT_OK)
}
