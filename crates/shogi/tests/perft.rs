//! Perft tables: known leaf counts from the literature (start position, "matsuri" and the
//! maximum-moves position). Bulk and non-bulk counting must agree.

use shogi::{Position, perft};

const MATSURI: &str = "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1";
const MAX_MOVES: &str = "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1";

fn check(sfen: &str, table: &[u64]) {
    let pos = Position::from_sfen(sfen).unwrap();
    for (i, &expected) in table.iter().enumerate() {
        let depth = i as u32 + 1;
        assert_eq!(perft(&pos, depth, true), expected, "{sfen} depth {depth} (bulk)");
    }
}

#[test]
fn startpos() {
    check(shogi::STARTPOS, &[30, 900, 25_470, 719_731, 19_861_490]);
}

#[test]
fn startpos_no_bulk_matches() {
    let pos = Position::startpos();
    assert_eq!(perft(&pos, 4, false), 719_731);
}

#[test]
fn matsuri() {
    check(MATSURI, &[207, 28_684, 4_809_015]);
}

#[test]
fn max_moves() {
    // A generator that lets a pawn-drop mate through gets depth 3 wrong.
    check(MAX_MOVES, &[593, 105_677, 53_393_368]);
}

#[test]
fn max_moves_no_bulk_matches() {
    let pos = Position::from_sfen(MAX_MOVES).unwrap();
    assert_eq!(perft(&pos, 2, false), 105_677);
}

/// Small depths in every build, so debug builds check the incremental state (checkers, hash)
/// against a full recomputation after every move.
#[test]
fn small_depths_all_positions() {
    for (sfen, d2) in [(shogi::STARTPOS, 900), (MATSURI, 28_684), (MAX_MOVES, 105_677)] {
        let pos = Position::from_sfen(sfen).unwrap();
        assert_eq!(perft(&pos, 2, false), d2, "{sfen}");
    }
}
