//! A toy rule set used by the core's own tests: kings and rooks on any board,
//! with a little variant state. It exercises the `Rules` trait without naming a
//! real variant (the core names none).
#![allow(dead_code)]

use frozen_core::*;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

#[derive(Clone, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
/// Counts captures (so quiet moves can repeat a position).
pub struct ToyState {
    pub counter: u32,
    pub notes: Vec<u8>,
}

#[derive(Clone, Debug)]
pub struct Toy {
    pub kinds: Arc<KindSet>,
    pub geo: Arc<Geometry>,
}

pub const KING: Kind = Kind(0);
pub const ROOK: Kind = Kind(1);

impl Toy {
    pub fn new(shape: Shape) -> Toy {
        let kinds = KindSet::new(vec![
            KindInfo {
                name: "King".into(),
                fen: 'K',
                symbol: 'K',
            },
            KindInfo {
                name: "Rook".into(),
                fen: 'R',
                symbol: 'R',
            },
        ])
        .unwrap();
        Toy {
            kinds: Arc::new(kinds),
            geo: Arc::new(Geometry::new(shape)),
        }
    }
}

impl Rules for Toy {
    type State = ToyState;
    fn name(&self) -> &str {
        "toy"
    }
    fn description(&self) -> &str {
        "kings and rooks, capture the king"
    }
    fn kinds(&self) -> &KindSet {
        &self.kinds
    }
    fn shape(&self) -> Shape {
        self.geo.shape()
    }
    fn initial_position(&self) -> Position<ToyState> {
        let s = self.geo.shape();
        let mut p = Position::empty(s, ToyState::default());
        let top = s.height() - 1;
        p.add_unit(
            KING,
            Side::White,
            Location::Board(Square::new(0, 0)),
            Status::default(),
        );
        p.add_unit(
            ROOK,
            Side::White,
            Location::Board(Square::new(1, 0)),
            Status::default(),
        );
        p.add_unit(
            KING,
            Side::Black,
            Location::Board(Square::new(s.width() - 1, top)),
            Status::default(),
        );
        p.add_unit(
            ROOK,
            Side::Black,
            Location::Board(Square::new(s.width() - 2, top)),
            Status::default(),
        );
        p.clear_journal();
        p
    }
    fn actions(&self, pos: &Position<ToyState>, out: &mut Vec<Action>) {
        if pos.result().is_some() {
            return;
        }
        let me = pos.to_move();
        let own = pos.side_bb(me);
        for from in own.iter() {
            let (kind, _) = pos.piece_at(from).unwrap();
            let targets = if kind == KING {
                self.geo.king(from)
            } else {
                self.geo.slides(from, &[0, 2, 4, 6], pos.occupied())
            };
            for to in (targets - own).iter() {
                out.push(Action::step(from, to));
            }
        }
    }
    fn perform(&self, pos: &mut Position<ToyState>, a: &Action, events: &mut dyn EventSink) {
        let (from, to) = (a.path[0], a.path[1]);
        let mover = pos.unit_at(from).unwrap();
        if let Some(victim) = pos.unit_at(to) {
            let side = pos.to_move();
            pos.update_state(|s| s.counter += 1);
            pos.relocate(victim, Location::Captured(side));
            events.push(Event::Captured {
                unit: victim,
                at: to,
                by: Some(mover),
                to: Location::Captured(side),
            });
            if pos.unit(victim).kind == KING {
                let o = Outcome {
                    winner: Some(side),
                    reason: "king captured".into(),
                };
                pos.set_result(Some(o.clone()));
                events.push(Event::GameOver(o));
            }
        }
        pos.move_unit(mover, to);
        pos.update_status(mover, |s| s.moved = true);
        events.push(Event::Moved {
            unit: mover,
            from,
            to,
        });
        pos.bump_ply();
        pos.pass_turn();
    }
    fn repetition_limit(&self) -> Option<u32> {
        Some(3)
    }
}
