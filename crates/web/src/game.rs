//! The game the page plays, whatever the game: the rules crate's record of any game
//! ([`AnyGameRecord`]) with what an imported record gave besides its moves. Every answer
//! (legal moves, notation, endings, FEN, PGN) comes from the rules core; nothing here
//! knows a rule.

use shatar_protocol::RecordWire;
use shatar_rules::any_game::GamePgnError;
use shatar_rules::pgn::{self, PgnGame};
use shatar_rules::xiangqi;
use shatar_rules::{
    AnyGameRecord, AnyPosition, Claim, ClaimVerdict, Color, EndReason, GameKind, Outcome,
    PlayError, Ruleset,
};

use crate::carried::NotCarried;
use crate::notes::Notes;
use shatar_rules::{AnyGamePosition, GameMove, MoveStyle};

/// A game record of any game, with the moves the player can make in it, and what an
/// imported record gave besides its moves.
#[derive(Clone, Debug)]
pub struct Game {
    record: AnyGameRecord,
    notes: Notes,
}

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
        Game {
            record: AnyGameRecord::new(start.into()),
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
    pub fn from_wire(wire: &RecordWire) -> Result<Game, String> {
        let record = AnyGameRecord::from_wire(wire.kind, wire.fen.as_deref(), &wire.moves)
            .map_err(|e| e.to_string())?;
        Ok(Game {
            record,
            notes: Notes::default(),
        })
    }

    pub fn to_wire(&self) -> RecordWire {
        self.wire_until(self.len())
    }

    /// The game as it stood after `ply` moves, for a search of an earlier position.
    pub fn wire_until(&self, ply: usize) -> RecordWire {
        let initial = self.snapshot(0).position;
        let fen = (AnyGamePosition::startpos(self.kind()) != Ok(initial)).then(|| initial.fen());
        let moves = self.moves()[..ply.min(self.len())]
            .iter()
            .map(|m| m.to_string())
            .collect();
        RecordWire {
            kind: self.kind(),
            fen,
            moves,
        }
    }

    pub fn kind(&self) -> GameKind {
        self.record.kind()
    }

    pub fn moves(&self) -> Vec<GameMove> {
        self.record.moves()
    }

    /// Moves played so far (plies).
    pub fn len(&self) -> usize {
        self.record.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub fn outcome(&self) -> Option<Outcome> {
        self.record.outcome()
    }

    /// The Xiangqi repetition ruling that ended the game, in the rules' own words.
    pub fn ruling(&self) -> Option<String> {
        self.record.ruling().map(ToString::to_string)
    }

    /// Who would lose, and by which ruling, if the Xiangqi cycle that has now brought a
    /// position back a third time is repeated once more (AXF 2008 ch. 4).
    pub fn repetition_warning(&self) -> Option<(Color, String)> {
        self.record
            .repetition_warning()
            .map(|(loser, ruling)| (loser, ruling.to_string()))
    }

    pub fn position(&self) -> AnyGamePosition {
        self.record.position()
    }

    pub fn turn(&self) -> Color {
        self.position().turn()
    }

    /// The position after `ply` moves (clamped to the game's length).
    pub fn snapshot(&self, ply: usize) -> Snapshot {
        let ply = ply.min(self.len());
        Snapshot {
            position: self
                .record
                .position_at(ply)
                .expect("clamped to the game's length"),
            last_move: ply.checked_sub(1).map(|i| self.record.move_at(i)),
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
        self.record.play(m).map_err(|e| e.to_string())
    }

    pub fn take_back(&mut self) -> Option<GameMove> {
        let taken = self.record.take_back();
        self.notes.truncate(self.len());
        taken
    }

    /// The draw the player to move may claim now (2017 art. 9.2, 9.3), if any.
    pub fn claimable_draw(&self) -> Option<EndReason> {
        self.record.claimable_draw()
    }

    /// The draw the player to move may claim by announcing `m` (art. 9.2.a, 9.3.a).
    pub fn claimable_draw_with(&self, m: GameMove) -> Option<EndReason> {
        self.record.claimable_draw_with(m)
    }

    /// Judges a claim; a claim with a move plays the move either way (art. 9.5).
    pub fn claim_draw(&mut self, claim: Claim) -> Result<ClaimVerdict, PlayError> {
        self.record.claim_draw(claim)
    }

    /// Whether the game's draws by repetition and the fifty-move rule are claimed (the
    /// 2017 rules, FIDE) rather than automatic (the folk rules, Xiangqi).
    pub fn has_claims(&self) -> bool {
        self.record.has_claims()
    }

    /// Records an ending decided off the board (resignation, a saved result).
    pub fn set_outcome(&mut self, outcome: Outcome) {
        self.record.set_outcome(outcome);
    }

    /// Each move as the move list shows it.
    pub fn move_texts(&self, style: MoveStyle) -> Vec<String> {
        (0..self.len()).map(|i| self.move_text(i, style)).collect()
    }

    /// The move `index` (from 0) as the move list shows it.
    pub fn move_text(&self, index: usize, style: MoveStyle) -> String {
        self.snapshot(index)
            .position
            .write(self.record.move_at(index), style)
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
    /// move's clock reading after it (`[%clk h:mm:ss]`), the draw offers (the comment
    /// `{(=)}`, 2017 art. 9.1.2) marked after the plies that made them, and how the game
    /// ended (`Termination` and `TerminationDetails`, [`PgnGame::set_termination`]). Xiangqi's moves are written in
    /// `notation`.
    pub fn pgn(
        &self,
        tags: &[(&str, String)],
        clocks: &[u64],
        offers: &[usize],
        notation: xiangqi::pgn::Notation,
    ) -> String {
        let mut game = self.record.to_pgn(notation);
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
            game.set_termination(o.reason);
        }
        game.write()
    }

    /// One game of a PGN file read with [`pgn::parse_games`], replayed: the game its
    /// Variant tag names; without one, `default` (a PGN pasted into a Xiangqi session is
    /// Xiangqi).
    pub fn from_pgn(game: &PgnGame, default: GameKind) -> Result<Game, ImportError> {
        let record = AnyGameRecord::from_pgn(game, default).map_err(|e| match e {
            GamePgnError::Pgn(e) => ImportError::Pgn(e.to_string()),
            GamePgnError::NotCarried(e) => ImportError::NotCarried(e),
        })?;
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
                .map_err(|e| ImportError::Fen(e.to_string()));
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
