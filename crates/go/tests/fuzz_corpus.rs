//! Replays the saved fuzz corpus (`fuzz/corpus/go_sgf/`) through the same check the fuzz target
//! runs, so CI covers it on stable Rust.

#[test]
fn go_sgf_corpus() {
    testkit::replay_corpus("go_sgf", go::fuzzing::sgf);
}
