//! The core helpers the 16x16 FrozenChess games lean on, each against a plain model:
//! tomb queues kept consistent with unit locations, swaps, per-side shadow sets, block
//! rotation of values, range-limited slides, offset tables, and the allocation-free
//! outcome and action paths. Every change is undone exactly and keeps the hash.

mod toy;
use frozen_core::*;
use std::borrow::Cow;
use toy::*;

fn sq(s: &str) -> Square {
    s.parse().expect("square")
}

fn fresh() -> Position<ToyState> {
    Position::empty(Shape::SIXTEEN, ToyState::default())
}

fn ok(p: &Position<ToyState>) {
    let errs = p.check_invariants();
    assert!(errs.is_empty(), "{errs:?}");
    assert_eq!(p.hash(), p.compute_hash());
}

#[test]
fn bury_and_unbury_keep_fifo_order_locations_and_undo() {
    let mut p = fresh();
    let a = p.add_unit(
        ROOK,
        Side::White,
        Location::Board(sq("e4")),
        Status::default(),
    );
    let b = p.add_unit(
        ROOK,
        Side::Black,
        Location::Board(sq("e5")),
        Status::default(),
    );
    let c = p.add_unit(
        KING,
        Side::White,
        Location::Board(sq("a1")),
        Status::default(),
    );
    let before = p.clone();
    let m = p.mark();
    p.bury(a, sq("h8"));
    p.bury(b, sq("h8"));
    ok(&p);
    assert_eq!(p.tomb(sq("h8")).map(|t| t.queue.to_vec()), Some(vec![a, b]));
    assert_eq!(p.unit(a).loc, Location::Tomb(sq("h8")));
    assert!(p.unit_at(sq("e4")).is_none());
    // The oldest comes out first, onto the square given.
    assert_eq!(p.unbury(sq("h8"), Location::Board(sq("h8"))), Some(a));
    ok(&p);
    assert_eq!(p.unit_at(sq("h8")), Some(a));
    assert_eq!(p.tomb(sq("h8")).map(|t| t.queue.to_vec()), Some(vec![b]));
    // The last one out takes a plain tomb with it; a tomb with history stays.
    assert_eq!(p.unbury(sq("h8"), Location::Dead), Some(b));
    assert!(p.tomb(sq("h8")).is_none());
    ok(&p);
    p.bury(c, sq("c3"));
    p.set_tomb(
        sq("c3"),
        Some(Tomb {
            queue: smallvec::smallvec![c],
            explosions: 2,
            ..Tomb::default()
        }),
    );
    assert_eq!(p.unbury(sq("c3"), Location::Board(sq("c3"))), Some(c));
    assert_eq!(p.tomb(sq("c3")).map(|t| t.explosions), Some(2));
    assert_eq!(p.unbury(sq("c3"), Location::Dead), None, "empty queue");
    ok(&p);
    p.undo_to(m);
    assert!(p == before, "undo restores exactly");
    ok(&p);
}

#[test]
fn merge_tombs_appends_queue_and_moves_locations() {
    let mut p = fresh();
    let ids: Vec<UnitId> = ["a1", "b1", "c1"]
        .iter()
        .map(|s| p.add_unit(ROOK, Side::White, Location::Board(sq(s)), Status::default()))
        .collect();
    p.bury(ids[0], sq("d4"));
    p.bury(ids[1], sq("d5"));
    p.bury(ids[2], sq("d5"));
    let before = p.clone();
    let m = p.mark();
    p.merge_tombs(sq("d4"), sq("d5"));
    ok(&p);
    assert!(p.tomb(sq("d5")).is_none());
    assert_eq!(
        p.tomb(sq("d4")).map(|t| t.queue.to_vec()),
        Some(ids.clone())
    );
    assert!(ids
        .iter()
        .all(|&id| p.unit(id).loc == Location::Tomb(sq("d4"))));
    // Merging into an empty square makes a tomb there.
    p.merge_tombs(sq("e4"), sq("d4"));
    assert_eq!(p.tomb(sq("e4")).map(|t| t.queue.len()), Some(3));
    ok(&p);
    p.undo_to(m);
    assert!(p == before);
    // Burying a unit that already lies in another tomb moves it between queues.
    p.bury(ids[0], sq("d5"));
    ok(&p);
    assert!(p.tomb(sq("d4")).is_none());
    assert_eq!(
        p.tomb(sq("d5")).map(|t| t.queue.to_vec()),
        Some(vec![ids[1], ids[2], ids[0]])
    );
}

#[test]
fn swap_units_trades_squares_in_one_entry() {
    let mut p = fresh();
    let a = p.add_unit(
        ROOK,
        Side::White,
        Location::Board(sq("a1")),
        Status::default(),
    );
    let b = p.add_unit(
        KING,
        Side::Black,
        Location::Board(sq("p16")),
        Status::default(),
    );
    let before = p.clone();
    let m = p.mark();
    let len = p.journal_len();
    p.swap_units(a, b);
    assert_eq!(p.journal_len(), len + 1);
    ok(&p);
    assert_eq!(p.unit_at(sq("a1")), Some(b));
    assert_eq!(p.unit_at(sq("p16")), Some(a));
    assert_eq!(p.pieces(Side::White, ROOK), Bitboard::EMPTY.with(sq("p16")));
    p.undo_to(m);
    assert!(p == before);
}

#[test]
fn shadow_sets_follow_shadows_of_each_side() {
    let mut p = fresh();
    let a = p.add_unit(
        ROOK,
        Side::White,
        Location::Board(sq("e4")),
        Status::default(),
    );
    let b = p.add_unit(
        ROOK,
        Side::Black,
        Location::Board(sq("e5")),
        Status::default(),
    );
    let m = p.mark();
    p.relocate(a, Location::Shadow(sq("f6")));
    p.relocate(b, Location::Shadow(sq("f6")));
    ok(&p);
    assert_eq!(p.shadow_bb(Side::White), Bitboard::EMPTY.with(sq("f6")));
    assert_eq!(p.shadow_bb(Side::Black), Bitboard::EMPTY.with(sq("f6")));
    p.relocate(a, Location::Board(sq("a1")));
    assert!(p.shadow_bb(Side::White).is_empty());
    assert_eq!(p.shadow_bb(Side::Black), Bitboard::EMPTY.with(sq("f6")));
    // A conversion of a shadow changes the side that has it.
    p.set_unit_side(b, Side::White);
    ok(&p);
    assert_eq!(p.shadow_bb(Side::White), Bitboard::EMPTY.with(sq("f6")));
    assert!(p.shadow_bb(Side::Black).is_empty());
    p.undo_to(m);
    ok(&p);
    assert!(p.shadow_bb(Side::White).is_empty() && p.shadow_bb(Side::Black).is_empty());
}

#[test]
fn rotation_turns_aims_effects_and_monads_and_is_one_entry() {
    let shape = Shape::SIXTEEN;
    let mut p = fresh();
    let aim = Status {
        aim: Some(Dir::N),
        ..Status::default()
    };
    let a = p.add_unit(ROOK, Side::White, Location::Board(sq("c3")), aim);
    let outside = p.add_unit(ROOK, Side::White, Location::Board(sq("h8")), aim);
    p.set_effects(
        sq("c4"),
        Some(smallvec::smallvec![Effect {
            kind: 1,
            owner: None,
            side: None,
            dir: Some(Dir::E),
            left: 3,
            link: Some(sq("b3")),
        }]),
    );
    let rot = block_rotation(&shape, sq("b2"), 3, 1).expect("fits");
    let before = p.clone();
    let m = p.mark();
    let len = p.journal_len();
    p.rotate_block(&rot);
    assert_eq!(p.journal_len(), len + 1, "one journal entry");
    ok(&p);
    // Clockwise: c3 is the block's centre, facing north it now faces east.
    assert_eq!(p.unit(a).loc, Location::Board(sq("c3")));
    assert_eq!(p.unit(a).status.aim, Some(Dir::E));
    assert_eq!(
        p.unit(outside).status.aim,
        Some(Dir::N),
        "outside the block"
    );
    let e = p.square_effects(rot.map(sq("c4"))).expect("moved")[0].clone();
    assert_eq!(e.dir, Some(Dir::S));
    assert_eq!(e.link, Some(rot.map(sq("b3"))));
    p.undo_to(m);
    assert!(p == before);
    // A rotation by zero quarter turns records nothing.
    let none = block_rotation(&shape, sq("b2"), 3, 0).expect("fits");
    p.rotate_block(&none);
    assert_eq!(p.journal_len(), len);
}

#[test]
fn range_limited_slides_and_first_hit_agree_with_a_walk() {
    let geo = Geometry::new(Shape::SIXTEEN);
    let occ: Bitboard = ["e9", "h5", "e2", "b4"].iter().map(|s| sq(s)).collect();
    let from = sq("e5");
    for (d, dir) in Dir::ALL8.iter().enumerate() {
        for range in 0..=16u8 {
            let mut walk = Bitboard::EMPTY;
            let mut cur = from;
            for _ in 0..range {
                let Some(n) = cur.step(*dir).filter(|&t| Shape::SIXTEEN.contains(t)) else {
                    break;
                };
                walk.set(n);
                if occ.contains(n) {
                    break;
                }
                cur = n;
            }
            assert_eq!(
                geo.slide_range(from, d, occ, range),
                walk,
                "dir {d} range {range}"
            );
        }
        let hit = (geo.slide(from, d, occ) & occ).first();
        assert_eq!(geo.first_hit(from, d, occ), hit, "dir {d}");
    }
}

#[test]
fn offset_tables_are_asymmetric_reversible_and_mirrored() {
    let geo = Geometry::new(Shape::TWELVE);
    // A pawn-like forward step and a T-shaped leap arm.
    let t = geo.offsets(&[(0, 1), (-1, 1), (1, 1), (0, 2), (0, 1)]);
    assert_eq!(t.deltas().len(), 4, "duplicates dropped");
    assert_eq!(
        t.targets(sq("a1")),
        ["a2", "b2", "a3"]
            .iter()
            .map(|s| sq(s))
            .collect::<Bitboard>()
    );
    assert!(
        t.targets(sq("e12")).is_empty(),
        "nothing beyond the far rank"
    );
    let back = t.reversed();
    let black = t.mirrored();
    for s in Shape::TWELVE.squares() {
        for u in t.targets(s).iter() {
            assert!(back.targets(u).contains(s));
        }
        for u in back.targets(s).iter() {
            assert!(t.targets(u).contains(s));
        }
        let flipped = |x: Square| Square::new(x.file(), 11 - x.rank());
        let mirrored: Bitboard = t.targets(flipped(s)).iter().map(flipped).collect();
        assert_eq!(black.targets(s), mirrored);
    }
}

#[test]
fn fixed_reasons_and_long_paths_stay_off_the_heap() {
    let o = Outcome::win(Side::White, "checkmate");
    assert!(matches!(o.reason, Cow::Borrowed("checkmate")));
    assert_eq!(o.to_string(), "white wins (checkmate)");
    let sixteen: Vec<Square> = (0..16).map(|f| Square::new(f, 0)).collect();
    let a = Action::new(ActionKind::Move, &sixteen);
    assert!(!a.path.spilled(), "16 squares fit inline");
    assert_eq!(std::mem::size_of::<Path>(), 24);
}

#[test]
fn fused_components_are_visible_to_the_kind_queries() {
    let mut p = fresh();
    let base = p.add_unit(
        ROOK,
        Side::White,
        Location::Board(sq("d4")),
        Status::default(),
    );
    let part = p.add_unit(
        KING,
        Side::White,
        Location::Board(sq("a1")),
        Status::default(),
    );
    let enemy = p.add_unit(
        KING,
        Side::Black,
        Location::Board(sq("p16")),
        Status::default(),
    );
    assert_eq!(
        p.pieces_with_fused(Side::White, KING),
        p.pieces(Side::White, KING)
    );
    let m = p.mark();
    p.relocate(part, Location::Fused { base, slot: 0 });
    ok(&p);
    let d4 = Bitboard::EMPTY.with(sq("d4"));
    assert_eq!(p.pieces_with_fused(Side::White, KING), d4);
    assert!(
        p.pieces(Side::White, KING).is_empty(),
        "the plain layer shows the base only"
    );
    assert_eq!(p.kind_bb_with_fused(KING), d4.with(sq("p16")));
    assert_eq!(p.pieces_with_fused(Side::White, ROOK), d4);
    // The stack moves with its base, and leaves the board with it.
    p.move_unit(base, sq("h8"));
    assert_eq!(
        p.pieces_with_fused(Side::White, KING),
        Bitboard::EMPTY.with(sq("h8"))
    );
    p.relocate(base, Location::Dead);
    assert!(p.pieces_with_fused(Side::White, KING).is_empty());
    ok(&p);
    p.undo_to(m);
    ok(&p);
    assert_eq!(
        p.pieces_with_fused(Side::White, KING),
        Bitboard::EMPTY.with(sq("a1"))
    );
    let _ = enemy;
}

/// `touched_since` names every square a change reached since the mark, and nothing else;
/// changes that name no square set `global`; reading it changes nothing.
#[test]
fn touched_since_names_the_squares_changes_reached() {
    let mut p = fresh();
    let a = p.add_unit(
        ROOK,
        Side::White,
        Location::Board(sq("c3")),
        Status::default(),
    );
    let b = p.add_unit(
        ROOK,
        Side::Black,
        Location::Board(sq("h8")),
        Status::default(),
    );
    let c = p.add_unit(
        ROOK,
        Side::Black,
        Location::Board(sq("m12")),
        Status::default(),
    );
    let m = p.mark();
    assert_eq!(p.touched_since(m), Touched::default());

    p.move_unit(a, sq("c7"));
    p.update_status(b, |s| s.range = 2);
    p.set_mark(0, sq("p1"), true);
    p.bury(c, sq("m12"));
    let t = p.touched_since(m);
    let want: Bitboard = ["c3", "c7", "h8", "p1", "m12"]
        .iter()
        .fold(Bitboard::EMPTY, |bb, s| bb.with(sq(s)));
    assert_eq!(t.squares, want);
    assert!(!t.global && !t.unplaced);

    // A turned block names all its squares; a new state names none but is global.
    let m2 = p.mark();
    let rot = block_rotation(&Shape::SIXTEEN, sq("b2"), 3, 1).expect("block");
    p.rotate_block(&rot);
    p.update_state(|s| s.counter += 1);
    let t2 = p.touched_since(m2);
    assert_eq!(t2.squares, rot.block());
    assert!(t2.global);
    // The earlier mark sees both rounds.
    assert_eq!(p.touched_since(m).squares, want | rot.block());

    p.undo_to(m);
    ok(&p);
    assert_eq!(p.touched_since(m), Touched::default());
}
