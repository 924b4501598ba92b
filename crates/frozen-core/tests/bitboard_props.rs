//! Property tests of the bitboard and geometry layer against naive models: a
//! set of squares is modelled as 256 booleans, board tables as step-by-step
//! walks over coordinates.

use frozen_core::{block_rotation, Bitboard, Dir, Geometry, Shape, Square};
use proptest::collection::vec;
use proptest::prelude::*;

/// The naive model of a square set.
type Model = [bool; 256];

/// Reads the raw bits, without going through the methods under test.
fn model(bb: Bitboard) -> Model {
    std::array::from_fn(|i| (bb.0[i / 64] >> (i % 64)) & 1 == 1)
}

/// Writes the raw bits, without going through the methods under test.
fn from_model(m: &Model) -> Bitboard {
    let mut limbs = [0u64; 4];
    for (i, _) in m.iter().enumerate().filter(|(_, &b)| b) {
        limbs[i / 64] |= 1 << (i % 64);
    }
    Bitboard(limbs)
}

fn model_indices(m: &Model) -> Vec<usize> {
    (0..256).filter(|&i| m[i]).collect()
}

fn in_shape(shape: Shape, file: i32, rank: i32) -> bool {
    file >= 0 && rank >= 0 && file < i32::from(shape.width()) && rank < i32::from(shape.height())
}

fn idx(file: i32, rank: i32) -> usize {
    (rank * 16 + file) as usize
}

fn shapes() -> impl Strategy<Value = Shape> {
    (1u8..=16, 1u8..=16).prop_map(|(w, h)| Shape::new(w, h).expect("1..=16 is valid"))
}

fn squares() -> impl Strategy<Value = Square> {
    any::<u8>().prop_map(Square::from_index)
}

/// Dense random sets, sparse ones, and the extremes.
fn bitboards() -> impl Strategy<Value = Bitboard> {
    prop_oneof![
        4 => prop::array::uniform4(any::<u64>()).prop_map(Bitboard),
        4 => vec(any::<u8>(), 0..12).prop_map(|v| {
            let mut m = [false; 256];
            for i in v {
                m[usize::from(i)] = true;
            }
            from_model(&m)
        }),
        1 => Just(Bitboard::EMPTY),
        1 => Just(Bitboard::FULL),
    ]
}

/// Any displacement the shift accepts, biased toward the unit directions.
fn dirs() -> impl Strategy<Value = Dir> {
    prop_oneof![
        2 => prop::sample::select(Dir::ALL8.to_vec()),
        2 => (-16i8..=16, -16i8..=16).prop_map(|(df, dr)| Dir::new(df, dr)),
        1 => (any::<i8>(), any::<i8>()).prop_map(|(df, dr)| Dir::new(df, dr)),
    ]
}

fn naive_shift(m: &Model, dir: Dir, shape: Shape) -> Model {
    let mut out = [false; 256];
    for i in model_indices(m) {
        let (f, r) = ((i % 16) as i32, (i / 16) as i32);
        let (tf, tr) = (f + i32::from(dir.df), r + i32::from(dir.dr));
        if in_shape(shape, f, r) && in_shape(shape, tf, tr) {
            out[idx(tf, tr)] = true;
        }
    }
    out
}

fn naive_ray(shape: Shape, sq: Square, d: Dir, occupied: &Model, stop: bool) -> Model {
    let mut out = [false; 256];
    let (mut f, mut r) = (i32::from(sq.file()), i32::from(sq.rank()));
    if !in_shape(shape, f, r) {
        return out;
    }
    loop {
        f += i32::from(d.df);
        r += i32::from(d.dr);
        if !in_shape(shape, f, r) {
            break;
        }
        out[idx(f, r)] = true;
        if stop && occupied[idx(f, r)] {
            break;
        }
    }
    out
}

fn naive_leaper(shape: Shape, sq: Square, df: i32, dr: i32) -> Model {
    let mut out = [false; 256];
    let (f, r) = (i32::from(sq.file()), i32::from(sq.rank()));
    if !in_shape(shape, f, r) || (df == 0 && dr == 0) {
        return out;
    }
    for (a, b) in [(df, dr), (dr, df)] {
        for (sa, sb) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
            let (tf, tr) = (f + sa * a, r + sb * b);
            if in_shape(shape, tf, tr) {
                out[idx(tf, tr)] = true;
            }
        }
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn binary_operators_match_model(a in bitboards(), b in bitboards()) {
        let (ma, mb) = (model(a), model(b));
        let expect = |op: fn(bool, bool) -> bool| -> Model { std::array::from_fn(|i| op(ma[i], mb[i])) };
        prop_assert_eq!(model(a & b), expect(|x, y| x && y));
        prop_assert_eq!(model(a | b), expect(|x, y| x || y));
        prop_assert_eq!(model(a ^ b), expect(|x, y| x != y));
        prop_assert_eq!(model(a - b), expect(|x, y| x && !y));
        let mut c = a;
        c &= b;
        prop_assert_eq!(c, a & b);
        let mut c = a;
        c |= b;
        prop_assert_eq!(c, a | b);
        let mut c = a;
        c ^= b;
        prop_assert_eq!(c, a ^ b);
        let mut c = a;
        c -= b;
        prop_assert_eq!(c, a - b);
        let subset = (0..256).all(|i| !ma[i] || mb[i]);
        prop_assert_eq!(a.is_subset(b), subset);
        let meet = (0..256).any(|i| ma[i] && mb[i]);
        prop_assert_eq!(a.intersects(b), meet);
        prop_assert!((a & b).is_subset(a));
        prop_assert!(a.is_subset(a | b));
    }

    #[test]
    fn not_matches_model(a in bitboards()) {
        let ma = model(a);
        let expect: Model = std::array::from_fn(|i| !ma[i]);
        prop_assert_eq!(model(!a), expect);
        prop_assert_eq!(!!a, a);
    }

    #[test]
    fn raw_shifts_match_model(a in bitboards(), n in 0u32..300) {
        let ma = model(a);
        let left: Model = std::array::from_fn(|i| (i as u32) >= n && ma[i - n as usize]);
        let right: Model = std::array::from_fn(|i| (i as u32 + n) < 256 && ma[i + n as usize]);
        prop_assert_eq!(model(a.shl(n)), left);
        prop_assert_eq!(model(a.shr(n)), right);
        prop_assert_eq!(a << n, a.shl(n));
        prop_assert_eq!(a >> n, a.shr(n));
    }

    #[test]
    fn counting_and_iteration_match_model(a in bitboards()) {
        let ma = model(a);
        let idxs = model_indices(&ma);
        prop_assert_eq!(a.count() as usize, idxs.len());
        prop_assert_eq!(a.is_empty(), idxs.is_empty());
        prop_assert_eq!(a.any(), !idxs.is_empty());
        let listed: Vec<usize> = a.iter().map(Square::index).collect();
        prop_assert_eq!(&listed, &idxs);
        let via_into: Vec<usize> = a.into_iter().map(Square::index).collect();
        prop_assert_eq!(&via_into, &idxs);
        let backwards: Vec<usize> = a.iter().rev().map(Square::index).collect();
        let mut reversed = idxs.clone();
        reversed.reverse();
        prop_assert_eq!(backwards, reversed);
        prop_assert_eq!(a.iter().len(), idxs.len());
        prop_assert_eq!(a.first().map(Square::index), idxs.first().copied());
        prop_assert_eq!(a.last().map(Square::index), idxs.last().copied());
        let single = if idxs.len() == 1 { Some(idxs[0]) } else { None };
        prop_assert_eq!(a.single_square().map(Square::index), single);
        prop_assert_eq!(a.more_than_one(), idxs.len() > 1);
        prop_assert_eq!(a.iter().collect::<Bitboard>(), a);

        let mut popped = Vec::new();
        let mut rest = a;
        while let Some(sq) = rest.pop_first() {
            popped.push(sq.index());
            prop_assert!(!rest.contains(sq));
        }
        prop_assert_eq!(&popped, &idxs);
        prop_assert!(rest.is_empty());

        let mut popped = Vec::new();
        let mut rest = a;
        while let Some(sq) = rest.pop_last() {
            popped.push(sq.index());
        }
        popped.reverse();
        prop_assert_eq!(&popped, &idxs);
    }

    #[test]
    fn single_square_edits_match_model(a in bitboards(), sq in squares()) {
        let ma = model(a);
        let i = sq.index();
        prop_assert_eq!(a.contains(sq), ma[i]);
        let mut with = ma;
        with[i] = true;
        let mut without = ma;
        without[i] = false;
        let mut toggled = ma;
        toggled[i] = !ma[i];
        prop_assert_eq!(model(a.with(sq)), with);
        prop_assert_eq!(model(a.without(sq)), without);
        let mut b = a;
        b.set(sq);
        prop_assert_eq!(model(b), with);
        let mut b = a;
        b.clear(sq);
        prop_assert_eq!(model(b), without);
        let mut b = a;
        b.toggle(sq);
        prop_assert_eq!(model(b), toggled);
        let one = Bitboard::from_square(sq);
        prop_assert_eq!(model_indices(&model(one)), vec![i]);
        prop_assert_eq!(one.single_square(), Some(sq));
    }

    #[test]
    fn shift_matches_model(a in bitboards(), dir in dirs(), shape in shapes()) {
        let got = a.shift(dir, &shape);
        prop_assert_eq!(model(got), naive_shift(&model(a), dir, shape));
        prop_assert!(got.is_subset(shape.mask()));
    }

    #[test]
    fn unit_shifts_never_leak(a in bitboards(), shape in shapes()) {
        for d in Dir::ALL8 {
            let got = a.shift(d, &shape);
            prop_assert!(got.is_subset(shape.mask()), "{:?} on {} leaked:\n{:?}", d, shape, got);
            // Within the board a unit shift is undone by the opposite shift.
            let back = got.shift(d.reversed(), &shape);
            prop_assert!(back.is_subset(a & shape.mask()));
        }
    }

    #[test]
    fn shape_masks_match_model(shape in shapes(), n in 0u8..20) {
        let expect: Model = std::array::from_fn(|i| in_shape(shape, (i % 16) as i32, (i / 16) as i32));
        prop_assert_eq!(model(shape.mask()), expect);
        let file: Model = std::array::from_fn(|i| expect[i] && i % 16 == usize::from(n));
        let rank: Model = std::array::from_fn(|i| expect[i] && i / 16 == usize::from(n));
        prop_assert_eq!(model(shape.file_mask(n)), file);
        prop_assert_eq!(model(shape.rank_mask(n)), rank);
        let scan: Vec<usize> = shape.squares().map(Square::index).collect();
        prop_assert_eq!(scan, model_indices(&expect));
        for sq in Square::all() {
            prop_assert_eq!(shape.contains(sq), expect[sq.index()]);
        }
    }

    #[test]
    fn rays_and_slides_match_model(shape in shapes(), sq in squares(), occ in bitboards()) {
        let geo = Geometry::new(shape);
        let mocc = model(occ);
        let nothing = [false; 256];
        let mut all_dirs = Bitboard::EMPTY;
        for (di, d) in Dir::ALL8.into_iter().enumerate() {
            prop_assert_eq!(model(geo.ray(di, sq)), naive_ray(shape, sq, d, &nothing, false));
            let slide = geo.slide(sq, di, occ);
            prop_assert_eq!(model(slide), naive_ray(shape, sq, d, &mocc, true));
            all_dirs |= slide;
        }
        prop_assert_eq!(geo.slides(sq, &[0, 1, 2, 3, 4, 5, 6, 7], occ), all_dirs);
        prop_assert_eq!(geo.slides(sq, &[], occ), Bitboard::EMPTY);
        prop_assert_eq!(geo.ray(8, sq), Bitboard::EMPTY);
        prop_assert_eq!(geo.slide(sq, 99, occ), Bitboard::EMPTY);
    }

    #[test]
    fn between_matches_model(shape in shapes(), a in squares(), b in squares()) {
        let geo = Geometry::new(shape);
        let (df, dr) = (i32::from(b.file()) - i32::from(a.file()), i32::from(b.rank()) - i32::from(a.rank()));
        let mut expect = [false; 256];
        let aligned = (df, dr) != (0, 0) && (df == 0 || dr == 0 || df.abs() == dr.abs());
        let on_board = shape.contains(a) && shape.contains(b);
        if aligned && on_board {
            let (sf, sr) = (df.signum(), dr.signum());
            let (mut f, mut r) = (i32::from(a.file()) + sf, i32::from(a.rank()) + sr);
            while (f, r) != (i32::from(b.file()), i32::from(b.rank())) {
                expect[idx(f, r)] = true;
                f += sf;
                r += sr;
            }
        }
        prop_assert_eq!(model(geo.between(a, b)), expect);
        prop_assert_eq!(geo.between(a, b), geo.between(b, a));
    }

    #[test]
    fn leapers_match_model(shape in shapes(), sq in squares(), df in 0u8..18, dr in 0u8..18) {
        let geo = Geometry::new(shape);
        let table = geo.leaper(df, dr);
        prop_assert_eq!(model(table.targets(sq)), naive_leaper(shape, sq, i32::from(df), i32::from(dr)));
        prop_assert_eq!(table.leap(), (df, dr));
        prop_assert_eq!(model(geo.knight(sq)), naive_leaper(shape, sq, 1, 2));
        let mut king = naive_leaper(shape, sq, 1, 0);
        let diag = naive_leaper(shape, sq, 1, 1);
        for i in 0..256 {
            king[i] |= diag[i];
        }
        prop_assert_eq!(model(geo.king(sq)), king);
    }

    #[test]
    fn block_rotation_cycles(
        shape in shapes(),
        n in 2u8..=8,
        f in 0u8..16,
        r in 0u8..16,
        turns in 0u8..4,
        a in bitboards(),
    ) {
        let origin = Square::new(f, r);
        let fits = f + n <= shape.width() && r + n <= shape.height();
        let rot = block_rotation(&shape, origin, n, turns);
        prop_assert_eq!(rot.is_ok(), fits);
        let Ok(rot) = rot else { return Ok(()); };
        let block = rot.block();
        prop_assert_eq!(block.count(), u32::from(n) * u32::from(n));
        prop_assert!(block.is_subset(shape.mask()));

        let four = (0..4).fold(a, |acc, _| rot.apply(acc));
        prop_assert_eq!(four, a);
        let one = block_rotation(&shape, origin, n, 1).expect("fits");
        let three = block_rotation(&shape, origin, n, 3).expect("fits");
        prop_assert_eq!(three.apply(one.apply(a)), a);
        prop_assert_eq!(one.apply(three.apply(a)), a);
        prop_assert_eq!(rot.inverse().apply(rot.apply(a)), a);
        prop_assert_eq!(rot.inverse().inverse(), rot);

        // apply agrees with map, square by square, and is a bijection.
        let rotated = rot.apply(a);
        prop_assert_eq!(rotated.count(), a.count());
        prop_assert_eq!(rotated - block, a - block);
        for sq in Square::all() {
            prop_assert_eq!(rotated.contains(rot.map(sq)), a.contains(sq));
            if !block.contains(sq) {
                prop_assert_eq!(rot.map(sq), sq);
            }
        }
        let images: Bitboard = rot.pairs().map(|(_, to)| to).collect();
        prop_assert_eq!(images, block);
        prop_assert_eq!(rot.pairs().count(), block.count() as usize);
        for (from, to) in rot.pairs() {
            prop_assert_eq!(rot.map(from), to);
            prop_assert_eq!(rot.inverse().map(to), from);
        }
    }

    #[test]
    fn square_parse_accepts_only_canonical_names(s in "[a-r]?[0-9]{0,3}|[A-Za-z0-9 +-]{0,4}|\\PC{0,5}") {
        match s.parse::<Square>() {
            Ok(sq) => prop_assert_eq!(sq.to_string(), s),
            Err(e) => {
                prop_assert_eq!(&e.input, &s);
                prop_assert!(!Square::all().any(|sq| sq.to_string() == s));
            }
        }
    }

    #[test]
    fn shape_parse_accepts_only_canonical_names(s in "[0-9]{0,3}x[0-9]{0,3}|\\PC{0,6}") {
        match s.parse::<Shape>() {
            Ok(shape) => prop_assert_eq!(shape.to_string(), s),
            Err(e) => prop_assert!(!e.to_string().is_empty()),
        }
    }

    #[test]
    fn direction_turns_compose(df in -15i8..=15, dr in -15i8..=15, k in 0usize..8) {
        let d = Dir::new(df, dr);
        prop_assert_eq!(d.turned_left().turned_right(), d);
        prop_assert_eq!(d.turned_right().turned_right(), d.reversed());
        prop_assert_eq!(d.relative_to(Dir::N), d);
        prop_assert_eq!(d.relative_to(Dir::S), d.reversed());
        prop_assert_eq!(d.relative_to(Dir::E), d.turned_right());
        prop_assert_eq!(d.relative_to(Dir::W), d.turned_left());
        // Turning by k eighths then by one more eighth is turning by k + 1.
        let fwd_k = Dir::ALL8[k];
        let fwd_k1 = Dir::ALL8[(k + 1) % 8];
        prop_assert_eq!(d.relative_to(fwd_k).relative_to(Dir::NE), d.relative_to(fwd_k1));
        // Turns keep the king distance.
        let t = d.relative_to(fwd_k);
        prop_assert_eq!(t.df.abs().max(t.dr.abs()), df.abs().max(dr.abs()));
        prop_assert_eq!(Dir::N.relative_to(fwd_k), fwd_k);
    }
}
