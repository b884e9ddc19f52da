//! The values the flags take, parsed once for every subcommand: board sizes, lists of
//! numbers, counts within their bounds, and the names of the core's algorithms, metrics,
//! objectives and strategies.

use std::ffi::OsStr;
use std::marker::PhantomData;

use std::num::{IntErrorKind, ParseIntError};

use blockslide_core::model::text::{echo, thousands};
use blockslide_core::model::tiles::MAX_TILE_CELLS;
use blockslide_core::model::{MAX_SIDE, Metric};
use blockslide_core::solve::Algorithm;
use blockslide_core::solve::api::MAX_THREADS;
use blockslide_core::solve::design::{Objective, Strategy};
use clap::builder::{PossibleValue, RangedU64ValueParser, TypedValueParser};
use clap::error::ErrorKind;

/// A value of the core chosen by name on the command line (`--algorithm`, `--metric`): the
/// core's own list, so `--help` shows exactly the names the core takes.
pub(crate) trait Named: Copy + Send + Sync + 'static {
    /// Every value, in the order `--help` lists them.
    const ALL: &'static [Self];
    /// The name the command line takes.
    fn name(self) -> &'static str;
    /// What `--help` says of the value.
    fn help(self) -> &'static str;
    /// The value `text` names, or the message refusing it.
    fn parse(text: &str) -> Result<Self, String>;
}

impl Named for Algorithm {
    const ALL: &'static [Self] = &Algorithm::ALL;
    fn name(self) -> &'static str {
        Algorithm::name(self)
    }
    fn help(self) -> &'static str {
        self.title()
    }
    fn parse(text: &str) -> Result<Self, String> {
        text.parse()
    }
}

impl Named for Metric {
    const ALL: &'static [Self] = &Metric::ALL;
    fn name(self) -> &'static str {
        Metric::name(self)
    }
    fn help(self) -> &'static str {
        match self {
            Metric::Step => "One piece moves one cell",
            Metric::Slide => "One piece slides in a straight line, any distance",
            Metric::Move => "One piece moves any distance along any path",
        }
    }
    fn parse(text: &str) -> Result<Self, String> {
        Metric::ALL
            .into_iter()
            .find(|m| m.name() == text)
            .ok_or_else(|| format!("unknown metric `{text}`; choose step, slide or move"))
    }
}

impl Named for Objective {
    const ALL: &'static [Self] = &Objective::ALL;
    fn name(self) -> &'static str {
        Objective::name(self)
    }
    fn help(self) -> &'static str {
        match self {
            Objective::Length => {
                "The hardest start's length; ties to fewer pieces, then fewer optimal solutions"
            }
            Objective::Decisions => {
                "The hardest start's moves that are not forced (where only one piece can move \
                 one way other than back); then the length"
            }
        }
    }
    fn parse(text: &str) -> Result<Self, String> {
        Objective::ALL
            .into_iter()
            .find(|o| o.name() == text)
            .ok_or_else(|| format!("unknown objective `{text}`; choose length or decisions"))
    }
}

impl Named for Strategy {
    const ALL: &'static [Self] = &Strategy::ALL;
    fn name(self) -> &'static str {
        Strategy::name(self)
    }
    fn help(self) -> &'static str {
        match self {
            Strategy::LateAcceptance => "Late-acceptance hill climbing with restarts",
            Strategy::RandomRestarts => "Every candidate a fresh random design (the baseline)",
        }
    }
    fn parse(text: &str) -> Result<Self, String> {
        Strategy::ALL
            .into_iter()
            .find(|o| o.name() == text)
            .ok_or_else(|| format!("unknown strategy `{text}`; choose climb or random"))
    }
}

/// What the command line chose for a [`Named`] option: the value, or the message refusing a
/// name that is none of them. The refusal is reported by the subcommand, as its other errors
/// are (`blockslide solve: unknown metric ...`, exit 1): clap's own report would leave out the
/// subcommand's prefix, which scripts read.
pub(crate) type Choice<T> = Result<T, String>;

/// The value parser of a [`Named`] option: lists the names for `--help` and reads any text
/// into a [`Choice`].
#[derive(Clone, Copy)]
pub(crate) struct NameParser<T>(PhantomData<fn() -> T>);

/// The parser for a [`Named`] option (`value_parser = names::<Metric>()`).
pub(crate) fn names<T: Named>() -> NameParser<T> {
    NameParser(PhantomData)
}

impl<T: Named> TypedValueParser for NameParser<T> {
    type Value = Choice<T>;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        _arg: Option<&clap::Arg>,
        value: &OsStr,
    ) -> Result<Choice<T>, clap::Error> {
        let text = value
            .to_str()
            .ok_or_else(|| clap::Error::new(ErrorKind::InvalidUtf8).with_cmd(cmd))?;
        Ok(T::parse(text))
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(
            T::ALL
                .iter()
                .map(|v| PossibleValue::new(v.name()).help(v.help())),
        ))
    }
}

/// A count option's parser (`value_parser = counts(1, MAX_RUNS)`): whole numbers from `min`
/// to `max`, anything else refused by clap with the range, before a count too large to hold
/// reaches an allocation.
pub(crate) fn counts<T>(min: u64, max: u64) -> RangedU64ValueParser<T>
where
    T: TryFrom<u64> + Clone + Send + Sync + 'static,
{
    RangedU64ValueParser::new().range(min..=max)
}

/// The parser of every `--threads` option: 0 (every core) to the solver's [`MAX_THREADS`].
pub(crate) fn threads() -> RangedU64ValueParser<usize> {
    counts(0, MAX_THREADS as u64)
}

/// The most runs per measurement `bench --runs` takes: a median of a thousand runs is as
/// steady as it gets.
pub(crate) const MAX_RUNS: u64 = 1000;

/// The most instances `bench --limit` keeps: `korf100` has 100, and `tiles5x5` makes as many
/// as asked, each a search of its own.
pub(crate) const MAX_BENCH_INSTANCES: u64 = 1000;

/// The largest `--max-memory`, in MiB: as many as a 64-bit count of bytes holds.
pub(crate) const MAX_MEMORY_MIB: u64 = u64::MAX >> 20;

/// The most hardest components `explore --top` reports: each is a puzzle file with
/// `--write-top`, and the kept list is sorted by insertion, so a count near the number of
/// components would cost time quadratic in it for files nobody reads.
pub(crate) const MAX_TOP: u64 = 1000;

/// The most random moves `generate --scramble` makes: far past the point where a scramble is
/// as mixed as a uniformly drawn instance.
pub(crate) const MAX_SCRAMBLE: u64 = 1_000_000;

/// Parses a tile board's size, `RxC` (or `R`x`C` with `X`): 1 to [`MAX_SIDE`] a side, 2 to
/// [`MAX_TILE_CELLS`] cells, the one limit of tile boards (`generate`, `solve --tiles`,
/// `batch` and puzzle files alike).
pub(crate) fn parse_size(text: &str) -> Result<(usize, usize), String> {
    let (r, c) = text
        .split_once(['x', 'X'])
        .ok_or_else(|| format!("size `{text}` should look like 4x4 or 2x3"))?;
    let parse = |s: &str| {
        s.trim()
            .parse::<usize>()
            .ok()
            .filter(|&v| (1..=MAX_SIDE).contains(&v))
            .ok_or_else(|| format!("size `{text}`: rows and columns must be 1 to {MAX_SIDE}"))
    };
    let (rows, cols) = (parse(r)?, parse(c)?);
    check_tile_cells(rows, cols).map_err(|e| format!("size `{text}`: {e}"))?;
    Ok((rows, cols))
}

/// Checks that a `rows` x `cols` board (each side within [`MAX_SIDE`]) has the 2 to
/// [`MAX_TILE_CELLS`] cells of a tile board.
pub(crate) fn check_tile_cells(rows: usize, cols: usize) -> Result<(), String> {
    let cells = rows * cols;
    if cells < 2 {
        return Err("a tile board needs at least two cells".to_string());
    }
    if cells > MAX_TILE_CELLS {
        return Err(format!(
            "a {rows}x{cols} board has {} cells, and a tile board has at most {} (tiles 1 to \
             {})",
            thousands(cells as u64),
            thousands(MAX_TILE_CELLS as u64),
            MAX_TILE_CELLS - 1
        ));
    }
    Ok(())
}

/// Reads numbers separated by white space or commas; `what` names the source in the error
/// (`--tiles`, `line 3`).
pub(crate) fn numbers<T: std::str::FromStr<Err = ParseIntError>>(
    text: &str,
    what: &str,
) -> Result<Vec<T>, String> {
    text.split(|c: char| c.is_whitespace() || c == ',')
        .filter(|s| !s.is_empty())
        .map(|s| {
            s.parse::<T>().map_err(|e| {
                let s = echo(s);
                if *e.kind() == IntErrorKind::PosOverflow {
                    format!(
                        "{what}: `{s}` is too large; a tile board has at most {} cells, so its \
                         tiles are 1 to {} (0 is the blank)",
                        thousands(MAX_TILE_CELLS as u64),
                        MAX_TILE_CELLS - 1
                    )
                } else {
                    format!("{what}: `{s}` is not a whole number (0 is the blank)")
                }
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Reads `text` with the parser of `T`, as clap does.
    fn read<T: Named>(text: &str) -> Choice<T> {
        names::<T>()
            .parse_ref(&clap::Command::new("test"), None, OsStr::new(text))
            .expect("any UTF-8 text is read")
    }

    #[test]
    fn every_listed_name_reads_back_and_others_keep_their_refusal() {
        let listed: Vec<String> = names::<Algorithm>()
            .possible_values()
            .into_iter()
            .flatten()
            .map(|v| v.get_name().to_string())
            .collect();
        assert_eq!(listed.len(), Algorithm::ALL.len());
        for (name, algorithm) in listed.iter().zip(Algorithm::ALL) {
            assert_eq!(read::<Algorithm>(name), Ok(algorithm));
        }
        for metric in Metric::ALL {
            assert_eq!(read::<Metric>(metric.name()), Ok(metric));
        }
        assert_eq!(
            read::<Metric>("hop"),
            Err("unknown metric `hop`; choose step, slide or move".to_string())
        );
        assert!(
            read::<Algorithm>("quantum")
                .is_err_and(|e| e.starts_with("unknown algorithm `quantum`"))
        );
    }
}
