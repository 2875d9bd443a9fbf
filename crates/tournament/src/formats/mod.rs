//! What the tournament is read from and written to: TRF text ([`trf`]), the bytes around it
//! ([`encoding`]: encoding, byte-order mark, line ending) and the standings tables
//! ([`standings`]). Bytes and strings in and out: files are the caller's.

pub mod encoding;
pub mod fesa;
pub mod standings;
pub mod trf;
