//! The pairing systems (pl 8.1–8.2; FIDE C.04.3), who moves first, handicaps, and the check of
//! pairings already made. Each system pairs the next round of a [`Tournament`] and returns a
//! [`Round`]; the director ([`crate::director`]) chooses the system and applies the rest.
//!
//! [`Tournament`]: crate::Tournament
//! [`Round`]: crate::Round

pub mod check;
pub mod dutch;
pub mod furigoma;
pub mod handicap;
pub mod knockout;
pub mod mcmahon;
pub mod round_robin;
