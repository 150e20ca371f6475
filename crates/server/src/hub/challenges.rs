use shatar_rules::GameKind;

use super::{Hub, unavailable};
use crate::arbiter::{Seats, Table};
use crate::ids::{self, ChallengeId, GameId, Generate, PlayerId};
use crate::store::{Challenge, NewGame};
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
        self.store()
            .add_challenge(&challenge)
            .await
            .map_err(unavailable)?;
        if open {
            let name = self.store().name(challenger).await.map_err(unavailable)?;
            self.lobby.list(&LobbyChallenge {
                challenge: id,
                game: kind,
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
            .open_challenge(challenge)
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
        let table = Table::new(game, seats, offer.kind, control, self.now_ms());
        let new_game = NewGame {
            id: game,
            kind: offer.kind,
            white: seats.white,
            black: seats.black,
            clock: table.stored_clock(),
        };
        if !self
            .store()
            .start_game(challenge, &new_game)
            .await
            .map_err(unavailable)?
        {
            return Err(ErrorKind::UnknownChallenge);
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
