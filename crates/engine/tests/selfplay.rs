//! Self-play: hundreds of fast games in each ruleset, refereed by the rules crate's game
//! record. Every move the engine chooses must be legal, it must find a move whenever the
//! game goes on, and every game must end by a rule (mate, stalemate, dead position,
//! repetition, the move-count rules, the folk rules), which is then checked again here.

mod common;

use std::sync::atomic::AtomicBool;

use shatar_engine::{Control, Engine, Level, Limits, mix_seed};
use shatar_rules::{
    Chess, Claim, ClaimVerdict, EndReason, GameRecord, GameResult, Mongolian, MongolianFolk,
    Position, Rules,
};

const GAMES: u64 = 100;
/// Games under the folk rules can shuffle on without repeating: they have no move-count
/// rule. Such games are stopped here and counted, not failed.
const PLY_CAP: usize = 600;

#[derive(Default, Debug)]
struct Tally {
    white: usize,
    black: usize,
    draws: usize,
    capped: usize,
    reasons: std::collections::BTreeMap<String, usize>,
}

fn play_game<R: Rules>(seed: u64, tally: &mut Tally) {
    let mut record = GameRecord::new(Position::<R>::new());
    let mut engines = [Engine::<Position<R>>::new(1), Engine::<Position<R>>::new(1)];
    // Levels 1-6 for variety: their noise and mistakes reach endgames, promotions and mates.
    let levels = [
        Level::new(1 + (seed % 6) as u8).unwrap(),
        Level::new(1 + (mix_seed(seed) % 6) as u8).unwrap(),
    ];
    let stop = AtomicBool::new(false);
    let clock = common::Wall::new();
    let limits = Limits {
        nodes: Some(1_000),
        ..Limits::default()
    };
    let mut rng = seed;
    while record.outcome().is_none() && record.moves().len() < PLY_CAP {
        let pos = *record.position();
        // The referee claims what the rules let a player claim (2017 art. 9.2, 9.3).
        if record.claimable_draw().is_some() {
            assert!(matches!(
                record.claim_draw(Claim::Now),
                Ok(ClaimVerdict::Drawn(_))
            ));
            break;
        }
        let m = if record.moves().len() < 6 {
            // A few random opening moves (after the first round's forced choice) so that
            // no two games are the same.
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
        record
            .play(m)
            .unwrap_or_else(|e| panic!("the engine played {m} in {pos}: {e}"));
    }
    let Some(outcome) = record.outcome() else {
        tally.capped += 1;
        return;
    };
    check_ending(&record, outcome.reason);
    match outcome.result {
        GameResult::WhiteWins => tally.white += 1,
        GameResult::BlackWins => tally.black += 1,
        GameResult::Draw => tally.draws += 1,
    }
    *tally
        .reasons
        .entry(format!("{:?}", outcome.reason))
        .or_default() += 1;
}

/// The ending, checked against the final position independently of the record's logic.
fn check_ending<R: Rules>(record: &GameRecord<R>, reason: EndReason) {
    let pos = record.position();
    match reason {
        EndReason::Checkmate => assert!(
            pos.is_check() && pos.legal_moves().is_empty(),
            "no mate in {pos}"
        ),
        EndReason::Stalemate => assert!(
            !pos.is_check() && pos.legal_moves().is_empty(),
            "no stalemate in {pos}"
        ),
        EndReason::DeadPosition => assert!(pos.is_dead_position(), "{pos} is not dead"),
        EndReason::FivefoldRepetition => assert!(record.repetitions() >= 5),
        EndReason::ThreefoldRepetition => assert!(record.repetitions() >= 3),
        EndReason::PerpetualCheck => assert!(record.is_perpetual_check()),
        EndReason::SeventyFiveMoves => assert!(pos.halfmoves() >= 150),
        EndReason::FiftyMoves => assert!(pos.halfmoves() >= 100),
        _ => {}
    }
}

fn self_play<R: Rules>(seed: u64) -> Tally {
    let mut tally = Tally::default();
    for game in 0..GAMES {
        play_game::<R>(mix_seed(seed + game), &mut tally);
    }
    println!("{:?}: {tally:?}", R::RULESET);
    assert!(
        tally.white + tally.black > 0,
        "no decisive game at all: {tally:?}"
    );
    assert!(
        tally.capped <= GAMES as usize / 5,
        "too many games stopped at {PLY_CAP} plies: {tally:?}"
    );
    tally
}

#[test]
fn mongolian_self_play() {
    let t = self_play::<Mongolian>(2017);
    assert_eq!(t.capped, 0, "the 2017 rules end every game (art. 9.6)");
}

#[test]
fn folk_self_play() {
    self_play::<MongolianFolk>(1);
}

#[test]
fn chess_self_play() {
    let t = self_play::<Chess>(1851);
    assert_eq!(t.capped, 0);
}
