//! `blockslide generate`: random tile instances in the line format `batch` reads.

use blockslide_core::model::tiles::{blank_first_goal, blank_last_goal, random_solvable, scramble};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::args::parse_size;
use super::{CliError, EXIT_OK, GenerateArgs};

/// Runs `blockslide generate`.
///
/// # Errors
/// A malformed `--size`, or one over the 1,000 cells of the largest tile board (what
/// `solve --tiles` and `batch` take: every instance printed is one they read).
pub fn run(args: &GenerateArgs) -> Result<u8, CliError> {
    let (rows, cols) = parse_size(&args.size)?;
    let seed = args.seed.unwrap_or_else(|| {
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
