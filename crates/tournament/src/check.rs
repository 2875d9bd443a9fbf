//! `check-pairings`: re-pair every round of a finished Dutch tournament from the rounds before
//! it and compare with the pairings actually used (as bbpPairings' checker does).

use crate::dutch::{self, Edition};
use crate::error::Result;
use crate::model::{Color, Outcome, Round, RoundEntry, Tournament};
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
}

impl RoundCheck {
    pub fn ok(&self) -> bool {
        self.unexpected.is_empty() && self.missing.is_empty() && self.error.is_none()
    }
}

/// The tournament as it stood before round `round` (1-based): later entries dropped, but a
/// player who did not take part in that round's pairing keeps the entry, so that he is left out.
pub fn before_round(t: &Tournament, round: u32) -> Tournament {
    let mut u = t.clone();
    let r = round as usize - 1;
    for p in &mut u.players {
        let keep = p.rounds.get(r).filter(|e| !e.participated()).cloned();
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
    let r = (0..t.rounds_recorded()).find(|&r| t.players.iter().any(|p| p.rounds.get(r).is_some_and(|e| e.color.is_some())))?;
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

/// The pairs actually used in a round (1-based numbers; a bye as `(id, 0)`).
pub fn used_pairs(t: &Tournament, round: u32) -> Vec<(u32, u32)> {
    let r = round as usize - 1;
    let mut v = Vec::new();
    for (i, p) in t.players.iter().enumerate() {
        let Some(e) = p.rounds.get(r) else { continue };
        match (e.opponent, e.color) {
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
    let mut v: Vec<(u32, u32)> = r.boards.iter().map(|b| (t.players[b.white].number, t.players[b.black].number)).collect();
    v.extend(r.byes.iter().map(|&p| (t.players[p].number, 0)));
    v.sort();
    v
}

/// Check every recorded round against the Dutch system.
pub fn check_dutch(t: &Tournament, edition: Edition) -> Result<Vec<RoundCheck>> {
    let mut out = Vec::new();
    for round in 1..=t.rounds_recorded() as u32 {
        let used = used_pairs(t, round);
        let before = before_round(t, round);
        let (unexpected, missing, error) = match dutch::pair_edition(&before, edition) {
            Ok(r) => {
                let want = round_pairs(&before, &r);
                // Colourless forfeits match either orientation.
                let norm = |v: &[(u32, u32)]| -> Vec<(u32, u32)> {
                    let mut v: Vec<_> = v.iter().map(|&(a, b)| if b != 0 && a > b { (b, a) } else { (a, b) }).collect();
                    v.sort();
                    v
                };
                let colourless: Vec<(u32, u32)> = used.iter().copied().filter(|&(a, b)| {
                    b != 0 && t.players[a as usize - 1].rounds[round as usize - 1].color.is_none()
                }).collect();
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
        out.push(RoundCheck { round, unexpected, missing, error });
    }
    Ok(out)
}
