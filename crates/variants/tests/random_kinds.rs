//! Random play by kind of action ([`Rules::action_kind`], `harness::pick_action`): every
//! variant but fc6 keeps the default (one kind), so its random games are the games of
//! uniform play, draw for draw; fc6 groups its actions (`fc6::random_kind`) so that
//! rotations are one kind among several.

use frozen_core::harness::{pick_action, Rng};
use frozen_core::strategies::random_walk;
use frozen_core::{apply, Action, ActionKind, Rules, VariantVisitor};
use frozen_variants::fc6::random_kind::{kind, CAPTURE, LEG, OTHER, PUSH, SPECIAL};
use frozen_variants::fc6::{notation, Fc6};

/// Plays `plies` uniform random actions (`rng.below(len)`, the choice before kinds) and
/// checks that every listed action has kind 0 and that the proptest strategies' walk
/// plays the same game.
struct UniformAsBefore {
    seed: u64,
    plies: usize,
}

impl VariantVisitor for UniformAsBefore {
    type Output = Result<usize, String>;
    fn visit<R: Rules + Clone>(self, rules: R) -> Result<usize, String> {
        let start = rules.initial_position();
        let mut rng = Rng::new(self.seed);
        let mut pos = start.clone();
        let mut played = Vec::new();
        let mut acts = Vec::new();
        for _ in 0..self.plies {
            acts.clear();
            rules.actions(&pos, &mut acts);
            if acts.is_empty() {
                break;
            }
            if let Some(a) = acts.iter().find(|a| rules.action_kind(&pos, a) != 0) {
                return Err(format!(
                    "{}: {} has kind {}",
                    rules.name(),
                    rules.format_action(&pos, a),
                    rules.action_kind(&pos, a)
                ));
            }
            let a = acts[rng.below(acts.len())].clone();
            apply(&rules, &mut pos, &a, &mut Vec::new()).map_err(|e| e.to_string())?;
            played.push(a);
        }
        let (_, walked) = random_walk(&rules, &start, self.seed, self.plies);
        if walked != played {
            return Err(format!(
                "{}: the strategies' walk differs from uniform play",
                rules.name()
            ));
        }
        Ok(played.len())
    }
}

#[test]
fn every_variant_but_fc6_plays_its_random_games_as_before() {
    for v in frozen_variants::VARIANTS {
        if v.name == "fc6" {
            continue;
        }
        for seed in [1, 2, 0xfeed] {
            let n = frozen_variants::visit(v.name, UniformAsBefore { seed, plies: 40 })
                .expect("registered")
                .unwrap_or_else(|e| panic!("{e}"));
            assert!(n > 0, "{}: no action played", v.name);
        }
    }
}

fn fc6_position(rules: &Fc6, fen: &str) -> frozen_variants::fc6::Fc6Position {
    rules.position_from_fen(fen).expect("fen")
}

const TOMBS_BLACK: &str = "15k/16/14pp/16/3r12/11q4/10d5/6n9/11t4/2b1j11/16/5J10/2R13/PP5B4N3/4Q5D5/K15 b - g6:w2 - - d6:n,b8:Rp*,e2:p,g6:b,i8:Pn,k6:jQ*,l10:N,m15:rB*";
const MARCH_PUSH: &str =
    "15k/16/15p/16/7p4c3/16/11j4/5n10/3r12/4q2J8/1R14/5N10/10b5/3Q12/PP14/K15 w";

/// Each listed action of a middle game gets the kind its sort says: rotations, swaps,
/// respawns and King's Exchanges each one kind, legs onto units captures, pushes their own.
#[test]
fn fc6_kinds_follow_the_sort_of_action() {
    let rules = Fc6::new();
    for fen in [TOMBS_BLACK, MARCH_PUSH] {
        let pos = fc6_position(&rules, fen);
        let mut acts = Vec::new();
        rules.actions(&pos, &mut acts);
        let mut kinds = std::collections::BTreeMap::<u8, usize>::new();
        for a in &acts {
            let k = kind(&pos, a);
            assert_eq!(k, rules.action_kind(&pos, a));
            *kinds.entry(k).or_default() += 1;
            let text = rules.format_action(&pos, a);
            match a.kind {
                ActionKind::Move => {
                    let to = *a.path.last().expect("a leg has squares");
                    if k == LEG {
                        assert!(pos.unit_at(to).is_none(), "{text}");
                    } else if k == PUSH {
                        // The pushed wall or unit is gone from the third square.
                        let e = a.path[2];
                        let mut after = pos.clone();
                        apply(&rules, &mut after, a, &mut Vec::new()).expect("listed");
                        assert!(
                            after.wall(e).is_none()
                                && (pos.wall(e).is_some() || after.unit_at(e) != pos.unit_at(e)),
                            "{text}"
                        );
                    } else {
                        assert_eq!(k, CAPTURE, "{text}");
                    }
                }
                ActionKind::Act => {
                    let code = notation::special(a).map_or(0, |s| s.code());
                    assert_eq!(k, SPECIAL + code as u8, "{text}");
                }
                ActionKind::End => assert_eq!(k, LEG, "{text}"),
                other => {
                    let place = ActionKind::ALL.iter().position(|&x| x == other).unwrap();
                    assert_eq!(k, OTHER + place as u8, "{text}");
                }
            }
        }
        let rotate = SPECIAL + notation::Special::Rotate.code() as u8;
        assert!(
            kinds[&rotate] * 2 > acts.len(),
            "rotations are most: {kinds:?}"
        );
        assert!(kinds.len() >= 5, "{kinds:?}");
        assert!(kinds.contains_key(&CAPTURE), "{kinds:?}");
        // Picking a kind first: rotations come about once in the number of kinds.
        let mut rng = Rng::new(7);
        let n = 3000;
        let rotations = (0..n)
            .filter(|_| kind(&pos, &acts[pick_action(&rules, &pos, &acts, &mut rng)]) == rotate)
            .count();
        let expected = n / kinds.len();
        assert!(
            rotations > expected * 8 / 10 && rotations < expected * 12 / 10,
            "{rotations} rotations of {n} picks, {} kinds: {kinds:?}",
            kinds.len()
        );
    }
    // The tombs position lists respawns, swaps and King's Exchanges.
    let pos = fc6_position(&rules, TOMBS_BLACK);
    let mut acts = Vec::new();
    rules.actions(&pos, &mut acts);
    let has = |k: u8| acts.iter().any(|a| kind(&pos, a) == k);
    let place = |x: ActionKind| ActionKind::ALL.iter().position(|&k| k == x).unwrap() as u8;
    assert!(has(OTHER + place(ActionKind::Drop)));
    assert!(has(OTHER + place(ActionKind::Swap)));
    assert!(has(OTHER + place(ActionKind::Exchange)));
    // A rook on d4 may push the knight on d9 (FC6-ROOK-01): `d4d8d9`.
    let pos = fc6_position(
        &rules,
        "15k/15p/16/16/16/16/16/3n12/16/16/16/16/3R12/16/P15/K15 w",
    );
    acts.clear();
    rules.actions(&pos, &mut acts);
    let pushes: Vec<String> = acts
        .iter()
        .filter(|a| kind(&pos, a) == PUSH)
        .map(|a| rules.format_action(&pos, a))
        .collect();
    assert_eq!(pushes, ["d4d8d9"]);
}

/// A kind the module does not know (a special code or a core kind fc6 does not list)
/// still gets a kind: its code's or its core kind's.
#[test]
fn fc6_unknown_actions_fall_back_to_a_generic_kind() {
    let rules = Fc6::new();
    let pos = rules.initial_position();
    let unknown_special = Action::new(ActionKind::Act, &[]).with_arg(9);
    assert_eq!(kind(&pos, &unknown_special), SPECIAL + 9);
    let declare = Action::new(ActionKind::Declare, &[]);
    assert_eq!(kind(&pos, &declare), OTHER + 9);
    let pass = Action::new(ActionKind::Pass, &[]);
    assert_eq!(kind(&pos, &pass), OTHER + 8);
}

/// fc6's [`Rules::is_legal`] (the one-action test [`frozen_core::apply`] asks) agrees
/// with the list: every listed action is legal, every mutation of one that is not listed
/// is not, and the position is unchanged after each test. Along random games by kind of
/// action from the start and two perft middle games, every 4th ply.
#[test]
fn fc6_is_legal_agrees_with_the_list() {
    let rules = Fc6::new();
    let starts = [
        rules.initial_position(),
        fc6_position(&rules, TOMBS_BLACK),
        fc6_position(&rules, MARCH_PUSH),
    ];
    let mut rng = Rng::new(0x1e9a1);
    let mut checked = 0;
    for (g, start) in starts.iter().enumerate() {
        let mut pos = start.clone();
        let mut acts = Vec::new();
        for ply in 0..24 {
            acts.clear();
            rules.actions(&pos, &mut acts);
            if acts.is_empty() {
                break;
            }
            if ply % 4 == 0 {
                let before = pos.clone();
                for a in &acts {
                    assert!(
                        rules.is_legal(&mut pos, a),
                        "game {g} ply {ply}: listed {} refused",
                        rules.format_action(&pos, a)
                    );
                    assert!(
                        pos == before,
                        "game {g} ply {ply}: is_legal changed the position"
                    );
                    for _ in 0..2 {
                        let m = frozen_core::harness::mutate_action(a, &mut rng);
                        assert_eq!(
                            rules.is_legal(&mut pos, &m),
                            acts.contains(&m),
                            "game {g} ply {ply}: {m:?}"
                        );
                        checked += 1;
                    }
                    checked += 1;
                }
            }
            let a = acts[pick_action(&rules, &pos, &acts, &mut rng)].clone();
            apply(&rules, &mut pos, &a, &mut Vec::new()).expect("listed");
        }
    }
    assert!(checked > 5000, "{checked}");
}
