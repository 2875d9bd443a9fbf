//! Tournament director (SPEC.md layer `tournament`; RULES.md §3): pure, no I/O besides the
//! format modules, which read and write strings.

pub mod error;
pub mod formats;
pub mod fuzzing;
pub mod matching;
pub mod model;
mod names;
pub mod pairing;
pub mod sim;
pub mod standings;

pub use error::{Error, Result};
pub use model::*;
