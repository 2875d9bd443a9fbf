//! Perft: the number of leaf nodes of the legal move tree, the standard check of a move generator.

use crate::movegen::MoveList;
use crate::position::Position;

/// Leaf count at `depth`. With `bulk`, the last ply counts moves instead of playing them.
pub fn perft(pos: &Position, depth: u32, bulk: bool) -> u64 {
    let mut pos = pos.clone();
    perft_mut(&mut pos, depth, bulk)
}

/// Make/unmake recursion: one position, moves played and taken back.
fn perft_mut(pos: &mut Position, depth: u32, bulk: bool) -> u64 {
    if depth == 0 {
        return 1;
    }
    if bulk && depth == 1 {
        return pos.count_legal_moves() as u64;
    }
    let mut list = MoveList::new();
    pos.legal_moves_into(&mut list);
    let mut n = 0;
    for &mv in &list {
        let undo = pos.play_unchecked(mv);
        // Without bulk counting every leaf move is played (and taken back).
        n += if depth == 1 { std::hint::black_box(1) } else { perft_mut(pos, depth - 1, bulk) };
        pos.undo_unchecked(mv, undo);
    }
    n
}

/// Per-root-move counts (`divide`), sorted by the move's USI text.
pub fn divide(pos: &Position, depth: u32, bulk: bool) -> Vec<(crate::types::Move, u64)> {
    let mut out: Vec<_> = pos
        .legal_moves()
        .into_iter()
        .map(|mv| (mv, if depth <= 1 { 1 } else { perft(&pos.after(mv), depth - 1, bulk) }))
        .collect();
    out.sort_by_key(|(m, _)| m.to_string());
    out
}
