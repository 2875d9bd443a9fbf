//! Players leaving and joining a tournament under way.
//!
//! A withdrawal is kept as shinpan's `SXW id round` line ([`Status::Withdrawn`]): the systems
//! leave the player out from that round on, and his earlier games stay as played.
//!
//! A late entry joins at the next round to pair. He takes the next pairing number (TRF pairing
//! numbers are never reassigned; for the Dutch system, where they are the ranking, `XXC rank`
//! ranks by rating instead) and every earlier round is a zero-point bye, `0000 - Z` in his `001`
//! line (with TRF-2025 `240 Z` lines): not paired and no points, as TRF-2025, bbpPairings and
//! JaVaFo read an announced absence, and as this crate's systems and tie-breaks count it (an
//! unplayed round, C.07 art. 16).

use crate::model::{Grade, Outcome, Player, RoundEntry, Status, Tournament};

use super::DirectorError;

/// A player joining: who he is. `federation` is the three-letter code of TRF.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct NewPlayer {
    pub name: String,
    pub rating: u32,
    pub grade: Option<Grade>,
    pub club: String,
    pub federation: String,
}

/// Where a late entry stands: his pairing number and the round he joins.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Joined {
    pub player: u32,
    pub round: u32,
}

fn index(t: &Tournament, player: u32) -> Result<usize, DirectorError> {
    match player as usize {
        p if (1..=t.players.len()).contains(&p) => Ok(p - 1),
        _ => Err(DirectorError::UnknownPlayer { player, players: t.players.len() }),
    }
}

/// Withdraw `player` (pairing number) from round `from_round` on. Refused for a player already
/// out, for a round he is already paired in (its result is entered first, a forfeit if he
/// does not play it, and the withdrawal starts after it), and after the last round. A bye he
/// announced for a round not yet paired goes: he scores nothing once out.
pub fn withdraw(t: &mut Tournament, player: u32, from_round: u32) -> Result<(), DirectorError> {
    let p = index(t, player)?;
    if from_round == 0 {
        return Err(DirectorError::NoRound { round: 0 });
    }
    if t.planned_rounds > 0 && from_round > t.planned_rounds {
        return Err(DirectorError::PastLastRound { round: from_round, planned: t.planned_rounds });
    }
    let status = t.players[p].status;
    if status != Status::Active {
        return Err(DirectorError::NotActive { player, status });
    }
    let rounds = &t.players[p].rounds;
    if let Some(r) = (from_round as usize - 1..rounds.len()).find(|&r| rounds[r].participated()) {
        return Err(DirectorError::PairedAfterWithdrawal { player, round: r as u32 + 1 });
    }
    let unpaired = (t.next_round().max(from_round) - 1) as usize;
    t.players[p].rounds.truncate(unpaired);
    t.players[p].status = Status::Withdrawn(from_round);
    Ok(())
}

/// Add a player who joins at the next round to pair (see the module documentation).
pub fn add_player(t: &mut Tournament, new: &NewPlayer) -> Result<Joined, DirectorError> {
    check_new(new)?;
    let name = new.name.trim();
    let round = t.next_round();
    let number = t.players.len() as u32 + 1;
    let absent = RoundEntry { outcome: Outcome::ZeroBye, ..RoundEntry::unpaired() };
    if t.order.len() == t.players.len() {
        t.order.push(t.players.len());
    }
    t.players.push(Player {
        number,
        name: name.to_string(),
        rating: new.rating,
        grade: new.grade,
        club: new.club.trim().to_string(),
        federation: new.federation.trim().to_string(),
        rounds: vec![absent; round as usize - 1],
        ..Default::default()
    });
    Ok(Joined { player: number, round })
}

/// A player's details corrected: what is given replaces what he has. Refused as
/// [`add_player`] refuses (no name, a field wider than TRF gives it).
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct PlayerChanges {
    pub name: Option<String>,
    pub rating: Option<u32>,
    pub grade: Option<Grade>,
    pub club: Option<String>,
    pub federation: Option<String>,
}

/// Applies `changes` to `player` (pairing number); returns what he was before.
pub fn edit_player(t: &mut Tournament, player: u32, changes: &PlayerChanges) -> Result<Player, DirectorError> {
    let p = index(t, player)?;
    let before = t.players[p].clone();
    let now = &before;
    let new = NewPlayer {
        name: changes.name.clone().unwrap_or_else(|| now.name.clone()),
        rating: changes.rating.unwrap_or(now.rating),
        grade: changes.grade.or(now.grade),
        club: changes.club.clone().unwrap_or_else(|| now.club.clone()),
        federation: changes.federation.clone().unwrap_or_else(|| now.federation.clone()),
    };
    check_new(&new)?;
    let e = &mut t.players[p];
    e.name = new.name.trim().to_string();
    e.rating = new.rating;
    e.grade = new.grade;
    e.club = new.club.trim().to_string();
    e.federation = new.federation.trim().to_string();
    Ok(before)
}

/// A player's details as TRF can hold them.
fn check_new(new: &NewPlayer) -> Result<(), DirectorError> {
    let name = new.name.trim();
    if name.is_empty() {
        return Err(DirectorError::NoName);
    }
    // The TRF 001 columns: name 15-47, rating 49-52, federation 54-56.
    let wide = |field, width, value: &str| {
        (value.chars().count() > width).then(|| DirectorError::FieldTooWide { field, width, value: value.to_string() })
    };
    let rating = new.rating.to_string();
    match wide("name", 33, name).or(wide("rating", 4, &rating)).or(wide("federation", 3, new.federation.trim())) {
        Some(e) => Err(e),
        None => Ok(()),
    }
}
