//! The UCI loop: one command a line on the input, answers on the output, flushed after
//! each command. Bad input gets an `info string` line and the loop goes on; nothing the
//! GUI sends can make it panic.

use std::io::{self, BufRead, Write};

use shatar_rules::Ruleset;

use shatar_rules::AnyPosition;

use crate::game;

const VARIANT_OPTION: &str = "UCI_Variant";

/// What the engine remembers between commands.
pub struct Session {
    ruleset: Ruleset,
    position: AnyPosition,
}

/// Whether the loop goes on after a command.
#[derive(PartialEq, Eq)]
enum Flow {
    Continue,
    Quit,
}

impl Default for Session {
    fn default() -> Self {
        Session { ruleset: Ruleset::default(), position: AnyPosition::startpos(Ruleset::default()) }
    }
}

/// Reads commands from `input` until `quit` or the end of input. Returns an error only
/// when the output can no longer be written (the GUI has gone).
pub fn run(input: impl BufRead, out: &mut impl Write) -> io::Result<()> {
    let mut session = Session::default();
    for line in Lines(input) {
        let line = line?;
        let flow = session.command(&line, out)?;
        out.flush()?;
        if flow == Flow::Quit {
            break;
        }
    }
    Ok(())
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

impl Session {
    fn command(&mut self, line: &str, out: &mut impl Write) -> io::Result<Flow> {
        let tokens: Vec<&str> = line.split_whitespace().collect();
        let Some((&name, args)) = tokens.split_first() else {
            return Ok(Flow::Continue);
        };
        match name {
            "uci" => {
                writeln!(out, "id name Shatar {}", env!("CARGO_PKG_VERSION"))?;
                writeln!(out, "id author The Shatar developers")?;
                let vars: Vec<String> = Ruleset::ALL.iter().map(|r| format!("var {}", r.id())).collect();
                writeln!(
                    out,
                    "option name {VARIANT_OPTION} type combo default {} {}",
                    Ruleset::default().id(),
                    vars.join(" ")
                )?;
                writeln!(out, "uciok")?;
            }
            "isready" => writeln!(out, "readyok")?,
            "ucinewgame" => self.position = AnyPosition::startpos(self.ruleset),
            "setoption" => self.setoption(args, out)?,
            "position" => self.position(args, out)?,
            "go" => self.go(args, out)?,
            "d" => writeln!(out, "{}", game::describe(&self.position))?,
            // Nothing runs in the background, so there is nothing to stop or to ponder on.
            "stop" | "ponderhit" | "debug" | "register" => {}
            "quit" => return Ok(Flow::Quit),
            _ => writeln!(out, "info string unknown command: {}", line.trim())?,
        }
        Ok(Flow::Continue)
    }

    /// `setoption name <id> [value <x>]`: the option name and value may contain spaces.
    fn setoption(&mut self, args: &[&str], out: &mut impl Write) -> io::Result<()> {
        let (name, value) = match args.split_first() {
            Some((&"name", rest)) => match rest.iter().position(|&t| t == "value") {
                Some(i) => (rest[..i].join(" "), rest[i + 1..].join(" ")),
                None => (rest.join(" "), String::new()),
            },
            _ => {
                return writeln!(out, "info string error: expected 'setoption name <id> value <x>'");
            }
        };
        if !name.eq_ignore_ascii_case(VARIANT_OPTION) {
            return writeln!(out, "info string error: unknown option '{name}' (the only option is {VARIANT_OPTION})");
        }
        match value.parse::<Ruleset>() {
            Ok(ruleset) => {
                // A new game: the old position may not even be legal under the new rules.
                self.ruleset = ruleset;
                self.position = AnyPosition::startpos(ruleset);
                Ok(())
            }
            Err(e) => writeln!(out, "info string error: {VARIANT_OPTION} '{value}': {e}; still {}", self.ruleset.id()),
        }
    }

    /// `position (startpos | fen <FEN>) [moves <m1> <m2> ...]`. On any error the current
    /// position stays.
    fn position(&mut self, args: &[&str], out: &mut impl Write) -> io::Result<()> {
        match self.parse_position(args) {
            Ok(position) => self.position = position,
            Err(e) => writeln!(out, "info string error: {e}; the position is unchanged")?,
        }
        Ok(())
    }

    fn parse_position(&self, args: &[&str]) -> Result<AnyPosition, String> {
        let moves_at = args.iter().position(|&t| t == "moves").unwrap_or(args.len());
        let (setup, moves) = (&args[..moves_at], args.get(moves_at + 1..).unwrap_or(&[]));
        let start = match setup.split_first() {
            Some((&"startpos", [])) => AnyPosition::startpos(self.ruleset),
            Some((&"startpos", extra)) => {
                return Err(format!("unexpected '{}' after 'startpos' (expected 'moves')", extra.join(" ")));
            }
            Some((&"fen", fields)) => {
                let fen = fields.join(" ");
                AnyPosition::from_fen(self.ruleset, &fen)
                    .map_err(|e| format!("bad FEN '{fen}' for {}: {e}", self.ruleset.id()))?
            }
            _ => return Err("expected 'position startpos' or 'position fen <FEN>', then optionally 'moves ...'".into()),
        };
        game::play_uci_moves(&start, moves.iter().copied())
    }

    fn go(&mut self, args: &[&str], out: &mut impl Write) -> io::Result<()> {
        if let Some((&"perft", rest)) = args.split_first() {
            return match rest {
                [depth] => match depth.parse::<u32>() {
                    Ok(depth) => write_divide(&self.position, depth, out).map(drop),
                    Err(_) => writeln!(out, "info string error: perft depth '{depth}' is not a whole number"),
                },
                _ => writeln!(out, "info string error: expected 'go perft <depth>'"),
            };
        }
        // Search limits (depth, movetime, wtime, ...) are accepted and not yet used.
        match game::pick_move(&self.position) {
            Some(m) => writeln!(out, "bestmove {m}"),
            None => writeln!(out, "bestmove (none)"),
        }
    }
}

/// Perft split by root move, in Stockfish's format: `move: count` lines, a blank line,
/// `Nodes searched: <total>`.
pub fn write_divide(position: &AnyPosition, depth: u32, out: &mut impl Write) -> io::Result<u64> {
    let divide = position.divide(depth);
    for (m, count) in &divide {
        writeln!(out, "{m}: {count}")?;
    }
    let total = if depth == 0 { 1 } else { divide.iter().map(|(_, n)| n).sum() };
    writeln!(out)?;
    writeln!(out, "Nodes searched: {total}")?;
    Ok(total)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn session(input: &str) -> String {
        let mut out = Vec::new();
        run(input.as_bytes(), &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn odd_input_does_not_panic() {
        let out = session(
            "\n   \nposition\nposition fen\nposition moves\nposition startpos moves\nsetoption\nsetoption name\n\
             setoption name UCI_Variant value\ngo perft\ngo perft -1\ngo perft x y\nposition fen 8/8/8/8/8/8/8/8 w\n\
             position startpos moves e2e4 e7e5 e1e2\nposition fen k7/8/8/8/8/8/8/K7 w - - 0 1 moves a1a2 a8b8 a2a3\n\
             go\nd\n\u{fffd}\u{0}\x1b[A\ngo depth\n",
        );
        assert!(out.contains("bestmove "), "{out}");
        assert!(out.contains("Fen: "), "{out}");
    }
}
