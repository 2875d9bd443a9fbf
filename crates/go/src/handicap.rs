//! Fixed handicap placements on the hoshi (rfg 2.2, 2.3).
//!
//! rfg 2.3 names the nine marked points of the 19×19 board (D4 D10 D16 K4 K10 K16 Q4 Q10 Q16)
//! but not the order in which handicap stones take them, so we use the traditional order, which
//! is also GTP's `fixed_handicap`: 2 = the upper-right and lower-left corners, 3 adds the
//! upper-left, 4 all corners, 5 adds tengen, 6 the two side points of the middle row, 7 adds
//! tengen, 8 the middle points of the top and bottom rows, 9 adds tengen. On boards below 12×12
//! the corner points are on the third line (C3 on 9×9), otherwise on the fourth.

use crate::point::Point;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum HandicapError {
    #[error("a fixed handicap is 2 to 9 stones, not {0}")]
    Count(u8),
    #[error("{stones} handicap stones do not fit a {size}×{size} board (2–4 from 7×7, 5–9 on odd sizes from 9×9)")]
    Board { stones: u8, size: u8 },
}

/// The points of a fixed handicap of `n` stones (2–9) on a `size`×`size` board.
pub fn fixed_handicap(size: u8, n: u8) -> Result<Vec<Point>, HandicapError> {
    if !(2..=9).contains(&n) {
        return Err(HandicapError::Count(n));
    }
    if size < 7 || (n > 4 && (size & 1 == 0 || size < 9)) {
        return Err(HandicapError::Board { stones: n, size });
    }
    let edge = if size < 12 { 2 } else { 3 };
    let (lo, hi, mid) = (edge, size - 1 - edge, size / 2);
    let p = Point::new;
    let mut v = vec![p(hi, hi), p(lo, lo)];
    if n >= 3 {
        v.push(p(lo, hi));
    }
    if n >= 4 {
        v.push(p(hi, lo));
    }
    if n >= 6 {
        v.push(p(lo, mid));
        v.push(p(hi, mid));
    }
    if n >= 8 {
        v.push(p(mid, lo));
        v.push(p(mid, hi));
    }
    if n % 2 == 1 && n >= 5 {
        v.push(p(mid, mid));
    }
    Ok(v)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn gtp(size: u8, n: u8) -> Vec<String> {
        let mut v: Vec<String> = fixed_handicap(size, n).unwrap().iter().map(|p| p.to_gtp()).collect();
        v.sort();
        v
    }

    #[test]
    fn handicap_placement_rfg_2_3() {
        assert_eq!(gtp(19, 2), ["D4", "Q16"]);
        assert_eq!(gtp(19, 3), ["D16", "D4", "Q16"]);
        assert_eq!(gtp(19, 5), ["D16", "D4", "K10", "Q16", "Q4"]);
        assert_eq!(gtp(19, 6), ["D10", "D16", "D4", "Q10", "Q16", "Q4"]);
        assert_eq!(gtp(19, 9), ["D10", "D16", "D4", "K10", "K16", "K4", "Q10", "Q16", "Q4"]);
        assert_eq!(gtp(9, 4), ["C3", "C7", "G3", "G7"]);
        assert_eq!(gtp(13, 8), ["D10", "D4", "D7", "G10", "G4", "K10", "K4", "K7"]);
        assert!(fixed_handicap(10, 5).is_err());
        assert!(fixed_handicap(19, 10).is_err());
        assert!(fixed_handicap(5, 2).is_err());
    }
}
