//! A round's boards and their results: one numbering for listing and entering, and one way to
//! enter or correct a result.
//!
//! Boards are numbered in the order the round was paired and printed (`shinpan pair`, its JSON,
//! `result` and its listing all count the same way): the order is recorded with the round
//! (TRF `SXB`). A round recorded without it (by another program) is numbered in the order of the
//! first mover's pairing number. The first mover is the one as paired: a drawn game replayed
//! with colours reversed (fesa-2017 12.2) keeps its number and its order, and its result is
//! written first mover (as paired) first, with the `replayed` flag.
//! The tournament then records the replay's colours, which is what colour histories count.

use std::fmt;
use std::str::FromStr;

use crate::model::{Color, Outcome, Tournament};

use super::DirectorError;

/// A game's result, first mover first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BoardResult {
    /// `1-0`
    FirstWins,
    /// `0-1`
    SecondWins,
    /// `½-½` (also read as `1/2-1/2`, `=-=`, `0.5-0.5`)
    Draw,
    /// `+/-` (also `+-`): the second player forfeited.
    FirstWinsByForfeit,
    /// `-/+` (also `-+`): the first player forfeited.
    SecondWinsByForfeit,
    /// `--/--` (also `-/-`, `--`): both forfeited.
    DoubleForfeit,
}

impl BoardResult {
    /// The two players' outcomes, first mover first.
    pub fn outcomes(self) -> (Outcome, Outcome) {
        use Outcome::*;
        match self {
            BoardResult::FirstWins => (Win, Loss),
            BoardResult::SecondWins => (Loss, Win),
            BoardResult::Draw => (Draw, Draw),
            BoardResult::FirstWinsByForfeit => (ForfeitWin, ForfeitLoss),
            BoardResult::SecondWinsByForfeit => (ForfeitLoss, ForfeitWin),
            BoardResult::DoubleForfeit => (ForfeitLoss, ForfeitLoss),
        }
    }

    /// The result the two outcomes (first mover's first) record, `None` before one is entered.
    /// Unrated games (TRF `W`, `D`, `L`) read as the games they were.
    pub fn of(first: Outcome, second: Outcome) -> Option<BoardResult> {
        use Outcome::*;
        Some(match (first, second) {
            (Win | UnratedWin, _) => BoardResult::FirstWins,
            (Loss | UnratedLoss, _) => BoardResult::SecondWins,
            (Draw | UnratedDraw, _) => BoardResult::Draw,
            (ForfeitWin, _) => BoardResult::FirstWinsByForfeit,
            (ForfeitLoss, ForfeitWin) => BoardResult::SecondWinsByForfeit,
            (ForfeitLoss, _) => BoardResult::DoubleForfeit,
            _ => return None,
        })
    }

    /// A game won over the board, which is what a replay (fesa-2017 12.2) ends in.
    pub fn is_decisive(self) -> bool {
        matches!(self, BoardResult::FirstWins | BoardResult::SecondWins)
    }

    /// Played over the board (so the players have colours).
    fn is_game(self) -> bool {
        matches!(self, BoardResult::FirstWins | BoardResult::SecondWins | BoardResult::Draw)
    }

    pub fn as_str(self) -> &'static str {
        match self {
            BoardResult::FirstWins => "1-0",
            BoardResult::SecondWins => "0-1",
            BoardResult::Draw => "½-½",
            BoardResult::FirstWinsByForfeit => "+/-",
            BoardResult::SecondWinsByForfeit => "-/+",
            BoardResult::DoubleForfeit => "--/--",
        }
    }

    /// The result as listed: `1-0`, or `1-0 (replayed draw, fesa 12.2)` for a replay's.
    pub fn describe(self, replayed: bool) -> String {
        if replayed { format!("{self} (replayed draw, fesa 12.2)") } else { self.to_string() }
    }
}

impl fmt::Display for BoardResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for BoardResult {
    type Err = crate::error::UnknownName;

    fn from_str(s: &str) -> Result<BoardResult, Self::Err> {
        Ok(match s.trim() {
            "1-0" => BoardResult::FirstWins,
            "0-1" => BoardResult::SecondWins,
            "½-½" | "1/2-1/2" | "=-=" | "0.5-0.5" => BoardResult::Draw,
            "+/-" | "+-" => BoardResult::FirstWinsByForfeit,
            "-/+" | "-+" => BoardResult::SecondWinsByForfeit,
            "--/--" | "-/-" | "--" => BoardResult::DoubleForfeit,
            x => {
                return Err(crate::error::UnknownName {
                    what: "result",
                    given: x.to_string(),
                    known: &["1-0", "0-1", "½-½", "+/-", "-/+", "--/--"],
                });
            }
        })
    }
}

crate::names::serde_via_str!(BoardResult);

/// One board of a round as listed: `number` counts from 1 in the order of `first`.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct BoardView {
    pub number: usize,
    /// Pairing number of the first mover as paired.
    pub first: u32,
    pub second: u32,
    /// `None` until a result is entered.
    pub result: Option<BoardResult>,
    /// The game was drawn and replayed with colours reversed (fesa-2017 12.2); `result` is the
    /// replay's.
    pub replayed: bool,
}

/// `board 1 3 7 1-0`, with `-` for a board without a result.
impl fmt::Display for BoardView {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "board {} {} {} ", self.number, self.first, self.second)?;
        match self.result {
            Some(r) => f.write_str(&r.describe(self.replayed)),
            None => f.write_str("-"),
        }
    }
}

/// Which board a result is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BoardRef {
    /// The board's number in the round (from 1, as [`boards`] lists them).
    Number(usize),
    /// The board either player (pairing number) plays on.
    Player(u32),
}

/// A result to enter: for a board of a round, the result (first mover as paired first), whether
/// it is a replay's (fesa-2017 12.2), and whether it may replace a different result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ResultEntry {
    pub round: u32,
    pub board: BoardRef,
    pub result: BoardResult,
    #[serde(default)]
    pub replayed: bool,
    /// Replace a different result already entered.
    #[serde(default)]
    pub correct: bool,
}

fn check_round(t: &Tournament, round: u32) -> Result<usize, DirectorError> {
    if round == 0 || round as usize > t.rounds_recorded() {
        return Err(DirectorError::RoundNotPaired { round, rounds: t.rounds_recorded() });
    }
    Ok(round as usize - 1)
}

/// The board of players `first` and `second` (0-based, as paired) in round index `r`.
fn view(t: &Tournament, r: usize, number: usize, first: usize, second: usize) -> BoardView {
    let (a, b) = (&t.players[first].rounds[r], &t.players[second].rounds[r]);
    BoardView {
        number,
        first: t.players[first].number,
        second: t.players[second].number,
        result: BoardResult::of(a.outcome, b.outcome),
        replayed: a.replayed_draw,
    }
}

/// The boards of round `round` (1-based), numbered from 1 in their order (see the module
/// documentation); byes are not boards.
pub fn boards(t: &Tournament, round: u32) -> Result<Vec<BoardView>, DirectorError> {
    let r = check_round(t, round)?;
    Ok(board_pairs(t, r).into_iter().enumerate().map(|(k, (a, b))| view(t, r, k + 1, a, b)).collect())
}

/// The boards of round index `r` in their order, (first mover as paired, second) player
/// indices: the recorded order, then any board it does not list by first mover.
fn board_pairs(t: &Tournament, r: usize) -> Vec<(usize, usize)> {
    let first = |p: usize| t.board_of(r, p).filter(|&(a, _)| a == p);
    let mut listed = vec![false; t.players.len()];
    let mut out = Vec::new();
    for &p in t.board_order.get(r).map_or(&[][..], Vec::as_slice) {
        if let Some(board) = first(p).filter(|_| !listed[p]) {
            listed[p] = true;
            out.push(board);
        }
    }
    out.extend((0..t.players.len()).filter(|&p| !listed[p]).filter_map(first));
    out
}

/// Enter or correct a board's result; the board as it now stands is returned.
///
/// Entering is idempotent: the same result entered again changes nothing, and the colours of a
/// replayed draw (fesa-2017 12.2) are set from the pairing, reversed once, however often the
/// result is entered or corrected. A different result replaces one already entered only with
/// `correct`.
pub fn enter_result(t: &mut Tournament, entry: &ResultEntry) -> Result<BoardView, DirectorError> {
    let round = entry.round;
    let r = check_round(t, round)?;
    let pairs = board_pairs(t, r);
    let found = match entry.board {
        BoardRef::Number(k) => k.checked_sub(1).filter(|&i| i < pairs.len()).ok_or(DirectorError::NoSuchBoard {
            round,
            board: k,
            boards: pairs.len(),
        })?,
        BoardRef::Player(player) => {
            let p = (player as usize).wrapping_sub(1);
            pairs.iter().position(|&(a, b)| a == p || b == p).ok_or(DirectorError::NoBoard { player, round })?
        }
    };
    let (number, (first, second)) = (found + 1, pairs[found]);
    if entry.replayed && !entry.result.is_decisive() {
        return Err(DirectorError::ReplayNotDecisive);
    }
    let now = view(t, r, number, first, second);
    if let Some(old) = now.result {
        if (old, now.replayed) == (entry.result, entry.replayed) {
            return Ok(now);
        }
        if !entry.correct {
            return Err(DirectorError::ResultEntered {
                round,
                first: now.first,
                second: now.second,
                result: old,
                replayed: now.replayed,
            });
        }
    }
    let (o1, o2) = entry.result.outcomes();
    // The colours as paired, reversed for a replay (fesa-2017 12.2); a board paired without
    // colours (a forfeit read from TRF) gets them when a game is played on it.
    let paired = t.players[first].rounds[r].paired_color();
    let colours = paired.is_some() || entry.result.is_game();
    let (c1, c2) = if entry.replayed { (Color::Black, Color::White) } else { (Color::White, Color::Black) };
    for (p, o, c) in [(first, o1, c1), (second, o2, c2)] {
        let e = &mut t.players[p].rounds[r];
        e.outcome = o;
        e.replayed_draw = entry.replayed;
        e.color = colours.then_some(c);
    }
    Ok(view(t, r, number, first, second))
}
