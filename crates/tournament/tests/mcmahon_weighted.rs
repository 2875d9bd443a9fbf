//! McMahon later rounds by weighted matching (pl 8.2.4–8.2.6, OpenGotha-style criteria): no
//! rematch (fesa 14.4a), at most one bye per player and the bye to the lowest McMahon score
//! (pl 8.2.5–8.2.6), everyone paired once, small score differences, colour balance.

use proptest::prelude::*;
use std::collections::HashSet;
use tournament::model::{Color, Outcome, Tournament};
use tournament::pairing::mcmahon;
use tournament::sim;

fn mms(t: &Tournament, cfg: &mcmahon::Config) -> Vec<i64> {
    let s0 = mcmahon::start_scores(t, cfg);
    (0..t.players.len()).map(|p| s0[p] as i64 * 10 + t.score(p) as i64).collect()
}

fn colour_diff(t: &Tournament, p: usize) -> i64 {
    t.players[p].rounds.iter().filter(|e| e.played()).map(|e| if e.color == Some(Color::White) { 1 } else { -1 }).sum()
}

fn firsts(t: &Tournament, p: usize) -> usize {
    t.players[p].rounds.iter().filter(|e| e.played() && e.color == Some(Color::White)).count()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// pl 8.2.4–8.2.6 and fesa 14.4a over whole random tournaments, withdrawals included.
    #[test]
    fn pl_8_2_no_rematch_one_bye_to_lowest_mms(n in 3usize..60, rounds in 2u32..8, seed in any::<u64>()) {
        let mut t = sim::field(n, rounds, seed);
        let cfg = mcmahon::Config::default();
        let mut rng = sim::Rng::new(seed);
        if n > 10 {
            t.players[n / 3].status = tournament::Status::Withdrawn(2);
        }
        for k in 1..=rounds {
            let r = match mcmahon::pair(&t, &cfg) {
                Ok(r) => r,
                // Tiny fields run out of opponents: reported, never forced into a rematch.
                Err(tournament::Error::NoPairing(_)) => break,
                Err(e) => return Err(TestCaseError::fail(e.to_string())),
            };
            let avail: Vec<usize> = (0..n).filter(|&p| t.available(p, k)).collect();
            let mut seen = HashSet::new();
            for b in &r.boards {
                prop_assert!(seen.insert(b.white) && seen.insert(b.black), "paired twice");
                prop_assert!(!t.have_met(b.white, b.black), "rematch {}-{} in round {k}", b.white + 1, b.black + 1);
            }
            prop_assert!(r.byes.len() <= 1);
            prop_assert_eq!(r.byes.len(), avail.len() % 2);
            let m = mms(&t, &cfg);
            for &p in &r.byes {
                prop_assert!(seen.insert(p));
                prop_assert!(!t.had_bye(p), "second bye for {}", p + 1);
                // pl 8.2.6: the bye goes to the lowest McMahon score among those without one.
                let lowest = avail.iter().filter(|&&q| !t.had_bye(q)).map(|&q| m[q]).min().unwrap();
                prop_assert_eq!(m[p], lowest, "bye to {} with MMS {}", p + 1, m[p]);
            }
            prop_assert_eq!(seen.len(), avail.len(), "everyone available is paired once");
            sim::play(&mut t, &r, &mut rng);
        }
        for p in 0..n {
            let byes = t.players[p].rounds.iter().filter(|e| e.outcome == Outcome::PairingBye).count();
            prop_assert!(byes <= 1);
        }
    }
}

/// Minimise the McMahon-score difference: in round 2 of a 400-player field every score group
/// sends down at most one player (its odd one), so the pairs across score groups number at most
/// the groups of odd size (pl 8.2.4: "the odd player is paired down").
#[test]
fn pl_8_2_4_odd_player_floats_down_and_meets_the_top() {
    for seed in 0..5 {
        let mut t = sim::field(400, 5, seed);
        let cfg = mcmahon::Config::default();
        let mut rng = sim::Rng::new(seed);
        let r1 = mcmahon::pair(&t, &cfg).unwrap();
        sim::play(&mut t, &r1, &mut rng);
        let m = mms(&t, &cfg);
        let r2 = mcmahon::pair(&t, &cfg).unwrap();
        let mut sizes = std::collections::BTreeMap::new();
        for p in 0..t.players.len() {
            *sizes.entry(m[p]).or_insert(0usize) += 1;
        }
        // Every group, with the floater it receives, has odd parity exactly when the count of
        // odd groups above it (itself included) is odd.
        let mut odd_windows = 0;
        let mut parity = 0;
        for (_, &c) in sizes.iter().rev() {
            parity = (parity + c) % 2;
            odd_windows += parity;
        }
        // Two players who drew each other in round 1 share a score group but may not meet
        // again (fesa 14.4a): each such pair can force two more players out of the group.
        let mut met_inside = 0;
        for b in &r1.boards {
            if m[b.white] == m[b.black] {
                met_inside += 1;
            }
        }
        let cross = r2.boards.iter().filter(|b| m[b.white] != m[b.black]).count();
        assert!(
            cross <= odd_windows + 2 * met_inside,
            "seed {seed}: {cross} cross-group pairs, {odd_windows} odd windows, {met_inside} earlier pairs inside groups"
        );
        // A floater meets a player of the next score group down, never skips one.
        let groups: Vec<i64> = sizes.keys().rev().copied().collect();
        for b in &r2.boards {
            let (gi, gj) = (
                groups.iter().position(|&g| g == m[b.white]).unwrap(),
                groups.iter().position(|&g| g == m[b.black]).unwrap(),
            );
            assert!(gi.abs_diff(gj) <= 1, "seed {seed}: a pair skips a score group");
        }
    }
}

/// Colour balance (OpenGotha "balance W/B"): over rounds 2–6 of 300-player tournaments, pairs
/// of two players who both moved first more often (or both less often) are rare, and the
/// player with fewer first moves gets it when their preferences differ.
#[test]
fn opengotha_colour_balance() {
    let mut clashes = 0;
    let mut boards = 0;
    let mut unavoidable = 0;
    let mut cross = 0;
    for seed in 0..3 {
        let mut t = sim::field(300, 6, seed);
        let cfg = mcmahon::Config::default();
        let mut rng = sim::Rng::new(seed);
        for k in 1..=6 {
            let r = mcmahon::pair(&t, &cfg).unwrap();
            if k > 1 {
                // Lower bound inside each score group: with P players wanting to move second,
                // N wanting to move first and Z without preference, max(0, |P − N| − Z) / 2
                // pairs must clash.
                let m = mms(&t, &cfg);
                let mut groups: std::collections::BTreeMap<i64, (i64, i64, i64)> = Default::default();
                for p in 0..t.players.len() {
                    let g = groups.entry(m[p]).or_default();
                    match colour_diff(&t, p).signum() {
                        1 => g.0 += 1,
                        -1 => g.1 += 1,
                        _ => g.2 += 1,
                    }
                }
                unavoidable += groups.values().map(|&(p, n, z)| ((p - n).abs() - z).max(0) / 2).sum::<i64>();
                for b in &r.boards {
                    if m[b.white] != m[b.black] {
                        cross += 1;
                    }
                    let (a, c) = (colour_diff(&t, b.white), colour_diff(&t, b.black));
                    boards += 1;
                    if a != 0 && a.signum() == c.signum() {
                        clashes += 1;
                    }
                    let (fa, fc) = (firsts(&t, b.white), firsts(&t, b.black));
                    assert!(fa <= fc, "the player with more first moves moves first again ({fa} vs {fc})");
                }
            }
            sim::play(&mut t, &r, &mut rng);
        }
    }
    // A player floating out of a group and into the next can tip each one's balance by one.
    let bound = unavoidable + 2 * cross;
    eprintln!(
        "{clashes} colour clashes in {boards} boards; bound {bound} ({unavoidable} inside score groups, {cross} floaters)"
    );
    assert!(clashes <= bound);
}
