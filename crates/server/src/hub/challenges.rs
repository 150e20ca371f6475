use shatar_rules::GameKind;

use super::{Hub, unavailable};
use crate::arbiter::{Pairing, Seats, Table};
use crate::ids::{self, ChallengeId, GameId, Generate, PlayerId};
use crate::store::{AddError, Challenge, NewGame, Started, UNFINISHED_MAX};
use crate::wire::{
    ColorChoice, ErrorKind, LobbyChallenge, ServerMessage, Side, Speed, TimeControlWire,
};

impl Hub {
    pub async fn create_challenge(
        &self,
        challenger: PlayerId,
        kind: GameKind,
        time_control: TimeControlWire,
        color: ColorChoice,
        open: bool,
    ) -> Result<ChallengeId, ErrorKind> {
        time_control
            .to_rules()
            .map_err(|why| ErrorKind::BadTimeControl { why })?;
        let id = ChallengeId::generate()?;
        let challenge = Challenge {
            id,
            challenger,
            kind,
            time_control,
            color,
            open,
        };
        match self.store().add_challenge(&challenge, self.wall_ms()).await {
            Ok(()) => {}
            Err(AddError::TooMany { max }) => return Err(ErrorKind::TooManyChallenges { max }),
            Err(AddError::Store(e)) => return Err(unavailable(e)),
        }
        if open {
            let name = self.store().name(challenger).await.map_err(unavailable)?;
            self.lobby.list(&LobbyChallenge {
                challenge: id,
                kind,
                speed: Speed::of(&challenge.time_control),
                time_control: challenge.time_control,
                color,
                challenger,
                name,
            });
        }
        Ok(id)
    }

    /// `player` takes the other seat of `challenge`: the game starts, and the challenger
    /// hears of it on its connections. The accepting player's side is returned.
    pub async fn accept_challenge(
        &self,
        player: PlayerId,
        challenge: ChallengeId,
    ) -> Result<(GameId, Side), ErrorKind> {
        let offer = self
            .store()
            .open_challenge(challenge, self.wall_ms())
            .await
            .map_err(unavailable)?
            .ok_or(ErrorKind::UnknownChallenge)?;
        if offer.challenger == player {
            return Err(ErrorKind::OwnChallenge);
        }
        let control = offer
            .time_control
            .to_rules()
            .map_err(|why| unavailable(format!("challenge {challenge}: {why}")))?;
        let challenger_side = offer.color.side(ids::coin()?);
        let seats = match challenger_side {
            Side::White => Seats {
                white: offer.challenger,
                black: player,
            },
            Side::Black => Seats {
                white: player,
                black: offer.challenger,
            },
        };
        let game = GameId::generate()?;
        let pairing = match offer.open {
            true => Pairing::Lobby,
            false => Pairing::Link,
        };
        let table = Table::new(game, seats, offer.kind, control, pairing, self.now_ms());
        let started = self
            .store()
            .start_game(challenge, &NewGame::of(&table), self.wall_ms())
            .await
            .map_err(unavailable)?;
        match started {
            Started::Yes => {}
            Started::ChallengeGone => return Err(ErrorKind::UnknownChallenge),
            Started::TooManyGames => {
                return Err(ErrorKind::TooManyGames {
                    max: UNFINISHED_MAX,
                });
            }
        }
        self.open_room(table).await;
        if offer.open {
            self.lobby.unlist(challenge);
        }
        self.notify(
            offer.challenger,
            &ServerMessage::GameStarted {
                challenge,
                game,
                side: challenger_side,
            },
        );
        Ok((game, challenger_side.other()))
    }
}
