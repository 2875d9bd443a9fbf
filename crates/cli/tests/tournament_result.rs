//! `shinpan pair --record`, `shinpan result` and seeded furigoma (ufs-2016 4.6; fesa-2017 7;
//! pl 1.4) through the binary: a round robin played from the TRF file alone.

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
