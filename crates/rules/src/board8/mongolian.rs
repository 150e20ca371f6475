//! The two Mongolian rulesets: [`Mongolian`] (Inner Mongolia 2017) and [`MongolianFolk`].
//!
//! Both differ from FIDE chess in the same ways: the compulsory first round, no castling,
//! no en passant, and no pawn double step after the first round.
//!
//! # How a FEN tells that the first round is pending
//! The board alone tells, and no extra FEN field is needed. The first round is pending
//! exactly when
//! - White is to move and the board is the initial array: White must play e2-e4 or d2-d4;
//! - Black is to move and the board is the initial array with only White's e-pawn moved to
//!   e4 (or d-pawn to d4): Black must answer e7-e5 (or d7-d5).
//!
//! This cannot misfire in a game: pawns never move back, so after the first round the
//! board can never show either array again. A FEN with the initial array and White to move
//! is therefore always the start of a game, whatever its move counters say. The castling
//! and en passant fields must be `-` (2017 has neither; the first round's double step
//! gives no en passant).

use crate::board::Board;
use crate::moves::{Move, MoveKind, MoveList};
use crate::outcome::{EndReason, Outcome};
use crate::position::GenContext;
use crate::position::{DrawRules, Position, PositionError, Restriction, Rules, material_can_win};
use crate::ruleset::Ruleset;
use crate::setup::Setup;
use crate::types::{Color, Piece, Role, Square};

/// Where a Mongolian game stands in the compulsory first round (2017 art. 1.2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum FirstRound {
    /// White to move from the initial array: e2-e4 or d2-d4.
    WhiteOpens,
    /// Black must mirror White's opening step: e7-e5 or d7-d5.
    BlackMirrors(Opening),
    /// The first round is over (or the position never had one): any legal move.
    #[default]
    Done,
}

/// White's choice in the first round (2017 art. 1.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Opening {
    /// 1.e4 e5, the "open opening" (开放性开局).
    Open,
    /// 1.d4 d5, the "closed opening" (封闭性开局).
    Closed,
}

const WHITE_OPENINGS: [Move; 2] = [
    Move::new(Square::E2, Square::E4, MoveKind::DoubleStep),
    Move::new(Square::D2, Square::D4, MoveKind::DoubleStep),
];
const BLACK_OPEN_REPLY: [Move; 1] = [Move::new(Square::E7, Square::E5, MoveKind::DoubleStep)];
const BLACK_CLOSED_REPLY: [Move; 1] = [Move::new(Square::D7, Square::D5, MoveKind::DoubleStep)];

fn first_round_of(setup: &Setup) -> FirstRound {
    let initial = Board::initial();
    match setup.turn {
        Color::White if setup.board == initial => FirstRound::WhiteOpens,
        Color::Black => {
            let after = |from: Square, to: Square| {
                let mut b = initial;
                b.take(from, Piece::new(Color::White, Role::Pawn));
                b.put(to, Piece::new(Color::White, Role::Pawn));
                b
            };
            if setup.board == after(Square::E2, Square::E4) {
                FirstRound::BlackMirrors(Opening::Open)
            } else if setup.board == after(Square::D2, Square::D4) {
                FirstRound::BlackMirrors(Opening::Closed)
            } else {
                FirstRound::Done
            }
        }
        Color::White => FirstRound::Done,
    }
}

fn mongolian_state_from_setup(setup: &Setup) -> Result<FirstRound, PositionError> {
    if !setup.castling.is_empty() {
        return Err(PositionError::CastlingNotInThisGame);
    }
    if setup.en_passant.is_some() {
        return Err(PositionError::EnPassantNotInThisGame);
    }
    Ok(first_round_of(setup))
}

fn first_round_restriction(state: FirstRound) -> Restriction {
    match state {
        FirstRound::WhiteOpens => Restriction::Only(&WHITE_OPENINGS),
        FirstRound::BlackMirrors(Opening::Open) => Restriction::Only(&BLACK_OPEN_REPLY),
        FirstRound::BlackMirrors(Opening::Closed) => Restriction::Only(&BLACK_CLOSED_REPLY),
        FirstRound::Done => Restriction::None,
    }
}

fn next_first_round(state: FirstRound, m: Move) -> FirstRound {
    match state {
        FirstRound::WhiteOpens if m.from() == Square::E2 => FirstRound::BlackMirrors(Opening::Open),
        FirstRound::WhiteOpens => FirstRound::BlackMirrors(Opening::Closed),
        _ => FirstRound::Done,
    }
}

/// Mongolian chess under the Inner Mongolia Mongolian Chess Association rules of 2017.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Mongolian;

impl Rules for Mongolian {
    const RULESET: Ruleset = Ruleset::Mongolian;
    // 2017 art. 3.7: queen, rook, bishop or knight, the player's choice.
    const PROMOTIONS: &'static [Role] = &[Role::Queen, Role::Rook, Role::Bishop, Role::Knight];
    const DRAW_RULES: DrawRules = DrawRules::ClaimsAndAutomatic;
    type State = FirstRound;

    fn state_from_setup(setup: &Setup) -> Result<FirstRound, PositionError> {
        mongolian_state_from_setup(setup)
    }
    fn state_to_setup(_: &FirstRound, _: &mut Setup) {}
    // The first round is a function of the board, so the board's keys already cover it.
    fn state_hash(_: &FirstRound) -> u64 {
        0
    }
    fn restriction(pos: &Position<Self>) -> Restriction {
        first_round_restriction(*pos.state())
    }
    fn extra_moves(_: &Position<Self>, _: &GenContext, _: &mut MoveList) {}
    fn update_state(pos: &mut Position<Self>, m: Move, _: Piece, _: Option<Role>) {
        let next = next_first_round(*pos.state(), m);
        *pos.state_mut() = next;
    }
    fn variant_end(_: &Position<Self>) -> Option<Outcome> {
        None
    }
    fn can_win(board: &Board, color: Color) -> bool {
        material_can_win(board, color)
    }
}

/// Mongolian chess under the folk rules: promotion to a queen only, a bare king draws at
/// once, a knight's checkmate is a draw. Perpetual check and the automatic threefold
/// repetition are history rules, in [`crate::record::GameRecord`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct MongolianFolk;

impl Rules for MongolianFolk {
    const RULESET: Ruleset = Ruleset::MongolianFolk;
    // Folk rules (5): a pawn on the last rank becomes a queen, never another piece.
    const PROMOTIONS: &'static [Role] = &[Role::Queen];
    const DRAW_RULES: DrawRules = DrawRules::Folk;
    type State = FirstRound;

    fn state_from_setup(setup: &Setup) -> Result<FirstRound, PositionError> {
        mongolian_state_from_setup(setup)
    }
    fn state_to_setup(_: &FirstRound, _: &mut Setup) {}
    fn state_hash(_: &FirstRound) -> u64 {
        0
    }
    fn restriction(pos: &Position<Self>) -> Restriction {
        if has_bare_king(pos.board()) {
            return Restriction::GameOver;
        }
        first_round_restriction(*pos.state())
    }
    fn extra_moves(_: &Position<Self>, _: &GenContext, _: &mut MoveList) {}
    fn update_state(pos: &mut Position<Self>, m: Move, _: Piece, _: Option<Role>) {
        let next = next_first_round(*pos.state(), m);
        *pos.state_mut() = next;
    }
    /// Folk rules ⑤: capturing everything but the king draws, at once.
    fn variant_end(pos: &Position<Self>) -> Option<Outcome> {
        has_bare_king(pos.board()).then(|| Outcome::draw(EndReason::BareKing))
    }
    /// Folk rules ⑥: a checkmate delivered by a knight is only a draw. "Delivered by a
    /// knight" means a knight is among the checking pieces; a discovered mate by another
    /// piece after a knight move is a normal win.
    fn checkmate_outcome(pos: &Position<Self>) -> Outcome {
        if (pos.checkers() & pos.board().knights()).any() {
            Outcome::draw(EndReason::KnightMate)
        } else {
            Outcome::win(pos.turn().other(), EndReason::Checkmate)
        }
    }
    /// A side whose only men besides the king are knights can never win: every mate it
    /// could give would be a knight's.
    fn can_win(board: &Board, color: Color) -> bool {
        let ours = board.by_color(color);
        let non_knights = ours & !board.kings() & !board.knights();
        non_knights.any() && material_can_win(board, color)
    }
}

/// Whether a side has nothing left but its king (folk rules ⑤).
pub fn has_bare_king(board: &Board) -> bool {
    Color::ALL
        .into_iter()
        .any(|c| board.by_color(c).count() == 1)
}
