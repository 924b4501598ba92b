//! A tiny test-only rule set: kings and rooks on a 4x4 board. Capturing the
//! enemy king wins; there is no check rule. Options: `double` turns (a first
//! move, then a king move or `end`), and a deliberate `bug` (from the third
//! ply on, rooks never land on a corner) for the compare tests.
#![allow(dead_code)]

use frozen_core::{
    Action, ActionKind, KindInfo, KindSet, Location, NoEvents, Outcome, Position, Rules, Shape,
    Side, Square, Status,
};

pub const KING: frozen_core::Kind = frozen_core::Kind(0);
pub const ROOK: frozen_core::Kind = frozen_core::Kind(1);

#[derive(Clone, Debug)]
pub struct Toy {
    kinds: KindSet,
    shape: Shape,
    name: &'static str,
    /// Turns of two actions: any move, then a king move or `end`.
    pub double: bool,
    /// From ply 2 on, rooks never land on a corner (a deliberately wrong rule set).
    pub bug: bool,
}

impl Toy {
    pub fn new() -> Toy {
        let k = |name: &str, c: char| KindInfo {
            name: name.to_string(),
            fen: c,
            symbol: c,
        };
        Toy {
            kinds: KindSet::new(vec![k("King", 'K'), k("Rook", 'R')]).expect("valid kinds"),
            shape: Shape::new(4, 4).expect("4x4 is a valid shape"),
            name: "toy",
            double: false,
            bug: false,
        }
    }
    pub fn double() -> Toy {
        Toy {
            double: true,
            name: "toy-double",
            ..Toy::new()
        }
    }
    pub fn buggy() -> Toy {
        Toy {
            bug: true,
            ..Toy::new()
        }
    }

    fn push_target(
        &self,
        pos: &Position<u8>,
        from: Square,
        to: Square,
        out: &mut Vec<Action>,
    ) -> bool {
        // Returns true if the square was empty (a slider may go on).
        match pos.piece_at(to) {
            Some((_, side)) if side == pos.to_move() => false,
            Some(_) => {
                out.push(Action::step(from, to));
                false
            }
            None => {
                out.push(Action::step(from, to));
                true
            }
        }
    }
}

fn corner(sq: Square) -> bool {
    (sq.file() == 0 || sq.file() == 3) && (sq.rank() == 0 || sq.rank() == 3)
}

impl Rules for Toy {
    type State = u8;

    fn name(&self) -> &str {
        self.name
    }
    fn description(&self) -> &str {
        "kings and rooks on 4x4 (test rules)"
    }
    fn kinds(&self) -> &KindSet {
        &self.kinds
    }
    fn shape(&self) -> Shape {
        self.shape
    }
    fn initial_position(&self) -> Position<u8> {
        let mut p = Position::empty(self.shape, 0u8);
        for (kind, side, file, rank) in [
            (KING, Side::White, 0, 0),
            (ROOK, Side::White, 3, 0),
            (KING, Side::Black, 3, 3),
            (ROOK, Side::Black, 0, 3),
        ] {
            p.add_unit(
                kind,
                side,
                Location::Board(Square::new(file, rank)),
                Status::default(),
            );
        }
        p.clear_journal();
        p
    }

    fn actions(&self, pos: &Position<u8>, out: &mut Vec<Action>) {
        if pos.result().is_some() {
            return;
        }
        let second_leg = self.double && *pos.state() == 1;
        let side = pos.to_move();
        for kind in [KING, ROOK] {
            if second_leg && kind == ROOK {
                continue;
            }
            for from in pos.pieces(side, kind).iter() {
                if kind == KING {
                    for (df, dr) in [
                        (-1, -1),
                        (-1, 0),
                        (-1, 1),
                        (0, -1),
                        (0, 1),
                        (1, -1),
                        (1, 0),
                        (1, 1),
                    ] {
                        if let Some(to) = from.offset(df, dr).filter(|s| self.shape.contains(*s)) {
                            self.push_target(pos, from, to, out);
                        }
                    }
                } else {
                    for (df, dr) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
                        let mut cur = from;
                        while let Some(to) = cur.offset(df, dr).filter(|s| self.shape.contains(*s))
                        {
                            let before = out.len();
                            let go_on = self.push_target(pos, from, to, out);
                            if self.bug && pos.ply() >= 2 && corner(to) && out.len() > before {
                                out.pop();
                            }
                            if !go_on {
                                break;
                            }
                            cur = to;
                        }
                    }
                }
            }
        }
        if second_leg {
            out.push(Action::new(ActionKind::End, &[]));
        }
    }

    fn perform(
        &self,
        pos: &mut Position<u8>,
        action: &Action,
        _events: &mut dyn frozen_core::EventSink,
    ) {
        let side = pos.to_move();
        if action.kind == ActionKind::Move {
            if let (Some(from), Some(to)) = (action.from(), action.to()) {
                if let Some(victim) = pos.unit_at(to) {
                    let was_king = pos.unit(victim).kind == KING;
                    pos.relocate(victim, Location::Captured(side));
                    if was_king {
                        // An empty reason: `String::new()` does not allocate, so the
                        // no-allocation test measures the perft machinery only.
                        pos.set_result(Some(Outcome {
                            winner: Some(side),
                            reason: "".into(),
                        }));
                    }
                }
                if let Some(id) = pos.unit_at(from) {
                    pos.move_unit(id, to);
                }
            }
        }
        pos.bump_ply();
        if self.double
            && *pos.state() == 0
            && action.kind == ActionKind::Move
            && pos.result().is_none()
        {
            pos.set_state(1);
        } else {
            pos.set_state(0);
            pos.pass_turn();
        }
    }
}

/// A naive perft: fresh vectors, cloned positions, no bulk counting, no undo.
pub fn naive_perft<R: Rules>(rules: &R, pos: &Position<R::State>, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut v = Vec::new();
    rules.actions(pos, &mut v);
    v.iter()
        .map(|a| {
            let mut child = pos.clone();
            rules.perform(&mut child, a, &mut NoEvents);
            naive_perft(rules, &child, depth - 1)
        })
        .sum()
}

/// A naive turn count: a turn ends when the side to act changes or the game ends.
pub fn naive_turns<R: Rules>(rules: &R, pos: &Position<R::State>, turns: u32) -> u64 {
    if turns == 0 {
        return 1;
    }
    fn finish<R: Rules>(rules: &R, pos: &Position<R::State>, side: Side, turns: u32) -> u64 {
        let mut v = Vec::new();
        rules.actions(pos, &mut v);
        v.iter()
            .map(|a| {
                let mut child = pos.clone();
                rules.perform(&mut child, a, &mut NoEvents);
                if child.result().is_some() || child.to_move() != side {
                    naive_turns(rules, &child, turns - 1)
                } else {
                    finish(rules, &child, side, turns)
                }
            })
            .sum()
    }
    finish(rules, pos, pos.to_move(), turns)
}
