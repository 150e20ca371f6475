//! Clocks, claims and offers in the state machine (2017 art. 6 and 9), with time given
//! by the messages: every sequence here is hand-timed.

use shatar_protocol::Score;
use shatar_rules::{Color, EndReason, GameResult, Ruleset};

use super::*;
use crate::settings::{BonusKind, Timed};

fn timed(ruleset: Ruleset, base_seconds: u32, bonus: BonusKind, bonus_seconds: u32) -> AppState {
    let mut state = AppState::new(3, "2026.11.29".into());
    let time_control = TimeControl::Timed(Timed {
        base_seconds,
        bonus,
        bonus_seconds,
        moves: None,
        then_seconds: 0,
    });
    let setup = GameSetup {
        kind: ruleset.into(),
        opponent: Opponent::Friend,
        side: SideChoice::White,
        time_control,
    };
    update_at(
        &mut state,
        Msg::StartGame {
            setup,
            seed: 3,
            date: "2026.11.29".into(),
        },
        1_000,
    );
    state
}

/// Click `from` then `to`, all at `at` ms.
fn move_at(state: &mut AppState, from: &str, to: &str, at: u64) -> Vec<Effect> {
    let mut effects = update_at(state, Msg::Board(BoardMsg::SquareDown(sq(from))), at);
    effects.extend(update_at(
        state,
        Msg::Board(BoardMsg::SquareUp {
            over: Some(sq(from)),
            dragged: false,
        }),
        at,
    ));
    effects.extend(update_at(
        state,
        Msg::Board(BoardMsg::SquareDown(sq(to))),
        at,
    ));
    effects
}

fn reading(state: &AppState, color: Color) -> (u64, u64) {
    let r = state
        .session
        .timing
        .as_ref()
        .expect("timed")
        .clock
        .read(color, state.now_ms);
    (r.base_ms, r.delay_ms)
}

/// 2017 art. 6.3.2 and 6.9: a blitz game with a simple delay, a move inside the delay that
/// leaves the base time alone, one that spends it, and a flag that falls on a tick.
#[test]
fn a_delay_blitz_where_the_flag_falls() {
    let mut state = timed(Ruleset::Mongolian, 6, BonusKind::Delay, 1);
    // White's clock started with the game at 1 000 ms (art. 6.6).
    move_at(&mut state, "e2", "e4", 1_800);
    assert_eq!(
        reading(&state, Color::White).0,
        6_000,
        "0.8 s, inside the 1 s delay"
    );
    move_at(&mut state, "e7", "e5", 4_800);
    assert_eq!(
        reading(&state, Color::Black).0,
        4_000,
        "3 s: 1 s of delay, then 2 s of base"
    );
    // White thinks: the delay runs down first, shown apart from the base.
    update_at(&mut state, Msg::Tick, 5_300);
    assert_eq!(reading(&state, Color::White), (6_000, 500));
    let panel = view::panel(&state);
    let (white, black) = panel.clocks.expect("clocks shown");
    assert_eq!(
        (white.text.as_str(), white.delay.as_deref(), white.running),
        ("6.0", Some("+0.5"), true)
    );
    assert_eq!(
        (black.text.as_str(), black.running, black.low),
        ("4.0", false, true)
    );
    // 1 s of delay and 6 s of base after 4 800 ms: the flag is down at 11 800 ms.
    update_at(&mut state, Msg::Tick, 11_799);
    assert!(state.board.game().outcome().is_none());
    let effects = update_at(&mut state, Msg::Tick, 11_800);
    let outcome = state.board.game().outcome().expect("the flag fell");
    assert_eq!(
        (outcome.result, outcome.reason),
        (GameResult::BlackWins, EndReason::TimeForfeit)
    );
    assert!(effects.contains(&Effect::Sound(Sound::End)));
    assert_eq!(
        view::panel(&state).result.as_deref(),
        Some("Black wins by time forfeit (2017 art. 6.9)")
    );
    // A move arriving after the flag is not played.
    move_at(&mut state, "d2", "d3", 12_000);
    assert_eq!(state.board.game().len(), 2);
    let pgn = pgn_text(&state);
    assert!(pgn.contains("[%clk 0:00:06.0]"), "{pgn}");
    assert!(pgn.contains("[%clk 0:00:04.0]"), "{pgn}");
    assert!(
        pgn.contains("[Termination \"time forfeit\"]\n[TerminationDetails \"time forfeit\"]"),
        "{pgn}"
    );
    // PGN has no delay form: our own tag says it (see `clock::DELAY_TAG`).
    assert!(pgn.contains("[TimeControlDelay \"6d1\"]"), "{pgn}");
}

#[test]
fn an_increment_is_added_after_each_move() {
    let mut state = timed(Ruleset::Chess, 60, BonusKind::Increment, 2);
    move_at(&mut state, "e2", "e4", 4_000);
    assert_eq!(reading(&state, Color::White).0, 59_000, "60 s - 3 s + 2 s");
    assert!(pgn_text(&state).contains("[TimeControl \"60+2\"]"));
}

/// Art. 9.2 / 9.5.2: a threefold repetition claimed wrongly (two minutes to the opponent)
/// and then rightly, by claiming with the move that makes it.
#[test]
fn threefold_claims_wrong_and_right() {
    let mut state = timed(Ruleset::Mongolian, 300, BonusKind::None, 0);
    let mut t = 1_000;
    let mut go = |state: &mut AppState, from: &str, to: &str| {
        t += 1_000;
        move_at(state, from, to, t);
    };
    for (f, to) in [
        ("e2", "e4"),
        ("e7", "e5"),
        ("g1", "f3"),
        ("g8", "f6"),
        ("f3", "g1"),
    ] {
        go(&mut state, f, to);
    }
    assert!(
        can_claim(&state),
        "a claim may be made at any turn under the 2017 rules"
    );
    assert!(
        view::panel(&state).has_claims,
        "the 2017 rules show their claim buttons"
    );
    // Black claims with 3...Ng8, which makes the position only twice: wrong.
    update(&mut state, Msg::ArmClaim);
    assert!(view::panel(&state).claim_armed);
    go(&mut state, "f6", "g8");
    assert_eq!(
        state.board.game().len(),
        6,
        "the announced move stands (art. 9.5)"
    );
    assert!(state.board.game().outcome().is_none());
    assert!(super::notice_text(&state).contains("two more minutes"));
    assert_eq!(
        reading(&state, Color::White).0,
        300_000 - 3_000 + 120_000,
        "three 1 s moves, and 2 min"
    );
    // A claim now, in a position seen twice: wrong again, Black gets the two minutes.
    update(&mut state, Msg::ClaimDraw);
    assert!(state.board.game().outcome().is_none());
    for (f, to) in [("g1", "f3"), ("g8", "f6"), ("f3", "g1")] {
        go(&mut state, f, to);
    }
    update(&mut state, Msg::ArmClaim);
    go(&mut state, "f6", "g8");
    let outcome = state.board.game().outcome().expect("drawn by the claim");
    assert_eq!(
        (outcome.result, outcome.reason),
        (GameResult::Draw, EndReason::ThreefoldRepetition)
    );
    assert!(
        state.session.timing.as_ref().unwrap().clock.is_paused(),
        "the clock stops with the game"
    );
}

#[test]
fn folk_games_have_nothing_to_claim() {
    let state = timed(Ruleset::MongolianFolk, 60, BonusKind::None, 0);
    assert!(!can_claim(&state));
}

#[test]
fn offers_between_friends_are_marked_and_answered() {
    let mut state = friends(Ruleset::Chess);
    assert!(!can_offer(&state), "an offer follows one's own move");
    click_move(&mut state, "e2", "e4");
    update(&mut state, Msg::OfferDraw);
    assert_eq!(
        view::panel(&state).offer.as_deref(),
        Some("White offers a draw")
    );
    assert!(view::panel(&state).offer_answerable);
    // Black plays on: the offer lapses, and stays in the record as the comment {(=)}.
    click_move(&mut state, "e7", "e5");
    assert_eq!(state.session.draw_offer, None);
    assert!(
        pgn_text(&state).contains("1. e4 {(=)} 1... e5"),
        "{}",
        pgn_text(&state)
    );
    update(&mut state, Msg::OfferDraw);
    update(&mut state, Msg::AnswerDraw { accept: true });
    let outcome = state.board.game().outcome().expect("agreed");
    assert_eq!(outcome.reason, EndReason::Agreement);
}

fn best_with_score(job: &SearchJob, uci: &str, cp: i32) -> Msg {
    let Msg::Engine(EngineEvent::Best {
        token,
        purpose,
        mut best,
    }) = best(job, uci)
    else {
        unreachable!()
    };
    best.score = Score::Cp { cp };
    Msg::Engine(EngineEvent::Best {
        token,
        purpose,
        best,
    })
}

/// The computer takes a draw when it stands worse, and plays on otherwise.
#[test]
fn the_computer_answers_offers_by_its_evaluation() {
    let (mut state, _) = vs_computer(SideChoice::White, 3);
    let job = submitted(&click_move(&mut state, "e2", "e4"))
        .pop()
        .unwrap();
    update(&mut state, Msg::OfferDraw);
    update(&mut state, best_with_score(&job, "e7e5", 20));
    assert_eq!(state.board.game().len(), 2, "declined: it played");
    assert!(super::notice_text(&state).contains("declines"));
    let job = submitted(&click_move(&mut state, "g1", "f3"))
        .pop()
        .unwrap();
    update(&mut state, Msg::OfferDraw);
    update(&mut state, best_with_score(&job, "b8c6", -120));
    assert_eq!(state.board.game().len(), 3, "accepted: no move");
    assert_eq!(
        state.board.game().outcome().map(|o| o.reason),
        Some(EndReason::Agreement)
    );
}

/// A reload neither costs nor gives time: the page hides, the clock pauses, the save keeps
/// it paused; the players resume it.
#[test]
fn a_clock_survives_a_reload_paused() {
    let mut state = timed(Ruleset::Mongolian, 60, BonusKind::Increment, 0);
    move_at(&mut state, "d2", "d4", 3_000);
    let effects = update_at(&mut state, Msg::Suspend, 10_000);
    let saved = effects
        .iter()
        .rev()
        .find_map(|e| {
            if let Effect::Save(t) = e {
                Some(t.clone())
            } else {
                None
            }
        })
        .expect("pausing saves");
    let mut again = AppState::new(1, String::new());
    // The new page's own milliseconds start again from near zero.
    update_at(
        &mut again,
        Msg::Restore {
            saved: Some(saved),
            seed: 1,
            date: String::new(),
        },
        50,
    );
    assert!(view::panel(&again).clock_paused);
    assert_eq!(reading(&again, Color::White).0, 58_000);
    assert_eq!(
        reading(&again, Color::Black).0,
        53_000,
        "7 s spent before the page was hidden"
    );
    update_at(&mut again, Msg::ResumeClock, 100);
    update_at(&mut again, Msg::Tick, 1_100);
    assert_eq!(reading(&again, Color::Black).0, 52_000);
    assert!(
        !view::panel(&again).can_take_back,
        "no takeback on the clock"
    );
}

/// Art. 9.2.a: the computer claims the repetition its move makes, when it does not stand
/// better; standing better, it plays on.
#[test]
fn the_computer_claims_what_it_may() {
    for (cp, drawn) in [(0, true), (80, false)] {
        let (mut state, _) = vs_computer(SideChoice::White, 3);
        let mut job = submitted(&click_move(&mut state, "e2", "e4"))
            .pop()
            .unwrap();
        for (reply, (from, to)) in ["e7e5", "g8f6", "f6g8", "g8f6"].into_iter().zip([
            ("g1", "f3"),
            ("f3", "g1"),
            ("g1", "f3"),
            ("f3", "g1"),
        ]) {
            update(&mut state, best(&job, reply));
            job = submitted(&click_move(&mut state, from, to)).pop().unwrap();
        }
        update(&mut state, best_with_score(&job, "f6g8", cp));
        assert_eq!(
            state.board.game().len(),
            10,
            "the move is played either way"
        );
        let outcome = state.board.game().outcome().map(|o| o.reason);
        assert_eq!(
            outcome == Some(EndReason::ThreefoldRepetition),
            drawn,
            "{cp} cp: {outcome:?}"
        );
    }
}

/// Over the board the page is only the clock: it starts paused, each side presses its own
/// half, a press out of turn does nothing, and the flag decides.
#[test]
fn tap_the_clock_over_the_board() {
    let mut state = AppState::new(3, "2026.11.29".into());
    let time_control = TimeControl::Timed(Timed {
        base_seconds: 10,
        bonus: BonusKind::Increment,
        bonus_seconds: 1,
        moves: None,
        then_seconds: 0,
    });
    let setup = GameSetup {
        opponent: Opponent::OverTheBoard,
        time_control,
        ..GameSetup::default()
    };
    update_at(
        &mut state,
        Msg::StartGame {
            setup,
            seed: 3,
            date: String::new(),
        },
        0,
    );
    assert!(view::panel(&state).clock_paused, "waiting for the players");
    assert!(!view::board(&state).interactive, "no moves on the screen");
    update_at(&mut state, Msg::ResumeClock, 1_000);
    update_at(&mut state, Msg::TapClock(Color::Black), 2_000);
    assert_eq!(
        reading(&state, Color::White).0,
        9_000,
        "Black's half does nothing on White's turn"
    );
    update_at(&mut state, Msg::TapClock(Color::White), 3_000);
    assert_eq!(reading(&state, Color::White).0, 9_000, "10 s - 2 s + 1 s");
    assert_eq!(
        view::panel(&state).presses,
        (String::from("1 move"), String::from("0 moves"))
    );
    update_at(&mut state, Msg::Tick, 13_000);
    let outcome = state.board.game().outcome().expect("Black's flag fell");
    assert_eq!(
        (outcome.result, outcome.reason),
        (GameResult::WhiteWins, EndReason::TimeForfeit)
    );
}

/// Art. 9.2.b: the position has just occurred the third time; the player to move claims.
#[test]
fn a_right_claim_now_draws() {
    let mut state = timed(Ruleset::Chess, 300, BonusKind::None, 0);
    let moves = [
        ("e2", "e4"),
        ("e7", "e5"),
        ("g1", "f3"),
        ("g8", "f6"),
        ("f3", "g1"),
        ("f6", "g8"),
    ];
    let again = [("g1", "f3"), ("g8", "f6"), ("f3", "g1"), ("f6", "g8")];
    for (i, (from, to)) in moves.iter().chain(&again).enumerate() {
        move_at(&mut state, from, to, 2_000 + 1_000 * i as u64);
    }
    assert!(
        state.board.game().outcome().is_none(),
        "threefold is claimed, not automatic"
    );
    update(&mut state, Msg::ClaimDraw);
    let outcome = state.board.game().outcome().expect("drawn");
    assert_eq!(
        (outcome.result, outcome.reason),
        (GameResult::Draw, EndReason::ThreefoldRepetition)
    );
    assert_eq!(
        view::panel(&state).result.as_deref(),
        Some("Draw by threefold repetition")
    );
}

/// The live region hears once that a clock runs low: when the warning sound plays.
#[test]
fn low_time_is_announced_for_the_side_whose_clock_runs() {
    let mut state = timed(Ruleset::Mongolian, 20, BonusKind::None, 0);
    assert_eq!(crate::view::panel(&state).time_warning, None);
    update_at(&mut state, Msg::Tick, 9_000);
    assert_eq!(crate::view::panel(&state).time_warning, None, "12 s left");
    update_at(&mut state, Msg::Tick, 12_000);
    assert_eq!(
        crate::view::panel(&state).time_warning.as_deref(),
        Some("White: less than 10 seconds")
    );
    move_at(&mut state, "e2", "e4", 12_500);
    assert_eq!(
        crate::view::panel(&state).time_warning,
        None,
        "Black's clock runs, and has 20 s"
    );
}

/// The save is written when the game changes, not at every tick of a running clock: a
/// tick encodes nothing (the clock is saved as of its last press or pause), a move saves,
/// and a flag that falls on a tick saves the ending.
#[test]
fn ticks_write_no_save_until_a_flag_falls() {
    let saves = |effects: &[Effect]| {
        effects
            .iter()
            .filter(|e| matches!(e, Effect::Save(_)))
            .count()
    };
    let mut state = timed(Ruleset::Mongolian, 6, BonusKind::Increment, 0);
    let encoded = state.storage.encoded;
    for at in (1_100..3_000).step_by(100) {
        let effects = update_at(&mut state, Msg::Tick, at);
        assert_eq!(saves(&effects), 0, "a tick at {at} ms saves nothing");
    }
    assert_eq!(state.storage.encoded, encoded, "nor is the save encoded");
    let effects = move_at(&mut state, "e2", "e4", 3_000);
    assert_eq!(saves(&effects), 1, "the move is saved");
    assert!(state.storage.encoded > encoded);
    let encoded = state.storage.encoded;
    // Black's 6 s run out at 9 000 ms.
    for at in (3_100..9_000).step_by(100) {
        assert_eq!(saves(&update_at(&mut state, Msg::Tick, at)), 0);
    }
    assert_eq!(state.storage.encoded, encoded);
    let effects = update_at(&mut state, Msg::Tick, 9_000);
    assert!(state.board.game().outcome().is_some(), "Black's flag fell");
    assert_eq!(saves(&effects), 1, "the ending is saved");
    let saved = effects.iter().find_map(|e| match e {
        Effect::Save(text) => Some(text.clone()),
        _ => None,
    });
    let mut restored = AppState::new(9, "2026.11.29".into());
    update(
        &mut restored,
        Msg::Restore {
            saved,
            seed: 9,
            date: "2026.11.29".into(),
        },
    );
    assert_eq!(
        restored.board.game().outcome(),
        state.board.game().outcome()
    );
}
