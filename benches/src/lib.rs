//! Position lists for the perft benchmarks (`benches/benches/*.rs`).
//!
//! Every list entry names a variant, a start position (FEN, RON file or the
//! initial position), a depth and the node count the benchmark asserts before
//! timing. The lists are fixed: chess positions with published counts for
//! `fide`, and for every variant the perft tables in `fixtures/perft/` (per
//! start position, the deepest case whose count stays under a bench-sized
//! limit), so the variant engineers' start and middle-game positions on 8x8,
//! 12x12 and 16x16 boards are benchmarked as soon as they are written.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

use frozen_core::{Position, Rules};
use frozen_perft::fixture::{case_position, default_fixtures_root, fixture_files, load_fixture};
use frozen_perft::PerftCase;
use std::path::PathBuf;

/// Largest count a benchmark case may have (one iteration stays well under a second).
pub const BENCH_MAX_NODES: u64 = 2_500_000;

/// One benchmark position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BenchPosition {
    /// Registry name of the variant.
    pub variant: String,
    /// Bench name, e.g. `"start"`.
    pub name: String,
    /// The start position.
    pub case: PerftCase,
}

impl BenchPosition {
    /// The benchmark id: `<variant>/<name>/d<depth>`.
    pub fn id(&self) -> String {
        format!("{}/{}/d{}", self.variant, self.case.name, self.case.depth)
    }

    /// Builds the start position with `rules`.
    pub fn position<R: Rules>(&self, rules: &R) -> Result<Position<R::State>, String> {
        case_position(rules, &self.case, &fixtures_root())
    }
}

/// The source tree's `fixtures/` folder.
pub fn fixtures_root() -> PathBuf {
    default_fixtures_root()
}

fn fen_case(name: &str, fen: &str, depth: u32, nodes: u64) -> PerftCase {
    PerftCase {
        name: name.to_string(),
        fen: (!fen.is_empty()).then(|| fen.to_string()),
        position: None,
        depth,
        nodes,
        turns: false,
        source: Some("published chess perft results".to_string()),
    }
}

/// Kiwipete, the standard castling / en-passant / promotion stress position.
pub const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

/// The chess start position (standard FEN).
pub const CHESS_START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// Chess positions with published perft counts, for `fide` (start, Kiwipete, and the
/// usual "position 3/4/5" middle games).
pub fn fide_positions() -> Vec<BenchPosition> {
    [
        fen_case("start", CHESS_START, 4, 197_281),
        fen_case("kiwipete", KIWIPETE, 3, 97_862),
        fen_case(
            "position3",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            5,
            674_624,
        ),
        fen_case(
            "position4",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            4,
            422_333,
        ),
        fen_case(
            "position5",
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
            3,
            62_379,
        ),
    ]
    .into_iter()
    .map(|case| BenchPosition {
        variant: "fide".to_string(),
        name: case.name.clone(),
        case,
    })
    .collect()
}

/// Per start position of every perft table, the deepest actions-mode case whose count is at
/// most `max_nodes`. Files that cannot be read are left out (the fixture test reports them).
pub fn fixture_positions(max_nodes: u64) -> Vec<BenchPosition> {
    let mut out: Vec<BenchPosition> = Vec::new();
    for file in fixture_files(&fixtures_root()) {
        let Ok(fixture) = load_fixture(&file) else {
            continue;
        };
        let mut best: Vec<&PerftCase> = Vec::new();
        for case in fixture
            .cases
            .iter()
            .filter(|c| !c.turns && c.nodes <= max_nodes)
        {
            let same_start = |o: &&PerftCase| o.fen == case.fen && o.position == case.position;
            match best.iter_mut().find(|o| same_start(o)) {
                Some(slot) if slot.nodes < case.nodes => *slot = case,
                Some(_) => {}
                None => best.push(case),
            }
        }
        out.extend(best.into_iter().map(|case| BenchPosition {
            variant: fixture.variant.clone(),
            name: case.name.clone(),
            case: case.clone(),
        }));
    }
    out
}

/// The full benchmark list: the fixed `fide` list (when `fide` is registered) and the
/// fixture positions of every registered variant, grouped by variant.
pub fn bench_positions() -> Vec<BenchPosition> {
    let registered = |name: &str| frozen_variants::VARIANTS.iter().any(|v| v.name == name);
    // Positions compare by the first four FEN fields (placement, side, castling, en passant);
    // no FEN is the initial position.
    fn key(p: &BenchPosition) -> Option<String> {
        if p.case.position.is_some() {
            return None;
        }
        let fen = p.case.fen.as_deref().unwrap_or(CHESS_START);
        Some(fen.split_whitespace().take(4).collect::<Vec<_>>().join(" "))
    }
    let mut list = Vec::new();
    if registered("fide") {
        list.extend(fide_positions());
    }
    for p in fixture_positions(BENCH_MAX_NODES) {
        if !registered(&p.variant) {
            continue;
        }
        // The fide tables repeat the fixed chess positions: keep one of each.
        let repeat = p.variant == "fide"
            && key(&p).is_some()
            && list
                .iter()
                .any(|o: &BenchPosition| o.variant == "fide" && key(o) == key(&p));
        if !repeat {
            list.push(p);
        }
    }
    list.sort_by(|a, b| a.variant.cmp(&b.variant));
    list
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bench_ids_are_unique() {
        let list = bench_positions();
        for (i, p) in list.iter().enumerate() {
            assert!(
                !list[..i]
                    .iter()
                    .any(|o| o.variant == p.variant && o.case.name == p.case.name),
                "{} is listed twice",
                p.id()
            );
        }
    }

    #[test]
    fn fixed_lists_are_within_the_bench_limit() {
        for p in fide_positions() {
            assert!(p.case.nodes <= BENCH_MAX_NODES, "{}", p.id());
        }
        for p in fixture_positions(BENCH_MAX_NODES) {
            assert!(p.case.nodes <= BENCH_MAX_NODES, "{}", p.id());
        }
    }
}
