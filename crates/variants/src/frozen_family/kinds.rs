//! Sets of unit kinds ([`KindMask`]), the vocabulary of the family tables.
//!
//! Owns: the kind set type. Uses: nothing of the family.

use frozen_core::Kind;

/// A set of kinds (bit `k` = `Kind(k)`).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct KindMask(pub u32);

impl KindMask {
    /// No kind.
    pub const EMPTY: KindMask = KindMask(0);

    /// The set of the given kinds.
    pub const fn of(kinds: &[Kind]) -> KindMask {
        let mut m = 0u32;
        let mut i = 0;
        while i < kinds.len() {
            m |= 1 << kinds[i].0;
            i += 1;
        }
        KindMask(m)
    }

    /// True if `kind` is in the set.
    #[inline]
    pub const fn has(self, kind: Kind) -> bool {
        kind.0 < 32 && self.0 & (1 << kind.0) != 0
    }

    /// The kinds in the set, in kind order.
    #[inline]
    pub fn iter(self) -> impl Iterator<Item = Kind> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            if bits == 0 {
                return None;
            }
            let k = bits.trailing_zeros() as u8;
            bits &= bits - 1;
            Some(Kind(k))
        })
    }
}
