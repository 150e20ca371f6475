//! [`Refereed`]: what the referee and the players need of a game's record, so that one
//! match loop serves the 8x8 games (the rules crate's `AnyRecord`) and Xiangqi (its
//! `xiangqi::Record`, under the AXF 2008 repetition rulings).

use std::fmt;
use std::sync::atomic::AtomicBool;

use shatar_engine::{Level, Limits, Score};
use shatar_rules::pgn::PgnGame;
use shatar_rules::{
    AnyPosition, AnyRecord, Claim, ClaimVerdict, Color, Move, Outcome, uci, with_position,
    with_record, xiangqi,
};

use crate::game;
use crate::searcher::{SearchRequest, Searcher, XiangqiRequest};

/// What the built-in engine answered.
pub struct EngineAnswer<M> {
    pub m: Option<M>,
    pub depth: u32,
    pub nodes: u64,
    pub score: Option<Score>,
}

/// A game's record as the match referee runs it: it checks every move and ends the game
/// by its rules.
pub trait Refereed: Sized {
    /// Where a game starts.
    type Opening: Copy + Send + Sync;
    type Move: Copy + PartialEq + fmt::Display;

    fn start(opening: &Self::Opening) -> Self;
    fn outcome(&self) -> Option<Outcome>;
    fn turn(&self) -> Color;
    fn plies(&self) -> usize;
    /// Claims, for the side to move, a draw the rules let it claim now or by announcing
    /// `m`; the outcome if the claim holds (nothing changes otherwise).
    fn claim_draw(&mut self, m: Self::Move) -> Option<Outcome>;
    /// Whether `color` could still mate: a flag fall of its opponent draws otherwise.
    fn can_checkmate(&self, color: Color) -> bool;
    fn play(&mut self, m: Self::Move) -> Result<(), String>;
    /// The UCI `position` command of the game so far; `ranks_from_one` writes Xiangqi
    /// moves as Fairy-Stockfish reads them (ranks 1-10 instead of ICCS's 0-9).
    fn uci_position(&self, ranks_from_one: bool) -> String;
    /// A UCI program's move, legal in the current position.
    fn parse_uci(&self, text: &str, ranks_from_one: bool) -> Result<Self::Move, String>;
    /// The game as PGN, without the match's own tags.
    fn pgn(&self) -> PgnGame;
    /// The built-in engine's move in the current position.
    fn engine_move(
        &self,
        engine: &mut Searcher,
        limits: Limits,
        level: Level,
        seed: u64,
    ) -> EngineAnswer<Self::Move>;
}

impl Refereed for AnyRecord {
    type Opening = AnyPosition;
    type Move = Move;

    fn start(opening: &AnyPosition) -> Self {
        game::new_record(*opening)
    }
    fn outcome(&self) -> Option<Outcome> {
        AnyRecord::outcome(self)
    }
    fn turn(&self) -> Color {
        with_record!(self, r => r.position().turn())
    }
    fn plies(&self) -> usize {
        self.moves().len()
    }
    fn claim_draw(&mut self, m: Move) -> Option<Outcome> {
        let claim = with_record!(&*self, r => {
            if r.claimable_draw().is_some() {
                Some(Claim::Now)
            } else {
                r.claimable_draw_with(m).map(|_| Claim::WithMove(m))
            }
        })?;
        match with_record!(self, r => r.claim_draw(claim)) {
            Ok(ClaimVerdict::Drawn(outcome)) => Some(outcome),
            _ => None,
        }
    }
    fn can_checkmate(&self, color: Color) -> bool {
        with_position!(&self.position(), p => p.can_checkmate(color))
    }
    fn play(&mut self, m: Move) -> Result<(), String> {
        with_record!(self, r => r.play(m)).map_err(|e| e.to_string())
    }
    fn uci_position(&self, _ranks_from_one: bool) -> String {
        let mut command = format!("position fen {}", game::initial(self).fen());
        if !self.moves().is_empty() {
            command.push_str(" moves");
            for m in self.moves() {
                command.push_str(&format!(" {m}"));
            }
        }
        command
    }
    fn parse_uci(&self, text: &str, _ranks_from_one: bool) -> Result<Move, String> {
        let position = self.position();
        with_position!(&position, p => uci::parse_move(p, text)).map_err(|e| {
            let reason = match e {
                uci::UciMoveError::Illegal { reason, .. } => reason,
                syntax => syntax.to_string(),
            };
            format!("{reason}, in {}", position.fen())
        })
    }
    fn pgn(&self) -> PgnGame {
        with_record!(self, r => PgnGame::from_record(r))
    }
    fn engine_move(
        &self,
        engine: &mut Searcher,
        limits: Limits,
        level: Level,
        seed: u64,
    ) -> EngineAnswer<Move> {
        let request = SearchRequest {
            root: self.position(),
            history: game::history_hashes(self),
            limits,
            level,
            seed,
        };
        let result = engine.search(&request, &AtomicBool::new(false), &mut |_| {});
        EngineAnswer {
            m: result.best_move(),
            depth: result.depth,
            nodes: result.nodes,
            score: result.score(),
        }
    }
}

/// ICCS `h2e2` with its ranks moved by `by` (Fairy-Stockfish writes it `h3e3`); anything
/// else unchanged, for the referee to refuse.
fn shift_ranks(text: &str, by: i32) -> String {
    let b = text.as_bytes();
    let rank = |s: &str| s.parse::<i32>().ok();
    let split = b
        .iter()
        .skip(1)
        .position(u8::is_ascii_alphabetic)
        .map(|i| i + 1);
    match split {
        Some(at) if b[0].is_ascii_alphabetic() && b[at].is_ascii_alphabetic() => {
            match (rank(&text[1..at]), rank(&text[at + 1..])) {
                (Some(from), Some(to)) => format!(
                    "{}{}{}{}",
                    &text[..1],
                    from + by,
                    &text[at..at + 1],
                    to + by
                ),
                _ => text.to_string(),
            }
        }
        _ => text.to_string(),
    }
}

impl Refereed for xiangqi::Record {
    type Opening = xiangqi::Position;
    type Move = xiangqi::Move;

    fn start(opening: &xiangqi::Position) -> Self {
        xiangqi::Record::new(*opening, xiangqi::RepetitionRules::default())
    }
    fn outcome(&self) -> Option<Outcome> {
        xiangqi::Record::outcome(self)
    }
    fn turn(&self) -> Color {
        self.position().turn()
    }
    fn plies(&self) -> usize {
        self.moves().len()
    }
    /// Xiangqi's draws end the game by themselves: nothing to claim.
    fn claim_draw(&mut self, _m: xiangqi::Move) -> Option<Outcome> {
        None
    }
    /// A flag fall loses in Xiangqi, whatever is left on the board.
    fn can_checkmate(&self, _color: Color) -> bool {
        true
    }
    fn play(&mut self, m: xiangqi::Move) -> Result<(), String> {
        xiangqi::Record::play(self, m).map_err(|e| e.to_string())
    }
    fn uci_position(&self, ranks_from_one: bool) -> String {
        let mut command = format!("position fen {}", self.initial());
        if !self.moves().is_empty() {
            command.push_str(" moves");
            for m in self.moves() {
                let text = m.to_string();
                let text = if ranks_from_one {
                    shift_ranks(&text, 1)
                } else {
                    text
                };
                command.push_str(&format!(" {text}"));
            }
        }
        command
    }
    fn parse_uci(&self, text: &str, ranks_from_one: bool) -> Result<xiangqi::Move, String> {
        let text = if ranks_from_one {
            shift_ranks(text, -1)
        } else {
            text.to_string()
        };
        xiangqi::iccs::parse_legal(self.position(), &text)
            .map_err(|e| format!("{e}, in {}", self.position()))
    }
    fn pgn(&self) -> PgnGame {
        xiangqi::pgn::from_record(self, xiangqi::pgn::Notation::Iccs)
    }
    fn engine_move(
        &self,
        engine: &mut Searcher,
        limits: Limits,
        level: Level,
        seed: u64,
    ) -> EngineAnswer<xiangqi::Move> {
        let positions = self.positions();
        let request = XiangqiRequest {
            root: *self.position(),
            positions: positions[..positions.len() - 1].to_vec(),
            moves: self.moves().to_vec(),
            limits,
            level,
            seed,
        };
        let result = engine.search_xiangqi(&request, &AtomicBool::new(false), &mut |_| {});
        EngineAnswer {
            m: result.best_move(),
            depth: result.depth,
            nodes: result.nodes,
            score: result.score(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fairy_stockfish_counts_xiangqi_ranks_from_one() {
        assert_eq!(shift_ranks("h2e2", 1), "h3e3");
        assert_eq!(shift_ranks("a9a8", 1), "a10a9");
        assert_eq!(shift_ranks("a10a9", -1), "a9a8");
        assert_eq!(shift_ranks("(none)", -1), "(none)");
        let record = xiangqi::Record::start(&xiangqi::Position::new());
        assert_eq!(record.parse_uci("h3e3", true).unwrap().to_string(), "h2e2");
        assert!(record.parse_uci("h3e3", false).is_err());
    }
}
