//! Readers linear in the record (issue 19): a record of a million moves reads in seconds in
//! every format. The USI reader was quadratic (200,000 moves took 7.9 s; a 40 MB line hours),
//! so a million moves would take minutes; the bound below leaves a debug build room and still
//! fails a quadratic reader.

use std::time::{Duration, Instant};

use shogi::formats::{self, Format};

const MOVES: usize = 1_000_000;

/// `position startpos moves …` of a million legal moves: both kings step up and back.
fn usi_line() -> String {
    let mut s = String::with_capacity(MOVES * 5 + 32);
    s.push_str("position startpos moves");
    for i in 0..MOVES {
        s.push_str([" 5i5h", " 5a5b", " 5h5i", " 5b5a"][i % 4]);
    }
    s.push('\n');
    s
}

fn bound() -> Duration {
    Duration::from_secs(if cfg!(debug_assertions) { 60 } else { 10 })
}

#[test]
fn a_million_move_usi_record_reads_in_linear_time() {
    let line = usi_line();
    let start = Instant::now();
    let records = formats::read(line.as_bytes()).unwrap_or_else(|e| panic!("{e}"));
    let took = start.elapsed();
    assert_eq!(records.len(), 1);
    assert_eq!(records[0].moves.len(), MOVES);
    assert_eq!(records[0].moves[MOVES - 1].mv.to_string(), "5b5a");
    assert!(took < bound(), "a million USI moves read in {took:?}");
}

#[test]
fn a_million_move_record_reads_back_in_linear_time_in_every_format() {
    let record = formats::read(usi_line().as_bytes()).unwrap().remove(0);
    for format in [Format::Usi, Format::Csa, Format::Kif, Format::Ki2, Format::Western] {
        let start = Instant::now();
        let text = formats::write(format, &record);
        let back = formats::read_as(format, &text).unwrap_or_else(|e| panic!("{format:?}: {e}"));
        let took = start.elapsed();
        assert_eq!(back.len(), 1, "{format:?}");
        assert_eq!(back[0].moves.len(), MOVES, "{format:?}");
        assert!(
            back[0].moves.iter().zip(&record.moves).all(|(a, b)| a.mv == b.mv),
            "{format:?}: the moves read back are the moves written"
        );
        assert!(took < bound(), "{format:?}: a million moves written and read in {took:?}");
    }
}
