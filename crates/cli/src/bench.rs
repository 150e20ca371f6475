//! `shatar bench`: the search's node count and speed over the engine crate's bench
//! positions (the signature), and with `--perft` the move generator's speed, as
//! bulk-counted perft over a fixed set of positions with known counts. Every perft count
//! is checked, so that benchmark is also a correctness test: a wrong count makes
//! `shatar bench --perft` exit with status 1.

use std::io::{self, Write};
use std::time::{Duration, Instant};

use shatar_engine::bench::{self as engine_bench, BenchResult};
use shatar_rules::{AnyPosition, GameKind, Ruleset, perft_suite};

use crate::searcher::WallClock;

/// The search bench of `game`'s family, `depth` plies deep or at the family's own depth:
/// the 8x8 games share one set of positions and one signature; Xiangqi has its own.
pub fn search(game: GameKind, depth: Option<u32>) -> BenchResult {
    let clock = WallClock::new();
    match game {
        GameKind::Board8(_) => engine_bench::run(&clock, depth.unwrap_or(engine_bench::DEPTH)),
        GameKind::Xiangqi => {
            engine_bench::run_xiangqi(&clock, depth.unwrap_or(engine_bench::XIANGQI_DEPTH))
        }
    }
}

/// One benchmark position: perft `depth` must give `nodes`, and `depth - 1` (the quick
/// run) must give `quick_nodes`.
pub struct BenchPosition {
    pub id: String,
    pub fen: String,
    pub depth: u32,
    pub nodes: u64,
    pub quick_nodes: u64,
}

/// Each position is benchmarked at its deepest depth with at most this many nodes: long
/// enough to measure (a few hundredths of a second), short enough to repeat.
const NODE_BUDGET: u64 = 16_000_000;

/// The reference suites the perft tests check, built in: the same positions and counts.
fn suite_text(ruleset: Ruleset) -> &'static str {
    match ruleset {
        Ruleset::Mongolian => include_str!("../../rules/tests/data/mongolian.perft"),
        Ruleset::MongolianFolk => include_str!("../../rules/tests/data/mongolian-folk.perft"),
        Ruleset::Chess => include_str!("../../rules/tests/data/chess.perft"),
    }
}

/// The benchmark positions of `ruleset`, from its reference suite.
pub fn suite(ruleset: Ruleset) -> Vec<BenchPosition> {
    let records = perft_suite::parse(suite_text(ruleset))
        .expect("the built-in suites are well formed (tested)");
    records
        .into_iter()
        .filter_map(|r| {
            let (depth, nodes) = r
                .counts
                .iter()
                .copied()
                .filter(|&(_, n)| n <= NODE_BUDGET)
                .max()?;
            let quick_nodes = r.count(depth - 1)?;
            Some(BenchPosition {
                id: r.id,
                fen: r.epd,
                depth,
                nodes,
                quick_nodes,
            })
        })
        .collect()
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
    run_suite(&suite(opts.ruleset), opts, out, err)
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
        match AnyPosition::from_fen(opts.ruleset, &bp.fen) {
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
        if opts.quick {
            ", quick (one ply less)"
        } else {
            ""
        }
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
                writeln!(
                    err,
                    "bench: {} perft {}: {nodes} nodes, expected {}",
                    bp.id,
                    depth(bp),
                    expected(bp)
                )?;
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
    let run_rates: Vec<f64> = (0..runs)
        .map(|r| nps(total_nodes, times.iter().map(|t| t[r]).sum()))
        .collect();
    writeln!(
        out,
        "bench: {total_nodes} nodes, median {:.2} Mnps",
        median(run_rates) / 1e6
    )?;
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
        let wrong = [BenchPosition {
            id: "wrong".into(),
            fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - -".into(),
            depth: 3,
            nodes: 43,
            quick_nodes: 2,
        }];
        let opts = BenchOptions {
            ruleset: Ruleset::Mongolian,
            runs: 1,
            quick: false,
        };
        let (mut out, mut err) = (Vec::new(), Vec::new());
        assert!(!run_suite(&wrong, &opts, &mut out, &mut err).unwrap());
        let err = String::from_utf8(err).unwrap();
        assert!(
            err.contains("wrong perft 3: 42 nodes, expected 43"),
            "{err}"
        );
        let quick = BenchOptions {
            quick: true,
            ..opts
        };
        assert!(run_suite(&wrong, &quick, &mut Vec::new(), &mut Vec::new()).unwrap());
    }

    #[test]
    fn every_suite_position_parses() {
        for ruleset in Ruleset::ALL {
            let suite = suite(ruleset);
            assert!(!suite.is_empty());
            for bp in suite {
                assert!(AnyPosition::from_fen(ruleset, &bp.fen).is_ok(), "{}", bp.id);
                assert!(bp.depth >= 2 && bp.nodes <= NODE_BUDGET, "{}", bp.id);
            }
        }
    }

    /// The Mongolian benchmark is the one quoted against other programs: its positions
    /// and depths must stay what the figures in the notes were measured on.
    #[test]
    fn the_mongolian_benchmark_is_stable() {
        let chosen: Vec<(String, u32, u64)> = suite(Ruleset::Mongolian)
            .into_iter()
            .map(|bp| (bp.id, bp.depth, bp.nodes))
            .collect();
        let expected = [
            ("mn-initial", 6, 449_349),
            ("mn-open", 5, 6_454_432),
            ("mn-closed", 5, 4_471_131),
            ("mn-endgame", 6, 6_788_901),
            ("mn-check-promo", 5, 9_862_396),
            ("mn-promo", 4, 1_238_036),
        ];
        assert_eq!(chosen, expected.map(|(id, d, n)| (String::from(id), d, n)));
    }
}
