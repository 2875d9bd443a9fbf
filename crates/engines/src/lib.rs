//! Engines at the board: programs that speak USI (shogi) or GTP (Go) play under the referee's
//! clock (`arbiter::live`), and [`Match`] plays them against each other.
//!
//! Layers: this crate starts processes and speaks their protocols; every rule and every clock
//! decision is the referee's. The command line's `shinpan match` only parses, calls
//! [`Match::run`] and prints.

pub mod builtin;
mod gtp;
mod matches;
mod play;
mod process;
mod usi;

pub use gtp::Gtp;
pub use matches::{EngineSpec, GameReport, Match, MatchReport, PairReport, Protocol, Standing};
pub use play::{Player, Reply, play_game, same_stones};
pub use process::EngineError;
pub use usi::Usi;
