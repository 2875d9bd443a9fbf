//! `shinpan check` and `shinpan convert` on SGF records: the verdict JSON (`arbiter::Verdict`), errors
//! with line and column, canonical output.

use serde_json::Value;
use std::process::{Command, Output};

fn run(args: &[&str], sgf: &str, tag: &str) -> Output {
    let path = std::env::temp_dir().join(format!("shinpan-go-cli-{}-{tag}.sgf", std::process::id()));
    std::fs::write(&path, sgf).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_shinpan")).arg(args[0]).arg(&path).args(&args[1..]).output().unwrap();
    let _ = std::fs::remove_file(&path);
    out
}

fn verdict(sgf: &str, extra: &[&str], tag: &str) -> Value {
    let mut args = vec!["check", "--json"];
    args.extend_from_slice(extra);
    let out = run(&args, sgf, tag);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).unwrap()
}

/// 5×5: Black owns columns A–B, White D–E, a dead white stone at B4; three passes at the end.
const FINISHED: &str = "(;GM[1]FF[4]SZ[5]KM[6.5]
;B[ca];W[da];B[cb];W[db];B[cc];W[dc];B[cd];W[dd];B[ce];W[de];B[];W[bb];B[];W[];B[])";

#[test]
fn finished_game_is_scored_with_the_agreed_dead_stones_rfg_10_2() {
    let v = verdict(FINISHED, &["--dead", "B4"], "fin");
    assert_eq!(v["game"], "go");
    assert_eq!(v["rules"], "rfg");
    assert_eq!(v["reason"], "score");
    assert_eq!(v["article"], "rfg 10.2");
    assert_eq!(v["ply"], 15);
    // Black: 10 territory (with B4) + 1 prisoner = 11; White: 5 + 0 + 6.5 = 11.5.
    assert_eq!(v["score"]["black"]["territory"], 10);
    assert_eq!(v["score"]["black"]["prisoners"], 1);
    assert_eq!(v["score"]["white"]["total"], 11.5);
    assert_eq!(v["result"], "white_win");
    assert_eq!(v["score"]["margin"], 0.5);
    assert_eq!(v["violations"].as_array().unwrap().len(), 0);
}

#[test]
fn two_passes_are_not_the_end_under_rfg_7_1() {
    let two = FINISHED.replace(";B[];W[];B[])", ";B[];W[])");
    let v = verdict(&two, &[], "two");
    assert_eq!(v["result"], "unfinished");
    assert_eq!(v["score"], Value::Null);
    let j = verdict(&two, &["--rules", "japanese"], "two-j");
    assert_eq!(j["reason"], "score");
}

#[test]
fn resignation_and_illegal_moves() {
    let v = verdict("(;SZ[9]RE[W+R];B[ee];W[cc])", &[], "res");
    assert_eq!(
        (v["result"].as_str(), v["reason"].as_str(), v["article"].as_str()),
        (Some("white_win"), Some("resignation"), Some("rfg 10.1"))
    );
    let v = verdict("(;SZ[9];B[ee];W[ee];B[aa];W[aa];B[bb];W[bb])", &[], "ill");
    assert_eq!(v["result"], "black_win");
    assert_eq!(v["reason"], "illegal_move");
    assert_eq!(v["article"], "rfg 13.4");
    assert_eq!(v["violations"][0]["article"], "rfg 3.1");
    assert_eq!(v["violations"][0]["ply"], 2);
}

#[test]
fn ko_violation_and_cycle_are_reported_rfg_5_2_6_3() {
    // Black takes the ko at C2; White retakes at once (illegal, rfg 5.2). Later, after passes,
    // the retake is legal and brings back an earlier position: a cycle for the arbiter.
    let sgf = "(;SZ[5]AB[bc][ad][be]AW[cc][bd][dd][ce];B[cd];W[bd];W[];B[];W[bd])";
    let v = verdict(sgf, &[], "ko");
    assert_eq!(v["violations"][0]["article"], "rfg 5.2");
    assert_eq!(v["violations"][0]["reason"], "ko");
    assert_eq!(v["cycles"][0]["article"], "rfg 6.3");
    assert_eq!(v["cycles"][0]["ply"], 5);
}

#[test]
fn bad_records_exit_2_with_line_and_column() {
    let out = run(&["check"], "(;SZ[9]\n;B[ee]\n;W[zz])", "bad");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains(":3:2: "), "{err}");
    let out = run(&["check", "--dead", "A1"], FINISHED, "dead-empty");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("A1"));
}

#[test]
fn convert_writes_canonical_sgf() {
    let out = run(&["convert", "--to", "sgf"], "junk (;SZ[9]KM[6,5];B[ee] ;W[tt] (;B[aa])(;B[bb]))", "conv");
    assert!(out.status.success());
    assert_eq!(String::from_utf8_lossy(&out.stdout), "(;GM[1]FF[4]CA[UTF-8]SZ[9]KM[6.5]\n;B[ee]\n;W[]\n;B[aa])\n");
    let out = run(&["convert", "--to", "kif"], "(;SZ[9])", "conv2");
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn charset_from_ca_is_decoded() {
    // Fox writes GB2312; the comment must come out as UTF-8 text, not mojibake.
    let (bytes, _, _) = encoding_rs::GB18030.encode("(;GM[1]CA[gb2312]SZ[19];B[pd]C[黑棋])");
    let path = std::env::temp_dir().join(format!("shinpan-go-cli-{}-gb.sgf", std::process::id()));
    std::fs::write(&path, &bytes).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_shinpan")).args(["convert", "--to", "sgf"]).arg(&path).output().unwrap();
    let _ = std::fs::remove_file(&path);
    assert!(out.status.success());
    assert!(String::from_utf8(out.stdout).unwrap().contains("C[黑棋]"));
}

#[test]
fn the_clock_as_the_records_times_left_it_rfg_13_4() {
    // White's impossible move took 20 s; Black's clock shows the two minutes given for it.
    let v = verdict("(;SZ[9]TM[60];B[ee]BL[50];W[ee]WL[40];B[cc]BL[165];W[gg]WL[35])", &[], "clk");
    assert_eq!(v["clock"]["black"]["main_ms"], 165_000);
    assert_eq!(v["clock"]["white"]["main_ms"], 35_000);
    assert_eq!(v["clock"]["white"]["moves"], 1);
    let untimed = verdict("(;SZ[9];B[ee])", &[], "noclk");
    assert_eq!(untimed.get("clock"), None);
}
