//! Hostile input to the events' API: every request bounded, every refusal typed, with
//! what and where.

use futures_util::future::join_all;
use shatar_protocol::events::{
    DirectorAction, EventError, MAX_BODY_BYTES, MAX_PLAYERS, NewEvent, PenaltyKind,
};
use shatar_server::wire::BadName;

use super::{Director, envelope, fresh, http};

#[tokio::test]
async fn hostile_requests_get_typed_refusals_and_change_nothing() {
    let (_data, server, time) = fresh().await;
    let addr = server.addr;
    let post = |path: &'static str, body: String| async move {
        http(addr, "POST", path, &[], Some(&body)).await
    };

    // Too large, not JSON, another version, nested past serde's limit.
    let big = post("/api/events", "x".repeat(MAX_BODY_BYTES + 1)).await;
    assert_eq!(big.status, 413);
    assert_eq!(
        big.error(),
        EventError::TooLarge {
            max_bytes: MAX_BODY_BYTES
        }
    );
    let junk = post("/api/events", "{not json".into()).await;
    assert_eq!(junk.status, 400);
    assert!(matches!(junk.error(), EventError::Malformed { .. }));
    let other = post(
        "/api/events",
        r#"{"v":2,"id":0,"body":{"name":"x"}}"#.into(),
    )
    .await;
    assert_eq!(
        other.error(),
        EventError::VersionMismatch {
            expected: 1,
            got: 2
        }
    );
    let deep = format!(
        r#"{{"v":1,"id":0,"body":{{"name":"x","tie_breaks":{}{}}}}}"#,
        "[".repeat(5_000),
        "]".repeat(5_000)
    );
    assert!(matches!(
        post("/api/events", deep).await.error(),
        EventError::Malformed { .. }
    ));
    // Settings out of range, said by name.
    let bad = |new: NewEvent| {
        let body = envelope(&new);
        async move { post("/api/events", body).await.error() }
    };
    assert!(matches!(
        bad(NewEvent { name: "a\u{202E}b".into(), ..NewEvent::default() }).await,
        EventError::BadText { field, why: BadName::ControlCharacter } if field == "name"
    ));
    assert!(matches!(
        bad(NewEvent {
            name: "x".into(),
            tie_breaks: Some(vec!["BH/Q9".into()]),
            ..NewEvent::default()
        })
        .await,
        EventError::BadTieBreak { .. }
    ));

    let director = Director::create(
        addr,
        NewEvent {
            name: "<script>alert(1)</script>".into(),
            ..NewEvent::default()
        },
    )
    .await;
    // Markup is text: kept as typed, for the pages to show as text.
    assert_eq!(
        director.view().await.settings.name,
        "<script>alert(1)</script>"
    );

    // No token, a wrong one, an unknown event.
    let add = DirectorAction::AddPlayer {
        name: "A".into(),
        rating: 0,
        club: None,
    };
    let path = format!("/api/events/{}/director", director.event);
    let none = http(addr, "POST", &path, &[], Some(&envelope(&add))).await;
    assert_eq!(none.status, 403);
    assert_eq!(none.error(), EventError::NotDirector);
    let wrong = http(
        addr,
        "POST",
        &path,
        &[("Authorization", format!("Bearer {}", "0".repeat(32)))],
        Some(&envelope(&add)),
    )
    .await;
    assert_eq!(wrong.error(), EventError::NotDirector);
    let unknown = http(
        addr,
        "GET",
        &format!("/api/events/{}", "a".repeat(32)),
        &[],
        None,
    )
    .await;
    assert_eq!(unknown.status, 404);
    assert_eq!(unknown.error(), EventError::UnknownEvent);
    assert_eq!(
        http(addr, "GET", "/api/events/..%2F..%2Fetc.trf", &[], None)
            .await
            .status,
        404
    );

    // Names, clubs, numbers.
    assert!(matches!(
        director
            .act(DirectorAction::AddPlayer {
                name: "x".repeat(25),
                rating: 0,
                club: None
            })
            .await,
        Err(EventError::BadText { field, why: BadName::TooLong { max_chars: 24 } }) if field == "name"
    ));
    assert!(matches!(
        director
            .act(DirectorAction::AddPlayer {
                name: "A".into(),
                rating: 0,
                club: Some("\u{200B}".into())
            })
            .await,
        Err(EventError::BadText { field, .. }) if field == "club"
    ));
    let overflow = http(
        addr,
        "POST",
        &path,
        &[(
            "Authorization",
            format!("Bearer {}", director.token.reveal()),
        )],
        Some(r#"{"v":1,"id":0,"body":{"AddPlayer":{"name":"A","rating":70000}}}"#),
    )
    .await;
    assert!(matches!(overflow.error(), EventError::Malformed { .. }));
    director.ok(add.clone()).await;
    for player in [0, 2, u32::MAX] {
        assert_eq!(
            director
                .act(DirectorAction::Withdraw {
                    player,
                    from_round: 1
                })
                .await,
            Err(EventError::UnknownPlayer { player })
        );
    }
    assert_eq!(
        director
            .act(DirectorAction::Withdraw {
                player: 1,
                from_round: u32::MAX
            })
            .await,
        Err(EventError::UnknownRound { round: u32::MAX })
    );
    assert!(matches!(
        director
            .act(DirectorAction::Penalty {
                player: 1,
                round: 1,
                penalty: PenaltyKind::PointsDeducted { hundredths: 100_000 },
                reason: "x".into()
            })
            .await,
        Err(EventError::BadSetting { field, .. }) if field == "penalty"
    ));
    assert_eq!(
        director
            .act(DirectorAction::Penalty {
                player: 1,
                round: 1,
                penalty: PenaltyKind::Warning,
                reason: "   ".into()
            })
            .await,
        Err(EventError::ReasonRequired)
    );
    assert_eq!(
        director
            .act(DirectorAction::EnterResult {
                round: 1,
                board: 1,
                result: shatar_protocol::events::ResultWire::Draw,
                reason: None,
                replaces: None,
                tie_break_winner: None
            })
            .await,
        Err(EventError::UnknownBoard { round: 1, board: 1 })
    );

    // The cap on players: MAX_PLAYERS, then a typed refusal.
    for chunk in (2..=MAX_PLAYERS).collect::<Vec<_>>().chunks(16) {
        let adds = chunk.iter().map(|i| {
            director.act(DirectorAction::AddPlayer {
                name: format!("P{i}"),
                rating: 0,
                club: None,
            })
        });
        for outcome in join_all(adds).await {
            outcome.expect("under the cap");
        }
    }
    assert_eq!(
        director.act(add).await,
        Err(EventError::TooManyPlayers {
            max: MAX_PLAYERS as u32
        })
    );
    assert_eq!(director.view().await.players.len(), MAX_PLAYERS);

    // Events made from one address: ten at once, then one every six minutes.
    let mut made = 1;
    let refused = loop {
        let answer = post(
            "/api/events",
            envelope(&NewEvent {
                name: "flood".into(),
                ..NewEvent::default()
            }),
        )
        .await;
        if answer.status != 200 {
            break answer;
        }
        made += 1;
        assert!(made <= 10, "the budget holds");
    };
    assert_eq!(made, 10);
    assert_eq!(refused.status, 429);
    assert!(matches!(refused.error(), EventError::RateLimited { .. }));
    assert!(refused.header("retry-after").is_some());
    time.advance(6 * 60_000);
    assert_eq!(
        post(
            "/api/events",
            envelope(&NewEvent {
                name: "later".into(),
                ..NewEvent::default()
            })
        )
        .await
        .status,
        200
    );
    server.stop().await.unwrap();
}
