//! The requests that end games or go beside their moves: proposals and their answers,
//! claims, aborts; and what is read about games: their PGN, a player's list of them,
//! and display names.

use super::{Hub, unavailable};
use crate::arbiter::Table;
use crate::ids::{GameId, Generate, PlayerId};
use crate::wire::{
    ErrorKind, LIVE_GAMES_MAX, LIVE_PLAYERS_MAX, LiveGame, MyGame, Proposal, normalize_name,
};

impl Hub {
    pub async fn propose(
        &self,
        game: GameId,
        player: PlayerId,
        proposal: Proposal,
    ) -> Result<(), ErrorKind> {
        let rematch = GameId::generate()?;
        let room = self.room(game).await?;
        let spawned = room
            .change(&self.backing, |table, now| {
                table.propose(player, proposal, rematch, now)
            })
            .await?;
        self.open_spawned(spawned).await;
        Ok(())
    }

    pub async fn answer(
        &self,
        game: GameId,
        player: PlayerId,
        proposal: Proposal,
        accept: bool,
    ) -> Result<(), ErrorKind> {
        let rematch = GameId::generate()?;
        let room = self.room(game).await?;
        let spawned = room
            .change(&self.backing, |table, now| {
                table.answer(player, proposal, accept, rematch, now)
            })
            .await?;
        self.open_spawned(spawned).await;
        Ok(())
    }

    /// A rematch's game, committed with the change that agreed to it, in a room of its
    /// own (its abort timer running).
    async fn open_spawned(&self, spawned: Option<Table>) {
        if let Some(table) = spawned {
            self.open_room(table).await;
        }
    }

    pub async fn claim_draw(
        &self,
        game: GameId,
        player: PlayerId,
        ply: u32,
        text: Option<&str>,
    ) -> Result<(), ErrorKind> {
        let room = self.room(game).await?;
        room.change(&self.backing, |table, now| {
            table.claim_draw(player, ply, text, now)
        })
        .await
        .map(drop)
    }

    pub async fn abort(&self, game: GameId, player: PlayerId) -> Result<(), ErrorKind> {
        let room = self.room(game).await?;
        room.change(&self.backing, |table, now| table.abort(player, now))
            .await
            .map(drop)
    }

    pub async fn claim_absence(
        &self,
        game: GameId,
        player: PlayerId,
        win: bool,
    ) -> Result<(), ErrorKind> {
        let room = self.room(game).await?;
        let presence = self.presence.clone();
        room.change(&self.backing, |table, now| {
            let opponent = match table.seats.side_of(player) {
                Some(crate::wire::Side::White) => table.seats.black,
                Some(_) => table.seats.white,
                None => return Err(ErrorKind::NotYourSeat),
            };
            let gone = presence.gone_ms(opponent, now);
            table.claim_absence(player, win, gone, now)
        })
        .await
        .map(drop)
    }

    /// The game's record as PGN, as it stands.
    pub async fn pgn(&self, game: GameId) -> Result<String, ErrorKind> {
        let room = self.room(game).await?;
        let header = self
            .store()
            .pgn_header(game)
            .await
            .map_err(unavailable)?
            .ok_or(ErrorKind::UnknownGame)?;
        room.read(&self.backing, |table, _| table.pgn(&header))
            .await
    }

    pub async fn my_games(&self, player: PlayerId) -> Result<Vec<MyGame>, ErrorKind> {
        self.store().my_games(player).await.map_err(unavailable)
    }

    /// The live games being played now, of `players` when it names some.
    pub async fn live_games(&self, players: &[PlayerId]) -> Result<Vec<LiveGame>, ErrorKind> {
        if players.len() > LIVE_PLAYERS_MAX {
            return Err(ErrorKind::Malformed {
                detail: format!("a list of live games is of at most {LIVE_PLAYERS_MAX} players"),
            });
        }
        let mut players = players.to_vec();
        players.sort_unstable();
        players.dedup();
        self.store()
            .live_games(&players, LIVE_GAMES_MAX)
            .await
            .map_err(unavailable)
    }

    /// `player`'s display name, checked and trimmed; blank clears it.
    pub async fn set_name(&self, player: PlayerId, name: Option<&str>) -> Result<(), ErrorKind> {
        let name = match name {
            Some(name) => normalize_name(name).map_err(|why| ErrorKind::BadName { why })?,
            None => None,
        };
        self.store()
            .set_name(player, name.as_deref())
            .await
            .map_err(unavailable)
    }
}
