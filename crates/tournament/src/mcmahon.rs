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
//! - Later rounds (pl 8.2.4): players ordered by McMahon score (start points + points) then
//!   grade and rating, paired inside each score group by the same fold, skipping opponents
//!   already met (fesa 14.4a); a player left without an opponent in his group floats down to
//!   the top of the next one.
//! - Bye (pl 8.2.5–8.2.6): with an odd number of players the lowest-ranked player who has not
//!   had a bye gets it, worth one point.
//! - Handicap (OpenGotha "handicap based on MMS"): optionally from the McMahon-score or grade
//!   difference; see `handicap.rs`.

use std::collections::HashSet;

use crate::error::{Error, Result};
use crate::handicap::HandicapRule;
use crate::model::{Board, Color, Round, Tournament};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum HandicapBasis {
    #[default]
    None,
    Grade,
    Mms,
}

#[derive(Clone, Copy, Debug, Default)]
pub struct Config {
    pub bar: Option<i32>,
    pub floor: Option<i32>,
    pub handicap: HandicapBasis,
    pub rule: Option<HandicapRule>,
}

/// McMahon start scores in whole points.
pub fn start_scores(t: &Tournament, cfg: &Config) -> Vec<i32> {
    let clamp = |g: i32| {
        let g = cfg.bar.map_or(g, |b| g.min(b));
        cfg.floor.map_or(g, |f| g.max(f))
    };
    let grades: Vec<Option<i32>> = t.players.iter().map(|p| p.grade.map(clamp)).collect();
    let lowest = grades.iter().flatten().min().copied().unwrap_or(0);
    let lowest = cfg.floor.map_or(lowest, |f| f.max(lowest).min(lowest.max(f)));
    grades.iter().map(|g| g.map_or(0, |g| g - lowest)).collect()
}

/// Pair the next McMahon round.
pub fn pair(t: &Tournament, cfg: &Config) -> Result<Round> {
    let n = t.players.len();
    let round = t.rounds_recorded() as u32 + 1;
    if t.planned_rounds > 0 && round > t.planned_rounds {
        return Err(Error::Inconsistent(format!("all {} rounds have been paired", t.planned_rounds)));
    }
    let mms0 = start_scores(t, cfg);
    // McMahon score in tenths.
    let mms: Vec<i64> = (0..n).map(|p| mms0[p] as i64 * 10 + t.score(p) as i64).collect();
    let mut order: Vec<usize> = (0..n).filter(|&p| t.available(p, round)).collect();
    let key = |p: usize| (std::cmp::Reverse(mms[p]), std::cmp::Reverse(t.players[p].grade.unwrap_or(i32::MIN)), std::cmp::Reverse(t.players[p].rating), p);
    order.sort_by_key(|&p| key(p));
    let mut met: HashSet<(usize, usize)> = HashSet::new();
    for (i, p) in t.players.iter().enumerate() {
        for e in &p.rounds {
            if let Some(o) = e.opponent {
                met.insert((i.min(o), i.max(o)));
            }
        }
    }
    let mut r = Round { number: round, ..Default::default() };
    if order.len() % 2 == 1 {
        // pl 8.2.6: at most one bye per player; the lowest-ranked eligible player gets it.
        let pos = order.iter().rposition(|&p| !t.had_bye(p)).ok_or(Error::NoPairing("every player has had the bye (pl 8.2.6)".into()))?;
        r.byes.push(order.remove(pos));
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
        // A pair straddling the window's edge is re-paired too.
        for &(a, b) in &pairs {
            let (x, y) = (pos[&a].min(pos[&b]), pos[&a].max(pos[&b]));
            if y >= start && x < start {
                start = x;
            }
        }
        let window = &order[start..];
        let kept: Vec<(usize, usize)> = pairs.iter().copied().filter(|&(a, b)| pos[&a] < start && pos[&b] < start).collect();
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
    let span = order.iter().map(|&p| mms[p]).max().unwrap_or(0) - order.iter().map(|&p| mms[p]).min().unwrap_or(0) + 1;
    let mut edges = Vec::new();
    for i in 0..m {
        for j in i + 1..m {
            let (a, b) = (order[i], order[j]);
            if met.contains(&(a.min(b), a.max(b))) {
                continue;
            }
            let d = (mms[a] - mms[b]).abs();
            // Cardinality first, then small score differences.
            edges.push((i, j, (m as i64 + 1) * span * span + (span * span - d * d)));
        }
    }
    let mate = crate::matching::max_weight_matching(m, &edges);
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
    let (x, y) = if firsts(a) <= firsts(b) && firsts(a) != firsts(b) { (a, b) } else if firsts(a) == firsts(b) { (b, a) } else { (b, a) };
    match (cfg.handicap, cfg.rule) {
        (HandicapBasis::None, _) | (_, None) => Board { white: x, black: y, handicap: None },
        (HandicapBasis::Grade, Some(rule)) => {
            let g = |p: usize| t.players[p].grade.unwrap_or(mms0[p]);
            rule.apply(x, y, g(x) - g(y))
        }
        (HandicapBasis::Mms, Some(rule)) => rule.apply(x, y, ((mms[x] - mms[y]) / 10) as i32),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Player;

    fn field(grades: &[i32]) -> Tournament {
        Tournament {
            players: grades
                .iter()
                .enumerate()
                .map(|(i, &g)| Player { number: i as u32 + 1, grade: Some(g), rating: 2000 - i as u32, ..Default::default() })
                .collect(),
            planned_rounds: 5,
            ..Default::default()
        }
    }

    #[test]
    fn start_scores_with_bar_and_floor() {
        let t = field(&[5, 3, 1, -2, -10]);
        assert_eq!(start_scores(&t, &Config::default()), vec![15, 13, 11, 8, 0]);
        let cfg = Config { bar: Some(3), floor: Some(-5), ..Default::default() };
        assert_eq!(start_scores(&t, &cfg), vec![8, 8, 6, 3, 0]);
    }

    #[test]
    fn first_round_folds_groups_and_floats_the_odd_player() {
        // Group 2d: players 0,1,2 (odd) ; group 1d: players 3,4,5.
        let t = field(&[2, 2, 2, 1, 1, 1]);
        let r = pair(&t, &Config::default()).unwrap();
        let mut ps: Vec<(usize, usize)> = r.boards.iter().map(|b| (b.white.min(b.black), b.white.max(b.black))).collect();
        ps.sort();
        // 2d: 0–1 (fold of the even part), 2 floats to meet 1d's no. 1 (3); 1d folds 4–5.
        assert_eq!(ps, vec![(0, 1), (2, 3), (4, 5)]);
        assert!(r.byes.is_empty());
    }

    #[test]
    fn handicap_by_grade_for_shogi() {
        let t = field(&[4, 1]);
        let cfg = Config { handicap: HandicapBasis::Grade, rule: Some(HandicapRule::shogi(shogi::HandicapTable::Ufs2016)), ..Default::default() };
        let r = pair(&t, &cfg).unwrap();
        assert_eq!(r.boards[0].handicap.as_deref(), Some("bishop"));
        assert_eq!(r.boards[0].white, 0, "the giver moves first");
    }
}
