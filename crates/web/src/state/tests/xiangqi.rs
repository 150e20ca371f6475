//! Xiangqi through the same state machine as the 8x8 games: its board of points, moves by
//! clicks, the computer's ICCS answers, the notations, the rulings and the save.

use shatar_protocol::{BestMove, Score};
use shatar_rules::xiangqi::pgn::Notation as XiangqiMoves;
use shatar_rules::{Color, EndReason, GameKind, GameResult};

use super::*;
use crate::engine_client::{EngineEvent, SearchJob};
use crate::settings::{Points, XiangqiNotation};
use crate::view::{CellKind, Geometry};
use shatar_rules::{AnyPiece, Cell};

fn pt(name: &str) -> Cell {
    Cell::parse(GameKind::Xiangqi, name).expect("an ICCS point")
}

fn xiangqi(opponent: Opponent) -> (AppState, Vec<Effect>) {
    let mut state = AppState::new(5, "2026.11.30".into());
    let setup = GameSetup {
        kind: GameKind::Xiangqi,
        opponent,
        side: SideChoice::White,
        ..GameSetup::default()
    };
    let effects = update(
        &mut state,
        Msg::StartGame {
            setup,
            seed: 5,
            date: "2026.11.30".into(),
        },
    );
    (state, effects)
}

fn click(state: &mut AppState, from: &str, to: &str) -> Vec<Effect> {
    let mut effects = Vec::new();
    for at in [from, to] {
        effects.extend(update(state, Msg::Board(BoardMsg::SquareDown(pt(at)))));
        effects.extend(update(
            state,
            Msg::Board(BoardMsg::SquareUp {
                over: Some(pt(at)),
                dragged: false,
            }),
        ));
    }
    effects
}

fn cell<'a>(board: &'a view::BoardView, name: &str) -> &'a view::CellView {
    board
        .cells
        .iter()
        .find(|c| c.name == name)
        .unwrap_or_else(|| panic!("no cell {name}"))
}

fn answer(job: &SearchJob, iccs: &str) -> Msg {
    let best = BestMove {
        best_move: iccs.into(),
        ponder: None,
        score: Score::Cp { cp: 0 },
        depth: 1,
        nodes: 1,
        time_ms: 1,
    };
    Msg::Engine(EngineEvent::Best {
        token: job.token,
        purpose: job.purpose,
        best,
    })
}

#[test]
fn the_board_is_ninety_points_with_red_at_the_bottom() {
    let (state, _) = xiangqi(Opponent::Friend);
    let board = view::board(&state);
    assert_eq!(
        board.geometry,
        Geometry {
            files: 9,
            ranks: 10,
            cells: CellKind::Intersections
        }
    );
    assert_eq!(board.cells.len(), 90);
    // Row by row from the top of the picture: Black's back rank first, a0 at the bottom left.
    assert_eq!(
        (board.cells[0].name.as_str(), board.cells[89].name.as_str()),
        ("a9", "i0")
    );
    assert_eq!(cell(&board, "a0").piece_code(), "rR");
    assert_eq!(cell(&board, "h2").piece_code(), "rC");
    assert_eq!(cell(&board, "e9").piece_code(), "bK");
    assert_eq!(cell(&board, "h2").label, "h2, red cannon");
    assert!(
        board.cells.iter().all(|c| !c.light),
        "points are not coloured squares"
    );
    let panel = view::panel(&state);
    assert_eq!(panel.title, "Xiangqi (Chinese chess)");
    assert_eq!(panel.players, ("Red".to_string(), "Black".to_string()));
    // The natural move limit and the rulings end a Xiangqi game by themselves.
    assert!(
        !panel.has_claims && !panel.can_claim,
        "Xiangqi shows no claim buttons"
    );
}

#[test]
fn moves_by_clicks_with_legal_destinations_and_every_notation() {
    let (mut state, _) = xiangqi(Opponent::Friend);
    update(&mut state, Msg::Board(BoardMsg::SquareDown(pt("h2"))));
    let board = view::board(&state);
    let dests: Vec<&str> = board
        .cells
        .iter()
        .filter(|c| c.marks.destination)
        .map(|c| c.name.as_str())
        .collect();
    // The cannon slides along rank 2 and up the h file, and jumps the horse's screen to h9.
    assert!(
        dests.contains(&"e2") && dests.contains(&"h9") && !dests.contains(&"h8"),
        "{dests:?}"
    );
    assert!(cell(&board, "h9").marks.capture);
    update(
        &mut state,
        Msg::Board(BoardMsg::SquareUp {
            over: Some(pt("h2")),
            dragged: false,
        }),
    );
    update(&mut state, Msg::Board(BoardMsg::SquareDown(pt("e2"))));
    click(&mut state, "h9", "g7");
    assert_eq!(state.board.game().len(), 2);
    assert_eq!(
        state.board.game().move_texts(MoveStyle::PLAIN),
        ["C2=5", "H8+7"]
    );
    let moves = |state: &AppState| {
        let row = &view::panel(state).moves[0];
        (row.white.clone().unwrap().1, row.black.clone().unwrap().1)
    };
    assert_eq!(
        moves(&state),
        ("C2=5".into(), "H8+7".into()),
        "WXF in English by default"
    );
    state.prefs.lang = Lang::ZhHans;
    assert_eq!(
        moves(&state),
        ("炮二平五".into(), "马8进7".into()),
        "Chinese notation in Chinese"
    );
    state.prefs.looks.xiangqi_notation = XiangqiNotation::Fixed(XiangqiMoves::Iccs);
    assert_eq!(moves(&state), ("h2e2".into(), "h9g7".into()));
    // An illegal click does nothing: a horse cannot leap over its leg.
    click(&mut state, "b0", "d1");
    assert_eq!(state.board.game().len(), 2);
}

#[test]
fn the_computer_answers_in_iccs() {
    let (mut state, effects) = xiangqi(Opponent::Computer { level: 3 });
    assert!(effects.contains(&Effect::Engine(EngineCommand::NewGame(GameKind::Xiangqi))));
    let effects = click(&mut state, "b2", "e2");
    let job = submitted(&effects)
        .pop()
        .expect("the computer is asked to move");
    assert_eq!(job.record.kind, GameKind::Xiangqi);
    assert_eq!(job.record.moves, ["b2e2"]);
    update(&mut state, answer(&job, "b9c7"));
    assert_eq!(state.board.game().len(), 2);
    let board = view::board(&state);
    assert_eq!(
        cell(&board, "c7").piece,
        state.board.game().position().piece_at(pt("c7"))
    );
    assert!(matches!(
        cell(&board, "c7").piece,
        Some(AnyPiece::Xiangqi(_))
    ));
    assert!(cell(&board, "b9").marks.last_move && cell(&board, "c7").marks.last_move);
    assert_eq!(view::panel(&state).status, "Your move");
}

/// AXF 2008 ruling 1: a perpetual check loses. The result names the ruling.
#[test]
fn a_perpetual_check_loses_and_the_result_cites_the_ruling() {
    let (mut state, _) = xiangqi(Opponent::Friend);
    update(
        &mut state,
        Msg::Import {
            text: "3k5/9/R8/9/9/9/9/9/9/4K4 w".into(),
            kind: GameKind::Xiangqi,
        },
    );
    // The chariot checks from a9 and a8 in turn; the general steps between d9 and d8.
    let cycle = ["d9d8", "a9a8", "d8d9", "a8a9"];
    for (i, m) in std::iter::once(&"a7a9")
        .chain(cycle.iter().cycle())
        .take(13)
        .enumerate()
    {
        assert_eq!(
            state.board.game().outcome(),
            None,
            "still going before move {}",
            i + 1
        );
        let (from, to) = m.split_at(2);
        click(&mut state, from, to);
        if i == 8 {
            // The third occurrence: Red is warned before the fourth decides.
            let (loser, _) = state
                .board
                .game()
                .repetition_warning()
                .expect("the arbiter's warning");
            assert_eq!(loser, Color::White);
            let notice = super::notice_text(&state);
            assert!(
                notice.starts_with("Red is repeating a forbidden move"),
                "{notice}"
            );
        }
    }
    let outcome = state.board.game().outcome().expect("ruled");
    assert_eq!(
        (outcome.result, outcome.reason),
        (GameResult::BlackWins, EndReason::ForbiddenRepetition)
    );
    let result = view::panel(&state).result.expect("a result");
    assert!(
        result.starts_with("Black wins by a forbidden repetition"),
        "{result}"
    );
    assert!(
        result.contains("Ruling: ") && result.contains("AXF"),
        "{result}"
    );
}

#[test]
fn a_xiangqi_game_survives_a_reload() {
    let (mut state, _) = xiangqi(Opponent::Friend);
    click(&mut state, "h2", "e2");
    click(&mut state, "h9", "g7");
    let saved = crate::state::persist::encode(&state);
    let mut reloaded = AppState::new(9, "2026.11.30".into());
    crate::saved::decode(&saved)
        .expect("the save reads")
        .apply(&mut reloaded);
    assert_eq!(reloaded.board.game().kind(), GameKind::Xiangqi);
    assert_eq!(
        reloaded.board.game().to_wire(),
        state.board.game().to_wire()
    );
    assert_eq!(reloaded.session.setup.kind, GameKind::Xiangqi);
}

/// Clubs scoring Xiangqi choose the match points in the settings form: every result then
/// carries them, and the choice is kept with the game's save. A save from before the
/// setting reads as no points.
#[test]
fn match_points_from_the_settings_form_follow_the_result_and_a_reload() {
    let (mut state, _) = xiangqi(Opponent::Friend);
    assert_eq!(state.prefs.looks.points, Points::None);
    // What the form sends: its own choices and no language.
    let form = Looks {
        points: Points::TwoOneZero,
        lang: None,
        ..state.prefs.looks
    };
    update(&mut state, Msg::SetLooks(form));
    assert_eq!(
        state.prefs.looks.points,
        Points::TwoOneZero,
        "the form's choice is taken"
    );
    click(&mut state, "h2", "e2");
    update(&mut state, Msg::Resign);
    let result = view::panel(&state).result.expect("a result");
    assert_eq!(result, "Red wins by resignation (2–0)");

    let saved = crate::state::persist::encode(&state);
    let mut reloaded = AppState::new(9, "2026.11.30".into());
    crate::saved::decode(&saved)
        .expect("the save reads")
        .apply(&mut reloaded);
    assert_eq!(reloaded.prefs.looks.points, Points::TwoOneZero);
    assert_eq!(
        view::panel(&reloaded).result.as_deref(),
        Some("Red wins by resignation (2–0)")
    );

    // Setting it back to none drops the points from the result shown.
    let form = Looks {
        points: Points::None,
        ..reloaded.prefs.looks
    };
    update(&mut reloaded, Msg::SetLooks(form));
    assert_eq!(
        view::panel(&reloaded).result.as_deref(),
        Some("Red wins by resignation")
    );

    // A save written before the form had the setting: its looks have no "points".
    let mut old: serde_json::Value = serde_json::from_str(&saved).unwrap();
    let looks = old["looks"].as_object_mut().expect("the save's looks");
    assert!(
        looks.remove("points").is_some(),
        "the looks are saved with their points"
    );
    let mut from_old = AppState::new(9, "2026.11.30".into());
    crate::saved::decode(&old.to_string())
        .expect("an old save reads")
        .apply(&mut from_old);
    assert_eq!(from_old.prefs.looks.points, Points::None);
    assert_eq!(
        from_old.prefs.looks.pieces, state.prefs.looks.pieces,
        "the other looks still read"
    );
    assert_eq!(
        view::panel(&from_old).result.as_deref(),
        Some("Red wins by resignation")
    );
}

#[test]
fn pgn_export_and_import_in_the_players_notation() {
    let (mut state, _) = xiangqi(Opponent::Friend);
    click(&mut state, "h2", "e2");
    click(&mut state, "h9", "g7");
    state.prefs.lang = Lang::ZhHans;
    let Effect::Copy(pgn) = export(&state, ExportKind::Pgn, ExportHow::Copy) else {
        panic!("copied")
    };
    for needle in [
        "[Variant \"Xiangqi\"]",
        "[White \"Red\"]",
        "炮二平五",
        "马8进7",
    ] {
        assert!(pgn.contains(needle), "{needle} in\n{pgn}");
    }
    let again = Game::import(&pgn, Ruleset::Mongolian.into()).expect("our PGN reads back");
    assert_eq!(again.to_wire(), state.board.game().to_wire());
    // A PGN without a Variant tag pasted in a Xiangqi session is Xiangqi.
    let bare = Game::import("1. C2=5 H8+7 *", GameKind::Xiangqi).expect("WXF without tags");
    assert_eq!(bare.to_wire().moves, ["h2e2", "h9g7"]);
}

#[test]
fn the_typed_box_plays_xiangqi_in_any_notation() {
    let (mut state, _) = xiangqi(Opponent::Friend);
    for text in ["炮二平五", "H8+7", "b0c2"] {
        update(&mut state, Msg::Board(BoardMsg::Typed(text.into())));
        assert_eq!(view::panel(&state).typed_reply, None, "{text} is played");
    }
    assert_eq!(state.board.game().to_wire().moves, ["h2e2", "h9g7", "b0c2"]);
    assert_eq!(state.board.game().turn(), Color::Black);
}

/// The club page's game (tests/club/xiangqi.html) reads, in the traditional notation.
#[test]
fn the_club_pages_chinese_record_reads() {
    let html = include_str!("../../../../../tests/club/xiangqi.html");
    let start = html.find("[Event").expect("the PGN");
    let end = html[start..].find("</shatar-board>").expect("its end") + start;
    let game =
        Game::import(&html[start..end], Ruleset::Mongolian.into()).expect("a legal Xiangqi game");
    assert_eq!((game.kind(), game.len()), (GameKind::Xiangqi, 19));
    assert_eq!(
        game.move_text(
            18,
            MoveStyle {
                xiangqi: XiangqiMoves::Chinese,
                ..MoveStyle::PLAIN
            }
        ),
        "傌六进四"
    );
}

/// The typed box answers questions about Xiangqi's pieces, sides, ranks (0-9) and files
/// (a-i), in English and in Chinese.
#[test]
fn the_typed_box_answers_about_xiangqi_pieces() {
    let (mut state, _) = xiangqi(Opponent::Friend);
    let ask = |state: &mut AppState, text: &str| {
        update(state, Msg::Board(BoardMsg::Typed(text.into())));
        view::panel(state)
            .typed_reply
            .unwrap_or_else(|| panic!("{text}: no answer"))
    };
    let cannons = ask(&mut state, "where cannons");
    assert!(
        cannons.contains("b2, h2") && cannons.contains("b7, h7"),
        "{cannons}"
    );
    let red = ask(&mut state, "red chariots");
    assert!(red.contains("a0, i0") && !red.contains("a9"), "{red}");
    let rank = ask(&mut state, "rank 0");
    assert!(rank.contains("e0 red general"), "{rank}");
    let file = ask(&mut state, "file i");
    assert!(file.contains("i9 black chariot"), "{file}");
    state.prefs.lang = Lang::ZhHans;
    let chinese = ask(&mut state, "红炮在哪里");
    assert!(
        chinese.contains("b2") && !chinese.contains("b7"),
        "{chinese}"
    );
}

/// The build with Xiangqi carries out what the first build handed over, after restoring
/// the save (crate::carried), and never hands anything on.
#[test]
fn a_handoff_from_the_first_build_is_carried_out() {
    use crate::state::HandoffRequest;
    let setup = GameSetup {
        kind: GameKind::Xiangqi,
        opponent: Opponent::Friend,
        ..GameSetup::default()
    };
    let mut state = AppState::new(4, "2026.11.30".into());
    let handoff = HandoffRequest::StartGame {
        setup,
        seed: 4,
        date: "2026.11.30".into(),
    };
    let effects = update(&mut state, handoff.into_msg());
    assert_eq!(state.board.game().kind(), GameKind::Xiangqi);
    assert!(effects.contains(&Effect::Engine(EngineCommand::NewGame(GameKind::Xiangqi))));
    assert!(!effects.iter().any(|e| matches!(e, Effect::Handoff(_))));

    let text = "[Variant \"xiangqi\"]\n[Format \"ICCS\"]\n\n1. h2e2 h9g7 *";
    let handoff = HandoffRequest::Import {
        text: text.into(),
        kind: Ruleset::Mongolian.into(),
    };
    let effects = update(&mut state, handoff.into_msg());
    assert_eq!(state.board.game().len(), 2);
    assert_eq!(
        state.ui.notice.as_ref().map(|n| n.level()),
        Some(NoticeLevel::Info)
    );
    assert!(!effects.iter().any(|e| matches!(e, Effect::Handoff(_))));
}
