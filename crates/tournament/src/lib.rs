//! Tournament director (SPEC.md layer `tournament`; RULES.md §3): pure, no I/O besides the
//! format modules, which read and write strings.

pub mod bigint;
pub mod check;
pub mod dutch;
pub mod error;
pub mod furigoma;
pub mod fuzzing;
pub mod handicap;
pub mod knockout;
pub mod matching;
pub mod mcmahon;
pub mod model;
pub mod roundrobin;
pub mod sim;
pub mod standings;
pub mod tiebreak;
pub mod trf;

pub use error::{Error, Result};
pub use model::*;
