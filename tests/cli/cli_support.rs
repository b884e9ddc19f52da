//! Helpers shared by the command-line tests: the one way to run the binary, and moves read
//! back from its JSON.

use std::process::{Command, Output, Stdio};

use blockslide_core::model::{Dir, Token};
use blockslide_core::solve::api::PieceMove;

/// The JSON moves as model moves, to replay them.
pub fn piece_moves(value: &serde_json::Value) -> Vec<PieceMove> {
    value["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| PieceMove {
            piece: Token::new(m["piece"].as_str().unwrap()).unwrap(),
            steps: m["steps"]
                .as_array()
                .unwrap()
                .iter()
                .map(|s| match s.as_str().unwrap() {
                    "up" => Dir::Up,
                    "down" => Dir::Down,
                    "left" => Dir::Left,
                    "right" => Dir::Right,
                    other => panic!("unknown step {other}"),
                })
                .collect(),
        })
        .collect()
}

/// A command for the binary, with the tests' pattern-database cache (inside `target/`, never
/// the user's) and standard input closed.
pub fn command() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_blockslide"));
    command
        .env("BLOCKSLIDE_CACHE_DIR", crate::fixtures::pdb_cache())
        .stdin(Stdio::null());
    command
}

/// Runs `blockslide ARGS` to the end.
pub fn blockslide(args: &[&str]) -> Output {
    command().args(args).output().expect("the binary runs")
}

/// Runs `blockslide ARGS` and checks it exits with `code`; on any other, fails showing the
/// command, its exit status, standard output and standard error.
pub fn blockslide_exits(args: &[&str], code: i32) -> Output {
    let out = blockslide(args);
    assert_eq!(
        out.status.code(),
        Some(code),
        "`blockslide {}` exited with {}\n--- stdout\n{}\n--- stderr\n{}",
        args.join(" "),
        out.status,
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    out
}
