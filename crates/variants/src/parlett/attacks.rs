//! The reverse tables of the simple elements for attack tests: per side, which kinds
//! could capture on a square by a leap (merged per kind), by an unlimited slide along a
//! ray, or only by an element tested one by one ([`Attacks`]). Built from the
//! intermediate form; the simple-element tables ([`super::simple`]) read them.
//!
//! Uses [`super::ast`] and [`super::ir`].

use super::ast::CaptureRule;
use super::ir::{KindData, SimpleMode};
use frozen_core::{Bitboard, Kind, Side};

/// Precomputed reverse tables for "could a simple element of this side
/// capture on a square": merged leaper tables per kind, and per direction
/// the kinds sliding without limit toward the square; everything else
/// (limited slides, `i` elements) is tested element by element.
#[derive(Clone, Debug, Default)]
pub(crate) struct Attacks {
    /// (kind, union of reverse leap tables).
    pub leaps: Vec<(Kind, Box<[Bitboard; 256]>)>,
    /// Per `Dir::ALL8` index d: kinds (bit mask) whose unlimited slide
    /// reaches the square from a piece found along ray d from it.
    pub slide_kinds: [u32; 8],
    /// Elements tested one by one: (kind, element index).
    pub others: Vec<(Kind, usize)>,
    /// Union of rays from a square along which some unlimited or long slide can come.
    pub slide_dirs_any: [bool; 8],
    /// Per `Dir::ALL8` index d: does a limited (or `i`) slide of more than one
    /// square come toward the square along ray d (so every piece on the ray
    /// may be pinned, not only the first one)?
    pub limited: [bool; 8],
}

pub(crate) fn build_attacks(kinds: &[KindData], by: Side, maxdim: u32) -> Attacks {
    let mut a = Attacks::default();
    for (ki, kd) in kinds.iter().enumerate() {
        let k = Kind(ki as u8);
        let mut leap: Option<Box<[Bitboard; 256]>> = None;
        for (ei, el) in kd.simple.iter().enumerate() {
            if el.capture == CaptureRule::Never {
                continue;
            }
            if el.initial {
                a.others.push((k, ei));
                continue;
            }
            match &el.mode {
                SimpleMode::Leap { rev, .. } => {
                    let t = leap.get_or_insert_with(|| Box::new([Bitboard::EMPTY; 256]));
                    for (i, bb) in rev[by.index()].iter().enumerate() {
                        t[i] |= *bb;
                    }
                }
                SimpleMode::Slide { dirs, lo, hi } => {
                    if *lo <= 1 && *hi >= maxdim && ki < 32 {
                        for &d in &dirs[by.index()] {
                            let back = (d + 4) & 7;
                            a.slide_kinds[back] |= 1 << ki;
                            a.slide_dirs_any[back] = true;
                        }
                    } else {
                        a.others.push((k, ei));
                        if *hi > 1 {
                            for &d in &dirs[by.index()] {
                                a.slide_dirs_any[(d + 4) & 7] = true;
                            }
                        }
                    }
                }
            }
        }
        if let Some(t) = leap {
            a.leaps.push((k, t));
        }
    }
    for d in 0..8 {
        a.limited[d] = a.others.iter().any(|&(k, ei)| {
            kinds.get(k.index()).and_then(|kd| kd.simple.get(ei)).is_some_and(|el| {
                matches!(&el.mode, SimpleMode::Slide { dirs, hi, .. } if *hi > 1 && dirs[by.index()].contains(&((d + 4) & 7)))
            })
        });
    }
    a
}
