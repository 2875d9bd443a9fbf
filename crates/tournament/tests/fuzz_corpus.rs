//! Replays the saved fuzz corpus (`fuzz/corpus/tournament_trf/`) through the checks the fuzz
//! target runs, so CI covers it on stable Rust.

#[test]
fn tournament_trf_corpus() {
    testkit::replay_corpus("tournament_trf", tournament::fuzzing::trf);
}
