//! `shinpan check` as a linter: several files and directories in one run, numbered verdicts in
//! multi-game files, `--strict` (exit 1 on a violation or a false stated end), and a file that
//! cannot be read reported without stopping the others (exit 2).

use std::path::PathBuf;
use std::process::Command;

fn shinpan(args: &[&str]) -> (Option<i32>, String, String) {
    let o = Command::new(env!("CARGO_BIN_EXE_shinpan")).args(args).output().unwrap();
    (o.status.code(), String::from_utf8_lossy(&o.stdout).into_owned(), String::from_utf8_lossy(&o.stderr).into_owned())
}

fn example(name: &str) -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../examples").join(name).to_str().unwrap().to_string()
}

fn dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("shinpan-lint-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

const TWO_GAMES: &str = "V2.2\nPI\n+\n+7776FU\n-3334FU\n%TORYO\n/\nV2.2\nPI\n+\n+2726FU\n-8384FU\n%TORYO\n";
/// The record says mate (詰み) where there is none: a false end word.
const FALSE_END: &str = "V2.2\nPI\n+\n+7776FU\n-3334FU\n%TSUMI\n";

#[test]
fn a_multi_game_file_numbers_its_verdicts() {
    let d = dir("multi");
    let f = d.join("two.csa");
    std::fs::write(&f, TWO_GAMES).unwrap();
    let (code, out, _) = shinpan(&["check", f.to_str().unwrap()]);
    assert_eq!(code, Some(0));
    assert_eq!(
        out,
        "game 1: white_win by resignation at ply 2 (fesa-2017 5.1)\ngame 2: white_win by resignation at ply 2 (fesa-2017 5.1)\n"
    );
    let (_, out, _) = shinpan(&["check", "--json", f.to_str().unwrap()]);
    let games: Vec<serde_json::Value> = out.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(games.iter().map(|g| g["number"].as_u64().unwrap()).collect::<Vec<_>>(), [1, 2]);
    assert!(games.iter().all(|g| g["file"] == f.to_str().unwrap()));
}

#[test]
fn one_record_prints_as_before() {
    let (code, out, _) = shinpan(&["check", &example("shogi_mate.kif")]);
    assert_eq!((code, out.as_str()), (Some(0), "white_win by checkmate at ply 48 (fesa-2017 5.1)\n"));
}

#[test]
fn strict_fails_on_violations_and_false_ends() {
    let d = dir("strict");
    let f = d.join("false.csa");
    std::fs::write(&f, FALSE_END).unwrap();
    let f = f.to_str().unwrap();
    assert_eq!(shinpan(&["check", f]).0, Some(0), "without --strict a verdict is not a failure");
    let (code, out, _) = shinpan(&["check", "--strict", f]);
    assert_eq!(code, Some(1));
    assert!(out.contains("false_end_word"), "{out}");
    assert_eq!(shinpan(&["check", "--strict", &example("shogi_illegal_nifu.kif")]).0, Some(1));
    assert_eq!(shinpan(&["check", "--strict", &example("shogi_mate.kif"), &example("go_resignation.sgf")]).0, Some(0));
}

#[test]
fn directories_and_several_files_with_an_unreadable_one() {
    let d = dir("tree");
    std::fs::create_dir_all(d.join("sub")).unwrap();
    std::fs::copy(example("shogi_mate.kif"), d.join("a.kif")).unwrap();
    std::fs::copy(example("go_resignation.sgf"), d.join("sub/b.sgf")).unwrap();
    std::fs::write(d.join("sub/c.csa"), TWO_GAMES).unwrap();
    std::fs::write(d.join("README.txt"), "not a record").unwrap();
    std::fs::write(d.join(".hidden.kif"), "not read").unwrap();
    let root = d.to_str().unwrap();
    let (code, out, err) = shinpan(&["check", root]);
    assert_eq!(code, Some(0), "{err}");
    let names: Vec<&str> = out.lines().map(|l| l.split(": ").next().unwrap()).collect();
    let path = |rel: &str| d.join(rel).to_str().unwrap().to_string();
    assert_eq!(names, [path("a.kif"), path("sub/b.sgf"), path("sub/c.csa"), path("sub/c.csa")]);
    assert!(out.contains("c.csa: game 2: white_win"), "{out}");
    // A file that does not read is reported in its place and the others are still checked.
    let bad = d.join("bad.csa");
    std::fs::write(&bad, "V2.2\nPI\n+\n+7776FU\n-9999XX\n").unwrap();
    let (code, out, err) =
        shinpan(&["check", &path("a.kif"), bad.to_str().unwrap(), "/no/such.kif", &path("sub/b.sgf")]);
    assert_eq!(code, Some(2));
    assert_eq!(out.lines().count(), 2, "{out}");
    assert!(err.contains(&format!("shinpan: {}:5:", bad.display())), "{err}");
    assert!(err.contains("shinpan: /no/such.kif: "), "{err}");
    let (code, out, _) = shinpan(&["check", "--json", bad.to_str().unwrap(), &path("a.kif")]);
    assert_eq!(code, Some(2));
    let objects: Vec<serde_json::Value> = out.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(objects[0]["error"]["line"], 5);
    assert_eq!(objects[1]["result"], "white_win");
}

#[test]
fn an_endless_input_is_refused_past_the_bound() {
    // Issue 19: `check /dev/zero` read without bound (until memory ran out).
    #[cfg(unix)]
    {
        let (code, _, err) = shinpan(&["check", "/dev/zero"]);
        assert_eq!(code, Some(2), "{err}");
        assert!(err.contains("/dev/zero") && err.contains("larger than 64 MiB"), "{err}");
    }
}

#[test]
fn a_conversion_that_drops_something_says_so() {
    // Issue 19: `--to usi` and `--to sfen` dropped results and times without a word.
    let d = dir("drops");
    let f = d.join("timed.csa");
    std::fs::write(&f, "V2.2\nN+Sente\nN-Gote\nPI\n+\n+7776FU,T12\n-3334FU,T5\n%TORYO,T4\n").unwrap();
    let f = f.to_str().unwrap();
    let (code, out, err) = shinpan(&["convert", f, "--to", "usi"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("7g7f 3c3d"), "{out}");
    assert!(err.contains("shinpan convert: ") && err.contains("time"), "USI says it drops the times: {err}");
    let (code, _, err) = shinpan(&["convert", f, "--to", "sfen"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(err.contains("moves") && err.contains("result"), "SFEN says it drops the moves and the result: {err}");
    let (code, _, err) = shinpan(&["convert", f, "--to", "csa"]);
    assert_eq!((code, err.as_str()), (Some(0), ""), "CSA holds it all");
}
