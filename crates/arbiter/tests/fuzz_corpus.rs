//! Replays the saved fuzz corpora (`fuzz/corpus/arbiter_events/`, `arbiter_sgf/`, and `go_sgf/`
//! through `adjudicate_go`) through the checks the fuzz targets run, so CI covers them on stable Rust.

use std::path::Path;

/// Runs `check` on every file of `fuzz/corpus/NAME/` and fails on any panic.
fn replay(name: &str, check: fn(&[u8])) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/corpus").join(name);
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
fn arbiter_events_corpus() {
    replay("arbiter_events", arbiter::fuzzing::events);
}

/// The SGF fuzz corpus (`fuzz/corpus/go_sgf/`) through `adjudicate_go`: every record that reads
/// is adjudicated without a panic, under rfg and with the record's own dead-stone marks.
#[test]
fn go_sgf_corpus_adjudicates_without_panics() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/corpus/go_sgf");
    let (mut read, mut judged) = (0, 0);
    for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.unwrap().path();
        let text = String::from_utf8_lossy(&std::fs::read(&path).unwrap()).into_owned();
        let Ok(g) = go::sgf::SgfGame::parse(&text) else { continue };
        read += 1;
        let result = std::panic::catch_unwind(|| arbiter::adjudicate_go(&g, &arbiter::Ruleset::rfg(), None));
        match result {
            Ok(Ok(_)) => judged += 1,
            Ok(Err(_)) => {}
            Err(_) => panic!("{} panics", path.display()),
        }
    }
    assert!(judged > 0, "no record of {} adjudicated ({read} read)", dir.display());
}

/// The corpus of the `arbiter_sgf` fuzz target (SGF records through `adjudicate_go`, with and
/// without agreed dead stones), replayed by the target's own entry point.
#[test]
fn arbiter_sgf_corpus() {
    replay("arbiter_sgf", arbiter::fuzzing::sgf_record);
}
