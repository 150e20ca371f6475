//! The page's language: how it is chosen and kept, and that what the player reads and
//! hears (status, results, announcements, the typed box, the move list) follows it.

use shatar_rules::Ruleset;
use shatar_rules::notation::PieceLetters;

use super::*;
use crate::i18n::Lang;
use crate::settings::{Looks, Notation};
use crate::view;

fn saved_of(effects: &[Effect]) -> Option<String> {
    effects.iter().rev().find_map(|e| {
        if let Effect::Save(t) = e {
            Some(t.clone())
        } else {
            None
        }
    })
}

fn languages(state: &mut AppState, query: Option<&str>, browser: &[&str]) -> Vec<Effect> {
    let browser = browser.iter().map(|s| s.to_string()).collect();
    update(
        state,
        Msg::Languages {
            query: query.map(String::from),
            browser,
        },
    )
}

#[test]
fn the_stored_choice_outranks_the_browser_and_a_query_outranks_both() {
    let mut state = friends(Ruleset::Mongolian);
    let saved =
        saved_of(&update(&mut state, Msg::ChooseLang(Lang::MnCyrl))).expect("the choice is saved");
    assert_eq!(state.prefs.lang, Lang::MnCyrl);

    // A fresh page: the browser's languages arrive before the save is read.
    let mut page = AppState::new(1, "d".into());
    assert_eq!(
        languages(&mut page, None, &["zh-CN"]),
        [],
        "nothing is saved before the save is read"
    );
    assert_eq!(page.prefs.lang, Lang::ZhHans);
    update(
        &mut page,
        Msg::Restore {
            saved: Some(saved.clone()),
            seed: 1,
            date: "d".into(),
        },
    );
    assert_eq!(page.prefs.lang, Lang::MnCyrl, "the stored choice");

    let mut linked = AppState::new(1, "d".into());
    languages(&mut linked, Some("mn-Mong"), &["zh-CN"]);
    update(
        &mut linked,
        Msg::Restore {
            saved: Some(saved),
            seed: 1,
            date: "d".into(),
        },
    );
    assert_eq!(
        linked.prefs.lang,
        Lang::MnMong,
        "?lang= outranks the stored choice"
    );

    // The settings form holds no language: changing a setting keeps the choice.
    let looks = Looks {
        sound: false,
        lang: None,
        ..state.prefs.looks
    };
    update(&mut state, Msg::SetLooks(looks));
    assert_eq!(
        (state.prefs.looks.lang, state.prefs.lang),
        (Some(Lang::MnCyrl), Lang::MnCyrl)
    );
}

#[test]
fn an_unreadable_save_is_reported_in_the_negotiated_language() {
    let mut page = AppState::new(1, "d".into());
    languages(&mut page, None, &["mn-MN"]);
    update(
        &mut page,
        Msg::Restore {
            saved: Some("{not json".into()),
            seed: 1,
            date: "d".into(),
        },
    );
    let notice = super::notice_text(&page);
    let expected = crate::t!(Lang::MnCyrl, "notice.restore-failed");
    let head = expected.split('{').next().unwrap();
    assert!(notice.starts_with(head), "{notice}");
}

#[test]
fn what_is_read_and_heard_follows_the_language() {
    let mut state = friends(Ruleset::Mongolian);
    for (from, to) in [("e2", "e4"), ("e7", "e5"), ("g1", "f3")] {
        click_move(&mut state, from, to);
    }
    update(&mut state, Msg::ChooseLang(Lang::ZhHans));
    let panel = view::panel(&state);
    assert_eq!(panel.status, "轮到黑方走");
    assert_eq!(panel.title, crate::t!(Lang::ZhHans, "ruleset.mongolian"));
    assert_eq!(
        panel.moves[1].white.as_ref().map(|(_, t)| t.as_str()),
        Some("马f3"),
        "Chinese letters"
    );
    assert_eq!(panel.announcement.as_deref(), Some("2. 白方马 g1 到 f3"));
    let cell = view::board(&state)
        .cells
        .into_iter()
        .find(|c| c.cell == sq("f3"))
        .unwrap();
    assert_eq!(cell.label, "f3，白马，上一步");

    update(&mut state, Msg::ChooseLang(Lang::MnMong));
    assert_eq!(state.letters(), PieceLetters::MongolianScript);
    assert_eq!(
        view::panel(&state).moves[1]
            .white
            .as_ref()
            .map(|(_, t)| t.as_str()),
        Some("ᠮf3")
    );
    // A notation the player chose stays, whatever the language.
    let looks = Looks {
        notation: Notation::Fixed(PieceLetters::Figurine),
        ..state.prefs.looks
    };
    update(&mut state, Msg::SetLooks(looks));
    assert_eq!(
        view::panel(&state).moves[1]
            .white
            .as_ref()
            .map(|(_, t)| t.as_str()),
        Some("♘f3")
    );

    update(&mut state, Msg::ChooseLang(Lang::MnCyrl));
    update(&mut state, Msg::Resign);
    let result = view::panel(&state).result.unwrap();
    assert!(result.starts_with("Цагаан"), "{result}");
    assert!(result.contains("2017"), "the article is cited: {result}");
}

#[test]
fn the_typed_box_understands_the_language() {
    let mut state = friends(Ruleset::Mongolian);
    let ask = |state: &mut AppState, text: &str| {
        update(state, Msg::Board(BoardMsg::Typed(text.into())));
        typed_reply_text(state).unwrap()
    };
    update(&mut state, Msg::ChooseLang(Lang::ZhHans));
    assert_eq!(
        ask(&mut state, "马在哪里"),
        "白方马：b1、g1。黑方马：b8、g8"
    );
    assert_eq!(ask(&mut state, "白马"), "白方马：b1、g1");
    assert!(ask(&mut state, "横线 1").starts_with("第 1 横线："));
    // English words work in every language.
    assert_eq!(ask(&mut state, "where white horses"), "白方马：b1、g1");
    update(&mut state, Msg::ChooseLang(Lang::MnCyrl));
    assert_eq!(ask(&mut state, "морьд хаана"), ask(&mut state, "морь"));
    assert_eq!(
        ask(&mut state, "МОРЬД ХААНА"),
        ask(&mut state, "морь"),
        "capitals too"
    );
    assert!(
        ask(&mut state, "ЦАГААН ХҮҮ").contains("e2"),
        "and Mongolian's own letters"
    );
    assert!(ask(&mut state, "цагаан морь").contains("b1"));
    update(&mut state, Msg::ChooseLang(Lang::MnMong));
    assert!(ask(&mut state, "ᠴᠠᠭᠠᠨ ᠮᠣᠷᠢ").contains("g1"));
    assert!(ask(&mut state, "4 ᠳᠦᠭᠡᠷ ᠮᠥᠷ").contains('4'));
    update(&mut state, Msg::Board(BoardMsg::Typed("e4".into())));
    assert_eq!(
        state.board.game().len(),
        1,
        "moves stay English SAN in every language"
    );
}

#[test]
fn letters_of_another_language_are_marked_as_such() {
    let mut state = friends(Ruleset::Mongolian);
    update(&mut state, Msg::ChooseLang(Lang::En));
    assert_eq!(
        view::panel(&state).moves_lang,
        None,
        "the language's own letters"
    );
    let looks = Looks {
        notation: Notation::Fixed(PieceLetters::MongolianScript),
        ..state.prefs.looks
    };
    update(&mut state, Msg::SetLooks(looks));
    assert_eq!(
        view::panel(&state).moves_lang,
        Some(Lang::MnMong),
        "they get the script's font"
    );
    let looks = Looks {
        notation: Notation::Fixed(PieceLetters::Figurine),
        ..state.prefs.looks
    };
    update(&mut state, Msg::SetLooks(looks));
    assert_eq!(
        view::panel(&state).moves_lang,
        None,
        "figurines are no language's"
    );
}

#[test]
fn a_language_switch_rewords_a_hint_a_notice_and_an_import_error_already_shown() {
    let mut state = friends(Ruleset::Chess);
    let job = submitted(&update(&mut state, Msg::Hint))
        .pop()
        .expect("a hint search");
    update(&mut state, best(&job, "g1f3"));
    update(&mut state, Msg::GameForked);
    update(&mut state, Msg::OpenDialog(Dialog::Import { error: None }));
    update(
        &mut state,
        Msg::Import {
            text: "   ".into(),
            kind: Ruleset::Chess.into(),
        },
    );
    let shown = |state: &AppState| {
        let panel = view::panel(state);
        (
            panel.hint.expect("a hint"),
            panel.notice.expect("a notice").text,
            view::dialog_error(state).expect("an import error"),
        )
    };
    assert_eq!(
        shown(&state),
        (
            "Hint: Nf3".to_string(),
            crate::t!(Lang::En, "notice.game-forked").to_string(),
            crate::t!(Lang::En, "import.empty").to_string()
        )
    );
    update(&mut state, Msg::ChooseLang(Lang::ZhHans));
    let (hint, notice, error) = shown(&state);
    let hint_words = crate::t!(Lang::ZhHans, "hint.move").replace("{move}", "");
    assert!(hint.starts_with(&hint_words), "{hint}");
    assert_eq!(notice, crate::t!(Lang::ZhHans, "notice.game-forked"));
    assert_eq!(error, crate::t!(Lang::ZhHans, "import.empty"));
}

#[test]
fn a_language_switch_rewords_the_typed_boxs_answer_already_shown() {
    let mut state = friends(Ruleset::Mongolian);
    let ask = |state: &mut AppState, text: &str| {
        update(state, Msg::Board(BoardMsg::Typed(text.into())));
        typed_reply_text(state).expect("an answer")
    };
    assert_eq!(
        ask(&mut state, "where horses"),
        "White horse: b1, g1. Black horse: b8, g8"
    );
    update(&mut state, Msg::ChooseLang(Lang::ZhHans));
    assert_eq!(
        typed_reply_text(&state).as_deref(),
        Some("白方马：b1、g1。黑方马：b8、g8")
    );

    // A line not understood keeps what was typed, in the new language's sentence.
    let chinese = ask(&mut state, "Kd8");
    update(&mut state, Msg::ChooseLang(Lang::En));
    let reworded = typed_reply_text(&state).expect("the answer stays");
    assert!(
        reworded.starts_with("\"Kd8\" is not a legal move here"),
        "{reworded}"
    );
    assert_ne!(reworded, chinese);

    // What the answer tells of the game is what was asked about: a move played since
    // changes the language of the answer, not what it says.
    click_move(&mut state, "e2", "e4");
    let turn = ask(&mut state, "turn");
    let last = ask(&mut state, "last");
    click_move(&mut state, "e7", "e5");
    update(&mut state, Msg::ChooseLang(Lang::MnCyrl));
    let shown = typed_reply_text(&state).expect("the answer stays");
    assert!(shown.contains("e2") && shown.contains("e4"), "{shown}");
    assert_ne!(shown, last, "in the new language");
    update(&mut state, Msg::ChooseLang(Lang::En));
    assert_eq!(typed_reply_text(&state), Some(last));
    update(&mut state, Msg::Board(BoardMsg::Typed("turn".into())));
    assert_ne!(
        typed_reply_text(&state),
        Some(turn),
        "the turn has changed since"
    );
}
