//! Shogi rules core (docs/rules.md §1). Pure and deterministic: no I/O, no clocks.
//!
//! ```
//! use shogi::{Position, Move};
//! let mut pos = Position::startpos();
//! assert_eq!(pos.legal_moves().len(), 30);
//! pos.play(Move::from_usi("7g7f").unwrap()).unwrap();
//! assert_eq!(pos.to_sfen(), "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2");
//! ```

pub mod attacks;
mod bitboard;
pub mod formats;
#[doc(hidden)]
pub mod fuzzing;
pub mod handicap;
pub mod history;
pub mod impasse;
mod movegen;
mod perft;
mod position;
pub mod record;
pub mod sfen;
mod types;
pub mod usi;
mod zobrist;

pub use bitboard::Bitboard;
pub use formats::{Format, FormatError};
pub use handicap::{Handicap, HandicapTable, UnknownHandicapTable};
pub use history::{History, Repetition};
pub use impasse::{Declaration, ImpasseCount, ImpasseOutcome};
pub use movegen::{MAX_LEGAL_MOVES, MoveList};
pub use perft::{divide, perft};
pub use position::{IllegalMove, ImpossibleMove, Position, PositionError, Undo};
pub use record::{EndReason, GameEnd, ReadNote, Record, RecordInfo, RecordMove, TimeControl};
pub use sfen::{STARTPOS, SfenError, SfenErrorKind};
pub use types::{Color, File, Hand, Move, Piece, PieceKind, Rank, Square};
