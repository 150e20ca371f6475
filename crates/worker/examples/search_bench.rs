//! The search bench natively, for `scripts/bench-wasm.sh` to compare with the wasm build:
//! prints one JSON line `{"depth":..,"nodes":..,"time_ms":..}`. Lives here because the
//! worker crate owns the wasm side of the comparison.
//!   cargo run --release -p shatar-worker --example search_bench [--xiangqi] [depth]

use std::time::Instant;

use shatar_engine::{Clock, bench};

struct Wall(Instant);

impl Clock for Wall {
    fn now_ms(&self) -> u64 {
        self.0.elapsed().as_millis() as u64
    }
}

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let xiangqi = args.first().is_some_and(|a| a == "--xiangqi");
    if xiangqi {
        args.remove(0);
    }
    let depth = match args.first() {
        Some(arg) => arg.parse().unwrap_or_else(|_| {
            eprintln!("usage: search_bench [--xiangqi] [depth]  ('{arg}' is not a depth)");
            std::process::exit(2)
        }),
        None if xiangqi => bench::XIANGQI_DEPTH,
        None => bench::DEPTH,
    };
    let clock = Wall(Instant::now());
    let start = Instant::now();
    let result = if xiangqi {
        bench::run_xiangqi(&clock, depth)
    } else {
        bench::run(&clock, depth)
    };
    let ms = start.elapsed().as_secs_f64() * 1000.0;
    println!(
        r#"{{"depth":{depth},"nodes":{},"time_ms":{ms:.1}}}"#,
        result.nodes
    );
}
