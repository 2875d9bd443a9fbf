//! Direct encounter (FIDE Tie-Break Regulations C.07, in force 1 Aug 2024, art. 6) among tied
//! players: the mini-table (6.1: played games only, averages over repeated games), all met
//! (6.2, re-applied to the players still tied) and not all met (6.3).

use tournament::model::{Board, Outcome, Round, Tournament};
use tournament::standings::tiebreak::{Calculator, Config, TieBreak, Unplayed};
use tournament::{BoardRef, BoardResult, ResultEntry, director, sim, standings};

/// Players 0..n; `games` are (round, first, second, first's outcome).
fn played(n: usize, games: &[(u32, usize, usize, Outcome)]) -> Tournament {
    let rounds = games.iter().map(|g| g.0).max().unwrap_or(0);
    let mut t = sim::field(n, rounds, 1);
    for r in 1..=rounds {
        let boards: Vec<Board> =
            games.iter().filter(|g| g.0 == r).map(|g| Board { white: g.1, black: g.2, handicap: None }).collect();
        t.add_round(&Round { number: r, boards, byes: vec![] });
        for g in games.iter().filter(|g| g.0 == r) {
            let result = match g.3 {
                Win => BoardResult::FirstWins,
                Loss => BoardResult::SecondWins,
                Draw => BoardResult::Draw,
                ForfeitWin => BoardResult::FirstWinsByForfeit,
                ForfeitLoss => BoardResult::SecondWinsByForfeit,
                o => panic!("{o:?} is not a board's result"),
            };
            let board = BoardRef::Player(t.players[g.1].number);
            director::enter_result(&mut t, &ResultEntry { round: r, board, result, replayed: false, correct: false })
                .unwrap();
        }
    }
    t
}

fn de(t: &Tournament, group: &[usize]) -> Vec<u32> {
    let cfg =
        Config { order: vec![TieBreak::DirectEncounter], unplayed: Unplayed::Dummy, mms0: vec![0; t.players.len()] };
    Calculator::new(t, &cfg).direct_encounter(group)
}

use Outcome::*;

#[test]
fn c07_6_2_all_met_a_cycle_stays_tied() {
    // A beats B, B beats C, C beats A: one point each among themselves.
    let t = played(3, &[(1, 0, 1, Win), (2, 1, 2, Win), (3, 2, 0, Win)]);
    assert_eq!(de(&t, &[0, 1, 2]), vec![1, 1, 1]);
}

#[test]
fn c07_6_2_all_met_then_the_still_tied_pairs_again() {
    // A 2 (beat B, C), B 2 (beat C, D), C 1 (beat D), D 1 (beat A): A and B tie on 2 and A won
    // their game; C and D tie on 1 and C won theirs.
    let t =
        played(4, &[(1, 0, 1, Win), (1, 2, 3, Win), (2, 0, 2, Win), (2, 1, 3, Win), (3, 3, 0, Win), (3, 1, 2, Win)]);
    assert_eq!(de(&t, &[0, 1, 2, 3]), vec![1, 2, 3, 4]);
    // Order of the input does not matter.
    assert_eq!(de(&t, &[3, 2, 1, 0]), vec![4, 3, 2, 1]);
}

#[test]
fn c07_6_3_not_all_met_only_an_unreachable_lead_counts() {
    // A beat B and C; B and C never met: A is first whatever B–C would have given; B and C stay
    // tied (each could still have scored one point against the other).
    let t = played(3, &[(1, 0, 1, Win), (2, 2, 0, Loss)]);
    assert_eq!(de(&t, &[0, 1, 2]), vec![1, 2, 2]);
    // A beat B, C met neither: C could still score 2, so nobody is separated.
    let t = played(4, &[(1, 0, 1, Win), (1, 2, 3, Win)]);
    assert_eq!(de(&t, &[0, 1, 2]), vec![1, 1, 1]);
}

#[test]
fn c07_6_1_1_forfeits_are_not_encounters() {
    let t = played(2, &[(1, 0, 1, ForfeitWin)]);
    assert_eq!(de(&t, &[0, 1]), vec![1, 1]);
    let t = played(2, &[(1, 0, 1, Draw)]);
    assert_eq!(de(&t, &[0, 1]), vec![1, 1]);
    let t = played(2, &[(1, 1, 0, Win)]);
    assert_eq!(de(&t, &[0, 1]), vec![2, 1]);
}

#[test]
fn standings_use_direct_encounter_inside_score_ties() {
    // Round robin of 4: A and B tie on 2 points, B beat A.
    let t =
        played(4, &[(1, 1, 0, Win), (1, 2, 3, Draw), (2, 0, 2, Win), (2, 1, 3, Draw), (3, 0, 3, Win), (3, 1, 2, Loss)]);
    assert_eq!((t.score(0), t.score(1)), (20, 15));
    let t =
        played(4, &[(1, 1, 0, Win), (1, 2, 3, Draw), (2, 0, 2, Win), (2, 1, 3, Win), (3, 0, 3, Win), (3, 1, 2, Loss)]);
    assert_eq!((t.score(0), t.score(1)), (20, 20));
    let cfg = Config { order: vec![TieBreak::DirectEncounter], unplayed: Unplayed::Dummy, mms0: vec![0; 4] };
    let rows = standings::compute(&t, &cfg, false);
    assert_eq!(rows[0].number, 2, "B beat A");
    assert_eq!(rows[1].number, 1);
    assert_eq!(rows[0].tiebreaks[0], ("DE".to_string(), "1".to_string()));
    assert_eq!((rows[0].rank, rows[1].rank), (1, 2));
}

#[test]
fn c07_6_round_robin_forfeit_does_not_hide_the_encounters() {
    // A beat B over the board; B–C and A–C: C forfeited to A and lost to B.
    let mut t = played(3, &[(1, 0, 1, Win), (2, 0, 2, ForfeitWin), (3, 1, 2, Win)]);
    // Swiss reading (6.3): A–C was not an encounter. A has 1 and could reach 2, B has 1 (beat
    // C) with nothing left, C has 0 and could reach 1: A's 1 does not exceed what B and C can
    // reach, so the separation stops at once and all three stay tied.
    assert_eq!(de(&t, &[0, 1, 2]), vec![1, 1, 1]);
    t.system = tournament::System::RoundRobin;
    // Round robin: everyone was scheduled to meet; A 1, B 1, C 0; then A beat B (6.3).
    assert_eq!(de(&t, &[0, 1, 2]), vec![1, 2, 3]);
}

#[test]
fn c07_6_1_2_repeated_games_count_as_their_average() {
    // A beat B twice (average 1), C beat A, B beat C: one point each on averages, so all
    // three stay tied; summing would have put A first with 2.
    let t = played(3, &[(1, 0, 1, Win), (2, 1, 0, Loss), (3, 2, 0, Win), (4, 1, 2, Win)]);
    assert_eq!(de(&t, &[0, 1, 2]), vec![1, 1, 1]);
}
