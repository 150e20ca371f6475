//! [`Position`]: a validated position of one ruleset, with legal move generation and
//! incremental Zobrist hashing.
//!
//! What differs between the 8x8 games lives in the [`Rules`] type parameter: its state type
//! (castling rights and en passant for FIDE chess; the compulsory first round for the
//! Mongolian rulesets), its promotion choices, and a few hooks. The hooks are resolved at
//! compile time, so the generation loop carries no game flags.

use core::fmt::Debug;
use core::hash::Hash;

use crate::bitboard::Bitboard;
use crate::board::Board;
mod movegen;

use crate::moves::{Move, MoveKind, MoveList};
use crate::outcome::{EndReason, Outcome};
use crate::ruleset::Ruleset;
use crate::setup::Setup;
use crate::types::{Color, Piece, Rank, Role, Square};
use crate::zobrist;
pub use movegen::GenContext;

/// A ruleset on the 8x8 board. Implemented by [`crate::Mongolian`], [`crate::MongolianFolk`]
/// and [`crate::Chess`].
pub trait Rules: Copy + Debug + Default + Eq + Hash + Send + Sync + 'static {
    const RULESET: Ruleset;
    /// Promotion choices, strongest first (2017 art. 3.7: Q R B N; folk rules: Q only).
    const PROMOTIONS: &'static [Role];
    /// How repetitions and long games end (claims and automatic draws).
    const DRAW_RULES: DrawRules;
    /// What this ruleset tracks beyond the board, the side to move and the counters.
    type State: Copy + Debug + Default + Eq + Hash + Send + Sync;

    /// Reads (and checks) the ruleset's state from a setup's castling and en passant fields.
    fn state_from_setup(setup: &Setup) -> Result<Self::State, PositionError>;
    /// Writes the ruleset's state back into a setup's castling and en passant fields.
    fn state_to_setup(state: &Self::State, setup: &mut Setup);
    /// The state's share of the Zobrist hash.
    fn state_hash(state: &Self::State) -> u64;

    /// A ruleset may fix the legal moves outright (the compulsory first round) or end the
    /// game with no moves at all (the folk bare king). Checked before normal generation.
    fn restriction(pos: &Position<Self>) -> Restriction;
    /// Moves beyond the common ones: double steps, en passant, castling.
    fn extra_moves(pos: &Position<Self>, ctx: &GenContext, list: &mut MoveList);
    /// Updates the state (and its hash share) after `m` has been played on the board.
    fn update_state(pos: &mut Position<Self>, m: Move, moved: Piece, captured: Option<Role>);
    /// The state after a null move (the side to move passes): what a pass would forfeit,
    /// such as an en passant right. Only the engine passes, to test a position's threats.
    fn state_after_pass(state: &Self::State) -> Self::State {
        *state
    }

    /// The initial position as written down (2017 art. 2.4; FIDE 2.3 adds castling rights).
    fn initial_setup() -> Setup {
        Setup::initial()
    }

    /// A game end that is a property of the position alone and not a mate or stalemate.
    fn variant_end(pos: &Position<Self>) -> Option<Outcome>;
    /// What a checkmate of the side to move means (a win, or the folk knight-mate draw).
    fn checkmate_outcome(pos: &Position<Self>) -> Outcome {
        Outcome::win(pos.turn().other(), EndReason::Checkmate)
    }
    /// Whether `color` could still win by some sequence of legal moves, however unlikely.
    fn can_win(board: &Board, color: Color) -> bool;
}

/// How a ruleset treats repetition and long games without progress. History rules, applied
/// by [`crate::GameRecord`], not by the position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DrawRules {
    /// 2017 art. 9.2, 9.3, 9.6 (and today's FIDE Laws): threefold repetition and fifty
    /// moves are claimed by the player to move; fivefold repetition and seventy-five moves
    /// end the game by themselves.
    ClaimsAndAutomatic,
    /// The folk rules: threefold repetition (③) and perpetual check (④) end the game
    /// drawn by themselves; there is no move-count rule.
    Folk,
}

/// See [`Rules::restriction`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Restriction {
    None,
    Only(&'static [Move]),
    GameOver,
}

/// Why a [`Setup`] is not a legal position of a ruleset.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PositionError {
    MissingKing(Color),
    TooManyKings(Color),
    PawnOnBackRank(Square),
    /// The side that has just moved is in check: its opponent could take the king.
    OppositeCheck,
    TooManyCheckers,
    /// This ruleset has no castling (2017: the rules define none).
    CastlingNotInThisGame,
    /// A castling right without the king and rook on their original squares.
    InvalidCastlingRights,
    /// This ruleset has no en passant (2017 art. 3.7).
    EnPassantNotInThisGame,
    /// The en passant square does not follow a double step of the side that just moved.
    InvalidEnPassant(Square),
}

impl core::fmt::Display for PositionError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            PositionError::MissingKing(c) => write!(f, "{} has no king", c.name()),
            PositionError::TooManyKings(c) => write!(f, "{} has more than one king", c.name()),
            PositionError::PawnOnBackRank(sq) => write!(f, "a pawn stands on {sq}, a first or last rank"),
            PositionError::OppositeCheck => f.write_str("the side not to move is in check"),
            PositionError::TooManyCheckers => f.write_str("the king is checked by more than two pieces"),
            PositionError::CastlingNotInThisGame => {
                f.write_str("castling rights given, but this game has no castling (the castling field must be '-')")
            }
            PositionError::InvalidCastlingRights => {
                f.write_str("a castling right needs the king and that rook on their original squares")
            }
            PositionError::EnPassantNotInThisGame => {
                f.write_str("an en passant square given, but this game has no en passant (the field must be '-')")
            }
            PositionError::InvalidEnPassant(sq) => {
                write!(f, "{sq} cannot be an en passant square: no pawn has just stepped over it")
            }
        }
    }
}

impl core::error::Error for PositionError {}

/// A legal position of the ruleset `R`. Equality and hashing follow the repetition rule
/// (2017 art. 9.2: same side to move, same pieces, same possible moves); the move counters
/// are ignored.
#[derive(Clone, Copy, Debug)]
pub struct Position<R: Rules> {
    board: Board,
    turn: Color,
    state: R::State,
    halfmoves: u32,
    fullmoves: u32,
    hash: u64,
}

impl<R: Rules> PartialEq for Position<R> {
    fn eq(&self, other: &Self) -> bool {
        self.board == other.board && self.turn == other.turn && self.state == other.state
    }
}
impl<R: Rules> Eq for Position<R> {}
impl<R: Rules> Hash for Position<R> {
    fn hash<H: core::hash::Hasher>(&self, h: &mut H) {
        h.write_u64(self.hash);
    }
}

impl<R: Rules> Default for Position<R> {
    fn default() -> Self {
        Self::new()
    }
}

impl<R: Rules> Position<R> {
    /// The initial position (2017 art. 2.4; FIDE 2.3).
    pub fn new() -> Self {
        Self::from_setup(&R::initial_setup()).expect("the initial position is legal")
    }

    /// Checks `setup` against the rules of `R`.
    pub fn from_setup(setup: &Setup) -> Result<Self, PositionError> {
        let board = setup.board;
        for color in Color::ALL {
            match (board.kings() & board.by_color(color)).count() {
                0 => return Err(PositionError::MissingKing(color)),
                1 => {}
                _ => return Err(PositionError::TooManyKings(color)),
            }
        }
        let back_ranks = Bitboard::from_rank(Rank::First) | Bitboard::from_rank(Rank::Eighth);
        if let Some(sq) = (board.pawns() & back_ranks).first() {
            return Err(PositionError::PawnOnBackRank(sq));
        }
        let state = R::state_from_setup(setup)?;
        let mut pos = Position {
            board,
            turn: setup.turn,
            state,
            halfmoves: setup.halfmoves,
            fullmoves: setup.fullmoves.max(1),
            hash: 0,
        };
        pos.hash = pos.compute_hash();
        let them = pos.turn.other();
        let their_king = board.king_of(them).expect("one king checked above");
        if board.is_attacked(their_king, pos.turn, board.occupied()) {
            return Err(PositionError::OppositeCheck);
        }
        if pos.checkers().count() > 2 {
            return Err(PositionError::TooManyCheckers);
        }
        Ok(pos)
    }

    /// The position as a [`Setup`] (for FEN output).
    pub fn to_setup(&self) -> Setup {
        let mut setup = Setup {
            board: self.board,
            turn: self.turn,
            castling: crate::setup::CastlingRights::NONE,
            en_passant: None,
            halfmoves: self.halfmoves,
            fullmoves: self.fullmoves,
        };
        R::state_to_setup(&self.state, &mut setup);
        setup
    }

    #[inline]
    pub fn board(&self) -> &Board {
        &self.board
    }
    #[inline]
    pub fn turn(&self) -> Color {
        self.turn
    }
    #[inline]
    pub fn state(&self) -> &R::State {
        &self.state
    }
    /// Plies since the last capture or pawn move.
    #[inline]
    pub fn halfmoves(&self) -> u32 {
        self.halfmoves
    }
    #[inline]
    pub fn fullmoves(&self) -> u32 {
        self.fullmoves
    }
    /// The Zobrist hash, kept up to date move by move.
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }
    #[inline]
    pub fn ruleset(&self) -> Ruleset {
        R::RULESET
    }

    /// The hash computed from scratch; equal to [`Position::hash`] (a tested property).
    pub fn compute_hash(&self) -> u64 {
        let mut h = 0;
        for (sq, piece) in self.board.pieces() {
            h ^= zobrist::piece(piece, sq);
        }
        if self.turn == Color::Black {
            h ^= zobrist::black_to_move();
        }
        h ^ R::state_hash(&self.state)
    }

    #[inline]
    pub fn our_king(&self) -> Square {
        self.board
            .king_of(self.turn)
            .expect("a legal position has one king of each colour")
    }

    /// The enemy pieces giving check.
    #[inline]
    pub fn checkers(&self) -> Bitboard {
        self.board
            .attackers(self.our_king(), self.turn.other(), self.board.occupied())
    }

    #[inline]
    pub fn is_check(&self) -> bool {
        self.checkers().any()
    }

    /// Whether `m` is among the legal moves.
    pub fn is_legal(&self, m: Move) -> bool {
        self.legal_moves().contains(m)
    }

    /// Plays a legal move in place. Playing an illegal move leaves a meaningless position;
    /// use [`Position::play`] for moves from outside.
    pub fn play_unchecked(&mut self, m: Move) {
        let us = self.turn;
        let them = us.other();
        let (from, to) = (m.from(), m.to());
        let moved = Piece::new(
            us,
            self.board
                .role_at(from)
                .expect("a piece on the from-square"),
        );
        let captured = match m.kind() {
            MoveKind::EnPassant => Some(Role::Pawn),
            MoveKind::Castle => None,
            _ => self.board.role_at(to),
        };

        if let Some(role) = captured {
            let cap_sq = if m.kind() == MoveKind::EnPassant {
                Square::from_coords(to.file(), from.rank())
            } else {
                to
            };
            let piece = Piece::new(them, role);
            self.board.take(cap_sq, piece);
            self.hash ^= zobrist::piece(piece, cap_sq);
        }
        self.board.take(from, moved);
        self.hash ^= zobrist::piece(moved, from);
        let placed = Piece::new(us, m.promotion().unwrap_or(moved.role));
        self.board.put(to, placed);
        self.hash ^= zobrist::piece(placed, to);

        if m.kind() == MoveKind::Castle {
            let (rook_from, rook_to) = castling_rook_squares(to);
            let rook = Piece::new(us, Role::Rook);
            self.board.take(rook_from, rook);
            self.board.put(rook_to, rook);
            self.hash ^= zobrist::piece(rook, rook_from) ^ zobrist::piece(rook, rook_to);
        }

        self.hash ^= R::state_hash(&self.state);
        R::update_state(self, m, moved, captured);
        self.hash ^= R::state_hash(&self.state);

        self.halfmoves = if captured.is_some() || moved.role == Role::Pawn {
            0
        } else {
            self.halfmoves + 1
        };
        if us == Color::Black {
            self.fullmoves += 1;
        }
        self.turn = them;
        self.hash ^= zobrist::black_to_move();
    }

    /// Whether the side to move may pass for the engine's null-move test: not in check,
    /// and not in a position whose moves a ruleset fixes (the compulsory first round, a
    /// game over), where a pass would leave a position the rules cannot reach.
    pub fn can_pass(&self) -> bool {
        !self.is_check() && R::restriction(self) == Restriction::None
    }

    /// The side to move passes (a "null move"), for the engine's search only; the
    /// position must allow it ([`Position::can_pass`]).
    pub fn play_null(&mut self) {
        debug_assert!(self.can_pass(), "a pass in a position that forbids it");
        let after = R::state_after_pass(&self.state);
        self.hash ^= R::state_hash(&self.state) ^ R::state_hash(&after);
        self.state = after;
        self.halfmoves += 1;
        if self.turn == Color::Black {
            self.fullmoves += 1;
        }
        self.turn = self.turn.other();
        self.hash ^= zobrist::black_to_move();
    }

    /// Plays `m` if it is legal.
    pub fn play(&self, m: Move) -> Result<Self, IllegalMove> {
        if !self.is_legal(m) {
            return Err(IllegalMove(m));
        }
        let mut next = *self;
        next.play_unchecked(m);
        Ok(next)
    }

    /// The state's fields, for rulesets' hooks.
    pub(crate) fn state_mut(&mut self) -> &mut R::State {
        &mut self.state
    }

    pub fn is_checkmate(&self) -> bool {
        self.is_check() && self.legal_moves().is_empty() && R::variant_end(self).is_none()
    }

    pub fn is_stalemate(&self) -> bool {
        !self.is_check() && self.legal_moves().is_empty() && R::variant_end(self).is_none()
    }

    /// Neither side can checkmate by any legal sequence (2017 art. 1.4, 5.2.2). Detected:
    /// the material cases of [`Rules::can_win`] for both sides (bare kings, a lone minor
    /// piece, bishops all on squares of one colour; folk: knights alone cannot win).
    /// Not detected: blockades where material remains but no piece can get through.
    pub fn is_dead_position(&self) -> bool {
        !R::can_win(&self.board, Color::White) && !R::can_win(&self.board, Color::Black)
    }

    /// Whether `color` could still checkmate by some legal sequence: the test for a flag
    /// fall (2017 art. 6.9: the flag falls, but the opponent cannot mate: a draw).
    pub fn can_checkmate(&self, color: Color) -> bool {
        R::can_win(&self.board, color)
    }

    /// How the game stands by the position alone: mate, stalemate, a dead position, or a
    /// ruleset's own end. Repetition and move counts are the game record's business.
    pub fn outcome(&self) -> Option<Outcome> {
        if let Some(end) = R::variant_end(self) {
            return Some(end);
        }
        if self.legal_moves().is_empty() {
            return Some(if self.is_check() {
                R::checkmate_outcome(self)
            } else {
                Outcome::draw(EndReason::Stalemate)
            });
        }
        if self.is_dead_position() {
            return Some(Outcome::draw(EndReason::DeadPosition));
        }
        None
    }

    /// Perft split by root move ([`crate::divide`]).
    pub fn divide(&self, depth: u32) -> alloc::vec::Vec<(Move, u64)> {
        crate::game_position::divide(self, depth)
    }

    /// Counts the leaves of the legal move tree `depth` plies deep ([`crate::perft`]).
    pub fn perft(&self, depth: u32) -> u64 {
        crate::game_position::perft(self, depth)
    }
}

/// A move that is not legal in the position it was played in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IllegalMove(pub Move);

impl core::fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "illegal move {}", self.0)
    }
}

impl core::error::Error for IllegalMove {}

/// The rook's move in a FIDE castling, given the king's destination.
pub(crate) fn castling_rook_squares(king_to: Square) -> (Square, Square) {
    match king_to {
        Square::G1 => (Square::H1, Square::F1),
        Square::C1 => (Square::A1, Square::D1),
        Square::G8 => (Square::H8, Square::F8),
        Square::C8 => (Square::A8, Square::D8),
        _ => unreachable!("castling moves the king to c1, g1, c8 or g8"),
    }
}

/// The material test shared by the rulesets: can `color` still give mate, helped by any
/// sequence of moves of both sides? A pawn, rook or queen always can. A lone knight can
/// only mate with the opponent's help (its pieces blocking its king), which a queen-only
/// opponent cannot give (she could always take the knight). Bishops alone can only mate
/// if some piece stands on the other colour of squares.
pub(crate) fn material_can_win(board: &Board, color: Color) -> bool {
    let ours = board.by_color(color);
    let theirs = board.by_color(color.other());
    if (ours & (board.pawns() | board.rooks() | board.queens())).any() {
        return true;
    }
    if (ours & board.knights()).any() {
        return ours.count() > 2 || (theirs & !board.kings() & !board.queens()).any();
    }
    if (ours & board.bishops()).any() {
        let bishops = board.bishops();
        let same_colour = (bishops & Bitboard::DARK_SQUARES).is_empty()
            || (bishops & Bitboard::LIGHT_SQUARES).is_empty();
        return !same_colour || (board.pawns() | board.knights()).any();
    }
    false
}

/// The 8x8 games behind the trait every game shares ([`GamePosition`](crate::GamePosition)).
impl<R: Rules> crate::game_position::GamePosition for Position<R> {
    type Move = Move;
    type MoveList = MoveList;

    #[inline]
    fn turn(&self) -> Color {
        Position::turn(self)
    }
    #[inline]
    fn legal_moves(&self) -> MoveList {
        Position::legal_moves(self)
    }
    #[inline]
    fn play_unchecked(&mut self, m: Move) {
        Position::play_unchecked(self, m)
    }
    #[inline]
    fn is_check(&self) -> bool {
        Position::is_check(self)
    }
    #[inline]
    fn is_capture(&self, m: Move) -> bool {
        self.board()
            .by_color(Position::turn(self).other())
            .contains(m.to())
            || m.kind() == crate::moves::MoveKind::EnPassant
    }
    #[inline]
    fn hash(&self) -> u64 {
        Position::hash(self)
    }
    #[inline]
    fn halfmoves(&self) -> u32 {
        Position::halfmoves(self)
    }
    fn outcome(&self) -> Option<Outcome> {
        Position::outcome(self)
    }
}
