//! Who moves first when nobody chooses, drawn from a seed that is kept with the game so that
//! anyone can repeat the draw: furigoma in shogi (ufs-2016 4.6; fesa-2017 7; pl 1.4) and nigiri
//! in Go. The seed feeds ChaCha8 (`rand_chacha`, whose output is fixed for a given seed across
//! versions).

use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{RngCore, SeedableRng};
use serde::{Deserialize, Serialize};

/// The face a thrown pawn shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum Face {
    /// 歩 up.
    Pawn,
    /// と up.
    Tokin,
}

/// A guess at the number of stones in the handful.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum Parity {
    Odd,
    Even,
}

/// A draw for the first move, with everything needed to check it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum Draw {
    /// The thrower throws five pawns; more pawns than tokin up and he is sente, else the other
    /// player is (ufs-2016 4.6; fesa-2017 7; pl 1.4). A drawn pawn always lands flat, so five
    /// always make a majority: the texts' re-throws (fesa: no majority; pl: a piece on its edge)
    /// do not arise.
    Furigoma { seed: u64, faces: [Face; 5], thrower_moves_first: bool },
    /// The holder takes a handful of White's stones; the guesser guesses odd or even and plays
    /// Black if he is right, White if not (the custom; rfg has no article on it).
    Nigiri { seed: u64, handful: u32, guess: Parity, guesser_takes_black: bool },
}

impl Draw {
    /// Furigoma from `seed`.
    pub fn furigoma(seed: u64) -> Draw {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let faces = std::array::from_fn(|_| if rng.next_u32() & 1 == 0 { Face::Pawn } else { Face::Tokin });
        let pawns = faces.iter().filter(|&&f| f == Face::Pawn).count();
        Draw::Furigoma { seed, faces, thrower_moves_first: pawns >= 3 }
    }

    /// Nigiri from `seed`: a handful of 10 to 30 stones.
    pub fn nigiri(seed: u64) -> Draw {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let handful = 10 + rng.next_u32() % 21;
        let guess = if rng.next_u32() & 1 == 0 { Parity::Odd } else { Parity::Even };
        let odd = handful % 2 == 1;
        Draw::Nigiri { seed, handful, guess, guesser_takes_black: odd == (guess == Parity::Odd) }
    }

    /// Whether the player who throws (furigoma) or holds the stones (nigiri) moves first.
    pub fn drawer_moves_first(&self) -> bool {
        match self {
            Draw::Furigoma { thrower_moves_first, .. } => *thrower_moves_first,
            Draw::Nigiri { guesser_takes_black, .. } => !guesser_takes_black,
        }
    }

    pub fn seed(&self) -> u64 {
        match self {
            Draw::Furigoma { seed, .. } | Draw::Nigiri { seed, .. } => *seed,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seed_gives_the_same_draw_and_the_draw_follows_its_throw() {
        for seed in 0..200 {
            assert_eq!(Draw::furigoma(seed), Draw::furigoma(seed));
            assert_eq!(Draw::nigiri(seed), Draw::nigiri(seed));
            let Draw::Furigoma { faces, thrower_moves_first, .. } = Draw::furigoma(seed) else { unreachable!() };
            let pawns = faces.iter().filter(|&&f| f == Face::Pawn).count();
            assert_eq!(thrower_moves_first, pawns > 5 - pawns);
            let Draw::Nigiri { handful, guess, guesser_takes_black, .. } = Draw::nigiri(seed) else { unreachable!() };
            assert!((10..=30).contains(&handful));
            assert_eq!(guesser_takes_black, (handful % 2 == 1) == (guess == Parity::Odd));
        }
    }

    #[test]
    fn both_sides_come_up_about_equally() {
        let first = (0..10_000u64).filter(|&s| Draw::furigoma(s).drawer_moves_first()).count();
        assert!((4_700..5_300).contains(&first), "{first}");
        let first = (0..10_000u64).filter(|&s| Draw::nigiri(s).drawer_moves_first()).count();
        assert!((4_700..5_300).contains(&first), "{first}");
    }

    #[test]
    fn the_draw_of_a_published_seed_is_fixed() {
        // Pinned: a change of generator would change every stored game's draw.
        use Face::{Pawn, Tokin};
        assert_eq!(
            Draw::furigoma(2026),
            Draw::Furigoma { seed: 2026, faces: [Tokin, Pawn, Tokin, Tokin, Pawn], thrower_moves_first: false }
        );
        assert_eq!(
            Draw::nigiri(2026),
            Draw::Nigiri { seed: 2026, handful: 18, guess: Parity::Odd, guesser_takes_black: false }
        );
    }
}
