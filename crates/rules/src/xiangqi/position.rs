//! [`Setup`], the raw description a FEN gives, and [`Position`], a setup checked against
//! the rules, with its hash and general points kept up to date move by move.

use core::fmt;

use super::board::{
    Board, Piece, Points, Role, advisor_point, elephant_point, in_palace, soldier_point,
};
use super::moves::{Move, MoveList};
use super::square::Square;
use super::{movegen, zobrist};
use crate::outcome::{EndReason, Outcome};
use crate::types::Color;

/// A position as written, not yet checked: any pieces anywhere.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Setup {
    pub board: Board,
    pub turn: Color,
    /// Plies since the last capture.
    pub halfmoves: u32,
    /// From 1, incremented after Black's move.
    pub fullmoves: u32,
}

/// Why a [`Setup`] is not a position of the game.
///
/// The checks are what the rules make impossible, whatever the history: one general each,
/// in its palace; no more of a role than the set has (nothing promotes); advisors on the
/// five points they can reach, elephants on their seven; soldiers neither behind their
/// start rank nor, before the river, off the files they start on; and the side that has
/// just moved not in check (its general could be taken), which includes facing generals.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// Not exactly one general of this colour.
    GeneralCount { color: Color, count: usize },
    /// More of this piece than a side starts with.
    TooMany(Piece),
    /// A piece where it can never stand: a general or advisor out of its palace, an
    /// elephant off its points or across the river, a soldier behind its start.
    OutOfPlace { piece: Piece, square: Square },
    /// The side not to move is in check, or the generals face each other.
    OpponentInCheck,
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let side = |c: Color| c.fold("red", "black");
        match *self {
            PositionError::GeneralCount { color, count } => {
                write!(f, "{} has {count} generals instead of one", side(color))
            }
            PositionError::TooMany(p) => {
                write!(f, "{} has more '{p}' than the set holds", side(p.color))
            }
            PositionError::OutOfPlace { piece, square } => {
                write!(f, "'{piece}' on {square}, a point it can never reach")
            }
            PositionError::OpponentInCheck => f.write_str(
                "the side that has just moved is in check (or the generals face each other)",
            ),
        }
    }
}

impl core::error::Error for PositionError {}

/// A move that is not legal in the position it was played in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IllegalMove(pub Move);

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} is not a legal move here", self.0)
    }
}

impl core::error::Error for IllegalMove {}

/// A legal xiangqi position.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    board: Board,
    turn: Color,
    /// Each side's general, by [`Color::index`].
    generals: [Square; 2],
    halfmoves: u32,
    fullmoves: u32,
    hash: u64,
}

impl Default for Position {
    fn default() -> Self {
        Position::new()
    }
}

impl Position {
    /// Checks a setup against the rules (see [`PositionError`]).
    pub fn from_setup(setup: Setup) -> Result<Position, PositionError> {
        let mut counts = [0usize; 14];
        let mut generals = [None; 2];
        for (sq, piece) in setup.board.pieces() {
            counts[piece.index()] += 1;
            if counts[piece.index()] > piece.role.count_in_set() {
                return Err(if piece.role == Role::General {
                    PositionError::GeneralCount {
                        color: piece.color,
                        count: counts[piece.index()],
                    }
                } else {
                    PositionError::TooMany(piece)
                });
            }
            let c = piece.color;
            let in_place = match piece.role {
                Role::General => in_palace(c, sq),
                Role::Advisor => advisor_point(c, sq),
                Role::Elephant => elephant_point(c, sq),
                Role::Soldier => soldier_point(c, sq),
                Role::Horse | Role::Chariot | Role::Cannon => true,
            };
            if !in_place {
                return Err(PositionError::OutOfPlace { piece, square: sq });
            }
            if piece.role == Role::General {
                generals[c.index()] = Some(sq);
            }
        }
        let general = |c: Color| {
            generals[c.index()].ok_or(PositionError::GeneralCount { color: c, count: 0 })
        };
        let generals = [general(Color::White)?, general(Color::Black)?];
        let them = setup.turn.other();
        if movegen::attacked(&setup.board, generals[them.index()], setup.turn) {
            return Err(PositionError::OpponentInCheck);
        }
        let mut pos = Position {
            board: setup.board,
            turn: setup.turn,
            generals,
            halfmoves: setup.halfmoves,
            fullmoves: setup.fullmoves.max(1),
            hash: 0,
        };
        pos.hash = pos.hash_from_scratch();
        Ok(pos)
    }

    pub fn to_setup(&self) -> Setup {
        Setup {
            board: self.board,
            turn: self.turn,
            halfmoves: self.halfmoves,
            fullmoves: self.fullmoves,
        }
    }

    #[inline]
    pub fn board(&self) -> &Board {
        &self.board
    }
    /// The side to move; Red is [`Color::White`].
    #[inline]
    pub fn turn(&self) -> Color {
        self.turn
    }
    #[inline]
    pub fn general(&self, color: Color) -> Square {
        self.generals[color.index()]
    }
    /// Plies since the last capture: the natural move limit (AXF 2008 ch. 2 §8) counts
    /// moves without a capture.
    #[inline]
    pub fn halfmoves(&self) -> u32 {
        self.halfmoves
    }
    #[inline]
    pub fn fullmoves(&self) -> u32 {
        self.fullmoves
    }
    /// The Zobrist hash of the pieces and the side to move, kept incrementally.
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The hash computed from the board, for checking the incremental one.
    pub fn hash_from_scratch(&self) -> u64 {
        let mut h = self
            .board
            .pieces()
            .fold(0, |h, (sq, p)| h ^ zobrist::piece(p, sq));
        if self.turn == Color::Black {
            h ^= zobrist::black_to_move();
        }
        h
    }

    /// Whether the side to move is in check (or would be, were the generals facing).
    pub fn is_check(&self) -> bool {
        movegen::attacked(&self.board, self.general(self.turn), self.turn.other())
    }

    pub fn legal_moves(&self) -> MoveList {
        self.legal_moves_to(self.board.occupied_by(self.turn).complement())
    }

    /// The legal moves that take a piece, in the order [`Position::legal_moves`] lists
    /// them: what a quiescence search looks at, without generating the rest.
    pub fn legal_captures(&self) -> MoveList {
        self.legal_moves_to(self.board.occupied_by(self.turn.other()))
    }

    fn legal_moves_to(&self, targets: Points) -> MoveList {
        let mut moves = MoveList::new();
        movegen::pseudo_legal(&self.board, self.turn, targets, &mut moves);
        movegen::retain_legal(&self.board, self.turn, self.general(self.turn), &mut moves);
        moves
    }

    pub fn is_legal(&self, m: Move) -> bool {
        self.legal_moves().contains(m)
    }

    /// The moves by the movement rules alone, before the test that the general is safe:
    /// a capture here that is missing from [`Position::legal_moves`] is a "false
    /// protection" (假根, AXF ruling 29).
    pub(crate) fn pseudo_legal_moves(&self) -> MoveList {
        let mut moves = MoveList::new();
        let targets = self.board.occupied_by(self.turn).complement();
        movegen::pseudo_legal(&self.board, self.turn, targets, &mut moves);
        moves
    }

    /// Whether `m` takes a piece.
    #[inline]
    pub fn is_capture(&self, m: Move) -> bool {
        self.board.piece_at(m.to).is_some()
    }

    /// Plays a move from [`Position::legal_moves`]; anything else leaves a position that
    /// breaks the rules.
    pub fn play_unchecked(&mut self, m: Move) {
        let piece = self.board.remove(m.from).expect("a move starts on a piece");
        self.hash ^=
            zobrist::piece(piece, m.from) ^ zobrist::piece(piece, m.to) ^ zobrist::black_to_move();
        if let Some(captured) = self.board.remove(m.to) {
            self.hash ^= zobrist::piece(captured, m.to);
            self.halfmoves = 0;
        } else {
            self.halfmoves += 1;
        }
        self.board.put(m.to, piece);
        if piece.role == Role::General {
            self.generals[piece.color.index()] = m.to;
        }
        if self.turn == Color::Black {
            self.fullmoves += 1;
        }
        self.turn = self.turn.other();
    }

    /// The same position with the other side to move: what the side that just moved
    /// could do if it moved again. The repetition rulings ask this to find threats (a
    /// chase, a threat of mate). Only sound when the side that just moved is not in check,
    /// which holds after any legal move.
    pub(crate) fn passed(&self) -> Position {
        let mut next = *self;
        next.turn = self.turn.other();
        next.hash ^= zobrist::black_to_move();
        next
    }

    /// Whether two positions are the same for repetition: same pieces on the same points,
    /// same side to move (the move counters aside).
    pub fn same_placement(&self, other: &Position) -> bool {
        self.hash == other.hash && self.turn == other.turn && self.board == other.board
    }

    /// Whether `color`'s general would be attacked along a line (by a chariot, a cannon or
    /// the facing general) with the piece on `sq` lifted off the board: the piece is pinned
    /// to its line (AXF ruling 22). A piece on a horse's leg is not pinned this way: it is
    /// the horse that is hobbled, and the piece may still take it.
    pub(crate) fn pinned(&self, sq: Square, color: Color) -> bool {
        let general = self.generals[color.index()];
        if super::movegen::attacked(&self.board, general, color.other()) {
            // Already in check: the piece holds nothing back.
            return false;
        }
        let mut board = self.board;
        board.remove(sq);
        for (at, piece) in self.board.pieces() {
            if piece.color != color && piece.role == Role::Horse {
                board.remove(at);
            }
        }
        super::movegen::attacked(&board, general, color.other())
    }

    /// Whether the piece on `sq` is pinned to its line by an enemy cannon (AXF ruling 22):
    /// pinned, and no longer once the enemy cannons are gone.
    pub(crate) fn pinned_by_cannon(&self, sq: Square, color: Color) -> bool {
        if !self.pinned(sq, color) {
            return false;
        }
        let mut without_cannons = *self;
        for (at, piece) in self.board.pieces() {
            if piece.color != color && piece.role == Role::Cannon {
                without_cannons.board.remove(at);
            }
        }
        !without_cannons.pinned(sq, color)
    }

    /// Plays `m` if it is legal.
    pub fn play(&mut self, m: Move) -> Result<(), IllegalMove> {
        if !self.is_legal(m) {
            return Err(IllegalMove(m));
        }
        self.play_unchecked(m);
        Ok(())
    }

    /// The end decided by the position alone. The side to move with no legal move loses,
    /// in check or not (1956 ch. 5: 被困、无棋子可走时也算败): stalemate is a loss.
    /// Repetition and the natural move limit depend on history and are the record's.
    pub fn outcome(&self) -> Option<Outcome> {
        if !self.legal_moves().is_empty() {
            return None;
        }
        let reason = if self.is_check() {
            EndReason::Checkmate
        } else {
            EndReason::NoLegalMove
        };
        Some(Outcome::win(self.turn.other(), reason))
    }

    /// Counts the leaves of the legal move tree `depth` plies deep ([`crate::perft`]).
    pub fn perft(&self, depth: u32) -> u64 {
        crate::game_position::perft(self, depth)
    }

    /// Perft split by first move ([`crate::divide`]).
    pub fn divide(&self, depth: u32) -> alloc::vec::Vec<(Move, u64)> {
        crate::game_position::divide(self, depth)
    }
}

impl crate::game_position::GamePosition for Position {
    type Move = Move;
    type MoveList = MoveList;

    #[inline]
    fn turn(&self) -> Color {
        self.turn
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
        Position::is_capture(self, m)
    }
    #[inline]
    fn hash(&self) -> u64 {
        self.hash
    }
    #[inline]
    fn halfmoves(&self) -> u32 {
        self.halfmoves
    }
    fn outcome(&self) -> Option<Outcome> {
        Position::outcome(self)
    }
}
