//! A UCI program as a player: started once per match thread, restarted after a crash.
//! Its output is read on a thread of its own, so that a program that hangs cannot hang
//! the match: every wait has a deadline.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

use shatar_engine::Score;
use shatar_rules::any_game::WireMoveError;
use shatar_rules::uci::UciMoveError;
use shatar_rules::{AnyGameRecord, GameKind, GameMove};

use super::player::{Answer, Fault, Player, Turn};
use super::spec::{Kind, PlayerSpec};

/// How long a program may take to start, or to answer `isready`.
const STARTUP: Duration = Duration::from_secs(30);
/// Slack beyond a move's own time before a silent program counts as hung.
const SLACK: Duration = Duration::from_secs(10);
/// A move limited by depth or nodes only has no time of its own; this is plenty.
const UNTIMED_MOVE: Duration = Duration::from_secs(300);

pub struct UciPlayer {
    spec: PlayerSpec,
    /// The `UCI_Variant` value of the game played.
    variant: String,
    /// `None` after a crash, until the next game starts it again.
    process: Option<Process>,
}

impl UciPlayer {
    pub fn start(spec: &PlayerSpec, variant: &str) -> Result<UciPlayer, String> {
        let process = Process::start(spec, variant).map_err(|f| format!("{}: {f}", spec.name))?;
        Ok(UciPlayer {
            spec: spec.clone(),
            variant: variant.to_string(),
            process: Some(process),
        })
    }

    fn process(&mut self) -> Result<&mut Process, Fault> {
        if self.process.is_none() {
            self.process = Some(Process::start(&self.spec, &self.variant)?);
        }
        Ok(self.process.as_mut().expect("just started"))
    }

    /// Runs `f` on the process; a crash or hang ends the process, and the next game
    /// starts a new one.
    fn talk<T>(&mut self, f: impl FnOnce(&mut Process) -> Result<T, Fault>) -> Result<T, Fault> {
        let result = f(self.process()?);
        if matches!(result, Err(Fault::Crashed(_) | Fault::Hung)) {
            self.process = None;
        }
        result
    }
}

impl Player for UciPlayer {
    fn new_game(&mut self) -> Result<(), Fault> {
        self.talk(|p| {
            p.send("ucinewgame")?;
            p.send("isready")?;
            p.expect("readyok", STARTUP).map(drop)
        })
    }

    fn choose(&mut self, turn: &Turn<'_>) -> Result<Answer, Fault> {
        let side = turn.record.position().turn().index();
        let ranks_from_one = self.spec.ranks_from_one;
        let command = position_command(turn.record, ranks_from_one);
        let (go, allowed) = go_command(&self.spec, &turn.clocks, side);
        let lines = self.talk(|p| {
            p.send(&command)?;
            p.send(&go)?;
            p.expect("bestmove", allowed)
        })?;
        let (mut depth, mut nodes, mut score) = (None, None, None);
        for line in &lines {
            let mut tokens = line.split_whitespace();
            if tokens.next() == Some("info") {
                while let Some(t) = tokens.next() {
                    match t {
                        "depth" => depth = tokens.next().and_then(|v| v.parse().ok()).or(depth),
                        "nodes" => nodes = tokens.next().and_then(|v| v.parse().ok()).or(nodes),
                        "multipv" if tokens.next() != Some("1") => break,
                        "score" => {
                            let (kind, value) = (tokens.next(), tokens.next());
                            let value = value.and_then(|v| v.parse().ok());
                            score = match (kind, value) {
                                (Some("cp"), Some(v)) => Some(Score::Centipawns(v)),
                                (Some("mate"), Some(v)) => Some(Score::Mate(v)),
                                _ => score,
                            };
                        }
                        "pv" | "string" => break,
                        _ => {}
                    }
                }
            }
        }
        let text = lines
            .last()
            .and_then(|l| l.split_whitespace().nth(1))
            .unwrap_or("(none)");
        if text == "(none)" {
            return Err(Fault::NoMove);
        }
        let m = parse_move(turn.record, text, ranks_from_one).map_err(|reason| Fault::Illegal {
            text: text.to_string(),
            reason,
        })?;
        Ok(Answer {
            m,
            depth,
            nodes,
            score,
        })
    }
}

/// The UCI `position` command of the game so far; `ranks_from_one` writes Xiangqi moves
/// as Fairy-Stockfish reads them (ranks 1-10 instead of ICCS's 0-9).
fn position_command(record: &AnyGameRecord, ranks_from_one: bool) -> String {
    let start = record.position_at(0).expect("a record holds its start");
    let mut command = format!("position fen {}", start.fen());
    if !record.is_empty() {
        command.push_str(" moves");
        for m in record.moves() {
            command.push(' ');
            command.push_str(&wire_text(record, m, ranks_from_one));
        }
    }
    command
}

/// `m` as a UCI program of the `ranks_from_one` kind reads it.
fn wire_text(record: &AnyGameRecord, m: GameMove, ranks_from_one: bool) -> String {
    let text = m.to_string();
    if ranks_from_one && record.kind() == GameKind::Xiangqi {
        shift_ranks(&text, 1)
    } else {
        text
    }
}

/// A UCI program's move, legal in the current position; the error says why not.
fn parse_move(
    record: &AnyGameRecord,
    text: &str,
    ranks_from_one: bool,
) -> Result<GameMove, String> {
    let text = if ranks_from_one && record.kind() == GameKind::Xiangqi {
        shift_ranks(text, -1)
    } else {
        text.to_string()
    };
    let position = record.position();
    position.parse_wire_move(&text).map_err(|e| {
        let reason = match e {
            WireMoveError::Uci(UciMoveError::Illegal { reason, .. }) => reason,
            other => other.to_string(),
        };
        format!("{reason}, in {}", position.fen())
    })
}

/// ICCS `h2e2` with its ranks moved by `by` (Fairy-Stockfish writes it `h3e3`); anything
/// else unchanged, for the referee to refuse.
fn shift_ranks(text: &str, by: i32) -> String {
    let b = text.as_bytes();
    let rank = |s: &str| s.parse::<i32>().ok();
    let split = b
        .iter()
        .skip(1)
        .position(u8::is_ascii_alphabetic)
        .map(|i| i + 1);
    match split {
        Some(at) if b[0].is_ascii_alphabetic() && b[at].is_ascii_alphabetic() => {
            match (rank(&text[1..at]), rank(&text[at + 1..])) {
                (Some(from), Some(to)) => format!(
                    "{}{}{}{}",
                    &text[..1],
                    from + by,
                    &text[at..at + 1],
                    to + by
                ),
                _ => text.to_string(),
            }
        }
        _ => text.to_string(),
    }
}

/// The `go` command for the mover (`side`), and how long to wait for its answer.
fn go_command(
    spec: &PlayerSpec,
    clocks: &[Option<shatar_engine::GameClock>; 2],
    side: usize,
) -> (String, Duration) {
    let mut go = String::from("go");
    let mut allowed = UNTIMED_MOVE;
    if let Some(mine) = clocks[side] {
        for (c, prefix) in [(0, 'w'), (1, 'b')] {
            if let Some(clock) = clocks[c] {
                go.push_str(&format!(
                    " {prefix}time {} {prefix}inc {}",
                    clock.remaining_ms, clock.increment_ms
                ));
                // Not UCI: the simple delay of 2017 art. 6.3.2, which shatar reads.
                if let shatar_engine::Delay::Simple(ms) = clock.delay {
                    go.push_str(&format!(" {prefix}delay {ms}"));
                }
            }
        }
        if let Some(n) = mine.moves_to_go {
            go.push_str(&format!(" movestogo {n}"));
        }
        let delay = match mine.delay {
            shatar_engine::Delay::Simple(ms) | shatar_engine::Delay::Bronstein(ms) => ms,
            shatar_engine::Delay::None => 0,
        };
        allowed = Duration::from_millis(mine.remaining_ms + delay);
    }
    if let Some(ms) = spec.move_time_ms {
        go.push_str(&format!(" movetime {ms}"));
        allowed = allowed.min(Duration::from_millis(ms));
    }
    if let Some(d) = spec.depth {
        go.push_str(&format!(" depth {d}"));
    }
    if let Some(n) = spec.nodes {
        go.push_str(&format!(" nodes {n}"));
    }
    (go, allowed + SLACK)
}

/// A running UCI program.
struct Process {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Process {
    /// Starts the program and sets it up: `uci`, the options, the variant, `isready`.
    fn start(spec: &PlayerSpec, variant: &str) -> Result<Process, Fault> {
        let Kind::Uci { path, options } = &spec.kind else {
            unreachable!("a UCI player's spec")
        };
        let mut child = Command::new(path)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| Fault::Crashed(format!("cannot start '{path}': {e}")))?;
        let (stdin, stdout) = (
            child.stdin.take().expect("piped"),
            child.stdout.take().expect("piped"),
        );
        let (sender, lines) = mpsc::channel();
        thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        let mut process = Process {
            child,
            stdin,
            lines,
        };
        process.send("uci")?;
        let handshake = process.expect("uciok", STARTUP)?;
        let declared: Vec<&str> = handshake
            .iter()
            .filter_map(|l| l.strip_prefix("option name "))
            .filter_map(|l| l.split(" type ").next())
            .collect();
        let has = |name: &str| declared.iter().any(|d| d.trim().eq_ignore_ascii_case(name));
        if has("UCI_Variant") {
            process.send(&format!("setoption name UCI_Variant value {variant}"))?;
        } else if variant != "chess" {
            return Err(Fault::Crashed(format!(
                "'{path}' declares no UCI_Variant option: it cannot play {variant}"
            )));
        }
        for (name, value) in options {
            process.send(&format!("setoption name {name} value {value}"))?;
        }
        process.send("isready")?;
        process.expect("readyok", STARTUP)?;
        Ok(process)
    }

    fn send(&mut self, line: &str) -> Result<(), Fault> {
        writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .map_err(|e| Fault::Crashed(format!("cannot write to it: {e}")))
    }

    /// Reads lines until one whose first word is `word`, within `allowed`; returns them
    /// all, that one last.
    fn expect(&mut self, word: &str, allowed: Duration) -> Result<Vec<String>, Fault> {
        let deadline = Instant::now() + allowed;
        let mut lines = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    let done = line.split_whitespace().next() == Some(word);
                    lines.push(line);
                    if done {
                        return Ok(lines);
                    }
                }
                Err(RecvTimeoutError::Timeout) => return Err(Fault::Hung),
                Err(RecvTimeoutError::Disconnected) => {
                    let status = self.child.try_wait().ok().flatten();
                    return Err(Fault::Crashed(match status {
                        Some(s) => format!("it exited ({s}) while we waited for '{word}'"),
                        None => format!("it closed its output while we waited for '{word}'"),
                    }));
                }
            }
        }
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        let _ = self.send("quit");
        // A well-behaved program exits at `quit`; give it a moment, then end it.
        let deadline = Instant::now() + Duration::from_millis(500);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shatar_rules::AnyGamePosition;

    #[test]
    fn fairy_stockfish_counts_xiangqi_ranks_from_one() {
        assert_eq!(shift_ranks("h2e2", 1), "h3e3");
        assert_eq!(shift_ranks("a9a8", 1), "a10a9");
        assert_eq!(shift_ranks("a10a9", -1), "a9a8");
        assert_eq!(shift_ranks("(none)", -1), "(none)");
        let start = AnyGamePosition::startpos(GameKind::Xiangqi).unwrap();
        let mut record = AnyGameRecord::new(start);
        let m = parse_move(&record, "h3e3", true).unwrap();
        assert_eq!(m.to_string(), "h2e2");
        assert!(parse_move(&record, "h3e3", false).is_err());
        record.play(m).unwrap();
        assert!(position_command(&record, true).ends_with(" moves h3e3"));
    }
}
