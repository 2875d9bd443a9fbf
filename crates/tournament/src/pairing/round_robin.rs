//! Round robin with Berger tables (FIDE C.05 Annex 1; pl 8.1), single or double.
//!
//! Player n (the last number; a dummy "bye" when n is odd) stays on board 1, moving first in
//! even rounds; every other number x advances to `x + n/2 (mod n − 1)` each round, so colours
//! alternate and every player gets n/2 or n/2 − 1 games moving first. The second cycle of a
//! double round robin repeats the tables with colours reversed.

use crate::error::{Error, Result};
use crate::model::{Board, Round, Tournament};

/// Pairs (first mover, second mover) of round `round` (1-based) for `n` players numbered
/// `1..=n` (`n` even); a pair with the dummy is a bye for the other player.
pub fn berger(n: usize, round: usize) -> Vec<(usize, usize)> {
    assert!(n >= 2 && n.is_multiple_of(2));
    let m = n - 1;
    let cycle_round = (round - 1) % m; // 0-based within a cycle
    let reversed = (round - 1) / m % 2 == 1;
    let adv = |x: usize| (x - 1 + cycle_round * (n / 2)) % m + 1;
    let mut pairs = Vec::with_capacity(n / 2);
    let first = adv(1);
    pairs.push(if cycle_round.is_multiple_of(2) { (first, n) } else { (n, first) });
    for k in 2..=n / 2 {
        pairs.push((adv(k), adv(n + 1 - k)));
    }
    if reversed {
        pairs.iter_mut().for_each(|p| *p = (p.1, p.0));
    }
    pairs
}

/// The next round of a round-robin tournament, from the Berger table by pairing number.
/// `planned_rounds` ≥ 2 × (cycle length) makes it a double round robin.
pub fn pair(t: &Tournament) -> Result<Round> {
    let n = t.players.len();
    if n < 2 {
        return Err(Error::Inconsistent("a round robin needs at least two players".into()));
    }
    let size = n + n % 2;
    let round = t.rounds_recorded() + 1;
    let cycles = if t.planned_rounds as usize >= 2 * (size - 1) { 2 } else { 1 };
    if round > cycles * (size - 1) {
        return Err(Error::Inconsistent(format!("all {} rounds of the round robin are paired", cycles * (size - 1))));
    }
    let mut r = Round { number: round as u32, ..Default::default() };
    for (a, b) in berger(size, round) {
        if a > n {
            r.byes.push(b - 1);
        } else if b > n {
            r.byes.push(a - 1);
        } else {
            r.boards.push(Board { white: a - 1, black: b - 1, handicap: None });
        }
    }
    Ok(r)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn six_players_match_the_fide_table() {
        // FIDE C.05 Annex 1, Berger table for 5–6 players.
        let want = [
            vec![(1, 6), (2, 5), (3, 4)],
            vec![(6, 4), (5, 3), (1, 2)],
            vec![(2, 6), (3, 1), (4, 5)],
            vec![(6, 5), (1, 4), (2, 3)],
            vec![(3, 6), (4, 2), (5, 1)],
        ];
        for (r, w) in want.iter().enumerate() {
            assert_eq!(&berger(6, r + 1), w, "round {}", r + 1);
        }
    }

    #[test]
    fn everyone_meets_once_with_balanced_colours() {
        for n in (2..=20).step_by(2) {
            let mut met = HashSet::new();
            let mut whites = vec![0; n + 1];
            for r in 1..n {
                for (a, b) in berger(n, r) {
                    assert!(met.insert((a.min(b), a.max(b))), "n={n} rematch {a}-{b}");
                    whites[a] += 1;
                }
            }
            assert_eq!(met.len(), n * (n - 1) / 2);
            for &w in &whites[1..] {
                assert!(w == n / 2 || w + 1 == n / 2, "n={n} whites {whites:?}");
            }
            // The second cycle reverses every colour.
            for r in 1..n {
                let rev: Vec<_> = berger(n, r).into_iter().map(|(a, b)| (b, a)).collect();
                assert_eq!(berger(n, r + n - 1), rev);
            }
        }
    }
}
