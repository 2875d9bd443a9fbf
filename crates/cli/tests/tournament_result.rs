//! `shinpan pair --record`, `shinpan result`, `shinpan player` and seeded furigoma (ufs-2016
//! 4.6; fesa-2017 7; pl 1.4) through the binary: tournaments played from the TRF file alone.

use std::process::Command;

fn shinpan(args: &[&str]) -> (i32, String, String) {
    let o = Command::new(env!("CARGO_BIN_EXE_shinpan")).args(args).output().expect("run shinpan");
    (
        o.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

const FIELD: &str = "012 Test RR\n\
001    1      Alpha                             2000\n\
001    2      Beta                              1900\n\
001    3      Gamma                             1800\n\
001    4      Delta                             1700\n\
XXR 3\nSXS ROUND_ROBIN\nSXF 42\n";

fn tmp(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("shinpan-result-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join("t.trf")
}

#[test]
fn fesa_12_round_robin_played_through_the_file() {
    let f = tmp("rr");
    std::fs::write(&f, FIELD).unwrap();
    let p = f.to_str().unwrap();
    for round in 1..=3 {
        let (rc, out, err) = shinpan(&["pair", p, "--record"]);
        assert_eq!(rc, 0, "{err}");
        assert!(out.starts_with("2\n"), "{out}");
        // Pairing again before the results are in is refused, naming the open boards.
        let (rc, _, err) = shinpan(&["pair", p]);
        assert_eq!(rc, 2);
        assert!(err.contains("without a result"), "{err}");
        let r = round.to_string();
        let (rc, _, err) = shinpan(&["result", p, "--round", &r, "--board", "1", "--result", "1-0"]);
        assert_eq!(rc, 0, "{err}");
        // A result already entered is not overwritten by accident.
        let (rc, _, err) = shinpan(&["result", p, "--round", &r, "--board", "1", "--result", "0-1"]);
        assert_eq!(rc, 2);
        assert!(err.contains("--correct"), "{err}");
        let (rc, _, err) = shinpan(&["result", p, "--round", &r, "--board", "2", "--result", "½-½"]);
        assert_eq!(rc, 0, "{err}");
    }
    let t = tournament::formats::trf::parse(&std::fs::read_to_string(&f).unwrap()).unwrap();
    assert_eq!(t.furigoma_seed, Some(42), "the published seed stays in the file");
    assert_eq!(t.rounds_recorded(), 3);
    let total: u32 = (0..4).map(|p| t.score(p)).sum();
    assert_eq!(total, 60, "six games, one point each");
    // Everyone met everyone once (Berger), whoever moved first by the draw.
    for a in 0..4 {
        for b in 0..4 {
            assert_eq!(a != b, t.have_met(a, b));
        }
    }
    let (rc, _, err) = shinpan(&["pair", p]);
    assert_eq!(rc, 2, "all rounds paired");
    assert!(err.contains("paired"), "{err}");
}

#[test]
fn ufs_4_6_furigoma_seed_is_checked_and_reproducible() {
    let f = tmp("seed");
    std::fs::write(&f, FIELD).unwrap();
    let p = f.to_str().unwrap();
    let (rc, _, err) = shinpan(&["pair", p, "--seed", "43"]);
    assert_eq!(rc, 2);
    assert!(err.contains("SXF 42"), "{err}");
    let a = shinpan(&["pair", p, "--seed", "42"]);
    let b = shinpan(&["pair", p]);
    assert_eq!(a, b, "the file's seed is the default");
    let (rc, bal, _) = shinpan(&["pair", p, "--sente", "balance"]);
    assert_eq!(rc, 0);
    // The Berger table's round 1 is 1-4, 2-3; the draw decides each board's order.
    let t = tournament::formats::trf::parse(FIELD).unwrap();
    let mut want = String::from("2\n");
    for (x, y) in [(0usize, 3usize), (1, 2)] {
        let (w, bl) = tournament::pairing::furigoma::decide(&t, 42, 1, x, y);
        want += &format!("{} {}\n", w + 1, bl + 1);
    }
    assert_eq!(a.1, want);
    assert_eq!(bal, "2\n1 4\n2 3\n");
    let (rc, _, err) = shinpan(&["pair", p, "--system", "dutch"]);
    assert_eq!(rc, 2, "Dutch colours are C.04.3's, not a lot");
    assert!(err.contains("C.04.3"), "{err}");
}

#[test]
fn result_errors_are_clear() {
    let f = tmp("err");
    std::fs::write(&f, FIELD).unwrap();
    let p = f.to_str().unwrap();
    let (rc, _, err) = shinpan(&["result", p, "--round", "1", "--board", "1", "--result", "1-0"]);
    assert_eq!(rc, 2);
    assert!(err.contains("not paired"), "{err}");
    assert_eq!(shinpan(&["pair", p, "--record"]).0, 0);
    let (rc, _, err) = shinpan(&["result", p, "--round", "1", "--board", "9", "--result", "1-0"]);
    assert_eq!(rc, 2);
    assert!(err.contains("boards 1 to 2"), "{err}");
    let (rc, _, err) = shinpan(&["result", p, "--round", "1", "--board", "1", "--result", "2-0"]);
    assert_eq!(rc, 2);
    assert!(err.contains("unknown result"), "{err}");
    let before = std::fs::read_to_string(&f).unwrap();
    let (rc, _, _) = shinpan(&["result", p, "--round", "1", "--player", "3", "--result=--/--"]);
    assert_eq!(rc, 0);
    let after = tournament::formats::trf::parse(&std::fs::read_to_string(&f).unwrap()).unwrap();
    assert_ne!(before, std::fs::read_to_string(&f).unwrap());
    assert_eq!(after.players[2].rounds[0].outcome, tournament::Outcome::ForfeitLoss);
    assert_eq!(after.players[1].rounds[0].outcome, tournament::Outcome::ForfeitLoss);
}

#[test]
fn ufs_4_6_seed_given_on_the_command_line_is_published_in_the_file() {
    let f = tmp("publish");
    std::fs::write(&f, FIELD.replace("SXF 42\n", "")).unwrap();
    let p = f.to_str().unwrap();
    let (rc, out, err) = shinpan(&["pair", p, "--sente", "furigoma", "--seed", "7", "--record"]);
    assert_eq!(rc, 0, "{err}");
    let t = tournament::formats::trf::parse(&std::fs::read_to_string(&f).unwrap()).unwrap();
    assert_eq!(t.furigoma_seed, Some(7));
    // Anyone can redo the draw from the file.
    let fresh = tournament::formats::trf::parse(&FIELD.replace("SXF 42\n", "")).unwrap();
    for line in out.lines().skip(1) {
        let ids: Vec<usize> = line.split(' ').map(|x| x.parse().unwrap()).collect();
        let (w, b) = tournament::pairing::furigoma::decide(&fresh, 7, 1, ids[1] - 1, ids[0] - 1);
        assert_eq!((w + 1, b + 1), (ids[0], ids[1]));
    }
    // Without --sente, the published seed now decides.
    let (rc, _, err) = shinpan(&["pair", p, "--sente", "furigoma"]);
    assert_eq!(rc, 2, "round 1 still has no results");
    assert!(err.contains("without a result"), "{err}");
}

#[test]
fn fesa_12_2_a_replay_entered_twice_and_corrected_keeps_its_board_and_flips_colours_once() {
    let f = tmp("replay");
    std::fs::write(&f, FIELD.replace("SXF 42\n", "")).unwrap();
    let p = f.to_str().unwrap();
    assert_eq!(shinpan(&["pair", p, "--record"]).0, 0);
    let (_, list, _) = shinpan(&["result", p, "--round", "1"]);
    assert_eq!(list, "board 1 1 4 -\nboard 2 2 3 -\n");
    for args in [
        &["--result", "1-0", "--replayed"][..],
        // The same again: accepted, nothing changes.
        &["--result", "1-0", "--replayed"],
        // Corrected: the replay was won by the other player.
        &["--result", "0-1", "--replayed", "--correct"],
    ] {
        let mut a = vec!["result", p, "--round", "1", "--player", "4"];
        a.extend_from_slice(args);
        let (rc, _, err) = shinpan(&a);
        assert_eq!(rc, 0, "{err}");
    }
    let (_, list, _) = shinpan(&["result", p, "--round", "1"]);
    assert_eq!(list, "board 1 1 4 0-1 (replayed draw, fesa 12.2)\nboard 2 2 3 -\n");
    // The replay's colours: reversed once from the pairing.
    let t = tournament::formats::trf::parse(&std::fs::read_to_string(&f).unwrap()).unwrap();
    assert_eq!(t.players[0].rounds[0].color, Some(tournament::Color::Black));
    assert_eq!(t.players[3].rounds[0].color, Some(tournament::Color::White));
    assert_eq!((t.score(0), t.score(3)), (0, 10));
    // Results starting with a dash are values, not options.
    let (rc, out, err) = shinpan(&["result", p, "--round", "1", "--board", "2", "--result", "-/+"]);
    assert_eq!(rc, 0, "{err}");
    assert_eq!(out, "round 1: 2-3 -/+\n");
}

#[test]
fn player_withdraw_and_late_entry_through_the_file() {
    let f = tmp("players");
    std::fs::write(&f, FIELD.replace("SXS ROUND_ROBIN\nSXF 42\n", "")).unwrap();
    let p = f.to_str().unwrap();
    let (rc, out, err) = shinpan(&["player", "add", p, "--name", "Epsilon", "--rating", "1650", "--grade", "2k"]);
    assert_eq!(rc, 0, "{err}");
    assert_eq!(out, "player 5 Epsilon: joins at round 1\n");
    assert_eq!(shinpan(&["pair", p, "--record"]).0, 0);
    for b in ["1", "2"] {
        assert_eq!(shinpan(&["result", p, "--round", "1", "--board", b, "--result", "1-0"]).0, 0);
    }
    let (rc, _, err) = shinpan(&["player", "withdraw", p, "--player", "2", "--from-round", "1"]);
    assert_eq!(rc, 2, "paired in round 1");
    assert!(err.contains("paired in round 1"), "{err}");
    let (rc, out, err) = shinpan(&["player", "withdraw", p, "--player", "2", "--from-round", "2"]);
    assert_eq!(rc, 0, "{err}");
    assert_eq!(out, "player 2 withdrawn from round 2\n");
    let (rc, out, err) = shinpan(&["player", "add", p, "--name", "Zeta", "--grade", "1d"]);
    assert_eq!(rc, 0, "{err}");
    assert_eq!(out, "player 6 Zeta: joins at round 2\n");
    let text = std::fs::read_to_string(&f).unwrap();
    assert!(text.contains("SXW 2 2\n") && text.contains("SXG 6 1d\n") && text.contains("240 Z 001    6\n"), "{text}");
    // Round 2 pairs the five players still in: no board or bye for player 2.
    let (rc, out, err) = shinpan(&["pair", p]);
    assert_eq!(rc, 0, "{err}");
    let ids: Vec<&str> = out.lines().skip(1).flat_map(|l| l.split(' ')).filter(|&x| x != "0").collect();
    assert_eq!(ids.len(), 5, "{out}");
    assert!(!ids.contains(&"2"), "{out}");
    let (rc, _, err) = shinpan(&["player", "withdraw", p, "--player", "9", "--from-round", "2"]);
    assert_eq!(rc, 2);
    assert!(err.contains("no player 9"), "{err}");
}

#[test]
fn results_entered_by_the_printed_board_numbers_go_to_those_boards() {
    // A Dutch round prints its boards by score and rank, not by the first mover's number: board
    // 2 was `5 2` in `pair` but `3 6` in `result`, so typing the printed number recorded
    // another game's result.
    let f = tmp("printed");
    let mut field = String::from("012 Boards\n");
    for i in 1..=6 {
        field += &format!("001 {i:>4}      {:<33} {:>4}\n", format!("P{i}"), 2000 - 100 * i);
    }
    std::fs::write(&f, field + "XXR 3\n").unwrap();
    let p = f.to_str().unwrap();
    for round in 1..=2 {
        let (rc, json, err) = shinpan(&["pair", p, "--json"]);
        assert_eq!(rc, 0, "{err}");
        let (rc, printed, err) = shinpan(&["pair", p, "--record"]);
        assert_eq!(rc, 0, "{err}");
        let json: serde_json::Value = serde_json::from_str(&json).unwrap();
        let r = round.to_string();
        let (_, listed, _) = shinpan(&["result", p, "--round", &r]);
        let printed: Vec<&str> = printed.lines().skip(1).filter(|l| !l.ends_with(" 0")).collect();
        for (k, line) in printed.iter().enumerate() {
            let (first, second) = line.split_once(' ').unwrap();
            let board = &json["boards"][k];
            assert_eq!(
                (board["board"].as_u64(), board["first"].to_string(), board["second"].to_string()),
                (Some(k as u64 + 1), first.to_string(), second.to_string())
            );
            assert!(
                listed.lines().nth(k).unwrap().starts_with(&format!("board {} {first} {second} ", k + 1)),
                "{listed}"
            );
            // Board k+1 as printed: its first mover wins.
            let (rc, out, err) =
                shinpan(&["result", p, "--round", &r, "--board", &(k + 1).to_string(), "--result", "1-0"]);
            assert_eq!(rc, 0, "{err}");
            assert!(out.contains(&format!("{first}-{second} 1-0")), "{out}");
        }
        let t = tournament::formats::trf::parse(&std::fs::read_to_string(&f).unwrap()).unwrap();
        for line in &printed {
            let (first, second) = line.split_once(' ').unwrap();
            let (a, b): (usize, usize) = (first.parse().unwrap(), second.parse().unwrap());
            assert_eq!(t.players[a - 1].rounds[round - 1].outcome, tournament::Outcome::Win, "{a} won as entered");
            assert_eq!(t.players[b - 1].rounds[round - 1].outcome, tournament::Outcome::Loss);
        }
    }
}

#[test]
fn an_organiser_starts_a_tournament_and_registers_players_without_typing_trf() {
    let f = tmp("new");
    let _ = std::fs::remove_file(&f);
    let p = f.to_str().unwrap();
    let (rc, _, err) = shinpan(&[
        "new-tournament",
        p,
        "--name",
        "Club night",
        "--system",
        "round-robin",
        "--rules",
        "fesa-2017",
        "--seed",
        "9",
        "--city",
        "Oslo",
    ]);
    assert_eq!(rc, 0, "{err}");
    for (name, grade) in [("Alpha", "2d"), ("Beta", "1d"), ("Gamma", "1k"), ("Delta", "3k")] {
        let (rc, out, err) = shinpan(&["player", "add", p, "--name", name, "--grade", grade, "--rating", "1800"]);
        assert_eq!(rc, 0, "{err}");
        assert!(out.ends_with("joins at round 1\n"), "{out}");
    }
    let t = tournament::director::read_trf_file(&std::fs::read(&f).unwrap()).unwrap().0;
    assert_eq!((t.name.as_str(), t.players.len(), t.furigoma_seed), ("Club night", 4, Some(9)));
    assert_eq!(t.rules, Some(tournament::RulesetId::Fesa2017));
    assert!(t.header.contains(&"022 Oslo".to_string()));
    let (rc, out, err) = shinpan(&["pair", p, "--record"]);
    assert_eq!(rc, 0, "{err}");
    assert!(out.starts_with("2\n"), "{out}");
    // Refused: an existing file (left as it was), a Swiss without rounds, a seed for Dutch
    // colours, a ruleset of the other game.
    let before = std::fs::read(&f).unwrap();
    let (rc, _, err) = shinpan(&["new-tournament", p, "--name", "Again", "--rounds", "3"]);
    assert_eq!(rc, 2);
    assert!(err.contains("exists already"), "{err}");
    assert_eq!(std::fs::read(&f).unwrap(), before);
    for (args, option) in [
        (&["--name", "S"][..], "--rounds"),
        (&["--name", "S", "--rounds", "5", "--seed", "1"], "--seed"),
        (&["--name", "S", "--rounds", "5", "--game", "go", "--rules", "pl"], "--rules"),
        (&["--name", " ", "--rounds", "5"], "--name"),
    ] {
        let (rc, out, err) = shinpan(&[&["new-tournament", "-"][..], args].concat());
        assert_eq!((rc, out.as_str()), (2, ""), "{args:?}");
        assert!(err.starts_with(&format!("shinpan: {option}: ")), "{args:?}: {err}");
    }
    let (rc, out, _) =
        shinpan(&["new-tournament", "-", "--name", "Go cup", "--rounds", "5", "--system", "mcmahon", "--game", "go"]);
    assert_eq!((rc, out.as_str()), (0, "012 Go cup\nXXR 5\nSXS MCMAHON\nSXT go \n"));
}

#[test]
fn every_result_spelled_as_the_help_writes_it_is_taken() {
    // Values starting with a dash (-/+, --/--) are values, not options.
    for (code, first) in [
        ("1-0", tournament::Outcome::Win),
        ("0-1", tournament::Outcome::Loss),
        ("½-½", tournament::Outcome::Draw),
        ("1/2-1/2", tournament::Outcome::Draw),
        ("+/-", tournament::Outcome::ForfeitWin),
        ("-/+", tournament::Outcome::ForfeitLoss),
        ("--/--", tournament::Outcome::ForfeitLoss),
    ] {
        let f = tmp(&format!("spell{}", code.len()));
        std::fs::write(&f, FIELD.replace("SXF 42\n", "")).unwrap();
        let p = f.to_str().unwrap();
        assert_eq!(shinpan(&["pair", p, "--record"]).0, 0);
        let (rc, _, err) = shinpan(&["result", p, "--round", "1", "--board", "1", "--result", code]);
        assert_eq!(rc, 0, "{code}: {err}");
        let t = tournament::formats::trf::parse(&std::fs::read_to_string(&f).unwrap()).unwrap();
        assert_eq!(t.players[0].rounds[0].outcome, first, "{code}");
    }
}

/// Issue 21: McMahon settings given to `pair --record` are stored in the file (`SXM`), so
/// `standings` needs no flags; `check-pairings` names a round a pairing with smaller McMahon
/// score gaps would have improved, with both sums and that pairing.
#[test]
fn mcmahon_settings_live_in_the_file_and_check_pairings_finds_a_better_round() {
    use tournament::{Board, Outcome, Player, Round, System, Tournament};
    let grades = ["4d", "3d", "2d", "1d", "1k", "2k"];
    let mut t = Tournament { system: System::McMahon, planned_rounds: 3, name: "Go cup".into(), ..Default::default() };
    t.header.push("012 Go cup".into());
    for (i, g) in grades.iter().enumerate() {
        t.players.push(Player {
            number: i as u32 + 1,
            name: format!("P{}", i + 1),
            rating: 2400 - 100 * i as u32,
            grade: Some(g.parse().unwrap()),
            ..Default::default()
        });
    }
    let f = tmp("mcmahon");
    std::fs::write(&f, tournament::formats::trf::write(&t)).unwrap();
    let p = f.to_str().unwrap();
    let (rc, _, err) = shinpan(&["pair", p, "--record", "--bar", "2d", "--floor", "1k"]);
    assert_eq!(rc, 0, "{err}");
    let text = std::fs::read_to_string(&f).unwrap();
    assert!(text.contains("SXM bar 2d\nSXM floor 1k\n"), "{text}");
    for board in 1..=3 {
        let b = board.to_string();
        let (rc, _, err) = shinpan(&["result", p, "--round", "1", "--board", &b, "--result", "1-0"]);
        assert_eq!(rc, 0, "{err}");
    }
    let (rc, stored, _) = shinpan(&["standings", p]);
    assert_eq!(rc, 0);
    let (_, given, _) = shinpan(&["standings", p, "--bar", "2d", "--floor", "1k"]);
    assert_eq!(stored, given, "the file's bar and floor are used without the flags");
    let (_, other, _) = shinpan(&["standings", p, "--bar", "4d"]);
    assert_ne!(stored, other, "a flag overrides the file");
    let (rc, out, _) = shinpan(&["check-pairings", p]);
    assert_eq!((rc, out.as_str()), (0, "round 1: ok\n"));

    // Four players, one group: round 1 1-2 and 3-4, the first movers won, so 1 and 3 have one
    // point and 2 and 4 none. Round 2 paired 1-4 and 2-3 (gaps 1 and 1) where 1-3 and 2-4
    // (gaps 0 and 0) were allowed.
    let mut t = Tournament { system: System::McMahon, planned_rounds: 3, ..Default::default() };
    t.header.push("012 Check".into());
    for i in 0..4 {
        t.players.push(Player { number: i + 1, rating: 2000 - i, ..Default::default() });
    }
    let board = |white, black| Board { white, black, handicap: None };
    for (number, boards) in [(1, vec![board(0, 1), board(2, 3)]), (2, vec![board(0, 3), board(1, 2)])] {
        t.add_round(&Round { number, boards: boards.clone(), byes: vec![] });
        for b in boards {
            t.players[b.white].rounds[number as usize - 1].outcome = Outcome::Win;
            t.players[b.black].rounds[number as usize - 1].outcome = Outcome::Loss;
        }
    }
    let f = tmp("mcmahon-check");
    std::fs::write(&f, tournament::formats::trf::write(&t)).unwrap();
    let (rc, out, _) = shinpan(&["check-pairings", f.to_str().unwrap()]);
    assert_eq!(
        (rc, out.as_str()),
        (
            1,
            "round 1: ok\nround 2: a better pairing exists: sum of squared McMahon-score gaps 2 where 0 was possible (1-3 2-4)\n"
        )
    );
}
