//! Example-based tests of squares, sides, directions, shapes, geometry tables
//! and block rotations.

use frozen_core::{
    block_rotation, Bitboard, BySide, Dir, Geometry, GeometryError, Shape, ShapeError, Side, Square,
};

fn sq(name: &str) -> Square {
    name.parse().expect("test square names are valid")
}

fn set(names: &[&str]) -> Bitboard {
    names.iter().map(|n| sq(n)).collect()
}

#[test]
fn square_names_round_trip_for_all_256_squares() {
    let mut seen = std::collections::HashSet::new();
    for s in Square::all() {
        let name = s.to_string();
        assert_eq!(name.parse::<Square>(), Ok(s), "{name}");
        assert_eq!(format!("{s:?}"), name);
        assert!(seen.insert(name));
    }
    assert_eq!(seen.len(), 256);
    assert_eq!(Square::all().count(), 256);
    assert!(Square::all().enumerate().all(|(i, s)| s.index() == i));
}

#[test]
fn square_coordinates() {
    let e4 = sq("e4");
    assert_eq!((e4.file(), e4.rank(), e4.index()), (4, 3, 52));
    assert_eq!(Square::new(4, 3), e4);
    assert_eq!(Square::new(15, 15).to_string(), "p16");
    assert_eq!(
        Square::new(16 + 4, 16 + 3),
        e4,
        "coordinates are masked to 0..15"
    );
    assert_eq!(Square::from_index(255), sq("p16"));
    assert_eq!(Square::try_new(0, 0), Some(sq("a1")));
    assert_eq!(Square::try_new(16, 0), None);
    assert_eq!(Square::try_new(0, -1), None);
    assert_eq!(e4.offset(2, 1), Some(sq("g5")));
    assert_eq!(sq("a1").offset(-1, 0), None);
    assert_eq!(sq("p16").offset(0, 1), None);
    assert_eq!(sq("a1").offset(15, 15), Some(sq("p16")));
    assert_eq!(sq("a1").offset(i32::MAX, 0), None);
    assert_eq!(e4.step(Dir::NW), Some(sq("d5")));
    assert_eq!(sq("a1").distance(sq("c7")), 6);
}

#[test]
fn square_colours_follow_chess() {
    assert!(!sq("a1").is_light());
    assert!(sq("h1").is_light());
    assert!(!sq("h8").is_light());
    assert!(
        !sq("h16").is_light(),
        "Black's queen starts on her own (dark) colour"
    );
    assert!(sq("b1").is_light());
}

#[test]
fn bad_square_names_are_errors() {
    let cases = [
        ("", "empty name"),
        ("q3", "file must be a..p"),
        ("A1", "file must be a..p"),
        ("3a", "file must be a..p"),
        (" a1", "file must be a..p"),
        ("é1", "file must be a..p"),
        ("a", "missing rank"),
        ("a0", "rank must be 1..16 without leading zeros"),
        ("a01", "rank must be 1..16 without leading zeros"),
        ("a17", "rank must be 1..16"),
        ("a99", "rank must be 1..16"),
        ("a100", "rank must be 1..16"),
        ("a1 ", "rank must be a number 1..16"),
        ("a+1", "rank must be a number 1..16"),
        ("a-1", "rank must be a number 1..16"),
        ("p1x", "rank must be a number 1..16"),
    ];
    for (input, reason) in cases {
        let err = input.parse::<Square>().expect_err(input);
        assert_eq!(err.input, input);
        assert_eq!(err.reason, reason, "{input:?}");
    }
    let err = "q3".parse::<Square>().expect_err("q is no file");
    assert_eq!(err.to_string(), "bad square name \"q3\": file must be a..p");
    let _: &dyn std::error::Error = &err;
}

#[test]
fn squares_serialize_as_names() {
    assert_eq!(ron::to_string(&sq("e4")).expect("serializes"), "\"e4\"");
    assert_eq!(
        ron::from_str::<Square>("\"p16\"").expect("parses"),
        sq("p16")
    );
    let err = ron::from_str::<Square>("\"z9\"").expect_err("z is no file");
    assert!(err.to_string().contains("\"z9\""), "{err}");
    assert!(ron::from_str::<Square>("5").is_err());
}

#[test]
fn sides() {
    assert_eq!(Side::White.opposite(), Side::Black);
    assert_eq!(Side::Black.opposite(), Side::White);
    assert_eq!(Side::ALL.map(Side::index), [0, 1]);
    assert_eq!(Side::from_char('w'), Some(Side::White));
    assert_eq!(Side::from_char('b'), Some(Side::Black));
    assert_eq!(Side::from_char('W'), None);
    assert_eq!(Side::from_char('x'), None);
    assert_eq!(Side::Black.to_char(), 'b');
    assert_eq!(Side::White.to_string(), "white");
    assert_eq!(Side::Black.to_string(), "black");

    let mut pair = BySide::new(1, 2);
    pair[Side::Black] += 10;
    assert_eq!(pair[Side::White], 1);
    assert_eq!(pair[Side::Black], 12);
    assert_eq!(pair.map(|x| x * 2), BySide([2, 24]));
    assert_eq!(BySide::<u8>::default(), BySide([0, 0]));
    let text = ron::to_string(&pair).expect("serializes");
    assert_eq!(ron::from_str::<BySide<i32>>(&text).expect("parses"), pair);
}

#[test]
fn directions() {
    assert_eq!(
        Dir::ALL8,
        [
            Dir::N,
            Dir::NE,
            Dir::E,
            Dir::SE,
            Dir::S,
            Dir::SW,
            Dir::W,
            Dir::NW
        ]
    );
    for (i, d) in Dir::ALL8.into_iter().enumerate() {
        assert_eq!(d.index8(), Some(i));
        assert_eq!(d.reversed(), Dir::ALL8[(i + 4) % 8]);
        assert_eq!(d.turned_right(), Dir::ALL8[(i + 2) % 8]);
        assert_eq!(d.turned_left(), Dir::ALL8[(i + 6) % 8]);
        assert_eq!(d.rotated_cw(1), d.turned_right());
        assert_eq!(d.rotated_cw(4), d);
    }
    assert_eq!(Dir::new(1, 2).index8(), None);
    assert_eq!(Dir::new(0, 0).index8(), None);
    assert_eq!(Dir::ORTHO, [Dir::N, Dir::E, Dir::S, Dir::W]);
    assert_eq!(Dir::DIAG, [Dir::NE, Dir::SE, Dir::SW, Dir::NW]);
    assert_eq!(Dir::forward(Side::White), Dir::N);
    assert_eq!(Dir::forward(Side::Black), Dir::S);
    assert_eq!(Dir::N.turned_left(), Dir::W);
    assert_eq!(Dir::N.turned_right(), Dir::E);
    assert_eq!(Dir::new(1, 2).turned_right(), Dir::new(2, -1));
}

#[test]
fn directions_relative_to_a_forward() {
    let black = Dir::forward(Side::Black);
    assert_eq!(Dir::NE.relative_to(black), Dir::SW);
    assert_eq!(Dir::N.relative_to(black), Dir::S);
    assert_eq!(Dir::new(1, 2).relative_to(black), Dir::new(-1, -2));
    // A pawn aimed east: forward is E, its forward-left is NE.
    assert_eq!(Dir::N.relative_to(Dir::E), Dir::E);
    assert_eq!(Dir::NW.relative_to(Dir::E), Dir::NE);
    assert_eq!(Dir::NE.relative_to(Dir::E), Dir::SE);
    // Diagonal forwards turn by 45 degrees along the square ring.
    assert_eq!(Dir::N.relative_to(Dir::NE), Dir::NE);
    assert_eq!(Dir::new(0, 2).relative_to(Dir::NE), Dir::new(2, 2));
    assert_eq!(Dir::new(1, 2).relative_to(Dir::NE), Dir::new(2, 1));
    assert_eq!(Dir::N.relative_to(Dir::NW), Dir::NW);
    assert_eq!(
        Dir::N.relative_to(Dir::new(0, 3)),
        Dir::N,
        "only the sign of forward counts"
    );
    assert_eq!(Dir::NE.relative_to(Dir::new(0, 0)), Dir::NE);
}

#[test]
fn shapes_and_their_names() {
    assert_eq!(Shape::EIGHT, Shape::new(8, 8).expect("valid"));
    assert_eq!(Shape::TWELVE.to_string(), "12x12");
    assert_eq!("12x12".parse::<Shape>(), Ok(Shape::TWELVE));
    assert_eq!("16x10".parse::<Shape>(), Shape::new(16, 10));
    assert_eq!(Shape::square(16), Ok(Shape::SIXTEEN));
    assert_eq!(
        Shape::new(0, 8),
        Err(ShapeError::Size {
            width: 0,
            height: 8
        })
    );
    assert_eq!(
        Shape::new(8, 17).expect_err("too tall").to_string(),
        "bad board shape 8x17: width and height must each be 1..16"
    );
    for bad in [
        "", "8", "8x", "x8", "08x8", "8X8", "8x8x8", "17x8", "0x8", "8 x8", "+8x8", "8x100",
    ] {
        let err = bad.parse::<Shape>().expect_err(bad);
        assert!(err.to_string().contains("bad board shape"), "{bad}: {err}");
    }
    assert_eq!(Shape::TWELVE.width(), 12);
    assert_eq!(Shape::new(10, 6).expect("valid").height(), 6);
    assert_eq!(Shape::EIGHT.far_rank(Side::White), 7);
    assert_eq!(Shape::EIGHT.far_rank(Side::Black), 0);
    assert!(Shape::EIGHT.contains(sq("h8")));
    assert!(!Shape::EIGHT.contains(sq("i1")));
    assert!(!Shape::EIGHT.contains(sq("a9")));
    assert!(Shape::EIGHT.contains_coords(7, 0));
    assert!(!Shape::EIGHT.contains_coords(-1, 0));
    assert_eq!(Shape::EIGHT.mask().count(), 64);
    assert_eq!(Shape::TWELVE.mask().count(), 144);
    assert_eq!(Shape::SIXTEEN.mask(), Bitboard::FULL);
    assert_eq!(
        Shape::EIGHT.file_mask(0),
        set(&["a1", "a2", "a3", "a4", "a5", "a6", "a7", "a8"])
    );
    assert_eq!(Shape::EIGHT.file_mask(8), Bitboard::EMPTY);
    assert_eq!(Shape::EIGHT.rank_mask(200), Bitboard::EMPTY);
    let first: Vec<String> = Shape::EIGHT
        .squares()
        .take(10)
        .map(|s| s.to_string())
        .collect();
    assert_eq!(
        first,
        ["a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1", "a2", "b2"]
    );
    assert_eq!(Shape::EIGHT.squares().count(), 64);

    let text = ron::to_string(&Shape::TWELVE).expect("serializes");
    assert_eq!(ron::from_str::<Shape>(&text), Ok(Shape::TWELVE));
    let err = ron::from_str::<Shape>("(width: 17, height: 8)").expect_err("too wide");
    assert!(err.to_string().contains("17x8"), "{err}");
}

#[test]
fn bitboard_basics_and_debug_grid() {
    let bb = set(&["a1", "p16", "e4"]);
    assert_eq!(bb.count(), 3);
    assert_eq!(bb.first(), Some(sq("a1")));
    assert_eq!(bb.last(), Some(sq("p16")));
    let grid = format!("{:?}", set(&["a1", "b16"]));
    let lines: Vec<&str> = grid.lines().collect();
    assert_eq!(lines.len(), 16);
    assert_eq!(lines[0], ". X . . . . . . . . . . . . . .");
    assert_eq!(lines[15], "X . . . . . . . . . . . . . . .");
    assert!(lines[1..15].iter().all(|l| !l.contains('X')));
    assert_eq!(Bitboard::default(), Bitboard::EMPTY);
    assert_eq!(Bitboard::FULL.count(), 256);
    assert_eq!(Bitboard::rect(1, 3, 1, 3), set(&["b2", "c2", "b3", "c3"]));
    assert_eq!(Bitboard::from(sq("c3")), set(&["c3"]));
}

#[test]
fn bitboards_serialize_as_square_lists() {
    let bb = set(&["e4", "a1", "p16"]);
    let text = ron::to_string(&bb).expect("serializes");
    assert_eq!(text, "[\"a1\",\"e4\",\"p16\"]");
    assert_eq!(ron::from_str::<Bitboard>(&text), Ok(bb));
    assert_eq!(ron::from_str::<Bitboard>("[]"), Ok(Bitboard::EMPTY));
    let err = ron::from_str::<Bitboard>("[\"a1\", \"a1\"]").expect_err("duplicate");
    assert!(err.to_string().contains("a1"), "{err}");
    let err = ron::from_str::<Bitboard>("[\"a1\", \"a0\"]").expect_err("bad name");
    assert!(err.to_string().contains("\"a0\""), "{err}");
}

#[test]
fn edge_shifts_never_leak_for_any_shape() {
    for w in 1..=16 {
        for h in 1..=16 {
            let shape = Shape::new(w, h).expect("valid");
            for d in Dir::ALL8 {
                let moved = Bitboard::FULL.shift(d, &shape);
                assert!(moved.is_subset(shape.mask()), "{shape} {d}");
                // Everything except the file and rank the move vacates.
                let keep = |len: u8, delta: i8| i32::from(len) - i32::from(delta.abs());
                let expect = keep(w, d.df).max(0) * keep(h, d.dr).max(0);
                let expect = expect as u32;
                assert_eq!(moved.count(), expect, "{shape} {d}");
            }
        }
    }
    let e = Shape::EIGHT;
    assert_eq!(set(&["h4"]).shift(Dir::E, &e), Bitboard::EMPTY);
    assert_eq!(set(&["a4"]).shift(Dir::W, &e), Bitboard::EMPTY);
    assert_eq!(set(&["e8"]).shift(Dir::N, &e), Bitboard::EMPTY);
    assert_eq!(
        set(&["i1"]).shift(Dir::W, &e),
        Bitboard::EMPTY,
        "sources off the board are dropped"
    );
    assert_eq!(set(&["e4"]).shift(Dir::new(1, 2), &e), set(&["f6"]));
    assert_eq!(
        set(&["a1"]).shift(Dir::new(15, 15), &Shape::SIXTEEN),
        set(&["p16"])
    );
    assert_eq!(set(&["a1"]).shift(Dir::new(8, 0), &e), Bitboard::EMPTY);
}

#[test]
fn tables_on_the_eight_by_eight_board() {
    let geo = Geometry::new(Shape::EIGHT);
    assert_eq!(geo.shape(), Shape::EIGHT);
    assert_eq!(geo.mask(), Shape::EIGHT.mask());
    assert_eq!(geo.knight(sq("a1")), set(&["b3", "c2"]));
    assert_eq!(geo.knight(sq("e4")).count(), 8);
    assert_eq!(geo.knight(sq("i1")), Bitboard::EMPTY);
    assert_eq!(geo.king(sq("h8")), set(&["g8", "g7", "h7"]));
    assert_eq!(geo.ray(0, sq("e6")), set(&["e7", "e8"]));
    assert_eq!(geo.ray(5, sq("c3")), set(&["b2", "a1"]));
    let occupied = set(&["e6", "e2", "b4"]);
    assert_eq!(geo.slide(sq("e4"), 0, occupied), set(&["e5", "e6"]));
    assert_eq!(geo.slide(sq("e4"), 4, occupied), set(&["e3", "e2"]));
    assert_eq!(geo.slide(sq("e4"), 6, occupied), set(&["d4", "c4", "b4"]));
    assert_eq!(
        geo.slides(sq("e4"), &[2], occupied),
        set(&["f4", "g4", "h4"])
    );
    assert_eq!(geo.between(sq("a1"), sq("d4")), set(&["b2", "c3"]));
    assert_eq!(geo.between(sq("h1"), sq("h4")), set(&["h2", "h3"]));
    assert_eq!(geo.between(sq("a1"), sq("b3")), Bitboard::EMPTY);
    assert_eq!(geo.between(sq("a1"), sq("b2")), Bitboard::EMPTY);
    assert_eq!(geo.between(sq("a1"), sq("a1")), Bitboard::EMPTY);
    assert_eq!(
        geo.between(sq("a1"), sq("a12")),
        Bitboard::EMPTY,
        "off the board"
    );

    let camel = geo.leaper(1, 3);
    assert_eq!(camel.targets(sq("a1")), set(&["b4", "d2"]));
    assert_eq!(camel.leap(), (1, 3));
    assert_eq!(camel.shape(), Shape::EIGHT);
    let knight = geo.leaper(2, 1);
    assert!(Square::all().all(|s| knight.targets(s) == geo.knight(s)));
    let zero = geo.leaper(0, 0);
    assert!(Square::all().all(|s| zero.targets(s).is_empty()));
    assert_eq!(geo.leaper(2, 0).targets(sq("a1")), set(&["a3", "c1"]));
    assert!(format!("{geo:?}").contains("Geometry"));
    assert!(format!("{camel:?}").contains("LeaperTable"));
}

#[test]
fn block_rotation_turns_clockwise_as_seen_from_white() {
    let shape = Shape::EIGHT;
    let rot = block_rotation(&shape, sq("a1"), 2, 1).expect("fits");
    assert_eq!(rot.map(sq("a1")), sq("a2"));
    assert_eq!(rot.map(sq("a2")), sq("b2"));
    assert_eq!(rot.map(sq("b2")), sq("b1"));
    assert_eq!(rot.map(sq("b1")), sq("a1"));
    assert_eq!(rot.map(sq("c3")), sq("c3"));
    assert_eq!(rot.block(), set(&["a1", "b1", "a2", "b2"]));
    assert_eq!(
        rot.pairs().collect::<Vec<_>>(),
        [
            (sq("a1"), sq("a2")),
            (sq("b1"), sq("a1")),
            (sq("a2"), sq("b2")),
            (sq("b2"), sq("b1")),
        ]
    );
    assert_eq!(rot.apply(set(&["a1", "h8"])), set(&["a2", "h8"]));
    assert_eq!(
        rot.inverse(),
        block_rotation(&shape, sq("a1"), 2, 3).expect("fits")
    );
    assert_eq!(
        (rot.origin(), rot.size(), rot.quarter_turns()),
        (sq("a1"), 2, 1)
    );

    let three = block_rotation(&shape, sq("c3"), 3, 1).expect("fits");
    assert_eq!(three.map(sq("d4")), sq("d4"), "the centre stays");
    assert_eq!(three.map(sq("c5")), sq("e5"), "top-left goes to top-right");
    let half = block_rotation(&shape, sq("c3"), 3, 2).expect("fits");
    assert_eq!(half.map(sq("c3")), sq("e5"));
    let none = block_rotation(&shape, sq("c3"), 3, 0).expect("fits");
    assert!(none.pairs().all(|(a, b)| a == b));
}

#[test]
fn block_rotation_errors_say_why() {
    let shape = Shape::EIGHT;
    assert_eq!(
        block_rotation(&shape, sq("a1"), 1, 1),
        Err(GeometryError::BlockSize { n: 1 })
    );
    assert_eq!(
        block_rotation(&Shape::SIXTEEN, sq("a1"), 9, 1),
        Err(GeometryError::BlockSize { n: 9 })
    );
    assert_eq!(
        block_rotation(&shape, sq("a1"), 2, 4),
        Err(GeometryError::QuarterTurns { quarter_turns: 4 })
    );
    let err = block_rotation(&shape, sq("g7"), 3, 1).expect_err("off the board");
    assert_eq!(
        err,
        GeometryError::BlockOffBoard {
            origin: sq("g7"),
            n: 3,
            shape
        }
    );
    assert_eq!(
        err.to_string(),
        "the 3x3 block with lower-left corner g7 does not fit on the 8x8 board"
    );
    assert!(block_rotation(&Shape::SIXTEEN, sq("p16"), 2, 1).is_err());
    assert!(block_rotation(&shape, sq("g7"), 2, 1).is_ok());
    let _: &dyn std::error::Error = &err;
}
