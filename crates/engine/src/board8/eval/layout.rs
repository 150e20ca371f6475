//! Where each weight lives in the flat weight array. Every weight is one (middlegame,
//! endgame) pair [`super::S`]; a section is a run of them, indexed as its comment says.
//! The terms (`terms.rs`) address weights only through these offsets, and the
//! tuner writes the weight files section by section from [`SECTIONS`].

/// A named run of weights, for the tuner's output and reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Section {
    pub name: &'static str,
    pub offset: usize,
    pub len: usize,
    /// Weights per line when written out (8 for square tables).
    pub width: usize,
    /// What the index within the section means.
    pub index: &'static str,
}

/// Declares each section's offset as a constant (each following the one before), the
/// total `COUNT`, and the `SECTIONS` table, from one list.
macro_rules! layout {
    ($($name:ident: $len:expr, $width:expr, $index:literal;)*) => {
        layout!(@offsets 0; $($name: $len;)*);
        pub const SECTIONS: &[$crate::board8::eval::layout::Section] = &[
            $($crate::board8::eval::layout::Section { name: stringify!($name), offset: $name, len: $len, width: $width, index: $index },)*
        ];
    };
    (@offsets $at:expr;) => {
        /// How many weights there are.
        pub const COUNT: usize = $at;
    };
    (@offsets $at:expr; $name:ident: $len:expr; $($rest:tt)*) => {
        pub const $name: usize = $at;
        layout!(@offsets $at + $len; $($rest)*);
    };
}
// Xiangqi's evaluation lays out its weights the same way.
pub(crate) use layout;

layout! {
    MATERIAL: 5, 5, "pawn knight bishop rook queen";
    PST: 6 * 64, 8, "role (P N B R Q K) * 64 + square from the owner's side (a1 = 0, h8 = 63)";
    KNIGHT_MOBILITY: 9, 9, "squares reached in the mobility area";
    BISHOP_MOBILITY: 14, 7, "squares reached in the mobility area";
    ROOK_MOBILITY: 15, 8, "squares reached in the mobility area";
    QUEEN_MOBILITY: 28, 7, "squares reached in the mobility area";
    KING_ZONE_ATTACKS: 4, 4, "by knight bishop rook queen, per attacked square of the enemy king zone";
    KING_ATTACKERS: 8, 8, "number of pieces attacking the enemy king zone (7 = 7 or more)";
    SAFE_CHECKS: 4, 4, "by knight bishop rook queen, per safe checking square";
    PAWN_SHIELD: 4, 4, "own pawn on a file next to the king, ranks ahead: 1, 2, 3, none";
    PAWN_STORM: 4, 4, "enemy pawn on a file next to the king, ranks ahead: 1, 2, 3, none";
    KING_OPEN_FILE: 1, 1, "files next to the king without pawns";
    PASSED: 8, 8, "passed pawn by rank from its owner's side";
    PASSED_BLOCKED: 8, 8, "passed pawn whose stop square is occupied, by rank";
    PASSED_OWN_KING: 8, 8, "per square of distance from the own king to the stop square, by rank";
    PASSED_THEIR_KING: 8, 8, "per square of distance from the enemy king to the stop square, by rank";
    DOUBLED: 1, 1, "pawn with an own pawn behind it";
    ISOLATED: 1, 1, "pawn without own pawns on the next files";
    BACKWARD: 1, 1, "pawn that no own pawn can support and whose stop square an enemy pawn guards";
    SUPPORTED: 8, 8, "pawn protected by an own pawn, by rank";
    PHALANX: 8, 8, "pawn beside an own pawn, by rank";
    BISHOP_PAIR: 1, 1, "bishops on both colours";
    ROOK_OPEN_FILE: 1, 1, "rook on a file without pawns";
    ROOK_HALF_OPEN_FILE: 1, 1, "rook on a file with enemy pawns only";
    OUTPOST: 2, 2, "knight, bishop on a pawn-protected square no enemy pawn can attack";
    THREAT_BY_PAWN: 4, 4, "enemy knight bishop rook queen attacked by a pawn";
    THREAT_BY_MINOR: 5, 5, "enemy pawn knight bishop rook queen attacked by a knight or bishop";
    THREAT_BY_ROOK: 5, 5, "enemy pawn knight bishop rook queen attacked by a rook";
    HANGING: 1, 1, "enemy piece attacked and not defended";
    KING_DANGER: 16, 8, "attack units on the enemy king: zone attackers (knight, bishop 2, rook 3, queen 5) plus safe checks (15 = 15 or more)";
    PASSED_FREE: 8, 8, "passed pawn with no piece ahead of it on its file, by rank";
    KING_WEAK_SQUARES: 1, 1, "squares of the enemy king zone we attack that only its king or queen defends, and not twice";
    KING_FLANK_ATTACKS: 1, 1, "our attacks on the enemy king's four files in its first five ranks, twice-attacked squares counting twice";
    PINNED: 5, 5, "own pawn knight bishop rook queen alone between the own king and an enemy slider";
    KING_PROTECTOR: 2, 2, "knight, bishop: squares of distance to the own king";
    BISHOP_PAWNS: 1, 1, "own pawns on the bishop's colour, per bishop";
    LONG_DIAGONAL_BISHOP: 1, 1, "bishop seeing both centre squares of a long diagonal through the pawns";
    MINOR_BEHIND_PAWN: 1, 1, "knight or bishop with a pawn just ahead";
    ROOK_ON_QUEEN_FILE: 1, 1, "rook on the enemy queen's file";
    THREAT_BY_KING: 1, 1, "the king attacks a weak enemy piece";
    RESTRICTED: 1, 1, "squares both sides attack that the enemy does not protect strongly";
    THREAT_BY_PAWN_PUSH: 1, 1, "enemy knight, bishop, rook or queen a safe pawn step would attack";
    SPACE: 1, 1, "safe squares on files c to f, ranks 2 to 4; behind our pawns count twice";
    IMBALANCE_OURS: 15, 5, "own pieces i and j (P N B R Q, j <= i) at index i(i+1)/2 + j: count_i count_j, count_i (count_i - 1) / 2 for i = j";
    IMBALANCE_THEIRS: 10, 4, "own piece i, enemy piece j (P N B R Q, j < i) at index i(i-1)/2 + j: count_i count_j";
    PASSED_PATH: 4, 4, "free passed pawn from rank 4, times 5 * rank index - 13: no enemy attack on its span, none on its file ahead, none on its stop square, its stop square defended";
    PASSED_FILE: 1, 1, "passed pawn, per file from the edge (a, h = 0 to d, e = 3)";
    WEAK_UNOPPOSED: 1, 1, "isolated or backward pawn with no enemy pawn ahead on its file";
    WEAK_LEVER: 1, 1, "pawn two enemy pawns attack and no own pawn defends";
    TRAPPED_ROOK: 1, 1, "rook with at most 3 squares of mobility on the outer side of its own king";
    REACHABLE_OUTPOST: 1, 1, "knight that can step onto an empty outpost";
    WEAK_QUEEN: 1, 1, "queen with one piece between it and an enemy rook or bishop on their line";
    KNIGHT_ON_QUEEN: 1, 1, "safe squares our knights reach from which a knight attacks the lone enemy queen";
    SLIDER_ON_QUEEN: 1, 1, "safe squares we attack twice from which our bishop or rook attacks the lone enemy queen";
    KING_PAWN_DISTANCE: 1, 1, "king steps to the nearest own pawn";
    PAWNLESS_FLANK: 1, 1, "no pawn on the king's flank";
    TEMPO: 1, 1, "the side to move";
}
