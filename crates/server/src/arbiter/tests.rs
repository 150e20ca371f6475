use crate::ids::Generate;
use shatar_rules::clock::{Bonus, TimeControl};
use shatar_rules::{EndReason, GameResult, Ruleset};

use super::*;

fn table(kind: GameKind) -> Table {
    let seats = Seats {
        white: PlayerId::generate().unwrap(),
        black: PlayerId::generate().unwrap(),
    };
    let control = TimeControl::sudden_death(60_000, Bonus::Increment { ms: 1_000 });
    Table::new(
        GameId::generate().unwrap(),
        seats,
        kind,
        control,
        Pairing::Lobby,
        0,
    )
}

/// Plays `moves` in turn, a second apart, taking each change.
fn play(table: Table, moves: &[&str]) -> (Table, Step) {
    play_from(table, 0, moves)
}

/// Plays `moves` from ply `first` on, move `ply` at `ply` seconds.
fn play_from(mut table: Table, first: usize, moves: &[&str]) -> (Table, Step) {
    let mut last = None;
    for (ply, text) in (first..).zip(moves) {
        let side = table.record.position().turn();
        let player = match Side::from(side) {
            Side::White => table.seats.white,
            Side::Black => table.seats.black,
        };
        let change = table
            .play(player, ply as u32, text, 1_000 * ply as u64)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        table = change.table;
        last = change.steps.into_iter().last();
    }
    (table, last.expect("some moves"))
}

#[test]
fn a_mongolian_game_starts_with_the_compulsory_round_and_ends_in_mate() {
    let start = table(Ruleset::Mongolian.into());
    let white = start.seats.white;
    // 2017 art. 1.2: White opens e2-e4 or d2-d4, nothing else.
    assert!(matches!(
        start.play(white, 0, "g1f3", 0),
        Err(ErrorKind::IllegalMove { .. })
    ));
    let (table, step) = play(
        start,
        &["e2e4", "e7e5", "f1c4", "b8c6", "d1h5", "g8f6", "h5f7"],
    );
    let outcome = Outcome::win(shatar_rules::Color::White, EndReason::Checkmate);
    assert_eq!(
        step,
        Step::Moved {
            ply: 6,
            text: "h5f7".into(),
            outcome: Some(outcome)
        }
    );
    assert_eq!(table.clock_view(100_000).running, None);
    assert!(matches!(
        table.play(table.seats.black, 7, "e8e7", 7_000),
        Err(ErrorKind::GameOver { .. })
    ));
}

#[test]
fn only_the_seat_to_move_moves_and_only_on_the_current_ply() {
    let table = table(Ruleset::Chess.into());
    let stranger = PlayerId::generate().unwrap();
    assert_eq!(
        table.play(stranger, 0, "e2e4", 0).unwrap_err(),
        ErrorKind::NotYourSeat
    );
    assert_eq!(
        table.play(table.seats.black, 0, "e7e5", 0).unwrap_err(),
        ErrorKind::NotYourTurn
    );
    assert_eq!(
        table.play(table.seats.white, 1, "e2e4", 0).unwrap_err(),
        ErrorKind::StalePly { expected: 0 }
    );
}

#[test]
fn the_clocks_start_with_whites_first_move_and_a_flag_ends_the_game() {
    let (table, _) = play(table(GameKind::Xiangqi), &["h2e2"]);
    assert_eq!(table.clock_view(0).running, Some(Side::Black));
    assert!(table.flag_fall(59_999).is_none());
    let change = table.flag_fall(60_000).expect("Black's minute is gone");
    let outcome = Outcome::win(shatar_rules::Color::White, EndReason::TimeForfeit);
    assert_eq!(change.steps, [Step::Ended { outcome }]);
    assert_eq!(change.table.outcome(), Some(outcome));
}

#[test]
fn a_resignation_is_a_win_for_the_other_seat() {
    let table = table(Ruleset::MongolianFolk.into());
    let change = table.resign(table.seats.white, 0).unwrap();
    assert_eq!(
        change.table.outcome().map(|o| (o.result, o.reason)),
        Some((GameResult::BlackWins, EndReason::Resignation))
    );
}

#[test]
fn a_stored_game_comes_back_as_it_was() {
    let (table, _) = play(table(Ruleset::Chess.into()), &["e2e4", "e7e5", "g1f3"]);
    let stored = table.stored_clock();
    let mut row = self::stored(&table, 2_000, 2_000);
    row.turn_since_wall_ms = None;
    let back = Table::restore(row, 5_000_000, 0, None).unwrap();
    assert_eq!(back.moves(), table.moves());
    assert_eq!(back.stored_clock(), stored);
    // The server was down from 2 s to 5000 s: no one is charged for it.
    assert_eq!(back.clock_view(5_000_000), table.clock_view(2_000));
}

#[test]
fn a_takeback_returns_the_moves_and_the_clocks_to_what_they_were() {
    let (two, _) = play(table(Ruleset::Chess.into()), &["e2e4", "e7e5"]);
    // The clocks just after Black's reply, at 1 s.
    let before = two.clock_view(1_000);
    let (table, _) = play_from(two, 2, &["g1f3", "b8c6"]);
    let white = table.seats.white;
    let rematch = GameId::generate().unwrap();
    let change = table
        .propose(white, Proposal::Takeback, rematch, 9_000)
        .unwrap();
    let black = change.table.seats.black;
    let change = change
        .table
        .answer(black, Proposal::Takeback, true, rematch, 10_000)
        .unwrap();
    assert_eq!(change.steps, [Step::TookBack { ply: 2 }]);
    assert_eq!(change.table.moves(), ["e2e4", "e7e5"]);
    // White thinks again with what it had then, from the takeback (at 10 s) on.
    assert_eq!(change.table.clock_view(10_000), before);
    assert_eq!(before.running, Some(Side::White));
}

#[test]
fn a_game_waits_a_minute_for_each_first_move_then_is_aborted() {
    let mut table = table(Ruleset::Mongolian.into());
    // Ten minutes: Black's flag would fall long after the abort.
    table.clock = Clock::new(TimeControl::sudden_death(600_000, Bonus::None));
    assert_eq!(table.until_due(0), Some(endings::ABORT_MS));
    let (table, _) = play(table, &["e2e4"]);
    // Black's minute runs from White's move, made at 0 here.
    assert!(table.due(endings::ABORT_MS - 1).is_none());
    let change = table.due(endings::ABORT_MS).expect("aborted");
    assert_eq!(change.steps, [Step::Aborted]);
    assert_eq!(change.table.note(), Some(EndNote::Aborted));
    assert!(change.table.until_due(u64::MAX).is_none());
}

#[test]
fn an_absent_opponent_is_claimed_against_only_after_half_a_minute() {
    let (table, _) = play(table(Ruleset::Chess.into()), &["e2e4", "e7e5"]);
    let white = table.seats.white;
    for gone in [None, Some(endings::ABSENT_MS - 1)] {
        assert!(matches!(
            table.claim_absence(white, true, gone, 0),
            Err(ErrorKind::OpponentPresent { wait_ms: Some(_) })
        ));
    }
    let change = table
        .claim_absence(white, false, Some(endings::ABSENT_MS), 0)
        .unwrap();
    assert_eq!(
        change.table.outcome(),
        Some(Outcome::draw(EndReason::Agreement))
    );
    assert_eq!(
        change.table.note(),
        Some(EndNote::Abandoned { by: Side::Black })
    );
}

/// Issue 55: no one wins a game by the absence of someone who never played it. Before both
/// sides have moved (lobby), and before five moves each between people who chose each
/// other (a link, a rematch), a claim aborts the game; after, it is won.
#[test]
fn a_claim_of_absence_aborts_a_game_that_has_not_begun() {
    let moves = [
        "e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6", "d2d3", "f8c5", "b1c3", "d7d6",
    ];
    for (pairing, from) in [
        (Pairing::Lobby, 2),
        (Pairing::Link, endings::LINK_CLAIM_PLIES),
        (Pairing::Rematch, endings::LINK_CLAIM_PLIES),
    ] {
        for plies in 0..=moves.len() {
            let mut start = table(Ruleset::Chess.into());
            start.pairing = pairing;
            let table = match plies {
                0 => start,
                _ => play(start, &moves[..plies]).0,
            };
            let claimer = match plies % 2 {
                0 => table.seats.white,
                _ => table.seats.black,
            };
            let change = table
                .claim_absence(claimer, true, Some(endings::ABSENT_MS), 60_000)
                .unwrap();
            if plies < from {
                assert_eq!(change.steps, [Step::Aborted], "{pairing:?} at {plies}");
                assert_eq!(change.table.outcome(), None);
                assert_eq!(change.table.note(), Some(EndNote::Aborted));
            } else {
                assert!(
                    matches!(change.steps[..], [Step::Ended { .. }]),
                    "{pairing:?} at {plies}"
                );
                assert_eq!(
                    change.table.outcome().map(|o| o.reason),
                    Some(EndReason::TimeForfeit)
                );
            }
        }
    }
}

/// The row the database would hold for `table` at `now_ms`, the epoch time being `wall_ms`.
fn stored(table: &Table, now_ms: u64, wall_ms: u64) -> GameRow {
    GameRow {
        id: table.id,
        kind: table.kind(),
        white: table.seats.white,
        black: table.seats.black,
        clock: table.stored_clock(),
        outcome: table.outcome(),
        note: table.note(),
        turn_since_wall_ms: Some(table.turn_since_wall_ms(now_ms, wall_ms)),
        pairing: table.pairing,
        proposals: table.proposals().to_vec(),
        moves: table
            .moves()
            .iter()
            .zip(table.history())
            .map(|(text, meta)| StoredMove {
                text: text.clone(),
                meta: meta.clone(),
            })
            .collect(),
    }
}

/// Issue 55: after a crash, the side to move keeps what it had thought until the server's
/// last heartbeat; the time the server was down is charged to no one.
#[test]
fn a_restart_charges_the_side_to_move_what_it_thought_before_the_crash() {
    // Moves at 0 s, 1 s and 2 s: Black has been on turn since 2 s.
    let (table, _) = play(table(Ruleset::Chess.into()), &["e2e4", "e7e5", "g1f3"]);
    let black_before = table.clock_view(2_000).black_ms;
    // Stored at 5 s (a draw offer, say): the turn began at 2 s all the same.
    let epoch = 1_000_000_000;
    let row = stored(&table, 5_000, epoch + 5_000);
    assert_eq!(row.turn_since_wall_ms, Some(epoch + 2_000));
    // Last alive at 9 s; started again an hour later, its own time from 0.
    let back = Table::restore(row, 0, epoch + 3_600_000, Some(epoch + 9_000)).unwrap();
    assert_eq!(back.clock_view(0).black_ms, black_before - 7_000);
    assert_eq!(
        back.clock_view(0).white_ms,
        table.clock_view(2_000).white_ms
    );
    assert_eq!(back.clock_view(0).running, Some(Side::Black));
    // And the next restart counts from the first one's time on, with what it carried.
    let again = stored(&back, 1_000, epoch + 3_601_000);
    assert_eq!(again.turn_since_wall_ms, Some(epoch + 3_601_000 - 8_000));
}

/// Issue 55: the minute a side has for its first move goes on across a restart.
#[test]
fn the_wait_for_a_first_move_survives_a_restart() {
    let mut start = table(Ruleset::Mongolian.into());
    start.clock = Clock::new(TimeControl::sudden_death(600_000, Bonus::None));
    let (table, _) = play(start, &["e2e4"]);
    let epoch = 1_000_000_000;
    let row = stored(&table, 0, epoch);
    // Black had waited 40 s when the server died; it comes back a day later.
    let back = Table::restore(row, 0, epoch + 86_400_000, Some(epoch + 40_000)).unwrap();
    assert_eq!(back.until_due(0), Some(endings::ABORT_MS - 40_000));
    assert!(back.due(endings::ABORT_MS - 40_001).is_none());
    assert_eq!(
        back.due(endings::ABORT_MS - 40_000).map(|c| c.steps),
        Some(vec![Step::Aborted])
    );
    // With no heartbeat kept (an older database), nothing is carried.
    let row = stored(&table, 0, epoch);
    let back = Table::restore(row, 0, epoch + 86_400_000, None).unwrap();
    assert_eq!(back.until_due(0), Some(endings::ABORT_MS));
}
