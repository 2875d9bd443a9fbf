//! Attack tables. Step pieces use per-square tables built at compile time; sliders use ray
//! masks and the lowest/highest-blocker trick on the `u128` board (no magic tables to build).

use crate::bitboard::Bitboard;
use crate::types::{Color, PieceKind, Square};

/// (file delta, rank delta) steps; rank delta −1 is sente's forward.
const fn step_table(steps: &[(i8, i8)], color: Color) -> [Bitboard; 81] {
    let mut t = [Bitboard::EMPTY; 81];
    let mut sq = 0;
    while sq < 81 {
        let f = (sq / 9) as i8;
        let r = (sq % 9) as i8;
        let mut b = 0u128;
        let mut i = 0;
        while i < steps.len() {
            let (df, mut dr) = steps[i];
            if let Color::White = color {
                dr = -dr;
            }
            let (nf, nr) = (f + df, r + dr);
            if nf >= 0 && nf < 9 && nr >= 0 && nr < 9 {
                b |= 1u128 << (nf * 9 + nr);
            }
            i += 1;
        }
        t[sq] = Bitboard(b);
        sq += 1;
    }
    t
}

const PAWN_STEPS: [(i8, i8); 1] = [(0, -1)];
const KNIGHT_STEPS: [(i8, i8); 2] = [(-1, -2), (1, -2)];
const SILVER_STEPS: [(i8, i8); 5] = [(-1, -1), (0, -1), (1, -1), (-1, 1), (1, 1)];
const GOLD_STEPS: [(i8, i8); 6] = [(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (0, 1)];
const KING_STEPS: [(i8, i8); 8] = [(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)];

static PAWN: [[Bitboard; 81]; 2] = [step_table(&PAWN_STEPS, Color::Black), step_table(&PAWN_STEPS, Color::White)];
static KNIGHT: [[Bitboard; 81]; 2] = [step_table(&KNIGHT_STEPS, Color::Black), step_table(&KNIGHT_STEPS, Color::White)];
static SILVER: [[Bitboard; 81]; 2] = [step_table(&SILVER_STEPS, Color::Black), step_table(&SILVER_STEPS, Color::White)];
static GOLD: [[Bitboard; 81]; 2] = [step_table(&GOLD_STEPS, Color::Black), step_table(&GOLD_STEPS, Color::White)];
static KING: [Bitboard; 81] = step_table(&KING_STEPS, Color::Black);

/// Ray directions. `N` is toward rank a (sente's forward), `E` toward file 1.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[repr(usize)]
pub(crate) enum Dir {
    N = 0,
    NE = 1,
    E = 2,
    SE = 3,
    S = 4,
    SW = 5,
    W = 6,
    NW = 7,
}

const DIR_DELTA: [(i8, i8); 8] = [(0, -1), (-1, -1), (-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1)];

const fn ray_table() -> [[Bitboard; 81]; 8] {
    let mut t = [[Bitboard::EMPTY; 81]; 8];
    let mut d = 0;
    while d < 8 {
        let (df, dr) = DIR_DELTA[d];
        let mut sq = 0;
        while sq < 81 {
            let mut f = (sq / 9) as i8 + df;
            let mut r = (sq % 9) as i8 + dr;
            let mut b = 0u128;
            while f >= 0 && f < 9 && r >= 0 && r < 9 {
                b |= 1u128 << (f * 9 + r);
                f += df;
                r += dr;
            }
            t[d][sq] = Bitboard(b);
            sq += 1;
        }
        d += 1;
    }
    t
}

static RAYS: [[Bitboard; 81]; 8] = ray_table();

const DIRS: [Dir; 8] = [Dir::N, Dir::NE, Dir::E, Dir::SE, Dir::S, Dir::SW, Dir::W, Dir::NW];

/// `DIRECTION[a][b]`: 1 + the direction from `a` toward `b` when they share a line, else 0.
/// A byte table (6.5 KB) stays in L1 where the 16-byte line tables would not.
const fn direction_table() -> [[u8; 81]; 81] {
    let rays = ray_table();
    let mut t = [[0u8; 81]; 81];
    let mut a = 0;
    while a < 81 {
        let mut d = 0;
        while d < 8 {
            let mut b = 0;
            while b < 81 {
                if rays[d][a].0 & (1u128 << b) != 0 {
                    t[a][b] = d as u8 + 1;
                }
                b += 1;
            }
            d += 1;
        }
        a += 1;
    }
    t
}

static DIRECTION: [[u8; 81]; 81] = direction_table();

const fn distance_table() -> [[u8; 81]; 81] {
    let mut t = [[0u8; 81]; 81];
    let mut a = 0;
    while a < 81 {
        let mut b = 0;
        while b < 81 {
            let df = (a / 9) as i32 - (b / 9) as i32;
            let dr = (a % 9) as i32 - (b % 9) as i32;
            let df = if df < 0 { -df } else { df };
            let dr = if dr < 0 { -dr } else { dr };
            t[a][b] = if df > dr { df as u8 } else { dr as u8 };
            b += 1;
        }
        a += 1;
    }
    t
}

static DISTANCE: [[u8; 81]; 81] = distance_table();

/// King-move (Chebyshev) distance between two squares.
#[inline(always)]
pub(crate) fn distance(a: Square, b: Square) -> u8 {
    DISTANCE[a.index()][b.index()]
}

/// The direction from `a` toward `b`, if they share a file, rank or diagonal.
#[inline(always)]
pub(crate) fn direction(a: Square, b: Square) -> Option<Dir> {
    match DIRECTION[a.index()][b.index()] {
        0 => None,
        d => Some(DIRS[d as usize - 1]),
    }
}

impl Dir {
    /// Along a file or rank (rook-like) rather than a diagonal.
    #[inline(always)]
    pub(crate) const fn is_orthogonal(self) -> bool {
        (self as usize).is_multiple_of(2)
    }
    #[inline(always)]
    pub(crate) fn ray(self, sq: Square) -> Bitboard {
        RAYS[self as usize][sq.index()]
    }
    /// Squares reached from `sq` along this direction, up to and including the first blocker.
    #[inline(always)]
    pub(crate) fn attacks(self, sq: Square, occ: Bitboard) -> Bitboard {
        Bitboard(match self {
            Dir::N | Dir::NE | Dir::E | Dir::SE => negative_ray(self, sq, occ),
            _ => positive_ray(self, sq, occ),
        })
    }
}

/// Ray toward higher square indices (S, SW, W, NW): the first blocker is the lowest bit.
#[inline(always)]
fn positive_ray(dir: Dir, sq: Square, occ: Bitboard) -> u128 {
    let ray = RAYS[dir as usize][sq.index()].0;
    let b = occ.0 & ray;
    ray & (b ^ b.wrapping_sub(1))
}

/// Ray toward lower indices (N, NE, E, SE): the first blocker is the highest bit. Bit 0 is a
/// sentinel: when it is on the ray it is the ray's last square, so the result is the same.
#[inline(always)]
fn negative_ray(dir: Dir, sq: Square, occ: Bitboard) -> u128 {
    let ray = RAYS[dir as usize][sq.index()].0;
    let b = (occ.0 & ray) | 1;
    ray & (u128::MAX << (127 - b.leading_zeros()))
}

#[inline]
pub fn pawn_attacks(color: Color, sq: Square) -> Bitboard {
    PAWN[color.index()][sq.index()]
}
#[inline]
pub fn knight_attacks(color: Color, sq: Square) -> Bitboard {
    KNIGHT[color.index()][sq.index()]
}
#[inline]
pub fn silver_attacks(color: Color, sq: Square) -> Bitboard {
    SILVER[color.index()][sq.index()]
}
#[inline]
pub fn gold_attacks(color: Color, sq: Square) -> Bitboard {
    GOLD[color.index()][sq.index()]
}
#[inline]
pub fn king_attacks(sq: Square) -> Bitboard {
    KING[sq.index()]
}
#[inline]
pub fn lance_attacks(color: Color, sq: Square, occ: Bitboard) -> Bitboard {
    match color {
        Color::Black => Bitboard(negative_ray(Dir::N, sq, occ)),
        Color::White => Bitboard(positive_ray(Dir::S, sq, occ)),
    }
}
/// Squares a lance of `color` on `sq` would reach on an empty board.
#[inline]
pub fn lance_pseudo_attacks(color: Color, sq: Square) -> Bitboard {
    match color {
        Color::Black => RAYS[Dir::N as usize][sq.index()],
        Color::White => RAYS[Dir::S as usize][sq.index()],
    }
}
#[inline]
pub fn rook_attacks(sq: Square, occ: Bitboard) -> Bitboard {
    Bitboard(
        negative_ray(Dir::N, sq, occ)
            | positive_ray(Dir::S, sq, occ)
            | negative_ray(Dir::E, sq, occ)
            | positive_ray(Dir::W, sq, occ),
    )
}
#[inline]
pub fn bishop_attacks(sq: Square, occ: Bitboard) -> Bitboard {
    Bitboard(
        negative_ray(Dir::NE, sq, occ)
            | negative_ray(Dir::SE, sq, occ)
            | positive_ray(Dir::SW, sq, occ)
            | positive_ray(Dir::NW, sq, occ),
    )
}
#[inline]
pub fn rook_pseudo_attacks(sq: Square) -> Bitboard {
    let i = sq.index();
    RAYS[Dir::N as usize][i] | RAYS[Dir::S as usize][i] | RAYS[Dir::E as usize][i] | RAYS[Dir::W as usize][i]
}
#[inline]
pub fn bishop_pseudo_attacks(sq: Square) -> Bitboard {
    let i = sq.index();
    RAYS[Dir::NE as usize][i] | RAYS[Dir::SE as usize][i] | RAYS[Dir::SW as usize][i] | RAYS[Dir::NW as usize][i]
}

/// Attacks of any piece on `sq` given the occupancy.
#[inline]
pub fn attacks(color: Color, kind: PieceKind, sq: Square, occ: Bitboard) -> Bitboard {
    match kind {
        PieceKind::Pawn => pawn_attacks(color, sq),
        PieceKind::Lance => lance_attacks(color, sq, occ),
        PieceKind::Knight => knight_attacks(color, sq),
        PieceKind::Silver => silver_attacks(color, sq),
        PieceKind::Gold | PieceKind::ProPawn | PieceKind::ProLance | PieceKind::ProKnight | PieceKind::ProSilver => {
            gold_attacks(color, sq)
        }
        PieceKind::Bishop => bishop_attacks(sq, occ),
        PieceKind::Rook => rook_attacks(sq, occ),
        PieceKind::King => king_attacks(sq),
        PieceKind::Horse => bishop_attacks(sq, occ) | king_attacks(sq),
        PieceKind::Dragon => rook_attacks(sq, occ) | king_attacks(sq),
    }
}

const fn line_tables() -> ([[Bitboard; 81]; 81], [[Bitboard; 81]; 81]) {
    let mut between = [[Bitboard::EMPTY; 81]; 81];
    let mut line = [[Bitboard::EMPTY; 81]; 81];
    let rays = ray_table();
    let mut a = 0;
    while a < 81 {
        let mut d = 0;
        while d < 8 {
            let ray = rays[d][a].0;
            let opposite = rays[(d + 4) % 8][a].0;
            let mut b = 0;
            while b < 81 {
                if ray & (1u128 << b) != 0 {
                    // between: squares of the ray from a that are before b.
                    between[a][b] = Bitboard(ray & rays[(d + 4) % 8][b].0);
                    line[a][b] = Bitboard(ray | opposite | (1u128 << a));
                }
                b += 1;
            }
            d += 1;
        }
        a += 1;
    }
    (between, line)
}

static LINES: ([[Bitboard; 81]; 81], [[Bitboard; 81]; 81]) = line_tables();

/// Squares strictly between `a` and `b` when they share a line, else empty.
#[inline]
pub fn between(a: Square, b: Square) -> Bitboard {
    LINES.0[a.index()][b.index()]
}
/// The whole line (file, rank or diagonal) through `a` and `b`, or empty if they share none.
#[inline]
pub fn line(a: Square, b: Square) -> Bitboard {
    LINES.1[a.index()][b.index()]
}
