//! The checks run by the fuzz targets `rating_list`, `rating_new_players` and
//! `rating_tournament` (fuzz/fuzz_targets/) and by the corpus replay test: any input must be
//! read or refused with an error, never panic, and what is read must survive the writers.

use super::{Games, Player, rate, read_list, read_new_players, read_tournament, write_all_txt, write_list};

fn text(data: &[u8]) -> Option<&str> {
    std::str::from_utf8(data).ok()
}

/// `ratingliste`: a list that reads must print and read back to the same players.
pub fn list(data: &[u8]) {
    let Some(s) = text(data) else { return };
    if let Ok(players) = read_list(s) {
        let printed = write_list(&players);
        let again = read_list(&printed).expect("a printed list reads back");
        assert_eq!(again, players, "list round trip");
        let _ = write_all_txt(&players, "2020-01-01");
    }
}

/// `nye-spillere`: new players that read can be printed in a list and read back.
pub fn new_players(data: &[u8]) {
    let Some(s) = text(data) else { return };
    if let Ok(new) = read_new_players(s) {
        let printed = write_list(&new.players);
        assert_eq!(read_list(&printed).expect("printed new players read back"), new.players);
        let mut list = new.players.clone();
        let _ = super::apply_promotions(&mut list, &new.promotions);
    }
}

/// `turnering.txt`: a tournament that reads is rated with every participant registered as a
/// new player (rating errors are fine, panics are not).
pub fn tournament(data: &[u8]) {
    let Some(s) = text(data) else { return };
    let Ok(t) = read_tournament(s) else { return };
    let mut new: Vec<Player> = Vec::new();
    for (i, e) in t.players.iter().enumerate() {
        if new.iter().any(|p| p.last_name == e.last_name && p.first_name == e.first_name) {
            continue;
        }
        new.push(Player {
            last_name: e.last_name.clone(),
            first_name: e.first_name.clone(),
            nationality: Vec::new(),
            grade: None,
            // Alternate graded and ungraded newcomers.
            nsr_grade: (i % 2 == 0).then(|| super::Grade::kyu(1 + (i as i64 % 20))),
            elo: 0,
            games: Games::Count(0),
            last_played: None,
            lb_count: None,
            mp_count: None,
            bonus_count: 0,
        });
    }
    if let Ok(out) = rate(&[], &new, &t) {
        let _ = write_list(&out.list);
        assert!(out.list.iter().filter(|p| p.last_played.is_some()).all(|p| p.elo >= 1), "rating floor");
    }
}
