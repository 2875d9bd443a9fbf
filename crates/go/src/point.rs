//! Colours and points, with GTP (rfg 2.3: columns A–T without I, rows from Black's side) and
//! SGF (letters from the top-left) coordinates.

use std::fmt;

/// Black moves first (rfg 1.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    Black,
    White,
}

impl Color {
    pub fn opponent(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }
    pub fn index(self) -> usize {
        self as usize
    }
    pub fn name(self) -> &'static str {
        match self {
            Color::Black => "black",
            Color::White => "white",
        }
    }
}

/// Smallest and largest supported board (the GTP letter range without I stops at Z = 25).
pub const MIN_SIZE: u8 = 5;
pub const MAX_SIZE: u8 = 25;

/// A point on the board: `col` 0 = column A, `row` 0 = row 1 (Black's side, rfg 2.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point {
    pub col: u8,
    pub row: u8,
}

const GTP_LETTERS: &[u8] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CoordError {
    #[error("'{0}' is not a point (expected a column letter A–Z without I and a row number)")]
    Syntax(String),
    #[error("'{text}' is outside the {size}×{size} board")]
    OffBoard { text: String, size: u8 },
}

impl Point {
    pub fn new(col: u8, row: u8) -> Point {
        Point { col, row }
    }

    /// Parse GTP coordinates such as `D4` or `q16` (case-insensitive, I skipped).
    pub fn from_gtp(text: &str, size: u8) -> Result<Point, CoordError> {
        let t = text.trim();
        let syntax = || CoordError::Syntax(t.to_string());
        let mut chars = t.chars();
        let letter = chars.next().ok_or_else(syntax)?.to_ascii_uppercase();
        let col = GTP_LETTERS.iter().position(|&c| c as char == letter).ok_or_else(syntax)?;
        let digits = chars.as_str();
        if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(syntax());
        }
        let row: usize = digits.parse().map_err(|_| syntax())?;
        if row == 0 || row > size as usize || col >= size as usize {
            return Err(CoordError::OffBoard { text: t.to_string(), size });
        }
        Ok(Point::new(col as u8, (row - 1) as u8))
    }

    pub fn to_gtp(self) -> String {
        format!("{}{}", GTP_LETTERS[self.col as usize] as char, self.row + 1)
    }

    /// SGF letters: first the column from the left, then the row from the top (`aa` = top-left).
    pub fn from_sgf(text: &str, size: u8) -> Result<Point, CoordError> {
        let b = text.as_bytes();
        let val = |c: u8| match c {
            b'a'..=b'z' => Some(c - b'a'),
            b'A'..=b'Z' => Some(c - b'A' + 26),
            _ => None,
        };
        if b.len() != 2 {
            return Err(CoordError::Syntax(text.to_string()));
        }
        let (x, y) = match (val(b[0]), val(b[1])) {
            (Some(x), Some(y)) => (x, y),
            _ => return Err(CoordError::Syntax(text.to_string())),
        };
        if x >= size || y >= size {
            return Err(CoordError::OffBoard { text: text.to_string(), size });
        }
        Ok(Point::new(x, size - 1 - y))
    }

    pub fn to_sgf(self, size: u8) -> String {
        let y = size - 1 - self.row;
        let c = |v: u8| if v < 26 { (b'a' + v) as char } else { (b'A' + v - 26) as char };
        format!("{}{}", c(self.col), c(y))
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_gtp())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gtp_skips_i_rfg_2_3() {
        assert_eq!(Point::from_gtp("J1", 19).unwrap(), Point::new(8, 0));
        assert_eq!(Point::from_gtp("t19", 19).unwrap(), Point::new(18, 18));
        assert!(Point::from_gtp("I5", 19).is_err());
        assert!(matches!(Point::from_gtp("K10", 9), Err(CoordError::OffBoard { .. })));
        assert_eq!(Point::new(15, 15).to_gtp(), "Q16");
    }

    #[test]
    fn sgf_rows_from_the_top() {
        let p = Point::from_sgf("dp", 19).unwrap();
        assert_eq!(p.to_gtp(), "D4");
        assert_eq!(p.to_sgf(19), "dp");
        assert!(Point::from_sgf("tt", 19).is_err());
    }
}
