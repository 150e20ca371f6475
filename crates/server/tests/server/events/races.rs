//! Director's actions sent at the same moment: never both win, and nothing is lost.

use futures_util::future::join_all;
use shatar_protocol::events::{DirectorAction, EventError, NewEvent, ResultWire, SystemWire};

use super::{Director, fresh};

#[tokio::test]
async fn racing_directors_never_both_win() {
    let (_data, server, _time) = fresh().await;
    let director = Director::create(
        server.addr,
        NewEvent {
            name: "Races".into(),
            game: Some(shatar_rules::GameKind::Xiangqi),
            system: Some(SystemWire::Axf),
            rounds: Some(3),
            ..NewEvent::default()
        },
    )
    .await;

    // Twenty players entered at once: twenty players, numbered 1 to 20, none lost.
    let adds = (0..20).map(|i| {
        director.act(DirectorAction::AddPlayer {
            name: format!("P{i}"),
            rating: 1500 + i,
            club: None,
        })
    });
    for outcome in join_all(adds).await {
        outcome.expect("each entry is made");
    }
    let view = director.view().await;
    let mut numbers: Vec<u32> = view.players.iter().map(|p| p.number).collect();
    numbers.sort_unstable();
    assert_eq!(numbers, (1..=20).collect::<Vec<_>>());

    // The same round paired twice at once: one pairing, the other told it is paired.
    let pair = || {
        director.act(DirectorAction::PairRound {
            round: 1,
            starts_at_ms: None,
        })
    };
    let outcomes = join_all([pair(), pair()]).await;
    assert_eq!(outcomes.iter().filter(|o| o.is_ok()).count(), 1);
    let refused = outcomes.into_iter().find_map(Result::err).unwrap();
    assert_eq!(refused, EventError::NotNextRound { expected: 2 });
    let view = director.view().await;
    assert_eq!(view.rounds.len(), 1);
    assert_eq!(view.rounds[0].boards.len(), 10);

    // Two results at one board at once, neither knowing of the other: one stands, the
    // other hears which.
    for board in 1..=10 {
        let enter = |result| {
            director.act(DirectorAction::EnterResult {
                round: 1,
                board,
                result,
                reason: None,
                replaces: None,
                tie_break_winner: None,
            })
        };
        let outcomes = join_all([enter(ResultWire::WhiteWins), enter(ResultWire::Draw)]).await;
        assert_eq!(
            outcomes.iter().filter(|o| o.is_ok()).count(),
            1,
            "board {board}"
        );
        let refused = outcomes.into_iter().find_map(Result::err).unwrap();
        assert!(
            matches!(refused, EventError::ResultChanged { current: Some(_) }),
            "{refused:?}"
        );
    }
    let view = director.view().await;
    for board in &view.rounds[0].boards {
        assert_eq!(
            board.history.len(),
            1,
            "one result at board {}",
            board.board
        );
    }

    // Ending the event while pairing the next round: either the round is paired and then
    // the event ends, or it ends first and the pairing is refused; never a round paired
    // in an ended event.
    let outcomes = join_all([
        director.act(DirectorAction::PairRound {
            round: 2,
            starts_at_ms: None,
        }),
        director.act(DirectorAction::EndEvent),
    ])
    .await;
    let view = director.view().await;
    assert!(view.ended);
    match &outcomes[0] {
        Ok(_) => assert_eq!(view.rounds.len(), 2),
        Err(e) => {
            assert_eq!(*e, EventError::Ended);
            assert_eq!(view.rounds.len(), 1);
        }
    }
    server.stop().await.unwrap();
}

/// Two servers on one database (as two processes behind a proxy would be): their changes
/// do not take turns in memory, and the conditional statement on the event's revision
/// alone decides. Of two changes from the same state, one is made; the other is worked
/// out again and refused.
#[tokio::test]
async fn two_servers_on_one_database_never_both_win() {
    let (data, one, time) = fresh().await;
    let two = crate::support::start(&data, None, time.clone()).await;
    let a = Director::create(
        one.addr,
        NewEvent {
            name: "Two servers".into(),
            system: Some(SystemWire::Axf),
            rounds: Some(5),
            ..NewEvent::default()
        },
    )
    .await;
    let b = Director {
        addr: two.addr,
        event: a.event,
        token: a.token.clone(),
    };
    for i in 0..8 {
        let director = if i % 2 == 0 { &a } else { &b };
        director
            .ok(DirectorAction::AddPlayer {
                name: format!("P{i}"),
                rating: 0,
                club: None,
            })
            .await;
    }
    for round in 1..=3 {
        let pair = DirectorAction::PairRound {
            round,
            starts_at_ms: None,
        };
        let outcomes = join_all([a.act(pair.clone()), b.act(pair)]).await;
        assert_eq!(
            outcomes.iter().filter(|o| o.is_ok()).count(),
            1,
            "round {round}: {outcomes:?}"
        );
        assert_eq!(
            outcomes.into_iter().find_map(Result::err),
            Some(EventError::NotNextRound {
                expected: round + 1
            })
        );
        for board in 1..=4 {
            let enter = |result| DirectorAction::EnterResult {
                round,
                board,
                result,
                reason: None,
                replaces: None,
                tie_break_winner: None,
            };
            let outcomes = join_all([
                a.act(enter(ResultWire::WhiteWins)),
                b.act(enter(ResultWire::Draw)),
            ])
            .await;
            assert_eq!(outcomes.iter().filter(|o| o.is_ok()).count(), 1);
        }
    }
    let view = b.view().await;
    assert_eq!(view.rounds.len(), 3);
    for round in &view.rounds {
        assert_eq!(round.boards.len(), 4);
        assert!(round.boards.iter().all(|b| b.history.len() == 1));
    }
    two.stop().await.unwrap();
    one.stop().await.unwrap();
}
