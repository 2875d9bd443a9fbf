//! The small typed core: colours, squares, pieces, hands and moves.
//!
//! Squares are indexed `file_index * 9 + rank_index` (file 1 → index 0, rank a → index 0), so a
//! file is 9 contiguous bits of a [`Bitboard`](crate::Bitboard) and sente's "forward" is index − 1.

use std::fmt;
use std::fmt::Write as _;

/// A player. `Black` is sente (moves first in even games), `White` is gote (docs/rules.md §1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Color {
    Black = 0,
    White = 1,
}

impl Color {
    pub const ALL: [Color; 2] = [Color::Black, Color::White];

    #[inline]
    pub const fn flip(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// `'b'` / `'w'` as in SFEN.
    pub const fn sfen_char(self) -> char {
        match self {
            Color::Black => 'b',
            Color::White => 'w',
        }
    }
}

impl std::ops::Not for Color {
    type Output = Color;
    #[inline]
    fn not(self) -> Color {
        self.flip()
    }
}

/// A file, numbered 1–9 from the right as seen by sente.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct File(u8);

impl File {
    /// File number 1..=9.
    pub const fn new(number: u8) -> Option<File> {
        if number >= 1 && number <= 9 { Some(File(number - 1)) } else { None }
    }
    pub const fn from_index(index: u8) -> Option<File> {
        if index < 9 { Some(File(index)) } else { None }
    }
    /// 1..=9
    #[inline]
    pub const fn number(self) -> u8 {
        self.0 + 1
    }
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
    pub fn all() -> impl DoubleEndedIterator<Item = File> {
        (0..9).map(File)
    }
}

/// A rank, a–i (一–九) from the top (gote's side).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Rank(u8);

impl Rank {
    /// Rank number 1..=9 (1 = a = 一).
    pub const fn new(number: u8) -> Option<Rank> {
        if number >= 1 && number <= 9 { Some(Rank(number - 1)) } else { None }
    }
    pub const fn from_index(index: u8) -> Option<Rank> {
        if index < 9 { Some(Rank(index)) } else { None }
    }
    /// 1..=9
    #[inline]
    pub const fn number(self) -> u8 {
        self.0 + 1
    }
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
    /// `'a'..='i'`
    pub const fn letter(self) -> char {
        (b'a' + self.0) as char
    }
    pub fn all() -> impl DoubleEndedIterator<Item = Rank> {
        (0..9).map(Rank)
    }
    /// Rank counted from `color`'s own side: 1 = the far rank (last rank) for that colour.
    #[inline]
    pub const fn relative_to(self, color: Color) -> u8 {
        match color {
            Color::Black => self.0 + 1,
            Color::White => 9 - self.0,
        }
    }
}

/// One of the 81 squares.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    pub const NUM: usize = 81;

    #[inline]
    pub const fn new(file: File, rank: Rank) -> Square {
        Square(file.0 * 9 + rank.0)
    }
    #[inline]
    pub const fn from_index(index: u8) -> Option<Square> {
        if index < 81 { Some(Square(index)) } else { None }
    }
    /// # Safety-free but unchecked: `index` must be < 81 (debug-asserted).
    #[inline]
    pub(crate) const fn from_index_unchecked(index: u8) -> Square {
        debug_assert!(index < 81);
        Square(index)
    }
    /// From file and rank numbers 1..=9 (e.g. 7, 6 → 7f).
    pub const fn from_numbers(file: u8, rank: u8) -> Option<Square> {
        if file >= 1 && file <= 9 && rank >= 1 && rank <= 9 { Some(Square((file - 1) * 9 + rank - 1)) } else { None }
    }
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
    #[inline]
    pub const fn file(self) -> File {
        File(self.0 / 9)
    }
    #[inline]
    pub const fn rank(self) -> Rank {
        Rank(self.0 % 9)
    }
    /// The same square seen from the other side (180° rotation).
    #[inline]
    pub const fn rotate(self) -> Square {
        Square(80 - self.0)
    }
    pub fn all() -> impl DoubleEndedIterator<Item = Square> + Clone {
        (0..81).map(Square)
    }
    /// Whether the square is in `color`'s promotion zone (the far three ranks; fesa-2017 3.2).
    #[inline]
    pub const fn in_promotion_zone(self, color: Color) -> bool {
        self.rank().relative_to(color) <= 3
    }
    /// Parses USI square text such as `7f`.
    pub fn from_usi(s: &str) -> Option<Square> {
        let b = s.as_bytes();
        if b.len() != 2 {
            return None;
        }
        let file = b[0].checked_sub(b'0')?;
        let rank = b[1].checked_sub(b'a')?.checked_add(1)?;
        Square::from_numbers(file, rank)
    }
}

impl Square {
    /// The USI form's two characters (file digit, rank letter).
    #[inline]
    fn usi_chars(self) -> [char; 2] {
        [(b'0' + self.file().number()) as char, self.rank().letter()]
    }

    /// Appends the USI form to `s` (the views write every legal move: no formatter machinery).
    #[inline]
    pub fn push_usi(self, s: &mut String) {
        s.extend(self.usi_chars());
    }
}

impl fmt::Display for Square {
    /// USI form: file digit then rank letter, e.g. `7f`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [a, b] = self.usi_chars();
        f.write_char(a)?;
        f.write_char(b)
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// The kind of a piece, promoted kinds included. Hand kinds are the first seven.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum PieceKind {
    Pawn = 0,
    Lance = 1,
    Knight = 2,
    Silver = 3,
    Bishop = 4,
    Rook = 5,
    Gold = 6,
    King = 7,
    ProPawn = 8,
    ProLance = 9,
    ProKnight = 10,
    ProSilver = 11,
    Horse = 12,
    Dragon = 13,
}

impl PieceKind {
    pub const NUM: usize = 14;
    pub const ALL: [PieceKind; 14] = [
        PieceKind::Pawn,
        PieceKind::Lance,
        PieceKind::Knight,
        PieceKind::Silver,
        PieceKind::Bishop,
        PieceKind::Rook,
        PieceKind::Gold,
        PieceKind::King,
        PieceKind::ProPawn,
        PieceKind::ProLance,
        PieceKind::ProKnight,
        PieceKind::ProSilver,
        PieceKind::Horse,
        PieceKind::Dragon,
    ];
    /// The kinds a player can hold in hand, in the conventional order R B G S N L P reversed
    /// (index order: P L N S B R G).
    pub const HAND: [PieceKind; 7] = [
        PieceKind::Pawn,
        PieceKind::Lance,
        PieceKind::Knight,
        PieceKind::Silver,
        PieceKind::Bishop,
        PieceKind::Rook,
        PieceKind::Gold,
    ];

    /// The kinds in hand in the order records write them: R B G S N L P (SFEN, CSA, KIF).
    pub const HAND_WRITTEN: [PieceKind; 7] = [
        PieceKind::Rook,
        PieceKind::Bishop,
        PieceKind::Gold,
        PieceKind::Silver,
        PieceKind::Knight,
        PieceKind::Lance,
        PieceKind::Pawn,
    ];

    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }
    pub const fn from_index(i: usize) -> Option<PieceKind> {
        if i < 14 { Some(PieceKind::ALL[i]) } else { None }
    }
    /// P, L, N, S, B, R can promote; G and K cannot (fesa-2017 3.2).
    #[inline]
    pub const fn can_promote(self) -> bool {
        (self as u8) < 6
    }
    #[inline]
    pub const fn is_promoted(self) -> bool {
        (self as u8) >= 8
    }
    pub const fn promoted(self) -> Option<PieceKind> {
        if self.can_promote() { Some(PieceKind::ALL[self as usize + 8]) } else { None }
    }
    /// The kind as it goes to hand when captured: promoted pieces revert (fesa-2017 3.1).
    #[inline]
    pub const fn unpromoted(self) -> PieceKind {
        if self.is_promoted() { PieceKind::ALL[self as usize - 8] } else { self }
    }
    /// Whether pieces of this kind may be held in hand and dropped.
    #[inline]
    pub const fn is_hand_kind(self) -> bool {
        (self as u8) < 7
    }
    /// Whether this kind moves like a gold (gold and the promoted small pieces).
    #[inline]
    pub const fn moves_like_gold(self) -> bool {
        matches!(
            self,
            PieceKind::Gold | PieceKind::ProPawn | PieceKind::ProLance | PieceKind::ProKnight | PieceKind::ProSilver
        )
    }
    /// Impasse points: rook and bishop 5, king 0, every other piece 1; promoted pieces count as
    /// unpromoted (ufs-2016 5.8.6; fesa-2017 5.3).
    #[inline]
    pub const fn impasse_points(self) -> u32 {
        match self.unpromoted() {
            PieceKind::Rook | PieceKind::Bishop => 5,
            PieceKind::King => 0,
            _ => 1,
        }
    }
    /// The unpromoted SFEN letter (uppercase).
    pub const fn sfen_letter(self) -> char {
        match self.unpromoted() {
            PieceKind::Pawn => 'P',
            PieceKind::Lance => 'L',
            PieceKind::Knight => 'N',
            PieceKind::Silver => 'S',
            PieceKind::Bishop => 'B',
            PieceKind::Rook => 'R',
            PieceKind::Gold => 'G',
            _ => 'K',
        }
    }
    /// Unpromoted kind from its SFEN letter (either case).
    pub const fn from_sfen_letter(c: char) -> Option<PieceKind> {
        Some(match c.to_ascii_uppercase() {
            'P' => PieceKind::Pawn,
            'L' => PieceKind::Lance,
            'N' => PieceKind::Knight,
            'S' => PieceKind::Silver,
            'B' => PieceKind::Bishop,
            'R' => PieceKind::Rook,
            'G' => PieceKind::Gold,
            'K' => PieceKind::King,
            _ => return None,
        })
    }
    /// How many pieces of this unpromoted kind a full set has (both sides together).
    pub const fn total_count(self) -> u8 {
        match self.unpromoted() {
            PieceKind::Pawn => 18,
            PieceKind::Lance | PieceKind::Knight | PieceKind::Silver | PieceKind::Gold => 4,
            _ => 2,
        }
    }
}

/// A piece on the board: a kind and an owner.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Piece {
    pub color: Color,
    pub kind: PieceKind,
}

impl Piece {
    #[inline]
    pub const fn new(color: Color, kind: PieceKind) -> Piece {
        Piece { color, kind }
    }
    /// SFEN text: `P`, `+p`, `K` …
    pub fn sfen(self) -> String {
        let mut s = String::with_capacity(2);
        self.push_sfen(&mut s);
        s
    }
    /// The SFEN text at the end of `s`, without a `String` of its own (a board's SFEN writes 40).
    pub(crate) fn push_sfen(self, s: &mut String) {
        let [a, b] = self.sfen_bytes();
        s.push(a as char);
        if b != 0 {
            s.push(b as char);
        }
    }
    /// The SFEN text as bytes: the letter, after `+` when promoted (then the second is 0).
    pub(crate) const fn sfen_bytes(self) -> [u8; 2] {
        let c = self.kind.sfen_letter() as u8;
        let c = if matches!(self.color, Color::Black) { c } else { c.to_ascii_lowercase() };
        if self.kind.is_promoted() { [b'+', c] } else { [c, 0] }
    }
    #[inline]
    pub(crate) const fn code(self) -> u8 {
        // 1..=28, 0 is reserved for "empty".
        1 + self.color as u8 * 14 + self.kind as u8
    }
    #[inline]
    pub(crate) const fn from_code(code: u8) -> Option<Piece> {
        PIECE_FROM_CODE[code as usize]
    }
}

/// Each code's SFEN text ([`Piece::sfen_bytes`]); code 0, the empty square, has none.
pub(crate) const SFEN_OF_CODE: [[u8; 2]; 32] = {
    let mut t = [[0; 2]; 32];
    let mut code = 1;
    while code <= 28 {
        if let Some(p) = PIECE_FROM_CODE[code] {
            t[code] = p.sfen_bytes();
        }
        code += 1;
    }
    t
};

const PIECE_FROM_CODE: [Option<Piece>; 32] = {
    let mut t = [None; 32];
    let mut code = 1;
    while code <= 28 {
        let c = code - 1;
        let color = if c >= 14 { Color::White } else { Color::Black };
        t[code] = Some(Piece { color, kind: PieceKind::ALL[c % 14] });
        code += 1;
    }
    t
};

/// The pieces one player holds in hand, packed into one word.
///
/// Layout (bit offsets): P 0 (5 bits), L 6, N 10, S 14, B 18, R 21, G 24 (3 bits each, 2 for B, R
/// but kept at 3 for simplicity). Counts never exceed the set's totals.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Hand(u32);

const HAND_SHIFT: [u32; 7] = [0, 6, 10, 14, 18, 22, 26];
const HAND_MASK: [u32; 7] = [0x1f, 0x7, 0x7, 0x7, 0x3, 0x3, 0x7];

impl Hand {
    pub const EMPTY: Hand = Hand(0);

    /// Number of pieces of `kind` (unpromoted hand kind) held.
    #[inline]
    pub const fn count(self, kind: PieceKind) -> u8 {
        let i = kind as usize;
        if i >= 7 {
            return 0;
        }
        ((self.0 >> HAND_SHIFT[i]) & HAND_MASK[i]) as u8
    }
    #[inline]
    pub const fn has(self, kind: PieceKind) -> bool {
        self.count(kind) > 0
    }
    /// Sets the count; `None` when `kind` cannot be in hand or `n` exceeds the set's total.
    pub fn with_count(self, kind: PieceKind, n: u8) -> Option<Hand> {
        let i = kind as usize;
        if i >= 7 || n > kind.total_count() {
            return None;
        }
        let cleared = self.0 & !(HAND_MASK[i] << HAND_SHIFT[i]);
        Some(Hand(cleared | ((n as u32) << HAND_SHIFT[i])))
    }
    #[inline]
    pub(crate) fn add(&mut self, kind: PieceKind) {
        debug_assert!(kind.is_hand_kind());
        self.0 += 1 << HAND_SHIFT[kind as usize];
    }
    #[inline]
    pub(crate) fn remove(&mut self, kind: PieceKind) {
        debug_assert!(self.has(kind));
        self.0 -= 1 << HAND_SHIFT[kind as usize];
    }
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }
    /// Total number of pieces held.
    pub fn len(self) -> u32 {
        PieceKind::HAND.iter().map(|&k| self.count(k) as u32).sum()
    }
    /// Impasse points of the pieces in hand (ufs-2016 5.8.6).
    pub fn impasse_points(self) -> u32 {
        PieceKind::HAND.iter().map(|&k| self.count(k) as u32 * k.impasse_points()).sum()
    }
    /// (kind, count) for every kind held, in hand index order.
    pub fn iter(self) -> impl Iterator<Item = (PieceKind, u8)> {
        PieceKind::HAND.into_iter().map(move |k| (k, self.count(k))).filter(|&(_, n)| n > 0)
    }
}

impl fmt::Debug for Hand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}

/// A move: a board move (with or without promotion) or a drop from hand; or, as only a
/// scoresheet can hold it, a promoted piece moved and turned back face down.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Move {
    Board {
        from: Square,
        to: Square,
        promote: bool,
    },
    Drop {
        kind: PieceKind,
        to: Square,
    },
    /// A promoted piece moved from `from` to `to` and put down unpromoted. Never legal (the
    /// promotion stays until the piece is captured: fesa-2017 3.2; ufs-2016 5.8.3.2), never
    /// generated; the record readers keep it so that the referee judges it. USI has no notation
    /// for it: shinpan writes `2b2h-`.
    Unpromote {
        from: Square,
        to: Square,
    },
}

impl Move {
    #[inline]
    pub const fn to(self) -> Square {
        match self {
            Move::Board { to, .. } | Move::Drop { to, .. } | Move::Unpromote { to, .. } => to,
        }
    }
    #[inline]
    pub const fn from(self) -> Option<Square> {
        match self {
            Move::Board { from, .. } | Move::Unpromote { from, .. } => Some(from),
            Move::Drop { .. } => None,
        }
    }
    #[inline]
    pub const fn is_drop(self) -> bool {
        matches!(self, Move::Drop { .. })
    }
    #[inline]
    pub const fn is_promotion(self) -> bool {
        matches!(self, Move::Board { promote: true, .. })
    }
}

impl fmt::Display for Move {
    /// USI notation: `7g7f`, `8h2b+`, `P*5e`; for the acts USI cannot write, shinpan's
    /// `+R*5e` (dropped promoted side up) and `2h2b-` (a promoted piece put down unpromoted).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Move::Board { from, to, promote } => {
                write!(f, "{from}{to}")?;
                if promote {
                    f.write_str("+")?;
                }
                Ok(())
            }
            // A drop promoted side up (only a scoresheet holds it): shinpan writes `+R*5e`.
            Move::Drop { kind, to } if kind.is_promoted() => write!(f, "+{}*{}", kind.sfen_letter(), to),
            Move::Drop { kind, to } => write!(f, "{}*{}", kind.sfen_letter(), to),
            Move::Unpromote { from, to } => write!(f, "{from}{to}-"),
        }
    }
}
