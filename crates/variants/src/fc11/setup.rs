//! Set-up, unit classes and validation (FC11-SETP-01..16).
//!
//! * FC11-SETP-01: 16x16 board, files a-p, ranks 1-16; White on ranks 1-4, Black on ranks
//!   13-16, ranks 5-12 empty ([`START_PLACEMENT`]).
//! * FC11-SETP-02/03: White's rank 1 `RNBDJCTQKTCJDBNR` and rank 2 `LFXASOZMMZOSAXFL`.
//! * FC11-SETP-04: 32 pawns per side on ranks 3-4 (White) and 13-14 (Black).
//! * FC11-SETP-05: Black's rows repeat White's letter for letter (Queens on the h-file,
//!   Kings on the i-file).
//! * FC11-SETP-06: per side K 1, Q 1, P 32 and 2 of each other kind: 64 units.
//! * FC11-SETP-07: a1 is dark (file + rank even); colour is computed, never stored
//!   (`Square::is_light`).
//! * FC11-SETP-08: nothing else is on the board at the start; every unit is unparalysed
//!   with no CRR, and the six CRR kinds have the base range of 16 squares
//!   (`Status.range` = 320, [`default_status`]).
//! * FC11-SETP-09: pawns, Trebuchets and Onagers start aimed forward (`Status.aim`).
//! * FC11-SETP-10: leapers (Queen's knight part, Knight, Dragon's leaps, Chancellor,
//!   Jester, Frog, Ballista, Assassin, pawn's 2-square move) jump; every other move is a
//!   slide stopped by units and walls; slides pass over tombs ([`super::board`]).
//! * FC11-SETP-11: the riders are Ship, Onager, Rook, Bishop, Queen, Dragon, Templar and
//!   Lancer (the list, not its count).
//! * FC11-SETP-12: Trebuchet and Cannon never move on their own; Frog and Ship are immortal.
//! * FC11-SETP-13: Jester, Ballista, Trebuchet, Bishop, Frog and Ship never capture, and
//!   the Onager never captures by landing.
//! * FC11-SETP-14: CRR kinds: Rook, Queen, Templar, Dragon, Lancer, Bishop
//!   ([`super::capture::CRR_KINDS`]).
//! * FC11-SETP-15: "siege" and "high value" describe units; they carry no rule here.
//! * FC11-SETP-16: no castling, no en passant, no first-move restriction.
//!
//! [`validate`] refuses what the engine does not model yet (traps, bombs, monads, square
//! effects other than Queens' doubles, shadows, marks, units off the board other than in
//! tombs) with the reason, checks every unit's status against its kind, and every double
//! against its Queen (FC11-QUEN-05).

use super::base::{Fc11, Fc11Position, ASSASSIN, KIND_COUNT, KING, ONAGER, PAWN, QUEEN, TREBUCHET};
use super::capture::{has_crr, BASE_RANGE, CRR_COUNTER, MIN_RANGE};
use super::check::in_check;
use crate::frozen_family::absent::{refuse_unused, SideTable};
use frozen_core::{Dir, KindInfo, KindSet, Location, Problem, ProblemKind, Side, Status};

/// The FEN placement of the initial position (FC11-SETP-01..05).
pub const START_PLACEMENT: &str = "rnbdjctqktcjdbnr/lfxasozmmzosaxfl/pppppppppppppppp/pppppppppppppppp/16/16/16/16/16/16/16/16/PPPPPPPPPPPPPPPP/PPPPPPPPPPPPPPPP/LFXASOZMMZOSAXFL/RNBDJCTQKTCJDBNR";

/// The 18 kinds, in the order of [`super::base::PAWN`] .. [`super::base::ASSASSIN`].
pub fn kind_set() -> KindSet {
    let k = |name: &str, c: char| KindInfo {
        name: name.to_string(),
        fen: c,
        symbol: c,
    };
    KindSet::new(vec![
        k("Pawn", 'P'),
        k("Lancer", 'L'),
        k("Knight", 'N'),
        k("Bishop", 'B'),
        k("Dragon", 'D'),
        k("Rook", 'R'),
        k("Queen", 'Q'),
        k("King", 'K'),
        k("Jester", 'J'),
        k("Chancellor", 'C'),
        k("Templar", 'T'),
        k("Frog", 'F'),
        k("Trebuchet", 'X'),
        k("Ballista", 'A'),
        k("Ship", 'S'),
        k("Onager", 'O'),
        k("Cannon", 'Z'),
        k("Assassin", 'M'),
    ])
    .unwrap_or_default()
}

/// True if units of `kind` carry an aim (FC11-SETP-09).
pub fn aims(kind: frozen_core::Kind) -> bool {
    kind == PAWN || kind == TREBUCHET || kind == ONAGER
}

/// The status of a new unit of `kind` and `side` (FC11-SETP-08/09).
pub fn default_status(kind: frozen_core::Kind, side: Side) -> Status {
    Status {
        aim: aims(kind).then(|| Dir::forward(side)),
        range: if has_crr(kind) { BASE_RANGE } else { 0 },
        ..Status::default()
    }
}

/// Variant checks of a loaded position (after the core's).
pub fn validate(fc: &Fc11, pos: &Fc11Position) -> Vec<Problem> {
    let mut out = Vec::new();
    let rule = |out: &mut Vec<Problem>, at: String, msg: String| {
        out.push(Problem::new(ProblemKind::Rule, at, msg))
    };
    for side in Side::ALL {
        let kings = pos.pieces(side, KING).count();
        if kings > 1 {
            rule(
                &mut out,
                "placement".into(),
                format!("{side} has {kings} kings; fc11 has one King per side (FC11-SETP-06)"),
            );
        } else if kings == 0 && pos.result().is_none() {
            rule(
                &mut out,
                "placement".into(),
                format!("{side} has no King on the board, but the game is not over"),
            );
        }
    }
    for (i, u) in pos.units().iter().enumerate() {
        let at = format!("unit #{i}");
        if u.kind.0 >= KIND_COUNT {
            out.push(Problem::new(
                ProblemKind::UnknownKind,
                at.clone(),
                "unknown kind (fc11 has 18 kinds)".to_string(),
            ));
            continue;
        }
        let name = fc.kind_name(u.kind);
        match u.loc {
            Location::Board(sq) => {
                if pos.walls().get(sq).is_some() {
                    rule(&mut out, at.clone(), format!("the {name} on {sq} stands on a wall; no unit stands on a wall in this part (FC11-TURN-13)"));
                }
                if super::double::squares(pos).contains(sq) {
                    rule(&mut out, at.clone(), format!("the {name} on {sq} stands on a Queen's double; nothing lands on a double (FC11-QUEN-05)"));
                }
                if u.kind == PAWN && super::promotion::on_far_rank(fc, u.side, sq) {
                    rule(&mut out, at.clone(), format!("a {} pawn on {sq} stands on its far rank; it would have promoted (FC11-PAWN-05)", u.side));
                }
            }
            Location::Tomb(sq) => {
                let st = &u.status;
                if st.frozen_through != 0 || st.counters[CRR_COUNTER] != 0 || st.aim != default_status(u.kind, u.side).aim {
                    rule(&mut out, at.clone(), format!("the {name} in the tomb on {sq} must have no paralysis, no CRR and its default aim (a captured unit loses them, FC11-CAPT-05)"));
                }
            }
            other => rule(&mut out, at.clone(), format!("fc11 part 1 has units on the board and in tombs only, not {other:?} (transports, fusion, shadows and permanent death come with later parts)")),
        }
        let st = &u.status;
        let want = default_status(u.kind, u.side);
        match st.aim {
            Some(d) if aims(u.kind) => {
                let orth = d.df == 0 || d.dr == 0;
                if !d.is_unit() || (u.kind != TREBUCHET && !orth) {
                    rule(&mut out, at.clone(), format!("the {name}'s aim {d} is not one of its directions (pawns and Onagers aim orthogonally, Trebuchets in 8 directions; FC11-SETP-09)"));
                }
            }
            None if aims(u.kind) => rule(
                &mut out,
                at.clone(),
                format!("the {name} needs an aim (`aim` in its status; FC11-SETP-09)"),
            ),
            Some(_) => rule(
                &mut out,
                at.clone(),
                format!("a {name} has no aim (only pawns, Trebuchets and Onagers aim)"),
            ),
            None => {}
        }
        if st.range != want.range {
            rule(&mut out, at.clone(), format!("the {name}'s base range must be {} (1/20 squares; Range Extension is a later part; FC11-SETP-08)", want.range));
        }
        let crr = st.counters[CRR_COUNTER];
        if crr != 0 && (!has_crr(u.kind) || crr > (BASE_RANGE / 20) - u16::from(MIN_RANGE)) {
            rule(&mut out, at.clone(), format!("CRR {crr} is not possible for a {name} (only the CRR kinds, and at most 13; FC11-CAPT-04)"));
        }
        if st
            .counters
            .iter()
            .enumerate()
            .any(|(k, &c)| k != CRR_COUNTER && c != 0)
            || st.flags != 0
            || st.link.is_some()
            || st.shadow_since.is_some()
        {
            rule(&mut out, at.clone(), "status counters other than CRR, flags, links and shadow timers belong to later parts and must be empty".into());
        }
        if st.moved && u.kind != PAWN {
            rule(
                &mut out,
                at.clone(),
                format!("only pawns carry the moved flag, not a {name} (FC11-PAWN-03)"),
            );
        }
    }
    for (sq, w) in pos.walls().iter() {
        let at = format!("walls[{sq}]");
        let owner = pos.get_unit(w.creator);
        if w.kind != super::walls::TRAIL || w.expires != 0 {
            rule(&mut out, at, format!("walls of this part are trail walls (kind {}) with no expiry (expires 0): they last until their owner moves again or dies (FC11-WALL-01, -02)", super::walls::TRAIL));
        } else if !owner.is_some_and(|u| matches!(u.loc, Location::Board(_))) {
            rule(&mut out, at, format!("the wall's owner (unit #{}) is not on the board; a unit's walls dissolve when it dies (FC11-WALL-02)", w.creator.0));
        } else if owner.is_some_and(|u| u.side != w.side) {
            rule(
                &mut out,
                at,
                "the wall's side is not its owner's side (FC11-WALL-01)".into(),
            );
        }
    }
    if pos.state().nulls > 2 || (pos.state().nulls == 2 && pos.result().is_none()) {
        rule(
            &mut out,
            "state.nulls".into(),
            "at most 2 null moves follow each other, and the second ends the game (FC11-NULL-02)"
                .into(),
        );
    }
    for (sq, t) in pos.tombs().iter() {
        if t.queue.is_empty() || t.explosions != 0 || t.rot != 0 || t.open {
            rule(&mut out, format!("tombs[{sq}]"), "a tomb holds a queue of dead units and nothing else in this part (explosions, rot and respawn are later parts)".into());
        }
    }
    validate_doubles(fc, pos, &mut out);
    validate_retained(fc, pos, &mut out);
    refuse_unused(
        pos,
        &[SideTable::Tombs, SideTable::Walls, SideTable::Effects],
        |name| format!("fc11 part 1 has no {name} (they come with later parts)"),
        0,
        "fc11 part 1 has no marked squares (corrupted squares come with the tomb rules)",
        &mut out,
    );
    if !pos.pending().is_empty() {
        rule(
            &mut out,
            "pending".into(),
            "fc11 part 1 has no pending decisions".into(),
        );
    }
    let waiting = pos.to_move().opposite();
    if pos.result().is_none() && pos.pieces(waiting, KING).count() == 1 && in_check(pos, waiting) {
        rule(&mut out, "placement".into(), format!("{waiting} is not to move but its King is in check; no legal action leaves it so (FC11-TURN-15)"));
    }
    out
}

/// The square effects of this part are Queens' doubles (FC11-QUEN-05): each names a Queen
/// of its side on the board, at most one per Queen, and none stands on a wall.
fn validate_doubles(fc: &Fc11, pos: &Fc11Position, out: &mut Vec<Problem>) {
    let _ = fc;
    let mut seen: Vec<frozen_core::UnitId> = Vec::new();
    for (sq, list) in pos.effects().iter() {
        let at = format!("effects[{sq}]");
        let mut rule = |msg: String| out.push(Problem::new(ProblemKind::Rule, at.clone(), msg));
        for e in list.iter() {
            if !super::double::is_double(e) {
                rule(format!("the only square effect of this part is the Queen's double (kind {}); the other effects come with later parts", super::double::DOUBLE));
                continue;
            }
            let queen = e.owner.and_then(|q| pos.get_unit(q));
            match (e.owner, queen) {
                (Some(q), Some(u)) if u.kind == QUEEN && matches!(u.loc, Location::Board(_)) => {
                    if e.side != Some(u.side) {
                        rule("the double's side is not its Queen's side (FC11-QUEN-05)".into());
                    }
                    if seen.contains(&q) {
                        rule(format!("the Queen (unit #{}) has two doubles; her next move replaces the old one (FC11-QUEN-05)", q.0));
                    }
                    seen.push(q);
                }
                _ => rule("a double's owner must be a Queen on the board: it goes when she dies (FC11-QUEN-05)".into()),
            }
            if e.dir.is_some() || e.left != 0 || e.link.is_some() {
                rule("a double has no direction, timer or link (FC11-QUEN-05)".into());
            }
            if pos.walls().get(sq).is_some() {
                rule(format!("a double and a wall both stand on {sq}; the double takes the wall's place (FC11-QUEN-05)"));
            }
        }
    }
}

/// The Assassins' memories (FC11-ASSN-13): one per Assassin on the board, in unit id order,
/// naming a kind that can empower an Assassin (a lender other than the Assassin, FC11-EMPW-03,
/// FC11-PARA-12) with a CRR it can have.
fn validate_retained(fc: &Fc11, pos: &Fc11Position, out: &mut Vec<Problem>) {
    let list = &pos.state().retained;
    let mut rule = |msg: String| {
        out.push(Problem::new(
            ProblemKind::Rule,
            "state.retained".to_string(),
            msg,
        ))
    };
    if list.windows(2).any(|w| w[0].unit >= w[1].unit) {
        rule(
            "the retained empowerers are listed once per Assassin, in unit id order (FC11-ASSN-13)"
                .into(),
        );
    }
    for r in list.iter() {
        let ok = pos
            .get_unit(r.unit)
            .is_some_and(|u| u.kind == ASSASSIN && matches!(u.loc, Location::Board(_)));
        if !ok {
            rule(format!("unit #{} retains an empowerer but is no Assassin on the board; the memory goes when it dies (FC11-ASSN-13)", r.unit.0));
        }
        if !super::empower::lends(r.kind) || r.kind == ASSASSIN {
            rule(format!(
                "an Assassin cannot have been empowered by a {} (FC11-EMPW-03, FC11-PARA-12)",
                fc.kind_name(r.kind)
            ));
        }
        if r.crr != 0 && (!has_crr(r.kind) || r.crr > (BASE_RANGE / 20) - u16::from(MIN_RANGE)) {
            rule(format!(
                "CRR {} is not possible for a {} (FC11-CAPT-04)",
                r.crr,
                fc.kind_name(r.kind)
            ));
        }
    }
}

/// Display lines: paralysis (turns left), aims other than forward, CRR, tombs and walls.
pub fn describe_state(fc: &Fc11, pos: &Fc11Position) -> Vec<String> {
    let mut lines = Vec::new();
    for id in pos.unit_ids() {
        let u = pos.unit(id);
        let Some(sq) = u.loc.square() else { continue };
        let name = fc.kind_name(u.kind);
        let n = super::paralysis::turns_left(pos, id);
        if n > 0 {
            lines.push(format!(
                "{sq}: {name} paralysed for {n} more turn(s) of its owner"
            ));
        }
        if let Some(a) = u.status.aim.filter(|&a| a != Dir::forward(u.side)) {
            lines.push(format!("{sq}: {name} aims {}", super::board::dir_name(a)));
        }
        let crr = u.status.counters[CRR_COUNTER];
        if crr > 0 {
            lines.push(format!(
                "{sq}: {name} range {} (CRR {crr})",
                super::capture::current_range(u)
            ));
        }
        if let Some(st) = super::status::status(pos, id) {
            lines.push(format!("{sq}: {name} {}", st.describe()));
        }
    }
    for (sq, t) in pos.tombs().iter() {
        let kinds: Vec<String> = t
            .queue
            .iter()
            .map(|&id| {
                let u = pos.unit(id);
                format!("{} {}", u.side, fc.kind_name(u.kind))
            })
            .collect();
        lines.push(format!("tomb on {sq}: {}", kinds.join(", ")));
    }
    let walls: Vec<String> = pos
        .walls()
        .iter()
        .map(
            |(sq, w)| match pos.get_unit(w.creator).and_then(|u| u.loc.square()) {
                Some(o) => format!("{sq} (owner on {o})"),
                None => sq.to_string(),
            },
        )
        .collect();
    if !walls.is_empty() {
        lines.push(format!("walls: {}", walls.join(" ")));
    }
    for r in &pos.state().retained {
        if let Some(sq) = pos.get_unit(r.unit).and_then(|u| u.loc.square()) {
            let crr = if r.crr > 0 {
                format!(" (CRR {})", r.crr)
            } else {
                String::new()
            };
            lines.push(format!(
                "{sq}: Assassin retains the moves of a {}{crr} (FC11-ASSN-13)",
                fc.kind_name(r.kind)
            ));
        }
    }
    for (sq, who) in super::double::described(pos) {
        lines.push(format!(
            "{sq}: {who} (FC11-QUEN-05: blocks like a wall, threatens with her pattern)"
        ));
    }
    if pos.state().nulls == 1 {
        lines.push("the last ply was a null move: another one draws (FC11-NULL-02)".into());
    }
    lines.push(format!(
        "move counter: {} completed round(s) (FC11-TURN-17)",
        super::turn::move_number(pos)
    ));
    lines
}
