//! Tie-breaks (pl 8.3 and the usual ones), with a configurable rule for unplayed rounds.
//!
//! Values are integers in hundredths of a point so that comparisons are exact.
//!
//! Unplayed rounds (byes, forfeits, absences) in the Buchholz family (Buchholz, median, cut-1,
//! SOS, SOSOS):
//! - `dummy` — FIDE Tie-Break Regulations (C.07, in force 2024) art. 16: the player's own
//!   unplayed round counts as a game against a dummy opponent with the player's own score
//!   (16.4; in Sonneborn-Berger too, weighted by the round's points); an opponent's score is
//!   his own, except that requested byes and absences after which he never played again count
//!   as draws (16.3); a cut removes a voluntarily unplayed round (requested bye, absence,
//!   forfeit loss) first (16.5). Checked against tiebreak-core (PyPI) in
//!   `tests/direct_encounter_oracle.rs`;
//! - `virtual` — the older FIDE rule (2009–2023): a virtual opponent with
//!   `score before the round + (1 − points of the round) + ½ × rounds after it`, opponents'
//!   unplayed rounds counting as draws;
//! - `fixed:X` — OpenGotha style: an unplayed round adds the fixed value X (default 0) and
//!   opponents' scores are used as they are.

use crate::error::UnknownName;
use crate::model::{Outcome, RoundEntry, Score, System, Tournament};
use crate::names::{closed_set, serde_via_str};

/// Hundredths of a point.
pub type Value = i64;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TieBreak {
    /// Sonneborn-Berger: opponents' scores weighted by the result against them (pl 8.3 RR).
    SonnebornBerger,
    /// Direct encounter: points among the players still tied (pl 8.3 RR).
    DirectEncounter,
    /// Median Buchholz: drop the highest and lowest (pl 8.3 Swiss).
    MedianBuchholz,
    /// Buchholz: sum of opponents' scores (pl 8.3 Swiss).
    Buchholz,
    /// Buchholz cut 1: drop the lowest.
    Cut1,
    /// Progressive (cumulative) score (pl 8.3 Swiss).
    Progressive,
    /// Sum of opponents' McMahon scores (pl 8.3 McMahon).
    Sos,
    /// Sum of opponents' SOS.
    Sosos,
    /// Sum of defeated opponents' scores, half for draws (pl 8.3 McMahon).
    Sodos,
    /// Rounds won, with or without playing (C.07 art. 7.1 WIN: byes worth a win count).
    Wins,
    /// Rating.
    Rating,
}

closed_set!(TieBreak, "tie-break";
    SonnebornBerger => "sb" | "sonneborn-berger" | "sonneborn",
    DirectEncounter => "de" | "direct" | "direct-encounter",
    MedianBuchholz => "median" | "median-buchholz" | "mbh",
    Buchholz => "buchholz" | "bh",
    Cut1 => "cut1" | "cut-1" | "bh-c1",
    Progressive => "progressive" | "prog" | "cumulative",
    Sos => "sos",
    Sosos => "sosos",
    Sodos => "sodos",
    Wins => "wins" | "win",
    Rating => "rating",
);

impl TieBreak {
    /// The tie-breaks of a system when none are given (pl 8.3): round robin Sonneborn-Berger
    /// then direct encounter; McMahon SOS then SODOS; Swiss (Dutch) and knockout median
    /// Buchholz, Buchholz, progressive score.
    pub fn defaults(system: System) -> &'static [TieBreak] {
        match system {
            System::RoundRobin => &[TieBreak::SonnebornBerger, TieBreak::DirectEncounter],
            System::McMahon => &[TieBreak::Sos, TieBreak::Sodos],
            System::Dutch | System::Knockout => &[TieBreak::MedianBuchholz, TieBreak::Buchholz, TieBreak::Progressive],
        }
    }

    /// The column heading in the standings (`SB`, `BH`, `MBH` …).
    pub fn label(self) -> &'static str {
        match self {
            TieBreak::SonnebornBerger => "SB",
            TieBreak::DirectEncounter => "DE",
            TieBreak::MedianBuchholz => "MBH",
            TieBreak::Buchholz => "BH",
            TieBreak::Cut1 => "BH-C1",
            TieBreak::Progressive => "PS",
            TieBreak::Sos => "SOS",
            TieBreak::Sosos => "SOSOS",
            TieBreak::Sodos => "SODOS",
            TieBreak::Wins => "WIN",
            TieBreak::Rating => "RTG",
        }
    }
}

/// How an unplayed round counts in the Buchholz family (see the module documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Unplayed {
    /// `dummy` (also `fide2024`).
    #[default]
    Dummy,
    /// `virtual` (also `fide2009`).
    Virtual,
    /// `fixed:X` (`fixed` alone is `fixed:0`): X points, kept in hundredths.
    Fixed(Value),
}

impl std::fmt::Display for Unplayed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Unplayed::Dummy => f.write_str("dummy"),
            Unplayed::Virtual => f.write_str("virtual"),
            Unplayed::Fixed(v) => write!(f, "fixed:{}", fmt(*v)),
        }
    }
}

impl std::str::FromStr for Unplayed {
    type Err = UnknownName;

    fn from_str(s: &str) -> Result<Unplayed, UnknownName> {
        let k = s.trim().to_ascii_lowercase();
        let fixed = |x: &str| x.parse::<f64>().ok().filter(|v| v.is_finite()).map(|v| (v * 100.0).round() as Value);
        match k.as_str() {
            "dummy" | "fide2024" => Ok(Unplayed::Dummy),
            "virtual" | "fide2009" => Ok(Unplayed::Virtual),
            "fixed" => Ok(Unplayed::Fixed(0)),
            _ => k.strip_prefix("fixed:").and_then(fixed).map(Unplayed::Fixed).ok_or_else(|| UnknownName {
                what: "unplayed-round rule",
                given: s.trim().to_string(),
                known: &["dummy", "virtual", "fixed:X"],
            }),
        }
    }
}

serde_via_str!(Unplayed);

/// Tie-break settings: the order and the unplayed-round rule; `mms0` gives each player's
/// McMahon start score (hundredths) for SOS/SOSOS, zero outside McMahon.
#[derive(Clone, Debug)]
pub struct Config {
    pub order: Vec<TieBreak>,
    pub unplayed: Unplayed,
    pub mms0: Vec<Value>,
}

fn frac(s: Score) -> Value {
    match s {
        Score::Win => 100,
        Score::Draw => 50,
        Score::Loss => 0,
    }
}

/// Computes tie-break values for every player.
pub struct Calculator<'a> {
    t: &'a Tournament,
    cfg: &'a Config,
    rounds: usize,
    /// Actual scores (hundredths).
    score: Vec<Value>,
    /// Scores for use as an opponent's score (unplayed rounds as draws under dummy/virtual).
    adj: Vec<Value>,
}

impl<'a> Calculator<'a> {
    pub fn new(t: &'a Tournament, cfg: &'a Config) -> Self {
        let rounds = t.rounds_recorded().max(t.planned_rounds as usize);
        let n = t.players.len();
        let score: Vec<Value> = (0..n).map(|i| t.score(i) as Value * 10).collect();
        let recorded = t.rounds_recorded();
        let adj = (0..n)
            .map(|i| {
                let p = &t.players[i];
                let pts = |e: Option<&RoundEntry>| e.map_or(0, |e| t.scoring.points(e) as Value * 10);
                match cfg.unplayed {
                    Unplayed::Fixed(_) => score[i],
                    // C.07 (2024) art. 16.3: a participant's own score, except that requested
                    // byes and absences after which he never came back count as draws.
                    Unplayed::Dummy => (0..recorded)
                        .map(|r| {
                            let e = p.rounds.get(r);
                            let requested = e.is_none_or(|e| {
                                !e.played()
                                    && matches!(e.outcome, Outcome::HalfBye | Outcome::ZeroBye | Outcome::NotPaired)
                            });
                            let returned =
                                p.rounds.iter().skip(r + 1).any(|e| {
                                    e.played() || matches!(e.outcome, Outcome::PairingBye | Outcome::ForfeitWin)
                                });
                            if requested && !returned { t.scoring.draw as Value * 10 } else { pts(e) }
                        })
                        .sum(),
                    // FIDE 2009: every unplayed round of an opponent counts as a draw.
                    Unplayed::Virtual => (0..recorded)
                        .map(|r| match p.rounds.get(r) {
                            Some(e) if e.played() => pts(Some(e)),
                            _ => t.scoring.draw as Value * 10,
                        })
                        .sum(),
                }
            })
            .collect();
        Calculator { t, cfg, rounds, score, adj }
    }

    pub fn score(&self, p: usize) -> Value {
        self.score[p]
    }

    /// McMahon score: start score plus points.
    pub fn mms(&self, p: usize) -> Value {
        self.cfg.mms0.get(p).copied().unwrap_or(0) + self.score[p]
    }

    /// One value per round for the Buchholz family; `f` gives an opponent's value. The flag
    /// marks, under the 2024 rule, a voluntarily unplayed round (C.07 art. 16.1.2: requested
    /// half- or zero-point bye, absence, forfeit loss), which the cuts treat first (16.5).
    fn opponent_values(&self, p: usize, f: &dyn Fn(usize) -> Value, own: Value) -> Vec<(Value, bool)> {
        let pl = &self.t.players[p];
        let recorded = self.t.rounds_recorded();
        (0..recorded.max(1).min(self.rounds.max(recorded)))
            .map(|r| match pl.rounds.get(r) {
                Some(e) if e.played() => (f(e.opponent.expect("played game has an opponent")), false),
                other => match self.cfg.unplayed {
                    Unplayed::Fixed(v) => (v, false),
                    // Art. 16.4: a dummy opponent with the participant's own score.
                    Unplayed::Dummy => (
                        own,
                        other.is_none_or(|e| {
                            matches!(
                                e.outcome,
                                Outcome::HalfBye | Outcome::ZeroBye | Outcome::NotPaired | Outcome::ForfeitLoss
                            )
                        }),
                    ),
                    Unplayed::Virtual => {
                        let before: Value =
                            pl.rounds.iter().take(r).map(|e| self.t.scoring.points(e) as Value * 10).sum();
                        let got = other.map(|e| self.t.scoring.points(e) as Value * 10).unwrap_or(0);
                        (
                            before
                                + (self.t.scoring.win as Value * 10 - got)
                                + 50 * (self.rounds.saturating_sub(r + 1)) as Value,
                            false,
                        )
                    }
                },
            })
            .collect()
    }

    pub fn buchholz(&self, p: usize) -> Value {
        self.opponent_values(p, &|o| self.adj[o], self.score[p]).iter().map(|x| x.0).sum()
    }

    /// Buchholz without the `low` least and `high` most significant values. Under the 2024
    /// rule (C.07 art. 14 with 16.5) the least significant value cut is the lowest voluntarily
    /// unplayed round's when there is one, and fewer values than cuts leave the sum whole; the
    /// other rules cut the lowest values and give 0 when nothing is left.
    fn cut(&self, p: usize, low: usize, high: usize) -> Value {
        let mut v = self.opponent_values(p, &|o| self.adj[o], self.score[p]);
        if self.cfg.unplayed == Unplayed::Dummy {
            if v.len() < low + high + 1 {
                return v.iter().map(|x| x.0).sum();
            }
            for _ in 0..low {
                let i = match v.iter().enumerate().filter(|x| x.1.1).min_by_key(|x| x.1.0) {
                    Some((i, _)) => i,
                    None => v.iter().enumerate().min_by_key(|x| x.1.0).map(|x| x.0).expect("values"),
                };
                v.remove(i);
            }
            for _ in 0..high {
                let i = v.iter().enumerate().max_by_key(|x| x.1.0).map(|x| x.0).expect("values");
                v.remove(i);
            }
            return v.iter().map(|x| x.0).sum();
        }
        let mut v: Vec<Value> = v.drain(..).map(|x| x.0).collect();
        v.sort_unstable();
        if v.len() <= low + high {
            return 0;
        }
        v[low..v.len() - high].iter().sum()
    }

    pub fn sos(&self, p: usize) -> Value {
        self.opponent_values(p, &|o| self.cfg.mms0.get(o).copied().unwrap_or(0) + self.adj[o], self.mms(p))
            .iter()
            .map(|x| x.0)
            .sum()
    }

    pub fn value(&self, tb: TieBreak, p: usize, tied: &[usize]) -> Value {
        let pl = &self.t.players[p];
        match tb {
            TieBreak::SonnebornBerger if self.cfg.unplayed == Unplayed::Dummy => {
                // C.07 (2024) art. 9.1 with 16.3-16.4: opponents' adjusted scores, and an
                // unplayed round as a game against a dummy with the player's own score.
                let pts = |e: &RoundEntry| self.t.scoring.points(e) as Value * 10;
                (0..self.t.rounds_recorded())
                    .map(|r| match pl.rounds.get(r) {
                        Some(e) if e.played() => self.adj[e.opponent.unwrap()] * pts(e) / 100,
                        Some(e) => self.score[p] * pts(e) / 100,
                        None => 0,
                    })
                    .sum()
            }
            TieBreak::SonnebornBerger => pl
                .rounds
                .iter()
                .filter(|e| e.played())
                .map(|e| self.score[e.opponent.unwrap()] * frac(e.outcome.score()) / 100)
                .sum(),
            TieBreak::DirectEncounter => {
                let ranks = self.direct_encounter(tied);
                tied.iter().position(|&q| q == p).map_or(0, |i| -(ranks[i] as Value) * 100)
            }
            TieBreak::MedianBuchholz => self.cut(p, 1, 1),
            TieBreak::Buchholz => self.buchholz(p),
            TieBreak::Cut1 => self.cut(p, 1, 0),
            TieBreak::Progressive => {
                // C.07 art. 7.5: over every round, the score carried through absences.
                let mut run = 0;
                let mut total = 0;
                for r in 0..self.t.rounds_recorded() {
                    run += pl.rounds.get(r).map_or(0, |e| self.t.scoring.points(e) as Value * 10);
                    total += run;
                }
                total
            }
            TieBreak::Sos => self.sos(p),
            TieBreak::Sosos => self.opponent_values(p, &|o| self.sos(o), self.sos(p)).iter().map(|x| x.0).sum(),
            TieBreak::Sodos => pl
                .rounds
                .iter()
                .filter(|e| e.played())
                .map(|e| self.mms(e.opponent.unwrap()) * frac(e.outcome.score()) / 100)
                .sum(),
            // C.07 art. 7.1: rounds with the points of a win, with or without playing.
            TieBreak::Wins => {
                pl.rounds
                    .iter()
                    .filter(|e| e.outcome.score() == Score::Win && self.t.scoring.points(e) == self.t.scoring.win)
                    .count() as Value
                    * 100
            }
            TieBreak::Rating => pl.rating as Value * 100,
        }
    }
}

impl Calculator<'_> {
    /// Direct encounter (FIDE Tie-Break Regulations, C.07 in force 1 Aug 2024, art. 6) for the
    /// players of `tied`: their ranks among themselves (1 = best, equal ranks stay tied), in the
    /// order of `tied`.
    /// - 6.1: the points each scored in the games among them; only games played over the board
    ///   count (6.1.1), and against an opponent met more than once, the average (6.1.2).
    /// - 6.2, all of them met: ranked by those points; a subgroup still tied goes through the
    ///   same steps with only its own games.
    /// - 6.3, not all met: from the top, a player is ranked ahead only when his points exceed
    ///   what every other could still reach counting each missing encounter as a win; the rest
    ///   stay tied, and if fewer than before, go through the steps again on their own.
    /// - In a round robin the 6.2 case applies even when a game between them was forfeited.
    ///
    /// The FIDE text itself could not be consulted here; this follows FIDE TEC's reference
    /// (TieBreakServer, `compute_basic_direct_encounter`) and is checked against the PyPI library
    /// tiebreak-core 1.2.0 (`fide2024.rank_standings`) on random Swiss tournaments.
    pub fn direct_encounter(&self, tied: &[usize]) -> Vec<u32> {
        let mut ranks = vec![0u32; tied.len()];
        let mut next = 1u32;
        for group in self.de_split(tied) {
            for &p in &group {
                ranks[tied.iter().position(|&q| q == p).expect("member")] = next;
            }
            next += group.len() as u32;
        }
        ranks
    }

    /// The tied group split into ordered subgroups that stay tied.
    fn de_split(&self, group: &[usize]) -> Vec<Vec<usize>> {
        if group.len() < 2 {
            return vec![group.to_vec()];
        }
        let win = self.t.scoring.win as Value * 10;
        let stats: Vec<(usize, Value, Value)> = group
            .iter()
            .map(|&p| {
                // 6.1.2: against an opponent met more than once, the average of those games.
                let mut per_opp: std::collections::BTreeMap<usize, (Value, Value)> = Default::default();
                for e in &self.t.players[p].rounds {
                    if let Some(o) = e.opponent.filter(|o| e.played() && group.contains(o)) {
                        let x = per_opp.entry(o).or_default();
                        x.0 += self.t.scoring.points(e) as Value * 10;
                        x.1 += 1;
                    }
                }
                // Hundredths, so an average of two games stays exact to a quarter point.
                let pts: Value = per_opp.values().map(|&(s, k)| s * 100 / k).sum();
                let unmet = (group.len() - 1 - per_opp.len()) as Value;
                (p, pts, pts + unmet * win * 100)
            })
            .collect();
        // In a round robin every pair is scheduled to meet, so a forfeited game does not turn
        // the group into a "not all met" one (it just scores nothing), as the reference reads it.
        let all_met = self.t.system == System::RoundRobin || stats.iter().all(|&(_, s, m)| s == m);
        let mut sorted = stats.clone();
        sorted.sort_by(|a, b| b.1.cmp(&a.1).then(b.2.cmp(&a.2)).then(a.0.cmp(&b.0)));
        let mut parts: Vec<Vec<usize>> = Vec::new();
        if all_met {
            for &(p, s, _) in &sorted {
                match parts.last_mut() {
                    Some(g) if stats.iter().any(|&(q, sq, _)| q == g[0] && sq == s) => g.push(p),
                    _ => parts.push(vec![p]),
                }
            }
        } else {
            let mut i = 0;
            while i < sorted.len() {
                let best_below = sorted[i + 1..].iter().map(|x| x.2).max();
                match best_below {
                    Some(m) if sorted[i].1 > m => parts.push(vec![sorted[i].0]),
                    Some(_) => {
                        parts.push(sorted[i..].iter().map(|x| x.0).collect());
                        break;
                    }
                    None => parts.push(vec![sorted[i].0]),
                }
                i += 1;
            }
        }
        let mut out = Vec::new();
        for g in parts {
            if g.len() >= 2 && g.len() < group.len() {
                out.extend(self.de_split(&g));
            } else {
                out.push(g);
            }
        }
        out
    }
}

/// Format hundredths as a decimal with up to two places.
pub fn fmt(v: Value) -> String {
    let sign = if v < 0 { "-" } else { "" };
    let v = v.abs();
    match v % 100 {
        0 => format!("{sign}{}", v / 100),
        r if r % 10 == 0 => format!("{sign}{}.{}", v / 100, r / 10),
        r => format!("{sign}{}.{:02}", v / 100, r),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::trf;

    // A 4-player round robin: 1 beats all; 2 beats 3, draws 4; 3 beats 4; 4 draws 2.
    const RR: &str = "\
001    1      A                                 2000                             3.0    1     2 w 1     3 b 1     4 w 1
001    2      B                                 1900                             1.5    2     1 b 0     4 w =     3 b 1
001    3      C                                 1800                             1.0    3     4 w 1     1 w 0     2 w 0
001    4      D                                 1700                             0.5    4     3 b 0     2 b =     1 b 0
XXR 3
";

    fn calc_values(tb: TieBreak, unplayed: Unplayed) -> Vec<Value> {
        let t = trf::parse(RR).unwrap();
        let cfg = Config { order: vec![tb], unplayed, mms0: vec![0; 4] };
        let c = Calculator::new(&t, &cfg);
        (0..4).map(|p| c.value(tb, p, &[0, 1, 2, 3])).collect()
    }

    #[test]
    fn sonneborn_berger_by_hand() {
        // A: 1.5 + 1 + 0.5 = 3; B: 0.5·0.5 + 1 = 1.25; C: 0.5; D: 0.5·1.5 = 0.75.
        assert_eq!(calc_values(TieBreak::SonnebornBerger, Unplayed::Dummy), vec![300, 125, 50, 75]);
    }

    #[test]
    fn buchholz_family_by_hand() {
        // Everyone met everyone: Buchholz = 6 − own score.
        assert_eq!(calc_values(TieBreak::Buchholz, Unplayed::Dummy), vec![300, 450, 500, 550]);
        // Median drops the best and the worst of three opponents.
        assert_eq!(calc_values(TieBreak::MedianBuchholz, Unplayed::Dummy), vec![100, 100, 150, 150]);
        assert_eq!(calc_values(TieBreak::Cut1, Unplayed::Dummy), vec![250, 400, 450, 450]);
        assert_eq!(calc_values(TieBreak::Progressive, Unplayed::Dummy), vec![600, 200, 300, 100]);
        assert_eq!(calc_values(TieBreak::Wins, Unplayed::Dummy), vec![300, 100, 100, 0]);
        // C.07 art. 6.2: all four met; ranks by points among them (3, 1.5, 1, 0.5).
        assert_eq!(calc_values(TieBreak::DirectEncounter, Unplayed::Dummy), vec![-100, -200, -300, -400]);
    }

    #[test]
    fn unplayed_round_rules_differ() {
        // Player 3 has a bye in round 1 (1 point) then loses to 1; 1 beat 2 in round 1.
        let s = "\
001    1      A                                 2000                             2.0    1     2 w 1     3 b 1
001    2      B                                 1900                             0.0    2     1 b 0  0000 - Z
001    3      C                                 1800                             1.0    3  0000 - U     1 w 0
XXR 2
";
        let t = trf::parse(s).unwrap();
        let val = |u| {
            let cfg = Config { order: vec![], unplayed: u, mms0: vec![0; 3] };
            let c = Calculator::new(&t, &cfg);
            c.buchholz(2)
        };
        // Dummy: own bye counts the player's own score (1); opponent 1's score 2.
        assert_eq!(val(Unplayed::Dummy), 100 + 200);
        // Virtual: 0 before + (1 − 1) + ½ × 1 remaining round = 0.5.
        assert_eq!(val(Unplayed::Virtual), 50 + 200);
        assert_eq!(val(Unplayed::Fixed(0)), 200);
        assert_eq!(fmt(125), "1.25");
        assert_eq!(fmt(150), "1.5");
        assert_eq!("fixed:0.5".parse(), Ok(Unplayed::Fixed(50)));
        for u in [Unplayed::Dummy, Unplayed::Virtual, Unplayed::Fixed(0), Unplayed::Fixed(50), Unplayed::Fixed(-125)] {
            assert_eq!(u.to_string().parse(), Ok(u), "{u}");
        }
        assert_eq!("FIDE2009".parse(), Ok(Unplayed::Virtual));
        assert!("fixed:x".parse::<Unplayed>().unwrap_err().to_string().contains("fixed:X"));
    }
}
