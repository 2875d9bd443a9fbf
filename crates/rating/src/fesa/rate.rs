//! Rating one tournament (fesa-2017 15; the FESA Elo system as the official program computes
//! it). The rules, by the numbers of the FESA Elo system description:
//! - rule 1: per-game change `K(pr) * (result - 1/(1+10^((or-pr)/400)))`, K by rating band, `pr`
//!   the player's rating before the game (running through the tournament), `or` the opponent's
//!   final rating (floored at 400), so all players are iterated to a fixed point; the upset
//!   rule: for a win against a higher-rated opponent, `K*(or-pr)/160` if larger;
//! - the development bonus `(1800-pr)/200` per game for players under 1800 in their first 100
//!   games (`BONUS-COUNT`);
//! - rule 3: unrated players (fewer than 9 games, or only wins or only losses) get the
//!   performance rating of all their games so far; provisional (< 18) and established
//!   players are updated by rule 1; new players start with two pseudo-games (one won, one lost)
//!   against their declared grade's midpoint; a rating never goes below 1 (the program floors
//!   only performance ratings; a rated player's floor is ours, see `rate`);
//! - handicap games: the handicap giver's rating is moved down the grade scale by the
//!   handicap's grade value;
//! - grades: promotion when the rating passes the next grade's upper bound, or after runs of
//!   #LB games at or above its lower bound (one of them at or above its midpoint) or #MP
//!   games at or above its midpoint.

use std::collections::HashMap;

use super::FesaError;
use super::grades::{Grade, handicap_value, k_factor, k_of_int, next_grade, rank_to_rating, rating_to_rank};
use super::list::{Games, Home, LbRun, PastGame, Player, Score};
use super::num::Num;
use super::tournament::Tournament;

/// Games needed to be established (rule 3).
pub const ESTABLISHED_GAMES: i64 = 18;
/// Games needed to leave the unrated category (rule 3).
pub const RATED_GAMES: i64 = 9;
/// Opponent ratings below this count as this (rule 1).
pub const OPPONENT_FLOOR: i64 = 400;
/// Games after which the development bonus stops.
pub const BONUS_GAMES: i64 = 100;
/// The development bonus applies below this rating.
pub const BONUS_LIMIT: i64 = 1800;

#[derive(Debug, Clone, Copy, PartialEq)]
enum Opp {
    /// A tournament participant, by index.
    Player(usize),
    /// A past or pseudo game against a fixed rating.
    Fixed(i64),
}

#[derive(Debug, Clone)]
struct Game {
    opp: Opp,
    score: Score,
    /// (this player receives the handicap, grade value)
    handicap: Option<(bool, f32)>,
}

/// What happened to one participant.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Change {
    pub name: String,
    pub old_rating: i64,
    pub new_rating: i64,
    /// Whether the player was rated as unrated (performance rating).
    pub unrated: bool,
}

/// The new list (sorted as the program writes it) and the participants' changes.
#[derive(Debug, Clone)]
pub struct Outcome {
    pub list: Vec<Player>,
    pub changes: Vec<Change>,
}

/// Iterations allowed before giving up on a fixed point.
const MAX_ITERATIONS: usize = 10_000;

/// Rates `tournament` on the list `pre` after registering `new_players` (placed first, as the
/// program appends the list to them). Promotions ordered in `nye-spillere` are applied
/// afterwards with [`super::apply_promotions`].
///
/// Not covered (none occurs in the archive): simultaneous exhibitions (`&` lines, refused by
/// the reader), the re-ordering of American (`#\A`) tournaments by score before the
/// iteration (the file order is kept), and the game-importance factor (always 1).
pub fn rate(pre: &[Player], new_players: &[Player], tournament: &Tournament) -> Result<Outcome, FesaError> {
    // A tournament built by hand gets the reader's consistency checks too.
    super::tournament::check(tournament)?;
    let mut list: Vec<Player> = new_players.iter().chain(pre).cloned().collect();
    let date = tournament.date.as_str();
    let n = tournament.players.len();

    // find-players: each participant's list entry, by name (the first one of that name, as the
    // program's search finds it), through a map: linear in the players.
    let mut by_name: HashMap<(&str, &str), usize> = HashMap::with_capacity(list.len());
    for (i, p) in list.iter().enumerate() {
        by_name.entry((p.last_name.as_str(), p.first_name.as_str())).or_insert(i);
    }
    let mut idx = Vec::with_capacity(n);
    let mut taken = vec![false; list.len()];
    for e in &tournament.players {
        let Some(&i) = by_name.get(&(e.last_name.as_str(), e.first_name.as_str())) else {
            return Err(FesaError::UnknownPlayer {
                line: e.line,
                name: format!("{} {}", e.last_name, e.first_name).trim_end().to_string(),
            });
        };
        if std::mem::replace(&mut taken[i], true) {
            return Err(FesaError::Input { line: e.line, reason: format!("{} is listed twice", e.last_name) });
        }
        if let Some(lp) = &list[i].last_played
            && lp.as_str() >= date
        {
            return Err(FesaError::Input {
                line: e.line,
                reason: format!("{} has played on {lp}, not before this tournament's date {date}", e.last_name),
            });
        }
        idx.push(i);
    }

    // The games of each participant (rounds without an opponent are not games).
    let mut games: Vec<Vec<Game>> = tournament
        .players
        .iter()
        .map(|e| {
            e.rounds
                .iter()
                .filter(|r| r.opponent != 0)
                .map(|r| Game {
                    opp: Opp::Player(r.opponent - 1),
                    score: r.score,
                    handicap: r.handicap.as_ref().map(|h| (h.receives, handicap_value(&h.code).unwrap_or(0.0))),
                })
                .collect()
        })
        .collect();

    // Categories (rule 3). `elo` is the rating the computation starts from: 0 for unrated.
    let mut elo: Vec<i64> = idx.iter().map(|&i| list[i].elo).collect();
    let mut unrated = vec![false; n];
    let mut post_games = vec![0i64; n];
    for (p, &li) in idx.iter().enumerate() {
        let player = &list[li];
        let pre_games = player.games.count();
        let played = games[p].len() as i64;
        match &player.games {
            _ if pre_games == 0 => {
                // A new player: two pseudo-games at his declared grade, lost and won.
                if let Some(g) = player.nsr_grade.filter(|g| g.level > 0) {
                    let r = g.start_rating();
                    games[p].splice(
                        0..0,
                        [Score::Loss, Score::Win].map(|score| Game { opp: Opp::Fixed(r), score, handicap: None }),
                    );
                }
                unrated[p] = true;
                elo[p] = 0;
                post_games[p] = games[p].len() as i64;
            }
            Games::Count(c) => post_games[p] = c + played,
            Games::List(past) => {
                let all = |s: Score| past.iter().all(|g| g.score == s);
                if all(Score::Loss) || all(Score::Win) || player.elo == 0 || pre_games + played < RATED_GAMES {
                    // Still unrated: his past games join this tournament's (in the order the
                    // program pushes them: the stored list reversed, then the new games).
                    let old: Vec<Game> = past
                        .iter()
                        .rev()
                        .map(|g| Game { opp: Opp::Fixed(g.opponent), score: g.score, handicap: None })
                        .collect();
                    games[p].splice(0..0, old);
                    unrated[p] = true;
                    elo[p] = 0;
                    post_games[p] = games[p].len() as i64;
                } else {
                    post_games[p] = pre_games + played;
                }
            }
        }
    }

    // Iterate to a fixed point, updating players in file order as the program does.
    let mut change = vec![0i64; n];
    let mut iterations = 0;
    // The program loops until nothing changes; rounding can make it cycle for ever instead
    // (never in the archive), which is reported rather than repeated.
    let mut seen = std::collections::HashSet::new();
    loop {
        let mut sumdiff: i128 = 0;
        for p in 0..n {
            let results = effective_results(p, &games[p], &elo, &change)?;
            let new = if !unrated[p] {
                let li = idx[p];
                let mut c = Num::int(0);
                // The bonus count advances game by game.
                for (bonus, (opp, score)) in (list[li].bonus_count..).zip(&results) {
                    let my = Num::int(elo[p]).add(c);
                    c = c.add(game_change(my, *opp, *score, bonus));
                }
                // Rule 3's floor of 1 for everyone. The program has none here: a rated
                // player near 1 falls to 0 or below, which its own list then reads as a new
                // player (elo 0). No archived list comes near it.
                c.round().max(1 - elo[p])
            } else if games[p].iter().all(|g| g.score == Score::Loss) {
                // Only losses: the rating floor.
                1
            } else if games[p].iter().all(|g| g.score == Score::Win) {
                // Only wins: a draw against the strongest opponent is added so the performance
                // rating is finite.
                let best = results.iter().fold(None::<(i64, Score)>, |b, &r| match b {
                    Some(b) if r.0 <= b.0 => Some(b),
                    _ => Some(r),
                });
                let mut v = vec![(best.map_or(0, |b| b.0), Score::Draw)];
                v.extend(results.iter().copied());
                performance(&v)
            } else {
                performance(&results)
            };
            let d = (change[p] - new) as i128;
            sumdiff += d * d;
            change[p] = new;
        }
        iterations += 1;
        if sumdiff == 0 {
            break;
        }
        if !seen.insert(change.clone()) || iterations >= MAX_ITERATIONS {
            return Err(FesaError::NoFixedPoint { iterations });
        }
    }

    // The origin (#\E Europe unless more participants are on the American list).
    let count = |c: char| idx.iter().filter(|&&i| list[i].nationality.iter().any(|h| h.list == c)).count();
    let origin = if count('A') > count('E') { 'A' } else { 'E' };

    // inc-games: games, bonus count, last played, federation record.
    let mut stored_games = Vec::with_capacity(n);
    for p in 0..n {
        stored_games.push(if unrated[p] {
            let r = effective_results(p, &games[p], &elo, &change)?;
            Games::List(r.into_iter().map(|(opponent, score)| PastGame { opponent, score, weight: 1 }).collect())
        } else {
            Games::Count(post_games[p])
        });
    }
    for p in 0..n {
        let pl = &mut list[idx[p]];
        pl.games = stored_games[p].clone();
        pl.bonus_count = if unrated[p] { 0 } else { (pl.bonus_count + games[p].len() as i64).min(BONUS_GAMES) };
        pl.last_played = Some(date.to_string());
        let pos = match pl.nationality.iter().position(|h| h.list == origin) {
            Some(k) => k,
            None => {
                let mut h = pl.nationality.first().cloned().unwrap_or(Home {
                    list: origin,
                    nationality: String::new(),
                    residens: String::new(),
                    last: None,
                });
                h.list = origin;
                pl.nationality.insert(0, h);
                0
            }
        };
        pl.nationality[pos].last = Some(date.to_string());
    }

    // find-promotions.
    for p in 0..n {
        let pl = &mut list[idx[p]];
        // Unrated players start from 0 in the program, so their "from" is their new rating.
        let from0 = elo[p];
        let to = from0 + change[p];
        let from = if from0 == 0 { to } else { from0 };
        let played = games[p].len() as i64;
        let total = pl.games.count();
        let mut stat = GradeState { grade: pl.grade, lb: pl.lb_count, mp: pl.mp_count };
        for round in 1..=played {
            let s_tot = 1 + total - played + (round - 1);
            // The rating after `round` games, spread evenly over the tournament.
            let r = Rat { num: from * played + round * (to - from), den: played };
            if s_tot >= ESTABLISHED_GAMES {
                stat.test_promotion(r);
            } else if s_tot >= RATED_GAMES {
                stat.test_p_promotion(r);
            }
        }
        if total >= ESTABLISHED_GAMES {
            // Would he be promoted even while losing K points a game for 20 more games? Then
            // now.
            let mut look = stat;
            let mut r = to - k_of_int(to);
            for _ in 0..20 {
                look.test_promotion(Rat { num: r, den: 1 });
                r -= k_of_int(r);
            }
            if look.grade != stat.grade {
                stat.promote();
            }
        }
        pl.grade = stat.grade;
        pl.lb_count = stat.lb;
        pl.mp_count = stat.mp;
    }

    // write-table: new ratings, then a stable sort by rating, highest first.
    let mut changes = Vec::with_capacity(n);
    for p in 0..n {
        let pl = &mut list[idx[p]];
        let old = pl.elo;
        pl.elo = elo[p] + change[p];
        changes.push(Change { name: pl.display_name(), old_rating: old, new_rating: pl.elo, unrated: unrated[p] });
    }
    list.sort_by_key(|p| std::cmp::Reverse(p.elo));
    Ok(Outcome { list, changes })
}

/// Each game as (effective opponent rating, score): the opponent's final rating floored at 400,
/// moved on the grade scale for a handicap game (`get-single-elo-result-new`).
fn effective_results(p: usize, games: &[Game], elo: &[i64], change: &[i64]) -> Result<Vec<(i64, Score)>, FesaError> {
    let start = |q: usize| if elo[q] == 0 { change[q] } else { elo[q] };
    let clean = |q: usize| if elo[q] == 0 { 0 } else { change[q] };
    let my = start(p);
    games
        .iter()
        .map(|g| {
            let opp = match g.opp {
                Opp::Player(q) => (start(q) + clean(q)).max(OPPONENT_FLOOR),
                Opp::Fixed(r) => r.max(OPPONENT_FLOOR),
            };
            let eff = match g.handicap {
                None => opp,
                Some((receives, value)) => {
                    let shift = |r: i64| {
                        rating_to_rank(r)
                            .and_then(|x| rank_to_rating(x - value))
                            .ok_or(FesaError::HandicapRange { rating: r })
                    };
                    if receives { shift(opp)? } else { opp + (my - shift(my)?) }
                }
            };
            Ok((eff, g.score))
        })
        .collect()
}

/// One game's rating change for an established or provisional player (`diff`): rule 1 with the
/// upset rule and the development bonus.
fn game_change(my: Num, opp: i64, score: Score, bonus_count: i64) -> Num {
    let k = k_factor(|x| my.cmp_int(x).is_ge());
    let delta = Num::int(opp).sub(my); // exact while `my` is
    let x = delta.to_f64() / 400.0;
    let expected = 1.0 / (1.0 + (x * std::f64::consts::LN_10).exp());
    let normal = Num::F(k as f64 * (score.as_f64() - expected));
    let upset = delta.mul_int(k).div_int(160);
    let bonus = if bonus_count < BONUS_GAMES && my.cmp_int(BONUS_LIMIT).is_lt() {
        Num::int(BONUS_LIMIT).sub(my).div_int(200)
    } else {
        Num::int(0)
    };
    let gain = if score == Score::Win && my.cmp_int(opp).is_lt() && upset.gt(normal) { upset } else { normal };
    gain.add(bonus)
}

/// The performance rating (`innsats2`): the rating at which the expected score equals the
/// score, found by Newton steps in single-float arithmetic as the program does; at least 1.
pub fn performance(results: &[(i64, Score)]) -> i64 {
    let Some(first) = results.first() else {
        return 1;
    };
    let ln10 = std::f32::consts::LN_10;
    let log10_400 = ln10 / 400.0;
    let mut guess = first.0 as f32;
    let mut limit = 0.001f32;
    // Newton steps converge in a handful of iterations; the cap only guards odd input.
    for _ in 0..100_000 {
        let (mut a, mut b) = (0.0f32, 0.0f32);
        for &(m, s) in results {
            let x = (m as f32 - guess) / 400.0;
            let u1 = (((x * ln10) as f64).exp()) as f32;
            let u2 = 1.0 / (1.0 + u1);
            a += s.as_f64() as f32 - u2;
            b += u1 * u2 * u2;
        }
        let mut m = a / b / log10_400;
        if m.is_nan() {
            m = 0.0;
        }
        m = m.clamp(-800.0, 800.0);
        limit += 0.0001;
        if m.abs() < limit {
            return (guess + m).round_ties_even().max(1.0) as i64;
        }
        guess += m;
    }
    guess.round_ties_even().max(1.0) as i64
}

/// An exact rating: num/den, den > 0.
#[derive(Debug, Clone, Copy)]
struct Rat {
    num: i64,
    den: i64,
}

impl Rat {
    fn ge(self, b: i64) -> bool {
        self.num >= b * self.den
    }
}

/// The grade and the LB/MP runs of one player while his games are replayed.
#[derive(Debug, Clone, Copy, PartialEq)]
struct GradeState {
    grade: Option<Grade>,
    lb: Option<LbRun>,
    mp: Option<i64>,
}

impl GradeState {
    fn promote(&mut self) {
        self.grade = Some(next_grade(self.grade));
        self.lb = None;
        self.mp = None;
    }

    /// Established players (`test-promotion`).
    fn test_promotion(&mut self, r: Rat) {
        let next = next_grade(self.grade);
        if r.ge(next.ub()) {
            // Past the whole next grade.
            self.promote();
            self.test_promotion(r);
        } else if r.ge(next.mp()) {
            match (&mut self.lb, &mut self.mp) {
                (Some(lb), Some(mp)) => {
                    lb.games += 1;
                    *mp += 1;
                }
                (Some(lb), None) => {
                    lb.games += 1;
                    lb.reached_mp = true;
                    self.mp = Some(1);
                }
                (None, _) => {
                    self.lb = Some(LbRun { games: 1, reached_mp: true });
                    self.mp = Some(1);
                }
            }
            self.above_limit(r, next);
        } else if r.ge(next.lb()) {
            match &mut self.lb {
                Some(lb) => lb.games += 1,
                None => self.lb = Some(LbRun { games: 1, reached_mp: false }),
            }
            self.mp = None;
            self.above_limit(r, next);
        } else {
            self.lb = None;
            self.mp = None;
        }
    }

    /// The #LB / #MP runs (`above-limit?`).
    fn above_limit(&mut self, r: Rat, next: Grade) {
        let Some(lb) = self.lb else { return };
        let by_lb = lb.games >= next.limit_lb() && lb.reached_mp;
        let by_mp = self.mp.is_some_and(|m| m >= next.limit_mp());
        if by_lb || by_mp {
            self.promote();
            self.test_promotion(r);
        }
    }

    /// Provisional players (`test-p-promotion`): promoted while the rating is past the upper
    /// bound of the grade above the next one.
    fn test_p_promotion(&mut self, r: Rat) {
        let next = next_grade(self.grade);
        if r.ge(next_grade(Some(next)).ub()) {
            self.promote();
            self.test_p_promotion(r);
        }
    }
}

#[cfg(test)]
mod tests {
    //! The grade rules (FESA Elo system rule 2 and its promotion rules, fesa-2017 15.2) on a
    //! replayed sequence of ratings.
    use super::*;

    fn at(r: i64) -> Rat {
        Rat { num: r, den: 1 }
    }

    fn two_kyu() -> GradeState {
        GradeState { grade: Some(Grade::kyu(2)), lb: None, mp: None }
    }

    #[test]
    fn lb_run_with_one_game_above_mp_promotes_after_lb_games() {
        // Into 1 Kyu: LB 1560, MP 1620, #LB 14.
        let mut s = two_kyu();
        s.test_promotion(at(1630)); // above MP: starts both runs
        for _ in 0..12 {
            s.test_promotion(at(1570));
        }
        assert_eq!(s.grade, Some(Grade::kyu(2)));
        assert_eq!(s.lb, Some(LbRun { games: 13, reached_mp: true }));
        assert_eq!(s.mp, None, "a game under MP ends the MP run");
        s.test_promotion(at(1570));
        assert_eq!(s.grade, Some(Grade::kyu(1)));
        assert_eq!((s.lb, s.mp), (None, None));
    }

    #[test]
    fn lb_run_without_mp_does_not_promote() {
        let mut s = two_kyu();
        for _ in 0..30 {
            s.test_promotion(at(1570));
        }
        assert_eq!(s.grade, Some(Grade::kyu(2)));
        assert_eq!(s.lb, Some(LbRun { games: 30, reached_mp: false }));
    }

    #[test]
    fn mp_run_promotes_after_mp_games() {
        // #MP for 1 Kyu is 7.
        let mut s = two_kyu();
        for _ in 0..6 {
            s.test_promotion(at(1625));
        }
        assert_eq!(s.grade, Some(Grade::kyu(2)));
        assert_eq!(s.mp, Some(6));
        s.test_promotion(at(1625));
        assert_eq!(s.grade, Some(Grade::kyu(1)));
    }

    #[test]
    fn a_game_below_lb_breaks_the_runs() {
        let mut s = two_kyu();
        for _ in 0..6 {
            s.test_promotion(at(1625));
        }
        s.test_promotion(at(1500));
        assert_eq!((s.lb, s.mp), (None, None));
        assert_eq!(s.grade, Some(Grade::kyu(2)));
    }

    #[test]
    fn provisional_players_are_promoted_below_their_rating_grade() {
        // 2277 with no grade: promoted while past the UB of the grade two above the next one,
        // which stops at 3 Dan (N2 in the archived 5th Nekomadoken).
        let mut s = GradeState { grade: None, lb: None, mp: None };
        s.test_p_promotion(at(2277));
        assert_eq!(s.grade, Some(Grade::dan(3)));
    }

    #[test]
    fn exact_rating_between_games() {
        // Ratings spread over the games are exact: 1559 + 1/2 is not yet 1560.
        let r = Rat { num: 3119, den: 2 };
        assert!(!r.ge(1560));
        assert!(r.ge(1559));
    }
}
