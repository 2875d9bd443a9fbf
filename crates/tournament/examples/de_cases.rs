//! Random Swiss tournaments (Dutch pairing, results without forfeits, many ties) written as TRF
//! files, the input of the direct-encounter oracle (`scripts/de_oracle.py`, tiebreak-core):
//! `cargo run --release -p shinpan-tournament --example de_cases -- DIR COUNT [--unplayed]`.
//! With `--unplayed` the fields are odd (a pairing-allocated bye every round) and have
//! forfeits, half-point byes and withdrawals, for the unplayed-round rules (C.07 art. 16).

use tournament::formats::trf;
use tournament::model::Outcome;
use tournament::pairing::dutch;
use tournament::sim;
use tournament::{BoardRef, BoardResult, ResultEntry};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let dir = std::path::PathBuf::from(args.get(1).expect("output directory"));
    let count: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(40);
    let unplayed = args.iter().any(|a| a == "--unplayed");
    std::fs::create_dir_all(&dir).expect("create the directory");
    for case in 0..count {
        let mut rng = sim::Rng::new(case + 1);
        let n = 6 + 2 * rng.below(5) as usize + unplayed as usize;
        let rounds = 4 + rng.below(n as u64 - 4) as u32;
        let mut t = sim::field(n, rounds, case);
        for k in 1..=rounds {
            if unplayed && k < rounds {
                // Now and then a player withdraws, or asks for a half-point bye next round.
                let p = rng.below(n as u64) as usize;
                match rng.below(6) {
                    0 if t.players[p].status == tournament::Status::Active && k > 1 => {
                        t.players[p].status = tournament::Status::Withdrawn(k)
                    }
                    1 | 2 if t.available(p, k) && t.players[p].rounds.len() < k as usize => {
                        while t.players[p].rounds.len() < k as usize - 1 {
                            t.players[p].rounds.push(tournament::model::RoundEntry::unpaired());
                        }
                        t.players[p].rounds.push(tournament::model::RoundEntry {
                            outcome: Outcome::HalfBye,
                            ..tournament::model::RoundEntry::unpaired()
                        });
                    }
                    _ => {}
                }
            }
            let Ok(r) = dutch::pair(&t) else { break };
            t.add_round(&r);
            for b in &r.boards {
                // Draws are frequent so that scores tie and tied players have met.
                let result = match rng.below(if unplayed { 6 } else { 5 }) {
                    0 | 1 => BoardResult::FirstWins,
                    2 | 3 => BoardResult::SecondWins,
                    4 => BoardResult::Draw,
                    _ => [BoardResult::FirstWinsByForfeit, BoardResult::SecondWinsByForfeit][rng.below(2) as usize],
                };
                let board = BoardRef::Player(t.players[b.white].number);
                let entry = ResultEntry { round: r.number, board, result, replayed: false, correct: false };
                tournament::director::enter_result(&mut t, &entry).expect("paired board");
            }
        }
        std::fs::write(dir.join(format!("case{case:03}.trf")), trf::write(&t)).expect("write");
    }
}
