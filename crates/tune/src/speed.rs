//! `shatar-tune speed`: what the evaluation costs. The engine's search benchmark (fixed
//! positions, fixed depth) in nodes per second, and the evaluation alone in calls per
//! second over positions from random games.

use std::hint::black_box;
use std::time::Instant;

use shatar_engine::{Clock, SearchPosition};
use shatar_rules::GamePosition;

use crate::games::Game;
use crate::rng::Rng;

pub struct Wall(pub Instant);

impl Clock for Wall {
    fn now_ms(&self) -> u64 {
        self.0.elapsed().as_millis() as u64
    }
}

/// The game's search bench to `depth` (0: none), then `passes` rounds of evaluations
/// (0: a second's worth).
pub fn run<G: Game>(depth: u32, passes: u64) {
    if depth > 0 {
        let clock = Wall(Instant::now());
        let r = G::bench(&clock, depth);
        println!(
            "search bench depth {depth}: {} nodes, {} ms, {} nodes/s",
            r.nodes,
            r.time_ms,
            r.nodes_per_second()
        );
    }

    let mut rng = Rng::new(7);
    let mut positions = Vec::new();
    for _ in 0..200 {
        let mut pos = *G::position(&G::new_record());
        for _ in 0..120 {
            let moves = pos.legal_moves();
            if moves.is_empty() || pos.outcome().is_some() {
                break;
            }
            pos.play_unchecked(moves[rng.below(moves.len())]);
            positions.push(pos);
        }
    }
    let start = Instant::now();
    let mut calls = 0u64;
    let mut sum = 0i64;
    while if passes == 0 {
        start.elapsed().as_millis() < 1000
    } else {
        calls < passes * positions.len() as u64
    } {
        for pos in &positions {
            sum += i64::from(black_box(pos).evaluate());
        }
        calls += positions.len() as u64;
    }
    let ns = start.elapsed().as_nanos() as f64 / calls as f64;
    println!(
        "evaluate: {ns:.0} ns a call ({:.1} M calls/s) over {} positions (checksum {sum})",
        1e3 / ns,
        positions.len()
    );
}
