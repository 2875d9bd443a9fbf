//! `shinpan match` with real engines from Debian's packages (issue 16's checks): GNU Go against
//! itself on 9×9 and fairy-stockfish against gpsshogi with byo-yomi. Ignored in `make unit`
//! (they need the engines); `make test-engines` installs them and runs these.

use serde_json::Value;
use std::process::Command;

fn shinpan() -> Command {
    Command::new(env!("CARGO_BIN_EXE_shinpan"))
}

/// Runs a match with `args`, checks that no game was lost to the driver (time losses, failures,
/// illegal moves) and that every record reads back with `shinpan check`; returns the report.
fn run_match(args: &[&str]) -> Value {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("games");
    let o = shinpan().arg("match").args(args).arg("--out").arg(&out).arg("--json").output().unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let report: Value = serde_json::from_slice(&o.stdout).unwrap();
    let games = report["games"].as_array().unwrap();
    assert!(!games.is_empty());
    for g in games {
        assert!(g["time_loss"].is_null(), "a game lost on time: {g}");
        assert!(g["failure"].is_null(), "an engine failed: {g}");
        assert!(g["illegal_move"].is_null(), "an illegal move: {g}");
        let record = g["record"].as_str().unwrap();
        let check = shinpan().args(["check", "--json", record]).output().unwrap();
        assert!(check.status.success(), "{record}: {}", String::from_utf8_lossy(&check.stdout));
        let verdict: Value = serde_json::from_slice(&check.stdout).unwrap();
        if g["reason"] == "arbiter_decision" {
            // The match's own move limit is not a rule the record can show: the game reads as
            // unfinished there.
            assert_eq!(verdict["result"], "unfinished", "{record}: {verdict}");
        } else {
            assert_eq!(verdict["result"], g["result"], "{record}: the record's verdict is the match's\n{verdict}\n{g}");
        }
    }
    report
}

#[test]
#[ignore = "needs GNU Go (make test-engines)"]
fn gnugo_against_itself_on_9x9() {
    let r = run_match(&[
        "--rules",
        "rfg",
        "--size",
        "9",
        "--engine",
        "a=/usr/games/gnugo --mode gtp --level 1",
        "--engine",
        "b=/usr/games/gnugo --mode gtp --level 1",
        "--games",
        "2",
        "--time",
        "byoyomi:30s+5s",
        "--concurrency",
        "2",
    ]);
    for g in r["games"].as_array().unwrap() {
        assert!(["score", "resignation"].contains(&g["reason"].as_str().unwrap()), "{g}");
    }
    // Colours alternate.
    assert_eq!(r["games"][0]["black"], "a");
    assert_eq!(r["games"][1]["black"], "b");
}

#[test]
#[ignore = "needs fairy-stockfish and gpsshogi (make test-engines)"]
fn two_usi_engines_with_byoyomi() {
    // gpsshogi overruns what it is told by 0.1–0.35 s, so it is told a second less (--margin);
    // the referee's clock is the same for both. 40 moves keep the test short.
    let r = run_match(&[
        "--engine",
        "fsf=/usr/games/fairy-stockfish",
        "--engine",
        "gps=/usr/games/gpsusi",
        "--games",
        "2",
        "--time",
        "byoyomi:0+2s",
        "--margin",
        "gps=1000",
        "--max-moves",
        "40",
    ]);
    assert_eq!(r["protocol"], "usi");
    assert_eq!(r["standings"].as_array().unwrap().len(), 2);
}
