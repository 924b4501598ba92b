//! The FIDE baseline: movement generation, check by brute force, the end-of-turn
//! mechanics, the end of the game and draws. Whether a movement is legal is decided in
//! [`super::legal`], which uses this module; FEN is read and written in `fen.rs`.
//!
//! Implements DB-FIDE-01 (FIDE set-up, White first, Black holds the denial right),
//! DB-FIDE-02 (check: the opponent has a movement whose full resolution, chain reactions
//! and every combination of owner decisions included, captures the King; brute force on
//! copies of the board; a movement may not leave the own King in check), DB-FIDE-03
//! (checkmate: in check, no legal movement and no legal bait; decided after the denial
//! window), DB-FIDE-04 (castling: unmoved King and rook, empty squares between, King not in
//! check and not crossing an attacked square; castling lands on an attacked square only as
//! a first step followed by a safe second step), DB-FIDE-05 (en passant baseline, extended
//! in `pawn.rs`), DB-FIDE-06 (stalemate) and DB-FIDE-07 (draws: threefold repetition of the
//! full state through the game record, the 50-move rule applied automatically at 100
//! turns without capture, exile, pawn movement, promotion or statue event, and dead
//! positions when neither side has a pawn or statue and the board is K v K, K+minor v K or
//! K+B v K+B on one colour).

use super::base::*;
use super::chain::{for_outcomes_as, process};
use super::context::{arg, Ctx, Stop};
use frozen_core::{Action, ActionKind, Side};

const ORTHO: [(i32, i32); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];
const DIAG: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, -1), (-1, 1)];

/// Slider movements of piece `id` at stack index `k` of `s` along `dirs` (DB-QUEN-01,
/// DB-ROOK-01, DB-BISH-01): empty squares, a capture of an enemy ground piece, entering a
/// rook; stacks and statues block.
pub fn gen_slider(
    b: &Board,
    id: usize,
    s: Sq,
    k: usize,
    dirs: &[(i32, i32)],
    captures_only: bool,
    out: &mut Vec<Action>,
) {
    let side = b.pcs[id].side;
    let base = (k as u16) << arg::MOVER_SHIFT;
    for &(df, dr) in dirs {
        let mut t = s;
        while let Some(n) = off(t, df, dr) {
            t = n;
            match b.ground(t) {
                None => {
                    if !captures_only {
                        out.push(
                            Action::new(ActionKind::Move, &[to_sq(s), to_sq(t)]).with_arg(base),
                        );
                    }
                }
                Some(g) => {
                    let p = b.pcs[g];
                    if p.kind != STATUE {
                        if p.side != side {
                            out.push(
                                Action::new(ActionKind::Move, &[to_sq(s), to_sq(t)]).with_arg(base),
                            );
                        }
                        if p.kind == ROOK && !captures_only {
                            out.push(
                                Action::new(ActionKind::Move, &[to_sq(s), to_sq(t)])
                                    .with_arg(base | arg::ENTER),
                            );
                        }
                    }
                    break;
                }
            }
        }
    }
}

/// Every pseudo-legal movement of `side` (own King safety ignored). With `captures_only`,
/// only movements that remove a piece directly. Castling is offered only with `castle`.
pub fn pseudo(
    b: &Board,
    side: Side,
    ep: &[EpInfo],
    captures_only: bool,
    castle: bool,
    out: &mut Vec<Action>,
) {
    pseudo_parts(
        b,
        side,
        ep,
        captures_only,
        castle,
        true,
        true,
        u64::MAX,
        out,
    );
}

/// The squares (bit `s` of a mask) where a piece standing on `s` with `kind` could remove a
/// piece directly: within two squares for a King (two steps), a knight (its paths and
/// destination) and a pawn (its captures and en passant victims); anywhere on its lines for
/// a slider (the queen's all-round capture reaches her neighbours, which are on her lines).
fn reach(kind: frozen_core::Kind, s: Sq) -> u64 {
    let t = match kind {
        ROOK => 0,
        BISHOP => 1,
        QUEEN => 2,
        _ => 3,
    };
    REACH[t][s as usize]
}

/// [`reach`] tables: rook lines, bishop lines, queen lines, the 5x5 box.
static REACH: [[u64; 64]; 4] = reach_tables();

const fn reach_tables() -> [[u64; 64]; 4] {
    let mut t = [[0u64; 64]; 4];
    let mut s = 0i32;
    while s < 64 {
        let (f, r) = (s % 8, s / 8);
        let mut q = 0i32;
        while q < 64 {
            let (qf, qr) = (q % 8, q / 8);
            let df = if qf > f { qf - f } else { f - qf };
            let dr = if qr > r { qr - r } else { r - qr };
            let bit = 1u64 << q;
            if df == 0 || dr == 0 {
                t[0][s as usize] |= bit;
                t[2][s as usize] |= bit;
            }
            if df == dr {
                t[1][s as usize] |= bit;
                t[2][s as usize] |= bit;
            }
            if df <= 2 && dr <= 2 {
                t[3][s as usize] |= bit;
            }
            q += 1;
        }
        s += 1;
    }
    t
}

/// Part of [`pseudo`]: the disguises (`disguises`) and everything else (`main`).
#[allow(clippy::too_many_arguments)]
pub fn pseudo_parts(
    b: &Board,
    side: Side,
    ep: &[EpInfo],
    captures_only: bool,
    castle: bool,
    main: bool,
    disguises: bool,
    targets: u64,
    out: &mut Vec<Action>,
) {
    pseudo_from(
        b,
        side,
        ep,
        captures_only,
        castle,
        main,
        disguises,
        targets,
        None,
        out,
    );
}

/// [`pseudo_parts`], with `from`: only the movements that start on that square.
#[allow(clippy::too_many_arguments)]
pub fn pseudo_from(
    b: &Board,
    side: Side,
    ep: &[EpInfo],
    captures_only: bool,
    castle: bool,
    main: bool,
    disguises: bool,
    targets: u64,
    from: Option<Sq>,
    out: &mut Vec<Action>,
) {
    let start = out.len();
    // The pieces of `side` on the board, by unit id (the callers sort or only ask whether
    // some movement qualifies, so the order does not matter).
    for id in 0..b.pcs.len() {
        let p = b.pcs[id];
        let Place::Board(s, k) = p.place else {
            continue;
        };
        let k = usize::from(k);
        {
            if p.side != side || (!main && p.kind != PAWN) {
                continue;
            }
            if targets != u64::MAX && reach(p.kind, s) & targets == 0 {
                continue;
            }
            if from.is_some_and(|f| f != s) {
                continue;
            }
            match p.kind {
                KING => {
                    let mut ok = |cross: Sq| castle && castle_ok(b, id, cross);
                    super::king::gen_king(b, id, s, k, captures_only, &mut ok, out);
                }
                QUEEN => {
                    gen_slider(b, id, s, k, &ORTHO, captures_only, out);
                    gen_slider(b, id, s, k, &DIAG, captures_only, out);
                    if super::queen::all_round_has_target(b, s) {
                        out.push(super::queen::all_round_action(s, k));
                    }
                }
                ROOK => gen_slider(b, id, s, k, &ORTHO, captures_only, out),
                BISHOP => gen_slider(b, id, s, k, &DIAG, captures_only, out),
                KNIGHT => super::knight::gen_knight(b, id, s, k, captures_only, out),
                PAWN => {
                    if main {
                        super::pawn::gen_pawn(b, id, s, k, ep, captures_only, out);
                    }
                    if disguises && !captures_only {
                        super::disguise::gen_disguise(b, id, out);
                    }
                }
                _ => {}
            }
        }
    }
    if main && !captures_only {
        super::bishop::gen_bishop_promotions(b, side, out);
    }
    if let Some(f) = from {
        let f = to_sq(f);
        let mut i = start;
        while i < out.len() {
            if out[i].path.first() == Some(&f) {
                i += 1;
            } else {
                out.swap_remove(i);
            }
        }
    }
}

/// Castling condition (DB-FIDE-04): the King is not in check and the square it crosses is
/// not attacked.
fn castle_ok(b: &Board, king: usize, cross: Sq) -> bool {
    let side = b.pcs[king].side;
    if in_check(b, side) {
        return false;
    }
    let mut c = b.clone();
    c.lift(king, false);
    if !c.empty(cross) {
        return false;
    }
    c.put(cross, &[king as u8]);
    !in_check(&c, side)
}

/// True if `side` has a raised bishop waiting for its auto-exile.
pub fn has_raised(b: &Board, side: Side) -> bool {
    b.pcs
        .iter()
        .any(|p| p.side == side && p.kind == BISHOP && p.expiry != 0)
}

/// Every outcome of the end-of-turn mechanics of `mover` (self-capture, auto-exile, then
/// self-capture of pawns that fell), over every combination of the owner decisions inside
/// their chains: calls `f` until it returns `false`; returns `false` if it did.
pub fn end_outcomes(b: &Board, mover: Side, f: &mut dyn FnMut(&Board, &Ctx) -> bool) -> bool {
    fn go(
        b: &Board,
        mover: Side,
        dec: &mut Vec<u16>,
        f: &mut dyn FnMut(&Board, &Ctx) -> bool,
        budget: &mut u32,
    ) -> bool {
        if *budget == 0 {
            return false;
        }
        *budget -= 1;
        let mut c = b.clone();
        let mut ctx = Ctx::new(dec, &[], false);
        let r = super::pawn::self_capture(&mut c, &mut ctx, process)
            .and_then(|_| super::bishop::auto_exile(&mut c, &mut ctx, mover, process))
            .and_then(|_| super::pawn::self_capture(&mut c, &mut ctx, process));
        match r {
            Ok(()) => f(&c, &ctx),
            Err(Stop::Need { options, .. }) => {
                for o in 0..options {
                    dec.push(o);
                    let ok = go(b, mover, dec, f, budget);
                    dec.pop();
                    if !ok {
                        return false;
                    }
                }
                true
            }
            Err(Stop::Bad) => f(&c, &ctx),
        }
    }
    let mut budget = 1024;
    go(b, mover, &mut Vec::new(), f, &mut budget)
}

/// Check (DB-FIDE-02): the opponent has a movement that, for some combination of
/// decisions, captures `side`'s King. A King not on the board is never in check.
pub fn in_check(b: &Board, side: Side) -> bool {
    let Some(k) = b.king(side) else { return false };
    if !matches!(b.pcs[k].place, Place::Board(..)) {
        return false;
    }
    let opp = side.opposite();
    // Without a pending auto-exile a chain reaching the King starts only from a piece the
    // movement removes directly. Apart from the queen's all-round capture a movement removes
    // only pieces of `side`, and of those only the King itself, a queen (revenge), a bishop
    // that may still raise, or a stack member with pieces above (they fall) start a chain;
    // an all-round capture also starts one from any stack next to the queen (see
    // `may_reach`). Pieces that reach none of those squares are skipped before their
    // movements are generated, and with none at all there is no check.
    // One pass finds both whether `opp` has a raised bishop (`has_raised`: then every
    // movement counts) and the target squares: those of the side's King, queens and
    // raisable bishops, and every stack of two or more (a piece with others above it is in
    // one). A stack holds two or more exactly where some piece stands above the ground
    // (slot 1 or higher), so the stacks need not be read.
    let mut all = false;
    let mut targets = 0u64;
    for p in b.pcs.iter() {
        all |= p.side == opp && p.kind == BISHOP && p.expiry != 0;
        if let Place::Board(s, k) = p.place {
            let own = p.side == side
                && (matches!(p.kind, KING | QUEEN) || (p.kind == BISHOP && !p.raise_used));
            if own || k > 0 {
                targets |= 1 << s;
            }
        }
    }
    if all {
        targets = u64::MAX;
    }
    if !all && !may_remove_any(b, opp, targets) {
        return false;
    }
    let mut moves = Vec::new();
    pseudo_parts(b, opp, &[], !all, false, true, true, targets, &mut moves);
    for a in &moves {
        if !all && !may_reach(b, a, side) {
            continue;
        }
        let safe = for_outcomes_as(b, opp, a, &[], None, true, &mut |r, ctx| {
            if ctx.king_taken[side.index()] {
                return false;
            }
            if all {
                return end_outcomes(r, opp, &mut |_, cx| !cx.king_taken[side.index()]);
            }
            true
        });
        if !safe {
            return true;
        }
    }
    false
}

/// Conservative test for [`in_check`]: false only if no movement of `side` that removes a
/// piece directly can have a square of `targets` on its path (after its start square): no
/// slider sees one as the first occupied square of a line, no knight or King stands within
/// two squares of one, no pawn attacks one, no queen stands next to one (all-round capture).
fn may_remove_any(b: &Board, side: Side, targets: u64) -> bool {
    let hit = |q: Sq| targets & (1u64 << q) != 0;
    for p in b.pcs.iter() {
        if p.side != side {
            continue;
        }
        let Place::Board(s, _) = p.place else {
            continue;
        };
        // Every square a piece may remove from lies in its reach: most pieces are out of
        // reach of every target, and their lines need no walk.
        if reach(p.kind, s) & targets == 0 {
            continue;
        }
        let dirs: &[(i32, i32)] = match p.kind {
            KNIGHT | KING => {
                if REACH[3][s as usize] & targets != 0 {
                    return true;
                }
                continue;
            }
            PAWN => {
                if [-1, 1]
                    .into_iter()
                    .filter_map(|df| off(s, df, fwd(side)))
                    .any(hit)
                {
                    return true;
                }
                continue;
            }
            ROOK => &ORTHO,
            BISHOP => &DIAG,
            QUEEN => {
                if SCAN.iter().filter_map(|&(df, dr)| off(s, df, dr)).any(hit) {
                    return true;
                }
                &SCAN
            }
            _ => continue,
        };
        for &(df, dr) in dirs {
            let mut t = s;
            while let Some(n) = off(t, df, dr) {
                t = n;
                if !b.empty(t) {
                    if hit(t) {
                        return true;
                    }
                    break;
                }
            }
        }
    }
    false
}

/// True if removing piece `id` directly could start a chain that reaches `side`'s King, for a piece a movement (not an all-round capture) removes
/// directly; such a movement removes only pieces of `side`. A lone queen of `side`: her
/// revenge captures enemy pieces and exiles her own (her King is exiled, not captured), so
/// it reaches the King only through an enemy queen next to her (its own revenge) or a stack
/// next to her (its riders fall), or through the mover landing on her square. A lone bishop
/// that may raise: it raises onto its square and captures what stands there, which is the
/// mover or nothing, so only a dangerous mover carries the chain on. Riders, and pieces with
/// pieces above them, always count.
fn direct_trigger(b: &Board, id: usize, side: Side, dangerous_mover: bool) -> bool {
    let p = b.pcs[id];
    let Place::Board(s, k) = p.place else {
        return false;
    };
    let len = b.stk[s as usize].len();
    match p.kind {
        KING => p.side == side,
        QUEEN => {
            len > 1
                || (p.side == side
                    && (dangerous_mover
                        || SCAN.iter().filter_map(|&(df, dr)| off(s, df, dr)).any(|n| {
                            b.stk[n as usize].len() > 1
                                || b.ground(n).is_some_and(|g| {
                                    b.pcs[g].kind == QUEEN && b.pcs[g].side != side
                                })
                        })))
        }
        BISHOP => !p.raise_used && (dangerous_mover || len > 1),
        _ => len > usize::from(k) + 1,
    }
}

/// Conservative filter for the brute-force check: false only if none of the pieces movement
/// `a` could remove directly can start a chain reaching `side`'s King.
fn may_reach(b: &Board, a: &Action, side: Side) -> bool {
    // The mover lands where it captures (except a knight's path capture): a queen (her
    // revenge when a raise or revenge takes her) or a rook carrying riders (they fall) could
    // carry a chain on from there.
    let dangerous_mover = a.path.first().and_then(|&q| from_sq(q)).is_some_and(|s| {
        let st = &b.stk[s as usize];
        let k = arg::mover(a.arg);
        st.get(k).is_some_and(|&m| {
            let m = b.pcs[m as usize];
            m.kind == QUEEN || (m.kind == ROOK && st.len() > k + 1)
        })
    });
    let any_at = |s: Sq| {
        b.stk[s as usize]
            .iter()
            .any(|&i| direct_trigger(b, i as usize, side, dangerous_mover))
    };
    match a.kind {
        // An all-round capture removes the ground pieces next to the queen, and nobody lands
        // on their squares: a chain starts only from `side`'s King or queen (captured: her
        // revenge) or a stack (its riders fall); a removed bishop raises onto an empty square
        // and removes nothing.
        ActionKind::Act => a.path.first().and_then(|&q| from_sq(q)).map_or(true, |q| {
            SCAN.iter().filter_map(|&(df, dr)| off(q, df, dr)).any(|n| {
                b.stk[n as usize].len() > 1
                    || b.ground(n).is_some_and(|g| {
                        let p = b.pcs[g];
                        p.side == side && matches!(p.kind, KING | QUEEN)
                    })
            })
        }),
        _ => {
            let mut sqs = a.path.iter().filter_map(|&q| from_sq(q));
            let last = a.path.last().and_then(|&q| from_sq(q));
            if sqs.by_ref().skip(1).any(any_at) {
                return true;
            }
            // En passant victims stand next to the path.
            last.is_some_and(|t| {
                b.empty(t)
                    && [off(t, 0, 1), off(t, 0, -1)]
                        .into_iter()
                        .flatten()
                        .any(any_at)
            })
        }
    }
}

/// True if `side` owns a statue.
pub fn has_statue(b: &Board, side: Side) -> bool {
    b.pcs
        .iter()
        .any(|p| p.side == side && p.kind == STATUE && matches!(p.place, Place::Board(..)))
}

/// Dead position (DB-FIDE-07): no pawn or statue on either side, both Kings on the board,
/// and only K v K, K+minor v K, or K+B v K+B with bishops on one square colour.
pub fn dead_position(b: &Board) -> bool {
    let mut minors: Vec<(Side, u8, Sq)> = Vec::new();
    for p in b.pcs.iter() {
        let Place::Board(s, _) = p.place else {
            if p.kind == KING {
                return false;
            }
            continue;
        };
        match p.kind {
            KING => {}
            BISHOP | KNIGHT => minors.push((p.side, p.kind.0, s)),
            _ => return false,
        }
    }
    match minors.as_slice() {
        [] | [_] => true,
        [(s1, k1, q1), (s2, k2, q2)] => {
            s1 != s2
                && *k1 == BISHOP.0
                && *k2 == BISHOP.0
                && (q1 / 8 + q1 % 8) % 2 == (q2 / 8 + q2 % 8) % 2
        }
        _ => false,
    }
}
