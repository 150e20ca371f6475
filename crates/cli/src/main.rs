//! `shatar`: the native engine. With no arguments it speaks UCI on stdin/stdout, for the
//! 8x8 games and Xiangqi (`UCI_Variant`); the subcommands time the search (`bench`,
//! `bench --xiangqi`), test the move generator (`perft`, `bench --perft`), play matches
//! (`match`) and make their openings (`openings`), Xiangqi's too, give other match
//! scripts the same Elo figures (`elo`), and measure what moves give away against a judge
//! (`suite`). See [`HELP`].

mod arena;
mod args;
mod bench;
mod elo;
mod openings;
mod pairings;
mod records;
mod searcher;
mod standings;
mod suite;
mod uci;

use std::io::{self, Write};
use std::process::ExitCode;
use std::time::Instant;

use shatar_rules::{AnyGamePosition, GameKind};

const HELP: &str = "\
shatar: an engine for Mongolian chess (2017 and folk rules), FIDE chess and Xiangqi, speaking UCI

USAGE:
    shatar                 Run the UCI protocol on stdin/stdout (also: shatar uci)
    shatar bench [--depth N]
                           Search speed, and the search's signature: the engine's fixed
                           bench positions (all three games) searched to depth N (default
                           10), each from a fresh table. Prints one line:
                               bench: <nodes> nodes <ms> ms <nps> nps
                           The node count changes when what the search does changes
                           (a pure speed-up keeps it); the native and WebAssembly builds
                           must agree on it.
    shatar bench --xiangqi [--depth N]
                           The same for Xiangqi: its own bench positions and signature
                           (default depth 11).
    shatar bench --perft [--variant V] [--runs N] [--quick]
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
    shatar perft <DEPTH> [--variant V] [--fen FEN] [--moves M1,M2,...]
                           Count the leaves of the legal move tree DEPTH plies deep,
                           split by root move (Stockfish's `go perft` format), e.g.
                           `shatar perft 3`:
                               e2e4: 22
                               d2d4: 20

                               Nodes searched: 42
                           The time taken goes to stderr.
    shatar match --a SPEC --b SPEC [MATCH OPTIONS]
                           Play A against B from opening positions, each opening twice
                           with colours reversed, and report wins/draws/losses, the Elo
                           difference with its 95% error bar, and the likelihood that A
                           is stronger (LOS). Exit status 1 if a player cannot be started.
    shatar openings [--ruleset R] [--count N] [--plies MIN-MAX] [--seed S] [--depth D]
                    [--max-cp CP] [--out FILE]
                           Make an opening file for `match` (to stdout, or FILE): random
                           near-best plies after the first round (Mongolian; default 2-4)
                           or the start (chess, 4-6; xiangqi, 4-8 in ICCS), kept when a
                           depth-D search (default 8) scores them within CP (default 60)
                           of equality. The same arguments and engine make the same file.
    shatar elo WINS DRAWS LOSSES [--pairs P0,P1,P2,P3,P4]
                           The Elo figures `match` reports, for a result reached
                           elsewhere, as one line of JSON:
                               {\"score\":0.095,\"elo\":-391.57..,\"low\":-471.29..,\"high\":-333.65..}
                           The first player's score, the Elo difference and its 95%
                           interval (low to high) from single games; with --pairs,
                           \"pairs\" holds the same from pairs of games on one opening
                           (P0 pairs in which the first player scored 0, P1 1/2, ... P4 2),
                           the sounder interval. null is an infinite figure: at a score
                           of 0% or 100%, or an interval that reaches it.
    shatar suite make --pgn FILE --player NAME --judge SPEC --out FILE [--ruleset R]
                      [--games all|lost] [--from-ply N] [--every N] [--limit N]
                           A position suite: the positions where NAME moved in the PGN's
                           games (those it lost with --games lost; from ply N of each
                           game, every Nth of its moves, at most --limit), each with the
                           judge's value of the position and of the move played
                           (centipawns for the mover, mates at 1000).
                           The judge is a player as in `match`, usually a strong UCI
                           program at a node limit.
    shatar suite run --suite FILE --a SPEC [--b SPEC] --judge SPEC [--ruleset R] [--out FILE]
                           Each player chooses a move in every position of the suite (each
                           search from a clean table), the judge values it, and the report
                           gives each player's average loss (the judge's value of the
                           position less that of the move, never below 0), its blunders
                           (150 cp or more), and with --b the paired difference B - A and
                           its standard error. --out FILE writes each position's moves
                           and losses (FEN;played;loss;A's move;loss;B's move;loss).
    shatar pairings --dutch [--rules 2026|2017] | --berger | --axf IN.trf [-p [OUT]]
                           Pair the next round of the tournament in IN.trf (TRF-16 with
                           XXR/XXC, or TRF-2026): the round after the last one with a
                           game; byes already entered for it stay. The command line and
                           output are bbpPairings' and JaVaFo's: the number of pairs,
                           then `white black` a line, a bye as `player 0`, to OUT or
                           stdout. --dutch: FIDE's Dutch system (C.04.3), any round,
                           as FIDE's checker Gacrux pairs it (requested byes, forfeits,
                           absences, prohibited pairs: record 260, Baku acceleration:
                           record 250). --rules 2017: by the text before the one
                           approved for 2026-02-01 (in force from 2017-07-01), for
                           events begun under it; checked against bbpPairings 5.0.1
                           (docs/rules.md lists the differences). No TRF record names
                           that text, so the file cannot say it; --rules 2026 is the
                           default. --berger: FIDE's Berger tables (C.05 Annex 1), double
                           when the file plans more rounds than one cycle. --axf: AXF's
                           Swiss (积分编排制): round 1 by number, 1-2, 3-4, odd numbers
                           Red; then by score, no rematches, colours alternating.
    shatar standings IN.trf [--csv | --json] [--tie-breaks LIST | --order O]
                     [--swiss | --round-robin] [--rules 2024|2026]
                           The standings with every tie-break column: StartNo, Rank,
                           Name, then each tie-break (FIDE C.07's codes with their
                           modifiers, like PTS,DE,BH/C1,BH,SB,KS/L40,ARO/U1400; by
                           default PTS and every C.07 code), the rank by the list in its
                           order. --order: mongolian (PTS, DE, BH/C1, BH, SB),
                           axf-round-robin or axf-swiss (AXF 2008 ch. 2 §5). The format
                           is guessed from the file (record 092, or rounds = players)
                           and the rules from its start date (C.07 of 2026 from
                           2026-03-01), as Gacrux does; the flags override them. An
                           empty value (JSON: null) is void. A file with team records
                           (013, 310) ranks its teams on match points (record 362), with
                           BH:GP and the like on game points and BD1 the first board's;
                           by default AXF's team order, or --order axf-team-round-robin,
                           axf-team-swiss.
    shatar --help | --version

OPTIONS:
    --variant V   mongolian (default; Inner Mongolia 2017 rules), mongolian-folk, chess;
                  perft also takes xiangqi (FEN and ICCS moves, as UCI)
    --fen FEN     the position to start from (default: the initial position); quote it
    --moves LIST  moves to play first, in UCI notation, separated by commas or spaces

MATCH OPTIONS:
    --a SPEC, --b SPEC  The players, as comma-separated key=value pairs:
                            level=1..10   the built-in engine at this level (default 10)
                            elo=550..2100 the built-in engine at about this rating
                                          (Stockfish's UCI_Elo scale; docs/engine.md)
                            depth=N, nodes=N, movetime=MS   limits of each move
                            tc=[MOVES/]SECONDS[+INC]   a clock, like tc=10+0.1;
                                          delay=MS adds a simple delay (2017 art. 6.3.2)
                            hash=MB       the built-in engine's table (default 16)
                            uci=PATH      a UCI program instead; option.NAME=VALUE sets
                                          its options, like option.Hash=16
                            name=TEXT     the name in the report and the PGN
                            ranks=1       a UCI program that numbers Xiangqi ranks 1-10,
                                          as Fairy-Stockfish does (h3e3 for ICCS h2e2)
                        Level 10 and UCI programs need a limit (depth, nodes, movetime
                        or tc). Example: --a level=3 --b \"nodes=20000,hash=16\"
    --games N           Games to play (default: two per opening)
    --ruleset R         mongolian (default), mongolian-folk, chess, xiangqi (ICCS moves;
                        the AXF 2008 rulings and the natural move limit referee)
    --openings FILE     One FEN a line, '#' starts a comment (default: the built-in
                        tests/openings/<ruleset>.fen)
    --seed S            Opening order and the levels' randomness (default 1)
    --concurrency N     Games at once (default: the available cores)
    --pgn FILE          Write the games, each with its opening as the FEN tag
    --sprt E0,E1,A,B    Stop once a sequential test of Elo E0 against E1 with error
                        rates A and B decides, like --sprt 0,5,0.05,0.05
    --max-plies N       Adjudicate a draw after N plies (default 500)
    --margin MS         Clock tolerance before a flag falls (default 100)
    --progress N        A progress line every N games (default 10)
    --resign CP/MOVES   Adjudicate a win once the loser's own score has been at most
                        -CP for its last MOVES moves and the winner's at least CP for
                        its last MOVES (both agree), like 600/4; off by default
    --draw MOVE/CP/MOVES  From move MOVE, adjudicate a draw once both players' scores
                        have been within CP of level for MOVES moves each, like 40/10/8;
                        off by default. Both save time in long tests, as in cutechess
    The referee checks every move (an illegal move, a crash or a hang loses), ends the
    game at mate, stalemate, a dead position and the automatic draws, and claims
    threefold repetition and fifty moves for the side to move when the rules let it and
    that side's own score says it is not ahead (a winning side plays on).

UCI:
    uci, isready, ucinewgame, position startpos|fen <FEN> [moves ...], go [...], stop,
    ponderhit, quit, d (show the position), go perft <DEPTH>, bench [DEPTH] (the
    search bench of the variant's family, as `shatar bench`, after a `Nodes searched`
    line as Stockfish prints).
    go takes wtime, btime, winc, binc, movestogo, movetime, depth, nodes, infinite,
    mate, and, not in UCI, wdelay <MS> and bdelay <MS>: a simple delay per move (2017
    art. 6.3.2) that is spent before the clock's own time. The search runs until
    stop for go infinite or a go without limits. The end of input is a quit: a search
    or perft still running is stopped (a search still answers bestmove).
    Options: UCI_Variant (mongolian, mongolian-folk, chess, xiangqi with ICCS moves like
    h2e2), Hash (MB), Clear Hash,
    MultiPV, Skill Level (1 to 10; 10, the default, is full strength).
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
            let _ = uci::run(chained, &mut io::stdout());
            Ok(ExitCode::SUCCESS)
        }
        Some("-h" | "--help" | "help") => print(HELP).map(|()| ExitCode::SUCCESS),
        Some("-V" | "--version") => {
            print(&format!("shatar {}\n", env!("CARGO_PKG_VERSION"))).map(|()| ExitCode::SUCCESS)
        }
        Some("perft") => perft(&args[1..]),
        Some("bench") => bench(&args[1..]),
        Some("match") => arena::command(&args[1..], &mut io::stdout().lock()),
        Some("openings") => openings::command(&args[1..]),
        Some("elo") => elo::command(&args[1..], &mut io::stdout().lock()),
        Some("suite") => suite::command(&args[1..], &mut io::stdout().lock()),
        Some("pairings") => pairings::command(&args[1..], &mut io::stdout().lock()),
        Some("standings") => standings::command(&args[1..], &mut io::stdout().lock()),
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
    out.write_all(text.as_bytes())
        .and_then(|()| out.flush())
        .map_err(|e| e.to_string())
}

/// The options the subcommands share, read from `--name value` pairs.
#[derive(Default)]
struct Options {
    positional: Vec<String>,
    variant: GameKind,
    fen: Option<String>,
    moves: Vec<String>,
    runs: Option<usize>,
    quick: bool,
    perft: bool,
    depth: Option<u32>,
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
                return Err(format!(
                    "unknown option '{name}' here (allowed: {})",
                    allowed.join(", ")
                ));
            }
            if name == "--quick" || name == "--perft" || name == "--xiangqi" {
                opts.quick |= name == "--quick";
                opts.perft |= name == "--perft";
                if name == "--xiangqi" {
                    opts.variant = GameKind::Xiangqi;
                }
                continue;
            }
            let value = inline
                .or_else(|| iter.next().cloned())
                .ok_or_else(|| format!("{name} needs a value"))?;
            match name {
                "--variant" => {
                    opts.variant = value
                        .parse()
                        .map_err(|e| format!("--variant '{value}': {e}"))?
                }
                "--fen" => opts.fen = Some(value),
                "--moves" => {
                    opts.moves = value
                        .split([',', ' '])
                        .filter(|m| !m.is_empty())
                        .map(String::from)
                        .collect();
                }
                "--runs" => {
                    let runs = value.parse().ok().filter(|&n| n > 0);
                    opts.runs = Some(
                        runs.ok_or_else(|| format!("--runs '{value}' is not a positive number"))?,
                    );
                }
                "--depth" => {
                    let depth = value.parse().ok().filter(|d| (1..=64).contains(d));
                    opts.depth =
                        Some(depth.ok_or_else(|| {
                            format!("--depth '{value}' is not a depth from 1 to 64")
                        })?);
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
    let depth: u32 = depth
        .parse()
        .map_err(|_| format!("perft depth '{depth}' is not a whole number"))?;
    let start = match &opts.fen {
        Some(fen) => AnyGamePosition::from_fen(opts.variant, fen)
            .map_err(|e| format!("bad FEN for {}: {e}", opts.variant))?,
        None => AnyGamePosition::startpos(opts.variant).map_err(|e| e.to_string())?,
    };
    let position = records::play_wire_moves(&start, opts.moves.iter().map(String::as_str))?;
    let clock = Instant::now();
    let (divide, _) = position.divide_until(depth, &|| true);
    let divide: Vec<(String, u64)> = divide
        .into_iter()
        .map(|(m, n)| (m.to_string(), n))
        .collect();
    let nodes =
        uci::write_divide(&divide, depth, &mut io::stdout().lock()).map_err(|e| e.to_string())?;
    let secs = clock.elapsed().as_secs_f64();
    eprintln!(
        "Time: {:.3} s, {:.2} Mnps",
        secs,
        nodes as f64 / secs.max(1e-9) / 1e6
    );
    Ok(ExitCode::SUCCESS)
}

fn bench(args: &[String]) -> Result<ExitCode, String> {
    let perft = args.iter().any(|a| a == "--perft");
    let allowed: &[&str] = if perft {
        &["--perft", "--variant", "--runs", "--quick"]
    } else {
        &["--perft", "--depth", "--xiangqi"]
    };
    let opts = Options::parse(args, allowed).map_err(|e| {
        if perft {
            e
        } else {
            format!("{e}; add --perft for the perft bench")
        }
    })?;
    if let Some(extra) = opts.positional.first() {
        return Err(format!("bench takes no argument '{extra}'"));
    }
    if !perft {
        let result = bench::search(opts.variant, opts.depth);
        print(&format!(
            "bench: {} nodes {} ms {} nps\n",
            result.nodes,
            result.time_ms,
            result.nodes_per_second()
        ))?;
        return Ok(ExitCode::SUCCESS);
    }
    let GameKind::Board8(ruleset) = opts.variant else {
        // `--variant xiangqi` sets the same option as `--xiangqi`: say so rather than run
        // the search bench in its place.
        return Err(
            "bench --perft times the 8x8 move generator only; for Xiangqi's use \
             `shatar perft --variant xiangqi`"
                .into(),
        );
    };
    let bench_opts = bench::BenchOptions {
        ruleset,
        runs: opts.runs.unwrap_or(5),
        quick: opts.quick,
    };
    let ok = bench::run(
        &bench_opts,
        &mut io::stdout().lock(),
        &mut io::stderr().lock(),
    )
    .map_err(|e| e.to_string())?;
    Ok(if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

#[cfg(test)]
mod tests {
    use shatar_engine::Strength;

    /// The help spells the `elo=` range out by hand: keep it the range `match` accepts.
    #[test]
    fn the_help_gives_the_elo_range_the_engine_accepts() {
        let range = format!("elo={}..{}", Strength::MIN_ELO, Strength::MAX_ELO);
        assert!(super::HELP.contains(&range), "the help lacks {range}");
    }
}
