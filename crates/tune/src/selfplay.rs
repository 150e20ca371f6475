//! `shatar-tune selfplay`: games of the engine against itself, written as training
//! positions `FEN;result;score`, one per line, game by game: the game's result (White's
//! score: 1.0, 0.5, 0.0) and the search's score of the position in centipawns (White's
//! view), which the fit can blend with the result (`--lambda`).
//!
//! Kept: quiet positions only, where the evaluation alone should predict the result: not
//! in check, the engine's move neither captures nor promotes, no mate score, and past the
//! opening plies.

use std::collections::BTreeMap;
use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::Instant;

use shatar_engine::{Engine, Score, SearchPosition};
use shatar_rules::{GamePosition, GameResult};

use crate::games::Game;
use crate::play::{GameOptions, opening, play_out, white_score};
use crate::rng::Rng;

#[derive(Clone, Debug)]
pub struct SelfPlay {
    pub games: usize,
    /// No new game starts after this many minutes (games under way are finished).
    pub minutes: Option<f64>,
    pub threads: usize,
    pub seed: u64,
    pub out: PathBuf,
    /// Positions before this ply are not written.
    pub skip_plies: usize,
    pub game: GameOptions,
    /// The command line, for the data's `.info` file.
    pub command: String,
}

/// Where a data file's description goes: `FILE.info` beside it. `shatar-tune fit` copies
/// it into the weight file's header.
pub fn info_path(data: &std::path::Path) -> PathBuf {
    let mut name = data.as_os_str().to_owned();
    name.push(".info");
    PathBuf::from(name)
}

struct Finished {
    index: usize,
    lines: Vec<String>,
    result: GameResult,
    plies: usize,
}

/// Plays game `index`: its opening is drawn from the seed and the index alone, so a run
/// is reproducible whatever the thread count.
fn play_game<G: Game>(
    index: usize,
    opts: &SelfPlay,
    engines: &mut [Engine<G::Pos>; 2],
) -> Finished {
    let mut rng = Rng::new(opts.seed ^ (index as u64).wrapping_mul(0xd134_2543_de82_ef95));
    let mut record = opening::<G>(&mut rng, opts.game.random_plies);
    let mut kept = Vec::new();
    let [white, black] = engines;
    white.new_game();
    black.new_game();
    let result = play_out::<G, _, _>(
        &mut record,
        (white, |p| p),
        (black, |p| p),
        &opts.game,
        |pos, ply, m, score| {
            if ply >= opts.skip_plies
                && !pos.is_check()
                && !pos.is_tactical(m)
                && let Score::Centipawns(cp) = score
            {
                kept.push((G::write_fen(pos), cp * pos.turn().fold(1, -1)));
            }
        },
    );
    let score = white_score(result);
    let lines = kept
        .into_iter()
        .map(|(fen, cp)| format!("{fen};{score:.1};{cp}"))
        .collect();
    Finished {
        index,
        lines,
        result,
        plies: G::positions(&record).len() - 1,
    }
}

pub fn run<G: Game>(opts: &SelfPlay) -> Result<(), String> {
    let start = Instant::now();
    let mut out = BufWriter::new(
        File::create(&opts.out).map_err(|e| format!("{}: {e}", opts.out.display()))?,
    );
    let next = AtomicUsize::new(0);
    let (tx, rx) = mpsc::channel::<Finished>();
    let mut totals = ([0usize; 3], 0usize, 0usize); // (white wins, draws, black wins), positions, plies
    std::thread::scope(|scope| -> Result<(), String> {
        for _ in 0..opts.threads.max(1) {
            let (tx, next, start) = (tx.clone(), &next, &start);
            scope.spawn(move || {
                let mut engines = [0; 2].map(|_| Engine::<G::Pos>::new(opts.game.hash_mb));
                loop {
                    let out_of_time = opts
                        .minutes
                        .is_some_and(|m| start.elapsed().as_secs_f64() > 60.0 * m);
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    if out_of_time
                        || index >= opts.games
                        || tx.send(play_game::<G>(index, opts, &mut engines)).is_err()
                    {
                        break;
                    }
                }
            });
        }
        drop(tx);
        // Games finish out of order; write them in order, so the file is reproducible.
        let mut pending = BTreeMap::new();
        let mut written = 0;
        for game in rx {
            pending.insert(game.index, game);
            while let Some(game) = pending.remove(&written) {
                for line in &game.lines {
                    writeln!(out, "{line}").map_err(|e| e.to_string())?;
                }
                let k = match game.result {
                    GameResult::WhiteWins => 0,
                    GameResult::Draw => 1,
                    GameResult::BlackWins => 2,
                };
                totals.0[k] += 1;
                totals.1 += game.lines.len();
                totals.2 += game.plies;
                written += 1;
                if written % 50 == 0 {
                    let secs = start.elapsed().as_secs_f64();
                    eprintln!(
                        "{written}/{} games, +{} ={} -{}, {} positions, {:.0} plies/game, {secs:.0} s",
                        opts.games,
                        totals.0[0],
                        totals.0[1],
                        totals.0[2],
                        totals.1,
                        totals.2 as f64 / written as f64
                    );
                }
            }
        }
        Ok(())
    })?;
    out.flush().map_err(|e| e.to_string())?;
    let games = totals.0.iter().sum::<usize>();
    let summary = format!(
        "{games} games (+{} ={} -{} for White), {} positions, {:.0} s, {}",
        totals.0[0],
        totals.0[1],
        totals.0[2],
        totals.1,
        start.elapsed().as_secs_f64(),
        crate::weights_file::today()
    );
    eprintln!("{summary}");
    let info = format!("`{}`: {summary}\n", opts.command);
    let info_file = info_path(&opts.out);
    std::fs::write(&info_file, info).map_err(|e| format!("{}: {e}", info_file.display()))?;
    eprintln!("wrote {} and {}", opts.out.display(), info_file.display());
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Xiangqi;

    #[test]
    fn a_xiangqi_game_is_written_as_red_view_training_lines() {
        let opts = SelfPlay {
            games: 1,
            minutes: None,
            threads: 1,
            seed: 3,
            out: PathBuf::new(),
            skip_plies: 12,
            game: GameOptions {
                nodes: 300,
                random_plies: 6,
                max_plies: 80,
                resign_cp: 1000,
                hash_mb: 1,
            },
            command: String::new(),
        };
        let mut engines = [0; 2].map(|_| Engine::new(1));
        let game = play_game::<Xiangqi>(0, &opts, &mut engines);
        assert!(game.plies <= 80 && !game.lines.is_empty());
        let score = format!("{:.1}", white_score(game.result));
        for line in &game.lines {
            let [fen_text, result, cp] = line.split(';').collect::<Vec<_>>()[..] else {
                panic!("{line}: not FEN;result;score");
            };
            let pos = Xiangqi::parse_fen(fen_text).unwrap();
            assert!(!pos.is_check(), "{line}");
            assert_eq!(result, score);
            assert!(cp.parse::<i32>().unwrap().abs() < 20_000, "{line}");
        }
        // The same index and seed play the same game.
        assert_eq!(
            play_game::<Xiangqi>(0, &opts, &mut engines).lines,
            game.lines
        );
    }
}
