//! The game the page plays, whatever its ruleset: a thin runtime-ruleset face of the rules
//! crate's [`GameRecord`](shatar_rules::GameRecord). Every answer (legal moves, notation, endings, FEN, PGN) comes
//! from the rules core; nothing here knows a rule.

use shatar_protocol::Game as WireGame;
use shatar_rules::notation::{PieceLetters, render_san};
use shatar_rules::pgn::{self, PgnGame};
use shatar_rules::{
    AnyPosition, AnyRecord, Claim, ClaimVerdict, Color, EndReason, Move, Outcome, PlayError, Ruleset, uci,
    with_position, with_record,
};

/// A game record of any ruleset, with the moves the player can make in it.
#[derive(Clone, Debug)]
pub struct Game {
    record: AnyRecord,
}

/// What a square shows at one point of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Snapshot {
    pub position: AnyPosition,
    /// The move that led here.
    pub last_move: Option<Move>,
}

/// Why an import failed: which kind of text, and the reader's own words (line, column,
/// field).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ImportError {
    Empty,
    Pgn(String),
    Fen(String),
}

impl ImportError {
    /// The error as the player reads it. The reader's own words (the line, the field) stay
    /// in English: they quote the PGN or FEN, whose words are English.
    pub fn text(&self, lang: crate::i18n::Lang) -> String {
        match self {
            ImportError::Empty => crate::t!(lang, "import.empty").to_string(),
            ImportError::Pgn(e) => crate::tf!(lang, "import.bad-pgn", error = e),
            ImportError::Fen(e) => crate::tf!(lang, "import.bad-fen", error = e),
        }
    }
}

impl core::fmt::Display for ImportError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(&self.text(crate::i18n::Lang::En))
    }
}

impl Game {
    pub fn new(ruleset: Ruleset) -> Game {
        Game::from_position(AnyPosition::startpos(ruleset))
    }

    pub fn from_position(start: AnyPosition) -> Game {
        Game { record: AnyRecord::new(start) }
    }

    /// A game from the wire form the worker and the saved state use: its start and its
    /// moves in UCI notation. The error names the first move that does not fit.
    pub fn from_wire(wire: &WireGame) -> Result<Game, String> {
        let ruleset =
            wire.ruleset.board8().ok_or_else(|| format!("{} is not played on this page yet", wire.ruleset))?;
        let start = match &wire.fen {
            None => AnyPosition::startpos(ruleset),
            Some(text) => AnyPosition::from_fen(ruleset, text).map_err(|e| format!("bad FEN \"{text}\": {e}"))?,
        };
        let mut game = Game::from_position(start);
        for (i, text) in wire.moves.iter().enumerate() {
            let m = with_position!(&game.position(), p => uci::parse_move(p, text))
                .map_err(|e| format!("move {} ({text}): {e}", i + 1))?;
            game.play(m).map_err(|e| format!("move {} ({text}): {e}", i + 1))?;
        }
        Ok(game)
    }

    pub fn to_wire(&self) -> WireGame {
        self.wire_until(self.len())
    }

    /// The game as it stood after `ply` moves, for a search of an earlier position.
    pub fn wire_until(&self, ply: usize) -> WireGame {
        let initial = self.snapshot(0).position;
        let fen = (initial != AnyPosition::startpos(self.ruleset())).then(|| initial.fen());
        let moves = self.moves()[..ply.min(self.len())].iter().map(|m| m.to_string()).collect();
        WireGame { ruleset: self.ruleset().into(), fen, moves }
    }

    pub fn ruleset(&self) -> Ruleset {
        self.record.ruleset()
    }

    pub fn moves(&self) -> &[Move] {
        self.record.moves()
    }

    /// Moves played so far (plies).
    pub fn len(&self) -> usize {
        self.moves().len()
    }

    pub fn is_empty(&self) -> bool {
        self.moves().is_empty()
    }

    pub fn outcome(&self) -> Option<Outcome> {
        self.record.outcome()
    }

    pub fn position(&self) -> AnyPosition {
        self.record.position()
    }

    pub fn turn(&self) -> Color {
        with_position!(self.position(), p => p.turn())
    }

    /// The position after `ply` moves (clamped to the game's length).
    pub fn snapshot(&self, ply: usize) -> Snapshot {
        let ply = ply.min(self.len());
        let position = self.record.position_at(ply).expect("clamped to the game's length");
        Snapshot { position, last_move: ply.checked_sub(1).map(|i| self.moves()[i]) }
    }

    /// The legal moves now; none once the game has ended.
    pub fn legal_moves(&self) -> Vec<Move> {
        if self.outcome().is_some() {
            return Vec::new();
        }
        self.position().legal_moves().iter().copied().collect()
    }

    pub fn play(&mut self, m: Move) -> Result<(), PlayError> {
        with_record!(&mut self.record, r => r.play(m))
    }

    pub fn take_back(&mut self) -> Option<Move> {
        with_record!(&mut self.record, r => r.take_back())
    }

    /// The draw the player to move may claim now (2017 art. 9.2, 9.3), if any.
    pub fn claimable_draw(&self) -> Option<EndReason> {
        with_record!(&self.record, r => r.claimable_draw())
    }

    /// The draw the player to move may claim by announcing `m` (art. 9.2.a, 9.3.a).
    pub fn claimable_draw_with(&self, m: Move) -> Option<EndReason> {
        with_record!(&self.record, r => r.claimable_draw_with(m))
    }

    /// Judges a claim; a claim with a move plays the move either way (art. 9.5).
    pub fn claim_draw(&mut self, claim: Claim) -> Result<ClaimVerdict, PlayError> {
        with_record!(&mut self.record, r => r.claim_draw(claim))
    }

    /// Whether the ruleset's draws by repetition and the fifty-move rule are claimed (the
    /// 2017 rules, FIDE) rather than automatic (the folk rules).
    pub fn has_claims(&self) -> bool {
        use shatar_rules::{DrawRules, Rules};
        shatar_rules::with_rules!(self.ruleset(), R => R::DRAW_RULES == DrawRules::ClaimsAndAutomatic)
    }

    /// Records an ending decided off the board (resignation, a saved result).
    pub fn set_outcome(&mut self, outcome: Outcome) {
        with_record!(&mut self.record, r => r.set_outcome(outcome))
    }

    /// Each move in standard notation with `letters`, as the move list shows it.
    pub fn move_texts(&self, letters: PieceLetters) -> Vec<String> {
        with_record!(&self.record, r => r
            .moves()
            .iter()
            .zip(r.positions())
            .map(|(&m, pos)| render_san(pos, m, letters))
            .collect())
    }

    /// The move `index` (from 0) in standard notation with `letters`.
    pub fn move_text(&self, index: usize, letters: PieceLetters) -> String {
        with_position!(&self.snapshot(index).position, p => render_san(p, self.moves()[index], letters))
    }

    /// The number the record gives the move `index` (from 0): a game from a FEN may start
    /// at move 30, and with Black.
    pub fn move_number(&self, index: usize) -> u32 {
        let (first_number, first_side) = self.first_move_number();
        first_number + ((index + usize::from(first_side == Color::Black)) / 2) as u32
    }

    /// The number of the first move (a FEN may start at move 30) and whether Black made it.
    pub fn first_move_number(&self) -> (u32, Color) {
        with_position!(self.snapshot(0).position, p => (p.fullmoves(), p.turn()))
    }

    pub fn fen_at(&self, ply: usize) -> String {
        self.snapshot(ply).position.fen()
    }

    /// The game as PGN, with `tags` added to the ones the rules write (Variant, FEN), each
    /// move's clock reading after it (`[%clk h:mm:ss]`) and the draw offers (`(=)`, 2017
    /// art. 9.1.2) marked after the plies that made them.
    pub fn pgn(&self, tags: &[(&str, String)], clocks: &[u64], offers: &[usize]) -> String {
        let mut game = with_record!(&self.record, r => PgnGame::from_record(r));
        for (name, value) in tags {
            game.set_tag(name, value.clone());
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

    /// One game of a PGN file read with [`pgn::parse_games`], replayed.
    pub fn from_pgn(game: &PgnGame, default: Ruleset) -> Result<Game, ImportError> {
        let record = game.replay_any(default).map_err(|e| ImportError::Pgn(e.to_string()))?;
        Ok(Game { record })
    }

    /// Reads a pasted or loaded text: a PGN game (its Variant tag chooses the ruleset,
    /// `default` without one) or a FEN position of `default`'s rules.
    pub fn import(text: &str, default: Ruleset) -> Result<Game, ImportError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(ImportError::Empty);
        }
        if looks_like_fen(text) {
            return AnyPosition::from_fen(default, text)
                .map(Game::from_position)
                .map_err(|e| ImportError::Fen(e.to_string()));
        }
        let parsed = pgn::parse_game(text).map_err(|e| ImportError::Pgn(e.to_string()))?;
        let record = parsed.replay_any(default).map_err(|e| ImportError::Pgn(e.to_string()))?;
        Ok(Game { record })
    }
}

/// A FEN's first field is ranks separated by `/`; a PGN's first word never holds one (bar
/// a game that is only its result). A broken FEN is thus reported as a FEN.
fn looks_like_fen(text: &str) -> bool {
    let first = text.split_whitespace().next().unwrap_or("");
    first.contains('/') && first != "1/2-1/2"
}
