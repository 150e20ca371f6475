//! The page's first build, without Xiangqi (`cargo test -p shatar-web --no-default-features
//! --features app`): whatever asks for Xiangqi is handed to the build with it, after the
//! game in progress is saved, and nothing of the 8x8 game is lost on the way.

use shatar_rules::GameKind;

use super::*;
use crate::carried;
use crate::saved::needs_other_build;
use crate::state::HandoffRequest;

const XIANGQI_PGN: &str = "[Variant \"xiangqi\"]\n[Format \"ICCS\"]\n\n1. h2e2 h9g7 *";

/// A save of a Xiangqi game, as the build with Xiangqi writes it: this build's save of
/// another game with the game swapped.
fn xiangqi_save() -> String {
    let mut save: serde_json::Value =
        serde_json::from_str(&crate::state::persist::encode(&mongolian_game())).unwrap();
    save["setup"]["kind"] = "xiangqi".into();
    save["record"] = serde_json::json!({ "kind": "xiangqi", "moves": ["h2e2", "h9g7"] });
    save.to_string()
}

fn xiangqi_setup() -> GameSetup {
    GameSetup {
        kind: GameKind::Xiangqi,
        opponent: Opponent::Friend,
        ..GameSetup::default()
    }
}

/// A game of Mongolian chess with the compulsory first round played.
fn mongolian_game() -> AppState {
    let mut state = friends(Ruleset::Mongolian);
    click_move(&mut state, "e2", "e4");
    click_move(&mut state, "e7", "e5");
    state
}

#[test]
fn this_build_carries_the_8x8_games_only() {
    assert!(!carried::carries(GameKind::Xiangqi));
    for ruleset in [Ruleset::Mongolian, Ruleset::MongolianFolk, Ruleset::Chess] {
        assert!(carried::carries(ruleset.into()));
    }
    assert!(Game::of(GameKind::Xiangqi).is_err());
    assert!(
        AnyGamePosition::from_fen(GameKind::Xiangqi, shatar_rules::xiangqi::fen::INITIAL).is_err()
    );
}

#[test]
fn a_new_xiangqi_game_is_handed_over_after_the_save() {
    let mut state = mongolian_game();
    let before = state.board.game().to_wire();
    let setup = xiangqi_setup();
    let effects = update(
        &mut state,
        Msg::StartGame {
            setup,
            seed: 11,
            date: "2026.11.30".into(),
        },
    );
    // The 8x8 game stays as it was, saved, and the handoff comes last.
    assert_eq!(state.board.game().to_wire(), before);
    let Some(Effect::Handoff(handoff)) = effects.last() else {
        panic!("no handoff last: {effects:?}")
    };
    assert_eq!(
        handoff,
        &HandoffRequest::StartGame {
            setup,
            seed: 11,
            date: "2026.11.30".into()
        }
    );
    let save = effects
        .iter()
        .rposition(|e| matches!(e, Effect::Save(_)))
        .expect("the game is saved first");
    assert_eq!(save, effects.len() - 2);
    assert!(
        !effects
            .iter()
            .any(|e| matches!(e, Effect::Engine(EngineCommand::NewGame(_))))
    );
    // The other build is handed the game and the request, which read back the same.
    let json = serde_json::to_string(&handoff).unwrap();
    assert_eq!(
        serde_json::from_str::<HandoffRequest>(&json).ok().as_ref(),
        Some(handoff)
    );
}

#[test]
fn a_xiangqi_pgn_or_fen_import_is_handed_over() {
    let mut state = mongolian_game();
    let effects = import(&mut state, XIANGQI_PGN);
    let expected = HandoffRequest::Import {
        text: XIANGQI_PGN.into(),
        kind: Ruleset::Mongolian.into(),
    };
    assert_eq!(effects.last(), Some(&Effect::Handoff(expected)));
    assert_eq!(state.board.game().len(), 2, "the game in progress stays");
    // A FEN pasted while Xiangqi is chosen is Xiangqi's.
    let fen = shatar_rules::xiangqi::fen::INITIAL;
    let effects = update(
        &mut state,
        Msg::Import {
            text: fen.into(),
            kind: GameKind::Xiangqi,
        },
    );
    assert_eq!(
        effects.last(),
        Some(&Effect::Handoff(HandoffRequest::Import {
            text: fen.into(),
            kind: GameKind::Xiangqi
        }))
    );
    // An 8x8 import stays here, and a broken one is reported here.
    let effects = import(&mut state, "[Variant \"Mongolian\"]\n\n1. d4 d5 *");
    assert!(!effects.iter().any(|e| matches!(e, Effect::Handoff(_))));
    assert_eq!(state.board.game().len(), 2);
    let effects = import(&mut state, "1. e4 e5 2. Qh5 Qh4 3. Zz9 *");
    assert!(!effects.iter().any(|e| matches!(e, Effect::Handoff(_))));
    assert!(matches!(
        state.ui.dialog,
        Some(Dialog::Import { error: Some(_) })
    ));
}

#[test]
fn a_saved_xiangqi_game_starts_the_other_build() {
    let save = xiangqi_save();
    assert_eq!(crate::saved::game_kind(&save), Some(GameKind::Xiangqi));
    assert!(needs_other_build(Some(&save)));
    // Were it restored here after all (the other build failed to load and the player
    // reloaded), it is set aside with a notice, not lost.
    let mut state = AppState::new(3, "2026.11.30".into());
    let effects = update(
        &mut state,
        Msg::Restore {
            saved: Some(save.clone()),
            seed: 3,
            date: "2026.11.30".into(),
        },
    );
    assert!(
        effects.contains(&Effect::SetAside(save.clone())),
        "{effects:?}"
    );
    // An 8x8 save, none, or one this build reports itself (unreadable, another format) stay.
    let state = mongolian_game();
    assert!(!needs_other_build(Some(&crate::state::persist::encode(
        &state
    ))));
    assert!(!needs_other_build(None));
    assert!(!needs_other_build(Some("{not json")));
    assert!(!needs_other_build(Some(
        &save.replace("\"format\":2", "\"format\":0")
    )));
}
