//! Legal move generation (docs/rules.md §1): board moves with optional and mandatory promotion and
//! drops, excluding self-check (fesa-2017 1.2), nifu, dead pieces and uchifuzume (3.11).

use crate::attacks::*;
use crate::bitboard::Bitboard;
use crate::position::{LAST_RANK, LAST_TWO_RANKS, PROMOTION_ZONE, Position};
use crate::types::{Color, Move, PieceKind, Square};

/// The largest number of legal moves any position has is 593; the list holds that many.
pub const MAX_LEGAL_MOVES: usize = 600;

/// A fixed-capacity list of moves (no heap allocation).
pub type MoveList = arrayvec::ArrayVec<Move, MAX_LEGAL_MOVES>;

/// Receives generated moves; lets perft count without storing.
pub(crate) trait MoveSink {
    fn board_moves(&mut self, from: Square, dests: Bitboard, promote: bool);
    fn drops(&mut self, kind: PieceKind, dests: Bitboard);
    fn one(&mut self, mv: Move);
}

impl MoveSink for MoveList {
    #[inline]
    fn board_moves(&mut self, from: Square, dests: Bitboard, promote: bool) {
        for to in dests {
            // SAFETY of capacity: no position has more than 593 legal moves.
            self.push(Move::Board { from, to, promote });
        }
    }
    #[inline]
    fn drops(&mut self, kind: PieceKind, dests: Bitboard) {
        for to in dests {
            self.push(Move::Drop { kind, to });
        }
    }
    #[inline]
    fn one(&mut self, mv: Move) {
        self.push(mv);
    }
}

/// Counts moves (bulk counting at the last perft ply).
pub(crate) struct Counter(pub usize);

impl MoveSink for Counter {
    #[inline]
    fn board_moves(&mut self, _from: Square, dests: Bitboard, _promote: bool) {
        self.0 += dests.count() as usize;
    }
    #[inline]
    fn drops(&mut self, _kind: PieceKind, dests: Bitboard) {
        self.0 += dests.count() as usize;
    }
    #[inline]
    fn one(&mut self, _mv: Move) {
        self.0 += 1;
    }
}

impl Position {
    /// Every legal move.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.legal_moves_into(&mut list);
        list
    }

    /// Appends every legal move to `list` (cleared first).
    pub fn legal_moves_into(&self, list: &mut MoveList) {
        list.clear();
        self.generate(list);
    }

    /// Number of legal moves, without building the list (counts destination sets with popcount).
    pub fn count_legal_moves(&self) -> usize {
        #[cfg(all(target_arch = "x86_64", not(target_feature = "popcnt")))]
        if std::is_x86_feature_detected!("popcnt") {
            // SAFETY: the CPU supports POPCNT, checked just above.
            return unsafe { self.count_legal_moves_popcnt() };
        }
        let mut c = Counter(0);
        self.generate(&mut c);
        c.0
    }

    /// The same count compiled with the POPCNT instruction, for builds whose baseline target
    /// lacks it (plain x86-64): counting is mostly popcounts.
    #[cfg(all(target_arch = "x86_64", not(target_feature = "popcnt")))]
    #[target_feature(enable = "popcnt")]
    unsafe fn count_legal_moves_popcnt(&self) -> usize {
        let mut c = Counter(0);
        self.generate(&mut c);
        c.0
    }

    #[inline(always)]
    pub(crate) fn generate<S: MoveSink>(&self, sink: &mut S) {
        let us = self.turn();
        let them = us.flip();
        let ksq = self.king(us);
        let occ = self.occupied();
        let own = self.by_color(us);
        let checkers = self.checkers();

        // King moves: judged with the king lifted off its square so sliders see through it.
        let occ_no_king = occ.without(ksq);
        for to in king_attacks(ksq) & !own {
            if !self.is_attacked(to, them, occ_no_king) {
                sink.one(Move::Board { from: ksq, to, promote: false });
            }
        }
        if checkers.has_more_than_one() {
            return; // double check: only the king may move
        }

        let (target, drop_target) = match checkers.first() {
            Some(c) => {
                let b = between(ksq, c);
                (b.with(c), b)
            }
            None => (!own, !occ),
        };
        let pinned = self.king_blockers(us, occ) & own;

        self.gen_piece_moves(sink, us, occ, target, pinned, ksq);
        if drop_target.is_nonempty() {
            self.gen_drops(sink, us, drop_target);
        }
    }

    #[inline(always)]
    fn gen_piece_moves<S: MoveSink>(
        &self,
        sink: &mut S,
        us: Color,
        occ: Bitboard,
        target: Bitboard,
        pinned: Bitboard,
        ksq: Square,
    ) {
        let zone = PROMOTION_ZONE[us.index()];
        let last = LAST_RANK[us.index()];
        let last2 = LAST_TWO_RANKS[us.index()];
        let own = self.by_color(us);
        let allowed =
            |from: Square| -> Bitboard { if pinned.contains(from) { target & line(ksq, from) } else { target } };

        // Pawns: promotion optional in the zone, forced on the last rank.
        for from in self.pieces(us, PieceKind::Pawn) {
            let d = pawn_attacks(us, from) & allowed(from);
            if d.is_empty() {
                continue;
            }
            sink.board_moves(from, d & zone, true);
            sink.board_moves(from, d.and_not(last), false);
        }
        for from in self.pieces(us, PieceKind::Lance) {
            let d = lance_attacks(us, from, occ) & allowed(from);
            sink.board_moves(from, d & zone, true);
            sink.board_moves(from, d.and_not(last), false);
        }
        for from in self.pieces(us, PieceKind::Knight) {
            let d = knight_attacks(us, from) & allowed(from);
            sink.board_moves(from, d & zone, true);
            sink.board_moves(from, d.and_not(last2), false);
        }
        for from in self.pieces(us, PieceKind::Silver) {
            let d = silver_attacks(us, from) & allowed(from);
            let promo = if zone.contains(from) { d } else { d & zone };
            sink.board_moves(from, promo, true);
            sink.board_moves(from, d, false);
        }
        for from in self.gold_movers() & own {
            let d = gold_attacks(us, from) & allowed(from);
            sink.board_moves(from, d, false);
        }
        for from in self.pieces(us, PieceKind::Bishop) {
            let d = bishop_attacks(from, occ) & allowed(from);
            let promo = if zone.contains(from) { d } else { d & zone };
            sink.board_moves(from, promo, true);
            sink.board_moves(from, d, false);
        }
        for from in self.pieces(us, PieceKind::Rook) {
            let d = rook_attacks(from, occ) & allowed(from);
            let promo = if zone.contains(from) { d } else { d & zone };
            sink.board_moves(from, promo, true);
            sink.board_moves(from, d, false);
        }
        for from in self.pieces(us, PieceKind::Horse) {
            let d = (bishop_attacks(from, occ) | king_attacks(from)) & allowed(from);
            sink.board_moves(from, d, false);
        }
        for from in self.pieces(us, PieceKind::Dragon) {
            let d = (rook_attacks(from, occ) | king_attacks(from)) & allowed(from);
            sink.board_moves(from, d, false);
        }
    }

    #[inline(always)]
    fn gen_drops<S: MoveSink>(&self, sink: &mut S, us: Color, drop_target: Bitboard) {
        let hand = self.hand(us);
        if hand.is_empty() {
            return;
        }
        if hand.has(PieceKind::Pawn) {
            let nifu_files = self.pieces(us, PieceKind::Pawn).fill_files();
            let mut d = drop_target.and_not(nifu_files).and_not(LAST_RANK[us.index()]);
            // Uchifuzume (fesa-2017 3.11c): only the square in front of the enemy king can give
            // a pawn-drop check.
            let eksq = self.king(us.flip());
            let front = pawn_attacks(us.flip(), eksq);
            if let Some(sq) = (front & d).first()
                && self.is_pawn_drop_mate(sq)
            {
                d = d.without(sq);
            }
            sink.drops(PieceKind::Pawn, d);
        }
        if hand.has(PieceKind::Lance) {
            sink.drops(PieceKind::Lance, drop_target.and_not(LAST_RANK[us.index()]));
        }
        if hand.has(PieceKind::Knight) {
            sink.drops(PieceKind::Knight, drop_target.and_not(LAST_TWO_RANKS[us.index()]));
        }
        for kind in [PieceKind::Silver, PieceKind::Gold, PieceKind::Bishop, PieceKind::Rook] {
            if hand.has(kind) {
                sink.drops(kind, drop_target);
            }
        }
    }
}
