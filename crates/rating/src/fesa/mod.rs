//! FESA rating (fesa-2017 15) as the official rating program computes it, and that program's
//! file formats: the rating list (`ratingliste.pre/.post`), new players (`nye-spillere`), the
//! tournament (`turnering.txt`) and the printed list (`all.txt`). Front ends give the files'
//! bytes to [`rate_files`] and get the output's bytes back.
//!
//! fesa-2017 15.2 leaves the algorithm to the separate document "FESA Elo rating system"; this
//! module follows that document and, where it is silent, the official program's arithmetic
//! (exact rationals until a float enters, single floats in the performance rating, ties
//! rounded to even), which the golden test checks against the archived lists byte for byte.

mod files;
pub mod fuzzing;
pub mod grades;
pub mod list;
mod num;
pub mod rate;
pub mod sexp;
pub mod tournament;

pub use files::{FileError, InputFile, Output, Rated, RatingFiles, list_json, rate_files};
pub use grades::{Grade, GradeKind};
pub use list::{
    Games, Home, LbRun, NewPlayers, PastGame, Player, Promotion, Score, apply_promotions, read_list, read_new_players,
    write_all_txt, write_list,
};
pub use rate::{Change, Outcome, performance, rate};
pub use tournament::{Entry, Handicap, Round, Tournament, read_tournament};

/// Why a file could not be read or a tournament not rated.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FesaError {
    #[error("line {line}, column {col}: {reason}")]
    Syntax { line: usize, col: usize, reason: String },
    #[error("line {line}: unknown player {name} (not in the rating list nor among the new players)")]
    UnknownPlayer { line: usize, name: String },
    #[error("line {line}: {reason}")]
    Input { line: usize, reason: String },
    /// The iteration of rule 1 cycles (the official program would loop for ever).
    #[error("the ratings do not settle: the iteration cycles after {iterations} rounds")]
    NoFixedPoint { iterations: usize },
    #[error("rating {rating} is outside the grade scale used for handicap games")]
    HandicapRange { rating: i64 },
}
