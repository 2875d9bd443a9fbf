#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| arbiter::fuzzing::sgf_record(data));
