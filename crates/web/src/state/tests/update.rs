//! A new version of the site: offered, never imposed, and nothing of the game lost when
//! the player takes it (the page reloads and restores the save).

use shatar_rules::{Color, Ruleset};

use super::*;
use crate::settings::{BonusKind, Timed};
use crate::view::UpdatePrompt;

fn saves(effects: &[Effect]) -> Vec<String> {
    effects
        .iter()
        .filter_map(|e| {
            if let Effect::Save(t) = e {
                Some(t.clone())
            } else {
                None
            }
        })
        .collect()
}

/// What a fresh page makes of `saved`, at its own `now_ms`.
fn reloaded(saved: String, now_ms: u64) -> AppState {
    let mut state = AppState::new(1, String::new());
    update_at(
        &mut state,
        Msg::Restore {
            saved: Some(saved),
            seed: 1,
            date: String::new(),
        },
        now_ms,
    );
    state
}

#[test]
fn a_waiting_version_is_offered() {
    let mut state = friends(Ruleset::Mongolian);
    assert_eq!(view::panel(&state).update, None);
    let effects = update(&mut state, Msg::UpdateReady);
    assert_eq!(effects, [], "only shown: the game is not touched");
    assert_eq!(
        view::panel(&state).update,
        Some(UpdatePrompt {
            text: "A new version is ready —",
            can_reload: true
        })
    );
}

#[test]
fn nothing_is_applied_unless_offered() {
    let mut state = friends(Ruleset::Mongolian);
    let effects = update(&mut state, Msg::ApplyUpdate);
    assert!(!effects.contains(&Effect::ApplyUpdate));
    assert_eq!(state.update, None);
}

#[test]
fn accepting_saves_the_game_first_and_once() {
    let mut state = friends(Ruleset::Mongolian);
    click_move(&mut state, "e2", "e4");
    click_move(&mut state, "e7", "e5");
    update(&mut state, Msg::UpdateReady);
    let effects = update(&mut state, Msg::ApplyUpdate);
    let save = effects
        .iter()
        .position(|e| matches!(e, Effect::Save(_)))
        .expect("saved before the reload");
    let apply = effects
        .iter()
        .position(|e| *e == Effect::ApplyUpdate)
        .expect("applied");
    assert!(save < apply, "{effects:?}");
    assert_eq!(
        view::panel(&state).update,
        Some(UpdatePrompt {
            text: "Updating…",
            can_reload: false
        })
    );

    let again = reloaded(saves(&effects).pop().expect("a save"), 5);
    assert_eq!(again.board.game().len(), 2);
    assert_eq!(again.board.game().fen_at(2), state.board.game().fen_at(2));

    // A second press, or the browser telling again, changes nothing.
    assert_eq!(update(&mut state, Msg::ApplyUpdate), []);
    update(&mut state, Msg::UpdateReady);
    assert_eq!(state.update, Some(Update::Applying));
}

/// As with closing the page: the clock stops where it is and the save keeps it stopped.
#[test]
fn accepting_stops_a_running_clock() {
    let mut state = AppState::new(3, "2026.11.29".into());
    let time_control = TimeControl::Timed(Timed {
        base_seconds: 60,
        bonus: BonusKind::Increment,
        bonus_seconds: 0,
        moves: None,
        then_seconds: 0,
    });
    let setup = GameSetup {
        opponent: Opponent::Friend,
        time_control,
        ..GameSetup::default()
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
    for square in ["d2", "d4"].map(sq) {
        update_at(&mut state, Msg::Board(BoardMsg::SquareDown(square)), 3_000);
        update_at(
            &mut state,
            Msg::Board(BoardMsg::SquareUp {
                over: Some(square),
                dragged: false,
            }),
            3_000,
        );
    }
    assert_eq!(state.board.game().len(), 1);
    update_at(&mut state, Msg::UpdateReady, 4_000);
    let effects = update_at(&mut state, Msg::ApplyUpdate, 10_000);
    let again = reloaded(saves(&effects).pop().expect("a save"), 50);
    assert!(view::panel(&again).clock_paused);
    let black = again
        .session
        .timing
        .as_ref()
        .expect("timed")
        .clock
        .read(Color::Black, again.now_ms);
    assert_eq!(
        black.base_ms, 53_000,
        "7 s spent before the update was accepted"
    );
}

#[test]
fn the_offer_outlives_the_restore_at_start_up() {
    let mut state = AppState::new(1, String::new());
    update(&mut state, Msg::UpdateReady);
    let saved = crate::state::persist::encode(&friends(Ruleset::Mongolian));
    update(
        &mut state,
        Msg::Restore {
            saved: Some(saved),
            seed: 1,
            date: String::new(),
        },
    );
    assert_eq!(state.update, Some(Update::Ready));
}
