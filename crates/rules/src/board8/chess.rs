//! [`Chess`]: FIDE chess, with castling (3.8), en passant (3.7.4) and the two-square first
//! pawn move (3.7.2).

use crate::attacks;
use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::moves::{Move, MoveKind, MoveList};
use crate::outcome::Outcome;
use crate::position::GenContext;
use crate::position::{DrawRules, Position, PositionError, Restriction, Rules, material_can_win};
use crate::ruleset::Ruleset;
use crate::setup::{CastlingRights, Setup};
use crate::types::{Color, Piece, Rank, Role, Square};
use crate::zobrist;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Chess;

/// Castling rights and the en passant square. The en passant square is kept only when an
/// enemy pawn stands ready to take (FIDE 9.2: positions are the same when the same moves
/// are possible), so that repetition and hashing see through a harmless double step.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ChessState {
    pub castling: CastlingRights,
    pub en_passant: Option<Square>,
}

fn castling_rights_valid(board: &Board, rights: CastlingRights) -> bool {
    let at = |sq, color, role| board.piece_at(sq) == Some(Piece::new(color, role));
    [
        (
            CastlingRights::WHITE_KING_SIDE,
            Square::E1,
            Square::H1,
            Color::White,
        ),
        (
            CastlingRights::WHITE_QUEEN_SIDE,
            Square::E1,
            Square::A1,
            Color::White,
        ),
        (
            CastlingRights::BLACK_KING_SIDE,
            Square::E8,
            Square::H8,
            Color::Black,
        ),
        (
            CastlingRights::BLACK_QUEEN_SIDE,
            Square::E8,
            Square::A8,
            Color::Black,
        ),
    ]
    .into_iter()
    .all(|(bit, king, rook, color)| {
        !rights.has(bit) || (at(king, color, Role::King) && at(rook, color, Role::Rook))
    })
}

/// The en passant square if a pawn of the side to move could take on it.
fn useful_en_passant(board: &Board, turn: Color, sq: Square) -> Option<Square> {
    (attacks::pawn_attacks(turn.other(), sq) & board.pawns() & board.by_color(turn))
        .any()
        .then_some(sq)
}

impl Rules for Chess {
    const RULESET: Ruleset = Ruleset::Chess;
    const PROMOTIONS: &'static [Role] = &[Role::Queen, Role::Rook, Role::Bishop, Role::Knight];
    const DRAW_RULES: DrawRules = DrawRules::ClaimsAndAutomatic;
    type State = ChessState;

    fn state_from_setup(setup: &Setup) -> Result<ChessState, PositionError> {
        if !castling_rights_valid(&setup.board, setup.castling) {
            return Err(PositionError::InvalidCastlingRights);
        }
        let en_passant = match setup.en_passant {
            None => None,
            Some(sq) => {
                let them = setup.turn.other();
                let ep_rank = Rank::Third.relative_to(them);
                let forward: i32 = them.fold(1, -1);
                let pawn_sq = sq.offset(0, forward);
                let origin = sq.offset(0, -forward);
                let valid = sq.rank() == ep_rank
                    && pawn_sq.is_some_and(|p| {
                        setup.board.piece_at(p) == Some(Piece::new(them, Role::Pawn))
                    })
                    && !setup.board.occupied().contains(sq)
                    && origin.is_some_and(|o| !setup.board.occupied().contains(o));
                if !valid {
                    return Err(PositionError::InvalidEnPassant(sq));
                }
                useful_en_passant(&setup.board, setup.turn, sq)
            }
        };
        Ok(ChessState {
            castling: setup.castling,
            en_passant,
        })
    }

    fn initial_setup() -> Setup {
        Setup {
            castling: CastlingRights::ALL,
            ..Setup::initial()
        }
    }

    fn state_to_setup(state: &ChessState, setup: &mut Setup) {
        setup.castling = state.castling;
        setup.en_passant = state.en_passant;
    }

    fn state_hash(state: &ChessState) -> u64 {
        let mut h = 0;
        for bit in 0..4 {
            if state.castling.has(1 << bit) {
                h ^= zobrist::castling_right(bit);
            }
        }
        if let Some(sq) = state.en_passant {
            h ^= zobrist::en_passant_file(sq.file() as usize);
        }
        h
    }

    fn restriction(_: &Position<Self>) -> Restriction {
        Restriction::None
    }

    fn extra_moves(pos: &Position<Self>, ctx: &GenContext, list: &mut MoveList) {
        gen_double_steps(pos, ctx, list);
        gen_en_passant(pos, ctx, list);
        gen_castling(pos, ctx, list);
    }

    fn update_state(pos: &mut Position<Self>, m: Move, moved: Piece, _: Option<Role>) {
        let lost =
            CastlingRights::lost_by_touching(m.from()) | CastlingRights::lost_by_touching(m.to());
        let board = *pos.board();
        let state = pos.state_mut();
        state.castling = CastlingRights(state.castling.0 & !lost);
        state.en_passant = None;
        if m.kind() == MoveKind::DoubleStep {
            let passed = Square::from_coords(m.from().file(), Rank::Third.relative_to(moved.color));
            state.en_passant = useful_en_passant(&board, moved.color.other(), passed);
        }
    }

    fn state_after_pass(state: &ChessState) -> ChessState {
        ChessState {
            en_passant: None,
            ..*state
        }
    }

    fn variant_end(_: &Position<Self>) -> Option<Outcome> {
        None
    }

    fn can_win(board: &Board, color: Color) -> bool {
        material_can_win(board, color)
    }
}

fn gen_double_steps(pos: &Position<Chess>, ctx: &GenContext, list: &mut MoveList) {
    let start = Bitboard::from_rank(Rank::Second.relative_to(ctx.us));
    let dir: i32 = ctx.us.fold(1, -1);
    for from in pos.board().pawns() & ctx.ours & start {
        let mid = from.offset(0, dir).expect("second rank has a third");
        let to = from.offset(0, 2 * dir).expect("second rank has a fourth");
        if ctx.occupied.contains(mid) || ctx.occupied.contains(to) || !ctx.target.contains(to) {
            continue;
        }
        if ctx.pinned.contains(from) && !attacks::line(ctx.king, from).contains(to) {
            continue;
        }
        list.push(Move::new(from, to, MoveKind::DoubleStep));
    }
}

fn gen_en_passant(pos: &Position<Chess>, ctx: &GenContext, list: &mut MoveList) {
    let Some(ep) = pos.state().en_passant else {
        return;
    };
    let board = pos.board();
    for from in attacks::pawn_attacks(ctx.us.other(), ep) & board.pawns() & ctx.ours {
        let victim = Square::from_coords(ep.file(), from.rank());
        // Rare enough to check the hard way: both pawns leave their squares, which can
        // uncover a slider on the king's rank (the classic horizontal pin).
        let occupied = (ctx.occupied.without(from).without(victim)).with(ep);
        let them = ctx.theirs.without(victim);
        let attacked =
            (attacks::rook_attacks(ctx.king, occupied) & board.straight_sliders() & them).any()
                || (attacks::bishop_attacks(ctx.king, occupied) & board.diagonal_sliders() & them)
                    .any()
                || (attacks::knight_attacks(ctx.king) & board.knights() & them).any()
                || (attacks::pawn_attacks(ctx.us, ctx.king) & board.pawns() & them).any();
        if !attacked {
            list.push(Move::new(from, ep, MoveKind::EnPassant));
        }
    }
}

fn gen_castling(pos: &Position<Chess>, ctx: &GenContext, list: &mut MoveList) {
    let rights = pos.state().castling;
    if ctx.checkers.any() || rights.is_empty() {
        return;
    }
    let back = Rank::First.relative_to(ctx.us);
    let sq = |file: u32| Square::from_coords(crate::types::File::ALL[file as usize], back);
    let them = ctx.us.other();
    for (bit, rook_file, king_to, path) in [
        (
            CastlingRights::king_side(ctx.us),
            7,
            6,
            [5u32, 6].as_slice(),
        ),
        (
            CastlingRights::queen_side(ctx.us),
            0,
            2,
            [3u32, 2].as_slice(),
        ),
    ] {
        if !rights.has(bit) {
            continue;
        }
        let must_be_empty = attacks::between(ctx.king, sq(rook_file));
        if (must_be_empty & ctx.occupied).any() {
            continue;
        }
        if path
            .iter()
            .any(|&f| pos.board().is_attacked(sq(f), them, ctx.occupied))
        {
            continue;
        }
        list.push(Move::new(ctx.king, sq(king_to), MoveKind::Castle));
    }
}
