//! The other systems through the server: a knockout decided by tie-break games, the Dutch
//! system's first round with a round paired by hand after it (checked and explained), a
//! requested bye, and AXF's round robin striking out an early withdrawal's results while
//! the log keeps them.

use shatar_protocol::events::{
    ByeRequest, DirectorAction, EventError, EventReply, NewEvent, PairWire, ResultWire, SystemWire,
};
use shatar_rules::{GameKind, Ruleset};
use shatar_server::wire::Side;

use super::{Director, boards, fresh, pair, result};

async fn event(server: &shatar_server::Running, new: NewEvent, ratings: &[u16]) -> Director {
    let director = Director::create(server.addr, new).await;
    for (i, &rating) in ratings.iter().enumerate() {
        director
            .ok(DirectorAction::AddPlayer {
                name: format!("Player {}", i + 1),
                rating,
                club: None,
            })
            .await;
    }
    director
}

#[tokio::test]
async fn a_knockout_goes_to_its_final_through_tie_break_games() {
    let (_data, server, _time) = fresh().await;
    let director = event(
        &server,
        NewEvent {
            name: "Cup".into(),
            system: Some(SystemWire::Knockout),
            ..NewEvent::default()
        },
        &[2000, 1900, 1800, 1700, 1600],
    )
    .await;
    // Five players in a bracket of eight: seeds 1, 2 and 3 through; 4 meets 5.
    let view = director.ok(pair(1)).await;
    assert_eq!(view.settings.rounds, 3);
    assert_eq!(
        boards(&view, 1),
        [(1, None), (4, Some(5)), (2, None), (3, None)]
    );
    // A drawn game needs the winner of its tie-break games.
    assert_eq!(
        director.act(result(1, 2, ResultWire::Draw)).await,
        Err(EventError::TieBreakWinner)
    );
    director
        .ok(DirectorAction::EnterResult {
            round: 1,
            board: 2,
            result: ResultWire::Draw,
            reason: None,
            replaces: None,
            tie_break_winner: Some(Side::Black),
        })
        .await;
    let view = director.ok(pair(2)).await;
    assert_eq!(boards(&view, 2), [(1, Some(5)), (2, Some(3))]);
    director.ok(result(2, 1, ResultWire::WhiteWins)).await;
    director.ok(result(2, 2, ResultWire::BlackWins)).await;
    let view = director.ok(pair(3)).await;
    assert_eq!(boards(&view, 3), [(1, Some(3))]);
    director.ok(result(3, 1, ResultWire::BlackWins)).await;
    assert_eq!(
        director.act(pair(4)).await,
        Err(EventError::NoMoreRounds { rounds: 3 })
    );
    // Placed by how far each went, not by points: 3 won the final, 1 lost it, 5 and 2
    // went out in round 2 and share third place, 4 (its draw lost on tie-break games) in
    // round 1. After round 1 only 4 was out; the others shared the first place.
    let places = |query: &'static str| {
        let director = &director;
        async move {
            match director.get(&format!("/standings{query}")).await.reply() {
                EventReply::Standings(s) => s
                    .rows
                    .iter()
                    .map(|r| (r.number, r.rank))
                    .collect::<Vec<_>>(),
                other => panic!("{other:?}"),
            }
        }
    };
    let mut final_places = places("").await;
    final_places.sort();
    assert_eq!(final_places, [(1, 2), (2, 3), (3, 1), (4, 5), (5, 3)]);
    let mut after_one = places("?round=1").await;
    after_one.sort();
    assert_eq!(after_one, [(1, 1), (2, 1), (3, 1), (4, 5), (5, 1)]);
}

#[tokio::test]
async fn the_dutch_system_then_a_round_replaced_by_hand() {
    let (_data, server, _time) = fresh().await;
    let director = event(
        &server,
        NewEvent {
            name: "Dutch".into(),
            game: Some(Ruleset::Mongolian.into()),
            rounds: Some(3),
            ..NewEvent::default()
        },
        &[1500, 1800, 1600, 1700],
    )
    .await;
    let view = director.view().await;
    assert_eq!(view.settings.system, SystemWire::Dutch);
    // C.04.3: ranked by rating (2, 4, 3, 1), S1 against S2.
    let start: Vec<u32> = view.players.iter().map(|p| p.start_rank).collect();
    assert_eq!(start, [4, 1, 3, 2]);
    let view = director.ok(pair(1)).await;
    let round1 = boards(&view, 1);
    assert_eq!(round1[0], (2, Some(3)));
    assert!(
        round1[1] == (1, Some(4)) || round1[1] == (4, Some(1)),
        "{round1:?}"
    );
    director.ok(result(1, 1, ResultWire::WhiteWins)).await;
    director.ok(result(1, 2, ResultWire::Draw)).await;
    director
        .ok(DirectorAction::RequestBye {
            player: 4,
            round: 2,
            bye: ByeRequest::HalfPoint,
        })
        .await;
    // Round 2 by the Dutch system too (C.04.3): 4 is away on its bye, 2 has met 3, so 2
    // meets 1 and 3, the lowest score, has the pairing-allocated bye.
    let view = director.ok(pair(2)).await;
    let round2 = boards(&view, 2);
    assert!(
        round2 == [(1, Some(2)), (3, None)] || round2 == [(2, Some(1)), (3, None)],
        "{round2:?}"
    );
    // A director may replace a round's pairing before it starts: checked and explained.
    let by_hand = |boards: &[(u32, Option<u32>)]| DirectorAction::SetPairing {
        round: 2,
        boards: boards
            .iter()
            .map(|&(white, black)| PairWire { white, black })
            .collect(),
    };
    let refusal = |action| async {
        match director.act(action).await {
            Err(EventError::BadPairing { why }) => why,
            other => panic!("not refused: {other:?}"),
        }
    };
    assert_eq!(
        refusal(by_hand(&[(3, Some(2)), (1, None)])).await,
        "players 3 and 2 have met already (board 1)"
    );
    assert_eq!(
        refusal(by_hand(&[(1, Some(2))])).await,
        "players not paired: 3"
    );
    assert_eq!(
        refusal(by_hand(&[(1, Some(2)), (3, Some(4))])).await,
        "player 4 has a bye or is absent in round 2 (board 2)"
    );
    let view = director.ok(by_hand(&[(1, Some(2)), (3, None)])).await;
    assert_eq!(boards(&view, 2), [(1, Some(2)), (3, None)]);
    // Replaced before it starts, checked again.
    let view = director.ok(by_hand(&[(2, Some(1)), (3, None)])).await;
    assert_eq!(boards(&view, 2), [(2, Some(1)), (3, None)]);
    director.ok(result(2, 1, ResultWire::Draw)).await;
    assert_eq!(
        director.act(by_hand(&[(1, Some(2)), (3, None)])).await,
        Err(EventError::RoundStarted { round: 2 })
    );
    let points = director.points("").await;
    // 2: 1 + ½; 3: 0 + the bye's 1; 4: ½ + the requested ½; 1: ½ + ½.
    let mut rest = points[1..].to_vec();
    rest.sort();
    assert_eq!(points[0], "2:1.5");
    assert_eq!(rest, ["1:1", "3:1", "4:1"]);
}

#[tokio::test]
async fn axf_strikes_out_an_early_withdrawal_and_the_log_keeps_it() {
    let (_data, server, _time) = fresh().await;
    let director = event(
        &server,
        NewEvent {
            name: "循环赛".into(),
            game: Some(GameKind::Xiangqi),
            system: Some(SystemWire::RoundRobin),
            ..NewEvent::default()
        },
        &[0, 0, 0, 0],
    )
    .await;
    let view = director.ok(pair(1)).await;
    assert_eq!(boards(&view, 1), [(1, Some(4)), (2, Some(3))]);
    director.ok(result(1, 1, ResultWire::WhiteWins)).await;
    director.ok(result(1, 2, ResultWire::Draw)).await;
    // Player 4 leaves having played one of three (AXF 2008 ch. 2 §6 三: fewer than half).
    director
        .ok(DirectorAction::Withdraw {
            player: 4,
            from_round: 2,
        })
        .await;
    // 2/1/0: the draw's 1 each stands; player 1's win over 4 is struck out. Level on
    // 小分 and the direct game, 3 had Black (games with Black, AXF ch. 2 §5 二 (E)).
    assert_eq!(director.points("").await, ["3:1", "2:1", "1:0", "4:0"]);
    // The result is still in the log, and in the board's history.
    let view = director.view().await;
    assert_eq!(
        view.rounds[0].boards[0].result.as_ref().unwrap().result,
        ResultWire::WhiteWins
    );
}

#[tokio::test]
async fn a_late_entry_and_a_requested_bye_in_an_axf_swiss() {
    let (_data, server, _time) = fresh().await;
    let director = event(
        &server,
        NewEvent {
            name: "积分编排".into(),
            game: Some(GameKind::Xiangqi),
            rounds: Some(4),
            ..NewEvent::default()
        },
        &[0, 0, 0, 0],
    )
    .await;
    // Late entries until half the rounds are paired (docs/rules.md).
    assert_eq!(director.view().await.settings.late_entry_until, 2);
    let view = director.ok(pair(1)).await;
    assert_eq!(boards(&view, 1), [(1, Some(2)), (3, Some(4))]);
    director.ok(result(1, 1, ResultWire::WhiteWins)).await;
    director.ok(result(1, 2, ResultWire::WhiteWins)).await;
    let view = director
        .ok(DirectorAction::AddPlayer {
            name: "Late".into(),
            rating: 0,
            club: None,
        })
        .await;
    assert_eq!(view.players[4].entered_round, 2);
    director
        .ok(DirectorAction::RequestBye {
            player: 1,
            round: 2,
            bye: ByeRequest::HalfPoint,
        })
        .await;
    let view = director.ok(pair(2)).await;
    let mut round2: Vec<Vec<u32>> = boards(&view, 2)
        .into_iter()
        .map(|(w, b)| {
            let mut pair: Vec<u32> = std::iter::once(w).chain(b).collect();
            pair.sort_unstable();
            pair
        })
        .collect();
    round2.sort();
    // By score: 3 (a win) meets 2; 4 meets the late entry; 1 is on its bye.
    assert_eq!(round2, [vec![2, 3], vec![4, 5]]);
    assert_eq!(
        director
            .act(DirectorAction::AddPlayer {
                name: "Too late".into(),
                rating: 0,
                club: None
            })
            .await,
        Err(EventError::LateEntryClosed { round: 2 })
    );
    assert_eq!(
        director
            .act(DirectorAction::RequestBye {
                player: 2,
                round: 2,
                bye: ByeRequest::ZeroPoint
            })
            .await,
        Err(EventError::RoundPaired { round: 2 })
    );
    let EventReply::Card(card) = director.get("/players/5").await.reply() else {
        panic!("card");
    };
    // Round 1 missed (absent, nothing scored), round 2 paired.
    assert_eq!(card.rounds[0].cell.score, "");
    assert!(card.rounds[1].opponent == Some(4));
    let EventReply::Card(card) = director.get("/players/1").await.reply() else {
        panic!("card");
    };
    // 2/1/0: the win's 2 and the half-point bye's 1.
    assert_eq!(card.rounds[1].cell.score, "H");
    assert_eq!(card.points, "3");
}
