#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| shatar_fuzz::xiangqi_pgn(data));
