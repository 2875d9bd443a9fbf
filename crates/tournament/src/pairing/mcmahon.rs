//! McMahon system (pl 8.2) with OpenGotha-style options.
//!
//! - Groups (pl 8.2.3): players are grouped by grade, clamped to [floor, bar] (OpenGotha's
//!   "McMahon bar" and "floor": everyone above the bar starts in the top group, everyone below
//!   the floor in the bottom one). The lowest group starts with 0 McMahon points, each higher
//!   group with one more. Players without a grade start in the bottom group.
//! - Round 1 (pl 8.2.4): from the top group down, inside each group ordered by grade then rating,
//!   "no. 1 with the last even number" — read as a fold over the even-sized part of the group
//!   (1–m, 2–(m−1), … with m the largest even count); the player left over in an odd group (the
//!   last one) is paired with no. 1 of the next group down, which then folds the rest.
//! - Later rounds (pl 8.2.4, weighted as OpenGotha does): players ordered by McMahon score
//!   (start points + points) then grade and rating. Score groups are paired from the top down,
//!   each group together with the players floating down into it, by a maximum-weight matching
//!   (`matching::max_weight_matching`) whose weights rank, most important first:
//!   1. no rematch and no XXP-forbidden pair (fesa 14.4a) — such edges do not exist;
//!   2. as many pairs as possible;
//!   3. the players left over (who float down) are the lowest-ranked ones (pl 8.2.4: the odd
//!      player is paired down), so floaters from above are paired first;
//!   4. the smallest McMahon-score differences (sum of squares; OpenGotha "minimize score
//!      difference");
//!   5. colour balance: two players who both had more games moving first (or both fewer) are
//!      avoided (OpenGotha "balance W/B");
//!   6. closeness to the pl 8.2.4 pairing inside the group: floaters meet the group's top
//!      players in order, the rest folds (1 with the last, 2 with the one before, …), the odd
//!      last player floats.
//!
//!   Sparsity: a player's candidate opponents are the 8 on each side of his pl 8.2.4 partner
//!   (criterion 6 makes farther ones worse anyway); only when that leaves more players unpaired
//!   than the parity of the window is the window matched densely. The first round keeps the
//!   plain pl 8.2.4 fold.
//! - Bye (pl 8.2.5–8.2.6): with an odd number of players the lowest-ranked player who has not
//!   had a bye gets it, worth one point.
//! - Handicap (OpenGotha "handicap based on MMS"): optionally from the McMahon-score or grade
//!   difference; see [`crate::pairing::handicap`].

use std::collections::HashSet;

use crate::error::{Error, Result};
use crate::model::{Board, Color, Grade, Round, Tournament};
use crate::pairing::handicap::HandicapRule;

/// What a McMahon board's handicap is computed from (OpenGotha's "handicap based on").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum HandicapBasis {
    /// Even games only.
    #[default]
    None,
    /// The grade difference.
    Grade,
    /// The McMahon-score difference.
    Mms,
}

crate::names::closed_set!(HandicapBasis, "handicap basis";
    None => "none",
    Grade => "grade",
    Mms => "mms",
);

#[derive(Clone, Copy, Debug, Default)]
pub struct Config {
    /// Grades above the bar start in the top group.
    pub bar: Option<Grade>,
    /// Grades below the floor start in the bottom group.
    pub floor: Option<Grade>,
    pub handicap: HandicapBasis,
    pub rule: Option<HandicapRule>,
}

/// McMahon start scores in whole points.
pub fn start_scores(t: &Tournament, cfg: &Config) -> Vec<i32> {
    let (bar, floor) = (cfg.bar.map(Grade::number), cfg.floor.map(Grade::number));
    let clamp = |g: Grade| {
        let g = bar.map_or(g.number(), |b| g.number().min(b));
        floor.map_or(g, |f| g.max(f))
    };
    let grades: Vec<Option<i32>> = t.players.iter().map(|p| p.grade.map(clamp)).collect();
    let lowest = grades.iter().flatten().min().copied().unwrap_or(0);
    let lowest = floor.map_or(lowest, |f| f.max(lowest).min(lowest.max(f)));
    grades.iter().map(|g| g.map_or(0, |g| g - lowest)).collect()
}

/// Pair the next McMahon round.
pub fn pair(t: &Tournament, cfg: &Config) -> Result<Round> {
    let n = t.players.len();
    let round = t.next_round();
    if t.planned_rounds > 0 && round > t.planned_rounds {
        return Err(Error::Inconsistent(format!("all {} rounds have been paired", t.planned_rounds)));
    }
    let mms0 = start_scores(t, cfg);
    // McMahon score in tenths.
    let mms: Vec<i64> = (0..n).map(|p| mms0[p] as i64 * 10 + t.score(p) as i64).collect();
    // A player with an entry for this round already has a pre-announced bye (TRF-2025 240).
    let announced = |p: usize| t.players[p].rounds.len() >= round as usize;
    let mut order: Vec<usize> = (0..n).filter(|&p| t.available(p, round) && !announced(p)).collect();
    let key = |p: usize| {
        (
            std::cmp::Reverse(mms[p]),
            std::cmp::Reverse(t.players[p].grade.map_or(i32::MIN, Grade::number)),
            std::cmp::Reverse(t.players[p].rating),
            p,
        )
    };
    order.sort_by_key(|&p| key(p));
    let mut met: HashSet<(usize, usize)> = HashSet::new();
    for (i, p) in t.players.iter().enumerate() {
        for e in &p.rounds {
            if let Some(o) = e.opponent {
                met.insert((i.min(o), i.max(o)));
            }
        }
    }
    for g in &t.forbidden {
        for (i, &a) in g.iter().enumerate() {
            for &b in &g[i + 1..] {
                met.insert((a.min(b), a.max(b)));
            }
        }
    }
    let mut r = Round { number: round, ..Default::default() };
    if order.len() % 2 == 1 {
        // pl 8.2.6: at most one bye per player; the lowest-ranked eligible player gets it.
        let pos = order
            .iter()
            .rposition(|&p| !t.had_bye(p))
            .ok_or(Error::NoPairing("every player has had the bye (pl 8.2.6)".into()))?;
        r.byes.push(order.remove(pos));
    }
    if round > 1 {
        let (pairs, carry) = weighted(t, &mms, &order, &met);
        if !carry.is_empty() {
            return finish_with_matching(t, cfg, &mms, &mms0, &order, &met, pairs, r);
        }
        r.boards = pairs.into_iter().map(|(a, b)| board(t, cfg, &mms, &mms0, a, b)).collect();
        return Ok(r);
    }
    // Score groups (round 1: the start groups).
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for &p in &order {
        match groups.last_mut() {
            Some(g) if mms[g[0]] == mms[p] => g.push(p),
            _ => groups.push(vec![p]),
        }
    }
    let mut carry: Vec<usize> = Vec::new();
    let mut pairs: Vec<(usize, usize)> = Vec::new();
    let last = groups.len().saturating_sub(1);
    for (gi, g) in groups.into_iter().enumerate() {
        let mut members = g;
        let fits = |a: usize, b: usize| !met.contains(&(a.min(b), a.max(b)));
        // Floaters from above meet the highest group members they have not met.
        let mut still = Vec::new();
        for f in std::mem::take(&mut carry) {
            match members.iter().position(|&m| fits(f, m)) {
                Some(j) => pairs.push((f, members.remove(j))),
                None => still.push(f),
            }
        }
        carry = still;
        // An odd group's last player floats down (pl 8.2.4); the last group has nowhere to go.
        let floater = if members.len() % 2 == 1 && gi != last { members.pop() } else { None };
        let mut paired = vec![false; members.len()];
        // Fold: no. 1 with the lowest still free player he has not met, and so on.
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
    if !carry.is_empty() {
        return finish_with_matching(t, cfg, &mms, &mms0, &order, &met, pairs, r);
    }
    r.boards = pairs.into_iter().map(|(a, b)| board(t, cfg, &mms, &mms0, a, b)).collect();
    Ok(r)
}

/// Matching weights: i128, so that the six levels of the module comment fit side by side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
struct W(i128);

impl crate::matching::Weight for W {
    fn zero() -> Self {
        W(0)
    }
    fn plus(&self, o: &Self) -> Self {
        W(self.0 + o.0)
    }
    fn minus(&self, o: &Self) -> Self {
        W(self.0 - o.0)
    }
    fn half(&self) -> Self {
        W(self.0.div_euclid(2))
    }
    fn less(&self, o: &Self) -> bool {
        self.0 < o.0
    }
    fn is_zero(&self) -> bool {
        self.0 == 0
    }
    fn one() -> Self {
        W(1)
    }
    fn is_odd(&self) -> bool {
        self.0 & 1 == 1
    }
}

/// Colour difference per player: games moving first − games moving second.
fn colour_diffs(t: &Tournament) -> Vec<i64> {
    t.players
        .iter()
        .map(|p| {
            p.rounds.iter().filter(|e| e.played()).map(|e| if e.color == Some(Color::White) { 1 } else { -1 }).sum()
        })
        .collect()
}

/// Candidate opponents on each side of the pl 8.2.4 partner before falling back to all.
const NEIGHBOURS: usize = 8;

/// Later rounds: weighted pairing group by group from the top (see the module comment).
/// Returns the pairs and the players left over at the bottom.
fn weighted(
    t: &Tournament,
    mms: &[i64],
    order: &[usize],
    met: &HashSet<(usize, usize)>,
) -> (Vec<(usize, usize)>, Vec<usize>) {
    let cd = colour_diffs(t);
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
        let sparse = match_group(&window, floaters, mms, &cd, met, NEIGHBOURS);
        let unpaired = |mate: &[Option<usize>]| mate.iter().filter(|m| m.is_none()).count();
        let mate = if unpaired(&sparse) > window.len() % 2 && NEIGHBOURS < window.len() {
            let dense = match_group(&window, floaters, mms, &cd, met, window.len());
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
fn fold_partners(m: usize, floaters: usize) -> Vec<Option<usize>> {
    let mut ideal = vec![None; m];
    let top = floaters.min(m - floaters);
    for k in 0..top {
        ideal[k] = Some(floaters + k);
        ideal[floaters + k] = Some(k);
    }
    // Floaters beyond the group's size fold among themselves with the rest.
    let rest: Vec<usize> = (top..floaters).chain(floaters + top..m).collect();
    let even = rest.len() - rest.len() % 2;
    for k in 0..even / 2 {
        let (a, b) = (rest[k], rest[even - 1 - k]);
        ideal[a] = Some(b);
        ideal[b] = Some(a);
    }
    ideal
}

fn match_group(
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

/// Fallback when the fold strands players at the bottom: a maximum-weight matching that keeps
/// pairs as close in McMahon score as possible while forbidding rematches.
#[allow(clippy::too_many_arguments)]
fn finish_with_matching(
    t: &Tournament,
    cfg: &Config,
    mms: &[i64],
    mms0: &[i32],
    order: &[usize],
    met: &HashSet<(usize, usize)>,
    pairs: Vec<(usize, usize)>,
    r: Round,
) -> Result<Round> {
    // Re-pair only the bottom of the field, widening the window until it works: the fold's
    // pairs above it stand.
    let pos: std::collections::HashMap<usize, usize> = order.iter().enumerate().map(|(i, &p)| (p, i)).collect();
    let mut width = 64usize;
    loop {
        let mut start = order.len().saturating_sub(width);
        // A pair straddling the window's edge is re-paired too (until no pair straddles it:
        // moving the edge up can make another pair straddle).
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
        let kept: Vec<(usize, usize)> =
            pairs.iter().copied().filter(|&(a, b)| pos[&a] < start && pos[&b] < start).collect();
        match match_window(t, cfg, mms, mms0, window, met) {
            Ok(boards) => {
                let mut r = r;
                r.boards = kept.into_iter().map(|(a, b)| board(t, cfg, mms, mms0, a, b)).collect();
                r.boards.extend(boards);
                return Ok(r);
            }
            Err(e) if start == 0 => return Err(e),
            Err(_) => width *= 4,
        }
    }
}

fn match_window(
    t: &Tournament,
    cfg: &Config,
    mms: &[i64],
    mms0: &[i32],
    order: &[usize],
    met: &HashSet<(usize, usize)>,
) -> Result<Vec<Board>> {
    let mut r = Round::default();
    let m = order.len();
    // The same weights as inside a group (colour balance included), the fold taken over the
    // whole window.
    let mate = match_group(order, 0, mms, &colour_diffs(t), met, m);
    if mate.iter().any(|x| x.is_none()) {
        return Err(Error::NoPairing("no pairing without rematches (fesa 14.4a)".into()));
    }
    for i in 0..m {
        let j = mate[i].unwrap();
        if i < j {
            r.boards.push(board(t, cfg, mms, mms0, order[i], order[j]));
        }
    }
    Ok(r.boards)
}

fn board(t: &Tournament, cfg: &Config, mms: &[i64], mms0: &[i32], a: usize, b: usize) -> Board {
    let firsts = |p: usize| t.players[p].rounds.iter().filter(|e| e.played() && e.color == Some(Color::White)).count();
    // Colour balance; on a tie the lower-placed player moves first.
    let (x, y) = if firsts(a) < firsts(b) { (a, b) } else { (b, a) };
    match (cfg.handicap, cfg.rule) {
        (HandicapBasis::None, _) | (_, None) => Board { white: x, black: y, handicap: None },
        (HandicapBasis::Grade, Some(rule)) => {
            let g = |p: usize| t.players[p].grade.map_or(mms0[p], Grade::number);
            rule.apply(x, y, g(x) - g(y))
        }
        (HandicapBasis::Mms, Some(rule)) => rule.apply(x, y, ((mms[x] - mms[y]) / 10) as i32),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Player;

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

    fn field(grades: &[i32]) -> Tournament {
        Tournament {
            players: grades
                .iter()
                .enumerate()
                .map(|(i, &g)| Player {
                    number: i as u32 + 1,
                    grade: Some(Grade::new(g)),
                    rating: 2000 - i as u32,
                    ..Default::default()
                })
                .collect(),
            planned_rounds: 5,
            ..Default::default()
        }
    }

    #[test]
    fn start_scores_with_bar_and_floor() {
        let t = field(&[5, 3, 1, -2, -10]);
        assert_eq!(start_scores(&t, &Config::default()), vec![15, 13, 11, 8, 0]);
        let cfg = Config { bar: Some(Grade::new(3)), floor: Some(Grade::new(-5)), ..Default::default() };
        assert_eq!(start_scores(&t, &cfg), vec![8, 8, 6, 3, 0]);
    }

    #[test]
    fn first_round_folds_groups_and_floats_the_odd_player() {
        // Group 2d: players 0,1,2 (odd) ; group 1d: players 3,4,5.
        let t = field(&[2, 2, 2, 1, 1, 1]);
        let r = pair(&t, &Config::default()).unwrap();
        let mut ps: Vec<(usize, usize)> =
            r.boards.iter().map(|b| (b.white.min(b.black), b.white.max(b.black))).collect();
        ps.sort();
        // 2d: 0–1 (fold of the even part), 2 floats to meet 1d's no. 1 (3); 1d folds 4–5.
        assert_eq!(ps, vec![(0, 1), (2, 3), (4, 5)]);
        assert!(r.byes.is_empty());
    }

    #[test]
    fn handicap_by_grade_for_shogi() {
        let t = field(&[4, 1]);
        let cfg = Config {
            handicap: HandicapBasis::Grade,
            rule: Some(HandicapRule::shogi(shogi::HandicapTable::Ufs2016)),
            ..Default::default()
        };
        let r = pair(&t, &cfg).unwrap();
        assert_eq!(r.boards[0].handicap.as_deref(), Some("bishop"));
        assert_eq!(r.boards[0].white, 0, "the giver moves first");
    }
}
