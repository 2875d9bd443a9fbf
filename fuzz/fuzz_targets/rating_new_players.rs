#![no_main]
//! Fuzz the FESA rating program's `new_players` reader (checks in rating::fesa::fuzzing).
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| rating::fesa::fuzzing::new_players(data));
