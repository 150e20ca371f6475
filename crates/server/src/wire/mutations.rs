//! Thousands of generated and mutated frames through the decoder, in the normal test run
//! (the fuzz target searches far more, on demand): valid requests of every kind mutated
//! byte-wise, truncated, spliced, with huge numbers and deep nesting.

use super::check::check_decode;
use super::*;

/// A fixed xorshift, so that a failure reproduces.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

const GAME: &str = "000102030405060708090a0b0c0d0e0f";

fn seeds() -> Vec<String> {
    let body = [
        r#"{"Hello":{"player":null}}"#.to_string(),
        format!(r#"{{"Hello":{{"player":{{"id":"{GAME}","secret":"{GAME}"}}}}}}"#),
        r#"{"CreateChallenge":{"game":"mongolian","color":"Random","time_control":{"periods":[{"moves":40,"base_ms":300000,"bonus":{"Increment":{"ms":3000}}},{"moves":null,"base_ms":60000,"bonus":{"SimpleDelay":{"ms":5000}}}]}}}"#.to_string(),
        format!(r#"{{"AcceptChallenge":{{"challenge":"{GAME}"}}}}"#),
        format!(r#"{{"Watch":{{"game":"{GAME}"}}}}"#),
        format!(r#"{{"Move":{{"game":"{GAME}","ply":7,"move":"e2e4"}}}}"#),
        format!(r#"{{"Resign":{{"game":"{GAME}"}}}}"#),
    ];
    body.iter()
        .map(|b| format!(r#"{{"v":1,"id":3,"body":{b}}}"#))
        .collect()
}

const JUNK: &[&str] = &[
    "{",
    "}",
    "[",
    "]",
    "\"",
    ",",
    ":",
    "null",
    "true",
    "-1",
    "1e999",
    "-0",
    "18446744073709551616",
    "4294967296",
    "99999999999999999999999999999",
    "\\u0000",
    "\\ud800",
    "é",
    "中",
    "\u{1F600}",
    " ",
    "\"v\":1",
    "\"body\":",
    "{\"Fly\":{}}",
];

fn mutate(rng: &mut Rng, seeds: &[String], text: &str) -> String {
    let mut bytes = text.as_bytes().to_vec();
    match rng.below(6) {
        0 if !bytes.is_empty() => {
            let at = rng.below(bytes.len());
            bytes[at] = rng.next() as u8 & 0x7f;
        }
        1 => bytes.truncate(rng.below(bytes.len() + 1)),
        2 => {
            let at = rng.below(bytes.len() + 1);
            let junk = JUNK[rng.below(JUNK.len())];
            bytes.splice(at..at, junk.bytes());
        }
        3 if !bytes.is_empty() => {
            let from = rng.below(bytes.len());
            let to = (from + rng.below(16)).min(bytes.len());
            bytes.drain(from..to);
        }
        4 => {
            let other = seeds[rng.below(seeds.len())].as_bytes();
            let cut = rng.below(bytes.len() + 1);
            let from = rng.below(other.len() + 1);
            bytes.truncate(cut);
            bytes.extend_from_slice(&other[from..]);
        }
        _ => {
            // A number where one is read: the ids, the version, the ply, the times.
            let digits = ["0", "4294967295", "4294967296", "-7", "1.5", "1e400"];
            let text = String::from_utf8_lossy(&bytes).into_owned();
            let swapped = text
                .replacen("3", digits[rng.below(digits.len())], 1)
                .replacen(":1,", &format!(":{},", digits[rng.below(digits.len())]), 1);
            bytes = swapped.into_bytes();
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

#[test]
fn the_decoder_answers_every_input_with_a_typed_result() {
    let seeds = seeds();
    for seed in &seeds {
        assert!(decode(seed).is_ok(), "{seed}");
        check_decode(seed.as_bytes());
    }
    let mut rng = Rng(0x5eed_5a7a_2017);
    let mut decoded = 0;
    for round in 0..6_000 {
        let mut text = seeds[round % seeds.len()].clone();
        for _ in 0..1 + rng.below(4) {
            text = mutate(&mut rng, &seeds, &text);
        }
        check_decode(text.as_bytes());
        decoded += usize::from(decode(&text).is_ok());
    }
    // The mutations reach past the envelope into the bodies, and some survive.
    assert!(decoded > 30, "{decoded}");
}

#[test]
fn deep_nesting_huge_numbers_and_sizes_are_refused_not_fatal() {
    for depth in [64, 127, 128, 129, 2_000] {
        let nested = format!(
            r#"{{"v":1,"id":1,"body":{}{}}}"#,
            "[".repeat(depth),
            "]".repeat(depth)
        );
        check_decode(nested.as_bytes());
        let objects = format!(
            r#"{{"v":1,"id":1,"body":{}1{}}}"#,
            r#"{"a":"#.repeat(depth),
            "}".repeat(depth)
        );
        check_decode(objects.as_bytes());
    }
    for number in ["4294967296", "1e999", "-1", "18446744073709551616"] {
        for text in [
            format!(r#"{{"v":1,"id":{number},"body":"Hello"}}"#),
            format!(r#"{{"v":{number},"id":1,"body":"Hello"}}"#),
            format!(
                r#"{{"v":1,"id":1,"body":{{"Move":{{"game":"{GAME}","ply":{number},"move":"e2e4"}}}}}}"#
            ),
        ] {
            check_decode(text.as_bytes());
            assert!(decode(&text).is_err(), "{text}");
        }
    }
    for size in [
        MAX_MESSAGE_BYTES - 1,
        MAX_MESSAGE_BYTES,
        MAX_MESSAGE_BYTES + 1,
        1 << 20,
    ] {
        check_decode(" ".repeat(size).as_bytes());
    }
    check_decode(&[0xff, 0xfe, b'{']);
}
