//! The lobby of open challenges, display names, and the lists of live games.

use std::sync::Arc;

use shatar_rules::{GameKind, Ruleset};
use shatar_server::time::ManualTime;
use shatar_server::wire::{
    ClientMessage, ColorChoice, ErrorKind, GameId, Kind, LIVE_PLAYERS_MAX, LobbyFilter,
    MAX_NAME_CHARS, PlayerId, ServerMessage, Speed, TimeControlWire,
};

use crate::support::{Client, Game, minutes, refused, start};

fn open(game: GameKind, time_control: TimeControlWire) -> ClientMessage {
    ClientMessage::CreateChallenge {
        kind: game,
        time_control,
        color: ColorChoice::Random,
        open: true,
    }
}

async fn create(client: &mut Client, request: ClientMessage) -> shatar_server::ids::ChallengeId {
    match client.request(request).await {
        ServerMessage::ChallengeCreated { challenge } => challenge,
        other => panic!("{other:?}"),
    }
}

pub async fn lobby(
    client: &mut Client,
    filter: LobbyFilter,
) -> Vec<shatar_server::wire::LobbyChallenge> {
    match client.request(ClientMessage::WatchLobby { filter }).await {
        ServerMessage::Lobby { challenges } => challenges,
        other => panic!("{other:?}"),
    }
}

#[tokio::test]
async fn open_challenges_come_and_go_in_the_lobby_through_each_filter() {
    let data = crate::data::data();
    let server = start(&data, None, Arc::new(ManualTime::default())).await;
    let mut challenger = Client::player(&server).await;
    challenger
        .accepted(ClientMessage::SetName {
            name: Some("  Батаа ".into()),
        })
        .await;
    let early = create(&mut challenger, open(GameKind::Xiangqi, minutes(10))).await;

    // No Hello is needed to look at the lobby.
    let mut everyone = Client::connect(&server).await;
    let listed = lobby(&mut everyone, LobbyFilter::default()).await;
    assert_eq!(listed.len(), 1);
    assert_eq!(listed[0].challenge, early);
    assert_eq!(listed[0].name.as_deref(), Some("Батаа"));
    assert_eq!(listed[0].speed, Speed::Rapid);
    let mut blitz_chess = Client::connect(&server).await;
    let filter = LobbyFilter {
        kinds: vec![Kind(Ruleset::Chess.into())],
        speeds: vec![Speed::Blitz],
    };
    assert!(lobby(&mut blitz_chess, filter).await.is_empty());

    // A challenge by link only is listed nowhere; an open one to those it suits.
    challenger
        .challenge(Ruleset::Chess.into(), ColorChoice::White)
        .await;
    let chess = create(&mut challenger, open(Ruleset::Chess.into(), minutes(5))).await;
    for watcher in [&mut everyone, &mut blitz_chess] {
        let ServerMessage::Listed(entry) = watcher.unasked().await else {
            panic!("the open challenge is listed");
        };
        assert_eq!((entry.challenge, entry.speed), (chess, Speed::Blitz));
        assert_eq!(entry.challenger, challenger.id());
    }

    // Cancelled: gone for everyone, and no one can take it.
    let mut stranger = Client::player(&server).await;
    assert_eq!(
        refused(
            stranger
                .request(ClientMessage::CancelChallenge { challenge: chess })
                .await
        ),
        ErrorKind::NotYourChallenge
    );
    challenger
        .accepted(ClientMessage::CancelChallenge { challenge: chess })
        .await;
    for watcher in [&mut everyone, &mut blitz_chess] {
        assert_eq!(
            watcher.unasked().await,
            ServerMessage::Unlisted { challenge: chess }
        );
    }
    assert_eq!(
        refused(
            stranger
                .request(ClientMessage::AcceptChallenge { challenge: chess })
                .await
        ),
        ErrorKind::UnknownChallenge
    );

    // Taken: gone too. The one who left the lobby hears nothing more.
    blitz_chess.accepted(ClientMessage::LeaveLobby).await;
    stranger.accept(early).await;
    assert_eq!(
        everyone.unasked().await,
        ServerMessage::Unlisted { challenge: early }
    );
    assert!(
        lobby(&mut everyone, LobbyFilter::default())
            .await
            .is_empty()
    );
    let _ = create(&mut challenger, open(Ruleset::Chess.into(), minutes(3))).await;
    assert!(matches!(everyone.unasked().await, ServerMessage::Listed(_)));
    server.stop().await.unwrap();
}

#[tokio::test]
async fn display_names_are_checked_trimmed_and_shown_with_the_game() {
    let data = crate::data::data();
    let server = start(&data, None, Arc::new(ManualTime::default())).await;
    let mut game = crate::support::Game::start(&server, Ruleset::Mongolian.into()).await;
    let set = |name: &str| ClientMessage::SetName {
        name: Some(name.into()),
    };
    for bad in ["a\nb", "\u{202e}evil", &"x".repeat(MAX_NAME_CHARS + 1)] {
        assert!(
            matches!(
                refused(game.white.request(set(bad)).await),
                ErrorKind::BadName { .. }
            ),
            "{bad:?}"
        );
    }
    game.white.accepted(set(" Сүхбаатар ")).await;
    game.black.accepted(set("Ана \"<b>\"")).await;
    let snapshot = game.white.watch(game.id).await;
    assert_eq!(snapshot.white_name.as_deref(), Some("Сүхбаатар"));
    assert_eq!(snapshot.black_name.as_deref(), Some("Ана \"<b>\""));
    // The PGN escapes what its tags cannot hold.
    let ServerMessage::Pgn { text, .. } = game
        .white
        .request(ClientMessage::GetPgn { game: game.id })
        .await
    else {
        panic!("a record");
    };
    assert!(text.contains("[White \"Сүхбаатар\"]"), "{text}");
    assert!(text.contains(r#"[Black "Ана \"<b>\""]"#), "{text}");
    // A blank name clears it.
    game.black.accepted(set("   ")).await;
    assert_eq!(game.white.watch(game.id).await.black_name, None);
    let unnamed = ClientMessage::SetName { name: None };
    assert_eq!(
        refused(Client::connect(&server).await.request(unnamed).await),
        ErrorKind::NotIntroduced
    );
    server.stop().await.unwrap();
}

/// As a lichess seek goes with its player: whoever took it would wait for no one.
#[tokio::test]
async fn a_challenger_who_leaves_takes_its_live_open_challenges_from_the_lobby() {
    let data = crate::data::data();
    let server = start(&data, None, Arc::new(ManualTime::default())).await;
    let mut challenger = Client::player(&server).await;
    let live = create(&mut challenger, open(Ruleset::Chess.into(), minutes(5))).await;
    let letters = create(
        &mut challenger,
        open(Ruleset::Chess.into(), TimeControlWire::days(3)),
    )
    .await;
    let link = challenger
        .challenge(Ruleset::Chess.into(), ColorChoice::White)
        .await;
    let mut watcher = Client::connect(&server).await;
    assert_eq!(lobby(&mut watcher, LobbyFilter::default()).await.len(), 2);
    drop(challenger);
    assert_eq!(
        watcher.unasked().await,
        ServerMessage::Unlisted { challenge: live }
    );
    let listed = lobby(&mut watcher, LobbyFilter::default()).await;
    assert_eq!(listed.len(), 1);
    assert_eq!(listed[0].challenge, letters);
    // The link still works for a friend who opens it later.
    Client::player(&server).await.accept(link).await;
    server.stop().await.unwrap();
}

/// A club's page lists the live games being played, of its members or of anyone, without
/// saying who it is; correspondence games and finished ones are not live.
#[tokio::test]
async fn the_live_games_are_listed_to_anyone_and_by_player() {
    let data = crate::data::data();
    let server = start(&data, None, Arc::new(ManualTime::default())).await;
    let mut first = Game::start(&server, Ruleset::Mongolian.into()).await;
    first
        .white
        .accepted(ClientMessage::SetName {
            name: Some("Сарнай".into()),
        })
        .await;
    first.play(0, &["e2e4", "e7e5", "g1f3"]).await;
    let mut over = Game::start(&server, Ruleset::Chess.into()).await;
    over.white
        .accepted(ClientMessage::Resign { game: over.id })
        .await;
    let _letters = Game::start_with(&server, Ruleset::Chess.into(), TimeControlWire::days(3)).await;
    let second = Game::start(&server, GameKind::Xiangqi).await;

    let mut club = Client::connect(&server).await;
    let list = |players: Vec<PlayerId>| ClientMessage::LiveGames { players };
    let ServerMessage::LiveGames { games } = club.request(list(vec![])).await else {
        panic!("a list");
    };
    let ids: Vec<GameId> = games.iter().map(|g| g.game).collect();
    assert_eq!(
        ids,
        [second.id, first.id],
        "newest first, and only those in play"
    );
    let listed = &games[1];
    assert_eq!(
        (
            listed.plies,
            listed.white_name.as_deref(),
            listed.black_name.as_deref()
        ),
        (3, Some("Сарнай"), None)
    );
    assert_eq!(listed.white, first.white.id());

    let ServerMessage::LiveGames { games } = club.request(list(vec![first.black.id()])).await
    else {
        panic!("a list");
    };
    assert_eq!(games.iter().map(|g| g.game).collect::<Vec<_>>(), [first.id]);
    let stranger: PlayerId = "0123456789abcdef0123456789abcdef".parse().unwrap();
    assert_eq!(
        club.request(list(vec![stranger])).await,
        ServerMessage::LiveGames { games: vec![] }
    );
    let too_many = vec![stranger; LIVE_PLAYERS_MAX + 1];
    assert!(matches!(
        refused(club.request(list(too_many)).await),
        ErrorKind::Malformed { .. }
    ));
    server.stop().await.unwrap();
}

/// A page of online protocol 1, cached by the service worker before the glossary's
/// renames, still challenges, watches the lobby and hears of challenges, each frame to it
/// in protocol 1's shapes (`"game"` for a challenge's kind), while a page of today's
/// protocol hears the same challenge as `"kind"`.
#[tokio::test]
async fn a_page_of_protocol_1_still_challenges_and_watches_the_lobby_in_its_shapes() {
    use serde_json::{Value, json};
    let data = crate::data::data();
    let server = start(&data, None, Arc::new(ManualTime::default())).await;
    let frame = |id: u32, body: Value| json!({"v": 1, "id": id, "body": body}).to_string();
    let read = |text: String| serde_json::from_str::<Value>(&text).unwrap();

    let mut old = Client::connect(&server).await;
    old.send_text(frame(1, json!({"Hello": {"player": null}})))
        .await;
    let welcome = read(old.receive_text().await);
    assert_eq!(
        (welcome["v"].clone(), welcome["id"].clone()),
        (json!(1), json!(1))
    );
    assert!(
        welcome["body"]["Welcome"]["player"].is_string(),
        "{welcome}"
    );

    let mut watcher = Client::connect(&server).await;
    let filter = json!({"filter": {"games": ["xiangqi"], "speeds": []}});
    watcher
        .send_text(frame(1, json!({"WatchLobby": filter})))
        .await;
    let empty = read(watcher.receive_text().await);
    assert_eq!(
        empty,
        json!({"v": 1, "id": 1, "body": {"Lobby": {"challenges": []}}})
    );
    let mut today = Client::connect(&server).await;
    assert!(lobby(&mut today, LobbyFilter::default()).await.is_empty());

    let control = json!({"periods": [{"moves": null, "base_ms": 600000, "bonus": "None"}]});
    let create = json!({"CreateChallenge": {"game": "xiangqi", "time_control": control, "color": "Random", "open": true}});
    old.send_text(frame(2, create)).await;
    let created = read(old.receive_text().await);
    assert_eq!(created["v"], json!(1));
    let challenge = created["body"]["ChallengeCreated"]["challenge"].clone();
    assert!(challenge.is_string(), "{created}");

    // The old watcher's filter (`games`) let it through, and it is told in its shape.
    let listed = read(watcher.receive_text().await);
    assert_eq!(listed["v"], json!(1));
    assert_eq!(listed["body"]["Listed"]["challenge"], challenge);
    assert_eq!(
        listed["body"]["Listed"]["game"],
        json!("xiangqi"),
        "{listed}"
    );
    assert!(listed["body"]["Listed"].get("kind").is_none(), "{listed}");
    let ServerMessage::Listed(entry) = today.unasked().await else {
        panic!("listed to today's page too");
    };
    assert_eq!(entry.kind, GameKind::Xiangqi);

    let mut late = Client::connect(&server).await;
    late.send_text(frame(7, json!({"WatchLobby": {"filter": {}}})))
        .await;
    let list = read(late.receive_text().await);
    assert_eq!(
        (list["v"].clone(), list["id"].clone()),
        (json!(1), json!(7))
    );
    assert_eq!(
        list["body"]["Lobby"]["challenges"][0]["game"],
        json!("xiangqi"),
        "{list}"
    );
    assert!(
        list["body"]["Lobby"]["challenges"][0].get("kind").is_none(),
        "{list}"
    );
}
