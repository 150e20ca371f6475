//! Evaluation weights for `chess`, written by `shatar-tune`. Do not edit by hand: rerun
//! the tuner (crates/tune/README.md).
//!
//! command: `shatar-tune fit --ruleset chess --data target/tune/chess-1.txt --l2 0.01 --out crates/engine/src/board8/eval/weights/chess.rs`
//! data: target/tune/chess-1.txt (199741 training positions, the last 22193 held out for validation)
//!   target/tune/chess-1.txt: `shatar-tune selfplay --ruleset chess --games 100000 --minutes 15 --nodes 3000 --threads 1 --seed 1 --out target/tune/chess-1.txt`: 2847 games (+1230 =543 -1074 for White), 221934 positions, 900 s, 2026-11-29
//! date: 2026-11-29; from `bootstrap`; K = 0.9113; L2 0.01; file + rank square tables; best of 300 epochs on validation: 10
//! loss (mean squared error): train 0.107981 -> 0.106354, validation 0.106079 -> 0.105998
//! 2026-12-03: the KING_DANGER and PASSED_FREE sections added at 0 (no change to the evaluation) until a fit sets them.

use super::super::{Weights, s};

#[rustfmt::skip]
pub static WEIGHTS: Weights = [
    // MATERIAL (5): pawn knight bishop rook queen
    s(  83,  103), s( 319,  299), s( 330,  320), s( 481,  540), s( 951, 1001),
    // PST (384): role (P N B R Q K) * 64 + square from the owner's side (a1 = 0, h8 = 63)
    // pawn, a1..h1 first
    s(   0,   -1), s(   0,    1), s(   0,   -2), s(  -4,   -1), s(  -2,   -1), s(   1,    0), s(  -1,    0), s(   0,    0),
    s(  -3,    0), s(  -3,    2), s(  -4,   -1), s(  -7,    0), s(  -5,    0), s(  -2,    1), s(  -4,    1), s(  -4,    1),
    s(   0,    4), s(   0,    6), s(   0,    2), s(   6,    3), s(   8,    4), s(   1,    5), s(  -1,    5), s(   0,    4),
    s(   4,    7), s(   3,    9), s(   3,    6), s(   9,    7), s(  11,    7), s(   5,    8), s(   2,    8), s(   3,    8),
    s(   7,    9), s(   7,   11), s(   7,    8), s(  13,    9), s(  15,   10), s(   8,   10), s(   6,   10), s(   7,   10),
    s(  13,   19), s(  12,   21), s(  12,   18), s(   9,   18), s(  10,   19), s(  14,   20), s(  11,   20), s(  12,   20),
    s(  16,   25), s(  15,   26), s(  15,   23), s(  12,   24), s(  13,   25), s(  17,   26), s(  14,   25), s(  15,   25),
    s(   0,   -1), s(   0,    1), s(   0,   -2), s(  -4,   -1), s(  -2,   -1), s(   1,    0), s(  -1,    0), s(   0,    0),
    // knight, a1..h1 first
    s( -19,  -16), s( -14,  -12), s(  -9,   -7), s(  -3,    0), s(  -4,    0), s(  -8,   -5), s( -14,  -11), s( -18,  -16),
    s( -12,  -11), s(  -6,   -7), s(  -1,   -2), s(   5,    5), s(   3,    5), s(   0,    0), s(  -6,   -6), s( -10,  -11),
    s(  -6,   -5), s(  -1,    0), s(   4,    5), s(  10,   11), s(   8,   11), s(   5,    7), s(  -1,    0), s(  -5,   -5),
    s(   0,   -1), s(   5,    3), s(  10,    9), s(  16,   15), s(  15,   15), s(  11,   10), s(   6,    4), s(   1,   -1),
    s(   2,    0), s(   7,    5), s(  13,   10), s(  19,   16), s(  17,   16), s(  13,   12), s(   8,    5), s(   4,    0),
    s(  -5,   -6), s(   0,   -1), s(   5,    4), s(  11,   10), s(   9,   10), s(   6,    5), s(   0,   -1), s(  -4,   -6),
    s( -10,  -10), s(  -5,   -5), s(   0,    0), s(   6,    6), s(   4,    6), s(   1,    1), s(  -5,   -5), s(  -9,  -10),
    s( -16,  -16), s( -11,  -11), s(  -6,   -6), s(   0,    0), s(  -2,    0), s(  -5,   -5), s( -11,  -11), s( -15,  -16),
    // bishop, a1..h1 first
    s( -12,  -10), s(  -9,   -7), s(  -8,   -4), s(  -2,   -1), s(  -1,    0), s(  -5,   -3), s(  -8,   -6), s( -11,   -9),
    s(  -5,   -6), s(  -2,   -3), s(   0,    0), s(   5,    3), s(   6,    4), s(   2,    1), s(   0,   -1), s(  -3,   -5),
    s(  -4,   -4), s(  -1,   -1), s(   1,    2), s(   6,    5), s(   7,    6), s(   3,    3), s(   1,    0), s(  -2,   -3),
    s(   0,    0), s(   3,    3), s(   4,    6), s(  10,    9), s(  11,   10), s(   7,    7), s(   4,    4), s(   1,    1),
    s(   0,    0), s(   3,    3), s(   4,    6), s(  10,    9), s(  11,   10), s(   7,    8), s(   4,    5), s(   2,    1),
    s(  -4,   -3), s(   0,    0), s(   1,    3), s(   6,    6), s(   7,    7), s(   4,    4), s(   1,    1), s(  -2,   -2),
    s(  -6,   -6), s(  -3,   -3), s(  -2,    0), s(   4,    3), s(   5,    4), s(   1,    1), s(  -2,   -2), s(  -5,   -5),
    s( -11,  -10), s(  -7,   -7), s(  -6,   -4), s(   0,   -1), s(   1,    0), s(  -3,   -3), s(  -6,   -6), s(  -9,   -9),
    // rook, a1..h1 first
    s(   0,    0), s(   0,    1), s(   5,    1), s(   6,    1), s(   4,    1), s(   7,    1), s(   0,    0), s(  -4,    0),
    s(  -1,   -2), s(  -2,    0), s(   3,    0), s(   5,    0), s(   3,    0), s(   5,    0), s(  -2,   -1), s(  -5,   -1),
    s(  -1,   -2), s(  -2,   -1), s(   3,    0), s(   5,    0), s(   3,    0), s(   6,    0), s(  -2,   -2), s(  -5,   -1),
    s(   0,    0), s(   0,    1), s(   4,    2), s(   6,    2), s(   4,    2), s(   7,    1), s(   0,    0), s(  -4,    1),
    s(   0,   -1), s(  -1,    0), s(   4,    0), s(   6,    0), s(   4,    1), s(   7,    0), s(  -1,   -1), s(  -4,   -1),
    s(   0,   -1), s(   0,    0), s(   4,    0), s(   6,    0), s(   4,    0), s(   7,    0), s(   0,   -1), s(  -4,   -1),
    s(  15,    0), s(  15,    1), s(  19,    1), s(  21,    1), s(  19,    1), s(  22,    1), s(  15,    0), s(  11,    0),
    s(   0,    0), s(   0,    1), s(   4,    2), s(   6,    1), s(   4,    2), s(   7,    1), s(   0,    0), s(  -4,    1),
    // queen, a1..h1 first
    s(  -5,   -9), s(  -4,   -6), s(  -2,   -3), s(   2,   -1), s(   1,    0), s(  -2,   -3), s(  -4,   -6), s(  -5,   -9),
    s(  -4,   -6), s(  -3,   -3), s(  -1,    0), s(   4,    2), s(   2,    3), s(  -1,    0), s(  -3,   -3), s(  -4,   -6),
    s(  -2,   -3), s(  -2,    0), s(   0,    3), s(   5,    5), s(   4,    6), s(   1,    3), s(  -2,    0), s(  -2,   -3),
    s(   0,    1), s(   1,    4), s(   3,    7), s(   8,    9), s(   6,   10), s(   3,    7), s(   1,    4), s(   0,    1),
    s(   1,    1), s(   2,    4), s(   4,    7), s(   9,    9), s(   7,   10), s(   4,    7), s(   2,    4), s(   1,    1),
    s(  -1,   -2), s(   0,    1), s(   2,    4), s(   7,    6), s(   5,    7), s(   2,    4), s(   0,    1), s(  -1,   -2),
    s(  -4,   -5), s(  -3,   -2), s(  -1,    1), s(   4,    3), s(   2,    4), s(  -1,    1), s(  -3,   -2), s(  -4,   -5),
    s(  -5,   -8), s(  -4,   -5), s(  -2,   -2), s(   3,    0), s(   1,    1), s(  -2,   -2), s(  -4,   -5), s(  -5,   -8),
    // king, a1..h1 first
    s(   9,  -25), s(  10,  -17), s(  10,   -8), s(   9,   -1), s(   8,   -1), s(   9,   -8), s(  15,  -16), s(   9,  -24),
    s( -20,  -15), s( -19,   -7), s( -19,    3), s( -20,    9), s( -21,    9), s( -20,    2), s( -14,   -6), s( -20,  -14),
    s( -41,   -9), s( -40,   -1), s( -40,    8), s( -41,   15), s( -42,   15), s( -42,    8), s( -35,    0), s( -41,   -9),
    s( -61,   -1), s( -60,    7), s( -60,   16), s( -61,   23), s( -62,   23), s( -62,   16), s( -55,    8), s( -61,    0),
    s( -81,   -1), s( -80,    7), s( -80,   16), s( -81,   23), s( -82,   23), s( -82,   16), s( -75,    8), s( -81,   -1),
    s(-100,   -8), s( -99,    0), s( -99,    9), s(-100,   16), s(-101,   16), s(-101,    9), s( -94,    1), s(-100,   -7),
    s(-120,  -16), s(-119,   -8), s(-119,    1), s(-120,    8), s(-121,    8), s(-121,    1), s(-114,   -7), s(-120,  -15),
    s(-141,  -25), s(-140,  -17), s(-140,   -8), s(-141,   -1), s(-142,   -1), s(-141,   -8), s(-135,  -16), s(-141,  -24),
    // KNIGHT_MOBILITY (9): squares reached in the mobility area
    s( -17,  -16), s( -12,  -13), s(  -8,   -9), s(  -4,   -5), s(  -1,    1), s(   7,    5), s(   9,    9), s(  12,   12), s(  16,   15),
    // BISHOP_MOBILITY (14): squares reached in the mobility area
    s( -29,  -30), s( -21,  -25), s( -16,  -20), s( -12,  -16), s(  -8,  -10), s(  -4,   -4), s(   0,    0),
    s(   5,    5), s(   9,   11), s(  13,   16), s(  17,   21), s(  20,   25), s(  24,   30), s(  28,   35),
    // ROOK_MOBILITY (15): squares reached in the mobility area
    s( -15,  -28), s( -16,  -25), s( -10,  -21), s(  -8,  -17), s(  -7,  -12), s(  -3,   -7), s(  -2,   -3), s(   3,    0),
    s(   2,    5), s(   3,    9), s(   7,   13), s(   9,   17), s(  11,   21), s(  13,   25), s(  13,   27),
    // QUEEN_MOBILITY (28): squares reached in the mobility area
    s( -13,  -26), s( -11,  -24), s( -11,  -22), s( -11,  -20), s( -10,  -18), s(  -9,  -16), s(  -8,  -14),
    s(  -5,  -12), s(  -6,  -10), s(  -3,   -8), s(  -2,   -6), s(  -2,   -4), s(   0,   -2), s(   0,    0),
    s(   1,    2), s(   2,    4), s(   3,    6), s(   4,    8), s(   5,   10), s(   6,   12), s(   7,   14),
    s(   8,   16), s(   9,   18), s(  10,   20), s(  11,   22), s(  12,   24), s(  13,   26), s(  14,   28),
    // KING_ZONE_ATTACKS (4): by knight bishop rook queen, per attacked square of the enemy king zone
    s(   8,   -1), s(   5,    2), s(   6,   -1), s(   9,    2),
    // KING_ATTACKERS (8): number of pieces attacking the enemy king zone (7 = 7 or more)
    s(  -2,   -1), s(   0,    1), s(   6,    1), s(  16,    0), s(  30,    0), s(  45,    0), s(  60,    0), s(  70,    0),
    // SAFE_CHECKS (4): by knight bishop rook queen, per safe checking square
    s(  30,    4), s(  21,    6), s(  40,    4), s(  31,    6),
    // PAWN_SHIELD (4): own pawn on a file next to the king, ranks ahead: 1, 2, 3, none
    s(  20,    0), s(   3,   -3), s(   2,    0), s( -10,    5),
    // PAWN_STORM (4): enemy pawn on a file next to the king, ranks ahead: 1, 2, 3, none
    s(  -5,    0), s( -15,    0), s(  -7,    1), s(   0,   -3),
    // KING_OPEN_FILE (1): files next to the king without pawns
    s( -16,   -1),
    // PASSED (8): passed pawn by rank from its owner's side
    s(   0,    0), s(   4,    9), s(   5,   15), s(  10,   26), s(  25,   46), s(  46,   81), s(  71,  121), s(   0,    0),
    // PASSED_BLOCKED (8): passed pawn whose stop square is occupied, by rank
    s(   0,    0), s(  -1,    0), s(  -3,   -5), s(  -4,   -9), s(  -8,  -15), s( -11,  -25), s( -15,  -35), s(   0,    0),
    // PASSED_OWN_KING (8): per square of distance from the own king to the stop square, by rank
    s(   0,    0), s(   0,    1), s(   2,   -5), s(  -4,   -2), s(  -1,   -7), s(   3,   -8), s(   1,  -10), s(   0,    0),
    // PASSED_THEIR_KING (8): per square of distance from the enemy king to the stop square, by rank
    s(   0,    0), s(   0,   -1), s(   2,    2), s(  -4,    9), s(   0,   13), s(   1,   19), s(   1,   23), s(   0,    0),
    // DOUBLED (1): pawn with an own pawn behind it
    s( -11,  -21),
    // ISOLATED (1): pawn without own pawns on the next files
    s( -11,   -6),
    // BACKWARD (1): pawn that no own pawn can support and whose stop square an enemy pawn guards
    s(  -9,   -8),
    // SUPPORTED (8): pawn protected by an own pawn, by rank
    s(   0,    0), s(   0,    0), s(   7,    5), s(   8,    7), s(  14,   12), s(  25,   29), s(  40,   60), s(   0,    0),
    // PHALANX (8): pawn beside an own pawn, by rank
    s(   0,    0), s(   1,    1), s(   3,    3), s(   9,    5), s(  16,   14), s(  30,   35), s(  50,   70), s(   0,    0),
    // BISHOP_PAIR (1): bishops on both colours
    s(  30,   51),
    // ROOK_OPEN_FILE (1): rook on a file without pawns
    s(  26,   10),
    // ROOK_HALF_OPEN_FILE (1): rook on a file with enemy pawns only
    s(  15,    7),
    // OUTPOST (2): knight, bishop on a pawn-protected square no enemy pawn can attack
    s(  21,   10), s(  11,    6),
    // THREAT_BY_PAWN (4): enemy knight bishop rook queen attacked by a pawn
    s(  50,   40), s(  49,   40), s(  70,   50), s(  79,   60),
    // THREAT_BY_MINOR (5): enemy pawn knight bishop rook queen attacked by a knight or bishop
    s(   4,   16), s(  25,   31), s(  26,   29), s(  50,   60), s(  51,   60),
    // THREAT_BY_ROOK (5): enemy pawn knight bishop rook queen attacked by a rook
    s(   7,   16), s(  24,   30), s(  25,   31), s(   0,    0), s(  50,   60),
    // HANGING (1): enemy piece attacked and not defended
    s(  29,   21),
    // KING_DANGER (16): attack units on the enemy king: zone attackers (knight, bishop 2, rook 3, queen 5) plus safe checks (15 = 15 or more)
    s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0),
    s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0),
    // PASSED_FREE (8): passed pawn with no piece ahead of it on its file, by rank
    s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0),
    // KING_WEAK_SQUARES (1): squares of the enemy king zone we attack that only its king or queen defends, and not twice
    s(   0,    0),
    // KING_FLANK_ATTACKS (1): our attacks on the enemy king's four files in its first five ranks, twice-attacked squares counting twice
    s(   0,    0),
    // PINNED (5): own pawn knight bishop rook queen alone between the own king and an enemy slider
    s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0),
    // KING_PROTECTOR (2): knight, bishop: squares of distance to the own king
    s(   0,    0), s(   0,    0),
    // BISHOP_PAWNS (1): own pawns on the bishop's colour, per bishop
    s(   0,    0),
    // LONG_DIAGONAL_BISHOP (1): bishop seeing both centre squares of a long diagonal through the pawns
    s(   0,    0),
    // MINOR_BEHIND_PAWN (1): knight or bishop with a pawn just ahead
    s(   0,    0),
    // ROOK_ON_QUEEN_FILE (1): rook on the enemy queen's file
    s(   0,    0),
    // THREAT_BY_KING (1): the king attacks a weak enemy piece
    s(   0,    0),
    // RESTRICTED (1): squares both sides attack that the enemy does not protect strongly
    s(   0,    0),
    // THREAT_BY_PAWN_PUSH (1): enemy knight, bishop, rook or queen a safe pawn step would attack
    s(   0,    0),
    // SPACE (1): safe squares on files c to f, ranks 2 to 4; behind our pawns count twice
    s(   0,    0),
    // IMBALANCE_OURS (15): own pieces i and j (P N B R Q, j <= i) at index i(i+1)/2 + j: count_i count_j, count_i (count_i - 1) / 2 for i = j
    s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0),
    s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0),
    s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0),
    // IMBALANCE_THEIRS (10): own piece i, enemy piece j (P N B R Q, j < i) at index i(i-1)/2 + j: count_i count_j
    s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0),
    s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0),
    s(   0,    0), s(   0,    0),
    // PASSED_PATH (4): free passed pawn from rank 4, times 5 * rank index - 13: no enemy attack on its span, none on its file ahead, none on its stop square, its stop square defended
    s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0),
    // PASSED_FILE (1): passed pawn, per file from the edge (a, h = 0 to d, e = 3)
    s(   0,    0),
    // WEAK_UNOPPOSED (1): isolated or backward pawn with no enemy pawn ahead on its file
    s(   0,    0),
    // WEAK_LEVER (1): pawn two enemy pawns attack and no own pawn defends
    s(   0,    0),
    // TRAPPED_ROOK (1): rook with at most 3 squares of mobility on the outer side of its own king
    s(   0,    0),
    // REACHABLE_OUTPOST (1): knight that can step onto an empty outpost
    s(   0,    0),
    // WEAK_QUEEN (1): queen with one piece between it and an enemy rook or bishop on their line
    s(   0,    0),
    // KNIGHT_ON_QUEEN (1): safe squares our knights reach from which a knight attacks the lone enemy queen
    s(   0,    0),
    // SLIDER_ON_QUEEN (1): safe squares we attack twice from which our bishop or rook attacks the lone enemy queen
    s(   0,    0),
    // KING_PAWN_DISTANCE (1): king steps to the nearest own pawn
    s(   0,    0),
    // PAWNLESS_FLANK (1): no pawn on the king's flank
    s(   0,    0),
    // TEMPO (1): the side to move
    s(  16,    6),
];
