//! Random play for fc6: a few hundred seeded random games from the initial position and
//! from the middle-game positions of the perft table, with the harness's checks after
//! every action (core invariants, validation, RON round trip, action text round trip,
//! events naming every changed unit, refused foreign actions change nothing, undo and
//! redo), plus the fc6 invariants: no unit ever stands on a wall (FC6-WALL-01,
//! FC6-WALL-07), every wall has 1..5 turns left (FC6-WALL-03, FC6-WALL-04), the
//! incremental hash equals a recomputed one, and the side to act always has an action
//! unless the game is over (FC6-VICT-04). Two sets of games: one where a quarter of the
//! plies pick a rotation, one that picks a kind of action first, as the harness does
//! (`harness::pick_action`, fc6's `random_kind`).

use frozen_core::harness::{check_position, checked_step, pick_action, Rng};
use frozen_core::{Event, Location, Rules, Side};
use frozen_variants::fc6::{rotation, tomb, walls, Fc6, Fc6Position};

fn fc6_invariants(rules: &Fc6, pos: &Fc6Position) -> Result<(), String> {
    let walled = pos.walls().mask() & pos.occupied();
    if walled.any() {
        return Err(format!("a unit stands on a wall: {walled:?}"));
    }
    for (sq, w) in pos.walls().iter() {
        let left = walls::turns_left(pos, w);
        if !(1..=walls::MAX_DURATION).contains(&left) {
            return Err(format!("wall {sq} has {left} turns left"));
        }
    }
    if pos.hash() != pos.compute_hash() {
        return Err("incremental hash differs from a recomputed one".into());
    }
    for side in Side::ALL {
        if pos.result().is_none() && pos.pieces(side, frozen_variants::fc6::base::KING).count() != 1
        {
            return Err(format!("{side} has no king but the game goes on"));
        }
    }
    conservation(pos)?;
    let _ = rules;
    Ok(())
}

/// Conservation and the tomb state model (FC6-TOMB-01/02/10, FC6-SHAD-04): every unit is
/// in exactly one place, on the board, as a shadow in one square's shadow list, or in one
/// tomb queue, at most once, and the lists, queues and the units' locations agree; no queue is empty; no unit stands on an ACTIVE tomb; the
/// ARMED set is exactly "queue, not ACTIVE, no unit, no wall".
fn conservation(pos: &Fc6Position) -> Result<(), String> {
    let mut seen = vec![0u8; pos.units().len()];
    for (sq, t) in pos.tombs().iter() {
        if t.queue.is_empty() {
            return Err(format!("empty tomb on {sq}"));
        }
        if t.open && pos.occupied().contains(sq) {
            return Err(format!("a unit stands on the ACTIVE tomb {sq}"));
        }
        for id in &t.queue {
            seen[id.index()] += 1;
            if pos.unit(*id).loc != Location::Tomb(sq) {
                return Err(format!(
                    "{id:?} is queued on {sq} but located at {:?}",
                    pos.unit(*id).loc
                ));
            }
        }
    }
    for (sq, list) in pos.shadows().iter() {
        for id in list.iter() {
            seen[id.index()] += 1;
            if pos.unit(*id).loc != Location::Shadow(sq) {
                return Err(format!(
                    "{id:?} is a shadow on {sq} but located at {:?}",
                    pos.unit(*id).loc
                ));
            }
        }
    }
    for (i, u) in pos.units().iter().enumerate() {
        match u.loc {
            Location::Board(sq) => {
                seen[i] += 1;
                if pos.unit_at(sq).map(|x| x.index()) != Some(i) {
                    return Err(format!("unit #{i} is located on {sq} but not found there"));
                }
            }
            Location::Tomb(_) | Location::Shadow(_) => {}
            other => {
                return Err(format!(
                    "unit #{i} is at {other:?}: fc6 units are on the board, shadows or in a tomb"
                ))
            }
        }
        if seen[i] != 1 {
            return Err(format!("unit #{i} is in {} places", seen[i]));
        }
    }
    // Squares a leg of the turn in progress left or passed owe a wall: they count as
    // walled (FC6-TOMB-02, FC6-DBLM-10).
    let mut due = frozen_core::Bitboard::EMPTY;
    if let Some(t) = &pos.state().turn {
        for d in &t.due {
            due.set(d.sq);
        }
    }
    let mut armed = frozen_core::Bitboard::EMPTY;
    for (sq, t) in pos.tombs().iter() {
        if !t.open
            && !pos.occupied().contains(sq)
            && !pos.walls().mask().contains(sq)
            && !due.contains(sq)
        {
            armed.set(sq);
        }
    }
    if tomb::armed(pos) != armed {
        return Err("the ARMED set disagrees with its definition".into());
    }
    Ok(())
}

/// No unit appears, vanishes or changes place without an event naming it (a move, a
/// capture, a death into a tomb, a queue moving, a respawn, a swap).
fn moves_reported(
    before: &Fc6Position,
    after: &Fc6Position,
    events: &[Event],
) -> Result<(), String> {
    for (i, u) in after.units().iter().enumerate() {
        let old = before.units().get(i).map(|x| x.loc);
        if old == Some(u.loc) {
            continue;
        }
        let named = events.iter().any(|e| match e {
            Event::Moved { unit, .. }
            | Event::Pushed { unit, .. }
            | Event::Captured { unit, .. }
            | Event::Removed { unit, .. }
            | Event::Entered { unit, .. } => unit.index() == i,
            Event::Swapped { a, b } => a.index() == i || b.index() == i,
            _ => false,
        });
        if !named {
            return Err(format!(
                "unit #{i} went from {old:?} to {:?} with no event",
                u.loc
            ));
        }
    }
    if after.units().len() != before.units().len() {
        return Err("the number of units changed".into());
    }
    Ok(())
}

/// What random play met: explosions of each kind, respawns, King's Exchanges, King's
/// Checks, deaths by tomb.
#[derive(Default, Debug)]
struct Seen {
    tomb_blasts: usize,
    jester_blasts: usize,
    respawns: usize,
    exchanges: usize,
    kings_checks: usize,
    captures: usize,
    /// Part 3: swaps (SwapShot and Teleswap), Paralyses, Conversions.
    swaps: usize,
    paralyses: usize,
    conversions: usize,
    shadowings: usize,
    deshadowings: usize,
    rotations: usize,
    rotated_layers: usize,
    /// Rook pushes (FC6-ROOK-01).
    pushes: usize,
    /// Dragon's Fire, Pull and Mind Control.
    fires: usize,
    pulls: usize,
    minds: usize,
}

fn count(seen: &mut Seen, pos_before: &Fc6Position, a: &frozen_core::Action, events: &[Event]) {
    use frozen_core::ActionKind;
    match a.kind {
        ActionKind::Drop => seen.respawns += 1,
        ActionKind::Exchange => seen.exchanges += 1,
        ActionKind::Swap => seen.swaps += 1,
        _ => {}
    }
    match frozen_variants::fc6::notation::special(a) {
        Some(frozen_variants::fc6::notation::Special::Paralyse) => seen.paralyses += 1,
        Some(frozen_variants::fc6::notation::Special::Convert) => seen.conversions += 1,
        Some(frozen_variants::fc6::notation::Special::Fire) => seen.fires += 1,
        Some(frozen_variants::fc6::notation::Special::Pull) => seen.pulls += 1,
        Some(frozen_variants::fc6::notation::Special::Mind) => seen.minds += 1,
        _ => {}
    }
    match frozen_variants::fc6::shadow::form(a) {
        Some(frozen_variants::fc6::shadow::Form::Shadow) => seen.shadowings += 1,
        Some(frozen_variants::fc6::shadow::Form::Unshadow) => seen.deshadowings += 1,
        None => {}
    }
    if frozen_variants::fc6::rotation::is_rotation(a) {
        seen.rotations += 1;
        // A rotation that carried a wall, tomb, trap or shadow (FC6-ROTA-06).
        if let Ok(rot) = frozen_variants::fc6::rotation::decode(a) {
            let layers = pos_before.walls().mask()
                | pos_before.tombs().mask()
                | pos_before.traps().mask()
                | pos_before.shadows().mask();
            if (layers & rot.block()).any() {
                seen.rotated_layers += 1;
            }
        }
    }
    for e in events {
        match e {
            Event::Exploded { at } => {
                // A tomb explodes where a unit came to rest on an empty square (a leg's
                // end or a push); a jester explodes where it stood.
                if pos_before
                    .tomb(*at)
                    .is_some_and(|t| !t.queue.is_empty() && !t.open)
                    && a.kind == ActionKind::Move
                    && pos_before.unit_at(*at).is_none()
                {
                    seen.tomb_blasts += 1;
                } else {
                    seen.jester_blasts += 1;
                }
            }
            Event::Captured { .. } => seen.captures += 1,
            Event::Pushed { .. } => seen.pushes += 1,
            _ => {}
        }
    }
    let king = frozen_variants::fc6::base::KING;
    let me = pos_before.to_move();
    if a.kind == ActionKind::Move
        && pos_before.piece_at(a.from().expect("from")) == Some((king, me))
        && events.iter().any(|e| {
            matches!(
                e,
                Event::Removed {
                    to: Location::Tomb(_),
                    ..
                }
            )
        })
        && !events.iter().any(|e| matches!(e, Event::Exploded { .. }))
    {
        seen.kings_checks += 1;
    }
}

/// What one run of random games met.
#[derive(Default, Debug)]
struct Tally {
    plies: usize,
    finished: usize,
    walls_seen: usize,
    /// Part 2: decisions made inside a turn in progress (legs 2..4 and `end`), legs 3 and
    /// 4 of marches, and traps standing (FC6-DBLM-01, FC6-KNIG-04, FC6-TRAP-01).
    inner: usize,
    march_legs: usize,
    traps_seen: usize,
    seen: Seen,
}

/// How random play picks one of the listed actions: an index into `acts`.
type Pick = fn(&Fc6, &Fc6Position, &[frozen_core::Action], &mut Rng) -> usize;

/// A quarter of the plies pick among the rotations, the others among the rest (the
/// choice of this test before random play picked kinds of action).
fn quarter_rotations(
    _rules: &Fc6,
    _pos: &Fc6Position,
    acts: &[frozen_core::Action],
    rng: &mut Rng,
) -> usize {
    let (rot, rest): (Vec<_>, Vec<_>) =
        (0..acts.len()).partition(|&i| rotation::is_rotation(&acts[i]));
    // Dragon's Fire, Pull and Mind Control (many per position: every pull distance, every
    // leg of a controlled unit) get one ply in eight of the non-rotation plies, the same
    // way, so these games keep reaching the other mechanics as before.
    let (new, rest): (Vec<_>, Vec<_>) = rest.into_iter().partition(|&i| {
        use frozen_variants::fc6::notation::{special, Special};
        matches!(
            special(&acts[i]),
            Some(Special::Fire | Special::Pull | Special::Mind)
        )
    });
    let pool = if rest.is_empty() && new.is_empty() || (!rot.is_empty() && rng.below(4) == 0) {
        rot
    } else if rest.is_empty() || (!new.is_empty() && rng.below(8) == 0) {
        new
    } else {
        rest
    };
    pool[rng.below(pool.len())]
}

/// `games` seeded random games of up to 50 plies from the initial position and the
/// middle games of the perft table, with the harness's checks (all of them every 10th
/// ply, the step's every 3rd) and the fc6 invariants every ply.
fn play(games: usize, seed: u64, pick: Pick) -> Tally {
    let rules = Fc6::new();
    let starts = [
        rules.initial_position(),
        rules
            .position_from_fen("11r3k/7c8/15p/5b8p1/1n6p3d3/16/9t6/16/16/16/16/7P8/1P8J5/P1B2N10/12T3/K2Q3R8 w - e2:w2,f5:b1,c6:w3,g7:b5,j9:w1,d10:b2 f3:1,m12:2 c3:11,d1:9,l16:6,f13:4")
            .expect("middle game"),
        rules
            .position_from_fen("15k/16/14pp/16/3r12/11q4/10d5/6n9/11t4/2b1j11/16/5J10/2R13/PP5B4N3/4Q5D5/K15 w - g6:w2 - - d6:n,b8:Rp*,e2:p,g6:b,i8:Pn,k6:jQ*,l10:N,m15:rB*")
            .expect("tombs"),
    ];
    let mut rng = Rng::new(seed);
    let (mut plies, mut finished, mut walls_seen) = (0usize, 0usize, 0usize);
    let (mut inner, mut march_legs, mut traps_seen) = (0usize, 0usize, 0usize);
    let mut seen = Seen::default();
    for g in 0..games {
        let mut pos = starts[g % starts.len()].clone();
        for ply in 0..50 {
            let full = ply % 10 == 0;
            if full {
                let errs = check_position(&rules, &pos);
                assert!(errs.is_empty(), "game {g} ply {ply}: {errs:?}");
            }
            fc6_invariants(&rules, &pos).unwrap_or_else(|e| panic!("game {g} ply {ply}: {e}"));
            let mut acts = Vec::new();
            rules.actions(&pos, &mut acts);
            if acts.is_empty() {
                assert!(
                    pos.result().is_some(),
                    "game {g} ply {ply}: no action but no result"
                );
                finished += 1;
                break;
            }
            let a = acts[pick(&rules, &pos, &acts, &mut rng)].clone();
            if let Some(t) = &pos.state().turn {
                inner += 1;
                if t.legs >= 2 && a.kind == frozen_core::ActionKind::Move {
                    march_legs += 1;
                }
            }
            let before = pos.clone();
            let events = if full || ply % 3 == 0 {
                checked_step(&rules, &mut pos, &a, &mut rng)
                    .unwrap_or_else(|e| panic!("game {g} ply {ply}: {e}"))
            } else {
                let mut events = Vec::new();
                frozen_core::apply(&rules, &mut pos, &a, &mut events)
                    .unwrap_or_else(|e| panic!("game {g} ply {ply}: {e}"));
                events
            };
            count(&mut seen, &before, &a, &events);
            moves_reported(&before, &pos, &events)
                .unwrap_or_else(|e| panic!("game {g} ply {ply}: {e}"));
            walls_seen += pos.walls().mask().count() as usize;
            traps_seen += pos.traps().iter().count();
            pos.clear_journal();
            plies += 1;
        }
    }
    Tally {
        plies,
        finished,
        walls_seen,
        inner,
        march_legs,
        traps_seen,
        seen,
    }
}

/// FC6-WALL-01: along random games no unit ever stands on a wall, and every harness
/// invariant holds after every action. Part 3's rotations are most of the list in a
/// middle game (hundreds of blocks and turns); here a quarter of the plies pick among
/// them, the others among the rest (legs, mostly), so these games keep many multi-leg
/// turns; [`fc6_random_games_by_kind_of_action`] plays as the harness does.
#[test]
fn fc6_random_games_keep_invariants() {
    let games = 300;
    let t = play(games, 0x0fc6_0fc6, quarter_rotations);
    let Tally {
        plies,
        finished,
        walls_seen,
        inner,
        march_legs,
        traps_seen,
        seen,
    } = t;
    assert!(plies > 5000 && walls_seen > 0);
    eprintln!(
        "{games} games, {finished} finished, {plies} plies, {inner} decisions inside a turn, {march_legs} march legs 3-4, {traps_seen} trap-plies, {seen:?}"
    );
    // Random play must keep reaching multi-leg turns, marches and traps: fail if they
    // become rare (each count is well above its floor with this seed).
    assert!(
        inner * 5 > plies,
        "multi-leg turns became rare: {inner} of {plies}"
    );
    assert!(march_legs >= 20, "marches became rare: {march_legs}");
    assert!(traps_seen >= 200, "traps became rare: {traps_seen}");
    // Part 2 deaths must stay reachable by random play too (counted on every ply). These
    // seeds meet captures 212, tomb blasts 132, jester blasts 37, respawns 12, exchanges
    // 855 and King's Checks 17; the floors below are well under that (King's Check is the
    // rarest: it needs a king's first leg, and about 45% of the plies are decisions
    // inside a turn).
    assert!(seen.captures >= 30, "{seen:?}");
    assert!(seen.tomb_blasts >= 25, "{seen:?}");
    assert!(seen.jester_blasts >= 7, "{seen:?}");
    assert!(seen.respawns >= 2, "{seen:?}");
    assert!(seen.exchanges >= 180, "{seen:?}");
    assert!(seen.kings_checks >= 10, "{seen:?}");
    // Part 3 special moves (these seeds met swaps 1366, Paralyses 8, Conversions 21
    // before shadows and rotations; with rotations, most of the listed actions, they meet
    // swaps 962, Paralyses 2, Conversions 10, so the Paralyse floor is 1 here; the games
    // by kind of action below meet 121 Paralyses and require 40).
    assert!(seen.swaps >= 600, "{seen:?}");
    assert!(seen.paralyses >= 1, "{seen:?}");
    assert!(seen.conversions >= 8, "{seen:?}");
    // Part 3: shadowing, de-shadowing (5 turns later at the earliest) and rotations,
    // some of them carrying walls, tombs, traps or shadows (FC6-SHAD-01, FC6-SHAD-05,
    // FC6-ROTA-06).
    assert!(seen.shadowings >= 100, "{seen:?}");
    assert!(seen.deshadowings >= 1, "{seen:?}");
    assert!(seen.rotations >= 1000, "{seen:?}");
    assert!(seen.rotated_layers >= 100, "{seen:?}");
    // Dragon's Fire, Pull and Mind Control (FC6-DRAG-01, FC6-PULL-01, FC6-MIND-01): these
    // seeds, with one ply in eight of the non-rotation plies picking among them, meet 62
    // fires, 506 pulls and 276 Mind Controls; the floors are about a third of that.
    assert!(seen.fires >= 20, "{seen:?}");
    assert!(seen.pulls >= 150, "{seen:?}");
    assert!(seen.minds >= 90, "{seen:?}");
}

/// The same random games with every check, playing as the harness and the soak do: a
/// kind of action first (fc6's `random_kind`: plain legs, captures, pushes, each special
/// move by name, swaps, King's Exchanges, respawns), then an action of that kind
/// (`harness::pick_action`). Rotations are one kind among several, so the rarer special
/// moves are met often.
#[test]
fn fc6_random_games_by_kind_of_action() {
    let games = 200;
    let t = play(games, 0x0fc6_0fc6, |r, p, acts, rng| {
        pick_action(r, p, acts, rng)
    });
    eprintln!("{games} games by kind of action: {t:?}");
    assert!(t.plies > 5000 && t.walls_seen > 0);
    // These games (seed 0x0fc6_0fc6, 7,951 plies) meet Paralyses 121, respawns 120,
    // Conversions 177, de-shadowings 293, rook pushes 60, swaps 924, King's Exchanges
    // 1,181, captures 793, shadowings 919, rotations 1,126 (690 carrying a wall, tomb,
    // trap or shadow), tomb blasts 25, jester blasts 76, King's Checks 21, decisions
    // inside a turn 1,155, march legs 3-4 41; the quarter-rotation games above meet
    // Paralyses 2, respawns 6, Conversions 10, de-shadowings 10 and pushes 11 in 14,952
    // plies. Each floor is about a third of the count measured here.
    let s = &t.seen;
    assert!(s.paralyses >= 40, "{t:?}");
    assert!(s.respawns >= 40, "{t:?}");
    assert!(s.conversions >= 59, "{t:?}");
    assert!(s.deshadowings >= 97, "{t:?}");
    assert!(s.pushes >= 20, "{t:?}");
    assert!(s.swaps >= 308, "{t:?}");
    assert!(s.exchanges >= 393, "{t:?}");
    assert!(s.captures >= 264, "{t:?}");
    assert!(s.shadowings >= 306, "{t:?}");
    assert!(s.rotations >= 375, "{t:?}");
    assert!(s.rotated_layers >= 230, "{t:?}");
    assert!(s.tomb_blasts >= 8, "{t:?}");
    assert!(s.jester_blasts >= 25, "{t:?}");
    assert!(s.kings_checks >= 7, "{t:?}");
    assert!(t.inner >= 385, "{t:?}");
    assert!(t.march_legs >= 13, "{t:?}");
    assert!(t.traps_seen >= 1498, "{t:?}");
}
