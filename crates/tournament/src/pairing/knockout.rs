//! Knockout (pl 8.1): seeding by rating, byes to the top seeds, drawn games replayed.
//!
//! The bracket has the next power of two places; seeds are placed so that 1 and 2 can meet only
//! in the final (standard order 1–16, 8–9, 5–12, 4–13, …); places beyond the field are byes,
//! which therefore go to the top seeds. A drawn game does not decide the match: under fesa 12.2
//! / pl 5.5 it is replayed at once with colours reversed and entered as a replayed draw with the
//! replay's result; a round whose match still shows only a draw cannot be followed.

use crate::error::{Error, Result};
use crate::model::{Board, Color, Round, Score, Tournament};

/// Seed order of the bracket: position → seed (1-based), e.g. 8 → [1, 8, 5, 4, 3, 6, 7, 2].
pub fn bracket_order(size: usize) -> Vec<usize> {
    let mut order = vec![1];
    while order.len() < size {
        let m = order.len() * 2 + 1;
        order = order.iter().flat_map(|&s| [s, m - s]).collect();
    }
    order
}

/// Players by seed: rating descending, then pairing number.
pub fn seeds(t: &Tournament) -> Vec<usize> {
    let mut v: Vec<usize> = (0..t.players.len()).collect();
    v.sort_by_key(|&p| (std::cmp::Reverse(t.players[p].rating), p));
    v
}

/// The winner of `p`'s match in round `r` (0-based), if decided.
fn winner(t: &Tournament, p: usize, r: usize) -> Result<Option<usize>> {
    let Some(e) = t.players[p].rounds.get(r) else { return Ok(None) };
    match (e.opponent, e.outcome.score()) {
        (None, Score::Win) => Ok(Some(p)),
        (Some(_), Score::Win) => Ok(Some(p)),
        (Some(o), Score::Loss) => {
            let oe = &t.players[o].rounds[r];
            if oe.outcome.score() == Score::Win { Ok(Some(o)) } else { Ok(None) }
        }
        (Some(o), Score::Draw) => Err(Error::Inconsistent(format!(
            "round {}: the game {}–{} was drawn; enter the replay's result (fesa 12.2)",
            r + 1,
            t.players[p].number,
            t.players[o].number
        ))),
        _ => Ok(None),
    }
}

/// Pair the next knockout round.
pub fn pair(t: &Tournament) -> Result<Round> {
    let n = t.players.len();
    if n < 2 {
        return Err(Error::Inconsistent("a knockout needs at least two players".into()));
    }
    let size = n.next_power_of_two();
    let seeds = seeds(t);
    // Round 1 slots: seed → player, or None for a bye slot.
    let mut slots: Vec<Option<usize>> = bracket_order(size).into_iter().map(|s| seeds.get(s - 1).copied()).collect();
    let done = t.rounds_recorded();
    for r in 0..done {
        if slots.len() < 2 {
            return Err(Error::Inconsistent(format!(
                "the knockout ended after round {r}, but the file has {done} rounds"
            )));
        }
        let mut next = Vec::with_capacity(slots.len() / 2);
        for pair in slots.chunks(2) {
            let w = match (pair[0], pair[1]) {
                (Some(a), None) | (None, Some(a)) => Some(a),
                (Some(a), Some(_)) => {
                    let w = winner(t, a, r)?;
                    if w.is_none() {
                        return Err(Error::Inconsistent(format!(
                            "round {}: the match of player {} has no result",
                            r + 1,
                            t.players[a].number
                        )));
                    }
                    w
                }
                (None, None) => None,
            };
            next.push(w);
        }
        slots = next;
    }
    if slots.len() < 2 {
        return Err(Error::Inconsistent("the knockout is finished".into()));
    }
    let mut round = Round { number: done as u32 + 1, ..Default::default() };
    let whites = |p: usize| t.players[p].rounds.iter().filter(|e| e.played() && e.color == Some(Color::White)).count();
    for pair in slots.chunks(2) {
        match (pair[0], pair[1]) {
            (Some(a), Some(b)) => {
                // Colour balance; on equal balance the higher seed moves first in odd rounds.
                let (wa, wb) = (whites(a), whites(b));
                let a_first = if wa != wb { wa < wb } else { round.number % 2 == 1 };
                let (w, bl) = if a_first { (a, b) } else { (b, a) };
                round.boards.push(Board { white: w, black: bl, handicap: None });
            }
            (Some(a), None) | (None, Some(a)) => round.byes.push(a),
            (None, None) => {}
        }
    }
    Ok(round)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::director::{BoardRef, BoardResult, ResultEntry, enter_result};
    use crate::model::Player;

    /// Enter the result of `first`'s board (0-based index) in round 1.
    fn enter(t: &mut Tournament, first: usize, result: BoardResult, replayed: bool, correct: bool) {
        let board = BoardRef::Player(t.players[first].number);
        enter_result(t, &ResultEntry { round: 1, board, result, replayed, correct }).unwrap();
    }

    fn field(n: usize) -> Tournament {
        Tournament {
            players: (0..n)
                .map(|i| Player { number: i as u32 + 1, rating: 2000 - 10 * i as u32, ..Default::default() })
                .collect(),
            planned_rounds: 4,
            ..Default::default()
        }
    }

    #[test]
    fn bracket_keeps_top_seeds_apart() {
        assert_eq!(bracket_order(8), vec![1, 8, 4, 5, 2, 7, 3, 6]);
        assert_eq!(bracket_order(4), vec![1, 4, 2, 3]);
    }

    #[test]
    fn byes_go_to_top_seeds_and_winners_advance() {
        let mut t = field(6);
        let r1 = pair(&t).unwrap();
        assert_eq!(r1.byes, vec![0, 1]);
        assert_eq!(r1.boards.len(), 2);
        t.add_round(&r1);
        for b in r1.boards.clone() {
            // The lower seed wins every game.
            let lower_first = b.white > b.black;
            enter(
                &mut t,
                b.white,
                if lower_first { BoardResult::FirstWins } else { BoardResult::SecondWins },
                false,
                false,
            );
        }
        let r2 = pair(&t).unwrap();
        let mut ps: Vec<(usize, usize)> =
            r2.boards.iter().map(|b| (b.white.min(b.black), b.white.max(b.black))).collect();
        ps.sort();
        // Seeds 1 (idx 0) meets the winner of 4–5 (idx 4), seed 2 the winner of 3–6 (idx 5).
        assert_eq!(ps, vec![(0, 4), (1, 5)]);
    }

    #[test]
    fn more_rounds_than_the_bracket_is_an_error_not_a_panic() {
        let mut t = field(2);
        let r1 = pair(&t).unwrap();
        t.add_round(&r1);
        enter(&mut t, r1.boards[0].white, BoardResult::FirstWins, false, false);
        let mut r2 = r1.clone();
        r2.number = 2;
        t.add_round(&r2);
        assert!(pair(&t).unwrap_err().to_string().contains("ended after round 1"));
    }

    #[test]
    fn a_draw_must_be_replayed() {
        let mut t = field(2);
        let r1 = pair(&t).unwrap();
        t.add_round(&r1);
        enter(&mut t, r1.boards[0].white, BoardResult::Draw, false, false);
        let e = pair(&t).unwrap_err();
        assert!(e.to_string().contains("fesa 12.2"), "{e}");
        enter(&mut t, r1.boards[0].white, BoardResult::FirstWins, true, true);
        assert!(pair(&t).unwrap_err().to_string().contains("finished"));
    }
}
