use shatar_protocol::{BestMove, Score};
use shatar_rules::{Color, EndReason, GameResult, Role, Ruleset, Square};

use super::*;
use crate::engine_client::{EngineEvent, Purpose, SearchJob};
use crate::settings::{GameSetup, Opponent, SideChoice, TimeControl};
use crate::view;
use shatar_rules::Cell;

/// The notice shown, in the page's language.
pub(super) fn notice_text(state: &AppState) -> String {
    view::panel(state).notice.expect("a notice").text
}

/// The typed box's answer shown, in the page's language.
pub(super) fn typed_reply_text(state: &AppState) -> Option<String> {
    view::panel(state).typed_reply
}

fn sq(name: &str) -> Cell {
    Square::parse(name).expect("a square name").into()
}

fn friends(ruleset: Ruleset) -> AppState {
    let mut state = AppState::new(7, "2026.11.29".into());
    let setup = GameSetup {
        kind: ruleset.into(),
        opponent: Opponent::Friend,
        side: SideChoice::White,
        ..GameSetup::default()
    };
    update(
        &mut state,
        Msg::StartGame {
            setup,
            seed: 7,
            date: "2026.11.29".into(),
        },
    );
    state
}

fn vs_computer(side: SideChoice, level: u8) -> (AppState, Vec<Effect>) {
    let mut state = AppState::new(8, "2026.11.29".into());
    let setup = GameSetup {
        opponent: Opponent::Computer { level },
        side,
        ..GameSetup::default()
    };
    let effects = update(
        &mut state,
        Msg::StartGame {
            setup,
            seed: 8,
            date: "2026.11.29".into(),
        },
    );
    (state, effects)
}

/// Click `from`, then click `to`.
fn click_move(state: &mut AppState, from: &str, to: &str) -> Vec<Effect> {
    let mut effects = update(state, Msg::Board(BoardMsg::SquareDown(sq(from))));
    effects.extend(update(
        state,
        Msg::Board(BoardMsg::SquareUp {
            over: Some(sq(from)),
            dragged: false,
        }),
    ));
    effects.extend(update(state, Msg::Board(BoardMsg::SquareDown(sq(to)))));
    effects.extend(update(
        state,
        Msg::Board(BoardMsg::SquareUp {
            over: Some(sq(to)),
            dragged: false,
        }),
    ));
    effects
}

fn drag_move(state: &mut AppState, from: &str, to: Option<&str>) -> Vec<Effect> {
    let mut effects = update(state, Msg::Board(BoardMsg::SquareDown(sq(from))));
    effects.extend(update(
        state,
        Msg::Board(BoardMsg::SquareUp {
            over: to.map(sq),
            dragged: true,
        }),
    ));
    effects
}

fn submitted(effects: &[Effect]) -> Vec<SearchJob> {
    effects
        .iter()
        .filter_map(|e| match e {
            Effect::Engine(EngineCommand::Submit(job)) => Some(job.clone()),
            _ => None,
        })
        .collect()
}

fn best(job: &SearchJob, uci: &str) -> Msg {
    Msg::Engine(EngineEvent::Best {
        token: job.token,
        purpose: job.purpose,
        best: BestMove {
            best_move: uci.into(),
            ponder: None,
            score: Score::Cp { cp: 0 },
            depth: 1,
            nodes: 1,
            time_ms: 1,
        },
    })
}

fn import(state: &mut AppState, text: &str) -> Vec<Effect> {
    update(
        state,
        Msg::Import {
            text: text.into(),
            kind: Ruleset::Mongolian.into(),
        },
    )
}

/// 2017 art. 1.2: only e2-e4 and d2-d4 can be picked up at the start, then Black has one
/// reply, and the board shows it by which pieces are movable.
#[test]
fn first_round_is_enforced_by_the_legal_moves() {
    let mut state = friends(Ruleset::Mongolian);
    let movable: Vec<String> = view::board(&state)
        .cells
        .iter()
        .filter(|c| c.marks.movable)
        .map(|c| c.name.clone())
        .collect();
    assert_eq!(movable, ["d2", "e2"]);
    update(&mut state, Msg::Board(BoardMsg::SquareDown(sq("g1"))));
    assert_eq!(
        state.board.selected(),
        None,
        "the horse cannot move in the first round"
    );
    click_move(&mut state, "e2", "e4");
    assert_eq!(state.board.game().len(), 1);
    let black: Vec<String> = view::board(&state)
        .cells
        .iter()
        .filter(|c| c.marks.movable)
        .map(|c| c.name.clone())
        .collect();
    assert_eq!(black, ["e7"]);
    assert_eq!(view::panel(&state).status, "Black must play e7-e5");
    click_move(&mut state, "d7", "d5");
    assert_eq!(
        state.board.game().len(),
        1,
        "a move that is not the mirror does not happen"
    );
}

#[test]
fn click_click_shows_destinations_and_plays() {
    let mut state = friends(Ruleset::Chess);
    update(&mut state, Msg::Board(BoardMsg::SquareDown(sq("g1"))));
    update(
        &mut state,
        Msg::Board(BoardMsg::SquareUp {
            over: Some(sq("g1")),
            dragged: false,
        }),
    );
    let dests: Vec<String> = view::board(&state)
        .cells
        .iter()
        .filter(|c| c.marks.destination)
        .map(|c| c.name.clone())
        .collect();
    assert_eq!(dests, ["f3", "h3"]);
    // A second click on the piece lets go of it.
    update(&mut state, Msg::Board(BoardMsg::SquareDown(sq("g1"))));
    update(
        &mut state,
        Msg::Board(BoardMsg::SquareUp {
            over: Some(sq("g1")),
            dragged: false,
        }),
    );
    assert_eq!(state.board.selected(), None);
    let effects = click_move(&mut state, "g1", "f3");
    assert_eq!(state.board.game().moves()[0].to_string(), "g1f3");
    assert!(effects.contains(&Effect::Sound(Sound::Move)));
    let marked: Vec<String> = view::board(&state)
        .cells
        .iter()
        .filter(|c| c.marks.last_move)
        .map(|c| c.name.clone())
        .collect();
    assert_eq!(marked, ["f3", "g1"]);
}

#[test]
fn drags_play_legal_drops_and_snap_back_illegal_ones() {
    let mut state = friends(Ruleset::Chess);
    drag_move(&mut state, "e2", Some("e5"));
    assert_eq!(state.board.game().len(), 0, "e2-e5 is no move");
    assert_eq!(state.board.selected(), None, "the piece went back");
    drag_move(&mut state, "e2", None);
    assert_eq!(state.board.game().len(), 0, "dropped off the board");
    drag_move(&mut state, "e2", Some("e4"));
    assert_eq!(state.board.game().len(), 1);
    // Black's piece cannot be dragged on White's turn, nor White's on Black's.
    drag_move(&mut state, "d2", Some("d4"));
    assert_eq!(state.board.game().len(), 1);
}

const PROMOTE_2017: &str = "4k3/1P6/8/8/8/8/8/4K3 w - - 0 40";

#[test]
fn promotion_picker_offers_what_the_rules_allow() {
    let mut state = friends(Ruleset::Mongolian);
    import(&mut state, PROMOTE_2017);
    assert!(state.ui.notice.is_some());
    click_move(&mut state, "b7", "b8");
    let picker = view::panel(&state).promotion.expect("a picker");
    let roles: Vec<Role> = picker.choices.iter().map(|c| c.0).collect();
    assert_eq!(roles, [Role::Queen, Role::Rook, Role::Bishop, Role::Knight]);
    assert_eq!(
        state.board.game().len(),
        0,
        "nothing is played before the choice"
    );
    // The board is frozen while the picker is open.
    update(&mut state, Msg::Board(BoardMsg::SquareDown(sq("e1"))));
    assert_eq!(state.board.selected(), None);
    update(&mut state, Msg::Board(BoardMsg::Promote(Role::Knight)));
    assert_eq!(state.board.game().moves()[0].to_string(), "b7b8n");
    assert_eq!(state.board.promotion(), None);
}

/// Folk rules: a pawn becomes a queen only, so there is nothing to choose.
#[test]
fn folk_promotion_needs_no_picker() {
    let mut state = friends(Ruleset::MongolianFolk);
    // Black keeps a pawn: a bare king would already have ended a folk game (folk rules 5).
    update(
        &mut state,
        Msg::Import {
            text: "4k3/1P5p/8/8/8/8/7P/4K3 w - - 0 40".into(),
            kind: Ruleset::MongolianFolk.into(),
        },
    );
    assert_eq!(state.board.game().kind(), Ruleset::MongolianFolk.into());
    click_move(&mut state, "b7", "b8");
    assert_eq!(state.board.promotion(), None);
    assert_eq!(state.board.game().moves()[0].to_string(), "b7b8q");
}

#[test]
fn cancelled_promotion_plays_nothing() {
    let mut state = friends(Ruleset::Chess);
    update(
        &mut state,
        Msg::Import {
            text: PROMOTE_2017.into(),
            kind: Ruleset::Chess.into(),
        },
    );
    drag_move(&mut state, "b7", Some("b8"));
    assert!(state.board.promotion().is_some());
    update(&mut state, Msg::Board(BoardMsg::CancelPromotion));
    assert_eq!(state.board.game().len(), 0);
    assert!(state.can_move());
}

#[test]
fn computer_replies_and_stale_answers_are_ignored() {
    let (mut state, effects) = vs_computer(SideChoice::White, 1);
    assert!(effects.contains(&Effect::Engine(EngineCommand::NewGame(
        Ruleset::Mongolian.into()
    ))));
    assert!(submitted(&effects).is_empty(), "White is the player's");
    let effects = click_move(&mut state, "e2", "e4");
    let jobs = submitted(&effects);
    assert_eq!(jobs.len(), 1);
    let job = &jobs[0];
    assert_eq!(job.purpose, Purpose::Move);
    assert_eq!(job.record.moves, ["e2e4"]);
    assert_eq!(job.limits.level.map(|l| l.level), Some(1));
    assert!(
        job.limits.move_time_ms.is_some(),
        "the page bounds every search: the worker cannot be stopped"
    );
    assert!(view::panel(&state).thinking);
    assert!(!state.can_move(), "the player waits for the computer");

    // Takeback while it thinks: the job is superseded and its answer is ignored.
    let effects = update(&mut state, Msg::TakeBack);
    assert_eq!(state.board.game().len(), 0);
    assert!(effects.contains(&Effect::Engine(EngineCommand::Cancel)));
    update(&mut state, best(job, "e7e5"));
    assert_eq!(
        state.board.game().len(),
        0,
        "a stale answer changes nothing"
    );

    let effects = click_move(&mut state, "d2", "d4");
    let job = submitted(&effects).pop().expect("a new search");
    update(&mut state, best(&job, "e7e5"));
    assert_eq!(
        state.board.game().len(),
        1,
        "an illegal answer is not played"
    );
    assert!(state.ui.notice.is_some());
    let mut state2 = vs_computer(SideChoice::White, 1).0;
    let job = submitted(&click_move(&mut state2, "d2", "d4"))
        .pop()
        .unwrap();
    let effects = update(&mut state2, best(&job, "d7d5"));
    assert_eq!(state2.board.game().len(), 2);
    assert!(effects.contains(&Effect::Sound(Sound::Move)));
    assert!(state2.can_move());
}

#[test]
fn computer_opens_when_the_player_takes_black() {
    let (state, effects) = vs_computer(SideChoice::Black, 4);
    assert_eq!(state.session.human, Some(Color::Black));
    assert_eq!(
        state.board.orientation(),
        Color::Black,
        "the player's side at the bottom"
    );
    let jobs = submitted(&effects);
    assert_eq!(jobs.len(), 1);
    assert!(jobs[0].record.moves.is_empty());
}

#[test]
fn takeback_against_the_computer_returns_to_the_players_turn() {
    let (mut state, _) = vs_computer(SideChoice::White, 1);
    let job = submitted(&click_move(&mut state, "e2", "e4"))
        .pop()
        .unwrap();
    update(&mut state, best(&job, "e7e5"));
    let job = submitted(&click_move(&mut state, "g1", "f3"))
        .pop()
        .unwrap();
    update(&mut state, best(&job, "b8c6"));
    assert_eq!(state.board.game().len(), 4);
    update(&mut state, Msg::TakeBack);
    assert_eq!(
        state.board.game().len(),
        2,
        "the computer's reply and the player's move"
    );
    assert!(state.can_move());
    let mut friends = friends(Ruleset::Chess);
    click_move(&mut friends, "e2", "e4");
    update(&mut friends, Msg::TakeBack);
    assert_eq!(friends.board.game().len(), 0, "between friends, one move");
}

/// Fool's mate in FIDE chess: the banner names the reason.
#[test]
fn results_are_announced_with_their_reason() {
    let mut state = friends(Ruleset::Chess);
    for (f, t) in [("f2", "f3"), ("e7", "e5"), ("g2", "g4")] {
        click_move(&mut state, f, t);
    }
    let effects = click_move(&mut state, "d8", "h4");
    assert!(effects.contains(&Effect::Sound(Sound::End)));
    let panel = view::panel(&state);
    assert_eq!(panel.result.as_deref(), Some("Black wins by checkmate"));
    let board = view::board(&state);
    assert!(board.cells.iter().any(|c| c.marks.check && c.name == "e1"));
    assert!(!board.interactive);
    assert!(!panel.can_resign);
    let mut state = friends(Ruleset::Mongolian);
    click_move(&mut state, "e2", "e4");
    update(&mut state, Msg::Resign);
    assert_eq!(
        view::panel(&state).result.as_deref(),
        Some("White wins by resignation (2017 art. 5.1)")
    );
    assert!(!state.can_take_back(), "a resignation stands");
}

#[test]
fn navigation_shows_earlier_positions_without_moving() {
    let mut state = friends(Ruleset::Chess);
    click_move(&mut state, "e2", "e4");
    click_move(&mut state, "e7", "e5");
    update(&mut state, Msg::Board(BoardMsg::Navigate(Nav::First)));
    assert_eq!(state.shown_ply(), 0);
    assert!(
        !view::board(&state).interactive,
        "moves are made at the end of the game only"
    );
    assert_eq!(
        view::board(&state)
            .cells
            .iter()
            .find(|c| c.name == "e2")
            .unwrap()
            .piece_code(),
        "wP"
    );
    update(&mut state, Msg::Board(BoardMsg::Navigate(Nav::Next)));
    assert_eq!(state.shown_ply(), 1);
    update(&mut state, Msg::Board(BoardMsg::GoTo(2)));
    assert_eq!(state.board.cursor(), None, "the last ply is the live game");
    update(&mut state, Msg::Board(BoardMsg::Navigate(Nav::Prev)));
    update(&mut state, Msg::Board(BoardMsg::Navigate(Nav::Last)));
    assert!(state.can_move());
    let rows = view::move_rows(&state);
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0].white.as_ref().unwrap().1, "e4");
    assert_eq!(rows[0].black.as_ref().unwrap().1, "e5");
}

#[test]
fn saved_games_restore_and_bad_saves_are_set_aside() {
    let (mut state, _) = vs_computer(SideChoice::White, 5);
    let job = submitted(&click_move(&mut state, "d2", "d4"))
        .pop()
        .unwrap();
    let effects = update(&mut state, best(&job, "d7d5"));
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
        .expect("every move is saved");
    let mut restored = AppState::new(99, "2027.01.01".into());
    let effects = update(
        &mut restored,
        Msg::Restore {
            saved: Some(saved.clone()),
            seed: 99,
            date: "x".into(),
        },
    );
    assert_eq!(
        restored.board.game().to_wire(),
        state.board.game().to_wire()
    );
    assert_eq!(restored.session.setup, state.session.setup);
    assert_eq!(restored.session.date, "2026.11.29");
    assert!(
        !effects.iter().any(|e| matches!(e, Effect::Save(_))),
        "nothing new to save"
    );
    assert!(restored.can_move());

    for (bad, why) in [
        ("{not json", "not readable"),
        (r#"{"format":0}"#, "save format 0"),
        (&saved.replace("d7d5", "d7d4")[..], "do not replay"),
    ] {
        let mut fresh = AppState::new(1, "2026.11.29".into());
        let effects = update(
            &mut fresh,
            Msg::Restore {
                saved: Some(bad.into()),
                seed: 1,
                date: "d".into(),
            },
        );
        assert!(effects.contains(&Effect::SetAside(bad.into())), "{bad}");
        let notice = notice_text(&fresh);
        assert!(notice.contains(why), "{notice}");
        assert_eq!(fresh.board.game().len(), 0);
    }
}

/// A save of format 1, written by the page before the glossary's renames (`game` for the
/// record, `ruleset` for the kind), restores; what is saved next is format 2 under the
/// new names.
#[test]
fn a_save_of_format_1_restores_and_is_saved_again_as_format_2() {
    let old = include_str!("../../tests/golden/save-format-1.json").trim();
    assert!(old.contains(r#""format":1"#) && old.contains(r#""game":{"ruleset":"mongolian""#));
    let mut restored = AppState::new(1, "2027.01.01".into());
    let effects = update(
        &mut restored,
        Msg::Restore {
            saved: Some(old.into()),
            seed: 1,
            date: "x".into(),
        },
    );
    assert!(
        !effects.iter().any(|e| matches!(e, Effect::SetAside(_))),
        "{effects:?}"
    );
    assert_eq!(restored.board.game().to_wire().moves, ["d2d4", "d7d5"]);
    assert_eq!(restored.session.setup.kind, Ruleset::Mongolian.into());
    assert_eq!(
        restored.session.setup.opponent,
        Opponent::Computer { level: 5 }
    );
    assert_eq!(restored.session.date, "2026.11.29");
    assert_eq!(
        crate::saved::game_kind(old),
        Some(Ruleset::Mongolian.into())
    );
    let summary = crate::saved::summary("a", old).expect("listed");
    assert_eq!((summary.plies, summary.finished), (2, false));
    let again = persist::encode(&restored);
    assert!(
        again.starts_with(r#"{"format":2,"setup":{"kind":"mongolian""#),
        "{again}"
    );
    assert!(again.contains(r#""record":{"kind":"mongolian""#), "{again}");
    assert!(
        !again.contains("ruleset") && !again.contains(r#""game":"#),
        "{again}"
    );
}

#[test]
fn resignation_survives_a_reload() {
    let mut state = friends(Ruleset::Mongolian);
    click_move(&mut state, "e2", "e4");
    let effects = update(&mut state, Msg::Resign);
    let Some(Effect::Save(text)) = effects
        .iter()
        .rev()
        .find(|e| matches!(e, Effect::Save(_)))
        .cloned()
    else {
        panic!("saved")
    };
    let mut restored = AppState::new(1, String::new());
    update(
        &mut restored,
        Msg::Restore {
            saved: Some(text),
            seed: 1,
            date: String::new(),
        },
    );
    let o = restored.board.game().outcome().expect("still over");
    assert_eq!(
        (o.result, o.reason),
        (GameResult::WhiteWins, EndReason::Resignation)
    );
}

#[test]
fn bad_imports_explain_themselves_and_change_nothing() {
    let mut state = friends(Ruleset::Mongolian);
    click_move(&mut state, "e2", "e4");
    for (text, says) in [
        ("", "Nothing to import"),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w - - 0 1",
            "FEN",
        ),
        ("8/8/8/8 w - - 0 1", "FEN"),
        (
            "[Variant \"Mongolian\"]\n\n1. e4 e5 2. Nf3 Nf6 3. Qxf7 *",
            "move 3.",
        ),
        ("[Variant \"Shogi\"]\n\n1. e4 *", "Shogi"),
        ("1. e4 {never closed", "line 1"),
    ] {
        update(&mut state, Msg::OpenDialog(Dialog::Import { error: None }));
        update(
            &mut state,
            Msg::Import {
                text: text.into(),
                kind: Ruleset::Mongolian.into(),
            },
        );
        let Some(Dialog::Import { error: Some(error) }) = &state.ui.dialog else {
            panic!("{text}: no error shown")
        };
        let error = error.text(state.prefs.lang);
        assert!(error.contains(says), "{text}: {error}");
        assert_eq!(state.board.game().len(), 1, "the game in progress is kept");
    }
}

#[test]
fn imports_a_pgn_and_exports_it_back() {
    let mut state = friends(Ruleset::Mongolian);
    import(
        &mut state,
        "[Variant \"Mongolian\"]\n[White \"<b>Bat</b>\"]\n\n1. d4 d5 2. Nf3 Nf6 *",
    );
    assert_eq!(state.board.game().len(), 4);
    let effects = update(&mut state, Msg::Export(ExportKind::Pgn, ExportHow::Copy));
    let Some(Effect::Copy(pgn)) = effects.first() else {
        panic!("copied")
    };
    assert!(pgn.contains("[Variant \"Mongolian\"]"), "{pgn}");
    assert!(pgn.contains("1. d4 d5 2. Nf3 Nf6"), "{pgn}");
    let again = Game::import(pgn, Ruleset::Chess.into()).expect("our PGN reads back");
    assert_eq!(again.to_wire(), state.board.game().to_wire());
    update(&mut state, Msg::Board(BoardMsg::Navigate(Nav::First)));
    let effects = update(
        &mut state,
        Msg::Export(ExportKind::Fen, ExportHow::Download),
    );
    assert!(
        matches!(&effects[0], Effect::Download { text, .. } if text.starts_with("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP"))
    );
}

#[test]
fn hints_and_analysis_use_the_same_worker() {
    let mut state = friends(Ruleset::Chess);
    let effects = update(&mut state, Msg::Hint);
    let job = submitted(&effects).pop().expect("a hint search");
    assert_eq!(job.purpose, Purpose::Hint);
    update(&mut state, best(&job, "g1f3"));
    assert_eq!(view::panel(&state).hint.as_deref(), Some("Hint: Nf3"));
    assert!(
        view::board(&state)
            .cells
            .iter()
            .any(|c| c.marks.hint && c.name == "f3")
    );

    let effects = update(&mut state, Msg::ToggleAnalysis);
    let job = submitted(&effects).pop().expect("an analysis search");
    assert_eq!(job.purpose, Purpose::Analysis);
    assert_eq!(job.limits.multi_pv, Some(3));
    let info = shatar_protocol::SearchInfo {
        depth: 5,
        seldepth: 7,
        multi_pv: 1,
        score: Score::Cp { cp: 40 },
        nodes: 100,
        nps: 1000,
        time_ms: 10,
        hashfull: 0,
        pv: vec!["e2e4".into(), "e7e5".into()],
    };
    update(
        &mut state,
        Msg::Engine(EngineEvent::Info {
            token: job.token,
            purpose: job.purpose,
            info,
        }),
    );
    let analysis = view::panel(&state).analysis.unwrap();
    assert_eq!(analysis.lines, ["+0.40 1. e4 e5"]);
    assert!(analysis.white_permille > 500);
    // The next round goes deeper on the same position; moving on starts over.
    let effects = update(&mut state, best(&job, "e2e4"));
    let next = submitted(&effects).pop().expect("round two");
    assert!(next.limits.move_time_ms > job.limits.move_time_ms);
    let effects = click_move(&mut state, "e2", "e4");
    let moved = submitted(&effects)
        .pop()
        .expect("analysis of the new position");
    assert_eq!(moved.record.moves, ["e2e4"]);
    let effects = update(&mut state, Msg::ToggleAnalysis);
    assert!(effects.contains(&Effect::Engine(EngineCommand::Cancel)));
}

#[test]
fn failed_searches_are_reported_and_not_retried_in_a_loop() {
    let (mut state, _) = vs_computer(SideChoice::Black, 2);
    let job = submitted(&update(&mut state, Msg::DismissNotice)).pop();
    assert!(job.is_none(), "the opening search is already running");
    let token = state.searches.running.unwrap().0;
    let effects = update(
        &mut state,
        Msg::Engine(EngineEvent::Failed {
            token,
            purpose: Purpose::Move,
            reason: "worker crashed 3 times".into(),
        }),
    );
    assert!(submitted(&effects).is_empty());
    assert!(notice_text(&state).contains("crashed"));
    let effects = update(&mut state, Msg::RetryEngine);
    assert_eq!(submitted(&effects).len(), 1);
}

#[test]
fn the_time_control_is_kept_with_the_game() {
    let mut state = AppState::new(1, "2026.11.29".into());
    let setup = GameSetup {
        time_control: TimeControl::from_id("5+3").expect("a preset"),
        opponent: Opponent::Friend,
        ..GameSetup::default()
    };
    update(
        &mut state,
        Msg::StartGame {
            setup,
            seed: 1,
            date: "2026.11.29".into(),
        },
    );
    assert!(pgn_text(&state).contains("[TimeControl \"300+3\"]"));
}

#[test]
fn the_mute_switch_silences_the_moves() {
    let mut state = friends(Ruleset::Chess);
    update(&mut state, Msg::ToggleSound);
    assert!(!view::panel(&state).sound);
    let effects = click_move(&mut state, "e2", "e4");
    assert!(!effects.iter().any(|e| matches!(e, Effect::Sound(_))));
    assert!(
        effects.iter().any(|e| matches!(e, Effect::Save(_))),
        "the choice is kept with the game"
    );
}

mod clock;
mod lang;
mod records;
mod speech;
mod update;
#[cfg(not(feature = "xiangqi"))]
mod without_xiangqi;
#[cfg(feature = "xiangqi")]
mod xiangqi;
