//! Replays the saved fuzz corpora (`fuzz/corpus/<target>/`) through the same checks the fuzz
//! targets run, so CI covers them on stable Rust.

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
