//! Xiangqi self-play: fast games from the start and from a few middlegame and endgame
//! positions, refereed by the rules crate's game record (mate, the stalemate loss, the
//! repetition rulings, the natural move limit). Every move the engine chooses must be
//! legal, it must find one whenever the game goes on, and every game must end by a rule,
//! checked again here, or at the move cap.

mod common;

use std::sync::atomic::AtomicBool;

use shatar_engine::{Control, Engine, Level, Limits, mix_seed};
use shatar_rules::xiangqi::record::NATURAL_MOVE_LIMIT;
use shatar_rules::xiangqi::{Position, Record, RepetitionRules, fen};
use shatar_rules::{EndReason, GameResult};

/// Games per starting position.
const GAMES_PER_START: u64 = 8;
/// Xiangqi games can wander without capture or repetition for a long while: stopped here
/// and counted, not failed.
const PLY_CAP: usize = 300;

const STARTS: &[&str] = &[
    // The initial position.
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
    // Central cannon against the screen horses, after 1. h2e2 h9g7 2. h0g2 i9h9.
    "rnbakab2/7r1/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R w",
    // A middlegame: chariots, a horse and a cannon each.
    "2bakab2/9/2n1c4/p3p1p1p/2r6/9/P1P1P3P/2N1C4/4R4/2BAKAB2 w",
    // An endgame: chariot and soldier against chariot and advisors.
    "3k5/4a4/3a5/9/9/2P6/9/9/4r4/3AK1R2 w",
];

#[derive(Default, Debug)]
struct Tally {
    games: usize,
    red: usize,
    black: usize,
    draws: usize,
    capped: usize,
    plies: usize,
    reasons: std::collections::BTreeMap<String, usize>,
}

fn play_game(start: &Position, seed: u64, tally: &mut Tally) {
    let mut record = Record::new(*start, RepetitionRules::default());
    let mut engines = [Engine::<Position>::new(1), Engine::<Position>::new(1)];
    // Levels 4-10: some noise and mistakes for variety, full strength too.
    let levels = [
        Level::new(4 + (seed % 7) as u8).unwrap(),
        Level::new(4 + (mix_seed(seed) % 7) as u8).unwrap(),
    ];
    let stop = AtomicBool::new(false);
    let clock = common::Wall::new();
    let limits = Limits {
        nodes: Some(1_500),
        ..Limits::default()
    };
    let mut rng = seed;
    tally.games += 1;
    while record.outcome().is_none() && record.moves().len() < PLY_CAP {
        let pos = *record.position();
        let m = if record.moves().len() < 4 {
            // A few random moves first, so that no two games are the same.
            rng = mix_seed(rng);
            let moves = pos.legal_moves();
            moves[(rng % moves.len() as u64) as usize]
        } else {
            let history: Vec<u64> = record.positions()[..record.positions().len() - 1]
                .iter()
                .map(|p| p.hash())
                .collect();
            let side = pos.turn().index();
            let result = engines[side].search_at_level(
                levels[side],
                &pos,
                &history,
                &limits,
                seed,
                Control {
                    clock: &clock,
                    stop: &stop,
                    report: &mut |_| {},
                },
            );
            result.best_move().unwrap_or_else(|| {
                panic!(
                    "no move in {pos}, which has {} legal moves",
                    pos.legal_moves().len()
                )
            })
        };
        assert!(pos.is_legal(m), "the engine chose {m}, illegal in {pos}");
        record
            .play(m)
            .unwrap_or_else(|e| panic!("the engine played {m} in {pos}: {e}"));
    }
    tally.plies += record.moves().len();
    let Some(outcome) = record.outcome() else {
        tally.capped += 1;
        return;
    };
    check_ending(&record, outcome.reason);
    match outcome.result {
        GameResult::WhiteWins => tally.red += 1,
        GameResult::BlackWins => tally.black += 1,
        GameResult::Draw => tally.draws += 1,
    }
    *tally
        .reasons
        .entry(format!("{:?}", outcome.reason))
        .or_default() += 1;
}

/// The ending, checked against the final position independently of the record's logic.
fn check_ending(record: &Record, reason: EndReason) {
    let pos = record.position();
    match reason {
        EndReason::Checkmate => assert!(
            pos.is_check() && pos.legal_moves().is_empty(),
            "no mate in {pos}"
        ),
        EndReason::NoLegalMove => assert!(
            !pos.is_check() && pos.legal_moves().is_empty(),
            "{pos} has moves"
        ),
        EndReason::ForbiddenRepetition | EndReason::RepetitionDraw => {
            assert!(
                record.ruling().is_some(),
                "a repetition ending without a ruling"
            );
            let last = pos;
            let count = record
                .positions()
                .iter()
                .filter(|p| p.same_placement(last))
                .count();
            assert!(count >= 4, "ruled at the fourth occurrence, saw {count}");
        }
        EndReason::NaturalMoveLimit => assert!(record.natural_limit().plies >= NATURAL_MOVE_LIMIT),
        other => panic!("Xiangqi has no {other:?} ending"),
    }
}

#[test]
fn xiangqi_self_play() {
    let mut tally = Tally::default();
    for (i, text) in STARTS.iter().enumerate() {
        let start = fen::parse_position(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        for game in 0..GAMES_PER_START {
            play_game(&start, mix_seed(1956 + 100 * i as u64 + game), &mut tally);
        }
    }
    println!("xiangqi: {tally:?}");
    assert_eq!(tally.games, STARTS.len() * GAMES_PER_START as usize);
    assert!(tally.games >= 30);
    assert!(
        tally.red + tally.black > tally.games / 3,
        "too few decisive games: {tally:?}"
    );
    assert!(
        tally.capped <= tally.games / 4,
        "too many games stopped at {PLY_CAP} plies: {tally:?}"
    );
}
