//! SFEN (the USI protocol's position text): reading with validation, canonical writing.
//!
//! `lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1` — ranks a→i, each from file
//! 9 to file 1; uppercase is sente; `+` marks a promoted piece; then side, hands, move number.

use crate::position::{Position, PositionError};
use crate::types::{Color, Hand, Piece, PieceKind, SFEN_OF_CODE, Square};

pub const STARTPOS: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";

/// A SFEN that cannot be read, with the 1-based column where the problem was found.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("column {column}: {kind}")]
pub struct SfenError {
    pub column: usize,
    pub kind: SfenErrorKind,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SfenErrorKind {
    #[error("empty SFEN")]
    Empty,
    #[error("the board needs 9 ranks separated by '/', found {0}")]
    RankCount(usize),
    #[error("rank {rank} describes {files} files instead of 9")]
    RankWidth { rank: char, files: usize },
    #[error("unexpected character {0:?} on the board")]
    BoardChar(char),
    #[error("'+' must be followed by a promotable piece letter (P L N S B R)")]
    BadPromotion,
    #[error("side to move must be 'b' or 'w', found {0:?}")]
    Side(String),
    #[error("missing side to move")]
    MissingSide,
    #[error("bad hand text: {0}")]
    Hand(String),
    #[error("bad move number {0:?}")]
    MoveNumber(String),
    #[error("unexpected trailing text {0:?}")]
    Trailing(String),
    #[error("invalid position: {0}")]
    Invalid(#[from] PositionError),
}

fn err(column: usize, kind: SfenErrorKind) -> SfenError {
    SfenError { column, kind }
}

/// Parses a SFEN (the `sfen` keyword, if present, is skipped). The move number may be omitted.
pub fn parse_sfen(text: &str) -> Result<Position, SfenError> {
    // Fields with their 1-based start columns.
    let mut fields: Vec<(usize, &str)> = Vec::new();
    let mut start = None;
    for (i, ch) in text.char_indices() {
        if ch.is_whitespace() {
            if let Some(s) = start.take() {
                fields.push((s + 1, &text[s..i]));
            }
        } else if start.is_none() {
            start = Some(i);
        }
    }
    if let Some(s) = start {
        fields.push((s + 1, &text[s..]));
    }
    if fields.first().is_some_and(|f| f.1 == "sfen") {
        fields.remove(0);
    }
    let (bcol, board_text) = *fields.first().ok_or(err(1, SfenErrorKind::Empty))?;
    let board = parse_board(board_text, bcol)?;
    let (scol, side) = *fields.get(1).ok_or(err(bcol + board_text.len(), SfenErrorKind::MissingSide))?;
    let turn = match side {
        "b" => Color::Black,
        "w" => Color::White,
        _ => return Err(err(scol, SfenErrorKind::Side(side.to_string()))),
    };
    let hands = match fields.get(2) {
        Some(&(hcol, h)) => parse_hands(h, hcol)?,
        None => [Hand::EMPTY; 2],
    };
    let move_number = match fields.get(3) {
        Some(&(ncol, n)) => n.parse::<u32>().map_err(|_| err(ncol, SfenErrorKind::MoveNumber(n.to_string())))?,
        None => 1,
    };
    if let Some(&(tcol, t)) = fields.get(4) {
        return Err(err(tcol, SfenErrorKind::Trailing(t.to_string())));
    }
    Position::from_parts(board, hands, turn, move_number).map_err(|e| err(1, SfenErrorKind::Invalid(e)))
}

fn parse_board(text: &str, col0: usize) -> Result<[Option<Piece>; 81], SfenError> {
    let ranks: Vec<&str> = text.split('/').collect();
    if ranks.len() != 9 {
        return Err(err(col0, SfenErrorKind::RankCount(ranks.len())));
    }
    let mut board = [None; 81];
    let mut col = col0;
    for (r, rank_text) in ranks.iter().enumerate() {
        let rank_letter = (b'a' + r as u8) as char;
        let mut file: i32 = 9; // next file to fill
        let mut promoted = false;
        for (i, ch) in rank_text.char_indices() {
            let c = col + i;
            match ch {
                '1'..='9' if !promoted => {
                    file -= ch as i32 - '0' as i32;
                }
                '+' if !promoted => promoted = true,
                _ => {
                    let kind = PieceKind::from_sfen_letter(ch).ok_or(if promoted {
                        err(c, SfenErrorKind::BadPromotion)
                    } else {
                        err(c, SfenErrorKind::BoardChar(ch))
                    })?;
                    let kind =
                        if promoted { kind.promoted().ok_or(err(c, SfenErrorKind::BadPromotion))? } else { kind };
                    promoted = false;
                    if file < 1 {
                        return Err(err(c, SfenErrorKind::RankWidth { rank: rank_letter, files: 10 }));
                    }
                    let color = if ch.is_ascii_uppercase() { Color::Black } else { Color::White };
                    let sq = Square::from_numbers(file as u8, r as u8 + 1).expect("file and rank in range");
                    board[sq.index()] = Some(Piece::new(color, kind));
                    file -= 1;
                }
            }
            if file < 0 {
                return Err(err(c, SfenErrorKind::RankWidth { rank: rank_letter, files: (9 - file) as usize }));
            }
        }
        if promoted {
            return Err(err(col + rank_text.len(), SfenErrorKind::BadPromotion));
        }
        if file != 0 {
            return Err(err(col, SfenErrorKind::RankWidth { rank: rank_letter, files: (9 - file) as usize }));
        }
        col += rank_text.len() + 1;
    }
    Ok(board)
}

fn parse_hands(text: &str, col0: usize) -> Result<[Hand; 2], SfenError> {
    let mut hands = [Hand::EMPTY; 2];
    if text == "-" {
        return Ok(hands);
    }
    let mut count: Option<u32> = None;
    for (i, ch) in text.char_indices() {
        let c = col0 + i;
        if let Some(d) = ch.to_digit(10) {
            let n = count.unwrap_or(0) * 10 + d;
            if n > 18 {
                return Err(err(c, SfenErrorKind::Hand(format!("count {n} is more than a set holds"))));
            }
            count = Some(n);
            continue;
        }
        let kind = PieceKind::from_sfen_letter(ch).ok_or(err(c, SfenErrorKind::Hand(format!("unexpected {ch:?}"))))?;
        if kind == PieceKind::King {
            return Err(err(c, SfenErrorKind::Invalid(PositionError::KingInHand)));
        }
        let color = if ch.is_ascii_uppercase() { Color::Black } else { Color::White };
        let n = count.take().unwrap_or(1);
        if n == 0 {
            return Err(err(c, SfenErrorKind::Hand("a count of 0".into())));
        }
        let h = &mut hands[color.index()];
        let total = h.count(kind) as u32 + n;
        *h = u8::try_from(total)
            .ok()
            .and_then(|t| h.with_count(kind, t))
            .ok_or(err(c, SfenErrorKind::Hand(format!("{total} {kind:?} is more than a set holds"))))?;
    }
    if count.is_some() {
        return Err(err(col0 + text.len(), SfenErrorKind::Hand("a count without a piece".into())));
    }
    Ok(hands)
}

/// Canonical SFEN of the board part.
pub fn board_sfen(pos: &Position) -> String {
    let mut s = String::with_capacity(90);
    write_board(pos, &mut s);
    s
}

/// The board part of the SFEN, written at the end of `s` (a followed game's view writes one a
/// move).
fn write_board(pos: &Position, s: &mut String) {
    // Into bytes on the stack, then one copy: at most 2 bytes a square and 9 slashes. Ranks from
    // the top, files from 9 to 1; a square's index is file × 9 + rank (from 0).
    let codes = pos.codes();
    let mut buf = [0u8; 2 * 81 + 10];
    let mut n = 0;
    for rank in 0..9 {
        let mut empty = 0;
        for file in (0..9).rev() {
            let code = codes[file * 9 + rank];
            if code == 0 {
                empty += 1;
                continue;
            }
            if empty > 0 {
                buf[n] = b'0' + empty;
                n += 1;
                empty = 0;
            }
            let [a, b] = SFEN_OF_CODE[code as usize & 31];
            buf[n] = a;
            buf[n + 1] = b;
            n += 1 + usize::from(b != 0);
        }
        if empty > 0 {
            buf[n] = b'0' + empty;
            n += 1;
        }
        buf[n] = b'/';
        n += 1;
    }
    // The last rank's slash is not part of the SFEN.
    s.push_str(std::str::from_utf8(&buf[..n - 1]).expect("SFEN is ASCII"));
}

/// Hands in canonical SFEN order: sente's then gote's, each R B G S N L P; `-` if both empty.
pub fn hands_sfen(pos: &Position) -> String {
    let mut s = String::new();
    write_hands(pos, &mut s);
    s
}

/// The hands' part of the SFEN, written at the end of `s`.
fn write_hands(pos: &Position, s: &mut String) {
    let start = s.len();
    for color in Color::ALL {
        let h = pos.hand(color);
        for k in PieceKind::HAND_WRITTEN {
            let n = h.count(k);
            if n > 1 {
                s.push_str(itoa::Buffer::new().format(n));
            }
            if n > 0 {
                Piece::new(color, k).push_sfen(s);
            }
        }
    }
    if s.len() == start {
        s.push('-');
    }
}

/// Canonical SFEN of the whole position.
pub fn to_sfen(pos: &Position) -> String {
    let mut s = String::with_capacity(100);
    write_board(pos, &mut s);
    s.push(' ');
    s.push(pos.turn().sfen_char());
    s.push(' ');
    write_hands(pos, &mut s);
    s.push(' ');
    s.push_str(itoa::Buffer::new().format(pos.move_number()));
    s
}

impl Position {
    /// Reads a SFEN; see [`parse_sfen`].
    pub fn from_sfen(sfen: &str) -> Result<Position, SfenError> {
        parse_sfen(sfen)
    }
    /// Canonical SFEN; see [`to_sfen`].
    pub fn to_sfen(&self) -> String {
        to_sfen(self)
    }
}
