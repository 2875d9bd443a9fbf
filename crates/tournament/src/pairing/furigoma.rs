//! Seeded furigoma: who moves first in a game without handicap, decided by lot (ufs-2016 4.6;
//! fesa-2017 7; pl 1.4), drawn from a seed the arbiter publishes so that anyone can verify it.
//!
//! The rules: the higher-ranked player throws five pawns; with a majority showing the pawn side
//! (fu) the thrower moves first, with a majority showing tokin the other player does. Five flat
//! pieces always give a majority, so fesa's "no majority, throw again" and pl's "a piece on its
//! edge is thrown again" never arise in the simulated throw.
//!
//! The draw, exactly (so that it can be re-done in any language):
//!
//! ```text
//! splitmix64(x): z = x + 0x9E3779B97F4A7C15;  z = (z ^ z>>30) * 0xBF58476D1CE4E5B9;
//!                z = (z ^ z>>27) * 0x94D049BB133111EB;  return z ^ z>>31   (all mod 2^64)
//! h = splitmix64(seed); h = splitmix64(h ^ round); h = splitmix64(h ^ low); h = splitmix64(h ^ high)
//! ```
//!
//! with `round` 1-based and `low < high` the two players' pairing numbers. Bit `k` (k = 0..4) of
//! `h` is pawn `k + 1`: 1 = fu up, 0 = tokin up. SplitMix64 is Steele, Lea and Flood's generator
//! (OOPSLA 2014; Java's `SplittableRandom`). The thrower is the higher-ranked player: higher
//! grade, then higher rating, then the lower pairing number. Each pawn is fair, so the thrower
//! moves first with probability exactly ½.
//!
//! The seed lives in the tournament file (`SXF seed` in TRF) and is chosen before round 1.

use crate::model::{Grade, Round, Tournament};

/// Who moves first in games without handicap, as an arbiter chooses it; [`SenteRule`] is the
/// choice with its seed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Sente {
    /// The system's own colour allocation.
    #[default]
    Balance,
    /// Seeded furigoma.
    Furigoma,
}

crate::names::closed_set!(Sente, "sente rule";
    Balance => "balance",
    Furigoma => "furigoma",
);

/// Who moves first in games without handicap.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum SenteRule {
    /// The system's own colour allocation (Berger table, colour balance).
    #[default]
    Balance,
    /// Seeded furigoma with this seed.
    Furigoma(u64),
}

pub fn splitmix64(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// One simulated throw of five pawns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Throw {
    /// Pawns showing fu (pawn side up), bit k = pawn k + 1.
    pub pawns: [bool; 5],
}

impl Throw {
    pub fn fu_up(&self) -> usize {
        self.pawns.iter().filter(|&&b| b).count()
    }

    /// ufs 4.6 / fesa 7 / pl 1.4: a majority of fu means the thrower moves first.
    pub fn thrower_moves_first(&self) -> bool {
        self.fu_up() >= 3
    }
}

/// The throw for the game of players numbered `a` and `b` (pairing numbers, either order) in
/// `round` (1-based).
pub fn throw(seed: u64, round: u32, a: u32, b: u32) -> Throw {
    let (lo, hi) = (a.min(b) as u64, a.max(b) as u64);
    let mut h = splitmix64(seed);
    h = splitmix64(h ^ round as u64);
    h = splitmix64(h ^ lo);
    h = splitmix64(h ^ hi);
    let mut pawns = [false; 5];
    for (k, p) in pawns.iter_mut().enumerate() {
        *p = h >> k & 1 == 1;
    }
    Throw { pawns }
}

/// The player who throws: the higher-ranked of the two (grade, rating, pairing number).
pub fn thrower(t: &Tournament, a: usize, b: usize) -> usize {
    let key = |p: usize| {
        let pl = &t.players[p];
        (pl.grade.map_or(i32::MIN, Grade::number), pl.rating, std::cmp::Reverse(pl.number))
    };
    if key(a) >= key(b) { a } else { b }
}

/// (first mover, second mover) for a game between `a` and `b` decided by furigoma.
pub fn decide(t: &Tournament, seed: u64, round: u32, a: usize, b: usize) -> (usize, usize) {
    let th = thrower(t, a, b);
    let other = if th == a { b } else { a };
    if throw(seed, round, t.players[a].number, t.players[b].number).thrower_moves_first() {
        (th, other)
    } else {
        (other, th)
    }
}

/// Re-decide who moves first on every board without a handicap (a board with a handicap, or
/// the one-grade "even, weaker moves first" rule, keeps its order: ufs 5.9.5; pl 7.1).
pub fn apply(t: &Tournament, round: &mut Round, rule: SenteRule) {
    let SenteRule::Furigoma(seed) = rule else { return };
    for b in &mut round.boards {
        if b.handicap.is_none() {
            let (w, bl) = decide(t, seed, round.number, b.white, b.black);
            b.white = w;
            b.black = bl;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splitmix64_reference_values() {
        // The first outputs of SplitMix64 seeded with 0 (state advanced by the golden gamma);
        // Java's `new SplittableRandom(0)` gives the same three.
        let mut s: u64 = 0;
        let mut next = || {
            let v = splitmix64(s);
            s = s.wrapping_add(0x9E37_79B9_7F4A_7C15);
            v
        };
        assert_eq!(next(), 0xE220_A839_7B1D_CDAF);
        assert_eq!(next(), 0x6E78_9E6A_A1B9_65F4);
        assert_eq!(next(), 0x06C4_5D18_8009_454F);
    }

    #[test]
    fn draw_matches_java_splittable_random() {
        // Oracle: the documented draw redone in Java, where `new SplittableRandom(x).nextLong()`
        // is splitmix64(x) (run with jshell 17; mask = h & 31):
        //   long sm(long x) { return new java.util.SplittableRandom(x).nextLong(); }
        //   h = sm(seed); h = sm(h ^ round); h = sm(h ^ lo); h = sm(h ^ hi);
        assert_eq!(splitmix64(20261123), 0xB846_DCE5_05E9_BF91);
        let cases: [(u64, u32, u32, u32, u8); 5] = [
            (20261123, 1, 1, 4, 2),
            (20261123, 1, 2, 3, 20),
            (42, 3, 7, 12, 19),
            (0, 1, 1, 2, 18),
            (u64::MAX, 9, 100, 250, 5),
        ];
        for (seed, round, a, b, mask) in cases {
            let th = throw(seed, round, a, b);
            let got = th.pawns.iter().enumerate().fold(0u8, |m, (k, &p)| m | (p as u8) << k);
            assert_eq!(got, mask, "seed {seed} round {round} {a}-{b}");
        }
    }

    #[test]
    fn throw_does_not_depend_on_argument_order() {
        for seed in 0..50 {
            assert_eq!(throw(seed, 3, 7, 12), throw(seed, 3, 12, 7));
        }
    }
}
