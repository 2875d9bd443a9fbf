//! Golden Dutch rounds: shinpan must print exactly bbpPairings' pairing for every saved round
//! (see tests/data/dutch-golden/README.md for where each file comes from).

use std::path::Path;

#[test]
fn every_golden_round_matches_bbp_pairings() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/dutch-golden");
    let mut names: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "trf"))
        .collect();
    names.sort();
    assert!(names.len() >= 3, "golden rounds missing");
    let mut failures = Vec::new();
    for trf in &names {
        let expected = std::fs::read_to_string(trf.with_extension("pairs")).unwrap();
        let t = tournament::trf::parse(&std::fs::read_to_string(trf).unwrap()).unwrap();
        let got = tournament::dutch::pair(&t).map(|r| r.to_bbp(&t));
        if got.as_deref() != Ok(expected.as_str()) {
            failures.push(format!("{}:\nexpected\n{expected}got\n{got:?}", trf.display()));
        }
    }
    assert!(failures.is_empty(), "{} of {} rounds differ:\n{}", failures.len(), names.len(), failures.join("\n"));
}
