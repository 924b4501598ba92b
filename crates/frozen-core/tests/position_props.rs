//! Property tests of the position: random edits of every kind keep the layers
//! consistent and the incremental hash equal to the from-scratch hash; undo
//! restores exactly; RON round-trips positions holding every kind of side-table
//! entry; random play on the toy rules keeps every invariant.

mod toy;
use frozen_core::*;
use proptest::prelude::*;
use smallvec::smallvec;
use toy::*;

#[derive(Clone, Debug)]
enum Edit {
    Add(u8, bool, u8),
    Relocate(u16, u8, u8),
    Kind(u16, u8),
    Side(u16),
    Status(u16, u32, u16),
    Moved(u16),
    Tomb(u8, bool),
    Wall(u8, bool),
    Trap(u8, bool),
    Bomb(u8, bool),
    Monad(u8, bool),
    Effect(u8, bool),
    Mark(u8, u8, bool),
    Pending(bool),
    Result(bool),
    State(u32),
    ToMove,
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        3 => (0u8..2, any::<bool>(), any::<u8>()).prop_map(|(k, s, q)| Edit::Add(k, s, q)),
        4 => (any::<u16>(), 0u8..8, any::<u8>()).prop_map(|(u, l, q)| Edit::Relocate(u, l, q)),
        1 => (any::<u16>(), 0u8..2).prop_map(|(u, k)| Edit::Kind(u, k)),
        1 => any::<u16>().prop_map(Edit::Side),
        2 => (any::<u16>(), 0u32..4, 0u16..3).prop_map(|(u, f, c)| Edit::Status(u, f, c)),
        1 => any::<u16>().prop_map(Edit::Moved),
        1 => (any::<u8>(), any::<bool>()).prop_map(|(q, b)| Edit::Tomb(q, b)),
        1 => (any::<u8>(), any::<bool>()).prop_map(|(q, b)| Edit::Wall(q, b)),
        1 => (any::<u8>(), any::<bool>()).prop_map(|(q, b)| Edit::Trap(q, b)),
        1 => (any::<u8>(), any::<bool>()).prop_map(|(q, b)| Edit::Bomb(q, b)),
        1 => (any::<u8>(), any::<bool>()).prop_map(|(q, b)| Edit::Monad(q, b)),
        1 => (any::<u8>(), any::<bool>()).prop_map(|(q, b)| Edit::Effect(q, b)),
        1 => (0u8..4, any::<u8>(), any::<bool>()).prop_map(|(l, q, b)| Edit::Mark(l, q, b)),
        1 => any::<bool>().prop_map(Edit::Pending),
        1 => any::<bool>().prop_map(Edit::Result),
        1 => (0u32..5).prop_map(Edit::State),
        1 => Just(Edit::ToMove),
    ]
}

/// Applies an edit if it makes sense in the position (the setters' own preconditions).
fn apply_edit(p: &mut Position<ToyState>, e: &Edit) {
    let shape = p.shape();
    let squares: Vec<Square> = shape.squares().collect();
    let sq = |q: u8| squares[q as usize % squares.len()];
    let n = p.units().len() as u16;
    let empty = |p: &Position<ToyState>, q: u8| {
        let free: Vec<Square> = (shape.mask() - p.occupied()).iter().collect();
        (!free.is_empty()).then(|| free[q as usize % free.len()])
    };
    match *e {
        Edit::Add(k, s, q) => {
            if let Some(to) = empty(p, q) {
                let side = if s { Side::White } else { Side::Black };
                p.add_unit(Kind(k), side, Location::Board(to), Status::default());
            }
        }
        Edit::Relocate(u, l, q) if n > 0 => {
            let id = UnitId(u % n);
            // Tomb locations go through the tomb queue so the two stay consistent.
            if let Location::Tomb(t) = p.unit(id).loc {
                let mut tomb = p.tomb(t).cloned().unwrap_or_default();
                tomb.queue.retain(|x| *x != id);
                p.set_tomb(t, Some(tomb));
            }
            let carried_by_me = p
                .units()
                .iter()
                .any(|o| matches!(o.loc, Location::Carried { by, .. } if by == id));
            let loc = match l {
                0 => empty(p, q).map(Location::Board),
                1 => Some(Location::Shadow(sq(q))),
                2 => Some(Location::Tomb(sq(q))),
                3 if !carried_by_me => {
                    let other = UnitId((u.wrapping_add(1)) % n);
                    // The lowest free slot: slots need not be contiguous once a
                    // carried unit has left (the count of cargo may be taken).
                    let used: Vec<u8> = p
                        .units()
                        .iter()
                        .filter_map(|o| match o.loc {
                            Location::Carried { by, slot } if by == other => Some(slot),
                            _ => None,
                        })
                        .collect();
                    let slot = (0..=u8::MAX).find(|s| !used.contains(s)).unwrap_or(0);
                    (other != id && !matches!(p.unit(other).loc, Location::Carried { .. }))
                        .then_some(Location::Carried { by: other, slot })
                }
                4 => Some(Location::Exiled),
                5 => Some(Location::Captured(Side::White)),
                6 => Some(Location::Dead),
                _ => Some(Location::Pool),
            };
            let loc = loc.unwrap_or(Location::Dead);
            // Units carried by this one fall out first (no dangling cargo).
            for c in p.cargo(id) {
                p.relocate(c, Location::Dead);
            }
            if let Location::Tomb(t) = loc {
                let mut tomb = p.tomb(t).cloned().unwrap_or_default();
                tomb.queue.push(id);
                p.relocate(id, loc);
                p.set_tomb(t, Some(tomb));
            } else {
                p.relocate(id, loc);
            }
        }
        Edit::Kind(u, k) if n > 0 => p.set_kind(UnitId(u % n), Kind(k)),
        Edit::Moved(u) if n > 0 => p.set_moved(UnitId(u % n)),
        Edit::Side(u) if n > 0 => {
            let id = UnitId(u % n);
            p.set_unit_side(id, p.unit(id).side.opposite())
        }
        Edit::Status(u, f, c) if n > 0 => p.update_status(UnitId(u % n), |s| {
            s.frozen_through = f;
            s.counters[0] = c;
            s.aim = (c == 1).then_some(Dir::N);
        }),
        Edit::Tomb(q, on) => {
            let s = sq(q);
            let keep_queue = p.tomb(s).map(|t| t.queue.clone()).unwrap_or_default();
            if on || !keep_queue.is_empty() {
                p.set_tomb(
                    s,
                    Some(Tomb {
                        queue: keep_queue,
                        explosions: q % 3,
                        rot: q % 5,
                        open: on,
                    }),
                );
            } else {
                p.set_tomb(s, None);
            }
        }
        Edit::Wall(q, on) if n > 0 => p.set_wall(
            sq(q),
            on.then_some(Wall {
                creator: UnitId(0),
                side: Side::Black,
                expires: q as u32,
                kind: 1,
            }),
        ),
        Edit::Trap(q, on) if n > 0 => p.set_trap(
            sq(q),
            on.then_some(Trap {
                owner: UnitId(0),
                colour: 1,
                held: None,
                hold_until: 3,
            }),
        ),
        Edit::Bomb(q, on) if n > 0 => p.set_bomb(
            sq(q),
            on.then_some(Bomb {
                owner: UnitId(0),
                timer: 2,
            }),
        ),
        Edit::Monad(q, on) if n > 0 => p.set_monad(
            sq(q),
            on.then(|| Monad {
                unit: UnitId(0),
                program: smallvec![
                    MonadStep {
                        kind: 0,
                        from: sq(q),
                        to: sq(q.wrapping_add(9)),
                        piece: None,
                        arg: 0
                    },
                    MonadStep {
                        kind: 1,
                        from: sq(q),
                        to: sq(q),
                        piece: Some(Kind(1)),
                        arg: 2
                    }
                ],
                next: 1,
                active: true,
                blocked: 0,
                ret: None,
            }),
        ),
        Edit::Effect(q, on) => p.set_effects(
            sq(q),
            on.then(|| {
                smallvec![Effect {
                    kind: 2,
                    owner: None,
                    side: Some(Side::White),
                    dir: Some(Dir::NE),
                    left: 10,
                    link: None
                }]
            }),
        ),
        Edit::Mark(l, q, on) => p.set_mark(l as usize, sq(q), on),
        Edit::Pending(on) => p.set_pending(if on {
            smallvec![Pending {
                side: Side::Black,
                kind: 1,
                unit: None,
                square: Some(sq(3)),
                data: 7
            }]
        } else {
            smallvec![]
        }),
        Edit::Result(on) => p.set_result(on.then(|| Outcome {
            winner: None,
            reason: "test".into(),
        })),
        Edit::State(c) => p.update_state(|s| {
            s.counter = c;
            s.notes.push(c as u8);
        }),
        Edit::ToMove => p.pass_turn(),
        _ => {}
    }
}

fn shapes() -> impl Strategy<Value = Shape> {
    (2u8..=16, 2u8..=16).prop_map(|(w, h)| Shape::new(w, h).unwrap())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn random_edits_keep_hash_layers_and_undo_exact(shape in shapes(), edits in prop::collection::vec(edit(), 1..60)) {
        let rules = Toy::new(shape);
        let mut p = rules.initial_position();
        let start = p.clone();
        let mark = p.mark();
        let mut marks = Vec::new();
        for e in &edits {
            marks.push((p.mark(), p.clone()));
            apply_edit(&mut p, e);
            prop_assert_eq!(p.hash(), p.compute_hash(), "after {:?}", e);
            let errs = p.check_invariants();
            prop_assert!(errs.is_empty(), "after {:?}: {:?}", e, errs);
        }
        // RON round trip of the edited position, every table included.
        let text = position_to_ron(&rules, &p);
        let back = position_from_ron(&rules, &text).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        prop_assert!(back == p, "RON round trip differs:\n{}", text);
        // Undo step by step, then all the way.
        for (m, snap) in marks.into_iter().rev().take(5) {
            p.undo_to(m);
            prop_assert!(p == snap);
        }
        p.undo_to(mark);
        prop_assert!(p == start);
    }

    #[test]
    fn clone_from_copies_exactly_into_a_used_position(
        shape in shapes(),
        edits in prop::collection::vec(edit(), 1..40),
        others in prop::collection::vec(edit(), 1..40),
    ) {
        let rules = Toy::new(shape);
        let mut p = rules.initial_position();
        for e in &edits {
            apply_edit(&mut p, e);
        }
        // A different position, with its own tables and journal, becomes a copy of `p`.
        let mut q = rules.initial_position();
        for e in &others {
            apply_edit(&mut q, e);
        }
        q.clone_from(&p);
        prop_assert!(q == p, "clone_from differs from the source");
        prop_assert_eq!(q.journal_len(), 0);
        prop_assert_eq!(q.hash(), q.compute_hash());
        let errs = q.check_invariants();
        prop_assert!(errs.is_empty(), "{:?}", errs);
        // And it plays on like a clone: edits and their undo.
        let copy = p.clone();
        let m = q.mark();
        for e in &others {
            apply_edit(&mut q, e);
        }
        q.undo_to(m);
        prop_assert!(q == copy, "undo after clone_from");
    }

    #[test]
    fn block_rotation_four_times_is_identity_and_keeps_layers(
        shape in shapes(),
        edits in prop::collection::vec(edit(), 1..60),
        n in 2u8..=8,
        fx in any::<u8>(),
        fy in any::<u8>(),
        q in 1u8..=3,
    ) {
        let rules = Toy::new(shape);
        let mut p = rules.initial_position();
        for e in &edits {
            apply_edit(&mut p, e);
        }
        let n = n.min(shape.width()).min(shape.height());
        let origin = Square::new(fx % (shape.width() - n + 1), fy % (shape.height() - n + 1));
        let before = p.clone();
        let quarter = block_rotation(&shape, origin, n, 1).unwrap();
        let mark = p.mark();
        for turn in 1..=4 {
            p.rotate_block(&quarter);
            let errs = p.check_invariants();
            prop_assert!(errs.is_empty(), "after {} quarter turns: {:?}", turn, errs);
            prop_assert_eq!(p.hash(), p.compute_hash());
            if turn < 4 && before.units().iter().any(|u| matches!(u.loc, Location::Board(sq) if quarter.block().contains(sq) && quarter.map(sq) != sq)) {
                prop_assert!(p != before, "a unit in the block must have moved");
            }
        }
        prop_assert!(p == before, "four quarter turns must be the identity");
        // A turn by q then by 4 - q is the identity too, and undo takes rotations back.
        p.rotate_block(&block_rotation(&shape, origin, n, q).unwrap());
        p.rotate_block(&block_rotation(&shape, origin, n, 4 - q).unwrap());
        prop_assert!(p == before);
        p.undo_to(mark);
        prop_assert!(p == before);
        // Units in the block land on the rotated squares.
        let mut r = before.clone();
        r.rotate_block(&quarter);
        for (i, u) in before.units().iter().enumerate() {
            if let Location::Board(sq) = u.loc {
                prop_assert_eq!(r.units()[i].loc, Location::Board(quarter.map(sq)));
            }
        }
        // So do table entries and marks.
        for sq in shape.squares() {
            let to = quarter.map(sq);
            prop_assert_eq!(r.tomb(to), before.tomb(sq));
            prop_assert_eq!(r.wall(to), before.wall(sq));
            prop_assert_eq!(r.trap(to), before.trap(sq));
            prop_assert_eq!(r.bomb(to), before.bomb(sq));
            // Values the core knows turn with the block: effect directions and linked
            // squares, a monad's recorded squares.
            let inside = quarter.block().contains(sq);
            let turned_effects = before.square_effects(sq).map(|list| {
                let mut list = list.clone();
                if !inside {
                    return list;
                }
                for e in list.iter_mut() {
                    e.dir = e.dir.map(|d| quarter.turn_dir(d));
                    e.link = e.link.map(|l| quarter.map(l));
                }
                list
            });
            prop_assert_eq!(r.square_effects(to).cloned(), turned_effects);
            let turned_monad = before.monads().get(sq).map(|m| {
                let mut m = m.clone();
                if !inside {
                    return m;
                }
                for st in m.program.iter_mut() {
                    st.from = quarter.map(st.from);
                    st.to = quarter.map(st.to);
                }
                m.ret = m.ret.map(|x| quarter.map(x));
                m
            });
            prop_assert_eq!(r.monads().get(to).cloned(), turned_monad);
            prop_assert_eq!(r.shadows().get(to).map(|l| l.len()), before.shadows().get(sq).map(|l| l.len()));
            for layer in 0..MARK_LAYERS {
                prop_assert_eq!(r.marks(layer).contains(to), before.marks(layer).contains(sq));
            }
        }
    }

    #[test]
    fn random_play_keeps_invariants(seed in any::<u64>(), plies in 1usize..80) {
        let rules = Toy::new(Shape::EIGHT);
        let mut g = Game::new(rules.clone());
        let mut x = seed | 1;
        let units = g.position().units().len();
        for _ in 0..plies {
            let acts = g.actions();
            if acts.is_empty() { break; }
            x ^= x << 13; x ^= x >> 7; x ^= x << 17;
            let a = acts[(x % acts.len() as u64) as usize].clone();
            let before = g.position().clone();
            g.apply(&a).unwrap();
            prop_assert!(g.position().check_invariants().is_empty());
            prop_assert_eq!(g.position().units().len(), units);
            // A foreign action is refused and changes nothing.
            let bogus = Action::step(Square::new(15, 15), Square::new(0, 15));
            let now = g.position().clone();
            prop_assert!(g.apply(&bogus).is_err());
            prop_assert!(*g.position() == now);
            let _ = before;
        }
        let text = g.to_ron();
        let g2 = Game::from_ron(rules, &text).unwrap();
        prop_assert!(g2.position() == g.position());
    }
}
