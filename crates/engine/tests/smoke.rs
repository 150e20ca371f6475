use std::sync::atomic::AtomicBool;
use std::time::Instant;

use shatar_engine::{Clock, Control, Engine, Limits};
use shatar_rules::{Chess, Mongolian, Position, fen};

struct Wall(Instant);
impl Clock for Wall {
    fn now_ms(&self) -> u64 {
        self.0.elapsed().as_millis() as u64
    }
}

fn run<R: shatar_rules::Rules>(fen_text: &str, depth: u32) {
    let pos: Position<R> = fen::parse_position(fen_text).unwrap();
    let mut engine = Engine::<Position<R>>::new(16);
    let stop = AtomicBool::new(false);
    let clock = Wall(Instant::now());
    let mut report = |r: &shatar_engine::Report<shatar_rules::Move>| {
        let pv: Vec<String> = r.pv.iter().map(|m| m.to_string()).collect();
        println!(
            "depth {} seldepth {} score {} nodes {} nps {} pv {}",
            r.depth,
            r.seldepth,
            r.score,
            r.nodes,
            r.nodes_per_second,
            pv.join(" ")
        );
    };
    let result = engine.search(
        &pos,
        &[],
        &Limits { depth: Some(depth), ..Limits::default() },
        Control { clock: &clock, stop: &stop, report: &mut report },
    );
    println!("best {:?} {:?}", result.best_move().map(|m| m.to_string()), result.score());
}

#[test]
fn smoke() {
    run::<Chess>("r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4", 5);
    run::<Mongolian>("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1", 9);
}

#[test]
fn bench_positions() {
    let clock = Wall(Instant::now());
    let r = shatar_engine::bench::run(&clock, 8);
    println!("bench {} nodes {} ms {} nps", r.nodes, r.time_ms, r.nodes_per_second());
}
