//! The search benchmark: a fixed set of positions searched to a fixed depth from a fresh
//! engine. Its total node count is a signature of the search: any change to what the
//! engine searches changes it, and the native and WebAssembly builds must print the same.

use core::sync::atomic::AtomicBool;

use shatar_rules::{Chess, Mongolian, MongolianFolk, Position, Rules, fen, xiangqi};

use crate::limits::{Clock, Limits};
use crate::search::{Control, Engine};

/// The depth every position is searched to.
pub const DEPTH: u32 = 10;
/// A small table, so the bench measures the search rather than memory.
const HASH_MB: usize = 16;

/// (ruleset id, FEN): openings after the first round, middlegames, endgames.
pub const POSITIONS: &[(&str, &str)] = &[
    (
        "mongolian",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
    ),
    (
        "mongolian",
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w - - 0 2",
    ),
    (
        "mongolian",
        "rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w - - 0 2",
    ),
    (
        "mongolian",
        "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w - - 4 4",
    ),
    (
        "mongolian",
        "r2q1rk1/pp2bppp/2n1pn2/3p4/3P1B2/2NBPN2/PP3PPP/R2QK2R w - - 0 9",
    ),
    (
        "mongolian",
        "2r3k1/pp3ppp/4p3/3n4/3P4/P3BN2/1P3PPP/2R3K1 b - - 0 22",
    ),
    ("mongolian", "8/5pk1/6p1/3K4/5P2/6P1/8/8 w - - 0 40"),
    ("mongolian", "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 30"),
    (
        "mongolian-folk",
        "r1bqkbnr/pppp1ppp/2n5/4p3/3PP3/8/PPP2PPP/RNBQKBNR b - - 0 2",
    ),
    ("mongolian-folk", "4k3/8/8/8/8/8/3N4/4K1N1 w - - 0 1"),
    (
        "chess",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ),
    (
        "chess",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    ),
];

/// The depth of the Xiangqi bench, a signature of its own: Xiangqi searches are measured
/// apart so that the 8x8 games' signature stays comparable across versions.
pub const XIANGQI_DEPTH: u32 = 11;

/// Xiangqi FENs: the start, common openings, middlegames, endgames, a forced cycle.
pub const XIANGQI_POSITIONS: &[&str] = &[
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2",
    "r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R w - - 4 3",
    "r2akab1r/9/1cn1b1n2/p1p1p3p/6p2/2P6/P3P1P1P/1CN1C1N2/9/R1BAKAB1R w - - 0 7",
    "2bak4/4a4/4b4/p3C3p/2p6/9/P3c3P/4B4/4A4/2BAK4 w - - 0 30",
    "3k5/4a4/4b4/9/9/9/9/4B4/4A4/3AK1R2 w - - 0 50",
    "4k4/9/9/9/9/9/4p4/9/4A4/3AK4 b - - 0 60",
    "3k5/5P3/9/9/3R5/9/6r2/9/3pp4/5K3 b - - 4 3",
];

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BenchResult {
    pub nodes: u64,
    pub time_ms: u64,
}

impl BenchResult {
    pub fn nodes_per_second(&self) -> u64 {
        self.nodes * 1000 / self.time_ms.max(1)
    }
}

/// Searches every position of [`POSITIONS`] to `depth` and sums the nodes.
pub fn run(clock: &dyn Clock, depth: u32) -> BenchResult {
    let start = clock.now_ms();
    let nodes = POSITIONS
        .iter()
        .map(|&(ruleset, fen_text)| match ruleset {
            "mongolian" => search::<Mongolian>(fen_text, depth, clock),
            "mongolian-folk" => search::<MongolianFolk>(fen_text, depth, clock),
            _ => search::<Chess>(fen_text, depth, clock),
        })
        .sum();
    BenchResult {
        nodes,
        time_ms: clock.now_ms().saturating_sub(start),
    }
}

/// Searches every position of [`XIANGQI_POSITIONS`] to `depth` and sums the nodes.
pub fn run_xiangqi(clock: &dyn Clock, depth: u32) -> BenchResult {
    let start = clock.now_ms();
    let nodes = XIANGQI_POSITIONS
        .iter()
        .map(|fen_text| {
            let pos = xiangqi::fen::parse_position(fen_text).expect("bench positions are valid");
            nodes_of(&pos, depth, clock)
        })
        .sum();
    BenchResult {
        nodes,
        time_ms: clock.now_ms().saturating_sub(start),
    }
}

fn search<R: Rules>(fen_text: &str, depth: u32, clock: &dyn Clock) -> u64 {
    let pos: Position<R> = fen::parse_position(fen_text).expect("bench positions are valid");
    nodes_of(&pos, depth, clock)
}

fn nodes_of<P: crate::SearchPosition>(pos: &P, depth: u32, clock: &dyn Clock) -> u64 {
    let mut engine = Engine::<P>::new(HASH_MB);
    let stop = AtomicBool::new(false);
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    let result = engine.search(
        pos,
        &[],
        &limits,
        Control {
            clock,
            stop: &stop,
            report: &mut |_| {},
        },
    );
    result.nodes
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Frozen;
    impl Clock for Frozen {
        fn now_ms(&self) -> u64 {
            0
        }
    }

    /// A signature must not depend on anything but the search: two runs agree, and every
    /// position searches.
    #[test]
    fn the_xiangqi_bench_is_a_signature() {
        let first = run_xiangqi(&Frozen, 5);
        assert_eq!(first, run_xiangqi(&Frozen, 5));
        assert!(
            first.nodes > XIANGQI_POSITIONS.len() as u64 * 100,
            "{first:?}"
        );
    }
}
