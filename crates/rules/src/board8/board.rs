//! [`Board`]: where the pieces stand, nothing else.

use crate::attacks;
use crate::bitboard::Bitboard;
use crate::types::{Color, Piece, Role, Square};

#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Board {
    by_role: [Bitboard; 6],
    by_color: [Bitboard; 2],
    occupied: Bitboard,
}

impl Board {
    pub const fn empty() -> Board {
        Board {
            by_role: [Bitboard::EMPTY; 6],
            by_color: [Bitboard::EMPTY; 2],
            occupied: Bitboard::EMPTY,
        }
    }

    /// The initial array of every 8x8 game here (2017 art. 2.4; FIDE 2.3).
    pub fn initial() -> Board {
        const BACK: [Role; 8] = [
            Role::Rook,
            Role::Knight,
            Role::Bishop,
            Role::Queen,
            Role::King,
            Role::Bishop,
            Role::Knight,
            Role::Rook,
        ];
        let mut board = Board::empty();
        for (i, role) in BACK.into_iter().enumerate() {
            board.put(Square::ALL[i], Piece::new(Color::White, role));
            board.put(Square::ALL[i + 8], Piece::new(Color::White, Role::Pawn));
            board.put(Square::ALL[i + 48], Piece::new(Color::Black, Role::Pawn));
            board.put(Square::ALL[i + 56], Piece::new(Color::Black, role));
        }
        board
    }

    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.occupied
    }
    #[inline]
    pub fn by_color(&self, color: Color) -> Bitboard {
        self.by_color[color.index()]
    }
    #[inline]
    pub fn by_role(&self, role: Role) -> Bitboard {
        self.by_role[role.index()]
    }
    #[inline]
    pub fn by_piece(&self, piece: Piece) -> Bitboard {
        self.by_role(piece.role) & self.by_color(piece.color)
    }
    #[inline]
    pub fn pawns(&self) -> Bitboard {
        self.by_role(Role::Pawn)
    }
    #[inline]
    pub fn knights(&self) -> Bitboard {
        self.by_role(Role::Knight)
    }
    #[inline]
    pub fn bishops(&self) -> Bitboard {
        self.by_role(Role::Bishop)
    }
    #[inline]
    pub fn rooks(&self) -> Bitboard {
        self.by_role(Role::Rook)
    }
    #[inline]
    pub fn queens(&self) -> Bitboard {
        self.by_role(Role::Queen)
    }
    #[inline]
    pub fn kings(&self) -> Bitboard {
        self.by_role(Role::King)
    }
    /// Pieces that move along diagonals (bishops and queens).
    #[inline]
    pub fn diagonal_sliders(&self) -> Bitboard {
        self.by_role(Role::Bishop) | self.by_role(Role::Queen)
    }
    /// Pieces that move along files and ranks (rooks and queens).
    #[inline]
    pub fn straight_sliders(&self) -> Bitboard {
        self.by_role(Role::Rook) | self.by_role(Role::Queen)
    }

    #[inline]
    pub fn king_of(&self, color: Color) -> Option<Square> {
        (self.kings() & self.by_color(color)).single()
    }

    #[inline]
    pub fn color_at(&self, sq: Square) -> Option<Color> {
        if self.by_color[0].contains(sq) {
            Some(Color::White)
        } else if self.by_color[1].contains(sq) {
            Some(Color::Black)
        } else {
            None
        }
    }

    #[inline]
    pub fn role_at(&self, sq: Square) -> Option<Role> {
        if !self.occupied.contains(sq) {
            return None;
        }
        Role::ALL
            .into_iter()
            .find(|r| self.by_role[r.index()].contains(sq))
    }

    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        Some(Piece::new(self.color_at(sq)?, self.role_at(sq)?))
    }

    /// Puts `piece` on an empty square.
    #[inline]
    pub fn put(&mut self, sq: Square, piece: Piece) {
        debug_assert!(!self.occupied.contains(sq));
        self.by_role[piece.role.index()].toggle(sq);
        self.by_color[piece.color.index()].toggle(sq);
        self.occupied.toggle(sq);
    }

    /// Takes `piece`, which must stand on `sq`, off the board.
    #[inline]
    pub fn take(&mut self, sq: Square, piece: Piece) {
        debug_assert_eq!(self.piece_at(sq), Some(piece));
        self.by_role[piece.role.index()].toggle(sq);
        self.by_color[piece.color.index()].toggle(sq);
        self.occupied.toggle(sq);
    }

    /// Removes whatever stands on `sq` and returns it.
    pub fn remove(&mut self, sq: Square) -> Option<Piece> {
        let piece = self.piece_at(sq)?;
        self.take(sq, piece);
        Some(piece)
    }

    /// Pieces of `attacker` that attack `sq`, with `occupied` as the blockers.
    #[inline]
    pub fn attackers(&self, sq: Square, attacker: Color, occupied: Bitboard) -> Bitboard {
        let them = self.by_color(attacker);
        ((attacks::rook_attacks(sq, occupied) & self.straight_sliders())
            | (attacks::bishop_attacks(sq, occupied) & self.diagonal_sliders())
            | (attacks::knight_attacks(sq) & self.knights())
            | (attacks::king_attacks(sq) & self.kings())
            | (attacks::pawn_attacks(attacker.other(), sq) & self.pawns()))
            & them
    }

    /// The pieces, of either colour, that each stand alone between `sq` and one of
    /// `straight` on a file or rank through it or one of `diagonal` on a diagonal: pinned
    /// to `sq` when they are its side's, an attack on it waiting to be uncovered when they
    /// are the sliders' (as Stockfish's `slider_blockers`). The sliders are the caller's
    /// choice: the move generator's pins, the check test's uncovering pieces and the
    /// evaluation's pins and exposed pieces each ask of other pieces.
    #[inline]
    pub fn lone_blockers(&self, sq: Square, straight: Bitboard, diagonal: Bitboard) -> Bitboard {
        let occupied = self.occupied();
        let snipers = (attacks::rook_attacks(sq, Bitboard::EMPTY) & straight)
            | (attacks::bishop_attacks(sq, Bitboard::EMPTY) & diagonal);
        let mut blockers = Bitboard::EMPTY;
        for sniper in snipers {
            let between = attacks::between(sq, sniper) & occupied;
            if !between.more_than_one() {
                blockers |= between;
            }
        }
        blockers
    }

    #[inline]
    pub fn is_attacked(&self, sq: Square, attacker: Color, occupied: Bitboard) -> bool {
        self.attackers(sq, attacker, occupied).any()
    }

    /// Every piece with its square, a1 first.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.occupied
            .map(move |sq| (sq, self.piece_at(sq).expect("occupied square has a piece")))
    }
}

impl core::fmt::Debug for Board {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        for rank in (0..8).rev() {
            for file in 0..8 {
                let sq = Square::ALL[rank * 8 + file];
                write!(f, "{}", self.piece_at(sq).map_or('.', Piece::char))?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lone_blockers_are_the_single_pieces_on_a_sliders_line() {
        // White's king e1. Rook h1 behind White's knight g1 (a pin); queen e8 behind
        // Black's knight e4 (an uncovered attack waiting); bishop a5 behind two pawns d2 and
        // c3 (no blocker); rook a1 with nothing between (a check, no blocker).
        let mut board = Board::empty();
        let (white, black) = (Color::White, Color::Black);
        for (sq, color, role) in [
            (Square::E1, white, Role::King),
            (Square::G1, white, Role::Knight),
            (Square::D2, white, Role::Pawn),
            (Square::H8, black, Role::King),
            (Square::H1, black, Role::Rook),
            (Square::A1, black, Role::Rook),
            (Square::E8, black, Role::Queen),
            (Square::E4, black, Role::Knight),
            (Square::A5, black, Role::Bishop),
            (Square::C3, black, Role::Pawn),
        ] {
            board.put(sq, Piece::new(color, role));
        }
        let black = board.by_color(Color::Black);
        let blockers = board.lone_blockers(
            Square::E1,
            board.straight_sliders() & black,
            board.diagonal_sliders() & black,
        );
        assert_eq!(blockers, Bitboard::from_square(Square::G1).with(Square::E4));
        // Only the sliders asked of count: without the rooks, the knight g1 is free.
        let blockers = board.lone_blockers(Square::E1, board.queens(), board.bishops());
        assert_eq!(blockers, Bitboard::from_square(Square::E4));
    }
}
