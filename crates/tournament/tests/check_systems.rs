//! `check-pairings` for round robin (Berger table, FIDE C.05 Annex 1; pl 8.1), knockout
//! (bracket, pl 8.1) and McMahon (fesa 14.4a no rematch; pl 8.2.5–8.2.6 byes).

use tournament::model::{Round, Tournament};
use tournament::pairing::{check, knockout, mcmahon, round_robin};
use tournament::sim;
use tournament::{BoardRef, BoardResult, ResultEntry, director};

fn all_ok(c: &[check::RoundCheck]) -> bool {
    !c.is_empty() && c.iter().all(|r| r.ok())
}

#[test]
fn pl_8_1_round_robin_berger_rounds_pass_and_a_swapped_colour_is_found() {
    for seed in [None, Some(20261123u64)] {
        let mut t = sim::field(7, 7, 4);
        t.furigoma_seed = seed;
        let rule = seed.map_or(
            tournament::pairing::furigoma::SenteRule::Balance,
            tournament::pairing::furigoma::SenteRule::Furigoma,
        );
        sim::run(&mut t, 7, 4, |t| {
            let mut r = round_robin::pair(t)?;
            tournament::pairing::furigoma::apply(t, &mut r, rule);
            Ok(r)
        })
        .unwrap();
        assert!(all_ok(&check::check_round_robin(&t)), "seed {seed:?}");
        // Swap who moved first on one board of round 3.
        let mut bad = t.clone();
        let a = (0..7).find(|&p| bad.players[p].rounds[2].opponent.is_some()).unwrap();
        let o = bad.players[a].rounds[2].opponent.unwrap();
        for p in [a, o] {
            let e = &mut bad.players[p].rounds[2];
            e.color = e.color.map(|c| c.invert());
        }
        let c = check::check_round_robin(&bad);
        assert!(!c[2].ok() && c.iter().enumerate().all(|(i, r)| i == 2 || r.ok()), "{c:?}");
    }
}

fn knockout_played(n: usize) -> Tournament {
    let mut t = sim::field(n, 4, 8);
    loop {
        let r = match knockout::pair(&t) {
            Ok(r) => r,
            Err(_) => return t,
        };
        t.add_round(&r);
        for b in &r.boards {
            // The lower-rated player wins, so later rounds are not just the seeding.
            let result = if t.players[b.white].rating < t.players[b.black].rating {
                BoardResult::FirstWins
            } else {
                BoardResult::SecondWins
            };
            let board = BoardRef::Player(t.players[b.white].number);
            let entry = ResultEntry { round: r.number, board, result, replayed: false, correct: false };
            director::enter_result(&mut t, &entry).unwrap();
        }
    }
}

#[test]
fn pl_8_1_knockout_bracket_passes_and_a_wrong_pair_is_found() {
    let t = knockout_played(11);
    assert_eq!(t.rounds_recorded(), 4);
    assert!(all_ok(&check::check_knockout(&t)));
    // Round 2 with two players exchanged between boards breaks the bracket.
    let mut bad = t.clone();
    let r = 1;
    let boards: Vec<(usize, usize)> = (0..11)
        .filter_map(|p| bad.players[p].rounds.get(r).and_then(|e| e.opponent.filter(|&o| p < o).map(|o| (p, o))))
        .collect();
    assert!(boards.len() >= 2);
    let ((a, b), (c, d)) = (boards[0], boards[1]);
    let (ea, eb, ec, ed) = (
        bad.players[a].rounds[r].clone(),
        bad.players[b].rounds[r].clone(),
        bad.players[c].rounds[r].clone(),
        bad.players[d].rounds[r].clone(),
    );
    // a meets d and c meets b, same colours and results as before.
    bad.players[a].rounds[r] = tournament::model::RoundEntry { opponent: Some(d), ..ea };
    bad.players[d].rounds[r] =
        tournament::model::RoundEntry { opponent: Some(a), color: eb.color, outcome: eb.outcome, ..ed };
    bad.players[c].rounds[r] = tournament::model::RoundEntry { opponent: Some(b), ..ec.clone() };
    bad.players[b].rounds[r] =
        tournament::model::RoundEntry { opponent: Some(c), color: ed.color, outcome: ed.outcome, ..eb };
    let _ = ec;
    let c = check::check_knockout(&bad);
    assert!(!c[1].ok(), "{c:?}");
    assert!(c[0].ok());
}

#[test]
fn fesa_14_4a_pl_8_2_6_mcmahon_rules_are_checked() {
    let mut t = sim::field(21, 5, 6);
    let cfg = mcmahon::Config::default();
    sim::run(&mut t, 5, 6, |t| mcmahon::pair(t, &cfg)).unwrap();
    assert!(all_ok(&check::check_mcmahon(&t, &cfg)));
    // Round 2 repeating round 1's pairs: rematches, and a second bye for the same player.
    let mut u = sim::field(21, 5, 6);
    let r1 = mcmahon::pair(&u, &cfg).unwrap();
    u.add_round(&r1);
    let again = Round { number: 2, ..r1.clone() };
    u.add_round(&again);
    let c = check::check_mcmahon(&u, &cfg);
    assert!(c[0].ok());
    assert!(c[1].violations.iter().any(|v| v.contains("meet again")), "{:?}", c[1]);
    assert!(c[1].violations.iter().any(|v| v.contains("second bye")), "{:?}", c[1]);
    // A bye to the top player while lower players have none.
    let mut w = sim::field(5, 3, 6);
    let top = Round {
        number: 1,
        boards: vec![
            tournament::model::Board { white: 1, black: 2, handicap: None },
            tournament::model::Board { white: 3, black: 4, handicap: None },
        ],
        byes: vec![0],
    };
    w.add_round(&top);
    let c = check::check_mcmahon(&w, &cfg);
    assert!(c[0].violations.iter().any(|v| v.contains("bye went to 1")), "{:?}", c[0]);
}
