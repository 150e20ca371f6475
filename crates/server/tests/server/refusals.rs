use std::sync::Arc;

use shatar_rules::Ruleset;
use shatar_server::time::ManualTime;
use shatar_server::wire::{
    ClientMessage, ColorChoice, Credentials, ErrorKind, MAX_MESSAGE_BYTES, ServerMessage,
};
use tokio_tungstenite::tungstenite::Message;

use crate::support::{Client, Game, start};

fn refused(message: ServerMessage) -> ErrorKind {
    match message {
        ServerMessage::Error { error } => error,
        other => panic!("not refused: {other:?}"),
    }
}

#[tokio::test]
async fn illegal_moves_moves_out_of_turn_and_others_seats_are_refused() {
    let data = crate::data::data();
    let server = start(&data, None, Arc::new(ManualTime::default())).await;
    let mut game = Game::start(&server, Ruleset::Chess.into()).await;
    assert!(matches!(
        refused(game.white.play(game.id, 0, "e2e5").await),
        ErrorKind::IllegalMove { .. }
    ));
    assert!(matches!(
        refused(game.white.play(game.id, 0, "e2e4e2e4e2e4").await),
        ErrorKind::IllegalMove { .. }
    ));
    assert_eq!(
        refused(game.black.play(game.id, 0, "e7e5").await),
        ErrorKind::NotYourTurn
    );
    game.play(0, &["e2e4"]).await;
    assert_eq!(
        refused(game.black.play(game.id, 0, "e7e5").await),
        ErrorKind::StalePly { expected: 1 }
    );
    let mut stranger = Client::player(&server).await;
    assert_eq!(
        refused(stranger.play(game.id, 1, "e7e5").await),
        ErrorKind::NotYourSeat
    );
    assert_eq!(
        refused(
            stranger
                .request(ClientMessage::Resign { game: game.id })
                .await
        ),
        ErrorKind::NotYourSeat
    );
    server.stop().await.unwrap();
}

#[tokio::test]
async fn a_wrong_secret_gets_no_seat() {
    let data = crate::data::data();
    let server = start(&data, None, Arc::new(ManualTime::default())).await;
    let mut game = Game::start(&server, Ruleset::Chess.into()).await;
    let white = game.white.credentials.clone().unwrap();
    let black = game.black.credentials.clone().unwrap();
    let mut impostor = Client::connect(&server).await;
    let forged = Credentials {
        id: white.id,
        secret: black.secret,
    };
    assert_eq!(
        refused(
            impostor
                .request(ClientMessage::Hello {
                    player: Some(forged)
                })
                .await
        ),
        ErrorKind::BadCredentials
    );
    assert_eq!(
        refused(impostor.play(game.id, 0, "e2e4").await),
        ErrorKind::NotIntroduced
    );
    // The true secret still works, from a second connection of the same player.
    let mut white_again = Client::again(&server, &white).await;
    assert_eq!(
        white_again.play(game.id, 0, "e2e4").await,
        ServerMessage::Accepted
    );
    assert_eq!(
        refused(
            game.white
                .request(ClientMessage::Hello {
                    player: Some(white)
                })
                .await
        ),
        ErrorKind::AlreadyIntroduced
    );
    server.stop().await.unwrap();
}

#[tokio::test]
async fn challenges_are_taken_once_and_never_by_their_challenger() {
    let data = crate::data::data();
    let server = start(&data, None, Arc::new(ManualTime::default())).await;
    let mut challenger = Client::player(&server).await;
    let challenge = challenger
        .challenge(Ruleset::MongolianFolk.into(), ColorChoice::Random)
        .await;
    assert_eq!(
        refused(
            challenger
                .request(ClientMessage::AcceptChallenge { challenge })
                .await
        ),
        ErrorKind::OwnChallenge
    );
    let mut first = Client::player(&server).await;
    let (_, side) = first.accept(challenge).await;
    let ServerMessage::GameStarted {
        side: challenger_side,
        ..
    } = challenger.unasked().await
    else {
        panic!("the challenger hears of its game");
    };
    assert_eq!(challenger_side, side.other());
    let mut second = Client::player(&server).await;
    assert_eq!(
        refused(
            second
                .request(ClientMessage::AcceptChallenge { challenge })
                .await
        ),
        ErrorKind::UnknownChallenge
    );
    let mut bad_control = crate::support::minutes(1);
    bad_control.periods.clear();
    let request = ClientMessage::CreateChallenge {
        kind: Ruleset::Chess.into(),
        time_control: bad_control,
        color: ColorChoice::White,
        open: false,
    };
    assert!(matches!(
        refused(second.request(request).await),
        ErrorKind::BadTimeControl { .. }
    ));
    server.stop().await.unwrap();
}

#[tokio::test]
async fn malformed_and_oversized_messages_get_typed_answers_and_the_connection_goes_on() {
    let data = crate::data::data();
    let server = start(&data, None, Arc::new(ManualTime::default())).await;
    let mut client = Client::connect(&server).await;
    let cases = [
        ("{".to_string(), 0),
        (r#"{"v":1,"id":7,"body":{"Fly":{}}}"#.to_string(), 7),
        (
            r#"{"v":1,"id":8,"body":{"Watch":{"game":"not an id"}}}"#.to_string(),
            8,
        ),
    ];
    for (text, id) in cases {
        client.send_text(text.clone()).await;
        let answer = client.receive().await;
        assert_eq!(answer.id, id, "{text}");
        assert!(
            matches!(refused(answer.body), ErrorKind::Malformed { .. }),
            "{text}"
        );
    }
    client
        .send_text(r#"{"v":99,"id":9,"body":"x"}"#.into())
        .await;
    assert_eq!(
        refused(client.receive().await.body),
        ErrorKind::VersionMismatch {
            expected: shatar_server::wire::ONLINE_PROTOCOL_VERSION,
            got: 99
        }
    );
    client
        .send_text(format!(
            r#"{{"v":1,"id":10,"body":"{}"}}"#,
            "x".repeat(MAX_MESSAGE_BYTES)
        ))
        .await;
    assert_eq!(
        refused(client.receive().await.body),
        ErrorKind::TooLarge {
            max_bytes: MAX_MESSAGE_BYTES
        }
    );
    client
        .send_frame(Message::Binary(vec![1, 2, 3].into()))
        .await;
    assert_eq!(refused(client.receive().await.body), ErrorKind::NotText);
    assert!(matches!(
        client.request(ClientMessage::Hello { player: None }).await,
        ServerMessage::Welcome {
            secret: Some(_),
            ..
        }
    ));
    // Beyond the frame limit the message is not even read: the connection is closed, and
    // the client told why (1009, "message too big").
    client
        .send_text("x".repeat(shatar_server::wire::MAX_FRAME_BYTES + 1))
        .await;
    assert_eq!(client.close_code().await, Some(1009));
    server.stop().await.unwrap();
}
