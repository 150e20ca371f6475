//! Draw offers, claims, takebacks and rematches, between two players and before their
//! spectators.

use std::sync::Arc;

use shatar_rules::clock::WRONG_CLAIM_BONUS_MS;
use shatar_rules::{EndReason, GameKind, Outcome, Ruleset};
use shatar_server::time::ManualTime;
use shatar_server::wire::{ClientMessage, ErrorKind, OutcomeWire, Proposal, ServerMessage, Side};

use crate::support::{Client, Game, refused, start};

fn propose(game: shatar_server::ids::GameId, proposal: Proposal) -> ClientMessage {
    ClientMessage::Propose { game, proposal }
}

fn answer(game: shatar_server::ids::GameId, proposal: Proposal, accept: bool) -> ClientMessage {
    ClientMessage::Answer {
        game,
        proposal,
        accept,
    }
}

/// 2017 art. 9.1.2: an offer is declined, lapses when the opponent moves, and is accepted.
#[tokio::test]
async fn a_draw_offer_is_declined_lapses_with_a_move_and_is_then_agreed() {
    let data = crate::data::data();
    let server = start(&data, None, Arc::new(ManualTime::default())).await;
    let mut game = Game::start(&server, Ruleset::Mongolian.into()).await;
    let id = game.id;
    let mut spectator = Client::connect(&server).await;
    spectator.watch(id).await;
    game.play(0, &["d2d4"]).await;
    let drawn = |by| ServerMessage::Proposed {
        game: id,
        proposal: Proposal::Draw,
        by,
    };

    game.white.accepted(propose(id, Proposal::Draw)).await;
    assert!(matches!(
        spectator.unasked().await,
        ServerMessage::Moved { .. }
    ));
    assert_eq!(spectator.unasked().await, drawn(Side::White));
    game.black.accepted(answer(id, Proposal::Draw, false)).await;
    assert_eq!(
        spectator.unasked().await,
        ServerMessage::Declined {
            game: id,
            proposal: Proposal::Draw,
            by: Side::Black
        }
    );
    assert_eq!(
        refused(game.black.request(answer(id, Proposal::Draw, true)).await),
        ErrorKind::NoProposal {
            proposal: Proposal::Draw
        }
    );

    // Offered again; Black's move declines it (9.1.2.a).
    game.white.accepted(propose(id, Proposal::Draw)).await;
    game.play(1, &["d7d5"]).await;
    assert_eq!(
        refused(game.black.request(answer(id, Proposal::Draw, true)).await),
        ErrorKind::NoProposal {
            proposal: Proposal::Draw
        }
    );
    let snapshot = spectator.watch(id).await;
    assert!(snapshot.proposals.is_empty(), "{snapshot:?}");

    // Black offers with its move; White, proposing the same, agrees.
    game.play(2, &["c1f4", "e7e6"]).await;
    game.black.accepted(propose(id, Proposal::Draw)).await;
    assert_eq!(
        spectator.watch(id).await.proposals,
        [(Side::Black, Proposal::Draw)]
    );
    game.white.accepted(propose(id, Proposal::Draw)).await;
    let agreed = Outcome::draw(EndReason::Agreement);
    assert_eq!(spectator.watch(id).await.outcome, Some(OutcomeWire(agreed)));
    // The record marks the offers with the offerers' moves (9.1.2.b).
    let ServerMessage::Pgn { text, .. } =
        spectator.request(ClientMessage::GetPgn { game: id }).await
    else {
        panic!("a record");
    };
    let moves: String = text
        .split("\n\n")
        .nth(1)
        .unwrap()
        .split_whitespace()
        .filter(|word| *word == "{(=)}" || !word.starts_with('{') && !word.ends_with('}'))
        .collect::<Vec<_>>()
        .join(" ");
    assert_eq!(
        moves, "1. d4 {(=)} 1... d5 2. Bf4 2... e6 {(=)} 1/2-1/2",
        "{text}"
    );
    assert!(
        text.contains("[Termination \"normal\"]\n[TerminationDetails \"agreement\"]"),
        "{text}"
    );
    server.stop().await.unwrap();
}

/// 2017 art. 9.2, 9.5: a wrong claim gives the opponent two minutes and stands as a draw
/// offer (9.1.2.c); a right claim by announcing the move that repeats the position a
/// third time ends the game drawn.
#[tokio::test]
async fn a_wrong_claim_costs_two_minutes_and_a_right_one_draws() {
    let data = crate::data::data();
    let time = Arc::new(ManualTime::default());
    let server = start(&data, None, time.clone()).await;
    let mut game = Game::start(&server, Ruleset::Mongolian.into())
        .await
        .watched()
        .await;
    let id = game.id;
    game.play(0, &["e2e4", "e7e5"]).await;
    for _ in 0..2 {
        assert!(matches!(
            game.white.unasked().await,
            ServerMessage::Moved { .. }
        ));
    }
    let before = game.white.watch(id).await.clock;
    assert_eq!(
        refused(
            game.white
                .request(ClientMessage::ClaimDraw {
                    game: id,
                    ply: 2,
                    text: None
                })
                .await
        ),
        ErrorKind::WrongClaim {
            added_ms: WRONG_CLAIM_BONUS_MS
        }
    );
    let ServerMessage::ClaimRefused {
        by,
        added_ms,
        clock,
        ..
    } = game.white.unasked().await
    else {
        panic!("the refused claim is announced");
    };
    assert_eq!((by, added_ms), (Side::White, WRONG_CLAIM_BONUS_MS));
    assert_eq!(clock.black_ms, before.black_ms + WRONG_CLAIM_BONUS_MS);
    assert_eq!(
        game.white.watch(id).await.proposals,
        [(Side::White, Proposal::Draw)]
    );
    // Only the player to move claims; a claim on a stale ply is refused unjudged.
    assert_eq!(
        refused(
            game.black
                .request(ClientMessage::ClaimDraw {
                    game: id,
                    ply: 2,
                    text: None
                })
                .await
        ),
        ErrorKind::NotYourTurn
    );

    let knights = ["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"];
    game.play(2, &knights).await;
    // Black announces f6-g8, which brings the position after 1.e4 e5 a third time.
    game.black
        .accepted(ClientMessage::ClaimDraw {
            game: id,
            ply: 9,
            text: Some("f6g8".into()),
        })
        .await;
    let snapshot = game.black.watch(id).await;
    assert_eq!(snapshot.moves.len(), 10);
    assert_eq!(
        snapshot.outcome,
        Some(OutcomeWire(Outcome::draw(EndReason::ThreefoldRepetition)))
    );
    server.stop().await.unwrap();
}

#[tokio::test]
async fn games_whose_draws_come_by_themselves_take_no_claims() {
    let data = crate::data::data();
    let server = start(&data, None, Arc::new(ManualTime::default())).await;
    for kind in [Ruleset::MongolianFolk.into(), GameKind::Xiangqi] {
        let mut game = Game::start(&server, kind).await;
        let claim = ClientMessage::ClaimDraw {
            game: game.id,
            ply: 0,
            text: None,
        };
        assert_eq!(
            refused(game.white.request(claim).await),
            ErrorKind::NoClaims
        );
    }
    server.stop().await.unwrap();
}

#[tokio::test]
async fn an_agreed_takeback_gives_the_proposer_its_move_again() {
    let data = crate::data::data();
    let server = start(&data, None, Arc::new(ManualTime::default())).await;
    let mut game = Game::start(&server, Ruleset::Chess.into()).await;
    let id = game.id;
    assert_eq!(
        refused(game.white.request(propose(id, Proposal::Takeback)).await),
        ErrorKind::NothingToTakeBack
    );
    game.play(0, &["e2e4", "e7e5", "g1f3"]).await;
    let mut spectator = Client::connect(&server).await;
    spectator.watch(id).await;
    // Black takes back its own move (it is White's turn): White's reply goes too.
    game.black.accepted(propose(id, Proposal::Takeback)).await;
    game.white
        .accepted(answer(id, Proposal::Takeback, true))
        .await;
    assert!(matches!(
        spectator.unasked().await,
        ServerMessage::Proposed {
            proposal: Proposal::Takeback,
            by: Side::Black,
            ..
        }
    ));
    assert!(matches!(
        spectator.unasked().await,
        ServerMessage::TookBack { ply: 1, clock, .. } if clock.running == Some(Side::Black)
    ));
    assert_eq!(spectator.watch(id).await.moves, ["e2e4"]);
    game.play(1, &["c7c5", "b1c3"]).await;
    // White takes back its move before Black replies: only that one goes.
    game.white.accepted(propose(id, Proposal::Takeback)).await;
    game.black
        .accepted(answer(id, Proposal::Takeback, true))
        .await;
    assert_eq!(spectator.watch(id).await.moves, ["e2e4", "c7c5"]);
    game.play(2, &["g1f3"]).await;
    // A restarted server has the moves as they are after the takebacks.
    let credentials = game.white.credentials.clone().unwrap();
    drop(game);
    drop(spectator);
    server.stop().await.unwrap();
    let server = start(&data, None, Arc::new(ManualTime::default())).await;
    let mut white = Client::again(&server, &credentials).await;
    assert_eq!(white.watch(id).await.moves, ["e2e4", "c7c5", "g1f3"]);
    server.stop().await.unwrap();
}

#[tokio::test]
async fn a_rematch_is_a_new_game_with_the_colours_swapped() {
    let data = crate::data::data();
    let server = start(&data, None, Arc::new(ManualTime::default())).await;
    let mut game = Game::start(&server, GameKind::Xiangqi)
        .await
        .watched()
        .await;
    let id = game.id;
    assert_eq!(
        refused(game.white.request(propose(id, Proposal::Rematch)).await),
        ErrorKind::NotNow {
            proposal: Proposal::Rematch
        }
    );
    game.black
        .accepted(ClientMessage::Resign { game: id })
        .await;
    game.black.accepted(propose(id, Proposal::Rematch)).await;
    game.white
        .accepted(answer(id, Proposal::Rematch, true))
        .await;
    let rematch = loop {
        match game.white.unasked().await {
            ServerMessage::Rematch { game: old, rematch } => {
                assert_eq!(old, id);
                break rematch;
            }
            ServerMessage::Ended { .. } | ServerMessage::Proposed { .. } => {}
            other => panic!("{other:?}"),
        }
    };
    let snapshot = game.white.watch(rematch).await;
    assert_eq!(
        (snapshot.white, snapshot.black),
        (game.black.id(), game.white.id())
    );
    assert_eq!(snapshot.kind, GameKind::Xiangqi);
    assert_eq!(snapshot.time_control, crate::support::minutes(5));
    // The new game is played with the seats swapped.
    assert_eq!(
        game.black.play(rematch, 0, "h2e2").await,
        ServerMessage::Accepted
    );
    server.stop().await.unwrap();
}
