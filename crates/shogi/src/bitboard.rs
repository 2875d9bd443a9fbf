//! 81-square bitboards in one `u128` (bit = square index, see [`Square`]).

use crate::types::{Color, File, Rank, Square};
use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Bitboard(pub(crate) u128);

const ALL_BITS: u128 = (1u128 << 81) - 1;

impl Bitboard {
    pub const EMPTY: Bitboard = Bitboard(0);
    pub const FULL: Bitboard = Bitboard(ALL_BITS);

    #[inline]
    pub const fn from_square(sq: Square) -> Bitboard {
        Bitboard(1u128 << sq.index())
    }
    pub const fn file(file: File) -> Bitboard {
        Bitboard(0x1ffu128 << (file.index() * 9))
    }
    pub const fn rank(rank: Rank) -> Bitboard {
        let mut b = 0u128;
        let mut f = 0;
        while f < 9 {
            b |= 1u128 << (f * 9 + rank.index());
            f += 1;
        }
        Bitboard(b)
    }
    /// Ranks counted from `color`'s side: `from..=to` with 1 = the far (last) rank for `color`.
    pub const fn relative_ranks(color: Color, from: u8, to: u8) -> Bitboard {
        let mut b = 0u128;
        let mut r = 0u8;
        while r < 9 {
            let rel = match color {
                Color::Black => r + 1,
                Color::White => 9 - r,
            };
            if rel >= from && rel <= to {
                b |= Bitboard::rank(match Rank::from_index(r) {
                    Some(x) => x,
                    None => unreachable!(),
                })
                .0;
            }
            r += 1;
        }
        Bitboard(b)
    }
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }
    #[inline]
    pub const fn is_nonempty(self) -> bool {
        self.0 != 0
    }
    #[inline]
    pub const fn contains(self, sq: Square) -> bool {
        self.0 & (1u128 << sq.index()) != 0
    }
    #[inline]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }
    #[inline]
    pub const fn has_more_than_one(self) -> bool {
        self.0 & self.0.wrapping_sub(1) != 0
    }
    /// The lowest square, if any.
    #[inline]
    pub const fn first(self) -> Option<Square> {
        if self.0 == 0 { None } else { Some(Square::from_index_unchecked(self.0.trailing_zeros() as u8)) }
    }
    #[inline]
    pub fn pop(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let sq = Square::from_index_unchecked(self.0.trailing_zeros() as u8);
        self.0 &= self.0 - 1;
        Some(sq)
    }
    #[inline]
    pub const fn with(self, sq: Square) -> Bitboard {
        Bitboard(self.0 | (1u128 << sq.index()))
    }
    #[inline]
    pub const fn without(self, sq: Square) -> Bitboard {
        Bitboard(self.0 & !(1u128 << sq.index()))
    }
    #[inline]
    pub const fn toggled(self, sq: Square) -> Bitboard {
        Bitboard(self.0 ^ (1u128 << sq.index()))
    }
    #[inline]
    pub const fn and_not(self, other: Bitboard) -> Bitboard {
        Bitboard(self.0 & !other.0)
    }
    /// Every file that holds at least one square of `self`, as a full-file mask.
    #[inline]
    pub(crate) fn fill_files(self) -> Bitboard {
        // Per file, OR the nine bits down to the file's lowest bit, then spread back up.
        let mut x = self.0;
        x |= x >> 1;
        x |= x >> 2;
        x |= x >> 4;
        x |= x >> 1; // now bit (f*9) holds "any of bits f*9..f*9+8" for the lowest-bit lane
        let lows = x & FILE_LOW_BITS;
        Bitboard(lows * 0x1ff)
    }
}

/// Bit 0 of each file.
const FILE_LOW_BITS: u128 = {
    let mut b = 0u128;
    let mut f = 0;
    while f < 9 {
        b |= 1u128 << (f * 9);
        f += 1;
    }
    b
};

impl Iterator for Bitboard {
    type Item = Square;
    #[inline]
    fn next(&mut self) -> Option<Square> {
        self.pop()
    }
    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.count() as usize;
        (n, Some(n))
    }
}

macro_rules! binop {
    ($tr:ident, $f:ident, $tra:ident, $fa:ident, $op:tt) => {
        impl $tr for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $f(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl $tra for Bitboard {
            #[inline]
            fn $fa(&mut self, rhs: Bitboard) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}
binop!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
binop!(BitOr, bitor, BitOrAssign, bitor_assign, |);
binop!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0 & ALL_BITS)
    }
}

impl fmt::Debug for Bitboard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f)?;
        for r in Rank::all() {
            for fl in File::all().rev() {
                let sq = Square::new(fl, r);
                f.write_str(if self.contains(sq) { " X" } else { " ." })?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}
