//! Helpers shared by the command-line tests.

use blockslide::model::{Dir, Token};
use blockslide::solve::api::PieceMove;

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
