//! Issue 21: the McMahon pairing criteria as flags of `shinpan pair` and `check-pairings`
//! (pl 8.2; OpenGotha's settings): listed with their values in `--help`, the same as the
//! file's `SXM` line of the same name, over it when both are given, and stored by
//! `pair --record`.

use std::process::Command;

fn shinpan(args: &[&str]) -> (i32, String, String) {
    let o = Command::new(env!("CARGO_BIN_EXE_shinpan")).args(args).output().expect("run shinpan");
    (
        o.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

fn tmp(name: &str, text: &str) -> String {
    let dir = std::env::temp_dir().join(format!("shinpan-mcmahon-flags-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join("t.trf");
    std::fs::write(&f, text).unwrap();
    f.to_str().unwrap().to_string()
}

/// Eight players without grades: one McMahon group, so round 1 is the group's seeding alone.
fn field(extra: &str) -> String {
    let mut s = String::from("012 Flags\n");
    for i in 1..=8 {
        s += &format!("001 {i:>4}      P{i:<32} {:>4}\n", 2100 - 10 * i);
    }
    s + "XXR 3\nSXS MCMAHON\n" + extra
}

#[test]
fn every_criterion_is_a_flag_listed_with_its_values() {
    for cmd in ["pair", "check-pairings"] {
        let (rc, help, _) = shinpan(&[cmd, "--help"]);
        assert_eq!(rc, 0);
        for (flag, values) in [
            ("--gaps", "squares, absolute"),
            ("--avoid", "none, club, country, both"),
            ("--float-history", "on, off"),
            ("--colour", "before-seeding, after-seeding"),
            ("--seeding-early", "fold, slip, random"),
            ("--seeding-late", "fold, slip, random"),
            ("--order", "rank, sos"),
            ("--float-out", "top, middle, bottom"),
            ("--float-in", "top, middle, bottom"),
            ("--first-on-tie", "lower, higher"),
        ] {
            let at = help.find(flag).unwrap_or_else(|| panic!("{cmd} --help has no {flag}"));
            let values = format!("[possible values: {values}]");
            let next = help[at..].find("[possible values").map(|i| at + i);
            assert_eq!(next.map(|i| &help[i..i + values.len()]), Some(values.as_str()), "{cmd} {flag}");
        }
        for flag in ["--early-rounds", "--handicap-correction", "--handicap-ceiling", "--handicap-threshold"] {
            assert!(help.contains(flag), "{cmd} --help has no {flag}");
        }
    }
}

#[test]
fn a_flag_pairs_as_the_files_line_and_overrides_it() {
    // pl 8.2.3 fold: 1-8 2-7 3-6 4-5; slip: 1-5 2-6 3-7 4-8 (first movers by colour rule).
    let pairs = |out: &str| -> Vec<(u32, u32)> {
        let mut v: Vec<(u32, u32)> = out
            .lines()
            .skip(1)
            .map(|l| {
                let mut it = l.split_whitespace().map(|x| x.parse::<u32>().unwrap());
                let (a, b) = (it.next().unwrap(), it.next().unwrap());
                (a.min(b), a.max(b))
            })
            .collect();
        v.sort();
        v
    };
    let plain = tmp("plain", &field(""));
    let stored = tmp("stored", &field("SXM seeding-early slip\n"));
    let (rc, fold, err) = shinpan(&["pair", &plain]);
    assert_eq!(rc, 0, "{err}");
    assert_eq!(pairs(&fold), [(1, 8), (2, 7), (3, 6), (4, 5)]);
    let (_, by_flag, _) = shinpan(&["pair", &plain, "--seeding-early", "slip"]);
    assert_eq!(pairs(&by_flag), [(1, 5), (2, 6), (3, 7), (4, 8)]);
    let (_, by_file, _) = shinpan(&["pair", &stored]);
    assert_eq!(by_file, by_flag, "the flag pairs as the file's SXM line");
    let (_, over, _) = shinpan(&["pair", &stored, "--seeding-early", "fold"]);
    assert_eq!(over, fold, "the flag overrides the file");
    let (rc, _, err) = shinpan(&["pair", &plain, "--seeding-early", "zigzag"]);
    assert_eq!(rc, 2, "an unknown value is refused");
    assert!(err.contains("fold") && err.contains("slip"), "{err}");
}

#[test]
fn pair_record_stores_the_criteria_given_and_check_pairings_takes_them() {
    let f = tmp("record", &field(""));
    let (rc, _, err) = shinpan(&[
        "pair",
        &f,
        "--record",
        "--gaps",
        "absolute",
        "--float-history",
        "on",
        "--seeding-late",
        "slip",
        "--handicap-ceiling",
        "5",
    ]);
    assert_eq!(rc, 0, "{err}");
    let text = std::fs::read_to_string(&f).unwrap();
    for line in ["SXM handicap-ceiling 5\n", "SXM gaps absolute\n", "SXM float-history on\n", "SXM seeding-late slip\n"]
    {
        assert!(text.contains(line), "{line:?} not stored: {text}");
    }

    // Four players of one group: round 1 1-2 and 3-4, the first movers won; round 2 paired 1-4
    // and 2-3 (gaps 1 and 1) where 1-3 and 2-4 (gaps 0) were allowed. The main criterion is
    // named as --gaps says.
    let rounds = [
        [(2, 'w', '1'), (4, 'w', '1')],
        [(1, 'b', '0'), (3, 'b', '0')],
        [(4, 'w', '1'), (2, 'w', '1')],
        [(3, 'b', '0'), (1, 'b', '0')],
    ];
    let mut s = String::from("012 Check\n");
    for (i, r) in rounds.iter().enumerate() {
        let n = i + 1;
        s += &format!("001 {n:>4}      P{n:<32} {:>4} {:3} {:>11} {:10} {:>4} {:>4}", 2000 - i, "", "", "", "", "");
        for (opp, colour, result) in r {
            s += &format!("  {opp:>4} {colour} {result}");
        }
        s.push('\n');
    }
    let f = tmp("check", &(s + "XXR 3\nSXS MCMAHON\n"));
    let (rc, squares, _) = shinpan(&["check-pairings", &f]);
    assert_eq!(rc, 1);
    assert!(
        squares.contains("round 2: a better pairing exists: sum of squared McMahon-score gaps 2 where 0"),
        "{squares}"
    );
    let (rc, absolute, _) = shinpan(&["check-pairings", &f, "--gaps", "absolute"]);
    assert_eq!(rc, 1);
    assert!(absolute.contains("round 2: a better pairing exists: sum of McMahon-score gaps 2 where 0"), "{absolute}");
}
