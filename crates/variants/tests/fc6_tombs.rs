//! FrozenChess 6 part 2 (deaths): tombs (FC6-TOMB-01..13), jester explosions
//! (FC6-JEST-05..07), Dragonflight (FC6-DRAG-04), the King (FC6-KING-01..09) and respawn
//! (FC6-RESP-01..08). One test per rule ID, named after it; each fails if its rule breaks.

use frozen_core::{Event, Game, Location, Rules, Side, Square, UnitId};
use frozen_variants::fc6::paralysis::{self, Paralysis};
use frozen_variants::fc6::tomb::{self, TombState};
use frozen_variants::fc6::{respawn, turn, Fc6, Fc6Position};
use std::collections::BTreeSet;

mod fc6_support;
use fc6_support::{actions, game, pos, rules, sq, unit};

/// A FEN from a piece list and the fields after the placement (`"w - - - - d4:n"`).
fn fen(pieces: &str, rest: &str) -> String {
    fc6_support::fen(pieces, rest, "")
}

fn legal(g: &Game<Fc6>) -> BTreeSet<String> {
    actions(g)
}

/// Plays `a` as a whole turn of one leg: if the leg leaves the turn open (a double move
/// could follow), `end` follows it (FC6-DBLM-11). Returns the events of both.
fn play(g: &mut Game<Fc6>, a: &str) -> Vec<Event> {
    let mut ev = leg(g, a);
    if g.position().state().turn.is_some() {
        ev.extend(leg(g, "end"));
    }
    ev
}

/// Plays one decision (a leg, `end` or a special move).
fn leg(g: &mut Game<Fc6>, a: &str) -> Vec<Event> {
    g.apply_text(a)
        .unwrap_or_else(|e| panic!("{a}: {e}"))
        .to_vec()
}

fn queue(p: &Fc6Position, s: &str) -> Vec<UnitId> {
    p.tomb(sq(s)).map(|t| t.queue.to_vec()).unwrap_or_default()
}

fn state(p: &Fc6Position, s: &str) -> Option<TombState> {
    tomb::state(p, sq(s))
}

// ---------------------------------------------------------------- TOMB

/// FC6-TOMB-01: every death joins the back of the queue on the square where it died.
#[test]
fn fc6_tomb_01_every_death_joins_the_queue_on_its_square() {
    let mut g = game(&fen("Ka1 Pa3 Rd4 nd9 kp16 pp14", "w"));
    let victim = unit(g.position(), "d9");
    play(&mut g, "d4d9");
    assert_eq!(g.position().unit(victim).loc, Location::Tomb(sq("d9")));
    assert_eq!(queue(g.position(), "d9"), vec![victim]);
    // A King's Exchange victim dies under the king's new square.
    let mut g = game(&fen("Ka1 Pa3 Nc3 kp16 pp14", "w"));
    let n = unit(g.position(), "c3");
    play(&mut g, "exchange:a1c3");
    assert_eq!(queue(g.position(), "c3"), vec![n]);
    assert_eq!(
        g.position().piece_at(sq("c3")).map(|x| x.1),
        Some(Side::White)
    );
}

/// FC6-TOMB-02: the state follows from queue, occupant, wall and the ACTIVE flag.
#[test]
fn fc6_tomb_02_states_follow_the_square() {
    let p = pos(&fen(
        "Ka1 Pa3 Nd4 kp16 pp14",
        "w - g7:w2 - - d4:n,f6:p,g7:b,h8:r*",
    ));
    assert_eq!(
        state(&p, "d4"),
        Some(TombState::Pending),
        "a unit stands on it"
    );
    assert_eq!(
        state(&p, "g7"),
        Some(TombState::Pending),
        "a wall stands on it"
    );
    assert_eq!(
        state(&p, "f6"),
        Some(TombState::Armed),
        "the square is empty"
    );
    assert_eq!(state(&p, "h8"), Some(TombState::Active), "it exploded");
    assert_eq!(state(&p, "e5"), None);
    assert_eq!(tomb::armed(&p), frozen_core::Bitboard::EMPTY.with(sq("f6")));
}

/// FC6-TOMB-03: a tomb arms only when its square is empty: the capturer's wall keeps it
/// PENDING until the wall's last turn ends; a king leaving by exchange leaves no wall.
#[test]
fn fc6_tomb_03_arms_only_when_the_square_is_empty() {
    let mut g = game(&fen("Ka1 Pa3 Rd4 nd9 kp16 pp14", "w"));
    play(&mut g, "d4d9");
    assert_eq!(state(g.position(), "d9"), Some(TombState::Pending));
    play(&mut g, "p16o16");
    play(&mut g, "d9h9"); // White's turn 2: an orthogonal slide walls d9 for 3 turns.
    assert_eq!(state(g.position(), "d9"), Some(TombState::Pending));
    for (b, w) in [("o16n16", "a1b1"), ("n16m16", "b1c1")] {
        play(&mut g, b);
        play(&mut g, w);
        assert_eq!(state(g.position(), "d9"), Some(TombState::Pending));
    }
    play(&mut g, "m16l16");
    play(&mut g, "c1d1"); // White's turn 5 ends: the wall is gone, the tomb arms.
    assert_eq!(state(g.position(), "d9"), Some(TombState::Armed));
    // The king leaves its tomb without a leg: no wall, the tomb is ARMED at once.
    let mut g = game(&fen("Kd4 Pa3 Nb1 kp16 pp14", "w - - - - d4:n"));
    play(&mut g, "exchange:d4b1");
    assert!(g.position().wall(sq("d4")).is_none());
    assert_eq!(state(g.position(), "d4"), Some(TombState::Armed));
}

/// FC6-TOMB-04: a capture on a PENDING tomb queues the new victim behind the older ones
/// (the seed: "if queen was recaptured its added to tomb queue after the rook").
#[test]
fn fc6_tomb_04_recapture_queues_behind() {
    let mut g = game(&fen("Kp1 Pp3 Qa5 ra1 bc3 kp16 pp14", "w"));
    let (rook, queen) = (unit(g.position(), "a1"), unit(g.position(), "a5"));
    play(&mut g, "a5a1");
    play(&mut g, "c3a1");
    assert_eq!(queue(g.position(), "a1"), vec![rook, queen]);
}

/// FC6-TOMB-05: a slide over an ARMED or ACTIVE tomb paralyses the slider for its owner's
/// next 2 turns; a leap over one does not.
#[test]
fn fc6_tomb_05_crossing_paralysis() {
    let f = fen("Ka1 Pa3 Rd4 Nf4 kp16 pp14", "w - - - - d6:p,g4:p*");
    let mut g = game(&f);
    let r = unit(g.position(), "d4");
    let ev = play(&mut g, "d4d8");
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::Paralyzed { unit, .. } if *unit == r)));
    assert_eq!(paralysis::turns_left(g.position(), r), 2);
    // The crossed tomb is walled again: PENDING under the slide's wall.
    assert_eq!(state(g.position(), "d6"), Some(TombState::Pending));
    // A knight leaping past the ACTIVE tomb g5 is not paralysed; a rook crossing it is.
    let mut g = game(&f);
    let n = unit(g.position(), "f4");
    play(&mut g, "f4h5");
    assert_eq!(paralysis::turns_left(g.position(), n), 0);
    let mut g = game(&fen("Ka1 Pa3 Rg3 kp16 pp14", "w - - - - g5:p*"));
    let r = unit(g.position(), "g3");
    play(&mut g, "g3g7");
    assert_eq!(paralysis::turns_left(g.position(), r), 2);
}

/// FC6-TOMB-06: a unit that comes to rest on an ARMED tomb dies into it and it explodes.
#[test]
fn fc6_tomb_06_rest_on_an_armed_tomb() {
    let mut g = game(&fen("Ka1 Pa3 Rd4 kp16 pp14", "w - - - - d8:n"));
    let r = unit(g.position(), "d4");
    let ev = play(&mut g, "d4d8");
    assert_eq!(queue(g.position(), "d8")[1], r);
    assert!(ev.contains(&Event::Exploded { at: sq("d8") }));
    assert_eq!(state(g.position(), "d8"), Some(TombState::Active));
}

/// FC6-TOMB-07: part A moves the neighbours' queues, in scan order, behind the stepper,
/// and those squares stop being tombs.
#[test]
fn fc6_tomb_07_neighbour_queues_move_behind_the_stepper() {
    let p = pos(&fen(
        "Ka1 Pa3 Rd4 kp16 pp14",
        "w - - - - d8:n,e9:B,c7:q*,e7:pp",
    ));
    let ids = |s: &str| queue(&p, s);
    let (n, b, q, pp) = (ids("d8"), ids("e9"), ids("c7"), ids("e7"));
    let r = unit(&p, "d4");
    let mut g = Game::from_position(rules(), p.clone());
    play(&mut g, "d4d8");
    let mut want = n.clone();
    want.push(r);
    want.extend(q); // c7 comes before e7 and e9 in scan order
    want.extend(pp);
    want.extend(b);
    assert_eq!(queue(g.position(), "d8"), want);
    for s in ["c7", "e7", "e9"] {
        assert!(g.position().tomb(sq(s)).is_none(), "{s} is no tomb now");
    }
}

/// FC6-TOMB-08: part B: walls on the 9 squares vanish, units on the 8 neighbours die (all
/// colours, guards ignored) into new ARMED tombs; a king there dies.
#[test]
fn fc6_tomb_08_blast_kills_neighbours_clears_walls() {
    let mut g = game(&fen("Ka1 Pa3 Rd4 Pc9 ne9 kp16 pp14", "w - e8:b2 - - d8:n"));
    let (pc, ne) = (unit(g.position(), "c9"), unit(g.position(), "e9"));
    play(&mut g, "d4d8");
    let p = g.position();
    assert!(p.wall(sq("e8")).is_none());
    assert_eq!(queue(p, "c9"), vec![pc]);
    assert_eq!(queue(p, "e9"), vec![ne]);
    assert_eq!(state(p, "c9"), Some(TombState::Armed));
    // The enemy king next to the blast dies: the mover wins.
    let mut g = game(&fen("Ka1 Pa3 Rd4 ke9 pp14", "w - - - - d8:n"));
    play(&mut g, "d4d8");
    let r = g.result().expect("over");
    assert_eq!(
        (r.winner, r.reason.as_ref()),
        (Some(Side::White), "king killed")
    );
}

/// FC6-TOMB-09: after exploding the tomb is ACTIVE and its head may respawn; a jester
/// killed by the tomb blast explodes afterwards.
#[test]
fn fc6_tomb_09_active_after_explosion_then_jesters() {
    let mut g = game(&fen("Ka1 Pa3 Rd4 je9 nf10 kp16 pp14", "w - - - - d8:n"));
    let ev = play(&mut g, "d4d8");
    let blasts: Vec<&Event> = ev
        .iter()
        .filter(|e| matches!(e, Event::Exploded { .. }))
        .collect();
    assert_eq!(
        blasts,
        vec![
            &Event::Exploded { at: sq("d8") },
            &Event::Exploded { at: sq("e9") }
        ]
    );
    let p = g.position();
    assert_eq!(state(p, "d8"), Some(TombState::Active));
    // The jester's blast killed f10 and activated the tombs around e9.
    assert_eq!(state(p, "f10"), Some(TombState::Active));
    assert_eq!(state(p, "e9"), Some(TombState::Active));
    // Black's knight heads d8: Black may respawn it (nothing of White's is left nearby).
    assert!(legal(&g).contains("drop:N@d8"), "{:?}", legal(&g));
}

/// FC6-TOMB-10: no leg ends on an ACTIVE tomb; slides cross it (paralysed) and wall it,
/// and the wall holds the respawn back.
#[test]
fn fc6_tomb_10_active_tomb_reserved_for_the_respawn() {
    let mut g = game(&fen("Ka1 Pa3 Rd4 kp16 pp14", "w - - - - d8:n*"));
    let l = legal(&g);
    assert!(!l.contains("d4d8") && l.contains("d4d9"));
    play(&mut g, "d4d9");
    assert!(g.position().wall(sq("d8")).is_some());
    assert_eq!(state(g.position(), "d8"), Some(TombState::Active));
    assert!(
        !legal(&g).iter().any(|a| a.starts_with("drop:")),
        "the wall holds it back"
    );
}

/// FC6-TOMB-11: when the respawned unit leaves by a leg, its tomb is PENDING under the
/// wall if units remain, else the square is ordinary again.
#[test]
fn fc6_tomb_11_respawned_unit_leaves() {
    let mut g = game(&fen("Ka1 Pa3 kp16 pp14", "w - - - - d8:RN*,h8:R*"));
    play(&mut g, "drop:R@d8");
    assert_eq!(state(g.position(), "d8"), Some(TombState::Pending));
    play(&mut g, "p16o16");
    play(&mut g, "d8d5");
    assert!(g.position().wall(sq("d8")).is_some());
    assert_eq!(state(g.position(), "d8"), Some(TombState::Pending));
    let mut g = game(&fen("Ka1 Pa3 kp16 pp14", "w - - - - h8:R*"));
    play(&mut g, "drop:R@h8");
    assert!(
        g.position().tomb(sq("h8")).is_none(),
        "queue empty: ordinary square"
    );
}

/// FC6-TOMB-12: a tomb shares its square with a wall and rotates with it (queue, state
/// and wall carried by the core's block rotation); FEN carries both.
#[test]
fn fc6_tomb_12_tomb_with_wall_rotates() {
    let f = fen("Ka1 Pa3 kp16 pp14", "w - d8:w2 - - d8:nR,e8:p*");
    let mut p = pos(&f);
    assert_eq!(rules().to_fen(&p).expect("fen"), f);
    let q = queue(&p, "d8");
    let shape = p.shape();
    let rot = frozen_core::geometry::block_rotation(&shape, sq("d7"), 2, 1).expect("block");
    p.rotate_block(&rot);
    let moved: Vec<Square> = p.tombs().mask().iter().collect();
    assert_eq!(moved.len(), 2);
    let with_q = moved
        .into_iter()
        .find(|s| queue(&p, &s.to_string()) == q)
        .expect("queue");
    assert!(p.wall(with_q).is_some(), "the wall went with its tomb");
    assert_eq!(tomb::state(&p, with_q), Some(TombState::Pending));
}

/// FC6-TOMB-13: one FIFO list of explosions; the tomb explosion first, then jesters in
/// the order they died; the exact event order of the cascade.
#[test]
fn fc6_tomb_13_cascade_order() {
    // d8 ARMED; jesters on c9 and e7 (scan order: e7 before c9); e7's blast reaches f6.
    let mut g = game(&fen(
        "Ka1 Pa3 Rd4 jc9 Je7 nf6 kp16 pp14",
        "w - - - - d8:n,c7:b",
    ));
    let p0 = g.position().clone();
    let (r, jc, je, nf) = (
        unit(&p0, "d4"),
        unit(&p0, "c9"),
        unit(&p0, "e7"),
        unit(&p0, "f6"),
    );
    let ev = play(&mut g, "d4d8");
    let deaths: Vec<(UnitId, Square)> = ev
        .iter()
        .filter_map(|e| match e {
            Event::Removed {
                unit,
                from: Location::Board(_),
                to: Location::Tomb(s),
            } => Some((*unit, *s)),
            _ => None,
        })
        .collect();
    assert_eq!(
        deaths,
        vec![
            (r, sq("d8")),
            (je, sq("e7")),
            (jc, sq("c9")),
            (nf, sq("f6"))
        ],
        "the stepper, part B in scan order, then the blasts' victims"
    );
    let order: Vec<Square> = ev
        .iter()
        .filter_map(|e| match e {
            Event::Exploded { at } => Some(*at),
            _ => None,
        })
        .collect();
    assert_eq!(order, vec![sq("d8"), sq("e7"), sq("c9")]);
    // The c7 queue moved to d8 (part A) before the jester blasts, so the blasts find no
    // tomb on c7; the new tombs on e7, c9 and f6 are ACTIVE (jester blasts).
    assert!(g.position().tomb(sq("c7")).is_none());
    for s in ["e7", "c9", "f6"] {
        assert_eq!(state(g.position(), s), Some(TombState::Active), "{s}");
    }
}

// ---------------------------------------------------------------- JEST, DRAG

/// FC6-JEST-05: a captured jester's blast kills every normal unit in its 3x3 (guards
/// ignored), clears walls and makes every tomb there ACTIVE.
#[test]
fn fc6_jest_05_jester_explosion() {
    let mut g = game(&fen(
        "Ka1 Pa3 Rd4 jd9 ne10 Pc8 kp16 pp14",
        "w - c10:b2 - - e8:p",
    ));
    let (ne, pc) = (unit(g.position(), "e10"), unit(g.position(), "c8"));
    play(&mut g, "d4d9");
    let p = g.position();
    assert!(p.wall(sq("c10")).is_none());
    assert_eq!(queue(p, "e10"), vec![ne]);
    assert_eq!(queue(p, "c8"), vec![pc]);
    for s in ["d9", "e10", "c8", "e8"] {
        assert_eq!(state(p, s), Some(TombState::Active), "{s}");
    }
}

/// FC6-JEST-06: the capturer on the jester's square dies and queues after the jester; a
/// jester killed by a blast explodes in turn.
#[test]
fn fc6_jest_06_capturer_queues_after_the_jester_chain() {
    let mut g = game(&fen("Ka1 Pa3 Rd4 jd9 je10 nf11 kp16 pp14", "w"));
    let (r, j, j2, n) = (
        unit(g.position(), "d4"),
        unit(g.position(), "d9"),
        unit(g.position(), "e10"),
        unit(g.position(), "f11"),
    );
    play(&mut g, "d4d9");
    assert_eq!(queue(g.position(), "d9"), vec![j, r]);
    assert_eq!(queue(g.position(), "e10"), vec![j2]);
    assert_eq!(
        queue(g.position(), "f11"),
        vec![n],
        "the second jester's blast"
    );
}

/// FC6-JEST-07: a jester that dies by stepping on a tomb or as a King's Exchange victim
/// does not explode.
#[test]
fn fc6_jest_07_no_blast_for_tomb_or_exchange_deaths() {
    let mut g = game(&fen("Ka1 Pa3 Jd4 kp16 pp14", "w - - - - f6:p,g7:n"));
    let ev = play(&mut g, "d4f6");
    let blasts = ev
        .iter()
        .filter(|e| matches!(e, Event::Exploded { .. }))
        .count();
    assert_eq!(blasts, 1, "only the tomb explodes: {ev:?}");
    // A jester blast would have activated g7; the tomb blast moved its queue instead.
    assert!(g.position().tomb(sq("g7")).is_none());
    let mut g = game(&fen("Ka1 Pa3 Jb2 Pc3 kp16 pp14", "w"));
    let ev = play(&mut g, "exchange:a1b2");
    assert!(!ev.iter().any(|e| matches!(e, Event::Exploded { .. })));
    assert!(g.position().piece_at(sq("c3")).is_some());
}

/// FC6-DRAG-04: a dragon crossing an ARMED tomb is not paralysed; landing on one still
/// kills it.
#[test]
fn fc6_drag_04_dragonflight() {
    let f = fen("Ka1 Pa3 Dc3 kp16 pp14", "w - - - - e5:p,g7:p");
    let mut g = game(&f);
    let d = unit(g.position(), "c3");
    play(&mut g, "c3f6");
    assert_eq!(paralysis::turns_left(g.position(), d), 0);
    let mut g = game(&f);
    play(&mut g, "c3e5");
    assert_eq!(g.position().unit(d).loc, Location::Tomb(sq("e5")));
    // A bishop on the same route is paralysed (the rule the dragon is exempt from).
    let mut g = game(&fen("Ka1 Pa3 Bc3 kp16 pp14", "w - - - - e5:p"));
    let b = unit(g.position(), "c3");
    play(&mut g, "c3f6");
    assert_eq!(paralysis::turns_left(g.position(), b), 2);
}

// ---------------------------------------------------------------- KING

/// FC6-KING-01: King's Check: the king steps into an attack and the attackers die, each
/// into a tomb on its square (ARMED at once: no capturer landed there).
#[test]
fn fc6_king_01_kings_check_kills_the_attackers() {
    let mut g = game(&fen("Ke1 Pa3 rd16 bh5 kp16 pp14", "w"));
    let (r, b) = (unit(g.position(), "d16"), unit(g.position(), "h5"));
    assert!(legal(&g).contains("e1d1"));
    play(&mut g, "e1d1");
    let p = g.position();
    assert_eq!(p.unit(r).loc, Location::Tomb(sq("d16")));
    assert_eq!(p.unit(b).loc, Location::Tomb(sq("h5")));
    assert_eq!(state(p, "d16"), Some(TombState::Armed));
}

/// FC6-KING-02: the attackers are computed once: a rook behind the dead rook makes the
/// step illegal; Guards do not save an attacker.
#[test]
fn fc6_king_02_once_only() {
    let g = game(&fen("Ke1 Pa3 rd16 rd15 kp16 pp14", "w"));
    assert!(!legal(&g).contains("e1d1"));
    let g = game(&fen("Ke1 Pa3 rd14 rb14 rf14 kp16 pp14", "w"));
    assert!(legal(&g).contains("e1d1"), "a guarded rook dies too");
}

/// FC6-KING-03: a king in check may not step onto an attacked square.
#[test]
fn fc6_king_03_no_kings_check_in_check() {
    let g = game(&fen("Ke1 Pa3 rd16 re15 kp16 pp14", "w"));
    let l = legal(&g);
    assert!(!l.contains("e1d1") && !l.contains("e1d2") && l.contains("e1f1"));
}

/// FC6-KING-04: King's Exchange with a friendly unit no enemy attacks; it dies into a
/// tomb PENDING under the king.
#[test]
fn fc6_king_04_exchange() {
    let g = game(&fen("Ka1 Pa3 Nc3 Rh4 kp16 pp14 rh16", "w"));
    let l = legal(&g);
    assert!(
        l.contains("exchange:a1c3") && !l.contains("exchange:a1h4"),
        "{l:?}"
    );
    let mut g = g;
    play(&mut g, "exchange:a1c3");
    assert_eq!(state(g.position(), "c3"), Some(TombState::Pending));
}

/// FC6-KING-05: no wall on the king's old square; the king must not be in check after.
#[test]
fn fc6_king_05_no_wall_and_safe_after() {
    let mut g = game(&fen("Ka1 Pa3 Nc3 Pf2 kp16 pp14 rf16", "w"));
    let l = legal(&g);
    assert!(!l.contains("exchange:a1f2"), "f2 is on the rook's file");
    play(&mut g, "exchange:a1c3");
    assert!(g.position().wall(sq("a1")).is_none());
}

/// FC6-KING-06: Royal Guards: a unit in its king's 3x3 refuses paralysis effects, not
/// costs.
#[test]
fn fc6_king_06_royal_guards() {
    let mut g = game(&fen("Kb1 Pa3 Rd1 kp16 pp14", "w - - - - d3:p"));
    let r = unit(g.position(), "d1");
    play(&mut g, "d1d5");
    assert_eq!(
        paralysis::turns_left(g.position(), r),
        2,
        "far from its king"
    );
    let mut g = game(&fen("Kc6 Pa3 Rd1 kp16 pp14", "w - - - - d3:p"));
    let r = unit(g.position(), "d1");
    play(&mut g, "d1d5");
    assert_eq!(paralysis::turns_left(g.position(), r), 0, "beside its king");
    let mut p = g.position().clone();
    paralysis::paralyze(&mut p, r, 1, Paralysis::Cost, &mut frozen_core::NoEvents);
    assert_eq!(paralysis::turns_left(&p, r), 1, "a cost still applies");
}

/// FC6-KING-07: kings refuse paralysis effects; explosions still kill them.
#[test]
fn fc6_king_07_immunities() {
    let mut p = pos(&fen("Ka1 Pa3 kp16 pp14", "w"));
    let k = unit(&p, "a1");
    paralysis::paralyze(&mut p, k, 3, Paralysis::Effect, &mut frozen_core::NoEvents);
    assert_eq!(paralysis::turns_left(&p, k), 0);
    let mut g = game(&fen("Ka1 Pa3 Rd4 ke9 pp14", "w - - - - d8:n"));
    play(&mut g, "d4d8");
    assert_eq!(g.result().expect("over").winner, Some(Side::White));
}

/// FC6-KING-08: kings are never guarded and never empower: two protectors do not save a
/// king, and a king's step lends nothing.
#[test]
fn fc6_king_08_no_guard_no_empower() {
    let g = game(&fen("Ka1 Pa3 Re4 ke9 ne11 nf10 pp14", "w"));
    assert!(legal(&g).contains("e4e9"));
    let g = game(&fen("Kd4 Pa3 Nd5 kp16 pp14", "w"));
    let l = legal(&g);
    assert!(
        !l.contains("d5d6"),
        "the knight borrows no king step: {l:?}"
    );
}

/// FC6-KING-09: a king dies on an ARMED tomb or in a blast; an action that kills the
/// mover's own king is illegal.
#[test]
fn fc6_king_09_king_deaths() {
    let g = game(&fen("Ka1 Pa3 kp16 pp14", "w - - - - b2:n"));
    assert!(!legal(&g).contains("a1b2"));
    let g = game(&fen("Kc9 Pa3 Rd4 kp16 pp14", "w - - - - d8:n"));
    assert!(
        !legal(&g).contains("d4d8"),
        "the blast would kill White's king"
    );
}

// ---------------------------------------------------------------- RESP

/// FC6-RESP-01: the head of an ACTIVE tomb comes back if it is the mover's.
#[test]
fn fc6_resp_01_respawn_puts_the_head_back() {
    let mut g = game(&fen("Ka1 Pa3 kp16 pp14", "w - - - - h8:Rn*"));
    let id = g.position().tomb(sq("h8")).expect("tomb").queue[0];
    let ev = play(&mut g, "drop:R@h8");
    assert_eq!(
        ev[0],
        Event::Entered {
            unit: id,
            at: sq("h8")
        }
    );
    assert_eq!(g.position().unit_at(sq("h8")), Some(id));
}

/// FC6-RESP-02: no respawn onto a wall.
#[test]
fn fc6_resp_02_square_must_be_free() {
    let g = game(&fen("Ka1 Pa3 kp16 pp14", "w - h8:b2 - - h8:R*"));
    assert!(!legal(&g).contains("drop:R@h8"));
}

/// FC6-RESP-03: the seed's example: an enemy bishop targets the tomb, so the rook waits;
/// when the bishop leaves the diagonal the rook may respawn.
#[test]
fn fc6_resp_03_threatened_square_waits() {
    let mut g = game(&fen("Kp1 Pp3 Be5 kj16 pp14", "b - - - - a1:rN*"));
    assert!(!legal(&g).contains("drop:R@a1"));
    play(&mut g, "j16i16");
    play(&mut g, "e5g3");
    assert!(legal(&g).contains("drop:R@a1"));
}

/// FC6-RESP-04: only the head respawns: an enemy head blocks the mover's units behind it.
#[test]
fn fc6_resp_04_fifo_head_only() {
    let g = game(&fen("Ka1 Pa3 kp16 pp14", "w - - - - h8:rR*"));
    assert!(!legal(&g).iter().any(|a| a.starts_with("drop:")));
}

/// FC6-RESP-05: the unit returns at range 16 and unparalysed; the tomb is PENDING under
/// it while units remain.
#[test]
fn fc6_resp_05_fresh_unit() {
    let mut g = game(&fen("Ka1 Pa3 Rd4 kp16 pp14", "w - - - - d8:n,h8:Q*"));
    let q = g.position().tomb(sq("h8")).expect("tomb").queue[0];
    play(&mut g, "drop:Q@h8");
    let u = g.position().unit(q);
    assert_eq!((u.status.range, u.status.frozen_through), (16, 0));
    // A unit whose range shrank loses it at death: a rook at range 5 dies on an ARMED
    // tomb, explodes it, and comes back at 16.
    let mut g = game(&fen("Ka1 Pa3 Rd4 kp16 pp14", "w - - - d4:5 d8:n"));
    let r = unit(g.position(), "d4");
    play(&mut g, "d4d8");
    assert_eq!(g.position().unit(r).status.range, 16);
}

/// FC6-RESP-06: each ACTIVE tomb with a head of the mover's colour is its own action.
#[test]
fn fc6_resp_06_choose_the_square() {
    let g = game(&fen("Ka1 Pa3 kp16 pp14", "w - - - - h8:R*,d8:N*"));
    let l = legal(&g);
    assert!(l.contains("drop:R@h8") && l.contains("drop:N@d8"));
}

/// FC6-RESP-07: respawn answers check, never leaves the king in check, is never White's
/// first action, and kings never respawn.
#[test]
fn fc6_resp_07_limits() {
    // In check from e16, no respawn helps (b8 is out of the line), so none is listed;
    // without the checker the same respawn is legal.
    let g = game(&fen("Ke1 Pa3 re16 kp16 pp14", "w - - - - b8:N*"));
    assert!(!legal(&g).contains("drop:N@b8"));
    let g = game(&fen("Ke1 Pa3 rf16 kp16 pp14", "w - - - - b8:N*"));
    assert!(legal(&g).contains("drop:N@b8"));
    let g = game(&fen("Ka1 Pa3 kp16 pp14", "w f - - - h8:R*"));
    assert!(!legal(&g).contains("drop:R@h8"));
    let g = game(&fen("Ka1 Pa3 kp16 pp14", "b - - - - h8:k*"));
    assert!(!legal(&g).iter().any(|a| a.starts_with("drop:")));
}

/// FC6-RESP-08: the influence map term by term.
#[test]
fn fc6_resp_08_influence_terms() {
    let r = rules();
    let inf = |f: &str, s: &str| respawn::influence(&r, &pos(f), Side::White).contains(sq(s));
    // (1) attack
    assert!(inf(&fen("Ka1 Pa3 Rd4 kp16 pp14", "w"), "d10"));
    assert!(!inf(&fen("Ka1 Pa3 Rd4 kp16 pp14", "w"), "e10"));
    // (2) Dragon's Fire landing e6 (empty, no tomb): its neighbours
    assert!(inf(&fen("Ka1 Pa3 Dd5 kp16 pp14", "w"), "f7"));
    // (3) a rook sliding to d8 pushes what stands on d9
    assert!(inf(&fen("Ka1 Pa3 Rd4 kp16 pp14", "w"), "d9"));
    // (4) a unit could end a leg on the ARMED tomb h3: its 3x3
    assert!(inf(&fen("Ka1 Pa3 Nf2 kp16 pp14", "w - - - - h3:p"), "i4"));
    assert!(!inf(&fen("Ka1 Pa3 Nf2 kp16 pp14", "w"), "i4"));
    // (5) a black jester attacked by White: its 3x3
    assert!(inf(&fen("Ka1 Pa3 Re2 je9 kp16 pp14", "w"), "f10"));
    // (6) a white jester's presence and its landing squares' 3x3
    assert!(inf(&fen("Ka1 Pa3 Jh8 kp16 pp14", "w"), "i9"));
    // Paralysed units take no part.
    assert!(!inf(&fen("Ka1 Pa3 Rd4 kp16 pp14", "w - - d4:2"), "d10"));
    // (1) includes a knight's Knight's Leap capture squares (FC6-KNIG-02): e8 lies on the
    // leap paths from e9 to d7 and f7, so a White head there waits.
    assert!(inf(&fen("Ka1 Pa3 Ne9 kp16 pp14", "w"), "e8"));
    let g = game(&fen("Ka1 Pa3 kp16 pp14 ne9", "w - - - - e8:R*"));
    assert!(!legal(&g).contains("drop:R@e8"), "{:?}", legal(&g));
    let g = game(&fen("Ka1 Pa3 kp16 pp14 ne12", "w - - - - e8:R*"));
    assert!(legal(&g).contains("drop:R@e8"), "{:?}", legal(&g));
}

/// FC6-RESP-08: the engine's one-pass map agrees with a brute-force one built square by
/// square from the engine's per-unit attack test and candidate legs, on positions met in
/// random games with tombs.
#[test]
fn fc6_resp_08_influence_map_agrees_with_brute_force() {
    let r = rules();
    let starts = [
        fen(
            "Ka1 Pa3 Pb3 Rc4 Qe2 Jf5 Bh3 Dk2 Nm3 kp16 pp14 po14 bc7 je7 ng9 rd12 tl8 ql11 dk10",
            "w - g6:w2 - - d6:n,b8:Rp*,e2:p,g6:b,i8:Pn,k6:jQ*,l10:N",
        ),
        frozen_variants::fc6::setup::START_FEN.to_string(),
    ];
    let mut rng = frozen_core::harness::Rng::new(0x0fc6_7e5b);
    let mut compared = 0;
    for i in 0..12 {
        let mut p = pos(&starts[i % 2]);
        for ply in 0..40 {
            let mut acts = Vec::new();
            r.actions(&p, &mut acts);
            if acts.is_empty() {
                break;
            }
            if ply % 2 == 0 {
                // The map is asked with E to act (the position after a respawn).
                let e = p.to_move();
                // Wall squares are left out: no unit stands on one, so none is ever a
                // respawn square or holds a jester (and `attacks` judges a wall square as
                // if a unit stood there, which the map need not).
                let walls = p.walls().mask();
                let fast = respawn::influence(&r, &p, e) - walls;
                let slow = brute_influence(&r, &p, e) - walls;
                assert_eq!(
                    fast,
                    slow,
                    "{}\nonly fast: {:?}\nonly brute force: {:?}",
                    r.to_fen(&p).unwrap_or_default(),
                    (fast - slow).iter().collect::<Vec<_>>(),
                    (slow - fast).iter().collect::<Vec<_>>()
                );
                compared += 1;
            }
            let a = acts[rng.below(acts.len())].clone();
            frozen_core::apply(&r, &mut p, &a, &mut frozen_core::NoEvents).expect("listed");
        }
    }
    assert!(compared >= 100, "{compared}");
}

/// Inf(e) square by square: (1) `attack::attacks` per unit and square; the other terms
/// from `e`'s candidate legs (the engine's move list before the self-harm test).
fn brute_influence(r: &Fc6, p: &Fc6Position, e: Side) -> frozen_core::Bitboard {
    use frozen_variants::fc6::base::{DRAGON, JESTER, ROOK};
    use frozen_variants::fc6::{attack, empower::Analysis};
    let an = Analysis::new(r, p);
    let near =
        |a: Square, b: Square| a.file().abs_diff(b.file()) <= 1 && a.rank().abs_diff(b.rank()) <= 1;
    let all: Vec<Square> = (0..=255u8).map(Square::from_index).collect();
    let units: Vec<Square> = p
        .side_bb(e)
        .iter()
        .filter(|&s| !paralysis::is_paralyzed(p, p.unit_at(s).expect("unit")))
        .collect();
    let attacked = |t: Square| {
        units
            .iter()
            .any(|&s| attack::attacks(r, &an, p, p.unit_at(s).expect("unit"), t))
    };
    // Non-capturing leg ends, and whether the leg is straight (no reflection).
    let legs = |s: Square| -> Vec<(Square, bool)> {
        let mut out = Vec::new();
        turn::candidates_of(r, &an, p, s, &mut out);
        out.iter()
            .filter(|a| a.kind == frozen_core::ActionKind::Move)
            .filter_map(|a| Some((a.to()?, a.path.len() == 2)))
            .filter(|&(t, _)| p.unit_at(t).is_none())
            .collect()
    };
    let ends = |s: Square| -> Vec<Square> { legs(s).into_iter().map(|x| x.0).collect() };
    let armed = tomb::armed(p);
    let mut fire_sq = Vec::new();
    let mut rest = frozen_core::Bitboard::EMPTY;
    for &s in &units {
        let k = p.unit(p.unit_at(s).expect("unit")).kind;
        let e_ends = ends(s);
        if k == DRAGON {
            fire_sq.extend(e_ends.iter().copied().filter(|&x| p.tomb(x).is_none()));
        }
        if k == ROOK {
            // A rook's orthogonal non-capturing leg ends within its own range.
            let range = i32::from(p.unit(p.unit_at(s).expect("unit")).status.range);
            for (x, straight) in legs(s) {
                if !straight {
                    continue;
                }
                let (df, dr) = (
                    i32::from(x.file()) - i32::from(s.file()),
                    i32::from(x.rank()) - i32::from(s.rank()),
                );
                if (df != 0 && dr != 0) || df.abs().max(dr.abs()) > range {
                    continue;
                }
                let (f, rr) = (
                    i32::from(x.file()) + df.signum(),
                    i32::from(x.rank()) + dr.signum(),
                );
                if (0..16).contains(&f) && (0..16).contains(&rr) {
                    rest.set(Square::new(f as u8, rr as u8));
                }
            }
        }
        for &x in &e_ends {
            if armed.contains(x) || k == JESTER {
                for &t in &all {
                    if near(x, t) {
                        rest.set(t);
                    }
                }
            }
        }
        if k == JESTER {
            for &t in &all {
                if near(s, t) {
                    rest.set(t);
                }
            }
        }
    }
    let fire = |t: Square| fire_sq.iter().any(|&x| x != t && near(x, t));
    let mut out = rest;
    for &t in &all {
        if attacked(t) || fire(t) {
            out.set(t);
        }
    }
    for j in p.pieces(e.opposite(), JESTER).iter() {
        if attacked(j) || fire(j) {
            for &t in &all {
                if near(j, t) {
                    out.set(t);
                }
            }
        }
    }
    out
}

/// FC6-DRAW-02 with tombs: two positions that differ only in a tomb (its queue or its
/// ACTIVE flag) are different positions for repetition.
#[test]
fn fc6_draw_02_tombs_are_part_of_the_repetition_key() {
    use frozen_variants::fc6::draw::{repetition_key, same_for_repetition};
    let a = pos(&fen("Ka1 Pa3 kp16 pp14", "w - - - - d4:n"));
    let b = pos(&fen("Ka1 Pa3 kp16 pp14", "w - - - - d4:n*"));
    let c = pos(&fen("Ka1 Pa3 kp16 pp14", "w - - - - d4:nR"));
    let none = pos(&fen("Ka1 Pa3 kp16 pp14", "w"));
    for (x, y) in [(&a, &b), (&a, &c), (&a, &none)] {
        assert!(!same_for_repetition(x, y));
        assert_ne!(repetition_key(x), repetition_key(y));
    }
    assert!(same_for_repetition(
        &a,
        &pos(&fen("Ka1 Pa3 kp16 pp14", "w - - - - d4:n"))
    ));
}
