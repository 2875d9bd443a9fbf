#![no_main]
//! Fuzz the FESA rating program's `new_players` reader (checks in tournament::fesa::fuzzing).
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| tournament::fesa::fuzzing::new_players(data));
