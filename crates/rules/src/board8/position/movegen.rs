//! Legal move generation for the 8x8 games: check and pin masks computed once per
//! position, then each piece's targets masked by them, so no move is ever made and taken
//! back to test its legality (en passant, rare, is the one exception, in `chess.rs`).

use crate::attacks;
use crate::bitboard::Bitboard;
use crate::moves::{Move, MoveKind, MoveList};
use crate::position::{Position, Restriction, Rules};
use crate::types::{Color, Rank, Square};

/// What move generation needs to know about the side to move, computed once per position.
pub struct GenContext {
    pub us: Color,
    pub king: Square,
    pub ours: Bitboard,
    pub theirs: Bitboard,
    pub occupied: Bitboard,
    pub checkers: Bitboard,
    /// Our pieces that stand between our king and an enemy slider.
    pub pinned: Bitboard,
    /// Where a non-king move must land: anywhere but our own pieces, or, in check, on the
    /// checker or between it and the king.
    pub target: Bitboard,
}

impl<R: Rules> Position<R> {
    pub fn gen_context(&self) -> GenContext {
        let us = self.turn();
        let them = us.other();
        let king = self.our_king();
        let ours = self.board().by_color(us);
        let theirs = self.board().by_color(them);
        let occupied = self.board().occupied();
        let checkers = self.board().attackers(king, them, occupied);

        let pinned = self.board().lone_blockers(
            king,
            self.board().straight_sliders() & theirs,
            self.board().diagonal_sliders() & theirs,
        ) & ours;

        let target = match checkers.single() {
            _ if checkers.is_empty() => !ours,
            Some(checker) => attacks::between(king, checker) | checkers,
            None => Bitboard::EMPTY, // double check: only the king may move
        };
        GenContext {
            us,
            king,
            ours,
            theirs,
            occupied,
            checkers,
            pinned,
            target,
        }
    }

    /// Every legal move.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.gen_legal(&mut list);
        list
    }

    /// The legal captures and promotions (en passant included): what an engine's
    /// quiescence search plays. Cheaper than filtering [`Position::legal_moves`], since
    /// quiet moves are never generated.
    pub fn tactical_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        if R::restriction(self) != Restriction::None {
            // The first round has no captures; a finished game has no moves.
            return list;
        }
        let mut ctx = self.gen_context();
        let quiet_target = ctx.target & !ctx.theirs;
        let last_rank = Bitboard::from_rank(Rank::Eighth.relative_to(ctx.us));
        self.gen_king_moves(&ctx, ctx.theirs, &mut list);
        if ctx.checkers.more_than_one() {
            return list;
        }
        // Pawn steps onto the last rank promote: tactical though they take nothing.
        let promotion_steps = quiet_target & last_rank;
        ctx.target &= ctx.theirs;
        self.gen_piece_moves(&ctx, &mut list);
        ctx.target |= promotion_steps;
        self.gen_pawn_moves(&ctx, &mut list);
        let before = list.len();
        R::extra_moves(self, &ctx, &mut list);
        // Of the extras only en passant takes; double steps and castling do not.
        let mut index = 0;
        list.retain(|m| {
            index += 1;
            index <= before || m.kind() == MoveKind::EnPassant
        });
        list
    }

    /// Appends every legal move to `list`.
    pub fn gen_legal(&self, list: &mut MoveList) {
        match R::restriction(self) {
            Restriction::None => {}
            Restriction::Only(moves) => {
                for &m in moves {
                    list.push(m);
                }
                return;
            }
            Restriction::GameOver => return,
        }
        let ctx = self.gen_context();
        self.gen_king_moves(&ctx, !ctx.ours, list);
        if ctx.checkers.more_than_one() {
            return;
        }
        self.gen_piece_moves(&ctx, list);
        self.gen_pawn_moves(&ctx, list);
        R::extra_moves(self, &ctx, list);
    }

    /// King moves to squares in `targets` (which excludes our own pieces).
    fn gen_king_moves(&self, ctx: &GenContext, targets: Bitboard, list: &mut MoveList) {
        let them = ctx.us.other();
        // The king no longer blocks the slider that checks it: a step away along the ray
        // must still count as attacked.
        let occupied = ctx.occupied.without(ctx.king);
        for to in attacks::king_attacks(ctx.king) & targets {
            if !self.board().is_attacked(to, them, occupied) {
                list.push(Move::normal(ctx.king, to));
            }
        }
    }

    fn gen_piece_moves(&self, ctx: &GenContext, list: &mut MoveList) {
        let b = self.board();
        // A pinned knight can never move.
        for from in b.knights() & ctx.ours & !ctx.pinned {
            push_all(list, from, attacks::knight_attacks(from) & ctx.target);
        }
        for from in b.diagonal_sliders() & ctx.ours {
            let mut to = attacks::bishop_attacks(from, ctx.occupied) & ctx.target;
            if ctx.pinned.contains(from) {
                to &= attacks::line(ctx.king, from);
            }
            push_all(list, from, to);
        }
        for from in b.straight_sliders() & ctx.ours {
            let mut to = attacks::rook_attacks(from, ctx.occupied) & ctx.target;
            if ctx.pinned.contains(from) {
                to &= attacks::line(ctx.king, from);
            }
            push_all(list, from, to);
        }
    }

    /// Single steps and diagonal captures; double steps are a ruleset's extra.
    fn gen_pawn_moves(&self, ctx: &GenContext, list: &mut MoveList) {
        let forward: i32 = ctx.us.fold(8, -8);
        let last_rank = Bitboard::from_rank(Rank::Eighth.relative_to(ctx.us));
        for from in self.board().pawns() & ctx.ours {
            let mut allowed = ctx.target;
            if ctx.pinned.contains(from) {
                allowed &= attacks::line(ctx.king, from);
            }
            let mut to = attacks::pawn_attacks(ctx.us, from) & ctx.theirs;
            // SAFETY: a pawn never stands on its last rank, so one step forward is on the board.
            let step = unsafe { Square::new_unchecked((from as i32 + forward) as u32) };
            if !ctx.occupied.contains(step) {
                to = to.with(step);
            }
            to &= allowed;
            if (to & last_rank).any() {
                for sq in to {
                    for &role in R::PROMOTIONS {
                        list.push(Move::new(
                            from,
                            sq,
                            MoveKind::promotion(role).expect("promotion role"),
                        ));
                    }
                }
            } else {
                push_all(list, from, to);
            }
        }
    }
}

#[inline]
fn push_all(list: &mut MoveList, from: Square, targets: Bitboard) {
    for to in targets {
        list.push(Move::normal(from, to));
    }
}
