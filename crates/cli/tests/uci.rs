//! The `shatar` binary end to end: UCI commands on a pipe, and the subcommands.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Output, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::thread;
use std::time::{Duration, Instant};

use shatar_engine::{Level, Strength};

/// Runs `shatar ARGS` with `input` on stdin (then end of input).
fn shatar(args: &[&str], input: impl AsRef<[u8]>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_shatar"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start shatar");
    let mut stdin = child.stdin.take().expect("stdin");
    // The engine may quit before reading everything: a broken pipe here is fine.
    let _ = stdin.write_all(input.as_ref());
    drop(stdin);
    child.wait_with_output().expect("wait for shatar")
}

/// The UCI session's stdout, with `input` sent as a GUI sends it: one line at a time, and
/// after a `go` with a limit, nothing more until its answer (the end of input stops a
/// search, as `quit` does). Fails if the engine did not exit cleanly.
fn uci(input: &str) -> String {
    let mut engine = Session::start();
    let mut answers = 0;
    for line in input.lines() {
        // The engine may have quit already: a broken pipe here is fine.
        if writeln!(engine.stdin, "{line}")
            .and_then(|()| engine.stdin.flush())
            .is_err()
        {
            break;
        }
        if has_limit(line) {
            answers += 1;
            engine.answers_until(answers, Duration::from_secs(60));
        }
    }
    engine.finish()
}

/// Whether `line` is a `go` that ends by itself: a perft, or a search with a limit.
fn has_limit(line: &str) -> bool {
    let words: Vec<&str> = line.split_whitespace().collect();
    words.first() == Some(&"go")
        && words.windows(2).any(|w| {
            matches!(
                w[0],
                "perft" | "depth" | "nodes" | "movetime" | "wtime" | "btime" | "mate"
            ) && w[1].parse::<u64>().is_ok()
        })
}

/// The last line of a `go`'s answer.
fn is_answer(line: &str) -> bool {
    line.starts_with("bestmove")
        || line.starts_with("Nodes searched")
        || line.starts_with("info string perft")
}

fn lines(text: &str) -> Vec<&str> {
    text.lines().collect()
}

fn nodes_searched(text: &str) -> Vec<u64> {
    text.lines()
        .filter_map(|l| l.strip_prefix("Nodes searched: "))
        .map(|n| n.parse().unwrap())
        .collect()
}

/// The root moves of a `go perft` answer.
fn divide_moves(text: &str) -> Vec<String> {
    text.lines()
        .filter_map(|l| l.split_once(": "))
        .filter(|(m, _)| m.len() >= 4 && !m.contains(' '))
        .map(|(m, _)| m.to_string())
        .collect()
}

/// The `info string error` lines: what the engine refused, and why.
fn errors(text: &str) -> Vec<&str> {
    text.lines()
        .filter(|l| l.starts_with("info string error: "))
        .collect()
}

/// The moves of the `bestmove` answers, without their `ponder` part.
fn bestmoves(text: &str) -> Vec<&str> {
    text.lines()
        .filter_map(|l| l.strip_prefix("bestmove ")?.split_whitespace().next())
        .collect()
}

#[test]
fn handshake() {
    let out = uci("uci\nisready\nquit\n");
    assert_eq!(
        lines(&out),
        [
            &format!("id name Shatar {}", env!("CARGO_PKG_VERSION")) as &str,
            "id author The Shatar developers",
            "option name UCI_Variant type combo default mongolian var mongolian var mongolian-folk var chess var xiangqi",
            "option name Hash type spin default 16 min 1 max 4096",
            "option name Clear Hash type button",
            "option name MultiPV type spin default 1 min 1 max 256",
            "option name Skill Level type spin default 10 min 1 max 10",
            "option name UCI_LimitStrength type check default false",
            &format!(
                "option name UCI_Elo type spin default {1} min {0} max {1}",
                Strength::MIN_ELO,
                Strength::MAX_ELO
            ),
            "uciok",
            "readyok",
        ]
    );
}

#[test]
fn mongolian_perft_divide() {
    let out = uci("setoption name UCI_Variant value mongolian\nposition startpos\ngo perft 3\n");
    assert_eq!(
        lines(&out),
        ["e2e4: 22", "d2d4: 20", "", "Nodes searched: 42"]
    );
    // Mongolian is the default, and the game starts with the compulsory first round.
    let out = uci("position startpos\ngo perft 1\nposition startpos moves d2d4\ngo perft 1\n");
    assert_eq!(nodes_searched(&out), [2, 1]);
    assert!(out.contains("d7d5: 1"), "{out}");
}

#[test]
fn chess_perft() {
    let out = uci("setoption name UCI_Variant value chess\nposition startpos\ngo perft 3\n");
    assert_eq!(nodes_searched(&out), [8902]);
    assert_eq!(divide_moves(&out).len(), 20);
    assert!(out.contains("e2e4: 600\n"), "{out}");
    // Castling is written as the king's move.
    let out = uci("setoption name UCI_Variant value chess\n\
         position fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -\ngo perft 2\n");
    assert_eq!(nodes_searched(&out), [2039]);
    assert!(out.contains("e1g1: ") && out.contains("e1c1: "), "{out}");
}

#[test]
fn folk_rules() {
    let endgame = "position fen 8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - -\ngo perft 3\n";
    let out = uci(&format!(
        "setoption name UCI_Variant value mongolian-folk\n{endgame}"
    ));
    assert_eq!(nodes_searched(&out), [2012]);
    // A bare king ends the folk game at once; under the 2017 rules play goes on.
    let bare = "position fen 4k3/8/8/8/8/8/8/R3K3 b - -\ngo perft 1\ngo depth 2\n";
    let folk = uci(&format!(
        "setoption name UCI_Variant value mongolian-folk\n{bare}"
    ));
    assert_eq!(nodes_searched(&folk), [0]);
    assert_eq!(bestmoves(&folk), ["(none)"]);
    let mongolian = uci(bare);
    assert!(nodes_searched(&mongolian)[0] > 0, "{mongolian}");
    // Folk promotion is to a queen only.
    let promo = "position fen 4k3/P6p/8/8/8/8/8/R3K3 w - -\ngo perft 1\n";
    let folk = uci(&format!(
        "setoption name UCI_Variant value mongolian-folk\n{promo}"
    ));
    let mongolian = uci(promo);
    assert!(
        folk.contains("a7a8q: 1") && !folk.contains("a7a8n"),
        "{folk}"
    );
    assert!(mongolian.contains("a7a8n: 1"), "{mongolian}");
}

#[test]
fn position_with_moves_and_display() {
    let out = uci("position startpos moves e2e4 e7e5 g1f3\nd\n");
    assert!(
        out.contains("Fen: rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b - - 1 2\n"),
        "{out}"
    );
    assert!(
        out.contains(" | r | n | b | q | k | b | n | r | 8\n"),
        "{out}"
    );
    assert!(
        out.contains(" | R | N | B | Q | K | B |   | R | 1\n"),
        "{out}"
    );
    assert!(out.contains("   a   b   c   d   e   f   g   h\n"), "{out}");
    assert!(
        out.lines()
            .any(|l| l.starts_with("Key: ") && l.len() == "Key: ".len() + 16),
        "{out}"
    );
    // Rank 8 is drawn before rank 1.
    assert!(out.find("| 8").unwrap() < out.find("| 1").unwrap());
    // The checkers line names the checking pieces.
    let out = uci(
        "setoption name UCI_Variant value chess\nposition startpos moves f2f3 e7e5 g2g4 d8h4\nd\n",
    );
    assert!(out.contains("Checkers: h4\n"), "{out}");
}

#[test]
fn bad_fen_and_illegal_moves_are_reported() {
    let out = uci("position startpos moves e2e4 e7e5\n\
         position fen rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - -\n\
         position startpos moves e2e4 e7e5 e2e5\n\
         position startpos moves e2e4 e7e5 hello\n\
         position fen 8/8/8/8/8/8/8/8 w - -\n\
         position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n\
         position sideways\n\
         d\nisready\n");
    let errors = errors(&out);
    assert_eq!(errors.len(), 6, "{out}");
    assert!(errors[0].contains("rank 7"), "{}", errors[0]);
    assert!(
        errors[1].contains(
            "move 3 (e2e5) is illegal in rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w - - 0 2"
        ),
        "{}",
        errors[1]
    );
    assert!(
        errors[2].contains("move 3 (hello): 'hello' is not a UCI move"),
        "{}",
        errors[2]
    );
    assert!(errors[3].contains("no king"), "{}", errors[3]);
    assert!(errors[4].contains("castling"), "{}", errors[4]);
    // The position stays the last good one.
    assert!(
        out.contains("Fen: rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w - - 0 2\n"),
        "{out}"
    );
    assert!(out.ends_with("readyok\n"), "{out}");
}

#[test]
fn unknown_commands_and_options() {
    let out = uci(
        "xyzzy 1 2\nsetoption name UCI_Variant value shogi\nsetoption name Ponder value true\nposition startpos\ngo perft 1\n",
    );
    assert!(
        out.contains("info string unknown command: xyzzy 1 2\n"),
        "{out}"
    );
    let errors = errors(&out).len();
    assert_eq!(errors, 2, "{out}");
    // Still the default game.
    assert_eq!(nodes_searched(&out), [2]);
}

#[test]
fn go_returns_a_legal_move() {
    for (variant, position) in [
        ("mongolian", "startpos"),
        ("mongolian", "startpos moves e2e4 e7e5 g1f3 b8c6"),
        (
            "mongolian-folk",
            "fen 8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - -",
        ),
        ("chess", "startpos moves e2e4"),
        (
            "chess",
            "fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -",
        ),
    ] {
        let out = uci(&format!(
            "setoption name UCI_Variant value {variant}\nposition {position}\ngo perft 1\ngo depth 3\ngo wtime 1000 btime 1000\nstop\n"
        ));
        let legal = divide_moves(&out);
        let best = bestmoves(&out);
        assert_eq!(best.len(), 2, "{out}");
        for m in best {
            assert!(
                legal.iter().any(|l| l == m),
                "{variant} {position}: bestmove {m} not in {legal:?}"
            );
        }
    }
    // A free queen is taken.
    let out = uci(
        "setoption name UCI_Variant value chess\nposition fen 4k3/8/8/3q4/4P3/8/8/4K3 w - -\ngo depth 4\n",
    );
    assert_eq!(bestmoves(&out), ["e4d5"]);
}

#[test]
fn hostile_input_does_not_crash() {
    let mut input = String::from(
        "\n\r\n   \t \nposition\nposition fen\nposition fen moves\ngo perft\ngo perft -3\ngo perft 99999999999\n",
    );
    input.push_str("setoption\nsetoption name\nsetoption value x\nposition startpos moves\nposition startpos moves e2e4 e7e5 e1e2 e8e7 zzzzzzzz\n");
    input.push_str("position fen 8/8/8/8/8/8/8/8/8/8 w - -\nposition fen kkkkkkkk/8/8/8/8/8/8/KKKKKKKK w - -\nposition fen 4k3/8/8/8/8/8/8/4K3 x\n");
    input.push_str("position fen 4k3/8/8/8/8/8/8/4K3 w - - 0 0\nposition fen 4k3/8/8/8/8/8/8/4K3 w - e9 0 1\nposition fen 4k3/4P3/8/8/8/8/8/4K3 w - - 99999999999 1\n");
    input.push_str(
        "position fen P3k3/8/8/8/8/8/8/4K3 w - -\nposition fen 4k3/8/8/8/8/8/8/4K2R b - -\nd\ngo\n",
    );
    input.push_str("\u{0}\u{7f}\u{1b}[A ünïcödé ♔\nposition startpos moves é2é4\n");
    input.push_str("isready\n");
    let mut bytes = input.into_bytes();
    bytes.extend_from_slice(b"\xff\xfe not utf-8\ngo\nisready\n");
    let out = shatar(&[], bytes);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    assert_eq!(stdout.matches("readyok").count(), 2, "{stdout}");
    assert_eq!(bestmoves(&stdout).len(), 2, "{stdout}");
}

#[test]
fn end_of_input_without_quit_and_quit_stops_reading() {
    assert_eq!(uci("isready\n"), "readyok\n");
    assert_eq!(uci("isready"), "readyok\n");
    assert_eq!(uci("quit\nisready\n"), "");
    assert_eq!(uci("isready\r\nquit\r\n"), "readyok\n");
}

#[test]
fn perft_subcommand() {
    let out = shatar(&["perft", "3"], "");
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "e2e4: 22\nd2d4: 20\n\nNodes searched: 42\n"
    );
    let out = shatar(&["perft", "3", "--variant", "chess"], "");
    assert_eq!(
        nodes_searched(&String::from_utf8(out.stdout).unwrap()),
        [8902]
    );
    let out = shatar(
        &[
            "perft",
            "2",
            "--variant=chess",
            "--fen",
            "4k3/8/8/8/8/8/8/R3K2R w KQ -",
            "--moves",
            "e1g1",
        ],
        "",
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = shatar(&["perft", "3", "--fen", "not a fen"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("FEN"));
    let out = shatar(&["perft"], "");
    assert_eq!(out.status.code(), Some(2));
    let out = shatar(&["perft", "2", "--variant", "go"], "");
    assert_eq!(out.status.code(), Some(2));
    // Xiangqi, as UCI reads it: the start's 1,920 and Black's 45 replies to h2e2.
    let out = shatar(&["perft", "2", "--variant", "xiangqi"], "");
    assert_eq!(
        nodes_searched(&String::from_utf8(out.stdout).unwrap()),
        [1920]
    );
    let out = shatar(
        &["perft", "1", "--variant", "xiangqi", "--moves", "h2e2"],
        "",
    );
    assert_eq!(
        nodes_searched(&String::from_utf8(out.stdout).unwrap()),
        [45]
    );
}

#[test]
fn bench_quick_run() {
    let out = shatar(&["bench", "--perft", "--runs", "1", "--quick"], "");
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(
        out.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    for id in [
        "mn-initial",
        "mn-open",
        "mn-closed",
        "mn-endgame",
        "mn-check-promo",
        "mn-promo",
    ] {
        assert!(
            stdout
                .lines()
                .any(|l| l.starts_with(id) && l.ends_with(" Mnps")),
            "{id}: {stdout}"
        );
    }
    let total = stdout.lines().last().unwrap();
    assert!(
        total.starts_with("bench: 1227572 nodes, median ") && total.ends_with(" Mnps"),
        "{total}"
    );
    for variant in ["mongolian-folk", "chess"] {
        let out = shatar(
            &[
                "bench",
                "--perft",
                "--variant",
                variant,
                "--runs",
                "1",
                "--quick",
            ],
            "",
        );
        assert!(
            out.status.success(),
            "{variant}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

#[test]
fn help_and_usage_errors() {
    let out = shatar(&["--help"], "");
    assert!(out.status.success());
    let help = String::from_utf8(out.stdout).unwrap();
    assert!(
        help.contains("shatar bench") && help.contains("median <X> Mnps"),
        "{help}"
    );
    for args in [
        &["frobnicate"][..],
        &["bench", "--perft", "--runs", "0"],
        &["bench", "--runs", "2"],
        &["bench", "--depth", "0"],
        &["bench", "--fen", "x"],
        &["bench", "extra"],
    ] {
        let out = shatar(args, "");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
    }
    // `shatar uci` starts the session as if `uci` had been sent.
    let out = shatar(&["uci"], "isready\n");
    assert!(
        String::from_utf8(out.stdout)
            .unwrap()
            .ends_with("uciok\nreadyok\n")
    );
}

/// An engine to talk to line by line, for what a single piped session cannot show:
/// timing, and answers while a search runs.
struct Session {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    /// What [`Session::answers_until`] read.
    seen: Vec<String>,
}

impl Session {
    fn start() -> Session {
        let mut child = Command::new(env!("CARGO_BIN_EXE_shatar"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("start shatar");
        let (stdin, stdout) = (child.stdin.take().unwrap(), child.stdout.take().unwrap());
        let (sender, lines) = mpsc::channel();
        thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                let _ = sender.send(line);
            }
        });
        Session {
            child,
            stdin,
            lines,
            seen: Vec::new(),
        }
    }

    /// Reads lines (kept for [`Session::finish`]) until `count` answers have come in all.
    fn answers_until(&mut self, count: usize, timeout: Duration) {
        let deadline = Instant::now() + timeout;
        while self.seen.iter().filter(|l| is_answer(l)).count() < count {
            match self
                .lines
                .recv_timeout(deadline.saturating_duration_since(Instant::now()))
            {
                Ok(line) => self.seen.push(line),
                // The engine quit, or its answer is late: the caller's checks will tell.
                Err(_) => return,
            }
        }
    }

    /// Ends the input and returns everything the engine wrote, once it has exited.
    fn finish(self) -> String {
        let Session {
            mut child,
            stdin,
            lines,
            mut seen,
        } = self;
        drop(stdin);
        let status = child.wait().expect("wait for shatar");
        seen.extend(lines.iter());
        let stdout: String = seen.iter().map(|l| format!("{l}\n")).collect();
        assert!(
            status.success(),
            "exit status {status:?}\nstdout:\n{stdout}"
        );
        stdout
    }

    fn send(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").unwrap();
        self.stdin.flush().unwrap();
    }

    /// The lines up to and including the first that starts with `prefix`.
    fn until(&self, prefix: &str, timeout: Duration) -> Vec<String> {
        let deadline = Instant::now() + timeout;
        let mut seen = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    let done = line.starts_with(prefix);
                    seen.push(line);
                    if done {
                        return seen;
                    }
                }
                Err(e) => panic!("no '{prefix}' within {timeout:?} ({e}); got {seen:?}"),
            }
        }
    }

    /// The lines that come within `time`.
    fn lines_within(&self, time: Duration) -> Vec<String> {
        let deadline = Instant::now() + time;
        let mut seen = Vec::new();
        while let Ok(line) = self
            .lines
            .recv_timeout(deadline.saturating_duration_since(Instant::now()))
        {
            seen.push(line);
        }
        seen
    }

    fn quit(mut self) {
        self.send("quit");
        let status = self.child.wait().unwrap();
        assert!(status.success(), "{status:?}");
    }
}

#[test]
fn go_depth_searches_and_reports() {
    let out = uci("position startpos moves e2e4 e7e5\ngo perft 1\ngo depth 4\n");
    let answer = out.lines().last().unwrap();
    let words: Vec<&str> = answer.split_whitespace().collect();
    assert!(
        matches!(words[..], ["bestmove", _, "ponder", _]),
        "{answer}"
    );
    assert!(
        divide_moves(&out).iter().any(|l| l == words[1]),
        "{answer} is not legal after 1.e4 e5: {out}"
    );
    let infos: Vec<&str> = out
        .lines()
        .filter(|l| l.starts_with("info depth "))
        .collect();
    assert_eq!(infos.len(), 4, "one line per iteration: {out}");
    for (i, info) in infos.iter().enumerate() {
        let words: Vec<&str> = info.split_whitespace().collect();
        let names: Vec<&str> = words
            .iter()
            .copied()
            .filter(|w| w.chars().all(|c| c.is_ascii_lowercase()))
            .collect();
        assert_eq!(
            names[..11],
            [
                "info", "depth", "seldepth", "multipv", "score", "cp", "nodes", "nps", "hashfull",
                "time", "pv"
            ],
            "{info}"
        );
        assert_eq!(words[2], (i + 1).to_string(), "{info}");
    }
}

#[test]
fn movetime_is_kept() {
    let mut engine = Session::start();
    engine.send("position startpos moves d2d4 d7d5");
    engine.send("isready");
    engine.until("readyok", Duration::from_secs(10));
    let start = Instant::now();
    engine.send("go movetime 200");
    let lines = engine.until("bestmove ", Duration::from_secs(5));
    let took = start.elapsed();
    // The engine stops at 200 ms less its safety margin; the rest is pipes and a busy machine.
    assert!(took < Duration::from_millis(1000), "{took:?}: {lines:?}");
    engine.quit();
}

#[test]
fn infinite_search_answers_isready_and_stops_on_stop() {
    let mut engine = Session::start();
    engine.send("position startpos");
    engine.send("go infinite");
    let early = engine.lines_within(Duration::from_millis(300));
    assert!(
        !early.iter().any(|l| l.starts_with("bestmove")),
        "an infinite search answered early: {early:?}"
    );
    engine.send("isready");
    let lines = engine.until("readyok", Duration::from_secs(2));
    assert!(
        !lines.iter().any(|l| l.starts_with("bestmove")),
        "{lines:?}"
    );
    let start = Instant::now();
    engine.send("stop");
    let lines = engine.until("bestmove ", Duration::from_secs(5));
    assert!(
        start.elapsed() < Duration::from_millis(1000),
        "stop took {:?}",
        start.elapsed()
    );
    let best = lines.last().unwrap();
    assert!(
        best.starts_with("bestmove e2e4") || best.starts_with("bestmove d2d4"),
        "{best}"
    );
    // The engine (and its table) is still there for the next search.
    engine.send("go depth 2");
    engine.until("bestmove ", Duration::from_secs(10));
    engine.quit();
}

#[test]
fn quit_and_end_of_input_stop_an_infinite_search() {
    for ending in ["quit\n", ""] {
        let start = Instant::now();
        let out = uci(&format!("go infinite\n{ending}"));
        assert!(
            start.elapsed() < Duration::from_secs(5),
            "{:?}",
            start.elapsed()
        );
        assert_eq!(bestmoves(&out).len(), 1, "{out}");
    }
}

#[test]
fn a_deep_perft_answers_isready_and_stops_on_stop_quit_or_end_of_input() {
    let mut engine = Session::start();
    engine.send("position startpos");
    engine.send("go perft 100");
    engine.send("isready");
    engine.until("readyok", Duration::from_secs(2));
    let start = Instant::now();
    engine.send("stop");
    let lines = engine.until("info string perft 100 stopped", Duration::from_secs(5));
    assert!(
        start.elapsed() < Duration::from_secs(1),
        "stop took {:?}",
        start.elapsed()
    );
    assert!(
        !lines.iter().any(|l| l.starts_with("Nodes searched")),
        "{lines:?}"
    );
    // The next count runs to its end, and a piped one after it waits its turn.
    engine.send("go perft 3");
    engine.send("go perft 1");
    let lines = engine.until("Nodes searched: 2", Duration::from_secs(10));
    assert!(
        lines.contains(&"Nodes searched: 42".to_string()),
        "{lines:?}"
    );
    engine.quit();
    for ending in ["quit\n", "stop\n", ""] {
        let start = Instant::now();
        // Sent at once, not as `uci` sends (which would wait for the count's answer).
        let out = shatar(
            &[],
            format!("position startpos\ngo perft 100\nisready\n{ending}"),
        );
        let out = String::from_utf8_lossy(&out.stdout);
        assert!(
            start.elapsed() < Duration::from_secs(5),
            "{ending:?}: {:?}",
            start.elapsed()
        );
        assert!(out.contains("readyok"), "{out}");
        assert!(!out.contains("Nodes searched"), "{out}");
    }
}

#[test]
fn end_of_input_stops_a_deep_search_which_still_answers() {
    let start = Instant::now();
    let out = shatar(&[], "position startpos moves e2e4 e7e5\ngo depth 40\n");
    assert!(
        start.elapsed() < Duration::from_secs(5),
        "{:?}",
        start.elapsed()
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    assert_eq!(bestmoves(&stdout).len(), 1, "{stdout}");
}

#[test]
fn game_over_gives_no_move() {
    // Checkmate, stalemate, and the folk bare king.
    for (variant, fen) in [
        ("chess", "7k/6Q1/6K1/8/8/8/8/8 b - -"),
        ("mongolian", "7k/5Q2/6K1/8/8/8/8/8 b - -"),
        ("mongolian-folk", "4k3/8/8/8/8/8/8/R3K3 b - -"),
    ] {
        let out = uci(&format!(
            "setoption name UCI_Variant value {variant}\nposition fen {fen}\ngo depth 3\n"
        ));
        assert_eq!(bestmoves(&out), ["(none)"], "{variant} {fen}: {out}");
        assert!(out.contains("info string the game is over: "), "{out}");
    }
    // The folk rules end the game at the third occurrence of a position: the history of
    // `position ... moves` counts.
    let shuffle = "g1f3 g8f6 f3g1 f6g8";
    let moves = format!("e2e4 e7e5 {shuffle} {shuffle}");
    let out = uci(&format!(
        "setoption name UCI_Variant value mongolian-folk\nposition startpos moves {moves}\ngo depth 2\n"
    ));
    assert_eq!(bestmoves(&out), ["(none)"], "{out}");
    assert!(out.contains("threefold repetition"), "{out}");
    // Under the 2017 rules threefold repetition is only a claim: play goes on.
    let out = uci(&format!("position startpos moves {moves}\ngo depth 2\n"));
    assert_ne!(bestmoves(&out), ["(none)"], "{out}");
}

#[test]
fn bad_go_arguments_are_reported() {
    let out = uci("go depth x\ngo depth 2 frobnicate\ngo movetime -5 nodes\n");
    let errors: Vec<&str> = out
        .lines()
        .filter(|l| l.starts_with("info string error: go: "))
        .collect();
    assert_eq!(errors.len(), 3, "{out}");
    assert!(
        errors[0].contains("'depth x' (arguments 1-2)"),
        "{}",
        errors[0]
    );
    assert!(
        errors[1].contains("unknown argument 'frobnicate' (argument 3)"),
        "{}",
        errors[1]
    );
    assert!(
        errors[2].contains("'nodes' (argument 3) needs a number"),
        "{}",
        errors[2]
    );
    // Every go is still answered.
    assert_eq!(bestmoves(&out).len(), 3, "{out}");
}

#[test]
fn options_skill_multipv_hash() {
    let out = uci(
        "setoption name Skill Level value 1\nsetoption name Skill Level value 0\nsetoption name Hash value 1\n\
         setoption name Hash value 99999\nsetoption name MultiPV value 3\nsetoption name Clear Hash\n\
         ucinewgame\nposition startpos moves e2e4 e7e5\ngo perft 1\ngo depth 3\n",
    );
    let errors = errors(&out);
    assert_eq!(errors.len(), 2, "{out}");
    assert!(
        errors[0].contains("Skill Level '0' is not a whole number from 1 to 10; still 1"),
        "{}",
        errors[0]
    );
    assert!(errors[1].contains("Hash '99999'"), "{}", errors[1]);
    let m = bestmoves(&out)[0];
    assert!(divide_moves(&out).iter().any(|l| l == m), "{out}");
    // The three lines asked for, though level 1 searches more lines to choose among.
    let level = Level::new(1).unwrap().settings();
    assert!(level.lines > 3);
    for k in 1..=3 {
        assert!(out.contains(&format!(" multipv {k} ")), "{out}");
    }
    assert!(!out.contains(" multipv 4 "), "{out}");
    // Level 1 goes no deeper than its cap.
    let cap = level.max_depth.expect("level 1 caps the depth");
    assert!(!out.contains(&format!("info depth {} ", cap + 1)), "{out}");
}

/// `UCI_LimitStrength` with `UCI_Elo` plays at that rating's caps, whatever the skill level,
/// and the skill level again once the limit is lifted.
#[test]
fn limited_strength_plays_at_its_rating() {
    let low = Strength::Elo(Strength::MIN_ELO).settings();
    let cap = low.max_depth.expect("the lowest rating caps the depth");
    let out = uci(&format!(
        "setoption name Skill Level value 10\nsetoption name UCI_LimitStrength value true\n\
         setoption name UCI_Elo value {}\nsetoption name UCI_Elo value 9999\n\
         setoption name UCI_Variant value chess\nposition startpos\ngo depth 20\nisready\n\
         setoption name UCI_LimitStrength value false\ngo depth {}\n",
        Strength::MIN_ELO,
        cap + 1
    ));
    let errors = errors(&out);
    assert_eq!(errors.len(), 1, "{out}");
    assert!(errors[0].contains("UCI_Elo '9999'"), "{}", errors[0]);
    let (limited, full) = out.split_once("readyok").expect("both searches");
    assert_eq!(bestmoves(limited).len(), 1, "{out}");
    assert!(
        !limited.contains(&format!("info depth {} ", cap + 1)),
        "{limited}"
    );
    assert!(full.contains(&format!("info depth {} ", cap + 1)), "{full}");
    assert!(!full.contains(" multipv 2 "), "{full}");
}

/// Xiangqi through UCI: the engine searches the start to depth 4 and answers a legal
/// move in ICCS coordinates, after `info` lines with the same notation.
#[test]
fn xiangqi_go_answers_a_legal_iccs_move() {
    let out = uci("uci\nsetoption name UCI_Variant value xiangqi\nposition startpos\ngo depth 4\n");
    let best = bestmoves(&out);
    assert_eq!(best.len(), 1, "{out}");
    let start = shatar_rules::xiangqi::Position::new();
    let m = shatar_rules::xiangqi::iccs::parse_legal(&start, best[0])
        .unwrap_or_else(|e| panic!("{e}: {out}"));
    assert_eq!(
        m.to_string(),
        best[0],
        "written as the rules crate writes ICCS"
    );
    let info = out
        .lines()
        .find(|l| l.starts_with("info depth 4 "))
        .expect(&out);
    let pv: Vec<&str> = info
        .split(" pv ")
        .nth(1)
        .expect(info)
        .split_whitespace()
        .collect();
    assert_eq!(pv[0], best[0], "{info}");
    // The whole line is playable.
    let mut pos = start;
    for text in pv {
        let m = shatar_rules::xiangqi::iccs::parse_legal(&pos, text)
            .unwrap_or_else(|e| panic!("{text}: {e}: {info}"));
        pos.play(m).unwrap();
    }
    // And the search continues the game from a position with moves.
    let mut after = start;
    after.play(m).unwrap();
    let reply = after.legal_moves()[0];
    let out = uci(&format!(
        "setoption name UCI_Variant value xiangqi\nposition startpos moves {} {reply}\ngo nodes 5000\n",
        best[0]
    ));
    assert_eq!(bestmoves(&out).len(), 1, "{out}");
}

/// Moves past the end our rules see (another program may count a move limit
/// differently) are followed: the position given is set up and searched, not the last
/// one before the end.
#[test]
fn moves_past_the_end_of_the_game_are_followed() {
    // The 75-move rule ends the 2017 game after a1a2; the GUI plays on.
    let out =
        uci("position fen 4k3/8/8/8/8/8/8/R3K3 w - - 149 80 moves a1a2 e8f8 a2b2\nd\ngo depth 3\n");
    assert!(!out.contains("info string error"), "{out}");
    assert!(
        out.contains("Fen: 5k2/8/8/8/8/8/1R6/4K3 b - - 152 81\n"),
        "{out}"
    );
    let best = bestmoves(&out);
    assert_eq!(best.len(), 1, "{out}");
    assert!(
        ["f8e8", "f8g8", "f8e7", "f8f7", "f8g7"].contains(&best[0]),
        "{out}"
    );
    // Xiangqi's natural move limit: reached after b0b1, the moves go on.
    let out = uci("setoption name UCI_Variant value xiangqi\n\
         position fen 4k4/9/9/9/9/9/9/9/9/R2K5 w - - 99 60 moves a0a1 e9f9 a1b1\nd\ngo depth 3\n");
    assert!(!out.contains("info string error"), "{out}");
    assert!(out.contains("Fen: 5k3/9/9/9/9/9/9/9/1R7/3K5 b"), "{out}");
    let best = bestmoves(&out);
    assert_eq!(best.len(), 1, "{out}");
    assert!(best[0].starts_with("f9"), "{out}");
}

/// `bench` in the UCI loop, as Stockfish has it: the same signature as the subcommand.
#[test]
fn the_uci_bench_command_prints_the_signature() {
    let out = uci("bench 3\n");
    let via_uci = nodes_searched(&out);
    assert_eq!(via_uci.len(), 1, "{out}");
    let sub = shatar(&["bench", "--depth", "3"], "");
    let sub = String::from_utf8(sub.stdout).unwrap();
    assert!(
        sub.starts_with(&format!("bench: {} nodes ", via_uci[0])),
        "{sub} against {out}"
    );
    let out = uci("setoption name UCI_Variant value xiangqi\nbench 2\nbench x\n");
    assert_eq!(nodes_searched(&out).len(), 1, "{out}");
    assert!(out.contains("info string error: bench 'x'"), "{out}");
}
