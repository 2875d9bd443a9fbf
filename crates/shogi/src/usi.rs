//! USI move text (`7g7f`, `8h2b+`, `P*5e`) and `position startpos|sfen … moves …` commands.

use crate::position::{IllegalMove, Position};
use crate::sfen::{STARTPOS, SfenError, parse_sfen};
use crate::types::{Move, PieceKind, Square};

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum UsiError {
    #[error("column {column}: {text:?} is not a USI move")]
    Syntax { column: usize, text: String },
    #[error("column {column}: move {number} {text:?} is illegal: {reason} ({})", reason.article())]
    Illegal { column: usize, number: usize, text: String, reason: IllegalMove },
    #[error("bad position: {0}")]
    Sfen(#[from] SfenError),
    #[error("column {column}: expected {expected}")]
    Expected { column: usize, expected: &'static str },
}

/// Parses a move's text without a position (syntax only).
pub fn parse_move(text: &str) -> Option<Move> {
    let b = text.as_bytes();
    match b {
        [p, b'*', f, r] => {
            let kind = PieceKind::from_sfen_letter(*p as char)?;
            if !kind.is_hand_kind() || !p.is_ascii_uppercase() {
                return None;
            }
            let to = Square::from_usi(std::str::from_utf8(&[*f, *r]).ok()?)?;
            Some(Move::Drop { kind, to })
        }
        // `+R*5e`: shinpan's spelling of a piece dropped promoted side up (not USI).
        [b'+', p, b'*', f, r] => {
            let kind = PieceKind::from_sfen_letter(*p as char)?;
            if !kind.is_hand_kind() || !p.is_ascii_uppercase() {
                return None;
            }
            let to = Square::from_usi(std::str::from_utf8(&[*f, *r]).ok()?)?;
            Some(Move::Drop { kind: kind.promoted()?, to })
        }
        [f1, r1, f2, r2, rest @ ..] if rest.is_empty() || rest == b"+" || rest == b"-" => {
            let from = Square::from_usi(std::str::from_utf8(&[*f1, *r1]).ok()?)?;
            let to = Square::from_usi(std::str::from_utf8(&[*f2, *r2]).ok()?)?;
            if from == to {
                return None;
            }
            // `-`: shinpan's spelling of a promoted piece put down unpromoted (not USI).
            Some(if rest == b"-" {
                Move::Unpromote { from, to }
            } else {
                Move::Board { from, to, promote: !rest.is_empty() }
            })
        }
        _ => None,
    }
}

/// Parses a move and checks that it is legal in `pos`.
pub fn parse_legal_move(pos: &Position, text: &str) -> Result<Move, UsiError> {
    let mv = parse_move(text).ok_or_else(|| UsiError::Syntax { column: 1, text: text.into() })?;
    pos.check_move(mv).map_err(|reason| UsiError::Illegal { column: 1, number: 1, text: text.into(), reason })?;
    Ok(mv)
}

/// A USI `position` command, read: the start position and the moves played from it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UsiPosition {
    pub start: Position,
    pub moves: Vec<Move>,
}

impl UsiPosition {
    /// The position after all the moves.
    pub fn current(&self) -> Position {
        let mut p = self.start.clone();
        for &m in &self.moves {
            p.play_unchecked(m);
        }
        p
    }
}

/// Reads `[position] startpos|sfen <sfen> [moves m1 m2 …]`, checking every move's legality.
pub fn parse_position_command(text: &str) -> Result<UsiPosition, UsiError> {
    let tokens: Vec<(usize, &str)> = tokens_with_columns(text);
    let mut i = 0;
    if tokens.first().is_some_and(|t| t.1 == "position") {
        i += 1;
    }
    let start = match tokens.get(i) {
        Some((_, "startpos")) => {
            i += 1;
            parse_sfen(STARTPOS)?
        }
        Some((_, "sfen")) => {
            i += 1;
            let end = tokens[i..].iter().position(|t| t.1 == "moves").map_or(tokens.len(), |p| p + i);
            let sfen: Vec<&str> = tokens[i..end].iter().map(|t| t.1).collect();
            let col0 = tokens.get(i).map_or(1, |t| t.0);
            let p = parse_sfen(&sfen.join(" ")).map_err(|mut e| {
                e.column += col0 - 1;
                e
            })?;
            i = end;
            p
        }
        Some(&(column, _)) => return Err(UsiError::Expected { column, expected: "startpos or sfen" }),
        None => return Err(UsiError::Expected { column: text.len() + 1, expected: "startpos or sfen" }),
    };
    let mut moves = Vec::new();
    if let Some(&(column, t)) = tokens.get(i) {
        if t != "moves" {
            return Err(UsiError::Expected { column, expected: "moves" });
        }
        let mut pos = start.clone();
        for (n, &(column, t)) in tokens[i + 1..].iter().enumerate() {
            let mv = parse_move(t).ok_or_else(|| UsiError::Syntax { column, text: t.into() })?;
            pos.check_move(mv).map_err(|reason| UsiError::Illegal { column, number: n + 1, text: t.into(), reason })?;
            pos.play_unchecked(mv);
            moves.push(mv);
        }
    }
    Ok(UsiPosition { start, moves })
}

/// Canonical `position` command: `position startpos [moves …]` or `position sfen … [moves …]`.
pub fn position_command(start: &Position, moves: &[Move]) -> String {
    let sfen = start.to_sfen();
    let mut s = if sfen == STARTPOS { "position startpos".to_string() } else { format!("position sfen {sfen}") };
    if !moves.is_empty() {
        s.push_str(" moves");
        for m in moves {
            s.push(' ');
            s.push_str(&m.to_string());
        }
    }
    s
}

/// The whitespace-separated tokens of `text` with their 1-based character columns, in one pass
/// (a record line may hold a million moves).
pub(crate) fn tokens_with_columns(text: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start = None;
    let mut col = 0;
    for (i, ch) in text.char_indices() {
        col += 1;
        if ch.is_whitespace() {
            if let Some((s, c)) = start.take() {
                out.push((c, &text[s..i]));
            }
        } else if start.is_none() {
            start = Some((i, col));
        }
    }
    if let Some((s, c)) = start {
        out.push((c, &text[s..]));
    }
    out
}

impl Move {
    /// Parses USI move text (syntax only); see [`parse_move`].
    pub fn from_usi(text: &str) -> Option<Move> {
        parse_move(text)
    }
    /// USI text, e.g. `7g7f`, `P*5e`.
    pub fn to_usi(self) -> String {
        // Written straight: a view lists every legal move this way after every move.
        let mut s = String::with_capacity(6);
        match self {
            Move::Board { from, to, promote } => {
                from.push_usi(&mut s);
                to.push_usi(&mut s);
                if promote {
                    s.push('+');
                }
            }
            Move::Drop { kind, to } => {
                if kind.is_promoted() {
                    s.push('+');
                }
                s.push(kind.sfen_letter());
                s.push('*');
                to.push_usi(&mut s);
            }
            Move::Unpromote { from, to } => {
                from.push_usi(&mut s);
                to.push_usi(&mut s);
                s.push('-');
            }
        }
        s
    }
}

#[cfg(test)]
mod to_usi_tests {
    use crate::{Move, PieceKind, Position, Square};

    /// The straight writer says what the formatter says, for every kind of move.
    #[test]
    fn to_usi_matches_display() {
        let (a, b) = (Square::from_usi("7g").unwrap(), Square::from_usi("1a").unwrap());
        let moves = [
            Move::Board { from: a, to: b, promote: false },
            Move::Board { from: a, to: b, promote: true },
            Move::Drop { kind: PieceKind::Pawn, to: b },
            Move::Drop { kind: PieceKind::Dragon, to: a },
            Move::Unpromote { from: a, to: b },
        ];
        for m in moves.into_iter().chain(Position::startpos().legal_moves().iter().copied()) {
            assert_eq!(m.to_usi(), m.to_string());
        }
    }
}
