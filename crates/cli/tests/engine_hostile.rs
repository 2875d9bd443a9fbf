//! `shinpan match` against engines that misbehave (issue 16: bad input from a peer gets a clear
//! verdict, never a panic or a hang). shinpan's own USI player (`shinpan engine usi`) is the sane
//! side. The others are shell scripts:
//! - one is that player with Shift_JIS bytes and a 200 KB line in its output, which must play
//!   as if they were not there;
//! - one answers `go` with a move that is no move, one never answers, one exits;
//! - one GTP engine answers `genmove` with nonsense.
//!
//! Each game must end for the right reason with the right side winning, and every record must
//! read back with `shinpan check`.

use serde_json::Value;
use std::path::Path;
use std::process::Command;

fn shinpan() -> Command {
    Command::new(env!("CARGO_BIN_EXE_shinpan"))
}

/// A shell-script engine `name` in `dir`; returns its command.
fn script(dir: &Path, name: &str, body: &str) -> String {
    let path = dir.join(format!("{name}.sh"));
    std::fs::write(&path, format!("#!/bin/sh\n{body}\n")).unwrap();
    format!("sh {}", path.display())
}

/// A USI engine that answers the handshake and does `on_go` at each `go`.
fn usi(dir: &Path, name: &str, on_go: &str) -> String {
    script(
        dir,
        name,
        &format!(
            r#"while read -r l; do case "$l" in usi) echo "id name {name}"; echo usiok;; isready) echo readyok;; go*) {on_go};; quit) exit 0;; esac; done"#
        ),
    )
}

/// `shinpan match` of `sane` against `other` (two games, colours alternating); the report.
fn play(dir: &Path, extra: &[&str], sane: &str, other: &str) -> Value {
    let out = dir.join(format!("games-{}", other.split('=').next().unwrap()));
    let o = shinpan()
        .arg("match")
        .args(["--engine", sane, "--engine", other, "--games", "2", "--max-moves", "24"])
        .args(extra)
        .arg("--out")
        .arg(&out)
        .arg("--json")
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let report: Value = serde_json::from_slice(&o.stdout).unwrap();
    for g in report["games"].as_array().unwrap() {
        let record = g["record"].as_str().unwrap();
        let check = shinpan().args(["check", "--json", record]).output().unwrap();
        let verdict: Value = serde_json::from_slice(&check.stdout).unwrap();
        assert!(verdict["violations"].as_array().is_none_or(|v| v.is_empty()), "{record}: {verdict}");
        // An engine that failed leaves the game decided by the driver, which the record cannot
        // show: it reads as unfinished there.
        if g["reason"] != "arbiter_decision" {
            assert_eq!(verdict["result"], g["result"], "{record}: {verdict}\n{g}");
        }
    }
    report
}

/// The game `g` was won by the engine named `sane`.
fn sane_won(g: &Value) {
    let sane_black = g["black"] == "sane";
    assert_eq!(g["result"], if sane_black { "black_win" } else { "white_win" }, "{g}");
}

/// Every game was won by `sane`, for `reason`, with `field` naming the other engine.
fn lost_by_other(r: &Value, reason: &str, field: &str, other: &str) {
    let games = r["games"].as_array().unwrap();
    assert_eq!(games.len(), 2, "{r}");
    for g in games {
        sane_won(g);
        assert_eq!(g["reason"], reason, "{g}");
        assert_eq!(g[field], other, "{g}");
    }
}

#[test]
fn engines_that_misbehave_lose_for_the_right_reason() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let bin = env!("CARGO_BIN_EXE_shinpan");
    let sane = format!("sane={bin} engine usi");

    // Shift_JIS in `id name` and `info string`, and an over-long info line: read past, not fatal.
    let noisy = script(
        d,
        "noisy",
        &format!(
            r#"{bin} engine usi | while IFS= read -r l; do case "$l" in bestmove*) printf 'info string \202\240\202\242\n'; head -c 200000 /dev/zero | tr '\0' x; echo; echo "$l";; "id name"*) printf 'id name \223\372\226\173\n';; *) echo "$l";; esac; done"#
        ),
    );
    let r = play(d, &[], &sane, &format!("noisy={noisy}"));
    for g in r["games"].as_array().unwrap() {
        assert!(g["failure"].is_null(), "the noisy engine failed: {g}");
        assert!(g["illegal_move"].is_null() && g["time_loss"].is_null(), "{g}");
    }

    let junk = usi(d, "junk", "echo 'bestmove zz99'");
    lost_by_other(&play(d, &[], &sane, &format!("junk={junk}")), "illegal_move", "illegal_move", "junk");

    let silent = usi(d, "silent", ":");
    lost_by_other(
        &play(d, &["--time", "byoyomi:0+1s"], &sane, &format!("silent={silent}")),
        "time_up",
        "time_loss",
        "silent",
    );

    let gone = usi(d, "gone", "exit 3");
    let r = play(d, &[], &sane, &format!("gone={gone}"));
    let games = r["games"].as_array().unwrap();
    assert_eq!(games.len(), 2, "{r}");
    for g in games {
        sane_won(g);
        assert!(g["failure"].as_str().is_some_and(|f| f.contains("gone")), "{g}");
    }

    // GTP: a `genmove` answered with no point of the board.
    let nonsense = script(
        d,
        "nonsense",
        r#"while read -r l; do case "$l" in genmove*) printf '= Z99\n\n';; quit) printf '=\n\n'; exit 0;; *) printf '=\n\n';; esac; done"#,
    );
    let gtp_sane = format!("sane={bin} engine gtp");
    let r = play(d, &["--rules", "rfg", "--size", "9"], &gtp_sane, &format!("nonsense={nonsense}"));
    lost_by_other(&r, "illegal_move", "illegal_move", "nonsense");
}
