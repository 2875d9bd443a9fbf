//! Grades: shogi and Go dan and kyu on one scale, for handicaps (ufs-2016 5.9.5; pl 7.1;
//! rfg 2.2), McMahon groups (pl 8.2.3) and who throws the pawns (furigoma).

use std::fmt;
use std::str::FromStr;

/// A dan or kyu grade as one number: 1-dan is 1, 2-dan 2 …; 1-kyu is 0, 2-kyu −1, so that the
/// difference of two grades is the number of grades between them (30-kyu is −29).
///
/// Written `3d` or `1k`; read also as `5dan`, `2kyu`, `3p` (a professional dan, counted as a
/// dan) or the number itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Grade(i32);

impl Grade {
    /// The grade numbered `n` on the scale above.
    pub const fn new(n: i32) -> Grade {
        Grade(n)
    }

    pub const fn dan(n: i32) -> Grade {
        Grade(n)
    }

    pub const fn kyu(n: i32) -> Grade {
        Grade(1 - n)
    }

    /// The grade's number: grades apart is the difference of the numbers.
    pub const fn number(self) -> i32 {
        self.0
    }
}

impl fmt::Display for Grade {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0 >= 1 { write!(f, "{}d", self.0) } else { write!(f, "{}k", 1 - self.0) }
    }
}

/// A grade that is neither a number nor a number followed by `d`, `dan`, `p`, `k` or `kyu`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("bad grade {0:?}")]
pub struct BadGrade(pub String);

impl FromStr for Grade {
    type Err = BadGrade;

    fn from_str(s: &str) -> Result<Grade, BadGrade> {
        let k = s.trim().to_ascii_lowercase();
        if let Ok(v) = k.parse() {
            return Ok(Grade(v));
        }
        let bad = || BadGrade(k.clone());
        let (n, suffix) = k.split_at(k.find(|c: char| !c.is_ascii_digit()).ok_or_else(bad)?);
        let n: i32 = n.parse().map_err(|_| bad())?;
        match suffix {
            "d" | "dan" | "p" => Ok(Grade::dan(n)),
            "k" | "kyu" => Ok(Grade::kyu(n)),
            _ => Err(bad()),
        }
    }
}

crate::names::serde_via_str!(Grade);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spellings_and_the_scale() {
        for (s, n) in [("3d", 3), ("1k", 0), ("5dan", 5), ("2kyu", -1), ("30k", -29), ("4", 4), ("-2", -2), ("7p", 7)] {
            assert_eq!(s.parse::<Grade>(), Ok(Grade::new(n)), "{s}");
        }
        assert_eq!(" 2D ".parse::<Grade>(), Ok(Grade::dan(2)));
        assert_eq!(Grade::dan(3).to_string(), "3d");
        assert_eq!(Grade::kyu(1).to_string(), "1k");
        assert_eq!(Grade::kyu(10).number() - Grade::dan(1).number(), -10);
        for bad in ["", "d", "3x", "k3", "3 d"] {
            assert!(bad.parse::<Grade>().is_err(), "{bad:?}");
        }
    }
}
