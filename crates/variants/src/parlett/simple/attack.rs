//! Attack questions on the simple tables: is a square attacked, the attack map,
//! which lines pass through a square, pins against the royal piece, and the
//! squares that answer a check (the legality fast path of the last-ply count).

use super::*;

impl<W: Word, const N: usize> SimpleTables<W, N> {
    /// Could a simple element of a `by` piece capture on index `i`?
    /// `by_pieces` are the attacker's squares, `kind_bb(k)` a kind's squares
    /// (any side), `unmoved` the squares of unmoved units.
    #[inline]
    pub(crate) fn attacked(
        &self,
        i: usize,
        by: Side,
        occ: W,
        by_pieces: W,
        kind_bb: impl Fn(usize) -> W,
        unmoved: W,
    ) -> bool {
        let at = &self.attacks[by.index()];
        for (k, tab) in &at.leaps {
            if (tab[i] & kind_bb(*k) & by_pieces).any() {
                return true;
            }
        }
        // Only the rays from the square with an unlimited slider of `by` on
        // them can bring a slide.
        let sliders = self.star[i] & self.kinds_in(at.slide_any, &kind_bb) & by_pieces;
        if sliders.any() {
            for d in 0..8 {
                if (self.rays[d][i] & sliders).any()
                    && self.slide_attack(at, i, d, occ, by_pieces, &kind_bb)
                {
                    return true;
                }
            }
        }
        for &(k, ei) in &at.others {
            let Some(el) = self.kinds.get(k).and_then(|v| v.get(ei)) else {
                continue;
            };
            let mut p = kind_bb(k) & by_pieces;
            if el.initial {
                p = p & unmoved;
            }
            if !p.any() {
                continue;
            }
            match &el.mode {
                Mode::Leap { rev, .. } => {
                    if (rev[by.index()][i] & p).any() {
                        return true;
                    }
                }
                Mode::Slide { dirs, lo, hi } => {
                    for &d in &dirs[by.index()] {
                        let back = (d as usize + 4) & 7;
                        let hit = self.slide(i, back, occ) & p;
                        if hit.any() && (hit & self.window(i, *lo, *hi)).any() {
                            return true;
                        }
                    }
                }
            }
        }
        false
    }

    /// The forward form of [`Self::attacked`]: every index on which some
    /// simple element of a `by` piece could capture. `attacked(i, ..)` is
    /// `attack_map(..).has(i)` for the same arguments, for every `i`.
    pub(crate) fn attack_map(
        &self,
        by: Side,
        occ: W,
        by_pieces: W,
        kind_bb: impl Fn(usize) -> W,
        unmoved: W,
    ) -> W {
        let si = by.index();
        let plan = &self.map_plans[si];
        let mut out = W::ZERO;
        // The merged plain leaps, piece by piece, or for kinds of few
        // shifts (pawns) the whole set shift by shift.
        for &k in &plan.leaps {
            let tab = &self.merged[k].leap_cap[si];
            let mut q = kind_bb(k) & by_pieces;
            while let Some(i) = q.nearest(true) {
                q = q & !W::bit(i);
                out |= tab[i];
            }
        }
        for (k, shifts) in &plan.leap_shifts {
            let p = kind_bb(*k) & by_pieces;
            for &(s, from) in shifts {
                out |= (p & from).shifted(s);
            }
        }
        // Unlimited slides: all pieces at once per direction.
        let mut gens = [W::ZERO; 8];
        for (k, masks) in &plan.slides {
            let p = kind_bb(*k) & by_pieces;
            for (g, m) in gens.iter_mut().zip(masks) {
                *g |= p & *m;
            }
        }
        for &(k, ei) in &plan.rest {
            let el = &self.kinds[k][ei];
            let p = kind_bb(k) & by_pieces;
            let mut q = if el.initial { p & unmoved } else { p };
            while let Some(i) = q.nearest(true) {
                q = q & !W::bit(i);
                out |= self.raw(el, i, by, occ);
            }
        }
        for f in self.fill_all(&gens, !occ) {
            out |= f;
        }
        out
    }

    /// Could a `by` slide reach index `i` through one of the `vacated`
    /// squares (with the occupancy `occ` after they were vacated)? Exact for
    /// unlimited slides; `None` when a limited or `i` slide comes along the
    /// line of a vacated square (then only [`Self::attacked`] can tell).
    /// Leaps do not care what is vacated.
    pub(crate) fn attacked_through(
        &self,
        i: usize,
        vacated: W,
        by: Side,
        occ: W,
        by_pieces: W,
        kind_bb: impl Fn(usize) -> W,
    ) -> Option<bool> {
        let at = &self.attacks[by.index()];
        // A vacated square with nothing behind it lets no slide through.
        if !(self.inner[i] & vacated).any() {
            return Some(false);
        }
        // A ray with no unlimited slider of `by` on it brings no slide.
        let sliders = self.star[i] & self.kinds_in(at.slide_any, &kind_bb) & by_pieces;
        for d in 0..8 {
            if !(self.rays[d][i] & vacated).any() {
                continue;
            }
            if at.limited[d] {
                return None;
            }
            if (self.rays[d][i] & sliders).any()
                && self.slide_attack(at, i, d, occ, by_pieces, &kind_bb)
            {
                return Some(true);
            }
        }
        Some(false)
    }

    /// A pin, derived from the tables: when the own piece on index `p` is the
    /// first piece along an unlimited ray from the royal index `r`, and behind it
    /// stands a `by` piece whose unlimited capturing slide comes along that ray
    /// (what [`Self::slider_lines`] marks), the squares of that ray from `r` up to
    /// and including the slider. A simple move of the piece to one of them keeps
    /// the ray closed (or takes the slider); a move elsewhere opens it, and the
    /// slide then captures on `r`. `None` when `p` is not pinned that way, or when
    /// a limited or `i` slide of `by` comes along the ray (then every piece on it
    /// may matter and only the one-by-one test can tell).
    pub(crate) fn pin_ray(
        &self,
        r: usize,
        p: usize,
        by: Side,
        occ: W,
        by_pieces: W,
        kind_bb: impl Fn(usize) -> W,
    ) -> Option<W> {
        let at = &self.attacks[by.index()];
        let d = (0..8).find(|&d| self.rays[d][r].has(p))?;
        if at.limited[d] || at.slide_kinds[d] == 0 {
            return None;
        }
        if (self.rays[d][r] & occ).nearest(ascending(d)) != Some(p) {
            return None;
        }
        let rest = occ & !W::bit(p);
        let ray = self.slide(r, d, rest);
        let slider = ray & rest & by_pieces & self.kinds_in(at.slide_kinds[d], &kind_bb);
        slider.any().then_some(ray)
    }

    /// Check evasion from the tables: the squares on which a simple move of a
    /// non-royal piece (one whose leaving opens no line, see [`Self::pin_ray`])
    /// answers the simple attacks of `by` on the royal index `i`: with one
    /// attacker, its square and the squares between it and `i` along its slide;
    /// with two or more, none. Exact for the simple elements: every capturing
    /// element of `by` is read here as in [`Self::attacked`]. `None` when no
    /// simple element attacks `i` (the check, if any, comes from elsewhere).
    pub(crate) fn evasion(
        &self,
        i: usize,
        by: Side,
        occ: W,
        by_pieces: W,
        kind_bb: impl Fn(usize) -> W,
        unmoved: W,
    ) -> Option<W> {
        let at = &self.attacks[by.index()];
        let mut checkers = W::ZERO;
        let mut block = W::ZERO;
        // Attackers by a leap: blocking does not help against them.
        let mut leapers = W::ZERO;
        for (k, tab) in &at.leaps {
            leapers |= tab[i] & kind_bb(*k) & by_pieces;
        }
        let sliders = self.star[i] & self.kinds_in(at.slide_any, &kind_bb) & by_pieces;
        if sliders.any() {
            for d in 0..8 {
                let m = at.slide_kinds[d];
                if m == 0 || !(self.rays[d][i] & sliders).any() {
                    continue;
                }
                let s = self.slide(i, d, occ);
                let hit = s & self.kinds_in(m, &kind_bb) & by_pieces;
                if hit.any() {
                    checkers |= hit;
                    block |= s & !hit;
                }
            }
        }
        for &(k, ei) in &at.others {
            let Some(el) = self.kinds.get(k).and_then(|v| v.get(ei)) else {
                continue;
            };
            let mut p = kind_bb(k) & by_pieces;
            if el.initial {
                p = p & unmoved;
            }
            if !p.any() {
                continue;
            }
            match &el.mode {
                Mode::Leap { rev, .. } => leapers |= rev[by.index()][i] & p,
                Mode::Slide { dirs, lo, hi } => {
                    for &d in &dirs[by.index()] {
                        let back = (d as usize + 4) & 7;
                        let s = self.slide(i, back, occ);
                        let hit = s & p & self.window(i, *lo, *hi);
                        if hit.any() {
                            checkers |= hit;
                            block |= s & !hit;
                        }
                    }
                }
            }
        }
        let all = checkers | leapers;
        let first = all.nearest(true)?;
        if (all & !W::bit(first)).any() {
            return Some(W::ZERO);
        }
        if leapers.any() {
            return Some(leapers);
        }
        Some(checkers | block)
    }

    /// The squares of the kinds in mask `m` (bit k for kind k).
    #[inline]
    fn kinds_in(&self, mut m: u32, kind_bb: &impl Fn(usize) -> W) -> W {
        let mut out = W::ZERO;
        while m != 0 {
            let k = m.trailing_zeros() as usize;
            m &= m - 1;
            out |= kind_bb(k);
        }
        out
    }

    /// Does an unlimited slide of a `by` piece reach index `i` along ray `d`
    /// from it (see [`Self::attacked`])?
    #[inline]
    fn slide_attack(
        &self,
        at: &AttackTab<W, N>,
        i: usize,
        d: usize,
        occ: W,
        by_pieces: W,
        kind_bb: &impl Fn(usize) -> W,
    ) -> bool {
        let m = at.slide_kinds[d];
        if m == 0 {
            return false;
        }
        let cand = self.kinds_in(m, kind_bb) & by_pieces;
        cand.any() && (self.slide(i, d, occ) & cand).any()
    }

    /// Squares on rays from index `i` along which a `by` slide element could
    /// reach it: whole rays for limited slides, else the one own piece
    /// between `i` and an unlimited enemy slider of the right kind (used to
    /// skip legality tests of moves that cannot uncover an attack).
    pub(crate) fn slider_lines(
        &self,
        i: usize,
        by: Side,
        occ: W,
        own: W,
        enemy: W,
        kind_bb: impl Fn(usize) -> W,
    ) -> W {
        let at = &self.attacks[by.index()];
        let mut out = W::ZERO;
        // The unlimited sliders of `by` on lines through the square: a ray
        // without one pins nothing (only the limited directions' rays count).
        let sliders = self.star[i] & self.kinds_in(at.slide_any, &kind_bb) & enemy;
        if !sliders.any() {
            // No unlimited slider on a line through the square: only the
            // limited directions' whole rays.
            let mut ds = at.limited_dirs;
            while ds != 0 {
                out |= self.rays[ds.trailing_zeros() as usize][i];
                ds &= ds - 1;
            }
            return out;
        }
        for d in 0..8 {
            if !at.slide_dirs_any[d] {
                continue;
            }
            let ray = self.rays[d][i];
            if at.limited[d] {
                out |= ray;
                continue;
            }
            if !(ray & sliders).any() {
                continue;
            }
            let Some(first) = (ray & occ).nearest(ascending(d)) else {
                continue;
            };
            if !own.has(first) {
                continue;
            }
            let Some(second) = (self.rays[d][first] & occ).nearest(ascending(d)) else {
                continue;
            };
            if !enemy.has(second) {
                continue;
            }
            let mut m = at.slide_kinds[d];
            while m != 0 {
                let k = m.trailing_zeros() as usize;
                m &= m - 1;
                if kind_bb(k).has(second) {
                    out |= W::bit(first);
                    break;
                }
            }
        }
        out
    }
}
