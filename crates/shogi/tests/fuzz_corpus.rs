//! Replays the saved fuzz corpora (`fuzz/corpus/<target>/`) through the same checks the fuzz
//! targets run, so CI covers them on stable Rust.

use testkit::replay_corpus as replay;

#[test]
fn shogi_sfen_corpus() {
    replay("shogi_sfen", shogi::fuzzing::sfen);
}

#[test]
fn shogi_usi_corpus() {
    replay("shogi_usi", shogi::fuzzing::usi);
}

#[test]
fn shogi_csa_corpus() {
    replay("shogi_csa", shogi::fuzzing::csa);
}

#[test]
fn shogi_kif_corpus() {
    replay("shogi_kif", shogi::fuzzing::kif);
}

#[test]
fn shogi_ki2_corpus() {
    replay("shogi_ki2", shogi::fuzzing::ki2);
}

#[test]
fn shogi_western_corpus() {
    replay("shogi_western", shogi::fuzzing::western);
}
