//! The xiangqi game record: the natural move limit's counting (AXF 2008 ch. 2 §8), when a
//! repetition is warned of and when it is ruled, and take-backs.

mod common;

use std::collections::HashSet;

use common::Rng;
use shatar_rules::xiangqi::record::{NATURAL_MOVE_LIMIT, NaturalLimit};
use shatar_rules::xiangqi::{Position, Record, RepetitionRules, Verdict, fen, iccs};
use shatar_rules::{Color, EndReason, GameResult, Outcome};

const RED: Color = Color::White;
const BLACK: Color = Color::Black;

fn record(fen: &str) -> Record {
    Record::new(fen::parse_position(fen).unwrap(), RepetitionRules::Axf2008)
}

fn play(record: &mut Record, moves: &[&str]) {
    for text in moves {
        record
            .play(iccs::parse(text).unwrap())
            .unwrap_or_else(|e| panic!("{text}: {e}"));
    }
}

/// AXF ch. 2 §8: the claimant's checks beyond ten do not count; the other side's all do.
#[test]
fn the_claimants_checks_beyond_ten_do_not_count() {
    let limit = NaturalLimit {
        plies: 100,
        checks: [15, 3],
    };
    assert_eq!(limit.counted_for(RED), 95);
    assert_eq!(limit.counted_for(BLACK), 100);
    assert!(!limit.reached_for(RED));
    assert!(limit.reached_for(BLACK));
    let limit = NaturalLimit {
        plies: 104,
        checks: [10, 14],
    };
    assert_eq!(limit.counted_for(RED), 104);
    assert_eq!(limit.counted_for(BLACK), 100);
}

/// The count starts from the FEN's clock and a capture resets it.
#[test]
fn the_count_runs_from_the_fen_clock_and_a_capture_resets_it() {
    // Two chariots and generals; 97 plies already without a capture.
    let mut r = record("3k5/9/9/9/9/9/9/9/r8/4K3R w - - 97 60");
    play(&mut r, &["i0i1", "a1a2"]);
    assert_eq!(
        r.natural_limit(),
        NaturalLimit {
            plies: 99,
            checks: [0, 0]
        }
    );
    assert_eq!(r.outcome(), None);
    play(&mut r, &["i1i2"]);
    assert_eq!(
        r.outcome(),
        Some(Outcome::draw(EndReason::NaturalMoveLimit))
    );
    assert_eq!(EndReason::NaturalMoveLimit.article(), "AXF ch. 2 §8");

    // The same, but the 98th ply takes a piece: the count starts again.
    let mut r = record("3k5/9/9/9/9/9/9/9/r7p/4K3R w - - 97 60");
    play(&mut r, &["i0i1"]);
    assert_eq!(r.natural_limit().plies, 0);
    play(&mut r, &["a1a2", "i1i2"]);
    assert_eq!(r.natural_limit().plies, 2);
    assert_eq!(r.outcome(), None);
    // Taking back the capture restores the old count.
    r.take_back();
    r.take_back();
    r.take_back();
    assert_eq!(r.natural_limit().plies, 97);
}

/// Random quiet games that never repeat a position, steered towards checks: the record's
/// count, and the moment the draw falls, agree with a count kept by hand.
#[test]
fn random_quiet_games_end_exactly_at_the_limit() {
    let start = "2bakr3/4a4/4b4/p1p1n1p1p/9/9/P1P1N1P1P/4B4/4A4/2BAKR3 w - - 0 1";
    let mut rng = Rng(0x5eed_1234_abcd_0001);
    let mut finished = 0;
    let mut with_many_checks = 0;
    for _ in 0..60 {
        let mut r = Record::new(
            fen::parse_position(start).unwrap(),
            RepetitionRules::Axf2008,
        );
        let mut seen = HashSet::new();
        seen.insert(key(r.position()));
        let mut checks = [0u32; 2];
        let mut plies = 0u32;
        loop {
            let pos = *r.position();
            let candidates: Vec<_> = pos
                .legal_moves()
                .iter()
                .copied()
                .filter(|&m| !pos.is_capture(m))
                .filter(|&m| {
                    let mut next = pos;
                    next.play(m).unwrap();
                    // The opponent must be able to answer without a capture.
                    !seen.contains(&key(&next))
                        && next.legal_moves().iter().any(|&r| !next.is_capture(r))
                })
                .collect();
            if candidates.is_empty() {
                break;
            }
            let giving_check: Vec<_> = candidates
                .iter()
                .copied()
                .filter(|&m| {
                    let mut next = pos;
                    next.play(m).unwrap();
                    next.is_check()
                })
                .collect();
            let m = if !giving_check.is_empty() && rng.below(8) != 0 {
                giving_check[rng.below(giving_check.len())]
            } else {
                candidates[rng.below(candidates.len())]
            };
            r.play(m).unwrap();
            plies += 1;
            if r.position().is_check() {
                checks[pos.turn().index()] += 1;
            }
            seen.insert(key(r.position()));
            let by_hand = NaturalLimit { plies, checks };
            assert_eq!(r.natural_limit(), by_hand);
            let due = by_hand.reached_for(RED) || by_hand.reached_for(BLACK);
            if due {
                assert_eq!(
                    r.outcome(),
                    Some(Outcome::draw(EndReason::NaturalMoveLimit)),
                    "at ply {plies}, {checks:?}"
                );
                finished += 1;
                // A side beyond ten checks does not hold the draw back: the other side's
                // claim counts every ply.
                if checks.iter().any(|&c| c > 10) {
                    assert_eq!(plies, NATURAL_MOVE_LIMIT);
                    with_many_checks += 1;
                }
                break;
            }
            assert_eq!(r.outcome(), None, "at ply {plies}");
        }
    }
    assert!(finished >= 25, "only {finished} games reached the limit");
    assert!(
        with_many_checks >= 1,
        "no game had a side check more than ten times"
    );
}

fn key(pos: &Position) -> String {
    let fen = pos.to_string();
    fen.rsplitn(3, ' ').nth(2).unwrap().to_string()
}

/// The third occurrence makes a ruling pending, with the game going on; the fourth rules.
#[test]
fn a_ruling_is_warned_of_at_the_third_occurrence_and_made_at_the_fourth() {
    let mut r = record("4k4/R8/9/9/9/9/9/9/9/3K5 w");
    let cycle = ["a8a9", "e9e8", "a9a8", "e8e9"];
    play(&mut r, &cycle);
    assert_eq!(r.repetitions(), 2);
    assert_eq!(r.pending_ruling(), None);
    play(&mut r, &cycle);
    assert_eq!(r.repetitions(), 3);
    let pending = r.pending_ruling().expect("a warning");
    assert_eq!(pending.verdict, Verdict::Loses(RED));
    assert_eq!(r.outcome(), None);
    play(&mut r, &cycle[..3]);
    assert_eq!(r.outcome(), None);
    play(&mut r, &cycle[3..]);
    assert_eq!(
        r.outcome(),
        Some(Outcome::win(BLACK, EndReason::ForbiddenRepetition))
    );
    assert_eq!(r.outcome().unwrap().result, GameResult::BlackWins);
    assert_eq!(
        r.ruling().unwrap().to_string(),
        "Red loses: perpetual check (AXF ruling 1)"
    );
    // Taken back, the game goes on and the ruling is gone.
    r.take_back();
    assert_eq!(r.outcome(), None);
    assert_eq!(r.ruling(), None);
    // Red changes instead of checking again: the game continues.
    r.take_back();
    play(&mut r, &["a9b9", "e8f8"]);
    assert_eq!(r.outcome(), None);
}

/// Checkmate and a position without legal moves end the record like the position.
#[test]
fn the_positions_own_endings_come_first() {
    let mut r = record("4k4/9/4P4/9/9/3R1R3/9/9/9/4K4 b");
    assert_eq!(r.outcome().map(|o| o.reason), Some(EndReason::NoLegalMove));
    assert!(r.play(iccs::parse("e9d9").unwrap()).is_err());
}
