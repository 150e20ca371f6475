//! `shatar bench`: the move generator's speed, as bulk-counted perft over a fixed set of
//! positions with known counts. Every count is checked, so the benchmark is also a
//! correctness test: a wrong count makes `shatar bench` exit with status 1.

use std::io::{self, Write};
use std::time::{Duration, Instant};

use shatar_rules::Ruleset;

use shatar_rules::AnyPosition;

/// One benchmark position: perft `depth` must give `nodes`, and `depth - 1` (the quick
/// run) must give `quick_nodes`.
pub struct BenchPosition {
    pub id: &'static str,
    pub fen: &'static str,
    pub depth: u32,
    pub nodes: u64,
    pub quick_nodes: u64,
}

const fn bp(id: &'static str, fen: &'static str, depth: u32, nodes: u64, quick_nodes: u64) -> BenchPosition {
    BenchPosition { id, fen, depth, nodes, quick_nodes }
}

// The positions and counts are those of `crates/rules/tests/data/*.perft`.
const MONGOLIAN: &[BenchPosition] = &[
    bp("mn-initial", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - -", 6, 449_349, 20_004),
    bp("mn-open", "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w - -", 5, 6_454_432, 260_171),
    bp("mn-closed", "rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w - -", 5, 4_471_131, 189_178),
    bp("mn-endgame", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - -", 6, 6_788_901, 430_462),
    bp("mn-check-promo", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w - -", 5, 9_862_396, 285_721),
];

const MONGOLIAN_FOLK: &[BenchPosition] = &[
    bp("folk-open", "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w - -", 5, 6_454_432, 260_171),
    bp("folk-endgame", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - -", 6, 6_785_562, 430_462),
];

const CHESS: &[BenchPosition] = &[
    bp("chess-start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -", 5, 4_865_609, 197_281),
    bp("kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -", 4, 4_085_603, 97_862),
    bp("chess-3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - -", 5, 674_624, 43_238),
    bp("chess-4", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq -", 5, 15_833_292, 422_333),
    bp("chess-5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ -", 4, 2_103_487, 62_379),
];

pub fn suite(ruleset: Ruleset) -> &'static [BenchPosition] {
    match ruleset {
        Ruleset::Mongolian => MONGOLIAN,
        Ruleset::MongolianFolk => MONGOLIAN_FOLK,
        Ruleset::Chess => CHESS,
    }
}

pub struct BenchOptions {
    pub ruleset: Ruleset,
    pub runs: usize,
    /// One ply less everywhere: a smoke test, not a measurement.
    pub quick: bool,
}

/// Runs the benchmark, writing the report to `out` and count mismatches to `err`.
/// Returns whether every count was right.
pub fn run(opts: &BenchOptions, out: &mut impl Write, err: &mut impl Write) -> io::Result<bool> {
    run_suite(suite(opts.ruleset), opts, out, err)
}

fn run_suite(
    suite: &[BenchPosition],
    opts: &BenchOptions,
    out: &mut impl Write,
    err: &mut impl Write,
) -> io::Result<bool> {
    let runs = opts.runs.max(1);
    let mut positions = Vec::with_capacity(suite.len());
    for bp in suite {
        match AnyPosition::from_fen(opts.ruleset, bp.fen) {
            Ok(p) => positions.push(p),
            Err(e) => {
                writeln!(err, "bench: {}: {e}", bp.id)?;
                return Ok(false);
            }
        }
    }
    let depth = |bp: &BenchPosition| if opts.quick { bp.depth - 1 } else { bp.depth };
    let expected = |bp: &BenchPosition| if opts.quick { bp.quick_nodes } else { bp.nodes };

    writeln!(
        out,
        "bench: {}, {} position(s), {runs} run(s){}",
        opts.ruleset.id(),
        suite.len(),
        if opts.quick { ", quick (one ply less)" } else { "" }
    )?;
    out.flush()?;

    // times[position][run]; the runs go round the whole suite so that any slow spell of
    // the machine is spread over all positions.
    let mut times = vec![Vec::with_capacity(runs); suite.len()];
    let mut ok = true;
    for _ in 0..runs {
        for (i, (bp, pos)) in suite.iter().zip(&positions).enumerate() {
            let start = Instant::now();
            let nodes = pos.perft(depth(bp));
            times[i].push(start.elapsed());
            if nodes != expected(bp) {
                writeln!(err, "bench: {} perft {}: {nodes} nodes, expected {}", bp.id, depth(bp), expected(bp))?;
                ok = false;
            }
        }
    }

    let id_width = suite.iter().map(|bp| bp.id.len()).max().unwrap_or(0);
    for (bp, t) in suite.iter().zip(&times) {
        let rates: Vec<f64> = t.iter().map(|&d| nps(expected(bp), d)).collect();
        writeln!(
            out,
            "{:id_width$}  depth {}  {:>10} nodes  median {:>8.2} Mnps",
            bp.id,
            depth(bp),
            expected(bp),
            median(rates) / 1e6
        )?;
    }
    let total_nodes: u64 = suite.iter().map(expected).sum();
    let run_rates: Vec<f64> = (0..runs).map(|r| nps(total_nodes, times.iter().map(|t| t[r]).sum())).collect();
    writeln!(out, "bench: {total_nodes} nodes, median {:.2} Mnps", median(run_rates) / 1e6)?;
    Ok(ok)
}

fn nps(nodes: u64, time: Duration) -> f64 {
    nodes as f64 / time.as_secs_f64().max(1e-9)
}

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(f64::total_cmp);
    match xs.len() {
        0 => 0.0,
        n if n % 2 == 1 => xs[n / 2],
        n => (xs[n / 2 - 1] + xs[n / 2]) / 2.0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn median_of_odd_and_even() {
        assert_eq!(median(vec![3.0, 1.0, 2.0]), 2.0);
        assert_eq!(median(vec![4.0, 1.0, 2.0, 3.0]), 2.5);
        assert_eq!(median(vec![]), 0.0);
    }

    #[test]
    fn a_wrong_count_fails() {
        let wrong = [bp("wrong", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - -", 3, 43, 2)];
        let opts = BenchOptions { ruleset: Ruleset::Mongolian, runs: 1, quick: false };
        let (mut out, mut err) = (Vec::new(), Vec::new());
        assert!(!run_suite(&wrong, &opts, &mut out, &mut err).unwrap());
        let err = String::from_utf8(err).unwrap();
        assert!(err.contains("wrong perft 3: 42 nodes, expected 43"), "{err}");
        let quick = BenchOptions { quick: true, ..opts };
        assert!(run_suite(&wrong, &quick, &mut Vec::new(), &mut Vec::new()).unwrap());
    }

    #[test]
    fn every_suite_position_parses() {
        for ruleset in Ruleset::ALL {
            for bp in suite(ruleset) {
                assert!(AnyPosition::from_fen(ruleset, bp.fen).is_ok(), "{}", bp.id);
                assert!(bp.depth >= 2, "{}", bp.id);
            }
        }
    }
}
