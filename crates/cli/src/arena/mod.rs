//! `shatar match`: two players play each other from a set of openings, each opening twice
//! with colours reversed, several games at once; the result comes with an Elo difference,
//! its error bar, the likelihood of superiority and, if asked, a sequential test that
//! stops the match once it is decided.
//!
//! Players are this program's engine, configured (`level=3`, `nodes=20000`), or any UCI
//! program (`uci=PATH`): build an older commit elsewhere and pass its binary to compare
//! two versions. Games of a pair share an opening, so luck in the opening cancels out.

mod adjudication;
mod player;
mod referee;
mod spec;
mod tally;
mod uci_player;

use std::fs::File;
use std::io::Write;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{self, Sender};
use std::thread;
use std::time::{SystemTime, UNIX_EPOCH};

use shatar_rules::xiangqi::pgn::Notation;
use shatar_rules::{AnyGamePosition, Color, GameKind, GameResult};

use crate::args::Args;
use crate::openings;
use adjudication::{Adjudication, Draw, Resign};
use player::EnginePlayer;
use referee::{End, Played, Setup};
use shatar_engine::elo::Sprt;
use shatar_engine::mix_seed as mix;
use spec::Kind;
use tally::Tally;
use uci_player::UciPlayer;

pub use player::{Player, Turn};
pub use spec::PlayerSpec;

struct Config {
    players: [PlayerSpec; 2],
    /// Whose openings these are; its id is the game's `UCI_Variant`.
    game: GameKind,
    openings: Vec<AnyGamePosition>,
    /// Where the openings came from, for the header.
    openings_source: String,
    games: usize,
    seed: u64,
    concurrency: usize,
    pgn: Option<String>,
    sprt: Option<Sprt>,
    max_plies: usize,
    margin_ms: u64,
    progress: usize,
    adjudication: Adjudication,
}

const OPTIONS: &[&str] = &[
    "a",
    "b",
    "games",
    "ruleset",
    "openings",
    "seed",
    "concurrency",
    "pgn",
    "sprt",
    "max-plies",
    "margin",
    "progress",
    "resign",
    "draw",
];

impl Config {
    fn parse(args: &[String]) -> Result<Config, String> {
        let args = Args::parse(args, OPTIONS)?;
        if let Some(extra) = args.positional.first() {
            return Err(format!(
                "match takes no argument '{extra}' (players are --a SPEC and --b SPEC)"
            ));
        }
        let player = |name: &str| -> Result<PlayerSpec, String> {
            let text = args
                .value(name)
                .ok_or_else(|| format!("match needs --{name} SPEC, like --{name} level=3"))?;
            PlayerSpec::parse(text).map_err(|e| format!("--{name} '{text}': {e}"))
        };
        let players = [player("a")?, player("b")?];
        let game = args.game_kind()?;
        let (text, openings_source) = match args.value("openings") {
            Some(path) => (
                std::fs::read_to_string(path).map_err(|e| format!("--openings '{path}': {e}"))?,
                path.to_string(),
            ),
            None => (
                openings::builtin(game).to_string(),
                format!("tests/openings/{game}.fen, built in"),
            ),
        };
        let openings =
            openings::parse(&text, game).map_err(|e| format!("{openings_source}: {e}"))?;
        if openings.is_empty() {
            return Err(format!("no openings in {openings_source}"));
        }
        let positive = "a whole number, 1 or more";
        let games = args
            .parsed::<usize>("games", positive)?
            .unwrap_or(2 * openings.len());
        let cores = thread::available_parallelism().map_or(1, |n| n.get());
        let concurrency = args
            .parsed::<usize>("concurrency", positive)?
            .unwrap_or(cores);
        let progress = args.parsed::<usize>("progress", positive)?.unwrap_or(10);
        let max_plies = args.parsed::<usize>("max-plies", positive)?.unwrap_or(500);
        if [games, concurrency, progress, max_plies].contains(&0) {
            return Err(format!(
                "--games, --concurrency, --progress and --max-plies take {positive}"
            ));
        }
        Ok(Config {
            players,
            game,
            openings,
            openings_source,
            games,
            seed: args.parsed::<u64>("seed", "a whole number")?.unwrap_or(1),
            concurrency: concurrency.min(games),
            pgn: args.value("pgn").map(String::from),
            sprt: args.value("sprt").map(Sprt::parse).transpose()?,
            max_plies,
            margin_ms: args.parsed::<u64>("margin", "milliseconds")?.unwrap_or(100),
            progress,
            adjudication: Adjudication {
                resign: args.parsed::<Resign>("resign", Resign::FORMAT)?,
                draw: args.parsed::<Draw>("draw", Draw::FORMAT)?,
            },
        })
    }
}

/// A game played on a worker thread.
struct Finished {
    index: usize,
    a_color: Color,
    played: Played,
}

/// Runs `shatar match ARGS`, reporting on `out`.
pub fn command(args: &[String], out: &mut dyn Write) -> Result<ExitCode, String> {
    let config = &Config::parse(args)?;
    let mut pgn = config
        .pgn
        .as_ref()
        .map(|p| File::create(p).map_err(|e| format!("--pgn '{p}': {e}")))
        .transpose()?;
    let order = shuffled(config.openings.len(), config.seed);
    let names = [
        config.players[0].name.as_str(),
        config.players[1].name.as_str(),
    ];
    let io = |e: std::io::Error| e.to_string();
    writeln!(out, "match: A = {}, B = {}", names[0], names[1]).map_err(io)?;
    writeln!(
        out,
        "  {}, {} games on {} openings ({}), each opening twice with colours reversed; {} at a time; seed {}",
        config.game,
        config.games,
        config.openings.len(),
        config.openings_source,
        config.concurrency,
        config.seed
    )
    .map_err(io)?;

    let (next, halt) = (AtomicUsize::new(0), AtomicBool::new(false));
    let (sender, receiver) = mpsc::channel();
    let mut tally = Tally::default();
    let mut failure = None;
    let mut llr = 0.0;
    thread::scope(|scope| -> Result<(), String> {
        for _ in 0..config.concurrency {
            let (order, next, halt, sender) = (&order, &next, &halt, sender.clone());
            scope.spawn(move || worker(config, order, next, halt, sender));
        }
        drop(sender);
        for message in receiver {
            let finished = match message {
                Ok(f) => f,
                Err(e) => {
                    failure.get_or_insert(e);
                    halt.store(true, Ordering::Relaxed);
                    continue;
                }
            };
            let before = tally.faults.len();
            tally.add(finished.index, finished.a_color, &finished.played);
            for fault in &tally.faults[before..] {
                writeln!(out, "  {fault}").map_err(io)?;
            }
            if let Some(file) = &mut pgn {
                let text = pgn_text(config, names, &finished);
                file.write_all(text.as_bytes())
                    .and_then(|()| file.write_all(b"\n"))
                    .map_err(io)?;
            }
            if (tally.games as usize).is_multiple_of(config.progress)
                || tally.games as usize == config.games
            {
                writeln!(out, "{}", tally.progress(config.games)).map_err(io)?;
            }
            if let Some(sprt) = &config.sprt {
                llr = sprt.llr(&tally.pairs);
                if sprt.verdict(llr).is_some() && !halt.swap(true, Ordering::Relaxed) {
                    writeln!(
                        out,
                        "  SPRT decided after {} games: the games under way finish, no new ones",
                        tally.games
                    )
                    .map_err(io)?;
                }
            }
        }
        Ok(())
    })?;
    if let Some(e) = &failure {
        writeln!(out, "match stopped: {e}").map_err(io)?;
    }
    writeln!(out).map_err(io)?;
    write!(
        out,
        "{}",
        tally.summary(names, config.sprt.as_ref().map(|s| (s, llr)))
    )
    .map_err(io)?;
    Ok(if failure.is_some() {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}

/// The player of `spec`, ready to play `game`.
pub fn start_player(spec: &PlayerSpec, game: GameKind) -> Result<Box<dyn Player + Send>, String> {
    Ok(match &spec.kind {
        Kind::Engine { hash_mb, .. } => Box::new(EnginePlayer::new(spec, game, *hash_mb)),
        Kind::Uci { .. } => Box::new(UciPlayer::start(spec, game.id())?),
    })
}

/// Plays games until none are left or the match halts. Each worker has its own players:
/// an engine (and its table) or a UCI process serves one game at a time.
fn worker(
    config: &Config,
    order: &[usize],
    next: &AtomicUsize,
    halt: &AtomicBool,
    sender: Sender<Result<Finished, String>>,
) {
    let started =
        [&config.players[0], &config.players[1]].map(|spec| start_player(spec, config.game));
    let [mut a, mut b] = match started {
        [Ok(a), Ok(b)] => [a, b],
        [Err(e), _] | [_, Err(e)] => {
            let _ = sender.send(Err(e));
            return;
        }
    };
    while !halt.load(Ordering::Relaxed) {
        let index = next.fetch_add(1, Ordering::Relaxed);
        if index >= config.games {
            break;
        }
        // Games 2k and 2k + 1 play opening k with colours reversed.
        let a_color = if index.is_multiple_of(2) {
            Color::White
        } else {
            Color::Black
        };
        let game_seed = mix(config.seed ^ mix(index as u64));
        let setup = Setup {
            opening: config.openings[order[(index / 2) % order.len()]],
            max_plies: config.max_plies,
            margin_ms: config.margin_ms,
            seeds: [mix(game_seed), mix(game_seed.wrapping_add(1))],
            adjudication: config.adjudication,
        };
        let [spec_a, spec_b] = &config.players;
        let played = if a_color == Color::White {
            referee::play(&setup, [&mut *a, &mut *b], [spec_a, spec_b])
        } else {
            referee::play(&setup, [&mut *b, &mut *a], [spec_b, spec_a])
        };
        if sender
            .send(Ok(Finished {
                index,
                a_color,
                played,
            }))
            .is_err()
        {
            break;
        }
    }
}

/// The opening order: a shuffle of `n` by `seed` (Fisher-Yates).
fn shuffled(n: usize, seed: u64) -> Vec<usize> {
    let mut order: Vec<usize> = (0..n).collect();
    for i in (1..n).rev() {
        let j = (mix(seed.wrapping_add(i as u64)) % (i as u64 + 1)) as usize;
        order.swap(i, j);
    }
    order
}

/// The game in PGN, with the opening as its FEN tag and the end as a comment.
fn pgn_text(config: &Config, names: [&str; 2], finished: &Finished) -> String {
    let played = &finished.played;
    // Xiangqi's moves in ICCS, as the programs played them.
    let mut game = played.record.to_pgn(Notation::Iccs);
    let (white, black) = if finished.a_color == Color::White {
        (0, 1)
    } else {
        (1, 0)
    };
    game.set_tag("Event", "shatar match");
    game.set_tag("Site", "shatar");
    game.set_tag("Date", today());
    game.set_tag("Round", (finished.index + 1).to_string());
    game.set_tag("White", names[white]);
    game.set_tag("Black", names[black]);
    game.set_tag("Termination", played.end.termination());
    let clocks =
        [&config.players[white], &config.players[black]].map(|p| p.time_control.map(|tc| tc.pgn()));
    if let [Some(w), Some(b)] = &clocks {
        game.set_tag(
            "TimeControl",
            if w == b {
                w.clone()
            } else {
                format!("{w}:{b}")
            },
        );
    }
    game.result = Some(played.end.result());
    let comment = match &played.end {
        End::Rules(o) => o.reason.description().to_string(),
        End::Time { loser, drawn } => {
            format!(
                "{} lost on time{}",
                loser.name(),
                if *drawn {
                    ", but the opponent cannot mate: a draw"
                } else {
                    ""
                }
            )
        }
        End::Fault { culprit, fault } => format!("{}: {fault}", culprit.name()),
        End::Cap => format!(
            "adjudicated a draw at the cap of {} plies",
            config.max_plies
        ),
        End::Adjudicated(GameResult::Draw) => {
            "adjudicated a draw: both players scored the position level".into()
        }
        End::Adjudicated(_) => "adjudicated: both players scored the game decided".into(),
    };
    match game.moves.last_mut() {
        Some(last) => last.comments.push(comment),
        None => game.comments.push(comment),
    }
    game.write()
}

/// Today's date as PGN writes it, `2024.05.17`, in UTC.
fn today() -> String {
    let days = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() / 86_400) as i64;
    let (year, month, day) = shatar_rules::pgn::civil_date(days);
    format!("{year:04}.{month:02}.{day:02}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_opening_order_is_a_seeded_permutation() {
        let order = shuffled(10, 7);
        let mut sorted = order.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, (0..10).collect::<Vec<_>>());
        assert_eq!(order, shuffled(10, 7));
        assert_ne!(order, shuffled(10, 8));
    }

    #[test]
    fn dates() {
        let date = today();
        assert_eq!(date.len(), 10);
        assert!(date.starts_with("20"), "{date}");
    }
}
