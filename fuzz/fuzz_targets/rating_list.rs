#![no_main]
//! Fuzz the FESA rating program's `list` reader (checks in rating::fesa::fuzzing).
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| rating::fesa::fuzzing::list(data));
