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
    Table::new(GameId::generate().unwrap(), seats, kind, control, 0)
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
    let row = GameRow {
        id: table.id,
        kind: table.kind(),
        white: table.seats.white,
        black: table.seats.black,
        clock: stored.clone(),
        outcome: None,
        note: None,
        clock_at_ms: None,
        proposals: Vec::new(),
        moves: table
            .moves()
            .iter()
            .zip(table.history())
            .map(|(text, meta)| crate::store::StoredMove {
                text: text.clone(),
                meta: meta.clone(),
            })
            .collect(),
    };
    let back = Table::restore(row, 5_000_000, 0).unwrap();
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
    let table = table(Ruleset::Chess.into());
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
