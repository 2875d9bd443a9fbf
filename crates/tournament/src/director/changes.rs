//! What an arbiter changes by hand: a bye announced for the next round (a player who asks to
//! sit it out), pairs that must not meet, and a round's pairing replaced before any result is
//! entered, each refused with the rule in the way.

use crate::model::{Board, Outcome, Round, RoundEntry, Tournament};

use super::DirectorError;

/// A bye a player asks for before the round is paired (TRF-2025 240; pl 8.2.5 leaves the
/// pairing-allocated bye to the system).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AnnouncedBye {
    /// `H`: half a point.
    Half,
    /// `Z`: no point (an announced absence).
    Zero,
    /// `F`: a full point, given by the organiser.
    Full,
}

impl AnnouncedBye {
    fn outcome(self) -> Outcome {
        match self {
            AnnouncedBye::Half => Outcome::HalfBye,
            AnnouncedBye::Zero => Outcome::ZeroBye,
            AnnouncedBye::Full => Outcome::FullBye,
        }
    }
}

fn index(t: &Tournament, player: u32) -> Result<usize, DirectorError> {
    match player as usize {
        p if (1..=t.players.len()).contains(&p) => Ok(p - 1),
        _ => Err(DirectorError::UnknownPlayer { player, players: t.players.len() }),
    }
}

/// `player` sits out the next round to pair with `bye`, or (`None`) takes back a bye he
/// announced for it. Returns that round.
pub fn announce_bye(t: &mut Tournament, player: u32, bye: Option<AnnouncedBye>) -> Result<u32, DirectorError> {
    let p = index(t, player)?;
    let round = t.next_round();
    if t.planned_rounds > 0 && round > t.planned_rounds {
        return Err(DirectorError::PastLastRound { round, planned: t.planned_rounds });
    }
    if !t.available(p, round) {
        return Err(DirectorError::NotActive { player, status: t.players[p].status });
    }
    let rounds = &mut t.players[p].rounds;
    let r = round as usize - 1;
    match bye {
        Some(bye) => {
            rounds.resize(rounds.len().max(r + 1), RoundEntry::unpaired());
            rounds[r] = RoundEntry { outcome: bye.outcome(), ..RoundEntry::unpaired() };
        }
        None => {
            let announced = rounds.get(r).is_some_and(|e| e.opponent.is_none() && e.outcome != Outcome::NotPaired);
            if !announced {
                return Err(DirectorError::NoAnnouncedBye { player, round });
            }
            rounds.truncate(r);
        }
    }
    Ok(round)
}

/// Players `players` (pairing numbers) must never meet (TRF(x) XXP: the same club, a family).
pub fn forbid(t: &mut Tournament, players: &[u32]) -> Result<(), DirectorError> {
    let mut group = Vec::with_capacity(players.len());
    for &n in players {
        let p = index(t, n)?;
        if !group.contains(&p) {
            group.push(p);
        }
    }
    if group.len() < 2 {
        return Err(DirectorError::ForbidTwo);
    }
    t.forbidden.push(group);
    Ok(())
}

/// Replaces the last round's pairing with `boards` (first mover first, pairing numbers) and
/// `byes` (pairing-allocated byes), before any of its results is entered. Every player the
/// round could pair is placed once; a player with an announced bye, withdrawn or unknown is
/// refused.
pub fn replace_round(t: &mut Tournament, boards: &[(u32, u32)], byes: &[u32]) -> Result<Round, DirectorError> {
    let number = t.next_round() - 1;
    if number == 0 {
        return Err(DirectorError::RoundNotPaired { round: 1, rounds: 0 });
    }
    let r = number as usize - 1;
    if let Some(p) = t
        .players
        .iter()
        .position(|p| p.rounds.get(r).is_some_and(|e| e.opponent.is_some() && e.outcome != Outcome::NotPaired))
    {
        return Err(DirectorError::RoundHasResults { round: number, player: t.players[p].number });
    }
    // Who the round's pairing placed (not those with an announced bye).
    let placed = |t: &Tournament, p: usize| t.players[p].rounds.get(r).is_some_and(RoundEntry::participated);
    let mut seen = vec![false; t.players.len()];
    let mut take = |t: &Tournament, n: u32| -> Result<usize, DirectorError> {
        let p = index(t, n)?;
        if std::mem::replace(&mut seen[p], true) {
            return Err(DirectorError::PlacedTwice { player: n });
        }
        if !placed(t, p) {
            return Err(DirectorError::NotInRound { player: n, round: number });
        }
        Ok(p)
    };
    let mut round = Round { number, boards: Vec::new(), byes: Vec::new() };
    for &(a, b) in boards {
        let (white, black) = (take(t, a)?, take(t, b)?);
        round.boards.push(Board { white, black, handicap: None });
    }
    for &n in byes {
        round.byes.push(take(t, n)?);
    }
    if let Some(p) = (0..t.players.len()).find(|&p| placed(t, p) && !seen[p]) {
        return Err(DirectorError::LeftOut { player: t.players[p].number, round: number });
    }
    for p in &mut t.players {
        if p.rounds.get(r).is_some_and(RoundEntry::participated) {
            p.rounds[r] = RoundEntry::unpaired();
        }
    }
    t.add_round(&round);
    Ok(round)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::director::{
        BoardRef, BoardResult, NewPlayer, NewTournament, PairRequest, ResultEntry, add_player, enter_result,
        new_tournament, pair, read_trf, record_round, write_trf,
    };

    fn six() -> Tournament {
        let mut t =
            new_tournament(&NewTournament { name: "Cup".into(), rounds: Some(3), ..Default::default() }).unwrap();
        for i in 0..6 {
            add_player(&mut t, &NewPlayer { name: format!("P{i}"), rating: 2000 - 10 * i, ..Default::default() })
                .unwrap();
        }
        t
    }

    fn paired(t: &mut Tournament) -> Round {
        let p = pair(t, &PairRequest::default()).unwrap();
        record_round(t, &p);
        p.round
    }

    #[test]
    fn an_announced_half_bye_sits_the_round_out_and_scores_half() {
        let mut t = six();
        assert_eq!(announce_bye(&mut t, 2, Some(AnnouncedBye::Half)), Ok(1));
        let round = paired(&mut t);
        assert!(round.boards.iter().all(|b| b.white != 1 && b.black != 1), "{round:?}");
        assert_eq!(round.byes, vec![5], "the system's bye goes to the lowest of the other five");
        assert_eq!(t.players[1].rounds[0].outcome, Outcome::HalfBye);
        // It survives the TRF.
        let again = read_trf(&write_trf(&t).unwrap()).unwrap();
        assert_eq!(again.players[1].rounds[0].outcome, Outcome::HalfBye);
    }

    #[test]
    fn a_bye_taken_back_before_the_pairing() {
        let mut t = six();
        announce_bye(&mut t, 3, Some(AnnouncedBye::Zero)).unwrap();
        assert_eq!(announce_bye(&mut t, 3, None), Ok(1));
        assert_eq!(announce_bye(&mut t, 3, None), Err(DirectorError::NoAnnouncedBye { player: 3, round: 1 }));
        assert_eq!(paired(&mut t).boards.len(), 3);
    }

    #[test]
    fn forbidden_players_do_not_meet() {
        let mut t = six();
        let meets = |r: &Round| r.boards.iter().any(|b| [b.white, b.black] == [0, 3] || [b.white, b.black] == [3, 0]);
        // Round 1 of six: the top half against the bottom half, 1 against 4.
        assert!(meets(&paired(&mut t.clone())));
        forbid(&mut t, &[1, 4]).unwrap();
        assert!(!meets(&paired(&mut t)));
        assert_eq!(forbid(&mut t, &[2, 2]), Err(DirectorError::ForbidTwo));
        assert!(matches!(forbid(&mut t, &[1, 9]), Err(DirectorError::UnknownPlayer { player: 9, .. })));
    }

    #[test]
    fn a_round_replaced_by_hand_before_its_results() {
        let mut t = six();
        paired(&mut t);
        let round = replace_round(&mut t, &[(1, 2), (3, 4), (5, 6)], &[]).unwrap();
        assert_eq!(round.boards.len(), 3);
        let views = crate::director::boards(&t, 1).unwrap();
        let pairs: Vec<(u32, u32)> = views.iter().map(|b| (b.first, b.second)).collect();
        assert_eq!(pairs, vec![(1, 2), (3, 4), (5, 6)]);
        assert_eq!(replace_round(&mut t, &[(1, 2), (3, 4)], &[]), Err(DirectorError::LeftOut { player: 5, round: 1 }));
        assert_eq!(replace_round(&mut t, &[(1, 2), (1, 4)], &[]), Err(DirectorError::PlacedTwice { player: 1 }));
        let entry = ResultEntry {
            round: 1,
            board: BoardRef::Number(1),
            result: BoardResult::FirstWins,
            replayed: false,
            correct: false,
        };
        enter_result(&mut t, &entry).unwrap();
        assert_eq!(
            replace_round(&mut t, &[(2, 1), (3, 4), (5, 6)], &[]),
            Err(DirectorError::RoundHasResults { round: 1, player: 1 })
        );
    }
}
