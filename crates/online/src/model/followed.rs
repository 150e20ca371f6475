//! The game on the table: following the server's game (its snapshot, each move, its end,
//! what the players propose) and the player's own moves and requests. The server is the
//! arbiter: a move is played on the board when the server announces it, or when the
//! player makes it (sent at once; the server may still refuse it, and the page then takes
//! the game as the server sends it).

use shatar_protocol::online::{
    ClientMessage, ClockView, EndNote, GameId, GameSnapshot, Proposal, Side,
};
use shatar_rules::{Color, GameKind, GameMove, Outcome};
use shatar_web::board::{BoardEvent, BoardMsg, Sound};
use shatar_web::game::Game;

use super::{Absence, Asked, Effect, Followed, Model, Msg, Problem, Screen};
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
        if let Err(e) = self.follow(snapshot.kind, seat, &snapshot.moves, names.clone()) {
            self.problem = Some(Problem::Unreadable(e));
            return;
        }
        if let Some(outcome) = outcome {
            self.end_on_board(outcome);
        }
        self.intent = Intent::Follow(snapshot.game);
        if !matches!(&self.screen, Screen::Followed(t) if t.game == snapshot.game) {
            effects.push(Effect::SetQuery(game_query(snapshot.game)));
        }
        self.screen = Screen::Followed(Box::new(Followed {
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

    /// Shows the server's game: `seat` is the player's side, `None` for a spectator; the
    /// board is turned to the seat when the game is another. The clock is the server's.
    fn follow(
        &mut self,
        kind: GameKind,
        seat: Option<Color>,
        moves: &[String],
        names: [Option<String>; 2],
    ) -> Result<(), String> {
        let wire = shatar_protocol::RecordWire {
            kind,
            fen: None,
            moves: moves.to_vec(),
        };
        let mut game = Game::from_wire(&wire)?;
        let mut notes = game.notes().clone();
        let side_tag = |c: Color| match (kind, c) {
            (GameKind::Xiangqi, Color::White) => "Red",
            (_, Color::White) => "White",
            (_, Color::Black) => "Black",
        };
        for (color, name) in [Color::White, Color::Black].into_iter().zip(names) {
            if let Some(name) = name {
                notes.tags.push((side_tag(color).to_string(), name));
            }
        }
        game.set_notes(notes.clone());
        let same_board = self.board.game().kind() == kind
            && self.followed().map(|t| t.seat) == Some(seat)
            && self.board.game().to_wire().moves == moves;
        if same_board {
            self.board.change(|shown| shown.set_notes(notes));
        } else {
            self.board.replace(game);
            self.board.set_orientation(seat.unwrap_or(Color::White));
        }
        Ok(())
    }

    /// The server ended the game off the board (resignation, a flag, a draw agreed).
    fn end_on_board(&mut self, outcome: Outcome) {
        if self.board.game().outcome().is_none() {
            self.board.change(|game| game.set_outcome(outcome));
        }
    }

    /// What a move played on the board sounds like, and how it is said.
    fn heard(&mut self, events: Vec<BoardEvent>, effects: &mut Vec<Effect>) {
        for event in events {
            match event {
                BoardEvent::Sound(sound) => effects.push(Effect::Sound(sound)),
                BoardEvent::Announce(said) => self.said = Some(said),
                // Moves are made through [`Model::board_msg`]; the page has no typed box.
                BoardEvent::Move(_) | BoardEvent::Ask(_) => {}
            }
        }
    }

    /// `side`'s player came back (`gone_ms` is `None`) or has been gone `gone_ms`.
    pub(super) fn presence(&mut self, game: GameId, side: Color, gone_ms: Option<u64>) {
        let now = self.now_ms;
        if let Some(followed) = self.followed_of(game) {
            followed.gone[usize::from(side == Color::Black)] = gone_ms.map(|gone_ms| Absence {
                gone_ms,
                heard_at_ms: now,
            });
        }
    }

    /// The table, if it shows `game`.
    fn followed_of(&mut self, game: GameId) -> Option<&mut Followed> {
        match &mut self.screen {
            Screen::Followed(followed) if followed.game == game => Some(followed),
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
        let Some(followed) = self.followed_of(game) else {
            return;
        };
        let ply = ply as usize;
        if ply != followed.announced {
            // A move missed (or one this page never saw): the game is fetched whole.
            self.send(Asked::Watch, ClientMessage::Watch { game }, effects);
            return;
        }
        followed.announced += 1;
        followed.clock = clock;
        followed.clock_at_ms = now;
        // 2017 art. 9.1.2: a proposal lapses when its opponent moves instead of answering.
        let mover = if ply.is_multiple_of(2) {
            Color::White
        } else {
            Color::Black
        };
        followed
            .proposals
            .retain(|&(by, p)| by == mover || p == Proposal::Rematch);
        let played_here = self.board.game().len() > ply;
        let same = played_here
            && self
                .board
                .game()
                .moves()
                .get(ply)
                .map(ToString::to_string)
                .as_deref()
                == Some(text);
        if !played_here {
            let played = self
                .board
                .game()
                .position()
                .parse_wire_move(text)
                .map_err(|e| e.to_string())
                .and_then(|m| self.board.play(m));
            match played {
                Ok(events) => self.heard(events, effects),
                Err(e) => {
                    self.problem = Some(Problem::Unreadable(e));
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
        let Some(followed) = self.followed_of(game) else {
            return;
        };
        let first_word = followed.outcome.is_none() && followed.note.is_none();
        followed.clock = clock;
        followed.clock_at_ms = now;
        followed.outcome = outcome.or(followed.outcome);
        followed.note = note.or(followed.note);
        followed.proposals.retain(|&(_, p)| p == Proposal::Rematch);
        if let Some(outcome) = outcome {
            self.end_on_board(outcome);
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
        let Some(followed) = self.followed_of(game) else {
            return;
        };
        if !followed.proposals.contains(&(by, proposal)) {
            followed.proposals.push((by, proposal));
            if followed.seat == Some(by.other()) {
                effects.push(Effect::Sound(Sound::Check));
            }
        }
    }

    /// `proposer`'s proposal was declined.
    pub(super) fn declined(&mut self, game: GameId, proposal: Proposal, proposer: Color) {
        if let Some(followed) = self.followed_of(game) {
            followed.proposals.retain(|&p| p != (proposer, proposal));
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
        if let Some(followed) = self.followed_of(game) {
            followed.clock = clock;
            followed.clock_at_ms = now;
            followed.refused_claim = Some((by, added_ms));
            if !followed.proposals.contains(&(by, Proposal::Draw)) {
                followed.proposals.push((by, Proposal::Draw));
            }
        }
    }

    /// The player's requests about the game on the table, sent when they make sense.
    pub(super) fn game_request(&mut self, msg: Msg, effects: &mut Vec<Effect>) {
        let Some(followed) = self.followed() else {
            return;
        };
        let game = followed.game;
        let message = match msg {
            Msg::DownloadPgn => ClientMessage::GetPgn { game },
            _ if followed.seat.is_none() => return,
            Msg::Resign => ClientMessage::Resign { game },
            Msg::Propose(proposal) => ClientMessage::Propose { game, proposal },
            Msg::Answer { proposal, accept } => {
                let opponent = followed.seat.map(Color::other);
                if let (Screen::Followed(t), Some(opponent)) = (&mut self.screen, opponent)
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
                ply: u32::try_from(followed.announced).unwrap_or(u32::MAX),
                text: None,
            },
            Msg::Abort => ClientMessage::Abort { game },
            Msg::ClaimAbsence(win) => ClientMessage::ClaimAbsence { game, win },
            _ => return,
        };
        self.problem = None;
        self.send(Asked::GameRequest, message, effects);
    }

    /// The board's messages: it takes moves only from the seat whose turn it is
    /// ([`Model::movable`]); browsing and turning the board are for everyone.
    pub(super) fn board_msg(&mut self, msg: BoardMsg, effects: &mut Vec<Effect>) {
        if self.followed().is_none() {
            return;
        }
        self.sync_board();
        for event in self.board.update(msg) {
            match event {
                BoardEvent::Move(m) => self.send_move(m, effects),
                other => self.heard(vec![other], effects),
            }
        }
    }

    /// The player's move: played on the board at once, and sent to the server, which
    /// announces it (or refuses it, and the game is fetched again).
    fn send_move(&mut self, m: GameMove, effects: &mut Vec<Effect>) {
        let Some(game) = self.followed().map(|t| t.game) else {
            return;
        };
        let ply = u32::try_from(self.board.game().len()).unwrap_or(u32::MAX);
        let text = m.to_string();
        match self.board.play(m) {
            Ok(events) => self.heard(events, effects),
            Err(_) => return,
        }
        self.send(
            Asked::Move,
            ClientMessage::Move { game, ply, text },
            effects,
        );
        // One move on its way at a time: the next waits for the server's word.
        self.sync_board();
    }
}
