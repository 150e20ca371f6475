//! `shatar suite`: how much of a judge's value players' moves give away, position by
//! position. A match needs hundreds of games to see ten Elo; a suite of one player's moves
//! from lost games sees at once whether a search change stops a blunder, and repeats
//! exactly (each search from a clean table).
//!
//! `make` takes one player's moves from a PGN and has the judge (a strong UCI program, or
//! this engine at a high limit) value each position and the move played there; `run` has
//! players choose in those positions and the judge value their choices. A move's loss is
//! the judge's value of the position less its value of the position after the move (from
//! the mover's side), never below zero. A suite's positions stand alone, as FENs: the
//! game's earlier positions (a repetition it would have made) are not part of them.

use std::collections::HashMap;
use std::fmt::Write as _;
use std::process::ExitCode;

use shatar_engine::Score;
use shatar_rules::pgn::PgnReader;
use shatar_rules::{AnyGamePosition, AnyGameRecord, GameKind, GameMove, GameResult};

use crate::arena::{Player, PlayerSpec, Turn, start_player};
use crate::args::Args;

/// Values beyond a queen's worth are a won or lost game: a mate and a queen up count
/// alike, so that one mate found or missed does not swamp the average.
const CLAMP_CP: i32 = 1000;
/// A move that gives away this much of the judge's value is a blunder.
const BLUNDER_CP: i32 = 150;

/// One position of a suite: what the judge made of it and of the move played there.
#[derive(Clone, Debug, PartialEq)]
pub struct Entry {
    pub fen: String,
    /// The judge's value of the position, for the side to move.
    pub best: i32,
    /// The move the game's player made (UCI notation, ICCS for Xiangqi).
    pub played: String,
    /// The judge's value of the played move, for the side that made it.
    pub played_value: i32,
}

impl Entry {
    fn loss(&self, value: i32) -> i32 {
        (self.best - value).max(0)
    }

    /// What the game's own move gave away.
    fn played_loss(&self) -> i32 {
        self.loss(self.played_value)
    }
}

/// A suite file: `FEN;best;move;value` a line; `#` starts a comment.
pub fn parse(text: &str) -> Result<Vec<Entry>, String> {
    let mut entries = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let at = |what: &str| format!("line {}: {what} in '{line}'", i + 1);
        let fields: Vec<&str> = line.split(';').map(str::trim).collect();
        let [fen, best, played, value] = fields[..] else {
            return Err(at("expected FEN;best;move;value"));
        };
        let number = |text: &str, what: &str| {
            text.parse::<i32>()
                .map_err(|_| at(&format!("{what} '{text}' is not a whole number")))
        };
        entries.push(Entry {
            fen: fen.to_string(),
            best: number(best, "the best value")?,
            played: played.to_string(),
            played_value: number(value, "the played move's value")?,
        });
    }
    Ok(entries)
}

fn write(entries: &[Entry], made_by: &str) -> String {
    let mut text = format!(
        "# A position suite for `shatar suite run`: FEN;best;move;value, the judge's values in\n\
         # centipawns for the side to move (clamped to +-{CLAMP_CP}), the move the game's player made.\n\
         # Made by: {made_by}\n"
    );
    for e in entries {
        let _ = writeln!(text, "{};{};{};{}", e.fen, e.best, e.played, e.played_value);
    }
    text
}

/// A score in centipawns for the side to move, mates at the clamp.
fn clamped(score: Score) -> i32 {
    match score {
        Score::Centipawns(cp) => cp.clamp(-CLAMP_CP, CLAMP_CP),
        Score::Mate(n) if n > 0 => CLAMP_CP,
        Score::Mate(_) => -CLAMP_CP,
    }
}

/// The judge: a player whose reported score is taken as the truth.
struct Judge {
    player: Box<dyn Player + Send>,
}

impl Judge {
    /// Its value of the record's position for the side to move; a finished game is worth
    /// its result.
    fn value(&mut self, record: &AnyGameRecord) -> Result<i32, String> {
        if let Some(outcome) = record.outcome() {
            let mover = record.position().turn();
            return Ok(match outcome.result {
                GameResult::Draw => 0,
                r if r == GameResult::win_for(mover) => CLAMP_CP,
                _ => -CLAMP_CP,
            });
        }
        self.player
            .new_game()
            .map_err(|e| format!("the judge: {e}"))?;
        let answer = self
            .player
            .choose(&Turn {
                record,
                clocks: [None; 2],
                seed: 0,
            })
            .map_err(|e| format!("the judge: {e}"))?;
        answer
            .score
            .map(clamped)
            .ok_or_else(|| "the judge reported no score (it needs `info ... score`)".into())
    }

    /// Its value of `m` in the record's position, for the side that makes it.
    fn move_value(&mut self, record: &AnyGameRecord, m: GameMove) -> Result<i32, String> {
        let mut after = record.clone();
        after.play(m).map_err(|e| format!("{m}: {e}"))?;
        Ok(-self.value(&after)?)
    }
}

/// Which of a game's moves go into a suite.
struct Selection<'a> {
    player: &'a str,
    /// Only from this ply of the game on (counted from its start position).
    from_ply: usize,
    /// Every this many of the player's moves.
    every: usize,
    /// At most this many positions.
    limit: usize,
    /// Only the games the player lost: where its blunders are.
    lost_only: bool,
}

/// The player's positions of every game in `pgn`, each once, with the moves made there.
fn positions(
    pgn: &str,
    game: GameKind,
    selection: &Selection<'_>,
) -> Result<Vec<(AnyGameRecord, GameMove)>, String> {
    let mut reader = PgnReader::new(pgn);
    let mut seen = std::collections::HashSet::new();
    let mut found = Vec::new();
    let mut index = 0;
    while let Some(read) = reader.next_game().map_err(|e| e.to_string())? {
        index += 1;
        let record =
            AnyGameRecord::from_pgn(&read.game, game).map_err(|e| format!("game {index}: {e}"))?;
        let names = ["White", "Black"].map(|tag| read.game.tag(tag).unwrap_or("").to_string());
        let lost = match read.game.tag("Result") {
            Some("1-0") => names[1] == selection.player,
            Some("0-1") => names[0] == selection.player,
            _ => false,
        };
        if selection.lost_only && !lost {
            continue;
        }
        let mut moves_of_player = 0;
        for ply in 0..record.len() {
            let position = record.position_at(ply).expect("a ply of the game");
            if names[position.turn().index()] != selection.player {
                continue;
            }
            moves_of_player += 1;
            if ply < selection.from_ply || (moves_of_player - 1) % selection.every != 0 {
                continue;
            }
            if found.len() == selection.limit {
                return Ok(found);
            }
            if seen.insert(position.fen()) {
                found.push((AnyGameRecord::new(position), record.move_at(ply)));
            }
        }
    }
    Ok(found)
}

fn spec(args: &Args, name: &str) -> Result<Option<PlayerSpec>, String> {
    args.value(name)
        .map(|text| PlayerSpec::parse(text).map_err(|e| format!("--{name}: {e}")))
        .transpose()
}

fn read(path: &str, what: &str) -> Result<String, String> {
    std::fs::read_to_string(path).map_err(|e| format!("{what} '{path}': {e}"))
}

/// `shatar suite make|run ...`; the report goes to `out`.
pub fn command(args: &[String], out: &mut dyn std::io::Write) -> Result<ExitCode, String> {
    let (verb, rest) = args.split_first().ok_or("suite needs 'make' or 'run'")?;
    let report = match verb.as_str() {
        "make" => make(rest)?,
        "run" => run(rest)?,
        other => return Err(format!("suite: unknown '{other}' (make or run)")),
    };
    out.write_all(report.as_bytes())
        .map_err(|e| e.to_string())?;
    Ok(ExitCode::SUCCESS)
}

fn make(args: &[String]) -> Result<String, String> {
    const NAMES: &[&str] = &[
        "pgn", "player", "judge", "ruleset", "games", "from-ply", "every", "limit", "out",
    ];
    let args = Args::parse(args, NAMES)?;
    let game = args.game_kind()?;
    let judge_spec = spec(&args, "judge")?.ok_or("suite make needs --judge SPEC")?;
    let pgn_path = args.value("pgn").ok_or("suite make needs --pgn FILE")?;
    let player = args
        .value("player")
        .ok_or("suite make needs --player NAME")?;
    let out_path = args.value("out").ok_or("suite make needs --out FILE")?;
    let every = args
        .parsed::<usize>("every", "a positive number")?
        .unwrap_or(1);
    if every == 0 {
        return Err("--every '0': expected a positive number".into());
    }
    let selection = Selection {
        player,
        from_ply: args.parsed("from-ply", "a ply number")?.unwrap_or(0),
        every,
        limit: args
            .parsed("limit", "a number of positions")?
            .unwrap_or(usize::MAX),
        lost_only: match args.value("games") {
            None | Some("all") => false,
            Some("lost") => true,
            Some(other) => return Err(format!("--games '{other}': expected all or lost")),
        },
    };
    let found = positions(&read(pgn_path, "--pgn")?, game, &selection)?;
    let mut judge = Judge {
        player: start_player(&judge_spec, game)?,
    };
    let mut entries = Vec::with_capacity(found.len());
    for (i, (record, m)) in found.iter().enumerate() {
        let fen = record.position().fen();
        let at = |e: String| format!("position {} ({fen}): {e}", i + 1);
        entries.push(Entry {
            best: judge.value(record).map_err(at)?,
            played: m.to_string(),
            played_value: judge.move_value(record, *m).map_err(at)?,
            fen: fen.clone(),
        });
        progress(i + 1, found.len());
    }
    let made_by = format!("shatar suite make {}", shell_words(args_text(&args, NAMES)));
    std::fs::write(out_path, write(&entries, &made_by))
        .map_err(|e| format!("--out '{out_path}': {e}"))?;
    let losses: Vec<i32> = entries.iter().map(|e| e.played_loss()).collect();
    Ok(format!(
        "suite: {} positions of '{player}' from '{pgn_path}', judged by {}; written to '{out_path}'\n{}\n",
        entries.len(),
        judge_spec.name,
        Losses::new(&losses).line("played")
    ))
}

fn run(args: &[String]) -> Result<String, String> {
    let args = Args::parse(args, &["suite", "a", "b", "judge", "ruleset", "out"])?;
    let game = args.game_kind()?;
    let suite_path = args.value("suite").ok_or("suite run needs --suite FILE")?;
    let entries = parse(&read(suite_path, "--suite")?).map_err(|e| format!("{suite_path}: {e}"))?;
    let judge_spec = spec(&args, "judge")?.ok_or("suite run needs --judge SPEC")?;
    let specs: Vec<PlayerSpec> = [spec(&args, "a")?, spec(&args, "b")?]
        .into_iter()
        .flatten()
        .collect();
    if specs.is_empty() {
        return Err("suite run needs --a SPEC (and --b SPEC to compare)".into());
    }
    let mut judge = Judge {
        player: start_player(&judge_spec, game)?,
    };
    let mut players = specs
        .iter()
        .map(|s| start_player(s, game))
        .collect::<Result<Vec<_>, _>>()?;
    let mut losses = vec![Vec::with_capacity(entries.len()); players.len()];
    let mut same_as_played = vec![0; players.len()];
    // Each position's moves and losses, for a look at where two players differ.
    let mut details = String::from("# FEN;played;loss;then each player's move;loss\n");
    for (i, entry) in entries.iter().enumerate() {
        let position = AnyGamePosition::from_fen(game, &entry.fen)
            .map_err(|e| format!("{suite_path}: position {}: {e}", i + 1))?;
        let record = AnyGameRecord::new(position);
        let _ = write!(
            details,
            "{};{};{}",
            entry.fen,
            entry.played,
            entry.played_loss()
        );
        // The judge values each move once, however many players choose it.
        let mut values: HashMap<String, i32> = HashMap::new();
        values.insert(entry.played.clone(), entry.played_value);
        for (p, player) in players.iter_mut().enumerate() {
            player
                .new_game()
                .map_err(|e| format!("{}: {e}", specs[p].name))?;
            let turn = Turn {
                record: &record,
                clocks: [None; 2],
                seed: i as u64,
            };
            let m = player
                .choose(&turn)
                .map_err(|e| format!("{}: position {}: {e}", specs[p].name, i + 1))?
                .m;
            let text = m.to_string();
            same_as_played[p] += usize::from(text == entry.played);
            let value = match values.get(&text) {
                Some(&v) => v,
                None => {
                    let v = judge
                        .move_value(&record, m)
                        .map_err(|e| format!("position {}: {e}", i + 1))?;
                    values.insert(text, v);
                    v
                }
            };
            losses[p].push(entry.loss(value));
            let _ = write!(details, ";{m};{}", entry.loss(value));
        }
        details.push('\n');
        progress(i + 1, entries.len());
    }
    if let Some(path) = args.value("out") {
        std::fs::write(path, details).map_err(|e| format!("--out '{path}': {e}"))?;
    }
    let played: Vec<i32> = entries.iter().map(|e| e.played_loss()).collect();
    let mut report = format!(
        "suite: {} positions from '{suite_path}', judged by {}\n{}\n",
        entries.len(),
        judge_spec.name,
        Losses::new(&played).line("played")
    );
    for (p, spec) in specs.iter().enumerate() {
        let _ = writeln!(
            report,
            "{}, the game's move in {} of {}",
            Losses::new(&losses[p]).line(&spec.name),
            same_as_played[p],
            entries.len()
        );
    }
    if let [a, b] = &losses[..] {
        let (mean, error) = paired_difference(a, b);
        let _ = writeln!(
            report,
            "B - A: {mean:+.1} cp a move (standard error {error:.1}): {} gives away {}",
            specs[1].name,
            match mean.partial_cmp(&0.0) {
                Some(std::cmp::Ordering::Less) => "less",
                Some(std::cmp::Ordering::Greater) => "more",
                _ => "as much",
            }
        );
    }
    Ok(report)
}

/// A line on stderr every 50 positions: a suite at a match's node limits takes minutes.
fn progress(done: usize, all: usize) {
    if done.is_multiple_of(50) && done < all {
        eprintln!("suite: {done} of {all} positions");
    }
}

/// A player's losses over a suite.
struct Losses {
    mean: f64,
    blunders: usize,
    count: usize,
}

impl Losses {
    fn new(losses: &[i32]) -> Losses {
        let count = losses.len();
        let sum: i64 = losses.iter().map(|&l| i64::from(l)).sum();
        Losses {
            mean: if count == 0 {
                0.0
            } else {
                sum as f64 / count as f64
            },
            blunders: losses.iter().filter(|&&l| l >= BLUNDER_CP).count(),
            count,
        }
    }

    fn line(&self, who: &str) -> String {
        format!(
            "  {who}: average loss {:.1} cp over {} moves, blunders (>= {BLUNDER_CP} cp): {}",
            self.mean, self.count, self.blunders
        )
    }
}

/// The mean of `b - a`, position by position, and its standard error.
fn paired_difference(a: &[i32], b: &[i32]) -> (f64, f64) {
    let d: Vec<f64> = a.iter().zip(b).map(|(&x, &y)| f64::from(y - x)).collect();
    let n = d.len() as f64;
    if d.len() < 2 {
        return (d.first().copied().unwrap_or(0.0), f64::INFINITY);
    }
    let mean = d.iter().sum::<f64>() / n;
    let variance = d.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0);
    (mean, (variance / n).sqrt())
}

/// The options given, as `--name value` pairs in the order of `names`.
fn args_text(args: &Args, names: &[&str]) -> Vec<String> {
    names
        .iter()
        .filter_map(|&n| args.value(n).map(|v| format!("--{n} {v}")))
        .collect()
}

/// `parts` joined by spaces, a value with a space or a comma in quotes, as a shell reads it.
fn shell_words(parts: Vec<String>) -> String {
    parts
        .iter()
        .map(|p| match p.split_once(' ') {
            Some((name, value)) if value.contains([' ', ',', ';']) => format!("{name} \"{value}\""),
            _ => p.clone(),
        })
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// White's third move leaves the queen to the knight on c6 for a pawn (2017 rules: the
    /// compulsory first round, then free play).
    const QUEEN_LOST: &str = "[White \"Loser\"]\n[Black \"Winner\"]\n[Result \"0-1\"]\n\n\
        1. e4 e5 2. Qh5 Nc6 3. Qxe5+ Nxe5 4. d3 Nc6 0-1\n";

    fn temp(name: &str) -> String {
        let dir = std::env::temp_dir().join(format!("shatar-suite-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        dir.join(name).to_string_lossy().into_owned()
    }

    fn strings(parts: &[&str]) -> Vec<String> {
        parts.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn a_lost_queen_is_a_blunder_and_a_search_avoids_it() {
        let pgn = temp("queen.pgn");
        let suite = temp("queen.suite");
        std::fs::write(&pgn, QUEEN_LOST).unwrap();
        let judge = "depth=6,name=judge";
        let make_suite = |player: &str, extra: &[&str]| {
            let mut args = strings(&[
                "--pgn", &pgn, "--player", player, "--judge", judge, "--out", &suite,
            ]);
            args.extend(strings(extra));
            make(&args)
        };
        let report = make_suite("Loser", &["--from-ply", "2"]).unwrap();
        assert!(report.contains("3 positions of 'Loser'"), "{report}");
        let won = make_suite("Winner", &["--games", "lost"]).unwrap();
        assert!(won.contains("0 positions of 'Winner'"), "{won}");
        make_suite("Loser", &["--from-ply", "2", "--games", "lost"]).unwrap();
        let entries = parse(&std::fs::read_to_string(&suite).unwrap()).unwrap();
        // The Loser's moves after the compulsory first round (2017 art. 1.2): 2. Qh5, 3. Qxe5+, 4. d3.
        let moves: Vec<&str> = entries.iter().map(|e| e.played.as_str()).collect();
        assert_eq!(moves, ["d1h5", "h5e5", "d2d3"], "{entries:?}");
        let blunder = &entries[1];
        assert!(
            blunder.played_loss() >= 500,
            "the queen for a pawn: {blunder:?}"
        );
        assert!(entries[0].played_loss() < BLUNDER_CP, "{entries:?}");

        let details = temp("queen.details");
        let report = run(&strings(&[
            "--suite",
            &suite,
            "--out",
            &details,
            "--a",
            "depth=4,name=four",
            "--b",
            "depth=1,name=one",
            "--judge",
            judge,
        ]))
        .unwrap();
        assert!(report.contains("played: average loss"), "{report}");
        assert!(
            report.contains("3 moves, blunders (>= 150 cp): 1"),
            "{report}"
        );
        assert!(report.contains("  four: average loss"), "{report}");
        assert!(report.contains("B - A:"), "{report}");
        let details = std::fs::read_to_string(&details).unwrap();
        let rows: Vec<Vec<&str>> = details
            .lines()
            .skip(1)
            .map(|l| l.split(';').collect())
            .collect();
        assert_eq!(rows.len(), 3, "{details}");
        assert!(rows.iter().all(|r| r.len() == 7), "{details}");
        assert_eq!(rows[1][1], "h5e5", "{details}");
        // Neither search gives the queen away: fewer blunders than the game.
        for name in ["four", "one"] {
            let line = report
                .lines()
                .find(|l| l.starts_with(&format!("  {name}:")))
                .unwrap();
            assert!(line.contains("blunders (>= 150 cp): 0,"), "{report}");
        }
    }

    #[test]
    fn xiangqi_games_make_a_suite_too() {
        // A few plies of Xiangqi (each side's last legal move), written as `match` writes its
        // games: ICCS moves, the Variant tag naming the game.
        let start = AnyGamePosition::startpos(GameKind::Xiangqi).unwrap();
        let mut record = AnyGameRecord::new(start);
        for _ in 0..8 {
            let moves = record.position().legal_moves();
            record.play(*moves.last().unwrap()).unwrap();
        }
        let mut game = record.to_pgn(shatar_rules::xiangqi::pgn::Notation::Iccs);
        game.set_tag("White", "Red");
        game.set_tag("Black", "Black");
        let (pgn, suite) = (temp("xiangqi.pgn"), temp("xiangqi.suite"));
        std::fs::write(&pgn, game.write()).unwrap();
        let made = make(&strings(&[
            "--pgn",
            &pgn,
            "--player",
            "Red",
            "--judge",
            "depth=3",
            "--out",
            &suite,
            "--ruleset",
            "xiangqi",
        ]))
        .unwrap();
        let entries = parse(&std::fs::read_to_string(&suite).unwrap()).unwrap();
        assert!(!entries.is_empty(), "{made}");
        assert!(
            made.contains(&format!("{} positions of 'Red'", entries.len())),
            "{made}"
        );
        let report = run(&strings(&[
            "--suite",
            &suite,
            "--a",
            "depth=2",
            "--judge",
            "depth=3",
            "--ruleset",
            "xiangqi",
        ]))
        .unwrap();
        assert!(
            report.contains(&format!("over {} moves", entries.len())),
            "{report}"
        );
    }

    #[test]
    fn a_bad_suite_line_is_named() {
        assert_eq!(
            parse("# comment\nfen;1;e2e4\n").unwrap_err(),
            "line 2: expected FEN;best;move;value in 'fen;1;e2e4'"
        );
        assert_eq!(
            parse("fen;x;e2e4;3\n").unwrap_err(),
            "line 1: the best value 'x' is not a whole number in 'fen;x;e2e4;3'"
        );
        let e = run(&strings(&["--a", "depth=1"])).unwrap_err();
        assert_eq!(e, "suite run needs --suite FILE");
    }

    #[test]
    fn paired_difference_and_clamps() {
        let (mean, error) = paired_difference(&[10, 20, 30], &[0, 20, 40]);
        assert_eq!(mean, 0.0);
        assert!((error - (100.0f64 / 3.0).sqrt()).abs() < 1e-9, "{error}");
        assert_eq!(clamped(Score::Mate(3)), CLAMP_CP);
        assert_eq!(clamped(Score::Mate(-1)), -CLAMP_CP);
        assert_eq!(clamped(Score::Centipawns(-4000)), -CLAMP_CP);
    }
}
