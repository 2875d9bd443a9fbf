//! TRF-2025 (FIDE TRF, version approved 12/05/2025, applied from 01/09/2025) records 240
//! (byes with points), 250 (accelerated rounds), 260 (prohibited pairings) are read and written
//! back; 299 (abnormal point assignments) and the team records 013/310 are refused with the
//! line, the column and the record type, never skipped silently.

use tournament::Error;
use tournament::formats::trf;
use tournament::model::{Outcome, Prohibition};
use tournament::pairing::{dutch, mcmahon};

const PLAYERS: &str = "012 Test\n\
001    1      Alpha                             2000\n\
001    2      Beta                              1900\n\
001    3      Gamma                             1800\n\
001    4      Delta                             1700\n\
001    5      Eps                               1600\n\
001    6      Zeta                              1500\n\
XXR 5\n";

/// Players without the points and rank columns, which writing recomputes.
fn core(t: &tournament::Tournament) -> Vec<tournament::Player> {
    t.players.iter().cloned().map(|p| tournament::Player { points: 0, rank: 0, ..p }).collect()
}

fn parse_err(text: &str) -> (usize, usize, String) {
    match trf::parse(text) {
        Err(Error::Parse { line, column, reason }) => (line, column, reason),
        other => panic!("expected a parse error, got {other:?}"),
    }
}

#[test]
fn trf_2025_240_pre_announced_byes_are_kept_out_of_the_pairing() {
    // Players 2 and 5 announced a half-point bye and a zero-point bye for round 1.
    let text = format!("{PLAYERS}240 H 001    2\n240 Z 001    5\n");
    let t = trf::parse(&text).unwrap();
    assert_eq!(t.players[1].rounds[0].outcome, Outcome::HalfBye);
    assert_eq!(t.players[4].rounds[0].outcome, Outcome::ZeroBye);
    assert_eq!(t.next_round(), 1);
    let r = dutch::pair(&t).unwrap();
    let paired: Vec<usize> = r.boards.iter().flat_map(|b| [b.white, b.black]).chain(r.byes.iter().copied()).collect();
    assert!(!paired.contains(&1) && !paired.contains(&4), "{paired:?}");
    assert_eq!(paired.len(), 4);
    let m = mcmahon::pair(&t, &mcmahon::Config::default()).unwrap();
    assert_eq!(m.number, 1);
    let paired: Vec<usize> = m.boards.iter().flat_map(|b| [b.white, b.black]).chain(m.byes.iter().copied()).collect();
    assert!(!paired.contains(&1) && !paired.contains(&4), "{paired:?}");
    // Written back: the 001 lines carry the byes and so do the 240 lines.
    let out = trf::write(&t);
    assert!(out.contains("240 H 001    2\n") && out.contains("240 Z 001    5\n"), "{out}");
    assert_eq!(core(&trf::parse(&out).unwrap()), core(&t));
}

#[test]
fn trf_2025_240_must_agree_with_the_001_line() {
    let text = "001    1      A                                 2000                             1.0    1     2 w 1\n\
001    2      B                                 1900                             0.0    2     1 b 0\n\
240 F 001    2\n";
    let (line, column, reason) = parse_err(text);
    assert_eq!((line, column), (3, 11));
    assert!(reason.contains("240") && reason.contains("player 2"), "{reason}");
    let (line, column, reason) = parse_err(&format!("{PLAYERS}240 X 001    2\n"));
    assert_eq!((line, column), (9, 5));
    assert!(reason.contains("F, H or Z"), "{reason}");
    let (_, column, reason) = parse_err(&format!("{PLAYERS}240 F 003    2\n"));
    assert_eq!(column, 7, "{reason}");
}

#[test]
fn trf_2025_250_accelerated_rounds_become_acceleration_points() {
    // Baku-style: players 1-3 get one fictitious point in rounds 1-2, half a point in round 3.
    let text = format!("{PLAYERS}250      01.0 001 002 0001 0003\n250      00.5 003 003 0001 0003\n");
    let t = trf::parse(&text).unwrap();
    assert_eq!(t.players[0].acceleration, vec![10, 10, 5]);
    assert_eq!(t.players[2].acceleration, vec![10, 10, 5]);
    assert!(t.players[3].acceleration.is_empty());
    // Written back as the equivalent XXA lines.
    let again = trf::parse(&trf::write(&t)).unwrap();
    assert_eq!(core(&again), core(&t));
    let (line, column, _) = parse_err(&format!("{PLAYERS}250 01.0 02.0 001 003 0001 0003\n"));
    assert_eq!((line, column), (9, 5), "team match points refused");
    let (_, column, _) = parse_err(&format!("{PLAYERS}250      01.0 003 001 0001 0003\n"));
    assert_eq!(column, 19);
}

#[test]
fn trf_2025_260_prohibited_pairings_hold_in_their_rounds_only() {
    let text = format!("{PLAYERS}260 001 002    1    2    3\n");
    let t = trf::parse(&text).unwrap();
    assert_eq!(t.prohibited, vec![Prohibition { first: 1, last: 2, players: vec![0, 1, 2] }]);
    assert!(trf::write(&t).contains("260 001 002    1    2    3\n"));
    assert_eq!(trf::parse(&trf::write(&t)).unwrap().prohibited, t.prohibited);
    let r1 = t.with_prohibitions(1);
    let r = dutch::pair(&r1).unwrap();
    for b in &r.boards {
        assert!(!(b.white < 3 && b.black < 3), "players 1-3 may not meet in round 1: {r:?}");
    }
    assert_eq!(t.with_prohibitions(3).forbidden.len(), 0);
    let (_, column, reason) = parse_err(&format!("{PLAYERS}260 001 002    1\n"));
    assert_eq!(column, 13, "{reason}");
    let (_, column, reason) = parse_err(&format!("{PLAYERS}260 001 002    1    9\n"));
    assert_eq!(column, 18, "{reason}");
}

#[test]
fn trf_2025_299_and_team_records_are_refused_by_name() {
    for (tag, what) in [("299", "299"), ("013", "teams"), ("310", "teams")] {
        let (line, column, reason) = parse_err(&format!("{PLAYERS}{tag} W  0.5 001    1\n"));
        assert_eq!((line, column), (9, 1), "{tag}");
        assert!(reason.contains(tag) && reason.contains(what) && reason.contains("not supported"), "{tag}: {reason}");
    }
}

proptest::proptest! {
    /// Malformed 240/250/260/299 records give an error, never a panic.
    #[test]
    fn trf_2025_records_never_panic(tag in proptest::sample::select(vec!["240", "250", "260", "299"]), rest in "[ 0-9FHZWX.\\-]{0,40}") {
        let _ = trf::parse(&format!("{PLAYERS}{tag}{rest}\n"));
    }
}

/// The fuzz target's checks (write-back round trip, every pairing system, standings) on
/// files with TRF-2025 records.
#[test]
fn trf_2025_records_pass_the_fuzz_checks() {
    for extra in
        ["240 H 001    2\n240 Z 001    5\n", "250      01.0 001 002 0001 0003\n", "260 001 002    1    2    3\n"]
    {
        let text = format!("{PLAYERS}{extra}");
        assert!(trf::parse(&text).is_ok());
        tournament::fuzzing::trf(text.as_bytes());
    }
    let data = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    for (dir, count) in [("de-unplayed", 40), ("de-oracle", 60)] {
        for k in 0..count {
            let text = std::fs::read(data.join(dir).join(format!("case{k:03}.trf"))).unwrap();
            tournament::fuzzing::trf(&text);
        }
    }
}
