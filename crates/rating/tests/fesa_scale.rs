//! Rating is linear in the players: a participant is found in the list by name through a map
//! (it was a scan of the list per participant, and 100,000 new players took over 20 s). The
//! bound below is ten times what it takes here, and a tenth of what the scan took.

use rating::fesa::{self, Output, RatingFiles};
use std::fmt::Write;
use std::time::{Duration, Instant};

/// The files of a tournament of `n` (rounded up to a multiple of 16) new players, four rounds
/// each against i XOR 1, 2, 4, 8, the lower number winning: (new players, tournament).
pub fn files(n: usize) -> (String, String) {
    let n = n.div_ceil(16) * 16;
    let mut new = String::from("(\n");
    let mut tournament = String::from("[Scale]\n[2026-01-01]\n");
    for i in 0..n {
        let grade = if i % 2 == 0 { "Dan" } else { "Kyu" };
        let home = "(#S(HOME :list #\\E :nationality \"NO\" :residens \"NO\"))";
        writeln!(new, "(\"P{i}\" \"\" {home} {} \"{grade}\" 0 0 nil)", 1 + i % 5).unwrap();
        let rounds: Vec<String> =
            [1, 2, 4, 8].iter().map(|&k| format!("{}{}", (i ^ k) + 1, if i < i ^ k { '+' } else { '-' })).collect();
        writeln!(tournament, "{} [P{i}] [] [{}]", i + 1, rounds.join(" ")).unwrap();
    }
    (new + ")\n", tournament)
}

/// Rates the files and returns the new list and the time taken.
pub fn rate(new: &str, tournament: &str) -> (Vec<u8>, Duration) {
    let t = Instant::now();
    let files = RatingFiles { list: None, new_players: Some(new.as_bytes()), tournament: tournament.as_bytes() };
    let rated = fesa::rate_files(files).unwrap_or_else(|e| panic!("{e}"));
    let list = rated.write(Output::List);
    (list, t.elapsed())
}

#[test]
fn a_hundred_thousand_new_players_are_rated_in_seconds() {
    let (new, tournament) = files(100_000);
    let (list, took) = rate(&new, &tournament);
    assert!(took < Duration::from_secs(30), "{took:?}");
    // Every player is on the new list, the winners of four games above the losers of four.
    let text = String::from_utf8_lossy(&list);
    assert_eq!(text.matches(":LAST-NAME \"P").count(), 100_000);
    assert!(text.find(":LAST-NAME \"P0\"").unwrap() < text.find(":LAST-NAME \"P15\"").unwrap());
}
