//! Direct encounter (FIDE C.07 art. 6) against an external oracle: the PyPI library
//! tiebreak-core 1.2.0 (`fide2024._de_tiers`) on 60 random Swiss tournaments with many ties.
//! The tournaments come from `cargo run --example de_cases`, the oracle's tiers from
//! `scripts/de_oracle.py` (both committed under tests/data/de-oracle).

use tournament::standings;
use tournament::standings::tiebreak::{Config, TieBreak, Unplayed};

fn data(name: &str) -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data").join(name)
}

#[test]
fn c07_6_tiers_match_tiebreak_core() {
    tiers_match(&data("de-oracle"), 60, 50);
}

/// Odd fields (a pairing-allocated bye every round), forfeits, half-point byes, withdrawals.
#[test]
fn c07_6_tiers_match_tiebreak_core_with_unplayed_rounds() {
    tiers_match(&data("de-unplayed"), 40, 20);
}

fn tiers_match(dir: &std::path::Path, expect_cases: usize, expect_splits: usize) {
    let oracle = std::fs::read_to_string(dir.join("oracle.txt")).unwrap();
    let mut cases = 0;
    let mut split_by_de = 0;
    let mut differ = Vec::new();
    let mut forfeit_readings = 0;
    for line in oracle.lines() {
        let (name, tiers) = line.split_once(": ").unwrap();
        let want: Vec<Vec<u32>> =
            tiers.split(" | ").map(|t| t.split(' ').map(|x| x.parse().unwrap()).collect()).collect();
        let t = tournament::formats::trf::parse(&std::fs::read_to_string(dir.join(format!("{name}.trf"))).unwrap())
            .unwrap();
        let cfg = Config {
            order: vec![TieBreak::DirectEncounter],
            unplayed: Unplayed::Dummy,
            mms0: vec![0; t.players.len()],
        };
        let rows = standings::compute(&t, &cfg, false);
        let mut got: Vec<Vec<u32>> = Vec::new();
        for (i, r) in rows.iter().enumerate() {
            if i > 0 && rows[i - 1].rank == r.rank {
                got.last_mut().unwrap().push(r.number);
            } else {
                got.push(vec![r.number]);
            }
        }
        got.iter_mut().for_each(|g| g.sort_unstable());
        // Tiers the points alone would not give: direct encounter did some work.
        let points_groups = rows.windows(2).filter(|w| w[0].score_value != w[1].score_value).count() + 1;
        split_by_de += want.len() - points_groups;
        cases += 1;
        if got != want {
            // The two references read a forfeit between tied players differently: FIDE TEC's
            // TieBreakServer (followed here) leaves it an encounter still to be had (6.3),
            // tiebreak-core counts the pair as met. Only such groups may differ.
            let forfeit_inside = got.iter().filter(|g| g.len() > 1).any(|g| {
                g.iter().any(|&a| {
                    t.players[a as usize - 1].rounds.iter().any(|e| {
                        e.opponent.is_some_and(|o| g.contains(&(o as u32 + 1)))
                            && matches!(e.outcome, tournament::Outcome::ForfeitWin | tournament::Outcome::ForfeitLoss)
                    })
                })
            });
            if forfeit_inside {
                forfeit_readings += 1;
            } else {
                differ.push(format!("{name}: shinpan {got:?}, tiebreak-core {want:?}"));
            }
        }
    }
    eprintln!(
        "{cases} tournaments, {split_by_de} extra tiers from direct encounter, {forfeit_readings} differ by the forfeit reading, {} otherwise",
        differ.len()
    );
    assert_eq!(cases, expect_cases);
    assert!(split_by_de > expect_splits, "the cases exercise direct encounter ({split_by_de} splits)");
    assert!(differ.is_empty(), "{} of {cases} differ:\n{}", differ.len(), differ.join("\n"));
}

/// The scalar tie-breaks on the same tournaments: Buchholz, cut-1, median, Sonneborn-Berger,
/// progressive score and wins against tiebreak-core's fide-2024 values
/// (`scripts/de_oracle.py --values`), every round played.
#[test]
fn c07_buchholz_family_sb_progressive_wins_match_tiebreak_core() {
    values_match(&data("de-oracle"), 608);
}

/// The same with byes, forfeits and withdrawals: the 2024 unplayed-round rule (C.07 art. 16:
/// adjusted opponent scores 16.3, the dummy opponent 16.4, the cut exception 16.5).
#[test]
fn c07_16_unplayed_rounds_match_tiebreak_core() {
    values_match(&data("de-unplayed"), 456);
}

fn values_match(dir: &std::path::Path, players: usize) {
    let values = std::fs::read_to_string(dir.join("values.txt")).unwrap();
    let order = [
        TieBreak::Buchholz,
        TieBreak::Cut1,
        TieBreak::MedianBuchholz,
        TieBreak::SonnebornBerger,
        TieBreak::Progressive,
        TieBreak::Wins,
    ];
    let mut current: Option<(String, tournament::Tournament)> = None;
    let mut checked = 0;
    for line in values.lines() {
        let f: Vec<&str> = line.split(' ').collect();
        if current.as_ref().is_none_or(|(n, _)| n != f[0]) {
            let t =
                tournament::formats::trf::parse(&std::fs::read_to_string(dir.join(format!("{}.trf", f[0]))).unwrap())
                    .unwrap();
            current = Some((f[0].to_string(), t));
        }
        let t = &current.as_ref().unwrap().1;
        let p: usize = f[1].parse::<usize>().unwrap() - 1;
        let cfg = Config { order: order.to_vec(), unplayed: Unplayed::Dummy, mms0: vec![0; t.players.len()] };
        let calc = tournament::standings::tiebreak::Calculator::new(t, &cfg);
        for (k, tb) in order.iter().enumerate() {
            let want = (f[2 + k].parse::<f64>().unwrap() * 100.0).round() as i64;
            assert_eq!(calc.value(*tb, p, &[p]), want, "{} player {} {:?}", f[0], p + 1, tb);
            checked += 1;
        }
    }
    assert_eq!(checked, players * 6);
}
