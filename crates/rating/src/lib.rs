//! Ratings after a tournament. One module per rating system; today the FESA Elo system
//! (fesa-2017 15) as the official rating program computes it, with that program's files.
//! Pure: the formats read and write strings.

pub mod fesa;
