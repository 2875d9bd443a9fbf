//! The group-by-group McMahon pairing shinpan used before issue 21, kept as the reference the
//! global pairing is measured against (and whose pairs are always among the global matching's
//! candidate edges, so the global pairing is never worse on the main criterion).
//!
//! Round 1 folds each start group from the top down (pl 8.2.3); later rounds pair score groups
//! from the top down, each group together with the players floating down into it, by a
//! maximum-weight matching ranking, most important first: no rematch (no edge); as many pairs
//! as possible; the players left over (who float down) the lowest-ranked; the smallest
//! McMahon-score differences (squares); colour balance; closeness to the pl 8.2.4 fold. It does
//! not look ahead: a floater may take an opponent another player needed, who then slides down
//! (issue 21). Players stranded at the bottom are re-paired by one matching over the bottom of
//! the field.

use std::collections::HashSet;

use super::W;

/// Pairs (higher-placed first) of `order` (ranked, even count) by groups, or `None` when the
/// group-by-group pairing finds none.
pub(super) fn pair(
    order: &[usize],
    mms: &[i64],
    cd: &[i64],
    met: &HashSet<(usize, usize)>,
    round: u32,
) -> Option<Vec<(usize, usize)>> {
    let (pairs, carry) = if round > 1 { weighted(mms, cd, order, met) } else { folded(mms, order, met) };
    if carry.is_empty() {
        return Some(pairs);
    }
    finish_with_matching(mms, cd, order, met, pairs)
}

/// Round 1 (pl 8.2.3): each start group folded from the top down, the odd player and the
/// players the fold could not pair floating to the next group, whose top players they meet.
fn folded(mms: &[i64], order: &[usize], met: &HashSet<(usize, usize)>) -> (Vec<(usize, usize)>, Vec<usize>) {
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for &p in order {
        match groups.last_mut() {
            Some(g) if mms[g[0]] == mms[p] => g.push(p),
            _ => groups.push(vec![p]),
        }
    }
    let mut carry: Vec<usize> = Vec::new();
    let mut pairs: Vec<(usize, usize)> = Vec::new();
    let last = groups.len().saturating_sub(1);
    let fits = |a: usize, b: usize| !met.contains(&(a.min(b), a.max(b)));
    for (gi, g) in groups.into_iter().enumerate() {
        let mut members = g;
        let mut still = Vec::new();
        for f in std::mem::take(&mut carry) {
            match members.iter().position(|&m| fits(f, m)) {
                Some(j) => pairs.push((f, members.remove(j))),
                None => still.push(f),
            }
        }
        carry = still;
        let floater = if members.len() % 2 == 1 && gi != last { members.pop() } else { None };
        let mut paired = vec![false; members.len()];
        for i in 0..members.len() {
            if paired[i] {
                continue;
            }
            let a = members[i];
            if let Some(j) = (i + 1..members.len()).rev().find(|&j| !paired[j] && fits(a, members[j])) {
                paired[i] = true;
                paired[j] = true;
                pairs.push((a, members[j]));
            }
        }
        carry.extend((0..members.len()).filter(|&i| !paired[i]).map(|i| members[i]));
        carry.extend(floater);
    }
    (pairs, carry)
}

/// Candidate opponents on each side of the pl 8.2.4 partner before falling back to all.
const NEIGHBOURS: usize = 8;

/// Later rounds: weighted pairing group by group from the top. Returns the pairs and the
/// players left over at the bottom.
fn weighted(
    mms: &[i64],
    cd: &[i64],
    order: &[usize],
    met: &HashSet<(usize, usize)>,
) -> (Vec<(usize, usize)>, Vec<usize>) {
    let mut pairs = Vec::with_capacity(order.len() / 2);
    let mut carry: Vec<usize> = Vec::new();
    let mut i = 0;
    while i < order.len() {
        let mut j = i;
        while j < order.len() && mms[order[j]] == mms[order[i]] {
            j += 1;
        }
        let floaters = carry.len();
        let mut window = std::mem::take(&mut carry);
        window.extend_from_slice(&order[i..j]);
        let sparse = match_group(&window, floaters, mms, cd, met, NEIGHBOURS);
        let unpaired = |mate: &[Option<usize>]| mate.iter().filter(|m| m.is_none()).count();
        let mate = if unpaired(&sparse) > window.len() % 2 && NEIGHBOURS < window.len() {
            let dense = match_group(&window, floaters, mms, cd, met, window.len());
            if unpaired(&dense) < unpaired(&sparse) { dense } else { sparse }
        } else {
            sparse
        };
        for (k, m) in mate.iter().enumerate() {
            match m {
                Some(l) if k < *l => pairs.push((window[k], window[*l])),
                Some(_) => {}
                None => carry.push(window[k]),
            }
        }
        i = j;
    }
    (pairs, carry)
}

/// pl 8.2.4 partner positions in a window of `floaters` players from above followed by the
/// group: floater k meets member k, the rest folds, an odd last player has none.
pub(super) fn fold_partners(m: usize, floaters: usize) -> Vec<Option<usize>> {
    let mut ideal = vec![None; m];
    let top = floaters.min(m - floaters);
    for k in 0..top {
        ideal[k] = Some(floaters + k);
        ideal[floaters + k] = Some(k);
    }
    let rest: Vec<usize> = (top..floaters).chain(floaters + top..m).collect();
    let even = rest.len() - rest.len() % 2;
    for k in 0..even / 2 {
        let (a, b) = (rest[k], rest[even - 1 - k]);
        ideal[a] = Some(b);
        ideal[b] = Some(a);
    }
    ideal
}

pub(super) fn match_group(
    window: &[usize],
    floaters: usize,
    mms: &[i64],
    cd: &[i64],
    met: &HashSet<(usize, usize)>,
    neighbours: usize,
) -> Vec<Option<usize>> {
    let m = window.len() as i128;
    if m < 2 {
        return vec![None; window.len()];
    }
    let ideal = fold_partners(window.len(), floaters);
    let max_cd = window.iter().map(|&p| cd[p].abs() as i128).max().unwrap_or(0) + 1;
    let (lo, hi) =
        (window.iter().map(|&p| mms[p]).min().unwrap_or(0), window.iter().map(|&p| mms[p]).max().unwrap_or(0));
    let span = (hi - lo) as i128 + 1;
    // Each level outweighs the sum of every level below it over all pairs.
    let w_fold = 1i128;
    let w_colour = (2 * m * m + 1) * w_fold;
    let w_diff = (m * max_cd + 1) * w_colour;
    let w_rank = (m * span * span + 1) * w_diff;
    let w_pair = (2 * m * m + 1) * w_rank;
    let mut candidates: Vec<(usize, usize)> = Vec::new();
    for a in 0..window.len() {
        let centre = ideal[a].unwrap_or(a);
        let from = centre.saturating_sub(neighbours);
        let to = (centre + neighbours + 1).min(window.len());
        for b in from..to {
            if b != a {
                candidates.push((a.min(b), a.max(b)));
            }
        }
    }
    candidates.sort_unstable();
    candidates.dedup();
    let mut edges = Vec::with_capacity(candidates.len());
    for (a, b) in candidates {
        let (x, y) = (window[a], window[b]);
        if met.contains(&(x.min(y), x.max(y))) {
            continue;
        }
        let d = (mms[x] - mms[y]).abs() as i128;
        let colour =
            if cd[x].signum() == cd[y].signum() && cd[x] != 0 { cd[x].abs().min(cd[y].abs()) as i128 } else { 0 };
        let dist = |p: usize, q: usize| ideal[p].map_or(0, |i| (i as i128 - q as i128).abs());
        let fold = dist(a, b) + dist(b, a);
        let rank = 2 * m - a as i128 - b as i128;
        let w = w_pair + w_rank * rank - w_diff * d * d - w_colour * colour - w_fold * fold;
        edges.push((a, b, W(w)));
    }
    crate::matching::max_weight_matching(window.len(), &edges)
}

/// When players are stranded at the bottom: the bottom of the field re-paired by one matching
/// (the same weights, the fold taken over the whole window), widening the window until it
/// works; the pairs above it stand.
fn finish_with_matching(
    mms: &[i64],
    cd: &[i64],
    order: &[usize],
    met: &HashSet<(usize, usize)>,
    pairs: Vec<(usize, usize)>,
) -> Option<Vec<(usize, usize)>> {
    let pos: std::collections::HashMap<usize, usize> = order.iter().enumerate().map(|(i, &p)| (p, i)).collect();
    let mut width = 64usize;
    loop {
        let mut start = order.len().saturating_sub(width);
        loop {
            let before = start;
            for &(a, b) in &pairs {
                let (x, y) = (pos[&a].min(pos[&b]), pos[&a].max(pos[&b]));
                if y >= start && x < start {
                    start = x;
                }
            }
            if start == before {
                break;
            }
        }
        let window = &order[start..];
        let mate = match_group(window, 0, mms, cd, met, window.len());
        if mate.iter().all(Option::is_some) {
            let mut out: Vec<(usize, usize)> =
                pairs.iter().copied().filter(|&(a, b)| pos[&a] < start && pos[&b] < start).collect();
            for (i, m) in mate.iter().enumerate() {
                let j = m.expect("all matched");
                if i < j {
                    out.push((window[i], window[j]));
                }
            }
            return Some(out);
        }
        if start == 0 {
            return None;
        }
        width *= 4;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The criteria of the module comment as a lexicographic key of a matching of a window.
    fn criteria_key(
        window: &[usize],
        floaters: usize,
        mms: &[i64],
        cd: &[i64],
        mate: &[Option<usize>],
    ) -> (usize, i64, i64, i64, i64) {
        let ideal = fold_partners(window.len(), floaters);
        let (mut pairs, mut rank, mut diff, mut colour, mut fold) = (0, 0, 0, 0, 0);
        for (a, m) in mate.iter().enumerate() {
            let Some(b) = *m else { continue };
            rank += (window.len() - a) as i64;
            if a > b {
                continue;
            }
            let (x, y) = (window[a], window[b]);
            pairs += 1;
            diff -= (mms[x] - mms[y]).pow(2);
            if cd[x] != 0 && cd[x].signum() == cd[y].signum() {
                colour -= cd[x].abs().min(cd[y].abs());
            }
            let dist = |p: usize, q: usize| ideal[p].map_or(0, |i| (i as i64 - q as i64).abs());
            fold -= dist(a, b) + dist(b, a);
        }
        (pairs, rank, diff, colour, fold)
    }

    /// Every matching of the window avoiding `met`, by brute force.
    fn all_matchings(m: usize, allowed: &dyn Fn(usize, usize) -> bool) -> Vec<Vec<Option<usize>>> {
        fn rec(
            i: usize,
            mate: &mut Vec<Option<usize>>,
            allowed: &dyn Fn(usize, usize) -> bool,
            out: &mut Vec<Vec<Option<usize>>>,
        ) {
            let m = mate.len();
            if i == m {
                out.push(mate.clone());
                return;
            }
            if mate[i].is_some() {
                return rec(i + 1, mate, allowed, out);
            }
            rec(i + 1, mate, allowed, out);
            for j in i + 1..m {
                if mate[j].is_none() && allowed(i, j) {
                    mate[i] = Some(j);
                    mate[j] = Some(i);
                    rec(i + 1, mate, allowed, out);
                    mate[i] = None;
                    mate[j] = None;
                }
            }
        }
        let mut out = Vec::new();
        rec(0, &mut vec![None; m], allowed, &mut out);
        out
    }

    #[test]
    fn weights_rank_the_criteria_in_order() {
        // Brute force on random small windows: the weighted matching reaches the best key of
        // (pairs, who floats, MMS difference, colour, fold), in that order of importance.
        let mut rng = crate::sim::Rng::new(77);
        for case in 0..300 {
            let m = 2 + rng.below(8) as usize;
            let floaters = rng.below(3).min(m as u64 - 1) as usize;
            let window: Vec<usize> = (0..m).collect();
            let mms: Vec<i64> = (0..m).map(|i| if i < floaters { 40 + 5 * rng.below(3) as i64 } else { 30 }).collect();
            let cd: Vec<i64> = (0..m).map(|_| rng.below(5) as i64 - 2).collect();
            let mut met = HashSet::new();
            for a in 0..m {
                for b in a + 1..m {
                    if rng.below(4) == 0 {
                        met.insert((a, b));
                    }
                }
            }
            let got = match_group(&window, floaters, &mms, &cd, &met, m);
            let best = all_matchings(m, &|a, b| !met.contains(&(a, b)))
                .iter()
                .map(|mt| criteria_key(&window, floaters, &mms, &cd, mt))
                .max()
                .unwrap();
            assert_eq!(
                criteria_key(&window, floaters, &mms, &cd, &got),
                best,
                "case {case}: m {m}, floaters {floaters}"
            );
        }
    }
}
