//! Handicaps for a pairing from the grade (or McMahon score) difference.
//!
//! Shogi: ufs-2016 5.9.5 / pl 7.1 tables (`shogi::Handicap::for_grade_difference`); the giver
//! (uwate, the stronger player) moves first (ufs 5.9; pl 7). Difference 1 is an even game where
//! the weaker player moves first. Go (rfg 2.2): stones = difference − correction, at most the
//! ceiling; Black (the weaker player) moves first and White gets no komi beyond ½ (rfg 10).

use crate::model::{Board, GameKind};
use shogi::{Handicap, HandicapTable};

/// How a grade difference becomes a handicap, per game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HandicapRule {
    /// Shogi: pieces removed by the table (ufs-2016 5.9.5 or pl 7.1).
    Shogi { table: HandicapTable },
    /// Go: stones = difference − `correction` (OpenGotha's "handicap correction"), at most
    /// `ceiling`.
    Go { correction: u32, ceiling: u32 },
}

impl HandicapRule {
    pub fn shogi(table: HandicapTable) -> Self {
        HandicapRule::Shogi { table }
    }

    pub fn go(correction: u32, ceiling: u32) -> Self {
        HandicapRule::Go { correction, ceiling }
    }

    pub fn game(&self) -> GameKind {
        match self {
            HandicapRule::Shogi { .. } => GameKind::Shogi,
            HandicapRule::Go { .. } => GameKind::Go,
        }
    }

    /// Set the handicap of a board whose players are `strength` apart (`a` = first listed,
    /// `diff` = a's strength − b's strength, in grades or McMahon points), and order the board
    /// so that the right player moves first. Returns the board with `handicap` filled in.
    pub fn apply(&self, a: usize, b: usize, diff: i32) -> Board {
        let (strong, weak) = if diff >= 0 { (a, b) } else { (b, a) };
        let d = diff.unsigned_abs();
        match *self {
            HandicapRule::Shogi { table } => {
                let h = Handicap::for_grade_difference(d, table);
                match (h, d) {
                    // 0: even game, keep the colour allocation given.
                    (Handicap::Even, 0) => Board { white: a, black: b, handicap: None },
                    // 1: even game, the weaker player always moves first (ufs 5.9.5; pl 7.1).
                    (Handicap::Even, _) => Board { white: weak, black: strong, handicap: Some("even".into()) },
                    // The giver removes pieces and moves first.
                    (h, _) => Board { white: strong, black: weak, handicap: Some(h.name().into()) },
                }
            }
            HandicapRule::Go { correction, ceiling } => {
                let stones = d.saturating_sub(correction).min(ceiling);
                if stones == 0 {
                    Board { white: a, black: b, handicap: None }
                } else {
                    // Black (weaker) moves first; 1 stone = no komi.
                    Board { white: weak, black: strong, handicap: Some(format!("{stones} stones")) }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shogi_tables_and_who_moves_first() {
        let r = HandicapRule::shogi(HandicapTable::Ufs2016);
        assert_eq!(r.apply(0, 1, 0), Board { white: 0, black: 1, handicap: None });
        assert_eq!(r.apply(0, 1, 1), Board { white: 1, black: 0, handicap: Some("even".into()) });
        assert_eq!(r.apply(0, 1, -3), Board { white: 1, black: 0, handicap: Some("bishop".into()) });
        assert_eq!(r.apply(0, 1, 9).handicap.as_deref(), Some("six-pieces"));
        assert_eq!(HandicapRule::shogi(HandicapTable::Pl).apply(0, 1, 8).handicap.as_deref(), Some("six-pieces"));
        assert_eq!(r.apply(0, 1, 8).handicap.as_deref(), Some("five-pieces"));
    }

    #[test]
    fn go_stones_with_correction_and_ceiling() {
        let r = HandicapRule::go(1, 9);
        assert_eq!(r.apply(0, 1, 1).handicap, None);
        assert_eq!(r.apply(0, 1, 4), Board { white: 1, black: 0, handicap: Some("3 stones".into()) });
        assert_eq!(r.apply(0, 1, -20).handicap.as_deref(), Some("9 stones"));
    }
}
