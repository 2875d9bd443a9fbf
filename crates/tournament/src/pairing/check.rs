//! `check-pairings`: re-pair every round of a finished Dutch tournament from the rounds before
//! it and compare with the pairings actually used (as bbpPairings' checker does). Round robin
//! and knockout are re-paired the same way (Berger table; bracket), with the published
//! furigoma seed when the file has one; McMahon is checked against its absolute rules (no
//! rematch, fesa 14.4a; one bye a round to a player without one, at the lowest McMahon score,
//! pl 8.2.5–8.2.6), since its weighted pairing is one of several the rules allow, and against
//! its main criterion: a round whose players could have been paired with smaller McMahon-score
//! gaps (`mcmahon::best_pairing`) is reported with both figures and the better pairing.

use crate::error::Result;
use crate::model::{Color, Outcome, Points, Round, RoundEntry, Tournament};
use crate::pairing::dutch::{self, Edition};
use crate::pairing::furigoma::{self, SenteRule};
use crate::pairing::{knockout, mcmahon, round_robin};
use serde::Serialize;

/// The verdict for one round.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct RoundCheck {
    pub round: u32,
    /// Pairs (1-based, first = moves first) that were used but the rules would not give.
    pub unexpected: Vec<(u32, u32)>,
    /// Pairs the rules give that were not used.
    pub missing: Vec<(u32, u32)>,
    /// Set when the round could not be re-paired at all.
    pub error: Option<String>,
    /// Rules the round breaks (McMahon).
    #[serde(default)]
    pub violations: Vec<String>,
    /// McMahon: the same players could have been paired better on the main criterion.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub improvable: Option<Improvement>,
}

/// A McMahon round a better pairing would have improved on the main criterion (issue 21).
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct Improvement {
    /// What was measured, e.g. "sum of squared McMahon-score gaps".
    pub criterion: String,
    /// Its value for the pairing used, in points (squared for squares).
    pub used: String,
    /// Its value for the best pairing of the same players.
    pub best: String,
    /// That pairing, pairing numbers, higher placed first.
    pub pairs: Vec<(u32, u32)>,
}

impl RoundCheck {
    pub fn ok(&self) -> bool {
        self.unexpected.is_empty()
            && self.missing.is_empty()
            && self.error.is_none()
            && self.violations.is_empty()
            && self.improvable.is_none()
    }
}

/// One line: `round 3: ok`, the rules broken, why the round could not be re-paired, or the
/// pairs used where the rules give others.
impl std::fmt::Display for RoundCheck {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let pairs = |v: &[(u32, u32)]| v.iter().map(|(a, b)| format!("{a}-{b}")).collect::<Vec<_>>().join(" ");
        if self.ok() {
            write!(f, "round {}: ok", self.round)
        } else if !self.violations.is_empty() || self.improvable.is_some() {
            let mut what = self.violations.clone();
            if let Some(i) = &self.improvable {
                what.push(format!(
                    "a better pairing exists: {} {} where {} was possible ({})",
                    i.criterion,
                    i.used,
                    i.best,
                    pairs(&i.pairs)
                ));
            }
            write!(f, "round {}: {}", self.round, what.join("; "))
        } else if let Some(e) = &self.error {
            write!(f, "round {}: cannot re-pair: {e}", self.round)
        } else {
            write!(
                f,
                "round {}: used {} where the rules give {}",
                self.round,
                pairs(&self.unexpected),
                pairs(&self.missing)
            )
        }
    }
}

/// The tournament as it stood before round `round` (1-based): later entries dropped, but a
/// player who did not take part in that round's pairing keeps the entry, so that he is left out.
/// A line that stops before the round (how Swiss-Manager and JaVaFo write a withdrawal) is
/// such a player too.
pub fn before_round(t: &Tournament, round: u32) -> Tournament {
    let mut u = t.clone();
    let r = round as usize - 1;
    for p in &mut u.players {
        let keep = match p.rounds.get(r) {
            Some(e) => Some(e.clone()).filter(|e| !e.participated()),
            None => Some(RoundEntry::unpaired()),
        };
        p.rounds.truncate(r);
        if let Some(e) = keep {
            while p.rounds.len() < r {
                p.rounds.push(RoundEntry::unpaired());
            }
            if e.outcome != Outcome::NotPaired || e.opponent.is_some() {
                p.rounds.push(e);
            } else {
                // A blank entry means absent: record it as a zero-point bye so it is kept.
                p.rounds.push(RoundEntry { outcome: Outcome::ZeroBye, ..RoundEntry::unpaired() });
            }
        }
    }
    if u.initial_color.is_none() {
        u.initial_color = first_color(t);
    }
    if u.planned_rounds < t.rounds_recorded() as u32 {
        u.planned_rounds = t.rounds_recorded() as u32;
    }
    u
}

/// E.5: colour of the top-ranked player in round 1, inferred from the whole record.
fn first_color(t: &Tournament) -> Option<Color> {
    let r = (0..t.rounds_recorded())
        .find(|&r| t.players.iter().any(|p| p.rounds.get(r).is_some_and(|e| e.color.is_some())))?;
    let mut epn = 0;
    for i in t.file_order() {
        let p = &t.players[i];
        if p.rounds.iter().take(r + 1).any(|e| e.participated()) {
            if let Some(c) = p.rounds[r].color {
                return Some(if epn & 1 == 1 { c.invert() } else { c });
            }
            epn += 1;
        }
    }
    None
}

/// The pairs actually used in a round (1-based numbers, first mover as paired first, so a
/// drawn game replayed with colours reversed under fesa-2017 12.2 keeps its order; a bye as
/// `(id, 0)`), by the first's number.
pub fn used_pairs(t: &Tournament, round: u32) -> Vec<(u32, u32)> {
    let r = round as usize - 1;
    let mut v = Vec::new();
    for (i, p) in t.players.iter().enumerate() {
        let Some(e) = p.rounds.get(r) else { continue };
        match (e.opponent, e.paired_color()) {
            (Some(o), Some(Color::White)) => v.push((i as u32 + 1, o as u32 + 1)),
            (Some(o), None) if i < o => v.push((i as u32 + 1, o as u32 + 1)),
            (None, _) if e.participated() => v.push((i as u32 + 1, 0)),
            _ => {}
        }
    }
    v.sort();
    v
}

fn round_pairs(t: &Tournament, r: &Round) -> Vec<(u32, u32)> {
    let mut v: Vec<(u32, u32)> =
        r.boards.iter().map(|b| (t.players[b.white].number, t.players[b.black].number)).collect();
    v.extend(r.byes.iter().map(|&p| (t.players[p].number, 0)));
    v.sort();
    v
}

/// Check every recorded round against the Dutch system.
pub fn check_dutch(t: &Tournament, edition: Edition) -> Result<Vec<RoundCheck>> {
    let mut out = Vec::new();
    for round in 1..=t.rounds_recorded() as u32 {
        let used = used_pairs(t, round);
        if used.is_empty() {
            // Nobody was paired: a round not played (yet), with nothing to check.
            continue;
        }
        let before = before_round(t, round).with_prohibitions(round);
        let (unexpected, missing, error) = match dutch::pair_edition(&before, edition) {
            Ok(r) => {
                let want = round_pairs(&before, &r);
                // Colourless forfeits match either orientation.
                let norm = |v: &[(u32, u32)]| -> Vec<(u32, u32)> {
                    let mut v: Vec<_> = v.iter().map(|&(a, b)| if b != 0 && a > b { (b, a) } else { (a, b) }).collect();
                    v.sort();
                    v
                };
                let colourless: Vec<(u32, u32)> = used
                    .iter()
                    .copied()
                    .filter(|&(a, b)| {
                        b != 0 && t.players[a as usize - 1].rounds[round as usize - 1].paired_color().is_none()
                    })
                    .collect();
                let strict_used: Vec<_> = used.iter().copied().filter(|p| !colourless.contains(p)).collect();
                let nc = norm(&colourless);
                let unexpected: Vec<_> = strict_used.iter().copied().filter(|p| !want.contains(p)).collect();
                let missing: Vec<_> = want
                    .iter()
                    .copied()
                    .filter(|p| !strict_used.contains(p) && !nc.contains(&norm(&[*p])[0]))
                    .collect();
                (unexpected, missing, None)
            }
            Err(e) => (Vec::new(), Vec::new(), Some(e.to_string())),
        };
        out.push(RoundCheck { round, unexpected, missing, error, violations: Vec::new(), improvable: None });
    }
    Ok(out)
}

/// The tournament with only its first `rounds` rounds.
fn truncated(t: &Tournament, rounds: usize) -> Tournament {
    let mut u = t.clone();
    for p in &mut u.players {
        p.rounds.truncate(rounds);
    }
    u
}

/// Re-pair every round with a system that depends on nothing but the rounds before (Berger
/// table, knockout bracket) and compare, colours included.
fn check_by_repairing(t: &Tournament, pair: impl Fn(&Tournament) -> Result<Round>) -> Vec<RoundCheck> {
    let mut out = Vec::new();
    for round in 1..=t.rounds_recorded() as u32 {
        let used = used_pairs(t, round);
        if used.is_empty() {
            // Nobody was paired: a round not played (yet), with nothing to check.
            continue;
        }
        let before = truncated(t, round as usize - 1);
        let (unexpected, missing, error) = match pair(&before) {
            Ok(mut r) => {
                let rule = t.furigoma_seed.map_or(SenteRule::Balance, SenteRule::Furigoma);
                furigoma::apply(&before, &mut r, rule);
                let want = round_pairs(&before, &r);
                (
                    used.iter().copied().filter(|p| !want.contains(p)).collect(),
                    want.iter().copied().filter(|p| !used.contains(p)).collect(),
                    None,
                )
            }
            Err(e) => (Vec::new(), Vec::new(), Some(e.to_string())),
        };
        out.push(RoundCheck { round, unexpected, missing, error, violations: Vec::new(), improvable: None });
    }
    out
}

/// Round robin: every round must be the Berger table's (FIDE C.05 Annex 1; pl 8.1).
pub fn check_round_robin(t: &Tournament) -> Vec<RoundCheck> {
    check_by_repairing(t, round_robin::pair)
}

/// Knockout: every round must follow the bracket from the results before it (pl 8.1).
pub fn check_knockout(t: &Tournament) -> Vec<RoundCheck> {
    check_by_repairing(t, knockout::pair)
}

/// McMahon: the absolute rules of every round.
pub fn check_mcmahon(t: &Tournament, cfg: &mcmahon::Config) -> Vec<RoundCheck> {
    let s0 = mcmahon::start_scores(t, cfg);
    let mut out = Vec::new();
    for round in 1..=t.rounds_recorded() as u32 {
        let r = round as usize - 1;
        let before = truncated(t, r);
        let mut v = Vec::new();
        let mut byes = Vec::new();
        let forbidden: Vec<Vec<usize>> = t
            .forbidden
            .iter()
            .chain(t.prohibited.iter().filter(|p| (p.first..=p.last).contains(&round)).map(|p| &p.players))
            .cloned()
            .collect();
        for (i, p) in t.players.iter().enumerate() {
            let Some(e) = p.rounds.get(r) else { continue };
            if let Some(o) = e.opponent {
                if i < o && before.have_met(i, o) {
                    v.push(format!("{}-{} meet again (fesa 14.4a)", i + 1, o + 1));
                }
                if i < o && forbidden.iter().any(|g| g.contains(&i) && g.contains(&o)) {
                    v.push(format!("{}-{} may not meet (XXP / TRF-2025 260)", i + 1, o + 1));
                }
            } else if e.outcome == Outcome::PairingBye {
                byes.push(i);
                if before.had_bye(i) {
                    v.push(format!("{} gets a second bye (pl 8.2.6)", i + 1));
                }
            }
        }
        if byes.len() > 1 {
            v.push(format!("{} byes in one round (pl 8.2.5)", byes.len()));
        }
        let mms = |p: usize| s0[p] as i64 * 10 + before.score(p) as i64;
        let paired: Vec<usize> =
            (0..t.players.len()).filter(|&p| t.players[p].rounds.get(r).is_some_and(|e| e.participated())).collect();
        let field = before.with_prohibitions(round);
        for &b in &byes {
            // A lower player without a bye should have had it, unless the others could then not
            // all be paired (`mcmahon::pair` gives it up the ranking only then).
            let could_take = |q: usize| {
                let rest: Vec<usize> = paired.iter().copied().filter(|&p| p != q).collect();
                mcmahon::best_pairing(&field, cfg, &rest, &[]).is_ok()
            };
            let mut lower = paired.iter().copied().filter(|&q| q != b && !before.had_bye(q) && mms(q) < mms(b));
            if lower.any(could_take) {
                v.push(format!(
                    "the bye went to {} (McMahon score {}) though a player without a bye had less (pl 8.2.6)",
                    b + 1,
                    crate::formats::trf::format_points(mms(b) as Points)
                ));
            }
        }
        let improvable = improvement(t, cfg, &field, round);
        out.push(RoundCheck {
            round,
            unexpected: Vec::new(),
            missing: Vec::new(),
            error: None,
            violations: v,
            improvable,
        });
    }
    out
}

/// McMahon's main criterion for round `round` of `t` (`before`: the tournament before it): the
/// best pairing of the players who were paired, if it has smaller score gaps than the one used.
fn improvement(t: &Tournament, cfg: &mcmahon::Config, before: &Tournament, round: u32) -> Option<Improvement> {
    let used: Vec<(usize, usize)> = used_pairs(t, round)
        .into_iter()
        .filter(|&(_, b)| b != 0)
        .map(|(a, b)| (a as usize - 1, b as usize - 1))
        .collect();
    let players: Vec<usize> = used.iter().flat_map(|&(a, b)| [a, b]).collect();
    let best = mcmahon::best_pairing(before, cfg, &players, &used).ok()?;
    let (cost_used, cost_best) = (mcmahon::gap_cost(before, cfg, &used), mcmahon::gap_cost(before, cfg, &best));
    if cost_best >= cost_used {
        return None;
    }
    let gaps = cfg.criteria.gaps;
    let criterion = match gaps {
        mcmahon::GapCost::Squares => "sum of squared McMahon-score gaps",
        mcmahon::GapCost::Absolute => "sum of McMahon-score gaps",
    };
    Some(Improvement {
        criterion: criterion.into(),
        used: mcmahon::format_gap_cost(cost_used, gaps),
        best: mcmahon::format_gap_cost(cost_best, gaps),
        pairs: best.iter().map(|&(a, b)| (t.players[a].number, t.players[b].number)).collect(),
    })
}
