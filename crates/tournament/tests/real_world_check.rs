//! `check-pairings` and `pair` on real tournaments (tests/data/real-world, sources in its
//! SOURCES.tsv): the XX Open Internacional de Gros 2010 after 4 rounds, and the accelerated
//! 4° Open Capo D'Orso 2012 paired with JaVaFo, as the JaVaFo Advanced User Manual prints them.

use std::path::Path;
use tournament::director;
use tournament::pairing::check::{RoundCheck, check_dutch};
use tournament::pairing::dutch::Edition;

fn load(name: &str) -> tournament::Tournament {
    let p = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/real-world").join(name);
    tournament::formats::trf::parse(&std::fs::read_to_string(p).unwrap()).unwrap()
}

fn ok_rounds(checks: &[RoundCheck]) -> Vec<u32> {
    checks.iter().filter(|c| c.ok()).map(|c| c.round).collect()
}

/// The Gros file ends each line with a blank fifth entry: round 5 is not paired yet. It is no
/// round to check (before: "round 5: used (nothing) where the rules give 1-2 3-4 …").
#[test]
fn a_round_nobody_was_paired_in_is_not_checked() {
    let t = load("gros-open-2010-r4.trf");
    assert_eq!(t.rounds_recorded(), 5, "the blank entries are read");
    for ed in [Edition::Fide2017, Edition::Fide2025] {
        let checks = check_dutch(&t, ed).unwrap();
        assert_eq!(checks.iter().map(|c| c.round).collect::<Vec<_>>(), [1, 2, 3, 4], "{ed:?}");
    }
}

/// Capo D'Orso: players 25, 77, 79 and 81 withdrew; their lines stop after their last round
/// (Swiss-Manager's and JaVaFo's way). Before, each was paired again in the rounds after, and
/// 8 of the 9 rounds were reported wrong; left out, rounds 1–5, 7 and 8 re-pair exactly as
/// played (rounds 6 and 9 still differ, as bbpPairings' checker finds too: see the last test).
#[test]
fn a_line_that_stops_is_a_withdrawal() {
    let t = load("capodorso-open-2012-accel.trf");
    let stops: Vec<(u32, usize)> = t
        .players
        .iter()
        .enumerate()
        .filter(|(_, p)| p.rounds.len() < t.rounds_recorded())
        .map(|(i, p)| (i as u32 + 1, p.rounds.len()))
        .collect();
    assert_eq!(stops, [(25, 1), (77, 4), (79, 4), (81, 8)]);
    for ed in [Edition::Fide2017, Edition::Fide2025] {
        let checks = check_dutch(&t, ed).unwrap();
        assert_eq!(checks.len(), 9);
        for c in &checks {
            for &(id, after) in &stops {
                if c.round as usize > after {
                    let named = c.missing.iter().any(|&(a, b)| a == id || b == id);
                    assert!(!named, "{ed:?}: withdrawn player {id} paired in {c}");
                }
            }
        }
        assert_eq!(ok_rounds(&checks), [1, 2, 3, 4, 5, 7, 8], "{ed:?}");
    }
}

/// The manual's check-list of the Gros open shows JaVaFo's pairing of round 5 (the `Cur`
/// column: opponent and own colour; 47 gets the pairing-allocated bye). `pair` gives the same
/// 25 boards, colours included, under both editions.
#[test]
fn gros_round_5_is_javafos() {
    // (white, black) as the manual's check-list has them.
    let javafo: [(usize, usize); 24] = [
        (1, 2),
        (3, 4),
        (5, 6),
        (7, 13),
        (8, 24),
        (9, 26),
        (11, 21),
        (14, 29),
        (17, 52),
        (19, 16),
        (23, 12),
        (25, 49),
        (27, 38),
        (34, 30),
        (35, 18),
        (37, 10),
        (39, 31),
        (40, 50),
        (41, 32),
        (42, 33),
        (44, 48),
        (45, 15),
        (46, 20),
        (51, 36),
    ];
    // The fifth entries are the round to pair: blank, or the byes announced for it (22 and 28
    // zero-point, 43 half-point), whom JaVaFo leaves out.
    let t = load("gros-open-2010-r4.trf");
    for ed in [Edition::Fide2017, Edition::Fide2025] {
        let req = director::PairRequest { system: Some(tournament::System::Dutch), edition: ed, ..Default::default() };
        let r = director::pair(&t, &req).unwrap().round;
        let mut got: Vec<(usize, usize)> =
            r.boards.iter().map(|b| (t.players[b.white].number as usize, t.players[b.black].number as usize)).collect();
        got.sort();
        let mut want = javafo.to_vec();
        want.sort();
        assert_eq!(got, want, "{ed:?}");
        assert_eq!(r.byes.iter().map(|&p| t.players[p].number).collect::<Vec<_>>(), [47], "{ed:?}");
    }
}

/// The lichess Swiss cut after round 16 (DERIVED in SOURCES.tsv), round 17 paired by the two
/// editions. 39 players: the bye is one of the lowest. The 2025 edition fixes the lowest score
/// the bye can go to before any bracket is paired: 76 (4.5), so 73 (7.0) floats down to 110
/// (5.0), the only one 110 has not met. The 2017 edition has no such criterion: its C.4 asks
/// only that the rest stay pairable with an eligible bye, so the 6.5 bracket keeps 73-50 by
/// its own C.5/C.6, and whoever is left in the last bracket gets the bye: 110 (5.0), while 76
/// plays 89. Each equals bbpPairings' pairing under its edition (v5.0.1 for 2017, 6 for 2025;
/// the `.pairs` files, made as SOURCES.tsv says), board for board and colour for colour.
#[test]
fn lichess_round_17_byes_follow_each_edition() {
    let t = load("lichess-swiss-bullet-2020-upto-r16.trf");
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/real-world");
    for (ed, file, bye) in [
        (Edition::Fide2017, "lichess-swiss-bullet-2020-upto-r16.bbp501.pairs", 110),
        (Edition::Fide2025, "lichess-swiss-bullet-2020-upto-r16.bbp6.pairs", 76),
    ] {
        let want = std::fs::read_to_string(dir.join(file)).unwrap();
        let r = tournament::pairing::dutch::pair_edition(&t, ed).unwrap();
        assert_eq!(r.byes.iter().map(|&p| t.players[p].number).collect::<Vec<_>>(), [bye], "{ed:?}");
        assert_eq!(r.to_bbp(&t), want, "{ed:?}");
    }
}

/// `check-pairings` against bbpPairings' own checker (`--dutch FILE -c`, which re-pairs every
/// round from the rounds before it and prints, per round that differs, its pairs beside the
/// pairs used): `NAME.bbp501.check` from v5.0.1 (the 2017 rules), `NAME.bbp6.check` from
/// bbpPairings 6 (the 2025 rules), made as SOURCES.tsv says. On every round of the three
/// tournaments shinpan reports the same rounds, with the same pairs used and the same pairs
/// the rules give, colours included. So where a round is ok, `pair` gives what was played; where
/// it is reported, `pair` gives bbpPairings' pairing.
///
/// What that leaves reported: Capo D'Orso rounds 6 and 9, Gros rounds 2 and 4 (both editions),
/// and 19 of the 20 lichess rounds (round 1 already differs: lichess did not pair from the
/// exported file's order; why was not investigated, only that both engines agree with shinpan). The
/// opens were paired under the rules in force before 2017 (Gros 2010; Capo 2012 by the JaVaFo
/// of its day), which the repository does not hold, so which article (or arbiter's decision)
/// gave the pairs used is not established; it is no misreading of the files by shinpan, since
/// two engines of two editions read them as it does. In Capo round 6 both pairings grant every
/// colour preference: the rules' has one floating pair (61 up to 71), the one used three (73
/// down to 74, 61 down to 83, 80 up to 75), so that round differs in who floats, not in colour.
#[test]
fn check_pairings_reports_what_bbp_pairings_checker_reports() {
    type Pairs = Vec<(u32, u32)>;
    /// Per reported round: (pairs the rules give, pairs used), each sorted.
    fn parse(text: &str) -> Vec<(u32, Pairs, Pairs)> {
        let mut out: Vec<(u32, Pairs, Pairs)> = Vec::new();
        let mut round = 0;
        for line in text.lines() {
            if let Some((_, r)) = line.split_once("Round #") {
                round = r.trim().parse().unwrap();
            } else if line.contains("Checker pairings") {
                out.push((round, Vec::new(), Vec::new()));
            } else if !line.trim().is_empty() {
                let n: Vec<u32> = line.split_whitespace().filter(|w| *w != "-").map(|w| w.parse().unwrap()).collect();
                assert_eq!(n.len(), 4, "{line}");
                let last = out.last_mut().unwrap();
                last.1.push((n[0], n[1]));
                last.2.push((n[2], n[3]));
            }
        }
        for r in &mut out {
            r.1.sort();
            r.2.sort();
        }
        out
    }
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/real-world");
    let mut reported = Vec::new();
    for name in ["capodorso-open-2012-accel", "gros-open-2010-r4", "lichess-swiss-bullet-2020"] {
        let t = load(&format!("{name}.trf"));
        for (ed, oracle) in [(Edition::Fide2017, "bbp501"), (Edition::Fide2025, "bbp6")] {
            let want = parse(&std::fs::read_to_string(dir.join(format!("{name}.{oracle}.check"))).unwrap());
            let checks = check_dutch(&t, ed).unwrap();
            let got: Vec<(u32, Pairs, Pairs)> = checks
                .iter()
                .filter(|c| !c.ok())
                .map(|c| {
                    assert_eq!(c.error, None, "{name} {ed:?} round {}", c.round);
                    (c.round, c.missing.clone(), c.unexpected.clone())
                })
                .collect();
            assert_eq!(got, want, "{name} {ed:?}");
            reported.push((name, ed, got.iter().map(|r| r.0).collect::<Vec<_>>()));
        }
    }
    let rounds = |name: &str, ed: Edition| reported.iter().find(|r| r.0 == name && r.1 == ed).unwrap().2.clone();
    for ed in [Edition::Fide2017, Edition::Fide2025] {
        assert_eq!(rounds("capodorso-open-2012-accel", ed), [6, 9]);
        assert_eq!(rounds("gros-open-2010-r4", ed), [2, 4]);
        assert_eq!(rounds("lichess-swiss-bullet-2020", ed).len(), 19);
    }
}
