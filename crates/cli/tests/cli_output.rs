//! What every subcommand does with its output and its errors (crates/cli/src/error.rs): a
//! standard output closed by its reader is a quiet exit (it was a panic, exit 101, or an error,
//! exit 2); errors have one format, `shinpan: FILE:LINE:COLUMN: message`, and are one JSON
//! object under `--json`.

use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_shinpan");

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn path(rel: &str) -> String {
    root().join(rel).to_str().unwrap().to_string()
}

fn tmp(name: &str, content: &str) -> String {
    let d = std::env::temp_dir().join(format!("shinpan-output-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    let f = d.join(name);
    std::fs::write(&f, content).unwrap();
    f.to_str().unwrap().to_string()
}

const ROUND: &str = "012 Output\n\
001    1      Alpha                             2000\n\
001    2      Beta                              1900\n\
001    3      Gamma                             1800\n\
001    4      Delta                             1700\n\
XXR 3\n";

/// Runs with standard output a pipe whose reading end is already closed, `input` on stdin.
fn closed_stdout(args: &[&str], input: &str) -> Output {
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    let mut child =
        Command::new(BIN).args(args).stdin(Stdio::piped()).stdout(writer).stderr(Stdio::piped()).spawn().unwrap();
    use std::io::Write;
    let _ = child.stdin.take().unwrap().write_all(input.as_bytes());
    child.wait_with_output().unwrap()
}

#[test]
fn a_closed_stdout_is_a_quiet_exit_for_every_subcommand() {
    let trf = tmp("closed.trf", ROUND);
    let played = tmp("played.trf", ROUND);
    assert!(Command::new(BIN).args(["pair", &played, "--record"]).output().unwrap().status.success());
    let fesa = "crates/rating/tests/data/fesa-rating/13th_nekomadoken";
    let (list, tournament, new) = (
        path(&format!("{fesa}/ratingliste.pre")),
        path(&format!("{fesa}/turnering.txt")),
        path(&format!("{fesa}/nye-spillere")),
    );
    let kif = path("examples/shogi_mate.kif");
    let sgf = path("examples/go_resignation.sgf");
    let golden = path("crates/tournament/tests/data/dutch-golden/bbp-issue_7.trf");
    let start = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1\n";
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (vec!["perft", "2"], ""),
        (vec!["moves"], start),
        (vec!["check", &kif], ""),
        (vec!["check", "--json", &sgf], ""),
        (vec!["convert", &kif, "--to", "csa"], ""),
        (vec!["convert", &sgf, "--to", "sgf"], ""),
        (vec!["rate", "fesa", "--list", &list, "--tournament", &tournament, "--new-players", &new], ""),
        (vec!["pair", &trf], ""),
        (vec!["pair", &trf, "--json"], ""),
        (vec!["standings", &golden], ""),
        (vec!["check-pairings", &golden], ""),
        (vec!["result", &played, "--round", "1"], ""),
        (vec!["result", &played, "--round", "1", "--board", "1", "--result", "1-0"], ""),
        (vec!["player", "add", &played, "--name", "Epsilon"], ""),
        (vec!["--help"], ""),
    ];
    for (args, input) in cases {
        let o = closed_stdout(&args, input);
        assert_eq!(o.status.code(), Some(0), "{args:?}: {}", String::from_utf8_lossy(&o.stderr));
        assert!(o.stderr.is_empty(), "{args:?}: {}", String::from_utf8_lossy(&o.stderr));
    }
    // The result and the player were stored all the same.
    let t = tournament::director::read_trf_file(&std::fs::read(&played).unwrap()).unwrap().0;
    assert_eq!(t.players.len(), 5);
    assert!(tournament::director::boards(&t, 1).unwrap()[0].result.is_some());
}

fn run(args: &[&str]) -> (Option<i32>, String, String) {
    let o = Command::new(BIN).args(args).output().unwrap();
    (o.status.code(), String::from_utf8_lossy(&o.stdout).into_owned(), String::from_utf8_lossy(&o.stderr).into_owned())
}

#[test]
fn errors_have_one_format_with_the_place_first() {
    let bad_trf = tmp(
        "bad.trf",
        "012 T\n001    1      A                                 2720                             1.0    1     2 x 1\n",
    );
    let (code, _, err) = run(&["standings", &bad_trf]);
    assert_eq!(code, Some(2));
    assert_eq!(err, format!("shinpan: {bad_trf}:2:97: bad colour 'x'\n"));
    for cmd in [
        &["pair"][..],
        &["check-pairings"],
        &["result", "--round", "1"],
        &["player", "withdraw", "--player", "1", "--from-round", "1"],
    ] {
        let mut args = cmd.to_vec();
        args.insert(if cmd[0] == "player" { 2 } else { 1 }, &bad_trf);
        let (code, _, err) = run(&args);
        assert_eq!(code, Some(2), "{args:?}");
        assert!(err.starts_with(&format!("shinpan: {bad_trf}:2:97: ")), "{args:?}: {err}");
    }
    let bad_kif = tmp("bad.csa", "V2.2\nPI\n+\n+7776FU\n-9999XX\n");
    let (code, _, err) = run(&["check", &bad_kif]);
    assert_eq!(code, Some(2));
    assert!(err.starts_with(&format!("shinpan: {bad_kif}:5:")), "{err}");
    let (code, _, err) = run(&["perft", "--sfen", "nonsense", "1"]);
    assert_eq!(code, Some(2));
    assert!(err.starts_with("shinpan: --sfen: "), "{err}");
    let (code, _, err) = run(&["check", "/no/such/file.kif"]);
    assert_eq!(code, Some(2));
    assert!(err.starts_with("shinpan: /no/such/file.kif: "), "{err}");
}

#[test]
fn errors_are_json_under_json() {
    let bad_trf = tmp("bad-json.trf", "012 T\nXXR x\n");
    for args in [
        vec!["pair", &bad_trf, "--json"],
        vec!["check-pairings", "--json", &bad_trf],
        vec!["standings", &bad_trf, "--format", "json"],
    ] {
        let (code, out, err) = run(&args);
        assert_eq!(code, Some(2), "{args:?}");
        assert!(err.is_empty(), "{args:?}: {err}");
        let v: serde_json::Value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{args:?}: {e}: {out}"));
        assert_eq!(v["error"]["file"], bad_trf.as_str());
        assert_eq!((v["error"]["line"].as_u64(), v["error"]["column"].as_u64()), (Some(2), Some(5)), "{out}");
        assert!(v["error"]["message"].as_str().unwrap().contains("bad number of rounds"), "{out}");
        assert_eq!(v["error"]["exit_code"], 2);
    }
    let (code, out, _) = run(&["perft", "--json", "--sfen", "nonsense", "1"]);
    assert_eq!(code, Some(2));
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["error"]["option"], "--sfen");
}

#[test]
fn moves_answers_each_line_as_it_comes_and_goes_on_after_a_bad_one() {
    use std::io::{BufRead, BufReader, Write};
    let mut child = Command::new(BIN)
        .arg("moves")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut answer = |line: &[u8]| {
        stdin.write_all(line).unwrap();
        stdin.flush().unwrap();
        // Read before writing the next line: this hangs unless each answer is flushed.
        let mut a = String::new();
        stdout.read_line(&mut a).unwrap();
        a
    };
    let start = b"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1\n";
    assert_eq!(answer(start).split(' ').count(), 30);
    assert_eq!(answer(b"lnsg\xff\xfekgsnl b - 1\n"), "\n", "not UTF-8: an empty answer");
    assert_eq!(answer(b"not an sfen\n"), "\n");
    let mut long = vec![b'9'; 200_000];
    long.push(b'\n');
    assert_eq!(answer(&long), "\n", "too long");
    assert_eq!(answer(start).split(' ').count(), 30, "and it goes on");
    drop(stdin);
    let o = child.wait_with_output().unwrap();
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8(o.stderr).unwrap();
    assert!(err.contains("shinpan: <stdin>:2:5: not UTF-8"), "{err}");
    assert!(err.contains("shinpan: <stdin>:3: "), "{err}");
    assert!(err.contains("shinpan: <stdin>:4: longer than 65536 bytes"), "{err}");
}

#[test]
fn perft_depth_is_bounded() {
    let (code, _, err) = run(&["perft", "5000"]);
    assert_eq!(code, Some(2), "it overflowed the stack");
    assert!(err.starts_with("shinpan: invalid value '5000' for '<DEPTH>'") && err.contains("0..=20"), "{err}");
    let (code, out, _) = run(&["perft", "0"]);
    assert_eq!((code, out.as_str()), (Some(0), "1\n"));
}
