//! `frozen parlett explain`: what a Parlett definition does, from the variants
//! crate's explainer.

use crate::common::emit;
use crate::error::{CliError, CliResult};
use frozen_core::Shape;

/// Explains `notation` for a piece on `from` (square name) on a `board` (`WxH`).
pub fn explain(notation: &str, from: &str, board: &str) -> CliResult {
    let shape: Shape = board.parse().map_err(|e| {
        CliError::usage(format!(
            "--board {board:?} is not a board size ({e}); write it like 8x8 or 12x12"
        ))
    })?;
    let sq = crate::cmd::parse_square_arg(from, "--from")?;
    if !shape.contains(sq) {
        return Err(CliError::usage(format!(
            "--from {sq} is not on the {shape} board; choose a square inside it"
        )));
    }
    match frozen_variants::parlett::explain(notation, sq, shape) {
        Ok(text) => {
            let mut t = text;
            if !t.ends_with('\n') {
                t.push('\n');
            }
            emit(&t)
        }
        Err(e) => Err(CliError::fail(format!(
            "cannot read the definition: {e}\nhint: a definition is `<letter>: <moves>` \
             (e.g. `N: ~1/2`) or just the moves (`~1/2`)"
        ))),
    }
}
