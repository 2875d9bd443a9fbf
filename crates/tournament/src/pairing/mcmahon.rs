//! McMahon system (pl 8.2) as Go tournament directors know it from OpenGotha: every round is one
//! maximum-weight matching over the whole field (issue 21), the absolute rules of pl 8.2.6 as
//! hard constraints and the criteria below in a fixed, documented order of priority.
//!
//! - Groups (pl 8.2.1–8.2.2): players are grouped by grade, clamped to [floor, bar] (OpenGotha's
//!   "McMahon bar" and "floor": everyone above the bar starts in the top group, everyone below
//!   the floor in the bottom one). The lowest group starts with 0 McMahon points, each higher
//!   group with one more. Players without a grade start in the bottom group. The McMahon score
//!   (MMS) is the start score plus the points won (pl 8.2.2, 8.2.4).
//! - Ranking (pl 8.2.4): by MMS, then inside a score group by [`GroupOrder`]: grade then rating
//!   (default), or SOS, SOSOS, then grade and rating as OpenGotha can.
//! - Bye (pl 8.2.5–8.2.6): with an odd number of players the lowest-ranked player who has not
//!   had a bye gets it, worth one point, and the rest are paired; if the rematch rule leaves no
//!   pairing of the rest, the next player up without a bye gets it instead ([`pair`]).
//! - The pairing: one matching over all players to pair. An edge is a pair the rules allow, its
//!   weight packs the criteria as fields, most important first (each field outweighs the sum
//!   of every field below it over all pairs, as the Dutch engine does, `pairing::dutch`):
//!
//! 0. absolute (pl 8.2.6; fesa 14.4a; TRF XXP and TRF-2025 260): no rematch, no forbidden
//!    pair — such edges do not exist;
//! 1. as many pairs as possible (everyone is paired whenever the rules allow it);
//! 2. **main criterion**: the smallest McMahon-score gaps, as the sum over the boards of the
//!    squared gap (default, OpenGotha's "minimize score difference") or of the gap itself
//!    ([`GapCost`]); pl 8.2.4 pairs inside score groups and floats only the players left over;
//! 3. same club / same country avoided ([`AvoidSame`], off by default: pl 8.2 has no such
//!    rule);
//! 4. float history ([`Criteria::float_history`], off by default: pl 8.2 says nothing of it):
//!    a player who floated down in the previous round does not float down again, one who
//!    floated up does not float up again (OpenGotha's "DU/DD compensation");
//! 5. colour balance (OpenGotha "balance W/B"): two players who both moved first more often
//!    (or both less often) are not paired; a board with a handicap counts as balanced, since
//!    the handicap decides who moves first. [`ColourPriority`] moves it below seeding;
//! 6. seeding: closeness to the pl 8.2.3–8.2.4 plan — each score group, top down, takes the
//!    player floating down from the group above and pairs him with its top player
//!    ([`Criteria::float_in`], pl 8.2.3 "with no. 1 of the next group"), floats its odd
//!    player down (its last one, [`Criteria::float_out`], pl 8.2.3 "the player left over"),
//!    and pairs the rest by fold (1 with the last, 2 with the one before, pl 8.2.3), slip
//!    (1 with the first of the lower half) or at random ([`Seeding`], separately for the
//!    first [`Criteria::early_rounds`] rounds and the later ones). The distance of a pair to
//!    that plan is the distance, in ranking places, of each player to his planned opponent.
//!
//! Without rematches in the way the plan itself is optimal (it floats one player across each
//! boundary below a group with an odd number of players above it, which every pairing
//! must, and a gap split into two floats costs less than one long float), so round 1 is
//! exactly pl 8.2.3's fold.
//!
//! - Guarantee: the pairing of the group-by-group engine (`groups`, the one shinpan used before)
//!   is always among the candidate pairs, so the global pairing is never worse on fields 1–2.
//! - Size: up to [`DENSE`] players every pair is a candidate (the optimum over all pairings);
//!   above, a player's candidates are his [`NEIGHBOURS`] neighbours on each side in the ranking
//!   and around his planned opponent, plus the group-by-group pairs. One matching over a whole
//!   field of 10,000 took 3–64 s a round (`examples/mcmahon_rounds`), so above [`ROLLING`]
//!   players the field is matched in overlapping windows down the ranking, kept only when it
//!   is not worse on the main criterion than the group-by-group pairing (else the one big
//!   matching). The optimality below 2 × 400 players of a window is then not proved, only the
//!   guarantee against the group-by-group pairing.
//! - Handicap (OpenGotha "handicap based on MMS"): optionally from the McMahon-score or grade
//!   difference, with OpenGotha's threshold, correction and ceiling (Go); see
//!   [`crate::pairing::handicap`]. On a board without handicap the player who moved first less
//!   often moves first; on a tie [`FirstOnTie`] decides.

mod groups;

use std::collections::HashSet;

use serde::Serialize;
use shogi::HandicapTable;

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

/// How a McMahon-score gap between two paired players is penalised (criterion 2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum GapCost {
    /// The gap squared: two floats of one group each are better than one float across two
    /// groups (OpenGotha's "minimize score difference").
    #[default]
    Squares,
    /// The gap itself.
    Absolute,
}

crate::names::closed_set!(GapCost, "gap cost";
    Squares => "squares",
    Absolute => "absolute",
);

/// How a score group is paired (criterion 6), OpenGotha's "seeding system".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Seeding {
    /// 1 with the last, 2 with the one before … (pl 8.2.3 "no. 1 with the last even number").
    #[default]
    Fold,
    /// The top half against the bottom half in order: 1 with n/2 + 1 (OpenGotha "split and
    /// slip").
    Slip,
    /// The top half against the bottom half drawn at random, reproducibly from the round, the
    /// group's score and the file's furigoma seed (OpenGotha "split and random").
    Random,
}

crate::names::closed_set!(Seeding, "seeding";
    Fold => "fold",
    Slip => "slip",
    Random => "random",
);

/// A place in a score group: which player floats out of an odd group, and whom a player
/// floating in meets (OpenGotha's "top / middle / bottom").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Place {
    Top,
    Middle,
    Bottom,
}

crate::names::closed_set!(Place, "place in a group";
    Top => "top",
    Middle => "middle",
    Bottom => "bottom",
);

/// The order inside a score group (pl 8.2.4 orders by score only).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum GroupOrder {
    /// Grade, then rating.
    #[default]
    Rank,
    /// SOS (the opponents' McMahon scores), then SOSOS, then grade and rating (OpenGotha).
    Sos,
}

crate::names::closed_set!(GroupOrder, "group order";
    Rank => "rank" | "rating" | "grade",
    Sos => "sos",
);

/// Same club / same country avoidance (criterion 3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum AvoidSame {
    #[default]
    None,
    Club,
    Country,
    /// Both, each counted.
    Both,
}

crate::names::closed_set!(AvoidSame, "avoidance";
    None => "none",
    Club => "club",
    Country => "country" | "federation",
    Both => "both",
);

/// Whether colour balance ranks above seeding (criterion 5 before 6, the default) or below.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum ColourPriority {
    #[default]
    BeforeSeeding,
    AfterSeeding,
}

crate::names::closed_set!(ColourPriority, "colour priority";
    BeforeSeeding => "before-seeding",
    AfterSeeding => "after-seeding",
);

/// Who moves first on a board without handicap when both moved first equally often.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum FirstOnTie {
    /// The lower-placed player.
    #[default]
    LowerPlaced,
    /// The higher-placed player.
    HigherPlaced,
}

crate::names::closed_set!(FirstOnTie, "first mover on a tie";
    LowerPlaced => "lower",
    HigherPlaced => "higher",
);

/// The pairing criteria below the absolute rules (module comment), defaults after pl 8.2.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Criteria {
    pub gaps: GapCost,
    pub avoid: AvoidSame,
    /// OpenGotha's DU/DD compensation (criterion 4).
    pub float_history: bool,
    pub colour: ColourPriority,
    /// Seeding in rounds 1..=`early_rounds`.
    pub seeding_early: Seeding,
    /// Seeding in the later rounds.
    pub seeding_late: Seeding,
    pub early_rounds: u32,
    pub order: GroupOrder,
    /// Who floats out of an odd group: pl 8.2.3 "the player left over", the last.
    pub float_out: Place,
    /// Whom a floater meets: pl 8.2.3 "no. 1 of the next group".
    pub float_in: Place,
    pub first_on_tie: FirstOnTie,
}

impl Default for Criteria {
    fn default() -> Criteria {
        Criteria {
            gaps: GapCost::Squares,
            avoid: AvoidSame::None,
            float_history: false,
            colour: ColourPriority::BeforeSeeding,
            seeding_early: Seeding::Fold,
            seeding_late: Seeding::Fold,
            early_rounds: 1,
            order: GroupOrder::Rank,
            float_out: Place::Bottom,
            float_in: Place::Top,
            first_on_tie: FirstOnTie::LowerPlaced,
        }
    }
}

/// A tournament's McMahon settings as its file stores them (TRF `SXM` lines,
/// `formats::trf`): bar, floor, handicap rule and the criteria.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Settings {
    pub bar: Option<Grade>,
    pub floor: Option<Grade>,
    pub handicap: HandicapBasis,
    /// Shogi: the grade-difference table; `None` for the ruleset's.
    pub handicap_table: Option<HandicapTable>,
    /// Go: stones = difference − correction (OpenGotha's "handicap correction", rfg 2.2).
    pub handicap_correction: u32,
    /// Go: at most this many stones.
    pub handicap_ceiling: u32,
    /// No handicap when the weaker player's grade is at or above it (OpenGotha's "no handicap
    /// above").
    pub handicap_threshold: Option<Grade>,
    pub criteria: Criteria,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            bar: None,
            floor: None,
            handicap: HandicapBasis::None,
            handicap_table: None,
            handicap_correction: 1,
            handicap_ceiling: 9,
            handicap_threshold: None,
            criteria: Criteria::default(),
        }
    }
}

impl Settings {
    /// The keys of the TRF `SXM key value` lines, in the order written.
    pub const KEYS: &'static [&'static str] = &[
        "bar",
        "floor",
        "handicap",
        "handicap-table",
        "handicap-correction",
        "handicap-ceiling",
        "handicap-threshold",
        "gaps",
        "avoid",
        "float-history",
        "colour",
        "seeding-early",
        "seeding-late",
        "early-rounds",
        "order",
        "float-out",
        "float-in",
        "first-on-tie",
    ];

    /// Set one setting from its `SXM` line; the error says what is wrong with the value.
    pub fn set(&mut self, key: &str, value: &str) -> std::result::Result<(), String> {
        fn parse<T: std::str::FromStr>(v: &str) -> std::result::Result<T, String>
        where
            T::Err: std::fmt::Display,
        {
            v.parse().map_err(|e: T::Err| e.to_string())
        }
        let grade = |v: &str| -> std::result::Result<Option<Grade>, String> {
            if v == "none" { Ok(None) } else { parse(v).map(Some) }
        };
        let number = |v: &str| v.parse::<u32>().map_err(|_| format!("{v:?} is not a whole number"));
        let c = &mut self.criteria;
        match key {
            "bar" => self.bar = grade(value)?,
            "floor" => self.floor = grade(value)?,
            "handicap" => self.handicap = parse(value)?,
            "handicap-table" => self.handicap_table = Some(parse(value)?),
            "handicap-correction" => self.handicap_correction = number(value)?,
            "handicap-ceiling" => self.handicap_ceiling = number(value)?,
            "handicap-threshold" => self.handicap_threshold = grade(value)?,
            "gaps" => c.gaps = parse(value)?,
            "avoid" => c.avoid = parse(value)?,
            "float-history" => {
                c.float_history = match value {
                    "on" => true,
                    "off" => false,
                    v => return Err(format!("{v:?} is neither on nor off")),
                }
            }
            "colour" => c.colour = parse(value)?,
            "seeding-early" => c.seeding_early = parse(value)?,
            "seeding-late" => c.seeding_late = parse(value)?,
            "early-rounds" => c.early_rounds = number(value)?,
            "order" => c.order = parse(value)?,
            "float-out" => c.float_out = parse(value)?,
            "float-in" => c.float_in = parse(value)?,
            "first-on-tie" => c.first_on_tie = parse(value)?,
            k => return Err(format!("unknown McMahon setting {k:?} ({})", Self::KEYS.join(", "))),
        }
        Ok(())
    }

    /// The `SXM` lines (without the tag) of the settings that differ from the defaults.
    pub fn lines(&self) -> Vec<String> {
        let d = Settings::default();
        let (c, dc) = (&self.criteria, &d.criteria);
        let grade = |g: Option<Grade>| g.map_or("none".to_string(), |g| g.to_string());
        let mut out = Vec::new();
        let mut put = |differs: bool, key: &str, value: String| {
            if differs {
                out.push(format!("{key} {value}"));
            }
        };
        put(self.bar != d.bar, "bar", grade(self.bar));
        put(self.floor != d.floor, "floor", grade(self.floor));
        put(self.handicap != d.handicap, "handicap", self.handicap.to_string());
        put(
            self.handicap_table.is_some(),
            "handicap-table",
            self.handicap_table.map_or(String::new(), |h| h.to_string()),
        );
        put(
            self.handicap_correction != d.handicap_correction,
            "handicap-correction",
            self.handicap_correction.to_string(),
        );
        put(self.handicap_ceiling != d.handicap_ceiling, "handicap-ceiling", self.handicap_ceiling.to_string());
        put(self.handicap_threshold != d.handicap_threshold, "handicap-threshold", grade(self.handicap_threshold));
        put(c.gaps != dc.gaps, "gaps", c.gaps.to_string());
        put(c.avoid != dc.avoid, "avoid", c.avoid.to_string());
        put(c.float_history != dc.float_history, "float-history", if c.float_history { "on" } else { "off" }.into());
        put(c.colour != dc.colour, "colour", c.colour.to_string());
        put(c.seeding_early != dc.seeding_early, "seeding-early", c.seeding_early.to_string());
        put(c.seeding_late != dc.seeding_late, "seeding-late", c.seeding_late.to_string());
        put(c.early_rounds != dc.early_rounds, "early-rounds", c.early_rounds.to_string());
        put(c.order != dc.order, "order", c.order.to_string());
        put(c.float_out != dc.float_out, "float-out", c.float_out.to_string());
        put(c.float_in != dc.float_in, "float-in", c.float_in.to_string());
        put(c.first_on_tie != dc.first_on_tie, "first-on-tie", c.first_on_tie.to_string());
        out
    }
}

#[derive(Clone, Copy, Debug, Default)]
pub struct Config {
    /// Grades above the bar start in the top group.
    pub bar: Option<Grade>,
    /// Grades below the floor start in the bottom group.
    pub floor: Option<Grade>,
    pub handicap: HandicapBasis,
    pub rule: Option<HandicapRule>,
    /// No handicap when the weaker player's grade is at or above it.
    pub threshold: Option<Grade>,
    pub criteria: Criteria,
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

/// Matching weights: i128, the fields of the module comment side by side.
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
    fn low(&self) -> u64 {
        self.0 as u64
    }
}

/// Fields up to this many players are matched over every pair.
pub const DENSE: usize = 300;
/// Above [`DENSE`]: candidate opponents on each side of a player and of his planned opponent.
pub const NEIGHBOURS: usize = 12;
/// Fields above this many players are first solved in windows ([`Ctx::rolling`]).
pub const ROLLING: usize = 2000;
/// Half a window of [`Ctx::rolling`].
const WINDOW: usize = 400;
/// A seeding distance counts at most this much (criterion 6 only orders near pairings).
const SEED_CAP: i128 = 1023;

/// Everything a round's criteria read, computed once.
struct Ctx<'a> {
    t: &'a Tournament,
    cfg: &'a Config,
    round: u32,
    mms0: Vec<i32>,
    /// McMahon score in tenths.
    mms: Vec<i64>,
    /// Games moving first − games moving second.
    cd: Vec<i64>,
    /// +1 floated down in the previous round, −1 up, 0 neither.
    floated: Vec<i8>,
    met: HashSet<(usize, usize)>,
}

impl<'a> Ctx<'a> {
    fn new(t: &'a Tournament, cfg: &'a Config) -> Ctx<'a> {
        let n = t.players.len();
        let round = t.next_round();
        let mms0 = start_scores(t, cfg);
        let mms: Vec<i64> = (0..n).map(|p| mms0[p] as i64 * 10 + t.score(p) as i64).collect();
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
        let prev = round as usize - 1;
        let floated = (0..n)
            .map(|p| {
                let Some(o) = prev.checked_sub(1).and_then(|r| t.players[p].rounds.get(r)).and_then(|e| e.opponent)
                else {
                    return 0;
                };
                let before = |q: usize| mms0[q] as i64 * 10 + t.score_after(q, prev - 1) as i64;
                (before(p) - before(o)).signum() as i8
            })
            .collect();
        Ctx { t, cfg, round, mms0, mms, cd: colour_diffs(t), floated, met }
    }

    fn allowed(&self, a: usize, b: usize) -> bool {
        !self.met.contains(&(a.min(b), a.max(b)))
    }

    /// `players` ranked (pl 8.2.4 and [`GroupOrder`]).
    fn rank(&self, players: &mut [usize]) {
        let t = self.t;
        let n = t.players.len();
        let (sos, sosos) = if self.cfg.criteria.order == GroupOrder::Sos {
            let opps = |p: usize| t.players[p].rounds.iter().filter_map(|e| e.opponent);
            let sos: Vec<i64> = (0..n).map(|p| opps(p).map(|o| self.mms[o]).sum()).collect();
            let sosos: Vec<i64> = (0..n).map(|p| opps(p).map(|o| sos[o]).sum()).collect();
            (sos, sosos)
        } else {
            (vec![0; n], vec![0; n])
        };
        players.sort_by_key(|&p| {
            (
                std::cmp::Reverse(self.mms[p]),
                std::cmp::Reverse(sos[p]),
                std::cmp::Reverse(sosos[p]),
                std::cmp::Reverse(t.players[p].grade.map_or(i32::MIN, Grade::number)),
                std::cmp::Reverse(t.players[p].rating),
                p,
            )
        });
    }

    /// The board of `a` (higher placed) and `b`, handicap and who moves first included.
    fn board(&self, a: usize, b: usize) -> Board {
        let t = self.t;
        let firsts =
            |p: usize| t.players[p].rounds.iter().filter(|e| e.played() && e.color == Some(Color::White)).count();
        // Colour balance; on a tie as FirstOnTie says.
        let (x, y) = match firsts(a).cmp(&firsts(b)) {
            std::cmp::Ordering::Less => (a, b),
            std::cmp::Ordering::Greater => (b, a),
            std::cmp::Ordering::Equal => match self.cfg.criteria.first_on_tie {
                FirstOnTie::LowerPlaced => (b, a),
                FirstOnTie::HigherPlaced => (a, b),
            },
        };
        let even = Board { white: x, black: y, handicap: None };
        let grade = |p: usize| t.players[p].grade.map_or(self.mms0[p], Grade::number);
        let diff = match (self.cfg.handicap, self.cfg.rule) {
            (HandicapBasis::None, _) | (_, None) => return even,
            (HandicapBasis::Grade, Some(_)) => grade(x) - grade(y),
            (HandicapBasis::Mms, Some(_)) => ((self.mms[x] - self.mms[y]) / 10) as i32,
        };
        let weaker = if diff >= 0 { y } else { x };
        if self.cfg.threshold.is_some_and(|th| grade(weaker) >= th.number()) {
            return even;
        }
        self.cfg.rule.expect("matched above").apply(x, y, diff)
    }

    /// Criterion 2 of one pair.
    fn gap(&self, a: usize, b: usize) -> i128 {
        let d = (self.mms[a] - self.mms[b]).unsigned_abs() as i128;
        match self.cfg.criteria.gaps {
            GapCost::Squares => d * d,
            GapCost::Absolute => d,
        }
    }

    /// Criteria 2–6 of one pair (`a` placed above `b`, `plan` the planned opponent's ranking
    /// place by ranking place, `place` each player's), in the order of priority.
    fn costs(&self, a: usize, b: usize, plan: &[Option<usize>], place: &[usize]) -> [i128; 5] {
        let t = self.t;
        let c = &self.cfg.criteria;
        let same = |x: &str, y: &str| (!x.is_empty() && x == y) as i128;
        let (pa, pb) = (&t.players[a], &t.players[b]);
        let avoid = match c.avoid {
            AvoidSame::None => 0,
            AvoidSame::Club => same(&pa.club, &pb.club),
            AvoidSame::Country => same(&pa.federation, &pb.federation),
            AvoidSame::Both => same(&pa.club, &pb.club) + same(&pa.federation, &pb.federation),
        };
        let float = if c.float_history && self.mms[a] != self.mms[b] {
            let (hi, lo) = if self.mms[a] > self.mms[b] { (a, b) } else { (b, a) };
            (self.floated[hi] == 1) as i128 + (self.floated[lo] == -1) as i128
        } else {
            0
        };
        let (cda, cdb) = (self.cd[a], self.cd[b]);
        let colour = if cda != 0 && cda.signum() == cdb.signum() && self.board(a, b).handicap.is_none() {
            cda.abs().min(cdb.abs()) as i128
        } else {
            0
        };
        let dist =
            |p: usize, q: usize| plan[place[p]].map_or(0, |i| (i as i128 - place[q] as i128).abs().min(SEED_CAP));
        let seed = dist(a, b) + dist(b, a);
        match c.colour {
            ColourPriority::BeforeSeeding => [self.gap(a, b), avoid, float, colour, seed],
            ColourPriority::AfterSeeding => [self.gap(a, b), avoid, float, seed, colour],
        }
    }

    /// The pl 8.2.3–8.2.4 plan over the ranked `order`: each ranking place's planned opponent
    /// (module comment, criterion 6).
    fn plan(&self, order: &[usize]) -> Vec<Option<usize>> {
        let c = &self.cfg.criteria;
        let seeding = if self.round <= c.early_rounds { c.seeding_early } else { c.seeding_late };
        let mut plan = vec![None; order.len()];
        let link = |plan: &mut Vec<Option<usize>>, x: usize, y: usize| {
            plan[x] = Some(y);
            plan[y] = Some(x);
        };
        let pick = |members: &[usize], at: Place| match at {
            Place::Top => 0,
            Place::Middle => members.len() / 2,
            Place::Bottom => members.len() - 1,
        };
        let mut carry: Option<usize> = None;
        let mut i = 0;
        while i < order.len() {
            let mut j = i;
            while j < order.len() && self.mms[order[j]] == self.mms[order[i]] {
                j += 1;
            }
            let mut members: Vec<usize> = (i..j).collect();
            if let Some(f) = carry.take() {
                let m = members.remove(pick(&members, c.float_in));
                link(&mut plan, f, m);
            }
            if members.len() % 2 == 1 {
                carry = Some(members.remove(pick(&members, c.float_out)));
            }
            let half = members.len() / 2;
            let (top, bottom) = members.split_at(half);
            let mut bottom = bottom.to_vec();
            match seeding {
                Seeding::Fold => bottom.reverse(),
                Seeding::Slip => {}
                Seeding::Random => {
                    let seed = self.t.furigoma_seed.unwrap_or(0)
                        ^ (self.round as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
                        ^ (self.mms[order[i]] as u64).wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
                    let mut rng = crate::sim::Rng::new(seed);
                    for k in (1..bottom.len()).rev() {
                        bottom.swap(k, rng.index(k + 1));
                    }
                }
            }
            for (&x, &y) in top.iter().zip(&bottom) {
                link(&mut plan, x, y);
            }
            i = j;
        }
        plan
    }

    /// The optimal pairing of `order` (ranked, every player to be paired) by the criteria of
    /// the module comment; `reference` pairs are candidates whatever the field's size. Pairs
    /// are (higher placed, lower placed), top board first. Above [`ROLLING`] players the field
    /// is solved in overlapping windows first (see [`Ctx::rolling`]).
    fn global(&self, order: &[usize], reference: Option<&[(usize, usize)]>) -> Result<Vec<(usize, usize)>> {
        if order.len() < 2 {
            return Ok(Vec::new());
        }
        let mut place = vec![usize::MAX; self.t.players.len()];
        for (i, &p) in order.iter().enumerate() {
            place[p] = i;
        }
        let plan = self.plan(order);
        if order.len() > ROLLING
            && let Some(pairs) = self.rolling(order, &plan, &place, reference)
        {
            return Ok(pairs);
        }
        self.solve(order, order, &plan, &place, reference)
    }

    /// Large fields: windows of 2 × [`WINDOW`] players down the ranking, each matched by
    /// [`Ctx::solve`]; the pairs inside a window's upper half are kept, the rest of it goes on
    /// into the next window. Kept only if it pairs everyone and is not worse on the main
    /// criterion than `reference` (else the whole field is matched at once, which is slower).
    fn rolling(
        &self,
        order: &[usize],
        plan: &[Option<usize>],
        place: &[usize],
        reference: Option<&[(usize, usize)]>,
    ) -> Option<Vec<(usize, usize)>> {
        let n = order.len();
        let mut out = Vec::with_capacity(n / 2);
        let mut carry: Vec<usize> = Vec::new();
        let mut i = 0;
        while i < n {
            let end = (i + 2 * WINDOW).min(n);
            let mut window = std::mem::take(&mut carry);
            window.extend_from_slice(&order[i..end]);
            let last = end == n;
            let keep_to = if last { n } else { i + WINDOW };
            let inside: HashSet<usize> = window.iter().copied().collect();
            let reference: Vec<(usize, usize)> = reference
                .unwrap_or(&[])
                .iter()
                .copied()
                .filter(|(x, y)| inside.contains(x) && inside.contains(y))
                .collect();
            let pairs = if window.len().is_multiple_of(2) {
                self.solve(&window, order, plan, place, Some(&reference)).ok()?
            } else {
                // Solve the window without its last player, who goes on.
                let k = window.pop().expect("odd window");
                let p = self.solve(&window, order, plan, place, Some(&reference)).ok()?;
                window.push(k);
                p
            };
            let mut paired = HashSet::new();
            for (a, b) in pairs {
                if place[a] < keep_to && place[b] < keep_to {
                    out.push((a, b));
                    paired.insert(a);
                    paired.insert(b);
                }
            }
            carry = window.into_iter().filter(|p| place[*p] < keep_to && !paired.contains(p)).collect();
            if last {
                if !carry.is_empty() {
                    return None;
                }
                break;
            }
            i = keep_to;
        }
        out.sort_by_key(|&(a, _)| place[a]);
        let cost = |pairs: &[(usize, usize)]| pairs.iter().map(|&(a, b)| self.gap(a, b)).sum::<i128>();
        match reference {
            Some(r) if cost(r) < cost(&out) => None,
            _ => Some(out),
        }
    }

    /// One maximum-weight matching of `players` (ranked; `order` the whole ranking, `plan` and
    /// `place` over it, [`Ctx::plan`]).
    fn solve(
        &self,
        players: &[usize],
        order: &[usize],
        plan: &[Option<usize>],
        place: &[usize],
        reference: Option<&[(usize, usize)]>,
    ) -> Result<Vec<(usize, usize)>> {
        let n = players.len();
        if n < 2 {
            return Ok(Vec::new());
        }
        let mut index = std::collections::HashMap::with_capacity(n);
        for (i, &p) in players.iter().enumerate() {
            index.insert(p, i);
        }
        let mut candidates: Vec<(usize, usize)> = Vec::new();
        if n <= DENSE {
            for a in 0..n {
                candidates.extend((a + 1..n).map(|b| (a, b)));
            }
        } else {
            for a in 0..n {
                let planned = plan[place[players[a]]].and_then(|q| index.get(&order[q]).copied());
                for centre in [Some(a), planned].into_iter().flatten() {
                    let (from, to) = (centre.saturating_sub(NEIGHBOURS), (centre + NEIGHBOURS + 1).min(n));
                    candidates.extend((from..to).filter(|&b| b != a).map(|b| (a.min(b), a.max(b))));
                }
            }
            for &(x, y) in reference.unwrap_or(&[]) {
                if let (Some(&i), Some(&j)) = (index.get(&x), index.get(&y)) {
                    candidates.push((i.min(j), i.max(j)));
                }
            }
            candidates.sort_unstable();
            candidates.dedup();
        }
        candidates.retain(|&(a, b)| self.allowed(players[a], players[b]));
        let costs: Vec<[i128; 5]> =
            candidates.iter().map(|&(a, b)| self.costs(players[a], players[b], plan, place)).collect();
        // Field k's unit outweighs the sum of fields below it over all n / 2 pairs.
        let pairs = (n / 2) as i128;
        let mut unit = [0i128; 6];
        unit[5] = 1;
        let overflow = || Error::Unsupported("McMahon weights do not fit 128 bits (scores too far apart)".into());
        for k in (0..5).rev() {
            let max = costs.iter().map(|c| c[k]).max().unwrap_or(0);
            unit[k] = pairs
                .checked_mul(max)
                .and_then(|v| v.checked_add(1))
                .and_then(|v| v.checked_mul(unit[k + 1]))
                .ok_or_else(overflow)?;
        }
        let pair_unit = unit[0];
        // The solver doubles weights and sums a few: keep clear of the top bits.
        pair_unit.checked_mul(pairs + 1).and_then(|v| v.checked_mul(16)).ok_or_else(overflow)?;
        let edges: Vec<(usize, usize, W)> = candidates
            .iter()
            .zip(&costs)
            .map(|(&(a, b), c)| {
                let penalty: i128 = (0..5).map(|k| c[k] * unit[k + 1]).sum();
                (a, b, W(pair_unit - penalty))
            })
            .collect();
        let mate = crate::matching::max_weight_matching(n, &edges);
        if mate.iter().any(Option::is_none) {
            return Err(Error::NoPairing("no pairing without rematches (pl 8.2.6; fesa 14.4a)".into()));
        }
        Ok((0..n).filter_map(|a| mate[a].filter(|&b| a < b).map(|b| (players[a], players[b]))).collect())
    }

    /// The players to pair this round (the bye among them), ranked.
    fn entrants(&self) -> Vec<usize> {
        let t = self.t;
        let round = self.round;
        // A player with an entry for this round already has a pre-announced bye (TRF-2025 240).
        let announced = |p: usize| t.players[p].rounds.len() >= round as usize;
        let mut order: Vec<usize> = (0..t.players.len()).filter(|&p| t.available(p, round) && !announced(p)).collect();
        self.rank(&mut order);
        order
    }

    /// The players to pair this round, ranked, and the bye given before pairing, to the
    /// lowest-ranked player without one (pl 8.2.5–8.2.6): the group-by-group engine's.
    fn field(&self) -> Result<(Vec<usize>, Option<usize>)> {
        let t = self.t;
        let mut order = self.entrants();
        let mut bye = None;
        if order.len() % 2 == 1 {
            // pl 8.2.6: at most one bye per player; the lowest-ranked eligible player gets it.
            let pos = order
                .iter()
                .rposition(|&p| !t.had_bye(p))
                .ok_or(Error::NoPairing("every player has had the bye (pl 8.2.6)".into()))?;
            bye = Some(order.remove(pos));
        }
        Ok((order, bye))
    }

    fn round_of(&self, pairs: Vec<(usize, usize)>, bye: Option<usize>) -> Round {
        Round {
            number: self.round,
            boards: pairs.into_iter().map(|(a, b)| self.board(a, b)).collect(),
            byes: bye.into_iter().collect(),
        }
    }

    fn by_groups(&self, order: &[usize]) -> Option<Vec<(usize, usize)>> {
        groups::pair(order, &self.mms, &self.cd, &self.met, self.round)
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

fn check_rounds(t: &Tournament, round: u32) -> Result<()> {
    if t.planned_rounds > 0 && round > t.planned_rounds {
        return Err(Error::Inconsistent(format!("all {} rounds have been paired", t.planned_rounds)));
    }
    Ok(())
}

/// Pair the next McMahon round: one matching over the whole field (module comment).
///
/// The bye is chosen with the matching: only a player without one may get it (pl 8.2.6, a hard
/// rule), and among them the lowest-ranked for whom all the others can be paired — the lowest
/// one unless the rematch rule leaves no pairing of the rest, where the bye goes up the ranking
/// to the first player whose bye lets everyone else play, instead of no pairing at all. This is
/// the joint optimum with the bye's place ranked above the score gaps, so a round that could be
/// paired with the lowest player's bye is exactly the pairing of the rest it always was.
pub fn pair(t: &Tournament, cfg: &Config) -> Result<Round> {
    let ctx = Ctx::new(t, cfg);
    check_rounds(t, ctx.round)?;
    let order = ctx.entrants();
    let solve = |order: &[usize]| {
        let reference = if order.len() > DENSE { ctx.by_groups(order) } else { None };
        ctx.global(order, reference.as_deref())
    };
    if order.len().is_multiple_of(2) {
        return Ok(ctx.round_of(solve(&order)?, None));
    }
    // pl 8.2.6: at most one bye per player; the lowest-ranked first.
    let eligible: Vec<usize> = (0..order.len()).rev().filter(|&i| !t.had_bye(order[i])).collect();
    let mut refused = Error::NoPairing("every player has had the bye (pl 8.2.6)".into());
    for i in eligible {
        let mut rest = order.clone();
        let bye = rest.remove(i);
        match solve(&rest) {
            Ok(pairs) => return Ok(ctx.round_of(pairs, Some(bye))),
            Err(e @ Error::NoPairing(_)) => refused = e,
            Err(e) => return Err(e),
        }
    }
    Err(refused)
}

/// Pair the next round group by group from the top, as shinpan did before issue 21 (round 1 by
/// the pl 8.2.3 fold, later rounds group by group): the reference the global pairing is never
/// worse than on the main criterion. Boards and byes as [`pair`] gives them.
pub fn pair_by_groups(t: &Tournament, cfg: &Config) -> Result<Round> {
    let ctx = Ctx::new(t, cfg);
    check_rounds(t, ctx.round)?;
    let (order, bye) = ctx.field()?;
    let pairs = ctx
        .by_groups(&order)
        .ok_or_else(|| Error::NoPairing("no pairing without rematches (pl 8.2.6; fesa 14.4a)".into()))?;
    Ok(ctx.round_of(pairs, bye))
}

/// The main criterion of a set of pairs in the next round of `t`: the sum over the pairs of the
/// squared (or absolute, [`GapCost`]) McMahon-score gap, in tenths of a point (squared).
pub fn gap_cost(t: &Tournament, cfg: &Config, pairs: &[(usize, usize)]) -> u128 {
    let ctx = Ctx::new(t, cfg);
    pairs.iter().map(|&(a, b)| ctx.gap(a, b) as u128).sum()
}

/// The best pairing of exactly `players` in the next round of `t` by the criteria of the
/// module comment, with `reference` pairs among the candidates (`check-pairings` passes the
/// pairs actually used, so the answer is never worse than them).
pub fn best_pairing(
    t: &Tournament,
    cfg: &Config,
    players: &[usize],
    reference: &[(usize, usize)],
) -> Result<Vec<(usize, usize)>> {
    let ctx = Ctx::new(t, cfg);
    let mut order = players.to_vec();
    ctx.rank(&mut order);
    ctx.global(&order, Some(reference))
}

/// A gap cost in tenths (squared for [`GapCost::Squares`]) as points: `49`, `6.25`, `2.5`.
pub fn format_gap_cost(cost: u128, gaps: GapCost) -> String {
    let scale = match gaps {
        GapCost::Squares => 100,
        GapCost::Absolute => 10,
    };
    let (int, frac) = (cost / scale, cost % scale);
    if frac == 0 {
        return int.to_string();
    }
    let digits = if scale == 100 { format!("{frac:02}") } else { frac.to_string() };
    format!("{int}.{}", digits.trim_end_matches('0'))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Player;

    /// The criteria of one pairing as a key, larger is better: pairs, then minus each field.
    fn key(ctx: &Ctx, order: &[usize], pairs: &[(usize, usize)]) -> Vec<i128> {
        let mut place = vec![usize::MAX; ctx.t.players.len()];
        for (i, &p) in order.iter().enumerate() {
            place[p] = i;
        }
        let plan = ctx.plan(order);
        let mut k = vec![pairs.len() as i128, 0, 0, 0, 0, 0];
        for &(a, b) in pairs {
            let (a, b) = if place[a] < place[b] { (a, b) } else { (b, a) };
            for (f, c) in ctx.costs(a, b, &plan, &place).iter().enumerate() {
                k[f + 1] -= c;
            }
        }
        k
    }

    /// Every perfect matching of `order` the rules allow, by brute force.
    fn all_pairings(ctx: &Ctx, order: &[usize]) -> Vec<Vec<(usize, usize)>> {
        fn rec(ctx: &Ctx, free: &[usize], cur: &mut Vec<(usize, usize)>, out: &mut Vec<Vec<(usize, usize)>>) {
            let Some(a) = free.first().copied() else {
                out.push(cur.clone());
                return;
            };
            for k in 1..free.len() {
                let b = free[k];
                if !ctx.allowed(a, b) {
                    continue;
                }
                let rest: Vec<usize> = free.iter().copied().filter(|&x| x != a && x != b).collect();
                cur.push((a, b));
                rec(ctx, &rest, cur, out);
                cur.pop();
            }
        }
        let mut out = Vec::new();
        rec(ctx, order, &mut Vec::new(), &mut out);
        out
    }

    fn settings(rng: &mut crate::sim::Rng) -> Config {
        let pick = |rng: &mut crate::sim::Rng, n: usize| rng.below(n as u64) as usize;
        let criteria = Criteria {
            gaps: GapCost::ALL[pick(rng, 2)],
            avoid: AvoidSame::ALL[pick(rng, 4)],
            float_history: pick(rng, 2) == 1,
            colour: ColourPriority::ALL[pick(rng, 2)],
            seeding_early: Seeding::ALL[pick(rng, 3)],
            seeding_late: Seeding::ALL[pick(rng, 3)],
            early_rounds: pick(rng, 3) as u32,
            order: GroupOrder::ALL[pick(rng, 2)],
            float_out: Place::ALL[pick(rng, 3)],
            float_in: Place::ALL[pick(rng, 3)],
            first_on_tie: FirstOnTie::ALL[pick(rng, 2)],
        };
        Config { criteria, bar: Some(Grade::new(6)), floor: Some(Grade::new(1)), ..Default::default() }
    }

    #[test]
    fn brute_force_confirms_the_optimum_on_small_fields() {
        // Random tournaments of 2–10 players under random settings: before each round, the
        // pairing's key equals the best key over every pairing the rules allow.
        let mut rng = crate::sim::Rng::new(2126);
        let mut rounds_checked = 0;
        for case in 0..120u64 {
            let n = 2 + rng.below(9) as usize;
            let mut t = crate::sim::field(n, 5, case);
            for (i, p) in t.players.iter_mut().enumerate() {
                p.club = ["A", "B", ""][i % 3].into();
                p.federation = ["POL", "UKR"][i % 2].into();
            }
            let cfg = settings(&mut rng);
            let mut play = crate::sim::Rng::new(case);
            for _ in 0..5 {
                let ctx = Ctx::new(&t, &cfg);
                // Tiny fields run out of byes (pl 8.2.6): the tournament ends there.
                let Ok((order, _)) = ctx.field() else { break };
                let all = all_pairings(&ctx, &order);
                match pair(&t, &cfg) {
                    Ok(r) => {
                        let got: Vec<(usize, usize)> = r.boards.iter().map(|b| (b.white, b.black)).collect();
                        let best = all.iter().map(|p| key(&ctx, &order, p)).max().expect("a pairing exists");
                        assert_eq!(key(&ctx, &order, &got), best, "case {case}, round {}", ctx.round);
                        rounds_checked += 1;
                        crate::sim::play(&mut t, &r, &mut play);
                    }
                    Err(Error::NoPairing(_)) => {
                        assert!(all.is_empty(), "case {case}: a pairing exists but none was found");
                        break;
                    }
                    Err(e) => panic!("case {case}: {e}"),
                }
            }
        }
        assert!(rounds_checked > 300, "{rounds_checked}");
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

    fn pairs_of(r: &Round) -> Vec<(usize, usize)> {
        let mut ps: Vec<(usize, usize)> =
            r.boards.iter().map(|b| (b.white.min(b.black), b.white.max(b.black))).collect();
        ps.sort();
        ps
    }

    #[test]
    fn first_round_folds_groups_and_floats_the_odd_player() {
        // Group 2d: players 0,1,2 (odd) ; group 1d: players 3,4,5.
        let t = field(&[2, 2, 2, 1, 1, 1]);
        let r = pair(&t, &Config::default()).unwrap();
        // 2d: 0–1 (fold of the even part), 2 floats to meet 1d's no. 1 (3); 1d folds 4–5.
        assert_eq!(pairs_of(&r), vec![(0, 1), (2, 3), (4, 5)]);
        assert!(r.byes.is_empty());
        // Bigger groups: 5 players at 3d (0–4), 4 at 2d (5–8), 3 at 1d (9–11), pl 8.2.3: 3d
        // folds 0–3, 1–2 and 4 floats to 2d's no. 1 (5); 2d's rest 6, 7, 8 is odd: 6–7, and
        // 8 floats to 1d's no. 1 (9); 1d pairs 10–11.
        let t = field(&[3, 3, 3, 3, 3, 2, 2, 2, 2, 1, 1, 1]);
        let r = pair(&t, &Config::default()).unwrap();
        assert_eq!(pairs_of(&r), vec![(0, 3), (1, 2), (4, 5), (6, 7), (8, 9), (10, 11)]);
        assert_eq!(pairs_of(&r), pairs_of(&pair_by_groups(&t, &Config::default()).unwrap()));
    }

    #[test]
    fn seeding_settings_change_the_first_round() {
        let t = field(&[3, 3, 3, 3, 3, 3]);
        let with = |seeding, float_out| {
            let criteria = Criteria { seeding_early: seeding, float_out, ..Default::default() };
            pairs_of(&pair(&t, &Config { criteria, ..Default::default() }).unwrap())
        };
        assert_eq!(with(Seeding::Fold, Place::Bottom), vec![(0, 5), (1, 4), (2, 3)]);
        assert_eq!(with(Seeding::Slip, Place::Bottom), vec![(0, 3), (1, 4), (2, 5)]);
        // Odd groups: who floats. 3d 0–2, 2d 3–5: the top 3d player floats to meet 2d's last.
        let t = field(&[3, 3, 3, 2, 2, 2]);
        let criteria = Criteria { float_out: Place::Top, float_in: Place::Bottom, ..Default::default() };
        let r = pair(&t, &Config { criteria, ..Default::default() }).unwrap();
        assert_eq!(pairs_of(&r), vec![(0, 5), (1, 2), (3, 4)]);
    }

    #[test]
    fn gap_costs_print_as_points() {
        assert_eq!(format_gap_cost(4900, GapCost::Squares), "49");
        assert_eq!(format_gap_cost(625, GapCost::Squares), "6.25");
        assert_eq!(format_gap_cost(25, GapCost::Absolute), "2.5");
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
        // OpenGotha's threshold: no handicap when the weaker player is 1d or above.
        let cfg = Config { threshold: Some(Grade::new(1)), ..cfg };
        assert_eq!(pair(&t, &cfg).unwrap().boards[0].handicap, None);
    }
}
