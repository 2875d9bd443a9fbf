//! [`Position`]: board, hands, side to move — validated once at construction.

use crate::attacks::*;
use crate::bitboard::Bitboard;
use crate::types::{Color, Hand, Move, Piece, PieceKind, Square};
use crate::zobrist::KEYS;
use std::fmt;

/// What [`Position::undo_unchecked`] needs to take a move back.
#[derive(Debug, Clone, Copy)]
pub struct Undo {
    captured: u8,
    checkers: Bitboard,
    hash: u64,
}

/// Why a position cannot be constructed (SFEN validation and [`Position::from_parts`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    #[error("{color:?} has {count} kings; each side needs exactly one")]
    KingCount { color: Color, count: u32 },
    #[error("too many {kind:?}: {count} on board and in hands, a set has {max}")]
    TooManyPieces { kind: PieceKind, count: u32, max: u8 },
    #[error("{piece} on {square} can never move again (dead piece, fesa-2017 3.2)")]
    DeadPiece { piece: String, square: Square },
    #[error("two unpromoted {color:?} pawns on file {file} (nifu, fesa-2017 3.11a)")]
    Nifu { color: Color, file: u8 },
    #[error("the side not to move ({color:?}) is in check: its king on {square} could be captured")]
    OpponentInCheck { color: Color, square: Square },
    #[error("a king cannot be held in hand")]
    KingInHand,
}

/// Why a move is illegal in a position, with the article that forbids it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
pub enum IllegalMove {
    #[error("no piece on {0}")]
    NoPiece(Square),
    #[error("the piece on {0} belongs to the opponent")]
    NotOwnPiece(Square),
    #[error("{0} is occupied by one's own piece (fesa-2017 3.1)")]
    OwnPieceOnTarget(Square),
    #[error("the {kind:?} on {from} cannot move to {to} (fesa-2017 3.3–3.10)")]
    Unreachable { kind: PieceKind, from: Square, to: Square },
    #[error("no {0:?} in hand (fesa-2017 3.11)")]
    NotInHand(PieceKind),
    #[error("a {0:?} cannot be dropped; only unpromoted captured pieces are (fesa-2017 3.11)")]
    NotDroppable(PieceKind),
    #[error("a piece is dropped promoted side up ({0:?}); a drop is always unpromoted (fesa-2017 3.2)")]
    PromotedDrop(PieceKind),
    #[error("a promoted {0:?} is put down unpromoted; a promotion stands until the piece is captured (fesa-2017 3.2)")]
    Unpromotion(PieceKind),
    #[error("drop on occupied square {0} (fesa-2017 3.11)")]
    DropOnOccupied(Square),
    #[error("promotion not allowed: {0} (fesa-2017 3.2)")]
    PromotionNotAllowed(&'static str),
    #[error("the piece could never move again from {0}; it must promote (fesa-2017 3.2)")]
    MustPromote(Square),
    #[error("a piece dropped on {0} could never move (fesa-2017 3.11b)")]
    DeadDrop(Square),
    #[error("pawn drop on a file that already holds an unpromoted pawn of one's own (nifu, fesa-2017 3.11a)")]
    Nifu,
    #[error("pawn drop giving immediate checkmate (uchifuzume, fesa-2017 3.11c)")]
    Uchifuzume,
    #[error("the move leaves or puts one's own king in check (fesa-2017 1.2)")]
    KingInCheck,
}

/// A move that cannot even be carried out on the board, so no record can contain it as played.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
pub enum ImpossibleMove {
    #[error("no piece on {0}")]
    NoPiece(Square),
    #[error("the piece on {0} belongs to the opponent")]
    NotOwnPiece(Square),
    #[error("{0} is occupied by one's own piece")]
    OwnPieceOnTarget(Square),
    #[error("the move captures the king on {0} (fesa-2017 9.5: a claim against the previous move)")]
    CapturesKing(Square),
    #[error("no {0:?} in hand")]
    NotInHand(PieceKind),
    #[error("a {0:?} cannot be dropped")]
    NotDroppable(PieceKind),
    #[error("drop on occupied square {0}")]
    DropOnOccupied(Square),
    #[error("a {0:?} has no promoted side")]
    NoPromotedSide(PieceKind),
    #[error("the {0:?} is not promoted, so it cannot be turned back")]
    NotPromoted(PieceKind),
}

impl IllegalMove {
    /// The article (fesa-2017 numbering) that forbids the move.
    pub fn article(self) -> &'static str {
        match self {
            IllegalMove::NoPiece(_) | IllegalMove::NotOwnPiece(_) | IllegalMove::Unreachable { .. } => "fesa-2017 3.3",
            IllegalMove::OwnPieceOnTarget(_) => "fesa-2017 3.1",
            IllegalMove::NotInHand(_) | IllegalMove::NotDroppable(_) | IllegalMove::DropOnOccupied(_) => {
                "fesa-2017 3.11"
            }
            IllegalMove::PromotionNotAllowed(_)
            | IllegalMove::MustPromote(_)
            | IllegalMove::PromotedDrop(_)
            | IllegalMove::Unpromotion(_) => "fesa-2017 3.2",
            IllegalMove::DeadDrop(_) => "fesa-2017 3.11b",
            IllegalMove::Nifu => "fesa-2017 3.11a",
            IllegalMove::Uchifuzume => "fesa-2017 3.11c",
            IllegalMove::KingInCheck => "fesa-2017 1.2",
        }
    }
}

/// A shogi position: pieces on the board, both hands, the side to move and the move number.
/// Always valid: one king per side, no dead piece, no nifu, the side not to move not in check.
#[derive(Clone)]
pub struct Position {
    /// Piece codes (see `Piece::code`), 0 = empty: a byte per square keeps clones small.
    board: [u8; 81],
    by_color: [Bitboard; 2],
    /// Both colours together. Kept as its own field (rather than OR-ing `by_color` on demand) so
    /// that it is read with the same width it was written: no store-forwarding stall after undo.
    occupied: Bitboard,
    by_kind: [Bitboard; PieceKind::NUM],
    hands: [Hand; 2],
    turn: Color,
    kings: [Square; 2],
    checkers: Bitboard,
    hash: u64,
    /// SFEN move number (1 for the first move of the game).
    move_number: u32,
}

/// Whether a piece of `kind` and `color` standing on `from` attacks `target` given `occ`.
#[inline]
fn gives_direct_check(color: Color, kind: PieceKind, from: Square, target: Square, occ: Bitboard) -> bool {
    // Most moves land far from the enemy king: then only a slider can reach it, along the one
    // ray from `from` toward `target`.
    if distance(from, target) <= 2 {
        return attacks(color, kind, from, occ).contains(target);
    }
    const SLIDERS: u32 = 1 << PieceKind::Lance as u32
        | 1 << PieceKind::Bishop as u32
        | 1 << PieceKind::Rook as u32
        | 1 << PieceKind::Horse as u32
        | 1 << PieceKind::Dragon as u32;
    if SLIDERS & (1 << kind as u32) == 0 {
        return false;
    }
    let Some(dir) = direction(from, target) else { return false };
    let slides = match kind {
        PieceKind::Lance => dir == if color == Color::Black { Dir::N } else { Dir::S },
        PieceKind::Bishop | PieceKind::Horse => !dir.is_orthogonal(),
        _ => dir.is_orthogonal(),
    };
    slides && dir.attacks(from, occ).contains(target)
}

/// Squares where a piece of `kind` and `color` could never move again: last rank for P and L,
/// last two ranks for N (fesa-2017 3.2, 3.11b).
#[inline]
pub(crate) fn dead_squares(color: Color, kind: PieceKind) -> Bitboard {
    match kind {
        PieceKind::Pawn | PieceKind::Lance => LAST_RANK[color.index()],
        PieceKind::Knight => LAST_TWO_RANKS[color.index()],
        _ => Bitboard::EMPTY,
    }
}

pub(crate) static LAST_RANK: [Bitboard; 2] =
    [Bitboard::relative_ranks(Color::Black, 1, 1), Bitboard::relative_ranks(Color::White, 1, 1)];
pub(crate) static LAST_TWO_RANKS: [Bitboard; 2] =
    [Bitboard::relative_ranks(Color::Black, 1, 2), Bitboard::relative_ranks(Color::White, 1, 2)];
pub(crate) static PROMOTION_ZONE: [Bitboard; 2] =
    [Bitboard::relative_ranks(Color::Black, 1, 3), Bitboard::relative_ranks(Color::White, 1, 3)];

impl Position {
    /// The even-game start position (fesa-2017 2; ufs-2016 4).
    pub fn startpos() -> Position {
        // Read once: a server sets up a board from it for every game and every follower.
        static START: std::sync::LazyLock<Position> = std::sync::LazyLock::new(|| {
            crate::sfen::parse_sfen(crate::sfen::STARTPOS).expect("start position is valid")
        });
        START.clone()
    }

    /// Builds a position from its parts, validating it (see [`PositionError`]).
    pub fn from_parts(
        board: [Option<Piece>; 81],
        hands: [Hand; 2],
        turn: Color,
        move_number: u32,
    ) -> Result<Position, PositionError> {
        let mut pos = Position {
            board: [0; 81],
            by_color: [Bitboard::EMPTY; 2],
            occupied: Bitboard::EMPTY,
            by_kind: [Bitboard::EMPTY; PieceKind::NUM],
            hands,
            turn,
            kings: [Square::from_index_unchecked(0); 2],
            checkers: Bitboard::EMPTY,
            hash: 0,
            move_number: move_number.max(1),
        };
        let mut king_count = [0u32; 2];
        let mut counts = [0u32; 7];
        for sq in Square::all() {
            if let Some(p) = board[sq.index()] {
                if p.kind == PieceKind::King {
                    king_count[p.color.index()] += 1;
                    pos.kings[p.color.index()] = sq;
                } else {
                    counts[p.kind.unpromoted().index()] += 1;
                }
                if dead_squares(p.color, p.kind).contains(sq) {
                    return Err(PositionError::DeadPiece { piece: p.sfen(), square: sq });
                }
                pos.put(sq, p);
            }
        }
        for c in Color::ALL {
            if king_count[c.index()] != 1 {
                return Err(PositionError::KingCount { color: c, count: king_count[c.index()] });
            }
            for (k, n) in hands[c.index()].iter() {
                counts[k.index()] += n as u32;
                pos.hash ^= KEYS.hand[c.index()][k.index()][n as usize];
            }
            let pawns = pos.pieces(c, PieceKind::Pawn);
            for f in crate::types::File::all() {
                if (pawns & Bitboard::file(f)).count() > 1 {
                    return Err(PositionError::Nifu { color: c, file: f.number() });
                }
            }
        }
        for k in PieceKind::HAND {
            if counts[k.index()] > k.total_count() as u32 {
                return Err(PositionError::TooManyPieces { kind: k, count: counts[k.index()], max: k.total_count() });
            }
        }
        if turn == Color::White {
            pos.hash ^= KEYS.side;
        }
        let them = turn.flip();
        if pos.attackers_to(pos.kings[them.index()], turn, pos.occupied()).is_nonempty() {
            return Err(PositionError::OpponentInCheck { color: them, square: pos.kings[them.index()] });
        }
        pos.checkers = pos.attackers_to(pos.kings[turn.index()], them, pos.occupied());
        Ok(pos)
    }

    #[inline]
    fn put(&mut self, sq: Square, p: Piece) {
        let b = Bitboard::from_square(sq);
        self.board[sq.index()] = p.code();
        self.by_color[p.color.index()] |= b;
        self.occupied |= b;
        self.by_kind[p.kind.index()] |= b;
        self.hash ^= KEYS.board[p.code() as usize][sq.index()];
    }

    // --- accessors ---------------------------------------------------------------------------

    #[inline]
    pub fn turn(&self) -> Color {
        self.turn
    }
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        Piece::from_code(self.board[sq.index()])
    }
    /// The board's piece codes by square index (file-major, 0 for an empty square): what the
    /// SFEN writer reads.
    #[inline]
    pub(crate) fn codes(&self) -> &[u8; 81] {
        &self.board
    }
    #[inline]
    pub fn hand(&self, color: Color) -> Hand {
        self.hands[color.index()]
    }
    #[inline]
    pub fn king(&self, color: Color) -> Square {
        self.kings[color.index()]
    }
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.occupied
    }
    #[inline]
    pub fn by_color(&self, color: Color) -> Bitboard {
        self.by_color[color.index()]
    }
    #[inline]
    pub fn by_kind(&self, kind: PieceKind) -> Bitboard {
        self.by_kind[kind.index()]
    }
    #[inline]
    pub fn pieces(&self, color: Color, kind: PieceKind) -> Bitboard {
        self.by_kind[kind.index()] & self.by_color[color.index()]
    }
    /// Gold and the promoted small pieces, which all move like a gold.
    #[inline]
    pub(crate) fn gold_movers(&self) -> Bitboard {
        self.by_kind[PieceKind::Gold as usize]
            | self.by_kind[PieceKind::ProPawn as usize]
            | self.by_kind[PieceKind::ProLance as usize]
            | self.by_kind[PieceKind::ProKnight as usize]
            | self.by_kind[PieceKind::ProSilver as usize]
    }
    /// Zobrist key of board, both hands and side to move.
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }
    /// The SFEN move number: 1 before the first move of the game, +1 after every move.
    #[inline]
    pub fn move_number(&self) -> u32 {
        self.move_number
    }
    /// The pieces giving check to the side to move.
    #[inline]
    pub fn checkers(&self) -> Bitboard {
        self.checkers
    }
    #[inline]
    pub fn is_check(&self) -> bool {
        self.checkers.is_nonempty()
    }
    /// Whether board, hands and side to move are the same (the move number is ignored), as
    /// sennichite compares positions (fesa-2017 5.2).
    pub fn same_position(&self, other: &Position) -> bool {
        self.hash == other.hash && self.turn == other.turn && self.hands == other.hands && self.board == other.board
    }

    // --- attacks -----------------------------------------------------------------------------

    /// Pieces of `attacker` that attack `sq` given occupancy `occ`.
    #[inline]
    pub fn attackers_to(&self, sq: Square, attacker: Color, occ: Bitboard) -> Bitboard {
        let defender = attacker.flip();
        let them = self.by_color[attacker.index()];
        let k = &self.by_kind;
        let rook_like = k[PieceKind::Rook as usize] | k[PieceKind::Dragon as usize];
        let bishop_like = k[PieceKind::Bishop as usize] | k[PieceKind::Horse as usize];
        let king_like = k[PieceKind::King as usize] | k[PieceKind::Horse as usize] | k[PieceKind::Dragon as usize];
        // A piece of `attacker` attacks sq iff a `defender` piece of the same kind on sq would
        // attack the piece's square (the step patterns are point-symmetric between colours).
        ((pawn_attacks(defender, sq) & k[PieceKind::Pawn as usize])
            | (knight_attacks(defender, sq) & k[PieceKind::Knight as usize])
            | (silver_attacks(defender, sq) & k[PieceKind::Silver as usize])
            | (gold_attacks(defender, sq) & self.gold_movers())
            | (king_attacks(sq) & king_like)
            | (lance_attacks(defender, sq, occ) & k[PieceKind::Lance as usize])
            | (bishop_attacks(sq, occ) & bishop_like)
            | (rook_attacks(sq, occ) & rook_like))
            & them
    }

    /// Whether `attacker` attacks `sq` given occupancy `occ` (cheap tests first, early exit).
    #[inline]
    pub fn is_attacked(&self, sq: Square, attacker: Color, occ: Bitboard) -> bool {
        let defender = attacker.flip();
        let them = self.by_color[attacker.index()];
        let k = &self.by_kind;
        let steps = (pawn_attacks(defender, sq) & k[PieceKind::Pawn as usize])
            | (knight_attacks(defender, sq) & k[PieceKind::Knight as usize])
            | (silver_attacks(defender, sq) & k[PieceKind::Silver as usize])
            | (gold_attacks(defender, sq) & self.gold_movers())
            | (king_attacks(sq)
                & (k[PieceKind::King as usize] | k[PieceKind::Horse as usize] | k[PieceKind::Dragon as usize]));
        if (steps & them).is_nonempty() {
            return true;
        }
        let rooks = (k[PieceKind::Rook as usize] | k[PieceKind::Dragon as usize]) & them;
        if (rook_pseudo_attacks(sq) & rooks).is_nonempty() && (rook_attacks(sq, occ) & rooks).is_nonempty() {
            return true;
        }
        let bishops = (k[PieceKind::Bishop as usize] | k[PieceKind::Horse as usize]) & them;
        if (bishop_pseudo_attacks(sq) & bishops).is_nonempty() && (bishop_attacks(sq, occ) & bishops).is_nonempty() {
            return true;
        }
        let lances = k[PieceKind::Lance as usize] & them;
        (lance_pseudo_attacks(defender, sq) & lances).is_nonempty()
            && (lance_attacks(defender, sq, occ) & lances).is_nonempty()
    }

    /// Enemy sliders that would attack `color`'s king on an empty board, with the pieces between
    /// (any colour) that block each: returns the blockers that stand alone on such a line.
    #[inline]
    pub(crate) fn king_blockers(&self, color: Color, occ: Bitboard) -> Bitboard {
        let ksq = self.kings[color.index()];
        let them = color.flip();
        let k = &self.by_kind;
        let snipers = ((rook_pseudo_attacks(ksq) & (k[PieceKind::Rook as usize] | k[PieceKind::Dragon as usize]))
            | (bishop_pseudo_attacks(ksq) & (k[PieceKind::Bishop as usize] | k[PieceKind::Horse as usize]))
            | (lance_pseudo_attacks(color, ksq) & k[PieceKind::Lance as usize]))
            & self.by_color[them.index()];
        let mut blockers = Bitboard::EMPTY;
        for s in snipers {
            let b = between(ksq, s) & occ;
            if b.is_nonempty() && !b.has_more_than_one() {
                blockers |= b;
            }
        }
        blockers
    }

    /// `color`'s pieces pinned to its own king.
    #[inline]
    pub fn pinned(&self, color: Color) -> Bitboard {
        self.king_blockers(color, self.occupied()) & self.by_color[color.index()]
    }

    // --- making moves ------------------------------------------------------------------------

    /// Plays a move already known to be legal (from [`Position::legal_moves`] or checked with
    /// [`Position::is_legal`]). Playing an illegal move leaves a position that breaks the
    /// invariants; use [`Position::play`] for untrusted input. The returned [`Undo`] lets
    /// [`Position::undo_unchecked`] take the move back (make/unmake, as searches do).
    #[inline]
    pub fn play_unchecked(&mut self, mv: Move) -> Undo {
        self.play_unchecked_impl::<true>(mv)
    }

    /// `LEGAL_BEFORE`: the position before the move is legal, so the incremental checkers can
    /// be asserted against a full computation. A scoresheet replay ([`Position::play_lenient`])
    /// may start from an illegal position (fesa-2017 9.4) and recomputes them instead.
    #[inline(always)]
    fn play_unchecked_impl<const LEGAL_BEFORE: bool>(&mut self, mv: Move) -> Undo {
        let us = self.turn;
        let them = us.flip();
        let undo = Undo { captured: 0, checkers: self.checkers, hash: self.hash };
        let mut captured = 0u8;
        // Every field is read once and written once, and the new occupancy is derived from the
        // old one in registers rather than read back from memory just written.
        let occ0 = self.occupied();
        let mut hash = self.hash ^ KEYS.side;
        let (to, kind, from, occ) = match mv {
            Move::Board { from, to, .. } | Move::Unpromote { from, to } => {
                let code = self.board[from.index()];
                let p = Piece::from_code(code).expect("a piece on the from-square");
                let kind = match mv {
                    Move::Board { promote: true, .. } => p.kind.promoted().unwrap_or(p.kind),
                    // A scoresheet's unpromotion (played leniently).
                    Move::Unpromote { .. } => p.kind.unpromoted(),
                    _ => p.kind,
                };
                let new_code = Piece::new(us, kind).code();
                let from_bb = Bitboard::from_square(from);
                let to_bb = Bitboard::from_square(to);
                let cap_code = self.board[to.index()];
                self.board[from.index()] = 0;
                self.board[to.index()] = new_code;
                self.by_color[us.index()] ^= from_bb | to_bb;
                if kind == p.kind {
                    self.by_kind[kind.index()] ^= from_bb | to_bb;
                } else {
                    self.by_kind[p.kind.index()] ^= from_bb;
                    self.by_kind[kind.index()] ^= to_bb;
                }
                hash ^= KEYS.board[code as usize][from.index()] ^ KEYS.board[new_code as usize][to.index()];
                let occ = if let Some(cap) = Piece::from_code(cap_code) {
                    captured = cap_code;
                    self.by_color[them.index()] ^= to_bb;
                    self.by_kind[cap.kind.index()] ^= to_bb;
                    hash ^= KEYS.board[cap_code as usize][to.index()];
                    let k = cap.kind.unpromoted();
                    let h = &mut self.hands[us.index()];
                    let n = h.count(k) as usize;
                    hash ^= KEYS.hand[us.index()][k.index()][n] ^ KEYS.hand[us.index()][k.index()][n + 1];
                    h.add(k);
                    occ0 ^ from_bb
                } else {
                    occ0 ^ from_bb ^ to_bb
                };
                if kind == PieceKind::King {
                    self.kings[us.index()] = to;
                }
                (to, kind, Some(from), occ)
            }
            Move::Drop { kind, to } => {
                let to_bb = Bitboard::from_square(to);
                let code = Piece::new(us, kind).code();
                // A scoresheet's promoted drop (played leniently) takes the unpromoted piece.
                let held = kind.unpromoted();
                let h = &mut self.hands[us.index()];
                let n = h.count(held) as usize;
                hash ^= KEYS.hand[us.index()][held.index()][n] ^ KEYS.hand[us.index()][held.index()][n - 1];
                h.remove(held);
                self.board[to.index()] = code;
                self.by_color[us.index()] ^= to_bb;
                self.by_kind[kind.index()] ^= to_bb;
                hash ^= KEYS.board[code as usize][to.index()];
                (to, kind, None, occ0 | to_bb)
            }
        };
        self.occupied = occ;
        self.turn = them;
        self.hash = hash;
        self.move_number += 1;
        // Checkers, incrementally: the moved piece itself, and a slider it uncovered.
        let eksq = self.kings[them.index()];
        let mut checkers =
            if gives_direct_check(us, kind, to, eksq, occ) { Bitboard::from_square(to) } else { Bitboard::EMPTY };
        if let Some(from) = from {
            // Discovered check: a slider of ours on the ray from the enemy king through `from`.
            if let Some(dir) = direction(eksq, from) {
                let k = &self.by_kind;
                let sliders = if dir.is_orthogonal() {
                    let lance_dir = if them == Color::Black { Dir::N } else { Dir::S };
                    let lances = if dir == lance_dir { k[PieceKind::Lance as usize] } else { Bitboard::EMPTY };
                    k[PieceKind::Rook as usize] | k[PieceKind::Dragon as usize] | lances
                } else {
                    k[PieceKind::Bishop as usize] | k[PieceKind::Horse as usize]
                };
                let candidates = dir.ray(eksq) & sliders & self.by_color[us.index()];
                if candidates.is_nonempty() {
                    checkers |= dir.attacks(eksq, occ) & candidates;
                }
            }
        }
        self.checkers = checkers;
        if LEGAL_BEFORE {
            debug_assert_eq!(self.checkers, self.attackers_to(eksq, us, occ), "incremental checkers");
        }
        Undo { captured, ..undo }
    }

    /// Takes back `mv`, which must be the last move played with [`Position::play_unchecked`]
    /// that returned `undo`.
    #[inline]
    pub fn undo_unchecked(&mut self, mv: Move, undo: Undo) {
        let us = self.turn.flip();
        let them = self.turn;
        self.turn = us;
        self.move_number -= 1;
        self.hash = undo.hash;
        self.checkers = undo.checkers;
        match mv {
            Move::Board { from, to, .. } | Move::Unpromote { from, to } => {
                let moved = Piece::from_code(self.board[to.index()]).expect("the moved piece");
                let orig = match mv {
                    Move::Board { promote: true, .. } => moved.kind.unpromoted(),
                    Move::Unpromote { .. } => moved.kind.promoted().unwrap_or(moved.kind),
                    _ => moved.kind,
                };
                let from_bb = Bitboard::from_square(from);
                let to_bb = Bitboard::from_square(to);
                self.board[from.index()] = Piece::new(us, orig).code();
                self.board[to.index()] = undo.captured;
                self.by_color[us.index()] ^= from_bb | to_bb;
                self.occupied ^= if undo.captured == 0 { from_bb | to_bb } else { from_bb };
                if orig == moved.kind {
                    self.by_kind[orig.index()] ^= from_bb | to_bb;
                } else {
                    self.by_kind[moved.kind.index()] ^= to_bb;
                    self.by_kind[orig.index()] ^= from_bb;
                }
                if orig == PieceKind::King {
                    self.kings[us.index()] = from;
                }
                if let Some(cap) = Piece::from_code(undo.captured) {
                    self.by_color[them.index()] ^= to_bb;
                    self.by_kind[cap.kind.index()] ^= to_bb;
                    self.hands[us.index()].remove(cap.kind.unpromoted());
                }
            }
            Move::Drop { kind, to } => {
                let to_bb = Bitboard::from_square(to);
                self.board[to.index()] = 0;
                self.by_color[us.index()] ^= to_bb;
                self.occupied ^= to_bb;
                self.by_kind[kind.index()] ^= to_bb;
                self.hands[us.index()].add(kind.unpromoted());
            }
        }
    }

    /// Applies a move as an over-the-board scoresheet records it: any move that can physically
    /// be made is applied, and the rule it breaks, if any, is returned. The position may then
    /// break the usual invariants (e.g. the side not to move in check, fesa-2017 9.4); the
    /// checkers are recomputed in full so that later moves are judged correctly. Use
    /// [`Position::violations`] to see what is wrong with such a position.
    pub fn play_lenient(&mut self, mv: Move) -> Result<Option<IllegalMove>, ImpossibleMove> {
        let us = self.turn;
        match mv {
            Move::Board { from, to, promote } => {
                let p = self.piece_at(from).ok_or(ImpossibleMove::NoPiece(from))?;
                if p.color != us {
                    return Err(ImpossibleMove::NotOwnPiece(from));
                }
                match self.piece_at(to) {
                    Some(q) if q.color == us => return Err(ImpossibleMove::OwnPieceOnTarget(to)),
                    Some(q) if q.kind == PieceKind::King => return Err(ImpossibleMove::CapturesKing(to)),
                    _ => {}
                }
                if promote && !p.kind.can_promote() {
                    return Err(ImpossibleMove::NoPromotedSide(p.kind));
                }
            }
            Move::Unpromote { from, to } => {
                let p = self.piece_at(from).ok_or(ImpossibleMove::NoPiece(from))?;
                if p.color != us {
                    return Err(ImpossibleMove::NotOwnPiece(from));
                }
                match self.piece_at(to) {
                    Some(q) if q.color == us => return Err(ImpossibleMove::OwnPieceOnTarget(to)),
                    Some(q) if q.kind == PieceKind::King => return Err(ImpossibleMove::CapturesKing(to)),
                    _ => {}
                }
                if !p.kind.is_promoted() {
                    return Err(ImpossibleMove::NotPromoted(p.kind));
                }
            }
            Move::Drop { kind, to } => {
                // A piece dropped promoted side up can be put down (fesa-2017 3.2 forbids it);
                // a king cannot be held at all.
                let held = kind.unpromoted();
                if !held.is_hand_kind() {
                    return Err(ImpossibleMove::NotDroppable(kind));
                }
                if !self.hands[us.index()].has(held) {
                    return Err(ImpossibleMove::NotInHand(held));
                }
                if self.occupied().contains(to) {
                    return Err(ImpossibleMove::DropOnOccupied(to));
                }
            }
        }
        let verdict = self.check_move(mv).err();
        self.play_unchecked_impl::<false>(mv);
        // The incremental update assumes a legal predecessor; recompute in full.
        self.checkers = self.attackers_to(self.kings[self.turn.index()], self.turn.flip(), self.occupied());
        Ok(verdict)
    }

    /// What makes this position one that legal play cannot reach (fesa-2017 9.4: "the position
    /// is still illegal"): the side not to move in check, nifu, dead pieces on the board.
    pub fn violations(&self) -> Vec<PositionError> {
        let mut out = Vec::new();
        let them = self.turn.flip();
        let ksq = self.kings[them.index()];
        if self.is_attacked(ksq, self.turn, self.occupied()) {
            out.push(PositionError::OpponentInCheck { color: them, square: ksq });
        }
        for c in Color::ALL {
            let pawns = self.pieces(c, PieceKind::Pawn);
            for f in crate::types::File::all() {
                if (pawns & Bitboard::file(f)).count() > 1 {
                    out.push(PositionError::Nifu { color: c, file: f.number() });
                }
            }
            for kind in [PieceKind::Pawn, PieceKind::Lance, PieceKind::Knight] {
                for sq in self.pieces(c, kind) & dead_squares(c, kind) {
                    out.push(PositionError::DeadPiece { piece: Piece::new(c, kind).sfen(), square: sq });
                }
            }
        }
        out
    }

    /// Plays `mv` if it is legal; otherwise returns why not and leaves the position unchanged.
    pub fn play(&mut self, mv: Move) -> Result<(), IllegalMove> {
        self.check_move(mv)?;
        self.play_unchecked(mv);
        Ok(())
    }

    /// The position after `mv` (which must be legal).
    pub fn after(&self, mv: Move) -> Position {
        let mut p = self.clone();
        p.play_unchecked(mv);
        p
    }

    /// Whether `mv` is legal here.
    #[inline]
    pub fn is_legal(&self, mv: Move) -> bool {
        self.check_move(mv).is_ok()
    }

    /// Checks one move without generating the others; the error names the rule it breaks.
    pub fn check_move(&self, mv: Move) -> Result<(), IllegalMove> {
        let us = self.turn;
        let them = us.flip();
        let occ = self.occupied();
        match mv {
            Move::Board { from, to, promote } => {
                let p = Piece::from_code(self.board[from.index()]).ok_or(IllegalMove::NoPiece(from))?;
                if p.color != us {
                    return Err(IllegalMove::NotOwnPiece(from));
                }
                if self.by_color[us.index()].contains(to) {
                    return Err(IllegalMove::OwnPieceOnTarget(to));
                }
                if !attacks(us, p.kind, from, occ).contains(to) {
                    return Err(IllegalMove::Unreachable { kind: p.kind, from, to });
                }
                if promote {
                    if !p.kind.can_promote() {
                        return Err(IllegalMove::PromotionNotAllowed(if p.kind.is_promoted() {
                            "the piece is already promoted"
                        } else {
                            "gold and king never promote"
                        }));
                    }
                    if !from.in_promotion_zone(us) && !to.in_promotion_zone(us) {
                        return Err(IllegalMove::PromotionNotAllowed(
                            "the move neither starts nor ends in the promotion zone",
                        ));
                    }
                } else if dead_squares(us, p.kind).contains(to) {
                    return Err(IllegalMove::MustPromote(to));
                }
                if p.kind == PieceKind::King {
                    if self.is_attacked(to, them, occ.without(from)) {
                        return Err(IllegalMove::KingInCheck);
                    }
                    return Ok(());
                }
                let ksq = self.kings[us.index()];
                if self.checkers.is_nonempty() {
                    if self.checkers.has_more_than_one() {
                        return Err(IllegalMove::KingInCheck);
                    }
                    let checker = self.checkers.first().expect("one checker");
                    if to != checker && !between(ksq, checker).contains(to) {
                        return Err(IllegalMove::KingInCheck);
                    }
                }
                if self.pinned(us).contains(from) && !line(ksq, from).contains(to) {
                    return Err(IllegalMove::KingInCheck);
                }
                Ok(())
            }
            Move::Unpromote { from, to } => {
                // The move as the promoted piece could make it, then the turning back, which no
                // rule allows (fesa-2017 3.2: a promotion stands until the piece is captured).
                self.check_move(Move::Board { from, to, promote: false })?;
                let kind = self.piece_at(from).map_or(PieceKind::Pawn, |p| p.kind);
                Err(IllegalMove::Unpromotion(kind))
            }
            Move::Drop { kind, to } => {
                if kind.is_promoted() && kind.unpromoted().is_hand_kind() {
                    return Err(IllegalMove::PromotedDrop(kind));
                }
                if !kind.is_hand_kind() {
                    return Err(IllegalMove::NotDroppable(kind));
                }
                if !self.hands[us.index()].has(kind) {
                    return Err(IllegalMove::NotInHand(kind));
                }
                if occ.contains(to) {
                    return Err(IllegalMove::DropOnOccupied(to));
                }
                if dead_squares(us, kind).contains(to) {
                    return Err(IllegalMove::DeadDrop(to));
                }
                if kind == PieceKind::Pawn
                    && (self.pieces(us, PieceKind::Pawn) & Bitboard::file(to.file())).is_nonempty()
                {
                    return Err(IllegalMove::Nifu);
                }
                if self.checkers.is_nonempty() {
                    let ksq = self.kings[us.index()];
                    if self.checkers.has_more_than_one() {
                        return Err(IllegalMove::KingInCheck);
                    }
                    let checker = self.checkers.first().expect("one checker");
                    if !between(ksq, checker).contains(to) {
                        return Err(IllegalMove::KingInCheck);
                    }
                }
                if kind == PieceKind::Pawn
                    && pawn_attacks(us, to).contains(self.kings[them.index()])
                    && self.is_pawn_drop_mate(to)
                {
                    return Err(IllegalMove::Uchifuzume);
                }
                Ok(())
            }
        }
    }

    /// Whether a pawn dropped by the side to move on `to`, directly in front of the enemy king,
    /// would be mate (uchifuzume, fesa-2017 3.11c). The check is a contact check, so it can only
    /// be answered by capturing the pawn or by moving the king.
    pub(crate) fn is_pawn_drop_mate(&self, to: Square) -> bool {
        let us = self.turn;
        let them = us.flip();
        let ksq = self.kings[them.index()];
        let occ = self.occupied().with(to);
        // Defenders (not the king) that can take the pawn and are not pinned once it stands there.
        let defenders = self.attackers_to(to, them, occ) & !Bitboard::from_square(ksq);
        if defenders.is_nonempty() {
            let pinned = self.king_blockers(them, occ) & self.by_color[them.index()];
            if (defenders & !pinned).is_nonempty() {
                return false;
            }
        }
        // King moves, including taking the pawn: our attacks are judged without the king on ksq.
        let occ_no_king = occ.without(ksq);
        let escapes = king_attacks(ksq) & !self.by_color[them.index()];
        for sq in escapes {
            if !self.is_attacked_with_extra(sq, us, occ_no_king, to) {
                return false;
            }
        }
        true
    }

    /// Like [`Self::is_attacked`] but with a pawn of `attacker` added on `pawn_sq` (not yet on the
    /// board), which attacks the square in front of it.
    #[inline]
    fn is_attacked_with_extra(&self, sq: Square, attacker: Color, occ: Bitboard, pawn_sq: Square) -> bool {
        if sq == pawn_sq {
            // Taking the pawn: the pawn itself does not defend its square.
            return self.is_attacked(sq, attacker, occ);
        }
        pawn_attacks(attacker, pawn_sq).contains(sq) || self.is_attacked(sq, attacker, occ)
    }

    /// Whether `mv` (legal) gives check.
    pub fn gives_check(&self, mv: Move) -> bool {
        let us = self.turn;
        let them = us.flip();
        let ksq = self.kings[them.index()];
        match mv {
            Move::Drop { kind, to } => attacks(us, kind, to, self.occupied()).contains(ksq),
            Move::Board { from, to, .. } | Move::Unpromote { from, to } => {
                let p = match Piece::from_code(self.board[from.index()]) {
                    Some(p) => p,
                    None => return false,
                };
                let kind = match mv {
                    Move::Board { promote: true, .. } => p.kind.promoted().unwrap_or(p.kind),
                    Move::Unpromote { .. } => p.kind.unpromoted(),
                    _ => p.kind,
                };
                let occ = self.occupied().without(from).with(to);
                if attacks(us, kind, to, occ).contains(ksq) {
                    return true;
                }
                // Discovered check: `from` was the only piece between the king and one of our
                // sliders, and the move leaves that line.
                if self.king_blockers(them, self.occupied()).contains(from) && !line(ksq, from).contains(to) {
                    // king_blockers covers blockers of either colour for sliders of `us`.
                    return true;
                }
                false
            }
        }
    }

    /// Whether the side to move is checkmated (fesa-2017 1.2).
    pub fn is_checkmate(&self) -> bool {
        self.is_check() && !self.has_legal_move()
    }

    /// Whether the side to move has no legal move at all (in shogi that only happens in check).
    pub fn has_legal_move(&self) -> bool {
        let mut list = crate::movegen::MoveList::new();
        self.legal_moves_into(&mut list);
        !list.is_empty()
    }
}

impl PartialEq for Position {
    /// Positions are equal when board, hands, side to move and move number agree.
    fn eq(&self, other: &Position) -> bool {
        self.same_position(other) && self.move_number == other.move_number
    }
}
impl Eq for Position {}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", crate::sfen::to_sfen(self))
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&crate::sfen::to_sfen(self))
    }
}

impl Default for Position {
    fn default() -> Self {
        Position::startpos()
    }
}
