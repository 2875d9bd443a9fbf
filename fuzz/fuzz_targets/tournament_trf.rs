#![no_main]
//! TRF reader, writer, pairing systems and standings on arbitrary input.
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| tournament::fuzzing::trf(data));
