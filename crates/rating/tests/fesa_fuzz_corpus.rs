//! Replays the saved fuzz corpora of the FESA rating readers (`fuzz/corpus/rating_*`) through
//! the checks the fuzz targets run, so CI covers them on stable Rust.

use testkit::replay_corpus as replay;

#[test]
fn rating_list_corpus() {
    replay("rating_list", rating::fesa::fuzzing::list);
}

#[test]
fn rating_new_players_corpus() {
    replay("rating_new_players", rating::fesa::fuzzing::new_players);
}

#[test]
fn rating_tournament_corpus() {
    replay("rating_tournament", rating::fesa::fuzzing::tournament);
}
