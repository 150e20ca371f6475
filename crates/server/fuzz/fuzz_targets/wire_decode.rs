#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| shatar_server::wire::check_decode(data));
