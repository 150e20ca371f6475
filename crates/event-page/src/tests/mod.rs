//! The event page's state machine and views, natively: what it asks of the server for each
//! message, read from the server's own typed replies (serialized as the server sends them).

use shatar_protocol::Envelope;
use shatar_protocol::events::{
    AllView, BoardView, ByeValue, CrosstableView, EventError, EventId, EventReply, EventSettings,
    EventView, PlayerView, RanksView, ResultSource, ResultView, ResultWire, RoundView, ScoringWire,
    StandingRow, StandingsView, SystemWire,
};
use shatar_protocol::online::{
    Credentials, GameId, PlayerId, Secret, ServerMessage, TimeControlWire,
};
use shatar_rules::GameKind;
use shatar_web::i18n::Lang;

use crate::address::{self, Address};
use crate::forms::Form;
use crate::model::{Effect, Model, Msg, Problem, Read, Role};
use crate::view::{error_text, tie_break_text, view};

const EVENT: EventId = EventId::from_bytes([7; 16]);
const TOKEN: &str = "00112233445566778899aabbccddeeff";

/// `event` with nothing computed yet (no round paired), as `/all` answers it.
fn all_view(event: EventView) -> AllView {
    AllView {
        event,
        standings: StandingsView {
            round: 0,
            tie_breaks: Vec::new(),
            rows: Vec::new(),
        },
        crosstable: CrosstableView {
            rounds: 0,
            rows: Vec::new(),
        },
        ranks: RanksView {
            players: Vec::new(),
        },
    }
}

/// The one read's answer of `event` with nothing computed.
fn all(event: EventView) -> EventReply {
    EventReply::All(Box::new(all_view(event)))
}

fn fields(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
    pairs
        .iter()
        .map(|(n, v)| (n.to_string(), v.to_string()))
        .collect()
}

fn reply(body: EventReply) -> String {
    serde_json::to_string(&Envelope::new(0, body)).unwrap()
}

fn player(number: u32, name: &str, online: Option<PlayerId>) -> PlayerView {
    PlayerView {
        number,
        start_rank: number,
        name: name.into(),
        rating: 0,
        club: String::new(),
        online,
        entered_round: 1,
        withdrawn_from: None,
        byes: Vec::new(),
    }
}

fn event_view(revision: u64, players: Vec<PlayerView>, rounds: Vec<RoundView>) -> EventView {
    EventView {
        event: EVENT,
        settings: EventSettings {
            name: "Naadam <b>open</b>".into(),
            game: GameKind::default(),
            online: true,
            system: SystemWire::Dutch,
            rounds: 3,
            scoring: ScoringWire::OneHalfZero,
            tie_breaks: vec!["DE".into(), "BH/C1".into()],
            bye: ByeValue::Win,
            late_entry_until: 2,
            no_show_minutes: Some(1),
            time_control: TimeControlWire::live(Vec::new()),
        },
        revision,
        ended: false,
        players,
        rounds,
        penalties: Vec::new(),
    }
}

/// Round `round` with one board, 1 (White) against 2, whose result is `result` (its one
/// entry in the board's history).
fn one_board_round(round: u32, result: Option<ResultView>, finished: bool) -> RoundView {
    RoundView {
        round,
        starts_at_ms: None,
        boards: vec![BoardView {
            board: 1,
            white: 1,
            black: Some(2),
            game: None,
            result: result.clone(),
            history: result.into_iter().collect(),
        }],
        by_name: vec![(1, 1), (2, 1)],
        finished,
    }
}

fn director() -> Model {
    let address = address::read(
        Some(&EVENT.to_string()),
        None,
        &format!("#director={TOKEN}"),
    )
    .map_err(|e| e.to_string());
    Model::new(Lang::En, address, None).0
}

#[test]
fn an_event_page_reads_the_event_and_listens_for_changes() {
    let (model, effects) = Model::new(
        Lang::En,
        address::read(Some(&EVENT.to_string()), None, "").map_err(|e| e.to_string()),
        None,
    );
    assert_eq!(model.role, Role::Public);
    let paths: Vec<&str> = effects
        .iter()
        .filter_map(|e| match e {
            Effect::Get { path, .. } => Some(path.as_str()),
            _ => None,
        })
        .collect();
    let id = EVENT.to_string();
    assert_eq!(paths, [format!("/api/events/{id}/all"),]);
    assert!(effects.contains(&Effect::OpenSocket));
}

#[test]
fn the_socket_watches_the_event_and_a_new_revision_reads_it_again() {
    let mut model = director();
    let effects = model.update(Msg::Opened, 0);
    let Effect::Send(frame) = &effects[0] else {
        panic!("{effects:?}")
    };
    assert!(frame.contains("WatchEvent"), "{frame}");
    model.update(
        Msg::Read(Read::All, Ok(reply(all(event_view(4, vec![], vec![]))))),
        0,
    );
    let changed = |revision| {
        serde_json::to_string(&Envelope::new(
            0,
            ServerMessage::EventChanged {
                event: EVENT,
                revision,
            },
        ))
        .unwrap()
    };
    assert!(
        model.update(Msg::Frame(changed(4)), 0).is_empty(),
        "same revision: no news"
    );
    // A change: one request, the event and its views together.
    assert_eq!(
        model.update(Msg::Frame(changed(5)), 0),
        [Effect::Get {
            path: format!("/api/events/{EVENT}/all"),
            read: Read::All
        }]
    );
    // A lost socket is opened again later, waiting longer each time.
    assert_eq!(model.update(Msg::Closed, 0), [Effect::ReopenSocketIn(500)]);
    assert_eq!(model.update(Msg::Closed, 0), [Effect::ReopenSocketIn(1000)]);
}

#[test]
fn creating_an_event_posts_only_what_the_director_set_and_shows_the_director_link() {
    let (mut model, effects) = Model::new(
        Lang::En,
        Ok(Address {
            event: None,
            director: None,
            embed: None,
        }),
        None,
    );
    // The socket opens for the form too: it says whether a server answers here, and is
    // closed then (the server closes a socket that says nothing).
    assert_eq!(effects, [Effect::OpenSocket]);
    assert_eq!(model.update(Msg::Opened, 0), [Effect::CloseSocket]);
    let effects = model.update(
        Msg::Submit(
            Form::Create,
            fields(&[
                ("name", " Club night "),
                ("game", "xiangqi"),
                ("online", "on"),
                ("system", ""),
                ("rounds", "3"),
                ("no_show_minutes", "1"),
                ("base_minutes", ""),
            ]),
        ),
        0,
    );
    let [Effect::Post { path, bearer, body }] = effects.as_slice() else {
        panic!("{effects:?}")
    };
    assert_eq!((path.as_str(), bearer), ("/api/events", &None));
    let sent: serde_json::Value = serde_json::from_str(body).unwrap();
    assert_eq!(sent["v"], 1);
    assert_eq!(
        sent["body"],
        serde_json::json!({"name": "Club night", "game": "xiangqi", "online": true, "rounds": 3, "no_show_minutes": 1})
    );
    let secret: Secret = TOKEN.parse().unwrap();
    let effects = model.update(
        Msg::Posted(Ok(reply(EventReply::Created {
            event: EVENT,
            director: secret,
        }))),
        0,
    );
    assert_eq!(
        effects[0],
        Effect::ReplaceAddress(format!("?event={EVENT}#director={TOKEN}"))
    );
    assert_eq!(model.role, Role::Director(TOKEN.into()));
    // A socket opens to watch the new event.
    assert!(effects.contains(&Effect::OpenSocket), "{effects:?}");
    let effects = model.update(Msg::Opened, 0);
    assert!(
        effects
            .iter()
            .any(|e| matches!(e, Effect::Send(f) if f.contains("WatchEvent"))),
        "{effects:?}"
    );
    let v = view(&model, "https://club.example/event.html", 0);
    let links = v.links.unwrap();
    assert_eq!(
        links.public,
        format!("https://club.example/event.html?event={EVENT}")
    );
    assert_eq!(
        links.director.as_deref(),
        Some(format!("https://club.example/event.html?event={EVENT}#director={TOKEN}").as_str())
    );
    let qr = qrcodegen::QrCode::encode_text(&links.public, qrcodegen::QrCodeEcc::Medium).unwrap();
    assert_eq!(links.qr.unwrap().0, qr.size() as usize + 8);
}

#[test]
fn a_result_where_one_stands_is_sent_as_its_correction_with_the_token() {
    let mut model = director();
    let standing = ResultView {
        seq: 9,
        result: ResultWire::WhiteWins,
        reason: None,
        source: ResultSource::Director,
        tie_break_winner: None,
        entered_at_ms: 0,
    };
    let round = one_board_round(1, Some(standing), true);
    let event = event_view(
        3,
        vec![player(1, "A", None), player(2, "B", None)],
        vec![round],
    );
    model.update(Msg::Read(Read::All, Ok(reply(all(event)))), 0);
    let effects = model.update(
        Msg::Submit(
            Form::Result,
            fields(&[
                ("round", "1"),
                ("board", "1"),
                ("result", "1/2"),
                ("reason", ""),
            ]),
        ),
        0,
    );
    let [Effect::Post { path, bearer, body }] = effects.as_slice() else {
        panic!("{effects:?}")
    };
    assert!(path.ends_with("/director"));
    assert_eq!(bearer.as_deref(), Some(TOKEN));
    let sent: serde_json::Value = serde_json::from_str(body).unwrap();
    assert_eq!(
        sent["body"]["EnterResult"],
        serde_json::json!({"round": 1, "board": 1, "result": "Draw", "reason": null, "replaces": 9, "tie_break_winner": null})
    );
    // The server's refusal, typed, in the page's language.
    model.update(
        Msg::Posted(Ok(reply(EventReply::Error {
            error: EventError::ResultChanged { current: Some(10) },
        }))),
        0,
    );
    assert_eq!(
        model.problem,
        Some(Problem::Refused(EventError::ResultChanged {
            current: Some(10)
        }))
    );
    model.lang = Lang::MnCyrl;
    assert!(view(&model, "", 0).problem.unwrap().contains("засна уу"));
}

/// A saved action answers with the event; the views computed from it come in one more
/// request, and its answer fills the event, standings, crosstable and ranks at once.
#[test]
fn a_saved_action_reads_the_event_and_its_views_in_one_request() {
    let mut model = director();
    let event = event_view(3, vec![player(1, "A", None), player(2, "B", None)], vec![]);
    model.update(Msg::Read(Read::All, Ok(reply(all(event.clone())))), 0);
    model.update(
        Msg::Submit(Form::Pair, fields(&[("starts_in_minutes", "")])),
        0,
    );
    let mut saved = event.clone();
    saved.revision += 1;
    let effects = model.update(Msg::Posted(Ok(reply(EventReply::Event(saved.clone())))), 0);
    assert_eq!(
        effects,
        [
            Effect::Get {
                path: format!("/api/events/{EVENT}/all"),
                read: Read::All
            },
            Effect::ClearForm(Form::Pair)
        ]
    );
    assert_eq!(model.event, Some(saved.clone()));
    let mut views = all_view(saved);
    views.standings.round = 1;
    views.crosstable.rounds = 1;
    views.ranks.players = vec![(1, "A".into(), vec![1]), (2, "B".into(), vec![2])];
    model.update(
        Msg::Read(
            Read::All,
            Ok(reply(EventReply::All(Box::new(views.clone())))),
        ),
        0,
    );
    assert_eq!(model.event, Some(views.event));
    assert_eq!(model.standings, Some(views.standings));
    assert_eq!(model.crosstable, Some(views.crosstable));
    assert_eq!(model.ranks, Some(views.ranks));
    assert_eq!(model.problem, None);
}

#[test]
fn a_public_page_sends_no_director_action() {
    let (mut model, _) = Model::new(
        Lang::En,
        address::read(Some(&EVENT.to_string()), None, "").map_err(|e| e.to_string()),
        None,
    );
    assert!(
        model
            .update(Msg::Submit(Form::End, Vec::new()), 0)
            .is_empty()
    );
    assert_eq!(
        model.problem,
        Some(Problem::Refused(EventError::NotDirector))
    );
}

#[test]
fn a_player_without_an_identity_gets_one_then_joins_and_finds_their_game() {
    let (mut model, _) = Model::new(
        Lang::En,
        address::read(Some(&EVENT.to_string()), None, "").map_err(|e| e.to_string()),
        None,
    );
    model.update(Msg::Opened, 0);
    let effects = model.update(Msg::Submit(Form::Join, fields(&[("name", "Saraa")])), 0);
    let [Effect::Send(hello)] = effects.as_slice() else {
        panic!("{effects:?}")
    };
    assert!(hello.contains("\"Hello\""), "{hello}");
    let me = PlayerId::from_bytes([3; 16]);
    let secret = Secret::from_bytes([4; 16]);
    let welcome = serde_json::to_string(&Envelope::new(
        0,
        ServerMessage::Welcome {
            player: me,
            secret: Some(secret.clone()),
        },
    ))
    .unwrap();
    let effects = model.update(Msg::Frame(welcome), 0);
    let Effect::StoreIdentity(kept) = &effects[0] else {
        panic!("{effects:?}")
    };
    let kept: Credentials = serde_json::from_str(kept).unwrap();
    assert_eq!(kept.id, me);
    let Effect::Post { path, body, .. } = &effects[1] else {
        panic!("{effects:?}")
    };
    assert!(path.ends_with("/join"));
    assert!(body.contains("\"Saraa\""), "{body}");
    model.update(Msg::Posted(Ok(reply(EventReply::Joined { number: 2 }))), 0);
    let game = GameId::from_bytes([9; 16]);
    let mut round = one_board_round(1, None, false);
    round.starts_at_ms = Some(0);
    round.boards[0].game = Some(game);
    let event = event_view(
        2,
        vec![player(1, "Bold", None), player(2, "Saraa", Some(me))],
        vec![round],
    );
    model.update(Msg::Read(Read::All, Ok(reply(all(event)))), 0);
    let v = view(&model, "", 0);
    assert_eq!(
        v.my_game,
        Some((
            "Your game: board 1 — open it".into(),
            format!("online.html?game={game}")
        ))
    );
    assert_eq!(
        v.live,
        [(
            "Board 1: Bold – Saraa".to_string(),
            format!("online.html?game={game}")
        )]
    );
    assert!(!v.can_join, "joined already");
}

#[test]
fn standings_name_each_tie_break_column_and_keep_names_as_text() {
    let mut model = director();
    let standings = StandingsView {
        round: 1,
        tie_breaks: vec!["DE".into(), "BH/C1".into()],
        rows: vec![StandingRow {
            rank: 1,
            number: 1,
            name: "<img src=x onerror=alert(1)>".into(),
            club: "Tongliao".into(),
            rating: 1850,
            points: "1".into(),
            values: vec!["".into(), "0.5".into()],
            withdrawn_from: None,
        }],
    };
    let mut all = all_view(event_view(1, vec![], vec![]));
    all.standings = standings;
    model.update(
        Msg::Read(Read::All, Ok(reply(EventReply::All(Box::new(all))))),
        0,
    );
    let v = view(&model, "", 0);
    assert_eq!(v.title, "Naadam <b>open</b>");
    let table = v.standings.unwrap();
    let heads: Vec<(&str, &str)> = table
        .heads
        .iter()
        .map(|h| (h.text.as_str(), h.title.as_str()))
        .collect();
    assert_eq!(heads[6], ("DE", "direct encounter"));
    assert_eq!(
        heads[7],
        (
            "BH/C1",
            "Buchholz (the opponents' points) (the lowest 1 left out)"
        )
    );
    assert_eq!(table.rows[0][2].text, "<img src=x onerror=alert(1)>");
    assert_eq!(table.rows[0][2].card, Some(1));
    assert_eq!(
        tie_break_text(Lang::ZhHans, "小分"),
        "小分（索伯分：所胜对手积分加所和对手积分之半）"
    );
}

#[test]
fn every_refusal_has_words_in_every_language() {
    let errors = [
        EventError::UnknownEvent,
        EventError::NotDirector,
        EventError::RoundNotFinished {
            round: 2,
            boards: vec![1, 3],
        },
        EventError::BadPairing {
            why: "player 3 meets 4 again".into(),
        },
        EventError::ReasonRequired,
        EventError::Ended,
    ];
    for lang in Lang::ALL {
        for e in &errors {
            let text = error_text(lang, e);
            assert!(!text.contains('{'), "{lang:?} {e:?}: {text}");
        }
    }
    assert_eq!(
        error_text(Lang::En, &errors[2]),
        "Round 2 has boards without a result: 1, 3."
    );
    assert!(error_text(Lang::ZhHans, &errors[3]).contains("player 3 meets 4 again"));
}

#[test]
fn a_read_refused_for_too_many_requests_is_made_again_after_the_wait() {
    let mut model = director();
    let limited = reply(EventReply::Error {
        error: EventError::RateLimited {
            retry_after_ms: 2_000,
        },
    });
    let effects = model.update(Msg::Read(Read::All, Ok(limited.clone())), 0);
    assert_eq!(effects, [Effect::ReadAgainIn(2_000)]);
    assert_eq!(model.problem, None, "a wait is no problem to show");
    // The other reads refused meanwhile (a card's) wait for the same one.
    assert!(
        model
            .update(Msg::Read(Read::Card(1), Ok(limited)), 0)
            .is_empty()
    );
    // Then one request again: the event and its views together.
    let again = model.update(Msg::ReadAgain, 0);
    let path = format!("/api/events/{EVENT}/all");
    assert_eq!(
        again,
        [Effect::Get {
            path,
            read: Read::All
        }]
    );
}

mod typed;

fn creation_page() -> Model {
    let address = Ok(Address {
        event: None,
        director: None,
        embed: None,
    });
    Model::new(Lang::En, address, None).0
}

#[test]
fn a_page_that_never_reached_a_server_says_so_instead_of_showing_the_form() {
    let mut model = creation_page();
    let v = view(&model, "", 0);
    assert_eq!(v.link_state, "connecting");
    assert!(
        v.creating && !v.create_form,
        "no form before a server answers"
    );
    // The static host has no /ws: the socket closes without ever opening.
    model.update(Msg::Closed, 0);
    let v = view(&model, "", 0);
    assert_eq!(v.link_state, "none");
    assert!(!v.create_form);
    assert!(
        v.link_text.unwrap().contains("need a Shatar server"),
        "worded as the online page's"
    );
    // A server that answers: the form, and its socket closed on purpose (no reconnecting).
    let mut model = creation_page();
    assert_eq!(model.update(Msg::Opened, 0), [Effect::CloseSocket]);
    let v = view(&model, "", 0);
    assert!(v.create_form);
    assert_eq!((v.link_state, v.link_text), ("ready", None));
    // An event's page that loses its server is reconnecting, not missing one.
    let mut model = director();
    model.update(Msg::Opened, 0);
    model.update(Msg::Closed, 0);
    assert_eq!(view(&model, "", 0).link_state, "lost");
}

#[test]
fn an_event_on_a_static_host_says_no_server_not_the_failed_reads() {
    let (mut model, _) = Model::new(
        Lang::ZhHans,
        address::read(Some(&EVENT.to_string()), Some("standings"), "").map_err(|e| e.to_string()),
        None,
    );
    // A static host answers the API's paths with its own 404 page.
    model.update(
        Msg::Read(Read::All, Ok("<!doctype html><title>404</title>".into())),
        0,
    );
    model.update(Msg::Closed, 0);
    let v = view(&model, "", 0);
    assert_eq!(v.link_state, "none");
    assert_eq!(v.problem, None, "the unreadable 404 page is not the news");
    assert!(v.link_text.unwrap().contains("服务器"));
}

#[test]
fn offline_the_page_says_so_and_tries_again_when_the_network_is_back() {
    let mut model = creation_page();
    assert!(model.update(Msg::Network { online: false }, 0).is_empty());
    model.update(Msg::Closed, 0);
    let v = view(&model, "", 0);
    assert_eq!(v.link_state, "offline", "offline, not \"no server\"");
    assert!(v.link_text.unwrap().contains("You are offline"));
    // Back: the socket opens now, not after the doubled wait.
    assert_eq!(
        model.update(Msg::Network { online: true }, 0),
        [Effect::OpenSocket]
    );
    assert_eq!(model.attempt, 0);
    model.update(Msg::Opened, 0);
    let v = view(&model, "", 0);
    assert_eq!(v.link_state, "ready");
    assert!(v.create_form);
    // An event's page already listening: nothing to do.
    let mut model = director();
    model.update(Msg::Opened, 0);
    assert!(model.update(Msg::Network { online: true }, 0).is_empty());
}

/// The default shown for `field` on the creation form.
fn default_of(model: &Model, field: &str) -> String {
    let v = view(model, "", 0);
    v.defaults
        .iter()
        .find(|(f, _)| *f == field)
        .map(|(_, text)| text.clone())
        .unwrap_or_else(|| panic!("no default for {field}: {:?}", v.defaults))
}

#[test]
fn the_creation_form_shows_what_the_server_will_take_for_the_game_chosen() {
    let mut model = creation_page();
    model.update(Msg::Opened, 0);
    // The 2017 rules: FIDE's Dutch system, 1-½-0, the Mongolian order (docs/rules.md).
    assert_eq!(
        default_of(&model, "system"),
        "Default: Swiss (FIDE Dutch system)"
    );
    assert_eq!(default_of(&model, "rounds"), "Default: 7");
    assert_eq!(default_of(&model, "scoring"), "Default: 1 – ½ – 0");
    assert_eq!(
        default_of(&model, "tie_breaks"),
        "Default: DE, BH/C1, BH, SB"
    );
    assert_eq!(default_of(&model, "late_entry_until"), "Default: 4");
    assert_eq!(
        default_of(&model, "no_show_minutes"),
        "Default: none: the director enters forfeits"
    );
    assert_eq!(default_of(&model, "base_minutes"), "Default: 15");
    assert_eq!(default_of(&model, "increment_seconds"), "Default: 10");
    // Xiangqi: AXF 2008's Swiss, 2-1-0, 30 minutes' lateness, 80 minutes and 30 seconds.
    model.update(
        Msg::Draft(fields(&[("game", "xiangqi"), ("system", "")])),
        0,
    );
    assert_eq!(default_of(&model, "system"), "Default: Swiss (AXF)");
    assert_eq!(default_of(&model, "scoring"), "Default: 2 – 1 – 0");
    assert!(default_of(&model, "tie_breaks").starts_with("Default: 对手分"));
    assert_eq!(default_of(&model, "no_show_minutes"), "Default: 30");
    assert_eq!(default_of(&model, "base_minutes"), "Default: 80");
    assert_eq!(default_of(&model, "increment_seconds"), "Default: 30");
    // A round robin: its own order, rounds from the players, no late entries.
    model.update(
        Msg::Draft(fields(&[("game", "xiangqi"), ("system", "RoundRobin")])),
        0,
    );
    assert!(default_of(&model, "tie_breaks").starts_with("Default: 小分"));
    assert_eq!(default_of(&model, "late_entry_until"), "Default: 1");
    assert_ne!(default_of(&model, "rounds"), "Default: 0");
    // Typed rounds move the late-entry limit; an online 8x8 event needs its no-show time.
    model.update(
        Msg::Draft(fields(&[
            ("game", "chess"),
            ("online", "on"),
            ("rounds", "9"),
        ])),
        0,
    );
    assert_eq!(default_of(&model, "late_entry_until"), "Default: 5");
    assert_eq!(
        default_of(&model, "no_show_minutes"),
        "Default: needed for an online event"
    );
    // A half-typed field is no reason to show nothing.
    model.update(Msg::Draft(fields(&[("rounds", "9x")])), 0);
    assert_eq!(default_of(&model, "rounds"), "Default: 7");
    // Every language has the words.
    for lang in [Lang::En, Lang::ZhHans, Lang::MnCyrl, Lang::MnMong] {
        model.lang = lang;
        let v = view(&model, "", 0);
        assert_eq!(v.defaults.len(), 9);
        assert!(v.defaults.iter().all(|(_, t)| !t.contains('{')), "{lang:?}");
    }
}

#[test]
fn a_time_field_left_empty_takes_the_default_shown_in_it() {
    let mut model = creation_page();
    model.update(Msg::Opened, 0);
    let effects = model.update(
        Msg::Submit(
            Form::Create,
            fields(&[
                ("name", "Blitz"),
                ("game", "xiangqi"),
                ("base_minutes", "5"),
            ]),
        ),
        0,
    );
    let [Effect::Post { body, .. }] = effects.as_slice() else {
        panic!("{effects:?}")
    };
    let sent: serde_json::Value = serde_json::from_str(body).unwrap();
    assert_eq!(
        sent["body"]["time_control"]["periods"][0],
        serde_json::json!({"moves": null, "base_ms": 300000, "bonus": {"Increment": {"ms": 30000}}})
    );
}

#[test]
fn a_knockouts_drawn_game_names_its_tie_break_winner_from_the_director_form() {
    let mut model = director();
    let round = |result: Option<ResultView>| one_board_round(1, result, false);
    let mut event = event_view(
        3,
        vec![player(1, "Bold", None), player(2, "Saraa", None)],
        vec![round(None)],
    );
    event.settings.system = SystemWire::Knockout;
    model.update(Msg::Read(Read::All, Ok(reply(all(event.clone())))), 0);
    assert!(view(&model, "", 0).knockout, "the field shows");
    let sent = |model: &mut Model, result: &str| {
        let effects = model.update(
            Msg::Submit(
                Form::Result,
                fields(&[
                    ("round", "1"),
                    ("board", "1"),
                    ("result", result),
                    ("tie_break_winner", "Black"),
                    ("reason", ""),
                ]),
            ),
            0,
        );
        let [Effect::Post { body, .. }] = effects.as_slice() else {
            panic!("{effects:?}")
        };
        let body: serde_json::Value = serde_json::from_str(body).unwrap();
        body["body"]["EnterResult"]["tie_break_winner"].clone()
    };
    assert_eq!(sent(&mut model, "1/2"), "Black");
    // A decided game names nobody, whatever the hidden field holds (the server refuses
    // a winner beside a decided game: `EventError::TieBreakWinner`).
    assert_eq!(sent(&mut model, "1-0"), serde_json::Value::Null);
    // Entered: the board says who went through.
    event.rounds = vec![round(Some(ResultView {
        seq: 4,
        result: ResultWire::Draw,
        reason: None,
        source: ResultSource::Director,
        tie_break_winner: Some(shatar_protocol::online::Side::Black),
        entered_at_ms: 0,
    }))];
    model.update(Msg::Read(Read::All, Ok(reply(all(event)))), 0);
    for lang in Lang::ALL {
        model.lang = lang;
        let v = view(&model, "", 0);
        let note = &v.by_board.unwrap().rows[0][4].text;
        assert!(
            note.contains("Saraa") && !note.contains('{'),
            "{lang:?}: {note}"
        );
    }
    model.lang = Lang::En;
    assert_eq!(
        view(&model, "", 0).by_board.unwrap().rows[0][4].text,
        "tie-break games won by Saraa"
    );
    // Not a knockout: no field.
    let mut other = director();
    other.update(
        Msg::Read(
            Read::All,
            Ok(reply(all(event_view(1, Vec::new(), Vec::new())))),
        ),
        0,
    );
    assert!(!view(&other, "", 0).knockout);
}

#[test]
fn the_next_round_is_offered_only_while_the_event_has_rounds_left() {
    let mut model = director();
    let round = |n| one_board_round(n, None, true);
    let read = |model: &mut Model, rounds: Vec<RoundView>, ended| {
        let mut event = event_view(3, vec![player(1, "A", None), player(2, "B", None)], rounds);
        event.ended = ended;
        model.update(Msg::Read(Read::All, Ok(reply(all(event)))), 0);
        view(model, "", 0).can_pair
    };
    // The event plans 3 rounds (`event_view`).
    assert!(read(&mut model, vec![round(1), round(2)], false));
    assert!(
        !read(&mut model, vec![round(1), round(2), round(3)], false),
        "all 3 paired"
    );
    assert!(
        !read(&mut model, vec![round(1)], true),
        "the event has ended"
    );
}
