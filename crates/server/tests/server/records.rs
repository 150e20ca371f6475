//! Correspondence games, a player's list of its games, and the PGN records.

use std::sync::Arc;

use shatar_rules::{Color, EndReason, Outcome, Ruleset};
use shatar_server::time::ManualTime;
use shatar_server::wire::time_control::{DAY_MS, MAX_DAYS, MIN_DAYS};
use shatar_server::wire::{
    BadTimeControl, ClientMessage, ColorChoice, ErrorKind, MyGame, OutcomeWire, Proposal,
    ServerMessage, Side, TimeControlWire,
};

use crate::support::{Client, Game, http_get, refused, start};

async fn my_games(client: &mut Client) -> Vec<MyGame> {
    match client.request(ClientMessage::MyGames).await {
        ServerMessage::MyGames { games } => games,
        other => panic!("{other:?}"),
    }
}

#[tokio::test]
async fn a_correspondence_game_gives_days_a_move_survives_a_restart_and_flags() {
    let data = tempfile::tempdir().unwrap();
    let time = Arc::new(ManualTime::default());
    let server = start(data.path(), None, time.clone()).await;
    let mut lone = Client::player(&server).await;
    for days in [0, MAX_DAYS + 1] {
        let request = ClientMessage::CreateChallenge {
            game: Ruleset::Mongolian.into(),
            time_control: TimeControlWire::days(days),
            color: ColorChoice::White,
            open: false,
        };
        assert_eq!(
            refused(lone.request(request).await),
            ErrorKind::BadTimeControl {
                why: BadTimeControl::BadDays {
                    min: MIN_DAYS,
                    max: MAX_DAYS
                }
            }
        );
    }
    let mut game =
        Game::start_with(&server, Ruleset::Mongolian.into(), TimeControlWire::days(3)).await;
    let id = game.id;
    game.black
        .accepted(ClientMessage::SetName {
            name: Some("Black".into()),
        })
        .await;
    let mine = my_games(&mut game.white).await;
    assert_eq!(mine.len(), 1);
    assert_eq!(
        (mine[0].game, mine[0].side, mine[0].your_move, mine[0].plies),
        (id, Side::White, true, 0)
    );
    assert_eq!(mine[0].opponent_name.as_deref(), Some("Black"));
    assert_eq!(mine[0].time_control, TimeControlWire::days(3));
    // Two days for White's move, nearly three for Black's: no flag, for each move has its
    // days afresh.
    time.advance(2 * DAY_MS);
    game.play(0, &["d2d4"]).await;
    time.advance(3 * DAY_MS - 1_000);
    game.play(1, &["d7d5"]).await;
    // A draw offer waits for its answer across the restart.
    game.black
        .accepted(ClientMessage::Propose {
            game: id,
            proposal: Proposal::Draw,
        })
        .await;
    assert!(!my_games(&mut game.black).await[0].your_move);
    assert!(my_games(&mut game.white).await[0].your_move);
    let credentials = [
        game.white.credentials.clone().unwrap(),
        game.black.credentials.clone().unwrap(),
    ];
    drop(game);
    server.stop().await.unwrap();

    // Down for a day: in correspondence that day is White's.
    time.advance(DAY_MS);
    let server = start(data.path(), None, time.clone()).await;
    let mut white = Client::again(&server, &credentials[0]).await;
    let snapshot = white.watch(id).await;
    assert_eq!(snapshot.time_control, TimeControlWire::days(3));
    assert_eq!(snapshot.moves, ["d2d4", "d7d5"]);
    assert_eq!(snapshot.clock.running, Some(Side::White));
    assert_eq!(snapshot.proposals, [(Side::Black, Proposal::Draw)]);
    assert_eq!(snapshot.clock.white_ms, 2 * DAY_MS);
    // Black's next move will have its three days too.
    assert_eq!(snapshot.clock.black_ms, 3 * DAY_MS);
    // Correspondence takes no absence claims: the days a move decide.
    assert_eq!(
        refused(
            white
                .request(ClientMessage::ClaimAbsence {
                    game: id,
                    win: true
                })
                .await
        ),
        ErrorKind::OpponentPresent { wait_ms: None }
    );
    time.advance(2 * DAY_MS);
    assert_eq!(
        refused(white.play(id, 2, "c1f4").await),
        ErrorKind::GameOver {
            outcome: OutcomeWire(Outcome::win(Color::Black, EndReason::TimeForfeit))
        }
    );
    assert!(my_games(&mut white).await.is_empty());
    server.stop().await.unwrap();
}

#[tokio::test]
async fn a_game_downloads_as_pgn_with_its_clocks_names_and_ending() {
    let data = tempfile::tempdir().unwrap();
    let time = Arc::new(ManualTime::default());
    let server = start(data.path(), None, time.clone()).await;
    let mut game = Game::start(&server, Ruleset::Chess.into()).await;
    let id = game.id;
    game.white
        .accepted(ClientMessage::SetName {
            name: Some("Ганаа".into()),
        })
        .await;
    game.play(0, &["e2e4"]).await;
    time.advance(59_000);
    game.play(1, &["e7e5"]).await;
    time.advance(295_000);
    game.play(2, &["g1f3"]).await;
    game.black
        .accepted(ClientMessage::Resign { game: id })
        .await;

    let (status, headers, body) = http_get(server.addr, &format!("/api/games/{id}.pgn")).await;
    assert_eq!(status, 200);
    let header = |name: &str| {
        headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    };
    assert_eq!(header("content-type"), Some("application/x-chess-pgn"));
    assert_eq!(
        header("content-disposition"),
        Some(format!("attachment; filename=\"shatar-{id}.pgn\"").as_str())
    );
    for tag in [
        "[White \"Ганаа\"]",
        "[Black \"Anonymous\"]",
        "[Result \"1-0\"]",
        "[TimeControl \"300+2\"]",
        "[Termination \"resignation\"]",
    ] {
        assert!(body.contains(tag), "{tag} in {body}");
    }
    // The clock left after each move: White's first is free and earns its increment;
    // Black thought 59 s, White 295 s (under ten seconds, tenths).
    for clk in [
        "1. e4 {[%clk 0:05:02]}",
        "1... e5 {[%clk 0:04:03]}",
        "2. Nf3 {[%clk 0:00:09.0]}",
    ] {
        assert!(body.contains(clk), "{clk} in {body}");
    }
    // The same record over the WebSocket.
    let ServerMessage::Pgn { text, .. } =
        game.black.request(ClientMessage::GetPgn { game: id }).await
    else {
        panic!("a record");
    };
    assert_eq!(text, body);
    // An unfinished game downloads too, with no result yet.
    let other = Game::start(&server, Ruleset::Chess.into()).await;
    let (status, _, body) = http_get(server.addr, &format!("/api/games/{}.pgn", other.id)).await;
    assert_eq!(status, 200);
    assert!(body.contains("[Result \"*\"]"), "{body}");
    for missing in ["/api/games/0123.pgn", &format!("/api/games/{id}.txt")] {
        assert_eq!(http_get(server.addr, missing).await.0, 404, "{missing}");
    }
    let unknown = "00000000000000000000000000000000";
    assert_eq!(
        http_get(server.addr, &format!("/api/games/{unknown}.pgn"))
            .await
            .0,
        404
    );
    server.stop().await.unwrap();
}
