//! Replays the saved fuzz corpora (`fuzz/corpus/arbiter_events/`, `arbiter_sgf/`, and `go_sgf/`
//! through `adjudicate_go`) through the checks the fuzz targets run, so CI covers them on stable Rust.

use testkit::replay_corpus as replay;

#[test]
fn arbiter_events_corpus() {
    replay("arbiter_events", arbiter::fuzzing::events);
}

/// The SGF fuzz corpus (`fuzz/corpus/go_sgf/`) through `adjudicate_go`: every record that reads
/// is adjudicated without a panic, under rfg and with the record's own dead-stone marks.
#[test]
fn go_sgf_corpus_adjudicates_without_panics() {
    let dir = testkit::corpus_dir("go_sgf");
    let (mut read, mut judged) = (0, 0);
    for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.unwrap().path();
        let text = String::from_utf8_lossy(&std::fs::read(&path).unwrap()).into_owned();
        let Ok(g) = go::sgf::SgfGame::parse(&text) else { continue };
        read += 1;
        let result = std::panic::catch_unwind(|| {
            arbiter::adjudicate_go(&g, &arbiter::GoRuleset::by_id(arbiter::RulesetId::Rfg).unwrap(), None)
        });
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
