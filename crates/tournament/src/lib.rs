//! Tournaments of shogi and Go (docs/architecture.md, layer `tournament`): players, rounds and
//! results ([`Tournament`]), the pairing systems, tie-breaks and standings, TRF. Pure: text in,
//! text out; files and the clock are the caller's.
//!
//! [`director`] has what an arbiter does — pair the next round, enter results, withdraw or add a
//! player, rank, check the pairings, write the tournament back — as use cases a command line
//! or a server calls; the modules below it are the parts they are built from.

pub mod director;
pub mod error;
pub mod formats;
#[doc(hidden)]
pub mod fuzzing;
pub mod matching;
pub mod model;
mod names;
pub mod pairing;
pub mod sim;
pub mod standings;

pub use director::{
    BoardRef, BoardResult, BoardView, CheckRequest, DirectorError, Joined, McMahonSettings, NewPlayer, NewTournament,
    PairRequest, Pairing, ResultEntry, Standings, StandingsRequest,
};
pub use error::{Error, Result, UnknownName};
pub use formats::encoding::{Layout, LineEnding, TextEncoding};
pub use formats::standings::Format as StandingsFormat;
pub use model::{
    BadGrade, Board, Color, GameKind, Grade, Outcome, Player, Points, Prohibition, Round, RoundEntry, RulesetId, Score,
    Scoring, Status, System, Tournament,
};
pub use pairing::check::RoundCheck;
pub use pairing::dutch::Edition;
pub use pairing::furigoma::{Sente, SenteRule};
pub use pairing::mcmahon::HandicapBasis;
pub use shogi::HandicapTable;
pub use standings::Row;
pub use standings::tiebreak::{TieBreak, Unplayed};
