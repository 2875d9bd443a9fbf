//! Deterministic random tournaments for property tests, fuzzing and benchmarks.

use crate::director::{self, BoardRef, BoardResult, ResultEntry};
use crate::error::Result;
use crate::model::{Color, Grade, Player, Round, Tournament};

pub use testkit::Rng;

/// A field of `n` players rated 2700 downwards with grades, and `rounds` planned rounds.
pub fn field(n: usize, rounds: u32, seed: u64) -> Tournament {
    let mut rng = Rng::new(seed);
    let mut ratings: Vec<u32> = (0..n).map(|_| 1200 + rng.below(1500) as u32).collect();
    ratings.sort_unstable_by(|a, b| b.cmp(a));
    Tournament {
        name: format!("Random {n} players, seed {seed}"),
        players: ratings
            .iter()
            .enumerate()
            .map(|(i, &r)| Player {
                number: i as u32 + 1,
                name: format!("Player {:04}", i + 1),
                rating: r,
                grade: Some(Grade::new((r as i32 - 1500) / 100)),
                ..Default::default()
            })
            .collect(),
        planned_rounds: rounds,
        initial_color: Some(Color::White),
        ..Default::default()
    }
}

/// Enter random results for a paired round: the higher-rated player wins more often, draws
/// happen, and now and then a game is forfeited.
pub fn play(t: &mut Tournament, round: &Round, rng: &mut Rng) {
    t.add_round(round);
    for b in &round.boards {
        let (rw, rb) = (t.players[b.white].rating as i64, t.players[b.black].rating as i64);
        let x = rng.below(1000) as i64 + (rw - rb) / 4;
        let result = match x {
            _ if rng.below(50) == 0 => BoardResult::FirstWinsByForfeit,
            x if x > 600 => BoardResult::FirstWins,
            x if x > 350 => BoardResult::Draw,
            _ => BoardResult::SecondWins,
        };
        let board = BoardRef::Player(t.players[b.white].number);
        let entry = ResultEntry { round: round.number, board, result, replayed: false, correct: false };
        director::enter_result(t, &entry).expect("paired board");
    }
}

/// Play `rounds` rounds with `pair`.
pub fn run(
    t: &mut Tournament,
    rounds: u32,
    seed: u64,
    pair: impl Fn(&Tournament) -> Result<Round>,
) -> Result<Vec<Round>> {
    let mut rng = Rng::new(seed ^ 0xABCD);
    let mut out = Vec::new();
    for _ in 0..rounds {
        let r = pair(t)?;
        play(t, &r, &mut rng);
        out.push(r);
    }
    Ok(out)
}
