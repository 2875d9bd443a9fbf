//! Golden Dutch rounds: shinpan must print exactly bbpPairings' pairing for every saved round
//! (see tests/data/dutch-golden/README.md for where each file comes from).

use std::path::Path;

#[test]
fn every_golden_round_matches_bbp_pairings() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/dutch-golden");
    let mut names: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "trf"))
        .collect();
    names.sort();
    assert!(names.len() >= 3, "golden rounds missing");
    let mut failures = Vec::new();
    for trf in &names {
        let expected = std::fs::read_to_string(trf.with_extension("pairs")).unwrap();
        let t = tournament::trf::parse(&std::fs::read_to_string(trf).unwrap()).unwrap();
        let got = tournament::dutch::pair(&t).map(|r| r.to_bbp(&t));
        if got.as_deref() != Ok(expected.as_str()) {
            failures.push(format!("{}:\nexpected\n{expected}got\n{got:?}", trf.display()));
        }
    }
    assert!(failures.is_empty(), "{} of {} rounds differ:\n{}", failures.len(), names.len(), failures.join("\n"));
}

/// C.04.3 (2025) 1.4.3-1.4.4: only a player who scores more than a loss without playing
/// floats down, and nobody else floats; shinpan still gives a forfeit loser an up/downfloat by
/// comparing scores with the absent opponent, bbpPairings (since commit 16a000f) none. Every
/// round listed with this reason pairs exactly like a bbpPairings build with the older rule
/// (cd5a208).
const FORFEIT_LOSS_FLOAT: &str = "forfeit loss gives a float in shinpan, none in C.04.3 (2025) 1.4.4";

/// [C9] (2025): minimise the unplayed games of the PAB assignee when the last bracket
/// downfloats exactly one player. Two 2.0 players can take the bye (83 with no unplayed round,
/// 91 with one absence); bbpPairings (16a000f) gives it to 83, shinpan to 91 — shinpan's C9
/// bookkeeping follows bbpPairings' older commit cd5a208, which prints shinpan's pairing here.
const BYE_UNPLAYED_GAMES: &str = "PAB to a player with more unplayed games, C.04.3 (2025) [C9]";

/// Rounds where shinpan knowingly differs from bbpPairings: (tournament, round, reason).
/// Each entry must still differ (a fixed one has to be removed from this list).
const KNOWN_MISMATCHES: &[(&str, usize, &str)] = &[
    ("s0011-n052-r11", 5, FORFEIT_LOSS_FLOAT),
    ("s0013-n016-r10", 7, FORFEIT_LOSS_FLOAT),
    ("s0018-n016-r08", 7, FORFEIT_LOSS_FLOAT),
    ("s0020-n104-r11", 9, FORFEIT_LOSS_FLOAT),
    ("s0023-n079-r11", 11, FORFEIT_LOSS_FLOAT),
    ("s0042-n018-r10", 8, FORFEIT_LOSS_FLOAT),
    ("s0046-n086-r05", 5, FORFEIT_LOSS_FLOAT),
    ("s0059-n016-r08", 5, FORFEIT_LOSS_FLOAT),
    ("s0069-n023-r11", 11, FORFEIT_LOSS_FLOAT),
    ("s0075-n044-r08", 5, FORFEIT_LOSS_FLOAT),
    ("s0093-n092-r09", 9, FORFEIT_LOSS_FLOAT),
    ("s0096-n060-r08", 7, FORFEIT_LOSS_FLOAT),
    ("s0104-n146-r10", 3, FORFEIT_LOSS_FLOAT),
    ("s0106-n047-r05", 5, FORFEIT_LOSS_FLOAT),
    ("s0121-n015-r11", 11, FORFEIT_LOSS_FLOAT),
    ("s0150-n118-r08", 4, FORFEIT_LOSS_FLOAT),
    ("s0177-n184-r08", 8, FORFEIT_LOSS_FLOAT),
    ("s0178-n096-r08", 6, FORFEIT_LOSS_FLOAT),
    ("s0191-n052-r11", 8, FORFEIT_LOSS_FLOAT),
    ("s0211-n032-r05", 4, FORFEIT_LOSS_FLOAT),
    ("s0212-n019-r10", 7, FORFEIT_LOSS_FLOAT),
    ("s0253-n041-r08", 7, FORFEIT_LOSS_FLOAT),
    ("s0255-n016-r10", 10, FORFEIT_LOSS_FLOAT),
    ("s0264-n060-r07", 5, FORFEIT_LOSS_FLOAT),
    ("s0265-n091-r11", 10, BYE_UNPLAYED_GAMES),
    ("s0268-n051-r09", 8, FORFEIT_LOSS_FLOAT),
];

/// FNV-1a 64, the hash `scripts/dutch_golden.py` stores for each round's input text.
fn fnv64(text: &str) -> u64 {
    text.bytes().fold(0xCBF2_9CE4_8422_2325, |h, b| (h ^ b as u64).wrapping_mul(0x0100_0000_01B3))
}

fn entry_points(code: u8, win: u32, draw: u32) -> u32 {
    match code {
        b'1' | b'+' | b'W' | b'U' | b'F' => win,
        b'=' | b'D' | b'H' => draw,
        _ => 0,
    }
}

/// The TRF bbpPairings paired for round `r` of a final record: rounds before `r`, plus the
/// round-`r` byes and absences fixed before pairing; points recomputed (same as the script).
fn round_input(final_text: &str, r: usize) -> String {
    let tenths = |l: &str| (l[4..].trim().parse::<f64>().unwrap() * 10.0).round() as u32;
    let (mut win, mut draw) = (10, 5);
    for l in final_text.split('\n') {
        if l.starts_with("BBW") {
            win = tenths(l);
        } else if l.starts_with("BBD") {
            draw = tenths(l);
        }
    }
    let mut out = Vec::new();
    for l in final_text.split('\n') {
        if !l.starts_with("001") {
            out.push(l.to_string());
            continue;
        }
        let head = &l[..l.len().min(91)];
        let n = (l.len() + 2).saturating_sub(91) / 10;
        let entries: Vec<&str> = (0..n).map(|i| &l[91 + 10 * i..91 + 10 * i + 8]).collect();
        let mut keep: Vec<&str> = entries.iter().take(r - 1).copied().collect();
        if let Some(e) = entries.get(r - 1) {
            if b"HZF".contains(&e.as_bytes()[7]) && e.starts_with("0000") {
                keep.push(e);
            }
        }
        let pts: u32 = entries.iter().take(r - 1).map(|e| entry_points(e.as_bytes()[7], win, draw)).sum();
        let head = format!("{}{:>4}{}", &head[..80], format!("{}.{}", pts / 10, pts % 10), &head[84..]);
        let line = if keep.is_empty() { head } else { head + &keep.join("  ") };
        out.push(line.trim_end().to_string());
    }
    out.join("\n")
}

/// Several hundred random rounds paired by a local bbpPairings build (data/dutch-golden/random,
/// made by scripts/dutch_golden.py): same pairs, same colours, same bye, same board order, and
/// no pairing exactly where bbpPairings found none.
#[test]
fn random_tournaments_match_bbp_pairings_round_by_round() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/dutch-golden/random");
    let mut names: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "golden"))
        .collect();
    names.sort();
    let (mut rounds, mut none_rounds, mut known) = (0, 0, 0);
    let mut failures = Vec::new();
    for golden in &names {
        let stem = golden.file_stem().unwrap().to_str().unwrap().to_string();
        let final_text = std::fs::read_to_string(golden.with_extension("trf")).unwrap();
        let text = std::fs::read_to_string(golden).unwrap();
        for block in text.split("round ").skip(1) {
            let (first, expected) = block.split_once('\n').unwrap();
            let words: Vec<&str> = first.split_whitespace().collect();
            let r: usize = words[0].parse().unwrap();
            let input = round_input(&final_text, r);
            assert_eq!(format!("{:016x}", fnv64(&input)), words[2], "{stem} round {r}: input differs from what bbpPairings read");
            let t = tournament::trf::parse(&input).unwrap_or_else(|e| panic!("{stem} round {r}: {e}"));
            let got = tournament::dutch::pair(&t).map(|p| p.to_bbp(&t));
            let ok = match words.get(3) {
                Some(&"none") => {
                    none_rounds += 1;
                    got.is_err()
                }
                _ => got.as_deref() == Ok(expected),
            };
            rounds += 1;
            let listed = KNOWN_MISMATCHES.iter().any(|&(n, kr, _)| n == stem && kr == r);
            match (ok, listed) {
                (true, false) => {}
                (false, true) => known += 1,
                (true, true) => failures.push(format!("{stem} round {r}: listed as a known mismatch but now matches")),
                (false, false) => failures.push(format!("{stem} round {r}:\nexpected\n{expected}got\n{got:?}")),
            }
        }
    }
    println!(
        "{} of {rounds} random golden rounds ({none_rounds} without a valid pairing) identical to bbpPairings; {known} known mismatches",
        rounds - known - failures.len()
    );
    assert!(rounds >= 500, "only {rounds} random golden rounds");
    assert!(failures.is_empty(), "{} of {rounds} rounds differ:\n{}", failures.len(), failures.join("\n"));
}
