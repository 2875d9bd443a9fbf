//! FESA rating (fesa-2017 15) and the official rating program's file formats.
