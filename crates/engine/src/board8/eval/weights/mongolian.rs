//! Evaluation weights for `mongolian`, written by `shatar-tune`. Do not edit by hand: rerun
//! the tuner (crates/tune/README.md).
//!
//! command: `shatar-tune fit --ruleset mongolian --data target/tune/mongolian-7.txt --start builtin --lambda 0.5 --l2 0 --epochs 400 --lr 2 --freeze MATERIAL,PST,KNIGHT_MOBILITY,BISHOP_MOBILITY,ROOK_MOBILITY,QUEEN_MOBILITY,KING_ZONE_ATTACKS,KING_ATTACKERS,SAFE_CHECKS,PAWN_SHIELD,PAWN_STORM,KING_OPEN_FILE,PASSED,PASSED_BLOCKED,PASSED_OWN_KING,PASSED_THEIR_KING,DOUBLED,ISOLATED,BACKWARD,SUPPORTED,PHALANX,BISHOP_PAIR,ROOK_OPEN_FILE,ROOK_HALF_OPEN_FILE,OUTPOST,THREAT_BY_PAWN,THREAT_BY_MINOR,THREAT_BY_ROOK,HANGING,KING_DANGER,PASSED_FREE,KING_WEAK_SQUARES,KING_FLANK_ATTACKS,PINNED,KING_PROTECTOR,BISHOP_PAWNS,LONG_DIAGONAL_BISHOP,MINOR_BEHIND_PAWN,ROOK_ON_QUEEN_FILE,THREAT_BY_KING,RESTRICTED,THREAT_BY_PAWN_PUSH,SPACE,IMBALANCE_OURS,IMBALANCE_THEIRS,TEMPO --out crates/engine/src/board8/eval/weights/mongolian.rs`
//! data: target/tune/mongolian-7.txt (628668 training positions, the last 69851 held out for validation)
//!   target/tune/mongolian-7.txt: `shatar-tune selfplay --ruleset mongolian --games 100000 --minutes 30 --nodes 6000 --threads 2 --seed 7 --out target/tune/mongolian-7.txt`: 7201 games (+2854 =2321 -2026 for White), 698519 positions, 1800 s, 2026-12-04
//! date: 2026-12-04; from `builtin`; K = 1.0835; lambda 0.5; L2 0; file + rank square tables; best of 400 epochs on validation: 20
//! loss (mean squared error): train 0.026483 -> 0.026272, validation 0.025808 -> 0.025683

use super::super::{Weights, s};

#[rustfmt::skip]
pub static WEIGHTS: Weights = [
    // MATERIAL (5): pawn knight bishop rook queen
    s(  73,   84), s( 347,  250), s( 375,  267), s( 501,  417), s(1083,  654),
    // PST (384): role (P N B R Q K) * 64 + square from the owner's side (a1 = 0, h8 = 63)
    // pawn, a1..h1 first
    s( -11,   -7), s(  -5,   -7), s(  -2,  -11), s(   8,  -16), s(   1,  -15), s(   6,   -9), s(  -3,   -7), s( -11,  -15),
    s( -18,   -7), s( -13,   -6), s( -10,  -10), s(  -1,  -16), s(  -8,  -13), s(  -2,  -10), s( -12,   -6), s( -19,  -14),
    s( -15,  -10), s(  -9,   -9), s(  -7,  -13), s(  13,  -20), s(   6,  -17), s(   2,  -13), s(  -9,  -10), s( -16,  -18),
    s(  -6,   -3), s(   2,   -2), s(   5,   -8), s(  23,  -13), s(  16,  -10), s(  13,   -7), s(   2,   -3), s(  -5,  -12),
    s(  -4,   -5), s(   2,   -5), s(   5,   -9), s(  24,  -14), s(  17,  -13), s(  12,   -8), s(   3,   -5), s(  -4,  -14),
    s(   3,   13), s(  11,   13), s(  13,    8), s(  22,    3), s(  15,    6), s(  22,    9), s(  11,   13), s(   4,    4),
    s(  64,    5), s(  69,    5), s(  72,    2), s(  81,   -5), s(  74,   -2), s(  80,    3), s(  70,    5), s(  63,   -4),
    s( -11,   -7), s(  -5,   -7), s(  -2,  -11), s(   8,  -16), s(   1,  -15), s(   6,   -9), s(  -3,   -7), s( -11,  -15),
    // knight, a1..h1 first
    s( -13,  -76), s(   0,  -76), s(  -5,  -75), s(   7,  -73), s(   7,  -75), s(   4,  -81), s(   2,  -80), s(  -8,  -72),
    s(  -5,  -82), s(   9,  -82), s(   4,  -81), s(  15,  -79), s(  15,  -81), s(  12,  -85), s(  10,  -86), s(   0,  -78),
    s(  -2,  -74), s(  12,  -74), s(   6,  -73), s(  18,  -70), s(  17,  -73), s(  15,  -77), s(  13,  -77), s(   3,  -70),
    s(  11,  -66), s(  24,  -66), s(  20,  -65), s(  31,  -63), s(  30,  -65), s(  28,  -70), s(  26,  -69), s(  16,  -61),
    s(  15,  -63), s(  29,  -64), s(  23,  -63), s(  34,  -60), s(  35,  -62), s(  32,  -68), s(  31,  -65), s(  19,  -58),
    s(  26,  -66), s(  38,  -68), s(  34,  -67), s(  45,  -64), s(  45,  -67), s(  42,  -71), s(  41,  -71), s(  31,  -62),
    s(  -7,  -64), s(   6,  -66), s(   1,  -64), s(  13,  -62), s(  12,  -65), s(   9,  -69), s(   7,  -69), s(  -3,  -60),
    s( -47,  -61), s( -34,  -62), s( -40,  -61), s( -28,  -59), s( -28,  -61), s( -29,  -66), s( -31,  -64), s( -43,  -58),
    // bishop, a1..h1 first
    s(   6,  -95), s(  13,  -91), s(  10,  -88), s(   8,  -82), s(   9,  -81), s(   6,  -90), s(  12,  -91), s(  -2, -101),
    s(  10, -100), s(  16,  -97), s(  14,  -94), s(  13,  -85), s(  13,  -86), s(  10,  -94), s(  15,  -97), s(   2, -108),
    s(  13,  -88), s(  20,  -84), s(  17,  -83), s(  16,  -76), s(  16,  -74), s(  14,  -83), s(  18,  -85), s(   5,  -95),
    s(  14,  -79), s(  20,  -76), s(  18,  -73), s(  17,  -65), s(  17,  -65), s(  14,  -74), s(  19,  -76), s(   6,  -86),
    s(  15,  -81), s(  21,  -78), s(  18,  -76), s(  16,  -68), s(  17,  -69), s(  14,  -77), s(  20,  -80), s(   7,  -90),
    s(  12,  -82), s(  20,  -78), s(  17,  -77), s(  14,  -69), s(  14,  -69), s(  11,  -78), s(  18,  -80), s(   4,  -89),
    s( -13,  -75), s(  -6,  -73), s(  -9,  -70), s( -10,  -62), s( -10,  -63), s( -12,  -71), s(  -8,  -74), s( -22,  -83),
    s( -17,  -76), s( -10,  -73), s( -12,  -72), s( -14,  -64), s( -15,  -64), s( -17,  -73), s( -11,  -75), s( -26,  -83),
    // rook, a1..h1 first
    s(   1,  -93), s(   2,  -99), s(   6,  -97), s(  10,  -98), s(   8,  -96), s(  11, -101), s(   1,  -97), s(   2, -102),
    s( -20,  -85), s( -20,  -91), s( -14,  -88), s( -11,  -90), s( -13,  -87), s( -10,  -91), s( -20,  -88), s( -20,  -93),
    s(  -6,  -84), s(  -6,  -90), s(  -2,  -88), s(   2,  -89), s(  -1,  -87), s(   3,  -91), s(  -7,  -89), s(  -6,  -93),
    s(   2,  -80), s(   1,  -86), s(   5,  -82), s(  11,  -83), s(  10,  -81), s(  12,  -86), s(   2,  -84), s(   2,  -89),
    s(  19,  -80), s(  18,  -85), s(  22,  -82), s(  27,  -84), s(  26,  -83), s(  28,  -87), s(  18,  -84), s(  18,  -87),
    s(  46,  -86), s(  45,  -92), s(  50,  -89), s(  53,  -90), s(  52,  -88), s(  56,  -92), s(  44,  -91), s(  46,  -95),
    s(  39,  -83), s(  38,  -89), s(  42,  -85), s(  48,  -86), s(  47,  -84), s(  49,  -89), s(  39,  -86), s(  38,  -91),
    s(  45,  -77), s(  44,  -81), s(  49,  -79), s(  54,  -80), s(  51,  -79), s(  55,  -83), s(  44,  -80), s(  46,  -85),
    // queen, a1..h1 first
    s(  42, -275), s(  45, -269), s(  44, -266), s(  46, -259), s(  51, -262), s(  40, -247), s(  43, -253), s(  38, -254),
    s(  42, -248), s(  43, -242), s(  42, -239), s(  45, -232), s(  51, -235), s(  40, -221), s(  42, -227), s(  37, -228),
    s(  39, -213), s(  40, -208), s(  40, -204), s(  43, -197), s(  48, -201), s(  38, -186), s(  38, -191), s(  35, -191),
    s(  32, -183), s(  34, -177), s(  33, -173), s(  37, -167), s(  41, -170), s(  31, -155), s(  33, -161), s(  28, -162),
    s(  45, -182), s(  47, -177), s(  45, -172), s(  50, -167), s(  54, -169), s(  43, -155), s(  45, -160), s(  41, -161),
    s(  56, -198), s(  57, -193), s(  57, -190), s(  61, -183), s(  65, -186), s(  55, -172), s(  57, -177), s(  51, -177),
    s(  32, -189), s(  33, -184), s(  33, -180), s(  36, -173), s(  41, -176), s(  30, -162), s(  32, -168), s(  27, -168),
    s(  38, -196), s(  41, -190), s(  40, -187), s(  43, -180), s(  47, -183), s(  37, -170), s(  39, -176), s(  35, -176),
    // king, a1..h1 first
    s( -21,  -35), s(   7,  -28), s( -10,  -15), s( -20,  -12), s( -19,  -12), s(  -8,  -14), s(  17,  -24), s(  12,  -36),
    s( -25,  -22), s(   4,  -15), s( -13,   -3), s( -23,    0), s( -24,    1), s( -11,   -2), s(  13,  -11), s(   8,  -25),
    s( -36,  -16), s(  -8,   -9), s( -25,    4), s( -35,    8), s( -36,    7), s( -23,    3), s(   0,   -5), s(  -3,  -18),
    s( -75,   -2), s( -47,    5), s( -63,   17), s( -75,   20), s( -75,   21), s( -61,   18), s( -38,    8), s( -42,   -5),
    s( -79,    7), s( -49,   15), s( -67,   26), s( -76,   29), s( -76,   31), s( -64,   26), s( -41,   16), s( -45,    5),
    s( -95,   16), s( -67,   22), s( -84,   35), s( -95,   39), s( -95,   37), s( -82,   35), s( -59,   26), s( -62,   14),
    s( -79,    9), s( -52,   16), s( -69,   28), s( -79,   32), s( -79,   32), s( -67,   29), s( -43,   20), s( -47,    7),
    s(   8,  -12), s(  36,   -5), s(  20,    8), s(   9,   11), s(   9,   11), s(  21,    9), s(  46,   -1), s(  41,  -14),
    // KNIGHT_MOBILITY (9): squares reached in the mobility area
    s(  -2,  -86), s(  -5,  -84), s(   2,  -69), s(   4,  -39), s(   7,  -31), s(   6,  -18), s(  11,  -15), s(  16,  -11), s(  24,  -24),
    // BISHOP_MOBILITY (14): squares reached in the mobility area
    s( -10,  -72), s( -12,  -79), s(  -7,  -75), s(  -7,  -51), s(  -2,  -43), s(   0,  -30), s(   2,  -29),
    s(   3,  -25), s(  10,  -24), s(  14,  -23), s(  11,  -23), s(  12,  -27), s(  39,  -32), s(  26,  -33),
    // ROOK_MOBILITY (15): squares reached in the mobility area
    s( -28, -140), s(  -7, -102), s(  -6,  -72), s(  -7,  -54), s(  -4,  -43), s(  -1,  -33), s(   1,  -32), s(   0,  -26),
    s(   1,  -18), s(   3,  -15), s(   7,  -14), s(   6,  -11), s(  24,  -15), s(  24,  -13), s(  38,  -18),
    // QUEEN_MOBILITY (28): squares reached in the mobility area
    s(  -1,  -17), s( -30, -123), s( -11, -182), s(  -6, -117), s(  -7, -147), s(  -5,  -90), s(  -2,  -88),
    s(  -2,  -79), s(  -1,  -66), s(   2,  -69), s(   2,  -65), s(   4,  -59), s(   7,  -58), s(   7,  -52),
    s(   6,  -46), s(   2,  -38), s(  12,  -43), s(   3,  -37), s(  18,  -46), s(  15,  -47), s(  12,  -49),
    s(  76,  -85), s( 100, -101), s( 191, -158), s(  99,  -99), s( 207, -180), s(  10,  -60), s(  37,  -70),
    // KING_ZONE_ATTACKS (4): by knight bishop rook queen, per attacked square of the enemy king zone
    s(   2,    1), s(   2,    5), s(   0,    9), s(   6,   13),
    // KING_ATTACKERS (8): number of pieces attacking the enemy king zone (7 = 7 or more)
    s( -31,    6), s(  10,   -6), s(  25,   -3), s(  26,    9), s( -10,   80), s(  83,  -15), s(  60,    0), s(  70,    0),
    // SAFE_CHECKS (4): by knight bishop rook queen, per safe checking square
    s(  50,   -3), s(  23,    8), s(  59,   -3), s(  32,   -2),
    // PAWN_SHIELD (4): own pawn on a file next to the king, ranks ahead: 1, 2, 3, none
    s(  12,   -4), s(   7,   -4), s(   6,  -15), s(  -1,   11),
    // PAWN_STORM (4): enemy pawn on a file next to the king, ranks ahead: 1, 2, 3, none
    s(   4,   -7), s( -20,   -1), s(  -9,   -3), s(  -8,    1),
    // KING_OPEN_FILE (1): files next to the king without pawns
    s(  -6,  -13),
    // PASSED (8): passed pawn by rank from its owner's side
    s(   0,    0), s(  55,   16), s(  18,   27), s( -29,   39), s(  52,   38), s( 132,   17), s( 129,  108), s(   0,    0),
    // PASSED_BLOCKED (8): passed pawn whose stop square is occupied, by rank
    s(   0,    0), s( -12,  -14), s(   8,   -9), s( -23,    1), s(   5,   -1), s( -43,   22), s( -55,  -31), s(   0,    0),
    // PASSED_OWN_KING (8): per square of distance from the own king to the stop square, by rank
    s(   0,    0), s( -12,    5), s(  -2,   -4), s(  11,  -13), s(  -2,  -12), s(  -6,  -15), s(  -8,  -17), s(   0,    0),
    // PASSED_THEIR_KING (8): per square of distance from the enemy king to the stop square, by rank
    s(   0,    0), s(  -3,   -7), s(  -7,    3), s(  -1,   12), s( -13,   26), s( -17,   39), s( -13,   43), s(   0,    0),
    // DOUBLED (1): pawn with an own pawn behind it
    s(  -3,  -22),
    // ISOLATED (1): pawn without own pawns on the next files
    s( -13,   -6),
    // BACKWARD (1): pawn that no own pawn can support and whose stop square an enemy pawn guards
    s(  -4,  -16),
    // SUPPORTED (8): pawn protected by an own pawn, by rank
    s(   0,    0), s(   0,    0), s(  14,    8), s(  11,    7), s(   8,   18), s(  36,   31), s( 208,   25), s(   0,    0),
    // PHALANX (8): pawn beside an own pawn, by rank
    s(   0,    0), s(   5,    0), s(   7,    4), s(   7,    9), s(  22,   27), s(  41,   68), s( 117,  164), s(   0,    0),
    // BISHOP_PAIR (1): bishops on both colours
    s(  19,   51),
    // ROOK_OPEN_FILE (1): rook on a file without pawns
    s(  36,   -1),
    // ROOK_HALF_OPEN_FILE (1): rook on a file with enemy pawns only
    s(  16,    3),
    // OUTPOST (2): knight, bishop on a pawn-protected square no enemy pawn can attack
    s(  17,    7), s(  14,    9),
    // THREAT_BY_PAWN (4): enemy knight bishop rook queen attacked by a pawn
    s(  34,   24), s(  34,   51), s(  49,   10), s(  30,    0),
    // THREAT_BY_MINOR (5): enemy pawn knight bishop rook queen attacked by a knight or bishop
    s(   2,   11), s(  12,   23), s(  24,   20), s(  51,    2), s(  33,    2),
    // THREAT_BY_ROOK (5): enemy pawn knight bishop rook queen attacked by a rook
    s(  -9,   22), s(   5,   22), s(  11,   17), s( 102,    6), s(  43,    0),
    // HANGING (1): enemy piece attacked and not defended
    s(  13,   17),
    // KING_DANGER (16): attack units on the enemy king: zone attackers (knight, bishop 2, rook 3, queen 5) plus safe checks (15 = 15 or more)
    s(  35,   -3), s(   9,    5), s( -10,    8), s( -21,    5), s( -22,    3), s( -19,   -5), s( -21,   -7), s( -28,    5),
    s( -31,    2), s( -21,    8), s( -18,    4), s(  36,  -31), s(  39,  -27), s(  46,  -44), s(   1,  -23), s( -14,  -17),
    // PASSED_FREE (8): passed pawn with no piece ahead of it on its file, by rank
    s(   0,    0), s(  -5,   -4), s(   1,    3), s( -15,   16), s(   5,   14), s(  26,   31), s( 112,  -29), s(   0,    0),
    // KING_WEAK_SQUARES (1): squares of the enemy king zone we attack that only its king or queen defends, and not twice
    s(   5,   -5),
    // KING_FLANK_ATTACKS (1): our attacks on the enemy king's four files in its first five ranks, twice-attacked squares counting twice
    s(   2,   -1),
    // PINNED (5): own pawn knight bishop rook queen alone between the own king and an enemy slider
    s( -14,   11), s( -20,  -39), s( -27,  -32), s( -31,  -23), s( -26,  -39),
    // KING_PROTECTOR (2): knight, bishop: squares of distance to the own king
    s(  -1,   -5), s(  -2,   -1),
    // BISHOP_PAWNS (1): own pawns on the bishop's colour, per bishop
    s(  -3,   -2),
    // LONG_DIAGONAL_BISHOP (1): bishop seeing both centre squares of a long diagonal through the pawns
    s(   6,    6),
    // MINOR_BEHIND_PAWN (1): knight or bishop with a pawn just ahead
    s(   2,    8),
    // ROOK_ON_QUEEN_FILE (1): rook on the enemy queen's file
    s(   1,   -1),
    // THREAT_BY_KING (1): the king attacks a weak enemy piece
    s(  10,    9),
    // RESTRICTED (1): squares both sides attack that the enemy does not protect strongly
    s(   3,    2),
    // THREAT_BY_PAWN_PUSH (1): enemy knight, bishop, rook or queen a safe pawn step would attack
    s(  12,   12),
    // SPACE (1): safe squares on files c to f, ranks 2 to 4; behind our pawns count twice
    s(   1,   -1),
    // IMBALANCE_OURS (15): own pieces i and j (P N B R Q, j <= i) at index i(i+1)/2 + j: count_i count_j, count_i (count_i - 1) / 2 for i = j
    s(  -2,   15), s(   1,   34), s(  -7,  -22), s(   6,   23), s(  -5,  -25),
    s(  -5,   -5), s(  -8,   50), s(  -1,   -9), s(  -2,  -20), s(   7,  -22),
    s(  -2,   96), s( -14,  -23), s( -11,  -29), s( -14,  -59), s( -29,  -24),
    // IMBALANCE_THEIRS (10): own piece i, enemy piece j (P N B R Q, j < i) at index i(i-1)/2 + j: count_i count_j
    s(   2,   31), s(  -4,   43), s(   2,   -3), s(  -4,   48),
    s(   3,    5), s(   2,  -12), s(  -3,  113), s(  10,    9),
    s(   7,   26), s( -36,   11),
    // PASSED_PATH (4): free passed pawn from rank 4, times 5 * rank index - 13: no enemy attack on its span, none on its file ahead, none on its stop square, its stop square defended
    s( -10,    7), s(  -5,    3), s(   0,    1), s(   2,    1),
    // PASSED_FILE (1): passed pawn, per file from the edge (a, h = 0 to d, e = 3)
    s(  -5,    1),
    // WEAK_UNOPPOSED (1): isolated or backward pawn with no enemy pawn ahead on its file
    s(   0,   -4),
    // WEAK_LEVER (1): pawn two enemy pawns attack and no own pawn defends
    s( -18,  -17),
    // TRAPPED_ROOK (1): rook with at most 3 squares of mobility on the outer side of its own king
    s(  -7,    5),
    // REACHABLE_OUTPOST (1): knight that can step onto an empty outpost
    s(  16,   11),
    // WEAK_QUEEN (1): queen with one piece between it and an enemy rook or bishop on their line
    s(  -4,  -10),
    // KNIGHT_ON_QUEEN (1): safe squares our knights reach from which a knight attacks the lone enemy queen
    s(   4,    0),
    // SLIDER_ON_QUEEN (1): safe squares we attack twice from which our bishop or rook attacks the lone enemy queen
    s(   5,   19),
    // KING_PAWN_DISTANCE (1): king steps to the nearest own pawn
    s(  -7,   -4),
    // PAWNLESS_FLANK (1): no pawn on the king's flank
    s(   2,  -13),
    // TEMPO (1): the side to move
    s(  11,    8),
];
