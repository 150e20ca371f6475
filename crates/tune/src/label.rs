//! `shatar-tune label`: gives training positions the score of another UCI engine (for the
//! 2017 rules, Fairy-Stockfish through `../shared/notes/fairy-stockfish-variants.ini`), so
//! that the fit can learn from a stronger engine's judgement of each position rather than
//! from our own search's. Reads `FEN;result[;score]` lines, writes `FEN;result;score` with
//! the other engine's score (centipawns, White's or Red's view) in place of ours, in the
//! same order, so the fit's held-out share still falls between games. Positions it scores
//! as a mate are dropped: no evaluation should aim at them.
//!
//! A test-only tool: the engine it drives is the user's, not a dependency.

use std::io::{BufRead, BufReader, BufWriter, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use shatar_rules::GamePosition;

use crate::games::Game;

#[derive(Clone, Debug)]
pub struct Label {
    pub data: Vec<PathBuf>,
    pub out: PathBuf,
    pub engine: PathBuf,
    /// `Name=Value` pairs sent as `setoption` before the first position.
    pub options: Vec<(String, String)>,
    /// What follows `go`: `depth 9`, `nodes 10000`.
    pub go: String,
    pub threads: usize,
    /// Every `every`-th position is labelled (1: all).
    pub every: usize,
    pub command: String,
}

/// One running engine, spoken to line by line.
struct Uci {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl Uci {
    fn start(opts: &Label) -> Result<Uci, String> {
        let mut child = Command::new(&opts.engine)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("{}: {e}", opts.engine.display()))?;
        let (Some(input), Some(output)) = (child.stdin.take(), child.stdout.take()) else {
            return Err("the engine's pipes did not open".into());
        };
        let mut uci = Uci {
            child,
            input,
            output: BufReader::new(output),
        };
        uci.send("uci")?;
        uci.until("uciok", |_| {})?;
        for (name, value) in &opts.options {
            uci.send(&format!("setoption name {name} value {value}"))?;
        }
        uci.send("isready")?;
        uci.until("readyok", |_| {})?;
        Ok(uci)
    }

    fn send(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.input, "{line}")
            .and_then(|()| self.input.flush())
            .map_err(|e| format!("writing `{line}` to the engine: {e}"))
    }

    /// Reads lines up to one that starts with `word`, showing each earlier line to `seen`.
    fn until(&mut self, word: &str, mut seen: impl FnMut(&str)) -> Result<String, String> {
        let mut line = String::new();
        loop {
            line.clear();
            let n = self
                .output
                .read_line(&mut line)
                .map_err(|e| format!("reading from the engine: {e}"))?;
            if n == 0 {
                return Err(format!("the engine quit before `{word}`"));
            }
            if line.split_whitespace().next() == Some(word) {
                return Ok(line.trim_end().to_owned());
            }
            seen(line.trim_end());
        }
    }

    /// The engine's score of `fen` for the side to move: the last exact score it reported.
    fn score(&mut self, fen: &str, go: &str) -> Result<EngineScore, String> {
        self.send(&format!("position fen {fen}"))?;
        self.send(&format!("go {go}"))?;
        let mut last = None;
        self.until("bestmove", |line| {
            if let Some(score) = parse_info_score(line) {
                last = Some(score);
            }
        })?;
        last.ok_or_else(|| format!("no score for `{fen}`"))
    }
}

impl Drop for Uci {
    fn drop(&mut self) {
        let _ = self.send("quit");
        let _ = self.child.wait();
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum EngineScore {
    Centipawns(i32),
    Mate,
}

/// The score of an `info` line, when it has an exact one (bounds from a failed aspiration
/// window are not the position's value).
fn parse_info_score(line: &str) -> Option<EngineScore> {
    let mut words = line.split_whitespace();
    if words.next() != Some("info") {
        return None;
    }
    let rest: Vec<&str> = words.collect();
    let at = rest.iter().position(|&w| w == "score")?;
    if rest
        .get(at + 3)
        .is_some_and(|w| *w == "lowerbound" || *w == "upperbound")
    {
        return None;
    }
    match (rest.get(at + 1)?, rest.get(at + 2)?.parse::<i32>().ok()?) {
        (&"cp", cp) => Some(EngineScore::Centipawns(cp)),
        (&"mate", _) => Some(EngineScore::Mate),
        _ => None,
    }
}

/// Labels `lines` (a contiguous run of the data, so that one game's positions share the
/// engine's hash table) on one engine.
fn label_chunk<G: Game>(
    lines: &[String],
    opts: &Label,
    done: &AtomicUsize,
) -> Result<Vec<Option<String>>, String> {
    let mut uci = Uci::start(opts)?;
    lines
        .iter()
        .map(|line| {
            let mut fields = line.split(';');
            let (Some(fen), Some(result)) = (fields.next(), fields.next()) else {
                return Err(format!("`{line}`: not FEN;result[;score]"));
            };
            let pos = G::parse_fen(fen).map_err(|e| format!("`{fen}`: {e}"))?;
            let score = uci.score(fen, &opts.go)?;
            done.fetch_add(1, Ordering::Relaxed);
            Ok(match score {
                EngineScore::Centipawns(cp) => {
                    Some(format!("{fen};{result};{}", cp * pos.turn().fold(1, -1)))
                }
                EngineScore::Mate => None,
            })
        })
        .collect()
}

pub fn run<G: Game>(opts: &Label) -> Result<(), String> {
    let start = Instant::now();
    let mut lines = Vec::new();
    for path in &opts.data {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
        lines.extend(
            text.lines()
                .filter(|l| !l.trim().is_empty())
                .step_by(opts.every.max(1))
                .map(str::to_owned),
        );
    }
    let threads = opts.threads.max(1);
    let chunk = lines.len().div_ceil(threads).max(1);
    let done = AtomicUsize::new(0);
    let labelled = std::thread::scope(|scope| {
        let workers: Vec<_> = lines
            .chunks(chunk)
            .map(|part| scope.spawn(|| label_chunk::<G>(part, opts, &done)))
            .collect();
        let mut reported = 0;
        while workers.iter().any(|w| !w.is_finished()) {
            std::thread::sleep(std::time::Duration::from_millis(200));
            let n = done.load(Ordering::Relaxed);
            if n >= reported + 10_000 {
                reported = n - n % 10_000;
                eprintln!(
                    "{n}/{} positions, {:.0} s",
                    lines.len(),
                    start.elapsed().as_secs_f64()
                );
            }
        }
        workers
            .into_iter()
            .map(|w| {
                w.join()
                    .map_err(|_| "a labelling thread panicked".to_owned())?
            })
            .collect::<Result<Vec<_>, String>>()
    })?;
    let mut out = BufWriter::new(
        std::fs::File::create(&opts.out).map_err(|e| format!("{}: {e}", opts.out.display()))?,
    );
    let (mut kept, mut mates) = (0, 0);
    for line in labelled.into_iter().flatten() {
        match line {
            Some(line) => {
                writeln!(out, "{line}").map_err(|e| e.to_string())?;
                kept += 1;
            }
            None => mates += 1,
        }
    }
    out.flush().map_err(|e| e.to_string())?;
    let summary = format!(
        "{kept} positions labelled by `{} go {}` ({mates} mates dropped), {:.0} s, {}",
        opts.engine.display(),
        opts.go,
        start.elapsed().as_secs_f64(),
        crate::weights_file::today()
    );
    eprintln!("{summary}");
    let sources: Vec<String> = opts
        .data
        .iter()
        .map(|d| {
            std::fs::read_to_string(crate::selfplay::info_path(d))
                .map(|t| format!("  {}: {}", d.display(), t.trim()))
                .unwrap_or_default()
        })
        .collect();
    let info = format!(
        "`{}`: {summary}; positions from:\n{}\n",
        opts.command,
        sources.join("\n")
    );
    let info_file = crate::selfplay::info_path(&opts.out);
    std::fs::write(&info_file, info).map_err(|e| format!("{}: {e}", info_file.display()))?;
    eprintln!("wrote {} and {}", opts.out.display(), info_file.display());
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Board8;
    use shatar_rules::Mongolian;

    /// Our own `shatar` binary as the other engine: cargo builds it beside this test for a
    /// workspace test run (its own tests need it).
    fn shatar_binary() -> PathBuf {
        let exe = std::env::current_exe().unwrap();
        let bin = exe
            .parent()
            .and_then(|deps| deps.parent())
            .unwrap()
            .join("shatar");
        assert!(
            bin.exists(),
            "{} is missing: build it first (cargo build -p shatar-cli)",
            bin.display()
        );
        bin
    }

    #[test]
    fn positions_get_the_engines_score_from_whites_view_and_mates_are_dropped() {
        let dir = std::env::temp_dir().join(format!("shatar-label-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let (data, out) = (dir.join("data.txt"), dir.join("out.txt"));
        let lines = [
            // White a queen up, Black to move: good for White whoever moves.
            "4k3/8/8/8/8/8/3Q4/4K3 b - - 0 40;1.0;0",
            // White to move mates at once (Qd8#... Ra8#): dropped.
            "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 40;1.0;0",
            // Black a rook up, White to move.
            "4k3/8/8/8/8/8/r7/4K3 w - - 0 40;0.0;0",
        ];
        std::fs::write(&data, lines.join("\n")).unwrap();
        let opts = Label {
            data: vec![data],
            out: out.clone(),
            engine: shatar_binary(),
            options: vec![("Hash".into(), "1".into())],
            go: "depth 4".into(),
            threads: 2,
            every: 1,
            command: String::new(),
        };
        run::<Board8<Mongolian>>(&opts).unwrap();
        let text = std::fs::read_to_string(&out).unwrap();
        let labelled: Vec<(&str, i32)> = text
            .lines()
            .map(|l| {
                let f: Vec<&str> = l.split(';').collect();
                (f[0], f[2].parse().unwrap())
            })
            .collect();
        assert_eq!(labelled.len(), 2, "{text}");
        assert!(
            labelled[0].0.starts_with("4k3/8/8/8/8/8/3Q4") && labelled[0].1 > 500,
            "{text}"
        );
        assert!(
            labelled[1].0.starts_with("4k3/8/8/8/8/8/r7") && labelled[1].1 < -300,
            "{text}"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn only_exact_scores_are_read_from_info_lines() {
        let read = |l| parse_info_score(l);
        assert_eq!(
            read("info depth 8 seldepth 9 multipv 1 score cp -88 nodes 1845 pv g7h6"),
            Some(EngineScore::Centipawns(-88))
        );
        assert_eq!(
            read("info depth 20 score mate -3 nodes 1 pv a1a2"),
            Some(EngineScore::Mate)
        );
        assert_eq!(read("info depth 9 score cp 40 lowerbound nodes 9"), None);
        assert_eq!(read("info depth 9 score cp 40 upperbound nodes 9"), None);
        assert_eq!(read("info string variant mongolian-open"), None);
        assert_eq!(read("info depth 3 currmove e2e4 currmovenumber 1"), None);
        assert_eq!(read("bestmove e2e4"), None);
    }
}
