//! `shinpan rate fesa` through the binary on the official program's archive
//! (crates/rating/tests/data/fesa-rating): the club's first event rated without a list, and
//! errors naming the file at fault.

use std::path::{Path, PathBuf};
use std::process::Command;

fn shinpan(args: &[&Path]) -> (i32, Vec<u8>, String) {
    let o =
        Command::new(env!("CARGO_BIN_EXE_shinpan")).arg("rate").arg("fesa").args(args).output().expect("run shinpan");
    (o.status.code().unwrap_or(-1), o.stdout, String::from_utf8_lossy(&o.stderr).into_owned())
}

fn data(file: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../rating/tests/data/fesa-rating").join(file)
}

fn arg(s: &str) -> &Path {
    Path::new(s)
}

#[test]
fn the_first_event_is_rated_without_a_list_byte_for_byte() {
    // The 1st Nekomadoken started the club's list: all 17 players are new.
    let (tournament, new) =
        (data("1st_nekomadoken/1st_nekomadoken/turnering.txt"), data("1st_nekomadoken/1st_nekomadoken/nye-spillere"));
    let base = [arg("--tournament"), &tournament, arg("--new-players"), &new];
    let (rc, out, err) = shinpan(&base);
    assert_eq!(rc, 0, "{err}");
    assert!(out == std::fs::read(data("1st_nekomadoken/ratingliste.post")).unwrap(), "the archived post list");
    let (rc, all, err) = shinpan(&[&base[..], &[arg("--all-txt")]].concat());
    assert_eq!(rc, 0, "{err}");
    assert!(all == std::fs::read(data("1st_nekomadoken/all.txt")).unwrap(), "the archived all.txt");
    // The same as from an explicitly empty list.
    let empty = Path::new(env!("CARGO_TARGET_TMPDIR")).join("rate-fesa-empty-list");
    std::fs::write(&empty, "()\n").unwrap();
    let (rc, from_empty, err) = shinpan(&[&base[..], &[arg("--list"), &empty]].concat());
    assert_eq!(rc, 0, "{err}");
    assert!(from_empty == out);
}

#[test]
fn errors_name_the_file_and_exit_2() {
    let tournament = data("13th_nekomadoken/turnering.txt");
    let pre = data("13th_nekomadoken/ratingliste.pre");
    // Without its new players, the 13th has an unknown player.
    let (rc, out, err) = shinpan(&[arg("--list"), &pre, arg("--tournament"), &tournament]);
    assert_eq!(rc, 2);
    assert!(out.is_empty());
    assert!(err.starts_with("shinpan: "), "{err}");
    assert!(err.contains(&format!("{}:13: unknown player N55", tournament.display())), "{err}");
    // Without any list, the tournament's first player is unknown.
    let (rc, _, err) = shinpan(&[arg("--tournament"), &tournament]);
    assert_eq!(rc, 2);
    assert!(err.contains(":3: unknown player"), "{err}");
    // A list that does not read is named, and so is a file that cannot be read.
    let (rc, _, err) = shinpan(&[arg("--list"), &tournament, arg("--tournament"), &tournament]);
    assert_eq!(rc, 2);
    assert!(err.starts_with(&format!("shinpan: {}:1:", tournament.display())), "{err}");
    let missing = data("13th_nekomadoken/no-such-file");
    let (rc, _, err) = shinpan(&[arg("--list"), &missing, arg("--tournament"), &tournament]);
    assert_eq!(rc, 2);
    assert!(err.contains(&format!("{}: ", missing.display())), "{err}");
}
