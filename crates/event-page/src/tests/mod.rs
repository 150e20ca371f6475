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

mod creation;
mod rounds;
mod typed;
