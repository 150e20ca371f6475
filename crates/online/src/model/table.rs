//! The game on the table: following the server's game (its snapshot, each move, its end,
//! what the players propose) and the player's own moves and requests.

use shatar_protocol::online::{
    ClientMessage, ClockView, EndNote, GameId, GameSnapshot, Proposal, Side,
};
use shatar_rules::{Color, Outcome};
use shatar_web::state::{Msg as AppMsg, Sound, update_at};

use super::{Absence, Asked, Effect, Model, Msg, Problem, Screen, Table, sound_of};
use crate::address::{Intent, game_query};

impl Model {
    pub(super) fn sit(&mut self, snapshot: GameSnapshot, effects: &mut Vec<Effect>) {
        let seat = match self.player {
            Some(p) if p == snapshot.white => Some(Color::White),
            Some(p) if p == snapshot.black => Some(Color::Black),
            _ => None,
        };
        let outcome = snapshot.outcome.map(|o| o.0);
        let names = [snapshot.white_name.clone(), snapshot.black_name.clone()];
        let mut gone = [None, None];
        for &(side, gone_ms) in &snapshot.gone {
            gone[usize::from(side == Side::Black)] = Some(Absence {
                gone_ms,
                heard_at_ms: self.now_ms,
            });
        }
        if let Err(e) = self
            .app
            .follow_remote(snapshot.kind, seat, &snapshot.moves, names.clone())
        {
            self.problem = Some(Problem::Unreadable(e.0));
            return;
        }
        if let Some(outcome) = outcome {
            self.app.end_remote(outcome);
        }
        self.intent = Intent::Follow(snapshot.game);
        if !matches!(&self.screen, Screen::Table(t) if t.game == snapshot.game) {
            effects.push(Effect::SetQuery(game_query(snapshot.game)));
        }
        self.screen = Screen::Table(Box::new(Table {
            game: snapshot.game,
            kind: snapshot.kind,
            seat,
            time_control: snapshot.time_control,
            clock: snapshot.clock,
            clock_at_ms: self.now_ms,
            outcome,
            note: snapshot.note,
            announced: snapshot.moves.len(),
            proposals: snapshot
                .proposals
                .iter()
                .map(|&(side, p)| (Color::from(side), p))
                .collect(),
            names,
            refused_claim: None,
            gone,
            absence_claims_from: snapshot.absence_claims_from as usize,
        }));
    }

    /// `side`'s player came back (`gone_ms` is `None`) or has been gone `gone_ms`.
    pub(super) fn presence(&mut self, game: GameId, side: Color, gone_ms: Option<u64>) {
        let now = self.now_ms;
        if let Some(table) = self.table_of(game) {
            table.gone[usize::from(side == Color::Black)] = gone_ms.map(|gone_ms| Absence {
                gone_ms,
                heard_at_ms: now,
            });
        }
    }

    /// The table, if it shows `game`.
    fn table_of(&mut self, game: GameId) -> Option<&mut Table> {
        match &mut self.screen {
            Screen::Table(table) if table.game == game => Some(table),
            _ => None,
        }
    }

    pub(super) fn moved(
        &mut self,
        game: GameId,
        ply: u32,
        text: &str,
        clock: ClockView,
        outcome: Option<Outcome>,
        effects: &mut Vec<Effect>,
    ) {
        let now = self.now_ms;
        let Some(table) = self.table_of(game) else {
            return;
        };
        let ply = ply as usize;
        if ply != table.announced {
            // A move missed (or one this page never saw): the game is fetched whole.
            self.send(Asked::Watch, ClientMessage::Watch { game }, effects);
            return;
        }
        table.announced += 1;
        table.clock = clock;
        table.clock_at_ms = now;
        // 2017 art. 9.1.2: a proposal lapses when its opponent moves instead of answering.
        let mover = if ply.is_multiple_of(2) {
            Color::White
        } else {
            Color::Black
        };
        table
            .proposals
            .retain(|&(by, p)| by == mover || p == Proposal::Rematch);
        let played_here = self.app.session.game.len() > ply;
        let same =
            played_here && self.app.moves_since(ply).first().map(String::as_str) == Some(text);
        if !played_here {
            match self.app.play_remote(text) {
                Ok(said) => effects.extend(said.into_iter().filter_map(sound_of)),
                Err(e) => {
                    self.problem = Some(Problem::Unreadable(e.0));
                    self.send(Asked::Watch, ClientMessage::Watch { game }, effects);
                    return;
                }
            }
        } else if !same {
            self.send(Asked::Watch, ClientMessage::Watch { game }, effects);
            return;
        }
        if let Some(outcome) = outcome {
            self.ended(game, Some(outcome), None, clock, effects);
        }
    }

    /// The game ended: with `outcome`, or with none when it was aborted.
    pub(super) fn ended(
        &mut self,
        game: GameId,
        outcome: Option<Outcome>,
        note: Option<EndNote>,
        clock: ClockView,
        effects: &mut Vec<Effect>,
    ) {
        let now = self.now_ms;
        let Some(table) = self.table_of(game) else {
            return;
        };
        let first_word = table.outcome.is_none() && table.note.is_none();
        table.clock = clock;
        table.clock_at_ms = now;
        table.outcome = outcome.or(table.outcome);
        table.note = note.or(table.note);
        table.proposals.retain(|&(_, p)| p == Proposal::Rematch);
        if let Some(outcome) = outcome {
            self.app.end_remote(outcome);
        }
        if first_word && !effects.contains(&Effect::Sound(Sound::End)) {
            effects.push(Effect::Sound(Sound::End));
        }
    }

    pub(super) fn proposed(
        &mut self,
        game: GameId,
        proposal: Proposal,
        by: Color,
        effects: &mut Vec<Effect>,
    ) {
        let Some(table) = self.table_of(game) else {
            return;
        };
        if !table.proposals.contains(&(by, proposal)) {
            table.proposals.push((by, proposal));
            if table.seat == Some(by.other()) {
                effects.push(Effect::Sound(Sound::Check));
            }
        }
    }

    /// `proposer`'s proposal was declined.
    pub(super) fn declined(&mut self, game: GameId, proposal: Proposal, proposer: Color) {
        if let Some(table) = self.table_of(game) {
            table.proposals.retain(|&p| p != (proposer, proposal));
        }
    }

    /// 2017 art. 9.5.2: a wrong claim gives the opponent time, and stands as an offer.
    pub(super) fn claim_refused(
        &mut self,
        game: GameId,
        by: Color,
        added_ms: u64,
        clock: ClockView,
    ) {
        let now = self.now_ms;
        if let Some(table) = self.table_of(game) {
            table.clock = clock;
            table.clock_at_ms = now;
            table.refused_claim = Some((by, added_ms));
            if !table.proposals.contains(&(by, Proposal::Draw)) {
                table.proposals.push((by, Proposal::Draw));
            }
        }
    }

    /// The player's requests about the game on the table, sent when they make sense.
    pub(super) fn game_request(&mut self, msg: Msg, effects: &mut Vec<Effect>) {
        let Some(table) = self.table() else {
            return;
        };
        let game = table.game;
        let message = match msg {
            Msg::DownloadPgn => ClientMessage::GetPgn { game },
            _ if table.seat.is_none() => return,
            Msg::Resign => ClientMessage::Resign { game },
            Msg::Propose(proposal) => ClientMessage::Propose { game, proposal },
            Msg::Answer { proposal, accept } => {
                let opponent = table.seat.map(Color::other);
                if let (Screen::Table(t), Some(opponent)) = (&mut self.screen, opponent)
                    && !accept
                {
                    t.proposals.retain(|&p| p != (opponent, proposal));
                }
                ClientMessage::Answer {
                    game,
                    proposal,
                    accept,
                }
            }
            Msg::ClaimDraw => ClientMessage::ClaimDraw {
                game,
                ply: u32::try_from(table.announced).unwrap_or(u32::MAX),
                text: None,
            },
            Msg::Abort => ClientMessage::Abort { game },
            Msg::ClaimAbsence(win) => ClientMessage::ClaimAbsence { game, win },
            _ => return,
        };
        self.problem = None;
        self.send(Asked::GameRequest, message, effects);
    }

    /// The board's messages: moves only from the seat whose turn it is; browsing and
    /// turning the board for everyone.
    pub(super) fn board(&mut self, msg: AppMsg, effects: &mut Vec<Effect>) {
        let Screen::Table(table) = &self.screen else {
            return;
        };
        let (game, seat, announced) = (table.game, table.seat, table.announced);
        let over = table.outcome.is_some() || table.note.is_some();
        let moving = matches!(
            msg,
            AppMsg::SquareDown(_) | AppMsg::SquareUp { .. } | AppMsg::Promote(_) | AppMsg::Typed(_)
        );
        let browsing = matches!(
            msg,
            AppMsg::Navigate(_)
                | AppMsg::GoTo(_)
                | AppMsg::Flip
                | AppMsg::Deselect
                | AppMsg::CancelPromotion
                | AppMsg::ChooseLang(_)
                | AppMsg::SetLooks(_)
                | AppMsg::ToggleSound
                | AppMsg::DismissNotice
        );
        if !(browsing || moving && seat.is_some() && !over) {
            return;
        }
        // One move on its way at a time: the next waits for the server's word.
        if moving && self.app.session.game.len() > announced {
            return;
        }
        let before = self.app.session.game.len();
        let said = update_at(&mut self.app, msg, self.now_ms);
        effects.extend(said.into_iter().filter_map(sound_of));
        if let Some(text) = self.app.moves_since(before).first().cloned() {
            let ply = u32::try_from(before).unwrap_or(u32::MAX);
            self.send(
                Asked::Move,
                ClientMessage::Move { game, ply, text },
                effects,
            );
        }
    }
}
