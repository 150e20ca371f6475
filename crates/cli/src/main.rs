//! `shatar`: the native engine. With no arguments it speaks UCI on stdin/stdout; the
//! `perft` and `bench` subcommands test and time the move generator. See [`HELP`].

mod bench;
mod game;
mod uci;

use std::io::{self, Write};
use std::process::ExitCode;
use std::time::Instant;

use shatar_rules::Ruleset;

use shatar_rules::AnyPosition;

const HELP: &str = "\
shatar: a Mongolian chess (and FIDE chess) engine speaking UCI

USAGE:
    shatar                 Run the UCI protocol on stdin/stdout (also: shatar uci)
    shatar perft <DEPTH> [--variant V] [--fen FEN] [--moves M1,M2,...]
                           Count the leaves of the legal move tree DEPTH plies deep,
                           split by root move (Stockfish's `go perft` format), e.g.
                           `shatar perft 3`:
                               e2e4: 22
                               d2d4: 20

                               Nodes searched: 42
                           The time taken goes to stderr.
    shatar bench [--variant V] [--runs N] [--quick]
                           Move generator speed: bulk-counted perft over a fixed set of
                           positions of the variant (mongolian: mn-initial d6, mn-open d5,
                           mn-closed d5, mn-endgame d6, mn-check-promo d5), each repeated
                           N times (default 5). --quick searches one ply less. Prints:
                               bench: <variant>, <P> position(s), <N> run(s)
                               <id>  depth <D>  <nodes> nodes  median <X> Mnps   (per position)
                               bench: <total nodes> nodes, median <X> Mnps
                           The medians are over the runs; the total line's rate is the
                           median of the runs' (all nodes / all time). Every count is
                           checked against the known one: a mismatch is reported on stderr
                           and the exit status is 1.
    shatar --help | --version

OPTIONS:
    --variant V   mongolian (default; Inner Mongolia 2017 rules), mongolian-folk, chess
    --fen FEN     the position to start from (default: the initial position); quote it
    --moves LIST  moves to play first, in UCI notation, separated by commas or spaces

UCI:
    uci, isready, ucinewgame, position startpos|fen <FEN> [moves ...], go [...],
    go perft <DEPTH>, d (show the position), stop, quit;
    setoption name UCI_Variant value mongolian|mongolian-folk|chess
";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        None | Some("uci") => {
            // An `uci` argument means the GUI's first command was given on the command line.
            let mut input = String::new();
            if !args.is_empty() {
                input.push_str("uci\n");
            }
            let stdin = io::stdin().lock();
            let chained = io::Read::chain(input.as_bytes(), stdin);
            // A failed write means the GUI has gone: stop quietly.
            let _ = uci::run(chained, &mut io::stdout().lock());
            Ok(ExitCode::SUCCESS)
        }
        Some("-h" | "--help" | "help") => print(HELP).map(|()| ExitCode::SUCCESS),
        Some("-V" | "--version") => {
            print(&format!("shatar {}\n", env!("CARGO_PKG_VERSION"))).map(|()| ExitCode::SUCCESS)
        }
        Some("perft") => perft(&args[1..]),
        Some("bench") => bench(&args[1..]),
        Some(other) => Err(format!("unknown command '{other}'")),
    };
    match result {
        Ok(code) => code,
        Err(message) => {
            eprintln!("shatar: {message}\nRun 'shatar --help' for usage.");
            ExitCode::from(2)
        }
    }
}

fn print(text: &str) -> Result<(), String> {
    let mut out = io::stdout().lock();
    out.write_all(text.as_bytes()).and_then(|()| out.flush()).map_err(|e| e.to_string())
}

/// The options the subcommands share, read from `--name value` pairs.
#[derive(Default)]
struct Options {
    positional: Vec<String>,
    variant: Ruleset,
    fen: Option<String>,
    moves: Vec<String>,
    runs: Option<usize>,
    quick: bool,
}

impl Options {
    fn parse(args: &[String], allowed: &[&str]) -> Result<Options, String> {
        let mut opts = Options::default();
        let mut iter = args.iter();
        while let Some(arg) = iter.next() {
            if !arg.starts_with("--") {
                opts.positional.push(arg.clone());
                continue;
            }
            let (name, inline) = match arg.split_once('=') {
                Some((n, v)) => (n, Some(v.to_string())),
                None => (arg.as_str(), None),
            };
            if !allowed.contains(&name) {
                return Err(format!("unknown option '{name}' here (allowed: {})", allowed.join(", ")));
            }
            if name == "--quick" {
                opts.quick = true;
                continue;
            }
            let value = inline.or_else(|| iter.next().cloned()).ok_or_else(|| format!("{name} needs a value"))?;
            match name {
                "--variant" => opts.variant = value.parse().map_err(|e| format!("--variant '{value}': {e}"))?,
                "--fen" => opts.fen = Some(value),
                "--moves" => {
                    opts.moves = value.split([',', ' ']).filter(|m| !m.is_empty()).map(String::from).collect();
                }
                "--runs" => {
                    let runs = value.parse().ok().filter(|&n| n > 0);
                    opts.runs = Some(runs.ok_or_else(|| format!("--runs '{value}' is not a positive number"))?);
                }
                _ => unreachable!("every allowed option is handled"),
            }
        }
        Ok(opts)
    }
}

fn perft(args: &[String]) -> Result<ExitCode, String> {
    let opts = Options::parse(args, &["--variant", "--fen", "--moves"])?;
    let [depth] = opts.positional.as_slice() else {
        return Err("perft needs exactly one depth, like 'shatar perft 5'".into());
    };
    let depth: u32 = depth.parse().map_err(|_| format!("perft depth '{depth}' is not a whole number"))?;
    let start = match &opts.fen {
        Some(fen) => {
            AnyPosition::from_fen(opts.variant, fen).map_err(|e| format!("bad FEN for {}: {e}", opts.variant))?
        }
        None => AnyPosition::startpos(opts.variant),
    };
    let position = game::play_uci_moves(&start, opts.moves.iter().map(String::as_str))?;
    let clock = Instant::now();
    let nodes = uci::write_divide(&position, depth, &mut io::stdout().lock()).map_err(|e| e.to_string())?;
    let secs = clock.elapsed().as_secs_f64();
    eprintln!("Time: {:.3} s, {:.2} Mnps", secs, nodes as f64 / secs.max(1e-9) / 1e6);
    Ok(ExitCode::SUCCESS)
}

fn bench(args: &[String]) -> Result<ExitCode, String> {
    let opts = Options::parse(args, &["--variant", "--runs", "--quick"])?;
    if let Some(extra) = opts.positional.first() {
        return Err(format!("bench takes no argument '{extra}'"));
    }
    let bench_opts = bench::BenchOptions { ruleset: opts.variant, runs: opts.runs.unwrap_or(5), quick: opts.quick };
    let ok = bench::run(&bench_opts, &mut io::stdout().lock(), &mut io::stderr().lock()).map_err(|e| e.to_string())?;
    Ok(if ok { ExitCode::SUCCESS } else { ExitCode::FAILURE })
}
