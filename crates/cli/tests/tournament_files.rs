//! Tournament files changed as a database would change them (docs/architecture.md, "Tournament
//! files"): parallel `shinpan result` calls lose nothing and store nothing refused, readers never
//! see an empty or torn file, and a file keeps its encoding, line endings, byte-order mark,
//! mode and symbolic link.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};

fn shinpan(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_shinpan")).args(args).output().expect("run shinpan")
}

fn ok(args: &[&str]) -> String {
    let o = shinpan(args);
    assert!(o.status.success(), "{args:?}: {}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8(o.stdout).unwrap()
}

fn dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("shinpan-files-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// `n` players, rated downwards, `rounds` rounds.
fn field(n: usize, rounds: u32) -> String {
    let mut s = String::from("012 Files\n");
    for i in 1..=n {
        s += &format!("001 {i:>4}      {:<33} {:>4}\n", format!("Player {i}"), 2400 - i);
    }
    s + &format!("XXR {rounds}\n")
}

fn read(path: &Path) -> tournament::Tournament {
    tournament::director::read_trf_file(&std::fs::read(path).unwrap()).unwrap().0
}

fn board_result(t: &tournament::Tournament, round: u32, board: usize) -> Option<String> {
    let b = &tournament::director::boards(t, round).unwrap()[board - 1];
    b.result.map(|r| r.to_string())
}

#[test]
fn parallel_results_lose_nothing_and_store_nothing_refused() {
    let d = dir("parallel");
    let f = d.join("t.trf");
    std::fs::write(&f, field(40, 5)).unwrap();
    let p = f.to_str().unwrap().to_string();
    ok(&["pair", &p, "--record"]);
    let boards = 20;
    // Each board gets three different results from different "arbiters", without --correct:
    // exactly one of them is accepted (the others are refused as already entered), and twice
    // the same result is accepted twice (entering is idempotent).
    let results = ["1-0", "0-1", "½-½", "1-0"];
    let calls: Vec<(usize, &str)> = (1..=boards).flat_map(|b| results.iter().map(move |&r| (b, r))).collect();
    let stop = AtomicBool::new(false);
    let outcomes = std::thread::scope(|s| {
        // A reader all along: the file is never empty nor torn.
        let reader = s.spawn(|| {
            let mut reads = 0;
            while !stop.load(Ordering::Relaxed) {
                let bytes = std::fs::read(&f).unwrap();
                assert!(!bytes.is_empty(), "a reader saw an empty file");
                let (t, _) = tournament::director::read_trf_file(&bytes).expect("a reader saw a torn file");
                assert_eq!(t.players.len(), 40);
                reads += 1;
            }
            reads
        });
        let workers: Vec<_> = (0..16)
            .map(|w| {
                let (calls, p) = (&calls, &p);
                s.spawn(move || {
                    let mut out = Vec::new();
                    for (k, &(board, result)) in calls.iter().enumerate() {
                        if k % 16 != w {
                            continue;
                        }
                        let b = board.to_string();
                        let o = shinpan(&["result", p, "--round", "1", "--board", &b, "--result", result]);
                        out.push((board, result, o.status.code()));
                    }
                    out
                })
            })
            .collect();
        let outcomes: Vec<_> = workers.into_iter().flat_map(|w| w.join().unwrap()).collect();
        stop.store(true, Ordering::Relaxed);
        assert!(reader.join().unwrap() > 0);
        outcomes
    });
    assert_eq!(outcomes.len(), calls.len());
    let t = read(&f);
    for b in 1..=boards {
        let stored = board_result(&t, 1, b).unwrap_or_else(|| panic!("board {b} lost every result"));
        for &(_, result, code) in outcomes.iter().filter(|o| o.0 == b) {
            let result = result.to_string();
            match code {
                Some(0) => assert_eq!(stored, result, "board {b}: an accepted result was lost"),
                Some(2) => assert_ne!(stored, result, "board {b}: a refused result was stored"),
                other => panic!("board {b}: exit {other:?}"),
            }
        }
    }
    // Nothing but the file is left in the directory (the temporary files were renamed).
    let names: Vec<_> = std::fs::read_dir(&d).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert_eq!(names, ["t.trf"]);
}

#[test]
fn two_arbiters_entering_different_boards_keep_every_result() {
    let d = dir("arbiters");
    let f = d.join("t.trf");
    std::fs::write(&f, field(60, 5)).unwrap();
    let p = f.to_str().unwrap().to_string();
    ok(&["pair", &p, "--record"]);
    std::thread::scope(|s| {
        for half in 0..2 {
            let p = &p;
            s.spawn(move || {
                for b in (1..=30).filter(|b| b % 2 == half) {
                    ok(&["result", p, "--round", "1", "--board", &b.to_string(), "--result", "0-1"]);
                }
            });
        }
    });
    let t = read(&f);
    for b in 1..=30 {
        assert_eq!(board_result(&t, 1, b).as_deref(), Some("0-1"), "board {b}");
    }
}

#[test]
fn a_file_keeps_its_encoding_line_endings_mode_and_link() {
    let d = dir("layout");
    let text = "012 将棋大会\r\n001    1      大山康晴                          1990\r\n001    2      升田幸三                          1900\r\nXXR 1\r\n";
    let sjis = encoding_rs::SHIFT_JIS.encode(text).0.into_owned();
    let real = d.join("real.trf");
    std::fs::write(&real, &sjis).unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&real, std::fs::Permissions::from_mode(0o640)).unwrap();
    }
    let link = d.join("link.trf");
    #[cfg(unix)]
    std::os::unix::fs::symlink("real.trf", &link).unwrap();
    #[cfg(not(unix))]
    std::fs::copy(&real, &link).unwrap();
    let l = link.to_str().unwrap();
    ok(&["pair", l, "--record"]);
    ok(&["result", l, "--round", "1", "--board", "1", "--result", "0-1"]);
    let bytes = std::fs::read(&real).unwrap();
    let (back, _, errors) = encoding_rs::SHIFT_JIS.decode(&bytes);
    assert!(!errors, "still Shift_JIS");
    assert!(back.starts_with("012 将棋大会\r\n001    1      大山康晴                          1990"), "{back}");
    assert!(back.lines().all(|l| !l.contains('\u{FFFD}')));
    assert_eq!(back.matches("\r\n").count(), back.matches('\n').count(), "CRLF kept");
    let t = read(&real);
    assert_eq!((t.players[0].rating, t.score(1)), (1990, 10));
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink(), "the link is still a link");
        assert_eq!(std::fs::metadata(&real).unwrap().permissions().mode() & 0o777, 0o640);
    }
}

#[test]
fn a_latin1_file_with_a_bom_less_first_player_is_kept() {
    let d = dir("latin1");
    let f = d.join("t.trf");
    let text = "001    1      Müller                            1990\n001    2      Pérez                             1900\nXXR 1\n";
    std::fs::write(&f, encoding_rs::WINDOWS_1252.encode(text).0).unwrap();
    let p = f.to_str().unwrap();
    ok(&["pair", p, "--record"]);
    ok(&["result", p, "--round", "1", "--player", "2", "--result", "½-½"]);
    let bytes = std::fs::read(&f).unwrap();
    assert!(std::str::from_utf8(&bytes).is_err(), "not turned into UTF-8");
    let back = encoding_rs::WINDOWS_1252.decode(&bytes).0;
    assert!(back.contains("Müller") && back.contains("Pérez") && !back.contains('\u{FFFD}'), "{back}");
    // A name Latin-1 cannot hold is refused before anything is written.
    let before = std::fs::read(&f).unwrap();
    let o = shinpan(&["player", "add", p, "--name", "大山康晴"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("'大' cannot be written in latin-1"),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert_eq!(std::fs::read(&f).unwrap(), before);
    // With a byte-order mark, UTF-8: the first line is a player, not a header.
    let g = d.join("bom.trf");
    std::fs::write(&g, "\u{feff}001    1      Alpha                             2000\n001    2      Beta                              1900\nXXR 1\n").unwrap();
    let g = g.to_str().unwrap();
    assert_eq!(ok(&["pair", g, "--record"]), "1\n1 2\n");
    assert!(std::fs::read(g).unwrap().starts_with("\u{feff}001    1".as_bytes()));
}

#[test]
fn dash_reads_standard_input_and_a_changed_file_goes_to_standard_output() {
    let run = |args: &[&str], input: &str| {
        let mut c = Command::new(env!("CARGO_BIN_EXE_shinpan"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        use std::io::Write;
        c.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
        c.wait_with_output().unwrap()
    };
    let o = run(&["pair", "-", "--record"], &field(4, 3));
    assert!(o.status.success());
    let paired = String::from_utf8(o.stdout).unwrap();
    assert!(paired.contains("001    1") && paired.contains("XXR 3"), "the file on stdout: {paired}");
    assert_eq!(String::from_utf8(o.stderr).unwrap(), "2\n1 3\n4 2\n", "the pairing on stderr");
    let o = run(&["result", "-", "--round", "1", "--board", "1", "--result", "1-0"], &paired);
    assert!(o.status.success());
    let t = tournament::director::read_trf_file(&o.stdout).unwrap().0;
    assert_eq!(board_result(&t, 1, 1).as_deref(), Some("1-0"));
    let o = run(&["standings", "-"], &String::from_utf8_lossy(&o.stdout));
    assert!(o.status.success());
    assert!(String::from_utf8(o.stdout).unwrap().contains("Player 1"));
}

#[test]
fn inputs_are_bounded_and_garbage_is_refused() {
    let o = shinpan(&["standings", "/dev/zero"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("64 MiB"), "{}", String::from_utf8_lossy(&o.stderr));
    let d = dir("garbage");
    for (name, bytes) in [
        ("empty.trf", &b""[..]),
        ("random.trf", b"\x8a\x00\xff\xfe garbage\n\x01\x02"),
        ("game.kif", "手合割：平手\n1 ７六歩(77)\n".as_bytes()),
    ] {
        let f = d.join(name);
        std::fs::write(&f, bytes).unwrap();
        for cmd in ["standings", "check-pairings", "pair"] {
            let o = shinpan(&[cmd, f.to_str().unwrap()]);
            assert_eq!(o.status.code(), Some(2), "{cmd} {name}");
            assert!(String::from_utf8_lossy(&o.stderr).contains("not a TRF file"), "{cmd} {name}");
        }
    }
}
