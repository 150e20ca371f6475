//! The embeds' logic, natively: attributes and their errors, the viewer, the shared
//! engine's scheduler, the iframe's fragment and trust, the builder's snippets, and a play
//! board's events. The browser half is tested end to end (tests/e2e/embed.mjs).

use shatar_protocol::{BestMove, Score, SearchLimits};
use shatar_rules::{Color, Ruleset, Square};

use super::config::{self, AttrError, Config, Lang, Mode, Opponent, PgnSource, StartPly};
use super::frame::{Command, Inbound, Refusal, Trust, encode, fragment_params, read_command};
use super::scheduler::{Delivery, Order, Scheduler};
use super::snippet;
use super::viewer::{Viewer, ViewerMsg};
use super::{Detail, HostEvent, play_events, save_key, start_play};
use shatar_web::board::{BoardMsg, Nav};
use shatar_web::engine_client::{EngineEvent, EngineStatus, Purpose, SearchJob};
use shatar_web::game::Game;
use shatar_web::settings::{Looks, Points};
use shatar_web::state::{EngineCommand, Msg, update_at};

const CLUB_GAMES: &str = include_str!("../../../tests/club/games.pgn");

fn read(attrs: &[(&str, &str)]) -> Result<Config, AttrError> {
    read_with_text(attrs, "")
}

fn read_with_text(attrs: &[(&str, &str)], text: &str) -> Result<Config, AttrError> {
    config::read(
        |name| {
            attrs
                .iter()
                .find(|(n, _)| *n == name)
                .map(|(_, v)| v.to_string())
        },
        text,
    )
}

fn error(attrs: &[(&str, &str)]) -> String {
    read(attrs)
        .expect_err("the attributes are wrong")
        .to_string()
}

#[test]
fn no_attributes_is_a_board_to_play_the_computer_at_level_3() {
    let c = read(&[]).unwrap();
    assert_eq!(
        c.mode,
        Mode::Play {
            opponent: Opponent::Computer { level: 3 }
        }
    );
    assert_eq!(
        (c.kind, c.orientation, c.position.is_none()),
        (Ruleset::Mongolian.into(), Color::White, true)
    );
    assert!(!c.looks.sound, "an embedded board makes no sound");
}

#[test]
fn every_attribute_is_read() {
    let c = read(&[
        ("mode", "play"),
        ("game", "chess"),
        ("opponent", "friend"),
        ("orientation", "Black"),
        ("theme", "uncoloured"),
        ("pieces", "letters"),
        ("coordinates", "inside"),
        ("notation", "cyrillic"),
        ("lang", "mn-Mong"),
        ("fen", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"),
    ])
    .unwrap();
    assert_eq!(
        c.mode,
        Mode::Play {
            opponent: Opponent::Friend
        }
    );
    assert_eq!(
        (c.kind, c.orientation, c.lang),
        (Ruleset::Chess.into(), Color::Black, config::Lang::MnMong)
    );
    assert_eq!(c.looks.pieces, shatar_web::glyphs::PieceSet::Letters);
    assert_eq!(c.position.unwrap().fen(), "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");

    let d = read(&[
        ("mode", "diagram"),
        ("arrows", "d5c7, e2e4"),
        ("highlights", "a8 e8"),
    ])
    .unwrap();
    assert_eq!(
        d.mode,
        Mode::Diagram {
            arrows: vec![(sq("d5"), sq("c7")), (sq("e2"), sq("e4"))],
            highlights: vec![sq("a8"), sq("e8")]
        }
    );
    let v = read(&[("mode", "view"), ("pgn", "1. e4 e5"), ("move", "end")]).unwrap();
    assert_eq!(
        v.mode,
        Mode::View {
            source: PgnSource::Inline("1. e4 e5".into()),
            start: StartPly::End
        }
    );
}

fn sq(name: &str) -> shatar_rules::Cell {
    Square::parse(name).unwrap().into()
}

#[test]
fn a_viewer_takes_its_games_from_src_then_pgn_then_its_own_text() {
    let source =
        |attrs: &[(&str, &str)], text: &str| match read_with_text(attrs, text).unwrap().mode {
            Mode::View { source, .. } => source,
            other => panic!("not a viewer: {other:?}"),
        };
    let both = [
        ("mode", "view"),
        ("src", " games.pgn "),
        ("pgn", "1. d4 d5"),
    ];
    assert_eq!(source(&both, "1. e4"), PgnSource::Url("games.pgn".into()));
    assert_eq!(
        source(&both[..1], "\n1. e4 e5\n"),
        PgnSource::Inline("\n1. e4 e5\n".into())
    );
    assert_eq!(
        source(&[("mode", "view"), ("pgn", "1. d4 d5")], "1. e4"),
        PgnSource::Inline("1. d4 d5".into())
    );
}

#[test]
fn a_wrong_value_says_which_attribute_what_it_held_and_what_was_wanted() {
    assert_eq!(
        error(&[("mode", "veiw")]),
        "attribute mode=\"veiw\": expected play, view, diagram or live"
    );
    assert_eq!(
        error(&[("game", "shogi")]),
        "attribute game=\"shogi\": expected mongolian, mongolian-folk, chess or xiangqi"
    );
    assert_eq!(
        error(&[("level", "11")]),
        "attribute level=\"11\": expected a level from 1 to 10"
    );
    assert_eq!(
        error(&[("opponent", "robot")]),
        "attribute opponent=\"robot\": expected computer or friend"
    );
    assert_eq!(
        error(&[("pieces", "wood")]),
        "attribute pieces=\"wood\": expected traditional, international or letters"
    );
    assert_eq!(
        error(&[("lang", "fr")]),
        "attribute lang=\"fr\": expected en, zh-Hans, mn-Cyrl or mn-Mong"
    );
    assert_eq!(
        error(&[("mode", "diagram"), ("arrows", "e2e9")]),
        "attribute arrows=\"e2e9\": \"e9\" is not a square (a1 to h8)"
    );
    assert_eq!(
        error(&[("mode", "diagram"), ("arrows", "e2-e4")]),
        "attribute arrows=\"e2-e4\": \"e2-e4\" is not an arrow: write its two squares, e2e4"
    );
    assert_eq!(
        error(&[("mode", "view"), ("pgn", "1. e4 e5"), ("move", "ten")]),
        "attribute move=\"ten\": expected a number of plies (0 is the start) or end"
    );
    assert_eq!(
        error(&[("mode", "view")]),
        "attribute pgn=\"\": a viewer needs games: a pgn or src attribute, or PGN text inside the element"
    );
    // A FEN that is no legal position is refused with the FEN reader's own words.
    let fen = error(&[("fen", "8/8/8/8/8/8/8/8 w - - 0 1")]);
    assert!(
        fen.starts_with("attribute fen=\"8/8/8/8/8/8/8/8 w - - 0 1\": "),
        "{fen}"
    );
    assert!(fen.contains("king"), "{fen}");
    // Long values are cut; markup stays as written, for the page to show as text.
    let xss = error(&[(
        "orientation",
        "<img src=x onerror=alert(1)> and a great deal more text here",
    )]);
    assert_eq!(
        xss,
        "attribute orientation=\"<img src=x onerror=alert(1)> and a great…\": expected white or black"
    );
}

#[test]
fn the_viewer_reads_the_club_file_and_steps_through_its_games() {
    let mut v = Viewer::new(
        CLUB_GAMES,
        Ruleset::Mongolian.into(),
        StartPly::End,
        Color::White,
        Default::default(),
        Lang::En,
    )
    .unwrap();
    assert_eq!(v.game_count(), 2);
    let view = v.view();
    assert_eq!(view.titles.len(), 2);
    // The tags are kept as written: the page sets them as text.
    assert_eq!(
        view.titles[0],
        "1. <img src=x onerror=window.__xss=1>Batbayar – Dorj, Club championship <b>2026</b> (1-0)"
    );
    assert_eq!(
        view.heading,
        "Club championship <b>2026</b> · Hohhot · 2026.03.14"
    );
    assert_eq!(
        view.players,
        (
            "Dorj".to_string(),
            "<img src=x onerror=window.__xss=1>Batbayar".to_string()
        )
    );
    assert_eq!(
        (view.shown_ply, view.can_go_forward, view.can_go_back),
        (14, false, true)
    );
    assert_eq!(
        view.result.as_deref(),
        Some("White wins by resignation (2017 art. 5.1)")
    );
    assert!(view.error.is_none());

    assert!(v.update(ViewerMsg::Board(BoardMsg::Navigate(Nav::First))));
    assert_eq!(v.ply(), 0);
    assert!(
        !v.update(ViewerMsg::Board(BoardMsg::Navigate(Nav::Prev))),
        "nothing before the start"
    );
    v.update(ViewerMsg::Board(BoardMsg::Navigate(Nav::Next)));
    v.update(ViewerMsg::Board(BoardMsg::GoTo(99)));
    assert_eq!(v.ply(), 14, "clamped to the game");
    v.update(ViewerMsg::Board(BoardMsg::Flip));
    assert_eq!(v.orientation(), Color::Black);
    assert_eq!(
        v.view().players.1,
        "Dorj",
        "Black's name is at the bottom once flipped"
    );
    v.update(ViewerMsg::Pick(1));
    let second = v.view();
    assert_eq!(
        (second.selected, second.shown_ply, second.moves.len()),
        (1, 0, 5)
    );
    assert!(!v.update(ViewerMsg::Pick(7)), "no such game");
}

#[test]
fn a_game_that_does_not_replay_shows_its_error_and_the_others_stay() {
    let text = format!("{CLUB_GAMES}\n[White \"X\"]\n[Black \"Y\"]\n\n1. e4 e5 2. Ke3 *\n");
    let mut v = Viewer::new(
        &text,
        Ruleset::Mongolian.into(),
        StartPly::Ply(2),
        Color::White,
        Default::default(),
        Lang::En,
    )
    .unwrap();
    assert_eq!(v.ply(), 2);
    v.update(ViewerMsg::Pick(2));
    let view = v.view();
    assert!(view.board.is_none());
    let error = view.error.unwrap();
    assert!(
        error.starts_with("This PGN cannot be read: PGN game 3"),
        "{error}"
    );
    assert!(error.contains("move 2. (white)"), "{error}");
    v.update(ViewerMsg::Pick(0));
    assert!(v.view().board.is_some());

    let unreadable = Viewer::new(
        "1. e4 {never closed",
        Ruleset::Mongolian.into(),
        StartPly::End,
        Color::White,
        Default::default(),
        Lang::En,
    );
    assert!(unreadable.unwrap_err().contains("never closed"));
    assert_eq!(
        Viewer::new(
            "",
            Ruleset::Mongolian.into(),
            StartPly::End,
            Color::White,
            Default::default(),
            Lang::En
        )
        .unwrap_err(),
        "This PGN holds no game."
    );
    let beyond = Viewer::new(
        "1. e4 e5 *",
        Ruleset::Mongolian.into(),
        StartPly::Ply(3),
        Color::White,
        Default::default(),
        Lang::En,
    );
    assert_eq!(
        beyond.unwrap_err(),
        "attribute move=\"3\": the game has 2 plies (half-moves), so 0 to 2 or end"
    );
}

fn job(token: u64) -> SearchJob {
    SearchJob {
        token,
        purpose: Purpose::Move,
        record: Game::new(Ruleset::Mongolian).to_wire(),
        limits: SearchLimits::default(),
    }
}

fn best(token: u64) -> EngineEvent {
    EngineEvent::Best {
        token,
        purpose: Purpose::Move,
        best: BestMove {
            best_move: "e2e4".into(),
            ponder: None,
            score: Score::Cp { cp: 0 },
            depth: 1,
            nodes: 1,
            time_ms: 1,
        },
    }
}

fn submitted(orders: &[Order]) -> Vec<u64> {
    orders
        .iter()
        .filter_map(|o| {
            if let Order::Submit(j) = o {
                Some(j.token)
            } else {
                None
            }
        })
        .collect()
}

#[test]
fn boards_take_turns_with_the_engine_and_each_hears_its_own_answers() {
    let mut s = Scheduler::new();
    // Both boards number their first search 1.
    let a = s.command(1, EngineCommand::Submit(job(1)));
    assert_eq!(submitted(&a), vec![1]);
    assert!(
        s.command(2, EngineCommand::Submit(job(1))).is_empty(),
        "board 2 waits for board 1"
    );
    // A newer job of board 2 replaces its waiting one.
    assert!(s.command(2, EngineCommand::Submit(job(2))).is_empty());

    let (delivery, orders) = s.event(best(1));
    assert_eq!(
        delivery,
        Some(Delivery {
            to: Some(1),
            event: best(1)
        })
    );
    assert_eq!(
        submitted(&orders),
        vec![2],
        "board 2's search starts under a fresh engine token"
    );
    // An answer under a token the scheduler no longer runs goes nowhere.
    assert_eq!(s.event(best(1)), (None, Vec::new()));
    let (delivery, orders) = s.event(best(2));
    assert_eq!(
        delivery,
        Some(Delivery {
            to: Some(2),
            event: best(2)
        }),
        "given back under board 2's own token"
    );
    assert!(orders.is_empty());

    let status = EngineEvent::Status(EngineStatus::Ready);
    assert_eq!(
        s.event(status.clone()).0,
        Some(Delivery {
            to: None,
            event: status
        })
    );
}

#[test]
fn a_board_that_cancels_or_leaves_frees_the_engine_for_the_next() {
    let mut s = Scheduler::new();
    s.command(1, EngineCommand::Submit(job(5)));
    s.command(2, EngineCommand::Submit(job(5)));
    s.command(3, EngineCommand::Submit(job(5)));
    // A board that is not running cancels only its waiting job.
    assert!(s.command(3, EngineCommand::Cancel).is_empty());
    let orders = s.command(1, EngineCommand::Cancel);
    assert_eq!(orders.first(), Some(&Order::Cancel));
    assert_eq!(submitted(&orders), vec![2]);
    // Clearing the engine's memory would drop board 2's search: not now.
    assert!(
        s.command(1, EngineCommand::NewGame(Ruleset::Chess.into()))
            .is_empty()
    );
    let orders = s.forget(2);
    assert_eq!(orders, vec![Order::Cancel]);
    assert_eq!(
        s.command(1, EngineCommand::NewGame(Ruleset::Chess.into())),
        vec![Order::NewGame(Ruleset::Chess.into())]
    );
}

#[test]
fn the_fragment_is_decoded_like_a_query() {
    let p = fragment_params(
        "#mode=view&pgn=1.%20e4+e5%0A&flag&bad=%zz%4&utf=%D1%88%D0%B0%D1%82%D0%B0%D1%80",
    );
    let want = [
        ("mode", "view"),
        ("pgn", "1. e4 e5\n"),
        ("flag", ""),
        ("bad", "%zz%4"),
        ("utf", "шатар"),
    ];
    assert_eq!(p, want.map(|(n, v)| (n.to_string(), v.to_string())));
    // What the builder encodes reads back the same, whatever it holds.
    for text in ["[White \"A & B\"]\n1. e4 e5 *", "шатар 象棋 %41 + =&#", ""] {
        let p = fragment_params(&format!("#pgn={}", encode(text)));
        assert_eq!(p, vec![("pgn".to_string(), text.to_string())]);
    }
}

#[test]
fn the_frame_obeys_only_the_origins_it_trusts() {
    let listed = Trust::new(
        Some("https://club.example, https://www.club.example/"),
        Some("https://evil.example"),
    );
    assert!(listed.trusts("https://www.club.example"));
    assert!(
        !listed.trusts("https://evil.example"),
        "the list replaces the referrer"
    );
    assert_eq!(listed.target_origin(), "*");
    let referred = Trust::new(None, Some("https://club.example"));
    assert_eq!(referred.target_origin(), "https://club.example");
    let nobody = Trust::new(Some(""), Some("null"));
    assert!(!nobody.trusts("null"));

    let command = |shatar: Option<f64>, command: Option<&str>, ply: Option<f64>| Inbound {
        shatar,
        command: command.map(String::from),
        ply,
    };
    let flip = command(Some(1.0), Some("flip"), None);
    assert_eq!(
        read_command(&referred, "https://club.example", &flip),
        Ok(Command::Flip)
    );
    let go_to = command(Some(1.0), Some("go-to"), Some(12.0));
    assert_eq!(
        read_command(&referred, "https://club.example", &go_to),
        Ok(Command::GoTo { ply: 12 })
    );
    let untrusted = read_command(&referred, "https://evil.example", &flip).unwrap_err();
    assert_eq!(
        untrusted,
        Refusal::Untrusted {
            origin: "https://evil.example".into()
        }
    );
    assert_eq!(
        untrusted.to_string(),
        "ignored a message from https://evil.example: list it in the frame's parent=... to let it command the board"
    );
    let refused = |message: &Inbound| {
        read_command(&referred, "https://club.example", message)
            .unwrap_err()
            .to_string()
    };
    assert_eq!(
        refused(&command(Some(2.0), Some("flip"), None)),
        "ignored a command of version 2; this board speaks version 1"
    );
    assert_eq!(
        refused(&Inbound::default()),
        "ignored a message that is not a board command (no shatar: 1)"
    );
    assert_eq!(
        refused(&command(Some(1.0), Some("resign"), None)),
        "ignored the command \"resign\" (the board knows flip, go-to and report-height)"
    );
    for ply in [None, Some(-1.0), Some(2.5)] {
        assert_eq!(
            refused(&command(Some(1.0), Some("go-to"), ply)),
            "ignored go-to: its ply must be a whole number from 0"
        );
    }
}

#[test]
fn the_builder_writes_only_what_was_chosen_and_escapes_it() {
    let choices = |pairs: &[(&'static str, &str)]| {
        pairs
            .iter()
            .map(|(n, v)| (*n, v.to_string()))
            .collect::<Vec<_>>()
    };
    let play = snippet::attributes(&choices(&[
        ("mode", "play"),
        ("level", "3"),
        ("orientation", "black"),
        ("text", ""),
    ]));
    assert_eq!(
        play,
        vec![
            ("mode", "play".to_string()),
            ("orientation", "black".to_string())
        ]
    );
    let friend = snippet::attributes(&choices(&[
        ("mode", "play"),
        ("opponent", "friend"),
        ("level", "7"),
    ]));
    assert_eq!(
        friend,
        vec![
            ("mode", "play".to_string()),
            ("opponent", "friend".to_string())
        ]
    );

    let pgn = "[White \"<b>Bold</b> & \\\"Co\\\"\"]\n1. e4 e5 *";
    let view = snippet::attributes(&choices(&[
        ("mode", "view"),
        ("text", pgn),
        ("arrows", "e2e4"),
        ("move", "end"),
    ]));
    assert_eq!(
        view,
        vec![
            ("mode", "view".into()),
            ("pgn", pgn.into()),
            ("move", "end".into())
        ]
    );
    let element = snippet::element("https://shatar.example/", &view);
    assert_eq!(
        element,
        "<script type=\"module\" src=\"https://shatar.example/shatar-board.js\"></script>\n\
         <shatar-board mode=\"view\" move=\"end\">\n\
         [White \"&lt;b&gt;Bold&lt;/b&gt; &amp; \\\"Co\\\"\"]\n1. e4 e5 *\n</shatar-board>\n"
    );
    let iframe = snippet::iframe("https://shatar.example/app/", &view);
    assert!(
        iframe
            .starts_with("<iframe src=\"https://shatar.example/app/embed.html#mode=view&amp;pgn=%5BWhite%20%22%3Cb%3E")
    );
    assert!(
        iframe.contains("e.origin !== \"https://shatar.example\""),
        "{iframe}"
    );

    // The iframe's fragment reads back as the element's attributes would.
    let src = iframe.split('"').nth(1).unwrap().replace("&amp;", "&");
    let params = fragment_params(src.split_once('#').unwrap().1);
    let from_frame = config::read(
        |n| params.iter().find(|(p, _)| p == n).map(|(_, v)| v.clone()),
        "",
    )
    .unwrap();
    let from_element = read(
        &view
            .iter()
            .map(|(n, v)| (*n, v.as_str()))
            .collect::<Vec<_>>(),
    )
    .unwrap();
    assert_eq!(from_frame, from_element);
}

#[test]
fn a_play_board_against_the_computer_as_black_lets_it_open() {
    let config = read(&[("orientation", "black"), ("level", "2")]).unwrap();
    let Mode::Play { opponent } = config.mode else {
        unreachable!()
    };
    let (mut state, effects) = start_play(&config, opponent, 7, "2026.11.29".into(), 0);
    assert_eq!(
        (state.session.human, state.board.orientation()),
        (Some(Color::Black), Color::Black)
    );
    let token = effects.iter().find_map(|e| match e {
        shatar_web::state::Effect::Engine(EngineCommand::Submit(job)) => Some(job.token),
        _ => None,
    });
    let token = token.expect("the computer is asked for White's first move");
    update_at(&mut state, Msg::Engine(best(token)), 10);
    let events = play_events(&state, 0, false);
    assert_eq!(events.len(), 1);
    let HostEvent::Move {
        ply,
        uci,
        san,
        color,
        fen,
    } = &events[0]
    else {
        panic!("{events:?}")
    };
    assert_eq!(
        (*ply, uci.as_str(), san.as_str(), *color),
        (1, "e2e4", "e4", Color::White)
    );
    assert_eq!(
        fen,
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b - - 0 1"
    );
    assert_eq!(events[0].detail()[0], ("ply", Detail::Number(1)));
}

#[test]
fn a_play_board_from_a_fen_and_its_ending_event() {
    // White mates at once: Rb8# with the black king boxed in by its own pawns.
    let config = read(&[
        ("opponent", "friend"),
        ("game", "chess"),
        ("fen", "6k1/5ppp/8/8/8/8/8/1R4K1 w - - 0 1"),
    ])
    .unwrap();
    let Mode::Play { opponent } = config.mode else {
        unreachable!()
    };
    let (mut state, _) = start_play(&config, opponent, 1, "2026.11.29".into(), 0);
    assert_eq!(
        state.board.game().fen_at(0),
        "6k1/5ppp/8/8/8/8/8/1R4K1 w - - 0 1"
    );
    update_at(&mut state, Msg::Board(BoardMsg::SquareDown(sq("b1"))), 1);
    update_at(
        &mut state,
        Msg::Board(BoardMsg::SquareUp {
            over: Some(sq("b1")),
            dragged: false,
        }),
        2,
    );
    update_at(&mut state, Msg::Board(BoardMsg::SquareDown(sq("b8"))), 3);
    update_at(
        &mut state,
        Msg::Board(BoardMsg::SquareUp {
            over: Some(sq("b8")),
            dragged: false,
        }),
        4,
    );
    let events = play_events(&state, 0, false);
    assert_eq!(events.len(), 2, "{events:?}");
    assert_eq!(events[1].name(), "gameover");
    assert_eq!(
        events[1].detail()[0],
        ("result", Detail::Text("1-0".to_string()))
    );
}

#[test]
fn a_changed_snippet_does_not_resume_the_old_game() {
    let (a, b) = ("mode=play\nlevel=2\n", "mode=play\nlevel=3\n");
    assert_eq!(
        save_key("/club/", "board-1", a),
        save_key("/club/", "board-1", a)
    );
    assert_ne!(
        save_key("/club/", "board-1", a),
        save_key("/club/", "board-1", b)
    );
    assert_ne!(
        save_key("/club/", "board-1", a),
        save_key("/club/", "board-2", a)
    );
    assert!(save_key("/club/", "lesson", a).starts_with("shatar.embed./club/#lesson."));
}

/// The club's Xiangqi page (tests/club/xiangqi.html): a record in the traditional Chinese
/// notation, Red named by XQBase's tag, shown in the language's notation.
#[test]
fn a_xiangqi_viewer_reads_chinese_notation_and_names_red() {
    let html = include_str!("../../../tests/club/xiangqi.html");
    let start = html.find("[Event").expect("the PGN");
    let pgn = &html[start..start + html[start..].find("</shatar-board>").expect("its end")];
    let viewer = |lang| {
        Viewer::new(
            pgn,
            shatar_rules::GameKind::Xiangqi,
            StartPly::End,
            Color::White,
            Default::default(),
            lang,
        )
        .expect("a readable record")
        .view()
    };
    let english = viewer(Lang::En);
    assert_eq!(english.players, ("Oyuna".to_string(), "Bataa".to_string()));
    let first = english.moves[0].clone();
    assert_eq!(
        (first.white.unwrap().1, first.black.unwrap().1),
        ("C2=5".to_string(), "H8+7".to_string())
    );
    // A finished record, scored as the club scores: "(2–0)" after the result.
    let scored = Viewer::new(
        "[Variant \"Xiangqi\"]\n\n1. C2=5 H8+7 1-0",
        shatar_rules::GameKind::Xiangqi,
        StartPly::End,
        Color::White,
        Looks {
            points: Points::TwoOneZero,
            ..Looks::default()
        },
        Lang::En,
    )
    .expect("a readable record")
    .view();
    assert_eq!(
        scored.result.as_deref(),
        Some("Red wins by resignation (2–0)")
    );
    let chinese = viewer(Lang::ZhHans);
    assert_eq!(chinese.moves[0].white.clone().unwrap().1, "炮二平五");
    let board = chinese.board.expect("a board");
    assert_eq!(board.cells.len(), 90);
    assert!(
        board
            .cells
            .iter()
            .any(|c| c.name == "f5" && c.piece_code() == "rN")
    );
}

#[test]
fn a_live_board_frames_the_servers_watch_only_page_for_the_link_it_was_given() {
    use shatar_protocol::online::LIVE_PLAYERS_MAX;
    const GAME: &str = "0123456789abcdef0123456789abcdef";
    const PLAYER: &str = "fedcba9876543210fedcba9876543210";
    let frame = |src: &str| match read(&[("mode", "live"), ("src", src)]).map(|c| c.mode) {
        Ok(Mode::Live { frame }) => Ok(frame),
        Ok(other) => panic!("{other:?}"),
        Err(e) => Err(e.to_string()),
    };
    // A game's link for spectators, as the online page shows it.
    assert_eq!(
        frame(&format!("https://shatar.example/online.html?game={GAME}")),
        Ok(format!(
            "https://shatar.example/live.html?game={GAME}&lang=en"
        ))
    );
    // A server under a path, a list of its members' games, in the board's language.
    assert_eq!(
        read(&[
            ("mode", "live"),
            ("lang", "mn-Mong"),
            (
                "src",
                &format!("http://club.example/shatar/online.html?live&players={PLAYER}#x")
            ),
        ])
        .map(|c| c.mode),
        Ok(Mode::Live {
            frame: format!("http://club.example/shatar/live.html?players={PLAYER}&lang=mn-Mong")
        })
    );
    // The server's address alone: all its live games.
    for server in ["https://shatar.example", "https://shatar.example/"] {
        assert_eq!(
            frame(server),
            Ok("https://shatar.example/live.html?lang=en".into())
        );
    }
    for bad in [
        "javascript:alert(1)",
        "https://shatar.example/games/other.html",
        "https://shatar.example/xonline.html",
        "https://",
        &format!("https://shatar.example/online.html?game={GAME}\" onload=\"x"),
    ] {
        let error = frame(bad).unwrap_err();
        assert!(error.starts_with("attribute src="), "{bad}: {error}");
    }
    assert!(
        frame("https://shatar.example/live.html?game=123")
            .unwrap_err()
            .contains("no game id")
    );
    // A list: its ids between commas, a second `players=` adding to them, at most so many.
    assert_eq!(
        frame(&format!(
            "https://shatar.example/live.html?players={PLAYER},&players={GAME}"
        )),
        Ok(format!(
            "https://shatar.example/live.html?players={PLAYER},{GAME}&lang=en"
        ))
    );
    assert!(
        frame(&format!(
            "https://shatar.example/live.html?players={PLAYER}&players=abc"
        ))
        .unwrap_err()
        .ends_with(
            r#"players: id 2 of the list, "abc", is no player id (32 lowercase hex digits)"#
        )
    );
    let members = vec![PLAYER; LIVE_PLAYERS_MAX].join(",");
    assert!(
        frame(&format!(
            "https://shatar.example/live.html?players={members}&players={PLAYER}"
        ))
        .unwrap_err()
        .ends_with(&format!(
            "players: {} player ids, more than {LIVE_PLAYERS_MAX}",
            LIVE_PLAYERS_MAX + 1
        ))
    );
    assert!(
        error(&[("mode", "live")]).contains("expected a game's link for spectators"),
        "a live board needs its src"
    );
}

#[test]
fn the_builder_writes_a_live_boards_snippets_with_the_servers_own_page_as_the_iframe() {
    const GAME: &str = "0123456789abcdef0123456789abcdef";
    let link = format!("https://shatar.example/online.html?game={GAME}");
    let choices: Vec<(&str, String)> = vec![
        ("mode", "live".into()),
        ("live", link.clone()),
        ("text", "1. e4 e5 *".into()),
        ("orientation", "black".into()),
        ("lang", "zh-Hans".into()),
    ];
    let live = snippet::attributes(&choices);
    assert_eq!(
        live,
        [
            ("mode", "live".to_string()),
            ("src", link.clone()),
            ("lang", "zh-Hans".into())
        ],
        "only what a live board reads"
    );
    let element = snippet::element("https://shatar.example/", &live);
    assert!(
        element.contains(&format!(
            "<shatar-board mode=\"live\" src=\"{link}\" lang=\"zh-Hans\">"
        )),
        "{element}"
    );
    let iframe = snippet::iframe("https://shatar.example/", &live);
    assert!(
        iframe.starts_with(&format!(
            "<iframe src=\"https://shatar.example/live.html?game={GAME}&amp;lang=zh-Hans\""
        )),
        "{iframe}"
    );
    assert!(
        !iframe.contains("<script"),
        "live.html reports no height to size by"
    );
}
