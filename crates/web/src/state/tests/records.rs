//! Records keep what they were given: an imported game's tags, comments, annotations and
//! variations survive the save and come back in the PGN the page writes; a file of
//! several games opens a picker; a large file is read a slice at a time.

use shatar_rules::Ruleset;
use shatar_rules::pgn;

use super::*;
use crate::pgn_file::STEP_BYTES;
use crate::view;

const FULL: &str = r#"[Event "Ulaanbaatar Open 2026"]
[Site "Ulaanbaatar"]
[Date "2026.05.01"]
[Round "3"]
[White "Sarnai"]
[Black "Tuya"]
[Result "*"]
[Variant "Mongolian"]
[Annotator "Bat <b>"]

{Before the first move} 1. e4 {The open game} e5 2. Nf3 $1 Nc6 (2... d6 {Philidor} 3. d3 (3. Bc4 Be7)
3... Nf6) 3. Bc4 !? Bc5 (=) 4. c3 *
"#;

fn exported(state: &mut AppState) -> String {
    let effects = update(state, Msg::Export(ExportKind::Pgn, ExportHow::Copy));
    match effects.first() {
        Some(Effect::Copy(pgn)) => pgn.clone(),
        other => panic!("copied, got {other:?}"),
    }
}

fn saved_of(effects: &[Effect]) -> String {
    effects
        .iter()
        .rev()
        .find_map(|e| match e {
            Effect::Save(t) => Some(t.clone()),
            _ => None,
        })
        .expect("a save")
}

/// Everything of `FULL` but the page's own additions, compared as syntax trees.
fn assert_keeps_everything(pgn_text: &str) {
    let given = pgn::parse_game(FULL).unwrap();
    let written = pgn::parse_game(pgn_text).unwrap();
    for (name, value) in &given.tags {
        assert_eq!(
            written.tag(name),
            Some(value.as_str()),
            "{name} in\n{pgn_text}"
        );
    }
    assert_eq!(written.moves.len(), given.moves.len());
    for (w, g) in written.moves.iter().zip(&given.moves) {
        assert_eq!(w.san, g.san);
        assert_eq!(w.comments_before, g.comments_before, "{pgn_text}");
        assert_eq!(w.nags, g.nags, "{}", g.san);
        assert_eq!(w.comments, g.comments, "{}", g.san);
        assert_eq!(w.variations, g.variations, "{}", g.san);
        assert_eq!(w.draw_offer, g.draw_offer, "{}", g.san);
    }
}

#[test]
fn an_imported_record_keeps_its_tags_comments_annotations_and_variations() {
    let mut state = friends(Ruleset::Mongolian);
    update(
        &mut state,
        Msg::Import {
            text: FULL.into(),
            kind: Ruleset::Mongolian.into(),
        },
    );
    assert_eq!(state.board.game().len(), 7);
    // The player bars name the players the record names.
    let panel = view::panel(&state);
    assert_eq!(panel.players, ("Sarnai".to_string(), "Tuya".to_string()));
    let pgn_text = exported(&mut state);
    assert_keeps_everything(&pgn_text);
    assert!(!pgn_text.contains("Casual game"), "{pgn_text}");
}

#[test]
fn the_record_survives_the_save_exactly() {
    let mut state = friends(Ruleset::Mongolian);
    let effects = update(
        &mut state,
        Msg::Import {
            text: FULL.into(),
            kind: Ruleset::Mongolian.into(),
        },
    );
    let text = saved_of(&effects);
    let before = exported(&mut state);
    let mut restored = AppState::new(1, "2026.12.01".into());
    update(
        &mut restored,
        Msg::Restore {
            saved: Some(text.clone()),
            seed: 1,
            date: "2026.12.01".into(),
        },
    );
    assert_eq!(restored.ui.notice, None, "restored without complaint");
    assert_eq!(exported(&mut restored), before);
    assert_eq!(crate::state::persist::encode(&restored), text);
}

#[test]
fn moves_played_after_an_import_are_added_and_a_takeback_drops_only_theirs() {
    let mut state = friends(Ruleset::Mongolian);
    import(&mut state, FULL);
    // 4... Nf6 by clicks, then taken back: the given record is as it was.
    click_move(&mut state, "g8", "f6");
    assert_eq!(state.board.game().len(), 8);
    assert!(exported(&mut state).contains("4. c3 Nf6"));
    update(&mut state, Msg::TakeBack);
    assert_keeps_everything(&exported(&mut state));
    // A takeback into the given moves drops their notes with them.
    update(&mut state, Msg::TakeBack);
    let text = exported(&mut state);
    assert!(!text.contains("4. c3") && text.contains("3. Bc4"), "{text}");
}

#[test]
fn a_file_of_several_games_opens_a_picker() {
    let mut state = friends(Ruleset::Mongolian);
    let file = format!(
        "{FULL}\n[White \"Dorj\"]\n[Black \"Bold\"]\n[Variant \"Mongolian\"]\n\n1. d4 d5 2. Nf3 *\n\n[Variant \"Mongolian\"]\n\n1. e4 e5 2. Ke3 *\n"
    );
    import(&mut state, &file);
    assert_eq!(state.ui.dialog, Some(Dialog::PickGame { error: None }));
    assert_eq!(
        state.board.game().len(),
        0,
        "nothing is replaced until a game is picked"
    );
    let titles = view::pick_titles(&state);
    assert_eq!(titles.len(), 3);
    assert_eq!(titles[1], "2. Dorj – Bold");
    // A game that does not replay says why and the picker stays open.
    update(&mut state, Msg::PickImported(2));
    let Some(Dialog::PickGame { error: Some(error) }) = &state.ui.dialog else {
        panic!("the picker stays, with the error: {:?}", state.ui.dialog)
    };
    let error = error.text(state.prefs.lang);
    assert!(
        error.contains("PGN game 3") && error.contains("Ke3"),
        "{error}"
    );
    update(&mut state, Msg::PickImported(1));
    assert_eq!(state.ui.dialog, None);
    assert_eq!(state.board.game().len(), 3);
    assert_eq!(view::panel(&state).players.0, "Dorj");
    assert!(state.ui.importing.is_none(), "the file is let go");
}

#[test]
fn a_large_file_is_read_a_slice_at_a_time() {
    let mut state = friends(Ruleset::Mongolian);
    let game = "[White \"A\"]\n[Variant \"Mongolian\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n\n";
    let file = game.repeat(3 * STEP_BYTES / game.len() + 1);
    let effects = import(&mut state, &file);
    assert!(effects.contains(&Effect::ContinueImport), "{effects:?}");
    let Some(Dialog::Reading { read, total }) = state.ui.dialog else {
        panic!("{:?}", state.ui.dialog)
    };
    assert!(read >= STEP_BYTES && read < total && total == file.len());
    let mut steps = 1;
    while update(&mut state, Msg::ImportStep).contains(&Effect::ContinueImport) {
        steps += 1;
    }
    assert!((3..=5).contains(&steps), "{steps} steps");
    assert_eq!(state.ui.dialog, Some(Dialog::PickGame { error: None }));
    assert_eq!(view::pick_titles(&state).len(), file.len() / game.len());
    // Closing the picker lets the file go.
    update(&mut state, Msg::CloseDialog);
    assert!(state.ui.importing.is_none());
}

#[test]
fn a_text_of_comments_only_holds_no_game() {
    let mut state = friends(Ruleset::Mongolian);
    import(&mut state, "{just a comment}");
    let Some(Dialog::Import { error: Some(error) }) = &state.ui.dialog else {
        panic!("{:?}", state.ui.dialog)
    };
    let error = error.text(state.prefs.lang);
    assert!(error.contains("no game"), "{error}");
}
