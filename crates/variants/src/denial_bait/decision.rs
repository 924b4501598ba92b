//! The pending decisions as people read them: a name for each decision and for each of its
//! options, so that `moves` lists `choose:raise` rather than `choose:1`, the board legend
//! asks "raise the Bishop on c4?" rather than "decision kind 1", and `choose:<name>` is
//! accepted as action text next to `choose:<n>`.
//!
//! | decision ([`super::pending`]) | rule | option names, in `choose:<n>` order |
//! |---|---|---|
//! | `RAISE` | DB-BISH-02 | `decline`, `raise` |
//! | `BAIT_TARGET` | DB-BAIT-06 | the target squares, in square order (`c2`, `d2`) |
//! | `CONVERT` | DB-PROM-02, DB-STAT-03, DB-CAPT-07 | `stay`, `statue`, a kind from the pool (`queen`, `rook`...), `capture-<kind>` |
//! | `CONTINUE` | DB-KING-04, DB-DSGS | none: the next step or link, or `end` |
//!
//! Two pool units of one kind are `rook` and `rook-2` (in option order); each option's
//! meaning says which pile it comes from. Owns no rule; uses [`super::promotion`] for the
//! conversion options and `perform` (`DenialBait::asked_squares`) for the squares a chain
//! decision is about.

use super::base::*;
use super::{pending, promotion, DenialBait};
use frozen_core::{DecisionOption, DecisionText, Kind, Pending, Position, UnitId};

/// The options of the pending end-of-turn conversion: the pawn and its options in
/// `choose:<n>` order, as the action list offers them.
fn conversion(pos: &Position<DbState>, b: &Board) -> Option<(usize, Vec<promotion::Conv>)> {
    let st = pos.state();
    if !st.turn.converting {
        return None;
    }
    let start = st.turn.start.clone().unwrap_or_default();
    let arrived = |i: usize| {
        start
            .units()
            .get(i)
            .map_or(true, |u| u.loc != pos.unit(UnitId(i as u16)).loc)
    };
    let (pawn, optional) = promotion::due(b, st.turn.mover, &arrived, &st.turn.declined)?;
    let own = b.pcs[pawn].side == st.turn.mover;
    Some((pawn, promotion::safe_options(b, pawn, optional, own)))
}

/// Where a unit of the model is, in words.
fn place_text(b: &Board, u: usize) -> String {
    match b.pcs[u].place {
        Place::Board(s, _) => format!("on {}", to_sq(s)),
        Place::Captured(by) => format!("in {by}'s captured pile"),
        Place::Exiled => format!("in {}'s exile pile", b.pcs[u].side),
        Place::Spent | Place::Air => "off the board".to_string(),
    }
}

/// `queen`, `rook`: a kind's name as an option name.
fn kind_word(rules: &DenialBait, kind: Kind) -> String {
    rules.kinds.name(kind).to_lowercase().replace(' ', "-")
}

/// Makes option names unique: the second `rook` becomes `rook-2`, and so on.
fn uniquify(options: &mut [DecisionOption]) {
    for k in 0..options.len() {
        let base = options[k].name.clone();
        let earlier = options[..k]
            .iter()
            .filter(|o| o.name == base || o.name.starts_with(&format!("{base}-")))
            .count();
        if earlier > 0 {
            options[k].name = format!("{base}-{}", earlier + 1);
        }
    }
}

fn option(name: impl Into<String>, meaning: impl Into<String>) -> DecisionOption {
    DecisionOption {
        name: name.into(),
        meaning: meaning.into(),
    }
}

impl DenialBait {
    /// The pending decision `p` of `pos` described for people (see the module table).
    pub(super) fn decision_text(
        &self,
        pos: &Position<DbState>,
        p: &Pending,
    ) -> Option<DecisionText> {
        describe(self, pos, p)
    }

    /// The option names of the decision that `choose:<n>` answers now, in `choose:<n>`
    /// order; empty when no decision with named options is pending.
    pub(super) fn option_names(&self, pos: &Position<DbState>) -> Vec<String> {
        pos.pending()
            .first()
            .and_then(|p| describe(self, pos, p))
            .map(|d| d.options.into_iter().map(|o| o.name).collect())
            .unwrap_or_default()
    }
}

/// The pending decision `p` of `pos` described for people (see the module table).
fn describe(rules: &DenialBait, pos: &Position<DbState>, p: &Pending) -> Option<DecisionText> {
    let side = p.side;
    let unit = p.unit.map(|u| u.index());
    match p.kind {
        pending::RAISE => {
            let sq = DenialBait::asked_squares(pos).first().copied();
            let on = sq.map_or(String::new(), |s| format!(" on {s}"));
            Some(DecisionText {
                name: "raise".into(),
                question: format!(
                    "{side}: raise the Bishop{on}, removed by this movement's chain reaction? \
                     (DB-BISH-02)"
                ),
                options: vec![
                    option(
                        "decline",
                        "the Bishop stays where its removal put it, its raise unused",
                    ),
                    option(
                        "raise",
                        format!(
                            "the Bishop stands{on} again and the ground piece there is removed \
                             by {side}; its raise is used"
                        ),
                    ),
                ],
            })
        }
        pending::BAIT_TARGET => {
            let targets = DenialBait::asked_squares(pos);
            let attacker = side.opposite();
            Some(DecisionText {
                name: "bait target".into(),
                question: format!(
                    "{side}: which pawn does the baited King take the place of? (DB-BAIT-06)"
                ),
                options: targets
                    .iter()
                    .map(|t| {
                        option(
                            t.to_string(),
                            format!(
                                "the King goes to {t}; the pawn there goes to {attacker}'s \
                                 captured pile"
                            ),
                        )
                    })
                    .collect(),
            })
        }
        pending::CONVERT => {
            let b = Board::load(pos);
            let (pawn, opts) = conversion(pos, &b)?;
            let at = place_text(&b, pawn);
            let mut options: Vec<DecisionOption> = opts
                .iter()
                .map(|c| match *c {
                    promotion::Conv::Stay => option(
                        "stay",
                        "the pawn stays a pawn, in front of the statue chain (DB-STAT-03)",
                    ),
                    promotion::Conv::Statue => {
                        option("statue", "the pawn becomes a statue (DB-STAT-01)")
                    }
                    promotion::Conv::Promote(u) => option(
                        kind_word(rules, b.pcs[u].kind),
                        format!(
                            "the {} {} comes back in the pawn's place (DB-PROM-01)",
                            rules.kinds.name(b.pcs[u].kind),
                            place_text(&b, u)
                        ),
                    ),
                    promotion::Conv::CaptureExiled(u) => option(
                        format!("capture-{}", kind_word(rules, b.pcs[u].kind)),
                        format!(
                            "the pawn captures the {} {} {} and is captured (DB-CAPT-07)",
                            b.pcs[u].side,
                            rules.kinds.name(b.pcs[u].kind),
                            place_text(&b, u)
                        ),
                    ),
                })
                .collect();
            uniquify(&mut options);
            Some(DecisionText {
                name: "conversion".into(),
                question: format!("{side}: how does the pawn {at} convert? (DB-PROM-02)"),
                options,
            })
        }
        pending::CONTINUE => {
            let links = pos
                .state()
                .turn
                .partial
                .as_ref()
                .map(|p| rules.links_text(pos, &p.links))
                .unwrap_or_default();
            let who = unit.map_or(String::new(), |u| {
                let un = pos.unit(UnitId(u as u16));
                format!(" with the {}", rules.kinds.name(un.kind))
            });
            Some(DecisionText {
                name: "continue".into(),
                question: format!(
                    "{side} is making a movement{who} ({links}): play its next step or link, \
                     or end (DB-KING-04)"
                ),
                options: Vec::new(),
            })
        }
        _ => None,
    }
}
