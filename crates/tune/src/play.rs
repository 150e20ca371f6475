//! Playing a game between two engines: a varied opening, then engine moves at a fixed
//! node budget until the rules (through the game's record, [`Game::result`]) or the
//! adjudication below end it.

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use shatar_engine::{Control, Engine, Limits, Report, Score, SearchPosition};
use shatar_rules::{GamePosition, GameResult};

use crate::games::{Game, MoveOf};
use crate::rng::Rng;
use crate::speed::Wall;

/// How games are played and when they are cut short.
#[derive(Clone, Debug)]
pub struct GameOptions {
    /// Search nodes per move.
    pub nodes: u64,
    /// Random (but not material-losing) plies after the compulsory first round.
    pub random_plies: usize,
    /// A game this long is scored a draw.
    pub max_plies: usize,
    /// Both engines see at least this many centipawns for one side for [`RESIGN_MOVES`]
    /// moves in a row: that side wins. 0 turns adjudication off.
    pub resign_cp: i32,
    pub hash_mb: usize,
}

const RESIGN_MOVES: usize = 6;

/// The opening: the plies the rules prescribe (the Mongolian compulsory first round, 2017
/// art. 1.2: White picks e2-e4 or d2-d4, Black must mirror it; the legal moves allow
/// nothing else), then `random_plies` random moves that do not lose material by the
/// static exchange test.
pub fn opening<G: Game>(rng: &mut Rng, random_plies: usize) -> G::Record {
    let mut record = G::new_record();
    for _ in 0..G::forced_plies() + random_plies {
        if G::result(&record).is_some() {
            break;
        }
        let pos = *G::position(&record);
        let moves = pos.legal_moves();
        let safe: Vec<MoveOf<G>> = moves
            .iter()
            .copied()
            .filter(|&m| pos.see_ge(m, 0))
            .collect();
        let pool: &[MoveOf<G>] = if safe.is_empty() { &moves } else { &safe };
        let m = pool[rng.below(pool.len())];
        G::play(&mut record, m);
    }
    record
}

/// White's score: 1, ½ or 0.
pub fn white_score(result: GameResult) -> f64 {
    match result {
        GameResult::WhiteWins => 1.0,
        GameResult::Draw => 0.5,
        GameResult::BlackWins => 0.0,
    }
}

/// A centipawn value for adjudication, the side to move's view: mates count as huge.
fn centipawns(score: Score) -> i32 {
    match score {
        Score::Centipawns(cp) => cp,
        Score::Mate(n) if n > 0 => 100_000,
        Score::Mate(_) => -100_000,
    }
}

/// One side of a game: its engine, and how it makes its position type from the game's.
pub type Side<'e, G, P> = (&'e mut Engine<P>, fn(<G as Game>::Pos) -> P);

/// Plays `record` to its end, `white` (Red) and `black` searching `options.nodes` nodes a
/// move, each on its own position type (the game's, or the match's wrapper that carries
/// a weight set), made from the game's by `as_white` and `as_black`. `on_move` sees each position before its move, with its ply, the move and the
/// search's score. Returns the result: the rules' (8x8: mate, stalemate, dead position,
/// fivefold repetition, 75 moves, the folk draws, a threefold or fifty-move draw claimed at
/// once, art. 9.2, 9.3; Xiangqi: mate, no legal move, the repetition rulings, the natural
/// move limit), a draw at `max_plies`, or a resignation by adjudication.
pub fn play_out<G, W, B>(
    record: &mut G::Record,
    (white, as_white): Side<'_, G, W>,
    (black, as_black): Side<'_, G, B>,
    options: &GameOptions,
    mut on_move: impl FnMut(&G::Pos, usize, MoveOf<G>, Score),
) -> GameResult
where
    G: Game,
    W: SearchPosition<Move = MoveOf<G>>,
    B: SearchPosition<Move = MoveOf<G>>,
{
    let clock = Wall(Instant::now());
    let stop = AtomicBool::new(false);
    let limits = Limits {
        nodes: Some(options.nodes),
        ..Limits::default()
    };
    // Consecutive moves whose score (White's view) says White, or Black, is winning.
    let mut streak = (0usize, 0usize);
    loop {
        if let Some(result) = G::result(record) {
            return result;
        }
        let positions = G::positions(record);
        let ply = positions.len() - 1;
        if ply >= options.max_plies {
            return GameResult::Draw;
        }
        let pos = *G::position(record);
        let history: Vec<u64> = positions[..positions.len() - 1]
            .iter()
            .map(|p| p.hash())
            .collect();
        let mut sink = |_: &Report<MoveOf<G>>| {};
        let control = Control {
            clock: &clock,
            stop: &stop,
            report: &mut sink,
        };
        let result = match pos.turn() {
            shatar_rules::Color::White => white.search(&as_white(pos), &history, &limits, control),
            shatar_rules::Color::Black => black.search(&as_black(pos), &history, &limits, control),
        };
        let (Some(m), Some(score)) = (result.best_move(), result.score()) else {
            unreachable!("a game that is not over has a legal move");
        };
        on_move(&pos, ply, m, score);
        let cp = centipawns(score) * pos.turn().fold(1, -1);
        if options.resign_cp > 0 {
            streak = if cp >= options.resign_cp {
                (streak.0 + 1, 0)
            } else if cp <= -options.resign_cp {
                (0, streak.1 + 1)
            } else {
                (0, 0)
            };
            if streak.0 >= RESIGN_MOVES {
                return GameResult::WhiteWins;
            }
            if streak.1 >= RESIGN_MOVES {
                return GameResult::BlackWins;
            }
        }
        G::play(record, m);
    }
}
