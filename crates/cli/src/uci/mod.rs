//! The UCI loop: one command a line on the input, answers on the output. A search runs on
//! a thread of its own and prints its `info` lines and its `bestmove` itself, so `stop`,
//! `isready` and `quit` are answered while it thinks. Bad input gets an `info string`
//! line and the loop goes on: nothing the GUI sends can make it panic.
//!
//! A command that needs the engine while a search runs (another `go`, `ucinewgame`, the
//! `Hash` option) first lets that search finish, or stops it if it would never finish
//! (`go infinite`). `go perft` counts on the search's thread too, so `isready`, `stop` and
//! `quit` are answered while it counts. The end of the input is a `quit`, as in Stockfish:
//! a search or count still running is stopped (a search still prints its `bestmove`), so
//! `go depth 40` or `go perft 100` piped in do not outlive their input; a script waits for
//! the answer before it closes the pipe, as a GUI does.

mod go;
mod options;

use std::fmt;
use std::io::{self, BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::{self, Scope, ScopedJoinHandle};
use std::time::Duration;

use shatar_engine::{Limits, Report, SearchResult};
use shatar_rules::{AnyGamePosition, AnyGameRecord};

use crate::records;
use crate::searcher::{SearchRequest, Searcher};
use options::Options;

/// Reads commands from `input` until `quit` or the end of input. Returns an error only
/// when the output can no longer be written (the GUI has gone).
pub fn run(input: impl BufRead, out: &mut (impl Write + Send)) -> io::Result<()> {
    run_until(input, out, EndOfInput::Quit)
}

/// What the end of the input does to a search still running.
#[derive(Clone, Copy, PartialEq, Eq)]
enum EndOfInput {
    /// Stops it, as `quit` does: the binary's way.
    Quit,
    /// Lets a search with a limit finish: for tests that hand the whole input at once.
    #[cfg_attr(not(test), allow(dead_code))]
    FinishSearches,
}

fn run_until(
    input: impl BufRead,
    out: &mut (impl Write + Send),
    at_end: EndOfInput,
) -> io::Result<()> {
    let out = Out(Mutex::new(out));
    thread::scope(|scope| {
        let mut session = Session::new(scope, &out);
        let mut result = Ok(());
        for line in Lines(input) {
            match line.and_then(|line| session.command(&line)) {
                Ok(Flow::Continue) => {}
                Ok(Flow::Quit) => {
                    session.stop_search();
                    return Ok(());
                }
                Err(e) => {
                    result = Err(e);
                    break;
                }
            }
        }
        match at_end {
            EndOfInput::Quit => session.stop_search(),
            EndOfInput::FinishSearches => session.finish_search(),
        }
        result
    })
}

/// The output, shared by the command loop and the search thread: each line is written
/// and flushed whole, so the two never interleave within a line.
struct Out<W>(Mutex<W>);

impl<W: Write> Out<W> {
    fn line(&self, text: fmt::Arguments<'_>) -> io::Result<()> {
        self.with(|w| {
            w.write_fmt(text)?;
            w.write_all(b"\n")
        })
    }

    fn with<T>(&self, f: impl FnOnce(&mut W) -> io::Result<T>) -> io::Result<T> {
        // A poisoned lock only means a writer panicked mid-line; the output is still usable.
        let mut w = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        let value = f(&mut w)?;
        w.flush()?;
        Ok(value)
    }
}

/// Writes one line to the session's output: `say!(self, "readyok")`.
macro_rules! say {
    ($session:expr, $($arg:tt)*) => { $session.out.line(format_args!($($arg)*)) };
}

/// Whether the loop goes on after a command.
#[derive(PartialEq, Eq)]
enum Flow {
    Continue,
    Quit,
}

/// A search on its thread; joining it gives the engine back.
struct Running<'scope> {
    handle: ScopedJoinHandle<'scope, Searcher>,
    stop: Arc<AtomicBool>,
    kind: RunKind,
}

/// What ends a running search or count besides `stop` and `quit`.
#[derive(Clone, Copy, PartialEq, Eq)]
enum RunKind {
    /// A search with a limit, or a `go perft`: waited for by the next command that needs
    /// the engine.
    Limited,
    /// `go infinite` or a `go` without limits: stopped by it.
    Infinite,
}

/// What the engine remembers between commands.
struct Session<'scope, 'env, W> {
    scope: &'scope Scope<'scope, 'env>,
    out: &'env Out<W>,
    options: Options,
    /// The game so far, refereed (the automatic draws, Xiangqi's repetition rulings and
    /// natural move limit): the position to search and the history for repetitions.
    record: AnyGameRecord,
    /// The GUI's game went on past an end our rules see (a move limit another program
    /// counts differently): `go` searches the position whatever our rules say of it.
    past_the_end: bool,
    /// `None` while a search has it.
    engine: Option<Searcher>,
    search: Option<Running<'scope>>,
}

impl<'scope, 'env, W: Write + Send> Session<'scope, 'env, W> {
    fn new(scope: &'scope Scope<'scope, 'env>, out: &'env Out<W>) -> Self {
        let options = Options::default();
        Session {
            scope,
            out,
            record: records::new_game(options.game),
            past_the_end: false,
            engine: Some(Searcher::new(options.game, options.hash_mb)),
            options,
            search: None,
        }
    }

    fn command(&mut self, line: &str) -> io::Result<Flow> {
        let tokens: Vec<&str> = line.split_whitespace().collect();
        let Some((&name, args)) = tokens.split_first() else {
            return Ok(Flow::Continue);
        };
        match name {
            "uci" => {
                say!(self, "id name Shatar {}", env!("CARGO_PKG_VERSION"))?;
                say!(self, "id author The Shatar developers")?;
                for option in options::declarations() {
                    say!(self, "{option}")?;
                }
                say!(self, "uciok")?;
            }
            "isready" => say!(self, "readyok")?,
            "ucinewgame" => {
                self.engine().new_game();
                self.options.new_game();
                self.record = records::new_game(self.options.game);
                self.past_the_end = false;
            }
            "setoption" => self.setoption(args)?,
            "position" => match self.parse_position(args) {
                Ok((record, past_the_end)) => {
                    self.record = record;
                    self.past_the_end = past_the_end;
                }
                Err(e) => say!(self, "info string error: {e}; the position is unchanged")?,
            },
            "go" => self.go(args)?,
            "bench" => self.bench(args)?,
            "stop" => self.stop_search(),
            "d" => say!(self, "{}", records::describe(&self.record.position()))?,
            // Pondering is not offered, so a `ponderhit` has nothing to change.
            "ponderhit" | "debug" | "register" => {}
            "quit" => return Ok(Flow::Quit),
            _ => say!(self, "info string unknown command: {}", line.trim())?,
        }
        Ok(Flow::Continue)
    }

    /// The engine, once any running search has finished with it.
    fn engine(&mut self) -> &mut Searcher {
        self.finish_search();
        let (game, hash_mb) = (self.options.game, self.options.hash_mb);
        self.engine
            .get_or_insert_with(|| Searcher::new(game, hash_mb))
    }

    /// Waits for the running search, if any; one that would never end is stopped.
    fn finish_search(&mut self) {
        if let Some(search) = self.search.take() {
            if search.kind == RunKind::Infinite {
                search.stop.store(true, Ordering::Relaxed);
            }
            // A search thread that panicked lost its engine: start afresh.
            let hash_mb = self.options.hash_mb;
            self.engine = Some(
                search
                    .handle
                    .join()
                    .unwrap_or_else(|_| Searcher::new(self.options.game, hash_mb)),
            );
        }
    }

    fn stop_search(&mut self) {
        if let Some(search) = &self.search {
            search.stop.store(true, Ordering::Relaxed);
        }
        self.finish_search();
    }

    fn setoption(&mut self, args: &[&str]) -> io::Result<()> {
        match self.options.set(args) {
            Ok(options::Changed::Nothing) => Ok(()),
            Ok(options::Changed::Game) => {
                // A new game: the old position may not even be legal under the new rules.
                self.record = records::new_game(self.options.game);
                self.past_the_end = false;
                Ok(())
            }
            Ok(options::Changed::Hash) => {
                let hash_mb = self.options.hash_mb;
                self.engine().set_hash_mb(hash_mb);
                Ok(())
            }
            Ok(options::Changed::ClearHash) => {
                self.engine().new_game();
                Ok(())
            }
            Err(e) => say!(self, "info string error: {e}"),
        }
    }

    /// `bench [depth]`, as Stockfish has it: the search bench of the variant's family
    /// (the 8x8 games, or Xiangqi), with the signature line of `shatar bench`.
    fn bench(&mut self, args: &[&str]) -> io::Result<()> {
        self.finish_search();
        let depth = match args.first().map(|d| d.parse::<u32>()) {
            None => Ok(None),
            Some(Ok(d)) if (1..=64).contains(&d) => Ok(Some(d)),
            Some(_) => Err(args.join(" ")),
        };
        let depth = match depth {
            Ok(d) => d,
            Err(arg) => {
                return say!(
                    self,
                    "info string error: bench '{arg}' is not a depth from 1 to 64"
                );
            }
        };
        let result = crate::bench::search(self.record.kind(), depth);
        say!(self, "Nodes searched: {}", result.nodes)?;
        say!(
            self,
            "bench: {} nodes {} ms {} nps",
            result.nodes,
            result.time_ms,
            result.nodes_per_second()
        )
    }

    /// `position (startpos | fen <FEN>) [moves <m1> <m2> ...]`.
    /// Moves are in UCI, or ICCS (`h2e2`) for Xiangqi.
    fn parse_position(&self, args: &[&str]) -> Result<(AnyGameRecord, bool), String> {
        let game = self.options.game;
        let moves_at = args
            .iter()
            .position(|&t| t == "moves")
            .unwrap_or(args.len());
        let (setup, moves) = (&args[..moves_at], args.get(moves_at + 1..).unwrap_or(&[]));
        let start = match setup.split_first() {
            Some((&"startpos", [])) => {
                AnyGamePosition::startpos(game).map_err(|e| e.to_string())?
            }
            Some((&"startpos", extra)) => {
                return Err(format!(
                    "unexpected '{}' after 'startpos' (expected 'moves')",
                    extra.join(" ")
                ));
            }
            Some((&"fen", fields)) => {
                let fen = fields.join(" ");
                AnyGamePosition::from_fen(game, &fen)
                    .map_err(|e| format!("bad FEN '{fen}' for {game}: {e}"))?
            }
            _ => return Err(
                "expected 'position startpos' or 'position fen <FEN>', then optionally 'moves ...'"
                    .into(),
            ),
        };
        records::record_wire_moves(start, moves.iter().copied())
    }

    fn go(&mut self, args: &[&str]) -> io::Result<()> {
        // One search at a time, and its `bestmove` before anything this `go` prints.
        self.finish_search();
        if let Some((&"perft", rest)) = args.split_first() {
            return match rest {
                [depth] => match depth.parse::<u32>() {
                    Ok(depth) => {
                        self.spawn_perft(depth);
                        Ok(())
                    }
                    Err(_) => say!(
                        self,
                        "info string error: perft depth '{depth}' is not a whole number"
                    ),
                },
                _ => say!(self, "info string error: expected 'go perft <depth>'"),
            };
        }
        let (request, errors) = go::parse(args, self.record.position().turn());
        for e in errors {
            say!(self, "info string error: {e}")?;
        }
        if let Some(outcome) = self.record.outcome() {
            say!(self, "info string the game is over: {outcome}")?;
            if !self.past_the_end {
                return say!(self, "bestmove (none)");
            }
        }
        let search = SearchRequest {
            game: self.record.clone(),
            limits: Limits {
                multi_pv: self.options.multi_pv,
                ..request.limits
            },
            strength: self.options.strength(),
            seed: self.options.seed,
        };
        self.spawn_search(request.infinite, search);
        Ok(())
    }

    /// Counts `go perft <depth>` on the search's thread, so that `isready` is answered and
    /// `stop` or `quit` end a count that would take years.
    fn spawn_perft(&mut self, depth: u32) {
        let root = self.record.position();
        let stop = Arc::new(AtomicBool::new(false));
        let (out, thread_stop) = (self.out, Arc::clone(&stop));
        let engine = self.engine.take();
        let (game, hash_mb) = (self.options.game, self.options.hash_mb);
        let handle = self.scope.spawn(move || {
            let go_on = || !thread_stop.load(Ordering::Relaxed);
            let (counted, finished) = texts(root.divide_until(depth, &go_on));
            let _ = match finished {
                Ok(()) => out.with(|w| write_divide(&counted, depth, w)).map(drop),
                Err(shatar_rules::PerftStopped) => out.line(format_args!(
                    "info string perft {depth} stopped after {} of its root moves",
                    counted.len()
                )),
            };
            engine.unwrap_or_else(|| Searcher::new(game, hash_mb))
        });
        self.search = Some(Running {
            handle,
            stop,
            kind: RunKind::Limited,
        });
    }

    /// Runs `search` on a thread of its own, which prints its `info` lines and its
    /// `bestmove`; the engine is the thread's until the search ends.
    fn spawn_search(&mut self, infinite: bool, search: SearchRequest) {
        let (game, hash_mb) = (self.options.game, self.options.hash_mb);
        let mut engine = self
            .engine
            .take()
            .unwrap_or_else(|| Searcher::new(game, hash_mb));
        let multi_pv = self.options.multi_pv;
        let stop = Arc::new(AtomicBool::new(false));
        let (out, thread_stop) = (self.out, Arc::clone(&stop));
        let handle = self.scope.spawn(move || {
            let result = engine.search(&search, &thread_stop, &mut |report| {
                // Weak levels search extra lines to choose among; show the GUI its own.
                if report.multi_pv <= multi_pv {
                    let _ = out.line(format_args!("{}", InfoLine(report)));
                }
            });
            // UCI: an infinite search answers only after `stop`, even when it is done.
            while infinite && !thread_stop.load(Ordering::Relaxed) {
                thread::sleep(Duration::from_millis(5));
            }
            let _ = out.line(format_args!("{}", BestMove(&result)));
            engine
        });
        self.search = Some(Running {
            handle,
            stop,
            kind: if infinite {
                RunKind::Infinite
            } else {
                RunKind::Limited
            },
        });
    }
}

/// A divide's moves as text, whichever game they are of.
fn texts<M: fmt::Display, E>(divide: (Vec<(M, u64)>, E)) -> (Vec<(String, u64)>, E) {
    let (counted, finished) = divide;
    (
        counted
            .into_iter()
            .map(|(m, n)| (m.to_string(), n))
            .collect(),
        finished,
    )
}

/// A search report as a UCI `info` line.
struct InfoLine<'a, M>(&'a Report<M>);

impl<M: fmt::Display> fmt::Display for InfoLine<'_, M> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let r = self.0;
        write!(
            f,
            "info depth {} seldepth {} multipv {} score {} nodes {} nps {} hashfull {} time {} pv",
            r.depth,
            r.seldepth,
            r.multi_pv,
            r.score,
            r.nodes,
            r.nodes_per_second,
            r.hashfull,
            r.time_ms
        )?;
        r.pv.iter().try_for_each(|m| write!(f, " {m}"))
    }
}

/// `bestmove <m> [ponder <reply>]`, or `bestmove (none)` without a legal move.
struct BestMove<'a, M>(&'a SearchResult<M>);

impl<M: Copy + fmt::Display> fmt::Display for BestMove<'_, M> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.0.best_move(), self.0.ponder_move()) {
            (Some(best), Some(reply)) => write!(f, "bestmove {best} ponder {reply}"),
            (Some(best), None) => write!(f, "bestmove {best}"),
            (None, _) => write!(f, "bestmove (none)"),
        }
    }
}

/// Lines of the input, as text even if they are not valid UTF-8.
struct Lines<B>(B);

impl<B: BufRead> Iterator for Lines<B> {
    type Item = io::Result<String>;
    fn next(&mut self) -> Option<io::Result<String>> {
        let mut buf = Vec::new();
        match self.0.read_until(b'\n', &mut buf) {
            Ok(0) => None,
            Ok(_) => Some(Ok(String::from_utf8_lossy(&buf).into_owned())),
            Err(e) => Some(Err(e)),
        }
    }
}

/// Perft split by root move, in Stockfish's format: `move: count` lines, a blank line,
/// `Nodes searched: <total>`.
pub fn write_divide(divide: &[(String, u64)], depth: u32, out: &mut impl Write) -> io::Result<u64> {
    for (m, count) in divide {
        writeln!(out, "{m}: {count}")?;
    }
    let total = if depth == 0 {
        1
    } else {
        divide.iter().map(|(_, n)| n).sum()
    };
    writeln!(out)?;
    writeln!(out, "Nodes searched: {total}")?;
    Ok(total)
}

#[cfg(test)]
mod tests {
    use super::*;
    use shatar_rules::GameKind;

    fn session(input: &str) -> String {
        let mut out = Vec::new();
        run_until(input.as_bytes(), &mut out, EndOfInput::FinishSearches).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn odd_input_does_not_panic() {
        let out = session(
            "\n   \nposition\nposition fen\nposition moves\nposition startpos moves\nsetoption\nsetoption name\n\
             setoption name UCI_Variant value\ngo perft\ngo perft -1\ngo perft x y\nposition fen 8/8/8/8/8/8/8/8 w\n\
             position startpos moves e2e4 e7e5 e1e2\nposition fen k7/8/8/8/8/8/8/K7 w - - 0 1 moves a1a2 a8b8 a2a3\n\
             go depth 2\nd\n\u{fffd}\u{0}\x1b[A\ngo depth\nstop\nsetoption name Hash value -1\n",
        );
        assert!(out.contains("bestmove "), "{out}");
        assert!(out.contains("Fen: "), "{out}");
    }

    /// The reference count of the Xiangqi start (../shared/perft/xiangqi.perft), Black's
    /// 45 replies to 1. h2e2 (炮二平五) in ICCS, and a general that may not leave its step.
    #[test]
    fn xiangqi_positions_and_perft() {
        let out = session(
            "setoption name UCI_Variant value xiangqi\nposition startpos\ngo perft 2\n\
             position startpos moves h2e2\nd\ngo perft 1\nposition startpos moves e0e2\ngo depth 3\n",
        );
        assert!(out.contains("Nodes searched: 1920"), "{out}");
        assert!(
            out.contains("Fen: rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b"),
            "{out}"
        );
        assert!(out.contains("Nodes searched: 45"), "{out}");
        assert!(out.contains("move 1 ('e0e2')"), "{out}");
        // The bad `position` left the game after h2e2: Black's answer is one of its 45.
        let best = out
            .lines()
            .find_map(|l| l.strip_prefix("bestmove "))
            .expect(&out);
        let best = best.split_whitespace().next().unwrap();
        let mut after = AnyGamePosition::startpos(GameKind::Xiangqi).unwrap();
        after.play_legal(after.parse_wire_move("h2e2").unwrap());
        assert!(after.parse_wire_move(best).is_ok(), "{best} in {out}");
    }

    /// A Xiangqi game over by the rules gets no search.
    #[test]
    fn a_finished_xiangqi_game_is_not_searched() {
        let out = session(
            "setoption name UCI_Variant value xiangqi\nposition fen 4k4/9/4P4/9/9/3R1R3/9/9/9/4K4 b\ngo depth 2\n",
        );
        assert!(out.contains("info string the game is over"), "{out}");
        assert!(out.contains("bestmove (none)"), "{out}");
    }

    /// The search is given the game's moves: after 15. g8g7 of game 82 of the match
    /// against Fairy-Stockfish, h8h7 goes on with a chase begun before the root, which the
    /// engine lost the game by; knowing only the earlier positions' hashes, it played it.
    #[test]
    fn a_xiangqi_chase_begun_before_the_search_is_not_repeated() {
        let out = session(
            "setoption name UCI_Variant value xiangqi\n\
             position fen rnb1kabnr/4a4/4c4/2p1C1p1p/p8/9/P1P1P1P1P/1CN3Nc1/9/R1BAKAB1R w - - 3 5 moves c0e2 \
             b9c7 e6f6 h9g7 a0b0 c6c5 f0e1 c7b5 b2b4 i9h9 b4g4 b5c3 g4g7 c3e2 g0e2 h2e2 e1f0 h9h7 g7g8 h7h8 g8g7\n\
             go depth 8\n",
        );
        let best = out
            .lines()
            .find_map(|l| l.strip_prefix("bestmove "))
            .expect(&out);
        assert_ne!(best.split_whitespace().next(), Some("h8h7"), "{out}");
    }

    #[test]
    fn a_search_reports_and_answers() {
        let out = session("position startpos moves e2e4 e7e5\ngo depth 3\n");
        let info = out
            .lines()
            .find(|l| l.starts_with("info depth 3 "))
            .expect(&out);
        for field in [
            "seldepth",
            "multipv 1",
            "score cp",
            "nodes",
            "nps",
            "hashfull",
            "time",
            "pv",
        ] {
            assert!(info.contains(field), "{field}: {info}");
        }
        assert!(
            out.lines().last().unwrap().starts_with("bestmove "),
            "{out}"
        );
    }
}
