//! The registry: variants by name, for frontends that choose at run time.
//!
//! `visit(name, visitor)` hands the concrete rules to a generic visitor, so the
//! CLI and perft are written once and every variant's hot path stays
//! monomorphized. Add a variant by adding one arm to [`visit`] and one line to
//! [`VARIANTS`].

use frozen_core::VariantVisitor;
use std::fmt;

/// A registered variant: name, board and one-line description.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct VariantInfo {
    /// Registry name.
    pub name: &'static str,
    /// Board, e.g. `"12x12"`.
    pub board: &'static str,
    /// One line.
    pub description: &'static str,
}

/// Every registered variant.
pub const VARIANTS: &[VariantInfo] = &[VariantInfo {
    name: "fc6",
    board: "16x16",
    description: "FrozenChess 6: 16x16, walls, bishop bounce, range reduction, empower, double moves and marches, tombs and respawn, jesters and traps, shadows, block rotation, swaps, Dragon's Fire, pull, mind control",
}, VariantInfo {
    name: "fc11",
    board: "16x16",
    description: "FrozenChess 11.0 (parts 1 and 2; no double move or Knight's March yet): 18 unit kinds, captures, paralysis and immunities, trail walls, bounces, null move, game end",
}, VariantInfo {
    name: "fc12",
    board: "12x12",
    description: "FrozenChess 12x12: death squares, paralysis, empower and guards, double moves, jesters, King's Exchange",
}, VariantInfo {
    name: "denial-bait",
    board: "8x8",
    description: "Denial/Bait chess: FIDE chess with denial, bait, rook stacks, queen revenge, raising bishops, exile and statues",
}, VariantInfo {
    name: "normal-chess",
    board: "8x8",
    description: "Normal Chess from the Parlett seed, literally: no check rule, king capture wins, castling K b1/T c1",
}, VariantInfo {
    name: "fairy-chess",
    board: "8x8",
    description: "Fairy Chess from the Parlett seed: King, Wheel, Shooter, Kirin, Jumper, Ferz (placeholder set-up)",
}, VariantInfo {
    name: "fide",
    board: "8x8",
    description: "FIDE chess written in Parlett notation, with the check rule",
}, VariantInfo {
    name: "capablanca",
    board: "10x8",
    description: "Capablanca chess in Parlett notation: FIDE chess on 10x8 with the Archbishop (B+N) and the Chancellor (R+N)",
}];

/// No variant of that name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownVariant(pub String);

impl fmt::Display for UnknownVariant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = VARIANTS.iter().map(|v| v.name).collect();
        write!(
            f,
            "unknown variant {:?}; known variants: {}",
            self.0,
            names.join(", ")
        )
    }
}
impl std::error::Error for UnknownVariant {}

/// Runs `visitor` on the variant called `name`.
pub fn visit<V: VariantVisitor>(name: &str, visitor: V) -> Result<V::Output, UnknownVariant> {
    match name {
        "fc11" => Ok(visitor.visit(crate::fc11::Fc11::new())),
        "fc12" => Ok(visitor.visit(crate::fc12::Fc12::new())),
        "fc6" => Ok(visitor.visit(crate::fc6::Fc6::new())),
        "denial-bait" => Ok(visitor.visit(crate::denial_bait::DenialBait::new())),
        "normal-chess" | "fairy-chess" | "fide" | "capablanca" => {
            crate::parlett::builtin_rules(name)
                .map(|r| visitor.visit(r))
                .ok_or_else(|| UnknownVariant(name.to_string()))
        }
        _ => Err(UnknownVariant(name.to_string())),
    }
}
