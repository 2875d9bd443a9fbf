//! What the tournament is read from and written to: TRF text ([`trf`]) and the standings
//! tables ([`standings`]). Strings in, strings out: files are the caller's.

pub mod standings;
pub mod trf;
