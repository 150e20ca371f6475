//! The game the page plays, whatever the game: a thin runtime face of the rules crate's
//! records ([`AnyRecord`] for the 8x8 rulesets, [`xiangqi::Record`] for Xiangqi). Every
//! answer (legal moves, notation, endings, FEN, PGN) comes from the rules core; nothing
//! here knows a rule.

use shatar_protocol::Game as WireGame;
use shatar_rules::pgn::{self, PgnGame};
use shatar_rules::xiangqi::{self, RepetitionRules};
use shatar_rules::{
    AnyPosition, AnyRecord, Claim, ClaimVerdict, Color, EndReason, GameKind, Outcome, PlayError,
    Ruleset, with_record,
};

use crate::any::{AnyGamePosition, GameMove, MoveStyle};
use crate::carried::{Carried, NotCarried};
use crate::notes::Notes;

/// A game record of any game, with the moves the player can make in it, and what an
/// imported record gave besides its moves.
#[derive(Clone, Debug)]
pub struct Game {
    record: Record,
    notes: Notes,
}

#[derive(Clone, Debug)]
enum Record {
    Board8(AnyRecord),
    /// Only in a build that carries Xiangqi ([`crate::carried`]).
    Xiangqi(Carried<xiangqi::Record>),
}

/// The rulings the page judges Xiangqi repetitions by, as the worker does.
const XIANGQI_RULES: RepetitionRules = RepetitionRules::Axf2008;

/// What the board shows at one point of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Snapshot {
    pub position: AnyGamePosition,
    /// The move that led here.
    pub last_move: Option<GameMove>,
}

/// Why an import failed: which kind of text, and the reader's own words (line, column,
/// field).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ImportError {
    Empty,
    /// A text that holds no game, only comments.
    NoGame,
    Pgn(String),
    Fen(String),
    /// The game is played by the page's other build, which the import is handed to.
    NotCarried(NotCarried),
}

impl ImportError {
    /// The error as the player reads it. The reader's own words (the line, the field) stay
    /// in English: they quote the PGN or FEN, whose words are English.
    pub fn text(&self, lang: crate::i18n::Lang) -> String {
        match self {
            ImportError::Empty => crate::t!(lang, "import.empty").to_string(),
            ImportError::NoGame => crate::t!(lang, "import.no-game").to_string(),
            ImportError::Pgn(e) => crate::tf!(lang, "import.bad-pgn", error = e),
            ImportError::Fen(e) => crate::tf!(lang, "import.bad-fen", error = e),
            ImportError::NotCarried(e) => e.to_string(),
        }
    }
}

impl core::fmt::Display for ImportError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(&self.text(crate::i18n::Lang::En))
    }
}

impl From<AnyPosition> for AnyGamePosition {
    fn from(p: AnyPosition) -> Self {
        AnyGamePosition::Board8(p)
    }
}

impl AnyGamePosition {
    /// The initial position of `game`.
    pub fn startpos(game: GameKind) -> Result<AnyGamePosition, NotCarried> {
        match game {
            GameKind::Board8(r) => Ok(AnyPosition::startpos(r).into()),
            GameKind::Xiangqi => Carried::new(xiangqi::Position::new).map(AnyGamePosition::Xiangqi),
        }
    }

    /// A position of `game` from its FEN; the error is the reader's own words.
    pub fn from_fen(game: GameKind, text: &str) -> Result<AnyGamePosition, String> {
        match game {
            GameKind::Board8(r) => AnyPosition::from_fen(r, text)
                .map(Into::into)
                .map_err(|e| e.to_string()),
            GameKind::Xiangqi => {
                let parsed = Carried::new(|| xiangqi::fen::parse_position(text))
                    .map_err(|e| e.to_string())?;
                parsed
                    .transpose()
                    .map(AnyGamePosition::Xiangqi)
                    .map_err(|e| e.to_string())
            }
        }
    }

    pub fn kind(&self) -> GameKind {
        match self {
            AnyGamePosition::Board8(p) => GameKind::Board8(p.ruleset()),
            AnyGamePosition::Xiangqi(_) => GameKind::Xiangqi,
        }
    }
}

impl Game {
    /// A game of `ruleset` from its initial position.
    pub fn new(ruleset: Ruleset) -> Game {
        Game::from_position(AnyPosition::startpos(ruleset))
    }

    /// A game of `game` from its initial position, if this build carries the game.
    pub fn of(game: GameKind) -> Result<Game, NotCarried> {
        AnyGamePosition::startpos(game).map(Game::from_position)
    }

    pub fn from_position(start: impl Into<AnyGamePosition>) -> Game {
        let record = match start.into() {
            AnyGamePosition::Board8(p) => Record::Board8(AnyRecord::new(p)),
            AnyGamePosition::Xiangqi(p) => {
                Record::Xiangqi(p.map(|p| xiangqi::Record::new(p, XIANGQI_RULES)))
            }
        };
        Game {
            record,
            notes: Notes::default(),
        }
    }

    /// The tags, comments, annotations and variations the record was given.
    pub fn notes(&self) -> &Notes {
        &self.notes
    }

    pub fn set_notes(&mut self, notes: Notes) {
        self.notes = notes;
        self.notes.truncate(self.len());
    }

    /// The player of `color` as the record names them (a Xiangqi file may name Red in a
    /// `Red` tag).
    pub fn player_name(&self, color: Color) -> Option<String> {
        match color {
            Color::White => self.notes.tag("White").or_else(|| self.notes.tag("Red")),
            Color::Black => self.notes.tag("Black"),
        }
    }

    /// A game from the wire form the worker and the saved state use: its start and its
    /// moves in the wire's notation. The error names the first move that does not fit.
    pub fn from_wire(wire: &WireGame) -> Result<Game, String> {
        let start = match &wire.fen {
            None => AnyGamePosition::startpos(wire.ruleset).map_err(|e| e.to_string())?,
            Some(text) => AnyGamePosition::from_fen(wire.ruleset, text)
                .map_err(|e| format!("bad FEN \"{text}\": {e}"))?,
        };
        let mut game = Game::from_position(start);
        for (i, text) in wire.moves.iter().enumerate() {
            let m = game
                .position()
                .parse_wire_move(text)
                .map_err(|e| format!("move {} ({text}): {e}", i + 1))?;
            game.play(m)
                .map_err(|e| format!("move {} ({text}): {e}", i + 1))?;
        }
        Ok(game)
    }

    pub fn to_wire(&self) -> WireGame {
        self.wire_until(self.len())
    }

    /// The game as it stood after `ply` moves, for a search of an earlier position.
    pub fn wire_until(&self, ply: usize) -> WireGame {
        let initial = self.snapshot(0).position;
        let fen = (AnyGamePosition::startpos(self.kind()) != Ok(initial)).then(|| initial.fen());
        let moves = self.moves()[..ply.min(self.len())]
            .iter()
            .map(|m| m.to_string())
            .collect();
        WireGame {
            ruleset: self.kind(),
            fen,
            moves,
        }
    }

    pub fn kind(&self) -> GameKind {
        match &self.record {
            Record::Board8(r) => GameKind::Board8(r.ruleset()),
            Record::Xiangqi(_) => GameKind::Xiangqi,
        }
    }

    pub fn moves(&self) -> Vec<GameMove> {
        match &self.record {
            Record::Board8(r) => r.moves().iter().map(|&m| GameMove::Board8(m)).collect(),
            Record::Xiangqi(r) => r.moves().iter().map(|&m| GameMove::Xiangqi(m)).collect(),
        }
    }

    /// Moves played so far (plies).
    pub fn len(&self) -> usize {
        match &self.record {
            Record::Board8(r) => r.moves().len(),
            Record::Xiangqi(r) => r.moves().len(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub fn outcome(&self) -> Option<Outcome> {
        match &self.record {
            Record::Board8(r) => r.outcome(),
            Record::Xiangqi(r) => r.outcome(),
        }
    }

    /// The Xiangqi repetition ruling that ended the game, in the rules' own words.
    pub fn ruling(&self) -> Option<String> {
        match &self.record {
            Record::Board8(_) => None,
            Record::Xiangqi(r) => r.ruling().map(ToString::to_string),
        }
    }

    /// Who would lose, and by which ruling, if the Xiangqi cycle that has now brought a
    /// position back a third time is repeated once more: what an arbiter warns of before
    /// the fourth occurrence decides the game (AXF 2008 ch. 4). `None` when no cycle is
    /// pending or it would be a draw.
    pub fn repetition_warning(&self) -> Option<(Color, String)> {
        let Record::Xiangqi(r) = &self.record else {
            return None;
        };
        let ruling = r.pending_ruling()?;
        match ruling.verdict {
            xiangqi::Verdict::Loses(loser) => Some((loser, ruling.to_string())),
            xiangqi::Verdict::Draw => None,
        }
    }

    pub fn position(&self) -> AnyGamePosition {
        self.snapshot(self.len()).position
    }

    pub fn turn(&self) -> Color {
        self.position().turn()
    }

    /// The position after `ply` moves (clamped to the game's length).
    pub fn snapshot(&self, ply: usize) -> Snapshot {
        let ply = ply.min(self.len());
        let position = match &self.record {
            Record::Board8(r) => r
                .position_at(ply)
                .expect("clamped to the game's length")
                .into(),
            Record::Xiangqi(r) => AnyGamePosition::Xiangqi(r.as_ref().map(|r| r.positions()[ply])),
        };
        Snapshot {
            position,
            last_move: ply.checked_sub(1).map(|i| self.move_at(i)),
        }
    }

    fn move_at(&self, index: usize) -> GameMove {
        match &self.record {
            Record::Board8(r) => GameMove::Board8(r.moves()[index]),
            Record::Xiangqi(r) => GameMove::Xiangqi(r.moves()[index]),
        }
    }

    /// The legal moves now; none once the game has ended.
    pub fn legal_moves(&self) -> Vec<GameMove> {
        if self.outcome().is_some() {
            return Vec::new();
        }
        self.position().legal_moves()
    }

    pub fn play(&mut self, m: GameMove) -> Result<(), String> {
        match (&mut self.record, m) {
            (Record::Board8(r), GameMove::Board8(m)) => {
                with_record!(r, r => r.play(m)).map_err(|e| e.to_string())
            }
            (Record::Xiangqi(r), GameMove::Xiangqi(m)) => r.play(m).map_err(|e| e.to_string()),
            _ => Err(format!("{m} is a move of another game")),
        }
    }

    pub fn take_back(&mut self) -> Option<GameMove> {
        let taken = match &mut self.record {
            Record::Board8(r) => with_record!(r, r => r.take_back()).map(GameMove::Board8),
            Record::Xiangqi(r) => r.take_back().map(GameMove::Xiangqi),
        };
        self.notes.truncate(self.len());
        taken
    }

    /// The draw the player to move may claim now (2017 art. 9.2, 9.3), if any. Xiangqi's
    /// repetitions and move limit end the game by themselves: nothing is claimed.
    pub fn claimable_draw(&self) -> Option<EndReason> {
        match &self.record {
            Record::Board8(r) => with_record!(r, r => r.claimable_draw()),
            Record::Xiangqi(_) => None,
        }
    }

    /// The draw the player to move may claim by announcing `m` (art. 9.2.a, 9.3.a).
    pub fn claimable_draw_with(&self, m: GameMove) -> Option<EndReason> {
        match (&self.record, m) {
            (Record::Board8(r), GameMove::Board8(m)) => {
                with_record!(r, r => r.claimable_draw_with(m))
            }
            _ => None,
        }
    }

    /// Judges a claim; a claim with a move plays the move either way (art. 9.5).
    pub fn claim_draw(&mut self, claim: Claim) -> Result<ClaimVerdict, PlayError> {
        match &mut self.record {
            Record::Board8(r) => with_record!(r, r => r.claim_draw(claim)),
            Record::Xiangqi(_) => Ok(ClaimVerdict::Rejected),
        }
    }

    /// Whether the game's draws by repetition and the fifty-move rule are claimed (the
    /// 2017 rules, FIDE) rather than automatic (the folk rules, Xiangqi).
    pub fn has_claims(&self) -> bool {
        use shatar_rules::{DrawRules, Rules};
        match self.kind() {
            GameKind::Board8(ruleset) => {
                shatar_rules::with_rules!(ruleset, R => R::DRAW_RULES == DrawRules::ClaimsAndAutomatic)
            }
            GameKind::Xiangqi => false,
        }
    }

    /// Records an ending decided off the board (resignation, a saved result).
    pub fn set_outcome(&mut self, outcome: Outcome) {
        match &mut self.record {
            Record::Board8(r) => with_record!(r, r => r.set_outcome(outcome)),
            Record::Xiangqi(r) => r.set_outcome(outcome),
        }
    }

    /// Each move as the move list shows it.
    pub fn move_texts(&self, style: MoveStyle) -> Vec<String> {
        (0..self.len()).map(|i| self.move_text(i, style)).collect()
    }

    /// The move `index` (from 0) as the move list shows it.
    pub fn move_text(&self, index: usize, style: MoveStyle) -> String {
        self.snapshot(index)
            .position
            .write(self.move_at(index), style)
    }

    /// The number the record gives the move `index` (from 0): a game from a FEN may start
    /// at move 30, and with Black.
    pub fn move_number(&self, index: usize) -> u32 {
        let (first_number, first_side) = self.first_move_number();
        first_number + ((index + usize::from(first_side == Color::Black)) / 2) as u32
    }

    /// The number of the first move (a FEN may start at move 30) and whether Black made it.
    pub fn first_move_number(&self) -> (u32, Color) {
        let start = self.snapshot(0).position;
        (start.fullmoves(), start.turn())
    }

    pub fn fen_at(&self, ply: usize) -> String {
        self.snapshot(ply).position.fen()
    }

    /// The game as PGN: the tags and annotations it was given ([`Notes`]), `tags` where it
    /// was given none of that name, the ones the rules write (Variant, FEN), each
    /// move's clock reading after it (`[%clk h:mm:ss]`) and the draw offers (`(=)`, 2017
    /// art. 9.1.2) marked after the plies that made them. Xiangqi's moves are written in
    /// `notation`.
    pub fn pgn(
        &self,
        tags: &[(&str, String)],
        clocks: &[u64],
        offers: &[usize],
        notation: xiangqi::pgn::Notation,
    ) -> String {
        let mut game = match &self.record {
            Record::Board8(r) => with_record!(r, r => PgnGame::from_record(r)),
            Record::Xiangqi(r) => xiangqi::pgn::from_record(r, notation),
        };
        self.notes.apply_to(&mut game);
        // The page's own tags fill in what the record was not given.
        for (name, value) in tags {
            if game.tag(name).is_none() {
                game.set_tag(name, value.clone());
            }
        }
        for (pgn_move, &ms) in game.moves.iter_mut().zip(clocks) {
            pgn_move.set_clock(ms);
        }
        for &ply in offers {
            if let Some(m) = ply.checked_sub(1).and_then(|i| game.moves.get_mut(i)) {
                m.draw_offer = true;
            }
        }
        if let Some(o) = self.outcome() {
            game.set_tag("Result", o.result.pgn());
            game.set_tag("Termination", o.reason.description());
        }
        game.write()
    }

    /// One game of a PGN file read with [`pgn::parse_games`], replayed: the game its
    /// Variant tag names; without one, `default` (a PGN pasted into a Xiangqi session is
    /// Xiangqi).
    pub fn from_pgn(game: &PgnGame, default: GameKind) -> Result<Game, ImportError> {
        let pgn_error = |e: pgn::PgnError| ImportError::Pgn(e.to_string());
        let board8 = default.board8().unwrap_or_default();
        let kind = match (game.tag("Variant"), default) {
            (None, GameKind::Xiangqi) => GameKind::Xiangqi,
            _ => game.game(board8).map_err(pgn_error)?,
        };
        let record = match kind {
            GameKind::Board8(_) => Record::Board8(game.replay_any(board8).map_err(pgn_error)?),
            GameKind::Xiangqi => {
                let replayed = Carried::new(|| xiangqi::pgn::replay(game, XIANGQI_RULES))
                    .map_err(ImportError::NotCarried)?;
                Record::Xiangqi(replayed.transpose().map_err(pgn_error)?)
            }
        };
        Ok(Game {
            record,
            notes: Notes::of(game),
        })
    }

    /// Reads a pasted or loaded text: a PGN game (its Variant tag chooses the game,
    /// `default` without one) or a FEN position of `default`'s rules.
    pub fn import(text: &str, default: GameKind) -> Result<Game, ImportError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(ImportError::Empty);
        }
        if Game::looks_like_fen(text) {
            if !crate::carried::carries(default) {
                return Err(ImportError::NotCarried(NotCarried(default)));
            }
            return AnyGamePosition::from_fen(default, text)
                .map(Game::from_position)
                .map_err(ImportError::Fen);
        }
        let parsed = pgn::parse_game(text).map_err(|e| ImportError::Pgn(e.to_string()))?;
        Game::from_pgn(&parsed, default)
    }

    /// A FEN's first field is ranks separated by `/`; a PGN's first word never holds one
    /// (bar a game that is only its result). A broken FEN is thus reported as a FEN.
    pub fn looks_like_fen(text: &str) -> bool {
        let first = text.split_whitespace().next().unwrap_or("");
        first.contains('/') && first != "1/2-1/2"
    }
}
