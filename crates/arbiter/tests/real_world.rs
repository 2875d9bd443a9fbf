//! The real records of `tests/data/real-world` (copied from the shared folder; `SOURCES.tsv`
//! names each file's public source): professional title games, Floodgate, 81Dojo and engine
//! games in every shogi format and encoding, and Go games from servers (NNGS, IGS, Fox, Tygem,
//! Wbaduk), AI events (UEC, Tencent) and matches. Every file is read and its verdict — result,
//! reason, ply, article, the violations and the kinds of notes, and a count's margin — is the
//! one reviewed in `verdicts.tsv`, under the rules the record was played by (`RU[]` for Go,
//! fesa-2017 for shogi).
//!
//! Reviewed readings worth knowing: `kfjs-9fu.kif` is a position with no black king and nine
//! pawns on a file (refused: not a shogi position); `mog-elmo-jishogi.*` state 持将棋, which
//! fesa-2017 does not have (its way is the declaration); `nngs-evand-ha5-w3.5.sgf` is the one
//! real game where the dead-stone estimator differs from GNU Go (a false result follows, as the
//! note on the estimate warns); the Tencent games have no `RU[]` and are judged by rfg's
//! territory count (`--rules chinese` gives every recorded winner); `nngs-rufus` states W+46.5
//! where its komi of -3.5 gives 42.5 (NNGS counted with 0.5).

use arbiter::records::{GameRecord, check};
use std::path::Path;

fn dir() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/real-world"))
}

/// The row of `verdicts.tsv` a verdict (or a refusal) gives.
fn row(file: &str) -> Vec<String> {
    let bytes = std::fs::read(dir().join(file)).unwrap();
    let record = match GameRecord::read(&bytes) {
        Ok(r) => r,
        Err(e) => return vec![format!("{file}\trefused\t{e}\t\t")],
    };
    let verdicts = check(&record, None, &[]).unwrap_or_else(|e| panic!("{file}: {e}"));
    verdicts
        .iter()
        .map(|v| {
            let summary = format!(
                "{} {} {} {}",
                v.result.as_str(),
                v.reason.map_or("-", |r| r.as_str()),
                v.ply,
                v.article.as_deref().unwrap_or("-")
            );
            let violations: Vec<String> = v.violations.iter().map(|x| format!("{}:{}", x.ply, x.reason)).collect();
            let notes: Vec<&str> = v.notes.iter().map(|n| n.kind.as_str()).collect();
            let margin = v.go.as_ref().and_then(|g| g.score.as_ref()).map_or(String::new(), |s| s.margin.to_string());
            format!("{file}\t{summary}\t{}\t{}\t{margin}", violations.join(","), notes.join(","))
        })
        .collect()
}

#[test]
fn every_real_record_is_read_and_judged_as_reviewed() {
    let table = std::fs::read_to_string(dir().join("verdicts.tsv")).unwrap();
    let expected: Vec<&str> = table.lines().filter(|l| !l.starts_with('#') && !l.is_empty()).collect();
    let mut files = Vec::new();
    for sub in ["shogi", "go"] {
        let mut names: Vec<String> = std::fs::read_dir(dir().join(sub))
            .unwrap()
            .map(|e| format!("{sub}/{}", e.unwrap().file_name().to_string_lossy()))
            .collect();
        names.sort();
        files.extend(names);
    }
    let got: Vec<String> = files.iter().flat_map(|f| row(f)).collect();
    let listed: Vec<&str> = expected.iter().map(|l| l.split('\t').next().unwrap()).collect();
    for f in &files {
        assert!(listed.contains(&f.as_str()), "{f} has no reviewed verdict in verdicts.tsv");
    }
    let differ: Vec<String> = expected
        .iter()
        .zip(&got)
        .filter(|(e, g)| **e != g.as_str())
        .map(|(e, g)| format!("reviewed: {e}\n     got: {g}"))
        .collect();
    assert_eq!(expected.len(), got.len(), "one row per game");
    assert!(differ.is_empty(), "{} verdicts differ:\n{}", differ.len(), differ.join("\n"));
    let read = got.iter().filter(|r| !r.contains("\trefused\t")).count();
    println!("real records: {read} of {} games read and judged as reviewed", got.len());
}
