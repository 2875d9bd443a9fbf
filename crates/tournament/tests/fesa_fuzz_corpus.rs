//! Replays the saved fuzz corpora of the FESA rating readers (`fuzz/corpus/rating_*`) through
//! the checks the fuzz targets run, so CI covers them on stable Rust.

use std::path::Path;

fn replay(target: &str, check: fn(&[u8])) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/corpus").join(target);
    let mut n = 0;
    for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.unwrap().path();
        let data = std::fs::read(&path).unwrap();
        let result = std::panic::catch_unwind(|| check(&data));
        assert!(result.is_ok(), "{} panics", path.display());
        n += 1;
    }
    assert!(n > 0, "empty corpus {}", dir.display());
}

#[test]
fn rating_list_corpus() {
    replay("rating_list", tournament::fesa::fuzzing::list);
}

#[test]
fn rating_new_players_corpus() {
    replay("rating_new_players", tournament::fesa::fuzzing::new_players);
}

#[test]
fn rating_tournament_corpus() {
    replay("rating_tournament", tournament::fesa::fuzzing::tournament);
}
