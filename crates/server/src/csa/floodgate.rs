//! Floodgate's scheduled pairing, as shogi-server's `League::Floodgate` runs it. A player who
//! names a Floodgate game (`floodgate-<total>-<byo-yomi>[F]`) is not paired on arrival: he waits,
//! and at each round every player waiting under that name is paired at once. The colours are
//! drawn (a side may not be asked for). shogi-server's steps, and what is left of them here:
//! - `MakeEven`: with an odd number of players one, drawn at random, sits out and waits for the
//!   next round (shogi-server pairs no "sacrifice" engine either when none is configured);
//! - `LeastDiff`: among random pairings (a third of the possible ones, at least 10 and at most
//!   300) the one with the least score wins. Its score adds the rating differences and
//!   penalties: 400 for two players who met in their last Floodgate game, 800 for two names
//!   with the same first 7 characters, 400 for the same first 4 (one author's engines). The
//!   server keeps no ratings, so only the penalties count here. With fewer than 3 players the
//!   pairing is taken as it comes, as shogi-server does.

use crate::store::UserId;
use std::collections::HashMap;
use std::time::Duration;

/// `floodgate-<total>-<byo-yomi>[F]`, shogi-server's `/^floodgate\-\d+\-\d+F?$/`.
pub(super) fn is_floodgate(name: &str) -> bool {
    super::name::before_times(name) == Some("floodgate")
}

/// The next round after `now_ms`: the next multiple of `every` since the Unix epoch, so that
/// with the default half hour the rounds fall at :00 and :30 UTC as Floodgate's do.
pub(super) fn next_round(now_ms: u64, every: Duration) -> u64 {
    let every = (every.as_millis() as u64).max(1);
    (now_ms / every + 1) * every
}

/// The penalty of pairing `a` with `b` (shogi-server's `calculate_diff_with_penalty` without
/// ratings).
fn penalty(a: (UserId, &str), b: (UserId, &str), last: &HashMap<UserId, UserId>) -> u32 {
    let mut p = 0;
    if last.get(&a.0) == Some(&b.0) || last.get(&b.0) == Some(&a.0) {
        p += 400;
    }
    let same = |n: usize| a.1.chars().take(n).eq(b.1.chars().take(n));
    if same(7) {
        p += 800;
    } else if same(4) {
        p += 400;
    }
    p
}

/// How many ways `n` players (made even) can be paired: (n-1)·(n-3)·…·1, saturating.
fn pairings(n: usize) -> u64 {
    let n = n - n % 2;
    (1..n).step_by(2).fold(1u64, |acc, k| acc.saturating_mul(k as u64))
}

/// Pairs `players` for one round; `key` gives each one's account and name, `last` each
/// account's last Floodgate opponent. Returns the pairs and who sits out (at most one).
pub(super) fn pair<T>(
    mut players: Vec<T>,
    key: impl Fn(&T) -> (UserId, &str),
    last: &HashMap<UserId, UserId>,
    rng: &mut fastrand::Rng,
) -> (Vec<(T, T)>, Vec<T>) {
    let mut out = Vec::new();
    if players.len() % 2 == 1 {
        out.push(players.swap_remove(rng.usize(..players.len())));
    }
    if players.len() >= 4 {
        let trials = (pairings(players.len()) / 3).clamp(10, 300);
        let score = |order: &[usize]| -> u32 {
            order.chunks(2).map(|p| penalty(key(&players[p[0]]), key(&players[p[1]]), last)).sum()
        };
        let mut best: Option<(u32, Vec<usize>)> = None;
        for _ in 0..trials {
            let mut order: Vec<usize> = (0..players.len()).collect();
            rng.shuffle(&mut order);
            let s = score(&order);
            if best.as_ref().is_none_or(|(b, _)| s < *b) {
                best = Some((s, order));
            }
        }
        let (_, order) = best.expect("at least one trial");
        let mut slots: Vec<Option<T>> = players.into_iter().map(Some).collect();
        players = order.into_iter().map(|i| slots[i].take().expect("each index once")).collect();
    } else {
        rng.shuffle(&mut players);
    }
    let mut pairs = Vec::with_capacity(players.len() / 2);
    let mut it = players.into_iter();
    while let (Some(a), Some(b)) = (it.next(), it.next()) {
        pairs.push((a, b));
    }
    (pairs, out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn floodgate_names_as_shogi_server_reads_them() {
        for yes in ["floodgate-600-10", "floodgate-600-10F", "floodgate-900-0", "floodgate-3600-0"] {
            assert!(is_floodgate(yes), "{yes}");
        }
        for no in ["floodgate", "floodgate-600", "floodgate-600-", "floodgate-x-10", "floodgate-600-10G", "test-600-10"]
        {
            assert!(!is_floodgate(no), "{no}");
        }
    }

    #[test]
    fn rounds_fall_on_multiples_of_the_interval() {
        let half_hour = Duration::from_secs(1800);
        assert_eq!(next_round(0, half_hour), 1_800_000);
        assert_eq!(next_round(1_799_999, half_hour), 1_800_000);
        assert_eq!(next_round(1_800_000, half_hour), 3_600_000);
    }

    #[test]
    fn the_pairing_avoids_last_opponents_and_kin_and_leaves_one_out_when_odd() {
        let names = ["gikou", "apery", "yaneura", "elmo", "kristallweizen"];
        let players: Vec<(UserId, &str)> = names.iter().enumerate().map(|(i, n)| (i as UserId + 1, *n)).collect();
        // Each one's last opponent: 1–2, 3–4; a pairing that repeats either costs 400.
        let last: HashMap<UserId, UserId> = [(1, 2), (2, 1), (3, 4), (4, 3)].into_iter().collect();
        for seed in 0..50 {
            let mut rng = fastrand::Rng::with_seed(seed);
            let (pairs, out) = pair(players.clone(), |p| *p, &last, &mut rng);
            assert_eq!((pairs.len(), out.len()), (2, 1), "seed {seed}");
            for (a, b) in &pairs {
                assert!(penalty(*a, *b, &last) == 0, "seed {seed}: {a:?} met {b:?}");
            }
        }
        // Two players are paired even when they met last time.
        let mut rng = fastrand::Rng::with_seed(7);
        let (pairs, out) = pair(players[..2].to_vec(), |p| *p, &last, &mut rng);
        assert_eq!((pairs.len(), out.len()), (1, 0));
        // Names alike: `engine-a1`/`engine-a2` share 7 characters, `engi…` 4.
        let kin = [(1, "engine-a1"), (2, "engine-a2"), (3, "engi-b"), (4, "other")];
        assert_eq!(penalty(kin[0], kin[1], &HashMap::new()), 800);
        assert_eq!(penalty(kin[0], kin[2], &HashMap::new()), 400);
        assert_eq!(penalty(kin[0], kin[3], &HashMap::new()), 0);
        let (pairs, _) = pair(kin.to_vec(), |p| *p, &HashMap::new(), &mut rng);
        let cost: u32 = pairs.iter().map(|(a, b)| penalty(*a, *b, &HashMap::new())).sum();
        assert_eq!(cost, 400, "engine-a1/engine-a2 apart, one of them with engi-b: {pairs:?}");
    }

    #[test]
    fn the_number_of_pairings() {
        assert_eq!((pairings(2), pairings(4), pairings(5), pairings(6), pairings(8)), (1, 3, 3, 15, 105));
        assert_eq!(pairings(200), u64::MAX);
    }
}
