//! Replays the saved fuzz corpus (`fuzz/corpus/tournament_trf/`) through the checks the fuzz
//! target runs, so CI covers it on stable Rust.

use std::path::Path;

#[test]
fn tournament_trf_corpus() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/corpus/tournament_trf");
    let mut n = 0;
    for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.unwrap().path();
        let data = std::fs::read(&path).unwrap();
        let result = std::panic::catch_unwind(|| tournament::fuzzing::trf(&data));
        assert!(result.is_ok(), "{} panics", path.display());
        n += 1;
    }
    assert!(n > 0, "empty corpus {}", dir.display());
}
