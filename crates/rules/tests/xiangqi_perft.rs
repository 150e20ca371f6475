//! Xiangqi perft against the reference counts in `tests/data/xiangqi.perft` (a copy of
//! `../shared/perft/xiangqi.perft`, kept equal by `perft.rs`).
//!
//! The default run checks every record at every depth whose count is at most
//! [`DEFAULT_BUDGET`] leaves (depths 1–4, and depth 5 of `xq-4`: about 10 million leaves,
//! about a second). Every depth (about 213 million leaves, some 15 s on one core) runs with
//! `cargo test -p shatar-rules --test xiangqi_perft -- --ignored`, or in the default run
//! when `SHATAR_XIANGQI_PERFT_FULL=1` is set.

use shatar_rules::perft_suite;
use shatar_rules::xiangqi::fen;

/// The largest count the default run verifies.
const DEFAULT_BUDGET: u64 = 5_000_000;

fn check(budget: Option<u64>) {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/xiangqi.perft"
    ))
    .unwrap();
    let records = perft_suite::parse(&text).unwrap();
    assert!(!records.is_empty());
    for record in records {
        let pos = fen::parse_position(&record.epd).unwrap_or_else(|e| panic!("{}: {e}", record.id));
        for &(depth, expected) in &record.counts {
            if budget.is_some_and(|b| expected > b) {
                continue;
            }
            assert_eq!(pos.perft(depth), expected, "{} perft {depth}", record.id);
        }
    }
}

#[test]
fn xiangqi_within_budget() {
    let full = std::env::var("SHATAR_XIANGQI_PERFT_FULL").is_ok_and(|v| v == "1");
    check((!full).then_some(DEFAULT_BUDGET));
}

#[test]
#[ignore = "about 213 million leaves: run with --ignored"]
fn xiangqi_every_depth() {
    check(None);
}
